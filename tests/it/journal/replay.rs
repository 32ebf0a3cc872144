//! Replay and export of a journal's hands.

use super::*;

/// Three players check to the river, where seat 2 bets 300 and both call:
/// the pot is 600 from preflop and 900 from the river. Seat 2's flush
/// (Ah Th with 4h 2h 7h) takes all 1,500: 5,000 - 500 + 1,500 = 6,000; the
/// others keep 5,000 - 500 = 4,500.
const SHOWDOWN: &[&str] = &[
    "s1 call",
    "s2 call",
    "s3 check",
    "flop Ks9d4h",
    "s2 check",
    "s3 check",
    "s1 check",
    "turn 2h",
    "s2 check",
    "s3 check",
    "s1 check",
    "river 7h",
    "s2 bet 300",
    "s3 call",
    "s1 call",
    "s2 show AhTh",
    "s3 show 7s7d",
    "s1 show Kd9c",
];

/// The hand of `lines`, journaled in `dir`, as `replay` prints it.
fn replayed(dir: &Path, lines: &[&str]) -> String {
    let path = dir.join("j.jsonl");
    drop(journaled(&path, lines));
    let loaded = journal::load(&path).expect("loads");
    journal::replay::report(&loaded.hands[0]).join("\n")
}

#[test]
fn replay_shows_the_stacks_after_each_entry_and_names_the_hands_at_the_showdown() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let report = replayed(dir.path(), SHOWDOWN);
    for expected in [
        // Every entry is timed, in the room's clock.
        "#1 13:36:02 entered: s1 call",
        // The blinds are in before anyone acts.
        "    stacks s1 5,000 · s2 4,900 · s3 4,800",
        "#13 13:36:14 entered: s2 bet 300",
        "    stacks s1 4,800 · s2 4,500 · s3 4,800",
        "    at the showdown, on Ks9d4h2h7h:",
        "      s1 Kd9c: two pair, kings and nines",
        "      s2 AhTh: a flush, ace high",
        "      s3 7s7d: three of a kind, sevens",
        "    stacks s1 4,500 · s2 6,000 · s3 4,500",
    ] {
        assert!(
            report.contains(expected),
            "missing «{expected}» in:\n{report}"
        );
    }
    insta::assert_snapshot!(report);
    // The binary prints the same.
    let home = Home::new();
    let (code, out, err) = home.run(&["replay", path.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&report), "{out}");
}

#[test]
fn replay_names_no_hands_when_one_player_is_left() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let report = replayed(dir.path(), FOLDED);
    assert!(!report.contains("showdown"), "{report}");
    // Seat 1 raised to 600 and took the blinds: 5,000 + 100 + 200.
    assert!(
        report.ends_with("    stacks s1 5,300 · s2 4,900 · s3 4,800"),
        "{report}"
    );
}

// ----- export -----

/// A session of three hands: the showdown above, then two hands where the
/// first to act raises to 600 and both others fold (one fold keyed wrong
/// first and undone).
fn a_session_of_three_hands(path: &Path) {
    let mut session = journaled(path, SHOWDOWN);
    for hand in 0..2 {
        session.next_hand().expect("the next hand");
        let to_act = session.state().to_act.expect("someone to act").number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        play(&mut session, &[&format!("s{to_act} raise 600")]);
        if hand == 1 {
            play(&mut session, &[&format!("s{} call", others[0])]);
            session.undo().expect("undone");
        }
        play(
            &mut session,
            &[
                &format!("s{} fold", others[0]),
                &format!("s{} fold", others[1]),
            ],
        );
    }
}

#[test]
fn every_exported_hand_of_a_journal_reimports_to_its_stacks_one_or_all() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    a_session_of_three_hands(&path);
    let home = Home::new();
    let p = path.to_str().expect("utf-8");
    // All hands: one .phhs file, each hand under its number.
    let all = dir.path().join("all.phhs");
    let (code, _, err) = home.run(&[
        "export",
        "--format",
        "phh",
        p,
        "-o",
        all.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&all).expect("written");
    for n in 1..=3 {
        assert!(text.contains(&format!("[{n}]\nvariant = \"NT\"")), "{text}");
    }
    let (code, out, err) = home.run(&["import", "--check", all.to_str().expect("utf-8")]);
    assert_eq!((code, out.as_str()), (0, "3 passed, 0 failed\n"), "{err}");
    // Each hand alone: a .phh file.
    for n in 1..=3 {
        let one = dir.path().join(format!("hand-{n}.phh"));
        let (code, out, err) = home.run(&["export", p, "--hand", &n.to_string()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("variant = \"NT\""), "{out}");
        assert!(out.contains(&format!("hand = {n}\n")), "{out}");
        std::fs::write(&one, &out).expect("written");
        let (code, checked, err) = home.run(&["import", "--check", one.to_str().expect("utf-8")]);
        assert_eq!(
            (code, checked.as_str()),
            (0, "1 passed, 0 failed\n"),
            "{out}{err}"
        );
    }
    // OHH: one document a line, a blank line between, each with the
    // spec's fields.
    let (code, out, err) = home.run(&["export", "--format", "ohh", p]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 5, "{out}");
    for line in out.lines().filter(|l| !l.is_empty()) {
        let doc: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let problems = crate::phh::ohh_problems(&doc);
        assert!(problems.is_empty(), "{problems:#?}\n{line}");
    }
    // The showdown's stacks: seat 2's flush took the 1,500 pot.
    assert!(
        text.contains("finishing_stacks = [6000, 4500, 4500]"),
        "{text}"
    );
    // A hand broken in the .phhs file is named by its number.
    let broken = text.replace(
        "finishing_stacks = [6000, 4500, 4500]",
        "finishing_stacks = [6000, 4600, 4400]",
    );
    std::fs::write(&all, broken).expect("written");
    let (code, out, _) = home.run(&["import", "--check", all.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("all.phhs [1]: finishing_stacks are [6000, 4600, 4400]; the hand ends with [6000, 4500, 4500]."),
        "{out}"
    );
    assert!(out.ends_with("2 passed, 1 failed\n"), "{out}");
}

/// A hand whose pot holds chips no bet put there (posted dead: the floor's
/// forfeit of an underbet) is left out of a PHH export, saying why with
/// the rule the hand's house cites for it, not TDA's under every house
/// (it said "TDA 39-B" whatever the house); OHH writes it ("Post Dead").
#[test]
fn a_hand_left_out_of_a_phh_export_names_the_rule_its_house_cites() {
    use floorcall::journal::export::{Layout, export};
    for (house, cited) in [
        ("tda", "tda.txt 39-B"),
        ("upt", "ultimate-poker-tour.txt Betting 11"),
    ] {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("j.jsonl");
        let (journal, _) = open(&path);
        let names = BTreeMap::from([(1, "Ann".to_string())]);
        let header = HandHeader::new(house, 1, 9, names, table(&[5_000; 3], 1, (100, 200)));
        let rules = HouseRules::load(house).expect("a built-in house");
        let mut session = Session::start(header, rules, &mut Some(journal)).expect("starts");
        // Seat 2 puts out 300 of the 500 to call; the TD lets it forfeit
        // them and fold.
        play(
            &mut session,
            &[
                "s1 raise 600",
                "s2 push 300",
                "floor forfeit s2 300",
                "s3 fold",
            ],
        );
        drop(session);
        let loaded = floorcall::journal::load(&path).expect("loads");
        assert!(
            !loaded.hands[0].is_unfinished(),
            "{house}: the hand is over"
        );
        let refused = export(&loaded, Layout::Phh, Some(1), None).expect_err("left out");
        assert_eq!(
            refused,
            format!(
                "hand 1 was played with chips in the pot that PHH has no action for (the floor's forfeit of an underbet, {cited}; export it as .ohh, \"Post Dead\"): there is no hand history to export."
            ),
            "{house}"
        );
        let ohh = export(&loaded, Layout::Ohh, Some(1), None).expect("written");
        assert!(ohh.text.contains("Post Dead"), "{house}: {}", ohh.text);
    }
}

/// The same for chips an action out of turn left in the pot (Nuts 42: a
/// raise out of turn stays committed when the action to it changes).
#[test]
fn chips_an_action_out_of_turn_left_in_the_pot_are_named_as_such() {
    use floorcall::journal::export::{Layout, export};
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let (journal, _) = open(&path);
    let names = BTreeMap::from([(1, "Ann".to_string())]);
    let header = HandHeader::new("nuts", 1, 9, names, table(&[5_000; 3], 1, (100, 200)));
    let rules = HouseRules::load("nuts").expect("a built-in house");
    let mut session = Session::start(header, rules, &mut Some(journal)).expect("starts");
    // Seat 2 raises to 600 before seat 1, to act, raises to 1,000: seat
    // 2's 600 stay in the pot, and it folds.
    play(
        &mut session,
        &["s2 raise 600", "s1 raise 1000", "s2 fold", "s3 fold"],
    );
    drop(session);
    let loaded = floorcall::journal::load(&path).expect("loads");
    let refused = export(&loaded, Layout::Phh, Some(1), None).expect_err("left out");
    assert_eq!(
        refused,
        "hand 1 was played with chips in the pot that PHH has no action for (an action out of turn kept in the pot, nuts-poker-league.txt 42; export it as .ohh, \"Post Dead\"): there is no hand history to export."
    );
}
