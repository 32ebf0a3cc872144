//! Each record of a part, in turn: the scan's lines come in, and what
//! they say is checked against what came before: a session record puts
//! its house in force, a hand header must follow the last hand's number
//! and start every seat with the chips it was left, a table record folds
//! into the table (chips that add up, no more than a table holds), a seal
//! must hold the stacks the hand leaves, and an entry goes to `ruling`.
//! Counts, the hand numbers and where the head noted was seen go out.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use super::ruling::{Commands, EntryJson, EntryLine, HandCheck};
use crate::journal::{Bad, Head, HouseRecord, Kind, Order, Raw, Record, read_raw, read_record};
use crate::rules::HouseRules;
use crate::session::{Table, TableEvent};
use crate::table::event::{Event, Street};
use crate::table::hand::Entry;
use crate::table::state::HandState;
use crate::table::{Chips, Seat};

/// The rules in force and who wrote under them.
#[derive(Clone)]
pub(super) struct InForce {
    pub(super) house: Arc<HouseRecord>,
    pub(super) rules: Arc<HouseRules>,
}

/// What a thread keeps from part to part of a journal, for ruling its
/// entries again (a part's checker borrows it).
#[derive(Default)]
pub(super) struct Kept {
    /// The events ruled again, as JSON (a writer comparing them as they
    /// came, byte by byte, cost a third more than a buffer compared once).
    buf: Vec<u8>,
    /// The events each entry is ruled again into (`HandCheck::ruled_alike`):
    /// one list's room serves entry after entry, hand after hand.
    made: Vec<Event>,
    /// Lines read back into commands: a journal says `s5 check` and its
    /// like thousands of times, and reading a line costs more than
    /// looking it up (each part of a journal checked in parts read them
    /// all afresh before: with the two changes beside it, the check in
    /// parts used 6% less CPU).
    commands: Commands,
    /// What the last hand checked leaves for the next: its entries' lists
    /// of events (emptied), its list of entries and its state, for their
    /// room (made afresh each hand and freed, they were an allocation and
    /// a free an entry).
    spare: Spare,
}

/// A hand's room, kept for the next (see `Kept::spare`).
#[derive(Default)]
struct Spare {
    events: Vec<Vec<Event>>,
    entries: Vec<Entry>,
    state: Option<Box<HandState>>,
}

impl Spare {
    /// Keeps `hand`'s room for the next hand.
    fn keep(&mut self, hand: HandCheck) {
        let HandCheck {
            mut entries, state, ..
        } = hand;
        self.events.extend(entries.drain(..).map(|entry| {
            let mut events = entry.events;
            events.clear();
            events
        }));
        self.entries = entries;
        self.state = Some(state);
    }

    /// A list of entries and a state ready for a start, the last hand's
    /// where there is one (hands are much alike in length: the list has
    /// room for as many entries as the last hand's).
    fn take(&mut self) -> (Vec<Entry>, Box<HandState>) {
        let entries = std::mem::take(&mut self.entries);
        let state = match self.state.take() {
            Some(mut state) => {
                state.ready_for_start();
                state
            }
            None => Box::default(),
        };
        (entries, state)
    }
}

pub(super) struct Checker<'a> {
    pub(super) house_for: &'a (dyn Fn(&str) -> Result<HouseRules, String> + Sync),
    pub(super) order: Order,
    pub(super) kept: &'a mut Kept,
    pub(super) by_name: HashMap<String, Result<Arc<HouseRules>, String>>,
    pub(super) session: Option<InForce>,
    pub(super) hand: Option<HandCheck>,
    pub(super) hands: usize,
    pub(super) entries: usize,
    pub(super) first_number: Option<u32>,
    pub(super) last_number: Option<u32>,
    pub(super) wanted: Option<&'a str>,
    pub(super) found: Option<(usize, Head)>,
    /// The session's table, folded from its table records.
    pub(super) table: Option<Table>,
    /// A session record came since the last hand header (a run of
    /// floorcall began, or the house changed).
    pub(super) fresh_run: bool,
    /// The stacks the first hand checked starts with, where nothing
    /// before it here says what it should start with (no table, and no
    /// hand before it in this part): the join with the part before
    /// compares them with what that part's last hand left (`closing`).
    pub(super) opening: Option<Vec<(Seat, Chips)>>,
}

impl<'a> Checker<'a> {
    /// A checker starting with `session` in force and `table` (the fold
    /// of the table records before), looking for the head `wanted`, with
    /// what its thread `kept`.
    pub(super) fn new(
        house_for: &'a (dyn Fn(&str) -> Result<HouseRules, String> + Sync),
        session: Option<InForce>,
        table: Option<Table>,
        wanted: Option<&'a str>,
        kept: &'a mut Kept,
    ) -> Checker<'a> {
        Checker {
            house_for,
            order: Order::default(),
            kept,
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
            opening: None,
        }
    }

    /// The stacks the last hand checked leaves for the next, as a hand
    /// in the same run without a table must start (`carried`); `None`
    /// when no such check would be made: no hand, one not over, a table
    /// kept (the next part begins with it), or a session record since.
    pub(super) fn closing(&self) -> Option<Vec<(Seat, Chips)>> {
        let hand = self.hand.as_ref()?;
        (self.table.is_none() && !self.fresh_run && hand.state.street == Street::Done)
            .then(|| carried_on(&hand.state))
    }
}

impl Checker<'_> {
    pub(super) fn visit(&mut self, raw: &Raw) -> Result<(), Bad> {
        if let (Some(wanted), Some(hash)) = (self.wanted, raw.hash)
            && hash.starts_with(wanted)
        {
            self.found = Some((raw.line, hash));
        }
        if raw.kind == Kind::Entry && raw.chained {
            return self.entry_line(raw);
        }
        let record = read_raw(raw)?;
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
                if let Some(hand) = previous.as_ref()
                    && let Some(unsealed) = hand.finish()?
                {
                    return Err(unsealed.into());
                }
                let ended = previous
                    .as_ref()
                    .filter(|h| h.state.street == Street::Done)
                    .map(|h| (h.number, &*h.state));
                if let Some(last) = self.last_number
                    && header.number != last.saturating_add(1)
                {
                    return Err(format!(
                        "hand {} follows hand {last}: hand numbers go up by one (a hand was removed, repeated or moved).",
                        header.number
                    )
                    .into());
                }
                self.carried(&header, ended)?;
                if let Some(hand) = previous {
                    self.kept.spare.keep(hand);
                }
                let (entries, state) = self.kept.spare.take();
                self.fresh_run = false;
                self.last_number = Some(header.number);
                self.first_number.get_or_insert(header.number);
                self.hands += 1;
                self.hand = Some(HandCheck {
                    number: header.number,
                    version: header.version,
                    house: header.house,
                    setup: header.setup,
                    entries,
                    state,
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
        header: &crate::journal::HandHeader,
        ended: Option<(u32, &HandState)>,
    ) -> Result<(), String> {
        let number = header.number;
        if let Some(table) = self.table.as_mut() {
            // The last hand's end, if the table never took it (see
            // `table_event`).
            if let Some((last, state)) = ended
                && table.in_hand
                && table.hand == last
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
        } else if self.fresh_run {
            // A new run: its first hand may start afresh.
        } else if let Some((last, state)) = ended {
            // Within a run without a table, the next hand carries every
            // stack left (seats with none leave).
            let carried = carried_on(state);
            if header.setup.stacks != carried {
                return Err(format!(
                    "hand {number} starts with the stacks {}, but hand {last} left {}: chips were changed between the hands.",
                    stacks_text(&header.setup.stacks),
                    stacks_text(&carried)
                ));
            }
        } else if self.hands == 0 {
            // The first hand of a part: what the part before left is
            // compared where the two meet.
            self.opening = Some(header.setup.stacks.clone());
        }
        Ok(())
    }

    /// A chained entry: ruled again and compared as bytes; read whole only
    /// when the bytes differ or it is a retraction or an acceptance.
    ///
    /// An entry ruled alike is UTF-8 text by construction, so the scan
    /// leaves that check to here (`Raw::check_text`), for every other
    /// way: its prefix and keys are the bytes expected, its line is one
    /// read as text (when it was first seen, `Commands`), its events are
    /// the JSON the engine's events give, and the scan has read its time,
    /// offset and hashes digit by digit.
    fn entry_line(&mut self, raw: &Raw) -> Result<(), Bad> {
        let line = match EntryLine::read(raw.bytes) {
            Some(line) => line,
            None => {
                raw.check_text()?;
                let json: EntryJson = serde_json::from_slice(raw.bytes)
                    .map_err(|e| format!("the line is not a journal record ({e})."))?;
                EntryLine {
                    seq: json.seq,
                    line: json.line.map(|line| match line {
                        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
                        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
                    }),
                    events: json.events.get().as_bytes(),
                }
            }
        };
        let events = line.events;
        let whole = events.starts_with(b"[{\"event\":\"entry-retracted\"")
            || events.starts_with(b"[{\"event\":\"rulings-accepted\"");
        if !whole {
            self.order.entry_seq(line.seq)?;
            // The rules in force, borrowed: an `Arc` cloned and dropped
            // for every entry is two atomic writes to a count that every
            // part's thread shares.
            let by_name = match self.session {
                Some(_) => None,
                None => Some(self.rules_by_name()?),
            };
            let Some(rules) = self.session.as_ref().map(|s| &s.rules).or(by_name.as_ref()) else {
                return Err("an entry comes before any house rules.".to_string().into());
            };
            let Kept {
                buf,
                made,
                commands,
                spare,
            } = &mut *self.kept;
            let hand = self
                .hand
                .as_mut()
                .ok_or_else(|| "an entry comes before any hand.".to_string())?;
            if !hand.rules.as_ref().is_some_and(|r| Arc::ptr_eq(r, rules)) {
                hand.rules = Some(Arc::clone(rules));
            }
            hand.chained = true;
            hand.sealed = false;
            hand.last_line = raw.line;
            if hand.ruled_alike(
                line.seq,
                line.line.as_deref(),
                events,
                rules,
                (buf, made, &mut spare.events),
                commands,
            )? {
                self.entries += 1;
                return Ok(());
            }
            // Not alike as bytes: read it whole, to check it in full and
            // say what differs.
            self.order.unsee_entry();
        }
        raw.check_text()?;
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

/// The stacks a hand leaves for the next in a run without a table:
/// every stack left (seats with none leave).
fn carried_on(state: &HandState) -> Vec<(Seat, Chips)> {
    stacks_left(state)
        .into_iter()
        .filter(|(_, c)| !c.is_zero())
        .collect()
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
        | TableEvent::ChipsAdded { chips, .. }
        | TableEvent::NoShowRemoved { chips, .. }
        | TableEvent::PlacedRemoved { chips, .. }
        | TableEvent::StackPlaced { chips, .. }
        | TableEvent::PlayerOut { chips, .. } => Box::new(std::iter::once(*chips)),
        TableEvent::HandEnded { stacks, .. } => Box::new(stacks.iter().map(|(_, c)| *c)),
        TableEvent::Counted { counts } => Box::new(counts.iter().map(|(_, c)| *c)),
        TableEvent::StackCorrected { from, to, .. } => Box::new([*from, *to].into_iter()),
        TableEvent::ColouredUp { changes, .. } => {
            Box::new(changes.iter().flat_map(|c| [c.before, c.after]))
        }
        _ => Box::new(std::iter::empty()),
    }
}
