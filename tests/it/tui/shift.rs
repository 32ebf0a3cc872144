//! A shift at the table screen between hands, as a dealer keys it: a
//! misdeal named as one and re-dealt with the same button, a break that
//! holds the deal until the dealer confirms, and a penalty on the bar.

use floorcall::journal;
use floorcall::journal::SteppingClock;
use floorcall::table::Street;
use floorcall::tui::review::hands_of;

use crate::tui::fixtures::{lines, press, screen_text};
use crate::tui::session::{SEAT_FOUR_BUSTS, message, table_app};

const T0: i64 = 1_763_814_961_000;

fn button(app: &floorcall::tui::App) -> u8 {
    app.session()
        .expect("at the table")
        .header()
        .setup
        .button
        .number()
}

#[test]
fn a_misdeal_is_named_and_its_re_deal_keeps_the_button() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, None);
    assert_eq!(button(&app), 1);
    lines(&mut app, &["floor misdeal"]);
    assert_eq!(app.state().expect("a hand").street, Street::Done);
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("Hand 1 is a misdeal"), "{screen}");
    assert!(!screen.contains("is over: ."), "{screen}");
    press(&mut app, "n");
    assert_eq!(button(&app), 1, "{}", message(&app));
    assert!(
        message(&app).contains("Hand 2 started"),
        "{}",
        message(&app)
    );
    // The review's list names it too.
    let loaded = journal::load(&path).expect("loads");
    let hands = hands_of(loaded.hands, |_| None);
    assert_eq!(hands[0].summary.winners, vec!["misdeal".to_string()]);
}

/// Issue 32 item 9: a misdeal's end showed "Pot 0 awarded", and after a
/// restart between a misdeal and its re-deal the message did not say that
/// the next deal is the re-deal (TDA 34-C: "In a misdeal, the re-deal is
/// an exact re-play").
#[test]
fn a_misdeal_awards_no_pot_and_a_restart_says_the_next_deal_is_its_re_deal() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, None);
    lines(&mut app, &["floor misdeal"]);
    let screen = screen_text(&app, 120, 40);
    assert!(!screen.contains("Pot 0 awarded"), "{screen}");
    assert!(screen.contains("Misdealt: no pot awarded"), "{screen}");
    drop(app);
    let app = table_app(&path, &clock, false, None);
    let said = message(&app);
    assert!(
        said.contains("hand 1 was a misdeal") && said.contains("deals hand 2, its re-deal"),
        "{said}"
    );
}

#[test]
fn a_break_holds_the_deal_until_the_dealer_confirms_and_the_bar_counts_it_down() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(
        &dir.path().join("j.jsonl"),
        &clock,
        false,
        Some("100/200,200/400"),
    );
    press(&mut app, "fff");
    assert_eq!(app.state().expect("a hand").street, Street::Done);
    lines(&mut app, &["break 10"]);
    clock.advance(60_000);
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("BREAK 9:00 left"), "{screen}");
    assert!(screen.contains("Level 1 100/200 │ 20:00 left"), "{screen}");
    press(&mut app, "n");
    assert!(message(&app).contains("on a break"), "{}", message(&app));
    assert_eq!(app.session().expect("a table").header().number, 1);
    press(&mut app, "n");
    assert_eq!(
        app.session().expect("a table").header().number,
        2,
        "{}",
        message(&app)
    );
    // The minute of the break did not count against the level.
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("20:00 left"), "{screen}");
    assert!(!screen.contains("BREAK"), "{screen}");
}

#[test]
fn a_penalty_shows_on_the_bar_and_ends_by_itself() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, None);
    lines(&mut app, &["floor penalty s4 1-hands"]);
    press(&mut app, "fff");
    press(&mut app, "n");
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("Penalty: s4 1 hand(s)"), "{screen}");
    // On the seat too, in place of "folded".
    assert!(screen.contains("PENALTY 1"), "{screen}");
    // Hand 2: button 2, blinds 3 and 4; seat 4 is dealt, posts, and his hand is dead.
    let st = app.state().expect("a hand");
    assert!(
        st.seat(floorcall::table::Seat::new(4).expect("seat 4"))
            .folded
    );
    press(&mut app, "ff");
    assert_eq!(app.state().expect("a hand").street, Street::Done);
    press(&mut app, "n");
    let st = app.state().expect("a hand");
    assert!(
        !st.seat(floorcall::table::Seat::new(4).expect("seat 4"))
            .folded
    );
    let screen = screen_text(&app, 120, 40);
    assert!(!screen.contains("Penalty"), "{screen}");
}

#[test]
fn the_floor_letting_an_undercaller_forfeit_keeps_his_chips_in_the_pot() {
    use crate::tui::fixtures::app_at;
    // TDA 39-B: multi-way facing a raise, the TD may let the player
    // forfeit the underbet and fold; the chips stay in (TDA 38-A).
    let mut app = app_at("tda", &[10000, 10000, 10000, 10000], 1, (100, 200), &[]);
    lines(&mut app, &["s4 raise 600"]);
    press(&mut app, ":s1 push 400<Enter><Enter>");
    assert!(app.ruling().is_some(), "{}", message(&app));
    press(&mut app, "o");
    let screen = screen_text(&app, 120, 40);
    assert!(!screen.contains("no other reading"), "{screen}");
    assert!(screen.contains("stays in the pot"), "{screen}");
    press(&mut app, "1");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let st = app.state().expect("a hand");
    let s1 = st.seat(floorcall::table::Seat::new(1).expect("seat 1"));
    assert!(s1.folded, "{}", message(&app));
    assert_eq!(s1.stack.get(), 9600, "{}", message(&app));
    assert_eq!(st.pot().get(), 100 + 200 + 600 + 400);
}

#[test]
fn the_floors_choices_say_what_each_does_to_the_chips_and_no_fold_gives_pushed_chips_back() {
    use crate::tui::fixtures::app_at;
    let mut app = app_at("tda", &[10000, 10000, 10000, 10000], 1, (100, 200), &[]);
    lines(&mut app, &["s4 raise 600"]);
    press(&mut app, ":s1 push 400<Enter><Enter>");
    press(&mut app, "o");
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("floor forfeit s1 400: Seat 1 forfeits the 400"),
        "{screen}"
    );
    assert!(
        screen.contains("s1 raise 1000: The 400 pushed plays and 600 more must go in."),
        "{screen}"
    );
    assert!(!screen.contains("s1 fold"), "{screen}");
    // Every choice that folds keeps the 400 in the pot.
    let choices = app
        .ruling()
        .and_then(|p| p.choices.clone())
        .expect("choices");
    for (i, c) in choices.iter().enumerate() {
        let mut other = app_at("tda", &[10000, 10000, 10000, 10000], 1, (100, 200), &[]);
        lines(&mut other, &["s4 raise 600"]);
        press(&mut other, ":s1 push 400<Enter><Enter>o");
        press(&mut other, &(i + 1).to_string());
        while other.ruling().is_some() {
            press(&mut other, "<Enter>");
        }
        let st = other.state().expect("a hand");
        let s1 = st.seat(floorcall::table::Seat::new(1).expect("seat 1"));
        if s1.folded {
            assert_eq!(s1.stack.get(), 9600, "{}: {}", c.label, message(&other));
        }
    }
}

#[test]
fn a_conditional_statement_offers_the_floor_its_options() {
    use crate::tui::fixtures::app_at;
    let mut app = app_at("tda", &[10000, 10000, 10000, 10000], 1, (100, 200), &[]);
    // Seat 4 is to act: his words bind nothing, and the floor is asked.
    press(&mut app, ":s4 say if you call I raise<Enter>");
    assert!(app.ruling().is_some(), "{}", message(&app));
    press(&mut app, "o");
    let screen = screen_text(&app, 120, 40);
    assert!(!screen.contains("no other reading"), "{screen}");
    assert!(screen.contains("floor penalty s4 warning"), "{screen}");
}

/// The table screen with `--seats 4 --stacks 10000 --blinds 25/50
/// --button 1 --chips CHIPS`.
fn table_with_chips(
    path: &std::path::Path,
    clock: &SteppingClock,
    chips: &str,
) -> floorcall::tui::App {
    let flags = floorcall::tui::setup::TableFlags {
        seats: Some(4),
        stacks: Some("10000".into()),
        blinds: Some("25/50".into()),
        button: Some(1),
        chips: Some(chips.into()),
        ..Default::default()
    };
    crate::tui::session::table_app_with(path, clock, false, None, &flags)
}

#[test]
fn the_chips_flag_sets_the_chips_in_play_and_a_colour_up_works_at_the_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_with_chips(&dir.path().join("j.jsonl"), &clock, "25,100,500");
    press(&mut app, "fff"); // seat 2 loses its 25 small blind
    lines(&mut app, &["break"]);
    // The 25s taken out while a blind is 25: done (a house may), and said
    // in red.
    press(&mut app, ":colour-up s2 Ah<Enter>");
    assert!(
        message(&app)
            .contains("But the next hand's blinds are 25/50: 25 cannot be paid in the chips left"),
        "{}",
        message(&app)
    );
    // Who got what, and the race card, said at once and on the seat.
    assert!(
        message(&app).contains("Seat 2: 9,975 to 10,000 (race cards Ah)."),
        "{}",
        message(&app)
    );
    let screen = screen_text(&app, 120, 40);
    let rows: Vec<&str> = screen.lines().collect();
    let at = rows
        .iter()
        .position(|r| r.contains("┌Seat 2"))
        .expect("seat 2's box");
    let col = rows[at]
        .split("┌Seat 2")
        .next()
        .unwrap_or("")
        .chars()
        .count();
    let stack: String = rows[at + 1].chars().skip(col + 1).take(6).collect();
    assert_eq!(stack, "10,000", "the seat shows the stack now: {screen}");
    let table = app.session().and_then(|s| s.table()).expect("a table");
    assert_eq!(
        table.denominations,
        [floorcall::table::Chips(100), floorcall::table::Chips(500)]
    );
    let s2 = table
        .seats
        .get(&floorcall::table::Seat::new(2).expect("seat 2"))
        .expect("seated");
    // 9,975: the odd 75 is three quarters of a 100 chip: rounded up (TDA 23).
    assert_eq!(s2.chips.get(), 10_000, "{}", message(&app));
}

#[test]
fn bad_chips_are_refused_with_the_reason() {
    use floorcall::tui::setup::{TableChoice, TableFlags};
    let flags = TableFlags {
        chips: Some("100,25".into()),
        ..TableFlags::default()
    };
    let err = TableChoice::opening(None, &flags).expect_err("refused");
    assert!(err.contains("smallest first"), "{err}");
    let err = floorcall::session::Structure::from_toml(
        "chips = [25, 0]\n[[level]]\nsmall = 25\nbig = 50\n",
        20,
    )
    .expect_err("refused");
    assert!(err.to_string().contains("worth nothing"), "{err}");
    let s = floorcall::session::Structure::from_toml(
        "chips = [25, 100]\n[[level]]\nsmall = 25\nbig = 50\n",
        20,
    )
    .expect("reads");
    assert_eq!(
        s.chips,
        [floorcall::table::Chips(25), floorcall::table::Chips(100)]
    );
}

#[test]
fn a_house_file_gives_the_chips_in_play_and_a_bad_list_is_refused_at_its_line() {
    use floorcall::rules::HouseRules;
    let rules = HouseRules::from_toml(
        "house.toml",
        "name = \"house\"\nextends = \"tda\"\nchips = [25, 100, 500]\n",
    )
    .expect("reads");
    assert_eq!(rules.chips.len(), 3);
    let err = HouseRules::from_toml(
        "house.toml",
        "name = \"house\"\nextends = \"tda\"\nchips = [100, 100]\n",
    )
    .expect_err("refused")
    .to_string();
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("smallest first"), "{err}");
}

/// The structure's own break, dealt through early: the second `n` ends it
/// (the next level starts with the hand, at its blinds, its minutes not
/// used given back), and the hand after deals without asking again.
#[test]
fn the_structures_break_ends_when_the_dealer_deals_through_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, Some("100/200"));
    lines(&mut app, &["structure 100/200 1, break 10, 200/400 20"]);
    press(&mut app, "fff");
    clock.advance(2 * 60_000);
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("BREAK │ 9:00 left"), "{screen}");
    press(&mut app, "n");
    assert!(message(&app).contains("on a break"), "{}", message(&app));
    press(&mut app, "n");
    let session = app.session().expect("a table");
    assert_eq!(session.header().number, 2, "{}", message(&app));
    assert_eq!(
        session.header().setup.big_blind.get(),
        400,
        "the next level's blinds"
    );
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("Level 2 200/400 │ 20:00 left"), "{screen}");
    assert!(!screen.contains("BREAK"), "{screen}");
    press(&mut app, "fff");
    clock.advance(60_000);
    press(&mut app, "n");
    assert_eq!(
        app.session().expect("a table").header().number,
        3,
        "no break asked again: {}",
        message(&app)
    );
}

/// A break called with no minutes counts up on the bar, second by
/// second: the screen is drawn again as it does.
#[test]
fn an_untimed_break_counts_up_on_the_bar() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, None);
    press(&mut app, "fff");
    lines(&mut app, &["break"]);
    app.tick();
    clock.advance(65_000);
    assert!(app.tick(), "the count moved: the screen is drawn again");
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("BREAK 1:05 (until the next hand)"),
        "{screen}"
    );
}

/// `[` with less than a minute left in the level: the level ends, the
/// time over comes off the next, and the status line says it began.
#[test]
fn a_minute_less_past_the_levels_end_keeps_the_time_over() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(
        &dir.path().join("j.jsonl"),
        &clock,
        false,
        Some("100/200,200/400"),
    );
    app.tick();
    clock.advance(19 * 60_000 + 30_000);
    app.tick();
    press(&mut app, "[");
    assert!(
        message(&app).contains("Level 2: 200/400 from the next hand"),
        "{}",
        message(&app)
    );
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("Level 2 200/400 │ 19:30 left"), "{screen}");
}

/// The player out is on the bar as soon as the busting showdown ends, not
/// only after the next line.
#[test]
fn the_bar_names_the_player_out_as_the_busting_hand_ends() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, Some("100/200"));
    lines(&mut app, SEAT_FOUR_BUSTS);
    assert_eq!(app.state().expect("a hand").street, Street::Done);
    let out = out_on_bar(&app);
    assert!(out.contains("Out: 4th"), "{out}");
}

/// The bar's part on `app` that begins with `label`.
fn on_bar(app: &floorcall::tui::App, label: &str) -> String {
    floorcall::tui::app::SessionBar { app }
        .parts()
        .unwrap_or_default()
        .into_iter()
        .map(|(t, _)| t)
        .find(|t| t.starts_with(label))
        .unwrap_or_default()
}

/// The bar's players out on `app`.
fn out_on_bar(app: &floorcall::tui::App) -> String {
    on_bar(app, "Out:")
}

/// An undo and a redo of the busting showdown, before and after a line
/// between hands, keep the place: gone while the hand is open again, the
/// same place back when it is redone, and the same in the journal.
#[test]
fn an_undo_and_redo_of_the_busting_showdown_keeps_the_place() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, Some("100/200"));
    lines(&mut app, SEAT_FOUR_BUSTS);
    let out = out_on_bar(&app);
    assert!(out.contains("4th"), "{out}");
    for between in [false, true] {
        if between {
            lines(&mut app, &["clock pause"]);
        }
        press(&mut app, "u");
        assert_eq!(out_on_bar(&app), "", "{}", message(&app));
        press(&mut app, "U");
        assert_eq!(out_on_bar(&app), out, "{}", message(&app));
    }
    press(&mut app, "n");
    assert_eq!(out_on_bar(&app), out, "{}", message(&app));
    drop(app);
    let loaded = floorcall::journal::load(&path).expect("loads");
    let table = floorcall::journal::session::table_of(&loaded);
    assert_eq!(table.places.len(), 1, "{:?}", table.places);
    assert_eq!(table.places[0].place, 4);
}

/// A player seated between hands keeps his name and chips on the screen
/// while he waits (for the button, or through a re-deal: TDA 34-C), and a
/// seat left between hands shows empty, not its last stack: the boxes add
/// up to the chips at the table.
#[test]
fn the_seat_boxes_show_the_table_between_hands() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let flags = floorcall::tui::setup::TableFlags {
        seats: Some(6),
        stacks: Some("10000,10000,10000,10000".into()),
        ..crate::tui::session::four_seats()
    };
    let path = dir.path().join("j.jsonl");
    let mut app = crate::tui::session::table_app_with(&path, &clock, false, None, &flags);
    lines(
        &mut app,
        &["floor misdeal: two cards exposed", "seat 5 sit 6000 Kim"],
    );
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("5 Kim"), "{screen}");
    assert!(screen.contains("6,000"), "{screen}");
    assert!(screen.contains("waiting"), "{screen}");
    press(&mut app, "n");
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("5 Kim") && screen.contains("6,000"),
        "waiting through the re-deal: {screen}"
    );
    crate::tui::session::fold_round(&mut app);
    let empty = |app: &floorcall::tui::App| screen_text(app, 120, 40).matches("empty").count();
    let before = empty(&app);
    lines(&mut app, &["seat 2 leave"]);
    assert_eq!(empty(&app), before + 1, "{}", screen_text(&app, 120, 40));
    drop(app);
    // `review` shows her waiting through the re-deal, with her chips.
    let loaded = floorcall::journal::load(&path).expect("loads");
    let hands = floorcall::tui::review::hands_of(loaded.hands, |_| None);
    let waiting: Vec<(u8, &str, u64)> = hands[1]
        .waiting
        .iter()
        .map(|w| (w.seat.number(), w.name.as_str(), w.chips.get()))
        .collect();
    assert_eq!(waiting, [(5, "Kim", 6_000)]);
}

/// The last player with chips has won: the bar says so (`Places: 1st
/// Ann, 2nd Bob`) as soon as the busting hand is over.
#[test]
fn the_winner_is_on_the_bar() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let flags = floorcall::tui::setup::TableFlags {
        stacks: Some("10000,1000".into()),
        ..crate::tui::session::four_seats()
    };
    let path = dir.path().join("j.jsonl");
    let mut app = crate::tui::session::table_app_with(&path, &clock, false, None, &flags);
    let first = app
        .state()
        .expect("a hand")
        .to_act
        .expect("to act")
        .number();
    let other = 3 - first;
    lines(
        &mut app,
        &[
            &format!("s{first} allin"),
            &format!("s{other} call"),
            "flop 2c3d4h",
            "turn 9s",
            "river Jd",
            "s1 show AsAh",
            "s2 show 7c2d",
        ],
    );
    let bar = on_bar(&app, "Places:");
    assert!(bar.starts_with("Places: 1st "), "{bar}");
    assert!(bar.contains(", 2nd "), "{bar}");
}
