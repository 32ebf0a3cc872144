//! Betting: which clear actions are legal, the minimum bet and raise,
//! reopening after a short all-in, and whether a seat may raise.
//!
//! What a seat's action faces is worked out once, as a `Facing` (to call,
//! the bet, the minimum and maximum raise-to, whether a raise could be
//! called and whether the seat may raise): a clear action, and every rule
//! that reads words and chips (`words_and_chips`), ask it and not the hand.
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

/// The action a clear `intent` binds for `seat` in turn, and whether it
/// is a full bet or raise; or why it may not.
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

#[cfg(test)]
mod tests {
    //! `Facing` on the rulebooks' own examples: the hand folded from its
    //! events, then what the seat to act faces.

    use super::*;
    use crate::table::event::{Event, Post, Street, TableSetup};

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    /// A table with these stacks from seat 1, the button at seat 1, before
    /// the flop with the blinds posted, or on the flop with none.
    fn table(street: Street, blinds: (u64, u64), stacks: &[u64]) -> HandState {
        let stacks = (1..)
            .zip(stacks)
            .map(|(n, c)| (seat(n), Chips(*c)))
            .collect();
        let setup = TableSetup {
            street,
            ..TableSetup::preflop(seat(1), (Chips(blinds.0), Chips(blinds.1)), stacks)
        };
        let mut events = vec![Event::HandStarted {
            setup: Box::new(setup),
        }];
        if street == Street::Preflop {
            for (n, post, amount) in [
                (2, Post::SmallBlind, blinds.0),
                (3, Post::BigBlind, blinds.1),
            ] {
                events.push(Event::Posted {
                    seat: seat(n),
                    post,
                    amount: Chips(amount),
                });
            }
        }
        HandState::fold(&events)
    }

    /// Seat `n` makes its street total `to` (or folds, `None`), bound as
    /// `Facing::action` reads it.
    fn act(st: &mut HandState, rules: &HouseRules, n: u8, to: Option<u64>) -> Action {
        let f = st.facing(seat(n), rules);
        let (action, full) = match to {
            Some(to) => f.action(Chips(to)),
            None => (Action::fold(seat(n), f.wager), false),
        };
        st.apply(&Event::ActionBound { action, full });
        action
    }

    #[test]
    fn tda_46_facing_a_raise_to_1200_at_200_400_the_call_is_1200_and_a_raise_at_least_to_2000() {
        // "preflop, 200-400 blinds: A raises to 1200 total (an 800 raise)".
        let rules = HouseRules::tda();
        let mut st = table(Street::Preflop, (200, 400), &[10000; 4]);
        let raise = act(&mut st, &rules, 4, Some(1200));
        assert_eq!((raise.kind, raise.to), (ActionKind::Raise, Chips(1200)));
        let f = st.facing(seat(1), &rules);
        assert_eq!(f.current_bet, Chips(1200));
        assert_eq!(f.to_call, Chips(1200));
        assert_eq!(f.call_to(), Chips(1200));
        assert_eq!(f.min_raise_to, Chips(2000));
        assert_eq!(f.max_to, Chips(10000));
        assert!(f.raise_could_be_called && f.can_raise);
        assert_eq!(f.wager_word(), "raise");
        // The small blind has 200 in: 1000 more calls.
        assert_eq!(st.facing(seat(2), &rules).to_call, Chips(1000));
        assert_eq!(
            f.wager_to(Chips(1900)),
            Err(Refusal::RaiseTooSmall {
                min: Chips(2000),
                got: Chips(1900)
            })
        );
        assert!(f.action(Chips(2000)).1, "a full raise");
    }

    #[test]
    fn tda_43_b_raise_eight_thousand_facing_2000_is_a_full_raise_to_8000() {
        // "A opens for 2000, B declares 'Raise, eight thousand.' The total
        // bet is 8000."
        let rules = HouseRules::tda();
        let mut st = table(Street::Flop, (200, 400), &[20000; 3]);
        let open = act(&mut st, &rules, 2, Some(2000));
        assert_eq!((open.kind, open.to), (ActionKind::Bet, Chips(2000)));
        let f = st.facing(seat(3), &rules);
        assert_eq!(f.min_raise_to, Chips(4000));
        let (raise, full) = f.action(Chips(8000));
        assert_eq!(
            (raise.kind, raise.to, raise.all_in, full),
            (ActionKind::Raise, Chips(8000), false, true)
        );
    }

    #[test]
    fn nuts_44_at_100_200_after_a_raise_to_500_the_next_raise_is_to_800_and_upt_doubles_it() {
        // Nuts 44: "blinds 100/200 first player raises to 500 total, the
        // next raise must be at least 300 more (800 total)"; UPT's house
        // rule doubles the bet instead.
        for (house, min) in [("nuts", 800), ("tda", 800), ("upt", 1000)] {
            let house = HouseRules::load(house).unwrap();
            let mut st = table(Street::Preflop, (100, 200), &[9000; 5]);
            act(&mut st, &house, 4, Some(500));
            assert_eq!(st.facing(seat(5), &house).min_raise_to, Chips(min));
        }
    }

    #[test]
    fn upt_no_limit_4_a_short_all_in_does_not_reopen_the_betting_to_the_raiser() {
        // "Player A bets $100 and Player B raises $100 more, making the
        // total bet $200. If Player C goes all in for less than $300 total
        // (not a full $100 raise), and Player A calls, then Player B has no
        // option to raise again [...] (Player A could have raised, because
        // Player B raised.)" TDA 44; TDA 43-A: the last full raise, 100,
        // still sets the minimum.
        let rules = HouseRules::tda();
        let mut st = table(Street::Flop, (50, 100), &[250, 5000, 5000]);
        act(&mut st, &rules, 2, Some(100));
        act(&mut st, &rules, 3, Some(200));
        // C is seat 1 (the button, last on the flop): all in to 250.
        let short = act(&mut st, &rules, 1, Some(250));
        assert!(short.all_in && short.kind == ActionKind::Raise);
        let a = st.facing(seat(2), &rules);
        assert_eq!((a.to_call, a.min_raise_to), (Chips(150), Chips(350)));
        assert!(a.can_raise, "A faces B's full raise");
        act(&mut st, &rules, 2, Some(250));
        let b = st.facing(seat(3), &rules);
        assert_eq!(b.current_bet, Chips(250));
        assert_eq!(b.to_call, Chips(50));
        assert_eq!(b.min_raise_to, Chips(350));
        assert!(b.raise_could_be_called, "A has chips behind");
        assert!(!b.can_raise, "the betting is not reopened to B");
        assert_eq!(b.may_raise(), Err(Refusal::RaiseNotAllowed(3)));
        assert_eq!(b.action(Chips(250)).0.kind, ActionKind::Call);
    }

    #[test]
    fn upt_no_limit_2_facing_an_all_in_of_20_under_a_minimum_bet_of_100_a_raise_is_to_at_least_120()
    {
        // "if the minimum bet is $100, and a player goes all-in on the flop
        // for $20, a player may fold, call $20, or raise to at least a
        // total of $120."
        let rules = HouseRules::load("upt").unwrap();
        let mut st = table(Street::Flop, (50, 100), &[5000, 20, 5000]);
        assert_eq!(st.facing(seat(2), &rules).wager_word(), "bet");
        let (bet, full) = st.facing(seat(2), &rules).action(Chips(20));
        assert_eq!((bet.kind, bet.all_in, full), (ActionKind::Bet, true, false));
        act(&mut st, &rules, 2, Some(20));
        let f = st.facing(seat(3), &rules);
        assert_eq!((f.to_call, f.min_raise_to), (Chips(20), Chips(120)));
        assert!(f.can_raise);
    }

    #[test]
    fn tda_60_with_every_other_player_all_in_no_one_could_call_a_raise() {
        // A seat short of the bet calls all in for less; with everyone
        // else all in, the last seat may only call (TDA 15, 60).
        let rules = HouseRules::tda();
        let mut st = table(Street::Flop, (50, 100), &[5000, 500, 300]);
        act(&mut st, &rules, 2, Some(500));
        let short = st.facing(seat(3), &rules);
        assert_eq!(
            (short.to_call, short.call_to(), short.max_to),
            (Chips(300), Chips(300), Chips(300))
        );
        assert!(short.raise_could_be_called && !short.can_raise);
        let (call, _) = short.action(Chips(500));
        assert_eq!(
            (call.kind, call.to, call.all_in),
            (ActionKind::Call, Chips(300), true)
        );
        act(&mut st, &rules, 3, Some(300));
        let last = st.facing(seat(1), &rules);
        assert_eq!((last.to_call, last.call_to()), (Chips(500), Chips(500)));
        assert!(!last.raise_could_be_called && !last.can_raise);
        assert_eq!(last.may_raise(), Err(Refusal::NoOneToCallRaise(1)));
    }

    #[test]
    fn with_nothing_to_call_the_wager_already_in_is_a_check() {
        // The big blind's option: its own blind is the bet.
        let rules = HouseRules::tda();
        let mut st = table(Street::Preflop, (100, 200), &[5000; 3]);
        act(&mut st, &rules, 1, Some(200));
        act(&mut st, &rules, 2, Some(200));
        let f = st.facing(seat(3), &rules);
        assert_eq!(
            (f.wager, f.to_call, f.min_raise_to),
            (Chips(200), Chips::ZERO, Chips(400))
        );
        assert_eq!(f.action(f.wager).0.kind, ActionKind::Check);
        assert!(f.can_raise);
    }
}
