//! A disputed hand, event by event, as the TD reads it: each entry's line as
//! entered, what it caused (bindings, rulings with their citations,
//! retractions), and where the hand stood after it.

use crate::table::hand::{Entry, replay};

use super::JournalHand;

/// The hand as lines of text: a header, then one block per entry.
pub fn report(hand: &JournalHand) -> Vec<String> {
    let h = &hand.header;
    let mut out = vec![format!(
        "Hand {} · house {} · journal line {} · {} entries",
        h.number,
        h.house,
        hand.line,
        hand.entries.len()
    )];
    let seats: Vec<String> = h
        .setup
        .stacks
        .iter()
        .map(|(seat, chips)| {
            let name = h
                .names
                .get(&seat.number())
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            format!("{seat}{name} {chips}")
        })
        .collect();
    out.push(format!("seats: {}", seats.join(" · ")));
    for (i, entry) in hand.entries.iter().enumerate() {
        out.push(String::new());
        out.push(format!("#{} {}", entry.seq, heading(entry)));
        for event in &entry.events {
            out.push(format!("    {event}"));
        }
        let st = replay(&hand.entries[..=i]);
        let to_act = st
            .to_act
            .map_or("no one to act".to_string(), |s| format!("{s} to act"));
        out.push(format!("    → {}: pot {}, {to_act}", st.street, st.pot()));
    }
    out
}

fn heading(entry: &Entry) -> String {
    match entry.line.as_deref() {
        Some(line) => format!("entered: {line}"),
        None if entry.seq == 0 => "start of the hand".into(),
        None => format!("(no line) {}", entry.text()),
    }
}
