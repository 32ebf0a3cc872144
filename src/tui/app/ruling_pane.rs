//! The ruling panel: what was entered, each suggested ruling's plain
//! sentence and the rule it cites, and the keys to accept it or to let the
//! floor choose another ruling (recorded as an override).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Widget};

use super::RulingPanel;
use crate::tui::keymap::{Action, Keymap, Section};
use crate::tui::panes::{put_line, wrap};
use crate::tui::theme::Theme;

/// The ruling waiting for the dealer.
#[derive(Debug, Clone)]
pub struct RulingPane<'a> {
    /// The rulings and the floor's choices.
    pub panel: &'a RulingPanel,
    /// The live key map (for the hints).
    pub keymap: &'a Keymap,
    /// Colour or not.
    pub theme: Theme,
}

impl RulingPane<'_> {
    fn key(&self, action: Action) -> String {
        self.keymap.key_label(Section::Ruling, action)
    }

    /// The lines inside the border, for an inner width.
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let t = &self.theme;
        let width = width.max(10) as usize;
        let mut out = Vec::new();
        for ruling in &self.panel.rulings {
            let text = format!("§ {}: {}", ruling.id, ruling.text);
            for (i, piece) in wrap(&text, width).into_iter().enumerate() {
                let style = if i == 0 {
                    t.ruling()
                } else {
                    ratatui::style::Style::new()
                };
                out.push(Line::styled(piece, style));
            }
            let cite = ruling.citation.to_string();
            for piece in wrap(&cite, width.saturating_sub(2)) {
                out.push(Line::styled(
                    format!("  {piece}"),
                    t.faded().add_modifier(Modifier::ITALIC),
                ));
            }
            for option in &ruling.options {
                let text = format!("or the floor rules: {} ({})", option.text, option.line);
                for piece in wrap(&text, width.saturating_sub(2)) {
                    out.push(Line::raw(format!("  {piece}")));
                }
            }
        }
        match &self.panel.choices {
            None => {
                let hint = |a: Action, what: &str| {
                    vec![
                        Span::styled(self.key(a), t.key()),
                        Span::raw(format!(" {what}")),
                    ]
                };
                let mut spans = hint(Action::Accept, "accept");
                spans.push(Span::raw(" · "));
                spans.extend(hint(Action::Override, "the floor rules otherwise"));
                spans.push(Span::raw(" · "));
                spans.extend(hint(Action::CommandBar, "the floor keys a line"));
                spans.push(Span::raw(" · "));
                spans.extend(hint(Action::Undo, "undo"));
                out.push(Line::from(spans));
            }
            Some(choices) => {
                out.push(Line::styled("The floor rules instead:", t.heading()));
                // One choice a line, with what it does to the chips.
                for (i, choice) in choices.iter().enumerate() {
                    let text = format!("{}: {}", choice.label, choice.effect);
                    for (k, piece) in wrap(&text, width.saturating_sub(4)).into_iter().enumerate() {
                        let key = if k == 0 {
                            Span::styled(format!("{} ", i + 1), t.key())
                        } else {
                            Span::raw("  ")
                        };
                        out.push(Line::from(vec![key, Span::raw(piece)]));
                    }
                }
                out.push(Line::from(vec![
                    Span::styled("1-9", t.key()),
                    Span::raw(" choose · "),
                    Span::styled(self.key(Action::CommandBar), t.key()),
                    Span::raw(" the floor keys the line · "),
                    Span::styled(self.key(Action::Cancel), t.key()),
                    Span::raw(" back"),
                ]));
            }
        }
        out
    }

    /// The height the panel wants at a width, borders included.
    pub fn height(&self, width: u16) -> u16 {
        self.lines(width.saturating_sub(2)).len() as u16 + 2
    }
}

impl Widget for &RulingPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let t = &self.theme;
        let title = format!(" Ruling · {} ", self.panel.input);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(t.ruling())
            .title(Span::styled(title, t.ruling()));
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = self.lines(inner.width);
        let n = lines.len();
        // The keys line stays in view when the rulings are cut, and the
        // last text row shown ends with `…`: what is cut is never cut
        // without a mark.
        let room = inner.height as usize;
        for (row, line) in lines.into_iter().enumerate() {
            let target = if n > room && row + 1 == n {
                room.saturating_sub(1)
            } else if row + 1 >= room && n > room {
                continue;
            } else {
                row
            };
            let line = if n > room && row + 2 == room {
                marked_cut(line, inner.width as usize)
            } else {
                line
            };
            put_line(buf, inner, target as u16, line);
        }
    }
}

/// A line whose text goes on below where the panel cuts it: ended with
/// `…`, within `width` (its last character gives way when it is full).
fn marked_cut(line: Line<'static>, width: usize) -> Line<'static> {
    let style = line.style;
    let mut spans = line.spans;
    while spans
        .iter()
        .map(|s| s.content.chars().count())
        .sum::<usize>()
        >= width
    {
        let Some(last) = spans.last_mut() else {
            break;
        };
        let mut text = last.content.to_string();
        if text.pop().is_none() {
            spans.pop();
            continue;
        }
        last.content = text.into();
    }
    spans.push(Span::raw("…"));
    Line::from(spans).style(style)
}
