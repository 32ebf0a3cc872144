//! A room without dealers on the real screens (issue 35.6), the real
//! binary in tmux against a real PostgreSQL (`pg`; skipped, loudly, where
//! it or tmux cannot be had): a table runs light with nobody keying at
//! it, and the TD keys its player out from the floor's screen (`K`): the
//! table carries it out by itself, and the TD's screen places him.

use crate::floor::cli::{drawn_by_cli, said, table_in_tmux};
use crate::floor::db::floor_db;
use crate::home::Home;
use crate::pg;
use crate::tmux::Tmux;

#[test]
fn the_td_keys_a_light_table_s_player_out_and_the_table_carries_it_out_by_itself() {
    let test = "the_td_keys_a_light_table_s_player_out_and_the_table_carries_it_out_by_itself";
    let Some(pg) = pg::shared() else { return };
    if Tmux::skip(test) {
        return;
    }
    let db = floor_db(pg, "light-tmux", &["T1", "T2"]);
    let conninfo = pg.conninfo(&db);
    let home = Home::new();
    let desk = ["--tables", "T1,T2", "--seats", "6"];
    let env = [
        "FLOORCALL_TOURNAMENT=light-tmux".to_string(),
        format!("FLOORCALL_FLOOR={conninfo}"),
    ];
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let players = ["Ann", "Bob", "Cy", "Di"];
    let drawn = drawn_by_cli(&home, &conninfo, "light-tmux", &desk, &players, "1000");
    // `Ann T1 seat 3 (1000)`: the first player drawn to T1.
    let (player, seat) = drawn
        .lines()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words[..] {
                [p, "T1", "seat", s, _] => Some((p.to_string(), s.to_string())),
                _ => None,
            }
        })
        .unwrap_or_else(|| panic!("a player at T1: {drawn}"));
    let table = |name: &str| {
        let tmux = table_in_tmux(&home, &conninfo, &env, &format!("light-{name}"), name);
        tmux.wait_for("to act");
        tmux
    };
    let t1 = table("T1");
    let t2 = table("T2");
    let floor = home.tmux_with("light-floor", &env, &[&["floor"][..], &desk].concat());
    floor.wait_for_all(&["T1 · hand 1", "T2 · hand 1"]);
    // Without --serve the TD's screen listens on no port (issue 36).
    assert_eq!(floor.listening(), Vec::<String>::new());

    // T1's opening hand ends (its players fold to the big blind), and the
    // table runs light.
    while !t1.screen().contains("hand 1 is over") && !t1.screen().contains("wins") {
        t1.type_text("f");
        std::thread::sleep(std::time::Duration::from_millis(150));
    }
    t1.type_text(":light on");
    t1.keys(&["Enter"]);
    said(&t1, "The table runs light");

    // T2 keys its hands: the floor does not key its busts.
    floor.type_text("KT2 seat 1 out");
    floor.wait_for("Enter: T2 seat 1 out");
    floor.keys(&["Enter"]);
    said(&floor, "Nothing keyed: T2 keys its hands");

    // The TD keys T1's player out; T1 carries it out with no key pressed.
    let line = format!("T1 seat {seat} out");
    floor.type_text(&format!("K{line}"));
    floor.wait_for(&format!("Enter: {line}"));
    floor.keys(&["Enter"]);
    said(&floor, &format!("Keyed for the table: {line}"));
    said(&t1, &format!("Seat {seat} is out"));
    floor.wait_for_all(&["Busts (1)", &format!("4th {player}")]);
    // T1's card says it runs light, and that the chips of the player out
    // are not yet counted to anyone.
    floor.wait_for("uncounted");
    assert!(floor.screen().contains("light: "), "{}", floor.screen());

    floor.type_text("q");
    floor.wait_gone();
    t1.type_text("q");
    t1.wait_gone();
    t2.type_text("q");
    said(&t2, "Quit? A hand is in progress");
    t2.type_text("y");
    t2.wait_gone();
}
