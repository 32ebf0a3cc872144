//! The house's tournament settings: how the floor seats, balances and
//! breaks tables across a multi-table tournament (the `[tournament]`
//! section of a house-rules file).
//!
//! They are read like `[settings]` (a value, the rule and its words, laid
//! over the base profile's) and carry their citations, so the floor quotes
//! the rule behind every move it proposes. The algorithms that apply them
//! live in `crate::tournament`; only the choices and their words are here.
//! A book that says nothing on a point marks the entry silent and names
//! what it falls back to (the value TDA, or for busts in one hand UPT
//! Tournament 35, gives).

use serde::{Deserialize, Serialize};

use super::RulesError;
use super::settings::{Arrival, RawSetting, Setting, SettingRow, pick, value_text};

/// How the players' first seats are assigned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatDraw {
    /// A random table and seat for each player (TDA 6, UPT Tournament 2,
    /// Nuts 7, Redtooth 48, Ugly Tuna Seating 1).
    Random,
}

/// How a late entry, an alternate or a re-entry is seated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LateEntry {
    /// By the same draw as the first seats, at any position; dealt in
    /// except between the small blind and the button (TDA 7; where he waits
    /// is the house's `new-player-waits`).
    RandomSeat,
    /// As `random-seat`, and a starting stack may be placed in an unsold
    /// seat for a late entrant (`seat 7 place 10000`): it is dealt in and
    /// posts its blinds and antes, the draw gives a late entrant a placed
    /// stack first, and he takes it as the blinds left it; the TD has an
    /// unsold one removed when he decides (`seat 7 no-show`) (UPT
    /// Tournament 6).
    PlacedStacks,
}

/// Players the house keeps apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeepApart {
    /// Never drawn or moved to one table (Ugly Tuna Seating 5, UPT Seating 3).
    NeverTogether,
}

/// Who moves to balance the tables, and to which seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BalanceWho {
    /// The player who will be big blind next, to the worst position, never
    /// the small blind (TDA 10-A).
    NextBigBlindToWorstPosition,
    /// The player due for the big blind, to the earliest seat due for the
    /// big blind (UPT Tournament 15).
    NextBigBlindToEarliestBigBlind,
    /// The player due to be big blind next, to the first vacant seat left
    /// of the big blind; he waits if he would interfere with the blinds
    /// (Nuts 10).
    NextBigBlindToFirstVacantLeftOfBigBlind,
    /// The player who will not lose position by the move, to the worst
    /// positioned seat (Redtooth 51).
    KeepsPosition,
    /// A random player to a random seat (Ugly Tuna Seating 2).
    Random,
}

/// How far apart the tables' player counts may get before a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BalanceWhen {
    /// Within one player (Nuts 10: "each table should have equal player
    /// numbers").
    WithinOne,
    /// Within one with six tables or fewer, two with more (UPT Tournament 17).
    WithinOneUpToSixTablesElseTwo,
}

/// From which table a player is moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BalanceFrom {
    /// The table with the most players; of equal tables, the first in the
    /// breaking order (a predetermined procedure, TDA 10-C).
    MostPlayersFirstToBreak,
    /// A random one of the tables with the most players (Ugly Tuna Seating 2).
    RandomOfMost,
}

/// The order tables break in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BreakOrder {
    /// A pre-set order, shown in advance (UPT Tournament 14).
    Preset,
}

/// How the players of a broken table are seated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BreakSeating {
    /// A random table, then a random seat at it (TDA 9); dealt in except
    /// where `new-player-waits` says.
    TwoStepRandom,
}

/// How many play at the final table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalTable {
    /// A full table plus one, at most ten (TDA 11).
    FullTablePlusOne,
    /// Ten players (Ugly Tuna Seating 2).
    Ten,
}

/// When the seats are drawn again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Redraw {
    /// Only when the TD says (Nuts 11).
    TdOnly,
    /// At three tables (with more than five starting tables), two and one
    /// (UPT Tournament 18).
    AtThreeTwoAndOneTables,
}

/// The button of a table made by a redraw or the final table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalButton {
    /// The table that stays keeps its button.
    Continues,
    /// Drawn by a card, the highest by suit (Ugly Tuna Seating 6, UPT
    /// Tournament 8).
    CardDraw,
}

/// When play goes hand-for-hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandForHand {
    /// When the TD switches it on.
    TdSwitch,
    /// Proposed by the floor when two tables are left, towards the final
    /// table (Redtooth 53); the TD switches it on.
    ProposedAtTwoTables,
}

/// What the level clock does while tables wait hand-for-hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandForHandClock {
    /// It runs on.
    Runs,
    /// It stops while play is hand-for-hand, the tables waiting for each
    /// other: paused when the TD switches it on, resumed when off (a
    /// pause of the TD's own stays).
    StopsWhileWaiting,
}

/// How players out in the same hand at different tables are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SameHandBusts {
    /// The larger starting stack finishes higher; equal stacks share the
    /// place (UPT Tournament 35); never by the cards (Nuts 30).
    StartingStackTiesEqual,
}

/// When a new level of the clock applies at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewLevel {
    /// At the table's next hand, never within one (TDA 22, Nuts 23,
    /// Redtooth 44; UPT Tournament 10: "on the next deal").
    NextHand,
}

/// Whether the house sells rebuys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rebuys {
    /// Where the structure sells them (`[money.rebuy]`); one announced
    /// before a hand binds (TDA 26, UPT Tournament 33).
    AsTheStructureSells,
    /// None, whatever the structure says (Redtooth 55).
    None,
}

/// Whether the floor makes deals among the players left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deals {
    /// The floor proposes an ICM, chip or even chop and records the one
    /// every player left accepts.
    Allowed,
    /// No deal or chop (Ugly Tuna 13).
    Forbidden,
    /// A deal is the players' own: the house pays the places and does
    /// not rule on it (UPT Tournament 36).
    Private,
}

/// A paid entrant who never came: whether, and when, his chips placed at
/// his seat are taken out of play (`seat 3 no-show`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoShow {
    /// Never: he is dealt in and his blinds and antes posted until his
    /// chips are gone (TDA 29).
    BlindedOff,
    /// At the TD's word once a new level has begun or half an hour has
    /// passed, whichever is first (UPT Tournament 5).
    AfterALevel,
    /// Once the first break is over (Nuts 63: "If by the end of the first
    /// break the player(s) have not arrived their remaining chips shall
    /// be removed from play").
    AfterTheFirstBreak,
}

macro_rules! tournament_settings {
    ($( $(#[$doc:meta])* $field:ident : $ty:ty = $key:literal (since $since:literal, earlier $earlier:expr) ),* $(,)?) => {
        /// The `[tournament]` section as written.
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(super) struct RawTournament {
            $( #[serde(rename = $key)] $field: Option<RawSetting<$ty>>, )*
        }

        /// The floor's settings for a tournament, each with its citation.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Tournament {
            $( $(#[$doc])* pub $field: Setting<$ty>, )*
        }

        impl Tournament {
            /// Every key, as written in the TOML.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// Each setting's key, the release it arrived in, and whether
            /// it has the value that reproduces what floorcall did before.
            pub const ARRIVALS: &'static [(&'static str, &'static str, bool)] =
                &[$( ($key, $since, Option::<$ty>::is_some(&$earlier)) ),*];

            /// The settings, the file's laid over the base's; every one
            /// missing from both is an error, and so are clauses (no
            /// ruling quotes a tournament setting case by case).
            pub(super) fn resolve(raw: &RawTournament, base: Option<&Tournament>, rulebook: &str, file: &str) -> Result<Tournament, Vec<RulesError>> {
                let mut problems = Vec::new();
                $(
                    if raw.$field.as_ref().is_some_and(|s| !s.clauses.is_empty()) {
                        problems.push(RulesError::Toml {
                            file: file.to_string(),
                            message: concat!("tournament.", $key, ": a tournament setting has no clauses").to_string(),
                        });
                    }
                    let $field = pick(&raw.$field, base.map(|b| &b.$field), Arrival { since: $since, earlier: $earlier }, rulebook, file, concat!("tournament.", $key)).map_err(|e| problems.push(e));
                )*
                match ($( $field, )*) {
                    ($( Ok($field), )*) if problems.is_empty() => Ok(Tournament { $( $field, )* }),
                    _ => Err(problems),
                }
            }

            /// Every setting: key, value as written, citation.
            pub fn rows(&self) -> Vec<SettingRow<'_>> {
                vec![ $( ($key, value_text(&self.$field.value), &self.$field.citation), )* ]
            }
        }
    };
}

// Each setting with the release it arrived in and the value that
// reproduces what floorcall did before it (every tournament setting came
// with the floor, on 2026-11-25: before it, the TDA's, as `tda` has them).
tournament_settings! {
    /// How the first seats are drawn.
    seat_draw: SeatDraw = "seat-draw" (since "2026-11-25", earlier Some(SeatDraw::Random)),
    /// How late entries, alternates and re-entries are seated.
    late_entry: LateEntry = "late-entry" (since "2026-11-25", earlier Some(LateEntry::RandomSeat)),
    /// Players the house keeps apart.
    keep_apart: KeepApart = "keep-apart" (since "2026-11-25", earlier Some(KeepApart::NeverTogether)),
    /// Who moves to balance, and where he sits.
    balance_who: BalanceWho = "balance-who" (since "2026-11-25", earlier Some(BalanceWho::NextBigBlindToWorstPosition)),
    /// When tables are out of balance.
    balance_when: BalanceWhen = "balance-when" (since "2026-11-25", earlier Some(BalanceWhen::WithinOne)),
    /// From which table a player moves.
    balance_from: BalanceFrom = "balance-from" (since "2026-11-25", earlier Some(BalanceFrom::MostPlayersFirstToBreak)),
    /// A full table halts when this many players short of the fullest
    /// (0: the book halts none).
    halt_short_by: u64 = "halt-short-by" (since "2026-11-25", earlier Some(3)),
    /// The order tables break in.
    break_order: BreakOrder = "break-order" (since "2026-11-25", earlier Some(BreakOrder::Preset)),
    /// How a broken table's players are seated.
    break_seating: BreakSeating = "break-seating" (since "2026-11-25", earlier Some(BreakSeating::TwoStepRandom)),
    /// How many play at the final table.
    final_table: FinalTable = "final-table" (since "2026-11-25", earlier Some(FinalTable::FullTablePlusOne)),
    /// When seats are drawn again.
    redraw: Redraw = "redraw" (since "2026-11-25", earlier Some(Redraw::TdOnly)),
    /// The button of a redrawn or final table.
    final_button: FinalButton = "final-button" (since "2026-11-25", earlier Some(FinalButton::Continues)),
    /// When play goes hand-for-hand.
    hand_for_hand: HandForHand = "hand-for-hand" (since "2026-11-25", earlier Some(HandForHand::TdSwitch)),
    /// The level clock while tables wait hand-for-hand.
    hand_for_hand_clock: HandForHandClock = "hand-for-hand-clock" (since "2026-11-25", earlier Some(HandForHandClock::Runs)),
    /// Players out in one hand at different tables.
    same_hand_busts: SameHandBusts = "same-hand-busts" (since "2026-11-25", earlier Some(SameHandBusts::StartingStackTiesEqual)),
    /// The share of the entry's stack (per cent) a late entry is sold in
    /// level 1, level 2, and level 3 and after (Nuts 63: 90, 70, 50; TDA
    /// 7: full stacks).
    late_entry_stack: [u32; 3] = "late-entry-stack" (since "2026-11-29", earlier Some([100, 100, 100])),
    /// Whether rebuys are sold (where the structure sells them).
    rebuys: Rebuys = "rebuys" (since "2026-11-29", earlier Some(Rebuys::AsTheStructureSells)),
    /// Whether the floor makes deals.
    deals: Deals = "deals" (since "2026-11-29", earlier Some(Deals::Allowed)),
    /// Whether a paid entrant who never came has his chips taken out of
    /// play, and when.
    no_show: NoShow = "no-show" (since "2026-11-29", earlier Some(NoShow::BlindedOff)),
    /// When a new level applies at a table (the floor's hint cites it).
    new_level: NewLevel = "new-level" (since "2026-11-29", earlier Some(NewLevel::NextHand)),
}

impl FinalTable {
    /// The final table's players for tables of `seats` seats.
    pub fn players(self, seats: usize) -> usize {
        match self {
            // TDA 11: "No final table should seat more than 10."
            FinalTable::FullTablePlusOne => (seats + 1).min(10),
            FinalTable::Ten => 10,
        }
    }
}

impl BalanceWhen {
    /// The largest difference in players allowed with `tables` tables.
    pub fn tolerance(self, tables: usize) -> usize {
        match self {
            BalanceWhen::WithinOne => 1,
            // UPT Tournament 17.
            BalanceWhen::WithinOneUpToSixTablesElseTwo if tables > 6 => 2,
            BalanceWhen::WithinOneUpToSixTablesElseTwo => 1,
        }
    }
}
