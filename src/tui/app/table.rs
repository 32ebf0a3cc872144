//! The table: the seat keyed first and the action keys for the seat in
//! focus, the board, undo and redo, the next hand, the log's scrolling.
//!
//! Two rules keep an action off the wrong seat. A number that is no seat
//! to act for (no such seat, or an empty one) is held with its error until
//! Esc or a valid seat, so the next key cannot fall through to the seat to
//! act. And an open motion (words or chips whose player may still add to
//! them) keeps the seat whose motion it is for that seat's own words and
//! chips: `s`, `p`, `t`, `m` and `+` record for it (a player who says
//! "raise" and then pushes chips made one motion, TDA 37-A), while a key
//! that records an action (`f`, `x`, `c`, `a`, `b`, `r`) binds the motion
//! first, as its own entry, and then acts for the seat now to act.

use super::prompt::{Prompt, PromptKind};
use super::{App, Deferred, MessageKind, Overlay, SeatKey, minutes_seconds};
use crate::journal::Session;
use crate::table::Seat;
use crate::table::command::{Command, Intent, Refusal};
use crate::table::hand::Entry;
use crate::tui::keymap::{Action, Section};

/// What closing an open motion came to.
pub(super) enum Closed {
    /// No motion was open.
    Nothing,
    /// It bound, and the house settled any ruling it needed: the status
    /// message says what it bound.
    Bound(String),
    /// It bound, and the floor has a choice: the ruling panel is open.
    Floor,
    /// It could not bind (the refusal is on the status line).
    Refused,
}

/// The keys that record an action for a seat: each binds an open motion
/// first (unless a seat was keyed first). Words, chips, a tap and a muck
/// (`Say`, `Push`, `Tap`, `Muck`) are not among them: while a motion is
/// open they are the moving seat's own, and go to it.
fn is_action_key(action: Action) -> bool {
    matches!(
        action,
        Action::Fold | Action::Check | Action::Call | Action::AllIn | Action::Bet | Action::Raise
    )
}

impl App {
    pub(super) fn update_table(&mut self, action: Action) {
        if self.session.is_none() {
            return;
        }
        // A number that is no seat is held: only another number, Esc, the
        // help, quitting and the log's scrolling get past it.
        if let Some(SeatKey::NoSeat(n)) = self.seat_key
            && !matches!(
                action,
                Action::Number(_)
                    | Action::Cancel
                    | Action::Help
                    | Action::Quit
                    | Action::PageUp
                    | Action::PageDown
                    | Action::ScrollTop
                    | Action::ScrollBottom
            )
        {
            let text = self.no_seat_text(n);
            self.refuse(text);
            return;
        }
        if is_action_key(action) && self.seat_key.is_none() {
            match self.close_open_motion() {
                Closed::Nothing => {}
                Closed::Refused => return,
                Closed::Floor => {
                    let key = self.hint(Section::Table, action);
                    self.deferred = Some(Deferred::Key(action));
                    if let Some(m) = self.message.as_mut() {
                        m.text.push_str(&format!(
                            " The floor has a choice to make first; {key} follows once it is settled."
                        ));
                    }
                    return;
                }
                Closed::Bound(bound) => {
                    self.table_key(action);
                    match self.message.as_mut() {
                        Some(m) if m.kind == MessageKind::Info => {
                            m.text = format!("{bound} {}", m.text);
                        }
                        Some(_) => {}
                        None => self.info(bound),
                    }
                    return;
                }
            }
        }
        self.table_key(action);
    }

    /// One table key, once the seat keyed and the open motion are dealt
    /// with.
    pub(super) fn table_key(&mut self, action: Action) {
        if action != Action::NextHand {
            self.deal_on_break = false;
        }
        match action {
            Action::Number(n) => self.key_seat(n),
            Action::Cancel => self.seat_key = None,
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
                    self.seat_key = None;
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
                    self.close_open_motion();
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
            Action::NextHand if self.confirmed_off_break() => {
                self.next_hand();
            }
            Action::PageUp | Action::PageDown | Action::ScrollTop | Action::ScrollBottom => {
                self.scroll_log(action)
            }
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Review => self.open_review(),
            Action::LevelClock => self.toggle_level_clock(),
            Action::PlayerClock => self.player_clock_key(),
            Action::LevelClockPlus => self.adjust_level_clock(60),
            Action::LevelClockMinus => self.adjust_level_clock(-60),
            Action::FloorOrder => self.carry_out_order(),
            Action::Quit => self.ask_quit(),
            _ => {}
        }
    }

    /// Binds the open motion, if any, as its own entry.
    pub(super) fn close_open_motion(&mut self) -> Closed {
        let Some(seat) = self
            .state()
            .and_then(|s| s.pending.as_ref())
            .map(|p| p.seat)
        else {
            return Closed::Nothing;
        };
        let closing = Some(format!("# {seat}'s motion binds"));
        let Some(session) = self.session.as_mut() else {
            return Closed::Nothing;
        };
        match session.execute(&Command::Resolve, closing) {
            Ok(seq) => {
                let summary = self.summary(seq);
                self.info(summary);
                if self.open_ruling(seq) {
                    Closed::Floor
                } else {
                    Closed::Bound(
                        self.message
                            .as_ref()
                            .map(|m| m.text.clone())
                            .unwrap_or_default(),
                    )
                }
            }
            Err(e) => {
                self.refuse(e);
                Closed::Refused
            }
        }
    }

    pub(super) fn key_seat(&mut self, n: u8) {
        let seats = self.session.as_ref().map_or(10, |s| s.header().seats);
        // "1" then "0" is seat 10.
        let n = match (self.seat_key, n) {
            (Some(SeatKey::Seat(1) | SeatKey::NoSeat(1)), 10) => 10,
            (_, n) => n,
        };
        let occupied = Seat::new(n)
            .filter(|_| n <= seats)
            .zip(self.state())
            .is_some_and(|(seat, st)| st.seat(seat).occupied);
        if occupied {
            self.seat_key = Some(SeatKey::Seat(n));
        } else {
            self.seat_key = Some(SeatKey::NoSeat(n));
            let text = self.no_seat_text(n);
            self.refuse(text);
        }
    }

    /// Why a number held is no seat to act for, and how to go on.
    pub(super) fn no_seat_text(&self, n: u8) -> String {
        let seats = self.session.as_ref().map_or(10, |s| s.header().seats);
        let esc = self.hint(Section::Table, Action::Cancel);
        if n > seats {
            format!(
                "There is no seat {n}: this table has seats 1 to {seats}. Key a seat from 1 to {seats}, or {esc} to clear."
            )
        } else {
            format!("Seat {n} is empty: no one plays there. Key another seat, or {esc} to clear.")
        }
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
            self.seat_key = None;
            self.prompt = Some(Prompt::new(kind(seat)));
        }
    }

    /// Opens the amount for a bet or a raise, the minimum filled in. Facing
    /// a bet, the bet key opens the raise (and the raise key with nothing to
    /// raise opens the bet), saying so at once; a seat that may not raise
    /// is told so before any amount is typed.
    pub(super) fn open_amount(&mut self, raise: bool) {
        let Some(seat) = self.seat_for_action() else {
            return;
        };
        let Some(session) = &self.session else { return };
        let st = session.state();
        let rules = session.hand().rules();
        let n = seat.number();
        if st.to_act == Some(seat) && !st.can_raise(seat, rules) {
            let call = self.hint(Section::Table, Action::Call);
            let fold = self.hint(Section::Table, Action::Fold);
            self.refuse(format!(
                "{} {call} calls, {fold} folds.",
                Refusal::RaiseNotAllowed(n)
            ));
            return;
        }
        let facing = !st.current_bet.is_zero();
        let min = st.min_raise_to(rules);
        let prefill = min.min(st.seat(seat).max_to());
        let note = match (raise, facing) {
            (false, true) => Some(format!(
                "Seat {n} faces a bet of {}: a bet now is a raise, to at least {prefill} (filled in).",
                st.current_bet
            )),
            (true, false) => Some(format!(
                "There is no bet to raise: seat {n} bets, at least {prefill} (filled in)."
            )),
            _ => None,
        };
        self.seat_key = None;
        self.prompt = Some(Prompt {
            text: prefill.get().to_string(),
            prefilled: true,
            ..Prompt::new(PromptKind::Amount {
                seat,
                raise: facing,
            })
        });
        if let Some(note) = note {
            self.info(note);
        }
    }

    pub(super) fn open_deal(&mut self) {
        let Some(st) = self.state() else { return };
        let refusal = match (st.street.next_board(), st.to_act) {
            (None, _) => Some(Refusal::NoMoreCards(st.street)),
            (Some(_), Some(to_act)) if st.pending.is_none() => Some(Refusal::BettingOpen {
                street: st.street,
                to_act: to_act.number(),
            }),
            (Some(_), Some(_)) => {
                // The open motion may close the round: it binds first.
                match self.close_open_motion() {
                    Closed::Bound(_) | Closed::Nothing => return self.open_deal(),
                    Closed::Floor | Closed::Refused => None,
                }
            }
            (Some(street), None) => {
                self.seat_key = None;
                self.prompt = Some(Prompt::new(PromptKind::Deal(street)));
                None
            }
        };
        if let Some(r) = refusal {
            self.refuse(r);
        }
    }

    /// Scrolls the log a page up or down, to the first hand of the session
    /// or back to the newest line, while the table stays live.
    pub(super) fn scroll_log(&mut self, action: Action) {
        let Some((page, max)) = self.log_geometry() else {
            self.refuse("The log is not shown at this size: a terminal 80 columns wide, or 24 rows tall, shows it.");
            return;
        };
        let page = page.saturating_sub(1).max(1);
        self.log_scroll = match action {
            Action::PageUp => self.log_scroll.saturating_add(page).min(max),
            Action::PageDown => self.log_scroll.saturating_sub(page).min(max),
            Action::ScrollTop => max,
            _ => 0,
        };
    }

    pub(super) fn undo(&mut self) {
        self.seat_key = None;
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
        self.seat_key = None;
        let Some(session) = self.session.as_mut() else {
            return;
        };
        match session.redo() {
            Ok(entry) => {
                let what = Entry::text(&entry);
                self.info(format!("Redone: {what}."));
                // The entry's rulings come back with it: the house's are
                // told again, and one that was the floor's choice is asked
                // again (the floor may rule otherwise this time).
                self.open_ruling(entry.seq);
            }
            Err(e) => self.refuse(e),
        }
    }

    /// Whether the next hand may be dealt: during a break (one called at
    /// the table, or the structure's) the dealer confirms it by pressing
    /// the key again, which ends the break.
    fn confirmed_off_break(&mut self) -> bool {
        let Some(session) = self.session.as_ref() else {
            return true;
        };
        let Some(table) = session.table() else {
            return true;
        };
        let left = match table.break_in_force(session.now_ms()) {
            None => None,
            Some(Some(ms)) => Some(format!("{} left", minutes_seconds(ms))),
            Some(None) => Some("until the next hand".to_string()),
        };
        let Some(left) = left else {
            return true;
        };
        if std::mem::take(&mut self.deal_on_break) {
            return true;
        }
        self.deal_on_break = true;
        let key = self.hint(Section::Table, Action::NextHand);
        self.info(format!(
            "The table is on a break ({left}): {key} again deals the next hand now and ends the break."
        ));
        false
    }

    /// Starts the next hand (the table's, by the house's rules), and says
    /// where the button went, who left and in what place. Returns whether
    /// it started.
    pub(super) fn next_hand(&mut self) -> bool {
        if let Some(why) = self.floor_holds_deal() {
            self.refuse(why);
            return false;
        }
        if let Some(orders) = self.floor_orders().filter(|o| o.broken) {
            self.refuse(format!(
                "{} is broken: its players play on at the other tables, and there is no next hand here.",
                orders.table
            ));
            return false;
        }
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let before: Vec<Seat> = session.state().occupied().collect();
        let finished = (session.header().number, session.hand().clone());
        if let Err(e) = session.next_hand() {
            self.refuse(e);
            return false;
        }
        // The log keeps the session's earlier hands to scroll back to.
        let played = finished.0;
        self.earlier.push(finished);
        let Some(session) = self.session.as_ref() else {
            return false;
        };
        let header = session.header();
        let mut text = format!(
            "Hand {} started: the button is on seat {}.",
            header.number,
            header.setup.button.number()
        );
        // With a floor, only the floor's place is shown (it counts every
        // table); until the floor has placed him, none.
        let floor_places = self.floor_places();
        match session.table() {
            Some(table) => {
                for f in table.places.iter().filter(|f| f.hand == played) {
                    let who = match f.name.as_str() {
                        "" => format!("Seat {}", f.seat.number()),
                        name => format!("Seat {} ({name})", f.seat.number()),
                    };
                    let place = Self::place_of(f, &table.places, floor_places.as_ref());
                    text.push_str(&match place {
                        Some(place) => format!(" {who} is out in {place} place."),
                        None => format!(" {who} is out: the floor gives the place."),
                    });
                }
            }
            None => {
                let gone: Vec<String> = before
                    .iter()
                    .filter(|s| !header.setup.stacks.iter().any(|(x, _)| x == *s))
                    .map(|s| s.number().to_string())
                    .collect();
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
            }
        }
        self.seat_key = None;
        self.clocks_seen = Some(Self::clocks_of(session));
        self.info(text);
        self.open_ruling(0);
        true
    }

    /// The log's page height and how far up it can scroll, at the size the
    /// terminal last had (120x40 until told); None when the log is not
    /// shown at that size.
    pub(super) fn log_geometry(&self) -> Option<(u16, u16)> {
        let (w, h) = self.size.unwrap_or((120, 40));
        let screen = super::Screen { app: self };
        let area = ratatui::layout::Rect::new(0, 0, w, h);
        let rect = screen.log_area(area)?;
        let pane = screen.log_pane()?;
        let inner = rect.height.saturating_sub(2);
        let lines = pane.lines(rect.width.saturating_sub(2)).len();
        let max = u16::try_from(lines.saturating_sub(inner as usize)).unwrap_or(u16::MAX);
        Some((inner, max))
    }
}
