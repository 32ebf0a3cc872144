//! Shared test helpers: tables, hands from notation lines, given/when/then.

use floorcall::notation::parse_line;
use floorcall::rules::HouseRules;
use floorcall::table::event::{Street, TableSetup};
use floorcall::table::{Chips, Command, Event, Hand, Refusal, Seat};

/// A preflop table: stacks for seats 1.., the button, blinds.
pub fn table(stacks: &[u64], button: u8, blinds: (u64, u64)) -> TableSetup {
    let stacks = stacks
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(i, c)| (Seat::from_index(i), Chips(*c)))
        .collect();
    TableSetup::preflop(
        Seat::new(button).expect("a seat"),
        (Chips(blinds.0), Chips(blinds.1)),
        stacks,
    )
}

/// The same table starting on the flop with `pot` in the middle.
pub fn flop_table(stacks: &[u64], button: u8, blinds: (u64, u64), pot: u64) -> TableSetup {
    TableSetup {
        street: Street::Flop,
        pot: Chips(pot),
        ..table(stacks, button, blinds)
    }
}

/// A notation line as a command.
pub fn line(text: &str) -> Command {
    parse_line(text).expect("a valid line").expect("not blank")
}

/// Given a table under a house and lines that must all be accepted.
pub fn given(house: &str, setup: TableSetup, lines: &[&str]) -> Hand {
    let rules = HouseRules::load(house).expect("a built-in house");
    let mut hand = Hand::start(setup, rules).expect("the table starts");
    for text in lines {
        if let Err(refusal) = hand.execute(&line(text), Some(text.to_string())) {
            panic!("given line '{text}' was refused: {refusal}");
        }
    }
    hand
}

/// When this line is entered, then these events (or this refusal). A refused
/// line must change nothing.
pub fn when(hand: &mut Hand, text: &str) -> Result<Vec<Event>, Refusal> {
    let before = hand.state().clone();
    let entries = hand.entries().len();
    match hand.execute(&line(text), Some(text.to_string())) {
        Ok(entry) => Ok(entry.events.clone()),
        Err(refusal) => {
            assert_eq!(*hand.state(), before, "a refused line changed the state");
            assert_eq!(
                hand.entries().len(),
                entries,
                "a refused line was journaled"
            );
            Err(refusal)
        }
    }
}

/// The normalized binding actions so far.
pub fn actions(hand: &Hand) -> Vec<String> {
    hand.state().actions.iter().map(|a| a.to_string()).collect()
}

/// The ruling ids suggested so far.
pub fn rulings(hand: &Hand) -> Vec<&'static str> {
    hand.state().rulings.iter().map(|r| r.id.as_str()).collect()
}
