//! What the tables' journals make due, decided like any other command
//! (`FloorCommand::Due`): players out and their places, hand-for-hand
//! rounds, a moved player's chips as his leave journaled them, the tables'
//! heads anchored, the structure and the money published, the clock stopped at the
//! winner.

use super::{OrderPhase, Tournament, Work};
use crate::session::TableEvent;
use crate::tournament::orders::left_chips;
use crate::tournament::{Bust, FloorRecord, FloorRefusal, FloorTable, Move};

/// Decides what the tables' journals make due (players out and their
/// places, hand-for-hand rounds). A storage asks once it has read every
/// record: before that, a record written already may not be known yet.
pub(super) fn due(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
    publish_structure(desk)?;
    publish_funding(desk)?;
    tell_leaves(desk)?;
    anchor_heads(desk)?;
    place_busts(desk)?;
    stop_clock_at_the_winner(desk)?;
    advance_hand_for_hand(desk)
}

/// The Desk's structure written for the tables when no record holds it
/// yet, or the last one is another (the Desk opened with a new one).
fn publish_structure(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
    let structure = &desk.structure;
    if structure.stages.is_empty() || desk.published_structure() == Some(structure) {
        return Ok(());
    }
    let record = FloorRecord::StructureSet {
        structure: structure.clone(),
    };
    desk.write(&record)
}

/// The Desk's money written when no record holds it yet, or the last one
/// is other money (the Desk opened with a new structure file).
pub(super) fn publish_funding(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
    let Some(funding) = &desk.funding else {
        return Ok(());
    };
    if desk.published_funding() == Some(funding) {
        return Ok(());
    }
    let record = FloorRecord::FundingSet {
        funding: Box::new(funding.clone()),
    };
    desk.write(&record)
}

/// Each moved player who has left his table and whose leave the floor has
/// not yet told: a `MoveLeft` with the chips his leave journaled there
/// (the table's own `departures`), which the table he goes to seats him
/// with. Never the figure of the proposal: he may have won or lost in the
/// hand that was being played when the TD confirmed.
fn tell_leaves(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
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
fn anchor_heads(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
    let heads: Vec<crate::tournament::Anchor> = desk
        .reads
        .iter()
        .filter(|(name, r)| {
            r.hands > 0 && desk.anchored.get(*name).is_none_or(|h| *h < r.hands) && r.records > 0
        })
        .map(|(name, r)| crate::tournament::Anchor {
            table: name.clone(),
            records: r.records,
            head: r.head.clone(),
            hands: r.hands,
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
fn stop_clock_at_the_winner(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
    let won = desk.floor.players_left() == 1
        && in_transit(desk) == 0
        && !desk.floor.busts.is_empty()
        && desk.floor.busts.len() as u32 + 1 >= desk.floor.field
        && desk.floor.unsold_stack().is_none();
    let Some(mut clock) = desk.clock.clone() else {
        return Ok(());
    };
    if !won || !matches!(clock.run, crate::session::ClockRun::Running { .. }) {
        return Ok(());
    }
    clock.pause(desk.now_ms);
    desk.write(&FloorRecord::ClockSet { clock })
}

/// Players who left one table and are not yet seated at the next.
pub(super) fn in_transit(desk: &Tournament) -> u32 {
    desk.orders
        .iter()
        .filter(|(_, p)| *p == OrderPhase::Left)
        .count() as u32
}

/// The tables still playing: with a player, not broken.
pub(super) fn live(desk: &Tournament) -> Vec<&FloorTable> {
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
fn place_busts(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
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
                .reads
                .get(&t.name)
                .and_then(|r| r.starting_stacks.get(&(f.hand, f.seat.number())))
                .copied()
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
                shown: f.shown,
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
    // A disqualification after a hand's busts, placed above them; each
    // table's busts of one hand in its own order (the better hand shown
    // first among equal stacks). The sort is stable.
    found.sort_by(|a, b| {
        (a.round, a.hand, a.disqualified, &a.table).cmp(&(
            b.round,
            b.hand,
            b.disqualified,
            &b.table,
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
fn advance_hand_for_hand(desk: &mut Work<'_>) -> Result<(), FloorRefusal> {
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
pub(super) fn with_orders(desk: &Tournament) -> crate::tournament::Floor {
    with_these_orders(desk, &desk.orders)
}

/// The floor with `orders` made (`with_orders`, or all but one player's).
pub(super) fn with_these_orders(
    desk: &Tournament,
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
    // A late entry drawn to a seat he has not yet sat in holds it: the
    // next draw or move must not give it again.
    for a in &desk.late_seats {
        let seated = sim
            .tables
            .iter()
            .any(|t| t.table.seats.values().any(|p| p.name == a.player));
        let out = sim.busts.iter().any(|b| b.player == a.player);
        let Some(seat) = crate::table::Seat::new(a.seat) else {
            continue;
        };
        if let Some(t) = sim.tables.iter_mut().find(|t| t.name == a.table)
            && !seated
            && !out
            && !t.table.seats.contains_key(&seat)
        {
            t.table.apply(&TableEvent::PlayerSeated {
                seat,
                name: a.player.clone(),
                chips: crate::table::Chips(a.chips),
                rejoins: false,
            });
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
