//! A journaled hand ruled again under another house: the same lines, in
//! the same order, with the same undos, decided by that house's rules, and
//! every step where the two readings part (another binding, another
//! ruling, other chips) said in words. The review shows the two side by
//! side; nothing here is written anywhere.
//!
//! The steps stay aligned with the journal's entries: an entry the other
//! house refuses (or an acceptance of a ruling it does not make) is kept
//! there as an entry with no events, so undos and redos still retract the
//! entry they name.

use crate::notation::parse_line;
use crate::rules::HouseRules;
use crate::table::command::Command;
use crate::table::event::{Event, TableSetup};
use crate::table::hand::{Entry, live_entries, replay};
use crate::table::state::HandState;

/// How the other house read one step, where it differs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Difference {
    /// The other house refuses the entry, and why.
    pub refused: Option<String>,
    /// What the entry bound here and there, when not the same.
    pub bound: Option<(Vec<String>, Vec<String>)>,
    /// The rulings (ids) here and there, when not the same.
    pub rulings: Option<(Vec<String>, Vec<String>)>,
    /// Each seat (or the pot) whose chips differ after the step:
    /// `s2 4,400 here, 4,000 under nuts`.
    pub chips: Vec<String>,
}

impl Difference {
    /// The difference in sentences, naming the other house.
    pub fn sentences(&self, house: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(why) = &self.refused {
            out.push(format!("Under {house} the entry is refused: {why}"));
        }
        if let Some((here, there)) = &self.bound {
            out.push(format!(
                "Under {house} it binds {} (here: {}).",
                list_or(there, "nothing"),
                list_or(here, "nothing")
            ));
        }
        if let Some((here, there)) = &self.rulings {
            out.push(format!(
                "Under {house} the ruling is {} (here: {}).",
                list_or(there, "none"),
                list_or(here, "none")
            ));
        }
        if !self.chips.is_empty() {
            out.push(format!("Chips differ: {}.", self.chips.join("; ")));
        }
        out
    }
}

fn list_or(items: &[String], none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items.join(", ")
    }
}

/// A hand ruled again under another house.
#[derive(Debug, Clone)]
pub struct Reading {
    /// The other house.
    pub rules: HouseRules,
    /// Its entries, one for each of the journal's.
    pub entries: Vec<Entry>,
    /// For each step, how it differs from the journal's reading (`None`:
    /// the same binding, rulings and chips).
    pub differs: Vec<Option<Difference>>,
    /// Why the other house cannot play the hand at all (its structure: a
    /// big-blind ante against a per-player ante cap, say), when it cannot:
    /// then no step is compared, and the screen says it once.
    pub cannot_run: Option<String>,
}

impl Reading {
    /// Rules `entries` (a journaled hand that began with `setup`) again
    /// under `rules`, step by step.
    pub fn of(entries: &[Entry], setup: &TableSetup, rules: HouseRules) -> Reading {
        let mut other: Vec<Entry> = Vec::with_capacity(entries.len());
        let mut refusals: Vec<Option<String>> = Vec::with_capacity(entries.len());
        let mut state = HandState::default();
        for entry in entries {
            let seq = entry.seq;
            let (events, refused) = match entry.events.as_slice() {
                [Event::EntryRetracted { .. }] if seq > 0 => (entry.events.clone(), None),
                [Event::RulingsAccepted { entry: target }] if seq > 0 => {
                    let live = live_entries(&other);
                    let has = other
                        .get(*target as usize)
                        .is_some_and(|e| live[e.seq as usize] && e.events.iter().any(is_ruling));
                    if has {
                        (entry.events.clone(), None)
                    } else {
                        (Vec::new(), None)
                    }
                }
                _ => {
                    let command = if seq == 0 {
                        Ok(Command::StartHand(setup.clone()))
                    } else {
                        match entry.line.as_deref().map(parse_line) {
                            Some(Ok(Some(command))) => Ok(command),
                            Some(Ok(None)) | None => Ok(Command::Resolve),
                            Some(Err(e)) => Err(format!(
                                "its line is not table notation (column {}: {}).",
                                e.column, e.message
                            )),
                        }
                    };
                    match command.and_then(|c| {
                        crate::table::decide::decide(&state, &rules, &c).map_err(|r| r.to_string())
                    }) {
                        Ok(events) => (events, None),
                        Err(why) => (Vec::new(), Some(why)),
                    }
                }
            };
            let retraction = matches!(events.as_slice(), [Event::EntryRetracted { .. }]);
            other.push(Entry {
                seq,
                line: entry.line.clone(),
                events,
            });
            if retraction {
                state = replay(&other);
            } else if let Some(last) = other.last() {
                for e in &last.events {
                    state.apply(e);
                }
            }
            refusals.push(refused);
        }
        // The hand's start refused: every later step would be refused
        // for want of a hand, which says nothing step by step.
        if let Some(Some(why)) = refusals.first().filter(|_| !entries.is_empty()) {
            return Reading {
                cannot_run: Some(why.clone()),
                differs: vec![None; entries.len()],
                rules,
                entries: other,
            };
        }
        let differs = compare(entries, &other, refusals, &rules.name);
        Reading {
            rules,
            entries: other,
            differs,
            cannot_run: None,
        }
    }

    /// How many steps differ.
    pub fn differing(&self) -> usize {
        self.differs.iter().filter(|d| d.is_some()).count()
    }
}

fn is_ruling(event: &Event) -> bool {
    matches!(event, Event::RulingSuggested { .. })
}

fn bound(entry: &Entry) -> Vec<String> {
    entry
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                Some(action.to_string())
            }
            _ => None,
        })
        .collect()
}

fn rulings(entry: &Entry) -> Vec<String> {
    entry
        .events
        .iter()
        .filter_map(|e| match e {
            Event::RulingSuggested { ruling } => Some(ruling.id.to_string()),
            _ => None,
        })
        .collect()
}

/// Each step of `here` against the same step of `there`.
fn compare(
    here: &[Entry],
    there: &[Entry],
    refusals: Vec<Option<String>>,
    house: &str,
) -> Vec<Option<Difference>> {
    let mut out = Vec::with_capacity(here.len());
    let (mut a, mut b) = (HandState::default(), HandState::default());
    for (i, refused) in refusals.into_iter().enumerate() {
        for (state, entries) in [(&mut a, here), (&mut b, there)] {
            if entries[i].retracted_target().is_some() {
                *state = replay(&entries[..=i]);
            } else {
                for e in &entries[i].events {
                    state.apply(e);
                }
            }
        }
        let (bound_a, bound_b) = (bound(&here[i]), bound(&there[i]));
        let (rulings_a, rulings_b) = (rulings(&here[i]), rulings(&there[i]));
        let mut chips = Vec::new();
        let seats: Vec<_> = a.occupied().chain(b.occupied()).collect();
        let mut seen = Vec::new();
        for seat in seats {
            if seen.contains(&seat) {
                continue;
            }
            seen.push(seat);
            let (x, y) = (a.seat(seat).stack, b.seat(seat).stack);
            if x != y {
                chips.push(format!("{seat} {x} here, {y} under {house}"));
            }
        }
        if a.pot() != b.pot() {
            chips.push(format!(
                "the pot {} here, {} under {house}",
                a.pot(),
                b.pot()
            ));
        }
        let difference = Difference {
            refused,
            bound: (bound_a != bound_b).then_some((bound_a, bound_b)),
            rulings: (rulings_a != rulings_b).then_some((rulings_a, rulings_b)),
            chips,
        };
        out.push((difference != Difference::default()).then_some(difference));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::chips::Chips;
    use crate::table::hand::Hand;
    use crate::table::seat::Seat;

    fn journaled(rules: HouseRules, setup: &TableSetup, lines: &[&str]) -> Vec<Entry> {
        let mut hand = Hand::start(setup.clone(), rules).expect("starts");
        for line in lines {
            let command = parse_line(line).expect("valid").expect("a command");
            hand.execute(&command, Some(line.to_string()))
                .expect("taken");
        }
        hand.entries().to_vec()
    }

    fn five_seats() -> TableSetup {
        let stacks = (1..=5)
            .map(|n| (Seat::new(n).expect("a seat"), Chips(20_000)))
            .collect();
        TableSetup::preflop(
            Seat::new(1).expect("a seat"),
            (Chips(200), Chips(400)),
            stacks,
        )
    }

    fn rules(name: &str) -> HouseRules {
        HouseRules::built_in(name)
            .expect("built in")
            .expect("loads")
    }

    /// The cross-house pair `pair-fifty-percent-{tda,upt}`: facing a raise
    /// to 1,200, a silent 1,700 is a raise to 2,000 under TDA (half of the
    /// 800 raise) and a call under UPT (less than the bet plus half).
    const LINES: [&str; 3] = ["s4 raise 1200", "s5 push 1700", "s1 fold"];

    #[test]
    fn the_same_house_reads_the_same() {
        let setup = five_seats();
        let entries = journaled(HouseRules::tda(), &setup, &LINES);
        let reading = Reading::of(&entries, &setup, HouseRules::tda());
        assert_eq!(reading.differing(), 0);
        assert_eq!(reading.entries, entries);
    }

    #[test]
    fn another_house_binds_and_rules_otherwise_and_says_where() {
        let setup = five_seats();
        let entries = journaled(HouseRules::tda(), &setup, &LINES);
        let reading = Reading::of(&entries, &setup, rules("upt"));
        // The push binds with the next line (entry 3): TDA's raise to
        // 2,000 against UPT's call of 1,200; seat 5's stack differs.
        let at: Vec<usize> = (0..entries.len())
            .filter(|i| reading.differs[*i].is_some())
            .collect();
        assert_eq!(at, vec![3], "{:?}", reading.differs);
        let d = reading.differs[3].as_ref().expect("a difference");
        let (here, there) = d.bound.clone().expect("another binding");
        assert!(here.iter().any(|b| b == "s5 raise 2000"), "{here:?}");
        assert!(there.iter().any(|b| b == "s5 call 1200"), "{there:?}");
        assert!(
            d.chips
                .iter()
                .any(|c| c == "s5 18,000 here, 18,800 under upt"),
            "{:?}",
            d.chips
        );
        let said = d.sentences("upt").join(" ");
        assert!(said.contains("Under upt it binds"), "{said}");
    }

    #[test]
    fn an_entry_the_other_house_refuses_is_kept_as_nothing_and_said() {
        let setup = five_seats();
        // Under TDA seat 5 may raise again after the push binds; the
        // other reading keeps the steps aligned even where it refuses.
        let entries = journaled(
            HouseRules::tda(),
            &setup,
            &["s4 raise 1200", "s5 raise 2000", "s1 fold", "s2 fold"],
        );
        let reading = Reading::of(&entries, &setup, rules("upt"));
        assert_eq!(reading.entries.len(), entries.len());
        // UPT's minimum raise is double the 1,200 faced: 2,000 is refused.
        let d = reading.differs[2].as_ref().expect("a difference");
        assert!(d.refused.is_some(), "{d:?}");
        assert!(
            d.sentences("upt")[0].starts_with("Under upt the entry is refused"),
            "{d:?}"
        );
    }
}
