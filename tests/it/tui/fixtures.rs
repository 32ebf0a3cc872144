//! Named fixtures for the screen tests: apps at the table, keys typed as a
//! string, and screens drawn into a `TestBackend`.

use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use floorcall::journal::{HandHeader, Session};
use floorcall::rules::HouseRules;
use floorcall::tui::app::MessageKind;
use floorcall::tui::{self, App, AppOptions, Keymap, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::support::table;

/// Types keys after a pause (the dealer has read the screen): characters
/// as themselves, `<Enter>`, `<Esc>`, `<Up>`, `<Down>`, `<Tab>`,
/// `<BackTab>`, `<Left>`, `<Right>`, `<Bksp>`, `<PgUp>`, `<PgDn>`,
/// `<Home>`, `<End>`, `<C-r>`. The keys of one call come in one go, as
/// typed ahead: after a refused key the rest are held.
pub fn press(app: &mut App, keys: &str) {
    pause(app);
    type_ahead(app, keys);
}

/// The keyboard quiet long enough for keys typed ahead to be taken again.
pub fn pause(app: &mut App) {
    for _ in 0..floorcall::tui::app::QUIET_POLLS {
        app.quiet();
    }
}

/// Types keys in one go, without a pause before them (as `press` reads
/// them).
pub fn type_ahead(app: &mut App, keys: &str) {
    let mut rest = keys;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('<')
            && let Some(end) = after.find('>')
        {
            let name = &after[..end];
            let event = match name {
                "Enter" => KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
                "Esc" => KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
                "Up" => KeyEvent::new(KeyCode::Up, KeyModifiers::NONE),
                "Down" => KeyEvent::new(KeyCode::Down, KeyModifiers::NONE),
                "Left" => KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
                "Right" => KeyEvent::new(KeyCode::Right, KeyModifiers::NONE),
                "Tab" => KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE),
                "BackTab" => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
                "Bksp" => KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE),
                "PgUp" => KeyEvent::new(KeyCode::PageUp, KeyModifiers::NONE),
                "PgDn" => KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE),
                "Home" => KeyEvent::new(KeyCode::Home, KeyModifiers::NONE),
                "End" => KeyEvent::new(KeyCode::End, KeyModifiers::NONE),
                "C-r" => KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
                "C-c" => KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
                "lt" => KeyEvent::new(KeyCode::Char('<'), KeyModifiers::NONE),
                other => panic!("unknown key <{other}>"),
            };
            app.handle_key(event);
            rest = &after[end + 1..];
            continue;
        }
        let c = rest.chars().next().expect("not empty");
        let modifiers = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        app.handle_key(KeyEvent::new(KeyCode::Char(c), modifiers));
        rest = &rest[c.len_utf8()..];
    }
}

/// Enters notation lines through the command bar, accepting any ruling
/// they bring; panics when a line is refused.
pub fn lines(app: &mut App, lines: &[&str]) {
    for line in lines {
        press(app, &format!(":{line}<Enter>"));
        if let Some(m) = app.message()
            && m.kind == floorcall::tui::app::MessageKind::Refusal
        {
            panic!("'{line}' was refused: {}", m.text);
        }
        while app.ruling().is_some() {
            press(app, "<Enter>");
        }
    }
}

/// An app at the table, no journal: `stacks` for seats 1.., a 10-seat
/// table when there are ten stacks, else nine seats.
pub fn app_at(house: &str, stacks: &[u64], button: u8, blinds: (u64, u64), names: &[&str]) -> App {
    let seats = if stacks.len() > 9 { 10 } else { 9 };
    app_at_table(
        house,
        seats,
        stacks,
        button,
        blinds,
        names,
        Theme::default(),
    )
}

/// An app at a table of `seats` seats.
pub fn app_at_table(
    house: &str,
    seats: u8,
    stacks: &[u64],
    button: u8,
    blinds: (u64, u64),
    names: &[&str],
    theme: Theme,
) -> App {
    let rules = HouseRules::load(house).expect("a built-in house");
    let names: BTreeMap<u8, String> = names
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.is_empty())
        .map(|(i, n)| (i as u8 + 1, n.to_string()))
        .collect();
    let header = HandHeader::new(house, 1, seats, names, table(stacks, button, blinds));
    let session = Session::unjournaled(header, rules).expect("the table starts");
    let mut app = App::with_session(session, Keymap::default(), theme);
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    app
}

/// The setup screen as a first start shows it.
pub fn setup_app() -> App {
    App::new(AppOptions::default())
}

/// The app drawn at `width` x `height`.
pub fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| tui::draw(frame, app)).expect("drawn");
    terminal
}

/// Everything on the drawn screen as text.
pub fn screen_text(app: &App, width: u16, height: u16) -> String {
    buffer_text(draw(app, width, height).backend().buffer())
}

/// A widget (a whole screen) drawn at `width` x `height`, as text.
pub fn widget_text(widget: impl ratatui::widgets::Widget, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(widget, frame.area()))
        .expect("drawn");
    buffer_text(terminal.backend().buffer())
}

/// A drawn buffer as text, a line per row.
pub fn buffer_text(buffer: &ratatui::buffer::Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Nine players at 10,000, blinds 100/200, button on seat 1.
pub fn nine_handed() -> App {
    app_at(
        "tda",
        &[10_000; 9],
        1,
        (100, 200),
        &["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"],
    )
}

/// Ten players, a few actions in.
pub fn ten_handed() -> App {
    let mut app = app_at(
        "tda",
        &[
            10_000, 8_000, 12_500, 10_000, 9_000, 10_000, 15_000, 4_000, 10_000, 11_000,
        ],
        3,
        (100, 200),
        &[
            "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
        ],
    );
    lines(&mut app, &["s6 raise 600", "s7 call", "s8 fold", "s9 call"]);
    app
}

/// An undercall waiting for the floor (TDA 39-B: facing a raise
/// multi-way, the TD may let the player forfeit the underbet and fold).
pub fn ruling_shown() -> App {
    let mut app = nine_handed();
    lines(&mut app, &["s4 raise 600"]);
    press(&mut app, "p300<Enter><Enter>");
    assert!(app.ruling().is_some(), "the undercall is the floor's");
    app
}

/// Three stacks all in preflop and a fourth covering them, the board run
/// out: showdown with a main pot and two side pots.
pub fn three_way_all_in() -> App {
    let mut app = app_at(
        "tda",
        &[1_000, 3_000, 5_000, 8_000],
        4,
        (50, 100),
        &["Ann", "Bob", "Cy", "Dee"],
    );
    lines(
        &mut app,
        &[
            "s3 allin",
            "s4 call",
            "s1 allin",
            "s2 allin",
            "s1 hole AhAd",
            "s2 hole KsKc",
            "s3 hole QhQd",
            "s4 hole JhTh",
            "flop 2c7d9h",
            "turn Js",
            "river 3c",
        ],
    );
    app
}

/// The same hand with every hand tabled: the pots awarded.
pub fn three_way_awarded() -> App {
    let mut app = three_way_all_in();
    lines(&mut app, &["s1 show", "s2 show", "s3 show", "s4 show"]);
    app
}

/// Three-handed, blinds 100/200: seat 3 (the button) folds, seat 1 raises
/// to 600 and seat 2 (the big blind) goes all in for 3000: seat 1 is to act
/// and every other player still in is all in.
pub fn facing_the_last_all_in() -> App {
    let mut app = app_at("tda", &[10000, 3000, 10000], 3, (100, 200), &[]);
    lines(&mut app, &["s3 fold", "s1 raise 600", "s2 allin"]);
    app
}

pub(crate) fn actions(app: &App) -> Vec<String> {
    app.state()
        .expect("at the table")
        .actions
        .iter()
        .map(|a| a.to_string())
        .collect()
}

pub(crate) fn refusal(app: &App) -> String {
    match app.message() {
        Some(m) if m.kind == MessageKind::Refusal => m.text.clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Nine handed, unjournaled, with a user's keys.toml laid over the
/// built-in map.
pub(crate) fn nine_handed_with_keys(user: &str) -> App {
    let keymap = Keymap::from_toml("keys.toml", user, Some(&Keymap::default())).expect("a keymap");
    let session = {
        let app = nine_handed();
        let s = app.session().expect("a session");
        floorcall::journal::Session::unjournaled(s.header().clone(), s.hand().rules().clone())
            .expect("a session")
    };
    App::with_session(session, keymap, Theme::default())
}

/// Six players at 10,000, blinds 100/200, button on seat 1: seat 4 to act.
pub(crate) fn six_handed() -> App {
    app_at_table(
        "tda",
        6,
        &[10_000; 6],
        1,
        (100, 200),
        &["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"],
        Theme::default(),
    )
}
