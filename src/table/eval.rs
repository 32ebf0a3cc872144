//! Poker hand evaluation: the best five-card hand out of five, six or seven
//! cards, as a [`HandRank`] that orders hands exactly as the rules do.
//!
//! # Method
//!
//! A hand is summarised by two 64-bit words built by adding or or-ing one
//! table entry per card, so the order of the cards never matters:
//!
//! * the **key**: its low 32 bits are the sum of a per-rank *base*
//!   (`RANK_BASES`) over the cards, and bits 32..48 hold one 4-bit counter
//!   per suit. The bases were chosen (greedily, smallest first) so that every
//!   multiset of 5 to 7 ranks with at most four of a rank has a different sum:
//!   the sum identifies the ranks held, with their multiplicities. The suit
//!   counters start at 3, so a counter reaches 8 (its top bit) exactly when
//!   the suit holds five or more cards;
//! * the **mask**: one bit per card, 16 bits per suit, so the ranks held in a
//!   suit are a 13-bit pattern.
//!
//! If a suit counter has its top bit set the hand is a flush or a straight
//! flush, and with at most seven cards nothing else in it can beat that (a
//! full house or quads would need more cards). The flush suit's 13-bit rank
//! pattern indexes an 8,192-entry table. Otherwise suits are irrelevant and
//! the rank sum goes through a perfect hash into a table with a slot for
//! each of the 73,775 rank multisets of 5-7 cards (90% full). The
//! hash is "hash and displace" (CHD / PTHash style): the sum times an odd
//! constant gives a 64-bit hash; its top 14 bits pick a bucket, whose stored
//! displacement is xor-ed into the low 32 bits, and a multiply-shift maps
//! that onto the slots. The displacements are chosen, bucket by bucket and
//! biggest first, so that no two multisets share a slot. (b-inary's
//! holdem-hand-evaluator pioneered the unique-sum rank keys; its hash is an
//! additive offset table, which is slower to build at run time.)
//!
//! An evaluation is therefore seven table reads and adds, one well-predicted
//! branch and two more reads (for a flush, the mask's seven reads and one
//! more): a few nanoseconds, with no `unsafe` and no data-dependent loop.
//! Every index is in range by construction (card ids index 256-entry tables,
//! buckets and slots are computed into range), so no input can panic.
//!
//! The tables are built by ranking every rank multiset and every flush
//! pattern with plain, readable code (`eval/builder.rs`), run by the build
//! script: they are `static` arrays in the binary, so no evaluation, the
//! first showdown's included, waits for them (they took some tens of
//! milliseconds to build at run time).
//! [`HandRank`] values are the category in the top four bits and the hand's
//! position among all distinct five-card hands of that category in the low
//! twelve, so plain integer comparison is poker comparison and equal values
//! are exact ties.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::cards::Card;

mod hash;
use hash::{RANK_BASES, bucket, rank_hash, slot};

#[cfg(test)]
mod builder;

/// The lookup tables, written by `build.rs` from `eval/builder.rs`:
/// `FLUSH` (by flush rank pattern), `DISPLACEMENTS` (by bucket), `RANKS`
/// (by slot), `CODES` (every distinct five-card hand, ascending) and
/// `CATEGORY_START` (where each category's hands begin in `CODES`).
mod tables {
    include!(concat!(env!("OUT_DIR"), "/eval_tables.rs"));
}
use tables::{CATEGORY_START, CODES, DISPLACEMENTS, FLUSH, RANKS};

/// Suit counters live in bits 32..48 of the key, four bits per suit.
const SUIT_SHIFT: u32 = 32;
/// Each counter starts at 3, so it reaches 8 at the fifth card of its suit.
const KEY_START: u64 = 0x3333 << SUIT_SHIFT;
/// The top bit of each suit counter: set for the suit of a flush.
const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;

/// The key addend of each card id; ids past the deck add nothing (so an
/// out-of-range id cannot index out of bounds, it just drops the card).
static CARD_KEYS: [u64; 256] = card_keys();
/// The mask bit of each card id: bit `16 * suit + rank`.
static CARD_MASKS: [u64; 256] = card_masks();

const fn card_keys() -> [u64; 256] {
    let mut keys = [0; 256];
    let mut id = 0;
    while id < 52 {
        let (rank, suit) = (id / 4, id % 4);
        keys[id] = RANK_BASES[rank] as u64 + (1 << (SUIT_SHIFT as usize + 4 * suit));
        id += 1;
    }
    keys
}

const fn card_masks() -> [u64; 256] {
    let mut masks = [0; 256];
    let mut id = 0;
    while id < 52 {
        let (rank, suit) = (id / 4, id % 4);
        masks[id] = 1 << (16 * suit + rank);
        id += 1;
    }
    masks
}

/// Names of the ranks, deuce (0) to ace (12).
const RANK_NAMES: [&str; 13] = [
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king", "ace",
];
/// Plural rank names, for pairs, trips and quads.
const RANK_PLURALS: [&str; 13] = [
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
    "queens", "kings", "aces",
];

/// The kind of poker hand, from worst to best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Five unpaired cards, not in sequence, not of one suit.
    HighCard,
    /// Two cards of one rank.
    OnePair,
    /// Two cards of one rank and two of another.
    TwoPair,
    /// Three cards of one rank.
    ThreeOfAKind,
    /// Five cards in sequence (the ace plays high, or low in A-2-3-4-5).
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three cards of one rank and two of another.
    FullHouse,
    /// Four cards of one rank.
    FourOfAKind,
    /// Five cards in sequence, all of one suit (ace high: a royal flush).
    StraightFlush,
}

impl Category {
    /// All categories, worst first; `ALL[c as usize] == c`.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// How many different five-card hands (up to ties) the category holds.
    pub const fn distinct_hands(self) -> u16 {
        match self {
            Category::HighCard | Category::Flush => 1277,
            Category::OnePair => 2860,
            Category::TwoPair | Category::ThreeOfAKind => 858,
            Category::Straight | Category::StraightFlush => 10,
            Category::FullHouse | Category::FourOfAKind => 156,
        }
    }

    /// The name a dealer uses: "two pair", "straight flush".
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The strength of a hand: higher is better, equal is an exact tie.
///
/// Only the best five cards count, so kickers outside them never matter.
/// The value is `category << 12 | index`, where `index` is the hand's place
/// (0 = worst) among the distinct five-card hands of its category; every
/// value is one of the 7,462 distinct five-card hands. Serialised as that
/// `u16`; deserialising checks that the number is such a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct HandRank(u16);

impl HandRank {
    /// The weakest hand there is: seven-five-four-three-deuce, unsuited.
    pub const WORST: HandRank = HandRank(0);
    /// The best hand there is: a royal flush.
    pub const BEST: HandRank = HandRank(((Category::StraightFlush as u16) << 12) | 9);

    /// The kind of hand: flush, two pair, ...
    pub fn category(self) -> Category {
        // Every HandRank holds a category number of 0..=8 (construction and
        // deserialisation ensure it); `min` keeps this total regardless.
        Category::ALL[usize::from(self.0 >> 12).min(8)]
    }

    /// The raw value, `category << 12 | index within the category`.
    pub fn value(self) -> u16 {
        self.0
    }

    /// The ranks of the best five cards (0 = deuce .. 12 = ace), most
    /// significant first: the grouped ranks before the kickers (`K K 7 7 A`
    /// for kings and sevens with an ace), straights from the top card down
    /// with the ace last in a wheel (`5 4 3 2 A`).
    pub fn five_ranks(self) -> [u8; 5] {
        decode(self).1
    }
}

impl TryFrom<u16> for HandRank {
    type Error = InvalidHandRank;

    fn try_from(value: u16) -> Result<HandRank, InvalidHandRank> {
        let category = Category::ALL
            .get(usize::from(value >> 12))
            .ok_or(InvalidHandRank(value))?;
        if value & 0xfff < category.distinct_hands() {
            Ok(HandRank(value))
        } else {
            Err(InvalidHandRank(value))
        }
    }
}

impl From<HandRank> for u16 {
    fn from(rank: HandRank) -> u16 {
        rank.0
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe_in_full(*self))
    }
}

/// A number that is not a [`HandRank`] value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{0} is not a hand rank value")]
pub struct InvalidHandRank(pub u16);

/// Why a set of cards could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
    /// A poker hand is made from five to seven cards.
    #[error("a hand is evaluated from 5 to 7 cards, not {0}")]
    WrongCount(usize),
    /// The same card appears twice.
    #[error("the {0} appears twice")]
    Duplicate(Card),
}

/// The rank of the best five-card hand among seven cards given by id
/// (`rank * 4 + suit`, as [`Card::id`]). This is the fast path, for
/// simulations and showdowns alike.
///
/// The ids must be distinct and below 52. Anything else gives an
/// unspecified (but valid) `HandRank` and never panics: ids past the deck
/// are ignored, as if the card were missing.
#[inline]
pub fn evaluate_ids(ids: &[u8; 7]) -> HandRank {
    let key = ids
        .iter()
        .fold(KEY_START, |key, &id| key + CARD_KEYS[usize::from(id)]);
    // The mask is only needed for flushes (about 3% of hands): build it then.
    let mask = || ids.iter().fold(0, |m, &id| m | CARD_MASKS[usize::from(id)]);
    lookup(key, mask)
}

/// The rank of the best five-card hand among five, six or seven cards.
///
/// Repeated cards give an unspecified result; use [`try_evaluate`] to have
/// the count and duplicates checked.
///
/// # Panics
///
/// If `cards` holds fewer than five or more than seven cards.
pub fn evaluate(cards: &[Card]) -> HandRank {
    assert!(
        (5..=7).contains(&cards.len()),
        "a hand is evaluated from 5 to 7 cards, not {}",
        cards.len()
    );
    let key = cards
        .iter()
        .fold(KEY_START, |key, c| key + CARD_KEYS[usize::from(c.id())]);
    let mask = || {
        cards
            .iter()
            .fold(0, |m, c| m | CARD_MASKS[usize::from(c.id())])
    };
    lookup(key, mask)
}

/// Like [`evaluate`], but refuses a wrong number of cards or a repeated
/// card instead of panicking or guessing.
pub fn try_evaluate(cards: &[Card]) -> Result<HandRank, EvalError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EvalError::WrongCount(cards.len()));
    }
    let mut seen = 0u64;
    for card in cards {
        if seen & card.bit() != 0 {
            return Err(EvalError::Duplicate(*card));
        }
        seen |= card.bit();
    }
    Ok(evaluate(cards))
}

/// Kept for callers that prepared the tables before timing evaluations:
/// the tables are in the binary now, so there is nothing to prepare.
pub fn init() {}

/// A hand named in words as a dealer calls it at the showdown: "two pair,
/// kings and nines", "a flush, ace high", "a full house, sevens full of
/// kings", "a pair of jacks", "ace high". The category and the ranks that
/// make it, no kickers: when two hands read alike, [`describe_in_full`]
/// says which kicker parts them.
pub fn describe(rank: HandRank) -> String {
    let (category, r) = decode(rank);
    let name = |i: usize| RANK_NAMES[usize::from(r[i])];
    let plural = |i: usize| RANK_PLURALS[usize::from(r[i])];
    match category {
        Category::HighCard => format!("{} high", name(0)),
        Category::OnePair => format!("a pair of {}", plural(0)),
        Category::TwoPair => format!("two pair, {} and {}", plural(0), plural(2)),
        Category::ThreeOfAKind => format!("three of a kind, {}", plural(0)),
        Category::Straight => format!("a straight, {} high", name(0)),
        Category::Flush => format!("a flush, {} high", name(0)),
        Category::FullHouse => format!("a full house, {} full of {}", plural(0), plural(3)),
        Category::FourOfAKind => format!("four of a kind, {}", plural(0)),
        Category::StraightFlush if r[0] == 12 => "a royal flush".to_string(),
        Category::StraightFlush => format!("a straight flush, {} high", name(0)),
    }
}

/// The whole description of a hand, kickers and all: "two pair, kings and
/// sevens, ace kicker", "flush, ace high (ace-jack-nine-six-deuce)",
/// "straight, five high". Category first, then the ranks that decide it,
/// then kickers.
pub fn describe_in_full(rank: HandRank) -> String {
    let (category, r) = decode(rank);
    let name = |i: usize| RANK_NAMES[usize::from(r[i])];
    let plural = |i: usize| RANK_PLURALS[usize::from(r[i])];
    let run = |from: usize| {
        r[from..]
            .iter()
            .map(|&x| RANK_NAMES[usize::from(x)])
            .collect::<Vec<_>>()
            .join("-")
    };
    let detail = match category {
        Category::HighCard | Category::Flush => format!("{} high ({})", name(0), run(0)),
        Category::OnePair => format!("{}, {} kickers", plural(0), run(2)),
        Category::TwoPair => format!("{} and {}, {} kicker", plural(0), plural(2), name(4)),
        Category::ThreeOfAKind => format!("{}, {} kickers", plural(0), run(3)),
        Category::Straight => format!("{} high", name(0)),
        Category::FullHouse => format!("{} full of {}", plural(0), plural(3)),
        Category::FourOfAKind => format!("{}, {} kicker", plural(0), name(4)),
        Category::StraightFlush if r[0] == 12 => "ace high (royal flush)".to_string(),
        Category::StraightFlush => format!("{} high", name(0)),
    };
    format!("{category}, {detail}")
}

/// The table lookup shared by every entry point (see the module comment).
#[inline(always)]
fn lookup(key: u64, mask: impl FnOnce() -> u64) -> HandRank {
    let flush_bits = key & FLUSH_BITS;
    if flush_bits != 0 {
        // The lowest flagged counter's top bit is bit 32 + 4 * suit + 3, so
        // this is 16 * suit: the shift that brings that suit's ranks down.
        let shift = (flush_bits.trailing_zeros() - (SUIT_SHIFT + 3)) * 4;
        HandRank(FLUSH[((mask() >> shift) & 0x1fff) as usize])
    } else {
        // The low 32 bits of the key are the rank sum.
        let hash = rank_hash(key as u32);
        HandRank(RANKS[slot(hash, DISPLACEMENTS[bucket(hash)])])
    }
}

/// The five ranks of a hand, most significant first, from its code (see
/// `builder::Code`: four bits a rank, the category above them).
fn decode(rank: HandRank) -> (Category, [u8; 5]) {
    let category = rank.category();
    let index = usize::from(CATEGORY_START[category as usize]) + usize::from(rank.0 & 0xfff);
    let c = CODES.get(index).copied().unwrap_or(0);
    let mut ranks = [0u8; 5];
    for (i, r) in ranks.iter_mut().enumerate() {
        *r = ((c >> (16 - 4 * i)) & 0xf) as u8;
    }
    (category, ranks)
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::builder::{for_each_multiset, rank_sum};
    use super::*;
    use crate::table::cards::parse_cards;

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).expect("test hands are well written")
    }

    fn rank(s: &str) -> HandRank {
        evaluate(&cards(s))
    }

    // ----- the slow, obviously correct reference -----

    /// A five-card hand's category and its ranks, most significant first
    /// (grouped ranks by group size then rank, a wheel's ace last):
    /// comparing the tuples compares the hands.
    fn reference_five(hand: &[Card]) -> (Category, [u8; 5]) {
        assert_eq!(hand.len(), 5);
        let mut counts = [0u8; 13];
        for c in hand {
            counts[usize::from(c.rank())] += 1;
        }
        let mut ranks: Vec<u8> = hand.iter().map(|c| c.rank()).collect();
        ranks.sort_by_key(|&r| Reverse((counts[usize::from(r)], r)));
        let mut shape: Vec<u8> = counts.iter().copied().filter(|&n| n > 0).collect();
        shape.sort_unstable_by(|a, b| b.cmp(a));
        let flush = hand.iter().all(|c| c.suit() == hand[0].suit());
        let wheel = ranks == [12, 3, 2, 1, 0];
        let straight = shape.len() == 5 && (ranks[0] - ranks[4] == 4 || wheel);
        if wheel {
            ranks = vec![3, 2, 1, 0, 12];
        }
        let category = match (straight, flush, shape.as_slice()) {
            (true, true, _) => Category::StraightFlush,
            (_, _, [4, 1]) => Category::FourOfAKind,
            (_, _, [3, 2]) => Category::FullHouse,
            (false, true, _) => Category::Flush,
            (true, false, _) => Category::Straight,
            (_, _, [3, 1, 1]) => Category::ThreeOfAKind,
            (_, _, [2, 2, 1]) => Category::TwoPair,
            (_, _, [2, 1, 1, 1]) => Category::OnePair,
            _ => Category::HighCard,
        };
        (category, [ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]])
    }

    /// The best of every five-card subset.
    fn reference_best(hand: &[Card]) -> (Category, [u8; 5]) {
        (0u32..1 << hand.len())
            .filter(|subset| subset.count_ones() == 5)
            .map(|subset| {
                let five: Vec<Card> = (0..hand.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| hand[i])
                    .collect();
                reference_five(&five)
            })
            .max()
            .expect("at least five cards")
    }

    /// Calls `visit(key, mask)` for every hand of `n` cards, building the
    /// key and mask incrementally as the nested loops go deeper.
    fn enumerate(n: u32, start: usize, key: u64, mask: u64, visit: &mut impl FnMut(u64, u64)) {
        for id in start..52 {
            let (k, m) = (key + CARD_KEYS[id], mask | CARD_MASKS[id]);
            if n == 1 {
                visit(k, m);
            } else {
                enumerate(n - 1, id + 1, k, m, visit);
            }
        }
    }

    /// Category counts and number of distinct ranks over all `n`-card hands.
    fn census(n: u32) -> ([u64; 9], usize) {
        let mut counts = [0u64; 9];
        let mut seen = vec![false; 1 << 16];
        enumerate(n, 0, KEY_START, 0, &mut |key, mask| {
            let r = lookup(key, || mask);
            counts[r.category() as usize] += 1;
            seen[usize::from(r.0)] = true;
        });
        (counts, seen.iter().filter(|&&s| s).count())
    }

    // ----- exhaustive checks -----

    #[test]
    fn every_seven_card_hand() {
        let start = std::time::Instant::now();
        let (counts, distinct) = census(7);
        eprintln!("133,784,560 seven-card hands in {:?}", start.elapsed());
        assert_eq!(
            counts,
            [
                23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
                224_848, 41_584
            ]
        );
        assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
        assert_eq!(distinct, 4824);
    }

    #[test]
    fn every_six_card_hand() {
        let (counts, distinct) = census(6);
        assert_eq!(
            counts,
            [
                6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844
            ]
        );
        assert_eq!(distinct, 6075);
    }

    #[test]
    fn every_five_card_hand() {
        let (counts, distinct) = census(5);
        assert_eq!(
            counts,
            [
                1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
            ]
        );
        assert_eq!(distinct, 7462);
    }

    /// Every five-card hand gets the rank whose decoding the reference
    /// agrees with, and the 7,462 ranks are in the reference's order: the
    /// compact values are exactly poker's order, ties included.
    #[test]
    fn five_card_ranks_match_the_reference() {
        let deck: Vec<Card> = Card::deck().collect();
        let mut by_rank: HashMap<HandRank, (Category, [u8; 5])> = HashMap::new();
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let r = evaluate(&hand);
                            let expected = reference_five(&hand);
                            let previous = by_rank.entry(r).or_insert(expected);
                            assert_eq!(*previous, expected, "{hand:?}");
                        }
                    }
                }
            }
        }
        assert_eq!(by_rank.len(), 7462);
        let mut ranks: Vec<_> = by_rank.into_iter().collect();
        ranks.sort();
        for pair in ranks.windows(2) {
            assert!(pair[0].1 < pair[1].1, "{pair:?}");
        }
        for (r, expected) in ranks {
            assert_eq!((r.category(), r.five_ranks()), expected);
        }
    }

    /// The greedy bases really give every 5-7 rank multiset its own sum,
    /// and the perfect hash gives each its own slot.
    #[test]
    fn rank_sums_and_slots_are_unique() {
        let mut sums = Vec::new();
        let mut slots = Vec::new();
        for_each_multiset(5, 7, &mut |counts| {
            let sum = rank_sum(counts);
            sums.push(sum as usize);
            let hash = rank_hash(sum);
            slots.push(slot(hash, DISPLACEMENTS[bucket(hash)]));
        });
        assert_eq!(sums.len(), 49_205 + 18_395 + 6_175);
        assert_eq!(sums.iter().max(), Some(&(4 * 2_967_844 + 3 * 1_304_151)));
        for v in [&mut sums, &mut slots] {
            let n = v.len();
            v.sort_unstable();
            v.dedup();
            assert_eq!(v.len(), n);
        }
    }

    /// The tables in the binary are the ones the builder builds now (the
    /// build script ran the same code), and its category numbers are
    /// `Category`'s.
    #[test]
    fn the_tables_in_the_binary_are_the_builders() {
        let start = std::time::Instant::now();
        let built = builder::build();
        eprintln!("tables built in {:?}", start.elapsed());
        assert_eq!(built.flush, FLUSH);
        assert_eq!(built.displacements, DISPLACEMENTS);
        assert_eq!(built.ranks, RANKS);
        assert_eq!(built.codes, CODES);
        assert_eq!(built.category_start, CATEGORY_START);
        let written = include_str!(concat!(env!("OUT_DIR"), "/eval_tables.rs"));
        assert!(built.to_rust() == written, "build.rs wrote other tables");
        let numbers = [
            builder::HIGH_CARD,
            builder::ONE_PAIR,
            builder::TWO_PAIR,
            builder::THREE_OF_A_KIND,
            builder::STRAIGHT,
            builder::FLUSH,
            builder::FULL_HOUSE,
            builder::FOUR_OF_A_KIND,
            builder::STRAIGHT_FLUSH,
        ];
        for (category, number) in Category::ALL.into_iter().zip(numbers) {
            assert_eq!(category as u32, number, "{category}");
        }
    }

    // ----- known hands -----

    #[test]
    fn royal_flush_beats_steel_wheel() {
        let royal = rank("AsKsQsJsTs2c3d");
        let steel_wheel = rank("As2s3s4s5sKdQh");
        assert_eq!(royal, HandRank::BEST);
        assert_eq!(royal.category(), Category::StraightFlush);
        assert_eq!(steel_wheel.category(), Category::StraightFlush);
        assert!(royal > steel_wheel);
        assert_eq!(steel_wheel.five_ranks(), [3, 2, 1, 0, 12]);
        // The steel wheel is the lowest straight flush, below a six-high one.
        assert!(steel_wheel < rank("2s3s4s5s6sKdQh"));
        assert!(steel_wheel > rank("AsAhAdAcKs2c3d"));
    }

    #[test]
    fn wheel_is_the_lowest_straight() {
        let wheel = rank("Ah2c3d4s5hKcQd");
        let six_high = rank("2c3d4s5h6cKcQd");
        assert_eq!(wheel.category(), Category::Straight);
        assert_eq!(six_high.category(), Category::Straight);
        assert!(wheel < six_high);
        assert!(wheel > rank("AhAcAd4s9hKcQd"));
        assert_eq!(describe_in_full(wheel), "straight, five high");
        // A-K-Q-J-T is a straight, K-A-2-3-4 is not.
        assert_eq!(rank("AhKcQdJsTh2c3d").category(), Category::Straight);
        assert_eq!(rank("KhAc2d3s4h8c9d").category(), Category::HighCard);
    }

    #[test]
    fn kickers_decide_within_the_best_five() {
        let ak = rank("AhAdKc9s7h4c2d");
        let aq = rank("AhAdQc9s7h4c2d");
        assert!(ak > aq);
        // The fifth card decides ...
        assert!(rank("AhAdKc9s7h4c2d") > rank("AhAdKc9s6h4c2d"));
        // ... the sixth and seventh do not.
        assert_eq!(rank("AhAdKc9s7h4c2d"), rank("AhAdKc9s7h3c2d"));
        assert_eq!(rank("AhKdQc9s7h4c2d"), rank("AhKdQc9s7h3c2d"));
        assert!(rank("AhKdQc9s7h4c2d") > rank("AhKdQc9s6h4c2d"));
        // Four of a kind: only one kicker.
        assert_eq!(rank("9h9d9c9sKh4c2d"), rank("9h9d9c9sKhQcJd"));
        assert!(rank("9h9d9c9sAh4c2d") > rank("9h9d9c9sKhQcJd"));
    }

    #[test]
    fn three_pairs_play_the_best_two_and_best_kicker() {
        let r = rank("KhKd7c7s3h3dAc");
        assert_eq!(r.category(), Category::TwoPair);
        assert_eq!(r.five_ranks(), [11, 11, 5, 5, 12]);
        assert_eq!(r, rank("KhKd7c7s2h2dAc"));
        // The third pair's rank is the kicker when it beats the odd card.
        let r = rank("KhKd7c7s3h3d2c");
        assert_eq!(r.five_ranks(), [11, 11, 5, 5, 1]);
        assert_eq!(
            describe_in_full(r),
            "two pair, kings and sevens, three kicker"
        );
        assert_eq!(r, rank("KhKd7c7s2h2d3c"));
        assert!(rank("KhKd7c7s4h4d2c") > r);
    }

    #[test]
    fn two_sets_make_a_full_house_with_the_higher_set() {
        let r = rank("KhKdKc7s7h7d2c");
        assert_eq!(r.category(), Category::FullHouse);
        assert_eq!(r.five_ranks(), [11, 11, 11, 5, 5]);
        assert_eq!(describe_in_full(r), "full house, kings full of sevens");
        assert_eq!(r, rank("KhKdKc7s7hAd2c"));
        assert_eq!(rank("KhKdKc7s7hKs2c").category(), Category::FourOfAKind);
        // Set over the higher pair.
        assert_eq!(rank("KhKdKc7s7hQdQc").five_ranks(), [11, 11, 11, 10, 10]);
    }

    #[test]
    fn flush_beats_straight_and_straight_flush_beats_both() {
        let r = rank("9h8h7h6c5h2hKd");
        assert_eq!(r.category(), Category::Flush);
        assert_eq!(r.five_ranks(), [7, 6, 5, 3, 0]);
        let r = rank("9h8h7h6h5h2hKh");
        assert_eq!(r.category(), Category::StraightFlush);
        assert_eq!(describe_in_full(r), "straight flush, nine high");
        // Six and seven suited cards: the best five of the suit.
        assert_eq!(rank("Ah2h4h6h8hTh3c").five_ranks(), [12, 8, 6, 4, 2]);
    }

    #[test]
    fn the_board_plays() {
        // Broadway on the board: everyone ties.
        assert_eq!(rank("AsKdQhJcTs2c3d"), rank("AsKdQhJcTs4h5h"));
        // Quads with an ace kicker on board.
        assert_eq!(rank("9h9d9c9sAh2c3d"), rank("9h9d9c9sAhKcQd"));
        // A flush on board, players without a higher heart.
        assert_eq!(rank("Ah9h7h4h2h3c3d"), rank("Ah9h7h4h2hKcKd"));
        assert!(rank("Ah9h7h4h2hTh3d") > rank("Ah9h7h4h2hKcKd"));
        // Five-, six- and seven-card hands agree when the extras don't play.
        assert_eq!(rank("AsKdQhJcTs"), rank("AsKdQhJcTs2c"));
        assert_eq!(rank("AsKdQhJc9s"), rank("AsKdQhJc9s2c3h"));
    }

    #[test]
    fn hand_written_seven_card_hands_in_order() {
        let ascending = [
            "7h5d4c3s2h8c9d", // nine high (9-8-7-5-4)
            "Th5d4c3s2h8c9d", // ten high
            "AhKdQcJs9h4c2d", // ace high
            "2h2d4c5s7h9cJd", // pair of deuces
            "2h2d4c5s7h9cAd", // pair of deuces, ace kicker
            "AhAd4c5s7h9cJd", // pair of aces
            "AhAdKcQsJh3c2d", // pair of aces, K-Q-J
            "3h3d2c2s4h6c8d", // threes and deuces
            "AhAdKcKs2h3c4d", // aces and kings, four kicker
            "AhAdKcKsQh3c4d", // aces and kings, queen kicker
            "2h2d2c4s5h9cJd", // three deuces
            "AhAdAcKsQh3c2d", // three aces
            "Ah2d3c4s5h9cJd", // wheel
            "2h3d4c5s6h9cJd", // six-high straight
            "AhKdQcJsTh3c2d", // broadway
            "2h3h4h5h7hAdAs", // seven-high flush
            "AhKhQhJh9h2c3d", // ace-high flush
            "2h2d2c3s3h4c5d", // deuces full of threes
            "2h2d2cAsAhKcKd", // deuces full of aces
            "3h3d3c2s2h4c5d", // threes full of deuces
            "AhAdAcKsKh2c3d", // aces full of kings
            "2h2d2c2s3h4c5d", // four deuces, five kicker
            "2h2d2c2sAh4c5d", // four deuces, ace kicker
            "AhAdAcAsKhKcKd", // four aces
            "Ah2h3h4h5hAdAs", // steel wheel
            "2h3h4h5h6hAdAs", // six-high straight flush
            "AhKhQhJhThAdAs", // royal flush
        ];
        let ranks: Vec<HandRank> = ascending.iter().map(|h| rank(h)).collect();
        for (pair, names) in ranks.windows(2).zip(ascending.windows(2)) {
            assert!(
                pair[0] < pair[1],
                "{} should lose to {}",
                names[0],
                names[1]
            );
        }
    }

    /// Every category named as the dealer calls it, the issue's own
    /// examples among them ("two pair, kings and nines", "a flush, ace
    /// high", "a full house, sevens full of kings").
    #[test]
    fn describe_names_every_category_in_words() {
        for (cards, words) in [
            ("AhKdQc9s7h4c2d", "ace high"),
            ("7h5d4c3s2h", "seven high"),
            ("JhJd4c5s7h9cAd", "a pair of jacks"),
            ("2h2d4c5s7h9cAd", "a pair of deuces"),
            ("KhKd9c9s2h3dAc", "two pair, kings and nines"),
            ("6h6d3c3sAhAdKc", "two pair, aces and sixes"),
            ("5h5d5c2sKh9cTd", "three of a kind, fives"),
            ("5c4d3h2sAh9cJd", "a straight, five high"),
            ("AhKcQdJsTh2c3d", "a straight, ace high"),
            ("Ah9h7h4h2h3c3d", "a flush, ace high"),
            ("9h8h7h6c5h2hKd", "a flush, nine high"),
            ("7h7d7cKsKh2c3d", "a full house, sevens full of kings"),
            ("KhKdKc7s7h7d2c", "a full house, kings full of sevens"),
            ("9h9d9c9sKh4c2d", "four of a kind, nines"),
            ("9h8h7h6h5h2hKh", "a straight flush, nine high"),
            ("Ah2h3h4h5hKdQc", "a straight flush, five high"),
            ("AhKhQhJhTh9h2c", "a royal flush"),
        ] {
            assert_eq!(describe(rank(cards)), words, "{cards}");
        }
        // Every category has its own words.
        for category in Category::ALL {
            let hand = HandRank::try_from((category as u16) << 12).expect("a hand");
            assert!(!describe(hand).is_empty(), "{category}");
        }
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe_in_full(rank("KhKd7c7s2h3dAc")),
            "two pair, kings and sevens, ace kicker"
        );
        assert_eq!(
            describe_in_full(rank("Ah9h7h4h2h3c3d")),
            "flush, ace high (ace-nine-seven-four-deuce)"
        );
        assert_eq!(
            describe_in_full(rank("5c4d3h2sAh9cJd")),
            "straight, five high"
        );
        assert_eq!(
            describe_in_full(rank("AhKhQhJhTh")),
            "straight flush, ace high (royal flush)"
        );
        assert_eq!(
            describe_in_full(rank("AhKdQcJs9h4c2d")),
            "high card, ace high (ace-king-queen-jack-nine)"
        );
        assert_eq!(
            describe_in_full(rank("JhJd4c5s7h9cAd")),
            "one pair, jacks, ace-nine-seven kickers"
        );
        assert_eq!(
            describe_in_full(rank("5h5d5c2sKh9cTd")),
            "three of a kind, fives, king-ten kickers"
        );
        assert_eq!(
            describe_in_full(rank("9h9d9c9sKh4c2d")),
            "four of a kind, nines, king kicker"
        );
        assert_eq!(
            rank("6h6d6c2s2h").to_string(),
            "full house, sixes full of deuces"
        );
        assert_eq!(Category::TwoPair.to_string(), "two pair");
        assert_eq!(
            describe_in_full(HandRank::WORST),
            "high card, seven high (seven-five-four-three-deuce)"
        );
    }

    #[test]
    fn checked_evaluation_and_raw_values() {
        assert_eq!(try_evaluate(&cards("AhKd")), Err(EvalError::WrongCount(2)));
        assert_eq!(
            try_evaluate(&cards("AhKdQcJsTh9c8c7c")),
            Err(EvalError::WrongCount(8))
        );
        let ah = cards("Ah")[0];
        assert_eq!(
            try_evaluate(&cards("AhKdQcJsAh")),
            Err(EvalError::Duplicate(ah))
        );
        assert_eq!(try_evaluate(&cards("AhKdQcJsTh")), Ok(rank("AhKdQcJsTh")));
        // evaluate_ids agrees with evaluate and shrugs off ids past the deck.
        let ids = [51, 47, 43, 39, 35, 0, 5];
        assert_eq!(evaluate_ids(&ids), rank("AsKsQsJsTs2c3d"));
        let _ = evaluate_ids(&[255, 200, 52, 0, 0, 0, 0]);
        // Raw values round-trip only when valid.
        for r in [HandRank::WORST, HandRank::BEST, rank("KhKd7c7s2h3dAc")] {
            assert_eq!(HandRank::try_from(u16::from(r)), Ok(r));
        }
        for bad in [1277, 9 << 12, (8 << 12) | 10, u16::MAX] {
            assert_eq!(HandRank::try_from(bad), Err(InvalidHandRank(bad)));
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Saved {
            rank: HandRank,
            category: Category,
        }
        let saved = Saved {
            rank: HandRank::BEST,
            category: Category::FullHouse,
        };
        let text = toml::to_string(&saved).expect("serialises");
        assert_eq!(text, "rank = 32777\ncategory = \"full_house\"\n");
        assert_eq!(toml::from_str::<Saved>(&text).expect("reads back"), saved);
        assert!(toml::from_str::<Saved>("rank = 40000\ncategory = \"flush\"\n").is_err());
    }

    // ----- properties -----

    fn seven_cards() -> impl Strategy<Value = Vec<Card>> {
        proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 7)
            .prop_shuffle()
            .prop_map(|ids| ids.into_iter().filter_map(Card::from_id).collect())
    }

    fn ids(hand: &[Card]) -> [u8; 7] {
        let mut ids = [0; 7];
        for (id, card) in ids.iter_mut().zip(hand) {
            *id = card.id();
        }
        ids
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn matches_the_best_five_of_the_reference(hand in seven_cards()) {
            let r = evaluate_ids(&ids(&hand));
            prop_assert_eq!(r, evaluate(&hand));
            prop_assert_eq!((r.category(), r.five_ranks()), reference_best(&hand));
            // Six of the seven, too.
            let r6 = evaluate(&hand[..6]);
            prop_assert_eq!((r6.category(), r6.five_ranks()), reference_best(&hand[..6]));
        }

        #[test]
        fn orders_hands_like_the_reference(a in seven_cards(), b in seven_cards()) {
            prop_assert_eq!(
                evaluate(&a).cmp(&evaluate(&b)),
                reference_best(&a).cmp(&reference_best(&b))
            );
        }

        #[test]
        fn card_order_and_suit_names_do_not_matter(
            (hand, shuffled) in seven_cards().prop_flat_map(|h| (Just(h.clone()), Just(h).prop_shuffle())),
            suits in Just(vec![0u8, 1, 2, 3]).prop_shuffle(),
        ) {
            let r = evaluate(&hand);
            prop_assert_eq!(r, evaluate(&shuffled));
            let relabelled: Vec<Card> = hand
                .iter()
                .filter_map(|c| Card::new(c.rank(), suits[usize::from(c.suit())]))
                .collect();
            prop_assert_eq!(r, evaluate(&relabelled));
            prop_assert_eq!(r, evaluate_ids(&ids(&relabelled)));
        }
    }
}
