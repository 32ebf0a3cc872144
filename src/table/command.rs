//! Commands: what the dealer (or a script) asks of the hand, and the
//! refusals `decide` gives when a command cannot be taken.

use thiserror::Error;

use super::cards::Card;
use super::chips::Chips;
use super::event::{Declaration, PushedChips, Street, TableSetup};
// `Intent` and `Penalty` are the vocabulary of events (an action bound
// has an intent, a penalty given its penalty): they live there, and
// commands carry them.
pub use super::event::{Intent, Penalty};
use super::seat::Seat;

/// Something the dealer saw that needs a floor ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// A misdeal is called.
    Misdeal,
    /// A card was exposed by the dealer.
    ExposedCard,
    /// A card was found face up in the deck.
    BoxedCard,
    /// The flop came with four cards.
    FourCardFlop,
    /// A board card was dealt before the betting was complete.
    PrematureCard,
    /// A clock was called on the player to act.
    Clock,
    /// The clock ran out: the hand of the seat to act is dead.
    DeadHand,
    /// A player made a conditional statement ("if you bet, I raise").
    ConditionalStatement,
}

impl Irregularity {
    /// Every irregularity, with its notation word.
    pub const ALL: [(Irregularity, &'static str); 8] = [
        (Irregularity::Misdeal, "misdeal"),
        (Irregularity::ExposedCard, "exposed-card"),
        (Irregularity::BoxedCard, "boxed-card"),
        (Irregularity::FourCardFlop, "four-card-flop"),
        (Irregularity::PrematureCard, "premature-card"),
        (Irregularity::Clock, "clock"),
        (Irregularity::DeadHand, "dead-hand"),
        (Irregularity::ConditionalStatement, "conditional-statement"),
    ];

    /// The notation word (`four-card-flop`).
    pub fn as_str(self) -> &'static str {
        Irregularity::ALL
            .iter()
            .find(|(i, _)| *i == self)
            .map_or("misdeal", |(_, w)| w)
    }
}

/// A ruling the floor makes itself, on a seat or the hand: the floor can
/// always rule, and every such entry is journaled with the TD's reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloorDecision {
    /// The seat's hand is dead; its chips stay in the pot (`floor dead-hand s3`).
    DeadHand(Seat),
    /// A skipped seat keeps every option, raising included (`floor all-options s2`).
    AllOptions(Seat),
    /// An undercaller forfeits the underbet and folds (TDA 39-B; `floor forfeit s3 300`).
    Forfeit {
        /// Who.
        seat: Seat,
        /// The chips put out, which stay in the pot.
        amount: Chips,
    },
    /// A held out-of-turn action binds (`floor binding s5`).
    Binding(Seat),
    /// A misdeal declared by the TD, whatever the house's limit (`floor misdeal: reason`).
    Misdeal,
    /// A penalty (`floor penalty s4 2-hands: reason`).
    Penalty {
        /// Who.
        seat: Seat,
        /// What.
        penalty: Penalty,
    },
}

impl FloorDecision {
    /// The decision's words in the notation (`dead-hand s3`).
    pub fn notation(&self) -> String {
        match self {
            FloorDecision::DeadHand(s) => format!("dead-hand {s}"),
            FloorDecision::AllOptions(s) => format!("all-options {s}"),
            FloorDecision::Forfeit { seat, amount } => format!("forfeit {seat} {}", amount.get()),
            FloorDecision::Binding(s) => format!("binding {s}"),
            FloorDecision::Misdeal => "misdeal".into(),
            FloorDecision::Penalty { seat, penalty } => format!("penalty {seat} {penalty}"),
        }
    }
}

/// What the dealer asks of the hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Start the hand: seat the players, post blinds and antes.
    StartHand(TableSetup),
    /// A clear action by a seat.
    Act {
        /// Who.
        seat: Seat,
        /// What.
        intent: Intent,
        /// Whether the line says it leaves the seat all in (`s2 raise 300
        /// allin`); checked, not assumed.
        all_in: bool,
    },
    /// A verbal declaration, no chips moved.
    Say {
        /// Who spoke.
        seat: Seat,
        /// What they said.
        declaration: Declaration,
    },
    /// Chips released in one forward motion.
    Push {
        /// Whose.
        seat: Seat,
        /// Which chips.
        chips: PushedChips,
    },
    /// The table tapped (a check gesture).
    Tap {
        /// Who.
        seat: Seat,
    },
    /// Cards thrown toward the muck (a fold gesture; at showdown, a discard).
    Muck {
        /// Who.
        seat: Seat,
    },
    /// Record a seat's hole cards.
    Hole {
        /// Whose.
        seat: Seat,
        /// The two cards.
        cards: [Card; 2],
    },
    /// A seat tables its hand.
    Show {
        /// Whose.
        seat: Seat,
        /// The cards, unless already recorded.
        cards: Option<[Card; 2]>,
    },
    /// Board cards.
    Deal {
        /// The street they begin.
        street: Street,
        /// The cards.
        cards: Vec<Card>,
    },
    /// Ask the floor for a ruling.
    Floor(Irregularity),
    /// The floor rules, with the TD's reason when given.
    Decide {
        /// What the floor rules.
        decision: FloorDecision,
        /// Why, in the TD's words.
        reason: Option<String>,
    },
    /// Close the pending physical action (the player's hands are back).
    Resolve,
}

impl Command {
    /// The seat a player command concerns; `None` for dealer commands.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Command::Act { seat, .. }
            | Command::Say { seat, .. }
            | Command::Push { seat, .. }
            | Command::Tap { seat }
            | Command::Muck { seat }
            | Command::Hole { seat, .. }
            | Command::Show { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// The amount of chips the command names (a stated street total, a
    /// declared amount, the chips pushed), if it names one.
    pub fn amount_named(&self) -> Option<Chips> {
        match self {
            Command::Act {
                intent: Intent::Call(Some(c)) | Intent::Bet(c) | Intent::Raise(c),
                ..
            } => Some(*c),
            Command::Say {
                declaration:
                    Declaration::Bet(Some(c)) | Declaration::Raise(Some(c)) | Declaration::Amount(c),
                ..
            } => Some(*c),
            Command::Push { chips, .. } => Some(chips.total()),
            _ => None,
        }
    }
}

/// Why a command was refused. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The hand has not started.
    #[error("No hand is in progress: start one first.")]
    NotStarted,
    /// The hand has started already.
    #[error("A hand is already in progress.")]
    AlreadyStarted,
    /// The table setup is impossible.
    #[error("The table cannot start: {0}")]
    Setup(String),
    /// An amount above the most chips a table may have in play.
    #[error("{amount} chips is more than the most a table may have in play, {max}.")]
    OverMaximum {
        /// The amount named (`u64::MAX` when it does not even fit in chips).
        amount: Chips,
        /// `Chips::MAX_TABLE`.
        max: Chips,
    },
    /// The hand is over.
    #[error("The hand is over: the pots have been awarded.")]
    HandOver,
    /// Nobody sits there.
    #[error("Seat {0} is empty.")]
    SeatEmpty(u8),
    /// The seat has folded.
    #[error("Seat {0} has folded.")]
    Folded(u8),
    /// The seat is all in.
    #[error("Seat {0} is all in and has no more action.")]
    AllIn(u8),
    /// Not this seat's turn.
    #[error("It is seat {to_act}'s turn, not seat {seat}'s.")]
    NotYourTurn {
        /// Who tried.
        seat: u8,
        /// Whose turn it is.
        to_act: u8,
    },
    /// No betting is open.
    #[error("No one is to act: the betting on the {0} is complete.")]
    BettingClosed(Street),
    /// Check facing a bet.
    #[error("Seat {seat} cannot check: it faces {to_call} to call.")]
    CannotCheck {
        /// Who.
        seat: u8,
        /// How much to call.
        to_call: Chips,
    },
    /// A tap facing a bet.
    #[error("A tap is a check, and seat {seat} faces {to_call} to call.")]
    TapFacingBet {
        /// Who.
        seat: u8,
        /// How much to call.
        to_call: Chips,
    },
    /// Call with nothing to call.
    #[error("Seat {0} has nothing to call: check or bet.")]
    NothingToCall(u8),
    /// Bet facing a bet.
    #[error("Seat {seat} faces a bet of {current}: call, raise or fold.")]
    BetFacingBet {
        /// Who.
        seat: u8,
        /// The bet faced.
        current: Chips,
    },
    /// Raise with no bet.
    #[error("There is no bet to raise: seat {0} may bet.")]
    NoBetToRaise(u8),
    /// A raise that does not exceed the bet.
    #[error("A raise must be to more than the current bet of {current}; {got} is not.")]
    NotAboveBet {
        /// The current bet.
        current: Chips,
        /// What was asked.
        got: Chips,
    },
    /// Bet below the minimum.
    #[error("The minimum bet is {min}; {got} is less and not all in.")]
    BetTooSmall {
        /// The minimum.
        min: Chips,
        /// What was asked.
        got: Chips,
    },
    /// Raise below the minimum.
    #[error("Minimum raise is to {min}; {got} is less and not all in.")]
    RaiseTooSmall {
        /// The minimum raise-to.
        min: Chips,
        /// What was asked.
        got: Chips,
    },
    /// Raising not allowed: a short all-in did not reopen the betting.
    #[error("Seat {0} may only call or fold: the betting has not been reopened to it.")]
    RaiseNotAllowed(u8),
    /// Raising not allowed: every other player still in is all in.
    #[error(
        "Seat {0} may only call or fold: every other player still in is all in, so no one could call a raise."
    )]
    NoOneToCallRaise(u8),
    /// A muck when every hand still in must be tabled (all in, betting complete).
    #[error(
        "Seat {seat} may not muck: seat {all_in} is all in and the betting is complete, so every hand still in is tabled ({rule})."
    )]
    MustTable {
        /// Who tried to muck.
        seat: u8,
        /// A seat that is all in.
        all_in: u8,
        /// The house's rule: rulebook, number and words.
        rule: String,
    },
    /// More chips than the seat has.
    #[error("Seat {seat} has only {stack} behind; {needed} is more.")]
    NotEnoughChips {
        /// Who.
        seat: u8,
        /// Chips behind.
        stack: Chips,
        /// Chips needed.
        needed: Chips,
    },
    /// A card already seen in this hand.
    #[error("{0} has already been seen in this hand.")]
    CardSeen(String),
    /// The same card twice in one line.
    #[error("{0} appears twice.")]
    DuplicateCard(String),
    /// Board cards while betting is open.
    #[error("The betting on the {street} is not complete: seat {to_act} is to act.")]
    BettingOpen {
        /// The street.
        street: Street,
        /// Who is to act.
        to_act: u8,
    },
    /// The wrong street.
    #[error("The next board cards are the {expected}, not the {got}.")]
    WrongStreet {
        /// What comes next.
        expected: Street,
        /// What was given.
        got: Street,
    },
    /// No more board cards.
    #[error("No more board cards: the hand is at {0}.")]
    NoMoreCards(Street),
    /// The wrong number of cards.
    #[error("The {street} is {expected} card(s), not {got}.")]
    WrongCardCount {
        /// The street.
        street: Street,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        got: usize,
    },
    /// Cards conflict with the recorded ones.
    #[error("Seat {seat}'s hole cards are recorded as {recorded}.")]
    HoleMismatch {
        /// Whose.
        seat: u8,
        /// What is recorded.
        recorded: String,
    },
    /// A show without cards.
    #[error("Seat {0}'s cards are not recorded: say which cards are shown.")]
    CardsUnknown(u8),
    /// Already tabled.
    #[error("Seat {0} has already tabled its hand.")]
    AlreadyShown(u8),
    /// Discarding outside showdown.
    #[error("Seat {0} may discard only at showdown.")]
    NotShowdown(u8),
    /// A stated amount or all-in that the action would not make.
    #[error("{stated} does not match the hand: {actual}.")]
    StatedMismatch {
        /// What the line said.
        stated: String,
        /// What the action is.
        actual: String,
    },
    /// A second out-of-turn action by the same seat.
    #[error("Seat {0} has already acted out of turn; wait for the turn to reach it.")]
    AlreadyActedOutOfTurn(u8),
    /// A misdeal or irregularity that needs a seat to act.
    #[error("No one is to act, so there is no hand to rule dead.")]
    NoOneToAct,
    /// Nothing to undo or redo.
    #[error("Nothing to {0}.")]
    NothingTo(&'static str),
    /// A floor decision that does not fit the hand.
    #[error("The floor cannot rule that: {0}")]
    FloorCannot(String),
}
