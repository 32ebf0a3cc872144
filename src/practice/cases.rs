//! Questions from real cases: each scenario file whose expectations name a
//! ruling becomes a question at the line that first suggests that ruling
//! (the decisive line), the table as it stood just before it.

use std::path::PathBuf;

use super::line::{self, Moment};
use super::{PracticeError, Question};
use crate::rules::HouseRules;
use crate::scenario::{self, Scenario};
use crate::table::event::TableSetup;
use crate::table::{Chips, Command, Hand};

/// What a case asks.
pub const PROMPT: &str = "What does it bind, or what does the floor rule?";

/// The questions from every scenario file under `paths` (folders searched),
/// each ruled under `house` when one is given, else under its own house.
/// A file that yields no question (no ruling named, or fewer than three
/// distinct wrong answers) is left out; a folder with no scenario file in
/// it is an error.
pub fn from_paths(
    paths: &[PathBuf],
    house: Option<&HouseRules>,
    seed: u64,
) -> Result<Vec<Question>, PracticeError> {
    let mut questions = Vec::new();
    for path in paths {
        let files = scenario::collect(std::slice::from_ref(path))?;
        if files.is_empty() {
            return Err(PracticeError::NoScenarioFile {
                path: path.display().to_string(),
            });
        }
        for file in files {
            let scenario = scenario::load(&file)?;
            if let Some(q) = from_scenario(&scenario, house, seed) {
                questions.push(q);
            }
        }
    }
    Ok(questions)
}

/// The scenario files shipped in `assets/scenarios/`, built into the
/// binary.
static SHIPPED: include_dir::Dir<'_> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/scenarios");

/// The questions from the shipped scenario files (in the binary, so
/// practice asks them wherever floorcall is installed), in path order.
pub fn shipped(house: Option<&HouseRules>, seed: u64) -> Result<Vec<Question>, PracticeError> {
    fn files<'a>(dir: &'a include_dir::Dir<'a>, out: &mut Vec<&'a include_dir::File<'a>>) {
        for entry in dir.entries() {
            match entry {
                include_dir::DirEntry::Dir(d) => files(d, out),
                include_dir::DirEntry::File(f) => {
                    if f.path().extension().is_some_and(|x| x == "toml") {
                        out.push(f);
                    }
                }
            }
        }
    }
    let mut all = Vec::new();
    files(&SHIPPED, &mut all);
    all.sort_by_key(|f| f.path());
    let mut questions = Vec::new();
    for file in all {
        let name = format!("assets/scenarios/{}", file.path().display());
        let text = file.contents_utf8().unwrap_or_default();
        let scenario = scenario::parse(&name, text, None)?;
        if let Some(q) = from_scenario(&scenario, house, seed) {
            questions.push(q);
        }
    }
    Ok(questions)
}

/// The index of the decisive line: the last whose moment (with the motion
/// closed) suggests one of the rulings the scenario expects (in a chain of
/// out-of-turn actions, the line that settles it), and that ruling. A
/// clear action in turn is not a moment to ask about: it binds what it
/// says.
pub fn decisive_line(scenario: &Scenario) -> Option<(usize, String)> {
    let wanted: Vec<&String> = scenario
        .expectations
        .iter()
        .flat_map(|e| e.rulings.iter().flatten())
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let mut hand = Hand::start(scenario.setup.clone(), scenario.rules.clone()).ok()?;
    let mut found = None;
    for (k, (_, text, command)) in scenario.lines.iter().enumerate() {
        // A seat's motion closes when the next line concerns someone else
        // (or at the end): a line it goes on from is not yet the moment.
        let goes_on = command.seat().is_some()
            && scenario
                .lines
                .get(k + 1)
                .is_some_and(|(_, _, next)| next.seat() == command.seat());
        if goes_on {
            let _ = hand.execute(command, Some(text.clone()));
            continue;
        }
        let clear_in_turn =
            matches!(command, Command::Act { seat, .. } if hand.state().to_act == Some(*seat));
        let ruled = line::rule(&hand, command);
        if let Some(r) = ruled
            .rulings
            .iter()
            .find(|r| wanted.iter().any(|w| *w == r.id.as_str()))
            .filter(|_| !clear_in_turn)
        {
            found = Some((k, r.id.as_str().to_string()));
        }
        let _ = hand.execute(command, Some(text.clone()));
    }
    found
}

/// The most chips a seat or a blind has at a table a dealer meets: a case
/// above it tests the engine's limits (blinds of 10^14), not a ruling.
pub const REAL_TABLE_MAX: Chips = Chips(10_000_000_000);

/// Whether the scenario's table is one a dealer meets (no amount above
/// `REAL_TABLE_MAX`).
pub fn is_real_table(setup: &TableSetup) -> bool {
    std::iter::once(setup.big_blind)
        .chain([setup.small_blind, setup.ante, setup.pot])
        .chain(setup.stacks.iter().map(|(_, c)| *c))
        .all(|c| c <= REAL_TABLE_MAX)
}

/// The question a scenario asks, if it names a ruling and its table is
/// one a dealer meets.
pub fn from_scenario(
    scenario: &Scenario,
    house: Option<&HouseRules>,
    seed: u64,
) -> Option<Question> {
    if !is_real_table(&scenario.setup) {
        return None;
    }
    let (k, topic) = decisive_line(scenario)?;
    let prefix: Vec<(String, Command)> = scenario.lines[..k]
        .iter()
        .map(|(_, t, c)| (t.clone(), c.clone()))
        .collect();
    let name = std::path::Path::new(&scenario.file)
        .file_stem()
        .map_or_else(
            || scenario.file.clone(),
            |s| s.to_string_lossy().into_owned(),
        );
    let rules = house.unwrap_or(&scenario.rules);
    let moment = Moment {
        id: format!("case:{name}:{}", rules.name),
        topic,
        source: Some(format!("{} ({})", scenario.title, scenario.source)),
        setup: &scenario.setup,
        prefix: &prefix,
        line: (&scenario.lines[k].1, &scenario.lines[k].2),
        seed,
    };
    line::question(&moment, rules, PROMPT)
}
