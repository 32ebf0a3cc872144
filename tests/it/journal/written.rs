//! What is written: every entry on disk before the session returns, every
//! record timed and chained, finished hands sealed; repairs on opening (a
//! torn last line, a seal cut off); damage named with its line, nothing
//! changed.

use super::*;

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
