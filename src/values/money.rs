//! Money: whole units of the tournament's smallest coin (cents, pence),
//! never floats. A buy-in, a prize and a deal's share are `Money`; a
//! figure worked out in fractions (an ICM equity) is rounded to units by
//! the code that makes it, so that the units always add up (`tournament::
//! deal`).

use std::fmt;
use std::iter::Sum;

use serde::{Deserialize, Serialize};

use super::chips::grouped;

/// What a player may buy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Buy {
    /// The first entry (the buy-in): a seat by the draw.
    Entry,
    /// A new entry after the player's last one went out (TDA 7): a seat
    /// by the draw, a full stack.
    ReEntry,
    /// Chips bought by a player still in, at his seat (TDA 26).
    Rebuy,
    /// Chips every player still in may buy once, as the structure says.
    AddOn,
}

impl Buy {
    /// Every kind, in the order the structure file lists them.
    pub const ALL: [Buy; 4] = [Buy::Entry, Buy::ReEntry, Buy::Rebuy, Buy::AddOn];

    /// Its key in the `[money]` table and its word on screen.
    pub fn key(self) -> &'static str {
        match self {
            Buy::Entry => "entry",
            Buy::ReEntry => "re-entry",
            Buy::Rebuy => "rebuy",
            Buy::AddOn => "add-on",
        }
    }

    /// Whether it is a new entry (seated by the draw) rather than chips at
    /// the player's seat.
    pub fn seats(self) -> bool {
        matches!(self, Buy::Entry | Buy::ReEntry)
    }
}

/// How a deal among the players left shares the prizes
/// (`tournament::deal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealMethod {
    /// By each player's chances of each place (Malmuth-Harville).
    Icm,
    /// The last prize paid to each, the rest by chips, none over first.
    ChipChop,
    /// Equal shares.
    Even,
}

impl DealMethod {
    /// Its name on screen and in a line: `icm`, `chip-chop`, `even`.
    pub fn name(self) -> &'static str {
        match self {
            DealMethod::Icm => "icm",
            DealMethod::ChipChop => "chip-chop",
            DealMethod::Even => "even",
        }
    }
}

/// An amount of money in the smallest unit.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(pub u64);

impl Money {
    /// Nothing.
    pub const ZERO: Money = Money(0);

    /// The amount in units.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// The sum, or `None` past `u64::MAX` units.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// The difference, or `None` below nothing.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }
}

/// The total, or `None` past `u64::MAX` units.
pub fn total(amounts: &[Money]) -> Option<Money> {
    amounts
        .iter()
        .try_fold(Money::ZERO, |sum, m| sum.checked_add(*m))
}

impl Sum for Money {
    /// Summed in `u128` and held at `u64::MAX`, as `Chips` are: test
    /// builds stop there. Money from outside is added with [`total`],
    /// which says when it does not fit.
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        let sum: u128 = iter.map(|m| u128::from(m.0)).sum();
        debug_assert!(sum <= u128::from(u64::MAX), "money summed past u64: {sum}");
        Money(u64::try_from(sum).unwrap_or(u64::MAX))
    }
}

impl fmt::Display for Money {
    /// Units, thousands separated: `12,400`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&grouped(u128::from(self.0)))
    }
}
