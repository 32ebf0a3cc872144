//! The screen on the real floor: [`FloorDesk`] for `floor::Desk`, which
//! reads every table from the database and writes the floor's records.

use super::FloorDesk;
use crate::floor::{Desk, ReaderStatus};
use crate::journal::Loaded;
use crate::tournament::Tournament;

impl FloorDesk for Desk {
    fn refresh(&mut self) -> bool {
        Desk::refresh(self)
    }

    fn tournament(&self) -> &Tournament {
        Desk::tournament(self)
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
}
