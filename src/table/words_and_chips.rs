//! Words and chips: what a seat's declaration and pushed chips bind, under
//! the house rules.
//!
//! Ruling ids: `verbal-binding`, `oversized-chip`, `multiple-chip`,
//! `fifty-percent`, `string-bet`, `undercall`, `lesser-amount`,
//! `pot-bet-no-limit`, `min-raise` (a declared or pushed wager brought up to
//! the minimum), `short-all-in`, `uncalled-bet` (a bet or raise no one
//! could call, read as a call).
//!
//! Each ruling names the case it decides (`rules::CLAUSES`: at least or
//! less than half a raise, a chip facing a bet or not, "call" or "raise"
//! said, an undercall heads-up or at the TD's discretion, ...), so the house
//! quotes the clause of its rule for that case.
//!
//! Rules cited: TDA 37 (verbal and chips), 39 (binding declarations and
//! undercalls), 42 (methods of raising), 43 (raise amounts and the 50%
//! standard), 45 (oversized chip), 46 (multiple chips), 50-C ("pot"), 51
//! (string bets), 52 (the lesser amount); UPT no-limit 8 (verbal
//! precedence); Nuts 47 (one denomination); Redtooth 11 (oversized chip
//! preflop); Ugly Tuna Betting 7 and 13. With every other player still in
//! all in, words or chips beyond the call are a call and the rest goes back
//! (TDA 39-A: "raise" commits to the full current action; TDA 60; Ugly
//! Tuna All-in 3: "the bet is 10 units").

use super::betting::{Facing, action_rulings, uncallable, uncallable_text};
use super::chips::Chips;
use super::command::Refusal;
use super::event::{Action, Declaration, Event, PushedChips, Street};
use super::seat::Seat;
use super::state::{HandState, Pending};
use crate::rules::{
    FloorOption, HouseRules, MultipleChips, OversizedChip, Ruling, RulingId, Undercall,
    VerbalVsChips,
};

/// What a seat's pending physical action binds, and the rulings it needs.
pub(super) struct Binding {
    /// The action bound.
    pub(super) action: Action,
    /// Whether it is a full bet or raise.
    pub(super) full: bool,
    /// The rulings that explain it.
    pub(super) rulings: Vec<Ruling>,
}

/// Reads words and chips under the house rules. (TDA meanings: 37, 39, 42,
/// 43, 45, 46, 50-C, 51.) TDA 37 picks the step that defines the bet; a
/// gesture, chips or words then read by their own rules.
pub(super) fn interpret(
    st: &HandState,
    rules: &HouseRules,
    p: &Pending,
) -> Result<Binding, Refusal> {
    let mut r = Reading::new(st, rules, p.seat);
    let motions: Vec<&PushedChips> = p
        .steps
        .iter()
        .filter_map(|e| match e {
            Event::ChipsPushed { chips, .. } => Some(chips),
            _ => None,
        })
        .collect();
    match r.tda_37_a_first_defines_the_bet(p) {
        Event::Tapped { .. } => r.tap(),
        Event::Mucked { .. } => Ok(r.fold()),
        Event::ChipsPushed { chips, .. } => {
            r.tda_51_later_motions(chips, &motions);
            Ok(r.silent_push(chips))
        }
        Event::Declared { declaration, .. } => {
            let declaration = r.tda_37_b_later_words(*declaration, p);
            r.declared(declaration, &motions)
        }
        _ => unreachable!("only physical steps are pending"),
    }
}

/// One reading of a seat's words and chips: the hand, the house, what the
/// seat faces (worked out once) and the rulings said so far. Each rule is a
/// step of its own, named after it, that either decides the binding or
/// says its ruling (if any) and passes on to the next.
struct Reading<'a> {
    st: &'a HandState,
    rules: &'a HouseRules,
    f: Facing,
    rulings: Vec<Ruling>,
}

/// Chips put out without a declaration: the chips, their total and the
/// street total they make.
struct Silent<'c> {
    chips: &'c PushedChips,
    amount: Chips,
    to: Chips,
}

impl<'a> Reading<'a> {
    fn new(st: &'a HandState, rules: &'a HouseRules, seat: Seat) -> Reading<'a> {
        Reading {
            st,
            rules,
            f: st.facing(seat, rules),
            rulings: Vec::new(),
        }
    }

    /// The seat's number, as rulings say it.
    fn n(&self) -> u8 {
        self.f.seat.number()
    }

    /// Says the ruling for the case `clause` of ruling `id` (`rules::CLAUSES`).
    fn rule(&mut self, id: RulingId, clause: &str, text: String) {
        self.rulings
            .push(self.rules.ruling_clause(id, clause, text));
    }

    /// Says the verbal ruling for `declaration`; `clause` is the case of the
    /// verbal rule that decides, when the rule has several (a general
    /// "call", "raise" then chips, ...).
    fn said(&mut self, declaration: Declaration, clause: Option<&str>, what: String) {
        let text = format!("Seat {} said \"{declaration}\" in turn: {what}.", self.n());
        self.rulings.push(match clause {
            Some(clause) => self
                .rules
                .ruling_clause(RulingId::VerbalBinding, clause, text),
            None => self.rules.ruling(RulingId::VerbalBinding, text),
        });
    }

    /// Binds the street total `to` with the rulings said.
    fn bind(&mut self, to: Chips) -> Binding {
        let (action, full) = self.f.action(to);
        Binding {
            action,
            full,
            rulings: std::mem::take(&mut self.rulings),
        }
    }

    /// Binds the street total `to` with the rulings said and those the
    /// action brings by itself (a short all-in).
    fn bind_as_pushed(&mut self, to: Chips) -> Binding {
        let mut binding = self.bind(to);
        let own = action_rulings(self.st, self.rules, &binding.action, binding.full);
        binding.rulings.extend(own);
        binding
    }

    /// Folds, with the rulings said.
    fn fold(&mut self) -> Binding {
        Binding {
            action: Action::fold(self.f.seat, self.f.wager),
            full: false,
            rulings: std::mem::take(&mut self.rulings),
        }
    }

    /// A tap is a check; facing a bet it is refused.
    fn tap(&mut self) -> Result<Binding, Refusal> {
        if !self.f.to_call.is_zero() {
            return Err(Refusal::TapFacingBet {
                seat: self.n(),
                to_call: self.f.to_call,
            });
        }
        Ok(self.bind(self.f.wager))
    }

    /// The step that defines the bet. TDA 37-A: whichever of words and chips
    /// came first; UPT no-limit 8: a verbal statement wins over differing
    /// chips whatever the order.
    fn tda_37_a_first_defines_the_bet<'p>(&mut self, p: &'p Pending) -> &'p Event {
        let n = self.n();
        let first_words = p.steps.iter().find(|e| matches!(e, Event::Declared { .. }));
        match (self.rules.settings.verbal_vs_chips.value, first_words) {
            (VerbalVsChips::VerbalPrecedence, Some(words))
                if !matches!(p.steps[0], Event::Declared { .. }) =>
            {
                self.rule(
                    RulingId::VerbalBinding,
                    "words-over-chips",
                    format!("Seat {n}'s words and chips differ: the verbal statement takes precedence and the bet is corrected to it."),
                );
                words
            }
            (_, Some(Event::Declared { declaration, .. }))
                if matches!(p.steps[0], Event::ChipsPushed { .. }) =>
            {
                // TDA 37-A: the chips came first; the words after them do not
                // change the bet.
                self.rule(
                    RulingId::VerbalBinding,
                    "chips-first",
                    format!("Seat {n} pushed chips and then said \"{declaration}\": whichever is first defines the bet, so the chips play and the words do not."),
                );
                &p.steps[0]
            }
            _ => &p.steps[0],
        }
    }

    /// TDA 37-B: "raise" then an amount is one declaration ("raise, one
    /// thousand"); anything else said after a complete declaration is a
    /// string raise and does not play (Ugly Tuna Betting 7, TDA 51).
    fn tda_37_b_later_words(&mut self, declaration: Declaration, p: &Pending) -> Declaration {
        let next = p
            .steps
            .iter()
            .filter_map(|e| match e {
                Event::Declared { declaration: d, .. } => Some(*d),
                _ => None,
            })
            .nth(1);
        // The amount a later "raise 1000", "bet 1000" or "1000" says.
        let amount = match next {
            Some(
                Declaration::Amount(x) | Declaration::Raise(Some(x)) | Declaration::Bet(Some(x)),
            ) => Some(x),
            _ => None,
        };
        match (declaration, amount, next) {
            (Declaration::Bet(None), Some(x), _) => Declaration::Bet(Some(x)),
            (Declaration::Raise(None), Some(x), _) => Declaration::Raise(Some(x)),
            (_, _, Some(next)) => {
                let n = self.n();
                self.rule(
                    RulingId::StringBet,
                    "second-declaration",
                    format!("Seat {n} said \"{declaration}\" and then \"{next}\": only the first declaration binds; the rest is a string raise and does not play."),
                );
                declaration
            }
            (_, _, None) => declaration,
        }
    }

    /// TDA 51: chips put out silently in a second motion are a string bet
    /// and do not play; only the first motion does.
    fn tda_51_later_motions(&mut self, first: &PushedChips, motions: &[&PushedChips]) {
        if motions.len() > 1 {
            let ruling = string_bet(
                self.rules,
                "second-motion",
                self.f.seat,
                first.total(),
                &motions[1..],
                None,
            );
            self.rulings.push(ruling);
        }
    }

    /// What a declaration binds, by its own rule.
    fn declared(
        &mut self,
        declaration: Declaration,
        motions: &[&PushedChips],
    ) -> Result<Binding, Refusal> {
        match declaration {
            Declaration::Fold => {
                self.said(declaration, None, "the hand is folded".into());
                Ok(self.fold())
            }
            Declaration::Check => {
                if !self.f.to_call.is_zero() {
                    return Err(Refusal::CannotCheck {
                        seat: self.n(),
                        to_call: self.f.to_call,
                    });
                }
                self.said(declaration, None, "a check".into());
                Ok(self.bind(self.f.wager))
            }
            Declaration::Call => Ok(self.tda_39_a_call(motions)),
            Declaration::AllIn => Ok(self.all_in_said(motions)),
            Declaration::Bet(Some(amount)) | Declaration::Raise(Some(amount)) => {
                self.tda_43_b_raise_and_amount(declaration, amount)
            }
            Declaration::Bet(None) | Declaration::Raise(None) => {
                self.tda_42_c_raise_then_chips(declaration, motions)
            }
            Declaration::Pot => self.tda_50_c_pot(),
            Declaration::Conditional => Err(Refusal::NothingTo("bind in a conditional statement")),
            Declaration::Amount(said) => Ok(self.tda_37_c_amount_alone(said, motions)),
        }
    }

    /// TDA 39-A: "call" commits to the full current action; chips pushed
    /// beyond it go back.
    fn tda_39_a_call(&mut self, motions: &[&PushedChips]) -> Binding {
        let to = self.f.current_bet.max(self.f.wager);
        let pushed: Chips = motions.iter().map(|m| m.total()).sum();
        let back = (self.f.wager + pushed).saturating_sub(to.min(self.f.max_to));
        let extra = if back.is_zero() {
            String::new()
        } else {
            format!("; {back} goes back")
        };
        self.said(
            Declaration::Call,
            Some("call"),
            format!("a call of {}{extra}", to.min(self.f.max_to)),
        );
        self.bind(to)
    }

    /// "All in" is every chip behind, unless no raise is possible: then it
    /// is a call (TDA 60 with no one to call more, TDA 44 when the betting
    /// is not open to the seat).
    fn all_in_said(&mut self, motions: &[&PushedChips]) -> Binding {
        let to = self.f.max_to;
        if to > self.f.current_bet {
            let pushed: Chips = motions.iter().map(|m| m.total()).sum();
            let what = || format!("said \"{}\" with {to} in all", Declaration::AllIn);
            if let Some(call) = self.tda_60_no_one_to_call(what, self.f.wager + pushed) {
                return call;
            }
            if !self.f.can_raise {
                let current = self.f.current_bet;
                self.said(
                    Declaration::AllIn,
                    None,
                    format!("the betting is not open to a raise, so it is a call of {current}"),
                );
                return self.bind(current);
            }
        }
        self.said(Declaration::AllIn, None, format!("all in to {to}"));
        self.bind_as_pushed(to)
    }

    /// TDA 39-A with 60: with every other player still in all in, words of
    /// a bet or raise commit to the full current action, the call, and what
    /// no one could call goes back. `what` says what the seat did;
    /// `offered` is the street total it would have made.
    fn tda_60_no_one_to_call(
        &mut self,
        what: impl FnOnce() -> String,
        offered: Chips,
    ) -> Option<Binding> {
        if self.f.raise_could_be_called {
            return None;
        }
        let ruling = uncallable(self.rules, &self.f, &what(), offered);
        self.rulings.push(ruling);
        Some(self.bind(self.f.current_bet))
    }

    /// TDA 43-B: "raise" and an amount is the street total; an amount under
    /// the minimum is a minimum raise, one over the stack all in (TDA 52:
    /// an amount that can mean more than one is the lesser).
    fn tda_43_b_raise_and_amount(
        &mut self,
        declaration: Declaration,
        amount: Chips,
    ) -> Result<Binding, Refusal> {
        let n = self.n();
        // Words only: no chips went out, so none go back.
        let what = || format!("declared \"{declaration}\"");
        if let Some(call) = self.tda_60_no_one_to_call(what, Chips::ZERO) {
            return Ok(call);
        }
        self.f.may_raise()?;
        let amount = self.tda_52_lesser_amount(amount);
        let (min, max) = (self.f.min_raise_to, self.f.max_to);
        if amount >= max {
            self.rule(
                RulingId::VerbalBinding,
                "beyond-stack",
                format!("Seat {n} declared \"{declaration}\" with {max} in all: all in to {max}."),
            );
            return Ok(self.bind(max));
        }
        let word = self.f.wager_word();
        if amount < min {
            self.rule(
                RulingId::MinRaise,
                "declared-under-minimum",
                format!("Seat {n} declared \"{declaration}\", less than the minimum: it is a minimum {word} to {min}."),
            );
            return Ok(self.bind(min));
        }
        let text = format!("Seat {n} declared \"{declaration}\" in turn: a {word} to {amount}.");
        let ruling = match declaration {
            Declaration::Raise(_) => {
                self.rules
                    .ruling_clause(RulingId::VerbalBinding, "raise-amount", text)
            }
            _ => self.rules.ruling(RulingId::VerbalBinding, text),
        };
        self.rulings.push(ruling);
        Ok(self.bind(amount))
    }

    /// TDA 52: a declared amount that can mean more than one thing is the
    /// lesser value.
    fn tda_52_lesser_amount(&mut self, said: Chips) -> Chips {
        match lesser_amount(self.st, said) {
            Some(read) => {
                let ruling = lesser_ruling(self.st, self.rules, self.n(), said, read);
                self.rulings.push(ruling);
                read
            }
            None => said,
        }
    }

    /// TDA 42-C: "raise" (or "bet") without an amount commits to at least
    /// the minimum; its chips follow in one motion, or in two when the first
    /// is the exact call; less than the minimum is a minimum raise. A single
    /// chip after the word raises the most it allows (TDA 45).
    fn tda_42_c_raise_then_chips(
        &mut self,
        declaration: Declaration,
        motions: &[&PushedChips],
    ) -> Result<Binding, Refusal> {
        let pushed: Chips = motions.iter().map(|m| m.total()).sum();
        let what = || {
            if pushed.is_zero() {
                format!("declared \"{declaration}\"")
            } else {
                format!("declared \"{declaration}\" and put out {pushed}")
            }
        };
        if let Some(call) = self.tda_60_no_one_to_call(what, self.f.wager + pushed) {
            return Ok(call);
        }
        self.f.may_raise()?;
        let (n, min, word) = (self.n(), self.f.min_raise_to, self.f.wager_word());
        let Some(first) = motions.first() else {
            let what = format!("it commits to a {word}: at least the minimum, to {min}");
            self.said(declaration, Some("raise"), what);
            return Ok(self.bind(min));
        };
        if let Some(chip) = first.single_chip() {
            self.rule(
                RulingId::OversizedChip,
                "raise-declared",
                format!("Seat {n} declared a {word} before a single {chip} chip: the {word} is the most the chip allows."),
            );
        }
        let first_to = self.f.wager + first.total();
        // TDA 42 C: "raise", then the exact call amount, then one more
        // motion completes the raise.
        let (to, used) = if first_to == self.f.current_bet && motions.len() >= 2 {
            (first_to + motions[1].total(), 2)
        } else {
            (first_to, 1)
        };
        if motions.len() > used {
            let made = to.saturating_sub(self.f.wager);
            let ruling = string_bet(
                self.rules,
                "raise-then-motions",
                self.f.seat,
                made,
                &motions[used..],
                Some(&declaration),
            );
            self.rulings.push(ruling);
        }
        if to < min {
            self.rule(
                RulingId::MinRaise,
                "chips-under-minimum",
                format!("Seat {n} declared a {word} and put out chips to {to}, less than the minimum: it is a minimum {word} to {min}."),
            );
            return Ok(self.bind(min));
        }
        // "Raise", the exact call, one more motion: TDA 42 C. One motion
        // after the word: the word and its chips.
        let clause = if used == 2 {
            "raise-then-chips"
        } else {
            "raise"
        };
        self.said(declaration, Some(clause), format!("a {word} to {to}"));
        Ok(self.bind(to))
    }

    /// TDA 50-C: "pot" binds a valid (minimum) bet or raise.
    fn tda_50_c_pot(&mut self) -> Result<Binding, Refusal> {
        let what = || format!("declared \"{}\"", Declaration::Pot);
        if let Some(call) = self.tda_60_no_one_to_call(what, Chips::ZERO) {
            return Ok(call);
        }
        self.f.may_raise()?;
        let (n, min, word) = (self.n(), self.f.min_raise_to, self.f.wager_word());
        let clause = if self.f.bet_faced() {
            "facing-bet"
        } else {
            "not-facing-bet"
        };
        self.rule(
            RulingId::PotBetNoLimit,
            clause,
            format!("\"Pot\" is not a no-limit bet, but it binds seat {n} to a valid {word}: at least to {min}."),
        );
        Ok(self.bind(min))
    }

    /// TDA 37-C: an amount alone is the same as pushing it silently (TDA 52:
    /// the lesser value); chips pushed with it are a string bet (TDA 51).
    fn tda_37_c_amount_alone(&mut self, said: Chips, motions: &[&PushedChips]) -> Binding {
        let amount = self.tda_52_lesser_amount(said);
        if !motions.is_empty() {
            let ruling = string_bet(
                self.rules,
                "second-motion",
                self.f.seat,
                amount,
                motions,
                Some(&Declaration::Amount(amount)),
            );
            self.rulings.push(ruling);
        }
        self.silent_push(&PushedChips::Amount(amount))
    }

    /// Chips put out without a declaration (TDA 43, 45, 46, 39-B): the
    /// rules in the order they decide.
    fn silent_push(&mut self, chips: &PushedChips) -> Binding {
        let amount = chips.total();
        let p = Silent {
            chips,
            amount,
            to: self.f.wager + amount,
        };
        self.redtooth_11a_oversized_chip_before_flop(&p)
            .or_else(|| self.tda_45_not_facing_a_bet(&p))
            .or_else(|| self.tda_45_oversized_chip_facing_a_bet(&p))
            .or_else(|| self.tda_46_multiple_chips(&p))
            .or_else(|| self.tda_39_b_undercall(&p))
            .or_else(|| self.tda_44_not_reopened(&p))
            .unwrap_or_else(|| self.tda_43_a_fifty_percent(&p))
    }

    /// Redtooth 11a: before the flop a single oversized chip is a call; with
    /// nothing to call (the big blind's option) it is a check.
    fn redtooth_11a_oversized_chip_before_flop(&mut self, p: &Silent) -> Option<Binding> {
        let chip = p.chips.single_chip()?;
        let applies = self.rules.settings.oversized_chip.value == OversizedChip::CallPreflop
            && self.st.street == Street::Preflop
            && self.f.to_call.is_zero()
            && self.f.bet_faced();
        if !applies {
            return None;
        }
        let n = self.n();
        self.rule(
            RulingId::OversizedChip,
            "before-flop",
            format!(
                "Seat {n}'s single {chip} chip before the flop is a call: with nothing to call it is a check, and the chip goes back."
            ),
        );
        Some(self.bind_as_pushed(self.f.current_bet))
    }

    /// Not facing a bet, chips out are a bet (TDA 45: a single chip bets its
    /// value), brought up to the minimum bet (Redtooth 8, UPT no-limit 2).
    fn tda_45_not_facing_a_bet(&mut self, p: &Silent) -> Option<Binding> {
        if self.f.bet_faced() {
            return None;
        }
        let (n, to, min) = (self.n(), p.to, self.f.min_raise_to);
        if to < min && to < self.f.max_to {
            self.rule(
                RulingId::MinRaise,
                "bet-under-minimum",
                format!(
                    "Seat {n}'s bet of {to} is less than the minimum bet: it is brought up to {min}."
                ),
            );
            return Some(self.bind_as_pushed(min));
        }
        if let Some(chip) = p.chips.single_chip() {
            self.rule(
                RulingId::OversizedChip,
                "not-facing-bet",
                format!(
                    "Seat {n} put out a single {chip} chip without facing a bet: a bet of {chip}."
                ),
            );
        }
        Some(self.bind_as_pushed(to))
    }

    /// TDA 45: facing a bet, a single oversized chip without "raise" is a
    /// call. With nothing to call (the big blind's option) it raises the
    /// most the chip allows, and the rules after this one weigh the raise.
    fn tda_45_oversized_chip_facing_a_bet(&mut self, p: &Silent) -> Option<Binding> {
        let chip = p.chips.single_chip()?;
        let (n, to_call, cb) = (self.n(), self.f.to_call, self.f.current_bet);
        if to_call.is_zero() {
            let to = p.to;
            self.rule(
                RulingId::OversizedChip,
                "not-facing-bet",
                format!(
                    "Seat {n} put out a single {chip} chip with nothing to call: it is a raise of the most the chip allows, to {to}."
                ),
            );
            return None;
        }
        if p.amount <= to_call {
            return None;
        }
        let clause = if self.st.street == Street::Preflop {
            "before-flop"
        } else {
            "facing-bet"
        };
        self.rule(
            RulingId::OversizedChip,
            clause,
            format!(
                "Seat {n}'s single {chip} chip facing {} without \"raise\" declared first is a call of {cb}; {} goes back.",
                to_call,
                p.amount - to_call
            ),
        );
        Some(self.bind_as_pushed(cb))
    }

    /// TDA 46: facing a bet, several chips are a call if every chip is
    /// needed to make it (Nuts 47: only chips of one denomination);
    /// otherwise the 50% standard decides (TDA 43-A, below).
    fn tda_46_multiple_chips(&mut self, p: &Silent) -> Option<Binding> {
        let smallest = p.chips.smallest_of_several()?;
        let (n, amount, to_call, cb) = (self.n(), p.amount, self.f.to_call, self.f.current_bet);
        if to_call.is_zero() || amount <= to_call {
            return None;
        }
        let one_denomination = matches!(p.chips, PushedChips::Denominations(d) if d.len() == 1);
        let rule_applies = self.rules.settings.multiple_chips.value
            == MultipleChips::CallIfEveryChipNeeded
            || one_denomination;
        if rule_applies && amount - smallest < to_call {
            self.rule(
                RulingId::MultipleChip,
                "every-chip-needed",
                format!(
                    "Seat {n} put out {amount} in several chips facing {to_call}; every chip is needed to call, so it is a call of {cb}; {} goes back.",
                    amount - to_call
                ),
            );
            return Some(self.bind_as_pushed(cb));
        }
        let (clause, why) = if rule_applies {
            (
                "fifty-percent-decides",
                "removing one of the smallest chips still leaves the call, so the 50% standard decides",
            )
        } else {
            (
                "mixed-denominations",
                "the chips are of mixed denominations, so the 50% standard decides",
            )
        };
        self.rule(
            RulingId::MultipleChip,
            clause,
            format!("Seat {n} put out {amount} in several chips facing {to_call}: {why}."),
        );
        None
    }

    /// TDA 39-B: less than the call (and not all in) is an undercall: a
    /// full call heads-up or facing the opening bet, else at the TD's
    /// discretion (Ugly Tuna Betting 13, UPT Betting 11: always a full call).
    fn tda_39_b_undercall(&mut self, p: &Silent) -> Option<Binding> {
        let (n, amount, to_call, cb) = (self.n(), p.amount, self.f.to_call, self.f.current_bet);
        if p.to >= cb {
            return None;
        }
        if p.to == self.f.max_to {
            return Some(self.bind_as_pushed(p.to));
        }
        let heads_up = self.st.live_count() == 2;
        if self.rules.settings.undercall.value == Undercall::AlwaysFullCall {
            // The house's one rule decides every case.
            self.rulings.push(self.rules.ruling(
                RulingId::Undercall,
                format!(
                    "Seat {n} put out {amount} of the {to_call} to call: a call of an improperly low amount is brought up to a full call of {cb}."
                ),
            ));
        } else if heads_up || self.st.opening_bet {
            let (clause, why) = if heads_up {
                ("heads-up", "heads-up")
            } else {
                ("opening-bet", "facing the opening bet")
            };
            self.rule(
                RulingId::Undercall,
                clause,
                format!(
                    "Seat {n} put out {amount} of the {to_call} to call, {why}: an undercall is a full call of {cb}."
                ),
            );
        } else {
            self.tda_39_b_at_the_tds_discretion(p);
        }
        Some(self.bind_as_pushed(cb))
    }

    /// TDA 39-B: "at TDs discretion, he may forfeit the underbet and fold";
    /// the full call suggested.
    fn tda_39_b_at_the_tds_discretion(&mut self, p: &Silent) {
        let (n, amount, to_call, cb) = (self.n(), p.amount, self.f.to_call, self.f.current_bet);
        let undercall = self
            .rules
            .ruling_clause(
                RulingId::Undercall,
                "td-discretion",
                format!(
                    "Seat {n} put out {amount} of the {to_call} to call: the TD decides; suggested a full call of {cb} (the TD may let the player forfeit the {amount} and fold)."
                ),
            )
            .with_options(vec![FloorOption::instead(
                format!(
                    "Seat {n} forfeits the {amount} it put out and folds; the {amount} stays in the pot."
                ),
                format!("floor forfeit s{n} {}", amount.get()),
            )]);
        self.rulings.push(undercall);
    }

    /// TDA 44: chips beyond the call when no raise is possible (a short
    /// all-in has not reopened the betting, or no one could call it, TDA
    /// 60) are a call; the rest goes back.
    fn tda_44_not_reopened(&mut self, p: &Silent) -> Option<Binding> {
        let (n, amount, to, cb) = (self.n(), p.amount, p.to, self.f.current_bet);
        if to <= cb || self.f.can_raise {
            return None;
        }
        if !self.f.raise_could_be_called {
            let what = format!("put out {amount} facing {cb}");
            let text = uncallable_text(&self.f, &what, to);
            self.rule(RulingId::UncalledBet, "no-one-to-call", text);
        } else {
            self.rule(
                RulingId::ShortAllIn,
                "does-not-reopen",
                format!(
                    "The betting is not open to seat {n} again: its {amount} is a call of {cb}; {} goes back.",
                    to - cb
                ),
            );
        }
        Some(self.bind_as_pushed(cb))
    }

    /// TDA 43-A: a call, all in, or at least a full raise binds as pushed; a
    /// raise of 50% or more of the minimum must become a full raise; less is
    /// a call.
    fn tda_43_a_fifty_percent(&mut self, p: &Silent) -> Binding {
        let (n, to, cb, min) = (self.n(), p.to, self.f.current_bet, self.f.min_raise_to);
        if to == cb || to == self.f.max_to || to >= min {
            return self.bind_as_pushed(to);
        }
        let raised = to - cb;
        let needed = min - cb;
        if raised.get() * 2 >= needed.get() {
            self.rule(
                RulingId::FiftyPercent,
                "at-least-half",
                format!(
                    "Seat {n}'s {to} facing {cb} raises {raised}, at least half of the {needed} minimum raise: it must be a full raise to {min}."
                ),
            );
            self.bind_as_pushed(min)
        } else {
            self.rule(
                RulingId::FiftyPercent,
                "under-half",
                format!(
                    "Seat {n}'s {to} facing {cb} is less than half a minimum raise: a call of {cb}; {} goes back.",
                    to - cb
                ),
            );
            self.bind_as_pushed(cb)
        }
    }
}

/// The later motions of a string bet do not play; `clause` is the case:
/// `second-motion` (nothing declared, or an amount alone) or
/// `raise-then-motions` (TDA 42 C); `said` is what the seat declared
/// before its chips, if anything.
pub(super) fn string_bet(
    rules: &HouseRules,
    clause: &str,
    seat: Seat,
    first: Chips,
    later: &[&PushedChips],
    said: Option<&Declaration>,
) -> Ruling {
    let later: Chips = later.iter().map(|m| m.total()).sum();
    let n = seat.number();
    let text = match said {
        // TDA 42 C: "raise", the exact call, then ONE more motion.
        Some(word @ (Declaration::Raise(_) | Declaration::Bet(_))) => format!(
            "Seat {n} declared \"{word}\" and put out {first} to make it, then {later} more in a further motion: a declared {word} is completed in one motion after the call, so the {later} does not play."
        ),
        Some(word) => format!(
            "Seat {n} said \"{word}\" and then put out {later} more in another motion without declaring a raise first: only the {first} said plays."
        ),
        None => format!(
            "Seat {n} put out {first} and then {later} more in another motion without declaring a raise first: only the first motion plays."
        ),
    };
    rules.ruling_clause(RulingId::StringBet, clause, text)
}

/// TDA 52: a declared amount that can reasonably mean more than one thing is
/// the lesser value ("five" at 200-400 is 500, not 5,000). An amount under
/// 100 and under the minimum bet is read as the smallest of x10, x100 and
/// x1000 that is at least the minimum bet.
pub(super) fn lesser_amount(st: &HandState, amount: Chips) -> Option<Chips> {
    let min_bet = st.big_blind;
    if amount >= min_bet || amount.get() >= 100 {
        return None;
    }
    [10, 100, 1000]
        .into_iter()
        .map(|k| Chips(amount.get() * k))
        .find(|c| *c >= min_bet)
}

/// The lesser-value ruling; the book's own example is a bet ("I bet five"),
/// so a house may quote it when the seat faces no bet.
pub(super) fn lesser_ruling(
    st: &HandState,
    rules: &HouseRules,
    n: u8,
    said: Chips,
    read: Chips,
) -> Ruling {
    let clause = if st.current_bet.is_zero() {
        "not-facing-bet"
    } else {
        "facing-bet"
    };
    rules.ruling_clause(
        RulingId::LesserAmount,
        clause,
        format!("Seat {n} declared \"{}\", which can mean more than one amount: it is ruled the lesser value, {read}.", said.get()),
    )
}
