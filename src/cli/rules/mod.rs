//! `floorcall rules`: the house-rules profiles listed, shown, checked and
//! compared, one file per subcommand.

pub mod check;
pub mod diff;
pub mod list;
pub mod show;

use floorcall::rules::Citation;

use crate::cli::failure::Failure;

/// House rules: list, show, check and compare profiles.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

subcommands! {
    List(list),
    Show(show),
    Check(check),
    Diff(diff),
}

/// Runs the rules subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    args.command.run()
}

/// A citation as the rules subcommands quote it: `BOOK RULE: "TEXT"`.
fn quoted(c: &Citation) -> String {
    format!("{} {}: \"{}\"", c.rulebook, c.rule, c.text)
}
