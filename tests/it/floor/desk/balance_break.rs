//! Three tables under each house's rules: the draw, busts and places,
//! a balance move (made stale once by a hand finished at the origin) by
//! the house's rule, a break by the order fixed in advance, `floor
//! verify`, and a Desk opened again rebuilding the same state.

use super::*;
use floorcall::tournament::Decide;

/// One house's tournament: the draw, two busts, a balance move (made
/// stale once by a hand finished at the origin), a break, verify, and
/// a restart.
fn three_tables(house: &str) {
    let Some(pg) = pg::shared() else { return };
    let tournament = format!("desk-{house}");
    let (db, options) = desk_on(pg, house, &tournament);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (seats, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, house);

    // The draw: twelve players, four a table (TDA 6: "random seat
    // assignment"; TDA 9: tables as even as can be), each seat once, the
    // commitment before the reveal.
    assert_eq!(seats.len(), 12);
    for t in ["T1", "T2", "T3"] {
        assert_eq!(seats.iter().filter(|a| a.table == t).count(), 4, "{t}");
    }
    let mut places: Vec<(&str, u8)> = seats.iter().map(|a| (a.table.as_str(), a.seat)).collect();
    places.sort_unstable();
    places.dedup();
    assert_eq!(places.len(), 12, "every seat once");
    assert!(matches!(
        records(&desk)[..],
        [
            FloorRecord::DrawCommitted {
                draw: 1,
                purpose: DrawPurpose::Seats,
                seating: Some(_),
                ..
            },
            FloorRecord::DrawRevealed { draw: 1, .. },
        ]
    ));
    assert_eq!(desk.floor().players_left(), 12);
    assert_eq!(desk.floor().field, 12);

    // Two players out at T1, in two hands: places 12 and 11, as the field
    // counts down (UPT Tournament 35 places the players out in one hand;
    // here each is alone in his).
    let (first, second) = {
        let d = dealer(&mut dealers, "T1");
        d.play(None);
        (d.hand_busting(), d.hand_busting())
    };
    sync(&mut desk, &dealers);
    let out: Vec<(String, String, u32)> = desk
        .floor()
        .busts
        .iter()
        .map(|b| (b.table.clone(), b.player.clone(), b.place))
        .collect();
    assert_eq!(
        out,
        [
            ("T1".to_string(), first.clone(), 12),
            ("T1".to_string(), second, 11)
        ]
    );
    assert_eq!(desk.floor().places().get(&first), Some(&12));

    // Two, four and four: out of balance (UPT Tournament 17: "within one
    // player"); the move proposed is what the pure floor computes from
    // the tables' own state, not a copy the TD keyed.
    let proposal = desk.propose().expect("proposes").expect("a move");
    assert_eq!(proposal.moves.len(), 1, "{proposal:?}");
    let expected = floor_of(house, &dealers, &desk)
        .propose(proposal.seed.as_deref().unwrap_or(""))
        .expect("the pure floor proposes");
    assert_eq!(proposal.moves, expected.moves, "{house}");
    let mv = proposal.moves[0].clone();
    assert!(!desk.pending_stale());
    assert_eq!(mv.to, "T1", "to the table with the fewest players");
    by_the_book(house, &dealers, &desk, &mv);

    // A hand ends at the origin before the TD confirms: the next big
    // blind moved on, so the proposal is stale and made again.
    dealer(&mut dealers, &mv.from).play(None);
    dealer(&mut dealers, &mv.from).hand(None);
    sync(&mut desk, &dealers);
    assert!(desk.pending_stale());
    let again = match desk.confirm() {
        Err(DeskError::Stale(Some(p))) => p,
        other => panic!("{house}: not stale: {other:?}"),
    };
    assert!(
        records(&desk)
            .iter()
            .any(|r| matches!(r, FloorRecord::ProposalStale { .. }))
    );
    let expected = floor_of(house, &dealers, &desk)
        .propose(again.seed.as_deref().unwrap_or(""))
        .expect("proposes");
    assert_eq!(again.moves, expected.moves, "{house}: proposed again");
    let moves = desk.confirm().expect("confirms");
    assert_eq!(moves, again.moves);
    // An order, not a fact, until the tables' journals show it.
    assert_eq!(desk.orders().len(), 1);
    carry_out(&mut dealers, &moves);
    sync(&mut desk, &dealers);
    assert!(desk.orders().is_empty(), "{:?}", desk.orders());
    let moved = &moves[0];
    assert_eq!(
        dealer(&mut dealers, &moved.to).seat_of(&moved.player),
        Some(moved.to_seat)
    );
    assert!(desk.floor().moved.contains_key(&moved.player));
    assert!(!desk.floor().out_of_balance());
    assert_eq!(desk.floor().players_left(), 10);

    // The break: the next table in the order fixed in advance (UPT
    // Tournament 14: the last opened, T3), once its hand is over; its
    // players drawn to the others' empty seats, two steps (TDA 9).
    for d in dealers.iter_mut() {
        d.play(None);
    }
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().next_to_break(), Some("T3"));
    let leaving = desk.floor().table("T3").unwrap().players().len();
    let at_t2 = desk.floor().table("T2").unwrap().players().len();
    let moves = desk.break_next().expect("breaks");
    // UPT Tournament 18 redraws the ten at two tables; Ugly Tuna's final
    // table seats ten (Seating 2): T2 breaks into T1 as well.
    let (redrawn, last) = match house {
        "upt" => (10, 3),
        "ugly-tuna" => (at_t2, 2),
        _ => (0, 3),
    };
    assert_eq!(moves.len(), leaving + redrawn, "{house}: {moves:?}");
    let from_t3: std::collections::BTreeSet<&str> = (moves.iter())
        .filter(|m| m.from == "T3")
        .map(|m| m.player.as_str())
        .collect();
    assert_eq!(from_t3.len(), leaving);
    assert!(moves.iter().all(|m| m.to != "T3"));
    assert!(
        records(&desk)
            .iter()
            .any(|r| matches!(r, FloorRecord::TableBroken { table } if table == "T3"))
    );
    carry_out(&mut dealers, &moves);
    sync(&mut desk, &dealers);
    assert!(desk.orders().is_empty());
    let counts: Vec<usize> = ["T1", "T2", "T3"]
        .iter()
        .map(|t| desk.floor().table(t).unwrap().players().len())
        .collect();
    if last == 3 {
        assert_eq!(counts, [5, 5, 0], "{house}: even after the break");
        assert_eq!(desk.floor().next_to_break(), Some("T2"));
    } else {
        assert_eq!(counts, [10, 0, 0], "{house}: the final table");
        assert_eq!(desk.floor().next_to_break(), None);
    }

    // Every draw redone from its seed; every chain verifies.
    let verified = floor::verify(&mut pg.admin(&db), &tournament).expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    assert!(verified.draws.iter().filter(|d| d.redone).count() >= 2);

    // A Desk opened again on the same database rebuilds the same state.
    let before = state(&desk);
    drop(desk);
    let mut again = Desk::open(options).expect("opens again");
    sync(&mut again, &dealers);
    assert_eq!(state(&again), before);
}

/// The book's words on who moves and where, for the house.
fn by_the_book(house: &str, dealers: &[Dealer], desk: &Desk, mv: &Move) {
    let f = floor_of(house, dealers, desk);
    let rules = &f.rules;
    let from = f.table(&mv.from).unwrap();
    let (positions, _) = next_positions(from, rules).expect("the next hand");
    match house {
        // TDA 10-A: "the player who will be big blind next is moved to
        // the worst position ... Worst position is never the small blind."
        // UPT Tournament 15: "the player due for the big blind".
        // Nuts 10: the big blind moves, to "the 1st seat which is vacant
        // to the left of the big blind".
        "tda" | "upt" | "nuts" => {
            assert_eq!(
                mv.from_seat,
                positions.big.number(),
                "{house}: the next big blind moves"
            );
            if house == "tda" {
                let mut to = f.table(&mv.to).unwrap().clone();
                to.table.seats.insert(
                    Seat::new(mv.to_seat).unwrap(),
                    from.table.seats[&Seat::new(mv.from_seat).unwrap()].clone(),
                );
                let (p, _) = next_positions(&to, rules).expect("the next hand");
                assert_ne!(p.small.number(), mv.to_seat, "never the small blind");
            }
        }
        // Ugly Tuna Seating 2: "a randomly determined player": the
        // proposal carries the seed of its draw, committed first.
        "ugly-tuna" => {
            let recs = records(desk);
            let commit = recs.iter().position(|r| {
                matches!(
                    r,
                    FloorRecord::DrawCommitted {
                        purpose: DrawPurpose::Balance,
                        ..
                    }
                )
            });
            let reveal = recs
                .iter()
                .rposition(|r| matches!(r, FloorRecord::DrawRevealed { .. }));
            assert!(commit.is_some() && commit < reveal, "{recs:?}");
        }
        // Redtooth 51: "the player who will not lose position": the
        // floor's choice, computed from the table's live button above.
        _ => {}
    }
}

#[test]
fn three_tables_balance_and_break_under_tda() {
    three_tables("tda");
}

#[test]
fn three_tables_balance_and_break_under_upt() {
    three_tables("upt");
}

#[test]
fn three_tables_balance_and_break_under_nuts() {
    three_tables("nuts");
}

#[test]
fn three_tables_balance_and_break_under_redtooth() {
    three_tables("redtooth");
}

#[test]
fn three_tables_balance_and_break_under_ugly_tuna() {
    three_tables("ugly-tuna");
}
