//! The prizes from the pool (issue 35.2): how many places are paid and
//! what each is paid, from the house's payout table and the field's size,
//! in whole money units that add up to the pool to the unit.
//!
//! A table is either tiers by field size (as DrNeau's payout tiers: the
//! first tier whose field reaches the entries gives each paid place's
//! share of the pool) or a fixed list of amounts. Each share is rounded
//! down to the house's unit (a prize of 1,234.56 paid as 1,230 where the
//! house pays in tens); what rounding leaves goes to first place.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::values::Money;
use crate::values::money::total;

/// The whole pool in a tier's shares: hundredths of a per cent.
pub const WHOLE: u32 = 10_000;

/// The shares of the places paid for fields up to `up_to` entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Tier {
    /// The largest field the tier is for.
    pub up_to: u32,
    /// Each paid place's share of the pool, first place first, in
    /// hundredths of a per cent ([`WHOLE`] in all).
    pub shares: Vec<u32>,
}

/// How the pool is paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PayoutTable {
    /// Shares by field size, tiers from the smallest field up.
    Tiers(Vec<Tier>),
    /// Fixed amounts, first place first: they must add up to the pool.
    Fixed(Vec<Money>),
}

/// Why the prizes cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PayoutError {
    /// No tier is for a field this size.
    #[error("no payout tier is for {entries} entries (the largest is for {largest})")]
    NoTier {
        /// The entries.
        entries: u32,
        /// The largest field a tier is for.
        largest: u32,
    },
    /// A tier's shares are not the whole pool.
    #[error(
        "the tier for up to {up_to} entries pays {sum} hundredths of a per cent of the pool, not 10,000"
    )]
    SharesNotWhole {
        /// The tier's field.
        up_to: u32,
        /// What its shares add up to.
        sum: u64,
    },
    /// Prizes must not rise from one place to the next.
    #[error("place {place} is paid more than the place before it")]
    Rises {
        /// The place (1 first).
        place: usize,
    },
    /// More places paid than entries.
    #[error("{places} places paid for {entries} entries")]
    MorePlacesThanEntries {
        /// The places paid.
        places: usize,
        /// The entries.
        entries: u32,
    },
    /// A fixed list that is not the pool.
    #[error("the fixed prizes add up to {sum}, the pool is {pool}")]
    FixedNotPool {
        /// What the list adds up to.
        sum: Money,
        /// The pool.
        pool: Money,
    },
    /// A unit of nothing.
    #[error("the unit prizes are paid in must be more than nothing")]
    NoUnit,
}

/// The prizes, first place first, for a pool of `pool` from `entries`
/// entries, paid in multiples of `unit` (first place takes what rounding
/// leaves, so it may not be a multiple).
pub fn payouts(
    pool: Money,
    entries: u32,
    table: &PayoutTable,
    unit: Money,
) -> Result<Vec<Money>, PayoutError> {
    if unit == Money::ZERO {
        return Err(PayoutError::NoUnit);
    }
    let prizes = match table {
        PayoutTable::Fixed(prizes) => match total(prizes) {
            Some(sum) if sum == pool => prizes.clone(),
            // Past a number's reach: more than any pool.
            sum => {
                return Err(PayoutError::FixedNotPool {
                    sum: sum.unwrap_or(Money(u64::MAX)),
                    pool,
                });
            }
        },
        PayoutTable::Tiers(tiers) => {
            let tier = tiers
                .iter()
                .find(|t| t.up_to >= entries)
                .ok_or(PayoutError::NoTier {
                    entries,
                    largest: tiers.iter().map(|t| t.up_to).max().unwrap_or(0),
                })?;
            let sum: u64 = tier.shares.iter().map(|s| u64::from(*s)).sum();
            if sum != u64::from(WHOLE) {
                return Err(PayoutError::SharesNotWhole {
                    up_to: tier.up_to,
                    sum,
                });
            }
            let unit = u128::from(unit.get());
            let mut prizes: Vec<Money> = tier
                .shares
                .iter()
                .map(|s| {
                    let exact = u128::from(pool.get()) * u128::from(*s) / u128::from(WHOLE);
                    // Below the pool, so within a u64.
                    Money((exact / unit * unit) as u64)
                })
                .collect();
            let paid: Money = prizes.iter().copied().sum();
            if let Some(first) = prizes.first_mut() {
                *first = Money(first.get() + (pool.get() - paid.get()));
            }
            prizes
        }
    };
    if let Some(i) = prizes.windows(2).position(|w| w[1] > w[0]) {
        return Err(PayoutError::Rises { place: i + 2 });
    }
    if prizes.len() > entries as usize {
        return Err(PayoutError::MorePlacesThanEntries {
            places: prizes.len(),
            entries,
        });
    }
    Ok(prizes)
}

/// The prizes of a shared place (UPT Tournament 35: "Players eliminated
/// on the same deal who start their final hand with an equal amount of
/// chips receive equal prize money"): `k` players placed together at
/// `place` (1 first) share the prizes of places `place` to `place + k -
/// 1` (nothing past the last place paid) equally, a unit that does not
/// divide going one each to the first of them.
pub fn shared(prizes: &[Money], place: u32, k: usize) -> Vec<Money> {
    let first = (place.max(1) - 1) as usize;
    let total: Money = (first..first.saturating_add(k))
        .filter_map(|i| prizes.get(i).copied())
        .sum();
    let k = k as u64;
    (0..k)
        .map(|i| Money(total.get() / k + u64::from(i < total.get() % k)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiers() -> PayoutTable {
        PayoutTable::Tiers(vec![
            Tier {
                up_to: 9,
                shares: vec![6_500, 3_500],
            },
            Tier {
                up_to: 20,
                shares: vec![5_000, 3_000, 2_000],
            },
            Tier {
                up_to: 40,
                shares: vec![4_000, 2_500, 1_600, 1_100, 800],
            },
        ])
    }

    #[test]
    fn the_tier_for_the_field_pays_its_places_rounded_to_the_unit_the_rest_to_first() {
        // 1,234,567 units, paid in hundreds: 617,283.5 / 370,370.1 /
        // 246,913.4 rounded down to 617,200 / 370,300 / 246,900, and the
        // 167 left to first place.
        let p = payouts(Money(1_234_567), 12, &tiers(), Money(100)).unwrap();
        assert_eq!(p, vec![Money(617_367), Money(370_300), Money(246_900)]);
        let p = payouts(Money(1_000), 9, &tiers(), Money(1)).unwrap();
        assert_eq!(p, vec![Money(650), Money(350)]);
    }

    #[test]
    fn a_table_that_cannot_pay_the_pool_says_why() {
        assert_eq!(
            payouts(Money(1_000), 41, &tiers(), Money(1)),
            Err(PayoutError::NoTier {
                entries: 41,
                largest: 40
            })
        );
        let short = PayoutTable::Tiers(vec![Tier {
            up_to: 9,
            shares: vec![6_000, 3_000],
        }]);
        assert_eq!(
            payouts(Money(1_000), 5, &short, Money(1)),
            Err(PayoutError::SharesNotWhole {
                up_to: 9,
                sum: 9_000
            })
        );
        let fixed = PayoutTable::Fixed(vec![Money(600), Money(300)]);
        assert_eq!(
            payouts(Money(1_000), 5, &fixed, Money(1)),
            Err(PayoutError::FixedNotPool {
                sum: Money(900),
                pool: Money(1_000)
            })
        );
        // Past a number's reach: not the pool, even the largest pool (a
        // sum that stopped at the largest number would have matched it).
        let huge = PayoutTable::Fixed(vec![Money(u64::MAX), Money(2)]);
        assert_eq!(
            payouts(Money(u64::MAX), 5, &huge, Money(1)),
            Err(PayoutError::FixedNotPool {
                sum: Money(u64::MAX),
                pool: Money(u64::MAX)
            })
        );
        let rising = PayoutTable::Fixed(vec![Money(300), Money(700)]);
        assert_eq!(
            payouts(Money(1_000), 5, &rising, Money(1)),
            Err(PayoutError::Rises { place: 2 })
        );
        assert_eq!(
            payouts(Money(1_000), 2, &tiers(), Money(1)).map(|p| p.len()),
            Ok(2)
        );
        let three = PayoutTable::Fixed(vec![Money(500), Money(300), Money(200)]);
        assert_eq!(
            payouts(Money(1_000), 2, &three, Money(1)),
            Err(PayoutError::MorePlacesThanEntries {
                places: 3,
                entries: 2
            })
        );
        assert_eq!(
            payouts(Money(1_000), 5, &tiers(), Money(0)),
            Err(PayoutError::NoUnit)
        );
    }

    proptest::proptest! {
        /// The prizes add up to the pool to the unit; every place but first
        /// is a multiple of the unit; no place is paid more than the one
        /// before it.
        #[test]
        fn the_prizes_are_the_pool(
            pool in 0u64..1_000_000_000_000,
            entries in 1u32..=40,
            unit in proptest::sample::select(vec![1u64, 5, 10, 25, 100, 500, 1_000]),
        ) {
            let p = payouts(Money(pool), entries, &tiers(), Money(unit));
            if entries < 2 {
                proptest::prop_assert!(p.is_err());
                return Ok(());
            }
            let p = p.unwrap();
            proptest::prop_assert_eq!(p.iter().copied().sum::<Money>(), Money(pool));
            proptest::prop_assert!(p[1..].iter().all(|m| m.get() % unit == 0));
            proptest::prop_assert!(p.windows(2).all(|w| w[0] >= w[1]));
        }

        /// However the places are shared (players out in one hand, tied),
        /// the shares are every prize, no more and no less; players who
        /// share are paid within a unit of each other, never more than
        /// the best of their places nor less than the worst.
        #[test]
        fn shared_places_pay_every_prize_once(
            mut prizes in proptest::collection::vec(0u64..1_000_000, 1..12),
            groups in proptest::collection::vec(1usize..4, 1..16),
        ) {
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let prizes: Vec<Money> = prizes.into_iter().map(Money).collect();
            let mut place = 1usize;
            let mut paid = Money::ZERO;
            for k in groups {
                let shares = shared(&prizes, place as u32, k);
                proptest::prop_assert_eq!(shares.len(), k);
                let best = prizes.get(place - 1).copied().unwrap_or(Money::ZERO);
                let worst = prizes.get(place + k - 2).copied().unwrap_or(Money::ZERO);
                let (hi, lo) = (shares.iter().max().copied(), shares.iter().min().copied());
                proptest::prop_assert!(hi.zip(lo).is_some_and(|(h, l)| h.get() - l.get() <= 1));
                proptest::prop_assert!(shares.iter().all(|s| *s <= best && *s >= worst));
                paid = paid.checked_add(shares.iter().copied().sum()).expect("fits");
                place += k;
            }
            let all: Money = prizes.iter().copied().take(place - 1).sum();
            proptest::prop_assert_eq!(paid, all);
        }
    }
}
