//! The floor's orders at the table (`--floor`): the records the table's
//! inbox reads are looked at on every tick and after every key; the
//! orders they give this table (`tournament::orders`) are shown over the
//! status line, and one key carries out the next between hands by
//! journaling its session line (`seat 4 leave`, `seat 7 sit 24000 Ann`)
//! through the path a typed line takes, so the journal has it before the
//! screen shows it.
//!
//! What the floor holds the table follows by itself, journaled the same
//! way: hand-for-hand on and off, the floor's one structure (`structure
//! ...`, whatever flags the table was started with: the banner says when
//! they differ) and the floor's clock (`clock set`), a level it reaches
//! applying at the table's next hand (TDA 22). While
//! the floor has hand-for-hand on, the next hand waits for the floor's
//! round (Redtooth 53); while a player is to leave for another table, it
//! waits for him to go; while the floor's button drawn by a card (Ugly
//! Tuna Seating 6) is not yet put on its seat, it waits for it.

use std::collections::BTreeMap;

use super::App;
use crate::floor::ReaderStatus;
use crate::journal::Session;
use crate::session::TableCommand;
use crate::tournament::FloorRecord;
use crate::tournament::orders::{OrderKind, TableOrders};
use crate::tui::keymap::{Action, Section};

/// The floor's records as the app last read them, and what they ask.
#[derive(Debug, Default)]
pub(super) struct FloorSeen {
    /// The inbox's version when last read.
    version: Option<u64>,
    /// The records.
    records: Vec<FloorRecord>,
    /// The orders, judged against the table as it is now.
    orders: Option<TableOrders>,
    /// How many records hand-for-hand and the clock have been followed
    /// to (None: not yet, at this run).
    followed: Option<usize>,
    /// The inbox's status, and why it stopped, as last read.
    status: Option<ReaderStatus>,
    broken: Option<String>,
}

/// How much of the clock may differ from the floor's before the table's is
/// set again: the line carries whole seconds.
const CLOCK_SLACK_MS: u64 = 1_500;

impl App {
    /// Reads the inbox (when it changed), judges the orders against the
    /// table, and follows hand-for-hand and the clock. Returns whether
    /// anything the screen shows changed.
    pub(super) fn look_at_floor(&mut self) -> bool {
        let Some(inbox) = self.inbox.as_ref() else {
            return false;
        };
        let version = inbox.version();
        let mut changed = false;
        if self.floor.version != Some(version) {
            self.floor.version = Some(version);
            self.floor.records = inbox.records();
            self.floor.status = Some(inbox.status());
            self.floor.broken = inbox.broken();
            changed = true;
        }
        let before = self.floor.orders.clone();
        self.judge_orders();
        if self.follow_floor() {
            self.judge_orders();
            changed = true;
        }
        changed || before != self.floor.orders
    }

    /// With a floor, the places the floor gave this table's players out,
    /// by name (None without a floor: the table's own count stands).
    pub(super) fn floor_places(&self) -> Option<BTreeMap<String, u32>> {
        let inbox = self.inbox.as_ref()?;
        Some(crate::tournament::places::floor_places(
            &self.floor.records,
            &inbox.table(),
        ))
    }

    /// The place shown for `f`, one of `places` (the table's finishes):
    /// with a floor, only the floor's (None until it has given it); a
    /// place shared reads `4th=` (UPT Tournament 35).
    pub(super) fn place_of(
        f: &crate::session::Finish,
        places: &[crate::session::Finish],
        floor: Option<&BTreeMap<String, u32>>,
    ) -> Option<String> {
        match floor {
            None => Some(f.place_text(places)),
            Some(given) => given.get(&f.name).map(|p| {
                let shared = given.values().filter(|q| *q == p).count() > 1;
                let tie = if shared { "=" } else { "" };
                format!("{}{tie}", crate::session::table::ordinal(*p))
            }),
        }
    }

    /// The orders, judged against the table as the next line finds it
    /// (the hand's end taken once it is over, as the floor reads the
    /// journal).
    fn judge_orders(&mut self) {
        let Some(inbox) = self.inbox.as_ref() else {
            return;
        };
        let table = self.session.as_ref().and_then(Session::table_between_hands);
        self.floor.orders = table
            .as_ref()
            .map(|t| TableOrders::of(&inbox.table(), t, &self.floor.records));
    }

    /// Journals what the table must follow of the floor's new records:
    /// hand-for-hand switched, the clock set where the floor's is. Returns
    /// whether a line was journaled (or refused).
    fn follow_floor(&mut self) -> bool {
        let Some(orders) = self.floor.orders.clone() else {
            return false;
        };
        if self.floor.followed.is_some_and(|n| n >= orders.records) {
            return false;
        }
        let Some(table) = self.session.as_ref().and_then(|s| s.table()) else {
            return false;
        };
        let mut lines = Vec::new();
        if let Some(h) = &orders.hand_for_hand
            && h.on != table.hand_for_hand
        {
            lines.push(TableCommand::HandForHand(h.on));
        }
        // The floor's one structure first: the clock's stages are its.
        let structure = orders.structure_due(table).cloned();
        let stages = structure.as_ref().unwrap_or(&table.structure).stages.len();
        if let Some(s) = &structure {
            lines.push(TableCommand::SetStructure(s.clone()));
        }
        let fresh = |record: usize| self.floor.followed.is_none_or(|n| record >= n);
        if let Some(c) = orders
            .clock
            .as_ref()
            .filter(|c| fresh(c.record) || structure.is_some())
            && stages > 0
            && let Some(session) = self.session.as_ref()
        {
            let now = session.now_ms();
            let floor = c.clock.at(now);
            let ours = table.level_clock.at(now);
            let differs = structure.is_some()
                || floor.stage != ours.stage
                || floor.running != ours.running
                || floor.remaining_ms.abs_diff(ours.remaining_ms) > CLOCK_SLACK_MS;
            if differs {
                lines.push(TableCommand::ClockSet {
                    stage: floor.stage,
                    left_secs: floor.remaining_ms.div_ceil(1000),
                    running: floor.running,
                });
            }
        }
        // The floor publishes its structure before the TD starts its one
        // clock: until then the table's level clock waits (paused where it
        // is, journaled), so no table runs a clock of its own.
        if orders.clock.is_none()
            && orders.structure.is_some()
            && stages > 0
            && let Some(session) = self.session.as_ref()
        {
            let ours = table.level_clock.at(session.now_ms());
            if ours.running {
                lines.push(TableCommand::ClockSet {
                    stage: ours.stage,
                    left_secs: ours.remaining_ms.div_ceil(1000),
                    running: false,
                });
            }
        }
        // A light table, where nobody keys, carries out by itself the
        // line the TD keyed for it from the floor (a player out, the
        // counts, the button).
        if table.light {
            lines.extend(
                orders
                    .pending()
                    .filter(|o| matches!(o.kind, OrderKind::Light(_)))
                    .filter_map(|o| o.command()),
            );
        }
        self.floor.followed = Some(orders.records);
        let journaled = !lines.is_empty();
        for command in lines {
            let line = crate::notation::session::format_table_command(&command);
            self.table_line(command, line);
        }
        journaled
    }

    /// The key: carries out the floor's next order for this table, between
    /// hands.
    pub(super) fn carry_out_order(&mut self) {
        let Some(orders) = self.floor.orders.clone() else {
            self.refuse(
                "This table has no floor: start it with --floor, --table and --tournament to take the floor's orders.",
            );
            return;
        };
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let Some(table) = session.table_between_hands() else {
            return;
        };
        let Some(order) = orders.next(&table).cloned() else {
            match orders.pending().next() {
                Some(o) if !o.ready => self.refuse(format!(
                    "The floor's order ({}) waits: the floor tells the chips once the leave is journaled there.",
                    o.text()
                )),
                Some(o) => self.refuse(format!(
                    "Seat {} is taken: the floor's order ({}) waits for it to be free.",
                    o.seat,
                    o.text()
                )),
                None => self.refuse("The floor has no order for this table."),
            }
            return;
        };
        if session.hand_open() {
            self.refuse(format!(
                "Hand {} is still being played: the floor's order ({}) is carried out between hands.",
                session.header().number,
                order.text()
            ));
            return;
        }
        // A seat beyond the table's last is the final table's extra chair
        // (the house's `final-table`; TDA 11: "a full table plus one"): the
        // table grows to it.
        let grows = (order.seat > session.header().seats).then_some(order.seat);
        let final_table = session
            .hand()
            .rules()
            .tournament
            .final_table
            .citation
            .brief();
        let (Some(command), Some(line)) = (order.command(), order.line()) else {
            self.refuse(format!(
                "The floor's order names seat {}: a table has seats 1 to 10.",
                order.seat
            ));
            return;
        };
        if self.table_line(command, line.clone()) {
            self.judge_orders();
            let left = self
                .floor
                .orders
                .as_ref()
                .map_or(0, |o| o.pending().count());
            let more = match left {
                0 => "Every order of the floor is done.".to_string(),
                1 => "One more order of the floor.".to_string(),
                n => format!("{n} more orders of the floor."),
            };
            let chair = grows.map_or(String::new(), |s| {
                format!(" The table now has {s} seats: the final table's ({final_table}).")
            });
            self.info(format!(
                "Done for the floor: {} ({line}).{chair} {more}",
                order.text()
            ));
        }
    }

    /// Why the floor holds the next hand, if it does: a player still to
    /// leave for another table, a stack the TD corrected, chips bought (a
    /// rebuy, an add-on), the button drawn
    /// and not yet put there, or hand-for-hand waiting for other tables.
    pub(super) fn floor_holds_deal(&self) -> Option<String> {
        let orders = self.floor.orders.as_ref()?;
        let table = self.session.as_ref()?.table()?;
        let key = self.hint(Section::Table, Action::FloorOrder);
        // A leave, then a stack as the TD corrected it, before the deal.
        let first = |leave: bool| {
            orders.pending().find(|o| match o.kind {
                OrderKind::Leave { .. } => leave,
                OrderKind::Correct { .. } => !leave,
                _ => false,
            })
        };
        if let Some(leave) = first(true) {
            return Some(format!(
                "The floor moves {} before the next hand: {key} carries it out.",
                leave.text()
            ));
        }
        if let Some(fix) = first(false) {
            return Some(format!(
                "The floor's correction comes before the next hand ({}): {key} carries it out.",
                fix.text()
            ));
        }
        // TDA 26: a rebuy announced binds, its chips in play next hand.
        if let Some(bought) = orders.bought_due() {
            return Some(format!(
                "The chips bought come before the next hand ({}): {key} adds them.",
                bought.text()
            ));
        }
        // Ugly Tuna Seating 6: the final table's first hand is dealt from
        // the button drawn by a card.
        if let Some(button) = orders.button_due() {
            return Some(format!(
                "The floor drew the button for the next hand ({}): {key} puts it there, once the players moving here are seated.",
                button.text()
            ));
        }
        if !table.hand_for_hand {
            return None;
        }
        // The house's own word: Redtooth 53 where the book has it, the
        // TD's switch where it is silent (TDA, UPT, Nuts, Ugly Tuna).
        let citation = &self
            .session
            .as_ref()?
            .hand()
            .rules()
            .tournament
            .hand_for_hand
            .citation;
        let why = if citation.rule == "silent" {
            "hand-for-hand is the TD's: each table waits until every table has finished the hand"
                .to_string()
        } else {
            format!("{} {}: {}", citation.rulebook, citation.rule, citation.text)
        };
        orders.may_begin(table.hand + 1).err().map(|line| {
            format!(
                "{line}. The next hand is dealt when the floor's round lets this table deal ({why})."
            )
        })
    }

    /// Whether the floor holds the clock (then the table's clock keys are
    /// refused, saying so).
    pub(super) fn floor_holds_clock(&mut self) -> bool {
        let holds = self
            .floor
            .orders
            .as_ref()
            .is_some_and(|o| o.clock.is_some());
        if holds {
            self.refuse("The floor holds the clock: the TD starts, pauses and adjusts it, and this table follows.");
        }
        holds
    }

    /// Whether this table belongs to a floor's tournament (`--floor`).
    pub fn has_floor(&self) -> bool {
        self.inbox.is_some()
    }

    /// The floor's orders for this table, as last judged (None: no floor).
    pub fn floor_orders(&self) -> Option<&TableOrders> {
        self.floor.orders.as_ref()
    }

    /// What the screen shows of the floor over the status line: the
    /// inbox's trouble, the table broken, each pending order (the first
    /// with its key), hand-for-hand.
    pub fn floor_banner(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(why) = &self.floor.broken {
            lines.push(format!("Floor's orders stopped: {why}"));
        } else if let Some(ReaderStatus::Offline { since, .. }) = &self.floor.status {
            lines.push(format!(
                "Floor's orders: offline since {since} (those read before are shown)"
            ));
        }
        let Some(orders) = &self.floor.orders else {
            return lines;
        };
        let table = self.session.as_ref().and_then(Session::table_between_hands);
        // TDA 22 and the floor's one structure: flags that gave this
        // table another are overruled, and said so.
        if let Some((_, floor)) = &orders.structure
            && self
                .structure
                .as_ref()
                .is_some_and(|ours| !ours.same_stages(floor))
        {
            lines.push(format!(
                "This table's --levels/--structure are not the floor's: the floor's structure is followed, a level applying at the next hand ({})",
                floor.line_text()
            ));
        }
        if orders.clock.is_none() && orders.structure.is_some() {
            lines.push(
                "The floor's clock has not started: this table's level clock waits for the TD to start it".into(),
            );
        }
        if orders.clock.is_some()
            && table
                .as_ref()
                .is_some_and(|t| t.structure.stages.is_empty())
        {
            lines.push(
                "The floor's clock is not followed: this table has no structure (start it with the floor's --structure)".into(),
            );
        }
        let key = self.hint(Section::Table, Action::FloorOrder);
        let next = table
            .as_ref()
            .and_then(|t| orders.next(t))
            .map(|o| format!("Floor: {}", o.text()));
        // Hand-for-hand holds a table with a hand to deal, not one broken
        // or won (fewer than two players left).
        let idle = table.as_ref().is_some_and(|t| t.players_in() < 2);
        let hand_for_hand = orders.hand_for_hand_line();
        for line in orders.banner() {
            if idle && hand_for_hand.as_ref() == Some(&line) {
                continue;
            }
            if next.as_ref() == Some(&line) {
                lines.push(format!("{line}  [{key}]"));
            } else {
                lines.push(line);
            }
        }
        lines
    }
}
