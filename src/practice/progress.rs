//! Progress kept across runs: the score by topic (asked, right, time) and
//! a Leitner schedule per question. A question answered right moves up a
//! box and comes back after 1, 2, 4, 8 or 16 sessions; a missed one goes
//! back to the first box and comes back in the next session (and, in the
//! TUI, again later in the same one). A small JSON file; the caller says
//! where (the user's data folder, or a test's temp dir).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Question;

/// The highest Leitner box.
pub const TOP_BOX: u8 = 5;

/// The score on one topic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopicScore {
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// Time spent answering, in milliseconds.
    pub millis: u64,
}

impl TopicScore {
    /// "3 of 4 right (75%), 6.2 s an answer".
    pub fn words(&self) -> String {
        let percent = u64::from(self.right) * 100 / u64::from(self.asked.max(1));
        let tenths = self.millis / u64::from(self.asked.max(1)) / 100;
        format!(
            "{} of {} right ({percent}%), {}.{} s an answer",
            self.right,
            self.asked,
            tenths / 10,
            tenths % 10
        )
    }

    /// Adds one answer.
    pub fn add(&mut self, right: bool, millis: u64) {
        self.asked += 1;
        self.right += u32::from(right);
        self.millis = self.millis.saturating_add(millis);
    }
}

/// The scores by topic, as lines ("fifty-percent: 3 of 4 right ...").
pub fn score_lines(scores: &BTreeMap<String, TopicScore>) -> Vec<String> {
    let mut total = TopicScore::default();
    let mut lines: Vec<String> = scores
        .iter()
        .map(|(topic, s)| {
            total.asked += s.asked;
            total.right += s.right;
            total.millis = total.millis.saturating_add(s.millis);
            format!("{topic}: {}", s.words())
        })
        .collect();
    lines.push(format!("All topics: {}", total.words()));
    lines
}

/// One question's place in the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its box, 1 (missed) to `TOP_BOX`.
    pub level: u8,
    /// The session from which it is due again.
    pub due: u64,
    /// The last session it was missed in, if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<u64>,
}

/// Everything kept across runs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The file format's version.
    #[serde(default)]
    pub version: u32,
    /// Sessions begun.
    #[serde(default)]
    pub sessions: u64,
    /// The score by topic.
    #[serde(default)]
    pub topics: BTreeMap<String, TopicScore>,
    /// The schedule by question id.
    #[serde(default)]
    pub cards: BTreeMap<String, Card>,
}

/// Why the progress file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// Reading or writing failed.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a progress file.
    #[error("{file}: not a practice progress file ({error}); move it away to start afresh")]
    Format {
        /// The file.
        file: String,
        /// Why.
        error: serde_json::Error,
    },
}

impl Progress {
    /// The format written.
    pub const VERSION: u32 = 1;

    /// Reads the progress file; a file not there yet is a fresh start.
    pub fn load(path: &Path) -> Result<Progress, ProgressError> {
        let file = path.display().to_string();
        let text = match crate::files::read_text(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Progress::default()),
            Err(error) => return Err(ProgressError::Io { file, error }),
        };
        let mut progress: Progress =
            serde_json::from_str(&text).map_err(|error| ProgressError::Format { file, error })?;
        // A file of the release of 22 November kept no session a card was
        // missed in: a card in box 1 was missed in the session before it
        // is due (a miss comes back at the next session).
        for card in progress.cards.values_mut() {
            if card.missed.is_none() && card.level == 1 {
                card.missed = card.due.checked_sub(1);
            }
        }
        Ok(progress)
    }

    /// Writes the progress file (a temporary file renamed over it, so a
    /// crash leaves the old one whole).
    pub fn save(&self, path: &Path) -> Result<(), ProgressError> {
        let file = path.display().to_string();
        let io = |error| ProgressError::Io {
            file: file.clone(),
            error,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut saved = self.clone();
        saved.version = Self::VERSION;
        let text = serde_json::to_string_pretty(&saved)
            .map_err(|e| io(std::io::Error::other(e.to_string())))?;
        let temp = path.with_extension("json.tmp");
        std::fs::write(&temp, text).map_err(io)?;
        std::fs::rename(&temp, path).map_err(io)
    }

    /// Begins a session: questions due by now are asked first.
    pub fn begin(&mut self) {
        self.sessions += 1;
    }

    /// Orders questions by the schedule, keeping the given order within
    /// each group: due again (lowest box, that is most missed, first), then
    /// never asked, then the rest by when they are due.
    pub fn order(&self, questions: &mut [Question]) {
        let now = self.sessions;
        questions.sort_by_key(|q| match self.cards.get(&q.id) {
            Some(c) if c.due <= now => (0, u64::from(c.level)),
            None => (1, 0),
            Some(c) => (2, c.due),
        });
    }

    /// Records an answer: the topic's score and the question's box.
    pub fn record(&mut self, question: &Question, right: bool, millis: u64) {
        self.topics
            .entry(question.topic.clone())
            .or_default()
            .add(right, millis);
        let now = self.sessions;
        // A new question starts in the first box.
        let level = self.cards.get(&question.id).map_or(1, |c| c.level);
        let missed = self.cards.get(&question.id).and_then(|c| c.missed);
        let card = if right {
            let level = (level + 1).clamp(1, TOP_BOX);
            Card {
                level,
                due: now + (1u64 << (level - 1)),
                missed,
            }
        } else {
            Card {
                level: 1,
                due: now + 1,
                missed: Some(now),
            }
        };
        self.cards.insert(question.id.clone(), card);
    }

    /// The lines `--stats` prints.
    pub fn stats_lines(&self) -> Vec<String> {
        if self.topics.is_empty() {
            return vec!["No question answered yet: floorcall practice starts a drill.".into()];
        }
        let mut lines = vec![format!("{} session(s) so far.", self.sessions)];
        lines.extend(score_lines(&self.topics));
        let now = self.sessions;
        // Missed in the last session, even if answered right when it came
        // again later in that session ("0 last missed" after two misses).
        let missed = self
            .cards
            .values()
            .filter(|c| c.missed == Some(now))
            .count();
        let due = self.cards.values().filter(|c| c.due <= now + 1).count();
        lines.push(format!(
            "{} question(s) seen; {missed} missed in the last session; {due} due next session.",
            self.cards.len()
        ));
        lines
    }
}
