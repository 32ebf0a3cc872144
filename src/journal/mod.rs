//! The journal: a durable, append-only record of a session's hands, one JSON
//! object per line, so nothing a dealer has seen acknowledged can be lost,
//! and nothing in it can be quietly changed.
//!
//! # Records (journal format 2)
//!
//! Every line is one record, `{"record":KIND, ...}`, ending in the same
//! four members: `"time"` (UTC, `2026-11-22T12:36:01.123Z`), `"offset"`
//! (the local offset then, `+01:00`), `"prev"` and `"hash"` (the chain,
//! below). The kinds, in the order they come:
//!
//! - `session`: the first record each run of floorcall writes, and again
//!   whenever the house rules change: `format` (2), `table` (its name),
//!   `floorcall` (the version that wrote what follows), and `house`, the
//!   house rules in force: `name`, `sha256`, `toml` (the text exactly as
//!   read), `file` (the name it was read under, its default rulebook) and
//!   `bases` (each built-in profile it `extends`, with its
//!   text), so a review rebuilds exactly the rules the dealer had, even if
//!   the user's file or the shipped profile has changed since.
//! - `hand`: a hand begins: the event version, the house's name, the hand
//!   number (one more than the last), the seats, the names and the table.
//! - `entry`: one `Entry` of the hand (`seq`, the `line` as entered, the
//!   `events` it caused), in the order the hand journaled them. Undo is an
//!   entry that retracts another: the log is never rewritten.
//! - `seal`: written with the entry that finishes a hand (and again if a
//!   later entry finishes it anew): `hand`, `entries` (how many so far)
//!   and `stacks`, each seat's chips after it. Its `hash` is the chain's
//!   head at the end of the hand.
//!
//! # The chain
//!
//! `hash = SHA-256(prev ‖ the line's bytes without its "hash" member)`,
//! where `prev` is the hash of the record before (see `chain`). Editing any
//! byte of a record, or removing, moving, repeating or inserting records,
//! breaks the chain at the first record affected; `verify` names it.
//! Cutting records off the end leaves a shorter, valid chain: that is
//! caught against a head noted earlier (the table screen shows the current
//! head; `verify --head HEX`). Anyone who rewrites every hash after an edit
//! also makes every later head disappear, so a head the TD noted catches
//! that too.
//!
//! # Writing
//!
//! One floorcall writes a journal at a time: `Journal::open` takes an
//! exclusive lock on the file (released by the kernel when the process
//! ends, however it ends), and a second writer is refused at once; readers
//! (`load`, `verify`) take no lock. Every write is one step (`Step`: the
//! records one key makes, all or none), one `write_all` of whole lines
//! whose first byte is the pending mark (`PENDING`), then
//! `File::sync_data`, then the mark made the record's `{` and synced
//! again; the caller shows an action as taken only after that returns. A
//! line that begins with the mark, and everything after it, was never
//! acknowledged: readers leave it out and the next start cuts it off (and
//! says so on the screen), as it does an unfinished last line; a complete
//! last record without its newline is kept. If a write fails, the file is
//! cut back to where it was; if that fails too, the journal is unusable
//! for the rest of the run and refuses every entry, and the next start
//! repairs it. Before it repairs anything, a start checks what `verify`
//! checks for the part of the journal the table goes on from
//! (`verify::check_for_start`), and refuses a journal that fails. Creating
//! the journal syncs its folder, so the file itself survives a power cut.
//!
//! Journals written before the chain (format 1: `hand` and `entry` lines,
//! no times, no chain) still read; appending to one starts the chain after
//! them, its first `prev` being the SHA-256 of all the lines before it.
//! Anything that does not read back (bad JSON, another event version,
//! entries out of order, a table the engine would not start, a broken
//! chain) is an error that names the file and line and changes nothing.
//!
//! This module uses std, serde, sha2, chrono, memchr and fs4 only: no
//! terminal, no directories.
//!
//! # Layout
//!
//! `record` (the record types), `scan` (the line scan: ends, kinds, the
//! chain, the times), `order` (the order records must come in), `load`
//! (a file read back into hands), `writer` (appending, locking and
//! repairing), `verify` (the whole check), with `chain`, `clock`, `house`,
//! `session` (the table between hands), `replay`, `compare` and `export`.

pub mod chain;
pub mod clock;
pub mod compare;
pub mod export;
pub mod house;
mod known_form;
mod load;
mod order;
mod record;
pub mod replay;
mod scan;
pub mod session;
pub mod verify;
mod writer;

use std::fmt;
use std::io;
use std::path::PathBuf;

pub use chain::Head;
pub use clock::{Clock, Stamp, SteppingClock, SystemClock};
pub use house::HouseRecord;
pub use load::{JournalHand, Loaded, TableNote, load, parse};
pub(crate) use order::Order;
pub use record::{HandHeader, JOURNAL_FORMAT, PENDING, Record, Seal, SessionRecord, TableRecord};
pub use scan::Dropped;
pub(crate) use scan::{Bad, Kind, PartStart, Raw, read_raw, read_record, scan_part};
pub use session::{
    Session, SessionError, floor_read, room_table, table_events, table_of, table_openings,
    table_start,
};
pub use writer::{Faults, Journal, JournalOptions, Step};

/// Why a journal could not be read or written.
#[derive(Debug)]
pub enum JournalError {
    /// The file could not be opened, read or written.
    Io {
        /// The journal file.
        path: PathBuf,
        /// What was being done.
        doing: &'static str,
        /// The operating system's error.
        source: io::Error,
    },
    /// A line does not read back as a journal record in order.
    Corrupt {
        /// The journal file.
        path: PathBuf,
        /// The 1-based line number.
        line: usize,
        /// What is wrong, as a sentence.
        reason: String,
    },
    /// Another floorcall holds the journal's lock.
    Locked {
        /// The journal file.
        path: PathBuf,
    },
    /// A write failed and could not be cut back: the journal takes nothing
    /// more in this run.
    Unusable {
        /// The journal file.
        path: PathBuf,
        /// What failed, as a sentence.
        reason: String,
    },
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JournalError::Io {
                path,
                doing,
                source,
            } => write!(
                f,
                "{}: {doing} the journal failed: {source}.",
                path.display()
            ),
            JournalError::Corrupt { path, line, reason } => {
                write!(f, "{}, line {line}: {reason}", path.display())
            }
            JournalError::Locked { path } => write!(
                f,
                "{} is being written by another floorcall, which holds its lock: a journal has one writer at a time. Close the other floorcall, or give this one its own journal with --journal.",
                path.display()
            ),
            JournalError::Unusable { path, reason } => write!(
                f,
                "{}: the journal is unusable for the rest of this run ({reason}). Nothing more can be recorded: quit, and start floorcall again to repair it; nothing shown as taken is lost.",
                path.display()
            ),
        }
    }
}

// The operating system's error is part of the message, so it is not also
// given as the source: a chain of errors (`{:#}`) names it once.
impl std::error::Error for JournalError {}
