//! Scenario files (`../shared/table-notation.md`, section 2): a table, a
//! script of notation lines and expectations about the hand along the way.
//! `load` reads and checks a file; `run` plays it and lists the
//! expectations that failed. The CLI's `floorcall scenario` and `cargo test`
//! both come through here.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;
use toml::Spanned;

use crate::notation::parse_line;

mod expect;
pub mod floor;
pub mod session;
use crate::rules::{HouseRules, RulesError, line_column};
use crate::table::cards::parse_cards;
use crate::table::event::{AnteMode, Street, TableSetup};
use crate::table::{Chips, Command, Hand, HandState, Seat};
pub use expect::Failure;
use expect::{Compare, after_problem, due, expectation};

/// Why a scenario file could not be used (exit status 2).
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file could not be read. (The operating system's error is in
    /// the message, so it is not also given as the source.)
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a valid scenario.
    #[error("{file}:{line}:{column}: {message}")]
    Parse {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The house rules named could not be loaded.
    #[error("{file}: house rules: {error}")]
    House {
        /// The scenario file.
        file: String,
        /// Why (in the message, so not also the source).
        error: RulesError,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    title: String,
    house: Option<Spanned<String>>,
    #[serde(default)]
    source: String,
    script: Spanned<String>,
    table: Spanned<RawTable>,
    #[serde(default)]
    expect: Vec<Spanned<Expect>>,
    /// Extension: the session (`[session]`: levels, names, seed).
    #[serde(default)]
    session: Option<Spanned<session::RawSession>>,
}

/// The house when a scenario names none.
const DEFAULT_HOUSE: &str = "tda";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    button: u8,
    /// `[small, big]`; read as a list so a wrong count gets its own message.
    blinds: Spanned<Vec<FileChips>>,
    #[serde(default)]
    ante: FileChips,
    /// Extension: `"per-player"` (default) or `"big-blind"`.
    #[serde(default)]
    ante_mode: AnteMode,
    stacks: RawStacks,
    #[serde(default)]
    denominations: Vec<FileChips>,
    #[serde(default)]
    street: Option<String>,
    #[serde(default)]
    pot: FileChips,
    /// Extension: board cards already out when starting after preflop.
    #[serde(default)]
    board: Option<String>,
}

/// The stacks, in seat order or by seat.
#[derive(Debug)]
enum RawStacks {
    BySeat(BTreeMap<String, FileChips>),
    InOrder(Vec<FileChips>),
}

const STACKS_EXPECTED: &str =
    "the stacks in seat order, like [10000, 8000], or by seat, like { 1 = 10000, 3 = 8000 }";

impl<'de> Deserialize<'de> for RawStacks {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RawStacks, D::Error> {
        struct Stacks;
        impl<'de> serde::de::Visitor<'de> for Stacks {
            type Value = RawStacks;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(STACKS_EXPECTED)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawStacks, A::Error> {
                let mut stacks = Vec::new();
                while let Some(chips) = seq.next_element()? {
                    stacks.push(chips);
                }
                Ok(RawStacks::InOrder(stacks))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawStacks, A::Error> {
                let mut stacks = BTreeMap::new();
                while let Some((seat, chips)) = map.next_entry()? {
                    stacks.insert(seat, chips);
                }
                Ok(RawStacks::BySeat(stacks))
            }
        }
        deserializer.deserialize_any(Stacks)
    }
}

/// A number of chips in a scenario's table: a whole number, 0 or more. A
/// negative, fractional or quoted value is refused saying what it is and
/// what was expected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct FileChips(u64);

const CHIPS_EXPECTED: &str = "expected a whole number of chips, 0 or more, like 10000";

impl<'de> Deserialize<'de> for FileChips {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<FileChips, D::Error> {
        use serde::de::Error;
        struct Amount;
        impl serde::de::Visitor<'_> for Amount {
            type Value = FileChips;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of chips, 0 or more, like 10000")
            }
            fn visit_u64<E: Error>(self, v: u64) -> Result<FileChips, E> {
                Ok(FileChips(v))
            }
            fn visit_i64<E: Error>(self, v: i64) -> Result<FileChips, E> {
                u64::try_from(v)
                    .map(FileChips)
                    .map_err(|_| E::custom(format!("{v} is negative: {CHIPS_EXPECTED}")))
            }
            fn visit_f64<E: Error>(self, v: f64) -> Result<FileChips, E> {
                Err(E::custom(format!(
                    "{v} is a decimal number: {CHIPS_EXPECTED}"
                )))
            }
            fn visit_str<E: Error>(self, v: &str) -> Result<FileChips, E> {
                Err(E::custom(format!(
                    "{} is text: {CHIPS_EXPECTED}, without quotes",
                    crate::notation::quoted(v)
                )))
            }
        }
        deserializer.deserialize_any(Amount)
    }
}

expectation! {
    /// One `[[expect]]` block: every key given must hold.
    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Expect {
        shared after,
        /// The seat to act; 0 for none.
        pub to_act: Option<u8>,
        /// The street.
        pub street: Option<String>,
        /// The bet a call must match.
        pub current_bet: Option<u64>,
        /// The smallest legal raise-to for the seat to act.
        pub min_raise_to: Option<u64>,
        /// Whether the seat to act may raise.
        pub can_raise: Option<bool>,
        /// The last binding action, normalized.
        pub last_action: Option<String>,
        /// All binding actions, normalized.
        pub actions: Option<Vec<String>>,
        /// Ruling ids that must be among those suggested.
        pub rulings: Option<Vec<String>>,
        /// Extension: words each found in the citation of some suggested ruling
        /// (the clause it quotes: `quotes = ["If less than 50%"]`).
        pub quotes: Option<Vec<String>>,
        shared rejected,
        /// All chips in the middle.
        pub pot: Option<u64>,
        /// The pots, main first.
        pub pots: Option<Vec<ExpectPot>>,
        /// Chips behind for the seats named.
        pub stacks: Option<BTreeMap<String, u64>>,
        /// The seat that tables first.
        pub show_first: Option<u8>,
        /// Extension (sessions): the hand number.
        pub hand: Option<u32>,
        /// Extension (sessions): the button seat of the hand in play.
        pub button: Option<u8>,
        /// Extension (sessions): the seats that posted `[small, big]` (0: none).
        pub blind_seats: Option<[u8; 2]>,
        /// Extension (sessions): the hand's blinds `[small, big]`.
        pub blinds: Option<[u64; 2]>,
        /// Extension (sessions): the hand's ante.
        pub ante: Option<u64>,
        /// Extension (sessions): the level number the clock is in (1-based).
        pub level: Option<usize>,
        /// Extension (sessions): seconds left in the level.
        pub clock_left: Option<u64>,
        /// Extension (sessions): finishing places, seat = place (the seat the
        /// player left; the last one in is place 1).
        pub places: Option<BTreeMap<String, u32>>,
        /// Extension (sessions): chips at the table between hands, seat = chips.
        pub seats: Option<BTreeMap<String, u64>>,
        /// Extension (sessions): the players' names at the table, seat = name
        /// (the seats named; others are not checked).
        pub names: Option<BTreeMap<String, String>>,
        /// Extension (sessions): the seats dealt into the hand in play.
        pub dealt: Option<Vec<u8>>,
        /// Extension (sessions): the players still in at the table.
        pub players: Option<usize>,
        /// Extension (sessions): the player clock: none, thinking, counting or expired.
        pub player_clock: Option<String>,
        /// Extension (sessions): the line the floor is prompted to rule (`floor dead-hand`), or "".
        pub suggest: Option<String>,
        shared hand_for_hand,
        /// Extension (sessions): all chips at the table.
        pub chips: Option<u64>,
    }
}

/// A pot as expected.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ExpectPot {
    /// Chips in it.
    pub amount: u64,
    /// Seats that may win it.
    pub eligible: Vec<u8>,
}

/// A scenario ready to run.
#[derive(Debug)]
pub struct Scenario {
    /// The file it came from.
    pub file: String,
    /// Its title.
    pub title: String,
    /// Where the case comes from.
    pub source: String,
    /// The house rules in force.
    pub rules: HouseRules,
    /// The table.
    pub setup: TableSetup,
    /// The script's lines: file line number, the text, the command.
    pub lines: Vec<(usize, String, Command)>,
    /// The expectations, numbered from 1 in file order.
    pub expectations: Vec<Expect>,
    /// Every script line in order, hand and session lines (a file without
    /// session lines has only hand lines: the same as `lines`).
    pub script: Vec<(usize, String, session::ScriptLine)>,
    /// The session: structure, names, seed (defaults when not given).
    pub session: session::SessionSetup,
    /// A floor scenario's tables, floor lines and expectations (`setup` is
    /// then its first table's next hand).
    pub floor: Option<Box<floor::FloorScenario>>,
}

/// Reads and checks a scenario file (a regular file only: anything else
/// is refused before it is opened).
pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
    let file = path.display().to_string();
    let text = crate::files::read_text(path).map_err(|error| ScenarioError::Io {
        file: file.clone(),
        error,
    })?;
    parse(&file, &text, path.parent())
}

/// The error `message` at byte `offset` of the scenario file `file`,
/// whose text is `text`: with its line and column.
fn error_at(file: &str, text: &str, offset: usize, message: String) -> ScenarioError {
    let (line, column) = line_column(text, offset);
    ScenarioError::Parse {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// A scenario file's TOML read as `T`, or what is wrong in plain words at
/// its line and column.
fn read_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, ScenarioError> {
    toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        error_at(
            file,
            text,
            offset,
            crate::rules::plain_words(e.message().trim_end()),
        )
    })
}

/// Parses a scenario from text; `dir` resolves a house-rules path.
pub fn parse(file: &str, text: &str, dir: Option<&Path>) -> Result<Scenario, ScenarioError> {
    let at = |offset: usize, message: String| error_at(file, text, offset, message);
    if floor::is_floor(text) {
        return floor::parse(file, text, dir);
    }
    let raw: RawScenario = read_toml(file, text)?;
    let house = match &raw.house {
        None => DEFAULT_HOUSE,
        Some(house) if house.get_ref().trim().is_empty() => {
            return Err(at(
                house.span().start,
                "house = \"\" is empty: name a built-in profile (tda, ugly-tuna, upt, nuts, redtooth) or a house-rules file, or leave the key out for tda".into(),
            ));
        }
        Some(house) => house.get_ref().as_str(),
    };
    let rules = load_house(house, dir).map_err(|error| ScenarioError::House {
        file: file.to_string(),
        error,
    })?;
    let table_at = raw.table.span().start;
    let blinds_at = raw.table.get_ref().blinds.span().start;
    let blinds = match raw.table.get_ref().blinds.get_ref().as_slice() {
        [small, big] => (Chips(small.0), Chips(big.0)),
        other => {
            return Err(at(
                blinds_at,
                format!(
                    "blinds has {} value(s): expected two, [small, big], like [100, 200]",
                    other.len()
                ),
            ));
        }
    };
    let setup = table_setup(raw.table.into_inner(), blinds).map_err(|m| at(table_at, m))?;
    // A table that cannot start is a file error, not a failed expectation.
    // The engine's own start decides (`dealing::validate_setup`, then the
    // house's ante rule); the error points at `blinds` when the blinds are
    // what is wrong, else at `[table]`.
    if let Err(refusal) = Hand::start(setup.clone(), rules.clone()) {
        let blind_problem =
            crate::rules::blinds_problem(setup.small_blind.get(), setup.big_blind.get());
        let offset = if blind_problem.is_some() {
            blinds_at
        } else {
            table_at
        };
        return Err(at(offset, refusal.to_string()));
    }

    // Script lines map back to file lines: the string starts after `"""`
    // and an immediately following newline (TOML trims it).
    let span = raw.script.span();
    let quote = &text[span.start..span.end.min(text.len())];
    let mut body_start = span.start + quote.find(['"', '\'']).map_or(0, |i| i + 1);
    if quote.starts_with("\"\"\"") || quote.starts_with("'''") {
        body_start = span.start + 3;
        if text[body_start..].starts_with("\r\n") {
            body_start += 2;
        } else if text[body_start..].starts_with('\n') {
            body_start += 1;
        }
    }
    let (first_line, first_column) = line_column(text, body_start);
    let mut lines = Vec::new();
    let mut script = Vec::new();
    for (i, line) in raw.script.get_ref().lines().enumerate() {
        let file_line = first_line + i;
        let parsed = if crate::notation::session::is_session_line(line) {
            crate::notation::session::parse_table_line(line)
                .map(|c| c.map(session::ScriptLine::Table))
        } else {
            parse_line(line).map(|c| c.map(session::ScriptLine::Hand))
        };
        match parsed {
            Ok(Some(command)) => {
                // `lines` keeps the first hand's lines (before any session line).
                if let session::ScriptLine::Hand(c) = &command
                    && script.len() == lines.len()
                {
                    lines.push((file_line, line.trim().to_string(), c.clone()));
                }
                script.push((file_line, line.trim().to_string(), command));
            }
            Ok(None) => {}
            Err(e) => {
                let column = if i == 0 {
                    first_column + e.column - 1
                } else {
                    e.column
                };
                return Err(ScenarioError::Parse {
                    file: file.to_string(),
                    line: file_line,
                    column,
                    message: e.message,
                });
            }
        }
    }
    let count = script.len();
    let session_setup = match raw.session {
        None => session::SessionSetup::default(),
        Some(raw_session) => {
            let start = raw_session.span().start;
            session::SessionSetup::read(raw_session.into_inner(), &rules)
                .map_err(|m| at(start, m))?
        }
    };
    let mut expectations = Vec::new();
    for e in raw.expect {
        let start = e.span().start;
        let e = e.into_inner();
        if let Some(problem) = after_problem(e.after, count) {
            return Err(at(start, problem));
        }
        for id in e.rulings.iter().flatten() {
            if !crate::rules::RulingId::ALL.iter().any(|r| r.as_str() == id) {
                return Err(at(
                    start,
                    format!("{} is not a ruling id", crate::notation::quoted(id)),
                ));
            }
        }
        if let Some(street) = &e.street
            && Street::named(street).is_none()
        {
            return Err(at(
                start,
                format!(
                    "{} is not a street: preflop, flop, turn, river, showdown or done",
                    crate::notation::quoted(street)
                ),
            ));
        }
        expectations.push(e);
    }
    Ok(Scenario {
        file: file.to_string(),
        title: raw.title,
        source: raw.source,
        rules,
        setup,
        lines,
        expectations,
        script,
        session: session_setup,
        floor: None,
    })
}

fn load_house(house: &str, dir: Option<&Path>) -> Result<HouseRules, RulesError> {
    if HouseRules::built_in(house).is_none()
        && let Some(dir) = dir
    {
        let relative = dir.join(house);
        if relative.exists() {
            return HouseRules::load(&relative.display().to_string());
        }
    }
    HouseRules::load(house)
}

pub(crate) fn seat_named(key: &str) -> Result<Seat, String> {
    key.trim()
        .parse::<u8>()
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| {
            format!(
                "{} is not a seat: seats are 1 to 10",
                crate::notation::quoted(key)
            )
        })
}

fn table_setup(raw: RawTable, blinds: (Chips, Chips)) -> Result<TableSetup, String> {
    let button = Seat::new(raw.button)
        .ok_or_else(|| format!("button = {} is not a seat: seats are 1 to 10", raw.button))?;
    let stacks: Vec<(Seat, Chips)> = match raw.stacks {
        RawStacks::BySeat(map) => {
            let mut v = map
                .iter()
                .map(|(k, c)| seat_named(k).map(|s| (s, Chips(c.0))))
                .collect::<Result<Vec<_>, _>>()?;
            v.sort();
            v
        }
        RawStacks::InOrder(list) => {
            if list.len() > 10 {
                return Err(format!("{} stacks for 10 seats", list.len()));
            }
            list.iter()
                .enumerate()
                .map(|(i, c)| (Seat::from_index(i), Chips(c.0)))
                .collect()
        }
    };
    // A seat with no chips is an empty seat (`stacks = [10000, 0, 8000]`).
    let stacks: Vec<(Seat, Chips)> = stacks.into_iter().filter(|(_, c)| !c.is_zero()).collect();
    let street = match raw.street.as_deref() {
        None => Street::Preflop,
        Some(name) => Street::named(name)
            .filter(|s| s.is_betting())
            .ok_or_else(|| format!("street = \"{name}\": expected preflop, flop, turn or river"))?,
    };
    let board = match raw.board.as_deref() {
        None | Some("") => Vec::new(),
        Some(text) => parse_cards(text).map_err(|e| e.to_string())?,
    };
    let mut denominations: Vec<Chips> = raw.denominations.iter().map(|d| Chips(d.0)).collect();
    denominations.sort();
    Ok(TableSetup {
        button,
        small_blind: blinds.0,
        big_blind: blinds.1,
        ante: Chips(raw.ante.0),
        ante_mode: raw.ante_mode,
        stacks,
        denominations,
        street,
        pot: Chips(raw.pot.0),
        board,
        blind_seats: None,
        away: Vec::new(),
    })
}

/// What happened when a scenario ran.
#[derive(Debug)]
pub struct Report {
    /// The failed expectations (empty: the scenario passed).
    pub failures: Vec<Failure>,
    /// The hand at the end.
    pub hand: Option<Hand>,
    /// The table at the end (session scenarios).
    pub table: Option<crate::session::Table>,
}

impl Report {
    /// The report of a scenario whose table could not start a hand: the
    /// failures so far and the refusal.
    fn refused_start(
        mut failures: Vec<Failure>,
        refusal: impl fmt::Display,
        table: Option<crate::session::Table>,
    ) -> Report {
        failures.push(Failure {
            expectation: 0,
            after: 0,
            key: "table",
            expected: "a table that can start".into(),
            got: refusal.to_string(),
        });
        Report {
            failures,
            hand: None,
            table,
        }
    }
}

/// Plays a scenario and checks its expectations.
pub fn run(scenario: &Scenario) -> Report {
    if let Some(f) = &scenario.floor {
        return floor::run(f);
    }
    if scenario.is_session() {
        return session::run(scenario);
    }
    let mut failures = Vec::new();
    let mut hand = match Hand::start(scenario.setup.clone(), scenario.rules.clone()) {
        Ok(hand) => hand,
        Err(refusal) => return Report::refused_start(failures, refusal, None),
    };
    let total = scenario.lines.len();
    let mut rejected = false;
    let check_at = |k: usize, hand: &Hand, rejected: bool, failures: &mut Vec<Failure>| {
        for (i, e) in due(&scenario.expectations, |e| e.after, k, total) {
            let view = resolved_view(hand);
            let mut compare = Compare::new(i, k, failures);
            check(e, &mut compare, &view, &scenario.rules, rejected);
        }
    };
    check_at(0, &hand, rejected, &mut failures);
    for (k, (_, line, command)) in scenario.lines.iter().enumerate() {
        rejected = hand.execute(command, Some(line.clone())).is_err();
        if k + 1 == total {
            // The end of the script closes any pending motion.
            let _ = hand.execute(&Command::Resolve, None);
        }
        check_at(k + 1, &hand, rejected, &mut failures);
    }
    Report {
        failures,
        hand: Some(hand),
        table: None,
    }
}

/// The state with any pending physical action resolved, as if the player's
/// hands were back: what the expectations see mid-script.
pub(crate) fn resolved_view(hand: &Hand) -> HandState {
    let mut view = hand.clone();
    let _ = view.execute(&Command::Resolve, None);
    view.state().clone()
}

/// Checks a hand's keys of expectation `e` against the hand's state `st`
/// (`rejected`: whether the last line was refused).
fn check(e: &Expect, c: &mut Compare, st: &HandState, rules: &HouseRules, rejected: bool) {
    let to_act = st.to_act;
    c.value("to_act", e.to_act, || to_act.map_or(0, |s| s.number()));
    c.value("street", e.street.as_deref(), || st.street.as_str());
    c.value("current_bet", e.current_bet, || st.current_bet.get());
    c.value("min_raise_to", e.min_raise_to, || {
        st.min_raise_to(rules).get()
    });
    c.value("can_raise", e.can_raise, || {
        to_act.is_some_and(|s| st.can_raise(s, rules))
    });
    c.value(
        "last_action",
        e.last_action.as_deref().map(normalize),
        || {
            st.actions
                .last()
                .map_or("(none)".to_string(), |a| a.to_string())
        },
    );
    c.list(
        "actions",
        e.actions
            .as_ref()
            .map(|v| v.iter().map(|a| normalize(a)).collect::<Vec<_>>()),
        || st.actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
    );
    let ids: Vec<&str> = st.rulings.iter().map(|r| r.id.as_str()).collect();
    c.among("rulings", e.rulings.as_deref(), &ids);
    for quote in e.quotes.iter().flatten() {
        if !st
            .rulings
            .iter()
            .any(|r| r.citation.text.contains(quote.as_str()))
        {
            let citing: Vec<String> = st
                .rulings
                .iter()
                .map(|r| format!("{} {} {}", r.id, r.citation.rulebook, r.citation.rule))
                .collect();
            c.fail(
                "quotes",
                format!("a ruling quoting {quote:?}"),
                format!("rulings citing {citing:?}"),
            );
        }
    }
    c.rejected(e.rejected, rejected);
    c.value("pot", e.pot, || st.pot().get());
    c.text("pots", e.pots.as_deref().map(format_pots), || {
        let pots: Vec<ExpectPot> = st
            .pots()
            .into_iter()
            .map(|p| ExpectPot {
                amount: p.amount.get(),
                eligible: p.eligible.iter().map(|s| s.number()).collect(),
            })
            .collect();
        format_pots(&pots)
    });
    c.each(
        "stacks",
        e.stacks.as_ref(),
        |seat| format!("seat {seat} = "),
        |seat, _| {
            seat_named(seat).map_or("no such seat".to_string(), |s| {
                st.seat(s).stack.get().to_string()
            })
        },
    );
    c.value("show_first", e.show_first, || {
        st.show_first(rules).map_or(0, |s| s.number())
    });
}

fn normalize(action: &str) -> String {
    action
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

fn format_pots(pots: &[ExpectPot]) -> String {
    let parts: Vec<String> = pots
        .iter()
        .map(|p| format!("{{ amount = {}, eligible = {:?} }}", p.amount, p.eligible))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Every `.toml` file under the paths given (folders searched recursively),
/// sorted, so a run is repeatable.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ScenarioError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files).map_err(|error| ScenarioError::Io {
                file: path.display().to_string(),
                error,
            })?;
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "toml") {
            out.push(path);
        }
    }
    Ok(())
}
