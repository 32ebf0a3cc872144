//! One engine, two storages: the desk in memory (the screen's tests and
//! bench) and the database's Desk, given the same commands, the same
//! seeds, the same time and the same tables' journals, decide the same
//! records in the same order. Neither decides anything of its own. Two
//! kinds of record follow when a storage *read* a table, not what it was
//! asked: the heads anchored (as each hand's end is read) and a leave
//! told (only when the leave is read before the sit): the database's
//! reader brings each journal as its Link sends it, the memory desk is
//! given it whole; they are left out of the comparison.

use super::*;
use floorcall::tui::floor::{FloorDesk, MemoryDesk};

/// The memory desk given every table's journal as its file holds it now,
/// then refreshed (what the tables make due decided), as `sync` does for
/// the database's Desk.
fn sync_memory(memory: &mut MemoryDesk, dealers: &[Dealer]) {
    for d in dealers {
        let loaded = journal::load(&d.path).expect("loads");
        memory.set_journal(&d.name, loaded).expect("folds");
    }
    memory.refresh();
}

#[test]
fn the_desk_in_memory_and_the_database_desk_decide_the_same_records() {
    let Some(pg) = pg::shared() else { return };
    let (_db, options) = desk_on(pg, "tda", "same-engine");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let empty = |t: &str| (t.to_string(), SEATS, journal::Loaded::default());
    let mut memory = MemoryDesk::new(
        HouseRules::tda(),
        structure(),
        vec![empty("T1"), empty("T2"), empty("T3")],
        T0,
    )
    .with_seeds(Arc::new(SeedSequence::new(1)));
    memory.refresh();

    // The draw, the tables opened from it, the clock.
    let (seats, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    assert_eq!(memory.draw_seats(&entrants(12)).expect("the draw"), seats);
    sync_memory(&mut memory, &dealers);
    desk.clock_action(ClockAction::Start).expect("starts");
    memory.clock_action(ClockAction::Start).expect("starts");

    // Four busts at T1 (its players placed), a balance proposed and
    // confirmed, the tables carrying it out.
    {
        let d = dealer(&mut dealers, "T1");
        d.play(None);
        d.hand_busting();
        d.hand_busting();
    }
    sync(&mut desk, &dealers);
    sync_memory(&mut memory, &dealers);
    let proposed = desk.propose().expect("proposes");
    assert_eq!(memory.propose().expect("proposes"), proposed);
    let moves = desk.confirm().expect("confirms");
    assert_eq!(memory.confirm().expect("confirms"), moves);
    carry_out(&mut dealers, &moves);
    sync(&mut desk, &dealers);
    sync_memory(&mut memory, &dealers);

    // A correction, a move by hand cancelled, hand-for-hand, a break.
    let player = desk.floor().table("T2").expect("T2").players()[0].1.clone();
    assert_eq!(
        memory.correct_stack(&player, 9_000).expect("corrects"),
        desk.correct_stack(&player, 9_000).expect("corrects")
    );
    let (to, seat) = ("T3", desk.floor().table("T3").expect("T3").empty_seats()[0]);
    assert_eq!(
        memory
            .move_player(&player, to, seat.number())
            .expect("moves"),
        desk.move_player(&player, to, seat.number()).expect("moves")
    );
    assert_eq!(
        memory.cancel_move(&player).expect("cancels"),
        desk.cancel_move(&player).expect("cancels")
    );
    desk.set_hand_for_hand(true).expect("on");
    memory.set_hand_for_hand(true).expect("on");
    let broken = desk.break_next().expect("breaks");
    assert_eq!(memory.break_next().expect("breaks"), broken);
    carry_out(&mut dealers, &broken);
    sync(&mut desk, &dealers);
    sync_memory(&mut memory, &dealers);

    // Refused alike, and nothing written by either.
    let before = (desk.floor().records.len(), memory.records().len());
    assert_eq!(
        memory.cancel_move("Nobody").map_err(|e| e.to_string()),
        desk.cancel_move("Nobody").map_err(|e| e.to_string())
    );
    assert_eq!((desk.floor().records.len(), memory.records().len()), before);

    let decided = |records: &[FloorRecord]| -> Vec<FloorRecord> {
        records
            .iter()
            .filter(|r| {
                !matches!(
                    r,
                    FloorRecord::TablesAnchored { .. } | FloorRecord::MoveLeft { .. }
                )
            })
            .cloned()
            .collect()
    };
    let written = decided(&desk.floor().records);
    assert!(written.len() >= 20, "{written:#?}");
    assert_eq!(decided(memory.records()), written);
    assert_eq!(memory.floor().places(), desk.floor().places());
}
