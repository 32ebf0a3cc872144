//! The journal: a durable, append-only record of a session's hands, one JSON
//! object per line, so nothing a dealer has seen acknowledged can be lost.
//!
//! Each hand opens with a header line (`"record": "hand"`: the event
//! version, the house, the hand number, the seats and names, and the table
//! setup), followed by one line per `Entry` of the hand (`"record":
//! "entry"`: seq, line, events) in the order the hand journaled them. Every
//! write is one `write_all` of whole lines followed by `File::sync_data`,
//! and the caller shows an action as taken only after that returns: a crash
//! can at worst leave a torn last line, which was never acknowledged and is
//! dropped when the journal is read. Anything else that does not read back
//! (bad JSON, another event version, entries out of order, a table the
//! engine would not start) is an error that names the file and line and
//! changes nothing. Loading rebuilds a hand with
//! `Hand::from_entries`; the log is never rewritten (undo is a retraction
//! entry like any other).
//!
//! This module uses std and serde only: no terminal, no directories.

pub mod session;

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::table::dealing::validate_setup;
use crate::table::event::{EVENT_VERSION, Event, TableSetup};
use crate::table::hand::Entry;

pub mod replay;

pub use session::{Session, SessionError};

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

/// One journal line.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "record", rename_all = "kebab-case")]
enum Record {
    Hand(HandHeader),
    Entry(Entry),
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
}

impl JournalHand {
    /// Whether the hand was still being played when its journal ends.
    pub fn is_unfinished(&self) -> bool {
        crate::table::hand::replay(&self.entries).street != crate::table::event::Street::Done
    }
}

/// What a journal file holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    /// The hands, oldest first.
    pub hands: Vec<JournalHand>,
    /// The 1-based line number of an unfinished last line (a write cut off
    /// by a crash, never acknowledged) that was left out.
    pub torn_line: Option<usize>,
    /// The length in bytes of the part that reads back.
    good_len: u64,
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
        }
    }
}

// The operating system's error is part of the message, so it is not also
// given as the source: a chain of errors (`{:#}`) names it once.
impl std::error::Error for JournalError {}

/// Reads and checks a journal file without changing it (a regular file
/// only: anything else is refused before it is opened).
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
    let corrupt = |line: usize, reason: String| JournalError::Corrupt {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut loaded = Loaded::default();
    let mut offset = 0usize;
    let mut number = 0usize;
    let mut last_header_offset = 0usize;
    while offset < bytes.len() {
        number += 1;
        let line_start = offset;
        let rest = &bytes[offset..];
        let Some(end) = rest.iter().position(|b| *b == b'\n') else {
            // No newline: a write cut off before it finished. Whole lines are
            // written in one call, so this part was never acknowledged.
            loaded.torn_line = Some(number);
            break;
        };
        let raw = &rest[..end];
        offset += end + 1;
        let text = std::str::from_utf8(raw)
            .map_err(|_| corrupt(number, "the line is not valid UTF-8 text.".into()))?;
        if text.trim().is_empty() {
            loaded.good_len = offset as u64;
            continue;
        }
        let record = read_record(text).map_err(|e| corrupt(number, e))?;
        match record {
            Record::Hand(header) => {
                if let Some(hand) = loaded.hands.last()
                    && hand.entries.is_empty()
                {
                    return Err(corrupt(
                        hand.line,
                        format!(
                            "hand {} has a header but no entries: its start was never written.",
                            hand.header.number
                        ),
                    ));
                }
                last_header_offset = line_start;
                if header.version != EVENT_VERSION {
                    return Err(corrupt(
                        number,
                        format!(
                            "the hand was written in event version {}, and this floorcall reads version {EVENT_VERSION}.",
                            header.version
                        ),
                    ));
                }
                // A table the engine would not start is not a hand that
                // was played: the file was damaged or written by hand.
                validate_setup(&header.setup).map_err(|refusal| {
                    corrupt(number, format!("hand {}: {refusal}", header.number))
                })?;
                loaded.hands.push(JournalHand {
                    header,
                    entries: Vec::new(),
                    line: number,
                });
            }
            Record::Entry(entry) => {
                let Some(hand) = loaded.hands.last_mut() else {
                    return Err(corrupt(
                        number,
                        format!("entry {} comes before any hand header.", entry.seq),
                    ));
                };
                check_entry(hand, &entry).map_err(|reason| corrupt(number, reason))?;
                hand.entries.push(entry);
            }
        }
        loaded.good_len = offset as u64;
    }
    // A header and its hand's first entry are written in one call: a last
    // header without entries is part of a write that never finished.
    if loaded.hands.last().is_some_and(|h| h.entries.is_empty()) {
        if let Some(hand) = loaded.hands.pop() {
            loaded.torn_line = Some(hand.line);
        }
        loaded.good_len = last_header_offset as u64;
    }
    Ok(loaded)
}

/// Reads one line as a record. (Through a JSON value first: serde's
/// tagged enums cannot read the header's numbered map keys directly.)
fn read_record(text: &str) -> Result<Record, String> {
    let bad = |e: serde_json::Error| format!("the line is not a journal record ({e}).");
    let value: serde_json::Value = serde_json::from_str(text).map_err(bad)?;
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

/// Checks that `entry` may follow the hand's entries so far.
fn check_entry(hand: &JournalHand, entry: &Entry) -> Result<(), String> {
    let expected = hand.entries.len() as u32;
    if entry.seq != expected {
        return Err(format!(
            "entry {} is out of order: entry {expected} of hand {} comes next.",
            entry.seq, hand.header.number
        ));
    }
    if expected == 0 {
        match entry.events.first() {
            Some(Event::HandStarted { setup }) if *setup == hand.header.setup => {}
            Some(Event::HandStarted { .. }) => {
                return Err(format!(
                    "hand {} starts with a table other than the one in its header.",
                    hand.header.number
                ));
            }
            _ => {
                return Err(format!(
                    "the first entry of hand {} does not start the hand.",
                    hand.header.number
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
                format!(
                    "entry {} of hand {}: {refusal}",
                    entry.seq, hand.header.number
                )
            })?;
        }
    }
    Ok(())
}

/// A journal open for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    len: u64,
}

impl Journal {
    /// Opens the journal at `path` for appending, creating it (and its
    /// folder) if needed, after reading and checking what is there. A torn
    /// last line is cut off; any other damage is an error and the file is
    /// left as it was.
    pub fn open(path: &Path) -> Result<(Journal, Loaded), JournalError> {
        let io_err = |doing: &'static str| {
            move |source| JournalError::Io {
                path: path.to_path_buf(),
                doing,
                source,
            }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_err("creating the folder of"))?;
        }
        // What is there is checked before anything opens it: a FIFO or a
        // device is refused, never waited on or read for ever.
        let loaded = match crate::files::check_regular(path) {
            Ok(_) => load(path)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Loaded::default(),
            Err(e) => return Err(io_err("opening")(e)),
        };
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io_err("opening"))?;
        let len = file.metadata().map_err(io_err("reading"))?.len();
        if len != loaded.good_len {
            file.set_len(loaded.good_len)
                .map_err(io_err("cutting the torn last line of"))?;
            file.sync_data().map_err(io_err("syncing"))?;
        }
        let journal = Journal {
            path: path.to_path_buf(),
            file,
            len: loaded.good_len,
        };
        Ok((journal, loaded))
    }

    /// The journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes a new hand: its header and its first entry.
    pub fn begin_hand(&mut self, header: &HandHeader, first: &Entry) -> Result<(), JournalError> {
        let mut text = line(&Record::Hand(header.clone()))?;
        text.push_str(&line(&Record::Entry(first.clone()))?);
        self.write(&text)
    }

    /// Appends entries of the current hand.
    pub fn append(&mut self, entries: &[Entry]) -> Result<(), JournalError> {
        let mut text = String::new();
        for entry in entries {
            text.push_str(&line(&Record::Entry(entry.clone()))?);
        }
        self.write(&text)
    }

    /// Writes whole lines in one call and syncs them to the disk. On
    /// failure the file is cut back to where it was.
    fn write(&mut self, text: &str) -> Result<(), JournalError> {
        let result = self
            .file
            .write_all_at_end(text.as_bytes(), self.len)
            .and_then(|()| self.file.sync_data());
        match result {
            Ok(()) => {
                self.len += text.len() as u64;
                Ok(())
            }
            Err(source) => {
                let _ = self.file.set_len(self.len);
                Err(JournalError::Io {
                    path: self.path.clone(),
                    doing: "writing",
                    source,
                })
            }
        }
    }
}

/// Writing at a known end, so a failed write never leaves the file cursor
/// out of step with what was kept.
trait WriteAtEnd {
    fn write_all_at_end(&mut self, bytes: &[u8], at: u64) -> io::Result<()>;
}

impl WriteAtEnd for File {
    fn write_all_at_end(&mut self, bytes: &[u8], at: u64) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        self.seek(SeekFrom::Start(at))?;
        self.write_all(bytes)
    }
}

fn line(record: &Record) -> Result<String, JournalError> {
    let mut text = serde_json::to_string(record).map_err(|e| JournalError::Io {
        path: PathBuf::new(),
        doing: "encoding an entry for",
        source: io::Error::other(e),
    })?;
    text.push('\n');
    Ok(text)
}
