//! What the table screen offers and shows (issue 8 on): only what is legal
//! now, nothing cut off without a sign, the log and help paging, the
//! review from the table, a typed line held after a refusal, a motion's
//! words and chips kept with their seat, and no screen matching a key
//! literal.

use floorcall::table::{Chips, Seat};
use floorcall::tui::{App, Keymap, Theme};

use crate::tui::fixtures::{
    actions, app_at_table, nine_handed, nine_handed_with_keys, press, refusal, ruling_shown,
    screen_text, six_handed,
};

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
