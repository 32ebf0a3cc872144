//! The report of a check over many inputs (`scenario`, `import`): one line
//! per failure as the caller meets it, an unreadable input named on stderr
//! where it comes, then `N passed, M failed` (`, K unreadable` when any)
//! and the ending: 2 when an input could not be read, else 1 when a check
//! failed, else 0.

use std::fmt::Display;
use std::io::{self, Write};

use super::failure::Failure;
use super::tell;

/// The counts of a check so far.
#[derive(Debug, Default)]
pub struct Tally {
    /// Inputs (files, hands) that passed.
    pub passed: usize,
    /// Inputs that failed, each with its lines already written.
    pub failed: usize,
    /// Inputs that could not be read, each named.
    pub unreadable: usize,
}

impl Tally {
    /// An input that cannot be read: what went before on stdout is flushed
    /// first (to keep the order of the two), then `message` said on stderr.
    pub fn unreadable(&mut self, out: &mut impl Write, message: impl Display) -> io::Result<()> {
        out.flush()?;
        tell(message);
        self.unreadable += 1;
        Ok(())
    }

    /// Writes the tally line and ends as the counts say.
    pub fn finish(self, out: &mut impl Write) -> Result<(), Failure> {
        let Tally {
            passed,
            failed,
            unreadable,
        } = self;
        if unreadable > 0 {
            writeln!(
                out,
                "{passed} passed, {failed} failed, {unreadable} unreadable"
            )?;
            Err(Failure::Unreadable)
        } else {
            writeln!(out, "{passed} passed, {failed} failed")?;
            if failed > 0 {
                Err(Failure::Found)
            } else {
                Ok(())
            }
        }
    }
}
