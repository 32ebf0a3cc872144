//! Deciding: a `TableCommand` and the time come in, with the house rules
//! and a source of cards for draws the dealer did not key; `TableEvent`s
//! or a `TableRefusal` go out, and the table is not changed. Also the
//! events a finished hand leaves at the table (`hand_over`), what a hand
//! entry does to the player clock (`after_entry`), the clock's running out
//! and the events that open a table afresh.

use super::{Finish, Player, Presence, Table, TableCommand, TableEvent, TableRefusal};
use crate::rules::tournament::{LateEntry, NoShow};
use crate::rules::{AfterBreak, HouseRules, RulingId};
use crate::session::clock::{PlayerClock, PlayerClockReading};
use crate::session::colour_up::{colour_up, odd_chips};
use crate::session::structure::Stage;
use crate::table::state::HandState;
use crate::table::{Card, Chips, Event, Seat, Street};

impl Table {
    /// What ends a break when the next hand is dealt: the level clock
    /// runs again (an open break paused it; a break ended early gives back
    /// the minutes it had added to the level).
    fn break_end(&self, now_ms: i64) -> Vec<TableEvent> {
        let Some(b) = self.table_break else {
            // The structure's own break, dealt through: it ends now, and
            // the next level starts with the hand (its minutes not used
            // are given back: the clock goes on from the level's start).
            if self.break_at(now_ms) {
                let left = self.level_clock.at(now_ms).remaining_ms;
                return vec![TableEvent::ClockAdjusted {
                    at_ms: now_ms,
                    secs: -i64::try_from(left.div_ceil(1000)).unwrap_or(i64::MAX),
                }];
            }
            return Vec::new();
        };
        let mut events = vec![TableEvent::BreakEnded { at_ms: now_ms }];
        if b.paused_clock {
            events.push(TableEvent::ClockResumed { at_ms: now_ms });
        }
        if let Some(until) = b.until_ms
            && now_ms < until
            && !self.structure.stages.is_empty()
        {
            events.push(TableEvent::ClockAdjusted {
                at_ms: now_ms,
                secs: -((until - now_ms) / 1000),
            });
        }
        events
    }

    /// Whether the house takes a no-show's chips out of play now (its
    /// `no-show`), with the reason it does not.
    fn no_show_due(&self, rules: &HouseRules, now_ms: i64) -> Result<(), TableRefusal> {
        let setting = &rules.tournament.no_show;
        let clock = self.level_clock.at(now_ms);
        let refuse = |why: String| {
            Err(TableRefusal::Other(format!(
                "{why} ({}).",
                setting.citation
            )))
        };
        match setting.value {
            NoShow::BlindedOff => refuse(
                "The house takes no player's chips out of play for his absence: he is dealt in and his blinds and antes posted".into(),
            ),
            NoShow::AfterALevel => {
                let half_hour = 30 * 60 * 1000;
                if clock.stage > 0 || self.level_clock.elapsed_at(now_ms) >= half_hour {
                    Ok(())
                } else {
                    refuse("Not yet: a no-show's chips are taken out of play once a new level has begun or half an hour has passed".into())
                }
            }
            NoShow::AfterTheFirstBreak => {
                let first_break = self
                    .structure
                    .stages
                    .iter()
                    .position(|s| matches!(s, Stage::Break { .. }));
                match first_break {
                    Some(b) if clock.stage > b => Ok(()),
                    Some(_) => refuse("Not yet: a no-show's chips are taken out of play at the end of the first break".into()),
                    None => refuse("The structure has no break: a no-show's chips are taken out of play at the end of the first break".into()),
                }
            }
        }
    }

    /// Checks a table line at `now` and returns what it does. `draw`
    /// gives race cards for a colour-up the dealer did not key (a seeded
    /// shuffle in the caller: the cards are in the event, so a replay
    /// needs no seed).
    pub fn decide(
        &self,
        rules: &HouseRules,
        command: &TableCommand,
        now_ms: i64,
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<Vec<TableEvent>, TableRefusal> {
        let events = self.decide_line(rules, command, now_ms, draw)?;
        Ok(self.places_said(events))
    }

    /// `events`, with the places they leave said in the journal
    /// (`PlacesCorrected`) when they change them other than by a hand's
    /// busts, which its end already tells: one source for a place.
    fn places_said(&self, mut events: Vec<TableEvent>) -> Vec<TableEvent> {
        let mut after = self.clone();
        let mut told = self.places.clone();
        for e in &events {
            after.apply(e);
            match e {
                TableEvent::HandEnded { busted, .. } => {
                    told.extend(busted.iter().cloned());
                    told.sort_by_key(|f| f.place);
                }
                TableEvent::HandReopened { .. } | TableEvent::PlacesCorrected { .. } => {
                    told = after.places.clone();
                }
                _ => {}
            }
        }
        if after.places != told {
            events.push(TableEvent::PlacesCorrected {
                places: after.places,
            });
        }
        events
    }

    fn decide_line(
        &self,
        rules: &HouseRules,
        command: &TableCommand,
        now_ms: i64,
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<Vec<TableEvent>, TableRefusal> {
        let between = || -> Result<(), TableRefusal> {
            if self.in_hand {
                Err(TableRefusal::HandInPlay(Street::Preflop))
            } else {
                Ok(())
            }
        };
        let seated = |seat: Seat| -> Result<&Player, TableRefusal> {
            self.seats
                .get(&seat)
                .ok_or(TableRefusal::SeatEmpty(seat.number()))
        };
        // A seat's line only a player takes: a stack placed for a late
        // entrant is no player (UPT Tournament 6); it is taken (`sit`) or
        // removed (`no-show`), and a count or the button may name it.
        let player = |seat: Seat| -> Result<&Player, TableRefusal> {
            let p = seated(seat)?;
            if p.placed {
                let n = seat.number();
                return Err(TableRefusal::Other(format!(
                    "Seat {n} holds a stack placed for a late entrant, and no player: a late entrant takes it (seat {n} sit {} NAME), or the TD has it removed (seat {n} no-show).",
                    p.chips.get()
                )));
            }
            Ok(p)
        };
        let light = || -> Result<(), TableRefusal> {
            if self.light {
                Ok(())
            } else {
                Err(TableRefusal::Other(
                    "This table keys its hands: a player goes out in a hand, and his stack is what the hands left him (light on: a table that keys no hands)."
                        .into(),
                ))
            }
        };
        Ok(match command {
            TableCommand::NextHand if self.light => {
                return Err(TableRefusal::Other(
                    "This table runs light and keys no hands: key players out (seat 3 out), chip counts (count s1 12000 ...), the button and the floor's orders (light off: key hands again)."
                        .into(),
                ));
            }
            TableCommand::Light(on) => {
                between()?;
                if *on == self.light {
                    return Err(TableRefusal::Other(format!(
                        "The table {} already.",
                        if *on { "runs light" } else { "keys its hands" }
                    )));
                }
                // Hands dealt again take the stacks as they stand: chips
                // not counted to anyone would be lost from them.
                if !*on && self.uncounted != 0 {
                    return Err(TableRefusal::Other(format!(
                        "The stacks are not counted since players went out ({} at the table not yet counted to anyone): count every player first (count s1 12000 ...).",
                        Chips(self.uncounted.unsigned_abs())
                    )));
                }
                vec![TableEvent::LightSet { on: *on }]
            }
            TableCommand::NoShow(seat) => {
                between()?;
                let p = seated(*seat)?;
                if p.placed {
                    // An unsold seat's stack goes when the TD says (UPT
                    // Tournament 6).
                    return Ok(vec![TableEvent::PlacedRemoved {
                        seat: *seat,
                        chips: p.chips,
                    }]);
                }
                if p.presence != Presence::Away {
                    return Err(TableRefusal::Other(format!(
                        "{} is not away: a player who has come plays his chips (seat {} away first, if he has gone).",
                        p.name,
                        seat.number()
                    )));
                }
                self.no_show_due(rules, now_ms)?;
                vec![TableEvent::NoShowRemoved {
                    seat: *seat,
                    chips: p.chips,
                }]
            }
            TableCommand::Out(seat) => {
                light()?;
                let p = player(*seat)?;
                if self.players_in() < 2 {
                    return Err(TableRefusal::Other(format!(
                        "{} is the last player at the table: the floor places the winner.",
                        p.name
                    )));
                }
                vec![TableEvent::PlayerOut {
                    seat: *seat,
                    chips: p.chips,
                }]
            }
            TableCommand::Count(counts) => {
                light()?;
                let mut seen = Vec::new();
                for (seat, _) in counts {
                    seated(*seat)?;
                    if seen.contains(seat) {
                        return Err(TableRefusal::Other(format!(
                            "Seat {} is counted twice.",
                            seat.number()
                        )));
                    }
                    seen.push(*seat);
                }
                if counts.iter().any(|(_, c)| c.is_zero()) {
                    return Err(TableRefusal::Other(
                        "A count of 0 is a player out: seat N out.".into(),
                    ));
                }
                // A count of every player is the table's whole: it must
                // hold every chip at the table.
                if self.seats.keys().all(|s| seen.contains(s)) {
                    let counted: u64 = counts.iter().map(|(_, c)| c.get()).sum();
                    let here = self.chips_seated();
                    if counted != here {
                        return Err(TableRefusal::Other(format!(
                            "The counts make {}, and the table holds {}: count again.",
                            Chips(counted),
                            Chips(here)
                        )));
                    }
                }
                vec![TableEvent::Counted {
                    counts: counts.clone(),
                }]
            }
            TableCommand::NextHand => {
                between()?;
                let mut events = self.break_end(now_ms);
                // Redtooth's second session: the button is drawn after the
                // break, unless the dealer keyed the draw.
                if rules.settings.after_break.value == AfterBreak::RejoinAndDrawButton
                    && self.on_break
                    && self.positions.is_some()
                    && !self.redeal_due
                {
                    events.push(self.button_draw(&[], draw)?);
                }
                let mut after = self.clone();
                for e in &events {
                    after.apply(e);
                }
                let (setup, positions) = after.next_setup(rules, now_ms)?;
                let stage = match (&after.last_deal, self.redeal_due) {
                    (Some(deal), true) => deal.stage,
                    _ => (!self.structure.stages.is_empty())
                        .then(|| after.level_clock.at(now_ms).stage),
                };
                events.push(TableEvent::HandBegun {
                    number: self.hand + 1,
                    setup,
                    positions,
                    stage,
                    redeal: self.redeal_due,
                });
                events
            }
            TableCommand::ButtonDraw { cards } => {
                between()?;
                vec![self.button_draw(cards, draw)?]
            }
            TableCommand::SetButton(seat) => {
                between()?;
                seated(*seat)?;
                vec![TableEvent::ButtonSet { seat: *seat }]
            }
            TableCommand::SetLevel(blinds) => {
                if let Some(problem) =
                    crate::rules::blinds_problem(blinds.small.get(), blinds.big.get())
                {
                    return Err(TableRefusal::Other(format!("{problem}.")));
                }
                if let Some(problem) = crate::rules::ante_problem(
                    &rules.settings,
                    blinds.small.get(),
                    blinds.ante.get(),
                ) {
                    return Err(TableRefusal::Other(format!("{problem}.")));
                }
                let stage = self
                    .structure
                    .stages
                    .iter()
                    .position(|s| matches!(s, Stage::Level { blinds: b, .. } if b == blinds));
                vec![TableEvent::LevelSet {
                    blinds: *blinds,
                    stage,
                    at_ms: now_ms,
                }]
            }
            TableCommand::Sit { seat, chips, name } => {
                between()?;
                if let Some(placed) = self.seats.get(seat).filter(|p| p.placed) {
                    // The late entrant takes the stack placed for him, as
                    // the blinds left it (UPT Tournament 6).
                    if *chips != placed.chips {
                        return Err(TableRefusal::Other(format!(
                            "The stack placed in seat {} holds {}: the late entrant takes it as it is (seat {} sit {} {}).",
                            seat.number(),
                            placed.chips,
                            seat.number(),
                            placed.chips.get(),
                            name
                        )));
                    }
                    if name.trim().is_empty() {
                        return Err(TableRefusal::Other(format!(
                            "The stack placed in seat {} is taken by a named player: seat {} sit {} Eve.",
                            seat.number(),
                            seat.number(),
                            chips.get()
                        )));
                    }
                    return Ok(vec![TableEvent::PlacedTaken {
                        seat: *seat,
                        name: name.clone(),
                    }]);
                }
                if self.seats.contains_key(seat) {
                    return Err(TableRefusal::SeatTaken(seat.number()));
                }
                if chips.is_zero() {
                    return Err(TableRefusal::Other(format!(
                        "A player sits with chips: seat {} was given 0.",
                        seat.number()
                    )));
                }
                self.room_for(*chips)?;
                // Redtooth's second session: a player out takes his
                // original seat again at the break.
                let rejoins = rules.settings.after_break.value == AfterBreak::RejoinAndDrawButton
                    && self.on_break
                    && self.places.iter().any(|f| f.seat == *seat);
                vec![TableEvent::PlayerSeated {
                    seat: *seat,
                    name: name.clone(),
                    chips: *chips,
                    rejoins,
                }]
            }
            TableCommand::Place { seat, chips } => {
                between()?;
                let setting = &rules.tournament.late_entry;
                if setting.value != LateEntry::PlacedStacks {
                    return Err(TableRefusal::Other(format!(
                        "The house places no stack for a late entrant: he is sold his stack when he comes ({}).",
                        setting.citation
                    )));
                }
                if self.seats.contains_key(seat) {
                    return Err(TableRefusal::SeatTaken(seat.number()));
                }
                if chips.is_zero() {
                    return Err(TableRefusal::Other(format!(
                        "A stack is placed with chips: seat {} was given 0.",
                        seat.number()
                    )));
                }
                self.room_for(*chips)?;
                vec![TableEvent::StackPlaced {
                    seat: *seat,
                    chips: *chips,
                }]
            }
            TableCommand::Leave(seat) => {
                between()?;
                let p = player(*seat)?;
                vec![TableEvent::PlayerLeft {
                    seat: *seat,
                    chips: p.chips,
                }]
            }
            TableCommand::Away(seat) | TableCommand::Back(seat) | TableCommand::SitOut(seat) => {
                player(*seat)?;
                let presence = match command {
                    TableCommand::Away(_) => Presence::Away,
                    TableCommand::SitOut(_) => Presence::SittingOut,
                    _ => Presence::Playing,
                };
                vec![TableEvent::PresenceChanged {
                    seat: *seat,
                    presence,
                }]
            }
            TableCommand::Add { seat, chips } | TableCommand::Bought { seat, chips, .. } => {
                between()?;
                player(*seat)?;
                self.room_for(*chips)?;
                let bought = match command {
                    TableCommand::Bought { buy, .. } => Some(*buy),
                    _ => None,
                };
                vec![TableEvent::ChipsAdded {
                    seat: *seat,
                    chips: *chips,
                    bought,
                }]
            }
            TableCommand::Correct {
                seat,
                chips,
                returns,
            } => {
                between()?;
                if self.seats.contains_key(seat) {
                    player(*seat)?;
                }
                self.correction(*seat, *chips, returns.as_deref())?
            }
            TableCommand::Rename { seat, name } => {
                player(*seat)?;
                vec![TableEvent::Renamed {
                    seat: *seat,
                    name: name.clone(),
                }]
            }
            TableCommand::Break(minutes) => {
                between()?;
                if self.table_break.is_some() {
                    return Err(TableRefusal::Other(
                        "A break is already on: the next hand ends it.".into(),
                    ));
                }
                let running = self.level_clock.at(now_ms).running;
                let mut events = Vec::new();
                match minutes {
                    // The level gains the break's minutes: it resumes after them.
                    Some(m) if !self.structure.stages.is_empty() => {
                        events.push(TableEvent::ClockAdjusted {
                            at_ms: now_ms,
                            secs: i64::from(*m) * 60,
                        })
                    }
                    None if running => events.push(TableEvent::ClockPaused { at_ms: now_ms }),
                    _ => {}
                }
                events.push(TableEvent::BreakStarted {
                    at_ms: now_ms,
                    minutes: *minutes,
                    paused_clock: minutes.is_none() && running,
                });
                let top_up = Chips(rules.settings.break_top_up.value);
                if !top_up.is_zero() {
                    // Redtooth 56: every player still in gets the top-up.
                    let mut total = 0u64;
                    for (seat, p) in &self.seats {
                        if !p.chips.is_zero() {
                            events.push(TableEvent::ChipsAdded {
                                seat: *seat,
                                chips: top_up,
                                bought: None,
                            });
                            total = total.saturating_add(top_up.get());
                        }
                    }
                    self.room_for(Chips(total))?;
                }
                events
            }
            TableCommand::ColourUp { cards } => {
                between()?;
                let [removed, next, ..] = self.denominations[..] else {
                    return Err(TableRefusal::NoChipToRemove);
                };
                let method = rules.settings.colour_up.value;
                let stacks: Vec<(Seat, Chips)> =
                    self.seats.iter().map(|(s, p)| (*s, p.chips)).collect();
                let mut race_cards = cards.clone();
                if method.races() && cards.is_empty() {
                    // Seat 1 first, each player all his cards before the next (UPT 11).
                    let counts: Vec<(Seat, usize)> = stacks
                        .iter()
                        .map(|(s, c)| (*s, odd_chips(*c, removed, next) as usize))
                        .filter(|(_, n)| *n > 0)
                        .collect();
                    let total: usize = counts.iter().map(|(_, n)| n).sum();
                    let mut deck = draw(total.min(52)).into_iter();
                    race_cards = counts
                        .iter()
                        .map(|(s, n)| (*s, deck.by_ref().take(*n).collect()))
                        .collect();
                }
                let changes = colour_up(method, &stacks, next, &race_cards);
                vec![TableEvent::ColouredUp { removed, changes }]
            }
            TableCommand::ClockOn(seat) => {
                player(*seat)?;
                vec![TableEvent::PlayerClockCalled {
                    clock: PlayerClock::call(*seat, now_ms, rules.settings.clock.value),
                }]
            }
            TableCommand::ClockStop => {
                if self.player_clock.is_none() {
                    return Err(TableRefusal::Other(
                        "No clock is running on a player.".into(),
                    ));
                }
                vec![TableEvent::PlayerClockStopped]
            }
            TableCommand::ClockResume => vec![TableEvent::ClockResumed { at_ms: now_ms }],
            TableCommand::ClockPause => vec![TableEvent::ClockPaused { at_ms: now_ms }],
            TableCommand::ClockAdjust(secs) => self.clock_adjusted(now_ms, *secs),
            TableCommand::ClockSet {
                stage,
                left_secs,
                running,
            } => {
                let stages = self.structure.stages.len();
                if *stage >= stages {
                    return Err(TableRefusal::Other(format!(
                        "The clock cannot be set to stage {}: this table's structure has {stages} stage(s). Start the table with the floor's structure (--structure).",
                        stage + 1
                    )));
                }
                vec![TableEvent::ClockSet {
                    at_ms: now_ms,
                    stage: *stage,
                    remaining_ms: left_secs.saturating_mul(1000),
                    running: *running,
                }]
            }
            TableCommand::Wait(secs) => vec![TableEvent::Waited { secs: *secs }],
            TableCommand::HandForHand(on) => vec![TableEvent::HandForHandSet { on: *on }],
            TableCommand::SetStructure(structure) => {
                if structure.stages.is_empty() {
                    return Err(TableRefusal::Other(
                        "A structure has at least one level.".into(),
                    ));
                }
                vec![TableEvent::StructureSet {
                    structure: structure.clone(),
                }]
            }
        })
    }

    /// The floor's correction of seat `seat` to `chips` (`returns`: the
    /// player out by mistake who takes the empty seat again).
    fn correction(
        &self,
        seat: Seat,
        chips: Chips,
        returns: Option<&str>,
    ) -> Result<Vec<TableEvent>, TableRefusal> {
        let n = seat.number();
        if chips.is_zero() {
            return Err(TableRefusal::Other(format!(
                "A stack is not corrected to 0: a player goes out in a hand, or is disqualified (seat {n})."
            )));
        }
        let from = match (self.seats.get(&seat), returns) {
            (Some(p), None) => p.chips,
            (None, None) => return Err(TableRefusal::SeatEmpty(n)),
            (Some(p), Some(name)) => {
                return Err(TableRefusal::Other(format!(
                    "{name} cannot return to seat {n}: {} sits there.",
                    p.name
                )));
            }
            (None, Some(name)) => {
                if !self.places.iter().any(|f| f.name == name) {
                    return Err(TableRefusal::Other(format!(
                        "{name} is not out at this table: only a player out by mistake returns."
                    )));
                }
                Chips::ZERO
            }
        };
        if chips > from {
            self.room_for(Chips(chips.get() - from.get()))?;
        }
        Ok(vec![TableEvent::StackCorrected {
            seat,
            from,
            to: chips,
            returns: returns.map(str::to_string),
        }])
    }

    /// `clock adjust SECS`: the level given more time, or less. Less than
    /// it has left ends it, and the time over comes off the stages after
    /// (each its own event, as a level's end is its own).
    fn clock_adjusted(&self, now_ms: i64, secs: i64) -> Vec<TableEvent> {
        let mut events = Vec::new();
        let mut clock = self.level_clock.clone();
        let mut rest = secs;
        loop {
            let reading = clock.at(now_ms);
            let left = i64::try_from(reading.remaining_ms.div_ceil(1000)).unwrap_or(i64::MAX);
            let step = if rest < 0 && !reading.finished {
                rest.max(-left)
            } else {
                rest
            };
            let event = TableEvent::ClockAdjusted {
                at_ms: now_ms,
                secs: step,
            };
            clock.adjust(now_ms, step);
            events.push(event);
            rest -= step;
            if rest == 0 || step == 0 || clock.at(now_ms).finished {
                return events;
            }
        }
    }

    fn room_for(&self, more: Chips) -> Result<(), TableRefusal> {
        let total = u128::from(self.chips_seated()) + u128::from(more.get());
        if total > u128::from(Chips::MAX_TABLE.get()) {
            return Err(TableRefusal::TooManyChips);
        }
        Ok(())
    }

    /// What the finished hand `state` leaves at the table: stacks and the
    /// players who busted with their places (UPT Tournament 35: "the
    /// player starting the hand with the larger amount of chips finishes
    /// in the higher place"; equal stacks share the better place, listed
    /// by seat: "4th= Dan, Fay"; the next below is 6th).
    pub fn hand_over(&self, state: &HandState) -> Vec<TableEvent> {
        let stacks: Vec<(Seat, Chips)> =
            state.occupied().map(|s| (s, state.seat(s).stack)).collect();
        if state.misdealt {
            // Every chip went back: nobody is out, and the next deal is
            // the re-deal (TDA 34-C).
            return vec![TableEvent::HandEnded {
                stacks,
                busted: Vec::new(),
                misdeal: true,
            }];
        }
        // A placed stack the blinds took is no player out (UPT Tournament 6).
        let placed = |s: &Seat| self.seats.get(s).is_some_and(|p| p.placed);
        let mut bust: Vec<(Seat, Chips)> = state
            .occupied()
            .filter(|s| state.seat(*s).stack.is_zero() && !placed(s))
            .map(|s| (s, state.seat(s).starting_stack))
            .collect();
        // The hand each showed with the whole board (None: not shown).
        let shown = |seat: Seat| {
            let p = state.seat(seat);
            let hole = p.hole.filter(|_| p.shown && state.board.len() == 5)?;
            let mut cards = state.board.clone();
            cards.extend(hole);
            crate::table::eval::try_evaluate(&cards).ok()
        };
        // Best first: more chips at the start; of equal stacks, who share
        // a place, the better hand shown first (UPT Tournament 35: "the
        // best hand taking any chip of the split that cannot be divided",
        // the floor's first placed), then the lower seat.
        bust.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| shown(b.0).cmp(&shown(a.0)))
                .then(a.0.cmp(&b.0))
        });
        let still_in = self.players_in() as u32;
        let k = bust.len() as u32;
        let busted = bust
            .iter()
            .enumerate()
            .map(|(i, (seat, stack))| {
                let first = bust.iter().position(|(_, s)| s == stack).unwrap_or(i);
                (first, seat)
            })
            .enumerate()
            .map(|(i, (first, seat))| Finish {
                place: still_in - k + 1 + first as u32,
                tied: first < i,
                disqualified: false,
                seat: *seat,
                name: self
                    .seats
                    .get(seat)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                hand: self.hand,
                shown: shown(*seat),
            })
            .collect();
        let mut events = vec![TableEvent::HandEnded {
            stacks,
            busted,
            misdeal: false,
        }];
        // Penalties given in the hand begin at its end (TDA 66).
        let at_table = self.seats.len();
        for (seat, penalty) in &state.penalties {
            let chips = state.seat(*seat).stack;
            if chips.is_zero() || !self.seats.contains_key(seat) {
                continue;
            }
            if *penalty == crate::table::command::Penalty::Disqualified {
                events.push(TableEvent::PlayerDisqualified { seat: *seat, chips });
            } else if let Some(hands) = penalty.hands_missed(at_table).filter(|h| *h > 0) {
                events.push(TableEvent::PenaltyStarted { seat: *seat, hands });
            }
        }
        self.places_said(events)
    }

    /// The events that open this table afresh (a new table, journaled):
    /// `Opened`, each player seated, the blinds set, the clock started.
    pub fn opening_events(&self, now_ms: i64) -> Vec<TableEvent> {
        let mut events = vec![TableEvent::Opened {
            first_button: self.first_button,
            structure: self.structure.clone(),
            denominations: self.denominations.clone(),
        }];
        for (seat, p) in &self.seats {
            events.push(TableEvent::PlayerSeated {
                seat: *seat,
                name: p.name.clone(),
                chips: p.chips,
                rejoins: false,
            });
        }
        if let Some((blinds, _)) = self.set_blinds {
            events.push(TableEvent::LevelSet {
                blinds,
                stage: None,
                at_ms: now_ms,
            });
        }
        if !self.structure.stages.is_empty() {
            events.push(TableEvent::ClockResumed { at_ms: now_ms });
        }
        events
    }

    /// What a hand entry does to the player clock, as table events to
    /// journal: the seat on the clock acting (or its hand killed, or the
    /// pot awarded) stops it; the floor's clock ruling (`floor clock`, TDA
    /// 27) calls it on the seat to act with the house's time, read from
    /// `now_ms` (only then). `state` is the hand after the entry.
    pub fn after_entry(
        &self,
        rules: &HouseRules,
        state: &HandState,
        events: &[Event],
        now_ms: impl FnOnce() -> i64,
    ) -> Vec<TableEvent> {
        let called = events.iter().any(
            |e| matches!(e, Event::RulingSuggested { ruling } if ruling.id == RulingId::Clock),
        );
        if called
            && let Some(seat) = state.to_act
            && self.player_clock.is_none_or(|c| c.seat != seat)
        {
            return vec![TableEvent::PlayerClockCalled {
                clock: PlayerClock::call(seat, now_ms(), rules.settings.clock.value),
            }];
        }
        let Some(clock) = self.player_clock else {
            return Vec::new();
        };
        let stops = events.iter().any(|e| match e {
            Event::ActionBound { action, .. } => action.seat == clock.seat,
            Event::HandKilled { seat } => *seat == clock.seat,
            Event::PotsAwarded { .. } => true,
            _ => false,
        });
        if stops {
            vec![TableEvent::PlayerClockStopped]
        } else {
            Vec::new()
        }
    }

    /// The player clock's running out at `now`, once: the event to journal.
    pub fn player_clock_ran_out(&self, now_ms: i64) -> Option<TableEvent> {
        let clock = self.player_clock.filter(|_| !self.player_clock_expired)?;
        (clock.at(now_ms) == PlayerClockReading::Expired).then_some(
            TableEvent::PlayerClockExpired {
                seat: clock.seat,
                at_ms: now_ms,
            },
        )
    }
}

/// Cards for the table's draws (race cards, the button draw) that the
/// dealer did not key: a deck shuffled by `seed`, its first `n` cards. The
/// cards drawn are journaled in the events, so a replay needs no seed.
pub fn seeded_draw(seed: u64) -> impl FnMut(usize) -> Vec<Card> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    move |n: usize| {
        let mut deck: Vec<Card> = Card::deck().collect();
        deck.shuffle(&mut rng);
        deck.truncate(n);
        deck
    }
}
