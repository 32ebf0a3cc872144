//! Rulings: what floorcall suggests when an input needs one, with the plain
//! sentence and the rule it applies.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// The ruling ids fixed by the table-notation contract, and floorcall's
/// own (`floor-decision`, `penalty`) after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RulingId {
    MinRaise,
    FiftyPercent,
    OversizedChip,
    MultipleChip,
    StringBet,
    VerbalBinding,
    Undercall,
    OutOfTurn,
    ShortAllIn,
    LesserAmount,
    PotBetNoLimit,
    ConditionalStatement,
    UncalledBet,
    SidePot,
    OddChip,
    ShowdownOrder,
    AllInFaceUp,
    Misdeal,
    SubstantialAction,
    DeadHand,
    PrematureCard,
    FourCardFlop,
    ExposedCard,
    Clock,
    DeadButton,
    HeadsUpButton,
    ShortBlind,
    FloorDecision,
    Penalty,
}

impl RulingId {
    /// Every ruling id, in contract order.
    pub const ALL: [RulingId; 29] = [
        RulingId::MinRaise,
        RulingId::FiftyPercent,
        RulingId::OversizedChip,
        RulingId::MultipleChip,
        RulingId::StringBet,
        RulingId::VerbalBinding,
        RulingId::Undercall,
        RulingId::OutOfTurn,
        RulingId::ShortAllIn,
        RulingId::LesserAmount,
        RulingId::PotBetNoLimit,
        RulingId::ConditionalStatement,
        RulingId::UncalledBet,
        RulingId::SidePot,
        RulingId::OddChip,
        RulingId::ShowdownOrder,
        RulingId::AllInFaceUp,
        RulingId::Misdeal,
        RulingId::SubstantialAction,
        RulingId::DeadHand,
        RulingId::PrematureCard,
        RulingId::FourCardFlop,
        RulingId::ExposedCard,
        RulingId::Clock,
        RulingId::DeadButton,
        RulingId::HeadsUpButton,
        RulingId::ShortBlind,
        RulingId::FloorDecision,
        RulingId::Penalty,
    ];

    /// The id as written in scenario files (`fifty-percent`).
    pub fn as_str(self) -> &'static str {
        match self {
            RulingId::MinRaise => "min-raise",
            RulingId::FiftyPercent => "fifty-percent",
            RulingId::OversizedChip => "oversized-chip",
            RulingId::MultipleChip => "multiple-chip",
            RulingId::StringBet => "string-bet",
            RulingId::VerbalBinding => "verbal-binding",
            RulingId::Undercall => "undercall",
            RulingId::OutOfTurn => "out-of-turn",
            RulingId::ShortAllIn => "short-all-in",
            RulingId::LesserAmount => "lesser-amount",
            RulingId::PotBetNoLimit => "pot-bet-no-limit",
            RulingId::ConditionalStatement => "conditional-statement",
            RulingId::UncalledBet => "uncalled-bet",
            RulingId::SidePot => "side-pot",
            RulingId::OddChip => "odd-chip",
            RulingId::ShowdownOrder => "showdown-order",
            RulingId::AllInFaceUp => "all-in-face-up",
            RulingId::Misdeal => "misdeal",
            RulingId::SubstantialAction => "substantial-action",
            RulingId::DeadHand => "dead-hand",
            RulingId::PrematureCard => "premature-card",
            RulingId::FourCardFlop => "four-card-flop",
            RulingId::ExposedCard => "exposed-card",
            RulingId::Clock => "clock",
            RulingId::DeadButton => "dead-button",
            RulingId::HeadsUpButton => "heads-up-button",
            RulingId::ShortBlind => "short-blind",
            RulingId::FloorDecision => "floor-decision",
            RulingId::Penalty => "penalty",
        }
    }
}

impl fmt::Display for RulingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a rule comes from: the rulebook, the rule's number or heading, and
/// its text (or the sentence that applies).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    /// The rulebook file or title.
    pub rulebook: String,
    /// The rule number or heading.
    pub rule: String,
    /// The rule's words.
    pub text: String,
}

impl Citation {
    /// The rulebook and the rule, without its words, for a hint on a
    /// screen's one line (`tda.txt 10-D`, `ultimate-poker-tour.txt
    /// Tournament 6`).
    pub fn brief(&self) -> String {
        format!("{} {}", self.rulebook, self.rule)
    }
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rule {}: \"{}\"", self.rulebook, self.rule, self.text)
    }
}

/// A suggested ruling: id, one plain sentence with the numbers, citation,
/// and the other rulings the floor may make instead, when the book leaves
/// the floor a real choice. Cheap to clone (shared text), since the state
/// keeps every ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// The contract's ruling id.
    pub id: RulingId,
    /// What it means here, with the numbers of the situation.
    pub text: Arc<str>,
    /// The rule applied.
    pub citation: Arc<Citation>,
    /// The floor's alternatives (TD's discretion, or several readings).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<FloorOption>,
}

impl Ruling {
    /// Whether `other` is this very ruling, its texts shared (not merely
    /// equal): a test of pointers, with no string compared.
    pub fn is_shared_with(&self, other: &Ruling) -> bool {
        self.id == other.id
            && Arc::ptr_eq(&self.text, &other.text)
            && Arc::ptr_eq(&self.citation, &other.citation)
            && self.options == other.options
    }

    /// The ruling with the floor's alternatives to it.
    pub fn with_options(mut self, options: Vec<FloorOption>) -> Ruling {
        self.options = options;
        self
    }
}

/// Another ruling the floor may make, as the notation line that records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorOption {
    /// What it rules, in a sentence with the numbers.
    pub text: String,
    /// The notation line that records it (`floor dead-hand s2`).
    pub line: String,
    /// Whether it replaces the entry that suggested the ruling (another
    /// reading of the same moment) instead of following it.
    #[serde(default)]
    pub replaces: bool,
}

impl FloorOption {
    /// An option recorded by a line after the ruled entry.
    pub fn after(text: String, line: String) -> FloorOption {
        FloorOption {
            text,
            line,
            replaces: false,
        }
    }

    /// An option recorded by a line in place of the ruled entry.
    pub fn instead(text: String, line: String) -> FloorOption {
        FloorOption {
            text,
            line,
            replaces: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_serialize_as_the_contract_spells_them() {
        for id in RulingId::ALL {
            let json = toml::Value::try_from(id).unwrap();
            assert_eq!(json.as_str(), Some(id.as_str()));
        }
    }
}
