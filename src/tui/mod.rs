//! The dealer's terminal screen: one loop that draws, reads a key, and
//! updates the app. `ratatui::init` installs a panic hook that restores the
//! terminal, so a crash never leaves it in raw mode.
//!
//! Everything that touches the terminal or the user's folders is here (and
//! in `main`); the engine, the rules and the journal know nothing of it.

pub mod app;
pub mod keymap;
pub mod panes;
pub mod setup;
pub mod theme;

use std::io;
use std::path::PathBuf;

use crossterm::event::{self, Event};
use ratatui::{DefaultTerminal, Frame};

pub use app::{App, AppOptions};
pub use keymap::{Action, Keymap, Section};
pub use theme::Theme;

/// Draws the whole screen for the app.
pub fn draw(frame: &mut Frame, app: &App) {
    frame.render_widget(&panes::Screen { app }, frame.area());
}

/// Runs the app in the terminal until it quits. The app is told the
/// terminal's size at the start and on every resize: below the minimum it
/// takes no key but quit.
pub fn run(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    while !app.should_quit() {
        terminal.draw(|frame| draw(frame, app))?;
        match event::read()? {
            Event::Key(key) => app.handle_key(key),
            // Drawn again on the next pass of the loop.
            Event::Resize(width, height) => app.resize(width, height),
            _ => {}
        }
    }
    Ok(())
}

/// The user's folders for floorcall (journal, remembered table, key map).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    /// Where the journal and the remembered table live.
    pub data: PathBuf,
    /// Where a user's `keys.toml` is read from.
    pub config: PathBuf,
}

/// House rules by name: built in, then the user's rules folder, then a path.
pub fn load_house(name: &str) -> Result<crate::rules::HouseRules, crate::rules::RulesError> {
    let dirs = Folders::find().map(|f| f.rules()).unwrap_or_default();
    crate::rules::HouseRules::find(name, &dirs)
}

impl Folders {
    /// The platform's folders for floorcall, if the home folder is known.
    pub fn find() -> Option<Folders> {
        let dirs = directories::ProjectDirs::from("", "", "floorcall")?;
        Some(Folders {
            data: dirs.data_dir().to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
        })
    }

    /// The session journal.
    pub fn journal(&self) -> PathBuf {
        self.data.join("journal.jsonl")
    }

    /// The remembered table choice.
    pub fn memory(&self) -> PathBuf {
        self.data.join("last-table.toml")
    }

    /// Where the user's own house-rules files are looked for by name.
    pub fn rules(&self) -> Vec<PathBuf> {
        vec![self.config.join("rules"), self.config.clone()]
    }

    /// The user's key map.
    pub fn keys(&self) -> PathBuf {
        self.config.join("keys.toml")
    }
}

/// The key map: the built-in one, with the user's file laid over it.
pub fn load_keymap(user_file: Option<&std::path::Path>) -> Result<Keymap, keymap::KeymapError> {
    let base = Keymap::default();
    match user_file {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path).map_err(|e| keymap::KeymapError {
                file: path.display().to_string(),
                message: e.to_string(),
            })?;
            Keymap::from_toml(&path.display().to_string(), &text, Some(&base))
        }
        _ => Ok(base),
    }
}
