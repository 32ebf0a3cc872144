//! The one integration-test binary: each module tests one concern from the
//! outside, on real files where there are some.

mod cli;
mod engine;
mod phh;
mod props;
mod rules;
mod scenarios;
mod support;
