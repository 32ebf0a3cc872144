//! Players out and their places, and hand-for-hand play across tables.
//!
//! A player is out when his table's hand ends without him (the table's own
//! `HandEnded`). Players out in one hand are placed together by the
//! house's `same-hand-busts`: the larger starting stack finishes higher,
//! equal stacks share the place (UPT Tournament 35), never by the cards
//! (Nuts 30). Across tables that is one hand only hand-for-hand, where
//! each table deals its next hand only when every table has finished
//! (Redtooth 53): the busts of one round are one hand. A place that
//! changes when another table's bust joins the hand is given again in a
//! new record (`PlacesCorrected`), never edited.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Floor, FloorRecord, FloorRefusal};
use crate::rules::tournament::{HandForHand as HandForHandRule, HandForHandClock};
use crate::table::Seat;
use crate::table::eval::HandRank;

/// A player out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bust {
    /// The player.
    pub player: String,
    /// The table.
    pub table: String,
    /// The seat he left.
    pub seat: u8,
    /// The table's hand he went out in.
    pub hand: u32,
    /// The hand-for-hand round, when hand-for-hand was on.
    pub round: Option<u32>,
    /// His chips when that hand began.
    pub starting_stack: u64,
    /// His place (1 is the winner).
    pub place: u32,
    /// He was disqualified after the hand (TDA 66-D), not out in it: he
    /// is placed alone, above the hand's busts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disqualified: bool,
    /// The hand he showed with the whole board, if he showed one (his
    /// table's `Finish::shown`): of players sharing a place, the best
    /// hand takes the unit of their prizes that does not divide (UPT
    /// Tournament 35).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<HandRank>,
}

impl Bust {
    /// Whether `other` went out in the same hand: the same round
    /// hand-for-hand, else the same hand at the same table (a
    /// disqualification is a hand of its own).
    pub fn same_hand(&self, other: &Bust) -> bool {
        if self.disqualified || other.disqualified {
            return false;
        }
        match (self.round, other.round) {
            (Some(a), Some(b)) => a == b,
            _ => self.table == other.table && self.hand == other.hand,
        }
    }
}

/// Hand-for-hand play: the round being dealt and each table's hands
/// dealt since it began.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandForHand {
    /// The hand-for-hand hand now being played (0: none dealt yet).
    pub round: u32,
    /// Each table's hands begun hand-for-hand.
    pub dealt: BTreeMap<String, u32>,
}

impl Floor {
    /// Places players out in one hand (`busts`, their places 0) when
    /// `left` players are still in besides them: the floor that reads the
    /// tables' journals finds busts after the fact, some at once, and
    /// places each hand's as if the later ones were still in play.
    pub fn place_out(&mut self, busts: Vec<Bust>, left: u32) {
        if busts.is_empty() {
            return;
        }
        self.busts.extend(busts);
        self.place_last_hand_with(left);
    }

    /// Places the busts of the latest hand together (UPT Tournament 35)
    /// with `left` players still in, recording each new place; a place
    /// given before that changes is recorded as corrected.
    fn place_last_hand_with(&mut self, left: u32) {
        let Some(last) = self.busts.last().cloned() else {
            return;
        };
        let latest = self.busts.len() - 1;
        let group: Vec<usize> = (0..self.busts.len())
            .filter(|i| *i == latest || self.busts[*i].same_hand(&last))
            .collect();
        // The places this hand's players take: below everyone still in and
        // above everyone out before it.
        let mut order = group.clone();
        // UPT Tournament 35: "the player starting the hand with the larger
        // amount of chips finishes in the higher place"; equal stacks
        // "receive equal prize money": they share the better place.
        order.sort_by_key(|i| std::cmp::Reverse(self.busts[*i].starting_stack));
        let mut corrected = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            let first = order
                .iter()
                .position(|j| self.busts[*j].starting_stack == self.busts[i].starting_stack)
                .unwrap_or(k);
            let place = left + 1 + first as u32;
            let was = self.busts[i].place;
            self.busts[i].place = place;
            if was == 0 {
                self.records.push(FloorRecord::PlayerOut {
                    bust: self.busts[i].clone(),
                });
            } else if was != place {
                corrected.push((self.busts[i].player.clone(), place));
            }
        }
        if !corrected.is_empty() {
            self.records
                .push(FloorRecord::PlacesCorrected { places: corrected });
        }
    }

    /// The TD corrects `player`'s stack to `chips` (a miscount found
    /// later): a `StackCorrected` record, which his table carries out.
    /// A player in play has his stack set at his seat. A player out by
    /// mistake returns to the seat he left (it must be free) with the
    /// chips, his bust taken back: the players out after him each finish
    /// a place lower (`PlacesCorrected`), as the field had one more.
    pub fn correct_stack(&mut self, player: &str, chips: u64) -> Result<(), FloorRefusal> {
        if chips == 0 {
            return Err(FloorRefusal::Other(
                "A stack is not corrected to 0: a player goes out in a hand, or is disqualified."
                    .into(),
            ));
        }
        let seated = self.tables.iter().find_map(|t| {
            t.table
                .seats
                .iter()
                .find(|(_, p)| p.name == player && !p.chips.is_zero())
                .map(|(s, p)| (t.name.clone(), s.number(), p.chips.get()))
        });
        if let Some((table, seat, was)) = seated {
            self.records.push(FloorRecord::StackCorrected {
                player: player.to_string(),
                table,
                seat,
                chips,
                was: Some(was),
                returns: None,
            });
            return Ok(());
        }
        let Some(i) = self.busts.iter().rposition(|b| b.player == player) else {
            return Err(FloorRefusal::Other(format!(
                "{player} is neither seated at a table nor out."
            )));
        };
        let undone = self.busts[i].clone();
        let t = self.table(&undone.table)?;
        if let Some(p) = Seat::new(undone.seat).and_then(|s| t.table.seats.get(&s)) {
            return Err(FloorRefusal::Other(format!(
                "{player} left {} seat {}, and {} sits there now (or is moving there): move one of them first.",
                undone.table, undone.seat, p.name
            )));
        }
        let record = FloorRecord::StackCorrected {
            player: player.to_string(),
            table: undone.table.clone(),
            seat: undone.seat,
            chips,
            was: Some(0),
            returns: Some(undone.hand),
        };
        fold_place_record(&mut self.busts, &record);
        self.records.push(record);
        // The field had one more player at every bust after his (and at
        // those of his hand who placed above him).
        let mut corrected = Vec::new();
        for (j, b) in self.busts.iter_mut().enumerate() {
            let later = if b.same_hand(&undone) {
                b.place < undone.place
            } else {
                j >= i
            };
            if later && b.place > 0 {
                b.place += 1;
                corrected.push((b.player.clone(), b.place));
            }
        }
        if !corrected.is_empty() {
            self.records
                .push(FloorRecord::PlacesCorrected { places: corrected });
        }
        Ok(())
    }

    /// Every player out and his place, and the winner's 1 when one is left
    /// (and no unsold stack: `unsold_stack`).
    pub fn places(&self) -> BTreeMap<String, u32> {
        let mut places: BTreeMap<String, u32> = self
            .busts
            .iter()
            .map(|b| (b.player.clone(), b.place))
            .collect();
        if self.players_left() == 1
            && self.unsold_stack().is_none()
            && let Some((_, name, _)) = self.tables.iter().flat_map(|t| t.players()).next()
        {
            places.insert(name, 1);
        }
        places
    }

    /// The tournament's winner and his table: one player seated, every
    /// other player of the field placed (none between tables), and no
    /// unsold stack left in play (`unsold_stack`).
    pub fn winner(&self) -> Option<(String, String)> {
        if self.field < 2
            || self.busts.len() + 1 != self.field as usize
            || self.unsold_stack().is_some()
        {
            return None;
        }
        let mut left = self.tables.iter().flat_map(|t| {
            t.players()
                .into_iter()
                .map(move |(_, name, _)| (name, t.name.clone()))
        });
        let first = left.next()?;
        left.next().is_none().then_some(first)
    }

    /// A stack placed for a late entrant and still unsold (UPT Tournament
    /// 6), at any table: its table and seat. Its chips are in play and in
    /// no player's stack, so the tournament is not won, nor a deal made,
    /// until the TD has it removed (`seat N no-show`) or the blinds take it.
    pub fn unsold_stack(&self) -> Option<(&str, Seat)> {
        self.tables
            .iter()
            .find_map(|t| t.placed_seats().first().map(|s| (t.name.as_str(), *s)))
    }

    /// The tables hand-for-hand waits for: still playing the round's hand,
    /// or yet to deal it (a table offline keeps the others waiting).
    pub fn waiting_for(&self) -> Vec<String> {
        let Some(h) = &self.hand_for_hand else {
            return Vec::new();
        };
        self.live_tables()
            .iter()
            .filter(|t| t.table.in_hand || h.dealt.get(&t.name).copied().unwrap_or(0) < h.round)
            .map(|t| t.name.clone())
            .collect()
    }

    /// The line every table shows hand-for-hand ("hand-for-hand: hand 12,
    /// waiting for T3, T7"), or `None` when it is off.
    pub fn hand_for_hand_status(&self) -> Option<String> {
        let h = self.hand_for_hand.as_ref()?;
        let waiting = self.waiting_for();
        Some(if h.round == 0 && waiting.is_empty() {
            "hand-for-hand: every table may deal its first hand-for-hand hand".to_string()
        } else if h.round == 0 {
            format!(
                "hand-for-hand: waiting for {} to finish the hand before it",
                waiting.join(", ")
            )
        } else if waiting.is_empty() {
            format!("hand-for-hand: hand {}, every table done", h.round)
        } else {
            format!(
                "hand-for-hand: hand {}, waiting for {}",
                h.round,
                waiting.join(", ")
            )
        })
    }

    /// Whether the floor proposes hand-for-hand now (Redtooth 53: "as play
    /// progresses towards the final 8 players": at two tables).
    pub fn hand_for_hand_proposed(&self) -> bool {
        self.hand_for_hand.is_none()
            && self.rules.tournament.hand_for_hand.value == HandForHandRule::ProposedAtTwoTables
            && self.live_tables().len() == 2
    }

    /// Whether the level clock runs: the house may stop it while play is
    /// hand-for-hand (the Desk pauses it when it goes on, resumes it
    /// when off).
    pub fn clock_runs(&self) -> bool {
        match self.rules.tournament.hand_for_hand_clock.value {
            HandForHandClock::Runs => true,
            HandForHandClock::StopsWhileWaiting => self.hand_for_hand.is_none(),
        }
    }
}

/// Folds one of the floor's place records into `busts`: a `PlayerOut`
/// adds the player, a `PlacesCorrected` gives his last bust its new place
/// (0: not out after all, the bust removed), a `StackCorrected` returning
/// a player out by mistake removes that bust. The Desk's fold and a
/// table's view of its places both read the records through it.
pub fn fold_place_record(busts: &mut Vec<Bust>, record: &FloorRecord) {
    match record {
        FloorRecord::PlayerOut { bust } => busts.push(bust.clone()),
        FloorRecord::StackCorrected {
            player,
            table,
            returns: Some(hand),
            ..
        } => busts.retain(|b| !(b.player == *player && b.table == *table && b.hand == *hand)),
        FloorRecord::PlacesCorrected { places } => {
            for (player, place) in places {
                let Some(i) = busts.iter().rposition(|b| b.player == *player) else {
                    continue;
                };
                if *place == 0 {
                    busts.remove(i);
                } else {
                    busts[i].place = *place;
                }
            }
        }
        _ => {}
    }
}

/// The places the floor's `records` give the players out at `table`, by
/// name. A table counts its own players only, so its fourth out may be the
/// tournament's tenth: with a floor, these are the places a table shows.
pub fn floor_places(records: &[FloorRecord], table: &str) -> BTreeMap<String, u32> {
    let mut busts = Vec::new();
    for record in records {
        fold_place_record(&mut busts, record);
    }
    busts
        .into_iter()
        .filter(|b| b.table == table)
        .map(|b| (b.player, b.place))
        .collect()
}
