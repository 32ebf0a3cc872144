//! A deal among the players left (issue 35.4), on the floor: where the
//! house's `deals` allows one (Ugly Tuna 13 forbids them; UPT Tournament
//! 36 leaves private deals to the players), the floor works out an ICM,
//! chip or even chop of the prizes still to be paid from every table's
//! stacks between hands (`tournament::deal`), optionally keeping an amount
//! to play for; the TD shows it (`Answer::Deal`, nothing recorded) and,
//! when every player agrees, records it (`DealMade`). Play goes on: the
//! places are still given, and the winner takes what was kept.

use super::{Answer, Tournament, Work};
use crate::rules::tournament::Deals;
use crate::table::Chips;
use crate::tournament::deal::{Method, deal};
use crate::tournament::{FloorRecord, FloorRefusal};
use crate::values::Money;

/// A deal worked out for the players left: who, with what, and each
/// one's share.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DealTerms {
    /// How the prizes were shared.
    pub method: Method,
    /// The entries in the deal, with their stacks then, in seat order
    /// table by table.
    pub players: Vec<(String, Chips)>,
    /// Each one's share, in the same order.
    pub shares: Vec<Money>,
    /// Kept out of first prize, for the winner.
    pub kept: Money,
}

impl Tournament {
    /// The deal recorded, if any.
    pub fn deal_made(&self) -> Option<&DealTerms> {
        self.floor.records.iter().rev().find_map(|r| match r {
            FloorRecord::DealMade { deal } => Some(deal),
            _ => None,
        })
    }
}

impl Work<'_> {
    /// Works out a deal by `method`, keeping `kept` to play for; with
    /// `agreed`, records it. Refused, changing nothing, where the house
    /// makes none, a deal was made already, the tournament pays no
    /// prizes, a stack placed for a late entrant is unsold, or a table is
    /// in a hand (its stacks are not yet known).
    pub(super) fn deal(
        &mut self,
        method: Method,
        kept: Money,
        agreed: bool,
    ) -> Result<Answer, FloorRefusal> {
        let refuse = |message: String| Err(FloorRefusal::Other(message));
        let deals = &self.floor.rules.tournament.deals;
        match deals.value {
            Deals::Allowed => {}
            Deals::Forbidden => {
                return refuse(format!("The house makes no deals ({}).", deals.citation));
            }
            Deals::Private => {
                return refuse(format!(
                    "A deal is the players' own: the house pays the places and does not rule on it ({}).",
                    deals.citation
                ));
            }
        }
        if self.deal_made().is_some() {
            return refuse("A deal was made already: the rest is played for.".into());
        }
        // Registration open until a level still to come: more entries may
        // come, and the pool is not yet final. (What is sold while the
        // tournament lasts is sold no more once a deal is made: `buy`.)
        if let Some(funding) = &self.funding
            && let Some((buy, until)) = funding
                .still_sold(self.level_at(self.now_ms))
                .find_map(|(b, until)| until.map(|u| (b, u)))
        {
            return refuse(format!(
                "No deal while the {} is still sold (until level {until}): the pool is not final.",
                buy.key()
            ));
        }
        let prizes = match self.prizes() {
            None => {
                return refuse("This tournament pays no prizes: there is nothing to deal.".into());
            }
            Some(Err(e)) => return refuse(format!("The prizes cannot be worked out: {e}.")),
            Some(Ok(prizes)) => prizes,
        };
        if let Some((table, seat)) = self.floor.unsold_stack() {
            let seat = seat.number();
            return refuse(format!(
                "No deal while {table} holds a stack placed for a late entrant in seat {seat}: its chips are in no player's stack; have it removed first ({table}: seat {seat} no-show)."
            ));
        }
        let mut players = Vec::new();
        for t in self.floor.live_tables() {
            if t.table.in_hand {
                return refuse(format!(
                    "No deal while {} is playing hand {}: the stacks are known between hands.",
                    t.name, t.table.hand
                ));
            }
            players.extend(
                t.players()
                    .into_iter()
                    .map(|(_, name, chips)| (name, chips)),
            );
        }
        let left = players.len().min(prizes.len());
        let stacks: Vec<Chips> = players.iter().map(|(_, c)| *c).collect();
        let worked = deal(method, &prizes[..left], &stacks, kept)
            .map_err(|e| FloorRefusal::Other(format!("No deal: {e}.")))?;
        let terms = DealTerms {
            method,
            players,
            shares: worked.shares,
            kept: worked.kept,
        };
        if agreed {
            self.write(&FloorRecord::DealMade {
                deal: terms.clone(),
            })?;
        }
        Ok(Answer::Deal(terms))
    }
}
