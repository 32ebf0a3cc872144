//! The panes: each renders from borrowed state (`impl Widget for &Pane`)
//! and changes nothing. They are given their data (a hand, a form, a
//! keymap), never the app: the app (`tui::app::Screen`) lays them out for
//! the terminal's size, and the review draws them too.
//!
//! Every pane must draw into any area, however small, without panicking:
//! rectangles are clipped to the area and lines to its width.

mod board;
mod help;
mod log;
mod pot;
mod seats;
mod setup;

pub use board::BoardPane;
pub use help::{HelpPane, help_start};
pub use log::LogPane;
pub use pot::PotPane;
pub use seats::{SeatMarks, SeatsPane, Waiting};
pub use setup::SetupPane;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::Ruling;

/// Renders `line` on row `row` of `area`, clipped to it.
pub(crate) fn put_line(buf: &mut Buffer, area: Rect, row: u16, line: Line<'_>) {
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
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
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
pub(crate) fn centred(area: Rect, width: u16, height: u16) -> Rect {
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
pub(crate) fn fit(text: &str, width: usize) -> String {
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

/// A ruling as told on the status line and in the log: its id, where the
/// book says it, and its sentence.
pub fn told(ruling: &Ruling) -> String {
    let c = &ruling.citation;
    format!(
        "§ {} ({} rule {}): {}",
        ruling.id, c.rulebook, c.rule, ruling.text
    )
}

/// The characters of a line, each with its style.
fn styled_chars(line: &Line<'_>) -> Vec<(char, Style)> {
    let base = line.style;
    line.spans
        .iter()
        .flat_map(|span| {
            let style = base.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect()
}

/// A line from styled characters, runs of one style as one span.
fn line_of(chars: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for (c, s) in chars {
        if style != Some(*s) {
            if let Some(style) = style {
                spans.push(Span::styled(std::mem::take(&mut text), style));
            }
            style = Some(*s);
        }
        text.push(*c);
    }
    if let Some(style) = style {
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}

/// A styled line word-wrapped to `width` columns, its styles kept; the
/// lines after the first start with `indent` spaces. A word longer than a
/// line is cut into pieces; nothing is lost.
pub(crate) fn wrap_line(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let indent = indent.min(width.saturating_sub(1));
    let chars = styled_chars(line);
    let n = chars.len();
    let mut out = Vec::new();
    let mut start = 0;
    while start < n {
        let first = out.is_empty();
        let room = if first { width } else { width - indent };
        let end = if n - start <= room {
            n
        } else {
            let limit = start + room;
            (start + 1..=limit)
                .rev()
                .find(|&i| chars[i].0 == ' ')
                .unwrap_or(limit)
        };
        let mut piece: Vec<(char, Style)> = Vec::new();
        if !first {
            piece.extend(std::iter::repeat_n((' ', Style::new()), indent));
        }
        let mut chunk = &chars[start..end];
        while let Some(((' ', _), rest)) = chunk.split_last() {
            chunk = rest;
        }
        piece.extend_from_slice(chunk);
        out.push(line_of(&piece));
        start = end;
        while start < n && chars[start].0 == ' ' && !out.is_empty() {
            start += 1;
        }
    }
    if out.is_empty() {
        out.push(Line::default());
    }
    out
}

/// A styled line cut to `width` columns, with `…` where it was cut.
pub(crate) fn fit_line(line: &Line<'_>, width: usize) -> Line<'static> {
    let chars = styled_chars(line);
    if chars.len() <= width {
        return line_of(&chars);
    }
    if width == 0 {
        return Line::default();
    }
    let mut kept = chars[..width - 1].to_vec();
    let style = kept.last().map_or(Style::new(), |(_, s)| *s);
    kept.push(('…', style));
    line_of(&kept)
}

/// Wrapped lines cut to `rows`, the last one kept ending in `…` when some
/// were cut.
pub(crate) fn cut_rows(
    mut lines: Vec<Line<'static>>,
    rows: usize,
    width: usize,
) -> Vec<Line<'static>> {
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.pop() {
        let mut chars = styled_chars(&last);
        chars.truncate(width.saturating_sub(1));
        let style = chars.last().map_or(Style::new(), |(_, s)| *s);
        chars.push(('…', style));
        lines.push(line_of(&chars));
    }
    lines
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

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn styled_lines_wrap_cut_and_keep_their_styles() {
        let bold = Style::new().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![
            Span::raw("s4 raise "),
            Span::styled("1,999,999", bold),
        ]);
        let wrapped = wrap_line(&line, 12, 2);
        assert_eq!(text(&wrapped), ["s4 raise", "  1,999,999"]);
        assert_eq!(wrapped[1].spans.last().map(|s| s.style), Some(bold));
        assert_eq!(
            text(&wrap_line(&Line::raw("abcdefgh"), 3, 0)),
            ["abc", "def", "gh"]
        );
        assert_eq!(text(&wrap_line(&Line::raw(""), 3, 0)), [""]);
        assert_eq!(fit_line(&line, 8).to_string(), "s4 rais…");
        assert_eq!(fit_line(&line, 40).to_string(), "s4 raise 1,999,999");
        let cut = cut_rows(wrap_line(&Line::raw("one two three four"), 5, 0), 2, 5);
        assert_eq!(text(&cut), ["one", "two…"]);
    }
}
