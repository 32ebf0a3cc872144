//! The house-rules file as serde reads it: its top-level keys (`name`,
//! `extends`, `rulebook`, the structure, the chips) and its `[cite.ID]`
//! tables, each value with its place in the text (`Spanned`) so a problem
//! found later can name its line and column. Nothing here is checked: the
//! loader (`load`) validates a `RawHouseRules` into `HouseRules`. Each
//! setting's raw form is made with its validated form, in `settings`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::ruling::{Citation, RulingId};
use super::settings::{Level, RawClauses, RawSettings};

/// A house-rules file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawHouseRules {
    pub(super) name: String,
    pub(super) title: Option<String>,
    pub(super) rulebook: Option<String>,
    pub(super) extends: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) settings: RawSettings,
    #[serde(default)]
    pub(super) tournament: super::tournament::RawTournament,
    #[serde(default)]
    pub(super) cite: BTreeMap<RulingId, RawCitation>,
    #[serde(default)]
    pub(super) levels: Vec<toml::Spanned<Level>>,
    /// The chip denominations in play, smallest first.
    pub(super) chips: Option<toml::Spanned<Vec<u64>>>,
}

/// A `[cite.ID]` table as written: the rule a ruling quotes, and its clauses.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCitation {
    rulebook: Option<String>,
    rule: String,
    text: String,
    #[serde(default)]
    pub(super) clauses: RawClauses,
}

impl RawCitation {
    pub(super) fn resolve(&self, rulebook: &str) -> Citation {
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
