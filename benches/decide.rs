//! The engine's cost per command, apart from any reading or writing: the
//! work `floorcall verify` pays for each entry it rules again (a `Hand`
//! deciding each line into its scratch state and keeping the events) and
//! `floorcall import --check` for each PHH action (a `Play` deciding it
//! and keeping only the state).
//!
//! - `readme_hand`: the README journal's hand (`support::HAND`, ten-handed
//!   to a showdown, 29 entries), at each of its ten rotations, on a `Hand`;
//! - `phh_hands`: every shared PHH hand (`../shared/phh/famous` and
//!   `pluribus`), its imported commands played on one `Play`.
//!
//! The commands are parsed and imported outside the timed loops.
//! `FLOORCALL_DECIDE_CHILD=readme` (or `phh`) with a count of rounds runs
//! that job alone, for a profiler: `perf record -g -- target/release/deps/
//! decide-* ` with the variable set.

mod support;

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, Throughput};

use floorcall::notation::{parse_line, phh};
use floorcall::rules::HouseRules;
use floorcall::table::event::TableSetup;
use floorcall::table::{Chips, Command, Hand, Play, Seat};
use support::HAND;

const CHILD: &str = "FLOORCALL_DECIDE_CHILD";

/// A hand to play: its table and its commands with their lines.
struct Played {
    setup: TableSetup,
    commands: Vec<(Command, Option<String>)>,
}

/// The README journal's hand at each of its ten rotations (as
/// `support::build` moves it round the table).
fn readme_hands() -> Vec<Played> {
    (0..10)
        .map(|shift| {
            let stacks = (0..10)
                .map(|i| (Seat::from_index(i), Chips(20_000)))
                .collect();
            let button = Seat::from_index((3 - 1 + shift) % 10);
            let setup = TableSetup::preflop(button, (Chips(100), Chips(200)), stacks);
            let commands = HAND
                .iter()
                .map(|line| {
                    let line = support::moved(line, shift);
                    let command = parse_line(&line).expect("valid").expect("a command");
                    (command, Some(line))
                })
                .collect();
            Played { setup, commands }
        })
        .collect()
}

/// Every shared PHH hand, imported.
fn phh_hands() -> Vec<Played> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/phh");
    let dirs = [root.join("famous"), root.join("pluribus")];
    let files = floorcall::files::find(&dirs, &["phh"]).expect("the shared hands");
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            let hand = phh::import(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Played {
                setup: hand.setup,
                commands: hand.commands.into_iter().map(|c| (c, None)).collect(),
            }
        })
        .collect()
}

/// Every hand on a `Hand` (a journal kept, lines and all).
fn on_hands(hands: &[Played], rules: &Arc<HouseRules>) {
    for played in hands {
        let mut hand = Hand::start(played.setup.clone(), Arc::clone(rules)).expect("starts");
        for (command, line) in &played.commands {
            hand.execute(command, line.clone()).expect("decided");
        }
        black_box(hand.state());
    }
}

/// Every hand on one `Play` (no journal).
fn on_play(hands: &[Played], rules: &HouseRules, play: &mut Play) {
    for played in hands {
        play.start(played.setup.clone(), rules).expect("starts");
        for (command, _) in &played.commands {
            play.execute(command, rules).expect("decided");
        }
        black_box(play.state());
    }
}

fn commands(hands: &[Played]) -> u64 {
    hands.iter().map(|h| h.commands.len() as u64 + 1).sum()
}

fn main() {
    let rules = Arc::new(HouseRules::tda());
    let readme = readme_hands();
    let phh = phh_hands();
    if let Ok(what) = std::env::var(CHILD) {
        let rounds: usize = std::env::args()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1_000);
        let mut play = Play::default();
        for _ in 0..rounds {
            match what.as_str() {
                "readme" => on_hands(&readme, &rules),
                _ => on_play(&phh, &rules, &mut play),
            }
        }
        return;
    }
    if !std::env::args().any(|a| a == "--bench") {
        on_hands(&readme, &rules);
        on_play(&phh, &rules, &mut Play::default());
        println!("benchmarks build and run; `cargo bench --bench decide` measures them");
        return;
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut group = c.benchmark_group("decide");
    group.throughput(Throughput::Elements(commands(&readme)));
    group.bench_function("readme_hand", |b| b.iter(|| on_hands(&readme, &rules)));
    group.throughput(Throughput::Elements(commands(&phh)));
    let mut play = Play::default();
    group.bench_function("phh_hands", |b| b.iter(|| on_play(&phh, &rules, &mut play)));
    group.finish();
    c.final_summary();
}
