//! The session bar under the top bar: the level and its blinds, the time
//! left and the next level (or the break), the clock paused, hand-for-hand,
//! the clock on a player, and the places of those who are out. Shown when
//! the table has any of them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::{App, minutes_seconds};
use crate::session::{ClockRun, Stage, Table};
use crate::tui::panes::{fit, put_line};
use crate::tui::theme::Theme;

/// The session bar.
#[derive(Debug, Clone)]
pub struct SessionBar<'a> {
    /// The app.
    pub app: &'a App,
}

impl SessionBar<'_> {
    /// The bar's parts and their styles, or None when the table has nothing
    /// to show (no structure, no clock on a player, no places).
    pub fn parts(&self) -> Option<Vec<(String, Style)>> {
        let session = self.app.session()?;
        let table = session.table()?;
        let theme = self.app.theme();
        let now = session.now_ms();
        let mut parts = level_parts(table, now, theme);
        let on_penalty: Vec<String> = table
            .seats
            .iter()
            .filter(|(_, p)| p.penalty > 0)
            .map(|(s, p)| format!("s{} {} hand(s)", s.number(), p.penalty))
            .collect();
        if !on_penalty.is_empty() {
            parts.push((
                format!("Penalty: {}", on_penalty.join(", ")),
                theme.refusal(),
            ));
        }
        // The hand just over, its end not yet taken by the table: the
        // table as the next line finds it (its players out placed at
        // once), folded only in that state, not at every frame.
        let after = (table.in_hand && !session.hand_open())
            .then(|| session.table_between_hands())
            .flatten();
        let now_table = after.as_ref().unwrap_or(table);
        // Hand-for-hand holds a table with a hand to deal: not one broken
        // or won (fewer than two players left once the hand is over).
        if table.hand_for_hand && now_table.players_in() >= 2 {
            parts.push(("HAND-FOR-HAND".into(), theme.refusal()));
        }
        if let Some(clock) = self.app.player_clock_text() {
            parts.push((clock, theme.refusal()));
        }
        if !now_table.places.is_empty() {
            // At a floor's table its own count is not the tournament's
            // place: the floor's is shown, once it has given it.
            let floor = self.app.floor_places();
            // Each place once, its players after it: `4th= Dan, Fay`.
            let mut out: Vec<String> = Vec::new();
            // The last player with chips at a table of its own (no floor,
            // whose tables play on elsewhere) has won: 1st.
            if floor.is_none() && now_table.players_in() == 1 {
                let winner = now_table.seats.iter().find(|(_, p)| !p.chips.is_zero());
                if let Some((seat, p)) = winner {
                    match p.name.as_str() {
                        "" => out.push(format!("1st s{}", seat.number())),
                        name => out.push(format!("1st {name}")),
                    }
                }
            }
            let mut shown: Option<String> = None;
            for f in &now_table.places {
                let who = match f.name.as_str() {
                    "" => format!("s{}", f.seat.number()),
                    name => name.to_string(),
                };
                let place = App::place_of(f, &now_table.places, floor.as_ref());
                match place {
                    Some(p) if shown.as_ref() == Some(&p) => out.push(who),
                    Some(p) => {
                        out.push(format!("{p} {who}"));
                        shown = Some(p);
                    }
                    None => out.push(format!("{who} (the floor places)")),
                }
            }
            let label = if out.first().is_some_and(|o| o.starts_with("1st ")) {
                "Places"
            } else {
                "Out"
            };
            parts.push((format!("{label}: {}", out.join(", ")), theme.faded()));
        }
        (!parts.is_empty()).then_some(parts)
    }
}

/// The level clock's parts: `Level 3 200/400 ante 50`, `12:34 left` (or
/// `PAUSED 12:34`), `next 300/600`; a break reads `BREAK 10:00 left`; a
/// break called at the table comes first, with its own countdown (`BREAK
/// 9:42 left`, or `BREAK 3:10` since an open one began), and the level
/// shows the time it will have after it.
fn level_parts(table: &Table, now: i64, theme: &Theme) -> Vec<(String, Style)> {
    let mut parts = Vec::new();
    let mut break_left = 0u64;
    if let Some(b) = table.table_break {
        let text = match b.until_ms {
            Some(until) => {
                break_left = u64::try_from(until.saturating_sub(now)).unwrap_or(0);
                match break_left {
                    0 => "BREAK over: n deals".to_string(),
                    left => format!("BREAK {} left", minutes_seconds(left)),
                }
            }
            None => format!(
                "BREAK {} (until the next hand)",
                minutes_seconds(u64::try_from(now.saturating_sub(b.from_ms)).unwrap_or(0))
            ),
        };
        parts.push((text, theme.refusal()));
    }
    if table.structure.stages.is_empty() {
        return parts;
    }
    let mut reading = table.level_clock.at(now);
    reading.remaining_ms = reading.remaining_ms.saturating_sub(break_left);
    let stage = reading.stage;
    let on_break = matches!(table.structure.stages.get(stage), Some(Stage::Break { .. }));
    if on_break {
        parts.push(("BREAK".to_string(), theme.refusal()));
    } else {
        let level = table.structure.level_number(stage);
        let blinds = table
            .blinds_at(now)
            .map(|b| b.text())
            .unwrap_or_else(|| "no blinds".into());
        parts.push((format!("Level {level} {blinds}"), theme.heading()));
    }
    let left = minutes_seconds(reading.remaining_ms);
    match (reading.finished, table.level_clock.run) {
        (true, _) => parts.push(("last level".into(), theme.faded())),
        (false, ClockRun::Paused) => parts.push((format!("PAUSED {left} left"), theme.refusal())),
        (false, ClockRun::Stopped) => parts.push((format!("{left} (not started)"), theme.faded())),
        (false, ClockRun::Running { .. }) => parts.push((format!("{left} left"), theme.amount())),
    }
    let next = table
        .structure
        .stages
        .iter()
        .skip(stage + 1)
        .find_map(|s| match s {
            Stage::Level { blinds, .. } => Some(blinds.text()),
            Stage::Break { .. } => None,
        });
    let break_next = matches!(
        table.structure.stages.get(stage + 1),
        Some(Stage::Break { .. })
    );
    match (break_next, next) {
        (true, _) => parts.push(("then a break".into(), theme.faded())),
        (false, Some(next)) => parts.push((format!("next {next}"), theme.faded())),
        (false, None) => {}
    }
    parts
}

impl Widget for &SessionBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(parts) = self.parts() else {
            return;
        };
        let mut spans = vec![Span::raw(" ")];
        let mut used = 1usize;
        let room = area.width as usize;
        for (i, (text, style)) in parts.into_iter().enumerate() {
            let sep = if i == 0 { "" } else { " │ " };
            let len = sep.chars().count() + text.chars().count();
            if used + len > room {
                // What does not fit is cut at the edge, never wrapped.
                let left = room.saturating_sub(used + sep.chars().count());
                if left > 3 {
                    spans.push(Span::raw(sep));
                    spans.push(Span::styled(fit(&text, left), style));
                }
                break;
            }
            spans.push(Span::raw(sep));
            spans.push(Span::styled(text, style));
            used += len;
        }
        put_line(buf, area, 0, Line::from(spans));
    }
}
