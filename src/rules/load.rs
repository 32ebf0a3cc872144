//! Loading a house: a name or a path becomes `HouseRules`. A built-in
//! profile (compiled in, `BUILT_IN`), a file in the user's config
//! directory or a path is read (`read`) into a `RawHouseRules`; the
//! profile it `extends` is loaded first and the file's settings,
//! citations, clauses, structure and chips are laid over it; every
//! problem found on the way comes back at once, in file order, as a
//! `RulesError` with its line and column.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::error::{RulesError, in_file_order, line_column};
use super::raw::RawHouseRules;
use super::ruling::{Citation, RulingId};
use super::settings::{
    RawClauses, Settings, ante_problem, blinds_problem, ruling_for_setting, setting_for,
};
use super::{HouseRules, clauses, read, tournament};
use crate::values::Chips;

/// The built-in profiles: name, file text.
pub const BUILT_IN: [(&str, &str); 5] = [
    ("tda", include_str!("../../config/tda.toml")),
    ("ugly-tuna", include_str!("../../config/ugly-tuna.toml")),
    ("upt", include_str!("../../config/upt.toml")),
    ("nuts", include_str!("../../config/nuts.toml")),
    ("redtooth", include_str!("../../config/redtooth.toml")),
];

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

    /// A built-in profile, if the name is one.
    /// Each is read once a process and cloned after: practice and the
    /// scenario runner rule case after case under every house, and the
    /// reading was most of their time.
    pub fn built_in(name: &str) -> Option<Result<HouseRules, RulesError>> {
        static READ: OnceLock<Vec<Option<HouseRules>>> = OnceLock::new();
        let read_one =
            |(n, text): &(&str, &str)| Self::from_toml(&format!("config/{n}.toml"), text);
        let index = BUILT_IN.iter().position(|(n, _)| *n == name)?;
        let read = READ.get_or_init(|| BUILT_IN.iter().map(|b| read_one(b).ok()).collect());
        Some(match &read[index] {
            Some(rules) => Ok(rules.clone()),
            // A shipped file that does not read (its test says so): read
            // again for its errors.
            None => read_one(&BUILT_IN[index]),
        })
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
            citations.insert(*id, Arc::new(cite.resolve(&rulebook)));
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
                if let Some(message) = crate::values::chips::denominations_problem(given.get_ref())
                {
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
}

/// Every ruling's clauses after `extends`: a citation the file gives brings
/// its own clauses (none, if it gives none) in place of the base's, since
/// the base's clauses quote the base's words; a citation the file does not
/// give keeps the base's clauses with it.
fn resolve_clauses(
    raw: &RawHouseRules,
    base: Option<&HouseRules>,
    citations: &BTreeMap<RulingId, Arc<Citation>>,
    settings: &Settings,
    file: &str,
    text: &str,
) -> Result<BTreeMap<RulingId, BTreeMap<String, Arc<Citation>>>, RulesError> {
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
                .map(|c| (*id, &**c))
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
                Arc::new(Citation {
                    rulebook: c
                        .rulebook
                        .clone()
                        .unwrap_or_else(|| parent.rulebook.clone()),
                    rule: c.rule.clone(),
                    text: c.text.clone(),
                }),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MinRaise, OddChip};

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
}

#[cfg(test)]
mod clause_tests {
    use super::*;

    const BASE: &str = "name = \"x\"\nextends = \"tda\"\nrulebook = \"x.txt\"\n";

    fn load(extra: &str) -> Result<HouseRules, String> {
        HouseRules::from_toml("x.toml", &format!("{BASE}{extra}")).map_err(|e| e.to_string())
    }

    /// A cited ruling (the pot bet's) with one clause (facing a bet).
    const POT_BET_CLAUSED: &str = "[cite.pot-bet-no-limit]\nrule = \"9\"\ntext = \"main\"\n\n[cite.pot-bet-no-limit.clauses.facing-bet]\nrule = \"9-B\"\ntext = \"raise\"\n";

    #[test]
    fn a_clause_is_quoted_for_its_case_and_the_main_citation_otherwise() {
        let rules = load(POT_BET_CLAUSED).unwrap();
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

    /// A ruling holds its house's citation, shared, not a copy: two
    /// rulings of one id (a setting's, a cited ruling's, a clause's) hold
    /// the very same one, equal to what `citation` and `clause` hand out.
    #[test]
    fn rulings_share_the_house_citation() {
        let rules = load(POT_BET_CLAUSED).unwrap();
        let cited = RulingId::PotBetNoLimit;
        let setting = RulingId::ALL
            .into_iter()
            .find(|id| setting_for(*id).is_some())
            .expect("a ruling that quotes a setting");
        for id in [cited, setting] {
            let (a, b) = (rules.ruling(id, "a".into()), rules.ruling(id, "b".into()));
            assert!(Arc::ptr_eq(&a.citation, &b.citation), "{id}");
            assert_eq!(*a.citation, rules.citation(id), "{id}");
        }
        let clause = |text: &str| rules.ruling_clause(cited, "facing-bet", text.into());
        assert!(Arc::ptr_eq(&clause("a").citation, &clause("b").citation));
        assert_eq!(
            Some(&*clause("a").citation),
            rules.clause(cited, "facing-bet")
        );
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
