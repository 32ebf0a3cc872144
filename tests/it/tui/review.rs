//! `floorcall review`: the hand list and a hand stepped entry by entry,
//! driven by keys without a terminal, and drawn into a `TestBackend`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::journal::{self, HandHeader, Journal, JournalOptions, Session, SteppingClock};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::tui::Theme;
use floorcall::tui::review::{Correction, Review, ReviewHand, View};
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::journal::play;
use crate::support::table;

/// 2025-11-22 12:36:01 UTC, a second a record, in a room at UTC+1.
const T0: i64 = 1_763_814_961_000;

/// Hand 1: a raise, a push of 700 facing 600 (TDA's 50% rule makes it a
/// raise to 1,000: a ruling), an undo and a redo of the call that follows,
/// folds. Hand 2: the floor overrides a ruling. Hand 3: folded round.
fn journal_of_three(path: &Path) -> Vec<ReviewHand> {
    let options = JournalOptions {
        clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 3600))),
        table: Some("Table 4".into()),
    };
    let (journal, _) = Journal::open_with(path, options).expect("opens");
    let names = BTreeMap::from([(1, "Ann".to_string())]);
    let header = HandHeader::new(
        "tda",
        1,
        3,
        names,
        table(&[5_000, 5_000, 5_000], 1, (100, 200)),
    );
    let mut session =
        Session::start(header, HouseRules::tda(), &mut Some(journal)).expect("starts");
    play(&mut session, &["s1 raise 600", "s2 push 700", "s3 call"]);
    session.undo().expect("undo");
    session.redo().expect("redo");
    play(
        &mut session,
        &[
            "s1 fold",
            "flop AsKd7c",
            "s2 check",
            "s3 bet 400",
            "s2 fold",
        ],
    );
    session.next_hand().expect("hand 2");
    let to_act = session.state().to_act.expect("to act").number();
    play(&mut session, &[&format!("s{to_act} raise 600")]);
    let next = session.state().to_act.expect("to act").number();
    let pushed = format!("s{next} push 700");
    play(&mut session, &[&pushed]);
    let seq = session.hand().entries().len() as u32 - 1;
    let command = parse_line(&format!("s{next} call"))
        .expect("valid")
        .expect("a command");
    session
        .replace_last(
            seq,
            &command,
            Some(format!("s{next} call  # floor overrides x")),
        )
        .expect("override");
    session.next_hand().err();
    let loaded = journal::load(path).expect("loads");
    loaded
        .hands
        .into_iter()
        .map(|h| ReviewHand::new(h, HouseRules::tda()))
        .collect()
}

fn review(dir: &Path) -> Review {
    let hands = journal_of_three(&dir.join("j.jsonl"));
    Review::new("j.jsonl".into(), hands, Theme::plain())
}

fn key(review: &mut Review, code: KeyCode) {
    review.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn text(review: &Review, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(review, f.area()))
        .expect("drawn");
    let buffer = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_list_counts_rulings_overrides_and_undos_and_marks_corrected_hands() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let r = review(dir.path());
    let hands = r.hands();
    assert_eq!(hands.len(), 2);
    let first = &hands[0].summary;
    assert_eq!(first.number, 1);
    assert_eq!(first.players, 3);
    assert!(first.rulings >= 1, "{first:?}");
    assert_eq!(first.undos, 2, "an undo and a redo: {first:?}");
    assert_eq!(first.overrides, 0);
    assert!(!first.winners.is_empty());
    assert!(first.corrected());
    let second = &hands[1].summary;
    assert_eq!(second.overrides, 1, "{second:?}");
    assert_eq!(second.undos, 0, "the override's retraction is no undo");
    assert!(
        hands[1]
            .corrections
            .iter()
            .any(|c| matches!(c, Some(Correction::Override { .. })))
    );
    assert_eq!(first.time.as_deref(), Some("13:36:01"));
}

#[test]
fn keys_open_a_hand_step_it_jump_to_rulings_and_go_back() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut r = review(dir.path());
    assert_eq!(r.view(), View::List);
    key(&mut r, KeyCode::Home);
    key(&mut r, KeyCode::Enter);
    assert_eq!(r.view(), View::Hand { step: 0 });
    key(&mut r, KeyCode::Left);
    assert_eq!(r.view(), View::Hand { step: 0 }, "no step before the start");
    key(&mut r, KeyCode::Char('n'));
    // Entry 3, the call, binds the push of 700 before it: the 50% ruling.
    assert_eq!(r.view(), View::Hand { step: 3 });
    key(&mut r, KeyCode::Char('p'));
    assert_eq!(r.view(), View::Hand { step: 3 }, "no ruling before it");
    assert!(
        r.message()
            .is_some_and(|m| m.contains("No ruling before entry 3"))
    );
    key(&mut r, KeyCode::Right);
    assert_eq!(r.view(), View::Hand { step: 4 });
    key(&mut r, KeyCode::End);
    let last = r.selected().map(|h| h.hand.entries.len() - 1);
    assert_eq!(
        r.view(),
        View::Hand {
            step: last.unwrap_or(0)
        }
    );
    key(&mut r, KeyCode::Right);
    assert_eq!(
        r.view(),
        View::Hand {
            step: last.unwrap_or(0)
        }
    );
    key(&mut r, KeyCode::Esc);
    assert_eq!(r.view(), View::List);
    assert!(!r.should_quit());
    key(&mut r, KeyCode::Char('q'));
    assert!(r.should_quit());
}

#[test]
fn a_step_says_the_entry_its_time_what_it_bound_its_ruling_and_corrections() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let r = review(dir.path());
    let h = &r.hands()[0];
    let push = h.details(2).join("\n");
    assert!(push.contains("entered \"s2 push 700\""), "{push}");
    assert!(push.contains("13:36:03"), "{push}");
    let ruled = h.details(3).join("\n");
    assert!(ruled.contains("Ruling §"), "{ruled}");
    let undo = h.details(4).join("\n");
    assert!(
        undo.contains("UNDO: retracts entry 3 (\"s3 call\")"),
        "{undo}"
    );
    let redo = h.details(5).join("\n");
    assert!(redo.contains("REDO: cancels the undo in entry 4"), "{redo}");
    let o = &r.hands()[1];
    let seq = o
        .corrections
        .iter()
        .position(|c| matches!(c, Some(Correction::Override { .. })))
        .expect("an override");
    let told = o.details(seq).join("\n");
    assert!(
        told.contains("OVERRIDE: the floor's ruling replaces entry"),
        "{told}"
    );
}

#[test]
fn the_list_and_a_step_on_screen() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut r = review(dir.path());
    assert_snapshot!("review_list", text(&r, 100, 12));
    assert!(r.open_hand(1));
    for _ in 0..2 {
        key(&mut r, KeyCode::Right);
    }
    assert_snapshot!("review_step", text(&r, 120, 36));
    // No size makes it panic.
    for (w, h) in [(1, 1), (20, 6), (40, 12), (79, 20)] {
        text(&r, w, h);
    }
}

#[test]
fn another_house_reads_the_same_entries_side_by_side_and_marks_where_they_differ() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut r = review(dir.path());
    let upt = HouseRules::built_in("upt")
        .expect("built in")
        .expect("loads");
    r.compare_with(Some(upt));
    // Hand 1: 800 in facing a raise to 600 is a raise to 1,000 under TDA
    // (half the 400 raise), a call under UPT (less than the bet plus a
    // half-bet): entry 3, which binds the push, reads otherwise.
    let first = &r.hands()[0];
    assert!(first.differs(3), "{:?}", first.other);
    assert!(!first.differs(1));
    let said = first.other_details(3).join(" ");
    assert!(said.contains("Under upt it binds s2 call 600"), "{said}");
    assert!(r.open_hand(1));
    key(&mut r, KeyCode::Char('d'));
    assert_eq!(
        r.view(),
        View::Hand { step: 3 },
        "d: the next step that differs"
    );
    key(&mut r, KeyCode::Char('D'));
    assert_eq!(r.view(), View::Hand { step: 3 }, "none before it");
    assert!(
        r.message()
            .is_some_and(|m| m.contains("No step that reads otherwise before entry 3"))
    );
    let screen = text(&r, 120, 36);
    assert!(screen.contains("tda (in force)"), "{screen}");
    assert!(screen.contains("upt DIFFERS"), "{screen}");
    assert_snapshot!("review_compare", screen);
    key(&mut r, KeyCode::Esc);
    let list = text(&r, 100, 12);
    assert!(list.contains("Differ (upt)"), "{list}");
}

#[test]
fn c_goes_through_the_houses_then_back_to_no_comparison() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let hands = journal_of_three(&dir.path().join("j.jsonl"));
    let mut r = Review::new("j.jsonl".into(), hands, Theme::plain());
    key(&mut r, KeyCode::Char('c'));
    assert_eq!(r.message(), Some("No other house to compare with."));
    let names: Vec<String> = HouseRules::all_built_in()
        .iter()
        .map(|h| h.name.clone())
        .collect();
    let mut r = r.with_more_houses(HouseRules::all_built_in);
    // Issue 17 item 19: the first `c` compared the house with itself. It
    // starts with the house after the journal's (tda) and never names it.
    let names: Vec<String> = names.into_iter().filter(|n| n != "tda").collect();
    assert_eq!(names[0], "ugly-tuna");
    for name in &names {
        key(&mut r, KeyCode::Char('c'));
        assert_eq!(r.compared().map(|h| h.name.clone()).as_ref(), Some(name));
        assert!(
            r.message()
                .is_some_and(|m| m.starts_with(&format!("Compared with {name}"))),
            "{:?}",
            r.message()
        );
    }
    key(&mut r, KeyCode::Char('c'));
    assert!(r.compared().is_none());
    assert!(r.hands().iter().all(|h| h.other.is_none()));
}

/// Issue 17 item 19: under ugly-tuna (antes at most a quarter of the small
/// blind, per player) a big-blind-ante hand cannot be played; the review
/// said "No hand is in progress" on every step. It is said once, at the top.
#[test]
fn a_hand_the_other_house_cannot_play_is_said_once_at_the_top() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bb-ante.jsonl");
    let (journal, _) = Journal::open_with(
        &path,
        JournalOptions {
            clock: Some(Arc::new(SteppingClock::new(T0, 1_000, 3600))),
            table: None,
        },
    )
    .expect("opens");
    let setup = floorcall::table::event::TableSetup {
        ante: floorcall::table::Chips(200),
        ante_mode: floorcall::table::event::AnteMode::BigBlind,
        ..table(&[5_000, 5_000, 5_000], 1, (100, 200))
    };
    let header = HandHeader::new("tda", 1, 3, BTreeMap::new(), setup);
    let mut session =
        Session::start(header, HouseRules::tda(), &mut Some(journal)).expect("starts");
    play(&mut session, &["s1 fold", "s2 call", "s3 check"]);
    let hands: Vec<ReviewHand> = journal::load(&path)
        .expect("loads")
        .hands
        .into_iter()
        .map(|h| ReviewHand::new(h, HouseRules::tda()))
        .collect();
    let mut r = Review::new("bb-ante.jsonl".into(), hands, Theme::plain())
        .with_more_houses(HouseRules::all_built_in);
    key(&mut r, KeyCode::Char('c'));
    assert_eq!(r.compared().map(|h| h.name.as_str()), Some("ugly-tuna"));
    let said = r.message().unwrap_or_default().to_string();
    assert!(said.contains("ugly-tuna cannot play 1 of them"), "{said}");
    let hand = &r.hands()[0];
    assert!(hand.cannot_run().is_some());
    for step in 0..hand.hand.entries.len() {
        assert!(
            hand.other_details(step).is_empty(),
            "{:?}",
            hand.other_details(step)
        );
    }
    assert!(r.open_hand(1));
    for _ in 0..3 {
        key(&mut r, KeyCode::Right);
        let screen = text(&r, 120, 30);
        assert!(!screen.contains("No hand is in progress"), "{screen}");
        assert_eq!(
            screen.matches("this hand cannot be played").count(),
            1,
            "{screen}"
        );
    }
}

/// The review's keys line in each view, alone and opened from a table,
/// and what it says of a key that finds nothing: pinned before the keys
/// became data (issue 34.2), so the move changed no byte of them.
#[test]
fn the_review_names_its_keys_on_its_bottom_line() {
    let bottom = |r: &Review| {
        text(r, 140, 20)
            .lines()
            .last()
            .unwrap_or_default()
            .trim_end()
            .to_string()
    };
    let mut out = Vec::new();
    for embedded in [false, true] {
        let dir = tempfile::tempdir().expect("a temp dir");
        let mut r = review(dir.path()).with_houses(HouseRules::all_built_in());
        if embedded {
            r = r.embedded();
        }
        out.push(format!("embedded: {embedded}"));
        out.push(bottom(&r));
        key(&mut r, KeyCode::Enter);
        out.push(bottom(&r));
        key(&mut r, KeyCode::Char('p'));
        out.push(bottom(&r));
        key(&mut r, KeyCode::Char('c'));
        out.push(bottom(&r));
        key(&mut r, KeyCode::Char('D'));
        out.push(bottom(&r));
        key(&mut r, KeyCode::Backspace);
        out.push(bottom(&r));
    }
    assert_snapshot!("review_keys_lines", out.join("\n"));
}

/// Issue 34.2: the review's keys are the key map's `[review]` and
/// `[review-hand]` sections with the user's keys.toml laid over them: a
/// key rebound there acts, and the keys line names it.
#[test]
fn a_review_key_rebound_in_the_users_file_acts_and_the_keys_line_names_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let keymap = floorcall::tui::Keymap::from_toml(
        "keys.toml",
        "[review]\no = \"open\"\n[review-hand]\nf = \"next-step\"\nl = \"none\"\n",
        Some(&floorcall::tui::Keymap::default()),
    )
    .expect("a keymap");
    let mut r = review(dir.path()).with_keymap(keymap);
    assert!(text(&r, 140, 20).contains(" ↑/↓ choose · o open ·"));
    key(&mut r, KeyCode::Home);
    key(&mut r, KeyCode::Char('o'));
    assert_eq!(r.view(), View::Hand { step: 0 });
    key(&mut r, KeyCode::Char('l'));
    assert_eq!(r.view(), View::Hand { step: 0 }, "l unbound");
    key(&mut r, KeyCode::Char('f'));
    assert_eq!(r.view(), View::Hand { step: 1 });
    assert!(text(&r, 140, 20).contains(" ←/f step ·"));
}
