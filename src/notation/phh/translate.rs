//! PHH's words in floorcall's terms: a `RawPhh`'s table (variant,
//! players, stacks, blinds, antes, minimum bet) becomes a `TableSetup`,
//! and each PHH action, read against the live hand, a `Command` (`cc` is
//! a check or a call and `cbr` a bet or a raise only there). What the
//! engine cannot represent (other variants, straddles, uneven antes) and
//! what is not PHH for no-limit hold'em is refused here with its reason.

use super::PhhError;
use super::raw::{Amount, RawPhh, chips, whole};
use crate::table::cards::{Card, parse_cards};
use crate::table::command::{Command, Intent};
use crate::table::event::{AnteMode, BlindSeats, Street, TableSetup};
use crate::table::seat::MAX_SEATS;
use crate::table::{Chips, HandState, Seat};

pub(super) fn check_len(field: &'static str, expected: usize, got: usize) -> Result<(), PhhError> {
    if expected == got {
        Ok(())
    } else {
        Err(PhhError::Length {
            field,
            expected,
            got,
        })
    }
}

/// The table: seats, button, blinds, antes.
pub(super) fn table(raw: &RawPhh<'_>) -> Result<TableSetup, PhhError> {
    if raw.variant != "NT" {
        return Err(PhhError::Variant(raw.variant.to_string()));
    }
    let n = raw.starting_stacks.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(PhhError::PlayerCount(n));
    }
    let mut stacks = Vec::with_capacity(n);
    for (i, amount) in raw.starting_stacks.iter().enumerate() {
        stacks.push((
            Seat::from_index(i),
            Chips(chips("starting_stacks", *amount)?),
        ));
    }
    let blinds = by_player("blinds_or_straddles", raw.blinds_or_straddles.as_deref(), n)?;
    let blinds = &blinds[..n];
    if blinds.iter().skip(2).any(|b| *b != 0) {
        return Err(PhhError::Straddle(blinds.to_vec()));
    }
    // `[B, 0, ...]`: p1 posts the big blind and no one the small blind (a
    // dead small blind, as floorcall exports a dead-button hand).
    let dead_small = n > 2 && blinds[0] > 0 && blinds[1] == 0;
    let (small_blind, big_blind) = if dead_small {
        (0, blinds[0])
    } else {
        (blinds[0], blinds[1])
    };
    if let Some(min_bet) = raw.min_bet {
        let min_bet = chips("min_bet", min_bet)?;
        if min_bet != big_blind {
            return Err(PhhError::MinBet { min_bet, big_blind });
        }
    }

    let antes = by_player("antes", raw.antes.as_deref(), n)?;
    let antes = &antes[..n];
    // Heads-up, p1 posts the big blind (the button, p2, posts the small);
    // so does p1 when the small blind is dead.
    let big_blind_index = if n == 2 || dead_small { 0 } else { 1 };
    let (ante, ante_mode) = if antes.iter().all(|a| *a == 0) {
        (0, AnteMode::PerPlayer)
    } else if antes.iter().all(|a| *a == antes[0]) {
        (antes[0], AnteMode::PerPlayer)
    } else if antes
        .iter()
        .enumerate()
        .all(|(i, a)| (i == big_blind_index) == (*a != 0))
    {
        (antes[big_blind_index], AnteMode::BigBlind)
    } else {
        return Err(PhhError::Antes(antes.to_vec()));
    };

    Ok(TableSetup {
        button: Seat::from_index(n - 1),
        small_blind: Chips(small_blind),
        big_blind: Chips(big_blind),
        ante: Chips(ante),
        ante_mode,
        stacks,
        denominations: whole("_floorcall_denominations", &raw.denominations)?
            .into_iter()
            .map(Chips)
            .collect(),
        street: Street::Preflop,
        pot: Chips::ZERO,
        board: Vec::new(),
        blind_seats: dead_small.then(|| BlindSeats {
            small: None,
            big: Seat::from_index(0),
        }),
        away: Vec::new(),
    })
}

/// A per-player field in whole chips (all zero when the file has none),
/// in the order its errors are told: the first amount that is not whole
/// chips a table can hold, then a count other than the `n` players'. The
/// players' amounts are the first `n`: a table seats at most `MAX_SEATS`.
fn by_player(
    field: &'static str,
    amounts: Option<&[Amount]>,
    n: usize,
) -> Result<[u64; MAX_SEATS], PhhError> {
    let mut chips_by_player = [0; MAX_SEATS];
    if let Some(amounts) = amounts {
        for (i, amount) in amounts.iter().enumerate() {
            let value = chips(field, *amount)?;
            if let Some(slot) = chips_by_player.get_mut(i) {
                *slot = value;
            }
        }
        check_len(field, n, amounts.len())?;
    }
    Ok(chips_by_player)
}

/// One PHH action as a command, read against the live state; `None` for
/// hole cards that are not known (`????`).
pub(super) fn translate(
    text: &str,
    players: usize,
    state: &HandState,
) -> Result<Option<Command>, String> {
    // An actor, a verb and at most three more words are all an action
    // may have (a fourth is named as unexpected).
    let mut words = [""; 5];
    // ASCII text (every action PHH writers write) split without decoding
    // characters; any other at Unicode's whitespace, as always.
    let count = if text.is_ascii() {
        fill(&mut words, text.split_ascii_whitespace())
    } else {
        fill(&mut words, text.split_whitespace())
    };
    let (actor, verb, rest) = match &words[..count] {
        [actor, verb, rest @ ..] => (*actor, *verb, rest),
        _ => return Err("expected an actor and an action, like 'p1 cc' or 'd db AhKd2c'.".into()),
    };
    let extra = |n: usize| -> Result<(), String> {
        if rest.len() > n {
            Err(format!("unexpected '{}' at the end.", rest[n]))
        } else {
            Ok(())
        }
    };
    if actor == "d" {
        extra(2)?;
        return match verb {
            "dh" => {
                let [player, cards] = rest else {
                    return Err("'d dh' takes a player and two cards, like 'd dh p1 AcKs'.".into());
                };
                let seat = player_seat(player, players)?;
                if cards.contains('?') {
                    return Ok(None);
                }
                Ok(Some(Command::Hole {
                    seat,
                    cards: two_cards(cards)?,
                }))
            }
            "db" => {
                let [cards] = rest else {
                    return Err("'d db' takes the board cards, like 'd db Jc3d5c'.".into());
                };
                let cards = parse_cards(cards).map_err(|e| e.to_string())?;
                let street = match state.board.len() {
                    0 => Street::Flop,
                    3 => Street::Turn,
                    4 => Street::River,
                    dealt => return Err(format!("{dealt} board cards are out: no more can come.")),
                };
                Ok(Some(Command::Deal { street, cards }))
            }
            other => Err(format!(
                "unknown dealer action '{other}': no-limit hold'em has 'dh' (hole cards) and 'db' (board)."
            )),
        };
    }
    let seat = player_seat(actor, players)?;
    let act = |intent: Intent, all_in: bool| Command::Act {
        seat,
        intent,
        all_in,
    };
    let s = state.seat(seat);
    match verb {
        "f" => {
            extra(0)?;
            Ok(Some(act(Intent::Fold, false)))
        }
        "cc" => {
            extra(0)?;
            if s.wager < state.current_bet {
                Ok(Some(act(Intent::Call(None), false)))
            } else {
                Ok(Some(act(Intent::Check, false)))
            }
        }
        "cbr" => {
            extra(1)?;
            let amount = rest
                .first()
                .ok_or("'cbr' takes the street total, like 'p1 cbr 300'.")?;
            let to = whole_chips(amount)
                .map(Chips)
                .ok_or_else(|| format!("'{amount}' is not a whole number of chips."))?;
            if !to.within_table() {
                return Err(format!(
                    "'{amount}' is more than the most chips a table may have in play, {}.",
                    Chips::MAX_TABLE
                ));
            }
            let all_in = to == s.max_to();
            if state.current_bet.is_zero() {
                Ok(Some(act(Intent::Bet(to), all_in)))
            } else {
                Ok(Some(act(Intent::Raise(to), all_in)))
            }
        }
        "sm" => {
            extra(1)?;
            match rest.first() {
                None | Some(&"-") => Ok(Some(Command::Muck { seat })),
                Some(cards) if cards.contains('?') => Ok(Some(Command::Show { seat, cards: None })),
                Some(cards) => Ok(Some(Command::Show {
                    seat,
                    cards: Some(two_cards(cards)?),
                })),
            }
        }
        other => Err(format!(
            "unknown player action '{other}': expected f (fold), cc (check or call), cbr (bet or raise to) or sm (show or muck)."
        )),
    }
}

/// Fills `words` from `split`, as many as there are room for: how many.
fn fill<'a>(words: &mut [&'a str; 5], split: impl Iterator<Item = &'a str>) -> usize {
    let mut count = 0;
    for (slot, word) in words.iter_mut().zip(split) {
        *slot = word;
        count += 1;
    }
    count
}

/// A `cbr` amount in whole chips, as `f64` reads it: digits alone (every
/// amount PHH writers write) read in place, exactly, below 2^53; anything
/// else parsed.
fn whole_chips(text: &str) -> Option<u64> {
    if (1..=15).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
        return Some(text.bytes().fold(0, |v, b| v * 10 + u64::from(b - b'0')));
    }
    text.parse::<f64>().ok().and_then(|v| Amount(v).whole())
}

fn player_seat(word: &str, players: usize) -> Result<Seat, String> {
    // `p1` to `p9` read in place; anything else as `usize` parses it.
    let number = match word.as_bytes() {
        [b'p', digit @ b'1'..=b'9'] => Some(usize::from(digit - b'0')),
        _ => word.strip_prefix('p').and_then(|n| n.parse::<usize>().ok()),
    };
    number
        .filter(|n| (1..=players).contains(n))
        .map(|n| Seat::from_index(n - 1))
        .ok_or_else(|| format!("'{word}' is not a player: expected p1 to p{players}."))
}

fn two_cards(text: &str) -> Result<[Card; 2], String> {
    // Two cards are four characters: read in place (anything else is
    // read as a list, which says what is wrong).
    if text.len() == 4
        && text.is_ascii()
        && let (Ok(a), Ok(b)) = (text[..2].parse(), text[2..].parse())
    {
        return Ok([a, b]);
    }
    match parse_cards(text).map_err(|e| e.to_string())?.as_slice() {
        [a, b] => Ok([*a, *b]),
        other => Err(format!(
            "'{text}' is {} card(s); a hold'em hand is 2.",
            other.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `cbr` amount read in place is what `f64`'s parser reads, for
    /// digits alone and everything else.
    #[test]
    fn amounts_read_in_place_as_f64_parses_them() {
        let slow = |text: &str| text.parse::<f64>().ok().and_then(|v| Amount(v).whole());
        for text in [
            "0",
            "00",
            "225",
            "0225",
            "999999999999999",
            "1000000000000000",
            "9007199254740993",
            "99999999999999999999",
            "300.0",
            "300.5",
            "1e3",
            "+300",
            "-300",
            "",
            "3O0",
            "inf",
            "٣",
        ] {
            assert_eq!(whole_chips(text), slow(text), "{text:?}");
        }
        for v in (0..2000).chain([u32::MAX as u64, 1 << 52, (1 << 53) - 1]) {
            let text = v.to_string();
            assert_eq!(whole_chips(&text), slow(&text), "{text}");
        }
    }

    /// A player read in place is the one `usize`'s parser reads.
    #[test]
    fn players_read_in_place_as_usize_parses_them() {
        let slow = |word: &str, players: usize| {
            word.strip_prefix('p')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=players).contains(n))
                .map(|n| Seat::from_index(n - 1))
        };
        let words = [
            "p0", "p1", "p2", "p6", "p9", "p10", "p11", "p01", "p+1", "p", "P1", "q1", "p1x",
            "p-1", "p١",
        ];
        for players in [2, 6, 9, 10] {
            for word in words {
                assert_eq!(
                    player_seat(word, players).ok(),
                    slow(word, players),
                    "{word} of {players}"
                );
            }
        }
    }
}
