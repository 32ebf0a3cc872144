//! Cards and boards: the 52 cards as small ids, parsed from and printed to
//! the notation's two-character form (`As`, `Td`).
//!
//! A card is one byte, `rank * 4 + suit`, so a hand evaluator can index
//! tables with it directly and a set of cards fits in a `u64` mask.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Rank characters from deuce (0) to ace (12).
const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
/// Suit characters in id order: clubs (0), diamonds, hearts, spades (3).
const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// A byte that is no rank (or no suit) in `RANKS` (`SUITS`).
const NONE: u8 = u8::MAX;

/// Each byte's place in `chars`, either case; `NONE` for the rest.
const fn places(chars: &[u8]) -> [u8; 256] {
    let mut table = [NONE; 256];
    let mut i = 0;
    while i < chars.len() {
        table[chars[i].to_ascii_uppercase() as usize] = i as u8;
        table[chars[i].to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    table
}

/// Each byte's rank (0 = deuce .. 12 = ace), either case.
const RANKS: [u8; 256] = places(RANK_CHARS);
/// Each byte's suit (0 = clubs .. 3 = spades), either case.
const SUITS: [u8; 256] = places(SUIT_CHARS);

/// One playing card: `rank * 4 + suit`, 0..=51.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(try_from = "String")]
pub struct Card(u8);

/// Why a card could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// The text is not a rank followed by a suit.
    #[error(
        "'{0}' is not a card: expected a rank (23456789TJQKA) and a suit (shdc), like As or Td"
    )]
    Malformed(String),
    /// A list of cards has an odd number of characters or a bad card in it.
    #[error("'{0}' is not a list of cards: expected cards written together, like AhKd")]
    BadList(String),
}

impl Card {
    /// The card with this id (0..=51), or `None` past the deck.
    pub fn from_id(id: u8) -> Option<Card> {
        (id < 52).then_some(Card(id))
    }

    /// The card of this rank (0 = deuce .. 12 = ace) and suit (0..=3).
    pub fn new(rank: u8, suit: u8) -> Option<Card> {
        (rank < 13 && suit < 4).then_some(Card(rank * 4 + suit))
    }

    /// The id, `rank * 4 + suit`.
    pub fn id(self) -> u8 {
        self.0
    }

    /// 0 = deuce .. 12 = ace.
    pub fn rank(self) -> u8 {
        self.0 / 4
    }

    /// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    pub fn suit(self) -> u8 {
        self.0 % 4
    }

    /// The rank character (`A`, `T`, `7`).
    pub fn rank_char(self) -> char {
        RANK_CHARS[self.rank() as usize] as char
    }

    /// The suit character (`s`, `h`, `d`, `c`).
    pub fn suit_char(self) -> char {
        SUIT_CHARS[self.suit() as usize] as char
    }

    /// This card as a bit in a 52-bit set.
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// All 52 cards in id order.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Card, CardError> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(CardError::Malformed(s.to_string()));
        }
        // The rank's and the suit's places in `RANK_CHARS` and
        // `SUIT_CHARS`, either case, looked up (not a search, nor a match
        // whose jumps the processor mispredicts card after card: an
        // import of hand histories reads hundreds of thousands of cards).
        let (rank, suit) = (RANKS[usize::from(bytes[0])], SUITS[usize::from(bytes[1])]);
        if rank == NONE || suit == NONE {
            return Err(CardError::Malformed(s.to_string()));
        }
        Ok(Card(rank * 4 + suit))
    }
}

impl TryFrom<String> for Card {
    type Error = CardError;
    fn try_from(s: String) -> Result<Card, CardError> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

/// Written as its two characters (`"As"`), as `Display` writes it, but
/// without a `String` made for each card: `verify` writes every event
/// ruled again, and boards and shown hands are most of their cards.
impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = [
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize],
        ];
        // Both are ASCII characters from the tables above, so the first
        // arm is taken; the second writes the same through `Display`.
        match std::str::from_utf8(&text) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit_char())
    }
}

/// Reads cards written together (`AhKd`, `Td9c8s`).
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardError> {
    if s.is_empty() || !s.len().is_multiple_of(2) || !s.is_ascii() {
        return Err(CardError::BadList(s.to_string()));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| s[i..i + 2].parse())
        .collect::<Result<Vec<Card>, CardError>>()
        .map_err(|_| CardError::BadList(s.to_string()))
}

/// Writes cards together (`AhKd`).
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for card in Card::deck() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn every_card_is_written_as_its_two_characters_and_read_back() {
        for card in Card::deck() {
            let json = serde_json::to_string(&card).expect("written");
            assert_eq!(json, format!("\"{card}\""));
            assert_eq!(serde_json::from_str::<Card>(&json).expect("read"), card);
        }
    }

    #[test]
    fn ids_are_rank_times_four_plus_suit() {
        let ace_spades: Card = "As".parse().unwrap();
        assert_eq!(ace_spades.id(), 51);
        let deuce_clubs: Card = "2c".parse().unwrap();
        assert_eq!(deuce_clubs.id(), 0);
        assert_eq!("tD".parse::<Card>().unwrap().to_string(), "Td");
    }

    /// The tables read every two-byte text as the match they replace
    /// does: every pair of ASCII bytes and every two-byte character.
    #[test]
    fn cards_are_looked_up_as_they_were_matched() {
        fn matched(s: &str) -> Option<Card> {
            let bytes = s.as_bytes();
            if bytes.len() != 2 {
                return None;
            }
            let rank = match bytes[0].to_ascii_uppercase() {
                c @ b'2'..=b'9' => c - b'2',
                b'T' => 8,
                b'J' => 9,
                b'Q' => 10,
                b'K' => 11,
                b'A' => 12,
                _ => return None,
            };
            let suit = match bytes[1].to_ascii_lowercase() {
                b'c' => 0,
                b'd' => 1,
                b'h' => 2,
                b's' => 3,
                _ => return None,
            };
            Card::new(rank, suit)
        }
        let ascii = (0..128u8).flat_map(|a| (0..128u8).map(move |b| [a as char, b as char]));
        let texts = ascii
            .map(String::from_iter)
            .chain(('\u{80}'..='\u{7ff}').map(String::from));
        let mut read = 0;
        for text in texts {
            assert_eq!(text.parse::<Card>().ok(), matched(&text), "{text:?}");
            read += usize::from(matched(&text).is_some());
        }
        // Ranks 2-9, T J Q K A in either case (18 bytes), suits in
        // either case (8).
        assert_eq!(read, 18 * 8, "each card in either case of rank and suit");
    }

    #[test]
    fn malformed_cards_are_refused() {
        for bad in ["", "A", "1s", "0s", ":s", "Ax", "Ass", "10s"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert!(parse_cards("AhK").is_err());
        assert!(parse_cards("AhKx").is_err());
        assert_eq!(format_cards(&parse_cards("Td9c8s").unwrap()), "Td9c8s");
    }
}
