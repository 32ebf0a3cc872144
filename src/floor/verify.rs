//! `floor verify`: every table's chain in the database checked against
//! itself: the records numbered from 0 with none missing, each row's
//! columns the ones its line carries, each line's hash the hash of its
//! bytes, each `prev` the record before's hash; then the table's records,
//! as a journal, through the journal's own `verify` (the order of records,
//! every hand replayed, every seal's chips). The floor's own records are
//! checked as a chain.

use std::collections::BTreeMap;
use std::path::Path;

use postgres::Client;

use super::schema::head_of;
use super::{FloorError, check_name};
use crate::journal::chain::{self, Head};
use crate::journal::verify::{VerifyOptions, verify as verify_journal};

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
}

impl FloorVerified {
    /// Whether every chain verified and no fork was recorded.
    pub fn ok(&self) -> bool {
        self.forks.is_empty() && self.chains.iter().all(|c| c.problem.is_none())
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
    check_name(tournament)?;
    let rows = client.query(
        "SELECT tab, seq, prev, hash, line FROM floorcall.records WHERE tournament = $1 ORDER BY tab, seq",
        &[&tournament],
    )?;
    let mut tables: BTreeMap<String, Vec<postgres::Row>> = BTreeMap::new();
    for r in rows {
        tables.entry(r.get(0)).or_default().push(r);
    }
    let mut chains = Vec::new();
    for (table, rows) in tables {
        let mut verdict = check_chain(
            Some(table.clone()),
            rows.iter()
                .map(|r| (r.get(1), r.get(2), r.get(3), r.get(4))),
        );
        if verdict.problem.is_none() {
            let mut text = Vec::new();
            for r in &rows {
                text.extend_from_slice(r.get::<_, &str>(4).as_bytes());
                text.push(b'\n');
            }
            let name = format!("table {table} in the database");
            if let Err(e) = verify_journal(Path::new(&name), &text, &VerifyOptions::default()) {
                verdict.problem = Some(format!("{e} (line N is record N-1)"));
            }
        }
        chains.push(verdict);
    }
    let floor = client.query(
        "SELECT seq, prev, hash, line FROM floorcall.floor_records WHERE tournament = $1 ORDER BY seq",
        &[&tournament],
    )?;
    chains.push(check_chain(
        None,
        floor
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))),
    ));
    let forks = client
        .query(
            "SELECT tab, seq FROM floorcall.forks WHERE tournament = $1 ORDER BY seen",
            &[&tournament],
        )?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    Ok(FloorVerified { chains, forks })
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
