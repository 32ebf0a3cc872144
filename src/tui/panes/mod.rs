//! The panes: each renders from borrowed state (`impl Widget for &Pane`)
//! and changes nothing. `Screen` lays them out for the terminal's size.
//!
//! Every pane must draw into any area, however small, without panicking:
//! rectangles are clipped to the area and lines to its width.

mod board;
mod help;
mod log;
mod pot;
mod ruling;
mod screen;
mod seats;
mod setup;
mod status;

pub use board::BoardPane;
pub use help::HelpPane;
pub use log::LogPane;
pub use pot::PotPane;
pub use ruling::RulingPane;
pub use screen::{MIN_HEIGHT, MIN_WIDTH, Screen};
pub use seats::{SeatMarks, SeatsPane};
pub use setup::SetupPane;
pub use status::StatusPane;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// Renders `line` on row `row` of `area`, clipped to it.
fn put_line(buf: &mut Buffer, area: Rect, row: u16, line: Line<'_>) {
    if row >= area.height || area.width == 0 {
        return;
    }
    let rect = Rect {
        x: area.x,
        y: area.y + row,
        width: area.width,
        height: 1,
    }
    .intersection(buf.area);
    if !rect.is_empty() {
        line.render(rect, buf);
    }
}

/// Greedy word wrap by characters (the screen's text is narrow-width).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut len = 0usize;
    for word in text.split_whitespace() {
        let wlen = word.chars().count();
        if len > 0 && len + 1 + wlen > width {
            lines.push(std::mem::take(&mut current));
            len = 0;
        }
        if len > 0 {
            current.push(' ');
            len += 1;
        }
        if wlen > width {
            // A word longer than the line is cut into pieces.
            for ch in word.chars() {
                if len == width {
                    lines.push(std::mem::take(&mut current));
                    len = 0;
                }
                current.push(ch);
                len += 1;
            }
        } else {
            current.push_str(word);
            len += wlen;
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// A rectangle of `width` x `height` centred in `area`, clipped to it.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Text cut to `width` characters, with `…` when cut.
fn fit(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_whole_and_cuts_long_ones() {
        assert_eq!(wrap("a bb ccc", 4), vec!["a bb", "ccc"]);
        assert_eq!(wrap("abcdef", 4), vec!["abcd", "ef"]);
        assert_eq!(wrap("", 4), vec![""]);
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
    }
}
