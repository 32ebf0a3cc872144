//! The room's money over random tournaments (issue 35): a random
//! structure's `[money]` (costs, fees, chips, levels, limits, guarantee,
//! added money, unit, payout tiers, a share of the entries paid with a
//! shape, or a fixed list) and a random run of
//! the TD's sales (entries, re-entries, rebuys, add-ons for players new
//! and old), the clock's level moved, players out and deals tried, each
//! decided by the one engine (the in-memory desk). After every step:
//!
//! - a refusal wrote nothing and left the pool as it was;
//! - the pool is what was paid in less the fees, plus the added money,
//!   or the guarantee where that is more, to the unit;
//! - the prizes add up to the pool, never rise, and each but the first is
//!   a multiple of the unit;
//! - what the placed entries have won never exceeds the pool, and after a
//!   deal its shares and the amount kept are the prizes of its places;
//! - `floor verify`'s money audit, redone from the records alone, finds
//!   nothing wrong.

use floorcall::journal::Loaded;
use floorcall::rules::HouseRules;
use floorcall::session::TableEvent;
use floorcall::table::{Chips, Seat};
use floorcall::tournament::funding::{Buy, Funding, from_structure_toml};
use floorcall::tournament::money_audit;
use floorcall::tournament::{Answer, Bust, Decide, FloorCommand, FloorRecord};
use floorcall::tui::floor::{ClockAction, FloorDesk, MemoryDesk};
use floorcall::values::Money;
use floorcall::values::money::DealMethod;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::tables::{T0, structure};

/// A random structure's `[money]`, as a TD would write it.
fn random_money(rng: &mut StdRng) -> String {
    let mut text = String::from("[money]\n");
    let unit = [1, 1, 5, 10, 25][rng.random_range(0..5)];
    text.push_str(&format!("unit = {unit}\n"));
    if rng.random_bool(0.3) {
        text.push_str(&format!("guarantee = {}\n", rng.random_range(0..5_000)));
    }
    if rng.random_bool(0.3) {
        text.push_str(&format!("added = {}\n", rng.random_range(0..1_000)));
    }
    for key in ["entry", "re-entry", "rebuy", "add-on"] {
        if key != "entry" && rng.random_bool(0.3) {
            continue;
        }
        let cost = rng.random_range(1..500u64);
        text.push_str(&format!(
            "[money.{key}]\ncost = {cost}\nfee = {}\nchips = {}\n",
            rng.random_range(0..=cost),
            rng.random_range(1..4u64) * 5_000
        ));
        let from = rng.random_range(1..3u32);
        if rng.random_bool(0.3) {
            text.push_str(&format!("from-level = {from}\n"));
        }
        if rng.random_bool(0.7) {
            text.push_str(&format!(
                "until-level = {}\n",
                from + rng.random_range(0..3)
            ));
        }
        if rng.random_bool(0.5) {
            text.push_str(&format!("max = {}\n", rng.random_range(1..4)));
        }
        if key == "rebuy" && rng.random_bool(0.5) {
            text.push_str("at-or-below = 10000\n");
        }
    }
    if rng.random_bool(0.3) {
        text.push_str(&format!(
            "[money.paid]\npercent = {}\nshape = {:.2}\n",
            rng.random_range(1..=100),
            rng.random_range(0..100) as f64 / 100.0
        ));
    } else if rng.random_bool(0.5) {
        let mut prizes: Vec<u64> = (0..rng.random_range(1..5))
            .map(|_| rng.random_range(0..1_000))
            .collect();
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        text.push_str(&format!("prizes = {prizes:?}\n"));
    } else {
        for (up_to, shares) in [(3, "[100]"), (8, "[65, 35]"), (40, "[50, 30, 20]")] {
            text.push_str(&format!(
                "[[money.tier]]\nup-to = {up_to}\nshares = {shares}\n"
            ));
        }
        if rng.random_bool(0.5) {
            text.push_str("[[money.tier]]\nup-to = 1000\nshares = [40.5, 25.25, 15, 10.25, 9]\n");
        }
    }
    text
}

/// The pool the purchases recorded make, summed here from the records.
fn pool_of(records: &[FloorRecord], funding: &Funding) -> Money {
    let (mut paid, mut fees) = (0u64, 0u64);
    for r in records {
        if let FloorRecord::Bought { purchase } = r {
            paid += purchase.cost.0;
            fees += purchase.fee.0;
        }
    }
    let to_pool = paid - fees + funding.added.0;
    Money(to_pool.max(funding.guarantee.0))
}

/// One random tournament of `steps` decisions: the checks of the
/// module's doc after each.
fn run(seed: u64, steps: usize) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let text = random_money(&mut rng);
    let funding = match from_structure_toml(&text) {
        Ok(Some(f)) => f,
        // A structure the reader refuses (a fixed list of prizes all 0,
        // say) is the reader's test, not this one's.
        Ok(None) | Err(_) => return Ok(()),
    };
    let empty = |name: &str| (name.to_string(), 9, Loaded::default());
    let mut desk = MemoryDesk::new(
        HouseRules::tda(),
        structure(),
        vec![empty("T1"), empty("T2")],
        T0,
    )
    .with_funding(funding.clone());
    let players = ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"];
    let mut out = 0u32;
    for step in 0..steps {
        let before = desk.records().len();
        let pool_before = desk.tournament().pool();
        let who = players[rng.random_range(0..players.len())];
        // The first draw, once a few entries are sold: it seats them.
        let draw = desk.floor().draws == 0 && rng.random_bool(0.2);
        let command = match rng.random_range(0..10) {
            _ if draw => FloorCommand::DrawSeats(Vec::new()),
            0..5 => FloorCommand::Buy {
                player: who.into(),
                buy: Buy::ALL[rng.random_range(0..Buy::ALL.len())],
            },
            5 => FloorCommand::Clock(ClockAction::Start),
            6 => FloorCommand::Clock(ClockAction::Level(rng.random_range(1..5))),
            7 => FloorCommand::Deal {
                method: [DealMethod::Icm, DealMethod::ChipChop, DealMethod::Even]
                    [rng.random_range(0..3)],
                kept: Money(rng.random_range(0..50)),
                agreed: rng.random_bool(0.5),
            },
            _ => {
                // A player out: one seated, his chips to another, placed
                // below everyone still in.
                let seated: Vec<(usize, Seat, String, Chips)> = desk
                    .floor()
                    .tables
                    .iter()
                    .enumerate()
                    .flat_map(|(i, t)| t.players().into_iter().map(move |(s, n, c)| (i, s, n, c)))
                    .collect();
                if seated.len() > 1 {
                    let (i, seat, entry, chips) = seated[rng.random_range(0..seated.len())].clone();
                    let left = seated.len() as u32 - 1;
                    out += 1;
                    let floor = desk.floor_mut();
                    floor.tables[i]
                        .table
                        .apply(&TableEvent::PlayerLeft { seat, chips });
                    floor.place_out(
                        vec![Bust {
                            player: entry,
                            table: floor.tables[i].name.clone(),
                            seat: seat.number(),
                            hand: out,
                            round: None,
                            starting_stack: chips.get(),
                            place: 0,
                            disqualified: false,
                            shown: None,
                        }],
                        left,
                    );
                }
                continue;
            }
        };
        let decided = desk.decide(&command);
        // The tables seat the entries drawn (as their dealers' F would).
        if let Ok(Answer::Seats(seats)) = &decided {
            for a in seats.clone() {
                let floor = desk.floor_mut();
                let t = floor
                    .tables
                    .iter_mut()
                    .find(|t| t.name == a.table)
                    .expect("a table");
                t.table.apply(&TableEvent::PlayerSeated {
                    seat: Seat::new(a.seat).expect("a seat"),
                    name: a.player,
                    chips: Chips(a.chips),
                    rejoins: false,
                });
            }
        }
        let records = desk.records();
        let t = desk.tournament();
        if decided.is_err() {
            prop_assert_eq!(
                records.len(),
                before,
                "step {}: {:?} refused, yet wrote",
                step,
                command
            );
            prop_assert_eq!(t.pool(), pool_before, "step {}", step);
        }
        let pool = t.pool().expect("money");
        prop_assert_eq!(
            pool.pool,
            pool_of(records, &funding),
            "step {}: {}",
            step,
            text
        );
        prop_assert_eq!(
            pool.paid_in.0 - pool.fees.0 + funding.added.0 <= pool.pool.0,
            true
        );
        if let Some(Ok(prizes)) = t.prizes() {
            let sum: u64 = prizes.iter().map(|m| m.0).sum();
            prop_assert_eq!(
                Money(sum),
                pool.pool,
                "step {}: {:?}\n{}",
                step,
                prizes,
                text
            );
            prop_assert!(prizes.windows(2).all(|w| w[0] >= w[1]), "{:?}", prizes);
            prop_assert!(
                prizes[1..].iter().all(|p| p.0 % funding.unit.0 == 0),
                "{:?} unit {}",
                prizes,
                funding.unit
            );
        }
        if let Some(Ok(won)) = t.winnings() {
            let sum: u64 = won.values().map(|m| m.0).sum();
            prop_assert!(
                sum <= pool.pool.0,
                "won {} of a pool of {}: {:?}\n{:?}\n{:?}\n{}",
                sum,
                pool.pool,
                won,
                t.prizes(),
                t.deal_made(),
                text
            );
        }
        if let Some(audit) = money_audit::money(records) {
            prop_assert!(
                audit.problems.is_empty(),
                "step {}: {}\n{}",
                step,
                audit.line(),
                text
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_pool_is_always_what_was_paid_in_less_the_fees_to_the_unit(
        seed in any::<u64>(),
        steps in 1usize..60,
    ) {
        run(seed, steps)?;
    }
}
