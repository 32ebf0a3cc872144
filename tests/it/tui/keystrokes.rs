//! Keystrokes per action: three scripted hands keyed through the app as a
//! dealer keys them (a silent push ruled a call, a string bet, an
//! out-of-turn call, a side pot, a showdown with hole cards), each step
//! counted by the kind of thing it records. The counts are printed (run
//! with `--nocapture`) and held to the targets of issue 8.
//!
//! Before issue 8 the same hands took 110 keys for 35 steps: a silent push
//! 7 (`p700`, Enter, Enter to bind, Enter to accept the ruling), a string
//! bet 12, an out-of-turn call 3, and an Enter to accept every ruling the
//! house settles by itself.

use std::collections::BTreeMap;

use floorcall::table::Street;
use floorcall::tui::App;
use floorcall::tui::Theme;

use crate::tui::fixtures::{app_at_table, press};

/// The keys in a `press` string: a character, or a `<Name>`.
fn count_keys(keys: &str) -> usize {
    let mut n = 0;
    let mut rest = keys;
    while let Some(c) = rest.chars().next() {
        if c == '<'
            && let Some(end) = rest.find('>')
        {
            rest = &rest[end + 1..];
        } else {
            rest = &rest[c.len_utf8()..];
        }
        n += 1;
    }
    n
}

/// Steps of a script: what kind of thing is keyed, and the keys.
type Script = [(&'static str, &'static str)];

/// Keys every step, checking that none was refused, and counts the keys
/// per kind: kind -> (steps, keys).
fn key_script(app: &mut App, script: &Script, counts: &mut BTreeMap<&'static str, (usize, usize)>) {
    for (kind, keys) in script {
        press(app, keys);
        if std::env::var_os("FLOORCALL_TRACE").is_some() {
            eprintln!(
                "{kind} {keys}: {:?} ruling={}",
                app.message().map(|m| m.text.clone()),
                app.ruling().is_some()
            );
        }
        if let Some(m) = app.message()
            && m.kind == floorcall::tui::app::MessageKind::Refusal
        {
            panic!("{kind} '{keys}' was refused: {}", m.text);
        }
        let entry = counts.entry(kind).or_default();
        entry.0 += 1;
        entry.1 += count_keys(keys);
    }
}

fn actions(app: &App) -> Vec<String> {
    let st = app.state().expect("at the table");
    st.actions.iter().map(|a| a.to_string()).collect()
}

/// Hand 1: a raise, a silent push ruled a call (TDA 43-B, the 50%
/// standard), an out-of-turn call that binds, the flop, a bet no one calls.
const HAND_1: &Script = &[
    ("raise", "r600<Enter>"),
    // Seat 5 pushes 700 facing 600: less than half the 400 raise more,
    // so a call.
    // The next action key (seat 6's fold) binds it.
    ("silent push", "p700<Enter>"),
    ("fold", "f"),
    ("fold", "f"),
    // Seat 3 calls before seat 2 has acted: held, then binding.
    ("out-of-turn call", "3c"),
    ("fold", "f"),
    ("board", "dAsKd7c<Enter>"),
    ("check", "x"),
    ("bet", "b1200<Enter>"),
    ("fold", "f"),
    ("fold", "f"),
];

/// Hand 2: a string bet (TDA 51: only the first motion counts), a raise
/// everyone folds to.
const HAND_2: &Script = &[
    // The second motion is `+`; seat 6's raise binds the string bet.
    ("string bet", "p200<Enter>+600<Enter>"),
    ("raise", "r1k<Enter>"),
    ("fold", "f"),
    ("fold", "f"),
    ("fold", "f"),
    ("fold", "f"),
    ("fold", "f"),
];

/// Hand 3: three all in for different stacks (a side pot), hole cards,
/// the board, the showdown.
const HAND_3: &Script = &[
    ("all in", "a"),
    ("fold", "f"),
    ("fold", "f"),
    ("call", "c"),
    ("fold", "f"),
    ("call", "c"),
    ("hole cards", "3hAhAd<Enter>"),
    ("hole cards", "5hKsKc<Enter>"),
    ("hole cards", "6hQhQd<Enter>"),
    ("board", "d2c7d9h<Enter>"),
    ("board", "dJs<Enter>"),
    ("board", "d3c<Enter>"),
    ("show", "w<Enter>"),
    ("show", "w<Enter>"),
    ("show", "w<Enter>"),
];

#[test]
fn keystrokes_per_action_over_three_scripted_hands() {
    let mut app = app_at_table(
        "tda",
        6,
        &[10_000, 10_000, 4_000, 10_000, 10_000, 6_000],
        1,
        (100, 200),
        &["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"],
        Theme::default(),
    );
    let mut counts = BTreeMap::new();
    key_script(&mut app, HAND_1, &mut counts);
    assert_eq!(
        actions(&app),
        [
            "s4 raise 600",
            "s5 call 600", // the silent push of 700
            "s6 fold",
            "s1 fold",
            "s2 fold",
            "s3 call 600", // out of turn, binding
            "s3 check",
            "s4 bet 1200",
            "s5 fold",
            "s3 fold",
        ]
    );
    key_script(&mut app, &[("next hand", "n")], &mut counts);
    key_script(&mut app, HAND_2, &mut counts);
    assert_eq!(
        actions(&app),
        [
            "s5 call 200", // the string bet: only the first motion counts
            "s6 raise 1000",
            "s1 fold",
            "s2 fold",
            "s3 fold",
            "s4 fold",
            "s5 fold",
        ]
    );
    key_script(&mut app, &[("next hand", "n")], &mut counts);
    key_script(&mut app, HAND_3, &mut counts);
    let st = app.state().expect("at the table");
    assert_eq!(st.street, Street::Done, "{:?}", app.message());
    assert_eq!(
        actions(&app),
        [
            "s6 raise 6500 allin",
            "s1 fold",
            "s2 fold",
            "s3 call 3300 allin",
            "s4 fold",
            "s5 call 6500",
        ]
    );
    assert_eq!(st.awards.len(), 2, "a main pot and a side pot");
    let mut total = (0, 0);
    eprintln!("kind                 steps  keys  keys/step");
    for (kind, (steps, keys)) in &counts {
        eprintln!(
            "{kind:<20} {steps:>5} {keys:>5} {:>10.1}",
            *keys as f64 / *steps as f64
        );
        total.0 += steps;
        total.1 += keys;
    }
    eprintln!("{:<20} {:>5} {:>5}", "all", total.0, total.1);
    // The targets: a push is `p`, digits, Enter (the next action key binds
    // it); a clear action is one key; no Enter accepts what the house
    // settles by itself.
    assert_eq!(counts["silent push"], (1, 5));
    assert_eq!(counts["string bet"], (1, 10));
    assert_eq!(counts["out-of-turn call"], (1, 2));
    assert_eq!(counts["fold"], (13, 13));
    assert!(total.1 <= 102, "{total:?}");
}
