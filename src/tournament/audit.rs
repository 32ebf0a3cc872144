//! The draws audited: every draw the floor's records reveal, redone from
//! its published seed and inputs, as anyone holding the records can.
//!
//! A draw is committed (`DrawCommitted`: the SHA-256 of its seed, and for
//! a seat draw the inputs it seats from) before it is revealed
//! (`DrawRevealed`: the seed and the seats it gave); a button drawn by a
//! card follows its reveal (`ButtonDrawn`). `draws` checks each against
//! `draw` and `seating` and says what it found, one verdict a draw, in
//! the order of the records; it reads no database (`floor verify` reads
//! the records and prints the verdicts). The chips across the room are
//! audited in `room`.

use std::collections::BTreeMap;

use super::breaking::button_cards;
use super::draw::commitment;
use super::{Assignment, DrawPurpose, FloorRecord, SeatingInputs};
use crate::table::Card;

/// One draw's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawVerdict {
    /// The draw's number.
    pub draw: u32,
    /// What it was for, in words (`seats`, `break T3`).
    pub purpose: String,
    /// How many seats it gave.
    pub seats: usize,
    /// Whether its seats were redone from the seed (a seat draw); a
    /// balancing draw is checked against its commitment only.
    pub redone: bool,
    /// What is wrong, as a sentence; `None`: it verified.
    pub problem: Option<String>,
}

/// A draw's purpose in words.
pub fn purpose_text(purpose: &DrawPurpose) -> String {
    match purpose {
        DrawPurpose::Seats => "seats".into(),
        DrawPurpose::LateEntry => "late entry".into(),
        DrawPurpose::Break { table } => format!("break {table}"),
        DrawPurpose::Balance => "balance".into(),
        DrawPurpose::Redraw => "redraw".into(),
        DrawPurpose::Button { table } => format!("button {table}"),
    }
}

/// Redoes every draw the floor's records reveal (in order): the seed must
/// hash to the commitment of the same draw written before the reveal, and
/// a seat draw must give, from the seed and the inputs its commitment
/// published, the seats the reveal gave. The inputs are read from the
/// record rather than rebuilt from the tables' journals: the tables and
/// the floor write at once, so which of a table's records the floor had
/// read when it drew is not recorded, while the inputs published before
/// the seed was revealed are, and the draw is bound to them by the
/// commitment that came first. A draw revealed with no commitment before
/// it, or whose seats do not redo, is a problem; so is a seat draw whose
/// inputs were not published (it cannot be redone). A button drawn by a
/// card (`ButtonDrawn`, after its draw's reveal) is redone too: its cards
/// dealt from the lowest seat off the deck the seed shuffles, the button
/// the highest card (`breaking::button_cards`).
pub fn draws<'a>(records: impl IntoIterator<Item = &'a FloorRecord>) -> Vec<DrawVerdict> {
    let mut committed: BTreeMap<u32, (&DrawPurpose, &str, Option<&SeatingInputs>)> =
        BTreeMap::new();
    let mut out: Vec<DrawVerdict> = Vec::new();
    // Each table's button draw revealed and not yet given: its verdict's
    // index and its seed.
    let mut buttons: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    for record in records {
        match record {
            FloorRecord::DrawCommitted {
                draw,
                purpose,
                commitment,
                seating,
            } => {
                committed
                    .entry(*draw)
                    .or_insert((purpose, commitment, seating.as_ref()));
            }
            FloorRecord::DrawRevealed { draw, seed, seats } => {
                let mut verdict = DrawVerdict {
                    draw: *draw,
                    purpose: "not committed".into(),
                    seats: seats.len(),
                    redone: false,
                    problem: None,
                };
                verdict.problem = match committed.get(draw) {
                    None => Some("revealed with no commitment before it".into()),
                    Some((purpose, promised, seating)) => {
                        verdict.purpose = purpose_text(purpose);
                        if commitment(seed) != *promised {
                            Some("the seed revealed does not hash to the commitment written before it".into())
                        } else {
                            match (seating, purpose) {
                                (Some(inputs), _) => {
                                    verdict.redone = true;
                                    match inputs.plan(seed) {
                                        Ok(plan) if plan == *seats => None,
                                        Ok(plan) => Some(first_difference(&plan, seats)),
                                        Err(e) => Some(format!("it does not redo: {e}")),
                                    }
                                }
                                (None, DrawPurpose::Balance | DrawPurpose::Button { .. }) => None,
                                (None, _) => Some(
                                    "its inputs were not published with its commitment: it cannot be redone".into(),
                                ),
                            }
                        }
                    }
                };
                if let (None, Some((DrawPurpose::Button { table }, _, _))) =
                    (&verdict.problem, committed.get(draw))
                {
                    verdict.problem = Some(
                        "no ButtonDrawn record follows it: the button it gave is not recorded"
                            .into(),
                    );
                    buttons.insert(table, (out.len(), seed));
                }
                out.push(verdict);
            }
            FloorRecord::ButtonDrawn {
                table,
                cards,
                button,
                ..
            } => match buttons.remove(table.as_str()) {
                Some((i, seed)) => {
                    out[i].redone = true;
                    out[i].seats = cards.len();
                    out[i].problem = button_problem(cards, *button, seed);
                }
                None => out.push(DrawVerdict {
                    draw: 0,
                    purpose: format!("button {table}"),
                    seats: cards.len(),
                    redone: false,
                    problem: Some("a button drawn with no draw for it revealed before it".into()),
                }),
            },
            _ => {}
        }
    }
    out
}

/// What is wrong with a button drawn from `seed` (None: it redoes): the
/// seats dealt from the lowest, the cards the seed's, the button the
/// highest card.
fn button_problem(cards: &[(u8, Card)], button: u8, seed: &str) -> Option<String> {
    let seats: Vec<u8> = cards.iter().map(|(s, _)| *s).collect();
    if seats.windows(2).any(|w| w[0] >= w[1]) {
        return Some(format!(
            "its cards are not dealt from the lowest seat up (seats {seats:?})"
        ));
    }
    let (redone, highest) = button_cards(&seats, seed);
    if let Some(((s, want), (_, got))) = redone.iter().zip(cards).find(|(a, b)| a != b) {
        return Some(format!(
            "redone from its seed it deals {want} to seat {s}, the record says {got}"
        ));
    }
    (highest != Some(button)).then(|| {
        format!(
            "the highest card is seat {}'s, and the record gives the button to seat {button}",
            highest.unwrap_or(0)
        )
    })
}

/// The first seat where a draw redone differs from the one revealed.
fn first_difference(redone: &[Assignment], revealed: &[Assignment]) -> String {
    let say = |a: &Assignment| format!("{} at {} seat {}", a.player, a.table, a.seat);
    match redone.iter().zip(revealed).find(|(a, b)| a != b) {
        Some((a, b)) => format!(
            "redone from its seed it seats {}, the record says {}",
            say(a),
            say(b)
        ),
        None => format!(
            "redone from its seed it gives {} seats, the record {}",
            redone.len(),
            revealed.len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::HouseRules;
    use crate::session::{Structure, Table, TableEvent};
    use crate::table::{Chips, Seat};
    use crate::tournament::{Floor, FloorTable};

    /// The records of a button drawn at a table of four.
    fn button_records() -> Vec<FloorRecord> {
        let mut table = Table::new(Seat::from_index(0), Structure::default(), Vec::new());
        for (n, name) in [(1, "Ann"), (3, "Bob"), (6, "Cy"), (8, "Di")] {
            table.apply(&TableEvent::PlayerSeated {
                seat: Seat::new(n).expect("a seat"),
                name: name.into(),
                chips: Chips(10_000),
                rejoins: false,
            });
        }
        let t = FloorTable {
            name: "T1".into(),
            seats: 10,
            table,
        };
        let mut floor = Floor::new(HouseRules::tda(), vec![t], Vec::new());
        floor.draw_button("T1", "the seed").expect("drawn");
        floor.records
    }

    /// Asserts that the first draw of `records` has a problem that starts
    /// with `start`.
    fn assert_first_problem(records: &[FloorRecord], start: &str) {
        let v = draws(records);
        assert!(
            v[0].problem
                .as_deref()
                .is_some_and(|p| p.starts_with(start)),
            "{v:?}"
        );
    }

    #[test]
    fn a_button_drawn_by_a_card_is_redone_from_its_seed() {
        let records = button_records();
        let v = draws(&records);
        assert_eq!(v.len(), 1);
        assert!(v[0].redone && v[0].problem.is_none(), "{v:?}");
        assert_eq!(v[0].seats, 4);
        // The button given to another seat than the highest card's.
        let mut tampered = records.clone();
        let FloorRecord::ButtonDrawn { button, cards, .. } = &mut tampered[2] else {
            panic!("{:?}", tampered[2]);
        };
        *button = cards
            .iter()
            .map(|c| c.0)
            .find(|s| s != button)
            .expect("a seat");
        assert_first_problem(&tampered, "the highest card is seat");
        // A card changed.
        let FloorRecord::ButtonDrawn { cards, .. } = &mut tampered[2] else {
            panic!("{:?}", tampered[2]);
        };
        cards[0].1 = if cards[0].1.to_string() == "2c" {
            "3c".parse().expect("a card")
        } else {
            "2c".parse().expect("a card")
        };
        assert_first_problem(&tampered, "redone from its seed it deals");
        // A reveal with no button after it.
        let v = draws(&records[..2]);
        assert!(v[0].problem.is_some(), "{v:?}");
    }
}
