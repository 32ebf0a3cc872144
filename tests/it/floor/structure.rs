//! One structure held by the floor (issue 22; TDA 22: "The new level
//! applies to the next hand"): the Desk publishes its structure as a
//! floor record (`StructureSet`) when it opens a tournament and when it
//! opens one with another; a table with `--floor` follows it, journaled
//! (`structure ...`), whatever its own flags gave it, and says so when
//! they differ. The table side from an inbox the test fills; the Desk
//! against a real PostgreSQL (`pg`, skipped loudly where it cannot be had).

use floorcall::journal::SteppingClock;
use floorcall::session::{LevelClock, Structure};
use floorcall::tournament::FloorRecord;

use crate::floor::orders::{Floor, T0, hand, journal_has, t1};
use crate::tui::fixtures::press;
use crate::tui::session::{fold_round, message};

/// The floor's structure: 100/200, 200/400 ante 25, 400/800 ante 50.
fn floors() -> Structure {
    Structure::from_flag("100/200,200/400:25,400/800:50", 20).expect("a structure")
}

/// Table T1 (Ann, Bob, Cy, Di, hand 1 dealt at 100/200) started with
/// `levels`, over a floor the test writes; its journal in the folder.
fn table_t1(levels: Option<&str>) -> (tempfile::TempDir, Floor, floorcall::tui::App) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let clock = SteppingClock::new(T0, 0, 0);
    let floor = Floor::default();
    let app = t1(&dir.path().join("t1.jsonl"), &clock, levels, &floor);
    (dir, floor, app)
}

fn journal_len(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path).expect("the journal").len()
}

const LINE: &str = "structure 100/200 20, 200/400:25 20, 400/800:50 20";

fn blinds(app: &floorcall::tui::App) -> (u64, u64, u64) {
    let setup = &app.session().expect("a hand").header().setup;
    (
        setup.small_blind.get(),
        setup.big_blind.get(),
        setup.ante.get(),
    )
}

#[test]
fn a_table_started_without_the_floors_structure_follows_it_from_the_next_hand() {
    // No --levels: the table deals 100/200 with no structure of its own.
    let (dir, floor, mut app) = table_t1(None);
    let path = dir.path().join("t1.jsonl");
    floor.write(FloorRecord::StructureSet {
        structure: floors(),
    });
    // The floor's clock has run 25 minutes: level 2, 15:00 left.
    let mut theirs = LevelClock::new(floors().stage_ms());
    theirs.start(T0 - 25 * 60_000);
    floor.write(FloorRecord::ClockSet { clock: theirs });
    app.tick();
    assert!(journal_has(&path, LINE), "{}", message(&app));
    assert!(journal_has(&path, "clock set 2 15:00 running"));
    let table = app.session().and_then(|s| s.table()).expect("a table");
    assert_eq!(table.structure.stages, floors().stages);
    assert!(app.floor_banner().is_empty(), "{:?}", app.floor_banner());
    // TDA 22: the hand in play keeps its blinds; the next has level 2's.
    assert_eq!(blinds(&app), (100, 200, 0));
    fold_round(&mut app);
    press(&mut app, "n");
    assert_eq!(hand(&app), 2);
    assert_eq!(blinds(&app), (200, 400, 25));
    // Followed once: nothing more is journaled.
    let before = journal_len(&path);
    app.tick();
    assert_eq!(journal_len(&path), before);
}

#[test]
fn flags_that_contradict_the_floors_structure_are_overruled_and_said() {
    let (dir, floor, mut app) = table_t1(Some("100/200,150/300"));
    let path = dir.path().join("t1.jsonl");
    floor.write(FloorRecord::StructureSet {
        structure: floors(),
    });
    app.tick();
    assert!(journal_has(&path, LINE), "{}", message(&app));
    assert_eq!(
        app.floor_banner(),
        [
            "This table's --levels/--structure are not the floor's: the floor's structure is followed, a level applying at the next hand (100/200 20, 200/400:25 20, 400/800:50 20)",
            "The floor's clock has not started: this table's level clock waits for the TD to start it"
        ]
    );
    // The TD opens the Desk with another structure: followed again.
    let later = Structure::from_flag("100/200,300/600", 30).expect("a structure");
    floor.write(FloorRecord::StructureSet {
        structure: later.clone(),
    });
    app.tick();
    assert!(journal_has(&path, "structure 100/200 30, 300/600 30"));
    let table = app.session().and_then(|s| s.table()).expect("a table");
    assert_eq!(table.structure.stages, later.stages);
}

#[test]
fn flags_that_are_the_floors_structure_say_nothing() {
    let (dir, floor, mut app) = table_t1(Some("100/200,200/400:25,400/800:50"));
    let path = dir.path().join("t1.jsonl");
    floor.write(FloorRecord::StructureSet {
        structure: floors(),
    });
    app.tick();
    assert!(!journal_has(&path, LINE), "nothing to follow");
    // Only the one clock is said: the floor's has not started yet.
    assert_eq!(
        app.floor_banner(),
        [
            "The floor's clock has not started: this table's level clock waits for the TD to start it"
        ]
    );
}

/// The Desk writes its structure once when it opens the tournament, not
/// again when opened with the same, and again when opened with another.
#[cfg(unix)]
#[test]
fn the_desk_publishes_its_structure_when_it_opens_and_when_it_changes() {
    use crate::floor::desk::{desk_on, structure};
    use floorcall::floor::Desk;
    let Some(pg) = crate::pg::shared() else {
        return;
    };
    let (_db, options) = desk_on(pg, "tda", "structure-set");
    let published = |desk: &Desk| -> Vec<Structure> {
        desk.floor()
            .records
            .iter()
            .filter_map(|r| match r {
                FloorRecord::StructureSet { structure } => Some(structure.clone()),
                _ => None,
            })
            .collect()
    };
    let desk = Desk::open(options.clone()).expect("opens");
    assert_eq!(published(&desk), [structure()]);
    drop(desk);
    let desk = Desk::open(options.clone()).expect("opens again");
    assert_eq!(
        published(&desk),
        [structure()],
        "the same: not written again"
    );
    drop(desk);
    let mut other = options;
    other.structure = floors();
    let desk = Desk::open(other).expect("opens with another");
    assert_eq!(published(&desk), [structure(), floors()]);
}
