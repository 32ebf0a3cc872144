//! `floorcall rules list`: the built-in profiles and the user's own house
//! files, one line each.

use std::io::Write;
use std::path::PathBuf;

use floorcall::folders;
use floorcall::rules::HouseRules;

use crate::cli::failure::Failure;
use crate::cli::print;

/// The built-in profiles and the user's own.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Lists the profiles; one that does not load says why on its line.
pub fn run(_: Args) -> Result<(), Failure> {
    print(|out| {
        for (name, _) in floorcall::rules::BUILT_IN {
            match HouseRules::find(name, &[]) {
                Ok(rules) => writeln!(out, "{name:<10} {}", rules.title)?,
                Err(e) => writeln!(out, "{name:<10} (does not load: {e})")?,
            }
        }
        for dir in folders::rules_dirs() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            files.sort();
            for file in files {
                let name = file
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match HouseRules::load(&file.display().to_string()) {
                    Ok(rules) => writeln!(out, "{name:<10} {} ({})", rules.title, file.display())?,
                    Err(e) => writeln!(out, "{name:<10} (does not load: {e})")?,
                }
            }
        }
        Ok(())
    })
}
