//! Builds the evaluator's tables by ranking every rank multiset and every
//! flush pattern with plain, readable code. The build script (`build.rs`)
//! runs it and writes the tables into the binary as `static` arrays, so
//! no evaluation, the first included, waits for them; the tests run it
//! again and compare. Self-contained but for its sibling `hash.rs`, so
//! that `build.rs` compiles this very file.

use std::cmp::Reverse;
use std::fmt::Write;

use super::hash::{BUCKETS, RANK_BASES, SLOTS, bucket, rank_hash, slot};

/// Category numbers, as `table::eval::Category` numbers them (a test
/// checks they agree).
pub const HIGH_CARD: u32 = 0;
pub const ONE_PAIR: u32 = 1;
pub const TWO_PAIR: u32 = 2;
pub const THREE_OF_A_KIND: u32 = 3;
pub const STRAIGHT: u32 = 4;
pub const FLUSH: u32 = 5;
pub const FULL_HOUSE: u32 = 6;
pub const FOUR_OF_A_KIND: u32 = 7;
pub const STRAIGHT_FLUSH: u32 = 8;

/// A five-card hand written out in full: category in bits 20..24, then the
/// five ranks most significant first (as `HandRank::five_ranks`) in four
/// bits each. Comparing codes as integers compares the hands; the tables
/// translate codes into compact `HandRank` values.
pub type Code = u32;

fn code(category: u32, ranks: [u8; 5]) -> Code {
    ranks
        .iter()
        .fold(category, |acc, &r| (acc << 4) | u32::from(r))
}

/// The tables, as the build script writes them.
pub struct Built {
    /// HandRank value of the best flush in each 13-bit rank pattern of 5-7
    /// ranks (8,192 entries).
    pub flush: Vec<u16>,
    /// Per bucket of rank-sum hashes, the displacement that sends the
    /// bucket's hashes to free slots (`BUCKETS` entries).
    pub displacements: Vec<u32>,
    /// HandRank value of the best non-flush hand of each rank multiset, by
    /// slot (`SLOTS` entries).
    pub ranks: Vec<u16>,
    /// Every distinct five-card hand as a `Code`, in ascending order.
    pub codes: Vec<Code>,
    /// Index in `codes` of the first hand of each category.
    pub category_start: [u16; 9],
}

/// The top card of the best straight among the ranks in `present` (bit r
/// set for rank r), counting the ace (bit 12) low in the wheel.
fn straight_high(present: u16) -> Option<u8> {
    let with_low_ace = (present << 1) | (present >> 12 & 1);
    // Bit i of `with_low_ace` is rank i - 1, bit 0 is a low ace; a run of
    // five ending at bit i + 1 is a straight to rank i.
    (3..13u8)
        .rev()
        .find(|&high| (with_low_ace >> (high - 3)) & 0x1f == 0x1f)
}

/// The five ranks of a straight to `high`, top first (a wheel ends in the ace).
fn straight_ranks(high: u8) -> [u8; 5] {
    [high, high - 1, high - 2, high - 3, (high + 9) % 13]
}

/// The best flush among the ranks in `pattern` (five or more set bits).
fn best_flush(pattern: u16) -> Code {
    if let Some(high) = straight_high(pattern) {
        return code(STRAIGHT_FLUSH, straight_ranks(high));
    }
    let mut ranks = [0u8; 5];
    let mut top = (0..13u8).rev().filter(|&r| pattern >> r & 1 == 1);
    for r in &mut ranks {
        *r = top.next().unwrap_or(0);
    }
    code(FLUSH, ranks)
}

/// The best hand with no flush from a multiset of 5-7 ranks (`counts[r]`
/// cards of rank r, at most four).
fn best_unsuited(counts: &[u8; 13]) -> Code {
    let present = (0..13).fold(0u16, |m, r| m | (u16::from(counts[r] > 0) << r));
    let with = |n: u8| counts.iter().filter(|&&c| c == n).count();
    let (quads, trips, pairs) = (with(4), with(3), with(2));
    let (category, groups): (u32, &[u8]) = if quads > 0 {
        (FOUR_OF_A_KIND, &[4])
    } else if trips > 0 && trips + pairs >= 2 {
        (FULL_HOUSE, &[3, 2])
    } else if let Some(high) = straight_high(present) {
        return code(STRAIGHT, straight_ranks(high));
    } else if trips > 0 {
        (THREE_OF_A_KIND, &[3])
    } else if pairs >= 2 {
        (TWO_PAIR, &[2, 2])
    } else if pairs == 1 {
        (ONE_PAIR, &[2])
    } else {
        (HIGH_CARD, &[])
    };
    // Fill the five cards group by group, each time from the highest rank
    // with enough cards left (so a second set of trips gives the pair of a
    // full house), then with single kickers from the top. A third pair or a
    // quads' leftover set is just a source of kickers.
    let mut five = [0u8; 5];
    let mut next = five.iter_mut();
    let mut used = 0u16;
    for &size in groups {
        let unused_with = |r: &u8| used >> r & 1 == 0 && counts[usize::from(*r)] >= size;
        if let Some(r) = (0..13u8).rev().find(unused_with) {
            used |= 1 << r;
            next.by_ref()
                .take(usize::from(size))
                .for_each(|slot| *slot = r);
        }
    }
    let kickers = (0..13u8)
        .rev()
        .filter(|&r| present >> r & 1 == 1 && used >> r & 1 == 0);
    next.zip(kickers).for_each(|(slot, r)| *slot = r);
    code(category, five)
}

/// Calls `visit(counts)` for every rank multiset of `min..=max` cards with
/// at most four of a rank.
pub fn for_each_multiset(min: u8, max: u8, visit: &mut impl FnMut(&[u8; 13])) {
    fn go(
        rank: usize,
        counts: &mut [u8; 13],
        cards: u8,
        (min, max): (u8, u8),
        visit: &mut impl FnMut(&[u8; 13]),
    ) {
        if rank == 13 {
            if cards >= min {
                visit(counts);
            }
            return;
        }
        for n in 0..=(max - cards).min(4) {
            counts[rank] = n;
            go(rank + 1, counts, cards + n, (min, max), visit);
        }
        counts[rank] = 0;
    }
    go(0, &mut [0; 13], 0, (min, max), visit);
}

/// The rank sum of a multiset (the low half of the key).
pub fn rank_sum(counts: &[u8; 13]) -> u32 {
    counts
        .iter()
        .zip(RANK_BASES)
        .map(|(&n, base)| u32::from(n) * base)
        .sum()
}

/// The displacement tried as the `n`th candidate for a bucket: a scrambled
/// `n`, so that successive tries move the bucket's slots independently.
fn candidate_displacement(n: u32) -> u32 {
    ((u64::from(n) + 1).wrapping_mul(0xc2b2_ae3d_27d4_eb4f) >> 32) as u32
}

/// Builds the tables.
pub fn build() -> Built {
    // All distinct five-card hands: the unsuited ones from five-rank
    // multisets and the suited ones from five-bit patterns.
    let mut codes = Vec::with_capacity(7462);
    for_each_multiset(5, 5, &mut |counts| codes.push(best_unsuited(counts)));
    codes.extend((0..8192u16).filter(|p| p.count_ones() == 5).map(best_flush));
    codes.sort_unstable();
    codes.dedup();
    let mut category_start = [0u16; 9];
    for (category, start) in category_start.iter_mut().enumerate() {
        let first = (category as u32) << 20;
        *start = codes.partition_point(|&c| c < first) as u16;
    }
    let to_rank = |c: Code| {
        let category = (c >> 20) as usize;
        let index = codes.partition_point(|&x| x < c) as u16;
        ((category as u16) << 12) | (index - category_start[category])
    };

    let flush = (0..8192u16)
        .map(|pattern| match pattern.count_ones() {
            5..=7 => to_rank(best_flush(pattern)),
            _ => 0,
        })
        .collect();

    // The perfect hash: bucket the multisets' hashes, then, biggest
    // bucket first, try displacements until all of the bucket's slots
    // are free and distinct. The inputs are fixed, so this always finds
    // the same displacements (the tests check every slot is distinct).
    let mut buckets: Vec<Vec<(u64, u16)>> = vec![Vec::new(); BUCKETS];
    for_each_multiset(5, 7, &mut |counts| {
        let hash = rank_hash(rank_sum(counts));
        buckets[bucket(hash)].push((hash, to_rank(best_unsuited(counts))));
    });
    let mut order: Vec<usize> = (0..BUCKETS).filter(|&b| !buckets[b].is_empty()).collect();
    order.sort_by_key(|&b| (Reverse(buckets[b].len()), b));
    let mut displacements = vec![0u32; BUCKETS];
    let mut ranks = vec![0u16; SLOTS];
    let mut taken = vec![false; SLOTS];
    let mut slots = Vec::new();
    for b in order {
        let entries = &buckets[b];
        for n in 0..=u32::MAX {
            let displacement = candidate_displacement(n);
            slots.clear();
            let fits = entries.iter().all(|&(hash, _)| {
                let s = slot(hash, displacement);
                let free = !taken[s] && !slots.contains(&s);
                slots.push(s);
                free
            });
            if fits {
                displacements[b] = displacement;
                break;
            }
        }
        for (&s, &(_, rank)) in slots.iter().zip(entries) {
            taken[s] = true;
            ranks[s] = rank;
        }
    }
    Built {
        flush,
        displacements,
        ranks,
        codes,
        category_start,
    }
}

impl Built {
    /// The tables as Rust source: one `static` array each, as
    /// `table::eval` includes them.
    pub fn to_rust(&self) -> String {
        fn array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, values: &[T]) {
            let _ = writeln!(
                out,
                "pub(super) static {name}: [{ty}; {}] = [",
                values.len()
            );
            for row in values.chunks(16) {
                let row: Vec<String> = row.iter().map(T::to_string).collect();
                let _ = writeln!(out, "    {},", row.join(", "));
            }
            let _ = writeln!(out, "];");
        }
        let mut out =
            String::from("// Written by build.rs from src/table/eval/builder.rs: do not edit.\n");
        array(&mut out, "FLUSH", "u16", &self.flush);
        array(&mut out, "DISPLACEMENTS", "u32", &self.displacements);
        array(&mut out, "RANKS", "u16", &self.ranks);
        array(&mut out, "CODES", "u32", &self.codes);
        array(&mut out, "CATEGORY_START", "u16", &self.category_start);
        out
    }
}
