//! Generated drills: random tables and action sequences from a seeded
//! `StdRng` (the same seed deals the same drills), asking what dealers get
//! wrong. Each drill is played through the engine under every house; the
//! answer is what the engine computes under the house in force, the other
//! houses' answers and the common mistakes are the wrong choices.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::line::{self, Moment, table_words};
use super::{Answer, HOUSES, Question, built_in, text_hash};
use crate::notation::parse_line;
use crate::rules::{Citation, HouseRules, OddChip, RulingId};
use crate::table::event::Street;
use crate::table::pots::odd_chip_order;
use crate::table::{Chips, Command, Hand, HandState, Seat, TableSetup};

/// The drills, by topic name.
pub const TOPICS: [&str; 8] = [
    "to-call",
    "min-raise",
    "can-raise",
    "side-pot",
    "show-first",
    "odd-chip",
    "pushed-chips",
    "out-of-turn",
];

/// Deals `count` drills from `seed`, the topics in turn (or only `only`),
/// under `rules`.
pub fn deal(seed: u64, count: usize, rules: &HouseRules, only: Option<&str>) -> Vec<Question> {
    deal_range(seed, 0..count, rules, only)
}

/// Drills number `range` of the seed's sequence (drill `i` is the same
/// whatever the range): `deal` from its start, `practice::top_up` on
/// from where it stopped.
pub fn deal_range(
    seed: u64,
    range: std::ops::Range<usize>,
    rules: &HouseRules,
    only: Option<&str>,
) -> Vec<Question> {
    let topics: Vec<&str> = match only {
        Some(t) => TOPICS.iter().copied().filter(|x| *x == t).collect(),
        None => TOPICS.to_vec(),
    };
    if topics.is_empty() {
        return Vec::new();
    }
    range
        .filter_map(|i| {
            let topic = topics[i % topics.len()];
            let mut rng = StdRng::seed_from_u64(seed ^ text_hash(topic) ^ i as u64);
            let id = format!("drill:{topic}:{seed}:{i}");
            // A random table may not suit the topic (no short all-in, a
            // tie of stacks): deal again, a few times.
            (0..30).find_map(|_| one(topic, &id, seed, &mut rng, rules))
        })
        .collect()
}

/// One drill of `topic`, if this deal suits it.
pub fn one(
    topic: &str,
    id: &str,
    seed: u64,
    rng: &mut StdRng,
    rules: &HouseRules,
) -> Option<Question> {
    match topic {
        "to-call" => to_call(id, rng, rules),
        "min-raise" => min_raise(id, rng, rules),
        "can-raise" => can_raise(id, rng, rules),
        "side-pot" => side_pot(id, rng, rules),
        "show-first" => show_first(id, rng, rules),
        "odd-chip" => odd_chip(id, rng, rules),
        "pushed-chips" => pushed_chips(id, seed, rng, rules),
        "out-of-turn" => out_of_turn(id, seed, rng, rules),
        _ => None,
    }
}

const BLINDS: [(u64, u64); 4] = [(25, 50), (50, 100), (100, 200), (200, 400)];
const DENOMINATIONS: [u64; 5] = [25, 100, 500, 1000, 5000];

/// A random table of `seats` seats from seat 1, starting on `street`.
fn table(rng: &mut StdRng, seats: u8, street: Street) -> TableSetup {
    let (sb, bb) = BLINDS[rng.random_range(0..BLINDS.len())];
    let stacks = (1..=seats)
        .filter_map(Seat::new)
        .map(|s| (s, Chips(bb * rng.random_range(20..=150))))
        .collect();
    let button = Seat::new(rng.random_range(1..=seats)).unwrap_or(Seat::from_index(0));
    let mut setup = TableSetup::preflop(button, (Chips(sb), Chips(bb)), stacks);
    setup.denominations = DENOMINATIONS.iter().map(|d| Chips(*d)).collect();
    if street != Street::Preflop {
        setup.street = street;
        setup.pot = Chips(bb * rng.random_range(2..=10));
    }
    setup
}

/// Lines as (text, command); `None` if one does not parse.
fn lines(texts: &[String]) -> Option<Vec<(String, Command)>> {
    texts
        .iter()
        .map(|t| parse_line(t).ok().flatten().map(|c| (t.clone(), c)))
        .collect()
}

/// Plays `texts` on a new hand; `None` if the table does not start or a
/// line is refused.
fn played(setup: &TableSetup, rules: &HouseRules, texts: &[String]) -> Option<Hand> {
    let mut hand = Hand::start(setup.clone(), rules.clone()).ok()?;
    for (text, command) in lines(texts)? {
        hand.execute(&command, Some(text)).ok()?;
    }
    if hand.state().pending.is_some() {
        hand.execute(&Command::Resolve, None).ok()?;
    }
    Some(hand)
}

/// What the lines were, told in words (each as it stood when made).
fn told_lines(setup: &TableSetup, rules: &HouseRules, texts: &[String]) -> Option<String> {
    let mut hand = Hand::start(setup.clone(), rules.clone()).ok()?;
    let mut words = Vec::new();
    for (text, command) in lines(texts)? {
        words.push(line::told(hand.state(), &command));
        hand.execute(&command, Some(text)).ok()?;
    }
    if words.is_empty() {
        words.push("Nothing has happened yet on this street.".into());
    }
    Some(words.join(" "))
}

/// What a house whose rules refuse one of the drill's lines answers.
const NOT_PLAYED: &str = "The lines do not play under this house.";

/// A dealt drill: its id and topic, the table and the lines played.
struct Deal<'a> {
    id: &'a str,
    topic: &'a str,
    setup: &'a TableSetup,
    texts: &'a [String],
    rules: &'a HouseRules,
}

/// What a drill asks and answers, to be put on its table.
struct Asked {
    prompt: String,
    choices: Vec<String>,
    answer: Answer,
    answer_text: String,
    explanation: String,
    citation: Option<Citation>,
    per_house: Vec<(String, String)>,
}

impl Deal<'_> {
    /// The question: what was asked, on the hand as played.
    fn question(&self, hand: Hand, asked: Asked) -> Option<Question> {
        Some(Question {
            id: self.id.to_string(),
            topic: self.topic.to_string(),
            house: self.rules.name.clone(),
            source: None,
            table: table_words(hand.state()),
            told: told_lines(self.setup, self.rules, self.texts)?,
            line: None,
            prompt: asked.prompt,
            choices: asked.choices,
            answer: asked.answer,
            answer_text: asked.answer_text,
            explanation: asked.explanation,
            citation: asked.citation,
            per_house: asked.per_house,
            hand: Some(hand),
        })
    }

    /// Each house's answer to `ask` on the same lines.
    fn per_house(
        &self,
        ask: impl Fn(&HandState, &HouseRules) -> Option<String>,
    ) -> Vec<(String, String)> {
        HOUSES
            .iter()
            .map(|name| {
                let house = if *name == self.rules.name {
                    Some(self.rules.clone())
                } else {
                    built_in(name)
                };
                let text = house
                    .and_then(|h| {
                        played(self.setup, &h, self.texts).and_then(|hand| ask(hand.state(), &h))
                    })
                    .unwrap_or_else(|| NOT_PLAYED.into());
                ((*name).to_string(), text)
            })
            .collect()
    }

    /// A drill on one more line (`decisive`) after the lines played: what
    /// it binds, as a case from a file is asked.
    fn line(&self, decisive: &str, seed: u64, prompt: &str) -> Option<Question> {
        let prefix = lines(self.texts)?;
        let command = parse_line(decisive).ok().flatten()?;
        let moment = Moment {
            id: self.id.to_string(),
            topic: self.topic.to_string(),
            source: None,
            setup: self.setup,
            prefix: &prefix,
            line: (decisive, &command),
            seed,
        };
        let mut q = line::question(&moment, self.rules, prompt)?;
        q.told = format!(
            "{} Then: {}",
            told_lines(self.setup, self.rules, self.texts)?,
            q.told
        );
        Some(q)
    }

    /// A drill with a typed amount: the amount under the house is the
    /// answer.
    fn amount(
        &self,
        prompt: String,
        amount: impl Fn(&HandState, &HouseRules) -> Option<Chips>,
        explain: impl Fn(&HandState, &HouseRules, Chips) -> String,
        citation: Option<Citation>,
    ) -> Option<Question> {
        let hand = played(self.setup, self.rules, self.texts)?;
        let answer = amount(hand.state(), self.rules)?;
        let per_house = self.per_house(|st, r| amount(st, r).map(|a| format!("{a}.")));
        let explanation = explain(hand.state(), self.rules, answer);
        let asked = Asked {
            prompt,
            choices: Vec::new(),
            answer: Answer::Amount(answer.get()),
            answer_text: format!("{answer}."),
            explanation,
            citation,
            per_house,
        };
        self.question(hand, asked)
    }

    /// A drill with four choices: `ask` is the answer, the other houses'
    /// answers and `wrong` (the mistakes) the wrong choices.
    fn choice(
        &self,
        prompt: String,
        ask: impl Fn(&HandState, &HouseRules) -> Option<String>,
        wrong: impl Fn(&HandState, &HouseRules) -> Vec<String>,
        explanation: String,
        citation: Option<Citation>,
    ) -> Option<Question> {
        let hand = played(self.setup, self.rules, self.texts)?;
        let right = ask(hand.state(), self.rules)?;
        let per_house = self.per_house(&ask);
        let mut choices: Vec<String> = Vec::new();
        let candidates = per_house
            .iter()
            .map(|(_, t)| t.clone())
            .filter(|t| t != NOT_PLAYED)
            .chain(wrong(hand.state(), self.rules));
        for c in candidates {
            if c != right && !choices.contains(&c) && choices.len() < 3 {
                choices.push(c);
            }
        }
        if choices.len() < 3 {
            return None;
        }
        choices.push(right.clone());
        choices.shuffle(&mut StdRng::seed_from_u64(text_hash(self.id)));
        let answer = choices.iter().position(|c| *c == right)?;
        let asked = Asked {
            prompt,
            choices,
            answer: Answer::Choice(answer),
            answer_text: right,
            explanation,
            citation,
            per_house,
        };
        self.question(hand, asked)
    }
}

/// The seat to act once `texts` are played, under tda (the drills' lines
/// are built in turn order, which no house changes).
fn to_act(setup: &TableSetup, texts: &[String]) -> Option<Seat> {
    played(setup, &HouseRules::tda(), texts)?.state().to_act
}

/// A few preflop actions in turn: raises, calls and folds.
fn preflop_action(rng: &mut StdRng, setup: &TableSetup, steps: usize) -> Option<Vec<String>> {
    let mut texts = Vec::new();
    let tda = HouseRules::tda();
    for _ in 0..steps {
        let hand = played(setup, &tda, &texts)?;
        let st = hand.state();
        let seat = st.to_act?;
        let s = st.seat(seat);
        let roll = rng.random_range(0..10);
        let text = if roll < 2 {
            format!("{seat} fold")
        } else if roll < 6 || !st.can_raise(seat, &tda) {
            format!("{seat} call")
        } else {
            let min = st.min_raise_to(&tda).get();
            let top = s.max_to().get().min(min * 3);
            let bb = st.big_blind.get().max(1);
            let to = if top <= min {
                s.max_to().get()
            } else {
                rng.random_range(min..=top) / bb * bb
            };
            format!("{seat} raise {}", to.max(min).min(s.max_to().get()))
        };
        texts.push(text);
    }
    Some(texts)
}

fn to_call(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let seats = rng.random_range(3..=6);
    let setup = table(rng, seats, Street::Preflop);
    let steps = rng.random_range(1..=4);
    let texts = preflop_action(rng, &setup, steps)?;
    let seat = to_act(&setup, &texts)?;
    if played(&setup, rules, &texts)?
        .state()
        .to_call(seat)
        .is_zero()
    {
        return None;
    }
    Deal {
        id,
        topic: "to-call",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .amount(
        format!(
            "How many more chips must seat {} put in to call?",
            seat.number()
        ),
        |st, _| st.to_act.map(|s| st.to_call(s)),
        |st, _, answer| {
            let seat = st.to_act.map_or(0, |s| s.number());
            let wager = st.to_act.map_or(Chips::ZERO, |s| st.seat(s).wager);
            format!(
                "The bet is {} and seat {seat} has {wager} in front of it: it adds {answer} to call (no more than its stack).",
                st.current_bet
            )
        },
        None,
    )
}

/// A flop where the first seat bets and the next goes all in for `short`
/// more than the bet (a short or a full raise, as the deal falls).
fn all_in_over_bet(rng: &mut StdRng) -> Option<(TableSetup, Vec<String>, Seat, Seat)> {
    let mut setup = table(rng, 4, Street::Flop);
    let bb = setup.big_blind.get();
    let first = to_act(&setup, &[])?;
    let bet = bb * rng.random_range(2..=8);
    let over = bet * rng.random_range(1..=12) / 10 / 25 * 25;
    let shover = first.clockwise_after().next()?;
    if let Some(stack) = setup.stacks.iter_mut().find(|(s, _)| *s == shover) {
        stack.1 = Chips(bet + over.max(25));
    }
    for (s, c) in setup.stacks.iter_mut() {
        if *s != shover && c.get() < bet * 4 {
            *c = Chips(bet * 4);
        }
    }
    let texts = vec![format!("{first} bet {bet}"), format!("{shover} allin")];
    Some((setup, texts, first, shover))
}

fn min_raise(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let (setup, texts, _, _) = all_in_over_bet(rng)?;
    let seat = to_act(&setup, &texts)?;
    Deal {
        id,
        topic: "min-raise",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .amount(
        format!(
            "Seat {} is to act: what is the smallest raise it may make (its street total)?",
            seat.number()
        ),
        |st, rules| Some(st.min_raise_to(rules)),
        |st, rules, answer| {
            format!(
                "The bet is {} and the largest full bet or raise of the round is {}: under {} the smallest raise is to {answer}. An all-in that is not a full raise does not change the raise size.",
                st.current_bet, st.raise_size, rules.name
            )
        },
        Some(Citation::clone(&rules.settings.min_raise.citation)),
    )
}

fn can_raise(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let (setup, mut texts, first, _) = all_in_over_bet(rng)?;
    // The others call round to the opener, who faces the all-in.
    loop {
        let seat = to_act(&setup, &texts)?;
        if seat == first {
            break;
        }
        texts.push(format!("{seat} call"));
        if texts.len() > 8 {
            return None;
        }
    }
    Deal {
        id,
        topic: "can-raise",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .choice(
        format!(
            "The action is back on seat {}, who bet first: what may it do?",
            first.number()
        ),
        |st, rules| {
            let seat = st.to_act?;
            Some(if st.can_raise(seat, rules) {
                format!(
                    "Seat {} may call, fold or raise to at least {}.",
                    seat.number(),
                    st.min_raise_to(rules)
                )
            } else {
                format!("Seat {} may only call or fold.", seat.number())
            })
        },
        |st, rules| {
            let Some(seat) = st.to_act else {
                return Vec::new();
            };
            let may = |to: Chips| {
                format!(
                    "Seat {} may call, fold or raise to at least {to}.",
                    seat.number()
                )
            };
            let bet = st.current_bet;
            let mut out = vec![
                format!("Seat {} may only call or fold.", seat.number()),
                may(st.min_raise_to(rules)),
                may(bet + bet),
            ];
            let acted_at = st.seat(seat).acted_at;
            out.push(may(bet + bet.saturating_sub(acted_at)));
            out.push(may(bet + st.big_blind));
            out
        },
        format!(
            "A short all-in does not reopen the betting to a seat that has already acted, unless the raises since add up to a full raise ({}); a full raise does.",
            rules.citation(RulingId::ShortAllIn).brief()
        ),
        Some(rules.citation(RulingId::ShortAllIn)),
    )
}

fn side_pot(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let seats = rng.random_range(3..=5);
    let setup = table(rng, seats, Street::Flop);
    let first = to_act(&setup, &[])?;
    let mut texts = vec![format!("{first} allin")];
    while let Some(seat) = to_act(&setup, &texts) {
        texts.push(format!("{seat} call"));
        if texts.len() > 10 {
            return None;
        }
    }
    let hand = played(&setup, rules, &texts)?;
    let pots = hand.state().pots();
    if pots.len() < 2 {
        return None;
    }
    let k = rng.random_range(0..pots.len());
    let name = if k == 0 {
        "the main pot".to_string()
    } else {
        format!("side pot {k}")
    };
    Deal {
        id,
        topic: "side-pot",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .amount(
        format!("How many chips are in {name}?"),
        move |st, _| st.pots().get(k).map(|p| p.amount),
        |st, _, _| {
            let words: Vec<String> = st
                .pots()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let seats: Vec<String> =
                        p.eligible.iter().map(|s| s.number().to_string()).collect();
                    let which = if i == 0 {
                        "the main pot".to_string()
                    } else {
                        format!("side pot {i}")
                    };
                    format!("{which} {} (seats {})", p.amount, seats.join(", "))
                })
                .collect();
            format!(
                "Each pot takes from every seat in it as much as the smallest stack still in it put in: {}.",
                words.join("; ")
            )
        },
        Some(rules.citation(RulingId::SidePot)),
    )
}

/// The river checked or bet and called round, to the showdown.
fn to_showdown(rng: &mut StdRng, seats: u8) -> Option<(TableSetup, Vec<String>)> {
    let setup = table(rng, seats, Street::River);
    let bb = setup.big_blind.get();
    let mut texts = Vec::new();
    let bettor = rng.random_range(0..=seats);
    let mut turn = 0;
    while let Some(seat) = to_act(&setup, &texts) {
        let hand = played(&setup, &HouseRules::tda(), &texts)?;
        let st = hand.state();
        turn += 1;
        let text = if st.current_bet.is_zero() && turn == bettor {
            format!("{seat} bet {}", bb * rng.random_range(2..=6))
        } else if st.current_bet.is_zero() {
            format!("{seat} check")
        } else if rng.random_bool(0.15) && st.can_raise(seat, &HouseRules::tda()) {
            format!("{seat} raise {}", st.min_raise_to(&HouseRules::tda()))
        } else {
            format!("{seat} call")
        };
        texts.push(text);
        if texts.len() > 20 {
            return None;
        }
    }
    Some((setup, texts))
}

fn show_first(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let (setup, texts) = to_showdown(rng, 4)?;
    Deal {
        id,
        topic: "show-first",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .choice(
        "The river betting is over: who must table first?".into(),
        |st, rules| {
            st.show_first(rules)
                .map(|s| format!("Seat {} shows first.", s.number()))
        },
        |st, _| {
            st.live()
                .map(|s| format!("Seat {} shows first.", s.number()))
                .collect()
        },
        "Who shows first depends on the river: the last to bet or raise, or with no river bet the first seat left of the button (the house's show order).".into(),
        Some(Citation::clone(&rules.settings.show_order.citation)),
    )
}

fn odd_chip(id: &str, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let (setup, texts) = to_showdown(rng, 4)?;
    let hand = played(&setup, rules, &texts)?;
    let live: Vec<Seat> = hand.state().live().collect();
    let mut winners = live.clone();
    winners.shuffle(rng);
    winners.truncate(2);
    winners.sort();
    let [a, b] = winners.as_slice() else {
        return None;
    };
    let (a, b) = (*a, *b);
    let seat_gets = |s: Seat| format!("Seat {} gets the odd chip.", s.number());
    let mut q = Deal {
        id,
        topic: "odd-chip",
        setup: &setup,
        texts: &texts,
        rules,
    }
    .choice(
        "Who gets the odd chip?".into(),
        move |st, rules| {
            odd_chip_order(&[a, b], st, rules.settings.odd_chip.value)
                .first()
                .map(|s| seat_gets(*s))
        },
        move |st, _| st.live().map(seat_gets).collect(),
        format!(
            "The odd chip goes to {} ({}).",
            match rules.settings.odd_chip.value {
                OddChip::FirstLeftOfButton => "the first winner clockwise from the button",
                OddChip::SmallerStack => "the winner with the smaller stack",
            },
            rules.settings.odd_chip.citation.brief()
        ),
        Some(Citation::clone(&rules.settings.odd_chip.citation)),
    )?;
    q.told = format!(
        "{} Seats {} and {} tie and split the pot; one chip of the smallest denomination is left over.",
        q.told,
        a.number(),
        b.number()
    );
    Some(q)
}

fn pushed_chips(id: &str, seed: u64, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let setup = table(rng, 4, Street::Flop);
    let first = to_act(&setup, &[])?;
    let bb = setup.big_blind.get();
    let bet = bb * rng.random_range(2..=8) + if rng.random_bool(0.3) { 25 } else { 0 };
    let seat = first.clockwise_after().next()?;
    let big: Vec<u64> = DENOMINATIONS
        .iter()
        .copied()
        .filter(|d| *d >= bet / 2 && *d > 25)
        .collect();
    let d = *big.first()?;
    let push = match rng.random_range(0..3) {
        // One chip: written with its count, or it reads as an amount.
        0 => format!("{}x1", big.iter().find(|x| **x > bet).copied().unwrap_or(d)),
        1 => {
            let n = bet / d + 1;
            format!("{d}x{n}")
        }
        _ => format!("{}+25", (bet / d + 1) * d),
    };
    let mut setup = setup;
    for (_, c) in setup.stacks.iter_mut() {
        *c = (*c).max(Chips(bet * 10 + 10_000));
    }
    let deal = Deal {
        id,
        topic: "pushed-chips",
        setup: &setup,
        texts: &[format!("{first} bet {bet}")],
        rules,
    };
    deal.line(
        &format!("{seat} push {push}"),
        seed,
        "What does the push bind?",
    )
}

fn out_of_turn(id: &str, seed: u64, rng: &mut StdRng, rules: &HouseRules) -> Option<Question> {
    let setup = table(rng, 4, Street::Flop);
    let first = to_act(&setup, &[])?;
    let skipper = first.clockwise_after().next()?;
    let bb = setup.big_blind.get();
    let oot = match rng.random_range(0..2) {
        0 => format!("{skipper} check"),
        _ => format!("{skipper} bet {}", bb * rng.random_range(2..=5)),
    };
    let rightful = match rng.random_range(0..2) {
        0 => format!("{first} check"),
        _ => format!("{first} bet {}", bb * rng.random_range(2..=5)),
    };
    let deal = Deal {
        id,
        topic: "out-of-turn",
        setup: &setup,
        texts: &[oot],
        rules,
    };
    deal.line(&rightful, seed, "The skipped seat now acts: what binds?")
}
