//! The floorcall binary: parse the command line and dispatch. Each
//! subcommand is a file in `cli/` (its arguments and its run); with no
//! subcommand the dealer's screen opens (`cli/table.rs`, whose flags are
//! the top level's). `cli/failure.rs` turns how a run ended into the exit
//! status.

/// Small events by the million (verify, import, review): mimalloc keeps
/// them about a fifth faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};

use floorcall::folders::Folders;

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<cli::Command>,
    #[command(flatten)]
    table: cli::table::Args,
}

/// The command line, with the help naming the folders in use here.
fn parse_command_line() -> Cli {
    let command = Cli::command().after_help(cli::table::after_help(Folders::find().as_ref()));
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    cli::failure::exit(match cli.command {
        Some(command) => command.run(),
        None => cli::table::run(&cli.table),
    })
}
