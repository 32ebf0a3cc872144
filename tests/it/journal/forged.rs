//! Forged lines: one table, each case named.

use super::faults::{folded_table, line_of, refused_at_start};
use super::*;

/// A journal changed at one line after it was written, and what `verify`
/// says of it.
struct Forgery {
    /// The case, as a failure names it.
    name: &'static str,
    /// Writes the journal; the head its screen showed last.
    journal: fn(&Path) -> String,
    /// The line changed (1-based), found in the journal written.
    line: fn(&Path) -> usize,
    /// What is done to the line.
    edit: Box<dyn Fn(&str) -> String>,
    /// Whether the chain after it is rewritten (a forger) or left (a slip).
    rechain: bool,
    /// How many lines after the changed one `verify` names.
    later: usize,
    /// The message: its end (`ends`) or words in it.
    says: String,
    /// Whether the message ends with `says` rather than holds it.
    ends: bool,
    /// Whether the head noted before the change is then refused.
    head: bool,
    /// Whether a start refuses the journal at the same line.
    at_start: bool,
}

impl Forgery {
    /// A case: `edit` at `line` of `journal`, the chain rewritten, named by
    /// `verify` at that line with `says` in its message.
    fn new(
        name: &'static str,
        journal: fn(&Path) -> String,
        line: fn(&Path) -> usize,
        edit: impl Fn(&str) -> String + 'static,
        says: impl Into<String>,
    ) -> Forgery {
        Forgery {
            name,
            journal,
            line,
            edit: Box::new(edit),
            rechain: true,
            later: 0,
            says: says.into(),
            ends: false,
            head: false,
            at_start: false,
        }
    }

    /// Writes, changes and verifies the journal at `path`.
    fn check(&self, path: &Path) {
        let noted = (self.journal)(path);
        let at = (self.line)(path);
        if self.rechain {
            forge(path, at, &*self.edit);
        } else {
            tamper(path, at, &*self.edit);
        }
        let (line, text) = bad_record(path);
        assert_eq!(line, at + self.later, "{text}");
        if self.ends {
            assert!(text.ends_with(&self.says), "{text}");
        } else {
            assert!(text.contains(&self.says), "{text}");
        }
        if self.head {
            assert!(matches!(
                verify_head(path, &noted),
                Err(VerifyError::Journal(_))
            ));
        }
        if self.at_start {
            assert_eq!(refused_at_start(path).0, line);
        }
    }
}

/// Three hands (`three_hands`); the head at the end.
fn three_hands_noted(path: &Path) -> String {
    let session = three_hands(path);
    session.journal().expect("journaled").head().short()
}

/// The first two lines of `LINES`; the head at the end.
fn one_hand_begun(path: &Path) -> String {
    let session = journaled(path, &LINES[..2]);
    session.journal().expect("journaled").head().short()
}

/// A hand folded round (`FOLDED`); the head at the end.
fn one_hand_folded(path: &Path) -> String {
    let session = journaled(path, FOLDED);
    session.journal().expect("journaled").head().short()
}

/// A table (kept by the app) whose hand 1 folded round, hand 2 dealt.
fn a_table_at_hand_2(path: &Path) -> String {
    let mut app = folded_table(path, Faults::default());
    press(&mut app, "n");
    String::new()
}

/// Line 10 of three hands: hand 2's raise to 600, a full raise.
fn the_raise(path: &Path) -> usize {
    assert!(lines_of(path)[9].contains("\"kind\":\"raise\",\"to\":600"));
    10
}

/// The line of hand 1's header.
fn the_header(path: &Path) -> usize {
    line_of(path, "hand", 1)
}

/// The line after hand 1's end: the table's record of it.
fn after_the_end(path: &Path) -> usize {
    lines_of(path)
        .iter()
        .position(|l| l.contains("hand-ended"))
        .expect("the hand's end")
        + 1
}

/// The journal's last line.
fn the_last(path: &Path) -> usize {
    lines_of(path).len()
}

/// The seat of a bound action made another.
fn other_seat(l: &str) -> String {
    let at = l.find("\"seat\":").expect("a seat") + "\"seat\":".len();
    let seat = &l[at..at + 1];
    let other = if seat == "1" { "2" } else { "1" };
    format!("{}{other}{}", &l[..at], &l[at + 1..])
}

/// Upper-cases the first hex letter of the line's own hash.
fn upper_case_a_hash_digit(l: &str) -> String {
    let at = l.rfind("\"hash\":\"").expect("a hash") + 8;
    let digit = l[at..at + 64]
        .find(|c: char| c.is_ascii_lowercase())
        .expect("a hex letter")
        + at;
    format!(
        "{}{}{}",
        &l[..digit],
        l[digit..=digit].to_ascii_uppercase(),
        &l[digit + 1..]
    )
}

/// Every forged line: the case, the journal, the line, the forgery and what
/// `verify` says.
fn forgeries() -> Vec<Forgery> {
    const NOT_THE_RULES: &str = "the events recorded are not what the house rules in force (tda) give. Event 1 is recorded as";
    let mut cases = vec![
        // Hand 2's raise made 700 in its line and its event, chain
        // rewritten: the fold that ends the hand gives back 500 uncalled,
        // not the 400 recorded; the head noted is refused too.
        Forgery {
            later: 2,
            ends: true,
            head: true,
            ..Forgery::new(
                "the raise and its line made 700",
                three_hands_noted,
                the_raise,
                |l| {
                    l.replace("\"to\":600", "\"to\":700")
                        .replace("raise 600", "raise 700")
                },
                "Event 2 is recorded as \"400 goes back to s2 (uncalled)\", and ruling the entry again gives \"500 goes back to s2 (uncalled)\".",
            )
        },
        // Chips from nowhere: a raise recorded as more than the line says.
        Forgery::new(
            "the raise's event made 700",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"to\":600", "\"to\":700"),
            "the events recorded are not what the house rules in force (tda) give",
        ),
        Forgery::new(
            "a seat the table does not have",
            three_hands_noted,
            |_| 11,
            |l| l.replace("\"seat\":", "\"seat\":7,\"was\":"),
            "Event 1 is recorded as",
        ),
        Forgery::new(
            "a seal with other stacks",
            three_hands_noted,
            |_| 7,
            |l| l.replace("[1,5300]", "[1,6300]"),
            "the seal of hand 1 gives the stacks as s1 6,300, s2 4,900, s3 4,800, but the hand's entries leave s1 5,300, s2 4,900, s3 4,800.",
        ),
        // Each member of a bound action changed.
        Forgery::new(
            "the raise's amount",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"to\":600", "\"to\":601"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise's kind",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"kind\":\"raise\"", "\"kind\":\"bet\""),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise all in",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"all_in\":false", "\"all_in\":true"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise not full",
            three_hands_noted,
            the_raise,
            |l| l.replace("\"full\":true", "\"full\":false"),
            NOT_THE_RULES,
        ),
        Forgery::new(
            "the raise's seat",
            three_hands_noted,
            the_raise,
            other_seat,
            NOT_THE_RULES,
        ),
        // A table of 2 seats that deals seat 3.
        Forgery::new(
            "a header of 2 seats dealing seat 3",
            one_hand_begun,
            the_header,
            |l| l.replace("\"seats\":9", "\"seats\":2"),
            "hand 1 deals seat 3, but its table has 2 seats.",
        ),
        Forgery {
            at_start: true,
            ..Forgery::new(
                "a table record with more chips than a table holds",
                a_table_at_hand_2,
                after_the_end,
                |l| l.replacen("[3,5100]", "[3,18446744073709551615]", 1),
                "a table record gives 18,446,744,073,709,551,615 chips, more than the most a table may have in play",
            )
        },
        Forgery {
            rechain: false,
            head: true,
            at_start: true,
            ..Forgery::new(
                "an upper-cased hex digit of a hash",
                one_hand_folded,
                the_last,
                upper_case_a_hash_digit,
                "upper-case hex digit",
            )
        },
    ];
    // Seats the table flags refuse.
    for (name, seats) in [
        ("a header of 0 seats", 0),
        ("a header of 1 seat", 1),
        ("a header of 11 seats", 11),
        ("a header of 255 seats", 255),
    ] {
        cases.push(Forgery {
            at_start: true,
            ..Forgery::new(
                name,
                one_hand_begun,
                the_header,
                move |l| l.replace("\"seats\":9", &format!("\"seats\":{seats}")),
                format!("hand 1 is at a table of {seats} seats: a table has 2 to 10 seats."),
            )
        });
    }
    cases
}

/// Every forged line is named by `verify` at its line, in its words; the
/// failures are told by case, all of them.
#[test]
fn every_forged_line_is_named_by_verify() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let failed: Vec<&str> = forgeries()
        .iter()
        .enumerate()
        .filter(|(k, case)| {
            let path = dir.path().join(format!("{k}.jsonl"));
            let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                case.check(&path);
            }));
            if let Err(why) = &checked {
                let why = why
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| why.downcast_ref::<&str>().copied())
                    .unwrap_or("a panic");
                eprintln!("FAILED {}: {why}", case.name);
            }
            checked.is_err()
        })
        .map(|(_, case)| case.name)
        .collect();
    assert!(
        failed.is_empty(),
        "forged lines not named as they should be: {failed:?}"
    );
}
