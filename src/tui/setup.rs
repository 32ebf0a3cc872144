//! The table setup: what the dealer chooses before the first hand (seats,
//! names, stacks, blinds, ante, button, house), the form that edits it, and
//! the file that remembers it between sessions.
//!
//! `TableChoice` is what is remembered and what command-line flags change;
//! `SetupForm` is the screen's editing state over it; `TableChoice::header`
//! validates it into the header of the first hand.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::journal::HandHeader;
use crate::rules::{BUILT_IN, HouseRules};
use crate::table::event::TableSetup;
use crate::table::hand::Hand;
use crate::table::seat::MAX_SEATS;
use crate::table::{Chips, Seat};

/// The most chips a field accepts: no one amount can be more than a table
/// may have in play.
const MAX_AMOUNT: u64 = Chips::MAX_TABLE.get();
/// The longest name kept.
const MAX_NAME: usize = 16;

/// A table as the dealer chose it; remembered between sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct TableChoice {
    /// The file these values were remembered from, when they were (the
    /// setup screen marks them so); not itself remembered.
    #[serde(skip)]
    pub remembered_from: Option<std::path::PathBuf>,
    /// House rules: a built-in profile or a path to a house file.
    pub house: String,
    /// Seats at the table, 2..=10.
    pub seats: u8,
    /// The button seat.
    pub button: u8,
    /// The small blind.
    pub small_blind: u64,
    /// The big blind.
    pub big_blind: u64,
    /// The ante per player (0: none).
    pub ante: u64,
    /// The usual starting stack, which the stack field sets for every seat.
    pub stack: u64,
    /// Each seat's stack, seat 1 first (0: the seat is empty).
    pub stacks: Vec<u64>,
    /// Each seat's player name, seat 1 first (empty: none).
    pub names: Vec<String>,
    /// The chip denominations in play, smallest first (empty: the house
    /// file's, else unknown).
    pub chips: Vec<u64>,
}

impl Default for TableChoice {
    fn default() -> TableChoice {
        TableChoice {
            remembered_from: None,
            house: "tda".into(),
            seats: 9,
            button: 1,
            small_blind: 100,
            big_blind: 200,
            ante: 0,
            stack: 10_000,
            stacks: vec![10_000; MAX_SEATS],
            names: vec![String::new(); MAX_SEATS],
            chips: Vec::new(),
        }
    }
}

/// Table choices from the command line; any one skips the setup screen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableFlags {
    /// `--house`.
    pub house: Option<String>,
    /// `--seats`.
    pub seats: Option<u8>,
    /// `--stacks`: one amount for every seat, or a comma list by seat.
    pub stacks: Option<String>,
    /// `--blinds 100/200`.
    pub blinds: Option<String>,
    /// `--ante`.
    pub ante: Option<String>,
    /// `--button`.
    pub button: Option<u8>,
    /// `--names A,B,,D`.
    pub names: Option<String>,
    /// `--chips 25,100,500`.
    pub chips: Option<String>,
}

impl TableFlags {
    /// Whether any flag was given.
    pub fn any(&self) -> bool {
        *self != TableFlags::default()
    }
}

/// An amount given on the command line, read as the notation reads one
/// (and 0 for an empty seat or no ante).
fn amount(text: &str, what: &str) -> Result<u64, String> {
    let text = text.trim();
    if !text.is_empty() && text.chars().all(|c| c == '0') {
        return Ok(0);
    }
    crate::notation::parse_amount(text, 1)
        .map(Chips::get)
        .map_err(|e| format!("{what} {}: {}.", crate::notation::quoted(text), e.message))
}

impl TableChoice {
    /// The table the screen opens with. Flags start from the documented
    /// defaults, so what no flag sets is never silently the last table's;
    /// without flags, the setup screen shows the remembered table (marked
    /// as remembered), or the defaults when there is none.
    pub fn opening(memory: Option<&Path>, flags: &TableFlags) -> Result<TableChoice, String> {
        let mut choice = match memory {
            Some(path) if !flags.any() => TableChoice::remembered(path),
            _ => TableChoice::default(),
        };
        choice.apply(flags)?;
        Ok(choice)
    }

    /// Reads the remembered choice, marked with its file; anything
    /// unreadable gives the defaults, unmarked.
    pub fn remembered(path: &Path) -> TableChoice {
        crate::files::read_text(path)
            .ok()
            .and_then(|text| toml::from_str::<TableChoice>(&text).ok())
            .map(|choice| TableChoice {
                remembered_from: Some(path.to_path_buf()),
                ..choice.normalized()
            })
            .unwrap_or_default()
    }

    /// Remembers the choice for the next session.
    pub fn remember(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = toml::to_string(self).map_err(std::io::Error::other)?;
        std::fs::write(path, text)
    }

    /// Fills what a hand-edited file left out or out of range.
    fn normalized(mut self) -> TableChoice {
        self.seats = self.seats.clamp(2, MAX_SEATS as u8);
        self.stacks.resize(MAX_SEATS, self.stack);
        self.names.resize(MAX_SEATS, String::new());
        for name in &mut self.names {
            *name = name.chars().take(MAX_NAME).collect();
        }
        self
    }

    /// Lays command-line flags over the choice.
    pub fn apply(&mut self, flags: &TableFlags) -> Result<(), String> {
        if let Some(house) = &flags.house {
            self.house = house.clone();
        }
        if let Some(seats) = flags.seats {
            if !(2..=MAX_SEATS as u8).contains(&seats) {
                return Err(format!("--seats {seats}: a table has 2 to 10 seats."));
            }
            self.seats = seats;
        }
        if let Some(blinds) = &flags.blinds {
            let (sb, bb) = blinds.split_once('/').ok_or_else(|| {
                format!("--blinds {blinds}: write the small and big blind as 100/200.")
            })?;
            self.small_blind = amount(sb, "The small blind")?;
            self.big_blind = amount(bb, "The big blind")?;
        }
        if let Some(ante) = &flags.ante {
            self.ante = amount(ante, "The ante")?;
        }
        if let Some(button) = flags.button {
            self.button = button;
        }
        if let Some(stacks) = &flags.stacks {
            let parts: Vec<&str> = stacks.split(',').collect();
            if parts.len() == 1 {
                self.stack = amount(parts[0], "The stack")?;
                self.stacks = vec![self.stack; MAX_SEATS];
            } else {
                if parts.len() > self.seats as usize {
                    return Err(format!(
                        "--stacks lists {} seats, but the table has {}.",
                        parts.len(),
                        self.seats
                    ));
                }
                for (i, part) in parts.iter().enumerate() {
                    self.stacks[i] = if part.trim().is_empty() {
                        0
                    } else {
                        amount(part, &format!("Seat {}'s stack", i + 1))?
                    };
                }
                for s in &mut self.stacks[parts.len()..] {
                    *s = 0;
                }
            }
        }
        if let Some(chips) = &flags.chips {
            let mut values = Vec::new();
            for part in chips.split(',') {
                values.push(amount(part, "A chip")?);
            }
            if let Some(problem) = crate::values::chips::denominations_problem(&values) {
                return Err(format!("--chips {chips}: {problem}."));
            }
            self.chips = values;
        }
        if let Some(names) = &flags.names {
            let parts: Vec<&str> = names.split(',').collect();
            if parts.len() > MAX_SEATS {
                return Err(format!(
                    "--names lists {} names; a table has at most 10 seats.",
                    parts.len()
                ));
            }
            // As for --stacks: a name for a seat the table does not have
            // is refused, never dropped.
            if parts.len() > self.seats as usize {
                return Err(format!(
                    "--names lists {} names, but the table has {} seats.",
                    parts.len(),
                    self.seats
                ));
            }
            self.names = vec![String::new(); MAX_SEATS];
            for (i, part) in parts.iter().enumerate() {
                self.names[i] = part.trim().chars().take(MAX_NAME).collect();
            }
        }
        Ok(())
    }

    /// Seats the players a floor's draw gave this table (its sit orders,
    /// `tournament::orders`), each with his chips, in place of any other:
    /// a table of a tournament starts from the draw, not from a list the
    /// dealer types. The button goes to the lowest seat taken unless
    /// `keep_button` (the dealer gave `--button`). Refused, changing
    /// nothing, when the draw gave nobody or a seat the table has not.
    pub fn seat_drawn(
        &mut self,
        sits: &[crate::tournament::orders::Order],
        keep_button: bool,
    ) -> Result<(), String> {
        if sits.is_empty() {
            return Err("the floor has drawn nobody to this table yet (floorcall floor draw), or give --names and --stacks".into());
        }
        let seats = usize::from(self.seats);
        if let Some(o) = sits
            .iter()
            .find(|o| o.seat == 0 || usize::from(o.seat) > seats)
        {
            return Err(format!(
                "the floor's draw seats {} in seat {}, and this table has {seats} seats (--seats)",
                o.player, o.seat
            ));
        }
        self.stacks = vec![0; seats];
        self.names = vec![String::new(); seats];
        for o in sits {
            let i = usize::from(o.seat) - 1;
            self.stacks[i] = o.chips;
            self.names[i] = o.player.chars().take(MAX_NAME).collect();
        }
        if !keep_button && let Some(low) = sits.iter().map(|o| o.seat).min() {
            self.button = low;
        }
        Ok(())
    }

    /// Checks the choice and gives the first hand's header, or why not, as
    /// a sentence.
    pub fn header(&self, number: u32) -> Result<(HandHeader, HouseRules), String> {
        let rules =
            crate::folders::load_house(&self.house).map_err(|e| format!("House rules: {e}"))?;
        let seats = self.seats;
        if !(2..=MAX_SEATS as u8).contains(&seats) {
            return Err(format!("A table has 2 to 10 seats, not {seats}."));
        }
        let button = Seat::new(self.button)
            .filter(|s| s.number() <= seats)
            .ok_or_else(|| format!("The button must be on a seat from 1 to {seats}."))?;
        let stacks: Vec<(Seat, Chips)> = (1..=seats)
            .filter_map(|n| {
                let chips = self.stacks.get(n as usize - 1).copied().unwrap_or(0);
                Seat::new(n)
                    .filter(|_| chips > 0)
                    .map(|s| (s, Chips(chips)))
            })
            .collect();
        if stacks.len() < 2 {
            return Err("At least two seats need chips to start a hand.".into());
        }
        let names: BTreeMap<u8, String> = (1..=seats)
            .filter_map(|n| {
                let name = self.names.get(n as usize - 1)?.trim();
                let seated = stacks.iter().any(|(s, _)| s.number() == n);
                (seated && !name.is_empty()).then(|| (n, name.to_string()))
            })
            .collect();
        // The chips in play: the table's (--chips, a structure file's),
        // else the house file's.
        let denominations = if self.chips.is_empty() {
            rules.chips.clone()
        } else {
            self.chips.iter().map(|c| Chips(*c)).collect()
        };
        let setup = TableSetup {
            ante: Chips(self.ante),
            denominations,
            ..TableSetup::preflop(
                button,
                (Chips(self.small_blind), Chips(self.big_blind)),
                stacks,
            )
        };
        // The engine's own start decides: blinds, chips in play, the ante
        // (the house's rule for it too), as for a scenario file.
        Hand::start(setup.clone(), rules.clone()).map_err(|refusal| refusal.to_string())?;
        Ok((
            HandHeader::new(&self.house, number, seats, names, setup),
            rules,
        ))
    }
}

/// One field of the setup form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The house profile.
    House,
    /// How many seats.
    Seats,
    /// The button seat.
    Button,
    /// The small blind.
    SmallBlind,
    /// The big blind.
    BigBlind,
    /// The ante.
    Ante,
    /// The stack for every seat.
    Stack,
    /// A seat's player name (index 0 = seat 1).
    Name(usize),
    /// A seat's stack.
    SeatStack(usize),
}

impl Field {
    /// The label shown beside the field.
    pub fn label(self) -> String {
        match self {
            Field::House => "House".into(),
            Field::Seats => "Seats".into(),
            Field::Button => "Button".into(),
            Field::SmallBlind => "Small blind".into(),
            Field::BigBlind => "Big blind".into(),
            Field::Ante => "Ante".into(),
            Field::Stack => "Stack (all)".into(),
            Field::Name(i) => format!("Seat {} name", i + 1),
            Field::SeatStack(i) => format!("Seat {} stack", i + 1),
        }
    }
}

/// The setup screen's state: the choice being edited and the field in focus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupForm {
    /// The table being chosen.
    pub choice: TableChoice,
    /// The index of the field in focus in `fields()`.
    pub focus: usize,
    /// Why the table could not start, as a sentence.
    pub error: Option<String>,
}

impl SetupForm {
    /// Where the values shown were remembered from, as a sentence for the
    /// screen, when they were.
    pub fn remembered_note(&self) -> Option<String> {
        self.choice.remembered_from.as_ref().map(|path| {
            format!(
                "Remembered from the last table ({}); flags on the command line start from the defaults instead.",
                path.display()
            )
        })
    }

    /// A form over a choice, the first field in focus.
    pub fn new(choice: TableChoice) -> SetupForm {
        SetupForm {
            choice,
            focus: 0,
            error: None,
        }
    }

    /// The fields, in order: the table, then each seat's name and stack.
    pub fn fields(&self) -> Vec<Field> {
        let mut fields = vec![
            Field::House,
            Field::Seats,
            Field::Button,
            Field::SmallBlind,
            Field::BigBlind,
            Field::Ante,
            Field::Stack,
        ];
        for i in 0..self.choice.seats.min(MAX_SEATS as u8) as usize {
            fields.push(Field::Name(i));
            fields.push(Field::SeatStack(i));
        }
        fields
    }

    /// The field in focus.
    pub fn focused(&self) -> Field {
        let fields = self.fields();
        fields[self.focus.min(fields.len() - 1)]
    }

    /// The text a field shows.
    pub fn value(&self, field: Field) -> String {
        let c = &self.choice;
        match field {
            Field::House => c.house.clone(),
            Field::Seats => c.seats.to_string(),
            Field::Button => c.button.to_string(),
            Field::SmallBlind => c.small_blind.to_string(),
            Field::BigBlind => c.big_blind.to_string(),
            Field::Ante => c.ante.to_string(),
            Field::Stack => c.stack.to_string(),
            Field::Name(i) => c.names.get(i).cloned().unwrap_or_default(),
            Field::SeatStack(i) => c.stacks.get(i).copied().unwrap_or(0).to_string(),
        }
    }

    /// Moves the focus by `step` fields, wrapping.
    pub fn move_focus(&mut self, step: isize) {
        let n = self.fields().len() as isize;
        self.focus = ((self.focus as isize + step).rem_euclid(n)) as usize;
    }

    fn number_mut(&mut self, field: Field) -> Option<&mut u64> {
        let c = &mut self.choice;
        match field {
            Field::SmallBlind => Some(&mut c.small_blind),
            Field::BigBlind => Some(&mut c.big_blind),
            Field::Ante => Some(&mut c.ante),
            Field::Stack => Some(&mut c.stack),
            Field::SeatStack(i) => c.stacks.get_mut(i),
            _ => None,
        }
    }

    /// Types a character into the field in focus (digits into numbers,
    /// anything printable into names).
    pub fn input(&mut self, ch: char) {
        self.error = None;
        let field = self.focused();
        match field {
            Field::Name(i) => {
                if let Some(name) = self.choice.names.get_mut(i)
                    && !ch.is_control()
                    && ch != ','
                    && name.chars().count() < MAX_NAME
                {
                    name.push(ch);
                }
            }
            Field::Seats | Field::Button => {
                let Some(d) = ch.to_digit(10) else { return };
                let value = if field == Field::Seats {
                    &mut self.choice.seats
                } else {
                    &mut self.choice.button
                };
                let next = *value as u32 * 10 + d;
                *value = if next <= MAX_SEATS as u32 {
                    next as u8
                } else {
                    d as u8
                };
                self.clamp_seats();
            }
            Field::House => {}
            _ => {
                let Some(d) = ch.to_digit(10) else { return };
                if let Some(v) = self.number_mut(field) {
                    let next = v.saturating_mul(10).saturating_add(d as u64);
                    if next <= MAX_AMOUNT {
                        *v = next;
                    }
                }
                if field == Field::Stack {
                    self.choice.stacks = vec![self.choice.stack; MAX_SEATS];
                }
            }
        }
    }

    /// Deletes the last character of the field in focus.
    pub fn delete_back(&mut self) {
        self.error = None;
        let field = self.focused();
        match field {
            Field::Name(i) => {
                if let Some(name) = self.choice.names.get_mut(i) {
                    name.pop();
                }
            }
            Field::Seats => self.choice.seats /= 10,
            Field::Button => self.choice.button /= 10,
            Field::House => {}
            _ => {
                if let Some(v) = self.number_mut(field) {
                    *v /= 10;
                }
                if field == Field::Stack {
                    self.choice.stacks = vec![self.choice.stack; MAX_SEATS];
                }
            }
        }
    }

    /// The next (or previous) choice of the field in focus: the house
    /// profile, the seat count, the button.
    pub fn choose(&mut self, step: i32) {
        self.error = None;
        match self.focused() {
            Field::House => {
                let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
                let at = names.iter().position(|n| *n == self.choice.house);
                let next = match at {
                    Some(i) => (i as i32 + step).rem_euclid(names.len() as i32) as usize,
                    None => 0,
                };
                self.choice.house = names[next].to_string();
            }
            Field::Seats => {
                self.choice.seats =
                    (self.choice.seats as i32 + step).clamp(2, MAX_SEATS as i32) as u8;
                self.clamp_seats();
            }
            Field::Button => {
                let n = self.choice.seats.max(1) as i32;
                self.choice.button =
                    ((self.choice.button as i32 - 1 + step).rem_euclid(n) + 1) as u8;
            }
            _ => {}
        }
    }

    /// Keeps the focus on a field that still exists after a seat change.
    fn clamp_seats(&mut self) {
        let n = self.fields().len();
        if self.focus >= n {
            self.focus = n - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_make_a_nine_seat_table() {
        let (header, rules) = TableChoice::default().header(1).unwrap();
        assert_eq!(header.seats, 9);
        assert_eq!(header.setup.stacks.len(), 9);
        assert_eq!(rules.name, "tda");
    }

    /// A tournament's table starts from the floor's draw (TDA 6: seats
    /// are drawn at random): the drawn players in their seats with their
    /// chips, nobody else, the button on the lowest seat taken.
    #[test]
    fn a_table_of_a_floor_starts_from_the_draw() {
        use crate::tournament::orders::{Order, OrderKind};
        let sit = |player: &str, seat: u8| Order {
            player: player.into(),
            seat,
            chips: 20_000,
            kind: OrderKind::Sit { from: None },
            record: 1,
            done: false,
            ready: true,
        };
        let mut c = TableChoice {
            seats: 6,
            ..TableChoice::default()
        };
        c.seat_drawn(&[sit("Hal", 2), sit("Cat", 3), sit("Jon", 5)], false)
            .unwrap();
        let (h, _) = c.header(1).unwrap();
        let seated: Vec<(u8, u64)> = h
            .setup
            .stacks
            .iter()
            .map(|(s, c)| (s.number(), c.get()))
            .collect();
        assert_eq!(seated, vec![(2, 20_000), (3, 20_000), (5, 20_000)]);
        assert_eq!(h.setup.button.number(), 2);
        assert_eq!(h.names.get(&5).map(String::as_str), Some("Jon"));
        // Nobody drawn, or a seat the table has not: said, nothing changed.
        let before = c.clone();
        assert!(
            c.seat_drawn(&[], false)
                .unwrap_err()
                .contains("drawn nobody")
        );
        assert!(
            c.seat_drawn(&[sit("Ivy", 9)], false)
                .unwrap_err()
                .contains("6 seats")
        );
        assert_eq!(c, before);
    }

    #[test]
    fn flags_set_the_table() {
        let mut c = TableChoice::default();
        c.apply(&TableFlags {
            seats: Some(6),
            stacks: Some("10000".into()),
            blinds: Some("100/200".into()),
            button: Some(3),
            names: Some("Ann,,Cy".into()),
            ..TableFlags::default()
        })
        .unwrap();
        let (h, _) = c.header(1).unwrap();
        assert_eq!(h.setup.stacks.len(), 6);
        assert_eq!(h.setup.button.number(), 3);
        assert_eq!(h.names.get(&1).map(String::as_str), Some("Ann"));
        assert_eq!(h.names.get(&2), None);
        assert!(
            c.apply(&TableFlags {
                blinds: Some("100-200".into()),
                ..TableFlags::default()
            })
            .unwrap_err()
            .contains("100/200")
        );
    }

    #[test]
    fn a_bad_table_says_why_in_a_sentence() {
        let c = TableChoice {
            small_blind: 300,
            ..TableChoice::default()
        };
        assert_eq!(
            c.header(1).unwrap_err(),
            "The table cannot start: the small blind (300) is more than the big blind (200)."
        );
        let c = TableChoice {
            small_blind: 0,
            big_blind: 0,
            ..TableChoice::default()
        };
        assert!(c.header(1).unwrap_err().contains("the big blind is 0"));
        let c = TableChoice {
            button: 10,
            ..TableChoice::default()
        };
        assert!(c.header(1).unwrap_err().contains("from 1 to 9"));
    }

    #[test]
    fn the_form_edits_numbers_and_names() {
        let mut f = SetupForm::new(TableChoice::default());
        f.focus = f.fields().iter().position(|x| *x == Field::Stack).unwrap();
        for _ in 0..5 {
            f.delete_back();
        }
        for ch in "5000".chars() {
            f.input(ch);
        }
        assert_eq!(f.choice.stacks[8], 5000);
        f.focus = f
            .fields()
            .iter()
            .position(|x| *x == Field::Name(0))
            .unwrap();
        for ch in "Ann".chars() {
            f.input(ch);
        }
        assert_eq!(f.choice.names[0], "Ann");
        f.focus = 1;
        f.choose(-10);
        assert_eq!(f.choice.seats, 2);
    }
}
