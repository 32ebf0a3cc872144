//! Every scenario in `assets/scenarios/` (and the contract's examples, when
//! `../shared` is beside the repo) runs and passes.

use std::path::{Path, PathBuf};

use floorcall::scenario;

fn run_all(dir: &Path) -> usize {
    let files = scenario::collect(&[dir.to_path_buf()]).expect("the folder is readable");
    let mut failures = Vec::new();
    for file in &files {
        match scenario::load(file) {
            Err(e) => failures.push(format!("{e}")),
            Ok(s) => {
                let report = scenario::run(&s);
                failures.extend(
                    report
                        .failures
                        .iter()
                        .map(|f| format!("{}: {f}", file.display())),
                );
                if let Some(hand) = &report.hand
                    && let Err(broken) = floorcall::table::invariants::check(hand)
                {
                    failures.push(format!("{}: invariant broken: {broken}", file.display()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    files.len()
}

#[test]
fn every_shipped_scenario_passes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let count = run_all(&dir);
    assert!(count >= 40, "only {count} scenarios shipped");
}

#[test]
fn the_contract_examples_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/scenario-examples");
    assert!(
        dir.exists(),
        "../shared/scenario-examples must be beside the repo (CI puts it there)"
    );
    assert_eq!(run_all(&dir), 3);
}

#[test]
fn a_bad_script_line_points_at_its_file_line_and_column() {
    let text = "title = \"t\"\nhouse = \"tda\"\nscript = \"\"\"\ns1 call\ns2 rase 400\n\"\"\"\n[table]\nbutton = 1\nblinds = [100, 200]\nstacks = [1000, 1000, 1000]\n";
    let err = scenario::parse("bad.toml", text, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("bad.toml:5:4: 'rase' is not an action"),
        "{err}"
    );
}

#[test]
fn a_toml_error_points_at_its_line_and_column() {
    let text = "title = \"t\"\nscript = \"s1 call\"\n[table]\nbutton = 1\nblinds = [100 200]\nstacks = [1000, 1000]\n";
    let err = scenario::parse("bad.toml", text, None)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("bad.toml:5:"), "{err}");
}

#[test]
fn unknown_expectation_keys_and_ruling_ids_are_refused() {
    let base = "title = \"t\"\nscript = \"s1 call\"\n[table]\nbutton = 1\nblinds = [100, 200]\nstacks = [1000, 1000]\n";
    let typo = format!("{base}[[expect]]\nto_akt = 2\n");
    assert!(
        scenario::parse("t.toml", &typo, None)
            .unwrap_err()
            .to_string()
            .contains("to_akt")
    );
    let bad_id = format!("{base}[[expect]]\nrulings = [\"fifty\"]\n");
    assert!(
        scenario::parse("t.toml", &bad_id, None)
            .unwrap_err()
            .to_string()
            .contains("'fifty' is not a ruling id")
    );
}

#[test]
fn quotes_must_be_in_a_suggested_rulings_citation() {
    let text = |quote: &str| {
        format!(
            "title = \"t\"\nscript = \"\"\"\ns2 bet 1000\ns3 push 1400\n\"\"\"\n[table]\nbutton = 1\nblinds = [100, 200]\nstacks = [10000, 10000, 10000, 10000]\nstreet = \"flop\"\n[[expect]]\nquotes = [\"{quote}\"]\n"
        )
    };
    let run = |quote: &str| {
        let s = scenario::parse("q.toml", &text(quote), None).expect("parses");
        scenario::run(&s).failures
    };
    assert!(run("If less than 50% it is a call").is_empty());
    let failures = run("If a player raises 50% or more");
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].key, "quotes");
    assert!(
        failures[0].got.contains("fifty-percent tda.txt 43-A"),
        "{}",
        failures[0].got
    );
}

#[test]
fn every_ruling_id_is_produced_by_some_scenario() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let mut produced = std::collections::BTreeSet::new();
    for file in scenario::collect(&[dir]).expect("readable") {
        let s = scenario::load(&file).expect("loads");
        if let Some(hand) = scenario::run(&s).hand {
            // Rulings of retracted entries count too: they were suggested.
            for entry in hand.entries() {
                for event in &entry.events {
                    if let floorcall::table::Event::RulingSuggested { ruling } = event {
                        produced.insert(ruling.id);
                    }
                }
            }
        }
    }
    let missing: Vec<&str> = floorcall::rules::RulingId::ALL
        .iter()
        .filter(|id| !produced.contains(id))
        .map(|id| id.as_str())
        .collect();
    assert!(missing.is_empty(), "no scenario produces: {missing:?}");
}

#[test]
fn a_table_that_cannot_start_is_a_file_error_not_a_failed_expectation() {
    let file = |house: &str, table: &str| {
        format!("title = \"t\"\nhouse = \"{house}\"\nscript = \"s1 call\"\n[table]\n{table}")
    };
    // Stacks that do not even fit in chips together are named in full.
    let huge = file(
        "tda",
        "button = 1\nblinds = [100, 200]\nstacks = [9223372036854775807, 9223372036854775807]\n",
    );
    let err = scenario::parse("huge.toml", &huge, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("huge.toml:4:1: The table cannot start: the stacks come to 18,446,744,073,709,551,614 chips in play, more than the most a table may have, 1,000,000,000,000,000."),
        "{err}"
    );
    // The house's own rule for the table: Ugly Tuna's ante is at most a
    // quarter of the small blind.
    let ante = file(
        "ugly-tuna",
        "button = 1\nblinds = [100, 200]\nante = 50\nstacks = [1000, 1000]\n",
    );
    let err = scenario::parse("ante.toml", &ante, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("ante.toml:4:1: The table cannot start: the ante 50 is more than a quarter of the small blind 100"),
        "{err}"
    );
}

/// Which (house, ruling, clause) the shipped scenarios quote: a ruling
/// quotes a clause when its citation is that clause of its house.
fn quoted_clauses() -> std::collections::BTreeSet<(String, String, &'static str)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let mut quoted = std::collections::BTreeSet::new();
    for file in scenario::collect(&[dir]).expect("readable") {
        let s = scenario::load(&file).expect("loads");
        let Some(hand) = scenario::run(&s).hand else {
            continue;
        };
        for entry in hand.entries() {
            for event in &entry.events {
                let floorcall::table::Event::RulingSuggested { ruling } = event else {
                    continue;
                };
                for c in floorcall::rules::CLAUSES
                    .iter()
                    .filter(|c| c.id == ruling.id)
                {
                    if s.rules.clause(c.id, c.key) == Some(&*ruling.citation) {
                        quoted.insert((s.rules.name.clone(), c.id.to_string(), c.key));
                    }
                }
            }
        }
    }
    quoted
}

/// Every clause a built-in profile quotes from its own book is quoted by a
/// shipped scenario under that profile (a clause of TDA's that another
/// profile quotes where its book is silent is TDA's scenarios' to show), and
/// every case the engine names that some profile gives is quoted somewhere.
#[test]
fn every_clause_is_quoted_by_some_scenario() {
    let quoted = quoted_clauses();
    let mut missing = Vec::new();
    let mut given = 0;
    for (name, _) in floorcall::rules::BUILT_IN {
        let rules = floorcall::rules::HouseRules::load(name).expect("loads");
        for c in floorcall::rules::CLAUSES {
            let Some(clause) = rules.clause(c.id, c.key) else {
                continue;
            };
            let own = name == "tda" || clause.rulebook != "tda.txt";
            let inherited = name != "tda"
                && floorcall::rules::HouseRules::tda().clause(c.id, c.key) == Some(clause);
            if !own || inherited {
                continue;
            }
            given += 1;
            if !quoted.contains(&(name.to_string(), c.id.to_string(), c.key)) {
                missing.push(format!("{name} {} {}", c.id, c.key));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no scenario quotes these clauses:\n{}",
        missing.join("\n")
    );
    assert!(
        given >= 40,
        "only {given} clauses from the houses' own books"
    );
    let unquoted: Vec<String> = floorcall::rules::CLAUSES
        .iter()
        .filter(|c| {
            let anywhere = quoted.iter().any(|q| q.1 == c.id.as_str() && q.2 == c.key);
            let given = floorcall::rules::BUILT_IN.iter().any(|(name, _)| {
                floorcall::rules::HouseRules::load(name)
                    .is_ok_and(|r| r.clause(c.id, c.key).is_some())
            });
            given && !anywhere
        })
        .map(|c| format!("{} {}", c.id, c.key))
        .collect();
    assert!(unquoted.is_empty(), "no scenario quotes: {unquoted:?}");
}

/// A scenario's parse error, for a file whose `[table]` starts at line 5.
fn parse_error(house: &str, script: &str, table: &str) -> String {
    let text = format!(
        "title = \"t\"\n{house}script = \"\"\"\n{script}\n\"\"\"\n[table]\nbutton = 1\nblinds = [100, 200]\n{table}"
    );
    scenario::parse("bad.toml", &text, None)
        .unwrap_err()
        .to_string()
}

#[test]
fn stacks_that_are_not_whole_chips_say_what_was_expected() {
    // They used to say "data did not match any variant of untagged enum RawStacks".
    let cases = [
        (
            "stacks = [1000, -5]",
            "bad.toml:8:17: -5 is negative: expected a whole number of chips, 0 or more, like 10000",
        ),
        (
            "stacks = [1000, 1.5]",
            "bad.toml:8:17: 1.5 is a decimal number: expected a whole number of chips, 0 or more, like 10000",
        ),
        (
            "stacks = [1000, \"lots\"]",
            "bad.toml:8:17: 'lots' is text: expected a whole number of chips, 0 or more, like 10000, without quotes",
        ),
        (
            "stacks = { 1 = 1000, 2 = -5 }",
            "bad.toml:8:26: -5 is negative: expected a whole number of chips, 0 or more, like 10000",
        ),
        (
            "stacks = 1000",
            "bad.toml:8:10: invalid type: integer `1000`, expected the stacks in seat order, like [10000, 8000], or by seat, like { 1 = 10000, 3 = 8000 }",
        ),
        (
            "stacks = [1000, 1000]\nante = -1",
            "bad.toml:9:8: -1 is negative: expected a whole number of chips, 0 or more, like 10000",
        ),
    ];
    for (table, expected) in cases {
        let err = parse_error("", "s1 call", &format!("{table}\n"));
        assert_eq!(err, expected, "{table}");
        assert!(!err.contains("RawStacks"), "{err}");
    }
    let err = parse_error("", "s1 call", "stacks = [1000, 1000]\npot = 2.5\n");
    assert!(
        err.starts_with("bad.toml:9:7: 2.5 is a decimal number"),
        "{err}"
    );
}

#[test]
fn a_control_character_in_a_script_names_its_line() {
    // It used to read "'call' is not an action", the control character
    // printed raw inside the quotes.
    let err = parse_error("", "s1 check\ns2 call\\u0007", "stacks = [1000, 1000]\n");
    assert_eq!(
        err,
        "bad.toml:4:8: a control character (U+0007) is not part of the notation: a line is plain text"
    );
}

#[test]
fn an_empty_house_says_the_house_is_empty() {
    // It used to say: no house rules named "".
    let err = parse_error("house = \"\"\n", "s1 call", "stacks = [1000, 1000]\n");
    assert_eq!(
        err,
        "bad.toml:2:9: house = \"\" is empty: name a built-in profile (tda, ugly-tuna, upt, nuts, redtooth) or a house-rules file, or leave the key out for tda"
    );
}

#[test]
fn a_long_bad_token_is_shortened_in_the_message() {
    let long = "x".repeat(5000);
    let err = parse_error("", &format!("s1 {long}"), "stacks = [1000, 1000]\n");
    let shown = format!("'{}…'", "x".repeat(floorcall::notation::QUOTE_MAX - 1));
    assert_eq!(
        err,
        format!(
            "bad.toml:3:4: {shown} is not an action: expected fold, check, call, bet, raise, allin, say, push, tap, muck, hole or show"
        )
    );
    // The same for a word the file gives outside the script.
    let text = format!(
        "title = \"t\"\nscript = \"s1 call\"\n[table]\nbutton = 1\nblinds = [100, 200]\nstacks = [1000, 1000]\n[[expect]]\nrulings = [\"{long}\"]\n"
    );
    let err = scenario::parse("bad.toml", &text, None)
        .unwrap_err()
        .to_string();
    assert_eq!(err, format!("bad.toml:7:1: {shown} is not a ruling id"));
    // A word of 40 characters is shown whole.
    let forty = "y".repeat(floorcall::notation::QUOTE_MAX);
    let err = parse_error("", &format!("s1 {forty}"), "stacks = [1000, 1000]\n");
    assert!(
        err.contains(&format!("'{forty}' is not an action")),
        "{err}"
    );
}

#[test]
fn a_scenario_message_names_toml_tables_and_arrays_not_rust_types() {
    // It used to say "expected struct RawTable".
    let text = "title = \"t\"\nscript = \"s1 call\"\ntable = 3\n";
    let err = scenario::parse("bad.toml", text, None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bad.toml:3:9: invalid type: integer `3`, expected a table"
    );
    let text = "title = \"t\"\nscript = \"s1 call\"\n[table]\nbutton = 1\nblinds = 100\nstacks = [1000, 1000]\n";
    let err = scenario::parse("bad.toml", text, None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bad.toml:5:10: invalid type: integer `100`, expected an array"
    );
}

/// A house that both places stacks for late entrants (UPT Tournament 6)
/// and makes deals: no deal while a placed stack is unsold, its chips in
/// no player's stack; once the TD has it removed, the deal is worked out.
#[test]
fn no_deal_while_a_stack_placed_for_a_late_entrant_is_unsold() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("placed.toml"),
        r#"name = "placed"
extends = "tda"

[tournament.late-entry]
value = "placed-stacks"
rule = "House 1"
text = "A starting stack is placed in an unsold seat for a late entrant."
"#,
    )
    .expect("the house");
    let text = r#"title = "no deal while a placed stack is unsold"
house = "placed.toml"
script = """
draw seed s1
T1: seat 6 place 10000
deal even
T1: seat 6 no-show
deal even
"""

[floor]
players = { Ann = 10000, Bob = 10000, Cy = 10000 }

[money]
[money.entry]
cost = 100
chips = 10000
[[money.tier]]
up-to = 10
shares = [50, 30, 20]

[[tables]]
name = "T1"
seats = 6
button = 1
blinds = [100, 200]

[[expect]]
after = 3
rejected = true
refusal = "No deal while T1 holds a stack placed for a late entrant in seat 6: its chips are in no player's stack; have it removed first (T1: seat 6 no-show)."

[[expect]]
rejected = false
"#;
    let s = scenario::parse("placed-deal.toml", text, Some(dir.path())).expect("reads");
    let report = scenario::run(&s);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
}
