//! The end of a round and the showdown: uncalled bets, pots and side
//! pots, all-in hands face up, the order of showing, cards speak, odd
//! chips. The arithmetic of pots and splits is in `pots`.
//!
//! Ruling ids: `uncalled-bet`, `side-pot`, `all-in-face-up`,
//! `showdown-order`, `odd-chip`.
//!
//! Rules cited: TDA 12 (cards speak), 14 (live cards at showdown), 15 (face
//! up for all-ins: no hand still in may be mucked; and its sentence for side
//! pots), 16-A (order of showing: the last aggressor, or with no river bet
//! the first seat left of the button), 17-B (the hand he paid to see), 19-A
//! (odd chips), 20 (side pots), 60 (uncalled bets); Nuts 13, UPT Tournament
//! 34, Redtooth 12 and Ugly Tuna All-in 4 (all-in hands shown); Redtooth 38
//! (left of the last caller); Ugly Tuna Ties 3 (odd chip to the smaller
//! stack). Where a rule has several cases, the ruling names its case so the
//! house quotes that clause (`rules::CLAUSES`).

use super::cards::{Card, format_cards};
use super::chips::Chips;
use super::command::Refusal;
use super::eval;
use super::event::{Award, Event, Street};
use super::outcome::Outcome;
use super::pots;
use super::seat::Seat;
use super::state::HandState;
use crate::rules::{HouseRules, Ruling, RulingId, ShowOrder};

impl Outcome<'_> {
    /// Returns uncalled chips, awards pots when the hand is decided, and
    /// suggests the rulings that come with the end of a round.
    pub(super) fn settle(&mut self, rules: &HouseRules) {
        if self.state.street == Street::Done || self.state.pending.is_some() {
            return;
        }
        self.reach_out_of_turn(rules);
        let st = &self.state;
        if st.street == Street::Done {
            return;
        }
        // The one seat left in, when only one is.
        let live = st.live_bits();
        let alone =
            (live.count_ones() == 1).then(|| Seat::from_index(live.trailing_zeros() as usize));
        let round_over =
            st.street == Street::Showdown || (st.street.is_betting() && st.to_act.is_none());
        if alone.is_some() || round_over {
            self.return_uncalled(rules);
        }
        let st = &self.state;
        if let Some(winner) = alone {
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
        // Side pots need a live seat all in: without one, `pots::build`
        // has one level and makes one pot at most, so none are built.
        let pots_now = if st.live().any(|s| st.seat(s).all_in()) {
            st.pots()
        } else {
            Vec::new()
        };
        let side_pots = pots_now.len() > 1;
        if side_pots {
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
        if st.all_in_face_up().is_some() && !has_ruling(st, RulingId::AllInFaceUp) {
            // TDA 15: the main rule, and its sentence for side pots.
            let clause = if side_pots {
                "side-pots"
            } else {
                "betting-complete"
            };
            let text = "A player is all in and the betting is complete: every hand still in is tabled face up now.".to_string();
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling_clause(RulingId::AllInFaceUp, clause, text),
            });
        }
        let st = &self.state;
        if st.street == Street::Showdown {
            if !has_ruling(st, RulingId::ShowdownOrder)
                && let Some((first, case)) = st.show_first_by_case(rules)
            {
                let n = first.number();
                let why = match case {
                    ShowFirst::LastAggressor => {
                        format!("seat {n} made the last bet or raise on the river")
                    }
                    ShowFirst::NoRiverBet => "the first live seat left of the button shows first when there was no river bet".to_string(),
                    ShowFirst::LeftOfLastCaller(caller) => format!(
                        "showing starts with the first live seat left of seat {}, the last to call",
                        caller.number()
                    ),
                };
                let text = format!("Seat {n} tables first: {why}.");
                self.emit(Event::RulingSuggested {
                    ruling: rules.ruling_clause(RulingId::ShowdownOrder, case.clause(), text),
                });
            }
            let st = &self.state;
            if st.live().all(|s| st.seat(s).shown) {
                self.award_showdown(rules);
            }
        }
    }

    /// A hand thrown away at showdown. When it is the called river bettor's,
    /// a caller may still ask to see it (TDA 17-B).
    pub(super) fn discard_at_showdown(
        &mut self,
        rules: &HouseRules,
        seat: Seat,
    ) -> Result<(), Refusal> {
        discard(self.state, seat)?;
        let st = &self.state;
        let called_aggressor = st.last_aggressor == Some(seat) && st.last_caller.is_some();
        // The cards went toward the muck: ruled, not refused (TDA 14, 15).
        let untabled = mucked_untabled(st, rules, seat);
        self.emit(Event::HandDiscarded { seat });
        if let Some(ruling) = untabled {
            self.emit(Event::RulingSuggested { ruling });
        } else if called_aggressor {
            // TDA 17-B: a caller may see the hand he paid to see.
            let n = seat.number();
            let text = format!(
                "Seat {n} made the last river bet and was called: a caller who still holds or has tabled his cards may ask to see seat {n}'s hand, and the dealer keeps it identifiable until then."
            );
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling_clause(RulingId::ShowdownOrder, "hand-paid-to-see", text),
            });
        }
        Ok(())
    }

    /// The part of the largest contribution no one matched goes back
    /// (TDA 60: "the uncalled amount will be returned to him"), to a seat
    /// still in the hand only: chips a seat put in and then folded, or
    /// a blind whose hand was killed, stay in the pot (TDA 38-A: "commits
    /// chips to the pot that stay in the pot"; TDA 29 and 66-A, Redtooth
    /// 31: the blinds are forfeited).
    pub(super) fn return_uncalled(&mut self, rules: &HouseRules) {
        let st = &self.state;
        // The largest contribution (the first seat of it, in seat order)
        // and the next largest, among two or more seats.
        let mut top: Option<(Chips, Seat)> = None;
        let mut second: Option<Chips> = None;
        for seat in st.occupied() {
            let c = st.seat(seat).committed;
            match top {
                Some((t, _)) if c <= t => second = Some(second.map_or(c, |s| s.max(c))),
                _ => {
                    second = top.map(|(t, _)| t);
                    top = Some((c, seat));
                }
            }
        }
        if let (Some((top, seat)), Some(second)) = (top, second)
            && top > second
            && st.seat(seat).live()
        {
            let amount = top - second;
            let text = format!("Seat {}'s uncalled {amount} goes back.", seat.number());
            self.emit(Event::BetReturned { seat, amount });
            self.emit(Event::RulingSuggested {
                ruling: rules.ruling(RulingId::UncalledBet, text),
            });
        }
    }

    pub(super) fn award_showdown(&mut self, rules: &HouseRules) {
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

pub(super) fn has_ruling(st: &HandState, id: RulingId) -> bool {
    st.rulings.iter().any(|r| r.id == id)
}

pub(super) fn describe_pots(pots: &[super::event::Pot]) -> String {
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

pub(super) fn odd_chip_text(pot: &super::event::Pot, shares: &[(Seat, Chips)]) -> Option<String> {
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
pub(super) fn best_hands(st: &HandState, eligible: &[Seat]) -> Vec<Seat> {
    let contenders: Vec<Seat> = eligible
        .iter()
        .copied()
        .filter(|s| st.seat(*s).live())
        .collect();
    if contenders.len() <= 1 {
        return contenders;
    }
    // Each hand's strength reckoned once (a seat's unknown cards: none).
    let strengths: Vec<_> = contenders
        .iter()
        .map(|s| st.seat(*s).hole.map(|hole| strength(&hole, &st.board)))
        .collect();
    let best = strengths.iter().flatten().max().cloned();
    contenders
        .into_iter()
        .zip(strengths)
        .filter(|(_, s)| *s == best)
        .map(|(seat, _)| seat)
        .collect()
}

/// A comparable hand strength: the evaluator's rank with five or more cards,
/// else rank groups (a showdown on an unrecorded board).
pub(super) fn strength(hole: &[Card; 2], board: &[Card]) -> (u32, Vec<u8>) {
    // The cards in a buffer on the stack, not a new list (a board has at
    // most five: the engine deals no more).
    let board = &board[..board.len().min(5)];
    let n = 2 + board.len();
    let mut buf = [hole[0]; 7];
    buf[1] = hole[1];
    buf[2..n].copy_from_slice(board);
    let cards = &buf[..n];
    if n >= 5 {
        return (u32::from(eval::evaluate(cards).value()) + 1, Vec::new());
    }
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|r| counts[*r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    (0, groups.into_iter().flat_map(|(n, r)| [n, r]).collect())
}

/// Checks that `seat` may throw its cards toward the muck before the
/// showdown: not once a player is all in and the betting is complete, when
/// every hand still in is tabled at once (TDA 15: "No player who is either
/// all-in or has called all betting action may muck his hand without
/// tabling"; Nuts 13 and UPT Tournament 34: all hands face up; Redtooth 12:
/// the all-in player shows; where a book says no more, TDA).
pub(super) fn muck_allowed(st: &HandState, rules: &HouseRules, seat: Seat) -> Result<(), Refusal> {
    let s = st.seat(seat);
    if !s.live() {
        return Ok(());
    }
    match st.all_in_face_up() {
        Some(all_in) => Err(Refusal::MustTable {
            seat: seat.number(),
            all_in: if s.all_in() { seat } else { all_in }.number(),
            rule: rules.citation(RulingId::AllInFaceUp).to_string(),
        }),
        None => Ok(()),
    }
}

/// The ruling when a hand that must be tabled (a player all in, the
/// betting complete: TDA 15) is thrown toward the muck at the showdown
/// instead. What happened at the table is recorded, and the floor rules on
/// it: discarded cards are not dead while they can be identified (TDA 14),
/// so they are retrieved and tabled; if not, the hand is dead.
pub(super) fn mucked_untabled(st: &HandState, rules: &HouseRules, seat: Seat) -> Option<Ruling> {
    let all_in = st.all_in_face_up()?;
    let n = seat.number();
    let who = if st.seat(seat).all_in() {
        format!("seat {n} is all in")
    } else {
        format!("seat {} is all in", all_in.number())
    };
    let text = format!(
        "Seat {n} threw its cards toward the muck without tabling them, but {who} and the betting is complete, so every hand still in must be tabled: if seat {n}'s cards can still be identified, they are retrieved and tabled (undo the muck and key the show); if not, seat {n}'s hand is dead."
    );
    Some(rules.ruling_clause(RulingId::AllInFaceUp, "no-muck", text))
}

pub(super) fn discard(st: &HandState, seat: Seat) -> Result<(), Refusal> {
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

pub(super) fn show(
    st: &HandState,
    seat: Seat,
    cards: Option<&[Card; 2]>,
) -> Result<[Card; 2], Refusal> {
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
            super::dealing::unseen(st, c, None)?;
            Ok(*c)
        }
    }
}

/// Why a seat tables first: the case of the house's show-order rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ShowFirst {
    /// It made the last bet or raise on the river (TDA 16-A).
    LastAggressor,
    /// Nobody bet the river: the first live seat left of the button (TDA 16-A).
    NoRiverBet,
    /// The first live seat left of this seat, the last to call (Redtooth 38).
    LeftOfLastCaller(Seat),
}

impl ShowFirst {
    /// The clause of the show-order citation that decides this case.
    pub(super) fn clause(self) -> &'static str {
        match self {
            ShowFirst::LastAggressor => "last-aggressor",
            ShowFirst::NoRiverBet => "no-river-bet",
            ShowFirst::LeftOfLastCaller(_) => "left-of-last-caller",
        }
    }
}

impl HandState {
    /// A live seat that is all in once the betting is complete for the
    /// hand (at the showdown, or with at most one player still in able to
    /// bet and no one to act): every hand still in is then tabled face up
    /// (TDA 15).
    pub fn all_in_face_up(&self) -> Option<Seat> {
        let complete = self.street == Street::Showdown
            || (self.street.is_betting()
                && self.to_act.is_none()
                && self.live().filter(|s| self.seat(*s).can_act()).count() <= 1);
        if !complete {
            return None;
        }
        self.live().find(|s| self.seat(*s).all_in())
    }

    /// The seat that must table first at showdown under the house rule.
    pub fn show_first(&self, rules: &HouseRules) -> Option<Seat> {
        self.show_first_by_case(rules).map(|(seat, _)| seat)
    }

    /// The seat that must table first, and which case of the rule says so.
    pub(super) fn show_first_by_case(&self, rules: &HouseRules) -> Option<(Seat, ShowFirst)> {
        if self.street != Street::Showdown {
            return None;
        }
        let left_of = |from: Seat| from.clockwise_after().find(|s| self.seat(*s).live());
        let button = self.button?;
        let by_rule = match rules.settings.show_order.value {
            ShowOrder::LastAggressorElseLeftOfButton => self
                .last_aggressor
                .filter(|s| self.seat(*s).live())
                .map(|s| (s, ShowFirst::LastAggressor)),
            ShowOrder::LeftOfLastCaller => self.last_caller.and_then(|caller| {
                left_of(caller).map(|s| (s, ShowFirst::LeftOfLastCaller(caller)))
            }),
        };
        by_rule.or_else(|| left_of(button).map(|s| (s, ShowFirst::NoRiverBet)))
    }
}
