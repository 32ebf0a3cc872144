//! A floor's database and its tables across releases: a table and a floor
//! of different releases work or are refused at once, each migration
//! recorded as refinery records it, and a database an earlier release set
//! up upgraded in place and verified.

use std::path::Path;

use floorcall::floor::{self, InitOptions, LinkStatus};

use crate::floor::db::{floor_db, one_table, start_link, stored, until};
use crate::pg;

/// A floor's database and its tables' releases: a database set up by a
/// release before the versions were recorded (its floor reads event
/// version 1) refuses today's table at once, naming both versions, and
/// sends nothing; today's `floor init` upgrades it (every row kept) and
/// the table sends. A database set up for a later floor is refused by
/// today's floor at once, both versions named.
#[test]
fn a_table_and_a_floor_of_different_releases_work_or_are_refused_at_once() {
    let Some(pg) = pg::shared() else { return };
    let (db, _dir, path, mut dealer) = one_table(pg, "ver-t", &["T1"]);
    dealer.hand();
    // As an earlier release's `floor init` left it: no versions.
    pg.admin(&db)
        .batch_execute(
            "DROP TABLE floorcall.meta; DELETE FROM refinery_schema_history WHERE version = 2",
        )
        .expect("dropped");
    let link = start_link(pg, &db, "ver-t", "T1", &path);
    until("refused", || {
        matches!(link.status(), LinkStatus::Refused(_))
    });
    let LinkStatus::Refused(why) = link.status() else {
        unreachable!()
    };
    let version = floorcall::table::event::EVENT_VERSION;
    assert!(
        why.contains("event version 1 at most")
            && why.contains(&format!("this table writes version {version}")),
        "{why}"
    );
    assert!(stored(pg, &db, "ver-t", "T1").is_empty(), "nothing sent");
    drop(link);
    // Upgraded by today's `floor init`: the table goes on.
    let upgraded = floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: "ver-t".into(),
            tables: vec!["T1".into()],
            passfile: None,
            passdir: None,
        },
    )
    .expect("upgraded");
    assert_eq!(upgraded.applied.len(), 1, "{:?}", upgraded.applied);
    let link = start_link(pg, &db, "ver-t", "T1", &path);
    let n = dealer.records();
    until("the link is live", || {
        link.status() == LinkStatus::Live && link.progress() == (n, n)
    });
    drop(link);
    // A database set up for a later floor: today's floor refuses it.
    pg.admin(&db)
        .execute(
            "UPDATE floorcall.meta SET value = '99' WHERE key = 'event-version'",
            &[],
        )
        .expect("updated");
    let mut client = pg.admin(&db);
    let refused = floorcall::floor::check_floor_may_read(&mut client).expect_err("refused");
    assert!(
        refused.to_string().contains("event version 99")
            && refused
                .to_string()
                .contains(&format!("reads version {version} at most")),
        "{refused}"
    );
}

/// The schema's history is refinery's table, each migration recorded with
/// refinery's checksum in the transaction that applied it; a history this
/// release did not write (a migration changed after it was applied, one
/// from a later release) is refused, and nothing changes.
#[test]
fn init_records_each_migration_as_refinery_does_and_refuses_a_history_not_its_own() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "mig-t", &["T1"]);
    let history = |db: &str| -> Vec<(i32, String, String)> {
        pg.admin(db)
            .query(
                "SELECT version, name, checksum FROM refinery_schema_history ORDER BY version",
                &[],
            )
            .expect("reads")
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect()
    };
    assert_eq!(
        history(&db),
        [
            (1, "floor".to_string(), "4617593963235144542".to_string()),
            (2, "meta".to_string(), "15133603320930202801".to_string()),
        ]
    );
    let init = |db: &str| {
        floor::init(
            &mut pg.admin(db),
            &InitOptions {
                tournament: "mig-t".into(),
                tables: vec!["T1".into(), "T2".into()],
                passfile: None,
                passdir: None,
            },
        )
    };
    pg.admin(&db)
        .execute(
            "UPDATE refinery_schema_history SET checksum = '1' WHERE version = 1",
            &[],
        )
        .expect("updated");
    let refused = init(&db).expect_err("a changed migration");
    assert_eq!(
        refused.to_string(),
        "migrating the floor's schema: the database's migration V1__floor (checksum 1) \
         is not this release's V1__floor (checksum 4617593963235144542): it was changed \
         after it was applied"
    );
    let roles: i64 = pg
        .admin(&db)
        .query_one("SELECT count(*) FROM floorcall.roles", &[])
        .expect("reads")
        .get(0);
    assert_eq!(roles, 2, "T2 was not added");
    pg.admin(&db)
        .batch_execute(
            "UPDATE refinery_schema_history SET checksum = '4617593963235144542' WHERE version = 1; \
             INSERT INTO refinery_schema_history VALUES (3, 'later', 'x', '7')",
        )
        .expect("a later release's migration");
    let refused = init(&db).expect_err("a later release's database");
    assert!(
        refused
            .to_string()
            .contains("V3__later, which this release does not have"),
        "{refused}"
    );
}

/// A floor's database as an earlier release's own `floor init` set it up,
/// with a tournament played on it (`tests/history/DATE-COMMIT/floor`: a
/// dump, its roles without passwords, the tables' journals): today's
/// `floor init` upgrades it (the versions' table, nothing else), every
/// chain and the room still verify, and each table's journal file is the
/// database's.
#[test]
fn a_floor_database_an_earlier_release_set_up_is_upgraded_and_verifies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/history");
    for release in ["2026-11-25-d6cd890", "2026-11-27-d31a39b"] {
        let Some(pg) = pg::own() else { return };
        let dir = root.join(release).join("floor");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("the fixture");
        let db = pg.database("floor");
        pg.admin(&db)
            .batch_execute(&read("roles.sql"))
            .unwrap_or_else(|e| panic!("{release}: roles: {e}"));
        pg.admin(&db)
            .batch_execute(&read("floor.sql"))
            .unwrap_or_else(|e| panic!("{release}: the dump: {e}"));
        let before = stored(&pg, &db, "sunday", "T1").len();
        assert!(before > 0, "{release}");
        let upgraded = floor::init(
            &mut pg.admin(&db),
            &InitOptions {
                tournament: "sunday".into(),
                tables: vec!["T1".into(), "T2".into()],
                passfile: None,
                passdir: None,
            },
        )
        .unwrap_or_else(|e| panic!("{release}: floor init: {e}"));
        assert_eq!(upgraded.applied, ["V2__meta"], "{release}");
        assert_eq!(
            stored(&pg, &db, "sunday", "T1").len(),
            before,
            "{release}: every row kept"
        );
        let files: Vec<floor::TableFile> = ["t1.jsonl", "t2.jsonl"]
            .iter()
            .map(|name| floor::TableFile {
                path: dir.join(name),
                bytes: std::fs::read(dir.join(name)).expect("the journal"),
            })
            .collect();
        let verified = floor::verify_with(&mut pg.admin(&db), "sunday", &files)
            .unwrap_or_else(|e| panic!("{release}: {e}"));
        assert!(verified.ok(), "{release}: {:?}", verified.lines());
        let mut client = pg.admin(&db);
        floor::check_table_may_send(&mut client).expect("today's tables may send");
        floor::check_floor_may_read(&mut client).expect("today's floor may read");
    }
}
