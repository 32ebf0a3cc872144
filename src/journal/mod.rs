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

pub mod chain;
pub mod clock;
pub mod compare;
pub mod export;
pub mod house;
pub mod replay;
pub mod session;
pub mod verify;
mod writer;

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::HouseRules;
use crate::table::dealing::validate_setup;
use crate::table::event::{EVENT_VERSION, Event, Street, TableSetup};
use crate::table::hand::Entry;
use crate::table::state::HandState;
use crate::table::{Chips, Seat};

pub use chain::Head;
pub use clock::{Clock, Stamp, SteppingClock, SystemClock};
pub use house::HouseRecord;
pub use session::{Session, SessionError, table_of, table_start};
pub use writer::{Faults, Journal, JournalOptions, PENDING, Step};

/// The journal format this floorcall writes (1: no chain, no times).
pub const JOURNAL_FORMAT: u32 = 2;

/// The first line of each hand in a journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandHeader {
    /// The event format version (`EVENT_VERSION`) the entries are written in.
    pub version: u32,
    /// The house rules: a built-in profile name or the path of a house file,
    /// as given to `HouseRules::load`.
    pub house: String,
    /// The hand's number in the session, from 1.
    pub number: u32,
    /// How many seats the table has (2..=10), empty ones included.
    pub seats: u8,
    /// Player names by seat number, for the seats that have one.
    #[serde(default)]
    pub names: BTreeMap<u8, String>,
    /// The table as the hand started.
    pub setup: TableSetup,
}

impl HandHeader {
    /// A header for a new hand in the current event version.
    pub fn new(
        house: &str,
        number: u32,
        seats: u8,
        names: BTreeMap<u8, String>,
        setup: TableSetup,
    ) -> HandHeader {
        HandHeader {
            version: EVENT_VERSION,
            house: house.to_string(),
            number,
            seats,
            names,
            setup,
        }
    }
}

/// The record that opens a run's writing: who wrote, under which rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// The journal format (`JOURNAL_FORMAT`).
    pub format: u32,
    /// The table's name.
    pub table: String,
    /// The floorcall version that wrote the records that follow.
    pub floorcall: String,
    /// The house rules in force, embedded.
    pub house: HouseRecord,
}

/// The record that closes a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    /// The hand's number.
    pub hand: u32,
    /// How many entries the hand has at the seal.
    pub entries: u32,
    /// Each occupied seat's chips when the hand is over.
    pub stacks: Vec<(Seat, Chips)>,
}

impl Seal {
    /// The seal of a finished hand, or `None` while it is being played.
    pub fn of(number: u32, entries: &[Entry], state: &HandState) -> Option<Seal> {
        (state.street == Street::Done).then(|| Seal {
            hand: number,
            entries: entries.len() as u32,
            stacks: state.occupied().map(|s| (s, state.seat(s).stack)).collect(),
        })
    }
}

/// A line for the table (a session line: `seat 7 sit 10000 Ann`, `hand`,
/// `clock pause`) and what it did, or the table's own record (a new
/// table, a hand's end): see `session::Table`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    /// The line as entered, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// What it did.
    pub events: Vec<crate::session::TableEvent>,
}

/// One journal record.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// The table between hands (format 2 only).
    Table(TableRecord),
    /// A run began writing.
    Session(Box<SessionRecord>),
    /// A hand began.
    Hand(HandHeader),
    /// An entry of the current hand.
    Entry(Entry),
    /// The current hand is over.
    Seal(Seal),
}

/// One hand as read back from a journal.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalHand {
    /// Its header.
    pub header: HandHeader,
    /// Its entries, in order, retractions included.
    pub entries: Vec<Entry>,
    /// The 1-based line of its header in the file.
    pub line: usize,
    /// When the hand began (format 2).
    pub started: Option<Stamp>,
    /// When each entry was written, by `seq` (format 2).
    pub times: Vec<Option<Stamp>>,
    /// The house rules embedded in the session record in force at the
    /// hand's last record (format 2).
    pub house: Option<Arc<HouseRecord>>,
    /// Whether the hand's last record is its seal.
    pub sealed: bool,
    /// The table's records written after the hand's header and before the
    /// next hand's (the clock on a player, the hand's end and its places,
    /// the session lines between hands), in order.
    pub table: Vec<TableNote>,
}

/// A table record as a hand's replay tells it: when, and after how many of
/// the hand's entries.
#[derive(Debug, Clone, PartialEq)]
pub struct TableNote {
    /// The hand's entries written before it.
    pub after_entries: usize,
    /// When it was written (format 2).
    pub time: Option<Stamp>,
    /// The record.
    pub record: TableRecord,
}

impl JournalHand {
    /// Whether the hand was still being played when its journal ends.
    pub fn is_unfinished(&self) -> bool {
        crate::table::hand::replay(&self.entries).street != Street::Done
    }

    /// The house rules to go on with the hand: the ones the journal
    /// embeds, when it does.
    pub fn recorded_rules(&self) -> Option<Result<HouseRules, String>> {
        self.house.as_ref().map(|h| h.rules())
    }
}

/// What a repair on opening cut off the end of the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The 1-based line where the cut part begins.
    pub line: usize,
    /// How many bytes were cut.
    pub bytes: u64,
    /// What they were, as a phrase.
    pub what: String,
}

/// What a journal file holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    /// The hands, oldest first.
    pub hands: Vec<JournalHand>,
    /// The 1-based line number of an unfinished last write (a crash, never
    /// acknowledged) that was left out.
    pub torn_line: Option<usize>,
    /// What was left out at the end, and why.
    pub dropped: Option<Dropped>,
    /// The line of a complete last record that lacks its newline (kept).
    pub unterminated: Option<usize>,
    /// The chain's head after the last record kept: what the next record
    /// links to.
    pub head: Head,
    /// The line of the first chained record, if any.
    pub chained_from: Option<usize>,
    /// How many records were read.
    pub records: usize,
    /// The last session record's house rules.
    pub house: Option<Arc<HouseRecord>>,
    /// The table records, in order, each with the number of hands begun
    /// before it (the session's table is their fold).
    pub table: Vec<(usize, TableRecord)>,
    /// The table's name in each session record, with the number of hands
    /// begun before it.
    pub table_names: Vec<(usize, String)>,
    /// The length in bytes of the part that reads back.
    good_len: u64,
    /// The length of the file.
    file_len: u64,
}

impl Loaded {
    /// Whether the journal carries a hash chain.
    pub fn is_chained(&self) -> bool {
        self.chained_from.is_some()
    }

    /// The last hand, if it is over but its seal is missing (its last write
    /// was cut after the entry that finished it).
    fn unsealed_last(&self) -> Option<&JournalHand> {
        self.hands
            .last()
            .filter(|h| !h.sealed && self.is_chained() && !h.is_unfinished())
    }
}

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

/// Reads and checks a journal file without changing it (a regular file
/// only: anything else is refused before it is opened), and without its
/// lock: a table may be writing it.
pub fn load(path: &Path) -> Result<Loaded, JournalError> {
    let bytes = crate::files::read_bytes(path).map_err(|source| JournalError::Io {
        path: path.to_path_buf(),
        doing: "reading",
        source,
    })?;
    parse(path, &bytes)
}

/// Checks the text of a journal; `path` names it in errors.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Loaded, JournalError> {
    let mut hands: Vec<JournalHand> = Vec::new();
    let mut house: Option<Arc<HouseRecord>> = None;
    let mut order = Order::default();
    let mut table = Vec::new();
    let mut table_names = Vec::new();
    let scan = scan(path, bytes, |raw| {
        let record = read_record(raw.bytes, raw.chained)?;
        order.record(raw.line, &record)?;
        match record {
            Record::Session(s) => {
                table_names.push((hands.len(), s.table));
                house = Some(Arc::new(s.house));
            }
            Record::Hand(header) => hands.push(JournalHand {
                header,
                entries: Vec::new(),
                line: raw.line,
                started: raw.time,
                times: Vec::new(),
                house: house.clone(),
                sealed: false,
                table: Vec::new(),
            }),
            Record::Entry(entry) => {
                if let Some(hand) = hands.last_mut() {
                    hand.entries.push(entry);
                    hand.times.push(raw.time);
                    hand.house = house.clone();
                    hand.sealed = false;
                }
            }
            Record::Seal(_) => {
                if let Some(hand) = hands.last_mut() {
                    hand.sealed = true;
                }
            }
            Record::Table(record) => {
                if let Some(hand) = hands.last_mut() {
                    hand.table.push(TableNote {
                        after_entries: hand.entries.len(),
                        time: raw.time,
                        record: record.clone(),
                    });
                }
                table.push((hands.len(), record));
            }
        }
        Ok(())
    })?;
    if scan.dropped_header {
        hands.pop();
    }
    Ok(Loaded {
        hands,
        torn_line: scan.dropped.as_ref().map(|d| d.line),
        dropped: scan.dropped,
        unterminated: scan.unterminated,
        head: scan.head,
        chained_from: scan.chained_from,
        records: scan.records,
        house,
        table,
        table_names,
        good_len: scan.good_len,
        file_len: bytes.len() as u64,
    })
}

/// A record's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Table,
    Session,
    Hand,
    Entry,
    Seal,
}

impl Kind {
    fn named(name: &str) -> Option<Kind> {
        Some(match name {
            "session" => Kind::Session,
            "hand" => Kind::Hand,
            "entry" => Kind::Entry,
            "seal" => Kind::Seal,
            "table" => Kind::Table,
            _ => return None,
        })
    }
}

/// One line as the scan found it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Raw<'a> {
    /// The 1-based line.
    pub(crate) line: usize,
    /// Its kind.
    pub(crate) kind: Kind,
    /// Its bytes, without the newline.
    pub(crate) bytes: &'a [u8],
    /// Whether it carries the chain (format 2).
    pub(crate) chained: bool,
    /// When it was written (format 2).
    pub(crate) time: Option<Stamp>,
    /// Its hash (format 2).
    pub(crate) hash: Option<Head>,
}

/// What is wrong with a record, at its line unless another is named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bad {
    pub(crate) line: Option<usize>,
    pub(crate) reason: String,
}

impl From<String> for Bad {
    fn from(reason: String) -> Bad {
        Bad { line: None, reason }
    }
}

/// What a scan found besides the records.
#[derive(Debug, Clone)]
pub(crate) struct Scan {
    pub(crate) head: Head,
    pub(crate) chained_from: Option<usize>,
    pub(crate) records: usize,
    pub(crate) dropped: Option<Dropped>,
    /// The dropped part begins with a hand header the visitor was given.
    pub(crate) dropped_header: bool,
    pub(crate) unterminated: Option<usize>,
    pub(crate) good_len: u64,
    /// The number of the last line read.
    pub(crate) lines: usize,
}

/// The last hand header the scan passed, and how many entries followed it.
struct LastHand {
    line: usize,
    start: usize,
    entries: usize,
    head_before: Head,
    records_before: usize,
}

/// Reads every line in order: finds its end and its kind, checks the
/// chain and the times, and hands it to `visit`, which reads and checks the
/// record itself (its error is reported at the record's line, or at the
/// line it names). A last line without its newline is kept when it is a
/// whole record, else dropped; so is a last hand header without an entry.
pub(crate) fn scan(
    path: &Path,
    bytes: &[u8],
    visit: impl FnMut(&Raw) -> Result<(), Bad>,
) -> Result<Scan, JournalError> {
    scan_part(path, bytes, None, visit)
}

/// Where a part of a chained journal begins, for scanning it alone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PartStart {
    /// Lines before the part.
    pub(crate) lines_before: usize,
    /// The head the part's first record links to.
    pub(crate) head: Head,
    /// The line of the journal's first chained record.
    pub(crate) chained_from: usize,
}

/// `scan` over a part of a journal that begins after `start` (the whole
/// journal when `None`).
pub(crate) fn scan_part(
    path: &Path,
    bytes: &[u8],
    start: Option<PartStart>,
    mut visit: impl FnMut(&Raw) -> Result<(), Bad>,
) -> Result<Scan, JournalError> {
    let corrupt = |line: usize, reason: String| JournalError::Corrupt {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut out = Scan {
        head: start.map_or_else(|| Head::genesis(b""), |s| s.head),
        chained_from: start.map(|s| s.chained_from),
        records: 0,
        dropped: None,
        dropped_header: false,
        unterminated: None,
        good_len: 0,
        lines: 0,
    };
    let mut last_hand: Option<LastHand> = None;
    let mut offset = 0usize;
    let mut number = start.map_or(0, |s| s.lines_before);
    while offset < bytes.len() {
        number += 1;
        let line_start = offset;
        let rest = &bytes[offset..];
        let (raw, complete) = match memchr::memchr(b'\n', rest) {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        offset += raw.len() + usize::from(complete);
        if raw.first() == Some(&PENDING) {
            // A step whose write never finished (its first record still
            // marked pending): never acknowledged, dropped whole.
            out.dropped = Some(Dropped {
                line: number,
                bytes: (bytes.len() - line_start) as u64,
                what: "a write never acknowledged (still marked pending), never shown as taken"
                    .into(),
            });
            break;
        }
        if !complete && !whole_record(raw, &out) {
            // No newline and not a whole record: a write cut off before it
            // finished, never acknowledged.
            out.dropped = Some(Dropped {
                line: number,
                bytes: raw.len() as u64,
                what: "an unfinished write, never shown as taken".into(),
            });
            break;
        }
        if !complete {
            out.unterminated = Some(number);
        }
        if std::str::from_utf8(raw).is_err() {
            return Err(corrupt(number, "the line is not valid UTF-8 text.".into()));
        }
        if raw.iter().all(u8::is_ascii_whitespace) {
            if out.chained_from.is_some() {
                return Err(corrupt(
                    number,
                    "the line is blank: a chained journal has no blank lines (one was inserted)."
                        .into(),
                ));
            }
            out.good_len = offset as u64;
            continue;
        }
        let links = chain::links(raw);
        let (time, hash) = match links {
            Some(l) => {
                if out.chained_from.is_none() {
                    // The chain's first link covers every byte before it.
                    out.head = Head::genesis(&bytes[..line_start]);
                    out.chained_from = Some(number);
                }
                if l.prev != out.head {
                    return Err(corrupt(
                        number,
                        format!(
                            "the record does not follow the one before it: it links to {} but the chain's head there is {}. A record was removed, moved, repeated or inserted here.",
                            l.prev.short(),
                            out.head.short()
                        ),
                    ));
                }
                if l.computed() != l.hash {
                    return Err(corrupt(
                        number,
                        "the record was changed after it was written: its hash does not match its contents.".into(),
                    ));
                }
                if !l.lowercase {
                    return Err(corrupt(
                        number,
                        "the record was changed after it was written: its \"prev\" or \"hash\" has an upper-case hex digit, and the chain writes (and covers) them in lowercase.".into(),
                    ));
                }
                let time = stamp_of(l.members()).ok_or_else(|| {
                    corrupt(
                        number,
                        "the record's time is missing or malformed (\"time\" UTC, then \"offset\", before \"prev\").".into(),
                    )
                })?;
                (Some(time), Some(l.hash))
            }
            None if out.chained_from.is_some() => {
                return Err(corrupt(
                    number,
                    format!(
                        "the record carries no hash, but the chain starts at line {}: every record after it must be chained.",
                        out.chained_from.unwrap_or(1)
                    ),
                ));
            }
            None => (None, None),
        };
        let kind = kind_of(raw, links.is_some()).map_err(|e| corrupt(number, e))?;
        if out.chained_from == Some(number) && kind != Kind::Session {
            return Err(corrupt(
                number,
                format!(
                    "the chain starts with a {kind:?} record: it starts with a session record (the one before it was removed).",
                ),
            ));
        }
        match kind {
            Kind::Hand => {
                last_hand = Some(LastHand {
                    line: number,
                    start: line_start,
                    entries: 0,
                    head_before: out.head,
                    records_before: out.records,
                });
            }
            Kind::Entry => {
                if let Some(h) = last_hand.as_mut() {
                    h.entries += 1;
                }
            }
            Kind::Session | Kind::Seal | Kind::Table => {}
        }
        if let Some(hash) = hash {
            out.head = hash;
        }
        out.records += 1;
        visit(&Raw {
            line: number,
            kind,
            bytes: raw,
            chained: links.is_some(),
            time,
            hash,
        })
        .map_err(|bad| corrupt(bad.line.unwrap_or(number), bad.reason))?;
        out.good_len = offset as u64;
    }
    out.lines = number;
    if out.chained_from.is_none() {
        out.head = Head::genesis(&bytes[..out.good_len as usize]);
    }
    // A header and its hand's first entry are written in one call: a last
    // header without entries is part of a write that never finished.
    if let Some(h) = last_hand.filter(|h| h.entries == 0) {
        let torn = out.dropped.take();
        out.dropped = Some(Dropped {
            line: h.line,
            bytes: bytes.len() as u64 - h.start as u64,
            what: match torn {
                Some(_) => "a hand's start and an unfinished write, never shown as taken".into(),
                None => "a hand's start whose first entry was never written".into(),
            },
        });
        out.dropped_header = true;
        out.unterminated = None;
        out.good_len = h.start as u64;
        out.records = h.records_before;
        out.head = if out.chained_from.is_some_and(|l| l < h.line) {
            h.head_before
        } else {
            out.chained_from = None;
            Head::genesis(&bytes[..h.start])
        };
    }
    Ok(out)
}

/// Whether a last line without its newline is a whole record, so it was
/// written and only its newline is missing: a line in the chained form
/// (whose links the scan then checks like any other), or a format-1 record
/// that reads. A torn write is a prefix of its line, which has neither.
fn whole_record(raw: &[u8], out: &Scan) -> bool {
    match chain::links(raw) {
        Some(_) => true,
        None => out.chained_from.is_none() && read_v1(raw).is_ok(),
    }
}

/// The time members before `prev`: `,"time":"<24>","offset":"<6>"`.
fn stamp_of(members: &[u8]) -> Option<Stamp> {
    const TIME: &[u8] = b",\"time\":\"";
    const OFFSET: &[u8] = b"\",\"offset\":\"";
    let n = members.len();
    let len = TIME.len() + 24 + OFFSET.len() + 6 + 1;
    if n < len || members[n - 1] != b'"' {
        return None;
    }
    let at = n - len;
    let t = &members[at..];
    if &t[..TIME.len()] != TIME || &t[TIME.len() + 24..TIME.len() + 24 + OFFSET.len()] != OFFSET {
        return None;
    }
    let utc = std::str::from_utf8(&t[TIME.len()..TIME.len() + 24]).ok()?;
    let off = std::str::from_utf8(&t[TIME.len() + 24 + OFFSET.len()..len - 1]).ok()?;
    Stamp::parse(utc, off)
}

/// The kind named at the start of a line, `{"record":"KIND",`: a chained
/// line must begin so; a format-1 line is read whole when it does not.
fn kind_of(raw: &[u8], chained: bool) -> Result<Kind, String> {
    let named = raw
        .strip_prefix(b"{\"record\":\"")
        .and_then(|rest| {
            let end = memchr::memchr(b'"', rest)?;
            std::str::from_utf8(&rest[..end]).ok()
        })
        .map(str::to_string);
    let name = match named {
        Some(name) => name,
        None if chained => {
            return Err(
                "the line is not a journal record (it does not begin with its \"record\" kind)."
                    .into(),
            );
        }
        None => match read_v1(raw)? {
            Record::Hand(_) => "hand".into(),
            _ => "entry".into(),
        },
    };
    Kind::named(&name).ok_or_else(|| {
        format!(
            "the line is a record of kind \"{name}\", which is none of \"session\", \"hand\", \"entry\", \"seal\" and \"table\"."
        )
    })
}

/// Reads one line as a record: chained lines straight into their type,
/// format-1 lines as before.
pub(crate) fn read_record(raw: &[u8], chained: bool) -> Result<Record, String> {
    if !chained {
        return read_v1(raw);
    }
    let bad = |e: serde_json::Error| format!("the line is not a journal record ({e}).");
    match kind_of(raw, true)? {
        Kind::Entry => serde_json::from_slice(raw).map(Record::Entry).map_err(bad),
        Kind::Hand => serde_json::from_slice(raw).map(Record::Hand).map_err(bad),
        Kind::Seal => serde_json::from_slice(raw).map(Record::Seal).map_err(bad),
        Kind::Table => serde_json::from_slice(raw).map(Record::Table).map_err(bad),
        Kind::Session => serde_json::from_slice(raw)
            .map(|s| Record::Session(Box::new(s)))
            .map_err(bad),
    }
}

/// Reads a format-1 line. (Through a JSON value first: serde's tagged
/// enums cannot read the header's numbered map keys directly.)
fn read_v1(raw: &[u8]) -> Result<Record, String> {
    let bad = |e: serde_json::Error| format!("the line is not a journal record ({e}).");
    let value: serde_json::Value = serde_json::from_slice(raw).map_err(bad)?;
    match value.get("record").and_then(|r| r.as_str()) {
        Some("hand") => serde_json::from_value(value).map(Record::Hand).map_err(bad),
        Some("entry") => serde_json::from_value(value)
            .map(Record::Entry)
            .map_err(bad),
        Some(other) => Err(format!(
            "the line is a record of kind \"{other}\", which is neither \"hand\" nor \"entry\"."
        )),
        None => Err("the line is not a journal record (it has no \"record\" kind).".into()),
    }
}

/// The order of records: sessions in a known format with their digests,
/// hands with tables the engine would start, entries in sequence, each
/// hand beginning with its start, seals after entries of their hand.
#[derive(Debug, Default)]
pub(crate) struct Order {
    hand: Option<HandAt>,
}

/// Where the current hand is.
#[derive(Debug)]
struct HandAt {
    number: u32,
    setup: TableSetup,
    entries: u32,
    line: usize,
}

impl Order {
    /// Checks that `record`, at `line`, may come next.
    pub(crate) fn record(&mut self, line: usize, record: &Record) -> Result<(), Bad> {
        match record {
            Record::Session(s) => {
                if s.format != JOURNAL_FORMAT {
                    return Err(format!(
                        "the session was written in journal format {}, and this floorcall reads formats 1 and {JOURNAL_FORMAT}.",
                        s.format
                    )
                    .into());
                }
                if let Some(bad) = s.house.bad_digest() {
                    return Err(format!(
                        "the house rules \"{}\" embedded here do not match their digest: the text was changed.",
                        bad.name
                    )
                    .into());
                }
            }
            Record::Hand(header) => {
                if let Some(h) = self.hand.as_ref().filter(|h| h.entries == 0) {
                    return Err(Bad {
                        line: Some(h.line),
                        reason: format!(
                            "hand {} has a header but no entries: its start was never written.",
                            h.number
                        ),
                    });
                }
                if header.version != EVENT_VERSION {
                    return Err(format!(
                        "the hand was written in event version {}, and this floorcall reads version {EVENT_VERSION}.",
                        header.version
                    )
                    .into());
                }
                // A table the engine would not start is not a hand that
                // was played: the file was damaged or written by hand.
                validate_setup(&header.setup)
                    .map_err(|refusal| format!("hand {}: {refusal}", header.number))?;
                check_seats(header)?;
                self.hand = Some(HandAt {
                    number: header.number,
                    setup: header.setup.clone(),
                    entries: 0,
                    line,
                });
            }
            Record::Entry(entry) => {
                let h = self.hand_for(entry.seq)?;
                check_entry(h, entry)?;
                h.entries += 1;
            }
            // A table record may come between hands or during one (a
            // clock, a seat away); `verify` folds them.
            Record::Table(_) => {}
            Record::Seal(seal) => {
                let Some(h) = self.hand.as_ref().filter(|h| h.entries > 0) else {
                    return Err(
                        format!("the seal of hand {} comes before any entry.", seal.hand).into(),
                    );
                };
                if seal.hand != h.number || seal.entries != h.entries {
                    return Err(format!(
                        "the seal is for hand {} after {} entries, but it follows entry {} of hand {}.",
                        seal.hand,
                        seal.entries,
                        h.entries - 1,
                        h.number
                    )
                    .into());
                }
            }
        }
        Ok(())
    }

    /// Checks only that entry `seq` comes next in its hand (its events are
    /// checked by ruling it again).
    pub(crate) fn entry_seq(&mut self, seq: u32) -> Result<(), Bad> {
        let h = self.hand_for(seq)?;
        if seq != h.entries {
            return Err(format!(
                "entry {seq} is out of order: entry {} of hand {} comes next.",
                h.entries, h.number
            )
            .into());
        }
        h.entries += 1;
        Ok(())
    }

    /// Takes back the count `entry_seq` made, to check the entry whole.
    pub(crate) fn unsee_entry(&mut self) {
        if let Some(h) = self.hand.as_mut() {
            h.entries = h.entries.saturating_sub(1);
        }
    }

    fn hand_for(&mut self, seq: u32) -> Result<&mut HandAt, Bad> {
        self.hand
            .as_mut()
            .ok_or_else(|| format!("entry {seq} comes before any hand header.").into())
    }
}

/// Checks a header's table size as the table flags do (2 to 10 seats), and
/// that every seat dealt is one of them.
fn check_seats(header: &HandHeader) -> Result<(), String> {
    let seats = header.seats;
    if !(2..=crate::table::seat::MAX_SEATS as u8).contains(&seats) {
        return Err(format!(
            "hand {} is at a table of {seats} seats: a table has 2 to {} seats.",
            header.number,
            crate::table::seat::MAX_SEATS
        ));
    }
    if let Some((seat, _)) = header.setup.stacks.iter().find(|(s, _)| s.number() > seats) {
        return Err(format!(
            "hand {} deals seat {}, but its table has {seats} seats.",
            header.number,
            seat.number()
        ));
    }
    Ok(())
}

/// Checks that `entry` may follow the hand's entries so far.
fn check_entry(hand: &HandAt, entry: &Entry) -> Result<(), String> {
    let expected = hand.entries;
    if entry.seq != expected {
        return Err(format!(
            "entry {} is out of order: entry {expected} of hand {} comes next.",
            entry.seq, hand.number
        ));
    }
    if expected == 0 {
        match entry.events.first() {
            Some(Event::HandStarted { setup }) if *setup == hand.setup => {}
            Some(Event::HandStarted { .. }) => {
                return Err(format!(
                    "hand {} starts with a table other than the one in its header.",
                    hand.number
                ));
            }
            _ => {
                return Err(format!(
                    "the first entry of hand {} does not start the hand.",
                    hand.number
                ));
            }
        }
    }
    for event in &entry.events {
        if let Event::EntryRetracted { entry: target } = event
            && *target >= entry.seq
        {
            return Err(format!(
                "entry {} retracts entry {target}, which does not come before it.",
                entry.seq
            ));
        }
        if let Event::HandStarted { setup } = event {
            validate_setup(setup).map_err(|refusal| {
                format!("entry {} of hand {}: {refusal}", entry.seq, hand.number)
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_members_read_back() {
        let s = Stamp {
            unix_ms: 1_763_814_961_123,
            offset_s: -5 * 3600,
        };
        let members = format!(
            "{{\"record\":\"x\",\"time\":\"{}\",\"offset\":\"{}\"",
            s.utc_text(),
            s.offset_text()
        );
        assert_eq!(stamp_of(members.as_bytes()), Some(s));
        assert_eq!(stamp_of(b"{\"record\":\"x\""), None);
    }
}
