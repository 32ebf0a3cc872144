//! The room's page under load (issue 36.5): 200 displays connected to one
//! floor of 100 simulated tables (each nine-handed, a real journal of ten
//! hands, on the screen's desk in memory, `MemoryDesk`). The room changes
//! (the TD says something: a `Said` record decided by the engine) ten
//! times a second; each change's board is worked out (`Board::of`) and
//! published on the page's own watch channel and server, the path the
//! floor's feeder takes (the database's reader is left out: the floor
//! bench measures it). Each display is a plain HTTP/1 client on its own
//! thread reading `/events`; the time from the change decided to each
//! display's receipt of its board is measured, and its p50, p99 and
//! largest printed.
//!
//! Then the floor's own work (the TD's screen refreshed, every table read
//! at a glance, and redrawn at 120x40, as `floor_screen` measures it) is
//! measured by criterion with no display connected and again with the 200
//! displays receiving ten changes a second.
//!
//! Measured 2026-11-29 on the shared 2-core build machine: every display
//! received each of 100 changes, change to receipt p50 3.3 ms, p99 9.5
//! ms, largest 55.6 ms; the TD's screen's refresh and redraw 23.6 ms with
//! no display, 23.4 ms with the 200 displays served.
//!
//! `cargo bench --bench page`; without `--bench` (as `cargo test
//! --benches` runs it) it only serves a few displays a few changes.

#[path = "../tests/it/floor/tables.rs"]
mod floor_tables;
mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::Criterion;
use floorcall::journal::SystemClock;
use floorcall::page::{Boards, Page};
use floorcall::rules::HouseRules;
use floorcall::tournament::Decide;
use floorcall::tournament::board::Board;
use floorcall::tui::Theme;
use floorcall::tui::floor::{FloorDesk, FloorScreen, MemoryDesk};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use floor_tables::{Playing, T0, named, nine, structure};

/// `tables` tables of nine, each `hands` hands played.
fn room(dir: &Path, tables: usize, hands: u32) -> MemoryDesk {
    let played: Vec<_> = (1..=tables)
        .map(|i| {
            let name = format!("T{i}");
            let mut t = Playing::open(dir, &name, &named(&nine(&name)), T0);
            t.hands(hands);
            t.for_desk()
        })
        .collect();
    MemoryDesk::new(HouseRules::tda(), structure(), played, T0 + 60_000)
}

/// Each display's receipts: (change number, when).
type Receipts = Arc<Mutex<Vec<(u32, Instant)>>>;

/// A display: reads `/events` and notes when each change's board came.
fn display(addr: SocketAddr, receipts: Receipts, ready: Arc<std::sync::Barrier>) {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        ready.wait();
        return;
    };
    let _ = stream
        .write_all(b"GET /events HTTP/1.1\r\nHost: room\r\nAccept: text/event-stream\r\n\r\n");
    let mut lines = BufReader::new(stream);
    let mut line = String::new();
    let mut first = true;
    while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
        if line.starts_with("data:") {
            if first {
                first = false;
                ready.wait();
            }
            if let Some(n) = line
                .split("\"message\":\"change ")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .and_then(|n| n.parse::<u32>().ok())
            {
                let now = Instant::now();
                if let Ok(mut r) = receipts.lock() {
                    r.push((n, now));
                }
            }
        }
        line.clear();
    }
}

/// `n` displays connected to `page`, each on its own thread, once each
/// has its first board.
fn connect(page: &Page, n: usize, receipts: &Receipts) {
    let ready = Arc::new(std::sync::Barrier::new(n + 1));
    for _ in 0..n {
        let (receipts, ready, addr) = (receipts.clone(), ready.clone(), page.addr());
        std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || display(addr, receipts, ready))
            .expect("a display's thread");
    }
    ready.wait();
}

/// The room changed `changes` times, `every` apart, each published: when
/// each change was decided.
fn changes(
    desk: &mut MemoryDesk,
    boards: &Boards,
    from: u32,
    n: u32,
    every: Duration,
) -> Vec<Instant> {
    let mut at = Vec::new();
    for i in from..from + n {
        let start = Instant::now();
        desk.say(&format!("change {i}")).expect("said");
        let board = Board::of(desk.tournament(), "bench", desk.now_ms());
        boards.publish(&board, None);
        at.push(start);
        std::thread::sleep(every);
    }
    at
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let dir = support::scratch();
    let (tables, displays, n) = if quick { (4, 5, 5) } else { (100, 200, 100) };
    let mut desk = room(&dir, tables, if quick { 1 } else { 10 });
    let boards = Boards::new();
    boards.publish(&Board::of(desk.tournament(), "bench", desk.now_ms()), None);
    let page = Page::serve("127.0.0.1:0", boards.clone(), Arc::new(SystemClock)).expect("serves");
    let receipts: Receipts = Arc::default();
    connect(&page, displays, &receipts);
    let decided = changes(&mut desk, &boards, 0, n, Duration::from_millis(100));
    std::thread::sleep(Duration::from_millis(500));
    let mut delays: Vec<Duration> = receipts
        .lock()
        .expect("the receipts")
        .iter()
        .filter_map(|(i, at)| decided.get(*i as usize).map(|d| at.duration_since(*d)))
        .collect();
    delays.sort_unstable();
    let expected = displays * n as usize;
    println!(
        "page: {displays} displays, {tables} tables, {n} changes: {} of {expected} boards received; change to receipt p50 {:.1} ms, p99 {:.1} ms, largest {:.1} ms",
        delays.len(),
        percentile(&delays, 0.5).as_secs_f64() * 1000.0,
        percentile(&delays, 0.99).as_secs_f64() * 1000.0,
        delays.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    assert_eq!(
        delays.len(),
        expected,
        "every display received every change"
    );
    if quick {
        drop(page);
        let _ = std::fs::remove_dir_all(&dir);
        println!("benchmarks build and run; `cargo bench --bench page` measures them");
        return;
    }

    // The floor's own work, without and with the displays served.
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let mut screen = FloorScreen::new(room(&dir, 100, 10), Theme::default());
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    let mut work = |c: &mut Criterion, name: &str| {
        c.bench_function(name, |b| {
            b.iter(|| {
                screen
                    .desk_mut()
                    .set_status(floorcall::floor::ReaderStatus::Live);
                assert!(screen.tick());
                terminal
                    .draw(|f| f.render_widget(&screen, f.area()))
                    .expect("drawn");
            })
        });
    };
    drop(page);
    work(&mut c, "floor refresh + redraw, 100 tables, no display");
    let page = Page::serve("127.0.0.1:0", boards.clone(), Arc::new(SystemClock)).expect("serves");
    connect(&page, displays, &receipts);
    let stop = Arc::new(AtomicBool::new(false));
    let feeding = {
        let (stop, boards) = (stop.clone(), boards.clone());
        std::thread::spawn(move || {
            let mut i = n;
            while !stop.load(Ordering::Relaxed) {
                changes(&mut desk, &boards, i, 1, Duration::from_millis(100));
                i += 1;
            }
        })
    };
    work(
        &mut c,
        "floor refresh + redraw, 100 tables, 200 displays at 10 changes/s",
    );
    stop.store(true, Ordering::Relaxed);
    let _ = feeding.join();
    c.final_summary();
    drop(page);
    let _ = std::fs::remove_dir_all(&dir);
}
