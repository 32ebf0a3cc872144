//! The `floorcall scenario` runner and the table flags as a user runs them:
//! output, messages and exit codes.

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
    journal
        .begin_hand(hand.rules(), &header, &hand.entries()[0], None)
        .unwrap();
    journal
        .append(hand.rules(), &hand.entries()[1..], None)
        .unwrap();

    let (code, out, err) = floorcall(&["replay", path.to_str().unwrap(), "--hand", "7"]);
    assert_eq!(code, 0, "{err}");
    for expected in [
        "Hand 7 · house tda",
        " entered: s3 push 1400",
        "s3 pushed 1400 in one motion",
        "binds: s3 call 1000",
        "ruling fifty-percent: Seat 3's 1,400 facing 1,000 is less than half a minimum raise",
        "[tda.txt 43-A:",
        " entered: # undo entry 3",
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

/// The binary with its home (data and config folders) in `home`.
fn floorcall_at(args: &[&str], home: &std::path::Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_floorcall"))
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const MAX: &str = "1,000,000,000,000,000";

/// A scenario with `table` as its `[table]` body (line 6 on) and `script`
/// as its one script line (line 3).
fn scenario_file(dir: &std::path::Path, name: &str, script: &str, table: &str) -> PathBuf {
    write(
        dir,
        name,
        &format!("title = \"t\"\nscript = \"\"\"\n{script}\n\"\"\"\n[table]\n{table}"),
    )
}

#[test]
fn a_scenario_with_more_chips_than_a_table_may_hold_exits_two_naming_the_maximum() {
    let dir = temp("over-max");
    let bad = scenario_file(
        &dir,
        "max.toml",
        "s1 call",
        "button = 1\nblinds = [100, 200]\nstacks = [600000000000000, 500000000000000]\n",
    );
    let (code, out, err) = floorcall(&["scenario", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.starts_with(&format!("{}:5:1: ", bad.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "the stacks come to 1,100,000,000,000,000 chips in play, more than the most a table may have, {MAX}"
        )),
        "{err}"
    );
    assert_eq!(out.trim_end(), "0 passed, 0 failed, 1 unreadable");
    // Exactly the maximum, the pot included, is a table like any other.
    let full = scenario_file(
        &dir,
        "full.toml",
        "s1 check",
        "button = 2\nblinds = [100, 200]\nstacks = [600000000000000, 399999999999000]\nstreet = \"flop\"\npot = 1000\n",
    );
    let (code, out, err) = floorcall(&["scenario", full.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn push_9223372036854775808x2_in_a_script_is_a_parse_error_at_its_column() {
    // It used to bind as a call: 2^63 x 2 wrapped to 0.
    let dir = temp("push-wrap");
    let table = "button = 3\nblinds = [100, 200]\nstacks = [1000, 1000, 1000]\n";
    let bad = scenario_file(&dir, "wrap.toml", "s1 push 9223372036854775808x2", table);
    let (code, _, err) = floorcall(&["scenario", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!(
            "{}:3:9: a chip of 9,223,372,036,854,775,808 is more than the most chips a table may have in play, {MAX}",
            bad.display()
        )),
        "{err}"
    );
    // A product or a total over the maximum points at its part.
    let product = scenario_file(&dir, "product.toml", "s1 push 500+600000000000000x2", table);
    let (code, _, err) = floorcall(&["scenario", product.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!(
            "{}:3:13: '600000000000000x2' is more",
            product.display()
        )),
        "{err}"
    );
}

#[test]
fn blinds_that_cannot_be_played_are_a_file_error_at_the_blinds() {
    let dir = temp("blinds");
    let cases = [
        ("[0, 0]", "the big blind is 0, and it is the minimum bet"),
        (
            "[100, 200, 400]",
            "blinds has 3 value(s): expected two, [small, big]",
        ),
        (
            "[300, 200]",
            "the small blind (300) is more than the big blind (200)",
        ),
    ];
    for (i, (blinds, message)) in cases.iter().enumerate() {
        let bad = scenario_file(
            &dir,
            &format!("b{i}.toml"),
            "s1 call",
            &format!("button = 3\nblinds = {blinds}\nstacks = [1000, 1000, 1000]\n"),
        );
        let (code, _, err) = floorcall(&["scenario", bad.to_str().unwrap()]);
        assert_eq!(code, 2, "{blinds}: {err}");
        assert!(
            err.starts_with(&format!("{}:7:10: ", bad.display())),
            "{blinds}: {err}"
        );
        assert!(err.contains(message), "{blinds}: {err}");
    }
}

#[test]
fn table_flags_over_the_maximum_are_refused_naming_it() {
    let home = tempfile::tempdir().expect("a temp dir");
    let journal = home.path().join("j.jsonl");
    let journal = journal.to_str().unwrap();
    // Each stack is within the maximum; two of them are not.
    let (code, _, err) = floorcall_at(
        &[
            "--journal",
            journal,
            "--seats",
            "2",
            "--stacks",
            "600000000000000",
        ],
        home.path(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "The table cannot start: the stacks come to 1,200,000,000,000,000 chips in play, more than the most a table may have, {MAX}."
        )),
        "{err}"
    );
    // One amount over the maximum, on its own.
    let (code, _, err) = floorcall_at(
        &["--journal", journal, "--blinds", "100/2000000000000000"],
        home.path(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "The big blind '2000000000000000': 2,000,000,000,000,000 chips is more than the most chips a table may have in play, {MAX}."
        )),
        "{err}"
    );
    let (code, _, err) = floorcall_at(
        &["--journal", journal, "--ante", "18446744073709551615"],
        home.path(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "the ante (18,446,744,073,709,551,615) is more than the most chips a table may have in play, {MAX}."
        )),
        "{err}"
    );
    let (code, _, err) = floorcall_at(&["--journal", journal, "--blinds", "0/0"], home.path());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the big blind is 0"), "{err}");
}
