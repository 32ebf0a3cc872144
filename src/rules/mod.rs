//! House rules: the TOML file as written (`RawHouseRules`), validated into
//! `HouseRules`, which is all the engine ever sees.
//!
//! Every setting the engine applies carries its citation (rulebook, rule,
//! text), so a ruling can quote the rule it applies. A profile may
//! `extends` another; the built-in profiles are compiled into the binary.

mod ruling;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

pub use ruling::{Citation, Ruling, RulingId};

/// The built-in profiles: name, file text.
pub const BUILT_IN: [(&str, &str); 5] = [
    ("tda", include_str!("../../config/tda.toml")),
    ("ugly-tuna", include_str!("../../config/ugly-tuna.toml")),
    ("upt", include_str!("../../config/upt.toml")),
    ("nuts", include_str!("../../config/nuts.toml")),
    ("redtooth", include_str!("../../config/redtooth.toml")),
];

/// How big a raise must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MinRaise {
    /// At least the largest prior full bet or raise of the street (TDA 43-A).
    PreviousFullRaise,
    /// At least double the bet faced (Ultimate Poker Tour's house rule).
    DoubleTheBet,
}

/// Who gets the odd chip of a split pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChip {
    /// The first winner clockwise from the button (TDA 19-A).
    FirstLeftOfButton,
    /// The winner with the smaller stack (Ugly Tuna, Ties 3).
    SmallerStack,
}

/// Who must table first at a non all-in showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShowOrder {
    /// The last aggressor on the final street, else the first live seat
    /// left of the button (TDA 16-A).
    LastAggressorElseLeftOfButton,
    /// The first live seat left of the last caller on the final street, else
    /// the first live seat left of the button (Redtooth 38).
    LeftOfLastCaller,
}

/// A setting's value and the rule it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    /// What the house decides.
    pub value: T,
    /// Where the house says so.
    pub citation: Citation,
}

/// Validated house rules: what the engine applies.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseRules {
    /// The profile name (`tda`, `upt`, a user's file name).
    pub name: String,
    /// A human title.
    pub title: String,
    /// The minimum raise.
    pub min_raise: Setting<MinRaise>,
    /// The odd chip of a split pot.
    pub odd_chip: Setting<OddChip>,
    /// The order of showing at showdown.
    pub show_order: Setting<ShowOrder>,
    citations: BTreeMap<RulingId, Citation>,
}

/// Why house rules could not be loaded.
#[derive(Debug, Error)]
pub enum RulesError {
    /// The TOML is malformed or has unknown keys or bad values.
    #[error("{file}: {message}")]
    Toml { file: String, message: String },
    /// `extends` names a profile that is not built in.
    #[error(
        "{file}: extends \"{base}\", which is not a built-in profile (tda, ugly-tuna, upt, nuts, redtooth)"
    )]
    UnknownBase { file: String, base: String },
    /// No built-in profile or file by that name.
    #[error(
        "no house rules named \"{0}\": use a built-in profile (tda, ugly-tuna, upt, nuts, redtooth) or a path to a .toml file"
    )]
    NotFound(String),
    /// A required setting is missing after `extends` is applied.
    #[error(
        "{file}: the setting {key} is missing and the file does not extend a profile that has it"
    )]
    Missing { file: String, key: &'static str },
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        file: String,
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
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawSettings {
    min_raise: Option<RawSetting<MinRaise>>,
    odd_chip: Option<RawSetting<OddChip>>,
    show_order: Option<RawSetting<ShowOrder>>,
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
        let raw: RawHouseRules = toml::from_str(text).map_err(|e| RulesError::Toml {
            file: file.to_string(),
            message: describe_toml_error(text, &e),
        })?;
        let base = match raw.extends.as_deref() {
            None => None,
            Some(base_name) => match Self::built_in(base_name) {
                Some(base) => Some(base?),
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
        let b = base.as_ref();
        Ok(HouseRules {
            name: raw.name.clone(),
            title: raw.title.clone().unwrap_or_else(|| raw.name.clone()),
            min_raise: pick(
                &raw.settings.min_raise,
                b.map(|b| &b.min_raise),
                &rulebook,
                file,
                "settings.min-raise",
            )?,
            odd_chip: pick(
                &raw.settings.odd_chip,
                b.map(|b| &b.odd_chip),
                &rulebook,
                file,
                "settings.odd-chip",
            )?,
            show_order: pick(
                &raw.settings.show_order,
                b.map(|b| &b.show_order),
                &rulebook,
                file,
                "settings.show-order",
            )?,
            citations,
        })
    }

    /// The rule this house applies for a ruling.
    pub fn citation(&self, id: RulingId) -> Citation {
        match id {
            RulingId::MinRaise => self.min_raise.citation.clone(),
            RulingId::OddChip => self.odd_chip.citation.clone(),
            RulingId::ShowdownOrder => self.show_order.citation.clone(),
            _ => self
                .citations
                .get(&id)
                .cloned()
                .unwrap_or_else(|| Citation {
                    rulebook: "none".into(),
                    rule: "-".into(),
                    text: format!("The house rules do not cite a rule for {id}."),
                }),
        }
    }

    /// A ruling under this house: its id, the plain sentence, the citation.
    pub fn ruling(&self, id: RulingId, text: String) -> Ruling {
        Ruling {
            id,
            text,
            citation: self.citation(id),
        }
    }
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
            HouseRules::tda().min_raise.value,
            MinRaise::PreviousFullRaise
        );
        let upt = HouseRules::load("upt").unwrap();
        assert_eq!(upt.min_raise.value, MinRaise::DoubleTheBet);
        assert!(upt.min_raise.citation.text.contains("double"));
        let tuna = HouseRules::load("ugly-tuna").unwrap();
        assert_eq!(tuna.odd_chip.value, OddChip::SmallerStack);
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
