//! The floorcall binary: parse the command line, dispatch, map errors to
//! exit codes.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use floorcall::scenario;

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Run scenario files (or folders of them) and check their expectations.
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::Scenario { paths }) => run_scenarios(&paths),
        None => {
            eprintln!(
                "floorcall: the table screen is not built yet; try `floorcall scenario assets/scenarios`."
            );
            ExitCode::from(2)
        }
    }
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
