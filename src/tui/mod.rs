//! The dealer's terminal screen: one loop that draws, reads a key, and
//! updates the app. `ratatui::init` installs a panic hook that restores the
//! terminal, so a crash never leaves it in raw mode; `StopSignals` does the
//! same for SIGTERM, SIGHUP and SIGINT: the handler only notes the signal,
//! and the loop, which looks at least every `SIGNAL_CHECK`, ends at once
//! (without `q`'s question), so `main` restores the terminal. Every entry
//! shown is already in the journal, so nothing is lost.
//!
//! Everything that touches the terminal or the user's folders is here (and
//! in `main`); the engine, the rules and the journal know nothing of it.

pub mod app;
pub mod floor;
pub mod keymap;
pub mod panes;
pub mod practice;
pub mod review;
pub mod setup;
pub mod theme;

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crossterm::event::{self, Event};
use ratatui::{DefaultTerminal, Frame};

pub use app::{App, AppOptions, FloorInbox, FloorLink};
pub use keymap::{Action, Keymap, Section};
pub use theme::Theme;
// The folders and house rules by name live below the screen, where the CLI
// reads them too; named here as well for the screen's callers.
pub use crate::folders::{Folders, load_house};

/// Draws the whole screen for the app.
pub fn draw(frame: &mut Frame, app: &App) {
    frame.render_widget(&app::Screen { app }, frame.area());
}

/// How long the loop waits for a key before it looks for a signal again.
pub const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// How the table screen ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The dealer quit.
    Quit,
    /// A signal asked the program to end.
    Signal(StopSignal),
}

/// A signal that ends the table screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopSignal(i32);

impl StopSignal {
    /// The signal's name (`SIGTERM`).
    pub fn name(self) -> &'static str {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            match self.0 {
                SIGTERM => return "SIGTERM",
                SIGHUP => return "SIGHUP",
                SIGINT => return "SIGINT",
                _ => {}
            }
        }
        "a signal"
    }

    /// The exit status a shell gives a process ended by the signal, 128 +
    /// its number (143 for SIGTERM).
    pub fn exit_status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(1)
    }
}

/// The signals that end the table screen, noted by their handlers: SIGTERM
/// (a service manager, `kill`), SIGHUP (the terminal went away) and SIGINT
/// (`kill -INT`; in raw mode Ctrl-C is a key, not a signal).
#[derive(Debug)]
pub struct StopSignals {
    caught: Arc<AtomicUsize>,
}

impl StopSignals {
    /// Installs the handlers (nothing on a platform without them).
    pub fn register() -> io::Result<StopSignals> {
        let caught = Arc::new(AtomicUsize::new(0));
        #[cfg(unix)]
        for signal in [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGINT,
        ] {
            let number = usize::try_from(signal).unwrap_or_default();
            signal_hook::flag::register_usize(signal, Arc::clone(&caught), number)?;
        }
        Ok(StopSignals { caught })
    }

    /// The last signal caught, if any.
    pub fn caught(&self) -> Option<StopSignal> {
        match self.caught.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok().map(StopSignal),
        }
    }
}

/// Runs the app in the terminal until it quits or a signal ends it. The
/// screen is drawn again after every event (a key, a resize). The app is
/// told the terminal's size at the start and on every resize: below the
/// minimum it takes no key but quit.
pub fn run(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    signals: &StopSignals,
) -> io::Result<Ending> {
    watch_for_hang_up();
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    let mut changed = true;
    loop {
        if let Some(signal) = signals.caught() {
            return Ok(Ending::Signal(signal));
        }
        if app.should_quit() {
            return Ok(Ending::Quit);
        }
        match step(terminal, app, changed) {
            Ok(event) => changed = event,
            // A terminal that goes away with SIGHUP fails its reads and
            // writes: the signal is the reason, not the failure.
            Err(e) => return signals.caught().map(Ending::Signal).ok_or(e),
        }
    }
}

/// Watches the terminal from a thread of its own, from the first call on:
/// when it has hung up but SIGHUP went elsewhere (to a shell that started
/// floorcall, say), its input reads as ended at once, forever, and the key
/// reader spins on it without ever returning to the loop. The watch then
/// ends the process with SIGHUP's status (129). Nothing is lost: every
/// entry shown is already synced to the journal, and the journal's lock
/// dies with the process.
pub(crate) fn watch_for_hang_up() {
    #[cfg(unix)]
    {
        static WATCH: std::sync::Once = std::sync::Once::new();
        WATCH.call_once(|| {
            use rustix::event::{PollFd, PollFlags, Timespec, poll};
            let stdin = rustix::stdio::stdin();
            if !rustix::termios::isatty(stdin) {
                return;
            }
            let _ = std::thread::Builder::new()
                .name("hang-up watch".into())
                .spawn(move || {
                    let now = Timespec {
                        tv_sec: 0,
                        tv_nsec: 0,
                    };
                    loop {
                        let mut fds = [PollFd::new(&stdin, PollFlags::empty())];
                        let hung_up = poll(&mut fds, Some(&now)).is_ok()
                            && fds[0].revents().contains(PollFlags::HUP);
                        if hung_up {
                            std::process::exit(128 + signal_hook::consts::SIGHUP);
                        }
                        std::thread::sleep(Duration::from_millis(250));
                    }
                });
        });
    }
}

/// A read-only screen (review, practice): drawn whole from `&self` (a
/// widget), changed only by its keys.
pub trait KeyScreen {
    /// Takes a key.
    fn handle_key(&mut self, key: crossterm::event::KeyEvent);
    /// Whether the screen is done.
    fn should_quit(&self) -> bool;
    /// Time passing without a key (every `SIGNAL_CHECK`): whether the
    /// screen must be drawn again (a live screen's news, its clock).
    fn tick(&mut self) -> bool {
        false
    }
}

/// Runs a `KeyScreen` until it quits or a signal ends it, drawing after
/// every event (the table screen's loop and signal handling).
pub fn run_screen<S: KeyScreen>(
    terminal: &mut DefaultTerminal,
    screen: &mut S,
    signals: &StopSignals,
) -> io::Result<Ending>
where
    for<'a> &'a S: ratatui::widgets::Widget,
{
    watch_for_hang_up();
    let mut changed = true;
    loop {
        if let Some(signal) = signals.caught() {
            return Ok(Ending::Signal(signal));
        }
        if screen.should_quit() {
            return Ok(Ending::Quit);
        }
        let waited = (|| -> io::Result<bool> {
            if changed {
                terminal.draw(|frame| frame.render_widget(&*screen, frame.area()))?;
            }
            if !event::poll(SIGNAL_CHECK)? {
                return Ok(screen.tick());
            }
            if let Event::Key(key) = event::read()? {
                screen.handle_key(key);
            }
            Ok(true)
        })();
        match waited {
            Ok(event) => changed = event,
            Err(e) => return signals.caught().map(Ending::Signal).ok_or(e),
        }
    }
}

/// Draws if anything changed, then waits up to `SIGNAL_CHECK` for an
/// event and handles it; whether one came. A wait that ends without one
/// is a quiet poll (`App::quiet`): keys typed ahead after a refusal are
/// held until there have been a few.
fn step(terminal: &mut DefaultTerminal, app: &mut App, changed: bool) -> io::Result<bool> {
    if changed {
        terminal.draw(|frame| draw(frame, app))?;
    }
    if app.take_bell() {
        use std::io::Write;
        let mut out = io::stdout();
        out.write_all(b"\x07")?;
        out.flush()?;
    }
    if !event::poll(SIGNAL_CHECK)? {
        // No key: keys typed ahead may be taken again, and the clocks may
        // have moved on.
        let quiet = app.quiet();
        return Ok(app.tick() || quiet);
    }
    match event::read()? {
        Event::Key(key) => app.handle_key(key),
        // A resize is drawn on the next pass of the loop.
        Event::Resize(width, height) => app.resize(width, height),
        _ => {}
    }
    app.tick();
    Ok(true)
}

/// The key map: the built-in one, with the user's file laid over it.
pub fn load_keymap(user_file: Option<&std::path::Path>) -> Result<Keymap, keymap::KeymapError> {
    let base = Keymap::default();
    match user_file {
        Some(path) if path.exists() => {
            let text = crate::files::read_text(path).map_err(|e| keymap::KeymapError {
                file: path.display().to_string(),
                message: e.to_string(),
            })?;
            Keymap::from_toml(&path.display().to_string(), &text, Some(&base))
        }
        _ => Ok(base),
    }
}
