//! The Desk's reading: the tables from their journals and the floor's
//! records as the reader brought them, folded by the engine, then what
//! they make due (`FloorCommand::Due`), decided by the engine and written
//! like any other decision (by a Desk that writes: one that only reads
//! folds them as the TD's Desk writes them).

use super::Desk;
use crate::journal::{Loaded, floor_read, table_of};
use crate::tournament::{Decide, FloorCommand, FloorRecord};

/// `Desk::refresh`.
pub(super) fn refresh(desk: &mut Desk) -> bool {
    let (tables, rows, live) = {
        let st = desk.reader.state();
        if st.version == desk.version {
            return false;
        }
        desk.version = st.version;
        let tables: Vec<(String, u64, Result<Loaded, String>)> = st
            .tables
            .iter()
            .filter(|(name, feed)| desk.folded.get(*name) != Some(&feed.records))
            .map(|(name, feed)| {
                let loaded = match (&feed.broken, &feed.loaded) {
                    (Some(b), _) => Err(b.clone()),
                    (None, l) => l.clone(),
                };
                (name.clone(), feed.records, loaded)
            })
            .collect();
        let rows: Vec<String> = st
            .floor
            .iter()
            .skip(desk.applied)
            .map(|r| r.line.clone())
            .collect();
        (tables, rows, st.catch_ups > 0)
    };
    for (name, records, loaded) in tables {
        desk.folded.insert(name.clone(), records);
        match loaded {
            Ok(loaded) => table_read(desk, &name, loaded),
            Err(why) => problem(desk, format!("table {name}: {why}")),
        }
    }
    for line in rows {
        match serde_json::from_str::<FloorRecord>(&line) {
            Ok(record) => desk.tournament.apply(record),
            Err(e) => problem(
                desk,
                format!("floor record {}: it does not read ({e})", desk.applied),
            ),
        }
        desk.applied += 1;
    }
    if live {
        desk.caught_up = true;
    }
    // A Desk that only reads takes the floor's structure and money, and
    // folds again with them.
    if desk.adopt_published() {
        refresh(desk);
        return true;
    }
    // What the tables' journals make due; a failure to write is tried
    // again at the next refresh.
    if desk.caught_up
        && desk.writes()
        && let Err(e) = desk.decide(&FloorCommand::Due)
    {
        problem(desk, e.to_string());
    }
    true
}

fn problem(desk: &mut Desk, text: String) {
    if !desk.problems.contains(&text) {
        desk.problems.push(text);
    }
}

/// A table's journal read again: the engine folds its table.
fn table_read(desk: &mut Desk, name: &str, loaded: Loaded) {
    let table = table_of(&loaded);
    let read = floor_read(&loaded, &table);
    desk.tournament.table_read(name, table, read);
    desk.journals.insert(name.to_string(), loaded);
}
