//! Seats 1 to 10, numbered clockwise; the button moves and the action goes
//! clockwise from it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most seats at a table.
pub const MAX_SEATS: usize = 10;

/// A seat number, 1..=10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The seat with this number, or `None` outside 1..=10.
    pub fn new(number: u8) -> Option<Seat> {
        (1..=MAX_SEATS as u8)
            .contains(&number)
            .then_some(Seat(number))
    }

    /// The seat number, 1..=10.
    pub fn number(self) -> u8 {
        self.0
    }

    /// 0-based index into seat arrays.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The seat at a 0-based index (taken modulo the table size).
    pub fn from_index(index: usize) -> Seat {
        Seat((index % MAX_SEATS) as u8 + 1)
    }

    /// Every seat clockwise after this one, ending with this one.
    pub fn clockwise_after(self) -> impl Iterator<Item = Seat> {
        (1..=MAX_SEATS).map(move |step| Seat::from_index(self.index() + step))
    }

    /// Every seat, 1..=10.
    pub fn all() -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS).map(Seat::from_index)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(n: u8) -> Result<Seat, String> {
        Seat::new(n).ok_or_else(|| format!("seat {n} does not exist: seats are 1 to 10"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps_after_ten() {
        let seats: Vec<u8> = Seat(9).clockwise_after().map(Seat::number).collect();
        assert_eq!(seats, vec![10, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert!(Seat::new(0).is_none() && Seat::new(11).is_none());
    }
}
