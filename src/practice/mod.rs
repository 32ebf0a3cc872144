//! Practice mode: ruling drills and table arithmetic, offline and scored.
//!
//! Questions come from two sources, and every answer in them is computed by
//! the engine, never typed by hand. `cases` turns scenario files into
//! questions: the table just before the line that produces the scenario's
//! ruling, that line told in words, and what it binds under the house in
//! force. `drills` deals random tables (seeded, so a run is repeatable) and
//! asks what dealers get wrong: the amount to call, the minimum raise after
//! a short all-in, whether a seat may raise, side pots, who shows first, who
//! gets the odd chip, what pushed chips or an out-of-turn action bind.
//!
//! The wrong choices are computed too (`line`): the same line under the
//! other four houses, and the common mistakes as other computations (the
//! pushed chips at face value, the minimum raise from the previous bet, a
//! short all-in taken as reopening). `progress` keeps the score by topic
//! and a Leitner schedule in a small JSON file. Nothing here draws or reads
//! a key: the TUI (`tui::practice`) and the CLI sit on top.

pub mod cases;
pub mod drills;
pub mod line;
pub mod progress;

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use serde::Serialize;

use crate::rules::{Citation, HouseRules, RulesError};
use crate::table::Hand;

pub use progress::Progress;

/// The five built-in houses, in the order their rulings are listed.
pub const HOUSES: [&str; 5] = ["tda", "ugly-tuna", "upt", "nuts", "redtooth"];

/// The built-in house `name`, if it loads.
pub fn built_in(name: &str) -> Option<HouseRules> {
    HouseRules::built_in(name).and_then(Result::ok)
}

/// What the answer is: one of the choices, or an amount typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    /// The index (from 0) of the right choice.
    Choice(usize),
    /// The amount, in chips.
    Amount(u64),
}

/// One question: a table, what happened at it in words, the choices (or a
/// typed amount), the answer with its explanation and citation, and how
/// each house rules where the houses differ.
#[derive(Debug, Clone, Serialize)]
pub struct Question {
    /// A stable name, for the repetition schedule (`case:pair-fifty-percent-tda`,
    /// `drill:to-call:7:3`).
    pub id: String,
    /// The topic it is scored under (a ruling id, or a drill's name).
    pub topic: String,
    /// The house whose ruling is the answer.
    pub house: String,
    /// Where the case comes from (a scenario's title and source), if it
    /// comes from a file.
    pub source: Option<String>,
    /// The table before the decisive moment, in words (one line each).
    pub table: Vec<String>,
    /// What physically happened, in words.
    pub told: String,
    /// The decisive line in table notation, when the question is what a
    /// line binds (`s5 push 1000x2`).
    pub line: Option<String>,
    /// The question asked.
    pub prompt: String,
    /// The choices (empty for a typed amount).
    pub choices: Vec<String>,
    /// The answer.
    pub answer: Answer,
    /// The answer in one sentence.
    pub answer_text: String,
    /// Why: the engine's ruling in a sentence or two, with the numbers.
    pub explanation: String,
    /// The rule applied, when one is cited.
    pub citation: Option<Citation>,
    /// How each house rules the same moment (house, ruling).
    pub per_house: Vec<(String, String)>,
    /// The hand as it stood just before (for the screen).
    #[serde(skip)]
    pub hand: Option<Hand>,
}

impl Question {
    /// Whether the houses rule this moment differently.
    pub fn houses_differ(&self) -> bool {
        self.per_house.windows(2).any(|pair| pair[0].1 != pair[1].1)
    }

    /// Whether `picked` (a choice index) is right.
    pub fn is_right_choice(&self, picked: usize) -> bool {
        self.answer == Answer::Choice(picked)
    }

    /// Whether `amount` is right.
    pub fn is_right_amount(&self, amount: u64) -> bool {
        self.answer == Answer::Amount(amount)
    }
}

/// How many drills a session deals whatever `--count` asks, so that the
/// order depends on the seed alone: a shorter session asks the start of a
/// longer one, and `--quiz-json` prints what the screen asks.
pub const DRILLS: usize = 40;

/// What a practice session asks.
#[derive(Debug, Clone)]
pub struct Options {
    /// Rule every question under this house (default: a case's own house,
    /// tda for drills).
    pub house: Option<HouseRules>,
    /// The seed of the random tables and the order.
    pub seed: u64,
    /// Only this topic (a ruling id or a drill's name).
    pub topic: Option<String>,
    /// Scenario files or folders to take cases from (none: the shipped ones,
    /// built into the binary).
    pub from: Vec<PathBuf>,
    /// How many generated drills to deal.
    pub drills: usize,
}

/// Why a session could not be built.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    /// A scenario file could not be read.
    #[error("{0}")]
    Scenario(#[from] crate::scenario::ScenarioError),
    /// A folder named holds no scenario file.
    #[error(
        "{path} holds no scenario file (*.toml): practice --from takes scenario files or folders of them."
    )]
    NoScenarioFile {
        /// The folder.
        path: String,
    },
    /// The house could not be loaded.
    #[error("{0}")]
    House(#[from] RulesError),
    /// Nothing to ask.
    #[error("There is no question to ask on the topic {topic}: the topics are {known}.")]
    NoQuestion {
        /// The topic asked for.
        topic: String,
        /// The topics there are.
        known: String,
    },
}

/// The session's questions: the cases from the files and the drills,
/// shuffled by the seed, then ordered by the schedule (questions due again,
/// missed ones first, then new ones, then the rest).
pub fn session(options: &Options, progress: &Progress) -> Result<Vec<Question>, PracticeError> {
    let mut questions = if options.from.is_empty() {
        cases::shipped(options.house.as_ref(), options.seed)?
    } else {
        cases::from_paths(&options.from, options.house.as_ref(), options.seed)?
    };
    let drill_house = options.house.clone().unwrap_or_else(HouseRules::tda);
    questions.extend(drills::deal(
        options.seed,
        options.drills,
        &drill_house,
        options.topic.as_deref(),
    ));
    let all_topics: Vec<String> = {
        let mut t: Vec<String> = questions.iter().map(|q| q.topic.clone()).collect();
        t.extend(drills::TOPICS.iter().map(|d| d.to_string()));
        t.sort();
        t.dedup();
        t
    };
    if let Some(topic) = &options.topic {
        questions.retain(|q| &q.topic == topic);
        if questions.is_empty() {
            return Err(PracticeError::NoQuestion {
                topic: topic.clone(),
                known: all_topics.join(", "),
            });
        }
    }
    let mut rng = StdRng::seed_from_u64(options.seed);
    questions.shuffle(&mut rng);
    progress.order(&mut questions);
    Ok(questions)
}

/// Makes `questions` (a session over `options`) up to `count` with the
/// drills after those it dealt, in their own seeded order after the rest:
/// the questions already there keep their places.
pub fn top_up(questions: &mut Vec<Question>, options: &Options, count: usize) {
    let house = options.house.clone().unwrap_or_else(HouseRules::tda);
    let mut next = options.drills;
    let mut more = Vec::new();
    while questions.len() + more.len() < count {
        let want = count - questions.len() - more.len();
        let dealt = drills::deal_range(
            options.seed,
            next..next + want,
            &house,
            options.topic.as_deref(),
        );
        next += want;
        if dealt.is_empty() {
            break;
        }
        more.extend(dealt);
    }
    let mut rng = StdRng::seed_from_u64(options.seed.rotate_left(1));
    more.shuffle(&mut rng);
    questions.extend(more);
}

/// A stable 64-bit hash of a text (FNV-1a), to seed a question's own
/// shuffle from the session seed and its id.
pub fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
