//! The floor under a room's load (issue 22): 100 simulated tables, each
//! keying 2 entries a second (`support::HAND`, hand after hand, each
//! entry journaled and synced as the table does it) for 60 s into one
//! local PostgreSQL through each table's `floor::Link`, while one
//! `floor::FloorReader` rebuilds every table. Measured: the entries and
//! records a second sustained, p50 and p99 from the moment a table's
//! journal write returns to the moment the floor's state holds that
//! record (target: p99 under 200 ms), and, after the database is killed
//! for 30 s while the tables go on, how long from its restart until the
//! floor holds every record again.
//!
//! A measured tool, not a criterion bench: `cargo bench --bench floor`.
//! `FLOOR_BENCH_TABLES`, `FLOOR_BENCH_SECS` and `FLOOR_BENCH_OUTAGE`
//! change the 100, 60 and 30. It starts its own throwaway PostgreSQL
//! (tests/it/pg.rs) and says so and stops where there is none.

#[cfg(unix)]
#[path = "../tests/it/pg.rs"]
#[allow(dead_code)] // the tests' shared cluster: the bench has its own
mod pg;
mod support;

#[cfg(unix)]
fn main() {
    bench::run();
}

#[cfg(not(unix))]
fn main() {
    eprintln!("the floor bench runs on Unix only (its PostgreSQL runs in a temporary folder)");
}

#[cfg(unix)]
mod bench {
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, mpsc};
    use std::time::{Duration, Instant};

    use floorcall::floor::{
        self, FloorReader, InitOptions, Link, LinkOptions, LinkStatus, ReaderOptions, Update,
    };
    use floorcall::journal::{Journal, JournalOptions, Session};
    use floorcall::rules::HouseRules;
    use floorcall::table::event::TableSetup;
    use floorcall::table::{Chips, Seat};

    use super::pg;
    use super::support::{HAND, header, play};

    fn env(name: &str, default: u64) -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    /// When each record of each table was journaled, by seq.
    type Written = Arc<Mutex<Vec<Vec<Instant>>>>;

    /// One simulated table: keys an entry every `every` until `stop`,
    /// noting when each record's write returned.
    fn table(
        index: usize,
        path: PathBuf,
        link: Arc<Link>,
        written: Written,
        stop: Arc<AtomicBool>,
        every: Duration,
    ) {
        let (journal, _) = Journal::open_with(
            &path,
            JournalOptions {
                clock: None,
                table: Some(format!("T{index}")),
            },
        )
        .expect("a journal");
        let mut journal = Some(journal);
        let mut read_to = 0usize;
        let mut hand = 1;
        // Spread the tables over the first interval.
        std::thread::sleep(every.mul_f64(index as f64 / 100.0 % 1.0));
        let mut next = Instant::now();
        // The stacks each hand leaves go on to the next (verify checks it).
        let mut stacks: Vec<(Seat, Chips)> = (0..10)
            .map(|i| (Seat::from_index(i), Chips(100_000)))
            .collect();
        'hands: loop {
            let mut h = header(hand);
            h.setup = TableSetup::preflop(h.setup.button, (Chips(100), Chips(200)), stacks.clone());
            let mut session = Session::start(h, HouseRules::tda(), &mut journal).expect("starts");
            note(&path, &mut read_to, &written, index);
            link.poke();
            for line in HAND {
                next += every;
                if let Some(wait) = next.checked_duration_since(Instant::now()) {
                    std::thread::sleep(wait);
                }
                if stop.load(Ordering::Relaxed) {
                    break 'hands;
                }
                play(&mut session, &[line]);
                note(&path, &mut read_to, &written, index);
                link.poke();
            }
            let state = session.hand().state();
            stacks = stacks
                .iter()
                .map(|(seat, _)| (*seat, state.seat(*seat).stack))
                .collect();
            journal = session.into_journal();
            hand += 1;
        }
    }

    /// Notes the time of the journal's records written since the last
    /// note.
    fn note(path: &Path, read_to: &mut usize, written: &Written, index: usize) {
        let now = Instant::now();
        let bytes = std::fs::read(path).expect("reads");
        let new = memchr::memchr_iter(b'\n', &bytes[*read_to..]).count();
        *read_to = bytes.len();
        let mut w = written.lock().expect("lock");
        w[index].extend(std::iter::repeat_n(now, new));
    }

    /// The floor's side: each update's records matched to their writes.
    struct Seen {
        updates: mpsc::Receiver<Update>,
        written: Written,
        seen: HashMap<String, u64>,
    }

    impl Seen {
        /// Takes the floor's updates until `until`, each record's latency
        /// into `out`.
        fn collect(&mut self, until: Instant, out: &mut Vec<Duration>) {
            while let Some(wait) = until.checked_duration_since(Instant::now()) {
                let Ok(u) = self.updates.recv_timeout(wait) else {
                    continue;
                };
                let Some(table) = u.table else { continue };
                let index: usize = table[1..].parse().expect("T<n>");
                let from = self.seen.insert(table, u.records).unwrap_or(0);
                let w = self.written.lock().expect("lock");
                for seq in from..u.records {
                    if let Some(t) = w[index].get(seq as usize) {
                        out.push(u.at.saturating_duration_since(*t));
                    }
                }
            }
        }
    }

    fn percentile(sorted: &[Duration], p: f64) -> Duration {
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        sorted[((sorted.len() - 1) as f64 * p).round() as usize]
    }

    pub fn run() {
        let tables = env("FLOOR_BENCH_TABLES", 100) as usize;
        let secs = env("FLOOR_BENCH_SECS", 60);
        let outage = env("FLOOR_BENCH_OUTAGE", 30);
        let Some(cluster) = pg::own() else {
            eprintln!("floor bench: no PostgreSQL, nothing measured");
            return;
        };
        let db = cluster.database("bench");
        let names: Vec<String> = (0..tables).map(|i| format!("T{i}")).collect();
        floor::init(
            &mut cluster.admin(&db),
            &InitOptions {
                tournament: "bench".into(),
                tables: names.clone(),
                passfile: None,
                passdir: None,
            },
        )
        .expect("init");
        let dir = super::support::scratch().join("floor");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");

        let (tx, updates) = mpsc::channel::<Update>();
        let mut options = ReaderOptions::new(&cluster.conninfo(&db), "bench");
        options.updates = Some(tx);
        options.retry = Duration::from_millis(200);
        let reader = FloorReader::start(options).expect("the floor reads");

        let written: Written = Arc::new(Mutex::new(vec![Vec::new(); tables]));
        let stop = Arc::new(AtomicBool::new(false));
        let mut links = Vec::new();
        let mut threads = Vec::new();
        let mut paths = Vec::new();
        for name in &names {
            let path = dir.join(format!("{name}.jsonl"));
            let mut lo = LinkOptions::new(&cluster.conninfo(&db), "bench", name, path.clone());
            lo.retry = Duration::from_millis(200);
            links.push(Arc::new(Link::start(lo).expect("a link")));
            paths.push(path);
        }
        // Measured from a room already connected.
        let ready = Instant::now();
        while !(links.iter().all(|l| l.status() == LinkStatus::Live)
            && reader.state().status == floor::ReaderStatus::Live)
        {
            assert!(ready.elapsed() < Duration::from_secs(60), "never connected");
            std::thread::sleep(Duration::from_millis(20));
        }
        for (i, path) in paths.into_iter().enumerate() {
            let link = Arc::clone(&links[i]);
            let (written, stop) = (Arc::clone(&written), Arc::clone(&stop));
            threads.push(std::thread::spawn(move || {
                table(i, path, link, written, stop, Duration::from_millis(500))
            }));
        }
        let mut floor = Seen {
            updates,
            written: Arc::clone(&written),
            seen: HashMap::new(),
        };
        let mut latencies = Vec::new();
        let start = Instant::now();
        floor.collect(start + Duration::from_secs(secs), &mut latencies);
        let stored_before: u64 = written
            .lock()
            .expect("lock")
            .iter()
            .map(|w| w.len() as u64)
            .sum();
        let run = start.elapsed();
        latencies.sort();
        let entries = stored_before as f64 / run.as_secs_f64();
        println!(
            "floor: {tables} tables, {secs} s: {stored_before} records journaled ({entries:.0} a second; an entry is one, a hand's start and end one more each), {} reached the floor; journal write to the floor's state p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            latencies.len(),
            percentile(&latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );

        // The outage: the database killed, the tables go on.
        if outage > 0 {
            cluster.kill();
            let mut during = Vec::new();
            let down = Instant::now();
            floor.collect(down + Duration::from_secs(outage), &mut during);
            let offline = links
                .iter()
                .filter(|l| matches!(l.status(), LinkStatus::Offline { .. }))
                .count();
            stop.store(true, Ordering::Relaxed);
            for t in threads.drain(..) {
                t.join().expect("a table");
            }
            let total: Vec<u64> = written
                .lock()
                .expect("lock")
                .iter()
                .map(|w| w.len() as u64)
                .collect();
            let waiting: u64 = total.iter().sum::<u64>() - floor.seen.values().sum::<u64>();
            cluster.restart();
            let up = Instant::now();
            let mut catch_up = Vec::new();
            loop {
                floor.collect(Instant::now() + Duration::from_millis(50), &mut catch_up);
                let done = names
                    .iter()
                    .zip(&total)
                    .all(|(n, t)| floor.seen.get(n).copied().unwrap_or(0) >= *t);
                if done {
                    break;
                }
                assert!(up.elapsed() < Duration::from_secs(300), "never caught up");
            }
            println!(
                "floor: database down {outage} s ({offline} of {tables} links offline), {waiting} records waiting; after its restart the floor held every record in {:.2} s",
                up.elapsed().as_secs_f64()
            );
        } else {
            stop.store(true, Ordering::Relaxed);
            for t in threads.drain(..) {
                t.join().expect("a table");
            }
        }
        let verified = floor::verify(&mut cluster.admin(&db), "bench").expect("verifies");
        let bad: Vec<String> = verified
            .lines()
            .into_iter()
            .filter(|l| !l.starts_with("OK"))
            .collect();
        let rebuilt = reader
            .state()
            .tables
            .values()
            .filter(|f| f.loaded.is_ok())
            .count();
        println!(
            "floor: verify: {} chains, {} not OK{}; {rebuilt} of {tables} tables read back whole on the floor",
            verified.chains.len(),
            bad.len(),
            bad.first().map(|b| format!(" ({b})")).unwrap_or_default()
        );
        drop(reader);
        drop(links);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
