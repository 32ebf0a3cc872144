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

use super::betting::{action_rulings, action_to, uncallable, uncallable_text};
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
/// 43, 45, 46, 50-C, 51.)
pub(super) fn interpret(
    st: &HandState,
    rules: &HouseRules,
    p: &Pending,
) -> Result<Binding, Refusal> {
    let seat = p.seat;
    let n = seat.number();
    let s = st.seat(seat);
    let to_call = st.to_call(seat);
    let mut rulings = Vec::new();
    let motions: Vec<&PushedChips> = p
        .steps
        .iter()
        .filter_map(|e| match e {
            Event::ChipsPushed { chips, .. } => Some(chips),
            _ => None,
        })
        .collect();
    let bind = |to: Chips, rulings: Vec<Ruling>| {
        let (action, full) = action_to(st, rules, seat, to);
        Binding {
            action,
            full,
            rulings,
        }
    };
    // UPT no-limit 8: a verbal statement wins over differing chips whatever
    // the order; elsewhere whichever came first defines the action (TDA 37-A).
    let first_words = p.steps.iter().find(|e| matches!(e, Event::Declared { .. }));
    let governing = match (rules.settings.verbal_vs_chips.value, first_words) {
        (VerbalVsChips::VerbalPrecedence, Some(words))
            if !matches!(p.steps[0], Event::Declared { .. }) =>
        {
            rulings.push(rules.ruling_clause(
                RulingId::VerbalBinding,
                "words-over-chips",
                format!("Seat {n}'s words and chips differ: the verbal statement takes precedence and the bet is corrected to it."),
            ));
            words
        }
        (_, Some(Event::Declared { declaration, .. }))
            if matches!(p.steps[0], Event::ChipsPushed { .. }) =>
        {
            // TDA 37-A: the chips came first; the words after them do not
            // change the bet.
            rulings.push(rules.ruling_clause(
                RulingId::VerbalBinding,
                "chips-first",
                format!("Seat {n} pushed chips and then said \"{declaration}\": whichever is first defines the bet, so the chips play and the words do not."),
            ));
            &p.steps[0]
        }
        _ => &p.steps[0],
    };
    match governing {
        Event::Tapped { .. } => {
            if !to_call.is_zero() {
                return Err(Refusal::TapFacingBet { seat: n, to_call });
            }
            Ok(bind(s.wager, rulings))
        }
        Event::Mucked { .. } => Ok(Binding {
            action: Action::fold(seat, s.wager),
            full: false,
            rulings,
        }),
        Event::ChipsPushed { chips, .. } => {
            if motions.len() > 1 {
                rulings.push(string_bet(
                    rules,
                    "second-motion",
                    seat,
                    chips.total(),
                    &motions[1..],
                    None,
                ));
            }
            silent_push(st, rules, seat, chips, rulings)
        }
        Event::Declared { declaration, .. } => {
            // Later words: "raise" then an amount completes the declaration
            // (TDA 37-B); anything else after a complete declaration is a
            // string raise and does not play (Ugly Tuna Betting 7).
            let later: Vec<Declaration> = p
                .steps
                .iter()
                .filter_map(|e| match e {
                    Event::Declared { declaration: d, .. } => Some(*d),
                    _ => None,
                })
                .skip(1)
                .collect();
            let mut declaration = declaration;
            let completed;
            if let (
                Declaration::Raise(None) | Declaration::Bet(None),
                Some(
                    Declaration::Amount(x)
                    | Declaration::Raise(Some(x))
                    | Declaration::Bet(Some(x)),
                ),
            ) = (declaration, later.first())
            {
                completed = match declaration {
                    Declaration::Bet(_) => Declaration::Bet(Some(*x)),
                    _ => Declaration::Raise(Some(*x)),
                };
                declaration = &completed;
            } else if let Some(next) = later.first() {
                rulings.push(rules.ruling_clause(
                    RulingId::StringBet,
                    "second-declaration",
                    format!("Seat {n} said \"{declaration}\" and then \"{next}\": only the first declaration binds; the rest is a string raise and does not play."),
                ));
            }
            // `clause`: the case of the verbal rule that decides, when the
            // rule has several (a general "call", "raise" then chips, ...).
            let said = |rulings: &mut Vec<Ruling>, clause: Option<&str>, what: String| {
                let text = format!("Seat {n} said \"{declaration}\" in turn: {what}.");
                rulings.push(match clause {
                    Some(clause) => rules.ruling_clause(RulingId::VerbalBinding, clause, text),
                    None => rules.ruling(RulingId::VerbalBinding, text),
                });
            };
            match *declaration {
                Declaration::Fold => {
                    said(&mut rulings, None, "the hand is folded".into());
                    Ok(Binding {
                        action: Action::fold(seat, s.wager),
                        full: false,
                        rulings,
                    })
                }
                Declaration::Check => {
                    if !to_call.is_zero() {
                        return Err(Refusal::CannotCheck { seat: n, to_call });
                    }
                    said(&mut rulings, None, "a check".into());
                    Ok(bind(s.wager, rulings))
                }
                Declaration::Call => {
                    let to = st.current_bet.max(s.wager);
                    let pushed: Chips = motions.iter().map(|m| m.total()).sum();
                    let back = (s.wager + pushed).saturating_sub(to.min(s.max_to()));
                    let extra = if back.is_zero() {
                        String::new()
                    } else {
                        format!("; {back} goes back")
                    };
                    said(
                        &mut rulings,
                        Some("call"),
                        format!("a call of {}{extra}", to.min(s.max_to())),
                    );
                    Ok(bind(to, rulings))
                }
                Declaration::AllIn => {
                    let to = s.max_to();
                    if to > st.current_bet && !st.raise_could_be_called(seat) {
                        let pushed: Chips = motions.iter().map(|m| m.total()).sum();
                        let what = format!("said \"{declaration}\" with {to} in all");
                        rulings.push(uncallable(st, rules, seat, &what, s.wager + pushed));
                        return Ok(bind(st.current_bet, rulings));
                    }
                    if to > st.current_bet && !st.can_raise(seat, rules) {
                        said(
                            &mut rulings,
                            None,
                            format!(
                                "the betting is not open to a raise, so it is a call of {}",
                                st.current_bet
                            ),
                        );
                        return Ok(bind(st.current_bet, rulings));
                    }
                    said(&mut rulings, None, format!("all in to {to}"));
                    let b = bind(to, Vec::new());
                    rulings.extend(action_rulings(st, rules, &b.action, b.full));
                    Ok(Binding { rulings, ..b })
                }
                Declaration::Bet(Some(amount)) | Declaration::Raise(Some(amount)) => {
                    declared_wager(st, rules, seat, amount, declaration, rulings)
                }
                Declaration::Bet(None) | Declaration::Raise(None) => {
                    if !st.raise_could_be_called(seat) {
                        let pushed: Chips = motions.iter().map(|m| m.total()).sum();
                        let what = if pushed.is_zero() {
                            format!("declared \"{declaration}\"")
                        } else {
                            format!("declared \"{declaration}\" and put out {pushed}")
                        };
                        rulings.push(uncallable(st, rules, seat, &what, s.wager + pushed));
                        return Ok(bind(st.current_bet, rulings));
                    }
                    if !st.can_raise(seat, rules) {
                        return Err(Refusal::RaiseNotAllowed(n));
                    }
                    let min = st.min_raise_to(rules);
                    let word = st.wager_word();
                    let Some(first) = motions.first() else {
                        said(
                            &mut rulings,
                            Some("raise"),
                            format!("it commits to a {word}: at least the minimum, to {min}"),
                        );
                        return Ok(bind(min, rulings));
                    };
                    if let Some(chip) = first.single_chip() {
                        rulings.push(rules.ruling_clause(
                            RulingId::OversizedChip,
                            "raise-declared",
                            format!("Seat {n} declared a {word} before a single {chip} chip: the {word} is the most the chip allows."),
                        ));
                    }
                    let first_to = s.wager + first.total();
                    // TDA 42 C: "raise", then the exact call amount, then one
                    // more motion completes the raise.
                    let (to, used) = if first_to == st.current_bet && motions.len() >= 2 {
                        (first_to + motions[1].total(), 2)
                    } else {
                        (first_to, 1)
                    };
                    if motions.len() > used {
                        rulings.push(string_bet(
                            rules,
                            "raise-then-motions",
                            seat,
                            to.saturating_sub(s.wager),
                            &motions[used..],
                            Some(declaration),
                        ));
                    }
                    if to < min {
                        rulings.push(rules.ruling_clause(
                            RulingId::MinRaise,
                            "chips-under-minimum",
                            format!("Seat {n} declared a {word} and put out chips to {to}, less than the minimum: it is a minimum {word} to {min}."),
                        ));
                        Ok(bind(min, rulings))
                    } else {
                        // "Raise", the exact call, one more motion: TDA 42 C.
                        // One motion after the word: the word and its chips.
                        let clause = if used == 2 {
                            "raise-then-chips"
                        } else {
                            "raise"
                        };
                        said(&mut rulings, Some(clause), format!("a {word} to {to}"));
                        Ok(bind(to, rulings))
                    }
                }
                Declaration::Pot => {
                    // TDA 50-C: "pot" binds a valid (minimum) bet or raise.
                    if !st.raise_could_be_called(seat) {
                        let what = format!("declared \"{declaration}\"");
                        rulings.push(uncallable(st, rules, seat, &what, Chips::ZERO));
                        return Ok(bind(st.current_bet, rulings));
                    }
                    if !st.can_raise(seat, rules) {
                        return Err(Refusal::RaiseNotAllowed(n));
                    }
                    let min = st.min_raise_to(rules);
                    let word = st.wager_word();
                    let clause = if st.current_bet.is_zero() {
                        "not-facing-bet"
                    } else {
                        "facing-bet"
                    };
                    rulings.push(rules.ruling_clause(
                        RulingId::PotBetNoLimit,
                        clause,
                        format!("\"Pot\" is not a no-limit bet, but it binds seat {n} to a valid {word}: at least to {min}."),
                    ));
                    Ok(bind(min, rulings))
                }
                Declaration::Conditional => {
                    Err(Refusal::NothingTo("bind in a conditional statement"))
                }
                Declaration::Amount(said_amount) => {
                    let amount = match lesser_amount(st, said_amount) {
                        Some(read) => {
                            rulings.push(lesser_ruling(st, rules, n, said_amount, read));
                            read
                        }
                        None => said_amount,
                    };
                    // TDA 37-C: an amount alone is the same as pushing it silently.
                    if !motions.is_empty() {
                        rulings.push(string_bet(
                            rules,
                            "second-motion",
                            seat,
                            amount,
                            &motions,
                            Some(&Declaration::Amount(amount)),
                        ));
                    }
                    silent_push(st, rules, seat, &PushedChips::Amount(amount), rulings)
                }
            }
        }
        _ => unreachable!("only physical steps are pending"),
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

/// A declared bet or raise with an amount (a street total, TDA 43-B).
pub(super) fn declared_wager(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    amount: Chips,
    declaration: &Declaration,
    mut rulings: Vec<Ruling>,
) -> Result<Binding, Refusal> {
    let n = seat.number();
    let s = st.seat(seat);
    if !st.raise_could_be_called(seat) {
        // TDA 39-A: the declaration commits to the full current action, the call.
        let what = format!("declared \"{declaration}\"");
        // Words only: no chips went out, so none go back.
        rulings.push(uncallable(st, rules, seat, &what, Chips::ZERO));
        let (action, full) = action_to(st, rules, seat, st.current_bet);
        return Ok(Binding {
            action,
            full,
            rulings,
        });
    }
    if !st.can_raise(seat, rules) {
        return Err(Refusal::RaiseNotAllowed(n));
    }
    let amount = match lesser_amount(st, amount) {
        Some(read) => {
            rulings.push(lesser_ruling(st, rules, n, amount, read));
            read
        }
        None => amount,
    };
    let min = st.min_raise_to(rules);
    if amount >= s.max_to() {
        rulings.push(rules.ruling_clause(
            RulingId::VerbalBinding,
            "beyond-stack",
            format!(
                "Seat {n} declared \"{declaration}\" with {} in all: all in to {}.",
                s.max_to(),
                s.max_to()
            ),
        ));
        let (action, full) = action_to(st, rules, seat, s.max_to());
        return Ok(Binding {
            action,
            full,
            rulings,
        });
    }
    let word = st.wager_word();
    let to = if amount < min {
        rulings.push(rules.ruling_clause(
            RulingId::MinRaise,
            "declared-under-minimum",
            format!("Seat {n} declared \"{declaration}\", less than the minimum: it is a minimum {word} to {min}."),
        ));
        min
    } else {
        let text = format!("Seat {n} declared \"{declaration}\" in turn: a {word} to {amount}.");
        rulings.push(match declaration {
            // TDA 43-B: "raise" and an amount is the street total.
            Declaration::Raise(_) => {
                rules.ruling_clause(RulingId::VerbalBinding, "raise-amount", text)
            }
            _ => rules.ruling(RulingId::VerbalBinding, text),
        });
        amount
    };
    let (action, full) = action_to(st, rules, seat, to);
    Ok(Binding {
        action,
        full,
        rulings,
    })
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

/// Chips put out without a declaration (TDA 43, 45, 46, 39-B).
pub(super) fn silent_push(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    chips: &PushedChips,
    mut rulings: Vec<Ruling>,
) -> Result<Binding, Refusal> {
    let n = seat.number();
    let s = st.seat(seat);
    let amount = chips.total();
    let to = s.wager + amount;
    let to_call = st.to_call(seat);
    let cb = st.current_bet;
    let bind = |to: Chips, rulings: Vec<Ruling>| {
        let (action, full) = action_to(st, rules, seat, to);
        let mut rulings = rulings;
        rulings.extend(action_rulings(st, rules, &action, full));
        Binding {
            action,
            full,
            rulings,
        }
    };
    // Every ruling here names the case it decides, so the house can quote
    // the clause for it (`rules::CLAUSES`).
    let mut ruling = |id: RulingId, clause: &str, text: String| {
        rulings.push(rules.ruling_clause(id, clause, text));
    };
    if let Some(chip) = chips.single_chip()
        && rules.settings.oversized_chip.value == OversizedChip::CallPreflop
        && st.street == Street::Preflop
        && to_call.is_zero()
        && !cb.is_zero()
    {
        // Redtooth 11a: before the flop an oversized chip is a call.
        ruling(
            RulingId::OversizedChip,
            "before-flop",
            format!(
                "Seat {n}'s single {chip} chip before the flop is a call: with nothing to call it is a check, and the chip goes back."
            ),
        );
        return Ok(bind(cb, rulings));
    }
    if let Some(chip) = chips.single_chip()
        && to_call.is_zero()
        && !cb.is_zero()
    {
        ruling(
            RulingId::OversizedChip,
            "not-facing-bet",
            format!(
                "Seat {n} put out a single {chip} chip with nothing to call: it is a raise of the most the chip allows, to {to}."
            ),
        );
    }
    if cb.is_zero() {
        // Not facing a bet: chips out are a bet (TDA 45: a single chip bets its value).
        let min = st.min_raise_to(rules);
        if to < min && to < s.max_to() {
            ruling(
                RulingId::MinRaise,
                "bet-under-minimum",
                format!(
                    "Seat {n}'s bet of {to} is less than the minimum bet: it is brought up to {min}."
                ),
            );
            return Ok(bind(min, rulings));
        }
        if let Some(chip) = chips.single_chip() {
            ruling(
                RulingId::OversizedChip,
                "not-facing-bet",
                format!(
                    "Seat {n} put out a single {chip} chip without facing a bet: a bet of {chip}."
                ),
            );
        }
        return Ok(bind(to, rulings));
    }
    if !to_call.is_zero() && amount > to_call {
        if let Some(chip) = chips.single_chip() {
            let clause = if st.street == Street::Preflop {
                "before-flop"
            } else {
                "facing-bet"
            };
            ruling(
                RulingId::OversizedChip,
                clause,
                format!(
                    "Seat {n}'s single {chip} chip facing {} without \"raise\" declared first is a call of {cb}; {} goes back.",
                    to_call,
                    amount - to_call
                ),
            );
            return Ok(bind(cb, rulings));
        }
        let one_denomination = matches!(chips, PushedChips::Denominations(d) if d.len() == 1);
        let rule_applies = rules.settings.multiple_chips.value
            == MultipleChips::CallIfEveryChipNeeded
            || one_denomination;
        if let Some(smallest) = chips.smallest_of_several()
            && rule_applies
            && amount - smallest < to_call
        {
            ruling(
                RulingId::MultipleChip,
                "every-chip-needed",
                format!(
                    "Seat {n} put out {amount} in several chips facing {to_call}; every chip is needed to call, so it is a call of {cb}; {} goes back.",
                    amount - to_call
                ),
            );
            return Ok(bind(cb, rulings));
        }
        if chips.smallest_of_several().is_some() {
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
            ruling(
                RulingId::MultipleChip,
                clause,
                format!("Seat {n} put out {amount} in several chips facing {to_call}: {why}."),
            );
        }
    }
    if to < cb {
        if to == s.max_to() {
            return Ok(bind(to, rulings));
        }
        let heads_up = st.live_count() == 2;
        let always = rules.settings.undercall.value == Undercall::AlwaysFullCall;
        if always {
            // The house's one rule decides every case (Ugly Tuna Betting 13, UPT Betting 11).
            rulings.push(rules.ruling(
                RulingId::Undercall,
                format!(
                    "Seat {n} put out {amount} of the {to_call} to call: a call of an improperly low amount is brought up to a full call of {cb}."
                ),
            ));
        } else if heads_up || st.opening_bet {
            let (clause, why) = if heads_up {
                ("heads-up", "heads-up")
            } else {
                ("opening-bet", "facing the opening bet")
            };
            ruling(
                RulingId::Undercall,
                clause,
                format!(
                    "Seat {n} put out {amount} of the {to_call} to call, {why}: an undercall is a full call of {cb}."
                ),
            );
        } else {
            // TDA 39-B: "at TDs discretion, he may forfeit the underbet and fold".
            let undercall = rules
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
            rulings.push(undercall);
        }
        return Ok(bind(cb, rulings));
    }
    if to > cb && !st.can_raise(seat, rules) {
        // No raise is possible: the chips beyond the call go back.
        if !st.raise_could_be_called(seat) {
            let what = format!("put out {amount} facing {cb}");
            ruling(
                RulingId::UncalledBet,
                "no-one-to-call",
                uncallable_text(st, seat, &what, to),
            );
        } else {
            ruling(
                RulingId::ShortAllIn,
                "does-not-reopen",
                format!(
                    "The betting is not open to seat {n} again: its {amount} is a call of {cb}; {} goes back.",
                    to - cb
                ),
            );
        }
        return Ok(bind(cb, rulings));
    }
    if to == cb || to == s.max_to() {
        return Ok(bind(to, rulings));
    }
    let min = st.min_raise_to(rules);
    if to >= min {
        return Ok(bind(to, rulings));
    }
    // TDA 43-A: 50% or more of a raise must become a full raise; less is a call.
    let raised = to - cb;
    let needed = min - cb;
    if raised.get() * 2 >= needed.get() {
        ruling(
            RulingId::FiftyPercent,
            "at-least-half",
            format!(
                "Seat {n}'s {to} facing {cb} raises {raised}, at least half of the {needed} minimum raise: it must be a full raise to {min}."
            ),
        );
        Ok(bind(min, rulings))
    } else {
        ruling(
            RulingId::FiftyPercent,
            "under-half",
            format!(
                "Seat {n}'s {to} facing {cb} is less than half a minimum raise: a call of {cb}; {} goes back.",
                to - cb
            ),
        );
        Ok(bind(cb, rulings))
    }
}
