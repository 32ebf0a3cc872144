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
        for (i, e) in scenario.expectations.iter().enumerate() {
            if e.after.unwrap_or(total) == k {
                let view = resolved_view(hand);
                check(e, i + 1, k, &view, rules, rejected, failures);
                let seen = Seen {
                    st: &view,
                    hand,
                    table,
                    suggest,
                };
                check_table(e, i + 1, k, &seen, failures);
            }
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

fn check_table(
    e: &Expect,
    index: usize,
    after: usize,
    seen: &Seen<'_>,
    failures: &mut Vec<Failure>,
) {
    let Seen {
        st,
        hand,
        table,
        suggest,
    } = *seen;
    let now = table.script_ms;
    let mut found: Vec<(&'static str, String, String)> = Vec::new();
    let mut cmp = |key: &'static str, expected: Option<String>, got: String| {
        if let Some(expected) = expected
            && expected != got
        {
            found.push((key, expected, got));
        }
    };
    cmp(
        "hand",
        e.hand.map(|h| h.to_string()),
        table.hand.to_string(),
    );
    cmp(
        "button",
        e.button.map(|b| b.to_string()),
        st.button.map_or(0, |b| b.number()).to_string(),
    );
    if let Some(wanted) = e.blind_seats {
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
        let got = [posted(Post::SmallBlind), posted(Post::BigBlind)];
        cmp(
            "blind_seats",
            Some(format!("{wanted:?}")),
            format!("{got:?}"),
        );
    }
    cmp(
        "blinds",
        e.blinds.map(|b| format!("{b:?}")),
        format!("{:?}", [st.small_blind.get(), st.big_blind.get()]),
    );
    cmp(
        "ante",
        e.ante.map(|a| a.to_string()),
        table.blinds.map_or(0, |b| b.ante.get()).to_string(),
    );
    cmp(
        "level",
        e.level.map(|l| l.to_string()),
        table.level_number_at(now).to_string(),
    );
    cmp(
        "clock_left",
        e.clock_left.map(|l| l.to_string()),
        (table.level_clock.at(now).remaining_ms / 1000).to_string(),
    );
    if let Some(wanted) = &e.places {
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
        let wanted: BTreeMap<u8, u32> = wanted
            .iter()
            .filter_map(|(k, v)| seat_named(k).ok().map(|s| (s.number(), *v)))
            .collect();
        cmp("places", Some(format!("{wanted:?}")), format!("{got:?}"));
    }
    if let Some(wanted) = &e.seats {
        let wanted: BTreeMap<u8, u64> = wanted
            .iter()
            .filter_map(|(k, v)| seat_named(k).ok().map(|s| (s.number(), *v)))
            .collect();
        let got: BTreeMap<u8, u64> = table
            .seats
            .iter()
            .map(|(s, p)| (s.number(), p.chips.get()))
            .collect();
        cmp("seats", Some(format!("{wanted:?}")), format!("{got:?}"));
    }
    if let Some(wanted) = &e.names {
        let wanted: BTreeMap<u8, String> = wanted
            .iter()
            .filter_map(|(k, v)| seat_named(k).ok().map(|s| (s.number(), v.clone())))
            .collect();
        let got: BTreeMap<u8, String> = wanted
            .keys()
            .map(|n| {
                let name = crate::table::Seat::new(*n)
                    .and_then(|s| table.seats.get(&s))
                    .map_or("(empty seat)".to_string(), |p| p.name.clone());
                (*n, name)
            })
            .collect();
        cmp("names", Some(format!("{wanted:?}")), format!("{got:?}"));
    }
    cmp(
        "dealt",
        e.dealt.as_ref().map(|d| format!("{d:?}")),
        format!(
            "{:?}",
            st.occupied().map(|s| s.number()).collect::<Vec<_>>()
        ),
    );
    cmp(
        "players",
        e.players.map(|p| p.to_string()),
        table.players_in().to_string(),
    );
    let clock = match table.player_clock.map(|c| c.at(now)) {
        None => "none",
        Some(PlayerClockReading::Thinking { .. }) => "thinking",
        Some(PlayerClockReading::Counting { .. }) => "counting",
        Some(PlayerClockReading::Expired) => "expired",
    };
    cmp("player_clock", e.player_clock.clone(), clock.to_string());
    cmp("suggest", e.suggest.clone(), suggest.to_string());
    cmp(
        "hand_for_hand",
        e.hand_for_hand.map(|b| b.to_string()),
        table.hand_for_hand.to_string(),
    );
    cmp(
        "chips",
        e.chips.map(|c| c.to_string()),
        table.chips_seated().to_string(),
    );
    failures.extend(found.into_iter().map(|(key, expected, got)| Failure {
        expectation: index,
        after,
        key,
        expected,
        got,
    }));
}
