//! Where the Desk's draws get their seeds. At a real tournament the
//! operating system gives each one ([`OsSeeds`], the default): nobody,
//! the TD included, can know a draw before its commitment is written. A
//! test, or a run to be replayed exactly, gives a [`SeedSequence`]: the
//! same base gives the same seeds in the same order, so the same run.
//! Either way a seed is published with its draw and `floor verify` redoes
//! the draw from it; where it came from changes nothing downstream.

use std::sync::atomic::{AtomicU64, Ordering};

use rand::TryRngCore;
use sha2::{Digest, Sha256};

use super::DrawPurpose;

/// Gives the seed of each draw, in order: 32 bytes in hex.
pub trait SeedSource: Send + Sync {
    /// The next draw's seed, or why there is none. `purpose`: what the
    /// draw is for (a source naming its seeds, as a scenario does, names
    /// a draw after it; the operating system's ignores it).
    fn seed(&self, purpose: &DrawPurpose) -> Result<String, String>;
}

/// The operating system's random source: the floor's seeds in play.
#[derive(Debug, Clone, Copy, Default)]
pub struct OsSeeds;

impl SeedSource for OsSeeds {
    fn seed(&self, _: &DrawPurpose) -> Result<String, String> {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| format!("The operating system gave no random seed: {e}"))?;
        Ok(hex(&bytes))
    }
}

/// A fixed sequence of seeds from a base: the n-th is the SHA-256 of
/// "floorcall seed {base} {n}" (n from 0), so a run is exact and can be
/// replayed. Not for a real tournament: anyone knowing the base knows
/// every draw before it is made.
#[derive(Debug, Default)]
pub struct SeedSequence {
    base: u64,
    next: AtomicU64,
}

impl SeedSequence {
    /// The sequence from `base`, at its first seed.
    pub fn new(base: u64) -> SeedSequence {
        SeedSequence {
            base,
            next: AtomicU64::new(0),
        }
    }
}

impl SeedSource for SeedSequence {
    fn seed(&self, _: &DrawPurpose) -> Result<String, String> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let text = format!("floorcall seed {} {n}", self.base);
        Ok(hex(&Sha256::digest(text.as_bytes())))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sequence_gives_the_same_seeds_from_the_same_base() {
        let (a, b) = (SeedSequence::new(7), SeedSequence::new(7));
        let first: Vec<String> = (0..3)
            .map(|_| a.seed(&DrawPurpose::Seats).unwrap())
            .collect();
        let again: Vec<String> = (0..3)
            .map(|_| b.seed(&DrawPurpose::Seats).unwrap())
            .collect();
        assert_eq!(first, again);
        assert_ne!(first[0], first[1], "each draw its own seed");
        assert_ne!(
            SeedSequence::new(8).seed(&DrawPurpose::Seats).unwrap(),
            first[0]
        );
        assert_eq!(first[0].len(), 64);
        assert!(first[0].chars().all(|c| c.is_ascii_hexdigit()));
    }

    #[test]
    fn the_os_gives_a_new_seed_each_time() {
        let (a, b) = (
            OsSeeds.seed(&DrawPurpose::Seats).unwrap(),
            OsSeeds.seed(&DrawPurpose::Seats).unwrap(),
        );
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }
}
