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
//! Undo and redo entries (retractions) and acceptances are checked for
//! what they may point at; an entry with no command (the close of a
//! motion) is decided as one.
//!
//! Ruling again is most of the cost, so the events the engine gives are
//! compared with the recorded ones as JSON bytes (this floorcall writes
//! them exactly so), without reading the recorded events at all; only
//! when the bytes differ are they read and compared event by event, to
//! say what differs (or to accept what another floorcall wrote alike in
//! another form).

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::value::RawValue;

use super::{
    Bad, Head, HouseRecord, JournalError, Kind, Order, PartStart, Raw, Record, Seal, chain,
    read_record, scan_part,
};
use crate::notation::parse_line;
use crate::rules::HouseRules;
use crate::session::{Table, TableEvent};
use crate::table::command::Command;
use crate::table::event::{Event, Street};
use crate::table::hand::{Entry, Hand, live_entries, replay};
use crate::table::state::HandState;
use crate::table::{Chips, Seat, decide, invariants};

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
        )?,
    };
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
    check_part(path, part, begin, house_for, None, PartEnd::Repaired).map(|_| ())
}

/// Where the first chained line begins.
fn first_chained(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |e| at + e);
        if chain::links(&bytes[at..end]).is_some() {
            return Some(at);
        }
        at = end + 1;
    }
    None
}

/// How a part that begins at the chained line at `at` begins: the head its
/// first record links to, the lines before it, the house in force (the
/// last session record before it) and no table (it begins before the last
/// new table). `None` when it cannot begin there.
fn part_begin(bytes: &[u8], at: usize) -> Option<Begin> {
    let line_end = at + memchr::memchr(b'\n', &bytes[at..])?;
    let head = chain::links(&bytes[at..line_end])?.prev;
    let session = memchr::memmem::Finder::new(b"\n{\"record\":\"session\"");
    let s_at = match last_in(&session, &bytes[..at]) {
        Some(p) => p + 1,
        None if bytes.starts_with(b"{\"record\":\"session\"") => 0,
        None => return None,
    };
    let s_end = s_at + memchr::memchr(b'\n', &bytes[s_at..])?;
    let Ok(Record::Session(s)) = read_record(&bytes[s_at..s_end], true) else {
        return None;
    };
    let rules = s.house.rules().ok()?;
    let lines_before = memchr::memchr_iter(b'\n', &bytes[..at]).count();
    let chained_from =
        first_chained(bytes).map_or(1, |c| memchr::memchr_iter(b'\n', &bytes[..c]).count() + 1);
    Some(Begin {
        start: Some(PartStart {
            lines_before,
            head,
            chained_from,
        }),
        session: Some(InForce {
            house: Arc::new(s.house),
            rules: Arc::new(rules),
        }),
        table: None,
    })
}

/// What checking a journal, or a part of one, found.
#[derive(Debug, Clone)]
struct Tally {
    hands: usize,
    entries: usize,
    records: usize,
    head: Head,
    chained_from: Option<usize>,
    /// The last record carrying the head asked for (line, hash).
    found: Option<(usize, Head)>,
    dropped: Option<super::Dropped>,
    unterminated: Option<usize>,
    /// The first and last hand numbers.
    first_number: Option<u32>,
    last_number: Option<u32>,
    /// Lines read.
    lines: usize,
    /// The part ends with a finished hand whose seal has not come.
    unsealed_end: bool,
}

/// How a part being checked ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PartEnd {
    /// Another part follows.
    Inner,
    /// It ends the journal.
    Last,
    /// It ends the journal, which a writer opening it repairs: a finished
    /// last hand whose seal was cut off is sealed again.
    Repaired,
}

/// Where a part being checked begins: after `start`, with `session` in
/// force and `table` the fold of the table records before it.
#[derive(Default)]
struct Begin {
    start: Option<PartStart>,
    session: Option<InForce>,
    table: Option<Table>,
}

/// Checks `bytes` (the whole journal, or a part after `begin`).
fn check_part(
    path: &Path,
    bytes: &[u8],
    begin: Begin,
    house_for: &(dyn Fn(&str) -> Result<HouseRules, String> + Sync),
    wanted: Option<&str>,
    end: PartEnd,
) -> Result<Tally, VerifyError> {
    let Begin {
        start,
        session,
        table,
    } = begin;
    let last = end != PartEnd::Inner;
    let mut check = Checker {
        house_for,
        order: Order::default(),
        buf: Vec::with_capacity(4096),
        commands: Commands::default(),
        by_name: HashMap::new(),
        session,
        hand: None,
        hands: 0,
        entries: 0,
        first_number: None,
        last_number: None,
        wanted,
        found: None,
        table,
        fresh_run: false,
    };
    let scanned =
        scan_part(path, bytes, start, |raw| check.visit(raw)).map_err(VerifyError::Journal)?;
    let corrupt = |line: usize, reason: String| {
        VerifyError::Journal(JournalError::Corrupt {
            path: path.to_path_buf(),
            line,
            reason,
        })
    };
    if scanned.dropped_header {
        if !last {
            return Err(corrupt(
                scanned.dropped.as_ref().map_or(0, |d| d.line),
                "the hand has a header but no entries: its start was never written.".into(),
            ));
        }
        // The start of a hand whose first entry was never written: not a
        // hand (the writer drops it when it next opens the journal).
        check.hand = None;
        check.hands -= 1;
    }
    let mut unsealed_end = false;
    if let Some(hand) = check.hand.take() {
        let line = hand.last_line;
        match hand.finish() {
            Err(reason) => return Err(corrupt(line, reason)),
            Ok(Some(unsealed)) if end == PartEnd::Last && scanned.dropped.is_none() => {
                return Err(corrupt(line, unsealed));
            }
            Ok(Some(_)) => unsealed_end = !last,
            Ok(None) => {}
        }
    }
    Ok(Tally {
        hands: check.hands,
        entries: check.entries,
        records: scanned.records,
        head: scanned.head,
        chained_from: scanned.chained_from,
        found: check.found,
        dropped: scanned.dropped,
        unterminated: scanned.unterminated,
        first_number: check.first_number,
        last_number: check.last_number,
        lines: scanned.lines,
        unsealed_end,
    })
}

/// Checks a large chained journal in parts, one a core; `None` when it is
/// not checked so (small, not chained from its first line, or anything
/// wrong: the caller checks it in one piece).
fn in_parts(
    path: &Path,
    bytes: &[u8],
    house_for: &(dyn Fn(&str) -> Result<HouseRules, String> + Sync),
    wanted: Option<&str>,
) -> Option<Tally> {
    let cores = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let first = &bytes[..memchr::memchr(b'\n', bytes)?];
    if cores < 2
        || bytes.len() < 1 << 20
        || !first.starts_with(b"{\"record\":\"session\"")
        || chain::links(first).is_none()
    {
        return None;
    }
    // Each part begins at a hand.
    let hand = memchr::memmem::Finder::new(b"\n{\"record\":\"hand\"");
    let mut starts = vec![0usize];
    for k in 1..cores {
        let target = (bytes.len() / cores * k).max(starts[starts.len() - 1] + 1);
        if let Some(at) = hand.find(&bytes[target..]) {
            starts.push(target + at + 1);
        }
    }
    starts.dedup();
    if starts.len() < 2 {
        return None;
    }
    // Where each later part begins: the head its first record links to,
    // and the house in force (the last session record before it).
    let session = memchr::memmem::Finder::new(b"\n{\"record\":\"session\"");
    let mut begins = Vec::new();
    for &at in &starts[1..] {
        let line_end = at + memchr::memchr(b'\n', &bytes[at..])?;
        let head = chain::links(&bytes[at..line_end])?.prev;
        let s_at = last_in(&session, &bytes[..at]).map_or(0, |p| p + 1);
        let s_end = s_at + memchr::memchr(b'\n', &bytes[s_at..])?;
        let Ok(Record::Session(s)) = read_record(&bytes[s_at..s_end], true) else {
            return None;
        };
        let rules = s.house.rules().ok()?;
        begins.push((
            head,
            InForce {
                house: Arc::new(s.house),
                rules: Arc::new(rules),
            },
        ));
    }
    let mut tables = tables_at(bytes, &starts[1..])?.into_iter();
    let begins: Vec<(Head, InForce, Option<Table>)> = begins
        .into_iter()
        .map(|(head, session)| (head, session, tables.next().flatten()))
        .collect();
    let ends: Vec<usize> = starts[1..].iter().copied().chain([bytes.len()]).collect();
    let parts = starts.len();
    let tallies: Vec<Result<Tally, VerifyError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..parts)
            .map(|k| {
                let part = &bytes[starts[k]..ends[k]];
                let begin = k.checked_sub(1).map(|j| begins[j].clone());
                scope.spawn(move || {
                    let begin = match begin {
                        Some((head, session, table)) => Begin {
                            // Line numbers count from the part's start (they
                            // are only said when all is well, shifted); the
                            // chain began before it.
                            start: Some(PartStart {
                                lines_before: 0,
                                head,
                                chained_from: 0,
                            }),
                            session: Some(session),
                            table,
                        },
                        None => Begin::default(),
                    };
                    let end = if k + 1 == parts {
                        PartEnd::Last
                    } else {
                        PartEnd::Inner
                    };
                    check_part(path, part, begin, house_for, wanted, end)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(VerifyError::BadHead(String::new())))
            })
            .collect()
    });
    let mut total: Option<Tally> = None;
    for (k, tally) in tallies.into_iter().enumerate() {
        let mut t = tally.ok()?;
        let Some(before) = total.as_mut() else {
            total = Some(t);
            continue;
        };
        // The joins: the chain, the seal, the hand numbers.
        let joins = before.head == begins[k - 1].0
            && !before.unsealed_end
            && match (before.last_number, t.first_number) {
                (Some(last), Some(first)) => first == last.checked_add(1)?,
                _ => false,
            };
        if !joins {
            return None;
        }
        let lines = before.lines;
        before.hands += t.hands;
        before.entries += t.entries;
        before.records += t.records;
        before.head = t.head;
        before.last_number = t.last_number;
        before.unsealed_end = t.unsealed_end;
        if let Some((line, hash)) = t.found.take() {
            before.found = Some((line + lines, hash));
        }
        before.dropped = t.dropped.take().map(|mut d| {
            d.line += lines;
            d
        });
        before.unterminated = t.unterminated.map(|l| l + lines);
        before.lines += t.lines;
    }
    total
}

/// Where the last `finder`'s needle in `hay` begins. Searched forward a
/// megabyte at a time from the end back: memchr's reverse search is not
/// vectorised, and went through half the README's journal at a tenth of
/// the forward speed before the parts could start.
fn last_in(finder: &memchr::memmem::Finder, hay: &[u8]) -> Option<usize> {
    const STEP: usize = 1 << 20;
    let reach = finder.needle().len().saturating_sub(1);
    let mut end = hay.len();
    while end > 0 {
        let start = end.saturating_sub(STEP);
        let window = &hay[start..(end + reach).min(hay.len())];
        if let Some(at) = finder.find_iter(window).last() {
            return Some(start + at);
        }
        end = start;
    }
    None
}

/// The rules in force and who wrote under them.
#[derive(Clone)]
struct InForce {
    house: Arc<HouseRecord>,
    rules: Arc<HouseRules>,
}

struct Checker<'a> {
    house_for: &'a (dyn Fn(&str) -> Result<HouseRules, String> + Sync),
    order: Order,
    /// The events ruled again, as JSON (a writer comparing them as they
    /// came, byte by byte, cost a third more than a buffer compared once).
    buf: Vec<u8>,
    /// Lines read back into commands: a journal says `s5 check` and its
    /// like thousands of times, and reading a line costs more than
    /// looking it up.
    commands: Commands,
    by_name: HashMap<String, Result<Arc<HouseRules>, String>>,
    session: Option<InForce>,
    hand: Option<HandCheck>,
    hands: usize,
    entries: usize,
    first_number: Option<u32>,
    last_number: Option<u32>,
    wanted: Option<&'a str>,
    found: Option<(usize, Head)>,
    /// The session's table, folded from its table records.
    table: Option<Table>,
    /// A session record came since the last hand header (a run of
    /// floorcall began, or the house changed).
    fresh_run: bool,
}

/// Notation lines read into commands, kept by line.
#[derive(Default)]
struct Commands(HashMap<String, Option<Command>>);

impl Commands {
    /// At most this many lines are kept (a journal of many amounts has
    /// many lines that come once): past it the table starts again.
    const MOST: usize = 4096;

    /// `parse_line`'s command for `line` (`Some(None)`: a line with no
    /// command); `None` when the line is not notation (not kept).
    fn read(&mut self, line: &str) -> Option<Option<Command>> {
        if let Some(command) = self.0.get(line) {
            return Some(command.clone());
        }
        let command = parse_line(line).ok()?;
        if self.0.len() == Self::MOST {
            self.0.clear();
        }
        self.0.insert(line.to_string(), command.clone());
        Some(command)
    }
}

/// An entry line, its events left as the bytes written.
struct EntryLine<'a> {
    seq: u32,
    line: Option<Cow<'a, str>>,
    events: &'a [u8],
}

/// An entry line read as JSON, its events left as written.
#[derive(Deserialize)]
struct EntryJson<'a> {
    seq: u32,
    #[serde(borrow)]
    line: Option<Cow<'a, str>>,
    #[serde(borrow)]
    events: &'a RawValue,
}

impl<'a> EntryLine<'a> {
    /// Reads an entry line as this floorcall writes it,
    /// `{"record":"entry","seq":N,"line":...,"events":[...],"time":...`,
    /// by position: the events are the bytes between `"events":` and the
    /// fixed time and chain members at the end. `None` for any other form
    /// (the caller then reads it as JSON).
    fn read(raw: &'a [u8]) -> Option<EntryLine<'a>> {
        let rest = raw.strip_prefix(b"{\"record\":\"entry\",\"seq\":")?;
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let seq: u32 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
        let rest = rest[digits..].strip_prefix(b",\"line\":")?;
        let (line, rest) = if let Some(rest) = rest.strip_prefix(b"null") {
            (None, rest)
        } else {
            let body = rest.strip_prefix(b"\"")?;
            let mut i = 0;
            let mut escaped = false;
            while i < body.len() && body[i] != b'"' {
                escaped |= body[i] == b'\\';
                i += if body[i] == b'\\' { 2 } else { 1 };
            }
            let text = body.get(..i)?;
            let line = if escaped {
                Cow::Owned(serde_json::from_slice::<String>(rest.get(..i + 2)?).ok()?)
            } else {
                Cow::Borrowed(std::str::from_utf8(text).ok()?)
            };
            (Some(line), body.get(i + 1..)?)
        };
        let rest = rest.strip_prefix(b",\"events\":")?;
        // The time and offset (52 bytes), prev (74) and hash (75) members
        // close the line; the scan has checked them in place.
        const TAIL: usize = 52 + 74 + 75;
        let events = rest.get(..rest.len().checked_sub(TAIL)?)?;
        if !events.starts_with(b"[") || !events.ends_with(b"]") {
            return None;
        }
        Some(EntryLine { seq, line, events })
    }
}

impl Checker<'_> {
    fn visit(&mut self, raw: &Raw) -> Result<(), Bad> {
        if let (Some(wanted), Some(hash)) = (self.wanted, raw.hash)
            && hash.starts_with(wanted)
        {
            self.found = Some((raw.line, hash));
        }
        if raw.kind == Kind::Entry && raw.chained {
            return self.entry_line(raw);
        }
        let record = read_record(raw.bytes, raw.chained)?;
        self.order.record(raw.line, &record)?;
        match record {
            Record::Session(s) => {
                self.close_if_unsealed()?;
                self.fresh_run = true;
                let house = Arc::new(s.house);
                let same = self
                    .session
                    .as_ref()
                    .is_some_and(|now| *now.house == *house);
                if !same {
                    let rules = house.rules().map_err(|e| {
                        format!("the house rules embedded in the session record do not load: {e}")
                    })?;
                    self.session = Some(InForce {
                        house,
                        rules: Arc::new(rules),
                    });
                }
            }
            Record::Hand(header) => {
                self.close_if_unsealed()?;
                let previous = self.hand.take();
                let ended = previous
                    .as_ref()
                    .filter(|h| h.state.street == Street::Done)
                    .map(|h| (h.number, h.state.clone()));
                if let Some(hand) = previous
                    && let Some(unsealed) = hand.finish()?
                {
                    return Err(unsealed.into());
                }
                if let Some(last) = self.last_number
                    && header.number != last.saturating_add(1)
                {
                    return Err(format!(
                        "hand {} follows hand {last}: hand numbers go up by one (a hand was removed, repeated or moved).",
                        header.number
                    )
                    .into());
                }
                self.carried(&header, ended.as_ref())?;
                self.fresh_run = false;
                self.last_number = Some(header.number);
                self.first_number.get_or_insert(header.number);
                self.hands += 1;
                self.hand = Some(HandCheck {
                    number: header.number,
                    house: header.house,
                    setup: header.setup,
                    entries: Vec::new(),
                    state: HandState::default(),
                    rules: None,
                    chained: raw.chained,
                    sealed: false,
                    last_line: raw.line,
                });
            }
            Record::Entry(entry) => {
                let rules = self.rules_for(raw.chained)?;
                let hand = self.hand_at(raw)?;
                hand.rules = Some(rules.clone());
                hand.entry(entry, &rules)?;
                self.entries += 1;
            }
            Record::Table(record) => {
                // The table's fold: its chips must add up between hands
                // (the starting stacks, what was added, what left), and a
                // hand's end must be what the hand left.
                for event in &record.events {
                    self.table_event(event)?;
                }
                if let Some(table) = self.table.as_ref().filter(|t| !t.in_hand)
                    && table.chips_seated() != table.chips_expected()
                {
                    return Err(format!(
                        "the table has {} chips in its seats, but its starts, additions and departures come to {}: a table record was changed or removed.",
                        table.chips_seated(),
                        table.chips_expected()
                    )
                    .into());
                }
            }
            Record::Seal(seal) => {
                let hand = self
                    .hand
                    .as_mut()
                    .ok_or_else(|| "a seal comes before any hand.".to_string())?;
                hand.seal(&seal)?;
                hand.last_line = raw.line;
            }
        }
        Ok(())
    }

    /// Folds one table event, after checking what it says of chips: no
    /// amount above the most a table may hold, and a hand's end as the
    /// hand left it.
    fn table_event(&mut self, event: &TableEvent) -> Result<(), String> {
        if let Some(chips) = table_chips(event).find(|c| *c > Chips::MAX_TABLE) {
            return Err(format!(
                "a table record gives {chips} chips, more than the most a table may have in play, {}.",
                Chips::MAX_TABLE
            ));
        }
        match event {
            TableEvent::Opened { .. } => {
                self.table = Some(Table::new(
                    Seat::from_index(0),
                    Default::default(),
                    Vec::new(),
                ));
            }
            TableEvent::HandEnded { stacks, .. } => {
                if let Some(hand) = self.hand.as_ref() {
                    if hand.state.street != Street::Done {
                        return Err(format!(
                            "the table records the end of hand {}, but the hand is not over: it is on the {}.",
                            hand.number, hand.state.street
                        ));
                    }
                    let left = stacks_left(&hand.state);
                    if *stacks != left {
                        return Err(format!(
                            "the table records hand {} ending with the stacks {}, but the hand's entries leave {}.",
                            hand.number,
                            stacks_text(stacks),
                            stacks_text(&left)
                        ));
                    }
                }
            }
            // A stop between a hand's seal and the table's record of its
            // end: the table takes the end when the next hand begins, as a
            // start does (`table_of`).
            TableEvent::HandBegun { .. } => {
                if let (Some(table), Some(hand)) = (self.table.as_mut(), self.hand.as_ref())
                    && table.in_hand
                    && table.hand == hand.number
                    && hand.state.street == Street::Done
                {
                    for e in table.hand_over(&hand.state) {
                        table.apply(&e);
                    }
                }
            }
            _ => {}
        }
        if let Some(table) = self.table.as_mut() {
            table.apply(event);
            if table.chips_seated() > Chips::MAX_TABLE.get() {
                return Err(format!(
                    "the table's seats hold {} chips, more than the most a table may have in play, {}.",
                    Chips(table.chips_seated()),
                    Chips::MAX_TABLE
                ));
            }
        }
        Ok(())
    }

    /// Checks that hand `header` starts each seat with the chips it was
    /// left: what the table holds for it (the last hand's end and the
    /// table's records since), or, in a run that keeps no table, what the
    /// hand before (`ended`, its number and final state) left.
    fn carried(
        &mut self,
        header: &super::HandHeader,
        ended: Option<&(u32, HandState)>,
    ) -> Result<(), String> {
        let number = header.number;
        if let Some(table) = self.table.as_mut() {
            // The last hand's end, if the table never took it (see
            // `table_event`).
            if let Some((last, state)) = ended
                && table.in_hand
                && table.hand == *last
            {
                for e in table.hand_over(state) {
                    table.apply(&e);
                }
            }
            for (seat, chips) in &header.setup.stacks {
                match table.seats.get(seat).map(|p| p.chips) {
                    Some(held) if held == *chips => {}
                    Some(held) => {
                        return Err(format!(
                            "hand {number} starts seat {} with {chips} chips, but the table holds {held} for it (what the last hand left and the table's records since): chips were changed between the hands.",
                            seat.number()
                        ));
                    }
                    None => {
                        return Err(format!(
                            "hand {number} deals seat {}, where the table seats no one: chips were changed between the hands.",
                            seat.number()
                        ));
                    }
                }
            }
        } else if let Some((last, state)) = ended
            && !self.fresh_run
        {
            // Within a run without a table, the next hand carries every
            // stack left (seats with none leave).
            let carried: Vec<(Seat, Chips)> = stacks_left(state)
                .into_iter()
                .filter(|(_, c)| !c.is_zero())
                .collect();
            if header.setup.stacks != carried {
                return Err(format!(
                    "hand {number} starts with the stacks {}, but hand {last} left {}: chips were changed between the hands.",
                    stacks_text(&header.setup.stacks),
                    stacks_text(&carried)
                ));
            }
        }
        Ok(())
    }

    /// A chained entry: ruled again and compared as bytes; read whole only
    /// when the bytes differ or it is a retraction or an acceptance.
    fn entry_line(&mut self, raw: &Raw) -> Result<(), Bad> {
        let line = match EntryLine::read(raw.bytes) {
            Some(line) => line,
            None => {
                let json: EntryJson = serde_json::from_slice(raw.bytes)
                    .map_err(|e| format!("the line is not a journal record ({e})."))?;
                EntryLine {
                    seq: json.seq,
                    line: json.line,
                    events: json.events.get().as_bytes(),
                }
            }
        };
        let events = line.events;
        let whole = events.starts_with(b"[{\"event\":\"entry-retracted\"")
            || events.starts_with(b"[{\"event\":\"rulings-accepted\"");
        if !whole {
            self.order.entry_seq(line.seq)?;
            let rules = self.rules_for(true)?;
            let (buf, commands) = (&mut self.buf, &mut self.commands);
            let hand = self
                .hand
                .as_mut()
                .ok_or_else(|| "an entry comes before any hand.".to_string())?;
            hand.rules = Some(rules.clone());
            hand.chained = true;
            hand.sealed = false;
            hand.last_line = raw.line;
            if hand.ruled_alike(
                line.seq,
                line.line.as_deref(),
                events,
                &rules,
                buf,
                commands,
            )? {
                self.entries += 1;
                return Ok(());
            }
            // Not alike as bytes: read it whole, to check it in full and
            // say what differs.
            self.order.unsee_entry();
        }
        let record = read_record(raw.bytes, true)?;
        self.order.record(raw.line, &record)?;
        let Record::Entry(entry) = record else {
            return Err("the line is not an entry.".to_string().into());
        };
        let rules = self.rules_for(true)?;
        let hand = self.hand_at(raw)?;
        hand.rules = Some(rules.clone());
        hand.entry(entry, &rules)?;
        self.entries += 1;
        Ok(())
    }

    fn hand_at(&mut self, raw: &Raw) -> Result<&mut HandCheck, Bad> {
        let hand = self
            .hand
            .as_mut()
            .ok_or_else(|| "an entry comes before any hand.".to_string())?;
        hand.chained = raw.chained;
        hand.sealed = false;
        hand.last_line = raw.line;
        Ok(hand)
    }

    /// The rules in force: the session's for a chained record, else the
    /// hand's house by name.
    fn rules_for(&mut self, chained: bool) -> Result<Arc<HouseRules>, String> {
        match &self.session {
            Some(s) if chained => Ok(s.rules.clone()),
            _ => self.rules_by_name(),
        }
    }

    /// A finished hand must end with its seal before anything else.
    fn close_if_unsealed(&self) -> Result<(), String> {
        match self.hand.as_ref().and_then(HandCheck::unsealed) {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }

    /// The rules of a format-1 hand, by the name in its header.
    fn rules_by_name(&mut self) -> Result<Arc<HouseRules>, String> {
        let name = self
            .hand
            .as_ref()
            .map(|h| h.house.clone())
            .ok_or_else(|| "an entry comes before any hand.".to_string())?;
        let house_for = self.house_for;
        self.by_name
            .entry(name.clone())
            .or_insert_with(|| house_for(&name).map(Arc::new))
            .clone()
            .map_err(|e| {
                format!(
                    "the hand was written before the journal embedded its house rules, and its house \"{name}\" does not load here: {e}"
                )
            })
    }
}

/// Each occupied seat's chips in `state`.
fn stacks_left(state: &HandState) -> Vec<(Seat, Chips)> {
    state.occupied().map(|s| (s, state.seat(s).stack)).collect()
}

/// Stacks as the messages say them: `seat 1 4,500, seat 2 5,500`.
fn stacks_text(stacks: &[(Seat, Chips)]) -> String {
    stacks
        .iter()
        .map(|(seat, chips)| format!("seat {} {chips}", seat.number()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chip amounts a table event gives a seat or the ledger.
fn table_chips(event: &TableEvent) -> Box<dyn Iterator<Item = Chips> + '_> {
    match event {
        TableEvent::PlayerSeated { chips, .. }
        | TableEvent::PlayerLeft { chips, .. }
        | TableEvent::ChipsAdded { chips, .. } => Box::new(std::iter::once(*chips)),
        TableEvent::HandEnded { stacks, .. } => Box::new(stacks.iter().map(|(_, c)| *c)),
        TableEvent::ColouredUp { changes, .. } => {
            Box::new(changes.iter().flat_map(|c| [c.before, c.after]))
        }
        _ => Box::new(std::iter::empty()),
    }
}

/// The table each part that begins at `starts` (byte offsets, in order)
/// begins with: the fold of the table records before it, from the last
/// new table (`None`: no new table before it). `None` when a table record
/// does not read (the caller checks in one piece, which names it).
fn tables_at(bytes: &[u8], starts: &[usize]) -> Option<Vec<Option<Table>>> {
    let finder = memchr::memmem::Finder::new(b"\n{\"record\":\"table\"");
    let mut table: Option<Table> = None;
    let mut out = Vec::with_capacity(starts.len());
    let mut next = starts.iter().peekable();
    for at in finder.find_iter(bytes).map(|p| p + 1) {
        while next.peek().is_some_and(|s| **s <= at) {
            next.next();
            out.push(table.clone());
        }
        if next.peek().is_none() {
            break;
        }
        let end = at + memchr::memchr(b'\n', &bytes[at..])?;
        let Ok(Record::Table(record)) = read_record(&bytes[at..end], true) else {
            return None;
        };
        for event in &record.events {
            if matches!(event, TableEvent::Opened { .. }) {
                table = Some(Table::new(
                    Seat::from_index(0),
                    Default::default(),
                    Vec::new(),
                ));
            }
            if let Some(t) = table.as_mut() {
                t.apply(event);
            }
        }
    }
    out.extend(next.map(|_| table.clone()));
    Some(out)
}

/// One hand being checked.
struct HandCheck {
    number: u32,
    house: String,
    setup: crate::table::event::TableSetup,
    entries: Vec<Entry>,
    state: HandState,
    rules: Option<Arc<HouseRules>>,
    chained: bool,
    sealed: bool,
    last_line: usize,
}

impl HandCheck {
    /// Rules an entry again and compares the events it gives, as JSON, with
    /// the recorded `events`; when alike, takes the entry. `Ok(false)`: not
    /// alike as bytes (the caller reads it whole).
    fn ruled_alike(
        &mut self,
        seq: u32,
        line: Option<&str>,
        events: &[u8],
        rules: &HouseRules,
        buf: &mut Vec<u8>,
        commands: &mut Commands,
    ) -> Result<bool, String> {
        let command = if seq == 0 {
            Command::StartHand(self.setup.clone())
        } else {
            match line.map(|line| commands.read(line)) {
                Some(Some(Some(command))) => command,
                Some(Some(None)) | None => Command::Resolve,
                Some(None) => return Ok(false),
            }
        };
        let Ok(decided) = decide(&self.state, rules, &command) else {
            return Ok(false);
        };
        buf.clear();
        serde_json::to_writer(&mut *buf, &decided)
            .map_err(|e| format!("the events of entry {seq} cannot be written as JSON: {e}"))?;
        if buf.as_slice() != events {
            return Ok(false);
        }
        for e in &decided {
            self.state.apply(e);
        }
        self.entries.push(Entry {
            seq,
            line: line.map(str::to_string),
            events: decided,
        });
        Ok(true)
    }

    /// Rules one entry again: the events recorded must be the events the
    /// engine gives for it now.
    fn entry(&mut self, entry: Entry, rules: &HouseRules) -> Result<(), String> {
        let seq = entry.seq;
        match entry.events.as_slice() {
            [Event::EntryRetracted { entry: target }] if seq > 0 => {
                self.retraction(seq, *target)?;
                self.entries.push(entry);
                self.state = replay(&self.entries);
                return Ok(());
            }
            [Event::RulingsAccepted { entry: target }] if seq > 0 => {
                let live = live_entries(&self.entries);
                let suggested = self.entries.get(*target as usize).is_some_and(|e| {
                    e.events
                        .iter()
                        .any(|ev| matches!(ev, Event::RulingSuggested { .. }))
                });
                if !suggested || !live.get(*target as usize).copied().unwrap_or(false) {
                    return Err(format!(
                        "entry {seq} of hand {} accepts the rulings of entry {target}, which has none in force.",
                        self.number
                    ));
                }
                for e in &entry.events {
                    self.state.apply(e);
                }
                self.entries.push(entry);
                return Ok(());
            }
            _ => {}
        }
        let command = if seq == 0 {
            Command::StartHand(self.setup.clone())
        } else {
            match entry.line.as_deref().map(parse_line) {
                Some(Ok(Some(command))) => command,
                // A line with no command (a comment: the close of a
                // motion) and no line at all are a motion bound.
                Some(Ok(None)) | None => Command::Resolve,
                Some(Err(e)) => {
                    return Err(format!(
                        "entry {seq} of hand {}: its line \"{}\" is not table notation (column {}: {}).",
                        self.number,
                        entry.line.as_deref().unwrap_or_default(),
                        e.column,
                        e.message
                    ));
                }
            }
        };
        // Said only when something is wrong: most entries need no words.
        let what = || match entry.line.as_deref() {
            Some(line) => format!("entry {seq} of hand {} (\"{line}\")", self.number),
            None if seq == 0 => format!("the start of hand {}", self.number),
            None => format!("entry {seq} of hand {}", self.number),
        };
        let decided = decide(&self.state, rules, &command).map_err(|refusal| {
            format!(
                "{} is refused under the house rules in force ({}): {refusal}",
                what(),
                rules.name
            )
        })?;
        if decided != entry.events {
            let at = decided
                .iter()
                .zip(&entry.events)
                .position(|(a, b)| a != b)
                .unwrap_or(decided.len().min(entry.events.len()));
            let recorded = entry
                .events
                .get(at)
                .map_or("nothing".to_string(), |e| format!("\"{e}\""));
            let given = decided
                .get(at)
                .map_or("nothing".to_string(), |e| format!("\"{e}\""));
            return Err(format!(
                "{}: the events recorded are not what the house rules in force ({}) give. Event {} is recorded as {recorded}, and ruling the entry again gives {given}.",
                what(),
                rules.name,
                at + 1
            ));
        }
        for e in &entry.events {
            self.state.apply(e);
        }
        self.entries.push(entry);
        Ok(())
    }

    /// An undo retracts the last live entry that is neither a retraction
    /// nor an acceptance; a redo retracts a live undo.
    fn retraction(&self, seq: u32, target: u32) -> Result<(), String> {
        let live = live_entries(&self.entries);
        let Some(t) = self.entries.get(target as usize) else {
            return Err(format!(
                "entry {seq} of hand {} retracts entry {target}, which does not exist.",
                self.number
            ));
        };
        if target == 0 {
            return Err(format!(
                "entry {seq} of hand {} retracts the start of the hand, which no undo does.",
                self.number
            ));
        }
        if !live[target as usize] {
            return Err(format!(
                "entry {seq} of hand {} retracts entry {target}, which was already retracted.",
                self.number
            ));
        }
        if t.retracted_target().is_none() {
            let last = self
                .entries
                .iter()
                .rev()
                .find(|e| {
                    e.seq > 0
                        && live[e.seq as usize]
                        && e.retracted_target().is_none()
                        && !e.is_acceptance()
                })
                .map(|e| e.seq);
            if last != Some(target) {
                return Err(format!(
                    "entry {seq} of hand {} undoes entry {target}, but an undo takes back the last entry in force ({}).",
                    self.number,
                    last.map_or("none".to_string(), |l| format!("entry {l}"))
                ));
            }
        }
        Ok(())
    }

    fn seal(&mut self, seal: &Seal) -> Result<(), String> {
        if self.state.street != Street::Done {
            return Err(format!(
                "hand {} is sealed, but it is not over: it is on the {}.",
                self.number, self.state.street
            ));
        }
        let fold = Seal::of(self.number, &self.entries, &self.state);
        if fold.as_ref() != Some(seal) {
            let stacks = |s: &Seal| {
                s.stacks
                    .iter()
                    .map(|(seat, chips)| format!("{seat} {chips}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(format!(
                "the seal of hand {} gives the stacks as {}, but the hand's entries leave {}.",
                self.number,
                stacks(seal),
                fold.as_ref().map_or(String::new(), stacks)
            ));
        }
        self.sealed = true;
        Ok(())
    }

    /// Why a finished hand cannot end here, if it cannot: its last record
    /// must be its seal.
    fn unsealed(&self) -> Option<String> {
        (self.chained && !self.sealed && self.state.street == Street::Done).then(|| {
            format!(
                "hand {} is over, but its seal is missing: the write that finished it ends with one (it was removed, or records after it).",
                self.number
            )
        })
    }

    /// Checks the hand as it stands at its last record; returns why it may
    /// not end here (a missing seal), for the caller to weigh.
    fn finish(self) -> Result<Option<String>, String> {
        let unsealed = self.unsealed();
        if let Some(rules) = &self.rules {
            // The state kept entry by entry, which the check compares
            // with the entries' fold.
            let hand = Hand::with_state(self.entries, self.state, Arc::clone(rules));
            invariants::check(&hand)
                .map_err(|broken| format!("hand {} breaks an invariant: {broken}.", self.number))?;
        }
        Ok(unsealed)
    }
}
