//! A table's inbox against a real PostgreSQL (`pg`; skipped, loudly,
//! where PostgreSQL cannot be had): a move the floor writes reaches the
//! table's screen through its own role, the dealer's key journals the
//! leave, and the link brings it back to the database; a table that
//! cannot reach the database plays on and takes the floor's orders when
//! it can.

use std::path::Path;
use std::time::{Duration, Instant};

use floorcall::floor::{self, Inbox, InboxOptions, InitOptions, Link, LinkOptions};
use floorcall::journal::SteppingClock;
use floorcall::tournament::{FloorRecord, Move};
use floorcall::tui::{App, FloorLink};

use crate::floor::db::{floor_db, until};
use crate::floor::orders::t1_options;
use crate::home::Home;
use crate::pg::{self, Cluster};
use crate::tmux::Tmux;
use crate::tui::fixtures::press;
use crate::tui::session::{fold_round, message};
use crate::tui::tmux::table_flags;

const T0: i64 = 1_763_814_961_000;

fn inbox(pg: &Cluster, db: &str, tournament: &str) -> Inbox {
    let mut options = InboxOptions::new(&pg.conninfo(db), tournament, "T1");
    options.retry = Duration::from_millis(100);
    options.catch_up = Duration::from_millis(300);
    Inbox::start(options).expect("starts")
}

/// Table T1 (Ann, Bob, Cy, Di) with its inbox and, when given, its link.
fn t1(path: &Path, clock: &SteppingClock, inbox: Inbox, link: Option<Link>) -> App {
    let mut options = t1_options(path, clock, None);
    options.inbox = Some(Box::new(inbox));
    options.link = link.map(|l| Box::new(l) as Box<dyn FloorLink>);
    App::new(options)
}

/// The floor writes a record, as its own role.
fn write(pg: &Cluster, db: &str, tournament: &str, record: &FloorRecord) {
    let mut fl = floor::connect(&pg.conninfo(db), Some(&floor::floor_role(tournament)))
        .expect("the floor connects");
    let json = serde_json::to_string(record).expect("a record");
    floor::append_floor_record(&mut fl, tournament, &json).expect("written");
}

/// Bob moved to T2 with `chips`.
fn bob_to_t2_with(chips: u64) -> FloorRecord {
    FloorRecord::MoveConfirmed {
        mv: Move {
            player: "Bob".into(),
            from: "T1".into(),
            from_seat: 2,
            to: "T2".into(),
            to_seat: 7,
            chips,
            dealt_next: true,
        },
    }
}

/// Bob moved to T2 after the first hand.
fn bob_to_t2() -> FloorRecord {
    bob_to_t2_with(9_900)
}

/// Bob's move as T1 shows it (the small blind of the first hand, he has
/// 9,900 once it is folded to the big blind).
/// Bob's move as T1 shows it during the first hand: the chips he has
/// there now (his stack as the hand began), whatever the order's figure.
const ORDER: &str = "Floor: Bob (seat 2) -> T2 seat 7 with 10,000  [F]";

#[test]
fn a_move_the_floor_writes_is_shown_journaled_by_the_key_and_replicated() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "ord-t", &["T1", "T2"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut link = LinkOptions::new(&pg.conninfo(&db), "ord-t", "T1", path.clone());
    link.retry = Duration::from_millis(100);
    link.poll = Duration::from_millis(50);
    let link = Link::start(link).expect("starts");
    let mut app = t1(&path, &clock, inbox(pg, &db, "ord-t"), Some(link));
    write(pg, &db, "ord-t", &bob_to_t2());
    let start = Instant::now();
    until("the order reaches the table", || {
        app.tick();
        app.floor_banner() == [ORDER]
    });
    eprintln!(
        "a floor record reached the table's screen in {:?}",
        start.elapsed()
    );
    fold_round(&mut app);
    press(&mut app, "F");
    assert!(
        message(&app).starts_with("Done for the floor"),
        "{}",
        message(&app)
    );
    // The leave goes to the database with the table's other records.
    until("the leave is in the database", || {
        app.tick();
        pg.admin(&db)
            .query(
                "SELECT 1 FROM floorcall.records WHERE tournament = 'ord-t' AND tab = 'T1' \
                 AND line LIKE '%\"line\":\"seat 2 leave\"%'",
                &[],
            )
            .expect("reads")
            .len()
            == 1
    });
    assert!(app.floor_banner().is_empty());
}

#[test]
fn a_table_offline_plays_on_and_takes_the_floors_orders_when_it_can() {
    let Some(pg) = pg::shared() else { return };
    // The table's role is not there yet: it cannot connect, as with no
    // network. The floor writes its orders meanwhile.
    let db = floor_db(pg, "late-t", &[]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = t1(&path, &clock, inbox(pg, &db, "late-t"), None);
    // The floor saw Bob with his 10,000 before the table went dark.
    write(pg, &db, "late-t", &bob_to_t2_with(10_000));
    write(pg, &db, "late-t", &FloorRecord::HandForHandSet { on: true });
    until("offline", || {
        app.tick();
        app.floor_banner()
            .first()
            .is_some_and(|l| l.starts_with("Floor's orders: offline since "))
    });
    // The table plays at full speed meanwhile.
    let start = Instant::now();
    for _ in 0..2 {
        fold_round(&mut app);
        press(&mut app, "n");
    }
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "the table never waits"
    );
    assert_eq!(app.session().expect("a hand").header().number, 3);
    // The role comes: the inbox catches up, and the orders are shown.
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: "late-t".into(),
            tables: vec!["T1".into()],
            passfile: None,
            passdir: None,
        },
    )
    .expect("init");
    until("caught up", || {
        app.tick();
        app.floor_banner()
            .first()
            .is_some_and(|l| l.starts_with("Floor: Bob (seat 2) -> T2 seat 7 with "))
    });
    assert!(
        app.session()
            .and_then(|s| s.table())
            .expect("a table")
            .hand_for_hand,
        "hand-for-hand followed"
    );
    fold_round(&mut app);
    // Bob's stack moved on while the floor could not see the table: the
    // order shows the chips he has here, and the key's leave takes them
    // (the floor tells the table he goes to what the leave journaled).
    let bob = app
        .session()
        .and_then(|s| s.table_between_hands())
        .and_then(|t| {
            t.seats
                .get(&floorcall::table::Seat::new(2).expect("seat 2"))
                .map(|p| p.chips.get())
        })
        .expect("Bob sits in seat 2");
    assert_ne!(bob, 10_000);
    assert_eq!(
        app.floor_banner().first().map(String::as_str),
        Some(
            format!(
                "Floor: Bob (seat 2) -> T2 seat 7 with {}  [F]",
                floorcall::table::Chips(bob)
            )
            .as_str()
        )
    );
    press(&mut app, "F");
    let journal = std::fs::read_to_string(&path).expect("the journal");
    assert!(
        journal.contains("\"line\":\"seat 2 leave\""),
        "{}",
        message(&app)
    );
    assert!(
        journal.contains(&format!(
            "\"type\":\"player-left\",\"seat\":2,\"chips\":{bob}"
        )),
        "the leave takes his chips: {journal}"
    );
}

#[test]
fn a_floor_record_changed_in_the_database_stops_the_reading_and_says_so() {
    let Some(pg) = pg::shared() else { return };
    // Written while the table cannot read (its role is not there yet),
    // the second record then changed behind the floor's back.
    let db = floor_db(pg, "tamper-t", &[]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let clock = SteppingClock::new(T0, 0, 0);
    let mut app = t1(&path, &clock, inbox(pg, &db, "tamper-t"), None);
    write(
        pg,
        &db,
        "tamper-t",
        &FloorRecord::HandForHandSet { on: true },
    );
    write(pg, &db, "tamper-t", &bob_to_t2());
    let changed = pg
        .admin(&db)
        .execute(
            "UPDATE floorcall.floor_records SET line = replace(line, '\"T2\"', '\"T3\"') \
             WHERE tournament = 'tamper-t' AND seq = 1",
            &[],
        )
        .expect("the superuser changes it");
    assert_eq!(changed, 1);
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: "tamper-t".into(),
            tables: vec!["T1".into()],
            passfile: None,
            passdir: None,
        },
    )
    .expect("init");
    until("the change is caught", || {
        app.tick();
        app.floor_banner().first().map(String::as_str)
            == Some(
                "Floor's orders stopped: the floor's record 1 does not follow the record before it: the floor's records are not read further",
            )
    });
    // The record before it is taken; the changed one is not.
    assert!(
        app.session()
            .and_then(|s| s.table())
            .expect("a table")
            .hand_for_hand
    );
    assert!(app.floor_orders().expect("orders").orders.is_empty());
}

/// The real binary with `--floor`, in tmux: its inbox shows the floor's
/// move, `F` journals the leave.
#[test]
fn the_real_binary_takes_the_floors_order_in_tmux() {
    let Some(pg) = pg::shared() else { return };
    if Tmux::skip("the_real_binary_takes_the_floors_order_in_tmux") {
        return;
    }
    let db = floor_db(pg, "bin-t", &["T1", "T2"]);
    let home = Home::new();
    let journal = home.path().join("T1.jsonl");
    let conninfo = pg.conninfo(&db);
    let floor = [
        "--floor",
        &conninfo,
        "--tournament",
        "bin-t",
        "--table",
        "T1",
    ];
    let table = table_flags(&journal, "3", "1000", "10/20", "Ann,Bob,Cy");
    let tmux = home.tmux("floor", &[&floor[..], &table].concat());
    tmux.wait_for("Seat 1 (Ann) to act");
    // Ann and Bob (the small blind) fold: Bob has 990 left.
    tmux.type_text("ff");
    tmux.wait_for("Hand 1 is over");
    // Between hands the floor moves Bob, from the table's own state.
    let FloorRecord::MoveConfirmed { mut mv } = bob_to_t2() else {
        unreachable!("a move")
    };
    mv.chips = 990;
    write(pg, &db, "bin-t", &FloorRecord::MoveConfirmed { mv });
    tmux.wait_for("Floor: Bob (seat 2) -> T2 seat 7 with 990  [F]");
    tmux.type_text("F");
    let screen = tmux.wait_for_all(&["Done for the floor", "(seat 2 leave)"]);
    assert!(screen.contains("(seat 2 leave)"), "{screen}");
    tmux.type_text("q");
    let start = Instant::now();
    while tmux.alive() {
        if start.elapsed() > Duration::from_secs(2) {
            tmux.type_text("y");
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "floorcall did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&journal).expect("the journal");
    assert!(text.contains("\"line\":\"seat 2 leave\""), "{text}");
}
