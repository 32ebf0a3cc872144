//! Table notation: one line is one thing that happened at the table
//! (`../shared/table-notation.md`). `parse_line` turns a line into a
//! `Command`; `format_command` writes a command back as its line.
//!
//! Words are case-insensitive, `#` starts a comment, and a malformed line is
//! refused with the column of the problem and what was expected.
//!
//! `session` reads the lines for the table between hands, `floor` the
//! floor's lines across a tournament's tables; `phh` imports hand
//! histories in the PHH format as commands.

use std::fmt;

use thiserror::Error;

use crate::table::cards::{Card, format_cards, parse_cards};
use crate::table::chips::grouped;
use crate::table::command::{Command, FloorDecision, Intent, Irregularity, Penalty};
use crate::table::event::{Declaration, PushedChips, Street};
use crate::table::{Chips, Seat};

pub mod floor;
pub mod history;
pub mod phh;
pub mod session;

/// A malformed line: where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct NotationError {
    /// 1-based column of the offending word.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// A word of a line and its 1-based column.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

impl fmt::Display for Word<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(Word {
                    text: &line[s..i],
                    column: line[..s].chars().count() + 1,
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Word {
            text: &line[s..],
            column: line[..s].chars().count() + 1,
        });
    }
    out
}

/// The most characters of a user's word a message repeats.
pub const QUOTE_MAX: usize = 40;

/// A user's word as a message repeats it: in single quotes, control
/// characters escaped (`\u{7}`), and at most `QUOTE_MAX` characters, a
/// longer word cut to end in `…`.
pub fn quoted(text: &str) -> String {
    let mut shown = String::new();
    for ch in text.chars() {
        if ch.is_control() {
            shown.extend(ch.escape_default());
        } else {
            shown.push(ch);
        }
    }
    if shown.chars().count() > QUOTE_MAX {
        shown = shown.chars().take(QUOTE_MAX - 1).collect();
        shown.push('…');
    }
    format!("'{shown}'")
}

const PLAYER_VERBS: &str =
    "fold, check, call, bet, raise, allin, say, push, tap, muck, hole or show";

/// Parses one line. Blank lines and comments give `None`.
pub fn parse_line(line: &str) -> Result<Option<Command>, NotationError> {
    let content = line.split('#').next().unwrap_or("");
    // A line is plain text: a control character (other than a tab) is a
    // mistake of the file or the terminal, named with its column rather
    // than shown raw inside a word.
    if let Some((at, ch)) = content
        .char_indices()
        .find(|(_, c)| c.is_control() && *c != '\t')
    {
        return Err(NotationError {
            column: content[..at].chars().count() + 1,
            message: format!(
                "a control character (U+{:04X}) is not part of the notation: a line is plain text",
                u32::from(ch)
            ),
        });
    }
    // A floor line may end with the TD's reason after a colon:
    // `floor misdeal: the deck had 51 cards`.
    let (content, reason) = match words(content).first() {
        Some(w)
            if w.text.eq_ignore_ascii_case("floor")
                || w.text.to_ascii_lowercase().starts_with("floor:") =>
        {
            match content.split_once(':') {
                Some((main, why)) => (main, Some((why.trim(), main.chars().count() + 2))),
                None => (content, None),
            }
        }
        _ => (content, None),
    };
    let words = words(content);
    let Some(first) = words.first() else {
        return Ok(None);
    };
    let err = |w: &Word, message: String| NotationError {
        column: w.column,
        message,
    };
    let end_column = content.trim_end().chars().count() + 1;
    let missing = |what: &str| NotationError {
        column: end_column,
        message: format!("expected {what} at the end of the line"),
    };
    let head = first.text.to_ascii_lowercase();
    let mut rest = words[1..].iter();
    let command = if let Some(number) = head
        .strip_prefix('s')
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        let seat = number
            .parse::<u8>()
            .ok()
            .and_then(Seat::new)
            .ok_or_else(|| {
                err(
                    first,
                    format!("there is no seat {number}: seats are s1 to s10"),
                )
            })?;
        let verb = rest
            .next()
            .ok_or_else(|| missing(&format!("an action ({PLAYER_VERBS}) after {}", first.text)))?;
        player_line(seat, verb, &mut rest, &missing)?
    } else {
        match head.as_str() {
            "flop" | "turn" | "river" => {
                let street = match head.as_str() {
                    "flop" => Street::Flop,
                    "turn" => Street::Turn,
                    _ => Street::River,
                };
                let w = rest
                    .next()
                    .ok_or_else(|| missing(&format!("the {head} card(s), like AsKd7c")))?;
                let cards = parse_cards(w.text).map_err(|e| err(w, e.to_string()))?;
                Command::Deal { street, cards }
            }
            "floor" => {
                let reason = match reason {
                    None => None,
                    Some((why, column)) => {
                        if why.is_empty() {
                            return Err(NotationError {
                                column,
                                message: "expected the TD's reason after ':'".into(),
                            });
                        }
                        if let Some(bad) = why.chars().find(|c| c.is_control()) {
                            return Err(NotationError {
                                column,
                                message: format!("the reason has a control character ({bad:?})"),
                            });
                        }
                        Some(why.to_string())
                    }
                };
                floor_line(&mut rest, reason, &missing)?
            }
            _ => {
                return Err(err(
                    first,
                    format!(
                        "{} does not start a line: expected a seat (s1 to s10), flop, turn, river or floor",
                        quoted(first.text)
                    ),
                ));
            }
        }
    };
    if let Some(extra) = rest.next() {
        return Err(err(
            extra,
            format!("unexpected {} at the end of the line", quoted(extra.text)),
        ));
    }
    Ok(Some(command))
}

const FLOOR_WORDS: &str = "misdeal, exposed-card, boxed-card, four-card-flop, premature-card, clock, dead-hand, conditional-statement, all-options, forfeit, binding or penalty";

/// `floor <irregularity>` asks for the house's ruling; `floor <decision>
/// sN ...` records the floor's own (with the TD's reason after a colon).
fn floor_line<'a>(
    rest: &mut std::slice::Iter<'_, Word<'a>>,
    reason: Option<String>,
    missing: &dyn Fn(&str) -> NotationError,
) -> Result<Command, NotationError> {
    let err = |w: &Word, message: String| NotationError {
        column: w.column,
        message,
    };
    let w = rest
        .next()
        .ok_or_else(|| missing(&format!("what the floor rules ({FLOOR_WORDS})")))?;
    let word = w.text.to_ascii_lowercase();
    let no_seat = rest.as_slice().is_empty();
    let mut seat = |what: &str| -> Result<Seat, NotationError> {
        let s = rest
            .next()
            .ok_or_else(|| missing(&format!("the seat {what} (s1 to s10)")))?;
        parse_seat(s)
    };
    let decision = match word.as_str() {
        "dead-hand" if no_seat && reason.is_none() => {
            return Ok(Command::Floor(Irregularity::DeadHand));
        }
        "dead-hand" => FloorDecision::DeadHand(seat("whose hand is dead")?),
        "misdeal" if reason.is_some() => FloorDecision::Misdeal,
        "all-options" => FloorDecision::AllOptions(seat("that keeps every option")?),
        "binding" => FloorDecision::Binding(seat("whose out-of-turn action binds")?),
        "forfeit" => {
            let seat = seat("that forfeits its underbet")?;
            let a = rest
                .next()
                .ok_or_else(|| missing("the underbet forfeited (whole chips)"))?;
            FloorDecision::Forfeit {
                seat,
                amount: amount_word(a)?,
            }
        }
        "penalty" => {
            let seat = seat("penalized")?;
            let p = rest.next().ok_or_else(|| {
                missing("the penalty (warning, N-hands, N-rounds or disqualified)")
            })?;
            FloorDecision::Penalty {
                seat,
                penalty: parse_penalty(p)?,
            }
        }
        _ => match Irregularity::ALL.iter().find(|(_, name)| *name == word) {
            Some(_) if reason.is_some() => {
                return Err(err(
                    w,
                    format!(
                        "'floor {}' asks for the house's ruling and takes no reason; the TD's reason goes with the floor's own ruling (misdeal, dead-hand sN, all-options sN, forfeit sN AMOUNT, binding sN, penalty sN ...)",
                        w.text
                    ),
                ));
            }
            Some((irregularity, _)) => return Ok(Command::Floor(*irregularity)),
            None => {
                return Err(err(
                    w,
                    format!(
                        "{} is not a floor ruling: expected {FLOOR_WORDS}",
                        quoted(w.text)
                    ),
                ));
            }
        },
    };
    Ok(Command::Decide { decision, reason })
}

fn parse_seat(w: &Word) -> Result<Seat, NotationError> {
    let lower = w.text.to_ascii_lowercase();
    lower
        .strip_prefix('s')
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<u8>().ok())
        .and_then(Seat::new)
        .ok_or_else(|| NotationError {
            column: w.column,
            message: format!("{} is not a seat: expected s1 to s10", quoted(w.text)),
        })
}

fn parse_penalty(w: &Word) -> Result<Penalty, NotationError> {
    let lower = w.text.to_ascii_lowercase();
    let count = |suffix: &str| {
        lower
            .strip_suffix(suffix)
            .and_then(|n| parse_number(n).ok())
            .filter(|n| (1..=1000).contains(n))
            .map(|n| n as u32)
    };
    match lower.as_str() {
        "warning" => Ok(Penalty::Warning),
        "disqualified" => Ok(Penalty::Disqualified),
        _ => count("-hands")
            .or_else(|| count("-hand"))
            .map(Penalty::Hands)
            .or_else(|| {
                count("-rounds")
                    .or_else(|| count("-round"))
                    .map(Penalty::Rounds)
            })
            .ok_or_else(|| NotationError {
                column: w.column,
                message: format!(
                    "{} is not a penalty: expected warning, N-hands, N-rounds or disqualified",
                    quoted(w.text)
                ),
            }),
    }
}

fn player_line<'a>(
    seat: Seat,
    verb: &Word<'a>,
    rest: &mut std::slice::Iter<'_, Word<'a>>,
    missing: &dyn Fn(&str) -> NotationError,
) -> Result<Command, NotationError> {
    let err = |w: &Word, message: String| NotationError {
        column: w.column,
        message,
    };
    let lower = verb.text.to_ascii_lowercase();
    // A clear verb may end with `allin`, as the normalized form does.
    let all_in = rest
        .as_slice()
        .last()
        .is_some_and(|w| w.text.eq_ignore_ascii_case("allin"))
        && matches!(lower.as_str(), "call" | "bet" | "raise");
    let act = |intent| Command::Act {
        seat,
        intent,
        all_in,
    };
    let mut amount = |what: &str| -> Result<Chips, NotationError> {
        let w = rest.next().ok_or_else(|| {
            missing(&format!(
                "the amount to {what} (a street total in whole chips)"
            ))
        })?;
        amount_word(w)
    };
    let command = match lower.as_str() {
        "fold" => act(Intent::Fold),
        "check" => act(Intent::Check),
        "call" => {
            let to = match rest.as_slice().first() {
                Some(w) if !w.text.eq_ignore_ascii_case("allin") => {
                    rest.next();
                    Some(amount_word(w)?)
                }
                _ => None,
            };
            act(Intent::Call(to))
        }
        "allin" | "all-in" => act(Intent::AllIn),
        "bet" => act(Intent::Bet(amount("bet")?)),
        "raise" => act(Intent::Raise(amount("raise to")?)),
        "tap" => Command::Tap { seat },
        "muck" => Command::Muck { seat },
        "say" => {
            let w = rest.next().ok_or_else(|| missing("the words said: call, check, fold, bet, raise, allin, pot, an amount, or a word and an amount"))?;
            let word = w.text.to_ascii_lowercase();
            let declaration = match word.as_str() {
                "call" => Declaration::Call,
                "check" => Declaration::Check,
                "fold" => Declaration::Fold,
                "allin" | "all-in" => Declaration::AllIn,
                "pot" => Declaration::Pot,
                "if" => {
                    // Extension: a conditional statement; the words are the
                    // journal's, not the engine's.
                    rest.by_ref().for_each(drop);
                    Declaration::Conditional
                }
                "bet" | "raise" => {
                    let amount = match rest.as_slice().first() {
                        Some(next) => {
                            rest.next();
                            Some(amount_word(next)?)
                        }
                        None => None,
                    };
                    if word == "bet" {
                        Declaration::Bet(amount)
                    } else {
                        Declaration::Raise(amount)
                    }
                }
                _ if word.starts_with(|c: char| c.is_ascii_digit()) => {
                    Declaration::Amount(amount_word(w)?)
                }
                _ => {
                    return Err(err(
                        w,
                        format!(
                            "{} is not a declaration: expected call, check, fold, bet, raise, allin, pot or an amount",
                            quoted(w.text)
                        ),
                    ));
                }
            };
            Command::Say { seat, declaration }
        }
        "push" => {
            let w = rest.next().ok_or_else(|| {
                missing("the chips pushed: an amount (1400) or denominations (1000x2+100x3)")
            })?;
            Command::Push {
                seat,
                chips: parse_chips(w)?,
            }
        }
        "hole" | "show" => {
            let cards = match rest.next() {
                Some(w) => Some(two_cards(w)?),
                None if lower == "show" => None,
                None => return Err(missing("two hole cards, like AhKd")),
            };
            match (lower.as_str(), cards) {
                ("hole", Some(cards)) => Command::Hole { seat, cards },
                _ => Command::Show { seat, cards },
            }
        }
        _ => {
            return Err(err(
                verb,
                format!(
                    "{} is not an action: expected {PLAYER_VERBS}",
                    quoted(verb.text)
                ),
            ));
        }
    };
    if all_in {
        rest.next();
    }
    Ok(command)
}

fn two_cards(w: &Word) -> Result<[Card; 2], NotationError> {
    let cards = parse_cards(w.text).map_err(|e| NotationError {
        column: w.column,
        message: e.to_string(),
    })?;
    match cards.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err(NotationError {
            column: w.column,
            message: format!(
                "{} is not two hole cards: expected two cards like AhKd",
                quoted(w.text)
            ),
        }),
    }
}

/// Why a word is not a number of chips.
enum NotANumber {
    /// Not digits (commas and underscores allowed between them).
    Malformed,
    /// Digits, but more than a `u64` holds.
    TooLarge,
}

fn parse_number(text: &str) -> Result<u64, NotANumber> {
    let digits: String = text.chars().filter(|c| *c != ',' && *c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotANumber::Malformed);
    }
    // All digits: the only way left to fail is too many of them.
    digits.parse().map_err(|_| NotANumber::TooLarge)
}

/// The sentence for an amount above the table maximum.
fn over_max(what: &str) -> String {
    format!(
        "{what} is more than the most chips a table may have in play, {}",
        Chips::MAX_TABLE
    )
}

/// Reads an amount of chips as the notation writes it (`1400`, `1,400`):
/// more than 0 and at most `Chips::MAX_TABLE`. `column` is where `text`
/// starts in its line. The command bar, scripts and the table screen's
/// amount prompts all read amounts here.
pub fn parse_amount(text: &str, column: usize) -> Result<Chips, NotationError> {
    let err = |message: String| NotationError { column, message };
    match parse_number(text) {
        Ok(0) => Err(err("an amount must be more than 0".into())),
        Ok(n) if Chips(n).within_table() => Ok(Chips(n)),
        Ok(n) => Err(err(over_max(&format!("{} chips", Chips(n))))),
        Err(NotANumber::TooLarge) => Err(err(over_max(&quoted(text)))),
        Err(NotANumber::Malformed) => Err(err(format!(
            "{} is not an amount: expected whole chips, like 1400",
            quoted(text)
        ))),
    }
}

fn amount_word(w: &Word) -> Result<Chips, NotationError> {
    parse_amount(w.text, w.column)
}

/// Chips pushed: a plain amount, or denominations with counts. Each
/// denomination, each product and the total are checked (never wrapped)
/// and refused above `Chips::MAX_TABLE`, at the column of the part.
fn parse_chips(w: &Word) -> Result<PushedChips, NotationError> {
    let text = w.text.to_ascii_lowercase();
    if !text.contains(['x', '+']) {
        return amount_word(w).map(PushedChips::Amount);
    }
    let bad = || NotationError {
        column: w.column,
        message: format!(
            "{} is not a set of chips: expected denominations with counts, like 1000x2+100x3 or 500+25",
            quoted(w.text)
        ),
    };
    let mut groups = Vec::new();
    let mut total = Chips::ZERO;
    let mut offset = 0;
    for part in text.split('+') {
        let at = |message: String| NotationError {
            column: w.column + text[..offset].chars().count(),
            message,
        };
        let number = |digits: &str| match parse_number(digits) {
            Ok(n) => Ok(n),
            Err(NotANumber::TooLarge) => Err(at(over_max(&quoted(part)))),
            Err(NotANumber::Malformed) => Err(bad()),
        };
        let (value, count) = match part.split_once('x') {
            Some((v, c)) => (number(v)?, number(c)?),
            None => (number(part)?, 1),
        };
        if value == 0 || count == 0 {
            return Err(bad());
        }
        let Ok(count) = u32::try_from(count) else {
            return Err(at(format!(
                "{} is {} chips in one push: at most {} can be counted",
                quoted(part),
                grouped(u128::from(count)),
                grouped(u128::from(u32::MAX))
            )));
        };
        let value = Chips(value);
        if !value.within_table() {
            return Err(at(over_max(&format!("a chip of {value}"))));
        }
        let product = value
            .checked_mul(u64::from(count))
            .filter(|p| p.within_table())
            .ok_or_else(|| at(over_max(&quoted(part))))?;
        total = total
            .checked_add(product)
            .filter(|t| t.within_table())
            .ok_or_else(|| NotationError {
                column: w.column,
                message: over_max(&format!("{} altogether", quoted(w.text))),
            })?;
        groups.push((value, count));
        offset += part.len() + 1;
    }
    Ok(PushedChips::Denominations(groups))
}

/// Writes a command as its notation line; `None` for commands that have no
/// line (starting a hand, closing a motion).
pub fn format_command(command: &Command) -> Option<String> {
    Some(match command {
        Command::StartHand(_) | Command::Resolve => return None,
        Command::Act {
            seat,
            intent,
            all_in,
        } => {
            let line = match intent {
                Intent::Fold => format!("{seat} fold"),
                Intent::Check => format!("{seat} check"),
                Intent::Call(None) => format!("{seat} call"),
                Intent::Call(Some(c)) => format!("{seat} call {}", c.get()),
                Intent::Bet(c) => format!("{seat} bet {}", c.get()),
                Intent::Raise(c) => format!("{seat} raise {}", c.get()),
                Intent::AllIn => format!("{seat} allin"),
            };
            if *all_in {
                format!("{line} allin")
            } else {
                line
            }
        }
        Command::Say { seat, declaration } => format!("{seat} say {declaration}"),
        Command::Push { seat, chips } => format!("{seat} push {chips}"),
        Command::Tap { seat } => format!("{seat} tap"),
        Command::Muck { seat } => format!("{seat} muck"),
        Command::Hole { seat, cards } => format!("{seat} hole {}", format_cards(cards)),
        Command::Show {
            seat,
            cards: Some(cards),
        } => format!("{seat} show {}", format_cards(cards)),
        Command::Show { seat, cards: None } => format!("{seat} show"),
        Command::Deal { street, cards } => format!("{street} {}", format_cards(cards)),
        Command::Floor(i) => format!("floor {}", i.as_str()),
        Command::Decide { decision, reason } => match reason {
            Some(r) => format!("floor {}: {r}", decision.notation()),
            None => format!("floor {}", decision.notation()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_line(line).unwrap().unwrap()
    }

    #[test]
    fn every_contract_line_form_parses_and_prints_back() {
        for line in [
            "s3 fold",
            "s3 check",
            "s3 call",
            "s3 call 1000",
            "s3 call 300 allin",
            "s3 raise 300 allin",
            "s3 bet 500",
            "s3 raise 1200",
            "s3 allin",
            "s3 say call",
            "s3 say check",
            "s3 say fold",
            "s3 say bet",
            "s3 say raise",
            "s3 say allin",
            "s3 say pot",
            "s3 say 1400",
            "s3 say raise 8000",
            "s3 say bet 500",
            "s3 push 1400",
            "s3 push 1000x2",
            "s3 push 500+25",
            "s3 push 1000x2+100x3",
            "s3 tap",
            "s3 muck",
            "s3 hole AhKd",
            "s3 show AhKd",
            "s10 show",
            "flop AsKd7c",
            "turn 2h",
            "river 9s",
            "floor misdeal",
            "floor exposed-card",
            "floor boxed-card",
            "floor four-card-flop",
            "floor premature-card",
            "floor clock",
        ] {
            let command = parse(line);
            assert_eq!(format_command(&command).as_deref(), Some(line), "{line}");
        }
    }

    #[test]
    fn words_are_case_insensitive_and_comments_ignored() {
        assert_eq!(parse("S2 RAISE 1200   # big"), parse("s2 raise 1200"));
        assert_eq!(parse("FLOP asKD7C"), parse("flop AsKd7c"));
        assert_eq!(parse_line("   # only a comment"), Ok(None));
        assert_eq!(parse_line(""), Ok(None));
    }

    #[test]
    fn floor_decisions_parse_with_the_tds_reason_and_print_back() {
        let cases = [
            "floor dead-hand s3",
            "floor dead-hand s3: hand fouled with the muck",
            "floor all-options s2",
            "floor forfeit s3 300",
            "floor binding s5",
            "floor misdeal: the deck had 51 cards",
            "floor penalty s4 2-hands: repeated action out of turn",
            "floor penalty s1 warning",
            "floor penalty s1 1-rounds",
            "floor penalty s1 disqualified: abuse",
        ];
        for line in cases {
            let command = parse(line);
            assert!(matches!(command, Command::Decide { .. }), "{line}");
            assert_eq!(format_command(&command).as_deref(), Some(line));
        }
        assert_eq!(
            parse("floor dead-hand"),
            Command::Floor(Irregularity::DeadHand)
        );
        assert_eq!(
            parse("floor misdeal"),
            Command::Floor(Irregularity::Misdeal)
        );
        assert_eq!(
            parse("FLOOR Forfeit S3 300:  he did not see the raise  # note"),
            Command::Decide {
                decision: FloorDecision::Forfeit {
                    seat: Seat::new(3).unwrap(),
                    amount: Chips(300)
                },
                reason: Some("he did not see the raise".into())
            }
        );
    }

    #[test]
    fn amounts_up_to_the_table_maximum_read_exactly() {
        assert_eq!(
            parse("s3 push 1,000,000,000,000,000"),
            parse("s3 push 1000000000000000")
        );
        match parse("s3 push 500000000000000x2") {
            Command::Push { chips, .. } => assert_eq!(chips.total(), Chips::MAX_TABLE),
            other => panic!("not a push: {other:?}"),
        }
        match parse("s3 push 400000000000000x2+100000000000000x1+25x4") {
            Command::Push { chips, .. } => assert_eq!(chips.total(), Chips(900_000_000_000_100)),
            other => panic!("not a push: {other:?}"),
        }
        assert_eq!(parse_amount("1,400", 1), Ok(Chips(1400)));
        assert_eq!(parse_amount("1000000000000000", 1), Ok(Chips::MAX_TABLE));
    }

    #[test]
    fn pushed_chips_total_never_wraps() {
        // Built in code, not parsed: the total saturates, and decide refuses
        // it as more than a table may hold.
        let huge = PushedChips::Denominations(vec![(Chips(1 << 63), 2), (Chips(25), u32::MAX)]);
        assert_eq!(huge.checked_total(), None);
        assert_eq!(huge.total(), Chips(u64::MAX));
        let many = PushedChips::Denominations(vec![(Chips(1), u32::MAX), (Chips(5), u32::MAX)]);
        assert_eq!(many.single_chip(), None);
        assert_eq!(many.smallest_of_several(), Some(Chips(1)));
        assert_eq!(many.total(), Chips(6 * u64::from(u32::MAX)));
    }

    #[test]
    fn malformed_lines_say_where_and_what_was_expected() {
        let cases = [
            ("s3 rase 100", 4, "not an action"),
            ("s11 fold", 1, "no seat 11"),
            ("s3 raise", 9, "amount to raise"),
            ("s3 bet 5o0", 8, "not an amount"),
            ("s3 bet 0", 8, "more than 0"),
            ("s3 push 1000x", 9, "not a set of chips"),
            ("flop AsKd7", 6, "not a list of cards"),
            ("s3 hole AhKdQc", 9, "not two hole cards"),
            ("s3 fold now", 9, "unexpected 'now'"),
            ("dealer burns", 1, "does not start a line"),
            ("floor smoke", 7, "not a floor ruling"),
            ("floor misdeal:", 15, "the TD's reason"),
            ("floor clock: slow", 7, "takes no reason"),
            ("floor forfeit s3", 17, "underbet forfeited"),
            ("floor penalty s4 3-days", 18, "not a penalty"),
            ("floor all-options 2", 19, "not a seat"),
            ("s3 say maybe", 8, "not a declaration"),
            // Amounts over the table maximum, or over what a u64 holds, are
            // refused where they stand, never wrapped.
            (
                "s3 bet 1000000000000001",
                8,
                "1,000,000,000,000,001 chips is more than the most chips a table may have in play, 1,000,000,000,000,000",
            ),
            (
                "s3 raise 99999999999999999999999",
                10,
                "'99999999999999999999999' is more than the most chips",
            ),
            (
                "s3 say raise 2000000000000000",
                14,
                "more than the most chips",
            ),
            (
                "s3 call 18446744073709551616",
                9,
                "more than the most chips",
            ),
            (
                "s3 push 18446744073709551615",
                9,
                "more than the most chips",
            ),
            (
                "s3 push 9223372036854775808x2",
                9,
                "a chip of 9,223,372,036,854,775,808 is more than",
            ),
            (
                "s3 push 1000x1000000000000000",
                9,
                "'1000x1000000000000000' is 1,000,000,000,000,000 chips in one push: at most 4,294,967,295 can be counted",
            ),
            (
                "s3 push 25+1000x99999999999999999999",
                12,
                "'1000x99999999999999999999' is more than",
            ),
            (
                "s3 push 25+600000000000000x2",
                12,
                "'600000000000000x2' is more than the most chips",
            ),
            (
                "s3 push 600000000000000x2+1",
                9,
                "'600000000000000x2' is more than",
            ),
            // Each part fits (10^15 is the maximum itself); the total does not.
            (
                "s3 push 25+500000000000000x2",
                9,
                "'25+500000000000000x2' altogether is more than",
            ),
            (
                "s3 push 600000000000000+500000000000000",
                9,
                "'600000000000000+500000000000000' altogether is more than",
            ),
        ];
        for (line, column, words) in cases {
            let e = parse_line(line).unwrap_err();
            assert_eq!(e.column, column, "{line}: {e}");
            assert!(e.message.contains(words), "{line}: {e}");
        }
    }
}
