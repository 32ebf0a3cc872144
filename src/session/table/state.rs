//! The table's state between hands: who sits where (`Player`, `Presence`),
//! the places of those out (`Finish`), the button's positions
//! (`Positions`), the last deal, the break, the chip ledger and the
//! clocks, all held in `Table`, with the questions the screen asks of it
//! at a given time (the blinds, the level, the player clock). What changes
//! it flows in from `apply`; nothing here decides or folds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::session::clock::{LevelClock, PlayerClock, PlayerClockReading};
use crate::session::structure::{Blinds, Stage, Structure};
use crate::table::eval::HandRank;
use crate::table::event::{BlindSeats, Post, TableSetup};
use crate::table::{Chips, Command, Event, Irregularity, Seat};
use crate::values::money::Buy;

/// What a player is doing at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Presence {
    /// In his seat and playing.
    Playing,
    /// Away from the table: dealt in, blinds and antes posted, the hand
    /// killed after the deal (TDA 29).
    Away,
    /// Sitting out (on penalty, TDA 66-C): as away.
    SittingOut,
}

/// A player in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name, as the dealer keyed it (may be empty).
    pub name: String,
    /// Chips behind.
    pub chips: Chips,
    /// Playing, away or sitting out.
    pub presence: Presence,
    /// Seated since the last hand began: dealt in only where a new player
    /// may be (not between the small blind and the button).
    pub new: bool,
    /// Hands still to miss on penalty, the one in play included (TDA
    /// 66-C: dealt, blinds and antes posted, the hand killed); 0: none.
    #[serde(default)]
    pub penalty: u32,
    /// A stack placed for a late entrant, not yet taken (UPT Tournament
    /// 6): dealt in, it is no player: it has no place, and a move, a
    /// count or a deal passes it by.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub placed: bool,
}

/// The name a placed stack shows until a late entrant takes it (UPT
/// Tournament 6).
pub const PLACED: &str = "(placed stack)";

/// A player who has busted and the place he finished in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// The place (1 is the winner).
    pub place: u32,
    /// The seat he left.
    pub seat: Seat,
    /// His name.
    pub name: String,
    /// The hand he busted in.
    pub hand: u32,
    /// He shares the place of the finish before him: out in the same
    /// hand with the same starting stack (UPT Tournament 35: "equal
    /// amount of chips receive equal prize money"), shown `4th=`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tied: bool,
    /// He was disqualified (TDA 66-D: his chips removed from play): out
    /// below everyone still in, shown `4th (disqualified)`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disqualified: bool,
    /// The hand he showed with the whole board, if he showed one: of
    /// players sharing a place, the best hand on the deal takes a unit of
    /// their prizes that does not divide (UPT Tournament 35), whichever
    /// table each was at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<HandRank>,
}

impl Finish {
    /// His place as shown: `4th`, or `4th=` when another of `all` (the
    /// finishes he is listed among) shares it.
    pub fn place_text(&self, all: &[Finish]) -> String {
        let shared = all.iter().filter(|f| f.place == self.place).count() > 1;
        format!(
            "{}{}{}",
            ordinal(self.place),
            if shared { "=" } else { "" },
            if self.disqualified {
                " (disqualified)"
            } else {
                ""
            }
        )
    }
}

/// A player who left the table with his chips (`seat 4 leave`: a move to
/// another table, the floor's order): the floor reads from it the chips
/// the player takes to his new seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Departure {
    /// His name.
    pub name: String,
    /// The seat he left.
    pub seat: Seat,
    /// The chips he took.
    pub chips: Chips,
    /// The table's last hand begun when he left.
    pub after_hand: u32,
}

/// A stack the floor corrected here (`seat 3 correct 1200`): the floor
/// reads from it whether its order is carried out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// The player.
    pub name: String,
    /// His seat.
    pub seat: Seat,
    /// The stack before (0: he returned, out by mistake).
    pub from: Chips,
    /// The stack after.
    pub to: Chips,
}

/// Chips bought from the floor and carried out at the table (`seat 3
/// rebuy 5000`): the floor reads from it whether its order is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bought {
    /// The player.
    pub name: String,
    /// His seat.
    pub seat: Seat,
    /// A rebuy or an add-on.
    pub buy: Buy,
    /// The chips.
    pub chips: Chips,
}

/// Where the button and the blinds were in a hand (positions, which may be
/// empty seats: the dead button and the dead small blind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Positions {
    /// The button.
    pub button: Seat,
    /// The small blind's position (no one may have posted it).
    pub small: Seat,
    /// The big blind.
    pub big: Seat,
}

impl Positions {
    /// Where the button and blinds were in a started hand: its setup and
    /// the events of its start (the blinds posted).
    pub fn of(setup: &TableSetup, events: &[Event]) -> Positions {
        let posted = |want: Post| {
            events.iter().find_map(|e| match e {
                Event::Posted { seat, post, .. } if *post == want => Some(*seat),
                _ => None,
            })
        };
        let big = posted(Post::BigBlind).unwrap_or(setup.button);
        // A dead small blind keeps its position: the old big blind's seat.
        let small = match setup.blind_seats {
            Some(BlindSeats { small: None, .. }) => None,
            _ => posted(Post::SmallBlind),
        };
        let small = small.unwrap_or_else(|| {
            setup
                .button
                .clockwise_after()
                .take_while(|s| *s != big)
                .last()
                .unwrap_or(setup.button)
        });
        Positions {
            button: setup.button,
            small,
            big,
        }
    }
}

/// A hand's deal as it began: what a misdeal's re-deal replays (TDA
/// 34-C: "the button does not move, no new players are seated, and limits
/// stay the same").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The setup dealt.
    pub setup: TableSetup,
    /// Where the button and blinds were.
    pub positions: Positions,
    /// The level clock's stage then.
    pub stage: Option<usize>,
}

/// Where a `button 4` line put the button, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ButtonSetAt {
    /// The seat.
    pub seat: Seat,
    /// The table's last hand when it was set (0: before the first).
    pub after_hand: u32,
}

/// A break called at the table (`break` or `break 15`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableBreak {
    /// When it began.
    pub from_ms: i64,
    /// When it ends, for a break of a given length (the level clock was
    /// given the same time, so the level resumes after it); `None`: until
    /// the next hand (the level clock paused meanwhile).
    pub until_ms: Option<i64>,
    /// Whether the break paused a running level clock.
    pub paused_clock: bool,
}

/// What a hand's end changed at the table, kept until the table changes
/// otherwise: an undo in the hand reopens it (`HandReopened`).
#[derive(Debug, Clone, PartialEq)]
pub struct EndTaken {
    /// Each seat the end touched, as it was (None: empty).
    pub(super) seats: Vec<(Seat, Option<Player>)>,
    /// The places before.
    pub(super) places: Vec<Finish>,
    /// The ledger before.
    pub(super) ledger: Ledger,
    /// Whether a re-deal was due before.
    pub(super) redeal_due: bool,
}

/// The chips that came to the table and went from it: the sum of the
/// stacks is always `entered + added - left + coloured_up - coloured_down
/// + corrected_up - corrected_down` (`Table::chips_expected`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// Starting stacks of everyone seated.
    pub entered: u64,
    /// Chips added (re-entries, top-ups).
    pub added: u64,
    /// Chips that left with a player moved out.
    pub left: u64,
    /// Chips a colour-up added (rounding up, races).
    pub coloured_up: u64,
    /// Chips a colour-up took away (odd chips lost in a race).
    pub coloured_down: u64,
    /// Chips the floor's corrections added (a stack set higher, a player
    /// out by mistake back with his chips).
    #[serde(default)]
    pub corrected_up: u64,
    /// Chips the floor's corrections took away.
    #[serde(default)]
    pub corrected_down: u64,
}

/// The table: players, positions, the level and the clocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Who sits where.
    pub seats: BTreeMap<Seat, Player>,
    /// Players who busted, best place first.
    pub places: Vec<Finish>,
    /// Players who left with their chips, in the order they left.
    #[serde(default)]
    pub departures: Vec<Departure>,
    /// The floor's corrections carried out here, in order.
    #[serde(default)]
    pub corrections: Vec<Correction>,
    /// The rebuys and add-ons the floor sold, carried out here, in order.
    #[serde(default)]
    pub bought: Vec<Bought>,
    /// The number of the last hand begun (0: none yet).
    pub hand: u32,
    /// Whether a hand is being played.
    pub in_hand: bool,
    /// Where the button and blinds were in the last hand.
    pub positions: Option<Positions>,
    /// The button for the first hand (before any positions).
    pub first_button: Seat,
    /// The last `button` line's seat and hand (the floor's button order
    /// reads it: done once the table has set it since the draw).
    #[serde(default)]
    pub button_set: Option<ButtonSetAt>,
    /// The blind structure (may be empty: the TD keys levels).
    pub structure: Structure,
    /// The level clock over the structure.
    pub level_clock: LevelClock,
    /// Blinds the TD set for the next hand, with the clock stage then.
    pub set_blinds: Option<(Blinds, usize)>,
    /// The blinds of the last hand begun.
    pub blinds: Option<Blinds>,
    /// The clock on a player, if called.
    pub player_clock: Option<PlayerClock>,
    /// Whether the player clock's running out has been journaled.
    #[serde(default)]
    pub player_clock_expired: bool,
    /// Hand-for-hand play (TDA RP, Redtooth 53-54).
    pub hand_for_hand: bool,
    /// Whether a break has been called and no hand has begun since.
    pub on_break: bool,
    /// The break called at the table, while it lasts.
    #[serde(default)]
    pub table_break: Option<TableBreak>,
    /// The last hand's deal, for a misdeal's re-deal.
    #[serde(default)]
    pub last_deal: Option<Deal>,
    /// A misdeal ended the last hand: the next deal is its re-deal.
    #[serde(default)]
    pub redeal_due: bool,
    /// What the last hand's end changed, while nothing else has: an undo
    /// in that hand reopens it.
    #[serde(skip)]
    pub end_taken: Option<Box<EndTaken>>,
    /// Chip denominations in play, smallest first.
    pub denominations: Vec<Chips>,
    /// Chips in and out.
    pub ledger: Ledger,
    /// The table runs light (`light on`): no hand is keyed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub light: bool,
    /// At a light table, the chips that changed hands unseen since the
    /// last count: a player out's chips, less what counts found more
    /// (negative when a count finds chips another's stack still holds).
    /// The stacks and these always add up to the ledger.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub uncounted: i64,
    /// The chip counts journaled (`count ...`): the floor's count keyed
    /// for this table is carried out once there is one more than it saw.
    #[serde(default)]
    pub counts: u32,
    /// Script time (for scenario files): milliseconds passed.
    pub script_ms: i64,
}

impl Table {
    /// A new table: its first button, structure and chips, nobody seated.
    pub fn new(first_button: Seat, structure: Structure, denominations: Vec<Chips>) -> Table {
        let level_clock = LevelClock::new(structure.stage_ms());
        Table {
            seats: BTreeMap::new(),
            places: Vec::new(),
            departures: Vec::new(),
            corrections: Vec::new(),
            bought: Vec::new(),
            hand: 0,
            in_hand: false,
            positions: None,
            first_button,
            button_set: None,
            structure,
            level_clock,
            set_blinds: None,
            blinds: None,
            player_clock: None,
            player_clock_expired: false,
            hand_for_hand: false,
            on_break: false,
            table_break: None,
            last_deal: None,
            redeal_due: false,
            end_taken: None,
            denominations,
            ledger: Ledger::default(),
            light: false,
            uncounted: 0,
            counts: 0,
            script_ms: 0,
        }
    }

    /// The next hand is dealt as a first hand from `seat`: every player
    /// seated dealt in, the blinds the two seats after it.
    pub(super) fn first_hand_from(&mut self, seat: Seat) {
        self.positions = None;
        self.first_button = seat;
        for p in self.seats.values_mut() {
            p.new = false;
        }
    }

    /// The chips the stacks must add up to (the ledger).
    pub fn chips_expected(&self) -> u64 {
        let l = &self.ledger;
        (l.entered + l.added + l.coloured_up + l.corrected_up)
            .saturating_sub(l.left + l.coloured_down + l.corrected_down)
    }

    /// The chips at the table: the stacks, and at a light table the chips
    /// not yet counted to anyone.
    pub fn chips_seated(&self) -> u64 {
        let stacks: u64 = self.seats.values().map(|p| p.chips.get()).sum();
        stacks.saturating_add_signed(self.uncounted)
    }

    /// The players still in (seated with chips).
    pub fn players_in(&self) -> usize {
        self.seats
            .values()
            .filter(|p| !p.chips.is_zero() && !p.placed)
            .count()
    }

    /// The blinds the next hand would be dealt with at `now`: the level
    /// the clock has reached (TDA 22: a level reached applies to the next
    /// hand), unless the TD set one since the clock last moved on.
    pub fn blinds_at(&self, now_ms: i64) -> Option<Blinds> {
        let stage = self.level_clock.at(now_ms).stage;
        match self.set_blinds {
            Some((b, set_at)) if set_at == stage || self.structure.stages.is_empty() => Some(b),
            _ => self
                .structure
                .blinds_at(stage)
                .or(self.set_blinds.map(|(b, _)| b)),
        }
    }

    /// The next hand's blind or ante (at `now`) that the table's chips
    /// cannot pay (not a multiple of its smallest chip): after a
    /// colour-up that took out a chip the level still needs.
    pub fn blind_unpayable(&self, now_ms: i64) -> Option<(Blinds, Chips)> {
        let smallest = *self.denominations.first()?;
        let b = self.blinds_at(now_ms)?;
        [b.small, b.big, b.ante]
            .into_iter()
            .find(|a| !a.is_zero() && !smallest.is_zero() && a.get() % smallest.get() != 0)
            .map(|a| (b, a))
    }

    /// The 1-based level number the clock is in at `now` (0 without a structure).
    pub fn level_number_at(&self, now_ms: i64) -> usize {
        if self.structure.stages.is_empty() {
            return 0;
        }
        self.structure
            .level_number(self.level_clock.at(now_ms).stage)
    }

    /// The break the table is in at `now`, if any: one called at the table
    /// with its time left (`None` for one open until the next hand), or
    /// the structure's own break stage with the stage's time left. A break
    /// of given minutes that has run out is over.
    pub fn break_in_force(&self, now_ms: i64) -> Option<Option<u64>> {
        match self.table_break {
            Some(b) => match b.until_ms {
                Some(until) if until <= now_ms => None,
                Some(until) => Some(u64::try_from(until - now_ms).ok()),
                None => Some(None),
            },
            None if self.break_at(now_ms) => Some(Some(self.level_clock.at(now_ms).remaining_ms)),
            None => None,
        }
    }

    /// Whether the clock is in a break at `now`.
    pub fn break_at(&self, now_ms: i64) -> bool {
        let stage = self.level_clock.at(now_ms).stage;
        matches!(self.structure.stages.get(stage), Some(Stage::Break { .. }))
    }

    /// When the player clock has run out at `now`: the command the floor
    /// should rule (the seat's hand is dead, TDA 27), to suggest.
    pub fn player_clock_due(&self, now_ms: i64) -> Option<(Seat, Command)> {
        let clock = self.player_clock?;
        (clock.at(now_ms) == PlayerClockReading::Expired)
            .then_some((clock.seat, Command::Floor(Irregularity::DeadHand)))
    }

    /// Whether the last hand's end can still be taken back (nothing but
    /// the clocks changed the table since).
    pub fn can_reopen(&self) -> bool {
        self.end_taken.is_some()
    }

    /// The seats that posted the blinds in a hand's events (for display).
    pub fn posted(events: &[Event]) -> Vec<(Seat, Post, Chips)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Posted { seat, post, amount } => Some((*seat, *post, *amount)),
                _ => None,
            })
            .collect()
    }
}

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Whether `n` is 0 (a field written only when it is not).
fn is_zero(n: &i64) -> bool {
    *n == 0
}
