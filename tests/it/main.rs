//! The one integration-test binary: each module tests the library from the
//! outside, on real files.

mod phh;
