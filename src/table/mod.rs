//! The table: the event-sourced hand, in the value types of `values`
//! (cards, chips, seats, re-exported here). No UI, no I/O.
//!
//! A command goes to `decide`, which checks it against the state and the
//! house rules and returns events or a refusal; `HandState::apply` folds the
//! events; `Hand` keeps the journal of entries and undoes by retraction.
//!
//! Where each ruling lives (each file opens with its ruling ids and the
//! rules it cites): `words_and_chips` (verbal and chips, oversized and
//! multiple chips, the 50% standard, string bets, undercalls, the lesser
//! amount), `betting` (legal actions, minimum bet and raise, reopening),
//! `out_of_turn` (out-of-turn chains, the skipped player), `floor`
//! (misdeal, substantial action, exposed and boxed cards, premature cards,
//! clock, dead hand), `showdown` (uncalled bets, pots, order, cards speak,
//! odd chips) and `dealing` (blinds, dead button, heads-up, cards).

pub mod betting;
pub mod command;
pub mod dealing;
pub mod decide;
pub mod eval;
pub mod event;
pub mod floor;
pub mod hand;
pub mod invariants;
pub mod out_of_turn;
pub mod outcome;
pub mod play;
pub mod pots;
pub mod showdown;
pub mod state;
pub mod words_and_chips;

// The value types, from the bottom layer, where the engine has always
// found them.
pub use crate::values::{Card, Chips, Seat, cards, chips, seat};
pub use command::{Command, Intent, Irregularity, Refusal};
pub use decide::{decide, decide_in_place, decide_into};
pub use event::{Action, ActionKind, Event, Street, TableSetup};
pub use hand::Hand;
pub use play::Play;
pub use state::HandState;
