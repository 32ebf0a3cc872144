//! The tournament's money as its structure file names it (issue 35.1):
//! what a player may buy (the entry, a re-entry, a rebuy, an add-on),
//! what each costs, what of it the house keeps, the chips it gives and
//! when it is sold; the pool's unit, guarantee and added money; how the
//! pool is paid. The `[money]` table of a structure file (beside its
//! `[[level]]`s) or of a floor scenario:
//!
//! ```toml
//! [money]
//! unit = 5            # prizes paid in multiples of 5 (first takes the rest)
//! guarantee = 1000    # the pool is at least this
//! added = 0           # the house's money on top of the entries'
//!
//! [money.entry]       # the buy-in; until-level: late registration
//! cost = 110
//! fee = 10            # the house's (the rest goes to the pool)
//! chips = 10000
//! until-level = 4
//!
//! [money.re-entry]    # also rebuy and add-on; each may give
//! cost = 110          #   from-level, until-level, max (per player)
//! fee = 10            #   and (a rebuy) at-or-below: the stack a player
//! chips = 10000       #   may rebuy at
//! until-level = 4
//! max = 2
//!
//! [[money.tier]]      # payouts by field size, as DrNeau's tiers:
//! up-to = 10          #   the first tier whose field reaches the entries
//! shares = [50, 30, 20]  # per cent of the pool, to a hundredth
//! # or: prizes = [500, 300, 200], a fixed list, first place first
//! # or, as Poker Buddy: a share of the entries paid and a shape
//! # [money.paid]
//! # percent = 15     # of the entries paid, rounded up, to a hundredth
//! # shape = 0.5      # 0 flat ... 1 first place all, to a hundredth
//! # min = 3          # optional: the fewest places paid
//! # max = 50         # optional: the most
//! ```
//!
//! Money is whole units of the smallest coin ([`Money`]); nothing here is
//! a float but a share as written, which is read to a hundredth of a per
//! cent exactly or refused.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::payouts::{Paid, PayoutTable, Tier, WHOLE};
use crate::table::Chips;
use crate::values::Money;
pub use crate::values::money::Buy;
use crate::values::money::total;

/// One thing a player may buy, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Offer {
    /// What the player pays.
    pub cost: Money,
    /// What of it the house keeps (the rest goes to the pool).
    pub fee: Money,
    /// The chips it gives.
    pub chips: Chips,
    /// The first level it is sold at (None: from the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_level: Option<u32>,
    /// The last level it is sold at, the break after it included (None:
    /// while the tournament lasts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_level: Option<u32>,
    /// The most one player may buy (None: no limit; an entry is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// Sold only to a player whose stack is at or below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_or_below: Option<Chips>,
}

impl Offer {
    /// Why it is not sold at `level`, if it is not: "re-entry closed
    /// after level 4".
    pub fn closed_at(&self, buy: Buy, level: u32) -> Option<String> {
        let word = buy.key();
        if let Some(from) = self.from_level
            && level < from
        {
            return Some(format!(
                "{word} opens at level {from}; this is level {level}"
            ));
        }
        match self.until_level {
            Some(until) if level > until => Some(format!(
                "{word} closed after level {until}; this is level {level}"
            )),
            _ => None,
        }
    }
}

/// The tournament's money: what is sold and how the pool is paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Funding {
    /// The buy-in (None: entries are free).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Offer>,
    /// Re-entries (None: not sold).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re_entry: Option<Offer>,
    /// Rebuys (None: not sold).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy: Option<Offer>,
    /// Add-ons (None: not sold).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_on: Option<Offer>,
    /// Prizes are paid in multiples of this (first place takes what
    /// rounding leaves).
    pub unit: Money,
    /// The pool is at least this.
    pub guarantee: Money,
    /// The house's money on top of the entries'.
    pub added: Money,
    /// How the pool is paid (None: the structure names no payouts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payouts: Option<PayoutTable>,
}

/// The pool and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// The entries (first entries and re-entries).
    pub entries: u32,
    /// What the players paid in all.
    pub paid_in: Money,
    /// What of it the house kept.
    pub fees: Money,
    /// The pool: what went to it and the house's added money, or the
    /// guarantee where that is more.
    pub pool: Money,
}

impl Funding {
    /// The pool `bought` make: what of each went to the pool and the
    /// house's added money, or the guarantee where that is more.
    pub fn pool<'a>(&self, bought: impl IntoIterator<Item = &'a Purchase>) -> Pool {
        let bought: Vec<&Purchase> = bought.into_iter().collect();
        let sum = |f: fn(&Purchase) -> Money| {
            total(&bought.iter().map(|p| f(p)).collect::<Vec<_>>()).unwrap_or(Money(u64::MAX))
        };
        let to_pool = sum(Purchase::to_pool)
            .checked_add(self.added)
            .unwrap_or(Money(u64::MAX));
        Pool {
            entries: bought.iter().filter(|p| p.buy.seats()).count() as u32,
            paid_in: sum(|p| p.cost),
            fees: sum(|p| p.fee),
            pool: to_pool.max(self.guarantee),
        }
    }

    /// What is still sold at `level` or a later one (entry, re-entry,
    /// rebuy, add-on, in that order), each with the last level it is sold
    /// at (None: while the tournament lasts). Nothing: the pool is final.
    pub fn still_sold(&self, level: u32) -> impl Iterator<Item = (Buy, Option<u32>)> + '_ {
        Buy::ALL.into_iter().filter_map(move |b| {
            let o = self.offer(b)?;
            o.until_level
                .is_none_or(|u| level <= u)
                .then_some((b, o.until_level))
        })
    }

    /// The offer of a kind, if it is sold.
    pub fn offer(&self, buy: Buy) -> Option<&Offer> {
        match buy {
            Buy::Entry => self.entry.as_ref(),
            Buy::ReEntry => self.re_entry.as_ref(),
            Buy::Rebuy => self.rebuy.as_ref(),
            Buy::AddOn => self.add_on.as_ref(),
        }
    }
}

/// A purchase, as the floor records it (`FloorRecord::Bought`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purchase {
    /// The person who paid.
    pub player: String,
    /// The entry it is for, by its name at the tables: the player's own
    /// for his first entry, `Ann (2)` for his second (a re-entry is a new
    /// entry, placed and paid on its own).
    pub entry: String,
    /// What was bought.
    pub buy: Buy,
    /// What the player paid.
    pub cost: Money,
    /// What of it the house kept.
    pub fee: Money,
    /// The chips it gave.
    pub chips: Chips,
    /// The level it was bought at.
    pub level: u32,
    /// The table a rebuy or an add-on is added at (None: a new entry,
    /// seated by a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// His seat there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
}

impl Purchase {
    /// What of it went to the pool.
    pub fn to_pool(&self) -> Money {
        Money(self.cost.get().saturating_sub(self.fee.get()))
    }
}

/// The name of a player's `n`-th entry at the tables (1: his own name).
pub fn entry_name(player: &str, n: usize) -> String {
    if n <= 1 {
        player.to_string()
    } else {
        format!("{player} ({n})")
    }
}

/// The `[money]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawFunding {
    unit: Option<Spanned<u64>>,
    #[serde(default)]
    guarantee: u64,
    #[serde(default)]
    added: u64,
    entry: Option<Spanned<RawOffer>>,
    re_entry: Option<Spanned<RawOffer>>,
    rebuy: Option<Spanned<RawOffer>>,
    add_on: Option<Spanned<RawOffer>>,
    #[serde(default)]
    tier: Vec<Spanned<RawTier>>,
    prizes: Option<Spanned<Vec<u64>>>,
    paid: Option<Spanned<RawPaid>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawOffer {
    cost: u64,
    #[serde(default)]
    fee: u64,
    chips: u64,
    from_level: Option<u32>,
    until_level: Option<u32>,
    max: Option<u32>,
    at_or_below: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawTier {
    up_to: u32,
    shares: Vec<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPaid {
    percent: Spanned<f64>,
    shape: Spanned<f64>,
    min: Option<Spanned<u32>>,
    max: Option<Spanned<u32>>,
}

/// A `[money]` (or `[league]`) table that does not hold: where (a byte
/// offset in the file) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundingProblem {
    /// The byte offset of the part that is wrong.
    pub offset: usize,
    /// What is wrong, naming its key.
    pub message: String,
}

impl RawFunding {
    /// The funding, checked: every amount adds up and every level range
    /// is a range.
    pub fn resolve(self) -> Result<Funding, FundingProblem> {
        let problem = |offset: usize, message: String| FundingProblem { offset, message };
        let unit = match self.unit {
            Some(u) if *u.get_ref() == 0 => {
                return Err(problem(
                    u.span().start,
                    "money.unit is 0: prizes are paid in multiples of at least 1".into(),
                ));
            }
            Some(u) => Money(u.into_inner()),
            None => Money(1),
        };
        let offer = |buy: Buy, raw: Option<Spanned<RawOffer>>| match raw {
            Some(o) => {
                let start = o.span().start;
                offer_of(buy, o.into_inner())
                    .map(Some)
                    .map_err(|m| problem(start, m))
            }
            None => Ok(None),
        };
        let entry = offer(Buy::Entry, self.entry)?;
        let re_entry = offer(Buy::ReEntry, self.re_entry)?;
        let rebuy = offer(Buy::Rebuy, self.rebuy)?;
        let add_on = offer(Buy::AddOn, self.add_on)?;
        let ways = [
            self.tier.first().map(|t| t.span().start),
            self.prizes.as_ref().map(|p| p.span().start),
            self.paid.as_ref().map(|p| p.span().start),
        ];
        if let Some(second) = ways.iter().flatten().nth(1) {
            return Err(problem(
                *second,
                "money: give one way to pay: tiers ([[money.tier]]), a fixed list (prizes) or a share of the entries ([money.paid])"
                    .into(),
            ));
        }
        let payouts = if let Some(p) = self.prizes {
            let start = p.span().start;
            let prizes: Vec<Money> = p.into_inner().into_iter().map(Money).collect();
            if let Some(place) = rises(&prizes) {
                return Err(problem(
                    start,
                    format!("money.prizes: place {place} is paid more than the place before it"),
                ));
            }
            Some(PayoutTable::Fixed(prizes))
        } else if let Some(p) = self.paid {
            Some(PayoutTable::Paid(paid(p.into_inner())?))
        } else if self.tier.is_empty() {
            None
        } else {
            Some(PayoutTable::Tiers(tiers(self.tier)?))
        };
        Ok(Funding {
            entry,
            re_entry,
            rebuy,
            add_on,
            unit,
            guarantee: Money(self.guarantee),
            added: Money(self.added),
            payouts,
        })
    }
}

/// The money as every table's bar shows it, from the floor's records
/// alone (None: they hold no money): `Money: pool 1,350, 3 paid`, and on
/// the bubble (one player more left than places paid) that the next
/// player out is the last one unpaid; `in the money` after it. The
/// players left are the entries less the entries placed.
pub fn table_line(records: &[super::FloorRecord]) -> Option<String> {
    use super::FloorRecord;
    let mut funding = None;
    let mut bought = Vec::new();
    let mut busts = Vec::new();
    for r in records {
        match r {
            FloorRecord::FundingSet { funding: f } => funding = Some(&**f),
            FloorRecord::Bought { purchase } => bought.push(purchase),
            _ => super::places::fold_place_record(&mut busts, r),
        }
    }
    let funding = funding?;
    let pool = funding.pool(bought.iter().copied());
    let mut s = format!("Money: pool {}", pool.pool);
    let prizes = funding
        .payouts
        .as_ref()
        .and_then(|t| super::payouts::payouts(pool.pool, pool.entries, t, funding.unit).ok());
    if let Some(prizes) = prizes {
        let paid = prizes.len();
        let out = busts.iter().filter(|b| b.place > 0).count();
        let left = (pool.entries as usize).saturating_sub(out);
        s.push_str(&format!(", {paid} paid"));
        if left == paid + 1 {
            s.push_str(": BUBBLE, the next player out is the last one unpaid");
        } else if left <= paid && left > 0 {
            s.push_str(": in the money");
        }
    }
    Some(s)
}

/// The `[money]` of a structure file (None: it has none), checked; the
/// rest of the file is the structure's (`session::Structure::from_toml`).
/// A problem names its line and column.
pub fn from_structure_toml(text: &str) -> Result<Option<Funding>, String> {
    #[derive(Deserialize)]
    struct File {
        money: Option<RawFunding>,
    }
    structure_table(text, |file: File| file.money.map(RawFunding::resolve))
}

/// One of the floor's tables of a structure file (`[money]`,
/// `[league]`): the file read as `F`, the table `pick`ed from it and
/// checked (None: the file has none); a problem names its line and
/// column.
pub(crate) fn structure_table<F: serde::de::DeserializeOwned, T>(
    text: &str,
    pick: impl FnOnce(F) -> Option<Result<T, FundingProblem>>,
) -> Result<Option<T>, String> {
    let at = |offset: usize, message: &str| {
        let (line, column) = crate::rules::line_column(text, offset);
        format!("line {line}, column {column}: {}", message.trim_end())
    };
    let file: F =
        toml::from_str(text).map_err(|e| at(e.span().map_or(0, |s| s.start), e.message()))?;
    pick(file).transpose().map_err(|p| at(p.offset, &p.message))
}

/// One offer, checked.
fn offer_of(buy: Buy, raw: RawOffer) -> Result<Offer, String> {
    let key = buy.key();
    if raw.fee > raw.cost {
        return Err(format!(
            "money.{key}: the fee ({}) is more than the cost ({})",
            Money(raw.fee),
            Money(raw.cost)
        ));
    }
    let chips = Chips(raw.chips);
    if chips.is_zero() || !chips.within_table() {
        return Err(format!(
            "money.{key}: chips = {}: it must give at least 1 chip and no more than a table may hold ({})",
            raw.chips,
            Chips::MAX_TABLE
        ));
    }
    if let (Some(from), Some(until)) = (raw.from_level, raw.until_level)
        && from > until
    {
        return Err(format!(
            "money.{key}: from-level {from} is after until-level {until}"
        ));
    }
    if raw.max == Some(0) {
        return Err(format!(
            "money.{key}: max = 0 sells none: leave [money.{key}] out instead"
        ));
    }
    if buy == Buy::Entry && raw.max.is_some_and(|m| m != 1) {
        return Err(
            "money.entry: a player enters once (max = 1); more are re-entries ([money.re-entry])"
                .into(),
        );
    }
    Ok(Offer {
        cost: Money(raw.cost),
        fee: Money(raw.fee),
        chips,
        from_level: raw.from_level,
        until_level: raw.until_level,
        max: raw.max,
        at_or_below: raw.at_or_below.map(Chips),
    })
}

/// The payout tiers, checked: fields rising, shares a whole pool to a
/// hundredth of a per cent, never rising from one place to the next.
fn tiers(raw: Vec<Spanned<RawTier>>) -> Result<Vec<Tier>, FundingProblem> {
    let mut tiers: Vec<Tier> = Vec::new();
    for t in raw {
        let offset = t.span().start;
        let t = t.into_inner();
        let problem = |message: String| FundingProblem { offset, message };
        if let Some(before) = tiers.last()
            && t.up_to <= before.up_to
        {
            return Err(problem(format!(
                "money.tier: up-to = {} comes after a tier up to {}: tiers go from the smallest field up",
                t.up_to, before.up_to
            )));
        }
        let mut shares = Vec::new();
        for s in &t.shares {
            let Some(share) = hundredths(*s, WHOLE) else {
                return Err(problem(format!(
                    "money.tier (up to {}): share {s} is not a per cent from 0 to 100 to a hundredth",
                    t.up_to
                )));
            };
            shares.push(share);
        }
        let sum: u32 = shares.iter().sum();
        if sum != WHOLE {
            return Err(problem(format!(
                "money.tier (up to {}): the shares add up to {}.{:02} per cent, not 100",
                t.up_to,
                sum / 100,
                sum % 100
            )));
        }
        if usize::try_from(t.up_to).is_ok_and(|n| n < shares.len()) {
            return Err(problem(format!(
                "money.tier (up to {}): pays {} places, more than its field",
                t.up_to,
                shares.len()
            )));
        }
        let amounts: Vec<Money> = shares.iter().map(|s| Money(u64::from(*s))).collect();
        if let Some(place) = rises(&amounts) {
            return Err(problem(format!(
                "money.tier (up to {}): place {place} is paid more than the place before it",
                t.up_to
            )));
        }
        tiers.push(Tier {
            up_to: t.up_to,
            shares,
        });
    }
    Ok(tiers)
}

/// A number as written to a hundredth, in hundredths from 0 to `most`
/// (None: finer than a hundredth, or out of range).
fn hundredths(x: f64, most: u32) -> Option<u32> {
    let hundredths = x * 100.0;
    let whole = hundredths.round();
    // In range and whole, checked before it is made a whole number.
    ((0.0..=f64::from(most)).contains(&whole) && (hundredths - whole).abs() <= 1e-6)
        .then_some(whole as u32)
}

/// A share of the entries paid, checked: a per cent above 0 and at most
/// 100, a shape from 0 to 1, each to a hundredth, and min no more than
/// max.
fn paid(raw: RawPaid) -> Result<Paid, FundingProblem> {
    let problem = |offset: usize, message: String| FundingProblem { offset, message };
    let percent = *raw.percent.get_ref();
    let share = hundredths(percent, WHOLE)
        .filter(|p| *p > 0)
        .ok_or_else(|| {
            problem(
                raw.percent.span().start,
                format!("money.paid: percent = {percent} is not a per cent of the entries from 0.01 to 100 to a hundredth"),
            )
        })?;
    let shape = *raw.shape.get_ref();
    let steepness = hundredths(shape, 100).ok_or_else(|| {
        problem(
            raw.shape.span().start,
            format!("money.paid: shape = {shape} is not from 0 (flat) to 1 (first place all) to a hundredth"),
        )
    })?;
    if let Some(max) = raw.max.as_ref().filter(|m| *m.get_ref() == 0) {
        return Err(problem(
            max.span().start,
            "money.paid: max = 0 pays no place: at least one place is paid".into(),
        ));
    }
    if let (Some(min), Some(max)) = (&raw.min, &raw.max)
        && min.get_ref() > max.get_ref()
    {
        return Err(problem(
            min.span().start,
            format!(
                "money.paid: min = {} is more than max = {}",
                min.get_ref(),
                max.get_ref()
            ),
        ));
    }
    Ok(Paid {
        percent: share,
        shape: steepness,
        min: raw.min.map(Spanned::into_inner),
        max: raw.max.map(Spanned::into_inner),
    })
}

/// The first place (1 first) paid more than the one before it.
fn rises(amounts: &[Money]) -> Option<usize> {
    amounts.windows(2).position(|w| w[1] > w[0]).map(|i| i + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Funding, FundingProblem> {
        #[derive(Deserialize)]
        struct Doc {
            money: RawFunding,
        }
        let doc: Doc = toml::from_str(text).expect("reads as TOML");
        doc.money.resolve()
    }

    const FULL: &str = r#"
[money]
unit = 5
guarantee = 1000
[money.entry]
cost = 110
fee = 10
chips = 10000
until-level = 4
[money.re-entry]
cost = 110
fee = 10
chips = 10000
until-level = 4
max = 2
[[money.tier]]
up-to = 3
shares = [100]
[[money.tier]]
up-to = 10
shares = [50, 30, 20]
[[money.tier]]
up-to = 30
shares = [40.5, 25, 15, 11.25, 8.25]
"#;

    #[test]
    fn a_structure_s_money_reads_to_the_hundredth_of_a_per_cent() {
        let f = read(FULL).expect("reads");
        let entry = f.entry.as_ref().expect("an entry");
        assert_eq!(
            (
                entry.cost,
                entry.fee,
                Money(entry.cost.get() - entry.fee.get())
            ),
            (Money(110), Money(10), Money(100))
        );
        assert_eq!(f.re_entry.as_ref().and_then(|o| o.max), Some(2));
        assert_eq!(
            (f.unit, f.guarantee, f.added),
            (Money(5), Money(1000), Money(0))
        );
        let Some(PayoutTable::Tiers(tiers)) = &f.payouts else {
            panic!("tiers: {:?}", f.payouts);
        };
        assert_eq!(tiers[2].shares, vec![4050, 2500, 1500, 1125, 825]);
        assert_eq!(f.offer(Buy::Rebuy), None);
    }

    #[test]
    fn a_sale_closes_after_its_last_level_and_says_so() {
        let f = read(FULL).expect("reads");
        let re = f.offer(Buy::ReEntry).expect("sold");
        assert_eq!(re.closed_at(Buy::ReEntry, 4), None);
        assert_eq!(
            re.closed_at(Buy::ReEntry, 5).as_deref(),
            Some("re-entry closed after level 4; this is level 5")
        );
    }

    #[test]
    fn money_that_does_not_add_up_is_refused_where_it_is_written() {
        let cases = [
            (
                "[money.entry]\ncost = 10\nfee = 20\nchips = 100\n",
                "money.entry: the fee (20) is more than the cost (10)",
            ),
            (
                "[[money.tier]]\nup-to = 10\nshares = [50, 30, 10]\n",
                "money.tier (up to 10): the shares add up to 90.00 per cent, not 100",
            ),
            (
                "[[money.tier]]\nup-to = 10\nshares = [50, 33.333, 16.667]\n",
                "money.tier (up to 10): share 33.333 is not a per cent from 0 to 100 to a hundredth",
            ),
            (
                "[[money.tier]]\nup-to = 10\nshares = [30, 70]\n",
                "money.tier (up to 10): place 2 is paid more than the place before it",
            ),
            (
                "[[money.tier]]\nup-to = 10\nshares = [100]\n[[money.tier]]\nup-to = 5\nshares = [100]\n",
                "money.tier: up-to = 5 comes after a tier up to 10: tiers go from the smallest field up",
            ),
            (
                "prizes = [300, 500]\n",
                "money.prizes: place 2 is paid more than the place before it",
            ),
            (
                "[money.rebuy]\ncost = 10\nchips = 100\nfrom-level = 5\nuntil-level = 4\n",
                "money.rebuy: from-level 5 is after until-level 4",
            ),
            (
                "unit = 0\n",
                "money.unit is 0: prizes are paid in multiples of at least 1",
            ),
            (
                "[money.paid]\npercent = 0\nshape = 0.5\n",
                "money.paid: percent = 0 is not a per cent of the entries from 0.01 to 100 to a hundredth",
            ),
            (
                "[money.paid]\npercent = 120\nshape = 0.5\n",
                "money.paid: percent = 120 is not a per cent of the entries from 0.01 to 100 to a hundredth",
            ),
            (
                "[money.paid]\npercent = 15\nshape = 1.5\n",
                "money.paid: shape = 1.5 is not from 0 (flat) to 1 (first place all) to a hundredth",
            ),
            (
                "[money.paid]\npercent = 15\nshape = 0.5\nmin = 5\nmax = 3\n",
                "money.paid: min = 5 is more than max = 3",
            ),
            (
                "[money.paid]\npercent = 15\nshape = 0.5\nmax = 0\n",
                "money.paid: max = 0 pays no place: at least one place is paid",
            ),
            (
                "prizes = [500, 300]\n[money.paid]\npercent = 15\nshape = 0.5\n",
                "money: give one way to pay: tiers ([[money.tier]]), a fixed list (prizes) or a share of the entries ([money.paid])",
            ),
            (
                "[money.paid]\npercent = 15\nshape = 0.5\n[[money.tier]]\nup-to = 10\nshares = [100]\n",
                "money: give one way to pay: tiers ([[money.tier]]), a fixed list (prizes) or a share of the entries ([money.paid])",
            ),
        ];
        for (body, message) in cases {
            let text = format!("[money]\n{body}");
            let problem = read(&text).expect_err(body);
            assert_eq!(problem.message, message, "{body}");
            assert!(problem.offset > 0 && problem.offset < text.len(), "{body}");
        }
    }

    #[test]
    fn a_structure_file_s_money_is_read_beside_its_levels_with_line_and_column() {
        let levels = "[[level]]\nsmall = 100\nbig = 200\n";
        let text = format!("{levels}{FULL}");
        assert!(crate::session::Structure::from_toml(&text, 20).is_ok());
        assert_eq!(
            from_structure_toml(&text),
            Ok(Some(read(FULL).expect("reads")))
        );
        assert_eq!(from_structure_toml(levels), Ok(None));
        let bad = format!("{levels}[money.entry]\ncost = 1\nfee = 2\nchips = 10\n");
        assert_eq!(
            from_structure_toml(&bad),
            Err("line 4, column 1: money.entry: the fee (2) is more than the cost (1)".into())
        );
    }

    #[test]
    fn funding_is_recorded_and_read_back_whole() {
        let paid = read("[money]\n[money.paid]\npercent = 15\nshape = 0.5\n").expect("reads");
        for f in [read(FULL).expect("reads"), paid] {
            let json = serde_json::to_string(&f).expect("writes");
            assert_eq!(
                serde_json::from_str::<Funding>(&json).expect("reads back"),
                f
            );
        }
    }

    #[test]
    fn a_share_of_the_entries_paid_reads_to_the_hundredth() {
        let f = read("[money]\n[money.paid]\npercent = 12.5\nshape = 0.35\nmin = 2\nmax = 40\n")
            .expect("reads");
        assert_eq!(
            f.payouts,
            Some(PayoutTable::Paid(Paid {
                percent: 1_250,
                shape: 35,
                min: Some(2),
                max: Some(40),
            }))
        );
        let bad = "[[level]]\nsmall = 100\nbig = 200\n[money.paid]\npercent = 15\nshape = -0.5\n";
        assert_eq!(
            from_structure_toml(bad),
            Err("line 6, column 9: money.paid: shape = -0.5 is not from 0 (flat) to 1 (first place all) to a hundredth".into())
        );
    }
}
