//! floorcall: the hand engine, house rules and table notation for a live
//! no-limit hold'em table. The engine (`table`, `rules`, `notation`) never
//! touches the terminal; the journal (`journal`) makes every entry durable;
//! the dealer's screen (`tui`) and the CLI sit on top of them; `files`
//! reads the user's files (regular files only), `folders` finds the
//! user's folders and the house rules in them.
//!
//! # Layers
//!
//! A module uses only the modules on the lines above its own, lowest
//! first; modules on one line do not use each other. The binary (`main.rs`
//! and its modules) sits on top. `tests/it/layers.rs` reads this list and
//! every `crate::` path in src/, and fails on an arrow that runs up.
//!
//! - `files`, `values`: the user's files read safely; chips, cards, seats
//! - `rules`: the house rules and their rulings
//! - `table`: one hand, event-sourced
//! - `session`: the table between hands, the structure, the clocks
//! - `notation`: the text of lines, scripts and hand histories
//! - `tournament`: the floor: every table of a tournament, its draws, moves and places
//! - `journal`, `scenario`: the durable record; scenario files and their runner
//! - `floor`: a tournament's tables in PostgreSQL (uses `journal`)
//! - `page`: the room's web page, served from the floor's records (uses `floor`)
//! - `practice`: drills
//! - `folders`: the user's data and config folders; house rules by name
//! - `tui`: the dealer's screen

pub mod files;
pub mod floor;
pub mod folders;
pub mod journal;
pub mod notation;
pub mod page;
pub mod practice;
pub mod rules;
pub mod scenario;
pub mod session;
pub mod table;
pub mod tournament;
pub mod tui;
pub mod values;
