//! Upgrades lose nothing: the files an earlier release wrote (its house
//! profiles, used as a user's own house file; its key map, as a user's
//! overlay) still load, and every setting added since carries the value
//! that reproduces what floorcall did before it. The files are the
//! releases' own, from the repository's history, under `tests/history/`.

use std::path::{Path, PathBuf};

use floorcall::rules::tournament::Tournament;
use floorcall::rules::{AfterBreak, HouseRules, NewPlayerWaits, Settings};
use floorcall::tui::keymap::Keymap;

use super::home::Home;

/// The settings of the first release (2026-11-21), which every house a
/// journal embeds has: the only ones without an earlier value.
const FIRST_RELEASE: &[&str] = &[
    "min-raise",
    "odd-chip",
    "show-order",
    "verbal-vs-chips",
    "oversized-chip",
    "multiple-chips",
    "undercall",
    "out-of-turn",
    "misdeal-until",
    "exposed-card",
    "boxed-card",
    "clock",
    "max-ante",
];

/// Each earlier release's folder that holds `file`:
/// `tests/history/DATE-COMMIT/FILE`.
fn releases_with(file: &str) -> Vec<PathBuf> {
    let found: Vec<PathBuf> = releases()
        .into_iter()
        .filter(|d| d.join(file).exists())
        .collect();
    assert!(found.len() >= 2, "{file}: {found:?}");
    found
}

/// Each earlier release's folder: `tests/history/DATE-COMMIT`.
fn releases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/history");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/history")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 2, "{dirs:?}");
    dirs
}

/// A setting added after the first release without the value that
/// reproduces the earlier behaviour would make an older journal's house
/// unreadable (or ruled by today's default): every one has it.
#[test]
fn every_setting_added_since_the_first_release_has_its_earlier_value() {
    for (key, since, earlier) in Settings::ARRIVALS.iter().chain(Tournament::ARRIVALS) {
        let first = FIRST_RELEASE.contains(key);
        assert_eq!(
            first,
            *since == "2026-11-21",
            "{key}: arrived {since}; the first release's settings are fixed"
        );
        assert!(
            first || *earlier,
            "{key} (since {since}) has no earlier value: a house written before it cannot be read as it was played"
        );
    }
}

/// Each built-in profile as an earlier release shipped it, loaded as a
/// user's own house file: it loads and keeps every value it wrote; a
/// setting it lacks comes from the profile it extends, else takes its
/// earlier value (the TDA's new player waited strictly between the small
/// blind and the button; a break rejoined nobody).
#[test]
fn an_earlier_releases_house_files_load_with_what_they_lacked_filled() {
    for dir in releases_with("tda.toml") {
        for name in ["tda", "ugly-tuna", "upt", "nuts", "redtooth"] {
            let path = dir.join(format!("{name}.toml"));
            let text = std::fs::read_to_string(&path).expect("the file");
            let file = path.display().to_string();
            let rules = HouseRules::from_toml(&file, &text)
                .unwrap_or_else(|e| panic!("{file} does not load: {e}"));
            let raw: toml::Table = text.parse().expect("TOML");
            let written = |section: &str, key: &str| {
                raw.get(section)
                    .and_then(|s| s.get(key))
                    .and_then(|s| s.get("value"))
                    .is_some()
            };
            let extends = raw.contains_key("extends");
            let filled: Vec<&str> = rules.filled().iter().map(|r| r.0).collect();
            for (key, value, _) in rules.settings.rows() {
                if written("settings", key) {
                    let as_written = match &raw["settings"][key]["value"] {
                        toml::Value::String(s) => s.clone(),
                        toml::Value::Table(_) => continue,
                        other => other.to_string(),
                    };
                    assert_eq!(as_written, value, "{file}: {key}");
                } else {
                    // A file that extends a profile takes it from there.
                    assert_eq!(filled.contains(&key), !extends, "{file}: {key}");
                }
            }
            for (key, _, _) in rules.tournament.rows() {
                assert_eq!(
                    !written("tournament", key) && !extends,
                    filled.contains(&key),
                    "{file}: tournament.{key}"
                );
            }
            assert_eq!(
                rules.settings.new_player_waits.value,
                NewPlayerWaits::BetweenSmallBlindAndButton,
                "{file}"
            );
            assert_eq!(
                rules.settings.after_break.value,
                AfterBreak::Continue,
                "{file}"
            );
        }
    }
}

/// `rules show` and `rules check` say which values were filled in.
#[test]
fn rules_show_and_check_say_what_was_filled_in() {
    let dir = releases()
        .into_iter()
        .find(|d| d.ends_with("2026-11-25-f1ce066"))
        .expect("the release of 25 November");
    let file = dir.join("tda.toml");
    let home = Home::new();
    let file = file.to_str().expect("utf-8");
    let show = home.output(&["rules", "show", file]);
    let text = String::from_utf8_lossy(&show.stdout);
    assert!(show.status.success(), "{text}");
    assert!(
        text.contains("written before 22 setting(s) arrived"),
        "{text}"
    );
    assert!(
        text.contains("after-break = continue (settings.after-break, since 2026-11-25)"),
        "{text}"
    );
    let check = home.output(&["rules", "check", file]);
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{text}");
    assert!(
        text.contains("new-player-waits is not in the file (written before it arrived)"),
        "{text}"
    );
}

/// An earlier release's key map, as a user's overlay, still loads.
#[test]
fn an_earlier_releases_key_map_loads_as_an_overlay() {
    for dir in releases_with("keys.toml") {
        let path = dir.join("keys.toml");
        let text = std::fs::read_to_string(&path).expect("the file");
        Keymap::from_toml(&path.display().to_string(), &text, Some(&Keymap::default()))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Every journal an earlier release's own binary wrote, under
/// `tests/journals/DATE-COMMIT/` (see its README): the journals.
fn earlier_journals() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/journals");
    let mut found = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tests/journals") {
        let dir = dir.expect("an entry").path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).expect("a release's folder") {
            let file = file.expect("an entry").path();
            if file.extension().is_some_and(|e| e == "jsonl") {
                found.push(file);
            }
        }
    }
    found.sort();
    assert!(found.len() >= 8, "{found:?}");
    found
}

/// `floorcall ARGS` on `journal`: exit status and output.
fn floorcall_on(args: &[&str], journal: &Path) -> (bool, String) {
    let out = Home::new().output_with(args, |command| {
        command.arg(journal).env("NO_COLOR", "1");
    });
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// The corpus: each earlier release's journals verify, replay every hand,
/// export, and read into the review's list, by today's binary.
#[test]
fn every_earlier_journal_verifies_replays_exports_and_reviews() {
    for journal in earlier_journals() {
        let name = journal.display().to_string();
        let (ok, text) = floorcall_on(&["verify"], &journal);
        assert!(ok && text.starts_with("OK: "), "{name}: {text}");
        let loaded = floorcall::journal::load(&journal).unwrap_or_else(|e| panic!("{name}: {e}"));
        for hand in &loaded.hands {
            let number = hand.header.number.to_string();
            let (ok, text) = floorcall_on(&["replay", "--hand", &number], &journal);
            assert!(
                ok && text.contains(&format!("Hand {number}")),
                "{name} hand {number}: {text}"
            );
        }
        // Exported, every hand replays to its own finishing stacks.
        let out = tempfile::tempdir().expect("a temp dir");
        let phhs = out.path().join("export.phhs");
        let to = phhs.display().to_string();
        let (ok, text) = floorcall_on(&["export", "-o", &to], &journal);
        assert!(ok, "{name}: {text}");
        if phhs.exists() {
            let (ok, text) = floorcall_on(&["import", "--check"], &phhs);
            assert!(ok, "{name}: the export does not replay: {text}");
        }
        let hands = floorcall::tui::review::hands_of(loaded.hands, |_| None);
        assert!(!hands.is_empty(), "{name}");
    }
}

/// Each earlier journal goes on at today's table: a finished last hand
/// is continued (the next hand dealt with the stacks it left, the button
/// moved on), an unfinished one resumed where it stood.
#[test]
fn every_earlier_journal_goes_on_at_the_table() {
    use floorcall::journal::Journal;
    use floorcall::tui::app::Mode;
    use floorcall::tui::{App, AppOptions};
    for original in earlier_journals() {
        let name = original.display().to_string();
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("j.jsonl");
        std::fs::copy(&original, &path).expect("copied");
        let (journal, loaded) = Journal::open(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let last = loaded.hands.last().cloned().expect("a hand");
        let finished = !last.is_unfinished();
        let table = floorcall::journal::session::table_of(&loaded);
        let left = floorcall::table::hand::replay(&last.entries);
        let mut app = App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume: true,
            ..AppOptions::default()
        });
        assert_eq!(app.mode(), Mode::Table, "{name}: {:?}", app.message());
        if finished {
            super::tui::fixtures::press(&mut app, "n");
            let session = app.session().expect("at the table");
            assert_eq!(
                session.header().number,
                last.header.number + 1,
                "{name}: {:?}",
                app.message()
            );
            // Each seat's chips as the table left them (the hand's end,
            // and any line between hands after it).
            for (seat, chips) in &session.header().setup.stacks {
                let at_table = table.seats.get(seat).map(|p| p.chips);
                assert_eq!(Some(*chips), at_table, "{name}: seat {seat} carried");
            }
            // The button moves on, except at a misdeal's re-deal.
            assert_eq!(
                session.header().setup.button == last.header.setup.button,
                left.misdealt,
                "{name}: the button"
            );
        } else {
            assert_eq!(app.state(), Some(&left), "{name}: resumed where it stood");
        }
        drop(app);
        let (ok, text) = floorcall_on(&["verify"], &path);
        assert!(ok, "{name} after going on: {text}");
    }
}

/// The practice progress an earlier release's own `practice` wrote (two
/// sessions each, `tests/history/*/practice.json`) loads unchanged: the
/// scores and the schedule as they were, `practice --stats` says them,
/// and a new session goes on from them and is saved.
#[test]
fn an_earlier_releases_practice_progress_loads_and_goes_on() {
    use floorcall::practice::Progress;
    for dir in releases_with("practice.json") {
        let original = dir.join("practice.json");
        let name = original.display().to_string();
        let text = std::fs::read_to_string(&original).expect("the file");
        let raw: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let work = tempfile::tempdir().expect("a temp dir");
        let path = work.path().join("practice.json");
        std::fs::copy(&original, &path).expect("copied");
        let mut progress = Progress::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Some(progress.sessions), raw["sessions"].as_u64(), "{name}");
        assert_eq!(
            progress.cards.len(),
            raw["cards"].as_object().map_or(0, |c| c.len()),
            "{name}"
        );
        let (ok, said) = floorcall_on(&["practice", "--stats", "--progress"], &path);
        assert!(ok, "{name}: {said}");
        assert!(
            said.contains(&format!("{} session(s) so far", progress.sessions)),
            "{name}: {said}"
        );
        // What that release counted as missed: the cards in box 1 (its
        // "N last missed"), each missed in the session before it is due.
        let last_missed = raw["cards"].as_object().map_or(0, |cards| {
            cards
                .values()
                .filter(|c| c["level"] == 1 && c["due"] == progress.sessions + 1)
                .count()
        });
        assert!(
            said.contains(&format!("{last_missed} missed in the last session")),
            "{name}: {said}"
        );
        progress.begin();
        progress
            .save(&path)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = Progress::load(&path).expect("reads back");
        assert_eq!(
            again.sessions,
            raw["sessions"].as_u64().unwrap_or(0) + 1,
            "{name}"
        );
        assert_eq!(again.topics, progress.topics, "{name}");
    }
}
