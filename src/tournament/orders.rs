//! One table's orders from the floor: what the floor's records ask of
//! this table, judged against the table's own state.
//!
//! The floor never writes into a table's journal. It writes records (a
//! draw's seats, a move confirmed, hand-for-hand, the clock); a table reads
//! them and its dealer carries each out by journaling an ordinary session
//! line (`seat 4 leave`, `seat 7 sit 24000 Ann`). Whether an order is done
//! is read from the table itself, never remembered: a sit is done when the
//! player sits in that seat, a leave when he is gone from it. So the
//! orders are the same however often they are computed, after a restart,
//! or after the table was offline for an hour.
//!
//! Only a player's last record that concerns this table counts: a player
//! seated by the draw and moved away before the table journaled his sit
//! has nothing left to do here. A player who sat and busted here (in the
//! table's places) has done his sit, and a player the floor's `PlayerOut`
//! puts out after his order (at any table: out in the hand that was being
//! played when the TD confirmed his move) has nothing left to carry out.
//!
//! Hand-for-hand (Redtooth 53: "each table will wait until all other
//! tables finish their hands before starting another"): while the floor
//! has it on, the table begins hand `h` only when the floor's round lets
//! it (`deal[table] >= h`). The clock is the floor's one clock (TDA 22: "The
//! new level applies to the next hand"). Pure: no I/O, no time.

use std::collections::BTreeMap;

use super::{DrawPurpose, FloorRecord, LightLine};
use crate::notation::session::format_table_command;
use crate::session::{LevelClock, Structure, Table, TableCommand};
use crate::table::{Card, Chips, Seat};
use crate::values::money::Buy;

/// What an order asks of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderKind {
    /// A player leaves his seat here with his chips, for another seat.
    Leave {
        /// The table he goes to (this table: another seat here).
        to: String,
        /// His seat there.
        to_seat: u8,
    },
    /// A player takes a seat here.
    Sit {
        /// The table and seat he comes from (None: a new entry by a draw).
        from: Option<(String, u8)>,
    },
    /// The TD's correction of the player's stack here (`seat 3 correct
    /// 1200`), or a player out by mistake back in his seat (`seat 3
    /// correct 1500 Cy`).
    Correct {
        /// He returns, his bust undone.
        returns: bool,
    },
    /// Chips the player bought from the floor (a rebuy, an add-on), added
    /// to his stack here before the next hand: `seat 3 rebuy 5000`.
    Bought {
        /// A rebuy or an add-on.
        buy: Buy,
    },
    /// A light table's line the TD keyed from the floor (a player out,
    /// chip counts, the button): the table carries it out by itself. One
    /// waits at a time; a line keyed after it replaces it.
    Light(LightLine),
    /// The button goes to the seat the floor drew by a card (Ugly Tuna
    /// Seating 6), before the table's next hand: `button 4`.
    Button {
        /// The cards dealt, seat by seat.
        cards: Vec<(u8, Card)>,
        /// The table's last hand when it was drawn (None: not recorded).
        after_hand: Option<u32>,
    },
}

/// One order of the floor for this table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The player (a button order: the one in the drawn seat, if any).
    pub player: String,
    /// The seat here: the one he leaves, or the one he takes (a button
    /// order: the button's).
    pub seat: u8,
    /// His chips (a moved player's own; a new entry's starting stack).
    pub chips: u64,
    /// Leave or sit.
    pub kind: OrderKind,
    /// The floor record it comes from (its index among the records).
    pub record: usize,
    /// Whether the table has done it (read from the table's state).
    pub done: bool,
    /// Whether it can be carried out: a sit from another table waits
    /// until the floor has read his leave there and tells the chips it
    /// journaled (`MoveLeft`), never a figure from before.
    pub ready: bool,
}

impl Order {
    /// The session line that carries it out: `seat 4 leave`, `seat 7 sit
    /// 24000 Ann`, `button 4`. None for a seat number no table has.
    pub fn command(&self) -> Option<TableCommand> {
        if let OrderKind::Light(LightLine::Count { counts, .. }) = &self.kind {
            let counts = counts
                .iter()
                .map(|(s, c)| Seat::new(*s).map(|s| (s, Chips(*c))))
                .collect::<Option<Vec<_>>>()?;
            return Some(TableCommand::Count(counts));
        }
        let seat = Seat::new(self.seat)?;
        Some(match self.kind {
            OrderKind::Light(LightLine::Out { .. }) => TableCommand::Out(seat),
            OrderKind::Light(_) => TableCommand::SetButton(seat),
            OrderKind::Button { .. } => TableCommand::SetButton(seat),
            OrderKind::Leave { .. } => TableCommand::Leave(seat),
            OrderKind::Bought { buy } => TableCommand::Bought {
                seat,
                chips: Chips(self.chips),
                buy,
            },
            OrderKind::Correct { returns } => TableCommand::Correct {
                seat,
                chips: Chips(self.chips),
                returns: returns.then(|| self.player.clone()),
            },
            OrderKind::Sit { .. } => TableCommand::Sit {
                seat,
                chips: Chips(self.chips),
                name: self.player.clone(),
            },
        })
    }

    /// The command's line, as it is journaled.
    pub fn line(&self) -> Option<String> {
        self.command().map(|c| format_table_command(&c))
    }

    /// The order as the dealer reads it: `Ann (seat 4) -> T2 seat 7 with
    /// 24,000`, `Bob arrives from T1: seat 7, 24,000`, `Cy (drawn):
    /// seat 2, 20,000`, `Button to seat 4 (Ann): the highest card, s1 Kc
    /// s4 As s6 7d`.
    pub fn text(&self) -> String {
        let chips = Chips(self.chips);
        match &self.kind {
            OrderKind::Leave { to, to_seat } => format!(
                "{} (seat {}) -> {to} seat {to_seat} with {chips}",
                self.player, self.seat
            ),
            OrderKind::Sit {
                from: Some((from, _)),
            } if !self.ready => format!(
                "{} comes from {from} to seat {}, with the chips {from} journals at the leave",
                self.player, self.seat
            ),
            OrderKind::Sit {
                from: Some((from, _)),
            } => format!(
                "{} arrives from {from}: seat {}, {chips}",
                self.player, self.seat
            ),
            OrderKind::Sit { from: None } => {
                format!("{} (drawn): seat {}, {chips}", self.player, self.seat)
            }
            OrderKind::Bought { buy } => format!(
                "{} (seat {}) bought a {}: add {chips}",
                self.player,
                self.seat,
                buy.key()
            ),
            OrderKind::Correct { returns: false } => format!(
                "{}'s stack (seat {}) is corrected to {chips}",
                self.player, self.seat
            ),
            OrderKind::Correct { returns: true } => format!(
                "{}'s bust is undone: back in seat {} with {chips}",
                self.player, self.seat
            ),
            OrderKind::Light(LightLine::Out { .. }) => format!(
                "{} (seat {}) is out, as the floor keyed it",
                self.player, self.seat
            ),
            OrderKind::Light(LightLine::Count { counts, .. }) => {
                let counted: Vec<String> = counts
                    .iter()
                    .map(|(s, c)| format!("s{s} {}", Chips(*c)))
                    .collect();
                format!(
                    "The stacks as the floor counted them: {}",
                    counted.join(", ")
                )
            }
            OrderKind::Light(LightLine::Button { .. }) => {
                format!("Button to seat {}, as the floor keyed it", self.seat)
            }
            OrderKind::Button { cards, .. } => {
                let who = if self.player.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", self.player)
                };
                let drawn: Vec<String> = cards.iter().map(|(s, c)| format!("s{s} {c}")).collect();
                format!(
                    "Button to seat {}{who}: the highest card, {}",
                    self.seat,
                    drawn.join(" ")
                )
            }
        }
    }
}

/// The floor's hand-for-hand round, as this table reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The hand-for-hand hand being played (1 for the first).
    pub round: u32,
    /// The highest hand number this table may begin (None: the round
    /// names no hand for it).
    pub deal: Option<u32>,
    /// The tables the round waits for.
    pub waiting: Vec<String>,
}

/// The floor's hand-for-hand as this table reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorHandForHand {
    /// On or off (the floor's last `HandForHandSet`).
    pub on: bool,
    /// The last round the floor opened or updated since it was set on.
    pub round: Option<Round>,
}

/// The floor's clock, with the record it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorClock {
    /// The `ClockSet` record's index among the records.
    pub record: usize,
    /// The clock, whole.
    pub clock: LevelClock,
}

/// Everything the floor's records ask of one table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableOrders {
    /// The table's name.
    pub table: String,
    /// The orders, done and pending: chips bought first (a player moving
    /// takes them with him), then the leaves (a seat is freed before it is
    /// taken), each kind in the records' order, then the button drawn
    /// (once everyone drawn for it is seated).
    pub orders: Vec<Order>,
    /// Hand-for-hand, once the floor has said anything of it.
    pub hand_for_hand: Option<FloorHandForHand>,
    /// The floor's clock, once it has set one.
    pub clock: Option<FloorClock>,
    /// The floor's structure, once it has published one: the record's
    /// index and the structure.
    pub structure: Option<(usize, Structure)>,
    /// The floor broke this table.
    pub broken: bool,
    /// The money line every table shows (`funding::table_line`), once
    /// the floor has published its money.
    pub money: Option<String>,
    /// How many records were read.
    pub records: usize,
}

/// A moved player's leave, as the floor read it (`MoveLeft`): where he
/// left and the chips he took. A sit from that seat takes these chips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    /// The table he left.
    pub table: String,
    /// The seat he left.
    pub seat: u8,
    /// The chips his leave journaled.
    pub chips: u64,
}

/// Each player's last leave the floor has read, folded from the floor's
/// records in order: a `MoveLeft` sets it; the player out clears it (a
/// re-entry comes back by a draw, never by a move's sit). The one fold the
/// tables and the Desk both read.
pub fn fold_left(left: &mut BTreeMap<String, Left>, record: &FloorRecord) {
    match record {
        FloorRecord::MoveLeft {
            player,
            table,
            seat,
            chips,
            ..
        } => {
            left.insert(
                player.clone(),
                Left {
                    table: table.clone(),
                    seat: *seat,
                    chips: *chips,
                },
            );
        }
        FloorRecord::PlayerOut { bust } => {
            left.remove(&bust.player);
        }
        _ => {}
    }
}

/// The chips a move from `table`'s seat `seat` brings: the leave the
/// floor read there, if it has.
pub fn left_chips(
    left: &BTreeMap<String, Left>,
    player: &str,
    table: &str,
    seat: u8,
) -> Option<u64> {
    left.get(player)
        .filter(|l| l.table == table && l.seat == seat)
        .map(|l| l.chips)
}

/// A player's last order concerning this table.
struct Last {
    record: usize,
    orders: Vec<Order>,
}

impl TableOrders {
    /// The orders of table `name`, whose state is `table`, from the
    /// floor's `records` in order.
    pub fn of(name: &str, table: &Table, records: &[FloorRecord]) -> TableOrders {
        let mut out = TableOrders {
            table: name.to_string(),
            records: records.len(),
            ..TableOrders::default()
        };
        let mut purposes: BTreeMap<u32, (usize, DrawPurpose)> = BTreeMap::new();
        let mut last: BTreeMap<&str, Last> = BTreeMap::new();
        // Each player's `PlayerOut` records at this table, by index, and
        // the last at any table.
        let mut outs: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut out_anywhere: BTreeMap<&str, usize> = BTreeMap::new();
        // The last button drawn for this table.
        let mut button: Option<Order> = None;
        let mut left: BTreeMap<String, Left> = BTreeMap::new();
        // The TD's corrections here, in order, with the stack each saw.
        let mut corrections: Vec<(Order, Option<u64>)> = Vec::new();
        // The chips bought here (rebuys, add-ons), in order.
        let mut bought: Vec<Order> = Vec::new();
        // The lines the TD keyed for this light table, in order.
        let mut light: Vec<Order> = Vec::new();
        for (i, record) in records.iter().enumerate() {
            fold_left(&mut left, record);
            match record {
                FloorRecord::DrawCommitted { draw, purpose, .. } => {
                    purposes.insert(*draw, (i, purpose.clone()));
                }
                FloorRecord::DrawRevealed { draw, seats, .. } => {
                    let Some((from, purpose)) = purposes.get(draw) else {
                        continue;
                    };
                    // A break's or a balance draw's seats come as moves
                    // (`MoveConfirmed`), and so may a redraw's: a seat
                    // the draw's moves already give is not given twice.
                    if !matches!(
                        purpose,
                        DrawPurpose::Seats | DrawPurpose::LateEntry | DrawPurpose::Redraw
                    ) {
                        continue;
                    }
                    for a in seats.iter().filter(|a| a.table == name) {
                        let moved = records[*from..i].iter().any(|r| {
                            matches!(r, FloorRecord::MoveConfirmed { mv }
                                if mv.player == a.player && mv.to == a.table && mv.to_seat == a.seat)
                        });
                        if moved {
                            continue;
                        }
                        last.insert(
                            &a.player,
                            Last {
                                record: i,
                                orders: vec![Order {
                                    player: a.player.clone(),
                                    seat: a.seat,
                                    chips: a.chips,
                                    kind: OrderKind::Sit { from: None },
                                    record: i,
                                    done: false,
                                    ready: true,
                                }],
                            },
                        );
                    }
                }
                FloorRecord::MoveConfirmed { mv } => {
                    if mv.from != name && mv.to != name {
                        // Moved from elsewhere (a redraw of a player whose
                        // break move here is still due): nothing is left
                        // for him to do here.
                        last.remove(mv.player.as_str());
                        continue;
                    }
                    let mut orders = Vec::new();
                    // A player drawn to the seat he had is not moved (but
                    // one who has left it, his move amended back to it,
                    // sits there again).
                    let stays = mv.from == mv.to
                        && mv.from_seat == mv.to_seat
                        && left_chips(&left, &mv.player, &mv.from, mv.from_seat).is_none();
                    if mv.from == name && !stays {
                        orders.push(Order {
                            player: mv.player.clone(),
                            seat: mv.from_seat,
                            chips: mv.chips,
                            kind: OrderKind::Leave {
                                to: mv.to.clone(),
                                to_seat: mv.to_seat,
                            },
                            record: i,
                            done: false,
                            ready: true,
                        });
                    }
                    if mv.to == name && !stays {
                        orders.push(Order {
                            player: mv.player.clone(),
                            seat: mv.to_seat,
                            chips: mv.chips,
                            kind: OrderKind::Sit {
                                from: Some((mv.from.clone(), mv.from_seat)),
                            },
                            record: i,
                            done: false,
                            ready: true,
                        });
                    }
                    last.insert(&mv.player, Last { record: i, orders });
                }
                FloorRecord::MoveCancelled { player, .. } => {
                    last.remove(player.as_str());
                }
                FloorRecord::PlayerOut { bust } => {
                    out_anywhere.insert(&bust.player, i);
                    if bust.table == name {
                        outs.entry(&bust.player).or_default().push(i);
                    }
                }
                FloorRecord::StackCorrected {
                    player,
                    table: t,
                    seat,
                    chips,
                    was,
                    returns,
                } if t == name => corrections.push((
                    Order {
                        player: player.clone(),
                        seat: *seat,
                        chips: *chips,
                        kind: OrderKind::Correct {
                            returns: returns.is_some(),
                        },
                        record: i,
                        done: false,
                        ready: true,
                    },
                    *was,
                )),
                FloorRecord::Bought { purchase } if purchase.table.as_deref() == Some(name) => {
                    if let Some(seat) = purchase.seat {
                        bought.push(Order {
                            player: purchase.entry.clone(),
                            seat,
                            chips: purchase.chips.get(),
                            kind: OrderKind::Bought { buy: purchase.buy },
                            record: i,
                            done: false,
                            ready: true,
                        });
                    }
                }
                FloorRecord::LightKeyed { table: t, line } if t == name => {
                    let (player, seat) = match line {
                        LightLine::Out { seat, player } => (player.clone(), *seat),
                        LightLine::Button { seat, .. } => (String::new(), *seat),
                        LightLine::Count { .. } => (String::new(), 0),
                    };
                    light.push(Order {
                        player,
                        seat,
                        chips: 0,
                        kind: OrderKind::Light(line.clone()),
                        record: i,
                        done: false,
                        ready: true,
                    });
                }
                FloorRecord::TableBroken { table } if table == name => out.broken = true,
                FloorRecord::ButtonDrawn {
                    table: t,
                    cards,
                    button: seat,
                    hand,
                } if t == name => {
                    button = Some(Order {
                        player: Seat::new(*seat)
                            .and_then(|s| table.seats.get(&s))
                            .map(|p| p.name.clone())
                            .unwrap_or_default(),
                        seat: *seat,
                        chips: 0,
                        kind: OrderKind::Button {
                            cards: cards.clone(),
                            after_hand: *hand,
                        },
                        record: i,
                        done: false,
                        ready: true,
                    });
                }
                FloorRecord::HandForHandSet { on } => {
                    out.hand_for_hand = Some(FloorHandForHand {
                        on: *on,
                        round: None,
                    });
                }
                FloorRecord::HandForHandRound {
                    round,
                    deal,
                    waiting,
                } => {
                    let h = out.hand_for_hand.get_or_insert(FloorHandForHand {
                        on: true,
                        round: None,
                    });
                    h.round = Some(Round {
                        round: *round,
                        deal: deal.get(name).copied(),
                        waiting: waiting.clone(),
                    });
                }
                FloorRecord::StructureSet { structure } => {
                    out.structure = Some((i, structure.clone()));
                }
                FloorRecord::ClockSet { clock } => {
                    out.clock = Some(FloorClock {
                        record: i,
                        clock: clock.clone(),
                    });
                }
                _ => {}
            }
        }
        let mut leaves = Vec::new();
        let mut sits = Vec::new();
        let mut lasts: Vec<Last> = last.into_values().collect();
        lasts.sort_by_key(|l| l.record);
        for l in lasts {
            for mut order in l.orders {
                let player = order.player.as_str();
                // Out since the order, wherever (at the table he was to
                // leave, in the hand being played when the TD confirmed):
                // nothing is left to carry out for him.
                let gone = out_anywhere.get(player).is_some_and(|i| *i > order.record);
                order.done = gone || done(&order, table, outs.get(player));
                match &order.kind {
                    // A leave takes the chips he has here now: the order's
                    // figure is from the proposal, before any hand since.
                    OrderKind::Leave { .. } => {
                        if let Some(p) = Seat::new(order.seat)
                            .and_then(|s| table.seats.get(&s))
                            .filter(|p| p.name == order.player)
                        {
                            order.chips = p.chips.get();
                        }
                    }
                    // A sit from another seat brings what his leave there
                    // journaled, once the floor has read it.
                    OrderKind::Sit {
                        from: Some((t, seat)),
                    } => match left_chips(&left, player, t, *seat) {
                        Some(chips) => order.chips = chips,
                        None => order.ready = false,
                    },
                    // A late entrant drawn to a placed stack takes it as
                    // the blinds left it (UPT Tournament 6).
                    OrderKind::Sit { from: None } => {
                        if let Some(p) = Seat::new(order.seat)
                            .and_then(|s| table.seats.get(&s))
                            .filter(|p| p.placed)
                        {
                            order.chips = p.chips.get();
                        }
                    }
                    _ => {}
                }
                match order.kind {
                    OrderKind::Leave { .. } => leaves.push(order),
                    _ => sits.push(order),
                }
            }
        }
        // The k-th correction of a player here is done once the table has
        // journaled k of his; one whose player went out since has nothing
        // left to carry out.
        // Each player's orders of a kind counted so far (a correction's
        // kind: None; a purchase's: what was bought).
        let mut counted: BTreeMap<(String, Option<Buy>), usize> = BTreeMap::new();
        let gone_since = |o: &Order| {
            out_anywhere
                .get(o.player.as_str())
                .is_some_and(|i| *i > o.record)
        };
        for (mut c, was) in corrections {
            // A hand played since the TD saw the stack keeps its result:
            // the correction's difference goes on top of the stack now (a
            // record without the stack seen sets it, as it did then).
            if let Some(was) = was
                && c.kind == (OrderKind::Correct { returns: false })
                && let Some(p) = Seat::new(c.seat)
                    .and_then(|s| table.seats.get(&s))
                    .filter(|p| p.name == c.player)
            {
                c.chips = (p.chips.get() + c.chips).saturating_sub(was);
            }
            let journaled = table
                .corrections
                .iter()
                .filter(|x| x.name == c.player)
                .count();
            c.done = kth_done(&mut counted, (c.player.clone(), None), journaled) || gone_since(&c);
            sits.push(c);
        }
        // The k-th purchase of a kind by a player here is done once the
        // table has journaled k of them (`seat 3 rebuy 5000`); one whose
        // player went out since has nothing left to carry out.
        let mut buys = Vec::new();
        for mut b in bought {
            let OrderKind::Bought { buy } = b.kind else {
                continue;
            };
            let journaled = table
                .bought
                .iter()
                .filter(|x| x.name == b.player && x.buy == buy)
                .count();
            b.done =
                kth_done(&mut counted, (b.player.clone(), Some(buy)), journaled) || gone_since(&b);
            buys.push(b);
        }
        out.money = super::funding::table_line(records);
        // Chips bought are added first: a player moving takes them with
        // him (his leave journals his stack), never leaves them behind.
        out.orders = buys;
        out.orders.extend(leaves);
        out.orders.extend(sits);
        out.orders.extend(button.map(|mut b| {
            b.done = done(&b, table, None);
            b
        }));
        // A line keyed after another replaces it: the floor keys the next
        // only once the last is done, or to replace it (a count, or a line
        // the table can no longer carry out).
        let last = light.len().saturating_sub(1);
        out.orders
            .extend(light.into_iter().enumerate().map(|(i, mut l)| {
                l.done = i < last || done(&l, table, None);
                l
            }));
        out
    }

    /// The orders not yet done, in the order they are carried out.
    pub fn pending(&self) -> impl Iterator<Item = &Order> {
        self.orders.iter().filter(|o| !o.done)
    }

    /// The next order to carry out: the first pending one whose seat is
    /// free for it (a leave always is; a sit waits for its seat to be
    /// left; the button waits for every move here to be made, as it was
    /// drawn among the players they seat).
    pub fn next(&self, table: &Table) -> Option<&Order> {
        let moves_due = self
            .pending()
            .any(|o| !matches!(o.kind, OrderKind::Button { .. }));
        self.pending().find(|o| match o.kind {
            OrderKind::Leave { .. } => true,
            // A late entrant drawn to a placed stack takes it (UPT
            // Tournament 6).
            OrderKind::Sit { from: None } => {
                o.ready
                    && Seat::new(o.seat)
                        .is_some_and(|s| table.seats.get(&s).is_none_or(|p| p.placed))
            }
            OrderKind::Sit { .. } | OrderKind::Correct { returns: true } => {
                o.ready && Seat::new(o.seat).is_some_and(|s| !table.seats.contains_key(&s))
            }
            OrderKind::Correct { returns: false } | OrderKind::Light(_) => true,
            // Added to his stack while he sits in the seat he bought at.
            OrderKind::Bought { .. } => Seat::new(o.seat)
                .and_then(|s| table.seats.get(&s))
                .is_some_and(|p| p.name == o.player),
            OrderKind::Button { .. } => !moves_due,
        })
    }

    /// The session line this table keys next for the floor, between
    /// hands: hand-for-hand switched as the floor has it, then the next
    /// order it can carry out (`next`). None: nothing is left to do now.
    pub fn line_due(&self, table: &Table) -> Option<TableCommand> {
        if self.hand_for_hand_on() != table.hand_for_hand {
            return Some(TableCommand::HandForHand(self.hand_for_hand_on()));
        }
        self.next(table).and_then(Order::command)
    }

    /// Chips the floor sold (a rebuy, an add-on) the table has not yet
    /// added: its next hand waits for them.
    pub fn bought_due(&self) -> Option<&Order> {
        self.pending()
            .find(|o| matches!(o.kind, OrderKind::Bought { .. }))
    }

    /// The button the floor drew for this table and the table has not yet
    /// put there: its next hand waits for it.
    pub fn button_due(&self) -> Option<&Order> {
        self.pending()
            .find(|o| matches!(o.kind, OrderKind::Button { .. }))
    }

    /// The floor's structure, when this table's is another: it follows
    /// it (`structure ...`), a level applying at its next hand (TDA 22).
    pub fn structure_due(&self, table: &Table) -> Option<&Structure> {
        self.structure
            .as_ref()
            .map(|(_, s)| s)
            .filter(|s| !s.stages.is_empty() && !s.same_stages(&table.structure))
    }

    /// Whether the floor has hand-for-hand on.
    pub fn hand_for_hand_on(&self) -> bool {
        self.hand_for_hand.as_ref().is_some_and(|h| h.on)
    }

    /// Whether the floor lets this table begin its hand number `hand`
    /// (`Ok`), or why not, as the status line says it.
    pub fn may_begin(&self, hand: u32) -> Result<(), String> {
        // A rebuy or add-on sold is carried out before the next hand: its
        // chips play in it (TDA 26: "he is playing chips behind and must
        // make the re-buy").
        if let Some(o) = self.bought_due() {
            return Err(format!(
                "waiting for the floor's {} first (F): its chips play in this hand",
                o.text()
            ));
        }
        let Some(h) = self.hand_for_hand.as_ref().filter(|h| h.on) else {
            return Ok(());
        };
        match &h.round {
            Some(r) if r.deal.is_some_and(|d| d >= hand) => Ok(()),
            Some(_) => Err(self.hand_for_hand_line().unwrap_or_default()),
            None => Err("hand-for-hand: waiting for the floor to open the first round".to_string()),
        }
    }

    /// The hand-for-hand status line, while the floor has it on:
    /// `hand-for-hand: hand 12, waiting for T3, T7`.
    pub fn hand_for_hand_line(&self) -> Option<String> {
        let h = self.hand_for_hand.as_ref().filter(|h| h.on)?;
        Some(match &h.round {
            None => "hand-for-hand: waiting for the floor to open the first round".to_string(),
            Some(r) if r.waiting.is_empty() => {
                format!("hand-for-hand: hand {}, every table has finished", r.round)
            }
            Some(r) => format!(
                "hand-for-hand: hand {}, waiting for {}",
                r.round,
                r.waiting.join(", ")
            ),
        })
    }

    /// What the table's screen shows of the floor's orders: the table
    /// broken, each pending order (`Floor: ...`), and hand-for-hand.
    pub fn banner(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.broken {
            lines.push(if self.pending().next().is_some() {
                format!("{} is broken: every player moves", self.table)
            } else {
                format!("{} is broken: every player has moved", self.table)
            });
        }
        lines.extend(self.pending().map(|o| format!("Floor: {}", o.text())));
        lines.extend(self.hand_for_hand_line());
        lines.extend(self.money.clone());
        lines
    }
}

/// Whether the next of a player's orders of a kind here (counted in
/// `counted`, by player and kind) is done: the table has journaled at
/// least as many of that kind as orders counted so far.
fn kth_done(
    counted: &mut BTreeMap<(String, Option<Buy>), usize>,
    key: (String, Option<Buy>),
    journaled: usize,
) -> bool {
    let k = counted.entry(key).or_default();
    *k += 1;
    journaled >= *k
}

/// Whether `order` is done at `table`. `outs`: the records putting the
/// player out at this table.
fn done(order: &Order, table: &Table, outs: Option<&Vec<usize>>) -> bool {
    let here = Seat::new(order.seat).and_then(|s| table.seats.get(&s));
    let sits_there = here.is_some_and(|p| p.name == order.player);
    match &order.kind {
        // Done once the table has put the button there since the draw (a
        // `button` line after the hand it had then).
        OrderKind::Button { after_hand, .. } => table.button_set.is_some_and(|b| {
            b.seat.number() == order.seat && after_hand.is_none_or(|h| b.after_hand >= h)
        }),
        OrderKind::Leave { .. } => !sits_there,
        OrderKind::Light(LightLine::Out { .. }) => !sits_there,
        // The table has journaled a count since the floor read it.
        OrderKind::Light(LightLine::Count { after, .. }) => table.counts > *after,
        OrderKind::Light(LightLine::Button { seat, after_hand }) => table
            .button_set
            .is_some_and(|b| b.seat.number() == *seat && b.after_hand >= *after_hand),
        // Counted by the fold, from the table's own corrections and
        // purchases.
        OrderKind::Correct { .. } | OrderKind::Bought { .. } => order.done,
        OrderKind::Sit { .. } => {
            if sits_there {
                return true;
            }
            // Sat and went out since: the table has him among its places
            // more often than the floor had put him out before the order.
            let outs = outs.map_or(&[][..], Vec::as_slice);
            let before = outs.iter().filter(|i| **i < order.record).count();
            let finished = table
                .places
                .iter()
                .filter(|f| f.name == order.player)
                .count();
            finished > before
        }
    }
}

#[cfg(test)]
#[path = "orders_tests.rs"]
mod tests;
