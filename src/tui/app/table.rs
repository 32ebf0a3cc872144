//! The table: the seat keyed first and the action keys for the seat in
//! focus, the board, undo and redo, the next hand.

use super::prompt::{Prompt, PromptKind};
use super::{App, Overlay};
use crate::journal::{Session, SessionError};
use crate::table::Seat;
use crate::table::command::{Command, Intent, Refusal};
use crate::table::hand::Entry;
use crate::tui::keymap::{Action, Section};

impl App {
    pub(super) fn update_table(&mut self, action: Action) {
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

    pub(super) fn key_seat(&mut self, n: u8) {
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

    pub(super) fn ask_quit(&mut self) {
        if self.session.as_ref().is_some_and(Session::hand_open) {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.quit = true;
        }
    }

    /// The seat an action is for (the seat keyed first is used up).
    pub(super) fn seat_for_action(&mut self) -> Option<Seat> {
        let seat = self.focus_seat();
        if seat.is_none() {
            self.refuse("No seat is to act: key the seat's number first (1-9, 0 for seat 10).");
        }
        seat
    }

    pub(super) fn act(&mut self, intent: Intent) {
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

    pub(super) fn open_for_seat(&mut self, kind: fn(Seat) -> PromptKind) {
        if let Some(seat) = self.seat_for_action() {
            self.seat_prefix = None;
            self.prompt = Some(Prompt::new(kind(seat)));
        }
    }

    pub(super) fn open_amount(&mut self, raise: bool) {
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

    pub(super) fn open_deal(&mut self) {
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

    pub(super) fn undo(&mut self) {
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

    pub(super) fn redo(&mut self) {
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

    pub(super) fn next_hand(&mut self) {
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
}
