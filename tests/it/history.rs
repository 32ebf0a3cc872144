//! Upgrades lose nothing: the files an earlier release wrote (its house
//! profiles, used as a user's own house file; its key map, as a user's
//! overlay) still load, and every setting added since carries the value
//! that reproduces what floorcall did before it. The files are the
//! releases' own, from the repository's history, under `tests/history/`.

use std::path::{Path, PathBuf};

use floorcall::rules::tournament::Tournament;
use floorcall::rules::{AfterBreak, HouseRules, NewPlayerWaits, Settings};
use floorcall::tui::keymap::Keymap;

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
    for dir in releases() {
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
    let bin = env!("CARGO_BIN_EXE_floorcall");
    let show = std::process::Command::new(bin)
        .args(["rules", "show"])
        .arg(&file)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&show.stdout);
    assert!(show.status.success(), "{text}");
    assert!(
        text.contains("written before 17 setting(s) arrived"),
        "{text}"
    );
    assert!(
        text.contains("after-break = continue (settings.after-break, since 2026-11-25)"),
        "{text}"
    );
    let check = std::process::Command::new(bin)
        .args(["rules", "check"])
        .arg(&file)
        .output()
        .expect("runs");
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
    for dir in releases() {
        let path = dir.join("keys.toml");
        let text = std::fs::read_to_string(&path).expect("the file");
        Keymap::from_toml(&path.display().to_string(), &text, Some(&Keymap::default()))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
