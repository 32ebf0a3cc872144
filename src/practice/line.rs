//! One line at one table as a question: what it binds under the house in
//! force (the answer), under the four other houses, and under the common
//! mistakes (the distractors). Every text compared here is written by the
//! same few functions from the engine's events, so two choices are the
//! same answer exactly when their words are the same.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::{Answer, HOUSES, Question, built_in, text_hash};
use crate::rules::{HouseRules, Ruling};
use crate::table::command::FloorDecision;
use crate::table::event::{Declaration, PushedChips};
use crate::table::state::intent_words;
use crate::table::{Action, ActionKind, Chips, Command, Event, Hand, HandState, Seat, TableSetup};

/// How a refused line reads.
const REFUSED: &str = "The line is refused:";
/// How a table that cannot start under a house reads.
const CANNOT_START: &str = "The table cannot start under this house.";
/// What a dealer's or the floor's line that binds nothing reads as.
const GOES_ON: &str = "Nothing changes: the hand goes on.";

/// A moment to ask about: a table, the lines before, the decisive line.
#[derive(Debug, Clone)]
pub struct Moment<'a> {
    /// The question's id.
    pub id: String,
    /// The topic it is scored under.
    pub topic: String,
    /// Where it comes from, if from a file.
    pub source: Option<String>,
    /// The table.
    pub setup: &'a TableSetup,
    /// The lines before the decisive one (text and command).
    pub prefix: &'a [(String, Command)],
    /// The decisive line, and its text as written (a single chip pushed,
    /// `push 5000x1`, reads back only as written).
    pub line: (&'a str, &'a Command),
    /// The session seed (the choices are shuffled by it and the id).
    pub seed: u64,
}

/// What a line did under one house: the sentence, and the rulings it
/// suggested.
#[derive(Debug, Clone)]
pub struct Ruled {
    /// What it binds, in a sentence.
    pub text: String,
    /// The rulings suggested.
    pub rulings: Vec<Ruling>,
    /// The events (of the line and of closing the motion).
    pub events: Vec<Event>,
}

/// The hand after the lines before, under `rules` (a line a house refuses
/// is left out, as the dealer would not enter it).
pub fn play(setup: &TableSetup, rules: &HouseRules, prefix: &[(String, Command)]) -> Option<Hand> {
    let mut hand = Hand::start(setup.clone(), rules.clone()).ok()?;
    for (text, command) in prefix {
        let _ = hand.execute(command, Some(text.clone()));
    }
    Some(hand)
}

/// What `command` does to `hand`: its events (and those of closing the
/// motion) in words, or the refusal.
pub fn rule(hand: &Hand, command: &Command) -> Ruled {
    let mut after = hand.clone();
    let mut events = match after.execute(command, None) {
        Ok(entry) => entry.events.clone(),
        Err(refusal) => {
            return Ruled {
                text: format!("{REFUSED} {refusal}"),
                rulings: Vec::new(),
                events: Vec::new(),
            };
        }
    };
    if let Ok(entry) = after.execute(&Command::Resolve, None) {
        events.extend(entry.events.iter().cloned());
    }
    let rulings = events
        .iter()
        .filter_map(|e| match e {
            Event::RulingSuggested { ruling } => Some(ruling.clone()),
            _ => None,
        })
        .collect();
    // What it binds, and only that: the rulings' sentences are the
    // explanation, and a choice that carried them would give the answer
    // away (two choices binding the same are then the same words).
    let text = binds(&events, command);
    Ruled {
        text,
        rulings,
        events,
    }
}

/// What `events` bind, in words; a dealer's or the floor's line that
/// binds nothing lets the hand go on.
fn binds(events: &[Event], command: &Command) -> String {
    let phrases = phrases(events);
    if phrases.is_empty() && command.seat().is_none() {
        GOES_ON.to_string()
    } else {
        sentence(&phrases)
    }
}

/// The odd chips given to the wrong winner: each split pot's shares
/// passed one winner on, in words.
pub fn award_mistakes(events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let Event::PotsAwarded { awards } = event else {
            continue;
        };
        for (k, award) in awards.iter().enumerate() {
            let amounts: Vec<Chips> = award.shares.iter().map(|(_, c)| *c).collect();
            if amounts.windows(2).all(|w| w[0] == w[1]) {
                continue;
            }
            let mut rotated = amounts.clone();
            rotated.rotate_left(1);
            let mut variant = events.to_vec();
            if let Some(Event::PotsAwarded { awards }) = variant.get_mut(i)
                && let Some(a) = awards.get_mut(k)
            {
                for ((_, share), amount) in a.shares.iter_mut().zip(rotated) {
                    *share = amount;
                }
            }
            out.push(describe(&variant));
        }
    }
    out
}

/// The pots given to the wrong seat: each pot one seat wins whole, given
/// instead to another seat that was live before the line (the mucked hand
/// paid, say), in words. Never to a seat the same events fold or kill: a
/// folded seat winning is no mistake a dealer makes, only an absurd choice.
pub fn winner_mistakes(events: &[Event], live: &[Seat]) -> Vec<String> {
    let out_of_hand = |seat: Seat| {
        events.iter().any(|e| match e {
            Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                action.seat == seat && action.kind == ActionKind::Fold
            }
            Event::HandKilled { seat: s } => *s == seat,
            _ => false,
        })
    };
    let live: Vec<Seat> = live.iter().copied().filter(|s| !out_of_hand(*s)).collect();
    let live = live.as_slice();
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let Event::PotsAwarded { awards } = event else {
            continue;
        };
        for (k, award) in awards.iter().enumerate() {
            let [(winner, _)] = award.shares.as_slice() else {
                continue;
            };
            for other in live.iter().filter(|s| *s != winner) {
                let mut variant = events.to_vec();
                if let Some(Event::PotsAwarded { awards }) = variant.get_mut(i)
                    && let Some(a) = awards.get_mut(k)
                {
                    for (seat, _) in a.shares.iter_mut() {
                        *seat = *other;
                    }
                }
                out.push(describe(&variant));
            }
        }
    }
    out
}

/// A notation line without its comment.
fn without_comment(text: &str) -> String {
    text.split('#')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// The phrases, as one sentence with a capital and a full stop.
pub fn sentence(phrases: &[String]) -> String {
    if phrases.is_empty() {
        return "Nothing binds yet.".to_string();
    }
    let joined = phrases.join("; ");
    let mut chars = joined.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => joined,
    }
}

/// A binding action in words: "seat 5 raises to 2,000 (all in)".
pub fn action_words(action: &Action) -> String {
    format!("seat {} {}", action.seat.number(), action_what(action))
}

/// An action out of turn held until the seat's turn, in words: "seat 5's
/// out-of-turn action (raises to 2,000) is held until its turn".
fn held_words(seat: Seat, what: &str) -> String {
    format!(
        "seat {}'s out-of-turn action ({what}) is held until its turn",
        seat.number()
    )
}

/// What an action does, without its seat: "raises to 2,000 (all in)".
fn action_what(action: &Action) -> String {
    let what = match action.kind {
        ActionKind::Fold => "folds".to_string(),
        ActionKind::Check => "checks".to_string(),
        ActionKind::Call => format!("calls {}", action.to),
        ActionKind::Bet => format!("bets {}", action.to),
        ActionKind::Raise => format!("raises to {}", action.to),
    };
    let all_in = if action.all_in { " (all in)" } else { "" };
    format!("{what}{all_in}")
}

/// The events that change the hand, in words, one sentence.
pub fn describe(events: &[Event]) -> String {
    sentence(&phrases(events))
}

/// The events in words, each once as it ends up: a seat's right to raise
/// barred and then given back (the floor's every option) is told as it
/// stands at the end, never as "may not raise; may raise again".
fn phrases(events: &[Event]) -> Vec<String> {
    let raise_right = |e: &Event| match e {
        Event::RaiseBarred { seat } | Event::RaiseAllowed { seat } => Some(*seat),
        _ => None,
    };
    events
        .iter()
        .enumerate()
        .filter(|(i, e)| {
            raise_right(e).is_none_or(|seat| {
                !events[i + 1..]
                    .iter()
                    .any(|later| raise_right(later) == Some(seat))
            })
        })
        .filter_map(|(_, e)| event_words(e))
        .collect()
}

fn event_words(event: &Event) -> Option<String> {
    Some(match event {
        Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
            action_words(action)
        }
        Event::ActedOutOfTurn {
            seat,
            intent,
            faced,
        } => held_words(*seat, &intent_words(*intent, *faced)),
        Event::OutOfTurnVoided { seat } => {
            format!("seat {}'s out-of-turn action does not bind", seat.number())
        }
        Event::RaiseBarred { seat } => format!("seat {} may not raise", seat.number()),
        Event::RaiseAllowed { seat } => format!("seat {} may raise again", seat.number()),
        Event::HandKilled { seat } => format!("seat {}'s hand is dead", seat.number()),
        Event::SkippedSeatRuled { seat } => format!(
            "seat {} keeps its turn and the floor rules on its hand",
            seat.number()
        ),
        Event::OutOfTurnReferred { seat } => format!(
            "seat {}'s out-of-turn action goes to the floor",
            seat.number()
        ),
        Event::TurnReturned { seat } => format!("the action goes back to seat {}", seat.number()),
        Event::MisdealDeclared => "a misdeal: every chip goes back".to_string(),
        Event::BetReturned { seat, amount } => {
            format!("{amount} goes back to seat {}", seat.number())
        }
        Event::StreetDealt { street, cards } => {
            let cards: String = cards.iter().map(|c| c.to_string()).collect();
            format!("the {street} {cards} stands")
        }
        Event::PotsAwarded { awards } => {
            let shares: Vec<String> = awards
                .iter()
                .flat_map(|a| a.shares.iter())
                .map(|(s, c)| format!("seat {} wins {c}", s.number()))
                .collect();
            shares.join(", ")
        }
        _ => return None,
    })
}

/// A number of chips in words ("two", "12").
fn count_words(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// What a line is, physically, in words: "Seat 5 silently pushes out two
/// 1,000 chips; the bet is 1,200."
pub fn told(state: &HandState, command: &Command) -> String {
    let seat_words = |s: Seat| format!("Seat {}", s.number());
    let what = match command {
        Command::Push { seat, chips } => {
            let chips = match chips {
                PushedChips::Amount(c) => format!("{c} in chips"),
                PushedChips::Denominations(d) => {
                    let parts: Vec<String> = d
                        .iter()
                        .map(|(v, n)| {
                            let plural = if *n == 1 { "" } else { "s" };
                            format!("{} {v} chip{plural}", count_words(*n))
                        })
                        .collect();
                    parts.join(" and ")
                }
            };
            let silent = if state.pending.is_some() {
                ""
            } else {
                ", saying nothing"
            };
            format!("{} pushes out {chips}{silent}", seat_words(*seat))
        }
        Command::Say { seat, declaration } => {
            let words = match declaration {
                Declaration::Amount(c) => c.to_string(),
                Declaration::Bet(Some(c)) => format!("bet {c}"),
                Declaration::Raise(Some(c)) => format!("raise {c}"),
                Declaration::AllIn => "all in".into(),
                Declaration::Conditional => "if you bet, I raise".into(),
                other => other.to_string(),
            };
            format!("{} says \"{words}\"", seat_words(*seat))
        }
        Command::Act { seat, intent, .. } => {
            let faced = state.current_bet;
            let max_to = state.seat(*seat).max_to();
            let words = match (intent, intent_words(*intent, faced).as_str()) {
                (_, "all in") => "goes all in".to_string(),
                (crate::table::Intent::Call(_), _) if max_to < faced => {
                    format!("calls all in for {max_to}")
                }
                (_, other) => other.to_string(),
            };
            format!("{} {words}", seat_words(*seat))
        }
        Command::Tap { seat } => format!("{} taps the table", seat_words(*seat)),
        Command::Muck { seat } => format!("{} throws the cards toward the muck", seat_words(*seat)),
        Command::Hole { seat, cards } => {
            format!("{}'s cards are {}{}", seat_words(*seat), cards[0], cards[1])
        }
        Command::Show { seat, .. } => format!("{} tables the hand", seat_words(*seat)),
        Command::Deal { street, cards } => {
            let cards: String = cards.iter().map(|c| c.to_string()).collect();
            format!("The dealer deals the {street}: {cards}")
        }
        Command::Floor(irregularity) => {
            format!("The dealer calls the floor: {}", irregularity.as_str())
        }
        Command::Decide { decision, .. } => match decision {
            FloorDecision::Misdeal => "The floor declares a misdeal".to_string(),
            other => format!("The floor rules: {}", other.notation()),
        },
        Command::StartHand(_) | Command::Resolve => "The dealer goes on".to_string(),
    };
    let mut context = Vec::new();
    if let Some(seat) = command.seat()
        && state.street.is_betting()
    {
        match state.to_act {
            Some(to_act) if to_act != seat => {
                context.push(format!("it is seat {}'s turn", to_act.number()));
            }
            _ => {}
        }
        if matches!(command, Command::Push { .. } | Command::Say { .. }) {
            if state.current_bet.is_zero() {
                context.push("no one has bet".to_string());
            } else {
                context.push(format!("the bet is {}", state.current_bet));
            }
        }
    }
    if context.is_empty() {
        format!("{what}.")
    } else {
        format!("{what}; {}.", context.join("; "))
    }
}

/// The table in words, a line each: the blinds and board, each seat, the pot.
pub fn table_words(state: &HandState) -> Vec<String> {
    let mut lines = Vec::new();
    let button = state.button.map_or(0, |b| b.number());
    let board: String = state.board.iter().map(|c| c.to_string()).collect();
    let board = if board.is_empty() {
        String::new()
    } else {
        format!(", board {board}")
    };
    lines.push(format!(
        "Blinds {}/{}, button seat {button}, {}{board}.",
        state.small_blind, state.big_blind, state.street
    ));
    for seat in state.occupied() {
        let s = state.seat(seat);
        let mut words = format!("Seat {}: {} behind", seat.number(), s.stack);
        if !s.wager.is_zero() {
            words.push_str(&format!(", {} in front", s.wager));
        }
        if s.folded {
            words.push_str(", folded");
        } else if s.all_in() {
            words.push_str(", all in");
        }
        if let Some(held) = state.held_out_of_turn(seat) {
            words.push_str(&format!(
                ", {} out of turn (held: it was seat {}'s turn)",
                intent_words(held.intent, held.faced),
                held.skipped.number()
            ));
        }
        if state.to_act == Some(seat) {
            words.push_str(", to act");
            let skipped = state.out_of_turn.iter().any(|o| o.skipped == seat);
            if skipped {
                words.push_str(" (skipped by action out of turn)");
            }
        }
        lines.push(format!("{words}."));
    }
    lines.push(format!(
        "Pot {} (this street's bets included); the bet is {}.",
        state.pot(),
        state.current_bet
    ));
    lines
}

/// The action `seat` would take by putting its street total at `to` (a
/// call when it does not exceed the bet, capped at its stack).
pub fn action_to(state: &HandState, seat: Seat, to: Chips) -> Action {
    let s = state.seat(seat);
    let max_to = s.max_to();
    let to = to.min(max_to);
    let (kind, to) = if to <= state.current_bet {
        (ActionKind::Call, state.current_bet.min(max_to))
    } else if state.current_bet.is_zero() {
        (ActionKind::Bet, to)
    } else {
        (ActionKind::Raise, to)
    };
    Action {
        seat,
        kind,
        to,
        all_in: to == max_to,
    }
}

/// The common mistakes on a line, as what they would bind: the chips or
/// words at face value, a plain call, the minimum raise from the previous
/// bet (not the previous raise), the full minimum raise, a fold; for a
/// dealer's line, a misdeal, nothing, or the cards dealt taken to stand.
pub fn mistakes(state: &HandState, rules: &HouseRules, command: &Command) -> Vec<String> {
    let mut out = Vec::new();
    let one = |a: Action| sentence(&[action_words(&a)]);
    match command.seat() {
        Some(seat) if state.street.is_betting() && state.seat(seat).can_act() => {
            let mut actions = mistaken_actions(state, rules, command, seat);
            let all_in = actions.pop();
            out.extend(actions.into_iter().map(one));
            // Taken as not binding yet, or as all in.
            out.push(sentence(&[]));
            out.extend(all_in.map(one));
        }
        _ => {
            out.push(sentence(&["a misdeal: every chip goes back".to_string()]));
            out.push(GOES_ON.to_string());
            // Cards dealt as entered taken to stand (a premature card
            // played, a fourth flop card taken as the burn).
            if let Command::Deal { street, cards } = command {
                let n = street.cards_dealt();
                let stands = |cards: Vec<_>| {
                    describe(&[Event::StreetDealt {
                        street: *street,
                        cards,
                    }])
                };
                out.push(stands(cards.iter().take(n).copied().collect()));
                // A card too many: the first taken as the burn.
                if cards.len() > n {
                    out.push(stands(cards[cards.len() - n..].to_vec()));
                }
            }
            if let Some(seat) = state.to_act {
                // The floor called, or a card dealt, while a seat is to act:
                // taken as its check or call.
                let s = state.seat(seat);
                out.push(if state.to_call(seat).is_zero() {
                    one(Action {
                        seat,
                        kind: ActionKind::Check,
                        to: s.wager,
                        all_in: false,
                    })
                } else {
                    one(action_to(state, seat, state.current_bet))
                });
                // Or the seat's hand taken as dead.
                if matches!(command, Command::Floor(_)) {
                    out.push(describe(&[Event::HandKilled { seat }]));
                }
            }
        }
    }
    out
}

/// The actions a seat's line is commonly mistaken for: the chips or words
/// at face value, a plain call (or check), the minimum raise from the
/// previous bet, the full minimum raise, the chips' excess over the call
/// taken as the raise, a fold, and all in (last).
fn mistaken_actions(
    state: &HandState,
    rules: &HouseRules,
    command: &Command,
    seat: Seat,
) -> Vec<Action> {
    let mut out = Vec::new();
    let s = state.seat(seat);
    let face = match command {
        Command::Push { chips, .. } => Some(s.wager + chips.total()),
        other => other.amount_named(),
    };
    if let Some(to) = face {
        out.push(action_to(state, seat, to));
    }
    if state.to_call(seat).is_zero() {
        out.push(Action {
            seat,
            kind: ActionKind::Check,
            to: s.wager,
            all_in: false,
        });
    } else {
        out.push(action_to(state, seat, state.current_bet));
    }
    let bet = state.current_bet;
    if !bet.is_zero() {
        // The previous bet taken as the raise: to twice the bet.
        out.push(action_to(state, seat, bet + bet));
    }
    out.push(action_to(state, seat, state.min_raise_to(rules)));
    if let Some(to) = face {
        // The chips' excess over the call taken as the raise.
        out.push(action_to(state, seat, to + to.saturating_sub(bet)));
    }
    out.push(Action::fold(seat, s.wager));
    out.push(action_to(state, seat, s.max_to()));
    out
}

/// The same mistakes worded as the answer words an action out of turn
/// that waits for the seat's turn: what is held, mistaken (never a fold:
/// an out-of-turn fold binds at once in every house).
fn held_mistakes(state: &HandState, rules: &HouseRules, command: &Command) -> Vec<String> {
    let Some(seat) = command.seat() else {
        return Vec::new();
    };
    if !state.street.is_betting() || !state.seat(seat).can_act() {
        return Vec::new();
    }
    mistaken_actions(state, rules, command, seat)
        .iter()
        .filter(|a| a.kind != ActionKind::Fold)
        .map(|a| sentence(&[held_words(seat, &action_what(a))]))
        .collect()
}

/// Whether a choice words an action out of turn as held until its turn.
fn is_held(text: &str) -> bool {
    text.contains("is held until its turn")
}

/// The question for a moment under `rules`, with three wrong choices that
/// differ from the answer and from each other; `None` when the line does
/// not start, or fewer than three distinct wrong answers can be computed.
pub fn question(moment: &Moment<'_>, rules: &HouseRules, prompt: &str) -> Option<Question> {
    let hand = play(moment.setup, rules, moment.prefix)?;
    let right = rule(&hand, moment.line.1);
    let per_house: Vec<(String, String)> = HOUSES
        .iter()
        .map(|name| {
            let text = if *name == rules.name {
                right.text.clone()
            } else {
                built_in(name)
                    .and_then(|h| play(moment.setup, &h, moment.prefix))
                    .map_or_else(
                        || CANNOT_START.to_string(),
                        |h| rule(&h, moment.line.1).text,
                    )
            };
            ((*name).to_string(), text)
        })
        .collect();
    let mut wrong: Vec<String> = Vec::new();
    // An answer that holds the action out of turn is asked beside wrong
    // choices that hold it too (what is held mistaken), so that the right
    // one is not told apart by its wording.
    let held = if is_held(&right.text) {
        held_mistakes(hand.state(), rules, moment.line.1)
    } else {
        Vec::new()
    };
    // Another house's refusal is no ruling: only what it binds is offered.
    let candidates = per_house
        .iter()
        .map(|(_, t)| t.clone())
        .filter(|t| !t.starts_with(REFUSED) && !t.starts_with(CANNOT_START))
        .chain(award_mistakes(&right.events))
        .chain(winner_mistakes(
            &right.events,
            &hand.state().live().collect::<Vec<_>>(),
        ))
        .chain(mistakes(hand.state(), rules, moment.line.1));
    for text in candidates {
        if text != right.text && !wrong.contains(&text) {
            wrong.push(text);
        }
    }
    if wrong.len() < 3 {
        return None;
    }
    // Worded alike: the wrong answers nearest the right one in how many
    // things they bind (a one-action choice beside a five-part answer
    // gives it away), the first computed first among equals.
    let parts = |t: &str| t.matches("; ").count();
    wrong.sort_by_key(|t| parts(t).abs_diff(parts(&right.text)));
    wrong.truncate(3);
    // Worded in the same form: when no wrong choice holds an action out of
    // turn as the answer does, the last gives way to one that does.
    if let Some(alike) = held
        .iter()
        .find(|h| **h != right.text && !wrong.contains(h))
        && !wrong.iter().any(|w| is_held(w))
        && let Some(last) = wrong.last_mut()
    {
        *last = alike.clone();
    }
    let mut choices = wrong;
    choices.push(right.text.clone());
    let mut rng = StdRng::seed_from_u64(moment.seed ^ text_hash(&moment.id));
    choices.shuffle(&mut rng);
    let answer = choices.iter().position(|c| *c == right.text)?;
    let state = hand.state();
    // The seat's motion so far (its lines just before, while pending),
    // each told as it stood when made.
    let mut start = moment.prefix.len();
    if let Some(pending) = &state.pending {
        while start > 0 && moment.prefix[start - 1].1.seat() == Some(pending.seat) {
            start -= 1;
        }
    }
    let mut told_parts = Vec::new();
    for i in start..moment.prefix.len() {
        let at = play(moment.setup, rules, &moment.prefix[..i])?;
        told_parts.push(told(at.state(), &moment.prefix[i].1));
    }
    told_parts.push(told(state, moment.line.1));
    let told_text = told_parts.join(" Then: ");
    let explanation = if right.rulings.is_empty() {
        right.text.clone()
    } else {
        right
            .rulings
            .iter()
            .map(|r| r.text.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some(Question {
        id: moment.id.clone(),
        topic: moment.topic.clone(),
        house: rules.name.clone(),
        source: moment.source.clone(),
        table: table_words(state),
        told: told_text,
        line: Some(without_comment(moment.line.0)),
        prompt: prompt.to_string(),
        choices,
        answer: Answer::Choice(answer),
        answer_text: right.text.clone(),
        explanation,
        // The rule that decides the topic asked about (a substantial-action
        // question quotes TDA 40-B, not the 40-A of the out-of-turn
        // ruling before it), else the first ruling's.
        citation: right
            .rulings
            .iter()
            .find(|r| r.id.as_str() == moment.topic)
            .or(right.rulings.first())
            .map(|r| (*r.citation).clone()),
        per_house,
        hand: Some(hand),
    })
}
