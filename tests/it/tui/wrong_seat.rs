//! Traps that put an action on the wrong seat (issue 8): a seat that does
//! not exist or is empty keyed first, the next action key binding an open
//! push or declaration, a second motion, a size below the minimum.

use floorcall::tui::Theme;
use floorcall::tui::app::Overlay;

use crate::tui::fixtures::{actions, app_at_table, press, refusal, screen_text, six_handed};

/// Regression: a seat that does not exist cleared the prefix, so the next
/// key acted for the seat to act ("✗ There is no seat 7" then "✓ Recorded:
/// s4 call 200").
#[test]
fn a_seat_that_does_not_exist_keeps_the_prefix_pending_until_esc_or_a_valid_seat() {
    let mut app = six_handed();
    press(&mut app, "7");
    assert_eq!(
        refusal(&app),
        "There is no seat 7: this table has seats 1 to 6. Key a seat from 1 to 6, or Esc to clear."
    );
    press(&mut app, "c");
    assert!(actions(&app).is_empty(), "nothing is recorded for seat 4");
    assert!(
        refusal(&app).contains("There is no seat 7"),
        "{:?}",
        app.message()
    );
    press(&mut app, "fra");
    assert!(actions(&app).is_empty(), "no action key gets through");
    assert!(app.prompt().is_none());
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("There is no seat 7"), "{screen}");
    // A valid seat replaces it; Esc clears it.
    press(&mut app, "6");
    assert_eq!(app.seat_prefix(), Some(6));
    press(&mut app, "<Esc>");
    assert_eq!(app.seat_prefix(), None);
    press(&mut app, "7<Esc>c");
    assert_eq!(actions(&app), ["s4 call 200"]);
    // "1" then "0" is seat 10, which a six-seat table does not have either.
    press(&mut app, "10f");
    assert_eq!(actions(&app), ["s4 call 200"]);
    assert!(
        refusal(&app).contains("There is no seat 10"),
        "{:?}",
        app.message()
    );
    press(&mut app, "5f");
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold"]);
}

/// An empty seat is no seat to act for: its number is held like a seat
/// that does not exist.
#[test]
fn an_empty_seat_keyed_first_records_nothing() {
    let mut app = app_at_table(
        "tda",
        6,
        &[10_000, 10_000, 0, 10_000, 10_000, 10_000],
        1,
        (100, 200),
        &[],
        Theme::default(),
    );
    let before = app.state().cloned();
    press(&mut app, "3c");
    assert_eq!(app.state().cloned(), before);
    // The `c` typed with it is held, and said.
    assert_eq!(
        refusal(&app),
        "Seat 3 is empty: no one plays there. Key another seat, or Esc to clear. Not taken, typed after it: c."
    );
    let screen = screen_text(&app, 120, 40);
    assert!(!screen.contains("c call"), "no action is offered: {screen}");
}

/// Regression: after a silent push the dealer's next key (`f`, for the
/// seat he expects to act next) folded the pushing seat, because the push
/// was still an open motion.
#[test]
fn the_next_action_key_binds_the_open_push_and_acts_for_the_seat_now_to_act() {
    let mut app = six_handed();
    press(&mut app, "r600<Enter>"); // seat 4 raises to 600
    press(&mut app, "p700<Enter>"); // seat 5 pushes 700 in silence
    assert!(app.state().expect("a hand").pending.is_some());
    press(&mut app, "f");
    // TDA 43-B: 100 more is less than half the 400 raise, so a call; then
    // seat 6 folds.
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600", "s6 fold"]);
    assert!(app.ruling().is_none(), "the house settles the 50% standard");
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("fifty-percent"),
        "the ruling is in the log: {screen}"
    );
    assert!(screen.contains("43"), "with its citation: {screen}");
}

#[test]
fn a_declaration_binds_on_the_next_action_key_too() {
    let mut app = six_handed();
    press(&mut app, "scall<Enter>");
    assert!(app.state().expect("a hand").pending.is_some());
    press(&mut app, "c");
    assert_eq!(actions(&app), ["s4 call 200", "s5 call 200"]);
}

#[test]
fn a_second_motion_is_the_plus_key_and_the_next_action_key_binds_the_string_bet() {
    let mut app = six_handed();
    press(&mut app, "p200<Enter>+600<Enter>");
    assert!(app.state().expect("a hand").pending.is_some());
    press(&mut app, "r1000<Enter>");
    assert_eq!(actions(&app), ["s4 call 200", "s5 raise 1000"]);
    let rulings: Vec<&str> = app
        .state()
        .expect("a hand")
        .rulings
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    assert!(rulings.contains(&"string-bet"), "{rulings:?}");
}

/// Regression: below the minimum size only the notice showed, but keys
/// still acted (a `c` was recorded unseen).
#[test]
fn below_the_minimum_size_every_key_but_quit_is_ignored_and_the_notice_says_so() {
    let mut app = six_handed();
    app.resize(39, 11);
    press(&mut app, "cr600<Enter>f:s4 fold<Enter>u");
    assert!(actions(&app).is_empty(), "nothing was recorded unseen");
    assert!(app.prompt().is_none());
    let notice = screen_text(&app, 39, 11);
    let words = notice.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("every key is ignored but q, which quits"),
        "{notice}"
    );
    assert!(words.contains("17 keys were ignored"), "{notice}");
    // Back to a size the table fits: keys act again.
    app.resize(80, 24);
    press(&mut app, "c");
    assert_eq!(actions(&app), ["s4 call 200"]);
    // Quit still works, and its question is on the notice.
    app.resize(30, 8);
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    let notice = screen_text(&app, 30, 8);
    assert!(notice.contains("Quit"), "{notice}");
    press(&mut app, "y");
    assert!(app.should_quit());
}
