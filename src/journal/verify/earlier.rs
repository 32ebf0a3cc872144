//! What an earlier event version recorded in its own form: `verify` takes
//! an entry of a hand of that version as written, with the meaning that
//! release gave it, where it differs from today's ruling only as listed
//! here, and nowhere else. Each difference names the version that changed
//! it; a hand of today's version must match exactly.

use crate::table::event::Event;

/// Whether `earlier`, the events a hand of an earlier event version
/// recorded for an entry, mean what `today` (the same entry ruled again)
/// does. Version 1 (the releases of 22 to 28 November 2026):
///
/// - a penalty given by the floor (`floor penalty s3 1-hands`) was
///   recorded by its ruling alone, and not served (the release of 22
///   November): today it is also a `PenaltyGiven`, which serves it;
/// - a ruling quoted its setting's first citation where today it quotes
///   the clause that decides the case (the TD's forfeit of an undercall:
///   TDA 39-B, "In other situations, TD's discretion applies."): the
///   ruling, its words and the floor's options are the same.
pub(super) fn same_meaning(today: &[Event], earlier: &[Event]) -> bool {
    let today: Vec<&Event> = today
        .iter()
        .filter(|e| !matches!(e, Event::PenaltyGiven { .. }))
        .collect();
    today.len() == earlier.len()
        && today
            .iter()
            .zip(earlier)
            .all(|(a, b)| *a == b || quotes_another_clause(a, b))
}

/// The same ruling, quoting another sentence of its rule.
fn quotes_another_clause(a: &Event, b: &Event) -> bool {
    match (a, b) {
        (Event::RulingSuggested { ruling: x }, Event::RulingSuggested { ruling: y }) => {
            x.id == y.id && x.text == y.text && x.options == y.options
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::same_meaning;
    use crate::rules::{Citation, Ruling, RulingId};
    use crate::table::Seat;
    use crate::table::event::{Event, Penalty};

    fn ruling(text: &str, quote: &str) -> Event {
        Event::RulingSuggested {
            ruling: Ruling {
                id: RulingId::Penalty,
                text: text.into(),
                citation: Arc::new(Citation {
                    rulebook: "tda.txt".into(),
                    rule: "66-A".into(),
                    text: quote.into(),
                }),
                options: Vec::new(),
            },
        }
    }

    #[test]
    fn a_penalty_by_its_ruling_alone_and_another_quote_mean_the_same() {
        let seat = Seat::new(3).expect("a seat");
        let today = [
            ruling("One missed hand.", "Penalty options include ..."),
            Event::PenaltyGiven {
                seat,
                penalty: Penalty::Hands(1),
            },
        ];
        assert!(same_meaning(
            &today,
            &[ruling("One missed hand.", "Penalty options include ...")]
        ));
        assert!(same_meaning(
            &today,
            &[ruling("One missed hand.", "Another sentence.")]
        ));
        // Other words, or a ruling missing, are another meaning.
        assert!(!same_meaning(
            &today,
            &[ruling("Two missed hands.", "Penalty options include ...")]
        ));
        assert!(!same_meaning(&today, &[]));
    }
}
