//! Hand-history export: one journaled hand as PHH (uoftcprg/phh-std, TOML)
//! or OHH 1.4.7 (Open Hand History, JSON), written so that the reference
//! readers read them as written: PokerKit replays every PHH action as it
//! stands, and an OHH file is records separated by one blank line.
//!
//! A hand is exported from its live entries (retracted ones left out). PHH
//! names players by position: `p1` is the first seat after the button and
//! the button is last, as the importer (`phh`) reads them, so every hand
//! exported re-imports to the same stacks. PHH deals every player's hole
//! cards first (`d dh p3 ????` when they were never keyed) and tables the
//! hands when the betting closes, before a runout's board cards, wherever
//! the dealer keyed them. What PHH cannot say (rulings, physical actions:
//! words, chips pushed, taps, out-of-turn actions) goes in comments on the
//! action the entry that caused them bound (`p1 cc # ruling side-pot ...`),
//! or on a comment line of their own where the entry bound none, and in the
//! `_floorcall_*` fields.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::table::cards::Card;
use crate::table::event::{ActionKind, Event, Post, Street, TableSetup};
use crate::table::hand::{Entry, live_entries};
use crate::table::{Chips, Seat};

/// What the journal knows about a hand's table and event beyond the hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Context {
    /// The table's name (the journal's session record).
    pub table: Option<String>,
    /// How many seats the table has, empty ones included.
    pub seat_count: Option<u8>,
    /// The level of the blind structure the hand was dealt in (from 1),
    /// and its length in minutes.
    pub level: Option<(u32, u32)>,
    /// The event's name.
    pub event: Option<String>,
    /// The tournament, when the table runs a blind structure.
    pub tournament: Option<Tournament>,
}

/// A tournament table, as far as the journal knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tournament {
    /// An identifier: the table and when its first hand began.
    pub number: String,
    /// When its first hand began (UTC), if known.
    pub start: Option<String>,
    /// The chips each player started with (the most at the first hand).
    pub initial_stack: u64,
}

/// One hand to export, as the journal holds it.
#[derive(Debug, Clone)]
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
    /// The table and the event.
    pub context: Context,
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

    /// The live entries, in order.
    fn live(&self) -> Vec<&Entry> {
        let live = live_entries(self.entries);
        self.entries
            .iter()
            .filter(|e| live.get(e.seq as usize).copied().unwrap_or(false))
            .collect()
    }

    /// The events of the live entries.
    fn events(&self) -> impl Iterator<Item = &Event> {
        self.live().into_iter().flat_map(|e| e.events.iter())
    }

    /// Whether the hand was a misdeal (every chip went back; it is dealt
    /// again).
    pub fn is_misdeal(&self) -> bool {
        self.events().any(|e| matches!(e, Event::MisdealDeclared))
    }

    fn name(&self, seat: Seat) -> String {
        self.names
            .get(&seat.number())
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat.number()))
    }

    /// The game number: the table, the hand and when it began, so that
    /// two tables' hands (or two journals') never share one.
    pub fn game_number(&self) -> String {
        let table = self.context.table.as_deref().unwrap_or("floorcall");
        match self.time {
            Some(time) => format!("{table}#{}@{time}", self.number),
            None => format!("{table}#{}", self.number),
        }
    }

    /// Each seat's stack at the end: the start, less what it put in, plus
    /// what it won or got back (the fold of the live events).
    fn finishing(&self) -> BTreeMap<Seat, Chips> {
        let state = crate::table::hand::replay(self.entries);
        self.setup
            .stacks
            .iter()
            .map(|(s, _)| (*s, state.seat(*s).stack))
            .collect()
    }

    /// What each seat won from the pots (chips it got back uncalled not
    /// counted).
    fn winnings(&self) -> BTreeMap<Seat, Chips> {
        let mut won = BTreeMap::new();
        for event in self.events() {
            if let Event::PotsAwarded { awards } = event {
                for (seat, chips) in awards.iter().flat_map(|a| &a.shares) {
                    *won.entry(*seat).or_insert(Chips::ZERO) += *chips;
                }
            }
        }
        won
    }

    /// How many seats were still in the hand at its end: a showdown needs
    /// two.
    fn live_at_end(&self) -> usize {
        let state = crate::table::hand::replay(self.entries);
        self.setup
            .stacks
            .iter()
            .filter(|(s, _)| !state.seat(*s).folded)
            .count()
    }
}

fn cards(cards: &[Card]) -> String {
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

/// One element of PHH's `actions`: an action with the notes of the entry
/// that bound it, or (no action) a comment line of its own.
#[derive(Debug, Default)]
struct Line {
    action: Option<String>,
    notes: Vec<String>,
}

impl Line {
    fn action(text: String) -> Line {
        Line {
            action: Some(text),
            notes: Vec::new(),
        }
    }

    /// The TOML array element: `"p1 cc # note; note",` or `# note`.
    fn toml(&self) -> String {
        let notes = self.notes.join("; ").replace(['\n', '\r'], " ");
        match &self.action {
            Some(a) if notes.is_empty() => format!("{},", toml_str(a)),
            Some(a) => format!("{},", toml_str(&format!("{a} # {notes}"))),
            None => format!("# {notes}"),
        }
    }
}

/// Where an entry's first PHH line went.
#[derive(Debug, Clone, Copy)]
enum At {
    Dealt(usize),
    Body(usize),
    Shown(usize),
}

/// The hand as a PHH file.
pub fn phh(hand: &History<'_>) -> String {
    let order = hand.order();
    let position = |seat: Seat| order.iter().position(|s| *s == seat);
    let player = |seat: Seat| -> String {
        position(seat).map_or_else(
            || format!("seat{}", seat.number()),
            |i| format!("p{}", i + 1),
        )
    };
    let setup = hand.setup;
    let n = order.len();
    // Forced bets at their nominal amounts, by who posted them (PHH posts
    // what a short stack has).
    let mut antes = vec![0u64; n];
    let mut blinds = vec![0u64; n];
    for event in hand.events() {
        if let Event::Posted { seat, post, .. } = event
            && let Some(i) = position(*seat)
        {
            match post {
                Post::SmallBlind => blinds[i] = setup.small_blind.get(),
                Post::BigBlind => blinds[i] = setup.big_blind.get(),
                Post::Ante => antes[i] = setup.ante.get(),
                Post::Committed => {}
            }
        }
    }
    if n == 2 {
        // Heads-up PHH lists the small blind first and the big blind
        // second, though p1 (not the button) posts the big blind.
        blinds = vec![setup.small_blind.get(), setup.big_blind.get()];
    }
    let showdown = hand.live_at_end() > 1;
    let mut dealt: Vec<Line> = order
        .iter()
        .map(|s| Line::action(format!("d dh {} ????", player(*s))))
        .collect();
    let mut body: Vec<Line> = Vec::new();
    let mut shown: Vec<Line> = Vec::new();
    // The hands are tabled when the betting closes: after the last action.
    let mut betting_closed_at = 0;
    let mut rulings: Vec<String> = Vec::new();
    let mut physical: Vec<String> = Vec::new();
    for entry in hand.live() {
        let mut at: Option<At> = None;
        let mut notes: Vec<String> = Vec::new();
        for event in &entry.events {
            let line = match event {
                Event::HoleCards { seat, cards: c } => match position(*seat) {
                    Some(i) => {
                        dealt[i].action = Some(format!("d dh {} {}", player(*seat), cards(c)));
                        Some(At::Dealt(i))
                    }
                    None => None,
                },
                Event::StreetDealt { cards: c, .. } => {
                    body.push(Line::action(format!("d db {}", cards(c))));
                    Some(At::Body(body.len() - 1))
                }
                Event::ActionBound { action, .. } | Event::BoundInPlace { action, .. } => {
                    let p = player(action.seat);
                    body.push(Line::action(match action.kind {
                        ActionKind::Fold => format!("{p} f"),
                        ActionKind::Check | ActionKind::Call => format!("{p} cc"),
                        ActionKind::Bet | ActionKind::Raise => {
                            format!("{p} cbr {}", action.to.get())
                        }
                    }));
                    betting_closed_at = body.len();
                    Some(At::Body(body.len() - 1))
                }
                Event::HandKilled { seat } => {
                    let note = format!("{event}");
                    notes.push(note.clone());
                    physical.push(note);
                    body.push(Line::action(format!("{} f", player(*seat))));
                    betting_closed_at = body.len();
                    Some(At::Body(body.len() - 1))
                }
                Event::HandShown { seat, cards: c } if showdown => {
                    shown.push(Line::action(format!("{} sm {}", player(*seat), cards(c))));
                    Some(At::Shown(shown.len() - 1))
                }
                Event::HandDiscarded { seat } if showdown => {
                    shown.push(Line::action(format!("{} sm", player(*seat))));
                    Some(At::Shown(shown.len() - 1))
                }
                Event::RulingSuggested { ruling } => {
                    let text = format!("{} ({}): {}", ruling.id, ruling.citation, ruling.text);
                    notes.push(format!("ruling {text}"));
                    rulings.push(text);
                    None
                }
                Event::HandStarted { .. }
                | Event::Posted { .. }
                | Event::PotsAwarded { .. }
                | Event::BetReturned { .. }
                | Event::RulingsAccepted { .. }
                | Event::EntryRetracted { .. } => None,
                other => {
                    let line = entry.line.clone().unwrap_or_default();
                    let note = if line.is_empty() {
                        other.to_string()
                    } else {
                        format!("{other} (entered: {line})")
                    };
                    notes.push(note.clone());
                    physical.push(note);
                    None
                }
            };
            at = at.or(line);
        }
        if notes.is_empty() {
            continue;
        }
        let target = match at {
            Some(At::Dealt(i)) => &mut dealt[i],
            Some(At::Body(i)) => &mut body[i],
            Some(At::Shown(i)) => &mut shown[i],
            None => {
                // The entry bound nothing PHH can say: its own comment line.
                body.push(Line::default());
                body.last_mut().expect("just pushed")
            }
        };
        target.notes.extend(notes);
    }
    let after_betting = body.split_off(betting_closed_at.min(body.len()));
    let actions = dealt
        .into_iter()
        .chain(body)
        .chain(shown)
        .chain(after_betting);

    let stacks: BTreeMap<Seat, Chips> = setup.stacks.iter().copied().collect();
    let finishing = hand.finishing();
    let won = hand.winnings();
    let by_position = |m: &BTreeMap<Seat, Chips>| {
        toml_list(order.iter().map(|s| m.get(s).map_or(0, |c| c.get())))
    };
    let mut out = String::new();
    let _ = writeln!(out, "variant = \"NT\"");
    let _ = writeln!(out, "antes = {}", toml_list(&antes));
    let _ = writeln!(out, "blinds_or_straddles = {}", toml_list(&blinds));
    let _ = writeln!(out, "min_bet = {}", setup.big_blind.get());
    let _ = writeln!(out, "starting_stacks = {}", by_position(&stacks));
    let _ = writeln!(out, "actions = [");
    for line in actions {
        let _ = writeln!(out, "  {}", line.toml());
    }
    let _ = writeln!(out, "]");
    let _ = writeln!(out, "finishing_stacks = {}", by_position(&finishing));
    let _ = writeln!(out, "winnings = {}", by_position(&won));
    let context = &hand.context;
    if let Some(event) = &context.event {
        let _ = writeln!(out, "event = {}", toml_str(event));
    }
    if let Some(time) = hand.time
        && let Some((day, clock)) = time.split_once('T')
    {
        // `2026-11-22T12:36:01.123Z`: PHH's time is a TOML local time, its
        // day apart.
        let clock = clock.trim_end_matches('Z');
        let clock = clock.split('.').next().unwrap_or(clock);
        let mut ymd = day.split('-').filter_map(|p| p.parse::<u32>().ok());
        if let (Some(y), Some(m), Some(d)) = (ymd.next(), ymd.next(), ymd.next()) {
            let _ = writeln!(out, "year = {y}\nmonth = {m}\nday = {d}");
        }
        let hms: Vec<&str> = clock.split(':').collect();
        if hms.len() == 3
            && hms
                .iter()
                .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
        {
            let _ = writeln!(out, "time = {clock}\ntime_zone = \"UTC\"");
        }
    }
    let _ = writeln!(out, "hand = {}", hand.number);
    if let Some((level, _)) = context.level {
        let _ = writeln!(out, "level = {level}");
    }
    if let Some(table) = &context.table {
        let _ = writeln!(out, "table = {}", toml_str(table));
    }
    if let Some(count) = context.seat_count {
        let _ = writeln!(out, "seat_count = {count}");
    }
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
        toml_list(physical.iter().map(|r| toml_str(r)))
    );
    out
}

/// Hands as one PHH file of many hands (`.phhs`): each hand's fields under
/// a table of its own, `[1]`, `[2]` ..., one hand too, as PokerKit's
/// `load_all` and `phh::check_each` read them. The tables are named by
/// the hands' numbers when those are unique in the file, else counted.
pub fn phhs(hands: &[History<'_>]) -> String {
    let numbers: std::collections::BTreeSet<u32> = hands.iter().map(|h| h.number).collect();
    let unique = numbers.len() == hands.len();
    let mut out = String::new();
    for (i, hand) in hands.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let name = if unique { hand.number } else { i as u32 + 1 };
        let _ = writeln!(out, "[{name}]");
        out.push_str(&phh(hand));
    }
    out
}

/// Hands as an OHH file (`.ohh`): each document on its line, the records
/// separated by one blank line, as the OHH storage format says.
pub fn ohh_file(hands: &[History<'_>]) -> String {
    let docs: Vec<String> = hands.iter().map(|h| ohh(h).to_string()).collect();
    let mut out = docs.join("\n\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// The hand as an OHH 1.4.7 document: `{"ohh": {...}}`. Every amount is
/// in chips (`currency` "XPM": no money value). A bet or raise not called
/// in full: the part that went back is a pot of its own after the others,
/// won by the bettor, so that the actions' amounts add up to the pots and
/// each player's stack is its starting stack, less its actions' amounts,
/// plus its wins.
pub fn ohh(hand: &History<'_>) -> Value {
    let setup = hand.setup;
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
    let mut number = 0u64;
    let mut wagers: BTreeMap<Seat, u64> = BTreeMap::new();
    let mut pots: Vec<Value> = Vec::new();
    let mut returned: Vec<(Seat, Chips)> = Vec::new();
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
               all_in: bool,
               shown: Option<&[Card; 2]>| {
        let mut a = json!({
            "action_number": *number,
            "player_id": id(seat),
            "action": action,
            "amount": amount,
            "is_allin": all_in,
        });
        if let Some(c) = shown {
            a["cards"] = json!(c.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        actions.push(a);
        *number += 1;
    };
    let mut street_cards: Vec<String> = Vec::new();
    let mut showdown = false;
    for event in hand.events() {
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
                act(
                    &mut actions,
                    &mut number,
                    *seat,
                    name,
                    amount.get(),
                    false,
                    None,
                );
            }
            Event::HoleCards { seat, cards: c } => {
                act(
                    &mut actions,
                    &mut number,
                    *seat,
                    "Dealt Cards",
                    0,
                    false,
                    Some(c),
                );
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
                    None,
                );
            }
            Event::HandKilled { seat } => {
                act(&mut actions, &mut number, *seat, "Fold", 0, false, None);
            }
            Event::StreetDealt {
                street: s,
                cards: c,
            } => {
                close(&mut rounds, &mut actions, street, &street_cards);
                street = *s;
                street_cards = c.iter().map(|c| c.to_string()).collect();
                wagers.clear();
            }
            Event::HandShown { seat, .. } | Event::HandDiscarded { seat } => {
                // The first card shown or mucked closes the last round.
                if !showdown {
                    close(&mut rounds, &mut actions, street, &street_cards);
                    street_cards.clear();
                    street = Street::Done;
                    showdown = true;
                }
                let (name, cards) = match event {
                    Event::HandShown { cards, .. } => ("Shows Cards", Some(cards)),
                    _ => ("Mucks Cards", None),
                };
                act(&mut actions, &mut number, *seat, name, 0, false, cards);
            }
            Event::BetReturned { seat, amount } => returned.push((*seat, *amount)),
            Event::PotsAwarded { awards } => {
                for award in awards {
                    pots.push(json!({
                        "number": pots.len(),
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
    for (seat, amount) in returned {
        pots.push(json!({
            "number": pots.len(),
            "amount": amount.get(),
            "rake": 0,
            "player_wins": [{ "player_id": id(seat), "win_amount": amount.get() }],
        }));
    }
    if !actions.is_empty() || rounds.is_empty() {
        close(&mut rounds, &mut actions, street, &street_cards);
    }
    let context = &hand.context;
    let table_size = context.seat_count.unwrap_or_else(|| {
        setup
            .stacks
            .iter()
            .map(|(s, _)| s.number())
            .max()
            .unwrap_or(0)
            .max(2)
    });
    let mut doc = json!({
        "spec_version": "1.4.7",
        "site_name": "floorcall",
        "network_name": "floorcall",
        "internal_version": env!("CARGO_PKG_VERSION"),
        "tournament": context.tournament.is_some(),
        "game_number": hand.game_number(),
        "start_date_utc": hand.time,
        "table_name": context.table.as_deref().unwrap_or(hand.house),
        "table_size": table_size,
        "game_type": "Holdem",
        "bet_limit": { "bet_type": "NL", "bet_cap": 0 },
        "dealer_seat": setup.button.number(),
        "small_blind_amount": setup.small_blind.get(),
        "big_blind_amount": setup.big_blind.get(),
        "ante_amount": setup.ante.get(),
        "currency": "XPM",
        "flags": [],
        "players": players,
        "rounds": rounds,
        "pots": pots,
    });
    if let Some(t) = &context.tournament {
        doc["tournament_info"] = json!({
            "tournament_number": t.number,
            "name": context.event.clone().unwrap_or_default(),
            "start_date_utc": t.start,
            "currency": "XPM",
            "buyin_amount": 0,
            "fee_amount": 0,
            "bounty_fee_amount": 0,
            "initial_stack": t.initial_stack,
            "type": "MTT",
            "flags": [],
            "speed": {
                "type": "Normal",
                "round_time": context.level.map_or(0, |(_, minutes)| u64::from(minutes) * 60),
            },
        });
    }
    json!({ "ohh": doc })
}
