//! What one line of the journal holds: a `Record`, one of a `session`
//! record (`SessionRecord`: who wrote, under which house rules), a hand's
//! header (`HandHeader`), an `Entry` of the hand, its `Seal` and the
//! table's own `TableRecord`. The writer serialises them; the scan reads
//! them back (`scan::read_record`); the format is the module doc's.

use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{HouseRecord, JournalError};
use crate::table::event::{EVENT_VERSION, Street, TableSetup};
use crate::table::hand::Entry;
use crate::table::state::HandState;
use crate::table::{Chips, Seat};

/// The journal format this floorcall writes (1: no chain, no times).
pub const JOURNAL_FORMAT: u32 = 2;

/// The byte a step's first record begins with until the whole step is on
/// the disk, when it becomes the record's `{`: a line that begins with it
/// (and everything after it) was never acknowledged.
pub const PENDING: u8 = b'?';

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

/// A record's JSON object, `{"record":"KIND",...}`, without its time and
/// chain members.
pub(super) fn object(kind: &str, body: &impl Serialize) -> Result<String, JournalError> {
    let json = serde_json::to_string(body).map_err(|e| JournalError::Io {
        path: PathBuf::new(),
        doing: "encoding a record for",
        source: io::Error::other(e),
    })?;
    let inner = json
        .strip_prefix('{')
        .and_then(|j| j.strip_suffix('}'))
        .unwrap_or("");
    Ok(if inner.is_empty() {
        format!("{{\"record\":\"{kind}\"}}")
    } else {
        format!("{{\"record\":\"{kind}\",{inner}}}")
    })
}
