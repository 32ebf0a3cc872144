//! The table screen, which `floorcall` with no subcommand opens: its flags
//! (the top level's), the help's last part (keys and files), and the run:
//! key map, journal, table choice, the terminal, then the app's loop.

use std::io;
use std::path::PathBuf;

use anyhow::Context;

use floorcall::floor::{self, Inbox, InboxOptions, Link, LinkOptions};
use floorcall::folders::Folders;
use floorcall::journal::Journal;
use floorcall::tournament::orders::{OrderKind, TableOrders};
use floorcall::tui::setup::{TableChoice, TableFlags};
use floorcall::tui::{self, App, AppOptions, Ending, StopSignals, Theme};

use super::failure::Failure;
use super::tell;

const TABLE_HELP: &str = "\
The table screen:
  floorcall                      opens the table setup, with the last table's
                                 values (marked as remembered)
  floorcall --seats 6 --stacks 10000 --blinds 100/200 --button 1
                                 starts the first hand at once (any table flag
                                 does); what no flag sets is its default, not
                                 the last table's

Keys at the table (the seat to act, or key the seat's number first: 4 f):
  f fold   x check   c call   b bet   r raise (amount typed, minimum filled in)
  a all in   s say (words)   p push (1400 or 1000x2+100)   + second motion
  t tap   m muck   Enter bind the open motion   h hole cards   w show
  d deal the board (AsKd7c)   ! floor   : any notation line (up/down: history)
  u undo   U redo   n next hand   ? help (every key, and the notation)   q quit
A ruling: Enter accepts it; o lists the floor's other rulings (1-9 picks one,
recorded as an override); : lets the floor key the line instead.
SIGTERM, SIGHUP or SIGINT end the screen at once (every entry shown is already
in the journal), restore the terminal and exit with 128 + the signal's number.";

/// The help's last part: the keys, then the files in the folders in use
/// here (as the platform and XDG_DATA_HOME / XDG_CONFIG_HOME place them).
pub fn after_help(folders: Option<&Folders>) -> String {
    let files = match folders {
        Some(f) => {
            let keys = f.keys();
            let keys_state = if keys.is_file() {
                "there: its bindings are laid over the built-in map"
            } else {
                "not there: the built-in map is in use"
            };
            format!(
                "\
Files (the folders in use here: data {data}, config {config}):
  {journal}
      the journal, one JSON line per entry, synced to disk before the screen
      shows it (--journal PATH for another)
  {memory}
      the last table's values, for the setup screen
  {keys}
      your key map ({keys_state}; ? at the table lists every key)
  {rules}/NAME.toml or {config}/NAME.toml
      your house rules, for --house NAME and the rules commands",
                data = f.data.display(),
                config = f.config.display(),
                journal = f.journal().display(),
                memory = f.memory().display(),
                keys = keys.display(),
                rules = f.config.join("rules").display(),
            )
        }
        None => "\
Files: the home folder is unknown here, so there is no data or config folder:
give --journal PATH; no key map or house-rules file is read from a folder."
            .to_string(),
    };
    format!("{TABLE_HELP}\n\n{files}\nNO_COLOR turns colour off.")
}

/// The table screen's options.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// House rules: tda (the default), ugly-tuna, upt, nuts, redtooth, or a path to a house-rules TOML.
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
    /// Seats at the table, 2 to 10 (default 9).
    #[arg(long, value_name = "N")]
    seats: Option<u8>,
    /// Starting stack for every seat (10000), or one per seat (10000,8000,,5000; empty: no player).
    #[arg(long, value_name = "CHIPS", allow_hyphen_values = true)]
    stacks: Option<String>,
    /// Small and big blind (default 100/200).
    #[arg(long, value_name = "SB/BB", allow_hyphen_values = true)]
    blinds: Option<String>,
    /// Ante per player (default 0).
    #[arg(long, value_name = "CHIPS", allow_hyphen_values = true)]
    ante: Option<String>,
    /// The button's seat (default 1).
    #[arg(long, value_name = "SEAT")]
    button: Option<u8>,
    /// Player names by seat, like Ann,Bob,,Dee (empty: no name).
    #[arg(long, value_name = "NAMES")]
    names: Option<String>,
    /// The chip denominations in play, smallest first, like 25,100,500,1000,5000
    /// (what a colour-up removes; default: the structure file's, else the house file's).
    #[arg(long, value_name = "CHIPS")]
    chips: Option<String>,
    /// The journal file (default: journal.jsonl in the user's data folder).
    #[arg(long, value_name = "PATH")]
    journal: Option<PathBuf>,
    /// Resume the journal's last hand without asking.
    #[arg(long)]
    resume: bool,
    /// Start a new table even when the journal's last hand is finished
    /// (journaled as a new table); without it the table continues.
    #[arg(long)]
    new: bool,
    #[command(flatten)]
    structure: super::StructureArgs,
    /// No terminal bell when a level changes or a player's time is up.
    #[arg(long)]
    no_bell: bool,
    /// The floor's database (a libpq connection string or URL, as `floorcall
    /// floor init` takes it): the journal's records are sent to it from a
    /// background thread, and the status line shows the link. A password is
    /// best left out of it (PGPASSWORD or ~/.pgpass). Without it no
    /// database is touched.
    #[arg(
        long,
        env = "FLOORCALL_FLOOR",
        hide_env_values = true,
        value_name = "URL"
    )]
    floor: Option<String>,
    /// This table's name in the tournament (with --floor; its role is
    /// fc.<tournament>.<table>).
    #[arg(long = "table", value_name = "NAME")]
    table_name: Option<String>,
    /// The tournament (with --floor).
    #[arg(long, env = "FLOORCALL_TOURNAMENT", value_name = "NAME")]
    tournament: Option<String>,
}

/// Where the table's records go with `--floor`, checked before anything is
/// opened.
#[derive(Debug)]
struct FloorFlags {
    conninfo: String,
    tournament: String,
    table: String,
}

impl Args {
    /// The floor the flags name (None: no `--floor`, and no database is
    /// touched), its connection string read and names checked, without
    /// connecting. A mistake is said with the password masked.
    fn floor(&self) -> Result<Option<FloorFlags>, String> {
        let Some(conninfo) = &self.floor else {
            return Ok(None);
        };
        let at = floor::mask(conninfo);
        floor::check_conninfo(conninfo).map_err(|e| format!("--floor: {e}"))?;
        let table = self.table_name.as_deref().ok_or_else(|| {
            format!("--floor {at} needs --table NAME: this table's name in the tournament (its role is fc.<tournament>.<table>).")
        })?;
        let tournament = self.tournament.as_deref().ok_or_else(|| {
            format!("--floor {at} needs --tournament NAME (or FLOORCALL_TOURNAMENT).")
        })?;
        floor::check_name(tournament).map_err(|e| format!("--tournament: {e}"))?;
        floor::check_name(table).map_err(|e| format!("--table: {e}"))?;
        Ok(Some(FloorFlags {
            conninfo: conninfo.clone(),
            tournament: tournament.to_string(),
            table: table.to_string(),
        }))
    }

    fn flags(&self) -> TableFlags {
        TableFlags {
            house: self.house.clone(),
            seats: self.seats,
            stacks: self.stacks.clone(),
            blinds: self.blinds.clone(),
            ante: self.ante.clone(),
            button: self.button,
            names: self.names.clone(),
            chips: self.chips.clone(),
        }
    }
}

/// Opens the table screen: key map, journal, table choice, the terminal,
/// then the app and the loop, until the dealer quits (exit 0) or a signal
/// ends it (128 + the signal's number, after the terminal is restored).
/// Nothing is written (a started hand, the remembered table) until the
/// screen is up.
pub fn run(args: &Args) -> Result<(), Failure> {
    let folders = Folders::find();
    let keymap = super::keymap()?;
    let journal_path = match (&args.journal, &folders) {
        (Some(path), _) => path.clone(),
        (None, Some(f)) => f.journal(),
        (None, None) => {
            return Err(Failure::user(
                "the home folder is unknown, so there is no place for the journal: give --journal PATH",
            ));
        }
    };
    let memory = folders.as_ref().map(Folders::memory);
    // The session's flags are read and checked here, before the journal is
    // opened; the table screen takes them up with the session (a new
    // table with --new or when there is none to continue).
    let mut structure = args.structure.read().map_err(Failure::user)?;
    let floor_flags = args.floor().map_err(Failure::user)?;
    let flags = args.flags();
    let mut choice = TableChoice::opening(memory.as_deref(), &flags).map_err(Failure::user)?;
    // A structure file's chips, unless --chips gives them.
    if flags.chips.is_none()
        && let Some(s) = structure.as_ref().filter(|s| !s.chips.is_empty())
    {
        choice.chips = s.chips.iter().map(|c| c.get()).collect();
    }
    if flags.any() {
        // The flags start a hand at once: a table that cannot start (blinds,
        // more chips than a table may have in play ...) is refused here,
        // before the journal is opened and the screen set up, with the
        // engine's sentence.
        choice.header(1).map_err(Failure::user)?;
    }
    if let Some(path) = &args.journal {
        journal_folder(path).map_err(|e| Failure::user(format_args!("{e:#}")))?;
    }
    let (journal, loaded) = Journal::open(&journal_path).map_err(|e| {
        Failure::user(format_args!(
            "{:#}",
            anyhow::Error::new(e).context("the journal cannot be used (it was left as it is)")
        ))
    })?;
    // A table of a floor's tournament never starts afresh on its journal:
    // its players and chips are the tournament's (a new table would seat
    // nobody, or the flags' defaults).
    if args.new && floor_flags.is_some() && !loaded.hands.is_empty() {
        return Err(Failure::user(format_args!(
            "--new: {} holds this table's hands in the floor's tournament; a table of a floor never starts afresh (its players and chips are the tournament's): start it without --new to go on",
            journal_path.display()
        )));
    }
    if let Some(repaired) = journal.repaired() {
        tell(format_args!(
            "floorcall: {}: {repaired}",
            journal_path.display()
        ));
    }
    // Without a terminal there is no screen: stop before a hand is started
    // or the table remembered.
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(Failure::user(
            "the table screen needs a terminal, and the output is not one: no hand was started (scenario and replay work without one)",
        ));
    }
    // The link to the floor reads the journal from its own thread, and
    // connects there: a database that is not there shows on the status
    // line, and the table works on. The inbox reads the floor's records
    // (moves, hand-for-hand, the clock) the same way, as the table's role.
    let (link, inbox) = match floor_flags {
        Some(f) => (
            Some(
                Link::start(LinkOptions::new(
                    &f.conninfo,
                    &f.tournament,
                    &f.table,
                    journal_path.clone(),
                ))
                .map_err(|e| Failure::user(format_args!("--floor: {e}")))?,
            ),
            Some(
                Inbox::start(InboxOptions::new(&f.conninfo, &f.tournament, &f.table))
                    .map_err(|e| Failure::user(format_args!("--floor: {e}")))?,
            ),
        ),
        None => (None, None),
    };
    // A new table of a tournament with nobody named on the command line
    // seats the players the floor's draw gave it, and deals at once.
    let mut start_now = flags.any();
    if loaded.hands.is_empty()
        && flags.names.is_none()
        && flags.stacks.is_none()
        && let Some(inbox) = &inbox
    {
        let (sits, floor_structure) = drawn(inbox);
        // The floor holds the structure (TDA 22): a table given none
        // deals its first hand at the floor's first level.
        if structure.is_none() {
            structure = floor_structure;
        }
        choice
            .seat_drawn(&sits, flags.button.is_some())
            .and_then(|()| choice.header(1).map(|_| ()))
            .map_err(|e| Failure::user(format_args!("--floor: {e}")))?;
        start_now = true;
    }
    // Before the terminal is set up, so that no signal can leave it raw.
    let signals = StopSignals::register()
        .context("the signal handlers cannot be installed")
        .map_err(|e| Failure::internal(format_args!("{e:#}")))?;
    let mut terminal = ratatui::try_init()
        .context("the terminal cannot be set up for the table screen")
        .map_err(|e| Failure::internal(format_args!("{e:#}")))?;
    // The first hand starts (and is journaled) only now, with the screen up.
    let table = (!loaded.hands.is_empty()).then(|| floorcall::journal::table_of(&loaded));
    let start = floorcall::journal::table_start(&loaded);
    let mut hands = loaded.hands;
    let last_hand = hands.pop();
    let mut app = App::new(AppOptions {
        keymap,
        theme: Theme::from_env(),
        choice,
        start_now,
        journal: Some(journal),
        table,
        last_hand,
        earlier: hands.split_off(start.min(hands.len())),
        resume: args.resume,
        memory,
        new_table: args.new,
        structure,
        level_minutes: args.structure.minutes(),
        bell: !args.no_bell,
        link: link.map(|l| Box::new(l) as Box<dyn tui::FloorLink>),
        inbox: inbox.map(|i| Box::new(i) as Box<dyn tui::FloorInbox>),
    });
    let ended = tui::run(&mut terminal, &mut app, &signals);
    // A terminal that went away (SIGHUP) cannot be restored, and saying so
    // would go nowhere.
    let _ = ratatui::try_restore();
    match ended {
        Ok(Ending::Quit) => Ok(()),
        Ok(Ending::Signal(signal)) => Err(Failure::Stopped(
            signal,
            Some(format!(
                "floorcall: {} ended the table screen; every entry shown is in the journal {}.",
                signal.name(),
                journal_path.display()
            )),
        )),
        Err(e) => Err(Failure::internal(format_args!(
            "{:#}",
            anyhow::Error::new(e).context("the terminal failed while the table screen was open")
        ))),
    }
}

/// The sits the floor's draw gave this table, read from its inbox, and
/// the floor's structure: it waits up to 10 s for the database (a table
/// is started once, before play), and gives what it has then.
fn drawn(
    inbox: &Inbox,
) -> (
    Vec<floorcall::tournament::orders::Order>,
    Option<floorcall::session::Structure>,
) {
    let Some(first) = floorcall::table::Seat::new(1) else {
        return (Vec::new(), None);
    };
    let empty =
        floorcall::session::Table::new(first, floorcall::session::Structure::default(), Vec::new());
    let start = std::time::Instant::now();
    loop {
        let orders = TableOrders::of(inbox.table(), &empty, &inbox.records());
        let sits: Vec<_> = orders
            .pending()
            .filter(|o| matches!(o.kind, OrderKind::Sit { .. }))
            .cloned()
            .collect();
        if !sits.is_empty() || start.elapsed() > std::time::Duration::from_secs(10) {
            return (sits, orders.structure.map(|(_, s)| s));
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The folder of a journal given with `--journal` must be there: a
/// mistyped path is said, not made (the data folder's journal makes its
/// folder).
fn journal_folder(path: &std::path::Path) -> anyhow::Result<()> {
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(());
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(anyhow::anyhow!(
            "--journal {}: {} is not a folder.",
            path.display(),
            dir.display()
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(anyhow::anyhow!(
            "--journal {}: the folder {} does not exist: make it first, or give a journal in a folder that does.",
            path.display(),
            dir.display()
        )),
        Err(e) => Err(anyhow::anyhow!(
            "--journal {}: the folder {} cannot be used: {e}.",
            path.display(),
            dir.display()
        )),
    }
}
