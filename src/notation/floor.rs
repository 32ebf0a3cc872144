//! The floor's lines (an extension of the contract, the script of a floor
//! scenario): the TD's decisions across a tournament's tables, and a line
//! for one table.
//!
//! `balance` · `move confirmed` (or `confirm`) · `break` (the next table
//! to break) · `break T3` · `draw` (the players registered) · `enter Ann
//! 10000` (a late entry) · `entry Ann`, `reentry Ann`, `rebuy Ann`,
//! `addon Ann` (bought under the structure's `[money]`) · `deal icm`,
//! `deal chip-chop keep 500 agreed` (a deal among the players left) · `clock start` · `clock level 5` ·
//! `hand-for-hand on|off` · `final-table` ·
//! `button-draw T1` · `level 200/400` (with `ante 25` or `bb-ante 400`, as
//! a session's `level` line) · `say TEXT` (the TD's line on the room's
//! displays) · `T2: <a table's line>`. Any line but a
//! table's and a `level` may end in `seed S`, the seed of a random one
//! (`balance`, `break`, `draw`, `enter`, `final-table`, `button-draw`).
//! A table's line is kept as text: it is a session line (`session`) or a
//! hand line (`parse_line`), read once its table is known. A malformed
//! line is refused with its column.

use super::session::parse_table_line;
use super::{NotationError, Word, quoted, words};
use crate::session::{Blinds, TableCommand};
use crate::table::Chips;
use crate::values::money::{Buy, DealMethod};

/// One floor line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FloorLine {
    /// `balance`: the moves that balance the tables proposed (the seed
    /// given, if any).
    Balance(Option<String>),
    /// `move confirmed` (or `confirm`): the moves proposed made.
    Confirm,
    /// `break` or `break T3`: a table broken, the next in the break order
    /// when none is named.
    Break {
        /// The table named.
        table: Option<String>,
        /// The seed given.
        seed: Option<String>,
    },
    /// `draw`: the seat draw of the players registered (the seed given).
    Draw(Option<String>),
    /// `enter Ann 10000`: a late entry seated by a draw.
    Enter {
        /// The player.
        player: String,
        /// The chips he brings.
        chips: Chips,
        /// The seed given.
        seed: Option<String>,
    },
    /// `entry Ann`, `reentry Ann` (also `re-entry`), `rebuy Ann`, `addon
    /// Ann` (also `add-on`): bought under the structure's `[money]`; an
    /// entry seated by a draw once the tables are drawn, chips added at
    /// the player's seat.
    Buy {
        /// The player.
        player: String,
        /// What he buys.
        buy: Buy,
        /// The seed given.
        seed: Option<String>,
    },
    /// `deal icm`, `deal chip-chop keep 500`, `deal even agreed`: a deal
    /// among the players left worked out (keeping an amount to play for);
    /// `agreed`: every player accepts it, and it is recorded.
    Deal {
        /// How the prizes are shared.
        method: DealMethod,
        /// Kept out of first prize, to play for.
        kept: u64,
        /// Every player agreed.
        agreed: bool,
    },
    /// `clock start`: the floor's clock started at the first level.
    ClockStart,
    /// `clock level 5`: the floor's clock set to a level's start.
    ClockLevel(usize),
    /// `hand-for-hand on` (true) or `off`.
    HandForHand(bool),
    /// `final-table`: the final table made (the seed given).
    FinalTable(Option<String>),
    /// `button-draw T1`: a table's button drawn by a card.
    ButtonDraw {
        /// The table.
        table: String,
        /// The seed given.
        seed: Option<String>,
    },
    /// `level 200/400`: every table's blinds from its next hand.
    SetLevel(Blinds),
    /// `key T3 seat 4 out`, `key T3 count s1 12000 s3 8000`, `key T3
    /// button 4`: a light table's line keyed from the floor (a room
    /// without dealers), which the table carries out by itself.
    Key {
        /// The table.
        table: String,
        /// Its line.
        command: TableCommand,
    },
    /// `say Colour-up of the 25s at the break`: the TD's line on the
    /// room's displays (`say` alone clears it).
    Say(String),
    /// `T2: s3 allin`: a line for one table, as written after the colon.
    Table {
        /// The table named before the colon.
        table: String,
        /// The table's line (a session or hand line), trimmed.
        line: String,
    },
}

/// A line's words without its `seed S`, and the seed.
fn seeded<'a>(words: &[Word<'a>]) -> Result<(Vec<Word<'a>>, Option<String>), NotationError> {
    match words
        .iter()
        .position(|w| w.text.eq_ignore_ascii_case("seed"))
    {
        None => Ok((words.to_vec(), None)),
        Some(i) if i + 2 == words.len() => {
            Ok((words[..i].to_vec(), Some(words[i + 1].text.to_string())))
        }
        Some(i) => Err(NotationError {
            column: words[i].column,
            message: "seed takes one word, at the end of the line: seed 7f3a".into(),
        }),
    }
}

/// Parses a floor line (its comment already taken off).
pub fn parse_floor_line(line: &str) -> Result<FloorLine, NotationError> {
    // `say TEXT`: the rest of the line as typed, whatever it holds.
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed
        .get(..3)
        .filter(|w| w.eq_ignore_ascii_case("say"))
        .and_then(|_| trimmed.get(3..))
        .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
    {
        return Ok(FloorLine::Say(rest.trim().to_string()));
    }
    if let Some((table, rest)) = line.split_once(':') {
        let table = table.trim();
        if !table.is_empty() && !table.contains(' ') {
            return Ok(FloorLine::Table {
                table: table.to_string(),
                line: rest.trim().to_string(),
            });
        }
    }
    if let Some(rest) = line
        .get(..4)
        .filter(|w| w.eq_ignore_ascii_case("key "))
        .map(|_| &line[4..])
    {
        let rest = rest.trim_start();
        let (table, table_line) = rest.split_once(' ').unwrap_or((rest, ""));
        let at = line.len() - table_line.len();
        let shift = |e: NotationError| NotationError {
            column: e.column + at,
            message: e.message,
        };
        return match parse_table_line(table_line).map_err(shift)? {
            Some(command) if !table.is_empty() => Ok(FloorLine::Key {
                table: table.to_string(),
                command,
            }),
            _ => Err(NotationError {
                column: 1,
                message: "a light table's line from the floor is: key T3 seat 4 out, key T3 count s1 12000 s3 8000, key T3 button 4".into(),
            }),
        };
    }
    if line.to_ascii_lowercase().starts_with("level ") {
        return match parse_table_line(line)? {
            Some(TableCommand::SetLevel(blinds)) => Ok(FloorLine::SetLevel(blinds)),
            _ => Err(NotationError {
                column: 1,
                message: format!("{} is not a level: level 200/400 [ante 25]", quoted(line)),
            }),
        };
    }
    let (words, seed) = seeded(&words(line))?;
    let lower: Vec<String> = words.iter().map(|w| w.text.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let word = |i: usize| words[i].text.to_string();
    Ok(match lower.as_slice() {
        ["balance"] => FloorLine::Balance(seed),
        ["move", "confirmed"] | ["confirm"] => FloorLine::Confirm,
        ["break"] => FloorLine::Break { table: None, seed },
        ["break", _] => FloorLine::Break {
            table: Some(word(1)),
            seed,
        },
        ["draw"] => FloorLine::Draw(seed),
        ["enter", _, chips] => {
            let chips: u64 = chips.parse().map_err(|_| NotationError {
                column: words[2].column,
                message: format!("enter {}: the chips are a whole number", words[1]),
            })?;
            FloorLine::Enter {
                player: word(1),
                chips: Chips(chips),
                seed,
            }
        }
        [
            "entry" | "reentry" | "re-entry" | "rebuy" | "addon" | "add-on",
            _,
            ..,
        ] => FloorLine::Buy {
            player: words[1..]
                .iter()
                .map(|w| w.text)
                .collect::<Vec<_>>()
                .join(" "),
            buy: match lower[0] {
                "entry" => Buy::Entry,
                "rebuy" => Buy::Rebuy,
                "addon" | "add-on" => Buy::AddOn,
                _ => Buy::ReEntry,
            },
            seed,
        },
        ["deal", method, rest @ ..] => {
            let method = match *method {
                "icm" => DealMethod::Icm,
                "chip-chop" | "chip" => DealMethod::ChipChop,
                "even" => DealMethod::Even,
                _ => {
                    return Err(NotationError {
                        column: words[1].column,
                        message: format!(
                            "{} is not a deal: icm, chip-chop or even",
                            quoted(words[1].text)
                        ),
                    });
                }
            };
            let (kept, rest) = match rest {
                ["keep", amount, rest @ ..] => (
                    amount.parse().map_err(|_| NotationError {
                        column: words[3].column,
                        message: format!("keep {}: the amount is a whole number", words[3].text),
                    })?,
                    rest,
                ),
                _ => (0, rest),
            };
            let agreed = match rest {
                [] => false,
                ["agreed"] => true,
                _ => {
                    let at = words.len() - rest.len();
                    return Err(NotationError {
                        column: words[at].column,
                        message: "a deal line is: deal icm|chip-chop|even [keep AMOUNT] [agreed]"
                            .into(),
                    });
                }
            };
            FloorLine::Deal {
                method,
                kept,
                agreed,
            }
        }
        ["clock", "start"] => FloorLine::ClockStart,
        ["clock", "level", n] => {
            FloorLine::ClockLevel(n.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                NotationError {
                    column: words[2].column,
                    message: format!("clock level {}: a level is a number from 1", words[2].text),
                }
            })?)
        }
        ["hand-for-hand", "on"] => FloorLine::HandForHand(true),
        ["hand-for-hand", "off"] => FloorLine::HandForHand(false),
        ["final-table"] => FloorLine::FinalTable(seed),
        ["button-draw", _] => FloorLine::ButtonDraw {
            table: word(1),
            seed,
        },
        _ => {
            return Err(NotationError {
                column: 1,
                message: format!(
                    "{} is not a floor line: balance, move confirmed, break [T3], draw, enter NAME CHIPS, entry NAME, reentry NAME, rebuy NAME, addon NAME, deal icm|chip-chop|even [keep N] [agreed], clock start, clock level N, hand-for-hand on|off, final-table, button-draw T1, level 200/400, say TEXT (each random one with an optional seed S), key T3 <a light table's line>, or T2: <a table's line>",
                    quoted(line)
                ),
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Seat;
    use crate::table::event::AnteMode;

    fn parsed(line: &str) -> FloorLine {
        parse_floor_line(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn refused(line: &str) -> NotationError {
        match parse_floor_line(line) {
            Ok(l) => panic!("{line}: read as {l:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn say_keeps_the_rest_of_the_line_as_typed() {
        assert_eq!(
            parsed("say Colour-up of the 25s: back at 21:30."),
            FloorLine::Say("Colour-up of the 25s: back at 21:30.".into())
        );
        assert_eq!(parsed("SAY  seed 7 "), FloorLine::Say("seed 7".into()));
        assert_eq!(parsed("say"), FloorLine::Say(String::new()));
        assert_eq!(
            parsed("say T1: s1 fold"),
            FloorLine::Say("T1: s1 fold".into())
        );
        // A table named say (or sayer) keeps its lines.
        assert!(matches!(parsed("say: s1 fold"), FloorLine::Table { table, .. } if table == "say"));
        assert!(matches!(parsed("sayer: s1 fold"), FloorLine::Table { .. }));
    }

    #[test]
    fn each_floor_line_reads_with_its_seed() {
        assert_eq!(
            parsed("Balance SEED 7f3a"),
            FloorLine::Balance(Some("7f3a".into()))
        );
        assert_eq!(parsed("move confirmed"), FloorLine::Confirm);
        assert_eq!(parsed("confirm"), FloorLine::Confirm);
        assert_eq!(
            parsed("break"),
            FloorLine::Break {
                table: None,
                seed: None
            }
        );
        assert_eq!(
            parsed("break T3 seed z"),
            FloorLine::Break {
                table: Some("T3".into()),
                seed: Some("z".into())
            }
        );
        assert_eq!(parsed("draw"), FloorLine::Draw(None));
        assert_eq!(
            parsed("enter Ann 10000"),
            FloorLine::Enter {
                player: "Ann".into(),
                chips: Chips(10_000),
                seed: None
            }
        );
        assert_eq!(
            parsed("re-entry Ann Lee seed 4"),
            FloorLine::Buy {
                player: "Ann Lee".into(),
                buy: Buy::ReEntry,
                seed: Some("4".into())
            }
        );
        assert_eq!(
            parsed("add-on Bo"),
            FloorLine::Buy {
                player: "Bo".into(),
                buy: Buy::AddOn,
                seed: None
            }
        );
        assert_eq!(
            parsed("deal chip-chop keep 500 agreed"),
            FloorLine::Deal {
                method: DealMethod::ChipChop,
                kept: 500,
                agreed: true
            }
        );
        assert_eq!(refused("deal icm keep 5 now").column, 17);
        assert_eq!(parsed("clock level 5"), FloorLine::ClockLevel(5));
        assert_eq!(refused("clock level 0").column, 13);
        assert_eq!(parsed("hand-for-hand on"), FloorLine::HandForHand(true));
        assert_eq!(parsed("hand-for-hand OFF"), FloorLine::HandForHand(false));
        assert_eq!(parsed("final-table"), FloorLine::FinalTable(None));
        assert_eq!(
            parsed("button-draw T1"),
            FloorLine::ButtonDraw {
                table: "T1".into(),
                seed: None
            }
        );
        assert_eq!(
            parsed("level 200/400 ante 25"),
            FloorLine::SetLevel(Blinds {
                small: Chips(200),
                big: Chips(400),
                ante: Chips(25),
                ante_mode: AnteMode::PerPlayer,
            })
        );
    }

    #[test]
    fn a_tables_line_is_kept_as_written_after_its_name() {
        assert_eq!(
            parsed(" T2 :  s3 allin "),
            FloorLine::Table {
                table: "T2".into(),
                line: "s3 allin".into()
            }
        );
        // A name with a space is no table's.
        assert_eq!(refused("a b: hand").column, 1);
    }

    #[test]
    fn a_malformed_floor_line_says_what_is_wrong_and_where() {
        let e = refused("balance seed 1 2");
        assert_eq!(
            (e.column, e.message.as_str()),
            (9, "seed takes one word, at the end of the line: seed 7f3a")
        );
        let e = refused("enter Ann lots");
        assert_eq!(
            (e.column, e.message.as_str()),
            (11, "enter Ann: the chips are a whole number")
        );
        let e = refused("level 200/400 ante x");
        assert_eq!(e.column, 20);
        assert!(e.message.starts_with("'x' is not an amount"), "{e}");
        // A light table's line keyed from the floor: the table's words,
        // their columns in the whole line.
        assert_eq!(
            parsed("key T3 seat 4 out"),
            FloorLine::Key {
                table: "T3".into(),
                command: TableCommand::Out(Seat::new(4).expect("a seat")),
            }
        );
        let e = refused("key T3 seat 4 outt");
        assert_eq!(e.column, 15, "{e}");
        for line in ["key", "key ", "key T3", "KEY T3 "] {
            let e = refused(line);
            assert!(
                e.message
                    .starts_with("a light table's line from the floor is")
                    || e.message.contains("is not a floor line"),
                "{line}: {e}"
            );
        }
        let e = refused("jump");
        assert!(
            e.message
                .starts_with("'jump' is not a floor line: balance, move confirmed"),
            "{e}"
        );
    }
}
