//! The session's dealer lines (an extension of the contract, documented in
//! README.md and config/README.md): the table between hands and the clocks.
//!
//! `hand` · `level 200/400` · `level 200/400 ante 50` · `level 200/400
//! bb-ante 400` · `seat 7 sit 10000 Ann` · `seat 3 leave` · `seat 3 away` ·
//! `seat 3 back` · `seat 3 sitout` · `seat 2 add 1500` · `seat 3 rebuy
//! 5000`, `seat 3 add-on 10000` (chips bought from the floor) · `seat 3 correct
//! 1200` (the floor's correction: the stack set; `seat 3 correct 1200
//! Dan`: Dan, out by mistake, back in the empty seat) · `seat 2 name Bob` ·
//! `break` · `break 15` (minutes) · `colour-up` (or `color-up`) with
//! optional race cards `colour-up s1 As s4 KdQc` · `button-draw` with
//! optional cards `button-draw s1 Kc s2 Ah` · `button 4` (the button put
//! on a seat, the next hand dealt from it as a first hand) · `clock s4` · `clock stop` · `clock pause` ·
//! `clock resume` · `clock adjust +60` · `clock set 5 12:30 running` (the
//! level clock put where the floor's is: the structure's stage, levels and
//! breaks counted from 1, the time left in it, `running` or `paused`) ·
//! `hand-for-hand on|off` · `structure 100/200 20, 200/400:50 20, break
//! 15` (the table's structure replaced: each level's blinds as `--levels`
//! writes them and its minutes, or a break's minutes) · `wait 30`
//! (a script's time passes). A malformed line is refused with its column.

use super::{NotationError, Word, amount_word, parse_seat, quoted, words};
use crate::session::{Blinds, Stage, Structure, TableCommand};
use crate::table::cards::{format_cards, parse_cards};
use crate::table::event::AnteMode;
use crate::table::{Chips, Seat};
use crate::values::money::Buy;

/// The words that start a session line.
pub const VERBS: &[&str] = &[
    "hand",
    "level",
    "seat",
    "break",
    "colour-up",
    "color-up",
    "button-draw",
    "button",
    "clock",
    "hand-for-hand",
    "structure",
    "wait",
    "light",
    "count",
];

/// Whether `line` is a session line (its first word is a session verb).
pub fn is_session_line(line: &str) -> bool {
    let content = line.split('#').next().unwrap_or("");
    words(content)
        .first()
        .is_some_and(|w| VERBS.iter().any(|v| w.text.eq_ignore_ascii_case(v)))
}

/// A seat named by its number (`4`, or `s4` as hand lines write it).
fn seat_number(w: &Word) -> Result<Seat, NotationError> {
    w.text
        .parse::<u8>()
        .ok()
        .and_then(Seat::new)
        .or_else(|| parse_seat(w).ok())
        .ok_or_else(|| NotationError {
            column: w.column,
            message: format!("{} is not a seat: expected 1 to 10", quoted(w.text)),
        })
}

/// The stages of a `structure` line: items parted by commas, each
/// `BLINDS MINUTES` (`200/400:50 20`) or `break MINUTES`.
fn parse_structure(words: &[&Word]) -> Result<Structure, NotationError> {
    let mut stages = Vec::new();
    let mut item: Vec<&Word> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let text = w.text.trim_end_matches(',');
        if !text.is_empty() {
            item.push(w);
        }
        if text.len() == w.text.len() && i + 1 < words.len() {
            continue;
        }
        let bad = |w: &Word, what: &str| NotationError {
            column: w.column,
            message: format!(
                "{} is not {what}: expected BLINDS MINUTES or break MINUTES, parted by commas, like structure 100/200 20, 200/400:50 20, break 15",
                quoted(w.text)
            ),
        };
        let (head, minutes) = match item[..] {
            [head, minutes] => (head, minutes),
            [head] | [head, ..] => return Err(bad(head, "a level with its minutes")),
            [] => return Err(bad(w, "a level")),
        };
        let m = minutes
            .text
            .trim_end_matches(',')
            .parse::<u32>()
            .ok()
            .filter(|m| (1..=24 * 60).contains(m))
            .ok_or_else(|| bad(minutes, "minutes, 1 to 1440,"))?;
        let head_text = head.text.trim_end_matches(',');
        stages.push(if head_text.eq_ignore_ascii_case("break") {
            Stage::Break { minutes: m }
        } else {
            let blinds =
                Blinds::from_flag(head_text, stages.len() + 1).map_err(|e| NotationError {
                    column: head.column,
                    message: e.to_string(),
                })?;
            Stage::Level { blinds, minutes: m }
        });
        item.clear();
    }
    Ok(Structure {
        stages,
        chips: Vec::new(),
    })
}

/// Parses a session line. Blank lines and comments give `None`; a line that
/// is not a session line is an error (see `is_session_line`).
pub fn parse_table_line(line: &str) -> Result<Option<TableCommand>, NotationError> {
    let content = line.split('#').next().unwrap_or("");
    let words = words(content);
    let Some(first) = words.first() else {
        return Ok(None);
    };
    let end_column = content.trim_end().chars().count() + 1;
    let missing = |what: &str| NotationError {
        column: end_column,
        message: format!("expected {what} at the end of the line"),
    };
    let err = |w: &Word, message: String| NotationError {
        column: w.column,
        message,
    };
    let mut rest = words[1..].iter();
    let head = first.text.to_ascii_lowercase();
    let command = match head.as_str() {
        "hand" => TableCommand::NextHand,
        "break" => match rest.next() {
            None => TableCommand::Break(None),
            Some(w) => {
                let minutes = w
                    .text
                    .parse::<u32>()
                    .ok()
                    .filter(|m| (1..=24 * 60).contains(m))
                    .ok_or_else(|| {
                        err(
                            w,
                            format!(
                                "{} is not a break's length: expected minutes, 1 to 1440, like break 15",
                                quoted(w.text)
                            ),
                        )
                    })?;
                TableCommand::Break(Some(minutes))
            }
        },
        "level" => {
            let w = rest
                .next()
                .ok_or_else(|| missing("the blinds, like 200/400"))?;
            let (small, big) = w.text.split_once('/').ok_or_else(|| {
                err(
                    w,
                    format!(
                        "{} is not blinds: expected SMALL/BIG, like 200/400",
                        quoted(w.text)
                    ),
                )
            })?;
            let small = super::parse_amount(small, w.column)?;
            let big = super::parse_amount(big, w.column + w.text.find('/').unwrap_or(0) + 1)?;
            let (ante, ante_mode) = match rest.next() {
                None => (Chips::ZERO, AnteMode::PerPlayer),
                Some(kind) => {
                    let mode = match kind.text.to_ascii_lowercase().as_str() {
                        "ante" => AnteMode::PerPlayer,
                        "bb-ante" => AnteMode::BigBlind,
                        _ => {
                            return Err(err(
                                kind,
                                format!(
                                    "expected ante or bb-ante after the blinds, not {}",
                                    quoted(kind.text)
                                ),
                            ));
                        }
                    };
                    let a = rest.next().ok_or_else(|| missing("the ante amount"))?;
                    (amount_word(a)?, mode)
                }
            };
            TableCommand::SetLevel(Blinds {
                small,
                big,
                ante,
                ante_mode,
            })
        }
        "seat" => {
            let w = rest
                .next()
                .ok_or_else(|| missing("a seat number, like seat 3"))?;
            let seat = seat_number(w)?;
            let verb = rest.next().ok_or_else(|| {
                missing("what the seat does: sit, place, leave, away, back, sitout, add, rebuy, add-on, correct, name, out, count or no-show")
            })?;
            match verb.text.to_ascii_lowercase().as_str() {
                "sit" => {
                    let chips = rest
                        .next()
                        .ok_or_else(|| missing("the chips, like seat 7 sit 10000 Ann"))?;
                    let chips = amount_word(chips)?;
                    let name: Vec<&str> = rest.by_ref().map(|w| w.text).collect();
                    TableCommand::Sit {
                        seat,
                        chips,
                        name: name.join(" "),
                    }
                }
                "place" => {
                    let chips = rest.next().ok_or_else(|| {
                        missing(
                            "the starting stack placed for a late entrant, like seat 7 place 10000",
                        )
                    })?;
                    TableCommand::Place {
                        seat,
                        chips: amount_word(chips)?,
                    }
                }
                "leave" => TableCommand::Leave(seat),
                "out" => TableCommand::Out(seat),
                "no-show" => TableCommand::NoShow(seat),
                "count" => {
                    let chips = rest
                        .next()
                        .ok_or_else(|| missing("the chips counted, like seat 3 count 12000"))?;
                    TableCommand::Count(vec![(seat, amount_word(chips)?)])
                }
                "away" => TableCommand::Away(seat),
                "back" => TableCommand::Back(seat),
                "sitout" => TableCommand::SitOut(seat),
                "add" => {
                    let chips = rest
                        .next()
                        .ok_or_else(|| missing("the chips added, like seat 2 add 1500"))?;
                    TableCommand::Add {
                        seat,
                        chips: amount_word(chips)?,
                    }
                }
                "rebuy" | "add-on" | "addon" => {
                    let buy = if verb.text.eq_ignore_ascii_case("rebuy") {
                        Buy::Rebuy
                    } else {
                        Buy::AddOn
                    };
                    let chips = rest.next().ok_or_else(|| {
                        missing("the chips bought, like seat 3 rebuy 5000 or seat 3 add-on 10000")
                    })?;
                    TableCommand::Bought {
                        seat,
                        chips: amount_word(chips)?,
                        buy,
                    }
                }
                "correct" => {
                    let chips = rest.next().ok_or_else(|| {
                        missing("the stack it has now, like seat 3 correct 1200 (or seat 3 correct 1200 Dan: Dan, out by mistake, returns)")
                    })?;
                    let chips = amount_word(chips)?;
                    let name: Vec<&str> = rest.by_ref().map(|w| w.text).collect();
                    TableCommand::Correct {
                        seat,
                        chips,
                        returns: (!name.is_empty()).then(|| name.join(" ")),
                    }
                }
                "name" => {
                    let name: Vec<&str> = rest.by_ref().map(|w| w.text).collect();
                    if name.is_empty() {
                        return Err(missing("the name, like seat 2 name Bob"));
                    }
                    TableCommand::Rename {
                        seat,
                        name: name.join(" "),
                    }
                }
                _ => {
                    return Err(err(
                        verb,
                        format!(
                            "{} is not something a seat does: expected sit, place, leave, away, back, sitout, add, rebuy, add-on, correct, name, out, count or no-show",
                            quoted(verb.text)
                        ),
                    ));
                }
            }
        }
        "colour-up" | "color-up" => {
            let mut cards = Vec::new();
            while let Some(w) = rest.next() {
                let seat = parse_seat(w)?;
                let c = rest
                    .next()
                    .ok_or_else(|| missing(&format!("the race cards of {}, like AsKd", w.text)))?;
                let list = parse_cards(c.text).map_err(|e| err(c, e.to_string()))?;
                cards.push((seat, list));
            }
            TableCommand::ColourUp { cards }
        }
        "button-draw" => {
            let mut cards = Vec::new();
            while let Some(w) = rest.next() {
                let seat = parse_seat(w)?;
                let c = rest
                    .next()
                    .ok_or_else(|| missing(&format!("the card dealt to {}, like Ah", w.text)))?;
                match parse_cards(c.text).map_err(|e| err(c, e.to_string()))?[..] {
                    [card] => cards.push((seat, card)),
                    _ => {
                        return Err(err(
                            c,
                            format!(
                                "{} is not one card: each player is dealt one card at a time",
                                quoted(c.text)
                            ),
                        ));
                    }
                }
            }
            TableCommand::ButtonDraw { cards }
        }
        "structure" => {
            let items: Vec<&Word> = rest.by_ref().collect();
            if items.is_empty() {
                return Err(missing("the levels, like structure 100/200 20, 200/400 20"));
            }
            TableCommand::SetStructure(parse_structure(&items)?)
        }
        "button" => {
            let w = rest
                .next()
                .ok_or_else(|| missing("the button's seat, like button 4"))?;
            TableCommand::SetButton(seat_number(w)?)
        }
        "clock" => {
            let w = rest
                .next()
                .ok_or_else(|| missing("a seat (clock s4), stop, pause, resume or adjust"))?;
            match w.text.to_ascii_lowercase().as_str() {
                "stop" => TableCommand::ClockStop,
                "pause" => TableCommand::ClockPause,
                "resume" | "start" => TableCommand::ClockResume,
                "adjust" => {
                    let a = rest
                        .next()
                        .ok_or_else(|| missing("the seconds, like clock adjust +60"))?;
                    let secs = a
                        .text
                        .strip_prefix('+')
                        .unwrap_or(a.text)
                        .parse::<i64>()
                        .ok()
                        .filter(|s| s.unsigned_abs() <= 24 * 3600)
                        .ok_or_else(|| {
                            err(a, format!("{} is not seconds: expected a number like +60 or -30 (at most a day)", quoted(a.text)))
                        })?;
                    TableCommand::ClockAdjust(secs)
                }
                "set" => clock_set(&mut rest, &missing, &err)?,
                _ => TableCommand::ClockOn(parse_seat(w).map_err(|_| {
                    err(w, format!("{} is not a clock line: expected a seat (s4), stop, pause, resume or adjust", quoted(w.text)))
                })?),
            }
        }
        "light" => {
            let w = rest.next().ok_or_else(|| missing("on or off"))?;
            match w.text.to_ascii_lowercase().as_str() {
                "on" => TableCommand::Light(true),
                "off" => TableCommand::Light(false),
                _ => {
                    return Err(err(
                        w,
                        format!("expected on or off, not {}", quoted(w.text)),
                    ));
                }
            }
        }
        "count" => {
            let mut counts = Vec::new();
            while let Some(w) = rest.next() {
                let seat = parse_seat(w)?;
                let c = rest.next().ok_or_else(|| {
                    missing(&format!(
                        "the chips counted at {}, like {} 12000",
                        w.text, w.text
                    ))
                })?;
                counts.push((seat, amount_word(c)?));
            }
            if counts.is_empty() {
                return Err(missing("the counts, like count s1 12000 s3 8000"));
            }
            TableCommand::Count(counts)
        }
        "hand-for-hand" => {
            let w = rest.next().ok_or_else(|| missing("on or off"))?;
            match w.text.to_ascii_lowercase().as_str() {
                "on" => TableCommand::HandForHand(true),
                "off" => TableCommand::HandForHand(false),
                _ => {
                    return Err(err(
                        w,
                        format!("expected on or off, not {}", quoted(w.text)),
                    ));
                }
            }
        }
        "wait" => {
            let w = rest
                .next()
                .ok_or_else(|| missing("the seconds, like wait 30"))?;
            let secs = w
                .text
                .parse::<u64>()
                .ok()
                .filter(|s| *s <= 7 * 24 * 3600)
                .ok_or_else(|| {
                    err(
                        w,
                        format!(
                            "{} is not seconds: expected a whole number, like 30",
                            quoted(w.text)
                        ),
                    )
                })?;
            TableCommand::Wait(secs)
        }
        _ => {
            return Err(err(
                first,
                format!("{} does not start a session line", quoted(first.text)),
            ));
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

/// The rest of `clock set 5 12:30 running`: the stage (from 1), the time
/// left (minutes:seconds) and whether the clock runs.
fn clock_set<'a>(
    rest: &mut impl Iterator<Item = &'a Word<'a>>,
    missing: &dyn Fn(&str) -> NotationError,
    err: &dyn Fn(&Word, String) -> NotationError,
) -> Result<TableCommand, NotationError> {
    let w = rest
        .next()
        .ok_or_else(|| missing("the stage, like clock set 5 12:30 running"))?;
    let stage = w
        .text
        .parse::<usize>()
        .ok()
        .filter(|s| (1..=1000).contains(s))
        .ok_or_else(|| {
            err(
                w,
                format!(
                    "{} is not a stage: expected the structure's stage from 1, like clock set 5 12:30 running",
                    quoted(w.text)
                ),
            )
        })?;
    let w = rest
        .next()
        .ok_or_else(|| missing("the time left, like 12:30"))?;
    let left_secs = minutes_seconds(w.text).ok_or_else(|| {
        err(
            w,
            format!(
                "{} is not the time left: expected minutes:seconds, like 12:30",
                quoted(w.text)
            ),
        )
    })?;
    let w = rest.next().ok_or_else(|| missing("running or paused"))?;
    let running = match w.text.to_ascii_lowercase().as_str() {
        "running" => true,
        "paused" => false,
        _ => {
            return Err(err(
                w,
                format!("expected running or paused, not {}", quoted(w.text)),
            ));
        }
    };
    Ok(TableCommand::ClockSet {
        stage: stage - 1,
        left_secs,
        running,
    })
}

/// `12:30` as seconds (minutes up to a day, two digits of seconds).
fn minutes_seconds(text: &str) -> Option<u64> {
    let (m, s) = text.split_once(':')?;
    let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(m) || s.len() != 2 || !all_digits(s) {
        return None;
    }
    let (m, s) = (m.parse::<u64>().ok()?, s.parse::<u64>().ok()?);
    (m <= 24 * 60 && s < 60).then_some(m * 60 + s)
}

/// Writes a session command back as its line.
pub fn format_table_command(command: &TableCommand) -> String {
    let seat = |s: &Seat| s.number();
    match command {
        TableCommand::NextHand => "hand".into(),
        TableCommand::SetLevel(b) => format!(
            "level {}/{}{}",
            b.small.get(),
            b.big.get(),
            match (b.ante.is_zero(), b.ante_mode) {
                (true, _) => String::new(),
                (false, AnteMode::PerPlayer) => format!(" ante {}", b.ante.get()),
                (false, AnteMode::BigBlind) => format!(" bb-ante {}", b.ante.get()),
            }
        ),
        TableCommand::Sit {
            seat: s,
            chips,
            name,
        } => format!("seat {} sit {} {name}", seat(s), chips.get())
            .trim_end()
            .to_string(),
        TableCommand::Leave(s) => format!("seat {} leave", seat(s)),
        TableCommand::Away(s) => format!("seat {} away", seat(s)),
        TableCommand::Back(s) => format!("seat {} back", seat(s)),
        TableCommand::SitOut(s) => format!("seat {} sitout", seat(s)),
        TableCommand::Add { seat: s, chips } => format!("seat {} add {}", seat(s), chips.get()),
        TableCommand::Bought {
            seat: s,
            chips,
            buy,
        } => format!("seat {} {} {}", seat(s), buy.key(), chips.get()),
        TableCommand::Correct {
            seat: s,
            chips,
            returns,
        } => match returns {
            Some(name) => format!("seat {} correct {} {name}", seat(s), chips.get()),
            None => format!("seat {} correct {}", seat(s), chips.get()),
        },
        TableCommand::Rename { seat: s, name } => format!("seat {} name {name}", seat(s)),
        TableCommand::Break(None) => "break".into(),
        TableCommand::Break(Some(m)) => format!("break {m}"),
        TableCommand::ButtonDraw { cards } => {
            let mut line = "button-draw".to_string();
            for (s, c) in cards {
                line.push_str(&format!(" s{} {c}", seat(s)));
            }
            line
        }
        TableCommand::SetButton(s) => format!("button {}", seat(s)),
        TableCommand::SetStructure(structure) => format!("structure {}", structure.line_text()),
        TableCommand::ColourUp { cards } => {
            let mut line = "colour-up".to_string();
            for (s, c) in cards {
                line.push_str(&format!(" s{} {}", seat(s), format_cards(c)));
            }
            line
        }
        TableCommand::ClockOn(s) => format!("clock s{}", seat(s)),
        TableCommand::ClockStop => "clock stop".into(),
        TableCommand::ClockPause => "clock pause".into(),
        TableCommand::ClockResume => "clock resume".into(),
        TableCommand::ClockAdjust(secs) => format!("clock adjust {secs:+}"),
        TableCommand::ClockSet {
            stage,
            left_secs,
            running,
        } => format!(
            "clock set {} {}:{:02} {}",
            stage + 1,
            left_secs / 60,
            left_secs % 60,
            if *running { "running" } else { "paused" }
        ),
        TableCommand::Wait(secs) => format!("wait {secs}"),
        TableCommand::HandForHand(on) => {
            format!("hand-for-hand {}", if *on { "on" } else { "off" })
        }
        TableCommand::Light(on) => format!("light {}", if *on { "on" } else { "off" }),
        TableCommand::Out(s) => format!("seat {} out", seat(s)),
        TableCommand::NoShow(s) => format!("seat {} no-show", seat(s)),
        TableCommand::Place { seat: s, chips } => format!("seat {} place {}", seat(s), chips.get()),
        TableCommand::Count(counts) => {
            let mut line = "count".to_string();
            for (s, c) in counts {
                line.push_str(&format!(" s{} {}", seat(s), c.get()));
            }
            line
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_session_line_reads_back_as_written() {
        for line in [
            "hand",
            "level 200/400",
            "level 200/400 ante 50",
            "level 200/400 bb-ante 400",
            "seat 7 sit 10000 Ann Lee",
            "seat 3 leave",
            "seat 3 away",
            "seat 3 back",
            "seat 3 sitout",
            "seat 2 add 1500",
            "seat 3 correct 1200",
            "seat 3 rebuy 5000",
            "seat 3 add-on 10000",
            "seat 3 correct 1200 Dan Lee",
            "seat 2 name Bob",
            "light on",
            "light off",
            "seat 3 out",
            "seat 3 no-show",
            "seat 7 place 10000",
            "count s3 12000",
            "count s1 12000 s3 8000",
            "break",
            "break 15",
            "colour-up",
            "colour-up s1 As s4 KdQc",
            "button-draw",
            "button-draw s1 Kc s3 Ah",
            "button 4",
            "button 10",
            "structure 100/200 20",
            "structure 100/200 20, 200/400:50 20, break 15, 400/800:bb800 30",
            "clock s4",
            "clock stop",
            "clock pause",
            "clock resume",
            "clock adjust +60",
            "clock adjust -30",
            "clock set 5 12:30 running",
            "clock set 1 0:07 paused",
            "clock set 2 125:00 running",
            "hand-for-hand on",
            "wait 30",
        ] {
            assert!(is_session_line(line), "{line}");
            let c = parse_table_line(line).expect(line).expect(line);
            assert_eq!(format_table_command(&c), line);
        }
    }

    #[test]
    fn a_malformed_session_line_names_its_column() {
        assert_eq!(parse_table_line("level 200-400").unwrap_err().column, 7);
        assert_eq!(parse_table_line("seat 11 leave").unwrap_err().column, 6);
        assert_eq!(parse_table_line("seat 3 dance").unwrap_err().column, 8);
        assert_eq!(
            parse_table_line("clock adjust soon").unwrap_err().column,
            14
        );
        assert_eq!(parse_table_line("hand now").unwrap_err().column, 6);
        assert_eq!(parse_table_line("button 11").unwrap_err().column, 8);
        assert_eq!(parse_table_line("button").unwrap_err().column, 7);
        let col = |line: &str| parse_table_line(line).unwrap_err().column;
        assert_eq!(col("structure 100-200 20"), 11);
        assert_eq!(col("structure 100/200 20, 200/400"), 23);
        assert_eq!(col("structure 100/200 20 200/400 20"), 11);
        assert_eq!(col("structure 100/200 soon"), 19);
        assert_eq!(col("structure"), 10);
        assert_eq!(
            parse_table_line("clock set 0 1:00 running")
                .unwrap_err()
                .column,
            11
        );
        assert_eq!(
            parse_table_line("clock set 2 1:75 running")
                .unwrap_err()
                .column,
            13
        );
        assert_eq!(
            parse_table_line("clock set 2 1:05 walking")
                .unwrap_err()
                .column,
            18
        );
        assert_eq!(parse_table_line("clock set 2").unwrap_err().column, 12);
        assert_eq!(col("light dim"), 7);
        assert_eq!(col("count s3"), 9);
        assert_eq!(col("count s3 lots"), 10);
        assert_eq!(col("count 3 12000"), 7);
        assert_eq!(col("count"), 6);
        assert_eq!(col("seat 3 count"), 13);
        assert!(!is_session_line("s3 call"));
    }
}
