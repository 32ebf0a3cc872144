//! The floor in memory: a `FloorDesk` that keeps the floor's records in a
//! list and each table's journal as `Loaded`, for the screen's tests and
//! its bench. Storage only, as `floor::Desk` is for the database: every
//! decision is the engine's (`Tournament::decide`), every record and
//! journal is folded by the engine, and what the tables make due is
//! decided at each `refresh`. A move confirmed is an order until the
//! tables' journals (given by `set_journal`) show it carried out, as on
//! the real floor. Its draws take their seeds from a count (`desk-1`,
//! `desk-2`...) so a test is repeatable (the real desk's come from the
//! operating system). The reader's status, forks, a table's trouble and
//! the time are whatever the test sets.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use super::FloorDesk;
use crate::floor::{DeskError, ReaderStatus};
use crate::journal::{Loaded, floor_read, table_of};
use crate::rules::HouseRules;
use crate::session::Structure;
use crate::tournament::seeds::SeedSource;
use crate::tournament::{
    Answer, Decide, Decision, Floor, FloorCommand, FloorRecord, FloorRefusal, Proposal, Tournament,
};

/// A desk in memory.
#[derive(Clone)]
pub struct MemoryDesk {
    tournament: Tournament,
    /// The floor's records, as the database would hold them.
    records: Vec<FloorRecord>,
    journals: BTreeMap<String, Loaded>,
    status: ReaderStatus,
    forks: Vec<(Option<String>, i64)>,
    problems: BTreeMap<String, String>,
    now_ms: i64,
    seeds: Arc<dyn SeedSource>,
    changed: bool,
}

impl fmt::Debug for MemoryDesk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryDesk")
            .field("records", &self.records.len())
            .field("tables", &self.journals.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// Seeds `desk-1`, `desk-2`...: a test's draws, repeatable.
#[derive(Debug, Default)]
struct CountedSeeds(AtomicU32);

impl SeedSource for CountedSeeds {
    fn seed(&self, _: &crate::tournament::DrawPurpose) -> Result<String, String> {
        Ok(format!(
            "desk-{}",
            self.0.fetch_add(1, Ordering::Relaxed) + 1
        ))
    }
}

impl MemoryDesk {
    /// A floor of tables (name, seats, journal) under `rules` and
    /// `structure` at `now_ms`, the clock not started, the reader live.
    pub fn new(
        rules: HouseRules,
        structure: Structure,
        tables: Vec<(String, u8, Loaded)>,
        now_ms: i64,
    ) -> MemoryDesk {
        let opened: Vec<(String, u8)> = tables
            .iter()
            .map(|(name, seats, _)| (name.clone(), *seats))
            .collect();
        let mut desk = MemoryDesk {
            tournament: Tournament::new(rules, structure, &opened, Vec::new(), Vec::new()),
            records: Vec::new(),
            journals: BTreeMap::new(),
            status: ReaderStatus::Live,
            forks: Vec::new(),
            problems: BTreeMap::new(),
            now_ms,
            seeds: Arc::new(CountedSeeds::default()),
            changed: false,
        };
        for (name, _, loaded) in tables {
            desk.read(&name, loaded);
        }
        desk
    }

    /// The same desk with the tournament's money (a structure file's
    /// `[money]`).
    pub fn with_funding(mut self, funding: crate::tournament::funding::Funding) -> MemoryDesk {
        self.tournament = self.tournament.with_funding(funding);
        self
    }

    /// The same desk with its draws' seeds from `seeds` (the database's
    /// desk's source, to compare the two).
    pub fn with_seeds(mut self, seeds: Arc<dyn SeedSource>) -> MemoryDesk {
        self.seeds = seeds;
        self
    }

    /// The floor as folded, to change it as the database would (a record
    /// written by another floor, a bust placed).
    pub fn floor_mut(&mut self) -> &mut Floor {
        self.changed = true;
        self.tournament.floor_mut()
    }

    /// The floor's records, in order.
    pub fn records(&self) -> &[FloorRecord] {
        &self.records
    }

    /// A table's journal as the reader brings it: the engine folds its
    /// table (a journal shorter than the one read before is refused).
    pub fn set_journal(&mut self, table: &str, loaded: Loaded) -> Result<(), FloorRefusal> {
        let seen = self.journals.get(table).map_or(0, |j| j.records);
        if seen > loaded.records {
            return Err(FloorRefusal::Other(format!(
                "{table}'s journal holds fewer records than the floor has read."
            )));
        }
        self.read(table, loaded);
        self.changed = true;
        Ok(())
    }

    /// A journal with no record is no journal (the database's reader has
    /// nothing of a table not yet opened).
    fn read(&mut self, table: &str, loaded: Loaded) {
        if loaded.records == 0 {
            return;
        }
        let folded = table_of(&loaded);
        let read = floor_read(&loaded, &folded);
        self.tournament.table_read(table, folded, read);
        self.journals.insert(table.to_string(), loaded);
    }

    /// The reader's link.
    pub fn set_status(&mut self, status: ReaderStatus) {
        self.status = status;
        self.changed = true;
    }

    /// A fork the database recorded.
    pub fn add_fork(&mut self, table: Option<&str>, seq: i64) {
        self.forks.push((table.map(str::to_string), seq));
        self.changed = true;
    }

    /// Why a table's record cannot be trusted (`None`: it can).
    pub fn set_problem(&mut self, table: &str, problem: Option<&str>) {
        match problem {
            Some(p) => self.problems.insert(table.to_string(), p.to_string()),
            None => self.problems.remove(table),
        };
        self.changed = true;
    }

    /// The desk's time.
    pub fn set_now(&mut self, now_ms: i64) {
        self.now_ms = now_ms;
    }
}

impl Decide for MemoryDesk {
    type Error = DeskError;

    /// Whatever the TD asks counts as a change for the next `refresh`,
    /// refused or not, as the desk's own records read back would.
    fn decide(&mut self, command: &FloorCommand) -> Result<Answer, DeskError> {
        if *command != FloorCommand::Due {
            self.changed = true;
        }
        let Decision { records, answer } =
            self.tournament
                .decide(command, self.seeds.as_ref(), self.now_ms)?;
        for record in records {
            self.tournament.apply(record.clone());
            self.records.push(record);
            self.changed = true;
        }
        Ok(answer)
    }

    fn stale(proposal: Option<Proposal>) -> DeskError {
        DeskError::Stale(proposal)
    }
}

impl FloorDesk for MemoryDesk {
    /// What the tables make due is decided (as the database's desk does
    /// at each reading); true if anything changed since the last.
    fn refresh(&mut self) -> bool {
        // A refusal here is a record that cannot be decided yet; the
        // next refresh tries again, as the database's desk does.
        let _ = self.decide(&FloorCommand::Due);
        std::mem::take(&mut self.changed)
    }

    fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    fn status(&self) -> ReaderStatus {
        self.status.clone()
    }

    fn forks(&self) -> Vec<(Option<String>, i64)> {
        self.forks.clone()
    }

    fn journal(&self, table: &str) -> Option<Loaded> {
        self.journals.get(table).cloned()
    }

    fn table_problem(&self, table: &str) -> Option<String> {
        self.problems.get(table).cloned()
    }

    fn now_ms(&self) -> i64 {
        self.now_ms
    }
}
