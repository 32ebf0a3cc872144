//! The floorcall binary: parse the command line, dispatch, map errors to
//! exit codes.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use floorcall::rules::HouseRules;
use floorcall::scenario;

/// floorcall: a table-side assistant for live no-limit hold'em.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// House rules: list, show, check and compare profiles.
    Rules {
        #[command(subcommand)]
        command: RulesCmd,
    },
    /// Run scenario files (or folders of them) and check their expectations.
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum RulesCmd {
    /// The built-in profiles and the user's own.
    List,
    /// Every setting of a profile with its citation.
    Show {
        /// A profile name or a path to a house-rules TOML file.
        name: String,
    },
    /// Check a house-rules file: exit 0, or print the errors and exit 1.
    Check {
        /// The file.
        file: String,
    },
    /// Where two houses rule differently, setting by setting, with both citations.
    Diff {
        /// The first house.
        a: String,
        /// The second house.
        b: String,
    },
}

/// Where a user's own house-rules files live.
fn user_rules_dirs() -> Vec<PathBuf> {
    directories::ProjectDirs::from("", "", "floorcall")
        .map(|d| vec![d.config_dir().join("rules"), d.config_dir().to_path_buf()])
        .unwrap_or_default()
}

fn load_house(name: &str) -> Result<HouseRules, String> {
    HouseRules::find(name, &user_rules_dirs()).map_err(|e| e.to_string())
}

fn rules_command(command: RulesCmd) -> ExitCode {
    match command {
        RulesCmd::List => {
            for (name, _) in floorcall::rules::BUILT_IN {
                match HouseRules::find(name, &[]) {
                    Ok(rules) => println!("{name:<10} {}", rules.title),
                    Err(e) => println!("{name:<10} (does not load: {e})"),
                }
            }
            for dir in user_rules_dirs() {
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
                        Ok(rules) => println!("{name:<10} {} ({})", rules.title, file.display()),
                        Err(e) => println!("{name:<10} (does not load: {e})"),
                    }
                }
            }
            ExitCode::SUCCESS
        }
        RulesCmd::Show { name } => match load_house(&name) {
            Ok(rules) => {
                println!("{} — {}", rules.name, rules.title);
                if let Some(base) = &rules.extends {
                    println!("extends {base}: where this book is silent, {base} applies");
                }
                println!();
                for (key, value, cite) in rules.settings.rows() {
                    println!("{key} = {value}");
                    println!("    {} {}: \"{}\"", cite.rulebook, cite.rule, cite.text);
                }
                println!();
                for (id, cite) in rules.ruling_citations() {
                    println!("{id}: {} {}: \"{}\"", cite.rulebook, cite.rule, cite.text);
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
        RulesCmd::Check { file } => match HouseRules::load(&file) {
            Ok(rules) => {
                println!(
                    "{file}: ok ({}, {} settings)",
                    rules.title,
                    rules.settings.rows().len()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(1)
            }
        },
        RulesCmd::Diff { a, b } => {
            let (ra, rb) = match (load_house(&a), load_house(&b)) {
                (Ok(ra), Ok(rb)) => (ra, rb),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let diffs = ra.diff(&rb);
            if diffs.is_empty() {
                println!("{a} and {b} rule alike on every setting.");
            }
            for ((key, va, ca), (_, vb, cb)) in &diffs {
                println!("{key}:");
                println!(
                    "    {a}: {va}  ({} {}: \"{}\")",
                    ca.rulebook, ca.rule, ca.text
                );
                println!(
                    "    {b}: {vb}  ({} {}: \"{}\")",
                    cb.rulebook, cb.rule, cb.text
                );
            }
            println!("{} setting(s) differ.", diffs.len());
            ExitCode::SUCCESS
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Cmd::Scenario { paths }) => run_scenarios(&paths),
        Some(Cmd::Rules { command }) => rules_command(command),
        None => {
            eprintln!(
                "floorcall: the table screen is not built yet; try `floorcall scenario assets/scenarios`."
            );
            ExitCode::from(2)
        }
    }
}

/// Runs scenarios: one line per failed expectation, then `N passed, M
/// failed`. Exit 0 when all pass, 1 when any fails, 2 when a file cannot be
/// read or parsed.
fn run_scenarios(paths: &[PathBuf]) -> ExitCode {
    let files = match scenario::collect(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mut passed, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        match scenario::load(file) {
            Err(e) => {
                eprintln!("{e}");
                unreadable += 1;
            }
            Ok(s) => {
                let report = scenario::run(&s);
                if report.failures.is_empty() {
                    passed += 1;
                } else {
                    failed += 1;
                    for f in &report.failures {
                        println!("{}: {f}", file.display());
                    }
                }
            }
        }
    }
    println!(
        "{passed} passed, {}",
        if unreadable > 0 {
            format!("{failed} failed, {unreadable} unreadable")
        } else {
            format!("{failed} failed")
        }
    );
    if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
