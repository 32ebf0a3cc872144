//! The floor's procedures: misdeals and substantial action, exposed and
//! boxed cards, four-card flops and premature cards, the clock and dead
//! hands, conditional statements.
//!
//! Ruling ids: `misdeal`, `substantial-action` (for a misdeal),
//! `exposed-card`, `four-card-flop`, `premature-card`, `clock`,
//! `dead-hand`, `conditional-statement`.
//!
//! Rules cited: TDA 27 (the clock), 34 (misdeals), 35 (substantial action),
//! 36 (four-card flops, premature cards), 54 (conditional statements); Nuts
//! 36-41; Ugly Tuna Misdeals; UPT Misdeals and Hold'em irregularities;
//! Redtooth 36.

use super::command::{Irregularity, Refusal};
use super::event::{Action, ActionKind, Event, Street};
use super::seat::Seat;
use super::state::HandState;
use crate::rules::{DealtCardError, HouseRules, MisdealUntil, RulingId};

fn ruling(rules: &HouseRules, id: RulingId, text: String) -> Event {
    Event::RulingSuggested {
        ruling: rules.ruling(id, text),
    }
}

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

pub(super) fn misdeal_events(st: &HandState, rules: &HouseRules, cause: &str) -> Vec<Event> {
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
    ruling(
        rules,
        RulingId::ConditionalStatement,
        format!(
            "{who} made a conditional statement about future action: it is non-standard and binds nothing by itself; the TD may rule it binding or penalize it."
        ),
    )
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
