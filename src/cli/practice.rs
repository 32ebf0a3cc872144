//! `floorcall practice`: the drill screen, `--quiz-json` or `--stats`.
//! The questions come from `floorcall::practice`; the screen from
//! `floorcall::tui::practice`; the progress file is written after a drill
//! in which something was answered.

use std::io::{self, Write};
use std::path::PathBuf;

use floorcall::folders::Folders;
use floorcall::practice::{self, Progress};
use floorcall::tui::Theme;
use floorcall::tui::practice::Drill;

use super::failure::Failure;
use super::screen::on_screen;
use super::{house_flag, print, tell};

/// Practise rulings and table arithmetic, offline and scored: cases
/// from scenario files (what a line binds, and how each house rules
/// it) and generated drills (the amount to call, the minimum raise,
/// side pots, who shows first, the odd chip ...). Keys: 1-4 answer (or
/// type an amount and Enter), Enter next, ? explain, q quit with the
/// summary.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Rule every question under this house (default: a case's own house; tda for drills).
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
    /// The seed of the drills and the order (default: from the clock); the same seed asks the same.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Only this topic: a ruling id (fifty-percent, out-of-turn, ...) or a drill (to-call, min-raise, can-raise, side-pot, show-first, odd-chip, pushed-chips).
    #[arg(long, value_name = "T")]
    topic: Option<String>,
    /// Scenario files or folders to take cases from (default: the shipped assets/scenarios).
    #[arg(long, value_name = "FOLDER")]
    from: Vec<PathBuf>,
    /// How many questions to ask (default 20; at least 1). The order depends on the seed alone: a shorter count asks the start of a longer one.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = at_least_one_question)]
    count: usize,
    /// Print the questions as JSON and exit (no screen, nothing recorded).
    #[arg(long)]
    quiz_json: bool,
    /// Print the score by topic and the schedule, and exit.
    #[arg(long)]
    stats: bool,
    /// The progress file (default: practice.json in the user's data folder).
    #[arg(long, value_name = "FILE")]
    progress: Option<PathBuf>,
}

/// `--count`: a number of questions, 1 or more.
fn at_least_one_question(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("practice asks at least one question: give --count 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("\"{text}\" is not a number of questions")),
    }
}

/// Runs a drill (or prints the questions or the stats): 2 on a user's
/// mistake (an unknown house or topic, an unreadable file), 1 on an
/// internal failure, 128+n on a signal.
pub fn run(args: Args) -> Result<(), Failure> {
    let Some(progress_file) = args
        .progress
        .clone()
        .or_else(|| Folders::find().map(|f| f.data.join("practice.json")))
    else {
        return Err(Failure::user(
            "the home folder is unknown: give --progress FILE.",
        ));
    };
    let mut progress = Progress::load(&progress_file).map_err(Failure::user)?;
    if args.stats {
        return print(|out| {
            for line in progress.stats_lines() {
                writeln!(out, "{line}")?;
            }
            Ok(())
        });
    }
    let house = house_flag(args.house.as_deref())?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    // Without --from: the shipped scenario files, built into the binary.
    let from = args.from.clone();
    progress.begin();
    let options = practice::Options {
        house,
        seed,
        topic: args.topic.clone(),
        from,
        drills: practice::DRILLS,
    };
    let mut questions = practice::session(&options, &progress).map_err(Failure::user)?;
    if !args.from.is_empty() && !questions.iter().any(|q| q.id.starts_with("case:")) {
        tell(
            "floorcall: no scenario file given with --from makes a question (a case needs an expectation naming a ruling, and three wrong answers the engine can compute): only drills are asked.",
        );
    }
    practice::top_up(&mut questions, &options, args.count);
    questions.truncate(args.count);
    if args.quiz_json {
        return print(|out| {
            serde_json::to_writer_pretty(&mut *out, &questions).map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(())
        });
    }
    let keymap = super::keymap()?;
    let mut drill = Drill::new(questions, progress, seed, Theme::from_env()).with_keymap(keymap);
    let ended = on_screen(
        &mut drill,
        "practice",
        "floorcall: the practice screen needs a terminal (--quiz-json prints the questions without one).",
    );
    if drill.answered() {
        if let Err(e) = drill.progress().save(&progress_file) {
            tell(format_args!("floorcall: the progress was not saved: {e}"));
        }
        for line in drill.summary_lines() {
            tell(line);
        }
    }
    ended
}
