//! The floor's reading side: one thread, one connection, listening as
//! `listen` does (LISTEN, then catch up, on every (re)connect; the rows a
//! notification names; every table again every few seconds). Each table's records
//! are gathered into the journal's text and read back with the journal's
//! own reader (`journal::parse`), so the floor sees each table exactly as
//! the table's own `load` would.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use postgres::Client;

use super::listen::{Listener, Listening, ReaderStatus, Stop, floor_rows, follows, listen, row_of};
use super::rows::Row;
use super::{FloorError, check_name, floor_role};
use crate::journal::chain::Head;
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
    /// How many catch-ups (every table and the floor's records read whole)
    /// have ended: until one has, what is held may lack records the
    /// database has. The status says "live" as soon as the floor
    /// listens, before its first catch-up.
    pub catch_ups: u64,
}

struct Shared {
    state: Mutex<FloorState>,
    stop: Stop,
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
                catch_ups: 0,
            }),
            stop: Stop::new(),
        });
        let inner = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("floor reader".into())
            .spawn(move || {
                let how = Listening {
                    role: floor_role(&options.tournament),
                    conninfo: options.conninfo.clone(),
                    catch_up: options.catch_up,
                    retry: options.retry,
                };
                let mut reader = Reader {
                    options,
                    shared: Arc::clone(&inner),
                };
                listen(&how, &inner.stop, &mut reader);
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
        self.shared.stop.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

struct Reader {
    options: ReaderOptions,
    shared: Arc<Shared>,
}

impl Listener for Reader {
    fn catch_up(&mut self, client: &mut Client) -> Result<(), FloorError> {
        Reader::catch_up(self, client)
    }

    fn notified(
        &mut self,
        client: &mut Client,
        tables: BTreeSet<String>,
        floor: bool,
    ) -> Result<(), FloorError> {
        for table in tables {
            if check_name(&table).is_ok() {
                self.read_table(client, &table)?;
            }
        }
        if floor {
            self.read_floor(client)?;
        }
        Ok(())
    }

    fn status(&mut self, status: ReaderStatus) {
        let mut st = self.state();
        st.status = status;
        st.version += 1;
    }
}

impl Reader {
    fn state(&self) -> MutexGuard<'_, FloorState> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
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
        // The first catch-up's end is news: what is held is whole now.
        if st.forks != forks || st.catch_ups == 0 {
            st.forks = forks;
            st.version += 1;
        }
        st.catch_ups += 1;
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
        let rows = floor_rows(client, &self.options.tournament, next)?;
        if rows.is_empty() {
            return Ok(());
        }
        let records = {
            let mut st = self.state();
            for row in rows {
                if row.seq == st.floor.len() as i64 {
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
                if !follows(feed.head, &row) {
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
