//! Draws anyone can redo: a seed, its commitment, and the random choices
//! made from it.
//!
//! The floor publishes `commitment(seed)` (the SHA-256 of the seed's bytes,
//! in hex) before a draw and the seed after it. The generator is ChaCha20
//! (`rand_chacha::ChaCha20Rng`) keyed with SHA-256("floorcall-draw\0" ++
//! seed), so the commitment does not give the key away; numbers below `n`
//! are taken from `next_u64` by rejection (no modulo bias), and a shuffle
//! is Fisher-Yates from the last element down. Everything here is written
//! out so that another program can repeat a draw from the revealed seed.

use rand::RngCore;
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;
use sha2::{Digest, Sha256};

use crate::table::Card;

/// The text published before a draw: the SHA-256 of the seed, in hex.
pub fn commitment(seed: &str) -> String {
    hex(&Sha256::digest(seed.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The random choices of one draw, from its seed.
pub struct Draw {
    rng: ChaCha20Rng,
}

impl Draw {
    /// The draw made from `seed`.
    pub fn new(seed: &str) -> Draw {
        let mut key = Sha256::new();
        key.update(b"floorcall-draw\0");
        key.update(seed.as_bytes());
        Draw {
            rng: ChaCha20Rng::from_seed(key.finalize().into()),
        }
    }

    /// A number in `0..n` (`n` > 0; 0 when it is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        // The largest multiple of n that fits: numbers at or above it are
        // drawn again.
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.rng.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Shuffles `items` in place (Fisher-Yates, last element first).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// One item of `items`, if any.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())].clone())
    }

    /// A shuffled deck: the cards a button draw deals, in order.
    pub fn deck(&mut self) -> Vec<Card> {
        let mut deck: Vec<Card> = Card::deck().collect();
        self.shuffle(&mut deck);
        deck
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_seeds_sha256() {
        assert_eq!(
            commitment("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_seed_gives_the_same_draw_and_another_seed_another() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        let mut c = a.clone();
        Draw::new("seed-1").shuffle(&mut a);
        Draw::new("seed-1").shuffle(&mut b);
        Draw::new("seed-2").shuffle(&mut c);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }
}
