//! The floor's one engine: every decision of the TD's floor, made the
//! same way whoever stores the records. A [`Tournament`] is the floor as
//! its records and its tables' journals fold to; [`Tournament::decide`]
//! takes a [`FloorCommand`] (with the house rules it holds, a seed source
//! and the time) and returns the records it decides, or a refusal,
//! changing nothing; [`Tournament::apply`] folds one record. The shape of
//! `session::Table`'s `decide` and `apply`.
//!
//! The storages only read and append: `floor::Desk` keeps the records in
//! PostgreSQL and reads the tables' journals there; the screen's tests and
//! bench keep them in memory (`tui::floor::MemoryDesk`). Neither decides
//! anything (jj's `Backend`: storage replaced, never decisions).
//!
//! Authority. Each table's journal is the authority for its table: its
//! seats, chips and hands; the floor never writes into it. The floor's
//! records are the authority for the floor's decisions: the draws, the
//! moves, the places, hand-for-hand, the clock. The tables read the
//! floor's records and the dealer carries them out, which journals an
//! ordinary session line at the table; the engine sees that in the
//! table's journal (`table_read`). So a move confirmed is an *order*
//! until the origin's journal shows the leave and the destination's the
//! sit.
//!
//! What the tables make due (`FloorCommand::Due`): players out and their
//! places (found in each table's own `places`, placed together per hand by
//! the house's `same-hand-busts`), hand-for-hand rounds as tables finish
//! their hands, a moved player's chips as his leave journaled them, the
//! tables' chain heads anchored, the structure published, the clock
//! stopped at the winner. Every decision is applied only from its record,
//! so a storage opened again on the same records rebuilds the same state.
//!
//! Races. Tables and the floor write at once, so a record that a table
//! acts on names what it is computed from: a hand-for-hand round carries
//! the highest hand number each table may begin; a proposal carries the
//! hand number of every table and is proposed again (`ProposalStale`)
//! when a hand ended since; a draw's inputs (players, tables, empty seats)
//! are published with its commitment, so `floor verify` redoes it from
//! the records alone.

mod deals;
mod decide;
mod due;
mod final_table;
mod fold;
mod money;
mod ops;

use std::collections::{BTreeMap, BTreeSet};

use super::funding::{Buy, Funding, Purchase};
use super::orders::Left;
use super::seeds::SeedSource;
use super::{
    Assignment, DrawPurpose, Floor, FloorRecord, FloorRefusal, FloorTable, Move, Proposal,
};
use crate::rules::HouseRules;
use crate::session::{LevelClock, Structure, Table, TableCommand};
use crate::table::{Chips, Seat};

pub use deals::DealTerms;
pub use decide::Decide;
pub use money::{MoneyView, Registration};
pub use ops::{ClockAction, MESSAGE_MAX};

/// What the TD (or the tables, `Due`) asks of the floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FloorCommand {
    /// Seats players (each with his starting chips) by a draw: the first
    /// draw onto every table, later ones (late entries, alternates,
    /// re-entries) onto the tables playing (TDA 6, 7).
    DrawSeats(Vec<(String, Chips)>),
    /// Proposes the moves that balance the tables.
    Propose,
    /// Confirms the moves proposed.
    Confirm,
    /// Breaks the next table (the final table when the players left fit):
    /// the TD's step.
    BreakNext,
    /// Breaks the table named (`None`: the next in the breaking order)
    /// onto the tables playing, whether or not the final table is due.
    Break(Option<String>),
    /// Makes the final table now (refused while the players left do not
    /// fit it).
    FinalTable,
    /// Draws table's button by a card (Ugly Tuna Seating 6), whatever
    /// the house's `final-button`.
    ButtonDraw(String),
    /// Cancels a player's move confirmed and not yet made.
    CancelMove(String),
    /// Sends a player whose move is not yet made to another seat.
    AmendMove {
        /// The player.
        player: String,
        /// The table.
        to: String,
        /// The seat.
        seat: u8,
    },
    /// Moves a player by hand.
    MovePlayer {
        /// The player.
        player: String,
        /// The table.
        to: String,
        /// The seat.
        seat: u8,
    },
    /// Corrects a player's stack (a player out by mistake returns).
    CorrectStack {
        /// The player.
        player: String,
        /// His stack now.
        chips: u64,
    },
    /// A light table's line keyed from the floor (a room without dealers):
    /// a player out, chip counts or the button (`seat 4 out`, `count s1
    /// 12000`, `button 4`), which the table carries out by itself.
    KeyLight {
        /// The table.
        table: String,
        /// Its line.
        command: TableCommand,
    },
    /// Switches hand-for-hand on or off.
    HandForHand(bool),
    /// Starts, pauses, resumes, adjusts the clock or sets its level.
    Clock(ClockAction),
    /// A player buys an entry or a re-entry (`[money]`): recorded, and
    /// the new entry drawn to a seat once the tables are drawn.
    Buy {
        /// The player.
        player: String,
        /// What he buys.
        buy: Buy,
    },
    /// A deal among the players left (the house's `deals`): worked out
    /// and shown; with `agreed`, recorded.
    Deal {
        /// How the prizes are shared.
        method: crate::tournament::deal::Method,
        /// Kept out of first prize, to play for.
        kept: crate::values::Money,
        /// Every player left agreed to it.
        agreed: bool,
    },
    /// The TD's line for the room's displays (empty: none shown).
    Say(String),
    /// What the tables' journals make due now (nothing when nothing is).
    Due,
}

/// What a decision answers the TD, besides its records.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The seats a draw gave.
    Seats(Vec<Assignment>),
    /// The moves proposed (`None`: the tables are in balance).
    Proposal(Option<Proposal>),
    /// The moves ordered.
    Moves(Vec<Move>),
    /// The one move ordered, cancelled or amended.
    Move(Move),
    /// The correction's record.
    Correction(FloorRecord),
    /// A hand ended since the moves were proposed: they were proposed
    /// again (`None`: the tables are in balance now); nothing confirmed.
    Stale(Option<Proposal>),
    /// A deal worked out (recorded if agreed).
    Deal(DealTerms),
    /// Done.
    Done,
}

/// The records a command decides, in the order they are written, and the
/// answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The records, each to be applied in turn.
    pub records: Vec<FloorRecord>,
    /// What the TD is told.
    pub answer: Answer,
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

/// What the floor reads from a table's journal besides the table itself:
/// its chain's head (anchored in the floor's chain), the starting stacks
/// of the hands it busted players in, and when each player sat down.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableRead {
    /// How many records its journal holds.
    pub records: u64,
    /// The hash of the last of them (hex).
    pub head: String,
    /// Its hands begun.
    pub hands: u32,
    /// The seats of its last hand (a table the floor was not told of).
    pub seats: Option<u8>,
    /// (hand, seat) -> the stack that seat began the hand with, for the
    /// hands of the table's finishes (UPT Tournament 35).
    pub starting_stacks: BTreeMap<(u32, u8), u64>,
    /// Each player's table hand number when he last sat down there.
    pub sat_at: BTreeMap<String, u32>,
}

/// The tournament across its tables, as the floor's records and the
/// tables' journals fold to (see the module's doc).
#[derive(Debug, Clone)]
pub struct Tournament {
    floor: Floor,
    structure: Structure,
    clock: Option<LevelClock>,
    /// Moves confirmed that the tables' journals do not yet show done.
    orders: Vec<(Move, OrderPhase)>,
    /// Every move confirmed, in order.
    confirmed: Vec<Move>,
    /// Tables broken.
    broken: BTreeSet<String>,
    /// Each draw's purpose, from its commitment.
    purposes: BTreeMap<u32, DrawPurpose>,
    /// Hand-for-hand: on, and its last round.
    hand_for_hand: Option<Option<Round>>,
    /// (table, hand) -> the hand-for-hand round it was dealt in.
    rounds: BTreeMap<(String, u32), u32>,
    /// Players the draws seated as entries (seats and late entries).
    entries: u32,
    /// Every seat a late-entry draw gave: promised until its player sits
    /// in it (`due::with_these_orders` holds it for him).
    late_seats: Vec<Assignment>,
    /// Each table's hands begun when the floor last anchored its head.
    anchored: BTreeMap<String, u32>,
    /// Each moved player's last leave the floor has told (`MoveLeft`).
    left: BTreeMap<String, Left>,
    /// The busts the TD undid (`StackCorrected` returning a player):
    /// (player, table, hand). Until the table carries the return out, its
    /// record still has the finish: it is not placed again.
    undone: BTreeSet<(String, String, u32)>,
    /// What each table's journal said besides its table.
    reads: BTreeMap<String, TableRead>,
    /// The tournament's money, as its structure names it.
    funding: Option<Funding>,
    /// Every purchase recorded, in order.
    bought: Vec<Purchase>,
    /// The TD's line for the room, once said (`Said`; None: none).
    message: Option<String>,
}

impl Tournament {
    /// A tournament of `tables` (name, seats), none journaled yet, under
    /// `rules` and one `structure`; tables break in `break_order` (empty:
    /// the last opened first); `keep_apart`: groups the house seats
    /// apart (Ugly Tuna Seating 5).
    pub fn new(
        rules: HouseRules,
        structure: Structure,
        tables: &[(String, u8)],
        break_order: Vec<String>,
        keep_apart: Vec<Vec<String>>,
    ) -> Tournament {
        let tables = tables
            .iter()
            .map(|(name, seats)| empty_table(name, *seats, &structure))
            .collect();
        let mut floor = Floor::new(rules, tables, break_order);
        floor.keep_apart = keep_apart;
        floor.field = 0;
        Tournament {
            floor,
            structure,
            clock: None,
            orders: Vec::new(),
            confirmed: Vec::new(),
            broken: BTreeSet::new(),
            purposes: BTreeMap::new(),
            hand_for_hand: None,
            rounds: BTreeMap::new(),
            entries: 0,
            late_seats: Vec::new(),
            anchored: BTreeMap::new(),
            left: BTreeMap::new(),
            undone: BTreeSet::new(),
            reads: BTreeMap::new(),
            funding: None,
            bought: Vec::new(),
            message: None,
        }
    }

    /// The tournament as having started with `n` tables (UPT Tournament
    /// 18 redraws at three tables only where it started with more than
    /// five), when not all of them are among its tables.
    pub fn with_starting_tables(mut self, n: usize) -> Tournament {
        self.floor.starting_tables = n;
        self
    }

    /// Decides `command` on the floor as it stands: the records to write,
    /// each computed on the floor with the ones before it applied, and the
    /// answer; or a refusal, and nothing is written. Seeds for its draws
    /// come from `seeds`, the time from `now_ms`.
    pub fn decide(
        &self,
        command: &FloorCommand,
        seeds: &dyn SeedSource,
        now_ms: i64,
    ) -> Result<Decision, FloorRefusal> {
        let mut work = Work {
            base: self,
            state: None,
            records: Vec::new(),
            seeds,
            now_ms,
        };
        let answer = match command {
            FloorCommand::DrawSeats(players) => Answer::Seats(work.draw_seats(players)?),
            FloorCommand::Propose => Answer::Proposal(work.propose()?),
            FloorCommand::Confirm => work.confirm()?,
            FloorCommand::BreakNext => Answer::Moves(work.break_next()?),
            FloorCommand::Break(table) => Answer::Moves(work.break_table(table.as_deref())?),
            FloorCommand::FinalTable => Answer::Moves(work.make_final_table()?),
            FloorCommand::ButtonDraw(table) => {
                work.draw_buttons(std::slice::from_ref(table))?;
                Answer::Done
            }
            FloorCommand::CancelMove(player) => Answer::Move(work.cancel_move(player)?),
            FloorCommand::AmendMove { player, to, seat } => {
                Answer::Move(work.amend_move(player, to, *seat)?)
            }
            FloorCommand::MovePlayer { player, to, seat } => {
                Answer::Move(work.move_player(player, to, *seat)?)
            }
            FloorCommand::CorrectStack { player, chips } => {
                Answer::Correction(work.correct_stack(player, *chips)?)
            }
            FloorCommand::KeyLight { table, command } => {
                work.key_light(table, command)?;
                Answer::Done
            }
            FloorCommand::HandForHand(on) => {
                work.set_hand_for_hand(*on)?;
                Answer::Done
            }
            FloorCommand::Clock(action) => {
                work.clock_action(*action)?;
                Answer::Done
            }
            FloorCommand::Buy { player, buy } => work.buy(player, *buy)?,
            FloorCommand::Deal {
                method,
                kept,
                agreed,
            } => work.deal(*method, *kept, *agreed)?,
            FloorCommand::Say(text) => {
                work.say(text)?;
                Answer::Done
            }
            FloorCommand::Due => {
                due::due(&mut work)?;
                Answer::Done
            }
        };
        Ok(Decision {
            records: work.records,
            answer,
        })
    }

    /// Folds one of the floor's records (`decide`'s, or one read back).
    pub fn apply(&mut self, record: FloorRecord) {
        fold::apply(self, record);
        fold::settle(self);
    }

    /// Folds a table's journal read again: `table` is its fold
    /// (`journal::table_of`), `read` the rest the floor needs of it.
    pub fn table_read(&mut self, name: &str, table: Table, read: TableRead) {
        fold::table_read(self, name, table, read);
        fold::settle(self);
    }

    /// The tournament across its tables, as folded.
    pub fn floor(&self) -> &Floor {
        &self.floor
    }

    /// The floor as folded, for a storage that changes a table it reads
    /// (the screen's tests poke it).
    pub fn floor_mut(&mut self) -> &mut Floor {
        &mut self.floor
    }

    /// The floor's one structure.
    pub fn structure(&self) -> &Structure {
        &self.structure
    }

    /// The floor's clock, once set.
    pub fn clock(&self) -> Option<&LevelClock> {
        self.clock.as_ref()
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

    /// The structure the floor published last (its last `StructureSet`).
    pub fn published_structure(&self) -> Option<&Structure> {
        self.floor.records.iter().rev().find_map(|r| match r {
            FloorRecord::StructureSet { structure } => Some(structure),
            _ => None,
        })
    }

    /// The money the floor published last (its last `FundingSet`).
    pub fn published_funding(&self) -> Option<&Funding> {
        self.floor.records.iter().rev().find_map(|r| match r {
            FloorRecord::FundingSet { funding } => Some(&**funding),
            _ => None,
        })
    }

    /// The TD's line for the room as last said (None: none, or cleared).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether the moves pending were computed before a table's hand
    /// ended: `Propose` or `Confirm` computes them again.
    pub fn pending_stale(&self) -> bool {
        self.floor
            .pending
            .as_ref()
            .is_some_and(|p| ops::stale(&p.from_state, &self.floor.states()))
    }
}

/// A decision being made: the tournament with the records decided so far
/// applied (copied at the first record: a command that decides nothing,
/// as `Due` at most refreshes, copies nothing), the records, where seeds
/// come from and the time.
struct Work<'a> {
    base: &'a Tournament,
    state: Option<Tournament>,
    records: Vec<FloorRecord>,
    seeds: &'a dyn SeedSource,
    now_ms: i64,
}

impl Work<'_> {
    /// Decides one record: applied at once, so the next is computed from
    /// it.
    fn write(&mut self, record: &FloorRecord) -> Result<(), FloorRefusal> {
        let base = self.base;
        self.state
            .get_or_insert_with(|| base.clone())
            .apply(record.clone());
        self.records.push(record.clone());
        Ok(())
    }

    /// The seed of the next draw, for `purpose`.
    fn seed(&self, purpose: &DrawPurpose) -> Result<String, FloorRefusal> {
        self.seeds.seed(purpose).map_err(FloorRefusal::Other)
    }
}

impl std::ops::Deref for Work<'_> {
    type Target = Tournament;

    fn deref(&self) -> &Tournament {
        self.state.as_ref().unwrap_or(self.base)
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
