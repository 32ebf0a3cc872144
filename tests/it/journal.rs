//! The journal: every entry on disk before the session returns, reloads to
//! the same hand, a torn last line dropped, damage reported with the file
//! and line and nothing changed; sessions across hands.

use std::collections::BTreeMap;
use std::path::Path;

use floorcall::journal::{self, HandHeader, Journal, JournalError, Session};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::hand::Hand;
use floorcall::table::{Chips, Seat, Street};
use floorcall::tui::app::Mode;
use floorcall::tui::{App, AppOptions};

use super::support::table;

fn header(stacks: &[u64], button: u8) -> HandHeader {
    let names = BTreeMap::from([(1, "Ann".to_string())]);
    HandHeader::new("tda", 1, 9, names, table(stacks, button, (100, 200)))
}

fn play(session: &mut Session, lines: &[&str]) {
    for line in lines {
        let command = parse_line(line).expect("valid").expect("a command");
        session
            .execute(&command, Some(line.to_string()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

fn journaled(path: &Path, lines: &[&str]) -> Session {
    let (journal, loaded) = Journal::open(path).expect("opens");
    assert!(loaded.hands.is_empty());
    let mut session = Session::start(
        header(&[5_000, 5_000, 5_000], 1),
        HouseRules::tda(),
        &mut Some(journal),
    )
    .expect("starts");
    play(&mut session, lines);
    session
}

const LINES: &[&str] = &[
    "s1 raise 600",
    "s2 push 700", // 800 facing 600: half a minimum raise, so a raise to 1000
    "s3 call",
    "s1 call",
    "flop AsKd7c",
    "s2 check",
];

fn reload(path: &Path) -> Hand {
    let loaded = journal::load(path).expect("loads");
    let hand = loaded.hands.last().expect("a hand").clone();
    Hand::from_entries(hand.entries, HouseRules::tda())
}

#[test]
fn a_journal_reloads_to_the_same_hand() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = journaled(&path, LINES);
    session.undo().expect("undo");
    session.redo().expect("redo");
    session.undo().expect("undo");
    let hand = reload(&path);
    assert_eq!(hand.state(), session.state());
    assert_eq!(hand.entries(), session.hand().entries());
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands[0].header, *session.header());
    assert_eq!(loaded.torn_line, None);
}

#[test]
fn every_entry_is_on_disk_when_execute_returns() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = journaled(&path, &[]);
    for (i, line) in LINES.iter().enumerate() {
        play(&mut session, &[line]);
        let on_disk = journal::load(&path).expect("loads").hands[0].entries.len();
        assert_eq!(on_disk, i + 2, "after '{line}'");
    }
}

#[test]
fn a_refused_command_writes_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = journaled(&path, &[]);
    let before = std::fs::read(&path).expect("read");
    let bad = parse_line("s1 raise 300")
        .expect("valid")
        .expect("a command");
    assert!(session.execute(&bad, None).is_err());
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn a_torn_last_line_is_dropped_and_cut_on_open() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let full = std::fs::read(&path).expect("read");
    // A crash in the middle of writing the last entry.
    std::fs::write(&path, &full[..full.len() - 20]).expect("written");
    let loaded = journal::load(&path).expect("a torn tail is not damage");
    let lines = full.iter().filter(|b| **b == b'\n').count();
    assert_eq!(loaded.torn_line, Some(lines));
    assert_eq!(loaded.hands[0].entries.len(), LINES.len());
    // Opening cuts the torn part; appending goes on from the last whole line.
    let (journal, loaded) = Journal::open(&path).expect("opens");
    let mut session = Session::resume(loaded.hands[0].clone(), HouseRules::tda(), Some(journal));
    play(&mut session, &["s2 check"]);
    let hand = reload(&path);
    assert_eq!(hand.state(), session.state());
    assert_eq!(journal::load(&path).expect("loads").torn_line, None);
}

fn corrupt(path: &Path, line: usize, with: impl Fn(&str) -> String) {
    let text = std::fs::read_to_string(path).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[line - 1] = with(&lines[line - 1]);
    std::fs::write(path, lines.join("\n") + "\n").expect("written");
}

fn corrupt_error(path: &Path) -> (usize, String) {
    let before = std::fs::read(path).expect("read");
    let err = Journal::open(path).expect_err("damaged");
    assert_eq!(
        std::fs::read(path).expect("read"),
        before,
        "nothing changed"
    );
    match err {
        JournalError::Corrupt { line, .. } => {
            let text = err.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains(&format!("line {line}")), "{text}");
            (line, text)
        }
        other => panic!("not reported as damage: {other}"),
    }
}

#[test]
fn a_line_that_is_not_json_is_an_error_with_its_line_number() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    corrupt(&path, 4, |l| l.replace("\"seq\"", "seq"));
    let (line, text) = corrupt_error(&path);
    assert_eq!(line, 4);
    assert!(text.contains("not a journal record"), "{text}");
}

#[test]
fn another_event_version_is_an_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    corrupt(&path, 1, |l| l.replace("\"version\":1", "\"version\":99"));
    let (line, text) = corrupt_error(&path);
    assert_eq!(line, 1);
    assert!(text.contains("event version 99"), "{text}");
}

#[test]
fn entries_out_of_order_are_an_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    corrupt(&path, 5, |l| l.replace("\"seq\":3", "\"seq\":7"));
    let (line, text) = corrupt_error(&path);
    assert_eq!(line, 5);
    assert!(text.contains("out of order"), "{text}");
}

#[test]
fn a_hand_whose_table_cannot_start_is_damage_naming_the_file_and_line() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    // Three stacks of 6 x 10^14: more than a table may have in play.
    let header = std::fs::read_to_string(&path).expect("read");
    let header = header.lines().next().expect("a header");
    assert!(
        header.contains("\"stacks\":[[1,5000],[2,5000],[3,5000]]"),
        "{header}"
    );
    corrupt(&path, 1, |l| l.replace(",5000]", ",600000000000000]"));
    let (line, text) = corrupt_error(&path);
    assert_eq!(line, 1);
    assert!(
        text.ends_with(
            "line 1: hand 1: The table cannot start: the stacks come to 1,800,000,000,000,000 chips in play, more than the most a table may have, 1,000,000,000,000,000."
        ),
        "{text}"
    );
    // The blinds rule is the same as everywhere else.
    drop(journaled(&dir.path().join("k.jsonl"), LINES));
    let path = dir.path().join("k.jsonl");
    corrupt(&path, 1, |l| {
        l.replace("\"big_blind\":200", "\"big_blind\":0")
    });
    let (line, text) = corrupt_error(&path);
    assert_eq!(line, 1);
    assert!(
        text.contains("hand 1: The table cannot start: the big blind is 0"),
        "{text}"
    );
}

#[test]
fn the_next_hand_carries_stacks_moves_the_button_and_busted_seats_leave() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = Journal::open(&path).expect("opens");
    let mut session = Session::start(
        header(&[1_000, 3_000, 5_000], 3),
        HouseRules::tda(),
        &mut Some(journal),
    )
    .expect("starts");
    // Button 3: seat 1 small blind, seat 2 big blind, seat 3 first to act.
    play(
        &mut session,
        &[
            "s3 allin",
            "s1 allin",
            "s2 fold",
            "s1 hole 2c7d",
            "s3 hole AhAd",
            "flop AsKd9c",
            "turn 4h",
            "river 3s",
            "s1 show",
            "s3 show",
        ],
    );
    assert_eq!(session.state().street, Street::Done);
    assert!(!session.hand_open());
    session.next_hand().expect("the next hand");
    let h = session.header();
    assert_eq!(h.number, 2);
    assert_eq!(
        h.setup.stacks,
        vec![
            (Seat::new(2).expect("2"), Chips(2_800)),
            (Seat::new(3).expect("3"), Chips(6_200))
        ]
    );
    assert_eq!(
        h.setup.button,
        Seat::new(2).expect("the next occupied seat clockwise")
    );
    assert!(h.names.is_empty(), "seat 1 left with its name");
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 2);
    assert_eq!(loaded.hands[1].header, *h);
    let again = Session::start(header(&[1_000, 0, 0], 1), HouseRules::tda(), &mut None);
    assert!(again.is_err(), "one player is no game");
}

#[test]
fn an_unfinished_journal_is_offered_for_resume() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let live = journaled(&path, LINES);
    let expected = live.state().clone();
    drop(live);
    let open = |resume: bool| {
        let (journal, loaded) = Journal::open(&path).expect("opens");
        App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume,
            ..AppOptions::default()
        })
    };
    let mut app = open(false);
    assert_eq!(app.mode(), Mode::Resume);
    super::tui_fixtures::press(&mut app, "y");
    assert_eq!(app.mode(), Mode::Table);
    assert_eq!(app.state(), Some(&expected));
    drop(app);
    let app = open(true);
    assert_eq!(app.state(), Some(&expected), "--resume takes it up at once");
    drop(app);
    let mut app = open(false);
    super::tui_fixtures::press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Setup);
    super::tui_fixtures::press(&mut app, "<Enter>");
    assert_eq!(app.session().map(|s| s.header().number), Some(2));
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 2, "the old hand stays in the journal");
}

#[test]
fn a_ruling_waiting_when_the_session_stopped_is_asked_again_on_resume() {
    let resumed = |lines: &[&str]| {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("j.jsonl");
        drop(journaled(&path, lines));
        let (journal, loaded) = Journal::open(&path).expect("opens");
        App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume: true,
            ..AppOptions::default()
        })
    };
    // An undercall facing a raise multi-way is the TD's (TDA 39-B): the
    // floor's choice is asked again.
    let app = resumed(&["s1 raise 600", "s2 push 300", "s3 call"]);
    let panel = app.ruling().expect("the ruling is shown again");
    assert_eq!(panel.rulings[0].id.as_str(), "undercall");
    // The 50% standard the house settles by itself: nothing to ask.
    let app = resumed(&LINES[..3]);
    assert!(app.ruling().is_none());
}

#[test]
fn an_accepted_ruling_is_on_disk_and_undo_passes_over_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    // s2's push binds (a fifty-percent ruling) when s3 acts.
    let mut session = journaled(&path, &["s1 raise 600", "s2 push 700", "s3 call"]);
    let ruled = session.hand().entries().len() as u32 - 1;
    session
        .accept_rulings(ruled)
        .expect("accepted and journaled");
    assert_eq!(
        session.accept_rulings(0).unwrap_err().to_string(),
        "Nothing to accept.",
        "the start of the hand suggested no ruling"
    );
    let hand = reload(&path);
    assert!(
        hand.rulings_accepted(ruled),
        "the acceptance reads back from the disk"
    );
    assert_eq!(
        hand.entries().last().and_then(|e| e.line.as_deref()),
        Some("# floor accepts fifty-percent")
    );
    // Undo retracts the action, not the note that its ruling was accepted.
    let before_call = session.state().actions.len();
    session.undo().expect("undo");
    assert_eq!(
        session.state().actions.len(),
        before_call - 2,
        "s3's call and the s2 push it bound"
    );
}

/// Runs `f` on another thread and fails if it has not returned within ten
/// seconds (a FIFO opened for reading waits for a writer for ever).
fn within_ten_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .expect("returned within 10 s, without waiting on the file")
}

#[cfg(unix)]
#[test]
fn a_special_file_is_refused_before_it_is_opened() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fifo = dir.path().join("journal.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let opened = {
        let fifo = fifo.clone();
        within_ten_seconds(move || Journal::open(&fifo).map(|_| ()))
    };
    let err = opened.expect_err("a FIFO is not a journal");
    assert_eq!(
        err.to_string(),
        format!(
            "{}: opening the journal failed: it is a named pipe (FIFO), not a regular file.",
            fifo.display()
        )
    );
    let loaded = {
        let fifo = fifo.clone();
        within_ten_seconds(move || journal::load(&fifo).map(|_| ()))
    };
    assert!(loaded.is_err());
    // A device that never ends is not read until the memory runs out.
    let err = within_ten_seconds(|| journal::load(Path::new("/dev/zero")).map(|_| ()))
        .expect_err("a device is not a journal");
    assert_eq!(
        err.to_string(),
        "/dev/zero: reading the journal failed: it is a character device, not a regular file."
    );
    let err = within_ten_seconds(|| Journal::open(Path::new("/dev/zero")).map(|_| ()))
        .expect_err("a device is not a journal");
    assert!(err.to_string().contains("not a regular file"), "{err}");
}

#[test]
fn an_os_error_is_in_the_message_and_not_again_as_the_source() {
    // A chain of errors used to name it twice:
    // "...No such file or directory (os error 2).: No such file or directory (os error 2)".
    let dir = tempfile::tempdir().expect("a temp dir");
    let err = journal::load(&dir.path().join("none.jsonl")).expect_err("not there");
    assert!(err.to_string().ends_with("(os error 2)."), "{err}");
    assert!(std::error::Error::source(&err).is_none());
    let err =
        floorcall::rules::HouseRules::load(&dir.path().join("none.toml").display().to_string())
            .expect_err("not there");
    assert!(err.to_string().ends_with("(os error 2)"), "{err}");
    assert!(std::error::Error::source(&err).is_none());
    let err = floorcall::scenario::load(&dir.path().join("none.toml")).expect_err("not there");
    assert!(std::error::Error::source(&err).is_none());
}
