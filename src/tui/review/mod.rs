//! `floorcall review`: the TD walks through a journal on screen, read-only.
//! A list of the hands (number, time, players, pot, winners, and how many
//! rulings, overrides and undos each has; a hand with a correction is
//! marked), and a hand stepped entry by entry: the whole table as it stood
//! after the entry (the table screen's seats, pot, board and log panes, on a
//! `Hand` rebuilt from the entries up to it), what was entered and when,
//! what it bound, every ruling with its citation, and every correction
//! (undo, redo, the floor's override) with what it replaced.
//!
//! The journal is read with `journal::load`, without its lock: a table may
//! be writing it. Nothing here writes anything.
//!
//! A review flows through three files: `hands` turns the journal's hands
//! into what the review shows, `keys` takes the TD's keys and moves the
//! `Review` (this file: where the TD is, the houses to compare with), and
//! `render` draws it. Its keys are the key map's `[review]` (the list) and
//! `[review-hand]` (a hand) sections, and its keys line names the live
//! map's keys. The review uses the table screen's panes, never the
//! app that embeds it: the app opens it and hands it the keys.

mod hands;
mod keys;
mod render;

pub use hands::{Correction, ReviewHand, Summary, hands_of};

use crate::rules::HouseRules;
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;

/// Where the review is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The hand list.
    List,
    /// A hand, at an entry.
    Hand {
        /// The entry shown.
        step: usize,
    },
}

/// The review: the hands, where the TD is, and whether to quit.
#[derive(Debug, Clone)]
pub struct Review {
    title: String,
    hands: Vec<ReviewHand>,
    selected: usize,
    view: View,
    quit: bool,
    message: Option<String>,
    theme: Theme,
    /// The live key map: what each key does, and the keys the bottom line
    /// names.
    keys: Keymap,
    /// The houses the TD may compare with (`c` goes through them).
    houses: Vec<HouseRules>,
    /// Where more come from, read at the first `c` (not before the first
    /// frame: parsing them costs more than drawing it).
    more_houses: Option<fn() -> Vec<HouseRules>>,
    /// The one compared with now, by index in `houses`.
    compare: Option<usize>,
    /// Opened from the table: Esc goes back to it.
    embedded: bool,
}

impl Review {
    /// A review of `hands` from the journal named `title`, at the list
    /// with the last hand selected.
    pub fn new(title: String, hands: Vec<ReviewHand>, theme: Theme) -> Review {
        Review {
            title,
            selected: hands.len().saturating_sub(1),
            hands,
            view: View::List,
            quit: false,
            message: None,
            theme,
            keys: Keymap::default(),
            houses: Vec::new(),
            more_houses: None,
            compare: None,
            embedded: false,
        }
    }

    /// The review with the user's key map (the built-in one by default).
    pub fn with_keymap(mut self, keys: Keymap) -> Review {
        self.keys = keys;
        self
    }

    /// The houses `c` goes through to compare with (in this order).
    pub fn with_houses(mut self, houses: Vec<HouseRules>) -> Review {
        self.houses = houses;
        self
    }

    /// Houses to add to those `c` goes through, read when first needed
    /// (`HouseRules::all_built_in`).
    pub fn with_more_houses(mut self, more: fn() -> Vec<HouseRules>) -> Review {
        self.more_houses = Some(more);
        self
    }

    fn read_more_houses(&mut self) {
        if let Some(more) = self.more_houses.take() {
            for rules in more() {
                if !self.houses.iter().any(|h| h.name == rules.name) {
                    self.houses.push(rules);
                }
            }
        }
    }

    /// Opened from the table screen: Esc (and `q`) go back to it.
    pub fn embedded(mut self) -> Review {
        self.embedded = true;
        self
    }

    /// Compares every hand with the house named `name` (one of the
    /// houses given, which it is added to if not there), or with none.
    pub fn compare_with(&mut self, rules: Option<HouseRules>) {
        self.compare = rules.map(
            |r| match self.houses.iter().position(|h| h.name == r.name) {
                Some(i) => i,
                None => {
                    self.houses.push(r);
                    self.houses.len() - 1
                }
            },
        );
        let rules = self.compare.and_then(|i| self.houses.get(i));
        for h in &mut self.hands {
            h.compare_with(rules);
        }
    }

    /// The house compared with, if any.
    pub fn compared(&self) -> Option<&HouseRules> {
        self.compare.and_then(|i| self.houses.get(i))
    }

    /// Opens the last hand at its last entry (from the table: the hand in
    /// play as it stands).
    pub fn open_last(&mut self) -> bool {
        match self.hands.last() {
            Some(h) => {
                self.selected = self.hands.len() - 1;
                self.view = View::Hand {
                    step: h.hand.entries.len().saturating_sub(1),
                };
                true
            }
            None => false,
        }
    }

    /// Opens hand `number` at its start; false when the journal has none.
    pub fn open_hand(&mut self, number: u32) -> bool {
        match self.hands.iter().position(|h| h.summary.number == number) {
            Some(i) => {
                self.selected = i;
                self.view = View::Hand { step: 0 };
                true
            }
            None => false,
        }
    }

    /// Where the review is.
    pub fn view(&self) -> View {
        self.view
    }

    /// The hand selected in the list (or open).
    pub fn selected(&self) -> Option<&ReviewHand> {
        self.hands.get(self.selected)
    }

    /// The hands.
    pub fn hands(&self) -> &[ReviewHand] {
        &self.hands
    }

    /// Whether the TD asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The last message (what a key could not do).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
}
