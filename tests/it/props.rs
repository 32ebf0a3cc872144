//! Property tests: random sequences of legal and illegal commands keep the
//! invariants (chips conserved, no negative stack, the seat to act live,
//! the journal's fold equal to the live state), a refused command changes
//! nothing, undo restores the state before, and nothing panics. Along the
//! way, whenever every other player still in is all in, no bet or raise
//! can bind; and a `Play` (the import's check, which decides in its one
//! state and folds the hand's events again after a refusal) given the
//! same commands is in the `Hand`'s state at every step.
//!
//! Amounts are drawn huge too: tables up to and over `Chips::MAX_TABLE`,
//! and commands naming up to `u64::MAX` chips. Nothing may wrap: chip
//! arithmetic `debug_assert`s that it never saturates (test builds keep
//! debug assertions), and every amount the hand holds stays within the
//! chips it started with.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use floorcall::rules::HouseRules;
use floorcall::table::command::{FloorDecision, Irregularity, Penalty};
use floorcall::table::event::{Declaration, PushedChips, Street, TableSetup};
use floorcall::table::{
    ActionKind, Card, Chips, Command, Event, Hand, HandState, Intent, Play, Seat, decide_in_place,
    invariants,
};

fn random_setup(rng: &mut StdRng) -> TableSetup {
    let players = rng.random_range(2..=10usize);
    let mut seats: Vec<usize> = (0..10).collect();
    seats.shuffle(rng);
    let mut chosen: Vec<usize> = seats[..players].to_vec();
    chosen.sort();
    let big = [2u64, 50, 100, 200, 400, 1000][rng.random_range(0..6)];
    let small = if rng.random_bool(0.8) { big / 2 } else { big };
    let stacks = chosen
        .iter()
        .map(|i| {
            let stack = if rng.random_bool(0.3) {
                rng.random_range(1..=big * 3)
            } else {
                rng.random_range(big..=big * 200)
            };
            (Seat::from_index(*i), Chips(stack))
        })
        .collect();
    let street = [
        Street::Preflop,
        Street::Preflop,
        Street::Preflop,
        Street::Flop,
        Street::River,
    ][rng.random_range(0..5)];
    let setup = TableSetup {
        button: Seat::from_index(rng.random_range(0..10)),
        small_blind: Chips(small),
        big_blind: Chips(big),
        ante: Chips(if rng.random_bool(0.3) { big / 4 } else { 0 }),
        ante_mode: if rng.random_bool(0.5) {
            Default::default()
        } else {
            floorcall::table::event::AnteMode::BigBlind
        },
        stacks,
        denominations: if rng.random_bool(0.3) {
            vec![Chips(1), Chips(5), Chips(25)]
        } else {
            vec![]
        },
        street,
        pot: Chips(if street == Street::Preflop {
            0
        } else {
            rng.random_range(0..=big * 10)
        }),
        board: vec![],
        blind_seats: None,
        away: vec![],
    };
    if rng.random_bool(0.15) {
        huge(setup, rng)
    } else {
        setup
    }
}

/// The same table with every amount scaled up, near the table maximum and
/// now and then over it (which must be refused).
fn huge(setup: TableSetup, rng: &mut StdRng) -> TableSetup {
    let in_play: u64 = setup.stacks.iter().map(|(_, c)| c.get()).sum::<u64>() + setup.pot.get();
    let fill = Chips::MAX_TABLE.get() / in_play.max(1);
    let factor = match rng.random_range(0..4) {
        0 => fill,                              // as near the maximum as it goes
        1 => fill + 1 + rng.random_range(0..3), // just over it
        _ => rng.random_range(1..=fill.max(1)),
    }
    .max(1);
    let scale = |c: Chips| Chips(c.get().saturating_mul(factor));
    TableSetup {
        small_blind: scale(setup.small_blind),
        big_blind: scale(setup.big_blind),
        ante: scale(setup.ante),
        stacks: setup.stacks.iter().map(|(s, c)| (*s, scale(*c))).collect(),
        denominations: setup.denominations.iter().map(|c| scale(*c)).collect(),
        pot: scale(setup.pot),
        ..setup
    }
}

/// An amount no table may hold: just over the maximum, or up to `u64::MAX`.
fn over_the_maximum(rng: &mut StdRng) -> Chips {
    match rng.random_range(0..3) {
        0 => Chips(Chips::MAX_TABLE.get() + 1),
        1 => Chips(u64::MAX),
        _ => Chips(rng.random_range(Chips::MAX_TABLE.get()..=u64::MAX)),
    }
}

fn unseen_cards(st: &HandState, rng: &mut StdRng, n: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::deck().filter(|c| st.seen & c.bit() == 0).collect();
    deck.shuffle(rng);
    // Now and then a card already seen, which must be refused.
    if rng.random_bool(0.05)
        && let Some(seen) = Card::deck().find(|c| st.seen & c.bit() != 0)
    {
        deck.insert(0, seen);
    }
    deck.into_iter().take(n).collect()
}

fn random_amount(st: &HandState, hand: &Hand, seat: Seat, rng: &mut StdRng) -> Chips {
    let s = st.seat(seat);
    let min = st.min_raise_to(hand.rules());
    if rng.random_bool(0.03) {
        return over_the_maximum(rng);
    }
    match rng.random_range(0..5) {
        0 => min,
        1 => s.max_to(),
        2 => Chips(rng.random_range(0..=s.max_to().get().max(1) * 2)),
        3 if s.max_to() > min => Chips(rng.random_range(min.get()..=s.max_to().get())),
        _ => Chips(min.get().saturating_sub(1).max(1)),
    }
}

/// A floor decision at random: on a live seat, the seat to act or any.
fn random_decision(st: &HandState, rng: &mut StdRng) -> Command {
    let live: Vec<Seat> = st.live().collect();
    let seat = live
        .choose(rng)
        .copied()
        .unwrap_or(Seat::from_index(rng.random_range(0..10)));
    let to_act = st.to_act.unwrap_or(seat);
    let decision = match rng.random_range(0..6) {
        0 => FloorDecision::DeadHand(seat),
        1 => FloorDecision::AllOptions(to_act),
        2 => FloorDecision::Forfeit {
            seat: to_act,
            amount: Chips(rng.random_range(1..=st.to_call(to_act).get().max(1))),
        },
        3 => FloorDecision::Binding(to_act),
        4 => FloorDecision::Misdeal,
        _ => FloorDecision::Penalty {
            seat,
            penalty: Penalty::Hands(rng.random_range(1..4)),
        },
    };
    Command::Decide {
        decision,
        reason: rng.random_bool(0.5).then(|| "the TD's reason".to_string()),
    }
}

/// A command chosen at random against the live state: mostly sensible, some
/// illegal on purpose; `out_of_turn` is how often the actor is another
/// seat than the one to act.
fn random_command(hand: &Hand, rng: &mut StdRng, out_of_turn: f64) -> Option<Command> {
    let st = hand.state();
    let any_seat = Seat::from_index(rng.random_range(0..10));
    let others: Vec<Seat> = st.live().filter(|s| Some(*s) != st.to_act).collect();
    let actor = if rng.random_bool(out_of_turn) {
        others.choose(rng).copied().unwrap_or(any_seat)
    } else if rng.random_bool(0.9) {
        st.to_act.unwrap_or(any_seat)
    } else {
        any_seat
    };
    Some(match rng.random_range(0..100) {
        0..=59 if st.to_act.is_some() => {
            let intent = match rng.random_range(0..7) {
                0 => Intent::Fold,
                1 => Intent::Check,
                2 | 3 => Intent::Call(None),
                4 => Intent::Bet(random_amount(st, hand, actor, rng)),
                5 => Intent::Raise(random_amount(st, hand, actor, rng)),
                _ => Intent::AllIn,
            };
            Command::Act {
                seat: actor,
                intent,
                all_in: rng.random_bool(0.02),
            }
        }
        60..=67 => {
            let amount = random_amount(st, hand, actor, rng)
                .saturating_sub(st.seat(actor).wager)
                .max(Chips(1));
            let chips = if rng.random_bool(0.03) {
                // Counts that overflow a u64 when multiplied out.
                PushedChips::Denominations(vec![
                    (over_the_maximum(rng).max(Chips(1 << 62)), u32::MAX),
                    (Chips(25), rng.random_range(0..=u32::MAX)),
                ])
            } else if rng.random_bool(0.5) {
                PushedChips::Amount(amount)
            } else {
                let big = [25u64, 100, 500, 1000, 5000][rng.random_range(0..5)];
                PushedChips::Denominations(vec![
                    (Chips(big), rng.random_range(1..4)),
                    (Chips(25), rng.random_range(0..3)),
                ])
            };
            Command::Push { seat: actor, chips }
        }
        68..=72 => {
            let declaration = match rng.random_range(0..9) {
                0 => Declaration::Fold,
                1 => Declaration::Check,
                2 => Declaration::Call,
                3 => Declaration::Bet(None),
                4 => Declaration::Raise(None),
                5 => Declaration::Raise(Some(random_amount(st, hand, actor, rng).max(Chips(1)))),
                6 => Declaration::AllIn,
                7 => Declaration::Pot,
                _ => Declaration::Amount(random_amount(st, hand, actor, rng).max(Chips(1))),
            };
            Command::Say {
                seat: actor,
                declaration,
            }
        }
        73..=74 => Command::Tap { seat: actor },
        75..=76 => Command::Muck { seat: actor },
        77..=86 => {
            let street = if rng.random_bool(0.9) {
                st.street.next_board().unwrap_or(Street::Flop)
            } else {
                Street::Turn
            };
            let n = if rng.random_bool(0.95) {
                street.cards_dealt()
            } else {
                2
            };
            Command::Deal {
                street,
                cards: unseen_cards(st, rng, n),
            }
        }
        87..=92 => {
            let live: Vec<Seat> = st.live().collect();
            let seat = live.choose(rng).copied().unwrap_or(any_seat);
            let cards = unseen_cards(st, rng, 2);
            let cards = [cards[0], cards[1]];
            if rng.random_bool(0.3) {
                Command::Hole { seat, cards }
            } else {
                Command::Show {
                    seat,
                    cards: Some(cards),
                }
            }
        }
        93 => Command::Floor(Irregularity::ALL[rng.random_range(0..6)].0),
        94 => random_decision(st, rng),
        95..=96 => Command::Resolve,
        _ => return None, // undo
    })
}

/// With every other player still in all in, the seat to act may not
/// raise: `can_raise` says no, and every way of betting or raising (the
/// clear verbs, all in, pushed chips, words) binds at most a call.
fn no_raise_against_all_ins(hand: &Hand) -> Result<(), TestCaseError> {
    let st = hand.state();
    let Some(seat) = st.to_act else {
        return Ok(());
    };
    if st.raise_could_be_called(seat) {
        return Ok(());
    }
    prop_assert!(
        !st.can_raise(seat, hand.rules()),
        "seat {} may raise against all-ins",
        seat.number()
    );
    let s = st.seat(seat);
    let min = st.min_raise_to(hand.rules());
    let all = s.max_to();
    let act = |intent| Command::Act {
        seat,
        intent,
        all_in: false,
    };
    let say = |declaration| Command::Say { seat, declaration };
    let tries = [
        act(Intent::Raise(min)),
        act(Intent::Raise(all)),
        act(Intent::Bet(min)),
        act(Intent::AllIn),
        Command::Push {
            seat,
            chips: PushedChips::Amount(s.stack),
        },
        Command::Push {
            seat,
            chips: PushedChips::Denominations(vec![(s.stack, 1)]),
        },
        say(Declaration::Raise(Some(all))),
        say(Declaration::Raise(None)),
        say(Declaration::Bet(Some(min))),
        say(Declaration::AllIn),
        say(Declaration::Pot),
        say(Declaration::Amount(s.stack)),
    ];
    for command in tries {
        let mut probe = hand.clone();
        let before = probe.entries().len();
        if probe.execute(&command, None).is_ok() {
            let _ = probe.execute(&Command::Resolve, None);
        }
        let raised = probe.entries()[before..].iter().flat_map(|e| &e.events).any(|e| {
            matches!(e, Event::ActionBound { action, .. }
                if action.seat == seat && matches!(action.kind, ActionKind::Bet | ActionKind::Raise))
        });
        prop_assert!(
            !raised,
            "{:?} bound a bet or raise for seat {} with every other player still in all in",
            command,
            seat.number()
        );
    }
    Ok(())
}

/// Plays one random hand, checking every step; `probe` looks at the hand
/// before each step.
fn play(
    seed: u64,
    steps: usize,
    probe: fn(&Hand) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    play_with(seed, steps, 0.0, probe)
}

/// Plays one random hand with actions out of turn `out_of_turn` of the
/// time, checking every step; `probe` looks at the hand before each step.
fn play_with(
    seed: u64,
    steps: usize,
    out_of_turn: f64,
    probe: fn(&Hand) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let houses = ["tda", "upt", "ugly-tuna", "nuts", "redtooth"];
    let rules = HouseRules::load(houses[rng.random_range(0..5)]).expect("a built-in house");
    let rules = std::sync::Arc::new(rules);
    let setup = random_setup(&mut rng);
    // The same commands on a `Play`, which one `Play` starts again after
    // an undo or a redo (with the live commands): a start over a hand
    // already played, and a state rebuilt after every refusal.
    let mut play = Play::default();
    let started = play.start(setup.clone(), &rules);
    let in_play: u128 = setup
        .stacks
        .iter()
        .map(|(_, c)| u128::from(c.get()))
        .sum::<u128>()
        + u128::from(setup.pot.get());
    let mut hand = match Hand::start(setup.clone(), std::sync::Arc::clone(&rules)) {
        Ok(hand) => hand,
        Err(refusal) => {
            prop_assert_eq!(started, Err(refusal.clone()));
            if in_play > u128::from(Chips::MAX_TABLE.get()) {
                prop_assert!(
                    refusal.to_string().contains("1,000,000,000,000,000"),
                    "seed {}: a table over the maximum refused without naming it: {}",
                    seed,
                    refusal
                );
            }
            return Ok(());
        }
    };
    prop_assert!(
        in_play <= u128::from(Chips::MAX_TABLE.get()),
        "seed {}: a table with {} chips in play started",
        seed,
        in_play
    );
    prop_assert_eq!(started, Ok(()));
    prop_assert_eq!(play.state(), hand.state());
    let mut history: Vec<HandState> = Vec::new();
    let mut undone: Vec<HandState> = Vec::new();
    // The live commands, and those undone (for a redo).
    let mut live: Vec<Command> = Vec::new();
    let mut taken_back: Vec<Command> = Vec::new();
    for _ in 0..steps {
        if hand.state().street == Street::Done {
            break;
        }
        probe(&hand)?;
        let before = hand.state().clone();
        let entries = hand.entries().len();
        match random_command(&hand, &mut rng, out_of_turn) {
            Some(command) => {
                let played = play.execute(&command, &rules);
                let executed = hand
                    .execute(&command, floorcall::notation::format_command(&command))
                    .map(|_| ());
                prop_assert_eq!(&played, &executed, "seed {}: {:?}", seed, command);
                // Decided in place (as `verify` does), in a copy of the
                // state before: the same refusal, or the same events and
                // the same state after.
                let mut in_place = before.clone();
                let mut made = Vec::new();
                let decided = decide_in_place(&mut in_place, &rules, &command, &mut made);
                match &executed {
                    Ok(()) => {
                        prop_assert_eq!(decided, Ok(()), "seed {}: {:?}", seed, command);
                        let entry = hand.entries().last().expect("the entry made");
                        prop_assert_eq!(&made, &entry.events, "seed {}: {:?}", seed, command);
                        prop_assert_eq!(&in_place, hand.state(), "seed {}: {:?}", seed, command);
                    }
                    Err(refusal) => prop_assert_eq!(decided, Err(refusal.clone())),
                }
                match executed {
                    Ok(_) => {
                        history.push(before);
                        undone.clear();
                        live.push(command);
                        taken_back.clear();
                    }
                    Err(_) => {
                        prop_assert_eq!(
                            hand.state(),
                            &before,
                            "a refused {:?} changed the state",
                            command
                        );
                        prop_assert_eq!(hand.entries().len(), entries);
                    }
                }
            }
            None => {
                if rng.random_bool(0.7) {
                    if hand.undo().is_ok() {
                        let restored = history.pop().expect("an undo has a state before it");
                        prop_assert_eq!(
                            hand.state(),
                            &restored,
                            "undo did not restore the state before"
                        );
                        undone.push(before);
                        taken_back.push(live.pop().expect("an undone command"));
                        replay_on(&mut play, &setup, &live, &rules)?;
                    }
                } else if hand.redo().is_ok() {
                    let redone = undone.pop().expect("a redo has a state to restore");
                    prop_assert_eq!(
                        hand.state(),
                        &redone,
                        "redo did not restore the undone state"
                    );
                    history.push(before);
                    live.push(taken_back.pop().expect("a redone command"));
                    replay_on(&mut play, &setup, &live, &rules)?;
                }
            }
        }
        prop_assert_eq!(play.state(), hand.state(), "seed {}: the play", seed);
        if let Err(broken) = invariants::check(&hand) {
            let journal: Vec<String> = hand
                .entries()
                .iter()
                .map(|e| {
                    let events: Vec<String> = e.events.iter().map(|ev| ev.to_string()).collect();
                    format!("  {}: {:?} -> {}", e.seq, e.line, events.join(" | "))
                })
                .collect();
            return Err(TestCaseError::fail(format!(
                "seed {seed}: {broken}\n{:?}\n{}",
                hand.entries()[0].events,
                journal.join("\n")
            )));
        }
        nothing_wrapped(hand.state(), in_play)
            .map_err(|e| TestCaseError::fail(format!("seed {seed}: {e}")))?;
    }
    Ok(())
}

/// Starts `play` again and plays `commands` on it.
fn replay_on(
    play: &mut Play,
    setup: &TableSetup,
    commands: &[Command],
    rules: &HouseRules,
) -> Result<(), TestCaseError> {
    play.start(setup.clone(), rules)
        .map_err(|e| TestCaseError::fail(format!("the start again: {e}")))?;
    for command in commands {
        play.execute(command, rules)
            .map_err(|e| TestCaseError::fail(format!("{command:?} again: {e}")))?;
    }
    Ok(())
}

/// Every amount the hand holds is within the chips it started with (a
/// wrapped subtraction would show as an amount near `u64::MAX`).
fn nothing_wrapped(st: &HandState, in_play: u128) -> Result<(), String> {
    let within = |what: &str, c: Chips| {
        if u128::from(c.get()) <= in_play {
            Ok(())
        } else {
            Err(format!(
                "{what} holds {c}, more than the {in_play} chips in play"
            ))
        }
    };
    within("the pot", st.pot())?;
    // A short big blind keeps the bet at the full blind (UPT Blinds 1).
    if st.current_bet > st.big_blind {
        within("the current bet", st.current_bet)?;
    }
    for (i, s) in st.seats.iter().enumerate() {
        within(&format!("seat {}'s stack", i + 1), s.stack)?;
        within(&format!("seat {}'s committed chips", i + 1), s.committed)?;
    }
    Ok(())
}

/// The random hands a property test plays: `PROPTEST_CASES` where set
/// (proptest's own variable: `PROPTEST_CASES=20000 cargo test props` for a
/// deep run), else `usual`. Each `cargo test` draws new seeds, so the
/// hands checked add up from run to run; the counts keep the unoptimised
/// test build's run within its share of `cargo test`'s 5 minutes.
fn cases(usual: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usual);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases(5_000))]

    #[test]
    fn random_command_sequences_keep_every_invariant(seed in any::<u64>(), steps in 1usize..120) {
        play(seed, steps, |_| Ok(()))?;
    }
}

proptest! {
    // Each state against all-ins is probed a dozen ways: fewer hands.
    #![proptest_config(cases(1_000))]

    #[test]
    fn a_raise_is_never_allowed_when_every_other_live_seat_is_all_in(seed in any::<u64>(), steps in 1usize..120) {
        play(seed, steps, no_raise_against_all_ins)?;
    }
}

proptest! {
    #![proptest_config(cases(2_500))]

    /// Chains of actions out of turn (several seats acting before the
    /// skipped one, gestures and words out of turn, floor decisions), with
    /// undo and redo among them, keep every invariant.
    #[test]
    fn random_out_of_turn_chains_keep_every_invariant(seed in any::<u64>(), steps in 1usize..120) {
        play_with(seed, steps, 0.45, |_| Ok(()))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, ..ProptestConfig::default() })]

    /// Nothing a dealer types may panic the notation parser; what it
    /// accepts prints back to a line that parses to the same command.
    #[test]
    fn any_typed_line_parses_or_is_refused_without_panic(line in "\\PC{0,40}") {
        if let Ok(Some(command)) = floorcall::notation::parse_line(&line)
            && let Some(printed) = floorcall::notation::format_command(&command) {
                prop_assert_eq!(floorcall::notation::parse_line(&printed).ok().flatten(), Some(command));
            }
    }

    #[test]
    fn near_miss_lines_never_panic(
        seat in "s(0|1|3|10|11|99)?",
        verb in "(fold|check|call|bet|raise|allin|say|push|tap|muck|hole|show|flop|turn|river|floor|x)",
        arg in "(|0|1|-5|1400|1,400|1000x2|500\\+25|1000x|x2|\\+|AhKd|Ah|AhKdQc|raise 8000|if you bet|pot|99999999999999999999999)",
    ) {
        let line = format!("{seat} {verb} {arg}");
        match floorcall::notation::parse_line(&line) {
            // Refused: the message says where, inside the line.
            Err(e) => prop_assert!(e.column >= 1 && e.column <= line.chars().count() + 1, "{line}: {e}"),
            // Accepted: it prints back to a line that reads the same.
            Ok(Some(command)) => {
                if let Some(printed) = floorcall::notation::format_command(&command) {
                    prop_assert_eq!(floorcall::notation::parse_line(&printed).ok().flatten(), Some(command));
                }
            }
            Ok(None) => prop_assert!(line.trim().is_empty(), "{line}"),
        }
    }
}
