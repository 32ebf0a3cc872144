//! The Desk's fold: the tables from their journals, the floor's records
//! replayed, then the records the tables' journals make due (players out
//! with their places, hand-for-hand rounds), written and applied like any
//! other.

use std::collections::BTreeMap;

use super::{Desk, OrderPhase, Round, empty_table};
use crate::journal::{Loaded, table_of};
use crate::session::TableEvent;
use crate::tournament::orders::{fold_left, left_chips};
use crate::tournament::places::fold_place_record;
use crate::tournament::{Bust, DrawPurpose, FloorRecord, FloorTable, HandForHand, Move};

/// `Desk::refresh`.
pub(super) fn refresh(desk: &mut Desk) -> bool {
    let (tables, rows, live) = {
        let st = desk.reader.state();
        if st.version == desk.version {
            return false;
        }
        desk.version = st.version;
        let tables: Vec<(String, u64, Result<Loaded, String>)> = st
            .tables
            .iter()
            .filter(|(name, feed)| desk.folded.get(*name) != Some(&feed.records))
            .map(|(name, feed)| {
                let loaded = match (&feed.broken, &feed.loaded) {
                    (Some(b), _) => Err(b.clone()),
                    (None, l) => l.clone(),
                };
                (name.clone(), feed.records, loaded)
            })
            .collect();
        let rows: Vec<String> = st
            .floor
            .iter()
            .skip(desk.applied)
            .map(|r| r.line.clone())
            .collect();
        (tables, rows, st.catch_ups > 0)
    };
    for (name, records, loaded) in tables {
        desk.folded.insert(name.clone(), records);
        match loaded {
            Ok(loaded) => table_read(desk, &name, loaded),
            Err(why) => problem(desk, format!("table {name}: {why}")),
        }
    }
    for line in rows {
        match serde_json::from_str::<FloorRecord>(&line) {
            Ok(record) => apply(desk, record),
            Err(e) => problem(
                desk,
                format!("floor record {}: it does not read ({e})", desk.applied),
            ),
        }
        desk.applied += 1;
    }
    settle(desk);
    if live {
        desk.caught_up = true;
    }
    // What the tables' journals make due; a failure to write is tried
    // again at the next refresh.
    if let Err(e) = due(desk) {
        problem(desk, e.to_string());
    }
    true
}

/// Writes what the tables' journals make due (players out and their
/// places, hand-for-hand rounds), once the reader has read the database:
/// before that, a record written already may not be known yet.
pub(super) fn due(desk: &mut Desk) -> Result<(), super::DeskError> {
    if !desk.caught_up {
        return Ok(());
    }
    publish_structure(desk)?;
    tell_leaves(desk)?;
    anchor_heads(desk)?;
    place_busts(desk)?;
    stop_clock_at_the_winner(desk)?;
    advance_hand_for_hand(desk)
}

/// The Desk's structure written for the tables when no record holds it
/// yet, or the last one is another (the Desk opened with a new one).
fn publish_structure(desk: &mut Desk) -> Result<(), super::DeskError> {
    let structure = &desk.options.structure;
    let last = desk.floor.records.iter().rev().find_map(|r| match r {
        FloorRecord::StructureSet { structure } => Some(structure),
        _ => None,
    });
    if structure.stages.is_empty() || last == Some(structure) {
        return Ok(());
    }
    let record = FloorRecord::StructureSet {
        structure: structure.clone(),
    };
    desk.write(&record)
}

/// Each moved player who has left his table and whose leave the floor has
/// not yet told: a `MoveLeft` with the chips his leave journaled there
/// (the table's own `departures`), which the table he goes to seats him
/// with. Never the figure of the proposal: he may have won or lost in the
/// hand that was being played when the TD confirmed.
fn tell_leaves(desk: &mut Desk) -> Result<(), super::DeskError> {
    let due: Vec<FloorRecord> = desk
        .orders
        .iter()
        .filter(|(mv, phase)| {
            *phase == OrderPhase::Left
                && left_chips(&desk.left, &mv.player, &mv.from, mv.from_seat).is_none()
        })
        .filter_map(|(mv, _)| {
            let t = desk.floor.table(&mv.from).ok()?;
            let d = t
                .table
                .departures
                .iter()
                .rev()
                .find(|d| d.name == mv.player && d.seat.number() == mv.from_seat)?;
            Some(FloorRecord::MoveLeft {
                player: mv.player.clone(),
                table: mv.from.clone(),
                seat: mv.from_seat,
                chips: d.chips.get(),
                hand: d.after_hand,
            })
        })
        .collect();
    for record in &due {
        desk.write(record)?;
    }
    Ok(())
}

/// Anchors in the floor's chain the head of each table that finished a
/// hand since its last anchor (`TablesAnchored`): the record the floor
/// read cannot be rewritten afterwards without `floor verify` seeing it.
fn anchor_heads(desk: &mut Desk) -> Result<(), super::DeskError> {
    let heads: Vec<crate::tournament::Anchor> = desk
        .journals
        .iter()
        .filter(|(name, j)| {
            let hands = j.hands.len() as u32;
            hands > 0 && desk.anchored.get(*name).is_none_or(|h| *h < hands) && j.records > 0
        })
        .map(|(name, j)| crate::tournament::Anchor {
            table: name.clone(),
            records: j.records as u64,
            head: j.head.hex(),
            hands: j.hands.len() as u32,
        })
        .collect();
    if heads.is_empty() {
        return Ok(());
    }
    desk.write(&FloorRecord::TablesAnchored { heads })
}

/// The tournament won (one player left with every other placed, nobody
/// moving): the floor's clock stops, paused where it is, so that no
/// table or screen counts levels after the winner.
fn stop_clock_at_the_winner(desk: &mut Desk) -> Result<(), super::DeskError> {
    let won = desk.floor.players_left() == 1
        && in_transit(desk) == 0
        && !desk.floor.busts.is_empty()
        && desk.floor.busts.len() as u32 + 1 >= desk.floor.field;
    let Some(mut clock) = desk.clock.clone() else {
        return Ok(());
    };
    if !won || !matches!(clock.run, crate::session::ClockRun::Running { .. }) {
        return Ok(());
    }
    clock.pause(desk.now_ms());
    desk.write(&FloorRecord::ClockSet { clock })
}

fn problem(desk: &mut Desk, text: String) {
    if !desk.problems.contains(&text) {
        desk.problems.push(text);
    }
}

/// A table's journal read again: the table is its fold.
fn table_read(desk: &mut Desk, name: &str, loaded: Loaded) {
    let table = table_of(&loaded);
    match desk.floor.tables.iter_mut().find(|t| t.name == name) {
        Some(t) => t.table = table,
        None => {
            // A table the Desk was not told of: its seats from its hands.
            let seats = loaded.hands.last().map_or(10, |h| h.header.seats);
            let mut t = empty_table(name, seats, &desk.options.structure);
            t.table = table;
            desk.floor.tables.push(t);
            if !desk.floor.break_order.iter().any(|n| n == name) {
                desk.floor.break_order.insert(0, name.to_string());
            }
        }
    }
    desk.journals.insert(name.to_string(), loaded);
}

/// Applies one of the floor's records.
pub(super) fn apply(desk: &mut Desk, record: FloorRecord) {
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
        FloorRecord::ButtonDrawn { .. } => {}
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
        FloorRecord::StructureSet { .. } => {}
    }
    desk.floor.records.push(record);
}

/// What follows from the tables and the records together: each order's
/// phase (and the players moved, with the hand they arrived in), the
/// field, and hand-for-hand as the pure floor counts it.
pub(super) fn settle(desk: &mut Desk) {
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
            .journals
            .get(&mv.to)
            .and_then(|j| hand_at_sit(j, &mv.player))
        {
            moved.insert(mv.player.clone(), (mv.to.clone(), hand));
        }
    }
    desk.floor.moved = moved;
    let in_play = desk.floor.players_left() as u32 + in_transit(desk);
    desk.floor.field = desk.entries.max(in_play + desk.floor.busts.len() as u32);
    desk.floor.hand_for_hand = match &desk.hand_for_hand {
        Some(Some(r)) => Some(HandForHand {
            round: r.round,
            dealt: r
                .deal
                .iter()
                .map(|(t, h)| {
                    let done = desk.floor.table(t).is_ok_and(|x| x.table.hand >= *h);
                    (t.clone(), if done { r.round } else { r.round - 1 })
                })
                .collect(),
        }),
        Some(None) => Some(HandForHand {
            round: 0,
            dealt: BTreeMap::new(),
        }),
        None => None,
    };
}

/// Players who left one table and are not yet seated at the next.
fn in_transit(desk: &Desk) -> u32 {
    desk.orders
        .iter()
        .filter(|(_, p)| *p == OrderPhase::Left)
        .count() as u32
}

/// The table's hand number when `player` last sat down there.
fn hand_at_sit(journal: &Loaded, player: &str) -> Option<u32> {
    let (before, _) = journal.table.iter().rev().find(|(_, r)| {
        r.events
            .iter()
            .any(|e| matches!(e, TableEvent::PlayerSeated { name, .. } if name == player))
    })?;
    Some(match before.checked_sub(1) {
        Some(i) => journal.hands.get(i).map_or(0, |h| h.header.number),
        None => 0,
    })
}

/// The tables still playing: with a player, not broken.
pub(super) fn live(desk: &Desk) -> Vec<&FloorTable> {
    desk.floor
        .live_tables()
        .into_iter()
        .filter(|t| !desk.broken.contains(&t.name))
        .collect()
}

/// Places the players out that no record has placed yet: each table's own
/// finishes (its `places`), grouped by hand (hand-for-hand: by round,
/// across tables), each group placed below the players still in and the
/// groups found after it (UPT Tournament 35 within a group).
fn place_busts(desk: &mut Desk) -> Result<(), super::DeskError> {
    let mut found: Vec<Bust> = Vec::new();
    for t in &desk.floor.tables {
        for f in &t.table.places {
            let placed = desk
                .floor
                .busts
                .iter()
                .any(|b| b.player == f.name && b.table == t.name && b.hand == f.hand)
                || desk
                    .undone
                    .contains(&(f.name.clone(), t.name.clone(), f.hand));
            if placed {
                continue;
            }
            let starting_stack = desk
                .journals
                .get(&t.name)
                .and_then(|j| j.hands.iter().find(|h| h.header.number == f.hand))
                .and_then(|h| {
                    h.header
                        .setup
                        .stacks
                        .iter()
                        .find(|(s, _)| *s == f.seat)
                        .map(|(_, c)| c.get())
                })
                .unwrap_or(0);
            found.push(Bust {
                player: f.name.clone(),
                table: t.name.clone(),
                seat: f.seat.number(),
                hand: f.hand,
                round: desk.rounds.get(&(t.name.clone(), f.hand)).copied(),
                starting_stack,
                place: 0,
                disqualified: f.disqualified,
            });
        }
    }
    // A player placed whose table no longer has him out (his hand was
    // opened again by an undo) and who sits there again: back in play,
    // by a record that corrects (place 0), never an edit.
    let back: Vec<(String, u32)> = desk
        .floor
        .busts
        .iter()
        .filter(|b| {
            desk.floor.table(&b.table).is_ok_and(|t| {
                !t.table
                    .places
                    .iter()
                    .any(|f| f.name == b.player && f.hand == b.hand)
                    && t.table
                        .seats
                        .values()
                        .any(|p| p.name == b.player && !p.chips.is_zero())
            })
        })
        .map(|b| (b.player.clone(), 0))
        .collect();
    if !back.is_empty() {
        desk.write(&FloorRecord::PlacesCorrected { places: back })?;
    }
    if found.is_empty() {
        return Ok(());
    }
    found.sort_by(|a, b| {
        // A disqualification after a hand's busts, placed above them.
        (a.round, a.hand, a.disqualified, &a.table, &a.player).cmp(&(
            b.round,
            b.hand,
            b.disqualified,
            &b.table,
            &b.player,
        ))
    });
    let mut groups: Vec<Vec<Bust>> = Vec::new();
    for b in found {
        match groups.last_mut() {
            Some(g) if g[0].same_hand(&b) => g.push(b),
            _ => groups.push(vec![b]),
        }
    }
    let still_in = desk.floor.players_left() as u32 + in_transit(desk);
    let mut sim = desk.floor.clone();
    let from = sim.records.len();
    for (k, group) in groups.iter().enumerate() {
        let later: usize = groups[k + 1..].iter().map(Vec::len).sum();
        sim.place_out(group.clone(), still_in + later as u32);
    }
    for record in &sim.records[from..] {
        desk.write(record)?;
    }
    Ok(())
}

/// Hand-for-hand's rounds: the first when it is switched on (every table
/// may begin its next hand), then the tables still waited for as each
/// finishes the round's hand, and the next round when none is. A table
/// whose journal does not come (offline) stays waited for.
fn advance_hand_for_hand(desk: &mut Desk) -> Result<(), super::DeskError> {
    let Some(round) = desk.hand_for_hand.clone() else {
        return Ok(());
    };
    let live: Vec<(String, u32, bool)> = live(desk)
        .iter()
        .map(|t| (t.name.clone(), t.table.hand, t.table.in_hand))
        .collect();
    // One table left (the final table, hand-for-hand left on) plays its
    // rounds alone: each hand done opens the next, so it is never held.
    if live.is_empty() && round.is_none() {
        return Ok(());
    }
    let next = |number: u32| FloorRecord::HandForHandRound {
        round: number,
        deal: live.iter().map(|(t, h, _)| (t.clone(), h + 1)).collect(),
        waiting: live.iter().map(|(t, _, _)| t.clone()).collect(),
    };
    let Some(r) = round else {
        return desk.write(&next(1));
    };
    let waiting: Vec<String> = r
        .waiting
        .iter()
        .filter(|t| {
            live.iter()
                .find(|(n, _, _)| n == *t)
                .is_some_and(|(_, hand, in_hand)| {
                    *in_hand || *hand < r.deal.get(*t).copied().unwrap_or(0)
                })
        })
        .cloned()
        .collect();
    if waiting.is_empty() {
        if !live.is_empty() {
            desk.write(&next(r.round + 1))?;
        }
    } else if waiting != r.waiting {
        desk.write(&FloorRecord::HandForHandRound {
            round: r.round,
            deal: r.deal.clone(),
            waiting,
        })?;
    }
    Ok(())
}

/// The moves the tables have yet to make, made on a copy of the floor:
/// what the next decision is computed from (a seat promised is taken).
pub(super) fn with_orders(desk: &Desk) -> crate::tournament::Floor {
    with_these_orders(desk, &desk.orders)
}

/// The floor with `orders` made (`with_orders`, or all but one player's).
pub(super) fn with_these_orders(
    desk: &Desk,
    orders: &[(Move, OrderPhase)],
) -> crate::tournament::Floor {
    let mut sim = desk.floor.clone();
    // Every leave before any sit: a redraw gives one player the seat
    // another leaves.
    for leaves in [true, false] {
        for (mv, phase) in orders {
            let mut mv = mv.clone();
            if let Some(chips) = left_chips(&desk.left, &mv.player, &mv.from, mv.from_seat) {
                mv.chips = chips;
            }
            shift(&mut sim, &mv, *phase, leaves);
        }
    }
    sim
}

fn shift(sim: &mut crate::tournament::Floor, mv: &Move, phase: OrderPhase, leaves: bool) {
    let (Some(from_seat), Some(to_seat)) = (
        crate::table::Seat::new(mv.from_seat),
        crate::table::Seat::new(mv.to_seat),
    ) else {
        return;
    };
    let chips = crate::table::Chips(mv.chips);
    if leaves {
        if phase == OrderPhase::Due
            && let Some(t) = sim.tables.iter_mut().find(|t| t.name == mv.from)
        {
            t.table.apply(&TableEvent::PlayerLeft {
                seat: from_seat,
                chips,
            });
        }
    } else if let Some(t) = sim.tables.iter_mut().find(|t| t.name == mv.to)
        && !t.table.seats.contains_key(&to_seat)
    {
        t.table.apply(&TableEvent::PlayerSeated {
            seat: to_seat,
            name: mv.player.clone(),
            chips,
            rejoins: false,
        });
    }
}
