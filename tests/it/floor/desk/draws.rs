//! The Desk's draws: `floor verify` redoing them and catching a reveal
//! that does not redo, and a late entry drawn by the same process.

use super::*;
use floorcall::tournament::Decide;

use crate::home::Home;

/// `floor verify` redoes a draw and catches one whose reveal does not
/// redo, or whose seed is not the one committed: a floor that wrote its
/// records in good chain order but changed the seats, or the seed.
#[test]
fn verify_catches_a_reveal_that_does_not_redo() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "desk-verify");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let seats = desk.draw_seats(&entrants(7)).expect("draws");
    let verified = floor::verify(&mut pg.admin(&db), &options.tournament).expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    assert_eq!(verified.draws.len(), 1);
    assert!(verified.draws[0].redone);
    assert!(
        verified
            .lines()
            .iter()
            .any(|l| l.starts_with("OK: draw 1 (seats): redone"))
    );

    // The same inputs again, committed, then a reveal with two players'
    // seats swapped.
    let (inputs, seed) = match &records(&desk)[..2] {
        [
            FloorRecord::DrawCommitted {
                seating: Some(i), ..
            },
            FloorRecord::DrawRevealed { seed, .. },
        ] => (i.clone(), seed.clone()),
        other => panic!("{other:?}"),
    };
    let mut swapped = seats.clone();
    let (a, b) = (swapped[0].seat, swapped[1].seat);
    let (ta, tb) = (swapped[0].table.clone(), swapped[1].table.clone());
    swapped[0].seat = b;
    swapped[0].table = tb;
    swapped[1].seat = a;
    swapped[1].table = ta;
    let mut floor_role = floor::connect(
        &options.conninfo,
        Some(&floor::floor_role(&options.tournament)),
    )
    .expect("connects");
    let write = |client: &mut postgres::Client, r: &FloorRecord| {
        floor::append_floor_record(
            client,
            &options.tournament,
            &serde_json::to_string(r).unwrap(),
        )
        .expect("writes");
    };
    write(
        &mut floor_role,
        &FloorRecord::DrawCommitted {
            draw: 2,
            purpose: DrawPurpose::LateEntry,
            commitment: floorcall::tournament::draw::commitment(&seed),
            seating: Some(inputs.clone()),
        },
    );
    write(
        &mut floor_role,
        &FloorRecord::DrawRevealed {
            draw: 2,
            seed: seed.clone(),
            seats: swapped,
        },
    );
    // And a third whose seed is not the one committed.
    write(
        &mut floor_role,
        &FloorRecord::DrawCommitted {
            draw: 3,
            purpose: DrawPurpose::LateEntry,
            commitment: floorcall::tournament::draw::commitment("another seed"),
            seating: Some(inputs),
        },
    );
    write(
        &mut floor_role,
        &FloorRecord::DrawRevealed {
            draw: 3,
            seed,
            seats: seats.clone(),
        },
    );
    let verified = floor::verify(&mut pg.admin(&db), &options.tournament).expect("verifies");
    assert!(!verified.ok());
    let problems: Vec<(u32, String)> = verified
        .draws
        .iter()
        .filter_map(|d| d.problem.clone().map(|p| (d.draw, p)))
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0].0, 2);
    assert!(
        problems[0].1.contains("redone from its seed it seats"),
        "{problems:?}"
    );
    assert_eq!(problems[1].0, 3);
    assert!(problems[1].1.contains("does not hash to the commitment"));
    // Every chain still verifies: only the draws are wrong.
    assert!(verified.chains.iter().all(|c| c.problem.is_none()));

    // The command line says so and exits 1.
    let out = Home::new().output_with(
        &["floor", "verify", "--tournament", &options.tournament],
        |command| {
            command.env(
                "FLOORCALL_FLOOR",
                format!("{} user=postgres", pg.conninfo(&db)),
            );
        },
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAILED: draw 2 (late entry)"), "{text}");
}

/// A late entry is drawn by the same process onto the tables playing,
/// with his starting chips in the reveal (TDA 7), and a player already
/// seated is refused.
#[test]
fn a_late_entry_is_drawn_onto_the_tables_playing() {
    let Some(pg) = pg::shared() else { return };
    let (_db, options) = desk_on(pg, "tda", "desk-late");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    assert!(
        desk.draw_seats(&[("P03".into(), Chips(10_000))]).is_err(),
        "seated already"
    );
    let late = desk
        .draw_seats(&[("Zed".into(), Chips(15_000))])
        .expect("draws");
    assert_eq!(late.len(), 1);
    assert_eq!(late[0].chips, 15_000);
    assert!(
        dealers.iter().any(|d| d.name == late[0].table),
        "onto a table playing"
    );
    assert!(matches!(
        &records(&desk)[2..],
        [
            FloorRecord::DrawCommitted {
                draw: 2,
                purpose: DrawPurpose::LateEntry,
                ..
            },
            FloorRecord::DrawRevealed { draw: 2, .. },
        ]
    ));
    assert_eq!(desk.floor().field, 13);
}

/// A Desk given a seed sequence draws exactly the same again (a run can
/// be replayed), and `floor verify` redoes those draws like any other; a
/// sequence from another base, or the operating system's seeds (the
/// default), draw otherwise.
#[test]
fn a_seed_sequence_draws_the_same_seats_again() {
    let Some(pg) = pg::shared() else { return };
    let draw = |tournament: &str, seeds: Option<u64>| {
        let (db, mut options) = desk_on(pg, "tda", tournament);
        options.seeds = match seeds {
            Some(base) => Arc::new(SeedSequence::new(base)),
            None => DeskOptions::new("", "", options.rules.clone(), structure(), Vec::new()).seeds,
        };
        let mut desk = Desk::open(options.clone()).expect("opens");
        let seats = desk.draw_seats(&entrants(12)).expect("draws");
        let late = desk
            .draw_seats(&[("Zed".into(), Chips(10_000))])
            .expect("draws");
        let verified = floor::verify(&mut pg.admin(&db), tournament).expect("verifies");
        assert!(verified.ok(), "{:?}", verified.lines());
        assert!(verified.draws.iter().all(|d| d.redone));
        let seeds: Vec<String> = records(&desk)
            .iter()
            .filter_map(|r| match r {
                FloorRecord::DrawRevealed { seed, .. } => Some(seed.clone()),
                _ => None,
            })
            .collect();
        (seats, late, seeds)
    };
    let first = draw("desk-seeds-a", Some(5));
    let again = draw("desk-seeds-b", Some(5));
    assert_eq!(first, again, "the same seeds, the same seats");
    assert_ne!(first.2[0], first.2[1], "each draw its own seed");
    let other = draw("desk-seeds-c", Some(6));
    assert_ne!(other.2, first.2);
    let os = draw("desk-seeds-d", None);
    assert_ne!(os.2, first.2, "the default: the operating system's seeds");
    assert_ne!(os.2, draw("desk-seeds-e", None).2);
}
