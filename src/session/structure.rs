//! The blind structure: levels (small blind, big blind, ante per player or
//! a big-blind ante, minutes) and breaks, in order. It comes from the house
//! file's `[[levels]]`, a structure file (`--structure FILE`, TOML:
//! `[[level]]` tables with `small`, `big`, optional `ante`, `bb-ante`,
//! `minutes`, and `[[level]] break = 15` for a break), or the flags
//! `--levels 100/200,200/400:50 --level-minutes 20` (`:A` an ante per
//! player, `:bbA` a big-blind ante).

use serde::{Deserialize, Serialize};

use crate::table::Chips;
use crate::table::event::AnteMode;

/// The blinds and ante of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blinds {
    /// The small blind.
    pub small: Chips,
    /// The big blind.
    pub big: Chips,
    /// The ante (zero: none).
    #[serde(default)]
    pub ante: Chips,
    /// Who pays the ante.
    #[serde(default)]
    pub ante_mode: AnteMode,
}

impl Blinds {
    /// `200/400`, `200/400 ante 50` or `200/400 bb-ante 400`, as the
    /// notation writes a level.
    pub fn text(&self) -> String {
        let mut s = format!("{}/{}", self.small, self.big);
        if !self.ante.is_zero() {
            let word = match self.ante_mode {
                AnteMode::PerPlayer => "ante",
                AnteMode::BigBlind => "bb-ante",
            };
            s.push_str(&format!(" {word} {}", self.ante));
        }
        s
    }
}

/// One stage of the structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// A level of play.
    Level {
        /// Its blinds and ante.
        blinds: Blinds,
        /// Its length in minutes.
        minutes: u32,
    },
    /// A break.
    Break {
        /// Its length in minutes.
        minutes: u32,
    },
}

impl Stage {
    /// Its length in milliseconds.
    pub fn ms(&self) -> u64 {
        let minutes = match self {
            Stage::Level { minutes, .. } | Stage::Break { minutes } => *minutes,
        };
        u64::from(minutes) * 60_000
    }
}

/// The whole structure, stages in order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Structure {
    /// Levels and breaks, in order.
    pub stages: Vec<Stage>,
    /// The chip denominations in play, smallest first, when the structure
    /// file gives them (`chips = [25, 100, 500]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chips: Vec<Chips>,
}

/// Why a structure could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StructureError(pub String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    level: Vec<RawStage>,
    chips: Option<Vec<u64>>,
    /// The tournament's money, beside its levels: read and checked by the
    /// floor (`tournament::funding`), which the tables below it never use.
    #[serde(rename = "money")]
    _money: Option<toml::Value>,
    /// The league's points, beside them: read by `floor results --league`
    /// (`tournament::league`).
    #[serde(rename = "league")]
    _league: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawStage {
    small: Option<u64>,
    big: Option<u64>,
    ante: Option<u64>,
    bb_ante: Option<u64>,
    minutes: Option<u32>,
    #[serde(rename = "break")]
    break_minutes: Option<u32>,
}

impl Structure {
    /// The level numbers (1-based) of the stages that are levels, and the
    /// stage indexes: level `n` is `stages[levels()[n - 1]]`.
    pub fn level_stages(&self) -> Vec<usize> {
        (0..self.stages.len())
            .filter(|i| matches!(self.stages[*i], Stage::Level { .. }))
            .collect()
    }

    /// The blinds in force at `stage`: a break keeps the level before it
    /// (or the one after, when the structure opens with a break).
    pub fn blinds_at(&self, stage: usize) -> Option<Blinds> {
        let before = self.stages.iter().take(stage + 1).rev();
        let after = self.stages.iter().skip(stage + 1);
        before.chain(after).find_map(|s| match s {
            Stage::Level { blinds, .. } => Some(*blinds),
            Stage::Break { .. } => None,
        })
    }

    /// The 1-based level number at `stage` (a break counts as the level before).
    pub fn level_number(&self, stage: usize) -> usize {
        self.stages
            .iter()
            .take(stage + 1)
            .filter(|s| matches!(s, Stage::Level { .. }))
            .count()
            .max(1)
    }

    /// The chips coloured up at the break `stage` (none: it is not a
    /// break, or the structure names no chips): at each break, from the
    /// first, the smallest chip still in play goes while every blind and
    /// ante of the level after the break is a multiple of the next chip
    /// up (the last chip never goes).
    pub fn colour_ups(&self, stage: usize) -> Vec<Chips> {
        let mut in_play = self.chips.clone();
        let mut gone = Vec::new();
        for (i, s) in self.stages.iter().enumerate().take(stage + 1) {
            if !matches!(s, Stage::Break { .. }) {
                continue;
            }
            let Some(next) = self.stages.iter().skip(i + 1).find_map(|s| match s {
                Stage::Level { blinds, .. } => Some(*blinds),
                Stage::Break { .. } => None,
            }) else {
                break;
            };
            gone.clear();
            while let [first, second, ..] = in_play[..] {
                let divides = |c: Chips| second.get() > 0 && c.get().is_multiple_of(second.get());
                if divides(next.small) && divides(next.big) && divides(next.ante) {
                    gone.push(first);
                    in_play.remove(0);
                } else {
                    break;
                }
            }
            if i == stage {
                return gone;
            }
        }
        Vec::new()
    }

    /// Every stage's length in milliseconds (for the level clock).
    pub fn stage_ms(&self) -> Vec<u64> {
        self.stages.iter().map(Stage::ms).collect()
    }

    /// The house file's `[[levels]]`, each `minutes` long.
    pub fn from_house(levels: &[crate::rules::Level], minutes: u32) -> Structure {
        Structure {
            stages: levels
                .iter()
                .map(|l| Stage::Level {
                    blinds: Blinds {
                        small: Chips(l.small),
                        big: Chips(l.big),
                        ante: Chips(l.ante),
                        ante_mode: AnteMode::PerPlayer,
                    },
                    minutes,
                })
                .collect(),
            chips: Vec::new(),
        }
    }

    /// Reads a structure file (`[[level]]` tables); `minutes` is the
    /// length of a level that does not give its own.
    pub fn from_toml(text: &str, minutes: u32) -> Result<Structure, StructureError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            let (line, column) = crate::rules::line_column(text, at);
            StructureError(format!(
                "line {line}, column {column}: {}",
                e.message().trim_end()
            ))
        })?;
        let mut stages = Vec::new();
        for (i, r) in raw.level.iter().enumerate() {
            let n = i + 1;
            if let Some(m) = r.break_minutes {
                if r.small.is_some() || r.big.is_some() {
                    return Err(StructureError(format!(
                        "level {n} is a break of {m} minutes and also has blinds: give one or the other"
                    )));
                }
                stages.push(Stage::Break { minutes: m });
                continue;
            }
            let (Some(small), Some(big)) = (r.small, r.big) else {
                return Err(StructureError(format!(
                    "level {n} needs small and big (or break = MINUTES)"
                )));
            };
            let (ante, ante_mode) = match (r.ante, r.bb_ante) {
                (Some(_), Some(_)) => {
                    return Err(StructureError(format!(
                        "level {n} has both ante and bb-ante: give one"
                    )));
                }
                (_, Some(a)) => (a, AnteMode::BigBlind),
                (a, None) => (a.unwrap_or(0), AnteMode::PerPlayer),
            };
            let blinds = checked(n, small, big, ante, ante_mode)?;
            stages.push(Stage::Level {
                blinds,
                minutes: r.minutes.unwrap_or(minutes),
            });
        }
        if stages.is_empty() {
            return Err(StructureError(
                "the structure has no [[level]]: give at least one".into(),
            ));
        }
        let chips = raw.chips.unwrap_or_default();
        if let Some(problem) = crate::values::chips::denominations_problem(&chips) {
            return Err(StructureError(format!("chips: {problem}")));
        }
        Ok(Structure {
            stages,
            chips: chips.into_iter().map(Chips).collect(),
        })
    }

    /// Reads `--levels 100/200,200/400:50,400/800:bb800` with every level
    /// `minutes` long.
    pub fn from_flag(text: &str, minutes: u32) -> Result<Structure, StructureError> {
        let mut stages = Vec::new();
        for (i, item) in text.split(',').enumerate() {
            stages.push(Stage::Level {
                blinds: Blinds::from_flag(item, i + 1)?,
                minutes,
            });
        }
        Ok(Structure {
            stages,
            chips: Vec::new(),
        })
    }

    /// The stages as the session line `structure` writes them: `100/200
    /// 20, 200/400:50 20, break 15, 400/800:bb800 20` (each level's
    /// blinds as `--levels` writes them, then its minutes).
    pub fn line_text(&self) -> String {
        self.stages
            .iter()
            .map(|s| match s {
                Stage::Level { blinds, minutes } => format!("{} {minutes}", blinds.flag_text()),
                Stage::Break { minutes } => format!("break {minutes}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether the two have the same levels and breaks (the chips in play
    /// are the table's own).
    pub fn same_stages(&self, other: &Structure) -> bool {
        self.stages == other.stages
    }
}

impl Blinds {
    /// Reads one `--levels` item, level `n`: `200/400`, `200/400:50` (an
    /// ante per player), `200/400:bb400` (a big-blind ante).
    pub fn from_flag(item: &str, n: usize) -> Result<Blinds, StructureError> {
        let item = item.trim();
        let (blinds, ante) = match item.split_once(':') {
            Some((b, a)) => (b, Some(a)),
            None => (item, None),
        };
        let bad = || {
            StructureError(format!(
                "level {n} ('{item}') is not SMALL/BIG[:ANTE] or SMALL/BIG:bbANTE, like 200/400:50"
            ))
        };
        let (small, big) = blinds.split_once('/').ok_or_else(bad)?;
        let small: u64 = small.trim().parse().map_err(|_| bad())?;
        let big: u64 = big.trim().parse().map_err(|_| bad())?;
        let (ante, mode) = match ante.map(str::trim) {
            None => (0, AnteMode::PerPlayer),
            Some(a) => match a.strip_prefix("bb") {
                Some(a) => (a.parse().map_err(|_| bad())?, AnteMode::BigBlind),
                None => (a.parse().map_err(|_| bad())?, AnteMode::PerPlayer),
            },
        };
        checked(n, small, big, ante, mode)
    }

    /// The level as `--levels` writes it: `200/400`, `200/400:50`,
    /// `200/400:bb400`.
    pub fn flag_text(&self) -> String {
        let mut s = format!("{}/{}", self.small.get(), self.big.get());
        if !self.ante.is_zero() {
            let bb = match self.ante_mode {
                AnteMode::PerPlayer => "",
                AnteMode::BigBlind => "bb",
            };
            s.push_str(&format!(":{bb}{}", self.ante.get()));
        }
        s
    }
}

fn checked(
    n: usize,
    small: u64,
    big: u64,
    ante: u64,
    ante_mode: AnteMode,
) -> Result<Blinds, StructureError> {
    if let Some(problem) = crate::rules::blinds_problem(small, big) {
        return Err(StructureError(format!("level {n}: {problem}")));
    }
    if !Chips(ante).within_table() {
        return Err(StructureError(format!(
            "level {n}: the ante ({ante}) is more than a table may have in play"
        )));
    }
    Ok(Blinds {
        small: Chips(small),
        big: Chips(big),
        ante: Chips(ante),
        ante_mode,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_files_read_the_same_levels() {
        let a = Structure::from_flag("100/200,200/400:50,400/800:bb800", 20).expect("flags");
        let b = Structure::from_toml(
            "[[level]]\nsmall = 100\nbig = 200\n[[level]]\nsmall = 200\nbig = 400\nante = 50\n[[level]]\nsmall = 400\nbig = 800\nbb-ante = 800\n",
            20,
        )
        .expect("file");
        assert_eq!(a, b);
        assert!(Structure::from_flag("100-200", 20).is_err());
        let c = Structure::from_toml("[[level]]\nsmall = 1\nbig = 2\n[[level]]\nbreak = 10\n", 15)
            .expect("break");
        assert_eq!(c.blinds_at(1).map(|b| b.big), Some(Chips(2)));
        assert_eq!(c.stage_ms(), vec![900_000, 600_000]);
    }

    #[test]
    fn a_break_colours_up_the_chips_the_next_level_no_longer_needs() {
        let s = Structure::from_toml(
            "chips = [25, 100, 500, 1000]\n\
             [[level]]\nsmall = 25\nbig = 50\n\
             [[level]]\nbreak = 10\n\
             [[level]]\nsmall = 50\nbig = 100\nante = 25\n\
             [[level]]\nbreak = 10\n\
             [[level]]\nsmall = 100\nbig = 200\n\
             [[level]]\nbreak = 10\n\
             [[level]]\nsmall = 1000\nbig = 2000\n",
            20,
        )
        .expect("a structure");
        assert_eq!(s.colour_ups(0), Vec::<Chips>::new(), "a level");
        assert_eq!(s.colour_ups(1), Vec::<Chips>::new(), "the ante of 25 stays");
        assert_eq!(s.colour_ups(3), vec![Chips(25)]);
        assert_eq!(s.colour_ups(5), vec![Chips(100), Chips(500)]);
        assert!(
            Structure::from_flag("100/200", 20)
                .unwrap()
                .colour_ups(0)
                .is_empty()
        );
    }
}
