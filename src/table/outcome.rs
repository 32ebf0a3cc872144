//! The `Outcome` builder: the events a command causes, gathered as they
//! are made and applied at once to a scratch copy of the hand, so each
//! family of rulings (`dealing`, `floor`, `out_of_turn`, `showdown`) sees
//! the hand as it now stands. `decide` makes one per command and hands it
//! to the topic files, which add their events here (and their own
//! `impl Outcome` steps); nothing here calls back into them, so the
//! dispatcher sits above its topics and this builder below them.

use super::chips::Chips;
use super::command::Refusal;
use super::event::{Action, Event};
use super::state::{HandState, Pending};
use super::{betting, words_and_chips};
use crate::rules::{HouseRules, Ruling, RulingId};

/// The event suggesting ruling `id` of the house, with `text`.
pub(super) fn ruling(rules: &HouseRules, id: RulingId, text: String) -> Event {
    Event::RulingSuggested {
        ruling: rules.ruling(id, text),
    }
}

/// Events under construction, applied to a scratch state as they are made.
pub(super) struct Outcome<'a> {
    /// The scratch state with the events so far applied (a `Hand` keeps
    /// one, so its allocations serve command after command).
    pub(super) state: &'a mut HandState,
    /// The events so far (in a list the caller keeps: a `Play` clears
    /// one list for each command instead of making a new one).
    pub(super) events: &'a mut Vec<Event>,
}

impl<'a> Outcome<'a> {
    /// The events of one command, into `events` (cleared here), applied
    /// to `state` as they are made.
    pub(super) fn new(state: &'a mut HandState, events: &'a mut Vec<Event>) -> Outcome<'a> {
        events.clear();
        Outcome { state, events }
    }

    pub(super) fn emit(&mut self, event: Event) {
        self.state.apply(&event);
        self.events.push(event);
    }

    pub(super) fn bind(&mut self, action: Action, full: bool, rulings: Vec<Ruling>) {
        self.emit(Event::ActionBound { action, full });
        for ruling in rulings {
            self.emit(Event::RulingSuggested { ruling });
        }
    }

    pub(super) fn resolve_pending(&mut self, rules: &HouseRules) -> Result<(), Refusal> {
        if let Some(pending) = self.state.pending.clone() {
            let binding = words_and_chips::interpret(self.state, rules, &pending)?;
            self.bind(binding.action, binding.full, binding.rulings);
        }
        Ok(())
    }

    /// Adds a gesture or words to the seat's pending action, refusing it if
    /// the whole would bind nothing legal.
    pub(super) fn add_step(&mut self, rules: &HouseRules, step: Event) -> Result<(), Refusal> {
        let seat = match &step {
            Event::Declared { seat, .. }
            | Event::ChipsPushed { seat, .. }
            | Event::Tapped { seat }
            | Event::Mucked { seat } => *seat,
            _ => unreachable!("only physical steps are pending"),
        };
        betting::in_turn(self.state, seat)?;
        let mut pending = match &self.state.pending {
            Some(p) if p.seat == seat => p.clone(),
            _ => Pending {
                seat,
                steps: Vec::new(),
            },
        };
        pending.steps.push(step.clone());
        let pushed: Chips = pending
            .steps
            .iter()
            .filter_map(|s| match s {
                Event::ChipsPushed { chips, .. } => Some(chips.total()),
                _ => None,
            })
            .sum();
        let stack = self.state.seat(seat).stack;
        if pushed > stack {
            return Err(Refusal::NotEnoughChips {
                seat: seat.number(),
                stack,
                needed: pushed,
            });
        }
        words_and_chips::interpret(self.state, rules, &pending)?;
        self.emit(step);
        Ok(())
    }
}
