//! Betting: which clear actions are legal, the minimum bet and raise,
//! reopening after a short all-in, and whether a seat may raise.
//!
//! Ruling ids: `short-all-in` (an all-in for less than a full bet or
//! raise), `min-raise` (the house's minimum raise, applied by
//! `HandState::min_raise_to`), `uncalled-bet` (an all in that no one could
//! call more than the current bet of, bound as a call).
//!
//! Rules cited: TDA 43-A (the minimum raise; quoted for a short all-in that
//! no one who acted will face), 44 (reopening the betting), 15 and 60 (with
//! every other player still in all in, the betting is complete and a raise
//! could only come back uncalled); UPT house rule (double the bet) and
//! no-limit 2-4; Redtooth 8 and UPT no-limit 2 (the minimum bet is the big
//! blind).

use super::chips::Chips;
use super::command::{Intent, Refusal};
use super::event::{Action, ActionKind};
use super::seat::Seat;
use super::state::HandState;
use crate::rules::{HouseRules, MinRaise, Ruling, RulingId};

/// Checks that `seat` may act in turn now.
pub(super) fn in_turn(st: &HandState, seat: Seat) -> Result<(), Refusal> {
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

/// What a seat's action faces, worked out once from the hand and the
/// house: the amounts and the two questions every reading of its words,
/// chips or clear action asks (pokerkit's `checking_or_calling_amount`,
/// `min_completion_betting_or_raising_to_amount`, `can_complete_bet_or_raise_to`
/// together). A reading asks this, never the hand again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facing {
    /// Whose action.
    pub seat: Seat,
    /// The bet this street; zero when no one has bet.
    pub current_bet: Chips,
    /// What the seat has in front of it this street.
    pub wager: Chips,
    /// What it must add to call, at most its stack.
    pub to_call: Chips,
    /// The smallest full bet or raise, as a street total (TDA 43-A; the
    /// minimum bet is the big blind, Redtooth 8, UPT no-limit 2). A seat
    /// that cannot cover it may still go all in for less.
    pub min_raise_to: Chips,
    /// The largest: all in.
    pub max_to: Chips,
    /// Whether another player still in has chips behind to call a raise
    /// (with every other player all in, TDA 15 and 60: only a call binds).
    pub raise_could_be_called: bool,
    /// Whether the seat may raise: chips beyond a call, someone to call it,
    /// not barred, and the betting open to it (TDA 44).
    pub can_raise: bool,
}

impl Facing {
    /// Whether there is a bet to call or raise (else chips out open the betting).
    pub fn bet_faced(&self) -> bool {
        !self.current_bet.is_zero()
    }

    /// "bet" when no one has bet this street, else "raise".
    pub fn wager_word(&self) -> &'static str {
        if self.bet_faced() { "raise" } else { "bet" }
    }

    /// The call as a street total: the bet, or all in for less.
    pub fn call_to(&self) -> Chips {
        self.current_bet.min(self.max_to)
    }

    /// The chips behind the seat's wager.
    pub fn stack(&self) -> Chips {
        self.max_to - self.wager
    }

    /// The action a street total `to` makes (a check, call, bet or raise;
    /// all in above the stack), and whether it is a full bet or raise.
    pub fn action(&self, to: Chips) -> (Action, bool) {
        let to = to.min(self.max_to);
        let all_in = to == self.max_to && !to.is_zero() && to > self.wager;
        let kind = if to <= self.current_bet {
            if to == self.wager && self.wager >= self.current_bet {
                ActionKind::Check
            } else {
                ActionKind::Call
            }
        } else if self.current_bet.is_zero() {
            ActionKind::Bet
        } else {
            ActionKind::Raise
        };
        let full = matches!(kind, ActionKind::Bet | ActionKind::Raise) && to >= self.min_raise_to;
        let action = Action {
            seat: self.seat,
            kind,
            to,
            all_in,
        };
        (action, full)
    }

    /// Checks that the seat may bet or raise now, or says why not: every
    /// other player still in is all in (no one could call it), or a short
    /// all-in has not reopened the betting to it (TDA 44).
    pub fn may_raise(&self) -> Result<(), Refusal> {
        let n = self.seat.number();
        if !self.raise_could_be_called {
            return Err(Refusal::NoOneToCallRaise(n));
        }
        if !self.can_raise {
            return Err(Refusal::RaiseNotAllowed(n));
        }
        Ok(())
    }

    /// A bet or raise to `to`, checked against the stack and the minimum.
    pub fn wager_to(&self, to: Chips) -> Result<(Action, bool), Refusal> {
        if to > self.max_to {
            return Err(Refusal::NotEnoughChips {
                seat: self.seat.number(),
                stack: self.stack(),
                needed: to.saturating_sub(self.wager),
            });
        }
        if to <= self.current_bet {
            return Err(Refusal::NotAboveBet {
                current: self.current_bet,
                got: to,
            });
        }
        self.may_raise()?;
        let min = self.min_raise_to;
        if to < min && to < self.max_to {
            return Err(if self.bet_faced() {
                Refusal::RaiseTooSmall { min, got: to }
            } else {
                Refusal::BetTooSmall { min, got: to }
            });
        }
        Ok(self.action(to))
    }
}

pub(super) fn clear_action(
    st: &HandState,
    rules: &HouseRules,
    seat: Seat,
    intent: Intent,
) -> Result<(Action, bool), Refusal> {
    in_turn(st, seat)?;
    let f = st.facing(seat, rules);
    let n = seat.number();
    match intent {
        Intent::Fold => Ok((Action::fold(seat, f.wager), false)),
        Intent::Check => {
            if f.wager < f.current_bet {
                return Err(Refusal::CannotCheck {
                    seat: n,
                    to_call: f.to_call,
                });
            }
            Ok(f.action(f.wager))
        }
        Intent::Call(stated) => {
            if f.wager >= f.current_bet {
                return Err(Refusal::NothingToCall(n));
            }
            let call = f.action(f.current_bet);
            match stated {
                Some(to) if to != call.0.to => Err(Refusal::StatedMismatch {
                    stated: format!("call {}", to.get()),
                    actual: format!("the call is {}", call.0),
                }),
                _ => Ok(call),
            }
        }
        Intent::Bet(to) => {
            if f.bet_faced() {
                return Err(Refusal::BetFacingBet {
                    seat: n,
                    current: f.current_bet,
                });
            }
            f.wager_to(to)
        }
        Intent::Raise(to) => {
            if !f.bet_faced() {
                return Err(Refusal::NoBetToRaise(n));
            }
            f.wager_to(to)
        }
        Intent::AllIn => {
            let to = f.max_to;
            if to > f.current_bet && !f.raise_could_be_called {
                // No one could call more than the current bet: all in is a call.
                return Ok(f.action(f.current_bet));
            }
            if to > f.current_bet {
                f.may_raise()?;
            }
            Ok(f.action(to))
        }
    }
}

/// The ruling for a bet or raise offered when every other player still in
/// is all in: only the call binds, and what no one could call goes back
/// (TDA 60: "the uncalled amount will be returned to him"). `what` says
/// what the seat did ("put out 6000 facing 2000"); `offered` is the street
/// total it would have made.
pub(super) fn uncallable(rules: &HouseRules, f: &Facing, what: &str, offered: Chips) -> Ruling {
    rules.ruling(RulingId::UncalledBet, uncallable_text(f, what, offered))
}

/// The sentence of `uncallable`.
pub(super) fn uncallable_text(f: &Facing, what: &str, offered: Chips) -> String {
    let call = f.call_to();
    let n = f.seat.number();
    let extra = offered.saturating_sub(call);
    let back = if extra.is_zero() {
        String::new()
    } else {
        format!("; the other {extra} goes back to seat {n}")
    };
    format!(
        "Seat {n} {what}, but every other player still in is all in, so no one could call a raise: it is a call of {call}{back}."
    )
}

/// Rulings that a binding action brings by itself (a short all-in).
pub(super) fn action_rulings(
    st: &HandState,
    rules: &HouseRules,
    action: &Action,
    full: bool,
) -> Vec<Ruling> {
    let mut out = Vec::new();
    if action.all_in && matches!(action.kind, ActionKind::Raise | ActionKind::Bet) && !full {
        let min = st.min_raise_to(rules);
        let n = action.seat.number();
        let next = full_raise_after(st, rules, action.to);
        // TDA 44 decides when a player who already acted will face the
        // all-in; when none will, only the minimum raise is left to say
        // (TDA 43-A: the largest prior raise still sets it).
        let someone_acted = st
            .occupied()
            .any(|s| s != action.seat && st.seat(s).acted && st.seat(s).can_act());
        let (clause, text) = if action.kind == ActionKind::Bet {
            (
                "under-minimum-bet",
                format!(
                    "Seat {n}'s all in to {} is less than a full bet (to {min}): it does not reopen the betting to players who have already acted, and the minimum raise stays to {next}.",
                    action.to
                ),
            )
        } else if someone_acted {
            (
                "does-not-reopen",
                format!(
                    "Seat {n}'s all in to {} is less than a full raise (to {min}): it does not reopen the betting to players who have already acted, and the minimum raise stays to {next}.",
                    action.to
                ),
            )
        } else {
            (
                "min-raise-stays",
                format!(
                    "Seat {n}'s all in to {} is less than a full raise (to {min}): the next raise must be to at least {next}.",
                    action.to
                ),
            )
        };
        out.push(rules.ruling_clause(RulingId::ShortAllIn, clause, text));
    }
    out
}

/// The minimum raise-to after a short all-in to `to` (the increment stays).
pub(super) fn full_raise_after(st: &HandState, rules: &HouseRules, to: Chips) -> Chips {
    let mut next = st.clone();
    next.current_bet = to;
    next.min_raise_to(rules)
}

impl HandState {
    /// What `seat`'s action faces, worked out once (`Facing`).
    pub fn facing(&self, seat: Seat, rules: &HouseRules) -> Facing {
        let s = self.seat(seat);
        Facing {
            seat,
            current_bet: self.current_bet,
            wager: s.wager,
            to_call: self.to_call(seat),
            min_raise_to: self.min_raise_to(rules),
            max_to: s.max_to(),
            raise_could_be_called: self.raise_could_be_called(seat),
            can_raise: self.can_raise(seat, rules),
        }
    }

    /// The smallest legal raise-to (or bet) under the house's minimum-raise
    /// rule. A seat that cannot cover it may still go all in for less.
    pub fn min_raise_to(&self, rules: &HouseRules) -> Chips {
        if self.current_bet.is_zero() {
            // The minimum bet is the big blind (Redtooth 8, UPT no-limit 2).
            return self.big_blind.max(Chips(1));
        }
        self.full_raise_over(self.current_bet, rules)
    }

    /// The smallest street total that is a full raise over `level`:
    /// the last full bet or raise again (TDA 43-A), or double the bet
    /// (UPT's house rule). Either way at least the minimum bet more (UPT
    /// no-limit 2: facing an all-in of 20 with a minimum bet of 100, a raise
    /// is to at least 120).
    fn full_raise_over(&self, level: Chips, rules: &HouseRules) -> Chips {
        let min_bet = self.big_blind.max(Chips(1));
        match rules.settings.min_raise.value {
            MinRaise::PreviousFullRaise => level + self.raise_size.max(min_bet),
            MinRaise::DoubleTheBet => Chips(level.get() * 2).max(level + min_bet),
        }
    }

    /// Whether betting is open to `seat` again after it acted: the bet has
    /// grown by a full raise since (TDA 44; several short all-ins count
    /// together, UPT no-limit 4).
    pub fn reopened_for(&self, seat: Seat, rules: &HouseRules) -> bool {
        let s = self.seat(seat);
        if !s.acted {
            return true;
        }
        let threshold = self.full_raise_over(s.acted_at, rules);
        self.current_bet >= threshold
    }

    /// Whether `seat` may raise now: it has chips beyond a call, someone
    /// else could still call a raise, and the betting is open to it.
    pub fn can_raise(&self, seat: Seat, rules: &HouseRules) -> bool {
        let s = self.seat(seat);
        s.can_act()
            && s.max_to() > self.current_bet
            && self.raise_could_be_called(seat)
            && !self.raise_barred[seat.index()]
            && self.reopened_for(seat, rules)
    }

    /// Whether another player still in has chips behind to call a raise by
    /// `seat`. When every other player still in is all in, the betting is
    /// complete for them (TDA 15) and a raise could only come back
    /// uncalled (TDA 60): `seat` may only call or fold.
    pub fn raise_could_be_called(&self, seat: Seat) -> bool {
        self.live()
            .any(|other| other != seat && !self.seat(other).all_in())
    }
}
