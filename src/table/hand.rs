//! `Hand`: the journal of one hand as entries of events, the state as their
//! fold, undo and redo by retraction. Nothing is ever rewritten.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::{Command, Refusal};
use super::decide::decide_into;
use super::event::{Event, TableSetup};
use super::state::HandState;

use crate::rules::HouseRules;

/// One journal entry: the line as entered and the events it caused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Its number in the hand, from 0.
    pub seq: u32,
    /// What was entered, in table notation, when there is a line for it.
    pub line: Option<String>,
    /// The events it caused.
    pub events: Vec<Event>,
}

impl Entry {
    /// The rulings the entry suggested, in order.
    pub fn rulings(&self) -> impl Iterator<Item = &crate::rules::Ruling> {
        self.events.iter().filter_map(|e| match e {
            Event::RulingSuggested { ruling } => Some(ruling),
            _ => None,
        })
    }

    /// The entry as a dealer reads it: the line entered, or (for an entry
    /// with no line, such as a motion another line bound) what it bound.
    pub fn text(&self) -> String {
        if let Some(line) = self.line.as_ref().filter(|l| !l.starts_with('#')) {
            return line.clone();
        }
        let bound: Vec<String> = self
            .events
            .iter()
            .filter_map(|e| match e {
                Event::ActionBound { action, .. } => Some(action.to_string()),
                _ => None,
            })
            .collect();
        if bound.is_empty() {
            format!("entry {}", self.seq)
        } else {
            bound.join("; ")
        }
    }

    /// The rulings this entry's line says the floor overrode
    /// (`misdeal, substantial-action`), when it records the floor's
    /// override (`overriding`).
    pub fn overrides(&self) -> Option<&str> {
        let (_, ids) = self.line.as_deref()?.split_once(OVERRIDES)?;
        Some(ids.trim())
    }

    /// Whether this entry only records a ruling's acceptance.
    pub fn is_acceptance(&self) -> bool {
        matches!(self.events.as_slice(), [Event::RulingsAccepted { .. }])
    }

    /// The entry this one retracts, when it is an undo or redo.
    pub fn retracted_target(&self) -> Option<u32> {
        match self.events.as_slice() {
            [Event::EntryRetracted { entry }] => Some(*entry),
            _ => None,
        }
    }
}

/// The note that marks a line as the floor's override.
const OVERRIDES: &str = "# floor overrides";

/// The line that records the floor's ruling `line` as an override of the
/// rulings `ids`. The dealer's Enter accepts what the rulings suggest (an
/// acceptance, `accept_rulings`); every other ruling the floor makes on
/// them is an override, whether its line replaces the ruled entry (another
/// reading of the same moment) or follows it (the floor's ruling on what
/// the entry left open, a misdeal declared all the same): both are written
/// with this note, and `Entry::overrides` reads it back.
pub fn overriding(line: &str, ids: &[&str]) -> String {
    format!("{line}  {OVERRIDES} {}", ids.join(", "))
}

/// One hand: house rules, journal, and live state.
#[derive(Debug, Clone)]
pub struct Hand {
    /// Shared, not copied: a run that plays many hands under one house
    /// (an import, a verify) parses and builds the rules once.
    rules: Arc<HouseRules>,
    entries: Vec<Entry>,
    /// Boxed, as is the scratch state, so that the two change places by
    /// their pointers.
    state: Box<HandState>,
    /// Where the next command is decided: a copy of `state` made into
    /// the allocations of the state before it (`decide_into`).
    scratch: Box<HandState>,
    redo: Vec<u32>,
}

impl Hand {
    /// Starts a hand: seats, blinds and antes posted.
    pub fn start(setup: TableSetup, rules: impl Into<Arc<HouseRules>>) -> Result<Hand, Refusal> {
        let mut hand = Hand {
            rules: rules.into(),
            entries: Vec::new(),
            state: Box::default(),
            scratch: Box::default(),
            redo: Vec::new(),
        };
        hand.execute(&Command::StartHand(setup), None)?;
        Ok(hand)
    }

    /// Rebuilds a hand from its journal entries.
    pub fn from_entries(entries: Vec<Entry>, rules: impl Into<Arc<HouseRules>>) -> Hand {
        let state = replay(&entries);
        Hand {
            rules: rules.into(),
            entries,
            state: Box::new(state),
            scratch: Box::default(),
            redo: Vec::new(),
        }
    }

    /// A hand from its journal entries and the live state a reader kept
    /// as it read them (`verify` applies each entry's events as it checks
    /// it), without folding them again: `invariants::check` compares the
    /// two, so a state that is not the entries' fold breaks an invariant.
    pub fn with_state(
        entries: Vec<Entry>,
        state: HandState,
        rules: impl Into<Arc<HouseRules>>,
    ) -> Hand {
        Hand {
            rules: rules.into(),
            entries,
            state: Box::new(state),
            scratch: Box::default(),
            redo: Vec::new(),
        }
    }

    /// The live state.
    pub fn state(&self) -> &HandState {
        &self.state
    }

    /// The house rules in force.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// The journal.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Decides a command; on success appends an entry and folds its events.
    /// A refused command changes nothing.
    pub fn execute(&mut self, command: &Command, line: Option<String>) -> Result<&Entry, Refusal> {
        let events = decide_into(&self.state, &self.rules, command, &mut self.scratch)?;
        std::mem::swap(&mut self.state, &mut self.scratch);
        self.redo.clear();
        Ok(self.push(line, events))
    }

    fn push(&mut self, line: Option<String>, events: Vec<Event>) -> &Entry {
        let seq = self.entries.len() as u32;
        self.entries.push(Entry { seq, line, events });
        &self.entries[seq as usize]
    }

    /// Records that the dealer accepted the rulings `entry` suggested.
    pub fn accept_rulings(&mut self, entry: u32) -> Result<&Entry, Refusal> {
        let live = live_entries(&self.entries);
        let ids: Vec<&str> = self
            .entries
            .get(entry as usize)
            .filter(|_| live[entry as usize])
            .map(|e| {
                e.events
                    .iter()
                    .filter_map(|ev| match ev {
                        Event::RulingSuggested { ruling } => Some(ruling.id.as_str()),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        if ids.is_empty() {
            return Err(Refusal::NothingTo("accept"));
        }
        let line = format!("# floor accepts {}", ids.join(", "));
        Ok(self.push(Some(line), vec![Event::RulingsAccepted { entry }]))
    }

    /// Whether the rulings of `entry` have been accepted.
    pub fn rulings_accepted(&self, entry: u32) -> bool {
        let live = live_entries(&self.entries);
        self.entries
            .iter()
            .any(|e| live[e.seq as usize] && matches!(e.events.as_slice(), [Event::RulingsAccepted { entry: x }] if *x == entry))
    }

    /// Retracts the last live entry (never the start of the hand).
    pub fn undo(&mut self) -> Result<&Entry, Refusal> {
        let target = undoable(&self.entries).ok_or(Refusal::NothingTo("undo"))?;
        self.push(
            Some(format!("# undo entry {target}")),
            vec![Event::EntryRetracted { entry: target }],
        );
        self.redo.push(self.entries.len() as u32 - 1);
        *self.state = replay(&self.entries);
        Ok(self.entries.last().expect("an entry was just pushed"))
    }

    /// Retracts the last undo, restoring what it retracted.
    pub fn redo(&mut self) -> Result<&Entry, Refusal> {
        let retraction = self.redo.pop().ok_or(Refusal::NothingTo("redo"))?;
        self.push(
            Some(format!("# redo entry {retraction}")),
            vec![Event::EntryRetracted { entry: retraction }],
        );
        *self.state = replay(&self.entries);
        Ok(self.entries.last().expect("an entry was just pushed"))
    }
}

/// The entry an undo takes back: the last live entry that is neither a
/// retraction nor an acceptance, never the start of the hand.
pub fn undoable(entries: &[Entry]) -> Option<u32> {
    let live = live_entries(entries);
    entries
        .iter()
        .rev()
        .find(|e| {
            e.seq > 0
                && live[e.seq as usize]
                && e.retracted_target().is_none()
                && !e.is_acceptance()
        })
        .map(|e| e.seq)
}

/// Which entries count: a live retraction cancels its target (which may be
/// a retraction itself: redo).
pub fn live_entries(entries: &[Entry]) -> Vec<bool> {
    let mut live = vec![true; entries.len()];
    for e in entries.iter().rev() {
        if live[e.seq as usize]
            && let Some(target) = e.retracted_target()
            && let Some(l) = live.get_mut(target as usize)
        {
            *l = false;
        }
    }
    live
}

/// The state as the fold of the live entries' events.
pub fn replay(entries: &[Entry]) -> HandState {
    let live = live_entries(entries);
    HandState::fold(
        entries
            .iter()
            .filter(|e| live[e.seq as usize])
            .flat_map(|e| e.events.iter()),
    )
}
