//! The one integration-test binary: each module tests one concern from the
//! outside, on real files where there are some.

mod cli;
mod engine;
mod floor;
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
mod tui;
