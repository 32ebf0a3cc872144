//! The review drawn: `&Review` renders the hand list, or a hand at a
//! step (the table screen's seats, board, pot and log panes on the hand
//! as it stood, with the entry's details below; beside it the same hand
//! under the house compared), and changes nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::{Review, ReviewHand, View};
use crate::table::hand::Hand;
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::{BoardPane, LogPane, PotPane, SeatMarks, SeatsPane, fit};

impl Review {
    /// The keys of `actions` in a section of the live map, joined by `/`.
    fn keys_of(&self, section: Section, actions: &[Action]) -> String {
        let keys: Vec<String> = actions
            .iter()
            .map(|a| self.keys.key_label(section, *a))
            .collect();
        keys.join("/")
    }

    /// The list's keys line.
    fn list_keys(&self) -> String {
        let key = |a| self.keys_of(Section::Review, &[a]);
        let leave = if self.embedded {
            format!("{} the table", key(Action::Cancel))
        } else {
            format!("{} quit", key(Action::Quit))
        };
        format!(
            " {} choose · {} open · {} compare · {leave} · ! a hand with an override or undo",
            self.keys_of(Section::Review, &[Action::ScrollUp, Action::ScrollDown]),
            key(Action::Open),
            key(Action::Compare),
        )
    }

    /// A hand's keys line; compared, the differences' keys too.
    fn hand_keys(&self, compared: bool) -> String {
        let keys = |actions: &[Action]| self.keys_of(Section::ReviewHand, actions);
        let rulings = keys(&[Action::NextRuling, Action::PrevRuling]);
        let jumps = if compared {
            format!(
                "{rulings} ruling · {} difference",
                keys(&[Action::NextDifference, Action::PrevDifference])
            )
        } else {
            format!("{rulings} next/previous ruling")
        };
        format!(
            " {} step · {} · {jumps} · {} compare · {} back · {} quit",
            keys(&[Action::PrevStep, Action::NextStep]),
            keys(&[Action::ScrollTop, Action::ScrollBottom]),
            keys(&[Action::Compare]),
            keys(&[Action::Cancel]),
            keys(&[Action::Quit]),
        )
    }

    fn top(&self, text: String, area: Rect, buf: &mut Buffer) {
        let line = Line::styled(fit(&text, area.width as usize), self.theme.heading());
        line.render(Rect { height: 1, ..area }, buf);
    }

    fn bottom(&self, text: String, area: Rect, buf: &mut Buffer) {
        if area.height == 0 {
            return;
        }
        let text = match &self.message {
            Some(m) => format!("{m} {text}"),
            None => text,
        };
        let style = if self.message.is_some() {
            self.theme.refusal()
        } else {
            self.theme.faded()
        };
        let row = Rect {
            y: area.bottom() - 1,
            height: 1,
            ..area
        };
        Line::styled(fit(&text, area.width as usize), style).render(row, buf);
    }

    fn render_list(&self, area: Rect, buf: &mut Buffer) {
        self.top(
            format!(
                " floorcall review │ {} │ {} hands",
                self.title,
                self.hands.len()
            ),
            area,
            buf,
        );
        self.bottom(self.list_keys(), area, buf);
        let body = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        };
        let versus = self.compared().map(|r| r.name.clone());
        let mut heading =
            "   Hand  Time      Players        Pot  Winners       Rulings Overrides Undos"
                .to_string();
        if let Some(name) = &versus {
            heading.push_str(&format!("  Differ ({name})"));
        }
        let mut rows = vec![Line::styled(heading, self.theme.heading())];
        if self.hands.is_empty() {
            rows.push(Line::raw("   The journal has no hand yet."));
        }
        let room = body.height.saturating_sub(1) as usize;
        let first = self.selected.saturating_sub(room.saturating_sub(1));
        for (i, h) in self.hands.iter().enumerate().skip(first).take(room) {
            let s = &h.summary;
            let mark = if s.corrected() { '!' } else { ' ' };
            let cursor = if i == self.selected { '>' } else { ' ' };
            let winners = if s.winners.is_empty() {
                "unfinished".to_string()
            } else {
                s.winners.join(" ")
            };
            let differ = match &h.other {
                Some(o) if o.cannot_run.is_some() => "  cannot play".to_string(),
                Some(o) => format!("  {:>6}", o.differing()),
                None => String::new(),
            };
            let text = format!(
                "{cursor}{mark} {:>4}  {:<8}  {:>7}  {:>9}  {:<12}  {:>7} {:>9} {:>5}{differ}",
                s.number,
                s.time.as_deref().unwrap_or("-"),
                s.players,
                s.pot.to_string(),
                fit(&winners, 12),
                s.rulings,
                s.overrides,
                s.undos
            );
            let mut style = Style::new();
            if i == self.selected {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if s.corrected() {
                style = style.patch(self.theme.ruling());
            }
            rows.push(Line::styled(text, style));
        }
        for (row, line) in rows.into_iter().enumerate() {
            let Ok(y) = u16::try_from(row) else { break };
            if y >= body.height {
                break;
            }
            let width = body.width as usize;
            let line = Line::styled(fit(&line.to_string(), width), line.style);
            line.render(
                Rect {
                    y: body.y + y,
                    height: 1,
                    ..body
                },
                buf,
            );
        }
    }

    fn render_hand(&self, h: &ReviewHand, step: usize, area: Rect, buf: &mut Buffer) {
        let last = h.hand.entries.len().saturating_sub(1);
        let hand = h.at(step);
        let other = h.other_at(step);
        let st = hand.state();
        let to_act = st
            .to_act
            .map_or("no one to act".to_string(), |s| format!("{s} to act"));
        let mark = match h.corrections.get(step) {
            Some(Some(_)) => " │ CORRECTION",
            _ => "",
        };
        let versus = match &h.other {
            Some(o) if o.cannot_run.is_some() => format!(" │ vs {}: cannot play it", o.rules.name),
            Some(o) if h.differs(step) => format!(" │ vs {}: DIFFERS", o.rules.name),
            Some(o) => format!(" │ vs {}: {} steps differ", o.rules.name, o.differing()),
            None => String::new(),
        };
        self.top(
            format!(
                " review │ Hand {} │ {} │ entry {step} of {last} │ {} │ {to_act}{mark}{versus}",
                h.summary.number,
                h.rules.name,
                st.street.as_str()
            ),
            area,
            buf,
        );
        self.bottom(self.hand_keys(h.other.is_some()), area, buf);
        let mut body = Rect {
            y: area.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        };
        // A house that cannot play the hand is said once, at the top, not
        // on every step.
        if let (Some(o), Some(why)) = (&h.other, h.cannot_run()) {
            let said = format!(" Under {} this hand cannot be played: {why}", o.rules.name);
            let lines = crate::tui::panes::wrap(&said, body.width.max(1) as usize);
            let rows = (lines.len() as u16).min(body.height / 3).max(1);
            for (y, line) in lines.iter().take(rows as usize).enumerate() {
                let text = if y + 1 == rows as usize && lines.len() > rows as usize {
                    fit(&format!("{line}…"), body.width as usize)
                } else {
                    line.clone()
                };
                Line::styled(text, self.theme.refusal()).render(
                    Rect {
                        y: body.y + y as u16,
                        height: 1,
                        ..body
                    },
                    buf,
                );
            }
            body.y += rows;
            body.height = body.height.saturating_sub(rows);
        }
        let mut details = h.details(step);
        details.extend(h.other_details(step));
        let width = body.width.saturating_sub(2).max(1) as usize;
        let wrapped: Vec<String> = details
            .iter()
            .flat_map(|d| crate::tui::panes::wrap(d, width))
            .collect();
        let detail_h = (wrapped.len() as u16 + 2).min(body.height / 2).max(3);
        let detail_area = Rect {
            y: body.bottom().saturating_sub(detail_h),
            height: detail_h.min(body.height),
            ..body
        };
        let top = Rect {
            height: body.height.saturating_sub(detail_area.height),
            ..body
        };
        let block = Block::bordered().title(Span::styled(
            format!(" Entry {step} "),
            self.theme.heading(),
        ));
        let inner = block.inner(detail_area);
        block.render(detail_area, buf);
        for (row, text) in wrapped.iter().enumerate() {
            let Ok(y) = u16::try_from(row) else { break };
            if y >= inner.height {
                break;
            }
            let style = if text.starts_with("UNDO")
                || text.starts_with("REDO")
                || text.starts_with("OVERRIDE")
            {
                self.theme.refusal()
            } else if text.starts_with("Ruling") || text.starts_with("Under") {
                self.theme.ruling()
            } else {
                Style::new()
            };
            Line::styled(text.clone(), style).render(
                Rect {
                    y: inner.y + y,
                    height: 1,
                    ..inner
                },
                buf,
            );
        }
        match (&other, &h.other) {
            // Side by side: the journal's house on the left, the other on
            // the right, each with its own title.
            (Some(other), Some(reading)) => {
                let half = top.width / 2;
                let left = Rect { width: half, ..top };
                let right = Rect {
                    x: top.x + half,
                    width: top.width - half,
                    ..top
                };
                self.render_table(
                    h,
                    &hand,
                    Some(format!("{} (in force)", h.rules.name)),
                    left,
                    buf,
                );
                let title = if h.differs(step) {
                    format!("{} DIFFERS", reading.rules.name)
                } else {
                    reading.rules.name.clone()
                };
                self.render_table(h, other, Some(title), right, buf);
            }
            _ => {
                // The table on the left, the log on the right when there
                // is room.
                let log_w = if top.width >= 80 {
                    top.width * 2 / 5
                } else {
                    0
                };
                let table = Rect {
                    width: top.width - log_w,
                    ..top
                };
                if log_w > 0 {
                    let log = LogPane {
                        hand: &hand,
                        number: h.summary.number,
                        earlier: &[],
                        notes: &[],
                        scroll: 0,
                        theme: self.theme,
                    };
                    (&log).render(
                        Rect {
                            x: table.right(),
                            width: log_w,
                            ..top
                        },
                        buf,
                    );
                }
                self.render_table(h, &hand, None, table, buf);
            }
        }
    }

    /// The seats, the board and the pot of `hand` in `area`, under a title
    /// line when one is given.
    fn render_table(
        &self,
        h: &ReviewHand,
        hand: &Hand,
        title: Option<String>,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let mut table = area;
        if let Some(title) = title {
            if table.height == 0 {
                return;
            }
            let style = if title.ends_with("DIFFERS") {
                self.theme.refusal()
            } else {
                self.theme.heading()
            };
            Line::styled(fit(&format!(" {title}"), table.width as usize), style)
                .render(Rect { height: 1, ..table }, buf);
            table.y += 1;
            table.height -= 1;
        }
        let st = hand.state();
        let header = &h.hand.header;
        let seats = SeatsPane {
            state: st,
            seats: header.seats,
            names: &header.names,
            marks: SeatMarks::of(hand),
            keyed: None,
            waiting: h.waiting.clone(),
            killed: Vec::new(),
            theme: self.theme,
        };
        let pot = PotPane {
            state: st,
            rules: hand.rules(),
            centred: false,
            theme: self.theme,
        };
        let seats_h = (u16::from(header.seats) + 1).min(table.height);
        (&seats).render(
            Rect {
                height: seats_h,
                ..table
            },
            buf,
        );
        let rest = Rect {
            y: table.y + seats_h,
            height: table.height - seats_h,
            ..table
        };
        if rest.height == 0 {
            return;
        }
        (&BoardPane {
            board: &st.board,
            centred: false,
            theme: self.theme,
        })
            .render(Rect { height: 1, ..rest }, buf);
        (&pot).render(
            Rect {
                y: rest.y + 1,
                height: rest.height - 1,
                ..rest
            },
            buf,
        );
    }
}

impl Widget for &Review {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.width < 20 || area.height < 6 {
            Line::raw(fit("Make the terminal bigger.", area.width as usize)).render(area, buf);
            return;
        }
        match (self.view, self.hands.get(self.selected)) {
            (View::Hand { step }, Some(h)) => self.render_hand(h, step, area, buf),
            _ => self.render_list(area, buf),
        }
    }
}
