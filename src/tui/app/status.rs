//! The status line: whose turn, the amount to call, the minimum raise and
//! the actions legal now with their keys (from the live key map); the
//! prompt being typed, with any error shown against the text; and the last
//! message (a refusal in a full sentence). Long lines wrap, and a line cut
//! for room ends in `…`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::{App, MessageKind, PromptKind, SeatKey};
use crate::floor::LinkStatus;
use crate::rules::RulingId;
use crate::table::Chips;
use crate::table::event::{Event, Street};
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::{cut_rows, fit_line, put_line, wrap_line};

/// The most rows the floor's orders take over the status line.
const FLOOR_ROWS: usize = 4;

/// The status rows at the bottom of the table screen.
#[derive(Debug, Clone)]
pub struct StatusPane<'a> {
    /// The app.
    pub app: &'a App,
}

impl StatusPane<'_> {
    fn key(&self, section: Section, action: Action) -> String {
        self.app.keymap().key_label(section, action)
    }

    /// A hint item: the key bound to an action, and what it does.
    fn item(&self, section: Section, action: Action, what: impl Into<String>) -> (String, String) {
        (self.key(section, action), what.into())
    }

    /// Hint items as one line no wider than `width`: every primary item,
    /// then as many secondary ones as fit, then the tail (help, quit).
    fn fit(
        &self,
        primary: Vec<(String, String)>,
        secondary: Vec<(String, String)>,
        tail: Vec<(String, String)>,
        width: u16,
    ) -> Line<'static> {
        let t = self.app.theme();
        let len = |items: &[(String, String)]| -> usize {
            items
                .iter()
                .map(|(k, w)| k.chars().count() + 1 + w.chars().count() + 3)
                .sum()
        };
        // The items that fit in `budget`, and whether any was left out.
        let choose = |budget: usize| {
            let mut chosen: Vec<(String, String)> = Vec::new();
            let mut left_out = false;
            for (i, item) in primary.iter().enumerate() {
                // The first primary item always shows; the others as they fit.
                if i == 0 || len(&chosen) + len(std::slice::from_ref(item)) <= budget {
                    chosen.push(item.clone());
                } else {
                    left_out = true;
                }
            }
            for item in &secondary {
                // No secondary item where a primary one did not fit.
                if !left_out && len(&chosen) + len(std::slice::from_ref(item)) <= budget {
                    chosen.push(item.clone());
                } else {
                    left_out = true;
                }
            }
            (chosen, left_out)
        };
        // `len` counts a separator after the last item too: the ` …` that
        // says items were left out fits in its room.
        let (mut chosen, left_out) = choose((width as usize).saturating_sub(len(&tail)));
        if left_out && let Some((_, what)) = chosen.last_mut() {
            // Nothing disappears without a sign: the help lists every key.
            what.push_str(" …");
        }
        chosen.extend(tail);
        let mut spans = Vec::new();
        for (i, (key, what)) in chosen.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" · "));
            }
            spans.push(Span::styled(key, t.key()));
            spans.push(Span::raw(format!(" {what}")));
        }
        fit_line(&Line::from(spans), width as usize)
    }

    /// The situation: whose turn and what they face, or what comes next.
    pub fn situation(&self) -> Line<'static> {
        let app = self.app;
        let t = app.theme();
        let Some(session) = app.session() else {
            return Line::raw("");
        };
        let st = session.state();
        let rules = session.hand().rules();
        match app.seat_key() {
            Some(SeatKey::Seat(n)) => {
                let who =
                    crate::table::Seat::new(n).map_or(format!("Seat {n}"), |s| app.seat_name(s));
                return Line::from(vec![
                    Span::styled(format!("» {who} keyed: "), t.heading()),
                    Span::raw(format!(
                        "the next action is recorded for seat {n}. {} clears it.",
                        self.key(Section::Table, Action::Cancel)
                    )),
                ]);
            }
            Some(SeatKey::NoSeat(n)) => {
                let seats = session.header().seats;
                let why = if n > seats {
                    format!("there is no seat {n} (1 to {seats})")
                } else {
                    format!("seat {n} is empty")
                };
                return Line::from(vec![
                    Span::styled(format!("» {n} keyed: "), t.refusal()),
                    Span::raw(format!(
                        "{why}, so no action is taken. Key a seat, or {} to clear.",
                        self.key(Section::Table, Action::Cancel)
                    )),
                ]);
            }
            None => {}
        }
        if let Some(p) = &st.pending {
            let steps: Vec<String> = p
                .steps
                .iter()
                .filter_map(|e| match e {
                    Event::Declared { declaration, .. } => Some(format!("says {declaration}")),
                    Event::ChipsPushed { chips, .. } => Some(format!("pushes {chips}")),
                    Event::Tapped { .. } => Some("taps".into()),
                    Event::Mucked { .. } => Some("mucks".into()),
                    _ => None,
                })
                .collect();
            return Line::from(vec![
                Span::styled(
                    format!("{}'s motion is open: ", app.seat_name(p.seat)),
                    t.to_act(),
                ),
                Span::raw(format!(
                    "{}. The next action key binds it; {} is a second motion.",
                    steps.join(", then "),
                    self.key(Section::Table, Action::Motion),
                )),
            ]);
        }
        if let Some(seat) = st.to_act {
            let to_call = st.to_call(seat);
            let mut spans = vec![Span::styled(
                format!("▶ {} to act", app.seat_name(seat)),
                t.to_act(),
            )];
            if to_call.is_zero() {
                spans.push(Span::raw(" · nothing to call"));
            } else {
                spans.push(Span::raw(" · to call "));
                spans.push(Span::styled(to_call.to_string(), t.amount()));
            }
            if st.can_raise(seat, rules) {
                let min = st.min_raise_to(rules).min(st.seat(seat).max_to());
                spans.push(Span::raw(if st.current_bet.is_zero() {
                    " · min bet "
                } else {
                    " · min raise to "
                }));
                spans.push(Span::styled(min.to_string(), t.amount()));
            } else {
                spans.push(Span::raw(" · may not raise"));
            }
            spans.push(Span::raw(format!(" · stack {}", st.seat(seat).stack)));
            return Line::from(spans);
        }
        match st.street {
            Street::Done if st.misdealt => Line::from(vec![
                Span::styled(
                    format!("Hand {} is a misdeal: ", session.header().number),
                    t.heading(),
                ),
                Span::raw(format!(
                    "every chip went back. {} deals the re-deal: the same button, blinds and players{}.",
                    self.key(Section::Table, Action::NextHand),
                    rules
                        .clause(RulingId::Misdeal, "re-deal")
                        .map(|c| format!(" ({})", c.brief()))
                        .unwrap_or_default()
                )),
            ]),
            Street::Done => {
                let mut won: Vec<(u8, Chips)> = Vec::new();
                for (seat, share) in st.awards.iter().flat_map(|a| a.shares.iter()) {
                    match won.iter_mut().find(|(s, _)| *s == seat.number()) {
                        Some((_, c)) => *c += *share,
                        None => won.push((seat.number(), *share)),
                    }
                }
                let won: Vec<String> = won
                    .iter()
                    .map(|(s, c)| format!("seat {s} wins {c}"))
                    .collect();
                Line::from(vec![
                    Span::styled(
                        format!("Hand {} is over: ", session.header().number),
                        t.heading(),
                    ),
                    Span::raw(format!(
                        "{}. {} starts the next hand.",
                        won.join(", "),
                        self.key(Section::Table, Action::NextHand)
                    )),
                ])
            }
            Street::Showdown => {
                let first = st
                    .show_first(rules)
                    .map(|s| format!("seat {} tables first", s.number()))
                    .unwrap_or_else(|| "hands are tabled".into());
                let next = app
                    .focus_seat()
                    .map(|s| format!(" Next: {}.", app.seat_name(s)))
                    .unwrap_or_default();
                Line::from(vec![
                    Span::styled("Showdown: ", t.heading()),
                    Span::raw(format!(
                        "{first}; {} shows, {} discards.{next}",
                        self.key(Section::Table, Action::Show),
                        self.key(Section::Table, Action::Muck)
                    )),
                ])
            }
            street => match street.next_board() {
                Some(next) => Line::from(vec![
                    Span::styled(format!("The {street} betting is complete: "), t.heading()),
                    Span::raw(format!(
                        "{} deals the {next}.",
                        self.key(Section::Table, Action::Deal)
                    )),
                ]),
                None => Line::raw(""),
            },
        }
    }

    /// The hints for what the keys can do now, generated from the live
    /// key map, fitted to `width`: only what is legal now.
    pub fn key_hints(&self, width: u16) -> Line<'static> {
        let app = self.app;
        use Action as A;
        use Section as S;
        if let Some(prompt) = app.prompt() {
            let mut primary = vec![
                self.item(S::Prompt, A::Submit, "record"),
                self.item(S::Prompt, A::Cancel, "cancel"),
            ];
            match prompt.kind {
                PromptKind::Amount { .. } => {
                    let bb = app.state().map_or(Chips(0), |s| s.big_blind);
                    primary.push(self.item(S::Prompt, A::HistoryPrev, format!("+{bb}")));
                    primary.push(self.item(S::Prompt, A::HistoryNext, format!("-{bb}")));
                    primary.push(("k".into(), "thousand (2.5k)".into()));
                }
                PromptKind::Line { .. } => {
                    primary.push(self.item(S::Prompt, A::HistoryPrev, "history"));
                }
                _ => {}
            }
            return self.fit(primary, Vec::new(), Vec::new(), width);
        }
        if app.ruling().is_some() {
            return self.fit(
                vec![
                    self.item(S::Ruling, A::Accept, "accept"),
                    self.item(S::Ruling, A::Override, "other ruling"),
                ],
                vec![self.item(S::Ruling, A::Undo, "undo")],
                vec![self.item(S::Ruling, A::Help, "help")],
                width,
            );
        }
        let Some(st) = app.state() else {
            return Line::raw("");
        };
        let tail = vec![
            self.item(S::Table, A::Help, "help"),
            self.item(S::Table, A::Quit, "quit"),
        ];
        let seat_keys = || {
            let seats = app.session().map_or(9, |s| s.header().seats);
            let first = self.key(S::Table, A::Number(1));
            let keys = if seats >= 10 {
                format!(
                    "{first}-{} {}",
                    self.key(S::Table, A::Number(9)),
                    self.key(S::Table, A::Number(10))
                )
            } else {
                format!("{first}-{}", self.key(S::Table, A::Number(seats)))
            };
            (keys, "seat".to_string())
        };
        let mut primary = Vec::new();
        // Undo first after what the seat may do (it dropped off at 120
        // columns behind the seat keys).
        let mut secondary = vec![self.item(S::Table, A::Undo, "undo")];
        if app.log_scroll() > 0 {
            primary.push(self.item(S::Table, A::ScrollBottom, "newest log line"));
        }
        if let Some(SeatKey::NoSeat(_)) = app.seat_key() {
            // Nothing acts while a number that is no seat is held.
            primary.push(seat_keys());
            primary.push(self.item(S::Table, A::Cancel, "clear"));
            return self.fit(primary, Vec::new(), tail, width);
        }
        let rules = app.session().map(|x| x.hand().rules());
        if st.pending.is_some() && app.seat_prefix().is_none() {
            primary.push(self.item(S::Table, A::CloseMotion, "bind"));
            primary.push(self.item(S::Table, A::Motion, "second motion"));
            primary.push((
                format!(
                    "{} {} {}",
                    self.key(S::Table, A::Fold),
                    self.key(S::Table, A::Call),
                    self.key(S::Table, A::Raise)
                ),
                "… bind it, then act for the next seat".into(),
            ));
        } else if let Some(seat) = app
            .focus_seat()
            .filter(|s| st.street.is_betting() && st.seat(*s).can_act())
        {
            let s = st.seat(seat);
            let to_call = st.to_call(seat);
            primary.push(self.item(S::Table, A::Fold, "fold"));
            if to_call.is_zero() {
                primary.push(self.item(S::Table, A::Check, "check"));
            } else if to_call >= s.stack {
                primary.push(self.item(S::Table, A::Call, format!("call {} all in", s.stack)));
            } else {
                primary.push(self.item(S::Table, A::Call, format!("call {to_call}")));
            }
            // Bet, raise and all in only where a raise is possible: with the
            // betting not reopened, or no one left to call a raise, the seat
            // may only call or fold.
            if let Some(rules) = rules
                && st.can_raise(seat, rules)
            {
                let min = st.min_raise_to(rules).min(s.max_to());
                if st.current_bet.is_zero() {
                    primary.push(self.item(S::Table, A::Bet, format!("bet ≥{min}")));
                } else {
                    primary.push(self.item(S::Table, A::Raise, format!("raise ≥{min}")));
                }
                primary.push(self.item(S::Table, A::AllIn, format!("all in {}", s.stack)));
            }
            secondary.push(self.item(S::Table, A::Say, "say"));
            secondary.push(self.item(S::Table, A::Push, "push"));
            if to_call.is_zero() {
                secondary.push(self.item(S::Table, A::Tap, "tap"));
            }
            secondary.push(self.item(S::Table, A::Muck, "muck"));
        } else {
            match st.street {
                Street::Done => primary.push(self.item(S::Table, A::NextHand, "next hand")),
                Street::Showdown => {
                    primary.push(self.item(S::Table, A::Show, "show"));
                    primary.push(self.item(S::Table, A::Muck, "muck"));
                }
                street if street.next_board().is_some() && st.to_act.is_none() => {
                    primary.push(self.item(S::Table, A::Deal, "deal"));
                }
                _ => {}
            }
        }
        secondary.push(seat_keys());
        secondary.push(self.item(S::Table, A::CommandBar, "line"));
        secondary.push(self.item(S::Table, A::Hole, "hole"));
        secondary.push(self.item(S::Table, A::Floor, "floor"));
        secondary.push(self.item(S::Table, A::PageUp, "log back"));
        self.fit(primary, secondary, tail, width)
    }

    fn message(&self) -> Option<Line<'static>> {
        let t = self.app.theme();
        let m = self.app.message()?;
        Some(match m.kind {
            MessageKind::Refusal => Line::styled(format!("✗ {}", m.text), t.refusal()),
            MessageKind::Info => Line::styled(format!("✓ {}", m.text), t.info()),
        })
    }

    /// The link to the floor (`--floor`): quiet while it keeps up, marked
    /// when the database cannot be reached, and loud when sending has
    /// stopped (a fork, a refusal). None without a floor.
    pub fn link_line(&self) -> Option<Line<'static>> {
        let t = self.app.theme();
        let status = self.app.link_status()?;
        let style = match status {
            LinkStatus::Connecting | LinkStatus::Live | LinkStatus::Behind(_) => t.faded(),
            LinkStatus::Offline { .. } => t.to_act(),
            LinkStatus::Fork { .. } | LinkStatus::Refused(_) => {
                t.refusal().add_modifier(ratatui::style::Modifier::REVERSED)
            }
        };
        Some(Line::styled(status.to_string(), style))
    }

    /// The floor's orders for this table (`--floor`), at most
    /// `FLOOR_ROWS` of them (the rest counted): what the dealer carries
    /// out next, and hand-for-hand waiting.
    pub fn floor_lines(&self) -> Vec<Line<'static>> {
        let t = self.app.theme();
        let banner = self.app.floor_banner();
        let more = banner.len().saturating_sub(FLOOR_ROWS);
        let mut lines: Vec<Line<'static>> = banner
            .into_iter()
            .take(FLOOR_ROWS)
            .map(|l| Line::styled(l, t.to_act()))
            .collect();
        if more > 0
            && let Some(last) = lines.last_mut()
        {
            last.spans
                .push(Span::styled(format!("  (and {more} more)"), t.faded()));
        }
        lines
    }

    fn prompt_line(&self) -> Option<Line<'static>> {
        let t = self.app.theme();
        let p = self.app.prompt()?;
        let label = p.label();
        let sep = if label == ":" { "" } else { ": " };
        let text_style = if p.prefilled {
            t.amount().add_modifier(ratatui::style::Modifier::REVERSED)
        } else {
            t.amount()
        };
        let mut spans = vec![Span::styled(format!("{label}{sep}"), t.to_act())];
        match &p.error {
            // What was typed stays; the part that is wrong is marked.
            Some(e) => {
                let good: String = p.text.chars().take(e.at).collect();
                let bad: String = p.text.chars().skip(e.at).collect();
                spans.push(Span::styled(good, text_style));
                spans.push(Span::styled(
                    bad,
                    t.refusal()
                        .add_modifier(ratatui::style::Modifier::UNDERLINED),
                ));
            }
            None => spans.push(Span::styled(p.text.clone(), text_style)),
        }
        spans.push(Span::styled("▏", t.to_act()));
        spans.push(Span::styled(format!("   {}", p.help()), t.faded()));
        Some(Line::from(spans))
    }
}

impl StatusPane<'_> {
    /// The top line (the prompt, or the situation), the hints and the
    /// message, wrapped to `width`.
    fn parts(&self, width: u16) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
        let w = width as usize;
        let top = self.prompt_line().unwrap_or_else(|| self.situation());
        let top = wrap_line(&top, w, 2);
        let message = self
            .message()
            .map(|m| wrap_line(&m, w, 2))
            .unwrap_or_default();
        (top, message)
    }

    /// The rows the status needs at a width, everything wrapped (and a
    /// row for the link to the floor when there is one).
    pub fn height(&self, width: u16) -> u16 {
        let (top, message) = self.parts(width);
        let link = usize::from(self.app.link_status().is_some());
        let floor = self.floor_lines().len();
        (link + floor + top.len() + 1 + message.len()) as u16
    }

    /// The status lines for `rows` rows of `width` columns: the link to the
    /// floor (when there is one and three rows or more), the top line, the
    /// hints, the message; what does not fit is cut with `…`.
    pub fn lines(&self, width: u16, rows: u16) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        let mut rows = rows;
        if let Some(link) = self.link_line().filter(|_| rows >= 3) {
            out.extend(cut_rows(vec![link], 1, width as usize));
            rows -= 1;
        }
        // The floor's orders, leaving the top line and the hints their rows.
        let floor = self.floor_lines();
        let room = usize::from(rows.saturating_sub(2)).min(floor.len());
        for line in floor.into_iter().take(room) {
            out.extend(cut_rows(vec![line], 1, width as usize));
        }
        out.extend(self.table_lines(width, rows - room as u16));
        out
    }

    /// The top line, the hints and the message in `rows` rows.
    fn table_lines(&self, width: u16, rows: u16) -> Vec<Line<'static>> {
        let w = width as usize;
        let rows = rows as usize;
        let (top, message) = self.parts(width);
        let hints = self.key_hints(width);
        let prompt = self.app.prompt().is_some();
        match rows {
            0 => Vec::new(),
            1 => {
                let one = if message.is_empty() { top } else { message };
                cut_rows(one, 1, w)
            }
            2 => match (prompt, message.is_empty()) {
                (true, false) => [cut_rows(top, 1, w), cut_rows(message, 1, w)].concat(),
                (false, false) => [cut_rows(message, 1, w), vec![hints]].concat(),
                (_, true) => [cut_rows(top, 1, w), vec![hints]].concat(),
            },
            _ => {
                let room = rows - 1;
                let mut message_rows = message.len().min(room - 1);
                let top_rows = top.len().min(room - message_rows);
                message_rows = message.len().min(room - top_rows);
                let mut out = cut_rows(top, top_rows, w);
                out.push(hints);
                out.extend(cut_rows(message, message_rows, w));
                out
            }
        }
    }
}

impl Widget for &StatusPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        for (row, line) in self.lines(area.width, area.height).into_iter().enumerate() {
            put_line(buf, area, row as u16, line);
        }
    }
}
