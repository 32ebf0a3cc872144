//! What every subcommand says and how it exits, pinned before the binary was
//! split into one file per subcommand (issue 20): the help texts, each main
//! failure (a user's mistake 2, an internal failure 1, a reader gone 0) and
//! the tallies of `scenario` and `import`.

use super::*;

/// A PHH hand whose finishing stacks are `finish` (it ends with 950, 600,
/// 1450).
fn phh_hand(finish: &str) -> String {
    format!(
        "variant = 'NT'\nantes = [0, 100, 0]\nblinds_or_straddles = [50, 100, 0]\nmin_bet = 100\n\
         starting_stacks = [1000, 1000, 1000]\n\
         actions = ['p3 cbr 300', 'p1 f', 'p2 cc', 'd db 2c7h9s', 'p2 cc', 'p3 cbr 300', 'p2 f']\n\
         finishing_stacks = {finish}\n"
    )
}

/// The files the cases below use, in `home`: a journal of hand 7 (j.jsonl),
/// PHH files that pass, fail and do not parse, scenarios that pass and
/// fail, a damaged house file.
fn cli_fixtures(home: &Path) {
    a_journal(home);
    write(home, "good.phh", &phh_hand("[950, 600, 1450]"));
    write(home, "bad.phh", &phh_hand("[950, 700, 1350]"));
    write(home, "broken.phh", "variant = \n");
    write(home, "pass.toml", PASSING);
    write(home, "fail.toml", FAILING);
    write(
        home,
        "house.toml",
        "name = \"x\"\nextends = \"tda\"\nfoo = 1\n",
    );
    write(home, "tampered.jsonl", &{
        let text = std::fs::read_to_string(home.join("j.jsonl")).expect("read");
        text.replacen("s2 bet 1000", "s2 bet 1200", 1)
    });
}

/// (arguments, exit code, standard output, standard error) as the binary
/// gave them before the split, `HOME` for the home folder.
const FAILURES: &[(&[&str], i32, &str, &str)] = &[
    (
        &["bogus"],
        2,
        "",
        "error: unrecognized subcommand 'bogus'\n\nUsage: floorcall [OPTIONS] [COMMAND]\n\nFor more information, try '--help'.\n",
    ),
    (
        &["rules", "show", "nosuch"],
        2,
        "",
        "no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["rules", "show", "house.toml"],
        2,
        "",
        "house.toml: line 3, column 1: unknown field `foo`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key foo)\n",
    ),
    (
        &["rules", "diff", "tda", "nosuch"],
        2,
        "",
        "no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["rules", "diff", "nosuch", "tda"],
        2,
        "",
        "no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["rules", "check", "house.toml"],
        1,
        "",
        "house.toml: line 3, column 1: unknown field `foo`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key foo)\n",
    ),
    (
        &["rules", "check", "/nonexistent/h.toml"],
        2,
        "",
        "/nonexistent/h.toml: No such file or directory (os error 2)\n",
    ),
    (
        &["rules", "bogus"],
        2,
        "",
        "error: unrecognized subcommand 'bogus'\n\nUsage: floorcall rules <COMMAND>\n\nFor more information, try '--help'.\n",
    ),
    (
        &["replay"],
        2,
        "",
        "floorcall: HOME/data/floorcall/journal.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["replay", "/nonexistent/j.jsonl"],
        2,
        "",
        "floorcall: /nonexistent/j.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["replay", "good.phh"],
        2,
        "",
        "floorcall: good.phh, line 1: the line is not a journal record (expected value at line 1 column 1).\n",
    ),
    (
        &["replay", "j.jsonl", "--hand", "3"],
        2,
        "",
        "floorcall: j.jsonl has no hand 3: its hands are 7 to 7.\n",
    ),
    (
        &["review"],
        2,
        "",
        "floorcall: HOME/data/floorcall/journal.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["review", "/nonexistent/j.jsonl"],
        2,
        "",
        "floorcall: /nonexistent/j.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["review", "j.jsonl"],
        2,
        "",
        "floorcall: the review screen needs a terminal, and the output is not one (replay prints a hand without one).\n",
    ),
    (
        &["review", "j.jsonl", "--hand", "3"],
        2,
        "",
        "floorcall: j.jsonl has no hand 3: its hands are 7 to 7.\n",
    ),
    (
        &["review", "j.jsonl", "--house", "nosuch"],
        2,
        "",
        "floorcall: no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["review", "j.jsonl", "--house", "nosuch", "--hand", "3"],
        2,
        "",
        "floorcall: no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["verify"],
        2,
        "",
        "floorcall: HOME/data/floorcall/journal.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["verify", "/nonexistent/j.jsonl"],
        2,
        "",
        "floorcall: /nonexistent/j.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["verify", "j.jsonl", "--head", "xyz"],
        2,
        "",
        "floorcall: \"xyz\" is not a head: give 8 to 64 hex digits, as the table screen shows them (16).\n",
    ),
    (
        &["verify", "tampered.jsonl"],
        1,
        "tampered.jsonl, line 4: the record was changed after it was written: its hash does not match its contents.\n",
        "",
    ),
    (
        &["import", "good.phh"],
        2,
        "",
        "error: the following required arguments were not provided:\n  --check\n\nUsage: floorcall import --check <FILE_OR_FOLDER>...\n\nFor more information, try '--help'.\n",
    ),
    (
        &["import", "--check", "good.phh"],
        0,
        "1 passed, 0 failed\n",
        "",
    ),
    (
        &["import", "--check", "bad.phh", "good.phh"],
        1,
        "bad.phh: finishing_stacks are [950, 700, 1350]; the hand ends with [950, 600, 1450].\n1 passed, 1 failed\n",
        "",
    ),
    (
        &["import", "--check", "broken.phh"],
        1,
        "broken.phh: line 1, column 11: string values must be quoted, expected literal string\n0 passed, 1 failed\n",
        "",
    ),
    (
        &["import", "--check", "."],
        1,
        "./bad.phh: finishing_stacks are [950, 700, 1350]; the hand ends with [950, 600, 1450].\n./broken.phh: line 1, column 11: string values must be quoted, expected literal string\n1 passed, 2 failed\n",
        "",
    ),
    (
        &["import", "--check", "/nonexistent/x.phh", "good.phh"],
        2,
        "1 passed, 0 failed, 1 unreadable\n",
        "floorcall: /nonexistent/x.phh cannot be read: No such file or directory (os error 2).\n",
    ),
    (
        &["import", "--check", "/nonexistent/x.phh", "bad.phh"],
        2,
        "bad.phh: finishing_stacks are [950, 700, 1350]; the hand ends with [950, 600, 1450].\n0 passed, 1 failed, 1 unreadable\n",
        "floorcall: /nonexistent/x.phh cannot be read: No such file or directory (os error 2).\n",
    ),
    (
        &["import", "--check", "--house", "nosuch", "good.phh"],
        2,
        "",
        "floorcall: no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["import", "--check", "--house", "upt", "good.phh"],
        0,
        "1 passed, 0 failed\n",
        "",
    ),
    (
        &["export"],
        2,
        "",
        "floorcall: HOME/data/floorcall/journal.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["export", "/nonexistent/j.jsonl"],
        2,
        "",
        "floorcall: /nonexistent/j.jsonl: reading the journal failed: No such file or directory (os error 2).\n",
    ),
    (
        &["export", "j.jsonl"],
        0,
        "",
        "floorcall: hand 7 left out: not finished.\n",
    ),
    (
        &["export", "j.jsonl", "--hand", "3"],
        2,
        "",
        "floorcall: j.jsonl: there is no hand 3.\n",
    ),
    (
        &["export", "j.jsonl", "-o", "x.txt"],
        2,
        "",
        "floorcall: x.txt is not a file for a .txt export: write PHH to a .phh or .phhs file, OHH to a .ohh file.\n",
    ),
    (
        &["export", "j.jsonl", "--format", "ohh", "-o", "x.phh"],
        2,
        "",
        "floorcall: x.phh is not a file for --format ohh: write PHH to a .phh or .phhs file, OHH to a .ohh file.\n",
    ),
    (
        &["export", "j.jsonl", "--format", "phh", "-o", "x.ohh"],
        2,
        "",
        "floorcall: x.ohh is not a file for --format phh: write PHH to a .phh or .phhs file, OHH to a .ohh file.\n",
    ),
    (
        &["export", "j.jsonl", "-o", "/nonexistent/x.phhs"],
        2,
        "",
        "floorcall: hand 7 left out: not finished.\nfloorcall: /nonexistent/x.phhs cannot be written: No such file or directory (os error 2).\n",
    ),
    (
        &["export", "j.jsonl", "--format", "xml"],
        2,
        "",
        "error: invalid value 'xml' for '--format <FORMAT>'\n  [possible values: phh, ohh]\n\nFor more information, try '--help'.\n",
    ),
    (
        &["practice", "--house", "nosuch", "--quiz-json"],
        2,
        "",
        "floorcall: no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["practice", "--topic", "nosuch", "--quiz-json"],
        2,
        "",
        "floorcall: There is no question to ask on the topic nosuch: the topics are all-in-face-up, can-raise, clock, dead-hand, exposed-card, fifty-percent, four-card-flop, lesser-amount, min-raise, misdeal, multiple-chip, odd-chip, out-of-turn, oversized-chip, pot-bet-no-limit, premature-card, pushed-chips, show-first, showdown-order, side-pot, string-bet, substantial-action, to-call, uncalled-bet, undercall, verbal-binding.\n",
    ),
    (
        &["practice", "--count", "0"],
        2,
        "",
        "error: invalid value '0' for '--count <N>': practice asks at least one question: give --count 1 or more\n\nFor more information, try '--help'.\n",
    ),
    (
        &["practice", "--seed", "1"],
        2,
        "",
        "floorcall: the practice screen needs a terminal (--quiz-json prints the questions without one).\n",
    ),
    (
        &["practice", "--progress", "broken.phh", "--stats"],
        2,
        "",
        "floorcall: broken.phh: not a practice progress file (expected value at line 1 column 1); move it away to start afresh\n",
    ),
    (
        &["practice", "--stats"],
        0,
        "No question answered yet: floorcall practice starts a drill.\n",
        "",
    ),
    (
        &["scenario"],
        2,
        "",
        "error: the following required arguments were not provided:\n  <PATHS>...\n\nUsage: floorcall scenario <PATHS>...\n\nFor more information, try '--help'.\n",
    ),
    (&["scenario", "pass.toml"], 0, "1 passed, 0 failed\n", ""),
    (
        &["scenario", "fail.toml", "pass.toml"],
        1,
        "fail.toml: expect #1 (after 1 lines): to_act: expected 3, got 1\n1 passed, 1 failed\n",
        "",
    ),
    (
        &["scenario", "/nonexistent/s.toml", "pass.toml"],
        2,
        "1 passed, 0 failed, 1 unreadable\n",
        "/nonexistent/s.toml: No such file or directory (os error 2)\n",
    ),
    (
        &["scenario", "fail.toml", "/nonexistent/s.toml"],
        2,
        "fail.toml: expect #1 (after 1 lines): to_act: expected 3, got 1\n0 passed, 1 failed, 1 unreadable\n",
        "/nonexistent/s.toml: No such file or directory (os error 2)\n",
    ),
    (
        &["--journal", "new.jsonl", "--seats", "1"],
        2,
        "",
        "floorcall: --seats 1: a table has 2 to 10 seats.\n",
    ),
    (
        &["--journal", "new.jsonl", "--level-minutes", "0"],
        2,
        "",
        "floorcall: --level-minutes 0: a level lasts at least a minute\n",
    ),
    (
        &["--journal", "new.jsonl", "--levels", "abc"],
        2,
        "",
        "floorcall: --levels: level 1 ('abc') is not SMALL/BIG[:ANTE] or SMALL/BIG:bbANTE, like 200/400:50\n",
    ),
    (
        &[
            "--journal",
            "new.jsonl",
            "--structure",
            "/nonexistent/s.toml",
        ],
        2,
        "",
        "floorcall: /nonexistent/s.toml: No such file or directory (os error 2)\n",
    ),
    (
        &[
            "--journal",
            "new.jsonl",
            "--structure",
            "s.toml",
            "--levels",
            "100/200",
        ],
        2,
        "",
        "error: the argument '--structure <FILE>' cannot be used with '--levels <LEVELS>'\n\nUsage: floorcall --journal <PATH> --structure <FILE>\n\nFor more information, try '--help'.\n",
    ),
    (
        &["--journal", "new.jsonl", "--house", "nosuch"],
        2,
        "",
        "floorcall: House rules: no house rules named \"nosuch\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file\n",
    ),
    (
        &["--journal", "new.jsonl", "--seats", "3"],
        2,
        "",
        "floorcall: the table screen needs a terminal, and the output is not one: no hand was started (scenario and replay work without one)\n",
    ),
    (
        &["--journal", "good.phh"],
        2,
        "",
        "floorcall: the journal cannot be used (it was left as it is): good.phh, line 1: the line is not a journal record (expected value at line 1 column 1).\n",
    ),
    (
        &["--journal", "j.jsonl", "--resume"],
        2,
        "",
        "floorcall: the table screen needs a terminal, and the output is not one: no hand was started (scenario and replay work without one)\n",
    ),
    (
        &["--journal", "j.jsonl"],
        2,
        "",
        "floorcall: the table screen needs a terminal, and the output is not one: no hand was started (scenario and replay work without one)\n",
    ),
];

#[test]
fn every_subcommand_fails_with_the_message_and_the_exit_code_it_had() {
    let home = Home::new();
    cli_fixtures(home.path());
    let mut wrong = Vec::new();
    for &(args, code, out, err) in FAILURES {
        let got = home.run_shown(args);
        if got != (code, out.to_string(), err.to_string()) {
            wrong.push(format!(
                "    (&{args:?}, {}, {:?}, {:?}),",
                got.0, got.1, got.2
            ));
        }
    }
    assert!(wrong.is_empty(), "now:\n{}", wrong.join("\n"));
}

/// (arguments, exit code and standard error with standard output a pipe
/// whose reader is gone, the same with standard output a full disk
/// (/dev/full)) as the binary gave them before the split.
/// An exit code and what standard error said.
type Said = (i32, &'static str);

const OUTPUT_FAILURES: &[(&[&str], Said, Said)] = &[
    (
        &["rules", "list"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["rules", "show", "tda"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["rules", "diff", "tda", "upt"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["rules", "check", "house.toml"],
        (
            1,
            "house.toml: line 3, column 1: unknown field `foo`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key foo)\n",
        ),
        (
            1,
            "house.toml: line 3, column 1: unknown field `foo`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key foo)\n",
        ),
    ),
    (
        &["replay", "j.jsonl"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["verify", "j.jsonl"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["verify", "tampered.jsonl"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["import", "--check", "bad.phh", "good.phh"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["import", "--check", "/nonexistent/x.phh", "good.phh"],
        (
            0,
            "floorcall: /nonexistent/x.phh cannot be read: No such file or directory (os error 2).\n",
        ),
        (
            1,
            "floorcall: /nonexistent/x.phh cannot be read: No such file or directory (os error 2).\nfloorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["export", "j.jsonl"],
        (0, "floorcall: hand 7 left out: not finished.\n"),
        (0, "floorcall: hand 7 left out: not finished.\n"),
    ),
    // practice's printing ended with exit 1 and no word either way (its own
    // `unwrap_or(1)`); with the one exit policy it ends as every other
    // subcommand does: 0 for a reader gone, 1 and said for a full disk.
    (
        &["practice", "--stats"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["practice", "--quiz-json", "--seed", "1", "--count", "2"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["scenario", "pass.toml"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["scenario", "fail.toml", "pass.toml"],
        (0, ""),
        (
            1,
            "floorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (
        &["scenario", "/nonexistent/s.toml", "pass.toml"],
        (
            0,
            "/nonexistent/s.toml: No such file or directory (os error 2)\n",
        ),
        (
            1,
            "/nonexistent/s.toml: No such file or directory (os error 2)\nfloorcall: the output could not be written: No space left on device (os error 28).\n",
        ),
    ),
    (&["--version"], (0, ""), (0, "")),
];

#[cfg(unix)]
#[test]
fn a_reader_gone_is_exit_zero_and_a_full_disk_exit_one_for_every_subcommand() {
    let home = Home::new();
    cli_fixtures(home.path());
    let run = |args: &[&str], stdout: Stdio| {
        let (code, _, err) = home.run_shown_with(args, |command| {
            command.stdout(stdout);
        });
        (code, err)
    };
    let mut wrong = Vec::new();
    for &(args, (gone, gone_err), (full, full_err)) in OUTPUT_FAILURES {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let closed = run(args, writer.into());
        let disk = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let full_disk = run(args, disk.into());
        if closed != (gone, gone_err.to_string()) || full_disk != (full, full_err.to_string()) {
            wrong.push(format!(
                "    (&{args:?}, ({}, {:?}), ({}, {:?})),",
                closed.0, closed.1, full_disk.0, full_disk.1
            ));
        }
    }
    assert!(wrong.is_empty(), "now:\n{}", wrong.join("\n"));
}

#[test]
fn every_help_text_reads_as_it_did() {
    let home = Home::new();
    let commands: [&[&str]; 15] = [
        &[],
        &["rules"],
        &["rules", "list"],
        &["rules", "show"],
        &["rules", "check"],
        &["rules", "diff"],
        &["replay"],
        &["review"],
        &["verify"],
        &["import"],
        &["export"],
        &["practice"],
        &["scenario"],
        &["help"],
        &["help", "rules"],
    ];
    let mut all = String::new();
    for command in commands {
        let asked: &[Option<&str>] = if command.first() == Some(&"help") {
            &[None]
        } else {
            &[Some("-h"), Some("--help")]
        };
        for flag in asked {
            let mut args = command.to_vec();
            args.extend(flag);
            let (code, out, err) = home.run_shown(&args);
            assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
            all.push_str(&format!("$ floorcall {}\n{out}\n", args.join(" ")));
        }
    }
    insta::assert_snapshot!("cli_help", all);
}
