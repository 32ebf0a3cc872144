//! The subcommands of the binary, one file each (jj `cli/src/commands/`,
//! cargo `src/bin/cargo/commands/`): a file owns its clap `Args`, whose
//! doc comment is the subcommand's help, and its `run(args)`, which turns
//! the arguments into calls of the library and returns `Ok(())` or a
//! [`Failure`]; `failure::exit` alone turns that into the exit status. The
//! table screen, run with no subcommand, is `table`; its flags are the
//! top level's.
//!
//! A new subcommand is a new file here, its `mod` line, and one line in
//! the list of `subcommands!` below (its place there is its place in the
//! help).

/// A list of subcommands, in the order the help lists them, as the enum
/// `Command`: each `Variant(module)` runs `module::run` with `module::Args`
/// (here, and for a group such as `rules`).
macro_rules! subcommands {
    ($($variant:ident($module:ident),)*) => {
        /// A subcommand with its arguments.
        #[derive(Debug, clap::Subcommand)]
        pub enum Command {
            $($variant($module::Args),)*
        }

        impl Command {
            /// Runs the subcommand.
            pub fn run(self) -> Result<(), $crate::cli::failure::Failure> {
                match self {
                    $(Command::$variant(args) => $module::run(args),)*
                }
            }
        }
    };
}

pub mod export;
pub mod failure;
pub mod floor;
pub mod import;
pub mod practice;
pub mod replay;
pub mod review;
pub mod rules;
pub mod scenario;
pub mod screen;
pub mod table;
pub mod tally;
pub mod verify;

use std::fmt::Display;
use std::io::{self, Write};
use std::path::PathBuf;

use floorcall::folders::{Folders, load_house};
use floorcall::journal::Loaded;
use floorcall::rules::HouseRules;
use floorcall::tui::Keymap;

use failure::Failure;

subcommands! {
    Rules(rules),
    Replay(replay),
    Review(review),
    Verify(verify),
    Import(import),
    Export(export),
    Practice(practice),
    Scenario(scenario),
    Floor(floor),
}

/// Says something on stderr. A stderr that cannot be written to (closed,
/// or a terminal that went away) is no reason to panic: the exit status
/// still tells.
pub fn tell(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// Runs a subcommand that prints to stdout, buffered, and flushes it: a
/// failure to write is the output's (`Failure::Output`), and wins over the
/// subcommand's own ending, as the output is flushed before that is said.
pub fn print<T>(
    command: impl FnOnce(&mut io::BufWriter<io::StdoutLock<'static>>) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let ended = command(&mut out);
    if !matches!(ended, Err(Failure::Output(_))) {
        out.flush()?;
    }
    ended
}

/// The journal given, or the session journal in the data folder;
/// `unknown` is the user's mistake when the home folder is unknown.
pub fn journal_or_default(given: Option<PathBuf>, unknown: &str) -> Result<PathBuf, Failure> {
    given
        .or_else(|| Folders::find().map(|f| f.journal()))
        .ok_or_else(|| Failure::user(unknown))
}

/// The journal given (or the session journal, as `journal_or_default`),
/// read whole: its path and its hands.
pub fn read_journal(given: Option<PathBuf>, unknown: &str) -> Result<(PathBuf, Loaded), Failure> {
    let path = journal_or_default(given, unknown)?;
    let loaded = floorcall::journal::load(&path).map_err(Failure::user)?;
    Ok((path, loaded))
}

/// The blind structure's flags, as the table and the floor take them.
#[derive(Debug, clap::Args)]
pub struct StructureArgs {
    /// The blind structure: a TOML file of [[level]] tables (config/README.md).
    #[arg(long, value_name = "FILE", conflicts_with = "levels")]
    structure: Option<PathBuf>,
    /// The blind structure as levels: 100/200,200/400:50,400/800:bb800.
    #[arg(long, value_name = "LEVELS", allow_hyphen_values = true)]
    levels: Option<String>,
    /// Minutes per level for --levels and --structure levels without their own (default 20).
    #[arg(long, value_name = "MINUTES")]
    level_minutes: Option<u32>,
}

impl StructureArgs {
    /// Minutes per level (default 20).
    pub fn minutes(&self) -> u32 {
        self.level_minutes.unwrap_or(20)
    }

    /// The money the structure file names (its `[money]`; None: no file,
    /// or none in it), read and checked before anything is opened.
    pub fn funding(&self) -> Result<Option<floorcall::tournament::funding::Funding>, String> {
        self.floor_table(floorcall::tournament::funding::from_structure_toml)
    }

    /// The league the structure file names (its `[league]`), read and
    /// checked before anything is opened: `--league` wants one, and says
    /// where it looked.
    pub fn league(&self) -> Result<floorcall::tournament::league::League, String> {
        let Some(path) = &self.structure else {
            return Err(
                "--league: the points are the structure file's [league]: give --structure FILE"
                    .into(),
            );
        };
        self.floor_table(floorcall::tournament::league::from_structure_toml)?
            .ok_or_else(|| format!("--league: {} has no [league]", path.display()))
    }

    /// One of the floor's tables of the structure file, read by `read`
    /// (None: no file, or none in it).
    fn floor_table<T>(
        &self,
        read: fn(&str) -> Result<Option<T>, String>,
    ) -> Result<Option<T>, String> {
        let Some(path) = &self.structure else {
            return Ok(None);
        };
        let text =
            floorcall::files::read_text(path).map_err(|e| format!("{}: {e}", path.display()))?;
        read(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The blind structure the flags give (None: none given), read and
    /// checked before anything is opened.
    pub fn read(&self) -> Result<Option<floorcall::session::Structure>, String> {
        let minutes = self.minutes();
        if minutes == 0 {
            return Err("--level-minutes 0: a level lasts at least a minute".into());
        }
        match (&self.structure, &self.levels) {
            (Some(path), _) => {
                let text = floorcall::files::read_text(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                floorcall::session::Structure::from_toml(&text, minutes)
                    .map(Some)
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            (None, Some(levels)) => floorcall::session::Structure::from_flag(levels, minutes)
                .map(Some)
                .map_err(|e| format!("--levels: {e}")),
            (None, None) => Ok(None),
        }
    }
}

/// The key map of every screen: the built-in one with the user's
/// keys.toml laid over it (a file that does not read is the user's
/// mistake, with its line).
pub fn keymap() -> Result<Keymap, Failure> {
    let file = Folders::find().map(|f| f.keys());
    floorcall::tui::load_keymap(file.as_deref()).map_err(Failure::user)
}

/// The house a `--house NAME` flag names (None without one).
pub fn house_flag(name: Option<&str>) -> Result<Option<HouseRules>, Failure> {
    name.map(load_house).transpose().map_err(Failure::user)
}
