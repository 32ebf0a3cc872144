//! Pots from contributions: the main pot and side pots, each with the seats
//! that may win it, and how a pot splits between tied winners.
//!
//! Levels are the all-in amounts of live seats (each all-in caps what that
//! seat can win, Redtooth 15-17) and the largest live contribution. Chips of
//! folded seats stay in the pots they were put into; a starting pot (dead
//! money) belongs to the main pot.
//!
//! `HandState::pots` is written here, on top of the state, so that the state
//! does not call back into this file.

use super::chips::Chips;
use super::event::Pot;
use super::seat::Seat;
use super::state::HandState;
use crate::rules::OddChip;

impl HandState {
    /// The pots from what has been put in: main pot first.
    pub fn pots(&self) -> Vec<Pot> {
        build(self)
    }
}

/// The pots, main pot first. Empty pots are left out; neighbouring pots
/// with the same eligible seats are merged.
pub fn build(state: &HandState) -> Vec<Pot> {
    let live: Vec<Seat> = state.live().collect();
    let mut levels: Vec<Chips> = live
        .iter()
        .filter(|s| state.seat(**s).all_in())
        .map(|s| state.seat(*s).committed)
        .collect();
    let top = live
        .iter()
        .map(|s| state.seat(*s).committed)
        .max()
        .unwrap_or(Chips::ZERO);
    levels.push(top);
    levels.sort();
    levels.dedup();

    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut previous = Chips::ZERO;
    for (i, &level) in levels.iter().enumerate() {
        let last = i + 1 == levels.len();
        let mut amount: Chips = state
            .seats
            .iter()
            .map(|s| {
                let upper = if last {
                    s.committed
                } else {
                    s.committed.min(level)
                };
                upper.saturating_sub(previous.min(upper))
            })
            .sum();
        if i == 0 {
            amount += state.dead_money;
        }
        let eligible: Vec<Seat> = live
            .iter()
            .copied()
            .filter(|s| state.seat(*s).committed >= level)
            .collect();
        previous = level;
        if amount.is_zero() {
            continue;
        }
        match pots.last_mut() {
            Some(p) if p.eligible == eligible || eligible.is_empty() => p.amount += amount,
            _ => pots.push(Pot { amount, eligible }),
        }
    }
    pots
}

/// Splits `amount` between `winners` (at least one). Shares are whole
/// multiples of `unit` where possible; the odd chips go one unit at a time
/// in the house's order (TDA 19-A: first seat left of the button; Ugly
/// Tuna: the smaller stack).
pub fn split(
    amount: Chips,
    winners: &[Seat],
    state: &HandState,
    rule: OddChip,
) -> Vec<(Seat, Chips)> {
    let unit = state.unit.max(Chips(1)).get();
    let n = winners.len().max(1) as u64;
    let each = amount.get() / unit / n * unit;
    let mut shares: Vec<(Seat, Chips)> = winners.iter().map(|s| (*s, Chips(each))).collect();
    let mut odd = amount.get() - each * n;
    let order = odd_chip_order(winners, state, rule);
    let mut i = 0;
    while odd > 0 && !order.is_empty() {
        let give = unit.min(odd);
        let seat = order[i % order.len()];
        if let Some(share) = shares.iter_mut().find(|(s, _)| *s == seat) {
            share.1 += Chips(give);
        }
        odd -= give;
        i += 1;
    }
    shares
}

/// The winners in the order odd chips are given out.
pub fn odd_chip_order(winners: &[Seat], state: &HandState, rule: OddChip) -> Vec<Seat> {
    let button = state.button.unwrap_or(Seat::from_index(0));
    let mut order: Vec<Seat> = button
        .clockwise_after()
        .filter(|s| winners.contains(s))
        .collect();
    if rule == OddChip::SmallerStack {
        // Stable: equal stacks keep the left-of-button order.
        order.sort_by_key(|s| state.seat(*s).stack);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::event::{Event, Street, TableSetup};

    fn state_with(committed: &[(u8, u64, bool, bool)]) -> HandState {
        // (seat, committed, all_in, folded)
        let stacks = committed
            .iter()
            .map(|(s, c, _, _)| (Seat::new(*s).unwrap(), Chips(*c + 1000)))
            .collect();
        let setup = TableSetup {
            street: Street::Flop,
            ..TableSetup::preflop(Seat::new(1).unwrap(), (Chips(0), Chips(100)), stacks)
        };
        let mut state = HandState::fold([&Event::HandStarted {
            setup: Box::new(setup),
        }]);
        for (s, c, all_in, folded) in committed {
            let seat = &mut state.seats[*s as usize - 1];
            seat.committed = Chips(*c);
            seat.stack = if *all_in { Chips(0) } else { Chips(1000) };
            seat.folded = *folded;
        }
        state
    }

    fn seats(ns: &[u8]) -> Vec<Seat> {
        ns.iter().map(|n| Seat::new(*n).unwrap()).collect()
    }

    #[test]
    fn three_stack_sizes_make_a_main_pot_and_two_side_pots() {
        let state = state_with(&[
            (1, 100, true, false),
            (2, 300, true, false),
            (3, 500, false, false),
            (4, 500, false, false),
        ]);
        let pots = build(&state);
        assert_eq!(pots.len(), 3);
        assert_eq!(
            pots[0],
            Pot {
                amount: Chips(400),
                eligible: seats(&[1, 2, 3, 4])
            }
        );
        assert_eq!(
            pots[1],
            Pot {
                amount: Chips(600),
                eligible: seats(&[2, 3, 4])
            }
        );
        assert_eq!(
            pots[2],
            Pot {
                amount: Chips(400),
                eligible: seats(&[3, 4])
            }
        );
    }

    #[test]
    fn folded_chips_stay_in_the_pots_they_went_into() {
        let state = state_with(&[
            (1, 100, true, false),
            (2, 250, false, true),
            (3, 400, false, false),
            (4, 400, false, false),
        ]);
        let pots = build(&state);
        assert_eq!(
            pots[0],
            Pot {
                amount: Chips(400),
                eligible: seats(&[1, 3, 4])
            }
        );
        assert_eq!(
            pots[1],
            Pot {
                amount: Chips(750),
                eligible: seats(&[3, 4])
            }
        );
    }

    #[test]
    fn odd_chip_goes_left_of_the_button_or_to_the_smaller_stack() {
        let mut state = state_with(&[(2, 0, false, false), (5, 0, false, false)]);
        state.button = Seat::new(3);
        let w = seats(&[2, 5]);
        assert_eq!(
            split(Chips(301), &w, &state, OddChip::FirstLeftOfButton),
            vec![(w[0], Chips(150)), (w[1], Chips(151))]
        );
        state.seats[4].stack = Chips(5000);
        state.seats[1].stack = Chips(40);
        assert_eq!(
            split(Chips(301), &w, &state, OddChip::SmallerStack),
            vec![(w[0], Chips(151)), (w[1], Chips(150))]
        );
        state.unit = Chips(25);
        assert_eq!(
            split(Chips(325), &w, &state, OddChip::FirstLeftOfButton),
            vec![(w[0], Chips(150)), (w[1], Chips(175))]
        );
    }
}
