//! The key map: key -> action by one lookup, read from TOML.
//!
//! `config/keys.toml` is compiled in as the default, every screen's keys
//! in it (the table's, the floor's, the review's, practice's: one
//! `Section` each); a user's `keys.toml` in the config folder is laid over
//! it, key by key. `Action` deserializes from the action names, so an
//! unknown name is an error with its line and column; so is a key written
//! twice in a section, and in the sections of the floor, the review and
//! practice an action their screen does not do. This is the one file that
//! names crossterm's key codes: every screen looks its keys up here, and
//! its hints and help are generated from the live map (`Keymap::hint`,
//! `Keymap::key_label`), so they always show what the keys really do.

mod action;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::{Deserialize, Deserializer};

use crate::rules::line_column;
pub use action::Action;
use action::NAMED;

/// The default key map, as shipped.
pub const DEFAULT_KEYS: &str = include_str!("../../config/keys.toml");

/// A binding's right-hand side: an action, or `none` to free the key; a
/// name that is no action is told with the actions of its section.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Binding {
    Bound(Action),
    Unbound,
    Unknown(String),
}

impl<'de> Deserialize<'de> for Binding {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Binding, D::Error> {
        let s = String::deserialize(d)?;
        if s == "none" {
            return Ok(Binding::Unbound);
        }
        match s.parse() {
            Ok(action) => Ok(Binding::Bound(action)),
            Err(m) if s.starts_with("number-") => Err(serde::de::Error::custom(m)),
            Err(_) => Ok(Binding::Unknown(s)),
        }
    }
}

/// The actions a section may be given, as an unknown name is told them:
/// a screen's own section its actions (`allowed`); the table screen's
/// sections every action but those only the other screens do.
fn choices(allowed: Option<&Vec<Action>>, base: Option<&Keymap>) -> String {
    let names: Vec<String> = match allowed {
        Some(allowed) => allowed
            .iter()
            .filter(|a| !matches!(a, Action::Number(n) if *n > 1))
            .map(|a| match a {
                Action::Number(_) => "number-N".to_string(),
                a => a.name(),
            })
            .collect(),
        None => {
            let other_screens = |a: &Action| {
                base.is_some_and(|b| {
                    let only = |s: &Section| s.only_its_actions();
                    Section::ALL
                        .iter()
                        .filter(|s| only(s))
                        .any(|s| b.actions(*s).contains(a))
                        && !Section::ALL
                            .iter()
                            .filter(|s| !only(s))
                            .any(|s| b.actions(*s).contains(a))
                })
            };
            NAMED
                .iter()
                .filter(|(a, _)| !other_screens(a))
                .map(|(_, n)| n.to_string())
                .collect()
        }
    };
    names.join(", ")
}

/// A key as the map knows it: a code and the ctrl/alt modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    code: KeyName,
    ctrl: bool,
    alt: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum KeyName {
    Char(char),
    Enter,
    Esc,
    Up,
    Down,
    Left,
    Right,
    Tab,
    BackTab,
    Backspace,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    F(u8),
}

const NAMED_KEYS: [(KeyName, &str, &str); 14] = [
    (KeyName::Enter, "enter", "Enter"),
    (KeyName::Esc, "esc", "Esc"),
    (KeyName::Tab, "tab", "Tab"),
    (KeyName::BackTab, "backtab", "S-Tab"),
    (KeyName::Backspace, "backspace", "Bksp"),
    (KeyName::Delete, "delete", "Del"),
    (KeyName::Up, "up", "↑"),
    (KeyName::Down, "down", "↓"),
    (KeyName::Left, "left", "←"),
    (KeyName::Right, "right", "→"),
    (KeyName::Home, "home", "Home"),
    (KeyName::End, "end", "End"),
    (KeyName::PageUp, "pageup", "PgUp"),
    (KeyName::PageDown, "pagedown", "PgDn"),
];

impl Key {
    /// The key of a terminal key event; `None` for keys the map cannot name.
    pub fn from_event(event: &KeyEvent) -> Option<Key> {
        let code = match event.code {
            KeyCode::Char(c) => KeyName::Char(c),
            KeyCode::Enter => KeyName::Enter,
            KeyCode::Esc => KeyName::Esc,
            KeyCode::Tab => KeyName::Tab,
            KeyCode::BackTab => KeyName::BackTab,
            KeyCode::Backspace => KeyName::Backspace,
            KeyCode::Delete => KeyName::Delete,
            KeyCode::Up => KeyName::Up,
            KeyCode::Down => KeyName::Down,
            KeyCode::Left => KeyName::Left,
            KeyCode::Right => KeyName::Right,
            KeyCode::Home => KeyName::Home,
            KeyCode::End => KeyName::End,
            KeyCode::PageUp => KeyName::PageUp,
            KeyCode::PageDown => KeyName::PageDown,
            KeyCode::F(n) => KeyName::F(n),
            _ => return None,
        };
        Some(Key {
            code,
            ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
            alt: event.modifiers.contains(KeyModifiers::ALT),
        })
    }

    /// The character this key types, when it types one.
    pub fn typed(&self) -> Option<char> {
        match self.code {
            KeyName::Char(c) if !self.ctrl && !self.alt => Some(c),
            _ => None,
        }
    }

    /// The key as shown in hints: `f`, `Enter`, `^R`.
    pub fn label(&self) -> String {
        let base = match self.code {
            KeyName::Char(' ') => "Space".to_string(),
            KeyName::Char(c) => c.to_string(),
            KeyName::F(n) => format!("F{n}"),
            other => NAMED_KEYS
                .iter()
                .find(|(k, _, _)| *k == other)
                .map_or_else(String::new, |(_, _, l)| (*l).to_string()),
        };
        match (self.ctrl, self.alt, self.code) {
            (true, _, KeyName::Char(c)) => format!("^{}", c.to_ascii_uppercase()),
            (true, _, _) => format!("^{base}"),
            (false, true, _) => format!("M-{base}"),
            _ => base,
        }
    }
}

impl FromStr for Key {
    type Err = String;

    fn from_str(s: &str) -> Result<Key, String> {
        let mut rest = s;
        let (mut ctrl, mut alt) = (false, false);
        loop {
            if let Some(r) = rest.strip_prefix("ctrl-").filter(|r| !r.is_empty()) {
                ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("alt-").filter(|r| !r.is_empty()) {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyName::Char(c),
            _ if rest == "space" => KeyName::Char(' '),
            _ => {
                let lower = rest.to_ascii_lowercase();
                if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    KeyName::F(n)
                } else {
                    NAMED_KEYS
                        .iter()
                        .find(|(_, name, _)| *name == lower)
                        .map(|(k, _, _)| *k)
                        .ok_or_else(|| {
                            format!(
                                "'{s}' is not a key: expected a character, enter, esc, tab, backtab, backspace, delete, space, up, down, left, right, home, end, pageup, pagedown or f1..f12, with ctrl- or alt- in front if needed"
                            )
                        })?
                }
            }
        };
        Ok(Key { code, ctrl, alt })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// The parts of the screens that read keys differently: one table of
/// keys.toml each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// The table, nothing else open.
    Table,
    /// A ruling awaits the dealer.
    Ruling,
    /// Something is being typed.
    Prompt,
    /// The setup screen.
    Setup,
    /// A yes-or-no question.
    Confirm,
    /// The help screen.
    Help,
    /// The floor's screen (its questions: `Confirm`, `Prompt`).
    Floor,
    /// The review's hand list.
    Review,
    /// A hand in the review, step by step.
    ReviewHand,
    /// The practice drill.
    Practice,
}

impl Section {
    /// Every section, in the order of keys.toml (and of the table's help,
    /// which lists the table screen's).
    pub const ALL: [Section; 10] = [
        Section::Table,
        Section::Ruling,
        Section::Prompt,
        Section::Setup,
        Section::Confirm,
        Section::Help,
        Section::Floor,
        Section::Review,
        Section::ReviewHand,
        Section::Practice,
    ];

    /// The table name in keys.toml.
    pub fn name(self) -> &'static str {
        match self {
            Section::Table => "table",
            Section::Ruling => "ruling",
            Section::Prompt => "prompt",
            Section::Setup => "setup",
            Section::Confirm => "confirm",
            Section::Help => "help",
            Section::Floor => "floor",
            Section::Review => "review",
            Section::ReviewHand => "review-hand",
            Section::Practice => "practice",
        }
    }

    /// Whether unbound character keys type in this section.
    pub fn types(self) -> bool {
        matches!(self, Section::Prompt | Section::Setup)
    }

    /// Whether a user's file may bind here only the actions the built-in
    /// map binds here (the floor's, the review's and practice's sections,
    /// issue 34). The table's sections take any action, as they always
    /// have, so a key map written for them still loads.
    fn only_its_actions(self) -> bool {
        matches!(
            self,
            Section::Floor | Section::Review | Section::ReviewHand | Section::Practice
        )
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKeymap {
    #[serde(default)]
    table: BTreeMap<String, Binding>,
    #[serde(default)]
    ruling: BTreeMap<String, Binding>,
    #[serde(default)]
    prompt: BTreeMap<String, Binding>,
    #[serde(default)]
    setup: BTreeMap<String, Binding>,
    #[serde(default)]
    confirm: BTreeMap<String, Binding>,
    #[serde(default)]
    help: BTreeMap<String, Binding>,
    #[serde(default)]
    floor: BTreeMap<String, Binding>,
    #[serde(default)]
    review: BTreeMap<String, Binding>,
    #[serde(default, rename = "review-hand")]
    review_hand: BTreeMap<String, Binding>,
    #[serde(default)]
    practice: BTreeMap<String, Binding>,
}

impl RawKeymap {
    /// Each section's bindings, in the order of `Section::ALL`.
    fn sections(self) -> [(Section, BTreeMap<String, Binding>); 10] {
        [
            (Section::Table, self.table),
            (Section::Ruling, self.ruling),
            (Section::Prompt, self.prompt),
            (Section::Setup, self.setup),
            (Section::Confirm, self.confirm),
            (Section::Help, self.help),
            (Section::Floor, self.floor),
            (Section::Review, self.review),
            (Section::ReviewHand, self.review_hand),
            (Section::Practice, self.practice),
        ]
    }
}

/// A key map that could not be read: the file, where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct KeymapError {
    /// The keys.toml file.
    pub file: String,
    /// Line, column and what is wrong.
    pub message: String,
}

/// Keys to actions, per section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bindings: BTreeMap<Section, BTreeMap<Key, Action>>,
    /// Where each binding was written: a hint shows the key listed first
    /// (a user's own keys before the built-in ones).
    order: BTreeMap<(Section, Key), i64>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        match Keymap::from_toml("config/keys.toml", DEFAULT_KEYS, None) {
            Ok(map) => map,
            // The shipped file is tested in `the_default_keymap_loads`.
            Err(e) => panic!("the built-in key map does not load: {e}"),
        }
    }
}

impl Keymap {
    /// Reads a key map; with `base`, its bindings are laid over the base's.
    pub fn from_toml(file: &str, text: &str, base: Option<&Keymap>) -> Result<Keymap, KeymapError> {
        let error = |message: String| KeymapError {
            file: file.to_string(),
            message,
        };
        let raw: RawKeymap = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end().to_string();
            error(match e.span() {
                Some(span) => {
                    let (line, column) = line_column(text, span.start);
                    format!("line {line}, column {column}: {message}")
                }
                None => message,
            })
        })?;
        let mut bindings = base.map(|b| b.bindings.clone()).unwrap_or_default();
        let mut order = base.map(|b| b.order.clone()).unwrap_or_default();
        // A user's file comes before the base in the hints' order.
        let first = if base.is_some() { -1_000_000 } else { 0 };
        let written = written_at(text);
        for (section, table) in raw.sections() {
            let at = |key_text: &str| {
                written
                    .get(&(section.name().to_string(), key_text.to_string()))
                    .copied()
            };
            // In the order written, so a clash is told at its second line.
            let mut entries: Vec<(String, Binding)> = table.into_iter().collect();
            entries.sort_by_key(|(k, _)| at(k).map_or(usize::MAX, |w| w.line));
            let allowed = base
                .filter(|_| section.only_its_actions())
                .map(|b| b.actions(section));
            let mut seen: BTreeMap<Key, String> = BTreeMap::new();
            let map = bindings.entry(section).or_default();
            for (key_text, binding) in entries {
                let place = at(&key_text);
                let key: Key = key_text
                    .parse()
                    .map_err(|m: String| error(format!("[{}] {m}", section.name())))?;
                if let Some(earlier) = seen.insert(key, key_text.clone()) {
                    let earlier_line =
                        at(&earlier).map_or_else(String::new, |w| format!(" (line {})", w.line));
                    return Err(error(format!(
                        "{}[{}] '{key_text}' and '{earlier}'{earlier_line} are the same key: a key does one thing in [{}]",
                        located(place.map(|w| (w.line, w.key_column))),
                        section.name(),
                        section.name(),
                    )));
                }
                if let Binding::Unknown(name) = &binding {
                    return Err(error(format!(
                        "{}'{name}' is not an action: expected one of {}",
                        located(place.map(|w| (w.line, w.value_column))),
                        choices(allowed.as_ref(), base)
                    )));
                }
                if let (Binding::Bound(action), Some(allowed)) = (&binding, &allowed)
                    && !allowed.iter().any(|a| a.same_kind(*action))
                {
                    return Err(error(format!(
                        "{}[{}] '{}' is not an action here: expected one of {}",
                        located(place.map(|w| (w.line, w.value_column))),
                        section.name(),
                        action.name(),
                        choices(Some(allowed), base)
                    )));
                }
                let at = place.map_or(999_999, |w| w.line as i64);
                match binding {
                    Binding::Bound(action) => {
                        map.insert(key, action);
                        order.insert((section, key), first + at);
                    }
                    Binding::Unbound | Binding::Unknown(_) => {
                        map.remove(&key);
                        order.remove(&(section, key));
                    }
                };
            }
        }
        Ok(Keymap { bindings, order })
    }

    /// The actions bound in a section, each once, in the actions' order.
    fn actions(&self, section: Section) -> Vec<Action> {
        let set: std::collections::BTreeSet<Action> = self
            .bindings
            .get(&section)
            .map(|m| m.values().copied().collect())
            .unwrap_or_default();
        set.into_iter().collect()
    }

    /// The action a key event asks for in a section: one lookup, and in
    /// sections that type, an unbound character types itself.
    pub fn action(&self, section: Section, event: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(event)?;
        self.bindings
            .get(&section)
            .and_then(|m| m.get(&key))
            .copied()
            .or_else(|| key.typed().filter(|_| section.types()).map(Action::Input))
    }

    /// The key shown for `action` in `section`, or its name in brackets when
    /// the user's map leaves it unbound.
    pub fn key_label(&self, section: Section, action: Action) -> String {
        self.hint(section, action)
            .unwrap_or_else(|| format!("[{}]", action.name()))
    }

    /// The first key bound to an action in a section, as shown in hints.
    pub fn hint(&self, section: Section, action: Action) -> Option<String> {
        // The key listed first in the file (`Enter accept`, not `y accept`).
        self.bindings
            .get(&section)?
            .iter()
            .filter(|(_, a)| **a == action)
            .map(|(k, _)| k)
            .min_by_key(|k| self.order.get(&(section, **k)).copied().unwrap_or(i64::MAX))
            .map(Key::label)
    }

    /// Every binding of a section, for the help screen: keys grouped by
    /// action, in the order of the actions.
    pub fn bindings(&self, section: Section) -> Vec<(Action, Vec<String>)> {
        let mut by_action: BTreeMap<Action, Vec<(i64, String)>> = BTreeMap::new();
        if let Some(map) = self.bindings.get(&section) {
            for (key, action) in map {
                let at = self
                    .order
                    .get(&(section, *key))
                    .copied()
                    .unwrap_or(i64::MAX);
                by_action
                    .entry(*action)
                    .or_default()
                    .push((at, key.label()));
            }
        }
        let by_action = by_action.into_iter().map(|(action, mut keys)| {
            keys.sort();
            (action, keys.into_iter().map(|(_, k)| k).collect())
        });
        by_action.into_iter().collect()
    }
}

/// Where a key-map file writes a key: its line, and the columns of the key
/// and of its action.
#[derive(Debug, Clone, Copy)]
struct Written {
    line: usize,
    key_column: usize,
    value_column: usize,
}

/// `line L, column C: `, or nothing when the place is not known.
fn located(place: Option<(usize, usize)>) -> String {
    place.map_or_else(String::new, |(line, column)| {
        format!("line {line}, column {column}: ")
    })
}

/// Where a key-map file writes each of its keys: (section, key text) to
/// its place. Only called on text that parsed, so a plain reading of
/// `key = "action"` lines is enough (a key written another way, in an
/// inline table, has no place: it is listed last in hints).
fn written_at(text: &str) -> BTreeMap<(String, String), Written> {
    let mut out = BTreeMap::new();
    let mut section = String::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        let indent = raw.chars().count() - line.chars().count();
        let head = line.split('#').next().unwrap_or_default().trim_end();
        if let Some(name) = head.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim().to_string();
            continue;
        }
        // A quoted key may hold `=` or `#` ("=" = "level-clock-plus").
        let (key, rest) = match line.chars().next() {
            Some(q @ ('"' | '\'')) => match line[1..].find(q) {
                Some(end) => (&line[1..1 + end], &line[2 + end..]),
                None => continue,
            },
            Some('#') | None => continue,
            Some(_) => match line.split_once('=') {
                Some((key, _)) => (key.trim_end(), &line[key.len()..]),
                None => continue,
            },
        };
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let value_column = indent + line.chars().count() - value.trim_start().chars().count() + 1;
        out.entry((section.clone(), key.to_string()))
            .or_insert(Written {
                line: n + 1,
                key_column: indent + 1,
                value_column,
            });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn the_default_keymap_loads_and_maps_keys() {
        let map = Keymap::default();
        let f = press(KeyCode::Char('f'), KeyModifiers::NONE);
        assert_eq!(map.action(Section::Table, &f), Some(Action::Fold));
        assert_eq!(map.action(Section::Prompt, &f), Some(Action::Input('f')));
        let shift_u = press(KeyCode::Char('U'), KeyModifiers::SHIFT);
        assert_eq!(map.action(Section::Table, &shift_u), Some(Action::Redo));
        let ctrl_r = press(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(map.action(Section::Table, &ctrl_r), Some(Action::Redo));
        let zero = press(KeyCode::Char('0'), KeyModifiers::NONE);
        assert_eq!(map.action(Section::Table, &zero), Some(Action::Number(10)));
        assert_eq!(map.hint(Section::Table, Action::Redo).as_deref(), Some("U"));
        assert_eq!(
            map.hint(Section::Ruling, Action::Accept).as_deref(),
            Some("Enter")
        );
    }

    #[test]
    fn a_user_file_overrides_and_frees_keys() {
        let base = Keymap::default();
        let user = "[table]\nk = \"fold\"\nf = \"none\"\n";
        let map = Keymap::from_toml("keys.toml", user, Some(&base)).unwrap();
        let k = press(KeyCode::Char('k'), KeyModifiers::NONE);
        let f = press(KeyCode::Char('f'), KeyModifiers::NONE);
        assert_eq!(map.action(Section::Table, &k), Some(Action::Fold));
        assert_eq!(map.action(Section::Table, &f), None);
        assert_eq!(map.hint(Section::Table, Action::Fold).as_deref(), Some("k"));
    }

    #[test]
    fn a_bad_action_names_the_line_and_the_choices() {
        let err = Keymap::from_toml("keys.toml", "[table]\n\nf = \"flod\"\n", None).unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("keys.toml: line 3"), "{text}");
        assert!(text.contains("'flod' is not an action"), "{text}");
        let err = Keymap::from_toml("keys.toml", "[table]\nnope = \"fold\"\n", None).unwrap_err();
        assert!(err.to_string().contains("'nope' is not a key"), "{err}");
        let err = Keymap::from_toml("keys.toml", "[tabel]\n", None).unwrap_err();
        assert!(err.to_string().contains("line 1"), "{err}");
    }

    #[test]
    fn an_unknown_action_is_told_with_the_choices_of_its_screen() {
        let base = Keymap::default();
        let choices = |text: &str| {
            let err = Keymap::from_toml("keys.toml", text, Some(&base)).unwrap_err();
            let text = err.to_string();
            let (_, list) = text.split_once("expected one of ").expect("choices");
            list.split(", ").map(String::from).collect::<Vec<_>>()
        };
        let table = choices("[table]\nf = \"flod\"\n");
        assert!(table.contains(&"fold".to_string()), "{table:?}");
        assert!(!table.contains(&"break-table".to_string()), "{table:?}");
        let floor = choices("[floor]\nb = \"brake-table\"\n");
        assert!(floor.contains(&"break-table".to_string()), "{floor:?}");
        assert!(!floor.contains(&"fold".to_string()), "{floor:?}");
    }

    #[test]
    fn the_default_keymap_binds_every_screen() {
        let map = Keymap::default();
        for section in Section::ALL {
            assert!(!map.bindings(section).is_empty(), "[{}]", section.name());
        }
        let key = |c| press(KeyCode::Char(c), KeyModifiers::NONE);
        assert_eq!(
            map.action(Section::Floor, &key('b')),
            Some(Action::ProposeMoves)
        );
        assert_eq!(map.action(Section::Floor, &key('z')), None, "nothing types");
        assert_eq!(
            map.action(Section::ReviewHand, &key('l')),
            Some(Action::NextStep)
        );
        assert_eq!(map.action(Section::Review, &key('l')), None);
        assert_eq!(
            map.action(Section::Practice, &key(' ')),
            Some(Action::NextQuestion)
        );
        assert_eq!(
            map.hint(Section::Floor, Action::LevelClockPlus).as_deref(),
            Some("+"),
            "the key written first, `=` after it"
        );
    }

    #[test]
    fn a_key_written_twice_in_a_section_is_refused_at_its_line() {
        let base = Keymap::default();
        let user = "[floor]\nenter = \"open\"\n\n  Enter = \"help\"\n";
        let err = Keymap::from_toml("keys.toml", user, Some(&base)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "keys.toml: line 4, column 3: [floor] 'Enter' and 'enter' (line 2) are the same key: a key does one thing in [floor]"
        );
        // The table's sections alike; the same key in two sections is no
        // clash.
        let user = "[table]\nspace = \"fold\"\n\" \" = \"check\"\n";
        let err = Keymap::from_toml("keys.toml", user, Some(&base)).unwrap_err();
        assert!(
            err.to_string().contains("line 3, column 1: [table]"),
            "{err}"
        );
        let user = "[floor]\nP = \"propose-moves\"\n[review]\nP = \"open\"\n";
        assert!(Keymap::from_toml("keys.toml", user, Some(&base)).is_ok());
    }

    #[test]
    fn an_action_the_screen_does_not_do_is_refused_in_its_section() {
        let base = Keymap::default();
        let user = "[floor]\nP = \"propose-moves\"\nb =   \"fold\"\n";
        let err = Keymap::from_toml("keys.toml", user, Some(&base)).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with(
                "keys.toml: line 3, column 7: [floor] 'fold' is not an action here: expected one of "
            ),
            "{text}"
        );
        assert!(text.contains("propose-moves, "), "{text}");
        assert!(text.contains("number-N"), "{text}");
        // Any number a section takes numbers in, as in the table's.
        let user = "[practice]\nz = \"number-10\"\n";
        assert!(Keymap::from_toml("keys.toml", user, Some(&base)).is_ok());
        // A name that is no action at all: refused by every section.
        let user = "[practice]\nz = \"nonsense\"\n";
        let err = Keymap::from_toml("keys.toml", user, Some(&base)).unwrap_err();
        assert!(err.to_string().contains("line 2, column 5"), "{err}");
        // The table's sections take any action, as they always have.
        let user = "[ruling]\nf = \"fold\"\n";
        assert!(Keymap::from_toml("keys.toml", user, Some(&base)).is_ok());
    }
}
