//! The floor's one clock, written whole at each of the TD's actions.

use super::*;
use floorcall::tournament::Decide;

/// The floor's one clock (TDA 22: "The new level applies to the next
/// hand"): each action writes the whole clock at the time the Desk's
/// clock gives.
#[test]
fn the_clock_is_written_whole_at_each_action() {
    let Some(pg) = pg::shared() else { return };
    let (_db, mut options) = desk_on(pg, "tda", "desk-clock");
    let time = Arc::new(SteppingClock::new(T0, 0, 0));
    options.clock = time.clone();
    let mut desk = Desk::open(options.clone()).expect("opens");
    assert!(
        desk.clock_action(ClockAction::Pause).is_err(),
        "not running"
    );
    desk.clock_action(ClockAction::Start).expect("starts");
    time.advance(60_000);
    desk.clock_action(ClockAction::Pause).expect("pauses");
    desk.clock_action(ClockAction::Adjust(-30))
        .expect("adjusts");
    time.advance(5_000);
    desk.clock_action(ClockAction::Resume).expect("resumes");
    time.advance(1_000);
    desk.clock_action(ClockAction::Level(3)).expect("level 3");
    assert!(desk.clock_action(ClockAction::Level(4)).is_err());
    let clocks: Vec<LevelClock> = records(&desk)
        .iter()
        .filter_map(|r| match r {
            FloorRecord::ClockSet { clock } => Some(clock.clone()),
            _ => None,
        })
        .collect();
    let stages = structure().stage_ms();
    // An adjustment changes the level's length (half a minute less of
    // level 1), not the time run.
    let mut shorter = stages.clone();
    shorter[0] -= 30_000;
    let at = |stages_ms: &Vec<u64>, elapsed_ms, run| LevelClock {
        stages_ms: stages_ms.clone(),
        elapsed_ms,
        run,
    };
    assert_eq!(
        clocks,
        [
            at(&stages, 0, ClockRun::Running { since_ms: T0 }),
            at(&stages, 60_000, ClockRun::Paused),
            at(&shorter, 60_000, ClockRun::Paused),
            at(
                &shorter,
                60_000,
                ClockRun::Running {
                    since_ms: T0 + 65_000
                }
            ),
            at(
                &shorter,
                1_170_000 + 1_200_000,
                ClockRun::Running {
                    since_ms: T0 + 66_000
                }
            ),
        ]
    );
    assert_eq!(desk.clock().unwrap().at(T0 + 66_000).stage, 2);
    // Read back by another Desk.
    let again = Desk::open(options).expect("opens again");
    assert_eq!(again.clock(), desk.clock());
}
