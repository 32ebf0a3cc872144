//! The floor's reading side: one thread, one connection, that LISTENs on
//! `floorcall` and then catches up, on every (re)connect, so no record
//! committed while it was away is missed; reads the rows a notification
//! names (a notification carries only the table and seq, and may be merged
//! with others or lost); and catches up on every table every few seconds
//! so a lost notification costs at most that. It runs every statement on
//! its own (never inside a transaction left open). Each table's records
//! are gathered into the journal's text and read back with the journal's
//! own reader (`journal::parse`), so the floor sees each table exactly as
//! the table's own `load` would.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use super::rows::Row;
use super::schema::head_of;
use super::{FloorError, check_name, connect, floor_role};
use crate::journal::chain::{self, Head};
use crate::journal::{Loaded, parse};

/// Where the floor reads, and how often it catches up.
#[derive(Debug, Clone)]
pub struct ReaderOptions {
    /// The database (its user is the floor's role, `fc.<tournament>`, when
    /// it names none).
    pub conninfo: String,
    /// The tournament.
    pub tournament: String,
    /// How often every table is read again, notified or not.
    pub catch_up: Duration,
    /// How long to wait before connecting again after a failure.
    pub retry: Duration,
    /// Told of each table (or the floor's records, `table: None`) brought
    /// up to date.
    pub updates: Option<mpsc::Sender<Update>>,
}

impl ReaderOptions {
    /// Options with the usual timings: a catch-up every 2 s, a retry every
    /// second.
    pub fn new(conninfo: &str, tournament: &str) -> ReaderOptions {
        ReaderOptions {
            conninfo: conninfo.to_string(),
            tournament: tournament.to_string(),
            catch_up: Duration::from_secs(2),
            retry: Duration::from_secs(1),
            updates: None,
        }
    }
}

/// A table (or the floor's records) brought up to date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Update {
    /// The table; `None`: the floor's own records.
    pub table: Option<String>,
    /// How many records the floor now holds of it.
    pub records: u64,
    /// When.
    pub at: Instant,
}

/// Whether the floor is reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReaderStatus {
    /// Not yet connected.
    Connecting,
    /// Listening.
    Live,
    /// The database cannot be reached: since when (local `HH:MM`), and why.
    Offline {
        /// The local time of the first failure.
        since: String,
        /// Why.
        why: String,
    },
}

/// One table as the floor holds it.
#[derive(Debug, Clone)]
pub struct TableFeed {
    /// Its records, as the journal's text.
    pub text: Vec<u8>,
    /// How many records.
    pub records: u64,
    /// The hash of the last.
    pub head: Option<Head>,
    /// The journal read back from them; an error names the record.
    pub loaded: Result<Loaded, String>,
    /// A row that did not follow the one before (the database's copy was
    /// changed): the feed takes nothing more.
    pub broken: Option<String>,
}

impl TableFeed {
    fn new() -> TableFeed {
        TableFeed {
            text: Vec::new(),
            records: 0,
            head: None,
            loaded: Ok(Loaded::default()),
            broken: None,
        }
    }
}

/// What the floor knows.
#[derive(Debug, Clone)]
pub struct FloorState {
    /// Each table, by name.
    pub tables: BTreeMap<String, TableFeed>,
    /// The floor's own records, in order.
    pub floor: Vec<Row>,
    /// Each fork the database recorded: table (`None`: the floor's), seq.
    pub forks: Vec<(Option<String>, i64)>,
    /// Whether the floor is reading.
    pub status: ReaderStatus,
    /// Counts every change, so a screen knows when to draw again.
    pub version: u64,
}

struct Shared {
    state: Mutex<FloorState>,
    stop: Mutex<bool>,
    wake: Condvar,
}

/// The floor's reader; dropping it stops the thread.
pub struct FloorReader {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl FloorReader {
    /// Starts the reading thread.
    pub fn start(options: ReaderOptions) -> Result<FloorReader, FloorError> {
        check_name(&options.tournament)?;
        let shared = Arc::new(Shared {
            state: Mutex::new(FloorState {
                tables: BTreeMap::new(),
                floor: Vec::new(),
                forks: Vec::new(),
                status: ReaderStatus::Connecting,
                version: 0,
            }),
            stop: Mutex::new(false),
            wake: Condvar::new(),
        });
        let inner = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("floor reader".into())
            .spawn(move || {
                Reader {
                    options,
                    shared: inner,
                    offline_since: None,
                }
                .run()
            })
            .map_err(|e| FloorError::Io(format!("starting the floor's reader: {e}")))?;
        Ok(FloorReader {
            shared,
            thread: Some(thread),
        })
    }

    /// The floor's state now (held briefly: the reader waits for it).
    pub fn state(&self) -> MutexGuard<'_, FloorState> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for FloorReader {
    fn drop(&mut self) {
        *self.shared.stop.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.shared.wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

struct Reader {
    options: ReaderOptions,
    shared: Arc<Shared>,
    offline_since: Option<String>,
}

/// A notification's payload.
#[derive(serde::Deserialize)]
struct Note {
    table: Option<String>,
}

impl Reader {
    fn stopped(&self) -> bool {
        *self.shared.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn state(&self) -> MutexGuard<'_, FloorState> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn run(mut self) {
        while !self.stopped() {
            if let Err(e) = self.session() {
                if self.offline_since.is_none() {
                    self.offline_since = Some(chrono::Local::now().format("%H:%M").to_string());
                }
                let mut st = self.state();
                st.status = ReaderStatus::Offline {
                    since: self.offline_since.clone().unwrap_or_default(),
                    why: e.to_string(),
                };
                st.version += 1;
            }
            let stop = self.shared.stop.lock().unwrap_or_else(|e| e.into_inner());
            if !*stop {
                let _ = self.shared.wake.wait_timeout(stop, self.options.retry);
            }
        }
    }

    /// One connection's life: LISTEN, catch up, then read what is notified
    /// and catch up again at every period, until the connection fails or
    /// the reader stops.
    fn session(&mut self) -> Result<(), FloorError> {
        let role = floor_role(&self.options.tournament);
        let mut client = connect(&self.options.conninfo, Some(&role))?;
        client.batch_execute("LISTEN floorcall")?;
        self.catch_up(&mut client)?;
        self.offline_since = None;
        {
            let mut st = self.state();
            st.status = ReaderStatus::Live;
            st.version += 1;
        }
        let mut last_full = Instant::now();
        while !self.stopped() {
            let wait = self
                .options
                .catch_up
                .saturating_sub(last_full.elapsed())
                .min(Duration::from_millis(250));
            let mut named = BTreeSet::new();
            let mut floor = false;
            {
                let mut notes = client.notifications();
                let first = notes.timeout_iter(wait).next()?;
                let mut handle =
                    |n: postgres::Notification| match serde_json::from_str::<Note>(n.payload()) {
                        Ok(Note { table: Some(t) }) => {
                            named.insert(t);
                        }
                        _ => floor = true,
                    };
                if let Some(n) = first {
                    handle(n);
                    let mut more = notes.iter();
                    while let Some(n) = more.next()? {
                        handle(n);
                    }
                }
            }
            if last_full.elapsed() >= self.options.catch_up {
                self.catch_up(&mut client)?;
                last_full = Instant::now();
                continue;
            }
            for table in named {
                if check_name(&table).is_ok() {
                    self.read_table(&mut client, &table)?;
                }
            }
            if floor {
                self.read_floor(&mut client)?;
            }
        }
        Ok(())
    }

    /// Reads every table's records past those held, the floor's, and the
    /// forks.
    fn catch_up(&mut self, client: &mut Client) -> Result<(), FloorError> {
        let (names, next): (Vec<String>, Vec<i64>) = self
            .state()
            .tables
            .iter()
            .map(|(t, f)| (t.clone(), f.records as i64))
            .unzip();
        let rows = client.query(
            "SELECT r.tab, r.seq, r.prev, r.hash, r.line FROM floorcall.records r \
             LEFT JOIN unnest($2::text[], $3::int8[]) AS k(tab, next) ON k.tab = r.tab \
             WHERE r.tournament = $1 AND r.seq >= coalesce(k.next, 0) ORDER BY r.tab, r.seq",
            &[&self.options.tournament, &names, &next],
        )?;
        let mut by_table: BTreeMap<String, Vec<Row>> = BTreeMap::new();
        for r in rows {
            if let Some(row) = row_of(r.get(1), r.get(2), r.get(3), r.get(4)) {
                by_table.entry(r.get(0)).or_default().push(row);
            }
        }
        for (table, rows) in by_table {
            self.apply(&table, rows);
        }
        self.read_floor(client)?;
        let forks = client.query(
            "SELECT tab, seq FROM floorcall.forks WHERE tournament = $1 ORDER BY seen",
            &[&self.options.tournament],
        )?;
        let forks: Vec<(Option<String>, i64)> =
            forks.iter().map(|r| (r.get(0), r.get(1))).collect();
        let mut st = self.state();
        if st.forks != forks {
            st.forks = forks;
            st.version += 1;
        }
        Ok(())
    }

    fn read_table(&mut self, client: &mut Client, table: &str) -> Result<(), FloorError> {
        let next = self
            .state()
            .tables
            .get(table)
            .map_or(0, |f| f.records as i64);
        let rows = client.query(
            "SELECT seq, prev, hash, line FROM floorcall.records \
             WHERE tournament = $1 AND tab = $2 AND seq >= $3 ORDER BY seq",
            &[&self.options.tournament, &table, &next],
        )?;
        let rows = rows
            .iter()
            .filter_map(|r| row_of(r.get(0), r.get(1), r.get(2), r.get(3)))
            .collect();
        self.apply(table, rows);
        Ok(())
    }

    fn read_floor(&mut self, client: &mut Client) -> Result<(), FloorError> {
        let next = self.state().floor.len() as i64;
        let rows = client.query(
            "SELECT seq, prev, hash, line FROM floorcall.floor_records \
             WHERE tournament = $1 AND seq >= $2 ORDER BY seq",
            &[&self.options.tournament, &next],
        )?;
        if rows.is_empty() {
            return Ok(());
        }
        let records = {
            let mut st = self.state();
            for r in &rows {
                if let Some(row) = row_of(r.get(0), r.get(1), r.get(2), r.get(3))
                    && row.seq == st.floor.len() as i64
                {
                    st.floor.push(row);
                }
            }
            st.version += 1;
            st.floor.len() as u64
        };
        self.tell(None, records);
        Ok(())
    }

    /// Adds a table's new rows (in order, from the one it lacks), and
    /// reads its journal again.
    fn apply(&mut self, table: &str, rows: Vec<Row>) {
        if rows.is_empty() {
            return;
        }
        let records = {
            let mut st = self.state();
            let feed = st
                .tables
                .entry(table.to_string())
                .or_insert_with(TableFeed::new);
            if feed.broken.is_some() {
                return;
            }
            for row in rows {
                if row.seq != feed.records as i64 {
                    continue;
                }
                let follows = feed.head.is_none_or(|h| h == row.prev);
                let own = chain::links(row.line.as_bytes()).is_some_and(|l| {
                    l.prev == row.prev && l.hash == row.hash && l.computed() == row.hash
                });
                if !follows || !own {
                    feed.broken = Some(format!(
                        "table {table}, record {}: the database's row does not follow the record before it",
                        row.seq
                    ));
                    break;
                }
                feed.text.extend_from_slice(row.line.as_bytes());
                feed.text.push(b'\n');
                feed.records += 1;
                feed.head = Some(row.hash);
            }
            let name = format!("table {table} in the database");
            feed.loaded = parse(Path::new(&name), &feed.text).map_err(|e| e.to_string());
            let records = feed.records;
            st.version += 1;
            records
        };
        self.tell(Some(table.to_string()), records);
    }

    fn tell(&self, table: Option<String>, records: u64) {
        if let Some(tx) = &self.options.updates {
            let _ = tx.send(Update {
                table,
                records,
                at: Instant::now(),
            });
        }
    }
}

/// A row read from the database, if its hashes are 32 bytes.
fn row_of(seq: i64, prev: Vec<u8>, hash: Vec<u8>, line: String) -> Option<Row> {
    Some(Row {
        seq,
        prev: head_of(&prev)?,
        hash: head_of(&hash)?,
        line,
    })
}
