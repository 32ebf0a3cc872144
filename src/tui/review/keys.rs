//! The review's keys: a key comes in (`Review::handle_key`, the only
//! place the review changes) and moves the selection in the hand list, the
//! step in a hand, or the house compared with; what a key cannot do
//! becomes the message on the bottom line. Nothing is drawn here. A key is
//! looked up in the key map's section for the view: `[review]` for the
//! list, `[review-hand]` for a hand.

use crossterm::event::{KeyEvent, KeyEventKind};

use super::{Review, View};
use crate::tui::keymap::{Action, Section};

impl Review {
    /// Handles a key: the only place the review changes.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        let action = self.keys.action(self.section(), &key);
        match action {
            Some(Action::Quit) => self.quit = true,
            Some(Action::Compare) => self.next_comparison(),
            Some(Action::Cancel) if self.embedded => self.quit = true,
            _ => match self.view {
                View::List => self.list_key(action),
                View::Hand { step } => self.hand_key(action, step),
            },
        }
    }

    /// The key map's section for the view.
    fn section(&self) -> Section {
        match self.view {
            View::List => Section::Review,
            View::Hand { .. } => Section::ReviewHand,
        }
    }

    /// The houses `c` goes through, by index in `houses`: those after the
    /// journal's own house in turn (wrapping round), leaving out a house
    /// every hand was already ruled under (comparing it with itself says
    /// nothing).
    fn comparison_order(&self) -> Vec<usize> {
        let own: Vec<&str> = self.hands.iter().map(|h| h.rules.name.as_str()).collect();
        let n = self.houses.len();
        let start = own
            .last()
            .and_then(|o| self.houses.iter().position(|h| h.name == *o))
            .map_or(0, |i| i + 1);
        (0..n)
            .map(|k| (start + k) % n)
            .filter(|&i| own.is_empty() || own.iter().any(|o| *o != self.houses[i].name))
            .collect()
    }

    /// The next house to compare with: none, then each other house in
    /// turn (the one after the journal's first), then none again.
    fn next_comparison(&mut self) {
        self.read_more_houses();
        let order = self.comparison_order();
        if order.is_empty() {
            self.message = Some("No other house to compare with.".to_string());
            return;
        }
        let next = match self
            .compare
            .and_then(|i| order.iter().position(|o| *o == i))
        {
            None if self.compare.is_none() => order.first().copied(),
            None => None,
            Some(k) => order.get(k + 1).copied(),
        };
        let rules = next.and_then(|i| self.houses.get(i)).cloned();
        self.compare_with(rules);
        self.message = Some(match self.compared() {
            Some(r) => {
                let differing: usize = self
                    .hands
                    .iter()
                    .filter(|h| h.other.as_ref().is_some_and(|o| o.differing() > 0))
                    .count();
                let cannot: Vec<&str> = self.hands.iter().filter_map(|h| h.cannot_run()).collect();
                let mut said = format!(
                    "Compared with {}: {differing} of {} hands read otherwise.",
                    r.name,
                    self.hands.len()
                );
                if let Some(why) = cannot.first() {
                    said.push_str(&format!(
                        " {} cannot play {} of them: {why}",
                        r.name,
                        cannot.len()
                    ));
                }
                said
            }
            None => "No comparison.".to_string(),
        });
    }

    fn list_key(&mut self, action: Option<Action>) {
        let last = self.hands.len().saturating_sub(1);
        match action {
            Some(Action::ScrollUp) => self.selected = self.selected.saturating_sub(1),
            Some(Action::ScrollDown) => self.selected = (self.selected + 1).min(last),
            Some(Action::ScrollTop) => self.selected = 0,
            Some(Action::ScrollBottom) => self.selected = last,
            Some(Action::Open) if !self.hands.is_empty() => {
                self.view = View::Hand { step: 0 };
            }
            _ => {}
        }
    }

    fn hand_key(&mut self, action: Option<Action>, step: usize) {
        let Some(hand) = self.hands.get(self.selected) else {
            self.view = View::List;
            return;
        };
        let last = hand.hand.entries.len().saturating_sub(1);
        let compared = hand.other.is_some();
        // A jump: forward or back to the next step that `is`, or a message.
        let jump = |forward: bool, is: &dyn Fn(usize) -> bool, what: &str| {
            let found = if forward {
                (step + 1..=last).find(|&s| is(s))
            } else {
                (0..step).rev().find(|&s| is(s))
            };
            found.ok_or_else(|| {
                let dir = if forward { "after" } else { "before" };
                format!(
                    "No {what} {dir} entry {step} in hand {}.",
                    hand.summary.number
                )
            })
        };
        let ruling = |s| hand.has_ruling(s);
        let differs = |s| hand.differs(s);
        let Some(action) = action else { return };
        let next = match action {
            Action::Cancel | Action::Back => {
                self.view = View::List;
                return;
            }
            Action::NextStep => Ok((step + 1).min(last)),
            Action::PrevStep => Ok(step.saturating_sub(1)),
            Action::ScrollTop => Ok(0),
            Action::ScrollBottom => Ok(last),
            Action::NextRuling => jump(true, &ruling, "ruling"),
            Action::PrevRuling => jump(false, &ruling, "ruling"),
            Action::NextDifference if compared => jump(true, &differs, "step that reads otherwise"),
            Action::PrevDifference if compared => {
                jump(false, &differs, "step that reads otherwise")
            }
            _ => Ok(step),
        };
        let next = next.unwrap_or_else(|message| {
            self.message = Some(message);
            step
        });
        self.view = View::Hand { step: next };
    }
}

impl crate::tui::KeyScreen for Review {
    fn handle_key(&mut self, key: KeyEvent) {
        Review::handle_key(self, key);
    }

    fn should_quit(&self) -> bool {
        Review::should_quit(self)
    }
}
