//! A table at a glance, as the TD's floor shows it: one table's journal
//! (`Loaded`, as the floor's reader rebuilds it from the database) comes
//! in, and what the TD reads of it across the room comes out: the hand
//! number, the street and the pot of the hand in play, who sits where with
//! what, the seat to act, a ruling waiting for the floor, and a clock
//! called on a player.
//!
//! Nothing is worked out afresh: the table is the journal's own fold
//! (`journal::table_of`, as the table's restart finds it) and the hand in
//! play its entries' replay (`table::hand::replay`), so the floor reads
//! each table exactly as the table itself does. Pure: no time, no I/O; a
//! clock called is given whole, for the screen to read at its own now.
//!
//! [`moves_due`] reads the floor's confirmed moves against the tables'
//! glances: a move is done when the origin table no longer seats the player
//! in his seat and the destination seats him in his (each table carries
//! the order out with a line of its own), so it is read from the tables,
//! never remembered.

use std::collections::BTreeMap;

use crate::journal::{Loaded, Stamp, table_of};
use crate::rules::Ruling;
use crate::session::{Blinds, PlayerClock};
use crate::table::event::{Event, Street};
use crate::table::hand::{Entry, live_entries, replay};
use crate::table::{Card, Chips, Seat};
use crate::tournament::{FloorRecord, Move};

/// One seat as the floor sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatGlance {
    /// The seat.
    pub seat: Seat,
    /// The player's name, as the dealer keyed it (may be empty).
    pub name: String,
    /// Chips behind (in a hand: what is not in the pot).
    pub chips: Chips,
    /// Chips put in the hand in play.
    pub in_pot: Chips,
    /// Dealt into the hand in play.
    pub dealt: bool,
    /// Folded in the hand in play.
    pub folded: bool,
    /// All in, in the hand in play.
    pub all_in: bool,
}

/// Rulings an entry suggested that no acceptance has followed yet.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingRuling {
    /// The entry that suggested them, in its hand.
    pub entry: u32,
    /// What the dealer entered, as the table reads it.
    pub text: String,
    /// The rulings, with their citations.
    pub rulings: Vec<Ruling>,
}

/// One table at a glance.
#[derive(Debug, Clone, PartialEq)]
pub struct TableGlance {
    /// The last hand begun (0: none yet).
    pub hand: u32,
    /// The street of the hand in play; `None` between hands.
    pub street: Option<Street>,
    /// The pot of the hand in play (zero between hands).
    pub pot: Chips,
    /// The board of the hand in play.
    pub board: Vec<Card>,
    /// The players, seat by seat: those with chips, and in a hand those
    /// dealt in.
    pub seats: Vec<SeatGlance>,
    /// The seat to act in the hand in play.
    pub to_act: Option<Seat>,
    /// The button of the last hand.
    pub button: Option<Seat>,
    /// The blinds of the last hand begun.
    pub blinds: Option<Blinds>,
    /// Rulings the last entry suggested, not yet accepted.
    pub ruling: Option<PendingRuling>,
    /// The clock called on a player, if any.
    pub player_clock: Option<PlayerClock>,
    /// Whether that clock has run out (the hand dead, TDA 27).
    pub clock_expired: bool,
    /// Whether the table plays hand-for-hand.
    pub hand_for_hand: bool,
    /// Whether the table is on a break.
    pub on_break: bool,
    /// Whether the table runs light (no hand keyed: players out and
    /// counts), and the chips there not yet counted to anyone.
    pub light: Option<i64>,
    /// When the table's last record was written, when the journal says.
    pub last_record: Option<Stamp>,
    /// How many records the journal holds.
    pub records: usize,
}

impl TableGlance {
    /// Whether a hand is being played.
    pub fn in_hand(&self) -> bool {
        self.street.is_some()
    }

    /// Players with chips (behind or in the pot).
    pub fn players(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| !s.chips.is_zero() || !s.in_pot.is_zero())
            .count()
    }

    /// Whether `player` sits in `seat`.
    pub fn seats_player(&self, player: &str, seat: u8) -> bool {
        self.seats
            .iter()
            .any(|s| s.seat.number() == seat && s.name == player)
    }
}

/// The table a journal holds, at a glance.
pub fn glance(loaded: &Loaded) -> TableGlance {
    let table = table_of(loaded);
    let last = loaded.hands.last();
    let state = last.map(|h| replay(&h.entries));
    let playing = state.as_ref().filter(|st| st.street != Street::Done);
    let mut seats: BTreeMap<Seat, SeatGlance> = table
        .seats
        .iter()
        .filter(|(_, p)| !p.chips.is_zero())
        .map(|(seat, p)| {
            (
                *seat,
                SeatGlance {
                    seat: *seat,
                    name: p.name.clone(),
                    chips: p.chips,
                    in_pot: Chips::ZERO,
                    dealt: false,
                    folded: false,
                    all_in: false,
                },
            )
        })
        .collect();
    if let (Some(st), Some(hand)) = (playing, last) {
        for seat in st.occupied() {
            let s = st.seat(seat);
            let name = table
                .seats
                .get(&seat)
                .map(|p| p.name.clone())
                .or_else(|| hand.header.names.get(&seat.number()).cloned())
                .unwrap_or_default();
            seats.insert(
                seat,
                SeatGlance {
                    seat,
                    name,
                    chips: s.stack,
                    in_pot: s.committed,
                    dealt: true,
                    folded: s.folded || s.discarded,
                    all_in: s.all_in(),
                },
            );
        }
    }
    let last_record = last.and_then(|h| {
        let entry = h.times.iter().rev().find_map(|t| *t);
        let note = h.table.iter().rev().find_map(|n| n.time);
        [h.started, entry, note].into_iter().flatten().max()
    });
    TableGlance {
        hand: table.hand,
        street: playing.map(|st| st.street),
        pot: playing.map_or(Chips::ZERO, |st| st.pot()),
        board: playing.map(|st| st.board.clone()).unwrap_or_default(),
        seats: seats.into_values().collect(),
        to_act: playing.and_then(|st| st.to_act),
        button: table
            .positions
            .as_ref()
            .map(|p| p.button)
            .or_else(|| state.as_ref().and_then(|st| st.button)),
        blinds: table.blinds,
        ruling: last.and_then(|h| pending_ruling(&h.entries)),
        player_clock: table.player_clock,
        clock_expired: table.player_clock_expired,
        hand_for_hand: table.hand_for_hand,
        on_break: table.on_break,
        light: table.light.then_some(table.uncounted),
        last_record,
        records: loaded.records,
    }
}

/// The rulings of the hand's last entry (undos, redos and acceptances
/// aside) when none of them has been accepted: the table waits on the
/// floor while its ruling panel is open.
fn pending_ruling(entries: &[Entry]) -> Option<PendingRuling> {
    let live = live_entries(entries);
    let last = entries
        .iter()
        .rev()
        .find(|e| live[e.seq as usize] && e.retracted_target().is_none() && !e.is_acceptance())?;
    let rulings: Vec<Ruling> = last.rulings().cloned().collect();
    let accepted = entries.iter().any(|e| {
        live[e.seq as usize]
            && matches!(e.events.as_slice(), [Event::RulingsAccepted { entry }] if *entry == last.seq)
    });
    (!rulings.is_empty() && !accepted).then(|| PendingRuling {
        entry: last.seq,
        text: last.text(),
        rulings,
    })
}

/// A move the TD confirmed, and how far the tables have carried it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueMove {
    /// The move.
    pub mv: Move,
    /// The origin table no longer seats the player in his seat.
    pub left: bool,
    /// The destination seats him in his.
    pub arrived: bool,
    /// The chips his leave journaled, once the floor has read it
    /// (`MoveLeft`): what he sits down with.
    pub chips: Option<u64>,
}

/// The confirmed moves not yet carried out at both tables, in the order
/// confirmed (a player's latest move only: a later one replaces it, and a
/// `PlayerOut` after it ends it).
/// `tables` gives a table's glance by name; a table the floor cannot read
/// (`None`) has not done its part.
pub fn moves_due<'a>(
    records: &[FloorRecord],
    tables: impl Fn(&str) -> Option<&'a TableGlance>,
) -> Vec<DueMove> {
    let mut latest: Vec<&Move> = Vec::new();
    let mut left = std::collections::BTreeMap::new();
    for record in records {
        crate::tournament::orders::fold_left(&mut left, record);
        match record {
            FloorRecord::MoveConfirmed { mv } => {
                latest.retain(|m| m.player != mv.player);
                latest.push(mv);
            }
            // Out since (at his new table, or before he could leave the
            // old): nothing is left to carry out.
            FloorRecord::PlayerOut { bust } => latest.retain(|m| m.player != bust.player),
            FloorRecord::MoveCancelled { player, .. } => latest.retain(|m| m.player != *player),
            _ => {}
        }
    }
    latest
        .into_iter()
        .map(|mv| DueMove {
            mv: mv.clone(),
            left: tables(&mv.from).is_some_and(|t| !t.seats_player(&mv.player, mv.from_seat)),
            arrived: tables(&mv.to).is_some_and(|t| t.seats_player(&mv.player, mv.to_seat)),
            chips: crate::tournament::orders::left_chips(&left, &mv.player, &mv.from, mv.from_seat),
        })
        .filter(|d| !(d.left && d.arrived))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Bust;

    fn moved(player: &str) -> FloorRecord {
        FloorRecord::MoveConfirmed {
            mv: Move {
                player: player.into(),
                from: "T3".into(),
                from_seat: 1,
                to: "T1".into(),
                to_seat: 4,
                chips: 2_100,
                dealt_next: true,
            },
        }
    }

    fn out(player: &str, table: &str) -> FloorRecord {
        FloorRecord::PlayerOut {
            bust: Bust {
                player: player.into(),
                table: table.into(),
                seat: 4,
                hand: 6,
                round: None,
                starting_stack: 2_100,
                place: 4,
                disqualified: false,
                shown: None,
            },
        }
    }

    #[test]
    fn a_move_is_no_longer_due_once_its_player_is_out() {
        // Fay moved from the broken T3 to T1, sat, and went out there
        // three hands later: her move is not "confirmed, not yet done"
        // for the rest of the tournament. Nor is one whose player went
        // out before he could leave.
        let none = |_: &str| None;
        assert_eq!(moves_due(&[moved("Fay")], none).len(), 1);
        assert!(moves_due(&[moved("Fay"), out("Fay", "T1")], none).is_empty());
        assert!(moves_due(&[moved("Fay"), out("Fay", "T3")], none).is_empty());
        // Out before the move (a re-entry moved since): still due.
        assert_eq!(moves_due(&[out("Fay", "T3"), moved("Fay")], none).len(), 1);
    }
}
