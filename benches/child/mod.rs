//! A bench timing a whole process: the bench runs itself as a child with
//! an environment variable saying which job to do on which path, and the
//! parent times the child from start to exit.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// This bench as a child process with `var` = `what`, given `path`: how
/// long the whole process took. A child that fails stops the bench with
/// its stderr.
pub fn process(var: &str, what: &str, path: &Path) -> Duration {
    let exe = std::env::current_exe().expect("this bench");
    let start = Instant::now();
    let out = Command::new(exe)
        .env(var, what)
        .arg(path)
        .output()
        .expect("the child runs");
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    took
}
