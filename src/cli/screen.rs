//! A read-only screen (review, practice) run in the terminal: the terminal
//! is checked, the signal handlers installed, the screen run until it is
//! quit or a signal ends it, and the terminal restored.

use floorcall::tui::{self, Ending, StopSignals};

use super::failure::Failure;

/// Runs `screen` in the terminal: it needs one (else `no_terminal`, a
/// user's mistake), and restores it after. Ok on quit, `Stopped` on a
/// signal, `Internal` when the terminal fails; `what` names the screen.
pub fn on_screen<S: tui::KeyScreen>(
    screen: &mut S,
    what: &str,
    no_terminal: &str,
) -> Result<(), Failure>
where
    for<'a> &'a S: ratatui::widgets::Widget,
{
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(Failure::User(no_terminal.to_string()));
    }
    let signals = StopSignals::register().map_err(|e| {
        Failure::internal(format_args!(
            "the signal handlers cannot be installed: {e}."
        ))
    })?;
    let mut terminal = ratatui::try_init().map_err(|e| {
        Failure::internal(format_args!(
            "the terminal cannot be set up for {what}: {e}."
        ))
    })?;
    let ended = tui::run_screen(&mut terminal, screen, &signals);
    let _ = ratatui::try_restore();
    match ended {
        Ok(Ending::Quit) => Ok(()),
        Ok(Ending::Signal(signal)) => Err(Failure::Stopped(signal, None)),
        Err(e) => Err(Failure::internal(format_args!(
            "the terminal failed while {what} was open: {e}."
        ))),
    }
}
