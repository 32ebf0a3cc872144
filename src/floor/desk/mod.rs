//! The TD's floor at run time: a [`Desk`] reads every table of a
//! tournament from the database (a [`FloorReader`] as the floor's role,
//! `fc.<tournament>`) and appends the floor's decisions there as
//! hash-chained [`FloorRecord`]s (`append_floor_record`, a second
//! connection as the same role). It is storage only: every decision is
//! the engine's (`tournament::Tournament::decide`), every record read or
//! written is folded by the engine's `apply`, so a Desk opened again on
//! the same database rebuilds the same state; the in-memory desk of the
//! screen's tests runs the same engine (see `tournament::engine` for the
//! authority of tables and floor, and the races).

mod fold;

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
use crate::session::{LevelClock, Structure};
use crate::tournament::funding::Funding;
use crate::tournament::seeds::{OsSeeds, SeedSource};
use crate::tournament::{
    Answer, Decision, Floor, FloorCommand, FloorRecord, FloorRefusal, Move, OrderPhase, Proposal,
    Round, Tournament,
};

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
    /// The tournament's money (the structure file's `[money]`; None: it
    /// has none), published in the floor's records (`FundingSet`).
    pub funding: Option<Funding>,
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
            funding: None,
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

/// The TD's floor at run time (see the module's doc).
pub struct Desk {
    options: DeskOptions,
    reader: FloorReader,
    /// The writing connection (None: a desk that only reads, `watch`).
    client: Option<Client>,
    /// The floor as its records and the tables' journals fold.
    tournament: Tournament,
    /// The reader's version last folded.
    version: u64,
    /// The floor's records applied (the next one's seq).
    applied: usize,
    /// Each table's records folded.
    folded: BTreeMap<String, u64>,
    /// Each table's journal as last read.
    journals: BTreeMap<String, Loaded>,
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
        Desk::start(options, Some(client))
    }

    /// A Desk that only reads (the room's page): the reader alone, as the
    /// floor's role; it folds every record as `open`'s does and writes
    /// nothing, not even what the tables make due (the TD's Desk writes
    /// that, and this one reads it back). It folds with the structure and
    /// the money the floor published, whatever `options` say.
    pub fn watch(options: DeskOptions) -> Result<Desk, FloorError> {
        Desk::start(options, None)
    }

    /// Starts the reader, waits for its first reading (up to
    /// `open_wait`) and folds it.
    fn start(options: DeskOptions, client: Option<Client>) -> Result<Desk, FloorError> {
        let mut reading = ReaderOptions::new(&options.conninfo, &options.tournament);
        reading.catch_up = options.catch_up;
        reading.retry = Duration::from_millis(200);
        let reader = FloorReader::start(reading)?;
        let tournament = fresh(&options);
        let mut desk = Desk {
            options,
            reader,
            client,
            tournament,
            version: 0,
            applied: 0,
            folded: BTreeMap::new(),
            journals: BTreeMap::new(),
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
    pub fn floor(&self) -> &Floor {
        self.tournament.floor()
    }

    /// The tournament as the engine folds it.
    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// The floor's clock, once set.
    pub fn clock(&self) -> Option<&LevelClock> {
        self.tournament.clock()
    }

    /// The floor's structure.
    pub fn structure(&self) -> &Structure {
        &self.options.structure
    }

    /// Where the Desk gets the time (`DeskOptions::clock`).
    pub fn clock_source(&self) -> Arc<dyn Clock> {
        self.options.clock.clone()
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
        self.tournament.orders()
    }

    /// Every move confirmed, in order.
    pub fn confirmed(&self) -> &[Move] {
        self.tournament.confirmed()
    }

    /// The tables broken.
    pub fn broken(&self) -> &BTreeSet<String> {
        self.tournament.broken()
    }

    /// Hand-for-hand: `None` off; `Some(None)` on with no round yet.
    pub fn hand_for_hand(&self) -> Option<Option<&Round>> {
        self.tournament.hand_for_hand()
    }

    /// The moves proposed and not yet confirmed.
    pub fn pending(&self) -> Option<&Proposal> {
        self.floor().pending.as_ref()
    }

    /// Whether the moves pending were computed before a table's hand
    /// ended: `propose` or `confirm` computes them again.
    pub fn pending_stale(&self) -> bool {
        self.tournament.pending_stale()
    }

    /// What could not be read (a table's journal, a floor record), as
    /// sentences.
    pub fn problems(&self) -> &[String] {
        &self.problems
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
                if self.client.as_ref().is_some_and(Client::is_closed) && self.write_down.is_none()
                {
                    let since = chrono::Local::now().format("%H:%M").to_string();
                    self.write_down = Some((since, e.to_string()));
                }
                return Err(e.into());
            }
        };
        if row.seq == self.applied as i64 {
            self.tournament.apply(record.clone());
            self.applied += 1;
        }
        Ok(())
    }
}

impl Desk {
    /// A Desk that only reads folds with the structure and the money the
    /// floor published (its last `StructureSet` and `FundingSet`), not
    /// with the ones it was opened with: when they differ, it takes them
    /// and folds everything again (true). The TD's Desk publishes its own.
    fn adopt_published(&mut self) -> bool {
        if self.writes() {
            return false;
        }
        let structure = self
            .tournament
            .published_structure()
            .filter(|s| **s != self.options.structure)
            .cloned();
        let funding = self
            .tournament
            .published_funding()
            .filter(|f| Some(*f) != self.options.funding.as_ref())
            .cloned();
        if structure.is_none() && funding.is_none() {
            return false;
        }
        if let Some(structure) = structure {
            self.options.structure = structure;
        }
        if let Some(funding) = funding {
            self.options.funding = Some(funding);
        }
        self.tournament = fresh(&self.options);
        self.version = 0;
        self.applied = 0;
        self.folded.clear();
        self.journals.clear();
        self.problems.clear();
        true
    }

    /// Whether this Desk writes the floor's records (`open`), or only
    /// reads them (`watch`).
    pub fn writes(&self) -> bool {
        self.client.is_some()
    }

    /// Appends one record to the floor's chain; a connection the database
    /// closed (it restarted) is opened again first, as the reader and the
    /// tables' links reconnect by themselves. A record whose append failed
    /// was not committed (one transaction), so it is simply written again.
    fn append(&mut self, json: &str) -> Result<super::Row, FloorError> {
        let Some(client) = &mut self.client else {
            return Err(FloorError::Refused(
                "This floor only reads (the room's page): it writes no record.".into(),
            ));
        };
        let role = floor_role(&self.options.tournament);
        if client.is_closed() {
            *client = connect(&self.options.conninfo, Some(&role))?;
        }
        match append_floor_record(client, &self.options.tournament, json) {
            Err(_) if client.is_closed() => {
                *client = connect(&self.options.conninfo, Some(&role))?;
                append_floor_record(client, &self.options.tournament, json)
            }
            done => done,
        }
    }
}

/// The tournament as `options` open it, nothing folded yet.
fn fresh(options: &DeskOptions) -> Tournament {
    let tournament = Tournament::new(
        options.rules.clone(),
        options.structure.clone(),
        &options.tables,
        options.break_order.clone(),
        options.keep_apart.clone(),
    );
    match options.funding.clone() {
        Some(funding) => tournament.with_funding(funding),
        None => tournament,
    }
}

/// What the TD does at the Desk: each step the engine's decision
/// (`Decide`'s provided steps), its records written in order.
impl crate::tournament::Decide for Desk {
    type Error = DeskError;

    fn decide(&mut self, command: &FloorCommand) -> Result<Answer, DeskError> {
        let now = self.now_ms();
        let Decision { records, answer } =
            self.tournament
                .decide(command, self.options.seeds.as_ref(), now)?;
        for record in &records {
            self.write(record)?;
        }
        Ok(answer)
    }

    fn stale(proposal: Option<Proposal>) -> DeskError {
        DeskError::Stale(proposal)
    }
}
