//! The app: everything the screen shows, and `App::update`, the one place
//! that changes it.
//!
//! A key becomes an `Action` by one key-map lookup (`App::handle_key`);
//! `update` turns the action into a command for the `Session`, which
//! decides it, writes it to the journal and folds it, or refuses it. A
//! refusal becomes a sentence on the status line, never a crash.
//!
//! The app draws itself: `Screen` lays the panes out for the terminal's
//! size, and the parts that read the whole app (`StatusPane`, `SessionBar`)
//! or its ruling panel (`RulingPane`) live here with it, so the panes
//! (`tui::panes`) draw from their own data and never see the app.
//!
//! The keying is split by input mode, one file each: `table` (the seat
//! prefix and the action keys), `prompt` (amounts, words, cards and lines
//! being typed), `ruling` (the ruling panel and the floor's choices) and
//! `screens` (setup, resume, help and the quit question); `clocks` keeps
//! the table between hands: its lines, the level clock and the player
//! clock, looked at on every tick of the loop.
//!
//! Keys typed ahead are held, never acted on unseen: after a key is
//! refused, and when a prompt opens by itself (a player's time ran out),
//! the keys that follow in the same burst are not taken (they are named on
//! the status line) until the keyboard has been quiet for
//! `QUIET_POLLS` of the loop's polls, or, after a refusal, until Esc.

mod clocks;
mod link;
mod orders;
mod prompt;
mod ruling;
mod ruling_pane;
mod screen;
mod screens;
mod session_bar;
mod status;
mod table;

pub use clocks::minutes_seconds;
pub use link::{FloorInbox, FloorLink};
pub use prompt::{Prompt, PromptKind};
pub use ruling::{ALWAYS_THE_FLOOR, Choice, RulingPanel, needs_the_floor};
pub use ruling_pane::RulingPane;
pub use screen::{MIN_HEIGHT, MIN_WIDTH, Screen};
pub use session_bar::SessionBar;
pub use status::StatusPane;

use std::collections::BTreeMap;
use std::path::PathBuf;

use crossterm::event::{KeyEvent, KeyEventKind};

use super::keymap::{Action, Key, Keymap, Section};
use super::review::Review;
use super::setup::{SetupForm, TableChoice};
use super::theme::Theme;
use crate::floor::LinkStatus;
use crate::journal::{Journal, JournalHand, Session};
use crate::notation::format_command;
use crate::session::{Structure, Table};
use crate::table::cards::format_cards;
use crate::table::command::Command;
use crate::table::event::{Event, Street};
use crate::table::hand::{Entry, Hand};
use crate::table::state::HandState;
use crate::table::{Chips, Seat};

/// How the app starts: what main found and was told.
#[derive(Debug, Default)]
pub struct AppOptions {
    /// The key map in force.
    pub keymap: Keymap,
    /// Colour or not.
    pub theme: Theme,
    /// The table choice (remembered, with flags laid over).
    pub choice: TableChoice,
    /// Start the first hand at once (flags were given).
    pub start_now: bool,
    /// The journal, opened and checked.
    pub journal: Option<Journal>,
    /// The last hand in the journal, if any.
    pub last_hand: Option<JournalHand>,
    /// The hands of the journal's table before the last, oldest first: the
    /// log scrolls back through them when the table goes on.
    pub earlier: Vec<JournalHand>,
    /// Resume the last hand without asking.
    pub resume: bool,
    /// Where to remember the table choice.
    pub memory: Option<PathBuf>,
    /// The table the journal's records fold to (with its last hand).
    pub table: Option<Table>,
    /// Open a new table (`--new`) rather than continue the journal's.
    pub new_table: bool,
    /// The blind structure the flags give (else the house's levels).
    pub structure: Option<Structure>,
    /// Minutes per level where the house's levels give none.
    pub level_minutes: u32,
    /// Whether a level's change and a player's time running out ring the
    /// terminal's bell.
    pub bell: bool,
    /// The link to the floor (`--floor`), started on the journal: poked
    /// after every change, its state on the status line. None: no floor,
    /// and nothing about one is shown.
    pub link: Option<Box<dyn FloorLink>>,
    /// The floor's records for this table (`--floor`), read by their own
    /// thread: the orders shown and carried out, hand-for-hand and the
    /// clock followed. None: no floor.
    pub inbox: Option<Box<dyn FloorInbox>>,
}

/// What the screen is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Choosing the table.
    Setup,
    /// Asking whether to resume the journal's unfinished hand.
    Resume,
    /// Playing hands.
    Table,
}

/// Something over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The help, scrolled this far.
    Help {
        /// Lines scrolled.
        scroll: u16,
    },
    /// Quit with a hand open?
    ConfirmQuit,
    /// Start a new table instead of resuming the journal's hand? (The
    /// second question: a table is never thrown away by one key.)
    ConfirmNewTable,
}

/// How a status message reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// What was done.
    Info,
    /// Why it was not.
    Refusal,
}

/// A seat number keyed ahead of an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatKey {
    /// A seat with a player: the next action is recorded for it.
    Seat(u8),
    /// A number that is no seat to act for (the table has no such seat, or
    /// no one sits there): held, with its error, until Esc or a valid seat,
    /// so that the next key cannot act for another seat.
    NoSeat(u8),
}

/// What waits for the floor's ruling on an open motion that bound first.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Deferred {
    /// A command, with its line.
    Command(Command, Option<String>),
    /// An action key, for the seat to act once the ruling is settled.
    Key(Action),
}

/// How many of the loop's polls (each `SIGNAL_CHECK`, 100 ms, long) must
/// pass without a key before keys typed ahead are taken again: 300 ms, less
/// than anyone takes to read a refusal and key again, more than the gap
/// between keys typed in one go.
pub const QUIET_POLLS: u8 = 3;

/// How many held keys the status line names (then `…`).
const HELD_KEYS_SAID: usize = 40;

/// Why the keys being typed are held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// A key was refused: the rest of the line typed with it is not taken
    /// (until a pause, or Esc).
    Refused,
    /// A prompt opened by itself: keys typed as it opened were meant for
    /// something else (until a pause).
    Opened,
}

/// Keys typed ahead, held and not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    why: Why,
    /// The status line when the hold began.
    said: Option<Message>,
    /// The keys not taken, as labelled.
    keys: Vec<String>,
}

/// A sentence on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// Its kind.
    pub kind: MessageKind,
}

/// The app.
#[derive(Debug)]
pub struct App {
    keymap: Keymap,
    theme: Theme,
    mode: Mode,
    setup: SetupForm,
    start_now: bool,
    session: Option<Session>,
    journal: Option<Journal>,
    last_hand: Option<JournalHand>,
    memory: Option<PathBuf>,
    seat_key: Option<SeatKey>,
    prompt: Option<Prompt>,
    ruling: Option<RulingPanel>,
    overlay: Option<Overlay>,
    deferred: Option<Deferred>,
    message: Option<Message>,
    /// What opening the journal repaired, said with the first message.
    notice: Option<String>,
    history: Vec<String>,
    /// The terminal's size, once the loop has told it.
    size: Option<(u16, u16)>,
    /// Keys ignored while the terminal is too small.
    ignored: u32,
    /// Keys typed ahead, held since a refusal or a prompt that opened by
    /// itself.
    held: Option<Held>,
    /// The loop's polls without a key since the last key.
    quiet_polls: u8,
    /// Lines the log is scrolled up from its newest line.
    log_scroll: u16,
    /// The hands played before this one in the session, oldest first.
    earlier: Vec<(u32, Hand)>,
    /// The journal's hands before its last, until its table goes on (they
    /// join `earlier`) or a new table starts (they are dropped).
    journal_earlier: Vec<JournalHand>,
    /// What the session lines keyed here did, each with the hand it was
    /// keyed in or after, for the log.
    table_notes: Vec<(u32, String)>,
    /// The review opened from the table (keys go to it until Esc).
    review: Option<Review>,
    /// The journal's table, until it is continued or resumed.
    table: Option<Table>,
    new_table: bool,
    structure: Option<Structure>,
    level_minutes: u32,
    /// The bell is on, and one is due at the next draw.
    bell: bool,
    bell_due: bool,
    /// `n` was pressed once during a break: pressed again, it deals.
    deal_on_break: bool,
    /// The clocks as last shown: the level clock's stage and the second.
    clocks_seen: Option<(Option<usize>, i64)>,
    /// The link to the floor, and its state as last shown.
    link: Option<Box<dyn FloorLink>>,
    link_seen: Option<LinkStatus>,
    /// The floor's inbox, and its records and orders as last read.
    inbox: Option<Box<dyn FloorInbox>>,
    floor: orders::FloorSeen,
    quit: bool,
}

impl App {
    /// The app as main starts it: the resume question, the setup screen, or
    /// the first hand at once.
    pub fn new(options: AppOptions) -> App {
        let unfinished = options
            .last_hand
            .as_ref()
            .is_some_and(JournalHand::is_unfinished);
        let notice = options
            .journal
            .as_ref()
            .and_then(|j| j.repaired().map(str::to_string));
        let mut app = App {
            keymap: options.keymap,
            theme: options.theme,
            mode: Mode::Setup,
            setup: SetupForm::new(options.choice),
            start_now: options.start_now,
            session: None,
            journal: options.journal,
            last_hand: options.last_hand,
            memory: options.memory,
            seat_key: None,
            prompt: None,
            ruling: None,
            overlay: None,
            deferred: None,
            message: None,
            notice,
            history: Vec::new(),
            size: None,
            ignored: 0,
            held: None,
            quiet_polls: 0,
            review: None,
            log_scroll: 0,
            earlier: Vec::new(),
            journal_earlier: options.earlier,
            table_notes: Vec::new(),
            table: options.table,
            new_table: options.new_table,
            structure: options.structure,
            level_minutes: options.level_minutes.max(1),
            bell: options.bell,
            bell_due: false,
            deal_on_break: false,
            clocks_seen: None,
            link_seen: options.link.as_ref().map(|l| l.status()),
            link: options.link,
            inbox: options.inbox,
            floor: orders::FloorSeen::default(),
            quit: false,
        };
        if app.last_hand.is_some() && options.resume {
            app.resume();
        } else if unfinished {
            app.mode = Mode::Resume;
        } else if app.last_hand.is_some() && !app.new_table {
            app.continue_table();
        } else if app.start_now {
            app.start_table();
        }
        app
    }

    /// Takes the journal's earlier hands into the log, once the journal's
    /// table goes on (resumed, or between hands).
    fn keep_earlier(&mut self) {
        let hands = std::mem::take(&mut self.journal_earlier);
        let Some(session) = &self.session else { return };
        // The log reads only the entries: the rules in force serve for all.
        let rules = std::sync::Arc::new(session.hand().rules().clone());
        self.earlier = hands
            .into_iter()
            .map(|h| {
                (
                    h.header.number,
                    Hand::from_entries(h.entries, rules.clone()),
                )
            })
            .collect();
    }

    /// An app already at the table with this session (tests, benchmarks).
    pub fn with_session(session: Session, keymap: Keymap, theme: Theme) -> App {
        let mut app = App::new(AppOptions {
            keymap,
            theme,
            ..AppOptions::default()
        });
        app.session = Some(session);
        app.mode = Mode::Table;
        app.open_ruling(0);
        app
    }

    // ----- what the panes read -----

    /// The key map in force.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Colour or not.
    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// The screen's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The setup form.
    pub fn setup(&self) -> &SetupForm {
        &self.setup
    }

    /// The session, once a hand has started.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The hand's state, once a hand has started.
    pub fn state(&self) -> Option<&HandState> {
        self.session.as_ref().map(Session::state)
    }

    /// The last hand of the journal (what resume would take up).
    pub fn last_hand(&self) -> Option<&JournalHand> {
        self.last_hand.as_ref()
    }

    /// Player names by seat number.
    pub fn names(&self) -> Option<&BTreeMap<u8, String>> {
        self.session.as_ref().map(|s| &s.header().names)
    }

    /// The seat keyed ahead of an action (a seat with a player).
    pub fn seat_prefix(&self) -> Option<u8> {
        match self.seat_key {
            Some(SeatKey::Seat(n)) => Some(n),
            _ => None,
        }
    }

    /// The number keyed ahead of an action, valid or held with its error.
    pub fn seat_key(&self) -> Option<SeatKey> {
        self.seat_key
    }

    /// Whether the terminal is below the size the screen is drawn in: then
    /// every key but quit is ignored.
    pub fn too_small(&self) -> bool {
        self.size
            .is_some_and(|(w, h)| w < MIN_WIDTH || h < MIN_HEIGHT)
    }

    /// Keys ignored since the terminal became too small.
    pub fn ignored_keys(&self) -> u32 {
        self.ignored
    }

    /// Lines the log is scrolled up from its newest line (0: following).
    pub fn log_scroll(&self) -> u16 {
        self.log_scroll
    }

    /// The hands played before this one in the session, oldest first, with
    /// their numbers.
    pub fn earlier_hands(&self) -> &[(u32, Hand)] {
        &self.earlier
    }

    /// What the session lines keyed at this screen did (a player seated or
    /// leaving, hand-for-hand ...), each with its hand's number: the log
    /// shows them after that hand, as `replay` does.
    pub fn table_notes(&self) -> &[(u32, String)] {
        &self.table_notes
    }

    /// What is being typed.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// The review opened from the table, while it is open.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// The ruling waiting for the dealer.
    pub fn ruling(&self) -> Option<&RulingPanel> {
        self.ruling.as_ref()
    }

    /// What is over the screen.
    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    /// The status message.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Whether the app is done.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The key-map section that reads the next key.
    pub fn section(&self) -> Section {
        match (self.overlay, self.mode) {
            (Some(Overlay::Help { .. }), _) => Section::Help,
            (Some(Overlay::ConfirmQuit | Overlay::ConfirmNewTable), _) | (None, Mode::Resume) => {
                Section::Confirm
            }
            (None, Mode::Setup) => Section::Setup,
            (None, Mode::Table) if self.prompt.is_some() => Section::Prompt,
            (None, Mode::Table) if self.ruling.is_some() => Section::Ruling,
            (None, Mode::Table) => Section::Table,
        }
    }

    /// A display name for a seat: `Seat 4 (Dana)`.
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.names().and_then(|n| n.get(&seat.number())) {
            Some(name) => format!("Seat {} ({name})", seat.number()),
            None => format!("Seat {}", seat.number()),
        }
    }

    /// The seat a key acts for: the seat keyed first, else the seat to act
    /// (while a motion is open, the seat whose motion it is), else (at
    /// showdown) the next to table. None while a number that is no seat is
    /// held.
    pub fn focus_seat(&self) -> Option<Seat> {
        match self.seat_key {
            Some(SeatKey::Seat(n)) => return Seat::new(n),
            Some(SeatKey::NoSeat(_)) => return None,
            None => {}
        }
        let session = self.session.as_ref()?;
        let st = session.state();
        if let Some(p) = &st.pending {
            return Some(p.seat);
        }
        if let Some(s) = st.to_act {
            return Some(s);
        }
        if st.street == Street::Showdown {
            let first = st.show_first(session.hand().rules())?;
            return std::iter::once(first)
                .chain(first.clockwise_after())
                .find(|s| st.seat(*s).live() && !st.seat(*s).shown);
        }
        None
    }

    // ----- input -----

    /// Reads one key: one key-map lookup, then `update`. While the
    /// terminal is too small to show the screen, only quit (and its
    /// question) is taken; every other key is counted and ignored.
    pub fn handle_key(&mut self, event: KeyEvent) {
        if event.kind == KeyEventKind::Release {
            return;
        }
        if let Some(review) = self.review.as_mut() {
            review.handle_key(event);
            if review.should_quit() {
                self.review = None;
            }
            return;
        }
        let action = self.keymap.action(self.section(), &event);
        if self.too_small() {
            let quit = action == Some(Action::Quit)
                || self.keymap.action(Section::Table, &event) == Some(Action::Quit);
            let answer = self.overlay == Some(Overlay::ConfirmQuit)
                && matches!(action, Some(Action::Yes | Action::No | Action::Cancel));
            if answer {
                self.update_confirm(action.unwrap_or(Action::No));
            } else if quit {
                self.ask_quit();
            } else {
                self.ignored = self.ignored.saturating_add(1);
            }
            return;
        }
        self.quiet_polls = 0;
        if let Some(held) = self.held.as_mut() {
            // Esc is read as the answer to a refusal: it ends the hold (and
            // clears what it clears). Every other key is typed ahead.
            if held.why == Why::Refused && action == Some(Action::Cancel) {
                self.held = None;
            } else {
                // A key held down repeats: the list says where it stops.
                if let Some(key) = Key::from_event(&event)
                    && held.keys.len() < HELD_KEYS_SAID
                {
                    held.keys.push(key.label());
                } else if held.keys.len() == HELD_KEYS_SAID {
                    held.keys.push("…".into());
                }
                self.say_held();
                return;
            }
        }
        let Some(action) = action else {
            return;
        };
        let section = self.section();
        self.update(action);
        // A refused key: the keys typed with it are held, so that what was
        // meant for the refused prompt or seat cannot act on another (`d
        // AhKh7c` while betting is open must not open the hole cards on
        // `h`). What is typed into a prompt or the setup form stays there.
        let refused = self
            .message
            .as_ref()
            .is_some_and(|m| m.kind == MessageKind::Refusal);
        // A question (resume, quit) holds nothing: its keys only answer it.
        if refused && !matches!(section, Section::Prompt | Section::Setup | Section::Confirm) {
            self.hold(Why::Refused);
        }
    }

    /// Starts holding the keys typed ahead.
    fn hold(&mut self, why: Why) {
        self.held = Some(Held {
            why,
            said: self.message.clone(),
            keys: Vec::new(),
        });
        self.quiet_polls = 0;
    }

    /// The status line while keys are held: what was said, and the keys
    /// not taken.
    fn say_held(&mut self) {
        let Some(held) = &self.held else { return };
        // Typed characters run together, named keys stand apart: `AhKh7c
        // Enter`.
        let mut keys = String::new();
        for key in &held.keys {
            if key.chars().count() == 1 {
                keys.push_str(key);
            } else {
                if !keys.is_empty() && !keys.ends_with(' ') {
                    keys.push(' ');
                }
                keys.push_str(key);
                keys.push(' ');
            }
        }
        let keys = keys.trim_end();
        let when = match held.why {
            Why::Refused => "typed after it",
            Why::Opened => "typed as it opened",
        };
        let said = held.said.clone().unwrap_or(Message {
            text: String::new(),
            kind: MessageKind::Refusal,
        });
        self.message = Some(Message {
            text: format!("{} Not taken, {when}: {keys}.", said.text)
                .trim_start()
                .to_string(),
            kind: said.kind,
        });
    }

    /// Whether keys typed now are held (not taken) after a refusal or a
    /// prompt that opened by itself.
    pub fn holds_keys(&self) -> bool {
        self.held.is_some()
    }

    /// One of the loop's polls went by without a key: after `QUIET_POLLS`
    /// of them, keys are taken again. Returns whether the screen changed.
    pub fn quiet(&mut self) -> bool {
        self.quiet_polls = self.quiet_polls.saturating_add(1);
        if self.quiet_polls >= QUIET_POLLS && self.held.is_some() {
            self.held = None;
            return true;
        }
        false
    }

    /// The terminal's new size (the loop tells it at the start and on every
    /// resize).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = Some((width, height));
        if !self.too_small() {
            self.ignored = 0;
        }
    }

    /// The terminal's size, once told.
    pub fn size(&self) -> Option<(u16, u16)> {
        self.size
    }

    /// The one place the app changes.
    pub fn update(&mut self, action: Action) {
        self.message = None;
        match self.section() {
            Section::Help => self.update_help(action),
            Section::Confirm => self.update_confirm(action),
            Section::Setup => self.update_setup(action),
            Section::Prompt => self.update_prompt(action),
            Section::Ruling => self.update_ruling(action),
            Section::Table => self.update_table(action),
            // Other screens' sections: the table screen is never in them.
            Section::Floor | Section::Review | Section::ReviewHand | Section::Practice => {}
        }
        self.poke_link();
        self.look_at_floor();
    }

    /// Tells the link to the floor that the journal may have new records
    /// (each is on disk before this), and takes its state for the status
    /// line. Never waits on the link. Returns whether the state changed.
    pub(super) fn poke_link(&mut self) -> bool {
        let Some(link) = &self.link else {
            return false;
        };
        link.poke();
        let now = link.status();
        let changed = self.link_seen.as_ref() != Some(&now);
        self.link_seen = Some(now);
        changed
    }

    /// The link to the floor's state as last looked at (None: no floor).
    pub fn link_status(&self) -> Option<&LinkStatus> {
        self.link_seen.as_ref()
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        let text = match self.notice.take() {
            Some(notice) => format!("{notice} {}", text.into()),
            None => text.into(),
        };
        self.message = Some(Message {
            text,
            kind: MessageKind::Info,
        });
    }

    pub(super) fn refuse(&mut self, text: impl ToString) {
        self.message = Some(Message {
            text: text.to_string(),
            kind: MessageKind::Refusal,
        });
    }

    pub(super) fn hint(&self, section: Section, action: Action) -> String {
        self.keymap.key_label(section, action)
    }

    /// Sends a command to the session. A seat's open motion binds first, as
    /// its own entry, when the command concerns another seat or the dealer;
    /// if the floor has a choice on it, the command waits for that. Returns
    /// whether the command was taken (or is waiting).
    pub(super) fn submit(&mut self, command: Command, line: Option<String>) -> bool {
        let Some(session) = self.session.as_ref() else {
            return false;
        };
        let line = line.or_else(|| format_command(&command));
        let mut bound_first = None;
        if let Some(pending) = &session.state().pending
            && command.seat() != Some(pending.seat)
            && command != Command::Resolve
        {
            match self.close_open_motion() {
                table::Closed::Nothing => {}
                table::Closed::Bound(text) => bound_first = Some(text),
                table::Closed::Refused => return false,
                table::Closed::Floor => {
                    let waiting = line.clone().unwrap_or_default();
                    self.deferred = Some(Deferred::Command(command, line));
                    if let Some(m) = self.message.as_mut() {
                        m.text.push_str(&format!(
                            " The floor has a choice to make first; \"{waiting}\" follows once it is settled."
                        ));
                    }
                    return true;
                }
            }
        }
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        match session.execute(&command, line) {
            Ok(seq) => {
                self.seat_key = None;
                let summary = self.summary(seq);
                self.info(match bound_first {
                    Some(first) => format!("{first} {summary}"),
                    None => summary,
                });
                self.open_ruling(seq);
                true
            }
            Err(e) => {
                self.refuse(e);
                false
            }
        }
    }

    /// A sentence for what an entry did.
    pub(super) fn summary(&self, seq: u32) -> String {
        let Some(entry) = self.entry(seq) else {
            return String::new();
        };
        let mut parts: Vec<String> = Vec::new();
        let mut physical = false;
        let mut winnings: BTreeMap<Seat, Chips> = BTreeMap::new();
        for event in &entry.events {
            match event {
                Event::ActionBound { action, .. } => parts.push(action.to_string()),
                Event::StreetDealt { street, cards } => {
                    parts.push(format!("{street} {}", format_cards(cards)))
                }
                Event::HoleCards { seat, cards } => {
                    parts.push(format!("{seat} hole {}", format_cards(cards)))
                }
                Event::HandShown { seat, cards } => {
                    parts.push(format!("{seat} shows {}", format_cards(cards)))
                }
                Event::HandDiscarded { seat } => parts.push(format!("{seat} discards")),
                Event::BetReturned { seat, amount } => {
                    parts.push(format!("{amount} goes back to {seat}"))
                }
                Event::PotsAwarded { awards } => {
                    for award in awards {
                        for (seat, share) in &award.shares {
                            *winnings.entry(*seat).or_default() += *share;
                        }
                    }
                }
                Event::Declared { .. }
                | Event::ChipsPushed { .. }
                | Event::Tapped { .. }
                | Event::Mucked { .. } => physical = true,
                _ => {}
            }
        }
        for (seat, won) in winnings {
            parts.push(format!("{seat} wins {won}"));
        }
        if parts.is_empty() && physical {
            let line = entry.line.clone().unwrap_or_default();
            return format!("Recorded \"{line}\": the motion is open.");
        }
        if parts.is_empty() {
            return format!("Recorded: {}.", entry.line.clone().unwrap_or_default());
        }
        format!("Recorded: {}.", parts.join("; "))
    }

    pub(super) fn entry(&self, seq: u32) -> Option<&Entry> {
        self.session.as_ref()?.hand().entries().get(seq as usize)
    }
}
