//! From the journal to what the review shows: each hand read
//! (`JournalHand`) becomes a `ReviewHand` under the house it was ruled
//! under, with the list's `Summary` of it, what each entry corrected (undo,
//! redo, the floor's override), the table as it stood after any entry, the
//! sentences the step view shows of an entry, and, when the TD compares,
//! the same entries ruled again under another house. No key and no
//! drawing: the review's keys and rendering read from here.

use crate::journal::JournalHand;
use crate::journal::compare::Reading;
use crate::rules::HouseRules;
use crate::session::Table;
use crate::table::Chips;
use crate::table::Seat;
use crate::table::event::Event;
use crate::table::hand::{Hand, live_entries, replay};
use crate::tui::panes::{Waiting, told};

/// What an entry corrected, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correction {
    /// It undid an entry.
    Undo {
        /// The entry undone.
        target: u32,
    },
    /// It restored an entry an undo had retracted.
    Redo {
        /// The undo it cancelled.
        undo: u32,
        /// The entry restored.
        target: u32,
    },
    /// It retracted an entry for the floor's override that follows it.
    OverrideRetraction {
        /// The entry overridden.
        target: u32,
    },
    /// The floor's ruling in place of an entry.
    Override {
        /// The entry it replaced.
        replaced: u32,
    },
    /// The floor's ruling after an entry, otherwise than the entry's
    /// rulings suggest (a misdeal declared all the same).
    OverrideAfter {
        /// The entry whose rulings the floor overrode.
        ruled: u32,
    },
}

impl Correction {
    /// Whether it is the floor's override (in place of an entry or after it).
    pub fn is_override(&self) -> bool {
        matches!(
            self,
            Correction::Override { .. } | Correction::OverrideAfter { .. }
        )
    }
}

/// What the hand list shows of a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The hand's number.
    pub number: u32,
    /// When it began (local clock time), when the journal says.
    pub time: Option<String>,
    /// How many seats were dealt in.
    pub players: usize,
    /// The chips awarded, or the pot where the journal ends.
    pub pot: Chips,
    /// Who won chips (seat numbers), empty while the hand is unfinished.
    pub winners: Vec<String>,
    /// How many rulings its entries suggested.
    pub rulings: usize,
    /// How many entries the floor overrode.
    pub overrides: usize,
    /// How many undos (and redos) it has.
    pub undos: usize,
}

impl Summary {
    /// Whether the hand has a correction to look at.
    pub fn corrected(&self) -> bool {
        self.overrides + self.undos > 0
    }
}

/// One hand of the journal, ready to step through.
#[derive(Debug, Clone)]
pub struct ReviewHand {
    /// The hand as read.
    pub hand: JournalHand,
    /// The house rules it was ruled under.
    pub rules: HouseRules,
    /// What the list shows.
    pub summary: Summary,
    /// What each entry corrected.
    pub corrections: Vec<Option<Correction>>,
    /// The same entries ruled again under the house compared, when one is.
    pub other: Option<Reading>,
    /// Players at the table not dealt this hand (waiting for the button,
    /// or through a re-deal), as the table's records had them.
    pub waiting: Vec<Waiting>,
}

impl ReviewHand {
    /// Reads a hand for review under `rules`.
    pub fn new(hand: JournalHand, rules: HouseRules) -> ReviewHand {
        let entries = &hand.entries;
        let mut corrections = vec![None; entries.len()];
        for (i, entry) in entries.iter().enumerate() {
            if let Some(target) = entry.retracted_target() {
                let undone_retraction = entries
                    .get(target as usize)
                    .and_then(|t| t.retracted_target());
                corrections[i] = Some(match undone_retraction {
                    Some(restored) => Correction::Redo {
                        undo: target,
                        target: restored,
                    },
                    None if entries.get(i + 1).is_some_and(|n| n.overrides().is_some()) => {
                        Correction::OverrideRetraction { target }
                    }
                    None => Correction::Undo { target },
                });
            } else if entry.overrides().is_some() {
                corrections[i] = match i.checked_sub(1).map(|p| &corrections[p]) {
                    Some(Some(Correction::OverrideRetraction { target })) => {
                        Some(Correction::Override { replaced: *target })
                    }
                    // The floor's line after the ruled entry: the last entry
                    // before it that is neither a correction nor an acceptance.
                    _ => entries[..i]
                        .iter()
                        .rev()
                        .find(|e| e.retracted_target().is_none() && !e.is_acceptance())
                        .map(|e| Correction::OverrideAfter { ruled: e.seq }),
                };
            }
        }
        let state = replay(entries);
        let awards: Vec<_> = entries
            .iter()
            .zip(live_entries(entries))
            .filter(|(_, live)| *live)
            .flat_map(|(e, _)| e.events.iter())
            .filter_map(|e| match e {
                Event::PotsAwarded { awards } => Some(awards),
                _ => None,
            })
            .flatten()
            .collect();
        let mut winners: Vec<String> = Vec::new();
        let mut pot = Chips::ZERO;
        for award in &awards {
            for (seat, share) in &award.shares {
                pot += *share;
                let name = seat.to_string();
                if !winners.contains(&name) {
                    winners.push(name);
                }
            }
        }
        if awards.is_empty() {
            pot = state.pot();
        }
        if state.misdealt {
            // Every chip went back: no winner, and the next deal replays it.
            winners = vec!["misdeal".to_string()];
        }
        let summary = Summary {
            number: hand.header.number,
            time: hand.started.map(|t| t.local_clock()),
            players: hand.header.setup.stacks.len(),
            pot,
            winners,
            rulings: entries
                .iter()
                .flat_map(|e| e.events.iter())
                .filter(|e| matches!(e, Event::RulingSuggested { .. }))
                .count(),
            overrides: corrections
                .iter()
                .flatten()
                .filter(|c| c.is_override())
                .count(),
            undos: corrections
                .iter()
                .filter(|c| matches!(c, Some(Correction::Undo { .. } | Correction::Redo { .. })))
                .count(),
        };
        ReviewHand {
            waiting: Vec::new(),
            hand,
            rules,
            summary,
            corrections,
            other: None,
        }
    }

    /// Rules the hand again under `rules`, to show beside the journal's
    /// reading (`None`: no comparison).
    pub fn compare_with(&mut self, rules: Option<&HouseRules>) {
        self.other =
            rules.map(|r| Reading::of(&self.hand.entries, &self.hand.header.setup, r.clone()));
    }

    /// Whether step `step` reads otherwise under the house compared.
    pub fn differs(&self, step: usize) -> bool {
        self.other
            .as_ref()
            .is_some_and(|o| o.differs.get(step).is_some_and(Option::is_some))
    }

    /// Why the house compared cannot play this hand at all, if it cannot.
    pub fn cannot_run(&self) -> Option<&str> {
        self.other.as_ref().and_then(|o| o.cannot_run.as_deref())
    }

    /// The hand as it stood after entry `step` under the house compared
    /// (none when that house cannot play it).
    pub fn other_at(&self, step: usize) -> Option<Hand> {
        let other = self.other.as_ref().filter(|o| o.cannot_run.is_none())?;
        let end = (step + 1).min(other.entries.len());
        Some(Hand::from_entries(
            other.entries[..end].to_vec(),
            other.rules.clone(),
        ))
    }

    /// What the step view says of step `step` under the house compared
    /// (nothing when that house cannot play the hand: the screen says so
    /// once, at the top).
    pub fn other_details(&self, step: usize) -> Vec<String> {
        let Some(other) = self.other.as_ref().filter(|o| o.cannot_run.is_none()) else {
            return Vec::new();
        };
        match other.differs.get(step) {
            Some(Some(d)) => d.sentences(&other.rules.name),
            _ => vec![format!("Under {}: the same.", other.rules.name)],
        }
    }

    /// Whether entry `step` suggested a ruling.
    pub(super) fn has_ruling(&self, step: usize) -> bool {
        self.hand.entries.get(step).is_some_and(|e| {
            e.events
                .iter()
                .any(|e| matches!(e, Event::RulingSuggested { .. }))
        })
    }

    /// The hand as it stood after entry `step`.
    pub fn at(&self, step: usize) -> Hand {
        let end = (step + 1).min(self.hand.entries.len());
        Hand::from_entries(self.hand.entries[..end].to_vec(), self.rules.clone())
    }

    /// What the step view says of entry `step`: when, what was entered,
    /// what it bound, its rulings with their citations, its correction.
    pub fn details(&self, step: usize) -> Vec<String> {
        let entries = &self.hand.entries;
        let Some(entry) = entries.get(step) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let at = self
            .hand
            .times
            .get(step)
            .copied()
            .flatten()
            .map(|t| format!(" at {}", t.local_text()))
            .unwrap_or_default();
        let entered = match entry.line.as_deref() {
            Some(line) => format!("entered \"{line}\""),
            None if entry.seq == 0 => "the start of the hand".to_string(),
            None => "no line (bound by another)".to_string(),
        };
        out.push(format!(
            "Entry {} of {}{at}: {entered}.",
            entry.seq,
            entries.len().saturating_sub(1)
        ));
        let line_of = |seq: u32| {
            entries
                .get(seq as usize)
                .map(|e| format!("entry {seq} (\"{}\")", e.text()))
                .unwrap_or_else(|| format!("entry {seq}"))
        };
        let rulings_of = |seq: u32| {
            entries
                .get(seq as usize)
                .map(|e| e.rulings().map(|r| r.id.as_str()).collect::<Vec<_>>())
                .unwrap_or_default()
                .join(", ")
        };
        match &self.corrections[step] {
            Some(Correction::Undo { target }) => {
                out.push(format!("UNDO: retracts {}.", line_of(*target)));
            }
            Some(Correction::Redo { undo, target }) => out.push(format!(
                "REDO: cancels the undo in entry {undo}, restoring {}.",
                line_of(*target)
            )),
            Some(Correction::OverrideRetraction { target }) => out.push(format!(
                "OVERRIDE: retracts {} for the floor's ruling in the next entry.",
                line_of(*target)
            )),
            Some(Correction::Override { replaced }) => {
                let what = match rulings_of(*replaced) {
                    r if r.is_empty() => String::new(),
                    r => format!(", whose ruling was {r}"),
                };
                out.push(format!(
                    "OVERRIDE: the floor's ruling replaces {}{what}.",
                    line_of(*replaced)
                ));
            }
            Some(Correction::OverrideAfter { ruled }) => out.push(format!(
                "OVERRIDE: the floor rules otherwise than the ruling {} of {} suggested.",
                rulings_of(*ruled),
                line_of(*ruled)
            )),
            None => {}
        }
        if let Some(later) = entries
            .iter()
            .skip(step + 1)
            .find(|e| e.retracted_target() == Some(entry.seq))
        {
            out.push(format!("Retracted later, by entry {}.", later.seq));
        }
        for event in &entry.events {
            match event {
                Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                    out.push(format!("Bound: {action}."));
                }
                Event::RulingSuggested { ruling } => out.push(format!("Ruling {}", told(ruling))),
                Event::EntryRetracted { .. } => {}
                other => out.push(format!("Event: {other}.")),
            }
        }
        // The table's records written after this entry and before the next
        // (the clock on a player, its stop or end; after the last entry,
        // the hand's end, the places and the lines between hands).
        let last = step + 1 == entries.len();
        for note in self
            .hand
            .table
            .iter()
            .filter(|n| n.after_entries == step + 1 || (last && n.after_entries > step))
        {
            let at = note
                .time
                .map(|t| format!(" at {}", t.local_clock()))
                .unwrap_or_default();
            for event in &note.record.events {
                out.push(format!("Table{at}: {event}"));
            }
        }
        out
    }
}

/// The journal's hands ready for review, each under the house rules the
/// journal embeds for it; where it embeds none (format 1), the house its
/// header names, found by `by_name`; else TDA (the panes need rules only
/// for the minimum raise).
pub fn hands_of(
    hands: Vec<JournalHand>,
    by_name: impl Fn(&str) -> Option<HouseRules>,
) -> Vec<ReviewHand> {
    // Hands under one session record share it: its TOML is parsed once.
    let mut parsed: Vec<(*const crate::journal::house::HouseRecord, HouseRules)> = Vec::new();
    // The table as its records left it, for who waits at each hand.
    let mut table = Table::new(Seat::from_index(0), Default::default(), Vec::new());
    hands
        .into_iter()
        .map(|hand| {
            let (begun, after): (Vec<_>, Vec<_>) =
                hand.table.iter().partition(|n| n.after_entries == 0);
            for note in begun {
                note.record.events.iter().for_each(|e| table.apply(e));
            }
            let waiting = table
                .seats
                .iter()
                .filter(|(s, _)| !hand.header.setup.stacks.iter().any(|(d, _)| d == *s))
                .map(|(s, p)| Waiting {
                    seat: *s,
                    name: p.name.clone(),
                    chips: p.chips,
                })
                .collect();
            for note in after {
                note.record.events.iter().for_each(|e| table.apply(e));
            }
            let embedded = hand.house.as_ref().and_then(|record| {
                let key = std::sync::Arc::as_ptr(record);
                if let Some((_, rules)) = parsed.iter().find(|(k, _)| *k == key) {
                    return Some(rules.clone());
                }
                let rules = record.rules().ok()?;
                parsed.push((key, rules.clone()));
                Some(rules)
            });
            let rules = embedded
                .or_else(|| by_name(&hand.header.house))
                .unwrap_or_else(HouseRules::tda);
            ReviewHand {
                waiting,
                ..ReviewHand::new(hand, rules)
            }
        })
        .collect()
}
