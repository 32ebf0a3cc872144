//! Colouring up at a break: the smallest chip leaves the table and each
//! player's odd chips of it are changed for the next chip up, as the house
//! does it (`settings.colour-up`, the setting `rules::ColourUp`):
//!
//! - `race-one-chip-each` (TDA 23; Nuts 24 for a chip race): odd chips are
//!   raced off from seat 1, one card per odd chip, at most one new chip to a
//!   player; nobody is raced out.
//! - `race-by-cards` (UPT Tournament 11): the same deal, but each card wins
//!   a chip in order of rank and suit, so one player may win more than one.
//! - `round-up` (Nuts 24 chip-up, Redtooth 46, Ugly Tuna "no chip race"):
//!   any odd amount becomes one chip of the next value.
//!
//! Races: the number of new chips is the odd total over the new chip,
//! rounded up when the rest is half a chip or more (UPT 11 says so; TDA 23
//! is silent and follows it). Every player left with no chips gets one new
//! chip first (TDA 23-A, UPT 11), counted among the new chips; when there
//! are more such players than new chips, each still gets one.
//! Cards rank by rank, then suit: spades, hearts, diamonds, clubs (Nuts 30;
//! the card ids already sort that way). The cards come in (seeded draw or
//! the dealer's keyed cards), so the result is a pure function of them.

use serde::{Deserialize, Serialize};

pub use crate::rules::ColourUp;
use crate::table::{Card, Chips, Seat};

/// One seat's change in a colour-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourChange {
    /// The seat.
    pub seat: Seat,
    /// Chips before.
    pub before: Chips,
    /// Chips after.
    pub after: Chips,
    /// The race cards dealt to the seat (one per odd chip).
    pub cards: Vec<Card>,
}

/// The odd chips of `stack` in chips of `removed`, when `next` is the
/// smallest chip left: how many cards a race deals the seat.
pub fn odd_chips(stack: Chips, removed: Chips, next: Chips) -> u64 {
    if removed.is_zero() || next.is_zero() {
        return 0;
    }
    (stack.get() % next.get()) / removed.get()
}

/// Colours up `stacks`: the smallest chip goes and `next` is the smallest
/// left. `cards` gives each seat's race cards (ignored by `round-up`).
pub fn colour_up(
    method: ColourUp,
    stacks: &[(Seat, Chips)],
    next: Chips,
    cards: &[(Seat, Vec<Card>)],
) -> Vec<ColourChange> {
    let unit = next.get().max(1);
    let mut out: Vec<ColourChange> = stacks
        .iter()
        .map(|(seat, before)| ColourChange {
            seat: *seat,
            before: *before,
            // TDA 23-C: what is left of the removed chip goes without pay.
            after: Chips(before.get() - before.get() % unit),
            cards: cards
                .iter()
                .find(|(s, _)| s == seat)
                .map(|(_, c)| c.clone())
                .unwrap_or_default(),
        })
        .collect();
    let odd: Vec<u64> = stacks.iter().map(|(_, c)| c.get() % unit).collect();
    let give = |c: &mut ColourChange| c.after = Chips(c.after.get() + unit);
    match method {
        ColourUp::RoundUp => {
            for (c, o) in out.iter_mut().zip(&odd) {
                if *o > 0 {
                    give(c);
                }
            }
        }
        ColourUp::RaceOneChipEach | ColourUp::RaceByCards => {
            let total: u64 = odd.iter().sum();
            let mut new_chips =
                total / unit + u64::from((total % unit) * 2 >= unit && !total.is_multiple_of(unit));
            // Nobody is raced out: every player left with nothing gets a
            // chip first, even when the odd chips make fewer new ones (TDA
            // 23-A: "a player losing his last chip(s) in a race will get 1
            // chip of the lowest denomination still in play").
            let mut won = vec![0u64; out.len()];
            for (i, c) in out.iter_mut().enumerate() {
                if c.after.is_zero() && !c.before.is_zero() {
                    give(c);
                    won[i] += 1;
                    new_chips = new_chips.saturating_sub(1);
                }
            }
            let mut dealt: Vec<(Card, usize)> = out
                .iter()
                .enumerate()
                .filter(|(i, _)| odd[*i] > 0)
                .flat_map(|(i, c)| c.cards.iter().map(move |card| (*card, i)))
                .collect();
            dealt.sort_by_key(|b| std::cmp::Reverse(b.0));
            for (_, i) in dealt {
                if new_chips == 0 {
                    break;
                }
                if method == ColourUp::RaceOneChipEach && won[i] > 0 {
                    continue;
                }
                give(&mut out[i]);
                won[i] += 1;
                new_chips -= 1;
            }
            // Not enough cards keyed for the chips due: the rest go by seat.
            for (i, c) in out.iter_mut().enumerate() {
                if new_chips == 0 {
                    break;
                }
                if odd[i] > 0 && won[i] == 0 {
                    give(c);
                    won[i] += 1;
                    new_chips -= 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).expect("a seat")
    }

    fn card(s: &str) -> Card {
        s.parse().expect("a card")
    }

    #[test]
    fn redtooth_375_is_swapped_for_four_hundreds() {
        let out = colour_up(ColourUp::RoundUp, &[(seat(1), Chips(375))], Chips(100), &[]);
        assert_eq!(out[0].after, Chips(400));
    }

    #[test]
    fn a_tda_race_gives_at_most_one_chip_each_and_races_no_one_out() {
        // 75 + 50 + 50 = 175 odd: one 100 chip, rounded up to two.
        let stacks = [
            (seat(1), Chips(1075)),
            (seat(2), Chips(50)),
            (seat(3), Chips(2050)),
        ];
        let cards = [
            (seat(1), vec![card("As"), card("Ks"), card("2c")]),
            (seat(2), vec![card("3c"), card("4c")]),
            (seat(3), vec![card("Ah"), card("5d")]),
        ];
        let out = colour_up(ColourUp::RaceOneChipEach, &stacks, Chips(100), &cards);
        // Seat 2 would be raced out: it gets a chip first; the As wins the other.
        assert_eq!(out[1].after, Chips(100));
        assert_eq!(out[0].after, Chips(1100));
        assert_eq!(out[2].after, Chips(2000));
    }

    #[test]
    fn two_short_stacks_of_only_the_smallest_chip_both_keep_one_chip() {
        // 25 + 25 odd make one 100 chip; both would be raced out.
        let stacks = [
            (seat(1), Chips(25)),
            (seat(2), Chips(25)),
            (seat(3), Chips(500)),
        ];
        let cards = [(seat(1), vec![card("Kc")]), (seat(2), vec![card("Ah")])];
        for method in [ColourUp::RaceOneChipEach, ColourUp::RaceByCards] {
            let out = colour_up(method, &stacks, Chips(100), &cards);
            assert_eq!(out[0].after, Chips(100), "{method:?}");
            assert_eq!(out[1].after, Chips(100), "{method:?}");
            assert_eq!(out[2].after, Chips(500), "{method:?}");
        }
    }
}
