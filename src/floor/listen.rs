//! Listening to the floor's database, as the floor's reader and each
//! table's inbox do: one thread, one connection, that LISTENs on
//! `floorcall` and then catches up, on every (re)connect, so no record
//! committed while it was away is missed; reads what a notification names
//! (a notification carries only the table and seq, and may be merged with
//! others or lost); and catches up again every period, so a lost
//! notification costs at most that. Every statement runs on its own
//! (never inside a transaction left open). A connection that fails is
//! tried again after a pause, and the reading says since when it is
//! offline.
//!
//! Also here, because both read them: the floor's own records from a seq
//! on, and the check that a row follows the one before it.

use std::collections::BTreeSet;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use super::rows::Row;
use super::schema::head_of;
use super::{FloorError, connect};
use crate::journal::chain::{self, Head};

/// Whether a listening thread (the floor's reader, a table's inbox) is
/// reading.
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

/// The stop flag of a listening thread, and its wake-up.
pub(crate) struct Stop {
    flag: Mutex<bool>,
    wake: Condvar,
}

impl Stop {
    pub(crate) fn new() -> Stop {
        Stop {
            flag: Mutex::new(false),
            wake: Condvar::new(),
        }
    }

    /// Whether the thread is to stop.
    pub(crate) fn stopped(&self) -> bool {
        *self.flag.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells the thread to stop, and wakes it.
    pub(crate) fn stop(&self) {
        *self.flag.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }

    /// Waits `pause`, or until told to stop.
    fn pause(&self, pause: Duration) {
        let stop = self.flag.lock().unwrap_or_else(|e| e.into_inner());
        if !*stop {
            let _ = self.wake.wait_timeout(stop, pause);
        }
    }
}

/// What a listening thread reads with its connection.
pub(crate) trait Listener {
    /// Reads everything past what it holds.
    fn catch_up(&mut self, client: &mut Client) -> Result<(), FloorError>;
    /// Reads what notifications named: tables by name, and (`floor`) the
    /// floor's own records.
    fn notified(
        &mut self,
        client: &mut Client,
        tables: BTreeSet<String>,
        floor: bool,
    ) -> Result<(), FloorError>;
    /// The reading is live, or offline.
    fn status(&mut self, status: ReaderStatus);
}

/// Where and how often a thread listens.
#[derive(Debug, Clone)]
pub(crate) struct Listening {
    /// The database.
    pub conninfo: String,
    /// The role it connects as, when the string names none.
    pub role: String,
    /// How often everything is read again, notified or not.
    pub catch_up: Duration,
    /// How long to wait before connecting again after a failure.
    pub retry: Duration,
}

/// A notification's payload.
#[derive(serde::Deserialize)]
struct Note {
    table: Option<String>,
}

/// Listens until `stop`: connects, LISTENs, catches up, reads what is
/// notified and catches up at every period; after a failure, says so and
/// connects again.
pub(crate) fn listen(how: &Listening, stop: &Stop, reader: &mut impl Listener) {
    let mut offline_since: Option<String> = None;
    while !stop.stopped() {
        if let Err(e) = session(how, stop, reader, &mut offline_since) {
            let since = offline_since
                .get_or_insert_with(|| chrono::Local::now().format("%H:%M").to_string())
                .clone();
            reader.status(ReaderStatus::Offline {
                since,
                why: e.to_string(),
            });
        }
        stop.pause(how.retry);
    }
}

/// One connection's life, until it fails or the thread stops.
fn session(
    how: &Listening,
    stop: &Stop,
    reader: &mut impl Listener,
    offline_since: &mut Option<String>,
) -> Result<(), FloorError> {
    let mut client = connect(&how.conninfo, Some(&how.role))?;
    client.batch_execute("LISTEN floorcall")?;
    // Listening from here: what is committed from now on is notified.
    *offline_since = None;
    reader.status(ReaderStatus::Live);
    reader.catch_up(&mut client)?;
    let mut last_full = Instant::now();
    while !stop.stopped() {
        let wait = how
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
        if last_full.elapsed() >= how.catch_up {
            reader.catch_up(&mut client)?;
            last_full = Instant::now();
            continue;
        }
        if !named.is_empty() || floor {
            reader.notified(&mut client, named, floor)?;
        }
    }
    Ok(())
}

/// The floor's own records of `tournament` from record `from` on, in order.
pub(crate) fn floor_rows(
    client: &mut Client,
    tournament: &str,
    from: i64,
) -> Result<Vec<Row>, FloorError> {
    let rows = client.query(
        "SELECT seq, prev, hash, line FROM floorcall.floor_records \
         WHERE tournament = $1 AND seq >= $2 ORDER BY seq",
        &[&tournament, &from],
    )?;
    Ok(rows
        .iter()
        .filter_map(|r| row_of(r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect())
}

/// A row read from the database, if its hashes are 32 bytes.
pub(crate) fn row_of(seq: i64, prev: Vec<u8>, hash: Vec<u8>, line: String) -> Option<Row> {
    Some(Row {
        seq,
        prev: head_of(&prev)?,
        hash: head_of(&hash)?,
        line,
    })
}

/// Whether `row` follows the record whose hash is `head` (`None`: it is
/// the first) and carries its own hash: the line's chain members are the
/// row's, and its bytes hash to it.
pub(crate) fn follows(head: Option<Head>, row: &Row) -> bool {
    head.is_none_or(|h| h == row.prev)
        && chain::links(row.line.as_bytes())
            .is_some_and(|l| l.prev == row.prev && l.hash == row.hash && l.computed() == row.hash)
}
