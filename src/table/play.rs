//! `Play`: a hand played command by command where only how it ends
//! matters (a check of thousands of hand histories): each command decided
//! by the engine exactly as `Hand::execute` decides it, with no journal
//! kept. It decides in the live state itself (`decide_in_place`), as
//! `verify` does: no copy of the state a command, and its lists kept from
//! hand to hand. The hand's events are kept so that a refused command,
//! which leaves the state half-made, is undone by folding them again.

use super::command::{Command, Refusal};
use super::decide::decide_in_place;
use super::event::{Event, TableSetup};
use super::state::HandState;
use crate::rules::HouseRules;

/// A hand's state as its commands are played, without the journal.
#[derive(Debug, Default)]
pub struct Play {
    state: HandState,
    /// The events of the hand so far: the state is their fold.
    played: Vec<Event>,
    /// The command being decided's events, as they are made.
    made: Vec<Event>,
}

impl Play {
    /// Starts a new hand (whatever hand was played before): seats, blinds
    /// and antes posted. Decided as from no hand at all (the start's
    /// events make every field anew, into the lists' allocations).
    pub fn start(&mut self, setup: TableSetup, rules: &HouseRules) -> Result<(), Refusal> {
        self.played.clear();
        self.state.ready_for_start();
        let started = self.decide(&Command::StartHand(setup), rules);
        if started.is_err() {
            self.state = HandState::default();
        }
        started
    }

    /// Decides a command and, if it is not refused, takes the state it
    /// leaves. A refused command changes nothing.
    pub fn execute(&mut self, command: &Command, rules: &HouseRules) -> Result<(), Refusal> {
        self.decide(command, rules)
    }

    /// Decides `command` in the live state; a refusal folds the hand's
    /// events again into the state before it.
    fn decide(&mut self, command: &Command, rules: &HouseRules) -> Result<(), Refusal> {
        if let Err(refusal) = decide_in_place(&mut self.state, rules, command, &mut self.made) {
            self.state = HandState::fold(&self.played);
            return Err(refusal);
        }
        self.played.append(&mut self.made);
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
