//! Chips: whole numbers, never floats, never negative.
//!
//! `Chips` is a `u64` newtype. Subtraction that could go below zero is
//! `saturating_sub` or checked by the caller in `decide`, so `apply` never
//! has to guess.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// An amount of chips.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Chips(pub u64);

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);

    /// The amount as a plain number.
    pub fn get(self) -> u64 {
        self.0
    }

    /// `self - other`, or zero when `other` is larger.
    pub fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    /// `self - other` when it does not go below zero.
    pub fn checked_sub(self, other: Chips) -> Option<Chips> {
        self.0.checked_sub(other.0).map(Chips)
    }

    /// `self + other` when it does not overflow.
    pub fn checked_add(self, other: Chips) -> Option<Chips> {
        self.0.checked_add(other.0).map(Chips)
    }

    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl Add for Chips {
    type Output = Chips;
    fn add(self, rhs: Chips) -> Chips {
        Chips(self.0 + rhs.0)
    }
}

impl AddAssign for Chips {
    fn add_assign(&mut self, rhs: Chips) {
        self.0 += rhs.0;
    }
}

impl Sub for Chips {
    type Output = Chips;
    /// Panics in debug builds on underflow: callers check first.
    fn sub(self, rhs: Chips) -> Chips {
        Chips(self.0 - rhs.0)
    }
}

impl SubAssign for Chips {
    fn sub_assign(&mut self, rhs: Chips) {
        self.0 -= rhs.0;
    }
}

impl Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        Chips(iter.map(|c| c.0).sum())
    }
}

impl fmt::Display for Chips {
    /// Thousands separated, as a dealer reads them: `12,400`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        f.pad(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_groups_thousands() {
        assert_eq!(Chips(0).to_string(), "0");
        assert_eq!(Chips(999).to_string(), "999");
        assert_eq!(Chips(1400).to_string(), "1,400");
        assert_eq!(Chips(1_234_567).to_string(), "1,234,567");
    }
}
