//! What the three kinds of scenario (one hand, a session, a floor) share
//! in their `[[expect]]` blocks: the keys more than one kind has, when an
//! expectation is due, and `Compare`, the one builder each kind's checker
//! fills with the failures it finds.
//!
//! A kind declares its expectation with `expectation!`: its own keys
//! written out, each shared key named by `shared KEY,` where the file
//! format lists it, so the key, its type and its meaning are written here
//! once. The macro writes a plain struct: serde's `deny_unknown_fields`
//! still points at an unknown key's line and column and lists every key
//! in the file format's order (a `#[serde(flatten)]`ed struct of the
//! shared keys would lose both). A checker compares each key given with
//! what it sees, in the order the keys are checked, through `Compare`:
//! the texts compared are the texts a failure shows.

use std::collections::BTreeMap;
use std::fmt::{self, Debug, Display};

use super::seat_named;

/// Declares a kind of scenario's expectation: a struct whose keys are its
/// own fields, written out, and the shared keys (`after`, `rejected`,
/// `hand_for_hand`), each named by `shared KEY,` where it is listed.
macro_rules! expectation {
    ($(#[$attr:meta])* pub struct $name:ident { $($body:tt)* }) => {
        expectation!(@keys [$(#[$attr])* pub struct $name] [] $($body)*);
    };
    (@keys $head:tt [$($keys:tt)*] shared after, $($rest:tt)*) => {
        expectation!(@keys $head [$($keys)*
            /// Checked after this many script lines (default: the whole script).
            pub after: Option<usize>,
        ] $($rest)*);
    };
    (@keys $head:tt [$($keys:tt)*] shared rejected, $($rest:tt)*) => {
        expectation!(@keys $head [$($keys)*
            /// Whether the last script line was refused.
            pub rejected: Option<bool>,
        ] $($rest)*);
    };
    (@keys $head:tt [$($keys:tt)*] shared hand_for_hand, $($rest:tt)*) => {
        expectation!(@keys $head [$($keys)*
            /// Extension (sessions, the floor): hand-for-hand play is on.
            pub hand_for_hand: Option<bool>,
        ] $($rest)*);
    };
    (@keys $head:tt [$($keys:tt)*] $(#[$doc:meta])* pub $key:ident: $type:ty, $($rest:tt)*) => {
        expectation!(@keys $head [$($keys)* $(#[$doc])* pub $key: $type,] $($rest)*);
    };
    (@keys [$($head:tt)*] [$($keys:tt)*]) => {
        $($head)* { $($keys)* }
    };
}
pub(super) use expectation;

/// One failed expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Which `[[expect]]` (1-based) and where it was checked.
    pub expectation: usize,
    /// After how many lines it was checked.
    pub after: usize,
    /// The key.
    pub key: &'static str,
    /// What was expected.
    pub expected: String,
    /// What the hand showed.
    pub got: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expect #{} (after {} lines): {}: expected {}, got {}",
            self.expectation, self.after, self.key, self.expected, self.got
        )
    }
}

/// Why an expectation cannot be checked: its `after` is past the script's
/// `lines`.
pub(super) fn after_problem(after: Option<usize>, lines: usize) -> Option<String> {
    after
        .filter(|after| *after > lines)
        .map(|after| format!("after = {after}, but the script has only {lines} lines"))
}

/// The expectations due after `k` of a script's `total` lines (one with
/// no `after` is due at the end), each with its number, from 1 in file
/// order. `after` reads an expectation's `after`.
pub(super) fn due<E>(
    expectations: &[E],
    after: impl Fn(&E) -> Option<usize>,
    k: usize,
    total: usize,
) -> impl Iterator<Item = (usize, &E)> {
    expectations
        .iter()
        .enumerate()
        .filter(move |(_, e)| after(e).unwrap_or(total) == k)
        .map(|(i, e)| (i + 1, e))
}

/// A map by seat as a file writes it (`{ 1 = ..., 3 = ... }`), keyed by
/// seat number, `value` applied to each; a key that is not a seat is left
/// out.
pub(super) fn by_seat<V, W>(map: &BTreeMap<String, V>, value: impl Fn(&V) -> W) -> BTreeMap<u8, W> {
    map.iter()
        .filter_map(|(k, v)| seat_named(k).ok().map(|s| (s.number(), value(v))))
        .collect()
}

/// One expectation being checked: each comparison of a key given with
/// what the scenario shows adds a failure when they differ. A key not
/// given is not checked (and what it would compare with is not worked
/// out).
pub(super) struct Compare<'a> {
    expectation: usize,
    after: usize,
    failures: &'a mut Vec<Failure>,
}

impl<'a> Compare<'a> {
    /// Checks expectation number `expectation` after `after` lines, its
    /// failures added to `failures`.
    pub(super) fn new(expectation: usize, after: usize, failures: &'a mut Vec<Failure>) -> Self {
        Compare {
            expectation,
            after,
            failures,
        }
    }

    /// A failure of `key` found by the checker itself.
    pub(super) fn fail(&mut self, key: &'static str, expected: String, got: String) {
        self.failures.push(Failure {
            expectation: self.expectation,
            after: self.after,
            key,
            expected,
            got,
        });
    }

    /// The text expected, if given, against the text `got` gives.
    pub(super) fn text(
        &mut self,
        key: &'static str,
        expected: Option<String>,
        got: impl FnOnce() -> String,
    ) {
        if let Some(expected) = expected {
            let got = got();
            if expected != got {
                self.fail(key, expected, got);
            }
        }
    }

    /// A number, word or flag, as each prints (`1400`, `flop`, `true`).
    pub(super) fn value<E: Display, G: Display>(
        &mut self,
        key: &'static str,
        expected: Option<E>,
        got: impl FnOnce() -> G,
    ) {
        self.text(key, expected.map(|e| e.to_string()), || got().to_string());
    }

    /// A list, pair or map, as `{:?}` writes each (`["s2 call 200"]`,
    /// `[100, 200]`, `{1: 5}`).
    pub(super) fn list<E: Debug, G: Debug>(
        &mut self,
        key: &'static str,
        expected: Option<E>,
        got: impl FnOnce() -> G,
    ) {
        self.text(key, expected.map(|e| format!("{e:?}")), || {
            format!("{:?}", got())
        });
    }

    /// Names that must each be among those `got` (not only those): when
    /// one is missing, both lists.
    pub(super) fn among(&mut self, key: &'static str, expected: Option<&[String]>, got: &[&str]) {
        if let Some(wanted) = expected
            && wanted.iter().any(|w| !got.contains(&w.as_str()))
        {
            self.fail(key, format!("{wanted:?}"), format!("{got:?}"));
        }
    }

    /// A map checked entry by entry (each table, each seat named): the
    /// entry `name` wanting `wanted` reads `{entry}{wanted:?}`, against
    /// `{entry}{got}`, where `entry(name)` introduces it (`T1 `, `seat 3 = `).
    pub(super) fn each<W: Debug, G: Display>(
        &mut self,
        key: &'static str,
        expected: Option<&BTreeMap<String, W>>,
        entry: impl Fn(&str) -> String,
        mut got: impl FnMut(&str, &W) -> G,
    ) {
        for (name, wanted) in expected.into_iter().flatten() {
            let entry = entry(name);
            self.text(key, Some(format!("{entry}{wanted:?}")), || {
                format!("{entry}{}", got(name, wanted))
            });
        }
    }

    /// The shared key `rejected`: whether the last script line was refused.
    pub(super) fn rejected(&mut self, expected: Option<bool>, refused: bool) {
        self.value("rejected", expected, || refused);
    }

    /// The shared key `hand_for_hand`: whether hand-for-hand play is on.
    pub(super) fn hand_for_hand(&mut self, expected: Option<bool>, on: bool) {
        self.value("hand_for_hand", expected, || on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(check: impl FnOnce(&mut Compare)) -> Vec<String> {
        let mut failures = Vec::new();
        check(&mut Compare::new(2, 5, &mut failures));
        failures.iter().map(Failure::to_string).collect()
    }

    #[test]
    fn a_key_not_given_is_not_checked_nor_its_value_worked_out() {
        let failures = checked(|c| {
            c.value("pot", None::<u64>, || -> u64 { panic!("worked out") });
            c.list("actions", None::<Vec<String>>, || -> Vec<String> {
                panic!("worked out")
            });
            c.each(
                "stacks",
                None::<&BTreeMap<String, u64>>,
                |seat| format!("seat {seat} = "),
                |_, _| -> u64 { panic!("worked out") },
            );
        });
        assert!(failures.is_empty(), "{failures:?}");
    }

    #[test]
    fn each_kind_of_comparison_says_both_sides_as_the_file_and_the_state_print() {
        let wanted = BTreeMap::from([("1".to_string(), 900u64), ("3".to_string(), 500)]);
        let failures = checked(|c| {
            c.value("pot", Some(1400u64), || 1400u64);
            c.value("street", Some("flop"), || "turn");
            c.list("blinds", Some([100, 200]), || [200, 400]);
            c.among(
                "rulings",
                Some(&["fifty-percent".to_string()]),
                &["min-raise"],
            );
            c.among("rulings", Some(&["min-raise".to_string()]), &["min-raise"]);
            c.each(
                "stacks",
                Some(&wanted),
                |s| format!("seat {s} = "),
                |s, _| {
                    if s == "1" { 900 } else { 700 }
                },
            );
            c.rejected(Some(false), true);
            c.hand_for_hand(Some(true), true);
        });
        assert_eq!(
            failures,
            [
                "expect #2 (after 5 lines): street: expected flop, got turn",
                "expect #2 (after 5 lines): blinds: expected [100, 200], got [200, 400]",
                "expect #2 (after 5 lines): rulings: expected [\"fifty-percent\"], got [\"min-raise\"]",
                "expect #2 (after 5 lines): stacks: expected seat 3 = 500, got seat 3 = 700",
                "expect #2 (after 5 lines): rejected: expected false, got true",
            ]
        );
    }

    #[test]
    fn an_expectation_is_due_after_its_lines_or_at_the_end() {
        let afters = [Some(0), None, Some(2), Some(3)];
        let at = |k| {
            due(&afters, |a| *a, k, 3)
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        };
        assert_eq!(at(0), [1]);
        assert_eq!(at(2), [3]);
        assert_eq!(at(3), [2, 4]);
        assert_eq!(
            after_problem(Some(4), 3).as_deref(),
            Some("after = 4, but the script has only 3 lines")
        );
        assert_eq!(after_problem(Some(3), 3), None);
    }
}
