//! The orders of one table, from the books' words.

use std::collections::BTreeMap;

use super::*;
use crate::rules::HouseRules;
use crate::session::{Blinds, Finish, Structure, TableEvent};
use crate::tournament::{Assignment, Bust, Move};

fn seat(n: u8) -> Seat {
    Seat::new(n).expect("a seat")
}

/// A table of `players` (seat, name), 20,000 each, blinds 100/200.
fn table(players: &[(u8, &str)]) -> Table {
    let mut t = Table::new(seat(1), Structure::default(), Vec::new());
    for (s, name) in players {
        t.apply(&TableEvent::PlayerSeated {
            seat: seat(*s),
            name: (*name).to_string(),
            chips: Chips(20_000),
            rejoins: false,
        });
    }
    t.apply(&TableEvent::LevelSet {
        blinds: Blinds {
            small: Chips(100),
            big: Chips(200),
            ante: Chips::ZERO,
            ante_mode: Default::default(),
        },
        stage: None,
        at_ms: 0,
    });
    t
}

/// Carries a line out at the table (decided, then folded).
fn carry(t: &mut Table, command: &TableCommand) {
    let events = t
        .decide(&HouseRules::tda(), command, 0, &mut |_| Vec::new())
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    for e in &events {
        t.apply(e);
    }
}

/// Plays a hand at the table: begun, and ended with every stack as it was.
fn play_hand(t: &mut Table) {
    carry(t, &TableCommand::NextHand);
    let stacks = t.seats.iter().map(|(s, p)| (*s, p.chips)).collect();
    t.apply(&TableEvent::HandEnded {
        stacks,
        busted: Vec::new(),
        misdeal: false,
    });
}

fn mv(player: &str, from: &str, from_seat: u8, to: &str, to_seat: u8) -> FloorRecord {
    FloorRecord::MoveConfirmed {
        mv: Move {
            player: player.into(),
            from: from.into(),
            from_seat,
            to: to.into(),
            to_seat,
            chips: 24_000,
            dealt_next: true,
        },
    }
}

/// The floor tells the chips `player`'s leave journaled at `from`.
fn left(player: &str, from: &str, seat: u8, chips: u64) -> FloorRecord {
    FloorRecord::MoveLeft {
        player: player.into(),
        table: from.into(),
        seat,
        chips,
        hand: 1,
    }
}

/// Ann out at `table` in its hand 4, ninth.
fn ann_out_at(table: &str) -> FloorRecord {
    FloorRecord::PlayerOut {
        bust: Bust {
            player: "Ann".into(),
            table: table.into(),
            seat: 7,
            hand: 4,
            round: None,
            starting_stack: 24_000,
            place: 9,
            disqualified: false,
            shown: None,
        },
    }
}

fn draw(n: u32, purpose: DrawPurpose, seats: &[(&str, &str, u8)]) -> Vec<FloorRecord> {
    vec![
        FloorRecord::DrawCommitted {
            draw: n,
            purpose,
            commitment: "c".into(),
            seating: None,
        },
        FloorRecord::DrawRevealed {
            draw: n,
            seed: "s".into(),
            seats: seats
                .iter()
                .map(|(p, t, s)| Assignment {
                    player: (*p).into(),
                    table: (*t).into(),
                    seat: *s,
                    chips: 20_000,
                })
                .collect(),
        },
    ]
}

fn pending(o: &TableOrders) -> Vec<String> {
    o.pending().map(Order::text).collect()
}

#[test]
fn tda_10_a_balancing_move_is_a_leave_at_the_origin_and_a_sit_at_the_destination() {
    // TDA 10-A: "the player who will be big blind next is moved to the
    // worst position": the floor chose him; each table carries out its half.
    // The order's figure (24,000, from the proposal) is not what she
    // takes: the leave takes the 20,000 she has at T1 now, and T2 seats
    // her with what the floor read of the leave.
    let mut records = vec![mv("Ann", "T1", 4, "T2", 7)];
    let mut t1 = table(&[(1, "Bo"), (4, "Ann"), (6, "Cy")]);
    let mut t2 = table(&[(2, "Di"), (3, "Ed")]);
    let from = TableOrders::of("T1", &t1, &records);
    assert_eq!(pending(&from), ["Ann (seat 4) -> T2 seat 7 with 20,000"]);
    assert_eq!(
        from.banner(),
        ["Floor: Ann (seat 4) -> T2 seat 7 with 20,000"]
    );
    let leave = from.next(&t1).expect("the leave").clone();
    assert_eq!(leave.line().as_deref(), Some("seat 4 leave"));
    let to = TableOrders::of("T2", &t2, &records);
    assert_eq!(
        pending(&to),
        ["Ann comes from T1 to seat 7, with the chips T1 journals at the leave"]
    );
    assert!(to.next(&t2).is_none(), "the sit waits for the leave");
    carry(&mut t1, &leave.command().expect("a command"));
    assert_eq!(t1.departures.last().map(|d| d.chips), Some(Chips(20_000)));
    records.push(left("Ann", "T1", 4, 20_000));
    let to = TableOrders::of("T2", &t2, &records);
    assert_eq!(pending(&to), ["Ann arrives from T1: seat 7, 20,000"]);
    let sit = to.next(&t2).expect("the sit");
    assert_eq!(sit.line().as_deref(), Some("seat 7 sit 20000 Ann"));
    // Carried out, each is done, judged from the table alone: computing
    // again gives nothing more to do.
    carry(&mut t2, &sit.command().expect("a command"));
    assert!(TableOrders::of("T1", &t1, &records).next(&t1).is_none());
    assert!(TableOrders::of("T2", &t2, &records).next(&t2).is_none());
    assert!(TableOrders::of("T2", &t2, &records).orders[0].done);
    // A third table has nothing to do.
    assert!(TableOrders::of("T3", &t1, &records).orders.is_empty());
}

#[test]
fn tda_9_a_broken_table_says_so_and_every_player_leaves() {
    // TDA 9: "Players from a broken table will be assigned new tables and
    // seats by a 2-step random process."
    let mut records = draw(
        3,
        DrawPurpose::Break { table: "T3".into() },
        &[("Ann", "T1", 2), ("Bob", "T2", 5)],
    );
    records.insert(1, mv("Ann", "T3", 1, "T1", 2));
    records.insert(2, mv("Bob", "T3", 6, "T2", 5));
    records.push(FloorRecord::TableBroken { table: "T3".into() });
    let mut t3 = table(&[(1, "Ann"), (6, "Bob")]);
    let o = TableOrders::of("T3", &t3, &records);
    assert!(o.broken);
    assert_eq!(
        o.banner(),
        [
            "T3 is broken: every player moves",
            "Floor: Ann (seat 1) -> T1 seat 2 with 20,000",
            "Floor: Bob (seat 6) -> T2 seat 5 with 20,000",
        ]
    );
    // The draw's seats are not sits of their own: the moves are the orders.
    let t1 = table(&[(1, "Cy")]);
    records.push(left("Ann", "T3", 1, 20_000));
    assert_eq!(
        pending(&TableOrders::of("T1", &t1, &records)),
        ["Ann arrives from T3: seat 2, 20,000"]
    );
    while let Some(order) = TableOrders::of("T3", &t3, &records).next(&t3).cloned() {
        carry(&mut t3, &order.command().expect("a command"));
    }
    assert_eq!(
        TableOrders::of("T3", &t3, &records).banner(),
        ["T3 is broken: every player has moved"]
    );
}

#[test]
fn tda_9_and_upt_16_a_player_moved_in_is_dealt_in_except_between_the_small_blind_and_the_button() {
    // TDA 9: "dealt in except between the small blind and button"; UPT
    // Tournament 16: "dealt in immediately unless they are in the small
    // blind or button position". The table's own deal decides it once the
    // sit is journaled: next hand the button is on seat 3 and the small
    // blind on seat 5, so seat 4 waits and seat 9 is dealt in.
    let mut t = table(&[(1, "A"), (3, "B"), (5, "C"), (7, "D")]);
    play_hand(&mut t);
    let records = vec![
        mv("Ann", "T3", 1, "T1", 4),
        mv("Bob", "T3", 4, "T1", 9),
        left("Ann", "T3", 1, 24_000),
        left("Bob", "T3", 4, 24_000),
    ];
    for _ in 0..2 {
        let o = TableOrders::of("T1", &t, &records);
        let order = o.next(&t).expect("a sit").clone();
        carry(&mut t, &order.command().expect("a command"));
    }
    let (setup, positions) = t.next_setup(&HouseRules::tda(), 0).expect("a deal");
    assert_eq!(
        (positions.button.number(), positions.small.number()),
        (3, 5)
    );
    let dealt: Vec<u8> = setup.stacks.iter().map(|(s, _)| s.number()).collect();
    assert_eq!(
        dealt,
        [1, 3, 5, 7, 9],
        "seat 4 waits for the button to pass"
    );
}

#[test]
fn tda_7_late_entries_are_seated_by_their_draw_and_the_first_draw_too() {
    // TDA 7: "randomly seated at any position"; TDA 6: seats assigned at random.
    let mut records = draw(1, DrawPurpose::Seats, &[("Ann", "T1", 3), ("Bob", "T2", 1)]);
    records.extend(draw(2, DrawPurpose::LateEntry, &[("Cy", "T1", 8)]));
    let t = table(&[]);
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        pending(&o),
        ["Ann (drawn): seat 3, 20,000", "Cy (drawn): seat 8, 20,000"]
    );
    assert_eq!(
        o.next(&t).and_then(Order::line).as_deref(),
        Some("seat 3 sit 20000 Ann")
    );
}

#[test]
fn tda_11_the_final_table_seats_ten() {
    // TDA 11: "Final tables will have a full table for the event, plus
    // one": the tenth seat is an order like any other.
    let records = vec![mv("Ann", "T2", 3, "T1", 10), left("Ann", "T2", 3, 24_000)];
    let mut t = table(&[(1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E")]);
    let o = TableOrders::of("T1", &t, &records);
    let order = o.next(&t).expect("the sit").clone();
    assert_eq!(order.line().as_deref(), Some("seat 10 sit 24000 Ann"));
    carry(&mut t, &order.command().expect("a command"));
    assert!(
        TableOrders::of("T1", &t, &records)
            .pending()
            .next()
            .is_none()
    );
}

#[test]
fn only_a_players_last_record_here_counts() {
    // Drawn to T1, then moved on to T2 before T1 journaled the sit: T1
    // has nothing to do for him.
    let mut records = draw(1, DrawPurpose::Seats, &[("Ann", "T1", 3)]);
    records.push(mv("Ann", "T1", 3, "T2", 7));
    let t1 = table(&[(1, "Bo")]);
    let o = TableOrders::of("T1", &t1, &records);
    assert_eq!(o.orders.len(), 1);
    assert!(o.pending().next().is_none(), "{:?}", o.orders);
}

#[test]
fn a_player_who_sat_and_went_out_here_is_not_seated_again() {
    let records = vec![mv("Ann", "T2", 3, "T1", 7)];
    let mut t = table(&[(1, "Bo"), (7, "Ann")]);
    assert!(
        TableOrders::of("T1", &t, &records)
            .pending()
            .next()
            .is_none()
    );
    // She busts: the seat is empty, her finish is in the table's places.
    t.apply(&TableEvent::HandEnded {
        stacks: vec![(seat(1), Chips(44_000)), (seat(7), Chips::ZERO)],
        busted: vec![Finish {
            place: 9,
            seat: seat(7),
            name: "Ann".into(),
            hand: 4,
            tied: false,
            disqualified: false,
            shown: None,
        }],
        misdeal: false,
    });
    assert!(
        TableOrders::of("T1", &t, &records)
            .pending()
            .next()
            .is_none()
    );
    // The floor's record of it says the same; a re-entry drawn here after
    // it is a new order.
    let mut records = records;
    records.push(ann_out_at("T1"));
    assert!(
        TableOrders::of("T1", &t, &records)
            .pending()
            .next()
            .is_none()
    );
    records.extend(draw(5, DrawPurpose::LateEntry, &[("Ann", "T1", 7)]));
    assert_eq!(
        pending(&TableOrders::of("T1", &t, &records)),
        ["Ann (drawn): seat 7, 20,000"]
    );
}

#[test]
fn upt_18_a_redraw_at_one_table_moves_seats_and_a_sit_waits_for_its_seat() {
    // UPT Tournament 18: "there is a redraw for seating when the field is
    // reduced to three tables, two tables, and one table". Ann goes from
    // seat 1 to seat 4, Bob from 4 to 1, Cy keeps seat 6 (nothing to do).
    let mut records = draw(
        7,
        DrawPurpose::Redraw,
        &[("Ann", "T1", 4), ("Bob", "T1", 1), ("Cy", "T1", 6)],
    );
    records.insert(1, mv("Ann", "T1", 1, "T1", 4));
    records.insert(2, mv("Bob", "T1", 4, "T1", 1));
    records.insert(3, mv("Cy", "T1", 6, "T1", 6));
    let mut t = table(&[(1, "Ann"), (4, "Bob"), (6, "Cy")]);
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        pending(&o),
        [
            "Ann (seat 1) -> T1 seat 4 with 20,000",
            "Bob (seat 4) -> T1 seat 1 with 20,000",
            "Ann comes from T1 to seat 4, with the chips T1 journals at the leave",
            "Bob comes from T1 to seat 1, with the chips T1 journals at the leave",
        ]
    );
    let mut lines = Vec::new();
    // The leaves, then (the floor having read them) the sits.
    for _ in 0..2 {
        while let Some(order) = TableOrders::of("T1", &t, &records).next(&t).cloned() {
            lines.extend(order.line());
            carry(&mut t, &order.command().expect("a command"));
        }
        records.push(left("Ann", "T1", 1, 20_000));
        records.push(left("Bob", "T1", 4, 20_000));
    }
    assert_eq!(
        lines,
        [
            "seat 1 leave",
            "seat 4 leave",
            "seat 4 sit 20000 Ann",
            "seat 1 sit 20000 Bob"
        ]
    );
    assert_eq!(t.seats[&seat(4)].name, "Ann");
    assert_eq!(t.seats[&seat(6)].name, "Cy");
}

#[test]
fn redtooth_53_each_table_waits_until_all_other_tables_finish() {
    // Redtooth 53: "each table will wait until all other tables finish
    // their hands before starting another."
    let t = table(&[(1, "A"), (2, "B")]);
    let mut records = vec![FloorRecord::HandForHandSet { on: true }];
    let o = TableOrders::of("T1", &t, &records);
    assert!(o.hand_for_hand_on());
    assert!(o.may_begin(40).is_err(), "no round yet");
    // The table keys the switch first, and nothing once it follows.
    assert_eq!(o.line_due(&t), Some(TableCommand::HandForHand(true)));
    let mut on = t.clone();
    on.hand_for_hand = true;
    assert_eq!(o.line_due(&on), None);
    records.push(FloorRecord::HandForHandRound {
        round: 12,
        deal: BTreeMap::from([("T1".into(), 40), ("T3".into(), 17), ("T7".into(), 22)]),
        waiting: vec!["T1".into(), "T3".into(), "T7".into()],
    });
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(o.may_begin(40), Ok(()));
    records.push(FloorRecord::HandForHandRound {
        round: 12,
        deal: BTreeMap::from([("T1".into(), 40), ("T3".into(), 17), ("T7".into(), 22)]),
        waiting: vec!["T3".into(), "T7".into()],
    });
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        o.may_begin(41),
        Err("hand-for-hand: hand 12, waiting for T3, T7".to_string())
    );
    assert_eq!(o.banner(), ["hand-for-hand: hand 12, waiting for T3, T7"]);
    // Redtooth 54: instituted when the TD sees fit, and ended by him.
    records.push(FloorRecord::HandForHandSet { on: false });
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(o.may_begin(41), Ok(()));
    assert!(o.banner().is_empty());
}

#[test]
fn tda_22_the_floors_last_clock_is_the_one_followed() {
    // TDA 22: "The new level applies to the next hand": the table follows
    // the floor's one clock; the table reads it when a hand begins.
    let t = table(&[(1, "A")]);
    let mut first = LevelClock::new(vec![600_000, 600_000]);
    first.start(1_000);
    let mut second = first.clone();
    second.pause(30_000);
    let records = vec![
        FloorRecord::ClockSet { clock: first },
        mv("X", "T9", 1, "T8", 1),
        FloorRecord::ClockSet {
            clock: second.clone(),
        },
    ];
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        o.clock,
        Some(FloorClock {
            record: 2,
            clock: second
        })
    );
    assert_eq!(o.records, 3);
}

#[test]
fn a_player_out_at_the_table_he_was_to_leave_is_never_seated_at_the_other() {
    // The TD confirmed Ann's move from T1 while T1 was in a hand, and she
    // went out in it: T1's leave is done by her going, and T2 must not seat
    // her with the chips she had (chips from nowhere).
    let mut records = vec![mv("Ann", "T1", 7, "T2", 3)];
    let t2 = table(&[(1, "Bob"), (5, "Cy")]);
    assert_eq!(
        pending(&TableOrders::of("T2", &t2, &records)),
        ["Ann comes from T1 to seat 3, with the chips T1 journals at the leave"]
    );
    records.push(ann_out_at("T1"));
    let orders = TableOrders::of("T2", &t2, &records);
    assert!(orders.pending().next().is_none(), "{orders:?}");
    assert!(orders.next(&t2).is_none());
}

fn button_drawn(table: &str, button: u8, hand: Option<u32>) -> FloorRecord {
    let card = |c: &str| c.parse::<Card>().expect("a card");
    FloorRecord::ButtonDrawn {
        table: table.into(),
        cards: vec![
            (1, card("Kc")),
            (3, card("As")),
            (5, card("7d")),
            (7, card("Ks")),
        ],
        button,
        hand,
    }
}

#[test]
fn ugly_tuna_seating_6_the_button_drawn_waits_for_the_moves_then_is_done_by_its_line() {
    // Ugly Tuna Seating 6: "Once the final table has been reached all
    // players will draw a card the dealer button."
    let mut t = table(&[(1, "Bo"), (3, "Cy"), (5, "Di")]);
    for _ in 0..3 {
        play_hand(&mut t);
    }
    let records = vec![
        mv("Ed", "T2", 2, "T1", 7),
        left("Ed", "T2", 2, 24_000),
        button_drawn("T1", 3, Some(3)),
    ];
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        pending(&o),
        [
            "Ed arrives from T2: seat 7, 24,000",
            "Button to seat 3 (Cy): the highest card, s1 Kc s3 As s5 7d s7 Ks"
        ]
    );
    assert_eq!(o.banner().len(), 2);
    assert!(o.button_due().is_some());
    // The button waits for the player drawn for it to be seated.
    let sit = o.next(&t).expect("the sit first").clone();
    assert!(matches!(sit.kind, OrderKind::Sit { .. }));
    carry(&mut t, &sit.command().expect("a command"));
    let o = TableOrders::of("T1", &t, &records);
    let button = o.next(&t).expect("then the button").clone();
    assert_eq!(button.line().as_deref(), Some("button 3"));
    carry(&mut t, &button.command().expect("a command"));
    // Done, judged from the table alone, however often it is computed.
    for _ in 0..2 {
        let o = TableOrders::of("T1", &t, &records);
        assert!(o.pending().next().is_none(), "{:?}", pending(&o));
        assert!(o.button_due().is_none());
    }
    // The next hand is dealt from the seat drawn as a first hand: every
    // player dealt in (Ed too), the blinds the two seats after it.
    carry(&mut t, &TableCommand::NextHand);
    let p = t.positions.expect("positions");
    assert_eq!((p.button, p.small, p.big), (seat(3), seat(5), seat(7)));
    assert!(TableOrders::of("T1", &t, &records).button_due().is_none());
}

#[test]
fn a_button_set_before_the_draw_does_not_do_it_and_only_the_last_draw_counts() {
    let mut t = table(&[(1, "Bo"), (3, "Cy"), (5, "Di")]);
    carry(&mut t, &TableCommand::SetButton(seat(3)));
    play_hand(&mut t);
    play_hand(&mut t);
    // Drawn at hand 2: the button set before hand 1 is not this draw's.
    let records = vec![button_drawn("T1", 3, Some(2))];
    assert_eq!(
        TableOrders::of("T1", &t, &records).pending().count(),
        1,
        "a button set before the draw"
    );
    // Another table's draw is not this table's order; a later draw
    // replaces an earlier one.
    let records = vec![
        button_drawn("T1", 3, Some(2)),
        button_drawn("T2", 1, Some(0)),
        button_drawn("T1", 5, Some(2)),
    ];
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(
        o.pending().map(|o| o.seat).collect::<Vec<_>>(),
        [5],
        "{:?}",
        pending(&o)
    );
    // Between hands only, and on a player's seat.
    let mut no_cards = |_: usize| Vec::new();
    assert!(matches!(
        t.decide(
            &HouseRules::tda(),
            &TableCommand::SetButton(seat(2)),
            0,
            &mut no_cards
        ),
        Err(crate::session::TableRefusal::SeatEmpty(2))
    ));
    carry(&mut t, &TableCommand::NextHand);
    assert!(matches!(
        t.decide(
            &HouseRules::tda(),
            &TableCommand::SetButton(seat(5)),
            0,
            &mut no_cards
        ),
        Err(crate::session::TableRefusal::HandInPlay(_))
    ));
}

#[test]
fn tda_22_the_floors_last_structure_is_due_where_the_tables_is_another() {
    let s = |levels: &str| Structure::from_flag(levels, 20).expect("a structure");
    let t = table(&[(1, "Bo"), (3, "Cy")]);
    let records = vec![
        FloorRecord::StructureSet {
            structure: s("100/200,200/400"),
        },
        FloorRecord::StructureSet {
            structure: s("100/200,300/600:50"),
        },
    ];
    let o = TableOrders::of("T1", &t, &records);
    assert_eq!(o.structure_due(&t), Some(&s("100/200,300/600:50")));
    // Followed: nothing is due, however often it is computed.
    let mut t = t;
    carry(&mut t, &TableCommand::SetStructure(s("100/200,300/600:50")));
    assert_eq!(TableOrders::of("T1", &t, &records).structure_due(&t), None);
    assert_eq!(TableOrders::of("T1", &t, &[]).structure_due(&t), None);
}

/// The TD's corrections: a stack set (done once the table journals it,
/// the same correction twice done twice), and a player out by mistake
/// back in his seat (waiting while the seat is taken).
#[test]
fn a_correction_is_an_order_done_when_the_table_journals_it() {
    let mut t = table(&[(1, "Ann"), (2, "Bob")]);
    let fix = |player: &str, seat: u8, (was, chips): (u64, u64), returns: Option<u32>| {
        FloorRecord::StackCorrected {
            player: player.into(),
            table: "T1".into(),
            seat,
            chips,
            was: Some(was),
            returns,
        }
    };
    let ann_fixed = TableCommand::Correct {
        seat: seat(1),
        chips: Chips(19_600),
        returns: None,
    };
    let mut records = vec![fix("Ann", 1, (20_000, 19_600), None)];
    // A hand her table plays before it carries the correction out (she
    // wins 1,000) keeps its result: 400 less than she has then.
    let mut won = t.clone();
    won.apply(&TableEvent::ChipsAdded {
        bought: None,
        seat: seat(1),
        chips: Chips(1_000),
    });
    let later = TableOrders::of("T1", &won, &records);
    assert_eq!(
        later.next(&won).and_then(Order::line).as_deref(),
        Some("seat 1 correct 20600")
    );
    let orders = TableOrders::of("T1", &t, &records);
    let next = orders.next(&t).expect("an order");
    assert_eq!(next.text(), "Ann's stack (seat 1) is corrected to 19,600");
    assert_eq!(next.line().as_deref(), Some("seat 1 correct 19600"));
    carry(&mut t, &next.command().expect("a command"));
    assert!(TableOrders::of("T1", &t, &records).next(&t).is_none());
    // The same figure again is another correction, to be done again.
    records.push(fix("Ann", 1, (19_600, 19_600), None));
    assert!(TableOrders::of("T1", &t, &records).next(&t).is_some());
    carry(&mut t, &ann_fixed);
    assert!(TableOrders::of("T1", &t, &records).next(&t).is_none());

    // Cy went out at seat 3 in hand 1; Dee sits there now: his return
    // waits for the seat.
    t.apply(&TableEvent::PlayerSeated {
        seat: seat(3),
        name: "Cy".into(),
        chips: Chips(1_000),
        rejoins: false,
    });
    carry(&mut t, &TableCommand::NextHand);
    let stacks = vec![(seat(1), Chips(20_600)), (seat(2), Chips(20_000))];
    t.apply(&TableEvent::HandEnded {
        stacks,
        busted: vec![Finish {
            place: 3,
            seat: seat(3),
            name: "Cy".into(),
            hand: 1,
            tied: false,
            disqualified: false,
            shown: None,
        }],
        misdeal: false,
    });
    carry(&mut t, &ann_fixed);
    records = vec![
        fix("Ann", 1, (20_000, 19_600), None),
        fix("Cy", 3, (0, 1_000), Some(1)),
    ];
    // (Ann's, made above three times, is done; only Cy's is left.)
    let orders = TableOrders::of("T1", &t, &records);
    let back = orders.next(&t).expect("Cy's return");
    assert_eq!(
        back.text(),
        "Cy's bust is undone: back in seat 3 with 1,000"
    );
    assert_eq!(back.line().as_deref(), Some("seat 3 correct 1000 Cy"));
    let mut taken = t.clone();
    taken.apply(&TableEvent::PlayerSeated {
        seat: seat(3),
        name: "Dee".into(),
        chips: Chips(1_000),
        rejoins: false,
    });
    assert!(
        TableOrders::of("T1", &taken, &records)
            .next(&taken)
            .is_none()
    );
    carry(&mut t, &back.command().expect("a command"));
    assert!(t.places.is_empty());
    assert!(TableOrders::of("T1", &t, &records).next(&t).is_none());
    assert_eq!(t.chips_seated(), t.chips_expected());
}

/// A correction recorded by the release that kept no stack seen (the
/// morning of 2026-11-28) still reads, and is carried out as then: the
/// stack set to the TD's figure.
#[test]
fn a_correction_of_the_release_without_the_stack_seen_sets_the_stack() {
    let t = table(&[(1, "Ann"), (2, "Bob")]);
    let record: FloorRecord = serde_json::from_str(
        r#"{"type":"stack-corrected","player":"Ann","table":"T1","seat":1,"chips":1200}"#,
    )
    .expect("the earlier form reads");
    assert!(matches!(
        &record,
        FloorRecord::StackCorrected { was: None, .. }
    ));
    let orders = TableOrders::of("T1", &t, &[record]);
    let order = orders.next(&t).expect("an order");
    assert_eq!(order.chips, 1200);
}

/// Issue 35.2: every table's bar shows the pool and the places paid, and
/// the money line: four entries and three places paid is the bubble; Ann
/// out leaves three, in the money.
#[test]
fn every_table_shows_the_pool_and_the_bubble() {
    let funding = crate::tournament::funding::from_structure_toml(
        "[money]\n[money.entry]\ncost = 100\nchips = 10000\n[[money.tier]]\nup-to = 10\nshares = [50, 30, 20]\n",
    )
    .expect("reads")
    .expect("money");
    let entry = |name: &str| FloorRecord::Bought {
        purchase: crate::tournament::funding::Purchase {
            player: name.into(),
            entry: name.into(),
            buy: crate::tournament::funding::Buy::Entry,
            cost: crate::values::Money(100),
            fee: crate::values::Money(0),
            chips: Chips(10_000),
            level: 1,
            table: None,
            seat: None,
        },
    };
    let t = table(&[(7, "Ann"), (2, "Bob")]);
    let mut records = vec![FloorRecord::FundingSet {
        funding: Box::new(funding),
    }];
    assert_eq!(
        TableOrders::of("T1", &t, &records).banner(),
        ["Money: pool 0"]
    );
    records.extend(["Ann", "Bob", "Cy", "Dan"].map(entry));
    assert_eq!(
        TableOrders::of("T1", &t, &records).banner(),
        ["Money: pool 400, 3 paid: BUBBLE, the next player out is the last one unpaid"]
    );
    records.push(ann_out_at("T1"));
    assert_eq!(
        TableOrders::of("T1", &t, &records).banner(),
        ["Money: pool 400, 3 paid: in the money"]
    );
    // Without money, nothing is said of it.
    assert!(TableOrders::of("T1", &t, &[]).banner().is_empty());
}

/// A rebuy sold to a player whose balancing move is confirmed and not yet
/// made is added before he leaves, so the leave takes its chips to his new
/// seat: carried out the other way, he would be gone from the seat it is
/// added at, and the chips he paid for never reach a table (TDA 26: a
/// rebuy announced before a hand binds).
#[test]
fn a_rebuy_is_added_before_the_player_leaves_with_his_chips() {
    let rebuy = FloorRecord::Bought {
        purchase: crate::tournament::funding::Purchase {
            player: "Ann".into(),
            entry: "Ann".into(),
            buy: crate::tournament::funding::Buy::Rebuy,
            cost: crate::values::Money(50),
            fee: crate::values::Money(0),
            chips: Chips(5_000),
            level: 1,
            table: Some("T1".into()),
            seat: Some(4),
        },
    };
    let records = vec![mv("Ann", "T1", 4, "T2", 7), rebuy];
    let mut t1 = table(&[(1, "Bo"), (4, "Ann"), (6, "Cy")]);
    // Its chips play in the next hand: the table waits for them.
    let why = TableOrders::of("T1", &t1, &records)
        .may_begin(t1.hand + 1)
        .expect_err("the rebuy first");
    assert!(
        why.contains("Ann (seat 4) bought a rebuy: add 5,000"),
        "{why}"
    );
    let first = TableOrders::of("T1", &t1, &records)
        .next(&t1)
        .expect("an order")
        .clone();
    assert_eq!(first.line().as_deref(), Some("seat 4 rebuy 5000"));
    carry(&mut t1, &first.command().expect("a command"));
    let leave = TableOrders::of("T1", &t1, &records)
        .next(&t1)
        .expect("the leave")
        .clone();
    assert_eq!(leave.line().as_deref(), Some("seat 4 leave"));
    carry(&mut t1, &leave.command().expect("a command"));
    assert_eq!(t1.departures.last().map(|d| d.chips), Some(Chips(25_000)));
    assert!(TableOrders::of("T1", &t1, &records).next(&t1).is_none());
}
