//! A tournament session at one table: the table between hands (players,
//! chips, the button, places), the blind structure, the level clock and the
//! player clock. Engine only: no terminal, no files; time comes in as
//! milliseconds (the journal's `Clock` in the binary, a number in tests).
//!
//! The API, for the journal and the screen:
//!
//! - `Table` is event-sourced like a hand: `Table::decide(&rules, &command,
//!   now_ms, &mut draw) -> Result<Vec<TableEvent>, TableRefusal>` checks a
//!   `TableCommand` (a notation line such as `hand`, `seat 7 sit 10000 Ann`,
//!   `level 200/400 ante 50`, `clock s4`); `Table::apply(&event)` folds it.
//! - `TableCommand::NextHand` yields `TableEvent::HandBegun { setup, .. }`:
//!   start a `table::Hand` with that setup. When the hand is done,
//!   `Table::hand_over(&state)` gives `TableEvent::HandEnded` (stacks,
//!   busts and places) to apply.
//! - The header reads `Table::blinds_at(now)`, `level_number_at(now)`,
//!   `level_clock.at(now)` (stage, time left), `structure.blinds_at(stage + 1)`
//!   for the next level, `hand_for_hand`, `on_break`, `places`.
//! - The player clock: `Table::player_clock` and `PlayerClock::at(now)`;
//!   `Table::player_clock_due(now)` gives the dead-hand command to suggest
//!   when it has run out; `Table::after_entry` says what a hand entry does
//!   to it (the seat acted: stopped; `floor clock`: called on the seat to act).
//! - `colour_up` does the house's colour-up (its setting, `ColourUp`, lives
//!   with the other settings in `rules`); `Structure` reads
//!   `--structure FILE` and `--levels`.

pub mod clock;
pub mod colour_up;
pub mod structure;
pub mod table;

pub use clock::{ClockReading, ClockRun, LevelClock, PlayerClock, PlayerClockReading};
pub use colour_up::ColourUp;
pub use structure::{Blinds, Stage, Structure};
pub use table::{
    Correction, Departure, Finish, Player, Positions, Presence, Table, TableCommand, TableEvent,
    TableRefusal,
};
