//! The table: cards, chips, seats and the event-sourced hand. No UI, no I/O.

pub mod cards;
pub mod eval;
