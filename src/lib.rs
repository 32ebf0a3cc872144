//! floorcall: the hand engine, house rules and table notation for a live
//! no-limit hold'em table. The library never touches the terminal; the
//! binary's TUI and CLI sit on top of it.

pub mod notation;
pub mod rules;
pub mod scenario;
pub mod table;
