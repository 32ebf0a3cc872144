//! The floorcall binary: parse the command line, dispatch, map errors to
//! exit codes. With no subcommand it opens the dealer's screen.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use floorcall::journal::Journal;
use floorcall::rules::HouseRules;
use floorcall::scenario;
use floorcall::tui::setup::{TableChoice, TableFlags};
use floorcall::tui::{self, App, AppOptions, Folders, Theme};

const AFTER_HELP: &str = "\
The table screen:
  floorcall                      opens the table setup (remembered from last time)
  floorcall --seats 6 --stacks 10000 --blinds 100/200 --button 1
                                 starts the first hand at once (any table flag does)

Keys at the table (the seat to act, or key the seat's number first: 4 f):
  f fold   x check   c call   b bet   r raise (amount typed, minimum filled in)
  a all in   s say (words)   p push (1400 or 1000x2+100)   + second motion
  t tap   m muck   Enter bind the open motion   h hole cards   w show
  d deal the board (AsKd7c)   ! floor   : any notation line (up/down: history)
  u undo   U redo   n next hand   ? help (every key, and the notation)   q quit
A ruling: Enter accepts it; o lists the floor's other rulings (1-9 picks one,
recorded as an override); : lets the floor key the line instead.

Files: the journal (one JSON line per entry, synced to disk before the
screen shows it) is journal.jsonl in the data folder unless --journal is
given; keys.toml in the config folder overrides the key map (see
config/keys.toml); NO_COLOR turns colour off.";

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    #[command(flatten)]
    table: TableArgs,
}

/// The table screen's options.
#[derive(Debug, Args)]
struct TableArgs {
    /// House rules: tda, ugly-tuna, upt, nuts, redtooth, or a path to a house-rules TOML.
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
    /// Seats at the table, 2 to 10 (default 9).
    #[arg(long, value_name = "N")]
    seats: Option<u8>,
    /// Starting stack for every seat (10000), or one per seat (10000,8000,,5000; empty: no player).
    #[arg(long, value_name = "CHIPS")]
    stacks: Option<String>,
    /// Small and big blind, like 100/200.
    #[arg(long, value_name = "SB/BB")]
    blinds: Option<String>,
    /// Ante per player.
    #[arg(long, value_name = "CHIPS")]
    ante: Option<u64>,
    /// The button's seat.
    #[arg(long, value_name = "SEAT")]
    button: Option<u8>,
    /// Player names by seat, like Ann,Bob,,Dee (empty: no name).
    #[arg(long, value_name = "NAMES")]
    names: Option<String>,
    /// The journal file (default: journal.jsonl in the user's data folder).
    #[arg(long, value_name = "PATH")]
    journal: Option<PathBuf>,
    /// Resume the journal's last hand without asking.
    #[arg(long)]
    resume: bool,
}

impl TableArgs {
    fn flags(&self) -> TableFlags {
        TableFlags {
            house: self.house.clone(),
            seats: self.seats,
            stacks: self.stacks.clone(),
            blinds: self.blinds.clone(),
            ante: self.ante,
            button: self.button,
            names: self.names.clone(),
        }
    }
}

#[derive(Debug, Subcommand)]
enum Cmd {
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
    /// Run scenario files (or folders of them) and check their expectations.
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
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

fn rules_command(command: RulesCmd) -> ExitCode {
    match command {
        RulesCmd::List => {
            for (name, _) in floorcall::rules::BUILT_IN {
                match HouseRules::find(name, &[]) {
                    Ok(rules) => println!("{name:<10} {}", rules.title),
                    Err(e) => println!("{name:<10} (does not load: {e})"),
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
                        Ok(rules) => println!("{name:<10} {} ({})", rules.title, file.display()),
                        Err(e) => println!("{name:<10} (does not load: {e})"),
                    }
                }
            }
            ExitCode::SUCCESS
        }
        RulesCmd::Show { name } => match load_house(&name) {
            Ok(rules) => {
                println!("{} — {}", rules.name, rules.title);
                if let Some(base) = &rules.extends {
                    println!("extends {base}: where this book is silent, {base} applies");
                }
                println!();
                for (key, value, cite) in rules.settings.rows() {
                    println!("{key} = {value}");
                    println!("    {} {}: \"{}\"", cite.rulebook, cite.rule, cite.text);
                }
                println!();
                for (id, cite) in rules.ruling_citations() {
                    println!("{id}: {} {}: \"{}\"", cite.rulebook, cite.rule, cite.text);
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
        RulesCmd::Check { file } => match HouseRules::load(&file) {
            Ok(rules) => {
                println!(
                    "{file}: ok ({}, {} settings)",
                    rules.title,
                    rules.settings.rows().len()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(1)
            }
        },
        RulesCmd::Diff { a, b } => {
            let (ra, rb) = match (load_house(&a), load_house(&b)) {
                (Ok(ra), Ok(rb)) => (ra, rb),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let diffs = ra.diff(&rb);
            if diffs.is_empty() {
                println!("{a} and {b} rule alike on every setting.");
            }
            for ((key, va, ca), (_, vb, cb)) in &diffs {
                println!("{key}:");
                println!(
                    "    {a}: {va}  ({} {}: \"{}\")",
                    ca.rulebook, ca.rule, ca.text
                );
                println!(
                    "    {b}: {vb}  ({} {}: \"{}\")",
                    cb.rulebook, cb.rule, cb.text
                );
            }
            println!("{} setting(s) differ.", diffs.len());
            ExitCode::SUCCESS
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::Scenario { paths }) => run_scenarios(&paths),
        Some(Cmd::Rules { command }) => rules_command(command),
        Some(Cmd::Replay { journal, hand }) => replay_command(journal, hand),
        Some(Cmd::Verify { journal, head }) => verify_command(journal, head),
        None => match run_table(&cli.table) {
            Ok(()) => ExitCode::SUCCESS,
            Err(Failure::User(e)) => {
                eprintln!("floorcall: {e:#}");
                ExitCode::from(2)
            }
            Err(Failure::Internal(e)) => {
                eprintln!("floorcall: internal error: {e:#}");
                ExitCode::from(1)
            }
        },
    }
}

/// Prints one hand of a journal for the TD.
fn replay_command(journal: Option<PathBuf>, number: Option<u32>) -> ExitCode {
    let Some(path) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        eprintln!("floorcall: the home folder is unknown: give the journal's path");
        return ExitCode::from(2);
    };
    let loaded = match floorcall::journal::load(&path) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("floorcall: {e}");
            return ExitCode::from(2);
        }
    };
    let hand = match number {
        Some(n) => loaded.hands.iter().find(|h| h.header.number == n),
        None => loaded.hands.last(),
    };
    let Some(hand) = hand else {
        let which = number.map_or("any hand".to_string(), |n| format!("hand {n}"));
        eprintln!("floorcall: {} has no {which}", path.display());
        return ExitCode::from(2);
    };
    for line in floorcall::journal::replay::report(hand) {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

/// Checks a journal for the TD: exit 0 verified, 1 not (the first bad record
/// named, or no chain to check), 2 unreadable.
fn verify_command(journal: Option<PathBuf>, head: Option<String>) -> ExitCode {
    use floorcall::journal::JournalError;
    use floorcall::journal::verify::{VerifyError, VerifyOptions, verify_file};

    let Some(path) = journal.or_else(|| Folders::find().map(|f| f.journal())) else {
        eprintln!("floorcall: the home folder is unknown: give the journal's path");
        return ExitCode::from(2);
    };
    let dirs = user_rules_dirs();
    let house = |name: &str| HouseRules::find(name, &dirs).map_err(|e| e.to_string());
    let options = VerifyOptions {
        head,
        house: &house,
    };
    match verify_file(&path, &options) {
        Ok(v) if v.chained_from.is_none() && v.records > 0 => {
            println!(
                "NO CHAIN: {} was written in journal format 1, before floorcall chained its records, so edits to it cannot be detected. Its {} hands and {} entries read, and every entry rules again as recorded.",
                path.display(),
                v.hands,
                v.entries
            );
            ExitCode::from(1)
        }
        Ok(v) => {
            println!("{}", v.summary());
            if let Some(line) = v.chained_from.filter(|l| *l > 1) {
                println!(
                    "  Lines 1 to {} were written in journal format 1, without a chain; the chain's first record (line {line}) covers their bytes.",
                    line - 1
                );
            }
            for note in &v.notes {
                println!("  {note}");
            }
            ExitCode::SUCCESS
        }
        Err(e @ (VerifyError::Journal(JournalError::Io { .. }) | VerifyError::BadHead(_))) => {
            eprintln!("floorcall: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            println!("{e}");
            ExitCode::from(1)
        }
    }
}

/// A user's mistake (bad flag, damaged journal or key map) or a failure of
/// the machine (the terminal, the disk).
enum Failure {
    User(anyhow::Error),
    Internal(anyhow::Error),
}

/// Opens the table screen: key map, journal, table choice, then the loop.
fn run_table(args: &TableArgs) -> Result<(), Failure> {
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
    let (journal, loaded) = Journal::open(&journal_path).map_err(|e| {
        Failure::User(
            anyhow::Error::new(e).context("the journal cannot be used (it was left as it is)"),
        )
    })?;
    if let Some(repaired) = journal.repaired() {
        eprintln!("floorcall: {}: {repaired}", journal_path.display());
    }
    let memory = folders.as_ref().map(Folders::memory);
    let mut choice = memory
        .as_deref()
        .map(TableChoice::remembered)
        .unwrap_or_default();
    let flags = args.flags();
    choice
        .apply(&flags)
        .map_err(|e| Failure::User(anyhow::anyhow!(e)))?;
    if flags.any() {
        // The flags start a hand at once: a table that cannot start (blinds,
        // more chips than a table may have in play ...) is refused here,
        // before the screen opens, with the engine's sentence.
        choice
            .header(1)
            .map_err(|e| Failure::User(anyhow::anyhow!(e)))?;
    }
    let mut app = App::new(AppOptions {
        keymap,
        theme: Theme::from_env(),
        choice,
        start_now: flags.any(),
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: args.resume,
        memory,
    });
    let mut terminal = ratatui::try_init()
        .context("the terminal cannot be set up for the table screen")
        .map_err(Failure::Internal)?;
    let result = tui::run(&mut terminal, &mut app);
    ratatui::restore();
    result
        .context("the terminal failed while the table screen was open")
        .map_err(Failure::Internal)
}

/// Runs scenarios: one line per failed expectation, then `N passed, M
/// failed`. Exit 0 when all pass, 1 when any fails, 2 when a file cannot be
/// read or parsed.
fn run_scenarios(paths: &[PathBuf]) -> ExitCode {
    let files = match scenario::collect(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mut passed, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        match scenario::load(file) {
            Err(e) => {
                eprintln!("{e}");
                unreadable += 1;
            }
            Ok(s) => {
                let report = scenario::run(&s);
                if report.failures.is_empty() {
                    passed += 1;
                } else {
                    failed += 1;
                    for f in &report.failures {
                        println!("{}: {f}", file.display());
                    }
                }
            }
        }
    }
    println!(
        "{passed} passed, {}",
        if unreadable > 0 {
            format!("{failed} failed, {unreadable} unreadable")
        } else {
            format!("{failed} failed")
        }
    );
    if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
