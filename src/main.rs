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
