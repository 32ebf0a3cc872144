//! `verify`: whether a journal is what the tables wrote. The chain and the
//! order of records are checked as the journal is read (`scan`); on top of
//! that every entry is ruled again: its line is read back into the command
//! the dealer keyed and decided afresh, under the house rules embedded in
//! the session record in force, from the state the entries before it left,
//! and the events it gives must be the events recorded. An impossible
//! event (a seat the table does not have, chips from nowhere) is not what
//! the engine decides, so it is caught there; each finished hand's seal
//! must hold the stacks its fold gives, and every hand must keep the
//! engine's invariants (`table::invariants`).
//!
//! Here the journal's bytes come in (mapped, or read while a table holds
//! it) with what to check them against, and a `Verified` or the first bad
//! record goes out. The work is in five files: `parts` cuts a large
//! journal into one part a core and joins what the parts found; `records`
//! takes each record of a part in turn (sessions, hand headers and the
//! chips they carry, the table's records, seals); `ruling` rules each
//! entry again and compares its events, which `events_json` writes as
//! the journal holds them; `report` says the verdict.

mod earlier;
mod events_json;
mod parts;
mod records;
mod report;
mod ruling;

use std::path::Path;

use self::parts::{Begin, PartEnd, check_part, first_chained, in_parts, part_begin};
use self::records::Kept;
pub use self::report::{Verified, VerifyError};
use super::JournalError;
use crate::rules::HouseRules;

/// What to check a journal against.
pub struct VerifyOptions<'a> {
    /// A head noted earlier (at least 8 hex digits, usually the 16 the
    /// screen shows): some record must carry it.
    pub head: Option<String>,
    /// The house rules for hands written before the chain (format 1), which
    /// name their house but do not embed it.
    pub house: &'a (dyn Fn(&str) -> Result<HouseRules, String> + Sync),
}

impl Default for VerifyOptions<'_> {
    fn default() -> Self {
        VerifyOptions {
            head: None,
            house: &|name| HouseRules::load(name).map_err(|e| e.to_string()),
        }
    }
}

/// Verifies the journal at `path` (read without the writer's lock: a
/// table may be writing it).
///
/// When no table holds the journal, it is mapped into memory rather than
/// read (a quarter of the time went to copying it into a new buffer),
/// under a shared lock for as long as it is mapped; while a table holds
/// it, it is read into memory as it stands. The mapping is not populated
/// up front (that was serial, before the parts start): each part's thread
/// faults in its own pages as it reads them.
pub fn verify_file(path: &Path, options: &VerifyOptions) -> Result<Verified, VerifyError> {
    let io = |doing: &'static str| {
        move |source| {
            VerifyError::Journal(JournalError::Io {
                path: path.to_path_buf(),
                doing,
                source,
            })
        }
    };
    let metadata = crate::files::check_regular(path).map_err(io("reading"))?;
    let file = std::fs::File::open(path).map_err(io("reading"))?;
    if metadata.len() > 0 && fs4::FileExt::try_lock_shared(&file).is_ok() {
        // SAFETY: a mapping is undefined behaviour if the file changes
        // under it. Only a journal's writer changes it (appends, and cuts
        // back a write that failed or a torn end), and a writer holds the
        // file's exclusive lock from its opening to its end; while this
        // shared lock is held no writer can take it (a table opening the
        // journal in that moment is told it is in use), so the bytes stay
        // as mapped. The lock goes when `file` is dropped, after `map`.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io("mapping"))?;
        return verify(path, &map, options);
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    std::io::Read::read_to_end(&mut &file, &mut bytes).map_err(io("reading"))?;
    verify(path, &bytes, options)
}

/// Verifies a journal's bytes; `path` names it in errors.
///
/// A large chained journal is checked in parts, one a core, each part
/// beginning at a hand: the chain joins where a part's first record links
/// to the head the part before ends at, the house in force at a part's
/// start is the last session record before it, and hand numbers and seals
/// are checked across the joins. If anything is wrong the whole journal is
/// checked again in one piece, so the first bad record is named exactly as
/// a single pass names it.
pub fn verify(path: &Path, bytes: &[u8], options: &VerifyOptions) -> Result<Verified, VerifyError> {
    let wanted = match &options.head {
        Some(h) => {
            let h = h.trim();
            if !(8..=64).contains(&h.len()) || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(VerifyError::BadHead(h.to_string()));
            }
            Some(h.to_ascii_lowercase())
        }
        None => None,
    };
    let wanted = wanted.as_deref();
    let tally = match in_parts(path, bytes, options.house, wanted) {
        Some(tally) => tally,
        None => check_part(
            path,
            bytes,
            Begin::default(),
            options.house,
            wanted,
            PartEnd::Last,
            &mut Kept::default(),
        )?,
    };
    report::verdict(path, tally, wanted)
}

/// Checks, before a table takes up a journal, what `verify` checks for
/// what the table goes on from: every record from the last new table (the
/// table records its stacks fold from) or the hand before the last,
/// whichever comes first, to the end: the chain, each entry ruled again,
/// the seals, the stacks carried from hand to hand and the table's chips.
/// The end is taken as a writer repairs it (a write never acknowledged
/// dropped, a finished hand's seal written again). A journal without a
/// chain (format 1) is not ruled again here.
pub fn check_for_start(
    path: &Path,
    bytes: &[u8],
    house_for: &(dyn Fn(&str) -> Result<HouseRules, String> + Sync),
) -> Result<(), VerifyError> {
    let Some(chain_at) = first_chained(bytes) else {
        return Ok(());
    };
    // Up to a write never acknowledged, which the writer drops.
    let live = match memchr::memmem::find(bytes, &[b'\n', super::PENDING]) {
        Some(p) => &bytes[..p + 1],
        None => bytes,
    };
    let line_start = |at: usize| memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |p| p + 1);
    let opened = memchr::memmem::rfind(live, b"\"events\":[{\"type\":\"opened\"").map(line_start);
    let hands: Vec<usize> = memchr::memmem::rfind_iter(live, b"\n{\"record\":\"hand\"")
        .take(2)
        .map(|p| p + 1)
        .collect();
    let before_last = hands.get(1).or(hands.first()).copied();
    let from = match (opened, before_last) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(chain_at),
    }
    .max(chain_at);
    let begin = if from == chain_at {
        Begin::default()
    } else {
        part_begin(bytes, from).unwrap_or_default()
    };
    let (part, begin) = if begin.start.is_some() {
        (&bytes[from..], begin)
    } else {
        (bytes, Begin::default())
    };
    check_part(
        path,
        part,
        begin,
        house_for,
        None,
        PartEnd::Repaired,
        &mut Kept::default(),
    )
    .map(|_| ())
}
