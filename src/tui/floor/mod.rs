//! `floorcall floor`: the TD's screen, every table of the tournament at a
//! glance. Each table's hand number, street, pot, players and stacks and
//! the seat to act, a ruling waiting for the floor or a clock called on a
//! player highlighted, a table gone quiet or whose record the floor cannot
//! read marked, a broken table greyed; beside them the level clock,
//! players left, the average and largest stack, the busts and their
//! places, the moves due (proposed, and confirmed but not yet carried out)
//! and the next table to break; hand-for-hand and the tables it waits
//! for; the reader's link to the database and any fork in red. Enter opens
//! a table's hands in the review screen, read from the floor's copy of its
//! journal.
//!
//! The screen talks to the floor through [`FloorDesk`] (the API of
//! `floor::Desk`, which reads the database and writes the floor's
//! records), so it is tested and measured on [`MemoryDesk`], a desk over a
//! pure `tournament::Floor` and journals in memory. What flows: the desk
//! is refreshed (`FloorScreen::tick`), each table's journal is read at a
//! glance (`floor::glance`) when anything changed, and the screen is drawn
//! from those glances and the desk's floor (`render`); a key (`keys`, the
//! only place the screen changes) asks the desk for a decision, and the
//! desk's refusal becomes the message line, never a panic. It runs in
//! `tui::run_screen` like the review: a `KeyScreen` whose `tick` refreshes
//! the desk every `SIGNAL_CHECK`. Its keys are the key map's `[floor]`
//! section, and the keys it names are the live map's.

mod desk;
mod keys;
mod memory;
mod render;

use std::cell::Cell;

pub use memory::MemoryDesk;

pub use crate::floor::ClockAction;
use crate::floor::{ReaderStatus, TableGlance, glance};
use crate::journal::{Loaded, room_table};
use crate::session::{LevelClock, Stage, Structure};
use crate::tournament::room::{self, RoomAudit};
use crate::tournament::{Decide, Floor, Tournament};
use crate::tui::KeyScreen;
use crate::tui::keymap::Keymap;
use crate::tui::review::Review;
use crate::tui::theme::Theme;

/// `level 3 (200/400 ante 50)`, or `the 15-minute break`: a stage of the
/// structure as the TD reads it.
pub fn stage_name(structure: &Structure, stage: usize) -> String {
    match structure.stages.get(stage) {
        Some(Stage::Level { blinds, .. }) => format!(
            "level {} ({})",
            structure.level_number(stage),
            blinds.text()
        ),
        Some(Stage::Break { minutes }) => format!("the {minutes}-minute break"),
        None => format!("stage {}", stage + 1),
    }
}

/// The floor as the TD's screen sees it: a storage running the floor's
/// engine (`Decide`: every step the TD takes is the engine's decision),
/// and what the screen reads of it. `floor::Desk` is the database's;
/// `MemoryDesk` keeps the same records in memory. The screen calls
/// nothing else.
pub trait FloorDesk: Decide {
    /// Takes in what the floor's reader has brought; true if anything
    /// changed.
    fn refresh(&mut self) -> bool;
    /// The tournament as the engine folds the journals and the floor's
    /// records.
    fn tournament(&self) -> &Tournament;
    /// Whether the floor is reading the database.
    fn status(&self) -> ReaderStatus;
    /// Each fork the database recorded: the table (`None`: the floor's own
    /// records) and the record's seq.
    fn forks(&self) -> Vec<(Option<String>, i64)>;
    /// A table's journal as the floor holds it; `None` when it has none
    /// that reads.
    fn journal(&self, table: &str) -> Option<Loaded>;
    /// Why the floor cannot trust or read a table's record now (a row
    /// that does not follow the one before, a record that does not
    /// read), in a sentence; `None` when it can.
    fn table_problem(&self, table: &str) -> Option<String>;
    /// The desk's time, milliseconds since 1970 (the clock is read at it).
    fn now_ms(&self) -> i64;
    /// The tournament across its tables.
    fn floor(&self) -> &Floor {
        self.tournament().floor()
    }
    /// The floor's level clock, once started.
    fn clock(&self) -> Option<&LevelClock> {
        self.tournament().clock()
    }
    /// The tournament's structure (levels and breaks).
    fn structure(&self) -> &Structure {
        self.tournament().structure()
    }
}

/// One table as the screen holds it between refreshes.
#[derive(Debug, Clone, PartialEq)]
pub struct TableView {
    /// The table's name.
    pub name: String,
    /// Its journal at a glance, or why there is none.
    pub glance: Result<TableGlance, String>,
    /// Broken (a `TableBroken` record, or no player left).
    pub broken: bool,
    /// The floor holds no record of it yet: it has not started (not a
    /// record that does not read).
    pub not_started: bool,
}

/// A question the screen asks before it acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Break this table (the next in the breaking order)?
    Break(String),
    /// Cancel which of these players' moves (by its number)?
    Cancel(Vec<String>),
    /// Amend which of these players' moves (by its number)?
    Amend(Vec<String>),
    /// Where this player goes instead: the table and seat typed so far.
    AmendTo(String, String),
    /// A move by hand: the player, table and seat typed so far.
    MoveBy(String),
    /// A late entry: the name and chips typed so far (drawn to a seat).
    Enter(String),
    /// A stack corrected: the player and chips typed so far.
    Correct(String),
    /// The room's money: a floor line typed so far (`entry Zoe`, `deal
    /// icm agreed`).
    Money(String),
    /// A light table's line: the table and its line typed so far (`T3
    /// seat 4 out`).
    KeyLight(String),
}

impl Ask {
    /// What the TD has typed so far (None: a question answered by a key).
    pub fn typed(&self) -> Option<&str> {
        match self {
            Ask::AmendTo(_, typed)
            | Ask::MoveBy(typed)
            | Ask::Enter(typed)
            | Ask::Correct(typed)
            | Ask::Money(typed)
            | Ask::KeyLight(typed) => Some(typed),
            Ask::Break(_) | Ask::Cancel(_) | Ask::Amend(_) => None,
        }
    }
}

/// How a message reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Done.
    Info,
    /// Refused or failed.
    Refusal,
}

/// The TD's floor screen over a desk.
pub struct FloorScreen<D: FloorDesk> {
    desk: D,
    theme: Theme,
    /// The live key map: what each key does, and the keys the screen names.
    keys: Keymap,
    tables: Vec<TableView>,
    selected: usize,
    review: Option<Review>,
    asking: Option<Ask>,
    help: bool,
    message: Option<(Tone, String)>,
    quit: bool,
    now_ms: i64,
    /// The tables per row as last drawn (the arrows move by it).
    columns: Cell<usize>,
    /// The room's chips as last read: the audit `floor verify` makes, or
    /// why it cannot be made (a table's record not to be trusted).
    room: Result<RoomAudit, String>,
    /// Where the room's page is served (`--serve`), said in the header.
    page: Option<String>,
}

impl<D: FloorDesk> FloorScreen<D> {
    /// The screen over `desk`, its tables read at once.
    pub fn new(desk: D, theme: Theme) -> FloorScreen<D> {
        let now_ms = desk.now_ms();
        let mut screen = FloorScreen {
            desk,
            theme,
            keys: Keymap::default(),
            tables: Vec::new(),
            selected: 0,
            review: None,
            asking: None,
            help: false,
            message: None,
            quit: false,
            now_ms,
            columns: Cell::new(1),
            room: Err(String::new()),
            page: None,
        };
        screen.read_tables();
        screen
    }

    /// The screen with the user's key map (the built-in one by default).
    pub fn with_keymap(mut self, keys: Keymap) -> FloorScreen<D> {
        self.keys = keys;
        self
    }

    /// The screen saying, in its header, where the room's page is served
    /// (`page 0.0.0.0:8036`).
    pub fn with_page(mut self, url: String) -> FloorScreen<D> {
        self.page = Some(url);
        self
    }

    /// Reads every table's journal at a glance again.
    fn read_tables(&mut self) {
        let floor = self.desk.floor();
        let broken: Vec<&str> = floor
            .records
            .iter()
            .filter_map(|r| match r {
                crate::tournament::FloorRecord::TableBroken { table } => Some(table.as_str()),
                _ => None,
            })
            .collect();
        let tables: Vec<TableView> = floor
            .tables
            .iter()
            .map(|t| {
                let glance = match (self.desk.table_problem(&t.name), self.desk.journal(&t.name)) {
                    (Some(problem), _) => Err(problem),
                    (None, Some(loaded)) => Ok(glance(&loaded)),
                    (None, None) => Err(format!("The floor holds no record of {} yet.", t.name)),
                };
                let not_started = self.desk.table_problem(&t.name).is_none()
                    && self.desk.journal(&t.name).is_none();
                TableView {
                    not_started,
                    broken: !not_started
                        && (broken.contains(&t.name.as_str()) || t.players().is_empty()),
                    name: t.name.clone(),
                    glance,
                }
            })
            .collect();
        self.tables = tables;
        self.selected = self.selected.min(self.tables.len().saturating_sub(1));
        self.room = self.room_audit();
    }

    /// The room's chips from every table's journal and the floor's
    /// records (`room::audit`, as `floor verify` does); a table whose
    /// record cannot be trusted cannot be counted.
    fn room_audit(&self) -> Result<RoomAudit, String> {
        let floor = self.desk.floor();
        let mut tables = Vec::new();
        for t in &floor.tables {
            if let Some(problem) = self.desk.table_problem(&t.name) {
                return Err(format!("{}'s record cannot be counted: {problem}", t.name));
            }
            if let Some(loaded) = self.desk.journal(&t.name) {
                tables.push(room_table(&t.name, &loaded));
            }
        }
        Ok(room::audit(&floor.records, &tables))
    }

    /// Refreshes the desk and the clock's time: whether the screen must be
    /// drawn again (anything changed, or the clock's second moved on).
    pub fn tick(&mut self) -> bool {
        let changed = self.desk.refresh();
        if changed {
            self.read_tables();
        }
        let now = self.desk.now_ms();
        let second = now.div_euclid(1000) != self.now_ms.div_euclid(1000);
        self.now_ms = now;
        changed || second
    }

    /// The desk.
    pub fn desk(&self) -> &D {
        &self.desk
    }

    /// The desk, to change it (tests: a table plays on, the link drops).
    pub fn desk_mut(&mut self) -> &mut D {
        &mut self.desk
    }

    /// The tables as last read.
    pub fn tables(&self) -> &[TableView] {
        &self.tables
    }

    /// The table selected.
    pub fn selected(&self) -> Option<&TableView> {
        self.tables.get(self.selected)
    }

    /// The review opened from a table, while it is open.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// The question asked, if any.
    pub fn asking(&self) -> Option<&Ask> {
        self.asking.as_ref()
    }

    /// The last message and how it reads.
    pub fn message(&self) -> Option<(Tone, &str)> {
        self.message.as_ref().map(|(t, m)| (*t, m.as_str()))
    }

    /// Whether the TD quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the help is shown.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// A table's glance by name, if its record reads.
    fn glance_of(&self, name: &str) -> Option<&TableGlance> {
        self.tables
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.glance.as_ref().ok())
    }
}

impl<D: FloorDesk> KeyScreen for FloorScreen<D> {
    fn handle_key(&mut self, key: crossterm::event::KeyEvent) {
        FloorScreen::handle_key(self, key);
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    fn tick(&mut self) -> bool {
        FloorScreen::tick(self)
    }
}
