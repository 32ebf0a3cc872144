//! PHH (Poker Hand History, uoftcprg/phh-std) import: a TOML hand history
//! becomes a `TableSetup` and the `Command`s that replay it on a `Hand`.
//!
//! PHH names players by position, not by seat: `p1` is dealt first and the
//! last player has the button. Player `pN` sits in seat N and the button is
//! the last seat, heads-up too: there the button posts the small blind (TDA
//! and PokerKit agree), so `p1` posts the big blind. Blinds `[B, 0, ...]`
//! are a dead small blind: `p1` posts the big blind `B`, no one the small.
//!
//! Two PHH actions cannot be mapped without the live hand: `cc` is a check
//! or a call, `cbr` a bet or a raise. The importer therefore plays each
//! command as it reads it, and every command of an import or a replay goes
//! through one function, `run`, which turns the engine's `Refusal` into an
//! error naming the PHH action. Unknown PHH keys are ignored (the format has
//! many optional fields: event, city, time zone ...); what the engine cannot
//! represent (other variants, straddles, uneven antes) is refused.
//!
//! What flows through here is the import itself: a file's text is read
//! into its keys (`raw`, with the purpose-built `reader`), its table and
//! each action are put in floorcall's terms (`translate`), and the commands
//! are played one by one (`play_actions`, `run`): on a `Hand`, keeping the
//! commands, their sources and the journal, for an import (`import_raw`);
//! on a `Play`, kept from hand to hand and keeping only the state, for a
//! check (`play_raw`; `check` compares the stacks the hand ends with).

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

mod check;
mod raw;
mod reader;
mod translate;

use thiserror::Error;

pub use check::{CheckFailure, Checked, FileHand, HandCheck, check, check_each, check_files};
use raw::{Amount, RawPhh, chips};
use reader::read_raw;
use translate::{check_len, table, translate};

use crate::notation::format_command;
use crate::rules::HouseRules;
use crate::table::command::{Command, Refusal};
use crate::table::event::TableSetup;
use crate::table::seat::MAX_SEATS;
use crate::table::{Chips, Hand, HandState, Play, Seat};

/// A PHH file that cannot be imported or replayed, with what was wrong.
#[derive(Debug, Error)]
pub enum PhhError {
    /// Not TOML, or a field of the wrong type.
    #[error("not a valid PHH file: {0}")]
    Toml(#[from] toml::de::Error),
    /// A variant other than no-limit Texas hold'em.
    #[error("variant '{0}' is not supported: only 'NT' (no-limit Texas hold'em) is.")]
    Variant(String),
    /// Too few or too many players.
    #[error("{0} players: a hand needs 2 to {MAX_SEATS}.")]
    PlayerCount(usize),
    /// A per-player field with the wrong number of entries.
    #[error("{field} has {got} entries; there are {expected} players.")]
    Length {
        /// The PHH key.
        field: &'static str,
        /// The number of players.
        expected: usize,
        /// The number of entries.
        got: usize,
    },
    /// Straddles or other forced bets beyond the two blinds.
    #[error(
        "blinds_or_straddles {0:?} has a straddle (a nonzero entry after the big blind): straddles are not supported."
    )]
    Straddle(Vec<u64>),
    /// Antes that are neither the same for everyone nor a big-blind ante.
    #[error(
        "antes {0:?} are neither equal for every player nor a big-blind ante (only the big blind's entry nonzero)."
    )]
    Antes(Vec<u64>),
    /// A minimum bet other than the big blind.
    #[error(
        "min_bet is {min_bet} but the big blind is {big_blind}: the minimum bet must be the big blind."
    )]
    MinBet {
        /// The file's `min_bet`.
        min_bet: u64,
        /// The big blind.
        big_blind: u64,
    },
    /// An amount that is not a whole number of chips.
    #[error("{field} has {value}: the engine counts whole chips.")]
    Fraction {
        /// The PHH key.
        field: &'static str,
        /// The amount.
        value: f64,
    },
    /// An amount above the most chips a table may have in play.
    #[error("{field} has {value}: a table may have at most {max} chips in play.", max = Chips::MAX_TABLE)]
    OverMaximum {
        /// The PHH key.
        field: &'static str,
        /// The amount.
        value: f64,
    },
    /// The engine refused the table (`dealing::validate_setup`: blinds,
    /// seats, more chips in play than `Chips::MAX_TABLE` ...).
    #[error("{0}")]
    Setup(Refusal),
    /// An action that is not PHH for no-limit hold'em.
    #[error("action {index} '{text}': {message}")]
    Malformed {
        /// Its index in `actions`, from 0.
        index: usize,
        /// The action, comment stripped.
        text: String,
        /// What was wrong.
        message: String,
    },
    /// An action the engine refused.
    #[error("action {index} '{text}': {refusal}")]
    Refused {
        /// Its index in `actions`, from 0.
        index: usize,
        /// The action, comment stripped.
        text: String,
        /// The engine's reason.
        refusal: Refusal,
    },
}

/// Where a command came from: a PHH action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhAction {
    /// Its index in `actions`, from 0.
    pub index: usize,
    /// The action, comment stripped (`p3 cbr 500`).
    pub text: String,
}

/// An imported hand: the table, the commands that replay it, the names.
#[derive(Debug, Clone, PartialEq)]
pub struct PhhHand {
    /// Seats (player `pN` in seat N), stacks, button, blinds and antes.
    pub setup: TableSetup,
    /// The commands, in order; hole cards written `????` are left out.
    pub commands: Vec<Command>,
    /// For each command, the PHH action it came from.
    pub sources: Vec<PhhAction>,
    /// Player names by position (`p1` first); `pN` when the file has none.
    pub players: Vec<String>,
    /// The stacks the file says the hand ends with, when it says so in
    /// whole chips.
    pub finishing_stacks: Option<Vec<(Seat, Chips)>>,
    /// The finishing stacks as written when some are fractions of a chip:
    /// PokerKit splits a pot exactly (`10387.5` each) where a table gives
    /// the odd chip to one winner, so these hold to within half a chip.
    pub fractional_finishing_stacks: Option<Vec<(Seat, f64)>>,
}

/// Reads a PHH file and plays it through the engine (TDA rules) to map each
/// action to a command.
pub fn import(text: &str) -> Result<PhhHand, PhhError> {
    import_played(text, &tda()).map(|(imported, _)| imported)
}

/// Reads a PHH file and plays it under `rules` (parsed once by the caller,
/// for any number of files, and shared by the hands, never copied): the
/// imported hand and the hand as played.
pub fn import_played(text: &str, rules: &Arc<HouseRules>) -> Result<(PhhHand, Hand), PhhError> {
    import_raw(read_raw(text)?, rules)
}

/// Imports one hand already read from TOML (a `.phh` file's whole text, or
/// one table of a `.phhs` file) and plays it under `rules`, keeping the
/// commands, their sources and the journal.
fn import_raw(raw: RawPhh<'_>, rules: &Arc<HouseRules>) -> Result<(PhhHand, Hand), PhhError> {
    let setup = table(&raw)?;
    let n = raw.starting_stacks.len();
    let players = match &raw.players {
        Some(names) => {
            check_len("players", n, names.len())?;
            names.iter().map(|name| name.to_string()).collect()
        }
        None => (1..=n).map(|i| format!("p{i}")).collect(),
    };
    let finishing = finishing(&raw, n)?;
    let (finishing_stacks, fractional_finishing_stacks) = finishing.stacks();
    let mut hand = Hand::start(setup.clone(), Arc::clone(rules)).map_err(PhhError::Setup)?;
    let mut commands = Vec::with_capacity(raw.actions.len());
    let mut sources = Vec::with_capacity(raw.actions.len());
    play_actions(&raw.actions, n, &mut hand, |command, source| {
        commands.push(command);
        sources.push(source.owned());
    })?;
    let imported = PhhHand {
        setup,
        commands,
        sources,
        players,
        finishing_stacks,
        fractional_finishing_stacks,
    };
    Ok((imported, hand))
}

/// Plays one hand already read from TOML under `rules` on `play` (kept
/// from hand to hand by a check of many), with the same checks as an
/// import and in the same order, keeping nothing but how it ends: the
/// stacks the file records and how many players there are.
fn play_raw<'r>(
    raw: &'r RawPhh<'_>,
    rules: &HouseRules,
    play: &mut Play,
) -> Result<Finishing<'r>, PhhError> {
    let setup = table(raw)?;
    let n = raw.starting_stacks.len();
    if let Some(names) = &raw.players {
        check_len("players", n, names.len())?;
    }
    let finishing = finishing(raw, n)?;
    play.start(setup, rules).map_err(PhhError::Setup)?;
    let mut checking = Checking { play, rules };
    play_actions(&raw.actions, n, &mut checking, |_, _| {})?;
    Ok(finishing)
}

/// The stacks a PHH file says its hand ends with, for its `players`: as
/// the file writes them (a check compares them with the table's without
/// copying them).
struct Finishing<'r> {
    players: usize,
    /// The file's `finishing_stacks`, one a player, if it has them.
    recorded: Option<&'r [Amount]>,
    /// Whether every one is in whole chips a table can hold.
    whole: bool,
}

impl Finishing<'_> {
    /// By seat, in whole chips, or (when some are fractions of a chip) as
    /// written.
    #[allow(clippy::type_complexity)]
    fn stacks(&self) -> (Option<Vec<(Seat, Chips)>>, Option<Vec<(Seat, f64)>>) {
        let Some(recorded) = self.recorded else {
            return (None, None);
        };
        let by_seat = recorded.iter().enumerate();
        if self.whole {
            let whole = by_seat.map(|(i, a)| (Seat::from_index(i), Chips(whole_amount(*a))));
            (Some(whole.collect()), None)
        } else {
            let written = by_seat.map(|(i, a)| (Seat::from_index(i), a.0));
            (None, Some(written.collect()))
        }
    }
}

/// A finishing stack known to be whole chips, as such.
fn whole_amount(amount: Amount) -> u64 {
    chips("finishing_stacks", amount).unwrap_or_default()
}

/// The file's `finishing_stacks`, one for each of the `n` players.
fn finishing<'r>(raw: &'r RawPhh<'_>, n: usize) -> Result<Finishing<'r>, PhhError> {
    let recorded = raw.finishing_stacks.as_deref();
    if let Some(stacks) = recorded {
        check_len("finishing_stacks", n, stacks.len())?;
    }
    let whole =
        recorded.is_some_and(|stacks| stacks.iter().all(|a| chips("finishing_stacks", *a).is_ok()));
    Ok(Finishing {
        players: n,
        recorded,
        whole,
    })
}

/// What a hand's commands are played on: a `Hand`, which keeps the
/// journal (each entry with its notation line), or a `Play` (a check),
/// which keeps only the state.
trait Table {
    fn state(&self) -> &HandState;
    fn play(&mut self, command: &Command) -> Result<(), Refusal>;
}

impl Table for Hand {
    fn state(&self) -> &HandState {
        Hand::state(self)
    }

    fn play(&mut self, command: &Command) -> Result<(), Refusal> {
        self.execute(command, format_command(command)).map(|_| ())
    }
}

/// A check's `Play` under its rules.
struct Checking<'a> {
    play: &'a mut Play,
    rules: &'a HouseRules,
}

impl Table for Checking<'_> {
    fn state(&self) -> &HandState {
        self.play.state()
    }

    fn play(&mut self, command: &Command) -> Result<(), Refusal> {
        self.play.execute(command, self.rules)
    }
}

/// Plays a hand's PHH actions on `table` (started), each translated
/// against the live hand for `n` players; each command played is handed
/// to `played` with its source, in the order played.
fn play_actions<'a>(
    actions: &'a [Cow<'a, str>],
    n: usize,
    table: &mut impl Table,
    mut played: impl FnMut(Command, Source<'a>),
) -> Result<(), PhhError> {
    let mut deferred = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        // A comment after `#` is no part of the action.
        let action: &str = action;
        let text = match memchr::memchr(b'#', action.as_bytes()) {
            Some(hash) => &action[..hash],
            None => action,
        }
        .trim();
        if text.is_empty() {
            continue;
        }
        let source = Source { index, text };
        let command = translate(text, n, table.state()).map_err(|message| PhhError::Malformed {
            index,
            text: text.to_string(),
            message,
        })?;
        let Some(command) = command else { continue };
        // PHH mucks a hand when the betting closes, before an all-in's
        // runout, where the table rules on a muck once the board is out:
        // the muck waits for the board.
        if matches!(command, Command::Muck { .. }) && table.state().board.len() < 5 {
            if run(table, &command, source).is_err() {
                deferred.push((command, source));
                continue;
            }
        } else {
            run(table, &command, source)?;
        }
        played(command, source);
    }
    for (command, source) in deferred {
        run(table, &command, source)?;
        played(command, source);
    }
    Ok(())
}

/// A PHH action being played: its index and text, borrowed from the file.
#[derive(Debug, Clone, Copy)]
struct Source<'a> {
    index: usize,
    text: &'a str,
}

impl Source<'_> {
    fn owned(self) -> PhhAction {
        PhhAction {
            index: self.index,
            text: self.text.to_string(),
        }
    }
}

/// Plays an imported hand from the start under the TDA rules.
pub fn replay(phh: &PhhHand) -> Result<Hand, PhhError> {
    let mut hand = start(&phh.setup)?;
    for (i, command) in phh.commands.iter().enumerate() {
        let unnamed;
        let source = match phh.sources.get(i) {
            Some(s) => s,
            None => {
                unnamed = PhhAction {
                    index: i,
                    text: format_command(command).unwrap_or_default(),
                };
                &unnamed
            }
        };
        let source = Source {
            index: source.index,
            text: &source.text,
        };
        run(&mut hand, command, source)?;
    }
    Ok(hand)
}

fn start(setup: &TableSetup) -> Result<Hand, PhhError> {
    Hand::start(setup.clone(), tda()).map_err(PhhError::Setup)
}

/// The TDA rules, parsed once per process and shared by every hand.
fn tda() -> Arc<HouseRules> {
    static TDA: OnceLock<Arc<HouseRules>> = OnceLock::new();
    Arc::clone(TDA.get_or_init(|| Arc::new(HouseRules::tda())))
}

/// The one place a PHH command is played: a refusal becomes an error
/// naming the PHH action.
fn run(table: &mut impl Table, command: &Command, source: Source) -> Result<(), PhhError> {
    table.play(command).map_err(|refusal| PhhError::Refused {
        index: source.index,
        text: source.text.to_string(),
        refusal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::command::Intent;
    use crate::table::event::{AnteMode, Event, Post, Street};

    fn phh(body: &str) -> String {
        format!("variant = 'NT'\nmin_bet = 100\n{body}")
    }

    fn seat(n: u8) -> Seat {
        Seat::new(n).expect("a seat 1..=10")
    }

    fn posts(hand: &Hand) -> Vec<(Seat, Post, u64)> {
        hand.entries()
            .iter()
            .flat_map(|e| &e.events)
            .filter_map(|e| match e {
                Event::Posted { seat, post, amount } => Some((*seat, *post, amount.get())),
                _ => None,
            })
            .collect()
    }

    /// A check plays each shared hand on one `Play`, kept from hand to
    /// hand, to the very state an import's `Hand` reaches with its
    /// journal.
    #[test]
    fn a_check_plays_every_shared_hand_as_an_import_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/phh");
        let rules = tda();
        let mut play = Play::default();
        let mut played = 0;
        for folder in ["famous", "pluribus"] {
            for entry in std::fs::read_dir(root.join(folder)).expect("the shared hands") {
                let path = entry.expect("an entry").path();
                let text = std::fs::read_to_string(&path).expect("read");
                let (_, hand) = import_played(&text, &rules).expect("imports");
                let raw = read_raw(&text).expect("reads");
                play_raw(&raw, &rules, &mut play).expect("plays");
                assert_eq!(play.state(), hand.state(), "{}", path.display());
                played += 1;
            }
        }
        assert_eq!(played, 500);
    }

    #[test]
    fn heads_up_the_button_is_p2_and_posts_the_small_blind() {
        let text = phh("antes = [0, 0]\nblinds_or_straddles = [50, 100]\n\
             starting_stacks = [1000, 1000]\n\
             actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 300', 'p1 cc', 'd db 2c7h9s', 'p1 cc', 'p2 cbr 200', 'p1 f']\n\
             finishing_stacks = [700, 1300]");
        let hand = import(&text).expect("imports");
        assert_eq!(hand.setup.button, seat(2));
        assert_eq!(hand.players, vec!["p1", "p2"]);
        let played = replay(&hand).expect("replays");
        assert_eq!(
            posts(&played),
            vec![
                (seat(2), Post::SmallBlind, 50),
                (seat(1), Post::BigBlind, 100)
            ]
        );
        // p1 checks first after the flop: `cc` became a check, p2's `cbr` a bet.
        assert!(hand.commands.contains(&Command::Act {
            seat: seat(1),
            intent: Intent::Check,
            all_in: false
        }));
        assert!(hand.commands.contains(&Command::Act {
            seat: seat(2),
            intent: Intent::Bet(Chips(200)),
            all_in: false
        }));
        let state = played.state();
        assert_eq!(state.street, Street::Done);
        assert_eq!(state.seat(seat(1)).stack, Chips(700));
        assert_eq!(state.seat(seat(2)).stack, Chips(1300));
    }

    #[test]
    fn three_handed_the_button_is_the_last_player() {
        let text = phh("antes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n\
             starting_stacks = [1000, 1000, 1000]\nactions = ['p3 f', 'p1 cc', 'p2 cc']");
        let hand = import(&text).expect("imports");
        assert_eq!(hand.setup.button, seat(3));
        let played = replay(&hand).expect("replays");
        assert_eq!(
            posts(&played),
            vec![
                (seat(1), Post::SmallBlind, 50),
                (seat(2), Post::BigBlind, 100)
            ]
        );
        assert_eq!(
            hand.commands[1],
            Command::Act {
                seat: seat(1),
                intent: Intent::Call(None),
                all_in: false
            }
        );
    }

    #[test]
    fn an_ante_on_the_big_blind_only_is_a_big_blind_ante() {
        let text = phh(
            "antes = [0, 100, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0]\n\
             starting_stacks = [1000, 1000, 1000, 1000]\nactions = []",
        );
        let hand = import(&text).expect("imports");
        assert_eq!(hand.setup.ante, Chips(100));
        assert_eq!(hand.setup.ante_mode, AnteMode::BigBlind);
        let played = replay(&hand).expect("replays");
        assert_eq!(posts(&played)[0], (seat(2), Post::Ante, 100));

        let even = phh("antes = [25, 25, 25]\nblinds_or_straddles = [50, 100, 0]\n\
             starting_stacks = [1000, 1000, 1000]\nactions = []");
        let hand = import(&even).expect("imports");
        assert_eq!(
            (hand.setup.ante, hand.setup.ante_mode),
            (Chips(25), AnteMode::PerPlayer)
        );

        let uneven = phh("antes = [25, 50, 0]\nblinds_or_straddles = [50, 100, 0]\n\
             starting_stacks = [1000, 1000, 1000]\nactions = []");
        let err = import(&uneven).expect_err("uneven antes");
        assert!(matches!(err, PhhError::Antes(_)), "{err}");
        assert!(err.to_string().contains("[25, 50, 0]"), "{err}");
    }

    #[test]
    fn a_straddle_is_refused() {
        let text = phh(
            "antes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 200, 0]\n\
             starting_stacks = [1000, 1000, 1000, 1000]\nactions = []",
        );
        let err = import(&text).expect_err("straddle");
        assert!(matches!(err, PhhError::Straddle(_)), "{err}");
        assert!(err.to_string().contains("straddle"), "{err}");
    }

    #[test]
    fn other_variants_are_refused() {
        let text = "variant = 'FT'\nstarting_stacks = [1000, 1000]\nactions = []";
        let err = import(text).expect_err("fixed-limit");
        assert_eq!(
            err.to_string(),
            "variant 'FT' is not supported: only 'NT' (no-limit Texas hold'em) is."
        );
    }

    #[test]
    fn a_refused_action_names_its_index_text_and_reason() {
        let text = phh("antes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n\
             starting_stacks = [1000, 1000, 1000]\n\
             actions = ['p3 cbr 300', 'p1 cbr 400 # too small']");
        let err = import(&text).expect_err("min raise");
        assert_eq!(
            err.to_string(),
            "action 1 'p1 cbr 400': Minimum raise is to 500; 400 is less and not all in."
        );
    }

    #[test]
    fn malformed_action_text_is_refused_with_its_index() {
        let cases = [
            ("'p1 xx'", "action 0 'p1 xx': unknown player action 'xx'"),
            (
                "'p4 f'",
                "action 0 'p4 f': 'p4' is not a player: expected p1 to p3.",
            ),
            (
                "'p3 cbr lots'",
                "action 0 'p3 cbr lots': 'lots' is not a whole number",
            ),
            (
                "'d dh p1 AcKsQd'",
                "action 0 'd dh p1 AcKsQd': 'AcKsQd' is 3 card(s)",
            ),
            ("'p3'", "action 0 'p3': expected an actor and an action"),
        ];
        for (action, want) in cases {
            let text = phh(&format!(
                "antes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n\
                 starting_stacks = [1000, 1000, 1000]\nactions = [{action}]"
            ));
            let err = import(&text).expect_err(action).to_string();
            assert!(err.starts_with(want), "{action}: {err}");
        }
    }

    #[test]
    fn unknown_hole_cards_are_skipped_and_a_bare_sm_mucks() {
        let text = phh("antes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\n\
             starting_stacks = [1000, 1000, 1000]\n\
             actions = ['d dh p1 ????', 'd dh p2 AhAs', 'd dh p3 KhKs', 'p3 cbr 1000', 'p1 f', 'p2 cc',\n\
             'd db 2c3c4d', 'd db 9h', 'd db Th', 'p3 sm KhKs', 'p2 sm']");
        let hand = import(&text).expect("imports");
        assert!(
            !hand
                .commands
                .iter()
                .any(|c| c.seat() == Some(seat(1)) && matches!(c, Command::Hole { .. }))
        );
        assert!(hand.commands.contains(&Command::Muck { seat: seat(2) }));
        let played = replay(&hand).expect("replays");
        assert_eq!(played.state().street, Street::Done);
        assert_eq!(played.state().seat(seat(3)).stack, Chips(2050));
    }

    #[test]
    fn float_amounts_must_be_whole_chips_except_in_finishing_stacks() {
        let text = phh(
            "blinds_or_straddles = [50.0, 100]\nstarting_stacks = [1000.0, 1000]\n\
             actions = ['p2 cbr 300.0', 'p1 cc', 'd db 2c7h9s', 'p1 cc', 'p2 cc', 'd db 3d', 'p1 cc', 'p2 cc',\n\
             'd db 4d', 'p1 cc', 'p2 cc', 'p1 sm AhKh', 'p2 sm AdKd']\n\
             finishing_stacks = [1000.0, 1000.0]",
        );
        let hand = import(&text).expect("imports");
        assert_eq!(hand.setup.small_blind, Chips(50));
        assert_eq!(
            hand.finishing_stacks,
            Some(vec![(seat(1), Chips(1000)), (seat(2), Chips(1000))])
        );
        let split = text.replace("[1000.0, 1000.0]", "[999.5, 1000.5]");
        let hand = import(&split).expect("imports");
        assert_eq!(hand.finishing_stacks, None);
        assert_eq!(
            hand.fractional_finishing_stacks,
            Some(vec![(seat(1), 999.5), (seat(2), 1000.5)])
        );
        let err =
            import(&text.replace("[1000.0, 1000]", "[1000.5, 1000]")).expect_err("half a chip");
        assert_eq!(
            err.to_string(),
            "starting_stacks has 1000.5: the engine counts whole chips."
        );
    }

    #[test]
    fn a_min_bet_other_than_the_big_blind_is_refused() {
        let text = "variant = 'NT'\nmin_bet = 200\nblinds_or_straddles = [50, 100]\n\
             starting_stacks = [1000, 1000]\nactions = []";
        assert!(matches!(
            import(text),
            Err(PhhError::MinBet {
                min_bet: 200,
                big_blind: 100
            })
        ));
    }
}
