//! The app driven by keys, without a terminal: one key per clear action,
//! amounts, the seat prefix, cards, the command bar, undo, rulings, quit,
//! the setup screen and the next hand.

use floorcall::table::invariants;
use floorcall::table::{Chips, Seat};
use floorcall::tui::Theme;
use floorcall::tui::app::{Mode, Overlay};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::tui::fixtures::{
    actions, app_at, app_at_table, facing_the_last_all_in, nine_handed, nine_handed_with_keys,
    press, refusal, ruling_shown, screen_text, setup_app,
};

#[test]
fn one_key_per_clear_action_for_the_seat_to_act() {
    let mut app = nine_handed();
    press(&mut app, "c"); // s4 calls the big blind
    press(&mut app, "f"); // s5 folds
    press(&mut app, "r<Enter>"); // s6 raises to the minimum, filled in
    press(&mut app, "a"); // s7 all in
    assert_eq!(
        actions(&app),
        [
            "s4 call 200",
            "s5 fold",
            "s6 raise 400",
            "s7 raise 10000 allin"
        ]
    );
}

#[test]
fn typing_replaces_the_minimum_and_arrows_step_a_big_blind() {
    let mut app = nine_handed();
    press(&mut app, "r1500<Enter>");
    press(&mut app, "r<Up><Up><Enter>");
    assert_eq!(actions(&app), ["s4 raise 1500", "s5 raise 3200"]);
}

#[test]
fn a_refusal_is_a_sentence_and_changes_nothing() {
    let mut app = nine_handed();
    let before = app.state().cloned();
    press(&mut app, "r300<Enter>");
    assert_eq!(
        refusal(&app),
        "Minimum raise is to 400; 300 is less and not all in."
    );
    assert_eq!(app.state().cloned(), before);
    assert!(app.prompt().is_some(), "the amount stays open to correct");
    press(&mut app, "<Esc>x");
    assert_eq!(refusal(&app), "Seat 4 cannot check: it faces 200 to call.");
}

#[test]
fn amounts_keyed_are_read_as_the_notation_reads_them() {
    let mut app = nine_handed();
    let before = app.state().cloned();
    // Seventeen digits: one more than the table maximum has.
    press(&mut app, "r20000000000000000<Enter>");
    assert_eq!(
        refusal(&app),
        "\"20000000000000000\": 20,000,000,000,000,000 chips is more than the most chips a table may have in play, 1,000,000,000,000,000."
    );
    assert_eq!(app.state().cloned(), before);
    press(&mut app, "<Esc>p9223372036854775808x2<Enter>");
    assert!(
        refusal(&app).contains("a chip of 9,223,372,036,854,775,808 is more than the most chips"),
        "{}",
        refusal(&app)
    );
    assert_eq!(app.state().cloned(), before);
}

#[test]
fn with_every_other_player_all_in_a_raise_is_refused_and_all_in_is_a_call() {
    let mut app = facing_the_last_all_in();
    let before = app.state().cloned();
    press(&mut app, ":s1 raise 6000<Enter>");
    assert_eq!(
        refusal(&app),
        "Seat 1 may only call or fold: every other player still in is all in, so no one could call a raise."
    );
    assert_eq!(app.state().cloned(), before);
    press(&mut app, "<Esc>a");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_eq!(
        actions(&app),
        [
            "s3 fold",
            "s1 raise 600",
            "s2 raise 3000 allin",
            "s1 call 3000"
        ]
    );
    let st = app.state().expect("at the table");
    assert_eq!(st.seat(Seat::new(1).expect("a seat")).stack, Chips(7000));
}

#[test]
fn a_seat_number_first_records_for_that_seat() {
    let mut app = nine_handed();
    press(&mut app, "7f");
    let st = app.state().expect("at the table");
    assert!(
        st.rulings.iter().any(|r| r.id.as_str() == "out-of-turn"),
        "an action out of turn is recorded and ruled on"
    );
    assert_eq!(st.to_act, Seat::new(4), "the turn stays with seat 4");
    press(&mut app, "<Enter>"); // the dealer accepts the ruling
    press(&mut app, "<Esc>3hAhKd<Enter>");
    let st = app.state().expect("at the table");
    assert_eq!(
        st.seat(Seat::new(3).expect("seat 3"))
            .hole
            .map(|h| h.map(|c| c.to_string())),
        Some(["Ah".to_string(), "Kd".to_string()])
    );
    press(&mut app, "10");
    assert_eq!(
        app.seat_prefix(),
        None,
        "seat 10 is not at a nine-seat table"
    );
    assert!(refusal(&app).contains("no seat 10"));
}

/// Regression: a key that would repeat a seen card was dropped, so `AsQd`
/// became `Ad`. What was typed stays, with the error against it.
#[test]
fn a_card_already_seen_is_kept_as_typed_with_the_error_against_it() {
    let mut app = nine_handed();
    press(&mut app, "3hAhKd<Enter>");
    press(&mut app, "5hAhQd");
    assert_eq!(refusal(&app), "Ah has already been seen in this hand.");
    let prompt = app.prompt().expect("the prompt stays open");
    assert_eq!(prompt.text, "AhQd", "nothing typed is dropped");
    assert_eq!(prompt.error.as_ref().map(|e| e.at), Some(0));
    let screen = screen_text(&app, 120, 40);
    assert!(screen.contains("AhQd"), "{screen}");
    press(&mut app, "<Enter>");
    assert_eq!(refusal(&app), "Ah has already been seen in this hand.");
    assert!(
        app.prompt().is_some(),
        "Enter records nothing while it is wrong"
    );
    press(&mut app, "<Bksp><Bksp><Bksp>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("A"));
    assert_eq!(app.prompt().and_then(|p| p.error.clone()), None);
    press(&mut app, "x");
    assert!(
        refusal(&app).contains("'x' is not a suit"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Bksp>sQd");
    assert_eq!(app.prompt().and_then(|p| p.error.clone()), None);
    press(&mut app, "J");
    assert!(
        refusal(&app).contains("That is 2 cards already"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Bksp><Bksp><Bksp><Bksp><Bksp>");
    press(&mut app, "Qs Qs");
    assert_eq!(refusal(&app), "Qs appears twice.");
    assert_eq!(
        app.prompt().and_then(|p| p.error.clone()).map(|e| e.at),
        Some(3)
    );
    press(&mut app, "<Bksp><Bksp>Kc<Enter>");
    assert!(app.prompt().is_none(), "{:?}", app.message());
}

#[test]
fn the_board_is_typed_after_the_betting() {
    let mut app = app_at_table(
        "tda",
        3,
        &[1_000, 1_000, 1_000],
        1,
        (10, 20),
        &[],
        Theme::default(),
    );
    press(&mut app, "d");
    assert!(refusal(&app).contains("not complete: seat 1 is to act"));
    press(&mut app, "ccx");
    press(&mut app, "dAs Kd 7c<Enter>");
    let st = app.state().expect("at the table");
    assert_eq!(st.board.len(), 3);
    assert_eq!(st.to_act, Seat::new(2));
}

#[test]
fn the_command_bar_takes_any_line_and_keeps_a_history() {
    let mut app = nine_handed();
    press(&mut app, ":s4 raise 600<Enter>:S5 CALL # called<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    press(&mut app, ":<Up><Up>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("s4 raise 600"));
    press(&mut app, "<Down>");
    assert_eq!(
        app.prompt().map(|p| p.text.as_str()),
        Some("S5 CALL # called")
    );
    press(&mut app, "<Esc>:s6 rase 900<Enter>");
    assert_eq!(
        refusal(&app),
        "Column 4: 'rase' is not an action: expected fold, check, call, bet, raise, allin, say, push, tap, muck, hole or show."
    );
    assert!(app.prompt().is_some(), "a malformed line stays open to fix");
}

#[test]
fn undo_is_a_retraction_and_redo_restores() {
    let mut app = nine_handed();
    press(&mut app, "c");
    let entries = app.session().expect("a session").hand().entries().len();
    press(&mut app, "u");
    assert!(actions(&app).is_empty());
    assert_eq!(
        app.session().expect("a session").hand().entries().len(),
        entries + 1,
        "undo appends a retraction"
    );
    press(&mut app, "U");
    assert_eq!(actions(&app), ["s4 call 200"]);
    press(&mut app, "u<C-r>");
    assert_eq!(actions(&app), ["s4 call 200"]);
}

#[test]
fn a_ruling_with_a_choice_for_the_floor_is_accepted_with_one_key() {
    let mut app = ruling_shown();
    let panel = app.ruling().expect("a ruling");
    assert_eq!(panel.rulings[0].id.as_str(), "undercall");
    assert!(panel.rulings[0].citation.rule.contains("39"));
    assert!(
        !panel.rulings[0].options.is_empty(),
        "the floor has a choice"
    );
    press(&mut app, "c");
    assert!(app.ruling().is_some(), "action keys wait for the ruling");
    press(&mut app, "<Enter>");
    assert!(app.ruling().is_none());
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
}

/// A ruling the house settles by itself binds at once and is told, with
/// its citation: no key to accept it.
#[test]
fn a_ruling_the_house_settles_binds_at_once_with_its_citation() {
    let mut app = nine_handed();
    press(&mut app, "r600<Enter>p900<Enter><Enter>");
    assert!(app.ruling().is_none(), "nothing to accept");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 raise 1000"]);
    let told = app.message().expect("a message").text.clone();
    assert!(told.contains("§ fifty-percent (tda.txt rule 43"), "{told}");
    // A clear in-turn bet, raise or call never stops for an accept.
    press(&mut app, "r3000<Enter>cc");
    assert!(app.ruling().is_none());
    assert_eq!(
        actions(&app),
        [
            "s4 raise 600",
            "s5 raise 1000",
            "s6 raise 3000",
            "s7 call 3000",
            "s8 call 3000"
        ]
    );
}

#[test]
fn the_floor_chooses_another_ruling_recorded_as_an_override() {
    let mut app = ruling_shown();
    press(&mut app, "o");
    let choices = app
        .ruling()
        .and_then(|p| p.choices.clone())
        .expect("the floor's choices");
    let labels: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        // No plain fold: the 300 pushed in turn stays in the pot (TDA
        // 38-A), so the fold is the forfeit (TDA 39-B).
        [
            "floor forfeit s5 300",
            "s5 raise 1000",
            "s5 raise 10000 allin"
        ]
    );
    press(&mut app, "1");
    assert!(app.ruling().is_none());
    assert_eq!(actions(&app), ["s4 raise 600", "s5 fold"]);
    let st = app.state().expect("a hand");
    assert_eq!(
        st.seat(floorcall::table::Seat::new(5).expect("seat 5"))
            .stack,
        floorcall::table::Chips(9700)
    );
    let hand = app.session().expect("a session").hand();
    let last = hand.entries().last().expect("entries");
    assert_eq!(
        last.line.as_deref(),
        Some("floor forfeit s5 300  # floor overrides undercall")
    );
    let retracted = &hand.entries()[hand.entries().len() - 2];
    assert_eq!(
        retracted.line.as_deref().map(|l| l.starts_with("# undo")),
        Some(true)
    );
}

/// Issue 32 item 5: every choice other than the suggestion is an override,
/// whether it replaces the ruled entry or follows it. "Misdeal anyway" on
/// the "No misdeal" panel follows it; it was journaled as "# floor accepts
/// misdeal" and the review counted no override.
#[test]
fn a_choice_that_follows_the_ruled_entry_is_journaled_and_counted_as_an_override() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("j.jsonl");
    let clock = floorcall::journal::SteppingClock::new(1_763_814_961_000, 0, 0);
    let mut app = crate::tui::session::table_app(&path, &clock, false, None);
    press(&mut app, "cc"); // s4 and s1 call: substantial action (TDA 35)
    press(&mut app, ":floor misdeal<Enter>");
    let panel = app.ruling().expect("the floor's misdeal question");
    assert!(
        panel
            .rulings
            .iter()
            .any(|r| r.text.starts_with("No misdeal")),
        "{panel:?}"
    );
    press(&mut app, "o1");
    assert!(app.ruling().is_none());
    assert!(app.state().expect("a hand").misdealt);
    drop(app);
    let loaded = floorcall::journal::load(&path).expect("loads");
    let hands = floorcall::tui::review::hands_of(loaded.hands, |_| None);
    let lines: Vec<&str> = hands[0]
        .hand
        .entries
        .iter()
        .filter_map(|e| e.line.as_deref())
        .collect();
    assert!(
        !lines.iter().any(|l| l.contains("accepts")),
        "an override is not an acceptance: {lines:?}"
    );
    assert_eq!(
        lines.last(),
        Some(
            &"floor misdeal: the interest of fairness  # floor overrides misdeal, substantial-action"
        )
    );
    assert_eq!(hands[0].summary.overrides, 1, "{:?}", hands[0].corrections);
}

#[test]
fn the_floor_may_key_its_own_line_instead() {
    let mut app = ruling_shown();
    press(&mut app, ":s5 call<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    assert!(app.ruling().is_none());
}

#[test]
fn another_seat_binds_the_open_motion_first_and_waits_for_its_ruling() {
    let mut app = nine_handed();
    press(&mut app, "r600<Enter>p300<Enter>");
    assert!(app.state().expect("a hand").pending.is_some());
    press(&mut app, "6f");
    assert!(
        app.ruling().is_some(),
        "the undercall is the floor's to rule"
    );
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600"]);
    press(&mut app, "<Enter>");
    assert_eq!(actions(&app), ["s4 raise 600", "s5 call 600", "s6 fold"]);
    // Without a seat keyed, the action key waits the same way and then
    // acts for the seat to act.
    press(&mut app, "p300<Enter>f");
    assert!(
        app.ruling().is_some(),
        "the undercall is the floor's to rule"
    );
    press(&mut app, "<Enter>");
    assert_eq!(
        actions(&app),
        [
            "s4 raise 600",
            "s5 call 600",
            "s6 fold",
            "s7 call 600",
            "s8 fold"
        ]
    );
}

#[test]
fn a_second_motion_is_a_string_bet() {
    let mut app = nine_handed();
    press(&mut app, "p200<Enter>+600<Enter><Enter>");
    assert!(app.ruling().is_none(), "the house settles a string bet");
    assert_eq!(actions(&app), ["s4 call 200"]);
    let st = app.state().expect("a hand");
    assert_eq!(st.rulings.last().map(|r| r.id.as_str()), Some("string-bet"));
}

#[test]
fn verbal_declarations_tap_and_muck() {
    let mut app = nine_handed();
    // Enter binds seat 4's words; a muck while its motion is open would
    // be seat 4's own.
    press(&mut app, "sraise 800<Enter><Enter>m<Enter>");
    assert_eq!(actions(&app), ["s4 raise 800", "s5 fold"]);
    press(&mut app, "t");
    assert!(
        refusal(&app).contains("A tap is a check"),
        "{:?}",
        app.message()
    );
}

#[test]
fn the_bet_key_facing_a_bet_opens_the_raise_and_says_so() {
    let mut app = nine_handed();
    press(&mut app, "b");
    let prompt = app.prompt().expect("the raise is open");
    assert_eq!(prompt.label(), "Seat 4 raises to");
    assert_eq!(prompt.text, "400");
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("Seat 4 faces a bet of 200: a bet now is a raise, to at least 400 (filled in).")
    );
    press(&mut app, "<Enter>");
    assert_eq!(actions(&app), ["s4 raise 400"]);
}

#[test]
fn amounts_take_k_for_thousands_and_the_arrows_keep_to_the_minimum() {
    let mut app = nine_handed();
    press(&mut app, "r2.5k<Enter>");
    assert_eq!(actions(&app), ["s4 raise 2500"]);
    // The minimum is now 4,800: down never goes below it.
    press(&mut app, "r<Down><Down>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("4800"));
    press(&mut app, "<Up>");
    assert_eq!(app.prompt().map(|p| p.text.as_str()), Some("5000"));
    press(&mut app, "<Esc>r1.2345k<Enter>");
    assert!(
        refusal(&app).contains("not whole chips"),
        "{:?}",
        app.message()
    );
    press(&mut app, "<Esc>");
    // A short stack: the minimum is all in, and the arrows stay there.
    let mut short = app_at_table(
        "tda",
        3,
        &[10_000, 10_000, 300],
        3,
        (100, 200),
        &[],
        Theme::default(),
    );
    press(&mut short, "r<Up>");
    assert_eq!(short.prompt().map(|p| p.text.as_str()), Some("300"));
    press(&mut short, "<Down><Down>");
    assert_eq!(short.prompt().map(|p| p.text.as_str()), Some("300"));
    press(&mut short, "<Enter>");
    assert_eq!(actions(&short), ["s3 raise 300 allin"]);
}

#[test]
fn quit_asks_while_a_hand_is_open() {
    let mut app = nine_handed();
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    press(&mut app, "n");
    assert!(!app.should_quit());
    press(&mut app, "qy");
    assert!(app.should_quit());
}

#[test]
fn the_next_hand_carries_stacks_and_moves_the_button() {
    let mut app = app_at_table(
        "tda",
        4,
        &[1_000, 1_000, 0, 1_000],
        1,
        (10, 20),
        &[],
        Theme::default(),
    );
    press(&mut app, "n");
    assert!(refusal(&app).contains("still on the preflop"));
    press(&mut app, "ff"); // seats 2 and 4 post the blinds; seat 1 and seat 2 fold
    let st = app.state().expect("a hand");
    assert_eq!(
        st.street,
        floorcall::table::Street::Done,
        "{:?}",
        app.message()
    );
    press(&mut app, "n");
    let s = app.session().expect("a session");
    assert_eq!(s.header().number, 2);
    assert_eq!(s.header().setup.button, Seat::new(2).expect("seat 2"));
    assert_eq!(
        s.header().setup.stacks,
        vec![
            (Seat::new(1).expect("1"), Chips(1_000)),
            (Seat::new(2).expect("2"), Chips(990)),
            (Seat::new(4).expect("4"), Chips(1_010)),
        ]
    );
    assert!(!screen_text(&app, 120, 40).contains("hand over"));
}

#[test]
fn the_setup_screen_starts_a_table() {
    let mut app = setup_app();
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "<Down>6"); // seats: 6
    press(&mut app, "<Down><Down><Down><Bksp><Bksp><Bksp>400"); // big blind 400
    press(&mut app, "<Down><Down><Tab>Ann<Enter>");
    assert_eq!(app.mode(), Mode::Table, "{:?}", app.setup().error);
    let s = app.session().expect("a session");
    assert_eq!(s.header().seats, 6);
    assert_eq!(s.state().big_blind, Chips(400));
    assert_eq!(s.header().names.get(&1).map(String::as_str), Some("Ann"));
}

#[test]
fn the_setup_screen_says_why_a_table_cannot_start() {
    let mut app = setup_app();
    press(&mut app, "<Down><Down><Down><Bksp><Bksp><Bksp>999<Enter>");
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(
        app.setup().error.as_deref(),
        Some("The table cannot start: the small blind (999) is more than the big blind (200).")
    );
}

#[test]
fn hints_come_from_the_live_keymap() {
    let mut app = nine_handed_with_keys("[table]\nk = \"fold\"\nf = \"none\"\n");
    let text = screen_text(&app, 120, 40);
    assert!(text.contains("k fold"), "{text}");
    assert!(!text.contains("f fold"), "{text}");
    press(&mut app, "f");
    assert!(actions(&app).is_empty());
    press(&mut app, "k");
    assert_eq!(actions(&app), ["s4 fold"]);
}

#[test]
fn help_lists_every_key_of_the_map() {
    let mut app = nine_handed();
    press(&mut app, "?");
    let text = screen_text(&app, 120, 200);
    for word in [
        "fold",
        "second motion",
        "command bar",
        "the floor rules otherwise",
        "s3 push 1400",
    ] {
        assert!(text.contains(word), "help lacks {word}:\n{text}");
    }
    press(&mut app, "<Esc>");
    assert_eq!(app.overlay(), None);
}

/// Regression: nothing a user types may panic, and the hand stays sound.
#[test]
fn random_keys_never_panic_and_keep_the_hand_sound() {
    const KEYS: &[&str] = &[
        "f", "x", "c", "b", "r", "a", "s", "p", "+", "t", "m", "h", "w", "d", "!", "u", "U", ":",
        "n", "?", "o", "y", "1", "2", "3", "0", "9", "<Enter>", "<Esc>", "<Up>", "<Down>",
        "<Bksp>", "<Left>", "<Right>", "<Tab>", "A", "K", "s", "h", "7", "5", "00", "x2+", " ",
        "<C-r>", "raise", "call", "flop", "AsKd7c", "#", "<lt>", "é", "q", "<C-c>",
    ];
    let mut rng = StdRng::seed_from_u64(4);
    for round in 0..40 {
        let mut app = nine_handed();
        for _ in 0..400 {
            let key = KEYS[rng.random_range(0..KEYS.len())];
            if (key == "q" || key == "<C-c>") && rng.random_bool(0.9) {
                continue;
            }
            press(&mut app, key);
            if app.should_quit() {
                break;
            }
            let session = app.session().expect("a session");
            if let Err(e) = invariants::check(session.hand()) {
                panic!("round {round}: {e}");
            }
        }
        screen_text(&app, 100, 30);
    }
}

#[test]
fn an_out_of_turn_chain_shows_on_the_seats_and_the_floor_picks_the_skipped_seats_treatment() {
    // TDA 40-B, the addendum's example: UTG (seat 3) makes it 600; seat 4
    // is skipped when seat 5 calls and seat 6 folds out of turn.
    let mut app = app_at("tda", &[10000; 7], 7, (100, 200), &[]);
    press(&mut app, "r600<Enter>");
    press(&mut app, "5c");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let screen = screen_text(&app, 120, 40);
    assert!(
        screen.contains("s5 calls 600, out of turn, pending"),
        "the held call shows in the log:\n{screen}"
    );
    assert!(
        screen.contains("│calls 600 ") && screen.contains("│OOT, pending "),
        "the held call shows on seat 5's box:\n{screen}"
    );
    press(&mut app, "6f");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_eq!(actions(&app), ["s3 raise 600", "s6 fold"]);
    // Seat 7 acts out of turn as well: seat 4 has not spoken up, so the
    // chain binds and the floor is asked about seat 4's hand.
    press(&mut app, "7f");
    let panel = app.ruling().expect("the floor is asked").clone();
    assert!(
        panel
            .rulings
            .iter()
            .any(|r| r.id.as_str() == "substantial-action" && !r.options.is_empty()),
        "{panel:?}"
    );
    assert_eq!(
        actions(&app),
        ["s3 raise 600", "s6 fold", "s5 call 600", "s7 fold"]
    );
    let st = app.state().expect("at the table");
    let four = Seat::new(4).expect("a seat");
    assert_eq!(st.to_act, Some(four));
    assert!(!st.can_raise(four, app.session().expect("a session").hand().rules()));
    // The floor gives seat 4 every option: the first choice offered.
    press(&mut app, "o1");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    let st = app.state().expect("at the table");
    assert!(st.can_raise(four, app.session().expect("a session").hand().rules()));
    press(&mut app, "r1800<Enter>");
    assert_eq!(
        actions(&app).last().map(String::as_str),
        Some("s4 raise 1800")
    );
    assert!(invariants::check(app.session().expect("a session").hand()).is_ok());
}

#[test]
fn the_floor_lets_an_undercaller_forfeit_the_underbet_and_it_stays_in_the_pot() {
    // TDA 39-B: facing a raise multi-way, an undercall is the TD's call.
    let mut app = app_at("tda", &[10000; 4], 1, (100, 200), &[]);
    press(&mut app, "r600<Enter>"); // seat 4 raises
    press(&mut app, ":s1 push 300<Enter>");
    while app.ruling().is_none() && app.state().is_some_and(|s| s.pending.is_some()) {
        press(&mut app, "<Enter>");
    }
    let panel = app.ruling().expect("the undercall is the floor's").clone();
    assert!(
        panel.rulings.iter().any(|r| r.id.as_str() == "undercall"),
        "{panel:?}"
    );
    press(&mut app, "o1");
    let st = app.state().expect("at the table");
    let one = Seat::new(1).expect("a seat");
    assert_eq!(st.seat(one).stack, Chips(9700), "the 300 stays in");
    assert!(st.seat(one).folded);
    assert_eq!(st.pot(), Chips(1200)); // 100 + 200 + 600 + 300
    assert!(invariants::check(app.session().expect("a session").hand()).is_ok());
}
