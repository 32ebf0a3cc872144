//! House rules: the TOML file as written (`RawHouseRules`), validated into
//! `HouseRules`, which is all the engine ever sees.
//!
//! Every setting the engine applies carries its citation (rulebook, rule,
//! text), so a ruling can quote the rule it applies. A citation may carry
//! named clauses, one per case the engine tells apart (`clauses`), so a
//! ruling quotes the sentence that decides its case. A profile may
//! `extends` another; the built-in profiles are compiled into the binary.

mod clauses;
mod read;
mod ruling;
pub mod tournament;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use toml::Spanned;

use crate::table::Chips;

pub use clauses::{CLAUSES, ClauseKey};
pub(crate) use read::plain_words;
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

/// Where a player new to the table (a late entry, a player moved in) is
/// not dealt in until the button has passed him.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewPlayerWaits {
    /// Strictly between the small blind and the button: he may take a
    /// blind or the button (TDA 7 and 9, Nuts 9, Redtooth 50).
    BetweenSmallBlindAndButton,
    /// Also in the small blind or on the button (UPT Tournament 16: "they
    /// must wait until the button has passed to the player on their left").
    SmallBlindToButton,
}

/// What a break does to the players out and to the button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterBreak {
    /// Nothing: the players out stay out, the button moves on.
    Continue,
    /// A second session (Redtooth, Chip Amounts): players out may rejoin
    /// in their original seats, and a card is dealt to each player until
    /// an ace appears: that player has the button.
    RejoinAndDrawButton,
}

/// How the house colours up (the algorithm: `session::colour_up`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColourUp {
    /// TDA 23: a race from seat 1, at most one chip to a player.
    RaceOneChipEach,
    /// UPT Tournament 11: a race where each card wins in order.
    RaceByCards,
    /// Redtooth 46, Nuts 24: odd chips rounded up to one chip.
    RoundUp,
}

impl ColourUp {
    /// Whether the method deals race cards.
    pub fn races(self) -> bool {
        !matches!(self, ColourUp::RoundUp)
    }
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

        impl RawSettings {
            /// The settings the file gives: key and clauses.
            fn given_clauses(&self) -> Vec<(&'static str, &RawClauses)> {
                let mut given = Vec::new();
                $( if let Some(s) = &self.$field { given.push(($key, &s.clauses)); } )*
                given
            }
        }

        /// Every setting the engine applies, each with its citation.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Settings {
            $( $(#[$doc])* pub $field: Setting<$ty>, )*
        }

        impl Settings {
            /// Every setting key, as written in the TOML.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// The settings, the file's laid over the base's; every
            /// setting missing from both is an error.
            fn resolve(raw: &RawSettings, base: Option<&Settings>, rulebook: &str, file: &str) -> Result<Settings, Vec<RulesError>> {
                let mut missing = Vec::new();
                $( let $field = pick(&raw.$field, base.map(|b| &b.$field), rulebook, file, concat!("settings.", $key)).map_err(|e| missing.push(e)); )*
                match ($( $field, )*) {
                    ($( Ok($field), )*) => Ok(Settings { $( $field, )* }),
                    _ => Err(missing),
                }
            }

            /// Every setting: key, value as written, citation.
            pub fn rows(&self) -> Vec<SettingRow<'_>> {
                vec![ $( ($key, value_text(&self.$field.value), &self.$field.citation), )* ]
            }

            /// The citation of the setting `key` (as written in the TOML).
            pub fn citation(&self, key: &str) -> Option<&Citation> {
                match key {
                    $( $key => Some(&self.$field.citation), )*
                    _ => None,
                }
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
    /// How odd chips are changed when the smallest chip leaves the table.
    colour_up: ColourUp = "colour-up",
    /// Chips each player still in is given at a break (0: none).
    break_top_up: u64 = "break-top-up",
    /// Where a new player waits to be dealt in.
    new_player_waits: NewPlayerWaits = "new-player-waits",
    /// What a break does to the players out and the button.
    after_break: AfterBreak = "after-break",
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
            citation: Citation {
                rulebook: r.rulebook.clone().unwrap_or_else(|| rulebook.to_string()),
                rule: r.rule.clone(),
                text: r.text.clone(),
            },
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
    /// The floor's tournament settings, each with its citation.
    pub tournament: tournament::Tournament,
    /// The blind structure, when the house gives one.
    pub levels: Vec<Level>,
    /// The chip denominations in play, smallest first, when the house
    /// gives them (`chips = [25, 100, 500]`): what a colour-up removes.
    pub chips: Vec<Chips>,
    citations: BTreeMap<RulingId, Citation>,
    clauses: BTreeMap<RulingId, BTreeMap<String, Citation>>,
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
        "{file}: line {line}, column {column}: extends \"{base}\", which is not a built-in profile (tda, ugly-tuna, upt, nuts, redtooth)"
    )]
    UnknownBase {
        /// The file.
        file: String,
        /// 1-based line of the name.
        line: usize,
        /// 1-based column of the name.
        column: usize,
        /// The name given.
        base: String,
    },
    /// The house was named by an empty string.
    #[error(
        "the house is empty: name a built-in profile (tda, ugly-tuna, upt, nuts, redtooth), a file in the config directory, or a path to a .toml file"
    )]
    Empty,
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
    /// The file could not be read. (The operating system's error is in
    /// the message, so it is not also given as the source.)
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        error: std::io::Error,
    },
    /// More than one problem in one file, in file order.
    #[error("{}", lines(.0))]
    Several(Vec<RulesError>),
}

fn lines(errors: &[RulesError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

impl RulesError {
    /// Each problem on its own: the problems of `Several`, or this one.
    pub fn each(&self) -> Vec<&RulesError> {
        match self {
            RulesError::Several(errors) => errors.iter().flat_map(RulesError::each).collect(),
            one => vec![one],
        }
    }

    /// One error for a list of problems (none: an empty `Several`).
    fn from_list(mut errors: Vec<RulesError>) -> RulesError {
        if errors.len() == 1 {
            errors.remove(0)
        } else {
            RulesError::Several(errors)
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawHouseRules {
    name: String,
    title: Option<String>,
    rulebook: Option<String>,
    extends: Option<Spanned<String>>,
    #[serde(default)]
    settings: RawSettings,
    #[serde(default)]
    tournament: tournament::RawTournament,
    #[serde(default)]
    cite: BTreeMap<RulingId, RawCitation>,
    #[serde(default)]
    levels: Vec<toml::Spanned<Level>>,
    /// The chip denominations in play, smallest first.
    chips: Option<toml::Spanned<Vec<u64>>>,
}

// The citation's keys are spelled out rather than flattened from
// `RawCitation`: serde's flatten would lose the clauses' line and column.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetting<T> {
    value: T,
    rulebook: Option<String>,
    rule: String,
    text: String,
    #[serde(default)]
    clauses: RawClauses,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCitation {
    rulebook: Option<String>,
    rule: String,
    text: String,
    #[serde(default)]
    clauses: RawClauses,
}

/// `[... .clauses.KEY]` tables: the words for one case of a ruling.
type RawClauses = BTreeMap<String, Spanned<RawClause>>;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClause {
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
        if name_or_path.trim().is_empty() {
            return Err(RulesError::Empty);
        }
        let path = Path::new(name_or_path);
        if path.extension().is_some_and(|e| e == "toml") || path.exists() {
            let text = crate::files::read_text(path).map_err(|error| RulesError::Io {
                file: name_or_path.to_string(),
                error,
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
        if name_or_path.trim().is_empty() {
            return Err(RulesError::Empty);
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

    /// Every built-in profile that loads, in `BUILT_IN`'s order.
    pub fn all_built_in() -> Vec<HouseRules> {
        BUILT_IN
            .iter()
            .filter_map(|(name, _)| Self::built_in(name).and_then(Result::ok))
            .collect()
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
    /// Every problem found is reported (`RulesError::Several` when there
    /// is more than one), as far as the TOML parses.
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
        let read = read::read::<RawHouseRules>(text);
        // Each problem with the byte offset it points at (none: after
        // every problem that has one), for the file order.
        let mut errors: Vec<(Option<usize>, RulesError)> = read
            .problems
            .iter()
            .map(|p| {
                let message = match p.offset {
                    Some(offset) => {
                        let (line, column) = line_column(text, offset);
                        format!("line {line}, column {column}: {}", p.message)
                    }
                    None => p.message.clone(),
                };
                let error = RulesError::Toml {
                    file: file.to_string(),
                    message,
                };
                (p.offset, error)
            })
            .collect();
        let Some(raw) = read.raw else {
            return Err(in_file_order(errors));
        };
        let base = match &raw.extends {
            None => None,
            Some(base_name) => match bases.iter().find(|(n, _)| *n == base_name.get_ref()) {
                Some((n, base_text)) => Some(Self::from_toml_over(
                    &format!("config/{n}.toml"),
                    base_text,
                    bases,
                )?),
                None => {
                    let (line, column) = line_column(text, base_name.span().start);
                    let error = RulesError::UnknownBase {
                        file: file.to_string(),
                        line,
                        column,
                        base: base_name.get_ref().clone(),
                    };
                    errors.push((Some(base_name.span().start), error));
                    None
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
        let settings = match Settings::resolve(
            &raw.settings,
            base.as_ref().map(|b| &b.settings),
            &rulebook,
            file,
        ) {
            Ok(settings) => Some(settings),
            Err(missing) => {
                // A setting is only missing if the file could have had it:
                // not when `extends` is unknown or did not read, nor when
                // the setting itself did not read.
                let unread = |key: &str| {
                    read.problems
                        .iter()
                        .any(|p| p.message.contains(&format!("(key {key}")))
                };
                if raw.extends.is_none() && !unread("extends") {
                    errors.extend(
                        missing
                            .into_iter()
                            .filter(
                                |e| !matches!(e, RulesError::Missing { key, .. } if unread(key)),
                            )
                            .map(|e| (None, e)),
                    );
                }
                None
            }
        };
        let tournament = tournament::Tournament::resolve(&raw.tournament, base.as_ref().map(|b| &b.tournament), &rulebook, file)
            .map_err(|e| {
                // Missing only where the file could have had it (as for `settings`).
                let unread = |key: &str| read.problems.iter().any(|p| p.message.contains(&format!("(key {key}")));
                let quiet = |e: &RulesError| matches!(e, RulesError::Missing { key, .. } if raw.extends.is_some() || unread("extends") || unread(key));
                errors.extend(e.into_iter().filter(|e| !quiet(e)).map(|e| (None, e)));
            })
            .ok();
        let clauses = match &settings {
            Some(s) => match resolve_clauses(&raw, base.as_ref(), &citations, s, file, text) {
                Ok(clauses) => Some(clauses),
                Err(e) => {
                    errors.push((None, e));
                    None
                }
            },
            None => None,
        };
        let levels = if raw.levels.is_empty() {
            base.as_ref().map(|b| b.levels.clone()).unwrap_or_default()
        } else {
            raw.levels.iter().map(|l| *l.get_ref()).collect()
        };
        let chips = match &raw.chips {
            None => base.as_ref().map(|b| b.chips.clone()).unwrap_or_default(),
            Some(given) => {
                if let Some(message) = crate::table::chips::denominations_problem(given.get_ref()) {
                    let at = given.span().start;
                    let (line, column) = line_column(text, at);
                    errors.push((
                        Some(at),
                        RulesError::Invalid {
                            file: file.to_string(),
                            line,
                            column,
                            key: "chips".into(),
                            message,
                        },
                    ));
                }
                given.get_ref().iter().map(|c| Chips(*c)).collect()
            }
        };
        // Cross-field checks, pointing at the offending level (numbered as
        // in the file, counting any level that did not read).
        let numbers = (0..).filter(|i| !read.dropped_levels.contains(i));
        for (level, i) in raw.levels.iter().zip(numbers) {
            let l = level.get_ref();
            let at = level.span().start;
            let (line, column) = line_column(text, at);
            let invalid = |message: String| RulesError::Invalid {
                file: file.to_string(),
                line,
                column,
                key: format!("levels[{i}]"),
                message,
            };
            let problem = blinds_problem(l.small, l.big)
                .or_else(|| {
                    (!Chips(l.ante).within_table()).then(|| {
                        format!(
                            "the ante ({}) is more than the most chips a table may have in play, {}",
                            Chips(l.ante),
                            Chips::MAX_TABLE
                        )
                    })
                })
                .or_else(|| {
                    settings
                        .as_ref()
                        .and_then(|s| ante_problem(s, l.small, l.ante))
                });
            if let Some(message) = problem {
                errors.push((Some(at), invalid(message)));
            }
        }
        // Whenever it is `None`, the reason is among `errors`.
        let Some(tournament) = tournament else {
            return Err(in_file_order(errors));
        };
        match (settings, clauses) {
            (Some(settings), Some(clauses)) if errors.is_empty() => Ok(HouseRules {
                tournament,
                name: raw.name.clone(),
                title: raw.title.clone().unwrap_or_else(|| raw.name.clone()),
                extends: raw.extends.as_ref().map(|e| e.get_ref().clone()),
                settings,
                levels,
                chips,
                citations,
                clauses,
                file: file.into(),
                toml: text.into(),
                bases: base
                    .map(|b| {
                        let name = raw
                            .extends
                            .as_ref()
                            .map(|e| e.get_ref().clone())
                            .unwrap_or_default();
                        std::iter::once((name, b.toml)).chain(b.bases).collect()
                    })
                    .unwrap_or_default(),
            }),
            _ => Err(in_file_order(errors)),
        }
    }

    /// The rule this house applies for a ruling.
    pub fn citation(&self, id: RulingId) -> Citation {
        let setting = setting_for(id).and_then(|key| self.settings.citation(key));
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

    /// A ruling that quotes the clause deciding its case: the house's clause
    /// `clause` of the ruling's citation when it has one, else the main
    /// citation. `clause` is one of the keys in `CLAUSES` for `id`.
    pub fn ruling_clause(&self, id: RulingId, clause: &str, text: String) -> Ruling {
        debug_assert!(
            clauses::is_known(id, clause),
            "the clause {clause} of {id} is not listed in rules::CLAUSES"
        );
        let citation = match self.clause(id, clause) {
            Some(c) => c.clone(),
            None => self.citation(id),
        };
        Ruling {
            id,
            text: text.into(),
            citation: std::sync::Arc::new(citation),
            options: Vec::new(),
        }
    }

    /// The house's clause `key` of ruling `id`, if it gives one.
    pub fn clause(&self, id: RulingId, key: &str) -> Option<&Citation> {
        self.clauses.get(&id).and_then(|c| c.get(key))
    }

    /// The clauses of ruling `id`'s citation: key and citation, by key.
    pub fn clauses(&self, id: RulingId) -> impl Iterator<Item = (&str, &Citation)> {
        self.clauses
            .get(&id)
            .into_iter()
            .flat_map(|c| c.iter().map(|(k, v)| (k.as_str(), v)))
    }
}

/// The setting whose citation ruling `id` quotes, if it has one (as the
/// key is written in the TOML); the other rulings quote `[cite.ID]`.
pub fn setting_for(id: RulingId) -> Option<&'static str> {
    match id {
        RulingId::MinRaise => Some("min-raise"),
        RulingId::OddChip => Some("odd-chip"),
        RulingId::ShowdownOrder => Some("show-order"),
        RulingId::OversizedChip => Some("oversized-chip"),
        RulingId::MultipleChip => Some("multiple-chips"),
        RulingId::Undercall => Some("undercall"),
        RulingId::OutOfTurn => Some("out-of-turn"),
        RulingId::Misdeal => Some("misdeal-until"),
        RulingId::Clock => Some("clock"),
        _ => None,
    }
}

/// The ruling that quotes setting `key`, if any.
pub fn ruling_for_setting(key: &str) -> Option<RulingId> {
    RulingId::ALL
        .into_iter()
        .find(|id| setting_for(*id) == Some(key))
}

/// Every ruling's clauses after `extends`: a citation the file gives brings
/// its own clauses (none, if it gives none) in place of the base's, since
/// the base's clauses quote the base's words; a citation the file does not
/// give keeps the base's clauses with it.
fn resolve_clauses(
    raw: &RawHouseRules,
    base: Option<&HouseRules>,
    citations: &BTreeMap<RulingId, Citation>,
    settings: &Settings,
    file: &str,
    text: &str,
) -> Result<BTreeMap<RulingId, BTreeMap<String, Citation>>, RulesError> {
    let mut all = base.map(|b| b.clauses.clone()).unwrap_or_default();
    let invalid = |path: String, at: usize, message: String| {
        let (line, column) = line_column(text, at);
        RulesError::Invalid {
            file: file.to_string(),
            line,
            column,
            key: path,
            message,
        }
    };
    // Each citation the file gives, with the ruling whose clauses it holds,
    // or why it may hold none.
    type Owner<'a> = Result<(RulingId, &'a Citation), String>;
    let mut given: Vec<(String, Owner, &RawClauses)> = Vec::new();
    for (id, cite) in &raw.cite {
        let owner = match setting_for(*id) {
            // A ruling with a setting quotes the setting, not `[cite.ID]`.
            Some(setting) => Err(format!(
                "the {id} ruling quotes the setting {setting}: give its clauses under [settings.{setting}.clauses]"
            )),
            None => citations
                .get(id)
                .map(|c| (*id, c))
                .ok_or_else(|| format!("cite.{id} has no citation")),
        };
        given.push((format!("cite.{id}"), owner, &cite.clauses));
    }
    for (key, raw_clauses) in raw.settings.given_clauses() {
        let owner = ruling_for_setting(key)
            .zip(settings.citation(key))
            .ok_or_else(|| {
                format!("no ruling quotes settings.{key} by itself, so it has no clauses")
            });
        given.push((format!("settings.{key}"), owner, raw_clauses));
    }
    for (path, owner, raw_clauses) in given {
        let (id, parent) = match owner {
            Ok(owner) => owner,
            Err(message) => match raw_clauses.iter().next() {
                Some((key, c)) => {
                    return Err(invalid(
                        format!("{path}.clauses.{key}"),
                        c.span().start,
                        message,
                    ));
                }
                None => continue,
            },
        };
        let mut resolved = BTreeMap::new();
        for (key, c) in raw_clauses {
            if !clauses::is_known(id, key) {
                let cases: Vec<&str> = clauses::keys_for(id).collect();
                let known = if cases.is_empty() {
                    format!("the engine quotes no clauses for {id}")
                } else {
                    format!("the cases of {id} are {}", cases.join(", "))
                };
                return Err(invalid(
                    format!("{path}.clauses.{key}"),
                    c.span().start,
                    format!("'{key}' is not a case the engine quotes: {known}"),
                ));
            }
            let c = c.get_ref();
            resolved.insert(
                key.clone(),
                Citation {
                    rulebook: c
                        .rulebook
                        .clone()
                        .unwrap_or_else(|| parent.rulebook.clone()),
                    rule: c.rule.clone(),
                    text: c.text.clone(),
                },
            );
        }
        if resolved.is_empty() {
            all.remove(&id);
        } else {
            all.insert(id, resolved);
        }
    }
    Ok(all)
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

/// The problems as one error, in file order (those without a place last).
fn in_file_order(mut errors: Vec<(Option<usize>, RulesError)>) -> RulesError {
    errors.sort_by_key(|(offset, _)| offset.unwrap_or(usize::MAX));
    RulesError::from_list(errors.into_iter().map(|(_, e)| e).collect())
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

#[cfg(test)]
mod clause_tests {
    use super::*;

    const BASE: &str = "name = \"x\"\nextends = \"tda\"\nrulebook = \"x.txt\"\n";

    fn load(extra: &str) -> Result<HouseRules, String> {
        HouseRules::from_toml("x.toml", &format!("{BASE}{extra}")).map_err(|e| e.to_string())
    }

    #[test]
    fn a_clause_is_quoted_for_its_case_and_the_main_citation_otherwise() {
        let rules = load(
            "[cite.pot-bet-no-limit]\nrule = \"9\"\ntext = \"main\"\n\n[cite.pot-bet-no-limit.clauses.facing-bet]\nrule = \"9-B\"\ntext = \"raise\"\n",
        )
        .unwrap();
        let id = RulingId::PotBetNoLimit;
        let facing = rules.ruling_clause(id, "facing-bet", "r".into());
        assert_eq!(
            (facing.citation.rule.as_str(), facing.citation.text.as_str()),
            ("9-B", "raise")
        );
        // The clause's rulebook is the citation's unless it names its own.
        assert_eq!(facing.citation.rulebook, "x.txt");
        let other = rules.ruling_clause(id, "not-facing-bet", "r".into());
        assert_eq!(*other.citation, rules.citation(id));
        assert_eq!(other.citation.text, "main");
    }

    #[test]
    fn clauses_come_with_the_citation_they_belong_to() {
        let tda = HouseRules::tda();
        let discretion = tda.clause(RulingId::Undercall, "td-discretion").cloned();
        assert!(discretion.is_some(), "tda.toml gives 39-B's clause");
        // Not touching the setting inherits it with its clauses.
        let same = load("").unwrap();
        assert_eq!(
            same.clause(RulingId::Undercall, "td-discretion").cloned(),
            discretion
        );
        // Giving the setting anew drops the base's clauses: they quote the
        // base's words, not this house's.
        let own = load(
            "[settings.undercall]\nvalue = \"always-full-call\"\nrule = \"5\"\ntext = \"always\"\n",
        )
        .unwrap();
        assert_eq!(own.clause(RulingId::Undercall, "td-discretion"), None);
        let r = own.ruling_clause(RulingId::Undercall, "td-discretion", "r".into());
        assert_eq!(r.citation.text, "always");
    }

    #[test]
    fn an_unknown_clause_key_is_refused_with_line_and_column() {
        let err = load(
            "\n[cite.fifty-percent]\nrule = \"1\"\ntext = \"t\"\n\n[cite.fifty-percent.clauses.under-hlaf]\nrule = \"2\"\ntext = \"u\"\n",
        )
        .unwrap_err();
        assert!(
            err.starts_with("x.toml: line 9, column 1: cite.fifty-percent.clauses.under-hlaf:"),
            "{err}"
        );
        assert!(err.contains("at-least-half, under-half"), "{err}");
        let inline = load(
            "[settings.undercall]\nvalue = \"always-full-call\"\nrule = \"1\"\ntext = \"t\"\nclauses = { bogus = { rule = \"2\", text = \"u\" } }\n",
        )
        .unwrap_err();
        assert!(inline.contains("line 8, column 21"), "{inline}");
    }

    #[test]
    fn clauses_go_where_the_ruling_quotes() {
        // Undercall quotes its setting, so [cite.undercall] may not have clauses.
        let err = load(
            "[cite.undercall]\nrule = \"1\"\ntext = \"t\"\n[cite.undercall.clauses.heads-up]\nrule = \"2\"\ntext = \"u\"\n",
        )
        .unwrap_err();
        assert!(err.contains("[settings.undercall.clauses]"), "{err}");
        // No ruling quotes verbal-vs-chips by itself.
        let err = load(
            "[settings.verbal-vs-chips]\nvalue = \"verbal-precedence\"\nrule = \"1\"\ntext = \"t\"\n[settings.verbal-vs-chips.clauses.call]\nrule = \"2\"\ntext = \"u\"\n",
        )
        .unwrap_err();
        assert!(
            err.contains("no ruling quotes settings.verbal-vs-chips"),
            "{err}"
        );
        let err = load("[cite.fifty-percent.clauses.under-half]\nrule = \"2\"\n").unwrap_err();
        assert!(err.contains("missing field `text`"), "{err}");
    }

    #[test]
    fn every_setting_a_ruling_quotes_exists() {
        let tda = HouseRules::tda();
        for id in RulingId::ALL {
            if let Some(key) = setting_for(id) {
                assert!(Settings::KEYS.contains(&key), "{id}: {key}");
                assert_eq!(ruling_for_setting(key), Some(id));
                assert_eq!(Some(&tda.citation(id)), tda.settings.citation(key));
            }
        }
    }
}
