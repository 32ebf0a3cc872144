//! The ruling panel: an entry's rulings waiting for the dealer, accepted
//! with one key, or replaced or followed by the floor's own ruling.

use super::prompt::{Prompt, PromptKind};
use super::{App, Deferred, MessageKind, Overlay};
use crate::rules::{Ruling, RulingId};
use crate::table::command::{Command, Intent};
use crate::table::event::{Action as Bound, Event};
use crate::table::hand::{Entry, overriding};
use crate::table::{Chips, decide};
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::told;

/// One of the floor's other rulings for an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The command that records it.
    pub command: Command,
    /// Its normalized line.
    pub label: String,
    /// Whether it replaces the ruled entry (another reading of the same
    /// moment) or follows it (the floor's ruling on what it left open).
    pub replaces: bool,
    /// What it does to the chips, in a sentence, shown before the floor
    /// picks it.
    pub effect: String,
}

/// Rulings suggested by an entry, waiting for the dealer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulingPanel {
    /// The entry that suggested them.
    pub seq: u32,
    /// What the entry was, as entered.
    pub input: String,
    /// The rulings, with their sentences and citations.
    pub rulings: Vec<Ruling>,
    /// The floor's other rulings, once asked for.
    pub choices: Option<Vec<Choice>>,
}

impl App {
    /// Opens the ruling panel when the entry suggested rulings.
    pub(super) fn open_ruling(&mut self, seq: u32) -> bool {
        let Some(entry) = self.entry(seq) else {
            return false;
        };
        let rulings: Vec<Ruling> = entry
            .events
            .iter()
            .filter_map(|e| match e {
                Event::RulingSuggested { ruling } => Some(ruling.clone()),
                _ => None,
            })
            .collect();
        if rulings.is_empty() {
            return false;
        }
        if !rulings.iter().any(needs_the_floor) {
            // Rulings the house settles by itself bind at once: told, with
            // their citations, and in the log; not asked.
            let told: Vec<String> = rulings.iter().map(told).collect();
            match self.message.as_mut() {
                Some(m) if m.kind == MessageKind::Info => {
                    m.text.push(' ');
                    m.text.push_str(&told.join(" "));
                }
                _ => self.info(told.join(" ")),
            }
            return false;
        }
        let input = entry_input(self.session.as_ref().map(|s| s.hand().entries()), entry);
        self.ruling = Some(RulingPanel {
            seq,
            input,
            rulings,
            choices: None,
        });
        true
    }

    pub(super) fn run_deferred(&mut self) {
        match self.deferred.take() {
            Some(Deferred::Command(command, line)) => {
                self.submit(command, line);
            }
            Some(Deferred::Key(action)) => self.update_table(action),
            None => {}
        }
    }

    pub(super) fn update_ruling(&mut self, action: Action) {
        let Some(panel) = self.ruling.clone() else {
            return;
        };
        match action {
            Action::Accept => {
                // The acceptance is on the disk before the screen says so.
                let accepted = match self.session.as_mut() {
                    Some(session) => session.accept_rulings(panel.seq),
                    None => return,
                };
                if let Err(e) = accepted {
                    self.refuse(format!("The acceptance could not be recorded: {e}"));
                    return;
                }
                self.ruling = None;
                self.info(format!("Ruling accepted: {}.", panel.ids().join(", ")));
                self.run_deferred();
            }
            Action::Override => {
                let choices = self.override_choices(panel.seq);
                if choices.is_empty() {
                    let colon = self.hint(Section::Ruling, Action::CommandBar);
                    self.refuse(format!(
                        "There is no other reading of this entry to choose: {colon} lets the floor key the line it rules."
                    ));
                } else if let Some(p) = self.ruling.as_mut() {
                    p.choices = Some(choices);
                }
            }
            Action::Number(n) => {
                let chosen = panel
                    .choices
                    .as_ref()
                    .and_then(|c| c.get(n as usize - 1))
                    .cloned();
                match (chosen, &panel.choices) {
                    (Some(choice), _) if choice.replaces => {
                        let line = choice.label.clone();
                        self.override_with(choice.command, line);
                    }
                    (Some(choice), _) => self.rule_after(choice),
                    (None, Some(c)) => {
                        self.refuse(format!("There is no choice {n}: choose 1 to {}.", c.len()))
                    }
                    (None, None) => {
                        let o = self.hint(Section::Ruling, Action::Override);
                        self.refuse(format!(
                            "{o} first lists the floor's other rulings to choose from."
                        ))
                    }
                }
            }
            Action::CommandBar => {
                self.prompt = Some(Prompt::new(PromptKind::Line {
                    override_of: Some(panel.seq),
                }));
            }
            Action::Cancel => {
                if let Some(p) = self.ruling.as_mut() {
                    p.choices = None;
                }
            }
            Action::Undo => {
                self.ruling = None;
                let waiting = match self.deferred.take() {
                    Some(Deferred::Command(_, line)) => {
                        Some(format!("\"{}\"", line.unwrap_or_default()))
                    }
                    Some(Deferred::Key(action)) => {
                        Some(format!("The {} key", self.hint(Section::Table, action)))
                    }
                    None => None,
                };
                self.undo();
                if let Some(waiting) = waiting
                    && let Some(m) = self.message.as_mut()
                {
                    m.text
                        .push_str(&format!(" {waiting} was not recorded: key it again."));
                }
            }
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Quit => self.ask_quit(),
            _ => {}
        }
    }

    /// The clear actions the floor may rule instead of what entry `seq`
    /// bound, each checked against the hand as it was before the entry.
    pub(super) fn override_choices(&self, seq: u32) -> Vec<Choice> {
        // The options the rulings themselves leave to the floor come first.
        let mut choices: Vec<Choice> = self
            .ruling
            .iter()
            .flat_map(|p| p.rulings.iter())
            .flat_map(|r| r.options.iter())
            .filter_map(|o| {
                let command = crate::notation::parse_line(&o.line).ok().flatten()?;
                Some(Choice {
                    command,
                    label: o.line.clone(),
                    replaces: o.replaces,
                    effect: o.text.clone(),
                })
            })
            .collect();
        let Some(session) = &self.session else {
            return choices;
        };
        let Some(bound) = self.entry(seq).and_then(|e| {
            e.events.iter().find_map(|ev| match ev {
                Event::ActionBound { action, .. } => Some(*action),
                _ => None,
            })
        }) else {
            return choices;
        };
        let mut before = session.hand().clone();
        match before.undo().map(|e| e.events.clone()).as_deref() {
            Ok([Event::EntryRetracted { entry }]) if *entry == seq => {}
            _ => return choices,
        }
        let st = before.state();
        let rules = before.rules();
        let seat = bound.seat;
        let wager = st.seat(seat).wager;
        let min = st.min_raise_to(rules);
        let wager_intent = |to: Chips| {
            if st.current_bet.is_zero() {
                Intent::Bet(to)
            } else {
                Intent::Raise(to)
            }
        };
        let mut intents = vec![Intent::Call(None), Intent::Check, Intent::Fold];
        let pending = st.pending.as_ref().filter(|p| p.seat == seat);
        let pushed: Chips = pending
            .iter()
            .flat_map(|p| p.steps.iter())
            .filter_map(|e| match e {
                Event::ChipsPushed { chips, .. } => Some(chips.total()),
                _ => None,
            })
            .sum();
        if !pushed.is_zero() {
            // Chips pushed in turn stay in the pot (TDA 38-A): a fold is
            // the undercaller's forfeit (TDA 39-B), never the chips back.
            intents.retain(|i| *i != Intent::Fold);
            let to_call = st.to_call(seat);
            let n = seat.number();
            let label = format!("floor forfeit s{n} {}", pushed.get());
            if pushed < to_call && !choices.iter().any(|c| c.label == label) {
                choices.push(Choice {
                    command: Command::Decide {
                        decision: crate::table::command::FloorDecision::Forfeit {
                            seat,
                            amount: pushed,
                        },
                        reason: None,
                    },
                    label,
                    replaces: true,
                    effect: format!("Seat {n} folds; the {pushed} it pushed stays in the pot."),
                });
            }
        }
        if let Some(p) = pending {
            if !pushed.is_zero() {
                intents.push(wager_intent(wager + pushed));
            }
            for step in &p.steps {
                if let Event::Declared { declaration, .. } = step {
                    use crate::table::event::Declaration as D;
                    if let D::Bet(Some(to)) | D::Raise(Some(to)) = declaration {
                        intents.push(wager_intent(*to));
                    }
                    if let D::Amount(a) = declaration {
                        intents.push(wager_intent(wager + *a));
                    }
                }
            }
        }
        intents.push(wager_intent(min));
        intents.push(Intent::AllIn);
        for intent in intents {
            let command = Command::Act {
                seat,
                intent,
                all_in: false,
            };
            let Ok(events) = decide(st, rules, &command) else {
                continue;
            };
            let Some(action) = events.iter().find_map(|e| match e {
                Event::ActionBound { action, .. } => Some(*action),
                _ => None,
            }) else {
                continue;
            };
            let label = action.to_string();
            if same_action(&action, &bound) || choices.iter().any(|c| c.label == label) {
                continue;
            }
            let put_in = action.to.saturating_sub(wager);
            let effect = match (pushed.is_zero(), put_in.cmp(&pushed)) {
                (true, _) if put_in.is_zero() => "No chips go in.".to_string(),
                (true, _) => format!("{put_in} goes in."),
                (false, std::cmp::Ordering::Less) => format!(
                    "{put_in} of the {pushed} pushed plays; {} goes back.",
                    pushed - put_in
                ),
                (false, std::cmp::Ordering::Equal) => format!("The {pushed} pushed plays."),
                (false, std::cmp::Ordering::Greater) => format!(
                    "The {pushed} pushed plays and {} more must go in.",
                    put_in - pushed
                ),
            };
            choices.push(Choice {
                command: as_clear(&action),
                label,
                replaces: true,
                effect,
            });
        }
        choices.truncate(9);
        choices
    }

    /// Records the floor's choice among the options a ruling left open: its
    /// line follows the ruled entry, noted as the floor's override of the
    /// rulings (not their acceptance: the floor ruled otherwise than they
    /// suggest). Refused, the panel stays and nothing is recorded.
    pub(super) fn rule_after(&mut self, choice: Choice) {
        let Some(panel) = self.ruling.take() else {
            return;
        };
        let ids = panel.ids();
        let line = overriding(&choice.label, &ids);
        if !self.submit(choice.command, Some(line)) {
            self.ruling = Some(panel);
            return;
        }
        if let Some(m) = self.message.as_mut() {
            m.text = format!("The floor overrides {}. {}", ids.join(", "), m.text);
        }
        if self.ruling.is_none() {
            self.run_deferred();
        }
    }

    /// Records the floor's ruling in place of the ruled entry: the entry is
    /// retracted and the command recorded, with the override noted.
    pub(super) fn override_with(&mut self, command: Command, line: String) -> bool {
        let Some(panel) = self.ruling.clone() else {
            return false;
        };
        let ids = panel.ids();
        let noted = overriding(&line, &ids);
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        match session.replace_last(panel.seq, &command, Some(noted)) {
            Ok(seq) => {
                self.ruling = None;
                let summary = self.summary(seq);
                self.info(format!("The floor overrides {}. {summary}", ids.join(", ")));
                if !self.open_ruling(seq) {
                    self.run_deferred();
                }
                true
            }
            Err(e) => {
                self.refuse(e);
                false
            }
        }
    }
}

impl RulingPanel {
    /// The ids of the rulings on the panel, in order.
    fn ids(&self) -> Vec<&str> {
        self.rulings.iter().map(|r| r.id.as_str()).collect()
    }
}

/// Rulings that always go to the floor, options or not: the book leaves
/// them to the TD's judgement (TDA 54: a conditional statement may be
/// ruled binding or penalized, at the TD's discretion).
pub const ALWAYS_THE_FLOOR: [RulingId; 1] = [RulingId::ConditionalStatement];

/// Whether a ruling stops the game for the floor: when the floor has a
/// real choice, that is when the ruling carries the floor's options (the
/// book says TD's discretion, or several readings stand) or is one the book
/// always leaves to the TD. Every other ruling the house settles by itself:
/// it binds at once and is told, with its citation, and logged.
pub fn needs_the_floor(ruling: &Ruling) -> bool {
    !ruling.options.is_empty() || ALWAYS_THE_FLOOR.contains(&ruling.id)
}

/// Whether two bound actions are the same ruling.
fn same_action(a: &Bound, b: &Bound) -> bool {
    a.kind == b.kind && a.to == b.to && a.seat == b.seat
}

/// The clear command that binds exactly `action`.
fn as_clear(action: &Bound) -> Command {
    Command::Act {
        seat: action.seat,
        intent: action.intent(),
        all_in: false,
    }
}

/// What the dealer entered that led to an entry: its line, or for a motion
/// that bound (no line of its own), the lines of the motion.
fn entry_input(entries: Option<&[Entry]>, entry: &Entry) -> String {
    if let Some(line) = entry.line.as_ref().filter(|l| !l.starts_with('#')) {
        return line.clone();
    }
    if entry.seq == 0 {
        return "the start of the hand".into();
    }
    let Some(entries) = entries else {
        return Entry::text(entry);
    };
    let seat = entry.events.iter().find_map(|e| match e {
        Event::ActionBound { action, .. } => Some(action.seat),
        _ => None,
    });
    let mut steps: Vec<String> = Vec::new();
    for earlier in entries[..entry.seq as usize].iter().rev() {
        let physical = earlier.events.iter().any(|e| {
            matches!(e,
                Event::Declared { seat: s, .. }
                | Event::ChipsPushed { seat: s, .. }
                | Event::Tapped { seat: s }
                | Event::Mucked { seat: s } if Some(*s) == seat)
        });
        if !physical {
            break;
        }
        if let Some(line) = &earlier.line {
            steps.push(line.clone());
        }
    }
    steps.reverse();
    if steps.is_empty() {
        Entry::text(entry)
    } else {
        steps.join(", then ")
    }
}
