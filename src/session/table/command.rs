//! What comes into the table between hands: a `TableCommand` (a session
//! line such as `hand`, `seat 7 sit 10000 Ann`, `level 200/400 ante 50`,
//! `clock s4`, parsed by `notation`), and what goes back out when `decide`
//! will not take it: a `TableRefusal`, in words for the dealer.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::session::structure::{Blinds, Structure};
use crate::table::{Card, Chips, Seat, Street};
use crate::values::money::Buy;

/// A line for the table between hands (or about the clocks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableCommand {
    /// `hand`: the next hand starts.
    NextHand,
    /// `level 200/400 ante 50`: the blinds for the next hand.
    SetLevel(Blinds),
    /// `seat 7 sit 10000 Ann`: a player takes an empty seat.
    Sit {
        /// The seat.
        seat: Seat,
        /// Starting chips.
        chips: Chips,
        /// The name.
        name: String,
    },
    /// `seat 7 place 10000`: a starting stack placed in an unsold seat for
    /// a late entrant, dealt in and posting its blinds and antes until one
    /// takes it (`seat 7 sit 10000 Eve`) or the TD has it removed (`seat 7
    /// no-show`), where the house's `late-entry` allows it (UPT Tournament 6).
    Place {
        /// The seat.
        seat: Seat,
        /// The starting stack.
        chips: Chips,
    },
    /// `seat 3 leave`: a player leaves with his chips (moved to another table).
    Leave(Seat),
    /// `seat 3 away`.
    Away(Seat),
    /// `seat 3 back`.
    Back(Seat),
    /// `seat 3 sitout`.
    SitOut(Seat),
    /// `seat 2 add 1500`: chips added (a re-entry, a top-up).
    Add {
        /// The seat.
        seat: Seat,
        /// Chips added.
        chips: Chips,
    },
    /// `seat 3 rebuy 5000`, `seat 3 add-on 10000`: chips the player
    /// bought from the floor (its order carried out), journaled as such.
    Bought {
        /// The seat.
        seat: Seat,
        /// Chips added.
        chips: Chips,
        /// A rebuy or an add-on.
        buy: Buy,
    },
    /// `seat 3 correct 1200`: the floor's correction of a stack (a
    /// miscount found later, a pot pushed to the wrong player): the stack
    /// is set to these chips. `seat 3 correct 1200 Dan`: Dan, out by
    /// mistake, returns to the empty seat with these chips, his finish
    /// undone. Journaled as a correction, never as chips added.
    Correct {
        /// The seat.
        seat: Seat,
        /// The stack it has now.
        chips: Chips,
        /// The player out by mistake who returns to the seat (None: the
        /// player there keeps it).
        returns: Option<String>,
    },
    /// `seat 2 name Bob`.
    Rename {
        /// The seat.
        seat: Seat,
        /// The new name.
        name: String,
    },
    /// `break [MINUTES]`: a break starts (the house's top-up, if any); the
    /// level clock stops for it (paused until the next hand, or given the
    /// break's minutes so it resumes after them).
    Break(Option<u32>),
    /// `button-draw [s1 Kc s2 Ah ...]`: a card to each player from seat 1
    /// until an ace: that player has the button (Redtooth, Chip Amounts).
    ButtonDraw {
        /// Keyed cards, in the order dealt; empty: drawn from the seeded deck.
        cards: Vec<(Seat, Card)>,
    },
    /// `button 4`: the button is put on a seat, the next hand dealt from
    /// it as a first hand (every player dealt in, the blinds the two seats
    /// after it): the floor's button drawn by a card at a table it made
    /// (Ugly Tuna Seating 6, UPT Tournament 8).
    SetButton(Seat),
    /// `colour-up [s1 AsKd ...]`: the smallest chip leaves the table; race
    /// cards keyed by the dealer, or drawn from the seeded deck.
    ColourUp {
        /// Keyed race cards, per seat.
        cards: Vec<(Seat, Vec<Card>)>,
    },
    /// `clock s4`: the clock is called on a seat.
    ClockOn(Seat),
    /// `clock stop`.
    ClockStop,
    /// `clock start` / `clock resume`: the level clock runs.
    ClockResume,
    /// `clock pause`.
    ClockPause,
    /// `clock adjust +60`: seconds added to (or taken from) the level.
    ClockAdjust(i64),
    /// `clock set 5 12:30 running`: the level clock put where another
    /// clock is (the floor's): the structure's stage (levels and breaks
    /// counted from 1; here from 0), the time left in it, running or paused.
    ClockSet {
        /// The stage, from 0.
        stage: usize,
        /// Seconds left in it.
        left_secs: u64,
        /// Running (else paused).
        running: bool,
    },
    /// `wait 30`: in a script, 30 seconds pass (the scenario's clock).
    Wait(u64),
    /// `structure 100/200 20, 200/400:50 20, break 15`: the table's blind
    /// structure replaced (the floor's one structure, followed with
    /// `--floor`); the level clock keeps its place, and the level it is in
    /// applies at the next hand (TDA 22).
    SetStructure(Structure),
    /// `hand-for-hand on|off`.
    HandForHand(bool),
    /// `light on|off`: the table runs light (issue 35.6: a pub league's
    /// table, where the players deal for themselves and nobody keys the
    /// hands, as at the Nuts Poker League and Redtooth): no hand is
    /// keyed, only players out, chip counts, the button, and the floor's
    /// orders (moves, rebuys, add-ons).
    Light(bool),
    /// `seat 3 no-show`: a paid entrant who never came has his chips taken
    /// out of play where the house does so, and when (`no-show`: UPT
    /// Tournament 5, Nuts 63); he is out.
    NoShow(Seat),
    /// `seat 3 out`: at a light table, the player is out (his chips went
    /// to others, unseen).
    Out(Seat),
    /// `count s1 12000 s3 8000` (or `seat 3 count 12000`): at a light
    /// table, stacks as counted. A count of every player must add up to
    /// the chips at the table.
    Count(Vec<(Seat, Chips)>),
}

/// Why the table refused a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableRefusal {
    /// The hand is still being played.
    HandInPlay(Street),
    /// The seat is taken.
    SeatTaken(u8),
    /// Nobody sits there.
    SeatEmpty(u8),
    /// Fewer than two players can be dealt in.
    TooFewPlayers(usize),
    /// No blinds are known for the next hand.
    NoBlinds,
    /// The colour-up needs two chip denominations.
    NoChipToRemove,
    /// Chips would exceed the table maximum.
    TooManyChips,
    /// The line makes no sense now (with a sentence why).
    Other(String),
}

impl fmt::Display for TableRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableRefusal::HandInPlay(street) => write!(
                f,
                "The hand is still on the {street}: finish it first."
            ),
            TableRefusal::SeatTaken(n) => write!(f, "Seat {n} is taken: the player there must leave first."),
            TableRefusal::SeatEmpty(n) => write!(f, "Nobody sits in seat {n}."),
            TableRefusal::TooFewPlayers(n) => write!(
                f,
                "Only {n} player(s) can be dealt in: a hand needs at least two."
            ),
            TableRefusal::NoBlinds => f.write_str(
                "No blinds are set for the next hand: key a level line, like level 100/200.",
            ),
            TableRefusal::NoChipToRemove => f.write_str(
                "A colour-up needs at least two chip denominations in play, the smallest to remove and the next to change it for.",
            ),
            TableRefusal::TooManyChips => write!(
                f,
                "That would put more than {} chips on the table.",
                Chips::MAX_TABLE
            ),
            TableRefusal::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for TableRefusal {}
