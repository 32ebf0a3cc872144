//! The board: five places, the cards dealt so far in them. Drawn as card
//! boxes when there is room, on one line when not; suits in colour, or as
//! the letters the dealer types under `NO_COLOR`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::put_line;
use crate::table::Card;
use crate::tui::theme::Theme;

/// The board cards.
#[derive(Debug, Clone)]
pub struct BoardPane<'a> {
    /// The cards dealt, in order.
    pub board: &'a [Card],
    /// Centre the cards in the area.
    pub centred: bool,
    /// Colour or not.
    pub theme: Theme,
}

/// The width of the boxed board.
const BOXED_W: u16 = 5 * 4 + 4;
/// The width of the one-line board.
const LINE_W: u16 = 5 * 2 + 4;

impl BoardPane<'_> {
    /// The height the pane draws in a given width: 3 boxed, 1 on a line.
    pub fn height(width: u16) -> u16 {
        if width >= BOXED_W { 3 } else { 1 }
    }

    fn left(&self, area: Rect, width: u16) -> u16 {
        if self.centred {
            area.x + area.width.saturating_sub(width) / 2
        } else {
            area.x
        }
    }

    fn boxed(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let x0 = self.left(area, BOXED_W);
        let area = Rect {
            x: x0,
            width: area.right().saturating_sub(x0),
            ..area
        };
        let mut rows: [Vec<Span>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for i in 0..5 {
            let gap = if i > 0 { " " } else { "" };
            match self.board.get(i) {
                Some(card) => {
                    rows[0].push(Span::raw(format!("{gap}┌──┐")));
                    rows[1].push(Span::raw(format!("{gap}│")));
                    rows[1].push(Span::styled(t.card_text(*card), t.suit(*card)));
                    rows[1].push(Span::raw("│"));
                    rows[2].push(Span::raw(format!("{gap}└──┘")));
                }
                None => {
                    rows[0].push(Span::styled(format!("{gap}┌╌╌┐"), t.faded()));
                    rows[1].push(Span::styled(format!("{gap}╎  ╎"), t.faded()));
                    rows[2].push(Span::styled(format!("{gap}└╌╌┘"), t.faded()));
                }
            }
        }
        for (i, spans) in rows.into_iter().enumerate() {
            put_line(buf, area, i as u16, Line::from(spans));
        }
    }

    fn inline(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let x0 = self.left(area, LINE_W);
        let area = Rect {
            x: x0,
            width: area.right().saturating_sub(x0),
            ..area
        };
        let mut spans = Vec::new();
        for i in 0..5 {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            match self.board.get(i) {
                Some(card) => spans.push(Span::styled(t.card_text(*card), t.suit(*card))),
                None => spans.push(Span::styled("··", t.faded())),
            }
        }
        put_line(buf, area, 0, Line::from(spans));
    }
}

impl Widget for &BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        if area.width >= BOXED_W && area.height >= 3 {
            self.boxed(area, buf);
        } else {
            self.inline(area, buf);
        }
    }
}
