//! Reading a house-rules file part by part, so that `rules check` reports
//! every part that is wrong instead of stopping at the first.
//!
//! The TOML is parsed once (a syntax error ends the reading there: nothing
//! after it can be trusted). The whole document is then read into the raw
//! type; when that fails, each part is read on its own, in a document that
//! holds only that part (and a stand-in `name`, which every file must
//! have): each top-level key, each `settings.KEY`, each `cite.ID` and each
//! `[[levels]]` entry. Every part that does not read gives one problem with
//! its line, column and key path; the document without those parts is read
//! again, so the checks across settings still run on what is left.

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

/// One part that does not read: where (a byte offset) and what, as a
/// sentence with its key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Problem {
    /// The byte offset the problem points at, if it points anywhere.
    pub offset: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// What reading found.
#[derive(Debug)]
pub(super) struct Read<T> {
    /// The rules read from the parts that read, if enough of the file did.
    pub raw: Option<T>,
    /// Every part that did not read, in file order.
    pub problems: Vec<Problem>,
    /// The indexes of the `[[levels]]` entries left out of `raw`.
    pub dropped_levels: Vec<usize>,
}

/// Top-level keys whose value is a table of parts read one by one.
const TABLES_OF_PARTS: [&str; 3] = ["settings", "tournament", "cite"];
/// Top-level keys whose value is an array of parts read one by one.
const ARRAY_OF_PARTS: &str = "levels";
/// The key every file must have, given a stand-in in each part's document.
const REQUIRED: &str = "name";

/// Reads `text` into `T`, part by part if it does not read whole.
pub(super) fn read<T: DeserializeOwned>(text: &str) -> Read<T> {
    let parsed = || {
        DeTable::parse(text).map_err(|e| Read {
            raw: None,
            problems: vec![problem(&e, None)],
            dropped_levels: Vec::new(),
        })
    };
    // Read whole, its key paths tracked: one reading of every type for the
    // whole file and for its parts (a second, untracked reading for the
    // files that read would double the generic code the build compiles,
    // for a few microseconds a file).
    let whole = match parsed().map(deserialize::<T>) {
        Err(syntax) => return syntax,
        Ok(Ok(raw)) => {
            return Read {
                raw: Some(raw),
                problems: Vec::new(),
                dropped_levels: Vec::new(),
            };
        }
        Ok(Err(problem)) => problem,
    };
    // It does not: parsed again (the reading took the document) and read
    // part by part.
    let doc = match parsed() {
        Ok(doc) => doc,
        Err(syntax) => return syntax,
    };
    let span = doc.span();
    let root = doc.into_inner();
    let mut problems = Vec::new();
    let mut kept = DeTable::new();
    let mut dropped_levels = Vec::new();
    for (key, value) in root.iter() {
        let name: &str = key.get_ref();
        let parts = match (name, value.get_ref()) {
            (n, DeValue::Table(table)) if TABLES_OF_PARTS.contains(&n) => {
                let mut good = DeTable::new();
                for (k, v) in table.iter() {
                    let part = single(key, DeValue::Table(one(k, v)), value.span());
                    match deserialize::<T>(part) {
                        Ok(_) => {
                            good.insert(k.clone(), v.clone());
                        }
                        Err(mut p) => {
                            // A key that is not a string to serde (a
                            // ruling id) shows as `?` in the path.
                            p.message = p.message.replacen(
                                &format!("(key {n}.?"),
                                &format!("(key {n}.{}", k.get_ref()),
                                1,
                            );
                            problems.push(p);
                        }
                    }
                }
                Some(DeValue::Table(good))
            }
            (ARRAY_OF_PARTS, DeValue::Array(array)) => {
                let mut good = DeArray::new();
                for (i, item) in array.iter().enumerate() {
                    let mut alone = DeArray::new();
                    alone.push(item.clone());
                    let part = single(key, DeValue::Array(alone), value.span());
                    match deserialize::<T>(part) {
                        Ok(_) => good.push(item.clone()),
                        Err(mut p) => {
                            p.message = p.message.replacen(
                                &format!("{ARRAY_OF_PARTS}[0]"),
                                &format!("{ARRAY_OF_PARTS}[{i}]"),
                                1,
                            );
                            problems.push(p);
                            dropped_levels.push(i);
                        }
                    }
                }
                Some(DeValue::Array(good))
            }
            _ => match deserialize::<T>(single(key, value.get_ref().clone(), value.span())) {
                Ok(_) => Some(value.get_ref().clone()),
                Err(p) => {
                    problems.push(p);
                    None
                }
            },
        };
        if let Some(parts) = parts {
            kept.insert(key.clone(), Spanned::new(value.span(), parts));
        }
    }
    let raw = deserialize::<T>(Spanned::new(span, kept));
    if problems.is_empty() {
        // Every part reads alone but not together (a key every file must
        // have is missing): the whole document's own problem.
        problems.push(whole);
    } else if let Err(p) = &raw
        && !p.message.contains(&format!("`{REQUIRED}`"))
    {
        problems.push(p.clone());
    }
    problems.sort_by_key(|p| p.offset.unwrap_or(usize::MAX));
    problems.dedup();
    Read {
        raw: raw.ok(),
        problems,
        dropped_levels,
    }
}

/// A table of one entry.
fn one<'i>(key: &Spanned<std::borrow::Cow<'i, str>>, value: &Spanned<DeValue<'i>>) -> DeTable<'i> {
    let mut table = DeTable::new();
    table.insert(key.clone(), value.clone());
    table
}

/// A document of one part under `key`, with a stand-in for the key every
/// file must have unless the part is that key.
fn single<'i>(
    key: &Spanned<std::borrow::Cow<'i, str>>,
    value: DeValue<'i>,
    span: std::ops::Range<usize>,
) -> Spanned<DeTable<'i>> {
    let mut doc = DeTable::new();
    if &**key.get_ref() != REQUIRED {
        doc.insert(
            Spanned::new(0..0, REQUIRED.into()),
            Spanned::new(0..0, DeValue::String("stand-in".into())),
        );
    }
    doc.insert(key.clone(), Spanned::new(span.clone(), value));
    Spanned::new(span, doc)
}

fn deserialize<T: DeserializeOwned>(doc: Spanned<DeTable<'_>>) -> Result<T, Problem> {
    let deserializer = toml::de::Deserializer::from(doc);
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let path = plain_path(&e.path().to_string());
        problem(e.inner(), Some(path))
    })
}

fn problem(error: &toml::de::Error, path: Option<String>) -> Problem {
    let message = plain_words(error.message().trim_end());
    let message = match path {
        Some(path) if !path.is_empty() && path != "." => format!("{message} (key {path})"),
        _ => message,
    };
    Problem {
        offset: error.span().map(|s| s.start),
        message,
    }
}

/// The name serde_spanned gives its private field, which a key path or a
/// message would otherwise show.
const SPANNED_PRIVATE: &str = "$__serde_spanned_private_";

/// A key path without serde_spanned's private steps
/// (`levels[0].$__serde_spanned_private_value.small` is `levels[0].small`).
pub(super) fn plain_path(path: &str) -> String {
    path.split('.')
        .filter(|step| !step.starts_with(SPANNED_PRIVATE))
        .collect::<Vec<_>>()
        .join(".")
}

/// A deserializer's message in the file's words: without serde_spanned's
/// private names, a Rust struct's name (`expected struct RawTable`) as the
/// TOML table it is, and a sequence as the TOML array it is.
pub(crate) fn plain_words(message: &str) -> String {
    message
        .split(' ')
        .scan(false, |after_struct, word| {
            let shown = if *after_struct {
                // The struct's name: "struct RawTable," keeps its comma.
                let rest = word.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
                Some(format!("table{rest}"))
            } else if word == "struct" {
                Some("a".to_string())
            } else if word.contains(SPANNED_PRIVATE) {
                Some("a value".to_string())
            } else {
                Some(word.to_string())
            };
            *after_struct = word == "struct";
            shown
        })
        .collect::<Vec<_>>()
        .join(" ")
        .replace("a sequence", "an array")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_loses_serde_spanneds_private_steps() {
        assert_eq!(
            plain_path("levels[0].$__serde_spanned_private_value.small"),
            "levels[0].small"
        );
        assert_eq!(plain_path("settings.clock.value"), "settings.clock.value");
    }

    #[test]
    fn a_message_names_tables_and_arrays_not_rust_types() {
        assert_eq!(
            plain_words("invalid type: integer `3`, expected struct RawTable"),
            "invalid type: integer `3`, expected a table"
        );
        assert_eq!(
            plain_words("invalid type: integer `3`, expected a sequence"),
            "invalid type: integer `3`, expected an array"
        );
        assert_eq!(
            plain_words("unknown field `x`, expected `a`"),
            "unknown field `x`, expected `a`"
        );
    }
}
