//! The TD's floor screen with 100 tables (issue 22: "the floor's redraw
//! time with 100 tables"): each table nine-handed with a journal of ten
//! hands, every third one in a hand on the flop, on a `MemoryDesk` (the
//! screen's desk in memory, over the tables' real journals). Measured by
//! criterion: one redraw of the whole screen at 120x40 and 200x60 (a
//! line per table, scrolled), and one refresh that reads every table's
//! journal at a glance again (as when the database brought a change)
//! followed by the redraw.
//!
//! Measured 2026-11-27 on the shared 2-core build machine (18,562
//! journal records in all): a redraw 0.37 ms at 120x40 and 0.68 ms at
//! 200x60; a refresh of every table and the redraw 7.6 ms.
//!
//! `cargo bench --bench floor_screen`; without `--bench` (as `cargo test
//! --benches` runs it) it only builds a few tables and draws them once.

#[path = "../tests/it/floor/tables.rs"]
mod floor_tables;
mod support;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::Criterion;
use floorcall::floor::ReaderStatus;
use floorcall::rules::HouseRules;
use floorcall::tui::Theme;
use floorcall::tui::floor::{FloorScreen, MemoryDesk};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use floor_tables::{Playing, T0, named, nine, structure};

/// `tables` tables of nine, each `hands` hands played; every third one
/// then in its next hand, on the flop.
fn screen(dir: &Path, tables: usize, hands: u32) -> FloorScreen<MemoryDesk> {
    let played: Vec<_> = (1..=tables)
        .map(|i| {
            let name = format!("T{i}");
            let mut t = Playing::open(dir, &name, &named(&nine(&name)), T0);
            t.hands(hands);
            if i % 3 == 0 {
                t.next_hand();
                t.play_to_the_flop();
            }
            t.for_desk()
        })
        .collect();
    let desk = MemoryDesk::new(HouseRules::tda(), structure(), played, T0 + 60_000);
    let mut screen = FloorScreen::new(desk, Theme::default());
    screen.handle_key(crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char(' '),
        crossterm::event::KeyModifiers::NONE,
    ));
    screen
}

fn draw(screen: &FloorScreen<MemoryDesk>, terminal: &mut Terminal<TestBackend>) {
    terminal
        .draw(|f| f.render_widget(screen, f.area()))
        .expect("drawn");
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let dir = support::scratch();
    if quick {
        let s = screen(&dir, 4, 1);
        draw(
            &s,
            &mut Terminal::new(TestBackend::new(120, 40)).expect("a terminal"),
        );
        let _ = std::fs::remove_dir_all(&dir);
        println!("benchmarks build and run; `cargo bench --bench floor_screen` measures them");
        return;
    }
    let mut s = screen(&dir, 100, 10);
    let records: usize = s
        .tables()
        .iter()
        .filter_map(|t| t.glance.as_ref().ok())
        .map(|g| g.records)
        .sum();
    println!(
        "floor screen: {} tables, {records} journal records in all",
        s.tables().len()
    );
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for (width, height) in [(120u16, 40u16), (200, 60)] {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a terminal");
        c.bench_function(
            &format!("floor redraw, 100 tables, {width}x{height}"),
            |b| b.iter(|| draw(black_box(&s), &mut terminal)),
        );
    }
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    c.bench_function(
        "floor refresh (every table read at a glance) + redraw, 100 tables, 120x40",
        |b| {
            b.iter(|| {
                s.desk_mut().set_status(ReaderStatus::Live);
                assert!(s.tick());
                draw(&s, &mut terminal);
            })
        },
    );
    c.final_summary();
    let _ = std::fs::remove_dir_all(&dir);
}
