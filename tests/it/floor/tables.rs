//! Tables of a tournament as their journals hold them, for the floor
//! screen's tests and its bench (benches/floor_screen.rs takes this file
//! by its path): each table is a real journal, written by a real
//! `Session` as a dealer keys it, with a clock that steps a second a
//! record, and read back with `journal::load`, as the floor's reader gives
//! it to the desk.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use floorcall::journal::{
    self, HandHeader, Journal, JournalOptions, Loaded, Session, SteppingClock,
};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::session::{Blinds, Stage, Structure};
use floorcall::table::event::TableSetup;
use floorcall::table::{Chips, Seat};

/// 2025-11-22 12:36:01 UTC; the room is at UTC+1.
pub const T0: i64 = 1_763_814_961_000;

/// Levels of 20 minutes: 100/200, 200/400 ante 50, a 15-minute break,
/// 300/600 ante 75.
pub fn structure() -> Structure {
    let level = |small: u64, big: u64, ante: u64| Stage::Level {
        blinds: Blinds {
            small: Chips(small),
            big: Chips(big),
            ante: Chips(ante),
            ante_mode: Default::default(),
        },
        minutes: 20,
    };
    Structure {
        stages: vec![
            level(100, 200, 0),
            level(200, 400, 50),
            Stage::Break { minutes: 15 },
            level(300, 600, 75),
        ],
        chips: Vec::new(),
    }
}

/// A table being played: its session (journaled) and its file.
pub struct Playing {
    /// The table's name.
    pub name: String,
    /// The session at the table.
    pub session: Session,
    /// Its journal's file.
    pub path: std::path::PathBuf,
}

impl Playing {
    /// Opens table `name` in `dir` with `players` (name, chips) from seat
    /// 1, the button on seat 1, the clock starting at `start_ms`.
    pub fn open(dir: &Path, name: &str, players: &[(&str, u64)], start_ms: i64) -> Playing {
        let path = dir.join(format!("{name}.jsonl"));
        let options = JournalOptions {
            clock: Some(Arc::new(SteppingClock::new(start_ms, 1_000, 3600))),
            table: Some(name.to_string()),
        };
        let (journal, _) = Journal::open_with(&path, options).expect("a journal");
        let names: BTreeMap<u8, String> = players
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (i as u8 + 1, n.to_string()))
            .collect();
        let stacks = players
            .iter()
            .enumerate()
            .map(|(i, (_, c))| (Seat::from_index(i), Chips(*c)))
            .collect();
        let setup = TableSetup::preflop(
            Seat::new(1).expect("seat 1"),
            (Chips(100), Chips(200)),
            stacks,
        );
        let header = HandHeader::new("tda", 1, 9, names, setup);
        let session = Session::open_table(
            header,
            HouseRules::tda(),
            structure(),
            &mut Some(journal),
            start_ms,
        )
        .expect("the table opens");
        Playing {
            name: name.to_string(),
            session,
            path,
        }
    }

    /// Keys a hand's line.
    pub fn key(&mut self, line: &str) {
        let command = parse_line(line).expect("valid").expect("a command");
        self.session
            .execute(&command, Some(line.to_string()))
            .unwrap_or_else(|e| panic!("{}: {line}: {e}", self.name));
    }

    /// Keys a line for the seat to act: `raise 600` as `s4 raise 600`.
    pub fn seat_to_act(&mut self, what: &str) {
        let seat = self.session.state().to_act.expect("a seat to act");
        self.key(&format!("s{} {what}", seat.number()));
    }

    /// Keys a session line (`clock s4`, `seat 3 leave`).
    pub fn table_line(&mut self, line: &str) {
        let command = floorcall::notation::session::parse_table_line(line)
            .expect("valid")
            .expect("a command");
        let now = self.session.now_ms();
        self.session
            .table_line(&command, Some(line.to_string()), now, &mut |_| Vec::new())
            .unwrap_or_else(|e| panic!("{}: {line}: {e}", self.name));
    }

    /// Carries out the floor's orders for this table, as its dealer's `F`
    /// does (`obey`).
    pub fn obey(&mut self, records: &[floorcall::tournament::FloorRecord]) -> Vec<String> {
        obey(&self.name, &mut self.session, records)
    }

    /// The preflop of a hand: the first to act raises to 600, the next
    /// calls, the rest fold; then the flop is dealt.
    pub fn play_to_the_flop(&mut self) {
        self.seat_to_act("raise 600");
        self.seat_to_act("call");
        while self.session.state().to_act.is_some() {
            self.seat_to_act("fold");
        }
        self.key("flop AsKd7c");
    }

    /// A whole hand: to the flop, a check, a bet of 1,000 and a fold.
    pub fn hand(&mut self) {
        self.play_to_the_flop();
        self.seat_to_act("check");
        self.seat_to_act("bet 1000");
        self.seat_to_act("fold");
        assert!(!self.session.hand_open(), "{}: the hand is over", self.name);
    }

    /// The next hand dealt.
    pub fn next_hand(&mut self) {
        let now = self.session.now_ms();
        self.session
            .next_hand_at(now)
            .unwrap_or_else(|e| panic!("{}: the next hand: {e}", self.name));
    }

    /// `hands` whole hands, each dealt after the one before.
    pub fn hands(&mut self, hands: u32) {
        for i in 0..hands {
            if i > 0 {
                self.next_hand();
            }
            self.hand();
        }
    }

    /// The journal as the floor reads it.
    pub fn loaded(&self) -> Loaded {
        journal::load(&self.path).expect("the journal reads")
    }

    /// The table as `MemoryDesk::new` takes it.
    pub fn for_desk(&self) -> (String, u8, Loaded) {
        (self.name.clone(), 9, self.loaded())
    }
}

/// Nine players for table `t` (`T3`): `T3a` to `T3i`, 20,000 each.
pub fn nine(t: &str) -> Vec<(String, u64)> {
    "abcdefghi"
        .chars()
        .map(|c| (format!("{t}{c}"), 20_000))
        .collect()
}

/// `players` as `Playing::open` takes them.
pub fn named(players: &[(String, u64)]) -> Vec<(&str, u64)> {
    players.iter().map(|(n, c)| (n.as_str(), *c)).collect()
}

/// Carries out the floor's orders for table `name` at its session, as its
/// dealer's `F` does: the next order's line, until none is left to do
/// now; returns the lines journaled.
pub fn obey(
    name: &str,
    session: &mut Session,
    records: &[floorcall::tournament::FloorRecord],
) -> Vec<String> {
    let mut done = Vec::new();
    loop {
        let table = session.table().expect("a table").clone();
        let orders = floorcall::tournament::orders::TableOrders::of(name, &table, records);
        let Some(order) = orders.next(&table) else {
            return done;
        };
        let command = order.command().expect("a seat");
        done.push(order.line().expect("a line"));
        let now = session.now_ms();
        session
            .table_line(&command, None, now, &mut |_| Vec::new())
            .unwrap_or_else(|e| panic!("{name}: {command:?}: {e}"));
    }
}
