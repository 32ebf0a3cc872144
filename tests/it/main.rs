//! The one integration-test binary: each module tests one concern.

mod cli;
mod engine;
mod props;
mod rules;
mod scenarios;
mod support;
