//! Scenario files with several hands (an extension): the script may hold
//! session lines (`hand`, `level 200/400`, `seat 7 sit 10000 Ann`, `clock
//! s4`, `wait 30`, ...), and `[[expect]]` may check the table (`hand`,
//! `button`, `blind_seats`, `blinds`, `ante`, `level`, `clock_left`,
//! `places`, `seats`, `dealt`, `players`, `player_clock`, `suggest`,
//! `hand_for_hand`, `chips`). An optional `[session]` table gives the blind
//! structure (`levels = "100/200,200/400:50"`, `level-minutes = 20`, or
//! `structure = "house"` for the house file's `[[levels]]`), player
//! `names = { 1 = "Ann" }` and the race `seed`. Time in a script is the
//! script's own: it starts at 0 and only `wait` moves it; the level clock
//! runs from 0 when a structure is given.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::expect::{Compare, by_seat, due};
use super::{Expect, Failure, Report, Scenario, check, resolved_view, seat_named};
use crate::rules::HouseRules;
use crate::session::{PlayerClockReading, Positions, Structure, Table, TableCommand, TableEvent};
use crate::table::event::Post;
use crate::table::{Command, Event, Hand, Street};

/// One script line: for the hand in play, or for the table.
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptLine {
    /// A hand line (`s3 call`, `flop AsKd7c`, `floor clock`).
    Hand(Command),
    /// A session line (`hand`, `seat 7 sit 10000 Ann`).
    Table(TableCommand),
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawSession {
    levels: Option<String>,
    structure: Option<String>,
    level_minutes: Option<u32>,
    #[serde(default)]
    names: BTreeMap<String, String>,
    seed: Option<u64>,
}

/// A scenario's session: the blind structure, names and race seed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionSetup {
    /// Whether the file has a `[session]` table.
    pub given: bool,
    /// The blind structure (empty: the TD keys `level` lines).
    pub structure: Structure,
    /// Player names by seat number.
    pub names: BTreeMap<u8, String>,
    /// The seed of race-card draws.
    pub seed: u64,
}

impl SessionSetup {
    pub(super) fn read(raw: RawSession, rules: &HouseRules) -> Result<SessionSetup, String> {
        let minutes = raw.level_minutes.unwrap_or(20);
        let structure = match (raw.levels, raw.structure.as_deref()) {
            (Some(_), Some(_)) => {
                return Err("[session] has both levels and structure: give one".into());
            }
            (Some(levels), None) => Structure::from_flag(&levels, minutes)
                .map_err(|e| format!("[session] levels: {e}"))?,
            (None, Some("house")) => Structure::from_house(&rules.levels, minutes),
            (None, Some(other)) => {
                return Err(format!(
                    "[session] structure = {}: only \"house\" (the house file's [[levels]])",
                    crate::notation::quoted(other)
                ));
            }
            (None, None) => Structure::default(),
        };
        let mut names = BTreeMap::new();
        for (k, v) in raw.names {
            names.insert(seat_named(&k)?.number(), v);
        }
        Ok(SessionSetup {
            given: true,
            structure,
            names,
            seed: raw.seed.unwrap_or(0),
        })
    }
}

impl Scenario {
    /// Whether the scenario is a session (session lines or a `[session]`).
    pub fn is_session(&self) -> bool {
        self.session.given
            || self
                .script
                .iter()
                .any(|(_, _, l)| matches!(l, ScriptLine::Table(_)))
    }
}

/// Plays a session scenario: hand lines go to the hand in play, session
/// lines to the table; expectations see both.
pub fn run(scenario: &Scenario) -> Report {
    let mut failures = Vec::new();
    let rules = &scenario.rules;
    let mut table = Table::from_setup(
        &scenario.setup,
        scenario.session.structure.clone(),
        &scenario.session.names,
    );
    if !table.structure.stages.is_empty() {
        table.apply(&TableEvent::ClockResumed { at_ms: 0 });
    }
    let mut hand = match Hand::start(scenario.setup.clone(), rules.clone()) {
        Ok(hand) => hand,
        Err(refusal) => return Report::refused_start(failures, refusal, Some(table)),
    };
    let positions = Positions::of(&scenario.setup, &hand.entries()[0].events);
    let stage = (!table.structure.stages.is_empty()).then_some(0);
    table.apply(&TableEvent::HandBegun {
        number: 1,
        setup: scenario.setup.clone(),
        positions,
        stage,
        redeal: false,
    });
    let mut draw = crate::session::table::seeded_draw(scenario.session.seed);
    let finish = |table: &mut Table, hand: &Hand| {
        if table.in_hand && hand.state().street == Street::Done {
            for e in table.hand_over(hand.state()) {
                table.apply(&e);
            }
        }
    };
    finish(&mut table, &hand);
    let total = scenario.script.len();
    let mut rejected = false;
    let mut suggest = String::new();
    let check_at = |k: usize,
                    hand: &Hand,
                    table: &Table,
                    rejected: bool,
                    suggest: &str,
                    failures: &mut Vec<Failure>| {
        for (i, e) in due(&scenario.expectations, |e| e.after, k, total) {
            let view = resolved_view(hand);
            let mut compare = Compare::new(i, k, failures);
            check(e, &mut compare, &view, rules, rejected);
            let seen = Seen {
                st: &view,
                hand,
                table,
                suggest,
            };
            check_table(e, &mut compare, &seen);
        }
    };
    check_at(0, &hand, &table, rejected, &suggest, &mut failures);
    for (k, (_, line, script_line)) in scenario.script.iter().enumerate() {
        match script_line {
            ScriptLine::Hand(command) => {
                rejected = !table.in_hand;
                if table.in_hand {
                    match hand.execute(command, Some(line.clone())) {
                        Ok(entry) => {
                            let events = entry.events.clone();
                            let now = table.script_ms;
                            let follow = table.after_entry(rules, hand.state(), &events, || now);
                            for e in &follow {
                                table.apply(e);
                            }
                            if table.player_clock.is_none() {
                                suggest.clear();
                            }
                        }
                        Err(_) => rejected = true,
                    }
                }
            }
            ScriptLine::Table(command) => {
                // A dealer line closes any pending motion.
                if table.in_hand {
                    let _ = hand.execute(&Command::Resolve, None);
                }
                finish(&mut table, &hand);
                rejected = match table.decide(rules, command, table.script_ms, &mut draw) {
                    Err(_) => true,
                    Ok(events) => apply_all(&mut table, &mut hand, rules, &events),
                };
                if let Some((seat, command)) = table.player_clock_due(table.script_ms)
                    && let Some(text) = crate::notation::format_command(&command)
                {
                    let _ = seat;
                    suggest = text;
                }
            }
        }
        if k + 1 == total && table.in_hand {
            let _ = hand.execute(&Command::Resolve, None);
        }
        finish(&mut table, &hand);
        check_at(k + 1, &hand, &table, rejected, &suggest, &mut failures);
    }
    Report {
        failures,
        hand: Some(hand),
        table: Some(table),
    }
}

/// Applies a session line's events; a hand begun starts the hand. Returns
/// whether the line was refused (the hand could not start).
fn apply_all(
    table: &mut Table,
    hand: &mut Hand,
    rules: &HouseRules,
    events: &[TableEvent],
) -> bool {
    for e in events {
        if let TableEvent::HandBegun { setup, .. } = e {
            match Hand::start(setup.clone(), rules.clone()) {
                Ok(h) => *hand = h,
                Err(_) => return true,
            }
        }
        table.apply(e);
    }
    false
}

/// What a session expectation is checked against: the hand in play (its
/// state as resolved), the table around it, and the floor's prompt.
struct Seen<'a> {
    st: &'a crate::table::HandState,
    hand: &'a Hand,
    table: &'a Table,
    suggest: &'a str,
}

/// Checks the session's keys of expectation `e` against what is `seen`.
fn check_table(e: &Expect, c: &mut Compare, seen: &Seen<'_>) {
    let Seen {
        st,
        hand,
        table,
        suggest,
    } = *seen;
    let now = table.script_ms;
    c.value("hand", e.hand, || table.hand);
    c.value("button", e.button, || st.button.map_or(0, |b| b.number()));
    c.list("blind_seats", e.blind_seats, || {
        let posted = |want: Post| {
            hand.entries()
                .first()
                .and_then(|entry| {
                    entry.events.iter().find_map(|ev| match ev {
                        Event::Posted { seat, post, .. } if *post == want => Some(seat.number()),
                        _ => None,
                    })
                })
                .unwrap_or(0)
        };
        [posted(Post::SmallBlind), posted(Post::BigBlind)]
    });
    c.list("blinds", e.blinds, || {
        [st.small_blind.get(), st.big_blind.get()]
    });
    c.value("ante", e.ante, || table.blinds.map_or(0, |b| b.ante.get()));
    c.value("level", e.level, || table.level_number_at(now));
    c.value("clock_left", e.clock_left, || {
        table.level_clock.at(now).remaining_ms / 1000
    });
    c.list(
        "places",
        e.places.as_ref().map(|p| by_seat(p, |v| *v)),
        || {
            let mut got: BTreeMap<u8, u32> = table
                .places
                .iter()
                .map(|f| (f.seat.number(), f.place))
                .collect();
            if table.players_in() == 1
                && let Some((seat, _)) = table.seats.iter().find(|(_, p)| !p.chips.is_zero())
            {
                got.insert(seat.number(), 1);
            }
            got
        },
    );
    c.list(
        "seats",
        e.seats.as_ref().map(|s| by_seat(s, |v| *v)),
        || {
            table
                .seats
                .iter()
                .map(|(s, p)| (s.number(), p.chips.get()))
                .collect::<BTreeMap<u8, u64>>()
        },
    );
    let names = e.names.as_ref().map(|n| by_seat(n, String::clone));
    c.list("names", names.as_ref(), || {
        names
            .iter()
            .flat_map(BTreeMap::keys)
            .map(|n| {
                let name = crate::table::Seat::new(*n)
                    .and_then(|s| table.seats.get(&s))
                    .map_or("(empty seat)".to_string(), |p| p.name.clone());
                (*n, name)
            })
            .collect::<BTreeMap<u8, String>>()
    });
    c.list("dealt", e.dealt.as_ref(), || {
        st.occupied().map(|s| s.number()).collect::<Vec<_>>()
    });
    c.value("players", e.players, || table.players_in());
    c.value("player_clock", e.player_clock.as_deref(), || {
        match table.player_clock.map(|c| c.at(now)) {
            None => "none",
            Some(PlayerClockReading::Thinking { .. }) => "thinking",
            Some(PlayerClockReading::Counting { .. }) => "counting",
            Some(PlayerClockReading::Expired) => "expired",
        }
    });
    c.value("suggest", e.suggest.as_deref(), || suggest);
    c.hand_for_hand(e.hand_for_hand, table.hand_for_hand);
    c.value("chips", e.chips, || table.chips_seated());
}
