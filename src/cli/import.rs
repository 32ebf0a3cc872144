//! `floorcall import --check`: PHH hand histories played under the house
//! rules (parsed once) and compared with their finishing stacks, one line
//! per failed hand, then the tally.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use floorcall::notation::phh;
use floorcall::rules::HouseRules;

use super::failure::Failure;
use super::tally::Tally;
use super::{house_flag, print};

/// Replay PHH hand histories and check each against its
/// finishing_stacks (fractional stacks to within half a chip). Prints one
/// line per failure, then `N passed, M failed`; exits 0 when all pass, 1
/// when any fails, 2 when a file cannot be read.
#[derive(Debug, clap::Args)]
pub struct Args {
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
}

/// Checks every hand found: 0 when all pass, 1 when any fails, 2 when a
/// file or the house cannot be read.
pub fn run(args: Args) -> Result<(), Failure> {
    let rules = house_flag(args.house.as_deref())?.unwrap_or_else(HouseRules::tda);
    let files = floorcall::files::find(&args.paths, &["phh", "phhs"])
        .map_err(|e| Failure::User(e.to_string()))?;
    print(|out| {
        let results = phh::check_files(&files, &Arc::new(rules));
        let mut tally = Tally::default();
        for (file, result) in files.iter().zip(results) {
            match result {
                Ok(hands) => {
                    for (name, checked) in hands {
                        match checked {
                            Ok(_) => tally.passed += 1,
                            Err(e) => {
                                tally.failed += 1;
                                let name = name.map(|n| format!(" [{n}]")).unwrap_or_default();
                                writeln!(out, "{}{name}: {e}", file.display())?;
                            }
                        }
                    }
                }
                Err(e) => tally.unreadable(
                    out,
                    format_args!("floorcall: {} cannot be read: {e}.", file.display()),
                )?,
            }
        }
        tally.finish(out)
    })
}
