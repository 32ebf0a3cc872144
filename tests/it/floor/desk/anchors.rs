//! The tables' heads anchored in the floor's own chain: a table's record
//! rewritten in the database after the floor read it, every later hash
//! computed again so that the table's chain holds by itself, is caught
//! by `floor verify` against the floor's anchor.

use floorcall::journal::chain::{Head, links, seal_line};

use super::*;

/// A table's chained lines with its second record rewritten (a changed
/// byte that still reads: a space after its first comma) and every hash
/// from there computed again, so that the chain holds by itself: each
/// line, its `prev` and its hash.
fn resealed(lines: &[String]) -> Vec<(String, Head, Head)> {
    let mut out = Vec::new();
    let mut prev = Head::default();
    for (i, line) in lines.iter().enumerate() {
        let l = links(line.as_bytes()).expect("a chained line");
        if i == 0 {
            out.push((line.clone(), l.prev, l.hash));
            prev = l.hash;
            continue;
        }
        let mut object = String::from_utf8(l.members().to_vec()).expect("text");
        if i == 1 {
            object = object.replacen(',', ", ", 1);
        }
        object.push('}');
        let (sealed, hash) = seal_line(&prev, &object);
        out.push((sealed.trim_end().to_string(), prev, hash));
        prev = hash;
    }
    out
}

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
    let lines: Vec<String> = rows.iter().map(|r| r.get(1)).collect();
    for (r, (sealed, prev, hash)) in rows.iter().zip(resealed(&lines)).skip(1) {
        let seq: i64 = r.get(0);
        admin
            .execute(
                "UPDATE floorcall.records SET line = $1, prev = $2, hash = $3 \
                 WHERE tournament = 'anchor-t' AND tab = 'T1' AND seq = $4",
                &[&sealed, &prev.0.to_vec(), &hash.0.to_vec(), &seq],
            )
            .expect("the superuser rewrites it");
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

/// A place the floor's records give a player his table never had out (a
/// forged `PlayerOut`, written with the floor's own credentials) fails the
/// room's audit; the real bust's place passes it.
#[test]
fn a_place_without_its_bust_at_the_table_fails_the_room() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "place-t");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    let t2 = dealer(&mut dealers, "T2");
    t2.play(None);
    let out = t2.hand_busting();
    sync(&mut desk, &dealers);
    assert_eq!(desk.floor().busts.len(), 1);
    let verified = floor::verify(&mut pg.admin(&db), "place-t").expect("verifies");
    assert!(verified.ok(), "{:?}", verified.lines());
    // A player still in, "placed" 11th by a record written as the floor.
    let still_in = desk
        .floor()
        .table("T1")
        .unwrap()
        .players()
        .first()
        .map(|(_, name, _)| name.clone())
        .expect("a player at T1");
    assert_ne!(still_in, out);
    let forged = FloorRecord::PlayerOut {
        bust: floorcall::tournament::Bust {
            player: still_in.clone(),
            table: "T1".into(),
            seat: 1,
            hand: 1,
            round: None,
            starting_stack: 10_000,
            place: 11,
            disqualified: false,
            shown: None,
        },
    };
    let mut client =
        floor::connect(&options.conninfo, Some(&floor::floor_role("place-t"))).expect("connects");
    floor::append_floor_record(
        &mut client,
        "place-t",
        &serde_json::to_string(&forged).expect("json"),
    )
    .expect("written");
    let verified = floor::verify(&mut pg.admin(&db), "place-t").expect("verifies");
    assert!(!verified.ok());
    let lines = verified.lines().join("\n");
    assert!(
        lines.contains(&format!(
            "the floor placed {still_in} 11th (T1, hand 1), and T1's record has no bust"
        )),
        "{lines}"
    );
}

/// `floor verify --journal`: a table's own journal file compared with the
/// database record by record. The file as written passes; records the
/// link has not sent yet pass as "not yet sent"; a file cut short, a
/// record rewritten in the file (its hashes recomputed, so that the file
/// verifies by itself), or in the database, fails naming the record.
#[test]
fn a_tables_journal_file_is_compared_with_the_database() {
    let Some(pg) = pg::shared() else { return };
    let (db, options) = desk_on(pg, "tda", "files-t");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    dealer(&mut dealers, "T1").play(None);
    sync(&mut desk, &dealers);
    let t1 = dealer(&mut dealers, "T1");
    let file = |bytes: Vec<u8>| floor::TableFile {
        path: "T1.jsonl".into(),
        bytes,
    };
    let verify = |bytes: Vec<u8>| {
        floor::verify_with(&mut pg.admin(&db), "files-t", &[file(bytes)]).expect("verifies")
    };
    let sent = std::fs::read(&t1.path).expect("reads");
    let records = t1.records();
    let verified = verify(sent.clone());
    assert!(verified.ok(), "{:?}", verified.lines());
    assert!(
        verified.lines().contains(&format!(
            "OK: T1's journal T1.jsonl: its {records} records are the database's"
        )),
        "{:?}",
        verified.lines()
    );

    // A hand dealt while the link is down: the file runs ahead.
    t1.offline();
    t1.hand_busting();
    let ahead = std::fs::read(&t1.path).expect("reads");
    let verified = verify(ahead.clone());
    assert!(verified.ok(), "{:?}", verified.lines());
    let more = t1.records() - records;
    assert!(more > 0);
    assert!(
        verified.lines().contains(&format!(
            "OK: T1's journal T1.jsonl: its first {records} records are the database's; {more} more not yet sent"
        )),
        "{:?}",
        verified.lines()
    );

    // The file cut at a record the database holds.
    let cut: Vec<u8> = {
        let lines: Vec<&[u8]> = sent.split_inclusive(|b| *b == b'\n').collect();
        lines[..lines.len() - 2].concat()
    };
    let lines = verify(cut).lines().join("\n");
    assert!(
        lines.contains("FAILED: T1's journal T1.jsonl: it ends at record"),
        "{lines}"
    );

    // A record rewritten in the file, every later hash recomputed: the
    // file verifies by itself, and is not the database's.
    let lines: Vec<String> = String::from_utf8(sent.clone())
        .expect("text")
        .lines()
        .map(String::from)
        .collect();
    let rewritten: Vec<u8> = resealed(&lines)
        .into_iter()
        .flat_map(|(line, _, _)| format!("{line}\n").into_bytes())
        .collect();
    let lines = verify(rewritten).lines().join("\n");
    assert!(
        lines.contains("FAILED: T1's journal T1.jsonl: record 1 is not the database's"),
        "{lines}"
    );

    // A file that is not a table's journal at all.
    let lines = verify(b"not a journal\n".to_vec()).lines().join("\n");
    assert!(
        lines.contains("FAILED: the journal T1.jsonl: it does not verify by itself"),
        "{lines}"
    );
}
