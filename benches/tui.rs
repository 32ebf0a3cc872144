//! One keystroke plus a full redraw of a 10-seat hand, at 120x40 and
//! 200x60: criterion's estimate, then 10,000 timed runs each for the p50,
//! p99 and worst case (the targets: p99 under 1 ms at 120x40, under 2 ms at
//! 200x60). Also, for scale, one command written and synced to a journal.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::journal::{HandHeader, Journal, Session};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::event::TableSetup;
use floorcall::table::{Chips, Seat};
use floorcall::tui::{self, App, Keymap, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const STACKS: [u64; 10] = [
    10_000, 8_000, 12_500, 10_000, 9_000, 10_000, 15_000, 4_000, 10_000, 11_000,
];
const NAMES: [&str; 10] = [
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
];
const LINES: [&str; 4] = ["s6 raise 600", "s7 call", "s8 fold", "s9 call"];

fn header() -> HandHeader {
    let stacks = STACKS
        .iter()
        .enumerate()
        .map(|(i, c)| (Seat::from_index(i), Chips(*c)))
        .collect();
    let setup = TableSetup::preflop(
        Seat::new(3).expect("seat 3"),
        (Chips(100), Chips(200)),
        stacks,
    );
    let names: BTreeMap<u8, String> = NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| (i as u8 + 1, n.to_string()))
        .collect();
    HandHeader::new("tda", 1, 10, names, setup)
}

fn play(session: &mut Session) {
    for line in LINES {
        let command = parse_line(line).expect("valid").expect("a command");
        session
            .execute(&command, Some(line.into()))
            .expect("accepted");
    }
}

/// Ten seats, a raise, two calls and a fold in: seat 10 to act.
fn ten_handed() -> App {
    let mut session = Session::unjournaled(header(), HouseRules::tda()).expect("starts");
    play(&mut session);
    App::with_session(session, Keymap::default(), Theme::default())
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

/// Alternates call and fold so that every frame differs from the last.
fn step(app: &mut App, terminal: &mut Terminal<TestBackend>, i: usize) {
    app.handle_key(key(if i.is_multiple_of(2) { 'c' } else { 'f' }));
    terminal.draw(|frame| tui::draw(frame, app)).expect("drawn");
}

fn percentiles(width: u16, height: u16) {
    const RUNS: usize = 10_000;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a terminal");
    let mut times = Vec::with_capacity(RUNS);
    for i in 0..RUNS {
        let mut app = ten_handed();
        let start = Instant::now();
        step(&mut app, &mut terminal, i);
        times.push(start.elapsed());
        black_box(&app);
    }
    times.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let at = |q: f64| times[((RUNS as f64 * q) as usize).min(RUNS - 1)];
    println!(
        "key + full redraw, 10 seats, {width}x{height}: p50 {:.0} µs, p90 {:.0} µs, p99 {:.0} µs, p99.9 {:.0} µs, max {:.0} µs ({RUNS} runs)",
        us(at(0.50)),
        us(at(0.90)),
        us(at(0.99)),
        us(at(0.999)),
        us(times[RUNS - 1]),
    );
}

fn journal_write() {
    const RUNS: usize = 500;
    let dir = std::env::temp_dir().join(format!("floorcall-bench-{}", std::process::id()));
    let path = dir.join("journal.jsonl");
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let _ = std::fs::remove_file(&path);
        let (journal, _) = Journal::open(&path).expect("a journal");
        let mut session =
            Session::start(header(), HouseRules::tda(), &mut Some(journal)).expect("starts");
        let command = parse_line("s6 raise 600")
            .expect("valid")
            .expect("a command");
        let start = Instant::now();
        session
            .execute(&command, Some("s6 raise 600".into()))
            .expect("accepted");
        times.push(start.elapsed());
    }
    let _ = std::fs::remove_dir_all(&dir);
    times.sort();
    println!(
        "one command journaled and synced (sync_data) in {}: p50 {:.0} µs, p99 {:.0} µs ({RUNS} runs)",
        std::env::temp_dir().display(),
        times[RUNS / 2].as_secs_f64() * 1e6,
        times[RUNS * 99 / 100].as_secs_f64() * 1e6,
    );
}

fn criterion_benches(c: &mut Criterion) {
    for (width, height) in [(120u16, 40u16), (200, 60)] {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a terminal");
        let mut i = 0usize;
        c.bench_function(&format!("key + redraw, 10 seats, {width}x{height}"), |b| {
            b.iter_batched(
                ten_handed,
                |mut app| {
                    i += 1;
                    step(&mut app, &mut terminal, i);
                    app
                },
                BatchSize::SmallInput,
            )
        });
    }
}

fn main() {
    // `cargo test --benches` runs benches as tests with `--bench` absent:
    // keep that quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    if quick {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
        step(&mut ten_handed(), &mut terminal, 0);
        println!("benchmarks build and run; `cargo bench` measures them");
        return;
    }
    percentiles(120, 40);
    percentiles(200, 60);
    journal_write();
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    criterion_benches(&mut c);
    c.final_summary();
}
