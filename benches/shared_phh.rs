//! The shared PHH hands (`../shared/phh/famous` and `pluribus`) that the
//! replay and import benches read, in name order.

/// The allocator the floorcall binary runs with (src/main.rs), so that the
/// figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::fs;
use std::path::PathBuf;

/// Every shared `.phh` file with its text, sorted by path.
pub fn texts() -> Vec<(PathBuf, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/phh");
    let mut files = Vec::new();
    for folder in ["famous", "pluribus"] {
        let dir = root.join(folder);
        let entries =
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "phh")),
        );
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            (path, text)
        })
        .collect()
}
