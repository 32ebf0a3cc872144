//! `floorcall review`: the read-only review screen on a journal's hands
//! (`floorcall::tui::review`), optionally ruled again under another house.

use std::path::PathBuf;

use floorcall::folders::load_house;
use floorcall::rules::HouseRules;
use floorcall::tui::Theme;
use floorcall::tui::review::{self, Review};

use super::failure::Failure;
use super::screen::on_screen;
use super::{house_flag, read_journal};

/// Walk through a journal's hands on screen, read-only: a list of the
/// hands, and each hand entry by entry with the whole table, what was
/// entered and bound, every ruling with its citation, every correction
/// and the time. Reads without the lock, so a table may be writing it.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The journal (default: the session journal in the data folder).
    journal: Option<PathBuf>,
    /// Open this hand at once (default: the list).
    #[arg(long)]
    hand: Option<u32>,
    /// Rule the same entries again under this house (a built-in
    /// profile or a house file) and show both readings side by side,
    /// every step where they differ marked; `c` in the review goes
    /// through the houses.
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
}

/// Opens the review: 2 when the journal or the house cannot be read or the
/// hand is not there, 128+n on a signal.
pub fn run(args: Args) -> Result<(), Failure> {
    let keymap = super::keymap()?;
    let (path, loaded) = read_journal(
        args.journal,
        "the home folder is unknown: give the journal's path.",
    )?;
    let hands = review::hands_of(loaded.hands, |name| load_house(name).ok());
    let title = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let compared = house_flag(args.house.as_deref())?;
    let mut app = Review::new(title, hands, Theme::from_env())
        .with_keymap(keymap)
        .with_more_houses(HouseRules::all_built_in);
    app.compare_with(compared);
    if let Some(n) = args.hand
        && !app.open_hand(n)
    {
        let range = match (app.hands().first(), app.hands().last()) {
            (Some(a), Some(b)) => {
                format!("its hands are {} to {}", a.summary.number, b.summary.number)
            }
            _ => "it has no hand yet".to_string(),
        };
        return Err(Failure::user(format_args!(
            "{} has no hand {n}: {range}.",
            path.display()
        )));
    }
    on_screen(
        &mut app,
        "the review",
        "floorcall: the review screen needs a terminal, and the output is not one (replay prints a hand without one).",
    )
}
