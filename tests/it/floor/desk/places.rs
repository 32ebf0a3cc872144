//! Players out and their places at the Desk: a bust undone at its table
//! corrected by a record, and the busts of one hand-for-hand hand placed
//! together.

use super::*;

/// A bust undone at its table (the hand opened again by an undo) is put
/// back in play on the floor by a record that corrects (place 0), never
/// an edit; the hand finished again places him again.
#[test]
fn a_bust_undone_at_its_table_is_corrected_never_edited() {
    let Some(pg) = pg::shared() else { return };
    let (_db, options) = desk_on(pg, "tda", "desk-undo");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    let t2 = dealer(&mut dealers, "T2");
    t2.play(None);
    let player = t2.hand_busting();
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().busts.len(), 1);
    assert_eq!(desk.floor().busts[0].place, 12);

    let t2 = dealer(&mut dealers, "T2");
    t2.session.undo().expect("undoes the hand's last entry");
    sync(&mut desk, &dealers);
    assert!(desk.floor().busts.is_empty(), "{:?}", desk.floor().busts);
    assert!(records(&desk).iter().any(|r| matches!(
        r,
        FloorRecord::PlacesCorrected { places } if places == &[(player.clone(), 0)]
    )));
    // The PlayerOut stays in the record.
    assert_eq!(
        records(&desk)
            .iter()
            .filter(|r| matches!(r, FloorRecord::PlayerOut { .. }))
            .count(),
        1
    );

    assert_eq!(dealer(&mut dealers, "T2").play_busting(), player);
    sync(&mut desk, &dealers);
    let out: Vec<(String, u32)> = desk
        .floor()
        .busts
        .iter()
        .map(|b| (b.player.clone(), b.place))
        .collect();
    assert_eq!(out, [(player, 12)]);
}

/// Players out in the same hand-for-hand hand at different tables are
/// placed together (Redtooth 53: hand-for-hand; UPT Tournament 35: "the
/// player starting the hand with the larger amount of chips finishes in
/// the higher place", equal stacks sharing it): the one found first is
/// placed alone, then placed again by a record that corrects.
#[test]
fn busts_of_one_hand_for_hand_hand_are_placed_together() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut desk, mut dealers) = hand_for_hand_on(pg, "desk-h4h-busts", dir.path());
    let first = dealer(&mut dealers, "T1").hand_busting();
    sync(&mut desk, &dealers);
    let placed: Vec<(String, u32, Option<u32>)> = desk
        .floor()
        .busts
        .iter()
        .map(|b| (b.player.clone(), b.place, b.round))
        .collect();
    assert_eq!(placed, [(first.clone(), 12, Some(1))]);

    let second = dealer(&mut dealers, "T2").hand_busting();
    sync(&mut desk, &dealers);
    let stack = |p: &str| {
        desk.floor()
            .busts
            .iter()
            .find(|b| b.player == p)
            .expect("out")
            .starting_stack
    };
    let (a, b) = (stack(&first), stack(&second));
    let places = desk.floor().places();
    let expected = match a.cmp(&b) {
        std::cmp::Ordering::Equal => (11, 11),
        std::cmp::Ordering::Greater => (11, 12),
        std::cmp::Ordering::Less => (12, 11),
    };
    assert_eq!((places[&first], places[&second]), expected, "{a} and {b}");
    if expected.0 == 11 {
        assert!(records(&desk).iter().any(|r| matches!(
            r,
            FloorRecord::PlacesCorrected { places } if places == &[(first.clone(), 11)]
        )));
    }
}
