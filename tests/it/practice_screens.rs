//! The practice screen: keys without a terminal, the screens at 80x24 as
//! snapshots, and the real binary in tmux answering a few questions.

use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::practice::progress::Progress;
use floorcall::practice::{Answer, Question, cases, drills};
use floorcall::rules::HouseRules;
use floorcall::scenario;
use floorcall::tui::KeyScreen;
use floorcall::tui::Theme;
use floorcall::tui::practice::{Drill, Phase};
use insta::assert_snapshot;
use proptest::prelude::*;

use super::home::Home;
use super::tmux::Tmux;
use super::tui::fixtures::widget_text;

fn key(drill: &mut Drill, code: KeyCode) {
    drill.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn text(drill: &Drill, width: u16, height: u16) -> String {
    widget_text(drill, width, height)
}

/// The TDA 50% case (a silent 1,700 facing a raise to 1,200), then a
/// to-call drill.
fn two_questions() -> Vec<Question> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios/rulings/pair-fifty-percent-tda.toml");
    let s = scenario::load(&file).expect("loads");
    let case = cases::from_scenario(&s, None, 3).expect("a question");
    let drill = drills::deal(5, 1, &HouseRules::tda(), None)
        .pop()
        .expect("a to-call drill");
    assert_eq!(drill.topic, "to-call");
    vec![case, drill]
}

fn drill() -> Drill {
    Drill::new(two_questions(), Progress::default(), 3, Theme::plain()).with_fixed_time(4_200)
}

fn wrong_choice(q: &Question) -> char {
    let Answer::Choice(right) = q.answer else {
        panic!("a choice question");
    };
    char::from(b'1' + ((right + 1) % 4) as u8)
}

#[test]
fn the_drill_screens_at_80x24() {
    let mut d = drill();
    assert_snapshot!("practice_asking", text(&d, 80, 24));
    let wrong = wrong_choice(d.question().expect("a question"));
    key(&mut d, KeyCode::Char(wrong));
    assert_snapshot!("practice_verdict_wrong", text(&d, 80, 24));
    key(&mut d, KeyCode::Char('?'));
    assert_snapshot!("practice_explained", text(&d, 80, 24));
    key(&mut d, KeyCode::Enter);
    for c in "12".chars() {
        key(&mut d, KeyCode::Char(c));
    }
    assert_snapshot!("practice_amount_typed", text(&d, 80, 24));
    key(&mut d, KeyCode::Char('q'));
    assert_snapshot!("practice_summary", text(&d, 80, 24));
}

/// Issue 32 item 9: `practice --count 4` ended at "question 5 of 7": the
/// missed questions that come back were counted as more questions. They
/// are counted apart: the questions asked stay "of 2", and the header says
/// how many missed ones come again.
#[test]
fn missed_questions_asked_again_are_counted_apart() {
    let mut d = drill();
    let top = |d: &Drill| {
        text(d, 80, 24)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let wrong = wrong_choice(d.question().expect("a question"));
    key(&mut d, KeyCode::Char(wrong));
    assert!(
        top(&d).contains("question 1 of 2, then 1 missed again ·"),
        "{}",
        top(&d)
    );
    key(&mut d, KeyCode::Enter);
    assert!(
        top(&d).contains("question 2 of 2, then 1 missed again ·"),
        "{}",
        top(&d)
    );
    let Answer::Amount(n) = d.question().expect("the drill").answer else {
        panic!("an amount question");
    };
    for c in n.to_string().chars() {
        key(&mut d, KeyCode::Char(c));
    }
    key(&mut d, KeyCode::Enter);
    key(&mut d, KeyCode::Enter);
    assert!(
        top(&d).contains("question 1 of 2 again (missed) ·"),
        "{}",
        top(&d)
    );
    assert!(!top(&d).contains("of 3"), "{}", top(&d));
}

#[test]
fn a_missed_question_comes_again_later_in_the_session() {
    let mut d = drill();
    let first = d.question().expect("a question").id.clone();
    let wrong = wrong_choice(d.question().expect("a question"));
    key(&mut d, KeyCode::Char(wrong));
    assert!(matches!(d.phase(), Phase::Answered { right: false, .. }));
    key(&mut d, KeyCode::Enter);
    // The amount drill: typed, then Enter.
    let Answer::Amount(n) = d.question().expect("the drill").answer else {
        panic!("an amount question");
    };
    for c in n.to_string().chars() {
        key(&mut d, KeyCode::Char(c));
    }
    key(&mut d, KeyCode::Enter);
    assert!(matches!(d.phase(), Phase::Answered { right: true, .. }));
    key(&mut d, KeyCode::Enter);
    // The missed case comes back.
    assert_eq!(d.question().expect("again").id, first);
    let Answer::Choice(right) = d.question().expect("again").answer else {
        panic!("a choice question");
    };
    key(&mut d, KeyCode::Char(char::from(b'1' + right as u8)));
    assert!(matches!(d.phase(), Phase::Answered { right: true, .. }));
    key(&mut d, KeyCode::Enter);
    assert_eq!(d.phase(), &Phase::Summary);
    let summary = d.summary_lines().join("\n");
    assert!(
        summary.contains("fifty-percent: 1 of 2 right (50%)"),
        "{summary}"
    );
    assert!(
        summary.contains("to-call: 1 of 1 right (100%)"),
        "{summary}"
    );
    key(&mut d, KeyCode::Char('q'));
    assert!(d.should_quit());
    // The missed case is in the first box; the schedule asks it first.
    let card = d.progress().cards.get(&first).expect("scheduled");
    assert_eq!(
        card.level, 2,
        "missed, then right: one box up from the first"
    );
}

#[test]
fn keys_that_do_not_answer_say_what_to_press() {
    let mut d = drill();
    key(&mut d, KeyCode::Char('x'));
    assert!(text(&d, 80, 24).contains("Press 1 to 4 to answer."));
    key(&mut d, KeyCode::Char('?'));
    assert!(text(&d, 80, 24).contains("Answer first"));
    assert_eq!(d.phase(), &Phase::Asking);
}

#[test]
fn the_real_binary_answers_questions_in_tmux() {
    if !Tmux::installed() {
        eprintln!(
            "SKIPPED the_real_binary_answers_questions_in_tmux: tmux is not installed here (.ci/run installs it)."
        );
        return;
    }
    let home = Home::new();
    // The user's data folder (XDG_DATA_HOME), where the progress is kept.
    let progress = home.path().join("data/floorcall/practice.json");
    let args = [
        "practice", "--seed", "21", "--topic", "to-call", "--count", "3",
    ];
    // The answers, from the same seeded session printed as JSON.
    let out = home.output(&[&args[..], &["--quiz-json"]].concat());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let answers: Vec<u64> = json
        .as_array()
        .expect("a list")
        .iter()
        .map(|q| q["answer"]["amount"].as_u64().expect("an amount"))
        .collect();
    assert_eq!(answers.len(), 3);
    let tmux = home.tmux_with("practice", &["NO_COLOR=1"], &args);
    tmux.wait_for("question 1 of 3");
    tmux.type_text(&answers[0].to_string());
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for_all(&["Right:", "1 of 1 right"]);
    assert!(screen.contains("1 of 1 right"), "{screen}");
    tmux.keys(&["Enter"]);
    tmux.wait_for("question 2 of 3");
    tmux.type_text(&(answers[1] + 1).to_string());
    tmux.keys(&["Enter"]);
    let answer = format!("{}", floorcall::table::Chips(answers[1]));
    let screen = tmux.wait_for_all(&["Wrong: the answer is", &answer]);
    assert!(screen.contains(&answer), "{screen}");
    tmux.type_text("?");
    tmux.wait_for("Why");
    tmux.type_text("q");
    let screen = tmux.wait_for_all(&["Practice summary (seed 21)", "to-call: 1 of 2 right (50%)"]);
    assert!(screen.contains("to-call: 1 of 2 right (50%)"), "{screen}");
    tmux.type_text("q");
    let start = std::time::Instant::now();
    while !progress.is_file() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "the progress was never saved"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let saved = Progress::load(&progress).expect("a progress file");
    assert_eq!(saved.topics["to-call"].asked, 2);
    assert_eq!(saved.sessions, 1);
    // --stats prints it from the same folder.
    let stats = home.output(&["practice", "--stats"]);
    let text = String::from_utf8_lossy(&stats.stdout);
    assert!(text.contains("to-call: 1 of 2 right (50%)"), "{text}");
}

/// Any key at all, in any phase.
fn any_key() -> impl Strategy<Value = KeyEvent> {
    let code = prop_oneof![
        any::<char>().prop_map(KeyCode::Char),
        proptest::sample::select(vec!['1', '2', '3', '4', '5', '9', '0', '?', 'q', ' '])
            .prop_map(KeyCode::Char),
        proptest::sample::select(vec![
            KeyCode::Enter,
            KeyCode::Backspace,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::Up,
            KeyCode::Delete,
            KeyCode::F(1),
        ]),
    ];
    let modifiers = proptest::sample::select(vec![
        KeyModifiers::NONE,
        KeyModifiers::SHIFT,
        KeyModifiers::CONTROL,
        KeyModifiers::ALT,
    ]);
    (code, modifiers).prop_map(|(c, m)| KeyEvent::new(c, m))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Nothing typed panics the screen, at any size: each key is taken
    /// or answered with a message, and the screen draws after each.
    #[test]
    fn no_key_sequence_panics_the_drill(
        keys in proptest::collection::vec(any_key(), 0..60),
        width in 1u16..120,
        height in 1u16..40,
    ) {
        let mut d = drill();
        for k in keys {
            d.handle_key(k);
            let _ = text(&d, width, height);
            let _ = text(&d, 80, 24);
            if d.should_quit() {
                prop_assert_eq!(d.phase(), &Phase::Summary);
                break;
            }
        }
        let asked: u32 = d.progress().topics.values().map(|s| s.asked).sum();
        prop_assert!(asked as usize <= 4, "at most the questions and their repeats: {}", asked);
    }
}

/// Issue 17 item 21: `practice --seed 7` on screen asks first what
/// `--quiz-json --seed 7` prints first, whatever count each is given.
#[test]
fn the_screen_asks_first_what_quiz_json_prints_first() {
    if !Tmux::installed() {
        eprintln!("SKIPPED the_screen_asks_first_what_quiz_json_prints_first: no tmux here.");
        return;
    }
    let home = Home::new();
    let out = home.output(&["practice", "--seed", "7", "--count", "3", "--quiz-json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let first = &json[0];
    let head = format!(
        "question 1 of 20 · {} · house {}",
        first["topic"].as_str().expect("a topic"),
        first["house"].as_str().expect("a house")
    );
    let blinds = first["table"][0].as_str().expect("the table").to_string();
    let tmux = home.tmux_with(
        "practice-first",
        &["NO_COLOR=1"],
        &["practice", "--seed", "7"],
    );
    let screen = tmux.wait_for("question 1 of 20");
    assert!(
        screen.contains(&head) && screen.contains(&blinds),
        "{head} / {blinds}:\n{screen}"
    );
    tmux.type_text("q");
    tmux.type_text("q");
}

/// Issue 17 item 22: at 80x24 practice cut the explanation mid-sentence
/// and dropped the table after answering. The table stays, and what is out
/// of view is marked and scrolled to.
#[test]
fn at_80x24_the_table_stays_and_nothing_is_cut_without_a_mark() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios/rulings/tda-skipped-player-floor-gives-every-option.toml");
    let s = scenario::load(&file).expect("loads");
    let q = cases::from_scenario(&s, None, 3).expect("a question");
    let mut d =
        Drill::new(vec![q.clone()], Progress::default(), 3, Theme::plain()).with_fixed_time(1);
    let wrong = wrong_choice(&q);
    key(&mut d, KeyCode::Char(wrong));
    let screen = text(&d, 80, 24);
    for line in &q.table {
        let start: String = line.chars().take(20).collect();
        assert!(
            screen.contains(&start),
            "the table's \"{start}\":\n{screen}"
        );
    }
    assert_snapshot!("practice_verdict_seven_seats", screen);
    // What the verdict says below the fold is reached by scrolling.
    let last = q
        .per_house
        .last()
        .map(|(house, _)| house.clone())
        .expect("houses");
    for _ in 0..30 {
        key(&mut d, KeyCode::Down);
    }
    let scrolled = text(&d, 80, 24);
    assert!(
        scrolled.contains(&last) || scrolled.contains("All five houses"),
        "{scrolled}"
    );
    // The explanation: its last words are reached, never cut off unmarked.
    key(&mut d, KeyCode::Char('?'));
    let explained = text(&d, 80, 24);
    let source = q.source.clone().expect("a case's source");
    let tail: String = source
        .chars()
        .rev()
        .take(12)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    if !explained.contains(&tail) {
        assert!(explained.contains("more lines"), "{explained}");
        for _ in 0..30 {
            key(&mut d, KeyCode::Down);
        }
        let end = text(&d, 80, 24);
        assert!(end.contains(&tail), "{tail}:\n{end}");
    }
}

/// The practice screen's keys line and every message that names a key, in
/// each phase: pinned before the keys became data (issue 34.2), so the
/// move changed no byte of them.
#[test]
fn the_drill_names_its_keys_in_each_phase() {
    let mut d = drill();
    let mut out = Vec::new();
    let mut note = |d: &Drill, typed: &str| {
        let shown = text(d, 80, 24);
        let lines: Vec<&str> = shown.lines().map(str::trim_end).collect();
        out.push(format!("after {typed}:"));
        for line in &lines[lines.len() - 2..] {
            out.push(format!("  {line}"));
        }
        let short = text(d, 80, 14);
        let marks = lines
            .iter()
            .copied()
            .chain(short.lines().map(str::trim_end))
            .filter(|l| l.contains("scrolls") || l.contains("Enter)"));
        for line in marks {
            out.push(format!("  {line}"));
        }
    };
    note(&d, "nothing");
    for c in ['x', '9', '?'] {
        key(&mut d, KeyCode::Char(c));
        note(&d, &c.to_string());
    }
    let wrong = wrong_choice(d.question().expect("a question"));
    key(&mut d, KeyCode::Char(wrong));
    note(&d, "a wrong choice");
    key(&mut d, KeyCode::Char('x'));
    note(&d, "x");
    key(&mut d, KeyCode::Char('?'));
    key(&mut d, KeyCode::Down);
    note(&d, "? Down");
    key(&mut d, KeyCode::Char(' '));
    note(&d, "Space");
    for c in ['x', '1'] {
        key(&mut d, KeyCode::Char(c));
        note(&d, &c.to_string());
    }
    key(&mut d, KeyCode::Backspace);
    key(&mut d, KeyCode::Enter);
    note(&d, "Backspace Enter");
    key(&mut d, KeyCode::Char('q'));
    note(&d, "q");
    assert_snapshot!("practice_keys", out.join("\n"));
}

/// Issue 34.2: the drill's keys are the key map's `[practice]` section
/// with the user's keys.toml laid over it: a key rebound there acts, and
/// the keys line and the messages name it.
#[test]
fn a_practice_key_rebound_in_the_users_file_acts_and_the_screen_names_it() {
    let keymap = floorcall::tui::Keymap::from_toml(
        "keys.toml",
        "[practice]\nx = \"explain\"\n\"?\" = \"none\"\na = \"number-1\"\nb = \"number-2\"\nc = \"number-3\"\nd = \"number-4\"\n",
        Some(&floorcall::tui::Keymap::default()),
    )
    .expect("a keymap");
    let mut d = drill().with_keymap(keymap);
    assert!(text(&d, 80, 24).contains("a-d answer"));
    key(&mut d, KeyCode::Char('?'));
    assert!(text(&d, 80, 24).contains("Press a to d to answer."));
    key(&mut d, KeyCode::Char('x'));
    assert!(text(&d, 80, 24).contains("Answer first: x explains the answer after the verdict."));
    let wrong = wrong_choice(d.question().expect("a question"));
    let letter = char::from(b'a' + (wrong as u8 - b'1'));
    key(&mut d, KeyCode::Char(letter));
    assert!(matches!(d.phase(), Phase::Answered { right: false, .. }));
    assert!(text(&d, 80, 24).contains("x explain"));
    key(&mut d, KeyCode::Char('z'));
    assert!(text(&d, 80, 24).contains("Enter: the next question; x explains; q quits."));
    key(&mut d, KeyCode::Char('x'));
    assert!(text(&d, 80, 24).contains("Why"), "{}", text(&d, 80, 24));
}
