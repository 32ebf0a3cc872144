//! The action log: the hand's normalized lines street by street, with what
//! was physically entered (dimmed) before what it bound, each ruling inline
//! with its citation, and entries that were undone struck out. Long lines
//! wrap. The newest lines stay in view unless the dealer scrolls back
//! through the hand and the session's earlier hands.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::{fit, put_line, told, wrap_line};
use crate::table::event::Event;
use crate::table::hand::{Hand, live_entries};
use crate::table::{Card, Chips};
use crate::tui::theme::Theme;

/// The log of the hand in play, after the session's earlier hands.
#[derive(Debug, Clone)]
pub struct LogPane<'a> {
    /// The hand.
    pub hand: &'a Hand,
    /// Its number in the session.
    pub number: u32,
    /// The session's earlier hands, oldest first, with their numbers.
    pub earlier: &'a [(u32, Hand)],
    /// The session's lines (a player seated or leaving, hand-for-hand ...)
    /// as they were said, each after the hand it was keyed in or after.
    pub notes: &'a [(u32, String)],
    /// Lines scrolled up from the newest (0: the newest lines in view).
    pub scroll: u16,
    /// Colour or not.
    pub theme: Theme,
}

/// Which entries count (a live retraction cancels its target).
impl LogPane<'_> {
    fn cards(&self, cards: &[Card]) -> Vec<Span<'static>> {
        let t = &self.theme;
        let mut spans = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::styled(t.card_text(*c), t.suit(*c)));
        }
        spans
    }

    fn street_header(&self, name: &str, cards: &[Card]) -> Line<'static> {
        let t = &self.theme;
        let mut spans = vec![Span::styled(format!("── {name} "), t.heading())];
        if !cards.is_empty() {
            spans.extend(self.cards(cards));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled("──", t.heading()));
        Line::from(spans)
    }

    /// The log's lines for a pane `width` columns wide: the earlier hands
    /// (each under its number) and the hand in play, long lines wrapped.
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        self.numbered_lines(width, usize::MAX)
            .into_iter()
            .map(|(_, line)| line)
            .collect()
    }

    /// The log's newest lines, at least `wanted` of them where the session
    /// has that many (whole hands, newest last), each with the number of
    /// the hand it belongs to. Hands further back are not laid out, so a
    /// long session costs nothing while the newest lines are in view.
    fn numbered_lines(&self, width: u16, wanted: usize) -> Vec<(u32, Line<'static>)> {
        let width = width.max(8) as usize;
        let hands = self
            .earlier
            .iter()
            .map(|(n, h)| (*n, h))
            .chain(std::iter::once((self.number, self.hand)));
        let mut newest_first: Vec<Vec<(u32, Line<'static>)>> = Vec::new();
        let mut count = 0;
        for (number, hand) in hands.rev() {
            if count >= wanted {
                break;
            }
            let mut lines = Vec::new();
            if !self.earlier.is_empty() {
                lines.push((
                    number,
                    Line::styled(format!("══ Hand {number} ══"), self.theme.heading()),
                ));
            }
            let notes = self
                .notes
                .iter()
                .filter(|(n, _)| *n == number)
                .map(|(_, text)| Line::styled(format!("· {text}"), self.theme.faded()));
            for line in self.hand_lines(hand).into_iter().chain(notes) {
                for piece in wrap_line(&line, width, 4) {
                    lines.push((number, piece));
                }
            }
            count += lines.len();
            newest_first.push(lines);
        }
        newest_first.into_iter().rev().flatten().collect()
    }

    /// One hand's lines, unwrapped.
    fn hand_lines(&self, hand: &Hand) -> Vec<Line<'static>> {
        let t = &self.theme;
        let entries = hand.entries();
        let live = live_entries(entries);
        let mut out: Vec<Line<'static>> = Vec::new();
        let start_street = entries
            .first()
            .and_then(|e| {
                e.events.iter().find_map(|ev| match ev {
                    Event::HandStarted { setup } => Some(setup.street),
                    _ => None,
                })
            })
            .unwrap_or_default();
        out.push(self.street_header(start_street.as_str(), &[]));
        for entry in entries {
            if entry.retracted_target().is_some() {
                continue;
            }
            if !live[entry.seq as usize] {
                let text = entry.text();
                out.push(Line::styled(
                    format!("✗ {text} (undone)"),
                    t.faded().add_modifier(Modifier::CROSSED_OUT),
                ));
                continue;
            }
            let overridden = entry.overrides().map(str::to_string);
            let physical = entry.events.iter().any(|e| {
                matches!(
                    e,
                    Event::Declared { .. }
                        | Event::ChipsPushed { .. }
                        | Event::Tapped { .. }
                        | Event::Mucked { .. }
                )
            });
            if physical && let Some(line) = &entry.line {
                out.push(Line::styled(format!("  {line}"), t.faded()));
            }
            for event in &entry.events {
                match event {
                    Event::Posted { seat, post, amount } => {
                        out.push(Line::raw(format!(
                            "{seat} post {} {}",
                            post.as_str(),
                            amount.get()
                        )));
                    }
                    Event::ActionBound { action, .. } => {
                        let mut spans = vec![Span::styled(
                            action.to_string(),
                            Style::new().add_modifier(Modifier::BOLD),
                        )];
                        if overridden.is_some() {
                            spans.push(Span::styled("  (floor)", t.ruling()));
                        }
                        out.push(Line::from(spans));
                    }
                    Event::StreetDealt { street, cards } => {
                        out.push(self.street_header(street.as_str(), cards));
                    }
                    Event::ActedOutOfTurn {
                        seat,
                        intent,
                        faced,
                    } => {
                        let words = crate::table::state::intent_words(*intent, *faced);
                        out.push(Line::styled(
                            format!("{seat} {words}, out of turn, pending"),
                            t.ruling(),
                        ));
                    }
                    Event::BoundInPlace { action, .. } => {
                        out.push(Line::from(vec![
                            Span::styled(
                                action.to_string(),
                                Style::new().add_modifier(Modifier::BOLD),
                            ),
                            Span::styled("  (out of turn, binding)", t.ruling()),
                        ]));
                    }
                    Event::OutOfTurnVoided { .. }
                    | Event::HandKilled { .. }
                    | Event::SkippedSeatRuled { .. }
                    | Event::RaiseAllowed { .. }
                    | Event::OutOfTurnReferred { .. } => {
                        out.push(Line::styled(event.to_string(), t.ruling()));
                    }
                    Event::HoleCards { seat, cards } => {
                        let mut spans = vec![Span::styled(format!("{seat} hole "), t.faded())];
                        spans.extend(self.cards(cards));
                        out.push(Line::from(spans));
                    }
                    Event::HandShown { seat, cards } => {
                        let mut spans = vec![Span::raw(format!("{seat} shows "))];
                        spans.extend(self.cards(cards));
                        out.push(Line::from(spans));
                    }
                    Event::HandDiscarded { seat } => {
                        out.push(Line::raw(format!("{seat} mucks")));
                    }
                    Event::BetReturned { seat, amount } => {
                        out.push(Line::raw(format!("{seat} takes back {amount} uncalled")));
                    }
                    Event::PotsAwarded { awards } => {
                        for (i, award) in awards.iter().enumerate() {
                            let name = if i == 0 {
                                "main pot".to_string()
                            } else {
                                format!("side pot {i}")
                            };
                            let shares: Vec<String> = award
                                .shares
                                .iter()
                                .map(|(s, c)| format!("{s} {c}"))
                                .collect();
                            let total: Chips = award.pot.amount;
                            out.push(Line::styled(
                                format!("{name} {total} → {}", shares.join(", ")),
                                t.info(),
                            ));
                        }
                    }
                    Event::RulingSuggested { ruling } => {
                        out.push(Line::styled(format!("  {}", told(ruling)), t.ruling()));
                    }
                    _ => {}
                }
            }
            if let Some(ids) = overridden {
                out.push(Line::styled(
                    format!("  § the floor overrides {ids}"),
                    t.ruling(),
                ));
            }
        }
        out
    }
}

impl Widget for &LogPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let inner = Block::bordered().inner(area);
        let wanted = (inner.height as usize).saturating_add(self.scroll as usize);
        let lines = self.numbered_lines(inner.width, wanted);
        let bottom = lines.len().saturating_sub(inner.height as usize);
        let scroll = (self.scroll as usize).min(bottom);
        let skip = bottom - scroll;
        // Scrolled back, the title says which hand is at the top and how
        // far the newest line is.
        let title = match lines.get(skip) {
            Some((number, _)) if scroll > 0 => format!(" Hand {number} · {scroll} more ↓ "),
            _ => format!(" Hand {} ", self.number),
        };
        let title = fit(&title, area.width.saturating_sub(2) as usize);
        let block = Block::bordered().title(Span::styled(title, self.theme.heading()));
        block.render(area, buf);
        for (row, (_, line)) in lines.into_iter().skip(skip).enumerate() {
            put_line(buf, inner, row as u16, line);
        }
    }
}
