//! A move confirmed while the mover's hand is in play: the leave takes
//! the chips she has when it is journaled (never the proposal's figure,
//! from the start of that hand), the floor tells them to the table she
//! goes to (`MoveLeft`), and she sits there with them; `floor verify`
//! checks the chips across the room. And the TD cancels or amends a move
//! confirmed and not yet made.

use floorcall::tournament::Decide;
use floorcall::tournament::orders::{OrderKind, TableOrders};

use super::*;

/// Twelve players under TDA, two out at T1: a move to T1 proposed while
/// its origin deals a hand, and confirmed.
fn confirmed_mid_hand(
    pg: &Cluster,
    tournament: &str,
    dir: &Path,
) -> (String, Desk, Vec<Dealer>, Move) {
    let (db, options) = desk_on(pg, "tda", tournament);
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir, &options, "tda");
    {
        let d = dealer(&mut dealers, "T1");
        d.play(None);
        d.hand_busting();
        d.hand_busting();
    }
    for name in ["T2", "T3"] {
        let d = dealer(&mut dealers, name);
        d.play(None);
        d.line(TableCommand::NextHand);
    }
    sync(&mut desk, &dealers);
    let proposal = desk.propose().expect("proposes").expect("a move");
    let moves = desk.confirm().expect("confirms");
    assert_eq!(moves, proposal.moves);
    let mv = moves[0].clone();
    assert!(
        desk.floor().table(&mv.from).unwrap().table.in_hand,
        "the origin is dealing"
    );
    (db, desk, dealers, mv)
}

/// The origin's hand played so that the mover wins the pot: every other
/// seat folds to her, or she bets and they fold.
fn mover_wins(d: &mut Dealer, seat: u8) {
    let mut guard = 0;
    while d.session.hand_open() {
        guard += 1;
        assert!(guard < 40, "the hand does not end");
        let to_act = d.session.state().to_act.expect("a seat to act").number();
        if to_act == seat {
            assert!(
                d.execute(&format!("s{seat} raise 1000")) || d.execute(&format!("s{seat} check"))
            );
        } else {
            assert!(d.execute(&format!("s{to_act} fold")));
        }
    }
}

fn chips_at(d: &Dealer, player: &str) -> Option<u64> {
    let t = d.session.table_between_hands().expect("a table");
    t.seats
        .values()
        .find(|p| p.name == player)
        .map(|p| p.chips.get())
}

fn orders_of(desk: &Desk, d: &Dealer) -> TableOrders {
    let table = d.session.table_between_hands().expect("a table");
    TableOrders::of(&d.name, &table, &desk.floor().records)
}

#[test]
fn a_move_confirmed_mid_hand_carries_the_chips_its_leave_journaled() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (db, mut desk, mut dealers, mv) = confirmed_mid_hand(pg, "moves-mid-hand", dir.path());
    let before = mv.chips;
    mover_wins(dealer(&mut dealers, &mv.from), mv.from_seat);
    let now = chips_at(dealer(&mut dealers, &mv.from), &mv.player).expect("still there");
    assert!(now > before, "she won in the hand: {now} > {before}");

    // The destination has the order but not the chips: they are what her
    // leave journals.
    let o = orders_of(&desk, dealer(&mut dealers, &mv.to));
    let sit = o.pending().next().expect("the sit").clone();
    assert!(matches!(sit.kind, OrderKind::Sit { .. }));
    assert!(!sit.ready, "{sit:?}");
    assert!(
        o.next(
            &dealer(&mut dealers, &mv.to)
                .session
                .table_between_hands()
                .unwrap()
        )
        .is_none()
    );

    // The origin's order shows her chips now, and the leave takes them.
    let o = orders_of(&desk, dealer(&mut dealers, &mv.from));
    let leave = o.pending().next().expect("the leave").clone();
    assert_eq!(leave.chips, now, "{}", leave.text());
    let command = leave.command().expect("a line");
    dealer(&mut dealers, &mv.from).line(command);
    sync(&mut desk, &dealers);
    assert!(
        desk.floor().records.iter().any(|r| matches!(r,
            FloorRecord::MoveLeft { player, chips, .. } if *player == mv.player && *chips == now)),
        "the floor tells the leave's chips"
    );

    // The destination seats her with them.
    let o = orders_of(&desk, dealer(&mut dealers, &mv.to));
    let to_table = dealer(&mut dealers, &mv.to)
        .session
        .table_between_hands()
        .unwrap();
    let sit = o.next(&to_table).expect("the sit is ready").clone();
    assert_eq!(sit.chips, now, "{}", sit.text());
    dealer(&mut dealers, &mv.to).line(sit.command().expect("a line"));
    sync(&mut desk, &dealers);
    assert!(desk.orders().is_empty(), "{:?}", desk.orders());
    assert_eq!(
        chips_at(dealer(&mut dealers, &mv.to), &mv.player),
        Some(now)
    );

    let verified = floor::verify(&mut pg.admin(&db), "moves-mid-hand").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
}

#[test]
fn the_td_cancels_a_move_not_yet_made_and_amends_one_whose_leave_is_journaled() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (_db, mut desk, mut dealers, mv) = confirmed_mid_hand(pg, "moves-cancel", dir.path());

    // Cancelled before she leaves: nothing is left to do anywhere.
    desk.cancel_move(&mv.player).expect("cancels");
    assert!(desk.orders().is_empty());
    for d in &dealers {
        assert_eq!(orders_of(&desk, d).pending().count(), 0, "{}", d.name);
    }
    assert!(
        desk.cancel_move(&mv.player).is_err(),
        "nothing to cancel twice"
    );

    // Proposed and confirmed again (the hand still in play), she leaves;
    // then she cannot be cancelled, only sent elsewhere.
    let again = desk.propose().expect("proposes").expect("a move");
    let mv = desk.confirm().expect("confirms")[0].clone();
    assert_eq!(again.moves[0].player, mv.player);
    dealer(&mut dealers, &mv.from).play(None);
    dealer(&mut dealers, &mv.from).line(TableCommand::Leave(Seat::new(mv.from_seat).unwrap()));
    sync(&mut desk, &dealers);
    let err = desk.cancel_move(&mv.player).expect_err("left already");
    assert!(err.to_string().contains("amend"), "{err}");
    let to = dealer(&mut dealers, &mv.to)
        .session
        .table_between_hands()
        .unwrap();
    let taken = to.seats.keys().next().unwrap().number();
    assert!(
        desk.amend_move(&mv.player, &mv.to, taken).is_err(),
        "a seat taken"
    );
    let free = (1..=SEATS)
        .find(|s| *s != mv.to_seat && !to.seats.contains_key(&Seat::new(*s).unwrap()))
        .expect("a free seat");
    let amended = desk.amend_move(&mv.player, &mv.to, free).expect("amends");
    assert_eq!(amended.to_seat, free);
    let o = orders_of(&desk, dealer(&mut dealers, &mv.to));
    let sit = o.next(&to).expect("the sit").clone();
    assert_eq!((sit.seat, sit.player.as_str()), (free, mv.player.as_str()));
    let left = chips_at(dealer(&mut dealers, &mv.to), &mv.player);
    assert_eq!(left, None);
    dealer(&mut dealers, &mv.to).line(sit.command().unwrap());
    sync(&mut desk, &dealers);
    assert!(desk.orders().is_empty(), "{:?}", desk.orders());
}

/// The issue's own case: the destination seats the mover with the
/// proposal's figure, not what her leave took. Every chain verifies alone;
/// the room does not, and says how many chips vanished.
#[test]
fn floor_verify_finds_chips_lost_between_two_tables() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (db, mut desk, mut dealers, mv) = confirmed_mid_hand(pg, "moves-lost", dir.path());
    mover_wins(dealer(&mut dealers, &mv.from), mv.from_seat);
    let now = chips_at(dealer(&mut dealers, &mv.from), &mv.player).expect("there");
    dealer(&mut dealers, &mv.from).line(TableCommand::Leave(Seat::new(mv.from_seat).unwrap()));
    sync(&mut desk, &dealers);
    // Before she sits, her chips are in transit: the room adds up.
    let verified = floor::verify(&mut pg.admin(&db), "moves-lost").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    let room = verified.room.clone().expect("the room audited");
    assert_eq!(room.in_transit, now);
    assert_eq!(room.issued, 12 * 10_000);
    assert_eq!(room.seated + room.in_transit, room.issued);
    // Seated with the proposal's figure, typed by hand.
    dealer(&mut dealers, &mv.to).line(TableCommand::Sit {
        seat: Seat::new(mv.to_seat).unwrap(),
        chips: Chips(mv.chips),
        name: mv.player.clone(),
    });
    sync(&mut desk, &dealers);
    let verified = floor::verify(&mut pg.admin(&db), "moves-lost").expect("verifies");
    assert!(!verified.ok(), "{:?}", verified.lines());
    assert!(
        verified.chains.iter().all(|c| c.problem.is_none()),
        "each chain alone verifies"
    );
    let lines = verified.lines().join("\n");
    let lost = Chips(now - mv.chips);
    assert!(
        lines.contains(&format!("{lost} chips lost between the tables")),
        "{lines}"
    );
}

fn press(screen: &mut floorcall::tui::floor::FloorScreen<Desk>, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => crossterm::event::KeyCode::Enter,
            c => crossterm::event::KeyCode::Char(c),
        };
        screen.handle_key(crossterm::event::KeyEvent::from(code));
    }
}

fn said(screen: &floorcall::tui::floor::FloorScreen<Desk>) -> String {
    screen
        .message()
        .map(|m| m.1.to_string())
        .unwrap_or_default()
}

/// On the TD's screen: `x` and a number cancel a move not yet made; `m`,
/// a number and `T2 5` amend one; a table with no record yet is "not
/// started", never "RECORD UNREADABLE".
#[test]
fn the_tds_screen_cancels_and_amends_moves_and_a_table_not_started_is_said_so() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (_db, options) = desk_on(pg, "tda", "moves-screen");
    let desk = Desk::open(options.clone()).expect("opens");
    let screen = floorcall::tui::floor::FloorScreen::new(desk, floorcall::tui::Theme::plain());
    let shown = crate::tui::fixtures::widget_text(&screen, 120, 40);
    assert!(shown.contains("not started"), "{shown}");
    assert!(!shown.contains("UNREADABLE"), "{shown}");
    drop(screen);

    let (_db, desk, _dealers, mv) = confirmed_mid_hand(pg, "moves-screen-2", dir.path());
    let mut screen = floorcall::tui::floor::FloorScreen::new(desk, floorcall::tui::Theme::plain());
    // B never asks while a move is still to be made, nor for a table in
    // a hand: it says why at once.
    press(&mut screen, "B");
    assert!(
        said(&screen).contains("confirmed moves are not yet made"),
        "{}",
        said(&screen)
    );
    assert!(screen.asking().is_none());
    press(&mut screen, "x");
    assert!(
        said(&screen).starts_with("Cancel which move? 1 "),
        "{}",
        said(&screen)
    );
    press(&mut screen, "1");
    assert!(said(&screen).contains("is cancelled"), "{}", said(&screen));
    assert!(screen.desk().orders().is_empty());
    press(&mut screen, "B");
    assert!(
        said(&screen).contains("T3 is playing hand"),
        "{}",
        said(&screen)
    );
    assert!(screen.asking().is_none());
    // Confirmed again, then sent to another seat by hand.
    screen.desk_mut().propose().expect("proposes");
    let again = screen.desk_mut().confirm().expect("confirms")[0].clone();
    assert_eq!(again.player, mv.player);
    let to = screen
        .desk()
        .floor()
        .table(&again.to)
        .unwrap()
        .table
        .clone();
    let free = (1..=SEATS)
        .find(|s| *s != again.to_seat && !to.seats.contains_key(&Seat::new(*s).unwrap()))
        .expect("a free seat");
    press(&mut screen, "m1");
    press(&mut screen, &format!("{} {free}\n", again.to));
    assert!(
        said(&screen).contains(&format!("now goes to {} seat {free}", again.to)),
        "{}",
        said(&screen)
    );
    assert_eq!(screen.desk().orders()[0].0.to_seat, free);

    // A move by hand: another player, from T2 or T3 to a free seat at T1.
    let t1 = screen.desk().floor().table("T1").unwrap().table.clone();
    let seat = (1..=SEATS)
        .find(|s| {
            !t1.seats.contains_key(&Seat::new(*s).unwrap()) && (again.to != "T1" || *s != free)
        })
        .expect("a free seat at T1");
    let other = screen
        .desk()
        .floor()
        .tables
        .iter()
        .filter(|t| t.name != "T1")
        .flat_map(|t| t.players())
        .map(|(_, name, _)| name)
        .find(|name| *name != mv.player)
        .expect("another player");
    press(&mut screen, &format!("M{other} T1 {seat}\n"));
    assert!(
        said(&screen).contains(&format!("{other} moves from")),
        "{}",
        said(&screen)
    );
    assert_eq!(screen.desk().orders().len(), 2);
    // Typing mistakes are said, and change nothing.
    press(&mut screen, "MNobody T1 1\n");
    assert!(said(&screen).contains("not seated"), "{}", said(&screen));
    // A late entry by hand: drawn to a seat like every entry (TDA 7).
    press(&mut screen, "eZoe 10000\n");
    assert!(
        said(&screen).starts_with("Zoe is drawn to T"),
        "{}",
        said(&screen)
    );
    press(&mut screen, "eZoe ten\n");
    assert!(said(&screen).contains("not a number"), "{}", said(&screen));
}
