//! The room's board (issue 36): what every display in the room shows,
//! worked out from the tournament as the engine folds it, at an instant.
//! A pure function ([`Board::of`]) of the floor's records and the
//! tables' journals, so a display shows what the floor decided and never
//! a copy kept by hand; the TD's screen reads the same questions of the
//! same state (`Floor::standing`, `Tournament::money`), so the two never
//! disagree.
//!
//! The clock is given as the instant its stage ends (`ends_ms`, the
//! floor's clock), not as a time left: each display counts down by
//! itself, and a board computed twice in one stage is the same board, so
//! a change is a change of the room, never of the second.

use serde::Serialize;

use super::Tournament;
use super::engine::MoneyView;
use crate::session::table::ordinal;
use crate::session::{ClockRun, Stage, Structure};
use crate::table::Chips;
use crate::values::Money;

/// How many busts the board lists, the last first.
pub const BUSTS_SHOWN: usize = 8;

/// Who is left and with what (the TD's counts line and the room's board).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Players still in: the field less the players placed, seated or
    /// not (a player drawn, or moving, is in before his table seats
    /// him).
    pub left: usize,
    /// The entries (re-entries included).
    pub field: u32,
    /// Players seated with chips.
    pub seated: usize,
    /// The average stack of the players seated (None: nobody is).
    pub average: Option<Chips>,
    /// The largest stack: its player, table and chips.
    pub largest: Option<(String, String, Chips)>,
    /// The winner and his table, once every place is given.
    pub winner: Option<(String, String)>,
}

impl super::Floor {
    /// Players left of the field, the average and the largest stack.
    pub fn standing(&self) -> Standing {
        let players: Vec<(String, String, Chips)> = self
            .tables
            .iter()
            .flat_map(|t| {
                t.players()
                    .into_iter()
                    .map(|(_, name, chips)| (name, t.name.clone(), chips))
            })
            .collect();
        let seated = players.len();
        let total: u64 = players.iter().map(|p| p.2.get()).sum();
        let left = (self.field as usize)
            .saturating_sub(self.busts.len())
            .max(seated);
        let largest = players.iter().max_by_key(|p| p.2).cloned();
        Standing {
            left,
            field: self.field,
            seated,
            average: (seated > 0).then(|| Chips(total / seated as u64)),
            largest,
            winner: self.winner(),
        }
    }
}

/// One stage of the structure as the room reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardStage {
    /// Its place in the structure (0: the first stage): a display knows
    /// a new stage by it, whatever the clock does.
    pub index: usize,
    /// `level` or `break`.
    pub kind: &'static str,
    /// `Level 3`, or `Break`.
    pub title: String,
    /// The blinds (`200/400`; on a break, the level's before it).
    pub blinds: String,
    /// The ante (`ante 50`, `bb-ante 400`; None: no ante).
    pub ante: Option<String>,
    /// Its length in minutes.
    pub minutes: u32,
    /// Why the room breaks, when the structure says (`colour-up of the
    /// 25s`).
    pub reason: Option<String>,
}

impl BoardStage {
    /// Stage `i` of `structure`.
    fn of(structure: &Structure, i: usize) -> Option<BoardStage> {
        let stage = structure.stages.get(i)?;
        let blinds = structure.blinds_at(i);
        let (small_big, ante) = match blinds {
            Some(b) => {
                let text = b.text();
                let small_big = format!("{}/{}", b.small, b.big);
                let ante = text
                    .strip_prefix(&small_big)
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_string);
                (small_big, ante)
            }
            None => (String::new(), None),
        };
        Some(match stage {
            Stage::Level { minutes, .. } => BoardStage {
                index: i,
                kind: "level",
                title: format!("Level {}", structure.level_number(i)),
                blinds: small_big,
                ante,
                minutes: *minutes,
                reason: None,
            },
            Stage::Break { minutes } => BoardStage {
                index: i,
                kind: "break",
                title: "Break".into(),
                blinds: small_big,
                ante,
                minutes: *minutes,
                reason: colour_up_reason(&structure.colour_ups(i)),
            },
        })
    }
}

/// `colour-up of the 25s`, `colour-up of the 25s and 100s`.
fn colour_up_reason(chips: &[Chips]) -> Option<String> {
    let names: Vec<String> = chips.iter().map(|c| format!("{c}s")).collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(format!("colour-up of the {one}")),
        [rest @ .., last] => Some(format!("colour-up of the {} and {last}", rest.join(", "))),
    }
}

/// The floor's clock as a display runs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardClock {
    /// `running`, `paused`, `not-started` or `finished`.
    pub state: &'static str,
    /// While it runs: the instant (ms since 1970, the floor's clock) the
    /// stage ends.
    pub ends_ms: Option<i64>,
    /// What is left of the stage when it is not running.
    pub remaining_ms: u64,
}

/// A player out, as the room reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardBust {
    /// `12th` (`4th=` for a place shared).
    pub place: String,
    /// The player.
    pub player: String,
    /// His table.
    pub table: String,
    /// What he won, when he is paid.
    pub won: Option<String>,
}

/// A move the tables have yet to carry out: who goes to which table and
/// seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardMove {
    /// The player.
    pub player: String,
    /// The table and seat he leaves (`T3 seat 4`).
    pub from: String,
    /// The table and seat he goes to (`T1 seat 7`).
    pub to: String,
}

/// The room's money as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardMoney {
    /// The pool (`1,350`), `, the guarantee` when it is.
    pub pool: String,
    /// The entries.
    pub entries: u32,
    /// Each place paid and its prize, first place first (`1st`, `675`).
    pub payouts: Vec<(String, String)>,
    /// Why the payouts cannot be given (a sentence), if they cannot.
    pub payouts_problem: Option<String>,
    /// Where the room stands against the money: `3 paid: 2 more out
    /// before the money`, `BUBBLE: ...`, `in the money: ...`.
    pub money_line: Option<String>,
}

/// Everything a display of the room shows (serialised as the page's
/// snapshot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The tournament's name.
    pub tournament: String,
    /// The stage in force (None: the structure has no stage).
    pub stage: Option<BoardStage>,
    /// The clock.
    pub clock: BoardClock,
    /// The stage after it.
    pub next: Option<BoardStage>,
    /// Players left, the average and the largest stack.
    pub standing: Standing,
    /// The money (None: the tournament has none).
    pub money: Option<BoardMoney>,
    /// Registration open or closed, in words (None: no money).
    pub registration: Option<String>,
    /// The last players out, the last first.
    pub busts: Vec<BoardBust>,
    /// The moves due.
    pub moves: Vec<BoardMove>,
    /// Hand-for-hand, in a line, while it is on.
    pub hand_for_hand: Option<String>,
    /// The TD's line.
    pub message: Option<String>,
}

impl Board {
    /// The board of `tournament` (named `name`) at `now_ms`.
    pub fn of(tournament: &Tournament, name: &str, now_ms: i64) -> Board {
        let structure = tournament.structure();
        let (at, clock) = match tournament.clock() {
            None => (
                0,
                BoardClock {
                    state: "not-started",
                    ends_ms: None,
                    remaining_ms: structure.stages.first().map_or(0, Stage::ms),
                },
            ),
            Some(c) => {
                let r = c.at(now_ms);
                let state = match c.run {
                    _ if r.finished => "finished",
                    ClockRun::Running { .. } => "running",
                    ClockRun::Paused => "paused",
                    ClockRun::Stopped => "not-started",
                };
                let running = state == "running";
                let remaining = i64::try_from(r.remaining_ms).unwrap_or(i64::MAX);
                (
                    r.stage,
                    BoardClock {
                        state,
                        ends_ms: running.then(|| now_ms.saturating_add(remaining)),
                        remaining_ms: if running { 0 } else { r.remaining_ms },
                    },
                )
            }
        };
        let floor = tournament.floor();
        let standing = floor.standing();
        let money = tournament.money(now_ms);
        let won = tournament
            .winnings()
            .and_then(Result::ok)
            .unwrap_or_default();
        let placed: Vec<_> = floor.busts.iter().filter(|b| b.place > 0).collect();
        let busts = placed
            .iter()
            .rev()
            .take(BUSTS_SHOWN)
            .map(|b| {
                let tie = placed.iter().filter(|o| o.place == b.place).count() > 1;
                BoardBust {
                    place: format!("{}{}", ordinal(b.place), if tie { "=" } else { "" }),
                    player: b.player.clone(),
                    table: b.table.clone(),
                    won: won
                        .get(&b.player)
                        .filter(|m| m.get() > 0)
                        .map(Money::to_string),
                }
            })
            .collect();
        let moves = tournament
            .orders()
            .iter()
            .map(|(m, _)| BoardMove {
                player: m.player.clone(),
                from: format!("{} seat {}", m.from, m.from_seat),
                to: format!("{} seat {}", m.to, m.to_seat),
            })
            .collect();
        let over = standing.winner.is_some();
        Board {
            tournament: name.to_string(),
            stage: BoardStage::of(structure, at),
            next: (!clock_finished(&clock))
                .then(|| BoardStage::of(structure, at + 1))
                .flatten(),
            clock,
            money: money.as_ref().map(|m| board_money(m, floor)),
            registration: money.as_ref().map(|m| m.registration.text()),
            standing,
            busts,
            moves,
            hand_for_hand: floor.hand_for_hand_status().filter(|_| !over),
            message: tournament.message().map(str::to_string),
        }
    }
}

fn clock_finished(clock: &BoardClock) -> bool {
    clock.state == "finished"
}

/// The money as the board shows it.
fn board_money(m: &MoneyView, floor: &super::Floor) -> BoardMoney {
    let pool = if m.guaranteed {
        format!("{}, the guarantee", m.pool)
    } else {
        m.pool.to_string()
    };
    let (payouts, problem) = match &m.prizes {
        Some(Ok(prizes)) => (
            prizes
                .iter()
                .zip(1..)
                .map(|(p, place)| (ordinal(place), p.to_string()))
                .collect(),
            None,
        ),
        Some(Err(e)) => (Vec::new(), Some(e.to_string())),
        None => (Vec::new(), None),
    };
    let paid = payouts.len();
    let out = floor.busts.iter().filter(|b| b.place > 0).count();
    let left = (m.entries as usize).saturating_sub(out);
    let money_line = (paid > 0 && m.entries > 0).then(|| {
        if m.bubble {
            format!("BUBBLE: {paid} paid, the next player out is the last one unpaid")
        } else if left <= paid {
            format!("In the money: {paid} paid, every player left wins a prize")
        } else {
            let more = left - paid;
            format!(
                "{paid} paid: {more} more {} before the money",
                if more == 1 {
                    "player out"
                } else {
                    "players out"
                }
            )
        }
    });
    BoardMoney {
        pool,
        entries: m.entries,
        payouts,
        payouts_problem: problem,
        money_line,
    }
}
