//! The whole screen: the panes laid out for the terminal's size. Wide: the
//! round table with the pot and board in the middle, and the log beside it.
//! Narrower: the seats as a list, the log beside or below when it fits.
//! Below 40x12: a notice and nothing else.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::{App, Mode, Overlay, RulingPane, SessionBar, StatusPane};
use crate::table::event::Street;
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::{
    BoardPane, HelpPane, LogPane, PotPane, SeatMarks, SeatsPane, SetupPane, Waiting, centred, fit,
    put_line, wrap,
};

/// The narrowest terminal the screen is drawn in.
pub const MIN_WIDTH: u16 = 40;
/// The shortest terminal the screen is drawn in.
pub const MIN_HEIGHT: u16 = 12;

/// The parts of the table screen.
#[derive(Debug, Clone, Copy)]
struct TableLayout {
    top: Rect,
    table: Rect,
    log: Option<Rect>,
    ruling: Option<Rect>,
    status: Rect,
}

/// Everything on the screen.
#[derive(Debug, Clone)]
pub struct Screen<'a> {
    /// The app.
    pub app: &'a App,
}

impl Screen<'_> {
    fn key(&self, section: Section, action: Action) -> String {
        self.app.keymap().key_label(section, action)
    }

    /// Below the minimum size: what is wrong, that keys are ignored until
    /// it is fixed (all but quit), and the quit question when it is asked.
    fn too_small(&self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let quit = self.key(Section::Table, Action::Quit);
        let mut text = format!(
            "The terminal is {}x{}: floorcall needs at least {MIN_WIDTH}x{MIN_HEIGHT}. Make it bigger. Until then every key is ignored but {quit}, which quits; nothing is lost.",
            area.width, area.height
        );
        match app.ignored_keys() {
            0 => {}
            1 => text.push_str(" 1 key was ignored."),
            n => text.push_str(&format!(" {n} keys were ignored.")),
        }
        if app.overlay() == Some(Overlay::ConfirmQuit) {
            text = format!(
                "Quit? A hand is in progress (the journal keeps it). {} quits, {} stays. {text}",
                self.key(Section::Confirm, Action::Yes),
                self.key(Section::Confirm, Action::No)
            );
        }
        Paragraph::new(text)
            .style(self.app.theme().refusal())
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }

    fn top_bar(&self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let t = app.theme();
        let Some(session) = app.session() else {
            return;
        };
        let st = session.state();
        let h = session.header();
        let street = match st.street {
            Street::Done => "hand over".to_string(),
            s => s.as_str().to_string(),
        };
        let mut blinds = format!("{}/{}", st.small_blind, st.big_blind);
        if !h.setup.ante.is_zero() {
            // A big-blind ante is one ante for the table, not 600 a player.
            let kind = match h.setup.ante_mode {
                crate::table::event::AnteMode::BigBlind => "bb-ante",
                crate::table::event::AnteMode::PerPlayer => "ante",
            };
            blinds.push_str(&format!(" {kind} {}", h.setup.ante));
        }
        let house = &session.hand().rules().name;
        let mut text = format!(
            " floorcall │ {house} │ Hand {} │ Blinds {blinds} │ {street}",
            h.number
        );
        if text.chars().count() > area.width as usize {
            text = format!(" {house} │ Hand {} │ {blinds} │ {street}", h.number);
        }
        let (journal, journal_style) = match session.journal() {
            Some(j) => (
                format!(
                    "journal {} {} ",
                    j.path()
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    j.summary()
                ),
                if j.unusable().is_some() {
                    t.refusal()
                } else {
                    t.info()
                },
            ),
            None => ("not journaled ".to_string(), t.refusal()),
        };
        let room = area.width as usize;
        let text = fit(&text, room);
        let used = text.chars().count();
        let mut spans = vec![Span::styled(text, t.heading())];
        // Short of room, the head without the file's name.
        let journal = match (session.journal(), used + journal.chars().count() >= room) {
            (Some(j), true) => format!("{} ", j.summary()),
            _ => journal,
        };
        let jlen = journal.chars().count();
        if used + jlen < room {
            spans.push(Span::raw(" ".repeat(room - used - jlen)));
            spans.push(Span::styled(journal, journal_style));
        }
        put_line(buf, area, 0, Line::from(spans));
    }

    fn table(&self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let Some(session) = app.session() else {
            return;
        };
        // Between hands the seats show the table as it is now: a
        // colour-up, a correction or chips added since the hand's end, and
        // a seat left (a leave, a disqualification, a bust) empty.
        let state = session.state();
        let now = session.table().filter(|t| {
            !t.in_hand
                && state.occupied().any(|s| {
                    t.seats
                        .get(&s)
                        .is_none_or(|p| p.chips != state.seat(s).stack)
                })
        });
        let between = now.map(|t| {
            let mut st = state.clone();
            for s in state.occupied() {
                let seat = &mut st.seats[s.index()];
                match t.seats.get(&s) {
                    Some(p) => seat.stack = p.chips,
                    None => seat.occupied = false,
                }
            }
            st
        });
        let st = between.as_ref().unwrap_or(session.state());
        let theme = *app.theme();
        let seats = session.header().seats;
        let keyed = app.seat_prefix().and_then(crate::table::Seat::new);
        // Players at the table not dealt this hand wait for the button
        // (or through a re-deal), with their chips.
        let waiting = session.table().map_or_else(Vec::new, |table| {
            table
                .seats
                .iter()
                .filter(|(s, _)| !st.seat(**s).occupied)
                .map(|(s, p)| Waiting {
                    seat: *s,
                    name: p.name.clone(),
                    chips: p.chips,
                })
                .collect()
        });
        // Players whose hands the table kills at the deal, and why.
        let killed = session.table().map_or_else(Vec::new, |table| {
            use crate::session::Presence;
            table
                .seats
                .iter()
                .filter_map(|(s, p)| {
                    let why = match (p.penalty, p.presence) {
                        (n, _) if n > 0 => format!("PENALTY {n}"),
                        (_, Presence::Away) => "away".to_string(),
                        (_, Presence::SittingOut) => "sitting out".to_string(),
                        _ => return None,
                    };
                    Some((*s, why))
                })
                .collect()
        });
        let seats_pane = SeatsPane {
            state: st,
            seats,
            names: &session.header().names,
            marks: SeatMarks::of(session.hand()),
            keyed,
            waiting,
            killed,
            theme,
        };
        let rules = session.hand().rules();
        if seats_pane.round_fits(area) {
            (&seats_pane).render(area, buf);
            let centre = seats_pane.centre(area);
            let pot = PotPane {
                state: st,
                rules,
                centred: true,
                theme,
            };
            let pot_h = pot.height(centre.width);
            let board_h = BoardPane::height(centre.width);
            let total = pot_h + 1 + board_h;
            let y = centre.y + centre.height.saturating_sub(total + 1) / 2;
            let pot_area = Rect {
                y,
                height: pot_h,
                ..centre
            }
            .intersection(centre);
            (&pot).render(pot_area, buf);
            let board_area = Rect {
                y: y + pot_h + 1,
                height: board_h,
                ..centre
            }
            .intersection(centre);
            (&BoardPane {
                board: &st.board,
                centred: true,
                theme,
            })
                .render(board_area, buf);
            if centre.height > total + 2 {
                let label = "dealer";
                let x = centre.x + centre.width.saturating_sub(label.len() as u16) / 2;
                let row = Rect {
                    x,
                    y: centre.bottom() - 1,
                    width: centre.right().saturating_sub(x),
                    height: 1,
                };
                put_line(buf, row, 0, Line::styled(label, theme.faded()));
            }
            return;
        }
        // The list layout: seats, then the pot and the board.
        let pot = PotPane {
            state: st,
            rules,
            centred: false,
            theme,
        };
        let side_by_side = area.width >= 64;
        let pot_h = pot.height(if side_by_side {
            area.width.saturating_sub(26)
        } else {
            area.width
        });
        let board_w = 24u16;
        let board_h = if side_by_side { 3 } else { 1 };
        let info_full = if side_by_side {
            pot_h.max(board_h)
        } else {
            pot_h + board_h
        };
        let seats_need = seats as u16 + 1;
        let roomy = area.height > seats_need + info_full;
        // Short of room, the seats come first: the board and the pot's
        // total keep two lines (the status line says what is to call).
        let info_h = if roomy {
            info_full
        } else {
            2.min(area.height.saturating_sub(1))
        };
        let gap = u16::from(roomy);
        let seats_h = area
            .height
            .saturating_sub(info_h + gap)
            .min(seats_need)
            .max(1);
        let seats_area = Rect {
            height: seats_h.min(area.height),
            ..area
        };
        (&seats_pane).render(seats_area, buf);
        let info = Rect {
            y: area.y + seats_h + gap,
            height: info_h.min(area.bottom().saturating_sub(area.y + seats_h + gap)),
            ..area
        }
        .intersection(area);
        if info.is_empty() {
            return;
        }
        let board = BoardPane {
            board: &st.board,
            centred: false,
            theme,
        };
        if side_by_side {
            let pot_area = Rect {
                width: info.width.saturating_sub(board_w + 2),
                ..info
            };
            (&pot).render(pot_area, buf);
            let board_area = Rect {
                x: info.right().saturating_sub(board_w),
                width: board_w.min(info.width),
                ..info
            };
            (&board).render(board_area, buf);
        } else {
            let board_area = Rect { height: 1, ..info };
            (&board).render(board_area, buf);
            let pot_area = Rect {
                y: info.y + 1,
                height: info.height.saturating_sub(1),
                ..info
            };
            (&pot).render(pot_area, buf);
        }
    }

    /// Where each part of the table screen goes in `area`.
    fn layout(&self, area: Rect) -> Option<TableLayout> {
        let app = self.app;
        let session = app.session()?;
        // The top bar, and the session bar under it when the table has a
        // level clock, a clock on a player or places to show.
        let has_bar = SessionBar { app }.parts().is_some();
        let top_h = if has_bar && area.height >= 16 { 2 } else { 1 };
        let top = Rect {
            height: top_h,
            ..area
        };
        let rest = Rect {
            y: area.y + top_h,
            height: area.height.saturating_sub(top_h),
            ..area
        };
        // The status rows: what they need, wrapped, between a floor (3 rows
        // from 20 rows up, else 2) and a ceiling that leaves the table room.
        let (least, most) = if area.height >= 20 {
            (3, 6.min(area.height / 4).max(3))
        } else {
            (2, 3)
        };
        // The floor's orders take rows of their own (from 16 rows up).
        let floor = StatusPane { app }.floor_lines().len() as u16;
        let most = if area.height >= 16 {
            most + floor
        } else {
            most
        };
        let status_h = StatusPane { app }
            .height(area.width)
            .clamp(least, most)
            .min(rest.height);
        let avail = rest.height - status_h;
        let ruling_h = match app.ruling() {
            Some(panel) => {
                let pane = RulingPane {
                    panel,
                    keymap: app.keymap(),
                    theme: *app.theme(),
                };
                pane.height(area.width)
                    .min(avail.saturating_sub(4))
                    .max(3)
                    .min(avail)
            }
            None => 0,
        };
        let body = Rect {
            height: avail - ruling_h,
            ..rest
        };
        let ruling = (ruling_h > 0).then_some(Rect {
            y: body.bottom(),
            height: ruling_h,
            ..rest
        });
        let status = Rect {
            y: rest.bottom() - status_h,
            height: status_h,
            ..rest
        };
        let w = body.width;
        // Wide: the table on the left, the log on the right.
        let log_w = match w {
            100.. => Some((w * 30 / 100).clamp(30, 60)),
            80..=99 => Some(w - 52),
            _ => None,
        };
        let (table, log) = if let Some(log_w) = log_w {
            (
                Rect {
                    width: w - log_w,
                    ..body
                },
                Some(Rect {
                    x: body.right() - log_w,
                    width: log_w,
                    ..body
                }),
            )
        } else if body.height >= 24 {
            let table_h = session.header().seats as u16 + 7;
            (
                Rect {
                    height: table_h,
                    ..body
                },
                Some(Rect {
                    y: body.y + table_h,
                    height: body.height - table_h,
                    ..body
                }),
            )
        } else {
            (body, None)
        };
        Some(TableLayout {
            top,
            table,
            log,
            ruling,
            status,
        })
    }

    /// Where the log is drawn on a screen of `area`, if it is.
    pub fn log_area(&self, area: Rect) -> Option<Rect> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT || self.app.mode() != Mode::Table {
            return None;
        }
        self.layout(area)?.log
    }

    /// The log as the screen draws it.
    pub fn log_pane(&self) -> Option<LogPane<'_>> {
        let app = self.app;
        let session = app.session()?;
        Some(LogPane {
            hand: session.hand(),
            number: session.header().number,
            earlier: app.earlier_hands(),
            notes: app.table_notes(),
            scroll: app.log_scroll(),
            theme: *app.theme(),
        })
    }

    fn table_screen(&self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let Some(layout) = self.layout(area) else {
            return;
        };
        self.top_bar(layout.top, buf);
        if layout.top.height > 1 {
            let bar = Rect {
                y: layout.top.y + 1,
                height: 1,
                ..layout.top
            };
            (&SessionBar { app }).render(bar, buf);
        }
        if let (Some(panel), Some(rect)) = (app.ruling(), layout.ruling) {
            (&RulingPane {
                panel,
                keymap: app.keymap(),
                theme: *app.theme(),
            })
                .render(rect, buf);
        }
        (&StatusPane { app }).render(layout.status, buf);
        self.table(layout.table, buf);
        if let (Some(log), Some(rect)) = (self.log_pane(), layout.log) {
            (&log).render(rect, buf);
        }
    }

    fn dialog(&self, area: Rect, buf: &mut Buffer, title: &str, text: &str, keys: Line<'static>) {
        let t = self.app.theme();
        let width = area.width.min(64);
        let lines = wrap(text, width.saturating_sub(4) as usize);
        let height = (lines.len() as u16 + 4).min(area.height);
        let rect = centred(area, width, height);
        Clear.render(rect, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(t.to_act())
            .title(Span::styled(format!(" {title} "), t.to_act()));
        let inner = block.inner(rect);
        block.render(rect, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        for (i, line) in lines.into_iter().enumerate() {
            put_line(buf, inner, i as u16, Line::raw(line));
        }
        put_line(buf, inner, inner.height.saturating_sub(1), keys);
    }

    fn yes_no(&self, yes: &str, no: &str) -> Line<'static> {
        let t = self.app.theme();
        Line::from(vec![
            Span::styled(self.key(Section::Confirm, Action::Yes), t.key()),
            Span::raw(format!(" {yes} · ")),
            Span::styled(self.key(Section::Confirm, Action::No), t.key()),
            Span::raw(format!(" {no}")),
        ])
    }
}

impl Widget for &Screen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            self.too_small(area, buf);
            return;
        }
        let app = self.app;
        if let Some(review) = app.review() {
            review.render(area, buf);
            return;
        }
        match app.mode() {
            Mode::Setup => {
                let rect = centred(area, 84, 30);
                (&SetupPane {
                    form: app.setup(),
                    keymap: app.keymap(),
                    theme: *app.theme(),
                })
                    .render(rect, buf);
            }
            Mode::Resume => {
                let text = match app.last_hand() {
                    Some(h) => {
                        let st = crate::table::hand::replay(&h.entries);
                        let turn = st
                            .to_act
                            .map(|s| format!(", seat {} to act", s.number()))
                            .unwrap_or_default();
                        // A floor's table never starts afresh: it is
                        // not offered.
                        let or_new = if app.has_floor() {
                            " Resume it: a table of the floor's tournament goes on with its hand."
                        } else {
                            " Resume it, or start a new table (the old hand stays in the journal)?"
                        };
                        format!(
                            "The journal holds an unfinished hand: hand {} under {}, on the {}{turn} ({} entries).{or_new}",
                            h.header.number,
                            h.header.house,
                            st.street,
                            h.entries.len()
                        )
                    }
                    None => "Resume the journal's hand?".into(),
                };
                let text = match app.message() {
                    Some(m) => format!("{text} {}", m.text),
                    None => text,
                };
                let t = app.theme();
                let mut spans = vec![
                    Span::styled(self.key(Section::Confirm, Action::Yes), t.key()),
                    Span::raw(" resume it"),
                ];
                if !app.has_floor() {
                    spans.push(Span::raw(" · "));
                    spans.push(Span::styled(
                        self.key(Section::Confirm, Action::NewTable),
                        t.key(),
                    ));
                    spans.push(Span::raw(" a new table (asks again)"));
                }
                let keys = Line::from(spans);
                self.dialog(area, buf, "Resume?", &text, keys);
            }
            Mode::Table => self.table_screen(area, buf),
        }
        match app.overlay() {
            Some(Overlay::Help { scroll }) => {
                (&HelpPane {
                    keymap: app.keymap(),
                    scroll,
                    theme: *app.theme(),
                })
                    .render(area, buf);
            }
            Some(Overlay::ConfirmNewTable) => self.dialog(
                area,
                buf,
                "A new table?",
                "Start a new table instead of resuming the hand? The hand stays in the journal unfinished, and the table's players, stacks and button are left behind: the new table starts from the flags or the setup screen.",
                self.yes_no("start a new table", "go back"),
            ),
            Some(Overlay::ConfirmQuit) => self.dialog(
                area,
                buf,
                "Quit?",
                "A hand is in progress. The journal keeps it: `floorcall --resume` takes it up again. Quit now?",
                self.yes_no("quit", "stay"),
            ),
            None => {}
        }
    }
}
