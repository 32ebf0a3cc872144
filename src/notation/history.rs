//! Hand-history export: one journaled hand as PHH (uoftcprg/phh-std, TOML)
//! or OHH 1.4.7 (Open Hand History, JSON).
//!
//! A hand is exported from its live entries (retracted ones left out). PHH
//! names players by position: `p1` is the first seat after the button and
//! the button is last, as the importer (`phh`) reads them, so every hand
//! exported re-imports to the same stacks. What PHH cannot say (rulings,
//! physical actions: words, chips pushed, taps, out-of-turn actions) goes
//! in action comments (`# ...`) and `_floorcall_*` fields.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::table::event::{ActionKind, AnteMode, Event, Post, Street, TableSetup};
use crate::table::hand::{Entry, live_entries};
use crate::table::{Chips, Seat};

/// One hand to export, as the journal holds it.
#[derive(Debug, Clone, Copy)]
pub struct History<'a> {
    /// The hand's number in the journal.
    pub number: u32,
    /// The house rules' name.
    pub house: &'a str,
    /// When the hand began (UTC, `2026-11-22T12:36:01.123Z`), if known.
    pub time: Option<&'a str>,
    /// Player names by seat number.
    pub names: &'a BTreeMap<u8, String>,
    /// The table.
    pub setup: &'a TableSetup,
    /// The journal entries, retracted ones included.
    pub entries: &'a [Entry],
}

impl History<'_> {
    /// The occupied seats in PHH order: after the button first, the button
    /// (or the seat before an empty button) last.
    pub fn order(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self.setup.stacks.iter().map(|(s, _)| *s).collect();
        let button = self.setup.button.number();
        let first = seats.iter().position(|s| s.number() > button).unwrap_or(0);
        seats.rotate_left(first);
        seats
    }

    /// The events of the live entries, each with its entry's line.
    fn events(&self) -> Vec<(&Entry, &Event)> {
        let live = live_entries(self.entries);
        self.entries
            .iter()
            .filter(|e| live.get(e.seq as usize).copied().unwrap_or(false))
            .flat_map(|e| e.events.iter().map(move |ev| (e, ev)))
            .collect()
    }

    fn name(&self, seat: Seat) -> String {
        self.names
            .get(&seat.number())
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat.number()))
    }

    /// Each seat's stack at the end: the start, less what it put in, plus
    /// what it won or got back (the fold of the live events).
    fn finishing(&self) -> Vec<(Seat, Chips)> {
        let state = crate::table::hand::replay(self.entries);
        self.setup
            .stacks
            .iter()
            .map(|(s, _)| (*s, state.seat(*s).stack))
            .collect()
    }
}

fn cards(cards: &[crate::table::cards::Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

/// A TOML basic string.
fn toml_str(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn toml_list<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The hand as a PHH file.
pub fn phh(hand: &History<'_>) -> String {
    let order = hand.order();
    let player = |seat: Seat| -> String {
        order.iter().position(|s| *s == seat).map_or_else(
            || format!("seat{}", seat.number()),
            |i| format!("p{}", i + 1),
        )
    };
    let events = hand.events();
    let setup = hand.setup;
    // Forced bets at their nominal amounts, by who posted them.
    let mut antes = vec![0u64; order.len()];
    let mut blinds = vec![0u64; order.len()];
    for (_, event) in &events {
        if let Event::Posted { seat, post, .. } = event
            && let Some(i) = order.iter().position(|s| s == seat)
        {
            match post {
                // PHH lists the small blind first and the big blind
                // second, heads-up too (where p1, in the big blind, is
                // second to act preflop).
                Post::SmallBlind | Post::BigBlind => {
                    blinds[0] = setup.small_blind.get();
                    if let Some(b) = blinds.get_mut(1) {
                        *b = setup.big_blind.get();
                    }
                    let _ = i;
                }
                Post::Ante => {
                    antes[i] = match setup.ante_mode {
                        AnteMode::PerPlayer => setup.ante.get(),
                        AnteMode::BigBlind => setup.ante.get(),
                    }
                }
                Post::Committed => {}
            }
        }
    }
    let mut actions: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut rulings: Vec<String> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let push = |actions: &mut Vec<String>, pending: &mut Vec<String>, text: String| {
        if pending.is_empty() {
            actions.push(text);
        } else {
            actions.push(format!("{text} # {}", pending.join("; ")));
            pending.clear();
        }
    };
    for (entry, event) in &events {
        match event {
            Event::HoleCards { seat, cards: c } => push(
                &mut actions,
                &mut pending,
                format!("d dh {} {}", player(*seat), cards(c)),
            ),
            Event::StreetDealt { cards: c, .. } => {
                push(&mut actions, &mut pending, format!("d db {}", cards(c)))
            }
            Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                let p = player(action.seat);
                let text = match action.kind {
                    ActionKind::Fold => format!("{p} f"),
                    ActionKind::Check | ActionKind::Call => format!("{p} cc"),
                    ActionKind::Bet | ActionKind::Raise => format!("{p} cbr {}", action.to.get()),
                };
                push(&mut actions, &mut pending, text);
            }
            Event::HandShown { seat, cards: c } => push(
                &mut actions,
                &mut pending,
                format!("{} sm {}", player(*seat), cards(c)),
            ),
            Event::HandDiscarded { seat } => {
                push(&mut actions, &mut pending, format!("{} sm", player(*seat)))
            }
            Event::RulingSuggested { ruling } => {
                let text = format!("{} ({}): {}", ruling.id, ruling.citation, ruling.text);
                pending.push(format!("ruling {text}"));
                rulings.push(text);
            }
            Event::HandStarted { .. }
            | Event::Posted { .. }
            | Event::PotsAwarded { .. }
            | Event::BetReturned { .. }
            | Event::RulingsAccepted { .. }
            | Event::EntryRetracted { .. } => {}
            other => {
                let line = entry.line.clone().unwrap_or_default();
                let note = if line.is_empty() {
                    other.to_string()
                } else {
                    format!("{other} (entered: {line})")
                };
                pending.push(note.clone());
                notes.push(note);
            }
        }
    }
    if !pending.is_empty()
        && let Some(last) = actions.last_mut()
    {
        let joined = pending.join("; ");
        if last.contains(" # ") {
            let _ = write!(last, "; {joined}");
        } else {
            let _ = write!(last, " # {joined}");
        }
    }
    let stacks: BTreeMap<Seat, Chips> = setup.stacks.iter().copied().collect();
    let finishing: BTreeMap<Seat, Chips> = hand.finishing().into_iter().collect();
    let mut out = String::new();
    let _ = writeln!(out, "variant = \"NT\"");
    let _ = writeln!(out, "antes = {}", toml_list(&antes));
    let _ = writeln!(out, "blinds_or_straddles = {}", toml_list(&blinds));
    let _ = writeln!(out, "min_bet = {}", setup.big_blind.get());
    let _ = writeln!(
        out,
        "starting_stacks = {}",
        toml_list(order.iter().map(|s| stacks.get(s).map_or(0, |c| c.get())))
    );
    let _ = writeln!(out, "actions = [");
    for a in &actions {
        let _ = writeln!(out, "  {},", toml_str(a));
    }
    let _ = writeln!(out, "]");
    let _ = writeln!(
        out,
        "finishing_stacks = {}",
        toml_list(
            order
                .iter()
                .map(|s| finishing.get(s).map_or(0, |c| c.get()))
        )
    );
    if let Some(time) = hand.time {
        // `2026-11-22T12:36:01.123Z`: PHH's time is HH:MM:SS, its day apart.
        if let Some((day, clock)) = time.split_once('T') {
            let clock = clock.trim_end_matches('Z');
            let clock = clock.split('.').next().unwrap_or(clock);
            let mut ymd = day.split('-').filter_map(|p| p.parse::<u32>().ok());
            if let (Some(y), Some(m), Some(d)) = (ymd.next(), ymd.next(), ymd.next()) {
                let _ = writeln!(out, "year = {y}\nmonth = {m}\nday = {d}");
            }
            let _ = writeln!(out, "time = {}\ntime_zone = \"UTC\"", toml_str(clock));
        }
    }
    let _ = writeln!(out, "hand = {}", hand.number);
    let _ = writeln!(
        out,
        "seats = {}",
        toml_list(order.iter().map(|s| s.number()))
    );
    let _ = writeln!(
        out,
        "players = {}",
        toml_list(order.iter().map(|s| toml_str(&hand.name(*s))))
    );
    let _ = writeln!(out, "_floorcall_house = {}", toml_str(hand.house));
    let _ = writeln!(
        out,
        "_floorcall_denominations = {}",
        toml_list(setup.denominations.iter().map(|c| c.get()))
    );
    let _ = writeln!(out, "_floorcall_button = {}", setup.button.number());
    let _ = writeln!(
        out,
        "_floorcall_rulings = {}",
        toml_list(rulings.iter().map(|r| toml_str(r)))
    );
    let _ = writeln!(
        out,
        "_floorcall_physical = {}",
        toml_list(notes.iter().map(|r| toml_str(r)))
    );
    out
}

/// Several hands as one PHH file of many hands (`.phhs`): each hand's
/// fields under a table named by its number (`[1]`, `[2]` ...), as PHH
/// keeps a session; `phh::check_each` reads it back.
pub fn phhs(hands: &[History<'_>]) -> String {
    let mut out = String::new();
    for (i, hand) in hands.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", hand.number);
        out.push_str(&phh(hand));
    }
    out
}

/// The hand as an OHH 1.4.7 document: `{"ohh": {...}}`.
pub fn ohh(hand: &History<'_>) -> Value {
    let setup = hand.setup;
    let events = hand.events();
    let id = |seat: Seat| u64::from(seat.number());
    let players: Vec<Value> = setup
        .stacks
        .iter()
        .map(|(seat, stack)| {
            json!({
                "id": id(*seat),
                "seat": seat.number(),
                "name": hand.name(*seat),
                "starting_stack": stack.get(),
            })
        })
        .collect();
    let mut rounds: Vec<Value> = Vec::new();
    let mut actions: Vec<Value> = Vec::new();
    let mut street = setup.street;
    let mut board: Vec<String> = setup.board.iter().map(|c| c.to_string()).collect();
    let mut number = 0u64;
    let mut wagers: BTreeMap<Seat, u64> = BTreeMap::new();
    let mut pots: Vec<Value> = Vec::new();
    let street_name = |s: Street| match s {
        Street::Preflop => "Preflop",
        Street::Flop => "Flop",
        Street::Turn => "Turn",
        Street::River => "River",
        _ => "Showdown",
    };
    let close =
        |rounds: &mut Vec<Value>, actions: &mut Vec<Value>, street: Street, cards: &[String]| {
            let n = rounds.len();
            rounds.push(json!({
                "id": n,
                "street": street_name(street),
                "cards": cards,
                "actions": std::mem::take(actions),
            }));
        };
    let act = |actions: &mut Vec<Value>,
               number: &mut u64,
               seat: Seat,
               action: &str,
               amount: u64,
               all_in: bool| {
        actions.push(json!({
            "action_number": *number,
            "player_id": id(seat),
            "action": action,
            "amount": amount,
            "is_allin": all_in,
        }));
        *number += 1;
    };
    let mut street_cards: Vec<String> = Vec::new();
    let mut showdown = false;
    for (_, event) in &events {
        match event {
            Event::Posted { seat, post, amount } => {
                let name = match post {
                    Post::SmallBlind => "Post SB",
                    Post::BigBlind => "Post BB",
                    Post::Ante => "Post Ante",
                    Post::Committed => "Post Dead",
                };
                if !matches!(post, Post::Ante) {
                    *wagers.entry(*seat).or_default() += amount.get();
                }
                act(&mut actions, &mut number, *seat, name, amount.get(), false);
            }
            Event::HoleCards { seat, cards: c } => {
                actions.push(json!({
                    "action_number": number,
                    "player_id": id(*seat),
                    "action": "Dealt Cards",
                    "amount": 0,
                    "is_allin": false,
                    "cards": c.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                }));
                number += 1;
            }
            Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                let before = wagers.get(&action.seat).copied().unwrap_or(0);
                let (name, amount) = match action.kind {
                    ActionKind::Fold => ("Fold", 0),
                    ActionKind::Check => ("Check", 0),
                    ActionKind::Call => ("Call", action.to.get().saturating_sub(before)),
                    ActionKind::Bet => ("Bet", action.to.get().saturating_sub(before)),
                    ActionKind::Raise => ("Raise", action.to.get().saturating_sub(before)),
                };
                wagers.insert(action.seat, action.to.get());
                act(
                    &mut actions,
                    &mut number,
                    action.seat,
                    name,
                    amount,
                    action.all_in,
                );
            }
            Event::StreetDealt {
                street: s,
                cards: c,
            } => {
                close(&mut rounds, &mut actions, street, &street_cards);
                street = *s;
                street_cards = c.iter().map(|c| c.to_string()).collect();
                board.extend(street_cards.iter().cloned());
                wagers.clear();
            }
            Event::HandShown { seat, cards: c } => {
                if !showdown {
                    close(&mut rounds, &mut actions, street, &street_cards);
                    street_cards.clear();
                    street = Street::Done;
                    showdown = true;
                }
                actions.push(json!({
                    "action_number": number,
                    "player_id": id(*seat),
                    "action": "Shows Cards",
                    "amount": 0,
                    "is_allin": false,
                    "cards": c.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                }));
                number += 1;
            }
            Event::HandDiscarded { seat } => {
                if !showdown {
                    close(&mut rounds, &mut actions, street, &street_cards);
                    street_cards.clear();
                    street = Street::Done;
                    showdown = true;
                }
                act(&mut actions, &mut number, *seat, "Mucks Cards", 0, false);
            }
            Event::PotsAwarded { awards } => {
                for (i, award) in awards.iter().enumerate() {
                    pots.push(json!({
                        "number": i,
                        "amount": award.pot.amount.get(),
                        "rake": 0,
                        "player_wins": award.shares.iter().map(|(s, c)| json!({
                            "player_id": id(*s),
                            "win_amount": c.get(),
                        })).collect::<Vec<_>>(),
                    }));
                }
            }
            _ => {}
        }
    }
    if !actions.is_empty() || rounds.is_empty() {
        close(&mut rounds, &mut actions, street, &street_cards);
    }
    let dealer = setup.button.number();
    json!({
        "ohh": {
            "spec_version": "1.4.7",
            "site_name": "floorcall",
            "network_name": "floorcall",
            "internal_version": env!("CARGO_PKG_VERSION"),
            "tournament": false,
            "game_number": hand.number.to_string(),
            "start_date_utc": hand.time.unwrap_or_default(),
            "table_name": hand.house,
            "table_size": setup.stacks.iter().map(|(s, _)| s.number()).max().unwrap_or(0).max(2),
            "game_type": "Holdem",
            "bet_limit": { "bet_type": "NL", "bet_cap": 0 },
            "dealer_seat": dealer,
            "small_blind_amount": setup.small_blind.get(),
            "big_blind_amount": setup.big_blind.get(),
            "ante_amount": setup.ante.get(),
            "hero_player_id": 0,
            "currency": "",
            "flags": [],
            "players": players,
            "rounds": rounds,
            "pots": pots,
        }
    })
}
