//! The seats: name, stack, this street's wager, status, and the button and
//! blind marks. Around the table when the area is wide enough, as seen from
//! the dealer's chair (seat 1 on the dealer's left, then clockwise: up the
//! left side, across the top, down the right side); as a list when not.

use std::collections::BTreeMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Widget};

use super::{fit, fit_line, put_line};
use crate::table::event::{Event, Post, Street};
use crate::table::hand::Hand;
use crate::table::state::HandState;
use crate::table::{Chips, Intent, Seat};
use crate::tui::theme::Theme;

/// A seat box's height.
const BOX_H: u16 = 5;
/// The narrowest seat box.
const MIN_BOX_W: u16 = 13;
/// The widest seat box.
const MAX_BOX_W: u16 = 18;

/// Who posted the blinds this hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatMarks {
    /// The small blind's seat.
    pub small_blind: Option<Seat>,
    /// The big blind's seat.
    pub big_blind: Option<Seat>,
}

impl SeatMarks {
    /// The blinds as the hand's first entry posted them.
    pub fn of(hand: &Hand) -> SeatMarks {
        let mut marks = SeatMarks::default();
        if let Some(first) = hand.entries().first() {
            for event in &first.events {
                if let Event::Posted { seat, post, .. } = event {
                    match post {
                        Post::SmallBlind => marks.small_blind = Some(*seat),
                        Post::BigBlind => marks.big_blind = Some(*seat),
                        Post::Ante | Post::Committed => {}
                    }
                }
            }
        }
        marks
    }
}

/// A player at the table not dealt this hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// His seat.
    pub seat: Seat,
    /// His name.
    pub name: String,
    /// His chips.
    pub chips: Chips,
}

/// Every seat of the table.
#[derive(Debug, Clone)]
pub struct SeatsPane<'a> {
    /// The hand.
    pub state: &'a HandState,
    /// Seats at the table (empty ones included).
    pub seats: u8,
    /// Player names by seat number.
    pub names: &'a BTreeMap<u8, String>,
    /// The blinds.
    pub marks: SeatMarks,
    /// The seat keyed ahead of an action, if any.
    pub keyed: Option<Seat>,
    /// Players at the table who are not dealt this hand (a new player
    /// waiting for the button to pass, TDA 7 and 9; one seated before a
    /// re-deal, TDA 34-C): seat, name and chips, shown with them as
    /// waiting, never as empty.
    pub waiting: Vec<Waiting>,
    /// Seats whose hand is killed at the deal, with why (`penalty 3`,
    /// `away`, `sitting out`): shown instead of "folded".
    pub killed: Vec<(Seat, String)>,
    /// Colour or not.
    pub theme: Theme,
}

/// How many seats go on each side, and how many across the top.
fn shape(seats: u8) -> (usize, usize) {
    let n = seats as usize;
    let side = n.div_ceil(3).clamp(1, 3).min(n / 2).max(1);
    (side, n.saturating_sub(2 * side))
}

/// The seat box width for a round table of `seats` in `area`, boxes at
/// least `inner` columns inside, if one fits.
fn box_width(seats: u8, area: Rect, inner: u16) -> Option<u16> {
    let (side, top) = shape(seats);
    let cols = top as u16 + 2;
    let bw = ((area.width + 1) / cols).saturating_sub(1).min(MAX_BOX_W);
    let need_h = (side as u16 * BOX_H + side as u16 - 1).max(BOX_H + 9);
    (bw >= MIN_BOX_W.max(inner + 2) && area.height >= need_h).then_some(bw)
}

/// An action held out of turn in a seat box's few columns: its amount
/// whole, the words shortened (`to 1,200` for "raises to 1,200").
fn held_short(intent: Intent, faced: Chips) -> String {
    match intent {
        Intent::Call(_) => format!("call {faced}"),
        Intent::Bet(to) => format!("bet {to}"),
        Intent::Raise(to) => format!("to {to}"),
        other => crate::table::state::intent_words(other, faced),
    }
}

/// An amount never cut: grouped (`1,999,999`), or where the columns are
/// short, its plain digits (`1999999`: at most 16, the table maximum).
fn amount(chips: Chips, grouped: bool) -> String {
    if grouped {
        chips.to_string()
    } else {
        chips.get().to_string()
    }
}

impl SeatsPane<'_> {
    /// The player waiting in `seat`, if one is.
    fn waiting_at(&self, seat: Seat) -> Option<&Waiting> {
        self.waiting.iter().find(|w| w.seat == seat)
    }

    /// The widest line of amounts a seat box holds (the stack, `bet N`,
    /// `won N`), grouped.
    fn widest_amount(&self) -> u16 {
        (1..=self.seats)
            .filter_map(Seat::new)
            .map(|seat| {
                let s = self.state.seat(seat);
                let stack = s.stack.to_string().chars().count();
                let bet = s.wager.to_string().chars().count() + 4;
                let won = self.won(seat).to_string().chars().count() + 4;
                let held = self
                    .state
                    .held_out_of_turn(seat)
                    .map_or(0, |h| held_short(h.intent, h.faced).chars().count());
                stack.max(bet).max(won).max(held)
            })
            .max()
            .unwrap_or(0) as u16
    }

    fn box_width(&self, area: Rect) -> Option<u16> {
        box_width(self.seats, area, self.widest_amount())
    }

    /// Whether the round table fits in `area`, every amount whole in its
    /// box.
    pub fn round_fits(&self, area: Rect) -> bool {
        self.box_width(area).is_some()
    }

    /// The middle of the round table (for the pot and the board).
    pub fn centre(&self, area: Rect) -> Rect {
        let Some(bw) = self.box_width(area) else {
            return Rect::default();
        };
        let (_, top) = shape(self.seats);
        let y = if top > 0 { area.y + BOX_H } else { area.y };
        let x = area.x + bw + 1;
        Rect {
            x,
            y,
            width: area.width.saturating_sub(2 * bw + 2),
            height: area.bottom().saturating_sub(y),
        }
    }

    /// Each seat's box on a round table, seat 1 first.
    fn boxes(&self, area: Rect, bw: u16) -> Vec<Rect> {
        let (side, top) = shape(self.seats);
        let span_h = area.height - BOX_H;
        let side_y = |j: usize| -> u16 {
            if side == 1 {
                area.y + span_h / 2
            } else {
                area.y + (span_h as usize * j / (side - 1)) as u16
            }
        };
        let at = |x: u16, y: u16| Rect {
            x,
            y,
            width: bw,
            height: BOX_H,
        };
        let mut boxes = Vec::with_capacity(self.seats as usize);
        for j in (0..side).rev() {
            boxes.push(at(area.x, side_y(j)));
        }
        // The top row spreads from the left column to the right one.
        let start = area.x + bw + 1;
        let span = area.width.saturating_sub(2 * bw + 2);
        let free = span.saturating_sub(top as u16 * bw) as usize;
        let room = span.saturating_sub(bw) as usize;
        for i in 0..top {
            let offset = if free > top {
                // Even gaps, the ends included.
                free * (i + 1) / (top + 1) + i * bw as usize
            } else if top == 1 {
                room / 2
            } else {
                // Tight: edge to edge, one column between boxes.
                room * i / (top - 1)
            };
            boxes.push(at(start + offset as u16, area.y));
        }
        let right = area.right() - bw;
        for j in 0..side {
            boxes.push(at(right, side_y(j)));
        }
        boxes
    }

    fn name(&self, n: u8) -> Option<&str> {
        self.names.get(&n).map(String::as_str)
    }

    fn marks(&self, seat: Seat) -> String {
        let mut m = Vec::new();
        if self.state.button == Some(seat) {
            m.push("D");
        }
        if self.marks.small_blind == Some(seat) {
            m.push("SB");
        }
        if self.marks.big_blind == Some(seat) {
            m.push("BB");
        }
        m.join(" ")
    }

    fn won(&self, seat: Seat) -> Chips {
        self.state
            .awards
            .iter()
            .flat_map(|a| a.shares.iter())
            .filter(|(s, _)| *s == seat)
            .map(|(_, c)| *c)
            .sum()
    }

    /// The status word and its style.
    fn status(&self, seat: Seat) -> (String, Style) {
        let st = self.state;
        let s = st.seat(seat);
        let t = &self.theme;
        if !s.occupied {
            let word = if self.waiting_at(seat).is_some() {
                "waiting"
            } else {
                "empty"
            };
            return (word.into(), t.faded());
        }
        if st.to_act == Some(seat) {
            return ("▶ TO ACT".into(), t.to_act());
        }
        if let Some(held) = st.held_out_of_turn(seat) {
            let status = if held.referred {
                "OOT, floor"
            } else {
                "OOT, pending"
            };
            return (status.into(), t.ruling());
        }
        if st.pending.as_ref().is_some_and(|p| p.seat == seat) {
            return ("motion…".into(), t.to_act());
        }
        if s.folded {
            if let Some((_, why)) = self.killed.iter().find(|(k, _)| *k == seat) {
                return (why.clone(), t.ruling());
            }
            return ("folded".into(), t.faded());
        }
        if s.discarded {
            return ("mucked".into(), t.faded());
        }
        if s.all_in() && st.street != Street::Done {
            return ("ALL IN".into(), t.all_in());
        }
        (String::new(), Style::new())
    }

    fn cards(&self, seat: Seat) -> Vec<Span<'static>> {
        let s = self.state.seat(seat);
        let Some(hole) = s.hole.filter(|_| !s.discarded) else {
            return Vec::new();
        };
        let mut spans = Vec::new();
        for (i, c) in hole.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::styled(self.theme.card_text(*c), self.theme.suit(*c)));
        }
        spans
    }

    fn seat_box(&self, n: u8, rect: Rect, buf: &mut Buffer) {
        let Some(seat) = Seat::new(n) else { return };
        let st = self.state;
        let s = st.seat(seat);
        let t = &self.theme;
        let to_act = st.to_act == Some(seat);
        let keyed = self.keyed == Some(seat);
        let marks = self.marks(seat);
        let inner_w = rect.width.saturating_sub(2) as usize;
        let title_room = inner_w.saturating_sub(marks.chars().count() + 1);
        let waiting = self.waiting_at(seat).filter(|_| !s.occupied);
        let name = match waiting {
            Some(w) => Some(w.name.as_str()).filter(|n| !n.is_empty()),
            None => self.name(n),
        };
        let title = match name {
            Some(name) => format!("{n} {name}"),
            None => format!("Seat {n}"),
        };
        let (border, style) = if to_act {
            (BorderType::Thick, t.to_act())
        } else if keyed {
            (BorderType::Double, t.heading())
        } else if !s.occupied || s.folded || s.discarded {
            (BorderType::Plain, t.faded())
        } else {
            (BorderType::Plain, Style::new())
        };
        let mut block = Block::bordered()
            .border_type(border)
            .border_style(style)
            .title(Span::styled(
                fit(&title, title_room),
                style.add_modifier(Modifier::BOLD),
            ));
        if !marks.is_empty() {
            block = block.title_top(Line::from(Span::styled(marks, t.heading())).right_aligned());
        }
        let inner = block.inner(rect);
        block.render(rect, buf);
        if !s.occupied {
            let (word, _) = self.status(seat);
            // A player waiting keeps his chips on the screen.
            if let Some(w) = waiting {
                put_line(buf, inner, 0, Line::styled(w.chips.to_string(), t.amount()));
                put_line(buf, inner, 2, Line::styled(word, t.faded()));
            } else {
                put_line(buf, inner, 1, Line::styled(word, t.faded()));
            }
            return;
        }
        let stack_style = if s.folded { t.faded() } else { t.amount() };
        put_line(
            buf,
            inner,
            0,
            Line::styled(s.stack.to_string(), stack_style),
        );
        let won = self.won(seat);
        if let Some(held) = st.held_out_of_turn(seat) {
            // The action held out of turn, where the bet would show.
            let mut words = crate::table::state::intent_words(held.intent, held.faced);
            if words.chars().count() > inner.width as usize {
                words = held_short(held.intent, held.faced);
            }
            put_line(buf, inner, 1, Line::styled(words, t.ruling()));
        } else if st.skipped == Some(seat) && s.wager.is_zero() {
            // Out-of-turn action bound over this seat: the floor's to rule.
            put_line(buf, inner, 1, Line::styled("skipped (OOT)", t.ruling()));
        } else if !won.is_zero() {
            put_line(buf, inner, 1, Line::styled(format!("won {won}"), t.info()));
        } else if !s.wager.is_zero() {
            put_line(buf, inner, 1, Line::raw(format!("bet {}", s.wager)));
        }
        let (status, status_style) = self.status(seat);
        let mut spans = Vec::new();
        if !status.is_empty() {
            spans.push(Span::styled(status.clone(), status_style));
        }
        let cards = self.cards(seat);
        if !cards.is_empty() && status.chars().count() + 6 <= inner_w {
            if !spans.is_empty() {
                spans.push(Span::raw(" "));
            }
            spans.extend(cards);
        }
        put_line(buf, inner, 2, Line::from(spans));
    }

    fn render_round(&self, area: Rect, bw: u16, buf: &mut Buffer) {
        for (i, rect) in self.boxes(area, bw).into_iter().enumerate() {
            let rect = rect.intersection(area);
            if !rect.is_empty() {
                self.seat_box(i as u8 + 1, rect, buf);
            }
        }
    }

    fn render_list(&self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let w = area.width as usize;
        // Columns: pointer and seat (5), stack (9 or the widest), bet (7 or
        // the widest), status (7); then, as they fit, the position marks,
        // the name, the cards. Amounts are never cut: grouped when the
        // columns fit, else as plain digits.
        let bets = |seat: Seat| {
            let won = self.won(seat);
            if won.is_zero() {
                self.state.seat(seat).wager
            } else {
                won
            }
        };
        let occupied: Vec<Seat> = (1..=self.seats)
            .filter_map(Seat::new)
            .filter(|s| self.state.seat(*s).occupied)
            .collect();
        let widths = |grouped: bool| {
            let len = |c: Chips| {
                if grouped {
                    c.to_string().chars().count()
                } else {
                    c.get().to_string().len()
                }
            };
            let stack = occupied.iter().map(|s| len(self.state.seat(*s).stack));
            let bet = occupied.iter().map(|s| len(bets(*s)) + 1);
            (
                stack.max().unwrap_or(0).max(9),
                bet.max().unwrap_or(0).max(7),
            )
        };
        let (mut stack_w, mut bet_w) = widths(true);
        let grouped = 5 + stack_w + 1 + bet_w + 1 + 7 <= w;
        if !grouped {
            (stack_w, bet_w) = widths(false);
        }
        let fixed = 5 + stack_w + 1 + bet_w + 1 + 7;
        let show_marks = w >= fixed + 6;
        let name_w = w.saturating_sub(fixed + 7).min(12);
        let name_w = if name_w >= 3 { name_w } else { 0 };
        let show_cards = w >= fixed + 7 + name_w + 6;
        let rows = area.height as usize;
        let n = self.seats as usize;
        let header = rows > n || rows >= 6;
        let body_rows = rows.saturating_sub(header as usize);
        // Keep the seat to act (or keyed) in view when not every seat fits.
        let focus = self
            .keyed
            .or(self.state.to_act)
            .map_or(1, |s| s.number() as usize);
        let first = if body_rows >= n || body_rows == 0 {
            1
        } else {
            focus
                .saturating_sub(body_rows / 2)
                .clamp(1, n - body_rows + 1)
        };
        let mut row = 0u16;
        if header {
            let mut h = format!("  {:>2} ", "#");
            if name_w > 0 {
                h.push_str(&format!("{:<name_w$} ", "Name"));
            }
            h.push_str(&format!(
                "{:>stack_w$} {:>bet_w$} {:<7}",
                "Stack", "Bet", "Status"
            ));
            if show_marks {
                h.push_str(" Pos");
            }
            put_line(buf, area, row, Line::styled(h, t.heading()));
            row += 1;
        }
        for number in first..=n {
            if row as usize >= rows {
                break;
            }
            let Some(seat) = Seat::new(number as u8) else {
                break;
            };
            let s = self.state.seat(seat);
            let to_act = self.state.to_act == Some(seat);
            let keyed = self.keyed == Some(seat);
            let (status, status_style) = self.status(seat);
            let status = status.trim_start_matches("▶ ").to_string();
            let base = if to_act {
                t.to_act()
            } else if !s.occupied || s.folded || s.discarded {
                t.faded()
            } else {
                Style::new()
            };
            let pointer = if to_act {
                "▶ "
            } else if keyed {
                "» "
            } else {
                "  "
            };
            let mut spans = vec![Span::styled(format!("{pointer}{number:>2} "), base)];
            let waiting = self.waiting_at(seat).filter(|_| !s.occupied);
            if name_w > 0 {
                let name = match waiting {
                    Some(w) => w.name.as_str(),
                    None => self.name(number as u8).unwrap_or(""),
                };
                let name = fit(name, name_w);
                spans.push(Span::styled(format!("{name:<name_w$} "), base));
            }
            let (stack, bet) = if let Some(w) = waiting {
                (amount(w.chips, grouped), String::new())
            } else if s.occupied {
                let won = self.won(seat);
                let bet = if !won.is_zero() {
                    format!("+{}", amount(won, grouped))
                } else if s.wager.is_zero() {
                    String::new()
                } else {
                    amount(s.wager, grouped)
                };
                (amount(s.stack, grouped), bet)
            } else {
                (String::new(), String::new())
            };
            spans.push(Span::styled(
                format!("{stack:>stack_w$} {bet:>bet_w$} "),
                base,
            ));
            let status = fit(&status, 7);
            spans.push(Span::styled(format!("{status:<7}"), status_style));
            if show_marks {
                spans.push(Span::styled(
                    format!(" {:<5}", self.marks(seat)),
                    t.heading(),
                ));
            }
            if show_cards {
                spans.push(Span::raw(" "));
                spans.extend(self.cards(seat));
            }
            put_line(buf, area, row, fit_line(&Line::from(spans), w));
            row += 1;
        }
        // Seats out of view are never dropped without a sign: how many are
        // above and below, at the right end of the first row.
        let shown = usize::from(row).saturating_sub(header as usize);
        let (above, below) = (first - 1, (n + 1 - first).saturating_sub(shown));
        if above + below > 0 {
            let mark = match (above, below) {
                (0, b) => format!(" ↓{b} more "),
                (a, 0) => format!(" ↑{a} more "),
                (a, b) => format!(" ↑{a} ↓{b} more "),
            };
            let width = mark.chars().count() as u16;
            if width <= area.width {
                buf.set_string(area.right() - width, area.y, mark, t.heading());
            }
        }
    }
}

impl Widget for &SeatsPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        match self.box_width(area) {
            Some(bw) => self.render_round(area, bw, buf),
            None => self.render_list(area, buf),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_of_every_size_have_a_shape() {
        for n in 2..=10u8 {
            let (side, top) = shape(n);
            assert_eq!(2 * side + top, n as usize, "{n}");
            assert!(side >= 1);
        }
        assert_eq!(shape(10), (3, 4));
        assert_eq!(shape(9), (3, 3));
        assert_eq!(shape(6), (2, 2));
        assert_eq!(shape(2), (1, 0));
    }
}
