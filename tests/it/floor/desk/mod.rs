//! The floor's Desk against a real PostgreSQL (`pg`, skipped loudly where
//! it cannot be had): three tables dealing real journals, replicated by
//! their Links; the Desk folding them with its own records; a draw, busts
//! and places, a balance move and a break under each house's rules, a
//! proposal made stale by a finished hand, `floor verify` redoing the
//! draws and catching a reveal that does not redo, a restart rebuilding
//! the same Desk, hand-for-hand rounds waiting for a table offline, and
//! the clock's records.
//!
//! This file holds what the tests share: the `Dealer` (a table dealing
//! into its journal, replicated by its Link), the Desk on its database
//! (`desk_on`, draws from a `SeedSequence` so that a run is exact), the
//! twelve players seated, and the floor the tables' own journals give;
//! the tests are in the files by topic.

mod anchors;
mod balance_break;
mod clock;
mod corrections;
mod draws;
mod engine;
mod hand_for_hand;
mod moves;
mod places;
mod restart;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use floorcall::floor::{
    self, ClockAction, Desk, DeskError, DeskOptions, InitOptions, Link, LinkOptions, SeedSequence,
};
use floorcall::journal::{self, HandHeader, Journal, JournalOptions, Session, SteppingClock};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::session::{ClockRun, LevelClock, Structure, TableCommand};
use floorcall::table::{Card, Chips, Seat};
use floorcall::tournament::Decide;
use floorcall::tournament::{
    Assignment, DrawPurpose, Floor, FloorRecord, FloorTable, Move, balance::next_positions,
};

use crate::pg::{self, Cluster};
use crate::support::table;

/// 2025-11-22 12:36:01 UTC.
pub(crate) const T0: i64 = 1_763_814_961_000;

/// The tables' size in these tests.
pub(crate) const SEATS: u8 = 6;

pub(crate) fn structure() -> Structure {
    Structure::from_flag("100/200,200/400,300/600", 20).expect("a structure")
}

/// A table dealing into its own journal, replicated by its Link.
pub(crate) struct Dealer {
    pub(crate) name: String,
    pub(crate) session: Session,
    path: PathBuf,
    pub(crate) link: Option<Link>,
    conninfo: String,
    tournament: String,
}

impl Dealer {
    /// Opens table `name` with the players the draw gave it, and its Link.
    pub(crate) fn open(
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

    pub(crate) fn online(&mut self) {
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

    pub(crate) fn offline(&mut self) {
        self.link = None;
    }

    pub(crate) fn execute(&mut self, line: &str) -> bool {
        let command = parse_line(line).expect("valid").expect("a command");
        self.session.execute(&command, Some(line.into())).is_ok()
    }

    /// Plays the hand in play to its end: everyone folds to the big
    /// blind, or (`bust`: loser, winner) the loser is all in, the winner
    /// calls with aces and the others fold.
    pub(crate) fn play(&mut self, bust: Option<(u8, u8)>) {
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
    pub(crate) fn hand_busting(&mut self) -> String {
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
    pub(crate) fn line(&mut self, command: TableCommand) {
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

    /// Carries out the floor's orders for this table, as its dealer's
    /// `F` does: the next order's line, until none is left to do now;
    /// returns the lines journaled.
    pub(crate) fn obey(&mut self, records: &[FloorRecord]) -> Vec<String> {
        crate::floor::tables::obey(&self.name, &mut self.session, records)
    }

    pub(crate) fn records(&self) -> u64 {
        let bytes = std::fs::read(&self.path).expect("reads");
        floor::rows_from(&bytes, 0, 0, None).rows.len() as u64
    }
}

/// The dealers by name.
pub(crate) fn dealer<'a>(dealers: &'a mut [Dealer], name: &str) -> &'a mut Dealer {
    dealers
        .iter_mut()
        .find(|d| d.name == name)
        .expect("a dealer")
}

/// Waits up to 20 s until the Desk has read every journal of a table
/// online, refreshing it.
pub(crate) fn sync(desk: &mut Desk, dealers: &[Dealer]) {
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

/// A database for `tournament` with tables T1 to T3, and a Desk on it,
/// its draws from the seed sequence of base 1 (the same for every test:
/// each run exact).
pub(crate) fn desk_on(pg: &Cluster, house: &str, tournament: &str) -> (String, DeskOptions) {
    let db = pg.database(&tournament.to_lowercase().replace('-', "_"));
    let tables: Vec<String> = (1..=3).map(|i| format!("T{i}")).collect();
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: tournament.into(),
            tables: tables.clone(),
            passfile: None,
            passdir: None,
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
    options.seeds = Arc::new(SeedSequence::new(1));
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
/// opens the tournament (its first record; `floor_structure` tests it),
/// without the tables' heads it anchors as hands end (`anchors` tests
/// them).
fn records(desk: &Desk) -> Vec<FloorRecord> {
    let all = &desk.floor().records;
    let from = match all.first() {
        Some(FloorRecord::StructureSet { .. }) => 1,
        _ => 0,
    };
    all[from..]
        .iter()
        .filter(|r| !matches!(r, FloorRecord::TablesAnchored { .. }))
        .cloned()
        .collect()
}

/// Each table carries out the orders: the leave at the origin, then the
/// sit at the destination with the chips the leave took (every hand over
/// first).
pub(crate) fn carry_out(dealers: &mut [Dealer], moves: &[Move]) {
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
        // The chips the leave journaled (a hand played since the proposal
        // changed them: never the proposal's figure).
        let chips = dealer(dealers, &mv.from)
            .session
            .table()
            .and_then(|t| {
                t.departures
                    .iter()
                    .rev()
                    .find(|d| d.name == mv.player && d.seat.number() == mv.from_seat)
            })
            .map_or(mv.chips, |d| d.chips.get());
        dealer(dealers, &mv.to).line(TableCommand::Sit {
            seat: Seat::new(mv.to_seat).unwrap(),
            chips: Chips(chips),
            name: mv.player.clone(),
        });
    }
}

/// Draws twelve players onto three tables of six and opens the tables.
pub(crate) fn seat_twelve(
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

/// `floor verify` of the tournament passes every check, and its room
/// line starts with `room` (`OK: the room: 120,000 chips issued ...`).
/// Its lines.
pub(crate) fn verified_with_room(
    pg: &crate::pg::Cluster,
    db: &str,
    tournament: &str,
    room: &str,
) -> Vec<String> {
    let verified = floor::verify(&mut pg.admin(db), tournament).expect("verifies");
    let lines = verified.lines();
    assert!(verified.ok(), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with(room)), "{lines:#?}");
    lines
}
