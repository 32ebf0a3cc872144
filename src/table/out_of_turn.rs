//! Action out of turn, house by house, and the skipped player.
//!
//! Ruling ids: `out-of-turn`, `substantial-action` (out of turn, TDA 40-B).
//!
//! Rules cited: TDA 40 (action out of turn) and 53 (an out-of-turn fold
//! binds); Nuts 42 (committed) and 37 (the missed player); Ugly Tuna Betting
//! 10-11; UPT house rule "Out Of Turn Bet" and Betting 10; Redtooth 4 (not
//! binding).
//!
//! Out of turn is a chain, not one pending action. Each action out of turn
//! is judged against the action it faced when it was made: the hand as the
//! seat saw it, with every out-of-turn action ahead of it taken as made
//! (`apparent`). The actions wait in `HandState::out_of_turn`, in order;
//! when the turn reaches each seat, the house decides whether it binds, is
//! freed (chips back, every option) or binds in a restricted form
//! (`turn_reached`). What "the action changed" means is the house's:
//!
//! - TDA 40-A: a bet or raise changes it; check, call or fold does not.
//! - Ugly Tuna Betting 10: any intervening bet, call or raise frees it; a
//!   check out of turn must call a bet made in turn; 11: a bet out of turn
//!   after the rightful player (immediately before) checks becomes a check.
//! - UPT Betting 10: a bet or raise frees it; after an intervening call the
//!   floor may rule it binding (the floor picks); a check or call out of
//!   turn may not be raised on the seat's next turn, bound or not. Its house
//!   rule posts a bet out of turn at once as the minimum.
//! - Nuts 42: committed; after a raise, call or fold only, losing the chips.
//! - Redtooth 4: not binding.
//!
//! An out-of-turn fold binds at once (TDA 40-A, 53). Substantial action out
//! of turn over a skipped seat (TDA 40-B, rule 35) binds the whole chain
//! where it was made; the skipped seat keeps its turn and the floor rules
//! on its hand (Nuts 37: it loses the right to aggressive action, and its
//! hand is dead once the next board card is dealt over it).

use super::betting::{action_rulings, clear_action};
use super::command::{Command, Intent, Refusal};
use super::event::{Action, ActionKind, Declaration, Event, Post};
use super::outcome::{Outcome, ruling};
use super::seat::Seat;
use super::state::{HandState, OutOfTurnAction, Pending};
use super::words_and_chips::interpret;
use crate::rules::{FloorOption, HouseRules, OutOfTurn, RulingId};

/// A ruling quoting the house's clause for its case (`rules::CLAUSES`);
/// an empty `clause` quotes the main citation.
fn ruling_on(rules: &HouseRules, id: RulingId, clause: &str, text: String) -> Event {
    let ruling = if clause.is_empty() {
        rules.ruling(id, text)
    } else {
        rules.ruling_clause(id, clause, text)
    };
    Event::RulingSuggested { ruling }
}

/// Whether `seat` acting now would be out of turn: someone else is to act
/// and this seat is still in the hand with chips and an action to take.
/// Ask it of the `apparent` hand, so a seat facing a bet made out of turn
/// may answer it out of turn too.
pub(super) fn is_out_of_turn(st: &HandState, seat: Seat) -> bool {
    let s = st.seat(seat);
    let done_for_now = s.acted && s.wager >= st.current_bet;
    st.to_act.is_some_and(|t| t != seat) && s.can_act() && !done_for_now
}

pub(super) fn puts_chips_in(intent: Intent) -> bool {
    !matches!(intent, Intent::Fold | Intent::Check)
}

/// The action `intent` binds for `seat` in `st` as if it were its turn:
/// as stated, else (when the bet has moved under it) a call, else a check.
fn as_made(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    intent: Intent,
) -> Option<(Action, bool)> {
    let mut turn = st.clone();
    turn.to_act = Some(seat);
    clear_action(&turn, rules, seat, intent)
        .or_else(|_| clear_action(&turn, rules, seat, Intent::Call(None)))
        .or_else(|_| clear_action(&turn, rules, seat, Intent::Check))
        .ok()
}

/// The hand as the seats acting out of turn see it: every held
/// out-of-turn action taken as made, in order; the turn where it is.
pub fn apparent(st: &HandState, rules: &HouseRules) -> HandState {
    let mut view = st.clone();
    for o in st.out_of_turn.iter().filter(|o| !o.bound) {
        if let Some((action, full)) = as_made(&view, rules, o.seat, o.intent) {
            view.apply(&Event::BoundInPlace { action, full });
        }
    }
    view.to_act = st.to_act;
    view
}

/// A player line from a seat whose turn it is not: the house's out-of-turn
/// ruling, or `None` when the line is in turn (or not a betting action).
pub(super) fn out_of_turn_line(
    st: &HandState,
    rules: &HouseRules,
    command: &Command,
) -> Result<Option<Vec<Event>>, Refusal> {
    // Only a betting action, words or a gesture can be out of turn (a
    // seat's cards, dealt or shown, are not an action): the others are
    // let through before the hand is looked at as the seat sees it.
    let seat = match command {
        Command::Say {
            declaration: Declaration::Conditional,
            ..
        } => return Ok(None),
        Command::Act { seat, .. }
        | Command::Say { seat, .. }
        | Command::Push { seat, .. }
        | Command::Tap { seat }
        | Command::Muck { seat } => *seat,
        _ => return Ok(None),
    };
    if st.to_act.is_none_or(|t| t == seat) {
        return Ok(None);
    }
    let view = apparent(st, rules);
    if !is_out_of_turn(&view, seat) {
        return Ok(None);
    }
    let mut as_if = view.clone();
    as_if.to_act = Some(seat);
    let intent = match command {
        Command::Act { intent, .. } => {
            // Out of turn or not, the action must be possible for the seat
            // against what it faces.
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
    out_of_turn(st, &view, rules, seat, intent).map(Some)
}

/// Events under construction here, each applied to a scratch state so the
/// next is decided on the hand as it then stands.
struct Chain {
    state: HandState,
    events: Vec<Event>,
}

impl Chain {
    fn push(&mut self, event: Event) {
        self.state.apply(&event);
        self.events.push(event);
    }
}

/// The events for `seat` acting out of turn with `intent`; `view` is the
/// hand as the seat saw it (`apparent`).
fn out_of_turn(
    st: &HandState,
    view: &HandState,
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
    let mut chain = Chain {
        state: st.clone(),
        events: Vec::new(),
    };
    let is_wager = matches!(intent, Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn)
        && !(intent == Intent::AllIn && view.seat(seat).max_to() <= view.current_bet);
    if mode == OutOfTurn::PostMinimumAndReturn && is_wager {
        post_minimum(&mut chain, rules, seat, rightful);
        return Ok(chain.events);
    }
    if intent == Intent::Fold && mode != OutOfTurn::NotBinding {
        // TDA 40-A "An OOT fold is binding", 53: at once, where it was made.
        chain.push(Event::BoundInPlace {
            action: Action::fold(seat, st.seat(seat).wager),
            full: false,
        });
        chain.push(ruling_on(
            rules,
            RulingId::OutOfTurn,
            "fold-binds",
            format!(
                "Seat {n} folded out of turn: an out-of-turn fold is binding at once; seat {n} is out of the hand, and the action stays with seat {r}."
            ),
        ));
    } else {
        chain.push(Event::ActedOutOfTurn {
            seat,
            intent,
            faced: view.current_bet,
        });
        chain.push(ruling(
            rules,
            RulingId::OutOfTurn,
            procedure(mode, n, r, &what, intent, view.current_bet),
        ));
    }
    if chain.state.skipped == Some(rightful) {
        // Already skipped: further action out of turn over it binds too.
        bind_held_in_place(&mut chain, rules);
    } else if substantial_pending(&chain.state, rules) && !substantial_pending(st, rules) {
        // Tell the dealer now, while seat R may still speak up: the
        // skipped player's rule governs the moment (TDA 40-B: "A player
        // skipped by OOT action must defend his right to act"; Nuts 37),
        // not the out-of-turn action's own (TDA 40-A).
        chain.push(ruling_on(
            rules,
            RulingId::SubstantialAction,
            "skipped-player",
            format!(
                "Substantial action has now been taken out of turn over seat {r}: unless seat {r} acts now, with the next line, the out-of-turn actions bind where they were made and the floor rules on seat {r}'s hand."
            ),
        ));
    }
    Ok(chain.events)
}

/// UPT "Out Of Turn Bet": the bettor posts the minimum bet or minimum raise
/// at once and the action goes back to the player who was skipped.
fn post_minimum(chain: &mut Chain, rules: &HouseRules, seat: Seat, rightful: Seat) {
    let st = &chain.state;
    let (n, r) = (seat.number(), rightful.number());
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
    let full = to >= st.min_raise_to(rules);
    chain.push(Event::ActionBound { action, full });
    chain.push(Event::TurnReturned { seat: rightful });
    chain.push(ruling(
        rules,
        RulingId::OutOfTurn,
        format!(
            "Seat {n} bet out of turn: it posts {minimum}, to {to}, and the action goes back to seat {r}. If seat {r} calls or folds, seat {n} may only check; if seat {r} raises, seat {n} may call, fold or re-raise."
        ),
    ));
}

/// The house's procedure for an action held out of turn, in a sentence.
fn procedure(
    mode: OutOfTurn,
    n: u8,
    r: u8,
    what: &str,
    intent: Intent,
    faced: crate::table::Chips,
) -> String {
    let facing = if faced.is_zero() {
        String::new()
    } else {
        format!(" (facing {faced})")
    };
    match mode {
        OutOfTurn::BindingUnlessActionChanges => format!(
            "Seat {n}'s {what} out of turn{facing} is held: it binds when the turn reaches seat {n} if the action to it has not changed (a check, call or fold does not change it); if a bet or raise changes it, any chips go back and seat {n} has every option."
        ),
        OutOfTurn::PostMinimumAndReturn => format!(
            "Seat {n}'s {what} out of turn{facing} is held: it binds unless the action to seat {n} is changed by a bet or raise (then it does not, and seat {n} may not raise on its next turn); after an intervening call the floor may rule it binding."
        ),
        OutOfTurn::CommittedCallOrFold => match intent {
            Intent::Call(_) | Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn => format!(
                "Seat {n} is committed to its {what} out of turn{facing}. If seat {r} raises, seat {n} may only call the raise or fold, losing the chips of its {what}."
            ),
            _ => format!(
                "Seat {n}'s {what} out of turn{facing} binds unless the action to it changes."
            ),
        },
        OutOfTurn::CheckMustCall => match intent {
            Intent::Check => format!(
                "Seat {n} checked out of turn: if a bet is made in turn, seat {n} must call it and cannot raise or fold."
            ),
            Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn => format!(
                "Seat {n}'s {what} out of turn{facing} is held: if seat {r}, just before it, checks, seat {n} must also check; if anyone between bets, calls or raises first, it is not binding."
            ),
            _ => format!(
                "Seat {n}'s {what} out of turn{facing} may be ruled binding if no one between bets, calls or raises."
            ),
        },
        OutOfTurn::NotBinding => format!(
            "Seat {n}'s {what} out of turn is not binding: seat {r} acts, and seat {n} acts freely when its turn comes."
        ),
    }
}

/// Binds every held out-of-turn action where it was made, in order.
fn bind_held_in_place(chain: &mut Chain, rules: &HouseRules) -> Vec<String> {
    let held: Vec<OutOfTurnAction> = chain
        .state
        .out_of_turn
        .iter()
        .filter(|o| !o.bound)
        .copied()
        .collect();
    let mut bound = Vec::new();
    for o in held {
        match as_made(&chain.state, rules, o.seat, o.intent) {
            Some((action, full)) => {
                chain.push(Event::BoundInPlace { action, full });
                bound.push(action.to_string());
            }
            None => chain.push(Event::OutOfTurnVoided { seat: o.seat }),
        }
    }
    bound
}

/// The actions taken out of turn over the seat to act, and how many put
/// chips in.
fn over_skipped(st: &HandState) -> Option<(Seat, Vec<OutOfTurnAction>, usize)> {
    let rightful = st.to_act?;
    let over: Vec<OutOfTurnAction> = st
        .out_of_turn
        .iter()
        .filter(|o| o.skipped == rightful)
        .copied()
        .collect();
    let with_chips = over.iter().filter(|o| puts_chips_in(o.intent)).count();
    Some((rightful, over, with_chips))
}

/// Whether substantial action has been taken out of turn over the seat to
/// act, which has not yet spoken up (TDA 40-B with rule 35; Nuts 37's own
/// definition). Redtooth 4 (not binding) never binds it.
pub(super) fn substantial_pending(st: &HandState, rules: &HouseRules) -> bool {
    let mode = rules.settings.out_of_turn.value;
    let Some((rightful, over, with_chips)) = over_skipped(st) else {
        return false;
    };
    if mode == OutOfTurn::NotBinding || st.skipped == Some(rightful) || !st.street.is_betting() {
        return false;
    }
    match mode {
        // Nuts 37: two players each putting chips in, or three actions.
        OutOfTurn::CommittedCallOrFold => with_chips >= 2 || over.len() >= 3,
        _ => (over.len() >= 2 && with_chips >= 1) || over.len() >= 3,
    }
}

impl Outcome<'_> {
    /// TDA 40-B (and Nuts 37): substantial action has been taken out of
    /// turn over the skipped seat, and the next line is not the skipped
    /// seat speaking up: the out-of-turn actions bind where they were made,
    /// the skipped seat keeps its turn, and the floor rules on its hand.
    /// (Like a pending motion, this resolves when the next line concerns
    /// another seat or the dealer, and at the end of a script: a skipped
    /// player who acts at once has defended his right to act, TDA 40-A.)
    pub(super) fn bind_over_skipped(&mut self, rules: &HouseRules) {
        if !substantial_pending(self.state, rules) {
            return;
        }
        let mut chain = Chain {
            state: self.state.clone(),
            events: Vec::new(),
        };
        substantial_action(&mut chain, rules);
        for e in chain.events {
            self.emit(e);
        }
    }
}

fn substantial_action(chain: &mut Chain, rules: &HouseRules) {
    let mode = rules.settings.out_of_turn.value;
    let Some((rightful, over, with_chips)) = over_skipped(&chain.state) else {
        return;
    };
    let bound = bind_held_in_place(chain, rules);
    chain.push(Event::SkippedSeatRuled { seat: rightful });
    let r = rightful.number();
    let st = &chain.state;
    let to_call = st.to_call(rightful);
    let may = if to_call.is_zero() {
        "check or fold".to_string()
    } else {
        format!(
            "call {} or fold",
            st.current_bet.min(st.seat(rightful).max_to())
        )
    };
    let binds = if bound.is_empty() {
        String::new()
    } else {
        format!(" ({})", bound.join(", "))
    };
    let counted = format!(
        "{} action(s) out of turn, {with_chips} putting chips in",
        over.len()
    );
    chain.push(Event::RaiseBarred { seat: rightful });
    let text = match mode {
        OutOfTurn::CommittedCallOrFold => format!(
            "Seat {r} was missed and did not protect its right to act before action occurred behind it ({counted}): the out-of-turn actions stand{binds}. Seat {r} keeps its turn but has lost the right to aggressive action: it may {may}. If the next board card is dealt before seat {r} acts, its hand is dead."
        ),
        _ => format!(
            "Substantial action has occurred out of turn to the left of seat {r} without seat {r} speaking up ({counted}): the out-of-turn actions are binding{binds}. Seat {r} keeps its turn and the floor rules on its hand; suggested: it has lost the right to bet or raise and may {may}."
        ),
    };
    let mut ruling = rules.ruling_clause(RulingId::SubstantialAction, "skipped-player", text);
    if mode != OutOfTurn::CommittedCallOrFold {
        ruling = ruling.with_options(vec![
            FloorOption::after(
                format!("Seat {r} keeps every option, betting and raising included."),
                format!("floor all-options s{r}"),
            ),
            FloorOption::after(
                format!("Seat {r}'s hand is dead; its chips stay in the pot."),
                format!("floor dead-hand s{r}"),
            ),
        ]);
    }
    chain.push(Event::RulingSuggested { ruling });
}

/// What happened between an out-of-turn action and the turn reaching it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Since {
    /// Nothing that changes the action: checks or folds.
    Unchanged,
    /// An intervening call, but no bet or raise.
    Called,
    /// A bet or raise, or the bet it faced is no longer there.
    Changed,
}

fn since(st: &HandState, oot: &OutOfTurnAction) -> Since {
    if st.current_bet != oot.faced {
        return Since::Changed;
    }
    let intervening = st
        .actions
        .get(oot.since..)
        .unwrap_or_default()
        .iter()
        .filter(|a| a.seat != oot.seat && oot.ahead & (1 << a.seat.index()) == 0);
    let mut called = false;
    for a in intervening {
        match a.kind {
            ActionKind::Bet | ActionKind::Raise => return Since::Changed,
            ActionKind::Call => called = true,
            _ => {}
        }
    }
    if called {
        Since::Called
    } else {
        Since::Unchanged
    }
}

/// What happens when the turn reaches a seat that acted out of turn: the
/// action it now binds (if any) and the events around it.
pub(super) enum TurnReached {
    /// Bind this clear action now.
    Bind(Intent, Vec<Event>),
    /// No action binds now; these events carry the house's ruling (a void
    /// action, chips kept in while the seat still acts, or the floor asked).
    Rule(Vec<Event>),
}

/// The house's ruling when the turn reaches `oot.seat`, by the house's
/// out-of-turn rule.
pub(super) fn turn_reached(
    st: &HandState,
    rules: &HouseRules,
    oot: &OutOfTurnAction,
) -> TurnReached {
    let r = Reached {
        st,
        rules,
        oot,
        n: oot.seat.number(),
        what: oot.intent.to_string(),
        since: since(st, oot),
    };
    match rules.settings.out_of_turn.value {
        OutOfTurn::BindingUnlessActionChanges => r.tda_40_a_unless_the_action_changed(),
        OutOfTurn::CommittedCallOrFold => r.nuts_42_committed(),
        OutOfTurn::CheckMustCall => r.ugly_tuna_10_11_check_must_call(),
        OutOfTurn::PostMinimumAndReturn => r.upt_betting_10_no_raise_next_turn(),
        OutOfTurn::NotBinding => r.redtooth_4_not_binding(),
    }
}

/// The turn reaching a seat with an action held out of turn: the hand,
/// the house, the held action (`what`, said) and what has happened since.
struct Reached<'a> {
    st: &'a HandState,
    rules: &'a HouseRules,
    oot: &'a OutOfTurnAction,
    n: u8,
    what: String,
    since: Since,
}

impl Reached<'_> {
    /// The held action is void, for the reason `why` (the house's clause
    /// `clause`); `barred`: the seat may not raise on this turn.
    fn void(&self, clause: &str, why: String, barred: bool) -> TurnReached {
        let mut events = vec![
            Event::OutOfTurnVoided {
                seat: self.oot.seat,
            },
            ruling_on(self.rules, RulingId::OutOfTurn, clause, why),
        ];
        if barred {
            events.push(Event::RaiseBarred {
                seat: self.oot.seat,
            });
        }
        TurnReached::Rule(events)
    }

    /// `intent` binds now, for the reason `why`.
    fn bind(&self, clause: &str, intent: Intent, why: String) -> TurnReached {
        TurnReached::Bind(
            intent,
            vec![ruling_on(self.rules, RulingId::OutOfTurn, clause, why)],
        )
    }

    /// TDA 40-A: the action binds if the action to the seat has not changed
    /// (a check, call or fold does not change it); if a bet or raise
    /// changed it, any chips go back and the seat has every option.
    fn tda_40_a_unless_the_action_changed(&self) -> TurnReached {
        let (n, what) = (self.n, &self.what);
        if self.since == Since::Changed {
            return self.void(
                "action-changed",
                format!(
                    "The action to seat {n} changed: its {what} out of turn is not binding; any chips go back and it has every option."
                ),
                false,
            );
        }
        self.bind(
            "action-unchanged",
            self.oot.intent,
            format!("The action to seat {n} did not change: its {what} out of turn binds."),
        )
    }

    /// Nuts 42: a call, bet or raise out of turn stays committed; when the
    /// action changed, the committed chips go in and the seat may then only
    /// call or fold. A check or fold, or an unchanged action, is as TDA 40-A.
    fn nuts_42_committed(&self) -> TurnReached {
        if self.since != Since::Changed || !puts_chips_in(self.oot.intent) {
            return self.tda_40_a_unless_the_action_changed();
        }
        let (n, what, oot) = (self.n, &self.what, self.oot);
        let f = self.st.facing(oot.seat, self.rules);
        let to = match oot.intent {
            Intent::Bet(to) | Intent::Raise(to) => to,
            Intent::AllIn => f.max_to,
            _ => oot.faced,
        };
        if to > f.current_bet {
            // Its raise still tops the new bet: it stands as declared.
            return self.bind(
                "",
                oot.intent,
                format!(
                    "Seat {n} is committed to its {what} out of turn, which still tops the bet of {}.",
                    f.current_bet
                ),
            );
        }
        let amount = to.min(f.max_to).saturating_sub(f.wager);
        TurnReached::Rule(vec![
            Event::Posted {
                seat: oot.seat,
                post: Post::Committed,
                amount,
            },
            Event::OutOfTurnVoided { seat: oot.seat },
            Event::RaiseBarred { seat: oot.seat },
            ruling(
                self.rules,
                RulingId::OutOfTurn,
                format!(
                    "The action to seat {n} changed: the {amount} of its {what} out of turn stays in the pot, and it may now only call the raise or fold (losing those chips)."
                ),
            ),
        ])
    }

    /// Ugly Tuna Betting 10: any intervening bet, call or raise frees the
    /// action, and a check out of turn must call a bet made in turn; 11: a
    /// bet out of turn after the rightful player just before it checks
    /// becomes a check.
    fn ugly_tuna_10_11_check_must_call(&self) -> TurnReached {
        let (n, what, oot) = (self.n, &self.what, self.oot);
        match oot.intent {
            Intent::Check if self.since == Since::Changed => self.bind(
                "",
                Intent::Call(None),
                format!("Seat {n} checked out of turn and a bet was made in turn: it must call."),
            ),
            Intent::Bet(_) | Intent::Raise(_) | Intent::AllIn
                if self.since == Since::Unchanged
                    && oot.faced.is_zero()
                    && checked_just_before(self.st, oot) =>
            {
                self.bind(
                    "bet-then-check",
                    Intent::Check,
                    format!(
                        "Seat {n} bet out of turn and seat {}, just before it, checked: seat {n} must also check.",
                        oot.skipped.number()
                    ),
                )
            }
            _ if self.since != Since::Unchanged => self.void(
                "intervening",
                format!(
                    "A player between bet, called or raised after seat {n}'s {what} out of turn: it is not binding, any chips go back and seat {n} has every option."
                ),
                false,
            ),
            intent => self.bind(
                "intervening",
                intent,
                format!(
                    "No one between bet, called or raised: seat {n}'s {what} out of turn binds."
                ),
            ),
        }
    }

    /// UPT Betting 10: a bet or raise frees the action; after an
    /// intervening call the floor may rule it binding (the floor picks);
    /// a check or call out of turn may not become a bet or raise on the
    /// seat's next turn, whether it binds or not.
    fn upt_betting_10_no_raise_next_turn(&self) -> TurnReached {
        let (n, what, oot) = (self.n, &self.what, self.oot);
        let barred = matches!(oot.intent, Intent::Check | Intent::Call(_));
        let limit = if oot.intent == Intent::Check {
            "may not bet or raise"
        } else {
            "may not raise"
        };
        let next_turn = match oot.intent {
            Intent::Check => "check-no-bet-next-turn",
            Intent::Call(_) => "call-no-raise-next-turn",
            _ => "",
        };
        let said = |on: &str| {
            if barred {
                format!(", and it {limit} on {on}")
            } else {
                String::new()
            }
        };
        let mut events = match self.since {
            Since::Changed => {
                return self.void(
                    next_turn,
                    format!(
                        "The action to seat {n} was changed by a bet or raise: its {what} out of turn does not bind{}.",
                        said("this turn")
                    ),
                    barred,
                );
            }
            Since::Called => {
                let limited = if barred {
                    format!(" (it {limit})")
                } else {
                    String::new()
                };
                vec![
                    Event::OutOfTurnReferred { seat: oot.seat },
                    self.upt_betting_10_floor_may_bind(&limited),
                ]
            }
            Since::Unchanged => vec![ruling_on(
                self.rules,
                RulingId::OutOfTurn,
                next_turn,
                format!(
                    "The action to seat {n} did not change: its {what} out of turn binds{}.",
                    said("its next turn")
                ),
            )],
        };
        if barred {
            events.push(Event::RaiseBarred { seat: oot.seat });
        }
        match self.since {
            Since::Unchanged => TurnReached::Bind(oot.intent, events),
            _ => TurnReached::Rule(events),
        }
    }

    /// UPT Betting 10: after an intervening call the floor may rule the
    /// action binding, or let the seat act now (`limited`: how).
    fn upt_betting_10_floor_may_bind(&self, limited: &str) -> Event {
        let (n, what) = (self.n, &self.what);
        let ruling = self
            .rules
            .ruling_clause(
                RulingId::OutOfTurn,
                "intervening",
                format!(
                    "There was an intervening call after seat {n}'s {what} out of turn: the floor may rule it binding, or let seat {n} act now{limited}."
                ),
            )
            .with_options(vec![FloorOption::after(
                format!("Seat {n}'s {what} out of turn binds."),
                format!("floor binding s{n}"),
            )]);
        Event::RulingSuggested { ruling }
    }

    /// Redtooth 4: an action out of turn is not binding; the seat acts
    /// freely.
    fn redtooth_4_not_binding(&self) -> TurnReached {
        let (n, what) = (self.n, &self.what);
        self.void(
            "",
            format!(
                "The turn reaches seat {n}: its {what} out of turn was not binding; it acts freely."
            ),
            false,
        )
    }
}

/// Ugly Tuna Betting 11: the skipped player, immediately before the seat
/// that bet out of turn, has checked.
fn checked_just_before(st: &HandState, oot: &OutOfTurnAction) -> bool {
    let adjacent = oot.skipped.clockwise_after().find(|s| st.seat(*s).live()) == Some(oot.seat);
    let checked = st
        .actions
        .get(oot.since..)
        .unwrap_or_default()
        .iter()
        .any(|a| a.seat == oot.skipped && a.kind == ActionKind::Check);
    adjacent && checked
}

/// The floor's answer to a held out-of-turn action it was asked about
/// (`floor binding sN`): the action binds now.
pub(super) fn rule_binding(
    out: &mut Outcome<'_>,
    rules: &HouseRules,
    seat: Seat,
) -> Result<(), Refusal> {
    let n = seat.number();
    let Some(oot) = out
        .state
        .out_of_turn
        .iter()
        .find(|o| o.seat == seat && !o.bound)
        .copied()
    else {
        return Err(Refusal::NothingTo(
            "rule binding: that seat has no action held out of turn",
        ));
    };
    if out.state.to_act != Some(seat) {
        return Err(Refusal::NotYourTurn {
            seat: n,
            to_act: out.state.to_act.map_or(0, |t| t.number()),
        });
    }
    let (action, full) = as_made(out.state, rules, seat, oot.intent).ok_or(Refusal::NothingTo(
        "bind: the held action is no longer possible",
    ))?;
    let rulings = action_rulings(out.state, rules, &action, full);
    out.bind(action, full, rulings);
    out.emit(ruling_on(
        rules,
        RulingId::OutOfTurn,
        "intervening",
        format!(
            "The floor rules seat {n}'s {} out of turn binding: {action}.",
            oot.intent
        ),
    ));
    Ok(())
}

impl Outcome<'_> {
    /// Nuts 37: "Where action occurs before a player calls time that they
    /// have not acted and the dealer places a new board card, that player
    /// shall have a dead hand." Elsewhere the card is premature (and the
    /// floor may rule the hand dead itself).
    pub(super) fn board_over_skipped(&mut self, rules: &HouseRules) {
        let Some(seat) = self.state.to_act.filter(|t| self.state.skipped == Some(*t)) else {
            return;
        };
        if rules.settings.out_of_turn.value != OutOfTurn::CommittedCallOrFold {
            return;
        }
        self.emit(Event::HandKilled { seat });
        self.emit(ruling_on(
            rules,
            RulingId::DeadHand,
            "missed-player-board",
            format!(
                "Seat {} was missed, action occurred behind it, and the dealer put out the next board card before it acted: its hand is dead and its chips stay in the pot.",
                seat.number()
            ),
        ));
    }

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
                .find(|o| o.seat == seat && !o.bound && !o.referred)
                .copied()
            else {
                return;
            };
            match turn_reached(self.state, rules, &oot) {
                TurnReached::Rule(events) => {
                    for e in events {
                        self.emit(e);
                    }
                    return;
                }
                TurnReached::Bind(intent, events) => {
                    match as_made(self.state, rules, seat, intent) {
                        Some((action, full)) => {
                            let rulings = action_rulings(self.state, rules, &action, full);
                            self.bind(action, full, rulings);
                            for e in events {
                                self.emit(e);
                            }
                        }
                        None => {
                            self.emit(Event::OutOfTurnVoided { seat });
                            return;
                        }
                    }
                }
            }
        }
    }
}
