//! A table's link to the floor: a background thread that sends the
//! journal's records to the database, in order, after the journal has
//! them on disk (the journal is the outbox). The table never waits on it:
//! [`Link::poke`] and [`Link::status`] take a lock held only for an
//! instant, and the thread does all the waiting. With no database the
//! table works at full speed; the link says "offline since 21:04", and
//! when the database returns it resumes from the database's last record
//! of the table and catches up. Sending is idempotent (a record the
//! database holds with the same hash changes nothing), so nothing is lost
//! or duplicated across a crash on either side.

use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use postgres::Client;

use super::rows::{Row, rows_from};
use super::schema::{Sent, append};
use super::{FloorError, check_name, connect, mask, table_role};
use crate::journal::chain::Head;

/// Where and what a link sends.
#[derive(Debug, Clone)]
pub struct LinkOptions {
    /// The database (libpq string or URL; its user is the table's role,
    /// `fc.<tournament>.<table>`, when it names none).
    pub conninfo: String,
    /// The tournament.
    pub tournament: String,
    /// This table's name.
    pub table: String,
    /// The table's journal.
    pub journal: PathBuf,
    /// How long to wait before connecting again after a failure.
    pub retry: Duration,
    /// How often to look at the journal when nobody pokes.
    pub poll: Duration,
    /// The most records sent in one transaction.
    pub batch: usize,
}

impl LinkOptions {
    /// Options with the usual timings: a retry every second, the journal
    /// looked at every 200 ms, 500 records a transaction.
    pub fn new(conninfo: &str, tournament: &str, table: &str, journal: PathBuf) -> LinkOptions {
        LinkOptions {
            conninfo: conninfo.to_string(),
            tournament: tournament.to_string(),
            table: table.to_string(),
            journal,
            retry: Duration::from_secs(1),
            poll: Duration::from_millis(200),
            batch: 500,
        }
    }
}

/// The link as the table's status line shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkStatus {
    /// Not yet connected.
    Connecting,
    /// Every record the journal holds is in the database.
    Live,
    /// Connected, with this many records still to send.
    Behind(u64),
    /// The database cannot be reached: since when (local `HH:MM`), and
    /// how many records wait.
    Offline {
        /// The local time of the first failure.
        since: String,
        /// Records waiting.
        waiting: u64,
        /// Why, its password masked.
        why: String,
    },
    /// The database holds another record at `seq`: nothing more is sent.
    Fork {
        /// The record's place.
        seq: i64,
    },
    /// The database refused a record (a broken chain, a role not allowed
    /// this table), or the journal does not read: nothing more is sent.
    Refused(String),
}

impl fmt::Display for LinkStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkStatus::Connecting => f.write_str("floor: connecting"),
            LinkStatus::Live => f.write_str("floor: live"),
            LinkStatus::Behind(n) => write!(f, "floor: behind by {n}"),
            LinkStatus::Offline { since, .. } => write!(f, "floor: offline since {since}"),
            LinkStatus::Fork { seq } => write!(
                f,
                "floor: FORK at record {seq}: the database holds another record there; sending stopped"
            ),
            LinkStatus::Refused(why) => write!(f, "floor: refused: {why}"),
        }
    }
}

struct State {
    status: LinkStatus,
    /// The journal's records read so far.
    local: u64,
    /// Of those, how many the database holds.
    sent: u64,
    poked: bool,
    stop: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A running link; dropping it stops the thread.
pub struct Link {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Link {
    /// Starts the link's thread. Nothing here touches the network: the
    /// thread connects, and a database that is not there shows in the
    /// status. A connection string that does not read, or a bad name, is
    /// refused here.
    pub fn start(options: LinkOptions) -> Result<Link, FloorError> {
        super::check_conninfo(&options.conninfo)?;
        check_name(&options.tournament)?;
        check_name(&options.table)?;
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                status: LinkStatus::Connecting,
                local: 0,
                sent: 0,
                poked: false,
                stop: false,
            }),
            wake: Condvar::new(),
        });
        let inner = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(format!("floor link {}", options.table))
            .spawn(move || Sender::new(options, inner).run())
            .map_err(|e| FloorError::Io(format!("starting the floor link: {e}")))?;
        Ok(Link {
            shared,
            thread: Some(thread),
        })
    }

    /// Tells the thread the journal has new records (after the write that
    /// made them returned). Never waits.
    pub fn poke(&self) {
        self.shared.lock().poked = true;
        self.shared.wake.notify_one();
    }

    /// The link's state now.
    pub fn status(&self) -> LinkStatus {
        self.shared.lock().status.clone()
    }

    /// How many of the journal's records the database holds, of how many
    /// the link has read.
    pub fn progress(&self) -> (u64, u64) {
        let s = self.shared.lock();
        (s.sent, s.local)
    }
}

impl fmt::Debug for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Link")
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.wake.notify_one();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread's side.
struct Sender {
    options: LinkOptions,
    shared: Arc<Shared>,
    /// The offset in the journal after the last record read.
    read_to: usize,
    /// Every record's hash, by seq.
    hashes: Vec<Head>,
    /// The records not yet known to be in the database, from `sent`.
    pending: Vec<Row>,
    /// How many records the database holds (by seq: 0..sent).
    sent: u64,
    /// The last of those, to send again on a reconnect.
    last_sent: Option<Row>,
    client: Option<Client>,
    /// Sending has stopped for good (a fork, a refusal, a broken journal).
    halted: bool,
    offline_since: Option<String>,
}

impl Sender {
    fn new(options: LinkOptions, shared: Arc<Shared>) -> Sender {
        Sender {
            options,
            shared,
            read_to: 0,
            hashes: Vec::new(),
            pending: Vec::new(),
            sent: 0,
            last_sent: None,
            client: None,
            halted: false,
            offline_since: None,
        }
    }

    fn run(mut self) {
        loop {
            if self.shared.lock().stop {
                return;
            }
            let wait = if self.halted {
                self.options.poll
            } else {
                self.read_journal();
                match self.step() {
                    Ok(()) => self.options.poll,
                    Err(e) => {
                        self.failed(e);
                        self.options.retry
                    }
                }
            };
            self.publish();
            let mut s = self.shared.lock();
            if !s.poked && !s.stop {
                s = self
                    .shared
                    .wake
                    .wait_timeout(s, wait)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            s.poked = false;
        }
    }

    /// Reads the journal's new acknowledged records: only the bytes past
    /// those read before.
    fn read_journal(&mut self) {
        let Some(bytes) = read_from(&self.options.journal, self.read_to) else {
            // Shorter than what was read: another journal. Read it anew;
            // the database says what it holds of it.
            self.forget();
            return;
        };
        let read = rows_from(
            &bytes,
            0,
            self.hashes.len() as i64,
            self.hashes.last().copied(),
        );
        self.read_to += read.end;
        self.hashes.extend(read.rows.iter().map(|r| r.hash));
        self.pending.extend(read.rows);
        if let Some(why) = read.broken {
            self.halt(LinkStatus::Refused(format!("the journal: {why}")));
        }
    }

    /// Forgets what was read and sent: the journal is read again from its
    /// start at the next look.
    fn forget(&mut self) {
        self.read_to = 0;
        self.hashes.clear();
        self.pending.clear();
        self.last_sent = None;
        self.sent = 0;
    }

    /// Connects if needed, then sends what is pending.
    fn step(&mut self) -> Result<(), FloorError> {
        if self.client.is_none() {
            let role = table_role(&self.options.tournament, &self.options.table);
            let mut client = connect(&self.options.conninfo, Some(&role))?;
            super::schema::check_table_may_send(&mut client)?;
            self.resume(&mut client)?;
            self.client = Some(client);
            self.offline_since = None;
        }
        while !self.pending.is_empty() && !self.halted {
            self.send_batch()?;
            self.publish();
        }
        Ok(())
    }

    /// Starts again from the database's last record of this table that
    /// the journal holds too: that one is sent again (so a fork there
    /// shows; the chain vouches for every record before it), then what
    /// follows.
    fn resume(&mut self, client: &mut Client) -> Result<(), FloorError> {
        let last = client.query_opt(
            "SELECT seq FROM floorcall.records WHERE tournament = $1 AND tab = $2 ORDER BY seq DESC LIMIT 1",
            &[&self.options.tournament, &self.options.table],
        )?;
        let held = last.map_or(0, |r| r.get::<_, i64>(0) as u64 + 1);
        let from = held.min(self.hashes.len() as u64).saturating_sub(1);
        if from + 1 < self.sent {
            // The database holds fewer than it did (restored from an older
            // copy): read the journal again from the start.
            self.forget();
            self.read_journal();
        } else if from + 1 == self.sent
            && let Some(row) = self.last_sent.take()
        {
            self.pending.insert(0, row);
            self.sent = from;
        }
        let skip = from.saturating_sub(self.sent) as usize;
        let skipped: Vec<Row> = self.pending.drain(..skip.min(self.pending.len())).collect();
        self.sent += skipped.len() as u64;
        if let Some(row) = skipped.into_iter().last() {
            self.last_sent = Some(row);
        }
        Ok(())
    }

    fn send_batch(&mut self) -> Result<(), FloorError> {
        let Some(client) = self.client.as_mut() else {
            return Ok(());
        };
        let n = self.pending.len().min(self.options.batch.max(1));
        let mut tx = client.transaction()?;
        let mut done = 0;
        let mut fork = None;
        for row in &self.pending[..n] {
            match append(
                &mut tx,
                &self.options.tournament,
                Some(&self.options.table),
                row,
            ) {
                Ok(Sent::New | Sent::Same) => done += 1,
                Ok(Sent::Fork) => {
                    fork = Some(row.seq);
                    break;
                }
                Err(e) => return Err(e.into()),
            }
        }
        // A fork is recorded by the same transaction.
        tx.commit()?;
        if let Some(row) = self.pending.drain(..done).next_back() {
            self.last_sent = Some(row);
        }
        self.sent += done as u64;
        if let Some(seq) = fork {
            self.halt(LinkStatus::Fork { seq });
        }
        Ok(())
    }

    /// A failure: the database refused (sending stops), or cannot be
    /// reached (try again later).
    fn failed(&mut self, e: FloorError) {
        self.client = None;
        if matches!(e, FloorError::Refused(_)) {
            self.halt(LinkStatus::Refused(e.to_string()));
            return;
        }
        if self.offline_since.is_none() {
            self.offline_since = Some(chrono::Local::now().format("%H:%M").to_string());
        }
        let why = e
            .to_string()
            .replace(&self.options.conninfo, &mask(&self.options.conninfo));
        self.shared.lock().status = LinkStatus::Offline {
            since: self.offline_since.clone().unwrap_or_default(),
            waiting: self.pending.len() as u64,
            why,
        };
    }

    fn halt(&mut self, status: LinkStatus) {
        self.halted = true;
        self.shared.lock().status = status;
    }

    /// Shows where the link stands.
    fn publish(&self) {
        let mut s = self.shared.lock();
        s.local = self.hashes.len() as u64;
        s.sent = self.sent;
        if self.halted {
            return;
        }
        if self.client.is_some() {
            let behind = self.pending.len() as u64;
            s.status = if behind == 0 {
                LinkStatus::Live
            } else {
                LinkStatus::Behind(behind)
            };
        } else if let LinkStatus::Offline { waiting, .. } = &mut s.status {
            *waiting = self.pending.len() as u64;
        }
    }
}

/// The bytes of the file at `path` from offset `at`: empty if it cannot be
/// read now (not there yet), `None` if it is shorter than `at`.
fn read_from(path: &std::path::Path, at: usize) -> Option<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = std::fs::File::open(path) else {
        return Some(Vec::new());
    };
    let len = file.metadata().map_or(0, |m| m.len());
    if len < at as u64 {
        return None;
    }
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(at as u64)).is_err() || file.read_to_end(&mut bytes).is_err() {
        return Some(Vec::new());
    }
    Some(bytes)
}
