//! Events: past-tense facts about a hand. The state of any hand is the fold
//! of its events (`HandState::apply`); nothing else changes it.
//!
//! Events carry everything `apply` needs, so folding never consults the
//! house rules and never fails. Physical events (`Declared`, `ChipsPushed`,
//! `Tapped`, `Mucked`) record what happened at the table; `ActionBound`
//! records what it bound, and `RulingSuggested` why.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::chips::Chips;
use super::seat::Seat;
use crate::rules::Ruling;

/// The version of the event format written to journals. Every earlier
/// one is still read (`journal::verify` reads a hand of version 1 in
/// today's form where the meaning is the same). 1: the releases of 22 to
/// 28 November 2026; 2: a penalty given is its own event, and a ruling
/// quotes the clause of its case.
pub const EVENT_VERSION: u32 = 2;

/// A clear action, already read unambiguously by the dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Intent {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call the current bet (or all in for less); the street total may be
    /// stated, as in the normalized form `s3 call 1000`.
    Call(Option<Chips>),
    /// Bet to this street total.
    Bet(Chips),
    /// Raise to this street total.
    Raise(Chips),
    /// Put every chip in.
    AllIn,
}

impl std::fmt::Display for Intent {
    /// The action in words: `call`, `raise to 1,200`, `all in`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Intent::Fold => f.write_str("fold"),
            Intent::Check => f.write_str("check"),
            Intent::Call(_) => f.write_str("call"),
            Intent::Bet(c) => write!(f, "bet {c}"),
            Intent::Raise(c) => write!(f, "raise to {c}"),
            Intent::AllIn => f.write_str("all in"),
        }
    }
}

/// A penalty the floor gives (TDA 66-A): it begins at the end of the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Penalty {
    /// A verbal warning.
    Warning,
    /// Missed hands.
    Hands(u32),
    /// Missed rounds (one hand per player at the table, per round).
    Rounds(u32),
    /// Disqualification.
    Disqualified,
}

impl Penalty {
    /// The hands the player misses, at a table of `players` when it is
    /// given (TDA 66-A: "the offender will miss one hand for every player
    /// (including him) at the table when the penalty is given multiplied
    /// by the number of penalty rounds"); `None` for a warning or a
    /// disqualification, which miss no hand.
    pub fn hands_missed(self, players: usize) -> Option<u32> {
        match self {
            Penalty::Hands(k) => Some(k),
            Penalty::Rounds(k) => {
                Some(k.saturating_mul(u32::try_from(players).unwrap_or(u32::MAX)))
            }
            Penalty::Warning | Penalty::Disqualified => None,
        }
    }
}

impl std::fmt::Display for Penalty {
    /// The penalty as written in the notation: `warning`, `2-hands`,
    /// `1-rounds`, `disqualified`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Penalty::Warning => f.write_str("warning"),
            Penalty::Hands(n) => write!(f, "{n}-hands"),
            Penalty::Rounds(n) => write!(f, "{n}-rounds"),
            Penalty::Disqualified => f.write_str("disqualified"),
        }
    }
}

/// Where a hand is.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Street {
    /// Before the flop.
    #[default]
    Preflop,
    /// After the flop.
    Flop,
    /// After the turn.
    Turn,
    /// After the river.
    River,
    /// Betting is over; hands are being tabled.
    Showdown,
    /// The pots have been awarded.
    Done,
}

impl Street {
    /// Every street, in the order a hand goes through them.
    pub const ALL: [Street; 6] = [
        Street::Preflop,
        Street::Flop,
        Street::Turn,
        Street::River,
        Street::Showdown,
        Street::Done,
    ];

    /// The street `as_str` names `name`.
    pub fn named(name: &str) -> Option<Street> {
        Street::ALL.into_iter().find(|s| s.as_str() == name)
    }

    /// The name used in the notation and scenario files (and the
    /// journal's, as serde writes it).
    pub fn as_str(self) -> &'static str {
        match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
            Street::Showdown => "showdown",
            Street::Done => "done",
        }
    }

    /// The street a board line deals, from the one whose betting is over.
    pub fn next_board(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            _ => None,
        }
    }

    /// How many board cards this street's line deals.
    pub fn cards_dealt(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn | Street::River => 1,
            _ => 0,
        }
    }

    /// Whether there is betting on this street.
    pub fn is_betting(self) -> bool {
        matches!(
            self,
            Street::Preflop | Street::Flop | Street::Turn | Street::River
        )
    }
}

impl fmt::Display for Street {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of binding action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    /// Gives up the hand.
    Fold,
    /// Passes with nothing to call.
    Check,
    /// Matches the current bet (or all the seat has).
    Call,
    /// The first bet of a street.
    Bet,
    /// More than the current bet.
    Raise,
}

/// A binding action in its normalized form: `s3 raise 1200 allin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Action {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub kind: ActionKind,
    /// Their street total after the action.
    pub to: Chips,
    /// Whether it left them with no chips.
    pub all_in: bool,
}

impl Action {
    /// The clear action that binds this again (a bet or raise to the whole
    /// stack binds as all in by itself).
    pub fn intent(&self) -> Intent {
        match self.kind {
            ActionKind::Fold => Intent::Fold,
            ActionKind::Check => Intent::Check,
            ActionKind::Call => Intent::Call(None),
            ActionKind::Bet => Intent::Bet(self.to),
            ActionKind::Raise => Intent::Raise(self.to),
        }
    }

    /// `seat` folds, leaving its street total where it is.
    pub fn fold(seat: Seat, wager: Chips) -> Action {
        Action {
            seat,
            kind: ActionKind::Fold,
            to: wager,
            all_in: false,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.seat;
        match self.kind {
            ActionKind::Fold => write!(f, "{s} fold")?,
            ActionKind::Check => write!(f, "{s} check")?,
            ActionKind::Call => write!(f, "{s} call {}", self.to.get())?,
            ActionKind::Bet => write!(f, "{s} bet {}", self.to.get())?,
            ActionKind::Raise => write!(f, "{s} raise {}", self.to.get())?,
        }
        if self.all_in {
            f.write_str(" allin")?;
        }
        Ok(())
    }
}

/// A forced bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Post {
    /// The small blind.
    SmallBlind,
    /// The big blind.
    BigBlind,
    /// An ante (dead money, not part of the street's wager).
    Ante,
    /// Chips committed by an action out of turn that the house keeps in
    /// (Nuts 42); part of the street's wager.
    Committed,
}

impl Post {
    /// The word in the normalized form `s3 post bb 200`.
    pub fn as_str(self) -> &'static str {
        match self {
            Post::SmallBlind => "sb",
            Post::BigBlind => "bb",
            Post::Ante => "ante",
            Post::Committed => "committed",
        }
    }
}

/// Who pays the ante.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnteMode {
    /// Every seat dealt in posts the ante.
    #[default]
    PerPlayer,
    /// The big blind posts one ante for the table (big-blind ante).
    BigBlind,
}

/// How a hand starts: seats, stacks, button, blinds, ante.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    /// The button seat (it may be empty: a dead button).
    pub button: Seat,
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind; also the minimum bet.
    pub big_blind: Chips,
    /// The ante, zero for none.
    #[serde(default)]
    pub ante: Chips,
    /// Who posts the ante.
    #[serde(default)]
    pub ante_mode: AnteMode,
    /// Chips behind for each occupied seat, in seat order.
    pub stacks: Vec<(Seat, Chips)>,
    /// Chip denominations in play, smallest first; empty when unknown.
    #[serde(default)]
    pub denominations: Vec<Chips>,
    /// The street the hand starts on (after preflop: no blinds posted).
    #[serde(default)]
    pub street: Street,
    /// Chips already in the middle when starting after preflop.
    #[serde(default)]
    pub pot: Chips,
    /// Board cards already out when starting after preflop.
    #[serde(default)]
    pub board: Vec<Card>,
    /// Who posts the blinds, when a session decides it (the dead button,
    /// TDA 31 and Redtooth 21-24: the big blind moves on one seat each
    /// hand and the small blind may be dead); `None`: from the button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind_seats: Option<BlindSeats>,
    /// Seats dealt in whose hands are killed after the deal (away or
    /// sitting out: blinds and antes posted, TDA 29 and 66-C).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub away: Vec<Seat>,
}

/// The seats that post the blinds when a session has placed them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlindSeats {
    /// The small blind; `None` when no one posts it (a dead small blind).
    pub small: Option<Seat>,
    /// The big blind.
    pub big: Seat,
}

impl TableSetup {
    /// A table starting before the flop: button, blinds (small, big) and
    /// stacks; no ante, no chips in the middle, no board yet.
    pub fn preflop(button: Seat, blinds: (Chips, Chips), stacks: Vec<(Seat, Chips)>) -> TableSetup {
        TableSetup {
            button,
            small_blind: blinds.0,
            big_blind: blinds.1,
            ante: Chips::ZERO,
            ante_mode: AnteMode::default(),
            stacks,
            denominations: Vec::new(),
            street: Street::Preflop,
            pot: Chips::ZERO,
            board: Vec::new(),
            blind_seats: None,
            away: Vec::new(),
        }
    }
}

/// Chips released in one forward motion.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PushedChips {
    /// An amount whose chips are not known.
    Amount(Chips),
    /// Chips by denomination and count (`1000x2+100x3`).
    Denominations(Vec<(Chips, u32)>),
}

impl PushedChips {
    /// The value pushed, when it fits in chips.
    pub fn checked_total(&self) -> Option<Chips> {
        match self {
            PushedChips::Amount(c) => Some(*c),
            PushedChips::Denominations(d) => d.iter().try_fold(Chips::ZERO, |total, (v, n)| {
                total.checked_add(v.checked_mul(u64::from(*n))?)
            }),
        }
    }

    /// The value pushed. The notation parser keeps it within
    /// `Chips::MAX_TABLE` and `decide` refuses a push above it from any
    /// other source; a value that does not fit in chips saturates (and is
    /// then refused as more than the seat has), never wraps.
    pub fn total(&self) -> Chips {
        self.checked_total().unwrap_or(Chips(u64::MAX))
    }

    /// How many chips, when they are known (counted wide: counts are `u32`
    /// each, and many of them must not wrap).
    fn count(&self) -> Option<u64> {
        match self {
            PushedChips::Amount(_) => None,
            PushedChips::Denominations(d) => Some(d.iter().map(|(_, n)| u64::from(*n)).sum()),
        }
    }

    /// The one chip pushed, when exactly one chip is known to be pushed.
    pub fn single_chip(&self) -> Option<Chips> {
        match self {
            PushedChips::Denominations(d) if self.count() == Some(1) => {
                d.iter().find(|(_, n)| *n == 1).map(|(v, _)| *v)
            }
            _ => None,
        }
    }

    /// The smallest chip among several known chips.
    pub fn smallest_of_several(&self) -> Option<Chips> {
        match self {
            PushedChips::Denominations(d) if self.count().is_some_and(|n| n > 1) => {
                d.iter().filter(|(_, n)| *n > 0).map(|(v, _)| *v).min()
            }
            _ => None,
        }
    }
}

impl fmt::Display for PushedChips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PushedChips::Amount(c) => write!(f, "{}", c.get()),
            PushedChips::Denominations(d) => {
                for (i, (v, n)) in d.iter().enumerate() {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    if *n == 1 {
                        write!(f, "{}", v.get())?;
                    } else {
                        write!(f, "{}x{}", v.get(), n)?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A verbal declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Declaration {
    /// "Fold".
    Fold,
    /// "Check".
    Check,
    /// "Call".
    Call,
    /// "Bet", with or without an amount (a street total).
    Bet(Option<Chips>),
    /// "Raise", with or without an amount (the total, TDA 43-B).
    Raise(Option<Chips>),
    /// "All in".
    AllIn,
    /// "Pot" (not a valid no-limit bet; binds a valid bet, TDA 50-C).
    Pot,
    /// An amount alone: the same as pushing it silently (TDA 37-C).
    Amount(Chips),
    /// A conditional statement ("if you bet, I raise"): binds nothing.
    Conditional,
}

impl fmt::Display for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Declaration::Fold => f.write_str("fold"),
            Declaration::Check => f.write_str("check"),
            Declaration::Call => f.write_str("call"),
            Declaration::Bet(None) => f.write_str("bet"),
            Declaration::Bet(Some(c)) => write!(f, "bet {}", c.get()),
            Declaration::Raise(None) => f.write_str("raise"),
            Declaration::Raise(Some(c)) => write!(f, "raise {}", c.get()),
            Declaration::AllIn => f.write_str("allin"),
            Declaration::Pot => f.write_str("pot"),
            Declaration::Amount(c) => write!(f, "{}", c.get()),
            Declaration::Conditional => f.write_str("if"),
        }
    }
}

/// One pot: its chips and the seats that may win it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pot {
    /// Chips in it.
    pub amount: Chips,
    /// Seats that may win it, in seat order.
    pub eligible: Vec<Seat>,
}

/// A pot as awarded: who won how much.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    /// The pot.
    pub pot: Pot,
    /// Each winner and their share, odd chips included.
    pub shares: Vec<(Seat, Chips)>,
}

impl fmt::Display for Event {
    /// The event as a TD reads it in a replay.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = |c: &[Card]| c.iter().map(|c| c.to_string()).collect::<String>();
        match self {
            Event::HandStarted { setup } => write!(
                f,
                "hand starts: button seat {}, blinds {}/{}{}",
                setup.button.number(),
                setup.small_blind,
                setup.big_blind,
                if setup.ante.is_zero() {
                    String::new()
                } else {
                    format!(", ante {}", setup.ante)
                }
            ),
            Event::Posted { seat, post, amount } => {
                write!(f, "{seat} post {} {}", post.as_str(), amount.get())
            }
            Event::HoleCards { seat, cards: c } => write!(f, "{seat} hole {}", cards(c)),
            Event::Declared { seat, declaration } => write!(f, "{seat} said \"{declaration}\""),
            Event::ChipsPushed { seat, chips } => write!(f, "{seat} pushed {chips} in one motion"),
            Event::Tapped { seat } => write!(f, "{seat} tapped the table"),
            Event::Mucked { seat } => write!(f, "{seat} threw the cards toward the muck"),
            Event::ActionBound { action, .. } => write!(f, "binds: {action}"),
            Event::RulingSuggested { ruling } => write!(
                f,
                "ruling {}: {} [{} {}: \"{}\"]",
                ruling.id,
                ruling.text,
                ruling.citation.rulebook,
                ruling.citation.rule,
                ruling.citation.text
            ),
            Event::BetReturned { seat, amount } => {
                write!(f, "{amount} goes back to {seat} (uncalled)")
            }
            Event::StreetDealt { street, cards: c } => write!(f, "{street} {}", cards(c)),
            Event::HandShown { seat, cards: c } => write!(f, "{seat} shows {}", cards(c)),
            Event::HandDiscarded { seat } => write!(f, "{seat} discards without showing"),
            Event::PotsAwarded { awards } => {
                let parts: Vec<String> = awards
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let name = if i == 0 {
                            "main pot".to_string()
                        } else {
                            format!("side pot {i}")
                        };
                        let to: Vec<String> = a
                            .shares
                            .iter()
                            .map(|(s, c)| format!("{c} to {s}"))
                            .collect();
                        format!("{name} {}: {}", a.pot.amount, to.join(", "))
                    })
                    .collect();
                write!(f, "awarded: {}", parts.join("; "))
            }
            Event::ActedOutOfTurn {
                seat,
                intent,
                faced,
            } => {
                write!(
                    f,
                    "{seat}: {intent} out of turn, facing {faced}; held until the turn reaches it"
                )
            }
            Event::OutOfTurnVoided { seat } => {
                write!(f, "{seat}'s out-of-turn action does not bind")
            }
            Event::RaiseBarred { seat } => write!(f, "{seat} may not raise again this street"),
            Event::BoundInPlace { action, .. } => {
                write!(f, "binds where it was made, out of turn: {action}")
            }
            Event::SkippedSeatRuled { seat } => write!(
                f,
                "{seat} was skipped: the out-of-turn action over it binds; it keeps its turn"
            ),
            Event::RaiseAllowed { seat } => write!(f, "{seat} may bet or raise again"),
            Event::OutOfTurnReferred { seat } => {
                write!(
                    f,
                    "{seat}'s out-of-turn action is the floor's to rule binding or not"
                )
            }
            Event::HandKilled { seat } => write!(f, "{seat}'s hand is dead; its chips stay in"),
            Event::TurnReturned { seat } => write!(f, "the action returns to {seat}"),
            Event::MisdealDeclared => f.write_str("misdeal: every chip goes back"),
            Event::PenaltyGiven { seat, penalty } => {
                write!(f, "{seat} is given a penalty: {penalty}")
            }
            Event::RulingsAccepted { entry } => {
                write!(f, "the dealer accepts entry {entry}'s ruling(s)")
            }
            Event::EntryRetracted { entry } => write!(f, "retracts entry {entry}"),
        }
    }
}

/// A fact about the hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The hand began with this table.
    HandStarted {
        /// Seats, stacks, button, blinds. Boxed: the largest of the
        /// events by far, it made every event as large (136 bytes), and
        /// events are moved and listed by the million in a verify or an
        /// import (JSON and equality see through the box).
        setup: Box<TableSetup>,
    },
    /// A blind or ante went in.
    Posted {
        /// Who posted.
        seat: Seat,
        /// Which forced bet.
        post: Post,
        /// How much (all the seat had, when short).
        amount: Chips,
    },
    /// A seat's hole cards were recorded.
    HoleCards {
        /// Whose.
        seat: Seat,
        /// The two cards.
        cards: [Card; 2],
    },
    /// A player said something that may bind an action.
    Declared {
        /// Who spoke.
        seat: Seat,
        /// What they said.
        declaration: Declaration,
    },
    /// A player released chips in one motion.
    ChipsPushed {
        /// Whose chips.
        seat: Seat,
        /// Which chips.
        chips: PushedChips,
    },
    /// A player tapped the table.
    Tapped {
        /// Who tapped.
        seat: Seat,
    },
    /// A player threw their cards toward the muck during the betting.
    Mucked {
        /// Who.
        seat: Seat,
    },
    /// An action became binding.
    ActionBound {
        /// The action, normalized.
        action: Action,
        /// Whether it is a full bet or raise (it sets the minimum raise and
        /// reopens the betting).
        full: bool,
    },
    /// A ruling was suggested.
    RulingSuggested {
        /// The ruling with its citation.
        ruling: Ruling,
    },
    /// An uncalled bet (or part of one) went back.
    BetReturned {
        /// To whom.
        seat: Seat,
        /// How much.
        amount: Chips,
    },
    /// Board cards were dealt.
    StreetDealt {
        /// The street they begin.
        street: Street,
        /// The cards.
        cards: Vec<Card>,
    },
    /// A hand was tabled.
    HandShown {
        /// Whose.
        seat: Seat,
        /// The two cards.
        cards: [Card; 2],
    },
    /// A hand was discarded at showdown without being tabled.
    HandDiscarded {
        /// Whose.
        seat: Seat,
    },
    /// The pots were awarded and the hand is over.
    PotsAwarded {
        /// Each pot, main pot first, and its winners.
        awards: Vec<Award>,
    },
    /// A seat acted out of turn; the house decides when the turn reaches it.
    ActedOutOfTurn {
        /// Who.
        seat: Seat,
        /// What they did, as a clear action.
        intent: Intent,
        /// The bet they faced when they acted.
        faced: Chips,
    },
    /// An out-of-turn action does not bind; the chips go back.
    OutOfTurnVoided {
        /// Whose.
        seat: Seat,
    },
    /// The seat may not raise (or bet) again on this street.
    RaiseBarred {
        /// Who.
        seat: Seat,
    },
    /// An action became binding where it stands, without moving the turn:
    /// an out-of-turn fold (TDA 40-A, 53), or out-of-turn actions bound by
    /// substantial action over a skipped seat (TDA 40-B).
    BoundInPlace {
        /// The action, normalized.
        action: Action,
        /// Whether it is a full bet or raise.
        full: bool,
    },
    /// Out-of-turn action has bound over this seat, which keeps its turn;
    /// the floor rules on its hand (TDA 40-B; Nuts 37).
    SkippedSeatRuled {
        /// The skipped seat.
        seat: Seat,
    },
    /// The turn reached a seat whose out-of-turn action the house leaves
    /// to the floor (UPT Betting 10, after an intervening call): it binds
    /// only if the floor rules so; otherwise the seat acts.
    OutOfTurnReferred {
        /// Whose action.
        seat: Seat,
    },
    /// The floor gives the seat back the right to bet or raise.
    RaiseAllowed {
        /// Who.
        seat: Seat,
    },
    /// The floor ruled the seat's hand dead; its chips stay in the pot.
    HandKilled {
        /// Whose hand.
        seat: Seat,
    },
    /// The action goes back to a skipped seat.
    TurnReturned {
        /// The seat whose turn it is.
        seat: Seat,
    },
    /// A misdeal: the hand ends and every chip goes back.
    MisdealDeclared,
    /// The floor gave a seat a penalty; the table serves it from the end
    /// of the hand (TDA 66).
    PenaltyGiven {
        /// Who.
        seat: Seat,
        /// What.
        penalty: Penalty,
    },
    /// The dealer accepted the rulings an earlier entry suggested. It
    /// changes nothing in the hand; it records what was ruled.
    RulingsAccepted {
        /// The entry whose rulings were accepted.
        entry: u32,
    },
    /// An earlier journal entry was retracted (undo); its events no longer
    /// count. Retracting a retraction restores the entry (redo).
    EntryRetracted {
        /// The sequence number of the retracted entry.
        entry: u32,
    },
}
