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

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::panes::{BoardPane, LogPane, PotPane, SeatMarks, SeatsPane, fit, told};
use super::theme::Theme;
use crate::journal::JournalHand;
use crate::journal::compare::Reading;
use crate::rules::HouseRules;
use crate::table::Chips;
use crate::table::event::Event;
use crate::table::hand::{Hand, live_entries, replay};

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
}

/// Whether an entry's line records a floor's override.
fn is_override(line: Option<&str>) -> bool {
    line.is_some_and(|l| l.contains("# floor overrides"))
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
                    None if entries
                        .get(i + 1)
                        .is_some_and(|n| is_override(n.line.as_deref())) =>
                    {
                        Correction::OverrideRetraction { target }
                    }
                    None => Correction::Undo { target },
                });
            } else if is_override(entry.line.as_deref())
                && let Some(Some(Correction::OverrideRetraction { target })) =
                    i.checked_sub(1).map(|p| &corrections[p])
            {
                corrections[i] = Some(Correction::Override { replaced: *target });
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
                .filter(|c| matches!(c, Some(Correction::Override { .. })))
                .count(),
            undos: corrections
                .iter()
                .filter(|c| matches!(c, Some(Correction::Undo { .. } | Correction::Redo { .. })))
                .count(),
        };
        ReviewHand {
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
    fn has_ruling(&self, step: usize) -> bool {
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
                let rulings: Vec<String> = entries
                    .get(*replaced as usize)
                    .map(|e| {
                        e.events
                            .iter()
                            .filter_map(|ev| match ev {
                                Event::RulingSuggested { ruling } => Some(ruling.id.to_string()),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let what = if rulings.is_empty() {
                    String::new()
                } else {
                    format!(", whose ruling was {}", rulings.join(", "))
                };
                out.push(format!(
                    "OVERRIDE: the floor's ruling replaces {}{what}.",
                    line_of(*replaced)
                ));
            }
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
    hands
        .into_iter()
        .map(|hand| {
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
            ReviewHand::new(hand, rules)
        })
        .collect()
}

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
            houses: Vec::new(),
            more_houses: None,
            compare: None,
            embedded: false,
        }
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

    /// Handles a key: the only place the review changes.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if ctrl_c || key.code == KeyCode::Char('q') {
            self.quit = true;
            return;
        }
        if key.code == KeyCode::Char('c') {
            self.next_comparison();
            return;
        }
        if self.embedded && key.code == KeyCode::Esc {
            self.quit = true;
            return;
        }
        match self.view {
            View::List => self.list_key(key.code),
            View::Hand { step } => self.hand_key(key.code, step),
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

    fn list_key(&mut self, code: KeyCode) {
        let last = self.hands.len().saturating_sub(1);
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.selected = (self.selected + 1).min(last),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = last,
            KeyCode::Enter | KeyCode::Right if !self.hands.is_empty() => {
                self.view = View::Hand { step: 0 };
            }
            _ => {}
        }
    }

    fn hand_key(&mut self, code: KeyCode, step: usize) {
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
        let next = match code {
            KeyCode::Esc | KeyCode::Backspace => {
                self.view = View::List;
                return;
            }
            KeyCode::Right | KeyCode::Char('l') => Ok((step + 1).min(last)),
            KeyCode::Left | KeyCode::Char('h') => Ok(step.saturating_sub(1)),
            KeyCode::Home => Ok(0),
            KeyCode::End => Ok(last),
            KeyCode::Char('n') => jump(true, &ruling, "ruling"),
            KeyCode::Char('p') => jump(false, &ruling, "ruling"),
            KeyCode::Char('d') if compared => jump(true, &differs, "step that reads otherwise"),
            KeyCode::Char('D') if compared => jump(false, &differs, "step that reads otherwise"),
            _ => Ok(step),
        };
        let next = next.unwrap_or_else(|message| {
            self.message = Some(message);
            step
        });
        self.view = View::Hand { step: next };
    }

    fn top(&self, text: String, area: Rect, buf: &mut Buffer) {
        let line = Line::styled(fit(&text, area.width as usize), self.theme.heading());
        line.render(Rect { height: 1, ..area }, buf);
    }

    fn bottom(&self, text: String, area: Rect, buf: &mut Buffer) {
        if area.height == 0 {
            return;
        }
        let text = match &self.message {
            Some(m) => format!("{m} {text}"),
            None => text,
        };
        let style = if self.message.is_some() {
            self.theme.refusal()
        } else {
            self.theme.faded()
        };
        let row = Rect {
            y: area.bottom() - 1,
            height: 1,
            ..area
        };
        Line::styled(fit(&text, area.width as usize), style).render(row, buf);
    }

    fn render_list(&self, area: Rect, buf: &mut Buffer) {
        self.top(
            format!(
                " floorcall review │ {} │ {} hands",
                self.title,
                self.hands.len()
            ),
            area,
            buf,
        );
        let keys = if self.embedded {
            " ↑/↓ choose · Enter open · c compare · Esc the table · ! a hand with an override or undo"
        } else {
            " ↑/↓ choose · Enter open · c compare · q quit · ! a hand with an override or undo"
        };
        self.bottom(keys.into(), area, buf);
        let body = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        };
        let versus = self.compared().map(|r| r.name.clone());
        let mut heading =
            "   Hand  Time      Players        Pot  Winners       Rulings Overrides Undos"
                .to_string();
        if let Some(name) = &versus {
            heading.push_str(&format!("  Differ ({name})"));
        }
        let mut rows = vec![Line::styled(heading, self.theme.heading())];
        if self.hands.is_empty() {
            rows.push(Line::raw("   The journal has no hand yet."));
        }
        let room = body.height.saturating_sub(1) as usize;
        let first = self.selected.saturating_sub(room.saturating_sub(1));
        for (i, h) in self.hands.iter().enumerate().skip(first).take(room) {
            let s = &h.summary;
            let mark = if s.corrected() { '!' } else { ' ' };
            let cursor = if i == self.selected { '>' } else { ' ' };
            let winners = if s.winners.is_empty() {
                "unfinished".to_string()
            } else {
                s.winners.join(" ")
            };
            let differ = match &h.other {
                Some(o) if o.cannot_run.is_some() => "  cannot play".to_string(),
                Some(o) => format!("  {:>6}", o.differing()),
                None => String::new(),
            };
            let text = format!(
                "{cursor}{mark} {:>4}  {:<8}  {:>7}  {:>9}  {:<12}  {:>7} {:>9} {:>5}{differ}",
                s.number,
                s.time.as_deref().unwrap_or("-"),
                s.players,
                s.pot.to_string(),
                fit(&winners, 12),
                s.rulings,
                s.overrides,
                s.undos
            );
            let mut style = Style::new();
            if i == self.selected {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if s.corrected() {
                style = style.patch(self.theme.ruling());
            }
            rows.push(Line::styled(text, style));
        }
        for (row, line) in rows.into_iter().enumerate() {
            let Ok(y) = u16::try_from(row) else { break };
            if y >= body.height {
                break;
            }
            let width = body.width as usize;
            let line = Line::styled(fit(&line.to_string(), width), line.style);
            line.render(
                Rect {
                    y: body.y + y,
                    height: 1,
                    ..body
                },
                buf,
            );
        }
    }

    fn render_hand(&self, h: &ReviewHand, step: usize, area: Rect, buf: &mut Buffer) {
        let last = h.hand.entries.len().saturating_sub(1);
        let hand = h.at(step);
        let other = h.other_at(step);
        let st = hand.state();
        let to_act = st
            .to_act
            .map_or("no one to act".to_string(), |s| format!("{s} to act"));
        let mark = match h.corrections.get(step) {
            Some(Some(_)) => " │ CORRECTION",
            _ => "",
        };
        let versus = match &h.other {
            Some(o) if o.cannot_run.is_some() => format!(" │ vs {}: cannot play it", o.rules.name),
            Some(o) if h.differs(step) => format!(" │ vs {}: DIFFERS", o.rules.name),
            Some(o) => format!(" │ vs {}: {} steps differ", o.rules.name, o.differing()),
            None => String::new(),
        };
        self.top(
            format!(
                " review │ Hand {} │ {} │ entry {step} of {last} │ {} │ {to_act}{mark}{versus}",
                h.summary.number,
                h.rules.name,
                st.street.as_str()
            ),
            area,
            buf,
        );
        let keys = if h.other.is_some() {
            " ←/→ step · Home/End · n/p ruling · d/D difference · c compare · Esc back · q quit"
        } else {
            " ←/→ step · Home/End · n/p next/previous ruling · c compare · Esc back · q quit"
        };
        self.bottom(keys.into(), area, buf);
        let mut body = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        };
        // A house that cannot play the hand is said once, at the top, not
        // on every step.
        if let (Some(o), Some(why)) = (&h.other, h.cannot_run()) {
            let said = format!(" Under {} this hand cannot be played: {why}", o.rules.name);
            let lines = super::panes::wrap(&said, body.width.max(1) as usize);
            let rows = (lines.len() as u16).min(body.height / 3).max(1);
            for (y, line) in lines.iter().take(rows as usize).enumerate() {
                let text = if y + 1 == rows as usize && lines.len() > rows as usize {
                    fit(&format!("{line}…"), body.width as usize)
                } else {
                    line.clone()
                };
                Line::styled(text, self.theme.refusal()).render(
                    Rect {
                        y: body.y + y as u16,
                        height: 1,
                        ..body
                    },
                    buf,
                );
            }
            body.y += rows;
            body.height = body.height.saturating_sub(rows);
        }
        let mut details = h.details(step);
        details.extend(h.other_details(step));
        let width = body.width.saturating_sub(2).max(1) as usize;
        let wrapped: Vec<String> = details
            .iter()
            .flat_map(|d| super::panes::wrap(d, width))
            .collect();
        let detail_h = (wrapped.len() as u16 + 2).min(body.height / 2).max(3);
        let detail_area = Rect {
            y: body.bottom().saturating_sub(detail_h),
            height: detail_h.min(body.height),
            ..body
        };
        let top = Rect {
            height: body.height.saturating_sub(detail_area.height),
            ..body
        };
        let block = Block::bordered().title(Span::styled(
            format!(" Entry {step} "),
            self.theme.heading(),
        ));
        let inner = block.inner(detail_area);
        block.render(detail_area, buf);
        for (row, text) in wrapped.iter().enumerate() {
            let Ok(y) = u16::try_from(row) else { break };
            if y >= inner.height {
                break;
            }
            let style = if text.starts_with("UNDO")
                || text.starts_with("REDO")
                || text.starts_with("OVERRIDE")
            {
                self.theme.refusal()
            } else if text.starts_with("Ruling") || text.starts_with("Under") {
                self.theme.ruling()
            } else {
                Style::new()
            };
            Line::styled(text.clone(), style).render(
                Rect {
                    y: inner.y + y,
                    height: 1,
                    ..inner
                },
                buf,
            );
        }
        match (&other, &h.other) {
            // Side by side: the journal's house on the left, the other on
            // the right, each with its own title.
            (Some(other), Some(reading)) => {
                let half = top.width / 2;
                let left = Rect { width: half, ..top };
                let right = Rect {
                    x: top.x + half,
                    width: top.width - half,
                    ..top
                };
                self.render_table(
                    h,
                    &hand,
                    Some(format!("{} (in force)", h.rules.name)),
                    left,
                    buf,
                );
                let title = if h.differs(step) {
                    format!("{} DIFFERS", reading.rules.name)
                } else {
                    reading.rules.name.clone()
                };
                self.render_table(h, other, Some(title), right, buf);
            }
            _ => {
                // The table on the left, the log on the right when there
                // is room.
                let log_w = if top.width >= 80 {
                    top.width * 2 / 5
                } else {
                    0
                };
                let table = Rect {
                    width: top.width - log_w,
                    ..top
                };
                if log_w > 0 {
                    let log = LogPane {
                        hand: &hand,
                        number: h.summary.number,
                        earlier: &[],
                        notes: &[],
                        scroll: 0,
                        theme: self.theme,
                    };
                    (&log).render(
                        Rect {
                            x: table.right(),
                            width: log_w,
                            ..top
                        },
                        buf,
                    );
                }
                self.render_table(h, &hand, None, table, buf);
            }
        }
    }

    /// The seats, the board and the pot of `hand` in `area`, under a title
    /// line when one is given.
    fn render_table(
        &self,
        h: &ReviewHand,
        hand: &Hand,
        title: Option<String>,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut table = area;
        if let Some(title) = title {
            if table.height == 0 {
                return;
            }
            let style = if title.ends_with("DIFFERS") {
                self.theme.refusal()
            } else {
                self.theme.heading()
            };
            Line::styled(fit(&format!(" {title}"), table.width as usize), style)
                .render(Rect { height: 1, ..table }, buf);
            table.y += 1;
            table.height -= 1;
        }
        let st = hand.state();
        let header = &h.hand.header;
        let seats = SeatsPane {
            state: st,
            seats: header.seats,
            names: &header.names,
            marks: SeatMarks::of(hand),
            keyed: None,
            waiting: Vec::new(),
            killed: Vec::new(),
            theme: self.theme,
        };
        let pot = PotPane {
            state: st,
            rules: hand.rules(),
            centred: false,
            theme: self.theme,
        };
        let seats_h = (u16::from(header.seats) + 1).min(table.height);
        (&seats).render(
            Rect {
                height: seats_h,
                ..table
            },
            buf,
        );
        let rest = Rect {
            y: table.y + seats_h,
            height: table.height - seats_h,
            ..table
        };
        if rest.height == 0 {
            return;
        }
        (&BoardPane {
            board: &st.board,
            centred: false,
            theme: self.theme,
        })
            .render(Rect { height: 1, ..rest }, buf);
        (&pot).render(
            Rect {
                y: rest.y + 1,
                height: rest.height - 1,
                ..rest
            },
            buf,
        );
    }
}

impl Widget for &Review {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.width < 20 || area.height < 6 {
            Line::raw(fit("Make the terminal bigger.", area.width as usize)).render(area, buf);
            return;
        }
        match (self.view, self.hands.get(self.selected)) {
            (View::Hand { step }, Some(h)) => self.render_hand(h, step, area, buf),
            _ => self.render_list(area, buf),
        }
    }
}

impl super::KeyScreen for Review {
    fn handle_key(&mut self, key: KeyEvent) {
        Review::handle_key(self, key);
    }

    fn should_quit(&self) -> bool {
        Review::should_quit(self)
    }
}
