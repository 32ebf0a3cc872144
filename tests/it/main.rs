//! The one integration-test binary: each module tests one concern.

mod cli;
mod engine;
mod props;
mod scenarios;
mod support;
