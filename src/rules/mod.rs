//! House rules: the TOML file as written (`RawHouseRules`), validated into
//! `HouseRules`, which is all the engine ever sees.
//!
//! Every setting the engine applies carries its citation (rulebook, rule,
//! text), so a ruling can quote the rule it applies. A profile may
//! `extends` another; the built-in profiles are compiled into the binary.

mod ruling;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::table::Chips;

pub use ruling::{Citation, FloorOption, Ruling, RulingId};

/// The built-in profiles: name, file text.
pub const BUILT_IN: [(&str, &str); 5] = [
    ("tda", include_str!("../../config/tda.toml")),
    ("ugly-tuna", include_str!("../../config/ugly-tuna.toml")),
    ("upt", include_str!("../../config/upt.toml")),
    ("nuts", include_str!("../../config/nuts.toml")),
    ("redtooth", include_str!("../../config/redtooth.toml")),
];

/// How big a raise must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MinRaise {
    /// At least the largest prior full bet or raise of the street (TDA 43-A).
    PreviousFullRaise,
    /// At least double the bet faced (Ultimate Poker Tour's house rule).
    DoubleTheBet,
}

/// Who gets the odd chip of a split pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChip {
    /// The first winner clockwise from the button (TDA 19-A).
    FirstLeftOfButton,
    /// The winner with the smaller stack (Ugly Tuna, Ties 3).
    SmallerStack,
}

/// Who must table first at a non all-in showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShowOrder {
    /// The last aggressor on the final street, else the first live seat
    /// left of the button (TDA 16-A).
    LastAggressorElseLeftOfButton,
    /// The first live seat left of the last caller on the final street, else
    /// the first live seat left of the button (Redtooth 38).
    LeftOfLastCaller,
}

/// When a player both speaks and pushes chips, which defines the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerbalVsChips {
    /// Whichever came first (TDA 37-A).
    FirstDefines,
    /// The verbal statement, whatever the order (UPT no-limit 8).
    VerbalPrecedence,
}

/// What a single oversized chip does without a declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OversizedChip {
    /// A call facing a bet or blind; a bet of its value when not facing one (TDA 45).
    CallFacingBet,
    /// Before the flop always a call; after it as `call-facing-bet` (Redtooth 11).
    CallPreflop,
}

/// When several chips are a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MultipleChips {
    /// A call when every chip is needed to call, whatever the chips (TDA 46).
    CallIfEveryChipNeeded,
    /// Only chips of one denomination; mixed chips go by the 50% standard (Nuts 47).
    SameDenominationOnly,
}

/// What putting out less than the call binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Undercall {
    /// A full call heads-up or facing the opening bet; else the TD decides (TDA 39-B).
    FullCallHeadsUpOrOpeningBet,
    /// Always brought up to a full call (Ugly Tuna Betting 13, UPT 11).
    AlwaysFullCall,
}

/// What an action out of turn binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutOfTurn {
    /// Binding if the action to the player does not change; void if it does;
    /// a fold always binds (TDA 40-A).
    BindingUnlessActionChanges,
    /// A call or raise stays committed; after a raise the player may only
    /// call or fold, losing the chips on a fold (Nuts 42).
    CommittedCallOrFold,
    /// As TDA, but a check must call a bet made in turn, and a bet after
    /// which the skipped player checks must check (Ugly Tuna Betting 10-11).
    CheckMustCall,
    /// A bet is posted at once as the minimum and the action returns to the
    /// skipped player (UPT "Out Of Turn Bet").
    PostMinimumAndReturn,
    /// Nothing binds (Redtooth 4).
    NotBinding,
}

/// How long a misdeal can still be declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MisdealUntil {
    /// Until substantial action: 2 actions in turn, one putting chips in, or 3 actions (TDA 35).
    SubstantialAction,
    /// Until 2 actions each putting chips in, or 3 actions (Nuts 37).
    TwoWithChipsOrThree,
    /// Until one player has acted (Ugly Tuna, Misdeals).
    FirstAction,
    /// Until two players after the blinds have acted (UPT Misdeals 1).
    TwoActions,
}

/// What an exposed or boxed card in the initial deal causes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealtCardError {
    /// The card is replaced (used as the burn); two or more is a misdeal (TDA 34-A).
    ReplacedOneMisdealTwo,
    /// One is already a misdeal (Redtooth 36 for exposed; Ugly Tuna Misdeals 1 for boxed).
    MisdealOne,
}

/// The clock: time to act, then a countdown, then the hand is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Seconds to act once the clock is called.
    pub seconds: u32,
    /// The final countdown in seconds.
    pub countdown: u32,
}

/// The largest ante the house allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MaxAnte {
    /// No limit.
    None,
    /// At most a quarter of the small blind (Ugly Tuna, Antes 2).
    QuarterOfSmallBlind,
}

/// A setting's value and the rule it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    /// What the house decides.
    pub value: T,
    /// Where the house says so.
    pub citation: Citation,
}

/// One row of `rules show` / `rules diff`: the key, its value as written, its citation.
pub type SettingRow<'a> = (&'static str, String, &'a Citation);

macro_rules! house_settings {
    ($( $(#[$doc:meta])* $field:ident : $ty:ty = $key:literal ),* $(,)?) => {
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RawSettings {
            $( #[serde(rename = $key)] $field: Option<RawSetting<$ty>>, )*
        }

        /// Every setting the engine applies, each with its citation.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Settings {
            $( $(#[$doc])* pub $field: Setting<$ty>, )*
        }

        impl Settings {
            /// Every setting key, as written in the TOML.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            fn resolve(raw: &RawSettings, base: Option<&Settings>, rulebook: &str, file: &str) -> Result<Settings, RulesError> {
                Ok(Settings {
                    $( $field: pick(&raw.$field, base.map(|b| &b.$field), rulebook, file, concat!("settings.", $key))?, )*
                })
            }

            /// Every setting: key, value as written, citation.
            pub fn rows(&self) -> Vec<SettingRow<'_>> {
                vec![ $( ($key, value_text(&self.$field.value), &self.$field.citation), )* ]
            }
        }
    };
}

house_settings! {
    /// The minimum raise.
    min_raise: MinRaise = "min-raise",
    /// Who gets the odd chip.
    odd_chip: OddChip = "odd-chip",
    /// Who shows first at showdown.
    show_order: ShowOrder = "show-order",
    /// Words against chips.
    verbal_vs_chips: VerbalVsChips = "verbal-vs-chips",
    /// A single oversized chip.
    oversized_chip: OversizedChip = "oversized-chip",
    /// Several chips facing a bet.
    multiple_chips: MultipleChips = "multiple-chips",
    /// Less than the call.
    undercall: Undercall = "undercall",
    /// Action out of turn.
    out_of_turn: OutOfTurn = "out-of-turn",
    /// How long a misdeal can be declared.
    misdeal_until: MisdealUntil = "misdeal-until",
    /// A card exposed by the dealer in the initial deal.
    exposed_card: DealtCardError = "exposed-card",
    /// A card found face up in the deck in the initial deal.
    boxed_card: DealtCardError = "boxed-card",
    /// The clock.
    clock: Clock = "clock",
    /// The largest ante.
    max_ante: MaxAnte = "max-ante",
}

fn value_text<T: Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(toml::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

fn pick<T: Copy>(
    raw: &Option<RawSetting<T>>,
    base: Option<&Setting<T>>,
    rulebook: &str,
    file: &str,
    key: &'static str,
) -> Result<Setting<T>, RulesError> {
    match (raw, base) {
        (Some(r), _) => Ok(Setting {
            value: r.value,
            citation: r.citation.resolve(rulebook),
        }),
        (None, Some(b)) => Ok(b.clone()),
        (None, None) => Err(RulesError::Missing {
            file: file.to_string(),
            key,
        }),
    }
}

/// One level of the blind structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The small blind.
    pub small: u64,
    /// The big blind.
    pub big: u64,
    /// The ante.
    #[serde(default)]
    pub ante: u64,
}

/// Validated house rules: what the engine applies.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseRules {
    /// The profile name (`tda`, `upt`, a user's file name).
    pub name: String,
    /// A human title.
    pub title: String,
    /// The profile this one extends, if any.
    pub extends: Option<String>,
    /// The settings, each with its citation.
    pub settings: Settings,
    /// The blind structure, when the house gives one.
    pub levels: Vec<Level>,
    citations: BTreeMap<RulingId, Citation>,
    /// The file name and TOML text read, and the built-in profiles it was
    /// laid over (name, text; nearest first): what a journal embeds to
    /// rebuild it.
    file: Arc<str>,
    toml: Arc<str>,
    bases: Vec<(String, Arc<str>)>,
}

/// Why house rules could not be loaded.
#[derive(Debug, Error)]
pub enum RulesError {
    /// The TOML is malformed or has unknown keys or bad values.
    #[error("{file}: {message}")]
    Toml {
        /// The file.
        file: String,
        /// Where and what.
        message: String,
    },
    /// `extends` names a profile that is not built in.
    #[error(
        "{file}: extends \"{base}\", which is not a built-in profile (tda, ugly-tuna, upt, nuts, redtooth)"
    )]
    UnknownBase {
        /// The file.
        file: String,
        /// The name given.
        base: String,
    },
    /// No built-in profile or file by that name.
    #[error(
        "no house rules named \"{0}\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file"
    )]
    NotFound(String),
    /// A required setting is missing after `extends` is applied.
    #[error(
        "{file}: the setting {key} is missing and the file does not extend a profile that has it"
    )]
    Missing {
        /// The file.
        file: String,
        /// The key path.
        key: &'static str,
    },
    /// Two settings contradict each other, or a value breaks a house rule.
    #[error("{file}: line {line}, column {column}: {key}: {message}")]
    Invalid {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The key path.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawHouseRules {
    name: String,
    title: Option<String>,
    rulebook: Option<String>,
    extends: Option<String>,
    #[serde(default)]
    settings: RawSettings,
    #[serde(default)]
    cite: BTreeMap<RulingId, RawCitation>,
    #[serde(default)]
    levels: Vec<toml::Spanned<Level>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetting<T> {
    value: T,
    #[serde(flatten)]
    citation: RawCitation,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCitation {
    rulebook: Option<String>,
    rule: String,
    text: String,
}

impl RawCitation {
    fn resolve(&self, rulebook: &str) -> Citation {
        Citation {
            rulebook: self
                .rulebook
                .clone()
                .unwrap_or_else(|| rulebook.to_string()),
            rule: self.rule.clone(),
            text: self.text.clone(),
        }
    }
}

impl HouseRules {
    /// A built-in profile by name, or a house-rules file by path.
    pub fn load(name_or_path: &str) -> Result<HouseRules, RulesError> {
        if let Some(rules) = Self::built_in(name_or_path) {
            return rules;
        }
        let path = Path::new(name_or_path);
        if path.extension().is_some_and(|e| e == "toml") || path.exists() {
            let text = std::fs::read_to_string(path).map_err(|source| RulesError::Io {
                file: name_or_path.to_string(),
                source,
            })?;
            return Self::from_toml(name_or_path, &text);
        }
        Err(RulesError::NotFound(name_or_path.to_string()))
    }

    /// A profile by name: built in, else `NAME.toml` in one of `dirs` (the
    /// user's config directory, found by the caller), else a path.
    pub fn find(name_or_path: &str, dirs: &[std::path::PathBuf]) -> Result<HouseRules, RulesError> {
        if let Some(rules) = Self::built_in(name_or_path) {
            return rules;
        }
        for dir in dirs {
            let candidate = dir.join(format!("{name_or_path}.toml"));
            if candidate.is_file() {
                return Self::load(&candidate.display().to_string());
            }
        }
        Self::load(name_or_path)
    }

    /// The settings where `self` and `other` rule differently.
    pub fn diff<'a>(&'a self, other: &'a HouseRules) -> Vec<(SettingRow<'a>, SettingRow<'a>)> {
        self.settings
            .rows()
            .into_iter()
            .zip(other.settings.rows())
            .filter(|(a, b)| a.1 != b.1)
            .collect()
    }

    /// A built-in profile, if the name is one.
    pub fn built_in(name: &str) -> Option<Result<HouseRules, RulesError>> {
        BUILT_IN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| Self::from_toml(&format!("config/{n}.toml"), text))
    }

    /// The TDA profile, which every other profile falls back to.
    pub fn tda() -> HouseRules {
        match Self::built_in("tda") {
            Some(Ok(rules)) => rules,
            // The shipped file is tested in `every_built_in_profile_loads`.
            other => panic!("the built-in tda profile does not load: {other:?}"),
        }
    }

    /// Parses and validates a house-rules file; `file` names it in errors.
    pub fn from_toml(file: &str, text: &str) -> Result<HouseRules, RulesError> {
        Self::from_toml_over(file, text, &BUILT_IN)
    }

    /// The TOML text this house was read from.
    pub fn toml(&self) -> &str {
        &self.toml
    }

    /// The file it was read from, as named to `from_toml` (a built-in
    /// profile's is `config/NAME.toml`); it is the default rulebook.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The profiles `extends` laid this house over (name, TOML text;
    /// nearest first), as they were when it was read.
    pub fn bases(&self) -> impl Iterator<Item = (&str, &str)> {
        self.bases.iter().map(|(n, t)| (n.as_str(), &**t))
    }

    /// Parses a house-rules file whose `extends` names one of `bases`
    /// (name, TOML text) rather than the built-in profiles: a journal
    /// rebuilds the house it recorded with the base it recorded.
    pub fn from_toml_over(
        file: &str,
        text: &str,
        bases: &[(&str, &str)],
    ) -> Result<HouseRules, RulesError> {
        let raw: RawHouseRules = parse_with_path(text).map_err(|message| RulesError::Toml {
            file: file.to_string(),
            message,
        })?;
        let base = match raw.extends.as_deref() {
            None => None,
            Some(base_name) => match bases.iter().find(|(n, _)| *n == base_name) {
                Some((n, base_text)) => Some(Self::from_toml_over(
                    &format!("config/{n}.toml"),
                    base_text,
                    bases,
                )?),
                None => {
                    return Err(RulesError::UnknownBase {
                        file: file.to_string(),
                        base: base_name.to_string(),
                    });
                }
            },
        };
        let rulebook = raw.rulebook.clone().unwrap_or_else(|| file.to_string());
        let mut citations = base
            .as_ref()
            .map(|b| b.citations.clone())
            .unwrap_or_default();
        for (id, cite) in &raw.cite {
            citations.insert(*id, cite.resolve(&rulebook));
        }
        let settings = Settings::resolve(
            &raw.settings,
            base.as_ref().map(|b| &b.settings),
            &rulebook,
            file,
        )?;
        let levels = if raw.levels.is_empty() {
            base.as_ref().map(|b| b.levels.clone()).unwrap_or_default()
        } else {
            raw.levels.iter().map(|l| *l.get_ref()).collect()
        };
        // Cross-field checks, pointing at the offending level.
        for (i, level) in raw.levels.iter().enumerate() {
            let l = level.get_ref();
            let (line, column) = line_column(text, level.span().start);
            let invalid = |message: String| RulesError::Invalid {
                file: file.to_string(),
                line,
                column,
                key: format!("levels[{i}]"),
                message,
            };
            if let Some(message) = blinds_problem(l.small, l.big) {
                return Err(invalid(message));
            }
            if !Chips(l.ante).within_table() {
                return Err(invalid(format!(
                    "the ante ({}) is more than the most chips a table may have in play, {}",
                    Chips(l.ante),
                    Chips::MAX_TABLE
                )));
            }
            if let Some(message) = ante_problem(&settings, l.small, l.ante) {
                return Err(invalid(message));
            }
        }
        Ok(HouseRules {
            name: raw.name.clone(),
            title: raw.title.clone().unwrap_or_else(|| raw.name.clone()),
            extends: raw.extends.clone(),
            settings,
            levels,
            citations,
            file: file.into(),
            toml: text.into(),
            bases: base
                .map(|b| {
                    let name = raw.extends.clone().unwrap_or_default();
                    std::iter::once((name, b.toml)).chain(b.bases).collect()
                })
                .unwrap_or_default(),
        })
    }

    /// The rule this house applies for a ruling.
    pub fn citation(&self, id: RulingId) -> Citation {
        let s = &self.settings;
        let setting = match id {
            RulingId::MinRaise => Some(&s.min_raise.citation),
            RulingId::OddChip => Some(&s.odd_chip.citation),
            RulingId::ShowdownOrder => Some(&s.show_order.citation),
            RulingId::OversizedChip => Some(&s.oversized_chip.citation),
            RulingId::MultipleChip => Some(&s.multiple_chips.citation),
            RulingId::Undercall => Some(&s.undercall.citation),
            RulingId::OutOfTurn => Some(&s.out_of_turn.citation),
            RulingId::Misdeal => Some(&s.misdeal_until.citation),
            RulingId::Clock => Some(&s.clock.citation),
            _ => None,
        };
        match setting.or(self.citations.get(&id)) {
            Some(c) => c.clone(),
            None => Citation {
                rulebook: "none".into(),
                rule: "-".into(),
                text: format!("The house rules do not cite a rule for {id}."),
            },
        }
    }

    /// Citations for rulings that are not settings.
    pub fn ruling_citations(&self) -> &BTreeMap<RulingId, Citation> {
        &self.citations
    }

    /// A ruling under this house: its id, the plain sentence, the citation.
    pub fn ruling(&self, id: RulingId, text: String) -> Ruling {
        Ruling {
            id,
            text: text.into(),
            citation: std::sync::Arc::new(self.citation(id)),
            options: Vec::new(),
        }
    }
}

/// Why a small and big blind cannot be played, if they cannot: the one
/// rule for the table setup screen, scenario files, journals, PHH imports
/// (all through `dealing::validate_setup`) and `[[levels]]`. The big blind
/// is the minimum bet, so it is at least one chip; the small blind is not
/// more than the big; and neither is more than a table may hold.
pub fn blinds_problem(small_blind: u64, big_blind: u64) -> Option<String> {
    let (small, big) = (Chips(small_blind), Chips(big_blind));
    if big.is_zero() {
        Some(format!(
            "the big blind is 0, and it is the minimum bet: it must be at least 1 chip (the small blind is {small})"
        ))
    } else if small > big {
        Some(format!(
            "the small blind ({small}) is more than the big blind ({big})"
        ))
    } else if !big.within_table() {
        Some(format!(
            "the big blind ({big}) is more than the most chips a table may have in play, {}",
            Chips::MAX_TABLE
        ))
    } else {
        None
    }
}

/// Why an ante is too big under the house's rule, if it is.
pub fn ante_problem(settings: &Settings, small_blind: u64, ante: u64) -> Option<String> {
    let over_quarter = ante.checked_mul(4).is_none_or(|a| a > small_blind);
    match settings.max_ante.value {
        MaxAnte::QuarterOfSmallBlind if over_quarter => Some(format!(
            "the ante {ante} is more than a quarter of the small blind {small_blind} ({}: \"{}\")",
            settings.max_ante.citation.rule, settings.max_ante.citation.text
        )),
        _ => None,
    }
}

/// Deserializes TOML, describing an error with its line, column and the
/// key path it occurred at (`settings.clock.value.seconds`).
fn parse_with_path<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let deserializer =
        toml::Deserializer::parse(text).map_err(|e| describe_toml_error(text, &e))?;
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let path = e.path().to_string();
        let described = describe_toml_error(text, e.inner());
        if path.is_empty() || path == "." {
            described
        } else {
            format!("{described} (key {path})")
        }
    })
}

/// A TOML error as one line: `line L, column C: message (key a.b)`.
fn describe_toml_error(text: &str, err: &toml::de::Error) -> String {
    let message = err.message().trim_end().to_string();
    match err.span() {
        Some(span) => {
            let (line, column) = line_column(text, span.start);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// 1-based line and column of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_profile_loads() {
        for (name, _) in BUILT_IN {
            let rules = HouseRules::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(rules.name, name);
        }
    }

    #[test]
    fn houses_differ_where_their_books_do() {
        assert_eq!(
            HouseRules::tda().settings.min_raise.value,
            MinRaise::PreviousFullRaise
        );
        let upt = HouseRules::load("upt").unwrap();
        assert_eq!(upt.settings.min_raise.value, MinRaise::DoubleTheBet);
        assert!(upt.settings.min_raise.citation.text.contains("double"));
        let tuna = HouseRules::load("ugly-tuna").unwrap();
        assert_eq!(tuna.settings.odd_chip.value, OddChip::SmallerStack);
    }

    #[test]
    fn unknown_keys_are_refused_with_line_and_column() {
        let err =
            HouseRules::from_toml("x.toml", "name = \"x\"\nextends = \"tda\"\nmin-rasie = 3\n")
                .unwrap_err()
                .to_string();
        assert!(err.starts_with("x.toml: line 3, column 1"), "{err}");
    }

    #[test]
    fn a_bad_value_names_what_is_allowed() {
        let text = "name = \"x\"\nextends = \"tda\"\n[settings.min-raise]\nvalue = \"triple\"\nrule = \"1\"\ntext = \"t\"\n";
        let err = HouseRules::from_toml("x.toml", text)
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 4"), "{err}");
        assert!(err.contains("previous-full-raise"), "{err}");
    }

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("", 0), (1, 1));
    }
}
