//! `decide`: the dispatch. It checks a command against the state and the
//! house rules and returns the events it causes, or a refusal. Nothing
//! changes here: events are applied to a scratch copy of the state (the
//! `Outcome`) as they are made, so each family of rulings sees the hand as
//! it now stands (`decide_in_place` applies them to the state itself, for
//! a caller that can rebuild the state before).
//!
//! The rulings themselves live by family, each file opening with the
//! ruling ids it produces and the rules it cites:
//!
//! - `words_and_chips`: what words and pushed chips bind (verbal, oversized
//!   and multiple chips, the 50% standard, string bets, undercalls, the
//!   lesser amount, "pot");
//! - `betting`: legal clear actions, the minimum bet and raise, reopening,
//!   whether a seat may raise;
//! - `out_of_turn`: actions out of turn and the skipped player;
//! - `floor`: the floor's procedures (misdeal, substantial action, exposed
//!   and boxed cards, premature cards, the clock, dead hands);
//! - `showdown`: the end of a round (uncalled bets, pots, all-in face up,
//!   showdown order, cards speak, odd chips);
//! - `dealing`: the start of a hand (blinds, dead button, heads-up) and
//!   the cards (hole cards, the board, no card twice).

use super::chips::Chips;
use super::command::{Command, FloorDecision, Intent, Refusal};
use super::event::{Declaration, Event, Street, TableSetup};
use super::outcome::Outcome;
use super::state::HandState;
use super::{betting, dealing, floor, out_of_turn, showdown};
use crate::rules::HouseRules;

/// The events `command` causes in `state` under `rules`, or why not.
pub fn decide(
    state: &HandState,
    rules: &HouseRules,
    command: &Command,
) -> Result<Vec<Event>, Refusal> {
    decide_into(state, rules, command, &mut HandState::default())
}

/// `decide`, its events applied as they are made to `scratch`, a copy of
/// `state` made here (into `scratch`'s own allocations): a `Hand` keeps
/// the scratch state and takes it as its state instead of applying the
/// events a second time (the invariants' fold of the journal checks that
/// the two agree). (`verify` and a `Play`, which can rebuild the state
/// before, decide in the state itself: `decide_in_place`.) On a refusal
/// `scratch` is left half-made.
pub fn decide_into(
    state: &HandState,
    rules: &HouseRules,
    command: &Command,
    scratch: &mut HandState,
) -> Result<Vec<Event>, Refusal> {
    let mut events = Vec::new();
    match checked(state, command)? {
        // The start's events make every field of the scratch anew: no
        // copy of the state before it is needed.
        Some(setup) => dealing::start(setup, rules, scratch, &mut events)?,
        None => {
            scratch.copy_from(state);
            decide_on(scratch, rules, command, &mut events)?;
        }
    }
    Ok(events)
}

/// `decide_into` in `state` itself, the events gathered in `events`
/// (cleared first) and applied to the state as they are made. A caller
/// that needs the state before (to decide again another way, or after a
/// refusal, which leaves `state` half-made) rebuilds it from the hand's
/// events (`HandState::fold`, `hand::replay`): `verify`, ruling a
/// journal's entries again, finds them alike but for a forged or foreign
/// line, and a `Play` checking hand histories is rarely refused, so
/// neither copies the state a command.
pub fn decide_in_place(
    state: &mut HandState,
    rules: &HouseRules,
    command: &Command,
    events: &mut Vec<Event>,
) -> Result<(), Refusal> {
    match checked(state, command)? {
        Some(setup) => dealing::start(setup, rules, state, events),
        None => decide_on(state, rules, command, events),
    }
}

/// The setup of a start (`None` for any other command), or why `command`
/// is refused in `state` before anything is decided: a start over a
/// hand started, a hand not started or over, an amount over the table's
/// most.
fn checked<'c>(state: &HandState, command: &'c Command) -> Result<Option<&'c TableSetup>, Refusal> {
    if let Command::StartHand(setup) = command {
        return match state.started {
            true => Err(Refusal::AlreadyStarted),
            false => Ok(Some(setup)),
        };
    }
    if !state.started {
        return Err(Refusal::NotStarted);
    }
    if state.street == Street::Done {
        return Err(Refusal::HandOver);
    }
    // The notation parser never gives more; a command built any other way
    // is held to the same bound, so no sum below can overflow.
    if let Some(amount) = command.amount_named().filter(|a| !a.within_table()) {
        return Err(Refusal::OverMaximum {
            amount,
            max: Chips::MAX_TABLE,
        });
    }
    Ok(None)
}

/// Decides `command` (not a start) in `scratch`, the state it is decided
/// from, applying the events to it as they are made.
fn decide_on(
    scratch: &mut HandState,
    rules: &HouseRules,
    command: &Command,
    events: &mut Vec<Event>,
) -> Result<(), Refusal> {
    // The seat whose physical action was pending before this command.
    let pending = scratch.pending.as_ref().map(|p| p.seat);
    let mut out = Outcome::new(scratch, events);
    // A seat's pending physical action resolves when the next line concerns
    // another seat or the dealer. A clear verb from the same seat is the
    // dealer's own reading of it and takes its place.
    if let Some(pending) = pending {
        // The floor's forfeit of an undercall is its reading of the motion.
        let forfeit = matches!(command, Command::Decide { decision: FloorDecision::Forfeit { seat, .. }, .. } if *seat == pending);
        let same_seat = command.seat() == Some(pending) || forfeit;
        if !same_seat || matches!(command, Command::Resolve) {
            out.resolve_pending(rules)?;
        }
    }
    // Substantial action out of turn over the seat to act binds unless that
    // seat speaks up with this very line (TDA 40-B).
    let speaks_up = out.state.to_act.is_some() && command.seat() == out.state.to_act;
    let binds_over_skipped = !speaks_up && out_of_turn::substantial_pending(out.state, rules);
    if binds_over_skipped {
        out.bind_over_skipped(rules);
    }
    if let Some(events) = out_of_turn::out_of_turn_line(out.state, rules, command)? {
        for e in events {
            out.emit(e);
        }
        out.settle(rules);
        return Ok(());
    }
    match command {
        Command::StartHand(_) => unreachable!("handled above"),
        Command::Say {
            seat,
            declaration: Declaration::Conditional,
        } => out.emit(floor::conditional(rules, Some(*seat))),
        Command::Resolve if pending.is_none() && !binds_over_skipped => {
            return Err(Refusal::NothingTo("resolve"));
        }
        Command::Resolve => {}
        Command::Act {
            seat,
            intent,
            all_in,
        } => {
            let (action, full) = betting::clear_action(out.state, rules, *seat, *intent)?;
            if *all_in && !action.all_in {
                return Err(Refusal::StatedMismatch {
                    stated: "allin".into(),
                    actual: format!("{action} leaves chips behind"),
                });
            }
            let mut rulings = betting::action_rulings(out.state, rules, &action, full);
            if *intent == Intent::AllIn && !action.all_in {
                // No one could call more: the all in bound as a call.
                let f = out.state.facing(*seat, rules);
                let what = format!("went all in for {}", f.max_to);
                rulings.push(betting::uncallable(rules, &f, &what, f.max_to));
            }
            out.bind(action, full, rulings);
        }
        Command::Say { seat, declaration } => out.add_step(
            rules,
            Event::Declared {
                seat: *seat,
                declaration: *declaration,
            },
        )?,
        Command::Push { seat, chips } => out.add_step(
            rules,
            Event::ChipsPushed {
                seat: *seat,
                chips: chips.clone(),
            },
        )?,
        Command::Tap { seat } => out.add_step(rules, Event::Tapped { seat: *seat })?,
        Command::Muck { seat } => {
            if out.state.street == Street::Showdown {
                out.discard_at_showdown(rules, *seat)?;
            } else {
                showdown::muck_allowed(out.state, rules, *seat)?;
                out.add_step(rules, Event::Mucked { seat: *seat })?;
            }
        }
        Command::Hole { seat, cards } => {
            dealing::hole(out.state, *seat, cards)?;
            out.emit(Event::HoleCards {
                seat: *seat,
                cards: *cards,
            });
        }
        Command::Show { seat, cards } => {
            let cards = showdown::show(out.state, *seat, cards.as_ref())?;
            out.emit(Event::HandShown { seat: *seat, cards });
        }
        Command::Deal { street, cards } => {
            // Whatever the line turns out to be (in turn, premature, a
            // four-card flop), no card comes twice: a card already seen in
            // the hand, or twice in the line, is a keying error.
            dealing::unseen(out.state, cards, None)?;
            if out.state.to_act.is_some() && out.state.street.next_board() == Some(*street) {
                // Nuts 37: a board card dealt over a missed seat kills its hand.
                out.board_over_skipped(rules);
            }
            if *street == Street::Flop && cards.len() == 4 && out.state.to_act.is_none() {
                out.emit(floor::four_card_flop(rules));
            } else if out.state.to_act.is_some() && out.state.street.next_board() == Some(*street) {
                // Dealt while a player is still to act: premature, not dealt.
                out.emit(floor::premature(out.state, rules, *street));
            } else {
                dealing::deal(out.state, *street, cards)?;
                out.emit(Event::StreetDealt {
                    street: *street,
                    cards: cards.clone(),
                });
            }
        }
        Command::Floor(irregularity) => {
            for e in floor::floor(out.state, rules, *irregularity)? {
                out.emit(e);
            }
        }
        Command::Decide { decision, reason } => {
            floor::decide_floor(&mut out, rules, *decision, reason.as_deref())?
        }
    }
    out.settle(rules);
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Given events, when a command, then these events or this refusal.

    use super::*;
    use crate::rules::RulingId;
    use crate::table::event::{Action, ActionKind, Post, TableSetup};
    use crate::table::{Chips, Seat};

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn three_handed() -> Vec<Event> {
        let stacks = vec![
            (seat(1), Chips(5000)),
            (seat(2), Chips(5000)),
            (seat(3), Chips(5000)),
        ];
        let setup = TableSetup::preflop(seat(1), (Chips(100), Chips(200)), stacks);
        vec![
            Event::HandStarted {
                setup: Box::new(setup),
            },
            Event::Posted {
                seat: seat(2),
                post: Post::SmallBlind,
                amount: Chips(100),
            },
            Event::Posted {
                seat: seat(3),
                post: Post::BigBlind,
                amount: Chips(200),
            },
        ]
    }

    fn when(given: &[Event], house: &str, command: Command) -> Result<Vec<Event>, Refusal> {
        let state = HandState::fold(given);
        let rules = HouseRules::load(house).unwrap();
        decide(&state, &rules, &command)
    }

    fn act(n: u8, intent: Intent) -> Command {
        Command::Act {
            seat: seat(n),
            intent,
            all_in: false,
        }
    }

    #[test]
    fn starting_a_hand_posts_the_blinds_as_events() {
        let given = three_handed();
        let setup = match &given[0] {
            Event::HandStarted { setup } => (**setup).clone(),
            _ => unreachable!(),
        };
        let events = decide(
            &HandState::default(),
            &HouseRules::tda(),
            &Command::StartHand(setup),
        )
        .unwrap();
        assert_eq!(events, given);
    }

    #[test]
    fn an_amount_over_the_table_maximum_is_refused_whatever_built_the_command() {
        use crate::table::event::{Declaration, PushedChips};
        let over = Chips(Chips::MAX_TABLE.get() + 1);
        let refused = Refusal::OverMaximum {
            amount: over,
            max: Chips::MAX_TABLE,
        };
        for command in [
            act(1, Intent::Raise(over)),
            act(1, Intent::Call(Some(over))),
            Command::Say {
                seat: seat(1),
                declaration: Declaration::Amount(over),
            },
            Command::Push {
                seat: seat(1),
                chips: PushedChips::Amount(over),
            },
        ] {
            assert_eq!(when(&three_handed(), "tda", command), Err(refused.clone()));
        }
        // A push whose total does not fit in chips: refused, not wrapped.
        let wraps = Command::Push {
            seat: seat(1),
            chips: PushedChips::Denominations(vec![(Chips(1 << 63), 2)]),
        };
        assert_eq!(
            when(&three_handed(), "tda", wraps).unwrap_err().to_string(),
            "18,446,744,073,709,551,615 chips is more than the most a table may have in play, 1,000,000,000,000,000."
        );
    }

    #[test]
    fn a_full_raise_is_bound_as_full() {
        let events = when(&three_handed(), "tda", act(1, Intent::Raise(Chips(600)))).unwrap();
        assert_eq!(
            events,
            vec![Event::ActionBound {
                action: Action {
                    seat: seat(1),
                    kind: ActionKind::Raise,
                    to: Chips(600),
                    all_in: false
                },
                full: true
            }]
        );
    }

    #[test]
    fn a_raise_below_the_minimum_is_refused_with_the_minimum() {
        let refusal = when(&three_handed(), "tda", act(1, Intent::Raise(Chips(300)))).unwrap_err();
        assert_eq!(
            refusal,
            Refusal::RaiseTooSmall {
                min: Chips(400),
                got: Chips(300)
            }
        );
    }

    #[test]
    fn the_last_fold_returns_the_uncalled_bet_and_awards_the_pot() {
        let mut given = three_handed();
        given.push(Event::ActionBound {
            action: Action {
                seat: seat(1),
                kind: ActionKind::Raise,
                to: Chips(600),
                all_in: false,
            },
            full: true,
        });
        given.push(Event::ActionBound {
            action: Action::fold(seat(2), Chips(100)),
            full: false,
        });
        let events = when(&given, "tda", act(3, Intent::Fold)).unwrap();
        assert_eq!(
            events[0],
            Event::ActionBound {
                action: Action::fold(seat(3), Chips(200)),
                full: false
            }
        );
        assert_eq!(
            events[1],
            Event::BetReturned {
                seat: seat(1),
                amount: Chips(400)
            }
        );
        assert!(
            matches!(&events[2], Event::RulingSuggested { ruling } if ruling.id == RulingId::UncalledBet)
        );
        match &events[3] {
            Event::PotsAwarded { awards } => {
                assert_eq!(awards[0].shares, vec![(seat(1), Chips(500))])
            }
            other => panic!("expected the pot awarded, got {other:?}"),
        }
    }

    #[test]
    fn out_of_turn_is_held_under_tda_and_posted_at_once_under_upt() {
        let tda = when(&three_handed(), "tda", act(2, Intent::Call(None))).unwrap();
        assert!(matches!(
            tda[0],
            Event::ActedOutOfTurn {
                intent: Intent::Call(None),
                faced: Chips(200),
                ..
            }
        ));
        let upt = when(&three_handed(), "upt", act(2, Intent::Raise(Chips(1000)))).unwrap();
        assert_eq!(
            upt[0],
            Event::ActionBound {
                action: Action {
                    seat: seat(2),
                    kind: ActionKind::Raise,
                    to: Chips(400),
                    all_in: false
                },
                full: true
            },
            "UPT: the out-of-turn bettor posts the minimum raise"
        );
        assert_eq!(upt[1], Event::TurnReturned { seat: seat(1) });
    }

    /// Heads-up: seat 1 (the button) raises all in to 3000; seat 2 has 5000.
    fn heads_up_shove() -> Vec<Event> {
        let stacks = vec![(seat(1), Chips(3000)), (seat(2), Chips(5000))];
        let setup = TableSetup::preflop(seat(1), (Chips(100), Chips(200)), stacks);
        let mut given = decide(
            &HandState::default(),
            &HouseRules::tda(),
            &Command::StartHand(setup),
        )
        .unwrap();
        given.push(Event::ActionBound {
            action: Action {
                seat: seat(1),
                kind: ActionKind::Raise,
                to: Chips(3000),
                all_in: true,
            },
            full: true,
        });
        given
    }

    #[test]
    fn a_raise_no_one_could_call_is_refused_and_all_in_is_a_call() {
        let given = heads_up_shove();
        assert_eq!(
            when(&given, "tda", act(2, Intent::Raise(Chips(5000)))).unwrap_err(),
            Refusal::NoOneToCallRaise(2)
        );
        let events = when(&given, "tda", act(2, Intent::AllIn)).unwrap();
        assert_eq!(
            events[0],
            Event::ActionBound {
                action: Action {
                    seat: seat(2),
                    kind: ActionKind::Call,
                    to: Chips(3000),
                    all_in: false
                },
                full: false
            }
        );
        assert!(
            matches!(&events[1], Event::RulingSuggested { ruling } if ruling.id == RulingId::UncalledBet)
        );
    }

    #[test]
    fn a_start_that_leaves_no_one_to_act_is_settled_at_once() {
        // Heads-up, the button has 50 for the 100 small blind.
        let stacks = vec![(seat(1), Chips(50)), (seat(2), Chips(5000))];
        let setup = TableSetup::preflop(seat(1), (Chips(100), Chips(200)), stacks);
        let events = decide(
            &HandState::default(),
            &HouseRules::tda(),
            &Command::StartHand(setup),
        )
        .unwrap();
        assert!(events.contains(&Event::BetReturned {
            seat: seat(2),
            amount: Chips(150)
        }));
        let st = HandState::fold(&events);
        assert_eq!(st.to_act, None);
        assert_eq!(st.pot(), Chips(100));
    }

    #[test]
    fn a_called_all_in_hand_is_not_mucked_before_the_showdown() {
        let mut given = heads_up_shove();
        given.extend(when(&given, "tda", act(2, Intent::Call(None))).unwrap());
        let refusal = when(&given, "tda", Command::Muck { seat: seat(2) }).unwrap_err();
        assert!(
            matches!(
                refusal,
                Refusal::MustTable {
                    seat: 2,
                    all_in: 1,
                    ..
                }
            ),
            "{refusal:?}"
        );
    }

    #[test]
    fn a_premature_board_line_with_a_card_already_seen_is_refused() {
        let mut given = three_handed();
        let hole = crate::table::cards::parse_cards("AsKd").unwrap();
        given.push(Event::HoleCards {
            seat: seat(1),
            cards: [hole[0], hole[1]],
        });
        let flop = crate::table::cards::parse_cards("AsQh7c").unwrap();
        let deal = Command::Deal {
            street: Street::Flop,
            cards: flop,
        };
        assert_eq!(
            when(&given, "tda", deal).unwrap_err(),
            Refusal::CardSeen("As".into())
        );
    }
}
