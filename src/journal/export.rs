//! A journal's hands as hand histories (`floorcall export`): each hand with
//! what the journal knows of its table (its name, seats, the level and the
//! structure it runs, the event), written as PHH or OHH by
//! `notation::history`. Misdeals (dealt again) and hands not finished are
//! left out, and named.

use crate::journal::{JournalHand, Loaded};
use crate::notation::history::{self, Context, History, Tournament};
use crate::session::{Stage, Structure, TableEvent};

/// How the hands are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One hand, a `.phh` file.
    Phh,
    /// Any number of hands, a `.phhs` file: each under `[N]`.
    Phhs,
    /// OHH records separated by a blank line, a `.ohh` file.
    Ohh,
}

/// What an export wrote, and what it left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The file's text.
    pub text: String,
    /// How many hands it holds.
    pub hands: usize,
    /// Each hand left out, and why, as a sentence.
    pub left_out: Vec<String>,
}

/// The hands of `loaded` (or hand `only`) in `layout`; `event` names the
/// event (default: the table and the day of its first hand, at a table
/// with a blind structure). Refused, with the reason, when there is no
/// such hand, it cannot be exported, or a `.phh` would hold several.
pub fn export(
    loaded: &Loaded,
    layout: Layout,
    only: Option<u32>,
    event: Option<&str>,
) -> Result<Exported, String> {
    let contexts = contexts(loaded, event);
    let mut chosen: Vec<(&JournalHand, Context)> = Vec::new();
    let mut left_out = Vec::new();
    for (hand, context) in loaded.hands.iter().zip(contexts) {
        if only.is_some_and(|n| n != hand.header.number) {
            continue;
        }
        let why = if history_of(hand, Context::default(), &None).is_misdeal() {
            Some("a misdeal (dealt again), not a hand played".to_string())
        } else if hand.is_unfinished() {
            Some("not finished".to_string())
        } else if layout != Layout::Ohh
            && let Some(committed) = committed(hand)
        {
            Some(format!(
                "played with chips in the pot that PHH has no action for ({committed}; export it as .ohh, \"Post Dead\")"
            ))
        } else {
            None
        };
        match why {
            Some(why) if only.is_some() => {
                return Err(format!(
                    "hand {} was {why}: there is no hand history to export.",
                    hand.header.number
                ));
            }
            Some(why) => left_out.push(format!("hand {} left out: {why}.", hand.header.number)),
            None => chosen.push((hand, context)),
        }
    }
    if chosen.is_empty() && left_out.is_empty() {
        return Err(match only {
            Some(n) => format!("there is no hand {n}."),
            None => "there are no hands in it.".to_string(),
        });
    }
    if layout == Layout::Phh && chosen.len() > 1 {
        return Err(format!(
            "a .phh file holds one hand and there are {}: name one with --hand, or write a .phhs file.",
            chosen.len()
        ));
    }
    let times: Vec<Option<String>> = chosen
        .iter()
        .map(|(h, _)| h.started.as_ref().map(|s| s.utc_text()))
        .collect();
    let histories: Vec<History> = chosen
        .into_iter()
        .zip(&times)
        .map(|((hand, context), time)| history_of(hand, context, time))
        .collect();
    let text = match (layout, histories.as_slice()) {
        (Layout::Ohh, _) => history::ohh_file(&histories),
        (Layout::Phh, [one]) => history::phh(one),
        _ => history::phhs(&histories),
    };
    Ok(Exported {
        text,
        hands: histories.len(),
        left_out,
    })
}

/// What put a player's chips in the pot mid-hand where no bet of his
/// did (posted dead: the floor's forfeit of an underbet, or an action out
/// of turn kept in the pot), with the rule the hand's house cited for it
/// (`None` when nothing did).
fn committed(hand: &JournalHand) -> Option<String> {
    use crate::rules::RulingId;
    use crate::table::event::{Event, Post};
    let live = crate::table::hand::live_entries(&hand.entries);
    hand.entries
        .iter()
        .zip(live)
        .skip(1)
        .filter(|(_, live)| *live)
        .find_map(|(entry, _)| {
            let at = entry.events.iter().position(|e| {
                matches!(
                    e,
                    Event::Posted {
                        post: Post::Committed,
                        ..
                    }
                )
            })?;
            let ruling = entry.events[at..].iter().find_map(|e| match e {
                Event::RulingSuggested { ruling } => Some(ruling),
                _ => None,
            });
            Some(match ruling {
                Some(r) => format!(
                    "{}, {}",
                    match r.id {
                        RulingId::Undercall => "the floor's forfeit of an underbet",
                        RulingId::OutOfTurn => "an action out of turn kept in the pot",
                        _ => "a ruling",
                    },
                    r.citation.brief()
                ),
                None => "chips committed mid-hand".to_string(),
            })
        })
}

fn history_of<'a>(
    hand: &'a JournalHand,
    context: Context,
    time: &'a Option<String>,
) -> History<'a> {
    History {
        number: hand.header.number,
        house: &hand.header.house,
        time: time.as_deref(),
        names: &hand.header.names,
        setup: &hand.header.setup,
        entries: &hand.entries,
        context,
    }
}

/// The level (from 1) a stage of `structure` plays, and its minutes: a
/// break plays the level before it.
fn level_at(structure: &Structure, stage: usize) -> Option<(u32, u32)> {
    let played = structure.stages.iter().take(stage + 1);
    let level = played
        .clone()
        .filter(|s| matches!(s, Stage::Level { .. }))
        .count();
    let minutes = played.rev().find_map(|s| match s {
        Stage::Level { minutes, .. } => Some(*minutes),
        Stage::Break { .. } => None,
    })?;
    Some((u32::try_from(level).ok()?, minutes))
}

/// What the journal knows of each hand's table, in the order of the hands.
fn contexts(loaded: &Loaded, event: Option<&str>) -> Vec<Context> {
    let hands = &loaded.hands;
    // The structure in force and the first hand of its table, and each
    // hand's stage, from the table records in order.
    let mut structure: Option<(Structure, usize)> = None;
    let mut tables: Vec<Option<(Structure, usize)>> = vec![None; hands.len()];
    let mut stages: Vec<Option<usize>> = vec![None; hands.len()];
    for (before, record) in &loaded.table {
        for e in &record.events {
            match e {
                TableEvent::Opened { structure: s, .. } => structure = Some((s.clone(), *before)),
                TableEvent::HandBegun { number, stage, .. } => {
                    // A hand begun by `hand` is recorded before its
                    // header; a new table's first hand, after it.
                    let begun = [Some(*before), before.checked_sub(1)]
                        .into_iter()
                        .flatten()
                        .find(|i| hands.get(*i).is_some_and(|h| h.header.number == *number));
                    if let Some(i) = begun {
                        stages[i] = *stage;
                        tables[i] = structure.clone();
                    }
                }
                _ => {}
            }
        }
    }
    hands
        .iter()
        .enumerate()
        .map(|(i, hand)| {
            let table = loaded
                .table_names
                .iter()
                .rev()
                .find(|(before, _)| *before <= i)
                .map(|(_, name)| name.clone());
            let mut context = Context {
                table: table.clone(),
                seat_count: Some(hand.header.seats),
                event: event.map(str::to_string),
                ..Context::default()
            };
            if let Some((structure, first)) = &tables[i]
                && structure
                    .stages
                    .iter()
                    .any(|s| matches!(s, Stage::Level { .. }))
            {
                context.level = stages[i].and_then(|stage| level_at(structure, stage));
                let opening = hands.get(*first).unwrap_or(hand);
                let start = opening.started.as_ref().map(|s| s.utc_text());
                let table = table.unwrap_or_else(|| "floorcall".into());
                context.event = context.event.or_else(|| {
                    Some(match start.as_deref().and_then(|s| s.split_once('T')) {
                        Some((day, _)) => format!("{table}, {day}"),
                        None => table.clone(),
                    })
                });
                context.tournament = Some(Tournament {
                    number: match &start {
                        Some(start) => format!("{table}@{start}"),
                        None => table,
                    },
                    start,
                    initial_stack: opening
                        .header
                        .setup
                        .stacks
                        .iter()
                        .map(|(_, c)| c.get())
                        .max()
                        .unwrap_or(0),
                });
            }
            context
        })
        .collect()
}
