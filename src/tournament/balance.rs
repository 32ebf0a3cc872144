//! Balancing: when the tables are out of balance, from which table a
//! player moves, who he is and where he sits, from each table's live
//! button and blinds (`Table::next_setup`, the positions its next hand
//! will have) under the house's `balance-when`, `balance-from` and
//! `balance-who`.
//!
//! A proposal records the state of every table it was computed from
//! (hand number, in a hand or not); the engine's confirm computes it again
//! when a hand has ended since, since the next big blind has moved on. A player
//! moved to a table within its last orbit (as many hands as it has seats)
//! is not proposed again, unless every player at his table did.

use serde::{Deserialize, Serialize};

use super::{Floor, FloorRefusal, FloorTable, draw::Draw};
use crate::rules::HouseRules;
use crate::rules::tournament::{BalanceFrom, BalanceWho};
use crate::session::{Player, Presence, TableEvent};
use crate::table::{Chips, Seat};

/// A player to move, with his chips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The player.
    pub player: String,
    /// The table he leaves.
    pub from: String,
    /// His seat there.
    pub from_seat: u8,
    /// The table he goes to.
    pub to: String,
    /// His seat there.
    pub to_seat: u8,
    /// His chips, carried over.
    pub chips: u64,
    /// Whether he is dealt into the next hand there (else he waits for
    /// the button to pass, the house's `new-player-waits`).
    pub dealt_next: bool,
}

impl Move {
    /// The line the TD and the dealer read: `Ann T3 s4 -> T1 s7 (24000)`.
    pub fn text(&self) -> String {
        format!(
            "{} {} s{} -> {} s{} ({})",
            self.player, self.from, self.from_seat, self.to, self.to_seat, self.chips
        )
    }
}

/// The state of a table a proposal was computed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableState {
    /// The table.
    pub table: String,
    /// Its last hand begun.
    pub hand: u32,
    /// Whether that hand is still being played.
    pub in_hand: bool,
    /// Players with chips.
    pub players: usize,
}

/// Moves the floor proposes to balance the tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Every table's state they were computed from.
    pub from_state: Vec<TableState>,
    /// Tables that halt until players arrive (TDA 10-D).
    pub halted: Vec<String>,
    /// The seed of the draw, where the house moves a random player.
    pub seed: Option<String>,
}

impl Floor {
    /// Every table's state now.
    pub fn states(&self) -> Vec<TableState> {
        self.tables
            .iter()
            .map(|t| TableState {
                table: t.name.clone(),
                hand: t.table.hand,
                in_hand: t.table.in_hand,
                players: t.players().len(),
            })
            .collect()
    }

    /// Whether the tables are out of balance: the largest and smallest
    /// live table differ by more than the house allows (UPT Tournament 17).
    pub fn out_of_balance(&self) -> bool {
        let counts: Vec<usize> = self
            .live_tables()
            .iter()
            .map(|t| t.players().len())
            .collect();
        let (Some(max), Some(min)) = (counts.iter().max(), counts.iter().min()) else {
            return false;
        };
        max - min
            > self
                .rules
                .tournament
                .balance_when
                .value
                .tolerance(counts.len())
    }

    /// The tables that halt: `halt-short-by` or more players short of
    /// the fullest (TDA 10-D).
    pub fn halted(&self) -> Vec<String> {
        let short = self.rules.tournament.halt_short_by.value as usize;
        let live = self.live_tables();
        let max = live.iter().map(|t| t.players().len()).max().unwrap_or(0);
        if short == 0 {
            return Vec::new();
        }
        live.iter()
            .filter(|t| t.players().len() + short <= max)
            .map(|t| t.name.clone())
            .collect()
    }

    /// The moves that balance the tables now, changing nothing (`seed`:
    /// the draw's, where the house moves at random). Empty when they are
    /// in balance.
    pub fn propose(&self, seed: &str) -> Result<Proposal, FloorRefusal> {
        let mut sim = self.clone();
        let mut draw = Draw::new(seed);
        let mut moves = Vec::new();
        let mut random = false;
        while sim.out_of_balance() && moves.len() < 100 {
            let mv = sim.one_move(&mut draw, &mut random)?;
            sim.shift(&mv)?;
            moves.push(mv);
        }
        Ok(Proposal {
            moves,
            from_state: self.states(),
            halted: self.halted(),
            seed: random.then(|| seed.to_string()),
        })
    }

    /// One move: from the table `balance-from` names to the one with the
    /// fewest players, the player and seat `balance-who` names.
    fn one_move(&self, draw: &mut Draw, random: &mut bool) -> Result<Move, FloorRefusal> {
        let t = &self.rules.tournament;
        let live = self.live_tables();
        let max = live.iter().map(|t| t.players().len()).max().unwrap_or(0);
        let min = live.iter().map(|t| t.players().len()).min().unwrap_or(0);
        let mut fullest: Vec<&FloorTable> = live
            .iter()
            .copied()
            .filter(|t| t.players().len() == max)
            .collect();
        fullest.sort_by_key(|t| self.break_rank(&t.name));
        let from = match t.balance_from.value {
            // TDA 10-C: "a predetermined procedure": of equal tables, the
            // first to break.
            BalanceFrom::MostPlayersFirstToBreak => fullest.first().copied(),
            BalanceFrom::RandomOfMost => {
                *random = true;
                draw.pick(&fullest)
            }
        };
        let mut emptiest: Vec<&FloorTable> = live
            .iter()
            .copied()
            .filter(|t| t.players().len() == min)
            .collect();
        emptiest.sort_by_key(|t| std::cmp::Reverse(self.break_rank(&t.name)));
        let (Some(from), Some(to)) = (from, emptiest.first().copied()) else {
            return Err(FloorRefusal::Other("No tables to balance.".into()));
        };
        let rules = &self.rules;
        let seats = seat_options(to, rules);
        if seats.is_empty() {
            return Err(FloorRefusal::Other(format!(
                "{} has no empty seat.",
                to.name
            )));
        }
        let order: Vec<(Seat, usize)> = from_order(from, rules)
            .into_iter()
            .enumerate()
            .map(|(h, s)| (s, h))
            .collect();
        let mut fresh: Vec<(Seat, usize)> = order
            .iter()
            .copied()
            .filter(|(s, _)| !self.recently_moved(from, *s))
            .collect();
        if fresh.is_empty() {
            // Every player here moved in the last orbit (a break filled
            // the table, a redraw seated everyone anew): the guard spares
            // nobody over anybody, and the tables must still balance, so
            // the house's rule picks from them all.
            fresh = order;
        }
        let worst = seats
            .iter()
            .filter(|o| !o.small)
            .min_by_key(|o| o.hands)
            .or_else(|| seats.iter().min_by_key(|o| o.hands));
        let (player, seat) = match t.balance_who.value {
            // TDA 10-A: "the player who will be big blind next is moved to
            // the worst position ... Worst position is never the small blind."
            BalanceWho::NextBigBlindToWorstPosition => (fresh.first().map(|f| f.0), worst),
            // UPT Tournament 15: "the player due for the big blind ... will
            // be given the earliest seat due for the big blind".
            BalanceWho::NextBigBlindToEarliestBigBlind => (
                fresh.first().map(|f| f.0),
                seats.iter().min_by_key(|o| o.hands),
            ),
            // Nuts 10: "the 1st seat which is vacant to the left of the big blind".
            BalanceWho::NextBigBlindToFirstVacantLeftOfBigBlind => {
                let big = to
                    .table
                    .positions
                    .map(|p| p.big)
                    .or_else(|| next_positions(to, rules).map(|(p, _)| p.big));
                let first = big.and_then(|b| {
                    b.clockwise_after()
                        .find_map(|s| seats.iter().find(|o| o.seat == s))
                });
                (fresh.first().map(|f| f.0), first.or(worst))
            }
            // Redtooth 51: "the player who will not lose position as a
            // result of the move ... the worst positioned seats are the
            // most preferable": the worst seat, and the player whose hands
            // before his big blind are the most not above the seat's.
            BalanceWho::KeepsPosition => {
                let seat = seats.iter().min_by_key(|o| o.hands);
                let hands = seat.map_or(0, |o| o.hands);
                let player = fresh
                    .iter()
                    .filter(|(_, h)| *h <= hands)
                    .max_by_key(|(_, h)| *h)
                    .or(fresh.first())
                    .map(|f| f.0);
                (player, seat)
            }
            // Ugly Tuna Seating 2: "a randomly determined player(s) move
            // from one table to another table and seat".
            BalanceWho::Random => {
                *random = true;
                let player = draw.pick(&fresh).map(|f| f.0);
                let seat = draw.pick(&seats.iter().collect::<Vec<_>>());
                (player, seat)
            }
        };
        let (Some(player), Some(seat)) = (player, seat) else {
            return Err(FloorRefusal::Other(format!(
                "No player at {} to move to {}.",
                from.name, to.name
            )));
        };
        let p = from.table.seats.get(&player).ok_or_else(|| {
            FloorRefusal::Other(format!(
                "Seat {} at {} is empty.",
                player.number(),
                from.name
            ))
        })?;
        Ok(Move {
            player: p.name.clone(),
            from: from.name.clone(),
            from_seat: player.number(),
            to: to.name.clone(),
            to_seat: seat.seat.number(),
            chips: p.chips.get(),
            dealt_next: seat.dealt,
        })
    }

    /// The table's place in the breaking order (tables not in it last).
    pub fn break_rank(&self, name: &str) -> usize {
        self.break_order
            .iter()
            .position(|n| n == name)
            .unwrap_or(usize::MAX)
    }

    /// Whether the player in `seat` came to `table` within its last orbit.
    /// None of the five books sets this: it is the floor's own guard so
    /// that one player is not moved twice in a row, and one orbit (as many
    /// hands as seats) is our choice. It belongs with the house settings
    /// once a book is found that speaks of it.
    fn recently_moved(&self, table: &FloorTable, seat: Seat) -> bool {
        table.table.seats.get(&seat).is_some_and(|p| {
            self.moved.get(&p.name).is_some_and(|(t, hand)| {
                *t == table.name && table.table.hand.saturating_sub(*hand) < u32::from(table.seats)
            })
        })
    }

    /// Moves a player on the floor's copy of the tables, with no checks:
    /// what a proposal's next move is computed from.
    pub(super) fn shift(&mut self, mv: &Move) -> Result<(), FloorRefusal> {
        let (Some(from_seat), Some(to_seat)) = (Seat::new(mv.from_seat), Seat::new(mv.to_seat))
        else {
            return Err(FloorRefusal::Other(
                "A move names a seat from 1 to 10.".into(),
            ));
        };
        self.table_mut(&mv.from)?
            .table
            .apply(&TableEvent::PlayerLeft {
                seat: from_seat,
                chips: Chips(mv.chips),
            });
        let to = self.table_mut(&mv.to)?;
        to.table.apply(&TableEvent::PlayerSeated {
            seat: to_seat,
            name: mv.player.clone(),
            chips: Chips(mv.chips),
            rejoins: false,
        });
        let hand = to.table.hand;
        self.moved.insert(mv.player.clone(), (mv.to.clone(), hand));
        Ok(())
    }
}

/// An empty seat a moved player could take, and what it would be next hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SeatOption {
    /// The seat.
    pub seat: Seat,
    /// Hands before he posts the big blind there (0: the next hand).
    pub hands: usize,
    /// He would be in the small blind next hand.
    pub small: bool,
    /// He would be dealt in next hand.
    pub dealt: bool,
}

/// The positions of a table's next hand and the seats dealt in.
pub fn next_positions(
    t: &FloorTable,
    rules: &HouseRules,
) -> Option<(crate::session::Positions, Vec<Seat>)> {
    let (setup, positions) = t.table.next_setup(rules, t.table.script_ms).ok()?;
    Some((positions, setup.stacks.iter().map(|(s, _)| *s).collect()))
}

/// The live seats in the order they post the big blind, from the next
/// hand's big blind.
fn big_blind_order(big: Seat, live: &[Seat]) -> Vec<Seat> {
    let mut order: Vec<Seat> = big.clockwise_after().filter(|s| live.contains(s)).collect();
    if order.last() == Some(&big) {
        order.rotate_right(1);
    }
    order
}

/// The players of `from` in the order they post the big blind, the next
/// big blind first.
fn from_order(from: &FloorTable, rules: &HouseRules) -> Vec<Seat> {
    let live: Vec<Seat> = from.players().iter().map(|p| p.0).collect();
    match next_positions(from, rules) {
        Some((positions, _)) => big_blind_order(positions.big, &live),
        None => live,
    }
}

/// Every empty seat of `to`, each as it would be with a new player in it
/// (the table's next hand computed with him seated).
pub(super) fn seat_options(to: &FloorTable, rules: &HouseRules) -> Vec<SeatOption> {
    to.empty_seats()
        .into_iter()
        .filter_map(|seat| {
            let mut with = to.clone();
            with.table.seats.insert(
                seat,
                Player {
                    name: String::new(),
                    chips: Chips(1),
                    presence: Presence::Playing,
                    new: true,
                    penalty: 0,
                    placed: false,
                },
            );
            let live: Vec<Seat> = with.players().iter().map(|p| p.0).collect();
            let (positions, dealt) = next_positions(&with, rules)?;
            let order = big_blind_order(positions.big, &live);
            let hands = order.iter().position(|s| *s == seat)?;
            Some(SeatOption {
                seat,
                hands,
                small: positions.small == seat,
                dealt: dealt.contains(&seat),
            })
        })
        .collect()
}
