//! The settings: every choice the engine leaves to the house (the minimum
//! raise, the odd chip, what an action out of turn binds, ...), each as a
//! type of its own. One list (`house_settings!`) makes both forms of them:
//! `RawSettings`, as a file writes them (a value, a citation, its clauses),
//! and `Settings`, each value with the `Citation` a ruling quotes, laid
//! over the profile the file extends; `setting_for` names the setting a
//! ruling quotes. The structure's `Level` and the checks of a table's
//! blinds and ante (`blinds_problem`, `ante_problem`) live here too.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::error::RulesError;
use super::ruling::{Citation, RulingId};
use crate::values::Chips;

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
    /// Where the house says so (shared: every ruling that quotes it
    /// holds this one citation, not a copy of its words).
    pub citation: Arc<Citation>,
}

/// One row of `rules show` / `rules diff`: the key, its value as written, its citation.
pub type SettingRow<'a> = (&'static str, String, &'a Citation);

macro_rules! house_settings {
    ($( $(#[$doc:meta])* $field:ident : $ty:ty = $key:literal (since $since:literal, earlier $earlier:expr) ),* $(,)?) => {
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(super) struct RawSettings {
            $( #[serde(rename = $key)] $field: Option<RawSetting<$ty>>, )*
        }

        impl RawSettings {
            /// The settings the file gives: key and clauses.
            pub(super) fn given_clauses(&self) -> Vec<(&'static str, &RawClauses)> {
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

            /// Each setting's key, the release it arrived in, and whether
            /// it has the value that reproduces what floorcall did before.
            pub const ARRIVALS: &'static [(&'static str, &'static str, bool)] =
                &[$( ($key, $since, Option::<$ty>::is_some(&$earlier)) ),*];

            /// The settings, the file's laid over the base's; every
            /// setting missing from both is an error.
            pub(super) fn resolve(raw: &RawSettings, base: Option<&Settings>, rulebook: &str, file: &str) -> Result<Settings, Vec<RulesError>> {
                let mut missing = Vec::new();
                $( let $field = pick(&raw.$field, base.map(|b| &b.$field), Arrival { since: $since, earlier: $earlier }, rulebook, file, concat!("settings.", $key)).map_err(|e| missing.push(e)); )*
                match ($( $field, )*) {
                    ($( Ok($field), )*) => Ok(Settings { $( $field, )* }),
                    _ => Err(missing),
                }
            }

            /// Every setting: key, value as written, citation.
            pub fn rows(&self) -> Vec<SettingRow<'_>> {
                vec![ $( ($key, value_text(&self.$field.value), &*self.$field.citation), )* ]
            }

            /// The citation of the setting `key` (as written in the TOML).
            pub fn citation(&self, key: &str) -> Option<&Citation> {
                self.shared_citation(key).map(|c| &**c)
            }

            /// `citation`, shared: what a ruling quoting it holds.
            pub(super) fn shared_citation(&self, key: &str) -> Option<&Arc<Citation>> {
                match key {
                    $( $key => Some(&self.$field.citation), )*
                    _ => None,
                }
            }
        }
    };
}

// Each setting with the release it arrived in and the value that
// reproduces what floorcall did before it: `None` for those of the first
// release (2026-11-21), which every journal's house has. A house written
// before a setting arrived (an older journal's, an older file) takes that
// earlier value, never today's default; a test holds that every setting
// added since has one.
house_settings! {
    /// The minimum raise.
    min_raise: MinRaise = "min-raise" (since "2026-11-21", earlier None),
    /// Who gets the odd chip.
    odd_chip: OddChip = "odd-chip" (since "2026-11-21", earlier None),
    /// Who shows first at showdown.
    show_order: ShowOrder = "show-order" (since "2026-11-21", earlier None),
    /// Words against chips.
    verbal_vs_chips: VerbalVsChips = "verbal-vs-chips" (since "2026-11-21", earlier None),
    /// A single oversized chip.
    oversized_chip: OversizedChip = "oversized-chip" (since "2026-11-21", earlier None),
    /// Several chips facing a bet.
    multiple_chips: MultipleChips = "multiple-chips" (since "2026-11-21", earlier None),
    /// Less than the call.
    undercall: Undercall = "undercall" (since "2026-11-21", earlier None),
    /// Action out of turn.
    out_of_turn: OutOfTurn = "out-of-turn" (since "2026-11-21", earlier None),
    /// How long a misdeal can be declared.
    misdeal_until: MisdealUntil = "misdeal-until" (since "2026-11-21", earlier None),
    /// A card exposed by the dealer in the initial deal.
    exposed_card: DealtCardError = "exposed-card" (since "2026-11-21", earlier None),
    /// A card found face up in the deck in the initial deal.
    boxed_card: DealtCardError = "boxed-card" (since "2026-11-21", earlier None),
    /// The clock.
    clock: Clock = "clock" (since "2026-11-21", earlier None),
    /// The largest ante.
    max_ante: MaxAnte = "max-ante" (since "2026-11-21", earlier None),
    /// How odd chips are changed when the smallest chip leaves the table.
    colour_up: ColourUp = "colour-up" (since "2026-11-22", earlier Some(ColourUp::RaceOneChipEach)),
    /// Chips each player still in is given at a break (0: none).
    break_top_up: u64 = "break-top-up" (since "2026-11-22", earlier Some(0)),
    /// Where a new player waits to be dealt in.
    new_player_waits: NewPlayerWaits = "new-player-waits" (since "2026-11-25", earlier Some(NewPlayerWaits::BetweenSmallBlindAndButton)),
    /// What a break does to the players out and the button.
    after_break: AfterBreak = "after-break" (since "2026-11-25", earlier Some(AfterBreak::Continue)),
}

pub(super) fn value_text<T: Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(toml::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

/// When a setting arrived, and the value that reproduces what floorcall
/// did before it (`None`: it was there from the first release).
pub(super) struct Arrival<T> {
    pub(super) since: &'static str,
    pub(super) earlier: Option<T>,
}

/// The rulebook of a setting filled with its earlier value: the house was
/// written before the setting arrived (an older journal's, an older file).
pub const EARLIER_RELEASE: &str = "floorcall before the setting arrived";

pub(super) fn pick<T: Copy>(
    raw: &Option<RawSetting<T>>,
    base: Option<&Setting<T>>,
    arrival: Arrival<T>,
    rulebook: &str,
    file: &str,
    key: &'static str,
) -> Result<Setting<T>, RulesError> {
    if let (None, None, Some(value)) = (raw, base, arrival.earlier) {
        return Ok(Setting {
            value,
            citation: Arc::new(Citation {
                rulebook: EARLIER_RELEASE.into(),
                rule: format!("{key}, since {}", arrival.since),
                text: format!(
                    "{file} was written before {key} arrived (floorcall's release of {}): the table does what floorcall did before it",
                    arrival.since
                ),
            }),
        });
    }
    match (raw, base) {
        (Some(r), _) => Ok(Setting {
            value: r.value,
            citation: Arc::new(Citation {
                rulebook: r.rulebook.clone().unwrap_or_else(|| rulebook.to_string()),
                rule: r.rule.clone(),
                text: r.text.clone(),
            }),
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

// The citation's keys are spelled out rather than flattened from
// `RawCitation`: serde's flatten would lose the clauses' line and column.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSetting<T> {
    value: T,
    rulebook: Option<String>,
    rule: String,
    text: String,
    #[serde(default)]
    pub(super) clauses: RawClauses,
}

/// `[... .clauses.KEY]` tables: the words for one case of a ruling.
pub(super) type RawClauses = BTreeMap<String, Spanned<RawClause>>;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawClause {
    pub(super) rulebook: Option<String>,
    pub(super) rule: String,
    pub(super) text: String,
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
