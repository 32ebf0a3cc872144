//! The tables' heads anchored in the floor's own chain: a table's record
//! rewritten in the database after the floor read it, every later hash
//! computed again so that the table's chain holds by itself, is caught
//! by `floor verify` against the floor's anchor.

use floorcall::journal::chain::{Head, links, seal_line};

use super::*;

#[test]
fn a_table_rewritten_with_its_hashes_recomputed_fails_the_floors_anchor() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "anchor-t");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    dealer(&mut dealers, "T1").play(None);
    sync(&mut desk, &dealers);
    let anchored = desk
        .floor()
        .records
        .iter()
        .filter_map(|r| match r {
            FloorRecord::TablesAnchored { heads } => Some(heads.clone()),
            _ => None,
        })
        .flatten()
        .filter(|a| a.table == "T1")
        .count();
    assert!(anchored >= 1, "T1's head is anchored as its hand ends");
    let mut admin = pg.admin(&db);
    let verified = floor::verify(&mut admin, "anchor-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());

    // An administrator rewrites T1's second record and recomputes every
    // hash after it: T1's chain holds by itself.
    let rows = admin
        .query(
            "SELECT seq, line FROM floorcall.records WHERE tournament = 'anchor-t' AND tab = 'T1' ORDER BY seq",
            &[],
        )
        .expect("reads");
    let mut prev = Head::default();
    for (i, r) in rows.iter().enumerate() {
        let seq: i64 = r.get(0);
        let line: String = r.get(1);
        let l = links(line.as_bytes()).expect("a chained line");
        if i == 0 {
            prev = l.hash;
            continue;
        }
        let mut object = String::from_utf8(l.members().to_vec()).expect("text");
        if i == 1 {
            // A changed byte that still reads: a space after the first brace.
            object = object.replacen('{', "{ ", 1);
        }
        object.push('}');
        let (sealed, hash) = seal_line(&prev, &object);
        admin
            .execute(
                "UPDATE floorcall.records SET line = $1, prev = $2, hash = $3 \
                 WHERE tournament = 'anchor-t' AND tab = 'T1' AND seq = $4",
                &[&sealed.trim_end(), &prev.0.to_vec(), &hash.0.to_vec(), &seq],
            )
            .expect("the superuser rewrites it");
        prev = hash;
    }
    let verified = floor::verify(&mut admin, "anchor-t").expect("verifies");
    assert!(!verified.ok());
    let lines = verified.lines().join("\n");
    assert!(
        lines.contains("FAILED: table T1: record")
            && lines.contains("rewritten after the floor anchored it"),
        "{lines}"
    );
}
