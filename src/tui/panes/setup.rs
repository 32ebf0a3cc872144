//! The table-setup screen: house, seats, button, blinds, ante, stacks and
//! names, with the field in focus marked and the keys from the live map.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Widget};

use super::{fit, put_line, wrap};
use crate::rules::HouseRules;
use crate::table::Chips;
use crate::tui::keymap::{Action, Keymap, Section};
use crate::tui::setup::{Field, SetupForm};
use crate::tui::theme::Theme;

/// The setup form.
#[derive(Debug, Clone)]
pub struct SetupPane<'a> {
    /// The form.
    pub form: &'a SetupForm,
    /// The live key map.
    pub keymap: &'a Keymap,
    /// Colour or not.
    pub theme: Theme,
}

impl SetupPane<'_> {
    fn key(&self, action: Action) -> String {
        self.keymap.key_label(Section::Setup, action)
    }

    fn shown(&self, field: Field) -> String {
        let value = self.form.value(field);
        match field {
            Field::House => {
                let title = HouseRules::built_in(&value)
                    .and_then(Result::ok)
                    .map(|r| format!("  {}", r.title))
                    .unwrap_or_default();
                format!("◂ {value} ▸{title}")
            }
            Field::Seats | Field::Button => format!("◂ {value} ▸"),
            Field::Name(_) => value,
            Field::SeatStack(_) => match value.parse::<u64>() {
                Ok(0) => "0 (empty seat)".into(),
                Ok(n) => Chips(n).to_string(),
                Err(_) => value,
            },
            _ => value
                .parse::<u64>()
                .map(|n| Chips(n).to_string())
                .unwrap_or(value),
        }
    }
}

impl Widget for &SetupPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let t = &self.theme;
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(" floorcall · new table ", t.heading()));
        let inner = block.inner(area);
        block.render(area, buf);
        let fields = self.form.fields();
        let focus = self.form.focus.min(fields.len().saturating_sub(1));
        let label_w = 16usize;
        let value_w = (inner.width as usize).saturating_sub(label_w + 2);
        let mut lines: Vec<Line<'static>> = Vec::new();
        let mut focus_line = 0usize;
        let cell = |field: Field, width: usize| -> Span<'static> {
            let focused = fields.get(focus) == Some(&field);
            let mut value = self.shown(field);
            if focused {
                value.push('▏');
            }
            let text = format!("{:<width$}", fit(&value, width));
            if focused {
                Span::styled(text, t.amount().add_modifier(Modifier::UNDERLINED))
            } else {
                Span::raw(text)
            }
        };
        for (i, field) in fields.iter().enumerate() {
            match field {
                Field::Name(seat) => {
                    if *seat == 0 {
                        lines.push(Line::raw(""));
                        lines.push(Line::styled(
                            format!("  {:<6}{:<18}{}", "Seat", "Name", "Stack"),
                            t.heading(),
                        ));
                    }
                    let focused = focus == i || focus == i + 1;
                    if focused {
                        focus_line = lines.len();
                    }
                    let pointer = if focused { "▶ " } else { "  " };
                    let style = if focused { t.to_act() } else { t.heading() };
                    lines.push(Line::from(vec![
                        Span::styled(format!("{pointer}{:<6}", seat + 1), style),
                        cell(*field, 17),
                        Span::raw(" "),
                        cell(Field::SeatStack(*seat), value_w.saturating_sub(18)),
                    ]));
                }
                Field::SeatStack(_) => {}
                _ => {
                    let focused = i == focus;
                    if focused {
                        focus_line = lines.len();
                    }
                    let pointer = if focused { "▶ " } else { "  " };
                    let label_style = if focused { t.to_act() } else { t.heading() };
                    lines.push(Line::from(vec![
                        Span::styled(
                            format!("{pointer}{:<w$}", field.label(), w = label_w - 2),
                            label_style,
                        ),
                        cell(*field, value_w),
                    ]));
                }
            }
        }
        let mut footer: Vec<Line<'static>> = Vec::new();
        if let Some(note) = self.form.remembered_note() {
            // Values from the last table are marked as remembered.
            for piece in wrap(&note, inner.width as usize) {
                footer.push(Line::styled(piece, t.faded()));
            }
        }
        if let Some(error) = &self.form.error {
            for piece in wrap(&format!("✗ {error}"), inner.width as usize) {
                footer.push(Line::styled(piece, t.refusal()));
            }
        }
        footer.push(Line::from(vec![
            Span::styled(self.key(Action::Start), t.key()),
            Span::raw(" start · "),
            Span::styled(
                format!(
                    "{} {}",
                    self.key(Action::PrevField),
                    self.key(Action::NextField)
                ),
                t.key(),
            ),
            Span::raw(" field · "),
            Span::styled(
                format!(
                    "{} {}",
                    self.key(Action::ChoosePrev),
                    self.key(Action::ChooseNext)
                ),
                t.key(),
            ),
            Span::raw(" choose · type to edit · "),
            Span::styled(self.key(Action::Quit), t.key()),
            Span::raw(" quit"),
        ]));
        let body_h = (inner.height as usize).saturating_sub(footer.len());
        // Scroll so the field in focus stays in view.
        let skip = if lines.len() <= body_h || body_h == 0 {
            0
        } else {
            focus_line
                .saturating_sub(body_h / 2)
                .min(lines.len() - body_h)
        };
        for (row, line) in lines.into_iter().skip(skip).take(body_h).enumerate() {
            put_line(buf, inner, row as u16, line);
        }
        for (i, line) in footer.into_iter().enumerate() {
            let row = body_h + i;
            put_line(buf, inner, row as u16, line);
        }
    }
}
