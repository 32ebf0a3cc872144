//! floorcall: the hand engine, house rules and table notation for a live
//! no-limit hold'em table. The engine (`table`, `rules`, `notation`) never
//! touches the terminal; the journal (`journal`) makes every entry durable;
//! the dealer's screen (`tui`) and the CLI sit on top of them; `files`
//! reads the user's files (regular files only).

pub mod files;
pub mod journal;
pub mod notation;
pub mod practice;
pub mod rules;
pub mod scenario;
pub mod session;
pub mod table;
pub mod tui;
pub mod values;
