//! Folding: a `TableEvent` comes in and the table's state changes to
//! match it. `Table::apply` never fails and checks nothing (`decide`
//! did), so a journal of events replays to the same table; the end of a
//! hand is kept aside until the table changes otherwise, for an undo to
//! take back (`HandReopened`). A table built from a hand's setup
//! (`Table::from_setup`) is folded too: its players' seating.

use std::collections::BTreeMap;

use super::{
    Bought, ButtonSetAt, Correction, Deal, Departure, EndTaken, Finish, PLACED, Player, Presence,
    Table, TableBreak, TableEvent,
};
use crate::session::structure::{Blinds, Structure};
use crate::table::{Chips, Seat, TableSetup};

impl Table {
    /// A table from a hand's setup (a scenario's `[table]`, the first hand
    /// of a session): its players seated, the setup's blinds set.
    pub fn from_setup(
        setup: &TableSetup,
        structure: Structure,
        names: &BTreeMap<u8, String>,
    ) -> Table {
        let mut t = Table::new(setup.button, structure, setup.denominations.clone());
        for (seat, chips) in &setup.stacks {
            let name = names.get(&seat.number()).cloned().unwrap_or_default();
            t.apply(&TableEvent::PlayerSeated {
                seat: *seat,
                name,
                chips: *chips,
                rejoins: false,
            });
            if let Some(p) = t.seats.get_mut(seat) {
                p.new = false;
            }
        }
        let blinds = Blinds {
            small: setup.small_blind,
            big: setup.big_blind,
            ante: setup.ante,
            ante_mode: setup.ante_mode,
        };
        let stage = t.level_clock.at(0).stage;
        t.set_blinds = Some((blinds, stage));
        t
    }

    /// Folds one event. Never fails, checks nothing.
    pub fn apply(&mut self, event: &TableEvent) {
        match event {
            // What the end of a hand did is kept to take back; anything
            // but the clocks or a name changing the table since makes it
            // final (a name moves no chip and no seat).
            TableEvent::HandEnded { stacks, busted, .. } => {
                let mut seats: Vec<(Seat, Option<Player>)> = stacks
                    .iter()
                    .map(|(s, _)| (*s, self.seats.get(s).cloned()))
                    .collect();
                for f in busted {
                    if !seats.iter().any(|(s, _)| *s == f.seat) {
                        seats.push((f.seat, self.seats.get(&f.seat).cloned()));
                    }
                }
                self.end_taken = Some(Box::new(EndTaken {
                    seats,
                    places: self.places.clone(),
                    ledger: self.ledger,
                    redeal_due: self.redeal_due,
                }));
            }
            TableEvent::PenaltyStarted { .. }
            | TableEvent::PlayerDisqualified { .. }
            | TableEvent::PlacesCorrected { .. }
            | TableEvent::HandReopened { .. }
            | TableEvent::ClockResumed { .. }
            | TableEvent::ClockPaused { .. }
            | TableEvent::ClockAdjusted { .. }
            | TableEvent::ClockSet { .. }
            | TableEvent::PlayerClockCalled { .. }
            | TableEvent::PlayerClockStopped
            | TableEvent::PlayerClockExpired { .. }
            | TableEvent::Waited { .. }
            | TableEvent::LevelSet { .. }
            | TableEvent::StructureSet { .. }
            | TableEvent::HandForHandSet { .. } => {}
            TableEvent::Renamed { seat, name } => {
                // Taken back, the seat keeps its new name.
                if let Some(taken) = self.end_taken.as_mut() {
                    for (_, player) in taken.seats.iter_mut().filter(|(s, _)| s == seat) {
                        if let Some(p) = player {
                            p.name = name.clone();
                        }
                    }
                }
            }
            _ => self.end_taken = None,
        }
        match event {
            TableEvent::HandReopened { .. } => {
                if let Some(taken) = self.end_taken.take() {
                    for (seat, player) in taken.seats {
                        match player {
                            Some(p) => {
                                self.seats.insert(seat, p);
                            }
                            None => {
                                self.seats.remove(&seat);
                            }
                        }
                    }
                    self.places = taken.places;
                    self.ledger = taken.ledger;
                    self.redeal_due = taken.redeal_due;
                    self.in_hand = true;
                }
            }
            TableEvent::Opened {
                first_button,
                structure,
                denominations,
            } => *self = Table::new(*first_button, structure.clone(), denominations.clone()),
            TableEvent::HandBegun {
                number,
                setup,
                positions,
                stage,
                ..
            } => {
                self.redeal_due = false;
                self.last_deal = Some(Deal {
                    setup: setup.clone(),
                    positions: *positions,
                    stage: *stage,
                });
                self.table_break = None;
                self.hand = *number;
                self.in_hand = true;
                self.on_break = false;
                self.positions = Some(*positions);
                self.blinds = Some(Blinds {
                    small: setup.small_blind,
                    big: setup.big_blind,
                    ante: setup.ante,
                    ante_mode: setup.ante_mode,
                });
                for (seat, _) in &setup.stacks {
                    if let Some(p) = self.seats.get_mut(seat) {
                        p.new = false;
                    }
                }
            }
            TableEvent::HandEnded {
                stacks,
                busted,
                misdeal,
            } => {
                self.in_hand = false;
                self.redeal_due = *misdeal;
                // A hand served on penalty counts when it ends; a misdeal
                // and its re-deal count as one (TDA 34-C).
                if !*misdeal && let Some(deal) = &self.last_deal {
                    for seat in &deal.setup.away {
                        if let Some(p) = self.seats.get_mut(seat) {
                            p.penalty = p.penalty.saturating_sub(1);
                        }
                    }
                }
                self.player_clock = None;
                self.player_clock_expired = false;
                for (seat, chips) in stacks {
                    if let Some(p) = self.seats.get_mut(seat) {
                        p.chips = *chips;
                    }
                }
                for f in busted {
                    self.seats.remove(&f.seat);
                    self.places.push(f.clone());
                }
                // A placed stack the blinds took is gone, and no one is
                // out (UPT Tournament 6).
                self.seats.retain(|_, p| !(p.placed && p.chips.is_zero()));
                self.places.sort_by_key(|f| f.place);
                self.renumber_places();
            }
            TableEvent::PenaltyStarted { seat, hands } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.penalty = p.penalty.saturating_add(*hands);
                }
            }
            TableEvent::PlayerDisqualified { seat, chips } => {
                self.ledger.left += chips.get();
                // Out below everyone still in (TDA 66-D).
                self.out_alone(*seat, true);
            }
            TableEvent::ButtonDrawn { seat, .. } => self.first_hand_from(*seat),
            TableEvent::ButtonSet { seat } => {
                self.first_hand_from(*seat);
                self.button_set = Some(ButtonSetAt {
                    seat: *seat,
                    after_hand: self.hand,
                });
            }
            TableEvent::PlayerSeated {
                seat,
                name,
                chips,
                rejoins,
            } => {
                self.seats.insert(
                    *seat,
                    Player {
                        name: name.clone(),
                        chips: *chips,
                        presence: Presence::Playing,
                        new: self.hand > 0 || self.positions.is_some(),
                        penalty: 0,
                        placed: false,
                    },
                );
                self.ledger.entered += chips.get();
                if *rejoins && let Some(i) = self.places.iter().position(|f| f.seat == *seat) {
                    // His finish is undone: he is in again.
                    self.places.remove(i);
                }
                // A late entry or re-entry grows the field: everyone who
                // has busted finishes one place lower (places stay unique).
                self.renumber_places();
            }
            TableEvent::PlayerLeft { seat, chips } => {
                if let Some(p) = self.seats.remove(seat) {
                    self.departures.push(Departure {
                        name: p.name,
                        seat: *seat,
                        chips: *chips,
                        after_hand: self.hand,
                    });
                }
                self.ledger.left += chips.get();
                self.renumber_places();
            }
            TableEvent::PresenceChanged { seat, presence } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.presence = *presence;
                }
            }
            TableEvent::StackPlaced { seat, chips } => {
                // Absent, so dealt in with its blinds and antes posted and
                // its hand killed (UPT Tournament 7).
                self.seats.insert(
                    *seat,
                    Player {
                        name: PLACED.into(),
                        chips: *chips,
                        presence: Presence::Away,
                        new: self.hand > 0 || self.positions.is_some(),
                        penalty: 0,
                        placed: true,
                    },
                );
                self.ledger.entered += chips.get();
            }
            TableEvent::PlacedTaken { seat, name } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.name = name.clone();
                    p.presence = Presence::Playing;
                    p.placed = false;
                }
                // He is a player now: the field grows.
                self.renumber_places();
            }
            TableEvent::NoShowRemoved { seat, chips }
            | TableEvent::PlacedRemoved { seat, chips } => {
                self.ledger.left += chips.get();
                if self.seats.get(seat).is_some_and(|p| p.placed) {
                    // A stack no one bought (`PlacedRemoved`, or as the
                    // journals of 29 November wrote it): no player is out.
                    self.seats.remove(seat);
                } else {
                    self.out_alone(*seat, false);
                }
            }
            TableEvent::LightSet { on } => self.light = *on,
            TableEvent::PlayerOut { seat, chips } => {
                self.uncounted = self
                    .uncounted
                    .saturating_add(i64::try_from(chips.get()).unwrap_or(i64::MAX));
                // Each player out is a hand of his own to the floor (a
                // light table deals none): placed alone.
                self.hand += 1;
                self.out_alone(*seat, false);
            }
            TableEvent::Counted { counts } => {
                self.counts += 1;
                for (seat, chips) in counts {
                    if let Some(p) = self.seats.get_mut(seat) {
                        let more = i128::from(chips.get()) - i128::from(p.chips.get());
                        let more = i64::try_from(more).unwrap_or(0);
                        self.uncounted = self.uncounted.saturating_sub(more);
                        p.chips = *chips;
                    }
                }
            }
            TableEvent::ChipsAdded {
                seat,
                chips,
                bought,
            } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.chips = Chips(p.chips.get() + chips.get());
                    self.ledger.added += chips.get();
                    if let Some(buy) = bought {
                        self.bought.push(Bought {
                            name: p.name.clone(),
                            seat: *seat,
                            buy: *buy,
                            chips: *chips,
                        });
                    }
                }
            }
            TableEvent::StackCorrected {
                seat,
                from,
                to,
                returns,
            } => {
                if let Some(name) = returns {
                    self.seats.insert(
                        *seat,
                        Player {
                            name: name.clone(),
                            chips: Chips::ZERO,
                            presence: Presence::Playing,
                            new: false,
                            penalty: 0,
                            placed: false,
                        },
                    );
                    // His last finish is undone: he never went out.
                    if let Some(i) = self.places.iter().rposition(|f| f.name == *name) {
                        self.places.remove(i);
                    }
                }
                if let Some(p) = self.seats.get_mut(seat) {
                    p.chips = *to;
                    if to > from {
                        self.ledger.corrected_up += to.get() - from.get();
                    } else {
                        self.ledger.corrected_down += from.get() - to.get();
                    }
                    self.corrections.push(Correction {
                        name: p.name.clone(),
                        seat: *seat,
                        from: *from,
                        to: *to,
                    });
                }
                self.renumber_places();
            }
            TableEvent::Renamed { seat, name } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.name = name.clone();
                }
            }
            TableEvent::LevelSet {
                blinds,
                stage,
                at_ms,
            } => {
                if let Some(stage) = stage {
                    self.level_clock.jump_to(*at_ms, *stage);
                }
                let now = self.level_clock.at(*at_ms).stage;
                self.set_blinds = Some((*blinds, now));
            }
            TableEvent::BreakStarted {
                at_ms,
                minutes,
                paused_clock,
            } => {
                self.on_break = true;
                self.table_break = Some(TableBreak {
                    from_ms: *at_ms,
                    until_ms: minutes.map(|m| at_ms.saturating_add(i64::from(m) * 60_000)),
                    paused_clock: *paused_clock,
                });
            }
            TableEvent::BreakEnded { .. } => self.table_break = None,
            TableEvent::ColouredUp { removed, changes } => {
                for c in changes {
                    if let Some(p) = self.seats.get_mut(&c.seat) {
                        p.chips = c.after;
                    }
                    if c.after > c.before {
                        self.ledger.coloured_up += c.after.get() - c.before.get();
                    } else {
                        self.ledger.coloured_down += c.before.get() - c.after.get();
                    }
                }
                self.denominations.retain(|d| d != removed);
            }
            TableEvent::ClockResumed { at_ms } => self.level_clock.resume(*at_ms),
            TableEvent::ClockPaused { at_ms } => self.level_clock.pause(*at_ms),
            TableEvent::ClockAdjusted { at_ms, secs } => self.level_clock.adjust(*at_ms, *secs),
            TableEvent::ClockSet {
                at_ms,
                stage,
                remaining_ms,
                running,
            } => self
                .level_clock
                .set_to(*at_ms, *stage, *remaining_ms, *running),
            TableEvent::PlayerClockCalled { clock } => {
                self.player_clock = Some(*clock);
                self.player_clock_expired = false;
            }
            TableEvent::PlayerClockStopped => {
                self.player_clock = None;
                self.player_clock_expired = false;
            }
            TableEvent::PlayerClockExpired { .. } => self.player_clock_expired = true,
            TableEvent::Waited { secs } => {
                self.script_ms += i64::try_from(secs.saturating_mul(1000)).unwrap_or(i64::MAX / 2);
            }
            TableEvent::HandForHandSet { on } => self.hand_for_hand = *on,
            TableEvent::PlacesCorrected { places } => self.places = places.clone(),
            TableEvent::StructureSet { structure } => {
                // The clock keeps its place (the floor's `clock set`
                // follows); the blinds come from the new stages at the
                // next deal.
                self.level_clock.stages_ms = structure.stage_ms();
                self.structure = structure.clone();
            }
        }
    }

    /// Renumbers the places of those out so that they follow the players
    /// still in without a gap: the last one out is one place behind them,
    /// and each earlier one a place further (a late entry pushes every
    /// finish down a place; a player moved away pulls them up).
    /// The player at `seat` is out alone (disqualified, or out at a light
    /// table): below everyone still in, above those out before him.
    fn out_alone(&mut self, seat: Seat, disqualified: bool) {
        let name = self.seats.remove(&seat).map(|p| p.name).unwrap_or_default();
        self.places.insert(
            0,
            Finish {
                place: 0,
                seat,
                name,
                hand: self.hand,
                tied: false,
                disqualified,
                shown: None,
            },
        );
        self.renumber_places();
    }

    fn renumber_places(&mut self) {
        let still_in = u32::try_from(self.players_in()).unwrap_or(u32::MAX);
        let mut before = 0;
        for (i, f) in self.places.iter_mut().enumerate() {
            // A tie keeps the place of the finish before it.
            if !(f.tied && i > 0) {
                before = still_in
                    .saturating_add(1)
                    .saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
            }
            f.place = before;
        }
    }
}
