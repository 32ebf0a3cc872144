//! The TD's keys on the floor screen, on a desk in memory: the grid and
//! the clock, breaking, help and quit, seats drawn before a first hand,
//! what is due and the winner, a stack corrected, the final table's draw,
//! a message to the room, and the hints' citations.

use crossterm::event::KeyCode;
use floorcall::rules::HouseRules;
use floorcall::session::ClockRun;
use floorcall::tournament::Decide;
use floorcall::tournament::{FloorRecord, HandForHand};
use floorcall::tui::Theme;
use floorcall::tui::floor::{Ask, FloorDesk, FloorScreen, MemoryDesk, Tone};

use crate::floor::screen::{
    NOW, desk_of, key, keys, one_hand_each, press, screen_of, text, three_tables, told,
};
use crate::floor::tables::{Playing, T0, named, structure};

#[test]
fn the_arrows_move_across_the_grid_and_j_k_one_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    text(&screen, 120, 40);
    let at = |s: &FloorScreen<MemoryDesk>| s.selected().map(|t| t.name.clone());
    key(&mut screen, KeyCode::Down);
    assert_eq!(at(&screen).as_deref(), Some("T3"), "two cards a row");
    key(&mut screen, KeyCode::Up);
    assert_eq!(at(&screen).as_deref(), Some("T1"));
    keys(&mut screen, "j");
    assert_eq!(at(&screen).as_deref(), Some("T2"));
    keys(&mut screen, "jjj");
    assert_eq!(at(&screen).as_deref(), Some("T3"), "the last stays");
    keys(&mut screen, "k");
    assert_eq!(at(&screen).as_deref(), Some("T2"));
}

#[test]
fn the_clock_keys_start_pause_adjust_and_change_the_level() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = FloorScreen::new(desk_of(&tables), Theme::plain());
    keys(&mut screen, "+");
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    assert!(screen.desk().clock().is_none(), "not started by +");
    keys(&mut screen, " ");
    let run = |s: &FloorScreen<MemoryDesk>| s.desk().clock().expect("a clock").run;
    assert!(matches!(run(&screen), ClockRun::Running { .. }));
    screen.desk_mut().set_now(NOW);
    keys(&mut screen, " ");
    assert_eq!(run(&screen), ClockRun::Paused);
    assert!(text(&screen, 120, 40).contains("11:00 left"));
    keys(&mut screen, "+");
    assert!(text(&screen, 120, 40).contains("12:00 left"));
    keys(&mut screen, "--");
    assert!(text(&screen, 120, 40).contains("10:00 left"));
    keys(&mut screen, "L");
    let stage = |s: &FloorScreen<MemoryDesk>| s.desk().clock().expect("a clock").at(NOW).stage;
    assert_eq!(stage(&screen), 1);
    assert!(text(&screen, 120, 40).contains("level 2 (200/400 ante 50) │ 20:00 left"));
    // The TD jumps from level to level: the break (stage 2) comes by the
    // clock, never by a key.
    keys(&mut screen, "L");
    assert_eq!(stage(&screen), 3, "level 3, past the break");
    keys(&mut screen, "L");
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    assert_eq!(stage(&screen), 3, "no level past the last");
    keys(&mut screen, "l");
    assert_eq!(stage(&screen), 1, "back to level 2");
    keys(&mut screen, " ");
    assert!(matches!(run(&screen), ClockRun::Running { .. }));
}

#[test]
fn a_new_level_is_said_to_apply_at_the_next_hand_under_the_house_in_force() {
    // It cited TDA 22 whatever the house: UPT says it in its own words.
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    for (house, cited) in [
        ("tda", "(tda.txt 22)"),
        ("upt", "(ultimate-poker-tour.txt Tournament 10)"),
        ("redtooth", "(redtooth.txt 44)"),
        ("ugly-tuna", "(tda.txt 22)"),
    ] {
        let desk = MemoryDesk::new(
            HouseRules::load(house).expect("a built-in house"),
            structure(),
            tables.iter().map(Playing::for_desk).collect(),
            T0,
        );
        let mut screen = FloorScreen::new(desk, Theme::plain());
        keys(&mut screen, " L");
        let (tone, message) = screen.message().expect("a message");
        assert_eq!(tone, Tone::Info, "{house}: {message}");
        assert_eq!(
            message,
            format!(
                "The clock is at the start of level 2: the tables take it at their next hand {cited}."
            ),
            "{house}"
        );
    }
}

#[test]
fn breaking_asks_first_and_a_refusal_is_a_message() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = one_hand_each(dir.path(), &[("T1", 6), ("T2", 6), ("T3", 5)]);
    let mut screen = screen_of(&tables);
    keys(&mut screen, "B");
    assert_eq!(screen.asking(), Some(&Ask::Break("T3".into())));
    keys(&mut screen, "n");
    assert!(screen.asking().is_none());
    assert!(
        !screen
            .desk()
            .floor()
            .records
            .iter()
            .any(|r| matches!(r, FloorRecord::TableBroken { .. }))
    );
    keys(&mut screen, "By");
    assert!(
        screen
            .desk()
            .floor()
            .records
            .contains(&FloorRecord::TableBroken { table: "T3".into() }),
        "{:?}",
        screen.message()
    );
    assert!(screen.tables().iter().any(|t| t.name == "T3" && t.broken));
    // Nothing proposed: `y` says so, it does not panic.
    keys(&mut screen, "y");
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    // T3's players not yet at their new tables: the next break is refused
    // at once, in a message, without asking first (a table in a hand is
    // refused the same way: floor::desk::moves).
    tables[0].next_hand();
    let loaded = tables[0].loaded();
    screen.desk_mut().set_journal("T1", loaded).expect("folds");
    screen.tick();
    keys(&mut screen, "B");
    let (tone, message) = screen.message().expect("a message");
    assert_eq!(tone, Tone::Refusal, "{message}");
    assert!(
        message.contains("confirmed moves are not yet made"),
        "{message}"
    );
    assert!(screen.asking().is_none());
}

#[test]
fn help_and_quit() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    keys(&mut screen, "?");
    assert!(screen.help_shown());
    assert!(text(&screen, 120, 40).contains("hand-for-hand on or off"));
    keys(&mut screen, "?");
    assert!(!screen.help_shown());
    keys(&mut screen, "x");
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    assert!(!screen.should_quit());
    keys(&mut screen, "q");
    assert!(screen.should_quit());
}

#[test]
fn the_desk_in_memory_draws_seats_and_the_screen_shows_tables_before_their_first_hand() {
    let empty = |name: &str| (name.to_string(), 9, floorcall::journal::Loaded::default());
    let desk = MemoryDesk::new(
        HouseRules::tda(),
        structure(),
        vec![empty("T1"), empty("T2")],
        T0,
    );
    let mut screen = FloorScreen::new(desk, Theme::plain());
    let players: Vec<(String, floorcall::table::Chips)> = (1..=12)
        .map(|i| (format!("P{i}"), floorcall::table::Chips(20_000)))
        .collect();
    let seats = screen
        .desk_mut()
        .draw_seats(&players)
        .expect("12 fit 18 seats");
    assert_eq!(seats.len(), 12);
    let per_table = |t: &str| seats.iter().filter(|a| a.table == t).count();
    assert_eq!(
        (per_table("T1"), per_table("T2")),
        (6, 6),
        "as even as can be"
    );
    // Drawn, not yet seated: the tables seat them from the reveal, as
    // their dealers open them (the same engine as the database's floor).
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("12 players left of 12 (12 to be seated)"),
        "{shown}"
    );
    assert!(!shown.contains("broken"), "{shown}");
    // Enter on a table that has dealt no hand: said, not opened.
    key(&mut screen, KeyCode::Enter);
    assert!(screen.review().is_none());
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    let dir = tempfile::tempdir().expect("a temp dir");
    for t in ["T1", "T2"] {
        let drawn: Vec<(String, u64)> = seats
            .iter()
            .filter(|a| a.table == t)
            .map(|a| (a.player.clone(), a.chips))
            .collect();
        let opened = Playing::open(dir.path(), t, &named(&drawn), T0);
        screen
            .desk_mut()
            .set_journal(t, opened.loaded())
            .expect("folds");
    }
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("12 players left of 12 │"), "{shown}");
    assert!(shown.contains("the clock has not started"), "{shown}");
}

/// The screen says what the floor's state asks of the TD, with its key: a
/// table due to break once the players left fit the others (UPT
/// Tournament 14's order), the tables out of balance, and the winner
/// once every other place is given.
#[test]
fn the_screen_says_what_is_due_and_names_the_winner() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 4), ("T2", 4), ("T3", 3)]);
    let screen = screen_of(&tables);
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("T3 due to break: B (11 players fit)"),
        "{shown}"
    );
    let tables = one_hand_each(dir.path(), &[("T4", 9), ("T5", 6)]);
    let screen = screen_of(&tables);
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("out of balance: b proposes the moves"),
        "{shown}"
    );
    assert!(shown.contains("15 players left of 15"), "{shown}");
    assert!(shown.contains("2 tables playing"), "{shown}");

    // One player left of the field, every other placed.
    let tables = one_hand_each(dir.path(), &[("T6", 3)]);
    let mut screen = screen_of(&tables);
    let floor = screen.desk_mut().floor_mut();
    let t = &mut floor.tables[0];
    let gone: Vec<_> = t.table.seats.keys().copied().skip(1).collect();
    for (i, seat) in gone.iter().enumerate() {
        let p = t.table.seats.remove(seat).expect("seated");
        floor.busts.push(floorcall::tournament::Bust {
            player: p.name,
            table: "T6".into(),
            seat: seat.number(),
            hand: 2,
            round: None,
            starting_stack: 20_000,
            place: 3 - i as u32,
            disqualified: false,
            shown: None,
        });
    }
    floor.field = 3;
    // Hand-for-hand left on to the end: nothing is waited for any more.
    floor.hand_for_hand = Some(HandForHand {
        round: 4,
        dealt: [("T6".to_string(), 3)].into_iter().collect(),
    });
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("T6a wins (T6) │ 3 players"), "{shown}");
    assert!(shown.contains("1st T6a (T6), the winner"), "{shown}");
    assert!(shown.contains("2nd T6c"), "{shown}");
    assert!(!shown.contains("hand-for-hand: hand"), "{shown}");
}

/// `c`: the TD corrects a stack by typing the player and the chips; the
/// floor writes its correction and the table (here, the desk in memory)
/// carries it out. A player nobody knows, or a word for the chips, is
/// refused and writes nothing.
#[test]
fn c_corrects_a_stack_from_the_floor() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    let (player, chips) = screen
        .desk()
        .floor()
        .table("T2")
        .unwrap()
        .players()
        .first()
        .map(|(_, p, c)| (p.clone(), c.get()))
        .expect("a player at T2");
    let records = screen.desk().floor().records.len();
    keys(&mut screen, "c");
    assert!(matches!(screen.asking(), Some(Ask::Correct(_))));
    keys(&mut screen, "Nobody 100");
    key(&mut screen, KeyCode::Enter);
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    assert!(
        screen
            .message()
            .unwrap()
            .1
            .contains("Nobody is neither seated"),
        "{:?}",
        screen.message()
    );
    keys(&mut screen, "c");
    keys(&mut screen, &format!("{player} lots"));
    key(&mut screen, KeyCode::Enter);
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Refusal));
    assert_eq!(screen.desk().floor().records.len(), records);

    keys(&mut screen, "c");
    keys(&mut screen, &format!("{player} {}", chips - 500));
    key(&mut screen, KeyCode::Enter);
    let (tone, said) = screen.message().expect("a message");
    assert_eq!(tone, Tone::Info, "{said}");
    assert!(said.contains("is corrected to"), "{said}");
    assert!(matches!(
        screen.desk().floor().records.last(),
        Some(FloorRecord::StackCorrected { player: p, chips: c, returns: None, .. })
            if *p == player && *c == chips - 500
    ));
    let stack = |screen: &FloorScreen<MemoryDesk>| {
        screen
            .desk()
            .floor()
            .table("T2")
            .unwrap()
            .players()
            .into_iter()
            .find(|(_, p, _)| *p == player)
            .map(|(_, _, c)| c.get())
    };
    // An order until T2 carries it out (`F`): then its journal has it.
    assert_eq!(stack(&screen), Some(chips));
    let two = &mut tables[1];
    let records = screen.desk().records().to_vec();
    two.obey(&records);
    screen
        .desk_mut()
        .set_journal("T2", two.loaded())
        .expect("folds");
    screen.tick();
    assert_eq!(stack(&screen), Some(chips - 500));
}

/// Issue 34.1: the final table from three tables is one draw of every
/// player of the tables that break (TDA 11), as the scenario runner has
/// always made it, at every desk: the engine decides it once.
#[test]
fn the_final_table_from_three_tables_is_one_draw() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 3), ("T2", 3), ("T3", 3)]);
    let mut desk = desk_of(&tables);
    desk.refresh();
    let moves = desk.break_next().expect("the final table");
    let draws: Vec<String> = desk
        .records()
        .iter()
        .filter_map(|r| match r {
            FloorRecord::DrawCommitted {
                purpose: floorcall::tournament::DrawPurpose::Break { table },
                ..
            } => Some(table.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(draws, ["T2,T3"]);
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|m| m.to == "T1"), "{moves:?}");
}

/// The TD's message for the room's page (issue 36), typed at the money
/// prompt: a sentence with its punctuation, recorded by the engine (a
/// `Said` record), said back; `say` alone clears it; the same message
/// again changes nothing and says why.
#[test]
fn the_td_says_a_message_to_the_room_at_the_money_prompt() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    press(&mut screen, "$say Colour-up of the 25s: T3 first.<Enter>");
    assert_eq!(
        screen.message(),
        Some((
            Tone::Info,
            "The room's screen says: Colour-up of the 25s: T3 first."
        ))
    );
    assert_eq!(
        screen.desk().tournament().message(),
        Some("Colour-up of the 25s: T3 first.")
    );
    press(&mut screen, "$say Colour-up of the 25s: T3 first.<Enter>");
    assert_eq!(
        screen.message(),
        Some((
            Tone::Refusal,
            "The room's screen already shows that message."
        ))
    );
    press(&mut screen, "$say<Enter>");
    assert_eq!(
        screen.message(),
        Some((Tone::Info, "The room's screen shows no message now."))
    );
    assert_eq!(screen.desk().tournament().message(), None);
    let said = screen
        .desk()
        .records()
        .iter()
        .filter(|r| matches!(r, FloorRecord::Said { .. }))
        .count();
    assert_eq!(said, 2);
}

/// The floor's hints cite the house in force, not TDA's numbers: under UPT
/// a late entry takes a stack placed for him (Tournament 6).
#[test]
fn the_floors_hints_cite_the_house_in_force() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let desk = MemoryDesk::new(
        HouseRules::load("upt").expect("upt"),
        structure(),
        tables.iter().map(Playing::for_desk).collect(),
        T0,
    );
    let mut screen = FloorScreen::new(desk, Theme::plain());
    let mut out = Vec::new();
    told(&mut screen, "e", &mut out);
    assert!(
        out[0].contains("drawn to a seat (ultimate-poker-tour.txt Tournament 6)"),
        "{out:?}"
    );
}
