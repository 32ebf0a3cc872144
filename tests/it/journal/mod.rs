//! The journal: every entry on disk before the session returns, reloads to
//! the same hand, a torn last line dropped, damage reported with the file
//! and line and nothing changed; sessions across hands. The chain: every
//! record linked and timed, the house embedded, finished hands sealed, and
//! `verify` catching an edited byte, a removed, moved or repeated record or
//! hand, a cut-off end (against a noted head), and a forger who rewrites
//! the chain but not the chips. One writer at a time; format-1 journals
//! still read.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use floorcall::journal::chain::{self, Head};
use floorcall::journal::verify::{Verified, VerifyError, VerifyOptions, verify_file};
use floorcall::journal::{
    self, Faults, HandHeader, Journal, JournalError, JournalOptions, Loaded, Session, SteppingClock,
};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::hand::Hand;
use floorcall::table::{Chips, Seat, Street};
use floorcall::tui::app::{MessageKind, Mode, Overlay};
use floorcall::tui::{App, AppOptions};

use super::home::Home;
use super::support::table;
use super::tui::fixtures::{press, screen_text};

mod faults;
mod forged;
mod parts;
mod replay;
mod sessions;
mod tampering;
mod written;

pub(crate) use parts::{hands_near_the_first_join, stacks_moved};

/// 2025-11-22 12:36:01 UTC, a second a reading, in a room at UTC+1.
const T0: i64 = 1_763_814_961_000;

fn options() -> JournalOptions {
    JournalOptions {
        clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 3600))),
        table: Some("Table 4".into()),
    }
}

fn open(path: &Path) -> (Journal, Loaded) {
    Journal::open_with(path, options()).unwrap_or_else(|e| panic!("opens: {e}"))
}

fn header(stacks: &[u64], button: u8) -> HandHeader {
    let names = BTreeMap::from([(1, "Ann".to_string())]);
    HandHeader::new("tda", 1, 9, names, table(stacks, button, (100, 200)))
}

/// Executes each notation line in turn, as the dealer keyed it.
pub(crate) fn play(session: &mut Session, lines: &[&str]) {
    for line in lines {
        let command = parse_line(line).expect("valid").expect("a command");
        session
            .execute(&command, Some(line.to_string()))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

fn journaled(path: &Path, lines: &[&str]) -> Session {
    let (journal, loaded) = open(path);
    assert!(loaded.hands.is_empty());
    let mut session = Session::start(
        header(&[5_000, 5_000, 5_000], 1),
        HouseRules::tda(),
        &mut Some(journal),
    )
    .expect("starts");
    play(&mut session, lines);
    session
}

/// Lines 1 session, 2 hand, 3 the start (entry 0), then one a line.
const LINES: &[&str] = &[
    "s1 raise 600",
    "s2 push 700", // 800 facing 600: half a minimum raise, so a raise to 1000
    "s3 call",
    "s1 call",
    "flop AsKd7c",
    "s2 check",
];

/// Button 1: seat 1 raises, seats 2 (small blind) and 3 (big blind) fold:
/// seat 1 takes the blinds back and 300 more.
const FOLDED: &[&str] = &["s1 raise 600", "s2 fold", "s3 fold"];

/// `hands` hands, each folded round to a raise: lines of the journal for
/// hand 1 are 2..=7 (hand, start, three entries, seal), and so on.
fn many_hands(path: &Path, hands: usize) -> Session {
    let mut session = journaled(path, FOLDED);
    for _ in 1..hands {
        session.next_hand().expect("the next hand");
        let to_act = session.state().to_act.expect("someone to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        play(
            &mut session,
            &[
                &format!("s{to_act} raise 600"),
                &format!("s{} fold", others[0]),
                &format!("s{} fold", others[1]),
            ],
        );
    }
    session
}

/// Three hands, each folded round to a raise (`many_hands`).
fn three_hands(path: &Path) -> Session {
    many_hands(path, 3)
}

fn reload(path: &Path) -> Hand {
    let loaded = journal::load(path).expect("loads");
    let hand = loaded.hands.last().expect("a hand").clone();
    Hand::from_entries(hand.entries, HouseRules::tda())
}

pub(crate) fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("read")
        .lines()
        .map(str::to_string)
        .collect()
}

pub(crate) fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").expect("written");
}

/// Recomputes every link from the first chained line on, as a forger
/// who knows the format would.
pub(crate) fn rechain(lines: &mut [String]) {
    let mut head: Option<Head> = None;
    let mut before = Vec::new();
    for line in lines.iter_mut() {
        match line.rfind(",\"prev\":\"") {
            Some(at) if chain::links(line.as_bytes()).is_some() => {
                let prev = *head.get_or_insert_with(|| Head::genesis(&before));
                let (new, hash) = chain::seal_line(&prev, &format!("{}}}", &line[..at]));
                *line = new.trim_end().to_string();
                head = Some(hash);
            }
            _ => {
                before.extend_from_slice(line.as_bytes());
                before.push(b'\n');
            }
        }
    }
}

/// Edits one line in place (1-based), leaving the chain as it was.
fn tamper(path: &Path, line: usize, with: impl Fn(&str) -> String) {
    let mut lines = lines_of(path);
    let edited = with(&lines[line - 1]);
    assert_ne!(edited, lines[line - 1], "the edit changes the line");
    lines[line - 1] = edited;
    write_lines(path, &lines);
}

/// Edits one line and rewrites the chain after it.
fn forge(path: &Path, line: usize, with: impl Fn(&str) -> String) {
    tamper(path, line, with);
    let mut lines = lines_of(path);
    rechain(&mut lines);
    write_lines(path, &lines);
}

fn verify(path: &Path) -> Result<Verified, VerifyError> {
    verify_file(path, &VerifyOptions::default())
}

fn verify_head(path: &Path, head: &str) -> Result<Verified, VerifyError> {
    verify_file(
        path,
        &VerifyOptions {
            head: Some(head.to_string()),
            ..VerifyOptions::default()
        },
    )
}

/// The line and sentence of the first bad record `verify` names.
fn bad_record(path: &Path) -> (usize, String) {
    match verify(path) {
        Err(VerifyError::Journal(e @ JournalError::Corrupt { .. })) => {
            let text = e.to_string();
            let JournalError::Corrupt { line, .. } = e else {
                unreachable!()
            };
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains(&format!("line {line}: ")), "{text}");
            (line, text)
        }
        other => panic!("not named as a bad record: {other:?}"),
    }
}
