//! The floor in memory: a `FloorDesk` over a pure `tournament::Floor` and
//! each table's journal as `Loaded`, for the screen's tests and its bench.
//! It is built the way `floor::Desk` folds the database: the floor's
//! tables are the journals' own tables (`journal::table_of`), and what a
//! table journals after is folded into the floor as it comes; its
//! decisions are the pure floor's (`balance`, `confirm`, `break_table`,
//! `set_hand_for_hand`), and its draws take their seeds from a count
//! (`desk-1`, `desk-2`...) so a test is repeatable (the real desk's come
//! from the operating system). Whatever it is asked to do counts as a
//! change for the next `refresh`, as the desk's own records read back
//! would. The reader's status, forks, a table's trouble and the time are
//! whatever the test sets.

use std::collections::BTreeMap;

use super::{ClockAction, FloorDesk};
use crate::floor::ReaderStatus;
use crate::journal::{Loaded, table_of};
use crate::rules::HouseRules;
use crate::session::{ClockRun, LevelClock, Structure};
use crate::table::Chips;
use crate::tournament::{
    Assignment, DrawPurpose, Floor, FloorRecord, FloorRefusal, FloorTable, Move, Proposal,
};

/// A desk in memory.
#[derive(Debug, Clone)]
pub struct MemoryDesk {
    floor: Floor,
    journals: BTreeMap<String, Loaded>,
    structure: Structure,
    clock: Option<LevelClock>,
    status: ReaderStatus,
    forks: Vec<(Option<String>, i64)>,
    problems: BTreeMap<String, String>,
    now_ms: i64,
    seeds: u32,
    changed: bool,
    /// How many of each table's records the floor has folded.
    folded: BTreeMap<String, usize>,
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
        let floor_tables = tables
            .iter()
            .map(|(name, seats, loaded)| FloorTable {
                name: name.clone(),
                seats: *seats,
                table: table_of(loaded),
            })
            .collect();
        let folded = tables
            .iter()
            .map(|(name, _, loaded)| (name.clone(), loaded.table.len()))
            .collect();
        MemoryDesk {
            floor: Floor::new(rules, floor_tables, Vec::new()),
            journals: tables
                .into_iter()
                .map(|(name, _, loaded)| (name, loaded))
                .collect(),
            structure,
            clock: None,
            status: ReaderStatus::Live,
            forks: Vec::new(),
            problems: BTreeMap::new(),
            now_ms,
            seeds: 0,
            changed: false,
            folded,
        }
    }

    /// The pure floor, to change it as the database would (a record
    /// written by another floor, a bust placed).
    pub fn floor_mut(&mut self) -> &mut Floor {
        self.changed = true;
        &mut self.floor
    }

    /// A table's journal as the reader brings it: its records not yet
    /// folded go to the floor (`Floor::table_event`: the table changes,
    /// busts are placed, hand-for-hand counts its hands).
    pub fn set_journal(&mut self, table: &str, loaded: Loaded) -> Result<(), FloorRefusal> {
        let seen = self.folded.get(table).copied().unwrap_or(0);
        if seen > loaded.table.len() {
            return Err(FloorRefusal::Other(format!(
                "{table}'s journal holds fewer records than the floor has read."
            )));
        }
        for (_, record) in &loaded.table[seen..] {
            for event in &record.events {
                self.floor.table_event(table, event)?;
            }
        }
        self.folded.insert(table.to_string(), loaded.table.len());
        self.journals.insert(table.to_string(), loaded);
        self.changed = true;
        Ok(())
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

    fn seed(&mut self) -> String {
        self.seeds += 1;
        format!("desk-{}", self.seeds)
    }
}

impl FloorDesk for MemoryDesk {
    type Error = FloorRefusal;

    fn refresh(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    fn floor(&self) -> &Floor {
        &self.floor
    }

    fn clock(&self) -> Option<&LevelClock> {
        self.clock.as_ref()
    }

    fn structure(&self) -> &Structure {
        &self.structure
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

    fn draw_seats(&mut self, players: &[(String, Chips)]) -> Result<Vec<Assignment>, FloorRefusal> {
        let seed = self.seed();
        self.changed = true;
        self.floor.seat(players, &seed, DrawPurpose::Seats)
    }

    fn propose(&mut self) -> Result<Option<Proposal>, FloorRefusal> {
        let seed = self.seed();
        self.changed = true;
        if self.floor.propose(&seed)?.moves.is_empty() {
            return Ok(None);
        }
        self.floor.balance(&seed).map(Some)
    }

    fn confirm(&mut self) -> Result<Vec<Move>, FloorRefusal> {
        let moves = self
            .floor
            .pending
            .as_ref()
            .map(|p| p.moves.clone())
            .unwrap_or_default();
        self.changed = true;
        let made = self.floor.confirm()?;
        Ok(if made { moves } else { Vec::new() })
    }

    fn break_next(&mut self) -> Result<Vec<Move>, FloorRefusal> {
        let seed = self.seed();
        self.changed = true;
        self.floor.break_table(None, &seed)
    }

    /// The pure floor makes a move at once: none is ever waiting.
    fn cancel_move(&mut self, player: &str) -> Result<Move, FloorRefusal> {
        Err(FloorRefusal::Other(format!(
            "{player} has no move waiting: this floor makes each move at once."
        )))
    }

    fn amend_move(&mut self, player: &str, _to: &str, _seat: u8) -> Result<Move, FloorRefusal> {
        self.cancel_move(player)
    }

    /// The pure floor's move, made at once (both tables between hands).
    fn move_player(&mut self, player: &str, to: &str, seat: u8) -> Result<Move, FloorRefusal> {
        let (from, from_seat, chips) = self
            .floor
            .tables
            .iter()
            .find_map(|t| {
                t.players()
                    .into_iter()
                    .find(|(_, p, _)| p == player)
                    .map(|(s, _, c)| (t.name.clone(), s.number(), c.get()))
            })
            .ok_or_else(|| FloorRefusal::Other(format!("{player} is not seated at any table.")))?;
        let mv = Move {
            player: player.to_string(),
            from,
            from_seat,
            to: to.to_string(),
            to_seat: seat,
            chips,
            dealt_next: true,
        };
        self.changed = true;
        self.floor.make_move(&mv)?;
        Ok(mv)
    }

    /// The pure floor's correction, carried out at once (the table
    /// between hands).
    fn correct_stack(&mut self, player: &str, chips: u64) -> Result<FloorRecord, FloorRefusal> {
        let mut sim = self.floor.clone();
        let from = sim.records.len();
        sim.correct_stack(player, chips)?;
        let record = sim.records[from].clone();
        let FloorRecord::StackCorrected {
            table,
            seat,
            returns,
            ..
        } = &record
        else {
            return Ok(record);
        };
        let command = crate::session::TableCommand::Correct {
            seat: crate::table::Seat::new(*seat)
                .ok_or_else(|| FloorRefusal::Other(format!("{table} has no seat {seat}.")))?,
            chips: Chips(chips),
            returns: returns.map(|_| player.to_string()),
        };
        sim.table_line(table, &command)?;
        self.floor = sim;
        self.changed = true;
        Ok(record)
    }

    fn set_hand_for_hand(&mut self, on: bool) -> Result<(), FloorRefusal> {
        self.changed = true;
        self.floor.set_hand_for_hand(on)
    }

    fn clock_action(&mut self, action: ClockAction) -> Result<(), FloorRefusal> {
        let now = self.now_ms;
        self.changed = true;
        if action == ClockAction::Start {
            self.clock
                .get_or_insert_with(|| LevelClock::new(self.structure.stage_ms()))
                .start(now);
            return Ok(());
        }
        let Some(clock) = self.clock.as_mut() else {
            return Err(FloorRefusal::Other(
                "The clock has not been started.".into(),
            ));
        };
        match action {
            ClockAction::Start => {}
            ClockAction::Pause if clock.run == ClockRun::Paused => {
                return Err(FloorRefusal::Other("The clock is already paused.".into()));
            }
            ClockAction::Pause => clock.pause(now),
            ClockAction::Resume => clock.resume(now),
            ClockAction::Adjust(secs) => clock.adjust(now, secs),
            ClockAction::Level(level) => {
                let stages = self.structure.level_stages();
                let Some(stage) = level.checked_sub(1).and_then(|i| stages.get(i)) else {
                    return Err(FloorRefusal::Other(format!(
                        "The structure has levels 1 to {}: there is no level {level}.",
                        stages.len()
                    )));
                };
                clock.jump_to(now, *stage);
            }
        }
        Ok(())
    }
}
