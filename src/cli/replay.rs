//! `floorcall replay`: one hand of a journal, entry by entry, for the TD
//! (the text is `floorcall::journal::replay`'s).

use std::io::Write;
use std::path::PathBuf;

use super::failure::Failure;
use super::{print, read_journal};

/// A hand from the journal, entry by entry: what was entered, what it
/// bound, what was ruled and why (for the TD).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The journal (default: the session journal in the data folder).
    journal: Option<PathBuf>,
    /// The hand number (default: the last hand).
    #[arg(long)]
    hand: Option<u32>,
}

/// Prints the hand: 2 when the journal cannot be read, is empty or has no
/// such hand.
pub fn run(args: Args) -> Result<(), Failure> {
    let (path, loaded) = read_journal(
        args.journal,
        "the home folder is unknown, so there is no journal in a data folder: give the journal's path.",
    )?;
    let (Some(first), Some(last)) = (loaded.hands.first(), loaded.hands.last()) else {
        return Err(Failure::user(format_args!(
            "the journal {} is empty: no hand has been recorded in it yet.",
            path.display()
        )));
    };
    let hand = match args.hand {
        Some(n) => loaded.hands.iter().find(|h| h.header.number == n),
        None => Some(last),
    };
    let Some(hand) = hand else {
        return Err(Failure::user(format_args!(
            "{} has no hand {}: its hands are {} to {}.",
            path.display(),
            args.hand.unwrap_or_default(),
            first.header.number,
            last.header.number
        )));
    };
    print(|out| {
        for line in floorcall::journal::replay::report(hand) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    })
}
