//! `floorcall rules check`: a house-rules file read and validated, every
//! problem listed.

use std::io::Write;

use floorcall::rules::HouseRules;

use crate::cli::failure::Failure;
use crate::cli::{print, tell};

/// Check a house-rules file: exit 0, or print the errors and exit 1 (2: it
/// cannot be read).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file.
    file: String,
}

/// Checks the file: `FILE: ok (...)`, or each problem on stderr (and how
/// many, when more than one) and exit 1; a file that is not there or
/// cannot be read (`/dev/zero`) is a user's mistake, exit 2, as for every
/// other subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    let file = args.file;
    match HouseRules::load(&file) {
        Ok(rules) => print(|out| {
            writeln!(
                out,
                "{file}: ok ({}, {} settings)",
                rules.title,
                rules.settings.rows().len()
            )?;
            for (key, value, cite) in rules.filled() {
                writeln!(
                    out,
                    "{file}: {key} is not in the file (written before it arrived): {value}, what floorcall did before it ({})",
                    cite.rule
                )?;
            }
            Ok(())
        }),
        Err(e) if e.is_unreadable() => Err(Failure::User(e.to_string())),
        Err(e) => {
            let problems = e.each();
            for problem in &problems {
                tell(problem);
            }
            if problems.len() > 1 {
                tell(format_args!("{file}: {} problems.", problems.len()));
            }
            Err(Failure::Found)
        }
    }
}
