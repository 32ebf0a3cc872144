//! The app driven by keys, without a terminal: one key per clear action,
//! amounts, the seat prefix, cards, the command bar, undo, rulings, quit,
//! the setup screen and the next hand.

use floorcall::table::invariants;
use floorcall::table::{Chips, Seat};
use floorcall::tui::app::{MessageKind, Mode, Overlay};
use floorcall::tui::{App, Keymap, Theme};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::tui::fixtures::{
    app_at, app_at_table, facing_the_last_all_in, nine_handed, press, ruling_shown, screen_text,
    setup_app,
};

fn actions(app: &App) -> Vec<String> {
    app.state()
        .expect("at the table")
        .actions
        .iter()
        .map(|a| a.to_string())
        .collect()
}

fn refusal(app: &App) -> String {
    match app.message() {
        Some(m) if m.kind == MessageKind::Refusal => m.text.clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn one_key_per_clear_action_for_the_seat_to_act() {
    let mut app = nine_handed();
    press(&mut app, "c"); // s4 calls the big blind
    press(&mut app, "f"); // s5 folds
    press(&mut app, "r<Enter>"); // s6 raises to the minimum, filled in
    press(&mut app, "a"); // s7 all in
    assert_eq!(
        actions(&app),
        [
            "s4 call 200",
            "s5 fold",
            "s6 raise 400",
            "s7 raise 10000 allin"
        ]
    );
}

#[test]
fn typing_replaces_the_minimum_and_arrows_step_a_big_blind() {
    let mut app = nine_handed();
    press(&mut app, "r1500<Enter>");
    press(&mut app, "r<Up><Up><Enter>");
    assert_eq!(actions(&app), ["s4 raise 1500", "s5 raise 3200"]);
}

#[test]
fn a_refusal_is_a_sentence_and_changes_nothing() {
    let mut app = nine_handed();
    let before = app.state().cloned();
    press(&mut app, "r300<Enter>");
    assert_eq!(
        refusal(&app),
        "Minimum raise is to 400; 300 is less and not all in."
    );
    assert_eq!(app.state().cloned(), before);
    assert!(app.prompt().is_some(), "the amount stays open to correct");
    press(&mut app, "<Esc>x");
    assert_eq!(refusal(&app), "Seat 4 cannot check: it faces 200 to call.");
}

#[test]
fn amounts_keyed_are_read_as_the_notation_reads_them() {
    let mut app = nine_handed();
    let before = app.state().cloned();
    // Seventeen digits: one more than the table maximum has.
    press(&mut app, "r20000000000000000<Enter>");
    assert_eq!(
        refusal(&app),
        "\"20000000000000000\": 20,000,000,000,000,000 chips is more than the most chips a table may have in play, 1,000,000,000,000,000."
    );
    assert_eq!(app.state().cloned(), before);
    press(&mut app, "<Esc>p9223372036854775808x2<Enter>");
    assert!(
        refusal(&app).contains("a chip of 9,223,372,036,854,775,808 is more than the most chips"),
        "{}",
        refusal(&app)
    );
    assert_eq!(app.state().cloned(), before);
}

#[test]
fn with_every_other_player_all_in_a_raise_is_refused_and_all_in_is_a_call() {
    let mut app = facing_the_last_all_in();
    let before = app.state().cloned();
    press(&mut app, ":s1 raise 6000<Enter>");
    assert_eq!(
        refusal(&app),
        "Seat 1 may only call or fold: every other player still in is all in, so no one could call a raise."
    );
    assert_eq!(app.state().cloned(), before);
    press(&mut app, "<Esc>a");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_eq!(
        actions(&app),
        [
            "s3 fold",
            "s1 raise 600",
            "s2 raise 3000 allin",
            "s1 call 3000"
        ]
    );
    let st = app.state().expect("at the table");
    assert_eq!(st.seat(Seat::new(1).expect("a seat")).stack, Chips(7000));
}

#[test]
fn a_seat_number_first_records_for_that_seat() {
    let mut app = nine_handed();
    press(&mut app, "7f");
    let st = app.state().expect("at the table");
    assert!(
        st.rulings.iter().any(|r| r.id.as_str() == "out-of-turn"),
        "an action out of turn is recorded and ruled on"
    );
    assert_eq!(st.to_act, Seat::new(4), "the turn stays with seat 4");
    press(&mut app, "<Enter>"); // the dealer accepts the ruling
    press(&mut app, "<Esc>3hAhKd<Enter>");
    let st = app.state().expect("at the table");
    assert_eq!(
        st.seat(Seat::new(3).expect("seat 3"))
            .hole
            .map(|h| h.map(|c| c.to_string())),
        Some(["Ah".to_string(), "Kd".to_string()])
    );
    press(&mut app, "10");
    assert_eq!(
        app.seat_prefix(),
        None,
        "seat 10 is not at a nine-seat table"
    );
    assert!(refusal(&app).contains("no seat 10"));
}

/// Regression: a key that would repeat a seen card was dropped, so `AsQd`
/// became `Ad`. What was typed stays, with the error against it.
#[test]
fn a_card_already_seen_is_kept_as_typed_with_the_error_against_it() {
    let mut app = nine_handed();
    press(&mut app, "3hAhKd<Enter>");
    press(&mut app, "5hAhQd");
    assert_eq!(refusal(&app), "Ah has already been seen in this hand.");
    let prompt = app.prompt().expect("the prompt stays open");
    assert_eq!(prompt.text, "AhQd", "nothing typed is dropped");
    assert_eq!(prompt.error.as_ref().map(|e| e.at), Some(0));
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("AhQd"), "{screen}");
    press(&mut app, "<Enter>");
    assert_eq!(refusal(&app), "Ah has already been seen in this hand.");
    assert!(
        app.prompt().is_some(),
        "Enter records nothing while it is wrong"
    );
    press(&mut app, "<Bksp><Bksp><Bksp>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("A"));
    assert_eq!(app.prompt().and_then(|p| p.error.clone()), None);
    press(&mut app, "x");
    assert!(
        refusal(&app).contains("'x' is not a suit"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Bksp>sQd");
    assert_eq!(app.prompt().and_then(|p| p.error.clone()), None);
    press(&mut app, "J");
    assert!(
        refusal(&app).contains("That is 2 cards already"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Bksp><Bksp><Bksp><Bksp><Bksp>");
    press(&mut app, "Qs Qs");
    assert_eq!(refusal(&app), "Qs appears twice.");
    assert_eq!(
        app.prompt().and_then(|p| p.error.clone()).map(|e| e.at),
        Some(3)
    );
    press(&mut app, "<Bksp><Bksp>Kc<Enter>");
    assert!(app.prompt().is_none(), "{:?}", app.message());
}

#[test]
fn the_board_is_typed_after_the_betting() {
    let mut app = app_at_table(
        "tda",
        3,
        &[1_000, 1_000, 1_000],
        1,
        (10, 20),
        &[],
        Theme::default(),
    );
    press(&mut app, "d");
    assert!(refusal(&app).contains("not complete: seat 1 is to act"));
    press(&mut app, "ccx");
    press(&mut app, "dAs Kd 7c<Enter>");
    let st = app.state().expect("at the table");
    assert_eq!(st.board.len(), 3);
    assert_eq!(st.to_act, Seat::new(2));
}

#[test]
fn the_command_bar_takes_any_line_and_keeps_a_history() {
    let mut app = nine_handed();
    press(&mut app, ":s4 raise 600<Enter>:S5 CALL # called<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    press(&mut app, ":<Up><Up>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("s4 raise 600"));
    press(&mut app, "<Down>");
    assert_eq!(
        app.prompt().map(|p| p.text.as_str()),
        Some("S5 CALL # called")
    );
    press(&mut app, "<Esc>:s6 rase 900<Enter>");
    assert_eq!(
        refusal(&app),
        "Column 4: 'rase' is not an action: expected fold, check, call, bet, raise, allin, say, push, tap, muck, hole or show."
    );
    assert!(app.prompt().is_some(), "a malformed line stays open to fix");
}

#[test]
fn undo_is_a_retraction_and_redo_restores() {
    let mut app = nine_handed();
    press(&mut app, "c");
    let entries = app.session().expect("a session").hand().entries().len();
    press(&mut app, "u");
    assert!(actions(&app).is_empty());
    assert_eq!(
        app.session().expect("a session").hand().entries().len(),
        entries + 1,
        "undo appends a retraction"
    );
    press(&mut app, "U");
    assert_eq!(actions(&app), ["s4 call 200"]);
    press(&mut app, "u<C-r>");
    assert_eq!(actions(&app), ["s4 call 200"]);
}

#[test]
fn a_ruling_with_a_choice_for_the_floor_is_accepted_with_one_key() {
    let mut app = ruling_shown();
    let panel = app.ruling().expect("a ruling");
    assert_eq!(panel.rulings[0].id.as_str(), "undercall");
    assert!(panel.rulings[0].citation.rule.contains("39"));
    assert!(
        !panel.rulings[0].options.is_empty(),
        "the floor has a choice"
    );
    press(&mut app, "c");
    assert!(app.ruling().is_some(), "action keys wait for the ruling");
    press(&mut app, "<Enter>");
    assert!(app.ruling().is_none());
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
}

/// A ruling the house settles by itself binds at once and is told, with
/// its citation: no key to accept it.
#[test]
fn a_ruling_the_house_settles_binds_at_once_with_its_citation() {
    let mut app = nine_handed();
    press(&mut app, "r600<Enter>p900<Enter><Enter>");
    assert!(app.ruling().is_none(), "nothing to accept");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 raise 1000"]);
    let told = app.message().expect("a message").text.clone();
    assert!(told.contains("§ fifty-percent (tda.txt rule 43"), "{told}");
    // A clear in-turn bet, raise or call never stops for an accept.
    press(&mut app, "r3000<Enter>cc");
    assert!(app.ruling().is_none());
    assert_eq!(
        actions(&app),
        [
            "s4 raise 600",
            "s5 raise 1000",
            "s6 raise 3000",
            "s7 call 3000",
            "s8 call 3000"
        ]
    );
}

#[test]
fn the_floor_chooses_another_ruling_recorded_as_an_override() {
    let mut app = ruling_shown();
    press(&mut app, "o");
    let choices = app
        .ruling()
        .and_then(|p| p.choices.clone())
        .expect("the floor's choices");
    let labels: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        // No plain fold: the 300 pushed in turn stays in the pot (TDA
        // 38-A), so the fold is the forfeit (TDA 39-B).
        [
            "floor forfeit s5 300",
            "s5 raise 1000",
            "s5 raise 10000 allin"
        ]
    );
    press(&mut app, "1");
    assert!(app.ruling().is_none());
    assert_eq!(actions(&app), ["s4 raise 600", "s5 fold"]);
    let st = app.state().expect("a hand");
    assert_eq!(
        st.seat(floorcall::table::Seat::new(5).expect("seat 5"))
            .stack,
        floorcall::table::Chips(9700)
    );
    let hand = app.session().expect("a session").hand();
    let last = hand.entries().last().expect("entries");
    assert_eq!(
        last.line.as_deref(),
        Some("floor forfeit s5 300  # floor overrides undercall")
    );
    let retracted = &hand.entries()[hand.entries().len() - 2];
    assert_eq!(
        retracted.line.as_deref().map(|l| l.starts_with("# undo")),
        Some(true)
    );
}

/// Issue 32 item 5: every choice other than the suggestion is an override,
/// whether it replaces the ruled entry or follows it. "Misdeal anyway" on
/// the "No misdeal" panel follows it; it was journaled as "# floor accepts
/// misdeal" and the review counted no override.
#[test]
fn a_choice_that_follows_the_ruled_entry_is_journaled_and_counted_as_an_override() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = floorcall::journal::SteppingClock::new(1_763_814_961_000, 0, 0);
    let mut app = crate::tui::session::table_app(&path, &clock, false, None);
    press(&mut app, "cc"); // s4 and s1 call: substantial action (TDA 35)
    press(&mut app, ":floor misdeal<Enter>");
    let panel = app.ruling().expect("the floor's misdeal question");
    assert!(
        panel
            .rulings
            .iter()
            .any(|r| r.text.starts_with("No misdeal")),
        "{panel:?}"
    );
    press(&mut app, "o1");
    assert!(app.ruling().is_none());
    assert!(app.state().expect("a hand").misdealt);
    drop(app);
    let loaded = floorcall::journal::load(&path).expect("loads");
    let hands = floorcall::tui::review::hands_of(loaded.hands, |_| None);
    let lines: Vec<&str> = hands[0]
        .hand
        .entries
        .iter()
        .filter_map(|e| e.line.as_deref())
        .collect();
    assert!(
        !lines.iter().any(|l| l.contains("accepts")),
        "an override is not an acceptance: {lines:?}"
    );
    assert_eq!(
        lines.last(),
        Some(
            &"floor misdeal: the interest of fairness  # floor overrides misdeal, substantial-action"
        )
    );
    assert_eq!(hands[0].summary.overrides, 1, "{:?}", hands[0].corrections);
}

#[test]
fn the_floor_may_key_its_own_line_instead() {
    let mut app = ruling_shown();
    press(&mut app, ":s5 call<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    assert!(app.ruling().is_none());
}

#[test]
fn another_seat_binds_the_open_motion_first_and_waits_for_its_ruling() {
    let mut app = nine_handed();
    press(&mut app, "r600<Enter>p300<Enter>");
    assert!(app.state().expect("a hand").pending.is_some());
    press(&mut app, "6f");
    assert!(
        app.ruling().is_some(),
        "the undercall is the floor's to rule"
    );
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    press(&mut app, "<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600", "s6 fold"]);
    // Without a seat keyed, the action key waits the same way and then
    // acts for the seat to act.
    press(&mut app, "p300<Enter>f");
    assert!(
        app.ruling().is_some(),
        "the undercall is the floor's to rule"
    );
    press(&mut app, "<Enter>");
    assert_eq!(
        actions(&app),
        [
            "s4 raise 600",
            "s5 call 600",
            "s6 fold",
            "s7 call 600",
            "s8 fold"
        ]
    );
}

#[test]
fn a_second_motion_is_a_string_bet() {
    let mut app = nine_handed();
    press(&mut app, "p200<Enter>+600<Enter><Enter>");
    assert!(app.ruling().is_none(), "the house settles a string bet");
    assert_eq!(actions(&app), ["s4 call 200"]);
    let st = app.state().expect("a hand");
    assert_eq!(st.rulings.last().map(|r| r.id.as_str()), Some("string-bet"));
}

#[test]
fn verbal_declarations_tap_and_muck() {
    let mut app = nine_handed();
    // Enter binds seat 4's words; a muck while its motion is open would
    // be seat 4's own.
    press(&mut app, "sraise 800<Enter><Enter>m<Enter>");
    assert_eq!(actions(&app), ["s4 raise 800", "s5 fold"]);
    press(&mut app, "t");
    assert!(
        refusal(&app).contains("A tap is a check"),
        "{:?}",
        app.message()
    );
}

#[test]
fn the_bet_key_facing_a_bet_opens_the_raise_and_says_so() {
    let mut app = nine_handed();
    press(&mut app, "b");
    let prompt = app.prompt().expect("the raise is open");
    assert_eq!(prompt.label(), "Seat 4 raises to");
    assert_eq!(prompt.text, "400");
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("Seat 4 faces a bet of 200: a bet now is a raise, to at least 400 (filled in).")
    );
    press(&mut app, "<Enter>");
    assert_eq!(actions(&app), ["s4 raise 400"]);
}

#[test]
fn amounts_take_k_for_thousands_and_the_arrows_keep_to_the_minimum() {
    let mut app = nine_handed();
    press(&mut app, "r2.5k<Enter>");
    assert_eq!(actions(&app), ["s4 raise 2500"]);
    // The minimum is now 4,800: down never goes below it.
    press(&mut app, "r<Down><Down>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("4800"));
    press(&mut app, "<Up>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("5000"));
    press(&mut app, "<Esc>r1.2345k<Enter>");
    assert!(
        refusal(&app).contains("not whole chips"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Esc>");
    // A short stack: the minimum is all in, and the arrows stay there.
    let mut short = app_at_table(
        "tda",
        3,
        &[10_000, 10_000, 300],
        3,
        (100, 200),
        &[],
        Theme::default(),
    );
    press(&mut short, "r<Up>");
    assert_eq!(short.prompt().map(|p| p.text.as_str()), Some("300"));
    press(&mut short, "<Down><Down>");
    assert_eq!(short.prompt().map(|p| p.text.as_str()), Some("300"));
    press(&mut short, "<Enter>");
    assert_eq!(actions(&short), ["s3 raise 300 allin"]);
}

#[test]
fn quit_asks_while_a_hand_is_open() {
    let mut app = nine_handed();
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    press(&mut app, "n");
    assert!(!app.should_quit());
    press(&mut app, "qy");
    assert!(app.should_quit());
}

#[test]
fn the_next_hand_carries_stacks_and_moves_the_button() {
    let mut app = app_at_table(
        "tda",
        4,
        &[1_000, 1_000, 0, 1_000],
        1,
        (10, 20),
        &[],
        Theme::default(),
    );
    press(&mut app, "n");
    assert!(refusal(&app).contains("still on the preflop"));
    press(&mut app, "ff"); // seats 2 and 4 post the blinds; seat 1 and seat 2 fold
    let st = app.state().expect("a hand");
    assert_eq!(
        st.street,
        floorcall::table::Street::Done,
        "{:?}",
        app.message()
    );
    press(&mut app, "n");
    let s = app.session().expect("a session");
    assert_eq!(s.header().number, 2);
    assert_eq!(s.header().setup.button, Seat::new(2).expect("seat 2"));
    assert_eq!(
        s.header().setup.stacks,
        vec![
            (Seat::new(1).expect("1"), Chips(1_000)),
            (Seat::new(2).expect("2"), Chips(990)),
            (Seat::new(4).expect("4"), Chips(1_010)),
        ]
    );
    assert!(!screen_text(&app, 120, 40).contains("hand over"));
}

#[test]
fn the_setup_screen_starts_a_table() {
    let mut app = setup_app();
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "<Down>6"); // seats: 6
    press(&mut app, "<Down><Down><Down><Bksp><Bksp><Bksp>400"); // big blind 400
    press(&mut app, "<Down><Down><Tab>Ann<Enter>");
    assert_eq!(app.mode(), Mode::Table, "{:?}", app.setup().error);
    let s = app.session().expect("a session");
    assert_eq!(s.header().seats, 6);
    assert_eq!(s.state().big_blind, Chips(400));
    assert_eq!(s.header().names.get(&1).map(String::as_str), Some("Ann"));
}

#[test]
fn the_setup_screen_says_why_a_table_cannot_start() {
    let mut app = setup_app();
    press(&mut app, "<Down><Down><Down><Bksp><Bksp><Bksp>999<Enter>");
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(
        app.setup().error.as_deref(),
        Some("The table cannot start: the small blind (999) is more than the big blind (200).")
    );
}

/// Nine handed, unjournaled, with a user's keys.toml laid over the
/// built-in map.
fn nine_handed_with_keys(user: &str) -> App {
    let keymap = Keymap::from_toml("keys.toml", user, Some(&Keymap::default())).expect("a keymap");
    let session = {
        let app = nine_handed();
        let s = app.session().expect("a session");
        floorcall::journal::Session::unjournaled(s.header().clone(), s.hand().rules().clone())
            .expect("a session")
    };
    App::with_session(session, keymap, Theme::default())
}

#[test]
fn hints_come_from_the_live_keymap() {
    let mut app = nine_handed_with_keys("[table]\nk = \"fold\"\nf = \"none\"\n");
    let text = screen_text(&app, 120, 40);
    assert!(text.contains("k fold"), "{text}");
    assert!(!text.contains("f fold"), "{text}");
    press(&mut app, "f");
    assert!(actions(&app).is_empty());
    press(&mut app, "k");
    assert_eq!(actions(&app), ["s4 fold"]);
}

#[test]
fn help_lists_every_key_of_the_map() {
    let mut app = nine_handed();
    press(&mut app, "?");
    let text = screen_text(&app, 120, 200);
    for word in [
        "fold",
        "second motion",
        "command bar",
        "the floor rules otherwise",
        "s3 push 1400",
    ] {
        assert!(text.contains(word), "help lacks {word}:\n{text}");
    }
    press(&mut app, "<Esc>");
    assert_eq!(app.overlay(), None);
}

/// Regression: nothing a user types may panic, and the hand stays sound.
#[test]
fn random_keys_never_panic_and_keep_the_hand_sound() {
    const KEYS: &[&str] = &[
        "f", "x", "c", "b", "r", "a", "s", "p", "+", "t", "m", "h", "w", "d", "!", "u", "U", ":",
        "n", "?", "o", "y", "1", "2", "3", "0", "9", "<Enter>", "<Esc>", "<Up>", "<Down>",
        "<Bksp>", "<Left>", "<Right>", "<Tab>", "A", "K", "s", "h", "7", "5", "00", "x2+", " ",
        "<C-r>", "raise", "call", "flop", "AsKd7c", "#", "<lt>", "é", "q", "<C-c>",
    ];
    let mut rng = StdRng::seed_from_u64(4);
    for round in 0..40 {
        let mut app = nine_handed();
        for _ in 0..400 {
            let key = KEYS[rng.random_range(0..KEYS.len())];
            if (key == "q" || key == "<C-c>") && rng.random_bool(0.9) {
                continue;
            }
            press(&mut app, key);
            if app.should_quit() {
                break;
            }
            let session = app.session().expect("a session");
            if let Err(e) = invariants::check(session.hand()) {
                panic!("round {round}: {e}");
            }
        }
        screen_text(&app, 100, 30);
    }
}

#[test]
fn an_out_of_turn_chain_shows_on_the_seats_and_the_floor_picks_the_skipped_seats_treatment() {
    // TDA 40-B, the addendum's example: UTG (seat 3) makes it 600; seat 4
    // is skipped when seat 5 calls and seat 6 folds out of turn.
    let mut app = app_at("tda", &[10000; 7], 7, (100, 200), &[]);
    press(&mut app, "r600<Enter>");
    press(&mut app, "5c");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("s5 calls 600, out of turn, pending"),
        "the held call shows in the log:\n{screen}"
    );
    assert!(
        screen.contains("│calls 600 ") && screen.contains("│OOT, pending "),
        "the held call shows on seat 5's box:\n{screen}"
    );
    press(&mut app, "6f");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_eq!(actions(&app), ["s3 raise 600", "s6 fold"]);
    // Seat 7 acts out of turn as well: seat 4 has not spoken up, so the
    // chain binds and the floor is asked about seat 4's hand.
    press(&mut app, "7f");
    let panel = app.ruling().expect("the floor is asked").clone();
    assert!(
        panel
            .rulings
            .iter()
            .any(|r| r.id.as_str() == "substantial-action" && !r.options.is_empty()),
        "{panel:?}"
    );
    assert_eq!(
        actions(&app),
        ["s3 raise 600", "s6 fold", "s5 call 600", "s7 fold"]
    );
    let st = app.state().expect("at the table");
    let four = Seat::new(4).expect("a seat");
    assert_eq!(st.to_act, Some(four));
    assert!(!st.can_raise(four, app.session().expect("a session").hand().rules()));
    // The floor gives seat 4 every option: the first choice offered.
    press(&mut app, "o1");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let st = app.state().expect("at the table");
    assert!(st.can_raise(four, app.session().expect("a session").hand().rules()));
    press(&mut app, "r1800<Enter>");
    assert_eq!(
        actions(&app).last().map(String::as_str),
        Some("s4 raise 1800")
    );
    assert!(invariants::check(app.session().expect("a session").hand()).is_ok());
}

#[test]
fn the_floor_lets_an_undercaller_forfeit_the_underbet_and_it_stays_in_the_pot() {
    // TDA 39-B: facing a raise multi-way, an undercall is the TD's call.
    let mut app = app_at("tda", &[10000; 4], 1, (100, 200), &[]);
    press(&mut app, "r600<Enter>"); // seat 4 raises
    press(&mut app, ":s1 push 300<Enter>");
    while app.ruling().is_none() && app.state().is_some_and(|s| s.pending.is_some()) {
        press(&mut app, "<Enter>");
    }
    let panel = app.ruling().expect("the undercall is the floor's").clone();
    assert!(
        panel.rulings.iter().any(|r| r.id.as_str() == "undercall"),
        "{panel:?}"
    );
    press(&mut app, "o1");
    let st = app.state().expect("at the table");
    let one = Seat::new(1).expect("a seat");
    assert_eq!(st.seat(one).stack, Chips(9700), "the 300 stays in");
    assert!(st.seat(one).folded);
    assert_eq!(st.pot(), Chips(1200)); // 100 + 200 + 600 + 300
    assert!(invariants::check(app.session().expect("a session").hand()).is_ok());
}

// ----- traps that put an action on the wrong seat (issue 8) -----

/// Six players at 10,000, blinds 100/200, button on seat 1: seat 4 to act.
fn six_handed() -> App {
    app_at_table(
        "tda",
        6,
        &[10_000; 6],
        1,
        (100, 200),
        &["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"],
        Theme::default(),
    )
}

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

// ----- only what is legal, and nothing cut off (issue 8) -----

#[test]
fn hints_offer_only_what_is_legal_now() {
    // Seat 1 faces an all-in for more than its stack: it may only call
    // (all in) or fold.
    let mut app = app_at_table(
        "tda",
        3,
        &[1_000, 5_000, 5_000],
        3,
        (100, 200),
        &[],
        Theme::default(),
    );
    press(&mut app, "a"); // seat 3 (the button) all in for 5,000
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("c call 900 all in"), "{screen}");
    assert!(
        !screen.contains("a all in"),
        "no all in beyond a call: {screen}"
    );
    assert!(!screen.contains("r raise"), "{screen}");
    assert!(!screen.contains("t tap"), "no tap facing a bet: {screen}");
    press(&mut app, "r");
    assert!(
        refusal(&app).starts_with("Seat 1 may only call or fold"),
        "{:?}",
        app.message()
    );
    assert!(app.prompt().is_none(), "refused before any amount is typed");
}

/// Regression: log lines, amounts, the status line and seat names were
/// cut without a sign (`1,999,999,999,99`).
#[test]
fn nothing_is_cut_without_a_sign() {
    let app = app_at_table(
        "tda",
        6,
        &[
            1_999_999_999_999,
            99_999_999_999_999,
            10_000,
            1_999_999_999_999,
            10_000,
            1_999_999_999_999,
        ],
        1,
        (100_000_000_000, 200_000_000_000),
        &[
            "Maximilianus-Jon",
            "Bob",
            "Cy",
            "Dee Dee Ramone Jr",
            "Eve",
            "Fay",
        ],
        Theme::plain(),
    );
    for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
        let screen = screen_text(&app, w, h);
        for stack in ["1,999,999,999,999", "99,899,999,999,999"] {
            assert!(screen.contains(stack), "{w}x{h}: {stack} is cut:\n{screen}");
        }
        assert!(!screen.contains("Maximilianus-Jon"), "{screen}");
        if w >= 120 {
            assert!(
                screen.contains("Maximilian") && screen.contains('…'),
                "{screen}"
            );
        }
        // The status wraps rather than cut: the whole sentence is there.
        let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("to call 200,000,000,000 · min raise to 400,000,000,000"),
            "{w}x{h}:\n{screen}"
        );
    }
    // A long ruling wraps in the log, whole.
    let screen = screen_text(&app, 120, 40);
    let words = screen
        .lines()
        .filter_map(|l| l.split('│').nth(1))
        .collect::<Vec<_>>()
        .join(" ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("a call is 200,000,000,000 and a raise is to at least 400,000,000,000."),
        "{screen}"
    );
}

#[test]
fn the_log_scrolls_back_through_the_hand_and_the_session_while_the_table_stays_live() {
    let mut app = six_handed();
    app.resize(100, 16);
    // Hand 1: everyone folds to the big blind.
    press(&mut app, "fffff");
    assert_eq!(
        app.state().expect("a hand").street,
        floorcall::table::Street::Done
    );
    press(&mut app, "n");
    // Hand 2: a few actions.
    press(&mut app, "r600<Enter>cccc");
    let newest = screen_text(&app, 100, 16);
    assert!(!newest.contains("══ Hand 1 ══"), "{newest}");
    press(&mut app, "<Home>");
    let top = screen_text(&app, 100, 16);
    assert!(top.contains("══ Hand 1 ══"), "{top}");
    assert!(top.contains("Hand 1 ·") && top.contains("more ↓"), "{top}");
    assert!(top.contains("End newest log line"), "{top}");
    // The table stays live while the log is scrolled back.
    press(&mut app, "c");
    let st = app.state().expect("a hand");
    assert_eq!(
        st.actions.last().map(|a| a.to_string()).as_deref(),
        Some("s4 call 600")
    );
    press(&mut app, "<PgDn>");
    assert!(
        app.log_scroll() > 0,
        "a page down from the top is not the end yet"
    );
    press(&mut app, "<End>");
    assert_eq!(app.log_scroll(), 0);
    press(&mut app, "<PgUp>");
    assert!(app.log_scroll() > 0);
    let page = app.log_scroll();
    press(&mut app, "<PgUp><PgUp><PgUp><PgUp><PgUp>");
    let max = app.log_scroll();
    press(&mut app, "<PgUp>");
    assert_eq!(app.log_scroll(), max, "never past the session's first line");
    press(&mut app, "<PgDn>");
    assert_eq!(app.log_scroll(), max.saturating_sub(page));
}

#[test]
fn help_pages_with_page_down() {
    let mut app = nine_handed();
    app.resize(100, 20);
    press(&mut app, "?");
    let first = screen_text(&app, 100, 20);
    assert!(first.contains("page 1 of"), "{first}");
    press(&mut app, "<PgDn>");
    let second = screen_text(&app, 100, 20);
    assert!(second.contains("page 2 of"), "{second}");
    // The last line of a page is the first of the next.
    let last_of_first = first.lines().nth(18).expect("a line");
    assert_eq!(second.lines().nth(1), Some(last_of_first));
    for _ in 0..20 {
        press(&mut app, "<PgDn>");
    }
    let end = screen_text(&app, 100, 20);
    assert!(end.contains("s3 fold"), "the notation ends the help: {end}");
    press(&mut app, "<PgUp>");
    assert_ne!(
        screen_text(&app, 100, 20),
        end,
        "one page up from the end moves at once"
    );
}

#[test]
fn v_opens_the_review_of_the_hand_in_play_and_esc_comes_back() {
    let mut app = nine_handed();
    press(&mut app, "cf"); // s4 calls, s5 folds
    press(&mut app, "v");
    let review = app.review().expect("the review is open");
    let entries = app.state().map(|_| 2).unwrap_or_default();
    assert_eq!(
        review.view(),
        floorcall::tui::review::View::Hand { step: entries },
        "at the hand's last entry"
    );
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("review │ Hand 1"), "{screen}");
    assert!(screen.contains("entry 2 of 2"), "{screen}");
    // Keys go to the review while it is open: `f` folds no one.
    press(&mut app, "<Left>f");
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold"]);
    assert_eq!(
        app.review().map(|r| r.view()),
        Some(floorcall::tui::review::View::Hand { step: 1 })
    );
    press(&mut app, "<Esc>");
    assert!(app.review().is_none(), "Esc goes back to the table");
    press(&mut app, "f"); // s6 folds: the table takes keys again
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold", "s6 fold"]);
}

/// The entries' lines, as keyed, from entry `from` on.
fn lines_from(app: &App, from: usize) -> Vec<String> {
    app.session().expect("a session").hand().entries()[from..]
        .iter()
        .map(|e| e.line.clone().unwrap_or_default())
        .collect()
}

/// Regression (issue 17, item 7): `s raise 3000` then `p 3000` put the push
/// on the next seat. The seat whose motion is open keeps it for its own
/// words and chips (`s`, `p`, `t`, `m`, `+`); an action key still binds it
/// first and acts for the next seat.
#[test]
fn words_then_chips_from_the_seat_whose_motion_is_open_stay_with_that_seat() {
    let mut app = nine_handed();
    let start = app.session().expect("a session").hand().entries().len();
    press(&mut app, "sraise 3000<Enter>");
    press(&mut app, "p3000<Enter>");
    assert_eq!(
        lines_from(&app, start),
        ["s4 say raise 3000", "s4 push 3000"],
        "{:?}",
        app.message()
    );
    assert_eq!(
        app.state().and_then(|s| s.pending.as_ref()).map(|p| p.seat),
        Seat::new(4),
        "the motion is still seat 4's"
    );
    press(&mut app, "c");
    assert_eq!(actions(&app), ["s4 raise 3000", "s5 call 3000"]);
    // A tap and a muck are the moving seat's too.
    press(&mut app, "scall<Enter>m");
    assert_eq!(
        lines_from(&app, start + 4),
        ["s6 say call", "s6 muck"],
        "{:?}",
        app.message()
    );
}

/// Regression (issue 17, item 9): redo of an entry whose ruling was the
/// floor's choice bound the suggestion again without asking.
#[test]
fn redo_of_an_entry_the_floor_ruled_asks_the_floor_again() {
    let mut app = ruling_shown();
    press(&mut app, "<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    press(&mut app, "u");
    assert_eq!(actions(&app), ["s4 raise 600"]);
    press(&mut app, "U");
    let panel = app.ruling().expect("the floor is asked again");
    assert_eq!(panel.rulings[0].id.as_str(), "undercall");
    // The floor may rule otherwise this time: the forfeit.
    press(&mut app, "o1");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 fold"]);
    assert!(app.ruling().is_none());
}

/// Regression (issue 17, item 13): `d AhKh7c Enter` typed while betting was
/// open refused `d`, and then `h` opened the hole cards (`s4 hole Kh7c` was
/// recorded). The keys typed after a refused key are held until a pause or
/// Esc, and named on the status line.
#[test]
fn a_refused_key_holds_the_rest_of_the_typed_line_until_a_pause_or_esc() {
    let mut app = nine_handed();
    let before = app.state().cloned();
    press(&mut app, "dAhKh7c<Enter>");
    assert_eq!(app.state().cloned(), before, "nothing recorded");
    assert!(app.prompt().is_none(), "no prompt opened");
    assert!(app.holds_keys());
    let text = refusal(&app);
    assert!(
        text.ends_with("Not taken, typed after it: AhKh7c Enter."),
        "{text}"
    );
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("AhKh7c Enter"), "{screen}");
    // After a pause, keys act again.
    press(&mut app, "c");
    assert_eq!(actions(&app), ["s4 call 200"]);
    // Esc is the answer to a refusal: the keys after it act.
    press(&mut app, "x<Esc>f");
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold"]);
    // A key held down (auto-repeat) is named up to a point.
    press(&mut app, &"x".repeat(100));
    let text = refusal(&app);
    assert!(
        text.ends_with(&format!("typed after it: {}….", "x".repeat(40))),
        "{text}"
    );
    press(&mut app, "<Esc>");
    // A refusal in a prompt keeps the prompt: its keys are typed there.
    press(&mut app, "r300<Enter>0<Enter>");
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold", "s6 raise 3000"]);
}

/// A six-seat table whose chips in play are 25, 100, 500, 1,000 and 5,000.
fn with_chips() -> App {
    use floorcall::journal::{HandHeader, Session};
    let mut setup = crate::support::table(&[20_000; 6], 1, (100, 200));
    setup.denominations = [25, 100, 500, 1_000, 5_000].map(Chips).to_vec();
    let header = HandHeader::new("tda", 1, 6, Default::default(), setup);
    let rules = floorcall::rules::HouseRules::load("tda").expect("tda");
    let session = Session::unjournaled(header, rules).expect("the table starts");
    App::with_session(session, Keymap::default(), Theme::default())
}

/// Regression (issue 17, item 6): `p 5000` facing 1,000 was taken as chips
/// worth 5,000 (a raise to 5,000) where the player had put out one 5,000
/// chip (a call, TDA 47). An amount that is one chip in play, pushed facing
/// a bet, is asked: `y` one chip, `n` several.
#[test]
fn a_push_of_one_chip_in_play_facing_a_bet_asks_whether_it_is_one_chip() {
    let mut app = with_chips();
    press(&mut app, "r1000<Enter>p5000<Enter>");
    let prompt = app.prompt().expect("the question is open");
    assert_eq!(prompt.one_chip, Some(Chips(5_000)));
    assert!(prompt.help().contains("y: one chip"), "{}", prompt.help());
    let said = app.message().expect("a message").text.clone();
    assert!(said.contains("is 5,000 one chip?"), "{said}");
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("one chip of 5,000?"), "{screen}");
    press(&mut app, "y<Enter>");
    // TDA 47: one oversized chip facing a bet, no raise declared: a call.
    assert_eq!(actions(&app), ["s4 raise 1000", "s5 call 1000"]);
    // The hand's start and the raise, then the push.
    assert_eq!(lines_from(&app, 2)[0], "s5 push 5000x1");
    // `n`: chips worth 5,000, a raise to 5,000.
    let mut app = with_chips();
    press(&mut app, "r1000<Enter>p5000<Enter>n<Enter>");
    assert_eq!(actions(&app), ["s4 raise 1000", "s5 raise 5000"]);
    // Not a chip in play (4,000), or not facing a bet: nothing is asked.
    let mut app = with_chips();
    press(&mut app, "r1000<Enter>p4000<Enter>");
    assert!(app.prompt().is_none(), "{:?}", app.message());
    // Esc goes back to the amount.
    let mut app = with_chips();
    press(&mut app, "r1000<Enter>p5000<Enter><Esc>");
    let prompt = app.prompt().expect("the amount is open");
    assert_eq!((prompt.one_chip, prompt.text.as_str()), (None, "5000"));
    // Without chips known, the prompt says how to key one chip.
    let mut app = nine_handed();
    press(&mut app, "p");
    let help = app.prompt().expect("the push prompt").help();
    assert!(help.starts_with("one chip: 5000x1"), "{help}");
}

/// Issue 34.2: the review opened from the table takes the user's keys
/// (`[review-hand]`), and the table's help names them.
#[test]
fn the_review_from_the_table_takes_the_users_keys_and_the_help_names_them() {
    let mut app =
        nine_handed_with_keys("[review-hand]\nC = \"compare\"\nc = \"none\"\nf = \"prev-step\"\n");
    press(&mut app, "cf?");
    let help = screen_text(&app, 160, 200);
    assert!(
        help.contains(
            "review the hand in play step by step (C: compare with another house; Esc: back)"
        ),
        "{help}"
    );
    press(&mut app, "<Esc>v");
    let step = |app: &App| app.review().map(|r| r.view());
    assert_eq!(
        step(&app),
        Some(floorcall::tui::review::View::Hand { step: 2 })
    );
    press(&mut app, "f");
    assert_eq!(
        step(&app),
        Some(floorcall::tui::review::View::Hand { step: 1 })
    );
    assert!(
        screen_text(&app, 160, 40).contains("f/→ step"),
        "{}",
        screen_text(&app, 160, 40)
    );
    assert_eq!(actions(&app), ["s4 call 200", "s5 fold"], "f folds no one");
}

/// Issue 34.2: no screen matches a key literal. Every key is looked up in
/// the key map (`src/tui/keymap.rs`, the one file that names crossterm's
/// key codes), so every screen's keys are `config/keys.toml`'s and a
/// user's file rebinds any of them. A plain scan of the source, comments
/// left out.
#[test]
fn no_screen_matches_a_key_literal() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let keymap = root.join("src/tui/keymap.rs");
    let mut found = Vec::new();
    for path in crate::layers::rust_files(&root.join("src")) {
        if path == keymap {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("the source");
        let code = crate::layers::code_of(&text);
        for (n, line) in code.lines().enumerate() {
            if line.contains("KeyCode") {
                let shown = path.strip_prefix(root).unwrap_or(&path).display();
                found.push(format!("{shown}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "keys matched outside the key map:\n{}",
        found.join("\n")
    );
}

/// The misdeal's line cites the house's own words on the re-deal: Ugly
/// Tuna's Misdeals, not TDA 34-C.
#[test]
fn a_misdeal_cites_the_houses_re_deal() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = floorcall::journal::SteppingClock::new(1_763_814_961_000, 0, 0);
    let flags = floorcall::tui::setup::TableFlags {
        house: Some("ugly-tuna".into()),
        ..crate::tui::session::four_seats()
    };
    let mut app = crate::tui::session::table_app_with(&path, &clock, false, None, &flags);
    press(&mut app, ":floor misdeal<Enter>");
    assert!(app.state().expect("a hand").misdealt);
    let shown = crate::tui::fixtures::screen_text(&app, 160, 40);
    assert!(
        shown.contains("the same button, blinds and players (ugly-tuna.txt Misdeals)."),
        "{shown}"
    );
}
