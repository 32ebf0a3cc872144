//! `floor verify`: every table's chain in the database checked against
//! itself: the records numbered from 0 with none missing, each row's
//! columns the ones its line carries, each line's hash the hash of its
//! bytes, each `prev` the record before's hash; then the table's records,
//! as a journal, through the journal's own `verify` (the order of records,
//! every hand replayed, every seal's chips). The floor's own records are
//! checked as a chain. A table's own journal file, where the TD has it, is
//! compared with the database record by record: the file may run ahead
//! (records its link has not sent yet), never differ or fall behind.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use postgres::Client;

use super::rows::rows_from;
use super::schema::head_of;
use super::{FloorError, check_name};
use crate::journal::chain::{self, Head};
use crate::journal::verify::{VerifyOptions, verify as verify_journal};
use crate::journal::{parse, table_events, table_of, table_openings};
use crate::table::Card;
use crate::tournament::breaking::button_cards;
use crate::tournament::room::{RoomAudit, RoomTable, audit};
use crate::tournament::{Anchor, DrawPurpose, FloorRecord, SeatingInputs, draw::commitment};

/// One chain's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableVerdict {
    /// The table; `None`: the floor's own records.
    pub table: Option<String>,
    /// Its records.
    pub records: u64,
    /// The hash of its last record.
    pub head: Option<Head>,
    /// What is wrong, as a sentence naming the record; `None`: it verified.
    pub problem: Option<String>,
}

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorVerified {
    /// Each table, by name, then the floor's records.
    pub chains: Vec<TableVerdict>,
    /// The forks the database recorded: table (`None`: the floor's), seq.
    pub forks: Vec<(Option<String>, i64)>,
    /// Every draw revealed in the floor's records, redone.
    pub draws: Vec<DrawVerdict>,
    /// The chips across the room (`tournament::room`), once every chain
    /// verified and every table's record reads.
    pub room: Option<RoomAudit>,
    /// Each table's journal file given, compared with the database.
    pub files: Vec<FileVerdict>,
}

/// A table's journal file, as the TD hands it to `floor verify`.
#[derive(Debug, Clone)]
pub struct TableFile {
    /// Where it was read (named in the verdict).
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// One journal file's verdict against the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileVerdict {
    /// The file.
    pub path: PathBuf,
    /// The table its session records name (None: it names none).
    pub table: Option<String>,
    /// Its acknowledged chained records.
    pub records: u64,
    /// The database's records of that table.
    pub in_database: u64,
    /// What is wrong, as a sentence naming the record; `None`: the file
    /// and the database agree on every record both hold.
    pub problem: Option<String>,
}

/// One draw's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawVerdict {
    /// The draw's number.
    pub draw: u32,
    /// What it was for, in words (`seats`, `break T3`).
    pub purpose: String,
    /// How many seats it gave.
    pub seats: usize,
    /// Whether its seats were redone from the seed (a seat draw); a
    /// balancing draw is checked against its commitment only.
    pub redone: bool,
    /// What is wrong, as a sentence; `None`: it verified.
    pub problem: Option<String>,
}

impl FloorVerified {
    /// Whether every chain verified and no fork was recorded.
    pub fn ok(&self) -> bool {
        self.forks.is_empty()
            && self.chains.iter().all(|c| c.problem.is_none())
            && self.draws.iter().all(|d| d.problem.is_none())
            && self.room.as_ref().is_none_or(|r| r.problems.is_empty())
            && self.files.iter().all(|f| f.problem.is_none())
    }

    /// One line a chain, then one a fork.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for c in &self.chains {
            let name = c
                .table
                .as_ref()
                .map_or("the floor's records".to_string(), |t| format!("table {t}"));
            let head = c.head.map(|h| h.short()).unwrap_or_else(|| "-".into());
            out.push(match &c.problem {
                None => format!("OK: {name}: {} records, head {head}", c.records),
                Some(p) => format!("FAILED: {name}: {p}"),
            });
        }
        for d in &self.draws {
            let what = format!("draw {} ({})", d.draw, d.purpose);
            out.push(match &d.problem {
                None if d.redone => format!(
                    "OK: {what}: redone from its seed, the same {} seats",
                    d.seats
                ),
                None => format!("OK: {what}: its seed is the one committed before it"),
                Some(p) => format!("FAILED: {what}: {p}"),
            });
        }
        out.extend(self.room.as_ref().map(RoomAudit::line));
        for f in &self.files {
            let name = match &f.table {
                Some(t) => format!("{}'s journal {}", t, f.path.display()),
                None => format!("the journal {}", f.path.display()),
            };
            let ahead = f.records.saturating_sub(f.in_database);
            out.push(match &f.problem {
                None if ahead == 0 => format!(
                    "OK: {name}: its {} records are the database's",
                    f.records
                ),
                None => format!(
                    "OK: {name}: its first {} records are the database's; {ahead} more not yet sent",
                    f.in_database
                ),
                Some(p) => format!("FAILED: {name}: {p}"),
            });
        }
        for (table, seq) in &self.forks {
            let name = table
                .as_ref()
                .map_or("the floor's records".to_string(), |t| format!("table {t}"));
            out.push(format!(
                "FORK: {name}, record {seq}: a record with another hash was sent for it"
            ));
        }
        out
    }
}

/// Checks every chain of `tournament` in the database.
pub fn verify(client: &mut Client, tournament: &str) -> Result<FloorVerified, FloorError> {
    verify_with(client, tournament, &[])
}

/// Checks every chain of `tournament` in the database, and each table's
/// journal `files` against it.
pub fn verify_with(
    client: &mut Client,
    tournament: &str,
    files: &[TableFile],
) -> Result<FloorVerified, FloorError> {
    check_name(tournament)?;
    let rows = client.query(
        "SELECT tab, seq, prev, hash, line FROM floorcall.records WHERE tournament = $1 ORDER BY tab, seq",
        &[&tournament],
    )?;
    let mut tables: BTreeMap<String, Vec<postgres::Row>> = BTreeMap::new();
    for r in rows {
        tables.entry(r.get(0)).or_default().push(r);
    }
    let floor = client.query(
        "SELECT seq, prev, hash, line FROM floorcall.floor_records WHERE tournament = $1 ORDER BY seq",
        &[&tournament],
    )?;
    let floor_records: Option<Vec<FloorRecord>> = floor
        .iter()
        .map(|r| serde_json::from_str(r.get::<_, &str>(3)).ok())
        .collect();
    let anchors: Vec<Anchor> = floor_records
        .iter()
        .flatten()
        .filter_map(|r| match r {
            FloorRecord::TablesAnchored { heads } => Some(heads.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let files = files
        .iter()
        .map(|f| compare_file(f, &tables, tournament))
        .collect();
    let mut chains = Vec::new();
    let mut room_tables = Vec::new();
    for (table, rows) in tables {
        let mut verdict = check_chain(
            Some(table.clone()),
            rows.iter()
                .map(|r| (r.get(1), r.get(2), r.get(3), r.get(4))),
        );
        if verdict.problem.is_none() {
            verdict.problem = anchored(&table, &rows, &anchors);
        }
        if verdict.problem.is_none() {
            let mut text = Vec::new();
            for r in &rows {
                text.extend_from_slice(r.get::<_, &str>(4).as_bytes());
                text.push(b'\n');
            }
            let name = format!("table {table} in the database");
            if let Err(e) = verify_journal(Path::new(&name), &text, &VerifyOptions::default()) {
                verdict.problem = Some(format!("{e} (line N is record N-1)"));
            } else if let Ok(loaded) = parse(Path::new(&name), &text) {
                room_tables.push(RoomTable {
                    name: table.clone(),
                    events: table_events(&loaded),
                    table: table_of(&loaded),
                    openings: table_openings(&loaded),
                    first_stacks: loaded.hands.first().map_or(0, |h| {
                        h.header.setup.stacks.iter().map(|(_, c)| c.get()).sum()
                    }),
                });
            }
        }
        chains.push(verdict);
    }
    chains.push(check_chain(
        None,
        floor
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))),
    ));
    let draws = draws(floor.iter().map(|r| r.get::<_, &str>(3)));
    // The room is audited only when every chain holds: a table whose
    // record does not verify cannot be counted.
    let room = match floor_records {
        Some(records) if !room_tables.is_empty() && chains.iter().all(|c| c.problem.is_none()) => {
            Some(audit(&records, &room_tables))
        }
        _ => None,
    };
    let forks = client
        .query(
            "SELECT tab, seq FROM floorcall.forks WHERE tournament = $1 ORDER BY seen",
            &[&tournament],
        )?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    Ok(FloorVerified {
        chains,
        forks,
        draws,
        room,
        files,
    })
}

/// A table's journal file against the database's rows of every table
/// (tab, seq, prev, hash, line): the file must verify by itself, name a
/// table of the tournament, and hold every record the database holds of
/// it, each with the same hash; records after the database's last are
/// ones the table's link has not sent yet.
fn compare_file(
    file: &TableFile,
    tables: &BTreeMap<String, Vec<postgres::Row>>,
    tournament: &str,
) -> FileVerdict {
    let read = rows_from(&file.bytes, 0, 0, None);
    let mut verdict = FileVerdict {
        path: file.path.clone(),
        table: None,
        records: read.rows.len() as u64,
        in_database: 0,
        problem: None,
    };
    if let Err(e) = verify_journal(&file.path, &file.bytes, &VerifyOptions::default()) {
        verdict.problem = Some(format!("it does not verify by itself: {e}"));
        return verdict;
    }
    let loaded = match parse(&file.path, &file.bytes) {
        Ok(loaded) => loaded,
        Err(e) => {
            verdict.problem = Some(format!("it does not read: {e}"));
            return verdict;
        }
    };
    if let Some(broken) = read.broken {
        verdict.problem = Some(format!("its chain: {broken}"));
        return verdict;
    }
    let Some((_, table)) = loaded.table_names.last() else {
        verdict.problem = Some("it names no table (no session record)".into());
        return verdict;
    };
    verdict.table = Some(table.clone());
    let Some(rows) = tables.get(table) else {
        verdict.problem = Some(format!(
            "the database holds no record of table {table} in tournament {tournament}"
        ));
        return verdict;
    };
    verdict.in_database = rows.len() as u64;
    for (seq, row) in rows.iter().enumerate() {
        let held = head_of(&row.get::<_, Vec<u8>>(3));
        let Some(mine) = read.rows.get(seq) else {
            verdict.problem = Some(format!(
                "it ends at record {seq} and the database holds {} records of {table}: the file is an older copy, or records were cut from it",
                rows.len()
            ));
            return verdict;
        };
        if held != Some(mine.hash) {
            verdict.problem = Some(format!(
                "record {seq} is not the database's (the file's hash {}, the database's {}): one of them was changed",
                mine.hash.short(),
                held.map_or_else(|| "unreadable".to_string(), |h| h.short())
            ));
            return verdict;
        }
    }
    verdict
}

/// Whether a table's rows hold every head the floor anchored for it (a
/// record rewritten after the floor read it, every later hash computed
/// again, passes its own chain but not the floor's anchor).
fn anchored(table: &str, rows: &[postgres::Row], anchors: &[Anchor]) -> Option<String> {
    for a in anchors.iter().filter(|a| a.table == table) {
        let Some(row) = a.records.checked_sub(1).and_then(|i| rows.get(i as usize)) else {
            return Some(format!(
                "the floor read {} records of it and the database holds {}: records were taken away",
                a.records,
                rows.len()
            ));
        };
        let hash: Vec<u8> = row.get(3);
        let now = head_of(&hash).map(|h| h.hex()).unwrap_or_default();
        if now != a.head {
            return Some(format!(
                "record {} is not the one the floor read (its hash was {}, it is {}): the table's record was rewritten after the floor anchored it",
                a.records - 1,
                &a.head[..16.min(a.head.len())],
                &now[..16.min(now.len())]
            ));
        }
    }
    None
}

/// Checks one chain's rows: (seq, prev, hash, line), in seq order.
fn check_chain<'a>(
    table: Option<String>,
    rows: impl Iterator<Item = (i64, Vec<u8>, Vec<u8>, &'a str)>,
) -> TableVerdict {
    let mut verdict = TableVerdict {
        table,
        records: 0,
        head: None,
        problem: None,
    };
    for (seq, prev, hash, line) in rows {
        let problem = if seq != verdict.records as i64 {
            Some(format!("record {} is missing", verdict.records))
        } else {
            match (
                head_of(&prev),
                head_of(&hash),
                chain::links(line.as_bytes()),
            ) {
                (Some(prev), Some(hash), Some(l)) => {
                    if l.prev != prev || l.hash != hash {
                        Some(format!(
                            "record {seq}: its row's hashes are not its line's (the row was changed)"
                        ))
                    } else if l.computed() != hash {
                        Some(format!(
                            "record {seq}: its hash is not the hash of its bytes (the row was changed)"
                        ))
                    } else if verdict.head.is_some_and(|h| h != prev) {
                        Some(format!(
                            "record {seq} does not follow record {}: the chain is broken",
                            seq - 1
                        ))
                    } else {
                        verdict.head = Some(hash);
                        None
                    }
                }
                _ => Some(format!(
                    "record {seq}: not a chained record (the row was changed)"
                )),
            }
        };
        if problem.is_some() {
            verdict.problem = problem;
            return verdict;
        }
        verdict.records += 1;
    }
    verdict
}

/// A draw's purpose in words.
fn purpose_text(purpose: &DrawPurpose) -> String {
    match purpose {
        DrawPurpose::Seats => "seats".into(),
        DrawPurpose::LateEntry => "late entry".into(),
        DrawPurpose::Break { table } => format!("break {table}"),
        DrawPurpose::Balance => "balance".into(),
        DrawPurpose::Redraw => "redraw".into(),
        DrawPurpose::Button { table } => format!("button {table}"),
    }
}

/// Redoes every draw the floor's records reveal (their lines, in order):
/// the seed must hash to the commitment of the same draw written before
/// the reveal, and a seat draw must give, from the seed and the inputs
/// its commitment published, the seats the reveal gave. The inputs are
/// read from the record rather than rebuilt from the tables' journals: the
/// tables and the floor write at once, so which of a table's records the
/// floor had read when it drew is not in the database, while the inputs
/// published before the seed was revealed are, and the draw is bound to
/// them by the commitment that came first. A draw revealed with no
/// commitment before it, or whose seats do not redo, is a problem; so is
/// a seat draw whose inputs were not published (it cannot be redone). A
/// button drawn by a card (`ButtonDrawn`, after its draw's reveal) is
/// redone too: its cards dealt from the lowest seat off the deck the seed
/// shuffles, the button the highest card (`breaking::button_cards`).
pub fn draws<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<DrawVerdict> {
    let mut committed: BTreeMap<u32, (DrawPurpose, String, Option<SeatingInputs>)> =
        BTreeMap::new();
    let mut out: Vec<DrawVerdict> = Vec::new();
    // Each table's button draw revealed and not yet given: its verdict's
    // index and its seed.
    let mut buttons: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for line in lines {
        match serde_json::from_str::<FloorRecord>(line) {
            Ok(FloorRecord::DrawCommitted {
                draw,
                purpose,
                commitment,
                seating,
            }) => {
                committed
                    .entry(draw)
                    .or_insert((purpose, commitment, seating));
            }
            Ok(FloorRecord::DrawRevealed { draw, seed, seats }) => {
                let mut verdict = DrawVerdict {
                    draw,
                    purpose: "not committed".into(),
                    seats: seats.len(),
                    redone: false,
                    problem: None,
                };
                verdict.problem = match committed.get(&draw) {
                    None => Some("revealed with no commitment before it".into()),
                    Some((purpose, promised, seating)) => {
                        verdict.purpose = purpose_text(purpose);
                        if commitment(&seed) != *promised {
                            Some("the seed revealed does not hash to the commitment written before it".into())
                        } else {
                            match (seating, purpose) {
                                (Some(inputs), _) => {
                                    verdict.redone = true;
                                    match inputs.plan(&seed) {
                                        Ok(plan) if plan == seats => None,
                                        Ok(plan) => Some(first_difference(&plan, &seats)),
                                        Err(e) => Some(format!("it does not redo: {e}")),
                                    }
                                }
                                (None, DrawPurpose::Balance | DrawPurpose::Button { .. }) => None,
                                (None, _) => Some(
                                    "its inputs were not published with its commitment: it cannot be redone".into(),
                                ),
                            }
                        }
                    }
                };
                if let (None, Some((DrawPurpose::Button { table }, _, _))) =
                    (&verdict.problem, committed.get(&draw))
                {
                    verdict.problem = Some(
                        "no ButtonDrawn record follows it: the button it gave is not recorded"
                            .into(),
                    );
                    buttons.insert(table.clone(), (out.len(), seed.clone()));
                }
                out.push(verdict);
            }
            Ok(FloorRecord::ButtonDrawn {
                table,
                cards,
                button,
                ..
            }) => match buttons.remove(&table) {
                Some((i, seed)) => {
                    out[i].redone = true;
                    out[i].seats = cards.len();
                    out[i].problem = button_problem(&cards, button, &seed);
                }
                None => out.push(DrawVerdict {
                    draw: 0,
                    purpose: format!("button {table}"),
                    seats: cards.len(),
                    redone: false,
                    problem: Some("a button drawn with no draw for it revealed before it".into()),
                }),
            },
            _ => {}
        }
    }
    out
}

/// What is wrong with a button drawn from `seed` (None: it redoes): the
/// seats dealt from the lowest, the cards the seed's, the button the
/// highest card.
fn button_problem(cards: &[(u8, Card)], button: u8, seed: &str) -> Option<String> {
    let seats: Vec<u8> = cards.iter().map(|(s, _)| *s).collect();
    if seats.windows(2).any(|w| w[0] >= w[1]) {
        return Some(format!(
            "its cards are not dealt from the lowest seat up (seats {seats:?})"
        ));
    }
    let (redone, highest) = button_cards(&seats, seed);
    if let Some(((s, want), (_, got))) = redone.iter().zip(cards).find(|(a, b)| a != b) {
        return Some(format!(
            "redone from its seed it deals {want} to seat {s}, the record says {got}"
        ));
    }
    (highest != Some(button)).then(|| {
        format!(
            "the highest card is seat {}'s, and the record gives the button to seat {button}",
            highest.unwrap_or(0)
        )
    })
}

/// The first seat where a draw redone differs from the one revealed.
fn first_difference(
    redone: &[crate::tournament::Assignment],
    revealed: &[crate::tournament::Assignment],
) -> String {
    let say =
        |a: &crate::tournament::Assignment| format!("{} at {} seat {}", a.player, a.table, a.seat);
    match redone.iter().zip(revealed).find(|(a, b)| a != b) {
        Some((a, b)) => format!(
            "redone from its seed it seats {}, the record says {}",
            say(a),
            say(b)
        ),
        None => format!(
            "redone from its seed it gives {} seats, the record {}",
            redone.len(),
            revealed.len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::HouseRules;
    use crate::session::{Structure, Table, TableEvent};
    use crate::table::{Chips, Seat};
    use crate::tournament::{Floor, FloorTable};

    /// The records of a button drawn at a table of four, as lines.
    fn button_lines() -> Vec<String> {
        let mut table = Table::new(Seat::from_index(0), Structure::default(), Vec::new());
        for (n, name) in [(1, "Ann"), (3, "Bob"), (6, "Cy"), (8, "Di")] {
            table.apply(&TableEvent::PlayerSeated {
                seat: Seat::new(n).expect("a seat"),
                name: name.into(),
                chips: Chips(10_000),
                rejoins: false,
            });
        }
        let t = FloorTable {
            name: "T1".into(),
            seats: 10,
            table,
        };
        let mut floor = Floor::new(HouseRules::tda(), vec![t], Vec::new());
        floor.draw_button("T1", "the seed").expect("drawn");
        floor
            .records
            .iter()
            .map(|r| serde_json::to_string(r).expect("json"))
            .collect()
    }

    fn verdicts(lines: &[String]) -> Vec<DrawVerdict> {
        draws(lines.iter().map(String::as_str))
    }

    #[test]
    fn a_button_drawn_by_a_card_is_redone_from_its_seed() {
        let lines = button_lines();
        let v = verdicts(&lines);
        assert_eq!(v.len(), 1);
        assert!(v[0].redone && v[0].problem.is_none(), "{v:?}");
        assert_eq!(v[0].seats, 4);
        // The button given to another seat than the highest card's.
        let mut record: FloorRecord = serde_json::from_str(&lines[2]).expect("a record");
        let FloorRecord::ButtonDrawn { button, cards, .. } = &mut record else {
            panic!("{record:?}");
        };
        let other = cards
            .iter()
            .map(|c| c.0)
            .find(|s| s != button)
            .expect("a seat");
        *button = other;
        let mut tampered = lines.clone();
        tampered[2] = serde_json::to_string(&record).expect("json");
        let v = verdicts(&tampered);
        assert!(
            v[0].problem
                .as_deref()
                .is_some_and(|p| p.starts_with("the highest card is seat")),
            "{v:?}"
        );
        // A card changed.
        let FloorRecord::ButtonDrawn { cards, .. } = &mut record else {
            panic!("{record:?}");
        };
        cards[0].1 = if cards[0].1.to_string() == "2c" {
            "3c".parse().expect("a card")
        } else {
            "2c".parse().expect("a card")
        };
        tampered[2] = serde_json::to_string(&record).expect("json");
        let v = verdicts(&tampered);
        assert!(
            v[0].problem
                .as_deref()
                .is_some_and(|p| p.starts_with("redone from its seed it deals")),
            "{v:?}"
        );
        // A reveal with no button after it.
        let v = verdicts(&lines[..2]);
        assert!(v[0].problem.is_some(), "{v:?}");
    }
}
