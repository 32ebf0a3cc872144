//! The room's money audited from the floor's records alone (issue 35):
//! every purchase against the money in force when it was made
//! (`FundingSet`), the pool they add up to, and every deal redone from
//! the stacks and prizes it was made on. `floor verify` prints it beside
//! the draws and the chips (`audit`, `room`). Pure: records in, verdict
//! out.

use super::FloorRecord;
use super::deal::deal;
use super::funding::{Buy, Funding, Purchase};
use super::payouts::payouts;
use crate::values::Money;

/// What the money audit found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoneyAudit {
    /// Entries bought (first entries and re-entries).
    pub entries: u32,
    /// Rebuys and add-ons bought.
    pub chips_bought: u32,
    /// What the players paid in all.
    pub paid_in: Money,
    /// What of it the house kept.
    pub fees: Money,
    /// The pool (with added money, or the guarantee where more).
    pub pool: Money,
    /// Deals redone.
    pub deals: u32,
    /// What is wrong, each a sentence naming the record.
    pub problems: Vec<String>,
}

impl MoneyAudit {
    /// One line for `floor verify`.
    pub fn line(&self) -> String {
        let what = format!(
            "the money: {} entries and {} rebuys or add-ons, {} paid in, {} kept by the house, a pool of {}; {} deal(s) redone",
            self.entries, self.chips_bought, self.paid_in, self.fees, self.pool, self.deals
        );
        if self.problems.is_empty() {
            format!("OK: {what}")
        } else {
            format!("FAILED: {what}: {}", self.problems.join("; "))
        }
    }
}

/// Audits the money the floor's `records` hold (None: they hold none).
pub fn money(records: &[FloorRecord]) -> Option<MoneyAudit> {
    let mut out = MoneyAudit::default();
    let mut funding: Option<&Funding> = None;
    let mut bought: Vec<&Purchase> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let n = i + 1;
        match r {
            FloorRecord::FundingSet { funding: f } => funding = Some(f),
            FloorRecord::Bought { purchase } => {
                match funding {
                    None => out.problems.push(format!(
                        "record {n}: {} bought a {} before the floor published its money",
                        purchase.entry,
                        purchase.buy.key()
                    )),
                    Some(f) => {
                        if let Some(p) = purchase_problem(f, purchase) {
                            out.problems.push(format!("record {n}: {p}"));
                        }
                    }
                }
                bought.push(purchase);
            }
            FloorRecord::DealMade { deal: terms } => {
                out.deals += 1;
                let Some(f) = funding else {
                    out.problems.push(format!(
                        "record {n}: a deal before the floor published its money"
                    ));
                    continue;
                };
                let pool = f.pool(bought.iter().copied());
                let (pool, entries) = (pool.pool, pool.entries);
                let redone = f
                    .payouts
                    .as_ref()
                    .ok_or_else(|| "the money names no payouts".to_string())
                    .and_then(|t| payouts(pool, entries, t, f.unit).map_err(|e| e.to_string()))
                    .and_then(|prizes| {
                        let left = terms.players.len().min(prizes.len());
                        let stacks: Vec<_> = terms.players.iter().map(|(_, c)| *c).collect();
                        deal(terms.method, &prizes[..left], &stacks, terms.kept)
                            .map_err(|e| e.to_string())
                    });
                match redone {
                    Ok(d) if d.shares == terms.shares => {}
                    Ok(d) => out.problems.push(format!(
                        "record {n}: the {} deal gives {:?}, the record {:?}",
                        terms.method.name(),
                        d.shares.iter().map(|m| m.get()).collect::<Vec<_>>(),
                        terms.shares.iter().map(|m| m.get()).collect::<Vec<_>>()
                    )),
                    Err(e) => out
                        .problems
                        .push(format!("record {n}: the deal cannot be redone: {e}")),
                }
            }
            _ => {}
        }
    }
    let pool = funding?.pool(bought.iter().copied());
    out.entries = pool.entries;
    out.chips_bought = bought.len() as u32 - pool.entries;
    (out.paid_in, out.fees, out.pool) = (pool.paid_in, pool.fees, pool.pool);
    Some(out)
}

/// Why a purchase is not what the money in force sold, if it is not.
fn purchase_problem(funding: &Funding, p: &Purchase) -> Option<String> {
    let what = format!("{}'s {}", p.entry, p.buy.key());
    let Some(offer) = funding.offer(p.buy) else {
        return Some(format!("{what}: the money in force sells none"));
    };
    if p.cost != offer.cost || p.fee != offer.fee {
        return Some(format!(
            "{what} cost {} (fee {}); the money in force sells it at {} (fee {})",
            p.cost, p.fee, offer.cost, offer.fee
        ));
    }
    // A late entry may be sold less than the full stack (Nuts 63), never
    // more; chips bought at a seat are the offer's.
    let chips_ok = match p.buy {
        Buy::Entry => p.chips <= offer.chips,
        _ => p.chips == offer.chips,
    };
    if !chips_ok {
        return Some(format!(
            "{what} gave {} chips; the money in force gives {}",
            p.chips, offer.chips
        ));
    }
    if let Some(why) = offer.closed_at(p.buy, p.level) {
        return Some(format!("{what} was sold when {why}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Chips;
    use crate::tournament::DealTerms;
    use crate::tournament::deal::Method;
    use crate::tournament::funding::Offer;
    use crate::tournament::payouts::{PayoutTable, Tier};

    fn funding() -> Funding {
        Funding {
            entry: Some(Offer {
                cost: Money(110),
                fee: Money(10),
                chips: Chips(10_000),
                from_level: None,
                until_level: Some(4),
                max: None,
                at_or_below: None,
            }),
            re_entry: None,
            rebuy: None,
            add_on: None,
            unit: Money(1),
            guarantee: Money(0),
            added: Money(0),
            payouts: Some(PayoutTable::Tiers(vec![Tier {
                up_to: 10,
                shares: vec![5000, 3000, 2000],
            }])),
        }
    }

    fn entry(name: &str) -> FloorRecord {
        FloorRecord::Bought {
            purchase: Purchase {
                player: name.into(),
                entry: name.into(),
                buy: Buy::Entry,
                cost: Money(110),
                fee: Money(10),
                chips: Chips(10_000),
                level: 1,
                table: None,
                seat: None,
            },
        }
    }

    /// Three entries (a pool of 300: 150, 90, 60) and an even chop of it.
    fn records(shares: [u64; 3]) -> Vec<FloorRecord> {
        vec![
            FloorRecord::FundingSet {
                funding: Box::new(funding()),
            },
            entry("Ann"),
            entry("Bob"),
            entry("Cy"),
            FloorRecord::DealMade {
                deal: DealTerms {
                    method: Method::Even,
                    players: ["Ann", "Bob", "Cy"]
                        .map(|n| (n.to_string(), Chips(10_000)))
                        .to_vec(),
                    shares: shares.map(Money).to_vec(),
                    kept: Money(0),
                },
            },
        ]
    }

    #[test]
    fn the_purchases_make_the_pool_and_the_deal_redoes() {
        let audit = money(&records([100, 100, 100])).expect("money");
        assert_eq!(audit.problems, Vec::<String>::new());
        assert_eq!(
            (
                audit.entries,
                audit.paid_in,
                audit.fees,
                audit.pool,
                audit.deals
            ),
            (3, Money(330), Money(30), Money(300), 1)
        );
        assert!(
            audit.line().starts_with("OK: the money: 3 entries"),
            "{}",
            audit.line()
        );
        assert_eq!(money(&[]), None);
    }

    #[test]
    fn a_purchase_the_money_did_not_sell_and_a_deal_that_does_not_redo_are_named() {
        let mut rs = records([120, 90, 90]);
        if let FloorRecord::Bought { purchase } = &mut rs[2] {
            purchase.cost = Money(55);
        }
        let audit = money(&rs).expect("money");
        assert_eq!(
            audit.problems,
            vec![
                "record 3: Bob's entry cost 55 (fee 10); the money in force sells it at 110 (fee 10)"
                    .to_string(),
                "record 5: the even deal gives [82, 82, 81], the record [120, 90, 90]".to_string(),
            ]
        );
        assert!(audit.line().starts_with("FAILED: "), "{}", audit.line());
    }
}
