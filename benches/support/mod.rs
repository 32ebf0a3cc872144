//! What the benches share: a ten-handed hand to a showdown, and a journal
//! of many of them built in a memory-backed folder.

#![allow(dead_code)]

/// The allocator the floorcall binary runs with (src/main.rs), so that the
/// figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use floorcall::journal::{HandHeader, Journal, Session};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::event::TableSetup;
use floorcall::table::{Chips, Seat};

/// A ten-handed hand to a showdown: 29 entries (button 3).
pub const HAND: &[&str] = &[
    "s6 raise 600",
    "s7 call",
    "s8 fold",
    "s9 call",
    "s10 fold",
    "s1 fold",
    "s2 fold",
    "s3 call",
    "s4 fold",
    "s5 call",
    "flop AsKd7c",
    "s5 check",
    "s6 bet 1000",
    "s7 call",
    "s9 fold",
    "s3 fold",
    "s5 call",
    "turn 2h",
    "s5 check",
    "s6 check",
    "s7 check",
    "river 9s",
    "s5 check",
    "s6 bet 2000",
    "s7 fold",
    "s5 call",
    "s6 show AhQd",
    "s5 show KcKh",
];

pub fn header(number: u32) -> HandHeader {
    let stacks = (0..10)
        .map(|i| (Seat::from_index(i), Chips(10_000)))
        .collect();
    let setup = TableSetup::preflop(
        Seat::new(3).expect("seat 3"),
        (Chips(100), Chips(200)),
        stacks,
    );
    HandHeader::new("tda", number, 10, BTreeMap::new(), setup)
}

pub fn play(session: &mut Session, lines: &[&str]) {
    for line in lines {
        let command = parse_line(line).expect("valid").expect("a command");
        session
            .execute(&command, Some(line.to_string()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

/// A journal of `hands` hands in `dir` (a memory-backed folder where
/// there is one, so building it does not wait on the disk), as a table
/// plays them: each hand starts with the stacks the one before left, and
/// hand `n` is `HAND` moved `(n - 1) % 10` seats round the table, button
/// and all, so that over ten hands every seat plays every part and no
/// stack runs low.
pub fn build(dir: &Path, hands: u32) -> PathBuf {
    let path = dir.join("verify-bench.jsonl");
    let _ = std::fs::remove_file(&path);
    let (journal, _) = Journal::open(&path).expect("a journal");
    let mut journal = Some(journal);
    // Twice `header`'s stacks: the seat that plays the parts that lose
    // most, one after another, is down 6,500 before the hand that wins
    // them back, where it puts in 3,600.
    let mut stacks: Vec<(Seat, Chips)> = (0..10)
        .map(|i| (Seat::from_index(i), Chips(20_000)))
        .collect();
    for n in 1..=hands {
        let shift = (n as usize - 1) % 10;
        let button = Seat::from_index((3 - 1 + shift) % 10);
        let setup = TableSetup::preflop(button, (Chips(100), Chips(200)), stacks.clone());
        let header = HandHeader::new("tda", n, 10, BTreeMap::new(), setup);
        let mut session = Session::start(header, HouseRules::tda(), &mut journal).expect("starts");
        let lines: Vec<String> = HAND.iter().map(|line| moved(line, shift)).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        play(&mut session, &lines);
        assert!(!session.hand_open(), "the hand is over");
        let state = session.hand().state();
        stacks = stacks
            .iter()
            .map(|(seat, _)| (*seat, state.seat(*seat).stack))
            .collect();
        journal = session.into_journal();
    }
    path
}

/// A line of `HAND` with its seat (`s6 ...`) moved `shift` seats on.
pub fn moved(line: &str, shift: usize) -> String {
    let seat = line
        .strip_prefix('s')
        .and_then(|rest| rest.split_once(' '))
        .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)));
    match seat {
        Some((n, rest)) => format!("s{} {rest}", (n - 1 + shift) % 10 + 1),
        None => line.to_string(),
    }
}

pub fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!("floorcall-journal-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}
