//! The session at the table screen, driven by keys and a clock the test
//! moves (no sleeps): the level clock in the session bar, a level reached
//! applying to the next hand with the bell, the pause key, the player
//! clock's key and its running out, session lines in the command bar, and
//! a restart that continues the table (or `--new`).

use std::path::Path;
use std::sync::Arc;

use floorcall::floor::LinkStatus;
use floorcall::journal::{self, Journal, JournalOptions, SteppingClock};
use floorcall::session::{Structure, TableEvent};
use floorcall::tui::app::{MessageKind, Mode};
use floorcall::tui::setup::{TableChoice, TableFlags};
use floorcall::tui::{App, AppOptions, FloorLink, Keymap, Theme};

use crate::tui::fixtures::{lines, press, screen_text, type_ahead};

const T0: i64 = 1_763_814_961_000;

/// The table most tests open: 4 seats of 10,000, blinds 100/200, the
/// button on seat 1.
pub(crate) fn four_seats() -> TableFlags {
    TableFlags {
        seats: Some(4),
        stacks: Some("10000".into()),
        blinds: Some("100/200".into()),
        button: Some(1),
        ..TableFlags::default()
    }
}

/// At `four_seats`' first hand: seat 4 all in, called by seat 3, and out.
pub(crate) const SEAT_FOUR_BUSTS: &[&str] = &[
    "s4 allin",
    "s1 fold",
    "s2 fold",
    "s3 call",
    "flop 2c3d4h",
    "turn 9s",
    "river Jd",
    "s3 show AsAh",
    "s4 show 7c2d",
];

/// The table screen on the journal at `path`, as `floorcall --seats 4
/// --stacks 10000 --blinds 100/200 [--levels ...] [--new]` opens it.
pub(crate) fn table_app(
    path: &Path,
    clock: &SteppingClock,
    new: bool,
    levels: Option<&str>,
) -> App {
    let flags = four_seats();
    table_app_with(path, clock, new, levels, &flags)
}

/// As `table_app`, with these table flags.
pub(crate) fn table_app_with(
    path: &Path,
    clock: &SteppingClock,
    new: bool,
    levels: Option<&str>,
    flags: &TableFlags,
) -> App {
    App::new(table_options(path, clock, new, levels, flags))
}

/// What `table_app_with` opens the app with (a test may add to it: a link
/// to the floor).
pub(crate) fn table_options(
    path: &Path,
    clock: &SteppingClock,
    new: bool,
    levels: Option<&str>,
    flags: &TableFlags,
) -> AppOptions {
    let (journal, loaded) = Journal::open_with(
        path,
        JournalOptions {
            clock: Some(Arc::new(clock.clone())),
            table: Some("Table 1".into()),
        },
    )
    .unwrap_or_else(|e| panic!("opens: {e}"));
    let choice = TableChoice::opening(None, flags).expect("valid flags");
    // As main reads the journal: its table, its last hand, and the table's
    // hands before it.
    let table = (!loaded.hands.is_empty()).then(|| journal::table_of(&loaded));
    let start = journal::table_start(&loaded);
    let mut hands = loaded.hands;
    let last_hand = hands.pop();
    AppOptions {
        keymap: Keymap::default(),
        theme: Theme::default(),
        choice,
        start_now: true,
        journal: Some(journal),
        table,
        last_hand,
        earlier: hands.split_off(start.min(hands.len())),
        resume: false,
        memory: None,
        new_table: new,
        structure: levels.map(|l| Structure::from_flag(l, 20).expect("levels")),
        level_minutes: 20,
        bell: true,
        link: None,
        inbox: None,
    }
}

pub(crate) fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn hand_number(app: &App) -> u32 {
    app.session().expect("at the table").header().number
}

fn blinds(app: &App) -> (u64, u64, u64) {
    let setup = &app.session().expect("at the table").header().setup;
    (
        setup.small_blind.get(),
        setup.big_blind.get(),
        setup.ante.get(),
    )
}

/// `k`: the floor calls the clock on the seat to act (its ruling accepted).
fn call_the_clock(app: &mut App) {
    press(app, "k");
    while app.ruling().is_some() {
        press(app, "<Enter>");
    }
}

/// Everyone folds to the big blind: the hand is over.
pub(crate) fn fold_round(app: &mut App) {
    press(app, "ff");
    press(app, "f");
    assert_eq!(
        app.state().expect("a hand").street,
        floorcall::table::Street::Done,
        "{}",
        message(app)
    );
}

#[test]
fn the_session_bar_shows_the_level_the_time_left_and_the_next_level() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let app = table_app(
        &dir.path().join("j.jsonl"),
        &clock,
        false,
        Some("100/200,200/400:25,300/600:50"),
    );
    let screen = screen_text(&app, 120, 32);
    assert!(
        screen.contains("Level 1 100/200 │ 20:00 left │ next 200/400 ante 25"),
        "{screen}"
    );
    clock.advance(5 * 60_000 + 1_500);
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("14:59 left"), "{screen}");
}

#[test]
fn a_level_reached_applies_to_the_next_hand_with_the_bell() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(
        &dir.path().join("j.jsonl"),
        &clock,
        false,
        Some("100/200,200/400:25"),
    );
    assert!(!app.tick(), "nothing moved");
    clock.advance(20 * 60_000);
    assert!(app.tick());
    assert!(
        message(&app).contains("Level 2: 200/400 ante 25 from the next hand"),
        "{}",
        message(&app)
    );
    assert!(app.take_bell(), "the bell rings once");
    assert!(!app.take_bell());
    // The hand in play keeps its blinds (TDA 22); the next hand has the new.
    assert_eq!(blinds(&app), (100, 200, 0));
    fold_round(&mut app);
    press(&mut app, "n");
    assert_eq!(hand_number(&app), 2);
    assert_eq!(blinds(&app), (200, 400, 25));
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("Level 2 200/400 ante 25"), "{screen}");
}

#[test]
fn the_pause_key_holds_the_level_clock_and_is_journaled() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, Some("100/200,200/400"));
    clock.advance(60_000);
    press(&mut app, "P");
    assert_eq!(message(&app), "The level clock is paused.");
    clock.advance(3_600_000);
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("PAUSED 19:00 left"), "{screen}");
    press(&mut app, "P");
    assert_eq!(message(&app), "The level clock runs.");
    clock.advance(30_000);
    assert!(screen_text(&app, 120, 32).contains("18:30 left"));
    // `]` and `[`: a minute more or less in the level.
    press(&mut app, "]]");
    assert_eq!(message(&app), "The level clock gains 60 seconds.");
    press(&mut app, "[");
    assert_eq!(message(&app), "The level clock loses 60 seconds.");
    assert!(screen_text(&app, 120, 32).contains("19:30 left"));
    // The pauses are on the disk: a restart reads the same clock.
    let loaded = journal::load(&path).expect("loads");
    let table = journal::table_of(&loaded);
    let left = table.level_clock.at(T0 + 3_690_000).remaining_ms;
    assert_eq!(left, 19 * 60_000 + 30_000);
}

#[test]
fn the_clock_key_runs_the_house_time_and_its_end_offers_the_dead_hand() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, None);
    call_the_clock(&mut app);
    clock.advance(20_000);
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("Clock on seat 4: 0:30"), "{screen}");
    clock.advance(35_000);
    assert!(screen_text(&app, 120, 32).contains("Clock on seat 4: COUNT 5"));
    clock.advance(5_001);
    assert!(app.tick());
    assert!(app.take_bell());
    assert!(
        message(&app).contains("Seat 4's time is up"),
        "{}",
        message(&app)
    );
    let prompt = app.prompt().expect("the dead-hand ruling is offered");
    assert_eq!(prompt.text, "dead-hand");
    press(&mut app, "<Enter>");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let st = app.state().expect("a hand");
    assert_eq!(
        st.actions.last().map(ToString::to_string).as_deref(),
        Some("s4 fold")
    );
    assert!(!screen_text(&app, 120, 32).contains("Clock on seat"));
    // The review tells them at their steps: the stop after the ruling, the
    // call and the end after the floor's clock.
    press(&mut app, "v");
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("The player clock stops."), "{screen}");
    press(&mut app, "<Left>");
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("The clock is on seat 4: 50 seconds"),
        "{screen}"
    );
    assert!(screen.contains("Seat 4's time is up"), "{screen}");
    press(&mut app, "<Esc>");
    // Called, expired and stopped: all three are in the journal.
    let loaded = journal::load(&path).expect("loads");
    let events: Vec<&TableEvent> = loaded
        .table
        .iter()
        .flat_map(|(_, r)| r.events.iter())
        .collect();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::PlayerClockCalled { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::PlayerClockExpired { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TableEvent::PlayerClockStopped))
    );
}

#[test]
fn acting_in_time_stops_the_clock_and_the_key_stops_it_too() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, None);
    call_the_clock(&mut app);
    clock.advance(10_000);
    press(&mut app, "c");
    assert!(!screen_text(&app, 120, 32).contains("Clock on seat"));
    call_the_clock(&mut app);
    assert!(screen_text(&app, 120, 32).contains("Clock on seat 1"));
    press(&mut app, "k");
    assert_eq!(message(&app), "The player clock stops.");
    assert!(!screen_text(&app, 120, 32).contains("Clock on seat"));
}

#[test]
fn session_lines_in_the_command_bar_seat_a_player_between_hands() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, None);
    press(&mut app, ":seat 5 sit 8000 Ann<Enter>");
    assert_eq!(app.message().map(|m| m.kind), Some(MessageKind::Refusal));
    assert!(
        message(&app).contains("finish it first"),
        "{}",
        message(&app)
    );
    press(&mut app, "<Esc>");
    fold_round(&mut app);
    lines(&mut app, &["seat 5 sit 8000 Ann", "hand-for-hand on"]);
    let screen = screen_text(&app, 120, 32);
    assert!(screen.contains("HAND-FOR-HAND"));
    // Issue 17 item 23: the session lines were in replay but not in the
    // table's log.
    let log: Vec<&str> = screen.lines().filter(|l| l.contains("│· ")).collect();
    assert!(
        log.iter().any(|l| l.contains("Ann"))
            && log
                .iter()
                .any(|l| l.to_lowercase().contains("hand-for-hand")),
        "{screen}"
    );
    press(&mut app, ":seat 11 sit 100<Enter>");
    assert!(message(&app).starts_with("Column 6"), "{}", message(&app));
    press(&mut app, "<Esc>");
    lines(&mut app, &["hand"]);
    assert_eq!(hand_number(&app), 2);
    let names = app.names().expect("names");
    assert_eq!(names.get(&5).map(String::as_str), Some("Ann"));
}

#[test]
fn a_restart_after_a_finished_hand_continues_the_table_and_new_opens_another() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, Some("100/200,200/400:25"));
    fold_round(&mut app); // seat 3 wins the blinds: 10,100
    let stacks: Vec<u64> = {
        let st = app.state().expect("a hand");
        st.occupied().map(|s| st.seat(s).stack.get()).collect()
    };
    assert_eq!(stacks, [10_000, 9_900, 10_100, 10_000]);
    drop(app); // as a SIGKILL between hands: the journal is all there is
    clock.advance(25 * 60_000);
    let mut app = table_app(&path, &clock, false, Some("100/200,200/400:25"));
    assert_eq!(app.mode(), Mode::Table);
    // Between hands, on the hand played (issue 17, item 10): `n` deals.
    assert_eq!(hand_number(&app), 1);
    assert!(message(&app).contains("The table goes on after hand 1"));
    press(&mut app, "n");
    assert_eq!(hand_number(&app), 2);
    let setup = &app.session().expect("a session").header().setup;
    assert_eq!(setup.button.number(), 2, "the button moves on");
    let carried: Vec<u64> = setup.stacks.iter().map(|(_, c)| c.get()).collect();
    assert_eq!(carried, [10_000, 9_900, 10_100, 10_000]);
    assert_eq!(blinds(&app), (200, 400, 25), "the level the clock says");
    fold_round(&mut app);
    drop(app);
    let app = table_app(&path, &clock, true, None);
    assert_eq!(hand_number(&app), 3);
    let setup = &app.session().expect("a session").header().setup;
    assert!(
        setup.stacks.iter().all(|(_, c)| c.get() == 10_000),
        "a new table"
    );
    assert!(message(&app).contains("A new table"));
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 3);
}

#[test]
fn the_session_bar_at_80x24() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(
        &dir.path().join("j.jsonl"),
        &clock,
        false,
        Some("100/200,200/400:25,300/600:bb600"),
    );
    clock.advance(7 * 60_000 + 12_000);
    call_the_clock(&mut app);
    clock.advance(8_000);
    insta::assert_snapshot!(screen_text(&app, 80, 24));
}

/// Regression (issue 17, item 13): when a player's time ran out, the floor
/// prompt opened by itself and took the keys typed at that instant
/// (`dead-handqy`). Keys typed as it opens are held until a pause.
#[test]
fn a_prompt_that_opens_by_itself_takes_no_key_typed_as_it_opens() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&dir.path().join("j.jsonl"), &clock, false, None);
    call_the_clock(&mut app);
    clock.advance(60_001);
    assert!(app.tick());
    type_ahead(&mut app, "qy");
    let prompt = app.prompt().expect("the dead-hand ruling is offered");
    assert_eq!(prompt.text, "dead-hand");
    assert!(!app.should_quit());
    assert!(app.overlay().is_none(), "no quit question");
    assert!(
        message(&app).ends_with("Not taken, typed as it opened: qy."),
        "{}",
        message(&app)
    );
    // After a pause the prompt takes keys.
    press(&mut app, "<Enter>");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let st = app.state().expect("a hand");
    assert_eq!(
        st.actions.last().map(ToString::to_string).as_deref(),
        Some("s4 fold")
    );
}

/// Regression (issue 17, items 10 and 12): a start on a journal whose last
/// hand was finished dealt the next hand at once (no session line could
/// be keyed first), and the log no longer reached the hands played before
/// the restart.
#[test]
fn a_restart_between_hands_opens_between_hands_with_the_session_in_the_log() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, None);
    fold_round(&mut app);
    press(&mut app, "n");
    fold_round(&mut app);
    drop(app);
    let mut app = table_app(&path, &clock, false, None);
    assert_eq!(hand_number(&app), 2, "on the hand played last");
    assert!(!app.session().expect("a session").hand_open());
    assert!(
        message(&app).contains("between hands: n deals hand 3"),
        "{}",
        message(&app)
    );
    assert_log_reaches_hand_1(&mut app, &[1]);
    // The table has taken hand 2's result; undo takes it back and opens
    // the hand again (journaled), redo ends it again.
    let stacks = |app: &App| {
        let t = app.session().and_then(|s| s.table()).expect("a table");
        t.seats.values().map(|p| p.chips.get()).collect::<Vec<_>>()
    };
    let ended = stacks(&app);
    let undo_reopens = |app: &mut App| {
        press(app, "u");
        assert_ne!(
            app.message().map(|m| m.kind),
            Some(MessageKind::Refusal),
            "{}",
            message(app)
        );
        assert!(app.session().expect("a session").hand_open());
    };
    undo_reopens(&mut app);
    assert!(
        app.session()
            .and_then(|s| s.table())
            .expect("a table")
            .in_hand
    );
    press(&mut app, "U");
    assert!(!app.session().expect("a session").hand_open());
    // A session line first (the table takes the end again), then the next hand.
    lines(&mut app, &["seat 4 name Dee"]);
    assert_eq!(stacks(&app), ended);
    assert_eq!(hand_number(&app), 2);
    // Issue 32 item 7: a name is no change of chips or seats, so the hand
    // is not final yet: undo takes the end back as without it, and the
    // name stays.
    undo_reopens(&mut app);
    let name_of_4 = |app: &App| {
        let t = app.session().and_then(|s| s.table()).expect("a table");
        t.seats
            .iter()
            .find(|(s, _)| s.number() == 4)
            .map(|(_, p)| p.name.clone())
    };
    assert_eq!(name_of_4(&app).as_deref(), Some("Dee"));
    press(&mut app, "U");
    assert!(!app.session().expect("a session").hand_open());
    lines(&mut app, &["seat 4 add 500"]);
    // The table changed since the end: the hand is final now.
    press(&mut app, "u");
    assert!(
        message(&app).contains("the table has changed since it ended"),
        "{}",
        message(&app)
    );
    press(&mut app, "n");
    assert_eq!(hand_number(&app), 3);
    let names = app.names().expect("names");
    assert_eq!(names.get(&4).map(String::as_str), Some("Dee"));
    assert_log_reaches_hand_1(&mut app, &[1, 2]);
    drop(app);
    floorcall::journal::verify::verify_file(
        &path,
        &floorcall::journal::verify::VerifyOptions::default(),
    )
    .unwrap_or_else(|e| panic!("the journal verifies: {e}"));
}

/// The log holds the earlier hands `numbers`, and Home scrolls it back to
/// hand 1 (End comes back).
fn assert_log_reaches_hand_1(app: &mut App, numbers: &[u32]) {
    let earlier: Vec<u32> = app.earlier_hands().iter().map(|(n, _)| *n).collect();
    assert_eq!(earlier, numbers);
    press(app, "<Home>");
    let screen = screen_text(app, 120, 40);
    assert!(screen.contains("══ Hand 1 ══"), "{screen}");
    press(app, "<End>");
}

/// Issue 17, item 12, for a hand cut off mid-way: resumed, its log goes
/// back through the table's hands before it.
#[test]
fn a_resumed_hand_has_the_session_in_the_log() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = table_app(&path, &clock, false, None);
    fold_round(&mut app);
    press(&mut app, "n");
    press(&mut app, "c");
    drop(app);
    let mut app = table_app(&path, &clock, false, None);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "y");
    assert_eq!(hand_number(&app), 2);
    assert_log_reaches_hand_1(&mut app, &[1]);
}

/// Issue 17 item 23: a player waiting for the button to pass (TDA 7, 9)
/// showed as "empty", and a big-blind ante read "ante 600" on the top line.
#[test]
fn a_waiting_player_shows_as_waiting_and_a_big_blind_ante_says_so() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let (journal, _) = Journal::open_with(
        &dir.path().join("j.jsonl"),
        JournalOptions {
            clock: Some(Arc::new(SteppingClock::new(T0, 0, 0))),
            table: None,
        },
    )
    .expect("opens");
    let flags = TableFlags {
        seats: Some(6),
        stacks: Some("10000,10000,,10000,10000,".into()),
        blinds: Some("100/200".into()),
        button: Some(1),
        ..TableFlags::default()
    };
    let choice = TableChoice::opening(None, &flags).expect("valid flags");
    let mut app = App::new(AppOptions {
        keymap: Keymap::default(),
        theme: Theme::default(),
        choice,
        start_now: true,
        journal: Some(journal),
        table: None,
        structure: Some(Structure::from_flag("100/200:bb200", 20).expect("levels")),
        level_minutes: 20,
        bell: true,
        ..AppOptions::default()
    });
    let top = screen_text(&app, 120, 40);
    let first = top.lines().next().unwrap_or_default();
    assert!(first.contains("bb-ante 200"), "{first}");
    // The tda-new-player-not-dealt-between-small-blind-and-button scenario.
    lines(
        &mut app,
        &[
            "s5 fold",
            "s1 fold",
            "s2 fold",
            "seat 3 sit 10000 Ann",
            "hand",
        ],
    );
    assert!(
        !app.state()
            .expect("a hand")
            .seat(floorcall::table::Seat::new(3).expect("seat 3"))
            .occupied
    );
    for (w, h) in [(120, 40), (80, 24)] {
        let screen = screen_text(&app, w, h);
        assert!(screen.contains("waiting"), "{w}x{h}:\n{screen}");
    }
}

/// A link to the floor whose state the test sets, counting its pokes.
#[derive(Debug, Clone, Default)]
struct SetLink {
    status: Arc<std::sync::Mutex<Option<LinkStatus>>>,
    pokes: Arc<std::sync::atomic::AtomicUsize>,
}

impl SetLink {
    fn set(&self, status: LinkStatus) {
        *self.status.lock().expect("the lock") = Some(status);
    }

    fn pokes(&self) -> usize {
        self.pokes.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl FloorLink for SetLink {
    fn poke(&self) {
        self.pokes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    fn status(&self) -> LinkStatus {
        self.status
            .lock()
            .expect("the lock")
            .clone()
            .unwrap_or(LinkStatus::Connecting)
    }
}

#[test]
fn the_status_line_shows_the_link_to_the_floor_in_each_state_and_nothing_without_one() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let path = dir.path().join("j.jsonl");
    // Without a floor nothing about one shows.
    let app = table_app(&path, &clock, false, None);
    assert!(!screen_text(&app, 80, 24).contains("floor:"));
    drop(app);
    let link = SetLink::default();
    let flags = four_seats();
    let path = dir.path().join("linked.jsonl");
    let mut options = table_options(&path, &clock, false, None, &flags);
    options.link = Some(Box::new(link.clone()));
    let mut app = App::new(options);
    let screen = screen_text(&app, 80, 24);
    assert!(screen.contains("floor: connecting"), "{screen}");
    // Every key pokes the link (it never waits on it).
    let before = link.pokes();
    press(&mut app, "f");
    assert!(link.pokes() > before, "the fold did not poke the link");
    let states = [
        (LinkStatus::Live, "floor: live", false),
        (LinkStatus::Behind(12), "floor: behind by 12", false),
        (
            LinkStatus::Offline {
                since: "21:04".into(),
                waiting: 3,
                why: "the database: connection refused".into(),
            },
            "floor: offline since 21:04",
            false,
        ),
        (LinkStatus::Fork { seq: 7 }, "floor: FORK at record 7", true),
        (
            LinkStatus::Refused("the database refused: not this table".into()),
            "floor: refused: the database refused: not this table",
            true,
        ),
    ];
    for (status, text, loud) in states {
        link.set(status.clone());
        // The loop's tick takes the new state, and says to draw again.
        assert!(app.tick(), "{status:?}: no redraw");
        assert!(!app.tick(), "{status:?}: a redraw with nothing new");
        let terminal = crate::tui::fixtures::draw(&app, 100, 24);
        let buffer = terminal.backend().buffer();
        let screen = crate::tui::fixtures::buffer_text(buffer);
        let row = screen
            .lines()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text:?} not on the screen:\n{screen}"));
        let x = screen
            .lines()
            .nth(row)
            .expect("the row")
            .find("floor:")
            .expect("floor:");
        let reversed = buffer[(x as u16, row as u16)]
            .modifier
            .contains(ratatui::style::Modifier::REVERSED);
        assert_eq!(reversed, loud, "{text}: highlighted {reversed}");
        // The table's own status lines are still there.
        assert!(screen.contains("? help"), "{screen}");
    }
    // A stopped link shows on the smallest screen too.
    link.set(LinkStatus::Fork { seq: 7 });
    app.tick();
    for (w, h) in [(40, 12), (80, 19)] {
        let screen = screen_text(&app, w, h);
        assert!(screen.contains("floor: FORK"), "{w}x{h}:\n{screen}");
    }
}
