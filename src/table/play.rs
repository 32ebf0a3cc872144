//! `Play`: a hand played command by command where only how it ends
//! matters (a check of thousands of hand histories): each command decided
//! by the engine's `decide_with` (the body of `decide_into`) exactly as
//! `Hand::execute` decides it, with no journal kept. Its two states (the
//! live one and the scratch the next command is decided into) and its
//! list of events are kept from hand to hand, and the scratch is caught
//! up with the last command's events instead of copied from the state.

use super::command::{Command, Refusal};
use super::decide::decide_with;
use super::event::{Event, TableSetup};
use super::state::HandState;
use crate::rules::HouseRules;

/// A hand's state as its commands are played, without the journal.
#[derive(Debug, Default)]
pub struct Play {
    /// Boxed, as is the scratch, so that the two change places by their
    /// pointers.
    state: Box<HandState>,
    scratch: Box<HandState>,
    /// The last command's events.
    events: Vec<Event>,
    /// Whether the scratch is the state before the last command's events
    /// (it was the state that command was decided from): applying them
    /// catches it up, at less cost than copying the whole state. False
    /// after a refusal, which leaves the scratch half-made.
    behind: bool,
}

impl Play {
    /// Starts a new hand (whatever hand was played before): seats, blinds
    /// and antes posted. Decided as from no hand at all; the states made
    /// anew keep their lists' allocations.
    pub fn start(&mut self, setup: TableSetup, rules: &HouseRules) -> Result<(), Refusal> {
        let command = Command::StartHand(setup);
        let started = self.decide(Some(&HandState::default()), &command, rules);
        if started.is_err() {
            *self.state = HandState::default();
        }
        started
    }

    /// Decides a command and, if it is not refused, takes the state it
    /// leaves. A refused command changes nothing.
    pub fn execute(&mut self, command: &Command, rules: &HouseRules) -> Result<(), Refusal> {
        self.decide(None, command, rules)
    }

    /// Decides `command` from `from`, or from the live state.
    fn decide(
        &mut self,
        from: Option<&HandState>,
        command: &Command,
        rules: &HouseRules,
    ) -> Result<(), Refusal> {
        // A start makes the scratch anew: it needs no catching up.
        let caught_up = std::mem::take(&mut self.behind) && from.is_none();
        if caught_up {
            for e in &self.events {
                self.scratch.apply(e);
            }
        }
        let state = from.unwrap_or(&self.state);
        let scratch = (&mut *self.scratch, caught_up);
        decide_with(state, rules, command, scratch, &mut self.events)?;
        std::mem::swap(&mut self.state, &mut self.scratch);
        self.behind = true;
        Ok(())
    }

    /// The live state.
    pub fn state(&self) -> &HandState {
        &self.state
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::table::command::Intent;
    use crate::table::{Chips, Hand, Seat};

    fn seat(n: u8) -> Seat {
        Seat::new(n).expect("a seat")
    }

    fn setup(stacks: u64) -> TableSetup {
        let stacks = (1..=3).map(|n| (seat(n), Chips(stacks))).collect();
        TableSetup::preflop(seat(3), (Chips(50), Chips(100)), stacks)
    }

    /// Played command by command, a hand reaches the state a `Hand` with
    /// its journal reaches; a refused command changes nothing; and the
    /// next hand starts afresh on the same `Play`.
    #[test]
    fn plays_as_a_hand_does_and_starts_again() {
        let rules = Arc::new(HouseRules::tda());
        let actions = [
            (3, Intent::Raise(Chips(300))),
            (1, Intent::Raise(Chips(400))), // below the minimum raise
            (1, Intent::Call(None)),
            (2, Intent::Fold),
        ];
        let mut play = Play::default();
        for stacks in [1000, 2000] {
            let mut hand = Hand::start(setup(stacks), Arc::clone(&rules)).expect("starts");
            play.start(setup(stacks), &rules).expect("starts");
            assert_eq!(play.state(), hand.state());
            let mut refused = 0;
            for (n, intent) in actions {
                let command = Command::Act {
                    seat: seat(n),
                    intent,
                    all_in: false,
                };
                let before = play.state().clone();
                let played = play.execute(&command, &rules);
                assert_eq!(played, hand.execute(&command, None).map(|_| ()));
                if played.is_err() {
                    refused += 1;
                    assert_eq!(*play.state(), before);
                }
                assert_eq!(play.state(), hand.state());
            }
            assert_eq!(refused, 1, "the raise below the minimum");
            assert_eq!(play.state().seat(seat(3)).stack, Chips(stacks - 300));
        }
    }
}
