//! House rules: every shipped profile loads, every citation is the
//! rulebook's own words, and `floorcall rules check` points at the line and
//! column of what is wrong in a broken file.

use std::path::PathBuf;

use floorcall::rules::{BUILT_IN, CLAUSES, HouseRules, RulingId};

use super::home::Home;

fn normalize(text: &str) -> String {
    text.replace(['*', '\\'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_citation_is_the_rulebooks_own_words() {
    let books = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/rulebooks");
    assert!(
        books.exists(),
        "../shared/rulebooks must be beside the repo (CI puts it there)"
    );
    let mut missing = Vec::new();
    let mut checked = 0;
    for (name, _) in BUILT_IN {
        let rules = HouseRules::load(name).expect("a built-in profile loads");
        let mut rows = rules.settings.rows();
        rows.extend(rules.tournament.rows());
        let clauses = RulingId::ALL.into_iter().flat_map(|id| {
            rules
                .clauses(id)
                .map(move |(key, c)| (format!("{id} clause {key}"), c))
        });
        let citations = rows
            .iter()
            .map(|r| (r.0.to_string(), r.2))
            .chain(
                rules
                    .ruling_citations()
                    .iter()
                    .map(|(id, c)| (id.to_string(), &**c)),
            )
            .chain(clauses);
        for (key, cite) in citations {
            if cite.rule == "silent" {
                continue;
            }
            let book = std::fs::read_to_string(books.join(&cite.rulebook))
                .unwrap_or_else(|e| panic!("{name} {key}: rulebook {}: {e}", cite.rulebook));
            checked += 1;
            if !normalize(&book).contains(&normalize(&cite.text)) {
                missing.push(format!(
                    "{name} {key}: \"{}\" is not in {}",
                    cite.text, cite.rulebook
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // 26 settings and citations a profile, and about 100 clauses in all.
    assert!(checked > 250, "only {checked} citations checked");
}

#[test]
fn every_clause_key_in_every_profile_is_a_case_the_engine_quotes() {
    let mut clauses = 0;
    for (name, text) in BUILT_IN {
        let rules = HouseRules::load(name).expect("a built-in profile loads");
        for id in RulingId::ALL {
            for (key, _) in rules.clauses(id) {
                clauses += 1;
                assert!(
                    CLAUSES.iter().any(|c| c.id == id && c.key == key),
                    "{name}: {id} clause {key} is not in rules::CLAUSES"
                );
            }
        }
        // And in the file as written, before `extends` is applied.
        let raw: toml::Table = toml::from_str(text).expect("the file is TOML");
        for (section, ruling) in [("settings", true), ("cite", false)] {
            let Some(entries) = raw.get(section).and_then(|t| t.as_table()) else {
                continue;
            };
            for (entry, table) in entries {
                let Some(keys) = table.get("clauses").and_then(|c| c.as_table()) else {
                    continue;
                };
                let id = if ruling {
                    floorcall::rules::ruling_for_setting(entry)
                } else {
                    RulingId::ALL.into_iter().find(|id| id.as_str() == entry)
                };
                let id = id.unwrap_or_else(|| panic!("{name}: {section}.{entry} has clauses"));
                for key in keys.keys() {
                    assert!(
                        CLAUSES.iter().any(|c| c.id == id && c.key == key),
                        "{name}: {section}.{entry}.clauses.{key} is not in rules::CLAUSES"
                    );
                }
            }
        }
    }
    assert!(
        clauses > 90,
        "only {clauses} clauses in the built-in profiles"
    );
}

#[test]
fn a_clause_quotes_its_case_and_its_own_book_in_each_house() {
    // The cases of the issue: 1,400 facing 1,000; a checked river; a verbal
    // call. Each house quotes its own book, or TDA where its book is silent.
    let cases: &[(&str, RulingId, &str, &str, &str, &str)] = &[
        (
            "tda",
            RulingId::FiftyPercent,
            "under-half",
            "tda.txt",
            "43-A",
            "If less than 50% it is a call",
        ),
        (
            "upt",
            RulingId::FiftyPercent,
            "under-half",
            "ultimate-poker-tour.txt",
            "No-limit 11",
            "unintentionally put too much in to call",
        ),
        (
            "nuts",
            RulingId::FiftyPercent,
            "under-half",
            "tda.txt",
            "43-A",
            "If less than 50% it is a call",
        ),
        (
            "tda",
            RulingId::ShowdownOrder,
            "no-river-bet",
            "tda.txt",
            "16-A",
            "If there was no bet on the final street",
        ),
        (
            "nuts",
            RulingId::ShowdownOrder,
            "no-river-bet",
            "nuts-poker-league.txt",
            "14",
            "If there was no bet, the player to the left of the button",
        ),
        (
            "ugly-tuna",
            RulingId::ShowdownOrder,
            "no-river-bet",
            "ugly-tuna.txt",
            "Showdown 6",
            "If everyone checks on the final betting round",
        ),
        (
            "upt",
            RulingId::ShowdownOrder,
            "no-river-bet",
            "ultimate-poker-tour.txt",
            "Showdown 8",
            "If everyone checks (or is all-in)",
        ),
        (
            "tda",
            RulingId::VerbalBinding,
            "call",
            "tda.txt",
            "39-A",
            "General verbal declarations in turn",
        ),
        (
            "redtooth",
            RulingId::VerbalBinding,
            "call",
            "redtooth.txt",
            "3",
            "A player who declares a call, raise, fold",
        ),
        (
            "ugly-tuna",
            RulingId::VerbalBinding,
            "call",
            "ugly-tuna.txt",
            "Betting 6",
            "you are forced to take that action",
        ),
        // No clause of its own for a call: the main citation, from its own book.
        (
            "nuts",
            RulingId::VerbalBinding,
            "call",
            "nuts-poker-league.txt",
            "42",
            "Verbal declarations in turn are binding.",
        ),
        (
            "upt",
            RulingId::VerbalBinding,
            "call",
            "ultimate-poker-tour.txt",
            "Betting 8",
            "A verbal statement in turn denotes your action",
        ),
    ];
    for (house, id, clause, rulebook, rule, words) in cases {
        let rules = HouseRules::load(house).expect("loads");
        let ruling = rules.ruling_clause(*id, clause, "r".into());
        let c = &ruling.citation;
        assert_eq!(
            (c.rulebook.as_str(), c.rule.as_str()),
            (*rulebook, *rule),
            "{house} {id} {clause}"
        );
        assert!(
            c.text.starts_with(words) || c.text.contains(words),
            "{house} {id} {clause}: {}",
            c.text
        );
    }
}

#[test]
fn each_profile_differs_from_tda_exactly_where_its_book_does() {
    let tda = HouseRules::load("tda").unwrap();
    let expected: [(&str, &[&str]); 4] = [
        (
            "upt",
            &[
                "min-raise",
                "verbal-vs-chips",
                "undercall",
                "out-of-turn",
                "misdeal-until",
                "clock",
                "colour-up",
                "new-player-waits",
                "late-entry",
                "balance-who",
                "balance-when",
                "redraw",
                "final-button",
                "deals",
                "no-show",
            ],
        ),
        (
            "nuts",
            &[
                "multiple-chips",
                "out-of-turn",
                "misdeal-until",
                "clock",
                "colour-up",
                "balance-who",
                "late-entry-stack",
                "no-show",
            ],
        ),
        (
            "redtooth",
            &[
                "show-order",
                "oversized-chip",
                "out-of-turn",
                "exposed-card",
                "clock",
                "colour-up",
                "break-top-up",
                "after-break",
                "balance-who",
                "hand-for-hand",
                "rebuys",
            ],
        ),
        (
            "ugly-tuna",
            &[
                "min-raise",
                "odd-chip",
                "undercall",
                "out-of-turn",
                "misdeal-until",
                "boxed-card",
                "clock",
                "max-ante",
                "colour-up",
                "balance-who",
                "balance-from",
                "halt-short-by",
                "final-table",
                "final-button",
                "deals",
            ],
        ),
    ];
    for (other, keys) in expected {
        let rules = HouseRules::load(other).unwrap();
        let diff: Vec<&str> = tda.diff(&rules).iter().map(|(a, _)| a.0).collect();
        assert_eq!(diff, keys, "tda vs {other}");
    }
}

fn check(text: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("floorcall-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // One file per call: the tests run at the same time.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let path = dir.join(format!("h{n}.toml"));
    std::fs::write(&path, text).unwrap();
    let out = Home::new().output(&["rules", "check", path.to_str().unwrap()]);
    let message =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    (
        out.status.code().unwrap_or(-1),
        message.replace(&format!("{}: ", path.display()), ""),
    )
}

#[test]
fn rules_check_points_at_what_is_wrong() {
    let cases: &[(&str, &str)] = &[
        (
            "name = \"x\"\nextends = \"tda\"\nmin-rasie = 3\n",
            "line 3, column 1: unknown field `min-rasie`",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[settings.min-raise]\nvalue = \"triple\"\nrule = \"1\"\ntext = \"t\"\n",
            "line 4, column 9: unknown variant `triple`, expected `previous-full-raise` or `double-the-bet` (key settings.min-raise.value)",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[settings.clock]\nvalue = { seconds = \"fifty\", countdown = 10 }\nrule = \"27\"\ntext = \"t\"\n",
            "line 4, column 21: invalid type: string \"fifty\", expected u32 (key settings.clock.value.seconds)",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[settings.odd-chip]\nvalue = \"smaller-stack\"\n",
            "line 3, column 1: missing field `rule`",
        ),
        (
            "name = \"x\"\nextends = \"tdb\"\n",
            "extends \"tdb\", which is not a built-in profile",
        ),
        (
            "name = \"x\"\n[settings.min-raise]\nvalue = \"double-the-bet\"\nrule = \"1\"\ntext = \"t\"\n",
            "the setting settings.odd-chip is missing",
        ),
        (
            "name = \"x\"\nextends = \"ugly-tuna\"\n[[levels]]\nsmall = 100\nbig = 200\n\n[[levels]]\nsmall = 200\nbig = 400\nante = 100\n",
            "line 7, column 1: levels[1]: the ante 100 is more than a quarter of the small blind 200",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\ntitle = \"a\" b\n",
            "line 3, column 13",
        ),
        // The blinds rule of the table setup, the same for a level.
        (
            "name = \"x\"\nextends = \"tda\"\n[[levels]]\nsmall = 100\nbig = 200\n\n[[levels]]\nsmall = 0\nbig = 0\n",
            "line 7, column 1: levels[1]: the big blind is 0, and it is the minimum bet: it must be at least 1 chip",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[[levels]]\nsmall = 400\nbig = 200\n",
            "line 3, column 1: levels[0]: the small blind (400) is more than the big blind (200)",
        ),
        // Four times this ante does not fit in a u64: refused, not wrapped.
        (
            "name = \"x\"\nextends = \"ugly-tuna\"\n[[levels]]\nsmall = 100\nbig = 200\nante = 9223372036854775807\n",
            "line 3, column 1: levels[0]: the ante (9,223,372,036,854,775,807) is more than the most chips a table may have in play, 1,000,000,000,000,000",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[cite.fifty-percent]\nrule = \"1\"\ntext = \"t\"\n[cite.fifty-percent.clauses.under-hlaf]\nrule = \"2\"\ntext = \"u\"\n",
            "line 6, column 1: cite.fifty-percent.clauses.under-hlaf: 'under-hlaf' is not a case the engine quotes: the cases of fifty-percent are at-least-half, under-half",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[settings.undercall.clauses.td-discretion]\nrule = \"2\"\ntxt = \"u\"\n",
            "line 5, column 1: unknown field `txt`",
        ),
    ];
    for (text, expected) in cases {
        let (code, message) = check(text);
        assert_eq!(code, 1, "{text}\n{message}");
        assert!(
            message.contains(expected),
            "expected «{expected}» in «{message}»"
        );
    }
    let (code, message) = check(
        "name = \"mine\"\nextends = \"tda\"\n[[levels]]\nsmall = 100\nbig = 200\nante = 25\n",
    );
    assert_eq!(code, 0, "{message}");
}

fn floorcall_rules(args: &[&str]) -> (i32, String) {
    let (code, out, _) = Home::new().run(&[&["rules"], args].concat());
    (code, out)
}

#[test]
fn rules_show_prints_each_clause_under_its_citation() {
    let (code, out) = floorcall_rules(&["show", "tda"]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let after = |first: &str, next: &str| {
        let i = lines
            .iter()
            .position(|l| l.starts_with(first))
            .unwrap_or_else(|| panic!("no line «{first}» in\n{out}"));
        assert!(
            lines[i + 1..].iter().take(3).any(|l| l.starts_with(next)),
            "«{next}» does not follow «{first}» in\n{out}"
        );
    };
    after(
        "fifty-percent: tda.txt 43-A:",
        "    clause under-half: tda.txt 43-A: \"If less than 50% it is a call",
    );
    after(
        "undercall = full-call-heads-up-or-opening-bet",
        "    clause td-discretion: tda.txt 39-B: \"In other situations, TD’s discretion applies.\"",
    );
    // A house quoting TDA where its book is silent says so clause by clause.
    let (_, nuts) = floorcall_rules(&["show", "nuts"]);
    assert!(
        nuts.contains("    clause under-half: tda.txt 43-A:"),
        "{nuts}"
    );
    // `rules diff` compares settings only: the table's (8 differ) and the
    // tournament's (7).
    let (code, diff) = floorcall_rules(&["diff", "tda", "upt"]);
    assert_eq!(code, 0, "{diff}");
    assert!(diff.ends_with("15 setting(s) differ.\n"), "{diff}");
}

#[test]
fn config_readme_lists_every_clause_the_engine_quotes() {
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config/README.md"))
            .expect("config/README.md");
    for c in CLAUSES {
        let under = match floorcall::rules::setting_for(c.id) {
            Some(setting) => format!("settings.{setting}"),
            None => format!("cite.{}", c.id),
        };
        let row = format!("| `{}` | `{under}.clauses.{}` |", c.id, c.key);
        assert!(readme.contains(&row), "config/README.md has no row {row}");
    }
}

#[test]
fn an_unknown_extends_points_at_its_line_and_column() {
    let (code, message) = check("name = \"x\"\ntitle = \"mine\"\nextends = \"tdb\"\n");
    assert_eq!(code, 1, "{message}");
    assert_eq!(
        message.trim_end(),
        "line 3, column 11: extends \"tdb\", which is not a built-in profile (tda, ugly-tuna, upt, nuts, redtooth)"
    );
}

#[test]
fn no_message_shows_serde_internals() {
    // A level's key path used to read levels[0].$__serde_spanned_private_value.small.
    let cases: &[(&str, &str)] = &[
        (
            "name = \"x\"\nextends = \"tda\"\n[[levels]]\nsmall = \"a\"\nbig = 2\n",
            "line 4, column 9: invalid type: string \"a\", expected u64 (key levels[0].small)",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\nlevels = [3]\n",
            "line 3, column 11: invalid type: integer `3`, expected a table (key levels[0])",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[[levels]]\nsmall = 1\nbig = 2\nante = -4\n",
            "line 6, column 8: invalid value: integer `-4`, expected u64 (key levels[0].ante)",
        ),
        (
            "name = \"x\"\nextends = \"tda\"\n[[levels]]\nsmall = 1\n",
            "line 3, column 1: missing field `big` (key levels[0])",
        ),
        (
            "name = \"x\"\nextends = 3\n",
            "line 2, column 11: invalid type: integer `3`, expected a string (key extends)",
        ),
    ];
    for (text, expected) in cases {
        let (code, message) = check(text);
        assert_eq!(code, 1, "{text}\n{message}");
        assert!(!message.contains("$__"), "{message}");
        assert!(!message.contains("struct"), "{message}");
        assert_eq!(message.trim_end(), *expected, "{text}");
    }
}

#[test]
fn rules_check_reports_every_error_in_the_file() {
    let text = "\
name = \"x\"
extends = \"tda\"
colour = \"red\"
[settings.min-raise]
value = \"triple\"
rule = \"1\"
text = \"t\"
[settings.clock]
value = { seconds = \"fifty\", countdown = 10 }
rule = \"27\"
text = \"t\"
[settings.odd-chip]
value = \"smaller-stack\"
[settings.min-rasie]
value = 3
[cite.misdeal]
rule = \"35\"
[[levels]]
small = 100
big = 200
[[levels]]
small = \"a\"
big = 400
[[levels]]
small = 400
big = 200
";
    let (code, message) = check(text);
    assert_eq!(code, 1, "{message}");
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(
        lines,
        [
            "line 3, column 1: unknown field `colour`, expected one of `name`, `title`, `rulebook`, `extends`, `settings`, `tournament`, `cite`, `levels`, `chips` (key colour)",
            "line 5, column 9: unknown variant `triple`, expected `previous-full-raise` or `double-the-bet` (key settings.min-raise.value)",
            "line 9, column 21: invalid type: string \"fifty\", expected u32 (key settings.clock.value.seconds)",
            "line 12, column 1: missing field `rule` (key settings.odd-chip)",
            "line 14, column 11: unknown field `min-rasie`, expected one of `min-raise`, `odd-chip`, `show-order`, `verbal-vs-chips`, `oversized-chip`, `multiple-chips`, `undercall`, `out-of-turn`, `misdeal-until`, `exposed-card`, `boxed-card`, `clock`, `max-ante`, `colour-up`, `break-top-up`, `new-player-waits`, `after-break` (key settings.min-rasie)",
            "line 16, column 1: missing field `text` (key cite.misdeal)",
            "line 22, column 9: invalid type: string \"a\", expected u64 (key levels[1].small)",
            // The third level keeps its number though the second did not read.
            "line 24, column 1: levels[2]: the small blind (400) is more than the big blind (200)",
            "8 problems.",
        ],
        "{message}"
    );
    // Without a profile to extend, a setting of the first release that is
    // not there is missing, and one that did not read is reported once,
    // as it is.
    let (code, message) = check(
        "name = \"x\"\n[settings.min-raise]\nvalue = \"triple\"\nrule = \"1\"\ntext = \"t\"\n",
    );
    assert_eq!(code, 1, "{message}");
    assert!(
        message.contains("(key settings.min-raise.value)"),
        "{message}"
    );
    assert!(
        !message.contains("settings.min-raise is missing"),
        "{message}"
    );
    assert!(
        message.contains("the setting settings.odd-chip is missing"),
        "{message}"
    );
    // The settings of the first release are missing; each added since
    // takes the value that reproduces what floorcall did before it.
    assert!(message.contains("13 problems."), "{message}");
    assert!(
        !message.contains("new-player-waits is missing"),
        "{message}"
    );
}

/// Where `text` stands in the TDA book: the rule's number and the last
/// lettered part before it (`B: ...` or `A) ...`), if any.
fn tda_place(book: &str, text: &str) -> Option<(String, Option<char>)> {
    let book = normalize(book);
    let at = book.find(normalize(text).trim_end_matches('.'))?;
    let before = &book[..at];
    // The last heading `## 40: Action Out of Turn (OOT)` before the text.
    let heading = before.match_indices("# ").filter_map(|(i, _)| {
        let rest = &before[i + 2..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        (!digits.is_empty() && rest[digits.len()..].starts_with(": ")).then_some((i, digits))
    });
    let (start, number) = heading.last()?;
    let part = &before[start..];
    let chars: Vec<char> = part.chars().collect();
    let letter = (1..chars.len().saturating_sub(2))
        .rev()
        .find(|&i| {
            chars[i].is_ascii_uppercase()
                && chars[i - 1] == ' '
                && matches!(chars[i + 1], ':' | ')')
                && chars[i + 2] == ' '
        })
        .map(|i| chars[i]);
    Some((number, letter))
}

/// Issue 17 item 17: substantial action out of turn was cited as TDA 40-A
/// (it is 40-B), the exact-replay misdeal as 34-D (the sentence is 34-C).
/// Every quote from the TDA book, in every house, sits under the rule (and
/// the lettered part) it names.
#[test]
fn every_tda_quote_sits_under_the_rule_it_names() {
    let book = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/rulebooks/tda.txt"),
    )
    .expect("the TDA book");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (name, _) in BUILT_IN {
        let rules = HouseRules::load(name).expect("loads");
        let mut cites: Vec<(String, floorcall::rules::Citation)> = RulingId::ALL
            .into_iter()
            .flat_map(|id| {
                let main = (id.to_string(), rules.citation(id));
                let clauses: Vec<_> = rules
                    .clauses(id)
                    .map(|(k, c)| (format!("{id} clause {k}"), c.clone()))
                    .collect();
                std::iter::once(main).chain(clauses)
            })
            .collect();
        cites.extend(
            rules
                .settings
                .rows()
                .into_iter()
                .map(|r| (r.0.to_string(), r.2.clone())),
        );
        for (key, c) in cites {
            if c.rulebook != "tda.txt" {
                continue;
            }
            let (number, letter) = match c.rule.split_once('-') {
                Some((n, l)) => (n.to_string(), l.chars().next()),
                None => (c.rule.clone(), None),
            };
            if !number.chars().all(|ch| ch.is_ascii_digit()) {
                continue;
            }
            checked += 1;
            match tda_place(&book, &c.text) {
                Some((n, l)) if n == number && (letter.is_none() || l == letter) => {}
                found => wrong.push(format!(
                    "{name} {key}: cited as {} but the words stand at {found:?}: \"{}\"",
                    c.rule, c.text
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked > 150, "only {checked} TDA quotes checked");
}

fn tda_rules(name: &str) -> HouseRules {
    HouseRules::load(name).expect("a built-in house")
}

/// The rulings of `lines` at `setup` under `house`, in order.
fn rulings_of(
    house: &str,
    setup: floorcall::table::event::TableSetup,
    lines: &[&str],
) -> Vec<floorcall::rules::Ruling> {
    let hand = crate::support::given(house, setup, lines);
    hand.state().rulings.to_vec()
}

/// Issue 17 item 17: each ruling quotes the sentence that decides it, for
/// every ruling id the engine suggested in the shipped scenarios and every
/// house: the quote is the house's own for that ruling (its main citation
/// or one of its clauses), and the named moments quote their deciding
/// sentence: a declared misdeal the re-deal, the TD's forfeit his
/// discretion, substantial action out of turn the skipped player's rule.
#[test]
fn each_ruling_quotes_the_sentence_that_decides_it() {
    use floorcall::table::{Command, Hand};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let files = floorcall::scenario::collect(&[dir]).expect("the shipped scenarios");
    let mut seen = std::collections::BTreeSet::new();
    for (name, _) in BUILT_IN {
        let rules = tda_rules(name);
        for file in &files {
            let scenario = floorcall::scenario::load(file).expect("a shipped scenario");
            let Ok(mut hand) = Hand::start(scenario.setup.clone(), rules.clone()) else {
                continue;
            };
            for (_, text, command) in &scenario.lines {
                let _ = hand.execute(command, Some(text.clone()));
            }
            let _ = hand.execute(&Command::Resolve, None);
            for r in &hand.state().rulings {
                seen.insert(r.id);
                let own = std::iter::once(rules.citation(r.id))
                    .chain(rules.clauses(r.id).map(|(_, c)| c.clone()))
                    .any(|c| c == *r.citation);
                assert!(
                    own,
                    "{name} {}: {} quotes {:?}, not one of the house's own for {}",
                    file.display(),
                    r.id,
                    r.citation,
                    r.id
                );
                let quote = r.citation.text.to_lowercase();
                if r.text.contains("re-dealt as an exact replay") {
                    assert!(
                        quote.contains("re-deal"),
                        "{name} {}: the misdeal quotes {:?}",
                        file.display(),
                        r.citation
                    );
                }
                if r.text
                    .starts_with("Substantial action has occurred out of turn")
                {
                    assert!(
                        quote.contains("skipped") || quote.contains("protect"),
                        "{name} {}: substantial action quotes {:?}",
                        file.display(),
                        r.citation
                    );
                }
            }
        }
    }
    assert!(
        seen.len() > 20,
        "only {} ruling ids seen: {seen:?}",
        seen.len()
    );

    // The three moments of the issue, named.
    let four = crate::support::table(&[10_000; 4], 1, (100, 200));
    let misdeal = rulings_of("tda", four.clone(), &["floor misdeal"]);
    let r = misdeal
        .iter()
        .find(|r| r.id == RulingId::Misdeal)
        .expect("a misdeal");
    assert_eq!(r.citation.rule, "34-C", "{r:?}");
    let skip = rulings_of(
        "tda",
        crate::support::flop_table(&[10_000; 4], 1, (100, 200), 800),
        &["s3 check", "s4 bet 400", "s1 fold"],
    );
    let r = skip
        .iter()
        .find(|r| r.id == RulingId::SubstantialAction)
        .expect("substantial action");
    assert_eq!(r.citation.rule, "40-B", "{r:?}");
    for name in ["tda", "ugly-tuna", "upt", "nuts", "redtooth"] {
        let forfeit = rulings_of(
            name,
            crate::support::flop_table(&[10_000; 4], 1, (100, 200), 800),
            &["s2 bet 400", "s3 raise 1200", "floor forfeit s4 300"],
        );
        let undercall = forfeit
            .iter()
            .rfind(|r| r.id == RulingId::Undercall)
            .expect("the forfeit's ruling");
        if tda_rules(name).settings.undercall.value
            == floorcall::rules::Undercall::FullCallHeadsUpOrOpeningBet
        {
            assert!(
                undercall.citation.text.contains("discretion"),
                "{name}: the forfeit quotes {:?}",
                undercall.citation
            );
        } else {
            // A house whose undercall is always a full call: the floor sets
            // its rule aside, and says so.
            assert!(
                forfeit.iter().any(|r| r.id == RulingId::FloorDecision),
                "{name}: {forfeit:?}"
            );
        }
    }
    // Heads-up the TDA's full call is mandatory: a forfeit is the floor
    // setting the rule aside, not its discretion.
    let heads_up = rulings_of(
        "tda",
        crate::support::flop_table(&[10_000, 10_000], 1, (100, 200), 400),
        &["s2 bet 400", "floor forfeit s1 300"],
    );
    assert!(
        heads_up.iter().any(|r| r.id == RulingId::FloorDecision),
        "{heads_up:?}"
    );
}

/// Issue 17 item 17: a practice question quotes the ruling of its topic
/// (a substantial-action case quoted the out-of-turn ruling before it).
#[test]
fn a_practice_case_quotes_the_ruling_it_asks_about() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let questions = floorcall::practice::cases::from_paths(&[dir], None, 7).expect("cases");
    let mut checked = 0;
    for q in &questions {
        let Some(id) = RulingId::ALL.into_iter().find(|id| id.as_str() == q.topic) else {
            continue;
        };
        let rules = tda_rules(&q.house);
        let cited = q.citation.clone().expect("a case quotes a rule");
        let own = std::iter::once(rules.citation(id))
            .chain(rules.clauses(id).map(|(_, c)| c.clone()))
            .any(|c| c == cited);
        assert!(own, "{}: {} question quotes {cited:?}", q.id, q.topic);
        checked += 1;
    }
    assert!(checked > 80, "only {checked} cases checked");
}

/// Issue 32 item 8: the warning that substantial action was just taken
/// out of turn (the skipped seat may still speak up) cited the house's
/// out-of-turn rule (TDA 40-A) and quoted its first sentence. It is the
/// skipped player's rule that governs the moment (TDA 40-B: "A player
/// skipped by OOT action must defend his right to act"; Nuts 37): in
/// every house that warns, it quotes that house's own words for it.
#[test]
fn the_substantial_action_warning_cites_the_skipped_players_rule() {
    use floorcall::table::Hand;
    let mut warned = Vec::new();
    for (name, _) in BUILT_IN {
        let rules = tda_rules(name);
        let skipped = rules
            .clauses(RulingId::SubstantialAction)
            .find(|(k, _)| *k == "skipped-player")
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| rules.citation(RulingId::SubstantialAction));
        let setup = crate::support::flop_table(&[10_000; 4], 1, (100, 200), 800);
        let mut hand = Hand::start(setup, rules.clone()).expect("starts");
        // s2 is to act: s3 bets and s4 calls over it.
        for text in ["s3 bet 400", "s4 call"] {
            let command = floorcall::notation::parse_line(text)
                .expect("valid")
                .expect("a command");
            let _ = hand.execute(&command, Some(text.to_string()));
        }
        let last = hand.entries().last().expect("entries");
        for r in last.rulings() {
            if r.text.starts_with("Substantial action has now been taken") {
                warned.push(name.to_string());
                assert_eq!(r.id, RulingId::SubstantialAction, "{name}: {r:?}");
                assert_eq!(*r.citation, skipped, "{name}: {r:?}");
            }
        }
    }
    assert!(
        warned.iter().any(|n| n == "tda") && warned.iter().any(|n| n == "nuts"),
        "warned under {warned:?}"
    );
}
