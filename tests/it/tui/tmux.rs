//! The real binary in a real terminal: tmux runs floorcall, `send-keys`
//! types a short hand, `capture-pane` reads the screen. Skipped, with a
//! message, only where tmux is not installed (`.ci/run` installs it).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::home::Home;
use crate::tmux::{Tmux, quoted};

#[test]
fn the_real_binary_plays_a_short_hand_in_tmux() {
    if Tmux::skip("the_real_binary_plays_a_short_hand_in_tmux") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let table = table_flags(&journal, "3", "1000", "10/20", "Ann,Bob,Cy");
    let tmux = home.tmux("test", &table);
    tmux.wait_for("Seat 1 (Ann) to act");
    // Preflop: Ann calls, Bob completes, Cy checks.
    tmux.type_text("c");
    tmux.wait_for("Seat 2 (Bob) to act");
    tmux.type_text("c");
    tmux.wait_for("Seat 3 (Cy) to act");
    tmux.type_text("x");
    tmux.wait_for("deals the flop");
    tmux.type_text("dAsKd7c");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Seat 2 (Bob) to act");
    // Bob bets the minimum (filled in), Cy raises to 100, Ann folds, Bob folds.
    tmux.type_text("b");
    tmux.wait_for("Seat 2 bets: 20");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Seat 3 (Cy) to act");
    tmux.type_text("r100");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Seat 1 (Ann) to act");
    tmux.type_text("ff");
    // Waited for whole: a capture taken while a frame is drawn may hold
    // its first lines only.
    let screen = tmux.wait_for_all(&[
        "Hand 1 is over",
        "seat 3 wins 100",
        "A♠",
        "s3 raise 100",
        "uncalled",
    ]);
    eprintln!("{screen}");
    assert!(screen.contains("seat 3 wins 100"), "{screen}");
    assert!(screen.contains("A♠"), "the board in colour form: {screen}");
    assert!(screen.contains("s3 raise 100"), "the log: {screen}");
    assert!(
        screen.contains("uncalled"),
        "the uncalled raise goes back: {screen}"
    );
    // The next hand: the button moves to seat 2.
    tmux.type_text("n");
    tmux.wait_for("Hand 2 started: the button is on seat 2.");
    // Shrinking the terminal never breaks it: below 40x12 a notice, at
    // 40x12 the hand again.
    tmux.run(&["resize-window", "-t", "fc", "-x", "30", "-y", "10"]);
    tmux.wait_for("needs at least");
    tmux.run(&["resize-window", "-t", "fc", "-x", "40", "-y", "12"]);
    tmux.wait_for("Hand 2");
    tmux.run(&["resize-window", "-t", "fc", "-x", "120", "-y", "40"]);
    tmux.wait_for("journal journal.jsonl");
    // Quit asks while the hand is open.
    tmux.type_text("q");
    tmux.wait_for("Quit?");
    tmux.type_text("y");
    tmux.wait_gone();
    let loaded = floorcall::journal::load(&journal).expect("the journal reads back");
    assert_eq!(loaded.hands.len(), 2);
    let first = &loaded.hands[0];
    let lines: Vec<&str> = first
        .entries
        .iter()
        .filter_map(|e| e.line.as_deref())
        .collect();
    assert_eq!(
        lines,
        [
            "s1 call",
            "s2 call",
            "s3 check",
            "flop AsKd7c",
            "s2 bet 20",
            "s3 raise 100",
            "s1 fold",
            "s2 fold"
        ]
    );
}

/// Issue 8's traps in a real terminal: a seat that does not exist holds
/// the prefix, the next seat's key binds an open push and acts for that
/// seat, and a terminal too small for the screen takes no key but quit.
#[test]
fn the_real_binary_keeps_actions_off_the_wrong_seat_in_tmux() {
    if Tmux::skip("the_real_binary_keeps_actions_off_the_wrong_seat_in_tmux") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let table = table_flags(&journal, "6", "10000", "100/200", "Ann,Bob,Cy,Dee,Eve,Fay");
    let tmux = home.tmux("traps", &table);
    tmux.wait_for("Seat 4 (Dee) to act");
    // A seat the table does not have: held, and `c` records nothing.
    tmux.type_text("7");
    tmux.wait_for("There is no seat 7");
    tmux.type_text("c");
    let screen = tmux.wait_for("7 keyed");
    assert!(!screen.contains("s4 call"), "nothing recorded:\n{screen}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Seat 4 (Dee) to act");
    // Seat 4 raises; seat 5 pushes 700 in silence; the dealer's `f` is for
    // seat 6: it binds the push (a call, TDA 43-B) and folds seat 6.
    tmux.type_text("r600");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Seat 5 (Eve) to act");
    tmux.type_text("p700");
    tmux.keys(&["Enter"]);
    tmux.wait_for("motion is open");
    tmux.type_text("f");
    let screen = tmux.wait_for_all(&[
        "Seat 1 (Ann) to act",
        "s5 call 600",
        "s6 fold",
        "fifty-percent",
    ]);
    eprintln!("{screen}");
    assert!(screen.contains("s5 call 600"), "{screen}");
    assert!(screen.contains("s6 fold"), "{screen}");
    assert!(
        screen.contains("fifty-percent"),
        "told in the log: {screen}"
    );
    // Too small: keys are ignored, and the notice counts them.
    tmux.run(&["resize-window", "-t", "fc", "-x", "30", "-y", "10"]);
    tmux.wait_for("needs at least");
    tmux.type_text("c");
    tmux.wait_for("1 key was ignored");
    tmux.run(&["resize-window", "-t", "fc", "-x", "120", "-y", "40"]);
    let screen = tmux.wait_for("Seat 1 (Ann) to act");
    assert!(
        !screen.contains("s1 call"),
        "nothing recorded unseen:\n{screen}"
    );
    // Quit still works while too small, its question on the notice.
    tmux.run(&["resize-window", "-t", "fc", "-x", "30", "-y", "10"]);
    tmux.wait_for("needs at least");
    tmux.type_text("q");
    tmux.wait_for("Quit?");
    tmux.type_text("y");
    tmux.wait_gone();
    let loaded = floorcall::journal::load(&journal).expect("the journal reads back");
    let lines: Vec<&str> = loaded.hands[0]
        .entries
        .iter()
        .filter_map(|e| e.line.as_deref())
        .collect();
    assert_eq!(
        lines,
        [
            "s4 raise 600",
            "s5 push 700",
            "# s5's motion binds",
            "s6 fold"
        ]
    );
}

#[test]
fn help_documents_the_table_flags_and_keys() {
    let home = Home::new();
    let out = home.output(&["--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for word in [
        "--stacks",
        "--blinds",
        "--journal",
        "--resume",
        "f fold",
        "u undo",
        "keys.toml",
    ] {
        assert!(text.contains(word), "--help lacks {word}:\n{text}");
    }
}

#[test]
fn a_damaged_journal_stops_the_start_with_its_file_and_line() {
    let home = Home::new();
    let journal = home.path().join("bad.jsonl");
    std::fs::write(&journal, "{\"record\":\"hand\",\"version\":1\n").expect("written");
    let before = std::fs::read(&journal).expect("read");
    let out = home.output(&["--journal", journal.to_str().expect("utf-8")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("bad.jsonl, line 1"), "{err}");
    assert_eq!(
        std::fs::read(&journal).expect("read"),
        before,
        "left as it was"
    );
}

#[test]
fn a_bad_user_keymap_stops_the_start_with_its_line() {
    let home = Home::new();
    let config = home.path().join("config").join("floorcall");
    std::fs::create_dir_all(&config).expect("a folder");
    std::fs::write(config.join("keys.toml"), "[table]\nf = \"flod\"\n").expect("written");
    let out = home.output(&["--seats", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("keys.toml: line 2"), "{err}");
}

/// floorcall in tmux, started by flags with a remembered table on disk,
/// then ended by `signal`: the terminal is back as it was (cooked mode,
/// echo on, out of the alternate screen), the exit status is 128 + the
/// signal's number and the journal has the hand.
fn a_signal_restores_the_terminal(signal: &str, status: i32) {
    if !Tmux::installed() {
        eprintln!(
            "SKIPPED a_signal_restores_the_terminal ({signal}): tmux is not installed here (.ci/run installs it)."
        );
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let pid_file = home.path().join("pid");
    // The last table had other stacks, names and house: flags start from
    // the defaults, so none of it shows.
    let last = floorcall::tui::setup::TableChoice {
        house: "ugly-tuna".into(),
        stack: 5_000,
        stacks: vec![5_000; 10],
        names: std::iter::repeat_n("Zed".to_string(), 10).collect(),
        ..Default::default()
    };
    last.remember(
        &home
            .path()
            .join("data")
            .join("floorcall")
            .join("last-table.toml"),
    )
    .expect("remembered");
    let tmux = Tmux::new(signal);
    // The inner shell writes its pid and becomes floorcall; the outer one
    // then shows the exit status and the terminal's modes.
    let floorcall = home.shell(
        &[],
        &[
            "--journal",
            journal.to_str().expect("utf-8"),
            "--seats",
            "3",
            "--blinds",
            "10/20",
        ],
    );
    let inner = format!("echo $$ > {}; exec {floorcall}", quoted(&pid_file));
    let command = format!(
        "sh -c {}; echo \"exit $?\"; stty -a; echo \"modes shown\"; sleep 600",
        quoted(Path::new(&inner)),
    );
    tmux.start(&["sh", "-c", &command]);
    let screen = tmux.wait_for_all(&["Seat 1 to act", "10,000"]);
    assert!(screen.contains("10,000"), "the default stack: {screen}");
    assert!(!screen.contains("Zed"), "no remembered name: {screen}");
    assert!(!screen.contains("5,000"), "no remembered stack: {screen}");
    let alternate = || {
        let out = tmux.run(&["display-message", "-p", "-t", "fc", "#{alternate_on}"]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(alternate(), "1", "the table is on the alternate screen");
    let pid = std::fs::read_to_string(&pid_file).expect("the pid file");
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), pid.trim()])
        .status()
        .expect("kill runs");
    assert!(killed.success(), "kill -{signal} {pid}");
    tmux.wait_for(&format!("exit {status}"));
    let screen = tmux.wait_for("modes shown");
    assert!(
        screen.contains(&format!(
            "floorcall: SIG{signal} ended the table screen; every entry shown is in the journal"
        )),
        "{screen}"
    );
    assert!(!screen.contains("to act"), "the table is gone: {screen}");
    assert_eq!(alternate(), "0", "back on the main screen");
    let modes: Vec<&str> = screen.split([' ', ';', '\n']).collect();
    for mode in ["icanon", "echo", "isig", "icrnl", "opost"] {
        assert!(modes.contains(&mode), "{mode} is back on: {screen}");
        assert!(
            !modes.contains(&format!("-{mode}").as_str()),
            "{mode} is back on: {screen}"
        );
    }
    let loaded = floorcall::journal::load(&journal).expect("the journal reads back");
    assert_eq!(loaded.hands.len(), 1);
    assert_eq!(loaded.hands[0].header.house, "tda");
}

#[test]
fn sigterm_restores_the_terminal_and_exits_143() {
    // It used to leave the terminal in raw mode with the table on it.
    a_signal_restores_the_terminal("TERM", 143);
}

#[test]
fn sighup_restores_the_terminal_and_exits_129() {
    a_signal_restores_the_terminal("HUP", 129);
}

/// Regression: a start that could not set up the terminal still wrote the
/// remembered table and a started hand into the journal.
#[test]
fn a_start_without_a_terminal_writes_nothing() {
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let out = home.output(&[
        "--journal",
        journal.to_str().expect("utf-8"),
        "--seats",
        "3",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("terminal"), "{err}");
    let entries = std::fs::read(&journal).unwrap_or_default();
    assert!(entries.is_empty(), "no hand in the journal");
    assert!(
        !home.path().join("data").exists(),
        "no last-table file (nothing in the data folder)"
    );
    assert!(out.stdout.is_empty(), "nothing drawn into the pipe");
}

/// The TD at the table: `v` opens the review of the hand in play, `c`
/// compares it under another house, Esc comes back to the table, and
/// `floorcall review --house upt` opens the same journal side by side.
#[test]
fn the_review_opens_from_the_table_and_from_the_command_line_in_tmux() {
    if Tmux::skip("the_review_opens_from_the_table_and_from_the_command_line_in_tmux") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let journal = journal.to_str().expect("utf-8");
    let tmux = home.tmux(
        "review",
        &[
            "--journal",
            journal,
            "--seats",
            "3",
            "--stacks",
            "5000",
            "--blinds",
            "100/200",
            "--button",
            "1",
        ],
    );
    tmux.wait_for("Seat 1 to act");
    // Seat 1 raises to 600; seat 2 pushes 700 (800 in, facing 600) and
    // seat 3's call binds it: TDA's 50% rule makes it a raise to 1,000.
    tmux.type_text("r600");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Seat 2 to act");
    tmux.type_text("p700");
    tmux.keys(&["Enter"]);
    tmux.wait_for("motion is open");
    tmux.type_text("c");
    tmux.wait_for("fifty-percent");
    tmux.type_text("v");
    tmux.wait_for("review │ Hand 1");
    // The screen may be caught half drawn: wait for the step's words too.
    tmux.wait_for("Entry");
    // `c` goes through the other houses, from the one after tda: ugly-tuna,
    // then upt.
    tmux.type_text("c");
    tmux.wait_for("vs ugly-tuna");
    tmux.type_text("c");
    tmux.wait_for("vs upt");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Seat 1 to act");
    let screen = tmux.screen();
    assert!(!screen.contains("review │"), "back at the table: {screen}");
    tmux.type_text("q");
    tmux.type_text("y");
    tmux.wait_gone();
    tmux.start_floorcall(
        &home,
        &[],
        &["review", journal, "--hand", "1", "--house", "upt"],
    );
    tmux.wait_for("review │ Hand 1");
    tmux.type_text("d");
    tmux.wait_for("upt DIFFERS");
    // The screen may be caught with its top drawn and not its foot: wait
    // for the foot's words too.
    let screen = tmux.wait_for_all(&["Under upt it binds", "tda (in force)"]);
    assert!(screen.contains("tda (in force)"), "{screen}");
    tmux.type_text("q");
    tmux.wait_gone();
}

/// A terminal that goes away without SIGHUP reaching floorcall (its tmux
/// server killed outright, the shell that started floorcall taking the
/// signal) leaves floorcall's input ended forever: floorcall notices and
/// ends within a second, so nothing keeps spinning and the journal's lock
/// is free for the next start.
#[test]
fn floorcall_ends_when_its_terminal_vanishes_without_a_signal() {
    if Tmux::skip("floorcall_ends_when_its_terminal_vanishes_without_a_signal") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let tmux = Tmux::new("vanish");
    let command = format!(
        "{}; true",
        home.shell(
            &[],
            &[
                "--journal",
                journal.to_str().expect("utf-8"),
                "--seats",
                "3"
            ]
        )
    );
    tmux.start(&["sh", "-c", &command]);
    tmux.wait_for("Seat 1 to act");
    let server = String::from_utf8_lossy(&tmux.run(&["display-message", "-p", "#{pid}"]).stdout)
        .trim()
        .to_string();
    assert!(!server.is_empty(), "the tmux server's pid");
    let killed = Command::new("kill")
        .args(["-KILL", &server])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    // While floorcall runs, the journal is locked: a second writer is
    // refused. Once it has ended, the journal opens.
    let start = Instant::now();
    loop {
        if floorcall::journal::Journal::open(&journal).is_ok() {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "floorcall still holds the journal 10 s after its terminal vanished"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A shift in a real terminal: two hands with a level change between
/// them, floorcall killed (SIGKILL) between hands, started again with the
/// same command: the table goes on at hand 3, the button moved, the
/// stacks carried and the new level's blinds and ante posted.
#[test]
fn the_table_goes_on_after_a_kill_between_hands_in_tmux() {
    if Tmux::skip("the_table_goes_on_after_a_kill_between_hands_in_tmux") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let tmux = Tmux::new("shift");
    let table = three_seats(
        &journal,
        &[
            "--levels",
            "100/200,200/400:25",
            "--level-minutes",
            "20",
            "--no-bell",
        ],
    );
    let table: Vec<&str> = table.iter().map(String::as_str).collect();
    tmux.start_floorcall(&home, &[], &table);
    tmux.wait_for_all(&[
        "Seat 1 to act",
        "Level 1 100/200",
        "left │ next 200/400 ante 25",
    ]);
    // Hand 1: seats 1 and 2 fold, seat 3 takes the blinds.
    tmux.type_text("ff");
    tmux.wait_for("s3 wins 200");
    tmux.type_text("n");
    tmux.wait_for("Hand 2 started: the button is on seat 2.");
    // The TD takes the level's time away: level 2 is for the next hand.
    tmux.type_text(":clock adjust -1200");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("Level 2 200/400 ante 25");
    assert!(
        screen.contains("Blinds 100/200"),
        "hand 2 keeps its blinds: {screen}"
    );
    // Hand 2: seats 2 and 3 fold, seat 1 takes the blinds.
    tmux.type_text("ff");
    tmux.wait_for("s1 wins 200");
    tmux.kill_pane();
    tmux.wait_gone();
    tmux.start_floorcall(&home, &[], &table);
    // The table opens between hands, on hand 2; `n` deals hand 3.
    tmux.wait_for_all(&["The table goes on after hand 2", "between hands"]);
    tmux.type_text("n");
    // Seat 1 (5,100) posts the small blind and the ante: 4,875; seat 2
    // (4,900) the big blind and the ante: 4,475; seat 3 the ante: 4,975.
    tmux.wait_for_all(&[
        "Hand 3",
        "Blinds 200/400 ante 25",
        "Level 2 200/400 ante 25",
        "4,875",
        "4,475",
        "4,975",
    ]);
    tmux.type_text("q");
    tmux.type_text("y");
    tmux.wait_gone();
    let verify = home.output(&["verify", journal.to_str().expect("utf-8")]);
    let out = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success(), "{out}");
    assert!(out.starts_with("OK: 3 hands"), "{out}");
}

/// The flags of a table on `journal`: `seats` seats of `stack` chips each,
/// blinds `blinds`, the button on seat 1, the seats named `names`.
pub(crate) fn table_flags<'a>(
    journal: &'a Path,
    seats: &'a str,
    stack: &'a str,
    blinds: &'a str,
    names: &'a str,
) -> [&'a str; 12] {
    [
        "--journal",
        journal.to_str().expect("utf-8"),
        "--seats",
        seats,
        "--stacks",
        stack,
        "--blinds",
        blinds,
        "--button",
        "1",
        "--names",
        names,
    ]
}

/// The arguments that start floorcall at a three-seat table (5,000 each,
/// blinds 100/200, the button on seat 1) on `journal`, with `more` flags;
/// started without a shell, so that a kill reaches floorcall itself.
fn three_seats(journal: &Path, more: &[&str]) -> Vec<String> {
    let mut args = vec!["--journal".to_string(), journal.display().to_string()];
    args.extend(
        [
            "--seats", "3", "--stacks", "5000", "--blinds", "100/200", "--button", "1",
        ]
        .iter()
        .chain(more)
        .map(|a| a.to_string()),
    );
    args
}

/// Regression (issue 17, item 13) in a real terminal: `d AhKh7c Enter`
/// typed in one go while betting is open refused `d`, then `h` opened the
/// hole cards and `Kh7c` was recorded. The keys after the refused one are
/// held until the keyboard is quiet; then keys act again.
#[test]
fn keys_typed_after_a_refused_key_are_held_in_tmux() {
    if Tmux::skip("keys_typed_after_a_refused_key_are_held_in_tmux") {
        return;
    }
    let home = Home::new();
    let journal = home.path().join("journal.jsonl");
    let tmux = Tmux::new("ahead");
    let table = three_seats(&journal, &[]);
    let table: Vec<&str> = table.iter().map(String::as_str).collect();
    tmux.start_floorcall(&home, &[], &table);
    tmux.wait_for("Seat 1 to act");
    // One write, as a dealer types it.
    tmux.keys(&["dAhKh7c", "Enter"]);
    let screen = tmux.wait_for("typed after it: AhKh7c Enter");
    eprintln!("{screen}");
    assert!(
        !screen.contains("'s hole cards"),
        "no hole-cards prompt:\n{screen}"
    );
    // A moment later (the dealer has read the refusal) keys act again.
    std::thread::sleep(Duration::from_millis(600));
    tmux.type_text("c");
    tmux.wait_for("s1 call 200");
    tmux.kill_pane();
    tmux.wait_gone();
    let loaded = floorcall::journal::load(&journal).expect("the journal reads back");
    let lines: Vec<String> = loaded.hands[0]
        .entries
        .iter()
        .filter_map(|e| e.line.clone())
        .collect();
    assert_eq!(lines, ["s1 call"], "nothing else was recorded");
}

/// Issue 34.2: the floor, the review and practice read the user's
/// keys.toml too, and refuse one that does not read before they start
/// (no database, no terminal needed to say so).
#[test]
fn a_bad_user_keymap_stops_the_floor_the_review_and_practice_with_its_line() {
    let home = Home::new();
    let config = home.path().join("config").join("floorcall");
    std::fs::create_dir_all(&config).expect("a folder");
    std::fs::write(
        config.join("keys.toml"),
        "[review]\nenter = \"open\"\nEnter = \"compare\"\n",
    )
    .expect("written");
    let journal = home.path().join("none.jsonl");
    let progress = home.path().join("practice.json");
    for args in [
        vec![
            "floor",
            "--floor",
            "postgres://nowhere",
            "--tournament",
            "t",
            "--tables",
            "T1",
        ],
        vec!["review", journal.to_str().expect("utf-8")],
        vec![
            "practice",
            "--progress",
            progress.to_str().expect("utf-8"),
            "--count",
            "1",
        ],
    ] {
        let out = home.output(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("keys.toml: line 3, column 1: [review] 'Enter' and 'enter' (line 2) are the same key"),
            "{args:?}: {err}"
        );
    }
}
