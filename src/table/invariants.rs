//! The invariants every hand keeps, checked by one function that unit
//! tests, property tests and the scenario runner all reuse.
//!
//! Besides the chips: an action held out of turn belongs to a seat still in
//! the hand, one per seat, and only while someone is to act.

use super::chips::Chips;
use super::event::Street;
use super::hand::{Entry, Hand, replay};
use super::state::HandState;

/// Checks a hand: chips conserved, stacks and wagers consistent, the seat to
/// act live and with a decision to make, no unmatched chips left in once
/// the betting is closed, and the journal's fold equal to the live state.
/// Returns the first broken invariant as a sentence.
pub fn check(hand: &Hand) -> Result<(), String> {
    check_state(hand.state(), hand.entries())?;
    if replay(hand.entries()) != *hand.state() {
        return Err("folding the journal does not give the live state".into());
    }
    Ok(())
}

/// `check` but for the fold: the invariants of the state `st` that the
/// hand's `entries` leave. The fold equal to the state the engine keeps is
/// the engine's own property (`check` holds it over the property tests'
/// random hands): where events are known to be the engine's, as `verify`
/// knows of every entry it rules again, folding them again proves nothing
/// more.
pub fn check_state(st: &HandState, entries: &[Entry]) -> Result<(), String> {
    let Some(Some(setup)) = entries.first().map(|e| match e.events.first() {
        Some(super::event::Event::HandStarted { setup }) => Some(setup),
        _ => None,
    }) else {
        return Err("the journal does not begin with HandStarted".into());
    };
    let start: Chips = setup.stacks.iter().map(|(_, c)| *c).sum::<Chips>() + setup.pot;
    let now = st.total_chips();
    if now != start {
        return Err(format!(
            "chips are not conserved: {start} at the start, {now} now"
        ));
    }
    for (i, s) in st.seats.iter().enumerate() {
        if !s.occupied && (s.stack != Chips::ZERO || s.committed != Chips::ZERO) {
            return Err(format!("empty seat {} holds chips", i + 1));
        }
        if s.wager > s.committed {
            return Err(format!(
                "seat {} wagers {} but has committed only {}",
                i + 1,
                s.wager,
                s.committed
            ));
        }
        if s.wager > st.current_bet && st.street.is_betting() {
            return Err(format!(
                "seat {} wagers {} above the current bet {}",
                i + 1,
                s.wager,
                st.current_bet
            ));
        }
    }
    if let Some(seat) = st.to_act {
        let s = st.seat(seat);
        if !s.can_act() {
            return Err(format!(
                "seat {} is to act but cannot (folded, all in or empty)",
                seat.number()
            ));
        }
        if !st.street.is_betting() {
            return Err(format!("seat {} is to act at {}", seat.number(), st.street));
        }
        let others_top = st
            .live()
            .filter(|o| *o != seat)
            .map(|o| st.seat(o).wager)
            .max()
            .unwrap_or(Chips::ZERO);
        if !st.raise_could_be_called(seat) && s.wager >= others_top {
            return Err(format!(
                "seat {} is to act with nothing to decide: every other player still in is all in for no more than its {}",
                seat.number(),
                s.wager
            ));
        }
    }
    let closed = st.street == Street::Showdown || (st.street.is_betting() && st.to_act.is_none());
    if closed && st.pending.is_none() {
        // The round is over: what no one matched has gone back (TDA 60)
        // to a seat still in; a folded or killed seat's chips stay in the
        // pot (TDA 38-A, 29).
        let mut committed: Vec<(Chips, bool)> =
            st.seats.iter().map(|s| (s.committed, s.live())).collect();
        committed.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        if let [(top, true), (second, _), ..] = committed[..]
            && top > second
        {
            return Err(format!(
                "the betting is closed at {} but {} of the largest contribution ({top}) was never matched and has not gone back",
                st.street,
                top - second
            ));
        }
    }
    let mut held = 0u16;
    for o in st.out_of_turn.iter().filter(|o| !o.bound) {
        let s = st.seat(o.seat);
        if !s.live() {
            return Err(format!(
                "seat {} holds an action out of turn but is not in the hand",
                o.seat.number()
            ));
        }
        if held & (1 << o.seat.index()) != 0 {
            return Err(format!(
                "seat {} holds two actions out of turn",
                o.seat.number()
            ));
        }
        held |= 1 << o.seat.index();
        if st.to_act.is_none() && st.street.is_betting() {
            return Err(format!(
                "seat {}'s action out of turn is held with no one to act",
                o.seat.number()
            ));
        }
    }
    if st.street == Street::Done {
        let awarded: Chips = st
            .awards
            .iter()
            .flat_map(|a| a.shares.iter().map(|s| s.1))
            .sum();
        let in_pots: Chips = st.awards.iter().map(|a| a.pot.amount).sum();
        if awarded != in_pots {
            return Err(format!("{awarded} awarded from pots of {in_pots}"));
        }
    }
    Ok(())
}
