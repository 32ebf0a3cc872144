//! The room's money on the real screens (issue 35), the real binary in
//! tmux against a real PostgreSQL (`pg`; skipped, loudly, where it or
//! tmux cannot be had): a draw under a structure file's `[money]`, a
//! table's bar saying the pool and the places paid, and the TD's screen
//! saying the pool, the prizes, late registration and the chips, and
//! selling an entry with `$` while refusing, with the reason, what the
//! structure does not sell and a deal before the pool is final. The TD's
//! screen serves the room's page (`--serve`): it says the same pool, and
//! the message the TD types (`$say ...`).

use crate::floor::cli::{drawn_by_cli, said, table_in_tmux, two_tables_of_six};
use crate::floor::db::floor_db;
use crate::home::Home;
use crate::pg;
use crate::tmux::Tmux;

/// Three levels; an entry of 220 (20 the house's) for 1,000 chips, sold
/// until level 2; three places paid, 50/30/20, up to ten entries. No
/// rebuys.
const STRUCTURE: &str = "[[level]]\nsmall = 10\nbig = 20\n\n[[level]]\nsmall = 20\nbig = 40\n\n[[level]]\nsmall = 40\nbig = 80\n\n[money]\n[money.entry]\ncost = 220\nfee = 20\nchips = 1000\nuntil-level = 2\n\n[[money.tier]]\nup-to = 10\nshares = [50, 30, 20]\n";

/// Six players drawn to two tables of six: each table's bar says
/// `Money: pool 1,200, 3 paid`; the TD's screen says the pool, its three
/// prizes and late registration open until level 2, and the chips both
/// tables hold. `$ entry Zed` sells Zed an entry, drawn to a seat: the
/// pool grows by his 200 and the prizes with it, on the TD's screen and
/// on both bars. A second entry for Zed, a rebuy the structure does not
/// sell and a deal while the entry is still sold are refused, each with
/// its reason, the pool unchanged. What the TD types stays in view,
/// however long the question.
#[test]
fn the_money_shows_on_the_tables_bars_and_the_tds_screen_and_dollar_sells_an_entry() {
    let test = "the_money_shows_on_the_tables_bars_and_the_tds_screen_and_dollar_sells_an_entry";
    let Some(pg) = pg::shared() else { return };
    if Tmux::skip(test) {
        return;
    }
    let db = floor_db(pg, "money-tmux", &["T1", "T2"]);
    let conninfo = pg.conninfo(&db);
    let home = Home::new();
    let structure = home.path().join("money.toml");
    std::fs::write(&structure, STRUCTURE).expect("writes");
    let structure = structure.to_str().expect("utf-8");
    let desk = two_tables_of_six(structure);
    let env = [
        "FLOORCALL_TOURNAMENT=money-tmux".to_string(),
        format!("FLOORCALL_FLOOR={conninfo}"),
    ];
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let players = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"];
    drawn_by_cli(&home, &conninfo, "money-tmux", &desk, &players, "1000");
    // Each table in a terminal of its own, dealing to its draw.
    let table = |name: &str| {
        let tmux = table_in_tmux(&home, &conninfo, &env, &format!("money-{name}"), name);
        tmux.wait_for_all(&["to act", "Money: pool 1,200, 3 paid"]);
        tmux
    };
    let tables = [table("T1"), table("T2")];
    // The TD's screen serves the room's page too (issue 36).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let serve = format!("127.0.0.1:{port}");
    let floor = home.tmux_with(
        "money-floor",
        &env,
        &[&["floor", "--serve", &serve][..], &desk].concat(),
    );
    let pool =
        " pool 1,200 (6 entries) │ 3 paid: 600, 360, 240 │ late registration open until level 2";
    // Both tables play: every chip issued is in play (the line ends there:
    // nothing fails to add up).
    let chips = " chips: 6,000 in play of 6,000 issued\n";
    floor.wait_for_all(&["T1 · hand 1", "T2 · hand 1", pool, chips]);
    floor.wait_for(&format!("database live │ page {serve}"));
    // With it, the TD's process listens on the page's port, and on no
    // other.
    let listening = floor.listening();
    assert_eq!(listening.len(), 1, "{listening:?}");
    assert!(
        listening[0].ends_with(&format!(":{port:04X}")),
        "{listening:?} is not port {port}"
    );

    // An entry sold: Zed drawn to a seat, the pool and the prizes grown.
    floor.type_text("$entry Zed");
    floor.wait_for("Enter: entry Zed");
    floor.keys(&["Enter"]);
    let screen = floor.wait_for("The entry is recorded: Zed is drawn to ");
    let answer = screen
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("The entry is recorded: Zed is drawn to ")
        })
        .expect("the answer");
    let (at, _) = answer.split_once(',').expect("a seat, then the chips");
    let (name, seat) = at.split_once(" seat ").expect("a table and a seat");
    assert!(["T1", "T2"].contains(&name), "{answer}");
    assert!(
        seat.parse::<u8>().is_ok_and(|s| (1..=6).contains(&s)),
        "{answer}"
    );
    assert_eq!(
        answer,
        format!("{at}, with 1,000; that table seats the player with F.")
    );
    let pool =
        " pool 1,400 (7 entries) │ 3 paid: 700, 420, 280 │ late registration open until level 2";
    // Zed's chips are in play before he sits: drawn, not a fault.
    let chips = " chips: 7,000 in play of 7,000 issued (1,000 of them to be seated)\n";
    floor.wait_for_all(&[pool, "7 players left of 7 (1 to be seated)", chips]);
    for t in &tables {
        t.wait_for("Money: pool 1,400, 3 paid");
    }
    board_says(&serve, &["\"pool\":\"1,400\"", "\"entries\":7"]);
    // The TD's message for the room, at the money prompt: on the page.
    floor.type_text("$say Dinner at 8, back at 9.");
    floor.wait_for("Enter: say Dinner at 8, back at 9.");
    floor.keys(&["Enter"]);
    said(&floor, "The room's screen says: Dinner at 8, back at 9.");
    board_says(&serve, &["\"message\":\"Dinner at 8, back at 9.\""]);
    let ordered = format!("Floor: Zed (drawn): seat {seat}, 1,000  [F]");
    tables[usize::from(name == "T2")].wait_for(&ordered);

    // Refusals, each with its reason, the pool as it was.
    for (line, refusal) in [
        (
            "entry Zed",
            "Not done: Zed has entered already: a new entry after a bust is a re-entry.",
        ),
        (
            "rebuy Ann",
            "Not done: This tournament sells no rebuys: its structure has no [money.rebuy].",
        ),
        (
            "deal icm keep 500",
            "Not done: No deal while the entry is still sold (until level 2): the pool is not final.",
        ),
    ] {
        floor.type_text(&format!("${line}"));
        floor.wait_for(&format!("Enter: {line}"));
        floor.keys(&["Enter"]);
        said(&floor, refusal);
        assert!(floor.screen().contains(pool), "{}", floor.screen());
    }
    for t in &tables {
        assert!(
            t.screen().contains("Money: pool 1,400, 3 paid"),
            "{}",
            t.screen()
        );
    }

    floor.type_text("q");
    floor.wait_gone();
    // A hand is open at each table: quitting asks first.
    for t in &tables {
        t.type_text("q");
        said(t, "Quit? A hand is in progress");
        t.type_text("y");
        t.wait_gone();
    }
}

/// Waits up to 5 s for the room's page at `addr` to serve a board (`GET
/// /board`) holding every one of `texts`.
fn board_says(addr: &str, texts: &[&str]) {
    let start = std::time::Instant::now();
    loop {
        let body = ureq::get(&format!("http://{addr}/board"))
            .call()
            .and_then(|mut r| r.body_mut().read_to_string())
            .unwrap_or_default();
        if texts.iter().all(|t| body.contains(t)) {
            return;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "the room's page at {addr} never said {texts:?}: {body}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
