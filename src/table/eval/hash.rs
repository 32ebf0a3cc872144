//! The evaluator's keys and its perfect hash: what the lookup
//! (`table::eval`) and the table builder (`builder.rs`, run by the build
//! script and by the tests) share. Self-contained (no `crate::` paths), so
//! that `build.rs` compiles this very file.

/// Per-rank addends (deuce first) whose sums identify rank multisets.
///
/// Found by a greedy search: each base is the smallest value above the
/// previous one for which every multiset of 5, 6 or 7 ranks (at most four of
/// any rank) over the ranks so far still has a sum of its own. The largest
/// possible sum, four aces and three kings, is 15,783,829 < 2^24. The test
/// `rank_sums_and_slots_are_unique` checks the property directly.
pub const RANK_BASES: [u32; 13] = [
    1, 4, 16, 67, 295, 1334, 5734, 23800, 60883, 208450, 509982, 1304151, 2967844,
];

/// Odd multiplier (the 64-bit golden ratio) that hashes a rank sum.
const HASH_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
/// The top `BUCKET_BITS` bits of the hash pick a bucket.
const BUCKET_BITS: u32 = 14;
/// Buckets of rank-sum hashes, each with its displacement (the builder's
/// to count; the lookup only computes bucket numbers).
#[cfg_attr(not(test), allow(dead_code))]
pub const BUCKETS: usize = 1 << BUCKET_BITS;
/// Slots in the non-flush table: 73,775 multisets fill 90% of them, which
/// keeps the table small while the displacements stay quick to find.
pub const SLOTS: usize = 81_920;

/// The hash of a rank sum.
#[inline(always)]
pub fn rank_hash(rank_sum: u32) -> u64 {
    u64::from(rank_sum).wrapping_mul(HASH_MULTIPLIER)
}

/// A hash's bucket: its top bits, always below `BUCKETS`.
#[inline(always)]
pub fn bucket(hash: u64) -> usize {
    (hash >> (64 - BUCKET_BITS)) as usize
}

/// A hash's slot under its bucket's displacement: the low 32 bits xor the
/// displacement, scaled onto `0..SLOTS` by a multiply-shift (always in range).
#[inline(always)]
pub fn slot(hash: u64, displacement: u32) -> usize {
    ((u64::from(hash as u32 ^ displacement) * SLOTS as u64) >> 32) as usize
}
