//! The floor's orders at the table screen, from an inbox the test fills
//! (no database): the banner, the key that carries out a leave and a sit
//! between hands (journaled before it is shown), `n` held while a player
//! is to leave and while hand-for-hand waits for other tables, and the
//! floor's clock followed, its level applying at the next hand (TDA 22).

use std::path::Path;
use std::sync::{Arc, Mutex};

use floorcall::floor::ReaderStatus;
use floorcall::journal::SteppingClock;
use floorcall::session::LevelClock;
use floorcall::tournament::{FloorRecord, Move};
use floorcall::tui::app::StatusPane;
use floorcall::tui::setup::TableFlags;
use floorcall::tui::{App, AppOptions, FloorInbox};

use crate::tui::fixtures::{press, screen_text, widget_text};
use crate::tui::session::{SEAT_FOUR_BUSTS, fold_round, four_seats, message, table_options};

pub(crate) const T0: i64 = 1_763_814_961_000;

/// The floor's records as the test writes them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Floor(Arc<Mutex<(Vec<FloorRecord>, u64)>>);

impl Floor {
    pub(crate) fn write(&self, record: FloorRecord) {
        let mut held = self.0.lock().expect("the lock");
        held.0.push(record);
        held.1 += 1;
    }
}

/// Table T1's inbox over the test's floor.
#[derive(Debug)]
struct TestInbox(Floor);

impl FloorInbox for TestInbox {
    fn table(&self) -> String {
        "T1".into()
    }

    fn version(&self) -> u64 {
        self.0.0.lock().expect("the lock").1
    }

    fn records(&self) -> Vec<FloorRecord> {
        self.0.0.lock().expect("the lock").0.clone()
    }

    fn status(&self) -> ReaderStatus {
        ReaderStatus::Live
    }

    fn broken(&self) -> Option<String> {
        None
    }
}

/// Table T1 of the tournament as it opens: Ann, Bob, Cy and Di with
/// 10,000 each, blinds 100/200 (and `levels`), no floor yet.
pub(crate) fn t1_options(path: &Path, clock: &SteppingClock, levels: Option<&str>) -> AppOptions {
    let flags = TableFlags {
        names: Some("Ann,Bob,Cy,Di".into()),
        ..four_seats()
    };
    table_options(path, clock, false, levels, &flags)
}

/// Table T1 with the floor's records from `floor`.
pub(crate) fn t1(path: &Path, clock: &SteppingClock, levels: Option<&str>, floor: &Floor) -> App {
    let mut options = t1_options(path, clock, levels);
    options.inbox = Some(Box::new(TestInbox(floor.clone())));
    let mut app = App::new(options);
    app.tick();
    app
}

pub(crate) fn hand(app: &App) -> u32 {
    app.session().expect("at the table").header().number
}

pub(crate) fn journal_has(path: &Path, line: &str) -> bool {
    std::fs::read_to_string(path)
        .expect("the journal")
        .contains(&format!("\"line\":\"{line}\""))
}

fn moved(
    player: &str,
    from: &str,
    from_seat: u8,
    to: &str,
    to_seat: u8,
    chips: u64,
) -> FloorRecord {
    FloorRecord::MoveConfirmed {
        mv: Move {
            player: player.into(),
            from: from.into(),
            from_seat,
            to: to.into(),
            to_seat,
            chips,
            dealt_next: true,
        },
    }
}

/// The floor tells the chips `player`'s leave journaled at `from`.
fn left(player: &str, from: &str, seat: u8, chips: u64) -> FloorRecord {
    FloorRecord::MoveLeft {
        player: player.into(),
        table: from.into(),
        seat,
        chips,
        hand: 1,
    }
}

#[test]
fn the_banner_shows_the_floors_orders_with_their_key() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&dir.path().join("t1.jsonl"), &clock, None, &floor);
    assert!(app.floor_banner().is_empty(), "no orders yet");
    floor.write(moved("Bob", "T1", 2, "T2", 7, 10_000));
    floor.write(moved("Eve", "T3", 6, "T1", 2, 24_000));
    assert!(app.tick(), "the new records are looked at");
    insta::assert_snapshot!(
        "floor_orders_banner",
        widget_text(&StatusPane { app: &app }, 100, 6)
    );
    let screen = screen_text(&app, 120, 32);
    assert!(
        screen.contains("Floor: Bob (seat 2) -> T2 seat 7 with 10,000  [F]"),
        "{screen}"
    );
}

#[test]
fn the_key_journals_the_leave_and_the_sit_between_hands_and_n_waits_for_the_leave() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, None, &floor);
    // The TD confirms Bob's move during hand 1, with the 10,000 he had
    // at its start; he is the small blind: 9,900 once the hand is folded
    // to the big blind, and the leave takes those.
    floor.write(moved("Bob", "T1", 2, "T2", 7, 10_000));
    app.tick();
    // During a hand the order waits.
    press(&mut app, "F");
    assert_eq!(
        message(&app),
        "Hand 1 is still being played: the floor's order (Bob (seat 2) -> T2 seat 7 with 10,000) is carried out between hands."
    );
    fold_round(&mut app);
    // Bob moves before the next hand is dealt.
    press(&mut app, "n");
    assert_eq!(
        message(&app),
        "The floor moves Bob (seat 2) -> T2 seat 7 with 9,900 before the next hand: F carries it out."
    );
    assert_eq!(hand(&app), 1);
    press(&mut app, "F");
    assert_eq!(
        message(&app),
        "Done for the floor: Bob (seat 2) -> T2 seat 7 with 9,900 (seat 2 leave). Every order of the floor is done."
    );
    assert!(
        journal_has(&path, "seat 2 leave"),
        "journaled as a typed line is"
    );
    assert!(app.floor_banner().is_empty());
    // Again: nothing to do (the order is judged done from the table).
    press(&mut app, "F");
    assert_eq!(message(&app), "The floor has no order for this table.");
    // Eve comes from T3 into the seat Bob left: her chips are known once
    // her leave there is journaled (she won 500 in her last hand there).
    floor.write(moved("Eve", "T3", 6, "T1", 2, 24_000));
    app.tick();
    assert_eq!(
        app.floor_banner(),
        ["Floor: Eve comes from T3 to seat 2, with the chips T3 journals at the leave"]
    );
    press(&mut app, "F");
    assert!(message(&app).contains("waits"), "{}", message(&app));
    floor.write(left("Eve", "T3", 6, 24_500));
    app.tick();
    assert_eq!(
        app.floor_banner(),
        ["Floor: Eve arrives from T3: seat 2, 24,500  [F]"]
    );
    press(&mut app, "F");
    assert!(
        journal_has(&path, "seat 2 sit 24500 Eve"),
        "{}",
        message(&app)
    );
    let table = app.session().and_then(|s| s.table()).expect("a table");
    let eve = &table.seats[&floorcall::table::Seat::new(2).expect("seat 2")];
    assert_eq!((eve.name.as_str(), eve.chips.get()), ("Eve", 24_500));
    press(&mut app, "n");
    assert_eq!(hand(&app), 2, "{}", message(&app));
}

#[test]
fn n_waits_while_hand_for_hand_waits_for_other_tables() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, None, &floor);
    // Redtooth 53: "each table will wait until all other tables finish
    // their hands before starting another."
    floor.write(FloorRecord::HandForHandSet { on: true });
    floor.write(FloorRecord::HandForHandRound {
        round: 12,
        deal: [
            ("T1".to_string(), 1),
            ("T3".to_string(), 30),
            ("T7".to_string(), 8),
        ]
        .into(),
        waiting: vec!["T3".into(), "T7".into()],
    });
    app.tick();
    // The table follows the floor's switch, journaled.
    assert!(journal_has(&path, "hand-for-hand on"));
    assert!(
        app.session()
            .and_then(|s| s.table())
            .expect("a table")
            .hand_for_hand
    );
    let screen = screen_text(&app, 120, 32);
    assert!(
        screen.contains("hand-for-hand: hand 12, waiting for T3, T7"),
        "{screen}"
    );
    fold_round(&mut app);
    press(&mut app, "n");
    assert_eq!(
        message(&app),
        "hand-for-hand: hand 12, waiting for T3, T7. The next hand is dealt when the floor's round lets this table deal (hand-for-hand is the TD's: each table waits until every table has finished the hand)."
    );
    assert_eq!(hand(&app), 1);
    // Every table finished: the next round lets T1 deal its hand 2.
    floor.write(FloorRecord::HandForHandRound {
        round: 13,
        deal: [
            ("T1".to_string(), 2),
            ("T3".to_string(), 31),
            ("T7".to_string(), 9),
        ]
        .into(),
        waiting: vec!["T1".into(), "T3".into(), "T7".into()],
    });
    app.tick();
    press(&mut app, "n");
    assert_eq!(hand(&app), 2, "{}", message(&app));
    // Off: the table follows.
    floor.write(FloorRecord::HandForHandSet { on: false });
    app.tick();
    assert!(journal_has(&path, "hand-for-hand off"));
    assert!(
        !app.session()
            .and_then(|s| s.table())
            .expect("a table")
            .hand_for_hand
    );
}

#[test]
fn the_floors_clock_is_followed_and_its_level_applies_at_the_next_hand() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, Some("100/200,200/400:25"), &floor);
    // The floor's clock has run 25 minutes: level 2, 15:00 left.
    let mut theirs = LevelClock::new(vec![1_200_000, 1_200_000]);
    theirs.start(T0 - 25 * 60_000);
    floor.write(FloorRecord::ClockSet {
        clock: theirs.clone(),
    });
    app.tick();
    assert!(
        journal_has(&path, "clock set 2 15:00 running"),
        "{}",
        message(&app)
    );
    // TDA 22: "The new level applies to the next hand."
    let setup = &app.session().expect("a hand").header().setup;
    assert_eq!((setup.small_blind.get(), setup.big_blind.get()), (100, 200));
    fold_round(&mut app);
    press(&mut app, "n");
    let setup = &app.session().expect("a hand").header().setup;
    assert_eq!(
        (
            setup.small_blind.get(),
            setup.big_blind.get(),
            setup.ante.get()
        ),
        (200, 400, 25)
    );
    // The TD pauses it: the table pauses too, and its own key is refused.
    clock.advance(60_000);
    theirs.pause(T0 + 60_000);
    floor.write(FloorRecord::ClockSet { clock: theirs });
    app.tick();
    assert!(
        journal_has(&path, "clock set 2 14:00 paused"),
        "{}",
        message(&app)
    );
    press(&mut app, "P");
    assert_eq!(
        message(&app),
        "The floor holds the clock: the TD starts, pauses and adjusts it, and this table follows."
    );
    clock.advance(600_000);
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("PAUSED 14:00 left"), "{screen}");
    // Nothing new: nothing more is journaled.
    let before = std::fs::read_to_string(&path).expect("the journal").len();
    app.tick();
    assert_eq!(
        std::fs::read_to_string(&path).expect("the journal").len(),
        before
    );
}

/// TDA 11: the final table seats a full table plus one. The floor's order
/// names the extra chair, and the table grows to it: the sit is journaled
/// and the next hand deals the new seat in, without a restart.
#[test]
fn the_final_tables_extra_chair_is_added_by_the_floors_order() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, None, &floor);
    floor.write(moved("Fay", "T3", 1, "T1", 5, 30_000));
    floor.write(left("Fay", "T3", 1, 30_000));
    app.tick();
    fold_round(&mut app);
    press(&mut app, "F");
    assert_eq!(
        message(&app),
        "Done for the floor: Fay arrives from T3: seat 5, 30,000 (seat 5 sit 30000 Fay). The table now has 5 seats: the final table's (tda.txt 11). Every order of the floor is done."
    );
    assert!(journal_has(&path, "seat 5 sit 30000 Fay"));
    press(&mut app, "n");
    let session = app.session().expect("at the table");
    assert_eq!(session.header().seats, 5);
    assert_eq!(
        session.header().names.get(&5).map(String::as_str),
        Some("Fay")
    );
}

#[test]
fn a_restarted_table_does_no_order_twice_and_sets_no_clock_again() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut theirs = LevelClock::new(vec![1_200_000, 1_200_000]);
    theirs.start(T0 - 5 * 60_000);
    floor.write(FloorRecord::ClockSet { clock: theirs });
    floor.write(moved("Bob", "T1", 2, "T2", 7, 9_900));
    let mut app = t1(&path, &clock, Some("100/200,200/400:25"), &floor);
    assert!(journal_has(&path, "clock set 1 15:00 running"));
    fold_round(&mut app);
    press(&mut app, "F");
    assert!(journal_has(&path, "seat 2 leave"), "{}", message(&app));
    drop(app);
    let before = std::fs::read_to_string(&path).expect("the journal");
    // The same journal and the same floor: the table goes on between
    // hands, and finds nothing left to do.
    let app = t1(&path, &clock, Some("100/200,200/400:25"), &floor);
    assert!(app.floor_banner().is_empty(), "{:?}", app.floor_banner());
    assert!(
        app.floor_orders()
            .expect("orders")
            .orders
            .iter()
            .all(|o| o.done)
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("the journal"),
        before,
        "nothing journaled again"
    );
}

/// The table counts its own players only: its fourth player out may be
/// the tournament's tenth. With a floor the bar shows the floor's place
/// (`PlayerOut`), and none before the floor gives it, never the table's
/// own count.
#[test]
fn a_player_out_has_the_floors_place_not_the_tables_count() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&dir.path().join("t1.jsonl"), &clock, None, &floor);
    crate::tui::fixtures::lines(&mut app, SEAT_FOUR_BUSTS);
    press(&mut app, "n");
    app.tick();
    let bar = |app: &App| {
        let parts = floorcall::tui::app::SessionBar { app }.parts();
        let parts = parts.unwrap_or_default();
        parts
            .into_iter()
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let shown = bar(&app);
    assert!(
        shown.contains("Out: Di (the floor places)"),
        "{shown}\n{}",
        screen_text(&app, 120, 32)
    );
    assert!(!shown.contains("4th"), "{shown}");
    // The status line says the same: out, the place the floor's (it
    // counts the whole field, not this table's four).
    assert!(
        message(&app).contains("Seat 4 (Di) is out: the floor gives the place."),
        "{}",
        message(&app)
    );
    assert!(!message(&app).contains("4th"), "{}", message(&app));
    floor.write(FloorRecord::PlayerOut {
        bust: floorcall::tournament::Bust {
            player: "Di".into(),
            table: "T1".into(),
            seat: 4,
            hand: 1,
            round: None,
            starting_stack: 10_000,
            place: 10,
            disqualified: false,
            shown: None,
        },
    });
    app.tick();
    let shown = bar(&app);
    assert!(shown.contains("Out: 10th Di"), "{shown}");
}

/// A tournament table killed mid-hand and started again: the key a dealer
/// presses all day (`n`) keeps the question, and the new-table key is
/// refused (a table of a floor never starts afresh with default stacks or
/// blinds: its players and chips are the tournament's). `y` resumes.
#[test]
fn a_tournament_table_restarted_mid_hand_is_never_thrown_away_by_a_key() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let app = t1(&path, &clock, None, &floor);
    assert_eq!(hand(&app), 1);
    drop(app);
    let mut app = t1(&path, &clock, None, &floor);
    assert_eq!(app.mode(), floorcall::tui::app::Mode::Resume);
    for key in ["n", "N", "<Esc>"] {
        press(&mut app, key);
        assert_eq!(app.mode(), floorcall::tui::app::Mode::Resume, "{key}");
        assert_eq!(app.overlay(), None, "{key}");
    }
    press(&mut app, "N");
    assert!(
        message(&app)
            .contains("This is table T1 of the floor's tournament: it never starts afresh"),
        "{}",
        message(&app)
    );
    press(&mut app, "y");
    assert_eq!(app.mode(), floorcall::tui::app::Mode::Table);
    assert_eq!(hand(&app), 1, "the hand resumed");
    let journal = std::fs::read_to_string(&path).expect("the journal");
    assert_eq!(journal.matches("\"new table\"").count(), 1, "one table");
    // Starting the hand afresh is the TD's ruling, keyed: a misdeal,
    // journaled (so the floor reads it with the table's records), every
    // chip back where the hand began, and undone by `u` like any ruling.
    let began = app.session().expect("at the table").hand().state().clone();
    press(
        &mut app,
        ":floor misdeal: the table restarted mid-hand<Enter>",
    );
    let voided = app.session().expect("at the table").hand().state().clone();
    assert!(voided.misdealt, "{}", message(&app));
    for seat in began.occupied() {
        assert_eq!(
            voided.seat(seat).stack + voided.seat(seat).committed,
            began.seat(seat).stack + began.seat(seat).committed,
            "seat {seat}"
        );
    }
    assert!(
        std::fs::read_to_string(&path)
            .expect("the journal")
            .contains("misdeal")
    );
    press(&mut app, "u");
    assert!(
        !app.session().expect("at the table").hand().state().misdealt,
        "{}",
        message(&app)
    );
}

/// A table the floor broke, every player gone: `n` says it is broken
/// (not "fewer than two seats have chips"), and its bar no longer says
/// HAND-FOR-HAND though the floor has it on for the tables playing.
#[test]
fn a_broken_table_says_so_at_n_and_drops_hand_for_hand() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, None, &floor);
    fold_round(&mut app);
    floor.write(FloorRecord::HandForHandSet { on: true });
    floor.write(FloorRecord::HandForHandRound {
        round: 1,
        deal: [("T1".to_string(), 2)].into_iter().collect(),
        waiting: vec!["T1".into()],
    });
    for (i, name) in ["Ann", "Bob", "Cy", "Di"].iter().enumerate() {
        let seat = i as u8 + 1;
        floor.write(moved(name, "T1", seat, "T2", seat + 4, 10_000));
    }
    floor.write(FloorRecord::TableBroken { table: "T1".into() });
    app.tick();
    let bar = |app: &App| {
        floorcall::tui::app::SessionBar { app }
            .parts()
            .unwrap_or_default()
            .into_iter()
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
            .join(" | ")
    };
    assert!(bar(&app).contains("HAND-FOR-HAND"), "{}", bar(&app));
    for _ in 0..4 {
        press(&mut app, "F");
        assert!(
            message(&app).starts_with("Done for the floor"),
            "{}",
            message(&app)
        );
    }
    press(&mut app, "n");
    assert_eq!(
        message(&app),
        "T1 is broken: its players play on at the other tables, and there is no next hand here."
    );
    assert!(!bar(&app).contains("HAND-FOR-HAND"), "{}", bar(&app));
    assert!(
        !app.floor_banner()
            .iter()
            .any(|l| l.starts_with("hand-for-hand")),
        "{:?}",
        app.floor_banner()
    );
}

/// One clock: a table whose floor has published its structure but not
/// started its clock does not run a clock of its own. It waits (paused,
/// journaled) and says so plainly, and follows the floor's once the TD
/// starts it.
#[test]
fn a_table_waits_for_the_floors_clock_and_says_so() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let mut app = t1(&path, &clock, Some("100/200,200/400:25"), &floor);
    let structure =
        floorcall::session::Structure::from_flag("100/200,200/400:25", 20).expect("a structure");
    floor.write(FloorRecord::StructureSet {
        structure: structure.clone(),
    });
    app.tick();
    assert!(
        std::fs::read_to_string(&path)
            .expect("the journal")
            .contains("paused\""),
        "the table's clock waits, journaled"
    );
    assert!(
        app.floor_banner()
            .iter()
            .any(|l| l.starts_with("The floor's clock has not started")),
        "{:?}",
        app.floor_banner()
    );
    let table = app.session().and_then(|s| s.table()).expect("a table");
    assert!(!table.level_clock.at(T0 + 600_000).running);
    // The TD starts the floor's clock: the table runs with it.
    let mut theirs = LevelClock::new(structure.stage_ms());
    theirs.start(T0);
    floor.write(FloorRecord::ClockSet { clock: theirs });
    app.tick();
    assert!(
        !app.floor_banner()
            .iter()
            .any(|l| l.starts_with("The floor's clock has not started")),
        "{:?}",
        app.floor_banner()
    );
    let table = app.session().and_then(|s| s.table()).expect("a table");
    assert!(table.level_clock.at(T0 + 1_000).running);
}
