//! The results (issue 35.5): each player's place, entries, what he paid in
//! and what he won, at the end or at any moment, from the tournament's
//! records (`Tournament::winnings`, the purchases), as the CSV a
//! spreadsheet reads and as the text a TD prints (`floor results`); with
//! a league (`league::League`), each player's points last.
//!
//! A player is a person: his re-entries (`Ann (2)`) are his, and his
//! place is his best entry's (the last one still in, else the best
//! placed).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::Tournament;
use super::league::League;
use crate::values::Money;

/// One player's line of the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// His place (None: still in).
    pub place: Option<u32>,
    /// The player.
    pub player: String,
    /// The entries he bought (first entries and re-entries; 1 where the
    /// tournament has no money).
    pub entries: u32,
    /// What he paid in all (entries, rebuys, add-ons).
    pub paid_in: Money,
    /// What he has won so far.
    pub won: Money,
}

/// The results as they stand: the players still in first (most chips
/// first), then by place.
pub fn results(t: &Tournament) -> Vec<Standing> {
    let floor = t.floor();
    let places = floor.places();
    let won = t.winnings().and_then(Result::ok).unwrap_or_default();
    // Each entry's person: his purchases say; an entry bought by nobody
    // (a tournament without money) is its own.
    let mut people: BTreeMap<String, Standing> = BTreeMap::new();
    let mut person_of: BTreeMap<&str, &str> = BTreeMap::new();
    for p in t.purchases() {
        person_of.insert(&p.entry, &p.player);
        let s = standing(&mut people, &p.player);
        s.paid_in = s.paid_in.checked_add(p.cost).unwrap_or(s.paid_in);
        if p.buy.seats() {
            s.entries += 1;
        }
    }
    let chips: BTreeMap<String, u64> = floor
        .tables
        .iter()
        .flat_map(|t| t.players())
        .map(|(_, name, c)| (name, c.get()))
        .collect();
    let entries: BTreeSet<&String> = places.keys().chain(chips.keys()).collect();
    // Each person's chips in play (None: none of his entries is in) and
    // best place.
    let mut in_play: BTreeMap<String, u64> = BTreeMap::new();
    let mut best: BTreeMap<String, u32> = BTreeMap::new();
    for entry in entries {
        let person = person_of.get(entry.as_str()).copied().unwrap_or(entry);
        let s = standing(&mut people, person);
        s.entries = s.entries.max(1);
        if let Some(w) = won.get(entry) {
            s.won = s.won.checked_add(*w).unwrap_or(s.won);
        }
        let place = places.get(entry).copied().filter(|p| *p > 0);
        match (place, chips.get(entry)) {
            // The winner holds every chip, and is placed.
            (Some(1), _) | (Some(_), None) => {
                let p = place.unwrap_or(0);
                best.entry(person.to_string())
                    .and_modify(|q| *q = (*q).min(p))
                    .or_insert(p);
            }
            (_, Some(c)) => *in_play.entry(person.to_string()).or_default() += c,
            (None, None) => {}
        }
    }
    for s in people.values_mut() {
        s.place = match in_play.get(&s.player) {
            Some(_) => None,
            None => best.get(&s.player).copied(),
        };
    }
    let mut out: Vec<Standing> = people.into_values().collect();
    out.sort_by_key(|s| {
        (
            s.place.unwrap_or(0),
            std::cmp::Reverse(in_play.get(&s.player).copied().unwrap_or(0)),
            s.player.clone(),
        )
    });
    out
}

/// A person's line, made on first sight.
fn standing<'a>(people: &'a mut BTreeMap<String, Standing>, player: &str) -> &'a mut Standing {
    people
        .entry(player.to_string())
        .or_insert_with(|| Standing {
            place: None,
            player: player.to_string(),
            entries: 0,
            paid_in: Money::ZERO,
            won: Money::ZERO,
        })
}

/// Each player's league points, in the order of `rows`.
pub fn points(rows: &[Standing], league: &League) -> Vec<u32> {
    rows.iter().map(|r| league.points_for(r.place)).collect()
}

/// The results as CSV (RFC 4180: a name with a comma, a quote or a line
/// end quoted): `place,name,entries,paid_in,won`, the place empty for a
/// player still in, money in units; with a league, its `points` last.
pub fn csv(rows: &[Standing], league: Option<&League>) -> String {
    let mut out = String::from("place,name,entries,paid_in,won");
    if league.is_some() {
        out.push_str(",points");
    }
    out.push_str("\r\n");
    let points = league.map(|l| points(rows, l));
    for (i, r) in rows.iter().enumerate() {
        let name = if r.player.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", r.player.replace('"', "\"\""))
        } else {
            r.player.clone()
        };
        let place = r.place.map(|p| p.to_string()).unwrap_or_default();
        let _ = write!(
            out,
            "{place},{name},{},{},{}",
            r.entries,
            r.paid_in.get(),
            r.won.get()
        );
        if let Some(p) = points.as_ref().and_then(|p| p.get(i)) {
            let _ = write!(out, ",{p}");
        }
        out.push_str("\r\n");
    }
    out
}

/// The results as a text the TD prints: one aligned line a player; with
/// a league, its points last.
pub fn text(rows: &[Standing], league: Option<&League>) -> String {
    let width = rows
        .iter()
        .map(|r| r.player.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "{:>5}  {:<width$}  {:>7}  {:>10}  {:>10}",
        "place", "name", "entries", "paid in", "won"
    );
    if league.is_some() {
        out.push_str("  points");
    }
    out.push('\n');
    let points = league.map(|l| points(rows, l));
    for (i, r) in rows.iter().enumerate() {
        let place = r.place.map_or_else(|| "in".to_string(), |p| p.to_string());
        let _ = write!(
            out,
            "{place:>5}  {:<width$}  {:>7}  {:>10}  {:>10}",
            r.player, r.entries, r.paid_in, r.won
        );
        if let Some(p) = points.as_ref().and_then(|p| p.get(i)) {
            let _ = write!(out, "  {p:>6}");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(place: Option<u32>, player: &str, won: u64) -> Standing {
        Standing {
            place,
            player: player.into(),
            entries: 2,
            paid_in: Money(220),
            won: Money(won),
        }
    }

    #[test]
    fn the_csv_quotes_what_it_must_and_leaves_a_player_in_without_a_place() {
        let rows = [row(None, "Ann", 0), row(Some(2), "Lee, \"Bo\"", 1_500)];
        assert_eq!(
            csv(&rows, None),
            "place,name,entries,paid_in,won\r\n,Ann,2,220,0\r\n2,\"Lee, \"\"Bo\"\"\",2,220,1500\r\n"
        );
    }

    fn nuts() -> League {
        League {
            basic: 50,
            points: vec![100, 70],
        }
    }

    #[test]
    fn a_league_s_points_are_the_last_column() {
        let rows = [
            row(None, "Ann", 0),
            row(Some(2), "Bob", 1_500),
            row(Some(5), "Cy", 0),
        ];
        assert_eq!(points(&rows, &nuts()), vec![50, 120, 50]);
        assert_eq!(
            csv(&rows, Some(&nuts())),
            "place,name,entries,paid_in,won,points\r\n,Ann,2,220,0,50\r\n2,Bob,2,220,1500,120\r\n5,Cy,2,220,0,50\r\n"
        );
        assert_eq!(
            text(&rows[1..], Some(&nuts())),
            "place  name  entries     paid in         won  points\n    2  Bob         2         220       1,500     120\n    5  Cy          2         220           0      50\n"
        );
    }

    #[test]
    fn the_text_is_aligned_for_printing() {
        let rows = [row(Some(1), "Ann", 12_500), row(Some(2), "Bob", 7_500)];
        assert_eq!(
            text(&rows, None),
            "place  name  entries     paid in         won\n    1  Ann         2         220      12,500\n    2  Bob         2         220       7,500\n"
        );
    }
}
