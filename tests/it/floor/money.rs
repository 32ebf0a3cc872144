//! The room's money through the Desk, real table journals and PostgreSQL
//! (`pg`, skipped loudly where it cannot be had), issue 35: the draw's
//! entries bought, a rebuy carried out at the player's seat by its table
//! (`seat N rebuy 5000`, the `F` key's line), a late entry drawn to a
//! seat; every record read back from the database, and `floor verify`
//! passing the money (each purchase against the money in force, the pool)
//! and the room's chips (the rebuy's chips among those issued, sold by
//! the floor).

use floorcall::floor::{self, Desk};
use floorcall::session::TableCommand;
use floorcall::table::{Chips, Seat};
use floorcall::tournament::funding::{Buy, from_structure_toml};
use floorcall::tournament::results::{csv, results};
use floorcall::tournament::{Answer, Decide, FloorCommand};
use floorcall::values::Money;

use crate::floor::desk::{desk_on, seat_twelve, sync, verified_with_room};
use crate::pg;

/// The structure file's money: 110 an entry (10 the house's), rebuys of
/// 5,000 at or below the starting stack, 50/30/20.
const MONEY: &str = r#"
[money]
[money.entry]
cost = 110
fee = 10
chips = 10000
[money.rebuy]
cost = 50
chips = 5000
at-or-below = 10000
[[money.tier]]
up-to = 20
shares = [50, 30, 20]
"#;

#[test]
fn entries_a_rebuy_and_a_late_entry_are_recorded_carried_out_and_verified() {
    let Some(pg) = pg::shared() else {
        return;
    };
    let tournament = "money-tda";
    let (db, mut options) = desk_on(pg, "tda", tournament);
    options.funding = from_structure_toml(MONEY).expect("reads");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    let pool = desk.tournament().pool().expect("money");
    assert_eq!((pool.entries, pool.pool), (12, Money(1_200)));

    // P01 rebuys: not while his table plays the hand it opened with
    // (TDA 26: a rebuy's chips play in the next hand), then between
    // hands; Late enters and is drawn to a seat.
    let rebuy = FloorCommand::Buy {
        player: "P01".into(),
        buy: Buy::Rebuy,
    };
    let during = desk.decide(&rebuy).expect_err("during a hand");
    assert!(
        during
            .to_string()
            .contains("is playing hand 1: a rebuy is bought between hands, its chips in play from the next (tda.txt rule 26:"),
        "{during}"
    );
    for d in dealers.iter_mut() {
        d.play(None);
    }
    sync(&mut desk, &dealers);
    assert_eq!(desk.decide(&rebuy).expect("sold"), Answer::Done);
    let late = FloorCommand::Buy {
        player: "Late".into(),
        buy: Buy::Entry,
    };
    let Answer::Seats(seats) = desk.decide(&late).expect("sold") else {
        panic!("a late entry is drawn to a seat");
    };
    assert_eq!(seats.len(), 1);
    // Each table carries out the floor's orders as its dealer's F does.
    let stack = |desk: &Desk, who: &str| {
        desk.floor()
            .tables
            .iter()
            .flat_map(|t| t.players())
            .find(|(_, name, _)| name == who)
            .map(|(_, _, chips)| chips.get())
    };
    let before = stack(&desk, "P01").expect("P01 plays");
    assert_eq!(stack(&desk, "Late"), None);
    for d in dealers.iter_mut() {
        d.obey(&desk.floor().records);
    }
    sync(&mut desk, &dealers);
    assert_eq!(stack(&desk, "P01"), Some(before + 5_000));
    assert_eq!(stack(&desk, "Late"), Some(10_000));
    // A second rebuy: P01 is now over the stack a rebuy is sold at.
    let refused = desk.decide(&rebuy).expect_err("over the limit");
    assert_eq!(
        refused.to_string(),
        format!(
            "P01 has {}: a rebuy is sold at or below 10,000.",
            floorcall::table::Chips(before + 5_000)
        )
    );

    // Read back from the database: the same pool; verified.
    let reopened = Desk::open(options).expect("opens again");
    let pool = reopened.tournament().pool().expect("money");
    assert_eq!(
        (pool.entries, pool.paid_in, pool.fees, pool.pool),
        (13, Money(1_480), Money(130), Money(1_350))
    );
    // The results: everyone still in, P01 with his rebuy paid in.
    let rows = results(reopened.tournament());
    assert_eq!(rows.len(), 13);
    let p01 = rows.iter().find(|r| r.player == "P01").expect("P01");
    assert_eq!(
        (p01.place, p01.entries, p01.paid_in, p01.won),
        (None, 1, Money(160), Money(0))
    );
    assert!(csv(&rows, None).starts_with("place,name,entries,paid_in,won\r\n,"));
    let verified = floor::verify(&mut pg.admin(&db), tournament).expect("verifies");
    let lines = verified.lines();
    assert!(verified.ok(), "{lines:#?}");
    assert!(
        lines.contains(&"OK: the money: 13 entries and 1 rebuys or add-ons, 1,480 paid in, 130 kept by the house, a pool of 1,350; 0 deal(s) redone".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("OK: the room: 135,000 chips issued (13 entries)")),
        "{lines:#?}"
    );
}

/// UPT Tournament 6 through real journals: a table places a starting
/// stack in an unsold seat, the floor's draw gives the next late entrant
/// that seat, the table seats him on the stack as it is (the `F` key's
/// line), and `floor verify` counts the placed stack's chips once.
#[test]
fn a_late_entrant_takes_the_stack_placed_for_him_and_the_room_verifies() {
    let Some(pg) = pg::shared() else {
        return;
    };
    let tournament = "placed-upt";
    let (db, mut options) = desk_on(pg, "upt", tournament);
    options.funding = from_structure_toml(MONEY).expect("reads");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "upt");
    for d in dealers.iter_mut() {
        d.play(None);
    }
    let t = &mut dealers[1];
    let empty = (1..=10)
        .filter_map(Seat::new)
        .find(|s| !t.session.table().expect("a table").seats.contains_key(s))
        .expect("an empty seat");
    t.line(TableCommand::Place {
        seat: empty,
        chips: Chips(10_000),
    });
    let at = t.name.clone();
    sync(&mut desk, &dealers);
    let late = FloorCommand::Buy {
        player: "Late".into(),
        buy: Buy::Entry,
    };
    let Answer::Seats(seats) = desk.decide(&late).expect("sold") else {
        panic!("a late entry is drawn to a seat");
    };
    assert_eq!(
        seats
            .iter()
            .map(|a| (a.table.clone(), a.seat))
            .collect::<Vec<_>>(),
        vec![(at.clone(), empty.number())],
        "the placed stack's seat"
    );
    for d in dealers.iter_mut() {
        d.obey(&desk.floor().records);
    }
    sync(&mut desk, &dealers);
    let table = dealers[1].session.table().expect("a table");
    let sat = &table.seats[&empty];
    assert_eq!((sat.name.as_str(), sat.placed), ("Late", false));
    verified_with_room(
        pg,
        &db,
        tournament,
        "OK: the room: 130,000 chips issued (13 entries), 130,000 in play",
    );
}
