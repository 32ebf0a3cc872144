//! What happened at the table between hands: a `TableEvent`, made by
//! `decide`, written to the journal and folded by `apply`, and told in
//! words (its `Display`) for the status line and the replay.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Finish, Positions, Presence};
use crate::session::clock::PlayerClock;
use crate::session::colour_up::ColourChange;
use crate::session::structure::{Blinds, Structure};
use crate::table::{Card, Chips, Seat, TableSetup};
use crate::values::money::Buy;

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
    /// The button was put on a seat (`button 4`): the next hand is dealt
    /// from it as a first hand.
    ButtonSet {
        /// The seat: the button of the next hand.
        seat: Seat,
    },
    /// A player sat down (a late entry or re-entry: the field grows, so
    /// every finish so far moves down a place, said by `PlacesCorrected`).
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
    /// A starting stack placed in an unsold seat for a late entrant (UPT
    /// Tournament 6): dealt in, it posts its blinds and antes.
    StackPlaced {
        /// The seat.
        seat: Seat,
        /// The chips placed.
        chips: Chips,
    },
    /// A stack placed for a late entrant and never sold is removed at the
    /// TD's word (`seat 7 no-show`, UPT Tournament 6): its chips are taken
    /// out of play, and no one is out. (Journals of 29 November wrote
    /// `NoShowRemoved` for it: read the same.)
    PlacedRemoved {
        /// The seat.
        seat: Seat,
        /// The chips taken out of play.
        chips: Chips,
    },
    /// A late entrant takes the stack placed in his seat, as the blinds and
    /// antes left it (UPT Tournament 6).
    PlacedTaken {
        /// The seat.
        seat: Seat,
        /// His name.
        name: String,
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
    /// A paid entrant who never came: his chips are taken out of play
    /// (UPT Tournament 5, Nuts 63), and he is out, below everyone still in.
    NoShowRemoved {
        /// His seat.
        seat: Seat,
        /// The chips taken out of play.
        chips: Chips,
    },
    /// The table runs light (`light on`), or is keyed hand by hand
    /// again (`light off`).
    LightSet {
        /// Light.
        on: bool,
    },
    /// At a light table, a player is out: his chips, as last counted,
    /// stay at the table with the others' (uncounted until the next
    /// count); he finishes below everyone still in.
    PlayerOut {
        /// The seat he left.
        seat: Seat,
        /// His chips as last counted.
        chips: Chips,
    },
    /// At a light table, stacks counted: each seat's chips now (the chips
    /// that changed hands unseen come out of the uncounted).
    Counted {
        /// Each seat counted and its chips.
        counts: Vec<(Seat, Chips)>,
    },
    /// Chips added to a stack.
    ChipsAdded {
        /// The seat.
        seat: Seat,
        /// How many.
        chips: Chips,
        /// Bought from the floor (a rebuy, an add-on: its order carried
        /// out); None for chips the table added itself (a top-up).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bought: Option<Buy>,
    },
    /// A stack set by the floor's correction (`seat 3 correct 1200`), or
    /// a player out by mistake back in his seat with these chips.
    StackCorrected {
        /// The seat.
        seat: Seat,
        /// The chips it had (0 for a player returning).
        from: Chips,
        /// The chips it has now.
        to: Chips,
        /// The player out by mistake who returns (his finish undone).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        returns: Option<String>,
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
    /// The level clock was put where the floor's is (`clock set`).
    ClockSet {
        /// When.
        at_ms: i64,
        /// The stage, from 0.
        stage: usize,
        /// Milliseconds left in it.
        remaining_ms: u64,
        /// Running (else paused).
        running: bool,
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
    /// The table's structure replaced (`structure ...`).
    StructureSet {
        /// The structure now.
        structure: Structure,
    },
    /// Hand-for-hand on or off.
    HandForHandSet {
        /// On.
        on: bool,
    },
    /// The places of the players out, as they now are (best first), when
    /// a line changed them: a late entry grows the field (each finish a
    /// place lower), a player back in takes his finish back (those out
    /// after him a place lower), a disqualification adds a finish. The
    /// table, `replay` and `review` read a place from the journal only.
    PlacesCorrected {
        /// Every finish at the table now.
        places: Vec<Finish>,
    },
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
                setup,
                positions,
                redeal,
                ..
            } => {
                // A seat not dealt in holds a dead button or a dead small
                // blind: said so, never as a player's.
                let dealt = |s: Seat| setup.stacks.iter().any(|(d, _)| *d == s);
                let button = match dealt(positions.button) {
                    true => format!("the button on seat {}", positions.button.number()),
                    false => format!("a dead button on seat {}", positions.button.number()),
                };
                let blinds = match dealt(positions.small) && positions.small != positions.big {
                    true => format!(
                        "the blinds on seats {} and {}",
                        positions.small.number(),
                        positions.big.number()
                    ),
                    false => format!(
                        "no small blind (a dead small blind), the big blind on seat {}",
                        positions.big.number()
                    ),
                };
                write!(
                    f,
                    "Hand {number} begins{}: {button}, {blinds}.",
                    if *redeal {
                        ", the re-deal of the misdeal"
                    } else {
                        ""
                    }
                )
            }
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
            TableEvent::ButtonSet { seat } => write!(
                f,
                "The button is on seat {}: the next hand is dealt from it as a first hand, every player dealt in.",
                seat.number()
            ),
            TableEvent::HandEnded { busted, .. } => {
                f.write_str("The hand ends.")?;
                for b in busted {
                    write!(
                        f,
                        " {} is out in {} place.",
                        named(&b.seat, &b.name),
                        b.place_text(busted)
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
            TableEvent::StackPlaced { seat, chips } => write!(
                f,
                "A stack of {chips} is placed in seat {} for a late entrant: dealt in, it posts its blinds and antes.",
                seat.number()
            ),
            TableEvent::PlacedTaken { seat, name } => write!(
                f,
                "{} takes the stack placed for him, as the blinds left it.",
                named(seat, name)
            ),
            TableEvent::PlacedRemoved { seat, chips } => write!(
                f,
                "The stack placed in seat {} was never sold: its {chips} are taken out of play, and no one is out.",
                seat.number()
            ),
            TableEvent::NoShowRemoved { seat, chips } => write!(
                f,
                "Seat {} never came: his {chips} are taken out of play, and he is out.",
                seat.number()
            ),
            TableEvent::LightSet { on: true } => f.write_str(
                "The table runs light: no hand is keyed; key players out (seat 3 out), chip counts (count s1 12000 ...), the button and the floor's orders.",
            ),
            TableEvent::LightSet { on: false } => {
                f.write_str("The table is keyed hand by hand again.")
            }
            TableEvent::PlayerOut { seat, chips } => write!(
                f,
                "Seat {} is out; the {chips} last counted stay at the table, uncounted until the next count.",
                seat.number()
            ),
            TableEvent::Counted { counts } => write!(
                f,
                "Counted: {}.",
                counts
                    .iter()
                    .map(|(s, c)| format!("seat {} {c}", s.number()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            TableEvent::ChipsAdded {
                seat,
                chips,
                bought: None,
            } => write!(f, "Seat {} adds {chips}.", seat.number()),
            TableEvent::ChipsAdded {
                seat,
                chips,
                bought: Some(buy),
            } => write!(
                f,
                "Seat {} adds {chips}: a {} bought from the floor.",
                seat.number(),
                buy.key()
            ),
            TableEvent::StackCorrected {
                seat,
                to,
                returns: Some(name),
                ..
            } => write!(
                f,
                "{name}'s bust is undone: back in seat {} with {to} (the floor's correction).",
                seat.number()
            ),
            TableEvent::StackCorrected { seat, from, to, .. } => write!(
                f,
                "Seat {}'s stack is corrected from {from} to {to} (the floor's correction).",
                seat.number()
            ),
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
                )?;
                // Who got what, and the race cards each was dealt.
                for c in changes.iter().filter(|c| c.before != c.after || !c.cards.is_empty()) {
                    write!(f, " Seat {}: {} to {}", c.seat.number(), c.before, c.after)?;
                    if !c.cards.is_empty() {
                        let cards: Vec<String> = c.cards.iter().map(ToString::to_string).collect();
                        write!(f, " (race cards {})", cards.join(" "))?;
                    }
                    f.write_str(".")?;
                }
                Ok(())
            }
            TableEvent::ClockResumed { .. } => f.write_str("The level clock runs."),
            TableEvent::ClockPaused { .. } => f.write_str("The level clock is paused."),
            TableEvent::ClockAdjusted { secs, .. } if *secs >= 0 => {
                write!(f, "The level clock gains {secs} seconds.")
            }
            TableEvent::ClockAdjusted { secs, .. } => {
                write!(f, "The level clock loses {} seconds.", secs.unsigned_abs())
            }
            TableEvent::ClockSet {
                stage,
                remaining_ms,
                running,
                ..
            } => {
                let s = remaining_ms.div_ceil(1000);
                write!(
                    f,
                    "The level clock follows the floor's: stage {}, {}:{:02} left, {}.",
                    stage + 1,
                    s / 60,
                    s % 60,
                    if *running { "running" } else { "paused" }
                )
            }
            TableEvent::PlayerClockCalled { clock } => write!(
                f,
                "The clock is on seat {}: {} seconds to act, then a {}-second count.",
                clock.seat.number(),
                clock.seconds,
                clock.countdown
            ),
            TableEvent::PlacesCorrected { places } => {
                let each: Vec<String> = places
                    .iter()
                    .map(|p| format!("{} {}", p.place_text(places), p.name))
                    .collect();
                match each.is_empty() {
                    true => f.write_str("The places now: nobody is out."),
                    false => write!(f, "The places now: {}.", each.join(", ")),
                }
            }
            TableEvent::PlayerClockStopped => f.write_str("The player clock stops."),
            TableEvent::PlayerClockExpired { seat, .. } => write!(
                f,
                "Seat {}'s time is up: the floor rules the hand dead (floor dead-hand).",
                seat.number()
            ),
            TableEvent::Waited { secs } => write!(f, "{secs} seconds pass."),
            TableEvent::StructureSet { structure } => write!(
                f,
                "The structure is now {}: the level the clock is in applies from the next hand.",
                structure.line_text()
            ),
            TableEvent::HandForHandSet { on: true } => f.write_str("Hand-for-hand play starts."),
            TableEvent::HandForHandSet { on: false } => f.write_str("Hand-for-hand play ends."),
        }
    }
}
