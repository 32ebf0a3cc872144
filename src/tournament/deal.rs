//! A deal among the players left (issue 35.4): the prizes still to be
//! paid shared out now, by one of three methods, with an amount kept to
//! play for if the players say so. Pure arithmetic: prizes and stacks in,
//! each player's share out, in whole units that add up to the prizes to
//! the unit.
//!
//! - **ICM** (Malmuth-Harville): a player's chance of each place is his
//!   chips over the chips of the players not yet placed, place by place;
//!   his share is the prizes weighted by those chances. Worked out exactly
//!   by a programme over the sets of players placed first (2^n sets, each
//!   once: 1,024 for ten players), not over the n! finishing orders (3.6
//!   million for ten); the tests check it against the orders themselves.
//! - **Chip chop**: every player is given the last prize still paid, and
//!   the rest is shared by chips; no share above first prize (what a
//!   share would have over it is shared again by the others' chips).
//! - **Even chop**: the prizes split equally.
//!
//! Fractions are rounded down to units and the units left over go one each
//! to the largest fractions (ties: more chips first, then the player listed
//! first), so the shares and the amount kept add up to the prizes.
//! Whether a house allows a deal at all is its setting, not this file's.

use thiserror::Error;

use crate::values::{Chips, Money};

pub use crate::values::money::DealMethod as Method;

/// The most players a deal is worked out for: the ICM programme holds
/// 2^n numbers (65,536 for sixteen). A final table has ten at most.
pub const MAX_PLAYERS: usize = 16;

/// Why a deal cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// One player or none: nothing to share.
    #[error("a deal needs two players or more; {0} left")]
    TooFew(usize),
    /// Past [`MAX_PLAYERS`].
    #[error("a deal is worked out for {MAX_PLAYERS} players at most; {0} left")]
    TooMany(usize),
    /// A player with no chips is out, not in a deal.
    #[error("player {0} has no chips: a player with none is out, not in the deal")]
    NoChips(usize),
    /// More prizes than players: some places are already taken.
    #[error(
        "{prizes} prizes for {players} players: the prizes of places already taken are not in a deal"
    )]
    MorePrizesThanPlayers {
        /// The prizes given.
        prizes: usize,
        /// The players left.
        players: usize,
    },
    /// Prizes must not rise from one place to the next.
    #[error("the prize for place {place} ({prize}) is more than the place before it")]
    PrizesRise {
        /// The place (1 first).
        place: usize,
        /// Its prize.
        prize: Money,
    },
    /// The amount kept to play for is more than first prize.
    #[error("{kept} kept to play for is more than first prize ({first})")]
    KeptOverFirst {
        /// The amount kept.
        kept: Money,
        /// First prize.
        first: Money,
    },
    /// The sums would not fit in a number.
    #[error("the prizes or the chips add up past what a number holds")]
    TooLarge,
}

/// A deal worked out: each player's share (in the order the stacks were
/// given) and the amount kept to play for (the winner's, on top).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// The method.
    pub method: Method,
    /// Each player's share, now.
    pub shares: Vec<Money>,
    /// Kept to play for: paid to the winner when play ends.
    pub kept: Money,
}

/// Works out a deal of `prizes` (the prizes still to be paid, first place
/// first; fewer than the players: the last places pay nothing) among the
/// players holding `stacks`, keeping `kept` out of first prize to play for.
pub fn deal(
    method: Method,
    prizes: &[Money],
    stacks: &[Chips],
    kept: Money,
) -> Result<Deal, DealError> {
    check(prizes, stacks)?;
    let mut prizes = prizes.to_vec();
    if let Some(first) = prizes.first_mut() {
        *first = first.checked_sub(kept).ok_or(DealError::KeptOverFirst {
            kept,
            first: *first,
        })?;
    } else if kept > Money::ZERO {
        return Err(DealError::KeptOverFirst {
            kept,
            first: Money::ZERO,
        });
    }
    let pool = crate::values::money::total(&prizes).ok_or(DealError::TooLarge)?;
    let shares = match method {
        Method::Icm => round_to(pool, &equities(&prizes, stacks), stacks),
        Method::ChipChop => chip_chop(&prizes, stacks, pool),
        Method::Even => round_to(pool, &vec![1.0; stacks.len()], stacks),
    };
    Ok(Deal {
        method,
        shares,
        kept,
    })
}

/// The players' ICM equities in units (fractions kept), in the order of
/// `stacks`: what each would take on average if play went on with chances
/// in proportion to chips.
pub fn icm_equities(prizes: &[Money], stacks: &[Chips]) -> Result<Vec<f64>, DealError> {
    check(prizes, stacks)?;
    Ok(equities(prizes, stacks))
}

/// `icm_equities` of prizes and stacks already checked (the prizes may
/// rise where an amount kept to play for has come out of first prize).
fn equities(prizes: &[Money], stacks: &[Chips]) -> Vec<f64> {
    let n = stacks.len();
    let chips: Vec<f64> = stacks.iter().map(|c| c.get() as f64).collect();
    let all: f64 = chips.iter().sum();
    // `reach[set]`: the chance that the players of `set` take the first
    // |set| places, in some order. Sets are taken in increasing order, so a
    // set is complete before any set it is part of.
    let mut reach = vec![0.0f64; 1 << n];
    let mut placed_chips = vec![0.0f64; 1 << n];
    reach[0] = 1.0;
    let mut equity = vec![0.0f64; n];
    for set in 0..(1usize << n) {
        if set > 0 {
            let lowest = set.trailing_zeros() as usize;
            placed_chips[set] = placed_chips[set & (set - 1)] + chips[lowest];
        }
        let place = set.count_ones() as usize;
        let chance = reach[set];
        if chance == 0.0 || place >= prizes.len() {
            continue;
        }
        let left = all - placed_chips[set];
        let prize = prizes[place].get() as f64;
        for (j, c) in chips.iter().enumerate() {
            if set & (1 << j) == 0 {
                let next = chance * c / left;
                equity[j] += next * prize;
                reach[set | (1 << j)] += next;
            }
        }
    }
    equity
}

/// The prizes and stacks a deal can be worked out for.
fn check(prizes: &[Money], stacks: &[Chips]) -> Result<(), DealError> {
    let players = stacks.len();
    if players < 2 {
        return Err(DealError::TooFew(players));
    }
    if players > MAX_PLAYERS {
        return Err(DealError::TooMany(players));
    }
    if let Some(empty) = stacks.iter().position(|c| *c == Chips::ZERO) {
        return Err(DealError::NoChips(empty + 1));
    }
    if prizes.len() > players {
        return Err(DealError::MorePrizesThanPlayers {
            prizes: prizes.len(),
            players,
        });
    }
    if let Some(i) = prizes.windows(2).position(|w| w[1] > w[0]) {
        return Err(DealError::PrizesRise {
            place: i + 2,
            prize: prizes[i + 1],
        });
    }
    crate::values::money::total(prizes).ok_or(DealError::TooLarge)?;
    stacks
        .iter()
        .try_fold(0u64, |sum, c| sum.checked_add(c.get()))
        .ok_or(DealError::TooLarge)?;
    Ok(())
}

/// `pool` shared in proportion to `weights`, in whole units: each share
/// rounded down, then the units left one each to the largest fractions
/// (ties: more chips, then listed first).
fn round_to(pool: Money, weights: &[f64], stacks: &[Chips]) -> Vec<Money> {
    let whole: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights
        .iter()
        .map(|w| pool.get() as f64 * w / whole)
        .collect();
    let mut shares: Vec<u64> = exact.iter().map(|x| x.floor().max(0.0) as u64).collect();
    // Floats may floor a unit too high at the top of a large pool: never
    // more than the pool.
    while shares.iter().map(|s| u128::from(*s)).sum::<u128>() > u128::from(pool.get()) {
        let top = (0..shares.len())
            .max_by_key(|i| shares[*i])
            .unwrap_or_default();
        shares[top] -= 1;
    }
    let given: u64 = shares.iter().sum();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|a, b| {
        let fa = exact[*a] - shares[*a] as f64;
        let fb = exact[*b] - shares[*b] as f64;
        fb.total_cmp(&fa)
            .then(stacks[*b].cmp(&stacks[*a]))
            .then(a.cmp(b))
    });
    for i in order.iter().cycle().take((pool.get() - given) as usize) {
        shares[*i] += 1;
    }
    shares.into_iter().map(Money).collect()
}

/// The chip chop: the last prize paid to each player, the rest shared by
/// chips; a share over first prize is held at first prize and its excess
/// shared again by the others' chips.
fn chip_chop(prizes: &[Money], stacks: &[Chips], pool: Money) -> Vec<Money> {
    let n = stacks.len();
    // The last prize, or the smallest where an amount kept has made
    // first prize smaller: every player is sure of it.
    let floor = if prizes.len() == n {
        prizes.iter().min().map_or(0, |p| p.get())
    } else {
        0
    };
    // The largest prize (first prize, unless an amount kept to play for
    // has made it smaller than the next): with n players and n prizes at
    // most, the pool is never more than n of it, so some share stays open.
    let top = prizes.iter().max().map_or(0, |p| p.get());
    let mut shares = vec![floor; n];
    let mut open: Vec<usize> = (0..n).collect();
    let mut rest = pool.get() - floor * n as u64;
    loop {
        let weights: Vec<f64> = open.iter().map(|i| stacks[*i].get() as f64).collect();
        let open_stacks: Vec<Chips> = open.iter().map(|i| stacks[*i]).collect();
        let split = round_to(Money(rest), &weights, &open_stacks);
        let over: Vec<usize> = open
            .iter()
            .zip(&split)
            .filter(|(_, s)| floor + s.get() > top)
            .map(|(i, _)| *i)
            .collect();
        if over.is_empty() {
            for (i, s) in open.iter().zip(split) {
                shares[*i] += s.get();
            }
            return shares.into_iter().map(Money).collect();
        }
        for i in over {
            shares[i] = top;
            rest -= top - floor;
            open.retain(|o| *o != i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(v: &[u64]) -> Vec<Money> {
        v.iter().map(|m| Money(*m)).collect()
    }

    fn chips(v: &[u64]) -> Vec<Chips> {
        v.iter().map(|c| Chips(*c)).collect()
    }

    /// PokerKit 0.7.7's published example of `calculate_icm`: payouts
    /// 70/30, chips 50/30/20 give 45.178..., 32.25 and 22.571....
    #[test]
    fn icm_gives_pokerkits_published_example() {
        let e = icm_equities(&money(&[70, 30]), &chips(&[50, 30, 20])).unwrap();
        let want = [45.178_571_428_571_43, 32.25, 22.571_428_571_428_57];
        for (got, want) in e.iter().zip(want) {
            assert!((got - want).abs() < 1e-9, "{e:?}");
        }
    }

    /// Each finishing order's chance, place by place, summed over every
    /// order: the definition the programme must equal.
    fn by_orders(prizes: &[Money], stacks: &[Chips]) -> Vec<f64> {
        fn walk(
            chance: f64,
            left: &mut Vec<usize>,
            place: usize,
            prizes: &[Money],
            chips: &[f64],
            equity: &mut [f64],
        ) {
            if place >= prizes.len() || left.is_empty() {
                return;
            }
            let total: f64 = left.iter().map(|i| chips[*i]).sum();
            for k in 0..left.len() {
                let j = left[k];
                let next = chance * chips[j] / total;
                equity[j] += next * prizes[place].get() as f64;
                left.remove(k);
                walk(next, left, place + 1, prizes, chips, equity);
                left.insert(k, j);
            }
        }
        let chips: Vec<f64> = stacks.iter().map(|c| c.get() as f64).collect();
        let mut equity = vec![0.0; stacks.len()];
        let mut left: Vec<usize> = (0..stacks.len()).collect();
        walk(1.0, &mut left, 0, prizes, &chips, &mut equity);
        equity
    }

    #[test]
    fn icm_equals_the_sum_over_finishing_orders_for_every_field_up_to_ten() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in 2..=10usize {
            let stacks: Vec<Chips> = (0..n).map(|_| Chips(1 + next() % 50_000)).collect();
            let mut prizes: Vec<u64> = (0..n.min(4)).map(|_| next() % 10_000).collect();
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let prizes = money(&prizes);
            let fast = icm_equities(&prizes, &stacks).unwrap();
            let slow = by_orders(&prizes, &stacks);
            for (f, s) in fast.iter().zip(&slow) {
                assert!(
                    (f - s).abs() <= 1e-9 * s.abs().max(1.0),
                    "{n}: {fast:?} {slow:?}"
                );
            }
        }
    }

    #[test]
    fn every_method_shares_the_prizes_to_the_unit() {
        let prizes = money(&[500_001, 300_000, 199_999]);
        let stacks = chips(&[120_000, 45_000, 35_000]);
        for method in [Method::Icm, Method::ChipChop, Method::Even] {
            for kept in [Money(0), Money(100_000), Money(400_000)] {
                let d = deal(method, &prizes, &stacks, kept).unwrap();
                let sum: Money = d.shares.iter().copied().sum();
                assert_eq!(sum.get() + d.kept.get(), 1_000_000, "{method:?} {d:?}");
                assert!(
                    d.shares
                        .iter()
                        .all(|s| *s >= Money(199_999) || kept > Money(0))
                );
            }
        }
    }

    proptest::proptest! {
        // Failures are kept under tests/, beside the other properties'.
        #![proptest_config(proptest::prelude::ProptestConfig {
            failure_persistence: Some(Box::new(
                proptest::test_runner::FileFailurePersistence::Direct(
                    "tests/proptest-regressions/tournament/deal.txt",
                ),
            )),
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Whatever the prizes, stacks and amount kept, every method's
        /// shares and the amount kept add up to the prizes to the unit, and
        /// a chip chop pays no one under the last prize or over the largest.
        #[test]
        fn every_deal_adds_up_to_the_prizes(
            stacks in proptest::collection::vec(1u64..1_000_000_000, 2..=10),
            mut prizes in proptest::collection::vec(0u64..1_000_000_000_000, 0..=10),
            keep in 0u64..=1_000,
        ) {
            prizes.truncate(stacks.len());
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let kept = Money(prizes.first().map_or(0, |f| f * keep / 1_000));
            let (prizes, stacks) = (money(&prizes), chips(&stacks));
            let pool: Money = prizes.iter().copied().sum();
            for method in [Method::Icm, Method::ChipChop, Method::Even] {
                let d = deal(method, &prizes, &stacks, kept).unwrap();
                let paid: Money = d.shares.iter().copied().sum();
                proptest::prop_assert_eq!(paid.get() + d.kept.get(), pool.get(), "{:?}", method);
                if method == Method::ChipChop {
                    let mut left = prizes.clone();
                    if let Some(f) = left.first_mut() {
                        *f = Money(f.get() - kept.get());
                    }
                    let top = left.iter().copied().max().unwrap_or_default();
                    let last = if left.len() == stacks.len() { left.iter().copied().min().unwrap_or_default() } else { Money::ZERO };
                    proptest::prop_assert!(d.shares.iter().all(|s| *s >= last.min(top) && *s <= top), "{:?}", d);
                }
            }
        }
    }

    #[test]
    fn a_chip_chop_gives_the_last_prize_and_the_rest_by_chips() {
        let d = deal(
            Method::ChipChop,
            &money(&[100, 50]),
            &chips(&[90, 10]),
            Money(0),
        )
        .unwrap();
        assert_eq!(d.shares, money(&[95, 55]));
    }

    #[test]
    fn a_chip_chop_never_pays_over_first_prize() {
        // 98% of the chips would take 98 of 100: held at first prize (60),
        // the other 38 shared by the two short stacks' chips.
        let d = deal(
            Method::ChipChop,
            &money(&[60, 40]),
            &chips(&[98, 1, 1]),
            Money(0),
        )
        .unwrap();
        assert_eq!(d.shares, money(&[60, 20, 20]));
    }

    #[test]
    fn an_even_chop_gives_the_odd_units_to_the_most_chips() {
        let d = deal(
            Method::Even,
            &money(&[60, 40]),
            &chips(&[10, 30, 20]),
            Money(0),
        )
        .unwrap();
        assert_eq!(d.shares, money(&[33, 34, 33]));
    }

    #[test]
    fn a_deal_that_cannot_be_worked_out_says_why() {
        let p = money(&[70, 30]);
        assert_eq!(
            deal(Method::Icm, &p, &chips(&[10]), Money(0)),
            Err(DealError::TooFew(1))
        );
        assert_eq!(
            deal(Method::Icm, &p, &chips(&[10, 0]), Money(0)),
            Err(DealError::NoChips(2))
        );
        assert_eq!(
            deal(Method::Icm, &money(&[5, 3, 2]), &chips(&[10, 20]), Money(0)),
            Err(DealError::MorePrizesThanPlayers {
                prizes: 3,
                players: 2
            })
        );
        assert_eq!(
            deal(Method::Icm, &money(&[30, 70]), &chips(&[10, 20]), Money(0)),
            Err(DealError::PrizesRise {
                place: 2,
                prize: Money(70)
            })
        );
        assert_eq!(
            deal(Method::Even, &p, &chips(&[10, 20]), Money(71)),
            Err(DealError::KeptOverFirst {
                kept: Money(71),
                first: Money(70)
            })
        );
        assert_eq!(
            deal(Method::Icm, &p, &chips(&[1; 17]), Money(0)),
            Err(DealError::TooMany(17))
        );
    }
}
