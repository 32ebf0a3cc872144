//! The screens around the table: the setup form, the resume question,
//! the help and the quit question.

use super::{App, Mode, Overlay};
use crate::journal::{Journal, JournalHand, Session};
use crate::rules::HouseRules;
use crate::session::Structure;
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::HelpPane;
use crate::tui::review::{self, Review, ReviewHand};

impl App {
    /// The help scrolls by a line, or by a page of the height it is shown
    /// in (one line kept for context), and never past its last page.
    pub(super) fn update_help(&mut self, action: Action) {
        let Some(Overlay::Help { scroll }) = self.overlay else {
            return;
        };
        let (width, height) = self.size.unwrap_or((120, 40));
        let shown = height.saturating_sub(2).max(1);
        let lines = HelpPane {
            keymap: &self.keymap,
            scroll: 0,
            theme: self.theme,
        }
        .lines(width.saturating_sub(2))
        .len();
        // The last page starts a whole page after the one before it.
        let max = u16::try_from(crate::tui::panes::help_start(
            usize::MAX,
            lines,
            shown as usize,
        ))
        .unwrap_or(u16::MAX);
        let page = shown.saturating_sub(1).max(1);
        let scroll = match action {
            Action::Cancel | Action::Help => {
                self.overlay = None;
                return;
            }
            Action::ScrollUp => scroll.saturating_sub(1),
            Action::ScrollDown => scroll.saturating_add(1),
            Action::PageUp => scroll.saturating_sub(page),
            Action::PageDown => scroll.saturating_add(page),
            Action::ScrollTop => 0,
            Action::ScrollBottom => max,
            _ => scroll,
        };
        self.overlay = Some(Overlay::Help {
            scroll: scroll.min(max),
        });
    }

    pub(super) fn update_confirm(&mut self, action: Action) {
        if self.overlay == Some(Overlay::ConfirmNewTable) {
            self.overlay = None;
            if action == Action::Yes {
                self.new_table_instead();
            } else {
                let y = self.hint(Section::Confirm, Action::Yes);
                self.info(format!(
                    "No new table: the journal's hand waits, {y} resumes it."
                ));
            }
            return;
        }
        if self.overlay.is_none() && self.mode == Mode::Resume {
            match action {
                Action::Yes => self.resume(),
                Action::NewTable => self.ask_new_table(),
                Action::No | Action::Cancel => {
                    let (y, new) = (
                        self.hint(Section::Confirm, Action::Yes),
                        self.hint(Section::Confirm, Action::NewTable),
                    );
                    self.refuse(format!(
                        "That key does not start a new table: {y} resumes the hand; {new} starts a new table, after a second question."
                    ));
                }
                _ => {}
            }
            return;
        }
        let yes = match action {
            Action::Yes => true,
            Action::No | Action::Cancel => false,
            _ => return,
        };
        if self.overlay == Some(Overlay::ConfirmQuit) {
            self.overlay = None;
            self.quit = yes;
            return;
        }
        if yes {
            self.resume();
        }
    }

    /// The resume question's new-table key: asks again, or (a table of a
    /// floor's tournament) refuses: its players and chips are the
    /// tournament's, never a new table's defaults.
    fn ask_new_table(&mut self) {
        if let Some(inbox) = &self.inbox {
            let y = self.hint(Section::Confirm, Action::Yes);
            self.refuse(format!(
                "This is table {} of the floor's tournament: it never starts afresh, its players and chips are the tournament's. {y} resumes the hand; if it cannot go on, the TD rules on it (floor misdeal).",
                inbox.table()
            ));
            return;
        }
        self.overlay = Some(Overlay::ConfirmNewTable);
    }

    /// A new table instead of the journal's unfinished hand (asked twice):
    /// the flags' table at once, else the setup screen. The new table is
    /// journaled as such (`Opened`); the old hand stays in the journal.
    fn new_table_instead(&mut self) {
        if self.start_now {
            self.start_table();
        } else {
            self.mode = Mode::Setup;
        }
    }

    pub(super) fn update_setup(&mut self, action: Action) {
        match action {
            Action::Input(c) => self.setup.input(c),
            Action::DeleteBack => self.setup.delete_back(),
            Action::NextField => self.setup.move_focus(1),
            Action::PrevField => self.setup.move_focus(-1),
            Action::ChooseNext => self.setup.choose(1),
            Action::ChoosePrev => self.setup.choose(-1),
            Action::Start => self.start_table(),
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    /// Opens a new table (journaled as such) and starts its first hand:
    /// the blind structure from the flags, else the house's levels; with a
    /// structure, its first level's blinds.
    pub(super) fn start_table(&mut self) {
        let number = self.last_hand.as_ref().map_or(1, |h| h.header.number + 1);
        let (mut header, rules) = match self.setup.choice.header(number) {
            Ok(ok) => ok,
            Err(e) => {
                self.setup.error = Some(e);
                self.mode = Mode::Setup;
                return;
            }
        };
        let structure = self
            .structure
            .clone()
            .unwrap_or_else(|| Structure::from_house(&rules.levels, self.level_minutes));
        if let Some(first) = structure.blinds_at(0) {
            header.setup.small_blind = first.small;
            header.setup.big_blind = first.big;
            header.setup.ante = first.ante;
            header.setup.ante_mode = first.ante_mode;
        }
        let now = self.journal.as_ref().map_or(0, Journal::now_ms);
        match Session::open_table(header, rules, structure, &mut self.journal, now) {
            Ok(session) => {
                if let Some(path) = &self.memory {
                    // Remembering the table is a convenience: failing to is
                    // not worth stopping the game for.
                    let _ = self.setup.choice.remember(path);
                }
                let text = format!(
                    "A new table: hand {} started, the button on seat {}.",
                    session.header().number,
                    session.header().setup.button.number()
                );
                self.journal_earlier.clear();
                self.take_session(session, text);
                self.open_ruling(0);
            }
            Err(e) => {
                self.setup.error = Some(e.to_string());
                self.mode = Mode::Setup;
            }
        }
    }

    /// Continues the journal's table after its finished last hand: the
    /// table opens between hands, on that hand, as after a break, so that
    /// session lines (`seat 4 sit 10000 Ann`) can be keyed first; the next
    /// hand is dealt on `n` (stacks carried, the button moved by the
    /// house's rules, the hand number and the level clock going on).
    pub(super) fn continue_table(&mut self) {
        let (Some(last), Some(table)) = (self.last_hand.take(), self.table.take()) else {
            self.mode = Mode::Setup;
            return;
        };
        let rules = match last.recorded_rules() {
            Some(recorded) => recorded,
            None => crate::folders::load_house(&last.header.house).map_err(|e| e.to_string()),
        };
        let rules = match rules {
            Ok(rules) => rules,
            Err(e) => {
                self.setup.error = Some(format!("The journal's table cannot be continued: {e}"));
                self.mode = Mode::Setup;
                return;
            }
        };
        let played = last.header.number;
        // A misdeal's next deal is its re-deal (TDA 34-C), restart or not.
        let (was, next) = if crate::table::hand::replay(&last.entries).misdealt {
            (
                format!(" (hand {played} was a misdeal)"),
                ", its re-deal: the same button, blinds and players",
            )
        } else {
            (String::new(), "")
        };
        let session = Session::resume(last, rules, self.journal.take()).with_table(Some(table));
        let n = self.hint(Section::Table, Action::NextHand);
        let colon = self.hint(Section::Table, Action::CommandBar);
        let mut text = format!(
            "The table goes on after hand {played}{was}, between hands: {n} deals hand {}{next}; {colon} first for a session line (seat 7 sit 10000 Ann).",
            played + 1
        );
        if self.start_now {
            text.push_str(" The table flags were not used (--new starts a new table).");
        }
        self.take_session(session, text);
        self.keep_earlier();
    }

    /// Puts a session at the table, with a sentence.
    fn take_session(&mut self, session: Session, text: String) {
        self.clocks_seen = Some(Self::clocks_of(&session));
        self.session = Some(session);
        self.last_hand = None;
        self.mode = Mode::Table;
        self.info(text);
    }

    pub(super) fn resume(&mut self) {
        let Some(hand) = self.last_hand.take() else {
            self.mode = Mode::Setup;
            return;
        };
        // The rules the journal embeds, when it does: the hand goes on under
        // what the dealer had, whatever became of the house file since.
        let rules = match hand.recorded_rules() {
            Some(recorded) => recorded,
            None => crate::folders::load_house(&hand.header.house).map_err(|e| e.to_string()),
        };
        match rules {
            Ok(rules) => {
                let (number, entries) = (hand.header.number, hand.entries.len());
                let session =
                    Session::resume(hand, rules, self.journal.take()).with_table(self.table.take());
                self.take_session(
                    session,
                    format!("Hand {number} resumed from the journal ({entries} entries)."),
                );
                self.keep_earlier();
                // A ruling may have been waiting when the session stopped:
                // ask again unless the journal records its acceptance.
                let waiting = self.session.as_ref().and_then(|session| {
                    let hand = session.hand();
                    let last = hand.entries().last().filter(|e| !e.is_acceptance())?.seq;
                    (!hand.rulings_accepted(last)).then_some(last)
                });
                if let Some(last) = waiting {
                    self.open_ruling(last);
                }
            }
            Err(e) => {
                self.setup.error = Some(format!("The journal's hand cannot be resumed: {e}"));
                self.mode = Mode::Setup;
            }
        }
    }
}

impl App {
    /// Opens the review at the hand in play as it stands: the journal as
    /// written (read without its lock, like `floorcall review`), so the TD
    /// sees what the disk holds; every earlier hand is in its list. Esc
    /// comes back to the table.
    pub(super) fn open_review(&mut self) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let in_force = session.hand().rules().clone();
        let by_name = |name: &str| {
            if name == in_force.name {
                return Some(in_force.clone());
            }
            HouseRules::built_in(name).and_then(Result::ok)
        };
        let (title, hands) = match session.journal() {
            Some(journal) => match crate::journal::load(journal.path()) {
                Ok(loaded) => (
                    journal
                        .path()
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    review::hands_of(loaded.hands, by_name),
                ),
                Err(e) => {
                    self.refuse(format!("The journal cannot be read for the review: {e}"));
                    return;
                }
            },
            None => {
                let hand = JournalHand {
                    header: session.header().clone(),
                    entries: session.hand().entries().to_vec(),
                    line: 0,
                    started: None,
                    times: Vec::new(),
                    house: None,
                    sealed: false,
                    table: Vec::new(),
                };
                (
                    "no journal".to_string(),
                    vec![ReviewHand::new(hand, in_force.clone())],
                )
            }
        };
        let mut review = Review::new(title, hands, self.theme)
            .with_keymap(self.keymap.clone())
            .with_more_houses(HouseRules::all_built_in)
            .embedded();
        review.open_last();
        self.review = Some(review);
    }
}
