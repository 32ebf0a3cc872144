//! The floorcall binary: parse the command line, dispatch, map errors to
//! exit codes. With no subcommand it opens the dealer's screen.

/// Small events by the million (verify, import, review): mimalloc keeps
/// them about a fifth faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cli;

use std::fmt::Display;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use floorcall::folders::{self, Folders, load_house};
use floorcall::rules::HouseRules;
use floorcall::tui::Theme;

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    #[command(flatten)]
    table: cli::table::Args,
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
    #[command(flatten)]
    Moved(cli::Command),
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
            for dir in folders::rules_dirs() {
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
    let command = Cli::command().after_help(cli::table::after_help(Folders::find().as_ref()));
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    let printed = match cli.command {
        Some(Cmd::Rules { command }) => print(|out| rules_command(command, out)),
        Some(Cmd::Replay { journal, hand }) => print(|out| replay_command(journal, hand, out)),
        Some(Cmd::Verify { journal, head }) => print(|out| verify_command(journal, head, out)),
        Some(Cmd::Review {
            journal,
            hand,
            house,
        }) => return review_command(journal, hand, house),
        Some(Cmd::Moved(command)) => return command.run(),
        None => return cli::failure::exit(cli::table::run(&cli.table)),
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
    cli::failure::exit(cli::screen::on_screen(
        &mut app,
        "the review",
        "floorcall: the review screen needs a terminal, and the output is not one (replay prints a hand without one).",
    ))
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
    let dirs = folders::rules_dirs();
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
