//! The state of a hand: what the fold of its events gives, and the questions
//! a dealer asks of it (who acts, how much to call, the minimum raise).
//!
//! `apply` cannot fail and checks nothing: `decide` has already checked.
//! The betting round's bookkeeping follows TDA 44: each seat remembers the
//! bet it last acted at, and may raise again only when the bet has since
//! grown by a full raise (one full raise, or short all-ins adding up to one).

use serde::Serialize;

use super::cards::Card;
use super::chips::Chips;
use super::command::Intent;
use super::event::{Action, ActionKind, AnteMode, Award, Event, Post, Street, TableSetup};
use super::seat::{MAX_SEATS, Seat};
use crate::rules::Ruling;

/// One seat during a hand (`Copy`: the scratch copy of a state takes its
/// seats as one block of bytes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SeatState {
    /// Whether a player sits here and is dealt in.
    pub occupied: bool,
    /// Chips behind at the start of the hand.
    pub starting_stack: Chips,
    /// Chips behind now.
    pub stack: Chips,
    /// This street's wager (blinds included, antes not).
    pub wager: Chips,
    /// Everything put in this hand (antes, blinds and wagers).
    pub committed: Chips,
    /// Folded (or the hand is dead).
    pub folded: bool,
    /// Has acted voluntarily on this street.
    pub acted: bool,
    /// The current bet when this seat last acted.
    pub acted_at: Chips,
    /// Hole cards, when recorded.
    pub hole: Option<[Card; 2]>,
    /// Tabled at showdown (or face up).
    pub shown: bool,
    /// Discarded at showdown without tabling.
    pub discarded: bool,
}

impl SeatState {
    /// In the hand: dealt in, not folded, not discarded.
    pub fn live(&self) -> bool {
        // Not short-circuited: the turn is passed by asking this of every
        // seat, and three flags read at once cost no branch to mispredict.
        self.occupied & !self.folded & !self.discarded
    }

    /// All in: dealt in with no chips behind (a seat is only dealt in
    /// with chips, so an empty stack means they are all in the pot).
    pub fn all_in(&self) -> bool {
        self.occupied && self.stack.is_zero()
    }

    /// In the hand with chips to act with.
    pub fn can_act(&self) -> bool {
        self.live() && !self.all_in()
    }

    /// The most this seat's street total can become.
    pub fn max_to(&self) -> Chips {
        self.wager + self.stack
    }
}

/// What a seat has done physically this turn that has not bound yet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pending {
    /// Whose.
    pub seat: Seat,
    /// The gestures and words, in order.
    pub steps: Vec<Event>,
}

/// The hand as the fold of its events.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct HandState {
    /// Whether `HandStarted` has been applied.
    pub started: bool,
    /// Seats 1..=10 (index 0..=9).
    pub seats: [SeatState; MAX_SEATS],
    /// The button.
    pub button: Option<Seat>,
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind (the minimum bet).
    pub big_blind: Chips,
    /// The seat that posted the big blind this hand.
    pub big_blind_seat: Option<Seat>,
    /// The smallest chip in play (odd chips are broken down to it).
    pub unit: Chips,
    /// The street.
    pub street: Street,
    /// The board.
    pub board: Vec<Card>,
    /// Chips in the middle not owned by any seat's contribution (a starting
    /// pot, a big-blind ante).
    pub dead_money: Chips,
    /// Chips that were in the middle when the hand began (a hand started
    /// after the preflop): no seat's to take back in a misdeal.
    pub starting_pot: Chips,
    /// Who posts the ante.
    pub ante_mode: AnteMode,
    /// The street total a call must match.
    pub current_bet: Chips,
    /// The largest full bet or raise of the street (the minimum raise increment).
    pub raise_size: Chips,
    /// Whether the current bet is still the street's opening bet (no raise yet).
    pub opening_bet: bool,
    /// The last seat to bet or raise this street.
    pub last_aggressor: Option<Seat>,
    /// The last seat to call this street.
    pub last_caller: Option<Seat>,
    /// The seat whose in-turn action is awaited.
    pub to_act: Option<Seat>,
    /// The seat that acted last (the turn passes clockwise from it).
    pub last_actor: Option<Seat>,
    /// Physical actions not yet bound.
    pub pending: Option<Pending>,
    /// Binding actions, blinds and antes left out.
    pub actions: Vec<Action>,
    /// Rulings suggested so far.
    pub rulings: Vec<Ruling>,
    /// Cards seen in this hand (hole, shown, board), as a bit set.
    pub seen: u64,
    /// The pots as awarded, once the hand is done.
    pub awards: Vec<Award>,
    /// Actions out of turn, in the order they were made: held until the
    /// turn reaches their seat (or bound already, as an out-of-turn fold,
    /// while the skipped seat is still to act).
    pub out_of_turn: Vec<OutOfTurnAction>,
    /// A seat skipped by out-of-turn action that bound over it
    /// (substantial action, TDA 40-B): still to act, its hand for the floor.
    pub skipped: Option<Seat>,
    /// Seats that may not raise again on this street (by seat index).
    pub raise_barred: [bool; MAX_SEATS],
    /// Whether a misdeal ended the hand.
    pub misdealt: bool,
    /// Penalties the floor gave in this hand, served from its end.
    pub penalties: Vec<(Seat, super::command::Penalty)>,
}

/// An action out of turn, judged against the action it faced when it was
/// made, and held until the turn reaches the seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OutOfTurnAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub intent: Intent,
    /// The bet they faced then, counting the out-of-turn actions ahead of
    /// them as made: if the bet is another when the turn comes, the action
    /// to them has changed.
    pub faced: Chips,
    /// The seat whose turn it was (the skipped player).
    pub skipped: Seat,
    /// How many actions had bound when it was made: later ones intervene.
    pub since: usize,
    /// The seats whose out-of-turn actions were already pending (by seat
    /// index, as bits): what this seat faced, not intervening action.
    pub ahead: u16,
    /// Already binding where it was made (an out-of-turn fold): kept only
    /// to count the actions taken over the skipped seat.
    pub bound: bool,
    /// Referred to the floor when the turn reached it (UPT Betting 10,
    /// after an intervening call): binds only if the floor so rules.
    pub referred: bool,
}

/// An action in the words a dealer says: "calls 500" (facing 500),
/// "raises to 1,200", "checks".
pub fn intent_words(intent: Intent, faced: Chips) -> String {
    match intent {
        Intent::Fold => "folds".to_string(),
        Intent::Check => "checks".to_string(),
        Intent::Call(_) => format!("calls {faced}"),
        Intent::Bet(to) => format!("bets {to}"),
        Intent::Raise(to) => format!("raises to {to}"),
        Intent::AllIn => "all in".to_string(),
    }
}

/// The seats as the turn sees them, as bits by seat index (seat 1 the
/// lowest).
struct Turn {
    /// In the hand.
    live: u16,
    /// Still owing an action on this street: with chips to act and behind
    /// the bet or not yet acted (with every other player still in all in,
    /// only behind the largest of them).
    owing: u16,
}

/// The first of `seats` (bits by seat index) clockwise after `from`,
/// ending with `from` itself: `from.clockwise_after().find(..)` over bits.
fn first_clockwise_after(from: Seat, seats: u16) -> Option<Seat> {
    let after = from.index() + 1;
    let later = seats >> after;
    if later != 0 {
        Some(Seat::from_index(after + later.trailing_zeros() as usize))
    } else if seats != 0 {
        Some(Seat::from_index(seats.trailing_zeros() as usize))
    } else {
        None
    }
}

impl OutOfTurnAction {
    /// What it is, as the dealer's screen shows it on the seat: "calls
    /// 500, out of turn, pending".
    pub fn describe(&self) -> String {
        let what = intent_words(self.intent, self.faced);
        if self.bound {
            format!("{what}, out of turn, binding")
        } else if self.referred {
            format!("{what}, out of turn, for the floor")
        } else {
            format!("{what}, out of turn, pending")
        }
    }
}

impl HandState {
    /// The action this seat holds out of turn, if any.
    pub fn held_out_of_turn(&self, seat: Seat) -> Option<&OutOfTurnAction> {
        self.out_of_turn.iter().find(|o| o.seat == seat && !o.bound)
    }

    /// A seat's state.
    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// Occupied seats in seat order.
    pub fn occupied(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all().filter(|s| self.seat(*s).occupied)
    }

    /// Live seats (in the hand) in seat order.
    pub fn live(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all().filter(|s| self.seat(*s).live())
    }

    /// How many seats are still in the hand.
    pub fn live_count(&self) -> usize {
        self.live_bits().count_ones() as usize
    }

    /// The live seats as bits by seat index (seat 1 the lowest): one pass
    /// over the seats without a branch a seat, where the end of each
    /// command asks how many are left and which (replay speed).
    pub fn live_bits(&self) -> u16 {
        self.seats
            .iter()
            .enumerate()
            .fold(0, |bits, (i, s)| bits | u16::from(s.live()) << i)
    }

    /// All chips in the middle, this street's wagers included.
    pub fn pot(&self) -> Chips {
        if self.street == Street::Done {
            return Chips::ZERO;
        }
        self.dead_money + self.seats.iter().map(|s| s.committed).sum()
    }

    /// Every chip at the table: stacks plus the middle.
    pub fn total_chips(&self) -> Chips {
        self.seats.iter().map(|s| s.stack).sum::<Chips>() + self.pot()
    }

    /// What `seat` must add to call.
    pub fn to_call(&self, seat: Seat) -> Chips {
        let s = self.seat(seat);
        self.current_bet.saturating_sub(s.wager).min(s.stack)
    }

    /// "bet" when no one has bet this street, else "raise": the word for
    /// putting in more.
    pub fn wager_word(&self) -> &'static str {
        if self.current_bet.is_zero() {
            "bet"
        } else {
            "raise"
        }
    }

    /// Whether betting is open on this street (someone is to act).
    pub fn betting_open(&self) -> bool {
        self.to_act.is_some()
    }

    /// Passes the turn clockwise from the last actor, or closes the round.
    fn advance(&mut self) {
        self.to_act = self.next_to_act();
        if self.to_act.is_none() {
            // The round is over: an action still held out of turn never
            // came to bind (its seat had nothing left to do).
            self.out_of_turn.clear();
            self.skipped = None;
            if self.street == Street::River && self.live_count() >= 2 {
                self.street = Street::Showdown;
            }
        }
    }

    /// The seats as the turn sees them: one pass over the seats, without
    /// a branch a seat, and the rest bit operations (this runs at every
    /// action: replay speed).
    fn turn(&self) -> Turn {
        let (mut live, mut able, mut owing) = (0u16, 0u16, 0u16);
        let mut all_in_top = Chips::ZERO;
        for (i, s) in self.seats.iter().enumerate() {
            // A live seat is occupied, so it is all in when its stack is
            // empty.
            let is_live = s.live();
            let all_in = is_live & s.stack.is_zero();
            live |= u16::from(is_live) << i;
            able |= u16::from(is_live & !all_in) << i;
            owing |= u16::from((s.wager < self.current_bet) | !s.acted) << i;
            all_in_top = all_in_top.max(if all_in { s.wager } else { Chips::ZERO });
        }
        let owing = if able.count_ones() < 2 {
            // Every other player still in is all in: no one could call a
            // raise, so only a seat that has not yet matched them has a
            // decision (call or fold). A heads-up small blind facing a big
            // blind all in for no more than it has nothing to decide.
            self.seats.iter().enumerate().fold(0, |bits, (i, s)| {
                bits | u16::from(s.wager < all_in_top) << i
            })
        } else {
            // Behind the bet, or not yet acted on this street.
            owing
        };
        Turn {
            live,
            owing: owing & able,
        }
    }

    /// The next seat owing an action, clockwise from the last actor.
    fn next_to_act(&self) -> Option<Seat> {
        if !self.street.is_betting() {
            return None;
        }
        let turn = self.turn();
        if turn.live.count_ones() < 2 {
            return None;
        }
        let from = self
            .last_actor
            .or(self.button)
            .unwrap_or(Seat::from_index(0));
        first_clockwise_after(from, turn.owing)
    }

    fn new_street(&mut self, street: Street) {
        self.street = street;
        self.current_bet = Chips::ZERO;
        self.raise_size = self.big_blind;
        self.opening_bet = false;
        self.last_aggressor = None;
        self.last_caller = None;
        self.last_actor = self.button;
        self.out_of_turn.clear();
        self.skipped = None;
        self.raise_barred = [false; MAX_SEATS];
        for s in self.seats.iter_mut() {
            s.wager = Chips::ZERO;
            s.acted = false;
            s.acted_at = Chips::ZERO;
        }
    }

    fn put_in(&mut self, seat: Seat, amount: Chips, wager: bool) {
        let s = self.seat_mut(seat);
        let amount = amount.min(s.stack);
        s.stack -= amount;
        s.committed += amount;
        if wager {
            s.wager += amount;
        }
    }

    /// Folds one event into the state. Never fails, checks nothing.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::HandStarted { setup } => self.start(setup),
            Event::Posted { seat, post, amount } => {
                if *post == Post::Ante && self.ante_mode == AnteMode::BigBlind {
                    // A big-blind ante is the table's ante paid by one seat:
                    // dead money in the main pot, which every live seat may
                    // win. Counted as the big blind's own contribution, it
                    // went back as an "uncalled bet" and kept callers out
                    // of the pot when the big blind was all in.
                    let s = self.seat_mut(*seat);
                    let ante = (*amount).min(s.stack);
                    s.stack -= ante;
                    self.dead_money += ante;
                } else {
                    let is_wager = *post != Post::Ante;
                    self.put_in(*seat, *amount, is_wager);
                }
                if *post == Post::Committed {
                    // The held out-of-turn action has now put its chips in.
                    self.out_of_turn.retain(|o| o.seat != *seat);
                }
                if *post == Post::BigBlind {
                    self.big_blind_seat = Some(*seat);
                    self.last_actor = Some(*seat);
                    // A short big blind still sets the full opening bet
                    // (UPT blinds 1 and no-limit 2; TDA 39-B).
                    self.current_bet = self.current_bet.max(self.big_blind);
                    self.opening_bet = true;
                }
                if *post == Post::SmallBlind && self.big_blind_seat.is_none() {
                    self.last_actor = Some(*seat);
                    self.current_bet = self.current_bet.max(*amount);
                }
                self.advance();
            }
            Event::HoleCards { seat, cards } => {
                self.seat_mut(*seat).hole = Some(*cards);
                self.seen |= cards[0].bit() | cards[1].bit();
            }
            Event::Declared { seat, .. }
            | Event::ChipsPushed { seat, .. }
            | Event::Tapped { seat }
            | Event::Mucked { seat } => match &mut self.pending {
                Some(p) if p.seat == *seat => p.steps.push(event.clone()),
                _ => {
                    self.pending = Some(Pending {
                        seat: *seat,
                        steps: vec![event.clone()],
                    })
                }
            },
            Event::ActionBound { action, full } => self.bind(action, *full),
            Event::RulingSuggested { ruling } => self.rulings.push(ruling.clone()),
            Event::BetReturned { seat, amount } => {
                let s = self.seat_mut(*seat);
                s.stack += *amount;
                s.committed = s.committed.saturating_sub(*amount);
                s.wager = s.wager.saturating_sub(*amount);
            }
            Event::StreetDealt { street, cards } => {
                for c in cards {
                    self.seen |= c.bit();
                }
                self.board.extend_from_slice(cards);
                self.new_street(*street);
                self.advance();
                if self.to_act.is_none() && *street == Street::River && self.live_count() >= 2 {
                    self.street = Street::Showdown;
                }
            }
            Event::HandShown { seat, cards } => {
                let s = self.seat_mut(*seat);
                s.hole = Some(*cards);
                s.shown = true;
                self.seen |= cards[0].bit() | cards[1].bit();
            }
            Event::HandDiscarded { seat } => self.seat_mut(*seat).discarded = true,
            Event::PotsAwarded { awards } => {
                for award in awards {
                    for (seat, share) in &award.shares {
                        self.seat_mut(*seat).stack += *share;
                    }
                }
                self.awards = awards.clone();
                self.street = Street::Done;
                self.to_act = None;
                self.pending = None;
            }
            Event::ActedOutOfTurn {
                seat,
                intent,
                faced,
            } => {
                let ahead = self
                    .out_of_turn
                    .iter()
                    .fold(0u16, |bits, o| bits | 1 << o.seat.index());
                self.out_of_turn.push(OutOfTurnAction {
                    seat: *seat,
                    intent: *intent,
                    faced: *faced,
                    skipped: self.to_act.unwrap_or(*seat),
                    since: self.actions.len(),
                    ahead,
                    bound: false,
                    referred: false,
                });
            }
            Event::BoundInPlace { action, full } => {
                let ahead = self
                    .out_of_turn
                    .iter()
                    .fold(0u16, |bits, o| bits | 1 << o.seat.index());
                let held = self.out_of_turn.iter().any(|o| o.seat == action.seat);
                if !held && action.kind == ActionKind::Fold && self.to_act.is_some() {
                    // An out-of-turn fold: binding at once, and counted
                    // among the actions taken over the skipped seat.
                    self.out_of_turn.push(OutOfTurnAction {
                        seat: action.seat,
                        intent: Intent::Fold,
                        faced: self.current_bet,
                        skipped: self.to_act.unwrap_or(action.seat),
                        since: self.actions.len(),
                        ahead,
                        bound: true,
                        referred: false,
                    });
                } else if let Some(o) = self.out_of_turn.iter_mut().find(|o| o.seat == action.seat)
                {
                    o.bound = true;
                }
                self.record(action, *full);
                self.recheck_turn();
            }
            Event::SkippedSeatRuled { seat } => self.skipped = Some(*seat),
            Event::OutOfTurnReferred { seat } => {
                for o in self.out_of_turn.iter_mut().filter(|o| o.seat == *seat) {
                    o.referred = true;
                }
            }
            Event::RaiseAllowed { seat } => self.raise_barred[seat.index()] = false,
            Event::HandKilled { seat } => {
                self.seat_mut(*seat).folded = true;
                self.out_of_turn.retain(|o| o.seat != *seat);
                if self.pending.as_ref().is_some_and(|p| p.seat == *seat) {
                    self.pending = None;
                }
                if self.skipped == Some(*seat) {
                    self.skipped = None;
                }
                self.recheck_turn();
            }
            Event::OutOfTurnVoided { seat } => self.out_of_turn.retain(|o| o.seat != *seat),
            Event::RaiseBarred { seat } => self.raise_barred[seat.index()] = true,
            Event::TurnReturned { seat } => {
                self.to_act = Some(*seat);
            }
            Event::PenaltyGiven { seat, penalty } => self.penalties.push((*seat, *penalty)),
            Event::MisdealDeclared => {
                for s in self.seats.iter_mut() {
                    s.stack = s.starting_stack;
                    s.wager = Chips::ZERO;
                    s.committed = Chips::ZERO;
                }
                self.misdealt = true;
                self.street = Street::Done;
                self.to_act = None;
                self.pending = None;
                self.out_of_turn.clear();
                self.skipped = None;
            }
            Event::EntryRetracted { .. } | Event::RulingsAccepted { .. } => {}
        }
    }

    fn start(&mut self, setup: &TableSetup) {
        // Every field made anew, but the lists keep their allocations
        // (emptied): a `Play`'s state, a `Hand`'s scratch and the state
        // `verify` keeps (`ready_for_start`) start hand after hand
        // (replay speed).
        fn kept<T>(list: &mut Vec<T>) -> Vec<T> {
            let mut list = std::mem::take(list);
            list.clear();
            list
        }
        let mut actions = kept(&mut self.actions);
        // Room for a typical hand's actions: one allocation, not a
        // reallocation every few actions.
        actions.reserve(16);
        let mut board = kept(&mut self.board);
        board.extend_from_slice(&setup.board);
        *self = HandState {
            started: true,
            button: Some(setup.button),
            small_blind: setup.small_blind,
            big_blind: setup.big_blind,
            unit: setup
                .denominations
                .iter()
                .copied()
                .min()
                .unwrap_or(Chips(1)),
            dead_money: setup.pot,
            starting_pot: setup.pot,
            ante_mode: setup.ante_mode,
            board,
            actions,
            rulings: kept(&mut self.rulings),
            awards: kept(&mut self.awards),
            out_of_turn: kept(&mut self.out_of_turn),
            penalties: kept(&mut self.penalties),
            ..HandState::default()
        };
        for (seat, stack) in &setup.stacks {
            let s = self.seat_mut(*seat);
            s.occupied = true;
            s.starting_stack = *stack;
            s.stack = *stack;
        }
        for c in &setup.board {
            self.seen |= c.bit();
        }
        self.new_street(setup.street);
        self.advance();
    }

    /// An action binds in turn: recorded, then the turn passes on.
    fn bind(&mut self, action: &Action, full: bool) {
        self.record(action, full);
        // The turn has moved past any seat skipped by out-of-turn action,
        // and folds bound out of turn no longer count against it.
        self.out_of_turn.retain(|o| !o.bound);
        if self.skipped == Some(action.seat) {
            self.skipped = None;
        }
        self.pending = None;
        self.last_actor = Some(action.seat);
        self.advance();
    }

    /// Records a binding action's chips and its effect on the betting,
    /// without moving the turn.
    fn record(&mut self, action: &Action, full: bool) {
        let seat = action.seat;
        match action.kind {
            ActionKind::Fold => self.seat_mut(seat).folded = true,
            ActionKind::Check => {}
            ActionKind::Call | ActionKind::Bet | ActionKind::Raise => {
                let add = action.to.saturating_sub(self.seat(seat).wager);
                self.put_in(seat, add, true);
            }
        }
        if action.to > self.current_bet && action.kind != ActionKind::Fold {
            if full {
                self.raise_size = self.raise_size.max(action.to - self.current_bet);
            }
            if self.current_bet.is_zero() {
                self.opening_bet = true;
            } else if full {
                self.opening_bet = false;
            }
            self.current_bet = action.to;
            self.last_aggressor = Some(seat);
        }
        if action.kind == ActionKind::Call {
            self.last_caller = Some(seat);
        }
        let current = self.current_bet;
        let s = self.seat_mut(seat);
        s.acted = true;
        s.acted_at = current;
        self.actions.push(*action);
        self.out_of_turn.retain(|o| o.seat != seat || o.bound);
        if self.pending.as_ref().is_some_and(|p| p.seat == seat) {
            self.pending = None;
        }
    }

    /// After a seat drops out where it stands (a fold out of turn, a hand
    /// killed), the seat to act keeps the turn if it still owes an action;
    /// else the turn passes on from it.
    fn recheck_turn(&mut self) {
        let Some(seat) = self.to_act else {
            return;
        };
        let turn = self.turn();
        if turn.live.count_ones() >= 2 && turn.owing & 1 << seat.index() != 0 {
            return;
        }
        // Pass the turn on as if the seat before it had just acted.
        let keep = self.last_actor;
        self.last_actor = Some(Seat::from_index(seat.index() + MAX_SEATS - 1));
        self.advance();
        self.last_actor = keep;
    }

    /// Makes this state equal to `source`, keeping this one's allocations
    /// (the derived `clone_from` replaces them): `decide`'s scratch copy is
    /// made this way once per command. Every field is named, so a field
    /// added to the state cannot be left out.
    pub fn copy_from(&mut self, source: &HandState) {
        let HandState {
            started,
            seats,
            button,
            small_blind,
            big_blind,
            big_blind_seat,
            unit,
            street,
            board,
            dead_money,
            starting_pot,
            ante_mode,
            current_bet,
            raise_size,
            opening_bet,
            last_aggressor,
            last_caller,
            to_act,
            last_actor,
            pending,
            actions,
            rulings,
            seen,
            awards,
            out_of_turn,
            skipped,
            raise_barred,
            misdealt,
            penalties,
        } = source;
        self.started.clone_from(started);
        self.seats = *seats;
        self.button.clone_from(button);
        self.small_blind.clone_from(small_blind);
        self.big_blind.clone_from(big_blind);
        self.big_blind_seat.clone_from(big_blind_seat);
        self.unit.clone_from(unit);
        self.street.clone_from(street);
        self.board.clone_from(board);
        self.dead_money.clone_from(dead_money);
        self.starting_pot.clone_from(starting_pot);
        self.ante_mode.clone_from(ante_mode);
        self.current_bet.clone_from(current_bet);
        self.raise_size.clone_from(raise_size);
        self.opening_bet.clone_from(opening_bet);
        self.last_aggressor.clone_from(last_aggressor);
        self.last_caller.clone_from(last_caller);
        self.to_act.clone_from(to_act);
        self.last_actor.clone_from(last_actor);
        self.pending.clone_from(pending);
        self.actions.clone_from(actions);
        // The rulings only grow in a hand, and the scratch is most often
        // a state of the same hand: the ones it already shares are kept
        // (no reference counted twice per command), the rest cloned.
        let kept = self
            .rulings
            .iter()
            .zip(rulings)
            .take_while(|(mine, theirs)| mine.is_shared_with(theirs))
            .count();
        self.rulings.truncate(kept);
        self.rulings.extend_from_slice(&rulings[kept..]);
        self.seen.clone_from(seen);
        self.awards.clone_from(awards);
        self.out_of_turn.clone_from(out_of_turn);
        self.skipped.clone_from(skipped);
        self.raise_barred.clone_from(raise_barred);
        self.misdealt.clone_from(misdealt);
        self.penalties.clone_from(penalties);
    }

    /// Made ready for the next hand's start, keeping the room of its
    /// lists: a start makes every field anew (`HandStarted`), so only
    /// whether a hand is started is said again.
    pub fn ready_for_start(&mut self) {
        self.started = false;
    }

    /// The state as the fold of `events`.
    pub fn fold<'a>(events: impl IntoIterator<Item = &'a Event>) -> HandState {
        let mut state = HandState::default();
        for e in events {
            state.apply(e);
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The bit walk finds the seat `clockwise_after` finds: from every
    /// seat, over every set of seats.
    #[test]
    fn the_first_seat_clockwise_is_the_one_the_walk_finds() {
        for from in Seat::all() {
            for seats in 0..1u16 << MAX_SEATS {
                let walked = from.clockwise_after().find(|s| seats & 1 << s.index() != 0);
                assert_eq!(
                    first_clockwise_after(from, seats),
                    walked,
                    "{from:?} {seats:b}"
                );
            }
        }
    }

    /// One seat's state, every flag and amount the turn looks at drawn
    /// (amounts from a few values, so that equal wagers and bets come up).
    fn seat_state() -> impl Strategy<Value = SeatState> {
        let chips = || prop::sample::select(vec![0u64, 100, 200, 600]).prop_map(Chips);
        (any::<[bool; 4]>(), chips(), chips(), chips()).prop_map(
            |([occupied, folded, discarded, acted], stack, wager, acted_at)| SeatState {
                occupied,
                folded,
                discarded,
                acted,
                stack,
                wager,
                acted_at,
                ..SeatState::default()
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The seats `turn` names as owing an action are the seats that
        /// owe one seat by seat: with chips to act and, while two or more
        /// can act, behind the bet or not yet acted; else behind the
        /// largest all-in wager.
        #[test]
        fn the_turn_bits_are_the_seats_owing_an_action(
            seats in prop::array::uniform10(seat_state()),
            bet in prop::sample::select(vec![0u64, 100, 200, 600]),
        ) {
            let st = HandState { seats, current_bet: Chips(bet), ..HandState::default() };
            let able = st.seats.iter().filter(|s| s.can_act()).count();
            let all_in_top = st
                .seats
                .iter()
                .filter(|s| s.live() && s.all_in())
                .map(|s| s.wager)
                .max()
                .unwrap_or(Chips::ZERO);
            let owes = |s: &SeatState| {
                s.can_act()
                    && if able < 2 {
                        s.wager < all_in_top
                    } else {
                        s.wager < st.current_bet || !s.acted
                    }
            };
            let bits = |f: &dyn Fn(&SeatState) -> bool| {
                st.seats.iter().enumerate().fold(0u16, |b, (i, s)| b | u16::from(f(s)) << i)
            };
            let turn = st.turn();
            prop_assert_eq!(turn.live, bits(&|s: &SeatState| s.live()));
            prop_assert_eq!(turn.owing, bits(&owes));
        }
    }

    /// `live_bits` names the seats `live` gives, whatever the flags: every
    /// combination of dealt in, folded and discarded at every seat.
    #[test]
    fn the_live_bits_are_the_live_seats() {
        let mut st = HandState::default();
        for flags in 0..8u32 {
            for at in 0..MAX_SEATS {
                for (i, s) in st.seats.iter_mut().enumerate() {
                    // Seat `at` takes `flags`; the others turn with it.
                    let f = if i == at {
                        flags
                    } else {
                        (flags + i as u32) % 8
                    };
                    s.occupied = f & 1 != 0;
                    s.folded = f & 2 != 0;
                    s.discarded = f & 4 != 0;
                }
                let bits = st.live_bits();
                let seats: Vec<Seat> = (0..MAX_SEATS)
                    .filter(|i| bits & 1 << i != 0)
                    .map(Seat::from_index)
                    .collect();
                assert_eq!(seats, st.live().collect::<Vec<_>>());
                assert_eq!(st.live_count(), seats.len());
            }
        }
    }
}
