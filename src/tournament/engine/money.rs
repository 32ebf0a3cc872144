//! The room's money (issue 35): what a player buys, decided against the
//! structure's `[money]` (`Funding`), and what the purchases add up to:
//! the entries, the pool, the prizes, the money line. Every figure is
//! worked out from the floor's `Bought` records, never typed in.

use std::collections::BTreeMap;

use super::{Answer, Tournament, Work};
use crate::rules::tournament::Rebuys;
use crate::table::Chips;
use crate::tournament::funding::{Buy, Funding, Offer, Pool, Purchase, entry_name};
use crate::tournament::payouts::{PayoutError, payouts, shared};
use crate::tournament::{FloorRecord, FloorRefusal};
use crate::values::Money;

/// Whether entries are still sold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    /// Entries are sold (until the end of a level, or while it lasts).
    Open {
        /// The last level they are sold at.
        until: Option<u32>,
    },
    /// No entry is sold now, though something else still is.
    Closed,
    /// Nothing more is sold: the pool is final.
    Final,
}

impl Registration {
    /// As the TD's money line and the room's board say it.
    pub fn text(&self) -> String {
        match self {
            Registration::Open { until: Some(u) } => {
                format!("late registration open until level {u}")
            }
            Registration::Open { until: None } => "registration open".into(),
            Registration::Closed => "registration closed".into(),
            Registration::Final => "nothing more is sold: the pool is final".into(),
        }
    }
}

/// The room's money at an instant: the pool, the prizes, registration,
/// the bubble.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneyView {
    /// The pool.
    pub pool: Money,
    /// The entries (first entries and re-entries).
    pub entries: u32,
    /// The pool is the guarantee (and someone paid in).
    pub guaranteed: bool,
    /// The prizes, first place first (None: the structure names no
    /// payouts).
    pub prizes: Option<Result<Vec<Money>, PayoutError>>,
    /// Whether entries are sold.
    pub registration: Registration,
    /// The next player out is the last one unpaid.
    pub bubble: bool,
}

impl Tournament {
    /// The tournament with its money (the structure file's `[money]`):
    /// the floor publishes it in its records (`FundingSet`).
    pub fn with_funding(mut self, funding: Funding) -> Tournament {
        self.funding = Some(funding);
        self
    }

    /// Every purchase recorded, in order.
    pub fn purchases(&self) -> &[Purchase] {
        &self.bought
    }

    /// The level in force at `now_ms` by the floor's clock (1 before it
    /// starts; a break counts as the level before it).
    pub fn level_at(&self, now_ms: i64) -> u32 {
        let Some(clock) = &self.clock else {
            return 1;
        };
        let stage = clock.at(now_ms).stage;
        u32::try_from(self.structure.level_number(stage)).unwrap_or(u32::MAX)
    }

    /// The pool from the purchases recorded (None: the tournament has no
    /// money).
    pub fn pool(&self) -> Option<Pool> {
        Some(self.funding.as_ref()?.pool(&self.bought))
    }

    /// The prizes, first place first, from the pool and the entries (None:
    /// the tournament has no money or names no payouts).
    pub fn prizes(&self) -> Option<Result<Vec<Money>, PayoutError>> {
        let funding = self.funding.as_ref()?;
        let table = funding.payouts.as_ref()?;
        let pool = self.pool()?;
        Some(payouts(pool.pool, pool.entries, table, funding.unit))
    }

    /// What each entry placed has won (entry -> amount), from the prizes
    /// now: his place's prize; players out in one hand who share a place
    /// share its prizes and the ones below equally (UPT Tournament 35), a
    /// unit that does not divide going to the best hand shown on the deal,
    /// whichever table it was at (else to the first of them the floor
    /// placed). After a deal, its players have their shares, and the
    /// winner what was kept. None: the tournament pays no prizes.
    pub fn winnings(&self) -> Option<Result<BTreeMap<String, Money>, PayoutError>> {
        let prizes = match self.prizes()? {
            Ok(prizes) => prizes,
            Err(e) => return Some(Err(e)),
        };
        let places = self.floor.places();
        let deal = self.deal_made();
        let in_deal = |entry: &str| deal.is_some_and(|d| d.players.iter().any(|(n, _)| n == entry));
        // The entries of each place, in the order the floor placed them.
        let mut by_place: BTreeMap<u32, Vec<&str>> = BTreeMap::new();
        let placed = self.floor.busts.iter().map(|b| b.player.as_str());
        let winner = places
            .iter()
            .find(|(_, p)| **p == 1)
            .map(|(e, _)| e.as_str());
        for entry in placed.chain(winner) {
            let place = places.get(entry).copied().unwrap_or(0);
            let list = by_place.entry(place).or_default();
            if place > 0 && !in_deal(entry) && !list.contains(&entry) {
                list.push(entry);
            }
        }
        // Of players sharing a place, the best hand shown on the deal
        // first, whichever table it was at: a unit of their prizes that
        // does not divide is his (UPT Tournament 35: "with the best hand
        // on that deal receiving any non-divisible award"). Else in the
        // order they were placed (the sort is stable). An entry's latest
        // bust says its hand.
        let shown = |entry: &str| {
            self.floor
                .busts
                .iter()
                .rev()
                .find(|b| b.player == entry)
                .and_then(|b| b.shown)
        };
        for entries in by_place.values_mut() {
            entries.sort_by_key(|e| std::cmp::Reverse(shown(e)));
        }
        let mut won = BTreeMap::new();
        for (place, entries) in by_place
            .into_iter()
            .filter(|(p, e)| *p > 0 && !e.is_empty())
        {
            let shares = shared(&prizes, place, entries.len());
            for (entry, share) in entries.into_iter().zip(shares) {
                won.insert(entry.to_string(), share);
            }
        }
        if let Some(deal) = deal {
            for ((entry, _), share) in deal.players.iter().zip(&deal.shares) {
                let kept = if places.get(entry) == Some(&1) {
                    deal.kept
                } else {
                    Money::ZERO
                };
                won.insert(entry.clone(), share.checked_add(kept).unwrap_or(*share));
            }
        }
        Some(Ok(won))
    }

    /// Whether the next player out is the last one unpaid (the bubble):
    /// one more entry left than places paid. The entries left are the
    /// entries less the entries placed (one drawn and not yet seated is
    /// in), as every table's bar counts them (`funding::table_line`).
    pub fn on_the_bubble(&self) -> bool {
        match (self.pool(), self.prizes()) {
            (Some(pool), Some(Ok(prizes))) => {
                let out = self.floor.busts.iter().filter(|b| b.place > 0).count();
                (pool.entries as usize).saturating_sub(out) == prizes.len() + 1
            }
            _ => false,
        }
    }

    /// The money at `now_ms` (None: the tournament has no money): the
    /// pool, the prizes, whether entries are sold, the bubble.
    pub fn money(&self, now_ms: i64) -> Option<MoneyView> {
        let funding = self.funding.as_ref()?;
        let pool = self.pool()?;
        let level = self.level_at(now_ms);
        let sold_later = funding.still_sold(level).next().is_some();
        let entries_open = funding
            .entry
            .as_ref()
            .filter(|e| e.closed_at(Buy::Entry, level).is_none());
        let registration = match entries_open {
            _ if !sold_later => Registration::Final,
            Some(e) => Registration::Open {
                until: e.until_level,
            },
            None => Registration::Closed,
        };
        Some(MoneyView {
            pool: pool.pool,
            entries: pool.entries,
            guaranteed: pool.pool == funding.guarantee && pool.paid_in.get() > 0,
            prizes: self.prizes(),
            registration,
            bubble: self.on_the_bubble(),
        })
    }

    /// The money in one line, as the TD's screen shows it (None: the
    /// tournament has no money): `pool 1,350 (13 entries) │ 3 paid:
    /// 675, 405, 270 │ late registration open until level 4`, the pool
    /// said final once nothing more is sold, and the money line when the
    /// next player out is the last one unpaid.
    pub fn money_line(&self, now_ms: i64) -> Option<String> {
        let money = self.money(now_ms)?;
        let mut s = format!(
            "pool {} ({} {})",
            money.pool,
            money.entries,
            if money.entries == 1 {
                "entry"
            } else {
                "entries"
            }
        );
        if money.guaranteed {
            s.push_str(", the guarantee");
        }
        match &money.prizes {
            Some(Ok(prizes)) => {
                let shown: Vec<String> = prizes.iter().take(6).map(Money::to_string).collect();
                let more = if prizes.len() > 6 { ", ..." } else { "" };
                s.push_str(&format!(
                    " │ {} paid: {}{more}",
                    prizes.len(),
                    shown.join(", ")
                ));
            }
            Some(Err(e)) => s.push_str(&format!(" │ payouts: {e}")),
            None => {}
        }
        s.push_str(&format!(" │ {}", money.registration.text()));
        if money.bubble {
            s.push_str(" │ BUBBLE: the next player out is the last one unpaid");
        }
        Some(s)
    }

    /// The entries a player has bought (first entries and re-entries), by
    /// their names at the tables, in order.
    fn entries_of(&self, player: &str) -> Vec<&str> {
        self.bought
            .iter()
            .filter(|p| p.player == player && p.buy.seats())
            .map(|p| p.entry.as_str())
            .collect()
    }

    /// Whether an entry is out (placed).
    fn is_out(&self, entry: &str) -> bool {
        self.floor
            .busts
            .iter()
            .any(|b| b.player == entry && b.place > 0)
    }
}

impl Work<'_> {
    /// A player buys an entry, a re-entry, a rebuy or an add-on: refused,
    /// changing nothing, where the structure does not sell it to him now;
    /// else recorded, and a new entry drawn to a seat when the tables are
    /// drawn (before the draw it waits for it).
    pub(super) fn buy(&mut self, player: &str, buy: Buy) -> Result<Answer, FloorRefusal> {
        let refuse = |message: String| Err(FloorRefusal::Other(message));
        let player = player.trim();
        if player.is_empty() {
            return refuse("A buyer has no name.".into());
        }
        let Some(funding) = self.funding.clone() else {
            return refuse(
                "This tournament has no money: its structure names none ([money]).".into(),
            );
        };
        if self.deal_made().is_some() {
            return refuse(
                "A deal was made: the players left share the pool, and nothing more is sold."
                    .into(),
            );
        }
        let Some(offer) = funding.offer(buy).cloned() else {
            return refuse(format!(
                "This tournament sells no {}: its structure has no [money.{}].",
                plural(buy),
                buy.key()
            ));
        };
        let level = self.level_at(self.now_ms);
        if let Some(why) = offer.closed_at(buy, level) {
            return refuse(format!("{}.", capitalised(&why)));
        }
        let entries: Vec<String> = self
            .entries_of(player)
            .into_iter()
            .map(str::to_string)
            .collect();
        let bought = self
            .bought
            .iter()
            .filter(|p| p.player == player && p.buy == buy)
            .count();
        if let Some(max) = offer.max
            && bought >= max as usize
        {
            return refuse(format!(
                "{player} has bought {bought} {}, the most one player may ({max}).",
                if bought == 1 { buy.key() } else { plural(buy) }
            ));
        }
        let entry = match (buy, entries.last()) {
            (Buy::Rebuy | Buy::AddOn, last) => {
                let last = last.map(String::as_str);
                return self.buy_chips(player, buy, &offer, last, level);
            }
            (Buy::Entry, Some(_)) => {
                return refuse(format!(
                    "{player} has entered already: a new entry after a bust is a re-entry."
                ));
            }
            (Buy::Entry, None) => entry_name(player, 1),
            (Buy::ReEntry, None) => {
                return refuse(format!(
                    "{player} has not entered: a first entry is an entry, not a re-entry."
                ));
            }
            (Buy::ReEntry, Some(last)) if !self.is_out(last) => {
                return refuse(format!(
                    "{last} is still in: a re-entry is bought after a bust."
                ));
            }
            (Buy::ReEntry, Some(_)) => entry_name(player, entries.len() + 1),
        };
        let chips = self.entry_stack(buy, &offer, level);
        super::due::publish_funding(self)?;
        self.write(&FloorRecord::Bought {
            purchase: Purchase {
                player: player.to_string(),
                entry: entry.clone(),
                buy,
                cost: offer.cost,
                fee: offer.fee,
                chips,
                level,
                table: None,
                seat: None,
            },
        })?;
        if self.floor.draws == 0 {
            return Ok(Answer::Done);
        }
        let seats = self.draw_seats(&[(entry, chips)])?;
        self.field_grew()?;
        Ok(Answer::Seats(seats))
    }

    /// A new entry joined the field after the draw: every entry out
    /// before it finishes a place lower, as the field had one more (the
    /// first out of N entries finishes N-th, whenever the others were
    /// sold). Said by `PlacesCorrected`, the places never edited.
    fn field_grew(&mut self) -> Result<(), FloorRefusal> {
        let places: Vec<(String, u32)> = self
            .floor
            .busts
            .iter()
            .filter(|b| b.place > 0)
            .map(|b| (b.player.clone(), b.place + 1))
            .collect();
        if places.is_empty() {
            return Ok(());
        }
        self.write(&FloorRecord::PlacesCorrected { places })
    }

    /// The first draw under a structure that sells entries: each player
    /// drawn is an entry bought (recorded first, unless he has bought it
    /// already), with the entry's stack.
    pub(super) fn entries_drawn(
        &mut self,
        players: &[(String, Chips)],
    ) -> Result<(), FloorRefusal> {
        let Some(offer) = self.funding.as_ref().and_then(|f| f.entry.clone()) else {
            return Ok(());
        };
        let unbought: Vec<&(String, Chips)> = players
            .iter()
            .filter(|(name, _)| !self.bought.iter().any(|p| p.entry == *name))
            .collect();
        if let Some((name, chips)) = unbought.iter().find(|(_, c)| *c != offer.chips) {
            return Err(FloorRefusal::Other(format!(
                "{name} would sit with {chips}: an entry's stack is {}.",
                offer.chips
            )));
        }
        let level = self.level_at(self.now_ms);
        super::due::publish_funding(self)?;
        for (name, chips) in unbought {
            self.write(&FloorRecord::Bought {
                purchase: Purchase {
                    player: name.clone(),
                    entry: name.clone(),
                    buy: Buy::Entry,
                    cost: offer.cost,
                    fee: offer.fee,
                    chips: *chips,
                    level,
                    table: None,
                    seat: None,
                },
            })?;
        }
        Ok(())
    }

    /// The stack a new entry is sold: the offer's, cut for a late entry
    /// (one bought once the clock has started) by the house's
    /// `late-entry-stack` for the level (Nuts 63: "Level 1 10%, Level 2
    /// 30%, Level 3 and after 50%"; TDA 7: full stacks).
    fn entry_stack(&self, buy: Buy, offer: &Offer, level: u32) -> Chips {
        let late = buy == Buy::Entry && self.clock.is_some();
        if !late {
            return offer.chips;
        }
        let shares = self.floor.rules.tournament.late_entry_stack.value;
        let share = shares[(level.max(1) as usize - 1).min(shares.len() - 1)];
        let chips = u128::from(offer.chips.get()) * u128::from(share) / 100;
        Chips(u64::try_from(chips).unwrap_or(u64::MAX))
    }

    /// A rebuy or an add-on: chips for a player still in, at his seat
    /// (TDA 26, UPT 33: bought before a hand, it binds; the table adds
    /// it before its next hand, its order `seat 3 rebuy 5000`). A player
    /// out buys a re-entry instead.
    fn buy_chips(
        &mut self,
        player: &str,
        buy: Buy,
        offer: &Offer,
        entry: Option<&str>,
        level: u32,
    ) -> Result<Answer, FloorRefusal> {
        let refuse = |message: String| Err(FloorRefusal::Other(message));
        let rebuys = &self.floor.rules.tournament.rebuys;
        if buy == Buy::Rebuy && rebuys.value == Rebuys::None {
            return refuse(format!(
                "The house sells no rebuys ({}), whatever the structure says.",
                rebuys.citation
            ));
        }
        let Some(entry) = entry else {
            return refuse(format!("{player} has not entered."));
        };
        let seated = self.floor.tables.iter().find_map(|t| {
            t.players()
                .into_iter()
                .find(|(_, name, _)| name == entry)
                .map(|(seat, _, chips)| (t.name.clone(), seat, chips))
        });
        let Some((table, seat, stack)) = seated else {
            return refuse(if self.is_out(entry) {
                format!(
                    "{entry} is out: {} {} is bought by a player still in (a re-entry after a bust).",
                    if buy == Buy::AddOn { "an" } else { "a" },
                    buy.key()
                )
            } else {
                format!("{entry} is not seated at a table yet.")
            });
        };
        // TDA 26, UPT Tournament 33: a rebuy is announced before a hand
        // and binds; its chips play in the next hand. Sold during one, the
        // stack it is sold at is not yet known, and a bust in that hand
        // would leave it paid for and never given.
        if let Ok(t) = self.floor.table(&table)
            && t.table.in_hand
        {
            return refuse(format!(
                "{table} is playing hand {}: {} {} is bought between hands, its chips in play from the next ({}).",
                t.table.hand,
                if buy == Buy::AddOn { "an" } else { "a" },
                buy.key(),
                self.floor.rules.tournament.rebuys.citation
            ));
        }
        if let Some(limit) = offer.at_or_below
            && stack > limit
        {
            return refuse(format!(
                "{entry} has {stack}: a {} is sold at or below {limit}.",
                buy.key()
            ));
        }
        let entry = entry.to_string();
        super::due::publish_funding(self)?;
        self.write(&FloorRecord::Bought {
            purchase: Purchase {
                player: player.to_string(),
                entry,
                buy,
                cost: offer.cost,
                fee: offer.fee,
                chips: offer.chips,
                level,
                table: Some(table),
                seat: Some(seat.number()),
            },
        })?;
        Ok(Answer::Done)
    }
}

/// `re-entries`, `add-ons`: a kind's plural.
fn plural(buy: Buy) -> &'static str {
    match buy {
        Buy::Entry => "entries",
        Buy::ReEntry => "re-entries",
        Buy::Rebuy => "rebuys",
        Buy::AddOn => "add-ons",
    }
}

/// A sentence's first letter made capital.
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
