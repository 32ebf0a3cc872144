//! Builds the hand evaluator's lookup tables (`src/table/eval/builder.rs`)
//! and writes them as Rust `static` arrays into `OUT_DIR`, where
//! `src/table/eval.rs` includes them: they are in the binary, so the first
//! showdown at a table does not wait for them to be built.

use std::path::PathBuf;

#[path = "src/table/eval/hash.rs"]
mod hash;

#[path = "src/table/eval/builder.rs"]
#[allow(dead_code)] // the category numbers and helpers the tests use
mod builder;

fn main() {
    println!("cargo::rerun-if-changed=src/table/eval/hash.rs");
    println!("cargo::rerun-if-changed=src/table/eval/builder.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let tables = builder::build().to_rust();
    std::fs::write(out.join("eval_tables.rs"), tables).expect("OUT_DIR is writable");
}
