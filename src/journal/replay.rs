//! A disputed hand, event by event, as the TD reads it: each entry's line as
//! entered and when (local time; the date and offset head the hand), what
//! it caused (bindings, rulings with their citations, retractions), and
//! where the hand stood after it: street, pot, who is to act, and every
//! seat's stack. When the pots are awarded on a full board, the hands
//! still in are named in words ("two pair, kings and nines"), as the
//! dealer would call them; [`hand_names`] gives the same names to any
//! other reader (the review).

use crate::table::cards::Card;
use crate::table::eval::{self, HandRank};
use crate::table::event::Event;
use crate::table::hand::{Entry, replay};
use crate::table::{HandState, Seat};

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
        table_notes(hand, i, &mut out);
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
        out.push(format!("    {}", stacks(&st)));
        let awarded = entry
            .events
            .iter()
            .any(|e| matches!(e, Event::PotsAwarded { .. }));
        let named = hand_names(&st);
        if awarded && !named.is_empty() {
            out.push(format!("    at the showdown, on {}:", cards(&st.board)));
            for hand in named {
                out.push(format!(
                    "      {} {}: {}",
                    hand.seat,
                    cards(&hand.hole),
                    hand.words
                ));
            }
        }
    }
    table_notes(hand, usize::MAX, &mut out);
    out
}

/// The table's records written after `entries` of the hand's entries (all
/// the rest for `usize::MAX`): the clock on a player, the hand's end with
/// the places, the session lines between hands, each with its time.
fn table_notes(hand: &JournalHand, entries: usize, out: &mut Vec<String>) {
    let notes = hand.table.iter().filter(|n| {
        n.after_entries == entries
            || (entries == usize::MAX && n.after_entries >= hand.entries.len())
    });
    for note in notes {
        let at = note
            .time
            .map(|t| format!("{} ", t.local_clock()))
            .unwrap_or_default();
        let line = note
            .record
            .line
            .as_deref()
            .map_or("the table".to_string(), |l| format!("table: {l}"));
        out.push(String::new());
        out.push(format!("  {at}{line}"));
        for event in &note.record.events {
            out.push(format!("    {event}"));
        }
    }
}

/// Every seated player's chips: `stacks s1 4,400 · s2 5,800`.
pub fn stacks(st: &HandState) -> String {
    let seats: Vec<String> = Seat::all()
        .filter(|s| st.seat(*s).occupied)
        .map(|s| format!("{s} {}", st.seat(s).stack))
        .collect();
    format!("stacks {}", seats.join(" · "))
}

/// A hand still in at the showdown, named in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandName {
    /// Whose hand.
    pub seat: Seat,
    /// The hole cards.
    pub hole: [Card; 2],
    /// Its strength with the board.
    pub rank: HandRank,
    /// As the dealer calls it: "a flush, ace high"; kickers and all
    /// ("two pair, kings and nines, ace kicker") when another hand here
    /// reads the same in short but is not an exact tie.
    pub words: String,
}

/// The hands still in (not folded, not discarded, hole cards known) named
/// against a full board, in seat order; none before the river is out, and
/// none when one player is left (no showdown).
pub fn hand_names(st: &HandState) -> Vec<HandName> {
    if st.board.len() != 5 || st.live_count() < 2 {
        return Vec::new();
    }
    let mut hands: Vec<HandName> = Seat::all()
        .filter_map(|seat| {
            let s = st.seat(seat);
            let hole = s.hole.filter(|_| s.live())?;
            let mut all = hole.to_vec();
            all.extend_from_slice(&st.board);
            let rank = eval::try_evaluate(&all).ok()?;
            Some(HandName {
                seat,
                hole,
                rank,
                words: eval::describe(rank),
            })
        })
        .collect();
    // Where the short names of two different hands are alike, the kickers
    // decide: say them.
    let short: Vec<(String, HandRank)> = hands.iter().map(|h| (h.words.clone(), h.rank)).collect();
    for hand in &mut hands {
        if short
            .iter()
            .any(|(words, rank)| *words == hand.words && *rank != hand.rank)
        {
            hand.words = eval::describe_in_full(hand.rank);
        }
    }
    hands
}

fn cards(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

fn heading(entry: &Entry) -> String {
    match entry.line.as_deref() {
        Some(line) => format!("entered: {line}"),
        None if entry.seq == 0 => "start of the hand".into(),
        None => format!("(no line) {}", entry.text()),
    }
}
