//! The help screen: every key of the live key map, by screen part, and the
//! table notation that the command bar accepts. Long lines wrap; PgDn and
//! PgUp page through it, the footer saying which page is shown.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use super::{fit, put_line, wrap_line};
use crate::tui::keymap::{Action, Keymap, Section};
use crate::tui::theme::Theme;

/// The notation, in brief, for the help screen.
pub const NOTATION: [(&str, &str); 10] = [
    ("s3 fold · s3 check · s3 call · s3 allin", "clear actions"),
    (
        "s3 bet 500 · s3 raise 1200",
        "amounts are street totals (raise TO 1200)",
    ),
    (
        "s3 say call · s3 say raise 8000 · s3 say 1400",
        "a verbal declaration",
    ),
    (
        "s3 push 1400 · s3 push 1000x2+100x3",
        "chips released in one motion",
    ),
    ("s3 tap · s3 muck", "a check gesture, a fold gesture"),
    (
        "s3 hole AhKd · s3 show AhKd · s3 show",
        "hole cards; cards tabled",
    ),
    ("flop AsKd7c · turn 2h · river 9s", "the board"),
    (
        "floor clock · floor misdeal",
        "also exposed-card, boxed-card, four-card-flop, premature-card",
    ),
    ("s2 raise 300 allin", "a normalized line is valid input too"),
    ("# ...", "a comment"),
];

/// What an action does in a part of the screen, where that differs from
/// its general description; the review's keys as the live map binds them.
fn describe_in(keymap: &Keymap, section: Section, action: Action) -> String {
    let said = match (section, action) {
        (Section::Table, Action::Review) => {
            let key = |a| keymap.key_label(Section::ReviewHand, a);
            return format!(
                "{} ({}: compare with another house; {}: back)",
                action.describe(),
                key(Action::Compare),
                key(Action::Cancel)
            );
        }
        (Section::Ruling, Action::CommandBar) => {
            "the floor keys the line that replaces the ruled entry (recorded as an override)"
        }
        (Section::Ruling, Action::Cancel) => "back from the floor's choices",
        (Section::Ruling, Action::Undo) => "undo the ruled entry",
        (Section::Prompt, Action::Cancel) => "close without recording anything",
        (Section::Prompt, Action::Submit) => "record what was typed",
        (Section::Setup, Action::Quit) => "leave without starting",
        (Section::Help, Action::Cancel) => "close the help",
        _ => action.describe(),
    };
    said.to_string()
}

/// The help over the screen.
#[derive(Debug, Clone)]
pub struct HelpPane<'a> {
    /// The live key map.
    pub keymap: &'a Keymap,
    /// Lines scrolled.
    pub scroll: u16,
    /// Colour or not.
    pub theme: Theme,
}

impl HelpPane<'_> {
    /// Every line of the help, wrapped to `width` columns.
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        self.unwrapped()
            .iter()
            .flat_map(|line| wrap_line(line, width as usize, 14))
            .collect()
    }

    fn unwrapped(&self) -> Vec<Line<'static>> {
        let t = &self.theme;
        let mut out = Vec::new();
        for section in Section::ALL {
            let title = match section {
                Section::Table => "At the table (the seat to act, or key its number first)",
                Section::Ruling => "When a ruling is shown",
                Section::Prompt => "Typing an amount, words, cards or a line (other keys type)",
                Section::Setup => "Table setup (other keys type into the field)",
                Section::Confirm => "Yes-or-no questions",
                Section::Help => "This help",
                // Other screens' keys: their own help says them.
                Section::Floor | Section::Review | Section::ReviewHand | Section::Practice => {
                    continue;
                }
            };
            out.push(Line::styled(title.to_string(), t.heading()));
            let mut numbers: Vec<String> = Vec::new();
            for (action, keys) in self.keymap.bindings(section) {
                if let Action::Number(_) = action {
                    numbers.extend(keys);
                    continue;
                }
                out.push(Line::from(vec![
                    Span::styled(format!("  {:<12}", keys.join(" ")), t.key()),
                    Span::raw(describe_in(self.keymap, section, action)),
                ]));
            }
            if !numbers.is_empty() {
                let describe = if section == Section::Ruling {
                    "choose the floor's ruling by its number"
                } else {
                    Action::Number(1).describe()
                };
                out.push(Line::from(vec![
                    Span::styled(format!("  {:<12}", numbers.join("")), t.key()),
                    Span::raw(describe),
                ]));
            }
        }
        out.push(Line::styled(
            "Table notation (the command bar takes any line)",
            t.heading(),
        ));
        for (line, what) in NOTATION {
            out.push(Line::from(vec![
                Span::styled(format!("  {line:<46}"), t.amount()),
                Span::raw(what),
            ]));
        }
        out
    }
}

/// Where help scrolled by `scroll` starts, with `lines` lines shown
/// `shown` at a time: pages of `shown` lines, each keeping the last line
/// of the page before, the last one too (it may end short rather than
/// start early and repeat the page before it).
pub fn help_start(scroll: usize, lines: usize, shown: usize) -> usize {
    let step = shown.saturating_sub(1).max(1);
    let pages = 1 + lines.saturating_sub(shown).div_ceil(step);
    scroll.min((pages - 1) * step)
}

impl HelpPane<'_> {
    fn footer(&self, page: usize, pages: usize) -> String {
        let key = |a: Action| {
            self.keymap
                .hint(Section::Help, a)
                .unwrap_or_else(|| format!("[{}]", a.name()))
        };
        format!(
            " page {page} of {pages} · {} {} pages · {} {} scroll · {} closes ",
            key(Action::PageUp),
            key(Action::PageDown),
            key(Action::ScrollUp),
            key(Action::ScrollDown),
            key(Action::Cancel),
        )
    }
}

impl Widget for &HelpPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        Clear.render(area, buf);
        let inner = Block::bordered().inner(area);
        let lines = self.lines(inner.width);
        let shown = (inner.height as usize).max(1);
        let max_scroll = lines.len().saturating_sub(shown);
        let skip = help_start(self.scroll as usize, lines.len(), shown);
        // Pages of the shown height, one line kept from the page before.
        let step = shown.saturating_sub(1).max(1);
        let pages = 1 + max_scroll.div_ceil(step);
        let page = (1 + skip.div_ceil(step)).min(pages);
        let footer = fit(
            &self.footer(page, pages),
            area.width.saturating_sub(2) as usize,
        );
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(
                " Help: keys and notation ",
                self.theme.heading(),
            ))
            .title_bottom(Line::from(footer).right_aligned());
        block.render(area, buf);
        for (row, line) in lines.into_iter().skip(skip).enumerate() {
            put_line(buf, inner, row as u16, line);
        }
    }
}
