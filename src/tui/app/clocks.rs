//! The table around the hand: session lines from the command bar (`seat 7
//! sit 10000 Ann`, `level 200/400 ante 50`, `clock pause`), the level
//! clock's pause key, the player clock's key, and the tick that looks at
//! the clocks when no key comes: a new level or a player's time running
//! out is said on the status line and rings the bell (unless `--no-bell`).

use super::{App, Prompt, PromptKind, Why};
use crate::journal::Session;
use crate::notation::format_command;
use crate::session::{ClockRun, PlayerClockReading, TableCommand, TableEvent};

impl App {
    /// What the screen's clocks show of `session`: the level clock's stage
    /// (when there is a structure) and the second.
    pub(super) fn clocks_of(session: &Session) -> (Option<usize>, i64) {
        if !timed(session) {
            return (None, 0);
        }
        let now = session.now_ms();
        let stage = session
            .table()
            .filter(|t| !t.structure.stages.is_empty())
            .map(|t| t.level_clock.at(now).stage);
        (stage, now.div_euclid(1000))
    }

    /// Whether the screen shows a running time (the level clock or a
    /// player clock), so that it is drawn again every second.
    fn shows_time(&self) -> bool {
        self.session
            .as_ref()
            .and_then(Session::table)
            .is_some_and(|t| {
                // A break at the table counts (down, or up when untimed).
                t.player_clock.is_some()
                    || t.table_break.is_some()
                    || (!t.structure.stages.is_empty() && t.level_clock.run != ClockRun::Paused)
            })
    }

    /// Looks at the clocks, the link to the floor and the floor's orders
    /// (the loop calls it whenever no key came, and after each key).
    /// Returns whether the screen must be drawn again.
    pub fn tick(&mut self) -> bool {
        let clocks = self.tick_clocks();
        let link = self.poke_link();
        let floor = self.look_at_floor();
        clocks || link || floor
    }

    /// Looks at the clocks: a player clock that has run out is journaled
    /// and the dead-hand ruling offered; a level the clock has reached is
    /// announced for the next hand. Returns whether the screen must be
    /// drawn again.
    fn tick_clocks(&mut self) -> bool {
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        if !timed(session) {
            return false;
        }
        let now = session.now_ms();
        let mut changed = false;
        match session.tick(now) {
            Ok(Some(TableEvent::PlayerClockExpired { seat, .. })) => {
                self.bell_due = self.bell;
                changed = true;
                let text = format!(
                    "Seat {}'s time is up (the count is over): the hand is dead. Enter rules it (floor dead-hand); Esc leaves it to the floor.",
                    seat.number()
                );
                // The ruling is offered where it cannot take a key meant
                // for something else: only when nothing else is open, and
                // the keys typed as it opens are held (not taken) until
                // the keyboard is quiet.
                let offered =
                    self.prompt.is_none() && self.ruling.is_none() && self.overlay.is_none();
                if offered {
                    let mut prompt = Prompt::new(PromptKind::Floor);
                    prompt.text = "dead-hand".into();
                    self.prompt = Some(prompt);
                }
                self.refuse(text);
                if offered {
                    self.hold(Why::Opened);
                }
            }
            Ok(_) => {}
            Err(e) => {
                self.refuse(e);
                changed = true;
            }
        }
        let Some(session) = self.session.as_ref() else {
            return changed;
        };
        let seen = Self::clocks_of(session);
        let before = self.clocks_seen.replace(seen);
        if let (Some((Some(old), _)), (Some(new), _)) = (before, seen)
            && new != old
            && let Some(text) = self.stage_began_text()
        {
            self.info(text);
            self.bell_due = self.bell;
            changed = true;
        }
        changed || (before.map(|b| b.1) != Some(seen.1) && self.shows_time())
    }

    /// Whether the bell is due (and forgets it): the loop rings it.
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.bell_due)
    }

    /// A session line from the command bar: decided by the table,
    /// journaled, then said. Returns whether it was taken.
    pub(super) fn table_line(&mut self, command: TableCommand, line: String) -> bool {
        if command == TableCommand::NextHand {
            return self.next_hand();
        }
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let now = session.now_ms();
        // Race cards the dealer did not key: a shuffle seeded by the time,
        // whose cards are journaled (the race reads back as dealt).
        let mut draw = crate::session::table::seeded_draw(now.unsigned_abs());
        match session.table_line(&command, Some(line), now, &mut draw) {
            Ok(events) => {
                let said: Vec<String> = events.iter().map(ToString::to_string).collect();
                let number = session.header().number;
                let unpayable = matches!(command, TableCommand::ColourUp { .. })
                    .then(|| session.table()?.blind_unpayable(now))
                    .flatten();
                self.table_notes
                    .extend(said.iter().map(|s| (number, s.clone())));
                self.info(if said.is_empty() {
                    "Done.".to_string()
                } else {
                    said.join(" ")
                });
                // A chip the next hand's blinds still need, coloured up:
                // said, not left to the deal.
                if let Some((blinds, amount)) = unpayable {
                    self.refuse(format!(
                        "{} But the next hand's blinds are {}: {amount} cannot be paid in the chips left. Key the next level (level 100/200) before the next hand.",
                        said.join(" "),
                        blinds.text()
                    ));
                }
                self.clocks_seen = self.session.as_ref().map(Self::clocks_of);
                true
            }
            Err(e) => {
                self.refuse(e);
                false
            }
        }
    }

    /// The table's level clock, or a refusal saying there is none.
    fn level_clock(&mut self) -> Option<&crate::session::LevelClock> {
        let has = self
            .session
            .as_ref()
            .and_then(Session::table)
            .is_some_and(|t| !t.structure.stages.is_empty());
        if !has {
            self.refuse("There is no level clock: start the table with --levels or --structure (or a house with levels).");
            return None;
        }
        self.session
            .as_ref()
            .and_then(Session::table)
            .map(|t| &t.level_clock)
    }

    /// The level clock's keys: a minute more or less (`clock adjust`).
    pub(super) fn adjust_level_clock(&mut self, secs: i64) {
        if self.floor_holds_clock() || self.level_clock().is_none() {
            return;
        }
        let stage = |app: &Self| {
            let session = app.session.as_ref()?;
            let now = session.now_ms();
            Some(session.table()?.level_clock.at(now).stage)
        };
        let before = stage(self);
        let taken = self.table_line(
            TableCommand::ClockAdjust(secs),
            format!("clock adjust {secs:+}"),
        );
        let after = stage(self);
        if taken && after != before {
            // The minute went past the level's end: the next began, the
            // time over taken from it (said now, not at the next tick).
            self.clocks_seen = self.session.as_ref().map(Self::clocks_of);
            if let Some(text) = self.stage_began_text() {
                self.info(text);
            }
        }
    }

    /// What the status line says as the clock reaches a new stage: the
    /// level and its blinds from the next hand, or the break.
    fn stage_began_text(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        let table = session.table()?;
        let now = session.now_ms();
        let level = table.level_number_at(now);
        let stage = table.level_clock.at(now).stage;
        Some(match table.structure.blinds_at(stage) {
            _ if table.break_at(now) => {
                format!("Break: level {level} is over. The clock runs the break.")
            }
            Some(blinds) => format!(
                "Level {level}: {} from the next hand (the hand in play keeps its blinds).",
                blinds.text()
            ),
            None => format!("Level {level} starts with the next hand."),
        })
    }

    /// The level clock's key: pauses a running clock, runs a paused one.
    pub(super) fn toggle_level_clock(&mut self) {
        if self.floor_holds_clock() {
            return;
        }
        let Some(clock) = self.level_clock() else {
            return;
        };
        let (command, line) = match clock.run {
            ClockRun::Paused => (TableCommand::ClockResume, "clock resume"),
            _ => (TableCommand::ClockPause, "clock pause"),
        };
        self.table_line(command, line.into());
    }

    /// The player clock's key: calls the clock on the seat to act (as the
    /// floor's `floor clock`, with its ruling), or stops the one running.
    pub(super) fn player_clock_key(&mut self) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        if session.table().is_some_and(|t| t.player_clock.is_some()) {
            self.table_line(TableCommand::ClockStop, "clock stop".into());
            return;
        }
        let command = crate::table::Command::Floor(crate::table::Irregularity::Clock);
        let line = format_command(&command);
        self.submit(command, line);
    }

    /// The player clock as the screen shows it: `Clock on seat 4: 0:42` (or
    /// the count, or time up).
    pub fn player_clock_text(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        let clock = session.table()?.player_clock?;
        let seat = clock.seat.number();
        Some(match clock.at(session.now_ms()) {
            PlayerClockReading::Thinking { remaining_ms } => {
                format!("Clock on seat {seat}: {}", minutes_seconds(remaining_ms))
            }
            PlayerClockReading::Counting { remaining_ms } => {
                format!(
                    "Clock on seat {seat}: COUNT {}",
                    remaining_ms.div_ceil(1000)
                )
            }
            PlayerClockReading::Expired => format!("Clock on seat {seat}: TIME"),
        })
    }
}

/// Whether the table keeps a time (a level clock or a clock on a player).
/// Only then is the clock read: a journal's test clock moves on at every
/// reading.
fn timed(session: &Session) -> bool {
    session.table().is_some_and(|t| {
        !t.structure.stages.is_empty() || t.player_clock.is_some() || t.table_break.is_some()
    })
}

/// `12:05` from milliseconds (rounded up: 0:01 until the last second is out).
pub fn minutes_seconds(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}
