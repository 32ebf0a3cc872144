//! `floorcall export`: a journal's hands (or one) as PHH or OHH, to
//! standard output or a file; the hands left out are named on stderr.

use std::io::Write;
use std::path::PathBuf;

use floorcall::journal::export::{self, Layout};

use super::failure::Failure;
use super::{print, read_journal, tell};

/// Export journaled hands as hand histories: PHH (TOML: `.phhs`, each
/// hand under `[N]`, or one hand a `.phh` file) or OHH 1.4.7 (JSON
/// records separated by a blank line, `.ohh`). Misdeals and unfinished
/// hands are left out, each named.
#[derive(Debug, clap::Args)]
pub struct Args {
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
}

/// Exports the hands: 2 when the format and the file disagree, the journal
/// cannot be read, the hand is not there or the file cannot be written.
pub fn run(args: Args) -> Result<(), Failure> {
    let Args {
        format,
        journal,
        hand: number,
        event,
        output,
    } = args;
    let extension = output
        .as_deref()
        .and_then(|p| p.extension())
        .and_then(|x| x.to_str())
        .map(str::to_ascii_lowercase);
    let layout = match (format.as_deref(), extension.as_deref()) {
        (Some("ohh"), None | Some("ohh")) | (None, Some("ohh")) => Layout::Ohh,
        (None | Some("phh"), Some("phhs")) => Layout::Phhs,
        (None | Some("phh"), Some("phh")) => Layout::Phh,
        (None | Some("phh"), None) if number.is_some() => Layout::Phh,
        (None | Some("phh"), None) => Layout::Phhs,
        (format, Some(x)) => {
            return Err(Failure::user(format_args!(
                "{} is not a file for {}: write PHH to a .phh or .phhs file, OHH to a .ohh file.",
                output.map(|p| p.display().to_string()).unwrap_or_default(),
                format.map_or_else(|| format!("a .{x} export"), |f| format!("--format {f}"))
            )));
        }
        (Some(other), None) => {
            return Err(Failure::user(format_args!(
                "unknown format {other}: phh or ohh."
            )));
        }
    };
    let (journal, loaded) = read_journal(
        journal,
        "the home folder is unknown, so there is no journal in a data folder: give the journal's path.",
    )?;
    let exported = export::export(&loaded, layout, number, event.as_deref())
        .map_err(|e| Failure::user(format_args!("{}: {e}", journal.display())))?;
    for note in &exported.left_out {
        tell(format_args!("floorcall: {note}"));
    }
    match output {
        None => print(|out| Ok(out.write_all(exported.text.as_bytes())?)),
        Some(path) => std::fs::write(&path, &exported.text)
            .map_err(|e| Failure::user(format_args!("{} cannot be written: {e}.", path.display()))),
    }
}
