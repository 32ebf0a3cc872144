//! The table between hands: who sits where with how many chips, the
//! button's positions, the hand number, the blinds in force, the clocks and
//! the finishing places. It is event-sourced like a hand: `Table::decide`
//! checks a `TableCommand` against the table (at an injected time) and
//! returns `TableEvent`s or a refusal; `Table::apply` folds an event, never
//! fails and checks nothing; a journal of events replays to the same table.
//!
//! A hand in play is a `table::Hand`; `Table::next_setup` builds its
//! `TableSetup` (stacks carried, blinds placed by the moving big blind,
//! waiting and away seats) and `Table::hand_over` reads the finished hand
//! back (stacks, busts and places).
//!
//! Rules cited: TDA 7 and 9, Nuts 9, Redtooth 50, UPT Tournament 16 (a new
//! player is not dealt in between the small blind and the button); TDA 22,
//! Nuts 23, Redtooth 44, UPT Tournament 10 (a new level applies to the next
//! hand); TDA 29 and 66-C (a player away is dealt in, posts and his hand is
//! killed); TDA 31, Nuts 33, Redtooth 21-24, UPT Tournament 30 (dead button:
//! the big blind moves on one seat each hand, so no one misses it); TDA 33,
//! Nuts 35, UPT Tournament 31 (heads-up: the player who had the big blind
//! last gets the button); UPT Tournament 35 (two busting in one hand: the
//! one who started it with more chips places higher); Redtooth 56 (the
//! break top-up); TDA 23, Nuts 24, Redtooth 46, UPT Tournament 11
//! (colour-up, `colour_up`); TDA 27 and the others (the player clock).
//!
//! The files follow `src/table/`: `command` (what comes in, and the
//! refusal), `event` (what happened), `state` (the table and its
//! questions), `deal` (the next hand's setup), `decide` (command to
//! events) and `apply` (events folded into the state).

mod apply;
mod command;
mod deal;
mod decide;
mod event;
mod state;

pub use command::{TableCommand, TableRefusal};
pub use decide::seeded_draw;
pub use event::TableEvent;
pub use state::{
    Bought, ButtonSetAt, Correction, Deal, Departure, EndTaken, Finish, Ledger, PLACED, Player,
    Positions, Presence, Table, TableBreak, ordinal,
};
