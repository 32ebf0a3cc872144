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

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Head, HouseRecord, Item, JournalError, Record, Seal, scan};
use crate::notation::parse_line;
use crate::rules::HouseRules;
use crate::table::command::Command;
use crate::table::event::{Event, Street};
use crate::table::hand::{Entry, Hand, live_entries, replay};
use crate::table::state::HandState;
use crate::table::{decide, invariants};

/// What to check a journal against.
pub struct VerifyOptions<'a> {
    /// A head noted earlier (at least 8 hex digits, usually the 16 the
    /// screen shows): some record must carry it.
    pub head: Option<String>,
    /// The house rules for hands written before the chain (format 1), which
    /// name their house but do not embed it.
    pub house: &'a dyn Fn(&str) -> Result<HouseRules, String>,
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

/// Verifies the journal at `path` (read without its lock).
pub fn verify_file(path: &Path, options: &VerifyOptions) -> Result<Verified, VerifyError> {
    let bytes = std::fs::read(path).map_err(|source| {
        VerifyError::Journal(JournalError::Io {
            path: path.to_path_buf(),
            doing: "reading",
            source,
        })
    })?;
    verify(path, &bytes, options)
}

/// Verifies a journal's bytes; `path` names it in errors.
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
    let mut check = Checker {
        house_for: options.house,
        by_name: HashMap::new(),
        session: None,
        hand: None,
        hands: 0,
        entries: 0,
        last_number: None,
        wanted: wanted.as_deref(),
        found: None,
        notes: Vec::new(),
    };
    let scanned = scan(path, bytes, |item| check.visit(item)).map_err(VerifyError::Journal)?;
    let corrupt = |line: usize, reason: String| {
        VerifyError::Journal(JournalError::Corrupt {
            path: path.to_path_buf(),
            line,
            reason,
        })
    };
    if scanned.dropped_header {
        // The start of a hand whose first entry was never written: not a
        // hand (the writer drops it when it next opens the journal).
        check.hand = None;
        check.hands -= 1;
    }
    if let Some(hand) = check.hand.take() {
        let line = hand.last_line;
        match hand.finish() {
            Err(reason) => return Err(corrupt(line, reason)),
            Ok(Some(unsealed)) if scanned.dropped.is_none() => {
                return Err(corrupt(line, unsealed));
            }
            Ok(_) => {}
        }
    }
    if let Some(d) = &scanned.dropped {
        check.notes.push(format!(
            "Line {} on ({} bytes) is {}: a write in progress, or cut off by a crash; it is not counted, and floorcall drops it when it next opens the journal.",
            d.line, d.bytes, d.what
        ));
    }
    if let Some(line) = scanned.unterminated {
        check.notes.push(format!(
            "Line {line}, the last, is a whole record without its final newline."
        ));
    }
    if let Some(wanted) = &wanted {
        match check.found {
            Some((line, hash)) if hash == scanned.head => {
                check.notes.push(format!(
                    "The head noted ({wanted}) is the last record's (line {line}): nothing was written after it."
                ));
            }
            Some((line, _)) => {
                check.notes.push(format!(
                    "The head noted ({wanted}) is line {line}'s; the journal goes on after it."
                ));
            }
            None if scanned.chained_from.is_none() && scanned.head.starts_with(wanted) => {}
            None => {
                return Err(VerifyError::HeadMissing {
                    path: path.to_path_buf(),
                    head: wanted.to_string(),
                    actual: scanned.head,
                    records: scanned.records,
                });
            }
        }
    }
    Ok(Verified {
        hands: check.hands,
        entries: check.entries,
        records: scanned.records,
        head: scanned.head,
        chained_from: scanned.chained_from,
        notes: check.notes,
    })
}

/// The rules in force and who wrote under them.
struct InForce {
    house: Arc<HouseRecord>,
    rules: Arc<HouseRules>,
}

struct Checker<'a> {
    house_for: &'a dyn Fn(&str) -> Result<HouseRules, String>,
    by_name: HashMap<String, Result<Arc<HouseRules>, String>>,
    session: Option<InForce>,
    hand: Option<HandCheck>,
    hands: usize,
    entries: usize,
    last_number: Option<u32>,
    wanted: Option<&'a str>,
    found: Option<(usize, Head)>,
    notes: Vec<String>,
}

impl Checker<'_> {
    fn visit(&mut self, item: Item) -> Result<(), String> {
        if let (Some(wanted), Some(hash)) = (self.wanted, item.hash)
            && hash.starts_with(wanted)
        {
            self.found = Some((item.line, hash));
        }
        let chained = item.hash.is_some();
        match item.record {
            Record::Session(s) => {
                self.close_if_unsealed()?;
                let house = Arc::new(s.house);
                let same = self
                    .session
                    .as_ref()
                    .is_some_and(|now| now.house.house.sha256 == house.house.sha256 && now.house.bases == house.bases);
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
                if let Some(hand) = self.hand.take()
                    && let Some(unsealed) = hand.finish()?
                {
                    return Err(unsealed);
                }
                if let Some(last) = self.last_number
                    && header.number != last.saturating_add(1)
                {
                    return Err(format!(
                        "hand {} follows hand {last}: hand numbers go up by one (a hand was removed, repeated or moved).",
                        header.number
                    ));
                }
                self.last_number = Some(header.number);
                self.hands += 1;
                self.hand = Some(HandCheck {
                    number: header.number,
                    house: header.house,
                    setup: header.setup,
                    entries: Vec::new(),
                    state: HandState::default(),
                    rules: None,
                    chained,
                    sealed: false,
                    last_line: item.line,
                });
            }
            Record::Entry(entry) => {
                let rules = match &self.session {
                    Some(s) if chained => s.rules.clone(),
                    _ => self.rules_by_name()?,
                };
                let hand = self
                    .hand
                    .as_mut()
                    .ok_or_else(|| "an entry comes before any hand.".to_string())?;
                hand.rules = Some(rules.clone());
                hand.chained = chained;
                hand.sealed = false;
                hand.last_line = item.line;
                hand.entry(entry, &rules)?;
                self.entries += 1;
            }
            Record::Seal(seal) => {
                let hand = self
                    .hand
                    .as_mut()
                    .ok_or_else(|| "a seal comes before any hand.".to_string())?;
                hand.seal(&seal)?;
                hand.last_line = item.line;
            }
        }
        Ok(())
    }

    /// A finished hand must end with its seal before anything else.
    fn close_if_unsealed(&self) -> Result<(), String> {
        match &self.hand {
            Some(h) => match h.unsealed() {
                Some(reason) => Err(reason),
                None => Ok(()),
            },
            None => Ok(()),
        }
    }

    /// The rules of a format-1 hand, by the name in its header.
    fn rules_by_name(&mut self) -> Result<Arc<HouseRules>, String> {
        let name = self
            .hand
            .as_ref()
            .map(|h| h.house_name())
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
    fn house_name(&self) -> String {
        self.house.clone()
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
        let what = match entry.line.as_deref() {
            Some(line) => format!("entry {seq} of hand {} (\"{line}\")", self.number),
            None if seq == 0 => format!("the start of hand {}", self.number),
            None => format!("entry {seq} of hand {}", self.number),
        };
        let decided = decide(&self.state, rules, &command).map_err(|refusal| {
            format!(
                "{what} is refused under the house rules in force ({}): {refusal}",
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
                "{what}: the events recorded are not what the house rules in force ({}) give. Event {} is recorded as {recorded}, and ruling the entry again gives {given}.",
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
        self.invariants()?;
        self.sealed = true;
        Ok(())
    }

    fn invariants(&self) -> Result<(), String> {
        let Some(rules) = &self.rules else {
            return Ok(());
        };
        let hand = Hand::from_entries(self.entries.clone(), (**rules).clone());
        invariants::check(&hand).map_err(|broken| {
            format!("hand {} breaks an invariant: {broken}.", self.number)
        })
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
        self.invariants()?;
        Ok(self.unsealed())
    }
}
