//! `floorcall floor`, the TD's screen, on a desk in memory (`MemoryDesk`)
//! over real table journals (`floor_tables`): drawn into a `TestBackend`
//! at fixed sizes and driven by keys without a terminal.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::floor::ReaderStatus;
use floorcall::rules::HouseRules;
use floorcall::session::ClockRun;
use floorcall::tournament::Decide;
use floorcall::tournament::{FloorRecord, HandForHand, Move};
use floorcall::tui::floor::{Ask, FloorDesk, FloorScreen, MemoryDesk, Tone};
use floorcall::tui::review::View;
use floorcall::tui::{Keymap, Theme};
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

use crate::floor::tables::{Playing, T0, named, nine, structure};
use crate::tui::fixtures::widget_text;

/// Nine minutes into the tournament (the clock started at T0).
const NOW: i64 = T0 + 9 * 60 * 1000;

fn key(screen: &mut FloorScreen<MemoryDesk>, code: KeyCode) {
    screen.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn keys(screen: &mut FloorScreen<MemoryDesk>, typed: &str) {
    for c in typed.chars() {
        key(screen, KeyCode::Char(c));
    }
}

fn text(screen: &FloorScreen<MemoryDesk>, width: u16, height: u16) -> String {
    widget_text(screen, width, height)
}

fn drawn(screen: &FloorScreen<MemoryDesk>, width: u16, height: u16) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(screen, f.area()))
        .expect("drawn");
    terminal.backend().buffer().clone()
}

/// Three tables mid-tournament: T1 on the flop of its fourth hand, T2
/// between hands after two, T3 (seven players) preflop with seat 6 to
/// act. The clock started at T0.
fn three_tables(dir: &std::path::Path) -> Vec<Playing> {
    let t1 = nine("T1");
    let mut one = Playing::open(dir, "T1", &named(&t1), T0);
    one.hands(3);
    one.next_hand();
    one.play_to_the_flop();
    let t2: Vec<(String, u64)> = nine("T2").into_iter().take(8).collect();
    let mut two = Playing::open(dir, "T2", &named(&t2), T0);
    two.hands(2);
    let t3: Vec<(String, u64)> = nine("T3").into_iter().take(7).collect();
    let mut three = Playing::open(dir, "T3", &named(&t3), T0);
    three.hand();
    three.next_hand();
    three.seat_to_act("call");
    vec![one, two, three]
}

/// Tables (name, players) of nine-handed seats, each one hand played.
fn one_hand_each(dir: &std::path::Path, tables: &[(&str, usize)]) -> Vec<Playing> {
    tables
        .iter()
        .map(|(name, n)| {
            let players: Vec<(String, u64)> = nine(name).into_iter().take(*n).collect();
            let mut t = Playing::open(dir, name, &named(&players), T0);
            t.hand();
            t
        })
        .collect()
}

fn desk_of(tables: &[Playing]) -> MemoryDesk {
    MemoryDesk::new(
        HouseRules::tda(),
        structure(),
        tables.iter().map(Playing::for_desk).collect(),
        T0,
    )
}

/// When the last of `tables` wrote its last record.
fn latest(tables: &[Playing]) -> i64 {
    tables
        .iter()
        .filter_map(|t| floorcall::floor::glance(&t.loaded()).last_record)
        .map(|s| s.unix_ms)
        .max()
        .expect("records with times")
}

/// The screen over `tables`, the clock started at T0 and read half a
/// minute after the last record.
fn screen_of(tables: &[Playing]) -> FloorScreen<MemoryDesk> {
    let mut screen = FloorScreen::new(desk_of(tables), Theme::plain());
    key(&mut screen, KeyCode::Char(' '));
    screen.desk_mut().set_now(latest(tables) + 30_000);
    screen.tick();
    screen
}

#[test]
fn floor_three_tables_mid_tournament() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let screen = screen_of(&tables);
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("flop · pot"), "{shown}");
    assert!(shown.contains("24 players left of 24"), "{shown}");
    assert!(shown.contains("next to break: T3"), "{shown}");
    assert_snapshot!("floor_three_tables", shown);
}

/// Issue 35.6: the TD sees the chips in play against the chips issued
/// at every moment, from the room's own audit (`floor verify`'s): equal
/// while every chip at a table came by a draw, a move or a sale; a
/// player who sits with chips nobody gave is said at once.
#[test]
fn the_td_sees_the_chips_in_play_against_the_chips_issued() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("chips: 480,000 in play of 480,000 issued"),
        "{shown}"
    );
    tables[1].table_line("seat 9 sit 5000 Zed");
    screen
        .desk_mut()
        .set_journal("T2", tables[1].loaded())
        .expect("read");
    screen.tick();
    let shown = text(&screen, 200, 40);
    assert!(
        shown.contains("chips: 485,000 in play of 480,000 issued: Zed sat at T2 seat 9 with 5,000 that no draw or move of the floor gave"),
        "{shown}"
    );
}

/// The money line (issue 35.2): the pool (here the guarantee, more than
/// the entries paid), the places paid and their prizes, and late
/// registration, once the structure names money; nothing without it.
#[test]
fn the_td_sees_the_pool_the_places_paid_and_late_registration() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let without = screen_of(&tables);
    assert!(!text(&without, 120, 40).contains("pool"));
    let money = floorcall::tournament::funding::from_structure_toml(
        "[money]\nguarantee = 5000\n[money.entry]\ncost = 100\nchips = 10000\nuntil-level = 4\n[[money.tier]]\nup-to = 30\nshares = [50, 30, 20]\n",
    )
    .expect("reads")
    .expect("money");
    let mut screen = FloorScreen::new(desk_of(&tables).with_funding(money), Theme::plain());
    for player in ["Ann", "Bob", "Cy"] {
        let buy = floorcall::tournament::FloorCommand::Buy {
            player: player.into(),
            buy: floorcall::tournament::funding::Buy::Entry,
        };
        screen.desk_mut().decide(&buy).expect("an entry");
    }
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains(
            "pool 5,000 (3 entries), the guarantee │ 3 paid: 2,500, 1,500, 1,000 │ late registration open until level 4"
        ),
        "{shown}"
    );
    // `$`: the TD types the purchase as a floor line; a refusal says why
    // and changes nothing.
    let says = |screen: &mut FloorScreen<MemoryDesk>, line: &str, answer: &str| {
        keys(screen, &format!("${line}"));
        key(screen, KeyCode::Enter);
        let shown = text(screen, 120, 40);
        assert!(shown.contains(answer), "{line}: {shown}");
        shown
    };
    let shown = says(
        &mut screen,
        "entry Zed",
        "Zed's entry is recorded: the next draw seats the player.",
    );
    assert!(shown.contains("pool 5,000 (4 entries)"), "{shown}");
    says(
        &mut screen,
        "rebuy Zed",
        "Not done: This tournament sells no rebuys: its structure has no [money.rebuy].",
    );
    let shown = says(
        &mut screen,
        "deal icm agreed",
        "Not done: No deal while the entry is still sold (until level 4): the pool is not final.",
    );
    assert!(shown.contains("pool 5,000 (4 entries)"), "{shown}");
}

#[test]
fn a_bust_is_placed_and_shown_with_its_place() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    // T2's hand 3: the first to act goes all in, the next calls, the rest
    // fold; the board runs out and the bigger stack's aces win: the
    // smaller stack is out.
    let two = &mut tables[1];
    two.next_hand();
    let pusher = two.session.state().to_act.expect("to act");
    two.seat_to_act("allin");
    let caller = two.session.state().to_act.expect("to act");
    two.seat_to_act("call");
    while two.session.state().to_act.is_some() {
        two.seat_to_act("fold");
    }
    for line in ["flop 2c3d8h", "turn 9s", "river Jd"] {
        two.key(line);
    }
    let stack = |seat| two.session.state().seat(seat).starting_stack;
    let (winner, loser) = if stack(caller) >= stack(pusher) {
        (caller, pusher)
    } else {
        (pusher, caller)
    };
    two.key(&format!("s{} show AhAs", winner.number()));
    two.key(&format!("s{} show 7c4d", loser.number()));
    two.next_hand();
    screen
        .desk_mut()
        .set_journal("T2", two.loaded())
        .expect("folds");
    assert!(screen.tick());
    let busts = &screen.desk().floor().busts;
    assert_eq!(busts.len(), 1, "{busts:?}");
    assert_eq!(busts[0].place, 24);
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains(&format!("24th {} (T2, hand 3)", busts[0].player)),
        "{shown}"
    );
    assert!(shown.contains("23 players left of 24"), "{shown}");
}

#[test]
fn floor_pending_proposal() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 9), ("T2", 9), ("T3", 6)]);
    let mut screen = screen_of(&tables);
    keys(&mut screen, "b");
    let (tone, message) = screen.message().expect("a message");
    assert_eq!(tone, Tone::Info, "{message}");
    let pending = screen.desk().floor().pending.clone().expect("proposed");
    assert_eq!(pending.moves.len(), 2, "9, 9, 6: one from each full table");
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("proposed (y confirms):"), "{shown}");
    assert_snapshot!("floor_pending_proposal", shown);
    // Confirmed: each table carries it out; until then it is due.
    keys(&mut screen, "y");
    assert_eq!(screen.message().map(|m| m.0), Some(Tone::Info));
    assert!(screen.desk().floor().pending.is_none());
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("confirmed, not yet done:"), "{shown}");
    let first = &pending.moves[0];
    assert!(
        shown.contains(&format!("{}: seat {} leave", first.from, first.from_seat)),
        "{shown}"
    );
}

#[test]
fn a_confirmed_move_is_due_until_both_tables_carry_it_out() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = one_hand_each(dir.path(), &[("T1", 9), ("T2", 7)]);
    let mut screen = screen_of(&tables);
    keys(&mut screen, "by");
    let mv: Move = match screen
        .desk()
        .floor()
        .records
        .iter()
        .rev()
        .find_map(|r| match r {
            FloorRecord::MoveConfirmed { mv } => Some(mv.clone()),
            _ => None,
        }) {
        Some(mv) => mv,
        None => panic!("a move confirmed: {:?}", screen.message()),
    };
    let due = |s: &FloorScreen<MemoryDesk>| text(s, 120, 40).contains("confirmed, not yet done:");
    assert!(due(&screen));
    // The origin lets him go: still due at the destination.
    let from = tables
        .iter_mut()
        .find(|t| t.name == mv.from)
        .expect("origin");
    from.table_line(&format!("seat {} leave", mv.from_seat));
    let loaded = from.loaded();
    screen
        .desk_mut()
        .set_journal(&mv.from, loaded)
        .expect("folds");
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        !shown.contains(&format!("{}: seat {} leave", mv.from, mv.from_seat)),
        "{shown}"
    );
    // His chips are what his leave journaled, once the floor has told
    // them (`MoveLeft`): never the proposal's figure.
    let told = screen
        .desk()
        .records()
        .iter()
        .find_map(|r| match r {
            FloorRecord::MoveLeft { player, chips, .. } if *player == mv.player => Some(*chips),
            _ => None,
        })
        .expect("the floor told his leave");
    assert!(
        shown.contains(&format!(
            "{}: seat {} sit {} {}",
            mv.to, mv.to_seat, told, mv.player
        )),
        "{shown}"
    );
    // The destination seats him: done.
    let to = tables
        .iter_mut()
        .find(|t| t.name == mv.to)
        .expect("destination");
    to.table_line(&format!(
        "seat {} sit {} {}",
        mv.to_seat, mv.chips, mv.player
    ));
    let loaded = to.loaded();
    screen
        .desk_mut()
        .set_journal(&mv.to, loaded)
        .expect("folds");
    screen.tick();
    assert!(!due(&screen), "{}", text(&screen, 120, 40));
}

#[test]
fn floor_hand_for_hand_waiting() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    keys(&mut screen, "h");
    assert!(screen.desk().floor().hand_for_hand.is_some());
    // On while T1 and T3 play a hand: their hand is not hand-for-hand.
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("hand-for-hand: waiting for T1, T3 to finish the hand before it"),
        "{shown}"
    );
    // T2 deals the first hand-for-hand hand and plays it out: it waits
    // for T1 and T3 to deal and play theirs.
    let t2 = &mut tables[1];
    t2.next_hand();
    let dealt = t2.loaded();
    screen.desk_mut().set_journal("T2", dealt).expect("folds");
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("hand-for-hand: hand 1, waiting for T1, T2, T3"),
        "{shown}"
    );
    let t2 = &mut tables[1];
    t2.hand();
    let played = t2.loaded();
    screen.desk_mut().set_journal("T2", played).expect("folds");
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("hand-for-hand: hand 1, waiting for T1, T3"),
        "{shown}"
    );
    assert_snapshot!("floor_hand_for_hand", shown);
    keys(&mut screen, "h");
    assert!(screen.desk().floor().hand_for_hand.is_none());
    assert!(!text(&screen, 120, 40).contains("hand-for-hand:"));
}

#[test]
fn floor_offline_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    // A minute after the last record: nobody is quiet yet.
    let latest = latest(&tables);
    screen.desk_mut().set_now(latest + 60_000);
    screen.tick();
    assert!(!text(&screen, 120, 40).contains("QUIET"));
    // Four minutes without a record while the clock runs: quiet.
    screen.desk_mut().set_now(latest + 4 * 60_000);
    screen.desk_mut().set_problem(
        "T3",
        Some("T3's record 212 does not follow record 211: the database's copy was changed."),
    );
    screen.desk_mut().set_status(ReaderStatus::Offline {
        since: "13:50".into(),
        why: "the database: connection refused".into(),
    });
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("QUIET since"), "{shown}");
    assert!(shown.contains("DATABASE OFFLINE since 13:50"), "{shown}");
    assert!(
        shown.contains("(the database: connection refused)"),
        "{shown}"
    );
    assert!(shown.contains("RECORD UNREADABLE"), "{shown}");
    assert_snapshot!("floor_offline_table", shown);
    // The clock paused: nobody is expected to write.
    keys(&mut screen, " ");
    assert!(!text(&screen, 120, 40).contains("QUIET"));
}

#[test]
fn floor_fork_in_red() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    screen.desk_mut().add_fork(Some("T2"), 41);
    screen.desk_mut().add_fork(None, 7);
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(
        shown.contains("FORK: two versions of T2 record 41, the floor's record 7"),
        "{shown}"
    );
    assert_snapshot!("floor_fork", shown);
    // In colour the line is red.
    let coloured = FloorScreen::new(screen.desk().clone(), Theme::default());
    let buffer = drawn(&coloured, 120, 40);
    let row = (0..40)
        .find(|y| buffer[(1, *y)].symbol() == "F" && buffer[(2, *y)].symbol() == "O")
        .expect("the fork's line");
    assert_eq!(buffer[(1, row)].fg, Color::Red);
}

#[test]
fn floor_review_from_a_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = screen_of(&tables);
    key(&mut screen, KeyCode::Right);
    assert_eq!(screen.selected().map(|t| t.name.as_str()), Some("T2"));
    key(&mut screen, KeyCode::Enter);
    let review = screen.review().expect("the review is open");
    assert_eq!(review.hands().len(), 2, "T2 played two hands");
    assert!(matches!(review.view(), View::Hand { .. }));
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("T2"), "{shown}");
    assert_snapshot!("floor_review", shown);
    key(&mut screen, KeyCode::Esc);
    key(&mut screen, KeyCode::Esc);
    assert!(screen.review().is_none(), "Esc comes back to the floor");
    assert!(!screen.should_quit());
    assert!(text(&screen, 120, 40).contains("floorcall floor"));
}

#[test]
fn floor_a_ruling_and_a_clock_are_highlighted() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut tables = three_tables(dir.path());
    tables[0].seat_to_act("say if you bet I raise");
    let seat = tables[2].session.state().to_act.expect("to act").number();
    tables[2].table_line(&format!("clock s{seat}"));
    let mut screen = screen_of(&tables);
    // Twenty seconds into the clock on the player.
    let called = floorcall::floor::glance(&tables[2].loaded())
        .player_clock
        .expect("a clock called")
        .started_ms;
    screen.desk_mut().set_now(called + 20_000);
    screen.tick();
    let shown = text(&screen, 120, 40);
    assert!(shown.contains("RULING conditional-statement"), "{shown}");
    assert!(
        shown.contains(&format!("CLOCK on s{seat}: 0:30")),
        "{shown}"
    );
    assert_snapshot!("floor_ruling_and_clock", shown);
    // Accepted at the table: the floor no longer shows it.
    let seq = tables[0].session.hand().entries().len() as u32 - 1;
    tables[0].session.accept_rulings(seq).expect("accepted");
    let loaded = tables[0].loaded();
    screen.desk_mut().set_journal("T1", loaded).expect("folds");
    screen.tick();
    assert!(!text(&screen, 120, 40).contains("RULING"));
}

#[test]
fn floor_many_tables_one_line_each() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables: Vec<Playing> = (1..=20)
        .map(|i| {
            let name = format!("T{i}");
            let mut t = Playing::open(dir.path(), &name, &named(&nine(&name)), T0);
            t.hand();
            if i % 3 == 0 {
                t.next_hand();
                t.play_to_the_flop();
            }
            t
        })
        .collect();
    let mut screen = screen_of(&tables);
    let shown = text(&screen, 100, 24);
    assert!(shown.contains("tables 1 to 17 of 20"), "{shown}");
    assert_snapshot!("floor_many_tables", shown);
    // The selection scrolls the list.
    key(&mut screen, KeyCode::End);
    assert_eq!(screen.selected().map(|t| t.name.as_str()), Some("T20"));
    let shown = text(&screen, 100, 24);
    assert!(shown.contains(">T20"), "{shown}");
    assert!(shown.contains("tables 4 to 20 of 20"), "{shown}");
    key(&mut screen, KeyCode::Up);
    assert_eq!(screen.selected().map(|t| t.name.as_str()), Some("T19"));
}

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

/// Keys typed on the floor screen: characters as themselves, `<Enter>`
/// and `<Esc>` by name.
fn press(screen: &mut FloorScreen<MemoryDesk>, typed: &str) {
    let mut rest = typed;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<Enter>") {
            key(screen, KeyCode::Enter);
            rest = after;
        } else if let Some(after) = rest.strip_prefix("<Esc>") {
            key(screen, KeyCode::Esc);
            rest = after;
        } else {
            let c = rest.chars().next().expect("not empty");
            key(screen, KeyCode::Char(c));
            rest = &rest[c.len_utf8()..];
        }
    }
}

/// Presses `typed` and notes what the screen says after it.
fn told(screen: &mut FloorScreen<MemoryDesk>, typed: &str, out: &mut Vec<String>) {
    press(screen, typed);
    let said = screen.message().map_or("(nothing)", |m| m.1);
    out.push(format!("{typed:<12} {said}"));
}

/// Every message of the floor's that names a key, the keys line and the
/// help, as the shipped key map draws them: pinned before the keys became
/// data (issue 34.2), so the move changed no byte of them.
#[test]
fn the_floor_names_its_keys_in_its_messages_and_its_help() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = three_tables(dir.path());
    let mut screen = FloorScreen::new(desk_of(&tables), Theme::plain());
    let mut out = Vec::new();
    let shown = text(&screen, 120, 40);
    out.extend(shown.lines().next().map(str::trim_end).map(String::from));
    let wide = text(&screen, 160, 40);
    out.extend(wide.lines().last().map(str::trim_end).map(String::from));
    for typed in [
        "+",
        "L",
        "l",
        "z",
        "y",
        "b",
        "x",
        "m",
        "B",
        "e",
        "Zoe 2",
        "0000<Enter>",
        "c",
        "<Esc>",
        "M",
        "Ann T2",
        "<Esc>",
        "h",
        "h",
    ] {
        told(&mut screen, typed, &mut out);
    }
    press(&mut screen, "?");
    assert_snapshot!("floor_help", text(&screen, 120, 40));

    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 6), ("T2", 6), ("T3", 5)]);
    let mut screen = screen_of(&tables);
    for typed in [
        "B",
        "n",
        "B",
        "<Esc>",
        "eZoe 20000<Enter>",
        "cT1a 19000<Enter>",
    ] {
        told(&mut screen, typed, &mut out);
    }

    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 9), ("T2", 9), ("T3", 6)]);
    let mut screen = screen_of(&tables);
    for typed in [
        "b", "y", "x", "<Esc>", "x", "q", "m", "1", "T1 3", "<Esc>", "m", "9", "B", "y",
    ] {
        told(&mut screen, typed, &mut out);
    }
    assert_snapshot!("floor_messages", out.join("\n"));
}

/// Issue 34.2: the floor's keys are the key map's `[floor]` section (its
/// typed questions: `[prompt]`) with the user's keys.toml laid over it: a
/// key rebound there is the key that acts, and the key the keys line, the
/// help and the messages name.
#[test]
fn a_floor_key_rebound_in_the_users_file_acts_and_the_help_names_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let tables = one_hand_each(dir.path(), &[("T1", 9), ("T2", 9), ("T3", 6)]);
    let keymap = Keymap::from_toml(
        "keys.toml",
        "[floor]\nP = \"propose-moves\"\nb = \"none\"\nY = \"confirm-moves\"\n[prompt]\ntab = \"submit\"\n",
        Some(&Keymap::default()),
    )
    .expect("a keymap");
    let mut screen = screen_of(&tables).with_keymap(keymap);
    let said = |s: &FloorScreen<MemoryDesk>| s.message().map(|m| m.1.to_string());
    keys(&mut screen, "eZoe 20000");
    assert!(said(&screen).is_some_and(|m| m.ends_with("Tab: Zoe 20000")));
    key(&mut screen, KeyCode::Tab);
    assert!(said(&screen).is_some_and(|m| m.contains("Zoe is drawn to")));
    keys(&mut screen, "b");
    assert_eq!(
        said(&screen).as_deref(),
        Some("That key does nothing here: ? lists the keys.")
    );
    keys(&mut screen, "y");
    assert_eq!(
        said(&screen).as_deref(),
        Some("No move is proposed: P proposes the moves that balance the tables.")
    );
    keys(&mut screen, "P");
    assert!(
        screen.desk().floor().pending.is_some(),
        "{:?}",
        said(&screen)
    );
    assert!(said(&screen).is_some_and(|m| m.ends_with("Y confirms them.")));
    let shown = text(&screen, 160, 40);
    assert!(shown.contains("proposed (Y confirms):"), "{shown}");
    assert!(shown.contains("· P balance · Y confirm ·"), "{shown}");
    keys(&mut screen, "?");
    let help = text(&screen, 160, 40);
    assert!(
        help.contains("P  propose the moves that balance the tables"),
        "{help}"
    );
    assert!(help.contains("Y  confirm the moves proposed"), "{help}");
    keys(&mut screen, "?Y");
    assert!(screen.desk().floor().pending.is_none(), "confirmed by Y");
}

/// Issue 34.2: a user's keys.toml that binds one key twice in `[floor]`
/// is refused with its file and line, as in the table's sections, and so
/// is an action the floor does not do.
#[test]
fn a_users_file_with_a_clash_in_floor_is_refused_with_its_file_and_line() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("keys.toml");
    std::fs::write(
        &path,
        "[floor]\nP = \"propose-moves\"\nspace = \"help\"\n\" \" = \"level-clock\"\n",
    )
    .expect("written");
    let err = floorcall::tui::load_keymap(Some(&path))
        .expect_err("refused")
        .to_string();
    assert_eq!(
        err,
        format!(
            "{}: line 4, column 1: [floor] ' ' and 'space' (line 3) are the same key: a key does one thing in [floor]",
            path.display()
        )
    );
    std::fs::write(&path, "[floor]\nP = \"fold\"\n").expect("written");
    let err = floorcall::tui::load_keymap(Some(&path))
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains("line 2, column 5: [floor] 'fold' is not an action here"),
        "{err}"
    );
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
