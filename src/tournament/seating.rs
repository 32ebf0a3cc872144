//! A seat draw's inputs, written out so the draw can be redone from them
//! and its seed alone: the players to seat (with their chips), each table
//! they may go to (who sits there now, its empty seats) and the groups the
//! house keeps apart. `Floor::seat_plan` draws through it, so the floor's
//! own draw and a verifier's redo run the same code.
//!
//! The floor publishes these inputs with the draw's commitment, before the
//! seed is revealed: the redo needs no table's state, so it does not
//! depend on which of the tables' records the floor had read when it drew
//! (tables and the floor race), and the inputs cannot be chosen after the
//! seed is known.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Assignment, FloorRefusal, draw::Draw};
use crate::table::Seat;

/// One table a draw may seat players at, as it was when the draw was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatingTable {
    /// The table.
    pub table: String,
    /// The players seated there with chips.
    pub players: Vec<String>,
    /// Its empty seats, lowest first.
    pub empty: Vec<u8>,
}

/// Everything a seat draw is made from, but its seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatingInputs {
    /// The players to seat, in order, each with his chips.
    pub players: Vec<(String, u64)>,
    /// The tables they may go to, in order.
    pub tables: Vec<SeatingTable>,
    /// The groups the house keeps apart (Ugly Tuna Seating 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep_apart: Vec<Vec<String>>,
}

/// Whether `player` may sit with the players `at` (no one of a group kept
/// apart from him: Ugly Tuna Seating 5).
pub fn may_sit(keep_apart: &[Vec<String>], player: &str, at: &[String]) -> bool {
    !keep_apart.iter().any(|group| {
        group.iter().any(|p| p == player) && group.iter().any(|p| p != player && at.contains(p))
    })
}

impl SeatingInputs {
    /// Where the draw from `seed` seats the players. Step one gives each
    /// player a table: the tables are filled so they stay as even as they
    /// can be (a random one of the emptiest each time); step two gives
    /// each a random empty seat there (TDA 9's two steps; TDA 6, 7). A
    /// table that would hold two players kept apart is drawn again from
    /// the same generator.
    pub fn plan(&self, seed: &str) -> Result<Vec<Assignment>, FloorRefusal> {
        let mut draw = Draw::new(seed);
        let capacity: usize = self.tables.iter().map(|t| t.empty.len()).sum();
        if self.players.len() > capacity {
            return Err(FloorRefusal::Other(format!(
                "{} players to seat and only {capacity} empty seats.",
                self.players.len()
            )));
        }
        'attempt: for _ in 0..1000 {
            let mut order: Vec<usize> = (0..self.players.len()).collect();
            draw.shuffle(&mut order);
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            let mut room: BTreeMap<&str, usize> = BTreeMap::new();
            let mut names: BTreeMap<&str, Vec<String>> = BTreeMap::new();
            for t in &self.tables {
                counts.insert(&t.table, t.players.len());
                room.insert(&t.table, t.empty.len());
                names.insert(&t.table, t.players.clone());
            }
            let mut plan = vec![None; self.players.len()];
            // Step one: a table for each player.
            for &i in &order {
                let open: Vec<&str> = self
                    .tables
                    .iter()
                    .map(|t| t.table.as_str())
                    .filter(|n| room[n] > 0)
                    .collect();
                let least = open.iter().map(|n| counts[n]).min().unwrap_or(0);
                let emptiest: Vec<&str> = open.into_iter().filter(|n| counts[n] == least).collect();
                let Some(table) = draw.pick(&emptiest) else {
                    return Err(FloorRefusal::Other("No table has an empty seat.".into()));
                };
                if !may_sit(&self.keep_apart, &self.players[i].0, &names[table]) {
                    continue 'attempt;
                }
                *counts.entry(table).or_default() += 1;
                *room.entry(table).or_default() -= 1;
                names
                    .entry(table)
                    .or_default()
                    .push(self.players[i].0.clone());
                plan[i] = Some(table);
            }
            // Step two: a seat at that table.
            let mut seats: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
            for t in &self.tables {
                let mut open = t.empty.clone();
                draw.shuffle(&mut open);
                seats.insert(&t.table, open);
            }
            let mut out = Vec::new();
            for (i, table) in plan.iter().enumerate() {
                let Some(table) = table else { continue };
                let seat = seats
                    .get_mut(table)
                    .and_then(Vec::pop)
                    .filter(|s| Seat::new(*s).is_some())
                    .ok_or_else(|| FloorRefusal::Other("No empty seat left.".into()))?;
                out.push(Assignment {
                    player: self.players[i].0.clone(),
                    table: table.to_string(),
                    seat,
                    chips: self.players[i].1,
                });
            }
            return Ok(out);
        }
        Err(FloorRefusal::Other(
            "The players kept apart cannot all be seated at different tables.".into(),
        ))
    }
}
