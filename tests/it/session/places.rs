//! Places and corrections kept by the session: the floor's correction of a
//! stack, tied busts sharing a place, a player seated during a re-deal,
//! places changed only by a journaled event, dead blinds said, placed
//! stacks.

use super::*;

/// A table of `house` journaling to `path`: `names` in seats 1, 2, ...
/// with `stacks`, the button on `button`, blinds 100/200.
fn named_table(path: &Path, house: &str, names: &[&str], stacks: &[u64], button: u8) -> Session {
    let (journal, _) = open(path, &HandClock::default());
    let names = (1..)
        .zip(names)
        .map(|(s, n)| (s, (*n).to_string()))
        .collect();
    let header = HandHeader::new(house, 1, 9, names, table(stacks, button, (100, 200)));
    Session::open_table(
        header,
        HouseRules::load(house).expect("a house"),
        Structure::default(),
        &mut Some(journal),
        0,
    )
    .unwrap_or_else(|e| panic!("opens the table: {e}"))
}

/// The floor's correction (`seat 3 correct 1200`): the stack set, between
/// hands only, journaled as a correction (the ledger's own line, never
/// chips added), and the journal verifies; a player out by mistake
/// (`seat 3 correct 1500 Cy`) returns to his empty seat, his finish
/// undone; a correction to 0, of an empty seat, or returning a player who
/// is not out is refused and changes nothing.
#[test]
fn the_floors_correction_sets_a_stack_and_returns_a_player_out_by_mistake() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = named_table(
        &path,
        "tda",
        &["Ann", "Bob", "Cy"],
        &[10_000, 10_000, 2_000],
        1,
    );
    let refused = |session: &mut Session, line: &str| {
        let command = parse_table_line(line).expect("valid").expect("a line");
        let now = session.now_ms();
        let before = session.table().cloned();
        let e = session
            .table_line(&command, Some(line.into()), now, &mut no_draw)
            .expect_err(line);
        assert_eq!(session.table().cloned(), before, "{line} changed nothing");
        e.to_string()
    };
    // In a hand: refused.
    assert!(refused(&mut session, "seat 2 correct 9000").contains("finish it first"));
    lines(
        &mut session,
        &[
            "s1 call",
            "s2 fold",
            "s3 allin",
            "s1 call",
            "s1 hole AsAd",
            "s3 hole KcKd",
            "flop 2c7h9s",
            "turn Jd",
            "river 3c",
            "s3 show",
            "s1 show",
        ],
    );
    // Ann's stack was miscounted: 400 too many.
    let ann = session.state().seat(Seat::new(1).unwrap()).stack.get();
    lines(&mut session, &[&format!("seat 1 correct {}", ann - 400)]);
    let t = session.table().expect("a table");
    assert_eq!(t.places.len(), 1, "Cy is out");
    assert_eq!(t.seats[&Seat::new(1).unwrap()].chips, Chips(ann - 400));
    assert_eq!(t.ledger.corrected_down, 400);
    assert_eq!(t.ledger.added, 0, "a correction is not chips added");
    assert_eq!(t.chips_expected(), 22_000 - 400);
    assert_eq!(t.chips_seated(), t.chips_expected());
    // Cy went out by mistake: he returns with his 1,500 (taken from Ann).
    lines(
        &mut session,
        &[
            &format!("seat 1 correct {}", ann - 1_900),
            "seat 3 correct 1500 Cy",
        ],
    );
    let t = session.table().expect("a table");
    assert!(t.places.is_empty(), "Cy's finish is undone: {:?}", t.places);
    assert_eq!(t.seats[&Seat::new(3).unwrap()].name, "Cy");
    assert_eq!(t.seats[&Seat::new(3).unwrap()].chips, Chips(1_500));
    assert_eq!(t.chips_seated(), 22_000 - 400);
    assert_eq!(t.chips_seated(), t.chips_expected());
    assert_eq!(t.corrections.len(), 3);
    // Refused: to 0, an empty seat, a player who is not out, a taken seat.
    assert!(
        parse_table_line("seat 2 correct 0")
            .unwrap_err()
            .message
            .contains("more than 0")
    );
    assert!(refused(&mut session, "seat 5 correct 100").contains("Nobody sits in seat 5"));
    assert!(refused(&mut session, "seat 5 correct 100 Zed").contains("Zed is not out"));
    assert!(refused(&mut session, "seat 2 correct 100 Cy").contains("Bob sits there"));
    lines(&mut session, &["hand"]);
    drop(session);
    verify_file(&path, &VerifyOptions::default()).unwrap_or_else(|e| panic!("verifies: {e}"));
    let loaded = floorcall::journal::load(&path).expect("loads");
    let text = floorcall::journal::replay::report(&loaded.hands[0]).join("\n");
    assert!(
        text.contains(&format!(
            "Seat 1's stack is corrected from {} to {} (the floor's correction).",
            Chips(ann),
            Chips(ann - 400)
        )),
        "{text}"
    );
    assert!(
        text.contains("Cy's bust is undone: back in seat 3 with 1,500 (the floor's correction)."),
        "{text}"
    );
}

/// UPT Tournament 35: "Players eliminated on the same deal who start
/// their final hand with an equal amount of chips receive equal prize
/// money": two players out in one hand with equal starting stacks share
/// the better place (`4th=`), in the journal, in `replay` and on the
/// table's places; the next one out is 3rd, and a late entry moves both
/// down together.
#[test]
fn tied_busts_share_their_place() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = named_table(
        &path,
        "upt",
        &["Ann", "Bob", "Dan", "Fay", "Gus"],
        &[10_000, 10_000, 2_000, 2_000, 10_000],
        5,
    );
    // Button 5: seat 1 small blind, seat 2 big blind, seat 3 first.
    lines(
        &mut session,
        &[
            "s3 allin",
            "s4 allin",
            "s5 fold",
            "s1 call",
            "s2 fold",
            "s1 hole AsAd",
            "s3 hole 7c2d",
            "s4 hole 8c3d",
            "flop KhQh4s",
            "turn 9c",
            "river 5d",
            "s3 show",
            "s4 show",
            "s1 show",
        ],
    );
    lines(&mut session, &["seat 7 sit 10000 Zed"]);
    let t = session.table().expect("a table");
    let places: Vec<(&str, u32, bool)> = t
        .places
        .iter()
        .map(|f| (f.name.as_str(), f.place, f.tied))
        .collect();
    // Four still in after the late entry: the tied pair shares 5th, the
    // better hand shown first (Fay's king-queen-nine-eight over Dan's
    // king-queen-nine-seven: UPT Tournament 35's odd chip is hers).
    assert_eq!(places, [("Fay", 5, false), ("Dan", 5, true)]);
    assert_eq!(t.places[1].place_text(&t.places), "5th=");
    lines(&mut session, &["hand"]);
    drop(session);
    verify_file(&path, &VerifyOptions::default()).unwrap_or_else(|e| panic!("verifies: {e}"));
    let loaded = floorcall::journal::load(&path).expect("loads");
    let text = floorcall::journal::replay::report(&loaded.hands[0]).join("\n");
    assert!(
        text.contains(
            "The hand ends. Seat 4 (Fay) is out in 4th= place. Seat 3 (Dan) is out in 4th= place."
        ),
        "{text}"
    );
}

/// TDA 34-C: "the re-deal is an exact re-play: ... no new players are
/// seated": a player who sits down after a hand is misdealt waits through
/// its re-deal, in his seat with his chips, and is dealt the next hand
/// like any new player (TDA 7, 9: once the button lets him).
#[test]
fn a_player_seated_before_a_re_deal_waits_through_it_and_is_dealt_later() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = named_table(
        &path,
        "tda",
        &["Ann", "Bob", "Cy", "Dee"],
        &[10_000, 10_000, 10_000, 10_000],
        1,
    );
    lines(
        &mut session,
        &["floor misdeal", "seat 6 sit 5000 Zed", "hand"],
    );
    let zed = Seat::new(6).unwrap();
    assert!(
        session.header().setup.stacks.iter().all(|(s, _)| *s != zed),
        "not in the re-deal"
    );
    let t = session.table().expect("a table");
    assert_eq!(
        t.seats.get(&zed).map(|p| p.chips),
        Some(Chips(5_000)),
        "he waits in his seat"
    );
    // The re-deal and the hands after it: he is still seated, and dealt
    // in once the button lets him.
    let mut dealt = false;
    for _ in 0..6 {
        let mut guard = 0;
        while session.hand_open() && guard < 20 {
            guard += 1;
            let Some(s) = session.state().to_act else {
                break;
            };
            let line = format!("s{} fold", s.number());
            lines(&mut session, &[&line]);
        }
        lines(&mut session, &["hand"]);
        let t = session.table().expect("a table");
        assert_eq!(
            t.seats.get(&zed).map(|p| p.name.as_str()),
            Some("Zed"),
            "he never vanishes"
        );
        if session.header().setup.stacks.iter().any(|(s, _)| *s == zed) {
            dealt = true;
            break;
        }
    }
    assert!(dealt, "Zed is dealt in within a round");
}

/// The hand that puts Dan (seat 3) out in 5th of five: seat 3 all in,
/// called by seat 1, everyone else folds.
fn dan_out_in_fifth(path: &Path) -> Session {
    let mut session = named_table(
        path,
        "tda",
        &["Ann", "Bob", "Dan", "Fay", "Gus"],
        &[10_000, 10_000, 2_000, 10_000, 10_000],
        5,
    );
    lines(
        &mut session,
        &[
            "s3 allin",
            "s4 fold",
            "s5 fold",
            "s1 call",
            "s2 fold",
            "s1 hole AsAd",
            "s3 hole 7c2d",
            "flop KhQh4s",
            "turn 9c",
            "river 5d",
            "s3 show",
            "s1 show",
        ],
    );
    session
}

/// The places a table shows: (name, place) best first.
fn places_of(session: &Session) -> Vec<(String, u32)> {
    session
        .table_between_hands()
        .expect("a table")
        .places
        .iter()
        .map(|f| (f.name.clone(), f.place))
        .collect()
}

/// One source for a place: a table's places follow the players it has
/// without a gap, and whatever moves one is journaled. Dan, out in 5th,
/// is 4th once Fay leaves with her chips and 5th again when Zed sits
/// down: each said in the journal as the places now ("The places now: 4th
/// Dan."), which `replay` tells and the journal's fold agrees with.
#[test]
fn a_place_changes_only_by_a_journaled_event() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = dan_out_in_fifth(&path);
    assert_eq!(places_of(&session), [("Dan".to_string(), 5)]);
    lines(&mut session, &["seat 4 leave"]);
    assert_eq!(
        places_of(&session),
        [("Dan".to_string(), 4)],
        "four players are left"
    );
    lines(&mut session, &["seat 7 sit 10000 Zed"]);
    assert_eq!(places_of(&session), [("Dan".to_string(), 5)], "five again");
    lines(&mut session, &["hand"]);
    drop(session);
    verify_file(&path, &VerifyOptions::default()).unwrap_or_else(|e| panic!("verifies: {e}"));
    let loaded = floorcall::journal::load(&path).expect("loads");
    let text = floorcall::journal::replay::report(&loaded.hands[0]).join("\n");
    assert!(text.contains("Seat 3 (Dan) is out in 5th place."), "{text}");
    assert!(text.contains("The places now: 4th Dan."), "{text}");
    assert!(text.contains("The places now: 5th Dan."), "{text}");
    let table = floorcall::journal::session::table_of(&loaded);
    let journaled: Vec<(String, u32)> = table
        .places
        .iter()
        .map(|f| (f.name.clone(), f.place))
        .collect();
    assert_eq!(
        journaled,
        [("Dan".to_string(), 5)],
        "the journal's fold agrees"
    );
}

/// An undo and redo of the busting showdown keeps the place: undone, Dan
/// is in again; redone, he is out in 5th as before, on the table and in
/// the journal.
#[test]
fn an_undo_and_redo_of_the_busting_hand_keeps_the_place() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = dan_out_in_fifth(&path);
    // Taken by the table (a clock line between hands), then undone.
    lines(&mut session, &["clock pause"]);
    session.undo().expect("undo");
    assert!(session.hand_open());
    assert_eq!(places_of(&session), []);
    session.redo().expect("redo");
    assert_eq!(places_of(&session), [("Dan".to_string(), 5)]);
    lines(&mut session, &["hand"]);
    assert_eq!(
        session
            .table()
            .expect("a table")
            .places
            .iter()
            .map(|f| (f.name.clone(), f.place))
            .collect::<Vec<_>>(),
        [("Dan".to_string(), 5)]
    );
    drop(session);
    let loaded = floorcall::journal::load(&path).expect("loads");
    let table = floorcall::journal::session::table_of(&loaded);
    assert_eq!(table.places.len(), 1, "{:?}", table.places);
    assert_eq!(table.places[0].place, 5);
}

/// A disqualified player is out of the tournament: he takes the place
/// below everyone still in (TDA 66-D removes his chips), marked as a
/// disqualification, and the players out before him keep theirs.
#[test]
fn a_disqualified_player_gets_a_place() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = dan_out_in_fifth(&path);
    lines(&mut session, &["hand", "floor penalty s4 disqualified"]);
    let mut guard = 0;
    while session.hand_open() && guard < 20 {
        guard += 1;
        let s = session.state().to_act.expect("someone acts");
        lines(&mut session, &[&format!("s{} fold", s.number())]);
    }
    lines(&mut session, &["hand"]);
    let t = session.table().expect("a table");
    let places: Vec<(&str, u32, bool)> = t
        .places
        .iter()
        .map(|f| (f.name.as_str(), f.place, f.disqualified))
        .collect();
    assert_eq!(places, [("Fay", 4, true), ("Dan", 5, false)]);
    assert_eq!(t.places[0].place_text(&t.places), "4th (disqualified)");
}

/// `replay` says a dead small blind and a dead button as such, never as a
/// player's seat: an empty seat 4 (or one whose player waits, not dealt)
/// holds no blind.
#[test]
fn a_hand_begun_says_a_dead_small_blind_and_a_dead_button() {
    let seat = |n| Seat::new(n).expect("a seat");
    let begun = |button, small, big| {
        let setup = table(&[5_000, 5_000, 5_000, 0, 5_000], 1, (100, 200));
        let mut setup = setup;
        setup.stacks.retain(|(s, _)| *s != seat(4));
        TableEvent::HandBegun {
            number: 3,
            setup,
            positions: floorcall::session::Positions {
                button: seat(button),
                small: seat(small),
                big: seat(big),
            },
            stage: None,
            redeal: false,
        }
        .to_string()
    };
    assert_eq!(
        begun(3, 4, 5),
        "Hand 3 begins: the button on seat 3, no small blind (a dead small blind), the big blind on seat 5."
    );
    assert_eq!(
        begun(4, 5, 1),
        "Hand 3 begins: a dead button on seat 4, the blinds on seats 5 and 1."
    );
}

/// Ann and Bob in seats 1 and 2 with 10,000 each, and a stack of 10,000
/// placed in seat 7 for a late entrant (UPT Tournament 6).
fn with_a_placed_stack() -> Table {
    let seat = |n: u8| Seat::new(n).expect("a seat");
    let mut t = Table::new(seat(1), Structure::default(), Vec::new());
    for (s, name) in [(1, "Ann"), (2, "Bob")] {
        t.apply(&TableEvent::PlayerSeated {
            seat: seat(s),
            name: name.into(),
            chips: Chips(10_000),
            rejoins: false,
        });
    }
    t.apply(&TableEvent::StackPlaced {
        seat: seat(7),
        chips: Chips(10_000),
    });
    t
}

/// A stack placed for a late entrant (UPT Tournament 6) is no player: a
/// seat's lines that only a player takes (leave, back, away, sit out, add,
/// a rebuy, a correction, a name, out at a light table, the clock) are
/// refused, naming the two lines that end it; a late entrant takes it, the
/// TD removes it, and a count or the button may name it.
#[test]
fn a_placed_stack_takes_no_players_line() {
    let rules = HouseRules::load("upt").expect("upt");
    let mut t = with_a_placed_stack();
    t.apply(&TableEvent::LightSet { on: true });
    for line in [
        "seat 7 leave",
        "seat 7 back",
        "seat 7 away",
        "seat 7 sitout",
        "seat 7 add 500",
        "seat 7 rebuy 10000",
        "seat 7 correct 9000",
        "seat 7 name Eve",
        "seat 7 out",
        "clock s7",
    ] {
        let command = parse_table_line(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .expect("a command");
        let refused = t
            .decide(&rules, &command, 0, &mut |_| Vec::new())
            .expect_err(line);
        assert_eq!(
            refused.to_string(),
            "Seat 7 holds a stack placed for a late entrant, and no player: a late entrant takes it (seat 7 sit 10000 NAME), or the TD has it removed (seat 7 no-show).",
            "{line}"
        );
    }
    for line in [
        "seat 7 sit 10000 Eve",
        "seat 7 no-show",
        "count s1 10000 s2 10000 s7 10000",
        "button 7",
    ] {
        let command = parse_table_line(line).expect("reads").expect("a command");
        t.decide(&rules, &command, 0, &mut |_| Vec::new())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

/// An unsold placed stack removed (`seat 7 no-show`) is its own event,
/// saying no one is out; a journal of 29 November that wrote it as a
/// no-show reads the same: the seat empty, its chips out, no place.
#[test]
fn an_unsold_stack_removed_says_no_one_is_out_and_reads_as_it_did() {
    let rules = HouseRules::load("upt").expect("upt");
    let seat = |n: u8| Seat::new(n).expect("a seat");
    let mut now = with_a_placed_stack();
    let events = now
        .decide(&rules, &TableCommand::NoShow(seat(7)), 0, &mut |_| {
            Vec::new()
        })
        .expect("removed");
    assert_eq!(
        events,
        [TableEvent::PlacedRemoved {
            seat: seat(7),
            chips: Chips(10_000)
        }]
    );
    assert_eq!(
        events[0].to_string(),
        "The stack placed in seat 7 was never sold: its 10,000 are taken out of play, and no one is out."
    );
    let mut then = with_a_placed_stack();
    now.apply(&events[0]);
    then.apply(&TableEvent::NoShowRemoved {
        seat: seat(7),
        chips: Chips(10_000),
    });
    for t in [&now, &then] {
        assert!(!t.seats.contains_key(&seat(7)));
        assert!(t.places.is_empty(), "{:?}", t.places);
        assert_eq!(t.chips_seated(), t.chips_expected());
        assert_eq!(t.chips_seated(), 20_000);
    }
}

#[test]
fn a_hands_result_undone_where_its_end_was_never_recorded_is_caught_where_the_parts_meet() {
    // A table's journal of 600 hands (2.3 MB: checked in parts). A forger
    // takes out one hand's end (the table's record of it, which a stop
    // between the seal and that record leaves out too) and gives every
    // seat back the chips it had before that hand, from the next hand on,
    // then writes the chain again. One pass caught it: the table takes
    // the hand's end from the hand itself when the next begins. Where a
    // part began at the next hand, the walk that folds the table records
    // for it had no hand to take the end from, and the journal verified.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let mut session = named_table(&path, "tda", &["Ann", "Bob", "Cy"], &[5_000; 3], 1);
    for _ in 0..600 {
        let to_act = session.state().to_act.expect("to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        let raise = format!("s{to_act} raise 600");
        let folds = [
            format!("s{} fold", others[0]),
            format!("s{} fold", others[1]),
        ];
        lines(&mut session, &[&raise, &folds[0], &folds[1], "hand"]);
    }
    drop(session);
    let clean = crate::journal::lines_of(&path);
    let kind = |i: usize, kind: &str| clean[i].starts_with(&format!("{{\"record\":\"{kind}\""));
    let stacks = |i: usize| -> Vec<i64> {
        let at = clean[i].find("\"stacks\":").expect("stacks") + 9;
        let end = at + clean[i][at..].find("]]").expect("a list closes") + 2;
        let pairs: Vec<(i64, i64)> = serde_json::from_str(&clean[i][at..end]).expect("pairs");
        pairs.into_iter().map(|(_, chips)| chips).collect()
    };
    for next in crate::journal::hands_near_the_first_join(&clean, 4) {
        // Before the next hand's header: its begin, and the hand before's
        // end (the record taken out), seal and header.
        assert!(
            clean[next - 2].contains("\"hand-ended\""),
            "{}",
            clean[next - 2]
        );
        let header = (0..next)
            .rev()
            .find(|&i| kind(i, "hand"))
            .expect("the hand before");
        let seal = (0..next)
            .rev()
            .find(|&i| kind(i, "seal"))
            .expect("its seal");
        let (before, after) = (stacks(header), stacks(seal));
        let delta: Vec<i64> = before.iter().zip(&after).map(|(b, a)| b - a).collect();
        assert!(delta.iter().any(|d| *d != 0), "the hand moved chips");
        // The hand's end taken out, or its end and the next one's begin
        // (the table then takes the begin from the header).
        for taken in [1, 2] {
            let mut lines = clean.clone();
            for line in &mut lines[next - 1..] {
                *line = crate::journal::stacks_moved(line, &delta);
            }
            lines.drain(next - 2..next - 2 + taken);
            crate::journal::rechain(&mut lines);
            crate::journal::write_lines(&path, &lines);
            let verified = verify_file(&path, &VerifyOptions::default());
            let text = verified.map_or_else(|e| e.to_string(), |v| format!("{v:?}"));
            assert!(
                text.contains(&format!("line {}: ", next + 1 - taken))
                    && text.contains("chips were changed between the hands"),
                "{taken} taken out before line {next}: {text}"
            );
        }
    }
}
