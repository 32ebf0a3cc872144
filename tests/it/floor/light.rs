//! A room without dealers (issue 35.6) through the Desk, real table
//! journals and PostgreSQL (`pg`, skipped loudly where it cannot be had):
//! the Nuts Poker League's tables run light (the players deal; nobody
//! keys a hand): players out and chip counts are all the tables key, and
//! the floor places, balances and moves from those; every journal and
//! the room's chips verify.

use floorcall::floor::{self, Desk};
use floorcall::session::TableCommand;
use floorcall::table::{Chips, Seat};
use floorcall::tournament::Decide;

use crate::floor::desk::{desk_on, seat_twelve, sync};
use crate::pg;

#[test]
fn a_light_room_is_placed_balanced_and_verified_from_busts_and_counts() {
    let Some(pg) = pg::shared() else {
        return;
    };
    let tournament = "light-nuts";
    let (db, options) = desk_on(pg, "nuts", tournament);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "nuts");
    // Each table ends the hand it opened with, then runs light.
    for d in dealers.iter_mut() {
        d.play(None);
        d.line(TableCommand::Light(true));
    }
    // Three players out at T3, one at a time.
    let t3 = &mut dealers[2];
    let seats = |d: &crate::floor::desk::Dealer| -> Vec<(Seat, String, Chips)> {
        d.session
            .table()
            .expect("a table")
            .seats
            .iter()
            .map(|(s, p)| (*s, p.name.clone(), p.chips))
            .collect()
    };
    let mut out = Vec::new();
    for _ in 0..3 {
        let (seat, name, _) = seats(t3)[0].clone();
        t3.line(TableCommand::Out(seat));
        out.push(name);
    }
    // The break: the one left at T3 counted with every chip there.
    let here = t3.session.table().expect("a table").chips_seated();
    let (last, _, _) = seats(t3)[0].clone();
    t3.line(TableCommand::Count(vec![(last, Chips(here))]));
    sync(&mut desk, &dealers);
    let places = desk.floor().places();
    assert_eq!(
        out.iter()
            .map(|p| places.get(p).copied())
            .collect::<Vec<_>>(),
        vec![Some(12), Some(11), Some(10)],
        "{places:?}"
    );
    assert_eq!(desk.floor().players_left(), 9);
    // One at T3, four at T1 and T2: the floor balances, the tables carry
    // the moves out, each mover with his chips as last counted.
    let proposal = desk.propose().expect("proposes").expect("out of balance");
    let moves = desk.confirm().expect("confirms");
    assert_eq!(moves, proposal.moves);
    for _ in 0..3 {
        for d in dealers.iter_mut() {
            d.obey(&desk.floor().records);
        }
        sync(&mut desk, &dealers);
    }
    assert!(desk.orders().is_empty(), "{:?}", desk.orders());
    let total: u64 = dealers
        .iter()
        .map(|d| d.session.table().expect("a table").chips_seated())
        .sum();
    assert_eq!(total, 120_000);
    let verified = floor::verify(&mut pg.admin(&db), tournament).expect("verifies");
    let lines = verified.lines();
    assert!(verified.ok(), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with("OK: the room: 120,000 chips issued (12 entries), 120,000 in play")),
        "{lines:#?}"
    );
}
