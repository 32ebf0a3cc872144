//! How a subcommand ends, and the one place where an ending becomes an exit
//! status (jj `cli/src/command_error.rs`, ripgrep `crates/core/main.rs`).
//! A subcommand's `run` returns `Ok(())` (exit 0) or a [`Failure`], and
//! says nothing of its own failure: `exit` says it and picks the number.
//!
//! - A user's mistake (a flag, a file that cannot be read, a hand that is
//!   not there): said on stderr, exit 2.
//! - Checked and found wanting (a scenario's expectation, a hand history's
//!   stacks, a journal's chain, a house file), the report written: exit 1.
//! - The machine failed (the terminal, the output): said, exit 1.
//! - The reader of standard output went away (`floorcall replay | head -1`):
//!   what it wanted it has; quiet, exit 0.
//! - A signal ended a screen: 128 + the signal's number.

use std::fmt::Display;
use std::io;
use std::process::ExitCode;

use floorcall::tui::StopSignal;

use super::tell;

/// Why a subcommand did not end well.
#[derive(Debug)]
pub enum Failure {
    /// A user's mistake, the whole message as said (most begin
    /// `floorcall: `; see [`Failure::user`]): exit 2.
    User(String),
    /// Some of the inputs could not be read, each named on stderr where it
    /// was met, in the order of the report (a tally): exit 2.
    Unreadable,
    /// Checked and found wanting; the report says what: exit 1.
    Found,
    /// The machine failed (the terminal, the signal handlers): said as
    /// `floorcall: internal error: ...`, exit 1.
    Internal(String),
    /// Standard output could not be written: a reader gone is exit 0,
    /// anything else exit 1, said.
    Output(io::Error),
    /// A signal ended a screen, with what is to be said after it: exit 128
    /// + the signal's number.
    Stopped(StopSignal, Option<String>),
}

impl Failure {
    /// A user's mistake, said as `floorcall: {message}`.
    pub fn user(message: impl Display) -> Failure {
        Failure::User(format!("floorcall: {message}"))
    }

    /// The machine's failure, said as `floorcall: internal error: {message}`.
    pub fn internal(message: impl Display) -> Failure {
        Failure::Internal(message.to_string())
    }
}

/// Writing standard output failed.
impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

/// The exit status of a subcommand's ending, its failure said on stderr.
pub fn exit(ended: Result<(), Failure>) -> ExitCode {
    let Err(failure) = ended else {
        return ExitCode::SUCCESS;
    };
    match failure {
        Failure::User(message) => {
            tell(message);
            ExitCode::from(2)
        }
        Failure::Unreadable => ExitCode::from(2),
        Failure::Found => ExitCode::from(1),
        Failure::Internal(message) => {
            tell(format_args!("floorcall: internal error: {message}"));
            ExitCode::from(1)
        }
        Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Failure::Output(e) => {
            tell(format_args!(
                "floorcall: the output could not be written: {e}."
            ));
            ExitCode::from(1)
        }
        Failure::Stopped(signal, note) => {
            if let Some(note) = note {
                tell(note);
            }
            ExitCode::from(signal.exit_status())
        }
    }
}
