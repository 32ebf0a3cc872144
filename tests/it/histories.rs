//! Hand histories read by the reference readers (issue 19): two tables
//! keyed as a dealer would, exported by the real binary as PHH and OHH, and
//! read by PokerKit 0.7.7 (every hand replayed strictly, action by action,
//! in one Python process) and by rs_poker's Open Hand History reader
//! (whole `.ohh` files), besides floorcall's own `import --check`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use floorcall::journal::{HandHeader, Journal, JournalOptions, Session, SteppingClock};
use floorcall::rules::HouseRules;
use floorcall::session::Structure;

use super::home::Home;
use super::support::table;

/// 2025-11-22 12:36:01 UTC.
const T0: i64 = 1_763_814_961_000;

/// A table's journal at `path`, named `name`, opened at button 1 with
/// `stacks` and `structure`, then `lines` keyed (`hand` deals the next).
fn keyed(path: &Path, name: &str, stacks: &[u64], structure: &str, lines: &[&str]) {
    let (journal, _) = Journal::open_with(
        path,
        JournalOptions {
            clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 3600))),
            table: Some(name.into()),
        },
    )
    .unwrap_or_else(|e| panic!("opens: {e}"));
    let names: BTreeMap<u8, String> = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
        .iter()
        .take(stacks.len())
        .enumerate()
        .map(|(i, n)| (i as u8 + 1, n.to_string()))
        .collect();
    let structure = if structure.is_empty() {
        Structure::default()
    } else {
        Structure::from_flag(structure, 20).expect("levels")
    };
    let mut setup = table(stacks, 1, (100, 200));
    if let Some(first) = structure.blinds_at(0) {
        setup.small_blind = first.small;
        setup.big_blind = first.big;
        setup.ante = first.ante;
        setup.ante_mode = first.ante_mode;
    }
    let header = HandHeader::new("tda", 1, 9, names, setup);
    let now = journal.now_ms();
    let mut session = Session::open_table(
        header,
        HouseRules::tda(),
        structure,
        &mut Some(journal),
        now,
    )
    .unwrap_or_else(|e| panic!("opens the table: {e}"));
    super::session::lines(&mut session, lines);
}

const TABLE_4: &[&str] = &[
    // 1: folded round to a raise; no hole cards keyed.
    "s4 raise 600",
    "s5 fold",
    "s1 fold",
    "s2 fold",
    "s3 fold",
    // 2: a showdown, every hole card keyed, seat 1 tabling first.
    "hand",
    "s5 hole AhKh",
    "s1 hole 7c7d",
    "s2 hole 2c3d",
    "s3 hole QsJs",
    "s4 hole 9d9h",
    "s5 raise 500",
    "s1 call",
    "s2 fold",
    "s3 fold",
    "s4 call",
    "flop Kd7s2h",
    "s4 check",
    "s5 bet 800",
    "s1 call",
    "s4 fold",
    "turn 4c",
    "s5 check",
    "s1 check",
    "river Tc",
    "s5 check",
    "s1 check",
    "s1 show 7c7d",
    "s5 show AhKh",
    // 3: antes; seat 5 all in for less, 3,500 of seat 1's raise uncalled.
    "level 200/400 ante 50",
    "hand",
    "s1 raise 7150",
    "s2 fold",
    "s3 fold",
    "s4 fold",
    "s5 allin",
    "flop 2c7d9h",
    "turn Ts",
    "river 3s",
    "s5 show KcKd",
    "s1 show AcAh",
    // 4: the small blind dead (seat 5 is out); two all in and a call: seat 3
    // wins the main pot, seat 1 the side pot.
    "hand",
    "s3 hole AhKs",
    "s1 hole QcQs",
    "s2 hole JcJh",
    "s2 allin",
    "s3 allin",
    "s4 fold",
    "s1 call",
    "flop As5c2d",
    "turn 8h",
    "river 4d",
    "s3 show AhKs",
    "s2 show JcJh",
    "s1 show QcQs",
    // 5: a dead button; a big-blind ante; a river bet folded to; no hole
    // cards keyed.
    "level 300/600 bb-ante 600",
    "hand",
    "s4 raise 1500",
    "s1 call",
    "s3 call",
    "flop Kh8c3d",
    "s1 check",
    "s3 check",
    "s4 bet 2000",
    "s1 call",
    "s3 fold",
    "turn 6s",
    "s1 check",
    "s4 check",
    "river Qd",
    "s1 bet 3000",
    "s4 fold",
    // 6: the board plays: three ways, even.
    "hand",
    "s1 raise 1500",
    "s3 call",
    "s4 call",
    "flop AhKhQh",
    "s3 check",
    "s4 check",
    "s1 check",
    "turn Jh",
    "s3 check",
    "s4 check",
    "s1 check",
    "river Th",
    "s3 check",
    "s4 check",
    "s1 check",
    "s3 show 2c3d",
    "s4 show 4c5d",
    "s1 show 6c7d",
    // 7: the board plays two ways, with an odd chip.
    "hand",
    "s3 raise 1201",
    "s4 call",
    "s1 call",
    "flop AhKhQh",
    "s4 bet 600",
    "s1 call",
    "s3 fold",
    "turn Jh",
    "s4 check",
    "s1 check",
    "river Th",
    "s4 check",
    "s1 check",
    "s4 show 2c3d",
    "s1 show 4c5d",
    // 8: a misdeal.
    "hand",
    "floor misdeal",
];

/// A second table, without a blind structure, whose hands have the same
/// numbers as Table 4's: heads-up, then folded round.
const TABLE_7: &[&str] = &[
    "s1 call",
    "s2 check",
    "flop 2c7d9h",
    "s2 bet 200",
    "s1 fold",
    "hand",
    "s2 raise 500",
    "s1 fold",
];

/// Both tables' journals in `dir`: `t4.jsonl` (eight hands, the last a
/// misdeal) and `t7.jsonl` (two hands).
fn journals(dir: &Path) -> (PathBuf, PathBuf) {
    let t4 = dir.join("t4.jsonl");
    keyed(
        &t4,
        "Table 4",
        &[20_000, 15_000, 8_000, 25_000, 5_000],
        "100/200,200/400:50,300/600:bb600",
        TABLE_4,
    );
    let t7 = dir.join("t7.jsonl");
    keyed(&t7, "Table 7", &[3_000, 3_000], "", TABLE_7);
    (t4, t7)
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `floorcall export ARGS`, which must succeed: its stderr.
fn export(home: &Path, args: &[&str]) -> String {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    let (code, out, err) = Home::at(home).run(&all);
    assert_eq!(code, 0, "export {args:?}: {err}");
    assert!(out.is_empty() || args.iter().all(|a| *a != "-o"), "{out}");
    err
}

/// The Python of a virtual environment with PokerKit 0.7.7, made once
/// (under the target folder) with `python3 -m venv` and pip
/// (`FLOORCALL_PYTHON` names another Python to make it with). No Python,
/// no venv or no PokerKit from PyPI fails the test, saying which.
fn pokerkit_python() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pokerkit-0.7.7");
    let python = venv.join(if cfg!(windows) {
        "Scripts/python.exe"
    } else {
        "bin/python"
    });
    let ready = || {
        Command::new(&python)
            .args([
                "-c",
                "import importlib.metadata as m; assert m.version('pokerkit') == '0.7.7'",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if ready() {
        return python;
    }
    let base = std::env::var("FLOORCALL_PYTHON").unwrap_or_else(|_| "python3".into());
    let run = |program: &Path, args: &[&str], what: &str| {
        let out = Command::new(program).args(args).output().unwrap_or_else(|e| {
            panic!(
                "PokerKit 0.7.7 cannot be had: {what} ({} {}) did not run: {e}. Install Python 3.11 or later with venv (.ci/run does), or set FLOORCALL_PYTHON.",
                program.display(),
                args.join(" ")
            )
        });
        assert!(
            out.status.success(),
            "PokerKit 0.7.7 cannot be had: {what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(
        Path::new(&base),
        &["-m", "venv", "--clear", path(&venv)],
        "making a virtual environment",
    );
    run(
        &python,
        &[
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "pokerkit==0.7.7",
        ],
        "installing pokerkit 0.7.7 from PyPI",
    );
    assert!(
        ready(),
        "pokerkit 0.7.7 is not importable after installing it"
    );
    python
}

/// Every hand of `files` replayed by PokerKit, strictly, in one process:
/// (file, hand) of each, and the failures.
fn pokerkit_replays(files: &[&Path]) -> (Vec<(String, String)>, Vec<String>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pokerkit_replay.py");
    let mut command = Command::new(pokerkit_python());
    command.arg(script).args(files);
    let out = command.output().expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the PokerKit replay failed:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut hands = Vec::new();
    let mut failures = Vec::new();
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let name = (
            v["file"].as_str().unwrap_or("").to_string(),
            v["hand"].as_str().unwrap_or("").to_string(),
        );
        if v["ok"] != true {
            failures.push(format!("{} [{}]: {}", name.0, name.1, v["error"]));
        }
        hands.push(name);
    }
    (hands, failures)
}

/// The stacks each finished hand of a journal ends with, by seat number.
fn journal_stacks(journal: &Path) -> Vec<BTreeMap<u64, u64>> {
    let loaded = floorcall::journal::load(journal).expect("loads");
    loaded
        .hands
        .iter()
        .filter(|h| !h.is_unfinished())
        .map(|h| {
            let state = floorcall::table::hand::replay(&h.entries);
            h.header
                .setup
                .stacks
                .iter()
                .map(|(s, _)| (u64::from(s.number()), state.seat(*s).stack.get()))
                .collect()
        })
        .collect()
}

#[test]
fn exports_read_as_written_by_pokerkit_and_an_ohh_reader() {
    use rs_poker::open_hand_history::{HandHistory, HandReader};

    let dir = tempfile::tempdir().expect("a temp dir");
    let home = Home::new();
    let (t4, t7) = journals(dir.path());
    let file = |name: &str| dir.path().join(name);

    // Many hands: one .phhs per table; the misdeal is left out, and said.
    let err = export(home.path(), &[path(&t4), "-o", path(&file("t4.phhs"))]);
    assert!(
        err.contains("hand 8 left out: a misdeal"),
        "the misdeal is named: {err}"
    );
    export(home.path(), &[path(&t7), "-o", path(&file("t7.phhs"))]);
    // One hand: a .phh, and a .phhs with its [N] table.
    let mut files = vec![file("t4.phhs"), file("t7.phhs")];
    for n in 1..=7 {
        let one = file(&format!("t4-{n}.phh"));
        export(
            home.path(),
            &[path(&t4), "--hand", &n.to_string(), "-o", path(&one)],
        );
        files.push(one);
    }
    export(
        home.path(),
        &[path(&t4), "--hand", "3", "-o", path(&file("one.phhs"))],
    );
    files.push(file("one.phhs"));
    let one = std::fs::read_to_string(file("one.phhs")).expect("written");
    assert!(one.starts_with("[3]\nvariant = \"NT\""), "{one}");

    // floorcall reads its own.
    for (f, want) in [
        ("t4.phhs", "7 passed, 0 failed\n"),
        ("one.phhs", "1 passed, 0 failed\n"),
    ] {
        let (code, out, err) = home.run(&["import", "--check", path(&file(f))]);
        assert_eq!((code, out.as_str()), (0, want), "{f}: {err}");
    }

    // PokerKit replays every hand as written.
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (hands, failures) = pokerkit_replays(&paths);
    assert!(
        failures.is_empty(),
        "PokerKit refused:\n{}",
        failures.join("\n")
    );
    assert_eq!(hands.len(), 7 + 2 + 7 + 1, "{hands:?}");

    // What the PHH says, where it says it.
    let phhs = std::fs::read_to_string(file("t4.phhs")).expect("written");
    let hand = |n: usize| -> &str {
        let start = phhs.find(&format!("[{n}]\n")).expect("the hand");
        let rest = &phhs[start..];
        &rest[..rest[1..].find("\n[").map_or(rest.len(), |e| e + 1)]
    };
    // Hand 1: no hole cards keyed.
    assert!(
        hand(1).contains("\"d dh p1 ????\",\n  \"d dh p2 ????\""),
        "{}",
        hand(1)
    );
    // Hand 3: the hands tabled when the betting closed, before the runout.
    let h3 = hand(3);
    let shown = h3.find("\"p3 sm AcAh").expect("seat 1 shows");
    let flop = h3.find("\"d db 2c7d9h").expect("the flop");
    assert!(shown < flop, "{h3}");
    // Hand 4: the side pot ruled by seat 1's call sits on that call.
    let h4 = hand(4);
    let ruled = h4
        .lines()
        .find(|l| l.contains("ruling side-pot"))
        .expect("the side-pot ruling");
    assert!(
        ruled.trim_start().starts_with("\"p1 cc # ruling side-pot"),
        "{h4}"
    );
    assert!(
        h4.contains("blinds_or_straddles = [400, 0, 0, 0]"),
        "a dead small blind: {h4}"
    );
    // Hand 2: seat 5 tables first, ruled by the river's last check.
    let h2 = hand(2);
    let ruled = h2
        .lines()
        .find(|l| l.contains("Seat 5 tables first"))
        .expect("ruled");
    assert!(
        ruled
            .trim_start()
            .starts_with("\"p4 cc # ruling showdown-order"),
        "{h2}"
    );
    for field in [
        "event = \"Table 4, 2025-11-22\"",
        "table = \"Table 4\"",
        "seat_count = 9",
        "level = 3",
        "year = 2025\nmonth = 11\nday = 22\ntime = 12:",
        "seats = [4, 1, 3]",
        "players = [\"Dan\", \"Ann\", \"Cat\"]",
        "antes = [0, 600, 0]",
    ] {
        assert!(hand(7).contains(field), "{field} in {}", hand(7));
    }

    // OHH: whole files read by rs_poker's reader.
    export(home.path(), &[path(&t4), "-o", path(&file("t4.ohh"))]);
    export(
        home.path(),
        &[path(&t7), "--format", "ohh", "-o", path(&file("t7.ohh"))],
    );
    let read = |name: &str| -> Vec<HandHistory> {
        HandReader::open(file(name))
            .expect("opens")
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let (ohh4, ohh7) = (read("t4.ohh"), read("t7.ohh"));
    assert_eq!((ohh4.len(), ohh7.len()), (7, 2));
    let mut numbers = std::collections::BTreeSet::new();
    for (hh, stacks) in ohh4.iter().chain(&ohh7).zip(
        journal_stacks(&t4)
            .iter()
            .take(7)
            .chain(&journal_stacks(&t7)),
    ) {
        assert!(
            numbers.insert(hh.game_number.clone()),
            "{} twice",
            hh.game_number
        );
        assert_eq!(hh.hero_player_id, None);
        assert!(!hh.currency.is_empty());
        // Each player's stack: the start, less its actions, plus its wins
        // (what went back uncalled is a pot it won back).
        for p in &hh.players {
            let put_in: f32 = hh
                .rounds
                .iter()
                .flat_map(|r| &r.actions)
                .filter(|a| a.player_id == p.id)
                .map(|a| a.amount)
                .sum();
            let won: f32 = hh
                .pots
                .iter()
                .flat_map(|pot| &pot.player_wins)
                .filter(|w| w.player_id == p.id)
                .map(|w| w.win_amount)
                .sum();
            assert_eq!(
                (p.starting_stack - put_in + won) as u64,
                stacks[&p.seat],
                "{} seat {}",
                hh.game_number,
                p.seat
            );
        }
    }
    assert!(
        ohh4.iter()
            .all(|h| h.table_name == "Table 4" && h.tournament)
    );
    let info = ohh4[0].tournament_info.as_ref().expect("tournament_info");
    assert_eq!(
        (info.name.as_str(), info.initial_stack),
        ("Table 4, 2025-11-22", 25_000)
    );
    assert!(
        ohh7.iter()
            .all(|h| h.table_name == "Table 7" && !h.tournament && h.tournament_info.is_none())
    );
    let text = std::fs::read_to_string(file("t4.ohh")).expect("written");
    assert_eq!(
        text.matches("\n\n").count(),
        6,
        "one blank line between records"
    );
}

#[test]
fn export_reads_the_session_journal_by_default_and_refuses_a_misdeal_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let home = Home::new();
    let data = home.path().join("data/floorcall");
    std::fs::create_dir_all(&data).expect("the data folder");
    let journal = data.join("journal.jsonl");
    keyed(&journal, "journal", &[3_000, 3_000], "", TABLE_7);
    let (code, by_default, err) = home.run(&["export"]);
    assert_eq!(code, 0, "{err}");
    let (_, named, _) = home.run(&["export", path(&journal)]);
    assert_eq!(by_default, named);
    assert!(by_default.starts_with("[1]\nvariant"), "{by_default}");

    let (t4, _) = journals(dir.path());
    let (code, out, err) = home.run(&["export", path(&t4), "--hand", "8"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("hand 8 was a misdeal"), "{err}");
    let (code, _, err) = home.run(&["export", path(&t4), "-o", path(&dir.path().join("all.phh"))]);
    assert_eq!(code, 2);
    assert!(err.contains("a .phh file holds one hand"), "{err}");
}
