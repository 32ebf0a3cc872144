//! The screen, pane by pane and whole, as `TestBackend` snapshots from
//! named fixtures; and no size from 1x1 up makes it panic.

use floorcall::table::{Card, Seat};
use floorcall::tui::app::{RulingPane, StatusPane};
use floorcall::tui::panes::{
    BoardPane, HelpPane, LogPane, PotPane, SeatMarks, SeatsPane, SetupPane,
};
use floorcall::tui::setup::{SetupForm, TableChoice};
use floorcall::tui::{Keymap, Theme};
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Widget;

use crate::tui::fixtures::{
    app_at, draw, facing_the_last_all_in, lines, nine_handed, press, ruling_shown, setup_app,
    ten_handed, three_way_all_in, three_way_awarded,
};

/// Renders one widget into a `width` x `height` test terminal.
fn pane<W>(width: u16, height: u16, widget: W) -> Terminal<TestBackend>
where
    W: Widget,
{
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(widget, f.area()))
        .expect("drawn");
    terminal
}

// ----- whole screens -----

#[test]
fn screen_setup() {
    assert_snapshot!(draw(&setup_app(), 100, 32).backend());
}

#[test]
fn screen_preflop_with_blinds() {
    assert_snapshot!(draw(&nine_handed(), 120, 40).backend());
}

#[test]
fn screen_ruling_shown() {
    assert_snapshot!(draw(&ruling_shown(), 120, 40).backend());
}

#[test]
fn screen_ruling_override_choices() {
    let mut app = ruling_shown();
    press(&mut app, "o");
    assert_snapshot!(draw(&app, 120, 40).backend());
}

#[test]
fn screen_three_way_all_in_side_pots_at_showdown() {
    assert_snapshot!(draw(&three_way_all_in(), 120, 40).backend());
}

#[test]
fn screen_three_way_all_in_awarded() {
    assert_snapshot!(draw(&three_way_awarded(), 120, 40).backend());
}

#[test]
fn screen_narrow_terminal() {
    assert_snapshot!(draw(&nine_handed(), 40, 12).backend());
}

#[test]
fn screen_list_layout_80x24() {
    let mut app = nine_handed();
    lines(&mut app, &["s4 raise 600", "s5 fold"]);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn screen_too_small_shows_a_notice() {
    assert_snapshot!(draw(&nine_handed(), 39, 11).backend());
}

#[test]
fn screen_ten_handed_120x40() {
    assert_snapshot!(draw(&ten_handed(), 120, 40).backend());
}

#[test]
fn screen_ten_handed_200x60() {
    assert_snapshot!(draw(&ten_handed(), 200, 60).backend());
}

#[test]
fn screen_help() {
    let mut app = nine_handed();
    press(&mut app, "?");
    assert_snapshot!(draw(&app, 100, 40).backend());
}

#[test]
fn screen_quit_asks_while_a_hand_is_open() {
    let mut app = nine_handed();
    press(&mut app, "q");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn screen_prompt_raise_prefilled() {
    let mut app = nine_handed();
    press(&mut app, "r");
    assert_snapshot!(draw(&app, 100, 30).backend());
}

#[test]
fn screen_refusal_on_the_status_line() {
    let mut app = nine_handed();
    press(&mut app, "r500<Enter>");
    assert_snapshot!(draw(&app, 100, 30).backend());
}

// ----- panes -----

#[test]
fn pane_seats_round() {
    let app = ten_handed();
    let s = app.session().expect("a session");
    let seats = SeatsPane {
        state: s.state(),
        seats: 10,
        names: &s.header().names,
        marks: SeatMarks::of(s.hand()),
        keyed: None,
        waiting: Vec::new(),
        killed: Vec::new(),
        theme: Theme::default(),
    };
    assert_snapshot!(pane(90, 24, &seats).backend());
}

#[test]
fn pane_seats_list() {
    let app = three_way_all_in();
    let s = app.session().expect("a session");
    let seats = SeatsPane {
        state: s.state(),
        seats: 9,
        names: &s.header().names,
        marks: SeatMarks::of(s.hand()),
        keyed: Seat::new(2),
        waiting: Vec::new(),
        killed: Vec::new(),
        theme: Theme::default(),
    };
    assert_snapshot!(pane(70, 11, &seats).backend());
}

#[test]
fn pane_pot_with_side_pots() {
    let app = three_way_all_in();
    let s = app.session().expect("a session");
    let pot = PotPane {
        state: s.state(),
        rules: s.hand().rules(),
        centred: false,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(50, 5, &pot).backend());
}

#[test]
fn pane_pot_facing_a_raise() {
    let mut app = nine_handed();
    lines(&mut app, &["s4 raise 600"]);
    let s = app.session().expect("a session");
    let pot = PotPane {
        state: s.state(),
        rules: s.hand().rules(),
        centred: true,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(50, 4, &pot).backend());
}

fn board() -> Vec<Card> {
    ["As", "Kd", "7c", "Th"]
        .iter()
        .map(|c| c.parse().expect("a card"))
        .collect()
}

#[test]
fn pane_board_boxed_in_colour() {
    let board = board();
    let pane_ = BoardPane {
        board: &board,
        centred: false,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(26, 3, &pane_).backend());
}

#[test]
fn pane_board_without_colour_reads_as_typed() {
    let board = board();
    let pane_ = BoardPane {
        board: &board,
        centred: false,
        theme: Theme::plain(),
    };
    assert_snapshot!(pane(26, 3, &pane_).backend());
    let inline = pane(16, 1, &pane_);
    assert_snapshot!(inline.backend());
}

#[test]
fn pane_log_with_ruling_inline() {
    let mut app = ruling_shown();
    press(&mut app, "<Enter>");
    lines(&mut app, &["s6 fold", "s7 call"]);
    press(&mut app, "u");
    let s = app.session().expect("a session");
    let log = LogPane {
        hand: s.hand(),
        number: 1,
        earlier: &[],
        notes: &[],
        scroll: 0,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(40, 18, &log).backend());
}

#[test]
fn pane_ruling() {
    let app = ruling_shown();
    let keymap = Keymap::default();
    let ruling = RulingPane {
        panel: app.ruling().expect("a ruling"),
        keymap: &keymap,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(70, 8, &ruling).backend());
}

#[test]
fn pane_status_to_act() {
    let app = nine_handed();
    assert_snapshot!(pane(100, 3, &StatusPane { app: &app }).backend());
}

/// With every other player still in all in, the hints offer call and fold
/// only: no bet, raise or all in.
#[test]
fn pane_status_call_or_fold_when_every_other_player_is_all_in() {
    let app = facing_the_last_all_in();
    assert_snapshot!(pane(100, 3, &StatusPane { app: &app }).backend());
}

#[test]
fn pane_status_open_motion() {
    let mut app = nine_handed();
    press(&mut app, "p1000x2<Enter>");
    assert_snapshot!(pane(100, 3, &StatusPane { app: &app }).backend());
}

#[test]
fn pane_help() {
    let keymap = Keymap::default();
    let help = HelpPane {
        keymap: &keymap,
        scroll: 0,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(100, 30, &help).backend());
}

#[test]
fn pane_setup_scrolls_to_the_field_in_focus() {
    let keymap = Keymap::default();
    let mut form = SetupForm::new(TableChoice::default());
    form.focus = form.fields().len() - 1;
    let setup = SetupPane {
        form: &form,
        keymap: &keymap,
        theme: Theme::default(),
    };
    assert_snapshot!(pane(60, 14, &setup).backend());
}

/// Opened without flags, the setup screen shows the last table's values
/// and says they are remembered (flags start from the defaults).
#[test]
fn the_setup_screen_marks_remembered_values() {
    let keymap = Keymap::default();
    let choice = TableChoice {
        remembered_from: Some("/home/dealer/.local/share/floorcall/last-table.toml".into()),
        ..TableChoice::default()
    };
    let form = SetupForm::new(choice);
    let setup = SetupPane {
        form: &form,
        keymap: &keymap,
        theme: Theme::default(),
    };
    let text = format!("{:?}", pane(100, 30, &setup).backend());
    assert!(text.contains("Remembered from the last table"), "{text}");
    let plain = SetupForm::new(TableChoice::default());
    assert_eq!(plain.remembered_note(), None);
}

// ----- sizes -----

/// Regression: every size from 1x1 to 130x45 draws without panicking, on
/// every fixture screen and with every overlay.
#[test]
fn no_terminal_size_panics() {
    let mut apps = vec![
        setup_app(),
        nine_handed(),
        ruling_shown(),
        three_way_all_in(),
        three_way_awarded(),
        ten_handed(),
    ];
    let mut help = nine_handed();
    press(&mut help, "?");
    apps.push(help);
    let mut quit = nine_handed();
    press(&mut quit, "q");
    apps.push(quit);
    let mut choosing = ruling_shown();
    press(&mut choosing, "o");
    apps.push(choosing);
    let mut prompt = nine_handed();
    press(
        &mut prompt,
        ":s4 raise 1200 # a long comment that goes on and on",
    );
    apps.push(prompt);
    for app in &apps {
        for width in (1..=130).step_by(3) {
            for height in (1..=45).step_by(2) {
                draw(app, width, height);
            }
        }
        for (w, h) in [
            (40, 12),
            (41, 12),
            (40, 13),
            (39, 12),
            (40, 11),
            (0, 0),
            (1, 0),
        ] {
            draw(app, w, h);
        }
    }
}

#[test]
fn screen_out_of_turn_chain_and_the_skipped_seat() {
    // TDA 40-B: seat 5 calls and seat 6 folds out of turn over seat 4; the
    // call shows held on its seat, then seat 7 acts and the chain binds.
    let mut app = app_at("tda", &[10000; 7], 7, (100, 200), &[]);
    press(&mut app, "r600<Enter>");
    press(&mut app, "5c");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    assert_snapshot!("out_of_turn_call_held", draw(&app, 120, 40).backend());
    press(&mut app, "6f");
    while app.ruling().is_some() {
        press(&mut app, "<Enter>");
    }
    press(&mut app, "7f");
    assert_snapshot!("skipped_seat_for_the_floor", draw(&app, 120, 40).backend());
}

/// How many seats of `seats` the list on `screen` accounts for: the rows
/// it shows (`▶  4 ...`) and those its scroll mark counts (`↑1 ↓3 more`).
fn seats_accounted(screen: &str, seats: usize) -> usize {
    let mut shown = std::collections::BTreeSet::new();
    let mut marked = 0;
    for line in screen.lines() {
        let token = line
            .trim_start_matches(['▶', '»', ' '])
            .split(' ')
            .next()
            .unwrap_or("");
        if let Ok(n) = token.parse::<usize>()
            && (1..=seats).contains(&n)
            && line.contains(char::is_numeric)
            && !line.contains(" seat")
        {
            shown.insert(n);
        }
        for (i, arrow) in line.match_indices(['↑', '↓']) {
            let rest = &line[i + arrow.len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            marked += digits.parse::<usize>().unwrap_or(0);
        }
    }
    shown.len() + marked
}

/// Issue 17 item 22: at 40x12 seat 1 was missing, and at 80x24 with the
/// ruling panel open seats 8 and 9, without a sign; at 120 columns `u
/// undo` dropped off the hints. Nothing disappears without a sign.
#[test]
fn nothing_disappears_from_the_table_without_a_sign() {
    let narrow = crate::tui::fixtures::screen_text(&nine_handed(), 40, 12);
    assert_eq!(seats_accounted(&narrow, 9), 9, "{narrow}");
    assert!(narrow.contains("↑1"), "seat 1 above: {narrow}");
    let ruling = crate::tui::fixtures::screen_text(&ruling_shown(), 80, 24);
    assert_eq!(seats_accounted(&ruling, 9), 9, "{ruling}");
    for app in [nine_handed(), ten_handed(), facing_the_last_all_in()] {
        for width in [100, 120] {
            let screen = crate::tui::fixtures::screen_text(&app, width, 40);
            let hints = screen
                .lines()
                .find(|l| l.contains("? help"))
                .unwrap_or_else(|| panic!("a hints line at {width}:\n{screen}"));
            assert!(hints.contains("u undo"), "{width}: {hints}");
        }
    }
    // Where hints are left out, a `…` says so.
    let eighty = crate::tui::fixtures::screen_text(&ten_handed(), 80, 24);
    let hints = eighty
        .lines()
        .find(|l| l.contains("? help"))
        .expect("hints");
    assert!(
        hints.contains("PgUp log back") || hints.contains('…'),
        "{hints}"
    );
}

/// Issue 17 item 23: help pages 2 and 3 overlapped (the last page started
/// early to end full). Each page keeps one line of the page before, no more.
#[test]
fn help_pages_follow_one_another_keeping_one_line() {
    let (w, h) = (100u16, 24u16);
    let mut app = nine_handed();
    app.resize(w, h);
    press(&mut app, "?");
    let page = |app: &floorcall::tui::App| -> Vec<String> {
        let screen = crate::tui::fixtures::screen_text(app, w, h);
        let rows: Vec<String> = screen.lines().map(str::to_string).collect();
        // Inside the border: every row but the first and the last.
        rows[1..rows.len() - 1].to_vec()
    };
    let mut pages = vec![page(&app)];
    let footer = crate::tui::fixtures::screen_text(&app, w, h);
    let count: usize = footer
        .split("page 1 of ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("page 1 of N");
    assert!(count >= 3, "the help has {count} pages at {w}x{h}");
    for _ in 1..count {
        press(&mut app, "<PgDn>");
        pages.push(page(&app));
    }
    for k in 1..pages.len() {
        let (before, now) = (&pages[k - 1], &pages[k]);
        assert_eq!(
            now[0],
            before[before.len() - 1],
            "page {} keeps one line",
            k + 1
        );
        let repeated = now[1..]
            .iter()
            .filter(|l| !l.trim_matches(['│', ' ']).is_empty() && before.contains(l))
            .count();
        assert_eq!(repeated, 0, "page {} repeats page {}:\n{now:#?}", k + 1, k);
    }
}

/// Issue 32 item 8: at 80x24 the ruling panel cut its last quote without
/// a mark. A panel too tall for its rows keeps the keys line and ends the
/// last text row it shows with `…`.
#[test]
fn a_ruling_panel_cut_at_80x24_ends_with_a_mark() {
    let mut misdeal = nine_handed();
    press(&mut misdeal, "cc:floor misdeal<Enter>");
    let mut choosing = ruling_shown();
    press(&mut choosing, "o");
    let mut cut = 0;
    for app in [ruling_shown(), misdeal, choosing] {
        let panel = app.ruling().expect("a ruling panel");
        let keymap = Keymap::default();
        let wants = RulingPane {
            panel,
            keymap: &keymap,
            theme: Theme::default(),
        }
        .height(80);
        let screen = crate::tui::fixtures::screen_text(&app, 80, 24);
        let rows: Vec<&str> = screen
            .lines()
            .skip_while(|l| !l.starts_with('╔'))
            .skip(1)
            .take_while(|l| !l.starts_with('╚'))
            .collect();
        assert!(rows.len() >= 2, "{screen}");
        if rows.len() + 2 >= usize::from(wants) {
            continue;
        }
        cut += 1;
        let last_text = rows[rows.len() - 2]
            .trim_end()
            .trim_end_matches('║')
            .trim_end();
        assert!(
            last_text.ends_with('…'),
            "a cut panel without a mark:\n{screen}"
        );
    }
    assert!(cut > 0, "no panel was cut at 80x24");
}
