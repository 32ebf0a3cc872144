//! The two clocks of a tournament table, as pure state machines over an
//! injected time (milliseconds since 1970, from `journal::clock::Clock` in
//! the binary, a number in tests): nothing here reads the time or sleeps.
//!
//! `LevelClock` runs through the structure's stages (levels and breaks):
//! `start`, `pause`, `resume`, `adjust(±secs)` and `at(now)`. A level it
//! reaches applies to the NEXT hand (TDA 22, Nuts 23, Redtooth 44, UPT
//! Tournament 10): the table reads the clock when a hand starts, never
//! during one. `PlayerClock` is the clock called on one seat (TDA 27, Nuts
//! 27, Redtooth 29a, UPT No-limit 16, Ugly Tuna 15): the house's seconds to
//! act, then its countdown, then the hand is dead.

use serde::{Deserialize, Serialize};

use crate::rules::Clock as HouseClock;
use crate::table::Seat;

/// Where the level clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClockRun {
    /// Not started yet (elapsed is what was adjusted before the start).
    Stopped,
    /// Running since `since_ms`, with `elapsed_ms` already run before.
    Running {
        /// When it was started or resumed.
        since_ms: i64,
    },
    /// Paused.
    Paused,
}

/// The level clock: how far into the structure the tournament is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelClock {
    /// Each stage's length in milliseconds, in order (levels and breaks).
    pub stages_ms: Vec<u64>,
    /// Time run before the current run (or in total when not running).
    pub elapsed_ms: u64,
    /// Running, paused or not started.
    pub run: ClockRun,
}

/// What the level clock reads at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    /// The stage (0-based index into the structure) in force at the instant.
    pub stage: usize,
    /// Milliseconds left in it (0 once the last stage has run out).
    pub remaining_ms: u64,
    /// Whether the clock is running.
    pub running: bool,
    /// Whether the whole structure has run out (the last stage stays).
    pub finished: bool,
}

impl LevelClock {
    /// A clock over stages of these lengths (milliseconds), not started.
    pub fn new(stages_ms: Vec<u64>) -> LevelClock {
        LevelClock {
            stages_ms,
            elapsed_ms: 0,
            run: ClockRun::Stopped,
        }
    }

    /// Total time run at `now`.
    pub fn elapsed_at(&self, now_ms: i64) -> u64 {
        match self.run {
            ClockRun::Running { since_ms } => self
                .elapsed_ms
                .saturating_add(u64::try_from(now_ms.saturating_sub(since_ms)).unwrap_or(0)),
            _ => self.elapsed_ms,
        }
    }

    /// Starts (or restarts after a pause) the clock at `now`.
    pub fn start(&mut self, now_ms: i64) {
        if !matches!(self.run, ClockRun::Running { .. }) {
            self.run = ClockRun::Running { since_ms: now_ms };
        }
    }

    /// Pauses at `now`: the time run so far is kept.
    pub fn pause(&mut self, now_ms: i64) {
        if matches!(self.run, ClockRun::Running { .. }) {
            self.elapsed_ms = self.elapsed_at(now_ms);
            self.run = ClockRun::Paused;
        }
    }

    /// Resumes a paused clock at `now` (as `start`).
    pub fn resume(&mut self, now_ms: i64) {
        self.start(now_ms);
    }

    /// Gives the stage running at `now` `secs` more seconds (negative:
    /// fewer, at most down to zero left: the stage ends now). The stage's
    /// length changes, so the stages after it keep theirs.
    pub fn adjust(&mut self, now_ms: i64, secs: i64) {
        let reading = self.at(now_ms);
        let Some(len) = self.stages_ms.get_mut(reading.stage) else {
            return;
        };
        let delta = secs.unsigned_abs().saturating_mul(1000);
        if secs >= 0 {
            *len = len.saturating_add(delta);
        } else {
            *len = len.saturating_sub(delta.min(reading.remaining_ms));
        }
    }

    /// Moves the clock to the start of `stage` at `now` (the TD sets the level).
    pub fn jump_to(&mut self, now_ms: i64, stage: usize) {
        let start: u64 = self.stages_ms.iter().take(stage).sum();
        self.set_elapsed(now_ms, start);
    }

    /// Puts the clock at `now` in `stage` with `remaining_ms` left in it,
    /// running or paused (another clock's reading, taken whole: the
    /// floor's). A stage given more time than it has is lengthened to it.
    pub fn set_to(&mut self, now_ms: i64, stage: usize, remaining_ms: u64, running: bool) {
        let start: u64 = self.stages_ms.iter().take(stage).sum();
        let Some(len) = self.stages_ms.get_mut(stage) else {
            return;
        };
        *len = (*len).max(remaining_ms);
        self.elapsed_ms = start.saturating_add(*len - remaining_ms);
        self.run = if running {
            ClockRun::Running { since_ms: now_ms }
        } else {
            ClockRun::Paused
        };
    }

    fn set_elapsed(&mut self, now_ms: i64, elapsed: u64) {
        self.elapsed_ms = elapsed;
        if let ClockRun::Running { .. } = self.run {
            self.run = ClockRun::Running { since_ms: now_ms };
        }
    }

    /// The stage in force at `now` and the time left in it.
    pub fn at(&self, now_ms: i64) -> ClockReading {
        let elapsed = self.elapsed_at(now_ms);
        let running = matches!(self.run, ClockRun::Running { .. });
        let mut start = 0u64;
        for (stage, len) in self.stages_ms.iter().enumerate() {
            let end = start.saturating_add(*len);
            if elapsed < end {
                return ClockReading {
                    stage,
                    remaining_ms: end - elapsed,
                    running,
                    finished: false,
                };
            }
            start = end;
        }
        ClockReading {
            stage: self.stages_ms.len().saturating_sub(1),
            remaining_ms: 0,
            running,
            finished: true,
        }
    }
}

/// The clock called on one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerClock {
    /// The seat on the clock.
    pub seat: Seat,
    /// When the clock was called.
    pub started_ms: i64,
    /// Seconds to act (the house's `clock.seconds`).
    pub seconds: u32,
    /// The final count (the house's `clock.countdown`).
    pub countdown: u32,
}

/// What a player clock reads at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerClockReading {
    /// Time to act left, in milliseconds (before the count).
    Thinking {
        /// Milliseconds left before the count starts.
        remaining_ms: u64,
    },
    /// The final count, in milliseconds left.
    Counting {
        /// Milliseconds left in the count.
        remaining_ms: u64,
    },
    /// Time is up: the dead-hand ruling is due (a tie goes to the player,
    /// TDA 27: the hand is dead only once the count is over).
    Expired,
}

impl PlayerClock {
    /// The clock called on `seat` at `now` with the house's times.
    pub fn call(seat: Seat, now_ms: i64, house: HouseClock) -> PlayerClock {
        PlayerClock {
            seat,
            started_ms: now_ms,
            seconds: house.seconds,
            countdown: house.countdown,
        }
    }

    /// What it reads at `now`.
    pub fn at(&self, now_ms: i64) -> PlayerClockReading {
        let run = u64::try_from(now_ms.saturating_sub(self.started_ms)).unwrap_or(0);
        let think = u64::from(self.seconds) * 1000;
        let count = u64::from(self.countdown) * 1000;
        if run < think {
            PlayerClockReading::Thinking {
                remaining_ms: think - run,
            }
        } else if run <= think + count {
            // At exactly zero the player still has the tie (TDA 27).
            PlayerClockReading::Counting {
                remaining_ms: think + count - run,
            }
        } else {
            PlayerClockReading::Expired
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_reached_is_read_at_the_next_instant_and_pauses_hold_it() {
        let mut c = LevelClock::new(vec![60_000, 60_000, 30_000]);
        assert_eq!(c.at(0).stage, 0);
        c.start(1_000);
        assert_eq!(c.at(31_000).remaining_ms, 30_000);
        c.pause(31_000);
        assert_eq!(c.at(500_000).remaining_ms, 30_000);
        c.resume(600_000);
        assert_eq!(c.at(630_000).stage, 1);
        c.adjust(630_000, 90);
        assert_eq!(c.at(630_000).stage, 1);
        assert_eq!(c.at(630_000).remaining_ms, 150_000);
        c.adjust(630_000, -600);
        assert_eq!(c.at(630_000).stage, 2);
        c.jump_to(630_000, 1);
        assert_eq!(c.at(640_000).remaining_ms, 20_000);
    }

    #[test]
    fn a_clock_set_to_another_reads_as_it_does() {
        let mut c = LevelClock::new(vec![60_000, 60_000, 30_000]);
        c.start(0);
        // Stage 2 with 20 s left, paused: read the same at any time after.
        c.set_to(5_000, 1, 20_000, false);
        let r = c.at(99_000);
        assert_eq!((r.stage, r.remaining_ms, r.running), (1, 20_000, false));
        // More time than the stage has: the stage is lengthened to it, and
        // the stages after keep theirs.
        c.set_to(100_000, 2, 45_000, true);
        let r = c.at(110_000);
        assert_eq!((r.stage, r.remaining_ms, r.running), (2, 35_000, true));
        assert_eq!(c.stages_ms, [60_000, 60_000, 45_000]);
        // A stage the clock does not have changes nothing.
        let before = c.clone();
        c.set_to(120_000, 7, 1_000, false);
        assert_eq!(c, before);
    }

    #[test]
    fn the_player_clock_counts_down_then_expires_after_the_tie() {
        let c = PlayerClock::call(
            Seat::new(4).expect("seat 4"),
            0,
            HouseClock {
                seconds: 50,
                countdown: 10,
            },
        );
        assert_eq!(
            c.at(49_000),
            PlayerClockReading::Thinking {
                remaining_ms: 1_000
            }
        );
        assert_eq!(
            c.at(60_000),
            PlayerClockReading::Counting { remaining_ms: 0 }
        );
        assert_eq!(c.at(60_001), PlayerClockReading::Expired);
    }
}
