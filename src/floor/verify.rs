//! `floor verify`: every table's chain in the database checked against
//! itself: the records numbered from 0 with none missing, each row's
//! columns the ones its line carries, each line's hash the hash of its
//! bytes, each `prev` the record before's hash; then the table's records,
//! as a journal, through the journal's own `verify` (the order of records,
//! every hand replayed, every seal's chips). The floor's own records are
//! checked as a chain, and every draw they reveal is redone
//! (`tournament::audit`). A table's own journal file, where the TD has
//! it, is compared with the database record by record: the file may run
//! ahead (records its link has not sent yet), never differ or fall behind.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use postgres::Client;

use super::rows::rows_from;
use super::schema::head_of;
use super::{FloorError, check_name};
use crate::journal::chain::{self, Head};
use crate::journal::verify::{VerifyOptions, verify as verify_journal};
use crate::journal::{parse, room_table};
use crate::tournament::audit::{DrawVerdict, draws};
use crate::tournament::money_audit::{MoneyAudit, money};
use crate::tournament::room::{RoomAudit, audit};
use crate::tournament::{Anchor, FloorRecord};

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
    /// The money the floor's records hold (purchases, pool, deals), once
    /// the floor's chain verified; None: it holds none.
    pub money: Option<MoneyAudit>,
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

impl FloorVerified {
    /// Whether every chain verified and no fork was recorded.
    pub fn ok(&self) -> bool {
        self.forks.is_empty()
            && self.chains.iter().all(|c| c.problem.is_none())
            && self.draws.iter().all(|d| d.problem.is_none())
            && self.room.as_ref().is_none_or(|r| r.problems.is_empty())
            && self.money.as_ref().is_none_or(|m| m.problems.is_empty())
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
        out.extend(self.money.as_ref().map(MoneyAudit::line));
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
    // Each of the floor's records as it reads (None: it does not).
    let read: Vec<Option<FloorRecord>> = floor
        .iter()
        .map(|r| serde_json::from_str(r.get::<_, &str>(3)).ok())
        .collect();
    let floor_records: Option<Vec<FloorRecord>> = read.iter().cloned().collect();
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
                room_tables.push(room_table(&table, &loaded));
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
    let draws = draws(read.iter().flatten());
    // The room is audited only when every chain holds: a table whose
    // record does not verify cannot be counted.
    let floor_holds = chains.last().is_some_and(|c| c.problem.is_none());
    let money = floor_records
        .as_deref()
        .filter(|_| floor_holds)
        .and_then(money);
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
        money,
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
