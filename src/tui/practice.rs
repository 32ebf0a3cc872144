//! `floorcall practice`: the drill screen. One question at a time: the
//! table in words, what happened, four choices (or an amount typed in);
//! then the verdict with the answer in a sentence, the rule cited and how
//! each house rules. Keys (the key map's `[practice]` section; the screen
//! names the live map's keys): `1`-`4` answer (digits and Enter for an
//! amount), Enter next, `?` explain, `q` quit with the summary.
//!
//! `Drill` holds the questions, the answers given and the progress; the
//! widget renders from `&Drill` and `handle_key` is the only place that
//! changes it. A missed question comes back three questions later (once),
//! and the progress's schedule brings it back sooner in later sessions.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::keymap::{Action, Key, Keymap, Section};
use super::panes::{fit, wrap};
use super::theme::Theme;
use crate::practice::progress::{TopicScore, score_lines};
use crate::practice::{Answer, Progress, Question};

/// How far back in the queue a missed question comes again.
const AGAIN_AFTER: usize = 3;

/// Where the drill is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The question is asked.
    Asking,
    /// Answered: right or not, and what was given.
    Answered {
        /// Whether it was right.
        right: bool,
        /// The choice (1-based) or the amount given.
        given: String,
    },
    /// The summary, on the way out.
    Summary,
}

/// The practice session on screen.
#[derive(Debug, Clone)]
pub struct Drill {
    questions: Vec<Question>,
    /// For each of `questions`, its number among the questions of the
    /// session (1-based), and whether it is a missed one asked again.
    numbers: Vec<(usize, bool)>,
    /// How many questions the session asks, missed ones asked again aside.
    count: usize,
    index: usize,
    phase: Phase,
    typed: String,
    explain: bool,
    /// How many lines the question's text is scrolled down (↓/↑).
    scroll: usize,
    progress: Progress,
    scores: BTreeMap<String, TopicScore>,
    again: BTreeSet<String>,
    seed: u64,
    theme: Theme,
    /// The live key map: what each key does, and the keys the screen names.
    keys: Keymap,
    shown_at: Instant,
    fixed_millis: Option<u64>,
    message: Option<String>,
    quit: bool,
}

impl Drill {
    /// A drill over `questions`, recording into `progress`.
    pub fn new(questions: Vec<Question>, progress: Progress, seed: u64, theme: Theme) -> Drill {
        Drill {
            numbers: (1..=questions.len()).map(|n| (n, false)).collect(),
            count: questions.len(),
            questions,
            index: 0,
            phase: Phase::Asking,
            typed: String::new(),
            explain: false,
            scroll: 0,
            progress,
            scores: BTreeMap::new(),
            again: BTreeSet::new(),
            seed,
            theme,
            keys: Keymap::default(),
            shown_at: Instant::now(),
            fixed_millis: None,
            message: None,
            quit: false,
        }
    }

    /// Every answer counts as taking `millis` (tests: a screen that does
    /// not depend on the clock).
    pub fn with_fixed_time(mut self, millis: u64) -> Drill {
        self.fixed_millis = Some(millis);
        self
    }

    /// The drill with the user's key map (the built-in one by default).
    pub fn with_keymap(mut self, keys: Keymap) -> Drill {
        self.keys = keys;
        self
    }

    /// The key bound to `action` in the drill, as the screen names it.
    fn key(&self, action: Action) -> String {
        self.keys.key_label(Section::Practice, action)
    }

    /// The keys that answer a question of `choices` choices: `1-4`.
    fn choice_keys(&self, choices: usize, between: &str) -> String {
        let last = u8::try_from(choices).unwrap_or(u8::MAX);
        format!(
            "{}{between}{}",
            self.key(Action::Number(1)),
            self.key(Action::Number(last))
        )
    }

    /// The question on screen, if any.
    pub fn question(&self) -> Option<&Question> {
        self.questions.get(self.index)
    }

    /// Where the drill is.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The progress, with this session's answers recorded.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Whether any question was answered this session.
    pub fn answered(&self) -> bool {
        !self.scores.is_empty()
    }

    /// This session's score by topic, as lines.
    pub fn summary_lines(&self) -> Vec<String> {
        if self.scores.is_empty() {
            return vec!["No question answered this session.".into()];
        }
        score_lines(&self.scores)
    }
}

impl Drill {
    fn answer(&mut self, right: bool, given: String) {
        let millis = self.fixed_millis.unwrap_or_else(|| {
            u64::try_from(self.shown_at.elapsed().as_millis()).unwrap_or(u64::MAX)
        });
        if let Some(q) = self.questions.get(self.index).cloned() {
            self.progress.record(&q, right, millis);
            self.scores
                .entry(q.topic.clone())
                .or_default()
                .add(right, millis);
            if !right && self.again.insert(q.id.clone()) {
                let at = (self.index + 1 + AGAIN_AFTER).min(self.questions.len());
                self.questions.insert(at, q);
                let number = self.numbers.get(self.index).map_or(0, |(n, _)| *n);
                self.numbers.insert(at, (number, true));
            }
        }
        self.phase = Phase::Answered { right, given };
    }

    fn next(&mut self) {
        self.explain = false;
        self.scroll = 0;
        self.typed.clear();
        if self.index + 1 >= self.questions.len() {
            self.phase = Phase::Summary;
            return;
        }
        self.index += 1;
        self.phase = Phase::Asking;
        self.shown_at = Instant::now();
    }

    /// The top line within `width`: the screen's name goes first when the
    /// rest would not fit with it.
    fn header(&self, q: Option<&Question>, width: usize) -> String {
        let asked: u32 = self.scores.values().map(|s| s.asked).sum();
        let right: u32 = self.scores.values().map(|s| s.right).sum();
        let Some(q) = q else {
            return "Practice".into();
        };
        let rest = format!(
            "{} · {} · house {} · {right} of {asked} right",
            self.place(),
            q.topic,
            q.house
        );
        let full = format!("Practice · {rest}");
        if full.chars().count() <= width {
            full
        } else {
            rest
        }
    }

    /// Where the session is, the missed questions asked again counted
    /// apart from the questions asked: "question 4 of 4, then 1 missed
    /// again", "question 2 of 4 again (missed)".
    fn place(&self) -> String {
        let (number, again) = self.numbers.get(self.index).copied().unwrap_or((0, false));
        let to_come = self
            .numbers
            .iter()
            .skip(self.index + 1)
            .filter(|(_, a)| *a)
            .count();
        let mut out = format!("question {number} of {}", self.count);
        if again {
            out.push_str(" again (missed)");
        }
        match (to_come, again) {
            (0, _) => {}
            (k, false) => out.push_str(&format!(", then {k} missed again")),
            (k, true) => out.push_str(&format!(", then {k} more missed")),
        }
        out
    }

    fn choice_lines(&self, q: &Question, width: usize, compact: bool) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        let t = self.theme;
        match q.answer {
            Answer::Choice(right) => {
                for (i, c) in q.choices.iter().enumerate() {
                    let style = match &self.phase {
                        Phase::Answered { given, .. } if i == right => {
                            let _ = given;
                            t.info()
                        }
                        Phase::Answered { given, .. } if *given == (i + 1).to_string() => {
                            t.refusal()
                        }
                        _ => Style::new(),
                    };
                    let mark = match &self.phase {
                        Phase::Answered { .. } if i == right => "✓",
                        Phase::Answered { given, .. } if *given == (i + 1).to_string() => "✗",
                        _ => " ",
                    };
                    // Compact: one line a choice, cut with `…`.
                    let pieces = if compact {
                        vec![fit(c, width.saturating_sub(5))]
                    } else {
                        wrap(c, width.saturating_sub(5))
                    };
                    for (j, l) in pieces.into_iter().enumerate() {
                        let lead = if j == 0 {
                            format!("{mark}{} ", i + 1)
                        } else {
                            "   ".into()
                        };
                        out.push(Line::from(vec![
                            Span::styled(lead, t.key()),
                            Span::styled(format!(" {l}"), style),
                        ]));
                    }
                }
            }
            Answer::Amount(_) => {
                let shown = match &self.phase {
                    Phase::Answered { given, .. } => given.clone(),
                    _ => format!("{}_", self.typed),
                };
                out.push(Line::from(vec![
                    Span::styled("Amount: ", t.key()),
                    Span::styled(shown, t.amount()),
                    Span::raw(format!(
                        "  (type the chips, then {})",
                        self.key(Action::Submit)
                    )),
                ]));
            }
        }
        out
    }

    fn verdict_lines(&self, q: &Question, width: usize) -> Vec<Line<'static>> {
        let t = self.theme;
        let Phase::Answered { right, .. } = &self.phase else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let head = if *right {
            format!("Right: {}", q.answer_text)
        } else {
            match q.answer {
                Answer::Choice(i) => format!("Wrong: the answer is {}. {}", i + 1, q.answer_text),
                Answer::Amount(_) => format!("Wrong: the answer is {}", q.answer_text),
            }
        };
        let style = if *right { t.info() } else { t.refusal() };
        out.extend(
            wrap(&head, width)
                .into_iter()
                .map(|l| Line::styled(l, style)),
        );
        if let Some(c) = &q.citation {
            out.push(Line::styled(
                fit(
                    &format!("{} rule {}: \"{}\"", c.rulebook, c.rule, c.text),
                    width,
                ),
                t.ruling(),
            ));
        }
        if q.houses_differ() {
            // Houses that rule alike on one line: "tda, nuts: ...".
            let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
            for (house, ruling) in &q.per_house {
                match groups.iter_mut().find(|(_, r)| r == ruling) {
                    Some((houses, _)) => houses.push(house),
                    None => groups.push((vec![house], ruling)),
                }
            }
            for (houses, ruling) in groups {
                out.push(Line::raw(fit(
                    &format!("{}: {ruling}", houses.join(", ")),
                    width,
                )));
            }
        } else {
            out.push(Line::raw("All five houses rule the same."));
        }
        out
    }

    fn explain_lines(&self, q: &Question, width: usize) -> Vec<Line<'static>> {
        let t = self.theme;
        let mut out = vec![Line::styled("Why", t.heading())];
        out.extend(wrap(&q.explanation, width).into_iter().map(Line::raw));
        if let Some(c) = &q.citation {
            let text = format!("{} rule {}: \"{}\"", c.rulebook, c.rule, c.text);
            out.extend(
                wrap(&text, width)
                    .into_iter()
                    .map(|l| Line::styled(l, t.ruling())),
            );
        }
        if let Some(source) = &q.source {
            out.extend(
                wrap(&format!("Case: {source}"), width)
                    .into_iter()
                    .map(Line::raw),
            );
        }
        out
    }

    /// The choices and the verdict, compact (a line a choice) when the
    /// whole does not fit in `room` rows beside `top` rows.
    fn bottom_lines(&self, q: &Question, w: usize, room: usize, top: usize) -> Vec<Line<'static>> {
        let verdict = self.verdict_lines(q, w);
        let build = |compact: bool| {
            let mut bottom = vec![Line::raw("")];
            bottom.extend(self.choice_lines(q, w, compact));
            if !verdict.is_empty() {
                bottom.push(Line::raw(""));
                bottom.extend(verdict.iter().cloned());
            }
            bottom
        };
        let full = build(false);
        if top + full.len() <= room {
            full
        } else {
            build(true)
        }
    }

    fn render_question(&self, q: &Question, area: Rect, buf: &mut Buffer) {
        let w = area.width as usize;
        let rows = area.height as usize;
        // Between the header and the hint line.
        let room = rows.saturating_sub(2);
        let top: Vec<Line> = if self.explain {
            self.explain_lines(q, w)
        } else {
            let half = w.saturating_sub(1) / 2;
            let left: Vec<String> = q.table.iter().flat_map(|l| wrap(l, half)).collect();
            let mut right = vec!["What happened:".to_string()];
            right.extend(wrap(&q.told, w - half - 1));
            right.push(String::new());
            right.extend(wrap(&q.prompt, w - half - 1));
            (0..left.len().max(right.len()))
                .map(|i| {
                    let l = left.get(i).cloned().unwrap_or_default();
                    let r = right.get(i).cloned().unwrap_or_default();
                    let style = if i == 0 {
                        self.theme.heading()
                    } else {
                        Style::new()
                    };
                    Line::from(vec![
                        Span::raw(format!("{l:<half$} ")),
                        Span::styled(r, if i == 0 { style } else { Style::new() }),
                    ])
                })
                .collect()
        };
        // The explanation alone; else the table and what happened, then
        // the choices and the verdict.
        let mut body = top;
        if !self.explain {
            let bottom = self.bottom_lines(q, w, room, body.len());
            body.extend(bottom);
        }
        let mut lines = vec![Line::styled(
            fit(&self.header(Some(q), w), w),
            self.theme.heading(),
        )];
        lines.extend(self.window(body, room));
        for (y, line) in lines.into_iter().enumerate() {
            line.render(row(area, y as u16), buf);
        }
        self.render_hints(area, buf);
    }

    /// The `room` rows of `body` from the scroll position; nothing left
    /// out without a sign: a first row `↑ N more lines` and a last row
    /// `↓ N more lines` where lines are out of view.
    fn window(&self, body: Vec<Line<'static>>, room: usize) -> Vec<Line<'static>> {
        if body.len() <= room {
            return body;
        }
        let mark = |text: String| Line::styled(text, self.theme.heading());
        let last_start = body.len().saturating_sub(room.saturating_sub(1));
        let start = self.scroll.min(last_start);
        let mut out = Vec::new();
        let mut take = room;
        if start > 0 {
            let up = self.key(Action::ScrollUp);
            out.push(mark(format!("↑ {start} more lines ({up} scrolls)")));
            take = take.saturating_sub(1);
        }
        let rest = body.len() - start;
        if rest > take {
            take = take.saturating_sub(1);
            let below = rest - take;
            out.extend(body.into_iter().skip(start).take(take));
            let down = self.key(Action::ScrollDown);
            out.push(mark(format!("↓ {below} more lines ({down} scrolls)")));
        } else {
            out.extend(body.into_iter().skip(start));
        }
        out
    }

    fn render_hints(&self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let last = row(area, area.height.saturating_sub(1));
        if let Some(m) = &self.message {
            Line::styled(fit(m, area.width as usize), t.refusal()).render(last, buf);
            return;
        }
        let quit = (self.key(Action::Quit), "quit");
        let submit = self.key(Action::Submit);
        let keys = match (&self.phase, self.question().map(|q| q.answer)) {
            // Digits type the amount: no key of the map's.
            (Phase::Asking, Some(Answer::Amount(_))) => {
                vec![("0-9".to_string(), "amount"), (submit, "answer"), quit]
            }
            (Phase::Asking, _) => vec![(self.choice_keys(4, "-"), "answer"), quit],
            (Phase::Answered { .. }, _) => vec![
                (submit, "next"),
                (self.key(Action::Explain), "explain"),
                quit,
            ],
            (Phase::Summary, _) => vec![quit],
        };
        let mut spans = Vec::new();
        for (k, what) in keys {
            spans.push(Span::styled(k, t.key()));
            spans.push(Span::raw(format!(" {what}   ")));
        }
        Line::from(spans).render(last, buf);
    }

    fn render_summary(&self, area: Rect, buf: &mut Buffer) {
        let w = area.width as usize;
        let t = self.theme;
        let mut lines = vec![
            Line::styled(
                format!("Practice summary (seed {})", self.seed),
                t.heading(),
            ),
            Line::raw(""),
            Line::styled("This session", t.heading()),
        ];
        lines.extend(self.summary_lines().iter().map(|l| Line::raw(fit(l, w))));
        lines.push(Line::raw(""));
        lines.push(Line::styled("All sessions", t.heading()));
        lines.extend(
            self.progress
                .stats_lines()
                .iter()
                .map(|l| Line::raw(fit(l, w))),
        );
        lines.truncate((area.height as usize).saturating_sub(1));
        for (y, line) in lines.into_iter().enumerate() {
            line.render(row(area, y as u16), buf);
        }
        Line::from(vec![
            Span::styled(self.key(Action::Quit), t.key()),
            Span::raw(" or "),
            Span::styled(self.key(Action::Submit), t.key()),
            Span::raw(" quits; the progress is saved."),
        ])
        .render(row(area, area.height.saturating_sub(1)), buf);
    }
}

/// Row `y` of `area`.
fn row(area: Rect, y: u16) -> Rect {
    Rect {
        y: area.y + y,
        height: 1,
        ..area
    }
}

impl Widget for &Drill {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.width < 40 || area.height < 12 {
            Line::raw(fit("Practice needs at least 40x12.", area.width as usize)).render(area, buf);
            return;
        }
        match (&self.phase, self.question()) {
            (Phase::Summary, _) | (_, None) => self.render_summary(area, buf),
            (_, Some(q)) => self.render_question(q, area, buf),
        }
    }
}

impl super::KeyScreen for Drill {
    /// Takes a key.
    fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        let action = self.keys.action(Section::Practice, &key);
        if self.phase == Phase::Summary {
            if matches!(action, Some(Action::Quit | Action::Submit | Action::Cancel)) {
                self.quit = true;
            }
            return;
        }
        match action {
            Some(Action::Quit) => return self.phase = Phase::Summary,
            Some(Action::ScrollDown) => return self.scroll += 1,
            Some(Action::PageDown) => return self.scroll += 10,
            Some(Action::ScrollUp) => return self.scroll = self.scroll.saturating_sub(1),
            Some(Action::PageUp) => return self.scroll = self.scroll.saturating_sub(10),
            Some(Action::Explain) => {
                if matches!(self.phase, Phase::Answered { .. }) {
                    self.explain = !self.explain;
                    self.scroll = 0;
                } else {
                    self.message = Some(format!(
                        "Answer first: {} explains the answer after the verdict.",
                        self.key(Action::Explain)
                    ));
                }
                return;
            }
            _ => {}
        }
        let Some(question) = self.questions.get(self.index) else {
            self.phase = Phase::Summary;
            return;
        };
        // A digit typed into an amount (digits are no key of the map's).
        let digit = Key::from_event(&key)
            .and_then(|k| k.typed())
            .filter(char::is_ascii_digit);
        let amount_please = || {
            format!(
                "Type the amount in chips, then {}.",
                self.key(Action::Submit)
            )
        };
        match (&self.phase, question.answer, action) {
            (Phase::Answered { .. }, _, Some(Action::Submit | Action::NextQuestion)) => self.next(),
            (Phase::Answered { .. }, _, _) => {
                self.message = Some(format!(
                    "{}: the next question; {} explains; {} quits.",
                    self.key(Action::Submit),
                    self.key(Action::Explain),
                    self.key(Action::Quit)
                ));
            }
            (Phase::Asking, Answer::Choice(_), Some(Action::Number(n @ 1..=9))) => {
                let picked = usize::from(n) - 1;
                if picked < question.choices.len() {
                    let right = question.is_right_choice(picked);
                    self.answer(right, (picked + 1).to_string());
                } else {
                    let n = question.choices.len();
                    self.message = Some(format!(
                        "There are {n} choices: press {}.",
                        self.choice_keys(n, " to ")
                    ));
                }
            }
            (Phase::Asking, Answer::Amount(_), Some(Action::Submit)) => {
                match self.typed.parse::<u64>() {
                    Ok(amount) => {
                        let right = question.is_right_amount(amount);
                        self.answer(right, amount.to_string());
                    }
                    Err(_) => self.message = Some(amount_please()),
                }
            }
            (Phase::Asking, Answer::Amount(_), Some(Action::DeleteBack)) => {
                self.typed.pop();
            }
            (Phase::Asking, Answer::Amount(_), _) if digit.is_some() => {
                if let Some(c) = digit
                    && self.typed.len() < 16
                {
                    self.typed.push(c);
                }
            }
            (Phase::Asking, Answer::Choice(_), _) => {
                self.message = Some(format!("Press {} to answer.", self.choice_keys(4, " to ")));
            }
            (Phase::Asking, Answer::Amount(_), _) => self.message = Some(amount_please()),
            (Phase::Summary, _, _) => {}
        }
    }

    /// Whether the drill is over (quit from the summary).
    fn should_quit(&self) -> bool {
        self.quit
    }
}
