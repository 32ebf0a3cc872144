//! A large journal checked in parts, one a core: the same verdict as one
//! pass, and forgeries caught where the parts meet.

use super::*;

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
