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
//!
//! A session may also keep the table (`session::Table`): players in and
//! out, the button by the house's rules, places, levels and clocks. Then
//! `open_table` starts a new table (journaled as such), `continue_table`
//! takes up the table of a journal whose last hand is finished, and
//! `table_line` takes a session line (`seat 7 sit 10000 Ann`, `hand`,
//! `clock pause`). Every table line is journaled as a `table` record before
//! it is shown; the table is their fold, so a restart (however the last
//! run ended) finds the same players, button, level and clock.
//!
//! What one call writes is one `Step`, all or nothing on the disk (the
//! entry and the player clock it stops; the hand's end, the next hand
//! begun and its header), and the hand, its header and the table change in
//! memory only once the step is written: built on copies, kept after.

use std::collections::BTreeMap;
use std::fmt;

use super::{HandHeader, Journal, JournalError, JournalHand, Loaded, Seal, Step, TableRecord};
use crate::rules::HouseRules;
use crate::session::{Positions, Structure, Table, TableCommand, TableEvent, TableRefusal};
use crate::table::Card;
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
    /// The table refused a session line (nothing changed).
    Table(TableRefusal),
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
            SessionError::Table(r) => write!(f, "{r}"),
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

impl From<TableRefusal> for SessionError {
    fn from(r: TableRefusal) -> SessionError {
        SessionError::Table(r)
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
    table: Option<Table>,
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
            table: None,
        })
    }

    /// Takes up a hand read back from the journal.
    pub fn resume(hand: JournalHand, rules: HouseRules, journal: Option<Journal>) -> Session {
        Session {
            hand: Hand::from_entries(hand.entries, rules),
            header: hand.header,
            journal,
            table: None,
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

    /// Runs `change` on a copy of the hand, journals the entries it adds
    /// (with, when `follow`, what the last of them does to the player
    /// clock, in the same step), and only then keeps the copy.
    fn commit<T>(
        &mut self,
        follow: bool,
        change: impl FnOnce(&mut Hand) -> Result<T, Refusal>,
    ) -> Result<T, SessionError> {
        self.commit_reopening(Vec::new(), follow, change)
    }

    /// As `commit`, with table events journaled (and folded) first: the
    /// hand's end taken back before an undo or redo changes the hand.
    fn commit_reopening<T>(
        &mut self,
        reopen: Vec<TableEvent>,
        follow: bool,
        change: impl FnOnce(&mut Hand) -> Result<T, Refusal>,
    ) -> Result<T, SessionError> {
        let mut next = self.hand.clone();
        let before = next.entries().len();
        let out = change(&mut next)?;
        let clock = if follow {
            self.after_entry(&next)
        } else {
            Vec::new()
        };
        let mut step = Step::new();
        if !reopen.is_empty() {
            step.table(&TableRecord {
                line: None,
                events: reopen.clone(),
            })?;
        }
        // The write that finishes the hand also seals it.
        let seal = Seal::of(self.header.number, next.entries(), next.state());
        step.entries(&next.entries()[before..], seal.as_ref())?;
        if !clock.is_empty() {
            step.table(&TableRecord {
                line: None,
                events: clock.clone(),
            })?;
        }
        self.write(next.rules(), step)?;
        self.apply_table(&reopen);
        self.hand = next;
        self.apply_table(&clock);
        Ok(out)
    }

    /// What an undo or redo in the hand in play must journal first: when
    /// the table has taken the hand's end (a session line or a restart
    /// since), the end is taken back; when the table has changed since
    /// (a player seated, chips added, the next hand), the hand is final.
    fn reopening(&self) -> Result<Vec<TableEvent>, SessionError> {
        let Some(t) = self.table.as_ref() else {
            return Ok(Vec::new());
        };
        if t.in_hand || self.hand_open() || t.hand != self.header.number {
            return Ok(Vec::new());
        }
        if !t.can_reopen() {
            return Err(SessionError::Table(TableRefusal::Other(format!(
                "Hand {} is over and the table has changed since it ended (a session line that seats, moves or adds chips): its entries can no longer be undone or redone.",
                self.header.number
            ))));
        }
        Ok(vec![TableEvent::HandReopened {
            hand: self.header.number,
        }])
    }

    /// Writes `step` to the journal, if there is one.
    fn write(&mut self, rules: &HouseRules, step: Step) -> Result<(), JournalError> {
        match self.journal.as_mut() {
            Some(j) => j.write_step(rules, step),
            None => Ok(()),
        }
    }

    /// Folds table events into the table, if the session keeps one.
    fn apply_table(&mut self, events: &[TableEvent]) {
        if let Some(t) = self.table.as_mut() {
            for e in events {
                t.apply(e);
            }
        }
    }

    /// Decides a command; on success the new entry is on the disk and its
    /// sequence number is returned.
    pub fn execute(
        &mut self,
        command: &Command,
        line: Option<String>,
    ) -> Result<u32, SessionError> {
        self.commit(true, |hand| hand.execute(command, line).map(|e| e.seq))
    }

    /// Records, on the disk, that the dealer accepted the rulings of `entry`.
    pub fn accept_rulings(&mut self, entry: u32) -> Result<(), SessionError> {
        self.commit(false, |hand| hand.accept_rulings(entry).map(|_| ()))
    }

    /// Retracts the last live entry; returns the retracted entry.
    pub fn undo(&mut self) -> Result<Entry, SessionError> {
        let reopen = self.reopening()?;
        self.commit_reopening(reopen, false, |hand| {
            let target = hand
                .undo()?
                .retracted_target()
                .expect("undo appends one retraction");
            Ok(hand.entries()[target as usize].clone())
        })
    }

    /// Restores what the last undo retracted; returns the restored entry.
    pub fn redo(&mut self) -> Result<Entry, SessionError> {
        let reopen = self.reopening()?;
        self.commit_reopening(reopen, false, |hand| {
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
        self.commit(false, |hand| {
            if hand.undo()?.retracted_target() != Some(seq) {
                return Err(Refusal::NothingTo(
                    "override: the entry is no longer the last",
                ));
            }
            hand.execute(command, line).map(|e| e.seq)
        })
    }

    /// Starts the next hand: with a table, by the table's rules at the
    /// journal clock's time (`next_hand_at`); without one, stacks carried
    /// over, the button on the next occupied seat clockwise, busted seats gone.
    pub fn next_hand(&mut self) -> Result<(), SessionError> {
        if self.table.is_some() {
            return self.next_hand_at(self.now_ms());
        }
        self.next_hand_without_table()
    }

    fn next_hand_without_table(&mut self) -> Result<(), SessionError> {
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

    /// The table, when the session keeps one.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// The table as the next session line will find it: once the hand in
    /// play is over, with its end taken (stacks, players out, places), as
    /// `table_of` reads a journal. None when the session keeps no table.
    pub fn table_between_hands(&self) -> Option<Table> {
        let mut table = self.table.clone()?;
        for e in self.hand_end(&table) {
            table.apply(&e);
        }
        Some(table)
    }

    /// The time now for the clocks: the journal's clock, or 0 without one.
    pub fn now_ms(&self) -> i64 {
        self.journal.as_ref().map_or(0, Journal::now_ms)
    }

    /// Opens a new table (`--new`) and starts its first hand from
    /// `header`: the table's opening (players, blinds, structure, the
    /// clock started at `now_ms`) is journaled first, as a new table.
    pub fn open_table(
        header: HandHeader,
        rules: HouseRules,
        structure: Structure,
        journal: &mut Option<Journal>,
        now_ms: i64,
    ) -> Result<Session, SessionError> {
        let table = Table::from_setup(&header.setup, structure, &header.names);
        let opening = table.opening_events(now_ms);
        let mut fresh = Table::new(header.setup.button, Structure::default(), Vec::new());
        for e in &opening {
            fresh.apply(e);
        }
        let hand = Hand::start(header.setup.clone(), rules)?;
        let mut session = Session {
            hand,
            header,
            journal: None,
            table: Some(fresh),
        };
        let begun = session.begun_event(now_ms);
        // The new table, its first hand and the hand's begin on the table:
        // one step, the new table first.
        let mut step = Step::new();
        step.table(&TableRecord {
            line: Some("new table".into()),
            events: opening,
        })?;
        let seal = Seal::of(
            session.header.number,
            session.hand.entries(),
            session.hand.state(),
        );
        step.hand(&session.header, &session.hand.entries()[0], seal.as_ref())?;
        step.table(&TableRecord {
            line: None,
            events: vec![begun.clone()],
        })?;
        if let Some(j) = journal.as_mut() {
            j.write_step(session.hand.rules(), step)?;
        }
        session.journal = journal.take();
        session.apply_table(&[begun]);
        Ok(session)
    }

    /// Takes up the table of a journal whose last hand is finished, and
    /// starts its next hand at `now_ms`: stacks carried, the button moved
    /// under the house's rules, the hand number going on, the level where
    /// the clock says. A journal without table records (written before
    /// tables were kept) continues from its last hand. `None` when the
    /// journal has no hand or its last hand is still being played (resume
    /// it instead).
    pub fn continue_table(
        loaded: &Loaded,
        rules: HouseRules,
        journal: Option<Journal>,
        now_ms: i64,
    ) -> Option<Result<Session, SessionError>> {
        let last = loaded.hands.last()?;
        if last.is_unfinished() {
            return None;
        }
        let mut journal = journal;
        Some(Session::take_up(
            last.clone(),
            table_of(loaded),
            rules,
            &mut journal,
            now_ms,
        ))
    }

    /// Takes up `table` after its finished hand `last` and starts the next
    /// hand at `now_ms` (`continue_table` with the journal already read).
    /// On failure (one player left, say) the journal stays with the caller.
    pub fn take_up(
        last: JournalHand,
        table: Table,
        rules: HouseRules,
        journal: &mut Option<Journal>,
        now_ms: i64,
    ) -> Result<Session, SessionError> {
        let mut session = Session {
            hand: Hand::from_entries(last.entries, rules),
            header: last.header,
            journal: journal.take(),
            table: Some(table),
        };
        match session.next_hand_at(now_ms) {
            Ok(()) => Ok(session),
            Err(e) => {
                *journal = session.journal.take();
                Err(e)
            }
        }
    }

    /// The session with the table its journal folds to (a hand resumed
    /// mid-way goes on at its table, clocks and all).
    pub fn with_table(mut self, table: Option<Table>) -> Session {
        self.table = table;
        self
    }

    /// A session line: decided by the table at `now_ms`, journaled, then
    /// applied. `hand` starts the next hand. Race cards not keyed come from
    /// `draw` (a seeded shuffle; the cards are journaled). Returns what the
    /// line did.
    pub fn table_line(
        &mut self,
        command: &TableCommand,
        line: Option<String>,
        now_ms: i64,
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<Vec<TableEvent>, SessionError> {
        if *command == TableCommand::NextHand {
            self.next_hand_at(now_ms)?;
            return Ok(Vec::new());
        }
        let Some(mut table) = self.table.clone() else {
            return Err(SessionError::Table(TableRefusal::Other(
                "This session keeps no table: start it as a table (floorcall table) to seat players and run the clock.".into(),
            )));
        };
        // The hand's end, if the table has not taken it yet, and the line:
        // one step, decided on a copy of the table.
        let ended = self.hand_end(&table);
        for e in &ended {
            table.apply(e);
        }
        // Seats, chips and colour-ups wait for the hand to end; clocks,
        // names and presence may change during it.
        let events = match table.decide(self.hand.rules(), command, now_ms, draw) {
            Ok(events) => events,
            Err(refusal) => {
                // The hand's end is recorded all the same.
                self.record_table(None, ended)?;
                return Err(refusal.into());
            }
        };
        let mut records = Vec::with_capacity(2);
        if !ended.is_empty() {
            records.push(TableRecord {
                line: None,
                events: ended,
            });
        }
        records.push(TableRecord {
            line,
            events: events.clone(),
        });
        self.record_tables(records)?;
        Ok(events)
    }

    /// What the last entry of `next` (the hand as it will be) does to the
    /// player clock (the seat on the clock acted: it stops; the floor
    /// called the clock: it starts on the seat to act), to be journaled
    /// with the entry.
    fn after_entry(&self, next: &Hand) -> Vec<TableEvent> {
        let journal = self.journal.as_ref();
        let now = || journal.map_or(0, Journal::now_ms);
        match (self.table.as_ref(), next.entries().last()) {
            (Some(t), Some(e)) => t.after_entry(next.rules(), next.state(), &e.events, now),
            _ => Vec::new(),
        }
    }

    /// Looks at the clocks at `now`: when the player clock has run out,
    /// journals it (once) and returns the event, for the screen to signal
    /// and to prompt the dead-hand ruling.
    pub fn tick(&mut self, now_ms: i64) -> Result<Option<TableEvent>, SessionError> {
        let Some(event) = self
            .table
            .as_ref()
            .and_then(|t| t.player_clock_ran_out(now_ms))
        else {
            return Ok(None);
        };
        self.record_table(None, vec![event.clone()])?;
        Ok(Some(event))
    }

    /// The hand begun event for the hand in play (its setup, where the
    /// blinds went, the clock's stage).
    fn begun_event(&self, now_ms: i64) -> TableEvent {
        let setup = self.header.setup.clone();
        let positions = Positions::of(&setup, &self.hand.entries()[0].events);
        let stage = self
            .table
            .as_ref()
            .and_then(|t| (!t.structure.stages.is_empty()).then(|| t.level_clock.at(now_ms).stage));
        TableEvent::HandBegun {
            number: self.header.number,
            setup,
            positions,
            stage,
            redeal: false,
        }
    }

    /// The hand's end (stacks, places), when the hand in play is over but
    /// `table` has not taken it yet.
    fn hand_end(&self, table: &Table) -> Vec<TableEvent> {
        if table.in_hand && !self.hand_open() {
            table.hand_over(self.state())
        } else {
            Vec::new()
        }
    }

    /// Journals a table record (none when `events` is empty), then folds
    /// its events.
    fn record_table(
        &mut self,
        line: Option<String>,
        events: Vec<TableEvent>,
    ) -> Result<(), SessionError> {
        if events.is_empty() {
            return Ok(());
        }
        self.record_tables(vec![TableRecord { line, events }])
    }

    /// Journals table records in one step, then folds their events.
    fn record_tables(&mut self, records: Vec<TableRecord>) -> Result<(), SessionError> {
        let mut step = Step::new();
        for record in &records {
            step.table(record)?;
        }
        let rules = self.hand.rules().clone();
        self.write(&rules, step)?;
        for record in &records {
            self.apply_table(&record.events);
        }
        Ok(())
    }

    /// Starts the next hand of the table at `now_ms` (or, for a session
    /// without a table, as `next_hand`).
    pub fn next_hand_at(&mut self, now_ms: i64) -> Result<(), SessionError> {
        let state = self.state();
        if state.street != Street::Done {
            return Err(SessionError::HandNotOver(state.street));
        }
        let Some(mut table) = self.table.clone() else {
            return self.next_hand_without_table();
        };
        // The hand's end, the next hand begun on the table and its header:
        // one step, decided on a copy of the table.
        let ended = self.hand_end(&table);
        for e in &ended {
            table.apply(e);
        }
        let events = match table.decide(
            self.hand.rules(),
            &TableCommand::NextHand,
            now_ms,
            &mut crate::session::table::seeded_draw(now_ms.unsigned_abs()),
        ) {
            Ok(events) => events,
            Err(refusal) => {
                // The hand's end is recorded all the same.
                self.record_table(None, ended)?;
                return Err(match refusal {
                    TableRefusal::TooFewPlayers(_) => SessionError::GameOver {
                        winner: table
                            .seats
                            .iter()
                            .find(|(_, p)| !p.chips.is_zero())
                            .map(|(s, _)| *s),
                    },
                    e => e.into(),
                });
            }
        };
        // The hand begun comes last: a break's end or a button drawn may
        // come before it.
        let Some(TableEvent::HandBegun { number, setup, .. }) = events.last().cloned() else {
            return Err(SessionError::Table(TableRefusal::Other(
                "The table began no hand.".into(),
            )));
        };
        let names: BTreeMap<u8, String> = table
            .seats
            .iter()
            .filter(|(_, p)| !p.name.is_empty())
            .map(|(s, p)| (s.number(), p.name.clone()))
            .collect();
        // A seat beyond the table's last (the floor's final table seats a
        // full table plus one, TDA 11) makes the table that much larger.
        let seats = names.keys().copied().fold(self.header.seats, u8::max);
        let header = HandHeader::new(&self.header.house, number, seats, names, setup);
        let rules = self.hand.rules().clone();
        let hand = Hand::start(header.setup.clone(), rules)?;
        let mut step = Step::new();
        if !ended.is_empty() {
            step.table(&TableRecord {
                line: None,
                events: ended,
            })?;
        }
        step.table(&TableRecord {
            line: Some("hand".into()),
            events: events.clone(),
        })?;
        let seal = Seal::of(header.number, hand.entries(), hand.state());
        step.hand(&header, &hand.entries()[0], seal.as_ref())?;
        self.write(hand.rules(), step)?;
        for e in &events {
            table.apply(e);
        }
        self.table = Some(table);
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

/// What the floor reads from a table's journal besides its table
/// (`table_of`): the chain's head, the hands begun, the starting stacks of
/// the hands its finishes fell in, and the hand each player last sat down
/// after.
pub fn floor_read(loaded: &Loaded, table: &Table) -> crate::tournament::TableRead {
    let busted: std::collections::BTreeSet<u32> = table.places.iter().map(|f| f.hand).collect();
    // The first hand of a number, as the floor has always read it (a
    // seat it did not deal in began with nothing).
    let mut starting_stacks = BTreeMap::new();
    let mut first = std::collections::BTreeSet::new();
    for h in &loaded.hands {
        let number = h.header.number;
        if busted.contains(&number) && first.insert(number) {
            for (s, c) in &h.header.setup.stacks {
                starting_stacks.insert((number, s.number()), c.get());
            }
        }
    }
    let mut sat_at = BTreeMap::new();
    for (before, record) in &loaded.table {
        for e in &record.events {
            if let TableEvent::PlayerSeated { name, .. } = e {
                let hand = match before.checked_sub(1) {
                    Some(i) => loaded.hands.get(i).map_or(0, |h| h.header.number),
                    None => 0,
                };
                sat_at.insert(name.clone(), hand);
            }
        }
    }
    crate::tournament::TableRead {
        records: loaded.records as u64,
        head: loaded.head.hex(),
        hands: loaded.hands.len() as u32,
        seats: loaded.hands.last().map(|h| h.header.seats),
        starting_stacks,
        sat_at,
    }
}

/// The table a journal's records fold to: its table records from the last
/// new table on; a journal without them (or whose last hand came after its
/// last new table without a hand-begun record) is rebuilt from its last hand.
///
/// A stop can fall between the two writes that begin a hand (the table's
/// record, then the hand's header): a hand begun on the table whose header
/// never followed did not begin (its event is skipped, and the next start
/// begins it again); a header whose hand the table never recorded begins
/// it now, from the header and its first entry.
pub fn table_of(loaded: &Loaded) -> Table {
    let opened = last_opening(loaded);
    let begun = |number: u32| loaded.hands.iter().any(|h| h.header.number == number);
    let mut table = match opened {
        Some(i) => {
            let mut t = Table::new(Seat::from_index(0), Structure::default(), Vec::new());
            for (_, r) in &loaded.table[i..] {
                for e in &r.events {
                    if matches!(e, TableEvent::HandBegun { number, .. } if !begun(*number)) {
                        continue;
                    }
                    t.apply(e);
                }
            }
            if let Some(last) = loaded.hands.last()
                && last.header.number > t.hand
            {
                if loaded.table[i].0 < loaded.hands.len() {
                    // The table's last hand: its begin was never recorded.
                    t.apply(&begun_from(last));
                } else {
                    // A new table whose first hand never began: the hand
                    // numbers go on from the journal's last.
                    t.hand = last.header.number;
                }
            }
            t
        }
        None => {
            let Some(last) = loaded.hands.last() else {
                return Table::new(Seat::from_index(0), Structure::default(), Vec::new());
            };
            let mut t =
                Table::from_setup(&last.header.setup, Structure::default(), &last.header.names);
            t.apply(&begun_from(last));
            t
        }
    };
    // The last hand ended after its last table record (a stop between the
    // seal and the table's record of the end): take its end now.
    if table.in_hand
        && let Some(last) = loaded.hands.last()
        && !last.is_unfinished()
    {
        let state = crate::table::hand::replay(&last.entries);
        for e in table.hand_over(&state) {
            table.apply(&e);
        }
    }
    table
}

/// The table's events from its last opening on, in order (the room's
/// audit reads who sat down and with what).
pub fn table_events(loaded: &Loaded) -> Vec<TableEvent> {
    let from = last_opening(loaded).unwrap_or(0);
    loaded.table[from..]
        .iter()
        .flat_map(|(_, r)| r.events.iter().cloned())
        .collect()
}

/// Table `name` as the room's audit reads its journal (`floor verify`
/// and the TD's screen both).
pub fn room_table(name: &str, loaded: &Loaded) -> crate::tournament::room::RoomTable {
    crate::tournament::room::RoomTable {
        name: name.to_string(),
        events: table_events(loaded),
        table: table_of(loaded),
        openings: table_openings(loaded),
        first_stacks: loaded.hands.first().map_or(0, |h| {
            h.header.setup.stacks.iter().map(|(_, c)| c.get()).sum()
        }),
    }
}

/// How many times the journal opened a table.
pub fn table_openings(loaded: &Loaded) -> usize {
    loaded
        .table
        .iter()
        .filter(|(_, r)| {
            r.events
                .iter()
                .any(|e| matches!(e, TableEvent::Opened { .. }))
        })
        .count()
}

/// The index in `loaded.table` of the last record that opened a table.
fn last_opening(loaded: &Loaded) -> Option<usize> {
    loaded.table.iter().rposition(|(_, r)| {
        r.events
            .iter()
            .any(|e| matches!(e, TableEvent::Opened { .. }))
    })
}

/// Where the hands of the table `table_of` folds to begin in
/// `loaded.hands`: the first hand begun after its last opening (0 for a
/// journal without table records). The table screen's log scrolls back
/// through them after a restart.
pub fn table_start(loaded: &Loaded) -> usize {
    last_opening(loaded)
        .map_or(0, |i| loaded.table[i].0)
        .min(loaded.hands.len())
}

/// The hand-begun event a hand read back implies: its setup, where its
/// blinds went.
fn begun_from(hand: &JournalHand) -> TableEvent {
    let setup = &hand.header.setup;
    let first = hand
        .entries
        .first()
        .map(|e| e.events.as_slice())
        .unwrap_or_default();
    TableEvent::HandBegun {
        number: hand.header.number,
        setup: setup.clone(),
        positions: Positions::of(setup, first),
        stage: None,
        redeal: false,
    }
}
