//! The app: everything the screen shows, and `App::update`, the one place
//! that changes it.
//!
//! A key becomes an `Action` by one key-map lookup (`App::handle_key`);
//! `update` turns the action into a command for the `Session`, which
//! decides it, writes it to the journal and folds it, or refuses it. A
//! refusal becomes a sentence on the status line, never a crash. The panes
//! render from `&App` and change nothing.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crossterm::event::{KeyEvent, KeyEventKind};

use super::keymap::{Action, Keymap, Section};
use super::setup::{SetupForm, TableChoice};
use super::theme::Theme;
use crate::journal::{Journal, JournalHand, Session, SessionError};
use crate::notation::{format_command, parse_line};
use crate::rules::{Ruling, RulingId};
use crate::table::cards::format_cards;
use crate::table::command::{Command, Intent, Refusal};
use crate::table::event::{Action as Bound, Event, Street};
use crate::table::hand::Entry;
use crate::table::state::HandState;
use crate::table::{Card, Chips, Seat, decide};

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
    /// Resume the last hand without asking.
    pub resume: bool,
    /// Where to remember the table choice.
    pub memory: Option<PathBuf>,
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

/// What is being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptKind {
    /// A bet (`raise: false`) or raise-to amount.
    Amount {
        /// Who.
        seat: Seat,
        /// Raise rather than bet.
        raise: bool,
    },
    /// Words said.
    Say(Seat),
    /// Chips pushed.
    Push(Seat),
    /// A second motion.
    Motion(Seat),
    /// Hole cards.
    Hole(Seat),
    /// Cards tabled.
    Show(Seat),
    /// Board cards for this street.
    Deal(Street),
    /// An irregularity for the floor.
    Floor,
    /// A table-notation line; with `override_of`, the floor's line that
    /// replaces that entry.
    Line {
        /// The entry the line replaces.
        override_of: Option<u32>,
    },
}

/// A line being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// What it is for.
    pub kind: PromptKind,
    /// What has been typed.
    pub text: String,
    /// The text was filled in (the first key typed replaces it).
    pub prefilled: bool,
    history_at: Option<usize>,
}

impl Prompt {
    fn new(kind: PromptKind) -> Prompt {
        Prompt {
            kind,
            text: String::new(),
            prefilled: false,
            history_at: None,
        }
    }

    /// What the prompt asks, as shown before the text.
    pub fn label(&self) -> String {
        match &self.kind {
            PromptKind::Amount { seat, raise: true } => format!("Seat {} raises to", seat.number()),
            PromptKind::Amount { seat, raise: false } => format!("Seat {} bets", seat.number()),
            PromptKind::Say(seat) => format!("Seat {} says", seat.number()),
            PromptKind::Push(seat) => format!("Seat {} pushes", seat.number()),
            PromptKind::Motion(seat) => format!("Seat {}'s second motion", seat.number()),
            PromptKind::Hole(seat) => format!("Seat {}'s hole cards", seat.number()),
            PromptKind::Show(seat) => format!("Seat {} shows", seat.number()),
            PromptKind::Deal(street) => {
                let s = street.as_str();
                let mut c = s.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            }
            PromptKind::Floor => "Floor".into(),
            PromptKind::Line { override_of: None } => ":".into(),
            PromptKind::Line {
                override_of: Some(_),
            } => "The floor's line".into(),
        }
    }

    /// A hint of what to type.
    pub fn help(&self) -> &'static str {
        match &self.kind {
            PromptKind::Amount { .. } => "the street total in whole chips",
            PromptKind::Say(_) => "call, check, fold, bet, raise, allin, pot, 1400, raise 8000",
            PromptKind::Push(_) | PromptKind::Motion(_) => "1400, or chips: 1000x2+100x3",
            PromptKind::Hole(_) => "two cards: AhKd",
            PromptKind::Show(_) => "two cards, or nothing for the recorded ones",
            PromptKind::Deal(Street::Flop) => "three cards: AsKd7c",
            PromptKind::Deal(_) => "one card: 9s",
            PromptKind::Floor => {
                "misdeal, exposed-card, boxed-card, four-card-flop, premature-card, clock"
            }
            PromptKind::Line { .. } => "a table-notation line: s3 raise 1200, flop AsKd7c ...",
        }
    }
}

/// One of the floor's other rulings for an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The command that records it.
    pub command: Command,
    /// Its normalized line.
    pub label: String,
    /// Whether it replaces the ruled entry (another reading of the same
    /// moment) or follows it (the floor's ruling on what it left open).
    pub replaces: bool,
}

/// Rulings suggested by an entry, waiting for the dealer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulingPanel {
    /// The entry that suggested them.
    pub seq: u32,
    /// What the entry was, as entered.
    pub input: String,
    /// The rulings, with their sentences and citations.
    pub rulings: Vec<Ruling>,
    /// The floor's other rulings, once asked for.
    pub choices: Option<Vec<Choice>>,
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
}

/// How a status message reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// What was done.
    Info,
    /// Why it was not.
    Refusal,
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
    seat_prefix: Option<u8>,
    prompt: Option<Prompt>,
    ruling: Option<RulingPanel>,
    overlay: Option<Overlay>,
    deferred: Option<(Command, Option<String>)>,
    message: Option<Message>,
    /// What opening the journal repaired, said with the first message.
    notice: Option<String>,
    history: Vec<String>,
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
            seat_prefix: None,
            prompt: None,
            ruling: None,
            overlay: None,
            deferred: None,
            message: None,
            notice,
            history: Vec::new(),
            quit: false,
        };
        if app.last_hand.is_some() && options.resume {
            app.resume();
        } else if unfinished {
            app.mode = Mode::Resume;
        } else if app.start_now {
            app.start_table();
        }
        app
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

    /// The seat number keyed ahead of an action.
    pub fn seat_prefix(&self) -> Option<u8> {
        self.seat_prefix
    }

    /// What is being typed.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
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
            (Some(Overlay::ConfirmQuit), _) | (None, Mode::Resume) => Section::Confirm,
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

    /// The seat a key acts for: the seat keyed first, else the open motion's
    /// seat, else the seat to act, else (at showdown) the next to table.
    pub fn focus_seat(&self) -> Option<Seat> {
        if let Some(n) = self.seat_prefix {
            return Seat::new(n);
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

    /// Reads one key: one key-map lookup, then `update`.
    pub fn handle_key(&mut self, event: KeyEvent) {
        if event.kind == KeyEventKind::Release {
            return;
        }
        if let Some(action) = self.keymap.action(self.section(), &event) {
            self.update(action);
        }
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
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        let text = match self.notice.take() {
            Some(notice) => format!("{notice} {}", text.into()),
            None => text.into(),
        };
        self.message = Some(Message {
            text,
            kind: MessageKind::Info,
        });
    }

    fn refuse(&mut self, text: impl ToString) {
        self.message = Some(Message {
            text: text.to_string(),
            kind: MessageKind::Refusal,
        });
    }

    fn hint(&self, section: Section, action: Action) -> String {
        self.keymap.key_label(section, action)
    }

    fn update_help(&mut self, action: Action) {
        let Some(Overlay::Help { scroll }) = self.overlay else {
            return;
        };
        let scroll = match action {
            Action::Cancel | Action::Help => {
                self.overlay = None;
                return;
            }
            Action::ScrollUp => scroll.saturating_sub(1),
            Action::ScrollDown => scroll.saturating_add(1),
            Action::PageUp => scroll.saturating_sub(10),
            Action::PageDown => scroll.saturating_add(10),
            _ => scroll,
        };
        self.overlay = Some(Overlay::Help {
            scroll: scroll.min(500),
        });
    }

    fn update_confirm(&mut self, action: Action) {
        let yes = match action {
            Action::Yes => true,
            Action::No | Action::Cancel => false,
            _ => return,
        };
        if self.overlay == Some(Overlay::ConfirmQuit) {
            self.overlay = None;
            self.quit = yes;
            return;
        }
        if yes {
            self.resume();
        } else if self.start_now {
            self.start_table();
        } else {
            self.mode = Mode::Setup;
        }
    }

    fn update_setup(&mut self, action: Action) {
        match action {
            Action::Input(c) => self.setup.input(c),
            Action::DeleteBack => self.setup.delete_back(),
            Action::NextField => self.setup.move_focus(1),
            Action::PrevField => self.setup.move_focus(-1),
            Action::ChooseNext => self.setup.choose(1),
            Action::ChoosePrev => self.setup.choose(-1),
            Action::Start => self.start_table(),
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    fn start_table(&mut self) {
        let number = self.last_hand.as_ref().map_or(1, |h| h.header.number + 1);
        let (header, rules) = match self.setup.choice.header(number) {
            Ok(ok) => ok,
            Err(e) => {
                self.setup.error = Some(e);
                self.mode = Mode::Setup;
                return;
            }
        };
        match Session::start(header, rules, &mut self.journal) {
            Ok(session) => {
                if let Some(path) = &self.memory {
                    // Remembering the table is a convenience: failing to is
                    // not worth stopping the game for.
                    let _ = self.setup.choice.remember(path);
                }
                self.info(format!(
                    "Hand {} started: the button is on seat {}.",
                    session.header().number,
                    session.header().setup.button.number()
                ));
                self.session = Some(session);
                self.last_hand = None;
                self.mode = Mode::Table;
                self.open_ruling(0);
            }
            Err(e) => {
                self.setup.error = Some(e.to_string());
                self.mode = Mode::Setup;
            }
        }
    }

    fn resume(&mut self) {
        let Some(hand) = self.last_hand.take() else {
            self.mode = Mode::Setup;
            return;
        };
        // The rules the journal embeds, when it does: the hand goes on under
        // what the dealer had, whatever became of the house file since.
        let rules = match hand.recorded_rules() {
            Some(recorded) => recorded,
            None => crate::tui::load_house(&hand.header.house).map_err(|e| e.to_string()),
        };
        match rules {
            Ok(rules) => {
                let (number, entries) = (hand.header.number, hand.entries.len());
                self.session = Some(Session::resume(hand, rules, self.journal.take()));
                self.mode = Mode::Table;
                self.info(format!(
                    "Hand {number} resumed from the journal ({entries} entries)."
                ));
                // A ruling may have been waiting when the session stopped:
                // ask again unless the journal records its acceptance.
                let waiting = self.session.as_ref().and_then(|session| {
                    let hand = session.hand();
                    let last = hand.entries().last().filter(|e| !e.is_acceptance())?.seq;
                    (!hand.rulings_accepted(last)).then_some(last)
                });
                if let Some(last) = waiting {
                    self.open_ruling(last);
                }
            }
            Err(e) => {
                self.setup.error = Some(format!("The journal's hand cannot be resumed: {e}"));
                self.mode = Mode::Setup;
            }
        }
    }

    fn update_table(&mut self, action: Action) {
        if self.session.is_none() {
            return;
        }
        match action {
            Action::Number(n) => self.key_seat(n),
            Action::Cancel => self.seat_prefix = None,
            Action::Fold => self.act(Intent::Fold),
            Action::Check => self.act(Intent::Check),
            Action::Call => self.act(Intent::Call(None)),
            Action::AllIn => self.act(Intent::AllIn),
            Action::Bet => self.open_amount(false),
            Action::Raise => self.open_amount(true),
            Action::Say => self.open_for_seat(PromptKind::Say),
            Action::Push => self.open_for_seat(PromptKind::Push),
            Action::Motion => match self.state().and_then(|s| s.pending.as_ref()) {
                Some(p) => {
                    let seat = p.seat;
                    self.seat_prefix = None;
                    self.prompt = Some(Prompt::new(PromptKind::Motion(seat)));
                }
                None => {
                    let push = self.hint(Section::Table, Action::Push);
                    self.refuse(format!(
                        "No motion is open: {push} records chips pushed, and a second motion follows it."
                    ))
                }
            },
            Action::Tap => {
                if let Some(seat) = self.seat_for_action() {
                    self.submit(Command::Tap { seat }, None);
                }
            }
            Action::Muck => {
                if let Some(seat) = self.seat_for_action() {
                    self.submit(Command::Muck { seat }, None);
                }
            }
            Action::Hole => self.open_for_seat(PromptKind::Hole),
            Action::Show => self.open_for_seat(PromptKind::Show),
            Action::Deal => self.open_deal(),
            Action::Floor => self.prompt = Some(Prompt::new(PromptKind::Floor)),
            Action::CloseMotion => {
                if self.state().is_some_and(|s| s.pending.is_some()) {
                    let seat = self
                        .state()
                        .and_then(|s| s.pending.as_ref())
                        .map(|p| p.seat);
                    let closing = seat.map(|s| format!("# {s}'s motion binds"));
                    self.submit(Command::Resolve, closing);
                } else {
                    self.refuse(
                        "No motion is open: Enter binds a seat's words or chips once its hands are back.",
                    );
                }
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::CommandBar => {
                self.prompt = Some(Prompt::new(PromptKind::Line { override_of: None }))
            }
            Action::NextHand => self.next_hand(),
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Quit => self.ask_quit(),
            _ => {}
        }
    }

    fn key_seat(&mut self, n: u8) {
        let seats = self.session.as_ref().map_or(10, |s| s.header().seats);
        let n = match (self.seat_prefix, n) {
            (Some(1), 10) => 10,
            (_, n) => n,
        };
        if n > seats {
            self.seat_prefix = None;
            self.refuse(format!(
                "There is no seat {n}: this table has seats 1 to {seats}."
            ));
            return;
        }
        self.seat_prefix = Some(n);
    }

    fn ask_quit(&mut self) {
        if self.session.as_ref().is_some_and(Session::hand_open) {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.quit = true;
        }
    }

    /// The seat an action is for (the seat keyed first is used up).
    fn seat_for_action(&mut self) -> Option<Seat> {
        let seat = self.focus_seat();
        if seat.is_none() {
            self.refuse("No seat is to act: key the seat's number first (1-9, 0 for seat 10).");
        }
        seat
    }

    fn act(&mut self, intent: Intent) {
        if let Some(seat) = self.seat_for_action() {
            self.submit(
                Command::Act {
                    seat,
                    intent,
                    all_in: false,
                },
                None,
            );
        }
    }

    fn open_for_seat(&mut self, kind: fn(Seat) -> PromptKind) {
        if let Some(seat) = self.seat_for_action() {
            self.seat_prefix = None;
            self.prompt = Some(Prompt::new(kind(seat)));
        }
    }

    fn open_amount(&mut self, raise: bool) {
        let Some(seat) = self.seat_for_action() else {
            return;
        };
        let Some(session) = &self.session else { return };
        let st = session.state();
        let min = st.min_raise_to(session.hand().rules());
        let prefill = min.min(st.seat(seat).max_to());
        self.seat_prefix = None;
        self.prompt = Some(Prompt {
            text: prefill.get().to_string(),
            prefilled: true,
            ..Prompt::new(PromptKind::Amount { seat, raise })
        });
    }

    fn open_deal(&mut self) {
        let Some(st) = self.state() else { return };
        let refusal = match (st.street.next_board(), st.to_act) {
            (None, _) => Some(Refusal::NoMoreCards(st.street)),
            (Some(_), Some(to_act)) => Some(Refusal::BettingOpen {
                street: st.street,
                to_act: to_act.number(),
            }),
            (Some(street), None) => {
                self.seat_prefix = None;
                self.prompt = Some(Prompt::new(PromptKind::Deal(street)));
                None
            }
        };
        if let Some(r) = refusal {
            self.refuse(r);
        }
    }

    /// Sends a command to the session. A seat's open motion binds first, as
    /// its own entry, when the command concerns another seat or the dealer;
    /// if that needs a ruling, the command waits for it. Returns whether the
    /// command was taken (or is waiting).
    fn submit(&mut self, command: Command, line: Option<String>) -> bool {
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let line = line.or_else(|| format_command(&command));
        if let Some(pending) = &session.state().pending
            && command.seat() != Some(pending.seat)
            && command != Command::Resolve
        {
            let closing = Some(format!("# {}'s motion binds", pending.seat));
            match session.execute(&Command::Resolve, closing) {
                Ok(seq) => {
                    if self.open_ruling(seq) {
                        let waiting = line.clone().unwrap_or_default();
                        self.deferred = Some((command, line));
                        self.info(format!(
                            "The open motion bound first and needs a ruling; \"{waiting}\" follows once it is settled."
                        ));
                        return true;
                    }
                }
                Err(e) => {
                    self.refuse(e);
                    return false;
                }
            }
        }
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        match session.execute(&command, line) {
            Ok(seq) => {
                self.seat_prefix = None;
                let summary = self.summary(seq);
                self.info(summary);
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
    fn summary(&self, seq: u32) -> String {
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
            return format!(
                "Recorded \"{line}\": the motion is open. {} binds it; {} is a second motion.",
                self.hint(Section::Table, Action::CloseMotion),
                self.hint(Section::Table, Action::Motion)
            );
        }
        if parts.is_empty() {
            return format!("Recorded: {}.", entry.line.clone().unwrap_or_default());
        }
        format!("Recorded: {}.", parts.join("; "))
    }

    fn entry(&self, seq: u32) -> Option<&Entry> {
        self.session.as_ref()?.hand().entries().get(seq as usize)
    }

    /// Opens the ruling panel when the entry suggested rulings.
    fn open_ruling(&mut self, seq: u32) -> bool {
        let Some(entry) = self.entry(seq) else {
            return false;
        };
        let rulings: Vec<Ruling> = entry
            .events
            .iter()
            .filter_map(|e| match e {
                Event::RulingSuggested { ruling } => Some(ruling.clone()),
                _ => None,
            })
            .collect();
        if rulings.is_empty() {
            return false;
        }
        if !rulings.iter().any(|r| needs_the_dealer(r.id)) {
            // Rulings the rules settle by themselves are told, not asked.
            let told: Vec<String> = rulings
                .iter()
                .map(|r| format!("§ {}: {}", r.id, r.text))
                .collect();
            match self.message.as_mut() {
                Some(m) if m.kind == MessageKind::Info => {
                    m.text.push(' ');
                    m.text.push_str(&told.join(" "));
                }
                _ => self.info(told.join(" ")),
            }
            return false;
        }
        let input = entry_input(self.session.as_ref().map(|s| s.hand().entries()), entry);
        self.ruling = Some(RulingPanel {
            seq,
            input,
            rulings,
            choices: None,
        });
        true
    }

    fn run_deferred(&mut self) {
        if let Some((command, line)) = self.deferred.take() {
            self.submit(command, line);
        }
    }

    fn update_ruling(&mut self, action: Action) {
        let Some(panel) = self.ruling.clone() else {
            return;
        };
        match action {
            Action::Accept => {
                // The acceptance is on the disk before the screen says so.
                let accepted = match self.session.as_mut() {
                    Some(session) => session.accept_rulings(panel.seq),
                    None => return,
                };
                if let Err(e) = accepted {
                    self.refuse(format!("The acceptance could not be recorded: {e}"));
                    return;
                }
                self.ruling = None;
                let ids: Vec<&str> = panel.rulings.iter().map(|r| r.id.as_str()).collect();
                self.info(format!("Ruling accepted: {}.", ids.join(", ")));
                self.run_deferred();
            }
            Action::Override => {
                let choices = self.override_choices(panel.seq);
                if choices.is_empty() {
                    let colon = self.hint(Section::Ruling, Action::CommandBar);
                    self.refuse(format!(
                        "There is no other reading of this entry to choose: {colon} lets the floor key the line it rules."
                    ));
                } else if let Some(p) = self.ruling.as_mut() {
                    p.choices = Some(choices);
                }
            }
            Action::Number(n) => {
                let chosen = panel
                    .choices
                    .as_ref()
                    .and_then(|c| c.get(n as usize - 1))
                    .cloned();
                match (chosen, &panel.choices) {
                    (Some(choice), _) if choice.replaces => {
                        let line = choice.label.clone();
                        self.override_with(choice.command, line);
                    }
                    (Some(choice), _) => self.rule_after(panel.seq, choice),
                    (None, Some(c)) => {
                        self.refuse(format!("There is no choice {n}: choose 1 to {}.", c.len()))
                    }
                    (None, None) => {
                        let o = self.hint(Section::Ruling, Action::Override);
                        self.refuse(format!(
                            "{o} first lists the floor's other rulings to choose from."
                        ))
                    }
                }
            }
            Action::CommandBar => {
                self.prompt = Some(Prompt::new(PromptKind::Line {
                    override_of: Some(panel.seq),
                }));
            }
            Action::Cancel => {
                if let Some(p) = self.ruling.as_mut() {
                    p.choices = None;
                }
            }
            Action::Undo => {
                self.ruling = None;
                if let Some((_, line)) = self.deferred.take() {
                    self.undo();
                    let line = line.unwrap_or_default();
                    if let Some(m) = self.message.as_mut() {
                        m.text
                            .push_str(&format!(" \"{line}\" was not recorded: key it again."));
                    }
                } else {
                    self.undo();
                }
            }
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Quit => self.ask_quit(),
            _ => {}
        }
    }

    /// The clear actions the floor may rule instead of what entry `seq`
    /// bound, each checked against the hand as it was before the entry.
    fn override_choices(&self, seq: u32) -> Vec<Choice> {
        // The options the rulings themselves leave to the floor come first.
        let mut choices: Vec<Choice> = self
            .ruling
            .iter()
            .flat_map(|p| p.rulings.iter())
            .flat_map(|r| r.options.iter())
            .filter_map(|o| {
                let command = crate::notation::parse_line(&o.line).ok().flatten()?;
                Some(Choice {
                    command,
                    label: o.line.clone(),
                    replaces: o.replaces,
                })
            })
            .collect();
        let Some(session) = &self.session else {
            return choices;
        };
        let Some(bound) = self.entry(seq).and_then(|e| {
            e.events.iter().find_map(|ev| match ev {
                Event::ActionBound { action, .. } => Some(*action),
                _ => None,
            })
        }) else {
            return choices;
        };
        let mut before = session.hand().clone();
        match before.undo().map(|e| e.events.clone()).as_deref() {
            Ok([Event::EntryRetracted { entry }]) if *entry == seq => {}
            _ => return choices,
        }
        let st = before.state();
        let rules = before.rules();
        let seat = bound.seat;
        let wager = st.seat(seat).wager;
        let min = st.min_raise_to(rules);
        let wager_intent = |to: Chips| {
            if st.current_bet.is_zero() {
                Intent::Bet(to)
            } else {
                Intent::Raise(to)
            }
        };
        let mut intents = vec![Intent::Call(None), Intent::Check, Intent::Fold];
        if let Some(p) = st.pending.as_ref().filter(|p| p.seat == seat) {
            let pushed: Chips = p
                .steps
                .iter()
                .filter_map(|e| match e {
                    Event::ChipsPushed { chips, .. } => Some(chips.total()),
                    _ => None,
                })
                .sum();
            if !pushed.is_zero() {
                intents.push(wager_intent(wager + pushed));
            }
            for step in &p.steps {
                if let Event::Declared { declaration, .. } = step {
                    use crate::table::event::Declaration as D;
                    if let D::Bet(Some(to)) | D::Raise(Some(to)) = declaration {
                        intents.push(wager_intent(*to));
                    }
                    if let D::Amount(a) = declaration {
                        intents.push(wager_intent(wager + *a));
                    }
                }
            }
        }
        intents.push(wager_intent(min));
        intents.push(Intent::AllIn);
        for intent in intents {
            let command = Command::Act {
                seat,
                intent,
                all_in: false,
            };
            let Ok(events) = decide(st, rules, &command) else {
                continue;
            };
            let Some(action) = events.iter().find_map(|e| match e {
                Event::ActionBound { action, .. } => Some(*action),
                _ => None,
            }) else {
                continue;
            };
            let label = action.to_string();
            if same_action(&action, &bound) || choices.iter().any(|c| c.label == label) {
                continue;
            }
            choices.push(Choice {
                command: as_clear(&action),
                label,
                replaces: true,
            });
        }
        choices.truncate(9);
        choices
    }

    /// Records the floor's choice among the options a ruling left open: the
    /// ruling is marked seen (accepted as the question) and the floor's
    /// line follows it in the journal.
    fn rule_after(&mut self, seq: u32, choice: Choice) {
        let accepted = match self.session.as_mut() {
            Some(session) => session.accept_rulings(seq),
            None => return,
        };
        if let Err(e) = accepted {
            self.refuse(format!("The floor's choice could not be recorded: {e}"));
            return;
        }
        self.ruling = None;
        self.submit(choice.command, Some(choice.label));
    }

    /// Records the floor's ruling in place of the ruled entry: the entry is
    /// retracted and the command recorded, with the override noted.
    fn override_with(&mut self, command: Command, line: String) -> bool {
        let Some(panel) = self.ruling.clone() else {
            return false;
        };
        let ids: Vec<&str> = panel.rulings.iter().map(|r| r.id.as_str()).collect();
        let noted = format!("{line}  # floor overrides {}", ids.join(", "));
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        match session.replace_last(panel.seq, &command, Some(noted)) {
            Ok(seq) => {
                self.ruling = None;
                let summary = self.summary(seq);
                self.info(format!("The floor overrides {}. {summary}", ids.join(", ")));
                if !self.open_ruling(seq) {
                    self.run_deferred();
                }
                true
            }
            Err(e) => {
                self.refuse(e);
                false
            }
        }
    }

    fn undo(&mut self) {
        self.seat_prefix = None;
        let Some(session) = self.session.as_mut() else {
            return;
        };
        match session.undo() {
            Ok(entry) => {
                let what = Entry::text(&entry);
                let u = self.hint(Section::Table, Action::Undo);
                let redo = self.hint(Section::Table, Action::Redo);
                self.info(format!(
                    "Undone: {what} (recorded as a retraction). {u} undoes the entry before it, {redo} redoes."
                ));
            }
            Err(e) => self.refuse(e),
        }
    }

    fn redo(&mut self) {
        self.seat_prefix = None;
        let Some(session) = self.session.as_mut() else {
            return;
        };
        match session.redo() {
            Ok(entry) => {
                let what = Entry::text(&entry);
                self.info(format!("Redone: {what}."));
            }
            Err(e) => self.refuse(e),
        }
    }

    fn next_hand(&mut self) {
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let before: Vec<Seat> = session.state().occupied().collect();
        match session.next_hand() {
            Ok(()) => {
                let header = session.header();
                let gone: Vec<String> = before
                    .iter()
                    .filter(|s| !header.setup.stacks.iter().any(|(x, _)| x == *s))
                    .map(|s| s.number().to_string())
                    .collect();
                let mut text = format!(
                    "Hand {} started: the button is on seat {}.",
                    header.number,
                    header.setup.button.number()
                );
                match gone.len() {
                    0 => {}
                    1 => text.push_str(&format!(
                        " Seat {} has no chips left and leaves the table.",
                        gone[0]
                    )),
                    _ => text.push_str(&format!(
                        " Seats {} have no chips left and leave the table.",
                        gone.join(", ")
                    )),
                }
                self.seat_prefix = None;
                self.info(text);
                self.open_ruling(0);
            }
            Err(SessionError::HandNotOver(street)) => {
                self.refuse(SessionError::HandNotOver(street));
            }
            Err(e) => self.refuse(e),
        }
    }

    fn update_prompt(&mut self, action: Action) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match action {
            Action::Input(c) => self.prompt_input(c),
            Action::DeleteBack => {
                prompt.text.pop();
                prompt.prefilled = false;
            }
            Action::Cancel => self.prompt = None,
            Action::Submit => self.prompt_submit(),
            Action::HistoryPrev => self.prompt_step(1),
            Action::HistoryNext => self.prompt_step(-1),
            _ => {}
        }
    }

    /// Up and down: through the command bar's history, or an amount by one
    /// big blind.
    fn prompt_step(&mut self, step: i64) {
        let big_blind = self.state().map_or(Chips(1), |s| s.big_blind.max(Chips(1)));
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match prompt.kind {
            PromptKind::Amount { .. } => {
                let now = prompt.text.parse::<u64>().unwrap_or(0);
                let next = if step > 0 {
                    now.saturating_add(big_blind.get())
                } else {
                    now.saturating_sub(big_blind.get())
                };
                prompt.text = next.to_string();
                prompt.prefilled = false;
            }
            PromptKind::Line { .. } if !self.history.is_empty() => {
                let last = self.history.len() - 1;
                let at = match (prompt.history_at, step > 0) {
                    (None, true) => Some(last),
                    (None, false) => None,
                    (Some(i), true) => Some(i.saturating_sub(1)),
                    (Some(i), false) if i < last => Some(i + 1),
                    (Some(_), false) => None,
                };
                prompt.history_at = at;
                prompt.text = at.map(|i| self.history[i].clone()).unwrap_or_default();
            }
            _ => {}
        }
    }

    fn prompt_input(&mut self, c: char) {
        let seen = self.state().map_or(0, |s| s.seen);
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        if prompt.text.chars().count() >= 80 {
            return;
        }
        let max_cards = match &prompt.kind {
            PromptKind::Amount { .. } => {
                if c.is_ascii_digit() {
                    if prompt.prefilled {
                        prompt.text.clear();
                        prompt.prefilled = false;
                    }
                    // Room for every amount up to the table maximum
                    // (16 digits); the parser refuses more on Enter.
                    if prompt.text.len() < 17 {
                        prompt.text.push(c);
                    }
                } else if c != ',' {
                    self.message = Some(Message {
                        text: "Type the amount in whole chips, like 1200.".into(),
                        kind: MessageKind::Refusal,
                    });
                }
                return;
            }
            PromptKind::Hole(_) | PromptKind::Show(_) => 2,
            PromptKind::Deal(street) => street.cards_dealt(),
            _ => {
                prompt.text.push(c);
                return;
            }
        };
        if c == ' ' {
            prompt.text.push(c);
            return;
        }
        let check_seen = !matches!(prompt.kind, PromptKind::Show(_));
        let typed: String = prompt.text.chars().filter(|c| !c.is_whitespace()).collect();
        match card_key(&typed, c, max_cards, if check_seen { seen } else { 0 }) {
            Ok(()) => prompt.text.push(c),
            Err(text) => {
                self.message = Some(Message {
                    text,
                    kind: MessageKind::Refusal,
                })
            }
        }
    }

    fn prompt_submit(&mut self) {
        let Some(prompt) = self.prompt.clone() else {
            return;
        };
        let text = prompt.text.trim().to_string();
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let line = match &prompt.kind {
            PromptKind::Amount { seat, raise } => {
                // Read as the notation reads an amount: whole chips, more
                // than 0, at most what a table may have in play.
                let amount = match crate::notation::parse_amount(&compact, 1) {
                    Ok(amount) => amount,
                    Err(_) if compact.is_empty() => {
                        self.refuse("Type the amount in whole chips, like 1200.");
                        return;
                    }
                    Err(e) => {
                        self.refuse(format!("\"{compact}\": {}.", e.message));
                        return;
                    }
                };
                let intent = if *raise {
                    Intent::Raise(amount)
                } else {
                    Intent::Bet(amount)
                };
                let command = Command::Act {
                    seat: *seat,
                    intent,
                    all_in: false,
                };
                if self.submit(command, None) {
                    self.prompt = None;
                }
                return;
            }
            PromptKind::Say(seat) => format!("{seat} say {text}"),
            PromptKind::Push(seat) | PromptKind::Motion(seat) => format!("{seat} push {compact}"),
            PromptKind::Hole(seat) => format!("{seat} hole {compact}"),
            PromptKind::Show(seat) => format!("{seat} show {compact}"),
            PromptKind::Deal(street) => format!("{street} {compact}"),
            PromptKind::Floor => format!("floor {text}"),
            PromptKind::Line { .. } => text.clone(),
        };
        let line = line.trim().to_string();
        let command = match parse_line(&line) {
            Ok(Some(command)) => command,
            Ok(None) => {
                self.prompt = None;
                self.info("Nothing to apply: the line is blank or a comment.");
                return;
            }
            Err(e) => {
                let text = match prompt.kind {
                    PromptKind::Line { .. } => format!("Column {}: {}.", e.column, e.message),
                    _ => format!("\"{line}\": {}.", e.message),
                };
                self.refuse(text);
                return;
            }
        };
        if let PromptKind::Line { .. } = prompt.kind
            && self.history.last() != Some(&line)
        {
            self.history.push(line.clone());
        }
        let taken = match prompt.kind {
            PromptKind::Line {
                override_of: Some(_),
            } => self.override_with(command, line),
            _ => self.submit(command, Some(line)),
        };
        if taken {
            self.prompt = None;
        }
    }
}

/// Checks one typed character of a list of cards: a rank where a rank goes,
/// a suit where a suit goes, and no card seen already.
fn card_key(typed: &str, c: char, max_cards: usize, seen: u64) -> Result<(), String> {
    let at = typed.chars().count();
    if at >= max_cards * 2 {
        return Err(format!(
            "That is {max_cards} card{} already: Enter records {}.",
            if max_cards == 1 { "" } else { "s" },
            if max_cards == 1 { "it" } else { "them" }
        ));
    }
    if at.is_multiple_of(2) {
        return if "23456789TJQKA".contains(c.to_ascii_uppercase()) {
            Ok(())
        } else {
            Err(format!(
                "'{c}' is not a rank: ranks are 2 to 9, T, J, Q, K and A."
            ))
        };
    }
    let text = format!("{}{c}", typed.chars().last().unwrap_or(' '));
    let card: Card = text
        .parse()
        .map_err(|_| format!("'{c}' is not a suit: suits are s, h, d and c."))?;
    let earlier =
        crate::table::cards::parse_cards(typed.get(..at - 1).unwrap_or("")).unwrap_or_default();
    if earlier.contains(&card) {
        return Err(Refusal::DuplicateCard(card.to_string()).to_string());
    }
    if seen & card.bit() != 0 {
        return Err(Refusal::CardSeen(card.to_string()).to_string());
    }
    Ok(())
}

/// Whether a ruling asks the dealer (or the floor) to decide: every ruling
/// on what a player said or did. Rulings that only apply the rules to the
/// situation (uncalled chips, side pots, odd chips, who shows first, the
/// blinds) are shown and logged without stopping the game.
pub fn needs_the_dealer(id: RulingId) -> bool {
    !matches!(
        id,
        RulingId::UncalledBet
            | RulingId::SidePot
            | RulingId::OddChip
            | RulingId::ShowdownOrder
            | RulingId::AllInFaceUp
            | RulingId::HeadsUpButton
            | RulingId::ShortBlind
            | RulingId::DeadButton
    )
}

/// Whether two bound actions are the same ruling.
fn same_action(a: &Bound, b: &Bound) -> bool {
    a.kind == b.kind && a.to == b.to && a.seat == b.seat
}

/// The clear command that binds exactly `action`.
fn as_clear(action: &Bound) -> Command {
    Command::Act {
        seat: action.seat,
        intent: action.intent(),
        all_in: false,
    }
}

/// What the dealer entered that led to an entry: its line, or for a motion
/// that bound (no line of its own), the lines of the motion.
fn entry_input(entries: Option<&[Entry]>, entry: &Entry) -> String {
    if let Some(line) = entry.line.as_ref().filter(|l| !l.starts_with('#')) {
        return line.clone();
    }
    if entry.seq == 0 {
        return "the start of the hand".into();
    }
    let Some(entries) = entries else {
        return Entry::text(entry);
    };
    let seat = entry.events.iter().find_map(|e| match e {
        Event::ActionBound { action, .. } => Some(action.seat),
        _ => None,
    });
    let mut steps: Vec<String> = Vec::new();
    for earlier in entries[..entry.seq as usize].iter().rev() {
        let physical = earlier.events.iter().any(|e| {
            matches!(e,
                Event::Declared { seat: s, .. }
                | Event::ChipsPushed { seat: s, .. }
                | Event::Tapped { seat: s }
                | Event::Mucked { seat: s } if Some(*s) == seat)
        });
        if !physical {
            break;
        }
        if let Some(line) = &earlier.line {
            steps.push(line.clone());
        }
    }
    steps.reverse();
    if steps.is_empty() {
        Entry::text(entry)
    } else {
        steps.join(", then ")
    }
}
