//! The journal's costs: `verify` over a journal of 2,000 ten-handed hands
//! (the chain, the seals, every entry ruled again), and one command
//! appended with the chain and synced (`sync_data`) to the disk, p50 and
//! p99 over 2,000 appends (and again in memory, `/dev/shm`, where the sync
//! costs nothing: the journal's own share).
//!
//! Beside each append, in turn, the disk's own floor: a raw 200-byte
//! line written at the end of a plain file in the same folder and synced
//! (`sync_data`); and, to see whether growing the file is what the sync
//! pays for, the same line written into a file whose blocks were already
//! written (zeros) ahead, so that no size or extent changes.
//!
//! Targets: `verify` at least 1 million records a second; an append's p99
//! under 5 ms.
//!
//! Measured on the shared machine (22 November 2026): the disk has
//! moods, minutes long. Slow (load 4-6), every sync takes 4 ms: p50 4.0
//! ms and p99 7.5-8 ms raw, the journal's append the same. Busy (load 4),
//! p50 0.2 ms and p99 3-4.6 ms raw against 4-5.2 ms for the journal's
//! append. Quiet (load 1.8), p99 0.43 ms raw against 0.50 ms. The blocks
//! written ahead save nothing that the noise does not hide, so the journal
//! does not preallocate: its p99 is the disk's.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};

mod support;
use floorcall::journal::verify::{VerifyOptions, verify};
use floorcall::journal::{Journal, Session};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use support::{HAND, build, header, scratch};

fn verify_bench(c: &mut Criterion, hands: u32) {
    let dir = scratch();
    let path = build(&dir, hands);
    let bytes = std::fs::read(&path).expect("read");
    let options = VerifyOptions::default();
    let v = verify(&path, &bytes, &options).expect("verifies");
    let start = Instant::now();
    let cpu = cpu_seconds();
    let runs = 5;
    for _ in 0..runs {
        black_box(verify(&path, &bytes, &options).expect("verifies"));
    }
    let per = start.elapsed().as_secs_f64() / runs as f64;
    let cpu_per = (cpu_seconds() - cpu) / runs as f64;
    println!(
        "verify: {} hands, {} records, {} MB: {:.1} ms, {:.2} million records/s; {:.1} ms of CPU time, {:.2} million records per CPU second",
        v.hands,
        v.records,
        bytes.len() / 1_000_000,
        per * 1e3,
        v.records as f64 / per / 1e6,
        cpu_per * 1e3,
        v.records as f64 / cpu_per / 1e6
    );
    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Elements(v.records as u64));
    group.sample_size(10);
    group.bench_function(format!("{hands}_hands_{}_records", v.records), |b| {
        b.iter(|| black_box(verify(&path, &bytes, &options).expect("verifies")))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// This process's CPU time so far (user and system, all threads), from
/// `/proc/self/stat` in clock ticks of 1/100 s; 0 where there is none. On
/// a machine shared with other work the wall time says little, the CPU
/// time what the work itself costs.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which is in parentheses):
    // utime and stime are the 14th and 15th of the line.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// One command decided, chained, written and synced in `base` (the real
/// disk; or a folder in memory, whose sync costs nothing, to see the
/// journal's own share), `runs` times. Beside each, in turn and in the
/// same folder, the disk's floor: a raw 200-byte line appended to a plain
/// file and synced, and the same line written into a file whose blocks
/// were written ahead (zeros, synced), where the sync has no size or
/// extent to record. Taken in turn, the three see the same disk: on a
/// shared machine its latency moves from minute to minute.
fn append_percentiles(base: &Path, runs: usize) {
    let dir = base.join(format!("floorcall-append-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let mut floor = Floor::new(&dir, runs);
    let path = dir.join("journal.jsonl");
    let (journal, _) = Journal::open(&path).expect("a journal");
    let mut journal = Some(journal);
    let mut times = Vec::with_capacity(runs);
    let mut n = 1;
    while times.len() < runs {
        let mut session =
            Session::start(header(n), HouseRules::tda(), &mut journal).expect("starts");
        n += 1;
        for line in HAND {
            let command = parse_line(line).expect("valid").expect("a command");
            let start = Instant::now();
            session
                .execute(&command, Some(line.to_string()))
                .expect("taken");
            times.push(start.elapsed());
            floor.measure();
        }
        journal = session.into_journal();
    }
    let _ = std::fs::remove_dir_all(&dir);
    let base = base.display();
    println!(
        "append with the chain and sync_data in {base}: {}",
        percentiles(times)
    );
    println!(
        "  raw 200-byte append and sync_data, in turn with it: {}",
        percentiles(floor.appended)
    );
    println!(
        "  raw 200-byte write into blocks written ahead and sync_data, in turn with it: {}",
        percentiles(floor.ahead)
    );
}

/// The disk's floor under an append, measured in turn with the journal's.
struct Floor {
    /// A plain file that grows by a line each time.
    grows: std::fs::File,
    /// A file whose blocks were written (zeros) ahead; lines overwrite them.
    written_ahead: std::fs::File,
    appended: Vec<Duration>,
    ahead: Vec<Duration>,
}

/// A 200-byte line, about a journal record's length.
const RAW_LINE: [u8; 200] = {
    let mut line = [b'x'; 200];
    line[199] = b'\n';
    line
};

impl Floor {
    /// The two files in `dir`, the second written ahead for `runs` lines
    /// (and some: the journal's hands may end past `runs`).
    fn new(dir: &Path, runs: usize) -> Floor {
        use std::io::Write;
        let grows = std::fs::File::create(dir.join("raw.jsonl")).expect("a file");
        let mut written_ahead =
            std::fs::File::create(dir.join("written-ahead.jsonl")).expect("a file");
        let ahead_lines = runs + HAND.len();
        written_ahead
            .write_all(&vec![0; ahead_lines * RAW_LINE.len()])
            .expect("zeros");
        written_ahead.sync_all().expect("synced");
        std::io::Seek::rewind(&mut written_ahead).expect("to the start");
        Floor {
            grows,
            written_ahead,
            appended: Vec::with_capacity(ahead_lines),
            ahead: Vec::with_capacity(ahead_lines),
        }
    }

    /// One raw line written and synced in each file.
    fn measure(&mut self) {
        self.appended.push(write_and_sync(&mut self.grows));
        self.ahead.push(write_and_sync(&mut self.written_ahead));
    }
}

/// `RAW_LINE` written at the file's position and synced: how long it took.
fn write_and_sync(file: &mut std::fs::File) -> Duration {
    use std::io::Write;
    let start = Instant::now();
    file.write_all(&RAW_LINE).expect("written");
    file.sync_data().expect("synced");
    start.elapsed()
}

/// p50, p90, p99 and the largest of `times`, in milliseconds, as a line.
fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    format!(
        "p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} writes)",
        ms(at(0.50)),
        ms(at(0.90)),
        ms(at(0.99)),
        ms(times[times.len() - 1]),
        times.len()
    )
}

fn main() {
    // `cargo test --benches` runs benches as tests with `--bench` absent:
    // keep that quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    if quick {
        let dir = scratch();
        let path = build(&dir, 3);
        let bytes = std::fs::read(&path).expect("read");
        verify(&path, &bytes, &VerifyOptions::default()).expect("verifies");
        let _ = std::fs::remove_dir_all(&dir);
        println!("benchmarks build and run; `cargo bench --bench journal` measures them");
        return;
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let only_append = std::env::args().any(|a| a == "append");
    if !only_append {
        verify_bench(&mut c, 2_000);
    }
    append_percentiles(&std::env::temp_dir(), 2_000);
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        append_percentiles(shm, 2_000);
    }
    c.final_summary();
}
