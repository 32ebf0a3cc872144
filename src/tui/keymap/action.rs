//! The actions a key can ask of a screen, and their names in keys.toml
//! (`fold`, `all-in`, `number-3`): one table, `NAMED`, read both ways.

use std::str::FromStr;

/// Everything a key can ask of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Fold for the seat in focus.
    Fold,
    /// Check.
    Check,
    /// Call.
    Call,
    /// Bet: the amount is typed.
    Bet,
    /// Raise: the raise-to amount is typed.
    Raise,
    /// All in.
    AllIn,
    /// A verbal declaration (typed words).
    Say,
    /// Chips pushed in one motion (typed amount or denominations).
    Push,
    /// A second motion by the seat whose motion is open.
    Motion,
    /// A tap.
    Tap,
    /// Cards thrown to the muck.
    Muck,
    /// Close the open motion: it binds now.
    CloseMotion,
    /// Record hole cards.
    Hole,
    /// Table a hand at showdown.
    Show,
    /// Deal the next board cards.
    Deal,
    /// Ask the floor about an irregularity.
    Floor,
    /// Retract the last entry.
    Undo,
    /// Restore what the last undo retracted.
    Redo,
    /// Open the command bar for a notation line.
    CommandBar,
    /// Start the next hand.
    NextHand,
    /// Show every key and the notation.
    Help,
    /// Open the review of the hand in play (Esc comes back).
    Review,
    /// Pause the level clock, or run it again.
    LevelClock,
    /// Call the clock on the seat to act, or stop it.
    PlayerClock,
    /// A minute more on the level clock.
    LevelClockPlus,
    /// A minute less on the level clock.
    LevelClockMinus,
    /// Carry out the floor's next order for this table (a move's leave or
    /// sit), between hands.
    FloorOrder,
    /// Leave floorcall (asks while a hand is open).
    Quit,
    /// Back out of whatever is open.
    Cancel,
    /// A number key: a seat on the table, a choice in a list.
    Number(u8),
    /// Accept the suggested ruling.
    Accept,
    /// The floor rules otherwise.
    Override,
    /// Apply what was typed.
    Submit,
    /// Delete the character before the cursor.
    DeleteBack,
    /// Earlier command line (or one big blind more).
    HistoryPrev,
    /// Later command line (or one big blind less).
    HistoryNext,
    /// Start the table.
    Start,
    /// Next setup field.
    NextField,
    /// Previous setup field.
    PrevField,
    /// Next choice of a setup field.
    ChooseNext,
    /// Previous choice of a setup field.
    ChoosePrev,
    /// Yes.
    Yes,
    /// No.
    No,
    /// Start a new table instead of resuming the journal's hand (asks
    /// again: the journal's table is left).
    NewTable,
    /// Scroll up.
    ScrollUp,
    /// Scroll down.
    ScrollDown,
    /// Scroll a page up.
    PageUp,
    /// Scroll a page down.
    PageDown,
    /// Scroll to the start (the log: the session's first hand).
    ScrollTop,
    /// Scroll back to the end (the log: the newest line).
    ScrollBottom,
    /// The floor: the table to the left in the grid.
    TableLeft,
    /// The floor: the table to the right in the grid.
    TableRight,
    /// The floor: the table above in the grid.
    TableUp,
    /// The floor: the table below in the grid.
    TableDown,
    /// The floor: the next table.
    NextTable,
    /// The floor: the previous table.
    PrevTable,
    /// Open what is selected (a table's hands, a hand in the review).
    Open,
    /// The floor: propose the moves that balance the tables.
    ProposeMoves,
    /// The floor: confirm the moves proposed.
    ConfirmMoves,
    /// The floor: break the next table (asks first).
    BreakTable,
    /// The floor: cancel a move confirmed and not yet made.
    CancelMove,
    /// The floor: send a player whose move is confirmed elsewhere.
    AmendMove,
    /// The floor: move a player by hand.
    MovePlayer,
    /// The floor: a late entry, drawn to a seat.
    LateEntry,
    /// The floor: correct a player's stack.
    CorrectStack,
    /// The floor: the room's money (an entry, a re-entry, a rebuy, an
    /// add-on, a deal), typed as a floor line.
    Money,
    /// The floor: a light table's line (a player out, the counts, the
    /// button), which the table carries out by itself.
    KeyLight,
    /// The floor: hand-for-hand on or off.
    HandForHand,
    /// The floor: the clock to the next level.
    NextLevel,
    /// The floor: the clock to the previous level.
    PrevLevel,
    /// The review: the next entry of the hand.
    NextStep,
    /// The review: the previous entry of the hand.
    PrevStep,
    /// The review: the next entry with a ruling.
    NextRuling,
    /// The review: the previous entry with a ruling.
    PrevRuling,
    /// The review: the next entry another house reads otherwise.
    NextDifference,
    /// The review: the previous entry another house reads otherwise.
    PrevDifference,
    /// The review: compare with the next house, then none.
    Compare,
    /// The review: back to the hand list.
    Back,
    /// Practice: why the answer is what it is.
    Explain,
    /// Practice: the next question.
    NextQuestion,
    /// A typed character (not in the key map: keys that type do this).
    Input(char),
}

/// The actions a key map may name, with their names.
pub(super) const NAMED: [(Action, &str); 80] = [
    (Action::Fold, "fold"),
    (Action::Check, "check"),
    (Action::Call, "call"),
    (Action::Bet, "bet"),
    (Action::Raise, "raise"),
    (Action::AllIn, "all-in"),
    (Action::Say, "say"),
    (Action::Push, "push"),
    (Action::Motion, "motion"),
    (Action::Tap, "tap"),
    (Action::Muck, "muck"),
    (Action::CloseMotion, "close-motion"),
    (Action::Hole, "hole"),
    (Action::Show, "show"),
    (Action::Deal, "deal"),
    (Action::Floor, "floor"),
    (Action::Undo, "undo"),
    (Action::Redo, "redo"),
    (Action::CommandBar, "command-bar"),
    (Action::NextHand, "next-hand"),
    (Action::Help, "help"),
    (Action::Review, "review"),
    (Action::LevelClock, "level-clock"),
    (Action::PlayerClock, "player-clock"),
    (Action::LevelClockPlus, "level-clock-plus"),
    (Action::LevelClockMinus, "level-clock-minus"),
    (Action::FloorOrder, "floor-order"),
    (Action::Quit, "quit"),
    (Action::Cancel, "cancel"),
    (Action::Accept, "accept"),
    (Action::Override, "override"),
    (Action::Submit, "submit"),
    (Action::DeleteBack, "delete-back"),
    (Action::HistoryPrev, "history-prev"),
    (Action::HistoryNext, "history-next"),
    (Action::Start, "start"),
    (Action::NextField, "next-field"),
    (Action::PrevField, "prev-field"),
    (Action::ChooseNext, "choose-next"),
    (Action::ChoosePrev, "choose-prev"),
    (Action::Yes, "yes"),
    (Action::No, "no"),
    (Action::NewTable, "new-table"),
    (Action::ScrollUp, "scroll-up"),
    (Action::ScrollDown, "scroll-down"),
    (Action::PageUp, "page-up"),
    (Action::PageDown, "page-down"),
    (Action::ScrollTop, "scroll-top"),
    (Action::ScrollBottom, "scroll-bottom"),
    (Action::TableLeft, "table-left"),
    (Action::TableRight, "table-right"),
    (Action::TableUp, "table-up"),
    (Action::TableDown, "table-down"),
    (Action::NextTable, "next-table"),
    (Action::PrevTable, "prev-table"),
    (Action::Open, "open"),
    (Action::ProposeMoves, "propose-moves"),
    (Action::ConfirmMoves, "confirm-moves"),
    (Action::BreakTable, "break-table"),
    (Action::CancelMove, "cancel-move"),
    (Action::AmendMove, "amend-move"),
    (Action::MovePlayer, "move-player"),
    (Action::LateEntry, "late-entry"),
    (Action::CorrectStack, "correct-stack"),
    (Action::Money, "money"),
    (Action::KeyLight, "key-light"),
    (Action::HandForHand, "hand-for-hand"),
    (Action::NextLevel, "next-level"),
    (Action::PrevLevel, "prev-level"),
    (Action::NextStep, "next-step"),
    (Action::PrevStep, "prev-step"),
    (Action::NextRuling, "next-ruling"),
    (Action::PrevRuling, "prev-ruling"),
    (Action::NextDifference, "next-difference"),
    (Action::PrevDifference, "prev-difference"),
    (Action::Compare, "compare"),
    (Action::Back, "back"),
    (Action::Explain, "explain"),
    (Action::NextQuestion, "next-question"),
    // `number-N` is parsed apart; this row keeps the list complete for help.
    (Action::Number(0), "number-N"),
];

impl Action {
    /// The name used in keys.toml (`all-in`, `number-3`).
    pub fn name(self) -> String {
        match self {
            Action::Number(n) => format!("number-{n}"),
            Action::Input(c) => format!("type {c}"),
            other => NAMED
                .iter()
                .find(|(a, _)| *a == other)
                .map_or_else(String::new, |(_, n)| (*n).to_string()),
        }
    }

    /// The same action, any number counting as a number.
    pub(super) fn same_kind(self, other: Action) -> bool {
        matches!((self, other), (Action::Number(_), Action::Number(_))) || self == other
    }

    /// What the action does, for the help screen.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Fold => "fold (the seat to act, or the seat keyed first)",
            Action::Check => "check",
            Action::Call => "call",
            Action::Bet => "bet: type the amount (the minimum is filled in; 2.5k is 2,500)",
            Action::Raise => {
                "raise: type the raise-to amount (the minimum is filled in; 2.5k is 2,500)"
            }
            Action::AllIn => "all in",
            Action::Say => "a verbal declaration: call, check, fold, raise 800, pot, 1400 ...",
            Action::Push => {
                "chips pushed in one motion: 1400 (chips worth it), 1000x2+100x3, one chip 5000x1"
            }
            Action::Motion => {
                "a second motion by the seat whose motion is open (an action key binds it)"
            }
            Action::Tap => "a tap (a check gesture)",
            Action::Muck => "cards to the muck (a fold; at showdown, a discard)",
            Action::CloseMotion => "close the open motion: the player's hands are back",
            Action::Hole => "record hole cards: AhKd",
            Action::Show => "table a hand at showdown (cards, or Enter for the recorded ones)",
            Action::Deal => "deal the next board cards: AsKd7c, then 2h, then 9s",
            Action::Floor => {
                "ask the floor: misdeal, exposed-card, boxed-card, four-card-flop, premature-card, clock"
            }
            Action::Undo => "undo the last entry (recorded as a retraction)",
            Action::Redo => "redo what the last undo retracted",
            Action::CommandBar => {
                "command bar: a table-notation line, or a session line: seat 7 sit 10000 Ann, clock pause (up/down: history)"
            }
            Action::NextHand => "next hand: stacks carried, the button moved by the house's rules",
            Action::LevelClock => {
                "pause the level clock, or run it again (clock pause, clock resume)"
            }
            Action::LevelClockPlus => "a minute more in the level (clock adjust +60)",
            Action::LevelClockMinus => "a minute less in the level (clock adjust -60)",
            Action::FloorOrder => {
                "carry out the floor's next order between hands: a player leaving for another table (seat 4 leave) or arriving (seat 7 sit 24000 Ann)"
            }
            Action::PlayerClock => {
                "call the clock on the seat to act (floor clock), or stop it (clock stop)"
            }
            Action::Help => "this help",
            Action::Review => "review the hand in play step by step",
            Action::Quit => "quit (asks while a hand is open)",
            Action::Cancel => "back out: clear the seat keyed, close a prompt or list",
            Action::Number(_) => "a seat (1-9, 0 or 1 0 for 10), or a choice in a list",
            Action::Accept => "accept the suggested ruling",
            Action::Override => "the floor rules otherwise: choose the ruling by number",
            Action::Submit => "apply what was typed",
            Action::DeleteBack => "delete a character",
            Action::HistoryPrev => {
                "earlier line in the history; an amount: one big blind more (at most all in)"
            }
            Action::HistoryNext => {
                "later line in the history; an amount: one big blind less (never below the minimum)"
            }
            Action::Start => "start the table",
            Action::NextField => "next field",
            Action::PrevField => "previous field",
            Action::ChooseNext => "next choice (house, seats)",
            Action::ChoosePrev => "previous choice",
            Action::Yes => "yes",
            Action::No => "no",
            Action::NewTable => "start a new table instead (asks again)",
            Action::ScrollUp => "scroll up",
            Action::ScrollDown => "scroll down",
            Action::PageUp => "page up (the log at the table: back through the session)",
            Action::PageDown => "page down",
            Action::ScrollTop => "to the start (the log: the session's first hand)",
            Action::ScrollBottom => "to the end (the log: the newest line, following again)",
            Action::TableLeft => "the table to the left",
            Action::TableRight => "the table to the right",
            Action::TableUp => "the table above",
            Action::TableDown => "the table below",
            Action::NextTable => "the next table",
            Action::PrevTable => "the previous table",
            Action::Open => "open what is selected",
            Action::ProposeMoves => "propose the moves that balance the tables",
            Action::ConfirmMoves => "confirm the moves proposed",
            Action::BreakTable => "break the next table (asks first)",
            Action::CancelMove => "cancel a move confirmed and not yet made",
            Action::AmendMove => "amend a move confirmed: another table and seat",
            Action::MovePlayer => "move a player by hand: the player, table and seat",
            Action::LateEntry => "a late entry: the name and chips, drawn to a seat",
            Action::CorrectStack => "correct a stack: the player and chips (a bust undone)",
            Action::Money => "money, a deal, or say TEXT to the room",
            Action::KeyLight => "a light table's line: out, count, button",
            Action::HandForHand => "hand-for-hand on or off",
            Action::NextLevel => "the next level",
            Action::PrevLevel => "the previous level",
            Action::NextStep => "the next entry",
            Action::PrevStep => "the previous entry",
            Action::NextRuling => "the next ruling",
            Action::PrevRuling => "the previous ruling",
            Action::NextDifference => "the next entry another house reads otherwise",
            Action::PrevDifference => "the previous entry another house reads otherwise",
            Action::Compare => "compare with another house, in turn, then none",
            Action::Back => "back to the list",
            Action::Explain => "explain the answer",
            Action::NextQuestion => "the next question",
            Action::Input(_) => "type",
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        if let Some(n) = s.strip_prefix("number-") {
            return match n.parse::<u8>() {
                Ok(n @ 1..=10) => Ok(Action::Number(n)),
                _ => Err(format!(
                    "'{s}' is not an action: numbers go from number-1 to number-10"
                )),
            };
        }
        NAMED
            .iter()
            .find(|(a, name)| *name == s && !matches!(a, Action::Number(_)))
            .map(|(a, _)| *a)
            .ok_or_else(|| {
                let names: Vec<&str> = NAMED.iter().map(|(_, n)| *n).collect();
                format!(
                    "'{s}' is not an action: expected one of {}",
                    names.join(", ")
                )
            })
    }
}
