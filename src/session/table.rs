//! The table between hands: who sits where with how many chips, the
//! button's positions, the hand number, the blinds in force, the clocks and
//! the finishing places. It is event-sourced like a hand: `Table::decide`
//! checks a `TableCommand` against the table (at an injected time) and
//! returns `TableEvent`s or a refusal; `Table::apply` folds an event, never
//! fails and checks nothing; a journal of events replays to the same table.
//!
//! A hand in play is a `table::Hand`; `Table::next_setup` builds its
//! `TableSetup` (stacks carried, blinds placed by the moving big blind,
//! waiting and away seats) and `Table::hand_over` reads the finished hand
//! back (stacks, busts and places).
//!
//! Rules cited: TDA 7 and 9, Nuts 9, Redtooth 50, UPT Tournament 16 (a new
//! player is not dealt in between the small blind and the button); TDA 22,
//! Nuts 23, Redtooth 44, UPT Tournament 10 (a new level applies to the next
//! hand); TDA 29 and 66-C (a player away is dealt in, posts and his hand is
//! killed); TDA 31, Nuts 33, Redtooth 21-24, UPT Tournament 30 (dead button:
//! the big blind moves on one seat each hand, so no one misses it); TDA 33,
//! Nuts 35, UPT Tournament 31 (heads-up: the player who had the big blind
//! last gets the button); UPT Tournament 35 (two busting in one hand: the
//! one who started it with more chips places higher); Redtooth 56 (the
//! break top-up); TDA 23, Nuts 24, Redtooth 46, UPT Tournament 11
//! (colour-up, `colour_up`); TDA 27 and the others (the player clock).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::clock::{LevelClock, PlayerClock, PlayerClockReading};
use super::colour_up::{ColourChange, colour_up};
use super::structure::{Blinds, Stage, Structure};
use crate::rules::{AfterBreak, HouseRules, NewPlayerWaits, RulingId};
use crate::table::event::{BlindSeats, Post, TableSetup};
use crate::table::state::HandState;
use crate::table::{Card, Chips, Command, Event, Irregularity, Seat, Street};

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
}

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
    seats: Vec<(Seat, Option<Player>)>,
    /// The places before.
    places: Vec<Finish>,
    /// The ledger before.
    ledger: Ledger,
    /// Whether a re-deal was due before.
    redeal_due: bool,
}

/// The chips that came to the table and went from it: the sum of the
/// stacks is always `entered + added - left + coloured_up - coloured_down`
/// (`Table::chips_expected`).
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
}

/// A line for the table between hands (or about the clocks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableCommand {
    /// `hand`: the next hand starts.
    NextHand,
    /// `level 200/400 ante 50`: the blinds for the next hand.
    SetLevel(Blinds),
    /// `seat 7 sit 10000 Ann`: a player takes an empty seat.
    Sit {
        /// The seat.
        seat: Seat,
        /// Starting chips.
        chips: Chips,
        /// The name.
        name: String,
    },
    /// `seat 3 leave`: a player leaves with his chips (moved to another table).
    Leave(Seat),
    /// `seat 3 away`.
    Away(Seat),
    /// `seat 3 back`.
    Back(Seat),
    /// `seat 3 sitout`.
    SitOut(Seat),
    /// `seat 2 add 1500`: chips added (a re-entry, a top-up).
    Add {
        /// The seat.
        seat: Seat,
        /// Chips added.
        chips: Chips,
    },
    /// `seat 2 name Bob`.
    Rename {
        /// The seat.
        seat: Seat,
        /// The new name.
        name: String,
    },
    /// `break [MINUTES]`: a break starts (the house's top-up, if any); the
    /// level clock stops for it (paused until the next hand, or given the
    /// break's minutes so it resumes after them).
    Break(Option<u32>),
    /// `button-draw [s1 Kc s2 Ah ...]`: a card to each player from seat 1
    /// until an ace: that player has the button (Redtooth, Chip Amounts).
    ButtonDraw {
        /// Keyed cards, in the order dealt; empty: drawn from the seeded deck.
        cards: Vec<(Seat, Card)>,
    },
    /// `colour-up [s1 AsKd ...]`: the smallest chip leaves the table; race
    /// cards keyed by the dealer, or drawn from the seeded deck.
    ColourUp {
        /// Keyed race cards, per seat.
        cards: Vec<(Seat, Vec<Card>)>,
    },
    /// `clock s4`: the clock is called on a seat.
    ClockOn(Seat),
    /// `clock stop`.
    ClockStop,
    /// `clock start` / `clock resume`: the level clock runs.
    ClockResume,
    /// `clock pause`.
    ClockPause,
    /// `clock adjust +60`: seconds added to (or taken from) the level.
    ClockAdjust(i64),
    /// `wait 30`: in a script, 30 seconds pass (the scenario's clock).
    Wait(u64),
    /// `hand-for-hand on|off`.
    HandForHand(bool),
}

/// Something that happened at the table (journaled; `apply` folds it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum TableEvent {
    /// A new table (`--new`): everything before it is another table.
    Opened {
        /// The button of its first hand.
        first_button: Seat,
        /// Its blind structure.
        structure: Structure,
        /// Its chips, smallest first.
        denominations: Vec<Chips>,
    },
    /// A hand began with this setup.
    HandBegun {
        /// Its number.
        number: u32,
        /// The setup dealt.
        setup: TableSetup,
        /// Where the button and blinds are.
        positions: Positions,
        /// The level clock's stage when it began.
        stage: Option<usize>,
        /// It is the re-deal of a misdealt hand (TDA 34-C).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        redeal: bool,
    },
    /// The hand ended: each dealt seat's stack, and who busted.
    HandEnded {
        /// Stacks after the hand.
        stacks: Vec<(Seat, Chips)>,
        /// Busted players and their places, best place first.
        busted: Vec<Finish>,
        /// A misdeal ended it: the next deal is its re-deal (TDA 34-C).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        misdeal: bool,
    },
    /// A penalty begins: the player misses this many hands (TDA 66).
    PenaltyStarted {
        /// The seat.
        seat: Seat,
        /// Hands to miss.
        hands: u32,
    },
    /// The hand whose end the table had taken is open again (an undo in
    /// it): the stacks, places and penalties go back to its start.
    HandReopened {
        /// Its number.
        hand: u32,
    },
    /// A player is disqualified: his chips are removed from play (TDA 66-D).
    PlayerDisqualified {
        /// The seat.
        seat: Seat,
        /// The chips removed.
        chips: Chips,
    },
    /// The button was drawn: a card to each player until an ace.
    ButtonDrawn {
        /// The seat that drew the ace: the button of the next hand.
        seat: Seat,
        /// The cards dealt, in order.
        cards: Vec<(Seat, Card)>,
    },
    /// A player sat down (a late entry or re-entry: the field grows, so
    /// every finish so far moves down a place).
    PlayerSeated {
        /// The seat.
        seat: Seat,
        /// The name.
        name: String,
        /// Starting chips.
        chips: Chips,
        /// A player out who takes his original seat again (Redtooth's
        /// second session): his finish is undone, the field does not grow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rejoins: bool,
    },
    /// A player left the table with his chips.
    PlayerLeft {
        /// The seat.
        seat: Seat,
        /// Chips he took.
        chips: Chips,
    },
    /// A player's presence changed.
    PresenceChanged {
        /// The seat.
        seat: Seat,
        /// Now.
        presence: Presence,
    },
    /// Chips added to a stack.
    ChipsAdded {
        /// The seat.
        seat: Seat,
        /// How many.
        chips: Chips,
    },
    /// A player renamed.
    Renamed {
        /// The seat.
        seat: Seat,
        /// The new name.
        name: String,
    },
    /// The TD set the blinds for the next hand.
    LevelSet {
        /// The blinds.
        blinds: Blinds,
        /// The structure's stage it matches, if any (the clock jumps there).
        stage: Option<usize>,
        /// When.
        at_ms: i64,
    },
    /// A break started (with its length, when given).
    BreakStarted {
        /// When.
        #[serde(default)]
        at_ms: i64,
        /// Its minutes, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minutes: Option<u32>,
        /// Whether it paused the running level clock (until the next hand).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        paused_clock: bool,
    },
    /// The break ended (the next hand is dealt).
    BreakEnded {
        /// When.
        at_ms: i64,
    },
    /// The table coloured up.
    ColouredUp {
        /// The chip removed.
        removed: Chips,
        /// Each seat's change.
        changes: Vec<ColourChange>,
    },
    /// The level clock started or resumed.
    ClockResumed {
        /// When.
        at_ms: i64,
    },
    /// The level clock paused.
    ClockPaused {
        /// When.
        at_ms: i64,
    },
    /// The level clock was adjusted.
    ClockAdjusted {
        /// When.
        at_ms: i64,
        /// Seconds added (negative: taken away).
        secs: i64,
    },
    /// The clock was called on a seat.
    PlayerClockCalled {
        /// The clock.
        clock: PlayerClock,
    },
    /// The player clock stopped (the player acted, or the floor stopped it).
    PlayerClockStopped,
    /// The player clock ran out (the count is over): the floor is prompted
    /// to rule the hand dead (TDA 27). The clock stays until the ruling or
    /// `clock stop`.
    PlayerClockExpired {
        /// The seat on the clock.
        seat: Seat,
        /// When the screen saw it run out.
        at_ms: i64,
    },
    /// Script time passed.
    Waited {
        /// Seconds.
        secs: u64,
    },
    /// Hand-for-hand on or off.
    HandForHandSet {
        /// On.
        on: bool,
    },
}

/// Why the table refused a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableRefusal {
    /// The hand is still being played.
    HandInPlay(Street),
    /// The seat is taken.
    SeatTaken(u8),
    /// Nobody sits there.
    SeatEmpty(u8),
    /// Fewer than two players can be dealt in.
    TooFewPlayers(usize),
    /// No blinds are known for the next hand.
    NoBlinds,
    /// The colour-up needs two chip denominations.
    NoChipToRemove,
    /// Chips would exceed the table maximum.
    TooManyChips,
    /// The line makes no sense now (with a sentence why).
    Other(String),
}

/// A table event in words, for the status line and the replay: `Seat 7
/// (Ann) sits down with 10000.`
impl fmt::Display for TableEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = |seat: &Seat, name: &str| match name {
            "" => format!("Seat {}", seat.number()),
            n => format!("Seat {} ({n})", seat.number()),
        };
        match self {
            TableEvent::Opened { structure, .. } => match structure.stages.len() {
                0 => f.write_str("A new table opens."),
                n => write!(f, "A new table opens with a structure of {n} stages."),
            },
            TableEvent::HandBegun {
                number,
                positions,
                redeal,
                ..
            } => write!(
                f,
                "Hand {number} begins{}: the button on seat {}, the blinds on seats {} and {}.",
                if *redeal {
                    ", the re-deal of the misdeal"
                } else {
                    ""
                },
                positions.button.number(),
                positions.small.number(),
                positions.big.number()
            ),
            TableEvent::HandEnded { misdeal: true, .. } => f.write_str(
                "The hand is a misdeal: every chip went back; the next deal is its re-deal, with the same button, blinds and players.",
            ),
            TableEvent::HandReopened { hand } => write!(
                f,
                "Hand {hand} is open again: the table takes its end back (stacks, places, penalties)."
            ),
            TableEvent::PenaltyStarted { seat, hands } => write!(
                f,
                "Seat {}'s penalty begins: {hands} hand(s) away from the table, dealt in, blinds and antes posted, the hand killed.",
                seat.number()
            ),
            TableEvent::PlayerDisqualified { seat, chips } => write!(
                f,
                "Seat {} is disqualified: his {chips} chips are removed from play.",
                seat.number()
            ),
            TableEvent::ButtonDrawn { seat, cards } => {
                f.write_str("The button is drawn:")?;
                for (s, c) in cards {
                    write!(f, " s{} {c}", s.number())?;
                }
                write!(f, "; seat {} has the button.", seat.number())
            }
            TableEvent::HandEnded { busted, .. } => {
                f.write_str("The hand ends.")?;
                for b in busted {
                    write!(
                        f,
                        " {} is out in {} place.",
                        named(&b.seat, &b.name),
                        ordinal(b.place)
                    )?;
                }
                Ok(())
            }
            TableEvent::PlayerSeated {
                seat,
                name,
                chips,
                rejoins,
            } => {
                let again = if *rejoins {
                    " again, in his original seat"
                } else {
                    ""
                };
                write!(f, "{} sits down{again} with {chips}.", named(seat, name))
            }
            TableEvent::PlayerLeft { seat, chips } => {
                write!(f, "Seat {} leaves the table with {chips}.", seat.number())
            }
            TableEvent::PresenceChanged { seat, presence } => {
                let what = match presence {
                    Presence::Playing => "is back and playing",
                    Presence::Away => {
                        "is away: dealt in, blinds and antes posted, the hand killed after the deal"
                    }
                    Presence::SittingOut => {
                        "sits out: dealt in, blinds and antes posted, the hand killed after the deal"
                    }
                };
                write!(f, "Seat {} {what}.", seat.number())
            }
            TableEvent::ChipsAdded { seat, chips } => {
                write!(f, "Seat {} adds {chips}.", seat.number())
            }
            TableEvent::Renamed { seat, name } => {
                write!(f, "Seat {} is now {name}.", seat.number())
            }
            TableEvent::LevelSet { blinds, .. } => {
                write!(f, "The blinds for the next hand are {}.", blinds.text())
            }
            TableEvent::BreakStarted {
                minutes: Some(m), ..
            } => write!(
                f,
                "A break of {m} minute(s) starts: the level clock stops for it."
            ),
            TableEvent::BreakStarted { .. } => {
                f.write_str("A break starts: the level clock stops until the next hand.")
            }
            TableEvent::BreakEnded { .. } => f.write_str("The break ends."),
            TableEvent::ColouredUp { removed, changes } => {
                let changed = changes.iter().filter(|c| c.before != c.after).count();
                write!(
                    f,
                    "Colour-up: the {removed} chips leave the table; {changed} stack(s) change."
                )
            }
            TableEvent::ClockResumed { .. } => f.write_str("The level clock runs."),
            TableEvent::ClockPaused { .. } => f.write_str("The level clock is paused."),
            TableEvent::ClockAdjusted { secs, .. } if *secs >= 0 => {
                write!(f, "The level clock gains {secs} seconds.")
            }
            TableEvent::ClockAdjusted { secs, .. } => {
                write!(f, "The level clock loses {} seconds.", secs.unsigned_abs())
            }
            TableEvent::PlayerClockCalled { clock } => write!(
                f,
                "The clock is on seat {}: {} seconds to act, then a {}-second count.",
                clock.seat.number(),
                clock.seconds,
                clock.countdown
            ),
            TableEvent::PlayerClockStopped => f.write_str("The player clock stops."),
            TableEvent::PlayerClockExpired { seat, .. } => write!(
                f,
                "Seat {}'s time is up: the floor rules the hand dead (floor dead-hand).",
                seat.number()
            ),
            TableEvent::Waited { secs } => write!(f, "{secs} seconds pass."),
            TableEvent::HandForHandSet { on: true } => f.write_str("Hand-for-hand play starts."),
            TableEvent::HandForHandSet { on: false } => f.write_str("Hand-for-hand play ends."),
        }
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

impl fmt::Display for TableRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableRefusal::HandInPlay(street) => write!(
                f,
                "The hand is still on the {street}: finish it first."
            ),
            TableRefusal::SeatTaken(n) => write!(f, "Seat {n} is taken: the player there must leave first."),
            TableRefusal::SeatEmpty(n) => write!(f, "Nobody sits in seat {n}."),
            TableRefusal::TooFewPlayers(n) => write!(
                f,
                "Only {n} player(s) can be dealt in: a hand needs at least two."
            ),
            TableRefusal::NoBlinds => f.write_str(
                "No blinds are set for the next hand: key a level line, like level 100/200.",
            ),
            TableRefusal::NoChipToRemove => f.write_str(
                "A colour-up needs at least two chip denominations in play, the smallest to remove and the next to change it for.",
            ),
            TableRefusal::TooManyChips => write!(
                f,
                "That would put more than {} chips on the table.",
                Chips::MAX_TABLE
            ),
            TableRefusal::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for TableRefusal {}

/// The table: players, positions, the level and the clocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Who sits where.
    pub seats: BTreeMap<Seat, Player>,
    /// Players who busted, best place first.
    pub places: Vec<Finish>,
    /// The number of the last hand begun (0: none yet).
    pub hand: u32,
    /// Whether a hand is being played.
    pub in_hand: bool,
    /// Where the button and blinds were in the last hand.
    pub positions: Option<Positions>,
    /// The button for the first hand (before any positions).
    pub first_button: Seat,
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
            hand: 0,
            in_hand: false,
            positions: None,
            first_button,
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
            script_ms: 0,
        }
    }

    /// A table from a hand's setup (a scenario's `[table]`, the first hand
    /// of a session): its players seated, the setup's blinds set.
    pub fn from_setup(
        setup: &TableSetup,
        structure: Structure,
        names: &BTreeMap<u8, String>,
    ) -> Table {
        let mut t = Table::new(setup.button, structure, setup.denominations.clone());
        for (seat, chips) in &setup.stacks {
            let name = names.get(&seat.number()).cloned().unwrap_or_default();
            t.apply(&TableEvent::PlayerSeated {
                seat: *seat,
                name,
                chips: *chips,
                rejoins: false,
            });
            if let Some(p) = t.seats.get_mut(seat) {
                p.new = false;
            }
        }
        let blinds = Blinds {
            small: setup.small_blind,
            big: setup.big_blind,
            ante: setup.ante,
            ante_mode: setup.ante_mode,
        };
        let stage = t.level_clock.at(0).stage;
        t.set_blinds = Some((blinds, stage));
        t
    }

    /// The chips the stacks must add up to (the ledger).
    pub fn chips_expected(&self) -> u64 {
        (self.ledger.entered + self.ledger.added + self.ledger.coloured_up)
            .saturating_sub(self.ledger.left + self.ledger.coloured_down)
    }

    /// The chips in the stacks.
    pub fn chips_seated(&self) -> u64 {
        self.seats.values().map(|p| p.chips.get()).sum()
    }

    /// The players still in (seated with chips).
    pub fn players_in(&self) -> usize {
        self.seats.values().filter(|p| !p.chips.is_zero()).count()
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

    /// The 1-based level number the clock is in at `now` (0 without a structure).
    pub fn level_number_at(&self, now_ms: i64) -> usize {
        if self.structure.stages.is_empty() {
            return 0;
        }
        self.structure
            .level_number(self.level_clock.at(now_ms).stage)
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

    /// The setup of the next hand at `now` (checks only; changes nothing).
    pub fn next_setup(
        &self,
        rules: &HouseRules,
        now_ms: i64,
    ) -> Result<(TableSetup, Positions), TableRefusal> {
        if self.redeal_due
            && let Some(deal) = &self.last_deal
        {
            return self.redeal(deal);
        }
        let blinds = self.blinds_at(now_ms).ok_or(TableRefusal::NoBlinds)?;
        let live: Vec<Seat> = self
            .seats
            .iter()
            .filter(|(_, p)| !p.chips.is_zero())
            .map(|(s, _)| *s)
            .collect();
        let (positions, dealt, small_posts) = match self.positions {
            None => {
                let dealt = live.clone();
                if dealt.len() < 2 {
                    return Err(TableRefusal::TooFewPlayers(dealt.len()));
                }
                let heads_up = dealt.len() == 2;
                let button = self.first_button;
                let (small, big) = if heads_up && dealt.contains(&button) {
                    let other = dealt
                        .iter()
                        .copied()
                        .find(|s| *s != button)
                        .unwrap_or(button);
                    (button, other)
                } else {
                    let sb = next_in(button, &dealt);
                    (sb, next_in(sb, &dealt))
                };
                (Positions { button, small, big }, dealt, true)
            }
            Some(last) => {
                // The players who have played here are dealt in; a new one
                // waits while he sits between the small blind and the
                // button (TDA 7, 9): decided on the positions the hand
                // would have without him.
                let old: Vec<Seat> = live
                    .iter()
                    .copied()
                    .filter(|s| self.seats.get(s).is_some_and(|p| !p.new))
                    .collect();
                if old.len() + live.len() - old.len() < 2 {
                    return Err(TableRefusal::TooFewPlayers(live.len()));
                }
                // The big blind moves on one seat (TDA 31): nobody misses it.
                let big = next_in(last.big, &live);
                let mut dealt: Vec<Seat> = live.clone();
                let (button, small) = if live.len() == 2 {
                    // TDA 33, UPT 31: heads-up, the one who had the big blind
                    // last gets the button, which posts the small blind.
                    let other = live.iter().copied().find(|s| *s != big).unwrap_or(big);
                    (other, other)
                } else {
                    (last.small, last.big)
                };
                if live.len() > 2 {
                    let on_blind_or_button = match rules.settings.new_player_waits.value {
                        NewPlayerWaits::BetweenSmallBlindAndButton => false,
                        NewPlayerWaits::SmallBlindToButton => true,
                    };
                    dealt.retain(|s| {
                        let new = self.seats.get(s).is_some_and(|p| p.new);
                        let waits = strictly_between(button, small, *s)
                            || (on_blind_or_button && (*s == button || *s == small));
                        !(new && waits)
                    });
                }
                if dealt.len() < 2 {
                    return Err(TableRefusal::TooFewPlayers(dealt.len()));
                }
                let small_posts = dealt.contains(&small) && small != big;
                (Positions { button, small, big }, dealt, small_posts)
            }
        };
        let stacks: Vec<(Seat, Chips)> = dealt
            .iter()
            .filter_map(|s| self.seats.get(s).map(|p| (*s, p.chips)))
            .collect();
        let away: Vec<Seat> = dealt
            .iter()
            .copied()
            .filter(|s| self.killed_at_deal(*s))
            .collect();
        let setup = TableSetup {
            button: positions.button,
            small_blind: blinds.small,
            big_blind: blinds.big,
            ante: blinds.ante,
            ante_mode: blinds.ante_mode,
            stacks,
            denominations: self.denominations.clone(),
            street: Street::Preflop,
            pot: Chips::ZERO,
            board: Vec::new(),
            blind_seats: self.positions.map(|_| BlindSeats {
                small: small_posts.then_some(positions.small),
                big: positions.big,
            }),
            away,
        };
        Ok((setup, positions))
    }

    /// Whether a seat dealt in has its hand killed after the deal: away,
    /// sitting out, or serving a penalty (TDA 29, 66-C).
    fn killed_at_deal(&self, seat: Seat) -> bool {
        self.seats
            .get(&seat)
            .is_some_and(|p| p.presence != Presence::Playing || p.penalty > 0)
    }

    /// The re-deal of a misdealt hand (TDA 34-C: "the re-deal is an exact
    /// re-play: the button does not move, no new players are seated, and
    /// limits stay the same. Cards are dealt to players on penalty or who
    /// were not at their seats for the original deal, then their hands are
    /// killed"): the same seats, button, blinds and ante, with the chips
    /// they have now (all of them went back).
    fn redeal(&self, deal: &Deal) -> Result<(TableSetup, Positions), TableRefusal> {
        let stacks: Vec<(Seat, Chips)> = deal
            .setup
            .stacks
            .iter()
            .filter_map(|(s, _)| {
                self.seats
                    .get(s)
                    .filter(|p| !p.chips.is_zero())
                    .map(|p| (*s, p.chips))
            })
            .collect();
        if stacks.len() < 2 {
            return Err(TableRefusal::TooFewPlayers(stacks.len()));
        }
        let away: Vec<Seat> = stacks
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| deal.setup.away.contains(s) || self.killed_at_deal(*s))
            .collect();
        let setup = TableSetup {
            stacks,
            away,
            ..deal.setup.clone()
        };
        Ok((setup, deal.positions))
    }

    /// The button draw (Redtooth, Chip Amounts): a card to each player
    /// with chips from seat 1 round the table until an ace appears. Keyed
    /// cards are taken as dealt; without them the cards come from `draw`.
    fn button_draw(
        &self,
        keyed: &[(Seat, Card)],
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<TableEvent, TableRefusal> {
        let players: Vec<Seat> = self
            .seats
            .iter()
            .filter(|(_, p)| !p.chips.is_zero())
            .map(|(s, _)| *s)
            .collect();
        if players.len() < 2 {
            return Err(TableRefusal::TooFewPlayers(players.len()));
        }
        let cards: Vec<(Seat, Card)> = if keyed.is_empty() {
            players.iter().copied().cycle().zip(draw(52)).collect()
        } else {
            for (seat, _) in keyed {
                if !players.contains(seat) {
                    return Err(TableRefusal::SeatEmpty(seat.number()));
                }
            }
            keyed.to_vec()
        };
        let Some(ace) = cards.iter().position(|(_, c)| c.rank_char() == 'A') else {
            return Err(TableRefusal::Other(
                "No ace was dealt: the cards go round until an ace appears.".into(),
            ));
        };
        Ok(TableEvent::ButtonDrawn {
            seat: cards[ace].0,
            cards: cards[..=ace].to_vec(),
        })
    }

    /// What ends a break when the next hand is dealt: the level clock
    /// runs again (an open break paused it; a break ended early gives back
    /// the minutes it had added to the level).
    fn break_end(&self, now_ms: i64) -> Vec<TableEvent> {
        let Some(b) = self.table_break else {
            return Vec::new();
        };
        let mut events = vec![TableEvent::BreakEnded { at_ms: now_ms }];
        if b.paused_clock {
            events.push(TableEvent::ClockResumed { at_ms: now_ms });
        }
        if let Some(until) = b.until_ms
            && now_ms < until
            && !self.structure.stages.is_empty()
        {
            events.push(TableEvent::ClockAdjusted {
                at_ms: now_ms,
                secs: -((until - now_ms) / 1000),
            });
        }
        events
    }

    /// Checks a table line at `now` and returns what it does. `draw`
    /// gives race cards for a colour-up the dealer did not key (a seeded
    /// shuffle in the caller: the cards are in the event, so a replay
    /// needs no seed).
    pub fn decide(
        &self,
        rules: &HouseRules,
        command: &TableCommand,
        now_ms: i64,
        draw: &mut dyn FnMut(usize) -> Vec<Card>,
    ) -> Result<Vec<TableEvent>, TableRefusal> {
        let between = || -> Result<(), TableRefusal> {
            if self.in_hand {
                Err(TableRefusal::HandInPlay(Street::Preflop))
            } else {
                Ok(())
            }
        };
        let seated = |seat: Seat| -> Result<&Player, TableRefusal> {
            self.seats
                .get(&seat)
                .ok_or(TableRefusal::SeatEmpty(seat.number()))
        };
        Ok(match command {
            TableCommand::NextHand => {
                between()?;
                let mut events = self.break_end(now_ms);
                // Redtooth's second session: the button is drawn after the
                // break, unless the dealer keyed the draw.
                if rules.settings.after_break.value == AfterBreak::RejoinAndDrawButton
                    && self.on_break
                    && self.positions.is_some()
                    && !self.redeal_due
                {
                    events.push(self.button_draw(&[], draw)?);
                }
                let mut after = self.clone();
                for e in &events {
                    after.apply(e);
                }
                let (setup, positions) = after.next_setup(rules, now_ms)?;
                let stage = match (&after.last_deal, self.redeal_due) {
                    (Some(deal), true) => deal.stage,
                    _ => (!self.structure.stages.is_empty())
                        .then(|| after.level_clock.at(now_ms).stage),
                };
                events.push(TableEvent::HandBegun {
                    number: self.hand + 1,
                    setup,
                    positions,
                    stage,
                    redeal: self.redeal_due,
                });
                events
            }
            TableCommand::ButtonDraw { cards } => {
                between()?;
                vec![self.button_draw(cards, draw)?]
            }
            TableCommand::SetLevel(blinds) => {
                if let Some(problem) =
                    crate::rules::blinds_problem(blinds.small.get(), blinds.big.get())
                {
                    return Err(TableRefusal::Other(format!("{problem}.")));
                }
                if let Some(problem) = crate::rules::ante_problem(
                    &rules.settings,
                    blinds.small.get(),
                    blinds.ante.get(),
                ) {
                    return Err(TableRefusal::Other(format!("{problem}.")));
                }
                let stage = self
                    .structure
                    .stages
                    .iter()
                    .position(|s| matches!(s, Stage::Level { blinds: b, .. } if b == blinds));
                vec![TableEvent::LevelSet {
                    blinds: *blinds,
                    stage,
                    at_ms: now_ms,
                }]
            }
            TableCommand::Sit { seat, chips, name } => {
                between()?;
                if self.seats.contains_key(seat) {
                    return Err(TableRefusal::SeatTaken(seat.number()));
                }
                if chips.is_zero() {
                    return Err(TableRefusal::Other(format!(
                        "A player sits with chips: seat {} was given 0.",
                        seat.number()
                    )));
                }
                self.room_for(*chips)?;
                // Redtooth's second session: a player out takes his
                // original seat again at the break.
                let rejoins = rules.settings.after_break.value == AfterBreak::RejoinAndDrawButton
                    && self.on_break
                    && self.places.iter().any(|f| f.seat == *seat);
                vec![TableEvent::PlayerSeated {
                    seat: *seat,
                    name: name.clone(),
                    chips: *chips,
                    rejoins,
                }]
            }
            TableCommand::Leave(seat) => {
                between()?;
                let p = seated(*seat)?;
                vec![TableEvent::PlayerLeft {
                    seat: *seat,
                    chips: p.chips,
                }]
            }
            TableCommand::Away(seat) | TableCommand::Back(seat) | TableCommand::SitOut(seat) => {
                seated(*seat)?;
                let presence = match command {
                    TableCommand::Away(_) => Presence::Away,
                    TableCommand::SitOut(_) => Presence::SittingOut,
                    _ => Presence::Playing,
                };
                vec![TableEvent::PresenceChanged {
                    seat: *seat,
                    presence,
                }]
            }
            TableCommand::Add { seat, chips } => {
                between()?;
                seated(*seat)?;
                self.room_for(*chips)?;
                vec![TableEvent::ChipsAdded {
                    seat: *seat,
                    chips: *chips,
                }]
            }
            TableCommand::Rename { seat, name } => {
                seated(*seat)?;
                vec![TableEvent::Renamed {
                    seat: *seat,
                    name: name.clone(),
                }]
            }
            TableCommand::Break(minutes) => {
                between()?;
                if self.table_break.is_some() {
                    return Err(TableRefusal::Other(
                        "A break is already on: the next hand ends it.".into(),
                    ));
                }
                let running = self.level_clock.at(now_ms).running;
                let mut events = Vec::new();
                match minutes {
                    // The level gains the break's minutes: it resumes after them.
                    Some(m) if !self.structure.stages.is_empty() => {
                        events.push(TableEvent::ClockAdjusted {
                            at_ms: now_ms,
                            secs: i64::from(*m) * 60,
                        })
                    }
                    None if running => events.push(TableEvent::ClockPaused { at_ms: now_ms }),
                    _ => {}
                }
                events.push(TableEvent::BreakStarted {
                    at_ms: now_ms,
                    minutes: *minutes,
                    paused_clock: minutes.is_none() && running,
                });
                let top_up = Chips(rules.settings.break_top_up.value);
                if !top_up.is_zero() {
                    // Redtooth 56: every player still in gets the top-up.
                    let mut total = 0u64;
                    for (seat, p) in &self.seats {
                        if !p.chips.is_zero() {
                            events.push(TableEvent::ChipsAdded {
                                seat: *seat,
                                chips: top_up,
                            });
                            total = total.saturating_add(top_up.get());
                        }
                    }
                    self.room_for(Chips(total))?;
                }
                events
            }
            TableCommand::ColourUp { cards } => {
                between()?;
                let [removed, next, ..] = self.denominations[..] else {
                    return Err(TableRefusal::NoChipToRemove);
                };
                let method = rules.settings.colour_up.value;
                let stacks: Vec<(Seat, Chips)> =
                    self.seats.iter().map(|(s, p)| (*s, p.chips)).collect();
                let mut race_cards = cards.clone();
                if method.races() && cards.is_empty() {
                    // Seat 1 first, each player all his cards before the next (UPT 11).
                    let counts: Vec<(Seat, usize)> = stacks
                        .iter()
                        .map(|(s, c)| (*s, super::colour_up::odd_chips(*c, removed, next) as usize))
                        .filter(|(_, n)| *n > 0)
                        .collect();
                    let total: usize = counts.iter().map(|(_, n)| n).sum();
                    let mut deck = draw(total.min(52)).into_iter();
                    race_cards = counts
                        .iter()
                        .map(|(s, n)| (*s, deck.by_ref().take(*n).collect()))
                        .collect();
                }
                let changes = colour_up(method, &stacks, next, &race_cards);
                vec![TableEvent::ColouredUp { removed, changes }]
            }
            TableCommand::ClockOn(seat) => {
                seated(*seat)?;
                vec![TableEvent::PlayerClockCalled {
                    clock: PlayerClock::call(*seat, now_ms, rules.settings.clock.value),
                }]
            }
            TableCommand::ClockStop => {
                if self.player_clock.is_none() {
                    return Err(TableRefusal::Other(
                        "No clock is running on a player.".into(),
                    ));
                }
                vec![TableEvent::PlayerClockStopped]
            }
            TableCommand::ClockResume => vec![TableEvent::ClockResumed { at_ms: now_ms }],
            TableCommand::ClockPause => vec![TableEvent::ClockPaused { at_ms: now_ms }],
            TableCommand::ClockAdjust(secs) => vec![TableEvent::ClockAdjusted {
                at_ms: now_ms,
                secs: *secs,
            }],
            TableCommand::Wait(secs) => vec![TableEvent::Waited { secs: *secs }],
            TableCommand::HandForHand(on) => vec![TableEvent::HandForHandSet { on: *on }],
        })
    }

    fn room_for(&self, more: Chips) -> Result<(), TableRefusal> {
        let total = u128::from(self.chips_seated()) + u128::from(more.get());
        if total > u128::from(Chips::MAX_TABLE.get()) {
            return Err(TableRefusal::TooManyChips);
        }
        Ok(())
    }

    /// What the finished hand `state` leaves at the table: stacks and the
    /// players who busted with their places (UPT Tournament 35: the one who
    /// started the hand with more chips places higher; equal stacks: the
    /// lower seat number places higher, so places stay unique).
    pub fn hand_over(&self, state: &HandState) -> Vec<TableEvent> {
        let stacks: Vec<(Seat, Chips)> =
            state.occupied().map(|s| (s, state.seat(s).stack)).collect();
        if state.misdealt {
            // Every chip went back: nobody is out, and the next deal is
            // the re-deal (TDA 34-C).
            return vec![TableEvent::HandEnded {
                stacks,
                busted: Vec::new(),
                misdeal: true,
            }];
        }
        let mut bust: Vec<(Seat, Chips)> = state
            .occupied()
            .filter(|s| state.seat(*s).stack.is_zero())
            .map(|s| (s, state.seat(s).starting_stack))
            .collect();
        // Best first: more chips at the start, then the lower seat.
        bust.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let still_in = self.players_in() as u32;
        let k = bust.len() as u32;
        let busted = bust
            .iter()
            .enumerate()
            .map(|(i, (seat, _))| Finish {
                place: still_in - k + 1 + i as u32,
                seat: *seat,
                name: self
                    .seats
                    .get(seat)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                hand: self.hand,
            })
            .collect();
        let mut events = vec![TableEvent::HandEnded {
            stacks,
            busted,
            misdeal: false,
        }];
        // Penalties given in the hand begin at its end (TDA 66).
        let at_table = self.seats.len();
        for (seat, penalty) in &state.penalties {
            let chips = state.seat(*seat).stack;
            if chips.is_zero() || !self.seats.contains_key(seat) {
                continue;
            }
            if *penalty == crate::table::command::Penalty::Disqualified {
                events.push(TableEvent::PlayerDisqualified { seat: *seat, chips });
            } else if let Some(hands) = penalty.hands_missed(at_table).filter(|h| *h > 0) {
                events.push(TableEvent::PenaltyStarted { seat: *seat, hands });
            }
        }
        events
    }

    /// Renumbers the places of those out so that they follow the players
    /// still in without a gap: the last one out is one place behind them,
    /// and each earlier one a place further (a late entry pushes every
    /// finish down a place; a player moved away pulls them up).
    fn renumber_places(&mut self) {
        let still_in = u32::try_from(self.players_in()).unwrap_or(u32::MAX);
        for (i, f) in self.places.iter_mut().enumerate() {
            f.place = still_in
                .saturating_add(1)
                .saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
        }
    }

    /// Whether the last hand's end can still be taken back (nothing but
    /// the clocks changed the table since).
    pub fn can_reopen(&self) -> bool {
        self.end_taken.is_some()
    }

    /// Folds one event. Never fails, checks nothing.
    pub fn apply(&mut self, event: &TableEvent) {
        match event {
            // What the end of a hand did is kept to take back; anything
            // but the clocks changing the table since makes it final.
            TableEvent::HandEnded { stacks, busted, .. } => {
                let mut seats: Vec<(Seat, Option<Player>)> = stacks
                    .iter()
                    .map(|(s, _)| (*s, self.seats.get(s).cloned()))
                    .collect();
                for f in busted {
                    if !seats.iter().any(|(s, _)| *s == f.seat) {
                        seats.push((f.seat, self.seats.get(&f.seat).cloned()));
                    }
                }
                self.end_taken = Some(Box::new(EndTaken {
                    seats,
                    places: self.places.clone(),
                    ledger: self.ledger,
                    redeal_due: self.redeal_due,
                }));
            }
            TableEvent::PenaltyStarted { .. }
            | TableEvent::PlayerDisqualified { .. }
            | TableEvent::HandReopened { .. }
            | TableEvent::ClockResumed { .. }
            | TableEvent::ClockPaused { .. }
            | TableEvent::ClockAdjusted { .. }
            | TableEvent::PlayerClockCalled { .. }
            | TableEvent::PlayerClockStopped
            | TableEvent::PlayerClockExpired { .. }
            | TableEvent::Waited { .. }
            | TableEvent::LevelSet { .. }
            | TableEvent::HandForHandSet { .. } => {}
            _ => self.end_taken = None,
        }
        match event {
            TableEvent::HandReopened { .. } => {
                if let Some(taken) = self.end_taken.take() {
                    for (seat, player) in taken.seats {
                        match player {
                            Some(p) => {
                                self.seats.insert(seat, p);
                            }
                            None => {
                                self.seats.remove(&seat);
                            }
                        }
                    }
                    self.places = taken.places;
                    self.ledger = taken.ledger;
                    self.redeal_due = taken.redeal_due;
                    self.in_hand = true;
                }
            }
            TableEvent::Opened {
                first_button,
                structure,
                denominations,
            } => *self = Table::new(*first_button, structure.clone(), denominations.clone()),
            TableEvent::HandBegun {
                number,
                setup,
                positions,
                stage,
                ..
            } => {
                self.redeal_due = false;
                self.last_deal = Some(Deal {
                    setup: setup.clone(),
                    positions: *positions,
                    stage: *stage,
                });
                self.table_break = None;
                self.hand = *number;
                self.in_hand = true;
                self.on_break = false;
                self.positions = Some(*positions);
                self.blinds = Some(Blinds {
                    small: setup.small_blind,
                    big: setup.big_blind,
                    ante: setup.ante,
                    ante_mode: setup.ante_mode,
                });
                for (seat, _) in &setup.stacks {
                    if let Some(p) = self.seats.get_mut(seat) {
                        p.new = false;
                    }
                }
            }
            TableEvent::HandEnded {
                stacks,
                busted,
                misdeal,
            } => {
                self.in_hand = false;
                self.redeal_due = *misdeal;
                // A hand served on penalty counts when it ends; a misdeal
                // and its re-deal count as one (TDA 34-C).
                if !*misdeal && let Some(deal) = &self.last_deal {
                    for seat in &deal.setup.away {
                        if let Some(p) = self.seats.get_mut(seat) {
                            p.penalty = p.penalty.saturating_sub(1);
                        }
                    }
                }
                self.player_clock = None;
                self.player_clock_expired = false;
                for (seat, chips) in stacks {
                    if let Some(p) = self.seats.get_mut(seat) {
                        p.chips = *chips;
                    }
                }
                for f in busted {
                    self.seats.remove(&f.seat);
                    self.places.push(f.clone());
                }
                self.places.sort_by_key(|f| f.place);
                self.renumber_places();
            }
            TableEvent::PenaltyStarted { seat, hands } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.penalty = p.penalty.saturating_add(*hands);
                }
            }
            TableEvent::PlayerDisqualified { seat, chips } => {
                self.seats.remove(seat);
                self.ledger.left += chips.get();
                self.renumber_places();
            }
            TableEvent::ButtonDrawn { seat, .. } => {
                // The next hand is dealt as a first hand: from the drawn
                // button, every player seated dealt in.
                self.positions = None;
                self.first_button = *seat;
                for p in self.seats.values_mut() {
                    p.new = false;
                }
            }
            TableEvent::PlayerSeated {
                seat,
                name,
                chips,
                rejoins,
            } => {
                self.seats.insert(
                    *seat,
                    Player {
                        name: name.clone(),
                        chips: *chips,
                        presence: Presence::Playing,
                        new: self.hand > 0 || self.positions.is_some(),
                        penalty: 0,
                    },
                );
                self.ledger.entered += chips.get();
                if *rejoins && let Some(i) = self.places.iter().position(|f| f.seat == *seat) {
                    // His finish is undone: he is in again.
                    self.places.remove(i);
                }
                // A late entry or re-entry grows the field: everyone who
                // has busted finishes one place lower (places stay unique).
                self.renumber_places();
            }
            TableEvent::PlayerLeft { seat, chips } => {
                self.seats.remove(seat);
                self.ledger.left += chips.get();
                self.renumber_places();
            }
            TableEvent::PresenceChanged { seat, presence } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.presence = *presence;
                }
            }
            TableEvent::ChipsAdded { seat, chips } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.chips = Chips(p.chips.get() + chips.get());
                    self.ledger.added += chips.get();
                }
            }
            TableEvent::Renamed { seat, name } => {
                if let Some(p) = self.seats.get_mut(seat) {
                    p.name = name.clone();
                }
            }
            TableEvent::LevelSet {
                blinds,
                stage,
                at_ms,
            } => {
                if let Some(stage) = stage {
                    self.level_clock.jump_to(*at_ms, *stage);
                }
                let now = self.level_clock.at(*at_ms).stage;
                self.set_blinds = Some((*blinds, now));
            }
            TableEvent::BreakStarted {
                at_ms,
                minutes,
                paused_clock,
            } => {
                self.on_break = true;
                self.table_break = Some(TableBreak {
                    from_ms: *at_ms,
                    until_ms: minutes.map(|m| at_ms.saturating_add(i64::from(m) * 60_000)),
                    paused_clock: *paused_clock,
                });
            }
            TableEvent::BreakEnded { .. } => self.table_break = None,
            TableEvent::ColouredUp { removed, changes } => {
                for c in changes {
                    if let Some(p) = self.seats.get_mut(&c.seat) {
                        p.chips = c.after;
                    }
                    if c.after > c.before {
                        self.ledger.coloured_up += c.after.get() - c.before.get();
                    } else {
                        self.ledger.coloured_down += c.before.get() - c.after.get();
                    }
                }
                self.denominations.retain(|d| d != removed);
            }
            TableEvent::ClockResumed { at_ms } => self.level_clock.resume(*at_ms),
            TableEvent::ClockPaused { at_ms } => self.level_clock.pause(*at_ms),
            TableEvent::ClockAdjusted { at_ms, secs } => self.level_clock.adjust(*at_ms, *secs),
            TableEvent::PlayerClockCalled { clock } => {
                self.player_clock = Some(*clock);
                self.player_clock_expired = false;
            }
            TableEvent::PlayerClockStopped => {
                self.player_clock = None;
                self.player_clock_expired = false;
            }
            TableEvent::PlayerClockExpired { .. } => self.player_clock_expired = true,
            TableEvent::Waited { secs } => {
                self.script_ms += i64::try_from(secs.saturating_mul(1000)).unwrap_or(i64::MAX / 2);
            }
            TableEvent::HandForHandSet { on } => self.hand_for_hand = *on,
        }
    }

    /// The events that open this table afresh (a new table, journaled):
    /// `Opened`, each player seated, the blinds set, the clock started.
    pub fn opening_events(&self, now_ms: i64) -> Vec<TableEvent> {
        let mut events = vec![TableEvent::Opened {
            first_button: self.first_button,
            structure: self.structure.clone(),
            denominations: self.denominations.clone(),
        }];
        for (seat, p) in &self.seats {
            events.push(TableEvent::PlayerSeated {
                seat: *seat,
                name: p.name.clone(),
                chips: p.chips,
                rejoins: false,
            });
        }
        if let Some((blinds, _)) = self.set_blinds {
            events.push(TableEvent::LevelSet {
                blinds,
                stage: None,
                at_ms: now_ms,
            });
        }
        if !self.structure.stages.is_empty() {
            events.push(TableEvent::ClockResumed { at_ms: now_ms });
        }
        events
    }

    /// What a hand entry does to the player clock, as table events to
    /// journal: the seat on the clock acting (or its hand killed, or the
    /// pot awarded) stops it; the floor's clock ruling (`floor clock`, TDA
    /// 27) calls it on the seat to act with the house's time, read from
    /// `now_ms` (only then). `state` is the hand after the entry.
    pub fn after_entry(
        &self,
        rules: &HouseRules,
        state: &HandState,
        events: &[Event],
        now_ms: impl FnOnce() -> i64,
    ) -> Vec<TableEvent> {
        let called = events.iter().any(
            |e| matches!(e, Event::RulingSuggested { ruling } if ruling.id == RulingId::Clock),
        );
        if called
            && let Some(seat) = state.to_act
            && self.player_clock.is_none_or(|c| c.seat != seat)
        {
            return vec![TableEvent::PlayerClockCalled {
                clock: PlayerClock::call(seat, now_ms(), rules.settings.clock.value),
            }];
        }
        let Some(clock) = self.player_clock else {
            return Vec::new();
        };
        let stops = events.iter().any(|e| match e {
            Event::ActionBound { action, .. } => action.seat == clock.seat,
            Event::HandKilled { seat } => *seat == clock.seat,
            Event::PotsAwarded { .. } => true,
            _ => false,
        });
        if stops {
            vec![TableEvent::PlayerClockStopped]
        } else {
            Vec::new()
        }
    }

    /// The player clock's running out at `now`, once: the event to journal.
    pub fn player_clock_ran_out(&self, now_ms: i64) -> Option<TableEvent> {
        let clock = self.player_clock.filter(|_| !self.player_clock_expired)?;
        (clock.at(now_ms) == PlayerClockReading::Expired).then_some(
            TableEvent::PlayerClockExpired {
                seat: clock.seat,
                at_ms: now_ms,
            },
        )
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

/// Cards for the table's draws (race cards, the button draw) that the
/// dealer did not key: a deck shuffled by `seed`, its first `n` cards. The
/// cards drawn are journaled in the events, so a replay needs no seed.
pub fn seeded_draw(seed: u64) -> impl FnMut(usize) -> Vec<Card> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    move |n: usize| {
        let mut deck: Vec<Card> = Card::deck().collect();
        deck.shuffle(&mut rng);
        deck.truncate(n);
        deck
    }
}

/// The first seat of `among` clockwise after `from`.
fn next_in(from: Seat, among: &[Seat]) -> Seat {
    from.clockwise_after()
        .find(|s| among.contains(s))
        .unwrap_or(from)
}

/// Whether `seat` lies clockwise strictly after `from` and before `to`.
fn strictly_between(from: Seat, to: Seat, seat: Seat) -> bool {
    from.clockwise_after()
        .take_while(|s| *s != to)
        .any(|s| s == seat)
}
