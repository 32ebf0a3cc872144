//! The floor's database, against a real PostgreSQL (`pg`: a throwaway
//! cluster, a database per test; skipped, loudly, where PostgreSQL cannot
//! be had): `floor init` and its roles, a table's journal replicated and
//! rebuilt on the floor, the database killed and restarted mid-stream, a
//! fork recorded and reported, a tampered row caught by `verify`, a table
//! offline then caught up, and a table refused when it writes as another
//! table, or updates or deletes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use floorcall::floor::{
    self, FloorReader, InitOptions, Link, LinkOptions, LinkStatus, ReaderOptions, ReaderStatus,
};
use floorcall::journal::{self, HandHeader, Journal, JournalOptions, Session, SteppingClock};
use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;

use crate::home::Home;
use crate::pg::{self, Cluster};
use crate::support::table;

/// A table dealing folded hands into its journal.
pub(crate) struct Dealer {
    session: Session,
    path: PathBuf,
}

impl Dealer {
    /// A new journal at `path` for `name`, its clock starting at `t0`
    /// (two dealers with other clocks write other records).
    pub(crate) fn new(path: &Path, name: &str, t0: i64) -> Dealer {
        let (journal, _) = Journal::open_with(
            path,
            JournalOptions {
                clock: Some(Arc::new(SteppingClock::new(t0, 1_000, 3600))),
                table: Some(name.into()),
            },
        )
        .expect("opens");
        let names = BTreeMap::from([(1, "Ann".to_string())]);
        let header = HandHeader::new(
            "tda",
            1,
            9,
            names,
            table(&[50_000, 50_000, 50_000], 1, (100, 200)),
        );
        let mut dealer = Dealer {
            session: Session::start(header, HouseRules::tda(), &mut Some(journal)).expect("starts"),
            path: path.to_path_buf(),
        };
        dealer.fold_round();
        dealer
    }

    pub(crate) fn fold_round(&mut self) {
        let to_act = self
            .session
            .state()
            .to_act
            .expect("someone to act")
            .number();
        let others: Vec<u8> = (1..=3).filter(|s| *s != to_act).collect();
        for line in [
            format!("s{to_act} raise 600"),
            format!("s{} fold", others[0]),
            format!("s{} fold", others[1]),
        ] {
            let command = parse_line(&line).expect("valid").expect("a command");
            self.session
                .execute(&command, Some(line.clone()))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }

    /// Deals one more hand (folded round to a raise).
    pub(crate) fn hand(&mut self) {
        self.session.next_hand().expect("the next hand");
        self.fold_round();
    }

    /// The journal's chained records.
    pub(crate) fn records(&self) -> u64 {
        let bytes = std::fs::read(&self.path).expect("reads");
        floor::rows_from(&bytes, 0, 0, None).rows.len() as u64
    }
}

/// 2025-11-22 12:36:01 UTC.
const T0: i64 = 1_763_814_961_000;

/// A database initialised for `tournament` with `tables`.
pub(crate) fn floor_db(pg: &Cluster, tournament: &str, tables: &[&str]) -> String {
    let db = pg.database(&tournament.to_lowercase().replace('-', "_"));
    let mut admin = pg.admin(&db);
    floor::init(
        &mut admin,
        &InitOptions {
            tournament: tournament.into(),
            tables: tables.iter().map(|t| t.to_string()).collect(),
            passfile: None,
            passdir: None,
        },
    )
    .expect("init");
    db
}

/// A database for `tournament` with `tables`, and table T1's journal
/// begun in a folder of its own (kept while the folder lives).
pub(crate) fn one_table(
    pg: &Cluster,
    tournament: &str,
    tables: &[&str],
) -> (String, tempfile::TempDir, PathBuf, Dealer) {
    let db = floor_db(pg, tournament, tables);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let dealer = Dealer::new(&path, "T1", T0);
    (db, dir, path, dealer)
}

pub(crate) fn start_link(
    pg: &Cluster,
    db: &str,
    tournament: &str,
    table: &str,
    path: &Path,
) -> Link {
    let mut options = LinkOptions::new(&pg.conninfo(db), tournament, table, path.to_path_buf());
    options.retry = Duration::from_millis(100);
    options.poll = Duration::from_millis(50);
    Link::start(options).expect("starts")
}

fn reader(pg: &Cluster, db: &str, tournament: &str) -> FloorReader {
    let mut options = ReaderOptions::new(&pg.conninfo(db), tournament);
    options.retry = Duration::from_millis(100);
    options.catch_up = Duration::from_millis(500);
    FloorReader::start(options).expect("starts")
}

/// Waits up to 20 s for `what`.
pub(crate) fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The database's rows of a table: (seq, hash) in order.
pub(crate) fn stored(pg: &Cluster, db: &str, tournament: &str, table: &str) -> Vec<(i64, Vec<u8>)> {
    pg.admin(db)
        .query(
            "SELECT seq, hash FROM floorcall.records WHERE tournament = $1 AND tab = $2 ORDER BY seq",
            &[&tournament, &table],
        )
        .expect("reads")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

#[test]
fn init_creates_the_schema_and_roles_and_again_changes_nothing() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "init-t", &["T1", "T2"]);
    let mut admin = pg.admin(&db);
    let again = floor::init(
        &mut admin,
        &InitOptions {
            tournament: "init-t".into(),
            tables: vec!["T1".into(), "T2".into(), "T3".into()],
            passfile: None,
            passdir: None,
        },
    )
    .expect("init again");
    assert!(again.applied.is_empty(), "already migrated: {again:?}");
    assert_eq!(
        again.roles,
        ["fc.init-t", "fc.init-t.T1", "fc.init-t.T2", "fc.init-t.T3"]
    );
    let bound: Vec<(String, Option<String>)> = admin
        .query(
            "SELECT role::text, tab FROM floorcall.roles ORDER BY role",
            &[],
        )
        .expect("reads")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(bound.len(), 4);
    assert_eq!(bound[3], ("fc.init-t.T3".into(), Some("T3".into())));
    // A bad name is refused before anything is done.
    let err = floor::init(
        &mut admin,
        &InitOptions {
            tournament: "init t".into(),
            ..InitOptions::default()
        },
    )
    .expect_err("a space");
    assert!(err.to_string().contains("cannot name"), "{err}");
}

#[test]
fn init_writes_a_password_file_and_the_roles_log_in_with_it() {
    let Some(pg) = pg::shared() else { return };
    let db = pg.database("pw");
    let dir = tempfile::tempdir().expect("tempdir");
    let passfile = dir.path().join("pgpass");
    let mut admin = pg.admin(&db);
    floor::init(
        &mut admin,
        &InitOptions {
            tournament: "pw-t".into(),
            tables: vec!["T1".into()],
            passfile: Some(passfile.clone()),
            passdir: None,
        },
    )
    .expect("init");
    let text = std::fs::read_to_string(&passfile).expect("written");
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains(&format!("*:*:{db}:fc.pw-t.T1:")));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&passfile)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // The role's password is stored hashed, never as given.
    let stored: String = admin
        .query_one(
            "SELECT rolpassword FROM pg_authid WHERE rolname = 'fc.pw-t.T1'",
            &[],
        )
        .expect("reads")
        .get(0);
    assert!(stored.starts_with("SCRAM-SHA-256$"), "{stored}");
    // An existing password file is never overwritten.
    let err = floor::init(
        &mut admin,
        &InitOptions {
            tournament: "pw-t".into(),
            tables: vec!["T1".into()],
            passfile: Some(passfile.clone()),
            passdir: None,
        },
    )
    .expect_err("exists");
    assert!(err.to_string().contains("must not exist"), "{err}");
}

#[test]
fn a_table_replicates_and_the_floor_rebuilds_it_from_the_records() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "rep-t", &["T1", "T2"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let floor = reader(pg, &db, "rep-t");
    let mut tables = Vec::new();
    for (i, name) in ["T1", "T2"].into_iter().enumerate() {
        let path = dir.path().join(format!("{name}.jsonl"));
        let mut dealer = Dealer::new(&path, name, T0 + i as i64);
        let link = start_link(pg, &db, "rep-t", name, &path);
        for _ in 0..3 {
            dealer.hand();
            link.poke();
        }
        tables.push((name, dealer, link));
    }
    for (name, dealer, link) in &tables {
        let n = dealer.records();
        until("the link is live", || {
            link.status() == LinkStatus::Live && link.progress() == (n, n)
        });
        until("the floor has every record", || {
            floor
                .state()
                .tables
                .get(*name)
                .is_some_and(|f| f.records == n)
        });
        let local = journal::load(&dealer.path).expect("loads");
        let st = floor.state();
        let feed = &st.tables[*name];
        let rebuilt = feed.loaded.as_ref().expect("reads back");
        assert_eq!(rebuilt.hands, local.hands, "{name}: the same hands");
        assert_eq!(rebuilt.head, local.head);
        assert_eq!(journal::table_of(rebuilt), journal::table_of(&local));
        assert_eq!(rebuilt.hands.len(), 4);
        assert_eq!(st.status, ReaderStatus::Live);
    }
    let verified = floor::verify(&mut pg.admin(&db), "rep-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    assert_eq!(
        verified.chains.len(),
        3,
        "two tables and the floor's records"
    );
}

#[test]
fn the_database_killed_and_restarted_mid_stream_loses_and_duplicates_nothing() {
    let Some(pg) = pg::own() else { return };
    let db = floor_db(&pg, "kill-t", &["T1"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let mut dealer = Dealer::new(&path, "T1", T0);
    let link = start_link(&pg, &db, "kill-t", "T1", &path);
    let floor = reader(&pg, &db, "kill-t");
    let mut slowest = Duration::ZERO;
    for round in 0..30 {
        if round == 10 {
            pg.kill();
        }
        if round == 20 {
            assert!(
                matches!(link.status(), LinkStatus::Offline { .. }),
                "offline: {}",
                link.status()
            );
            assert!(
                link.status()
                    .to_string()
                    .starts_with("floor: offline since ")
            );
            pg.restart();
        }
        let start = Instant::now();
        dealer.hand();
        link.poke();
        slowest = slowest.max(start.elapsed());
        std::thread::sleep(Duration::from_millis(30));
    }
    // The table never waited on the database.
    assert!(
        slowest < Duration::from_millis(500),
        "a hand took {slowest:?}"
    );
    let n = dealer.records();
    until("the link catches up", || {
        link.progress() == (n, n) && link.status() == LinkStatus::Live
    });
    until("the floor catches up", || {
        floor
            .state()
            .tables
            .get("T1")
            .is_some_and(|f| f.records == n)
    });
    let rows = stored(&pg, &db, "kill-t", "T1");
    assert_eq!(rows.len() as u64, n, "nothing lost, nothing twice");
    assert!(
        rows.iter()
            .enumerate()
            .all(|(i, (seq, _))| *seq == i as i64)
    );
    let verified = floor::verify(&mut pg.admin(&db), "kill-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    let local = journal::load(&path).expect("loads");
    let st = floor.state();
    assert_eq!(
        st.tables["T1"].loaded.as_ref().expect("reads").hands,
        local.hands
    );
}

#[test]
fn a_fork_is_recorded_and_reported_never_dropped() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "fork-t", &["T1"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let first = dir.path().join("first.jsonl");
    let mut dealer = Dealer::new(&first, "T1", T0);
    dealer.hand();
    {
        let link = start_link(pg, &db, "fork-t", "T1", &first);
        let n = dealer.records();
        until("live", || link.progress() == (n, n));
    }
    let held = stored(pg, &db, "fork-t", "T1");
    // Another journal for the same table: its records have other times,
    // so other hashes.
    let second = dir.path().join("second.jsonl");
    let mut other = Dealer::new(&second, "T1", T0 + 60_000);
    other.hand();
    let link = start_link(pg, &db, "fork-t", "T1", &second);
    until("the fork is reported", || {
        matches!(link.status(), LinkStatus::Fork { .. })
    });
    let LinkStatus::Fork { seq } = link.status() else {
        unreachable!()
    };
    assert!(link.status().to_string().contains("FORK at record"));
    assert_eq!(
        stored(pg, &db, "fork-t", "T1"),
        held,
        "the database's rows stay"
    );
    let forks: Vec<(String, i64)> = pg
        .admin(&db)
        .query("SELECT tab, seq FROM floorcall.forks", &[])
        .expect("reads")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(forks, [("T1".to_string(), seq)]);
    let floor = reader(pg, &db, "fork-t");
    until("the floor sees the fork", || {
        floor.state().forks == [(Some("T1".to_string()), seq)]
    });
    let verified = floor::verify(&mut pg.admin(&db), "fork-t").expect("verifies");
    assert!(!verified.ok());
    assert!(
        verified
            .lines()
            .iter()
            .any(|l| l.starts_with("FORK: table T1")),
        "{:?}",
        verified.lines()
    );
    // The same records again change nothing.
    drop(link);
    let again = start_link(pg, &db, "fork-t", "T1", &first);
    let n = dealer.records();
    until("live again", || {
        again.status() == LinkStatus::Live && again.progress() == (n, n)
    });
    assert_eq!(stored(pg, &db, "fork-t", "T1"), held);
}

#[test]
fn a_tampered_row_is_caught_by_verify() {
    let Some(pg) = pg::shared() else { return };
    let (db, _dir, path, mut dealer) = one_table(pg, "tamper-t", &["T1"]);
    dealer.hand();
    let link = start_link(pg, &db, "tamper-t", "T1", &path);
    let n = dealer.records();
    until("live", || link.progress() == (n, n));
    drop(link);
    let mut admin = pg.admin(&db);
    assert!(
        floor::verify(&mut admin, "tamper-t")
            .expect("verifies")
            .ok()
    );
    // Someone with the database's owner's rights changes a raise.
    let changed = admin
        .execute(
            "UPDATE floorcall.records SET line = replace(line, 'raise 600', 'raise 700') \
             WHERE tournament = 'tamper-t' AND tab = 'T1' AND seq = (SELECT min(seq) FROM floorcall.records WHERE line LIKE '%raise 600%')",
            &[],
        )
        .expect("updates");
    assert_eq!(changed, 1);
    let verified = floor::verify(&mut admin, "tamper-t").expect("verifies");
    assert!(!verified.ok());
    let lines = verified.lines();
    assert!(
        lines.iter().any(|l| l.starts_with("FAILED: table T1: record") && l.contains("the row was changed")),
        "{lines:?}"
    );
}

#[test]
fn the_database_refuses_a_broken_chain() {
    let Some(pg) = pg::shared() else { return };
    let (db, _dir, path, dealer) = one_table(pg, "chain-t", &["T1"]);
    let bytes = std::fs::read(&path).expect("reads");
    let rows = floor::rows_from(&bytes, 0, 0, None).rows;
    assert!(rows.len() >= 3);
    let mut table =
        floorcall::floor::connect(&pg.conninfo(&db), Some("fc.chain-t.T1")).expect("connects");
    let insert = |c: &mut postgres::Client, seq: i64, r: &floor::Row| {
        c.execute(
            "INSERT INTO floorcall.records (tournament, tab, seq, prev, hash, line) VALUES ('chain-t', 'T1', $1, $2, $3, $4)",
            &[&seq, &r.prev.0.as_slice(), &r.hash.0.as_slice(), &r.line],
        )
    };
    // Record 1 before record 0.
    let err = insert(&mut table, 1, &rows[1]).expect_err("nothing before it");
    assert!(
        err.as_db_error()
            .is_some_and(|e| e.code().code() == "FC002"),
        "{err}"
    );
    insert(&mut table, 0, &rows[0]).expect("the first");
    // Record 2 where record 1 belongs: its prev is not record 0's hash.
    let err = insert(&mut table, 1, &rows[2]).expect_err("broken chain");
    assert!(
        err.as_db_error()
            .is_some_and(|e| e.code().code() == "FC003"),
        "{err}"
    );
    // Record 1 with a changed byte: its hash is not its bytes'.
    let mut changed = rows[1].clone();
    changed.line = changed.line.replacen("\"record\"", "\"Record\"", 1);
    let err = insert(&mut table, 1, &changed).expect_err("not its hash");
    assert!(
        err.as_db_error()
            .is_some_and(|e| e.code().code() == "FC001"),
        "{err}"
    );
    insert(&mut table, 1, &rows[1]).expect("the real one");
    drop(dealer);
}

#[test]
fn a_table_offline_keeps_working_then_catches_up() {
    let Some(pg) = pg::shared() else { return };
    // The database is there, but the table's role is not yet: the table
    // cannot connect, as with no network.
    let (db, _dir, path, mut dealer) = one_table(pg, "off-t", &[]);
    let link = start_link(pg, &db, "off-t", "T1", &path);
    until("offline", || {
        matches!(link.status(), LinkStatus::Offline { .. })
    });
    let start = Instant::now();
    for _ in 0..20 {
        dealer.hand();
        link.poke();
    }
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "the table never waits"
    );
    let n = dealer.records();
    until("every record read", || link.progress() == (0, n));
    let LinkStatus::Offline { waiting, since, .. } = link.status() else {
        panic!("offline: {}", link.status())
    };
    assert_eq!(waiting, n);
    assert_eq!(since.len(), 5, "HH:MM: {since}");
    // The role comes: the table connects and catches up.
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: "off-t".into(),
            tables: vec!["T1".into()],
            passfile: None,
            passdir: None,
        },
    )
    .expect("init");
    until("caught up", || {
        link.status() == LinkStatus::Live && link.progress() == (n, n)
    });
    assert_eq!(stored(pg, &db, "off-t", "T1").len() as u64, n);
}

#[test]
fn a_table_may_insert_only_its_own_rows_and_never_update_or_delete() {
    let Some(pg) = pg::shared() else { return };
    let (db, _dir, path, _dealer) = one_table(pg, "rls-t", &["T1", "T2"]);
    let bytes = std::fs::read(&path).expect("reads");
    let rows = floor::rows_from(&bytes, 0, 0, None).rows;
    let conninfo = pg.conninfo(&db);
    let mut t1 = floor::connect(&conninfo, Some("fc.rls-t.T1")).expect("T1 connects");
    let append = |c: &mut postgres::Client, tab: &str, r: &floor::Row| {
        c.query_one(
            "SELECT floorcall.append('rls-t', $1, $2, $3, $4, $5)",
            &[
                &tab,
                &r.seq,
                &r.prev.0.as_slice(),
                &r.hash.0.as_slice(),
                &r.line,
            ],
        )
        .map(|row| row.get::<_, String>(0))
    };
    let refused = |e: postgres::Error| {
        let code = e.as_db_error().map(|d| d.code().code().to_string());
        assert_eq!(code.as_deref(), Some("42501"), "{e}");
    };
    // T1 writing as T2: refused by row-level security, through the
    // function and directly.
    refused(append(&mut t1, "T2", &rows[0]).expect_err("not T1's table"));
    refused(
        t1.execute(
            "INSERT INTO floorcall.records (tournament, tab, seq, prev, hash, line) VALUES ('rls-t', 'T2', 0, $1, $2, $3)",
            &[&rows[0].prev.0.as_slice(), &rows[0].hash.0.as_slice(), &rows[0].line],
        )
        .expect_err("not T1's table"),
    );
    assert_eq!(append(&mut t1, "T1", &rows[0]).expect("its own"), "new");
    assert_eq!(append(&mut t1, "T1", &rows[0]).expect("again"), "same");
    // Never an update or a delete, even of its own rows.
    refused(
        t1.execute(
            "UPDATE floorcall.records SET line = line WHERE tab = 'T1'",
            &[],
        )
        .expect_err("no update"),
    );
    refused(
        t1.execute("DELETE FROM floorcall.records WHERE tab = 'T1'", &[])
            .expect_err("no delete"),
    );
    // Nor the floor's records.
    let err = floor::append_floor_record(&mut t1, "rls-t", "{\"record\":\"draw\"}")
        .expect_err("a table writes no floor record");
    assert!(err.to_string().contains("42501"), "{err}");
    // T2 cannot read T1's rows.
    let mut t2 = floor::connect(&conninfo, Some("fc.rls-t.T2")).expect("T2 connects");
    let seen: i64 = t2
        .query_one("SELECT count(*) FROM floorcall.records", &[])
        .expect("reads")
        .get(0);
    assert_eq!(seen, 0);
    // The floor reads every table, writes floor records, and no table's.
    let mut fl = floor::connect(&conninfo, Some("fc.rls-t")).expect("the floor connects");
    let seen: i64 = fl
        .query_one("SELECT count(*) FROM floorcall.records", &[])
        .expect("reads")
        .get(0);
    assert_eq!(seen, 1);
    let first =
        floor::append_floor_record(&mut fl, "rls-t", "{\"record\":\"draw\",\"seed\":\"ab\"}")
            .expect("the floor writes its own");
    let second =
        floor::append_floor_record(&mut fl, "rls-t", "{\"record\":\"clock\"}").expect("and again");
    assert_eq!((first.seq, second.seq, second.prev), (0, 1, first.hash));
    refused(append(&mut fl, "T2", &rows[0]).expect_err("not a table"));
    // A link that connects as T2 but sends T1's journal is refused.
    let mut options = LinkOptions::new(
        &format!("{conninfo} user=fc.rls-t.T2"),
        "rls-t",
        "T1",
        path.clone(),
    );
    options.poll = Duration::from_millis(50);
    let link = Link::start(options).expect("starts");
    until("refused", || {
        matches!(link.status(), LinkStatus::Refused(_))
    });
    assert!(
        link.status().to_string().contains("42501"),
        "{}",
        link.status()
    );
}

#[test]
fn floor_init_and_verify_from_the_command_line_never_show_the_password() {
    let Some(pg) = pg::shared() else { return };
    let db = pg.database("cli");
    let home = Home::new();
    let admin = format!("{} user=postgres password=hunter2", pg.conninfo(&db));
    let run = |args: &[&str], conninfo: &str| {
        let out = home.output_with(args, |command| {
            command
                .env("FLOORCALL_FLOOR", conninfo)
                .env("FLOORCALL_TOURNAMENT", "cli-t");
        });
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!text.contains("hunter2"), "a password shown: {text}");
        (out.status.code(), text)
    };
    let (code, text) = run(&["floor", "init", "--tables", "T1,T2"], &admin);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("Applied: V1__floor"), "{text}");
    assert!(text.contains("password=***"), "{text}");
    let (code, text) = run(&["floor", "init", "--tables", "T1,T2"], &admin);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("up to date"), "{text}");
    let floor_conninfo = format!("{} password=hunter2", pg.conninfo(&db));
    let (code, text) = run(&["floor", "verify"], &floor_conninfo);
    assert_eq!(
        (code, text.as_str()),
        (Some(0), "OK: the floor's records: 0 records, head -\n")
    );
    // A database that is not there: exit 2, the password masked.
    let (code, text) = run(
        &["floor", "verify"],
        "host=/nonexistent port=1 user=x password=hunter2",
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("password=***"), "{text}");
    // A table's journal file that cannot be read: exit 2, naming it.
    let (code, text) = run(
        &["floor", "verify", "--journal", "/nonexistent/T1.jsonl"],
        &floor_conninfo,
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("/nonexistent/T1.jsonl: cannot be read"),
        "{text}"
    );
}

/// The table screen with `--floor`: the app on its journal with a link
/// (as `floorcall --floor URL --table T1 --tournament ...` starts it),
/// actions keyed, and their records arrive in the database, the status
/// line saying so.
#[test]
fn the_table_screen_with_a_floor_sends_what_is_keyed_and_shows_the_link() {
    use floorcall::tui::App;

    use crate::tui::fixtures::{press, screen_text};
    use crate::tui::session::table_options;

    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "screen-t", &["T1"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("T1.jsonl");
    let clock = SteppingClock::new(T0, 1_000, 0);
    let flags = crate::tui::session::four_seats();
    let mut options = table_options(&path, &clock, false, None, &flags);
    options.link = Some(Box::new(start_link(pg, &db, "screen-t", "T1", &path)));
    let mut app = App::new(options);
    let records = || {
        floor::rows_from(&std::fs::read(&path).expect("reads"), 0, 0, None)
            .rows
            .len()
    };
    let live = |app: &mut App| {
        app.tick();
        app.link_status() == Some(&LinkStatus::Live)
    };
    until("the hand's start in the database", || {
        live(&mut app) && stored(pg, &db, "screen-t", "T1").len() == records()
    });
    let started = records();
    // The seat to act folds, the next calls, the next folds.
    for key in ["f", "c", "f"] {
        press(&mut app, key);
    }
    assert!(records() > started, "nothing journaled");
    until("the keyed actions in the database", || {
        live(&mut app) && stored(pg, &db, "screen-t", "T1").len() == records()
    });
    // In order, each once, the journal's own hashes.
    let bytes = std::fs::read(&path).expect("reads");
    let journal: Vec<(i64, Vec<u8>)> = floor::rows_from(&bytes, 0, 0, None)
        .rows
        .iter()
        .map(|r| (r.seq, r.hash.0.to_vec()))
        .collect();
    assert_eq!(stored(pg, &db, "screen-t", "T1"), journal);
    let screen = screen_text(&app, 80, 24);
    assert!(screen.contains("floor: live"), "{screen}");
}

/// `--passdir`: a file a role, so each table's machine gets only its own
/// password (the one-file `--passfile` gave every table every password).
#[test]
fn init_writes_a_password_file_a_role_each_with_its_own_line_only() {
    let Some(pg) = pg::shared() else { return };
    let db = pg.database("pwdir");
    let dir = tempfile::tempdir().expect("tempdir");
    let passdir = dir.path().join("sunday");
    floor::init(
        &mut pg.admin(&db),
        &InitOptions {
            tournament: "pwd-t".into(),
            tables: vec!["T1".into(), "T2".into()],
            passfile: None,
            passdir: Some(passdir.clone()),
        },
    )
    .expect("init");
    let mut names: Vec<String> = std::fs::read_dir(&passdir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "fc.pwd-t.T1.pgpass",
            "fc.pwd-t.T2.pgpass",
            "fc.pwd-t.pgpass"
        ]
    );
    for role in ["fc.pwd-t", "fc.pwd-t.T1", "fc.pwd-t.T2"] {
        let path = passdir.join(format!("{role}.pgpass"));
        let text = std::fs::read_to_string(&path).expect("written");
        assert_eq!(text.lines().count(), 1, "{role}: one line");
        assert!(text.starts_with(&format!("*:*:{db}:{role}:")), "{role}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{role}");
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&passdir)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}
