//! The cases of a ruling that a house may quote its own clause for.
//!
//! A rule often decides several cases in different sentences: TDA 43-A
//! makes 50% of a raise a full raise in one sentence and less than 50% a
//! call in the next. The engine names the case it is in
//! (`HouseRules::ruling_clause(id, "under-half", ...)`); a profile gives the
//! words for that case as a named clause of the ruling's citation, and a
//! case the profile has no clause for quotes the main citation. Every key
//! the engine uses is listed here once: a profile naming any other key is
//! refused when it loads.

use super::RulingId;

/// One case of a ruling that the engine tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClauseKey {
    /// The ruling.
    pub id: RulingId,
    /// The clause's key in a profile (`[cite.fifty-percent.clauses.under-half]`).
    pub key: &'static str,
    /// The case, in a few words, for `rules show` and the docs.
    pub case: &'static str,
}

const fn case(id: RulingId, key: &'static str, case: &'static str) -> ClauseKey {
    ClauseKey { id, key, case }
}

/// Every clause key the engine quotes, by ruling.
pub const CLAUSES: &[ClauseKey] = &[
    case(
        RulingId::Penalty,
        "disqualified",
        "a player disqualified: his chips are removed from play",
    ),
    case(
        RulingId::OutOfTurn,
        "fold-binds",
        "a fold out of turn binds at once",
    ),
    case(
        RulingId::OutOfTurn,
        "action-changed",
        "a bet or raise changed the action to the seat: its out-of-turn action is freed",
    ),
    case(
        RulingId::OutOfTurn,
        "action-unchanged",
        "only checks, calls or folds came between: the out-of-turn action binds",
    ),
    case(
        RulingId::OutOfTurn,
        "bet-then-check",
        "a bet out of turn, and the rightful player just before checks: it becomes a check",
    ),
    case(
        RulingId::OutOfTurn,
        "intervening",
        "someone between bet, called or raised after the out-of-turn action",
    ),
    case(
        RulingId::OutOfTurn,
        "check-no-bet-next-turn",
        "a check out of turn: no bet or raise on the seat's next turn",
    ),
    case(
        RulingId::OutOfTurn,
        "call-no-raise-next-turn",
        "a call out of turn: no raise on the seat's next turn",
    ),
    case(
        RulingId::Misdeal,
        "re-deal",
        "a misdeal is declared: every chip goes back and the hand is dealt again",
    ),
    case(
        RulingId::SubstantialAction,
        "skipped-player",
        "substantial action out of turn over a skipped seat: it binds, and the floor rules on the skipped hand",
    ),
    case(
        RulingId::DeadHand,
        "missed-player-board",
        "a board card is dealt over a missed seat that has not acted",
    ),
    case(
        RulingId::MinRaise,
        "bet-under-minimum",
        "chips put out as a bet below the minimum bet are brought up to it",
    ),
    case(
        RulingId::MinRaise,
        "declared-under-minimum",
        "a declared bet or raise below the minimum is brought up to it",
    ),
    case(
        RulingId::MinRaise,
        "chips-under-minimum",
        "\"raise\" said, then chips other than the exact call but short of a minimum raise: a minimum raise",
    ),
    case(
        RulingId::FiftyPercent,
        "at-least-half",
        "a silent raise of at least half a minimum raise must be a full raise",
    ),
    case(
        RulingId::FiftyPercent,
        "under-half",
        "a silent raise of less than half a minimum raise is a call",
    ),
    case(
        RulingId::OversizedChip,
        "facing-bet",
        "a single oversized chip facing a bet is a call",
    ),
    case(
        RulingId::OversizedChip,
        "before-flop",
        "a single oversized chip before the flop",
    ),
    case(
        RulingId::OversizedChip,
        "not-facing-bet",
        "a single oversized chip not facing a bet is a bet of the chip",
    ),
    case(
        RulingId::OversizedChip,
        "raise-declared",
        "\"raise\" said, then a single oversized chip: the most the chip allows",
    ),
    case(
        RulingId::MultipleChip,
        "every-chip-needed",
        "several chips, every one needed to call: a call",
    ),
    case(
        RulingId::MultipleChip,
        "fifty-percent-decides",
        "several chips, one of the smallest could go: the 50% standard decides",
    ),
    case(
        RulingId::MultipleChip,
        "mixed-denominations",
        "several chips of mixed denominations: the 50% standard decides",
    ),
    case(
        RulingId::StringBet,
        "second-motion",
        "chips put out in a second motion without a declaration do not play",
    ),
    case(
        RulingId::StringBet,
        "raise-then-motions",
        "\"raise\" said, then more motions than the one that completes it",
    ),
    case(
        RulingId::StringBet,
        "second-declaration",
        "words after a complete declaration (\"call, and raise\") do not play",
    ),
    case(
        RulingId::VerbalBinding,
        "call",
        "\"call\" said in turn: a call of the full amount",
    ),
    case(
        RulingId::VerbalBinding,
        "raise",
        "\"raise\" or \"bet\" said in turn without an amount, then nothing or one motion of chips",
    ),
    case(
        RulingId::VerbalBinding,
        "raise-then-chips",
        "\"raise\" said, then the exact call and one more motion that completes it",
    ),
    case(
        RulingId::VerbalBinding,
        "raise-amount",
        "\"raise\" and an amount: the amount is the street total",
    ),
    case(
        RulingId::VerbalBinding,
        "beyond-stack",
        "a declaration for more than the stack: all in",
    ),
    case(
        RulingId::VerbalBinding,
        "words-over-chips",
        "words and chips that differ: the words play",
    ),
    case(
        RulingId::VerbalBinding,
        "chips-first",
        "chips pushed, then words from the same seat: the chips came first and define the bet",
    ),
    case(
        RulingId::Undercall,
        "heads-up",
        "less than the call, heads-up: a full call",
    ),
    case(
        RulingId::Undercall,
        "opening-bet",
        "less than the call facing the opening bet: a full call",
    ),
    case(
        RulingId::Undercall,
        "td-discretion",
        "less than the call, multi-way, facing a raise: the TD decides",
    ),
    case(
        RulingId::ShortAllIn,
        "does-not-reopen",
        "an all-in short of a full raise does not reopen the betting to players who acted",
    ),
    case(
        RulingId::ShortAllIn,
        "min-raise-stays",
        "an all-in short of a full raise before anyone else acted: the minimum raise stays",
    ),
    case(
        RulingId::ShortAllIn,
        "under-minimum-bet",
        "an all-in bet below the minimum bet: a raise is still at least the minimum bet more",
    ),
    case(
        RulingId::LesserAmount,
        "not-facing-bet",
        "an unclear amount declared as a bet (\"I bet five\")",
    ),
    case(
        RulingId::LesserAmount,
        "facing-bet",
        "an unclear amount declared facing a bet",
    ),
    case(
        RulingId::PotBetNoLimit,
        "not-facing-bet",
        "\"pot\" with no bet to face: a minimum bet",
    ),
    case(
        RulingId::PotBetNoLimit,
        "facing-bet",
        "\"pot\" facing a bet: a minimum raise",
    ),
    case(
        RulingId::ShowdownOrder,
        "last-aggressor",
        "the last bettor or raiser on the river tables first",
    ),
    case(
        RulingId::ShowdownOrder,
        "no-river-bet",
        "no bet on the river: the first seat left of the button tables first",
    ),
    case(
        RulingId::ShowdownOrder,
        "left-of-last-caller",
        "the first seat left of the last caller tables first",
    ),
    case(
        RulingId::ShowdownOrder,
        "hand-paid-to-see",
        "the called river bettor mucks: a caller may ask to see the hand",
    ),
    case(
        RulingId::AllInFaceUp,
        "betting-complete",
        "a player is all in and the betting is complete: hands are tabled",
    ),
    case(
        RulingId::AllInFaceUp,
        "side-pots",
        "the same, with side pots: every hand in every pot is tabled",
    ),
    case(
        RulingId::UncalledBet,
        "no-one-to-call",
        "every other player still in is all in: what goes beyond a call cannot be called and goes back",
    ),
    case(
        RulingId::AllInFaceUp,
        "no-muck",
        "a hand still in is thrown toward the muck when it must be tabled",
    ),
    case(
        RulingId::HeadsUpButton,
        "button-posts-small-blind",
        "heads-up: the button posts the small blind",
    ),
    case(
        RulingId::HeadsUpButton,
        "button-adjusted",
        "heads-up with the button on an empty seat: the button is adjusted",
    ),
    case(
        RulingId::ShortBlind,
        "big-blind",
        "a big blind posted short: the big blind stays for calls and raises",
    ),
    case(
        RulingId::ShortBlind,
        "small-blind",
        "a small blind posted short: all in",
    ),
];

/// Whether the engine quotes `key` for ruling `id`.
pub fn is_known(id: RulingId, key: &str) -> bool {
    CLAUSES.iter().any(|c| c.id == id && c.key == key)
}

/// The clause keys the engine quotes for ruling `id`.
pub fn keys_for(id: RulingId) -> impl Iterator<Item = &'static str> {
    CLAUSES.iter().filter(move |c| c.id == id).map(|c| c.key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kebab_case_and_unique_per_ruling() {
        for (i, c) in CLAUSES.iter().enumerate() {
            assert!(
                c.key
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-'),
                "{}: {}",
                c.id,
                c.key
            );
            assert!(
                !CLAUSES[..i].iter().any(|d| d.id == c.id && d.key == c.key),
                "{} {} is listed twice",
                c.id,
                c.key
            );
        }
    }
}
