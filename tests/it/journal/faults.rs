//! Faults: nothing half-written survives, nothing forged resumes.

use super::sessions::resumed_with;
use super::*;

/// A three-seat table (5,000 each, button 1) opened by the app on the
/// journal at `path` with `faults`, its first hand folded to the big
/// blind (the button and the small blind fold).
pub(super) fn folded_table(path: &Path, faults: Faults) -> App {
    use floorcall::tui::setup::TableChoice;
    let (mut journal, _) = open(path);
    journal.inject_faults(faults);
    let mut app = App::new(AppOptions {
        journal: Some(journal),
        choice: TableChoice {
            seats: 3,
            stacks: vec![5_000; 10],
            ..TableChoice::default()
        },
        start_now: true,
        ..AppOptions::default()
    });
    assert_eq!(app.mode(), Mode::Table, "{:?}", app.message());
    press(&mut app, "f");
    press(&mut app, "f");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_eq!(app.state().map(|s| s.street), Some(Street::Done));
    app
}

#[test]
fn a_disk_that_fills_during_n_leaves_the_journal_and_the_table_as_they_were() {
    // `n` writes the hand's end, the next hand begun and its header. The
    // disk filled at the third: the first two stayed, the table moved on in
    // memory, and `n` again skipped a seat ("hand 3 follows hand 1").
    let dir = tempfile::tempdir().expect("a temp dir");
    // What `n` writes, from a run without the fault (the runs are alike
    // byte for byte: the same keys, the same stepping clock).
    let dry = dir.path().join("dry.jsonl");
    let mut app = folded_table(&dry, Faults::default());
    let (len, before) = (
        std::fs::metadata(&dry).expect("a file").len(),
        lines_of(&dry).len(),
    );
    press(&mut app, "n");
    drop(app);
    let written = lines_of(&dry)[before..].to_vec();
    assert!(written.len() >= 3, "{written:?}");
    assert!(
        written[2].starts_with("{\"record\":\"hand\""),
        "{written:?}"
    );
    // The disk has room for the first two records, not the third.
    let room = (written[0].len() + written[1].len() + 2 + 10) as u64;
    let path = dir.path().join("j.jsonl");
    let mut app = folded_table(
        &path,
        Faults {
            space: Some(len + room),
            ..Faults::default()
        },
    );
    let bytes = std::fs::read(&path).expect("read");
    assert_eq!(bytes.len() as u64, len);
    let button = |app: &App| {
        app.session()
            .and_then(|s| s.table())
            .and_then(|t| t.positions)
            .map(|p| p.button.number())
    };
    let (number, at) = (
        app.session().expect("a session").header().number,
        button(&app),
    );
    press(&mut app, "n");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal, "{}", m.text);
    assert!(
        m.text.ends_with("Nothing was recorded: key it again."),
        "{}",
        m.text
    );
    let now = std::fs::read(&path).expect("read");
    assert!(
        now == bytes,
        "nothing stays: {} bytes before, {} now",
        bytes.len(),
        now.len()
    );
    assert_eq!(app.session().expect("a session").header().number, number);
    assert_eq!(button(&app), at, "the table has not moved on");
    // The disk has room again: the next hand, the button moved once.
    press(&mut app, "n");
    let header = app.session().expect("a session").header().clone();
    assert_eq!(header.number, number + 1);
    assert_eq!(header.setup.button.number(), 2);
    drop(app);
    verify(&path).expect("verifies");
}

#[test]
fn a_write_whose_sync_and_cut_failed_is_dropped_by_the_next_start() {
    // The undo the screen refused was in effect after the restart, and
    // verify said OK.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, &LINES[..3]));
    let entries = journal::load(&path).expect("loads").hands[0].entries.len();
    let mut app = resumed_with(
        &path,
        Faults {
            sync_fails: true,
            cut_fails: true,
            ..Faults::default()
        },
    );
    let state = app.state().cloned();
    press(&mut app, "u");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal);
    assert!(m.text.contains("the journal is unusable"), "{}", m.text);
    assert!(m.text.contains("the sync was made to fail"), "{}", m.text);
    assert_eq!(app.state().cloned(), state, "not taken");
    drop(app);
    // The undo's bytes are on the disk, marked as never acknowledged:
    // verify does not count them.
    // (The run's session record comes first in its first step.)
    let lines = lines_of(&path);
    let pending = lines
        .iter()
        .position(|l| l.starts_with('?'))
        .expect("a pending step");
    assert!(
        lines[pending].starts_with("?\"record\":\"session\""),
        "{}",
        lines[pending]
    );
    assert_eq!(pending + 2, lines.len());
    assert!(lines[pending + 1].contains("\"entry-retracted\""));
    let v = verify(&path).expect("verifies");
    assert_eq!(v.entries, entries, "{v:?}");
    assert!(v.notes[0].contains("never acknowledged"), "{:?}", v.notes);
    // The next start drops it and says so; the hand is as the screen
    // showed it.
    let (journal, loaded) = open(&path);
    let said = journal.repaired().expect("repaired").to_string();
    assert!(said.contains("never acknowledged"), "{said}");
    assert_eq!(loaded.hands[0].entries.len(), entries);
    assert!(
        loaded.hands[0]
            .entries
            .iter()
            .all(|e| e.retracted_target().is_none())
    );
    drop(journal);
    assert_eq!(verify(&path).expect("verifies").entries, entries);
    assert!(!std::fs::read_to_string(&path).expect("read").contains('?'));
}

#[test]
fn a_crash_inside_a_step_drops_the_whole_step_on_the_next_start() {
    // The hand's end, the next hand begun and its header: a crash (the
    // step still marked pending) after any of them drops them all.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut app = folded_table(&path, Faults::default());
    let bytes = std::fs::read(&path).expect("read");
    press(&mut app, "n");
    drop(app);
    let after = std::fs::read(&path).expect("read");
    let step = &after[bytes.len()..];
    let second_line = step.iter().position(|b| *b == b'\n').expect("lines") + 1;
    // Cut inside its third record, its mark not yet made.
    let mut torn = bytes.clone();
    torn.push(floorcall::journal::PENDING);
    torn.extend_from_slice(&step[1..second_line + 40]);
    std::fs::write(&path, &torn).expect("written");
    let (journal, loaded) = open(&path);
    assert!(
        journal
            .repaired()
            .is_some_and(|r| r.contains("never acknowledged")),
        "{:?}",
        journal.repaired()
    );
    assert_eq!(loaded.hands.len(), 1);
    drop(journal);
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
}

/// The 1-based line of the first record of `kind` at or after `from`.
pub(super) fn line_of(path: &Path, kind: &str, from: usize) -> usize {
    let lines = lines_of(path);
    from + lines[from - 1..]
        .iter()
        .position(|l| l.starts_with(&format!("{{\"record\":\"{kind}\"")))
        .unwrap_or_else(|| panic!("no {kind} record from line {from}"))
}

/// Refuses to open, leaving the file as it was; the line and message.
pub(super) fn refused_at_start(path: &Path) -> (usize, String) {
    let before = std::fs::read(path).expect("read");
    let err = Journal::open(path).expect_err("refused at start");
    assert_eq!(std::fs::read(path).expect("read"), before, "left as it was");
    match err {
        JournalError::Corrupt { line, .. } => (line, err.to_string()),
        other => panic!("not named at a line: {other}"),
    }
}

/// Forges the stacks `from` into `to` in every line from `first` on that
/// holds them (the hand's table record, header and start), the chain
/// rewritten.
fn forge_stacks(path: &Path, first: usize, from: &str, to: &str) {
    let mut lines = lines_of(path);
    let mut changed = 0;
    for line in &mut lines[first - 1..] {
        if line.contains(from) {
            *line = line.replace(from, to);
            changed += 1;
        }
    }
    assert!(changed >= 2, "{from} is in the hand's lines");
    rechain(&mut lines);
    write_lines(path, &lines);
}

#[test]
fn verify_and_a_start_name_a_next_hand_that_begins_with_chips_the_last_did_not_leave() {
    // A table (kept by the app): hand 1 folds to the big blind, seat 3
    // (5,300); hand 2 then begins with 500 chips moved from seat 1 to
    // seat 2. The chips add up, so only the boundary tells.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut app = folded_table(&path, Faults::default());
    press(&mut app, "n");
    drop(app);
    verify(&path).expect("verifies as written");
    let hand2 = line_of(&path, "hand", line_of(&path, "seal", 1));
    let begun = hand2 - 1;
    assert!(lines_of(&path)[begun - 1].contains("hand-begun"));
    forge_stacks(
        &path,
        begun,
        "\"stacks\":[[1,5000],[2,4900],[3,5100]]",
        "\"stacks\":[[1,4500],[2,5400],[3,5100]]",
    );
    let (line, text) = bad_record(&path);
    assert_eq!(line, hand2, "{text}");
    assert!(
        text.contains("hand 2 starts seat 1 with 4,500 chips, but the table holds 5,000 for it"),
        "{text}"
    );
    assert_eq!(refused_at_start(&path).0, hand2);
    // Without a table, from the hand before.
    let path = dir.path().join("plain.jsonl");
    drop(three_hands(&path));
    let hand2 = line_of(&path, "hand", 3);
    forge_stacks(
        &path,
        hand2,
        "\"stacks\":[[1,5300],[2,4900],[3,4800]]",
        "\"stacks\":[[1,4800],[2,5400],[3,4800]]",
    );
    let (line, text) = bad_record(&path);
    assert_eq!(line, hand2, "{text}");
    assert!(
        text.contains("hand 2 starts with the stacks seat 1 4,800, seat 2 5,400, seat 3 4,800, but hand 1 left seat 1 5,300, seat 2 4,900, seat 3 4,800"),
        "{text}"
    );
}
