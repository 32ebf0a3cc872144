//! A journal checked in parts, one a core: the bytes of a large chained
//! journal come in and are cut at hand headers; each part goes out to a
//! thread with how it begins (the head its first record links to, the
//! house in force, the table folded from the records before it) and its
//! `Tally` comes back. The tallies are joined where the chain, the seals
//! and the hand numbers meet; anything amiss and the caller checks the
//! journal in one piece, which names the first bad record exactly.

use std::path::Path;
use std::sync::Arc;

use super::records::{Checker, InForce, Kept};
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
    kept: &mut Kept,
) -> Result<Tally, VerifyError> {
    let Begin {
        start,
        session,
        table,
    } = begin;
    let last = end != PartEnd::Inner;
    let mut check = Checker::new(house_for, session, table, wanted, kept);
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
    let closing = check.closing();
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
        opening: check.opening,
        closing,
    })
}

/// Checks a large chained journal in parts; `None` when it is not
/// checked so (small, not chained from its first line, or anything wrong:
/// the caller checks it in one piece).
///
/// The journal is cut at hand headers into a few parts a core, which one
/// thread a core takes in turn, the next free part each time. The parts
/// grow smaller towards the end (`TAPER`), so that the cores finish
/// together: with parts of one size, one core sat idle at the end for
/// half a part on average (4.6 ms of 185, over eight runs). The first
/// part begins with the journal and starts at once; how each later part
/// begins is found by a walk over the lines before it (this thread's, see
/// `Walk`), which hands each part its begin as soon as it reaches it. (Two
/// parts of equal bytes, the second waiting for a walk over the first,
/// left one core idle at the end for as long as the walk took.)
pub(super) fn in_parts(
    path: &Path,
    bytes: &[u8],
    house_for: &(dyn Fn(&str) -> Result<HouseRules, String> + Sync),
    wanted: Option<&str>,
) -> Option<Tally> {
    /// Parts for each core at most: a part is at most this share of the
    /// journal.
    const PER_CORE: usize = 16;
    /// Towards the end a part is at most this share, for each core, of
    /// what remains after it begins: the last part taken ends the check,
    /// so the last parts are small.
    const TAPER: usize = 4;
    /// No part smaller than this: each begins with its own walk's begin.
    const LEAST: usize = 1 << 18;
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
    let most = (bytes.len() / (cores * PER_CORE)).max(LEAST);
    let mut starts = vec![0usize];
    let mut target = most;
    while target < bytes.len() {
        let Some(at) = hand.find(&bytes[target..]) else {
            break;
        };
        let start = target + at + 1;
        starts.push(start);
        target = start + ((bytes.len() - start) / (cores * TAPER)).clamp(LEAST, most);
    }
    if starts.len() < 2 {
        return None;
    }
    // The first session record's house, read by the first thread that
    // needs it; the walk goes on without it (see `House`).
    let first = FirstHouse {
        line: first,
        read: std::sync::OnceLock::new(),
    };
    let ends: Vec<usize> = starts[1..].iter().copied().chain([bytes.len()]).collect();
    let parts = starts.len();
    let end_of = |k: usize| {
        if k + 1 == parts {
            PartEnd::Last
        } else {
            PartEnd::Inner
        }
    };
    let begins = Begins::new(parts - 1);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let tallies: Vec<std::sync::Mutex<Option<Result<Tally, VerifyError>>>> =
        (0..parts).map(|_| Default::default()).collect();
    let walked = std::thread::scope(|scope| {
        for _ in 0..cores.min(parts) {
            scope.spawn(|| {
                let mut kept = Kept::default();
                while !begins.failed() {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if k >= parts {
                        break;
                    }
                    let (start, house, table) = if k == 0 {
                        (None, House::First, None)
                    } else {
                        let Some((head, house, table)) = begins.wait(k - 1) else {
                            break;
                        };
                        // Line numbers count from the part's start (they
                        // are only said when all is well, shifted); the
                        // chain began before it.
                        let start = PartStart {
                            lines_before: 0,
                            head,
                            chained_from: 0,
                        };
                        (Some(start), house, table)
                    };
                    let session = match house {
                        House::Read(session) => session,
                        House::First => match first.get() {
                            Some(session) => session,
                            None => {
                                begins.fail();
                                break;
                            }
                        },
                    };
                    let begin = Begin {
                        start,
                        session: Some(session),
                        table,
                    };
                    let part = &bytes[starts[k]..ends[k]];
                    let tally =
                        check_part(path, part, begin, house_for, wanted, end_of(k), &mut kept);
                    if tally.is_err() {
                        // The journal is checked again in one piece.
                        begins.fail();
                    }
                    *tallies[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(tally);
                }
            });
        }
        let walked = Walk::over(bytes, &starts[1..], |k, begin| begins.give(k, begin));
        if walked.is_none() {
            begins.fail();
        }
        walked
    });
    walked?;
    let begins = begins.into_heads()?;
    let mut total: Option<Tally> = None;
    for (k, tally) in tallies.into_iter().enumerate() {
        let mut t = tally.into_inner().ok()??.ok()?;
        let Some(before) = total.as_mut() else {
            total = Some(t);
            continue;
        };
        // The joins: the chain, the seal, the hand numbers, and the
        // stacks carried from the one hand to the next where nothing in
        // the later part checked them.
        let joins = before.head == begins[k - 1]
            && !before.unsealed_end
            && match (before.last_number, t.first_number) {
                (Some(last), Some(first)) => first == last.checked_add(1)?,
                _ => false,
            }
            && match (&before.closing, &t.opening) {
                (Some(left), Some(starts)) => left == starts,
                _ => true,
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
        before.closing = t.closing.take();
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

/// The journal's first record, a session record, and its house, read
/// once, by the first thread that needs it (the first part's, most
/// often); any other waits for it.
struct FirstHouse<'b> {
    line: &'b [u8],
    read: std::sync::OnceLock<Option<InForce>>,
}

impl FirstHouse<'_> {
    /// The house, or `None` if the record or its house does not read.
    fn get(&self) -> Option<InForce> {
        self.read
            .get_or_init(|| match read_record(self.line, true) {
                Ok(Record::Session(s)) => Some(InForce {
                    rules: Arc::new(s.house.rules().ok()?),
                    house: Arc::new(s.house),
                }),
                _ => None,
            })
            .clone()
    }
}

/// The house in force where a later part begins, as the walk gives it.
enum House {
    /// The journal's first session record's, which the walk does not
    /// read: its TOML takes a millisecond, in which the walk, needing it
    /// for nothing else, goes over the lines on the core the parts do not
    /// yet use (waiting for it, the walk ran later beside both parts).
    First,
    /// A later session record's, read by the walk.
    Read(InForce),
}

/// How a later part begins: the head its first record links to, the house
/// in force and the table folded from the records before it.
type PartBegin = (Head, House, Option<Table>);

/// The later parts' begins, given by the walk as it reaches each and
/// waited for by the threads that check the parts.
struct Begins {
    state: std::sync::Mutex<BeginsState>,
    given: std::sync::Condvar,
}

struct BeginsState {
    begins: Vec<Option<PartBegin>>,
    /// The heads the parts begin at, kept for the joins.
    heads: Vec<Option<Head>>,
    failed: bool,
}

impl Begins {
    fn new(parts: usize) -> Begins {
        Begins {
            state: std::sync::Mutex::new(BeginsState {
                begins: (0..parts).map(|_| None).collect(),
                heads: vec![None; parts],
                failed: false,
            }),
            given: std::sync::Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BeginsState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Part `k`'s begin (counting the later parts from 0), found.
    fn give(&self, k: usize, begin: PartBegin) {
        let mut state = self.lock();
        state.heads[k] = Some(begin.0);
        state.begins[k] = Some(begin);
        self.given.notify_all();
    }

    /// Nothing more is to be checked in parts: the walk or a part failed.
    fn fail(&self) {
        self.lock().failed = true;
        self.given.notify_all();
    }

    fn failed(&self) -> bool {
        self.lock().failed
    }

    /// Part `k`'s begin, once the walk has found it; `None` if the check
    /// in parts failed first.
    fn wait(&self, k: usize) -> Option<PartBegin> {
        let mut state = self.lock();
        loop {
            if state.failed {
                return None;
            }
            if let Some(begin) = state.begins[k].take() {
                return Some(begin);
            }
            state = self.given.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The head each later part began at; `None` if one was never found.
    fn into_heads(self) -> Option<Vec<Head>> {
        let state = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        state.heads.into_iter().collect()
    }
}

/// The walk that finds how each later part begins: from line to line, it
/// reads the kind at each line's start and jumps the chain's tail, which
/// every chained line has, before looking for its end. (Searching the
/// bytes for `\n{"record":"table"` and the like took about 5% of verify's
/// time, all before the later parts could start: in JSON no byte of them
/// is rare.) It reads each session record it passes when a part begins
/// after it (once, however many parts begin in it) and folds the table
/// records as it passes them. A line shorter than the tail is no chained
/// record: the part that holds it fails, and the journal is checked in
/// one piece.
struct Walk;

impl Walk {
    /// Walks `bytes` up to the last of `starts` (byte offsets of hand
    /// headers, in order), giving each its begin as it is reached; `None`
    /// when one cannot be found or read. The session record at the
    /// journal's start is not read here (`House::First`).
    fn over(bytes: &[u8], starts: &[usize], mut give: impl FnMut(usize, PartBegin)) -> Option<()> {
        let mut session: Option<usize> = None;
        let mut in_force: Option<(usize, InForce)> = None;
        let mut table: Option<Table> = None;
        let mut at = 0;
        for (k, &start) in starts.iter().enumerate() {
            while at < start {
                let line = &bytes[at..];
                let skip = chain::TAIL.min(line.len());
                let end = at + skip + memchr::memchr(b'\n', &line[skip..])?;
                if line.starts_with(b"{\"record\":\"session\"") {
                    session = Some(at);
                } else if line.starts_with(b"{\"record\":\"table\"") {
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
                        if let TableEvent::HandBegun { number, .. } = event
                            && !taken_its_end(table.as_ref(), *number)
                        {
                            return None;
                        }
                        if let Some(t) = table.as_mut() {
                            t.apply(event);
                        }
                    }
                }
                at = end + 1;
            }
            let line_end = start + memchr::memchr(b'\n', &bytes[start..])?;
            let head = chain::links(&bytes[start..line_end])?.prev;
            if table.as_ref().is_some_and(|t| t.in_hand) {
                let Ok(Record::Hand(h)) = read_record(&bytes[start..line_end], true) else {
                    return None;
                };
                if !taken_its_end(table.as_ref(), h.number) {
                    return None;
                }
            }
            let s_at = session?;
            if s_at == 0 {
                give(k, (head, House::First, table.clone()));
                continue;
            }
            if in_force.as_ref().is_none_or(|(read, _)| *read != s_at) {
                let s_end = s_at + memchr::memchr(b'\n', &bytes[s_at..])?;
                let Ok(Record::Session(s)) = read_record(&bytes[s_at..s_end], true) else {
                    return None;
                };
                let rules = s.house.rules().ok()?;
                in_force = Some((
                    s_at,
                    InForce {
                        house: Arc::new(s.house),
                        rules: Arc::new(rules),
                    },
                ));
            }
            let (_, session) = in_force.as_ref()?;
            give(k, (head, House::Read(session.clone()), table.clone()));
        }
        Some(())
    }
}

/// Whether `table` (the walk's fold) has taken the end of every hand
/// before hand `number`. A table still in an earlier hand never recorded
/// its end (a stop between the hand's seal and that record, and maybe
/// the next hand's begin too): the checker takes that end from the hand
/// itself (`Checker::table_event`, `carried`), which the walk does not
/// read, so the table it would give a later part is not the table's, and
/// the journal is checked in one piece.
fn taken_its_end(table: Option<&Table>, number: u32) -> bool {
    table.is_none_or(|t| !t.in_hand || t.hand >= number)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::record::object;
    use crate::journal::{HouseRecord, SessionRecord, TableRecord};
    use crate::table::Chips;

    fn session(house: &str) -> String {
        let rules = HouseRules::load(house).expect("a built-in house");
        let record = SessionRecord {
            format: 2,
            table: "walk".into(),
            floorcall: "0.1.0".into(),
            house: HouseRecord::of(&rules),
        };
        object("session", &record).expect("JSON")
    }

    fn table(events: Vec<TableEvent>) -> String {
        object("table", &TableRecord { line: None, events }).expect("JSON")
    }

    fn seated(seat: u8, name: &str) -> TableEvent {
        TableEvent::PlayerSeated {
            seat: Seat::new(seat).expect("a seat"),
            name: name.into(),
            chips: Chips(5_000),
            rejoins: false,
        }
    }

    #[test]
    fn the_walk_gives_each_part_the_session_and_table_before_it() {
        let opened = TableEvent::Opened {
            first_button: Seat::from_index(0),
            structure: Default::default(),
            denominations: Vec::new(),
        };
        // A hand header whose text holds what a table record begins with:
        // only a line's start says its kind.
        let hand = "{\"record\":\"hand\",\"note\":\"{\\\"record\\\":\\\"table\\\"\"}";
        let objects = [
            session("tda"),
            table(vec![opened, seated(1, "Ann")]),
            hand.to_string(),
            table(vec![seated(2, "Bob")]),
            hand.to_string(),
            session("upt"),
            table(vec![seated(3, "Cat")]),
            hand.to_string(),
            hand.to_string(),
        ];
        let mut head = Head::default();
        let mut bytes = String::new();
        let mut starts = Vec::new();
        let mut heads = Vec::new();
        for object in &objects {
            starts.push(bytes.len());
            heads.push(head);
            let (line, hash) = chain::seal_line(&head, object);
            bytes.push_str(&line);
            head = hash;
        }
        let bytes = bytes.as_bytes();
        let mut given = Vec::new();
        let walked = Walk::over(
            bytes,
            &[starts[2], starts[4], starts[7], starts[8]],
            |k, begin| given.push((k, begin)),
        );
        assert_eq!(walked, Some(()));
        let seated = |t: &Option<Table>| -> Vec<String> {
            t.as_ref()
                .map(|t| t.seats.values().map(|p| p.name.clone()).collect())
                .unwrap_or_default()
        };
        // The first session record's house is left to the parts; a later
        // one is read by the walk.
        let said: Vec<(usize, Head, String, Vec<String>)> = given
            .iter()
            .map(|(k, (head, house, table))| {
                let house = match house {
                    House::First => "the first".to_string(),
                    House::Read(in_force) => in_force.rules.name.clone(),
                };
                (*k, *head, house, seated(table))
            })
            .collect();
        let all = vec!["Ann".to_string(), "Bob".into(), "Cat".into()];
        assert_eq!(
            said,
            vec![
                (0, heads[2], "the first".into(), vec!["Ann".into()]),
                (
                    1,
                    heads[4],
                    "the first".into(),
                    vec!["Ann".into(), "Bob".into()]
                ),
                (2, heads[7], "upt".into(), all.clone()),
                (3, heads[8], "upt".into(), all),
            ]
        );
        // The house of one session record is read once for the parts in it.
        let rules = |k: usize| match &given[k].1.1 {
            House::Read(in_force) => Arc::clone(&in_force.rules),
            House::First => panic!("part {k} is after the second session record"),
        };
        assert!(Arc::ptr_eq(&rules(2), &rules(3)));
        // The first session record's house is read once, for every thread
        // that asks.
        let first = FirstHouse {
            line: &bytes[..starts[1] - 1],
            read: std::sync::OnceLock::new(),
        };
        let read = first.get().expect("the first record is a session record");
        assert_eq!(read.rules.name, "tda");
        let again = first.get().expect("read");
        assert!(Arc::ptr_eq(&read.rules, &again.rules));
        // A table record that does not read stops the walk.
        let broken = String::from_utf8_lossy(bytes).replace("Bob", "B\\u");
        assert_eq!(Walk::over(broken.as_bytes(), &[starts[4]], |_, _| {}), None);
    }
}
