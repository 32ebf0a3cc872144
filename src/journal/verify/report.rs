//! The verdict: what checking a journal found (a `Tally`) comes in, and
//! goes out as a `Verified` (counts, the head, notes worth saying) or a
//! `VerifyError`, with the sentences the command prints.

use std::path::{Path, PathBuf};

use crate::journal::{Dropped, Head, JournalError};
use crate::table::{Chips, Seat};

/// What checking a journal, or a part of one, found.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    pub(super) hands: usize,
    pub(super) entries: usize,
    pub(super) records: usize,
    pub(super) head: Head,
    pub(super) chained_from: Option<usize>,
    /// The last record carrying the head asked for (line, hash).
    pub(super) found: Option<(usize, Head)>,
    pub(super) dropped: Option<Dropped>,
    pub(super) unterminated: Option<usize>,
    /// The first and last hand numbers.
    pub(super) first_number: Option<u32>,
    pub(super) last_number: Option<u32>,
    /// Lines read.
    pub(super) lines: usize,
    /// The part ends with a finished hand whose seal has not come.
    pub(super) unsealed_end: bool,
    /// The stacks the part's first hand starts with, not checked within
    /// it (`Checker::opening`), and those its last hand leaves for the
    /// next (`Checker::closing`): where two parts meet, the one must be
    /// the other.
    pub(super) opening: Option<Vec<(Seat, Chips)>>,
    pub(super) closing: Option<Vec<(Seat, Chips)>>,
}

/// A journal that verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Hands.
    pub hands: usize,
    /// Entries.
    pub entries: usize,
    /// Records of every kind.
    pub records: usize,
    /// The chain's head at the end.
    pub head: Head,
    /// The line of the first chained record; `None`: the journal carries no
    /// chain (format 1), so edits to it cannot be detected.
    pub chained_from: Option<usize>,
    /// Things worth saying that are not errors, as sentences.
    pub notes: Vec<String>,
}

impl Verified {
    /// The one-line verdict: `OK: N hands, M entries, head <16 hex>`.
    pub fn summary(&self) -> String {
        format!(
            "OK: {} hands, {} entries, head {}",
            self.hands,
            self.entries,
            self.head.short()
        )
    }
}

/// Why a journal did not verify.
#[derive(Debug)]
pub enum VerifyError {
    /// It could not be read, or a record is bad (file, line, what).
    Journal(JournalError),
    /// No record carries the head given.
    HeadMissing {
        /// The journal.
        path: PathBuf,
        /// The head given.
        head: String,
        /// The head the journal ends at.
        actual: Head,
        /// Records in the journal.
        records: usize,
    },
    /// The head given is not a hex prefix of 8 to 64 digits.
    BadHead(String),
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VerifyError::Journal(e) => write!(f, "{e}"),
            VerifyError::HeadMissing {
                path,
                head,
                actual,
                records,
            } => write!(
                f,
                "{}: no record carries the head {head} that was noted: records written up to it are missing (the end was cut off, or the chain was rewritten). The journal's {records} records end at head {}.",
                path.display(),
                actual.short()
            ),
            VerifyError::BadHead(head) => write!(
                f,
                "\"{head}\" is not a head: give 8 to 64 hex digits, as the table screen shows them (16)."
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

/// The verdict on a journal checked whole (`tally`): the counts and the
/// head, with what is worth saying besides (a torn end, a missing last
/// newline, where the head noted was found), or the head noted missing.
pub(super) fn verdict(
    path: &Path,
    tally: Tally,
    wanted: Option<&str>,
) -> Result<Verified, VerifyError> {
    let mut notes = Vec::new();
    if let Some(d) = &tally.dropped {
        notes.push(format!(
            "Line {} on ({} bytes) is {}: a write in progress, or cut off by a crash; it is not counted, and floorcall drops it when it next opens the journal.",
            d.line, d.bytes, d.what
        ));
    }
    if let Some(line) = tally.unterminated {
        notes.push(format!(
            "Line {line}, the last, is a whole record without its final newline."
        ));
    }
    if let Some(wanted) = wanted {
        match tally.found {
            Some((line, hash)) if hash == tally.head => {
                notes.push(format!(
                    "The head noted ({wanted}) is the last record's (line {line}): nothing was written after it."
                ));
            }
            Some((line, _)) => {
                notes.push(format!(
                    "The head noted ({wanted}) is line {line}'s; the journal goes on after it."
                ));
            }
            None if tally.chained_from.is_none() && tally.head.starts_with(wanted) => {}
            None => {
                return Err(VerifyError::HeadMissing {
                    path: path.to_path_buf(),
                    head: wanted.to_string(),
                    actual: tally.head,
                    records: tally.records,
                });
            }
        }
    }
    Ok(Verified {
        hands: tally.hands,
        entries: tally.entries,
        records: tally.records,
        head: tally.head,
        chained_from: tally.chained_from,
        notes,
    })
}
