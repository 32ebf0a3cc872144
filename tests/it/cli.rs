//! The `floorcall scenario` runner as a user runs it: output and exit codes.

use std::path::PathBuf;
use std::process::Command;

fn floorcall(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_floorcall"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
    std::fs::create_dir_all(dir).expect("a temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("floorcall-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const PASSING: &str = "title = \"ok\"\nscript = \"\"\"\ns3 call\n\"\"\"\n[table]\nbutton = 3\nblinds = [100, 200]\nstacks = [1000, 1000, 1000]\n[[expect]]\nlast_action = \"s3 call 200\"\nto_act = 1\n";
const FAILING: &str = "title = \"bad\"\nscript = \"\"\"\ns3 call\n\"\"\"\n[table]\nbutton = 3\nblinds = [100, 200]\nstacks = [1000, 1000, 1000]\n[[expect]]\nto_act = 3\n";

#[test]
fn all_passing_exits_zero_with_the_count() {
    let dir = temp("pass");
    write(&dir, "a.toml", PASSING);
    let (code, out, _) = floorcall(&["scenario", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.trim_end().lines().last(), Some("1 passed, 0 failed"));
}

#[test]
fn a_failed_expectation_is_one_line_and_exit_one() {
    let dir = temp("fail");
    let bad = write(&dir, "b.toml", FAILING);
    write(&dir, "a.toml", PASSING);
    let (code, out, _) = floorcall(&["scenario", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.trim_end().lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(&format!("{}: expect #1", bad.display())),
        "{out}"
    );
    assert!(lines[0].contains("to_act: expected 3, got 1"), "{out}");
    assert_eq!(lines[1], "1 passed, 1 failed");
}

#[test]
fn an_unparsable_file_exits_two_with_line_and_column() {
    let dir = temp("parse");
    let bad = write(
        &dir,
        "c.toml",
        "title = \"x\"\nscript = \"s1 cal\"\n[table]\nbutton = 1\nblinds = [1, 2]\nstacks = [10, 10]\n",
    );
    let (code, _, err) = floorcall(&["scenario", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{}:2:", bad.display())), "{err}");
    assert!(err.contains("'cal' is not an action"), "{err}");
}

#[test]
fn a_missing_file_exits_two() {
    let (code, _, err) = floorcall(&["scenario", "/nonexistent/floorcall.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/floorcall.toml"), "{err}");
}

#[test]
fn replay_shows_a_hand_entry_by_entry_with_rulings_and_retractions() {
    use floorcall::journal::{HandHeader, Journal};

    let dir = temp("replay");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("j.jsonl");
    let setup = crate::support::flop_table(&[10000, 10000, 10000, 10000], 1, (100, 200), 800);
    let mut hand = crate::support::given(
        "tda",
        setup.clone(),
        &["s2 bet 1000", "s3 push 1400", "s4 fold"],
    );
    hand.undo().unwrap();
    let (mut journal, _) = Journal::open(&path).unwrap();
    let header = HandHeader::new("tda", 7, 4, Default::default(), setup);
    journal.begin_hand(&header, &hand.entries()[0]).unwrap();
    journal.append(&hand.entries()[1..]).unwrap();

    let (code, out, err) = floorcall(&["replay", path.to_str().unwrap(), "--hand", "7"]);
    assert_eq!(code, 0, "{err}");
    for expected in [
        "Hand 7 · house tda",
        "#2 entered: s3 push 1400",
        "s3 pushed 1400 in one motion",
        "binds: s3 call 1000",
        "ruling fifty-percent: Seat 3's 1,400 facing 1,000 is less than half a minimum raise",
        "[tda.txt 43-A:",
        "#4 entered: # undo entry 3",
        "retracts entry 3",
        "→ flop: pot 2,800, s1 to act",
        "→ flop: pot 1,800, s3 to act",
    ] {
        assert!(out.contains(expected), "missing «{expected}» in:\n{out}");
    }
    let (code, _, err) = floorcall(&["replay", path.to_str().unwrap(), "--hand", "8"]);
    assert_eq!(code, 2);
    assert!(err.contains("has no hand 8"), "{err}");
}
