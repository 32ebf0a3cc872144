//! What breaking asks of the floor as it stands: the table due to break
//! (in the order fixed in advance, UPT Tournament 14), the tables its
//! players go to, the final table's size (a full table plus one, TDA 11;
//! ten, Ugly Tuna Seating 2), and the button drawn by a card (Ugly Tuna
//! Seating 6, UPT Tournament 8). The engine decides the breaks, the final
//! table and the redraws from them (`engine::final_table`).

use super::{Assignment, DrawPurpose, Floor, FloorRecord, FloorRefusal, draw::Draw};
use crate::session::TableEvent;
use crate::table::Seat;

impl Floor {
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
        self.table_mut(table)?
            .table
            .apply(&TableEvent::ButtonDrawn {
                seat,
                cards: cards
                    .iter()
                    .filter_map(|(s, c)| Seat::new(*s).map(|s| (s, *c)))
                    .collect(),
            });
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
