//! A journal checked in parts, one a core: the bytes of a large chained
//! journal come in and are cut at hand headers; each part goes out to a
//! thread with how it begins (the head its first record links to, the
//! house in force, the table folded from the records before it) and its
//! `Tally` comes back. The tallies are joined where the chain, the seals
//! and the hand numbers meet; anything amiss and the caller checks the
//! journal in one piece, which names the first bad record exactly.

use std::path::Path;
use std::sync::Arc;

use super::records::{Checker, InForce};
use super::report::{Tally, VerifyError};
use crate::journal::{Head, JournalError, PartStart, Record, chain, read_record, scan_part};
use crate::rules::HouseRules;
use crate::session::{Table, TableEvent};
use crate::table::Seat;

/// Where the first chained line begins.
pub(super) fn first_chained(bytes: &[u8]) -> Option<usize> {
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
pub(super) fn part_begin(bytes: &[u8], at: usize) -> Option<Begin> {
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

/// How a part being checked ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PartEnd {
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
pub(super) struct Begin {
    pub(super) start: Option<PartStart>,
    pub(super) session: Option<InForce>,
    pub(super) table: Option<Table>,
}

/// Checks `bytes` (the whole journal, or a part after `begin`).
pub(super) fn check_part(
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
    let mut check = Checker::new(house_for, session, table, wanted);
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
pub(super) fn in_parts(
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
    let ends: Vec<usize> = starts[1..].iter().copied().chain([bytes.len()]).collect();
    let parts = starts.len();
    let end_of = |k: usize| {
        if k + 1 == parts {
            PartEnd::Last
        } else {
            PartEnd::Inner
        }
    };
    let (begins, tallies) = std::thread::scope(|scope| {
        // The first part begins with the journal: it starts at once, while
        // this thread finds where the others begin (a walk over the bytes
        // before the last part, on one core).
        let first = &bytes[..ends[0]];
        let first = scope
            .spawn(move || check_part(path, first, Begin::default(), house_for, wanted, end_of(0)));
        let begins = later_begins(bytes, &starts[1..])?;
        let handles: Vec<_> = (1..parts)
            .map(|k| {
                let part = &bytes[starts[k]..ends[k]];
                let (head, session, table) = begins[k - 1].clone();
                scope.spawn(move || {
                    let begin = Begin {
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
                    };
                    check_part(path, part, begin, house_for, wanted, end_of(k))
                })
            })
            .collect();
        let tallies: Vec<Result<Tally, VerifyError>> = std::iter::once(first)
            .chain(handles)
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(VerifyError::BadHead(String::new())))
            })
            .collect();
        Some((begins, tallies))
    })?;
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

/// How each part that begins at `starts` (byte offsets of hand headers,
/// in order, after the first part) begins: the head its first record
/// links to, the house in force (the last session record before it) and
/// the table folded from the table records before it. `None` when one
/// cannot be found or read (the caller checks in one piece).
fn later_begins(bytes: &[u8], starts: &[usize]) -> Option<Vec<(Head, InForce, Option<Table>)>> {
    let marks = Landmarks::before(bytes, *starts.last()?);
    let mut tables = tables_at(bytes, &marks.tables, starts)?.into_iter();
    let mut begins = Vec::with_capacity(starts.len());
    for &at in starts {
        let line_end = at + memchr::memchr(b'\n', &bytes[at..])?;
        let head = chain::links(&bytes[at..line_end])?.prev;
        let s_at = marks.sessions[..marks.sessions.partition_point(|&s| s < at)]
            .last()
            .copied()
            .unwrap_or(0);
        let s_end = s_at + memchr::memchr(b'\n', &bytes[s_at..])?;
        let Ok(Record::Session(s)) = read_record(&bytes[s_at..s_end], true) else {
            return None;
        };
        let rules = s.house.rules().ok()?;
        let session = InForce {
            house: Arc::new(s.house),
            rules: Arc::new(rules),
        };
        begins.push((head, session, tables.next().flatten()));
    }
    Some(begins)
}

/// Where the session and table records before a point begin, found
/// before the later parts start (while the first part is checked, on
/// the other core): a walk from line to line
/// that reads the kind at each line's start and jumps the chain's tail,
/// which every chained line has, before looking for its end. (Searching
/// the bytes for `\n{"record":"table"` and the like took about 5% of
/// verify's time, all before the later parts could start: in JSON no byte of
/// them is rare.) A line shorter than the tail is no chained
/// record: the part that holds it fails, and the journal is checked in
/// one piece.
struct Landmarks {
    sessions: Vec<usize>,
    tables: Vec<usize>,
}

impl Landmarks {
    fn before(bytes: &[u8], end: usize) -> Landmarks {
        let mut marks = Landmarks {
            sessions: Vec::new(),
            tables: Vec::new(),
        };
        let mut at = 0;
        while at < end {
            let line = &bytes[at..];
            if line.starts_with(b"{\"record\":\"session\"") {
                marks.sessions.push(at);
            } else if line.starts_with(b"{\"record\":\"table\"") {
                marks.tables.push(at);
            }
            let skip = chain::TAIL.min(line.len());
            match memchr::memchr(b'\n', &line[skip..]) {
                Some(e) => at += skip + e + 1,
                None => break,
            }
        }
        marks
    }
}

/// Where the last `finder`'s needle in `hay` begins. Searched forward a
/// megabyte at a time from the end back (memchr's reverse search is not
/// vectorised), so a session record near the end is found at once.
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

/// The table each part that begins at `starts` (byte offsets, in order)
/// begins with: the fold of the table records at `tables` (their offsets,
/// in order) before it, from the last new table (`None`: no new table
/// before it). `None` when a table record does not read (the caller
/// checks in one piece, which names it).
fn tables_at(bytes: &[u8], tables: &[usize], starts: &[usize]) -> Option<Vec<Option<Table>>> {
    let mut table: Option<Table> = None;
    let mut out = Vec::with_capacity(starts.len());
    let mut next = starts.iter().peekable();
    for &at in tables {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_finds_every_session_and_table_record_before_the_point() {
        let mut head = Head::default();
        let mut bytes = String::new();
        let mut starts = Vec::new();
        for object in [
            "{\"record\":\"session\",\"n\":1}",
            "{\"record\":\"hand\",\"note\":\"{\\\"record\\\":\\\"table\\\"\"}",
            "{\"record\":\"table\",\"n\":2}",
            "{\"record\":\"entry\",\"seq\":0}",
            "{\"record\":\"session\",\"n\":3}",
            "{\"record\":\"table\",\"n\":4}",
        ] {
            starts.push(bytes.len());
            let (line, hash) = chain::seal_line(&head, object);
            bytes.push_str(&line);
            head = hash;
        }
        let bytes = bytes.as_bytes();
        let all = Landmarks::before(bytes, bytes.len());
        assert_eq!(all.sessions, vec![starts[0], starts[4]]);
        assert_eq!(all.tables, vec![starts[2], starts[5]]);
        // Up to the fifth line: the records before it.
        let some = Landmarks::before(bytes, starts[4]);
        assert_eq!(some.sessions, vec![starts[0]]);
        assert_eq!(some.tables, vec![starts[2]]);
    }
}
