//! What the TD does at the Desk: each operation decides on a copy of the
//! floor (with the moves the tables have yet to make already made), then
//! writes its records; the Desk's state changes only by applying them.
//!
//! A draw's seed comes from the Desk's seed source (the operating system
//! at a tournament: `DeskOptions::seeds`); its commitment (the
//! seed's SHA-256, with the draw's inputs) is written, and committed to
//! the database, before the record that reveals it.

use super::due::{live, with_orders, with_these_orders};
use super::{Answer, OrderPhase, Work};
use crate::session::{LevelClock, TableCommand};
use crate::table::Chips;
use crate::tournament::draw::commitment;
use crate::tournament::orders::{OrderKind, TableOrders};
use crate::tournament::{
    Assignment, DrawPurpose, FloorRecord, FloorRefusal, LightLine, Move, Proposal, SeatingInputs,
    TableState,
};

/// The longest message the TD may put on the room's screen.
pub const MESSAGE_MAX: usize = 120;

/// What the TD does to the floor's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockAction {
    /// Starts it (first level).
    Start,
    /// Pauses it.
    Pause,
    /// Resumes it.
    Resume,
    /// Gives the level more time (seconds; negative: less).
    Adjust(i64),
    /// Jumps to a level (1 for the first level; breaks not counted).
    Level(usize),
}

/// Whether the clock's last record is the pause hand-for-hand made: the
/// `ClockSet` right after the last `HandForHandSet { on: true }`, and no
/// other since.
fn paused_by_hand_for_hand(records: &[FloorRecord]) -> bool {
    let Some(on) = records
        .iter()
        .rposition(|r| matches!(r, FloorRecord::HandForHandSet { on: true }))
    else {
        return false;
    };
    let clocks: Vec<usize> = (on..records.len())
        .filter(|i| matches!(records[*i], FloorRecord::ClockSet { .. }))
        .collect();
    clocks == [on + 1]
}

/// Whether a table's hand ended (or a new one began) since `was`.
pub(super) fn stale(was: &[TableState], now: &[TableState]) -> bool {
    was.iter().any(|t| {
        now.iter()
            .find(|n| n.table == t.table)
            .is_none_or(|n| n.hand != t.hand || (t.in_hand && !n.in_hand))
    })
}

impl Work<'_> {
    /// Seats `players` (each with his starting chips) by a draw: the
    /// first draw onto every table (TDA 6, UPT 2, Nuts 7, Redtooth 48,
    /// Ugly Tuna Seating 1), later ones (late entries, alternates,
    /// re-entries) onto the tables playing, by the same process (TDA 7).
    /// Returns the seats given; the tables seat them from the reveal.
    /// The first draw also seats every entry bought before it
    /// (`FloorCommand::Buy`: registered, waiting for the draw).
    pub(super) fn draw_seats(
        &mut self,
        players: &[(String, Chips)],
    ) -> Result<Vec<Assignment>, FloorRefusal> {
        let mut players = players.to_vec();
        if self.floor.draws == 0 {
            let waiting = self
                .purchases()
                .iter()
                .filter(|p| p.buy.seats() && !players.iter().any(|(n, _)| *n == p.entry))
                .map(|p| (p.entry.clone(), p.chips))
                .collect::<Vec<_>>();
            players.extend(waiting);
        }
        let players = players.as_slice();
        if players.is_empty() {
            return Err(FloorRefusal::Other("No player to seat.".into()));
        }
        let sim = with_orders(self);
        for (i, (name, chips)) in players.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(FloorRefusal::Other("A player to seat has no name.".into()));
            }
            if chips.is_zero() {
                return Err(FloorRefusal::Other(format!(
                    "{name} has no chips to sit with."
                )));
            }
            if players[..i].iter().any(|(n, _)| n == name) {
                return Err(FloorRefusal::Other(format!("{name} is named twice.")));
            }
            if let Some(t) = sim.tables.iter().find(|t| {
                t.table
                    .seats
                    .values()
                    .any(|p| p.name == *name && !p.chips.is_zero())
            }) {
                return Err(FloorRefusal::Other(format!(
                    "{name} is already seated at {}.",
                    t.name
                )));
            }
        }
        self.entries_drawn(players)?;
        let playing: Vec<String> = live(self).iter().map(|t| t.name.clone()).collect();
        let (purpose, onto) = if playing.is_empty() {
            let all = self
                .floor
                .tables
                .iter()
                .map(|t| t.name.clone())
                .filter(|n| !self.broken.contains(n))
                .collect();
            (DrawPurpose::Seats, all)
        } else {
            (DrawPurpose::LateEntry, playing)
        };
        let inputs = sim.seating_inputs(players, &onto)?;
        self.draw(purpose, inputs)
    }

    /// A seat draw: its plan from a new seed, the commitment with its
    /// inputs written, then the reveal.
    pub(super) fn draw(
        &mut self,
        purpose: DrawPurpose,
        inputs: SeatingInputs,
    ) -> Result<Vec<Assignment>, FloorRefusal> {
        let seed = self.seed(&purpose)?;
        let plan = inputs.plan(&seed)?;
        let draw = self.floor.draws + 1;
        self.write(&FloorRecord::DrawCommitted {
            draw,
            purpose,
            commitment: commitment(&seed),
            seating: Some(inputs),
        })?;
        self.write(&FloorRecord::DrawRevealed {
            draw,
            seed,
            seats: plan.clone(),
        })?;
        Ok(plan)
    }

    /// The moves that balance the tables, computed from each table's live
    /// button and blinds under the house's `balance-when`, `-from` and
    /// `-who` (TDA 10, UPT 15 and 17, Nuts 10, Redtooth 51, Ugly Tuna
    /// Seating 2), and recorded. A proposal still pending is given again,
    /// or computed again when a table's hand ended since
    /// (`ProposalStale`). `None`: the tables are in balance.
    pub(super) fn propose(&mut self) -> Result<Option<Proposal>, FloorRefusal> {
        if let Some(p) = self.floor.pending.clone() {
            let now = self.floor.states();
            if !stale(&p.from_state, &now) {
                return Ok(Some(p));
            }
            self.write(&FloorRecord::ProposalStale {
                was: p.from_state.clone(),
                now,
            })?;
        }
        let sim = with_orders(self);
        if !sim.out_of_balance() {
            return Ok(None);
        }
        let seed = self.seed(&DrawPurpose::Balance)?;
        let proposal = sim.propose(&seed)?;
        if proposal.moves.is_empty() {
            return Ok(None);
        }
        if proposal.seed.is_some() {
            // Ugly Tuna Seating 2 moves a random player: the draw is
            // committed before it is revealed, like every draw.
            let draw = self.floor.draws + 1;
            self.write(&FloorRecord::DrawCommitted {
                draw,
                purpose: DrawPurpose::Balance,
                commitment: commitment(&seed),
                seating: None,
            })?;
            self.write(&FloorRecord::DrawRevealed {
                draw,
                seed,
                seats: proposal
                    .moves
                    .iter()
                    .map(|m| Assignment {
                        player: m.player.clone(),
                        table: m.to.clone(),
                        seat: m.to_seat,
                        chips: m.chips,
                    })
                    .collect(),
            })?;
        }
        self.write(&FloorRecord::MovesProposed {
            proposal: proposal.clone(),
        })?;
        Ok(Some(proposal))
    }

    /// The TD confirms the moves proposed: each is written as an order
    /// (`MoveConfirmed`) that the two tables carry out. If a table's hand
    /// ended since they were computed, they are proposed again instead
    /// (`Answer::Stale`, with the new proposal): the next big blind has
    /// moved on (TDA 10-A).
    pub(super) fn confirm(&mut self) -> Result<Answer, FloorRefusal> {
        let Some(p) = self.floor.pending.clone() else {
            return Err(FloorRefusal::NothingProposed);
        };
        if stale(&p.from_state, &self.floor.states()) {
            return Ok(Answer::Stale(self.propose()?));
        }
        for mv in &p.moves {
            self.write(&FloorRecord::MoveConfirmed { mv: mv.clone() })?;
        }
        Ok(Answer::Moves(p.moves))
    }

    /// Breaks the next table in the order fixed in advance (UPT
    /// Tournament 14), once its hand is over: its players go to the other
    /// tables by the two-step draw (TDA 9), written as the draw, the
    /// table broken and one order a player. When the players left fit
    /// the final table (TDA 11) the break makes it; where the house
    /// redraws with the tables left (UPT Tournament 18) every seat is
    /// drawn again, and the button by a card where it says so (Ugly Tuna
    /// Seating 6). Returns every move ordered.
    pub(super) fn break_next(&mut self) -> Result<Vec<Move>, FloorRefusal> {
        let sim = with_orders(self);
        match self.breaking(&sim)? {
            super::final_table::Breaking::Final { stays, others } => {
                self.final_table(&stays, &others)
            }
            super::final_table::Breaking::Table(name) => self.break_table(Some(&name)),
        }
    }

    /// Breaks table `name` (`None`: the next in the breaking order, UPT
    /// Tournament 14) onto the other tables playing by the two-step draw
    /// (TDA 9), then redraws where the house redraws with the tables
    /// left (UPT Tournament 18). Returns every move ordered.
    pub(super) fn break_table(&mut self, name: Option<&str>) -> Result<Vec<Move>, FloorRefusal> {
        // The tables playing on the floor with the orders made: a table
        // broken before, its players gone, is not one of them.
        let sim = with_orders(self);
        let name = match name {
            Some(n) if self.broken.contains(n) => {
                return Err(FloorRefusal::Other(format!("{n} is broken.")));
            }
            Some(n) => sim.table(n)?.name.clone(),
            None => self
                .floor
                .next_to_break()
                .map(str::to_string)
                .ok_or_else(|| FloorRefusal::Other("No table is left to break.".into()))?,
        };
        let onto = sim.break_onto(&name)?;
        let mut moves = self.break_onto_draw(&sim, std::slice::from_ref(&name), &onto)?;
        moves.extend(self.after_break()?);
        Ok(moves)
    }

    /// Keys a light table's line from the floor: a player out, chip
    /// counts, the button. The table's own rules decide it, on the floor's
    /// read of the table (a refusal is the table's), and the record is the
    /// order the table carries out by itself; one at a time, so each is
    /// decided on the table as the last left it.
    pub(super) fn key_light(
        &mut self,
        name: &str,
        command: &TableCommand,
    ) -> Result<(), FloorRefusal> {
        if self.broken.contains(name) {
            return Err(FloorRefusal::Other(format!("{name} is broken.")));
        }
        let t = self.floor.table(name)?;
        if !t.table.light {
            return Err(FloorRefusal::Other(format!(
                "{name} keys its hands: its dealer keys a player out and the stacks (light on at the table: a table that keys no hands)."
            )));
        }
        // One line waits at a time. A new one replaces it when it is a
        // count replacing a count (the last count is the table's), or when
        // the table can no longer carry it out (a player it names went out
        // meanwhile): the TD keys it again as the table now is.
        let orders = TableOrders::of(name, &t.table, &self.floor.records);
        if let Some(o) = orders
            .pending()
            .find(|o| matches!(o.kind, OrderKind::Light(_)))
        {
            let recount = matches!(o.kind, OrderKind::Light(LightLine::Count { .. }))
                && matches!(command, TableCommand::Count(_));
            let dead = o.command().is_none_or(|waiting| {
                t.table
                    .decide(&self.floor.rules, &waiting, self.now_ms, &mut |_| {
                        Vec::new()
                    })
                    .is_err()
            });
            if !recount && !dead {
                return Err(FloorRefusal::Other(format!(
                    "{name} has not yet carried out the last line keyed for it ({}): the next is keyed once it has (a count replaces a count).",
                    o.text()
                )));
            }
        }
        let line = match command {
            TableCommand::Out(seat) => LightLine::Out {
                seat: seat.number(),
                player: t
                    .table
                    .seats
                    .get(seat)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
            },
            TableCommand::Count(counts) => LightLine::Count {
                counts: counts.iter().map(|(s, c)| (s.number(), c.get())).collect(),
                after: t.table.counts,
            },
            TableCommand::SetButton(seat) => LightLine::Button {
                seat: seat.number(),
                after_hand: t.table.hand,
            },
            _ => {
                return Err(FloorRefusal::Other(
                    "From the floor, a light table takes a player out (seat 4 out), chip counts (count s1 12000 s3 8000) and the button (button 4).".into(),
                ));
            }
        };
        t.table
            .decide(&self.floor.rules, command, self.now_ms, &mut |_| Vec::new())
            .map_err(|refusal| FloorRefusal::Table {
                table: name.to_string(),
                refusal,
            })?;
        self.write(&FloorRecord::LightKeyed {
            table: name.to_string(),
            line,
        })
    }

    /// The TD's line for the room's displays: written as typed (spaces
    /// at its ends taken off), an empty one clearing it; refused past
    /// `MESSAGE_MAX` characters, and when it says again what is shown.
    pub(super) fn say(&mut self, text: &str) -> Result<(), FloorRefusal> {
        let text = text.trim();
        let count = text.chars().count();
        if count > MESSAGE_MAX {
            return Err(FloorRefusal::Other(format!(
                "The room's message is {count} characters: at most {MESSAGE_MAX} read from across the room."
            )));
        }
        if self.message().unwrap_or("") == text {
            return Err(FloorRefusal::Other(if text.is_empty() {
                "The room's screen shows no message: nothing to clear.".into()
            } else {
                "The room's screen already shows that message.".into()
            }));
        }
        self.write(&FloorRecord::Said {
            text: text.to_string(),
        })
    }

    /// Switches hand-for-hand on or off (Redtooth 53-54; for the other
    /// houses the TD's switch). On, its first round is written at once:
    /// every table may begin its next hand, and no more until all have.
    /// The clock does what the house's `hand-for-hand-clock` says.
    pub(super) fn set_hand_for_hand(&mut self, on: bool) -> Result<(), FloorRefusal> {
        if self.hand_for_hand.is_some() == on {
            return Err(FloorRefusal::Other(format!(
                "Hand-for-hand is already {}.",
                if on { "on" } else { "off" }
            )));
        }
        self.write(&FloorRecord::HandForHandSet { on })?;
        self.hand_for_hand_clock(on)?;
        if on {
            super::due::due(self)?;
        }
        Ok(())
    }

    /// The house's `hand-for-hand-clock`: where it stops the clock, a
    /// running clock is paused as hand-for-hand goes on (the record right
    /// after it), and that pause is undone as it goes off; a clock the TD
    /// paused himself stays paused. Where it runs (every built-in house:
    /// their books are silent, Ugly Tuna Rules 4: "Table action never
    /// stops until a schedule break") nothing is written.
    fn hand_for_hand_clock(&mut self, on: bool) -> Result<(), FloorRefusal> {
        use crate::rules::tournament::HandForHandClock;
        use crate::session::ClockRun;
        if self.floor.rules.tournament.hand_for_hand_clock.value
            != HandForHandClock::StopsWhileWaiting
        {
            return Ok(());
        }
        let Some(mut clock) = self.clock.clone() else {
            return Ok(());
        };
        let now = self.now_ms;
        if on && matches!(clock.run, ClockRun::Running { .. }) {
            clock.pause(now);
        } else if !on
            && clock.run == ClockRun::Paused
            && paused_by_hand_for_hand(&self.floor.records)
        {
            clock.resume(now);
        } else {
            return Ok(());
        }
        self.write(&FloorRecord::ClockSet { clock })
    }

    /// The TD's clock: started, paused, resumed, adjusted or set to a
    /// level; the whole clock is written (`ClockSet`) and every table
    /// follows it, a level applying at each table's next hand (TDA 22).
    pub(super) fn clock_action(&mut self, action: ClockAction) -> Result<(), FloorRefusal> {
        let now = self.now_ms;
        let mut clock = self
            .clock
            .clone()
            .unwrap_or_else(|| LevelClock::new(self.structure.stage_ms()));
        let run = clock.run;
        use crate::session::ClockRun;
        let refuse = |s: &str| Err(FloorRefusal::Other(s.to_string()));
        match action {
            ClockAction::Start => {
                if run != ClockRun::Stopped {
                    return refuse("The clock has started already.");
                }
                if self.structure.stages.is_empty() {
                    return refuse("The floor has no structure to run the clock over.");
                }
                clock.start(now);
            }
            ClockAction::Pause => {
                if !matches!(run, ClockRun::Running { .. }) {
                    return refuse("The clock is not running.");
                }
                clock.pause(now);
            }
            ClockAction::Resume => {
                if run != ClockRun::Paused {
                    return refuse("The clock is not paused.");
                }
                clock.resume(now);
            }
            ClockAction::Adjust(secs) => {
                if self.clock.is_none() {
                    return refuse("The clock has not started.");
                }
                clock.adjust(now, secs);
            }
            ClockAction::Level(level) => {
                let stages = self.structure.level_stages();
                let Some(stage) = level.checked_sub(1).and_then(|i| stages.get(i)) else {
                    return Err(FloorRefusal::Other(format!(
                        "The structure has levels 1 to {}: there is no level {level}.",
                        stages.len()
                    )));
                };
                clock.jump_to(now, *stage);
            }
        }
        self.write(&FloorRecord::ClockSet { clock })
    }
}

impl Work<'_> {
    /// The TD cancels `player`'s move, confirmed and not yet made: he
    /// stays where he is (`MoveCancelled`). A player who has left his
    /// table already is not cancelled but amended (`amend_move`): his
    /// chips are off that table, and he takes a seat somewhere.
    pub(super) fn cancel_move(&mut self, player: &str) -> Result<Move, FloorRefusal> {
        let (mv, phase) = self.order_of(player, "cancel")?;
        if phase == OrderPhase::Left {
            return Err(FloorRefusal::Other(format!(
                "{player} has left {} already: amend the move instead (a seat to go to, his own at {} seat {} again if it is free).",
                mv.from, mv.from, mv.from_seat
            )));
        }
        self.write(&FloorRecord::MoveCancelled {
            player: player.to_string(),
            table: mv.from.clone(),
        })?;
        Ok(mv)
    }

    /// The TD sends `player`, whose move is confirmed and not yet made, to
    /// another seat: a new `MoveConfirmed` from the same seat (a player's
    /// last order is the one the tables carry out). The seat must be free
    /// once the moves ordered are made.
    pub(super) fn amend_move(
        &mut self,
        player: &str,
        to: &str,
        to_seat: u8,
    ) -> Result<Move, FloorRefusal> {
        let (mv, phase) = self.order_of(player, "amend")?;
        if phase == OrderPhase::Due && to == mv.from && to_seat == mv.from_seat {
            let mv = self.cancel_move(player)?;
            return Ok(Move {
                to: mv.from.clone(),
                to_seat: mv.from_seat,
                ..mv
            });
        }
        // The tables as the other orders leave them, this player's own
        // move not made (his seat here is his until he leaves it).
        let others = self.clone_without(player);
        self.seat_free_for(&with_these_orders(self, &others), player, to, to_seat)?;
        let amended = Move {
            to: to.to_string(),
            to_seat,
            ..mv
        };
        self.write(&FloorRecord::MoveConfirmed {
            mv: amended.clone(),
        })?;
        Ok(amended)
    }

    /// Whether `to`'s seat `to_seat` may take `player` on `sim` (the
    /// floor with the moves ordered made): a table not broken, a seat it
    /// has, nobody else there or promised it (his own seat is his).
    fn seat_free_for(
        &self,
        sim: &crate::tournament::Floor,
        player: &str,
        to: &str,
        to_seat: u8,
    ) -> Result<(), FloorRefusal> {
        if self.broken.contains(to) {
            return Err(FloorRefusal::Other(format!("{to} is broken.")));
        }
        let table = sim.table(to)?;
        let seats = table.seats;
        let seat = crate::table::Seat::new(to_seat)
            .filter(|_| to_seat <= seats)
            .ok_or_else(|| FloorRefusal::Other(format!("{to} has seats 1 to {seats}.")))?;
        if table
            .table
            .seats
            .get(&seat)
            .is_some_and(|p| p.name != player)
        {
            return Err(FloorRefusal::Other(format!(
                "{to} seat {to_seat} is taken (or promised to a player moving there)."
            )));
        }
        Ok(())
    }

    /// `player`'s move confirmed and not yet made, and where it stands
    /// (`verb`: what the TD wanted to do to it, for the refusal).
    fn order_of(&self, player: &str, verb: &str) -> Result<(Move, OrderPhase), FloorRefusal> {
        self.orders
            .iter()
            .find(|(m, _)| m.player == player)
            .cloned()
            .ok_or_else(|| FloorRefusal::Other(format!("{player} has no move to {verb}.")))
    }

    /// The orders without `player`'s (what the tables will be once every
    /// other move is made).
    fn clone_without(&self, player: &str) -> Vec<(Move, OrderPhase)> {
        self.orders
            .iter()
            .filter(|(m, _)| m.player != player)
            .cloned()
            .collect()
    }
}

impl Work<'_> {
    /// The TD corrects `player`'s stack to `chips` (`Floor::correct_stack`:
    /// his seat's stack set, or a player out by mistake back in the seat
    /// he left, the places after his taken back), decided on the tables
    /// as the moves ordered leave them; his table carries it out (`F`).
    /// A player whose move is not yet made is corrected once he sits.
    /// Returns the correction's record.
    pub(super) fn correct_stack(
        &mut self,
        player: &str,
        chips: u64,
    ) -> Result<FloorRecord, FloorRefusal> {
        if let Some((mv, _)) = self.orders.iter().find(|(m, _)| m.player == player) {
            return Err(FloorRefusal::Other(format!(
                "{player} is moving from {} to {}: correct the stack once {player} sits there.",
                mv.from, mv.to
            )));
        }
        let mut sim = with_orders(self);
        let from = sim.records.len();
        sim.correct_stack(player, chips)?;
        for record in &sim.records[from..] {
            self.write(record)?;
        }
        Ok(sim.records[from].clone())
    }

    /// The TD moves a player by hand (a player the balance did not pick, a
    /// seat changed for a reason of the floor's own): an order like any
    /// move (`MoveConfirmed`), from the seat he has once the moves ordered
    /// are made, to a seat free then. A player with a move not yet made
    /// is amended instead (`amend_move`).
    pub(super) fn move_player(
        &mut self,
        player: &str,
        to: &str,
        to_seat: u8,
    ) -> Result<Move, FloorRefusal> {
        if self.orders.iter().any(|(m, _)| m.player == player) {
            return self.amend_move(player, to, to_seat);
        }
        let sim = with_orders(self);
        let Some((from, seat, chips)) = sim.tables.iter().find_map(|t| {
            t.table
                .seats
                .iter()
                .find(|(_, p)| p.name == player && !p.chips.is_zero())
                .map(|(s, p)| (t.name.clone(), s.number(), p.chips.get()))
        }) else {
            return Err(FloorRefusal::Other(format!(
                "{player} is not seated at any table."
            )));
        };
        if from == to && seat == to_seat {
            return Err(FloorRefusal::Other(format!(
                "{player} sits at {to} seat {to_seat} already."
            )));
        }
        self.seat_free_for(&sim, player, to, to_seat)?;
        let mv = Move {
            player: player.to_string(),
            from,
            from_seat: seat,
            to: to.to_string(),
            to_seat,
            chips,
            // The table's own deal decides once he sits (the house's
            // new-player-waits): the order does not.
            dealt_next: true,
        };
        self.write(&FloorRecord::MoveConfirmed { mv: mv.clone() })?;
        Ok(mv)
    }
}
