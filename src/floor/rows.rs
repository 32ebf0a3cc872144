//! A journal's chained records as the database holds them: one [`Row`] a
//! line, numbered from 0 (`seq`), with the chain members the line ends
//! with. Only what the journal acknowledged is read: a line still marked
//! pending, or not yet ended by its newline, stops the reading until it
//! is.

use crate::journal::PENDING;
use crate::journal::chain::{self, Head};

/// One chained record: the journal's line (no newline) and its links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Its place among the journal's chained records, from 0.
    pub seq: i64,
    /// The hash of the record before (or the journal's genesis).
    pub prev: Head,
    /// Its own hash.
    pub hash: Head,
    /// The line exactly as journaled.
    pub line: String,
}

/// What reading a journal's new bytes gave.
#[derive(Debug, Default)]
pub struct Read {
    /// The records read, in order.
    pub rows: Vec<Row>,
    /// The offset after the last line read (where to read on from).
    pub end: usize,
    /// A line that is not a chained record where one must be, or does not
    /// follow the record before: the reading stops there.
    pub broken: Option<String>,
}

/// Reads the acknowledged chained records of `bytes` from offset `at` (a
/// line's start), the first numbered `seq` and expected to follow `head`
/// (`None`: the first chained record, which may follow anything; lines
/// before the chain, a journal's format-1 part, are passed over).
pub fn rows_from(bytes: &[u8], at: usize, mut seq: i64, mut head: Option<Head>) -> Read {
    let mut read = Read {
        end: at,
        ..Read::default()
    };
    let mut pos = at;
    while pos < bytes.len() {
        let Some(len) = memchr::memchr(b'\n', &bytes[pos..]) else {
            break;
        };
        let line = &bytes[pos..pos + len];
        if line.first() == Some(&PENDING) {
            break;
        }
        let links = chain::links(line);
        match (links, head) {
            (None, None) => {}
            (None, Some(_)) => {
                read.broken = Some(format!("record {seq} is not a chained record"));
                break;
            }
            (Some(l), _) => {
                let follows = head.is_none_or(|h| h == l.prev);
                let text = std::str::from_utf8(line);
                if !follows || l.computed() != l.hash || text.is_err() {
                    read.broken = Some(format!("record {seq} does not follow the one before it"));
                    break;
                }
                read.rows.push(Row {
                    seq,
                    prev: l.prev,
                    hash: l.hash,
                    line: text.unwrap_or_default().to_string(),
                });
                head = Some(l.hash);
                seq += 1;
            }
        }
        pos += len + 1;
        read.end = pos;
    }
    read
}
