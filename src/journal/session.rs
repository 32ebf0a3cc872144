//! A session: the hand in play and its journal. Every command goes through
//! here, so an entry is on the disk before the caller can show it as taken.
//!
//! `Session::execute` decides and folds the command on the hand, writes the
//! new entry and syncs it, and only then returns; if the write fails, the
//! hand goes back to what it was and the caller gets the error instead.
//! The write that finishes a hand carries its seal (final stacks; its
//! hash is the chain's head at the end of the hand).
//! Between hands, `next_hand` carries the stacks over, moves the button to
//! the next occupied seat clockwise and lets busted seats leave.

use std::collections::BTreeMap;
use std::fmt;

use super::{HandHeader, Journal, JournalError, JournalHand, Seal};
use crate::rules::HouseRules;
use crate::table::command::{Command, Refusal};
use crate::table::event::{Street, TableSetup};
use crate::table::hand::{Entry, Hand};
use crate::table::state::HandState;
use crate::table::{Chips, Seat};

/// Why a session could not take a command.
#[derive(Debug)]
pub enum SessionError {
    /// The hand refused it (the state is unchanged).
    Refused(Refusal),
    /// The journal could not be written, so the command was not taken.
    Journal(JournalError),
    /// The next hand cannot start while this one is open.
    HandNotOver(Street),
    /// Fewer than two seats have chips left.
    GameOver {
        /// The seat with all the chips, if any.
        winner: Option<Seat>,
    },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Refused(r) => write!(f, "{r}"),
            SessionError::Journal(e @ JournalError::Unusable { .. }) => write!(f, "{e}"),
            SessionError::Journal(e) => write!(f, "{e} Nothing was recorded: key it again."),
            SessionError::HandNotOver(street) => write!(
                f,
                "The hand is still on the {street}: finish it before the next hand starts."
            ),
            SessionError::GameOver { winner: Some(s) } => write!(
                f,
                "Only seat {} has chips left: there is no next hand.",
                s.number()
            ),
            SessionError::GameOver { winner: None } => {
                f.write_str("Fewer than two seats have chips left: there is no next hand.")
            }
        }
    }
}

impl std::error::Error for SessionError {}

impl From<Refusal> for SessionError {
    fn from(r: Refusal) -> SessionError {
        SessionError::Refused(r)
    }
}

impl From<JournalError> for SessionError {
    fn from(e: JournalError) -> SessionError {
        SessionError::Journal(e)
    }
}

/// The hand in play, its header and (usually) its journal.
#[derive(Debug)]
pub struct Session {
    hand: Hand,
    header: HandHeader,
    journal: Option<Journal>,
}

impl Session {
    /// Starts a hand from its header's setup and journals it. On failure
    /// the journal stays with the caller.
    pub fn start(
        header: HandHeader,
        rules: HouseRules,
        journal: &mut Option<Journal>,
    ) -> Result<Session, SessionError> {
        let hand = Hand::start(header.setup.clone(), rules)?;
        if let Some(j) = journal.as_mut() {
            let seal = Seal::of(header.number, hand.entries(), hand.state());
            j.begin_hand(hand.rules(), &header, &hand.entries()[0], seal.as_ref())?;
        }
        Ok(Session {
            hand,
            header,
            journal: journal.take(),
        })
    }

    /// Takes up a hand read back from the journal.
    pub fn resume(hand: JournalHand, rules: HouseRules, journal: Option<Journal>) -> Session {
        Session {
            hand: Hand::from_entries(hand.entries, rules),
            header: hand.header,
            journal,
        }
    }

    /// A session without a journal (tests, practice, benchmarks).
    pub fn unjournaled(header: HandHeader, rules: HouseRules) -> Result<Session, SessionError> {
        Session::start(header, rules, &mut None)
    }

    /// The hand.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The hand's live state.
    pub fn state(&self) -> &HandState {
        self.hand.state()
    }

    /// The hand's header: house, number, seats, names, setup.
    pub fn header(&self) -> &HandHeader {
        &self.header
    }

    /// The journal, when there is one.
    pub fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// Whether the hand is still being played.
    pub fn hand_open(&self) -> bool {
        self.state().street != Street::Done
    }

    /// Runs `change` on a copy of the hand, journals the entries it adds,
    /// and only then keeps the copy.
    fn commit<T>(
        &mut self,
        change: impl FnOnce(&mut Hand) -> Result<T, Refusal>,
    ) -> Result<T, SessionError> {
        let mut next = self.hand.clone();
        let before = next.entries().len();
        let out = change(&mut next)?;
        if let Some(journal) = self.journal.as_mut() {
            // The write that finishes the hand also seals it.
            let seal = Seal::of(self.header.number, next.entries(), next.state());
            journal.append(next.rules(), &next.entries()[before..], seal.as_ref())?;
        }
        self.hand = next;
        Ok(out)
    }

    /// Decides a command; on success the new entry is on the disk and its
    /// sequence number is returned.
    pub fn execute(
        &mut self,
        command: &Command,
        line: Option<String>,
    ) -> Result<u32, SessionError> {
        self.commit(|hand| hand.execute(command, line).map(|e| e.seq))
    }

    /// Records, on the disk, that the dealer accepted the rulings of `entry`.
    pub fn accept_rulings(&mut self, entry: u32) -> Result<(), SessionError> {
        self.commit(|hand| hand.accept_rulings(entry).map(|_| ()))
    }

    /// Retracts the last live entry; returns the retracted entry.
    pub fn undo(&mut self) -> Result<Entry, SessionError> {
        self.commit(|hand| {
            let target = hand
                .undo()?
                .retracted_target()
                .expect("undo appends one retraction");
            Ok(hand.entries()[target as usize].clone())
        })
    }

    /// Restores what the last undo retracted; returns the restored entry.
    pub fn redo(&mut self) -> Result<Entry, SessionError> {
        self.commit(|hand| {
            let retraction = hand
                .redo()?
                .retracted_target()
                .expect("redo appends one retraction");
            let target = hand.entries()[retraction as usize]
                .retracted_target()
                .unwrap_or(retraction);
            Ok(hand.entries()[target as usize].clone())
        })
    }

    /// Replaces the last live entry, `seq`, by `command` (a floor override):
    /// the entry is retracted and the command recorded, both or neither.
    /// Returns the new entry's sequence number.
    pub fn replace_last(
        &mut self,
        seq: u32,
        command: &Command,
        line: Option<String>,
    ) -> Result<u32, SessionError> {
        self.commit(|hand| {
            if hand.undo()?.retracted_target() != Some(seq) {
                return Err(Refusal::NothingTo(
                    "override: the entry is no longer the last",
                ));
            }
            hand.execute(command, line).map(|e| e.seq)
        })
    }

    /// Starts the next hand: stacks carried over, the button on the next
    /// occupied seat clockwise, busted seats gone.
    pub fn next_hand(&mut self) -> Result<(), SessionError> {
        let state = self.state();
        if state.street != Street::Done {
            return Err(SessionError::HandNotOver(state.street));
        }
        let setup = next_setup(state, &self.header.setup)?;
        let names: BTreeMap<u8, String> = self
            .header
            .names
            .iter()
            .filter(|(seat, _)| setup.stacks.iter().any(|(s, _)| s.number() == **seat))
            .map(|(s, n)| (*s, n.clone()))
            .collect();
        let header = HandHeader::new(
            &self.header.house,
            self.header.number + 1,
            self.header.seats,
            names,
            setup,
        );
        let rules = self.hand.rules().clone();
        let hand = Hand::start(header.setup.clone(), rules)?;
        if let Some(j) = self.journal.as_mut() {
            let seal = Seal::of(header.number, hand.entries(), hand.state());
            j.begin_hand(hand.rules(), &header, &hand.entries()[0], seal.as_ref())?;
        }
        self.hand = hand;
        self.header = header;
        Ok(())
    }

    /// Gives the journal back (to start another session on it).
    pub fn into_journal(self) -> Option<Journal> {
        self.journal
    }
}

/// The table for the hand after `state` (which must be done): each seat's
/// chips carried over, seats with none left out, the button moved to the
/// next occupied seat clockwise.
pub fn next_setup(state: &HandState, setup: &TableSetup) -> Result<TableSetup, SessionError> {
    let stacks: Vec<(Seat, Chips)> = state
        .occupied()
        .map(|s| (s, state.seat(s).stack))
        .filter(|(_, c)| !c.is_zero())
        .collect();
    if stacks.len() < 2 {
        return Err(SessionError::GameOver {
            winner: stacks.first().map(|(s, _)| *s),
        });
    }
    let button = setup
        .button
        .clockwise_after()
        .find(|s| stacks.iter().any(|(seat, _)| seat == s))
        .unwrap_or(stacks[0].0);
    Ok(TableSetup {
        button,
        stacks,
        street: Street::Preflop,
        pot: Chips::ZERO,
        board: Vec::new(),
        ..setup.clone()
    })
}
