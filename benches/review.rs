//! `floorcall review` opening a journal of 2,000 ten-handed hands to its
//! first frame: the journal read and parsed, every hand folded for the
//! list (pot, winners, rulings, corrections), and the list drawn. Also
//! the first frame with a comparison (`--house nuts`: every hand ruled
//! again), and one step of a hand drawn.
//!
//! Target: the first frame in under 300 ms.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::Criterion;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::journal;
use floorcall::rules::HouseRules;
use floorcall::tui::Theme;
use floorcall::tui::review::{Review, hands_of};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

mod support;
use support::{build, scratch};

/// The review as `floorcall review JOURNAL [--house NAME]` opens it, drawn
/// once on a 120 by 40 terminal.
fn first_frame(path: &Path, house: Option<&HouseRules>) -> Review {
    let loaded = journal::load(path).expect("loads");
    let hands = hands_of(loaded.hands, |name| {
        HouseRules::built_in(name).and_then(Result::ok)
    });
    let mut review = Review::new("bench.jsonl".into(), hands, Theme::plain())
        .with_more_houses(HouseRules::all_built_in);
    review.compare_with(house.cloned());
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    terminal
        .draw(|f| f.render_widget(&review, f.area()))
        .expect("drawn");
    review
}

fn timed(what: &str, runs: u32, mut f: impl FnMut()) {
    let start = Instant::now();
    for _ in 0..runs {
        f();
    }
    println!(
        "{what}: {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3 / f64::from(runs)
    );
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let dir = scratch();
    let hands = if quick { 3 } else { 2_000 };
    let path = build(&dir, hands);
    if quick {
        black_box(first_frame(&path, None));
        let _ = std::fs::remove_dir_all(&dir);
        println!("benchmarks build and run; `cargo bench --bench review` measures them");
        return;
    }
    let nuts = HouseRules::built_in("nuts")
        .expect("built in")
        .expect("loads");
    timed("review: the journal read and parsed", 5, || {
        black_box(journal::load(&path).expect("loads"));
    });
    timed(
        "review: the journal read, parsed, every hand folded",
        5,
        || {
            let loaded = journal::load(&path).expect("loads");
            black_box(hands_of(loaded.hands, |_| None));
        },
    );
    timed("review: 2,000 hands to the first frame", 5, || {
        black_box(first_frame(&path, None));
    });
    timed(
        "review --house nuts: 2,000 hands to the first frame",
        5,
        || {
            black_box(first_frame(&path, Some(&nuts)));
        },
    );
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sample_size(10);
    c.bench_function("review_first_frame_2000_hands", |b| {
        b.iter(|| black_box(first_frame(&path, None)))
    });
    let mut review = first_frame(&path, Some(&nuts));
    review.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    c.bench_function("review_step_drawn_side_by_side", |b| {
        b.iter(|| {
            review.handle_key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
            terminal
                .draw(|f| f.render_widget(&review, f.area()))
                .expect("drawn");
        })
    });
    c.final_summary();
    let _ = std::fs::remove_dir_all(&dir);
}
