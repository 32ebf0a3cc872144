//! What is being typed: an amount (the minimum filled in), words, chips,
//! cards, the board, or a table-notation line; checked as it is typed and
//! read as the notation reads it on Enter.

use super::App;
use crate::notation::parse_line;
use crate::table::command::{Command, Intent, Refusal};
use crate::table::event::Street;
use crate::table::{Card, Chips, Seat};
use crate::tui::keymap::{Action, Section};

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
    /// What is wrong with the text as typed, kept with it until corrected.
    pub error: Option<PromptError>,
    /// Chips pushed facing a bet, of an amount that is one chip in play:
    /// the prompt asks whether they are that one chip (`y`) or several
    /// (`n`), since the two bind differently (TDA 47 against 43).
    pub one_chip: Option<Chips>,
    /// The question was answered with `n`: several chips (until the text
    /// changes).
    pub(super) several: bool,
    pub(super) history_at: Option<usize>,
}

/// An error in what was typed, shown against the text: from character `at`
/// on, the text is what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptError {
    /// The character where the error starts.
    pub at: usize,
    /// What is wrong, in a sentence.
    pub text: String,
}

impl Prompt {
    pub(super) fn new(kind: PromptKind) -> Prompt {
        Prompt {
            kind,
            text: String::new(),
            prefilled: false,
            error: None,
            one_chip: None,
            several: false,
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
    pub fn help(&self) -> String {
        if let Some(chip) = self.one_chip {
            return format!(
                "one chip of {chip}? y: one chip ({}x1), n: several chips; Esc: change it",
                chip.get()
            );
        }
        match &self.kind {
            PromptKind::Amount { .. } => "the street total in chips: 1200, or 2.5k for 2,500",
            PromptKind::Say(_) => "call, check, fold, bet, raise, allin, pot, 1400, raise 8000",
            PromptKind::Push(_) => {
                "one chip: 5000x1; chips worth 1400: 1400 (or 1.4k); or 1000x2+100x3; Enter leaves the motion open"
            }
            PromptKind::Motion(_) => {
                "1400 (or 1.4k), or chips: 1000x2+100x3, one chip: 5000x1; the next action key binds it"
            }
            PromptKind::Hole(_) => "two cards: AhKd",
            PromptKind::Show(_) => "two cards, or nothing for the recorded ones",
            PromptKind::Deal(Street::Flop) => "three cards: AsKd7c",
            PromptKind::Deal(_) => "one card: 9s",
            PromptKind::Floor => {
                "misdeal, exposed-card, boxed-card, four-card-flop, premature-card, clock"
            }
            PromptKind::Line { .. } => "a table-notation line: s3 raise 1200, flop AsKd7c ...",
        }
        .to_string()
    }
}

impl App {
    pub(super) fn update_prompt(&mut self, action: Action) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        if prompt.one_chip.is_some() {
            return self.answer_one_chip(action);
        }
        match action {
            Action::Input(c) => self.prompt_input(c),
            Action::DeleteBack => {
                prompt.text.pop();
                prompt.prefilled = false;
                prompt.several = false;
                self.check_prompt();
            }
            Action::Cancel => self.prompt = None,
            Action::Submit => self.prompt_submit(),
            Action::HistoryPrev => self.prompt_step(1),
            Action::HistoryNext => self.prompt_step(-1),
            _ => {}
        }
    }

    /// The answer to "one chip?": `y` records one chip (`5000x1`), `n`
    /// chips worth the amount; Esc or Backspace goes back to the amount.
    fn answer_one_chip(&mut self, action: Action) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        let Some(chip) = prompt.one_chip else { return };
        match action {
            Action::Input('y' | 'Y') => {
                prompt.one_chip = None;
                prompt.text = format!("{}x1", chip.get());
                self.prompt_submit();
            }
            Action::Input('n' | 'N') => {
                prompt.one_chip = None;
                prompt.several = true;
                self.prompt_submit();
            }
            Action::Cancel | Action::DeleteBack => prompt.one_chip = None,
            _ => {
                let esc = self.hint(Section::Prompt, Action::Cancel);
                self.refuse(format!(
                    "Is it one chip of {chip}? y: one chip, n: several chips worth {chip}; {esc} to change the amount."
                ));
            }
        }
    }

    /// Whether chips pushed as `compact` by `seat` may be one chip whose
    /// reading matters: a plain amount that is a denomination in play, more
    /// than the seat's call, facing a bet (one oversized chip is a call
    /// unless a raise was declared, TDA 47; several chips go by the 50%
    /// standard, TDA 43). The chip, if so.
    fn one_chip_to_ask(&self, seat: Seat, compact: &str) -> Option<Chips> {
        if compact.contains(['x', 'X', '+']) {
            return None;
        }
        let amount = read_amount(compact).ok()?;
        let session = self.session.as_ref()?;
        if !session.header().setup.denominations.contains(&amount) {
            return None;
        }
        let st = session.state();
        let wager = st.seat(seat).wager;
        (st.current_bet > wager && wager + amount > st.current_bet).then_some(amount)
    }

    /// Up and down: through the command bar's history, or an amount by one
    /// big blind, never below the minimum nor above all in.
    pub(super) fn prompt_step(&mut self, step: i64) {
        let big_blind = self.state().map_or(Chips(1), |s| s.big_blind.max(Chips(1)));
        let bounds = match self.prompt.as_ref().map(|p| &p.kind) {
            Some(PromptKind::Amount { seat, .. }) => self.amount_bounds(*seat),
            _ => None,
        };
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match prompt.kind {
            PromptKind::Amount { .. } => {
                let Some((min, max)) = bounds else { return };
                let now = read_amount(&prompt.text).unwrap_or(min);
                let next = if step > 0 {
                    now.get().saturating_add(big_blind.get())
                } else {
                    now.get().saturating_sub(big_blind.get())
                };
                prompt.text = Chips(next).clamp(min, max).get().to_string();
                prompt.prefilled = false;
                prompt.error = None;
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

    /// The least and the most a seat's bet or raise may be: the minimum (or
    /// all in, when that is less) and all in.
    fn amount_bounds(&self, seat: Seat) -> Option<(Chips, Chips)> {
        let session = self.session.as_ref()?;
        let st = session.state();
        let max = st.seat(seat).max_to();
        let min = st.min_raise_to(session.hand().rules()).min(max);
        Some((min, max))
    }

    /// Takes one typed character. An amount takes digits (with `,`, `.` and
    /// `k` for thousands), the first replacing what was filled in. Cards
    /// keep every key typed, and an error shows against the text until it
    /// is corrected (a card already seen is not silently dropped).
    pub(super) fn prompt_input(&mut self, c: char) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        if prompt.text.chars().count() >= 80 {
            return;
        }
        if let PromptKind::Amount { .. } = prompt.kind {
            if !(c.is_ascii_digit() || matches!(c, ',' | '.' | 'k' | 'K')) {
                self.refuse("Type the amount in whole chips, like 1200, or 2.5k for 2,500.");
                return;
            }
            if prompt.prefilled {
                prompt.text.clear();
                prompt.prefilled = false;
            }
            // Room for every amount up to the table maximum (16 digits, and
            // separators); the reader refuses more on Enter.
            if prompt.text.len() < 24 {
                prompt.text.push(c);
            }
            return;
        }
        prompt.text.push(c);
        prompt.several = false;
        self.check_prompt();
    }

    /// Checks cards as typed: the error, if any, is kept with the text and
    /// said on the status line.
    fn check_prompt(&mut self) {
        let seen = self.state().map_or(0, |s| s.seen);
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        let (max_cards, seen) = match prompt.kind {
            PromptKind::Hole(_) => (2, seen),
            // A seat tables the cards it holds, which are seen already.
            PromptKind::Show(_) => (2, 0),
            PromptKind::Deal(street) => (street.cards_dealt(), seen),
            _ => return,
        };
        prompt.error = check_cards(&prompt.text, max_cards, seen);
        if let Some(e) = &prompt.error {
            let text = e.text.clone();
            self.refuse(text);
        }
    }

    pub(super) fn prompt_submit(&mut self) {
        let Some(prompt) = self.prompt.clone() else {
            return;
        };
        if let Some(e) = &prompt.error {
            self.refuse(e.text.clone());
            return;
        }
        let text = prompt.text.trim().to_string();
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        // Thousands typed as `k` (2.5k is 2,500), in amounts, words and chips.
        let thousands = |text: &str| expand_thousands(text);
        // One chip or several? Asked where the two bind differently.
        if let PromptKind::Push(seat) = prompt.kind
            && !prompt.several
            && let Some(chip) = self.one_chip_to_ask(seat, &compact)
        {
            if let Some(p) = self.prompt.as_mut() {
                p.one_chip = Some(chip);
            }
            let facing = self.state().map_or(Chips::ZERO, |s| s.current_bet);
            self.info(format!(
                "Seat {} faces {facing}: is {chip} one chip? y: one {chip} chip, n: several chips worth {chip}.",
                seat.number()
            ));
            return;
        }
        let line = match &prompt.kind {
            PromptKind::Amount { seat, raise } => {
                // Read as the notation reads an amount: whole chips, more
                // than 0, at most what a table may have in play.
                let amount = match read_amount(&compact) {
                    Ok(amount) => amount,
                    Err(_) if compact.is_empty() => {
                        self.refuse(
                            "Type the amount in whole chips, like 1200, or 2.5k for 2,500.",
                        );
                        return;
                    }
                    Err(e) => {
                        self.refuse(e);
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
            PromptKind::Say(seat) | PromptKind::Push(seat) | PromptKind::Motion(seat) => {
                let (verb, what) = match &prompt.kind {
                    PromptKind::Say(_) => ("say", text.as_str()),
                    _ => ("push", compact.as_str()),
                };
                match thousands(what) {
                    Ok(what) => format!("{seat} {verb} {what}"),
                    Err(e) => {
                        self.refuse(e);
                        return;
                    }
                }
            }
            PromptKind::Hole(seat) => format!("{seat} hole {compact}"),
            PromptKind::Show(seat) => format!("{seat} show {compact}"),
            PromptKind::Deal(street) => format!("{street} {compact}"),
            PromptKind::Floor => format!("floor {text}"),
            PromptKind::Line { .. } => text.clone(),
        };
        let line = line.trim().to_string();
        // A session line (`seat 7 sit 10000 Ann`, `clock pause`, `hand`)
        // goes to the table; an override is always a hand line.
        if let PromptKind::Line { override_of: None } = prompt.kind
            && crate::notation::session::is_session_line(&line)
        {
            match crate::notation::session::parse_table_line(&line) {
                Ok(Some(command)) => {
                    if self.history.last() != Some(&line) {
                        self.history.push(line.clone());
                    }
                    if self.table_line(command, line) {
                        self.prompt = None;
                    }
                }
                Ok(None) => {
                    self.prompt = None;
                    self.info("Nothing to apply: the line is blank or a comment.");
                }
                Err(e) => self.refuse(format!("Column {}: {}.", e.column, e.message)),
            }
            return;
        }
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

/// Checks cards as typed (spaces between them allowed): a rank where a
/// rank goes, a suit where a suit goes, at most `max_cards`, none twice and
/// none seen already. The error points at the card where it starts.
pub fn check_cards(text: &str, max_cards: usize, seen: u64) -> Option<PromptError> {
    let mut typed: Vec<(usize, char)> = Vec::new();
    for (at, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        typed.push((at, c));
    }
    let mut cards: Vec<Card> = Vec::new();
    for (i, pair) in typed.chunks(2).enumerate() {
        let (at, rank) = pair[0];
        let error = |text: String| Some(PromptError { at, text });
        if i >= max_cards {
            return error(format!(
                "That is {max_cards} card{} already: Backspace takes back what is after {}.",
                if max_cards == 1 { "" } else { "s" },
                if max_cards == 1 { "it" } else { "them" }
            ));
        }
        if !"23456789TJQKA".contains(rank.to_ascii_uppercase()) {
            return error(format!(
                "'{rank}' is not a rank: ranks are 2 to 9, T, J, Q, K and A."
            ));
        }
        let Some(&(_, suit)) = pair.get(1) else {
            break;
        };
        let Ok(card) = format!("{rank}{suit}").parse::<Card>() else {
            return error(format!("'{suit}' is not a suit: suits are s, h, d and c."));
        };
        if cards.contains(&card) {
            return error(Refusal::DuplicateCard(card.to_string()).to_string());
        }
        if seen & card.bit() != 0 {
            return error(Refusal::CardSeen(card.to_string()).to_string());
        }
        cards.push(card);
    }
    None
}

/// Reads an amount typed at the table: whole chips, `,` allowed, and `k`
/// for thousands (`2.5k` is 2,500), then as the notation reads an amount
/// (more than 0, at most what a table may have in play).
pub fn read_amount(text: &str) -> Result<Chips, String> {
    let expanded = expand_thousands(text)?;
    crate::notation::parse_amount(&expanded, 1).map_err(|e| format!("\"{text}\": {}.", e.message))
}

/// Writes every number with a `k` (thousands) in `text` as whole chips:
/// `2.5k` is `2500`, `1kx2+500` is `1000x2+500`. Anything else is left for
/// the notation to read (and refuse). A `k` amount that is not whole chips
/// (more than three decimals) is refused here.
pub fn expand_thousands(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + 8);
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| -> Result<(), String> {
        let word = std::mem::take(run);
        let Some(number) = word.strip_suffix(['k', 'K']) else {
            out.push_str(&word);
            return Ok(());
        };
        if number.is_empty()
            || !number
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        {
            out.push_str(&word);
            return Ok(());
        }
        let digits: String = number.chars().filter(|c| *c != ',').collect();
        let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
        if fraction.contains('.') || fraction.len() > 3 {
            return Err(format!(
                "\"{word}\" is not whole chips: k is a thousand, so at most three decimals (1.25k is 1,250)."
            ));
        }
        let mut chips = format!("{whole}{fraction:0<3}");
        let nonzero = chips.trim_start_matches('0').len();
        chips = chips.split_off(chips.len() - nonzero.max(1));
        out.push_str(&chips);
        Ok(())
    };
    for c in text.chars() {
        if c.is_ascii_digit() || matches!(c, ',' | '.' | 'k' | 'K') {
            run.push(c);
            if matches!(c, 'k' | 'K') {
                flush(&mut run, &mut out)?;
            }
        } else {
            flush(&mut run, &mut out)?;
            out.push(c);
        }
    }
    flush(&mut run, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_whole_chips() {
        assert_eq!(expand_thousands("2.5k").as_deref(), Ok("2500"));
        assert_eq!(expand_thousands("2k").as_deref(), Ok("2000"));
        assert_eq!(expand_thousands("1,250.5k").as_deref(), Ok("1250500"));
        assert_eq!(expand_thousands(".5k").as_deref(), Ok("500"));
        assert_eq!(expand_thousands("1kx2+500").as_deref(), Ok("1000x2+500"));
        assert_eq!(expand_thousands("raise 8k").as_deref(), Ok("raise 8000"));
        assert_eq!(expand_thousands("check").as_deref(), Ok("check"));
        assert_eq!(expand_thousands("1400").as_deref(), Ok("1400"));
        assert!(expand_thousands("1.2345k").is_err());
        assert_eq!(read_amount("2.5k"), Ok(Chips(2500)));
        assert!(read_amount("0k").is_err());
        assert!(read_amount("2.5").is_err());
        // Bounded by the table maximum, never wrapped.
        assert!(read_amount("99999999999999999999k").is_err());
        assert_eq!(read_amount("1,000,000,000,000k"), Ok(Chips::MAX_TABLE));
    }

    #[test]
    fn cards_keep_what_was_typed_and_point_at_the_error() {
        let seen = "As".parse::<Card>().map(Card::bit).unwrap_or(0);
        let e = check_cards("AsQd", 2, seen).expect("an error");
        assert_eq!(e.at, 0);
        assert_eq!(e.text, "As has already been seen in this hand.");
        let e = check_cards("Qd Qd", 2, 0).expect("an error");
        assert_eq!(e.at, 3);
        assert!(check_cards("Qd K", 2, 0).is_none());
        assert_eq!(check_cards("QdKhA", 2, 0).map(|e| e.at), Some(4));
        assert_eq!(check_cards("Qx", 2, 0).map(|e| e.at), Some(0));
    }
}
