//! The button drawn by a card at the table screen (Ugly Tuna Seating 6:
//! "Once the final table has been reached all players will draw a card
//! the dealer button"), from an inbox the test fills (no database): the
//! floor's `ButtonDrawn` is an order on the banner, `n` waits for it, the
//! key journals `button 3`, and the next hand's button and blinds follow
//! from the seat drawn.

use floorcall::journal::SteppingClock;
use floorcall::table::{Card, Seat};
use floorcall::tournament::FloorRecord;

use crate::floor::orders::{Floor, T0, hand, journal_has, t1};
use crate::tui::fixtures::press;
use crate::tui::session::{fold_round, message};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn seat(n: u8) -> Seat {
    Seat::new(n).expect("a seat")
}

/// The button drawn for T1 in its hand `hand`: Cy's As the highest.
fn drawn(hand: u32) -> FloorRecord {
    FloorRecord::ButtonDrawn {
        table: "T1".into(),
        cards: vec![
            (1, card("Kc")),
            (2, card("7d")),
            (3, card("As")),
            (4, card("Qh")),
        ],
        button: 3,
        hand: Some(hand),
    }
}

/// Table T1 (Ann, Bob, Cy, Di in seats 1 to 4, hand 1 dealt) over a floor
/// the test writes.
fn table_t1(path: &std::path::Path) -> (Floor, floorcall::tui::App) {
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let app = t1(path, &clock, None, &floor);
    (floor, app)
}

const ORDER: &str = "Button to seat 3 (Cy): the highest card, s1 Kc s2 7d s3 As s4 Qh";

#[test]
fn ugly_tuna_seating_6_the_key_puts_the_button_on_the_seat_drawn_and_the_blinds_follow() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let (floor, mut app) = table_t1(&path);
    // Hand 1 is dealt from seat 1 (the flags' button): blinds 2 and 3.
    floor.write(drawn(1));
    app.tick();
    assert_eq!(app.floor_banner(), [format!("Floor: {ORDER}  [F]")]);
    press(&mut app, "F");
    assert_eq!(
        message(&app),
        format!(
            "Hand 1 is still being played: the floor's order ({ORDER}) is carried out between hands."
        )
    );
    fold_round(&mut app);
    // The next hand waits for the button.
    press(&mut app, "n");
    assert_eq!(hand(&app), 1);
    assert_eq!(
        message(&app),
        format!(
            "The floor drew the button for the next hand ({ORDER}): F puts it there, once the players moving here are seated."
        )
    );
    press(&mut app, "F");
    assert_eq!(
        message(&app),
        format!("Done for the floor: {ORDER} (button 3). Every order of the floor is done.")
    );
    assert!(
        journal_has(&path, "button 3"),
        "journaled as a typed line is"
    );
    assert!(app.floor_banner().is_empty());
    // Done is read from the table: the key has nothing more to do.
    press(&mut app, "F");
    assert_eq!(message(&app), "The floor has no order for this table.");
    press(&mut app, "n");
    assert_eq!(hand(&app), 2, "{}", message(&app));
    let positions = app
        .session()
        .and_then(|s| s.table())
        .and_then(|t| t.positions)
        .expect("hand 2's positions");
    assert_eq!(
        (positions.button, positions.small, positions.big),
        (seat(3), seat(4), seat(1)),
        "dealt from the seat drawn as a first hand: the blinds the two seats after it"
    );
    // After hand 2, still done: the button moves on as usual.
    fold_round(&mut app);
    assert!(app.floor_banner().is_empty());
    press(&mut app, "n");
    let positions = app
        .session()
        .and_then(|s| s.table())
        .and_then(|t| t.positions)
        .expect("hand 3's positions");
    assert_eq!(positions.button, seat(4));
}

#[test]
fn a_button_drawn_after_the_table_set_one_is_a_new_order() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("t1.jsonl");
    let (floor, mut app) = table_t1(&path);
    floor.write(drawn(1));
    app.tick();
    fold_round(&mut app);
    press(&mut app, "F");
    press(&mut app, "n");
    fold_round(&mut app);
    assert!(app.floor_banner().is_empty());
    // A redraw later draws the same seat again, in hand 2: a new order.
    floor.write(drawn(2));
    app.tick();
    assert_eq!(app.floor_banner(), [format!("Floor: {ORDER}  [F]")]);
    press(&mut app, "F");
    assert!(app.floor_banner().is_empty(), "{}", message(&app));
}
