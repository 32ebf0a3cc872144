//! The journal: every entry on disk before the session returns, reloads to
//! the same hand, a torn last line dropped, damage reported with the file
//! and line and nothing changed; sessions across hands. The chain: every
//! record linked and timed, the house embedded, finished hands sealed, and
//! `verify` catching an edited byte, a removed, moved or repeated record or
//! hand, a cut-off end (against a noted head), and a forger who rewrites
//! the chain but not the chips. One writer at a time; format-1 journals
//! still read.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use floorcall::journal::chain::{self, Head};
use floorcall::journal::verify::{Verified, VerifyError, VerifyOptions, verify_file};
use floorcall::journal::{
    self, Faults, HandHeader, Journal, JournalError, JournalOptions, Loaded, Session, SteppingClock,
};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::hand::Hand;
use floorcall::table::{Chips, Seat, Street};
use floorcall::tui::app::{MessageKind, Mode, Overlay};
use floorcall::tui::{App, AppOptions};

use super::home::Home;
use super::support::table;
use super::tui::fixtures::{press, screen_text};

/// 2025-11-22 12:36:01 UTC, a second a reading, in a room at UTC+1.
const T0: i64 = 1_763_814_961_000;

fn options() -> JournalOptions {
    JournalOptions {
        clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 3600))),
        table: Some("Table 4".into()),
    }
}

fn open(path: &Path) -> (Journal, Loaded) {
    Journal::open_with(path, options()).unwrap_or_else(|e| panic!("opens: {e}"))
}

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
    let (journal, loaded) = open(path);
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

/// Lines 1 session, 2 hand, 3 the start (entry 0), then one a line.
const LINES: &[&str] = &[
    "s1 raise 600",
    "s2 push 700", // 800 facing 600: half a minimum raise, so a raise to 1000
    "s3 call",
    "s1 call",
    "flop AsKd7c",
    "s2 check",
];

/// Button 1: seat 1 raises, seats 2 (small blind) and 3 (big blind) fold:
/// seat 1 takes the blinds back and 300 more.
const FOLDED: &[&str] = &["s1 raise 600", "s2 fold", "s3 fold"];

/// Three hands, each folded round to a raise: lines of the journal for
/// hand 1 are 2..=7 (hand, start, three entries, seal), and so on.
fn three_hands(path: &Path) -> Session {
    let mut session = journaled(path, FOLDED);
    for _ in 0..2 {
        session.next_hand().expect("the next hand");
        let to_act = session.state().to_act.expect("someone to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        play(
            &mut session,
            &[
                &format!("s{to_act} raise 600"),
                &format!("s{} fold", others[0]),
                &format!("s{} fold", others[1]),
            ],
        );
    }
    session
}

fn reload(path: &Path) -> Hand {
    let loaded = journal::load(path).expect("loads");
    let hand = loaded.hands.last().expect("a hand").clone();
    Hand::from_entries(hand.entries, HouseRules::tda())
}

pub(crate) fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("read")
        .lines()
        .map(str::to_string)
        .collect()
}

pub(crate) fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").expect("written");
}

/// Recomputes every link from the first chained line on, as a forger
/// who knows the format would.
pub(crate) fn rechain(lines: &mut [String]) {
    let mut head: Option<Head> = None;
    let mut before = Vec::new();
    for line in lines.iter_mut() {
        match line.rfind(",\"prev\":\"") {
            Some(at) if chain::links(line.as_bytes()).is_some() => {
                let prev = *head.get_or_insert_with(|| Head::genesis(&before));
                let (new, hash) = chain::seal_line(&prev, &format!("{}}}", &line[..at]));
                *line = new.trim_end().to_string();
                head = Some(hash);
            }
            _ => {
                before.extend_from_slice(line.as_bytes());
                before.push(b'\n');
            }
        }
    }
}

/// Edits one line in place (1-based), leaving the chain as it was.
fn tamper(path: &Path, line: usize, with: impl Fn(&str) -> String) {
    let mut lines = lines_of(path);
    let edited = with(&lines[line - 1]);
    assert_ne!(edited, lines[line - 1], "the edit changes the line");
    lines[line - 1] = edited;
    write_lines(path, &lines);
}

/// Edits one line and rewrites the chain after it.
fn forge(path: &Path, line: usize, with: impl Fn(&str) -> String) {
    tamper(path, line, with);
    let mut lines = lines_of(path);
    rechain(&mut lines);
    write_lines(path, &lines);
}

fn verify(path: &Path) -> Result<Verified, VerifyError> {
    verify_file(path, &VerifyOptions::default())
}

fn verify_head(path: &Path, head: &str) -> Result<Verified, VerifyError> {
    verify_file(
        path,
        &VerifyOptions {
            head: Some(head.to_string()),
            ..VerifyOptions::default()
        },
    )
}

/// The line and sentence of the first bad record `verify` names.
fn bad_record(path: &Path) -> (usize, String) {
    match verify(path) {
        Err(VerifyError::Journal(e @ JournalError::Corrupt { .. })) => {
            let text = e.to_string();
            let JournalError::Corrupt { line, .. } = e else {
                unreachable!()
            };
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains(&format!("line {line}: ")), "{text}");
            (line, text)
        }
        other => panic!("not named as a bad record: {other:?}"),
    }
}

// ----- what is written -----

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
    let v = verify(&path).expect("undo and redo verify");
    assert_eq!((v.hands, v.entries), (1, 10));
}

/// The journal's lines as bytes, one byte of line `line` (1-based)
/// replaced where `at` is found in it by `with`, and the chain rewritten
/// from there as a forger would: the edited line follows the chain.
fn forged_bytes(path: &Path, line: usize, at: &[u8], with: &[u8]) -> Vec<u8> {
    let text = std::fs::read(path).expect("read");
    let mut lines: Vec<Vec<u8>> = text
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    let edit = &mut lines[line - 1];
    let found = edit
        .windows(at.len())
        .position(|w| w == at)
        .expect("the bytes to change");
    edit.splice(found..found + at.len(), with.iter().copied());
    let mut head = Head::genesis(b"");
    let mut out = Vec::new();
    for mut l in lines {
        let key = b",\"prev\":\"";
        let prev_at = l
            .windows(key.len())
            .rposition(|w| w == key)
            .expect("chained");
        l.truncate(prev_at);
        l.extend_from_slice(key);
        l.extend_from_slice(&head.hex_bytes());
        l.push(b'"');
        let hash = chain::link(&head, &l);
        l.extend_from_slice(b",\"hash\":\"");
        l.extend_from_slice(&hash.hex_bytes());
        l.extend_from_slice(b"\"}\n");
        out.extend_from_slice(&l);
        head = hash;
    }
    out
}

/// An entry, a hand header or a seal that follows the chain but is not
/// UTF-8 text (a byte that is not, and the chain written over it): the
/// scan leaves their text to the reader of them (issue 21: `verify` reads
/// most of an entry as bytes, a header or seal in this floorcall's form
/// by position), and `verify` and `load` still name the line.
#[test]
fn an_entry_header_or_seal_that_follows_the_chain_but_is_not_text_is_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // A hand being played (line 5 is entry 2, "s2 push 700") and one
    // over, sealed.
    let playing = dir.path().join("playing.jsonl");
    drop(journaled(&playing, LINES));
    let over = dir.path().join("over.jsonl");
    drop(journaled(&over, FOLDED));
    let text = std::fs::read_to_string(&over).expect("read");
    let line_of = |kind: &str| {
        1 + text
            .lines()
            .position(|l| l.starts_with(&format!("{{\"record\":\"{kind}\"")))
            .expect("the record")
    };
    let (header, seal) = (line_of("hand"), line_of("seal"));
    for (path, at_line, at, with) in [
        (&playing, 5, &b"s2 push 700"[..], &b"s2 push 700\xff"[..]),
        (&playing, 5, &b"\"event\":\""[..], &b"\"event\":\"\xff"[..]),
        (
            &over,
            header,
            &b"\"house\":\"tda"[..],
            &b"\"house\":\"tda\xff"[..],
        ),
        (
            &over,
            header,
            &b"\"stacks\":["[..],
            &b"\"stacks\":\xff["[..],
        ),
        (&over, seal, &b"\"stacks\":["[..], &b"\"stacks\":[\xff"[..]),
    ] {
        let bytes = forged_bytes(path, at_line, at, with);
        let forged = dir.path().join("forged.jsonl");
        std::fs::write(&forged, &bytes).expect("written");
        let (line, text) = bad_record(&forged);
        assert_eq!(line, at_line, "{text}");
        assert!(text.contains("not valid UTF-8"), "{text}");
        match journal::load(&forged) {
            Err(JournalError::Corrupt { line, reason, .. }) => {
                assert_eq!(line, at_line, "{reason}");
                assert!(reason.contains("not valid UTF-8"), "{reason}");
            }
            other => panic!("loads: {other:?}"),
        }
    }
    // Unforged, both read them.
    for path in [&playing, &over] {
        verify(path).expect("verifies");
        journal::load(path).expect("loads");
    }
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
        let head = session.journal().expect("journaled").head();
        assert_eq!(journal::load(&path).expect("loads").head, head);
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
fn every_record_is_timed_and_chained_and_the_session_embeds_the_house() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let lines = lines_of(&path);
    assert_eq!(lines.len(), 3 + LINES.len());
    let session: serde_json::Value = serde_json::from_str(&lines[0]).expect("JSON");
    assert_eq!(session["record"], "session");
    assert_eq!(session["format"], 2);
    assert_eq!(session["table"], "Table 4");
    assert_eq!(session["floorcall"], env!("CARGO_PKG_VERSION"));
    assert_eq!(session["house"]["name"], "tda");
    assert_eq!(session["house"]["toml"], HouseRules::tda().toml());
    assert_eq!(
        session["prev"], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "the chain begins with the SHA-256 of nothing"
    );
    let mut prev = session["hash"].as_str().expect("a hash").to_string();
    for (i, line) in lines.iter().enumerate().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["prev"], prev.as_str(), "line {}", i + 1);
        prev = v["hash"].as_str().expect("a hash").to_string();
    }
    // The clock reads once a write: the session, header and start share the
    // first second; each line after it is one second later.
    let first: serde_json::Value = serde_json::from_str(&lines[2]).expect("JSON");
    assert_eq!(first["time"], "2025-11-22T12:36:01.000Z");
    assert_eq!(first["offset"], "+01:00");
    let last: serde_json::Value = serde_json::from_str(&lines[8]).expect("JSON");
    assert_eq!(last["time"], "2025-11-22T12:36:07.000Z");
    let loaded = journal::load(&path).expect("loads");
    let hand = &loaded.hands[0];
    assert_eq!(
        hand.started.map(|t| t.local_text()).as_deref(),
        Some("2025-11-22 13:36:01 +01:00")
    );
    assert_eq!(hand.times.len(), hand.entries.len());
    assert_eq!(
        loaded.head.hex(),
        prev,
        "the head is the last record's hash"
    );
    // The TD reads the times in the room's clock.
    let home = Home::new();
    let (code, out, err) = home.run(&["replay", path.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("began 2025-11-22 13:36:01 +01:00"), "{out}");
    assert!(out.contains("#1 13:36:02 entered: s1 raise 600"), "{out}");
    assert!(out.contains("#6 13:36:07 entered: s2 check"), "{out}");
}

#[test]
fn a_finished_hand_is_sealed_with_its_stacks_and_verifies() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let session = three_hands(&path);
    let lines = lines_of(&path);
    // session, then per hand: header, start, three entries, seal.
    assert_eq!(lines.len(), 1 + 3 * 6);
    let seal: serde_json::Value = serde_json::from_str(&lines[6]).expect("JSON");
    assert_eq!(seal["record"], "seal");
    assert_eq!(seal["hand"], 1);
    assert_eq!(seal["entries"], 4);
    assert_eq!(
        seal["stacks"],
        serde_json::json!([[1, 5300], [2, 4900], [3, 4800]])
    );
    let loaded = journal::load(&path).expect("loads");
    assert!(loaded.hands.iter().all(|h| h.sealed));
    let v = verify(&path).expect("verifies");
    assert_eq!((v.hands, v.entries, v.records), (3, 12, 19));
    let head = session.journal().expect("journaled").head();
    assert_eq!(v.head, head);
    assert_eq!(
        v.summary(),
        format!("OK: 3 hands, 12 entries, head {}", head.short())
    );
    // The binary says the same, and the head the screen showed checks.
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    let (code, out, err) = home.run(&["verify", p, "--head", &head.short()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.lines().next(),
        Some(format!("OK: 3 hands, 12 entries, head {}", head.short()).as_str())
    );
    assert!(out.contains("nothing was written after it"), "{out}");
}

/// `verify` maps a journal that no table holds (under a shared lock, for
/// as long as it is mapped) and reads into memory one that a table holds:
/// the same verdict either way, and a table takes the journal again once
/// a verify is done.
#[test]
fn a_journal_verifies_alike_held_by_a_table_or_not() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let session = three_hands(&path);
    let held = verify(&path).expect("verifies while a table holds it");
    drop(session);
    let free = verify(&path).expect("verifies with no table");
    assert_eq!(held, free);
    let (journal, loaded) = open(&path);
    assert_eq!(loaded.hands.len(), 3, "the verify let the journal go");
    drop(journal);
    tamper(&path, 4, |line| line.replace("600", "700"));
    let err = verify(&path)
        .expect_err("a changed record, mapped")
        .to_string();
    assert!(err.contains("line 4"), "{err}");
}

#[test]
fn every_scenario_journaled_verifies_entry_by_entry() {
    // Every scenario file, keyed into a journal as a dealer would (the
    // refused lines refused, the open motion closed at the end), rules
    // again to the same events under the house it embeds.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let files = floorcall::scenario::collect(&[root]).expect("scenario files");
    assert!(files.len() > 50, "{} files", files.len());
    let dir = tempfile::tempdir().expect("a temp dir");
    for (i, file) in files.iter().enumerate() {
        let scenario = floorcall::scenario::load(file).expect("loads");
        let path = dir.path().join(format!("{i}.jsonl"));
        let (journal, _) = open(&path);
        let header = HandHeader::new(
            &scenario.rules.name,
            1,
            10,
            BTreeMap::new(),
            scenario.setup.clone(),
        );
        let Ok(mut session) = Session::start(header, scenario.rules.clone(), &mut Some(journal))
        else {
            continue;
        };
        for (_, line, command) in &scenario.lines {
            let _ = session.execute(command, Some(line.clone()));
        }
        let _ = session.execute(&floorcall::table::Command::Resolve, None);
        if let Some(seq) = session.hand().entries().iter().rev().find(|e| {
            e.events
                .iter()
                .any(|ev| matches!(ev, floorcall::table::Event::RulingSuggested { .. }))
        }) {
            let _ = session.accept_rulings(seq.seq);
        }
        if let Err(e) = verify(&path) {
            panic!("{}: {e}", file.display());
        }
    }
}

// ----- repairs on opening -----

#[test]
fn a_torn_last_line_is_dropped_and_cut_on_open_and_said() {
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
    let v = verify(&path).expect("a write in progress is not damage");
    assert!(
        v.notes[0].contains(&format!("Line {lines} on")),
        "{:?}",
        v.notes
    );
    // Opening cuts the torn part, and says so; appending goes on from the
    // last whole line.
    let (journal, loaded) = open(&path);
    let said = journal.repaired().expect("the repair is said").to_string();
    assert!(
        said.starts_with(&format!(
            "Journal repaired on start: dropped line {lines} on ("
        )),
        "{said}"
    );
    assert!(
        said.ends_with(" bytes: an unfinished write, never shown as taken)."),
        "{said}"
    );
    let mut session = Session::resume(loaded.hands[0].clone(), HouseRules::tda(), Some(journal));
    play(&mut session, &["s2 check"]);
    let hand = reload(&path);
    assert_eq!(hand.state(), session.state());
    assert_eq!(journal::load(&path).expect("loads").torn_line, None);
    verify(&path).expect("verifies after the repair");
}

#[test]
fn a_whole_last_record_without_its_newline_is_kept() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let full = std::fs::read(&path).expect("read");
    std::fs::write(&path, &full[..full.len() - 1]).expect("written");
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.torn_line, None);
    assert_eq!(loaded.unterminated, Some(9));
    assert_eq!(loaded.hands[0].entries.len(), LINES.len() + 1, "kept");
    let (journal, _) = open(&path);
    assert_eq!(
        journal.repaired(),
        Some("Journal repaired on start: kept line 9, whole but for its newline, and ended it.")
    );
    drop(journal);
    assert_eq!(std::fs::read(&path).expect("read"), full);
}

#[test]
fn a_finished_hand_whose_seal_was_cut_off_is_sealed_again_on_open() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, FOLDED));
    let mut lines = lines_of(&path);
    assert!(lines[6].starts_with("{\"record\":\"seal\""));
    lines.pop();
    write_lines(&path, &lines);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 6);
    assert!(
        text.contains("hand 1 is over, but its seal is missing"),
        "{text}"
    );
    let (journal, _) = open(&path);
    assert!(
        journal
            .repaired()
            .is_some_and(|r| r.contains("sealed hand 1 again (it was over, its seal cut off)")),
        "{:?}",
        journal.repaired()
    );
    drop(journal);
    verify(&path).expect("sealed again");
}

// ----- damage is named and nothing is changed -----

fn open_error(path: &Path) -> (usize, String) {
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
    forge(&path, 4, |l| l.replace("\"seq\"", "seq"));
    let (line, text) = open_error(&path);
    assert_eq!(line, 4);
    assert!(text.contains("not a journal record"), "{text}");
}

#[test]
fn a_later_event_version_is_an_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let version = format!("\"version\":{}", floorcall::table::event::EVENT_VERSION);
    forge(&path, 2, |l| l.replace(&version, "\"version\":99"));
    let (line, text) = open_error(&path);
    assert_eq!(line, 2);
    assert!(text.contains("event version 99"), "{text}");
    assert!(text.contains("a later floorcall wrote it"), "{text}");
}

#[test]
fn entries_out_of_order_are_an_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    forge(&path, 6, |l| l.replace("\"seq\":3", "\"seq\":7"));
    let (line, text) = open_error(&path);
    assert_eq!(line, 6);
    assert!(text.contains("out of order"), "{text}");
}

#[test]
fn a_hand_whose_table_cannot_start_is_damage_naming_the_file_and_line() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    // Three stacks of 6 x 10^14: more than a table may have in play.
    let header = &lines_of(&path)[1];
    assert!(
        header.contains("\"stacks\":[[1,5000],[2,5000],[3,5000]]"),
        "{header}"
    );
    forge(&path, 2, |l| l.replace(",5000]", ",600000000000000]"));
    let (line, text) = open_error(&path);
    assert_eq!(line, 2);
    assert!(
        text.ends_with(
            "line 2: hand 1: The table cannot start: the stacks come to 1,800,000,000,000,000 chips in play, more than the most a table may have, 1,000,000,000,000,000."
        ),
        "{text}"
    );
    // The blinds rule is the same as everywhere else.
    let path = dir.path().join("k.jsonl");
    drop(journaled(&path, LINES));
    forge(&path, 2, |l| {
        l.replace("\"big_blind\":200", "\"big_blind\":0")
    });
    let (line, text) = open_error(&path);
    assert_eq!(line, 2);
    assert!(
        text.contains("hand 1: The table cannot start: the big blind is 0"),
        "{text}"
    );
}

// ----- tampering -----

#[test]
fn an_edited_byte_is_caught_at_its_line() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(three_hands(&path));
    // Hand 2's raise (line 10) made 700: one byte.
    tamper(&path, 10, |l| l.replace("\"to\":600", "\"to\":700"));
    let (line, text) = bad_record(&path);
    assert_eq!(line, 10);
    assert!(
        text.ends_with(
            "the record was changed after it was written: its hash does not match its contents."
        ),
        "{text}"
    );
    // The binary names it and exits 1; the table refuses to write on it.
    let home = Home::new();
    let (code, out, _) = home.run(&["verify", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!("{}, line 10: ", path.display())),
        "{out}"
    );
    assert!(matches!(
        Journal::open(&path),
        Err(JournalError::Corrupt { line: 10, .. })
    ));
    // A byte of the embedded house rules is an edit too.
    let path = dir.path().join("k.jsonl");
    drop(three_hands(&path));
    tamper(&path, 1, |l| l.replacen("43-A", "43-B", 1));
    assert_eq!(bad_record(&path).0, 1);
}

#[test]
fn a_deleted_record_is_caught_at_the_record_after_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(three_hands(&path));
    let mut lines = lines_of(&path);
    lines.remove(9); // hand 2's raise
    write_lines(&path, &lines);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 10);
    assert!(
        text.contains("the record does not follow the one before it"),
        "{text}"
    );
    // The first record too: the chain starts from nothing.
    let path = dir.path().join("k.jsonl");
    drop(three_hands(&path));
    let mut lines = lines_of(&path);
    lines.remove(0);
    write_lines(&path, &lines);
    assert_eq!(bad_record(&path).0, 1);
}

#[test]
fn swapped_records_are_caught() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(three_hands(&path));
    let mut lines = lines_of(&path);
    lines.swap(10, 11); // hand 2's two folds
    write_lines(&path, &lines);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 11);
    assert!(text.contains("does not follow"), "{text}");
    // Swapped whole hands: caught where the first moved hand begins.
    let path = dir.path().join("k.jsonl");
    drop(three_hands(&path));
    let lines = lines_of(&path);
    let swapped: Vec<String> = [&lines[..7], &lines[13..19], &lines[7..13]].concat();
    write_lines(&path, &swapped);
    assert_eq!(bad_record(&path).0, 8);
}

#[test]
fn a_duplicated_hand_is_caught_even_with_the_chain_rewritten() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(three_hands(&path));
    let lines = lines_of(&path);
    // Hand 2 (lines 8 to 13) again after it.
    let doubled: Vec<String> = [&lines[..13], &lines[7..13], &lines[13..]].concat();
    write_lines(&path, &doubled);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 14);
    assert!(text.contains("does not follow"), "{text}");
    // A forger who rewrites every link still repeats hand 2's number.
    let mut forged = doubled;
    rechain(&mut forged);
    write_lines(&path, &forged);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 14);
    assert!(
        text.ends_with("hand 2 follows hand 2: hand numbers go up by one (a hand was removed, repeated or moved)."),
        "{text}"
    );
}

#[test]
fn a_cut_off_end_is_caught_against_the_head_the_screen_showed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let session = three_hands(&path);
    let noted = session.journal().expect("journaled").head().short();
    drop(session);
    let lines = lines_of(&path);
    let after_hand_2 = lines_of(&path)[12].clone();
    let head_2 = serde_json::from_str::<serde_json::Value>(&after_hand_2).expect("JSON")["hash"]
        .as_str()
        .expect("a hash")[..16]
        .to_string();
    // Hand 3 cut off, whole lines: a shorter journal that verifies alone...
    write_lines(&path, &lines[..13]);
    let v = verify(&path).expect("a shorter chain is a chain");
    assert_eq!(v.hands, 2);
    // ...but not against the head noted at the end of hand 3.
    match verify_head(&path, &noted) {
        Err(e @ VerifyError::HeadMissing { .. }) => {
            let text = e.to_string();
            assert!(
                text.contains(&format!("no record carries the head {noted}")),
                "{text}"
            );
            assert!(text.contains(&format!("end at head {head_2}")), "{text}");
        }
        other => panic!("the cut was not caught: {other:?}"),
    }
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    let (code, out, _) = home.run(&["verify", p, "--head", &noted]);
    assert_eq!(code, 1, "{out}");
    // A head noted earlier is still in the journal.
    let v = verify_head(&path, &head_2.to_uppercase()).expect("hand 2's head is there");
    assert!(
        v.notes
            .iter()
            .any(|n| n.contains("nothing was written after it"))
    );
    let (code, _, err) = home.run(&["verify", p, "--head", "xyz"]);
    assert_eq!(code, 2);
    assert!(err.contains("\"xyz\" is not a head"), "{err}");
}

#[test]
fn every_member_of_a_bound_action_is_checked_but_not_its_form() {
    // `verify` compares the commonest event, an action bound, with the
    // bytes it writes for it member by member: each member changed (the
    // chain rewritten) is caught at its line, as serde's writing caught it
    // (the forged lines' table, "the raise's ..."). The same event in
    // another form (its members in another order): not alike as bytes, so
    // read as values, and alike.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("form.jsonl");
    drop(three_hands(&path));
    forge(&path, 10, |l| {
        l.replace("\"action\":{", "\"full\":true,\"action\":{")
            .replace("},\"full\":true}", "}}")
    });
    let v = verify(&path).expect("the same events verify");
    assert_eq!(v.hands, 3);
}

// ----- one writer -----

#[test]
fn a_second_writer_is_refused_at_once_and_readers_go_on() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = journaled(&path, LINES);
    let start = std::time::Instant::now();
    let err = Journal::open(&path).expect_err("one writer");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(1),
        "at once"
    );
    assert!(matches!(err, JournalError::Locked { .. }));
    assert_eq!(
        err.to_string(),
        format!(
            "{} is being written by another floorcall, which holds its lock: a journal has one writer at a time. Close the other floorcall, or give this one its own journal with --journal.",
            path.display()
        )
    );
    // Readers take no lock, while the table writes on.
    assert_eq!(journal::load(&path).expect("reads").hands.len(), 1);
    verify(&path).expect("verifies");
    play(&mut session, &["s3 check"]);
    // The real binary, on the same journal, is refused before its screen.
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    let (code, _, err) = home.run(&["--journal", p, "--seats", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("{p} is being written by another floorcall")),
        "{err}"
    );
    let (code, out, err) = home.run(&["verify", p]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = home.run(&["replay", p]);
    assert_eq!(code, 0, "{out}{err}");
    // The lock goes with the writer.
    drop(session);
    let (journal, loaded) = open(&path);
    assert_eq!(loaded.hands[0].entries.len(), LINES.len() + 2);
    drop(journal);
}

// ----- format 1 -----

/// A journal as floorcall wrote them before the chain: `hand` and `entry`
/// lines, no times.
fn format_1(path: &Path, lines: &[&str]) {
    let hand = super::support::given("tda", header(&[5_000, 5_000, 5_000], 1).setup, lines);
    let tag = |kind: &str, json: String| format!("{{\"record\":\"{kind}\",{}", &json[1..]);
    let mut text = tag(
        "hand",
        serde_json::to_string(&header(&[5_000, 5_000, 5_000], 1)).expect("JSON"),
    ) + "\n";
    for entry in hand.entries() {
        text += &(tag("entry", serde_json::to_string(entry).expect("JSON")) + "\n");
    }
    std::fs::write(path, text).expect("written");
}

#[test]
fn a_format_1_journal_reads_says_it_has_no_chain_and_the_chain_starts_after_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("old.jsonl");
    format_1(&path, LINES);
    let loaded = journal::load(&path).expect("format 1 reads");
    assert!(!loaded.is_chained());
    assert_eq!(loaded.hands[0].entries.len(), LINES.len() + 1);
    assert_eq!(loaded.hands[0].times, vec![None; LINES.len() + 1]);
    let v = verify(&path).expect("its entries rule again");
    assert_eq!((v.chained_from, v.hands, v.entries), (None, 1, 7));
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    let (code, out, _) = home.run(&["verify", p]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!(
            "NO CHAIN: {p} was written in journal format 1, before floorcall chained its records, so edits to it cannot be detected. Its 1 hands and 7 entries read"
        )),
        "{out}"
    );
    let (code, out, _) = home.run(&["replay", p]);
    assert_eq!(code, 0);
    assert!(out.contains("#1 entered: s1 raise 600"), "{out}");
    // Going on with it: the chain starts with a session record whose first
    // link covers the format-1 lines.
    let (journal, loaded) = open(&path);
    let mut session = Session::resume(loaded.hands[0].clone(), HouseRules::tda(), Some(journal));
    play(&mut session, &["s3 check"]);
    drop(session);
    let v = verify(&path).expect("verifies");
    assert_eq!((v.chained_from, v.entries), (Some(9), 8));
    let (code, out, _) = home.run(&["verify", p]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Lines 1 to 8 were written in journal format 1"),
        "{out}"
    );
    // An edit to a format-1 line (a player's name) now breaks the chain's
    // first link.
    tamper(&path, 1, |l| l.replace("Ann", "Bob"));
    let (line, text) = bad_record(&path);
    assert_eq!(line, 9);
    assert!(text.contains("does not follow"), "{text}");
}

// ----- sessions across hands, the app -----

#[test]
fn the_next_hand_carries_stacks_moves_the_button_and_busted_seats_leave() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = open(&path);
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
    assert!(loaded.hands[0].sealed);
    verify(&path).expect("verifies");
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
    let open_app = |resume: bool| {
        let (journal, loaded) = open(&path);
        App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume,
            ..AppOptions::default()
        })
    };
    let mut app = open_app(false);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "y");
    assert_eq!(app.mode(), Mode::Table);
    assert_eq!(app.state(), Some(&expected));
    drop(app);
    let app = open_app(true);
    assert_eq!(app.state(), Some(&expected), "--resume takes it up at once");
    drop(app);
    let mut app = open_app(false);
    // `n`, the key a dealer presses all day for the next hand, never
    // throws the hand away: the question stays and says how.
    press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Resume);
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        said.contains("N starts a new table, after a second question"),
        "{said}"
    );
    // `N` asks again; anything but `y` goes back to the question.
    press(&mut app, "N");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmNewTable));
    press(&mut app, "n");
    assert_eq!((app.mode(), app.overlay()), (Mode::Resume, None));
    press(&mut app, "N");
    press(&mut app, "y");
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "<Enter>");
    assert_eq!(app.session().map(|s| s.header().number), Some(2));
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 2, "the old hand stays in the journal");
    drop(app);
    verify(&path).expect("an abandoned hand is no damage");
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
fn a_resumed_hand_goes_on_under_the_house_the_journal_embeds() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let house = dir.path().join("club.toml");
    // The club's minimum raise is double the bet; then the file is changed,
    // and then removed, while the hand is open.
    std::fs::write(
        &house,
        "name = \"club\"\nextends = \"tda\"\n[settings.min-raise]\nvalue = \"double-the-bet\"\nrule = \"7\"\ntext = \"A raise is at least double the bet.\"\n",
    )
    .expect("written");
    let rules = HouseRules::load(house.to_str().expect("utf-8")).expect("loads");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = open(&path);
    let mut header = header(&[5_000, 5_000, 5_000], 1);
    header.house = house.display().to_string();
    let mut session = Session::start(header, rules.clone(), &mut Some(journal)).expect("starts");
    play(&mut session, &["s1 raise 600"]);
    drop(session);
    std::fs::write(&house, "name = \"club\"\nextends = \"upt\"\n").expect("changed");
    let (journal, loaded) = open(&path);
    let hand = &loaded.hands[0];
    assert_eq!(hand.recorded_rules(), Some(Ok(rules.clone())));
    std::fs::remove_file(&house).expect("removed");
    let app = App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    });
    let session = app.session().expect("resumed without the file");
    assert_eq!(session.hand().rules(), &rules);
    drop(app);
    let v = verify(&path).expect("re-ruled under the embedded house");
    assert_eq!(v.entries, 2);
}

#[test]
fn the_table_screen_shows_the_head_and_a_repair_on_start() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let full = std::fs::read(&path).expect("read");
    std::fs::write(&path, &full[..full.len() - 20]).expect("written");
    let (journal, loaded) = open(&path);
    let head = journal.head().short();
    let app = App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    });
    let message = app.message().expect("said");
    assert!(
        message
            .text
            .starts_with("Journal repaired on start: dropped line 9 on ("),
        "{}",
        message.text
    );
    assert!(
        message
            .text
            .ends_with("Hand 1 resumed from the journal (6 entries)."),
        "{}",
        message.text
    );
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains(&format!("journal j.jsonl head {head}")),
        "{screen}"
    );
    assert!(
        screen.contains("Journal repaired on start: dropped line 9 on ("),
        "{screen}"
    );
    // Narrow, the head stays and the file's name goes.
    let screen = screen_text(&app, 80, 30);
    assert!(screen.contains(&format!("head {head}")), "{screen}");
}

/// The app resuming the journal at `path`'s last hand, its writes under
/// `faults`.
fn resumed_with(path: &Path, faults: Faults) -> App {
    let (mut journal, loaded) = open(path);
    journal.inject_faults(faults);
    App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    })
}

#[test]
fn a_write_that_cannot_be_cut_back_makes_the_journal_unusable_until_the_next_start() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let session = journaled(&path, &LINES[..1]);
    let taken = session.hand().entries().len();
    drop(session);
    // A write that fails, cut back cleanly: nothing recorded, go on.
    let mut app = resumed_with(
        &path,
        Faults {
            write_after: Some(30),
            ..Faults::default()
        },
    );
    let before = std::fs::read(&path).expect("read");
    press(&mut app, "c");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal);
    assert!(
        m.text.ends_with("Nothing was recorded: key it again."),
        "{}",
        m.text
    );
    assert_eq!(std::fs::read(&path).expect("read"), before, "cut back");
    press(&mut app, "c");
    assert_eq!(
        app.message().map(|m| m.kind),
        Some(MessageKind::Info),
        "taken"
    );
    drop(app);
    // Now the cut fails too: the journal takes nothing more this run.
    let mut app = resumed_with(
        &path,
        Faults {
            write_after: Some(30),
            cut_fails: true,
            ..Faults::default()
        },
    );
    let state = app.state().cloned();
    press(&mut app, "f");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal);
    assert!(
        m.text.contains("the journal is unusable for the rest of this run (writing failed: the write was made to fail; cutting the unfinished write back failed too: the cut was made to fail). Nothing more can be recorded: quit, and start floorcall again to repair it"),
        "{}",
        m.text
    );
    assert_eq!(app.state().cloned(), state, "not taken");
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("UNUSABLE: quit and restart"), "{screen}");
    // Every later entry is refused too, without touching the file.
    let torn = std::fs::read(&path).expect("read");
    press(&mut app, "f");
    assert!(app.message().is_some_and(|m| m.text.contains("unusable")));
    assert_eq!(std::fs::read(&path).expect("read"), torn);
    drop(app);
    // The next start repairs it, and says so; every entry shown as taken
    // is there.
    let (journal, loaded) = open(&path);
    assert!(
        journal
            .repaired()
            .is_some_and(|r| r.contains("dropped line")),
        "{:?}",
        journal.repaired()
    );
    assert_eq!(loaded.hands[0].entries.len(), taken + 1);
    drop(journal);
    verify(&path).expect("repaired");
}

/// A folder in memory where there is one (its syncs cost nothing), for
/// journals of many hands.
fn memory_dir() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        tempfile::tempdir_in(shm).expect("a temp dir")
    } else {
        tempfile::tempdir().expect("a temp dir")
    }
}

/// `hands` hands, each folded round to a raise.
fn many_hands(path: &Path, hands: usize) -> Session {
    let mut session = journaled(path, FOLDED);
    for _ in 1..hands {
        session.next_hand().expect("the next hand");
        let to_act = session.state().to_act.expect("someone to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        play(
            &mut session,
            &[
                &format!("s{to_act} raise 600"),
                &format!("s{} fold", others[0]),
                &format!("s{} fold", others[1]),
            ],
        );
    }
    session
}

#[test]
fn a_large_journal_checked_in_parts_says_what_one_pass_says() {
    // Over a megabyte: verify checks it in parts, one a core.
    let dir = memory_dir();
    let path = dir.path().join("big.jsonl");
    let session = many_hands(&path, 700);
    let head = session.journal().expect("journaled").head();
    drop(session);
    assert!(std::fs::metadata(&path).expect("a file").len() > 1 << 20);
    let v = verify(&path).expect("verifies");
    assert_eq!((v.hands, v.entries, v.records), (700, 2800, 1 + 700 * 6));
    assert_eq!(v.head, head);
    // A head noted in the second half is found at its own line.
    let lines = lines_of(&path);
    let at = 1 + 600 * 6; // hand 600's seal
    let noted = serde_json::from_str::<serde_json::Value>(&lines[at - 1]).expect("JSON")["hash"]
        .as_str()
        .expect("a hash")[..16]
        .to_string();
    let v = verify_head(&path, &noted).expect("found");
    assert_eq!(
        v.notes,
        vec![format!(
            "The head noted ({noted}) is line {at}'s; the journal goes on after it."
        )]
    );
    // An edited byte in the last part is named at its line.
    let bad = 1 + 650 * 6 - 2; // hand 650's first fold
    tamper(&path, bad, |l| l.replace("fold", "fald"));
    assert_eq!(bad_record(&path).0, bad);
    // A hand taken out of the middle, the chain rewritten: the next hand's
    // number gives it away, at its line.
    let mut lines = lines_of(&path);
    lines.drain(1 + 349 * 6..1 + 350 * 6); // hand 350
    rechain(&mut lines);
    write_lines(&path, &lines);
    let (line, text) = bad_record(&path);
    assert_eq!(line, 2 + 349 * 6, "{text}");
    assert!(text.contains("hand 351 follows hand 349"), "{text}");
}

/// Each list of stacks in `line` (`"stacks":[[1,N],...]`) with seat `s`'s
/// chips moved by `delta[s - 1]`.
pub(crate) fn stacks_moved(line: &str, delta: &[i64]) -> String {
    const STACKS: &str = "\"stacks\":";
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(STACKS) {
        let from = at + STACKS.len();
        let end = from + rest[from..].find("]]").expect("a list closes") + 2;
        let pairs: Vec<(i64, i64)> = serde_json::from_str(&rest[from..end]).expect("pairs");
        let moved: Vec<(i64, i64)> = pairs
            .into_iter()
            .map(|(seat, chips)| (seat, chips + delta[(seat - 1) as usize]))
            .collect();
        out.push_str(&rest[..from]);
        out.push_str(&serde_json::to_string(&moved).expect("JSON"));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The first `count` hand headers (line indexes) from just before where
/// a journal checked in parts has its first join (the first hand header
/// at or after 256 KiB): a change in where parts begin still meets one.
pub(crate) fn hands_near_the_first_join(lines: &[String], count: usize) -> Vec<usize> {
    let mut offset = 0;
    let mut near = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("{\"record\":\"hand\"") && offset >= (1 << 18) - 8192 {
            near.push(i);
        }
        if near.len() == count {
            break;
        }
        offset += line.len() + 1;
    }
    assert_eq!(near.len(), count, "hands past the first join");
    near
}

#[test]
fn chips_changed_between_two_hands_are_caught_where_the_parts_meet() {
    // A forger gives seat 1 another 100 chips from one hand on (its
    // header, its start and its seal, and every hand after it), and
    // writes the chain again: only the join of that hand and the one
    // before shows it. Where a part of the check in parts began at that
    // hand, nothing compared the two, and the journal verified.
    let dir = memory_dir();
    let path = dir.path().join("big.jsonl");
    drop(many_hands(&path, 700));
    let clean = lines_of(&path);
    for from in hands_near_the_first_join(&clean, 8) {
        let mut lines = clean.clone();
        for line in &mut lines[from..] {
            *line = stacks_moved(line, &[100, 0, 0]);
        }
        rechain(&mut lines);
        write_lines(&path, &lines);
        let (line, text) = bad_record(&path);
        assert_eq!(line, from + 1, "{text}");
        assert!(
            text.contains("starts with the stacks")
                && text.contains("chips were changed between the hands"),
            "{text}"
        );
    }
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

#[test]
fn a_journal_in_folders_not_yet_made_is_created_with_them() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("club").join("table 4").join("j.jsonl");
    drop(journaled(&path, FOLDED));
    let v = verify(&path).expect("verifies");
    assert_eq!((v.hands, v.entries), (1, 4));
}

// ----- replay -----

/// Three players check to the river, where seat 2 bets 300 and both call:
/// the pot is 600 from preflop and 900 from the river. Seat 2's flush
/// (Ah Th with 4h 2h 7h) takes all 1,500: 5,000 - 500 + 1,500 = 6,000; the
/// others keep 5,000 - 500 = 4,500.
const SHOWDOWN: &[&str] = &[
    "s1 call",
    "s2 call",
    "s3 check",
    "flop Ks9d4h",
    "s2 check",
    "s3 check",
    "s1 check",
    "turn 2h",
    "s2 check",
    "s3 check",
    "s1 check",
    "river 7h",
    "s2 bet 300",
    "s3 call",
    "s1 call",
    "s2 show AhTh",
    "s3 show 7s7d",
    "s1 show Kd9c",
];

/// The hand of `lines`, journaled in `dir`, as `replay` prints it.
fn replayed(dir: &Path, lines: &[&str]) -> String {
    let path = dir.join("j.jsonl");
    drop(journaled(&path, lines));
    let loaded = journal::load(&path).expect("loads");
    journal::replay::report(&loaded.hands[0]).join("\n")
}

#[test]
fn replay_shows_the_stacks_after_each_entry_and_names_the_hands_at_the_showdown() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let report = replayed(dir.path(), SHOWDOWN);
    for expected in [
        // Every entry is timed, in the room's clock.
        "#1 13:36:02 entered: s1 call",
        // The blinds are in before anyone acts.
        "    stacks s1 5,000 · s2 4,900 · s3 4,800",
        "#13 13:36:14 entered: s2 bet 300",
        "    stacks s1 4,800 · s2 4,500 · s3 4,800",
        "    at the showdown, on Ks9d4h2h7h:",
        "      s1 Kd9c: two pair, kings and nines",
        "      s2 AhTh: a flush, ace high",
        "      s3 7s7d: three of a kind, sevens",
        "    stacks s1 4,500 · s2 6,000 · s3 4,500",
    ] {
        assert!(
            report.contains(expected),
            "missing «{expected}» in:\n{report}"
        );
    }
    insta::assert_snapshot!(report);
    // The binary prints the same.
    let home = Home::new();
    let (code, out, err) = home.run(&["replay", path.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&report), "{out}");
}

#[test]
fn replay_names_no_hands_when_one_player_is_left() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let report = replayed(dir.path(), FOLDED);
    assert!(!report.contains("showdown"), "{report}");
    // Seat 1 raised to 600 and took the blinds: 5,000 + 100 + 200.
    assert!(
        report.ends_with("    stacks s1 5,300 · s2 4,900 · s3 4,800"),
        "{report}"
    );
}

// ----- export -----

/// A session of three hands: the showdown above, then two hands where the
/// first to act raises to 600 and both others fold (one fold keyed wrong
/// first and undone).
fn a_session_of_three_hands(path: &Path) {
    let mut session = journaled(path, SHOWDOWN);
    for hand in 0..2 {
        session.next_hand().expect("the next hand");
        let to_act = session.state().to_act.expect("someone to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        play(&mut session, &[&format!("s{to_act} raise 600")]);
        if hand == 1 {
            play(&mut session, &[&format!("s{} call", others[0])]);
            session.undo().expect("undone");
        }
        play(
            &mut session,
            &[
                &format!("s{} fold", others[0]),
                &format!("s{} fold", others[1]),
            ],
        );
    }
}

#[test]
fn every_exported_hand_of_a_journal_reimports_to_its_stacks_one_or_all() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    a_session_of_three_hands(&path);
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    // All hands: one .phhs file, each hand under its number.
    let all = dir.path().join("all.phhs");
    let (code, _, err) = home.run(&[
        "export",
        "--format",
        "phh",
        p,
        "-o",
        all.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&all).expect("written");
    for n in 1..=3 {
        assert!(text.contains(&format!("[{n}]\nvariant = \"NT\"")), "{text}");
    }
    let (code, out, err) = home.run(&["import", "--check", all.to_str().expect("utf-8")]);
    assert_eq!((code, out.as_str()), (0, "3 passed, 0 failed\n"), "{err}");
    // Each hand alone: a .phh file.
    for n in 1..=3 {
        let one = dir.path().join(format!("hand-{n}.phh"));
        let (code, out, err) = home.run(&["export", p, "--hand", &n.to_string()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("variant = \"NT\""), "{out}");
        assert!(out.contains(&format!("hand = {n}\n")), "{out}");
        std::fs::write(&one, &out).expect("written");
        let (code, checked, err) = home.run(&["import", "--check", one.to_str().expect("utf-8")]);
        assert_eq!(
            (code, checked.as_str()),
            (0, "1 passed, 0 failed\n"),
            "{out}{err}"
        );
    }
    // OHH: one document a line, a blank line between, each with the
    // spec's fields.
    let (code, out, err) = home.run(&["export", "--format", "ohh", p]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 5, "{out}");
    for line in out.lines().filter(|l| !l.is_empty()) {
        let doc: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let problems = super::phh::ohh_problems(&doc);
        assert!(problems.is_empty(), "{problems:#?}\n{line}");
    }
    // The showdown's stacks: seat 2's flush took the 1,500 pot.
    assert!(
        text.contains("finishing_stacks = [6000, 4500, 4500]"),
        "{text}"
    );
    // A hand broken in the .phhs file is named by its number.
    let broken = text.replace(
        "finishing_stacks = [6000, 4500, 4500]",
        "finishing_stacks = [6000, 4600, 4400]",
    );
    std::fs::write(&all, broken).expect("written");
    let (code, out, _) = home.run(&["import", "--check", all.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("all.phhs [1]: finishing_stacks are [6000, 4600, 4400]; the hand ends with [6000, 4500, 4500]."),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 1 failed\n"), "{out}");
}

// ----- faults: nothing half-written survives, nothing forged resumes -----

/// A three-seat table (5,000 each, button 1) opened by the app on the
/// journal at `path` with `faults`, its first hand folded to the big
/// blind (the button and the small blind fold).
fn folded_table(path: &Path, faults: Faults) -> App {
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
fn line_of(path: &Path, kind: &str, from: usize) -> usize {
    let lines = lines_of(path);
    from + lines[from - 1..]
        .iter()
        .position(|l| l.starts_with(&format!("{{\"record\":\"{kind}\"")))
        .unwrap_or_else(|| panic!("no {kind} record from line {from}"))
}

/// Refuses to open, leaving the file as it was; the line and message.
fn refused_at_start(path: &Path) -> (usize, String) {
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

// ----- forged lines: one table, each case named -----

/// A journal changed at one line after it was written, and what `verify`
/// says of it.
struct Forgery {
    /// The case, as a failure names it.
    name: &'static str,
    /// Writes the journal; the head its screen showed last.
    journal: fn(&Path) -> String,
    /// The line changed (1-based), found in the journal written.
    line: fn(&Path) -> usize,
    /// What is done to the line.
    edit: Box<dyn Fn(&str) -> String>,
    /// Whether the chain after it is rewritten (a forger) or left (a slip).
    rechain: bool,
    /// How many lines after the changed one `verify` names.
    later: usize,
    /// The message: its end (`ends`) or words in it.
    says: String,
    /// Whether the message ends with `says` rather than holds it.
    ends: bool,
    /// Whether the head noted before the change is then refused.
    head: bool,
    /// Whether a start refuses the journal at the same line.
    at_start: bool,
}

impl Forgery {
    /// A case: `edit` at `line` of `journal`, the chain rewritten, named by
    /// `verify` at that line with `says` in its message.
    fn new(
        name: &'static str,
        journal: fn(&Path) -> String,
        line: fn(&Path) -> usize,
        edit: impl Fn(&str) -> String + 'static,
        says: impl Into<String>,
    ) -> Forgery {
        Forgery {
            name,
            journal,
            line,
            edit: Box::new(edit),
            rechain: true,
            later: 0,
            says: says.into(),
            ends: false,
            head: false,
            at_start: false,
        }
    }

    /// Writes, changes and verifies the journal at `path`.
    fn check(&self, path: &Path) {
        let noted = (self.journal)(path);
        let at = (self.line)(path);
        if self.rechain {
            forge(path, at, &*self.edit);
        } else {
            tamper(path, at, &*self.edit);
        }
        let (line, text) = bad_record(path);
        assert_eq!(line, at + self.later, "{text}");
        if self.ends {
            assert!(text.ends_with(&self.says), "{text}");
        } else {
            assert!(text.contains(&self.says), "{text}");
        }
        if self.head {
            assert!(matches!(
                verify_head(path, &noted),
                Err(VerifyError::Journal(_))
            ));
        }
        if self.at_start {
            assert_eq!(refused_at_start(path).0, line);
        }
    }
}

/// Three hands (`three_hands`); the head at the end.
fn three_hands_noted(path: &Path) -> String {
    let session = three_hands(path);
    session.journal().expect("journaled").head().short()
}

/// The first two lines of `LINES`; the head at the end.
fn one_hand_begun(path: &Path) -> String {
    let session = journaled(path, &LINES[..2]);
    session.journal().expect("journaled").head().short()
}

/// A hand folded round (`FOLDED`); the head at the end.
fn one_hand_folded(path: &Path) -> String {
    let session = journaled(path, FOLDED);
    session.journal().expect("journaled").head().short()
}

/// A table (kept by the app) whose hand 1 folded round, hand 2 dealt.
fn a_table_at_hand_2(path: &Path) -> String {
    let mut app = folded_table(path, Faults::default());
    press(&mut app, "n");
    String::new()
}

/// Line 10 of three hands: hand 2's raise to 600, a full raise.
fn the_raise(path: &Path) -> usize {
    assert!(lines_of(path)[9].contains("\"kind\":\"raise\",\"to\":600"));
    10
}

/// The line of hand 1's header.
fn the_header(path: &Path) -> usize {
    line_of(path, "hand", 1)
}

/// The line after hand 1's end: the table's record of it.
fn after_the_end(path: &Path) -> usize {
    lines_of(path)
        .iter()
        .position(|l| l.contains("hand-ended"))
        .expect("the hand's end")
        + 1
}

/// The journal's last line.
fn the_last(path: &Path) -> usize {
    lines_of(path).len()
}

/// The seat of a bound action made another.
fn other_seat(l: &str) -> String {
    let at = l.find("\"seat\":").expect("a seat") + "\"seat\":".len();
    let seat = &l[at..at + 1];
    let other = if seat == "1" { "2" } else { "1" };
    format!("{}{other}{}", &l[..at], &l[at + 1..])
}

/// Upper-cases the first hex letter of the line's own hash.
fn upper_case_a_hash_digit(l: &str) -> String {
    let at = l.rfind("\"hash\":\"").expect("a hash") + 8;
    let digit = l[at..at + 64]
        .find(|c: char| c.is_ascii_lowercase())
        .expect("a hex letter")
        + at;
    format!(
        "{}{}{}",
        &l[..digit],
        l[digit..=digit].to_ascii_uppercase(),
        &l[digit + 1..]
    )
}

/// Every forged line: the case, the journal, the line, the forgery and what
/// `verify` says.
fn forgeries() -> Vec<Forgery> {
    const NOT_THE_RULES: &str = "the events recorded are not what the house rules in force (tda) give. Event 1 is recorded as";
    let mut cases = vec![
        // Hand 2's raise made 700 in its line and its event, chain
        // rewritten: the fold that ends the hand gives back 500 uncalled,
        // not the 400 recorded; the head noted is refused too.
        Forgery {
            later: 2,
            ends: true,
            head: true,
            ..Forgery::new(
                "the raise and its line made 700",
                three_hands_noted,
                the_raise,
                |l| {
                    l.replace("\"to\":600", "\"to\":700")
                        .replace("raise 600", "raise 700")
                },
                "Event 2 is recorded as \"400 goes back to s2 (uncalled)\", and ruling the entry again gives \"500 goes back to s2 (uncalled)\".",
            )
        },
        // Chips from nowhere: a raise recorded as more than the line says.
        Forgery::new(
            "the raise's event made 700",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"to\":600", "\"to\":700"),
            "the events recorded are not what the house rules in force (tda) give",
        ),
        Forgery::new(
            "a seat the table does not have",
            three_hands_noted,
            |_| 11,
            |l| l.replace("\"seat\":", "\"seat\":7,\"was\":"),
            "Event 1 is recorded as",
        ),
        Forgery::new(
            "a seal with other stacks",
            three_hands_noted,
            |_| 7,
            |l| l.replace("[1,5300]", "[1,6300]"),
            "the seal of hand 1 gives the stacks as s1 6,300, s2 4,900, s3 4,800, but the hand's entries leave s1 5,300, s2 4,900, s3 4,800.",
        ),
        // Each member of a bound action changed.
        Forgery::new(
            "the raise's amount",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"to\":600", "\"to\":601"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise's kind",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"kind\":\"raise\"", "\"kind\":\"bet\""),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise all in",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"all_in\":false", "\"all_in\":true"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise not full",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"full\":true", "\"full\":false"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise's seat",
            three_hands_noted,
            the_raise,
            other_seat,
            NOT_THE_RULES,
        ),
        // A table of 2 seats that deals seat 3.
        Forgery::new(
            "a header of 2 seats dealing seat 3",
            one_hand_begun,
            the_header,
            |l| l.replace("\"seats\":9", "\"seats\":2"),
            "hand 1 deals seat 3, but its table has 2 seats.",
        ),
        Forgery {
            at_start: true,
            ..Forgery::new(
                "a table record with more chips than a table holds",
                a_table_at_hand_2,
                after_the_end,
                |l| l.replacen("[3,5100]", "[3,18446744073709551615]", 1),
                "a table record gives 18,446,744,073,709,551,615 chips, more than the most a table may have in play",
            )
        },
        Forgery {
            rechain: false,
            head: true,
            at_start: true,
            ..Forgery::new(
                "an upper-cased hex digit of a hash",
                one_hand_folded,
                the_last,
                upper_case_a_hash_digit,
                "upper-case hex digit",
            )
        },
    ];
    // Seats the table flags refuse.
    for (name, seats) in [
        ("a header of 0 seats", 0),
        ("a header of 1 seat", 1),
        ("a header of 11 seats", 11),
        ("a header of 255 seats", 255),
    ] {
        cases.push(Forgery {
            at_start: true,
            ..Forgery::new(
                name,
                one_hand_begun,
                the_header,
                move |l| l.replace("\"seats\":9", &format!("\"seats\":{seats}")),
                format!("hand 1 is at a table of {seats} seats: a table has 2 to 10 seats."),
            )
        });
    }
    cases
}

/// Every forged line is named by `verify` at its line, in its words; the
/// failures are told by case, all of them.
#[test]
fn every_forged_line_is_named_by_verify() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let failed: Vec<&str> = forgeries()
        .iter()
        .enumerate()
        .filter(|(k, case)| {
            let path = dir.path().join(format!("{k}.jsonl"));
            let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                case.check(&path);
            }));
            if let Err(why) = &checked {
                let why = why
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| why.downcast_ref::<&str>().copied())
                    .unwrap_or("a panic");
                eprintln!("FAILED {}: {why}", case.name);
            }
            checked.is_err()
        })
        .map(|(_, case)| case.name)
        .collect();
    assert!(
        failed.is_empty(),
        "forged lines not named as they should be: {failed:?}"
    );
}
