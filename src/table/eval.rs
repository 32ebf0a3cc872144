//! Seven-card hand evaluation (temporary reference version; replaced by the
//! table-driven evaluator).

use super::cards::Card;

/// A hand's strength: higher is better, equal is a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(u32);

impl HandRank {
    /// The rank as a number.
    pub fn get(self) -> u32 {
        self.0
    }
}

/// The best five-card hand among 5 to 7 cards.
pub fn evaluate(cards: &[Card]) -> HandRank {
    let n = cards.len();
    let mut best = 0;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        best = best.max(five_rank(&five));
    }
    HandRank(best)
}

fn five_rank(cards: &[Card]) -> u32 {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut uniq = ranks.clone();
    uniq.dedup();
    let straight_high = if uniq.len() == 5 && uniq[0] - uniq[4] == 4 {
        Some(uniq[0])
    } else if uniq == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    let mut counts = [0u8; 13];
    for r in &ranks {
        counts[*r as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|r| counts[*r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let pattern: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match (straight_high, flush, pattern.as_slice()) {
        (Some(_), true, _) => 8,
        (_, _, [4, 1]) => 7,
        (_, _, [3, 2]) => 6,
        (_, true, _) => 5,
        (Some(_), _, _) => 4,
        (_, _, [3, 1, 1]) => 3,
        (_, _, [2, 2, 1]) => 2,
        (_, _, [2, 1, 1, 1]) => 1,
        _ => 0,
    };
    let mut key = category;
    if let Some(h) = straight_high.filter(|_| category == 8 || category == 4) {
        return (key << 20) | h as u32;
    }
    for (_, r) in &groups {
        key = (key << 4) | *r as u32;
    }
    key << (4 * (5 - groups.len() as u32))
}
