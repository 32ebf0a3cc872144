//! Defects a three-table tournament walked through the README's floor
//! commands found (`pg`, skipped loudly where PostgreSQL cannot be had),
//! each pinned at the Desk with real journals: a move whose player went
//! out before he could make it, and hand-for-hand at the last table.

use floorcall::floor::Desk;
use floorcall::session::TableCommand;
use floorcall::tournament::Decide;
use floorcall::tournament::orders::TableOrders;

use crate::floor::desk::{Dealer, carry_out, dealer, desk_on, seat_twelve, sync};
use crate::pg;

/// The TD confirmed a move from a table that had begun its next hand, and
/// the player went out in it: nothing is left to carry out, the
/// destination must not seat him with the chips he had, and he is not
/// counted as a player in transit.
#[test]
fn a_player_out_before_he_could_leave_is_not_moved() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (_db, options) = desk_on(pg, "tda", "walk-out");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    for d in dealers.iter_mut() {
        d.play(None);
    }
    // Two busts at T1 leave it two short of the others: a move to it.
    for _ in 0..2 {
        dealer(&mut dealers, "T1").hand_busting();
    }
    sync(&mut desk, &dealers);
    let proposal = desk.propose().expect("proposes").expect("a move");
    let mv = proposal.moves[0].clone();
    assert_eq!(mv.to, "T1", "{proposal:?}");
    // The origin deals its next hand before the TD confirms.
    let origin = dealer(&mut dealers, &mv.from);
    origin.line(TableCommand::NextHand);
    sync(&mut desk, &dealers);
    // A hand begun makes the proposal stale: proposed again, the same move.
    // A hand begun makes the proposal stale: proposed again from the
    // origin's hand in play.
    let confirmed = match desk.confirm() {
        Err(floorcall::floor::DeskError::Stale(Some(_))) => desk.confirm().expect("confirmed"),
        other => other.expect("confirmed"),
    };
    let mv = confirmed
        .iter()
        .find(|m| m.from == mv.from)
        .cloned()
        .expect("a move from the same table");
    let left_before = desk.floor().players_left();
    // He goes all in and loses that hand.
    let origin = dealer(&mut dealers, &mv.from);
    let winner = other_seat(origin, mv.from_seat);
    origin.play(Some((mv.from_seat, winner)));
    sync(&mut desk, &dealers);
    assert!(
        desk.floor().busts.iter().any(|b| b.player == mv.player),
        "placed"
    );
    assert!(
        desk.orders().iter().all(|(o, _)| o.player != mv.player),
        "{:?}",
        desk.orders()
    );
    assert_eq!(desk.floor().players_left(), left_before - 1);
    let t1 = dealer(&mut dealers, "T1")
        .session
        .table_between_hands()
        .expect("a table");
    let orders = TableOrders::of("T1", &t1, &desk.floor().records);
    assert!(orders.pending().next().is_none(), "{orders:?}");
}

/// Hand-for-hand is play across tables (Redtooth 53: "each table will
/// wait until all other tables finish their hands"): when the breaks
/// leave one table with it still on, that table is never held waiting
/// for a round no other table can finish.
#[test]
fn hand_for_hand_never_holds_the_last_table() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (_db, options) = desk_on(pg, "redtooth", "walk-hfh");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "redtooth");
    for d in dealers.iter_mut() {
        d.play(None);
    }
    // Down to seven players, then hand-for-hand (the bubble).
    while desk.floor().players_left() > 7 {
        let most = dealers
            .iter_mut()
            .max_by_key(|d| d.session.table_between_hands().map_or(0, |t| t.seats.len()))
            .expect("a table");
        most.hand_busting();
        sync(&mut desk, &dealers);
    }
    desk.set_hand_for_hand(true).expect("on");
    sync(&mut desk, &dealers);
    // Every table breaks but one (seven fit at a table of six plus one:
    // the final table, TDA 11).
    while fold_live(&desk) > 1 {
        let moves = desk.break_next().expect("breaks");
        carry_out(&mut dealers, &moves);
        sync(&mut desk, &dealers);
    }
    let name = dealers
        .iter()
        .find(|d| {
            d.session
                .table_between_hands()
                .is_some_and(|t| !t.seats.is_empty())
        })
        .map(|d| d.name.clone())
        .expect("the final table");
    // Three hands in a row, each let begin.
    for _ in 0..3 {
        let d = dealer(&mut dealers, &name);
        let table = d.session.table_between_hands().expect("a table");
        let orders = TableOrders::of(&name, &table, &desk.floor().records);
        assert_eq!(
            orders.may_begin(table.hand + 1),
            Ok(()),
            "{:?}",
            desk.hand_for_hand()
        );
        d.play(None);
        d.line(TableCommand::NextHand);
        d.play(None);
        sync(&mut desk, &dealers);
    }
}

/// Tables with a player, not broken.
fn fold_live(desk: &Desk) -> usize {
    desk.floor()
        .live_tables()
        .iter()
        .filter(|t| !desk.broken().contains(&t.name))
        .count()
}

/// The seat at `d`'s hand in play, other than `seat`, with the most chips
/// (who must cover `seat`, so that `seat` goes out to him).
fn other_seat(d: &Dealer, seat: u8) -> u8 {
    let state = d.session.state();
    let stack = |s: floorcall::table::Seat| state.seat(s).starting_stack.get();
    let mine = state
        .occupied()
        .find(|s| s.number() == seat)
        .map(stack)
        .expect("his seat");
    let (chips, winner) = state
        .occupied()
        .filter(|s| s.number() != seat)
        .map(|s| (stack(s), s.number()))
        .max()
        .expect("another player");
    if chips < mine {
        panic!("seat {winner} ({chips}) does not cover seat {seat} ({mine})");
    }
    winner
}
