//! A room without dealers (issue 35.6) through the Desk, real table
//! journals and PostgreSQL (`pg`, skipped loudly where it cannot be had):
//! the Nuts Poker League's tables run light (the players deal; nobody
//! keys a hand): players out and chip counts are all the tables key, and
//! the floor places, balances and moves from those; every journal and
//! the room's chips verify.

use floorcall::floor::Desk;
use floorcall::session::TableCommand;
use floorcall::table::{Chips, Seat};
use floorcall::tournament::{Decide, FloorCommand};

use crate::floor::desk::{Dealer, desk_on, seat_twelve, sync, verified_with_room};
use crate::pg;

/// Twelve players drawn to three tables under `house`, each table's
/// opening hand played: the database, the journals' folder, the Desk and
/// the dealers.
fn twelve_dealt(
    pg: &'static pg::Cluster,
    house: &str,
    tournament: &str,
) -> (String, tempfile::TempDir, Desk, Vec<Dealer>) {
    let (db, options) = desk_on(pg, house, tournament);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, house);
    for d in dealers.iter_mut() {
        d.play(None);
    }
    (db, dir, desk, dealers)
}

#[test]
fn a_light_room_is_placed_balanced_and_verified_from_busts_and_counts() {
    let Some(pg) = pg::shared() else {
        return;
    };
    let tournament = "light-nuts";
    let (db, _dir, mut desk, mut dealers) = twelve_dealt(pg, "nuts", tournament);
    // Each table ends the hand it opened with, then runs light.
    for d in dealers.iter_mut() {
        d.line(TableCommand::Light(true));
    }
    // Three players out at T3, one at a time.
    let t3 = &mut dealers[2];
    let seats = |d: &Dealer| -> Vec<(Seat, String, Chips)> {
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
    verified_with_room(
        pg,
        &db,
        tournament,
        "OK: the room: 120,000 chips issued (12 entries), 120,000 in play",
    );
}

/// A light table with nobody keying at it (issue 35.6: "at the table or
/// from the TD's screen"): the TD keys its players out and its count from
/// the Desk, the table carries each out from the floor's records, and the
/// places, the room's chips and every record verify.
#[test]
fn the_td_keys_a_light_table_s_busts_and_counts_from_the_floor() {
    let Some(pg) = pg::shared() else {
        return;
    };
    let tournament = "light-keyed";
    let (db, _dir, mut desk, mut dealers) = twelve_dealt(pg, "redtooth", tournament);
    dealers[2].line(TableCommand::Light(true));
    sync(&mut desk, &dealers);
    let name = dealers[2].name.clone();
    let key = |desk: &mut Desk, command: TableCommand| {
        desk.decide(&FloorCommand::KeyLight {
            table: name.clone(),
            command,
        })
    };
    // A table that keys its hands keys its own busts.
    let t1 = dealers[0].name.clone();
    let refused = desk
        .decide(&FloorCommand::KeyLight {
            table: t1.clone(),
            command: TableCommand::Out(Seat::new(1).expect("a seat")),
        })
        .expect_err("refused");
    assert!(
        refused
            .to_string()
            .starts_with(&format!("{t1} keys its hands")),
        "{refused}"
    );
    let seats = |d: &Dealer| -> Vec<(Seat, String)> {
        d.session
            .table()
            .expect("a table")
            .seats
            .iter()
            .map(|(s, p)| (*s, p.name.clone()))
            .collect()
    };
    let mut out = Vec::new();
    for _ in 0..2 {
        let (seat, player) = seats(&dealers[2])[0].clone();
        key(&mut desk, TableCommand::Out(seat)).expect("keyed");
        // A second line waits for the table to carry out the first.
        let waits = key(&mut desk, TableCommand::Out(seat)).expect_err("waits");
        assert!(
            waits.to_string().contains("has not yet carried out"),
            "{waits}"
        );
        let done = dealers[2].obey(&desk.floor().records);
        assert_eq!(done, vec![format!("seat {} out", seat.number())]);
        sync(&mut desk, &dealers);
        out.push(player);
    }
    // The two left counted with every chip at the table.
    let here = dealers[2].session.table().expect("a table").chips_seated();
    let left = seats(&dealers[2]);
    let counts = vec![(left[0].0, Chips(here - 4_000)), (left[1].0, Chips(4_000))];
    key(&mut desk, TableCommand::Count(counts.clone())).expect("keyed");
    dealers[2].obey(&desk.floor().records);
    sync(&mut desk, &dealers);
    let table = dealers[2].session.table().expect("a table");
    assert_eq!(table.seats[&left[1].0].chips, Chips(4_000));
    assert_eq!(table.uncounted, 0);
    let places = desk.floor().places();
    assert_eq!(
        out.iter()
            .map(|p| places.get(p).copied())
            .collect::<Vec<_>>(),
        vec![Some(12), Some(11)],
        "{places:?}"
    );
    assert!(desk.orders().is_empty(), "{:?}", desk.orders());
    verified_with_room(
        pg,
        &db,
        tournament,
        "OK: the room: 120,000 chips issued (12 entries), 120,000 in play",
    );
}
