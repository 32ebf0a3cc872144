//! Irregularities, house by house: action out of turn, misdeals and
//! substantial action, exposed and boxed cards, premature and four-card
//! flops, the clock and dead hands, conditional statements.
//!
//! Each function reads the house's setting and returns the events it rules;
//! `decide` calls them and applies the events to its scratch state.

use super::command::{Intent, Irregularity, Refusal};
use super::event::{Action, ActionKind, Event, Street};
use super::seat::Seat;
use super::state::{HandState, OutOfTurnAction};
use crate::rules::{DealtCardError, HouseRules, MisdealUntil, OutOfTurn, RulingId};

fn ruling(rules: &HouseRules, id: RulingId, text: String) -> Event {
    Event::RulingSuggested {
        ruling: rules.ruling(id, text),
    }
}

/// Whether `seat` acting now would be out of turn: someone else is to act
/// and this seat is still in the hand with chips.
pub fn is_out_of_turn(st: &HandState, seat: Seat) -> bool {
    let s = st.seat(seat);
    let done_for_now = s.acted && s.wager >= st.current_bet;
    st.to_act.is_some_and(|t| t != seat) && s.can_act() && !done_for_now
}

fn puts_chips_in(intent: Intent) -> bool {
    !matches!(intent, Intent::Fold | Intent::Check)
}

/// The events for `seat` acting out of turn with `intent` (TDA 40; Nuts 42;
/// Ugly Tuna Betting 10-11; UPT "Out Of Turn Bet" and rule 10; Redtooth 4).
pub fn out_of_turn(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    intent: Intent,
) -> Result<Vec<Event>, Refusal> {
    if st.out_of_turn.iter().any(|o| o.seat == seat) {
        return Err(Refusal::AlreadyActedOutOfTurn(seat.number()));
    }
    let Some(rightful) = st.to_act else {
        return Err(Refusal::NoOneToAct);
    };
    let n = seat.number();
    let r = rightful.number();
    let what = intent.to_string();
    let mode = rules.settings.out_of_turn.value;
    let is_wager = matches!(intent, Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn)
        && !(intent == Intent::AllIn && st.seat(seat).max_to() <= st.current_bet);
    let mut events = Vec::new();
    if mode == OutOfTurn::PostMinimumAndReturn && is_wager {
        // UPT: the out-of-turn bettor posts the minimum bet or minimum raise
        // and the action goes back to the player who was skipped.
        let s = st.seat(seat);
        let to = st.min_raise_to(rules).min(s.max_to());
        let kind = if st.current_bet.is_zero() {
            ActionKind::Bet
        } else {
            ActionKind::Raise
        };
        let action = Action {
            seat,
            kind,
            to,
            all_in: to == s.max_to(),
        };
        let minimum = if kind == ActionKind::Bet {
            "the minimum bet"
        } else {
            "the minimum raise"
        };
        events.push(Event::ActionBound {
            action,
            full: to >= st.min_raise_to(rules),
        });
        events.push(Event::TurnReturned { seat: rightful });
        events.push(ruling(
            rules,
            RulingId::OutOfTurn,
            format!(
                "Seat {n} bet out of turn: it posts {minimum}, {action_to}, and the action goes back to seat {r}. If seat {r} calls or folds, seat {n} may only check; if seat {r} raises, seat {n} may call, fold or re-raise.",
                action_to = format_args!("to {to}")
            ),
        ));
        return Ok(events);
    }
    let procedure = match mode {
        OutOfTurn::BindingUnlessActionChanges | OutOfTurn::PostMinimumAndReturn => {
            if intent == Intent::Fold {
                format!(
                    "Seat {n} folded out of turn: an out-of-turn fold is binding; it takes effect when the turn reaches seat {n}."
                )
            } else {
                format!(
                    "Seat {n}'s {what} out of turn binds if the action to seat {n} does not change (a check, call or fold by seat {r} does not change it); if it changes, the chips go back and seat {n} has every option."
                )
            }
        }
        OutOfTurn::CommittedCallOrFold => match intent {
            Intent::Call(_) | Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn => format!(
                "Seat {n} is committed to its {what} out of turn. If seat {r} raises, seat {n} may only call the raise or fold, losing the chips of its {what}."
            ),
            _ => format!("Seat {n}'s {what} out of turn binds unless the action to it changes."),
        },
        OutOfTurn::CheckMustCall => match intent {
            Intent::Check => format!(
                "Seat {n} checked out of turn: if a bet is made in turn, seat {n} must call it and cannot raise or fold."
            ),
            Intent::Bet(_) | Intent::Raise(_) => format!(
                "Seat {n} bet out of turn: if seat {r} checks, seat {n} must also check; if there is a bet, call or raise first, it is not binding."
            ),
            _ => format!(
                "Seat {n}'s {what} out of turn may be ruled binding if no one between bets, calls or raises."
            ),
        },
        OutOfTurn::NotBinding => format!(
            "Seat {n}'s {what} out of turn is not binding: seat {r} acts, and seat {n} acts freely when its turn comes."
        ),
    };
    events.push(Event::ActedOutOfTurn {
        seat,
        intent,
        faced: st.current_bet,
    });
    events.push(ruling(rules, RulingId::OutOfTurn, procedure));
    // TDA 40-B: substantial action out of turn binds the out-of-turn actions.
    let oot: Vec<Intent> = st
        .out_of_turn
        .iter()
        .map(|o| o.intent)
        .chain([intent])
        .collect();
    let substantial = (oot.len() >= 2 && oot.iter().any(|i| puts_chips_in(*i))) || oot.len() >= 3;
    if substantial
        && mode != OutOfTurn::NotBinding
        && !st
            .rulings
            .iter()
            .any(|x| x.id == RulingId::SubstantialAction)
    {
        events.push(ruling(
            rules,
            RulingId::SubstantialAction,
            format!(
                "Substantial action has occurred out of turn to the left of seat {r}: the out-of-turn actions are binding, and the floor decides how to treat seat {r}'s hand."
            ),
        ));
    }
    Ok(events)
}

/// What happens when the turn reaches a seat that acted out of turn: the
/// action it now binds (if any) and the events around it.
pub enum TurnReached {
    /// Bind this clear action now.
    Bind(Intent, Vec<Event>),
    /// No action binds now; these events carry the house's ruling (a void
    /// action, or chips kept in while the seat still acts).
    Rule(Vec<Event>),
}

/// The house's ruling when the turn reaches `oot.seat`.
pub fn turn_reached(st: &HandState, rules: &HouseRules, oot: &OutOfTurnAction) -> TurnReached {
    let n = oot.seat.number();
    let changed = st.current_bet > oot.faced;
    let what = oot.intent.to_string();
    let void = |why: String, barred: bool| {
        let mut events = vec![
            Event::OutOfTurnVoided { seat: oot.seat },
            ruling(rules, RulingId::OutOfTurn, why),
        ];
        if barred {
            events.push(Event::RaiseBarred { seat: oot.seat });
        }
        TurnReached::Rule(events)
    };
    let bind = |intent: Intent, why: String| {
        TurnReached::Bind(intent, vec![ruling(rules, RulingId::OutOfTurn, why)])
    };
    match rules.settings.out_of_turn.value {
        OutOfTurn::NotBinding => void(
            format!(
                "The turn reaches seat {n}: its {what} out of turn was not binding; it acts freely."
            ),
            false,
        ),
        _ if oot.intent == Intent::Fold
            && rules.settings.out_of_turn.value != OutOfTurn::NotBinding =>
        {
            bind(Intent::Fold, format!("Seat {n}'s fold out of turn binds."))
        }
        OutOfTurn::CheckMustCall => match oot.intent {
            Intent::Check if changed => bind(
                Intent::Call(None),
                format!("Seat {n} checked out of turn and a bet was made in turn: it must call."),
            ),
            Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn
                if !changed && oot.faced.is_zero() =>
            {
                bind(
                    Intent::Check,
                    format!(
                        "Seat {n} bet out of turn and the skipped player checked: seat {n} must also check."
                    ),
                )
            }
            _ if changed => void(
                format!(
                    "The action to seat {n} changed: its {what} out of turn is not binding and it has every option."
                ),
                false,
            ),
            intent => bind(
                intent,
                format!("The action to seat {n} did not change: its {what} out of turn binds."),
            ),
        },
        OutOfTurn::CommittedCallOrFold if changed && puts_chips_in(oot.intent) => {
            // Nuts 42: the committed chips go in; then only call or fold.
            let s = st.seat(oot.seat);
            let to = match oot.intent {
                Intent::Bet(to) | Intent::Raise(to) => to,
                Intent::AllIn => s.max_to(),
                _ => oot.faced,
            };
            if to > st.current_bet {
                // Its raise still tops the new bet: it stands as declared.
                return bind(
                    oot.intent,
                    format!(
                        "Seat {n} is committed to its {what} out of turn, which still tops the bet of {}.",
                        st.current_bet
                    ),
                );
            }
            let amount = to.min(s.max_to()).saturating_sub(s.wager);
            TurnReached::Rule(vec![
                Event::Posted {
                    seat: oot.seat,
                    post: crate::table::event::Post::Committed,
                    amount,
                },
                Event::OutOfTurnVoided { seat: oot.seat },
                Event::RaiseBarred { seat: oot.seat },
                ruling(
                    rules,
                    RulingId::OutOfTurn,
                    format!(
                        "The action to seat {n} changed: the {amount} of its {what} out of turn stays in the pot, and it may now only call the raise or fold (losing those chips)."
                    ),
                ),
            ])
        }
        OutOfTurn::PostMinimumAndReturn if changed => {
            let barred = matches!(oot.intent, Intent::Check | Intent::Call(_));
            let limit = if oot.intent == Intent::Check {
                "may not bet or raise"
            } else {
                "may not raise"
            };
            let why = if barred {
                format!(
                    "The action to seat {n} changed: its {what} out of turn does not bind, and it {limit} now."
                )
            } else {
                format!("The action to seat {n} changed: its {what} out of turn does not bind.")
            };
            void(why, barred)
        }
        _ if changed => void(
            format!(
                "The action to seat {n} changed: its {what} out of turn is not binding; any chips go back and it has every option."
            ),
            false,
        ),
        _ => bind(
            oot.intent,
            format!("The action to seat {n} did not change: its {what} out of turn binds."),
        ),
    }
}

/// Whether a misdeal can still be declared under the house rule.
pub fn misdeal_allowed(st: &HandState, rules: &HouseRules) -> Result<(), String> {
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

fn misdeal_events(st: &HandState, rules: &HouseRules, cause: &str) -> Vec<Event> {
    match misdeal_allowed(st, rules) {
        Ok(()) => vec![
            Event::MisdealDeclared,
            ruling(
                rules,
                RulingId::Misdeal,
                format!(
                    "Misdeal ({cause}): every chip goes back and the hand is re-dealt as an exact replay; the button does not move."
                ),
            ),
        ],
        Err(why) => vec![
            ruling(
                rules,
                RulingId::Misdeal,
                format!("No misdeal ({cause}): {why}, so the hand must proceed."),
            ),
            ruling(
                rules,
                RulingId::SubstantialAction,
                format!("Once {why}, a misdeal can no longer be declared."),
            ),
        ],
    }
}

/// The floor's ruling on an irregularity the dealer reports.
pub fn floor(
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
pub fn conditional(rules: &HouseRules, seat: Option<Seat>) -> Event {
    let who = seat.map_or("A player".to_string(), |s| format!("Seat {}", s.number()));
    ruling(
        rules,
        RulingId::ConditionalStatement,
        format!(
            "{who} made a conditional statement about future action: it is non-standard and binds nothing by itself; the TD may rule it binding or penalize it."
        ),
    )
}

/// The four-card flop procedure (TDA 36, Nuts 39; UPT hold'em 3 redeals).
pub fn four_card_flop(rules: &HouseRules) -> Event {
    ruling(
        rules,
        RulingId::FourCardFlop,
        "Four cards on the flop: 1. The floor is called. 2. The dealer scrambles the four cards face down. 3. The floor picks one at random as the next burn card. 4. The other three are the flop. The four cards are not dealt as entered.".into(),
    )
}

/// Board cards dealt before the betting was complete do not play.
pub fn premature(st: &HandState, rules: &HouseRules, street: Street) -> Event {
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

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}
