//! The floor's Desk against a real PostgreSQL (`pg`, skipped loudly where
//! it cannot be had): three tables dealing real journals, replicated by
//! their Links; the Desk folding them with its own records; a draw, busts
//! and places, a balance move and a break under each house's rules, a
//! proposal made stale by a finished hand, `floor verify` redoing the
//! draws and catching a reveal that does not redo, a restart rebuilding
//! the same Desk, hand-for-hand rounds waiting for a table offline, and
//! the clock's records.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use floorcall::floor::{
    self, ClockAction, Desk, DeskError, DeskOptions, InitOptions, Link, LinkOptions,
};
use floorcall::journal::{self, HandHeader, Journal, JournalOptions, Session, SteppingClock};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::session::{ClockRun, LevelClock, Structure, TableCommand};
use floorcall::table::{Card, Chips, Seat};
use floorcall::tournament::{
    Assignment, DrawPurpose, Floor, FloorRecord, FloorTable, Move, balance::next_positions,
};

use super::pg::{self, Cluster};
use super::support::table;

/// 2025-11-22 12:36:01 UTC.
pub(super) const T0: i64 = 1_763_814_961_000;

/// The tables' size in these tests.
pub(super) const SEATS: u8 = 6;

pub(super) fn structure() -> Structure {
    Structure::from_flag("100/200,200/400,300/600", 20).expect("a structure")
}

/// A table dealing into its own journal, replicated by its Link.
pub(super) struct Dealer {
    pub(super) name: String,
    pub(super) session: Session,
    path: PathBuf,
    pub(super) link: Option<Link>,
    conninfo: String,
    tournament: String,
}

impl Dealer {
    /// Opens table `name` with the players the draw gave it, and its Link.
    pub(super) fn open(
        dir: &Path,
        conninfo: &str,
        tournament: &str,
        house: &str,
        name: &str,
        seated: &[Assignment],
    ) -> Dealer {
        let path = dir.join(format!("{name}.jsonl"));
        let (journal, _) = Journal::open_with(
            &path,
            JournalOptions {
                clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 0))),
                table: Some(name.into()),
            },
        )
        .expect("opens");
        let mut stacks = vec![0u64; usize::from(SEATS)];
        let mut names = BTreeMap::new();
        for a in seated.iter().filter(|a| a.table == name) {
            stacks[usize::from(a.seat) - 1] = a.chips;
            names.insert(a.seat, a.player.clone());
        }
        let button = *names.keys().next().expect("a player");
        let header = HandHeader::new(house, 1, SEATS, names, table(&stacks, button, (100, 200)));
        let rules = HouseRules::load(house).expect("a house");
        let session = Session::open_table(header, rules, structure(), &mut Some(journal), T0)
            .expect("opens the table");
        let mut dealer = Dealer {
            name: name.to_string(),
            session,
            path,
            link: None,
            conninfo: conninfo.to_string(),
            tournament: tournament.to_string(),
        };
        dealer.online();
        dealer
    }

    pub(super) fn online(&mut self) {
        let mut options = LinkOptions::new(
            &self.conninfo,
            &self.tournament,
            &self.name,
            self.path.clone(),
        );
        options.retry = Duration::from_millis(100);
        options.poll = Duration::from_millis(30);
        self.link = Some(Link::start(options).expect("starts"));
    }

    pub(super) fn offline(&mut self) {
        self.link = None;
    }

    pub(super) fn execute(&mut self, line: &str) -> bool {
        let command = parse_line(line).expect("valid").expect("a command");
        self.session.execute(&command, Some(line.into())).is_ok()
    }

    /// Plays the hand in play to its end: everyone folds to the big
    /// blind, or (`bust`: loser, winner) the loser is all in, the winner
    /// calls with aces and the others fold.
    pub(super) fn play(&mut self, bust: Option<(u8, u8)>) {
        let mut guard = 0;
        while self.session.hand_open() {
            guard += 1;
            assert!(guard < 60, "{}: the hand does not end", self.name);
            let Some(seat) = self.session.state().to_act else {
                if !["flop 2c3d4h", "turn 9s", "river Jd"]
                    .iter()
                    .any(|b| self.execute(b))
                {
                    let (loser, winner) = bust.expect("a showdown only when a player busts");
                    self.execute(&format!("s{winner} show AsAh"));
                    self.execute(&format!("s{loser} show 7c2d"));
                }
                continue;
            };
            let s = seat.number();
            let verb = match bust {
                Some((loser, _)) if s == loser => "allin",
                Some((_, winner)) if s == winner => "call",
                _ => "fold",
            };
            if !self.execute(&format!("s{s} {verb}")) {
                assert!(self.execute(&format!("s{s} check")), "s{s} {verb}");
            }
        }
    }

    /// Deals the next hand, in which the player with the fewest chips is
    /// all in against the one with the most (who covers him) and busts;
    /// returns his name.
    pub(super) fn hand_busting(&mut self) -> String {
        self.line(TableCommand::NextHand);
        self.play_busting()
    }

    /// Plays the hand in play so that the player with the fewest chips
    /// busts against the one with the most; returns his name.
    fn play_busting(&mut self) -> String {
        let state = self.session.state();
        let mut stacks: Vec<(u64, u8)> = state
            .occupied()
            .map(|s| (state.seat(s).starting_stack.get(), s.number()))
            .collect();
        stacks.sort_unstable();
        let (loser, winner) = (stacks[0].1, stacks[stacks.len() - 1].1);
        let name = self.session.header().names[&loser].clone();
        self.play(Some((loser, winner)));
        name
    }

    /// A table line between hands (the hand in play must be over).
    pub(super) fn line(&mut self, command: TableCommand) {
        let now = self.session.now_ms();
        let mut no_cards = |_: usize| Vec::<Card>::new();
        self.session
            .table_line(&command, None, now, &mut no_cards)
            .unwrap_or_else(|e| panic!("{}: {command:?}: {e}", self.name));
    }

    /// Deals the next hand and plays it out.
    fn hand(&mut self, bust: Option<(u8, u8)>) {
        self.line(TableCommand::NextHand);
        self.play(bust);
    }

    fn seat_of(&self, player: &str) -> Option<u8> {
        let t = self.session.table().expect("a table");
        t.seats
            .iter()
            .find(|(_, p)| p.name == player && !p.chips.is_zero())
            .map(|(s, _)| s.number())
    }

    pub(super) fn records(&self) -> u64 {
        let bytes = std::fs::read(&self.path).expect("reads");
        floor::rows_from(&bytes, 0, 0, None).rows.len() as u64
    }
}

/// The dealers by name.
pub(super) fn dealer<'a>(dealers: &'a mut [Dealer], name: &str) -> &'a mut Dealer {
    dealers
        .iter_mut()
        .find(|d| d.name == name)
        .expect("a dealer")
}

/// Waits up to 20 s until the Desk has read every journal of a table
/// online, refreshing it.
pub(super) fn sync(desk: &mut Desk, dealers: &[Dealer]) {
    let start = Instant::now();
    loop {
        for d in dealers {
            if let Some(l) = &d.link {
                l.poke();
            }
        }
        desk.refresh();
        if dealers
            .iter()
            .filter(|d| d.link.is_some())
            .all(|d| desk.table_records(&d.name) == d.records())
        {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the Desk never read every table"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A database for `tournament` with tables T1 to T3, and a Desk on it.
pub(super) fn desk_on(pg: &Cluster, house: &str, tournament: &str) -> (String, DeskOptions) {
    let db = pg.database(&tournament.to_lowercase().replace('-', "_"));
    let tables: Vec<String> = (1..=3).map(|i| format!("T{i}")).collect();
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: tournament.into(),
            tables: tables.clone(),
            passfile: None,
        },
    )
    .expect("init");
    let mut options = DeskOptions::new(
        &pg.conninfo(&db),
        tournament,
        HouseRules::load(house).expect("a house"),
        structure(),
        tables.into_iter().map(|t| (t, SEATS)).collect(),
    );
    options.catch_up = Duration::from_millis(300);
    options.clock = Arc::new(SteppingClock::new(T0, 0, 0));
    (db, options)
}

fn entrants(n: usize) -> Vec<(String, Chips)> {
    (1..=n)
        .map(|i| (format!("P{i:02}"), Chips(10_000)))
        .collect()
}

/// The floor the tables' own journals give, read from their files (not
/// from the database): what the Desk's fold must agree with.
fn floor_of(house: &str, dealers: &[Dealer], desk: &Desk) -> Floor {
    let tables = dealers
        .iter()
        .map(|d| FloorTable {
            name: d.name.clone(),
            seats: SEATS,
            table: journal::table_of(&journal::load(&d.path).expect("loads")),
        })
        .collect();
    let mut f = Floor::new(
        HouseRules::load(house).expect("a house"),
        tables,
        desk.floor().break_order.clone(),
    );
    f.moved = desk.floor().moved.clone();
    f
}

/// What a Desk has folded, in words, to compare two Desks.
fn state(desk: &Desk) -> String {
    let f = desk.floor();
    let tables: Vec<_> = f
        .tables
        .iter()
        .map(|t| (t.name.clone(), t.table.hand, t.table.in_hand, t.players()))
        .collect();
    format!(
        "{tables:?}\n{:?}\n{:?}\n{:?} {} {}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        f.busts,
        f.places(),
        f.pending,
        f.field,
        f.draws,
        f.moved,
        desk.orders(),
        desk.broken(),
        desk.clock(),
        desk.hand_for_hand(),
        f.records,
    )
}

/// The floor's records after the structure the Desk publishes as it
/// opens the tournament (its first record; `floor_structure` tests it).
fn records(desk: &Desk) -> &[FloorRecord] {
    let all = &desk.floor().records;
    match all.first() {
        Some(FloorRecord::StructureSet { .. }) => &all[1..],
        _ => all,
    }
}

/// Each table carries out the orders: the leave at the origin, then the
/// sit at the destination with the same chips (every hand over first).
pub(super) fn carry_out(dealers: &mut [Dealer], moves: &[Move]) {
    for d in dealers.iter_mut() {
        d.play(None);
    }
    // A player's last move counts; every leave before any sit (a redraw).
    let last = |mv: &&Move| moves.iter().rposition(|m| m.player == mv.player);
    let moves: Vec<&Move> = (moves.iter().enumerate())
        .filter(|(i, mv)| last(mv) == Some(*i) && (mv.from != mv.to || mv.from_seat != mv.to_seat))
        .map(|(_, mv)| mv)
        .collect();
    for mv in &moves {
        dealer(dealers, &mv.from).line(TableCommand::Leave(Seat::new(mv.from_seat).unwrap()));
    }
    for mv in moves {
        dealer(dealers, &mv.to).line(TableCommand::Sit {
            seat: Seat::new(mv.to_seat).unwrap(),
            chips: Chips(mv.chips),
            name: mv.player.clone(),
        });
    }
}

/// Draws twelve players onto three tables of six and opens the tables.
pub(super) fn seat_twelve(
    desk: &mut Desk,
    dir: &Path,
    options: &DeskOptions,
    house: &str,
) -> (Vec<Assignment>, Vec<Dealer>) {
    let seats = desk.draw_seats(&entrants(12)).expect("the draw");
    let dealers: Vec<Dealer> = ["T1", "T2", "T3"]
        .iter()
        .map(|t| {
            Dealer::open(
                dir,
                &options.conninfo,
                &options.tournament,
                house,
                t,
                &seats,
            )
        })
        .collect();
    sync(desk, &dealers);
    (seats, dealers)
}

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
        records(&desk),
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

/// Twelve players drawn to three tables under Redtooth, each table's
/// first hand played, then hand-for-hand switched on.
fn hand_for_hand_on(pg: &Cluster, tournament: &str, dir: &Path) -> (Desk, Vec<Dealer>) {
    let (_db, options) = desk_on(pg, "redtooth", tournament);
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir, &options, "redtooth");
    for d in dealers.iter_mut() {
        d.play(None);
    }
    sync(&mut desk, &dealers);
    desk.set_hand_for_hand(true).expect("on");
    (desk, dealers)
}

/// Hand-for-hand (Redtooth 53: "each table will play one hand at a time
/// ... until all tables have completed the hand"): the first round when
/// it is switched on, the tables still waited for as each finishes, and a
/// table offline keeps the others waiting rather than ending it.
#[test]
fn hand_for_hand_rounds_wait_for_a_table_offline() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut desk, mut dealers) = hand_for_hand_on(pg, "desk-hfh", dir.path());
    let round = desk.hand_for_hand().flatten().cloned().expect("a round");
    assert_eq!(round.round, 1);
    assert_eq!(round.deal.values().copied().collect::<Vec<_>>(), [2, 2, 2]);
    assert_eq!(round.waiting, ["T1", "T2", "T3"]);

    // T3 goes offline, then plays its hand: the floor cannot know.
    dealer(&mut dealers, "T3").offline();
    dealer(&mut dealers, "T3").hand(None);
    dealer(&mut dealers, "T1").hand(None);
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(
        (round.round, round.waiting.clone()),
        (1, vec!["T2".into(), "T3".into()])
    );
    dealer(&mut dealers, "T2").hand(None);
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(
        (round.round, round.waiting.clone()),
        (1, vec!["T3".to_string()])
    );
    assert_eq!(round.text(), "hand-for-hand: hand 1, waiting for T3");
    assert_eq!(
        desk.floor().hand_for_hand_status().as_deref(),
        Some("hand-for-hand: hand 1, waiting for T3")
    );

    // T3 back: its hand is read, and round 2 opens for every table.
    dealer(&mut dealers, "T3").online();
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(round.round, 2);
    assert_eq!(round.deal.values().copied().collect::<Vec<_>>(), [3, 3, 3]);
    assert_eq!(round.waiting, ["T1", "T2", "T3"]);
    let rounds: Vec<(u32, usize)> = records(&desk)
        .iter()
        .filter_map(|r| match r {
            FloorRecord::HandForHandRound { round, waiting, .. } => Some((*round, waiting.len())),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, [(1, 3), (1, 2), (1, 1), (2, 3)]);

    // Off: no more rounds.
    desk.set_hand_for_hand(false).expect("off");
    assert!(desk.hand_for_hand().is_none());
    assert!(desk.set_hand_for_hand(false).is_err());
}

/// The floor's one clock (TDA 22: "The new level applies to the next
/// hand"): each action writes the whole clock at the time the Desk's
/// clock gives.
#[test]
fn the_clock_is_written_whole_at_each_action() {
    let Some(pg) = pg::shared() else { return };
    let (_db, mut options) = desk_on(pg, "tda", "desk-clock");
    let time = Arc::new(SteppingClock::new(T0, 0, 0));
    options.clock = time.clone();
    let mut desk = Desk::open(options.clone()).expect("opens");
    assert!(
        desk.clock_action(ClockAction::Pause).is_err(),
        "not running"
    );
    desk.clock_action(ClockAction::Start).expect("starts");
    time.advance(60_000);
    desk.clock_action(ClockAction::Pause).expect("pauses");
    desk.clock_action(ClockAction::Adjust(-30))
        .expect("adjusts");
    time.advance(5_000);
    desk.clock_action(ClockAction::Resume).expect("resumes");
    time.advance(1_000);
    desk.clock_action(ClockAction::Level(3)).expect("level 3");
    assert!(desk.clock_action(ClockAction::Level(4)).is_err());
    let clocks: Vec<LevelClock> = records(&desk)
        .iter()
        .filter_map(|r| match r {
            FloorRecord::ClockSet { clock } => Some(clock.clone()),
            _ => None,
        })
        .collect();
    let stages = structure().stage_ms();
    // An adjustment changes the level's length (half a minute less of
    // level 1), not the time run.
    let mut shorter = stages.clone();
    shorter[0] -= 30_000;
    let at = |stages_ms: &Vec<u64>, elapsed_ms, run| LevelClock {
        stages_ms: stages_ms.clone(),
        elapsed_ms,
        run,
    };
    assert_eq!(
        clocks,
        [
            at(&stages, 0, ClockRun::Running { since_ms: T0 }),
            at(&stages, 60_000, ClockRun::Paused),
            at(&shorter, 60_000, ClockRun::Paused),
            at(
                &shorter,
                60_000,
                ClockRun::Running {
                    since_ms: T0 + 65_000
                }
            ),
            at(
                &shorter,
                1_170_000 + 1_200_000,
                ClockRun::Running {
                    since_ms: T0 + 66_000
                }
            ),
        ]
    );
    assert_eq!(desk.clock().unwrap().at(T0 + 66_000).stage, 2);
    // Read back by another Desk.
    let again = Desk::open(options).expect("opens again");
    assert_eq!(again.clock(), desk.clock());
}

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
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorcall"))
        .args(["floor", "verify", "--tournament", &options.tournament])
        .env(
            "FLOORCALL_FLOOR",
            format!("{} user=postgres", pg.conninfo(&db)),
        )
        .output()
        .expect("runs");
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
