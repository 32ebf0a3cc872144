//! The pot: the total, then the main and side pots with the seats that may
//! win each, and for the seat to act the amount to call and the minimum
//! raise-to. Once the hand is done, who won what.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::HouseRules;
use crate::table::event::{Pot, Street};
use crate::table::state::HandState;
use crate::table::{Chips, Seat};
use crate::tui::theme::Theme;

/// The pot and what the seat to act faces.
#[derive(Debug, Clone)]
pub struct PotPane<'a> {
    /// The hand.
    pub state: &'a HandState,
    /// The house rules (the minimum raise).
    pub rules: &'a HouseRules,
    /// Centre the lines (on the round table) or not (beside a list).
    pub centred: bool,
    /// Colour or not.
    pub theme: Theme,
}

/// Seat numbers, runs of three or more written as ranges: `1-4 6 8`.
fn seats(list: &[Seat]) -> String {
    let numbers: Vec<u8> = list.iter().map(|s| s.number()).collect();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}-{}", numbers[i], numbers[j]));
        } else {
            parts.extend(numbers[i..=j].iter().map(|n| n.to_string()));
        }
        i = j + 1;
    }
    parts.join(" ")
}

/// The pots as a dealer reads them mid-street: a seat still in the hand
/// with chips behind can still match any pot, so it is eligible for all;
/// an all-in seat only for the pots its chips reach. Neighbouring pots
/// that then have the same seats are one pot.
pub fn display_pots(state: &HandState) -> Vec<Pot> {
    let open: Vec<Seat> = state.live().filter(|s| !state.seat(*s).all_in()).collect();
    let mut out: Vec<Pot> = Vec::new();
    for mut pot in state.pots() {
        for s in &open {
            if !pot.eligible.contains(s) {
                pot.eligible.push(*s);
            }
        }
        pot.eligible.sort();
        match out.last_mut() {
            Some(last) if last.eligible == pot.eligible => last.amount += pot.amount,
            _ => out.push(pot),
        }
    }
    out
}

fn pot_name(i: usize) -> String {
    if i == 0 {
        "Main".into()
    } else {
        format!("Side {i}")
    }
}

impl PotPane<'_> {
    /// The pane's lines.
    pub fn lines(&self) -> Vec<Line<'static>> {
        let st = self.state;
        let t = &self.theme;
        let mut lines = Vec::new();
        if st.street == Street::Done && st.misdealt {
            // Every chip went back (TDA 34-C): there was no pot to award.
            lines.push(Line::from(vec![
                Span::styled("Misdealt", t.heading()),
                Span::raw(": no pot awarded"),
            ]));
            return lines;
        }
        if st.street == Street::Done {
            let total: Chips = st.awards.iter().map(|a| a.pot.amount).sum();
            lines.push(Line::from(vec![
                Span::styled("Pot ", t.heading()),
                Span::styled(total.to_string(), t.amount()),
                Span::raw(" awarded"),
            ]));
            for (i, award) in st.awards.iter().enumerate() {
                let winners: Vec<String> = award
                    .shares
                    .iter()
                    .map(|(s, c)| {
                        if award.shares.len() > 1 {
                            format!("{s} {c}")
                        } else {
                            s.to_string()
                        }
                    })
                    .collect();
                lines.push(Line::from(vec![
                    Span::raw(format!("{} {} → ", pot_name(i), award.pot.amount)),
                    Span::styled(winners.join(", "), t.info()),
                ]));
            }
            return lines;
        }
        lines.push(Line::from(vec![
            Span::styled("Pot ", t.heading()),
            Span::styled(st.pot().to_string(), t.amount()),
        ]));
        let pots: Vec<Pot> = display_pots(st);
        for (i, pot) in pots.iter().enumerate() {
            lines.push(Line::raw(format!(
                "{} {} · seats {}",
                pot_name(i),
                pot.amount,
                seats(&pot.eligible)
            )));
        }
        if let Some(seat) = st.to_act {
            // Two short lines, so that no amount is ever cut off.
            let to_call = st.to_call(seat);
            let s = st.seat(seat);
            let mut first = vec![Span::styled(format!("Seat {} ", seat.number()), t.to_act())];
            if to_call.is_zero() {
                first.push(Span::raw("has nothing to call"));
            } else {
                first.push(Span::raw("to call "));
                first.push(Span::styled(to_call.to_string(), t.amount()));
            }
            lines.push(Line::from(first));
            if st.can_raise(seat, self.rules) {
                let min = st.min_raise_to(self.rules);
                let word = if st.current_bet.is_zero() {
                    "min bet "
                } else {
                    "min raise to "
                };
                let amount = if min >= s.max_to() {
                    format!("{} (all in)", s.max_to())
                } else {
                    min.to_string()
                };
                lines.push(Line::from(vec![
                    Span::raw(word),
                    Span::styled(amount, t.amount()),
                ]));
            } else if !to_call.is_zero() {
                lines.push(Line::raw("no raise: call or fold"));
            }
        }
        lines
    }
}

impl PotPane<'_> {
    /// The rows the pane needs at a width, long lines wrapped.
    pub fn height(&self, width: u16) -> u16 {
        let width = width.max(1) as usize;
        self.lines()
            .iter()
            .map(|l| l.width().max(1).div_ceil(width) as u16)
            .sum()
    }
}

impl Widget for &PotPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let align = if self.centred {
            Alignment::Center
        } else {
            Alignment::Left
        };
        // Wrapped, never cut: a long line goes on the next row.
        Paragraph::new(self.lines())
            .alignment(align)
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}
