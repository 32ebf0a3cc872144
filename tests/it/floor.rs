//! The floor without a database: a draw redone from its revealed seed,
//! players kept apart whatever the seed, chips conserved by moves and
//! breaks, and every record the floor makes read back from its JSON.

use floorcall::rules::HouseRules;
use floorcall::session::{Structure, Table, TableEvent};
use floorcall::table::{Chips, Seat};
use floorcall::tournament::draw::{Draw, commitment};
use floorcall::tournament::{DrawPurpose, Floor, FloorRecord, FloorTable};

/// Tables of nine with blinds 100/200, the players given per table.
fn floor(house: &str, players: &[usize]) -> Floor {
    let rules = HouseRules::load(house).expect("a built-in house");
    let tables = players
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let name = format!("T{}", i + 1);
            let mut table = Table::new(Seat::new(1).unwrap(), Structure::default(), Vec::new());
            for s in 1..=*n as u8 {
                table.apply(&TableEvent::PlayerSeated {
                    seat: Seat::new(s).unwrap(),
                    name: format!("{name}s{s}"),
                    chips: Chips(10_000),
                    rejoins: false,
                });
            }
            table.apply(&TableEvent::LevelSet {
                blinds: floorcall::session::Blinds {
                    small: Chips(100),
                    big: Chips(200),
                    ante: Chips(0),
                    ante_mode: Default::default(),
                },
                stage: None,
                at_ms: 0,
            });
            FloorTable {
                name,
                seats: 9,
                table,
            }
        })
        .collect();
    Floor::new(rules, tables, Vec::new())
}

fn entrants(n: usize) -> Vec<(String, Chips)> {
    (0..n)
        .map(|i| (format!("P{i:02}"), Chips(20_000)))
        .collect()
}

fn chips_in_play(f: &Floor) -> u64 {
    f.tables
        .iter()
        .flat_map(|t| t.players())
        .map(|p| p.2.get())
        .sum()
}

#[test]
fn a_seat_draw_is_redone_from_its_revealed_seed() {
    let mut f = floor("tda", &[0, 0, 0]);
    let players = entrants(20);
    let seats = f
        .seat(&players, "opening-day", DrawPurpose::Seats)
        .expect("20 players fit 27 seats");
    let (committed, revealed) = match &f.records[..] {
        [
            FloorRecord::DrawCommitted { commitment, .. },
            FloorRecord::DrawRevealed { seed, seats, .. },
        ] => (commitment.clone(), (seed.clone(), seats.clone())),
        other => panic!("a commitment, then the reveal: {other:?}"),
    };
    assert_eq!(committed, commitment(&revealed.0));
    assert_eq!(revealed.1, seats);
    // Anyone redoes it from the seed on the tables as they were.
    let fresh = floor("tda", &[0, 0, 0]);
    let names: Vec<String> = fresh.tables.iter().map(|t| t.name.clone()).collect();
    assert_eq!(
        fresh.seat_plan(&players, &revealed.0, &names).unwrap(),
        seats
    );
    // Another seed, another draw; the tables even either way.
    assert_ne!(fresh.seat_plan(&players, "other", &names).unwrap(), seats);
    let counts: Vec<usize> = f.tables.iter().map(|t| t.players().len()).collect();
    assert_eq!(counts.iter().sum::<usize>(), 20);
    assert!(
        counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1,
        "{counts:?}"
    );
}

#[test]
fn the_draw_is_chacha20_keyed_from_the_seed_not_its_commitment() {
    // The same seed always gives the same numbers; the commitment is not
    // the key (knowing it before the reveal does not give the draw).
    let a: Vec<usize> = {
        let mut d = Draw::new("s");
        (0..8).map(|_| d.below(1000)).collect()
    };
    let b: Vec<usize> = {
        let mut d = Draw::new("s");
        (0..8).map(|_| d.below(1000)).collect()
    };
    let c: Vec<usize> = {
        let mut d = Draw::new(&commitment("s"));
        (0..8).map(|_| d.below(1000)).collect()
    };
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn players_kept_apart_are_never_drawn_to_one_table_whatever_the_seed() {
    for seed in 0..40 {
        let mut f = floor("ugly-tuna", &[0, 0]);
        f.keep_apart = vec![vec!["P00".into(), "P01".into(), "P02".into()]];
        let seed = format!("seed-{seed}");
        // Three kept apart on two tables cannot all be apart...
        assert!(f.seat(&entrants(10), &seed, DrawPurpose::Seats).is_err());
        // ... two can, always.
        let mut f = floor("ugly-tuna", &[0, 0]);
        f.keep_apart = vec![vec!["P00".into(), "P01".into()]];
        let seats = f.seat(&entrants(10), &seed, DrawPurpose::Seats).unwrap();
        let table_of = |p: &str| seats.iter().find(|a| a.player == p).unwrap().table.clone();
        assert_ne!(table_of("P00"), table_of("P01"), "{seed}");
    }
}

#[test]
fn moves_and_breaks_keep_every_chip_and_record_a_leave_and_a_sit() {
    for house in ["tda", "upt", "nuts", "redtooth", "ugly-tuna"] {
        let mut f = floor(house, &[9, 6, 3]);
        let before = chips_in_play(&f);
        let proposal = f.balance("b").unwrap();
        assert!(!proposal.moves.is_empty(), "{house}");
        assert!(f.confirm().unwrap(), "{house}");
        assert_eq!(chips_in_play(&f), before, "{house}");
        let moves = f.break_table(None, "break").unwrap();
        assert_eq!(chips_in_play(&f), before, "{house}");
        assert_eq!(f.live_tables().len(), 2, "{house}");
        // UPT redraws every seat at two tables (Tournament 18): the break's
        // seats are drawn again.
        let redrawn = house == "upt";
        for mv in moves.iter().filter(|_| !redrawn) {
            let to = f.table(&mv.to).unwrap();
            let seat = Seat::new(mv.to_seat).unwrap();
            assert_eq!(
                to.table.seats[&seat].chips.get(),
                mv.chips,
                "{house} {mv:?}"
            );
            assert_eq!(to.table.seats[&seat].name, mv.player, "{house}");
        }
        // The tables' ledgers agree: what left one table sat at another.
        let left: u64 = f.tables.iter().map(|t| t.table.ledger.left).sum();
        assert!(left > 0, "{house}");
    }
}

#[test]
fn every_floor_record_reads_back_from_its_json() {
    let mut f = floor("upt", &[9, 6, 3, 0]);
    f.seat(&entrants(2), "late", DrawPurpose::LateEntry)
        .unwrap();
    f.balance("b").unwrap();
    f.confirm().unwrap();
    f.break_table(Some("T3"), "brk").unwrap();
    f.set_hand_for_hand(true).unwrap();
    f.draw_button("T1", "btn").unwrap();
    assert!(f.records.len() >= 8, "{:?}", f.records);
    for record in &f.records {
        let json = serde_json::to_string(record).unwrap();
        let back: FloorRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, record, "{json}");
    }
}

#[test]
fn a_bust_undone_is_a_correcting_record_not_an_edit() {
    use floorcall::session::Finish;
    let mut f = floor("tda", &[3, 3]);
    let s1 = Seat::new(1).unwrap();
    let ended = TableEvent::HandEnded {
        stacks: vec![(s1, Chips(0)), (Seat::new(2).unwrap(), Chips(20_000))],
        busted: vec![Finish {
            place: 3,
            seat: s1,
            name: "T1s1".into(),
            hand: 0,
            tied: false,
            disqualified: false,
        }],
        misdeal: false,
    };
    f.table_event("T1", &ended).unwrap();
    assert_eq!(f.places().get("T1s1"), Some(&6));
    assert_eq!(f.players_left(), 5);
    let out = f.records.len();
    f.table_event("T1", &TableEvent::HandReopened { hand: 0 })
        .unwrap();
    assert_eq!(f.places().get("T1s1"), None);
    assert_eq!(f.players_left(), 6);
    // The first record stands; a new one corrects it.
    assert!(matches!(&f.records[out - 1], FloorRecord::PlayerOut { bust } if bust.place == 6));
    assert_eq!(
        f.records.last(),
        Some(&FloorRecord::PlacesCorrected {
            places: vec![("T1s1".into(), 0)]
        })
    );
}

/// A player a table disqualifies (TDA 66-D: his chips removed from play)
/// is out of the tournament: the floor places him below everyone still
/// in, alone and marked, never with the busts of the hand before.
#[test]
fn a_disqualified_player_is_placed_by_the_floor() {
    let mut f = floor("tda", &[3, 3]);
    let s2 = Seat::new(2).unwrap();
    let name = f.table("T1").unwrap().table.seats[&s2].name.clone();
    let chips = f.table("T1").unwrap().table.seats[&s2].chips;
    f.table_event("T1", &TableEvent::PlayerDisqualified { seat: s2, chips })
        .unwrap();
    assert_eq!(f.players_left(), 5);
    assert_eq!(f.places().get(&name), Some(&6));
    assert!(
        matches!(f.records.last(), Some(FloorRecord::PlayerOut { bust }) if bust.disqualified && bust.player == name),
        "{:?}",
        f.records.last()
    );
}
