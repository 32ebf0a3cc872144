//! Breaking tables: the next table in the order fixed in advance (UPT
//! Tournament 14), its players seated by the two-step random draw (TDA 9)
//! and dealt in except where the house's `new-player-waits` says (Nuts 9,
//! Redtooth 49-50, UPT Tournament 16); the final table (a full table plus
//! one, TDA 11; ten, Ugly Tuna Seating 2); redraws at three, two and one
//! tables where the house says so (UPT Tournament 18); and the button drawn
//! by a card where it does (Ugly Tuna Seating 6, UPT Tournament 8).

use super::{Assignment, DrawPurpose, Floor, FloorRecord, FloorRefusal, Move, draw::Draw};
use crate::rules::tournament::{FinalButton, Redraw};
use crate::session::TableEvent;
use crate::table::{Chips, Seat};

impl Floor {
    /// Breaks table `name` (`None`: the next in the breaking order): its
    /// players go to the other tables by a draw from `seed`. Every table
    /// must be between hands. Returns the moves made.
    pub fn break_table(
        &mut self,
        name: Option<&str>,
        seed: &str,
    ) -> Result<Vec<Move>, FloorRefusal> {
        let name = match name {
            Some(n) => n.to_string(),
            None => self
                .next_to_break()
                .map(str::to_string)
                .ok_or_else(|| FloorRefusal::Other("No table is left to break.".into()))?,
        };
        let onto = self.break_onto(&name)?;
        let moves = self.move_by_draw(
            std::slice::from_ref(&name),
            &onto,
            seed,
            DrawPurpose::Break {
                table: name.clone(),
            },
        )?;
        self.records.push(FloorRecord::TableBroken { table: name });
        self.after_tables_break(seed)?;
        Ok(moves)
    }

    /// The next table to break when it is due: the players left fit the
    /// other tables playing (its players go to their empty seats). Tables
    /// break in the order fixed in advance (UPT Tournament 14: "tables
    /// will be broken in a predetermined order").
    pub fn break_due(&self) -> Option<&str> {
        let next = self.next_to_break()?;
        let room: usize = self
            .live_tables()
            .iter()
            .filter(|t| t.name != next)
            .map(|t| usize::from(t.seats))
            .sum();
        (self.players_left() <= room).then_some(next)
    }

    /// The tables the players of `name` go to when it breaks: every other
    /// table playing (none: it is the last, and does not break).
    pub fn break_onto(&self, name: &str) -> Result<Vec<String>, FloorRefusal> {
        let onto: Vec<String> = self
            .live_tables()
            .iter()
            .map(|t| t.name.clone())
            .filter(|n| n != name)
            .collect();
        if onto.is_empty() {
            return Err(FloorRefusal::Other(format!(
                "{name} is the last table: it does not break."
            )));
        }
        Ok(onto)
    }

    /// The players of `from` (table, seat, player, chips), when neither
    /// `from` nor `onto` has a hand in play: players move between hands.
    fn players_between_hands(
        &self,
        from: &[String],
        onto: &[String],
    ) -> Result<Vec<(String, Seat, String, Chips)>, FloorRefusal> {
        for t in from.iter().chain(onto) {
            let table = self.table(t)?;
            if table.table.in_hand {
                return Err(FloorRefusal::InHand {
                    table: t.clone(),
                    hand: table.table.hand,
                });
            }
        }
        let mut players = Vec::new();
        for t in from {
            for (seat, player, chips) in self.table(t)?.players() {
                players.push((t.clone(), seat, player, chips));
            }
        }
        Ok(players)
    }

    /// The players of `from` seated at `onto` by a draw from `seed`, each
    /// a leave and a sit with his chips.
    fn move_by_draw(
        &mut self,
        from: &[String],
        onto: &[String],
        seed: &str,
        purpose: DrawPurpose,
    ) -> Result<Vec<Move>, FloorRefusal> {
        let leaving = self.players_between_hands(from, onto)?;
        let players: Vec<(String, Chips)> =
            leaving.iter().map(|(_, _, p, c)| (p.clone(), *c)).collect();
        let plan = self.seat_plan(&players, seed, onto)?;
        let draw = self.commit(purpose, seed);
        let mut moves = Vec::new();
        for (a, (from, seat, player, chips)) in plan.iter().zip(&leaving) {
            let mv = Move {
                player: player.clone(),
                from: from.clone(),
                from_seat: seat.number(),
                to: a.table.clone(),
                to_seat: a.seat,
                chips: chips.get(),
                dealt_next: true,
            };
            self.make_move(&mv)?;
            moves.push(mv);
        }
        self.records.push(FloorRecord::DrawRevealed {
            draw,
            seed: seed.to_string(),
            seats: plan,
        });
        // Whether each is dealt next hand, now that all are seated.
        for mv in &mut moves {
            let t = self.table(&mv.to)?;
            mv.dealt_next = super::balance::next_positions(t, &self.rules)
                .is_some_and(|(_, dealt)| dealt.iter().any(|s| s.number() == mv.to_seat));
        }
        Ok(moves)
    }

    /// The players the final table seats (TDA 11, Ugly Tuna Seating 2),
    /// for the tables in play.
    pub fn final_table_size(&self) -> usize {
        let seats = self
            .tables
            .iter()
            .map(|t| usize::from(t.seats))
            .max()
            .unwrap_or(10);
        self.rules.tournament.final_table.value.players(seats)
    }

    /// Whether the players left fit the final table and more than one
    /// table is still playing.
    pub fn final_table_due(&self) -> bool {
        self.live_tables().len() > 1 && self.players_left() <= self.final_table_size()
    }

    /// Makes the final table: the table last in the breaking order stays
    /// and gets the final table's seats; the others break into it (a
    /// redraw of every seat where the house redraws, UPT Tournament 18).
    pub fn final_table(&mut self, seed: &str) -> Result<String, FloorRefusal> {
        let live: Vec<String> = self.live_tables().iter().map(|t| t.name.clone()).collect();
        let Some(stays) = live.iter().max_by_key(|n| self.break_rank(n)).cloned() else {
            return Err(FloorRefusal::Other("No table is playing.".into()));
        };
        if self.players_left() > self.final_table_size() {
            return Err(FloorRefusal::Other(format!(
                "{} players are left: the final table seats {}.",
                self.players_left(),
                self.final_table_size()
            )));
        }
        let seats = self.final_table_size().min(10) as u8;
        let redraw = self.rules.tournament.redraw.value == Redraw::AtThreeTwoAndOneTables;
        let others: Vec<String> = live.iter().filter(|n| **n != stays).cloned().collect();
        let from = if redraw { live.clone() } else { others.clone() };
        let purpose = if redraw {
            DrawPurpose::Redraw
        } else {
            DrawPurpose::Break {
                table: others.join(","),
            }
        };
        {
            let t = self.table_mut(&stays)?;
            t.seats = t.seats.max(seats);
        }
        if redraw {
            self.redraw_onto(&from, std::slice::from_ref(&stays), seed)?;
        } else {
            self.move_by_draw(&from, std::slice::from_ref(&stays), seed, purpose)?;
        }
        for o in &others {
            self.records
                .push(FloorRecord::TableBroken { table: o.clone() });
        }
        if self.rules.tournament.final_button.value == FinalButton::CardDraw {
            self.draw_button(&stays, &format!("{seed}/button"))?;
        }
        Ok(stays)
    }

    /// After a table breaks: a redraw where the house redraws at three,
    /// two or one tables (UPT Tournament 18: "not mandatory in small
    /// tournaments with only four or five starting tables" at three).
    fn after_tables_break(&mut self, seed: &str) -> Result<(), FloorRefusal> {
        if self.rules.tournament.redraw.value != Redraw::AtThreeTwoAndOneTables {
            return Ok(());
        }
        let live: Vec<String> = self.live_tables().iter().map(|t| t.name.clone()).collect();
        let due = live.len() <= 2 || (live.len() == 3 && self.starting_tables > 5);
        if !due {
            return Ok(());
        }
        self.redraw_onto(&live, &live, &format!("{seed}/redraw"))?;
        if self.rules.tournament.final_button.value == FinalButton::CardDraw {
            for t in &live {
                self.draw_button(t, &format!("{seed}/button/{t}"))?;
            }
        }
        Ok(())
    }

    /// Every player of `from` leaves and is seated again at `onto` by a
    /// draw: the moves go through the floor's record; a player drawn to
    /// the seat he had is not moved.
    fn redraw_onto(
        &mut self,
        from: &[String],
        onto: &[String],
        seed: &str,
    ) -> Result<(), FloorRefusal> {
        let everyone = self.players_between_hands(from, onto)?;
        // Plan onto empty tables: the draw sees every seat free.
        let mut empty = self.clone();
        for (t, seat, _, chips) in &everyone {
            empty.table_mut(t)?.table.apply(&TableEvent::PlayerLeft {
                seat: *seat,
                chips: *chips,
            });
        }
        let players: Vec<(String, Chips)> = everyone.iter().map(|e| (e.2.clone(), e.3)).collect();
        let plan = empty.seat_plan(&players, seed, onto)?;
        let draw = self.commit(DrawPurpose::Redraw, seed);
        for (t, seat, _, _) in &everyone {
            self.table_line(t, &crate::session::TableCommand::Leave(*seat))?;
        }
        for (a, (from, seat, player, chips)) in plan.iter().zip(&everyone) {
            let to_seat = Seat::new(a.seat).ok_or_else(|| FloorRefusal::Other("no seat".into()))?;
            self.table_line(
                &a.table,
                &crate::session::TableCommand::Sit {
                    seat: to_seat,
                    chips: *chips,
                    name: player.clone(),
                },
            )?;
            self.moved.insert(
                player.clone(),
                (a.table.clone(), self.table(&a.table)?.table.hand),
            );
            self.records.push(FloorRecord::MoveConfirmed {
                mv: Move {
                    player: player.clone(),
                    from: from.clone(),
                    from_seat: seat.number(),
                    to: a.table.clone(),
                    to_seat: a.seat,
                    chips: chips.get(),
                    dealt_next: true,
                },
            });
        }
        self.records.push(FloorRecord::DrawRevealed {
            draw,
            seed: seed.to_string(),
            seats: plan,
        });
        Ok(())
    }

    /// The button of `table` by a card to each player from the lowest
    /// seat (`button_cards`), recorded as a draw committed and revealed and
    /// `ButtonDrawn` with the table's last hand. Returns the seat.
    pub fn draw_button(&mut self, table: &str, seed: &str) -> Result<u8, FloorRefusal> {
        let t = self.table(table)?;
        let hand = t.table.hand;
        let seats: Vec<u8> = t.players().iter().map(|(s, _, _)| s.number()).collect();
        let (cards, Some(button)) = button_cards(&seats, seed) else {
            return Err(FloorRefusal::Other(format!("{table} has no players.")));
        };
        let draw = self.commit(
            DrawPurpose::Button {
                table: table.to_string(),
            },
            seed,
        );
        let seat = Seat::new(button).ok_or_else(|| FloorRefusal::Other("no seat".into()))?;
        self.table_event(
            table,
            &TableEvent::ButtonDrawn {
                seat,
                cards: cards
                    .iter()
                    .filter_map(|(s, c)| Seat::new(*s).map(|s| (s, *c)))
                    .collect(),
            },
        )?;
        self.records.push(FloorRecord::DrawRevealed {
            draw,
            seed: seed.to_string(),
            seats: Vec::<Assignment>::new(),
        });
        self.records.push(FloorRecord::ButtonDrawn {
            table: table.to_string(),
            cards,
            button,
            hand: Some(hand),
        });
        Ok(button)
    }
}

/// The button drawn from `seed` for players in `seats` (lowest first): a
/// card to each from the lowest seat, off the deck `Draw::deck` shuffles
/// from the seed, and the seat with the highest card; of equal ranks the
/// higher suit, spades, hearts, diamonds, clubs (Ugly Tuna Seating 6:
/// "all players will draw a card the dealer button", silent on ties;
/// UPT Tournament 8: "drawing for the high card"; UPT Seating 4: "the
/// highest card by suit"; Nuts 30: "there shall be no ties, with the
/// ranking of suits being used as (High to Low) Spades, Hearts, Diamonds,
/// Clubs"). One deck, so no two cards are equal. `floor verify` redoes it.
pub fn button_cards(seats: &[u8], seed: &str) -> (Vec<(u8, crate::table::Card)>, Option<u8>) {
    let deck = Draw::new(seed).deck();
    let cards: Vec<(u8, crate::table::Card)> = seats.iter().copied().zip(deck).collect();
    // Card ids order rank, then suit clubs < diamonds < hearts < spades.
    let button = cards.iter().max_by_key(|(_, c)| c.id()).map(|(s, _)| *s);
    (cards, button)
}

#[cfg(test)]
mod tests {
    use super::button_cards;

    #[test]
    fn the_button_is_the_highest_card_and_the_higher_suit_of_one_rank() {
        // Nuts 30: "the ranking of suits being used as (High to Low)
        // Spades, Hearts, Diamonds, Clubs". Seeds are tried until the
        // highest rank dealt is dealt twice.
        let seats: Vec<u8> = (1..=10).collect();
        let mut tied = 0;
        for n in 0..400 {
            let seed = format!("button-{n}");
            let (cards, button) = button_cards(&seats, &seed);
            assert_eq!(cards.len(), 10);
            assert_eq!(
                button_cards(&seats, &seed),
                (cards.clone(), button),
                "redone"
            );
            let top = cards.iter().map(|(_, c)| c.rank()).max().expect("cards");
            let at_top: Vec<_> = cards.iter().filter(|(_, c)| c.rank() == top).collect();
            let best = at_top
                .iter()
                .max_by_key(|(_, c)| "cdhs".find(c.suit_char()))
                .expect("a card");
            assert_eq!(button, Some(best.0), "{seed}: {cards:?}");
            if at_top.len() > 1 {
                tied += 1;
            }
        }
        assert!(tied > 0, "no seed dealt the highest rank twice");
        assert_eq!(button_cards(&[], "s"), (Vec::new(), None));
    }
}
