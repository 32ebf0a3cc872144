//! The screen on the real floor: [`FloorDesk`] for `floor::Desk`, which
//! reads every table from the database and writes the floor's records.

use super::{ClockAction, FloorDesk};
use crate::floor::{Desk, DeskError, ReaderStatus};
use crate::journal::Loaded;
use crate::session::{LevelClock, Structure};
use crate::table::Chips;
use crate::tournament::{Assignment, Floor, FloorRecord, Move, Proposal};

impl FloorDesk for Desk {
    type Error = DeskError;

    fn refresh(&mut self) -> bool {
        Desk::refresh(self)
    }

    fn floor(&self) -> &Floor {
        Desk::floor(self)
    }

    fn clock(&self) -> Option<&LevelClock> {
        Desk::clock(self)
    }

    fn structure(&self) -> &Structure {
        Desk::structure(self)
    }

    fn status(&self) -> ReaderStatus {
        Desk::status(self)
    }

    fn forks(&self) -> Vec<(Option<String>, i64)> {
        Desk::forks(self)
    }

    fn journal(&self, table: &str) -> Option<Loaded> {
        Desk::journal(self, table)
    }

    fn table_problem(&self, table: &str) -> Option<String> {
        // The desk names a table's problem "table T1: why".
        let named = format!("table {table}: ");
        self.problems()
            .iter()
            .find_map(|p| p.strip_prefix(&named))
            .map(str::to_string)
    }

    fn now_ms(&self) -> i64 {
        Desk::now_ms(self)
    }

    fn draw_seats(&mut self, players: &[(String, Chips)]) -> Result<Vec<Assignment>, DeskError> {
        Desk::draw_seats(self, players)
    }

    fn propose(&mut self) -> Result<Option<Proposal>, DeskError> {
        Desk::propose(self)
    }

    fn confirm(&mut self) -> Result<Vec<Move>, DeskError> {
        Desk::confirm(self)
    }

    fn break_next(&mut self) -> Result<Vec<Move>, DeskError> {
        Desk::break_next(self)
    }

    fn cancel_move(&mut self, player: &str) -> Result<Move, DeskError> {
        Desk::cancel_move(self, player)
    }

    fn amend_move(&mut self, player: &str, to: &str, seat: u8) -> Result<Move, DeskError> {
        Desk::amend_move(self, player, to, seat)
    }

    fn move_player(&mut self, player: &str, to: &str, seat: u8) -> Result<Move, DeskError> {
        Desk::move_player(self, player, to, seat)
    }

    fn correct_stack(&mut self, player: &str, chips: u64) -> Result<FloorRecord, DeskError> {
        Desk::correct_stack(self, player, chips)
    }

    fn set_hand_for_hand(&mut self, on: bool) -> Result<(), DeskError> {
        Desk::set_hand_for_hand(self, on)
    }

    fn clock_action(&mut self, action: ClockAction) -> Result<(), DeskError> {
        Desk::clock_action(self, action)
    }
}
