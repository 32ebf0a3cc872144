//! The TD's Desk across a database restart: its reader reconnects by
//! itself, and so does its writing: a bust after the restart is placed,
//! the clock starts, and while the database is away the Desk's status
//! does not say "live" once a write has failed.

use floorcall::floor::ReaderStatus;
use floorcall::tournament::Decide;

use super::*;

#[test]
fn the_desk_writes_again_after_the_database_restarts() {
    let Some(pg) = pg::own() else { return };
    let (_db, options) = desk_on(&pg, "tda", "desk-restart");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    for d in dealers.iter_mut() {
        d.play(None);
    }
    sync(&mut desk, &dealers);

    pg.kill();
    // A decision while the database is away fails, said, and the status
    // is not "live" whatever the reader last saw.
    let refused = desk.clock_action(ClockAction::Start);
    assert!(refused.is_err(), "{refused:?}");
    assert!(
        matches!(desk.status(), ReaderStatus::Offline { .. }),
        "{:?}",
        desk.status()
    );
    pg.restart();

    // A bust after the restart: the Desk places it, writing on a new
    // connection of its own.
    let out = dealer(&mut dealers, "T1").hand_busting();
    sync(&mut desk, &dealers);
    let start = Instant::now();
    while desk.floor().busts.is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the bust is never placed: {:?}",
            desk.problems()
        );
        std::thread::sleep(Duration::from_millis(50));
        desk.refresh();
    }
    assert_eq!(desk.floor().busts[0].player, out);
    assert_eq!(desk.floor().busts[0].place, 12);
    desk.clock_action(ClockAction::Start)
        .expect("the clock starts after the restart");
    assert_eq!(desk.status(), ReaderStatus::Live);
}
