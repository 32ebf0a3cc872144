//! The keys of a PHH file as read: the text goes in, a `RawPhh` (the
//! fields the importer uses, amounts as written, whole or not) comes out.
//! The purpose-built `reader` fills a `RawPhh` from the TOML subset PHH
//! writers use; what it does not know goes to the `toml` crate, which
//! reads it the same way through `RawPhh`'s serde derive or names the line
//! and column of what is wrong (`reader::read_raw`). No check of the poker is made here: that is `translate`'s.

use std::borrow::Cow;

use serde::Deserialize;

use super::PhhError;
use crate::table::Chips;

/// The PHH keys the importer reads; others are ignored. The variant, the
/// actions and the players' names are borrowed from the file's text where the
/// purpose-built reader reads it (thousands of hands, each of dozens of
/// actions, are not copied string by string), owned where the `toml`
/// crate does.
#[derive(Debug, Deserialize, PartialEq)]
pub(super) struct RawPhh<'a> {
    pub(super) variant: Cow<'a, str>,
    #[serde(default)]
    pub(super) antes: Option<Vec<Amount>>,
    #[serde(default)]
    pub(super) blinds_or_straddles: Option<Vec<Amount>>,
    #[serde(default)]
    pub(super) min_bet: Option<Amount>,
    pub(super) starting_stacks: Vec<Amount>,
    #[serde(default)]
    pub(super) actions: Vec<Cow<'a, str>>,
    #[serde(default)]
    pub(super) players: Option<Vec<Cow<'a, str>>>,
    #[serde(default)]
    pub(super) finishing_stacks: Option<Vec<Amount>>,
    /// floorcall's own: the chip denominations in play (the odd chip of a
    /// split is the smallest), written by `export`.
    #[serde(default, rename = "_floorcall_denominations")]
    pub(super) denominations: Vec<Amount>,
}

/// A PHH amount: an integer, or a float (PokerKit writes `10000.0`, and
/// `10387.5` when it splits a pot exactly).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Amount(pub(super) f64);

impl Amount {
    /// The amount in whole chips, when it is one.
    pub(super) fn whole(self) -> Option<u64> {
        let v = self.0;
        (v >= 0.0 && v.fract() == 0.0 && v <= u64::MAX as f64).then_some(v as u64)
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Amount;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an amount of chips, not negative")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Amount, E> {
                Ok(Amount(v as f64))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Amount, E> {
                if v < 0 {
                    return Err(E::custom(format!("{v} chips is negative")));
                }
                Ok(Amount(v as f64))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Amount, E> {
                if !(v >= 0.0 && v.is_finite()) {
                    return Err(E::custom(format!("{v} is not an amount of chips")));
                }
                Ok(Amount(v))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// An amount in whole chips a table can hold, or an error naming the field
/// and the value.
pub(super) fn chips(field: &'static str, amount: Amount) -> Result<u64, PhhError> {
    match amount.whole() {
        None => Err(PhhError::Fraction {
            field,
            value: amount.0,
        }),
        Some(v) if !Chips(v).within_table() => Err(PhhError::OverMaximum {
            field,
            value: amount.0,
        }),
        Some(v) => Ok(v),
    }
}

/// Amounts in whole chips, or an error naming the field and the value.
pub(super) fn whole(field: &'static str, amounts: &[Amount]) -> Result<Vec<u64>, PhhError> {
    amounts.iter().map(|a| chips(field, *a)).collect()
}
