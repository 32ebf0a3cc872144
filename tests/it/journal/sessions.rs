//! Sessions across hands, through the app: stacks carried, resume, the
//! head and repairs shown, a write that cannot be cut back.

use super::*;

#[test]
fn the_next_hand_carries_stacks_moves_the_button_and_busted_seats_leave() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = open(&path);
    let mut session = Session::start(
        header(&[1_000, 3_000, 5_000], 3),
        HouseRules::tda(),
        &mut Some(journal),
    )
    .expect("starts");
    // Button 3: seat 1 small blind, seat 2 big blind, seat 3 first to act.
    play(
        &mut session,
        &[
            "s3 allin",
            "s1 allin",
            "s2 fold",
            "s1 hole 2c7d",
            "s3 hole AhAd",
            "flop AsKd9c",
            "turn 4h",
            "river 3s",
            "s1 show",
            "s3 show",
        ],
    );
    assert_eq!(session.state().street, Street::Done);
    assert!(!session.hand_open());
    session.next_hand().expect("the next hand");
    let h = session.header();
    assert_eq!(h.number, 2);
    assert_eq!(
        h.setup.stacks,
        vec![
            (Seat::new(2).expect("2"), Chips(2_800)),
            (Seat::new(3).expect("3"), Chips(6_200))
        ]
    );
    assert_eq!(
        h.setup.button,
        Seat::new(2).expect("the next occupied seat clockwise")
    );
    assert!(h.names.is_empty(), "seat 1 left with its name");
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 2);
    assert_eq!(loaded.hands[1].header, *h);
    assert!(loaded.hands[0].sealed);
    verify(&path).expect("verifies");
    let again = Session::start(header(&[1_000, 0, 0], 1), HouseRules::tda(), &mut None);
    assert!(again.is_err(), "one player is no game");
}

#[test]
fn an_unfinished_journal_is_offered_for_resume() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let live = journaled(&path, LINES);
    let expected = live.state().clone();
    drop(live);
    let open_app = |resume: bool| {
        let (journal, loaded) = open(&path);
        App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume,
            ..AppOptions::default()
        })
    };
    let mut app = open_app(false);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "y");
    assert_eq!(app.mode(), Mode::Table);
    assert_eq!(app.state(), Some(&expected));
    drop(app);
    let app = open_app(true);
    assert_eq!(app.state(), Some(&expected), "--resume takes it up at once");
    drop(app);
    let mut app = open_app(false);
    // `n`, the key a dealer presses all day for the next hand, never
    // throws the hand away: the question stays and says how.
    press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Resume);
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        said.contains("N starts a new table, after a second question"),
        "{said}"
    );
    // `N` asks again; anything but `y` goes back to the question.
    press(&mut app, "N");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmNewTable));
    press(&mut app, "n");
    assert_eq!((app.mode(), app.overlay()), (Mode::Resume, None));
    press(&mut app, "N");
    press(&mut app, "y");
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "<Enter>");
    assert_eq!(app.session().map(|s| s.header().number), Some(2));
    let loaded = journal::load(&path).expect("loads");
    assert_eq!(loaded.hands.len(), 2, "the old hand stays in the journal");
    drop(app);
    verify(&path).expect("an abandoned hand is no damage");
}

#[test]
fn a_ruling_waiting_when_the_session_stopped_is_asked_again_on_resume() {
    let resumed = |lines: &[&str]| {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("j.jsonl");
        drop(journaled(&path, lines));
        let (journal, loaded) = Journal::open(&path).expect("opens");
        App::new(AppOptions {
            journal: Some(journal),
            last_hand: loaded.hands.into_iter().last(),
            resume: true,
            ..AppOptions::default()
        })
    };
    // An undercall facing a raise multi-way is the TD's (TDA 39-B): the
    // floor's choice is asked again.
    let app = resumed(&["s1 raise 600", "s2 push 300", "s3 call"]);
    let panel = app.ruling().expect("the ruling is shown again");
    assert_eq!(panel.rulings[0].id.as_str(), "undercall");
    // The 50% standard the house settles by itself: nothing to ask.
    let app = resumed(&LINES[..3]);
    assert!(app.ruling().is_none());
}

#[test]
fn a_resumed_hand_goes_on_under_the_house_the_journal_embeds() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let house = dir.path().join("club.toml");
    // The club's minimum raise is double the bet; then the file is changed,
    // and then removed, while the hand is open.
    std::fs::write(
        &house,
        "name = \"club\"\nextends = \"tda\"\n[settings.min-raise]\nvalue = \"double-the-bet\"\nrule = \"7\"\ntext = \"A raise is at least double the bet.\"\n",
    )
    .expect("written");
    let rules = HouseRules::load(house.to_str().expect("utf-8")).expect("loads");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = open(&path);
    let mut header = header(&[5_000, 5_000, 5_000], 1);
    header.house = house.display().to_string();
    let mut session = Session::start(header, rules.clone(), &mut Some(journal)).expect("starts");
    play(&mut session, &["s1 raise 600"]);
    drop(session);
    std::fs::write(&house, "name = \"club\"\nextends = \"upt\"\n").expect("changed");
    let (journal, loaded) = open(&path);
    let hand = &loaded.hands[0];
    assert_eq!(hand.recorded_rules(), Some(Ok(rules.clone())));
    std::fs::remove_file(&house).expect("removed");
    let app = App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    });
    let session = app.session().expect("resumed without the file");
    assert_eq!(session.hand().rules(), &rules);
    drop(app);
    let v = verify(&path).expect("re-ruled under the embedded house");
    assert_eq!(v.entries, 2);
}

#[test]
fn the_table_screen_shows_the_head_and_a_repair_on_start() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    drop(journaled(&path, LINES));
    let full = std::fs::read(&path).expect("read");
    std::fs::write(&path, &full[..full.len() - 20]).expect("written");
    let (journal, loaded) = open(&path);
    let head = journal.head().short();
    let app = App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    });
    let message = app.message().expect("said");
    assert!(
        message
            .text
            .starts_with("Journal repaired on start: dropped line 9 on ("),
        "{}",
        message.text
    );
    assert!(
        message
            .text
            .ends_with("Hand 1 resumed from the journal (6 entries)."),
        "{}",
        message.text
    );
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains(&format!("journal j.jsonl head {head}")),
        "{screen}"
    );
    assert!(
        screen.contains("Journal repaired on start: dropped line 9 on ("),
        "{screen}"
    );
    // Narrow, the head stays and the file's name goes.
    let screen = screen_text(&app, 80, 30);
    assert!(screen.contains(&format!("head {head}")), "{screen}");
}

/// The app resuming the journal at `path`'s last hand, its writes under
/// `faults`.
pub(super) fn resumed_with(path: &Path, faults: Faults) -> App {
    let (mut journal, loaded) = open(path);
    journal.inject_faults(faults);
    App::new(AppOptions {
        journal: Some(journal),
        last_hand: loaded.hands.into_iter().last(),
        resume: true,
        ..AppOptions::default()
    })
}

#[test]
fn a_write_that_cannot_be_cut_back_makes_the_journal_unusable_until_the_next_start() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let session = journaled(&path, &LINES[..1]);
    let taken = session.hand().entries().len();
    drop(session);
    // A write that fails, cut back cleanly: nothing recorded, go on.
    let mut app = resumed_with(
        &path,
        Faults {
            write_after: Some(30),
            ..Faults::default()
        },
    );
    let before = std::fs::read(&path).expect("read");
    press(&mut app, "c");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal);
    assert!(
        m.text.ends_with("Nothing was recorded: key it again."),
        "{}",
        m.text
    );
    assert_eq!(std::fs::read(&path).expect("read"), before, "cut back");
    press(&mut app, "c");
    assert_eq!(
        app.message().map(|m| m.kind),
        Some(MessageKind::Info),
        "taken"
    );
    drop(app);
    // Now the cut fails too: the journal takes nothing more this run.
    let mut app = resumed_with(
        &path,
        Faults {
            write_after: Some(30),
            cut_fails: true,
            ..Faults::default()
        },
    );
    let state = app.state().cloned();
    press(&mut app, "f");
    let m = app.message().expect("said").clone();
    assert_eq!(m.kind, MessageKind::Refusal);
    assert!(
        m.text.contains("the journal is unusable for the rest of this run (writing failed: the write was made to fail; cutting the unfinished write back failed too: the cut was made to fail). Nothing more can be recorded: quit, and start floorcall again to repair it"),
        "{}",
        m.text
    );
    assert_eq!(app.state().cloned(), state, "not taken");
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("UNUSABLE: quit and restart"), "{screen}");
    // Every later entry is refused too, without touching the file.
    let torn = std::fs::read(&path).expect("read");
    press(&mut app, "f");
    assert!(app.message().is_some_and(|m| m.text.contains("unusable")));
    assert_eq!(std::fs::read(&path).expect("read"), torn);
    drop(app);
    // The next start repairs it, and says so; every entry shown as taken
    // is there.
    let (journal, loaded) = open(&path);
    assert!(
        journal
            .repaired()
            .is_some_and(|r| r.contains("dropped line")),
        "{:?}",
        journal.repaired()
    );
    assert_eq!(loaded.hands[0].entries.len(), taken + 1);
    drop(journal);
    verify(&path).expect("repaired");
}
