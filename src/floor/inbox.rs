//! A table's inbox: the floor's records (draws, moves, hand-for-hand, the
//! clock) as one table reads them, from a background thread connected as
//! the table's own role (`fc.<tournament>.<table>`, which may read the
//! floor's records of its tournament and nothing of another table). It
//! listens as the floor's reader does (`listen`): LISTEN first, then catch
//! up, on every (re)connect, and again every few seconds.
//!
//! The table never waits on it: [`Inbox::records`] and [`Inbox::status`]
//! take a lock held only for an instant. With no database the table plays
//! on with the records it has; they come when the database does. Each row
//! is checked to follow the one before it (a floor record changed in the
//! database stops the reading, said on the status), and read as a
//! `tournament::FloorRecord`; a record of a kind this floorcall does not
//! know is counted and passed over.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use postgres::Client;

use super::listen::{Listener, Listening, Stop, floor_rows, follows, listen};
use super::{FloorError, ReaderStatus, check_conninfo, check_name, table_role};
use crate::journal::chain::Head;
use crate::tournament::FloorRecord;

/// Where a table reads the floor's records, and how often.
#[derive(Debug, Clone)]
pub struct InboxOptions {
    /// The database (its user is the table's role when it names none).
    pub conninfo: String,
    /// The tournament.
    pub tournament: String,
    /// This table's name.
    pub table: String,
    /// How often the records are read again, notified or not.
    pub catch_up: Duration,
    /// How long to wait before connecting again after a failure.
    pub retry: Duration,
}

impl InboxOptions {
    /// Options with the usual timings: a catch-up every 2 s, a retry every
    /// second.
    pub fn new(conninfo: &str, tournament: &str, table: &str) -> InboxOptions {
        InboxOptions {
            conninfo: conninfo.to_string(),
            tournament: tournament.to_string(),
            table: table.to_string(),
            catch_up: Duration::from_secs(2),
            retry: Duration::from_secs(1),
        }
    }
}

/// What the inbox holds.
#[derive(Debug, Clone)]
struct Held {
    records: Vec<FloorRecord>,
    /// Rows read (the next seq).
    rows: i64,
    head: Option<Head>,
    /// Rows that are not a record this floorcall knows.
    unknown: u64,
    /// A row that did not follow the one before: nothing more is read.
    broken: Option<String>,
    status: ReaderStatus,
    version: u64,
}

struct Shared {
    held: Mutex<Held>,
    stop: Stop,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A running inbox; dropping it stops the thread.
pub struct Inbox {
    table: String,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Inbox {
    /// Starts the reading thread. Nothing here touches the network; a
    /// connection string that does not read, or a bad name, is refused.
    pub fn start(options: InboxOptions) -> Result<Inbox, FloorError> {
        check_conninfo(&options.conninfo)?;
        check_name(&options.tournament)?;
        check_name(&options.table)?;
        let shared = Arc::new(Shared {
            held: Mutex::new(Held {
                records: Vec::new(),
                rows: 0,
                head: None,
                unknown: 0,
                broken: None,
                status: ReaderStatus::Connecting,
                version: 0,
            }),
            stop: Stop::new(),
        });
        let inner = Arc::clone(&shared);
        let table = options.table.clone();
        let thread = std::thread::Builder::new()
            .name(format!("floor inbox {}", options.table))
            .spawn(move || {
                let how = Listening {
                    role: table_role(&options.tournament, &options.table),
                    conninfo: options.conninfo.clone(),
                    catch_up: options.catch_up,
                    retry: options.retry,
                };
                let mut reader = Reader {
                    tournament: options.tournament,
                    shared: Arc::clone(&inner),
                };
                listen(&how, &inner.stop, &mut reader);
            })
            .map_err(|e| FloorError::Io(format!("starting the floor's inbox: {e}")))?;
        Ok(Inbox {
            table,
            shared,
            thread: Some(thread),
        })
    }

    /// This table's name.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Counts every change of the records or the status.
    pub fn version(&self) -> u64 {
        self.shared.lock().version
    }

    /// The floor's records read so far, in order.
    pub fn records(&self) -> Vec<FloorRecord> {
        self.shared.lock().records.clone()
    }

    /// Whether the records are being read.
    pub fn status(&self) -> ReaderStatus {
        self.shared.lock().status.clone()
    }

    /// A floor record that did not follow the one before it: the reading
    /// stopped there (the database's copy was changed).
    pub fn broken(&self) -> Option<String> {
        self.shared.lock().broken.clone()
    }

    /// Rows passed over: records of a kind this floorcall does not know.
    pub fn unknown(&self) -> u64 {
        self.shared.lock().unknown
    }
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox")
            .field("table", &self.table)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

impl Drop for Inbox {
    fn drop(&mut self) {
        self.shared.stop.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread's side.
struct Reader {
    tournament: String,
    shared: Arc<Shared>,
}

impl Reader {
    /// Reads the floor's records past those held.
    fn read(&mut self, client: &mut Client) -> Result<(), FloorError> {
        let from = {
            let held = self.shared.lock();
            if held.broken.is_some() {
                return Ok(());
            }
            held.rows
        };
        let rows = floor_rows(client, &self.tournament, from)?;
        if rows.is_empty() {
            return Ok(());
        }
        let mut held = self.shared.lock();
        for row in rows {
            if row.seq != held.rows {
                continue;
            }
            if !follows(held.head, &row) {
                held.broken = Some(format!(
                    "the floor's record {} does not follow the record before it: the floor's records are not read further",
                    row.seq
                ));
                break;
            }
            match serde_json::from_str::<FloorRecord>(&row.line) {
                Ok(record) => held.records.push(record),
                Err(_) => held.unknown += 1,
            }
            held.rows += 1;
            held.head = Some(row.hash);
        }
        held.version += 1;
        Ok(())
    }
}

impl Listener for Reader {
    fn catch_up(&mut self, client: &mut Client) -> Result<(), FloorError> {
        self.read(client)
    }

    fn notified(
        &mut self,
        client: &mut Client,
        _tables: BTreeSet<String>,
        floor: bool,
    ) -> Result<(), FloorError> {
        if floor { self.read(client) } else { Ok(()) }
    }

    fn status(&mut self, status: ReaderStatus) {
        let mut held = self.shared.lock();
        if held.status != status {
            held.status = status;
            held.version += 1;
        }
    }
}
