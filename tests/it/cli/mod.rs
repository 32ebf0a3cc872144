//! The `floorcall scenario` runner and the table flags as a user runs them:
//! output, messages and exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::home::Home;
use std::time::{Duration, Instant};

mod pinned;

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
    let (code, out, _) = Home::new().run(&["scenario", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.trim_end().lines().last(), Some("1 passed, 0 failed"));
}

#[test]
fn a_failed_expectation_is_one_line_and_exit_one() {
    let dir = temp("fail");
    let bad = write(&dir, "b.toml", FAILING);
    write(&dir, "a.toml", PASSING);
    let (code, out, _) = Home::new().run(&["scenario", dir.to_str().unwrap()]);
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
    let (code, _, err) = Home::new().run(&["scenario", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{}:2:", bad.display())), "{err}");
    assert!(err.contains("'cal' is not an action"), "{err}");
}

#[test]
fn a_missing_file_exits_two() {
    let (code, _, err) = Home::new().run(&["scenario", "/nonexistent/floorcall.toml"]);
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

    let (code, out, err) = Home::new().run(&["replay", path.to_str().unwrap(), "--hand", "7"]);
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
    let (code, _, err) = Home::new().run(&["replay", path.to_str().unwrap(), "--hand", "8"]);
    assert_eq!(code, 2);
    assert!(err.contains("has no hand 8"), "{err}");
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
    let (code, out, err) = Home::new().run(&["scenario", bad.to_str().unwrap()]);
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
    let (code, out, err) = Home::new().run(&["scenario", full.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn push_9223372036854775808x2_in_a_script_is_a_parse_error_at_its_column() {
    // It used to bind as a call: 2^63 x 2 wrapped to 0.
    let dir = temp("push-wrap");
    let table = "button = 3\nblinds = [100, 200]\nstacks = [1000, 1000, 1000]\n";
    let bad = scenario_file(&dir, "wrap.toml", "s1 push 9223372036854775808x2", table);
    let (code, _, err) = Home::new().run(&["scenario", bad.to_str().unwrap()]);
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
    let (code, _, err) = Home::new().run(&["scenario", product.to_str().unwrap()]);
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
        let (code, _, err) = Home::new().run(&["scenario", bad.to_str().unwrap()]);
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
    let home = Home::new();
    let journal = home.path().join("j.jsonl");
    let journal = journal.to_str().unwrap();
    // Each stack is within the maximum; two of them are not.
    let (code, _, err) = home.run(&[
        "--journal",
        journal,
        "--seats",
        "2",
        "--stacks",
        "600000000000000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "The table cannot start: the stacks come to 1,200,000,000,000,000 chips in play, more than the most a table may have, {MAX}."
        )),
        "{err}"
    );
    // One amount over the maximum, on its own.
    let (code, _, err) = home.run(&["--journal", journal, "--blinds", "100/2000000000000000"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "The big blind '2000000000000000': 2,000,000,000,000,000 chips is more than the most chips a table may have in play, {MAX}."
        )),
        "{err}"
    );
    // The ante is read as every other amount is.
    let (code, _, err) = home.run(&["--journal", journal, "--ante", "18446744073709551615"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "The ante '18446744073709551615': 18,446,744,073,709,551,615 chips is more than the most chips a table may have in play, {MAX}."
        )),
        "{err}"
    );
    let (code, _, err) = home.run(&["--journal", journal, "--blinds", "0/0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the big blind is 0"), "{err}");
}

/// Runs the binary with its stdout a pipe whose reader is already gone, as
/// `floorcall ... | head -1` is once head has its line.
fn floorcall_into_a_closed_pipe(args: &[&str], home: &Home) -> (i32, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let (code, _, err) = home.run_with(args, |command| {
        command.stdout(writer);
    });
    (code, err)
}

/// A journal of one short hand (hand 7).
fn a_journal(dir: &Path) -> PathBuf {
    use floorcall::journal::{HandHeader, Journal};
    std::fs::create_dir_all(dir).expect("a temp dir");
    let path = dir.join("j.jsonl");
    let setup = crate::support::flop_table(&[10000, 10000, 10000, 10000], 1, (100, 200), 800);
    let hand = crate::support::given("tda", setup.clone(), &["s2 bet 1000", "s3 call"]);
    let (mut journal, _) = Journal::open(&path).expect("opens");
    let header = HandHeader::new("tda", 7, 4, Default::default(), setup);
    journal
        .begin_hand(hand.rules(), &header, &hand.entries()[0], None)
        .expect("written");
    journal
        .append(hand.rules(), &hand.entries()[1..], None)
        .expect("written");
    path
}

#[test]
fn writing_into_a_closed_pipe_ends_quietly_with_exit_zero() {
    // It used to panic ("failed printing to stdout: Broken pipe") and exit 101.
    let home = Home::new();
    let journal = a_journal(home.path());
    let journal = journal.to_str().expect("utf-8");
    let scenarios = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/engine");
    let failing = write(home.path(), "failing.toml", FAILING);
    let cases: [&[&str]; 8] = [
        &["replay", journal],
        &["replay", journal, "--hand", "7"],
        &["rules", "show", "tda"],
        &["rules", "list"],
        &["rules", "diff", "tda", "upt"],
        &["rules", "check", "config/tda.toml"],
        &["scenario", scenarios.to_str().expect("utf-8")],
        &["scenario", failing.to_str().expect("utf-8")],
    ];
    // (A reader that went away wants no more: even a failing scenario's
    // run stops there, quietly.)
    for args in cases {
        let (code, err) = floorcall_into_a_closed_pipe(args, &home);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}: nothing on stderr");
    }
}

#[test]
fn replay_of_an_empty_journal_says_so_in_plain_words() {
    let dir = temp("empty-journal");
    let empty = write(&dir, "empty.jsonl", "");
    let (code, out, err) = Home::new().run(&["replay", empty.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err.trim_end(),
        format!(
            "floorcall: the journal {} is empty: no hand has been recorded in it yet.",
            empty.display()
        )
    );
    // A hand that is not there names the hands that are.
    let journal = a_journal(&dir);
    let (code, _, err) = Home::new().run(&["replay", journal.to_str().unwrap(), "--hand", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("has no hand 3: its hands are 7 to 7."),
        "{err}"
    );
}

#[test]
fn an_os_error_is_named_once() {
    // It used to read "...(os error 20).: Not a directory (os error 20)".
    let home = Home::new();
    let file = write(home.path(), "plain.txt", "not a folder");
    let journal = file.join("sub").join("j.jsonl");
    let (code, _, err) = home.run(&["--journal", journal.to_str().unwrap(), "--seats", "3"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.matches("(os error").count(), 1, "{err}");
    assert!(
        err.contains("cannot be used: Not a directory (os error 20)."),
        "{err}"
    );
    for args in [
        &["replay", "/nonexistent/floorcall.jsonl"][..],
        &["scenario", "/nonexistent/floorcall.toml"],
        &["rules", "check", "/nonexistent/floorcall.toml"],
    ] {
        let (code, _, err) = home.run(args);
        assert_ne!(code, 0, "{args:?}");
        assert_eq!(err.matches("(os error").count(), 1, "{args:?}: {err}");
        assert!(err.contains("No such file or directory"), "{args:?}: {err}");
    }
}

/// Runs the binary and fails if it has not ended within ten seconds (a
/// FIFO or a device read for ever would hang it).
fn floorcall_in_time(args: &[&str], home: &Home) -> (i32, String) {
    let mut child = home
        .command(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let mut err = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                std::io::Read::read_to_string(&mut stderr, &mut err).expect("reads");
            }
            return (status.code().unwrap_or(-1), err);
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("floorcall {args:?} was still running after 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn a_special_file_is_refused_as_not_a_regular_file() {
    // A FIFO used to hang every reader; /dev/zero filled the memory.
    let home = Home::new();
    let fifo = home.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_str().expect("utf-8");
    // Issue 32 item 9: `rules check` exited 1 (a file checked and found
    // wanting) for a file it could not read, where every reader exits 2.
    let cases: [(&[&str], &str, i32); 8] = [
        (&["scenario", fifo], "a named pipe (FIFO)", 2),
        (&["scenario", "/dev/zero"], "a character device", 2),
        (&["rules", "check", "/dev/urandom"], "a character device", 2),
        (&["rules", "check", "/dev/zero"], "a character device", 2),
        (&["rules", "show", fifo], "a named pipe (FIFO)", 2),
        (&["replay", fifo], "a named pipe (FIFO)", 2),
        (&["replay", "/dev/zero"], "a character device", 2),
        (
            &["--journal", fifo, "--seats", "3"],
            "a named pipe (FIFO)",
            2,
        ),
    ];
    for (args, kind, status) in cases {
        let (code, err) = floorcall_in_time(args, &home);
        assert_eq!(code, status, "{args:?}: {err}");
        assert!(
            err.contains(&format!("it is {kind}, not a regular file")),
            "{args:?}: {err}"
        );
    }
    // A house-rules file given as a flag is read the same way.
    let journal = home.path().join("j.jsonl");
    let (code, err) = floorcall_in_time(
        &[
            "--journal",
            journal.to_str().expect("utf-8"),
            "--house",
            "/dev/zero",
        ],
        &home,
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("/dev/zero: it is a character device, not a regular file"),
        "{err}"
    );
    // A table refused by its flags leaves no journal behind.
    assert!(!journal.exists());
}

#[test]
fn amount_flags_are_read_alike_and_say_what_is_wrong() {
    let home = Home::new();
    let journal = home.path().join("j.jsonl");
    let journal = journal.to_str().unwrap();
    let cases = [
        // clap used to answer "unexpected argument '-5' found" or "invalid
        // digit found in string".
        (
            &["--ante", "-5"][..],
            "The ante '-5': '-5' is not an amount: expected whole chips, like 1400.",
        ),
        (
            &["--ante", "ten"],
            "The ante 'ten': 'ten' is not an amount: expected whole chips, like 1400.",
        ),
        (
            &["--stacks", "-5"],
            "The stack '-5': '-5' is not an amount: expected whole chips, like 1400.",
        ),
        (
            &["--blinds", "-1/2"],
            "The small blind '-1': '-1' is not an amount: expected whole chips, like 1400.",
        ),
        (
            &["--stacks", "2000000000000000"],
            "The stack '2000000000000000': 2,000,000,000,000,000 chips is more than the most chips a table may have in play, 1,000,000,000,000,000.",
        ),
    ];
    for (flags, message) in cases {
        let mut args = vec!["--journal", journal];
        args.extend_from_slice(flags);
        let (code, _, err) = home.run(&args);
        assert_eq!(code, 2, "{flags:?}: {err}");
        assert!(err.contains(message), "{flags:?}: {err}");
    }
    // An ante is 0 or an amount, as on the setup screen.
    let (code, _, err) = home.run(&[
        "--journal",
        journal,
        "--house",
        "ugly-tuna",
        "--ante",
        "100",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the ante 100 is more than a quarter of the small blind 100"),
        "{err}"
    );
}

#[test]
fn flags_start_from_the_defaults_and_only_the_setup_screen_shows_the_remembered_table() {
    use floorcall::tui::setup::{SetupForm, TableChoice, TableFlags};
    let home = Home::new();
    let memory = home.path().join("last-table.toml");
    let last = TableChoice {
        house: "ugly-tuna".into(),
        seats: 4,
        small_blind: 500,
        big_blind: 1000,
        stack: 5000,
        stacks: vec![5000; 10],
        names: ["Zed", "Yan", "Xi", "Wu"]
            .iter()
            .map(|n| n.to_string())
            .chain(std::iter::repeat_n(String::new(), 6))
            .collect(),
        ..TableChoice::default()
    };
    last.remember(&memory).expect("remembered");
    // A flag: what no flag sets is the documented default, not the last
    // table's (the stacks, house and names used to come from memory).
    let flags = TableFlags {
        seats: Some(3),
        ..TableFlags::default()
    };
    let choice = TableChoice::opening(Some(&memory), &flags).expect("a table");
    assert_eq!(
        choice,
        TableChoice {
            seats: 3,
            ..TableChoice::default()
        }
    );
    let (header, rules) = choice.header(1).expect("starts");
    assert_eq!(rules.name, "tda");
    assert!(header.names.is_empty());
    assert!(header.setup.stacks.iter().all(|(_, c)| c.get() == 10_000));
    assert_eq!(SetupForm::new(choice).remembered_note(), None);
    // No flag: the setup screen shows the last table, marked as remembered.
    let choice = TableChoice::opening(Some(&memory), &TableFlags::default()).expect("a table");
    assert_eq!(choice.house, "ugly-tuna");
    assert_eq!(choice.names[0], "Zed");
    assert_eq!(choice.remembered_from.as_deref(), Some(memory.as_path()));
    let note = SetupForm::new(choice).remembered_note().expect("marked");
    assert!(
        note.starts_with(&format!(
            "Remembered from the last table ({})",
            memory.display()
        )),
        "{note}"
    );
}

#[test]
fn help_names_the_folders_in_use() {
    // It used to point at config/keys.toml and name no folder.
    let home = Home::new();
    let (code, out, _) = home.run(&["--help"]);
    assert_eq!(code, 0);
    let data = home.path().join("data").join("floorcall");
    let config = home.path().join("config").join("floorcall");
    for expected in [
        format!("data {}, config {}", data.display(), config.display()),
        format!("{}", data.join("journal.jsonl").display()),
        format!("{}", data.join("last-table.toml").display()),
        format!(
            "{}\n      your key map (not there: the built-in map is in use",
            config.join("keys.toml").display()
        ),
        format!("{}/NAME.toml", config.join("rules").display()),
    ] {
        assert!(out.contains(&expected), "--help lacks «{expected}»:\n{out}");
    }
    assert!(!out.contains("config/keys.toml)"), "{out}");
    write(&config, "keys.toml", "[table]\nf = \"fold\"\n");
    let (_, out, _) = home.run(&["--help"]);
    assert!(
        out.contains("your key map (there: its bindings are laid over the built-in map"),
        "{out}"
    );
}

#[test]
fn a_table_of_one_player_is_a_file_error_at_the_table_with_exit_two() {
    let dir = temp("one-player");
    let bad = scenario_file(
        &dir,
        "one.toml",
        "s1 call",
        "button = 1\nblinds = [100, 200]\nstacks = [1000]\n",
    );
    let (code, out, err) = Home::new().run(&["scenario", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "{}:5:1: The table cannot start: a hand needs at least two seated players with chips.",
            bad.display()
        )
    );
}

#[test]
fn rules_check_lists_every_problem_then_counts_them() {
    let dir = temp("rules-every");
    let file = write(
        &dir,
        "house.toml",
        "name = \"x\"\nextends = \"tda\"\nfoo = 1\n[settings.min-raise]\nvalue = \"triple\"\nrule = \"1\"\ntext = \"t\"\n[[levels]]\nsmall = 400\nbig = 200\n",
    );
    let (code, out, err) = Home::new().run(&["rules", "check", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let f = file.display();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!(
                "{f}: line 3, column 1: unknown field `foo`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key foo)"
            ),
            format!(
                "{f}: line 5, column 9: unknown variant `triple`, expected `previous-full-raise` or `double-the-bet` (key settings.min-raise.value)"
            ),
            format!(
                "{f}: line 8, column 1: levels[0]: the small blind (400) is more than the big blind (200)"
            ),
            format!("{f}: 3 problems."),
        ]
    );
}

#[cfg(unix)]
#[test]
fn verify_practice_and_import_refuse_a_special_file_before_opening_it() {
    // `verify` on a FIFO hung and on /dev/zero grew to 1.4 GB; `practice
    // --progress FIFO --stats` hung.
    let home = Home::new();
    let fifo = home.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_str().expect("utf-8");
    let cases: [(&[&str], &str); 5] = [
        (&["verify", fifo], "a named pipe (FIFO)"),
        (&["verify", "/dev/zero"], "a character device"),
        (
            &["practice", "--progress", fifo, "--stats"],
            "a named pipe (FIFO)",
        ),
        (
            &["practice", "--progress", "/dev/zero", "--stats"],
            "a character device",
        ),
        (&["import", "--check", fifo], "a named pipe (FIFO)"),
    ];
    for (args, kind) in cases {
        let (code, err) = floorcall_in_time(args, &home);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(&format!("it is {kind}, not a regular file")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_start_refused_or_failed_leaves_no_journal_and_names_a_missing_folder() {
    let home = Home::new();
    let journal = home.path().join("j.jsonl");
    let j = journal.to_str().expect("utf-8");
    // E used to be dropped without a word at 4 seats.
    let (code, _, err) = home.run(&["--journal", j, "--seats", "4", "--names", "A,B,C,D,E"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--names lists 5 names, but the table has 4 seats."),
        "{err}"
    );
    assert!(!journal.exists());
    // A start that fails once the journal is open (no terminal here) used
    // to leave an empty journal behind.
    let (code, _, err) = home.run(&["--journal", j, "--seats", "4", "--names", "A,B,C,D"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the table screen needs a terminal"), "{err}");
    assert!(!journal.exists(), "no empty journal left");
    // A journal with hands in it stays.
    let kept = a_journal(home.path());
    let before = std::fs::read(&kept).expect("read");
    let (code, _, _) = home.run(&["--journal", kept.to_str().expect("utf-8"), "--resume"]);
    assert_eq!(code, 2);
    assert_eq!(std::fs::read(&kept).expect("read"), before);
    // A folder that is not there is named, not made.
    let folder = home.path().join("no-such-folder");
    let missing = folder.join("j.jsonl");
    let (code, _, err) = home.run(&[
        "--journal",
        missing.to_str().expect("utf-8"),
        "--seats",
        "3",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "the folder {} does not exist: make it first",
            folder.display()
        )),
        "{err}"
    );
    assert!(!folder.exists(), "not made");
}

#[test]
fn a_damaged_key_map_stops_the_table_with_exit_two() {
    let home = Home::new();
    write(
        &home.path().join("config").join("floorcall"),
        "keys.toml",
        "[table]\nf = \"flod\"\n",
    );
    let got = home.run_shown(&["--journal", "j.jsonl", "--seats", "3"]);
    assert_eq!(
        got,
        (
            2,
            String::new(),
            "floorcall: HOME/config/floorcall/keys.toml: line 2, column 5: 'flod' is not an action: expected one of fold, check, call, bet, raise, all-in, say, push, motion, tap, muck, close-motion, hole, show, deal, floor, undo, redo, command-bar, next-hand, help, review, level-clock, player-clock, level-clock-plus, level-clock-minus, floor-order, quit, cancel, accept, override, submit, delete-back, history-prev, history-next, start, next-field, prev-field, choose-next, choose-prev, yes, no, new-table, scroll-up, scroll-down, page-up, page-down, scroll-top, scroll-bottom, number-N\n".to_string()
        )
    );
    assert!(!home.path().join("j.jsonl").exists());
}

#[test]
fn only_the_failure_module_picks_an_exit_status() {
    // Each subcommand used to print its own error and pick its number
    // (26 `ExitCode::from(2)` in main.rs); now it returns a Failure and
    // src/cli/failure.rs alone turns it into the exit status.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = crate::layers::rust_files(&root.join("src/cli"));
    files.push(root.join("src/main.rs"));
    let mut picking = Vec::new();
    for file in files {
        if file.ends_with("cli/failure.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in text.lines().enumerate() {
            if line.contains("ExitCode::") || line.contains("process::exit") {
                picking.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    assert!(picking.is_empty(), "{}", picking.join("\n"));
}

#[test]
fn rules_show_and_diff_give_the_tournament_settings_with_their_words() {
    // The floor's settings are house rules too: `rules show` lists them,
    // each with its book's words, and `rules diff` compares them.
    let (code, out, err) = Home::new().run(&["rules", "show", "upt"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n[tournament]\n"), "{out}");
    let at = out.find("balance-who = ").expect("balance-who listed");
    let quoted = out[at..].lines().nth(1).expect("its citation");
    assert!(quoted.contains("15"), "UPT 15 cited: {quoted}");
    let (code, out, err) = Home::new().run(&["rules", "diff", "tda", "upt"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nbalance-who:\n"), "{out}");
}

/// The table with `--floor`: a flag missing or wrong is the user's to put
/// right (exit 2, said with the password masked), before the journal is
/// opened; nothing is written.
#[test]
fn the_table_with_a_floor_needs_its_table_and_masks_the_password() {
    let home = Home::new();
    let journal = home.path().join("j.jsonl");
    let run = |args: &[&str]| {
        let (code, _, err) = home.run_with(args, |command| {
            command
                .args(["--journal", journal.to_str().unwrap()])
                .env_remove("FLOORCALL_FLOOR")
                .env_remove("FLOORCALL_TOURNAMENT");
        });
        (code, err)
    };
    let url = "postgres://t1:s3cret@db.example/floor";
    let (code, err) = run(&["--floor", url, "--tournament", "spring"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("needs --table NAME"), "{err}");
    assert!(!err.contains("s3cret"), "the password shows: {err}");
    let (code, err) = run(&["--floor", url, "--table", "T1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("needs --tournament NAME"), "{err}");
    let (code, err) = run(&["--floor", url, "--table", "T 1", "--tournament", "spring"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--table: \"T 1\" cannot name"), "{err}");
    let (code, err) = run(&[
        "--floor",
        "postgres://t1:s3cret@db.example/floor?sslmode=sometimes",
        "--table",
        "T1",
        "--tournament",
        "spring",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--floor: ") && err.contains("sslmode"),
        "{err}"
    );
    assert!(!err.contains("s3cret"), "the password shows: {err}");
    assert!(!journal.exists(), "the journal was made");
    // The env variable gives the URL; its value is never in the help.
    let (_, help, _) = home.run_with(&["--help"], |command| {
        command.env("FLOORCALL_FLOOR", url);
    });
    assert!(
        help.contains("--floor <URL>") && help.contains("--table <NAME>"),
        "{help}"
    );
    assert!(!help.contains("s3cret"), "{help}");
}
