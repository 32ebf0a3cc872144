//! The room's chips: what every table's own record says came and went,
//! held against what the floor decided. Each table's journal verifies
//! its own chips (its stacks always add up to its ledger); only the room
//! can say whether the chips a player took from one table are the chips
//! he brought to the next, and whether the chips in play are the chips
//! the tournament issued.
//!
//! Every player who sits at a table came by a draw (an entry: the chips
//! it gave) or by a move (the chips his leave journaled at the table he
//! left); every player who leaves a table goes by a move (in transit until
//! he sits). The chips issued are the entries' chips, plus chips added
//! (add-ons, a rejoin's chips), the colour-ups' difference and the TD's
//! corrections' (each one the floor ordered: `StackCorrected`), less the
//! chips of players disqualified (TDA 66-D). Each place the floor gave
//! stands on a bust in its table's record. Pure: the floor's records and
//! each table's events in, sentences out.

use std::collections::BTreeSet;

use super::{DrawPurpose, FloorRecord, Move};
use crate::session::{Table, TableEvent};
use crate::table::Chips;

/// One table as its journal folds: its events since it was opened, and
/// the table they fold to.
#[derive(Debug, Clone)]
pub struct RoomTable {
    /// The table's name.
    pub name: String,
    /// Its events, in order, since it was opened.
    pub events: Vec<TableEvent>,
    /// The table they fold to (`journal::table_of`).
    pub table: Table,
    /// How many times its journal opened a table (more than once: the
    /// tables before the last were left, their chips with them).
    pub openings: usize,
    /// A journal written before tables were recorded (no events): the
    /// chips of its first hand, as its table seated them.
    pub first_stacks: u64,
}

/// What the room's audit found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoomAudit {
    /// Entries the draws seated.
    pub entries: u32,
    /// Players the tables seated themselves as they opened (a table no
    /// seat draw seated: its own flags).
    pub seated_by_tables: u32,
    /// Chips the tournament issued (entries, chips added, colour-ups,
    /// less the disqualified's).
    pub issued: u64,
    /// Chips at the tables (each table's stacks; in a hand, as it began).
    pub seated: u64,
    /// Chips of players who left a table for another and have not sat
    /// down there yet.
    pub in_transit: u64,
    /// Chips of entries a draw gave a seat to, not yet sat in it (a late
    /// entry before his table seats him, a table not started).
    pub to_be_seated: u64,
    /// The TD's corrections the tables carried out: how many, the chips
    /// they added and the chips they took away.
    pub corrections: (u32, u64, u64),
    /// What does not add up, a sentence each.
    pub problems: Vec<String>,
}

impl RoomAudit {
    /// What of the chips in play is not at a seat: ` (1,100 of them
    /// moving, 10,000 to be seated)`, or nothing.
    pub fn not_seated_text(&self) -> String {
        match (self.in_transit, self.to_be_seated) {
            (0, 0) => String::new(),
            (m, 0) => format!(" ({} of them moving)", Chips(m)),
            (0, w) => format!(" ({} of them to be seated)", Chips(w)),
            (m, w) => format!(" ({} of them moving, {} to be seated)", Chips(m), Chips(w)),
        }
    }

    /// The chips in play: at the tables, moving between them, and drawn
    /// to a seat not yet sat in.
    pub fn in_play(&self) -> u64 {
        self.seated + self.in_transit + self.to_be_seated
    }

    /// The verdict's line: `OK: the room: 40,000 chips issued (10
    /// entries), 40,000 in play (1,100 of them moving)`, or what is wrong.
    pub fn line(&self) -> String {
        let moving = self.not_seated_text();
        let by_tables = match self.seated_by_tables {
            0 => String::new(),
            n => format!(", {n} players seated by their tables"),
        };
        let by_tables = match self.corrections {
            (0, _, _) => by_tables,
            (n, up, down) => format!(
                "{by_tables}, {n} correction{} of the TD's: +{} -{}",
                if n == 1 { "" } else { "s" },
                Chips(up),
                Chips(down)
            ),
        };
        let summary = format!(
            "{} chips issued ({} entries{by_tables}), {} in play{moving}",
            Chips(self.issued),
            self.entries,
            Chips(self.in_play())
        );
        if self.problems.is_empty() {
            format!("OK: the room: {summary}")
        } else {
            format!("FAILED: the room: {summary}: {}", self.problems.join("; "))
        }
    }
}

/// A player sitting down at a table.
struct Arrival<'a> {
    table: &'a str,
    seat: u8,
    name: &'a str,
    chips: u64,
    /// He took a stack placed for him (UPT Tournament 6): its chips were
    /// issued when it was placed, and the blinds have had their share.
    placed: bool,
}

/// Audits the room: `records` the floor's, `tables` every table's.
pub fn audit(records: &[FloorRecord], tables: &[RoomTable]) -> RoomAudit {
    let mut out = RoomAudit::default();
    // The draws' entries: (player, table, seat, chips), each used once.
    let mut purposes = std::collections::BTreeMap::new();
    let mut entries: Vec<(&str, &str, u8, u64)> = Vec::new();
    // The tables the first seat draw seated (the others were seated by
    // their own flags as they opened).
    let mut drawn_tables: BTreeSet<&str> = BTreeSet::new();
    for r in records {
        match r {
            FloorRecord::DrawCommitted { draw, purpose, .. } => {
                purposes.insert(*draw, purpose);
            }
            FloorRecord::DrawRevealed { draw, seats, .. }
                if matches!(
                    purposes.get(draw),
                    Some(DrawPurpose::Seats | DrawPurpose::LateEntry)
                ) =>
            {
                let first = matches!(purposes.get(draw), Some(DrawPurpose::Seats));
                for a in seats {
                    if first {
                        drawn_tables.insert(&a.table);
                    }
                    entries.push((&a.player, &a.table, a.seat, a.chips));
                    out.issued += a.chips;
                    out.entries += 1;
                }
            }
            _ => {}
        }
    }
    let moves: Vec<&Move> = records
        .iter()
        .filter_map(|r| match r {
            FloorRecord::MoveConfirmed { mv } => Some(mv),
            _ => None,
        })
        .collect();
    let mut arrivals = Vec::new();
    for t in tables {
        // A table no seat draw seated seated its players itself (its
        // flags, README: `--stacks 20000`): what it opened with is what
        // the tournament issued there. A drawn table's opening seats are
        // the draw's, checked below.
        let by_tables = !drawn_tables.contains(t.name.as_str());
        out.seated += t.table.chips_seated();
        if t.openings > 1 {
            out.problems.push(format!(
                "{}'s journal opens a new table {} times: the tables before the last were left, their players and chips with them",
                t.name, t.openings
            ));
        }
        if t.events.is_empty() {
            out.issued += t.first_stacks;
        }
        // The players seated as the table opened.
        let mut opening = false;
        let ledger = &t.table.ledger;
        out.issued = (out.issued + ledger.added + ledger.coloured_up + ledger.corrected_up)
            .saturating_sub(ledger.coloured_down + ledger.corrected_down);
        out.corrections.0 += t.table.corrections.len() as u32;
        out.corrections.1 += ledger.corrected_up;
        out.corrections.2 += ledger.corrected_down;
        // Each correction a table journaled is one the floor ordered: the
        // same player and seat, and the same difference (a hand played
        // between the order and the table's line keeps its result).
        let diff = |to: u64, from: u64| i128::from(to) - i128::from(from);
        // (player, seat, the difference ordered: Ok; or, a record of the
        // release that kept no stack seen, the stack it set: Err).
        let mut ordered: Vec<(&str, u8, Result<i128, u64>)> = records
            .iter()
            .filter_map(|r| match r {
                FloorRecord::StackCorrected {
                    player,
                    table,
                    seat,
                    chips,
                    was,
                    ..
                } if *table == t.name => Some((
                    player.as_str(),
                    *seat,
                    was.map(|w| diff(*chips, w)).ok_or(*chips),
                )),
                _ => None,
            })
            .collect();
        for c in &t.table.corrections {
            let matches = |(player, seat, what): &(&str, u8, Result<i128, u64>)| {
                *player == c.name
                    && *seat == c.seat.number()
                    && match what {
                        Ok(d) => *d == diff(c.to.get(), c.from.get()),
                        Err(to) => *to == c.to.get(),
                    }
            };
            match ordered.iter().position(matches) {
                Some(i) => {
                    let _ = ordered.remove(i);
                }
                None => out.problems.push(format!(
                    "{} corrected {}'s stack (seat {}) from {} to {}, and the floor ordered no such correction",
                    t.name,
                    display(&c.name),
                    c.seat.number(),
                    c.from,
                    c.to
                )),
            }
        }
        // Each rebuy or add-on a table journaled is one the floor sold:
        // the same entry, seat, kind and chips, each once.
        let mut sold: Vec<&super::funding::Purchase> = records
            .iter()
            .filter_map(|r| match r {
                FloorRecord::Bought { purchase } if purchase.table.as_deref() == Some(&t.name) => {
                    Some(purchase)
                }
                _ => None,
            })
            .collect();
        for b in &t.table.bought {
            let same = |p: &&super::funding::Purchase| {
                p.entry == b.name
                    && p.seat == Some(b.seat.number())
                    && p.buy == b.buy
                    && p.chips == b.chips
            };
            match sold.iter().position(same) {
                Some(i) => {
                    let _ = sold.remove(i);
                }
                None => out.problems.push(format!(
                    "{} added a {} of {} to {} (seat {}), and the floor sold no such {}",
                    t.name,
                    b.buy.key(),
                    b.chips,
                    display(&b.name),
                    b.seat.number(),
                    b.buy.key()
                )),
            }
        }
        for e in &t.events {
            match e {
                TableEvent::Opened { .. } => opening = true,
                TableEvent::PlayerSeated { chips, .. } if opening && by_tables => {
                    out.issued += chips.get();
                    out.seated_by_tables += 1;
                }
                TableEvent::PlayerSeated {
                    seat,
                    name,
                    chips,
                    rejoins,
                } => {
                    if *rejoins {
                        // A player out who rejoins (Redtooth's second
                        // session): the house gives his chips.
                        out.issued += chips.get();
                    } else {
                        arrivals.push(Arrival {
                            table: &t.name,
                            seat: seat.number(),
                            name,
                            chips: chips.get(),
                            placed: false,
                        });
                    }
                }
                // A stack placed for a late entrant: the house issues it.
                TableEvent::StackPlaced { chips, .. } => out.issued += chips.get(),
                TableEvent::PlacedTaken { seat, name } => arrivals.push(Arrival {
                    table: &t.name,
                    seat: seat.number(),
                    name,
                    chips: 0,
                    placed: true,
                }),
                TableEvent::PlayerDisqualified { chips, .. }
                | TableEvent::NoShowRemoved { chips, .. }
                | TableEvent::PlacedRemoved { chips, .. } => {
                    out.issued = out.issued.saturating_sub(chips.get());
                }
                _ => {}
            }
            if !matches!(
                e,
                TableEvent::Opened { .. } | TableEvent::PlayerSeated { .. }
            ) {
                opening = false;
            }
        }
    }
    // (table, index in its departures) of the leaves a move's sit used.
    let mut used: BTreeSet<(&str, usize)> = BTreeSet::new();
    let mut drawn = vec![false; entries.len()];
    for a in &arrivals {
        let entry = entries.iter().enumerate().position(|(i, (p, t, s, _))| {
            !drawn[i] && *p == a.name && *t == a.table && *s == a.seat
        });
        if let Some(i) = entry {
            drawn[i] = true;
            let chips = entries[i].3;
            if a.placed {
                // His stack is the one placed, issued then: the draw's is
                // not issued again.
                out.issued = out.issued.saturating_sub(chips);
                continue;
            }
            if chips != a.chips {
                out.problems.push(format!(
                    "{} sat at {} seat {} with {}, and the draw gave {}",
                    a.name,
                    a.table,
                    a.seat,
                    Chips(a.chips),
                    Chips(chips)
                ));
            }
            continue;
        }
        // The move that brought him: the latest to this seat whose leave
        // is journaled and not yet matched (a redraw may send a player to
        // the same seat twice, the second time from that seat itself).
        let leave_of = |mv: &Move| {
            tables.iter().find(|t| t.name == mv.from).and_then(|t| {
                t.table
                    .departures
                    .iter()
                    .enumerate()
                    .find(|(i, d)| {
                        d.name == mv.player
                            && d.seat.number() == mv.from_seat
                            && !used.contains(&(t.name.as_str(), *i))
                    })
                    .map(|(i, d)| (t.name.as_str(), i, d.chips.get()))
            })
        };
        let to_here: Vec<&Move> = moves
            .iter()
            .rev()
            .filter(|m| m.player == a.name && m.to == a.table && m.to_seat == a.seat)
            .copied()
            .collect();
        let Some(&latest) = to_here.first() else {
            out.problems.push(format!(
                "{} sat at {} seat {} with {} that no draw or move of the floor gave",
                display(a.name),
                a.table,
                a.seat,
                Chips(a.chips)
            ));
            continue;
        };
        let (mv, left) = to_here
            .iter()
            .find_map(|m| leave_of(m).map(|l| (*m, Some(l))))
            .unwrap_or((latest, None));
        match left {
            Some((table, i, chips)) => {
                used.insert((table, i));
                if chips != a.chips {
                    let (more, less) = if a.chips > chips {
                        ("created", a.chips - chips)
                    } else {
                        ("lost", chips - a.chips)
                    };
                    out.problems.push(format!(
                        "{} left {} seat {} with {} and sat at {} seat {} with {}: {} chips {more} between the tables",
                        a.name,
                        mv.from,
                        mv.from_seat,
                        Chips(chips),
                        a.table,
                        a.seat,
                        Chips(a.chips),
                        Chips(less)
                    ));
                }
            }
            None => out.problems.push(format!(
                "{} sat at {} seat {} with {}, and {}'s record has no leave of his from seat {}",
                a.name,
                a.table,
                a.seat,
                Chips(a.chips),
                mv.from,
                mv.from_seat
            )),
        }
    }
    // Every entry drawn and not yet seated sits down with his chips.
    out.to_be_seated = entries
        .iter()
        .zip(&drawn)
        .filter(|(_, d)| !**d)
        .map(|((_, _, _, chips), _)| *chips)
        .sum();
    // Every leave not yet followed by its sit is a player moving; one no
    // move ordered took chips out of the room.
    for t in tables {
        for (i, d) in t.table.departures.iter().enumerate() {
            if used.contains(&(t.name.as_str(), i)) {
                continue;
            }
            let ordered = moves
                .iter()
                .any(|m| m.player == d.name && m.from == t.name && m.from_seat == d.seat.number());
            if ordered {
                out.in_transit += d.chips.get();
            } else {
                out.problems.push(format!(
                    "{} left {} seat {} with {}, and no move of the floor took him: the chips left the room",
                    d.name,
                    t.name,
                    d.seat.number(),
                    d.chips
                ));
            }
        }
    }
    // The floor's own word on each leave agrees with the table's.
    for r in records {
        if let FloorRecord::MoveLeft {
            player,
            table,
            seat,
            chips,
            ..
        } = r
        {
            let journaled = tables.iter().find(|t| t.name == *table).is_some_and(|t| {
                t.table.departures.iter().any(|d| {
                    d.name == *player && d.seat.number() == *seat && d.chips.get() == *chips
                })
            });
            if !journaled {
                out.problems.push(format!(
                    "the floor's record says {player} left {table} seat {seat} with {}, and {table}'s record has no such leave",
                    Chips(*chips)
                ));
            }
        }
    }
    // Each place the floor gave stands on a bust in its table's record.
    let mut busts = Vec::new();
    for r in records {
        super::places::fold_place_record(&mut busts, r);
    }
    for b in &busts {
        let at = tables.iter().find(|t| t.name == b.table);
        let out_there = at.is_some_and(|t| {
            t.table
                .places
                .iter()
                .any(|f| f.name == b.player && f.hand == b.hand)
        });
        if at.is_some() && !out_there {
            out.problems.push(format!(
                "the floor placed {} {} ({}, hand {}), and {}'s record has no bust of his in that hand",
                b.player,
                crate::session::table::ordinal(b.place),
                b.table,
                b.hand,
                b.table
            ));
        }
    }
    if out.problems.is_empty() && out.in_play() != out.issued {
        out.problems.push(format!(
            "the tables hold {} and the tournament issued {}",
            Chips(out.in_play()),
            Chips(out.issued)
        ));
    }
    out
}

/// A player's name, or `a nameless player`.
fn display(name: &str) -> &str {
    if name.is_empty() {
        "a nameless player"
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Structure;
    use crate::table::Seat;
    use crate::tournament::Assignment;

    fn opened(name: &str, players: &[(u8, &str, u64)]) -> RoomTable {
        let mut events = vec![TableEvent::Opened {
            first_button: Seat::from_index(0),
            structure: Structure::default(),
            denominations: Vec::new(),
        }];
        for (seat, player, chips) in players {
            events.push(TableEvent::PlayerSeated {
                seat: Seat::new(*seat).expect("a seat"),
                name: (*player).into(),
                chips: Chips(*chips),
                rejoins: false,
            });
        }
        let mut table = Table::new(Seat::from_index(0), Structure::default(), Vec::new());
        for e in &events {
            table.apply(e);
        }
        RoomTable {
            name: name.into(),
            events,
            table,
            openings: 1,
            first_stacks: 0,
        }
    }

    fn draw(n: u32, purpose: DrawPurpose, seats: &[(&str, &str, u8, u64)]) -> Vec<FloorRecord> {
        vec![
            FloorRecord::DrawCommitted {
                draw: n,
                purpose,
                commitment: "c".into(),
                seating: None,
            },
            FloorRecord::DrawRevealed {
                draw: n,
                seed: "s".into(),
                seats: seats
                    .iter()
                    .map(|(p, t, s, c)| Assignment {
                        player: (*p).into(),
                        table: (*t).into(),
                        seat: *s,
                        chips: *c,
                    })
                    .collect(),
            },
        ]
    }

    #[test]
    fn a_table_seated_by_its_flags_and_a_late_entry_drawn_add_up() {
        // T1 opened with its own players (README: `--stacks 20000`, no
        // draw); a late entry drawn to it afterwards.
        let mut t1 = opened("T1", &[(1, "", 20_000), (2, "", 20_000)]);
        // Its opening ends (its clock starts, its first hand begins).
        t1.events.push(TableEvent::ClockResumed { at_ms: 0 });
        let late = TableEvent::PlayerSeated {
            seat: Seat::new(5).expect("a seat"),
            name: "Zoe".into(),
            chips: Chips(20_000),
            rejoins: false,
        };
        t1.table.apply(&late);
        t1.events.push(late);
        let records = draw(1, DrawPurpose::LateEntry, &[("Zoe", "T1", 5, 20_000)]);
        let room = audit(&records, &[t1]);
        assert!(room.problems.is_empty(), "{}", room.line());
        assert_eq!((room.issued, room.seated), (60_000, 60_000));
        assert_eq!((room.entries, room.seated_by_tables), (1, 2));
    }

    #[test]
    fn a_no_show_s_chips_and_a_light_table_s_uncounted_chips_add_up() {
        // Three drawn to a light table: Cy never came (his chips taken out
        // of play, UPT Tournament 5); Bob out, his chips uncounted until
        // Ann's count finds them.
        let records = draw(
            1,
            DrawPurpose::Seats,
            &[
                ("Ann", "T1", 1, 10_000),
                ("Bob", "T1", 2, 10_000),
                ("Cy", "T1", 3, 10_000),
            ],
        );
        let mut t1 = opened(
            "T1",
            &[(1, "Ann", 10_000), (2, "Bob", 10_000), (3, "Cy", 10_000)],
        );
        let seat = |n: u8| Seat::new(n).expect("a seat");
        for e in [
            TableEvent::ClockResumed { at_ms: 0 },
            TableEvent::NoShowRemoved {
                seat: seat(3),
                chips: Chips(10_000),
            },
            TableEvent::LightSet { on: true },
            TableEvent::PlayerOut {
                seat: seat(2),
                chips: Chips(10_000),
            },
        ] {
            t1.table.apply(&e);
            t1.events.push(e);
        }
        let room = audit(&records, &[t1.clone()]);
        assert!(room.problems.is_empty(), "{}", room.line());
        assert_eq!((room.issued, room.seated), (20_000, 20_000));
        let counted = TableEvent::Counted {
            counts: vec![(seat(1), Chips(20_000))],
        };
        t1.table.apply(&counted);
        t1.events.push(counted);
        assert_eq!(t1.table.uncounted, 0);
        let room = audit(&records, &[t1]);
        assert_eq!(
            (room.issued, room.seated),
            (20_000, 20_000),
            "{}",
            room.line()
        );
    }

    #[test]
    fn an_entry_drawn_and_not_yet_seated_is_in_play_not_missing() {
        let records = [
            draw(
                1,
                DrawPurpose::Seats,
                &[("Ann", "T1", 1, 10_000), ("Bob", "T1", 2, 10_000)],
            ),
            draw(2, DrawPurpose::LateEntry, &[("Zed", "T1", 5, 10_000)]),
        ]
        .concat();
        let t1 = opened("T1", &[(1, "Ann", 10_000), (2, "Bob", 10_000)]);
        let room = audit(&records, &[t1]);
        assert!(room.problems.is_empty(), "{}", room.line());
        assert_eq!(
            (room.issued, room.seated, room.to_be_seated),
            (30_000, 20_000, 10_000)
        );
        assert!(
            room.line()
                .ends_with("30,000 in play (10,000 of them to be seated)"),
            "{}",
            room.line()
        );
    }

    #[test]
    fn a_drawn_table_opened_with_players_no_draw_gave_fails() {
        // The restart key: a drawn table started again as a new
        // table of nameless 10,000 stacks.
        let records = draw(1, DrawPurpose::Seats, &[("Ann", "T1", 1, 1_000)]);
        let mut t1 = opened("T1", &[(1, "", 10_000), (2, "", 10_000)]);
        t1.openings = 2;
        let room = audit(&records, &[t1]);
        let line = room.line();
        assert!(line.starts_with("FAILED: the room"), "{line}");
        assert!(line.contains("opens a new table 2 times"), "{line}");
        assert!(line.contains("a nameless player sat at T1 seat 1 with 10,000 that no draw or move of the floor gave"), "{line}");
    }
}
