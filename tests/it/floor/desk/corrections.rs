//! The TD's own hand on the floor: a stack corrected from the floor and a
//! bust undone, each a floor record the table carries out (`F`),
//! journaled there as the floor's correction and checked by `floor
//! verify` across the room.

use super::*;
use floorcall::tournament::Decide;

/// A miscount found after the hand: the TD corrects Ann's stack (`c Ann
/// 9600`), her table carries it out before its next hand (`seat N
/// correct 9600`), and the room audit counts it as the TD's correction;
/// a correction a table journals that the floor never ordered fails the
/// audit.
#[test]
fn a_stack_corrected_from_the_floor_is_carried_out_and_audited() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "correct-t");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    dealer(&mut dealers, "T1").play(None);
    sync(&mut desk, &dealers);
    let (seat, player, chips) = desk.floor().table("T1").unwrap().players()[0].clone();
    let record = desk
        .correct_stack(&player, chips.get() - 400)
        .expect("corrected");
    assert_eq!(
        record,
        FloorRecord::StackCorrected {
            player: player.clone(),
            table: "T1".into(),
            seat: seat.number(),
            chips: chips.get() - 400,
            was: Some(chips.get()),
            returns: None,
        }
    );
    // Nothing at the table changes until its dealer carries it out.
    assert_eq!(
        desk.floor().table("T1").unwrap().players()[0].2,
        chips,
        "the floor never writes into a table"
    );
    let t1 = dealer(&mut dealers, "T1");
    assert_eq!(
        t1.obey(&desk.floor().records),
        [format!(
            "seat {} correct {}",
            seat.number(),
            chips.get() - 400
        )]
    );
    assert!(t1.obey(&desk.floor().records).is_empty(), "done once");
    sync(&mut desk, &dealers);
    let verified = floor::verify(&mut pg.admin(&db), "correct-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    let room = verified.room.as_ref().expect("the room");
    assert_eq!(room.corrections, (1, 0, 400));
    assert!(
        room.line().contains("1 correction of the TD's: +0 -400"),
        "{}",
        room.line()
    );

    // A correction a table journals by itself is not the floor's.
    let t2 = dealer(&mut dealers, "T2");
    t2.play(None);
    let seat = *t2.session.table().unwrap().seats.keys().next().unwrap();
    t2.line(TableCommand::Correct {
        seat,
        chips: Chips(50_000),
        returns: None,
    });
    sync(&mut desk, &dealers);
    let verified = floor::verify(&mut pg.admin(&db), "correct-t").expect("verifies");
    assert!(!verified.ok());
    let lines = verified.lines().join("\n");
    assert!(
        lines.contains("T2 corrected") && lines.contains("the floor ordered no such correction"),
        "{lines}"
    );
}

/// A bust placed by mistake, undone from the floor after the table has
/// dealt on (so its own undo can no longer reach the hand): the player
/// returns to the seat he left with the chips the TD gives him, taken
/// from the player who had them wrongly; his place is taken back and the
/// player out after him finishes a place lower; the room still adds up.
#[test]
fn a_bust_placed_by_mistake_is_undone_from_the_floor() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "unbust-t");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    let t2 = dealer(&mut dealers, "T2");
    t2.play(None);
    let wrongly = t2.hand_busting();
    let winner = {
        let state = t2.session.state();
        let s = state
            .occupied()
            .max_by_key(|s| state.seat(*s).stack.get())
            .expect("a winner");
        (s.number(), state.seat(s).stack.get())
    };
    sync(&mut desk, &dealers);
    let out = desk.floor().busts[0].clone();
    assert_eq!((out.player.as_str(), out.place), (wrongly.as_str(), 12));
    // The table deals on; another player goes out, 11th.
    let t3 = dealer(&mut dealers, "T3");
    t3.play(None);
    let later = t3.hand_busting();
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().busts.len(), 2);
    dealer(&mut dealers, "T2").hand(None);
    sync(&mut desk, &dealers);

    // The TD finds the pot went to the wrong player: the winner gives
    // back the 2,000 and the player out returns with them.
    let back = 2_000;
    let winner_now = desk
        .floor()
        .table("T2")
        .unwrap()
        .players()
        .into_iter()
        .find(|(s, _, _)| s.number() == winner.0)
        .map(|(_, name, c)| (name, c.get()))
        .expect("the winner is seated");
    desk.correct_stack(&winner_now.0, winner_now.1 - back)
        .expect("the winner's stack corrected");
    let record = desk.correct_stack(&wrongly, back).expect("the bust undone");
    assert!(
        matches!(&record, FloorRecord::StackCorrected { player, table, seat, returns: Some(h), .. }
            if *player == wrongly && table == "T2" && *seat == out.seat && *h == out.hand),
        "{record:?}"
    );
    // His place is taken back at once; the later bust finishes lower.
    let places: Vec<(String, u32)> = desk
        .floor()
        .busts
        .iter()
        .map(|b| (b.player.clone(), b.place))
        .collect();
    assert_eq!(places, [(later.clone(), 12)]);
    // The table still has his finish until it carries the return out: he
    // is not placed again meanwhile.
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().busts.len(), 1, "{:?}", desk.floor().busts);
    let lines = dealer(&mut dealers, "T2").obey(&desk.floor().records);
    assert_eq!(
        lines,
        [
            format!("seat {} correct {}", winner.0, winner_now.1 - back),
            format!("seat {} correct {back} {wrongly}", out.seat),
        ]
    );
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().busts.len(), 1);
    assert!(
        desk.floor()
            .table("T2")
            .unwrap()
            .players()
            .iter()
            .any(|(_, name, c)| *name == wrongly && c.get() == back)
    );
    assert_eq!(desk.floor().players_left(), 11);
    let verified = floor::verify(&mut pg.admin(&db), "unbust-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    assert!(
        verified
            .lines()
            .iter()
            .any(|l| l.contains("2 corrections of the TD's: +2,000 -2,000")),
        "{:?}",
        verified.lines()
    );
}
