//! Chips: whole numbers, never floats, never negative, never more than a
//! table can hold.
//!
//! `Chips` is a `u64` newtype. Every amount that enters the engine (a
//! table's stacks and pot, a notation amount, a PHH amount, a journal's
//! setup) is checked against `Chips::MAX_TABLE` on the way in, so every sum
//! and product the engine forms stays far inside a `u64`. Subtraction that
//! could go below zero is `saturating_sub` or checked by the caller in
//! `decide`, so `apply` never has to guess.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// An amount of chips.
///
/// **The maximum.** A table may have at most [`Chips::MAX_TABLE`]
/// (10^15, one quadrillion) chips in play: its stacks and starting pot
/// together. Every entry path refuses more (`dealing::validate_setup` for a
/// table; the notation parser for an amount typed or scripted; the journal
/// and the PHH importer through `validate_setup`). Why 10^15: the largest
/// values the engine forms are small multiples of the chips in play (a
/// street total plus a raise, double a bet, a wager plus the chips pushed,
/// twice a raise for the 50% standard, four times an ante), at most about
/// four times the maximum, and 10^15 leaves a factor of 18,000 to
/// `u64::MAX` (1.8 x 10^19). It is also below 2^53, so every amount stays
/// exact where a journal or a PHH file is read as JSON or TOML doubles, and
/// it is a number a dealer reads at a glance; no real table comes near it.
///
/// **Arithmetic.** `+` and `-` saturate (at `u64::MAX` and at zero) in every
/// build and `debug_assert` that they did not have to: the maximum bounds
/// every sum, so saturation never happens in a checked hand, and if a bug
/// ever let it happen, test builds (and the property tests, which draw huge
/// amounts) stop at the operation, while a release build keeps a clamped,
/// conservative amount instead of wrapping to a nonsense one. Checked
/// versions (`checked_add`, `checked_sub`, `checked_mul`) are there for the
/// places that turn outside input into chips.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Chips(pub u64);

/// What is wrong with a list of chip denominations in play, if anything:
/// each more than nothing, within a table's chips, smallest first with no
/// value twice (a colour-up removes the first).
pub fn denominations_problem(chips: &[u64]) -> Option<String> {
    if let Some(zero) = chips.iter().position(|c| *c == 0) {
        return Some(format!("chip {} is worth nothing", zero + 1));
    }
    if let Some(big) = chips.iter().find(|c| !Chips(**c).within_table()) {
        return Some(format!(
            "a chip of {} is more than a table may have in play",
            Chips(*big)
        ));
    }
    chips.windows(2).find(|w| w[0] >= w[1]).map(|w| {
        format!(
            "the chips must be listed smallest first, each once: {} comes before {}",
            Chips(w[0]),
            Chips(w[1])
        )
    })
}

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);

    /// The most chips a table may have in play (stacks and starting pot
    /// together): 10^15. See the type's documentation for why.
    pub const MAX_TABLE: Chips = Chips(1_000_000_000_000_000);

    /// The amount as a plain number.
    pub const fn get(self) -> u64 {
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

    /// `self * n` when it does not overflow.
    pub fn checked_mul(self, n: u64) -> Option<Chips> {
        self.0.checked_mul(n).map(Chips)
    }

    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whether a table may hold this many chips (at most `MAX_TABLE`).
    pub fn within_table(self) -> bool {
        self <= Chips::MAX_TABLE
    }
}

impl Add for Chips {
    type Output = Chips;
    /// Saturates; `debug_assert`s that it did not have to (see `Chips`).
    fn add(self, rhs: Chips) -> Chips {
        let sum = self.0.checked_add(rhs.0);
        debug_assert!(sum.is_some(), "chips overflow: {} + {}", self.0, rhs.0);
        Chips(sum.unwrap_or(u64::MAX))
    }
}

impl AddAssign for Chips {
    fn add_assign(&mut self, rhs: Chips) {
        *self = *self + rhs;
    }
}

impl Sub for Chips {
    type Output = Chips;
    /// Saturates at zero; `debug_assert`s that it did not have to: callers
    /// check first (see `Chips`).
    fn sub(self, rhs: Chips) -> Chips {
        let difference = self.0.checked_sub(rhs.0);
        debug_assert!(
            difference.is_some(),
            "chips below zero: {} - {}",
            self.0,
            rhs.0
        );
        Chips(difference.unwrap_or(0))
    }
}

impl SubAssign for Chips {
    fn sub_assign(&mut self, rhs: Chips) {
        *self = *self - rhs;
    }
}

impl Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        iter.fold(Chips::ZERO, |total, c| total + c)
    }
}

/// A whole number with its thousands separated, as a dealer reads it:
/// `12,400`. Wide enough for sums that do not fit in chips.
pub fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

impl fmt::Display for Chips {
    /// Thousands separated, as a dealer reads them: `12,400`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&grouped(u128::from(self.0)))
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
        assert_eq!(Chips::MAX_TABLE.to_string(), "1,000,000,000,000,000");
        assert_eq!(
            grouped(u128::from(u64::MAX) * 10),
            "184,467,440,737,095,516,150"
        );
    }

    #[test]
    fn the_maximum_leaves_room_for_every_sum_the_engine_forms() {
        let max = Chips::MAX_TABLE.get();
        // Four times the chips in play (the largest multiple the engine
        // forms) is far inside a u64, and exact as a double.
        assert!(max.checked_mul(4).is_some_and(|m| m < u64::MAX / 1000));
        assert!(max < 1 << 53);
        assert!(Chips::MAX_TABLE.within_table());
        assert!(!Chips(max + 1).within_table());
    }

    #[test]
    fn checked_operations_refuse_what_does_not_fit() {
        assert_eq!(Chips(u64::MAX).checked_add(Chips(1)), None);
        assert_eq!(Chips(1).checked_sub(Chips(2)), None);
        assert_eq!(Chips(1 << 63).checked_mul(2), None);
        assert_eq!(Chips(500).checked_mul(3), Some(Chips(1500)));
        assert_eq!(Chips(5).saturating_sub(Chips(7)), Chips::ZERO);
    }

    #[test]
    fn sums_within_the_maximum_are_exact() {
        let stacks = [Chips::MAX_TABLE; 10];
        let total: Chips = stacks.iter().copied().sum();
        assert_eq!(total, Chips(10 * Chips::MAX_TABLE.get()));
        let mut c = Chips(1000);
        c += Chips(400);
        c -= Chips(1400);
        assert_eq!(c, Chips::ZERO);
    }

    /// In a release build an overflow clamps instead of wrapping; in a test
    /// build it stops at the operation.
    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "chips overflow"))]
    fn an_overflow_never_wraps() {
        let sum = Chips(u64::MAX) + Chips(2);
        assert_eq!(sum, Chips(u64::MAX));
    }

    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "chips below zero"))]
    fn going_below_zero_never_wraps() {
        let difference = Chips(1) - Chips(2);
        assert_eq!(difference, Chips::ZERO);
    }
}
