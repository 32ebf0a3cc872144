//! The next deal: from the table's state and the house rules, who is
//! dealt in, where the button and the blinds go and what each stack is
//! (`Table::next_setup`, giving the `TableSetup` a `table::Hand` starts
//! from), the re-deal of a misdealt hand, and the button draw. It reads the
//! table and changes nothing; `decide` turns what it finds into events.

use super::{Deal, Positions, Presence, Table, TableEvent, TableRefusal};
use crate::rules::{HouseRules, NewPlayerWaits};
use crate::table::event::{BlindSeats, TableSetup};
use crate::table::{Card, Chips, Seat, Street};

impl Table {
    /// The setup of the next hand at `now` (checks only; changes nothing).
    pub fn next_setup(
        &self,
        rules: &HouseRules,
        now_ms: i64,
    ) -> Result<(TableSetup, Positions), TableRefusal> {
        if self.redeal_due
            && let Some(deal) = &self.last_deal
        {
            return self.redeal(deal);
        }
        let blinds = self.blinds_at(now_ms).ok_or(TableRefusal::NoBlinds)?;
        let live: Vec<Seat> = self
            .seats
            .iter()
            .filter(|(_, p)| !p.chips.is_zero())
            .map(|(s, _)| *s)
            .collect();
        let (positions, dealt, small_posts) = match self.positions {
            None => {
                let dealt = live.clone();
                if dealt.len() < 2 {
                    return Err(TableRefusal::TooFewPlayers(dealt.len()));
                }
                let heads_up = dealt.len() == 2;
                let button = self.first_button;
                let (small, big) = if heads_up && dealt.contains(&button) {
                    let other = dealt
                        .iter()
                        .copied()
                        .find(|s| *s != button)
                        .unwrap_or(button);
                    (button, other)
                } else {
                    let sb = next_in(button, &dealt);
                    (sb, next_in(sb, &dealt))
                };
                (Positions { button, small, big }, dealt, true)
            }
            Some(last) => {
                // The players who have played here are dealt in; a new one
                // waits while he sits between the small blind and the
                // button (TDA 7, 9): decided on the positions the hand
                // would have without him.
                if live.len() < 2 {
                    return Err(TableRefusal::TooFewPlayers(live.len()));
                }
                // The big blind moves on one seat (TDA 31): nobody misses it.
                let big = next_in(last.big, &live);
                let mut dealt: Vec<Seat> = live.clone();
                let (button, small) = if live.len() == 2 {
                    // TDA 33, UPT 31: heads-up, the one who had the big blind
                    // last gets the button, which posts the small blind.
                    let other = live.iter().copied().find(|s| *s != big).unwrap_or(big);
                    (other, other)
                } else {
                    (last.small, last.big)
                };
                if live.len() > 2 {
                    let on_blind_or_button = match rules.settings.new_player_waits.value {
                        NewPlayerWaits::BetweenSmallBlindAndButton => false,
                        NewPlayerWaits::SmallBlindToButton => true,
                    };
                    dealt.retain(|s| {
                        let new = self.seats.get(s).is_some_and(|p| p.new);
                        let waits = strictly_between(button, small, *s)
                            || (on_blind_or_button && (*s == button || *s == small));
                        !(new && waits)
                    });
                    // The wait keeps a new player from skipping the
                    // blinds; where it would leave fewer than two to deal
                    // to (a table a redraw or a break filled with players
                    // new to it) no hand could be dealt and the button
                    // would never pass him: nobody waits.
                    if dealt.len() < 2 {
                        dealt = live.clone();
                    }
                }
                let small_posts = dealt.contains(&small) && small != big;
                (Positions { button, small, big }, dealt, small_posts)
            }
        };
        let stacks: Vec<(Seat, Chips)> = dealt
            .iter()
            .filter_map(|s| self.seats.get(s).map(|p| (*s, p.chips)))
            .collect();
        let away: Vec<Seat> = dealt
            .iter()
            .copied()
            .filter(|s| self.killed_at_deal(*s))
            .collect();
        let setup = TableSetup {
            button: positions.button,
            small_blind: blinds.small,
            big_blind: blinds.big,
            ante: blinds.ante,
            ante_mode: blinds.ante_mode,
            stacks,
            denominations: self.denominations.clone(),
            street: Street::Preflop,
            pot: Chips::ZERO,
            board: Vec::new(),
            blind_seats: self.positions.map(|_| BlindSeats {
                small: small_posts.then_some(positions.small),
                big: positions.big,
            }),
            away,
        };
        Ok((setup, positions))
    }

    /// Whether a seat dealt in has its hand killed after the deal: away,
    /// sitting out, or serving a penalty (TDA 29, 66-C).
    fn killed_at_deal(&self, seat: Seat) -> bool {
        self.seats
            .get(&seat)
            .is_some_and(|p| p.presence != Presence::Playing || p.penalty > 0)
    }

    /// The re-deal of a misdealt hand (TDA 34-C: "the re-deal is an exact
    /// re-play: the button does not move, no new players are seated, and
    /// limits stay the same. Cards are dealt to players on penalty or who
    /// were not at their seats for the original deal, then their hands are
    /// killed"): the same seats, button, blinds and ante, with the chips
    /// they have now (all of them went back).
    fn redeal(&self, deal: &Deal) -> Result<(TableSetup, Positions), TableRefusal> {
        let stacks: Vec<(Seat, Chips)> = deal
            .setup
            .stacks
            .iter()
            .filter_map(|(s, _)| {
                self.seats
                    .get(s)
                    .filter(|p| !p.chips.is_zero())
                    .map(|p| (*s, p.chips))
            })
            .collect();
        if stacks.len() < 2 {
            return Err(TableRefusal::TooFewPlayers(stacks.len()));
        }
        let away: Vec<Seat> = stacks
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| deal.setup.away.contains(s) || self.killed_at_deal(*s))
            .collect();
        let setup = TableSetup {
            stacks,
            away,
            ..deal.setup.clone()
        };
        Ok((setup, deal.positions))
    }

    /// The button draw (Redtooth, Chip Amounts): a card to each player
    /// with chips from seat 1 round the table until an ace appears. Keyed
    /// cards are taken as dealt; without them the cards come from `draw`.
    pub(super) fn button_draw(
        &self,
        keyed: &[(Seat, Card)],
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<TableEvent, TableRefusal> {
        let players: Vec<Seat> = self
            .seats
            .iter()
            .filter(|(_, p)| !p.chips.is_zero())
            .map(|(s, _)| *s)
            .collect();
        if players.len() < 2 {
            return Err(TableRefusal::TooFewPlayers(players.len()));
        }
        let cards: Vec<(Seat, Card)> = if keyed.is_empty() {
            players.iter().copied().cycle().zip(draw(52)).collect()
        } else {
            for (seat, _) in keyed {
                if !players.contains(seat) {
                    return Err(TableRefusal::SeatEmpty(seat.number()));
                }
            }
            keyed.to_vec()
        };
        let Some(ace) = cards.iter().position(|(_, c)| c.rank_char() == 'A') else {
            return Err(TableRefusal::Other(
                "No ace was dealt: the cards go round until an ace appears.".into(),
            ));
        };
        Ok(TableEvent::ButtonDrawn {
            seat: cards[ace].0,
            cards: cards[..=ace].to_vec(),
        })
    }
}

/// The first seat of `among` clockwise after `from`.
fn next_in(from: Seat, among: &[Seat]) -> Seat {
    from.clockwise_after()
        .find(|s| among.contains(s))
        .unwrap_or(from)
}

/// Whether `seat` lies clockwise strictly after `from` and before `to`.
fn strictly_between(from: Seat, to: Seat, seat: Seat) -> bool {
    from.clockwise_after()
        .take_while(|s| *s != to)
        .any(|s| s == seat)
}
