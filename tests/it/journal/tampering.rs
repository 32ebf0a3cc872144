//! Tampering caught (an edited byte, a record removed, swapped or repeated,
//! a cut-off end); one writer at a time; format-1 journals still read.

use super::*;

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
    let hand = crate::support::given("tda", header(&[5_000, 5_000, 5_000], 1).setup, lines);
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
