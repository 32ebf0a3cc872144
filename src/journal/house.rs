//! The house rules as a journal embeds them: the TOML text in force, with
//! its digest, and the text of every built-in profile it `extends`, so the
//! same `HouseRules` can be rebuilt from the journal alone, whatever has
//! happened to the user's file (or to the built-in profiles) since.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::chain::Head;
use crate::rules::HouseRules;

/// One TOML text and its SHA-256.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseText {
    /// The profile's name (`tda`, a user's file name).
    pub name: String,
    /// The SHA-256 of `toml`, in hex.
    pub sha256: String,
    /// The TOML text, exactly as read.
    pub toml: String,
}

impl std::fmt::Debug for HouseText {
    /// The name and digest: the text itself is pages long.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "HouseText({}, sha256 {}, {} bytes)",
            self.name,
            self.sha256.get(..16).unwrap_or(&self.sha256),
            self.toml.len()
        )
    }
}

impl HouseText {
    fn new(name: &str, toml: &str) -> HouseText {
        HouseText {
            name: name.to_string(),
            sha256: digest(toml),
            toml: toml.to_string(),
        }
    }

    /// Whether the digest is the text's.
    pub fn digest_matches(&self) -> bool {
        digest(&self.toml) == self.sha256
    }
}

/// The house rules in force, as embedded in a session record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRecord {
    /// The file the house was read from (the default rulebook in its
    /// citations).
    pub file: String,
    /// The house's own TOML.
    #[serde(flatten)]
    pub house: HouseText,
    /// The built-in profiles it was laid over (nearest first), when it
    /// `extends` one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bases: Vec<HouseText>,
}

impl HouseRecord {
    /// What a journal needs to rebuild `rules`.
    pub fn of(rules: &HouseRules) -> HouseRecord {
        HouseRecord {
            file: rules.file().to_string(),
            house: HouseText::new(&rules.name, rules.toml()),
            bases: rules
                .bases()
                .map(|(name, toml)| HouseText::new(name, toml))
                .collect(),
        }
    }

    /// Whether `rules` were built from exactly these texts.
    pub fn is_of(&self, rules: &HouseRules) -> bool {
        self.house.toml == rules.toml()
            && self.file == rules.file()
            && self.bases.len() == rules.bases().count()
            && self
                .bases
                .iter()
                .zip(rules.bases())
                .all(|(b, (name, toml))| b.name == name && b.toml == toml)
    }

    /// The first text whose digest is not its own, if any.
    pub fn bad_digest(&self) -> Option<&HouseText> {
        std::iter::once(&self.house)
            .chain(&self.bases)
            .find(|t| !t.digest_matches())
    }

    /// Rebuilds the house rules from the embedded texts.
    pub fn rules(&self) -> Result<HouseRules, String> {
        let bases: Vec<(&str, &str)> = self
            .bases
            .iter()
            .map(|b| (b.name.as_str(), b.toml.as_str()))
            .collect();
        HouseRules::from_toml_over(&self.file, &self.house.toml, &bases)
            .map_err(|e| format!("{e} (as embedded in the journal)"))
    }
}

fn digest(text: &str) -> String {
    Head(Sha256::digest(text.as_bytes()).into()).hex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BUILT_IN;

    #[test]
    fn every_built_in_house_rebuilds_from_its_record() {
        for (name, _) in BUILT_IN {
            let rules = match HouseRules::built_in(name) {
                Some(Ok(rules)) => rules,
                other => panic!("{name}: {other:?}"),
            };
            let record = HouseRecord::of(&rules);
            assert!(record.is_of(&rules));
            assert_eq!(record.bad_digest(), None);
            assert_eq!(record.rules().as_ref(), Ok(&rules), "{name}");
            assert_eq!(
                record
                    .bases
                    .iter()
                    .map(|b| b.name.as_str())
                    .collect::<Vec<_>>(),
                if name == "tda" { vec![] } else { vec!["tda"] }
            );
        }
    }

    #[test]
    fn a_house_over_a_changed_base_rebuilds_with_the_recorded_base() {
        let user = "name = \"club\"\nextends = \"tda\"\n";
        let rules = HouseRules::from_toml("club.toml", user).expect("loads");
        let mut record = HouseRecord::of(&rules);
        // The recorded tda cites the minimum raise under another number
        // than the shipped one.
        record.bases[0].toml =
            record.bases[0]
                .toml
                .replacen("rule = \"43-A\"", "rule = \"43-X\"", 1);
        record.bases[0].sha256 = digest(&record.bases[0].toml);
        let rebuilt = record.rules().expect("rebuilds");
        assert_eq!(rebuilt.settings.min_raise.citation.rule, "43-X");
        assert_eq!(rules.settings.min_raise.citation.rule, "43-A");
        assert!(record.is_of(&rebuilt));
        record.house.toml.push('\n');
        assert_eq!(record.bad_digest().map(|t| t.name.as_str()), Some("club"));
    }
}
