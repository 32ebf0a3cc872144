//! `decide`: checks a command against the state and the house rules and
//! returns the events it causes, or a refusal. Nothing changes here.
//!
//! Follow-on events (an uncalled bet going back, the pots awarded when all
//! but one fold or at showdown) are found by applying the command's events
//! to a scratch copy of the state and settling it.

use super::cards::{Card, format_cards};
use super::chips::Chips;
use super::command::{Command, Intent, Refusal};
use super::eval;
use super::event::{
    Action, ActionKind, AnteMode, Award, Declaration, Event, Post, PushedChips, Street, TableSetup,
};
use super::irregular;
use super::pots;
use super::seat::Seat;
use super::state::{HandState, Pending};
use crate::rules::{
    HouseRules, MultipleChips, OversizedChip, Ruling, RulingId, Undercall, VerbalVsChips,
};

/// The events `command` causes in `state` under `rules`, or why not.
pub fn decide(
    state: &HandState,
    rules: &HouseRules,
    command: &Command,
) -> Result<Vec<Event>, Refusal> {
    if let Command::StartHand(setup) = command {
        if state.started {
            return Err(Refusal::AlreadyStarted);
        }
        return start(setup, rules);
    }
    if !state.started {
        return Err(Refusal::NotStarted);
    }
    if state.street == Street::Done {
        return Err(Refusal::HandOver);
    }
    let mut out = Outcome::new(state.clone());
    // A seat's pending physical action resolves when the next line concerns
    // another seat or the dealer. A clear verb from the same seat is the
    // dealer's own reading of it and takes its place.
    if let Some(pending) = &state.pending {
        let same_seat = command.seat() == Some(pending.seat);
        if !same_seat || matches!(command, Command::Resolve) {
            out.resolve_pending(rules)?;
        }
    }
    if let Some(events) = out_of_turn_line(&out.state, rules, command)? {
        for e in events {
            out.emit(e);
        }
        out.settle(rules);
        return Ok(out.events);
    }
    match command {
        Command::StartHand(_) => unreachable!("handled above"),
        Command::Say {
            seat,
            declaration: Declaration::Conditional,
        } => out.emit(irregular::conditional(rules, Some(*seat))),
        Command::Resolve if state.pending.is_none() => return Err(Refusal::NothingTo("resolve")),
        Command::Resolve => {}
        Command::Act {
            seat,
            intent,
            all_in,
        } => {
            let (action, full) = clear_action(&out.state, rules, *seat, *intent)?;
            if *all_in && !action.all_in {
                return Err(Refusal::StatedMismatch {
                    stated: "allin".into(),
                    actual: format!("{action} leaves chips behind"),
                });
            }
            let rulings = action_rulings(&out.state, rules, &action, full);
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
                discard(&out.state, *seat)?;
                let st = &out.state;
                let called_aggressor = st.last_aggressor == Some(*seat) && st.last_caller.is_some();
                out.emit(Event::HandDiscarded { seat: *seat });
                if called_aggressor {
                    // TDA 17-B: a caller may see the hand he paid to see.
                    let text = format!(
                        "Seat {} made the last river bet and was called: a caller who still holds or has tabled his cards may ask to see seat {}'s hand, and the dealer keeps it identifiable until then.",
                        seat.number(),
                        seat.number()
                    );
                    out.emit(Event::RulingSuggested {
                        ruling: rules.ruling(RulingId::ShowdownOrder, text),
                    });
                }
            } else {
                out.add_step(rules, Event::Mucked { seat: *seat })?;
            }
        }
        Command::Hole { seat, cards } => {
            hole(&out.state, *seat, cards)?;
            out.emit(Event::HoleCards {
                seat: *seat,
                cards: *cards,
            });
        }
        Command::Show { seat, cards } => {
            let cards = show(&out.state, *seat, cards.as_ref())?;
            out.emit(Event::HandShown { seat: *seat, cards });
        }
        Command::Deal { street, cards } => {
            if *street == Street::Flop && cards.len() == 4 && out.state.to_act.is_none() {
                unseen(&out.state, cards, None)?;
                out.emit(irregular::four_card_flop(rules));
            } else if out.state.to_act.is_some() && out.state.street.next_board() == Some(*street) {
                // Dealt while a player is still to act: premature, not dealt.
                out.emit(irregular::premature(&out.state, rules, *street));
            } else {
                deal(&out.state, *street, cards)?;
                out.emit(Event::StreetDealt {
                    street: *street,
                    cards: cards.clone(),
                });
            }
        }
        Command::Floor(irregularity) => {
            for e in irregular::floor(&out.state, rules, *irregularity)? {
                out.emit(e);
            }
        }
    }
    out.settle(rules);
    Ok(out.events)
}

/// A player line from a seat whose turn it is not: the house's out-of-turn
/// ruling, or `None` when the line is in turn (or not a betting action).
fn out_of_turn_line(
    st: &HandState,
    rules: &HouseRules,
    command: &Command,
) -> Result<Option<Vec<Event>>, Refusal> {
    let Some(seat) = command.seat() else {
        return Ok(None);
    };
    if !irregular::is_out_of_turn(st, seat) {
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
    irregular::out_of_turn(st, rules, seat, intent).map(Some)
}

/// Events under construction, applied to a scratch state as they are made.
struct Outcome {
    state: HandState,
    events: Vec<Event>,
}

impl Outcome {
    fn new(state: HandState) -> Outcome {
        Outcome {
            state,
            events: Vec::new(),
        }
    }

    fn emit(&mut self, event: Event) {
        self.state.apply(&event);
        self.events.push(event);
    }

    fn bind(&mut self, action: Action, full: bool, rulings: Vec<Ruling>) {
        self.emit(Event::ActionBound { action, full });
        for ruling in rulings {
            self.emit(Event::RulingSuggested { ruling });
        }
    }

    fn resolve_pending(&mut self, rules: &HouseRules) -> Result<(), Refusal> {
        if let Some(pending) = self.state.pending.clone() {
            let binding = interpret(&self.state, rules, &pending)?;
            self.bind(binding.action, binding.full, binding.rulings);
        }
        Ok(())
    }

    /// Adds a gesture or words to the seat's pending action, refusing it if
    /// the whole would bind nothing legal.
    fn add_step(&mut self, rules: &HouseRules, step: Event) -> Result<(), Refusal> {
        let seat = match &step {
            Event::Declared { seat, .. }
            | Event::ChipsPushed { seat, .. }
            | Event::Tapped { seat }
            | Event::Mucked { seat } => *seat,
            _ => unreachable!("only physical steps are pending"),
        };
        in_turn(&self.state, seat)?;
        let mut pending = match &self.state.pending {
            Some(p) if p.seat == seat => p.clone(),
            _ => Pending {
                seat,
                steps: Vec::new(),
            },
        };
        pending.steps.push(step.clone());
        let pushed: Chips = pending
            .steps
            .iter()
            .filter_map(|s| match s {
                Event::ChipsPushed { chips, .. } => Some(chips.total()),
                _ => None,
            })
            .sum();
        let stack = self.state.seat(seat).stack;
        if pushed > stack {
            return Err(Refusal::NotEnoughChips {
                seat: seat.number(),
                stack,
                needed: pushed,
            });
        }
        interpret(&self.state, rules, &pending)?;
        self.emit(step);
        Ok(())
    }

    /// Returns uncalled chips, awards pots when the hand is decided, and
    /// suggests the rulings that come with the end of a round.
    fn settle(&mut self, rules: &HouseRules) {
        if self.state.street == Street::Done || self.state.pending.is_some() {
            return;
        }
        self.reach_out_of_turn(rules);
        let st = &self.state;
        if st.street == Street::Done {
            return;
        }
        let live: Vec<Seat> = st.live().collect();
        let round_over =
            st.street == Street::Showdown || (st.street.is_betting() && st.to_act.is_none());
        if live.len() == 1 || round_over {
            self.return_uncalled(rules);
        }
        let st = &self.state;
        if live.len() == 1 {
            let winner = live[0];
            let awards = st
                .pots()
                .into_iter()
                .map(|pot| Award {
                    shares: vec![(winner, pot.amount)],
                    pot,
                })
                .collect();
            self.emit(Event::PotsAwarded { awards });
            return;
        }
        if !round_over {
            return;
        }
        let pots_now = st.pots();
        if pots_now.len() > 1 {
            let text = describe_pots(&pots_now);
            let said = st
                .rulings
                .iter()
                .rev()
                .find(|r| r.id == RulingId::SidePot)
                .is_some_and(|r| *r.text == *text);
            if !said {
                self.emit(Event::RulingSuggested {
                    ruling: rules.ruling(RulingId::SidePot, text),
                });
            }
        }
        let st = &self.state;
        let no_more_betting = st.street == Street::Showdown
            || st.live().filter(|s| st.seat(*s).can_act()).count() <= 1;
        let anyone_all_in = st.live().any(|s| st.seat(s).all_in());
        if anyone_all_in && no_more_betting && !has_ruling(st, RulingId::AllInFaceUp) {
            let text = "A player is all in and the betting is complete: every hand still in is tabled face up now.".to_string();
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling(RulingId::AllInFaceUp, text),
            });
        }
        let st = &self.state;
        if st.street == Street::Showdown {
            if !has_ruling(st, RulingId::ShowdownOrder)
                && let Some(first) = st.show_first(rules)
            {
                let why = match st.last_aggressor.filter(|s| st.seat(*s).live()) {
                        Some(a) if a == first => format!("seat {} made the last bet or raise on the river", a.number()),
                        _ => "the first live seat left of the button shows first when there was no river bet".to_string(),
                    };
                let text = format!("Seat {} tables first: {why}.", first.number());
                self.emit(Event::RulingSuggested {
                    ruling: rules.ruling(RulingId::ShowdownOrder, text),
                });
            }
            let st = &self.state;
            if st.live().all(|s| st.seat(s).shown) {
                self.award_showdown(rules);
            }
        }
    }

    /// When the turn reaches a seat that acted out of turn, the house rules
    /// what binds. Repeats while the turn moves on to such seats.
    fn reach_out_of_turn(&mut self, rules: &HouseRules) {
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
            match irregular::turn_reached(&self.state, rules, &oot) {
                irregular::TurnReached::Rule(events) => {
                    for e in events {
                        self.emit(e);
                    }
                    return;
                }
                irregular::TurnReached::Bind(intent, events) => {
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

    /// The part of the largest contribution no one matched goes back
    /// (TDA 60: "the uncalled amount will be returned to him").
    fn return_uncalled(&mut self, rules: &HouseRules) {
        let st = &self.state;
        let mut by_commit: Vec<(Chips, Seat)> =
            st.occupied().map(|s| (st.seat(s).committed, s)).collect();
        by_commit.sort_by_key(|c| std::cmp::Reverse(c.0));
        if let [(top, seat), (second, _), ..] = by_commit[..]
            && top > second
        {
            let amount = top - second;
            let text = format!("Seat {}'s uncalled {amount} goes back.", seat.number());
            self.emit(Event::BetReturned { seat, amount });
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling(RulingId::UncalledBet, text),
            });
        }
    }

    fn award_showdown(&mut self, rules: &HouseRules) {
        let st = &self.state;
        let mut awards = Vec::new();
        let mut odd = Vec::new();
        for pot in st.pots() {
            let winners = best_hands(st, &pot.eligible);
            let shares = pots::split(pot.amount, &winners, st, rules.settings.odd_chip.value);
            if let Some(text) = odd_chip_text(&pot, &shares) {
                odd.push(text);
            }
            awards.push(Award { pot, shares });
        }
        self.emit(Event::PotsAwarded { awards });
        for text in odd {
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling(RulingId::OddChip, text),
            });
        }
    }
}

fn has_ruling(st: &HandState, id: RulingId) -> bool {
    st.rulings.iter().any(|r| r.id == id)
}

fn describe_pots(pots: &[super::event::Pot]) -> String {
    let parts: Vec<String> = pots
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seats: Vec<String> = p.eligible.iter().map(|s| s.number().to_string()).collect();
            let name = if i == 0 {
                "main pot".to_string()
            } else {
                format!("side pot {i}")
            };
            format!("{name} {} (seats {})", p.amount, seats.join(", "))
        })
        .collect();
    format!("Each pot is settled separately: {}.", parts.join("; "))
}

fn odd_chip_text(pot: &super::event::Pot, shares: &[(Seat, Chips)]) -> Option<String> {
    let low = shares.iter().map(|s| s.1).min()?;
    let high = shares.iter().map(|s| s.1).max()?;
    if shares.len() < 2 || low == high {
        return None;
    }
    let favoured: Vec<String> = shares
        .iter()
        .filter(|s| s.1 > low)
        .map(|s| s.0.number().to_string())
        .collect();
    Some(format!(
        "The pot of {} splits {} ways; the odd chip(s) go to seat {}.",
        pot.amount,
        shares.len(),
        favoured.join(", ")
    ))
}

/// The seats among `eligible` with the best tabled hand (cards speak).
fn best_hands(st: &HandState, eligible: &[Seat]) -> Vec<Seat> {
    let contenders: Vec<Seat> = eligible
        .iter()
        .copied()
        .filter(|s| st.seat(*s).live())
        .collect();
    if contenders.len() <= 1 {
        return contenders;
    }
    let strength = |seat: Seat| st.seat(seat).hole.map(|hole| strength(&hole, &st.board));
    let best = contenders.iter().filter_map(|s| strength(*s)).max();
    contenders
        .into_iter()
        .filter(|s| strength(*s) == best)
        .collect()
}

/// A comparable hand strength: the evaluator's rank with five or more cards,
/// else rank groups (a showdown on an unrecorded board).
fn strength(hole: &[Card; 2], board: &[Card]) -> (u32, Vec<u8>) {
    let mut cards: Vec<Card> = hole.to_vec();
    cards.extend_from_slice(board);
    if cards.len() >= 5 {
        return (u32::from(eval::evaluate(&cards).value()) + 1, Vec::new());
    }
    let mut counts = [0u8; 13];
    for c in &cards {
        counts[c.rank() as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|r| counts[*r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    (0, groups.into_iter().flat_map(|(n, r)| [n, r]).collect())
}

fn start(setup: &TableSetup, rules: &HouseRules) -> Result<Vec<Event>, Refusal> {
    validate_setup(setup)?;
    if let Some(problem) =
        crate::rules::ante_problem(&rules.settings, setup.small_blind.get(), setup.ante.get())
    {
        return Err(Refusal::Setup(format!("{problem}.")));
    }
    let mut out = Outcome::new(HandState::default());
    out.emit(Event::HandStarted {
        setup: setup.clone(),
    });
    if setup.street != Street::Preflop {
        return Ok(out.events);
    }
    let dealt: Vec<Seat> = out.state.occupied().collect();
    let heads_up = dealt.len() == 2;
    // TDA 33: heads-up the button posts the small blind.
    let (sb, bb) = if heads_up && dealt.contains(&setup.button) {
        let other = dealt
            .iter()
            .copied()
            .find(|s| *s != setup.button)
            .unwrap_or(setup.button);
        (setup.button, other)
    } else {
        let sb = setup
            .button
            .clockwise_after()
            .find(|s| dealt.contains(s))
            .unwrap_or(dealt[0]);
        let bb = sb
            .clockwise_after()
            .find(|s| dealt.contains(s))
            .unwrap_or(sb);
        (sb, bb)
    };
    if !setup.ante.is_zero() {
        let payers: Vec<Seat> = match setup.ante_mode {
            AnteMode::PerPlayer => dealt.clone(),
            AnteMode::BigBlind => vec![bb],
        };
        for seat in payers {
            let amount = setup.ante.min(out.state.seat(seat).stack);
            out.emit(Event::Posted {
                seat,
                post: Post::Ante,
                amount,
            });
        }
    }
    let mut rulings = Vec::new();
    for (seat, post, nominal) in [
        (sb, Post::SmallBlind, setup.small_blind),
        (bb, Post::BigBlind, setup.big_blind),
    ] {
        let amount = nominal.min(out.state.seat(seat).stack);
        if nominal.is_zero() {
            continue;
        }
        out.emit(Event::Posted { seat, post, amount });
        if amount < nominal {
            let which = if post == Post::SmallBlind {
                "small"
            } else {
                "big"
            };
            let text = if post == Post::BigBlind {
                format!(
                    "Seat {} posts {amount} of the {nominal} big blind, all in; the big blind stays {nominal}: a call is {nominal} and a raise is to at least {}.",
                    seat.number(),
                    Chips(nominal.get() * 2)
                )
            } else {
                format!(
                    "Seat {} posts {amount} of the {nominal} {which} blind, all in.",
                    seat.number()
                )
            };
            rulings.push(rules.ruling(RulingId::ShortBlind, text));
        }
    }
    if !dealt.contains(&setup.button) {
        let text = format!(
            "The button is on empty seat {} (a dead button): seat {} posts the small blind and seat {} the big blind.",
            setup.button.number(),
            sb.number(),
            bb.number()
        );
        rulings.insert(0, rules.ruling(RulingId::DeadButton, text));
    }
    if heads_up {
        let text = format!(
            "Heads-up: the button (seat {}) posts the small blind and acts first before the flop, last after it.",
            sb.number()
        );
        rulings.insert(0, rules.ruling(RulingId::HeadsUpButton, text));
    }
    for ruling in rulings {
        out.emit(Event::RulingSuggested { ruling });
    }
    Ok(out.events)
}

fn validate_setup(setup: &TableSetup) -> Result<(), Refusal> {
    let bad = |m: String| Err(Refusal::Setup(m));
    let players = setup.stacks.iter().filter(|(_, c)| !c.is_zero()).count();
    if players < 2 {
        return bad("a hand needs at least two seated players with chips.".into());
    }
    let mut seen_seats = 0u16;
    for (seat, stack) in &setup.stacks {
        if stack.is_zero() {
            return bad(format!(
                "seat {} has no chips; leave an empty seat out.",
                seat.number()
            ));
        }
        if seen_seats & (1 << seat.index()) != 0 {
            return bad(format!("seat {} is listed twice.", seat.number()));
        }
        seen_seats |= 1 << seat.index();
    }
    if setup.small_blind > setup.big_blind {
        return bad(format!(
            "the small blind ({}) is larger than the big blind ({}).",
            setup.small_blind, setup.big_blind
        ));
    }
    if setup.denominations.iter().any(|d| d.is_zero()) {
        return bad("a chip denomination of 0 is not a chip.".into());
    }
    if !matches!(
        setup.street,
        Street::Preflop | Street::Flop | Street::Turn | Street::River
    ) {
        return bad(format!("a hand cannot start at {}.", setup.street));
    }
    let board_len = setup.board.len();
    let allowed = match setup.street {
        Street::Flop => [0, 3],
        Street::Turn => [0, 4],
        Street::River => [0, 5],
        _ => [0, 0],
    };
    if !allowed.contains(&board_len) {
        return bad(format!(
            "a hand starting on the {} cannot have {board_len} board cards.",
            setup.street
        ));
    }
    if setup.street == Street::Preflop && !setup.pot.is_zero() {
        return bad("a starting pot is only for hands that start after the preflop.".into());
    }
    let mut mask = 0u64;
    for c in &setup.board {
        if mask & c.bit() != 0 {
            return Err(Refusal::DuplicateCard(c.to_string()));
        }
        mask |= c.bit();
    }
    Ok(())
}

/// Checks that `seat` may act in turn now.
fn in_turn(st: &HandState, seat: Seat) -> Result<(), Refusal> {
    let s = st.seat(seat);
    let n = seat.number();
    if !s.occupied {
        return Err(Refusal::SeatEmpty(n));
    }
    if s.folded || s.discarded {
        return Err(Refusal::Folded(n));
    }
    if s.all_in() {
        return Err(Refusal::AllIn(n));
    }
    match st.to_act {
        None => Err(Refusal::BettingClosed(st.street)),
        Some(t) if t != seat => Err(Refusal::NotYourTurn {
            seat: n,
            to_act: t.number(),
        }),
        Some(_) => Ok(()),
    }
}

/// The action a street total `to` makes for `seat` (a check, call, bet or
/// raise), and whether it is a full bet or raise.
fn action_to(st: &HandState, rules: &HouseRules, seat: Seat, to: Chips) -> (Action, bool) {
    let s = st.seat(seat);
    let to = to.min(s.max_to());
    let all_in = to == s.max_to() && !to.is_zero() && to > s.wager;
    let kind = if to <= st.current_bet {
        if to == s.wager && s.wager >= st.current_bet {
            ActionKind::Check
        } else {
            ActionKind::Call
        }
    } else if st.current_bet.is_zero() {
        ActionKind::Bet
    } else {
        ActionKind::Raise
    };
    let full = matches!(kind, ActionKind::Bet | ActionKind::Raise) && to >= st.min_raise_to(rules);
    (
        Action {
            seat,
            kind,
            to,
            all_in,
        },
        full,
    )
}

fn clear_action(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    intent: Intent,
) -> Result<(Action, bool), Refusal> {
    in_turn(st, seat)?;
    let s = st.seat(seat);
    let n = seat.number();
    let to_call = st.to_call(seat);
    match intent {
        Intent::Fold => Ok((Action::fold(seat, s.wager), false)),
        Intent::Check => {
            if s.wager < st.current_bet {
                return Err(Refusal::CannotCheck { seat: n, to_call });
            }
            Ok(action_to(st, rules, seat, s.wager))
        }
        Intent::Call(stated) => {
            if s.wager >= st.current_bet {
                return Err(Refusal::NothingToCall(n));
            }
            let call = action_to(st, rules, seat, st.current_bet);
            match stated {
                Some(to) if to != call.0.to => Err(Refusal::StatedMismatch {
                    stated: format!("call {}", to.get()),
                    actual: format!("the call is {}", call.0),
                }),
                _ => Ok(call),
            }
        }
        Intent::Bet(to) => {
            if !st.current_bet.is_zero() {
                return Err(Refusal::BetFacingBet {
                    seat: n,
                    current: st.current_bet,
                });
            }
            wager_to(st, rules, seat, to)
        }
        Intent::Raise(to) => {
            if st.current_bet.is_zero() {
                return Err(Refusal::NoBetToRaise(n));
            }
            wager_to(st, rules, seat, to)
        }
        Intent::AllIn => {
            let to = s.max_to();
            if to > st.current_bet && !st.can_raise(seat, rules) {
                return Err(Refusal::RaiseNotAllowed(n));
            }
            Ok(action_to(st, rules, seat, to))
        }
    }
}

/// A bet or raise to `to`, checked against the stack and the minimum.
fn wager_to(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    to: Chips,
) -> Result<(Action, bool), Refusal> {
    let s = st.seat(seat);
    let n = seat.number();
    if to > s.max_to() {
        return Err(Refusal::NotEnoughChips {
            seat: n,
            stack: s.stack,
            needed: to.saturating_sub(s.wager),
        });
    }
    if to <= st.current_bet {
        return Err(Refusal::NotAboveBet {
            current: st.current_bet,
            got: to,
        });
    }
    if !st.can_raise(seat, rules) {
        return Err(Refusal::RaiseNotAllowed(n));
    }
    let min = st.min_raise_to(rules);
    if to < min && to < s.max_to() {
        return Err(if st.current_bet.is_zero() {
            Refusal::BetTooSmall { min, got: to }
        } else {
            Refusal::RaiseTooSmall { min, got: to }
        });
    }
    Ok(action_to(st, rules, seat, to))
}

/// Rulings that a binding action brings by itself (a short all-in).
fn action_rulings(st: &HandState, rules: &HouseRules, action: &Action, full: bool) -> Vec<Ruling> {
    let mut out = Vec::new();
    if action.all_in && matches!(action.kind, ActionKind::Raise | ActionKind::Bet) && !full {
        let min = st.min_raise_to(rules);
        let text = format!(
            "Seat {}'s all in to {} is less than a full {} (to {}): it does not reopen the betting to players who have already acted, and the minimum raise stays to {}.",
            action.seat.number(),
            action.to,
            if action.kind == ActionKind::Bet {
                "bet"
            } else {
                "raise"
            },
            min,
            full_raise_after(st, rules, action.to)
        );
        out.push(rules.ruling(RulingId::ShortAllIn, text));
    }
    out
}

/// The minimum raise-to after a short all-in to `to` (the increment stays).
fn full_raise_after(st: &HandState, rules: &HouseRules, to: Chips) -> Chips {
    let mut next = st.clone();
    next.current_bet = to;
    next.min_raise_to(rules)
}

/// What a seat's pending physical action binds, and the rulings it needs.
struct Binding {
    action: Action,
    full: bool,
    rulings: Vec<Ruling>,
}

/// Reads words and chips under the house rules. (TDA meanings: 37, 39, 42,
/// 43, 45, 46, 50-C, 51.)
fn interpret(st: &HandState, rules: &HouseRules, p: &Pending) -> Result<Binding, Refusal> {
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
            rulings.push(rules.ruling(
                RulingId::VerbalBinding,
                format!("Seat {n}'s words and chips differ: the verbal statement takes precedence and the bet is corrected to it."),
            ));
            words
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
                rulings.push(string_bet(rules, seat, chips.total(), &motions[1..]));
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
                rulings.push(rules.ruling(
                    RulingId::StringBet,
                    format!("Seat {n} said \"{declaration}\" and then \"{next}\": only the first declaration binds; the rest is a string raise and does not play."),
                ));
            }
            let said = |rulings: &mut Vec<Ruling>, what: String| {
                rulings.push(rules.ruling(
                    RulingId::VerbalBinding,
                    format!("Seat {n} said \"{declaration}\" in turn: {what}."),
                ));
            };
            match *declaration {
                Declaration::Fold => {
                    said(&mut rulings, "the hand is folded".into());
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
                    said(&mut rulings, "a check".into());
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
                        format!("a call of {}{extra}", to.min(s.max_to())),
                    );
                    Ok(bind(to, rulings))
                }
                Declaration::AllIn => {
                    let to = s.max_to();
                    if to > st.current_bet && !st.can_raise(seat, rules) {
                        said(
                            &mut rulings,
                            format!(
                                "the betting is not open to a raise, so it is a call of {}",
                                st.current_bet
                            ),
                        );
                        return Ok(bind(st.current_bet, rulings));
                    }
                    said(&mut rulings, format!("all in to {to}"));
                    let b = bind(to, Vec::new());
                    rulings.extend(action_rulings(st, rules, &b.action, b.full));
                    Ok(Binding { rulings, ..b })
                }
                Declaration::Bet(Some(amount)) | Declaration::Raise(Some(amount)) => {
                    declared_wager(st, rules, seat, amount, declaration, rulings)
                }
                Declaration::Bet(None) | Declaration::Raise(None) => {
                    if !st.can_raise(seat, rules) {
                        return Err(Refusal::RaiseNotAllowed(n));
                    }
                    let min = st.min_raise_to(rules);
                    let word = st.wager_word();
                    let Some(first) = motions.first() else {
                        said(
                            &mut rulings,
                            format!("it commits to a {word}: at least the minimum, to {min}"),
                        );
                        return Ok(bind(min, rulings));
                    };
                    if let Some(chip) = first.single_chip() {
                        rulings.push(rules.ruling(
                            RulingId::OversizedChip,
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
                            seat,
                            to.saturating_sub(s.wager),
                            &motions[used..],
                        ));
                    }
                    if to < min {
                        rulings.push(rules.ruling(
                            RulingId::MinRaise,
                            format!("Seat {n} declared a {word} and put out chips to {to}, less than the minimum: it is a minimum {word} to {min}."),
                        ));
                        Ok(bind(min, rulings))
                    } else {
                        said(&mut rulings, format!("a {word} to {to}"));
                        Ok(bind(to, rulings))
                    }
                }
                Declaration::Pot => {
                    // TDA 50-C: "pot" binds a valid (minimum) bet or raise.
                    if !st.can_raise(seat, rules) {
                        return Err(Refusal::RaiseNotAllowed(n));
                    }
                    let min = st.min_raise_to(rules);
                    let word = st.wager_word();
                    rulings.push(rules.ruling(
                        RulingId::PotBetNoLimit,
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
                            rulings.push(lesser_ruling(rules, n, said_amount, read));
                            read
                        }
                        None => said_amount,
                    };
                    // TDA 37-C: an amount alone is the same as pushing it silently.
                    if !motions.is_empty() {
                        rulings.push(string_bet(rules, seat, amount, &motions));
                    }
                    silent_push(st, rules, seat, &PushedChips::Amount(amount), rulings)
                }
            }
        }
        _ => unreachable!("only physical steps are pending"),
    }
}

fn string_bet(rules: &HouseRules, seat: Seat, first: Chips, later: &[&PushedChips]) -> Ruling {
    let later: Chips = later.iter().map(|m| m.total()).sum();
    rules.ruling(
        RulingId::StringBet,
        format!(
            "Seat {} put out {first} and then {later} more in another motion without declaring a raise first: only the first motion plays.",
            seat.number()
        ),
    )
}

/// A declared bet or raise with an amount (a street total, TDA 43-B).
fn declared_wager(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    amount: Chips,
    declaration: &Declaration,
    mut rulings: Vec<Ruling>,
) -> Result<Binding, Refusal> {
    let n = seat.number();
    if !st.can_raise(seat, rules) {
        return Err(Refusal::RaiseNotAllowed(n));
    }
    let s = st.seat(seat);
    let amount = match lesser_amount(st, amount) {
        Some(read) => {
            rulings.push(lesser_ruling(rules, n, amount, read));
            read
        }
        None => amount,
    };
    let min = st.min_raise_to(rules);
    if amount >= s.max_to() {
        rulings.push(rules.ruling(
            RulingId::VerbalBinding,
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
        rulings.push(rules.ruling(
            RulingId::MinRaise,
            format!("Seat {n} declared \"{declaration}\", less than the minimum: it is a minimum {word} to {min}."),
        ));
        min
    } else {
        rulings.push(rules.ruling(
            RulingId::VerbalBinding,
            format!("Seat {n} declared \"{declaration}\" in turn: a {word} to {amount}."),
        ));
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
fn lesser_amount(st: &HandState, amount: Chips) -> Option<Chips> {
    let min_bet = st.big_blind;
    if amount >= min_bet || amount.get() >= 100 {
        return None;
    }
    [10, 100, 1000]
        .into_iter()
        .map(|k| Chips(amount.get() * k))
        .find(|c| *c >= min_bet)
}

fn lesser_ruling(rules: &HouseRules, n: u8, said: Chips, read: Chips) -> Ruling {
    rules.ruling(
        RulingId::LesserAmount,
        format!("Seat {n} declared \"{}\", which can mean more than one amount: it is ruled the lesser value, {read}.", said.get()),
    )
}

/// Chips put out without a declaration (TDA 43, 45, 46, 39-B).
fn silent_push(
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
    let mut ruling = |id: RulingId, text: String| rulings.push(rules.ruling(id, text));
    if let Some(chip) = chips.single_chip()
        && rules.settings.oversized_chip.value == OversizedChip::CallPreflop
        && st.street == Street::Preflop
        && to_call.is_zero()
        && !cb.is_zero()
    {
        // Redtooth 11a: before the flop an oversized chip is a call.
        ruling(
            RulingId::OversizedChip,
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
                format!(
                    "Seat {n}'s bet of {to} is less than the minimum bet: it is brought up to {min}."
                ),
            );
            return Ok(bind(min, rulings));
        }
        if let Some(chip) = chips.single_chip() {
            ruling(
                RulingId::OversizedChip,
                format!(
                    "Seat {n} put out a single {chip} chip without facing a bet: a bet of {chip}."
                ),
            );
        }
        return Ok(bind(to, rulings));
    }
    if !to_call.is_zero() && amount > to_call {
        if let Some(chip) = chips.single_chip() {
            ruling(
                RulingId::OversizedChip,
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
                format!(
                    "Seat {n} put out {amount} in several chips facing {to_call}; every chip is needed to call, so it is a call of {cb}; {} goes back.",
                    amount - to_call
                ),
            );
            return Ok(bind(cb, rulings));
        }
        if chips.smallest_of_several().is_some() {
            let why = if rule_applies {
                "removing one of the smallest chips still leaves the call, so the 50% standard decides"
            } else {
                "the chips are of mixed denominations, so the 50% standard decides"
            };
            ruling(
                RulingId::MultipleChip,
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
        let text = if always {
            format!(
                "Seat {n} put out {amount} of the {to_call} to call: a call of an improperly low amount is brought up to a full call of {cb}."
            )
        } else if heads_up || st.opening_bet {
            let why = if heads_up {
                "heads-up"
            } else {
                "facing the opening bet"
            };
            format!(
                "Seat {n} put out {amount} of the {to_call} to call, {why}: an undercall is a full call of {cb}."
            )
        } else {
            format!(
                "Seat {n} put out {amount} of the {to_call} to call: the TD decides; suggested a full call of {cb} (the TD may let the player forfeit the {amount} and fold)."
            )
        };
        ruling(RulingId::Undercall, text);
        return Ok(bind(cb, rulings));
    }
    if to == cb || to == s.max_to() {
        if to > cb && !st.can_raise(seat, rules) {
            return Ok(bind(cb, rulings));
        }
        return Ok(bind(to, rulings));
    }
    if !st.can_raise(seat, rules) {
        ruling(
            RulingId::ShortAllIn,
            format!(
                "The betting is not open to seat {n} again: its {amount} is a call of {cb}; {} goes back.",
                to - cb
            ),
        );
        return Ok(bind(cb, rulings));
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
            format!(
                "Seat {n}'s {to} facing {cb} raises {raised}, at least half of the {needed} minimum raise: it must be a full raise to {min}."
            ),
        );
        Ok(bind(min, rulings))
    } else {
        ruling(
            RulingId::FiftyPercent,
            format!(
                "Seat {n}'s {to} facing {cb} is less than half a minimum raise: a call of {cb}; {} goes back.",
                to - cb
            ),
        );
        Ok(bind(cb, rulings))
    }
}

fn discard(st: &HandState, seat: Seat) -> Result<(), Refusal> {
    let s = st.seat(seat);
    if !s.occupied {
        return Err(Refusal::SeatEmpty(seat.number()));
    }
    if !s.live() {
        return Err(Refusal::Folded(seat.number()));
    }
    if s.shown {
        return Err(Refusal::AlreadyShown(seat.number()));
    }
    Ok(())
}

fn unseen(st: &HandState, cards: &[Card], own: Option<[Card; 2]>) -> Result<(), Refusal> {
    let mut mask = 0u64;
    for c in cards {
        if mask & c.bit() != 0 {
            return Err(Refusal::DuplicateCard(c.to_string()));
        }
        mask |= c.bit();
        let is_own = own.is_some_and(|o| o.contains(c));
        if st.seen & c.bit() != 0 && !is_own {
            return Err(Refusal::CardSeen(c.to_string()));
        }
    }
    Ok(())
}

fn hole(st: &HandState, seat: Seat, cards: &[Card; 2]) -> Result<(), Refusal> {
    let s = st.seat(seat);
    if !s.occupied {
        return Err(Refusal::SeatEmpty(seat.number()));
    }
    if let Some(recorded) = s.hole {
        return Err(Refusal::HoleMismatch {
            seat: seat.number(),
            recorded: format_cards(&recorded),
        });
    }
    unseen(st, cards, None)
}

fn show(st: &HandState, seat: Seat, cards: Option<&[Card; 2]>) -> Result<[Card; 2], Refusal> {
    let s = st.seat(seat);
    let n = seat.number();
    if !s.occupied {
        return Err(Refusal::SeatEmpty(n));
    }
    if !s.live() {
        return Err(Refusal::Folded(n));
    }
    if s.shown {
        return Err(Refusal::AlreadyShown(n));
    }
    match (cards, s.hole) {
        (None, Some(h)) => Ok(h),
        (None, None) => Err(Refusal::CardsUnknown(n)),
        (Some(c), Some(h)) => {
            let same = (c[0] == h[0] && c[1] == h[1]) || (c[0] == h[1] && c[1] == h[0]);
            if same {
                Ok(h)
            } else {
                Err(Refusal::HoleMismatch {
                    seat: n,
                    recorded: format_cards(&h),
                })
            }
        }
        (Some(c), None) => {
            unseen(st, c, None)?;
            Ok(*c)
        }
    }
}

fn deal(st: &HandState, street: Street, cards: &[Card]) -> Result<(), Refusal> {
    let Some(expected) = st.street.next_board() else {
        return Err(Refusal::NoMoreCards(st.street));
    };
    if let Some(to_act) = st.to_act {
        return Err(Refusal::BettingOpen {
            street: st.street,
            to_act: to_act.number(),
        });
    }
    if street != expected {
        return Err(Refusal::WrongStreet {
            expected,
            got: street,
        });
    }
    if cards.len() != street.cards_dealt() {
        return Err(Refusal::WrongCardCount {
            street,
            expected: street.cards_dealt(),
            got: cards.len(),
        });
    }
    unseen(st, cards, None)
}

#[cfg(test)]
mod tests {
    //! Given events, when a command, then these events or this refusal.

    use super::*;
    use crate::table::event::Post;

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
            Event::HandStarted { setup },
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
            Event::HandStarted { setup } => setup.clone(),
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
}
