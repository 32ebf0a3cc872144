//! `floorcall verify`: a journal's hash chain, each finished hand's seal,
//! and every entry ruled again under the house rules it embeds
//! (`floorcall::journal::verify`); the verdict on standard output.

use std::io::Write;
use std::path::PathBuf;

use floorcall::folders;
use floorcall::journal::JournalError;
use floorcall::journal::verify::{VerifyError, VerifyOptions, verify_file};
use floorcall::rules::HouseRules;

use super::failure::Failure;
use super::{journal_or_default, print};

/// Check a journal: its hash chain, each finished hand's seal, and every
/// entry ruled again under the house rules it embeds. Prints `OK: N
/// hands, M entries, head HEX` and exits 0, or names the first bad
/// record (file, line, what is wrong) and exits 1; 2 if it cannot be
/// read. Reads without the lock, so a table may be writing it.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The journal (default: the session journal in the data folder).
    journal: Option<PathBuf>,
    /// A head noted from the table screen (its 16 hex digits, or 8 to
    /// 64): a journal whose end was cut off since is caught against it.
    #[arg(long, value_name = "HEX")]
    head: Option<String>,
}

/// Checks the journal: 0 verified, 1 not (the first bad record named, or no
/// chain to check), 2 unreadable.
pub fn run(args: Args) -> Result<(), Failure> {
    let path = journal_or_default(
        args.journal,
        "the home folder is unknown: give the journal's path.",
    )?;
    let dirs = folders::rules_dirs();
    let house = |name: &str| HouseRules::find(name, &dirs).map_err(|e| e.to_string());
    let options = VerifyOptions {
        head: args.head,
        house: &house,
    };
    let verified = verify_file(&path, &options);
    print(|out| match verified {
        Ok(v) if v.chained_from.is_none() && v.records > 0 => {
            writeln!(
                out,
                "NO CHAIN: {} was written in journal format 1, before floorcall chained its records, so edits to it cannot be detected. Its {} hands and {} entries read, and every entry rules again as recorded.",
                path.display(),
                v.hands,
                v.entries
            )?;
            Err(Failure::Found)
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
            Ok(())
        }
        Err(e @ (VerifyError::Journal(JournalError::Io { .. }) | VerifyError::BadHead(_))) => {
            Err(Failure::user(e))
        }
        Err(e) => {
            writeln!(out, "{e}")?;
            Err(Failure::Found)
        }
    })
}
