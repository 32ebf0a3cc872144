//! `floorcall rules diff`: where two houses rule differently, setting by
//! setting, with both citations.

use std::io::Write;

use floorcall::folders::load_house;

use crate::cli::failure::Failure;
use crate::cli::print;

use super::quoted;

/// Where two houses rule differently, setting by setting, with both citations.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first house.
    a: String,
    /// The second house.
    b: String,
}

/// Compares the houses: 2 when one cannot be found or read.
pub fn run(args: Args) -> Result<(), Failure> {
    let Args { a, b } = args;
    let (ra, rb) = match (load_house(&a), load_house(&b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (Err(e), _) | (_, Err(e)) => return Err(Failure::User(e.to_string())),
    };
    print(|out| {
        let diffs = ra.diff(&rb);
        if diffs.is_empty() {
            writeln!(out, "{a} and {b} rule alike on every setting.")?;
        }
        for ((key, va, ca), (_, vb, cb)) in &diffs {
            writeln!(out, "{key}:")?;
            writeln!(out, "    {a}: {va}  ({})", quoted(ca))?;
            writeln!(out, "    {b}: {vb}  ({})", quoted(cb))?;
        }
        writeln!(out, "{} setting(s) differ.", diffs.len())?;
        Ok(())
    })
}
