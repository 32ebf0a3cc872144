//! Checking PHH files: a file's text goes in (one hand in a `.phh`, many
//! in a `.phhs`, many files read on every core), and for each hand comes
//! out whether it played through the engine to the stacks it records, or
//! why not (a TOML error with its line and column, an action the engine
//! refused, a hand left unfinished, other stacks). The playing itself is
//! the importer's (`play_raw`, keeping only the end of the hand, on a
//! `Play` each thread keeps from hand to hand).

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Deserialize;
use thiserror::Error;

use super::raw::{RawPhh, chips};
use super::reader::read_raw;
use super::{PhhError, play_raw};
use crate::rules::HouseRules;
use crate::table::event::Street;
use crate::table::{Play, Seat};

/// Why a PHH hand did not check out.
#[derive(Debug, Error)]
pub enum CheckFailure {
    /// Not TOML, or a field of the wrong type, where it is.
    #[error("line {line}, column {column}: {message}")]
    Malformed {
        /// From 1.
        line: usize,
        /// From 1, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A hand of a `.phhs` file with a field missing or of the wrong type
    /// (the file as a whole is TOML, so there is no line to name).
    #[error("{0}")]
    Field(String),
    /// It could not be imported or played.
    #[error("{0}")]
    Phh(#[from] PhhError),
    /// The actions ran out before the hand was over.
    #[error("the hand is not over after its last action (street {street}).")]
    Unfinished {
        /// Where the hand stopped.
        street: Street,
    },
    /// The hand ended with other stacks than the file records.
    #[error("finishing_stacks are {expected}; the hand ends with {got}.")]
    Stacks {
        /// The recorded stacks, as written.
        expected: String,
        /// The stacks played out.
        got: String,
    },
}

/// What a checked hand showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    /// It ended with the finishing stacks it records (fractional ones to
    /// within half a chip).
    Matched,
    /// It records no finishing stacks; it played to the end.
    Unrecorded,
}

/// A TOML error on one line: where it is (line and column from 1) and
/// what is wrong.
pub(super) fn malformed(text: &str, e: &toml::de::Error) -> CheckFailure {
    let at = e.span().map_or(0, |span| span.start.min(text.len()));
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    CheckFailure::Malformed {
        line,
        column,
        message: e.message().trim().to_string(),
    }
}

/// Imports a PHH text, plays it under `rules` and compares the stacks it
/// ends with against its `finishing_stacks`: exact in whole chips, within
/// half a chip of a fractional (exactly split) stack.
pub fn check(text: &str, rules: &Arc<HouseRules>) -> Result<Checked, CheckFailure> {
    check_on(text, rules, &mut Play::default())
}

/// `check`, played on `play`.
fn check_on(text: &str, rules: &HouseRules, play: &mut Play) -> Result<Checked, CheckFailure> {
    let raw = read_raw(text).map_err(|e| malformed(text, &e))?;
    check_raw(raw, rules, play)
}

/// A hand of a checked file: its name in a `.phhs` file, and its check.
pub type FileHand = (Option<String>, Result<Checked, CheckFailure>);

/// Checks PHH files, read and played on every core
/// (`files::read_each`, each thread playing its hands on one `Play`): for
/// each, in order, its hands (a `.phh` file's one, unnamed; a `.phhs`
/// file's each by name) and how they checked, or why the file could not
/// be read.
pub fn check_files(files: &[PathBuf], rules: &Arc<HouseRules>) -> Vec<io::Result<Vec<FileHand>>> {
    crate::files::read_each(files, Play::default, |play, path, text| {
        text.map(|text| {
            if path.extension().is_some_and(|x| x == "phhs") {
                match check_each_on(text, rules, play) {
                    Ok(hands) => hands.into_iter().map(|(n, r)| (Some(n), r)).collect(),
                    Err(e) => vec![(None, Err(e))],
                }
            } else {
                vec![(None, check_on(text, rules, play))]
            }
        })
    })
}

/// One hand of a `.phhs` file: its name (number) and how it checked.
pub type HandCheck = (String, Result<Checked, CheckFailure>);

/// Checks every hand of a `.phhs` file (PHH's file of many hands: each
/// hand a table named by its number, `[1]`, `[2]` ...), in the order of
/// their numbers: each hand's name and its check. A file that is not TOML
/// at all is one failure, with its line and column.
pub fn check_each(text: &str, rules: &Arc<HouseRules>) -> Result<Vec<HandCheck>, CheckFailure> {
    check_each_on(text, rules, &mut Play::default())
}

/// `check_each`, played on `play`.
fn check_each_on(
    text: &str,
    rules: &HouseRules,
    play: &mut Play,
) -> Result<Vec<HandCheck>, CheckFailure> {
    let table: toml::Table = toml::from_str(text).map_err(|e| malformed(text, &e))?;
    let mut hands: Vec<(String, toml::Value)> = table.into_iter().collect();
    hands.sort_by_key(|(name, _)| (name.parse::<u64>().unwrap_or(u64::MAX), name.clone()));
    Ok(hands
        .into_iter()
        .map(|(name, value)| {
            let checked = RawPhh::deserialize(value)
                .map_err(|e| CheckFailure::Field(e.message().trim().to_string()))
                .and_then(|raw| check_raw(raw, rules, play));
            (name, checked)
        })
        .collect())
}

/// Plays one hand read from TOML on `play` and compares its stacks.
fn check_raw(
    raw: RawPhh<'_>,
    rules: &HouseRules,
    play: &mut Play,
) -> Result<Checked, CheckFailure> {
    let finishing = play_raw(&raw, rules, play).map_err(CheckFailure::Phh)?;
    let state = play.state();
    if state.street != Street::Done {
        return Err(CheckFailure::Unfinished {
            street: state.street,
        });
    }
    let Some(recorded) = finishing.recorded else {
        return Ok(Checked::Unrecorded);
    };
    let stack = |i: usize| state.seat(Seat::from_index(i)).stack;
    // Whole chips exactly; a fraction of a chip (an exact split) to
    // within half a chip.
    let matched = recorded.iter().enumerate().all(|(i, amount)| {
        if finishing.whole {
            chips("finishing_stacks", *amount).is_ok_and(|c| stack(i).get() == c)
        } else {
            (stack(i).get() as f64 - amount.0).abs() <= 0.5
        }
    });
    if matched {
        return Ok(Checked::Matched);
    }
    let list = |v: Vec<String>| format!("[{}]", v.join(", "));
    let expected = recorded.iter().map(|a| {
        if finishing.whole {
            chips("finishing_stacks", *a)
                .unwrap_or_default()
                .to_string()
        } else {
            a.0.to_string()
        }
    });
    let got = (0..finishing.players).map(|i| stack(i).get().to_string());
    Err(CheckFailure::Stacks {
        expected: list(expected.collect()),
        got: list(got.collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heads-up hand checked down: p1's aces win 100 from p2.
    fn hand(finishing: &str) -> String {
        format!(
            "variant = 'NT'\nblinds_or_straddles = [50, 100]\nstarting_stacks = [1000, 1000]\n\
             actions = ['d dh p1 AcAd', 'd dh p2 7c2d', 'p2 cc', 'p1 cc', 'd db 3h8sJd', 'p1 cc', 'p2 cc',\n\
             'd db Qh', 'p1 cc', 'p2 cc', 'd db 4s', 'p1 cc', 'p2 cc', 'p1 sm AcAd', 'p2 sm 7c2d']\n\
             {finishing}"
        )
    }

    fn checked(finishing: &str) -> Result<Checked, String> {
        check(&hand(finishing), &Arc::new(HouseRules::tda())).map_err(|e| e.to_string())
    }

    /// Whole finishing stacks match exactly, fractional ones (an exact
    /// split) to within half a chip, and a mismatch names both lists as
    /// written; none recorded is a hand played to its end.
    #[test]
    fn finishing_stacks_are_compared_whole_or_within_half_a_chip() {
        assert_eq!(checked(""), Ok(Checked::Unrecorded));
        assert_eq!(
            checked("finishing_stacks = [1100, 900]"),
            Ok(Checked::Matched)
        );
        assert_eq!(
            checked("finishing_stacks = [1100.0, 900]"),
            Ok(Checked::Matched)
        );
        assert_eq!(
            checked("finishing_stacks = [1100.5, 899.5]"),
            Ok(Checked::Matched)
        );
        assert_eq!(
            checked("finishing_stacks = [1000, 1000]"),
            Err("finishing_stacks are [1000, 1000]; the hand ends with [1100, 900].".into())
        );
        assert_eq!(
            checked("finishing_stacks = [1101.5, 898.5]"),
            Err("finishing_stacks are [1101.5, 898.5]; the hand ends with [1100, 900].".into())
        );
        // Beyond what a table holds: compared as written.
        assert_eq!(
            checked("finishing_stacks = [1e19, 900]"),
            Err(
                "finishing_stacks are [10000000000000000000, 900]; the hand ends with [1100, 900]."
                    .into()
            )
        );
        assert_eq!(
            checked("finishing_stacks = [1100]"),
            Err("finishing_stacks has 1 entries; there are 2 players.".into())
        );
    }
}
