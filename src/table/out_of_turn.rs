//! Action out of turn, house by house, and the skipped player.
//!
//! Ruling ids: `out-of-turn`, `substantial-action` (out of turn, TDA 40-B).
//!
//! Rules cited: TDA 40 (action out of turn) and 53 (an out-of-turn fold
//! binds); Nuts 42 (committed) and 37 (the missed player); Ugly Tuna Betting
//! 10-11; UPT house rule "Out Of Turn Bet" and Betting 10; Redtooth 4 (not
//! binding).

use super::betting::{action_rulings, clear_action};
use super::command::{Command, Intent, Refusal};
use super::decide::Outcome;
use super::event::{Action, ActionKind, Declaration, Event};
use super::seat::Seat;
use super::state::{HandState, OutOfTurnAction, Pending};
use super::words_and_chips::interpret;
use crate::rules::{HouseRules, OutOfTurn, RulingId};

pub(super) fn ruling(rules: &HouseRules, id: RulingId, text: String) -> Event {
    Event::RulingSuggested {
        ruling: rules.ruling(id, text),
    }
}

/// Whether `seat` acting now would be out of turn: someone else is to act
/// and this seat is still in the hand with chips.
pub(super) fn is_out_of_turn(st: &HandState, seat: Seat) -> bool {
    let s = st.seat(seat);
    let done_for_now = s.acted && s.wager >= st.current_bet;
    st.to_act.is_some_and(|t| t != seat) && s.can_act() && !done_for_now
}

pub(super) fn puts_chips_in(intent: Intent) -> bool {
    !matches!(intent, Intent::Fold | Intent::Check)
}

/// The events for `seat` acting out of turn with `intent` (TDA 40; Nuts 42;
/// Ugly Tuna Betting 10-11; UPT "Out Of Turn Bet" and rule 10; Redtooth 4).
pub(super) fn out_of_turn(
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
pub(super) enum TurnReached {
    /// Bind this clear action now.
    Bind(Intent, Vec<Event>),
    /// No action binds now; these events carry the house's ruling (a void
    /// action, or chips kept in while the seat still acts).
    Rule(Vec<Event>),
}

/// The house's ruling when the turn reaches `oot.seat`.
pub(super) fn turn_reached(
    st: &HandState,
    rules: &HouseRules,
    oot: &OutOfTurnAction,
) -> TurnReached {
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

/// A player line from a seat whose turn it is not: the house's out-of-turn
/// ruling, or `None` when the line is in turn (or not a betting action).
pub(super) fn out_of_turn_line(
    st: &HandState,
    rules: &HouseRules,
    command: &Command,
) -> Result<Option<Vec<Event>>, Refusal> {
    let Some(seat) = command.seat() else {
        return Ok(None);
    };
    if !is_out_of_turn(st, seat) {
        return Ok(None);
    }
    let mut as_if = st.clone();
    as_if.to_act = Some(seat);
    let intent = match command {
        Command::Act { intent, .. } => {
            // Out of turn or not, the action must be possible for the seat.
            clear_action(&as_if, rules, seat, *intent)?;
            *intent
        }
        Command::Say {
            declaration: Declaration::Conditional,
            ..
        } => return Ok(None),
        Command::Say { .. } | Command::Push { .. } | Command::Tap { .. } | Command::Muck { .. } => {
            // Read the gesture as if it were the seat's turn.
            let step = match command {
                Command::Say { declaration, .. } => Event::Declared {
                    seat,
                    declaration: *declaration,
                },
                Command::Push { chips, .. } => Event::ChipsPushed {
                    seat,
                    chips: chips.clone(),
                },
                Command::Tap { .. } => Event::Tapped { seat },
                _ => Event::Mucked { seat },
            };
            let binding = interpret(
                &as_if,
                rules,
                &Pending {
                    seat,
                    steps: vec![step],
                },
            )?;
            binding.action.intent()
        }
        _ => return Ok(None),
    };
    out_of_turn(st, rules, seat, intent).map(Some)
}

impl Outcome {
    /// When the turn reaches a seat that acted out of turn, the house rules
    /// what binds. Repeats while the turn moves on to such seats.
    pub(super) fn reach_out_of_turn(&mut self, rules: &HouseRules) {
        for _ in 0..crate::table::seat::MAX_SEATS {
            let Some(seat) = self.state.to_act else {
                return;
            };
            let Some(oot) = self
                .state
                .out_of_turn
                .iter()
                .find(|o| o.seat == seat)
                .copied()
            else {
                return;
            };
            match turn_reached(&self.state, rules, &oot) {
                TurnReached::Rule(events) => {
                    for e in events {
                        self.emit(e);
                    }
                    return;
                }
                TurnReached::Bind(intent, events) => {
                    let bound = clear_action(&self.state, rules, seat, intent)
                        .or_else(|_| clear_action(&self.state, rules, seat, Intent::Call(None)))
                        .or_else(|_| clear_action(&self.state, rules, seat, Intent::Check));
                    match bound {
                        Ok((action, full)) => {
                            let rulings = action_rulings(&self.state, rules, &action, full);
                            self.bind(action, full, rulings);
                            for e in events {
                                self.emit(e);
                            }
                        }
                        Err(_) => {
                            self.emit(Event::OutOfTurnVoided { seat });
                            return;
                        }
                    }
                }
            }
        }
    }
}
