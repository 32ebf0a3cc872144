//! The room's screen (issue 36): one web page every display in the room
//! shows, live, served by the floor (`floorcall floor --serve ADDR`).
//!
//! What flows: a Desk that only reads (`floor::Desk::watch`, the floor's
//! role, its own reader on LISTEN/NOTIFY) folds the floor's records and
//! the tables' journals with the engine, exactly as the TD's Desk does;
//! a feeder thread ([`Page::from_desk`]) works out the room's board from
//! it (`tournament::board::Board::of`, the same questions the TD's
//! screen asks) and publishes it on a watch channel ([`Boards`]) each
//! time it changes. Every display's event stream (`/events`,
//! server-sent events) sends the whole board at once and at each change,
//! and the floor's time every [`KEEP_ALIVE`] besides, so a display
//! counts the clock down by itself from the instant its stage ends, sees
//! a silent network at once, and catches up on its own (the stream asks
//! the browser to come back within a second).
//!
//! Why a Desk of its own rather than the TD's: the TD's screen stays
//! exactly as it was (nothing of the page runs in its loop, and a page
//! that hangs cannot slow it), the page shows what reached the database
//! (what every table and a second floor see), and it can write nothing:
//! `watch` has no writing connection. The HTTP side has no write route
//! either: `GET /` (the page, its script and style compiled in), `GET
//! /page.js`, `GET /page.css`, `GET /board` (the board as JSON) and `GET
//! /events`; anything else is 404 or 405.
//!
//! The server runs on a thread of its own (a one-thread tokio runtime,
//! axum over HTTP/1); a watch channel holds only the last board, so a
//! slow display skips to the newest and never holds the floor up.
//! Without `--serve` none of this starts and nothing listens.

mod serve;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::floor::{Desk, ReaderStatus};
use crate::journal::clock::Clock;
use crate::tournament::board::Board;

pub use serve::PageError;

/// How often a display hears from the floor when nothing changes: its
/// clock set again, and proof that the network is there.
pub const KEEP_ALIVE: Duration = Duration::from_secs(1);

/// How often the feeder reads the Desk (a change reaches the displays
/// within this, plus the reader's and the network's time).
pub const POLL: Duration = Duration::from_millis(20);

/// The room's boards as they change, each already JSON: what every
/// display's stream sends. Cloned by each publisher; displays subscribe
/// through the server.
#[derive(Clone)]
pub struct Boards {
    tx: Arc<watch::Sender<Arc<str>>>,
}

impl Default for Boards {
    fn default() -> Self {
        Boards::new()
    }
}

impl std::fmt::Debug for Boards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Boards")
            .field("displays", &self.tx.receiver_count())
            .finish()
    }
}

impl Boards {
    /// No board yet (`null` until the first is published).
    pub fn new() -> Boards {
        let (tx, _) = watch::channel(Arc::from("null"));
        Boards { tx: Arc::new(tx) }
    }

    /// Publishes `board` with the floor's state (`floor`: None while it
    /// reads the database, else why not, in words) when it differs from
    /// the one published; true if it did.
    pub fn publish(&self, board: &Board, floor: Option<&str>) -> bool {
        let json = match serde_json::to_string(&Published { board, floor }) {
            Ok(json) => json,
            // A board is plain strings and numbers: it always serialises.
            Err(_) => return false,
        };
        self.tx.send_if_modified(|held| {
            if **held == *json {
                false
            } else {
                *held = Arc::from(json);
                true
            }
        })
    }

    /// The board published last, as JSON.
    pub fn current(&self) -> Arc<str> {
        self.tx.borrow().clone()
    }

    /// The displays connected now.
    pub fn displays(&self) -> usize {
        self.tx.receiver_count()
    }

    fn subscribe(&self) -> watch::Receiver<Arc<str>> {
        self.tx.subscribe()
    }
}

/// A board as it is sent.
#[derive(serde::Serialize)]
struct Published<'a> {
    board: &'a Board,
    /// Why the floor cannot read the database (None: it reads).
    floor: Option<&'a str>,
}

/// The page, served: it listens until dropped.
pub struct Page {
    addr: SocketAddr,
    boards: Boards,
    server: Option<serve::Server>,
    stop: Arc<AtomicBool>,
    feeder: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Page {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Page").field("addr", &self.addr).finish()
    }
}

impl Page {
    /// Serves `boards` on `addr` (`0.0.0.0:8036`, `127.0.0.1:0` for any
    /// free port), the floor's time from `clock`.
    pub fn serve(addr: &str, boards: Boards, clock: Arc<dyn Clock>) -> Result<Page, PageError> {
        let server = serve::Server::start(addr, boards.clone(), clock)?;
        Ok(Page {
            addr: server.addr(),
            boards,
            server: Some(server),
            stop: Arc::new(AtomicBool::new(false)),
            feeder: None,
        })
    }

    /// Serves the room `desk` reads (a Desk that only reads: `Desk::watch`)
    /// on `addr`; `name`: the tournament. A thread reads the Desk every
    /// [`POLL`] and publishes the board when it changes.
    pub fn from_desk(addr: &str, desk: Desk, name: &str) -> Result<Page, PageError> {
        let mut page = Page::serve(addr, Boards::new(), desk.clock_source())?;
        page.follow(desk, name)?;
        Ok(page)
    }

    /// Shows the room `desk` reads (a Desk that only reads) from now on:
    /// a thread reads it every [`POLL`] and publishes the board when it
    /// changes. A page serves before its Desk opens, so that an address
    /// it cannot listen on is said before the database is reached.
    pub fn follow(&mut self, desk: Desk, name: &str) -> Result<(), PageError> {
        if self.feeder.is_some() {
            return Err(PageError::Thread("the page already follows a floor".into()));
        }
        let (stop, boards, name) = (self.stop.clone(), self.boards.clone(), name.to_string());
        let feeder = std::thread::Builder::new()
            .name("floorcall-page-feed".into())
            .spawn(move || feed(desk, &name, &boards, &stop))
            .map_err(|e| PageError::Thread(e.to_string()))?;
        self.feeder = Some(feeder);
        Ok(())
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // The server first: every display's stream ends with it.
        drop(self.server.take());
        if let Some(feeder) = self.feeder.take() {
            let _ = feeder.join();
        }
    }
}

/// The feeder: reads the Desk, publishes the board when it changes (the
/// clock's stage changes by itself at its end: read again then).
fn feed(mut desk: Desk, name: &str, boards: &Boards, stop: &AtomicBool) {
    let mut next_stage_at: Option<i64> = None;
    let mut last_full = Instant::now();
    let mut first = true;
    while !stop.load(Ordering::Relaxed) {
        let changed = desk.refresh();
        let now = desk.now_ms();
        let stage_over = next_stage_at.is_some_and(|at| now >= at);
        if first || changed || stage_over || last_full.elapsed() >= Duration::from_secs(1) {
            first = false;
            last_full = Instant::now();
            let board = Board::of(desk.tournament(), name, now);
            next_stage_at = board.clock.ends_ms;
            let floor = match desk.status() {
                ReaderStatus::Live => None,
                ReaderStatus::Connecting => Some("connecting to the floor's database".to_string()),
                ReaderStatus::Offline { since, .. } => {
                    Some(format!("the floor's database is offline since {since}"))
                }
            };
            boards.publish(&board, floor.as_deref());
        }
        std::thread::sleep(POLL);
    }
}
