//! `floorcall scenario`: runs scenario files and checks their expectations,
//! one line per failed expectation, then the tally.

use std::io::Write;
use std::path::PathBuf;

use floorcall::scenario;

use super::failure::Failure;
use super::print;
use super::tally::Tally;

/// Run scenario files (or folders of them) and check their expectations.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Scenario files or folders.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Runs every scenario found: 0 when all pass, 1 when any fails, 2 when a
/// file cannot be read or parsed.
pub fn run(args: Args) -> Result<(), Failure> {
    let files = scenario::collect(&args.paths).map_err(|e| Failure::User(e.to_string()))?;
    print(|out| {
        let mut tally = Tally::default();
        for file in &files {
            match scenario::load(file) {
                Err(e) => tally.unreadable(out, e)?,
                Ok(s) => {
                    let report = scenario::run(&s);
                    if report.failures.is_empty() {
                        tally.passed += 1;
                    } else {
                        tally.failed += 1;
                        for f in &report.failures {
                            writeln!(out, "{}: {f}", file.display())?;
                        }
                    }
                }
            }
        }
        tally.finish(out)
    })
}
