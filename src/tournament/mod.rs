//! The floor: a tournament's tables seen together, and the floor's
//! decisions across them (the seat draw, balancing, breaking, the final
//! table, hand-for-hand, places for players out in one hand). Every
//! decision is the engine's (`engine`: `Tournament::decide` and `apply`),
//! whatever stores its records: the database's desk, the one in memory
//! and the scenario runner all call it.
//!
//! Each table is a `session::Table` folded from its own events: the floor
//! computes from each table's live button and blinds, never from a copy
//! the TD keys. [`Floor`] is the floor's state as the engine folds it and
//! the pure questions asked of it (`propose`, `seat_plan`, `break_onto`,
//! `places`), which change nothing. A decision is written as records
//! (`FloorRecord`, a serde type the database stores as JSON); a move is
//! an order that the two tables carry out with the lines a dealer would
//! key (`seat 3 leave`, `seat 7 sit 24000 Ann`), so each table's own
//! record stays whole (`orders`). No I/O, no clock, no database:
//! randomness comes from a seed (`draw`, `seeds`), time from the caller.
//!
//! The house settings it applies are `rules::tournament`, each with its
//! citation; the files: `draw` (seeds and the generator), `balance` (who
//! moves, when, from which table), `breaking` (a table broken, the final
//! table, redraws, the button drawn), `places` (busts and hand-for-hand),
//! `audit` (each draw redone from its published seed and inputs), `deal`
//! (a deal among the players left: ICM, chip chop, even chop), `payouts`
//! (the prizes from the pool by the house's payout table).

pub mod audit;
pub mod balance;
pub mod board;
pub mod breaking;
pub mod deal;
pub mod draw;
pub mod engine;
pub mod funding;
pub mod league;
pub mod money_audit;
pub mod orders;
pub mod payouts;
pub mod places;
pub mod results;
pub mod room;
pub mod seating;
pub mod seeds;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::HouseRules;
use crate::session::{Table, TableRefusal};
use crate::table::{Card, Chips, Seat};

pub use balance::{Move, Proposal, TableState};
pub use engine::{
    Answer, ClockAction, DealTerms, Decide, Decision, FloorCommand, OrderPhase, Round, TableRead,
    Tournament,
};
pub use places::{Bust, HandForHand};
pub use seating::{SeatingInputs, SeatingTable};

/// One table of the tournament: its name, its seats and its state.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorTable {
    /// The name (`T1`).
    pub name: String,
    /// How many seats it has (seats 1 to `seats`).
    pub seats: u8,
    /// The table between and during hands, from its events.
    pub table: Table,
}

impl FloorTable {
    /// The players with chips: (seat, name, chips).
    pub fn players(&self) -> Vec<(Seat, String, Chips)> {
        self.table
            .seats
            .iter()
            .filter(|(_, p)| !p.chips.is_zero() && !p.placed)
            .map(|(s, p)| (*s, p.name.clone(), p.chips))
            .collect()
    }

    /// The seats holding a stack placed for a late entrant (UPT
    /// Tournament 6), lowest first.
    pub fn placed_seats(&self) -> Vec<Seat> {
        self.table
            .seats
            .iter()
            .filter(|(_, p)| p.placed)
            .map(|(s, _)| *s)
            .collect()
    }

    /// The empty seats, lowest first.
    pub fn empty_seats(&self) -> Vec<Seat> {
        (1..=self.seats)
            .filter_map(Seat::new)
            .filter(|s| !self.table.seats.contains_key(s))
            .collect()
    }
}

/// A light table's line the TD keys from the floor (`FloorRecord::LightKeyed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LightLine {
    /// The player in `seat` is out (`seat 4 out`).
    Out {
        /// His seat.
        seat: u8,
        /// The player there as the TD keyed it.
        player: String,
    },
    /// Chip counts (`count s1 12000 s3 8000`).
    Count {
        /// Seat and chips, as counted.
        counts: Vec<(u8, u64)>,
        /// The counts the table had journaled as the floor read it: the
        /// next one carries this out.
        after: u32,
    },
    /// The button's seat (`button 4`).
    Button {
        /// The seat.
        seat: u8,
        /// The table's last hand as the floor read it.
        after_hand: u32,
    },
}

/// A player seated by a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    /// The player.
    pub player: String,
    /// The table.
    pub table: String,
    /// The seat number.
    pub seat: u8,
    /// The chips he sits with (a new entry's starting stack, a moved
    /// player's own chips).
    #[serde(default)]
    pub chips: u64,
}

/// What a draw was for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawPurpose {
    /// The first seats.
    Seats,
    /// Late entries, alternates or re-entries.
    LateEntry,
    /// A broken table's players (two steps: table, then seat).
    Break {
        /// The table broken.
        table: String,
    },
    /// A balancing move chosen at random.
    Balance,
    /// A redraw of every seat (the final table, UPT Tournament 18).
    Redraw,
    /// The button of a table, by a card to each player.
    Button {
        /// The table.
        table: String,
    },
}

/// Everything the floor decides, as it is stored (JSON through serde).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FloorRecord {
    /// Published before a draw: what it is for and the SHA-256 of its seed.
    DrawCommitted {
        /// The draw's number in the tournament.
        draw: u32,
        /// What it is for.
        purpose: DrawPurpose,
        /// `draw::commitment(seed)`.
        commitment: String,
        /// What a seat draw is made from, published with the commitment
        /// so anyone can redo the draw from the seed alone (`seating`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seating: Option<SeatingInputs>,
    },
    /// After the draw: the seed and what it gave, so anyone can redo it.
    DrawRevealed {
        /// The draw's number.
        draw: u32,
        /// The seed.
        seed: String,
        /// The seats it gave.
        seats: Vec<Assignment>,
    },
    /// Moves the floor proposes, with the table state they come from.
    MovesProposed {
        /// The proposal.
        proposal: Proposal,
    },
    /// A move the TD confirmed and the tables made.
    MoveConfirmed {
        /// The move.
        mv: Move,
    },
    /// A moved player has left the table he moves from: the floor read his
    /// leave in that table's journal and tells the table he goes to the
    /// chips he took (never a figure from before his last hand there).
    MoveLeft {
        /// The player.
        player: String,
        /// The table he left.
        table: String,
        /// The seat he left.
        seat: u8,
        /// The chips his leave journaled.
        chips: u64,
        /// The table's last hand begun when he left.
        hand: u32,
    },
    /// The TD cancelled a move confirmed and not yet made: the player
    /// stays where he is (a move whose leave is journaled is amended
    /// instead, by a new `MoveConfirmed` from the same seat).
    MoveCancelled {
        /// The player.
        player: String,
        /// The table he was to leave.
        table: String,
    },
    /// The TD's correction of a stack (a miscount found later): the table
    /// carries it out (`seat 3 correct 1200`, `F`), journaled there as
    /// the floor's correction. With `returns`, a player out by mistake
    /// (his bust in that hand of the table's) is back in play: his place
    /// is taken back, and he returns to his empty seat with the chips.
    StackCorrected {
        /// The player.
        player: String,
        /// His table.
        table: String,
        /// His seat there.
        seat: u8,
        /// His stack now.
        chips: u64,
        /// The stack the TD corrected (0 for a player returning): a hand
        /// his table plays before it carries the correction out keeps its
        /// result, the correction applied as `chips - was` on top. None in
        /// a record of the release that wrote none (the morning of
        /// 2026-11-28): its order set the stack to `chips`, as then.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        was: Option<u64>,
        /// The hand of the bust undone (None: he is in play, his stack
        /// set).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        returns: Option<u32>,
    },
    /// The TD keyed a light table's line from the floor (a room without
    /// dealers: nobody keys at the table): the table carries it out by
    /// itself, journaled there as its own line (`seat 4 out`, `count s1
    /// 12000 s3 8000`, `button 4`).
    LightKeyed {
        /// The table.
        table: String,
        /// What the table keys.
        line: LightLine,
    },
    /// Tables' chain heads as the floor read them (written as their hands
    /// end): anchored in the floor's own chain, so a table's record
    /// rewritten after the floor read it, every later hash recomputed,
    /// no longer matches (`floor verify`).
    TablesAnchored {
        /// Each table anchored now.
        heads: Vec<Anchor>,
    },
    /// A proposal that a hand's end made stale before the TD confirmed it.
    ProposalStale {
        /// The state it came from.
        was: Vec<TableState>,
        /// The state now.
        now: Vec<TableState>,
    },
    /// A table broken: its players' moves follow as `MoveConfirmed`.
    TableBroken {
        /// The table.
        table: String,
    },
    /// The button drawn by a card to each player (Ugly Tuna Seating 6).
    ButtonDrawn {
        /// The table.
        table: String,
        /// The cards dealt, seat by seat.
        cards: Vec<(u8, Card)>,
        /// The seat with the highest card: the button.
        button: u8,
        /// The table's last hand when the button was drawn: the table
        /// carries the order out (`button 4`) after it, before its next
        /// hand. None in records written before it was kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand: Option<u32>,
    },
    /// A player out, with his place.
    PlayerOut {
        /// The bust.
        bust: Bust,
    },
    /// Places given again (a bust undone, or placed with others of its
    /// hand): a new record that corrects, never an edit.
    PlacesCorrected {
        /// The players and their places now (0: back in play).
        places: Vec<(String, u32)>,
    },
    /// Hand-for-hand switched on or off.
    HandForHandSet {
        /// On or off.
        on: bool,
    },
    /// Hand-for-hand across real tables: what each table may deal. A
    /// table may begin its hand number `h` only while `deal[table] >= h`;
    /// `waiting` are the tables that have not yet finished the round's
    /// hand (a table offline stays in it and keeps the others waiting).
    /// The floor writes one when a round opens (every table's `deal` one
    /// past its last hand, all of them waiting) and again as each table
    /// finishes; every table shows "hand-for-hand: hand {round}, waiting
    /// for T3, T7" from it.
    HandForHandRound {
        /// The hand-for-hand hand being played (1 for the first).
        round: u32,
        /// The highest hand number each table may begin.
        deal: BTreeMap<String, u32>,
        /// The tables still playing (or yet to deal) the round's hand.
        waiting: Vec<String>,
    },
    /// The floor's one structure (its levels and breaks), written when the
    /// Desk opens the tournament and again when it is opened with another:
    /// every table with `--floor` follows it (`structure ...`, journaled),
    /// a level applying at each table's next hand (TDA 22). The clock's
    /// stages are this structure's. A record of its own, not a part of
    /// `ClockSet`: it is there before the clock starts, and it changes
    /// rarely while the clock is written at every pause.
    StructureSet {
        /// The structure.
        structure: crate::session::Structure,
    },
    /// The tournament's money as its structure names it (issue 35),
    /// written when the Desk opens the tournament and again when it is
    /// opened with other money, as `StructureSet`: the purchases after it
    /// are checked against it (`floor verify`).
    FundingSet {
        /// What is sold and how the pool is paid (boxed: the largest of
        /// the records, and one of the rarest).
        funding: Box<funding::Funding>,
    },
    /// A player paid for an entry, a re-entry, a rebuy or an add-on: what
    /// he paid, what the house kept, the chips. A new entry's seat
    /// follows by a draw.
    Bought {
        /// The purchase.
        purchase: funding::Purchase,
    },
    /// A deal every player left agreed to: the method, the players with
    /// their stacks, each one's share and what was kept for the winner.
    DealMade {
        /// Its terms.
        deal: engine::DealTerms,
    },
    /// The TD's line for the room (`say TEXT`): every display of the room
    /// shows it until another replaces it; an empty one clears it.
    Said {
        /// What the TD typed (empty: no message).
        text: String,
    },
    /// The floor's one clock, whole, after the TD started, paused,
    /// resumed or adjusted it or set a level: every table follows it, a
    /// level applying at each table's next hand (TDA 22).
    ClockSet {
        /// The clock over the floor's structure.
        clock: crate::session::LevelClock,
    },
}

/// A table's chain head as the floor read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anchor {
    /// The table.
    pub table: String,
    /// How many of its records the floor had read.
    pub records: u64,
    /// The hash of the last of them (hex).
    pub head: String,
    /// Its hands begun then.
    pub hands: u32,
}

/// Why the floor will not do something, in words for the TD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FloorRefusal {
    /// No table by that name.
    NoTable(String),
    /// A table is in a hand and the step needs it between hands.
    InHand {
        /// The table.
        table: String,
        /// Its hand number.
        hand: u32,
    },
    /// Nothing to confirm.
    NothingProposed,
    /// A table refused the line the floor gave it.
    Table {
        /// The table.
        table: String,
        /// Why.
        refusal: TableRefusal,
    },
    /// The step makes no sense now (a sentence why).
    Other(String),
}

impl fmt::Display for FloorRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloorRefusal::NoTable(t) => write!(f, "There is no table {t}."),
            FloorRefusal::InHand { table, hand } => write!(
                f,
                "{table} is playing hand {hand}: the move is made when it ends."
            ),
            FloorRefusal::NothingProposed => f.write_str("No move is proposed."),
            FloorRefusal::Table { table, refusal } => write!(f, "{table}: {refusal}"),
            FloorRefusal::Other(s) => f.write_str(s),
        }
    }
}

/// The tournament across its tables.
#[derive(Debug, Clone)]
pub struct Floor {
    /// The house rules (its `tournament` settings decide the floor).
    pub rules: HouseRules,
    /// The tables, in the order they were opened.
    pub tables: Vec<FloorTable>,
    /// The order tables break in, fixed in advance (UPT Tournament 14):
    /// the first is next.
    pub break_order: Vec<String>,
    /// Groups of players the house keeps apart (Ugly Tuna Seating 5).
    pub keep_apart: Vec<Vec<String>>,
    /// Each moved player's table and the hand it had when he arrived.
    pub moved: BTreeMap<String, (String, u32)>,
    /// How many tables the tournament started with (UPT Tournament 18).
    pub starting_tables: usize,
    /// The players who entered (re-entries included): the places count
    /// down from it.
    pub field: u32,
    /// Players out, in the order they were placed.
    pub busts: Vec<Bust>,
    /// Hand-for-hand play, when on.
    pub hand_for_hand: Option<HandForHand>,
    /// The moves proposed and not yet confirmed.
    pub pending: Option<Proposal>,
    /// Everything decided, in order.
    pub records: Vec<FloorRecord>,
    /// Draws made so far.
    pub draws: u32,
}

impl Floor {
    /// A floor over `tables` (the break order: as given, else the tables
    /// from the last opened back to the first).
    pub fn new(rules: HouseRules, tables: Vec<FloorTable>, break_order: Vec<String>) -> Floor {
        let break_order = if break_order.is_empty() {
            tables.iter().rev().map(|t| t.name.clone()).collect()
        } else {
            break_order
        };
        let field = tables.iter().map(|t| t.players().len() as u32).sum();
        Floor {
            rules,
            starting_tables: tables.len(),
            tables,
            break_order,
            keep_apart: Vec::new(),
            moved: BTreeMap::new(),
            field,
            busts: Vec::new(),
            hand_for_hand: None,
            pending: None,
            records: Vec::new(),
            draws: 0,
        }
    }

    /// The table named `name`.
    pub fn table(&self, name: &str) -> Result<&FloorTable, FloorRefusal> {
        self.tables
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| FloorRefusal::NoTable(name.to_string()))
    }

    fn table_mut(&mut self, name: &str) -> Result<&mut FloorTable, FloorRefusal> {
        self.tables
            .iter_mut()
            .find(|t| t.name == name)
            .ok_or_else(|| FloorRefusal::NoTable(name.to_string()))
    }

    /// The tables still playing (with a player), in the order opened.
    pub fn live_tables(&self) -> Vec<&FloorTable> {
        self.tables
            .iter()
            .filter(|t| !t.players().is_empty())
            .collect()
    }

    /// Players still in, at every table.
    pub fn players_left(&self) -> usize {
        self.tables.iter().map(|t| t.players().len()).sum()
    }

    /// The next table to break, if any is left to break (the last table
    /// playing never is).
    pub fn next_to_break(&self) -> Option<&str> {
        if self.live_tables().len() < 2 {
            return None;
        }
        self.break_order
            .iter()
            .find(|n| self.table(n).is_ok_and(|t| !t.players().is_empty()))
            .map(String::as_str)
    }

    /// Whether `player` may sit at `table` with the players there now (no
    /// one the house keeps apart from him: Ugly Tuna Seating 5).
    pub fn may_sit(&self, player: &str, at: &[String]) -> bool {
        seating::may_sit(&self.keep_apart, player, at)
    }

    /// The next draw's number and its commitment record, for `seed`.
    fn commit(&mut self, purpose: DrawPurpose, seed: &str) -> u32 {
        self.draws += 1;
        self.records.push(FloorRecord::DrawCommitted {
            draw: self.draws,
            purpose,
            commitment: draw::commitment(seed),
            seating: None,
        });
        self.draws
    }

    /// Where a draw from `seed` seats `players` at the tables `onto`,
    /// changing nothing (`SeatingInputs::plan`: two steps, table then
    /// seat, TDA 9; TDA 6, 7; Ugly Tuna Seating 5).
    pub fn seat_plan(
        &self,
        players: &[(String, Chips)],
        seed: &str,
        onto: &[String],
    ) -> Result<Vec<Assignment>, FloorRefusal> {
        self.seating_inputs(players, onto)?.plan(seed)
    }

    /// What a draw seating `players` at the tables `onto` is made from,
    /// as the tables are now.
    pub fn seating_inputs(
        &self,
        players: &[(String, Chips)],
        onto: &[String],
    ) -> Result<SeatingInputs, FloorRefusal> {
        // A late entrant takes a stack placed for him first (UPT
        // Tournament 6), while there are enough for everyone drawn.
        let placed = onto
            .iter()
            .map(|n| self.table(n).map(|t| t.placed_seats().len()))
            .sum::<Result<usize, _>>()?;
        let to_placed = placed >= players.len();
        let mut tables = Vec::new();
        for n in onto {
            let t = self.table(n)?;
            let open = if to_placed {
                t.placed_seats()
            } else {
                t.empty_seats()
            };
            tables.push(SeatingTable {
                table: n.clone(),
                players: t.players().into_iter().map(|p| p.1).collect(),
                empty: open.iter().map(|s| s.number()).collect(),
            });
        }
        Ok(SeatingInputs {
            players: players.iter().map(|(p, c)| (p.clone(), c.get())).collect(),
            tables,
            keep_apart: self.keep_apart.clone(),
        })
    }
}
