//! The floor screen's keys: a key comes in (`FloorScreen::handle_key`, the
//! only place the screen changes), is looked up in the key map's `[floor]`
//! section (its questions: `[confirm]`, `[prompt]`), and moves the
//! selection, opens a table's hands in the review, or asks the desk for a
//! decision; what the desk refuses becomes the message line. Nothing is
//! drawn here, but the keys are said here: the help and the keys line
//! (`help_lines`, `keys_line`) and every message that names a key take
//! the key from the live map, so a key rebound in the user's keys.toml is
//! the key the screen names (gitui's `key_list.rs`).
//!
//! By default arrows choose a table across the grid, `j` and `k` the next
//! and the previous; Enter opens its hands (Esc comes back); `b` proposes
//! a balance, `y` confirms it, `B` breaks the next table after a question,
//! `h` switches hand-for-hand, Space pauses and resumes the clock, `+` and
//! `-` give the level a minute more or less, `L` and `l` go to the next or
//! the previous level. (`h` and `l` are the floor's, so they do not move
//! the selection as in vi.)

use crossterm::event::{KeyEvent, KeyEventKind};

use super::{Ask, ClockAction, FloorDesk, FloorScreen, Tone};
use crate::notation::floor::FloorLine;
use crate::rules::HouseRules;
use crate::session::ClockRun;
use crate::table::Chips;
use crate::tournament::{Answer, FloorCommand, FloorRecord};
use crate::tui::keymap::{Action, Key, Section};
use crate::tui::review::{Review, hands_of};

impl<D: FloorDesk> FloorScreen<D> {
    /// The key bound to `action` on the floor, as the screen names it.
    pub(super) fn key(&self, action: Action) -> String {
        self.keys.key_label(Section::Floor, action)
    }

    /// The house's tournament settings, whose citations the hints name.
    fn tournament(&self) -> &crate::rules::tournament::Tournament {
        &self.desk.floor().rules.tournament
    }

    /// The key bound to `action` at a table (what the floor asks a table
    /// to key).
    fn table_key(&self, action: Action) -> String {
        self.keys.key_label(Section::Table, action)
    }

    /// The keys of `actions` on the floor, joined by `between`.
    fn keys_of(&self, actions: &[Action], between: &str) -> String {
        let keys: Vec<String> = actions.iter().map(|a| self.key(*a)).collect();
        keys.join(between)
    }

    /// The help: each line's keys and what they do.
    pub(super) fn help_lines(&self) -> Vec<(String, String)> {
        use Action::*;
        let grid = self.keys_of(&[TableLeft, TableDown, TableUp, TableRight], "");
        let back = self.keys.key_label(Section::ReviewHand, Cancel);
        let mut lines = vec![
            (grid, "choose a table across the grid".to_string()),
            (
                self.keys_of(&[NextTable, PrevTable], " "),
                "the next or the previous table".to_string(),
            ),
            (
                self.key(Open),
                format!("open the table's hands ({back}: back)"),
            ),
        ];
        let described = [
            ProposeMoves,
            ConfirmMoves,
            CancelMove,
            AmendMove,
            MovePlayer,
            LateEntry,
            CorrectStack,
            Money,
            KeyLight,
            BreakTable,
            HandForHand,
        ];
        lines.extend(
            described
                .iter()
                .map(|a| (self.key(*a), a.describe().to_string())),
        );
        lines.extend([
            (
                self.key(LevelClock),
                "pause or resume the clock (starts it)".to_string(),
            ),
            (
                self.keys_of(&[LevelClockPlus, LevelClockMinus], " "),
                "a minute more or less in this level".to_string(),
            ),
            (
                self.keys_of(&[NextLevel, PrevLevel], " "),
                "the next or the previous level".to_string(),
            ),
            (self.key(Help), Help.describe().to_string()),
            (self.key(Quit), "quit".to_string()),
        ]);
        lines
    }

    /// The keys line at the bottom of the screen.
    pub(super) fn keys_line(&self) -> String {
        use Action::*;
        format!(
            " {} {} table · {} hands · {} balance · {} confirm · {} break · {} hand-for-hand · {} clock · {} minute · {} level · {} keys · {} quit",
            self.keys_of(&[TableLeft, TableDown, TableUp, TableRight], ""),
            self.keys_of(&[NextTable, PrevTable], ""),
            self.key(Open),
            self.key(ProposeMoves),
            self.key(ConfirmMoves),
            self.key(BreakTable),
            self.key(HandForHand),
            self.key(LevelClock),
            self.keys_of(&[LevelClockPlus, LevelClockMinus], "/"),
            self.keys_of(&[NextLevel, PrevLevel], "/"),
            self.key(Help),
            self.key(Quit),
        )
    }

    /// Handles a key: the only place the screen changes.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if let Some(review) = self.review.as_mut() {
            review.handle_key(key);
            if review.should_quit() {
                self.review = None;
            }
            return;
        }
        let action = self.keys.action(Section::Floor, &key);
        // A quit key that types nothing (Ctrl-C) quits even while a
        // question is open; one that types (`q`) answers it.
        let types = Key::from_event(&key).and_then(|k| k.typed()).is_some();
        if action == Some(Action::Quit) && !types {
            self.quit = true;
            return;
        }
        if let Some(ask) = self.asking.take() {
            self.answer(ask, &key);
            return;
        }
        if self.help {
            self.help = false;
            if matches!(action, Some(Action::Help | Action::Cancel)) {
                return;
            }
        }
        self.message = None;
        let row = self.columns.get().max(1) as isize;
        match action {
            Some(Action::Quit) => self.quit = true,
            Some(Action::Help) => self.help = true,
            Some(Action::TableLeft | Action::PrevTable) => self.step(-1),
            Some(Action::TableRight | Action::NextTable) => self.step(1),
            Some(Action::TableUp) => self.step(-row),
            Some(Action::TableDown) => self.step(row),
            Some(Action::ScrollTop) => self.selected = 0,
            Some(Action::ScrollBottom) => self.selected = self.tables.len().saturating_sub(1),
            Some(Action::Open) => self.open_review(),
            Some(Action::ProposeMoves) => self.propose(),
            Some(Action::ConfirmMoves) => self.confirm(),
            Some(Action::BreakTable) => self.ask_break(),
            Some(Action::CancelMove) => self.ask_move(true),
            Some(Action::AmendMove) => self.ask_move(false),
            Some(Action::MovePlayer) => self.prompt(Ask::MoveBy(String::new())),
            Some(Action::LateEntry) => self.prompt(Ask::Enter(String::new())),
            Some(Action::Money) => self.prompt(Ask::Money(String::new())),
            Some(Action::KeyLight) => self.prompt(Ask::KeyLight(String::new())),
            Some(Action::CorrectStack) => self.prompt(Ask::Correct(String::new())),
            Some(Action::HandForHand) => self.hand_for_hand(),
            Some(Action::LevelClock) => self.pause_or_resume(),
            Some(Action::LevelClockPlus) => self.clock(ClockAction::Adjust(60)),
            Some(Action::LevelClockMinus) => self.clock(ClockAction::Adjust(-60)),
            Some(Action::NextLevel) => self.level(1),
            Some(Action::PrevLevel) => self.level(-1),
            Some(Action::Cancel) => {}
            _ => self.refuse(format!(
                "That key does nothing here: {} lists the keys.",
                self.key(Action::Help)
            )),
        }
    }

    fn info(&mut self, text: String) {
        self.message = Some((Tone::Info, text));
    }

    fn refuse(&mut self, text: String) {
        self.message = Some((Tone::Refusal, text));
    }

    /// After a decision: the desk is read again at once.
    fn after(&mut self) {
        self.desk.refresh();
        self.read_tables();
    }

    fn step(&mut self, by: isize) {
        if self.tables.is_empty() {
            return;
        }
        let last = self.tables.len() as isize - 1;
        self.selected = (self.selected as isize + by).clamp(0, last) as usize;
    }

    fn open_review(&mut self) {
        let Some(table) = self.tables.get(self.selected) else {
            self.refuse("There is no table to open.".into());
            return;
        };
        let name = table.name.clone();
        if let Err(why) = &table.glance {
            let why = why.clone();
            self.refuse(format!("{name}'s hands cannot be opened: {why}"));
            return;
        }
        let Some(loaded) = self.desk.journal(&name) else {
            self.refuse(format!("The floor holds no record of {name} yet."));
            return;
        };
        if loaded.hands.is_empty() {
            self.refuse(format!("{name} has not dealt a hand yet."));
            return;
        }
        let in_force = self.desk.floor().rules.clone();
        let hands = hands_of(loaded.hands, |house| {
            if house == in_force.name {
                return Some(in_force.clone());
            }
            HouseRules::built_in(house).and_then(Result::ok)
        });
        let mut review = Review::new(name, hands, self.theme)
            .with_keymap(self.keys.clone())
            .with_more_houses(HouseRules::all_built_in)
            .embedded();
        review.open_last();
        self.review = Some(review);
    }

    fn propose(&mut self) {
        match self.desk.propose() {
            Ok(Some(p)) => {
                let halted = if p.halted.is_empty() {
                    String::new()
                } else {
                    format!(
                        " {} halts until players arrive ({}).",
                        p.halted.join(", "),
                        self.tournament().halt_short_by.citation.brief()
                    )
                };
                let n = p.moves.len();
                let moves = if n == 1 {
                    "1 move".to_string()
                } else {
                    format!("{n} moves")
                };
                let confirm = self.key(Action::ConfirmMoves);
                self.info(format!(
                    "Proposed: {moves}.{halted} {confirm} confirms them."
                ));
            }
            Ok(None) => self.info("The tables are in balance: nobody moves.".into()),
            Err(e) => self.refuse(format!("No balance proposed: {e}")),
        }
        self.after();
    }

    fn confirm(&mut self) {
        if self.desk.floor().pending.is_none() {
            self.refuse(format!(
                "No move is proposed: {} proposes the moves that balance the tables.",
                self.key(Action::ProposeMoves)
            ));
            return;
        }
        match self.desk.confirm() {
            Ok(moves) if moves.is_empty() => self.info(format!(
                "A hand ended since the proposal: the moves were computed again. Check them, and {} confirms.",
                self.key(Action::ConfirmMoves)
            )),
            Ok(moves) => {
                let n = moves.len();
                let what = if n == 1 { "1 move".to_string() } else { format!("{n} moves") };
                self.info(format!(
                    "Confirmed: {what}. Each table carries it out between hands."
                ));
            }
            Err(e) => self.refuse(format!("Not confirmed: {e}")),
        }
        self.after();
    }

    fn ask_break(&mut self) {
        // The moves confirmed first: until they are made, the tables' own
        // records still seat players who are going (a table broken into
        // the final table is not yet empty).
        let due = crate::floor::moves_due(&self.desk.floor().records, |name| self.glance_of(name));
        if !due.is_empty() {
            self.refuse(format!(
                "{} confirmed moves are not yet made: {} breaks the next table once the tables have made them.",
                due.len(),
                self.key(Action::BreakTable)
            ));
            return;
        }
        let floor = self.desk.floor();
        let Some(next) = floor.next_to_break().map(str::to_string) else {
            self.refuse("No table is left to break: the last table playing never breaks.".into());
            return;
        };
        if let Ok(t) = floor.table(&next)
            && t.table.in_hand
        {
            self.refuse(format!(
                "{next} is playing hand {}: {} breaks it once that hand is over.",
                t.table.hand,
                self.key(Action::BreakTable)
            ));
            return;
        }
        let players = floor.table(&next).map(|t| t.players().len()).unwrap_or(0);
        self.asking = Some(Ask::Break(next.clone()));
        self.info(format!(
            "Break {next}? Its {players} players are drawn to seats at the other tables. {} breaks it, any other key does not.",
            self.keys.key_label(Section::Confirm, Action::Yes)
        ));
    }

    /// A question answered: a break by `[confirm]`'s yes, a move picked
    /// by its number, a typed answer by `[prompt]`.
    fn answer(&mut self, ask: Ask, key: &KeyEvent) {
        let on_floor = self.keys.action(Section::Floor, key);
        match ask {
            Ask::Break(table) => {
                if self.keys.action(Section::Confirm, key) != Some(Action::Yes) {
                    return self.info(format!("{table} is not broken."));
                }
                match self.desk.break_next() {
                    Ok(moves) => self.info(format!(
                        "{table} is broken: {} moves, each table carries them out between hands.",
                        moves.len()
                    )),
                    Err(e) => self.refuse(format!("{table} is not broken: {e}")),
                }
                self.after();
            }
            Ask::Cancel(_) | Ask::Amend(_) if on_floor == Some(Action::Cancel) => {
                self.info("No move changed.".into());
            }
            Ask::Cancel(players) => match pick(&players, on_floor) {
                Some(player) => {
                    match self.desk.cancel_move(&player) {
                        Ok(mv) => self.info(format!(
                            "{player}'s move to {} seat {} is cancelled: {player} stays at {} seat {}.",
                            mv.to, mv.to_seat, mv.from, mv.from_seat
                        )),
                        Err(e) => self.refuse(format!("Not cancelled: {e}")),
                    }
                    self.after();
                }
                None => self.info("No move cancelled.".into()),
            },
            Ask::Amend(players) => match pick(&players, on_floor) {
                Some(player) => self.prompt(Ask::AmendTo(player, String::new())),
                None => self.info("No move amended.".into()),
            },
            ask @ (Ask::AmendTo(..)
            | Ask::MoveBy(_)
            | Ask::Enter(_)
            | Ask::Correct(_)
            | Ask::Money(_)
            | Ask::KeyLight(_)) => self.typing(ask, key),
        }
    }

    /// A question answered by typing (a table and seat; a player, table
    /// and seat; a name and chips), with the keys of `[prompt]`: submit
    /// acts, cancel leaves it, delete-back takes a character back;
    /// letters, digits, a space, `-` and `_` type.
    fn typing(&mut self, mut ask: Ask, key: &KeyEvent) {
        let (Ask::AmendTo(_, typed)
        | Ask::MoveBy(typed)
        | Ask::Enter(typed)
        | Ask::Correct(typed)
        | Ask::Money(typed)
        | Ask::KeyLight(typed)) = &mut ask
        else {
            return;
        };
        // A message for the room (`say ...`) is a sentence, and longer.
        let saying = typed.trim_start().to_ascii_lowercase().starts_with("say");
        let limit = if saying {
            crate::tournament::engine::MESSAGE_MAX + 4
        } else {
            40
        };
        let typeable = |c: char| {
            c.is_ascii_alphanumeric()
                || " -_".contains(c)
                || (saying && (c.is_alphanumeric() || ".,:;!?'()/&+=%#@".contains(c)))
        };
        match self.keys.action(Section::Prompt, key) {
            Some(Action::Cancel) => return self.info("Nothing changed.".into()),
            Some(Action::Submit) => {
                return match &ask {
                    Ask::AmendTo(player, typed) => self.amend(player, typed),
                    Ask::MoveBy(typed) => self.move_by_hand(typed),
                    Ask::Enter(typed) => self.enter(typed),
                    Ask::Correct(typed) => self.correct(typed),
                    Ask::Money(typed) => self.money(typed),
                    Ask::KeyLight(typed) => self.key_light(typed),
                    _ => {}
                };
            }
            Some(Action::DeleteBack) => {
                typed.pop();
            }
            Some(Action::Input(c)) if typed.chars().count() < limit && typeable(c) => {
                typed.push(c);
            }
            _ => {}
        }
        self.prompt(ask);
    }

    /// Asks a typed question, saying what is typed so far.
    fn prompt(&mut self, ask: Ask) {
        let submit = self.keys.key_label(Section::Prompt, Action::Submit);
        let text = match &ask {
            Ask::AmendTo(player, typed) => format!(
                "Where does {player} go instead? The table and seat (T2 5), {submit}: {typed}"
            ),
            Ask::MoveBy(typed) => {
                format!("Move whom where? The player, table and seat (Ann T2 5), {submit}: {typed}")
            }
            Ask::Enter(typed) => format!(
                "A late entry: the name and chips (Zoe 20000), drawn to a seat ({}), {submit}: {typed}",
                self.tournament().late_entry.citation.brief()
            ),
            Ask::Money(typed) => format!(
                "The money: entry Zoe, reentry Ann, rebuy Ann, addon Ann, or deal icm|chip-chop|even [keep 500] [agreed]; or say TEXT for the room's screen, {submit}: {typed}"
            ),
            Ask::KeyLight(typed) => format!(
                "A light table's line, carried out there by itself: the table and the line (T3 seat 4 out, T3 count s1 12000 s3 8000, T3 button 4), {submit}: {typed}"
            ),
            Ask::Correct(typed) => format!(
                "Correct whose stack? The player and the chips he has (Ann 11400); a player out by mistake returns to his seat with them, {submit}: {typed}"
            ),
            _ => return,
        };
        self.info(text);
        self.asking = Some(ask);
    }

    /// `M`: a move by hand (`Ann T2 5`).
    fn move_by_hand(&mut self, typed: &str) {
        let words: Vec<&str> = typed.split_whitespace().collect();
        let [player, table, seat] = words[..] else {
            self.refuse("Nobody moved: type a player, a table and a seat, as Ann T2 5.".into());
            return;
        };
        let Ok(seat) = seat.trim_start_matches(['s', 'S']).parse::<u8>() else {
            self.refuse(format!("Nobody moved: {seat} is not a seat number."));
            return;
        };
        match self.desk.move_player(player, table, seat) {
            Ok(mv) => self.info(format!(
                "{player} moves from {} seat {} to {} seat {}: each table carries it out between hands.",
                mv.from, mv.from_seat, mv.to, mv.to_seat
            )),
            Err(e) => self.refuse(format!("{player} is not moved: {e}")),
        }
        self.after();
    }

    /// `e`: a late entry drawn to a seat like every entry (`Zoe 20000`).
    fn enter(&mut self, typed: &str) {
        let words: Vec<&str> = typed.split_whitespace().collect();
        let [name, chips] = words[..] else {
            self.refuse("Nobody entered: type a name and the chips, as Zoe 20000.".into());
            return;
        };
        let Ok(chips) = chips.parse::<u64>() else {
            self.refuse(format!("Nobody entered: {chips} is not a number of chips."));
            return;
        };
        match self.desk.draw_seats(&[(name.to_string(), Chips(chips))]) {
            Ok(seats) => {
                let at: Vec<String> = seats
                    .iter()
                    .map(|a| format!("{} seat {}", a.table, a.seat))
                    .collect();
                self.info(format!(
                    "{name} is drawn to {}: that table seats the player with {}.",
                    at.join(", "),
                    self.table_key(Action::FloorOrder)
                ));
            }
            Err(e) => self.refuse(format!("{name} is not entered: {e}")),
        }
        self.after();
    }

    /// `K`: a light table's line (a room without dealers), typed as the
    /// floor line `key T3 seat 4 out` without its `key`: recorded, and
    /// carried out at the table by itself.
    fn key_light(&mut self, typed: &str) {
        let command = match crate::notation::floor::parse_floor_line(&format!("key {typed}")) {
            Ok(FloorLine::Key { table, command }) => FloorCommand::KeyLight { table, command },
            Ok(_) => {
                self.refuse(format!(
                    "Nothing keyed: {typed} is not a table and its line (T3 seat 4 out)."
                ));
                return;
            }
            Err(e) => {
                self.refuse(format!("Nothing keyed: {}", e.message));
                return;
            }
        };
        match self.desk.decide(&command) {
            Ok(_) => self.info(format!(
                "Keyed for the table: {typed}; it carries it out by itself."
            )),
            Err(e) => self.refuse(format!("Nothing keyed: {e}")),
        }
        self.after();
    }

    /// `$`: the room's money, typed as a floor line (the scenarios'
    /// grammar, `notation::floor`): a purchase recorded (a new entry
    /// drawn to a seat, chips added at the player's seat by his table's
    /// order), or a deal worked out, every share shown, and recorded
    /// with `agreed`.
    fn money(&mut self, typed: &str) {
        let command = match crate::notation::floor::parse_floor_line(typed) {
            Ok(FloorLine::Buy { player, buy, .. }) => FloorCommand::Buy { player, buy },
            Ok(FloorLine::Deal {
                method,
                kept,
                agreed,
            }) => FloorCommand::Deal {
                method,
                kept: crate::values::Money(kept),
                agreed,
            },
            Ok(FloorLine::Say(text)) => {
                match self.desk.say(&text) {
                    Ok(()) if text.is_empty() => {
                        self.info("The room's screen shows no message now.".into())
                    }
                    Ok(()) => self.info(format!("The room's screen says: {text}")),
                    Err(e) => self.refuse(e.to_string()),
                }
                return self.after();
            }
            Ok(_) => {
                self.refuse(format!(
                    "Nothing bought: {typed} is not a purchase or a deal (entry Zoe, rebuy Ann, deal icm agreed)."
                ));
                return;
            }
            Err(e) => {
                self.refuse(format!("Nothing bought: {}", e.message));
                return;
            }
        };
        let floor_key = self.table_key(Action::FloorOrder);
        match (self.desk.decide(&command), &command) {
            (Ok(Answer::Seats(seats)), FloorCommand::Buy { buy, .. }) => {
                let at: Vec<String> = seats
                    .iter()
                    .map(|a| format!("{} is drawn to {} seat {}", a.player, a.table, a.seat))
                    .collect();
                self.info(format!(
                    "The {} is recorded: {}, with {}; that table seats the player with {floor_key}.",
                    buy.key(),
                    at.join(", "),
                    seats.first().map_or(Chips::ZERO, |a| Chips(a.chips))
                ));
            }
            (Ok(Answer::Deal(terms)), FloorCommand::Deal { agreed, .. }) => {
                let shares: Vec<String> = terms
                    .players
                    .iter()
                    .zip(&terms.shares)
                    .map(|((name, _), share)| format!("{name} {share}"))
                    .collect();
                let kept = if terms.kept.get() > 0 {
                    format!(", {} kept for the winner", terms.kept)
                } else {
                    String::new()
                };
                let state = if *agreed {
                    "recorded; play goes on"
                } else {
                    "not recorded: type it again with agreed once every player accepts"
                };
                self.info(format!(
                    "The {} deal: {}{kept} ({state}).",
                    terms.method.name(),
                    shares.join(", ")
                ));
            }
            (Ok(_), FloorCommand::Buy { player, buy }) if buy.seats() => self.info(format!(
                "{player}'s {} is recorded: the next draw seats the player.",
                buy.key()
            )),
            (Ok(_), FloorCommand::Buy { player, buy }) => self.info(format!(
                "{player}'s {} is recorded: the table adds the chips before its next hand ({floor_key}).",
                buy.key()
            )),
            (Ok(_), _) => self.info("Done.".into()),
            (Err(e), _) => self.refuse(format!("Not done: {e}")),
        }
        self.after();
    }

    /// `c`: the TD's correction of a stack (`Ann 11400`); a player out by
    /// mistake returns with it.
    fn correct(&mut self, typed: &str) {
        let words: Vec<&str> = typed.split_whitespace().collect();
        let [player, chips] = words[..] else {
            self.refuse("No stack corrected: type a player and the chips, as Ann 11400.".into());
            return;
        };
        let Ok(chips) = chips.parse::<u64>() else {
            self.refuse(format!(
                "No stack corrected: {chips} is not a number of chips."
            ));
            return;
        };
        let order = self.table_key(Action::FloorOrder);
        match self.desk.correct_stack(player, chips) {
            Ok(FloorRecord::StackCorrected {
                table,
                seat,
                returns: Some(_),
                ..
            }) => self.info(format!(
                "{player}'s bust is undone: {player} returns to {table} seat {seat} with {}, and the places after are taken back. {table} carries it out with {order}.",
                Chips(chips)
            )),
            Ok(FloorRecord::StackCorrected { table, seat, .. }) => self.info(format!(
                "{player}'s stack ({table} seat {seat}) is corrected to {}: {table} carries it out with {order}, before its next hand.",
                Chips(chips)
            )),
            Ok(_) => {}
            Err(e) => self.refuse(format!("{player}'s stack is not corrected: {e}")),
        }
        self.after();
    }

    /// `x` and `m`: the moves confirmed and not yet made, numbered, for
    /// the TD to pick one by its number.
    fn ask_move(&mut self, cancel: bool) {
        let due = crate::floor::moves_due(&self.desk.floor().records, |name| self.glance_of(name));
        if due.is_empty() {
            self.refuse("No move is confirmed and waiting to be made.".into());
            return;
        }
        let players: Vec<String> = due.iter().take(9).map(|d| d.mv.player.clone()).collect();
        let listed: Vec<String> = due
            .iter()
            .take(9)
            .enumerate()
            .map(|(i, d)| format!("{} {}", i + 1, d.mv.text()))
            .collect();
        let what = if cancel { "Cancel" } else { "Amend" };
        self.info(format!(
            "{what} which move? {}: its number, any other key none.",
            listed.join(", ")
        ));
        self.asking = Some(if cancel {
            Ask::Cancel(players)
        } else {
            Ask::Amend(players)
        });
    }

    fn amend(&mut self, player: &str, typed: &str) {
        let mut words = typed.split_whitespace();
        let (Some(table), Some(seat), None) = (words.next(), words.next(), words.next()) else {
            self.refuse(format!(
                "{player}'s move is unchanged: type a table and a seat, as T2 5."
            ));
            return;
        };
        let Ok(seat) = seat.trim_start_matches(['s', 'S']).parse::<u8>() else {
            self.refuse(format!(
                "{player}'s move is unchanged: {seat} is not a seat number."
            ));
            return;
        };
        match self.desk.amend_move(player, table, seat) {
            Ok(mv) if mv.from == mv.to && mv.from_seat == mv.to_seat => self.info(format!(
                "{player} goes back to {} seat {}.",
                mv.to, mv.to_seat
            )),
            Ok(mv) => self.info(format!(
                "{player} now goes to {} seat {}: each table carries it out between hands.",
                mv.to, mv.to_seat
            )),
            Err(e) => self.refuse(format!("{player}'s move is unchanged: {e}")),
        }
        self.after();
    }

    fn hand_for_hand(&mut self) {
        let on = self.desk.floor().hand_for_hand.is_none();
        match self.desk.set_hand_for_hand(on) {
            Ok(()) if on => self.info(
                "Hand-for-hand is on: each table deals its next hand when every table has finished."
                    .into(),
            ),
            Ok(()) => self.info("Hand-for-hand is off.".into()),
            Err(e) => self.refuse(format!("Hand-for-hand unchanged: {e}")),
        }
        self.after();
    }

    fn clock(&mut self, action: ClockAction) {
        if self.desk.clock().is_none() && action != ClockAction::Start {
            self.refuse(format!(
                "The clock has not started: {} starts it.",
                self.key(Action::LevelClock)
            ));
            return;
        }
        match self.desk.clock_action(action) {
            Ok(()) => {
                let done = match action {
                    ClockAction::Start => "The clock is running.".to_string(),
                    ClockAction::Pause => "The clock is paused.".to_string(),
                    ClockAction::Resume => "The clock is running again.".to_string(),
                    ClockAction::Adjust(secs) if secs >= 0 => {
                        "A minute more in this level.".to_string()
                    }
                    ClockAction::Adjust(_) => "A minute less in this level.".to_string(),
                    ClockAction::Level(level) => format!(
                        "The clock is at the start of level {level}: the tables take it at their next hand ({}).",
                        self.tournament().new_level.citation.brief()
                    ),
                };
                self.info(done);
            }
            Err(e) => self.refuse(format!("The clock is unchanged: {e}")),
        }
        self.after();
    }

    fn pause_or_resume(&mut self) {
        let action = match self.desk.clock().map(|c| c.run) {
            None | Some(ClockRun::Stopped) => ClockAction::Start,
            Some(ClockRun::Running { .. }) => ClockAction::Pause,
            Some(ClockRun::Paused) => ClockAction::Resume,
        };
        self.clock(action);
    }

    /// The next (`by` 1) or previous (-1) level: the TD jumps from level
    /// to level; a break comes by the clock.
    fn level(&mut self, by: isize) {
        let Some(clock) = self.desk.clock() else {
            self.refuse(format!(
                "The clock has not started: {} starts it.",
                self.key(Action::LevelClock)
            ));
            return;
        };
        let structure = self.desk.structure();
        let now = structure.level_number(clock.at(self.desk.now_ms()).stage) as isize;
        let levels = structure.level_stages().len() as isize;
        let level = now + by;
        if level < 1 {
            self.refuse("This is the first level of the structure.".into());
        } else if level > levels {
            self.refuse("This is the last level of the structure.".into());
        } else {
            self.clock(ClockAction::Level(level as usize));
        }
    }
}

/// The player whose number was pressed, among those listed (1 to 9).
fn pick(players: &[String], action: Option<Action>) -> Option<String> {
    let Some(Action::Number(n)) = action else {
        return None;
    };
    players.get(usize::from(n).checked_sub(1)?).cloned()
}
