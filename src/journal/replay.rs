//! A disputed hand, event by event, as the TD reads it: each entry's line as
//! entered and when (local time; the date and offset head the hand), what
//! it caused (bindings, rulings with their citations, retractions), and
//! where the hand stood after it.

use crate::table::hand::{Entry, replay};

use super::JournalHand;

/// The hand as lines of text: a header, then one block per entry.
pub fn report(hand: &JournalHand) -> Vec<String> {
    let h = &hand.header;
    let began = hand
        .started
        .map(|t| format!(" · began {t}"))
        .unwrap_or_default();
    let mut out = vec![format!(
        "Hand {} · house {} · journal line {} · {} entries{began}",
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
        let at = hand
            .times
            .get(i)
            .copied()
            .flatten()
            .map(|t| format!("{} ", t.local_clock()))
            .unwrap_or_default();
        out.push(format!("#{} {at}{}", entry.seq, heading(entry)));
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
