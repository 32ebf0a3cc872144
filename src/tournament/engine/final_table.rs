//! The final table and the redraws at the Desk: when the players left fit
//! the final table (a full table plus one, TDA 11; ten, Ugly Tuna Seating
//! 2) the last break makes it; where the house redraws at three, two and
//! one tables (UPT Tournament 18) every seat is drawn again; where the
//! house draws the button by a card (Ugly Tuna Seating 6, UPT Tournament
//! 8) each table so made draws it. Every move is written as an order
//! (`MoveConfirmed`) the tables carry out, the draws committed before
//! they are revealed, like every draw of the Desk.

use super::due::with_orders;
use super::{OrderPhase, Tournament, Work};
use crate::rules::tournament::{FinalButton, Redraw};
use crate::table::{Chips, Seat};
use crate::tournament::{Assignment, DrawPurpose, Floor, FloorRecord, FloorRefusal, Move};

/// How the Desk breaks the next table, now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Breaking {
    /// The table breaks onto the others.
    Table(String),
    /// The final table: `stays` stays, the others break into it.
    Final {
        /// The table that stays (the last in the breaking order).
        stays: String,
        /// The tables that break.
        others: Vec<String>,
    },
}

impl Work<'_> {
    /// What breaking next does, on the floor with its orders made: the
    /// final table once the players left fit it (TDA 11), else the next
    /// table in the breaking order (UPT Tournament 14).
    pub(super) fn breaking(&self, sim: &Floor) -> Result<Breaking, FloorRefusal> {
        let live: Vec<String> = super::due::live(self)
            .iter()
            .map(|t| t.name.clone())
            .collect();
        if live.len() > 1 && sim.players_left() <= sim.final_table_size() {
            let stays = live
                .iter()
                .max_by_key(|n| sim.break_rank(n))
                .cloned()
                .ok_or_else(|| FloorRefusal::Other("No table is playing.".into()))?;
            let others = live.iter().filter(|n| **n != stays).cloned().collect();
            return Ok(Breaking::Final { stays, others });
        }
        let name = self
            .floor
            .next_to_break()
            .map(str::to_string)
            .ok_or_else(|| FloorRefusal::Other("No table is left to break.".into()))?;
        Ok(Breaking::Table(name))
    }

    /// Whether the house redraws with `tables` tables left (UPT
    /// Tournament 18: at three, "not mandatory in small tournaments with
    /// only four or five starting tables", two and one).
    pub(super) fn redraw_due(&self, tables: usize) -> bool {
        self.floor.rules.tournament.redraw.value == Redraw::AtThreeTwoAndOneTables
            && (tables <= 2 || (tables == 3 && self.floor.starting_tables > 5))
    }

    /// Makes the final table now: the table last in the breaking order
    /// stays, the others break into it (`final_table`). Refused while the
    /// players left do not fit it.
    pub(super) fn make_final_table(&mut self) -> Result<Vec<Move>, FloorRefusal> {
        let sim = with_orders(self);
        let live: Vec<String> = super::due::live(self)
            .iter()
            .map(|t| t.name.clone())
            .collect();
        let Some(stays) = live.iter().max_by_key(|n| sim.break_rank(n)).cloned() else {
            return Err(FloorRefusal::Other("No table is playing.".into()));
        };
        if sim.players_left() > sim.final_table_size() {
            return Err(FloorRefusal::Other(format!(
                "{} players are left: the final table seats {}.",
                sim.players_left(),
                sim.final_table_size()
            )));
        }
        let others: Vec<String> = live.into_iter().filter(|n| *n != stays).collect();
        self.final_table(&stays, &others)
    }

    /// Makes the final table: `others` break into `stays`, by one break
    /// draw of their players onto its empty seats, or by a redraw of every
    /// seat where the house redraws (UPT Tournament 18); the table seats
    /// the final table's players (TDA 11: "No final table should seat
    /// more than 10"). Then the button by a card where the house says so.
    pub(super) fn final_table(
        &mut self,
        stays: &str,
        others: &[String],
    ) -> Result<Vec<Move>, FloorRefusal> {
        let mut sim = with_orders(self);
        let seats = sim.final_table_size().min(10) as u8;
        grow(&mut sim, stays, seats);
        let onto = [stays.to_string()];
        let moves = if self.redraw_due(1) {
            let mut all = others.to_vec();
            all.push(stays.to_string());
            self.redraw(sim, &all, &onto)?
        } else {
            self.break_onto_draw(&sim, others, &onto)?
        };
        for o in others {
            if !self.broken.contains(o) {
                self.write(&FloorRecord::TableBroken { table: o.clone() })?;
            }
        }
        self.button_draws(&onto)?;
        Ok(moves)
    }

    /// After a table broke: the redraw of every seat where the house
    /// redraws with the tables left, and their buttons by a card.
    pub(super) fn after_break(&mut self) -> Result<Vec<Move>, FloorRefusal> {
        let live: Vec<String> = super::due::live(self)
            .iter()
            .map(|t| t.name.clone())
            .collect();
        if !self.redraw_due(live.len()) {
            return Ok(Vec::new());
        }
        let sim = with_orders(self);
        let moves = self.redraw(sim, &live, &live)?;
        self.button_draws(&live)?;
        Ok(moves)
    }

    /// Every player of `from` drawn again onto `onto` as if every seat
    /// were free (`DrawPurpose::Redraw`, its inputs published), each a
    /// move from where he is now (a player drawn to his own seat is not
    /// moved: the tables see nothing to do).
    fn redraw(
        &mut self,
        sim: Floor,
        from: &[String],
        onto: &[String],
    ) -> Result<Vec<Move>, FloorRefusal> {
        between_hands(&sim, from.iter().chain(onto))?;
        // Every seat is drawn again: one a placed stack holds would be
        // given to a player who could never sit in it.
        none_placed(&sim, from.iter().chain(onto))?;
        let mut everyone = Vec::new();
        for t in from {
            for (seat, player, chips) in sim.table(t)?.players() {
                everyone.push((t.clone(), seat, player, chips));
            }
        }
        let mut empty = sim.clone();
        for t in &mut empty.tables {
            if from.contains(&t.name) {
                t.table.seats.clear();
            }
        }
        let players: Vec<(String, Chips)> = everyone.iter().map(|e| (e.2.clone(), e.3)).collect();
        let inputs = empty.seating_inputs(&players, onto)?;
        let plan = self.draw(DrawPurpose::Redraw, inputs)?;
        let seated = seated_with(&empty, &plan);
        let mut moves = Vec::new();
        for (a, (table, seat, _, chips)) in plan.iter().zip(&everyone) {
            moves.push(self.order(&seated, a, (table.clone(), seat.number()), *chips)?);
        }
        Ok(moves)
    }

    /// The players of the tables `from` drawn together onto the empty
    /// seats of `onto` (TDA 9; the final table's one draw, TDA 11), the
    /// tables broken, one order a player. None of them may have a hand in
    /// play.
    pub(super) fn break_onto_draw(
        &mut self,
        sim: &Floor,
        from: &[String],
        onto: &[String],
    ) -> Result<Vec<Move>, FloorRefusal> {
        between_hands(sim, from.iter())?;
        none_placed(sim, from.iter())?;
        let mut leaving = Vec::new();
        for name in from {
            for (seat, player, chips) in sim.table(name)?.players() {
                leaving.push((name.clone(), seat, player, chips));
            }
        }
        let players: Vec<(String, Chips)> = leaving.iter().map(|p| (p.2.clone(), p.3)).collect();
        let inputs = sim.seating_inputs(&players, onto)?;
        let plan = self.draw(
            DrawPurpose::Break {
                table: from.join(","),
            },
            inputs,
        )?;
        let seated = seated_with(sim, &plan);
        for name in from {
            self.write(&FloorRecord::TableBroken {
                table: name.to_string(),
            })?;
        }
        let mut moves = Vec::new();
        for (a, (name, seat, _, chips)) in plan.iter().zip(&leaving) {
            moves.push(self.order(&seated, a, (name.clone(), seat.number()), *chips)?);
        }
        Ok(moves)
    }

    /// The order a drawn seat gives: from where the player really is (his
    /// seat, or where a move still pending takes him), written as a
    /// confirmed move.
    fn order(
        &mut self,
        seated: &Floor,
        a: &Assignment,
        seat: (String, u8),
        chips: Chips,
    ) -> Result<Move, FloorRefusal> {
        let (from, from_seat) = self.origin(&a.player).unwrap_or(seat);
        let mv = Move {
            player: a.player.clone(),
            from,
            from_seat,
            to: a.table.clone(),
            to_seat: a.seat,
            chips: chips.get(),
            dealt_next: dealt_next(seated, self, a),
        };
        self.write(&FloorRecord::MoveConfirmed { mv: mv.clone() })?;
        Ok(mv)
    }

    /// Where a player with a move still to make is for a new one: the
    /// seat he has not yet left, or, left, the seat he was going to (he
    /// is not there: the tables see that leave as done).
    fn origin(&self, player: &str) -> Option<(String, u8)> {
        self.orders
            .iter()
            .rev()
            .find(|(mv, _)| mv.player == player)
            .map(|(mv, phase)| match phase {
                OrderPhase::Due => (mv.from.clone(), mv.from_seat),
                OrderPhase::Left => (mv.to.clone(), mv.to_seat),
            })
    }

    /// The button of each table of `tables` by a card where the house
    /// says so (Ugly Tuna Seating 6: "the button will be determined by a
    /// card draw").
    fn button_draws(&mut self, tables: &[String]) -> Result<(), FloorRefusal> {
        if self.floor.rules.tournament.final_button.value != FinalButton::CardDraw {
            return Ok(());
        }
        self.draw_buttons(tables)
    }

    /// The button of each table of `tables` by a card, drawn among the
    /// players the orders seat there: the draw committed, revealed, and
    /// `ButtonDrawn`, which the table carries out.
    pub(super) fn draw_buttons(&mut self, tables: &[String]) -> Result<(), FloorRefusal> {
        for t in tables {
            let mut sim = with_orders(self);
            sim.table(t)?;
            let from = sim.records.len();
            let seed = self.seed(&DrawPurpose::Button { table: t.clone() })?;
            sim.draw_button(t, &seed)?;
            for record in &sim.records[from..] {
                self.write(record)?;
            }
        }
        Ok(())
    }
}

/// Refused while one of `tables` holds a stack placed for a late entrant
/// (UPT Tournament 6): it is no player to move, and its seat is no seat
/// to draw a player to; the TD has it removed first.
fn none_placed<'a>(
    sim: &Floor,
    tables: impl Iterator<Item = &'a String>,
) -> Result<(), FloorRefusal> {
    for name in tables {
        if let Some(seat) = sim.table(name)?.placed_seats().first() {
            return Err(FloorRefusal::Other(format!(
                "{name} holds a stack placed for a late entrant in seat {}: have it removed first ({name}: seat {} no-show).",
                seat.number(),
                seat.number()
            )));
        }
    }
    Ok(())
}

/// Refuses while a table of `tables` has a hand in play: players move
/// between hands.
fn between_hands<'a>(
    sim: &Floor,
    tables: impl Iterator<Item = &'a String>,
) -> Result<(), FloorRefusal> {
    for t in tables {
        let table = sim.table(t)?;
        if table.table.in_hand {
            return Err(FloorRefusal::InHand {
                table: t.clone(),
                hand: table.table.hand,
            });
        }
    }
    Ok(())
}

/// A table given at least `seats` seats (the final table's).
fn grow(sim: &mut Floor, table: &str, seats: u8) {
    if let Some(t) = sim.tables.iter_mut().find(|t| t.name == table) {
        t.seats = t.seats.max(seats);
    }
}

/// `sim` with every player of `plan` seated where it gives.
pub(super) fn seated_with(sim: &Floor, plan: &[Assignment]) -> Floor {
    let mut seated = sim.clone();
    for a in plan {
        if let (Some(t), Some(seat)) = (
            seated.tables.iter_mut().find(|t| t.name == a.table),
            Seat::new(a.seat),
        ) {
            t.table.apply(&crate::session::TableEvent::PlayerSeated {
                seat,
                name: a.player.clone(),
                chips: Chips(a.chips),
                rejoins: false,
            });
        }
    }
    seated
}

/// Whether the player `a` seats is dealt the next hand there (the house's
/// `new-player-waits`: Nuts 9, Redtooth 49-50, UPT Tournament 16).
fn dealt_next(seated: &Floor, desk: &Tournament, a: &Assignment) -> bool {
    seated.table(&a.table).is_ok_and(|t| {
        crate::tournament::balance::next_positions(t, &desk.floor.rules)
            .is_some_and(|(_, dealt)| dealt.iter().any(|s| s.number() == a.seat))
    })
}
