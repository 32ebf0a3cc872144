//! The page's HTTP side: read-only routes on a one-thread tokio runtime
//! of its own, stopped (every stream ended, the socket closed) when the
//! [`Server`] is dropped.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::sse::{Event, Sse};
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use futures_util::Stream;
use tokio::sync::{oneshot, watch};

use super::{Boards, KEEP_ALIVE};
use crate::journal::clock::Clock;

const INDEX: &str = include_str!("../../assets/page/index.html");
const SCRIPT: &str = include_str!("../../assets/page/page.js");
const STYLE: &str = include_str!("../../assets/page/page.css");

/// How soon a display's browser comes back after its stream broke.
const RETRY: Duration = Duration::from_millis(1000);

/// Why the page could not be served.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The address does not read as host:port.
    #[error("--serve {addr}: not an address to listen on (give HOST:PORT, as 0.0.0.0:8036): {why}")]
    Address {
        /// As given.
        addr: String,
        /// Why.
        why: String,
    },
    /// The system refused the port.
    #[error("cannot listen on {addr}: {why}")]
    Listen {
        /// As given.
        addr: String,
        /// The system's words.
        why: String,
    },
    /// A thread or the runtime could not be started.
    #[error("the page's server could not start: {0}")]
    Thread(String),
}

/// What every request reads.
#[derive(Clone)]
struct Shared {
    boards: Boards,
    clock: Arc<dyn Clock>,
}

/// The server, running until dropped.
pub(super) struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (the port bound before this returns, so a port
    /// taken is said at once) and serves on a thread of its own.
    pub(super) fn start(
        addr: &str,
        boards: Boards,
        clock: Arc<dyn Clock>,
    ) -> Result<Server, PageError> {
        let listener = std::net::TcpListener::bind(addr).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => PageError::Address {
                addr: addr.to_string(),
                why: e.to_string(),
            },
            _ => PageError::Listen {
                addr: addr.to_string(),
                why: io_words(&e),
            },
        })?;
        let listen_error = |e: std::io::Error| PageError::Listen {
            addr: addr.to_string(),
            why: io_words(&e),
        };
        listener.set_nonblocking(true).map_err(listen_error)?;
        let bound = listener.local_addr().map_err(listen_error)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| PageError::Thread(e.to_string()))?;
        let listener = {
            let _inside = runtime.enter();
            tokio::net::TcpListener::from_std(listener).map_err(listen_error)?
        };
        let app = Router::new()
            .route("/", get(index))
            .route("/page.js", get(script))
            .route("/page.css", get(style))
            .route("/board", get(board))
            .route("/events", get(events))
            .with_state(Shared { boards, clock });
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("floorcall-page".into())
            .spawn(move || {
                runtime.spawn(async move {
                    // An error accepting is logged by nobody: the loop
                    // goes on (axum retries accept errors itself).
                    let _ = axum::serve(listener, app).await;
                });
                let _ = runtime.block_on(stopped);
                // Every task (each display's stream) is dropped: the
                // sockets close and the browsers see it at once.
                runtime.shutdown_timeout(Duration::from_millis(200));
            })
            .map_err(|e| PageError::Thread(e.to_string()))?;
        Ok(Server {
            addr: bound,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Where it listens.
    pub(super) fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `permission denied`, `address in use`: the system's words, lower case.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::AddrInUse => "the address is in use".into(),
        std::io::ErrorKind::AddrNotAvailable => "no such address on this machine".into(),
        _ => e.to_string(),
    }
}

/// A page's file, never cached (a new floorcall serves its own).
fn file(kind: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
}

async fn index() -> impl IntoResponse {
    ([(header::CACHE_CONTROL, "no-store")], Html(INDEX))
}

async fn script() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", SCRIPT)
}

async fn style() -> impl IntoResponse {
    file("text/css; charset=utf-8", STYLE)
}

/// The board now, with the floor's time: `{"now_ms":..,"board":..}`.
fn stamped(shared: &Shared, board: &str) -> String {
    format!(
        "{{\"now_ms\":{},\"room\":{board}}}",
        shared.clock.now().unix_ms
    )
}

async fn board(State(shared): State<Shared>) -> impl IntoResponse {
    let body = stamped(&shared, &shared.boards.current());
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
}

/// What a display's stream holds between events.
struct Watching {
    shared: Shared,
    rx: watch::Receiver<Arc<str>>,
    first: bool,
}

/// The room as server-sent events: `board` at once and at each change,
/// `alive` (the floor's time) every `KEEP_ALIVE` without one.
async fn events(
    State(shared): State<Shared>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = shared.boards.subscribe();
    let start = Watching {
        shared,
        rx,
        first: true,
    };
    let stream = futures_util::stream::unfold(start, |mut s| async move {
        if s.first {
            s.first = false;
            let board = s.rx.borrow_and_update().clone();
            let event = Event::default()
                .event("board")
                .retry(RETRY)
                .data(stamped(&s.shared, &board));
            return Some((Ok(event), s));
        }
        let event = match tokio::time::timeout(KEEP_ALIVE, s.rx.changed()).await {
            Ok(Ok(())) => {
                let board = s.rx.borrow_and_update().clone();
                Event::default()
                    .event("board")
                    .data(stamped(&s.shared, &board))
            }
            // The floor's boards are gone: the stream ends.
            Ok(Err(_)) => return None,
            Err(_) => Event::default()
                .event("alive")
                .data(format!("{{\"now_ms\":{}}}", s.shared.clock.now().unix_ms)),
        };
        Some((Ok(event), s))
    });
    Sse::new(stream)
}
