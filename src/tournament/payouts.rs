//! The prizes from the pool (issue 35.2): how many places are paid and
//! what each is paid, from the house's payout table and the field's size,
//! in whole money units that add up to the pool to the unit.
//!
//! A table is tiers by field size (as DrNeau's payout tiers: the first
//! tier whose field reaches the entries gives each paid place's share of
//! the pool), a fixed list of amounts, or a share of the entries paid
//! with a shape (Poker Buddy's automatic payouts: the shares worked out
//! once in floating point, then whole hundredths of a per cent, so the
//! same field always pays the same; every place paid gets at least the
//! unit). Each share is rounded down to the house's unit (a prize of
//! 1,234.56 paid as 1,230 where the house pays in tens); what rounding
//! leaves goes to first place.

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
    /// A share of the entries paid, the prizes falling by a shape.
    Paid(Paid),
}

/// Poker Buddy's automatic payouts (ryandrake08/td,
/// `tournamentd/gameinfo.cpp` `recalculate_payouts`): a share of the
/// entries is paid, and place `k`'s weight is `k` to the power
/// `shape / (shape - 1)`, so that shape 0 pays every place the same, 0.5
/// pays in proportion to 1, 1/2, 1/3 ... and 1 pays first place all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Paid {
    /// The share of the entries paid, in hundredths of a per cent
    /// ([`WHOLE`]: every entry), rounded up to a whole place (Poker Buddy
    /// rounds to the nearest: 2.4 places pay 2 there, 3 here).
    pub percent: u32,
    /// How steeply the prizes fall, in hundredths: 0 flat, 100 first
    /// place all (Poker Buddy's slider from 0 to 1).
    pub shape: u32,
    /// The fewest places paid (None: one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u32>,
    /// The most places paid (None: as many as the share gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

impl Paid {
    /// The places paid for `entries` entries: the share of them rounded
    /// up, at least one and `min`, at most `max` and the entries (no
    /// entries still pays a place, which [`payouts`] refuses).
    pub fn places(&self, entries: u32) -> u32 {
        let share = (u64::from(entries) * u64::from(self.percent)).div_ceil(u64::from(WHOLE));
        // The share is at most the entries when the percent is at most
        // the whole.
        let share = u32::try_from(share).unwrap_or(u32::MAX);
        share
            .max(self.min.unwrap_or(1).max(1))
            .min(self.max.unwrap_or(u32::MAX))
            .min(entries.max(1))
    }

    /// Each of `places` places' share of the pool, first place first, in
    /// hundredths of a per cent ([`WHOLE`] in all), never rising. The
    /// weights are the one sum worked in floating point, once, and made
    /// whole numbers at once; the shares are their parts of the whole by
    /// the largest remainder (a tie to the better place), so the same
    /// table always pays the same.
    pub fn shares(&self, places: u32) -> Vec<u32> {
        // Poker Buddy: place k weighs k^(s/(s-1)), 1 for first place.
        let shape = f64::from(self.shape.min(100)) / 100.0;
        let power = if self.shape >= 100 {
            f64::NEG_INFINITY
        } else {
            shape / (shape - 1.0)
        };
        // Each weight in 2^40ths of first place's, never above the one
        // before it.
        let scale = (1u64 << 40) as f64;
        let mut weights: Vec<u128> = Vec::with_capacity(places as usize);
        for k in 1..=places {
            // Between 0 and the scale: a whole number that fits.
            let w = (f64::from(k).powf(power) * scale).round() as u128;
            let before = weights.last().copied().unwrap_or(w);
            weights.push(w.min(before));
        }
        let sum: u128 = weights.iter().sum::<u128>().max(1);
        let whole = u128::from(WHOLE);
        // Below the whole, so within a u32.
        let mut shares: Vec<u32> = weights.iter().map(|w| (w * whole / sum) as u32).collect();
        let short = WHOLE - shares.iter().sum::<u32>();
        let mut order: Vec<usize> = (0..shares.len()).collect();
        order.sort_by_key(|i| (std::cmp::Reverse(weights[*i] * whole % sum), *i));
        for i in order.into_iter().take(short as usize) {
            shares[i] += 1;
        }
        shares
    }
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
    /// Too small a pool to pay each place paid at least the unit.
    #[error("a pool of {pool} cannot pay {places} places at least {unit} each")]
    PoolBelowPlaces {
        /// The pool.
        pool: Money,
        /// The places paid.
        places: u32,
        /// The unit.
        unit: Money,
    },
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
            share_out(pool, &tier.shares, u128::from(WHOLE), unit)
        }
        PayoutTable::Paid(paid) => paid_out(pool, paid.places(entries), paid, unit)?,
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

/// A pool shared out in `shares` of `whole`, each rounded down to the
/// unit, what rounding leaves to first place.
fn share_out(pool: Money, shares: &[u32], whole: u128, unit: Money) -> Vec<Money> {
    let unit = u128::from(unit.get());
    let mut prizes: Vec<Money> = shares
        .iter()
        .map(|s| {
            let exact = u128::from(pool.get()) * u128::from(*s) / whole;
            // At most the pool, so within a u64.
            Money((exact / unit * unit) as u64)
        })
        .collect();
    let paid: Money = prizes.iter().copied().sum();
    if let Some(first) = prizes.first_mut() {
        *first = Money(first.get() + (pool.get() - paid.get()));
    }
    prizes
}

/// The prizes of `places` places paid as `paid` says, each at least the
/// unit: a place whose share of the pool is less is paid the unit, and
/// the places above it share what is left by their shares.
fn paid_out(pool: Money, places: u32, paid: &Paid, unit: Money) -> Result<Vec<Money>, PayoutError> {
    let below = || PayoutError::PoolBelowPlaces { pool, places, unit };
    let reserve = unit
        .get()
        .checked_mul(u64::from(places))
        .ok_or_else(below)?;
    if pool.get() < reserve {
        return Err(below());
    }
    let shares = paid.shares(places);
    // The places paid by their shares: all of them, less the worst while
    // his share of what they share is below the unit. First place always
    // stays: with a unit for each of the others, at least a unit is left.
    let mut by_share = shares.len();
    let mut sum: u128 = shares.iter().map(|s| u128::from(*s)).sum();
    let rest = |by_share: usize| {
        u128::from(pool.get()) - u128::from(unit.get()) * (shares.len() - by_share) as u128
    };
    while let Some(last) = by_share.checked_sub(1)
        && rest(by_share) * u128::from(shares[last]) < u128::from(unit.get()) * sum
    {
        sum -= u128::from(shares[last]);
        by_share = last;
    }
    // At most the pool, so within a u64.
    let rest = Money(rest(by_share) as u64);
    let mut prizes = share_out(rest, &shares[..by_share], sum.max(1), unit);
    prizes.resize(shares.len(), unit);
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

    fn paid(percent: u32, shape: u32) -> PayoutTable {
        PayoutTable::Paid(Paid {
            percent,
            shape,
            min: None,
            max: None,
        })
    }

    /// Poker Buddy's own payouts (its `recalculate_payouts` with rounding
    /// on: each place's amount rounded to a unit, the rest to first),
    /// worked out from its code for 15 per cent paid and shape 0.5.
    const POKER_BUDDY_20_OF_2_000: [u64; 3] = [1_091, 545, 364];
    const POKER_BUDDY_100_OF_10_000: [u64; 15] = [
        3_013, 1_507, 1_005, 753, 603, 502, 431, 377, 335, 301, 274, 251, 232, 215, 201,
    ];

    #[test]
    fn a_share_of_the_entries_is_paid_as_poker_buddy_pays_it() {
        // Shares to a hundredth of a per cent, amounts rounded down to the
        // unit as every table here is: within a unit of Poker Buddy's
        // (which rounds to the nearest) at every place, first place taking
        // what rounding leaves.
        let table = paid(1_500, 50);
        let close = |ours: &[Money], theirs: &[u64]| {
            assert_eq!(ours.len(), theirs.len());
            for (place, (o, t)) in ours.iter().zip(theirs).enumerate() {
                assert!(
                    o.get().abs_diff(*t) <= 1,
                    "place {}: {o} against {t}",
                    place + 1
                );
            }
        };
        let p = payouts(Money(2_000), 20, &table, Money(1)).unwrap();
        close(&p, &POKER_BUDDY_20_OF_2_000);
        assert_eq!(p, vec![Money(1_092), Money(545), Money(363)]);
        let p = payouts(Money(10_000), 100, &table, Money(1)).unwrap();
        close(&p, &POKER_BUDDY_100_OF_10_000);
        assert_eq!(
            p.iter().map(|m| m.get()).collect::<Vec<_>>(),
            vec![
                3_014, 1_507, 1_005, 753, 603, 502, 430, 377, 335, 301, 274, 251, 232, 215, 201
            ]
        );
    }

    #[test]
    fn the_shape_runs_from_flat_to_first_place_all_and_each_place_gets_the_unit() {
        let cases = [
            // Flat: 3 of 10 entries paid the same, a unit left to first.
            (1_000, 10, 3_000, 0, 1, Ok(vec![334, 333, 333])),
            // The steepest shape still pays each place paid a unit.
            (1_000, 10, 3_000, 100, 5, Ok(vec![990, 5, 5])),
            // Shares 5,455 / 2,727 / 1,818 of 50 paid in tens: 27.28,
            // 13.64 and 9.09 would pay third place nothing. He is paid 10,
            // and the 40 left is shared 5,455 to 2,727: 26.67 and 13.33,
            // rounded down to 20 and 10, the 10 left to first.
            (50, 20, 1_500, 50, 10, Ok(vec![30, 10, 10])),
            (30, 20, 1_500, 50, 10, Ok(vec![10, 10, 10])),
            (
                10,
                10,
                3_000,
                50,
                5,
                Err(PayoutError::PoolBelowPlaces {
                    pool: Money(10),
                    places: 3,
                    unit: Money(5),
                }),
            ),
        ];
        for (pool, entries, percent, shape, unit, want) in cases {
            let got = payouts(Money(pool), entries, &paid(percent, shape), Money(unit));
            let want = want.map(|p| p.into_iter().map(Money).collect::<Vec<_>>());
            assert_eq!(got, want, "{pool} at {percent} and shape {shape}");
        }
    }

    #[test]
    fn the_places_paid_are_the_share_of_the_entries_rounded_up_within_min_and_max() {
        let p = |percent, min, max| Paid {
            percent,
            shape: 50,
            min,
            max,
        };
        assert_eq!(p(1_500, None, None).places(20), 3);
        assert_eq!(p(1_500, None, None).places(21), 4);
        assert_eq!(p(1_500, None, None).places(1), 1);
        assert_eq!(p(1, None, None).places(3), 1);
        assert_eq!(p(1_500, Some(5), None).places(20), 5);
        assert_eq!(p(1_500, Some(5), None).places(4), 4);
        assert_eq!(p(1_500, None, Some(2)).places(20), 2);
        assert_eq!(p(WHOLE, None, None).places(9), 9);
        assert_eq!(
            payouts(Money(100), 0, &paid(1_500, 50), Money(1)),
            Err(PayoutError::MorePlacesThanEntries {
                places: 1,
                entries: 0
            })
        );
    }

    #[test]
    fn the_shares_are_a_whole_pool_and_never_rise() {
        let p = |shape| Paid {
            percent: WHOLE,
            shape,
            min: None,
            max: None,
        };
        assert_eq!(p(0).shares(3), vec![3_334, 3_333, 3_333]);
        assert_eq!(p(50).shares(3), vec![5_455, 2_727, 1_818]);
        assert_eq!(p(100).shares(3), vec![WHOLE, 0, 0]);
        assert_eq!(p(0).shares(1), vec![WHOLE]);
        let many = p(0).shares(10_003);
        assert_eq!(many.iter().sum::<u32>(), WHOLE);
        assert_eq!((many[9_999], many[10_000]), (1, 0));
    }

    proptest::proptest! {
        /// A share of the entries paid: the prizes add up to the pool,
        /// never rise, pay each place at least the unit, and are as many as
        /// the share of the entries rounded up, within min and max.
        #[test]
        fn a_share_of_the_entries_pays_the_pool(
            pool in 0u64..1_000_000_000_000,
            entries in 1u32..=3_000,
            percent in 1u32..=WHOLE,
            shape in 0u32..=100,
            min in proptest::option::of(1u32..=50),
            more in proptest::option::of(0u32..=500),
            unit in proptest::sample::select(vec![1u64, 5, 10, 25, 100, 500, 1_000]),
        ) {
            let max = more.map(|m| m + min.unwrap_or(1));
            let table = PayoutTable::Paid(Paid { percent, shape, min, max });
            let wanted = (u64::from(entries) * u64::from(percent)).div_ceil(u64::from(WHOLE)) as u32;
            let places = wanted.max(min.unwrap_or(1)).min(max.unwrap_or(u32::MAX)).min(entries);
            let p = payouts(Money(pool), entries, &table, Money(unit));
            if pool < u64::from(places) * unit {
                proptest::prop_assert_eq!(p, Err(PayoutError::PoolBelowPlaces {
                    pool: Money(pool),
                    places,
                    unit: Money(unit),
                }));
                return Ok(());
            }
            let p = p.unwrap();
            proptest::prop_assert_eq!(p.len(), places as usize);
            proptest::prop_assert_eq!(p.iter().copied().sum::<Money>(), Money(pool));
            proptest::prop_assert!(p.iter().all(|m| m.get() >= unit));
            proptest::prop_assert!(p[1..].iter().all(|m| m.get() % unit == 0));
            proptest::prop_assert!(p.windows(2).all(|w| w[0] >= w[1]));
        }

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
