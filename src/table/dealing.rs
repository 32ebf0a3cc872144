//! Dealing: the start of a hand (blinds and antes posted, the dead button,
//! heads-up), hole cards and the board, and no card seen twice.
//!
//! Ruling ids: `dead-button`, `heads-up-button`, `short-blind`.
//!
//! Rules cited: TDA 29 and 66-C (a hand away from the table is killed
//! after the deal), TDA 31 (dead button; a session may place a dead small
//! blind), 33 (heads-up: the button posts the
//! small blind, and is adjusted when heads-up play starts), 39-B (the posted
//! big blind is the opening bet); UPT Blinds 1 and 3, No-limit 2 and
//! tournament rule 19 (short blinds); Redtooth 19-24. Where a rule has
//! several cases the ruling names its case (`rules::CLAUSES`). A start that
//! leaves no one to act is settled at once (`Outcome::settle`).

use super::cards::{Card, format_cards};
use super::chips::Chips;
use super::command::Refusal;
use super::event::{AnteMode, Event, Post, Street, TableSetup};
use super::outcome::Outcome;
use super::seat::Seat;
use super::state::HandState;
use crate::rules::{HouseRules, RulingId};

/// The start of a hand, its events applied as they are made to `scratch`
/// (whatever it held: `HandStarted` makes every field anew) and gathered
/// in `events`. On a refusal `scratch` is left as it was or half-made.
pub(super) fn start(
    setup: &TableSetup,
    rules: &HouseRules,
    scratch: &mut HandState,
    events: &mut Vec<Event>,
) -> Result<(), Refusal> {
    validate_setup(setup)?;
    if let Some(problem) =
        crate::rules::ante_problem(&rules.settings, setup.small_blind.get(), setup.ante.get())
    {
        return Err(Refusal::Setup(format!("{problem}.")));
    }
    let mut out = Outcome::new(scratch, events);
    out.emit(Event::HandStarted {
        setup: Box::new(setup.clone()),
    });
    if setup.street != Street::Preflop {
        out.settle(rules);
        return Ok(());
    }
    let dealt: Vec<Seat> = out.state.occupied().collect();
    let heads_up = dealt.len() == 2;
    // A session places the blinds itself (the big blind moves on one seat
    // each hand; the small blind may be dead: TDA 31, Redtooth 21-24).
    let placed = setup
        .blind_seats
        .filter(|b| dealt.contains(&b.big) && b.small.is_none_or(|s| dealt.contains(&s)));
    // TDA 33: heads-up the button posts the small blind.
    let (sb, bb) = if let Some(b) = placed {
        (b.small.unwrap_or(b.big), b.big)
    } else if heads_up && dealt.contains(&setup.button) {
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
    let dead_small = placed.is_some_and(|b| b.small.is_none());
    for (seat, post, nominal) in [
        (sb, Post::SmallBlind, setup.small_blind),
        (bb, Post::BigBlind, setup.big_blind),
    ] {
        let amount = nominal.min(out.state.seat(seat).stack);
        if nominal.is_zero() || (dead_small && post == Post::SmallBlind) {
            continue;
        }
        out.emit(Event::Posted { seat, post, amount });
        if amount < nominal {
            let which = if post == Post::SmallBlind {
                "small"
            } else {
                "big"
            };
            let (clause, text) = if post == Post::BigBlind {
                (
                    "big-blind",
                    format!(
                        "Seat {} posts {amount} of the {nominal} big blind, all in; the big blind stays {nominal}: a call is {nominal} and a raise is to at least {}.",
                        seat.number(),
                        Chips(nominal.get() * 2)
                    ),
                )
            } else {
                (
                    "small-blind",
                    format!(
                        "Seat {} posts {amount} of the {nominal} {which} blind, all in.",
                        seat.number()
                    ),
                )
            };
            rulings.push(rules.ruling_clause(RulingId::ShortBlind, clause, text));
        }
    }
    if dead_small {
        let text = format!(
            "No one posts the small blind this hand (a dead small blind): seat {} posts the big blind, so no one misses a big blind.",
            bb.number()
        );
        rulings.insert(0, rules.ruling(RulingId::DeadButton, text));
    }
    if !dealt.contains(&setup.button) {
        let small = if dead_small {
            "no one posts the small blind".to_string()
        } else {
            format!("seat {} posts the small blind", sb.number())
        };
        let text = format!(
            "The button is on empty seat {} (a dead button): {small} and seat {} the big blind.",
            setup.button.number(),
            bb.number()
        );
        rulings.insert(0, rules.ruling(RulingId::DeadButton, text));
    }
    if heads_up {
        // TDA 33: the button posts the small blind; when heads-up play
        // starts with the button on an empty seat, it may need adjusting.
        let ruling = if dealt.contains(&setup.button) {
            rules.ruling_clause(
                RulingId::HeadsUpButton,
                "button-posts-small-blind",
                format!(
                    "Heads-up: the button (seat {}) posts the small blind and acts first before the flop, last after it.",
                    sb.number()
                ),
            )
        } else {
            rules.ruling_clause(
                RulingId::HeadsUpButton,
                "button-adjusted",
                format!(
                    "Heads-up with the button on empty seat {}: seat {} posts the small blind and acts first before the flop, seat {} the big blind; the floor may adjust the button so that no player has the big blind twice in a row.",
                    setup.button.number(),
                    sb.number(),
                    bb.number()
                ),
            )
        };
        rulings.insert(0, ruling);
    }
    for ruling in rulings {
        out.emit(Event::RulingSuggested { ruling });
    }
    // TDA 29 and 66-C: a player away at the deal (or on penalty) is dealt
    // in, his blinds and antes are posted, and his hand is killed.
    for seat in &setup.away {
        if dealt.contains(seat) && !out.state.seat(*seat).folded {
            out.emit(Event::HandKilled { seat: *seat });
        }
    }
    // The blinds and antes alone may leave no one to act (a short button
    // heads-up, everyone all in on the blinds): the hand is settled now as
    // after any entry (uncalled chips back, pots, all-in face up), not on
    // the next entry.
    out.settle(rules);
    Ok(())
}

/// Whether a hand can start at this table, whatever the house: the one
/// check of a table's setup, which the setup screen and its command-line
/// flags, scenario files, journals and PHH imports all come through.
/// Refuses seats without chips or listed twice, blinds that cannot be played
/// (`rules::blinds_problem`), more chips in play (stacks and starting pot)
/// than `Chips::MAX_TABLE`, an ante or a chip above it, and a street, board
/// or pot the hand cannot start with.
pub fn validate_setup(setup: &TableSetup) -> Result<(), Refusal> {
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
    if let Some(problem) =
        crate::rules::blinds_problem(setup.small_blind.get(), setup.big_blind.get())
    {
        return bad(format!("{problem}."));
    }
    // Summed wide, so a total that does not fit in chips is still named.
    let stacks: u128 = setup.stacks.iter().map(|(_, c)| u128::from(c.get())).sum();
    let in_play = stacks + u128::from(setup.pot.get());
    if in_play > u128::from(Chips::MAX_TABLE.get()) {
        let what = if setup.pot.is_zero() {
            "the stacks".to_string()
        } else {
            format!(
                "the stacks ({}) and the pot ({})",
                super::chips::grouped(stacks),
                setup.pot
            )
        };
        return bad(format!(
            "{what} come to {} chips in play, more than the most a table may have, {}.",
            super::chips::grouped(in_play),
            Chips::MAX_TABLE
        ));
    }
    if !setup.ante.within_table() {
        return bad(format!(
            "the ante ({}) is more than the most chips a table may have in play, {}.",
            setup.ante,
            Chips::MAX_TABLE
        ));
    }
    if setup.denominations.iter().any(|d| d.is_zero()) {
        return bad("a chip denomination of 0 is not a chip.".into());
    }
    if let Some(chip) = setup.denominations.iter().find(|d| !d.within_table()) {
        return bad(format!(
            "a chip of {chip} is more than the most chips a table may have in play, {}.",
            Chips::MAX_TABLE
        ));
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

pub(super) fn unseen(
    st: &HandState,
    cards: &[Card],
    own: Option<[Card; 2]>,
) -> Result<(), Refusal> {
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

pub(super) fn hole(st: &HandState, seat: Seat, cards: &[Card; 2]) -> Result<(), Refusal> {
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

pub(super) fn deal(st: &HandState, street: Street, cards: &[Card]) -> Result<(), Refusal> {
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
