//! The engine's fold: a table's journal read again, one of the floor's
//! records applied, and what follows from the two together (each order's
//! phase, the players moved, the field, hand-for-hand as counted).

use std::collections::BTreeMap;

use super::{OrderPhase, Round, TableRead, Tournament, empty_table};
use crate::session::Table;
use crate::tournament::orders::fold_left;
use crate::tournament::places::fold_place_record;
use crate::tournament::{DrawPurpose, FloorRecord, HandForHand};

/// A table's journal read again: the table is its fold.
pub(super) fn table_read(desk: &mut Tournament, name: &str, table: Table, read: TableRead) {
    match desk.floor.tables.iter_mut().find(|t| t.name == name) {
        Some(t) => t.table = table,
        None => {
            // A table the floor was not told of: its seats from its hands.
            let seats = read.seats.unwrap_or(10);
            let mut t = empty_table(name, seats, &desk.structure);
            t.table = table;
            desk.floor.tables.push(t);
            if !desk.floor.break_order.iter().any(|n| n == name) {
                desk.floor.break_order.insert(0, name.to_string());
            }
        }
    }
    desk.reads.insert(name.to_string(), read);
}

/// Applies one of the floor's records.
pub(super) fn apply(desk: &mut Tournament, record: FloorRecord) {
    fold_left(&mut desk.left, &record);
    let floor = &mut desk.floor;
    match &record {
        FloorRecord::DrawCommitted { draw, purpose, .. } => {
            floor.draws = floor.draws.max(*draw);
            desk.purposes.insert(*draw, purpose.clone());
        }
        FloorRecord::DrawRevealed { draw, seats, .. } => {
            if matches!(
                desk.purposes.get(draw),
                Some(DrawPurpose::Seats | DrawPurpose::LateEntry)
            ) {
                desk.entries += seats.len() as u32;
            }
            if desk.purposes.get(draw) == Some(&DrawPurpose::LateEntry) {
                desk.late_seats.extend(seats.iter().cloned());
            }
        }
        FloorRecord::MovesProposed { proposal } => floor.pending = Some(proposal.clone()),
        FloorRecord::ProposalStale { .. } => floor.pending = None,
        FloorRecord::MoveConfirmed { mv } => {
            if let Some(p) = &mut floor.pending {
                p.moves.retain(|m| m.player != mv.player);
                if p.moves.is_empty() {
                    floor.pending = None;
                }
            }
            // A player's last order is the one the tables carry out
            // (a redraw moves a player whose break move is still due).
            desk.orders.retain(|(o, _)| o.player != mv.player);
            desk.orders.push((mv.clone(), OrderPhase::Due));
            desk.confirmed.push(mv.clone());
            // The final table seats more than a table may (TDA 11).
            if let Some(t) = floor.tables.iter_mut().find(|t| t.name == mv.to) {
                t.seats = t.seats.max(mv.to_seat);
            }
        }
        FloorRecord::MoveLeft { .. } => {}
        FloorRecord::TablesAnchored { heads } => {
            for a in heads {
                desk.anchored.insert(a.table.clone(), a.hands);
            }
        }
        FloorRecord::MoveCancelled { player, .. } => {
            desk.orders.retain(|(o, _)| o.player != *player);
            if let Some(i) = desk.confirmed.iter().rposition(|m| m.player == *player) {
                desk.confirmed.remove(i);
            }
        }
        FloorRecord::TableBroken { table } => {
            desk.broken.insert(table.clone());
            floor.break_order.retain(|n| n != table);
        }
        FloorRecord::ButtonDrawn { .. } | FloorRecord::LightKeyed { .. } => {}
        FloorRecord::PlayerOut { bust } => {
            // Out since his move (at his new table, or at the old one in
            // the hand being played when the TD confirmed it): nothing is
            // left to carry out, nor is he in transit.
            desk.orders.retain(|(o, _)| o.player != bust.player);
            fold_place_record(&mut floor.busts, &record);
        }
        FloorRecord::PlacesCorrected { .. } => fold_place_record(&mut floor.busts, &record),
        FloorRecord::StackCorrected {
            player,
            table,
            returns,
            ..
        } => {
            if let Some(hand) = returns {
                desk.undone.insert((player.clone(), table.clone(), *hand));
            }
            fold_place_record(&mut floor.busts, &record);
        }
        FloorRecord::HandForHandSet { on } => {
            desk.hand_for_hand = on.then_some(None);
        }
        FloorRecord::HandForHandRound {
            round,
            deal,
            waiting,
        } => {
            for (t, h) in deal {
                desk.rounds.entry((t.clone(), *h)).or_insert(*round);
            }
            if desk.hand_for_hand.is_some() {
                desk.hand_for_hand = Some(Some(Round {
                    round: *round,
                    deal: deal.clone(),
                    waiting: waiting.clone(),
                }));
            }
        }
        FloorRecord::ClockSet { clock } => desk.clock = Some(clock.clone()),
        FloorRecord::Said { text } => {
            desk.message = Some(text.clone()).filter(|t| !t.is_empty());
        }
        FloorRecord::StructureSet { .. }
        | FloorRecord::FundingSet { .. }
        | FloorRecord::DealMade { .. } => {}
        FloorRecord::Bought { purchase } => desk.bought.push(purchase.clone()),
    }
    desk.floor.records.push(record);
}

/// What follows from the tables and the records together: each order's
/// phase (and the players moved, with the hand they arrived in), the
/// field, and hand-for-hand as the pure floor counts it.
pub(super) fn settle(desk: &mut Tournament) {
    let mut orders = std::mem::take(&mut desk.orders);
    orders.retain_mut(|(mv, phase)| {
        let at = |t: &str| {
            desk.floor
                .table(t)
                .is_ok_and(|t| t.table.seats.values().any(|p| p.name == mv.player))
        };
        let busted_there = desk.floor.table(&mv.to).is_ok_and(|t| {
            t.table.places.iter().any(|f| f.name == mv.player)
                && !t.table.seats.values().any(|p| p.name == mv.player)
        });
        // A move within one table (a redraw) is read by its seats.
        let at_seat = |t: &str, seat: u8| {
            desk.floor.table(t).is_ok_and(|t| {
                crate::table::Seat::new(seat)
                    .and_then(|s| t.table.seats.get(&s))
                    .is_some_and(|p| p.name == mv.player)
            })
        };
        let (left, arrived) = if mv.from == mv.to {
            (
                mv.from_seat == mv.to_seat || !at_seat(&mv.from, mv.from_seat),
                at_seat(&mv.to, mv.to_seat),
            )
        } else {
            (!at(&mv.from), at(&mv.to))
        };
        let arrived = arrived || busted_there;
        *phase = if left {
            OrderPhase::Left
        } else {
            OrderPhase::Due
        };
        !(left && arrived)
    });
    desk.orders = orders;
    // The moved players, each with the hand his new table had when he sat
    // down there (from its journal, so a restart finds the same).
    let mut moved = BTreeMap::new();
    for mv in &desk.confirmed {
        if desk.orders.iter().any(|(o, _)| o == mv) {
            continue;
        }
        if let Some(hand) = desk
            .reads
            .get(&mv.to)
            .and_then(|r| r.sat_at.get(&mv.player).copied())
        {
            moved.insert(mv.player.clone(), (mv.to.clone(), hand));
        }
    }
    desk.floor.moved = moved;
    let in_play = desk.floor.players_left() as u32 + super::due::in_transit(desk);
    desk.floor.field = desk.entries.max(in_play + desk.floor.busts.len() as u32);
    desk.floor.hand_for_hand = match &desk.hand_for_hand {
        Some(Some(r)) => {
            // A round is being played once a table has begun its hand:
            // until then the round before is (every table done with it).
            let dealt: BTreeMap<String, u32> = r
                .deal
                .iter()
                .map(|(t, h)| {
                    let begun = desk.floor.table(t).is_ok_and(|x| x.table.hand >= *h);
                    (t.clone(), if begun { r.round } else { r.round - 1 })
                })
                .collect();
            let round = dealt.values().copied().max().unwrap_or(r.round - 1);
            Some(HandForHand { round, dealt })
        }
        Some(None) => Some(HandForHand {
            round: 0,
            dealt: BTreeMap::new(),
        }),
        None => None,
    };
}
