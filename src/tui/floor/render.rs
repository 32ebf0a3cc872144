//! The floor screen drawn: `&FloorScreen` renders the clock and the
//! reader's link on top, the tournament's counts, forks and hand-for-hand
//! under them, the tables in the middle, the moves due and the busts on
//! the right, the message and the keys at the bottom; or the review of a
//! table's hands when one is open. It changes nothing but the number of
//! tables a row holds, which the arrows read.
//!
//! The tables are drawn as cards (each seat on its line) while they all
//! fit; past that, one line per table, scrolled to keep the selected one
//! in view, its card on the right: 100 tables read on one screen.
//! Without colour everything still reads by words: `RULING`, `CLOCK`,
//! `QUIET`, `FORK`, `broken`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use super::{FloorDesk, FloorScreen, TableView, Tone, stage_name};
use crate::floor::{ReaderStatus, TableGlance, moves_due};
use crate::session::table::ordinal;
use crate::session::{ClockRun, PlayerClockReading, Stage};
use crate::table::Chips;
use crate::tui::app::needs_the_floor;
use crate::tui::keymap::{Action, Section};
use crate::tui::panes::fit;

/// The narrowest table card.
const CARD_WIDTH: u16 = 34;
/// The widest table card.
const CARD_MAX_WIDTH: u16 = 46;
/// How long a table may write nothing while the clock runs before the
/// floor marks it quiet (offline, or stopped without a word).
pub const QUIET_MS: i64 = 3 * 60 * 1000;

/// `12:05` from milliseconds, rounded up to the second (a clock that
/// reads 0:00 has run out).
fn minutes(ms: u64) -> String {
    let secs = ms.div_ceil(1000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

impl<D: FloorDesk> FloorScreen<D> {
    fn line(&self, text: String, style: Style, area: Rect, y: u16, buf: &mut Buffer) {
        if y < area.bottom() {
            let row = Rect {
                y,
                height: 1,
                ..area
            };
            Line::styled(fit(&text, area.width as usize), style).render(row, buf);
        }
    }

    /// The top line: the level, its time, the next stage, and the link.
    fn clock_text(&self) -> (String, String) {
        let structure = self.desk.structure();
        let clock = match self.desk.clock() {
            None => {
                let first = structure
                    .stages
                    .first()
                    .map(|_| format!(" │ {}", stage_name(structure, 0)))
                    .unwrap_or_default();
                format!(
                    "the clock has not started ({} starts it){first}",
                    self.key(Action::LevelClock)
                )
            }
            Some(clock) => {
                let r = clock.at(self.now_ms);
                let mut s = if r.finished {
                    format!(
                        "{} │ the structure has run out",
                        stage_name(structure, r.stage)
                    )
                } else {
                    format!(
                        "{} │ {} left",
                        stage_name(structure, r.stage),
                        minutes(r.remaining_ms)
                    )
                };
                if !r.finished && structure.stages.len() > r.stage + 1 {
                    s.push_str(&format!(" │ next {}", stage_name(structure, r.stage + 1)));
                }
                match clock.run {
                    ClockRun::Paused => s.push_str(" │ PAUSED"),
                    ClockRun::Stopped => s.push_str(" │ not started"),
                    ClockRun::Running { .. } => {}
                }
                s
            }
        };
        let mut link = match self.desk.status() {
            ReaderStatus::Live => "database live".to_string(),
            ReaderStatus::Connecting => "connecting to the database".to_string(),
            ReaderStatus::Offline { since, .. } => format!("DATABASE OFFLINE since {since}"),
        };
        if let Some(page) = &self.page {
            link.push_str(&format!(" │ page {page}"));
        }
        (format!(" floorcall floor │ {clock}"), link)
    }

    /// A typed question too wide for the message line, cut in its
    /// question so that the key that submits and what the TD has typed
    /// so far stay in view (`... [agr… Enter: entry Zed`).
    fn answer_kept(&self, text: String, width: usize) -> String {
        let Some(typed) = self.asking.as_ref().and_then(super::Ask::typed) else {
            return text;
        };
        let submit = self.keys.key_label(Section::Prompt, Action::Submit);
        let answer = format!(" {submit}: {typed}");
        let kept = answer.chars().count();
        match text.strip_suffix(answer.trim_start()) {
            Some(question) if text.chars().count() > width && width > kept => {
                format!("{}{answer}", fit(question.trim_end(), width - kept))
            }
            _ => text,
        }
    }

    /// Players left, the average and the largest stack, the tables.
    /// The chips in play against the chips issued (issue 35.6), and
    /// whether they agree: ` chips: 480,000 in play of 480,000 issued`,
    /// what does not add up said after it. None before any table plays.
    fn chips_text(&self) -> Option<(String, bool)> {
        let room = match &self.room {
            Err(why) if why.is_empty() => return None,
            Err(why) => return Some((format!(" chips: {why}"), false)),
            Ok(room) => room,
        };
        if room.issued == 0 && room.seated == 0 {
            return None;
        }
        let mut s = format!(
            " chips: {} in play of {} issued",
            Chips(room.in_play()),
            Chips(room.issued)
        );
        s.push_str(&room.not_seated_text());
        if let Some(problem) = room.problems.first() {
            s.push_str(&format!(": {problem}"));
            if room.problems.len() > 1 {
                s.push_str(&format!(" (and {} more)", room.problems.len() - 1));
            }
        }
        Some((s, room.problems.is_empty()))
    }

    fn counts_text(&self) -> String {
        let floor = self.desk.floor();
        let standing = floor.standing();
        if let Some((name, table)) = &standing.winner {
            return format!(
                " {name} wins ({table}) │ {} players │ every place given",
                standing.field
            );
        }
        let (left, seated) = (standing.left, standing.seated);
        let mut s = format!(" {} left of {}", count(left, "player"), standing.field);
        if left > seated {
            s.push_str(&format!(" ({} to be seated)", left - seated));
        }
        if let Some(average) = standing.average {
            s.push_str(&format!(" │ average {average}"));
        }
        if let Some((name, table, chips)) = &standing.largest {
            s.push_str(&format!(" │ largest {chips} {name} ({table})"));
        }
        let playing = floor.live_tables().len();
        s.push_str(&format!(" │ {} playing", count(playing, "table")));
        match floor.next_to_break() {
            Some(t) => s.push_str(&format!(" │ next to break: {t}")),
            None if playing == 1 => s.push_str(" │ the final table"),
            None => {}
        }
        s
    }

    /// The forks the database recorded, in a sentence.
    fn forks_text(&self) -> Option<String> {
        let forks = self.desk.forks();
        if forks.is_empty() {
            return None;
        }
        let named: Vec<String> = forks
            .iter()
            .map(|(t, seq)| match t {
                Some(t) => format!("{t} record {seq}"),
                None => format!("the floor's record {seq}"),
            })
            .collect();
        Some(format!(
            " FORK: two versions of {} reached the database: check with floorcall floor verify.",
            named.join(", ")
        ))
    }

    /// What the screen marks about a table beyond its hand: a ruling, a
    /// clock, silence, hand-for-hand waiting. With its style.
    fn alerts(&self, t: &TableView, g: &TableGlance) -> Vec<(String, Style)> {
        let theme = &self.theme;
        let mut out = Vec::new();
        if let Some(p) = &g.ruling {
            let ids: Vec<&str> = p
                .rulings
                .iter()
                .filter(|r| needs_the_floor(r))
                .map(|r| r.id.as_str())
                .collect();
            if !ids.is_empty() {
                out.push((format!("RULING {}", ids.join(", ")), theme.ruling()));
                out.push((format!("  on \"{}\"", p.text), theme.ruling()));
            }
        }
        if let Some(c) = g.player_clock {
            let text = match (g.clock_expired, c.at(self.now_ms)) {
                (true, _) | (_, PlayerClockReading::Expired) => {
                    format!("CLOCK on s{}: TIME", c.seat.number())
                }
                (_, PlayerClockReading::Thinking { remaining_ms }) => {
                    format!("CLOCK on s{}: {}", c.seat.number(), minutes(remaining_ms))
                }
                (_, PlayerClockReading::Counting { remaining_ms }) => format!(
                    "CLOCK on s{}: COUNT {}",
                    c.seat.number(),
                    remaining_ms.div_ceil(1000)
                ),
            };
            out.push((text, theme.to_act()));
        }
        let floor = self.desk.floor();
        if floor.hand_for_hand.is_some()
            && floor.waiting_for().contains(&t.name)
            && floor.winner().is_none()
        {
            let (round, dealt) = floor.hand_for_hand.as_ref().map_or((0, 0), |h| {
                (h.round, h.dealt.get(&t.name).copied().unwrap_or(0))
            });
            // Behind the round: the hand it plays is the one before, and
            // the round's hand is still to deal.
            let text = match (round, dealt < round) {
                (0, _) => "hand-for-hand: the hand before it to finish".to_string(),
                (r, true) => format!("hand-for-hand: hand {r} to deal"),
                (r, false) => format!("hand-for-hand: hand {r} to finish"),
            };
            out.push((text, theme.heading()));
        }
        let running = self.desk.clock().is_some_and(|c| {
            matches!(c.run, ClockRun::Running { .. })
                && matches!(
                    self.desk.structure().stages.get(c.at(self.now_ms).stage),
                    Some(Stage::Level { .. }) | None
                )
        });
        if let Some(last) = g.last_record
            && running
            && !t.broken
            && !g.on_break
            && self.now_ms - last.unix_ms > QUIET_MS
        {
            let at: String = last.local_clock().chars().take(5).collect();
            out.push((format!("QUIET since {at}: offline?"), theme.refusal()));
        }
        out
    }

    /// The line under a card's title: the hand in play, or why not.
    fn hand_text(t: &TableView, g: &TableGlance) -> String {
        if t.broken {
            return "broken".into();
        }
        match g.street {
            Some(street) => {
                let mut s = format!("{street} · pot {}", g.pot);
                if let Some(seat) = g.to_act {
                    s.push_str(&format!(" · s{} to act", seat.number()));
                }
                s
            }
            None if g.on_break => "on a break".into(),
            // A light table keys no hands: its players out and counts.
            None => match g.light {
                Some(0) => "light: outs and counts".into(),
                Some(n) if n > 0 => format!("light: {} uncounted", Chips(n.unsigned_abs())),
                Some(n) => format!("light: counts {} over", Chips(n.unsigned_abs())),
                None => "between hands".into(),
            },
        }
    }

    /// A table drawn as a card in `area`.
    fn card(&self, index: usize, area: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        let t = &self.tables[index];
        let selected = index == self.selected;
        let title = match &t.glance {
            Ok(g) if g.hand > 0 => format!(" {} · hand {} ", t.name, g.hand),
            _ => format!(" {} ", t.name),
        };
        let alerts = match &t.glance {
            Ok(g) => self.alerts(t, g),
            Err(_) => Vec::new(),
        };
        let border = if t.broken {
            theme.faded()
        } else if let Some((_, style)) = alerts.first() {
            *style
        } else if selected {
            theme.heading()
        } else {
            Style::new()
        };
        let block = Block::bordered()
            .border_type(if selected {
                BorderType::Double
            } else if alerts.is_empty() {
                BorderType::Plain
            } else {
                BorderType::Thick
            })
            .border_style(border)
            .title(Span::styled(title, border.add_modifier(Modifier::BOLD)));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = inner.width as usize;
        let mut lines: Vec<Line> = Vec::new();
        match &t.glance {
            Err(why) if t.not_started => {
                lines.push(Line::styled(fit("not started", width), theme.faded()));
                for chunk in wrap(why, width) {
                    lines.push(Line::styled(chunk, theme.faded()));
                }
            }
            Err(why) => {
                lines.push(Line::styled(
                    fit("RECORD UNREADABLE", width),
                    theme.refusal(),
                ));
                for chunk in wrap(why, width) {
                    lines.push(Line::styled(chunk, theme.refusal()));
                }
            }
            Ok(g) => {
                let faded = t.broken;
                let base = if faded { theme.faded() } else { Style::new() };
                lines.push(Line::styled(fit(&Self::hand_text(t, g), width), base));
                if !t.broken {
                    for s in &g.seats {
                        lines.push(self.seat_line(g, s, width));
                    }
                }
                for (text, style) in &alerts {
                    lines.push(Line::styled(fit(text, width), *style));
                }
            }
        }
        // The alerts matter more than the last seats: they keep the
        // bottom lines when the card is short.
        let room = inner.height as usize;
        if lines.len() > room {
            let keep_tail = alerts.len().min(room.saturating_sub(1));
            let head = room - keep_tail;
            let tail: Vec<Line> = lines.split_off(lines.len() - keep_tail);
            lines.truncate(head);
            lines.extend(tail);
        }
        for (i, line) in lines.into_iter().enumerate() {
            line.render(
                Rect {
                    y: inner.y + i as u16,
                    height: 1,
                    ..inner
                },
                buf,
            );
        }
    }

    /// One seat of a card: `▶ 4 Ann        24,000  in 600`.
    fn seat_line(
        &self,
        g: &TableGlance,
        s: &crate::floor::SeatGlance,
        width: usize,
    ) -> Line<'static> {
        let theme = &self.theme;
        let to_act = g.to_act == Some(s.seat);
        let mark = if to_act { '▶' } else { ' ' };
        let button = if g.button == Some(s.seat) { 'B' } else { ' ' };
        let name: String = s.name.chars().take(12).collect();
        let mut text = format!(
            "{mark}{:>2}{button} {name:<12} {:>9}",
            s.seat.number(),
            s.chips
        );
        if !s.in_pot.is_zero() {
            text.push_str(&format!(" in {}", s.in_pot));
        }
        if s.all_in {
            text.push_str(" all in");
        }
        let style = if to_act {
            theme.to_act()
        } else if s.folded {
            theme.faded()
        } else if s.all_in {
            theme.all_in()
        } else {
            Style::new()
        };
        Line::styled(fit(&text, width), style)
    }

    /// A table on one line: `>T1  42 flop  4,500  9 12,000-31,500 s4 Ann  RULING`.
    fn row(&self, index: usize, width: usize) -> Line<'static> {
        let theme = &self.theme;
        let t = &self.tables[index];
        let cursor = if index == self.selected { '>' } else { ' ' };
        let name: String = t.name.chars().take(6).collect();
        let (text, style, alerts) = match &t.glance {
            Err(why) if t.not_started => (
                format!("{cursor}{name:<6} not started: {why}"),
                theme.faded(),
                Vec::new(),
            ),
            Err(why) => (
                format!("{cursor}{name:<6} RECORD UNREADABLE: {why}"),
                theme.refusal(),
                Vec::new(),
            ),
            Ok(g) if t.broken => (
                format!("{cursor}{name:<6} {:>4} broken", g.hand),
                theme.faded(),
                Vec::new(),
            ),
            Ok(g) => {
                let street = g.street.map_or(
                    if g.on_break { "break" } else { "between" }.to_string(),
                    |s| s.to_string(),
                );
                let to_act = g
                    .to_act
                    .and_then(|seat| g.seats.iter().find(|s| s.seat == seat))
                    .map(|s| {
                        let name: String = s.name.chars().take(10).collect();
                        format!("s{} {name}", s.seat.number())
                    })
                    .unwrap_or_default();
                let stacks: Vec<u64> = g
                    .seats
                    .iter()
                    .map(|s| s.chips.get() + s.in_pot.get())
                    .filter(|c| *c > 0)
                    .collect();
                let range = match (stacks.iter().min(), stacks.iter().max()) {
                    (Some(lo), Some(hi)) => {
                        format!("{}-{}", crate::table::Chips(*lo), crate::table::Chips(*hi))
                    }
                    _ => String::new(),
                };
                let pot = if g.in_hand() {
                    g.pot.to_string()
                } else {
                    String::new()
                };
                (
                    format!(
                        "{cursor}{name:<6} {:>4} {street:<7} {pot:>7} {:>2} {range:>15} {to_act}",
                        g.hand,
                        g.players(),
                    ),
                    Style::new(),
                    self.alerts(t, g),
                )
            }
        };
        let style = if index == self.selected {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        };
        let mut spans = vec![Span::styled(text, style)];
        for (a, s) in alerts {
            spans.push(Span::raw(" "));
            spans.push(Span::styled(a, s));
        }
        crate::tui::panes::fit_line(&Line::from(spans), width)
    }

    /// The right column: the moves due, the next table to break, busts.
    fn side(&self, area: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        let floor = self.desk.floor();
        let width = area.width as usize;
        let mut lines: Vec<Line> = Vec::new();
        lines.push(Line::styled(fit("Moves due", width), theme.heading()));
        let mut any = false;
        if let Some(p) = &floor.pending {
            any = true;
            lines.push(Line::styled(
                fit(
                    &format!("proposed ({} confirms):", self.key(Action::ConfirmMoves)),
                    width,
                ),
                theme.to_act(),
            ));
            for m in &p.moves {
                lines.push(Line::raw(fit(&move_text(m), width)));
            }
            if !p.halted.is_empty() {
                lines.push(Line::raw(fit(
                    &format!(
                        " {} halts ({})",
                        p.halted.join(", "),
                        floor.rules.tournament.halt_short_by.citation.brief()
                    ),
                    width,
                )));
            }
        }
        let due = moves_due(&floor.records, |name| self.glance_of(name));
        if !due.is_empty() {
            any = true;
            lines.push(Line::styled(
                fit("confirmed, not yet done:", width),
                theme.heading(),
            ));
            for d in &due {
                let m = &d.mv;
                lines.push(Line::raw(fit(&move_text(m), width)));
                // What each table still has to key.
                if !d.left {
                    lines.push(Line::styled(
                        fit(&format!("   {}: seat {} leave", m.from, m.from_seat), width),
                        theme.faded(),
                    ));
                }
                if !d.arrived {
                    // The chips his leave journaled: until it is read,
                    // none (the proposal's figure is from before a hand).
                    let sit = match d.chips {
                        Some(chips) => {
                            format!("   {}: seat {} sit {chips} {}", m.to, m.to_seat, m.player)
                        }
                        None => format!(
                            "   {}: seat {} sit, chips of {}'s leave",
                            m.to, m.to_seat, m.from
                        ),
                    };
                    lines.push(Line::styled(fit(&sit, width), theme.faded()));
                }
            }
        }
        if !any {
            lines.push(Line::styled(fit(" none", width), theme.faded()));
        }
        // What the floor's state asks of the TD now, with its key.
        if floor.pending.is_none() && due.is_empty() {
            let break_key = self.key(Action::BreakTable);
            let advice = if floor.final_table_due() {
                Some(format!(
                    "final table due: {break_key} ({} players)",
                    floor.players_left()
                ))
            } else if let Some(t) = floor.break_due() {
                Some(format!(
                    "{t} due to break: {break_key} ({} players fit)",
                    floor.players_left()
                ))
            } else if floor.out_of_balance() {
                Some(format!(
                    "out of balance: {} proposes the moves",
                    self.key(Action::ProposeMoves)
                ))
            } else {
                None
            };
            if let Some(a) = advice {
                lines.push(Line::styled(fit(&format!(" {a}"), width), theme.to_act()));
            }
        }
        if let Some(t) = floor.next_to_break() {
            lines.push(Line::raw(fit(&format!("next to break: {t}"), width)));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            fit(&format!("Busts ({})", floor.busts.len()), width),
            theme.heading(),
        ));
        if floor.busts.is_empty() {
            lines.push(Line::styled(fit(" none yet", width), theme.faded()));
        }
        let mut busts: Vec<_> = floor.busts.iter().collect();
        busts.sort_by_key(|b| b.place);
        if let Some((name, table)) = floor.winner() {
            lines.push(Line::styled(
                fit(
                    &format!(" {:>5} {name} ({table}), the winner", ordinal(1)),
                    width,
                ),
                theme.to_act(),
            ));
        } else if floor.players_left() == 1
            && let Some((table, seat)) = floor.unsold_stack()
        {
            // The last player in wins once the stack placed for a late
            // entrant is gone (UPT Tournament 6).
            let seat = seat.number();
            lines.push(Line::styled(
                fit(
                    &format!(" no winner while {table} seat {seat} holds an unsold stack: {table}: seat {seat} no-show"),
                    width,
                ),
                theme.to_act(),
            ));
        }
        for b in &busts {
            // A place shared (UPT Tournament 35) reads `4th=`.
            let tie = if busts.iter().filter(|o| o.place == b.place).count() > 1 {
                "="
            } else {
                ""
            };
            lines.push(Line::raw(fit(
                &format!(
                    " {:>5} {} ({}, hand {})",
                    format!("{}{tie}", ordinal(b.place)),
                    b.player,
                    b.table,
                    b.hand
                ),
                width,
            )));
        }
        for (i, line) in lines.into_iter().take(area.height as usize).enumerate() {
            line.render(
                Rect {
                    y: area.y + i as u16,
                    height: 1,
                    ..area
                },
                buf,
            );
        }
    }

    /// The tables: cards while they all fit, else one line each.
    fn tables_area(&self, area: Rect, side: Option<Rect>, buf: &mut Buffer) -> Option<Rect> {
        let n = self.tables.len();
        if n == 0 {
            self.line(
                " No table yet: the floor shows each table once its journal reaches the database."
                    .into(),
                self.theme.faded(),
                area,
                area.y,
                buf,
            );
            self.columns.set(1);
            return side;
        }
        let seats = self
            .desk
            .floor()
            .tables
            .iter()
            .map(|t| t.seats)
            .max()
            .unwrap_or(9);
        // Borders, the hand's line, a line a seat, two for what is marked.
        let card_height = u16::from(seats) + 5;
        let columns = (area.width / CARD_WIDTH).max(1).min(n as u16);
        let rows = area.height / card_height;
        if usize::from(columns) * usize::from(rows) >= n {
            let width = (area.width / columns).min(CARD_MAX_WIDTH);
            self.columns.set(columns.into());
            for i in 0..n {
                let (c, r) = (i as u16 % columns, i as u16 / columns);
                let card = Rect {
                    x: area.x + c * width,
                    y: area.y + r * card_height,
                    width,
                    height: card_height,
                };
                self.card(i, card, buf);
            }
            return side;
        }
        // One line a table, the selected one kept in view; its card on
        // the right, above the moves.
        self.columns.set(1);
        let heading = format!(
            " {:<6} {:>4} {:<7} {:>7} {:>2} {:>15} {}",
            "Table", "Hand", "Street", "Pot", "Pl", "Stacks", "To act"
        );
        self.line(heading, self.theme.heading(), area, area.y, buf);
        let mut room = area.height.saturating_sub(1) as usize;
        if room < n {
            // The last line says which tables are shown.
            room = room.saturating_sub(1);
        }
        let first = self.selected.saturating_sub(room.saturating_sub(1));
        for (k, i) in (first..n).take(room).enumerate() {
            let row = Rect {
                y: area.y + 1 + k as u16,
                height: 1,
                ..area
            };
            self.row(i, area.width as usize).render(row, buf);
        }
        if room < n {
            let shown = format!(
                " tables {} to {} of {n}: {}/{} for the others",
                first + 1,
                (first + room).min(n),
                self.key(Action::TableUp),
                self.key(Action::TableDown)
            );
            self.line(
                shown,
                self.theme.faded(),
                area,
                area.y + 1 + room as u16,
                buf,
            );
        }
        let side = side?;
        let height = (card_height).min(side.height);
        self.card(self.selected, Rect { height, ..side }, buf);
        Some(Rect {
            y: side.y + height,
            height: side.height - height,
            ..side
        })
    }

    fn help(&self, area: Rect, buf: &mut Buffer) {
        let lines = self.help_lines();
        let width = (lines
            .iter()
            .map(|(k, w)| k.chars().count() + w.len() + 4)
            .max()
            .unwrap_or(20) as u16
            + 2)
        .min(area.width);
        let height = (lines.len() as u16 + 2).min(area.height);
        let at = Rect {
            x: area.x + (area.width - width) / 2,
            y: area.y + (area.height - height) / 2,
            width,
            height,
        };
        Clear.render(at, buf);
        let block = Block::bordered().title(Span::styled(
            " Keys (any key closes) ",
            self.theme.heading(),
        ));
        let inner = block.inner(at);
        block.render(at, buf);
        for (i, (k, what)) in lines.iter().enumerate().take(inner.height as usize) {
            let line = Line::from(vec![
                Span::styled(format!("{k:>10}"), self.theme.key()),
                Span::raw(format!("  {what}")),
            ]);
            crate::tui::panes::fit_line(&line, inner.width as usize).render(
                Rect {
                    y: inner.y + i as u16,
                    height: 1,
                    ..inner
                },
                buf,
            );
        }
    }
}

/// A move as the TD reads it: `Ann: T3 s4 → T1 s7, 24,000`.
fn move_text(m: &crate::tournament::Move) -> String {
    format!(
        " {}: {} s{} → {} s{}, {}",
        m.player,
        m.from,
        m.from_seat,
        m.to,
        m.to_seat,
        crate::table::Chips(m.chips)
    )
}

/// `text` cut into lines of `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out.into_iter().map(|l| fit(&l, width)).collect()
}

impl<D: FloorDesk> Widget for &FloorScreen<D> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if let Some(review) = &self.review {
            review.render(area, buf);
            return;
        }
        let theme = &self.theme;
        let (clock, link) = self.clock_text();
        let offline = matches!(self.desk.status(), ReaderStatus::Offline { .. });
        let link_w = (link.chars().count() as u16 + 2).min(area.width / 2);
        let top = Rect {
            width: area.width.saturating_sub(link_w),
            height: 1,
            ..area
        };
        Line::styled(fit(&clock, top.width as usize), theme.heading()).render(top, buf);
        let link_at = Rect {
            x: top.right(),
            width: link_w,
            height: 1,
            ..area
        };
        let link_style = if offline {
            theme.refusal()
        } else {
            theme.info()
        };
        Line::styled(fit(&format!("│ {link}"), link_w as usize), link_style).render(link_at, buf);
        let mut y = area.y + 1;
        self.line(self.counts_text(), Style::new(), area, y, buf);
        y += 1;
        if let Some((text, sound)) = self.chips_text() {
            let style = if sound { Style::new() } else { theme.refusal() };
            self.line(text, style, area, y, buf);
            y += 1;
        }
        if let Some(money) = self.desk.tournament().money_line(self.desk.now_ms()) {
            self.line(format!(" {money}"), Style::new(), area, y, buf);
            y += 1;
        }
        if let ReaderStatus::Offline { why, .. } = self.desk.status() {
            let text = format!(
                " Cannot read the database ({why}). The tables play on; their records come when it is back."
            );
            self.line(text, theme.refusal(), area, y, buf);
            y += 1;
        }
        if let Some(forks) = self.forks_text() {
            self.line(forks, theme.refusal(), area, y, buf);
            y += 1;
        }
        let over = self.desk.floor().winner().is_some();
        if let Some(h) = self.desk.floor().hand_for_hand_status().filter(|_| !over) {
            self.line(format!(" {h}"), theme.to_act(), area, y, buf);
            y += 1;
        } else if self.desk.floor().hand_for_hand_proposed() {
            self.line(
                format!(
                    " two tables left: the house plays hand-for-hand now ({} switches it on)",
                    self.key(Action::HandForHand)
                ),
                theme.to_act(),
                area,
                y,
                buf,
            );
            y += 1;
        }
        let bottom = area.bottom();
        let body = Rect {
            y,
            height: bottom.saturating_sub(y).saturating_sub(2),
            ..area
        };
        let side_width = match area.width {
            w if w >= 110 => 42,
            w if w >= 80 => 32,
            _ => 0,
        };
        let side = (side_width > 0).then(|| Rect {
            x: body.right() - side_width,
            width: side_width,
            ..body
        });
        let tables = Rect {
            width: body.width - side_width - u16::from(side_width > 0),
            ..body
        };
        if let Some(rest) = self.tables_area(tables, side, buf) {
            self.side(
                Rect {
                    x: rest.x + 1,
                    width: rest.width.saturating_sub(1),
                    ..rest
                },
                buf,
            );
        }
        if area.height >= 2 {
            let (text, style) = match &self.message {
                Some((Tone::Info, m)) => (format!(" {m}"), theme.info()),
                Some((Tone::Refusal, m)) => (format!(" ✗ {m}"), theme.refusal()),
                None => (String::new(), Style::new()),
            };
            let text = self.answer_kept(text, area.width as usize);
            self.line(text, style, area, bottom - 2, buf);
            self.line(self.keys_line(), theme.faded(), area, bottom - 1, buf);
        }
        if self.help {
            self.help(area, buf);
        }
    }
}

/// `1 table`, `2 tables`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
