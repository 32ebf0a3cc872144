//! The floor's commands as a TD and a dealer run them, against a real
//! PostgreSQL (`pg`; skipped, loudly, where it cannot be had): `floor
//! draw` seats the field, a table started with `--floor` and no names
//! deals to the players the draw gave it, and `floorcall floor` shows
//! that table live.

use crate::floor::db::floor_db;
use crate::home::Home;
use crate::pg;
use crate::tmux::Tmux;

/// TDA 6 (seats drawn at random), carried to the tables: the draw's seats
/// are printed, T1's dealer starts with exactly those players in those
/// seats at the floor's first level, and the TD's screen shows T1's hand.
#[test]
fn a_drawn_table_deals_to_its_draw_and_the_floor_shows_it() {
    let Some(pg) = pg::shared() else { return };
    if Tmux::skip("a_drawn_table_deals_to_its_draw_and_the_floor_shows_it") {
        return;
    }
    let db = floor_db(pg, "cli-t", &["T1", "T2"]);
    let conninfo = pg.conninfo(&db);
    let desk = [
        "--tables",
        "T1,T2",
        "--seats",
        "6",
        "--levels",
        "10/20,20/40",
    ];
    let home = Home::new();
    // Without the floor's flags: said, exit 2.
    let out = home.output_with(&["floor", "--tables", "T1"], |command| {
        command
            .env_remove("FLOORCALL_FLOOR")
            .env_remove("FLOORCALL_TOURNAMENT");
    });
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs --floor URL"));
    // The draw: one line a player, `Ann T2 seat 5 (1000)`.
    let out = home.output_with(&["floor", "draw"], |command| {
        command
            .args(desk)
            .args([
                "--player", "Ann", "--player", "Bob", "--player", "Cy", "--player", "Di",
            ])
            .args(["--stack", "1000"])
            .env("FLOORCALL_FLOOR", &conninfo)
            .env("FLOORCALL_TOURNAMENT", "cli-t");
    });
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Its commitment first, the seed last (`#` lines).
    let first = stdout.lines().next().unwrap_or_default();
    assert!(first.starts_with("# draw 1: commitment "), "{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("# seed ")),
        "{stdout}"
    );
    let seats: Vec<(String, String, String)> = stdout
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!((w.len(), w[2], w[4]), (5, "seat", "(1000)"), "{l}");
            (w[0].to_string(), w[1].to_string(), w[3].to_string())
        })
        .collect();
    assert_eq!(seats.len(), 4, "{stdout}");
    // Four players on two tables: two each (TDA 6, the tables even).
    let at_t1: Vec<&(String, String, String)> = seats.iter().filter(|s| s.1 == "T1").collect();
    assert_eq!(at_t1.len(), 2, "{stdout}");
    let journal = home.path().join("T1.jsonl");
    let table = Tmux::new("cli-t1");
    // One server for the whole test: it stays up while T1 is killed and
    // started again.
    table.run(&["start-server", ";", "set-option", "-g", "exit-empty", "off"]);
    // T1 as the pane's own process (exec): a kill kills it.
    let t1 = [
        "--floor",
        &conninfo,
        "--table",
        "T1",
        "--journal",
        journal.to_str().expect("utf-8"),
        "--seats",
        "6",
    ];
    let tournament = ["FLOORCALL_TOURNAMENT=cli-t"];
    table.start_floorcall(&home, &tournament, &t1);
    // No structure given: the floor's (TDA 22), from the first hand; a
    // named seat's box reads `5 Ann`. Waited for whole (a frame captured
    // while it is drawn may hold its first lines only).
    let boxes: Vec<String> = at_t1
        .iter()
        .map(|(player, _, seat)| format!("{seat} {player}"))
        .collect();
    let mut shown = vec!["to act", "Blinds 10/20", "Level 1 10/20"];
    shown.extend(boxes.iter().map(String::as_str));
    let screen = table.wait_for_all(&shown);
    for (player, _, _) in seats.iter().filter(|s| s.1 != "T1") {
        assert!(
            !screen.contains(player.as_str()),
            "{player} is not at T1: {screen}"
        );
    }
    let floor = home.tmux_with(
        "cli-floor",
        &[tournament[0], &format!("FLOORCALL_FLOOR={conninfo}")],
        &[&["floor"], &desk[..]].concat(),
    );
    // Waited for whole: a screen captured while the terminal is still
    // drawing its frame may hold the first lines only (the table's box
    // began, its seats not yet written).
    let mut shown = vec!["T1 · hand 1", "database live"];
    shown.extend(at_t1.iter().map(|(player, _, _)| player.as_str()));
    let screen = floor.wait_for_all(&shown);
    for (player, _, _) in &at_t1 {
        assert!(screen.contains(player.as_str()), "{screen}");
    }
    floor.type_text("q");
    // T1 killed mid-hand and started again: the resume question. `n`,
    // the key a dealer presses all day, keeps it; `N` is refused at a
    // floor's table (its players and chips are the tournament's); `y`
    // resumes the hand.
    table.kill_pane();
    table.wait_gone();
    table.start_floorcall(&home, &tournament, &t1);
    table.wait_for("Resume?");
    // A floor's table is not offered a new table at all.
    assert!(
        !table.screen().contains("a new table (asks again)"),
        "{}",
        table.screen()
    );
    table.type_text("n");
    said(&table, "That key does not start a new table");
    table.type_text("N");
    said(&table, "it never starts afresh");
    assert!(table.screen().contains("Resume?"));
    table.type_text("y");
    said(&table, "Hand 1 resumed from the journal");
    let text = std::fs::read_to_string(&journal).expect("the journal");
    assert_eq!(text.matches("\"new table\"").count(), 1, "one table");
    table.type_text("q");
}

/// Waits until the screen, its lines joined, says `text` (a dialog wraps
/// its sentences anywhere).
pub(crate) fn said(tmux: &Tmux, text: &str) {
    let start = std::time::Instant::now();
    loop {
        let screen = tmux.screen();
        let words = screen
            .replace(['║', '│', '╔', '╗', '╚', '╝', '═'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if words.contains(text) {
            return;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "the screen never said {text:?}:\n{screen}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// `floorcall floor draw` as the TD runs it: `players` drawn to the
/// tables of `desk` (the floor's flags), each with `stack` chips. Its
/// output (`Ann T1 seat 3 (1000)` a seat).
pub(crate) fn drawn_by_cli(
    home: &Home,
    conninfo: &str,
    tournament: &str,
    desk: &[&str],
    players: &[&str],
    stack: &str,
) -> String {
    let players: Vec<&str> = players.iter().flat_map(|p| ["--player", p]).collect();
    let draw = [&["floor", "draw"][..], desk, &players, &["--stack", stack]].concat();
    let out = home.output_with(&draw, |command| {
        command
            .env("FLOORCALL_FLOOR", conninfo)
            .env("FLOORCALL_TOURNAMENT", tournament);
    });
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Table `name` of the floor in a terminal of its own (tmux session
/// `session`), six seats, its journal in the home, dealing to its draw.
pub(crate) fn table_in_tmux(
    home: &Home,
    conninfo: &str,
    env: &[&str],
    session: &str,
    name: &str,
) -> Tmux {
    let journal = home.path().join(format!("{name}.jsonl"));
    let journal = journal.to_str().expect("utf-8");
    let args = [
        "--floor",
        conninfo,
        "--table",
        name,
        "--journal",
        journal,
        "--seats",
        "6",
    ];
    home.tmux_with(session, env, &args)
}

/// The floor's flags for two tables of six, T1 and T2, under the
/// structure file `structure`.
pub(crate) fn two_tables_of_six(structure: &str) -> [&str; 6] {
    [
        "--tables",
        "T1,T2",
        "--seats",
        "6",
        "--structure",
        structure,
    ]
}

/// Issue 35: a structure file's `[money]` reaches the floor's commands:
/// `floor draw --structure` records each player's buy-in (and refuses a
/// stack that is not the entry's), and `floor results --csv` lists every
/// player with what he paid in; with `--league`, the points of the file's
/// `[league]` last (refused where the file has none).
#[test]
fn the_draw_records_the_buy_ins_and_the_results_list_them() {
    let Some(pg) = pg::shared() else { return };
    let db = floor_db(pg, "cli-money", &["T1", "T2"]);
    let conninfo = pg.conninfo(&db);
    let home = Home::new();
    let structure = home.path().join("money.toml");
    std::fs::write(
        &structure,
        "[[level]]\nsmall = 10\nbig = 20\n\n[money]\n[money.entry]\ncost = 55\nfee = 5\nchips = 1000\n\n[[money.tier]]\nup-to = 10\nshares = [70, 30]\n\n[league]\nbasic = 50\npoints = [100, 70]\n",
    )
    .expect("writes");
    let no_league = home.path().join("no-league.toml");
    std::fs::write(&no_league, "[[level]]\nsmall = 10\nbig = 20\n").expect("writes");
    let no_league = no_league.to_str().expect("utf-8");
    let structure = structure.to_str().expect("utf-8");
    let run = |args: &[&str], stack: Option<&str>| {
        home.output_with(args, |command| {
            command
                .args(two_tables_of_six(structure))
                .args(stack.map(|s| ["--stack", s]).into_iter().flatten())
                .env("FLOORCALL_FLOOR", &conninfo)
                .env("FLOORCALL_TOURNAMENT", "cli-money");
        })
    };
    let players = [
        "draw", "--player", "Ann", "--player", "Bob", "--player", "Cy",
    ];
    let refused = run(&[&["floor"][..], &players[..]].concat(), Some("500"));
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("Ann would sit with 500: an entry's stack is 1,000."),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    let drawn = run(&[&["floor"][..], &players[..]].concat(), Some("1000"));
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    let results = run(&["floor", "results", "--csv"], None);
    let csv = String::from_utf8_lossy(&results.stdout);
    assert!(results.status.success(), "{csv}");
    assert_eq!(
        csv,
        "place,name,entries,paid_in,won\r\n,Ann,1,55,0\r\n,Bob,1,55,0\r\n,Cy,1,55,0\r\n"
    );
    let league = run(&["floor", "results", "--csv", "--league"], None);
    let csv = String::from_utf8_lossy(&league.stdout);
    assert!(league.status.success(), "{csv}");
    assert_eq!(
        csv,
        "place,name,entries,paid_in,won,points\r\n,Ann,1,55,0,50\r\n,Bob,1,55,0,50\r\n,Cy,1,55,0,50\r\n"
    );
    let refused = home.output_with(&["floor", "results", "--league"], |command| {
        command
            .args(["--tables", "T1,T2", "--structure", no_league])
            .env("FLOORCALL_FLOOR", &conninfo)
            .env("FLOORCALL_TOURNAMENT", "cli-money");
    });
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("has no [league]"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}
