//! The floor's procedures: misdeals and substantial action, exposed and
//! boxed cards, four-card flops and premature cards, the clock and dead
//! hands, conditional statements.
//!
//! Ruling ids: `misdeal`, `substantial-action` (for a misdeal),
//! `exposed-card`, `four-card-flop`, `premature-card`, `clock`,
//! `dead-hand`, `conditional-statement`; and for the floor's own decisions
//! (`decide_floor`): `floor-decision` (TDA 1, the TD sets a technical rule
//! aside, with a reason), `penalty` (TDA 66), `undercall` (TDA 39-B, an
//! underbet forfeited).
//!
//! Rules cited: TDA 1 (floor decisions), 27 (the clock), 34 (misdeals), 35 (substantial action),
//! 36 (four-card flops, premature cards), 54 (conditional statements); Nuts
//! 36-41; Ugly Tuna Misdeals; UPT Misdeals and Hold'em irregularities;
//! Redtooth 36.

use super::command::{FloorDecision, Irregularity, Penalty, Refusal};
use super::event::{Action, ActionKind, Event, Post, Street};
use super::outcome::{Outcome, ruling};
use super::seat::Seat;
use super::state::HandState;
use crate::rules::{DealtCardError, FloorOption, HouseRules, MisdealUntil, RulingId, Undercall};

/// Whether a misdeal can still be declared under the house rule.
pub(super) fn misdeal_allowed(st: &HandState, rules: &HouseRules) -> Result<(), String> {
    if st.street != Street::Preflop || !st.board.is_empty() {
        return Err("the hand is past the deal".into());
    }
    let actions = &st.actions;
    let with_chips = actions
        .iter()
        .filter(|a| {
            matches!(
                a.kind,
                ActionKind::Call | ActionKind::Bet | ActionKind::Raise
            )
        })
        .count();
    let n = actions.len();
    let setting = rules.settings.misdeal_until.value;
    let too_late = match setting {
        MisdealUntil::SubstantialAction => (n >= 2 && with_chips >= 1) || n >= 3,
        MisdealUntil::TwoWithChipsOrThree => with_chips >= 2 || n >= 3,
        MisdealUntil::FirstAction => n >= 1,
        MisdealUntil::TwoActions => n >= 2,
    };
    if too_late {
        let why = match setting {
            MisdealUntil::SubstantialAction => format!(
                "substantial action has occurred ({n} actions in turn, {with_chips} putting chips in)"
            ),
            MisdealUntil::TwoWithChipsOrThree => format!(
                "substantial action has occurred ({n} actions, {with_chips} putting chips in)"
            ),
            MisdealUntil::FirstAction => format!("a player has acted ({n} action(s))"),
            MisdealUntil::TwoActions => {
                format!("two players after the blinds have acted ({n} actions)")
            }
        };
        return Err(why);
    }
    Ok(())
}

/// A declared misdeal: it quotes the house's words on the re-deal (TDA
/// 34-C: "the re-deal is an exact re-play"), not those on when a misdeal
/// may be declared.
fn re_deal(rules: &HouseRules, text: String) -> Event {
    Event::RulingSuggested {
        ruling: rules.ruling_clause(RulingId::Misdeal, "re-deal", text),
    }
}

pub(super) fn misdeal_events(st: &HandState, rules: &HouseRules, cause: &str) -> Vec<Event> {
    match misdeal_allowed(st, rules) {
        Ok(()) => vec![
            Event::MisdealDeclared,
            re_deal(
                rules,
                format!(
                    "Misdeal ({cause}): every chip goes back and the hand is re-dealt as an exact replay; the button does not move."
                ),
            ),
        ],
        Err(why) => vec![
            Event::RulingSuggested {
                ruling: rules
                    .ruling(
                        RulingId::Misdeal,
                        format!(
                            "No misdeal ({cause}): {why}, so the hand must proceed. (The floor may still declare one, with its reason: floor misdeal: <reason>.)"
                        ),
                    )
                    .with_options(vec![FloorOption::after(
                        "The floor declares a misdeal all the same, in the interest of fairness: every chip goes back.".into(),
                        "floor misdeal: the interest of fairness".into(),
                    )]),
            },
            ruling(
                rules,
                RulingId::SubstantialAction,
                format!("Once {why}, a misdeal can no longer be declared."),
            ),
        ],
    }
}

/// The floor's ruling on an irregularity the dealer reports.
pub(super) fn floor(
    st: &HandState,
    rules: &HouseRules,
    irregularity: Irregularity,
) -> Result<Vec<Event>, Refusal> {
    let s = &rules.settings;
    Ok(match irregularity {
        Irregularity::Misdeal => misdeal_events(st, rules, "called by the dealer"),
        Irregularity::ExposedCard | Irregularity::BoxedCard => {
            let (setting, what) = match irregularity {
                Irregularity::ExposedCard => (s.exposed_card.value, "a card exposed by the dealer"),
                _ => (s.boxed_card.value, "a boxed card"),
            };
            let in_deal = st.street == Street::Preflop && misdeal_allowed(st, rules).is_ok();
            let mut events = vec![];
            if setting == DealtCardError::MisdealOne && in_deal {
                events.extend(misdeal_events(st, rules, what));
                events.push(ruling(
                    rules,
                    RulingId::ExposedCard,
                    format!("Under this house, {what} in the initial deal is a misdeal."),
                ));
            } else {
                let steps = match irregularity {
                    Irregularity::ExposedCard => {
                        "1. The exposed card cannot be kept. 2. The deal is completed. 3. The exposed card is replaced with the next card and used as the burn card. (Two or more exposed cards in the deal, or one of the first two cards, is a misdeal.)"
                    }
                    _ => {
                        "1. The boxed card is treated as a scrap of paper. 2. It is replaced by the next card. 3. The deal goes on. (Two or more boxed cards in the deal is a misdeal.)"
                    }
                };
                events.push(ruling(
                    rules,
                    RulingId::ExposedCard,
                    format!("{} reported: {steps}", capitalize(what)),
                ));
            }
            events
        }
        Irregularity::FourCardFlop => vec![four_card_flop(rules)],
        Irregularity::PrematureCard => vec![premature(
            st,
            rules,
            st.street.next_board().unwrap_or(Street::River),
        )],
        Irregularity::Clock => {
            let clock = s.clock.value;
            let who = st.to_act.map_or("the player to act".to_string(), |t| {
                format!("seat {}", t.number())
            });
            vec![ruling(
                rules,
                RulingId::Clock,
                format!(
                    "The clock is on {who}: 1. {} seconds to act. 2. Then a {}-second countdown. 3. If {who} has not acted by the end of the count, the hand is dead.",
                    clock.seconds, clock.countdown
                ),
            )]
        }
        Irregularity::DeadHand => {
            let seat = st.to_act.ok_or(Refusal::NoOneToAct)?;
            let s = st.seat(seat);
            vec![
                Event::ActionBound {
                    action: Action::fold(seat, s.wager),
                    full: false,
                },
                ruling(
                    rules,
                    RulingId::DeadHand,
                    format!(
                        "Seat {} did not act before the clock ran out: its hand is dead and its chips stay in the pot.",
                        seat.number()
                    ),
                ),
            ]
        }
        Irregularity::ConditionalStatement => vec![conditional(rules, st.to_act)],
    })
}

/// A conditional statement: binds nothing; the TD may rule it binding.
pub(super) fn conditional(rules: &HouseRules, seat: Option<Seat>) -> Event {
    let who = seat.map_or("A player".to_string(), |s| format!("Seat {}", s.number()));
    let text = format!(
        "{who} made a conditional statement about future action: it is non-standard and binds nothing by itself; the TD may rule it binding (the floor keys the action it binds) or penalize it."
    );
    let options = seat
        .map(|s| {
            vec![FloorOption::after(
                format!(
                    "Seat {} is given a warning for the statement; no chips move.",
                    s.number()
                ),
                format!("floor penalty s{} warning", s.number()),
            )]
        })
        .unwrap_or_default();
    Event::RulingSuggested {
        ruling: rules
            .ruling(RulingId::ConditionalStatement, text)
            .with_options(options),
    }
}

/// The four-card flop procedure (TDA 36, Nuts 39; UPT hold'em 3 redeals).
pub(super) fn four_card_flop(rules: &HouseRules) -> Event {
    ruling(
        rules,
        RulingId::FourCardFlop,
        "Four cards on the flop: 1. The floor is called. 2. The dealer scrambles the four cards face down. 3. The floor picks one at random as the next burn card. 4. The other three are the flop. The four cards are not dealt as entered.".into(),
    )
}

/// Board cards dealt before the betting was complete do not play.
pub(super) fn premature(st: &HandState, rules: &HouseRules, street: Street) -> Event {
    let who = st.to_act.map_or(String::new(), |t| {
        format!(" while seat {} was still to act", t.number())
    });
    let steps = match street {
        Street::Flop => {
            "1. The flop does not play, even if the players still to act fold. 2. The betting is completed. 3. The flop cards are shuffled back into the stub (the burn card stays), and a new flop is dealt without a burn."
        }
        Street::Turn => {
            "1. The card is set aside and does not play. 2. The betting is completed. 3. The set-aside card is shuffled back into the stub and the turn is dealt without a burn, so the river comes as it would have."
        }
        _ => {
            "1. The card does not play. 2. The betting is completed. 3. The card is shuffled back into the stub and a new card is dealt without a burn."
        }
    };
    ruling(
        rules,
        RulingId::PrematureCard,
        format!("The {street} was dealt before the betting was complete{who}: {steps}"),
    )
}

pub(super) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// The TD's reason, as it reads after a ruling sentence.
fn because(reason: Option<&str>) -> String {
    match reason.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) => format!(" The TD's reason: {r}."),
        None => String::new(),
    }
}

/// The floor's own ruling on a seat or the hand (`floor dead-hand s3`,
/// `floor forfeit s3 300`, `floor misdeal: reason` ...): applied at once and
/// journaled with the TD's reason. The floor can always rule (TDA 1); each
/// decision is checked against the hand so that the chips stay right.
pub(super) fn decide_floor(
    out: &mut Outcome<'_>,
    rules: &HouseRules,
    decision: FloorDecision,
    reason: Option<&str>,
) -> Result<(), Refusal> {
    let why = because(reason);
    let live = |st: &HandState, seat: Seat| -> Result<(), Refusal> {
        let s = st.seat(seat);
        if !s.occupied {
            return Err(Refusal::SeatEmpty(seat.number()));
        }
        if !s.live() {
            return Err(Refusal::Folded(seat.number()));
        }
        Ok(())
    };
    match decision {
        FloorDecision::DeadHand(seat) => {
            live(out.state, seat)?;
            if !out.state.street.is_betting() && out.state.street != Street::Showdown {
                return Err(Refusal::HandOver);
            }
            out.emit(Event::HandKilled { seat });
            out.emit(ruling(
                rules,
                RulingId::DeadHand,
                format!(
                    "The floor rules seat {}'s hand dead: its chips stay in the pot.{why}",
                    seat.number()
                ),
            ));
        }
        FloorDecision::AllOptions(seat) => {
            live(out.state, seat)?;
            if !out.state.raise_barred[seat.index()] {
                return Err(Refusal::FloorCannot(format!(
                    "seat {} already has every option.",
                    seat.number()
                )));
            }
            out.emit(Event::RaiseAllowed { seat });
            out.emit(ruling(
                rules,
                RulingId::SubstantialAction,
                format!(
                    "The floor gives seat {} every option, betting and raising included.{why}",
                    seat.number()
                ),
            ));
        }
        FloorDecision::Forfeit { seat, amount } => {
            let st = &out.state;
            live(st, seat)?;
            let n = seat.number();
            if st.to_act != Some(seat) {
                return Err(Refusal::NotYourTurn {
                    seat: n,
                    to_act: st.to_act.map_or(0, |t| t.number()),
                });
            }
            let to_call = st.to_call(seat);
            if amount.is_zero() || amount >= to_call {
                return Err(Refusal::FloorCannot(format!(
                    "an underbet is more than nothing and less than the {to_call} to call; {amount} is not."
                )));
            }
            // TDA 39-B leaves the TD the choice only multi-way facing a
            // raise; elsewhere (and under a house whose undercall is always
            // a full call) the forfeit sets the technical rule aside (TDA 1).
            let discretion = rules.settings.undercall.value
                == Undercall::FullCallHeadsUpOrOpeningBet
                && st.live_count() > 2
                && !st.opening_bet;
            out.emit(Event::Posted {
                seat,
                post: Post::Committed,
                amount,
            });
            let wager = out.state.seat(seat).wager;
            out.bind(Action::fold(seat, wager), false, Vec::new());
            let text = format!(
                "The TD lets seat {n} forfeit its underbet of {amount} and fold: the {amount} stays in the pot.{why}"
            );
            if discretion {
                out.emit(Event::RulingSuggested {
                    ruling: rules.ruling_clause(RulingId::Undercall, "td-discretion", text),
                });
            } else {
                out.emit(ruling(rules, RulingId::Undercall, text));
                out.emit(ruling(
                    rules,
                    RulingId::FloorDecision,
                    format!(
                        "The house rule makes seat {n}'s underbet a full call here; the floor lets it forfeit the {amount} all the same: the interest of fairness takes priority over the technical rule."
                    ),
                ));
            }
        }
        FloorDecision::Binding(seat) => super::out_of_turn::rule_binding(out, rules, seat)?,
        FloorDecision::Misdeal => match misdeal_allowed(out.state, rules) {
            Ok(()) => {
                for e in misdeal_events(out.state, rules, "called by the floor") {
                    out.emit(e);
                }
                if !why.is_empty() {
                    out.emit(ruling(
                        rules,
                        RulingId::FloorDecision,
                        format!("The floor declares a misdeal.{why}"),
                    ));
                }
            }
            Err(too_late) => {
                if why.is_empty() {
                    return Err(Refusal::FloorCannot(format!(
                        "{too_late}, so the house rule allows no misdeal; to declare one all the same, give the TD's reason after a colon (floor misdeal: <reason>)."
                    )));
                }
                if !out.state.starting_pot.is_zero() {
                    return Err(Refusal::FloorCannot(format!(
                        "this hand began with {} already in the middle from streets it does not record, so a misdeal cannot give every chip back; rule the hands instead (floor dead-hand sN).",
                        out.state.starting_pot
                    )));
                }
                out.emit(Event::MisdealDeclared);
                out.emit(re_deal(
                    rules,
                    "Misdeal declared by the floor: every chip goes back and the hand is re-dealt as an exact replay; the button does not move.".into(),
                ));
                out.emit(ruling(
                    rules,
                    RulingId::FloorDecision,
                    format!(
                        "The floor declares a misdeal although {too_late}: the interest of fairness takes priority over the technical rule.{why}"
                    ),
                ));
            }
        },
        FloorDecision::Penalty { seat, penalty } => {
            if !out.state.seat(seat).occupied {
                return Err(Refusal::SeatEmpty(seat.number()));
            }
            let what = match penalty {
                Penalty::Warning => "a verbal warning".to_string(),
                Penalty::Hands(1) => "a penalty of one missed hand".to_string(),
                Penalty::Hands(k) => format!("a penalty of {k} missed hands"),
                Penalty::Rounds(1) => "a penalty of one missed round".to_string(),
                Penalty::Rounds(k) => format!("a penalty of {k} missed rounds"),
                Penalty::Disqualified => "disqualification".to_string(),
            };
            let when = if penalty == Penalty::Warning {
                String::new()
            } else {
                " It begins at the end of the hand.".to_string()
            };
            let text = format!("The floor gives seat {} {what}.{when}{why}", seat.number());
            // A disqualification quotes the rule that removes his chips
            // (TDA 66-D), where the house has it.
            out.emit(match penalty {
                Penalty::Disqualified => Event::RulingSuggested {
                    ruling: rules.ruling_clause(RulingId::Penalty, "disqualified", text),
                },
                _ => ruling(rules, RulingId::Penalty, text),
            });
            out.emit(Event::PenaltyGiven { seat, penalty });
        }
    }
    Ok(())
}
