//! Why house rules could not be loaded, and where. Every problem the
//! loader finds in a file, from the TOML's syntax to a setting that breaks
//! a house rule, becomes a `RulesError` that names the file and, where the
//! problem has a place, its line and column (`line_column` of the byte
//! offset serde or the check points at). A file's problems come back
//! together, as one error in file order (`in_file_order`).

use thiserror::Error;

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
    /// Whether there was no file to check: none by that name, or one that
    /// cannot be read (a device, a folder, no permission). A user's
    /// mistake, not a file found wanting.
    pub fn is_unreadable(&self) -> bool {
        matches!(
            self,
            RulesError::Io { .. } | RulesError::NotFound(_) | RulesError::Empty
        )
    }

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

/// The problems as one error, in file order (those without a place last).
pub(super) fn in_file_order(mut errors: Vec<(Option<usize>, RulesError)>) -> RulesError {
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
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("", 0), (1, 1));
    }
}
