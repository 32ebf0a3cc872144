//! The one integration-test binary: each module tests one concern from the
//! outside, on real files where there are some.

mod cli;
mod engine;
mod floor;
mod floor_button;
#[cfg(unix)]
mod floor_cli;
#[cfg(unix)]
mod floor_clock;
#[cfg(unix)]
mod floor_db;
#[cfg(unix)]
mod floor_desk;
#[cfg(unix)]
mod floor_inbox;
mod floor_orders;
mod floor_screen;
mod floor_structure;
mod floor_tables;
mod floor_walk;
#[cfg(unix)]
mod floor_winner;
mod histories;
mod history;
mod home;
mod journal;
mod journal_kill;
mod layers;
#[cfg(unix)]
mod pg;
mod phh;
mod practice;
mod practice_screens;
mod props;
mod rules;
mod scenarios;
mod session;
mod support;
mod tmux;
mod tui_fixtures;
mod tui_keys;
mod tui_keystrokes;
mod tui_review;
mod tui_screens;
mod tui_session;
mod tui_shift;
mod tui_tmux;
