//! The table: cards, chips, seats and the event-sourced hand. No UI, no I/O.
//!
//! A command goes to `decide`, which checks it against the state and the
//! house rules and returns events or a refusal; `HandState::apply` folds the
//! events; `Hand` keeps the journal of entries and undoes by retraction.

pub mod cards;
pub mod chips;
pub mod command;
pub mod decide;
pub mod eval;
pub mod event;
pub mod hand;
pub mod invariants;
pub mod irregular;
pub mod pots;
pub mod seat;
pub mod state;

pub use cards::Card;
pub use chips::Chips;
pub use command::{Command, Intent, Irregularity, Refusal};
pub use decide::decide;
pub use event::{Action, ActionKind, Event, Street, TableSetup};
pub use hand::Hand;
pub use seat::Seat;
pub use state::HandState;
