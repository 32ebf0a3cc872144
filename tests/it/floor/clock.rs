//! What the floor's clock does hand-for-hand, a house setting
//! (`hand-for-hand-clock`), against a real PostgreSQL (`pg`, skipped
//! loudly where it cannot be had): every built-in house keeps it running
//! (their books are silent; Ugly Tuna Rules 4: "Table action never stops
//! until a schedule break"); a house file that stops it has the Desk pause
//! the clock as hand-for-hand goes on and resume it as it goes off, a
//! pause of the TD's own left as it is.

use std::sync::Arc;

use floorcall::floor::{ClockAction, Desk};
use floorcall::journal::SteppingClock;
use floorcall::rules::HouseRules;
use floorcall::rules::tournament::HandForHandClock;
use floorcall::session::{ClockRun, LevelClock};
use floorcall::tournament::Decide;
use floorcall::tournament::FloorRecord;

use crate::floor::desk::{T0, desk_on};
use crate::pg;

/// A house over TDA whose clock stops hand-for-hand.
const STOPS: &str = r#"
name = "stops"
extends = "tda"

[tournament.hand-for-hand-clock]
value = "stops-while-waiting"
rule = "House 9"
text = "The clock stops while the tables play hand-for-hand."
"#;

fn clocks(desk: &Desk) -> Vec<LevelClock> {
    desk.floor()
        .records
        .iter()
        .filter_map(|r| match r {
            FloorRecord::ClockSet { clock } => Some(clock.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_built_in_house_keeps_the_clock_running_hand_for_hand() {
    for house in HouseRules::all_built_in() {
        assert_eq!(
            house.tournament.hand_for_hand_clock.value,
            HandForHandClock::Runs,
            "{}",
            house.name
        );
    }
}

#[test]
fn a_house_that_stops_the_clock_hand_for_hand_has_the_desk_pause_and_resume_it() {
    let Some(pg) = pg::shared() else { return };
    let (_db, mut options) = desk_on(pg, "tda", "clock-stops");
    options.rules = HouseRules::from_toml("stops.toml", STOPS).expect("the house");
    let time = Arc::new(SteppingClock::new(T0, 0, 0));
    options.clock = time.clone();
    let mut desk = Desk::open(options.clone()).expect("opens");
    desk.clock_action(ClockAction::Start).expect("starts");
    time.advance(60_000);
    desk.set_hand_for_hand(true).expect("on");
    let clock = desk.clock().expect("a clock").clone();
    assert_eq!(
        (clock.run, clock.elapsed_ms),
        (ClockRun::Paused, 60_000),
        "paused as hand-for-hand goes on"
    );
    time.advance(300_000);
    assert_eq!(clock.at(T0 + 360_000).remaining_ms, 1_140_000);
    desk.set_hand_for_hand(false).expect("off");
    let clock = desk.clock().expect("a clock").clone();
    assert_eq!(
        (clock.run, clock.elapsed_ms),
        (
            ClockRun::Running {
                since_ms: T0 + 360_000
            },
            60_000
        ),
        "resumed as it goes off, the five minutes hand-for-hand not run"
    );
    assert_eq!(clocks(&desk).len(), 3);
    // A clock the TD paused stays paused through hand-for-hand.
    desk.clock_action(ClockAction::Pause).expect("pauses");
    desk.set_hand_for_hand(true).expect("on");
    desk.set_hand_for_hand(false).expect("off");
    assert_eq!(clocks(&desk).len(), 4, "nothing written for it");
    assert_eq!(desk.clock().map(|c| c.run), Some(ClockRun::Paused));
    // Resumed by the TD during hand-for-hand: off leaves it running.
    desk.set_hand_for_hand(true).expect("on");
    desk.clock_action(ClockAction::Resume).expect("resumes");
    desk.set_hand_for_hand(false).expect("off");
    assert_eq!(clocks(&desk).len(), 5);
    assert!(matches!(
        desk.clock().map(|c| c.run),
        Some(ClockRun::Running { .. })
    ));
    // A Desk opened again reads the same clock.
    let again = Desk::open(options).expect("opens again");
    assert_eq!(again.clock(), desk.clock());
}

#[test]
fn a_house_that_runs_the_clock_writes_nothing_for_it_hand_for_hand() {
    let Some(pg) = pg::shared() else { return };
    let (_db, options) = desk_on(pg, "ugly-tuna", "clock-runs");
    let mut desk = Desk::open(options).expect("opens");
    desk.clock_action(ClockAction::Start).expect("starts");
    desk.set_hand_for_hand(true).expect("on");
    desk.set_hand_for_hand(false).expect("off");
    assert_eq!(clocks(&desk).len(), 1);
    assert!(matches!(
        desk.clock().map(|c| c.run),
        Some(ClockRun::Running { .. })
    ));
}
