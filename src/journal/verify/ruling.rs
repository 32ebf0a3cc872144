//! Each entry ruled again: an entry's line and its recorded events come
//! in; the line is read back into the command the dealer keyed (`Commands`
//! keeps the lines read), decided afresh from the state the hand's entries
//! before it left, under the house in force, and the events it gives are
//! compared with the recorded ones. The hand's state, its entries, its
//! seal and its invariants go out, or what differs, as a sentence.
//!
//! Ruling again is most of the cost, so the events the engine gives are
//! compared with the recorded ones as JSON bytes (this floorcall writes
//! them exactly so), without reading the recorded events at all; only
//! when the bytes differ are they read and compared event by event, to
//! say what differs (or to accept what another floorcall wrote alike in
//! another form). Undo and redo entries (retractions) and acceptances are
//! checked for what they may point at; an entry with no command (the close
//! of a motion) is decided as one.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::value::RawValue;

use super::events_json::write_events;
use crate::journal::Seal;
use crate::notation::parse_line;
use crate::rules::HouseRules;
use crate::table::command::Command;
use crate::table::event::{EVENT_VERSION, Event, Street};
use crate::table::hand::{Entry, live_entries, replay, undoable};
use crate::table::state::HandState;
use crate::table::{decide, decide_in_place, invariants};

/// Notation lines read into commands, kept by line, as bytes: a line
/// found is text (it was read as text when it was kept), so only a new
/// one is checked as UTF-8 (checking every entry's line was a per cent
/// of `verify`). (Hashed with foldhash, seeded afresh in each run:
/// SipHash, the standard one, was a per cent or two of `verify` for
/// lines of a few bytes.) The commands are lent, never copied: a copy an
/// entry (a dealt street's cards are a list) was a per cent of `verify`.
#[derive(Default)]
pub(super) struct Commands {
    /// Each line's place in `commands`.
    at: HashMap<Box<[u8]>, u32, foldhash::fast::RandomState>,
    /// The lines' commands, in the order they were first seen.
    commands: Vec<Option<Command>>,
}

impl Commands {
    /// At most this many lines are kept (a journal of many amounts has
    /// many lines that come once): past it the table starts again.
    const MOST: usize = 4096;

    /// `parse_line`'s command for `line` (`Some(None)`: a line with no
    /// command); `None` when the line is not text or not notation (not
    /// kept).
    pub(super) fn read(&mut self, line: &[u8]) -> Option<Option<&Command>> {
        if let Some(&at) = self.at.get(line) {
            return Some(self.commands[at as usize].as_ref());
        }
        let command = parse_line(std::str::from_utf8(line).ok()?).ok()?;
        if self.commands.len() == Self::MOST {
            self.at.clear();
            self.commands.clear();
        }
        self.at.insert(line.into(), self.commands.len() as u32);
        self.commands.push(command);
        self.commands.last().map(Option::as_ref)
    }
}

/// An entry line, its events left as the bytes written, its line as the
/// bytes it reads as (not yet checked as text: `Commands::read` does).
pub(super) struct EntryLine<'a> {
    pub(super) seq: u32,
    pub(super) line: Option<Cow<'a, [u8]>>,
    pub(super) events: &'a [u8],
}

/// An entry line read as JSON, its events left as written.
#[derive(Deserialize)]
pub(super) struct EntryJson<'a> {
    pub(super) seq: u32,
    #[serde(borrow)]
    pub(super) line: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub(super) events: &'a RawValue,
}

impl<'a> EntryLine<'a> {
    /// Reads an entry line as this floorcall writes it,
    /// `{"record":"entry","seq":N,"line":...,"events":[...],"time":...`,
    /// by position: the events are the bytes between `"events":` and the
    /// fixed time and chain members at the end. `None` for any other form
    /// (the caller then reads it as JSON).
    pub(super) fn read(raw: &'a [u8]) -> Option<EntryLine<'a>> {
        let rest = raw.strip_prefix(b"{\"record\":\"entry\",\"seq\":")?;
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let seq = rest[..digits].iter().try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        })?;
        let rest = rest[digits..].strip_prefix(b",\"line\":")?;
        let (line, rest) = if let Some(rest) = rest.strip_prefix(b"null") {
            (None, rest)
        } else {
            let body = rest.strip_prefix(b"\"")?;
            // The closing quote: the first quote not escaped.
            let mut i = 0;
            let mut escaped = false;
            loop {
                i += memchr::memchr2(b'"', b'\\', body.get(i..)?)?;
                if body[i] == b'"' {
                    break;
                }
                escaped = true;
                i += 2;
            }
            let text = &body[..i];
            let line = if escaped {
                Cow::Owned(
                    serde_json::from_slice::<String>(rest.get(..i + 2)?)
                        .ok()?
                        .into_bytes(),
                )
            } else {
                Cow::Borrowed(text)
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

/// One hand being checked.
pub(super) struct HandCheck {
    pub(super) number: u32,
    /// The event version its header names (`EVENT_VERSION` or earlier).
    pub(super) version: u32,
    pub(super) house: String,
    pub(super) setup: crate::table::event::TableSetup,
    pub(super) entries: Vec<Entry>,
    /// Boxed, as the scratch's is, so that the two change places by
    /// their pointers.
    pub(super) state: Box<HandState>,
    pub(super) rules: Option<Arc<HouseRules>>,
    pub(super) chained: bool,
    pub(super) sealed: bool,
    pub(super) last_line: usize,
}

impl HandCheck {
    /// Rules an entry again and compares the events it gives, as JSON, with
    /// the recorded `events`; when alike, takes the entry. `Ok(false)`: not
    /// alike as bytes (the caller reads it whole). The entry is decided
    /// in the hand's state itself (`decide_in_place`, the events applied
    /// as they are made into `made`, kept from entry to entry): no copy of
    /// the state, and no events applied twice. When the entry is refused
    /// or its events are not alike (a forged line, or one another
    /// floorcall wrote in another form), the state before it is rebuilt
    /// from the hand's entries, for the caller to rule it whole. An entry
    /// taken keeps its events in a list from `spare` (lists the last
    /// hand's entries left).
    pub(super) fn ruled_alike(
        &mut self,
        seq: u32,
        line: Option<&[u8]>,
        events: &[u8],
        rules: &HouseRules,
        (buf, made, spare): (&mut Vec<u8>, &mut Vec<Event>, &mut Vec<Vec<Event>>),
        commands: &mut Commands,
    ) -> Result<bool, String> {
        let start;
        let command = if seq == 0 {
            start = Command::StartHand(self.setup.clone());
            &start
        } else {
            match line.map(|line| commands.read(line)) {
                Some(Some(Some(command))) => command,
                Some(Some(None)) | None => &Command::Resolve,
                Some(None) => return Ok(false),
            }
        };
        let decided = decide_in_place(&mut self.state, rules, command, made);
        let alike = decided.is_ok() && {
            buf.clear();
            write_events(buf, made)
                .map_err(|e| format!("the events of entry {seq} cannot be written as JSON: {e}"))?;
            buf.as_slice() == events
        };
        if !alike {
            *self.state = replay(&self.entries);
            return Ok(false);
        }
        self.entries.push(Entry {
            seq,
            // Not kept: nothing after the entry reads its line (a hand's
            // entries are folded, undone and sealed by their events), and
            // copying every line was an allocation an entry.
            line: None,
            // Moved into a list of their own: `made` keeps its room for
            // the next entry (taken whole, each entry's list grew from
            // nothing again).
            events: {
                let mut taken = spare.pop().unwrap_or_default();
                taken.append(made);
                taken
            },
        });
        Ok(true)
    }

    /// Rules one entry again: the events recorded must be the events the
    /// engine gives for it now.
    pub(super) fn entry(&mut self, entry: Entry, rules: &HouseRules) -> Result<(), String> {
        let seq = entry.seq;
        match entry.events.as_slice() {
            [Event::EntryRetracted { entry: target }] if seq > 0 => {
                self.retraction(seq, *target)?;
                self.entries.push(entry);
                *self.state = replay(&self.entries);
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
        // A hand an earlier event version wrote records some entries in
        // its own form (`earlier`): taken as written, with the meaning
        // that release gave them.
        let earlier_form =
            self.version < EVENT_VERSION && super::earlier::same_meaning(&decided, &entry.events);
        if decided != entry.events && !earlier_form {
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
    pub(super) fn retraction(&self, seq: u32, target: u32) -> Result<(), String> {
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
            let last = undoable(&self.entries);
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

    pub(super) fn seal(&mut self, seal: &Seal) -> Result<(), String> {
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
    pub(super) fn unsealed(&self) -> Option<String> {
        (self.chained && !self.sealed && self.state.street == Street::Done).then(|| {
            format!(
                "hand {} is over, but its seal is missing: the write that finished it ends with one (it was removed, or records after it).",
                self.number
            )
        })
    }

    /// Checks the hand as it stands at its last record; returns why it may
    /// not end here (a missing seal), for the caller to weigh.
    pub(super) fn finish(&self) -> Result<Option<String>, String> {
        let unsealed = self.unsealed();
        if self.rules.is_some() {
            // The state kept entry by entry. Every event in it is the
            // engine's (ruled again and alike) or checked for what it may
            // do (an undo, a redo, an acceptance), so the entries are not
            // folded again to compare: that the engine's state is its
            // events' fold is the engine's property, which the property
            // tests hold (`invariants::check`).
            invariants::check_state(&self.state, &self.entries)
                .map_err(|broken| format!("hand {} breaks an invariant: {broken}.", self.number))?;
        }
        Ok(unsealed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry line as the writer closes it: the events, then its time,
    /// offset and chain members.
    fn entry(line_json: &str) -> String {
        format!(
            "{{\"record\":\"entry\",\"seq\":7,\"line\":{line_json},\"events\":[{{\"event\":\"x\"}}],\"time\":\"2026-11-27T05:31:55.437Z\",\"offset\":\"+00:00\",\"prev\":\"{}\",\"hash\":\"{}\"}}",
            "0".repeat(64),
            "1".repeat(64)
        )
    }

    #[test]
    fn an_entry_line_is_read_by_position_as_serde_reads_it() {
        for line in [
            "s5 check",
            "",
            "# a note \"quoted\"",
            "# ends in a backslash \\",
            "\\\"",
            "# tab\there, é and 🂡",
        ] {
            let json = serde_json::to_string(line).expect("JSON");
            let raw = entry(&json);
            let read = EntryLine::read(raw.as_bytes()).expect("read by position");
            let serde: EntryJson = serde_json::from_str(&raw).expect("serde reads it");
            assert_eq!(read.seq, 7);
            assert_eq!(read.line.as_deref(), Some(line.as_bytes()), "{json}");
            assert_eq!(
                read.line.as_deref(),
                serde.line.as_deref().map(str::as_bytes),
                "{json}"
            );
            assert_eq!(read.events, b"[{\"event\":\"x\"}]");
        }
        let raw = entry("null");
        assert_eq!(EntryLine::read(raw.as_bytes()).expect("read").line, None);
        // A string that never closes, or closes on an escaped quote only,
        // is not read by position.
        for bad in ["\"s5 check", "\"s5 check\\\"", "\"\\"] {
            let raw = entry(bad);
            let cut = raw.find(",\"events\"").expect("events");
            assert!(EntryLine::read(&raw.as_bytes()[..cut]).is_none(), "{bad}");
        }
    }
}
