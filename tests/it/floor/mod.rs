//! The floor without a database, through its one engine: a draw redone
//! from its revealed seed, players kept apart whatever the seed, chips
//! conserved by moves and breaks the tables carry out, every record the
//! floor makes read back from its JSON, and places from the tables'
//! own events.

pub(crate) mod button;
#[cfg(unix)]
pub(crate) mod cli;
#[cfg(unix)]
pub(crate) mod clock;
#[cfg(unix)]
pub(crate) mod db;
#[cfg(unix)]
pub(crate) mod desk;
#[cfg(unix)]
pub(crate) mod inbox;
#[cfg(unix)]
pub(crate) mod light;
#[cfg(unix)]
mod light_tmux;
#[cfg(unix)]
pub(crate) mod money;
pub(crate) mod money_props;
pub(crate) mod money_tmux;
pub(crate) mod orders;
#[cfg(unix)]
pub(crate) mod page;
#[cfg(unix)]
pub(crate) mod releases;
pub(crate) mod screen;
pub(crate) mod structure;
pub(crate) mod tables;
pub(crate) mod td_keys;
pub(crate) mod walk;
#[cfg(unix)]
pub(crate) mod winner;

use std::collections::BTreeMap;

use floorcall::rules::HouseRules;
use floorcall::session::{Structure, Table, TableEvent};
use floorcall::table::{Chips, Seat};
use floorcall::tournament::draw::{Draw, commitment};
use floorcall::tournament::orders::TableOrders;
use floorcall::tournament::seeds::SeedSequence;
use floorcall::tournament::{
    Answer, FloorCommand, FloorRecord, FloorRefusal, TableRead, Tournament,
};

/// Tables of nine with blinds 100/200 (the players given per table, each
/// with 10,000), the engine reading them, the tables carrying out its
/// orders as their dealers do.
struct Room {
    tournament: Tournament,
    tables: BTreeMap<String, Table>,
    seeds: SeedSequence,
}

impl Room {
    fn new(house: &str, players: &[usize], keep_apart: Vec<Vec<String>>) -> Room {
        let rules = HouseRules::load(house).expect("a built-in house");
        let names: Vec<(String, u8)> = (1..=players.len()).map(|i| (format!("T{i}"), 9)).collect();
        let tournament =
            Tournament::new(rules, Structure::default(), &names, Vec::new(), keep_apart);
        let mut tables = BTreeMap::new();
        for ((name, _), n) in names.iter().zip(players) {
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
            tables.insert(name.clone(), table);
        }
        let mut room = Room {
            tournament,
            tables,
            seeds: SeedSequence::new(7),
        };
        room.settle();
        room
    }

    /// The engine's decision, its records applied, the tables following.
    fn decide(&mut self, command: FloorCommand) -> Result<Answer, FloorRefusal> {
        let decision = self.tournament.decide(&command, &self.seeds, 0)?;
        for record in decision.records {
            self.tournament.apply(record);
        }
        self.settle();
        Ok(decision.answer)
    }

    /// A table's own event (a hand's end, an undo, a disqualification).
    fn at_table(&mut self, table: &str, event: &TableEvent) {
        self.tables.get_mut(table).expect("a table").apply(event);
        self.settle();
    }

    /// The floor reads every table and decides what they make due; each
    /// carries out its orders, until none is left.
    fn settle(&mut self) {
        let rules = self.tournament.floor().rules.clone();
        for _ in 0..1_000 {
            for (name, t) in &self.tables {
                self.tournament
                    .table_read(name, t.clone(), TableRead::default());
            }
            let due = self
                .tournament
                .decide(&FloorCommand::Due, &self.seeds, 0)
                .expect("due");
            for record in due.records {
                self.tournament.apply(record);
            }
            let mut done = false;
            for (name, t) in &mut self.tables {
                let records = &self.tournament.floor().records;
                if let Some(command) = TableOrders::of(name, t, records).line_due(t) {
                    for e in t
                        .decide(&rules, &command, 0, &mut |_| Vec::new())
                        .unwrap_or_else(|e| panic!("{name}: {command:?}: {e}"))
                    {
                        t.apply(&e);
                    }
                    done = true;
                }
            }
            if !done {
                return;
            }
        }
        panic!("the tables never finish the floor's orders");
    }

    fn chips_in_play(&self) -> u64 {
        self.tables
            .values()
            .flat_map(|t| t.seats.values())
            .map(|p| p.chips.get())
            .sum()
    }

    fn records(&self) -> &[FloorRecord] {
        &self.tournament.floor().records
    }
}

fn entrants(n: usize) -> Vec<(String, Chips)> {
    (0..n)
        .map(|i| (format!("P{i:02}"), Chips(20_000)))
        .collect()
}

#[test]
fn a_seat_draw_is_redone_from_its_revealed_seed() {
    let mut room = Room::new("tda", &[0, 0, 0], Vec::new());
    let players = entrants(20);
    let Ok(Answer::Seats(seats)) = room.decide(FloorCommand::DrawSeats(players.clone())) else {
        panic!("20 players fit 27 seats");
    };
    let (committed, revealed) = match room.records() {
        [
            FloorRecord::DrawCommitted { commitment, .. },
            FloorRecord::DrawRevealed { seed, seats, .. },
        ] => (commitment.clone(), (seed.clone(), seats.clone())),
        other => panic!("a commitment, then the reveal: {other:?}"),
    };
    assert_eq!(committed, commitment(&revealed.0));
    assert_eq!(revealed.1, seats);
    // Anyone redoes it from the seed on the tables as they were.
    let fresh = Room::new("tda", &[0, 0, 0], Vec::new());
    let fresh = fresh.tournament.floor();
    let names: Vec<String> = fresh.tables.iter().map(|t| t.name.clone()).collect();
    assert_eq!(
        fresh.seat_plan(&players, &revealed.0, &names).unwrap(),
        seats
    );
    // Another seed, another draw; the tables even either way.
    assert_ne!(fresh.seat_plan(&players, "other", &names).unwrap(), seats);
    let counts: Vec<usize> = room.tables.values().map(|t| t.seats.len()).collect();
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
    let apart = |names: &[&str]| vec![names.iter().map(|n| n.to_string()).collect()];
    for seed in 0..40 {
        // Three kept apart on two tables cannot all be apart...
        let mut room = Room::new("ugly-tuna", &[0, 0], apart(&["P00", "P01", "P02"]));
        room.seeds = SeedSequence::new(seed);
        assert!(room.decide(FloorCommand::DrawSeats(entrants(10))).is_err());
        assert!(room.records().is_empty(), "a refusal writes nothing");
        // ... two can, always.
        let mut room = Room::new("ugly-tuna", &[0, 0], apart(&["P00", "P01"]));
        room.seeds = SeedSequence::new(seed);
        let Ok(Answer::Seats(seats)) = room.decide(FloorCommand::DrawSeats(entrants(10))) else {
            panic!("seed {seed}: two kept apart fit two tables");
        };
        let table_of = |p: &str| seats.iter().find(|a| a.player == p).unwrap().table.clone();
        assert_ne!(table_of("P00"), table_of("P01"), "{seed}");
    }
}

#[test]
fn moves_and_breaks_keep_every_chip_and_record_a_leave_and_a_sit() {
    for house in ["tda", "upt", "nuts", "redtooth", "ugly-tuna"] {
        let mut room = Room::new(house, &[9, 6, 3], Vec::new());
        let before = room.chips_in_play();
        let Ok(Answer::Proposal(Some(proposal))) = room.decide(FloorCommand::Propose) else {
            panic!("{house}: out of balance");
        };
        assert!(!proposal.moves.is_empty(), "{house}");
        let Ok(Answer::Moves(made)) = room.decide(FloorCommand::Confirm) else {
            panic!("{house}: confirmed");
        };
        assert_eq!(made, proposal.moves, "{house}");
        assert_eq!(room.chips_in_play(), before, "{house}");
        assert!(room.tournament.orders().is_empty(), "{house}: carried out");
        let Ok(Answer::Moves(moves)) = room.decide(FloorCommand::Break(None)) else {
            panic!("{house}: a table breaks");
        };
        assert_eq!(room.chips_in_play(), before, "{house}");
        assert_eq!(room.tournament.floor().live_tables().len(), 2, "{house}");
        // Every player ordered is where his last order sends him, with
        // his chips (UPT redraws every seat at two tables, Tournament 18:
        // a broken table's player goes straight to his redrawn seat).
        let mut last = BTreeMap::new();
        for mv in &moves {
            last.insert(mv.player.clone(), mv.clone());
        }
        for mv in last.values() {
            let seat = Seat::new(mv.to_seat).unwrap();
            let to = &room.tables[&mv.to].seats[&seat];
            assert_eq!(
                (&to.name, to.chips.get()),
                (&mv.player, mv.chips),
                "{house}"
            );
        }
        // The tables' ledgers agree: what left one table sat at another.
        let left: u64 = room.tables.values().map(|t| t.ledger.left).sum();
        assert!(left > 0, "{house}");
    }
}

#[test]
fn every_floor_record_reads_back_from_its_json() {
    let mut room = Room::new("upt", &[7, 4, 3, 0], Vec::new());
    room.decide(FloorCommand::DrawSeats(entrants(2))).unwrap();
    room.decide(FloorCommand::Propose).unwrap();
    room.decide(FloorCommand::Confirm).unwrap();
    room.decide(FloorCommand::Break(Some("T3".into()))).unwrap();
    room.decide(FloorCommand::HandForHand(true)).unwrap();
    room.decide(FloorCommand::ButtonDraw("T1".into())).unwrap();
    room.decide(FloorCommand::CorrectStack {
        player: "T1s1".into(),
        chips: 9_000,
    })
    .unwrap();
    assert!(room.records().len() >= 8, "{:?}", room.records());
    for record in room.records() {
        let json = serde_json::to_string(record).unwrap();
        let back: FloorRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, record, "{json}");
    }
}

/// T1's first hand ended: seat 1 (T1s1) out to seat 2, third at the
/// table.
fn t1s1_busts() -> TableEvent {
    let s1 = Seat::new(1).unwrap();
    TableEvent::HandEnded {
        stacks: vec![(s1, Chips(0)), (Seat::new(2).unwrap(), Chips(20_000))],
        busted: vec![floorcall::session::Finish {
            place: 3,
            seat: s1,
            name: "T1s1".into(),
            hand: 0,
            tied: false,
            disqualified: false,
            shown: None,
        }],
        misdeal: false,
    }
}

#[test]
fn a_bust_undone_is_a_correcting_record_not_an_edit() {
    let mut room = Room::new("tda", &[3, 3], Vec::new());
    room.at_table("T1", &t1s1_busts());
    let floor = room.tournament.floor();
    assert_eq!(floor.places().get("T1s1"), Some(&6));
    assert_eq!(floor.players_left(), 5);
    let out = room.records().len();
    room.at_table("T1", &TableEvent::HandReopened { hand: 0 });
    let floor = room.tournament.floor();
    assert_eq!(floor.places().get("T1s1"), None);
    assert_eq!(floor.players_left(), 6);
    // The first record stands; a new one corrects it.
    assert!(matches!(&room.records()[out - 1], FloorRecord::PlayerOut { bust } if bust.place == 6));
    assert_eq!(
        room.records().last(),
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
    let mut room = Room::new("tda", &[3, 3], Vec::new());
    let s2 = Seat::new(2).unwrap();
    let (name, chips) = {
        let p = &room.tables["T1"].seats[&s2];
        (p.name.clone(), p.chips)
    };
    room.at_table("T1", &TableEvent::PlayerDisqualified { seat: s2, chips });
    let floor = room.tournament.floor();
    assert_eq!(floor.players_left(), 5);
    assert_eq!(floor.places().get(&name), Some(&6));
    assert!(
        matches!(room.records().last(), Some(FloorRecord::PlayerOut { bust }) if bust.disqualified && bust.player == name),
        "{:?}",
        room.records().last()
    );
}

/// The room's board (issue 36) reads what the engine folded: the players
/// left, the busts with their places, the moves due, the TD's message
/// (a record, said and cleared), the clock before it starts.
#[test]
fn the_rooms_board_is_the_floor_as_folded() {
    use floorcall::tournament::board::Board;
    let mut room = Room::new("tda", &[3, 3], Vec::new());
    let board = Board::of(&room.tournament, "sunday", 0);
    assert_eq!(
        (
            board.standing.left,
            board.standing.field,
            board.standing.average
        ),
        (6, 6, Some(Chips(10_000)))
    );
    assert_eq!(board.clock.state, "not-started");
    assert!(board.busts.is_empty() && board.moves.is_empty() && board.message.is_none());

    room.at_table("T1", &t1s1_busts());
    room.decide(FloorCommand::Say("Colour-up at the break".into()))
        .expect("said");
    let board = Board::of(&room.tournament, "sunday", 0);
    assert_eq!(board.standing.left, 5);
    assert_eq!(
        board.standing.largest,
        Some(("T1s2".to_string(), "T1".to_string(), Chips(20_000)))
    );
    let busts: Vec<(&str, &str)> = board
        .busts
        .iter()
        .map(|b| (b.place.as_str(), b.player.as_str()))
        .collect();
    assert_eq!(busts, [("6th", "T1s1")]);
    assert_eq!(board.message.as_deref(), Some("Colour-up at the break"));
    // Said again, refused; cleared by an empty line, a record too.
    assert!(
        room.decide(FloorCommand::Say("Colour-up at the break".into()))
            .is_err()
    );
    room.decide(FloorCommand::Say(String::new()))
        .expect("cleared");
    assert_eq!(Board::of(&room.tournament, "sunday", 0).message, None);
    assert!(matches!(
        room.records().last(),
        Some(FloorRecord::Said { text }) if text.is_empty()
    ));
}

/// A light table's line the TD keys, as the floor decides it, before the
/// table has read it.
fn key(room: &mut Room, table: &str, line: &str) -> Result<(), FloorRefusal> {
    let command = floorcall::notation::session::parse_table_line(line)
        .expect("a table line")
        .expect("a command");
    let decision = room.tournament.decide(
        &FloorCommand::KeyLight {
            table: table.into(),
            command,
        },
        &room.seeds,
        0,
    )?;
    for record in decision.records {
        room.tournament.apply(record);
    }
    Ok(())
}

/// One line keyed from the floor waits at a light table at a time. A count
/// replaces a count waiting (the last count is the table's); a line the
/// table can no longer carry out (a player it counts went out at the
/// table meanwhile) is replaced by the next keyed, so the TD's screen is
/// never stuck behind it; any other line waits for the last to be done.
#[test]
fn a_light_tables_waiting_line_is_replaced_by_a_count_or_once_the_table_cannot_carry_it_out() {
    let mut room = Room::new("redtooth", &[3], Vec::new());
    room.at_table("T1", &TableEvent::LightSet { on: true });
    key(&mut room, "T1", "count s1 15000 s2 10000 s3 5000").expect("a count");
    let refused = key(&mut room, "T1", "seat 1 out").expect_err("the count waits");
    assert_eq!(
        refused.to_string(),
        "T1 has not yet carried out the last line keyed for it (The stacks as the floor counted them: s1 15,000, s2 10,000, s3 5,000): the next is keyed once it has (a count replaces a count)."
    );
    key(&mut room, "T1", "count s1 20000 s2 5000 s3 5000").expect("a count replaces a count");
    // Seat 3 goes out at the table before it reads the floor: the count
    // waiting names him, and the table refuses it.
    let rules = room.tournament.floor().rules.clone();
    let t1 = room.tables.get_mut("T1").expect("T1");
    for e in t1
        .decide(
            &rules,
            &floorcall::session::TableCommand::Out(Seat::new(3).unwrap()),
            0,
            &mut |_| Vec::new(),
        )
        .expect("seat 3 out")
    {
        t1.apply(&e);
    }
    room.tournament
        .table_read("T1", t1.clone(), TableRead::default());
    key(&mut room, "T1", "count s1 20000 s2 10000").expect("the count the table now has");
    room.settle();
    let t1 = &room.tables["T1"];
    let stacks: Vec<u64> = t1.seats.values().map(|p| p.chips.get()).collect();
    assert_eq!(
        stacks,
        [20_000, 10_000],
        "the last count, the one before never"
    );
    let orders = TableOrders::of("T1", t1, room.records());
    assert!(orders.pending().next().is_none(), "{:?}", orders.orders);
}
