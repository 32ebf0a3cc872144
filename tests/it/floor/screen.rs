//! `floorcall floor`, the TD's screen, on a desk in memory (`MemoryDesk`)
//! over real table journals (`floor_tables`): drawn into a `TestBackend`
//! at fixed sizes and driven by keys without a terminal.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::floor::ReaderStatus;
use floorcall::rules::HouseRules;
use floorcall::tournament::Decide;
use floorcall::tournament::{FloorRecord, Move};
use floorcall::tui::floor::{FloorDesk, FloorScreen, MemoryDesk, Tone};
use floorcall::tui::review::View;
use floorcall::tui::{Keymap, Theme};
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

use crate::floor::tables::{Playing, T0, named, nine, structure};
use crate::tui::fixtures::widget_text;

/// Nine minutes into the tournament (the clock started at T0).
pub(crate) const NOW: i64 = T0 + 9 * 60 * 1000;

pub(crate) fn key(screen: &mut FloorScreen<MemoryDesk>, code: KeyCode) {
    screen.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub(crate) fn keys(screen: &mut FloorScreen<MemoryDesk>, typed: &str) {
    for c in typed.chars() {
        key(screen, KeyCode::Char(c));
    }
}

pub(crate) fn text(screen: &FloorScreen<MemoryDesk>, width: u16, height: u16) -> String {
    widget_text(screen, width, height)
}

pub(crate) fn drawn(
    screen: &FloorScreen<MemoryDesk>,
    width: u16,
    height: u16,
) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(screen, f.area()))
        .expect("drawn");
    terminal.backend().buffer().clone()
}

/// Three tables mid-tournament: T1 on the flop of its fourth hand, T2
/// between hands after two, T3 (seven players) preflop with seat 6 to
/// act. The clock started at T0.
pub(crate) fn three_tables(dir: &std::path::Path) -> Vec<Playing> {
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
pub(crate) fn one_hand_each(dir: &std::path::Path, tables: &[(&str, usize)]) -> Vec<Playing> {
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

pub(crate) fn desk_of(tables: &[Playing]) -> MemoryDesk {
    MemoryDesk::new(
        HouseRules::tda(),
        structure(),
        tables.iter().map(Playing::for_desk).collect(),
        T0,
    )
}

/// When the last of `tables` wrote its last record.
pub(crate) fn latest(tables: &[Playing]) -> i64 {
    tables
        .iter()
        .filter_map(|t| floorcall::floor::glance(&t.loaded()).last_record)
        .map(|s| s.unix_ms)
        .max()
        .expect("records with times")
}

/// The screen over `tables`, the clock started at T0 and read half a
/// minute after the last record.
pub(crate) fn screen_of(tables: &[Playing]) -> FloorScreen<MemoryDesk> {
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

/// Keys typed on the floor screen: characters as themselves, `<Enter>`
/// and `<Esc>` by name.
pub(crate) fn press(screen: &mut FloorScreen<MemoryDesk>, typed: &str) {
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
pub(crate) fn told(screen: &mut FloorScreen<MemoryDesk>, typed: &str, out: &mut Vec<String>) {
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
