//! Loading: a journal file's bytes come in, and what it holds comes out
//! (`Loaded`: its hands as `JournalHand`s, the table's records, the house
//! rules in force, the chain's head, and what a repair would cut off the
//! end), or a `JournalError` naming the file and the line. `parse` drives
//! the line scan (`scan`) and the order check (`order`) and gathers the
//! records into hands; it changes nothing on disk.

use std::path::Path;
use std::sync::Arc;

use super::order::Order;
use super::scan::{Dropped, read_raw, scan};
use super::{HandHeader, Head, HouseRecord, JournalError, Record, Stamp, TableRecord};
use crate::rules::HouseRules;
use crate::table::event::Street;
use crate::table::hand::Entry;

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
    pub(super) good_len: u64,
    /// The length of the file.
    pub(super) file_len: u64,
}

impl Loaded {
    /// Whether the journal carries a hash chain.
    pub fn is_chained(&self) -> bool {
        self.chained_from.is_some()
    }

    /// The last hand, if it is over but its seal is missing (its last write
    /// was cut after the entry that finished it).
    pub(super) fn unsealed_last(&self) -> Option<&JournalHand> {
        self.hands
            .last()
            .filter(|h| !h.sealed && self.is_chained() && !h.is_unfinished())
    }
}

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
        let record = read_raw(raw)?;
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
