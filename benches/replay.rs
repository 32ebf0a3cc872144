//! Replay throughput: how fast `HandState::fold` rebuilds hands from their
//! events. Every shared PHH hand (`../shared/phh/famous` and `pluribus`) is
//! imported and played once, outside the timed loops, to record its events;
//! the benchmarks then fold those events only.
//!
//! Targets: at least 20 million events per second over all hands, and a
//! million events folded (the recorded hands repeated, each from a fresh
//! state) in under 50 ms.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "shared_phh.rs"]
mod shared_phh;

use floorcall::notation::phh;
use floorcall::table::{Event, HandState};

/// Each shared PHH hand's events, in journal order.
fn recorded_hands() -> Vec<Vec<Event>> {
    shared_phh::texts()
        .iter()
        .map(|(path, text)| {
            let hand = phh::import(text)
                .and_then(|h| phh::replay(&h))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            hand.entries()
                .iter()
                .flat_map(|entry| entry.events.iter().cloned())
                .collect()
        })
        .collect()
}

fn fold_all(hands: &[&[Event]]) {
    for events in hands {
        black_box(HandState::fold(black_box(*events)));
    }
}

fn replay(c: &mut Criterion) {
    let hands = recorded_hands();
    let total: usize = hands.iter().map(Vec::len).sum();
    eprintln!("{} hands, {total} events", hands.len());
    let once: Vec<&[Event]> = hands.iter().map(Vec::as_slice).collect();

    let mut group = c.benchmark_group("fold");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("all_phh_hands", |b| b.iter(|| fold_all(&once)));
    group.finish();

    // The recorded hands, repeated until there are a million events.
    let mut million: Vec<&[Event]> = Vec::new();
    let mut events = 0;
    while events < 1_000_000 {
        for h in &hands {
            million.push(h);
            events += h.len();
        }
    }
    let mut group = c.benchmark_group("fold_1m");
    group.throughput(Throughput::Elements(events as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(format!("{events}_events"), |b| {
        b.iter(|| fold_all(&million))
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
