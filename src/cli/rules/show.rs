//! `floorcall rules show`: every setting of a house with its citation and
//! clauses, then every ruling's citation.

use std::io::Write;

use floorcall::folders::load_house;
use floorcall::rules::Citation;

use crate::cli::failure::Failure;
use crate::cli::print;

use super::quoted;

/// Every setting of a profile with its citation.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A profile name or a path to a house-rules TOML file.
    name: String,
}

/// Shows the house: 2 when it cannot be found or read.
pub fn run(args: Args) -> Result<(), Failure> {
    let rules = load_house(&args.name).map_err(|e| Failure::User(e.to_string()))?;
    print(|out| {
        writeln!(out, "{} — {}", rules.name, rules.title)?;
        if let Some(base) = &rules.extends {
            writeln!(
                out,
                "extends {base}: where this book is silent, {base} applies"
            )?;
        }
        // Settings the file was written without (an older release's): the
        // value that reproduces what floorcall did before each arrived.
        let filled = rules.filled();
        if !filled.is_empty() {
            writeln!(
                out,
                "written before {} setting(s) arrived, filled with what floorcall did before them:",
                filled.len()
            )?;
            for (key, value, cite) in &filled {
                writeln!(out, "    {key} = {value} ({})", cite.rule)?;
            }
        }
        writeln!(out)?;
        for (key, value, cite) in rules.settings.rows() {
            writeln!(out, "{key} = {value}")?;
            writeln!(out, "    {}", quoted(cite))?;
            // A citation's clauses, one per case the engine tells apart.
            let id = floorcall::rules::ruling_for_setting(key);
            write_clauses(out, id.into_iter().flat_map(|id| rules.clauses(id)))?;
        }
        writeln!(out)?;
        // The floor's settings: balancing, breaking, the final table.
        writeln!(out, "[tournament]")?;
        for (key, value, cite) in rules.tournament.rows() {
            writeln!(out, "{key} = {value}")?;
            writeln!(out, "    {}", quoted(cite))?;
        }
        writeln!(out)?;
        for (id, cite) in rules.ruling_citations() {
            writeln!(out, "{id}: {}", quoted(cite))?;
            // A ruling with a setting quotes the setting and its clauses.
            if floorcall::rules::setting_for(*id).is_none() {
                write_clauses(out, rules.clauses(*id))?;
            }
        }
        Ok(())
    })
}

/// A citation's clauses, one line each.
fn write_clauses<'a>(
    out: &mut impl Write,
    clauses: impl Iterator<Item = (&'a str, &'a Citation)>,
) -> std::io::Result<()> {
    for (key, c) in clauses {
        writeln!(out, "    clause {key}: {}", quoted(c))?;
    }
    Ok(())
}
