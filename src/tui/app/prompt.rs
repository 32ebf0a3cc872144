//! What is being typed: an amount (the minimum filled in), words, chips,
//! cards, the board, or a table-notation line; checked as it is typed and
//! read as the notation reads it on Enter.

use super::{App, Message, MessageKind};
use crate::notation::parse_line;
use crate::table::command::{Command, Intent, Refusal};
use crate::table::event::Street;
use crate::table::{Card, Chips, Seat};
use crate::tui::keymap::Action;

/// What is being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptKind {
    /// A bet (`raise: false`) or raise-to amount.
    Amount {
        /// Who.
        seat: Seat,
        /// Raise rather than bet.
        raise: bool,
    },
    /// Words said.
    Say(Seat),
    /// Chips pushed.
    Push(Seat),
    /// A second motion.
    Motion(Seat),
    /// Hole cards.
    Hole(Seat),
    /// Cards tabled.
    Show(Seat),
    /// Board cards for this street.
    Deal(Street),
    /// An irregularity for the floor.
    Floor,
    /// A table-notation line; with `override_of`, the floor's line that
    /// replaces that entry.
    Line {
        /// The entry the line replaces.
        override_of: Option<u32>,
    },
}

/// A line being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// What it is for.
    pub kind: PromptKind,
    /// What has been typed.
    pub text: String,
    /// The text was filled in (the first key typed replaces it).
    pub prefilled: bool,
    pub(super) history_at: Option<usize>,
}

impl Prompt {
    pub(super) fn new(kind: PromptKind) -> Prompt {
        Prompt {
            kind,
            text: String::new(),
            prefilled: false,
            history_at: None,
        }
    }

    /// What the prompt asks, as shown before the text.
    pub fn label(&self) -> String {
        match &self.kind {
            PromptKind::Amount { seat, raise: true } => format!("Seat {} raises to", seat.number()),
            PromptKind::Amount { seat, raise: false } => format!("Seat {} bets", seat.number()),
            PromptKind::Say(seat) => format!("Seat {} says", seat.number()),
            PromptKind::Push(seat) => format!("Seat {} pushes", seat.number()),
            PromptKind::Motion(seat) => format!("Seat {}'s second motion", seat.number()),
            PromptKind::Hole(seat) => format!("Seat {}'s hole cards", seat.number()),
            PromptKind::Show(seat) => format!("Seat {} shows", seat.number()),
            PromptKind::Deal(street) => {
                let s = street.as_str();
                let mut c = s.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            }
            PromptKind::Floor => "Floor".into(),
            PromptKind::Line { override_of: None } => ":".into(),
            PromptKind::Line {
                override_of: Some(_),
            } => "The floor's line".into(),
        }
    }

    /// A hint of what to type.
    pub fn help(&self) -> &'static str {
        match &self.kind {
            PromptKind::Amount { .. } => "the street total in whole chips",
            PromptKind::Say(_) => "call, check, fold, bet, raise, allin, pot, 1400, raise 8000",
            PromptKind::Push(_) | PromptKind::Motion(_) => "1400, or chips: 1000x2+100x3",
            PromptKind::Hole(_) => "two cards: AhKd",
            PromptKind::Show(_) => "two cards, or nothing for the recorded ones",
            PromptKind::Deal(Street::Flop) => "three cards: AsKd7c",
            PromptKind::Deal(_) => "one card: 9s",
            PromptKind::Floor => {
                "misdeal, exposed-card, boxed-card, four-card-flop, premature-card, clock"
            }
            PromptKind::Line { .. } => "a table-notation line: s3 raise 1200, flop AsKd7c ...",
        }
    }
}

impl App {
    pub(super) fn update_prompt(&mut self, action: Action) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match action {
            Action::Input(c) => self.prompt_input(c),
            Action::DeleteBack => {
                prompt.text.pop();
                prompt.prefilled = false;
            }
            Action::Cancel => self.prompt = None,
            Action::Submit => self.prompt_submit(),
            Action::HistoryPrev => self.prompt_step(1),
            Action::HistoryNext => self.prompt_step(-1),
            _ => {}
        }
    }

    /// Up and down: through the command bar's history, or an amount by one
    /// big blind.
    pub(super) fn prompt_step(&mut self, step: i64) {
        let big_blind = self.state().map_or(Chips(1), |s| s.big_blind.max(Chips(1)));
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match prompt.kind {
            PromptKind::Amount { .. } => {
                let now = prompt.text.parse::<u64>().unwrap_or(0);
                let next = if step > 0 {
                    now.saturating_add(big_blind.get())
                } else {
                    now.saturating_sub(big_blind.get())
                };
                prompt.text = next.to_string();
                prompt.prefilled = false;
            }
            PromptKind::Line { .. } if !self.history.is_empty() => {
                let last = self.history.len() - 1;
                let at = match (prompt.history_at, step > 0) {
                    (None, true) => Some(last),
                    (None, false) => None,
                    (Some(i), true) => Some(i.saturating_sub(1)),
                    (Some(i), false) if i < last => Some(i + 1),
                    (Some(_), false) => None,
                };
                prompt.history_at = at;
                prompt.text = at.map(|i| self.history[i].clone()).unwrap_or_default();
            }
            _ => {}
        }
    }

    pub(super) fn prompt_input(&mut self, c: char) {
        let seen = self.state().map_or(0, |s| s.seen);
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        if prompt.text.chars().count() >= 80 {
            return;
        }
        let max_cards = match &prompt.kind {
            PromptKind::Amount { .. } => {
                if c.is_ascii_digit() {
                    if prompt.prefilled {
                        prompt.text.clear();
                        prompt.prefilled = false;
                    }
                    // Room for every amount up to the table maximum
                    // (16 digits); the parser refuses more on Enter.
                    if prompt.text.len() < 17 {
                        prompt.text.push(c);
                    }
                } else if c != ',' {
                    self.message = Some(Message {
                        text: "Type the amount in whole chips, like 1200.".into(),
                        kind: MessageKind::Refusal,
                    });
                }
                return;
            }
            PromptKind::Hole(_) | PromptKind::Show(_) => 2,
            PromptKind::Deal(street) => street.cards_dealt(),
            _ => {
                prompt.text.push(c);
                return;
            }
        };
        if c == ' ' {
            prompt.text.push(c);
            return;
        }
        let check_seen = !matches!(prompt.kind, PromptKind::Show(_));
        let typed: String = prompt.text.chars().filter(|c| !c.is_whitespace()).collect();
        match card_key(&typed, c, max_cards, if check_seen { seen } else { 0 }) {
            Ok(()) => prompt.text.push(c),
            Err(text) => {
                self.message = Some(Message {
                    text,
                    kind: MessageKind::Refusal,
                })
            }
        }
    }

    pub(super) fn prompt_submit(&mut self) {
        let Some(prompt) = self.prompt.clone() else {
            return;
        };
        let text = prompt.text.trim().to_string();
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let line = match &prompt.kind {
            PromptKind::Amount { seat, raise } => {
                // Read as the notation reads an amount: whole chips, more
                // than 0, at most what a table may have in play.
                let amount = match crate::notation::parse_amount(&compact, 1) {
                    Ok(amount) => amount,
                    Err(_) if compact.is_empty() => {
                        self.refuse("Type the amount in whole chips, like 1200.");
                        return;
                    }
                    Err(e) => {
                        self.refuse(format!("\"{compact}\": {}.", e.message));
                        return;
                    }
                };
                let intent = if *raise {
                    Intent::Raise(amount)
                } else {
                    Intent::Bet(amount)
                };
                let command = Command::Act {
                    seat: *seat,
                    intent,
                    all_in: false,
                };
                if self.submit(command, None) {
                    self.prompt = None;
                }
                return;
            }
            PromptKind::Say(seat) => format!("{seat} say {text}"),
            PromptKind::Push(seat) | PromptKind::Motion(seat) => format!("{seat} push {compact}"),
            PromptKind::Hole(seat) => format!("{seat} hole {compact}"),
            PromptKind::Show(seat) => format!("{seat} show {compact}"),
            PromptKind::Deal(street) => format!("{street} {compact}"),
            PromptKind::Floor => format!("floor {text}"),
            PromptKind::Line { .. } => text.clone(),
        };
        let line = line.trim().to_string();
        let command = match parse_line(&line) {
            Ok(Some(command)) => command,
            Ok(None) => {
                self.prompt = None;
                self.info("Nothing to apply: the line is blank or a comment.");
                return;
            }
            Err(e) => {
                let text = match prompt.kind {
                    PromptKind::Line { .. } => format!("Column {}: {}.", e.column, e.message),
                    _ => format!("\"{line}\": {}.", e.message),
                };
                self.refuse(text);
                return;
            }
        };
        if let PromptKind::Line { .. } = prompt.kind
            && self.history.last() != Some(&line)
        {
            self.history.push(line.clone());
        }
        let taken = match prompt.kind {
            PromptKind::Line {
                override_of: Some(_),
            } => self.override_with(command, line),
            _ => self.submit(command, Some(line)),
        };
        if taken {
            self.prompt = None;
        }
    }
}

/// Checks one typed character of a list of cards: a rank where a rank goes,
/// a suit where a suit goes, and no card seen already.
fn card_key(typed: &str, c: char, max_cards: usize, seen: u64) -> Result<(), String> {
    let at = typed.chars().count();
    if at >= max_cards * 2 {
        return Err(format!(
            "That is {max_cards} card{} already: Enter records {}.",
            if max_cards == 1 { "" } else { "s" },
            if max_cards == 1 { "it" } else { "them" }
        ));
    }
    if at.is_multiple_of(2) {
        return if "23456789TJQKA".contains(c.to_ascii_uppercase()) {
            Ok(())
        } else {
            Err(format!(
                "'{c}' is not a rank: ranks are 2 to 9, T, J, Q, K and A."
            ))
        };
    }
    let text = format!("{}{c}", typed.chars().last().unwrap_or(' '));
    let card: Card = text
        .parse()
        .map_err(|_| format!("'{c}' is not a suit: suits are s, h, d and c."))?;
    let earlier =
        crate::table::cards::parse_cards(typed.get(..at - 1).unwrap_or("")).unwrap_or_default();
    if earlier.contains(&card) {
        return Err(Refusal::DuplicateCard(card.to_string()).to_string());
    }
    if seen & card.bit() != 0 {
        return Err(Refusal::CardSeen(card.to_string()).to_string());
    }
    Ok(())
}
