//! A floor scenario's expectations checked against the run, after the line
//! each names: what a TD checks (the tables' seats and chips, the moves,
//! the places, the clock, the money), each key compared and said as the
//! hand and session scenarios say theirs (`Compare`).

use std::collections::BTreeMap;

use super::{FloorExpect, FloorScenario, Run, move_text};
use crate::scenario::Failure;
use crate::scenario::expect::{Compare, by_seat, due};
use crate::table::Seat;
use crate::tournament::room::{self, RoomTable};
use crate::tournament::{FloorRecord, FloorTable};

pub(super) fn check_all(
    s: &FloorScenario,
    k: usize,
    total: usize,
    run: &Run,
    failures: &mut Vec<Failure>,
) {
    for (i, e) in due(&s.expectations, |e| e.after, k, total) {
        check(e, &mut Compare::new(i, k, failures), run);
    }
}

/// A table's entry in a failure: `T1 ` before what is expected of it.
fn at_table(table: &str) -> String {
    format!("{table} ")
}

/// A map by table of maps by seat, as a file writes it: each table's
/// seats keyed by number, `value` written out.
fn seats_by_table<V>(
    wanted: Option<&BTreeMap<String, BTreeMap<String, V>>>,
    value: impl Fn(&V) -> String,
) -> Option<BTreeMap<String, BTreeMap<u8, String>>> {
    wanted.map(|w| {
        w.iter()
            .map(|(table, seats)| (table.clone(), by_seat(seats, &value)))
            .collect()
    })
}

/// Checks a floor expectation against the floor as the run left it.
fn check(e: &FloorExpect, c: &mut Compare, run: &Run) {
    let floor = run.tournament.floor();
    c.list("moves", e.moves.as_ref(), || {
        floor
            .pending
            .iter()
            .flat_map(|p| p.moves.iter().map(move_text))
            .collect::<Vec<_>>()
    });
    c.list("made", e.made.as_ref(), || &run.made);
    // A table's seats, or the error naming a table that is not there.
    let by_table = |table: &str, f: &dyn Fn(&FloorTable) -> BTreeMap<u8, String>| {
        let seats = floor
            .table(table)
            .map_or_else(|e| BTreeMap::from([(0, e.to_string())]), f);
        format!("{seats:?}")
    };
    let seated = seats_by_table(e.seated.as_ref(), String::clone);
    c.each("seated", seated.as_ref(), at_table, |table, _| {
        by_table(table, &|t| {
            t.players()
                .into_iter()
                .map(|(s, n, _)| (s.number(), n))
                .collect()
        })
    });
    let chips = seats_by_table(e.chips.as_ref(), u64::to_string);
    c.each("chips", chips.as_ref(), at_table, |table, want| {
        by_table(table, &|t| {
            want.keys()
                .map(|n| {
                    // A seat's stack, a placed one's too (UPT Tournament 6).
                    let chips = Seat::new(*n)
                        .and_then(|s| t.table.seats.get(&s))
                        .map_or(0, |p| p.chips.get());
                    (*n, chips.to_string())
                })
                .collect()
        })
    });
    c.each("counts", e.counts.as_ref(), at_table, |table, _| {
        floor.table(table).map_or(0, |t| t.players().len())
    });
    c.each("next", e.next.as_ref(), at_table, |table, _| {
        floor
            .table(table)
            .ok()
            .and_then(|t| {
                t.table
                    .next_setup(&floor.rules, t.table.script_ms)
                    .ok()
                    .map(|(_, p)| [p.button.number(), p.small.number(), p.big.number()])
            })
            .map_or_else(|| "no next hand".to_string(), |g| format!("{g:?}"))
    });
    c.each("blinds", e.blinds.as_ref(), at_table, |table, _| {
        floor
            .table(table)
            .ok()
            .and_then(|t| t.table.blinds_at(t.table.script_ms))
            .map_or_else(
                || "none".to_string(),
                |b| format!("{:?}", [b.small.get(), b.big.get()]),
            )
    });
    c.each("dealt_next", e.dealt_next.as_ref(), at_table, |table, _| {
        let dealt: Option<Vec<u8>> = floor.table(table).ok().and_then(|t| {
            t.table
                .next_setup(&floor.rules, t.table.script_ms)
                .ok()
                .map(|(setup, _)| setup.stacks.iter().map(|(s, _)| s.number()).collect())
        });
        format!("{:?}", dealt.unwrap_or_default())
    });
    c.list("places", e.places.as_ref(), || {
        let all = floor.places();
        e.places
            .iter()
            .flat_map(BTreeMap::keys)
            .map(|p| (p, all.get(p).copied().unwrap_or(0)))
            .collect::<BTreeMap<&String, u32>>()
    });
    c.list("waiting", e.waiting.as_ref(), || floor.waiting_for());
    c.hand_for_hand(e.hand_for_hand, floor.hand_for_hand.is_some());
    c.value("hand_for_hand_proposed", e.hand_for_hand_proposed, || {
        floor.hand_for_hand_proposed()
    });
    c.value("next_to_break", e.next_to_break.as_deref(), || {
        floor.next_to_break().unwrap_or("")
    });
    c.list("halted", e.halted.as_ref(), || {
        floor
            .pending
            .as_ref()
            .map_or_else(|| floor.halted(), |p| p.halted.clone())
    });
    c.value("final_table_due", e.final_table_due, || {
        floor.final_table_due()
    });
    c.value("players_left", e.players_left, || floor.players_left());
    c.rejected(e.rejected, run.rejected);
    c.value("stale", e.stale, || run.stale);
    c.value("commitment", e.commitment.as_deref(), || {
        floor
            .records
            .iter()
            .rev()
            .find_map(|r| match r {
                FloorRecord::DrawCommitted { commitment, .. } => Some(commitment.as_str()),
                _ => None,
            })
            .unwrap_or_default()
    });
    c.value("clock_runs", e.clock_runs, || floor.clock_runs());
    c.value("refusal", e.refusal.as_deref(), || run.refusal.as_str());
    let t = &run.tournament;
    let no_money = "no money ([money])";
    let pool = t.pool();
    c.value("entries", e.entries, || {
        pool.map_or_else(|| no_money.to_string(), |p| p.entries.to_string())
    });
    c.value("pool", e.pool, || {
        pool.map_or_else(|| no_money.to_string(), |p| p.pool.get().to_string())
    });
    let prizes = || match t.prizes() {
        None => Err("no payouts ([[money.tier]], prizes or [money.paid])".to_string()),
        Some(Err(e)) => Err(e.to_string()),
        Some(Ok(prizes)) => Ok(prizes.iter().map(|m| m.get()).collect::<Vec<u64>>()),
    };
    c.value("paid", e.paid, || {
        prizes().map_or_else(|e| e, |p| p.len().to_string())
    });
    c.text(
        "payouts",
        e.payouts.as_ref().map(|p| format!("{p:?}")),
        || prizes().map_or_else(|e| e, |p| format!("{p:?}")),
    );
    c.value("bubble", e.bubble, || t.on_the_bubble());
    c.each("deal", e.deal.as_ref(), at_table, |entry, _| {
        run.deal.get(entry).copied().unwrap_or(0)
    });
    let won = t.winnings();
    c.each("won", e.won.as_ref(), at_table, |entry, _| match &won {
        None => "no payouts".to_string(),
        Some(Err(e)) => e.to_string(),
        Some(Ok(won)) => won.get(entry).map_or(0, |m| m.get()).to_string(),
    });
    c.text("room", e.room.clone(), || {
        let tables: Vec<RoomTable> = run.tables.iter().map(|(n, t)| t.room_table(n)).collect();
        room::audit(&run.tournament.floor().records, &tables).line()
    });
}
