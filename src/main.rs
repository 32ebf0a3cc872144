//! The floorcall binary: parse the command line, dispatch, map errors to
//! exit codes. With no subcommand it opens the dealer's screen.

/// Small events by the million (verify, import, review): mimalloc keeps
/// them about a fifth faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::fmt::Display;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

mod cli_floor;

use anyhow::Context;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use floorcall::journal::Journal;
use floorcall::rules::HouseRules;
use floorcall::scenario;
use floorcall::tui::setup::{TableChoice, TableFlags};
use floorcall::tui::{self, App, AppOptions, Ending, Folders, StopSignals, Theme};

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
fn after_help(folders: Option<&Folders>) -> String {
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

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    #[command(flatten)]
    table: TableArgs,
}

/// The table screen's options.
#[derive(Debug, Args)]
struct TableArgs {
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
    /// The blind structure: a TOML file of [[level]] tables (config/README.md).
    #[arg(long, value_name = "FILE", conflicts_with = "levels")]
    structure: Option<PathBuf>,
    /// The blind structure as levels: 100/200,200/400:50,400/800:bb800.
    #[arg(long, value_name = "LEVELS", allow_hyphen_values = true)]
    levels: Option<String>,
    /// Minutes per level for --levels and --structure levels without their own (default 20).
    #[arg(long, value_name = "MINUTES")]
    level_minutes: Option<u32>,
    /// No terminal bell when a level changes or a player's time is up.
    #[arg(long)]
    no_bell: bool,
}

impl TableArgs {
    /// The blind structure the flags give (None: none given), read and
    /// checked before anything is opened.
    fn structure(&self) -> Result<Option<floorcall::session::Structure>, String> {
        let minutes = self.level_minutes.unwrap_or(20);
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

#[derive(Debug, Subcommand)]
enum Cmd {
    /// A tournament's tables in one PostgreSQL: `floor init` sets the
    /// database up, `floor verify` checks every table's record in it.
    Floor(cli_floor::FloorArgs),
    /// House rules: list, show, check and compare profiles.
    Rules {
        #[command(subcommand)]
        command: RulesCmd,
    },
    /// A hand from the journal, entry by entry: what was entered, what it
    /// bound, what was ruled and why (for the TD).
    Replay {
        /// The journal (default: the session journal in the data folder).
        journal: Option<PathBuf>,
        /// The hand number (default: the last hand).
        #[arg(long)]
        hand: Option<u32>,
    },
    /// Walk through a journal's hands on screen, read-only: a list of the
    /// hands, and each hand entry by entry with the whole table, what was
    /// entered and bound, every ruling with its citation, every correction
    /// and the time. Reads without the lock, so a table may be writing it.
    Review {
        /// The journal (default: the session journal in the data folder).
        journal: Option<PathBuf>,
        /// Open this hand at once (default: the list).
        #[arg(long)]
        hand: Option<u32>,
        /// Rule the same entries again under this house (a built-in
        /// profile or a house file) and show both readings side by side,
        /// every step where they differ marked; `c` in the review goes
        /// through the houses.
        #[arg(long, value_name = "NAME")]
        house: Option<String>,
    },
    /// Check a journal: its hash chain, each finished hand's seal, and every
    /// entry ruled again under the house rules it embeds. Prints `OK: N
    /// hands, M entries, head HEX` and exits 0, or names the first bad
    /// record (file, line, what is wrong) and exits 1; 2 if it cannot be
    /// read. Reads without the lock, so a table may be writing it.
    Verify {
        /// The journal (default: the session journal in the data folder).
        journal: Option<PathBuf>,
        /// A head noted from the table screen (its 16 hex digits, or 8 to
        /// 64): a journal whose end was cut off since is caught against it.
        #[arg(long, value_name = "HEX")]
        head: Option<String>,
    },
    /// Replay PHH hand histories and check each against its
    /// finishing_stacks (fractional stacks to within half a chip). Prints one
    /// line per failure, then `N passed, M failed`; exits 0 when all pass, 1
    /// when any fails, 2 when a file cannot be read.
    Import {
        /// Check the hands (the only mode so far).
        #[arg(long, required = true)]
        check: bool,
        /// House rules to play them under (default tda).
        #[arg(long, value_name = "NAME")]
        house: Option<String>,
        /// PHH files (`.phh`, or `.phhs` with many hands), or folders
        /// searched for them.
        #[arg(required = true, value_name = "FILE_OR_FOLDER")]
        paths: Vec<PathBuf>,
    },
    /// Export journaled hands as hand histories: PHH (TOML: `.phhs`, each
    /// hand under `[N]`, or one hand a `.phh` file) or OHH 1.4.7 (JSON
    /// records separated by a blank line, `.ohh`). Misdeals and unfinished
    /// hands are left out, each named.
    Export {
        /// phh or ohh (default: from the output file's extension, else phh).
        #[arg(long, value_parser = ["phh", "ohh"])]
        format: Option<String>,
        /// The journal (default: the session journal in the data folder).
        journal: Option<PathBuf>,
        /// Only this hand (default: every hand; one hand alone on standard
        /// output is a `.phh`).
        #[arg(long)]
        hand: Option<u32>,
        /// The event's name (default: the table and the day of its first
        /// hand, at a table with a blind structure).
        #[arg(long, value_name = "NAME")]
        event: Option<String>,
        /// Write to this file (default: standard output): `.phh`, `.phhs`
        /// or `.ohh`.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Practise rulings and table arithmetic, offline and scored: cases
    /// from scenario files (what a line binds, and how each house rules
    /// it) and generated drills (the amount to call, the minimum raise,
    /// side pots, who shows first, the odd chip ...). Keys: 1-4 answer (or
    /// type an amount and Enter), Enter next, ? explain, q quit with the
    /// summary.
    Practice(PracticeArgs),
    /// Run scenario files (or folders of them) and check their expectations.
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

/// `floorcall practice`'s options.
#[derive(Debug, Args)]
struct PracticeArgs {
    /// Rule every question under this house (default: a case's own house; tda for drills).
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
    /// The seed of the drills and the order (default: from the clock); the same seed asks the same.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Only this topic: a ruling id (fifty-percent, out-of-turn, ...) or a drill (to-call, min-raise, can-raise, side-pot, show-first, odd-chip, pushed-chips).
    #[arg(long, value_name = "T")]
    topic: Option<String>,
    /// Scenario files or folders to take cases from (default: the shipped assets/scenarios).
    #[arg(long, value_name = "FOLDER")]
    from: Vec<PathBuf>,
    /// How many questions to ask (default 20; at least 1). The order depends on the seed alone: a shorter count asks the start of a longer one.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = at_least_one_question)]
    count: usize,
    /// Print the questions as JSON and exit (no screen, nothing recorded).
    #[arg(long)]
    quiz_json: bool,
    /// Print the score by topic and the schedule, and exit.
    #[arg(long)]
    stats: bool,
    /// The progress file (default: practice.json in the user's data folder).
    #[arg(long, value_name = "FILE")]
    progress: Option<PathBuf>,
}

/// `--count`: a number of questions, 1 or more.
fn at_least_one_question(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("practice asks at least one question: give --count 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("\"{text}\" is not a number of questions")),
    }
}

#[derive(Debug, Subcommand)]
enum RulesCmd {
    /// The built-in profiles and the user's own.
    List,
    /// Every setting of a profile with its citation.
    Show {
        /// A profile name or a path to a house-rules TOML file.
        name: String,
    },
    /// Check a house-rules file: exit 0, or print the errors and exit 1.
    Check {
        /// The file.
        file: String,
    },
    /// Where two houses rule differently, setting by setting, with both citations.
    Diff {
        /// The first house.
        a: String,
        /// The second house.
        b: String,
    },
}

/// Where a user's own house-rules files live.
fn user_rules_dirs() -> Vec<PathBuf> {
    Folders::find().map(|f| f.rules()).unwrap_or_default()
}

fn load_house(name: &str) -> Result<HouseRules, String> {
    HouseRules::find(name, &user_rules_dirs()).map_err(|e| e.to_string())
}

/// Says something on stderr. A stderr that cannot be written to (closed,
/// or a terminal that went away) is no reason to panic: the exit status
/// still tells.
fn tell(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// What a command that prints ends with: its exit status, or the error of
/// writing its output (a reader that went away is not a failure; see
/// `main`).
type Printed = io::Result<ExitCode>;

fn rules_command(command: RulesCmd, out: &mut impl Write) -> Printed {
    match command {
        RulesCmd::List => {
            for (name, _) in floorcall::rules::BUILT_IN {
                match HouseRules::find(name, &[]) {
                    Ok(rules) => writeln!(out, "{name:<10} {}", rules.title)?,
                    Err(e) => writeln!(out, "{name:<10} (does not load: {e})")?,
                }
            }
            for dir in user_rules_dirs() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                let mut files: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                    .collect();
                files.sort();
                for file in files {
                    let name = file
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    match HouseRules::load(&file.display().to_string()) {
                        Ok(rules) => {
                            writeln!(out, "{name:<10} {} ({})", rules.title, file.display())?
                        }
                        Err(e) => writeln!(out, "{name:<10} (does not load: {e})")?,
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        RulesCmd::Show { name } => match load_house(&name) {
            Ok(rules) => {
                writeln!(out, "{} — {}", rules.name, rules.title)?;
                if let Some(base) = &rules.extends {
                    writeln!(
                        out,
                        "extends {base}: where this book is silent, {base} applies"
                    )?;
                }
                writeln!(out)?;
                for (key, value, cite) in rules.settings.rows() {
                    writeln!(out, "{key} = {value}")?;
                    writeln!(
                        out,
                        "    {} {}: \"{}\"",
                        cite.rulebook, cite.rule, cite.text
                    )?;
                    // A citation's clauses, one per case the engine tells apart.
                    let id = floorcall::rules::ruling_for_setting(key);
                    for (key, c) in id.into_iter().flat_map(|id| rules.clauses(id)) {
                        writeln!(
                            out,
                            "    clause {key}: {} {}: \"{}\"",
                            c.rulebook, c.rule, c.text
                        )?;
                    }
                }
                writeln!(out)?;
                for (id, cite) in rules.ruling_citations() {
                    writeln!(
                        out,
                        "{id}: {} {}: \"{}\"",
                        cite.rulebook, cite.rule, cite.text
                    )?;
                    // A ruling with a setting quotes the setting and its clauses.
                    if floorcall::rules::setting_for(*id).is_none() {
                        for (key, c) in rules.clauses(*id) {
                            writeln!(
                                out,
                                "    clause {key}: {} {}: \"{}\"",
                                c.rulebook, c.rule, c.text
                            )?;
                        }
                    }
                }
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                tell(e);
                Ok(ExitCode::from(2))
            }
        },
        RulesCmd::Check { file } => match HouseRules::load(&file) {
            Ok(rules) => {
                writeln!(
                    out,
                    "{file}: ok ({}, {} settings)",
                    rules.title,
                    rules.settings.rows().len()
                )?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                let problems = e.each();
                for problem in &problems {
                    tell(problem);
                }
                if problems.len() > 1 {
                    tell(format_args!("{file}: {} problems.", problems.len()));
                }
                Ok(ExitCode::from(1))
            }
        },
        RulesCmd::Diff { a, b } => {
            let (ra, rb) = match (load_house(&a), load_house(&b)) {
                (Ok(ra), Ok(rb)) => (ra, rb),
                (Err(e), _) | (_, Err(e)) => {
                    tell(e);
                    return Ok(ExitCode::from(2));
                }
            };
            let diffs = ra.diff(&rb);
            if diffs.is_empty() {
                writeln!(out, "{a} and {b} rule alike on every setting.")?;
            }
            for ((key, va, ca), (_, vb, cb)) in &diffs {
                writeln!(out, "{key}:")?;
                writeln!(
                    out,
                    "    {a}: {va}  ({} {}: \"{}\")",
                    ca.rulebook, ca.rule, ca.text
                )?;
                writeln!(
                    out,
                    "    {b}: {vb}  ({} {}: \"{}\")",
                    cb.rulebook, cb.rule, cb.text
                )?;
            }
            writeln!(out, "{} setting(s) differ.", diffs.len())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The command line, with the help naming the folders in use here.
fn parse_command_line() -> Cli {
    let command = Cli::command().after_help(after_help(Folders::find().as_ref()));
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    let printed = match cli.command {
        Some(Cmd::Scenario { paths }) => print(|out| run_scenarios(&paths, out)),
        Some(Cmd::Export {
            format,
            journal,
            hand,
            event,
            output,
        }) => print(|out| {
            export_command(
                format.as_deref(),
                journal,
                hand,
                event.as_deref(),
                output.as_deref(),
                out,
            )
        }),
        Some(Cmd::Import { house, paths, .. }) => {
            print(|out| import_check(house.as_deref(), &paths, out))
        }
        Some(Cmd::Rules { command }) => print(|out| rules_command(command, out)),
        Some(Cmd::Replay { journal, hand }) => print(|out| replay_command(journal, hand, out)),
        Some(Cmd::Verify { journal, head }) => print(|out| verify_command(journal, head, out)),
        Some(Cmd::Review {
            journal,
            hand,
            house,
        }) => return review_command(journal, hand, house),
        Some(Cmd::Practice(args)) => return practice_command(args),
        Some(Cmd::Floor(args)) => print(|out| cli_floor::run(args, out)),
        None => {
            return match run_table(&cli.table) {
                Ok(code) => code,
                Err(Failure::User(e)) => {
                    tell(format_args!("floorcall: {e:#}"));
                    ExitCode::from(2)
                }
                Err(Failure::Internal(e)) => {
                    tell(format_args!("floorcall: internal error: {e:#}"));
                    ExitCode::from(1)
                }
            };
        }
    };
    match printed {
        Ok(code) => code,
        // The reader went away (`floorcall replay J | head -1`): what it
        // wanted, it has; the rest is not wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            tell(format_args!(
                "floorcall: the output could not be written: {e}."
            ));
            ExitCode::from(1)
        }
    }
}

/// Runs a command that prints to stdout, buffered, and flushes it.
fn print(command: impl FnOnce(&mut io::BufWriter<io::StdoutLock<'static>>) -> Printed) -> Printed {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let code = command(&mut out)?;
    out.flush()?;
    Ok(code)
}

/// Prints one hand of a journal for the TD.
fn replay_command(journal: Option<PathBuf>, number: Option<u32>, out: &mut impl Write) -> Printed {
    let Some(path) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        tell(
            "floorcall: the home folder is unknown, so there is no journal in a data folder: give the journal's path.",
        );
        return Ok(ExitCode::from(2));
    };
    let loaded = match floorcall::journal::load(&path) {
        Ok(loaded) => loaded,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let (Some(first), Some(last)) = (loaded.hands.first(), loaded.hands.last()) else {
        tell(format_args!(
            "floorcall: the journal {} is empty: no hand has been recorded in it yet.",
            path.display()
        ));
        return Ok(ExitCode::from(2));
    };
    let hand = match number {
        Some(n) => loaded.hands.iter().find(|h| h.header.number == n),
        None => Some(last),
    };
    let Some(hand) = hand else {
        tell(format_args!(
            "floorcall: {} has no hand {}: its hands are {} to {}.",
            path.display(),
            number.unwrap_or_default(),
            first.header.number,
            last.header.number
        ));
        return Ok(ExitCode::from(2));
    };
    for line in floorcall::journal::replay::report(hand) {
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Opens the review screen on a journal: exit 0 on quit, 2 when the journal
/// cannot be read or has no such hand, 128+n on a signal.
fn review_command(
    journal: Option<PathBuf>,
    number: Option<u32>,
    house: Option<String>,
) -> ExitCode {
    use floorcall::tui::review::{self, Review};

    let Some(path) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        tell("floorcall: the home folder is unknown: give the journal's path.");
        return ExitCode::from(2);
    };
    let loaded = match floorcall::journal::load(&path) {
        Ok(loaded) => loaded,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return ExitCode::from(2);
        }
    };
    let hands = review::hands_of(loaded.hands, |name| load_house(name).ok());
    let title = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let compared = match house.as_deref().map(load_house) {
        Some(Ok(rules)) => Some(rules),
        Some(Err(e)) => {
            tell(format_args!("floorcall: {e}"));
            return ExitCode::from(2);
        }
        None => None,
    };
    let mut app =
        Review::new(title, hands, Theme::from_env()).with_more_houses(HouseRules::all_built_in);
    app.compare_with(compared);
    if let Some(n) = number
        && !app.open_hand(n)
    {
        let range = match (app.hands().first(), app.hands().last()) {
            (Some(a), Some(b)) => {
                format!("its hands are {} to {}", a.summary.number, b.summary.number)
            }
            _ => "it has no hand yet".to_string(),
        };
        tell(format_args!(
            "floorcall: {} has no hand {n}: {range}.",
            path.display()
        ));
        return ExitCode::from(2);
    }
    on_screen(
        &mut app,
        "the review",
        "floorcall: the review screen needs a terminal, and the output is not one (replay prints a hand without one).",
    )
}

/// Runs a read-only screen (review, practice) in the terminal: it needs one
/// (else `no_terminal` and exit 2), and restores it after. Exit 0 on quit,
/// 128+n on a signal, 1 on an internal failure; `what` names the screen.
fn on_screen<S: tui::KeyScreen>(screen: &mut S, what: &str, no_terminal: &str) -> ExitCode
where
    for<'a> &'a S: ratatui::widgets::Widget,
{
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        tell(no_terminal);
        return ExitCode::from(2);
    }
    let signals = match StopSignals::register() {
        Ok(s) => s,
        Err(e) => {
            tell(format_args!(
                "floorcall: internal error: the signal handlers cannot be installed: {e}."
            ));
            return ExitCode::from(1);
        }
    };
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            tell(format_args!(
                "floorcall: internal error: the terminal cannot be set up for {what}: {e}."
            ));
            return ExitCode::from(1);
        }
    };
    let ended = tui::run_screen(&mut terminal, screen, &signals);
    let _ = ratatui::try_restore();
    match ended {
        Ok(Ending::Quit) => ExitCode::SUCCESS,
        Ok(Ending::Signal(signal)) => ExitCode::from(signal.exit_status()),
        Err(e) => {
            tell(format_args!(
                "floorcall: internal error: the terminal failed while {what} was open: {e}."
            ));
            ExitCode::from(1)
        }
    }
}

/// Practice: the drill screen, `--quiz-json` or `--stats`. Exit 0, 2 on a
/// user's mistake (an unknown house or topic, an unreadable file), 1 on an
/// internal failure, 128+n on a signal.
fn practice_command(args: PracticeArgs) -> ExitCode {
    use floorcall::practice::{self, Progress};
    use floorcall::tui::practice::Drill;

    let Some(progress_file) = args
        .progress
        .clone()
        .or_else(|| Folders::find().map(|f| f.data.join("practice.json")))
    else {
        tell("floorcall: the home folder is unknown: give --progress FILE.");
        return ExitCode::from(2);
    };
    let mut progress = match Progress::load(&progress_file) {
        Ok(p) => p,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return ExitCode::from(2);
        }
    };
    if args.stats {
        let printed = print(|out| {
            for line in progress.stats_lines() {
                writeln!(out, "{line}")?;
            }
            Ok(ExitCode::SUCCESS)
        });
        return printed.unwrap_or(ExitCode::from(1));
    }
    let house = match args.house.as_deref().map(load_house).transpose() {
        Ok(h) => h,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return ExitCode::from(2);
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    // Without --from: the shipped scenario files, built into the binary.
    let from = args.from.clone();
    progress.begin();
    let options = practice::Options {
        house,
        seed,
        topic: args.topic.clone(),
        from,
        drills: practice::DRILLS,
    };
    let mut questions = match practice::session(&options, &progress) {
        Ok(q) => q,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return ExitCode::from(2);
        }
    };
    if !args.from.is_empty() && !questions.iter().any(|q| q.id.starts_with("case:")) {
        tell(
            "floorcall: no scenario file given with --from makes a question (a case needs an expectation naming a ruling, and three wrong answers the engine can compute): only drills are asked.",
        );
    }
    practice::top_up(&mut questions, &options, args.count);
    questions.truncate(args.count);
    if args.quiz_json {
        let printed = print(|out| {
            serde_json::to_writer_pretty(&mut *out, &questions).map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(ExitCode::SUCCESS)
        });
        return printed.unwrap_or(ExitCode::from(1));
    }
    let mut drill = Drill::new(questions, progress, seed, Theme::from_env());
    let code = on_screen(
        &mut drill,
        "practice",
        "floorcall: the practice screen needs a terminal (--quiz-json prints the questions without one).",
    );
    if drill.answered() {
        if let Err(e) = drill.progress().save(&progress_file) {
            tell(format_args!("floorcall: the progress was not saved: {e}"));
        }
        for line in drill.summary_lines() {
            tell(line);
        }
    }
    code
}

/// Checks a journal for the TD: exit 0 verified, 1 not (the first bad record
/// named, or no chain to check), 2 unreadable.
fn verify_command(journal: Option<PathBuf>, head: Option<String>, out: &mut impl Write) -> Printed {
    use floorcall::journal::JournalError;
    use floorcall::journal::verify::{VerifyError, VerifyOptions, verify_file};

    let Some(path) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        tell("floorcall: the home folder is unknown: give the journal's path.");
        return Ok(ExitCode::from(2));
    };
    let dirs = user_rules_dirs();
    let house = |name: &str| HouseRules::find(name, &dirs).map_err(|e| e.to_string());
    let options = VerifyOptions {
        head,
        house: &house,
    };
    match verify_file(&path, &options) {
        Ok(v) if v.chained_from.is_none() && v.records > 0 => {
            writeln!(
                out,
                "NO CHAIN: {} was written in journal format 1, before floorcall chained its records, so edits to it cannot be detected. Its {} hands and {} entries read, and every entry rules again as recorded.",
                path.display(),
                v.hands,
                v.entries
            )?;
            Ok(ExitCode::from(1))
        }
        Ok(v) => {
            writeln!(out, "{}", v.summary())?;
            if let Some(line) = v.chained_from.filter(|l| *l > 1) {
                writeln!(
                    out,
                    "  Lines 1 to {} were written in journal format 1, without a chain; the chain's first record (line {line}) covers their bytes.",
                    line - 1
                )?;
            }
            for note in &v.notes {
                writeln!(out, "  {note}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e @ (VerifyError::Journal(JournalError::Io { .. }) | VerifyError::BadHead(_))) => {
            tell(format_args!("floorcall: {e}"));
            Ok(ExitCode::from(2))
        }
        Err(e) => {
            writeln!(out, "{e}")?;
            Ok(ExitCode::from(1))
        }
    }
}

/// A user's mistake (bad flag, damaged journal or key map) or a failure of
/// the machine (the terminal, the disk).
enum Failure {
    User(anyhow::Error),
    Internal(anyhow::Error),
}

/// Opens the table screen: key map, journal, table choice, the terminal,
/// then the app and the loop, until the dealer quits (exit 0) or a signal
/// ends it (128 + the signal's number, after the terminal is restored).
/// Nothing is written (a started hand, the remembered table) until the
/// screen is up.
fn run_table(args: &TableArgs) -> Result<ExitCode, Failure> {
    let folders = Folders::find();
    let keymap = tui::load_keymap(folders.as_ref().map(Folders::keys).as_deref())
        .map_err(|e| Failure::User(e.into()))?;
    let journal_path = match (&args.journal, &folders) {
        (Some(path), _) => path.clone(),
        (None, Some(f)) => f.journal(),
        (None, None) => {
            return Err(Failure::User(anyhow::anyhow!(
                "the home folder is unknown, so there is no place for the journal: give --journal PATH"
            )));
        }
    };
    let memory = folders.as_ref().map(Folders::memory);
    // The session's flags are read and checked here, before the journal is
    // opened; the table screen takes them up with the session (a new
    // table with --new or when there is none to continue).
    let structure = args
        .structure()
        .map_err(|e| Failure::User(anyhow::anyhow!(e)))?;
    let flags = args.flags();
    let mut choice = TableChoice::opening(memory.as_deref(), &flags)
        .map_err(|e| Failure::User(anyhow::anyhow!(e)))?;
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
        choice
            .header(1)
            .map_err(|e| Failure::User(anyhow::anyhow!(e)))?;
    }
    if let Some(path) = &args.journal {
        journal_folder(path).map_err(Failure::User)?;
    }
    let (journal, loaded) = Journal::open(&journal_path).map_err(|e| {
        Failure::User(
            anyhow::Error::new(e).context("the journal cannot be used (it was left as it is)"),
        )
    })?;
    if let Some(repaired) = journal.repaired() {
        tell(format_args!(
            "floorcall: {}: {repaired}",
            journal_path.display()
        ));
    }
    // Without a terminal there is no screen: stop before a hand is started
    // or the table remembered.
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(Failure::User(anyhow::anyhow!(
            "the table screen needs a terminal, and the output is not one: no hand was started (scenario and replay work without one)"
        )));
    }
    // Before the terminal is set up, so that no signal can leave it raw.
    let signals = StopSignals::register()
        .context("the signal handlers cannot be installed")
        .map_err(Failure::Internal)?;
    let mut terminal = ratatui::try_init()
        .context("the terminal cannot be set up for the table screen")
        .map_err(Failure::Internal)?;
    // The first hand starts (and is journaled) only now, with the screen up.
    let table = (!loaded.hands.is_empty()).then(|| floorcall::journal::table_of(&loaded));
    let start = floorcall::journal::table_start(&loaded);
    let mut hands = loaded.hands;
    let last_hand = hands.pop();
    let mut app = App::new(AppOptions {
        keymap,
        theme: Theme::from_env(),
        choice,
        start_now: flags.any(),
        journal: Some(journal),
        table,
        last_hand,
        earlier: hands.split_off(start.min(hands.len())),
        resume: args.resume,
        memory,
        new_table: args.new,
        structure,
        level_minutes: args.level_minutes.unwrap_or(20),
        bell: !args.no_bell,
    });
    let ended = tui::run(&mut terminal, &mut app, &signals);
    // A terminal that went away (SIGHUP) cannot be restored, and saying so
    // would go nowhere.
    let _ = ratatui::try_restore();
    match ended {
        Ok(Ending::Quit) => Ok(ExitCode::SUCCESS),
        Ok(Ending::Signal(signal)) => {
            tell(format_args!(
                "floorcall: {} ended the table screen; every entry shown is in the journal {}.",
                signal.name(),
                journal_path.display()
            ));
            Ok(ExitCode::from(signal.exit_status()))
        }
        Err(e) => Err(Failure::Internal(
            anyhow::Error::new(e).context("the terminal failed while the table screen was open"),
        )),
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

/// Runs scenarios: one line per failed expectation, then `N passed, M
/// failed`. Exit 0 when all pass, 1 when any fails, 2 when a file cannot be
/// read or parsed.
fn run_scenarios(paths: &[PathBuf], out: &mut impl Write) -> Printed {
    let files = match scenario::collect(paths) {
        Ok(files) => files,
        Err(e) => {
            tell(e);
            return Ok(ExitCode::from(2));
        }
    };
    let (mut passed, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        match scenario::load(file) {
            Err(e) => {
                // What went before is on stdout: keep the order of the two.
                out.flush()?;
                tell(e);
                unreadable += 1;
            }
            Ok(s) => {
                let report = scenario::run(&s);
                if report.failures.is_empty() {
                    passed += 1;
                } else {
                    failed += 1;
                    for f in &report.failures {
                        writeln!(out, "{}: {f}", file.display())?;
                    }
                }
            }
        }
    }
    writeln!(
        out,
        "{passed} passed, {}",
        if unreadable > 0 {
            format!("{failed} failed, {unreadable} unreadable")
        } else {
            format!("{failed} failed")
        }
    )?;
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Checks PHH hands: each played under the house rules (parsed once) and
/// compared with its finishing stacks. One line per failure, then `N
/// passed, M failed`; exit 0, 1 when any failed, 2 when a file or the house
/// cannot be read.
fn import_check(house: Option<&str>, paths: &[PathBuf], out: &mut impl Write) -> Printed {
    use floorcall::notation::phh;

    let rules = match house {
        None => HouseRules::tda(),
        Some(name) => match load_house(name) {
            Ok(rules) => rules,
            Err(e) => {
                tell(format_args!("floorcall: {e}"));
                return Ok(ExitCode::from(2));
            }
        },
    };
    let files = match floorcall::files::find(paths, &["phh", "phhs"]) {
        Ok(files) => files,
        Err(e) => {
            tell(e);
            return Ok(ExitCode::from(2));
        }
    };
    let results = phh::check_files(&files, &std::sync::Arc::new(rules));
    let (mut passed, mut failed, mut unreadable) = (0usize, 0usize, 0usize);
    for (file, result) in files.iter().zip(results) {
        match result {
            Ok(hands) => {
                for (name, checked) in hands {
                    match checked {
                        Ok(_) => passed += 1,
                        Err(e) => {
                            failed += 1;
                            let name = name.map(|n| format!(" [{n}]")).unwrap_or_default();
                            writeln!(out, "{}{name}: {e}", file.display())?;
                        }
                    }
                }
            }
            Err(e) => {
                out.flush()?;
                tell(format_args!(
                    "floorcall: {} cannot be read: {e}.",
                    file.display()
                ));
                unreadable += 1;
            }
        }
    }
    writeln!(
        out,
        "{passed} passed, {}",
        if unreadable > 0 {
            format!("{failed} failed, {unreadable} unreadable")
        } else {
            format!("{failed} failed")
        }
    )?;
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Exports a journal's hands (or one) as PHH or OHH, to stdout or a file;
/// the hands left out are named on stderr.
fn export_command(
    format: Option<&str>,
    journal: Option<PathBuf>,
    number: Option<u32>,
    event: Option<&str>,
    output: Option<&std::path::Path>,
    out: &mut impl Write,
) -> Printed {
    use floorcall::journal::export::{self, Layout};

    let extension = output
        .and_then(|p| p.extension())
        .and_then(|x| x.to_str())
        .map(str::to_ascii_lowercase);
    let layout = match (format, extension.as_deref()) {
        (Some("ohh"), None | Some("ohh")) | (None, Some("ohh")) => Layout::Ohh,
        (None | Some("phh"), Some("phhs")) => Layout::Phhs,
        (None | Some("phh"), Some("phh")) => Layout::Phh,
        (None | Some("phh"), None) if number.is_some() => Layout::Phh,
        (None | Some("phh"), None) => Layout::Phhs,
        (format, Some(x)) => {
            tell(format_args!(
                "floorcall: {} is not a file for {}: write PHH to a .phh or .phhs file, OHH to a .ohh file.",
                output.map(|p| p.display().to_string()).unwrap_or_default(),
                format.map_or_else(|| format!("a .{x} export"), |f| format!("--format {f}"))
            ));
            return Ok(ExitCode::from(2));
        }
        (Some(other), None) => {
            tell(format_args!(
                "floorcall: unknown format {other}: phh or ohh."
            ));
            return Ok(ExitCode::from(2));
        }
    };
    let Some(journal) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        tell(
            "floorcall: the home folder is unknown, so there is no journal in a data folder: give the journal's path.",
        );
        return Ok(ExitCode::from(2));
    };
    let loaded = match floorcall::journal::load(&journal) {
        Ok(loaded) => loaded,
        Err(e) => {
            tell(format_args!("floorcall: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let exported = match export::export(&loaded, layout, number, event) {
        Ok(exported) => exported,
        Err(e) => {
            tell(format_args!("floorcall: {}: {e}", journal.display()));
            return Ok(ExitCode::from(2));
        }
    };
    for note in &exported.left_out {
        tell(format_args!("floorcall: {note}"));
    }
    match output {
        None => out.write_all(exported.text.as_bytes())?,
        Some(path) => {
            if let Err(e) = std::fs::write(path, &exported.text) {
                tell(format_args!(
                    "floorcall: {} cannot be written: {e}.",
                    path.display()
                ));
                return Ok(ExitCode::from(2));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
