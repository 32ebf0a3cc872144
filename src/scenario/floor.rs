//! Scenario files with several tables (an extension): the floor's
//! decisions checked from the books without a database. The decisions
//! are the engine's (`Tournament::decide`), as at the TD's desk: each
//! floor line is a `FloorCommand`; the tables are the run's own, read by
//! the engine after every line, and carry out its orders between hands
//! as their dealers do.
//!
//! A file with `[[tables]]` (each with `name`, `seats`, `button`, `blinds`,
//! `stacks`, optional `names`, `ante` and `hand`) and an optional `[floor]`
//! (`break_order`, `keep_apart`, `players` for the draw, `seed`,
//! `starting_tables`, `structure`) and an optional `[money]` (a structure
//! file's) is a floor scenario. Its script holds floor lines
//! (`notation::floor`: `balance`, `move confirmed`, `break [T3]`, `draw`, `enter Ann 10000`,
//! `level 200/400`, `entry Ann`, `reentry Ann`, `rebuy Ann`, `addon Ann`,
//! `deal icm [keep N] [agreed]`, `clock start`, `clock level 5`,
//! `hand-for-hand on|off`, `final-table`, `button-draw T1`, each random one
//! taking an optional `seed S`; `key T3 seat 4 out`: a light table's line
//! the TD keys) and lines for one table (`T2: hand`, `T2: s3
//! allin`, any session or hand line after the table's name and a colon).
//! `[[expect]]` checks what a TD checks (`moves`, `made`, `seated`, `chips`,
//! `counts`, `blinds`, `next`, `dealt_next`, `places`, `waiting`, `hand_for_hand`, `next_to_break`,
//! `halted`, `final_table_due`, `players_left`, `rejected`, `stale`,
//! `commitment`, `clock_runs`, `hand_for_hand_proposed`, `refusal`,
//! `entries`, `pool`, `paid`, `payouts`, `bubble`, `deal`, `won`, `room`).

mod check;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::expect::{after_problem, expectation};
use super::{Report, Scenario, ScenarioError, seat_named};
use crate::notation::floor::{FloorLine, parse_floor_line};
use crate::notation::session::parse_table_line;
use crate::rules::{HouseRules, line_column};
use crate::session::{Blinds, Positions, Structure, Table, TableCommand, TableEvent};
use crate::table::event::{AnteMode, Street, TableSetup};
use crate::table::{Chips, Command, Hand, Seat};
use crate::tournament::funding::RawFunding;
use crate::tournament::orders::TableOrders;
use crate::tournament::room::RoomTable;
use crate::tournament::seeds::SeedSource;
use crate::tournament::{
    Answer, ClockAction, DrawPurpose, Floor, FloorCommand, FloorRecord, FloorRefusal, FloorTable,
    TableRead, Tournament,
};
use crate::values::Money;
use check::check_all;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFloorScenario {
    title: String,
    house: Option<String>,
    #[serde(default)]
    source: String,
    script: Spanned<String>,
    #[serde(default)]
    floor: RawFloor,
    tables: Vec<Spanned<RawFloorTable>>,
    /// The tournament's money, as a structure file's `[money]`.
    money: Option<Spanned<RawFunding>>,
    #[serde(default)]
    expect: Vec<Spanned<FloorExpect>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFloor {
    #[serde(default)]
    break_order: Vec<String>,
    #[serde(default)]
    keep_apart: Vec<Vec<String>>,
    #[serde(default)]
    players: BTreeMap<String, u64>,
    seed: Option<String>,
    starting_tables: Option<usize>,
    /// The floor's structure, as a session's `structure` line writes it
    /// (`100/200 20, 200/400 20, break 15`): the clock's levels.
    structure: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFloorTable {
    name: String,
    #[serde(default = "nine")]
    seats: u8,
    button: u8,
    blinds: Vec<u64>,
    #[serde(default)]
    ante: u64,
    #[serde(default)]
    stacks: BTreeMap<String, u64>,
    #[serde(default)]
    names: BTreeMap<String, String>,
    #[serde(default)]
    hand: u32,
    /// [button, small blind, big blind] of the hand last played: the next
    /// hand follows the dead-button rules from there.
    last: Option<[u8; 3]>,
}

fn nine() -> u8 {
    9
}

expectation! {
    /// What a floor expectation checks (each key optional; every key given
    /// must hold).
    #[derive(Debug, Clone, Default, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct FloorExpect {
        shared after,
        /// The moves proposed and not yet confirmed: `"T1 s4 -> T2 s7"`.
        pub moves: Option<Vec<String>>,
        /// The moves the last line made.
        pub made: Option<Vec<String>>,
        /// Table = { seat = name }: everyone seated at the tables named.
        pub seated: Option<BTreeMap<String, BTreeMap<String, String>>>,
        /// Table = { seat = chips } for the seats named (0: empty).
        pub chips: Option<BTreeMap<String, BTreeMap<String, u64>>>,
        /// Table = players with chips there.
        pub counts: Option<BTreeMap<String, usize>>,
        /// Table = [small, big] blinds of its next hand.
        pub blinds: Option<BTreeMap<String, [u64; 2]>>,
        /// Table = [button, small blind, big blind] of its next hand.
        pub next: Option<BTreeMap<String, [u8; 3]>>,
        /// Table = the seats dealt into its next hand.
        pub dealt_next: Option<BTreeMap<String, Vec<u8>>>,
        /// Player = place, for the players named.
        pub places: Option<BTreeMap<String, u32>>,
        /// The tables hand-for-hand waits for.
        pub waiting: Option<Vec<String>>,
        shared hand_for_hand,
        /// The floor proposes hand-for-hand (Redtooth 53).
        pub hand_for_hand_proposed: Option<bool>,
        /// The next table to break ("" when none).
        pub next_to_break: Option<String>,
        /// Tables halted (TDA 10-D).
        pub halted: Option<Vec<String>>,
        /// The players left fit the final table.
        pub final_table_due: Option<bool>,
        /// Players still in.
        pub players_left: Option<usize>,
        shared rejected,
        /// The last confirm found the proposal stale and proposed again.
        pub stale: Option<bool>,
        /// The last draw's commitment (the SHA-256 of its seed).
        pub commitment: Option<String>,
        /// The level clock runs.
        pub clock_runs: Option<bool>,
        /// The last line's refusal, word for word ("" when it was not
        /// refused).
        pub refusal: Option<String>,
        /// The entries bought (first entries and re-entries).
        pub entries: Option<u32>,
        /// The prize pool.
        pub pool: Option<u64>,
        /// The places paid.
        pub paid: Option<usize>,
        /// The prizes, first place first.
        pub payouts: Option<Vec<u64>>,
        /// The next player out is the last one unpaid.
        pub bubble: Option<bool>,
        /// The last deal worked out: entry = share, for the entries named.
        pub deal: Option<BTreeMap<String, u64>>,
        /// Entry = what he has won, for the entries named (0: nothing).
        pub won: Option<BTreeMap<String, u64>>,
        /// The room's audit of every chip (as `floor verify` says it):
        /// `OK: the room: 40,000 chips issued (4 entries), 40,000 in
        /// play`, or what does not add up.
        pub room: Option<String>,
    }
}

/// A floor scenario's tables and floor, ready to run.
#[derive(Debug, Clone)]
pub struct FloorScenario {
    tournament: Tournament,
    tables: BTreeMap<String, RunTable>,
    players: Vec<(String, Chips)>,
    seed: String,
    script: Vec<(usize, String)>,
    expectations: Vec<FloorExpect>,
}

/// Whether `text` is a floor scenario (it has `[[tables]]`).
pub(super) fn is_floor(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("tables"))
}

/// Parses a floor scenario.
pub(super) fn parse(file: &str, text: &str, dir: Option<&Path>) -> Result<Scenario, ScenarioError> {
    let at = |offset: usize, message: String| super::error_at(file, text, offset, message);
    let raw: RawFloorScenario = super::read_toml(file, text)?;
    let rules = super::load_house(raw.house.as_deref().unwrap_or(super::DEFAULT_HOUSE), dir)
        .map_err(|error| ScenarioError::House {
            file: file.to_string(),
            error,
        })?;
    let mut tables = Vec::new();
    let mut first_setup = None;
    for t in raw.tables {
        let start = t.span().start;
        let (table, setup) = floor_table(t.into_inner()).map_err(|m| at(start, m))?;
        first_setup.get_or_insert(setup);
        tables.push(table);
    }
    let Some(setup) = first_setup else {
        return Err(at(0, "[[tables]] is empty: give at least one table".into()));
    };
    let sizes: Vec<(String, u8)> = tables.iter().map(|t| (t.name.clone(), t.seats)).collect();
    let structure = match raw.floor.structure {
        None => Structure::default(),
        Some(line) => {
            let start = line.span().start;
            match parse_table_line(&format!("structure {}", line.get_ref())) {
                Ok(Some(TableCommand::SetStructure(structure))) => structure,
                Ok(_) => return Err(at(start, "floor.structure: not a structure".into())),
                Err(e) => return Err(at(start, format!("floor.structure: {}", e.message))),
            }
        }
    };
    let mut tournament = Tournament::new(
        rules.clone(),
        structure,
        &sizes,
        raw.floor.break_order,
        raw.floor.keep_apart,
    );
    if let Some(n) = raw.floor.starting_tables {
        tournament = tournament.with_starting_tables(n);
    }
    if let Some(money) = raw.money {
        let funding = money
            .into_inner()
            .resolve()
            .map_err(|p| at(p.offset, p.message))?;
        tournament = tournament.with_funding(funding);
    }
    let tables: BTreeMap<String, RunTable> = tables
        .into_iter()
        .map(|t| (t.name, RunTable::new(t.table)))
        .collect();
    for (name, t) in &tables {
        tournament.table_read(name, t.table.clone(), t.read.clone());
    }
    let span = raw.script.span();
    let (first_line, _) = line_column(text, span.start);
    let offset = usize::from(text[span.start..].starts_with("\"\"\"\n"));
    let script: Vec<(usize, String)> = raw
        .script
        .get_ref()
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                first_line + offset + i,
                l.split('#').next().unwrap_or("").trim().to_string(),
            )
        })
        .filter(|(_, l)| !l.is_empty())
        .collect();
    for (line, l) in &script {
        if let Err(message) = check_line(l, tournament.floor()) {
            return Err(ScenarioError::Parse {
                file: file.to_string(),
                line: *line,
                column: 1,
                message,
            });
        }
    }
    let mut expectations = Vec::new();
    for e in raw.expect {
        let start = e.span().start;
        let e = e.into_inner();
        if let Some(problem) = after_problem(e.after, script.len()) {
            return Err(at(start, problem));
        }
        expectations.push(e);
    }
    Ok(Scenario {
        file: file.to_string(),
        title: raw.title,
        source: raw.source,
        rules,
        setup,
        lines: Vec::new(),
        expectations: Vec::new(),
        script: Vec::new(),
        session: super::session::SessionSetup::default(),
        floor: Some(Box::new(FloorScenario {
            tournament,
            tables,
            players: raw
                .floor
                .players
                .into_iter()
                .map(|(p, c)| (p, Chips(c)))
                .collect(),
            seed: raw.floor.seed.unwrap_or_else(|| "floor".into()),
            script,
            expectations,
        })),
    })
}

/// A table from the file: its session table and the setup of its next hand.
fn floor_table(raw: RawFloorTable) -> Result<(FloorTable, TableSetup), String> {
    let name = raw.name.clone();
    let [small, big] = raw.blinds[..] else {
        return Err(format!(
            "{name}: blinds has {} value(s): expected [small, big]",
            raw.blinds.len()
        ));
    };
    if let Some(problem) = crate::rules::blinds_problem(small, big) {
        return Err(format!("{name}: {problem}"));
    }
    if !(2..=10).contains(&raw.seats) {
        return Err(format!(
            "{name}: seats = {}: a table has 2 to 10 seats",
            raw.seats
        ));
    }
    let button = Seat::new(raw.button)
        .ok_or_else(|| format!("{name}: button {} is not a seat", raw.button))?;
    let mut table = Table::new(button, Structure::default(), Vec::new());
    let mut stacks = Vec::new();
    for (k, chips) in &raw.stacks {
        let seat = seat_named(k)?;
        if seat.number() > raw.seats || *chips == 0 || !Chips(*chips).within_table() {
            return Err(format!("{name}: stacks: seat {k} with {chips} chips"));
        }
        let player = raw
            .names
            .get(k)
            .cloned()
            .unwrap_or_else(|| format!("{name}s{}", seat.number()));
        table.apply(&TableEvent::PlayerSeated {
            seat,
            name: player,
            chips: Chips(*chips),
            rejoins: false,
        });
        stacks.push((seat, Chips(*chips)));
    }
    for p in table.seats.values_mut() {
        p.new = false;
    }
    let blinds = Blinds {
        small: Chips(small),
        big: Chips(big),
        ante: Chips(raw.ante),
        ante_mode: AnteMode::PerPlayer,
    };
    table.apply(&TableEvent::LevelSet {
        blinds,
        stage: None,
        at_ms: 0,
    });
    table.hand = raw.hand;
    if let Some([b, sb, bb]) = raw.last {
        let seat = |n: u8| Seat::new(n).ok_or_else(|| format!("{name}: last: {n} is not a seat"));
        table.positions = Some(Positions {
            button: seat(b)?,
            small: seat(sb)?,
            big: seat(bb)?,
        });
        table.hand = table.hand.max(1);
    }
    let setup = TableSetup {
        button,
        small_blind: blinds.small,
        big_blind: blinds.big,
        ante: blinds.ante,
        ante_mode: AnteMode::PerPlayer,
        stacks,
        denominations: Vec::new(),
        street: Street::Preflop,
        pot: Chips::ZERO,
        board: Vec::new(),
        blind_seats: None,
        away: Vec::new(),
    };
    Ok((
        FloorTable {
            name,
            seats: raw.seats,
            table,
        },
        setup,
    ))
}

/// A line that does not read, or names a table that is not there, is a
/// file error.
fn check_line(line: &str, floor: &Floor) -> Result<(), String> {
    match parse_floor_line(line).map_err(|e| e.message)? {
        FloorLine::Table { table, line: rest } => {
            floor.table(&table).map_err(|e| e.to_string())?;
            if crate::notation::session::is_session_line(&rest) {
                crate::notation::session::parse_table_line(&rest).map_err(|e| e.message)?;
            } else {
                crate::notation::parse_line(&rest).map_err(|e| e.message)?;
            }
            Ok(())
        }
        FloorLine::Break { table: Some(t), .. } | FloorLine::ButtonDraw { table: t, .. } => {
            floor.table(&t).map(|_| ()).map_err(|e| e.to_string())
        }
        _ => Ok(()),
    }
}

/// One table of a run, as its journal would hold it: the table, its hand
/// in play, and what the floor reads of it besides (`TableRead`).
#[derive(Debug, Clone)]
struct RunTable {
    table: Table,
    hand: Option<Hand>,
    read: TableRead,
    /// Every event journaled, the table's opening first (its players
    /// seated by the file, not by a draw).
    events: Vec<TableEvent>,
}

impl RunTable {
    fn new(table: Table) -> RunTable {
        let mut events = vec![TableEvent::Opened {
            first_button: table.first_button,
            structure: table.structure.clone(),
            denominations: Vec::new(),
        }];
        events.extend(
            table
                .seats
                .iter()
                .map(|(seat, p)| TableEvent::PlayerSeated {
                    seat: *seat,
                    name: p.name.clone(),
                    chips: p.chips,
                    rejoins: false,
                }),
        );
        RunTable {
            table,
            hand: None,
            read: TableRead::default(),
            events,
        }
    }

    /// The table as the room's audit reads a journal.
    fn room_table(&self, name: &str) -> RoomTable {
        RoomTable {
            name: name.to_string(),
            events: self.events.clone(),
            table: self.table.clone(),
            openings: 1,
            first_stacks: 0,
        }
    }

    /// Journals `events` at the table: the table folds them, a hand begun
    /// starts its hand, and the floor's read of it follows (the stacks
    /// each hand began with, the hand each player sat down after).
    fn journal(&mut self, events: Vec<TableEvent>, rules: &HouseRules) -> Result<(), String> {
        for e in events {
            match &e {
                TableEvent::PlayerSeated { name, .. } => {
                    self.read.sat_at.insert(name.clone(), self.table.hand);
                }
                TableEvent::HandBegun { number, setup, .. } => {
                    self.read.hands += 1;
                    for (seat, chips) in &setup.stacks {
                        self.read
                            .starting_stacks
                            .entry((*number, seat.number()))
                            .or_insert(chips.get());
                    }
                    let hand =
                        Hand::start(setup.clone(), rules.clone()).map_err(|e| e.to_string())?;
                    self.hand = Some(hand);
                }
                _ => {}
            }
            self.table.apply(&e);
            self.events.push(e);
        }
        Ok(())
    }

    /// Decides a session line at the table and journals it.
    fn line(
        &mut self,
        name: &str,
        command: &TableCommand,
        rules: &HouseRules,
    ) -> Result<(), String> {
        let now = self.table.script_ms;
        let events = self
            .table
            .decide(rules, command, now, &mut |_| Vec::new())
            .map_err(|refusal| {
                FloorRefusal::Table {
                    table: name.to_string(),
                    refusal,
                }
                .to_string()
            })?;
        self.journal(events, rules)
    }
}

/// Where a run's draws get their seeds: the line's seed, and for the
/// draws one line makes after its first, names from it (`{seed}/redraw`,
/// `{seed}/button`, `{seed}/button/T2`), so a file's seed decides all.
struct ScriptSeeds {
    seed: String,
    line: SeededLine,
}

/// The kind of line a seed is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SeededLine {
    /// A break: a redraw after it, and the buttons of the tables left.
    Break,
    /// The final table: its button after its draw.
    FinalTable,
    /// Any other line: every draw from its seed.
    Other,
}

impl ScriptSeeds {
    /// For a line that draws nothing.
    fn none() -> ScriptSeeds {
        ScriptSeeds {
            seed: String::new(),
            line: SeededLine::Other,
        }
    }
}

impl SeedSource for ScriptSeeds {
    fn seed(&self, purpose: &DrawPurpose) -> Result<String, String> {
        let seed = &self.seed;
        Ok(match (self.line, purpose) {
            (SeededLine::Break, DrawPurpose::Redraw) => format!("{seed}/redraw"),
            (SeededLine::Break, DrawPurpose::Button { table }) => format!("{seed}/button/{table}"),
            (SeededLine::FinalTable, DrawPurpose::Button { .. }) => format!("{seed}/button"),
            _ => seed.clone(),
        })
    }
}

/// A run's time: a scenario has no clock.
const NOW_MS: i64 = 0;

/// The most lines the tables key for the floor after one line (ten seats
/// at ten tables, each a leave, a sit and a correction, and more).
const LINES_AT_MOST: usize = 1_000;

/// The floor as a run goes: the engine's tournament, each table as its
/// journal would hold it, what the last line did.
struct Run {
    tournament: Tournament,
    tables: BTreeMap<String, RunTable>,
    rejected: bool,
    /// The last line's refusal ("" when it was not refused).
    refusal: String,
    /// The last deal worked out: entry -> share.
    deal: BTreeMap<String, u64>,
    stale: bool,
    made: Vec<String>,
    draws: u32,
}

impl Run {
    fn rules(&self) -> &HouseRules {
        &self.tournament.floor().rules
    }

    /// The seed of a random line: the one given, else the file's seed and
    /// the draw's number.
    fn seed(&mut self, base: &str, given: Option<String>) -> String {
        self.draws += 1;
        given.unwrap_or_else(|| format!("{base}:{}", self.draws))
    }

    /// Decides a floor command with the engine, its records applied; the
    /// tables then carry out what it orders.
    fn decide(&mut self, command: &FloorCommand, seeds: &ScriptSeeds) -> Result<Answer, String> {
        let decision = self
            .tournament
            .decide(command, seeds, NOW_MS)
            .map_err(|e| e.to_string())?;
        for record in decision.records {
            self.tournament.apply(record);
        }
        Ok(decision.answer)
    }

    fn table_line(&mut self, table: &str, text: &str) -> Result<(), String> {
        let rules = self.rules().clone();
        if crate::notation::session::is_session_line(text) {
            let Ok(Some(command)) = crate::notation::session::parse_table_line(text) else {
                return Err("not a table line".into());
            };
            self.close_motion(table);
            let records = &self.tournament.floor().records;
            let t = self.tables.get_mut(table).ok_or("no such table")?;
            if command == TableCommand::NextHand {
                TableOrders::of(table, &t.table, records).may_begin(t.table.hand + 1)?;
            }
            t.line(table, &command, &rules)?;
        } else {
            let Ok(Some(command)) = crate::notation::parse_line(text) else {
                return Err("not a hand line".into());
            };
            let t = self.tables.get_mut(table).ok_or("no such table")?;
            let in_hand = t.table.in_hand;
            let hand = t
                .hand
                .as_mut()
                .filter(|_| in_hand)
                .ok_or("no hand in play")?;
            hand.execute(&command, Some(text.to_string()))
                .map_err(|e| e.to_string())?;
        }
        self.end_hands()
    }

    /// Closes a table's pending motion (a dealer's line, the script's end).
    fn close_motion(&mut self, table: &str) {
        if let Some(hand) = self.tables.get_mut(table).and_then(|t| t.hand.as_mut()) {
            let _ = hand.execute(&Command::Resolve, None);
        }
        let _ = self.end_hands();
    }

    /// Ends, at each table, a hand that is over.
    fn end_hands(&mut self) -> Result<(), String> {
        let rules = self.rules().clone();
        for t in self.tables.values_mut() {
            let over = t
                .hand
                .as_ref()
                .filter(|h| t.table.in_hand && h.state().street == Street::Done)
                .map(|h| t.table.hand_over(h.state()));
            if let Some(events) = over {
                t.journal(events, &rules)?;
            }
        }
        Ok(())
    }

    /// The floor reads every table and decides what they make due; each
    /// table between hands carries out the floor's orders (as its
    /// dealer's `F` does) and follows hand-for-hand; again, until nothing
    /// is left to do.
    fn settle(&mut self) -> Result<(), String> {
        let rules = self.rules().clone();
        // Each round carries out at least one line; a table has at most a
        // few per seat, so more rounds than this is an order that never
        // reads as done: said, never a run that does not end.
        for _ in 0..LINES_AT_MOST {
            for (name, t) in &self.tables {
                self.tournament
                    .table_read(name, t.table.clone(), t.read.clone());
            }
            self.decide(&FloorCommand::Due, &ScriptSeeds::none())?;
            let records = &self.tournament.floor().records;
            let due: Vec<(String, TableCommand)> = self
                .tables
                .iter()
                .filter(|(_, t)| !t.table.in_hand)
                .filter_map(|(name, t)| {
                    TableOrders::of(name, &t.table, records)
                        .line_due(&t.table)
                        .map(|c| (name.clone(), c))
                })
                .collect();
            if due.is_empty() {
                return Ok(());
            }
            for (name, command) in due {
                if let Some(t) = self.tables.get_mut(&name) {
                    t.line(&name, &command, &rules)?;
                }
            }
        }
        Err("The tables could not carry out the floor's orders.".into())
    }

    /// Carries out a floor line.
    fn floor_line(&mut self, line: FloorLine, s: &FloorScenario) -> Result<(), String> {
        let seeded = |run: &mut Run, given, kind| ScriptSeeds {
            seed: run.seed(&s.seed, given),
            line: kind,
        };
        match line {
            FloorLine::Table { table, line } => self.table_line(&table, &line),
            FloorLine::Balance(seed) => {
                let seeds = seeded(self, seed, SeededLine::Other);
                self.decide(&FloorCommand::Propose, &seeds).map(|_| ())
            }
            FloorLine::Confirm => {
                // Proposed again when stale, from the proposal's seed.
                let pending = self.tournament.floor().pending.as_ref();
                let seeds = ScriptSeeds {
                    seed: format!(
                        "{}+",
                        pending.and_then(|p| p.seed.clone()).unwrap_or_default()
                    ),
                    line: SeededLine::Other,
                };
                let answer = self.decide(&FloorCommand::Confirm, &seeds)?;
                self.stale = matches!(answer, Answer::Stale(_));
                Ok(())
            }
            FloorLine::Break { table, seed } => {
                let seeds = seeded(self, seed, SeededLine::Break);
                self.decide(&FloorCommand::Break(table), &seeds).map(|_| ())
            }
            FloorLine::Draw(seed) => {
                let seeds = seeded(self, seed, SeededLine::Other);
                self.decide(&FloorCommand::DrawSeats(s.players.clone()), &seeds)
                    .map(|_| ())
            }
            FloorLine::Enter {
                player,
                chips,
                seed,
            } => {
                let seeds = seeded(self, seed, SeededLine::Other);
                self.decide(&FloorCommand::DrawSeats(vec![(player, chips)]), &seeds)
                    .map(|_| ())
            }
            FloorLine::SetLevel(blinds) => {
                // One structure: every table playing takes the level at
                // its next hand (TDA 22), its dealer's line.
                let rules = self.rules().clone();
                let playing: Vec<String> = self
                    .tournament
                    .floor()
                    .live_tables()
                    .iter()
                    .map(|t| t.name.clone())
                    .collect();
                for name in playing {
                    if let Some(t) = self.tables.get_mut(&name) {
                        t.line(&name, &TableCommand::SetLevel(blinds), &rules)?;
                    }
                }
                Ok(())
            }
            FloorLine::Buy { player, buy, seed } => {
                let seeds = seeded(self, seed, SeededLine::Other);
                self.decide(&FloorCommand::Buy { player, buy }, &seeds)
                    .map(|_| ())
            }
            FloorLine::Deal {
                method,
                kept,
                agreed,
            } => {
                let command = FloorCommand::Deal {
                    method,
                    kept: Money(kept),
                    agreed,
                };
                if let Answer::Deal(terms) = self.decide(&command, &ScriptSeeds::none())? {
                    self.deal = terms
                        .players
                        .iter()
                        .zip(&terms.shares)
                        .map(|((entry, _), share)| (entry.clone(), share.get()))
                        .collect();
                }
                Ok(())
            }
            FloorLine::ClockStart => self
                .decide(
                    &FloorCommand::Clock(ClockAction::Start),
                    &ScriptSeeds::none(),
                )
                .map(|_| ()),
            FloorLine::ClockLevel(n) => self
                .decide(
                    &FloorCommand::Clock(ClockAction::Level(n)),
                    &ScriptSeeds::none(),
                )
                .map(|_| ()),
            FloorLine::HandForHand(on) => self
                .decide(&FloorCommand::HandForHand(on), &ScriptSeeds::none())
                .map(|_| ()),
            FloorLine::Key { table, command } => self
                .decide(
                    &FloorCommand::KeyLight { table, command },
                    &ScriptSeeds::none(),
                )
                .map(|_| ()),
            FloorLine::Say(text) => self
                .decide(&FloorCommand::Say(text), &ScriptSeeds::none())
                .map(|_| ()),
            FloorLine::FinalTable(seed) => {
                let seeds = seeded(self, seed, SeededLine::FinalTable);
                self.decide(&FloorCommand::FinalTable, &seeds).map(|_| ())
            }
            FloorLine::ButtonDraw { table, seed } => {
                let seeds = seeded(self, seed, SeededLine::Other);
                self.decide(&FloorCommand::ButtonDraw(table), &seeds)
                    .map(|_| ())
            }
        }
    }
}

/// Plays a floor scenario and checks its expectations.
pub(super) fn run(s: &FloorScenario) -> Report {
    let mut run = Run {
        tournament: s.tournament.clone(),
        tables: s.tables.clone(),
        rejected: false,
        refusal: String::new(),
        deal: BTreeMap::new(),
        stale: false,
        made: Vec::new(),
        draws: 0,
    };
    let mut failures = Vec::new();
    let total = s.script.len();
    check_all(s, 0, total, &run, &mut failures);
    for (k, (_, line)) in s.script.iter().enumerate() {
        let before = run.tournament.floor().records.len();
        run.stale = false;
        let result = parse_floor_line(line)
            .map_err(|e| e.message)
            .and_then(|line| run.floor_line(line, s));
        if k + 1 == total {
            let names: Vec<String> = run.tables.keys().cloned().collect();
            for n in names {
                run.close_motion(&n);
            }
        }
        let settled = run.settle();
        run.rejected = result.is_err() || settled.is_err();
        run.refusal = result.err().or(settled.err()).unwrap_or_default();
        run.made = run.tournament.floor().records[before..]
            .iter()
            .filter_map(|r| match r {
                FloorRecord::MoveConfirmed { mv } => Some(move_text(mv)),
                _ => None,
            })
            .collect();
        check_all(s, k + 1, total, &run, &mut failures);
    }
    Report {
        failures,
        hand: None,
        table: None,
    }
}

fn move_text(m: &crate::tournament::Move) -> String {
    format!("{} s{} -> {} s{}", m.from, m.from_seat, m.to, m.to_seat)
}
