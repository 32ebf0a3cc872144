//! The floor's database: every table of a tournament in one PostgreSQL, so
//! the TD's floor sees each table live and nobody can quietly change a
//! table's record.
//!
//! Each table's floorcall stays authoritative for its own journal and
//! works with no network at all: its records go to the database from a
//! background thread ([`Link`], an outbox: the journal on disk first, the
//! database after), in order, each once, idempotent by (tournament, table,
//! seq), where `seq` counts the journal's chained records from 0. The
//! database checks every row's chain on insert (`migrations/V1__floor.sql`:
//! the line's hash is the hash of its bytes after `prev`, as
//! `journal::chain` computes it, and `prev` is the hash of the same
//! table's record `seq - 1`), and refuses a broken one. A row that meets a
//! held (tournament, table, seq) with another hash is a fork: recorded in
//! `floorcall.forks` and reported through the link's status, never dropped
//! silently; the same row again changes nothing. Each insert notifies the
//! channel `floorcall` on commit with `{"table":T,"seq":N}` and nothing
//! more.
//!
//! The floor reads ([`FloorReader`]): it LISTENs first, then catches up,
//! on every (re)connect, and catches up again every few seconds so a lost
//! notification costs nothing; it rebuilds each table from its records
//! with the journal's own reader (`journal::parse`). [`verify`] checks
//! every table's chain in the database against itself with the journal's
//! own `verify`.
//!
//! Who may write what ([`init`]): one login role per table (`fc.<tournament>.<table>`)
//! that may only insert and read its own table's rows, and one per
//! tournament's floor (`fc.<tournament>`) that reads every table and
//! writes only floor records; nobody is granted UPDATE or DELETE. The
//! grants and row-level security policies are PostgreSQL's own.
//!
//! Connections ([`connect`]) take a libpq connection string or URL; a
//! password comes from it, from `PGPASSWORD`, or from the libpq password
//! file (`PGPASSFILE`, `~/.pgpass`), and is never shown: [`mask`] hides it
//! in every message. `sslmode` (disable, prefer, require, verify-ca,
//! verify-full) and `sslrootcert` are honoured.
//!
//! The TD's floor at run time ([`Desk`]) holds a reader and a writing
//! connection, both as the floor's role: it folds every table's journal
//! and the floor's own records into the floor's engine
//! (`tournament::Tournament`), and writes the engine's decisions as
//! records the tables carry out. A screen drives it
//! like this (the time from the clock in [`DeskOptions::clock`]):
//!
//! ```no_run
//! # use floorcall::floor::{ClockAction, Desk, DeskError, DeskOptions};
//! # use floorcall::rules::HouseRules;
//! # use floorcall::session::Structure;
//! # use floorcall::table::Chips;
//! use floorcall::tournament::Decide; // the TD's steps, the engine's decisions
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let structure = Structure::from_flag("100/200,200/400,300/600", 20)?;
//! let tables = vec![("T1".to_string(), 9), ("T2".to_string(), 9)];
//! let options = DeskOptions::new("host=db dbname=floor", "spring", HouseRules::tda(), structure, tables);
//! let mut desk = Desk::open(options)?;
//! // Registration closed: the draw (its commitment written before its
//! // seed); each table's dealer seats his players from the reveal.
//! let _seats = desk.draw_seats(&[("Ann".into(), Chips(20_000)), ("Bob".into(), Chips(20_000))])?;
//! desk.clock_action(ClockAction::Start)?;
//! loop {
//!     // Every frame: fold what the tables and the floor wrote since.
//!     if desk.refresh() {
//!         // Draw desk.floor() (its tables, busts, places, pending moves),
//!         // desk.orders(), desk.hand_for_hand(), desk.clock(), desk.status().
//!     }
//!     // When the floor is out of balance: propose, then the TD confirms.
//!     if desk.floor().out_of_balance() && desk.pending().is_none() {
//!         desk.propose()?;
//!     }
//!     match desk.confirm() {
//!         Ok(_moves) => {} // orders, until the tables' journals show them
//!         Err(DeskError::Stale(again)) => {} // a hand ended: shown again
//!         Err(e) => eprintln!("{e}"), // a sentence for the status line
//!     }
//!     # break;
//! }
//! # Ok(()) }
//! ```
//!
//! Every decision is applied from its record only, so a Desk opened again
//! on the same database rebuilds the same state, and a second Desk sees
//! what the first did. A Desk that only reads (`Desk::watch`: the reader
//! alone, no writing connection) folds the same state and writes nothing;
//! the room's page (`page`) shows it.
//!
//! [`glance`] reads one table's journal as the TD's floor screen shows
//! it, and [`moves_due`] the moves the tables have yet to carry out.
//!
//! This module uses `journal` (its chain, reader and verify), `tournament`
//! (the floor's rules) and nothing above them.

mod connect;
mod desk;
mod glance;
mod inbox;
mod link;
mod listen;
mod migrate;
mod reader;
mod rows;
mod schema;
mod verify;

use std::fmt;

pub use crate::tournament::seeds::{OsSeeds, SeedSequence, SeedSource};
pub use crate::tournament::{ClockAction, OrderPhase, Round};
pub use connect::{check_conninfo, connect, mask};
pub use desk::{Desk, DeskError, DeskOptions};
pub use glance::{DueMove, PendingRuling, SeatGlance, TableGlance, glance, moves_due};
pub use inbox::{Inbox, InboxOptions};
pub use link::{Link, LinkOptions, LinkStatus};
pub use listen::ReaderStatus;
pub use reader::{FloorReader, FloorState, ReaderOptions, TableFeed, Update};
pub use rows::{Read, Row, rows_from};
pub use schema::{
    InitOptions, Initialised, append_floor_record, check_floor_may_read, check_table_may_send, init,
};
pub use verify::{FileVerdict, FloorVerified, TableFile, TableVerdict, verify, verify_with};

/// The longest tournament or table name: a role's name holds both.
pub const NAME_MAX: usize = 24;

/// Why the floor's database could not be used.
#[derive(Debug)]
pub enum FloorError {
    /// The connection string does not read (its password masked).
    Conninfo(String),
    /// A name is not 1 to 24 letters, digits, `-` or `_`.
    BadName(String),
    /// The database could not be reached, or failed.
    Db(String),
    /// The database refused what was sent: a broken chain, a row the role
    /// may not write, a conflict (sending it again cannot help).
    Refused(String),
    /// A file could not be read or written.
    Io(String),
}

impl fmt::Display for FloorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloorError::Conninfo(m)
            | FloorError::Db(m)
            | FloorError::Refused(m)
            | FloorError::Io(m) => f.write_str(m),
            FloorError::BadName(name) => write!(
                f,
                "{name:?} cannot name a tournament or a table: use 1 to {NAME_MAX} letters, digits, - or _."
            ),
        }
    }
}

impl std::error::Error for FloorError {}

impl From<postgres::Error> for FloorError {
    fn from(e: postgres::Error) -> FloorError {
        let refused = e.as_db_error().is_some_and(|db| {
            let code = db.code().code();
            // FC: the chain checks; 42501: not allowed (grants, row-level
            // security); 23: integrity.
            code.starts_with("FC") || code == "42501" || code.starts_with("23")
        });
        if refused {
            FloorError::Refused(db_message(&e))
        } else {
            FloorError::Db(db_message(&e))
        }
    }
}

/// A database error as a sentence: the server's message when it sent one.
pub(crate) fn db_message(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!(
            "the database refused: {} ({})",
            db.message(),
            db.code().code()
        ),
        None => {
            let mut text = format!("the database: {e}");
            let mut source = std::error::Error::source(e);
            while let Some(s) = source {
                text.push_str(&format!(": {s}"));
                source = s.source();
            }
            text
        }
    }
}

/// Checks a tournament's or a table's name.
pub fn check_name(name: &str) -> Result<(), FloorError> {
    let ok = (1..=NAME_MAX).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(FloorError::BadName(name.to_string()))
    }
}

/// The login role of a table: `fc.<tournament>.<table>`.
pub fn table_role(tournament: &str, table: &str) -> String {
    format!("fc.{tournament}.{table}")
}

/// The login role of a tournament's floor: `fc.<tournament>`.
pub fn floor_role(tournament: &str) -> String {
    format!("fc.{tournament}")
}
