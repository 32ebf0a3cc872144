//! House rules: the TOML file as written (`RawHouseRules`), validated into
//! `HouseRules`, which is all the engine ever sees.
//!
//! Every setting the engine applies carries its citation (rulebook, rule,
//! text), so a ruling can quote the rule it applies. A citation may carry
//! named clauses, one per case the engine tells apart (`clauses`), so a
//! ruling quotes the sentence that decides its case. A profile may
//! `extends` another; the built-in profiles are compiled into the binary.
//!
//! A house flows through the files in this order: `load` takes a name or a
//! path, `read` turns the text into the file's raw types (`raw`; each
//! setting's raw form is in `settings`), and `load` lays them over the
//! profile extended and checks them, giving `HouseRules` (here) or a
//! `RulesError` with the line and column of each problem (`error`).
//! `settings` holds each setting's type; `ruling` and `clauses` the
//! rulings a house quotes and the cases they tell apart.

mod clauses;
mod error;
mod load;
mod raw;
mod read;
mod ruling;
mod settings;
pub mod tournament;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::values::Chips;

pub use clauses::{CLAUSES, ClauseKey};
pub use error::{RulesError, line_column};
pub use load::BUILT_IN;
pub(crate) use read::plain_words;
pub use ruling::{Citation, FloorOption, Ruling, RulingId};
pub use settings::{
    AfterBreak, Clock, ColourUp, DealtCardError, Level, MaxAnte, MinRaise, MisdealUntil,
    MultipleChips, NewPlayerWaits, OddChip, OutOfTurn, OversizedChip, Setting, SettingRow,
    Settings, ShowOrder, Undercall, VerbalVsChips, ante_problem, blinds_problem,
    ruling_for_setting, setting_for,
};

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
    /// The citations and clauses are shared: a ruling quoting one holds
    /// it, not a copy of its words (an import of thousands of hands makes
    /// many rulings).
    citations: BTreeMap<RulingId, Arc<Citation>>,
    clauses: BTreeMap<RulingId, BTreeMap<String, Arc<Citation>>>,
    /// The file name and TOML text read, and the built-in profiles it was
    /// laid over (name, text; nearest first): what a journal embeds to
    /// rebuild it.
    file: Arc<str>,
    toml: Arc<str>,
    bases: Vec<(String, Arc<str>)>,
}

impl HouseRules {
    /// The settings, the table's then the tournament's, where `self` and
    /// `other` rule differently.
    pub fn diff<'a>(&'a self, other: &'a HouseRules) -> Vec<(SettingRow<'a>, SettingRow<'a>)> {
        let rows = |h: &'a HouseRules| {
            let mut rows = h.settings.rows();
            rows.extend(h.tournament.rows());
            rows
        };
        rows(self)
            .into_iter()
            .zip(rows(other))
            .filter(|(a, b)| a.1 != b.1)
            .collect()
    }

    /// The settings this house was written without, because they arrived
    /// in a later release, each filled with the value that reproduces
    /// what floorcall did before it (key, value, the citation saying so).
    pub fn filled(&self) -> Vec<SettingRow<'_>> {
        let mut rows = self.settings.rows();
        rows.extend(self.tournament.rows());
        rows.retain(|(_, _, cite)| cite.rulebook == settings::EARLIER_RELEASE);
        rows
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

    /// The rule this house applies for a ruling.
    pub fn citation(&self, id: RulingId) -> Citation {
        Citation::clone(&self.shared_citation(id))
    }

    /// `citation`, shared with the house (no words copied) where it cites
    /// one.
    fn shared_citation(&self, id: RulingId) -> Arc<Citation> {
        let setting = setting_for(id).and_then(|key| self.settings.shared_citation(key));
        match setting.or(self.citations.get(&id)) {
            Some(c) => Arc::clone(c),
            None => Arc::new(Citation {
                rulebook: "none".into(),
                rule: "-".into(),
                text: format!("The house rules do not cite a rule for {id}."),
            }),
        }
    }

    /// Citations for rulings that are not settings.
    pub fn ruling_citations(&self) -> &BTreeMap<RulingId, Arc<Citation>> {
        &self.citations
    }

    /// A ruling under this house: its id, the plain sentence, the citation.
    pub fn ruling(&self, id: RulingId, text: String) -> Ruling {
        Ruling {
            id,
            text: text.into(),
            citation: self.shared_citation(id),
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
        let clause = self.clauses.get(&id).and_then(|c| c.get(clause));
        Ruling {
            id,
            text: text.into(),
            citation: clause.map_or_else(|| self.shared_citation(id), Arc::clone),
            options: Vec::new(),
        }
    }

    /// The house's clause `key` of ruling `id`, if it gives one.
    pub fn clause(&self, id: RulingId, key: &str) -> Option<&Citation> {
        self.clauses.get(&id).and_then(|c| c.get(key)).map(|c| &**c)
    }

    /// The clauses of ruling `id`'s citation: key and citation, by key.
    pub fn clauses(&self, id: RulingId) -> impl Iterator<Item = (&str, &Citation)> {
        self.clauses
            .get(&id)
            .into_iter()
            .flat_map(|c| c.iter().map(|(k, v)| (k.as_str(), &**v)))
    }
}
