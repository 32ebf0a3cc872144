//! The one integration-test binary: each module tests one concern.

mod cli;
mod engine;
mod journal;
mod props;
mod scenarios;
mod support;
mod tui_fixtures;
mod tui_keys;
mod tui_screens;
mod tui_tmux;
