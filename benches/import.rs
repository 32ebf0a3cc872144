//! PHH import: every shared hand (`../shared/phh`, 500 files) read as TOML,
//! played under the TDA rules (parsed once, shared by every hand) and
//! compared with its finishing stacks: what `floorcall import --check`
//! does per hand, here on one core and with the files already in memory.
//!
//! Target (issue 9): 10,000 hands imported and checked in under 1 s, whole
//! process, which `floorcall import --check` meets on two cores; this bench
//! prints the one-core hands per second behind it.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "shared_phh.rs"]
mod shared_phh;

use floorcall::notation::phh;
use floorcall::rules::HouseRules;

fn check_all(texts: &[String], rules: &Arc<HouseRules>) -> usize {
    texts
        .iter()
        .filter(|text| phh::check(text, rules).is_ok())
        .count()
}

fn import(c: &mut Criterion) {
    let texts: Vec<String> = shared_phh::texts()
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    let rules = Arc::new(HouseRules::tda());
    assert_eq!(check_all(&texts, &rules), texts.len(), "every hand checks");
    let start = Instant::now();
    let rounds = 20;
    for _ in 0..rounds {
        black_box(check_all(&texts, &rules));
    }
    let per_hand = start.elapsed().as_secs_f64() / (rounds * texts.len()) as f64;
    println!(
        "import --check, one core, files in memory: {:.1} µs a hand, {:.0} ms for 10,000 hands",
        per_hand * 1e6,
        per_hand * 1e4 * 1e3
    );
    let mut group = c.benchmark_group("import");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function(format!("check_{}_phh_hands", texts.len()), |b| {
        b.iter(|| black_box(check_all(&texts, &rules)))
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
