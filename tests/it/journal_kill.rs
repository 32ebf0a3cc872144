//! The real binary killed with SIGKILL at random moments while a dealer
//! keys hands into it (tmux `send-keys`, as `tui_tmux` does), then started
//! again with `--resume`, over and over. After every kill: the head the
//! screen last showed is in the journal (so every entry shown as taken is
//! there), the journal verifies, and its last hand folds to a state that
//! keeps the engine's invariants; after every restart the screen shows the
//! journal's head and resumes the hand with the journal's count of entries.
//!
//! `FLOORCALL_KILLS` sets the number of kills (default 200, about a minute
//! here); `FLOORCALL_KILL_SEED` replays one run. Skipped, with a message,
//! only where tmux is not installed (`.ci/run` installs it).

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::home::Home;
use super::tmux::Tmux;

use floorcall::journal::verify::{VerifyOptions, verify_file};
use floorcall::journal::{self, Loaded};
use floorcall::table::hand::Hand;
use floorcall::table::invariants;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The head on the screen's top line: `head <16 hex>`.
fn shown_head(screen: &str) -> Option<String> {
    let at = screen.find("journal.jsonl head ")? + "journal.jsonl head ".len();
    let head: String = screen[at..].chars().take(16).collect();
    (head.len() == 16 && head.chars().all(|c| c.is_ascii_hexdigit())).then_some(head)
}

/// The keys a dealer strikes, weighted: folds and calls move the hand on,
/// `n` deals the next, undo and redo go back and forth, Enter accepts a
/// ruling, Esc closes anything open; `k`, `P` and `[` write the table's
/// records (the player clock, the level clock paused or run, a minute off
/// the level).
const KEYS: &[(&str, u32)] = &[
    ("k", 1),
    ("P", 1),
    ("[", 1),
    ("f", 10),
    ("c", 3),
    ("x", 2),
    ("n", 4),
    ("u", 2),
    ("U", 1),
    ("Enter", 1),
    ("Escape", 1),
];

fn pick(rng: &mut StdRng) -> &'static str {
    let total: u32 = KEYS.iter().map(|(_, w)| w).sum();
    let mut n = rng.random_range(0..total);
    for (key, w) in KEYS {
        if n < *w {
            return key;
        }
        n -= w;
    }
    "f"
}

fn check_after_kill(path: &Path, shown: Option<&str>, kill: usize) -> Loaded {
    let loaded = journal::load(path).unwrap_or_else(|e| panic!("kill {kill}: {e}"));
    let options = VerifyOptions {
        head: shown.map(str::to_string),
        ..VerifyOptions::default()
    };
    if let Err(e) = verify_file(path, &options) {
        panic!("kill {kill}: the journal does not verify (shown head {shown:?}): {e}");
    }
    if let (Some(hand), Some(house)) = (loaded.hands.last(), &loaded.house) {
        let rules = house.rules().expect("the embedded house loads");
        let hand = Hand::from_entries(hand.entries.clone(), rules);
        if let Err(broken) = invariants::check(&hand) {
            panic!("kill {kill}: the fold breaks an invariant: {broken}");
        }
    }
    loaded
}

#[test]
fn sigkill_at_random_moments_loses_nothing_the_screen_showed() {
    if Tmux::skip("sigkill_at_random_moments_loses_nothing_the_screen_showed") {
        return;
    }
    let kills: usize = std::env::var("FLOORCALL_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed: u64 = std::env::var("FLOORCALL_KILL_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| rand::rng().random());
    eprintln!("{kills} kills, FLOORCALL_KILL_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let home = Home::new();
    let path = home.path().join("journal.jsonl");
    let journal = path.to_str().expect("utf-8").to_string();
    let args = [
        "--journal",
        &journal,
        "--seats",
        "3",
        "--stacks",
        "100000",
        "--blinds",
        "10/20",
        "--button",
        "1",
        "--levels",
        "10/20,20/40,30/60:5",
        "--level-minutes",
        "2",
        "--resume",
    ];
    let tmux = Tmux::new("kill");
    // One server for the whole run: it stays up between sessions.
    tmux.run(&["start-server", ";", "set-option", "-g", "exit-empty", "off"]);
    tmux.start_floorcall(&home, &[], &args);
    let start = Instant::now();
    let (mut shown_total, mut repairs, mut during_start) = (0usize, 0usize, 0usize);
    let mut entries_seen = 0usize;
    let mut torn_left = false;
    for kill in 0..kills {
        // One kill in eight comes while floorcall starts (and repairs).
        let early = kill > 0 && !torn_left && rng.random_range(0..8) == 0;
        let mut shown: Option<String> = None;
        if early {
            std::thread::sleep(Duration::from_millis(rng.random_range(0..25)));
            during_start += 1;
        } else {
            let screen = tmux.wait_for("journal.jsonl head ");
            let head = shown_head(&screen).expect("a head on screen");
            if kill > 0 {
                // The restarted screen: the journal as repaired, the hand
                // resumed with all its entries.
                let screen =
                    tmux.wait_for_any(&["resumed from the journal (", "Journal repaired on start"]);
                // The status line may wrap the sentence: read it as words.
                let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
                let loaded = journal::load(&path).expect("loads");
                assert_eq!(
                    shown_head(&screen).as_deref(),
                    Some(loaded.head.short().as_str()),
                    "kill {kill}: the restarted screen's head is the journal's\n{screen}"
                );
                let count = loaded.hands.last().map_or(0, |h| h.entries.len());
                // (After a repair notice the sentence may run off the line.)
                assert!(
                    words.contains("Journal repaired on start")
                        || words.contains(&format!("resumed from the journal ({count} entries)")),
                    "kill {kill}: resumed with {count} entries?\n{screen}"
                );
                if words.contains("repaired on start") {
                    repairs += 1;
                }
                assert!(
                    !torn_left || words.contains("Journal repaired on start: dropped line"),
                    "kill {kill}: the torn write left was not said on screen\n{screen}"
                );
                torn_left = false;
            }
            shown = Some(head);
            // Keys at the dealer's pace, from another thread, until the kill;
            // each followed by Esc, as a dealer answers a refusal (the keys
            // typed after a refused one are held until a pause or Esc).
            let stop = Arc::new(AtomicBool::new(false));
            let keys: Vec<&str> = (0..200).map(|_| pick(&mut rng)).collect();
            let feeder = {
                let stop = stop.clone();
                let socket = tmux.socket.clone();
                std::thread::spawn(move || {
                    for key in keys {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let _ = Command::new("tmux")
                            .args(["-L", &socket, "send-keys", "-t", "fc", key, "Escape"])
                            .output();
                    }
                })
            };
            std::thread::sleep(Duration::from_millis(rng.random_range(0..120)));
            if let Some(head) = shown_head(&tmux.screen()) {
                shown = Some(head);
            }
            stop.store(true, Ordering::Relaxed);
            tmux.kill_pane();
            let _ = feeder.join();
            shown_total += 1;
        }
        if early {
            tmux.kill_pane();
        }
        tmux.wait_gone();
        let loaded = check_after_kill(&path, shown.as_deref(), kill);
        entries_seen = loaded.hands.iter().map(|h| h.entries.len()).sum();
        // One kill in ten also leaves a torn write behind (as a crash in
        // the middle of a long write would): half of a record, no newline.
        if kill % 10 == 5 && loaded.torn_line.is_none() {
            let bytes = std::fs::read(&path).expect("read");
            let last = bytes[..bytes.len() - 1]
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |p| p + 1);
            let half = &bytes[last..last + (bytes.len() - last) / 2];
            let mut file = std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .expect("opens");
            std::io::Write::write_all(&mut file, half).expect("written");
            torn_left = true;
        }
        tmux.start_floorcall(&home, &[], &args);
    }
    // The last start, checked once more through the binary's own verify.
    tmux.wait_for("journal.jsonl head ");
    let out = home.output(&["verify", &journal]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    eprintln!(
        "{kills} kills ({shown_total} while keying, {during_start} while starting), {repairs} repairs said on screen, {entries_seen} entries, in {:.1} s; {}",
        start.elapsed().as_secs_f64(),
        text.lines().next().unwrap_or_default()
    );
    assert!(entries_seen > kills / 2, "the keys kept the table busy");
    let loaded = journal::load(&path).expect("loads");
    let clock_lines = loaded
        .table
        .iter()
        .filter(|(_, r)| r.line.as_deref().is_some_and(|l| l.starts_with("clock")))
        .count();
    assert!(
        kills < 20 || clock_lines > 0,
        "the level clock's keys wrote table records under the kills"
    );
}
