//! [`Decide`]: what a storage running the engine offers the TD, typed.
//! A storage gives `decide` (the engine's decision, its records stored)
//! and the error a stale proposal is; every TD's step is then the same
//! for the database's desk and the one in memory.

use std::fmt;

use super::{Answer, ClockAction, FloorCommand};
use crate::table::Chips;
use crate::tournament::{Assignment, FloorRecord, FloorRefusal, Move, Proposal};

/// A storage that runs the engine.
pub trait Decide {
    /// A refusal or a failure, in words for the TD.
    type Error: From<FloorRefusal> + fmt::Display;

    /// Decides `command` (`Tournament::decide`) and stores its records in
    /// order; the engine's answer.
    fn decide(&mut self, command: &FloorCommand) -> Result<Answer, Self::Error>;

    /// The error for moves that a hand's end made stale: proposed again
    /// (`None`: in balance now).
    fn stale(proposal: Option<Proposal>) -> Self::Error;

    /// Seats players (each with his starting chips) by a draw (TDA 6, 7):
    /// the seats given; the tables seat them from the reveal.
    fn draw_seats(&mut self, players: &[(String, Chips)]) -> Result<Vec<Assignment>, Self::Error> {
        match self.decide(&FloorCommand::DrawSeats(players.to_vec()))? {
            Answer::Seats(seats) => Ok(seats),
            other => Err(unexpected(&other)),
        }
    }

    /// Proposes the moves that balance the tables (`None`: in balance).
    fn propose(&mut self) -> Result<Option<Proposal>, Self::Error> {
        match self.decide(&FloorCommand::Propose)? {
            Answer::Proposal(p) => Ok(p),
            other => Err(unexpected(&other)),
        }
    }

    /// Confirms the moves proposed: each an order the two tables carry
    /// out; `stale` when a table's hand ended since (TDA 10-A).
    fn confirm(&mut self) -> Result<Vec<Move>, Self::Error> {
        moves(self, &FloorCommand::Confirm)
    }

    /// Breaks the next table (the final table once the players left fit
    /// it): every move ordered.
    fn break_next(&mut self) -> Result<Vec<Move>, Self::Error> {
        moves(self, &FloorCommand::BreakNext)
    }

    /// Cancels a player's move confirmed and not yet made: he stays.
    fn cancel_move(&mut self, player: &str) -> Result<Move, Self::Error> {
        one_move(self, &FloorCommand::CancelMove(player.to_string()))
    }

    /// Sends a player whose move is not yet made to another seat.
    fn amend_move(&mut self, player: &str, to: &str, seat: u8) -> Result<Move, Self::Error> {
        one_move(
            self,
            &FloorCommand::AmendMove {
                player: player.to_string(),
                to: to.to_string(),
                seat,
            },
        )
    }

    /// Moves a player by hand (amends a move not yet made).
    fn move_player(&mut self, player: &str, to: &str, seat: u8) -> Result<Move, Self::Error> {
        one_move(
            self,
            &FloorCommand::MovePlayer {
                player: player.to_string(),
                to: to.to_string(),
                seat,
            },
        )
    }

    /// Corrects a player's stack (a player out by mistake returns with
    /// it): the correction's record.
    fn correct_stack(&mut self, player: &str, chips: u64) -> Result<FloorRecord, Self::Error> {
        let command = FloorCommand::CorrectStack {
            player: player.to_string(),
            chips,
        };
        match self.decide(&command)? {
            Answer::Correction(record) => Ok(record),
            other => Err(unexpected(&other)),
        }
    }

    /// Switches hand-for-hand on or off.
    fn set_hand_for_hand(&mut self, on: bool) -> Result<(), Self::Error> {
        self.decide(&FloorCommand::HandForHand(on)).map(|_| ())
    }

    /// Puts the TD's line on the room's displays (empty: clears it).
    fn say(&mut self, text: &str) -> Result<(), Self::Error> {
        self.decide(&FloorCommand::Say(text.to_string()))
            .map(|_| ())
    }

    /// Starts, pauses, resumes, adjusts the clock or sets its level.
    fn clock_action(&mut self, action: ClockAction) -> Result<(), Self::Error> {
        self.decide(&FloorCommand::Clock(action)).map(|_| ())
    }
}

fn moves<D: Decide + ?Sized>(desk: &mut D, command: &FloorCommand) -> Result<Vec<Move>, D::Error> {
    match desk.decide(command)? {
        Answer::Moves(moves) => Ok(moves),
        Answer::Stale(p) => Err(D::stale(p)),
        other => Err(unexpected(&other)),
    }
}

fn one_move<D: Decide + ?Sized>(desk: &mut D, command: &FloorCommand) -> Result<Move, D::Error> {
    match desk.decide(command)? {
        Answer::Move(mv) => Ok(mv),
        other => Err(unexpected(&other)),
    }
}

/// An answer of another kind than the command's (never: the engine
/// answers each command with its own kind).
fn unexpected<E: From<FloorRefusal>>(answer: &Answer) -> E {
    FloorRefusal::Other(format!("The floor answered {answer:?}.")).into()
}
