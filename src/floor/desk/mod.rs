//! The TD's floor at run time: a [`Desk`] reads every table of a
//! tournament from the database (a [`FloorReader`] as the floor's role,
//! `fc.<tournament>`) and writes the floor's decisions there as
//! hash-chained [`FloorRecord`]s (`append_floor_record`, a second
//! connection as the same role).
//!
//! Authority. Each table's journal is the authority for its table: its
//! seats, chips and hands; the floor never writes into it. The floor's
//! records are the authority for the floor's decisions: the draws, the
//! moves, the places, hand-for-hand, the clock. The tables read the
//! floor's records and the dealer carries them out, which journals an
//! ordinary session line at the table; the Desk sees that in the table's
//! journal. So a move confirmed is an *order* until the origin's journal
//! shows the leave and the destination's the sit.
//!
//! The fold. `refresh` rebuilds each table whose journal grew from its
//! records (`journal::table_of`, the table's own fold), replays the
//! floor's records it has not applied yet, then writes what the tables'
//! journals make due: players out and their places (found in each
//! table's own `places`, placed together per hand by the house's
//! `same-hand-busts`), and hand-for-hand rounds as tables finish their
//! hands. Every decision is applied only from its record, whether this
//! Desk wrote it a moment ago or another did before a restart, so a Desk
//! opened again on the same database rebuilds the same state.
//!
//! Races. Tables and the floor write at once, so a record that a table
//! acts on names what it is computed from: a hand-for-hand round carries
//! the highest hand number each table may begin; a proposal carries the
//! hand number of every table and is proposed again (`ProposalStale`)
//! when a hand ended since; a draw's inputs (players, tables, empty seats)
//! are published with its commitment, so `floor verify` redoes it from
//! the records alone, without asking what the floor had read when it drew.

mod final_table;
mod fold;
mod ops;
mod seeds;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use postgres::Client;

use super::{
    FloorError, FloorReader, ReaderOptions, ReaderStatus, append_floor_record, connect, floor_role,
};
use crate::journal::Loaded;
use crate::journal::clock::Clock;
use crate::rules::HouseRules;
use crate::session::{LevelClock, Structure, Table};
use crate::table::Seat;
use crate::tournament::{Floor, FloorRecord, FloorRefusal, FloorTable, Move, Proposal};

pub use ops::ClockAction;
pub use seeds::{OsSeeds, SeedSequence, SeedSource};

/// How to open a Desk.
#[derive(Clone)]
pub struct DeskOptions {
    /// The database (its user: the floor's role when it names none).
    pub conninfo: String,
    /// The tournament.
    pub tournament: String,
    /// The house rules (their `tournament` settings decide the floor).
    pub rules: HouseRules,
    /// The floor's one structure: the clock runs over it.
    pub structure: Structure,
    /// The tables, each with its number of seats, in the order opened.
    pub tables: Vec<(String, u8)>,
    /// The order tables break in (UPT Tournament 14); empty: the last
    /// opened first.
    pub break_order: Vec<String>,
    /// Groups of players the house keeps apart (Ugly Tuna Seating 5).
    pub keep_apart: Vec<Vec<String>>,
    /// Where the Desk gets the time (the clock's records).
    pub clock: Arc<dyn Clock>,
    /// Where the Desk's draws get their seeds: the operating system
    /// (`OsSeeds`) at a tournament; a `SeedSequence` to run it exactly
    /// again.
    pub seeds: Arc<dyn SeedSource>,
    /// How often the reader reads every table again, notified or not.
    pub catch_up: Duration,
    /// How long `open` waits for the first reading of the database.
    pub open_wait: Duration,
}

impl fmt::Debug for DeskOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeskOptions")
            .field("conninfo", &super::mask(&self.conninfo))
            .field("tournament", &self.tournament)
            .field("tables", &self.tables)
            .finish_non_exhaustive()
    }
}

impl DeskOptions {
    /// Options with the machine's clock, seeds from the operating system,
    /// a catch-up every 2 s and 10 s to wait for the first reading.
    pub fn new(
        conninfo: &str,
        tournament: &str,
        rules: HouseRules,
        structure: Structure,
        tables: Vec<(String, u8)>,
    ) -> DeskOptions {
        DeskOptions {
            conninfo: conninfo.to_string(),
            tournament: tournament.to_string(),
            rules,
            structure,
            tables,
            break_order: Vec::new(),
            keep_apart: Vec::new(),
            clock: Arc::new(crate::journal::clock::SystemClock),
            seeds: Arc::new(OsSeeds),
            catch_up: Duration::from_secs(2),
            open_wait: Duration::from_secs(10),
        }
    }
}

/// Why the Desk did not do something, in words for the TD.
#[derive(Debug)]
pub enum DeskError {
    /// The floor's rules refuse it.
    Refused(FloorRefusal),
    /// The database failed or refused.
    Floor(FloorError),
    /// A hand ended since the moves were proposed: they were proposed
    /// again (`None`: the tables are in balance now). Confirm again.
    Stale(Option<Proposal>),
}

impl fmt::Display for DeskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeskError::Refused(r) => write!(f, "{r}"),
            DeskError::Floor(e) => write!(f, "{e}"),
            DeskError::Stale(Some(p)) => write!(
                f,
                "A hand ended since the moves were proposed: proposed again ({}). Confirm again.",
                p.moves
                    .iter()
                    .map(Move::text)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            DeskError::Stale(None) => f.write_str(
                "A hand ended since the moves were proposed: the tables are in balance now.",
            ),
        }
    }
}

impl std::error::Error for DeskError {}

impl From<FloorRefusal> for DeskError {
    fn from(r: FloorRefusal) -> DeskError {
        DeskError::Refused(r)
    }
}

impl From<FloorError> for DeskError {
    fn from(e: FloorError) -> DeskError {
        DeskError::Floor(e)
    }
}

/// Where a confirmed move stands, read from the two tables' journals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderPhase {
    /// Still seated at the table he leaves.
    Due,
    /// Left, not yet seated at the other table.
    Left,
}

/// Hand-for-hand as the floor's last round record has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The hand-for-hand hand being played (1 for the first).
    pub round: u32,
    /// The highest hand number each table may begin.
    pub deal: BTreeMap<String, u32>,
    /// The tables still playing (or yet to deal) the round's hand.
    pub waiting: Vec<String>,
}

impl Round {
    /// The line every table shows: "hand-for-hand: hand 12, waiting for
    /// T3, T7".
    pub fn text(&self) -> String {
        if self.waiting.is_empty() {
            format!("hand-for-hand: hand {}, every table done", self.round)
        } else {
            format!(
                "hand-for-hand: hand {}, waiting for {}",
                self.round,
                self.waiting.join(", ")
            )
        }
    }
}

/// The TD's floor at run time (see the module's doc).
pub struct Desk {
    options: DeskOptions,
    reader: FloorReader,
    client: Client,
    floor: Floor,
    clock: Option<LevelClock>,
    /// The reader's version last folded.
    version: u64,
    /// The floor's records applied (the next one's seq).
    applied: usize,
    /// Each table's records folded.
    folded: BTreeMap<String, u64>,
    /// Each table's journal as last read.
    journals: BTreeMap<String, Loaded>,
    /// Moves confirmed that the tables' journals do not yet show done.
    orders: Vec<(Move, OrderPhase)>,
    /// Every move confirmed, in order.
    confirmed: Vec<Move>,
    /// Tables broken.
    broken: BTreeSet<String>,
    /// Each draw's purpose, from its commitment.
    purposes: BTreeMap<u32, crate::tournament::DrawPurpose>,
    /// Hand-for-hand: on, and its last round.
    hand_for_hand: Option<Option<Round>>,
    /// (table, hand) -> the hand-for-hand round it was dealt in.
    rounds: BTreeMap<(String, u32), u32>,
    /// Players the draws seated as entries (seats and late entries).
    entries: u32,
    /// Each table's hands begun when the floor last anchored its head.
    anchored: BTreeMap<String, u32>,
    /// Each moved player's last leave the floor has told (`MoveLeft`).
    left: BTreeMap<String, crate::tournament::orders::Left>,
    /// The busts the TD undid (`StackCorrected` returning a player):
    /// (player, table, hand). Until the table carries the return out, its
    /// record still has the finish: it is not placed again.
    undone: BTreeSet<(String, String, u32)>,
    /// What could not be read (a table's journal, a floor record).
    problems: Vec<String>,
    /// Whether the reader has read the database at least once.
    caught_up: bool,
    /// The floor's writes cannot reach the database: since when (local
    /// `HH:MM`) and why. Cleared by the next write that succeeds.
    write_down: Option<(String, String)>,
}

impl fmt::Debug for Desk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Desk")
            .field("tournament", &self.options.tournament)
            .field("applied", &self.applied)
            .finish_non_exhaustive()
    }
}

impl Desk {
    /// Connects (as the floor's role), starts the reader, waits for its
    /// first reading (up to `open_wait`) and folds it.
    pub fn open(options: DeskOptions) -> Result<Desk, FloorError> {
        let role = floor_role(&options.tournament);
        let mut client = connect(&options.conninfo, Some(&role))?;
        crate::floor::schema::check_floor_may_read(&mut client)?;
        let mut reading = ReaderOptions::new(&options.conninfo, &options.tournament);
        reading.catch_up = options.catch_up;
        reading.retry = Duration::from_millis(200);
        let reader = FloorReader::start(reading)?;
        let tables = options
            .tables
            .iter()
            .map(|(name, seats)| empty_table(name, *seats, &options.structure))
            .collect();
        let mut floor = Floor::new(options.rules.clone(), tables, options.break_order.clone());
        floor.keep_apart = options.keep_apart.clone();
        floor.field = 0;
        let mut desk = Desk {
            options,
            reader,
            client,
            floor,
            clock: None,
            version: 0,
            applied: 0,
            folded: BTreeMap::new(),
            journals: BTreeMap::new(),
            orders: Vec::new(),
            confirmed: Vec::new(),
            broken: BTreeSet::new(),
            purposes: BTreeMap::new(),
            hand_for_hand: None,
            rounds: BTreeMap::new(),
            entries: 0,
            left: BTreeMap::new(),
            undone: BTreeSet::new(),
            anchored: BTreeMap::new(),
            problems: Vec::new(),
            caught_up: false,
            write_down: None,
        };
        let start = Instant::now();
        while desk.reader.state().catch_ups == 0 && start.elapsed() < desk.options.open_wait {
            std::thread::sleep(Duration::from_millis(10));
        }
        desk.refresh();
        Ok(desk)
    }

    /// Folds what the reader has read since; writes the records it makes
    /// due (places, hand-for-hand rounds). True if anything changed.
    pub fn refresh(&mut self) -> bool {
        fold::refresh(self)
    }

    /// The tournament across its tables, as folded.
    pub fn floor(&self) -> &crate::tournament::Floor {
        &self.floor
    }

    /// The floor's clock, once set.
    pub fn clock(&self) -> Option<&LevelClock> {
        self.clock.as_ref()
    }

    /// The floor's structure.
    pub fn structure(&self) -> &Structure {
        &self.options.structure
    }

    /// The time now, from the clock given.
    pub fn now_ms(&self) -> i64 {
        self.options.clock.now().unix_ms
    }

    /// Whether the floor reads and writes the database: the reader's
    /// state, or offline while the floor's writes cannot reach it (the
    /// header never says "live" when a decision could not be written).
    pub fn status(&self) -> ReaderStatus {
        match (self.reader.state().status.clone(), &self.write_down) {
            (ReaderStatus::Live, Some((since, why))) => ReaderStatus::Offline {
                since: since.clone(),
                why: format!("the floor's records cannot be written: {why}"),
            },
            (status, _) => status,
        }
    }

    /// The forks the database recorded: table (`None`: the floor's), seq.
    pub fn forks(&self) -> Vec<(Option<String>, i64)> {
        self.reader.state().forks.clone()
    }

    /// A table's journal as last read.
    pub fn journal(&self, table: &str) -> Option<Loaded> {
        self.journals.get(table).cloned()
    }

    /// How many of a table's records the Desk has folded (0: none yet).
    pub fn table_records(&self, table: &str) -> u64 {
        self.folded.get(table).copied().unwrap_or(0)
    }

    /// The moves confirmed that the tables have not yet carried out, and
    /// where each stands.
    pub fn orders(&self) -> &[(Move, OrderPhase)] {
        &self.orders
    }

    /// Every move confirmed, in order.
    pub fn confirmed(&self) -> &[Move] {
        &self.confirmed
    }

    /// The tables broken.
    pub fn broken(&self) -> &BTreeSet<String> {
        &self.broken
    }

    /// Hand-for-hand: `None` off; `Some(None)` on with no round yet.
    pub fn hand_for_hand(&self) -> Option<Option<&Round>> {
        self.hand_for_hand.as_ref().map(Option::as_ref)
    }

    /// The moves proposed and not yet confirmed.
    pub fn pending(&self) -> Option<&Proposal> {
        self.floor.pending.as_ref()
    }

    /// Whether the moves pending were computed before a table's hand
    /// ended: `propose` or `confirm` computes them again.
    pub fn pending_stale(&self) -> bool {
        self.floor
            .pending
            .as_ref()
            .is_some_and(|p| ops::stale(&p.from_state, &self.floor.states()))
    }

    /// What could not be read (a table's journal, a floor record), as
    /// sentences.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The next draw's seed, from the seed source given.
    fn seed(&self) -> Result<String, DeskError> {
        self.options
            .seeds
            .seed()
            .map_err(|why| DeskError::Refused(FloorRefusal::Other(why)))
    }

    /// Writes one record to the floor's chain; applies it at once when it
    /// is the next one this Desk has (else the reader brings it).
    fn write(&mut self, record: &FloorRecord) -> Result<(), DeskError> {
        let json = serde_json::to_string(record)
            .map_err(|e| FloorError::Io(format!("writing a floor record: {e}")))?;
        let row = match self.append(&json) {
            Ok(row) => {
                self.write_down = None;
                row
            }
            Err(e) => {
                if self.client.is_closed() && self.write_down.is_none() {
                    let since = chrono::Local::now().format("%H:%M").to_string();
                    self.write_down = Some((since, e.to_string()));
                }
                return Err(e.into());
            }
        };
        if row.seq == self.applied as i64 {
            fold::apply(self, record.clone());
            self.applied += 1;
            fold::settle(self);
        }
        Ok(())
    }
}

impl Desk {
    /// Appends one record to the floor's chain; a connection the database
    /// closed (it restarted) is opened again first, as the reader and the
    /// tables' links reconnect by themselves. A record whose append failed
    /// was not committed (one transaction), so it is simply written again.
    fn append(&mut self, json: &str) -> Result<super::Row, FloorError> {
        let reconnect = |desk: &mut Desk| -> Result<(), FloorError> {
            let role = floor_role(&desk.options.tournament);
            desk.client = connect(&desk.options.conninfo, Some(&role))?;
            Ok(())
        };
        if self.client.is_closed() {
            reconnect(self)?;
        }
        match append_floor_record(&mut self.client, &self.options.tournament, json) {
            Err(_) if self.client.is_closed() => {
                reconnect(self)?;
                append_floor_record(&mut self.client, &self.options.tournament, json)
            }
            done => done,
        }
    }
}

/// A table nobody has journaled yet: its seats, all empty.
fn empty_table(name: &str, seats: u8, structure: &Structure) -> FloorTable {
    FloorTable {
        name: name.to_string(),
        seats,
        table: Table::new(Seat::from_index(0), structure.clone(), Vec::new()),
    }
}
