//! The module picture (STYLE.md section 9, issue 20): each module of the
//! library uses only the modules below it in the layer order written in
//! `src/lib.rs`'s doc, and the files of `src/table/` (and of its sibling
//! `src/session/table/`) use each other without a circle. A plain scan of
//! the source: every `crate::` path (and `super::` path that climbs to the
//! crate's root) outside comments, in `use` lines and in code alike, test
//! modules included.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Upward arrows known and left for later (issue 20: the files they are in
/// are being edited elsewhere): (file, the module it uses). None is left.
/// Any arrow not listed fails the test, and so does a listed one that is
/// gone (take it off the list).
const KNOWN_UPWARD: &[(&str, &str)] = &[];

/// Circles among the files of `src/table/` known and left for later,
/// each as the set of files in it. Any other circle fails the test, and
/// so does a listed one that has changed or gone.
const KNOWN_TABLE_CIRCLES: &[&[&str]] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.rs` file below `dir`, sorted.
pub(super) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}

/// The source without its comments (line comments, doc comments included)
/// and without the text of string and char literals, so a path in prose or
/// in a message is not taken for a use.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut in_str = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if in_str {
            match c {
                '\\' => i += 1,
                '"' => in_str = false,
                '\n' => out.push('\n'),
                _ => {}
            }
            i += 1;
            continue;
        }
        match (c, next) {
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ('"', _) => in_str = true,
            // A char literal: 'x' or '\x', not a lifetime.
            ('\'', Some('\\')) => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
            }
            ('\'', Some(_)) if chars.get(i + 2) == Some(&'\'') => i += 2,
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The names a path names right after `at` in `code`: `x` for `x::...`,
/// and each first name in `{a, b::c}`.
fn names_after(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(inner) = rest.strip_prefix('{') {
        let mut names = Vec::new();
        let mut depth = 0;
        let mut start = true;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => start = true,
                c if c.is_whitespace() => {}
                _ if start => {
                    names.push(ident(&inner[i..]));
                    start = false;
                }
                _ => {}
            }
        }
        names.retain(|n| !n.is_empty() && n != "self");
        names
    } else {
        let name = ident(rest);
        if name.is_empty() {
            Vec::new()
        } else {
            vec![name]
        }
    }
}

/// The positions just after each `prefix` in `code` that starts a path
/// (not the tail of a longer name, nor `$crate`).
fn path_starts(code: &str, prefix: &str) -> Vec<usize> {
    code.match_indices(prefix)
        .filter(|(i, _)| {
            code[..*i]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$' || c == ':'))
        })
        .map(|(i, _)| i + prefix.len())
        .collect()
}

/// The module path of a file of src/: `src/a/b.rs` and `src/a/b/mod.rs`
/// are `[a, b]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("a file of src/");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    if last != "mod.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The top-level modules a file's code names: `crate::x`, and
/// `super::...::x` when the `super`s climb to the crate's root.
fn top_modules_used(code: &str, depth: usize) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for at in path_starts(code, "crate::") {
        used.extend(names_after(code, at));
    }
    for at in path_starts(code, "super::") {
        let mut at = at;
        let mut climbs = 1;
        while code[at..].starts_with("super::") {
            at += "super::".len();
            climbs += 1;
        }
        if climbs >= depth {
            used.extend(names_after(code, at));
        }
    }
    used
}

/// The layers written in `src/lib.rs`'s doc under `# Layers`, lowest
/// first: each `//! - ` line's names in backquotes before its colon.
fn layers(lib: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            if inside {
                break;
            }
            continue;
        };
        let doc = doc.trim();
        if doc.starts_with('#') {
            inside = doc == "# Layers";
            continue;
        }
        if inside && let Some(item) = doc.strip_prefix("- ") {
            let head = item.split(':').next().unwrap_or("");
            let names: Vec<String> = head
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            assert!(!names.is_empty(), "a layer line with no `module`: {line}");
            out.push(names);
        }
    }
    out
}

/// The modules `src/lib.rs` declares.
fn lib_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
                .map(|m| m.trim_end_matches(';').trim().to_string())
        })
        .collect()
}

/// Every arrow that runs up or sideways: (file, the module it uses, why).
fn upward_arrows(src: &Path) -> Vec<(String, String, String)> {
    let lib = read(&src.join("lib.rs"));
    let order = layers(&lib);
    let declared = lib_modules(&lib);
    let layer_of: BTreeMap<&str, usize> = order
        .iter()
        .enumerate()
        .flat_map(|(i, names)| names.iter().map(move |n| (n.as_str(), i)))
        .collect();
    let listed: BTreeSet<String> = layer_of.keys().map(|s| s.to_string()).collect();
    assert_eq!(
        listed, declared,
        "src/lib.rs: the layer order (its doc, `# Layers`) must name each module it declares once"
    );
    assert_eq!(
        layer_of.len(),
        order.iter().map(Vec::len).sum::<usize>(),
        "src/lib.rs: a module is named in two layers"
    );
    let mut arrows = Vec::new();
    for file in rust_files(src) {
        let path = module_path(src, &file);
        // The binary (main.rs and its modules) sits on top of the library.
        let Some(top) = path.first().filter(|m| declared.contains(*m)) else {
            continue;
        };
        let from = layer_of[top.as_str()];
        let shown = format!("src/{}", file.strip_prefix(src).unwrap_or(&file).display());
        for used in top_modules_used(&code_of(&read(&file)), path.len()) {
            if used == *top {
                continue;
            }
            match layer_of.get(used.as_str()) {
                None => arrows.push((
                    shown.clone(),
                    used.clone(),
                    format!("`crate::{used}` is not a module of the layer order"),
                )),
                Some(&to) if to >= from => arrows.push((
                    shown.clone(),
                    used.clone(),
                    format!(
                        "`{top}` (layer {}) uses `{used}` (layer {})",
                        from + 1,
                        to + 1
                    ),
                )),
                Some(_) => {}
            }
        }
    }
    arrows
}

#[test]
fn a_module_uses_only_the_layers_below_it() {
    let arrows = upward_arrows(&root().join("src"));
    let new: Vec<String> = arrows
        .iter()
        .filter(|(file, used, _)| !KNOWN_UPWARD.contains(&(file.as_str(), used.as_str())))
        .map(|(file, _, why)| format!("{file}: {why}"))
        .collect();
    let gone: Vec<String> = KNOWN_UPWARD
        .iter()
        .filter(|(file, used)| !arrows.iter().any(|(f, u, _)| f == file && u == used))
        .map(|(file, used)| format!("{file} -> {used}"))
        .collect();
    assert!(
        new.is_empty(),
        "arrows that run up the layer order of src/lib.rs:\n{}",
        new.join("\n")
    );
    assert!(
        gone.is_empty(),
        "known upward arrows that are gone: take them off KNOWN_UPWARD:\n{}",
        gone.join("\n")
    );
}

/// The files of `dir` (one folder, its `mod.rs` left out) and the files
/// each uses: `super::x` and `crate::<module>::x` naming a sibling file, or
/// a name `mod.rs` re-exports from one (`pub use x::{A, B}`).
fn file_graph(dir: &Path, module: &str) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeMap<String, PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| {
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (stem != "mod").then_some((stem, p))
        })
        .collect();
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    let mod_rs = code_of(&read(&dir.join("mod.rs")));
    for at in path_starts(&mod_rs, "pub use ") {
        let file = names_after(&mod_rs, at)
            .into_iter()
            .next()
            .unwrap_or_default();
        if let Some(after) = mod_rs[at..].find("::").map(|i| at + i + 2) {
            for name in names_after(&mod_rs, after) {
                reexported.insert(name, file.clone());
            }
        }
    }
    let to_file = |name: &str| -> Option<String> {
        if files.contains_key(name) {
            Some(name.to_string())
        } else {
            reexported
                .get(name)
                .filter(|f| files.contains_key(*f))
                .cloned()
        }
    };
    let mut graph = BTreeMap::new();
    for (stem, path) in &files {
        let code = code_of(&read(path));
        let mut uses = BTreeSet::new();
        let prefix = format!("crate::{module}::");
        for at in path_starts(&code, "super::")
            .into_iter()
            .chain(path_starts(&code, &prefix))
        {
            // `super::` inside a file's own `mod tests` names the file itself.
            uses.extend(names_after(&code, at).iter().filter_map(|n| to_file(n)));
        }
        uses.remove(stem);
        graph.insert(stem.clone(), uses);
    }
    graph
}

/// The circles of a graph: each set of two or more nodes that reach each
/// other.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<BTreeSet<String>> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(n) = todo.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    todo.push(m.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|n| (n, reach(n))).collect();
    graph
        .keys()
        .map(|n| {
            let mut circle: BTreeSet<String> = reaches[n]
                .iter()
                .filter(|m| reaches.get(m).is_some_and(|r| r.contains(n)))
                .cloned()
                .collect();
            circle.insert(n.clone());
            circle
        })
        .filter(|c| c.len() > 1)
        .collect()
}

#[test]
fn the_files_of_a_state_machine_make_no_circle() {
    // The hand and the table between hands: command, event, decide, apply.
    let folders: [(&str, &str, &[&[&str]]); 2] = [
        ("src/table", "table", KNOWN_TABLE_CIRCLES),
        ("src/session/table", "session::table", &[]),
    ];
    for (dir, module, known) in folders {
        let found = circles(&file_graph(&root().join(dir), module));
        let known: BTreeSet<BTreeSet<String>> = known
            .iter()
            .map(|c| c.iter().map(|s| s.to_string()).collect())
            .collect();
        let show = |c: &BTreeSet<String>| c.iter().cloned().collect::<Vec<_>>().join(" <-> ");
        let new: Vec<String> = found.difference(&known).map(show).collect();
        let gone: Vec<String> = known.difference(&found).map(show).collect();
        assert!(
            new.is_empty(),
            "circles among the files of {dir}/:\n{}",
            new.join("\n")
        );
        assert!(
            gone.is_empty(),
            "known circles in {dir}/ that changed or are gone: update KNOWN_TABLE_CIRCLES:\n{}",
            gone.join("\n")
        );
    }
}

#[test]
fn the_scan_reads_paths_and_skips_prose() {
    let code = code_of(
        "use crate::{rules::HouseRules, table::{Card, Chips}};\n\
         // crate::tui in a comment\n\
         let s = \"crate::journal in a string\"; let c = '\"';\n\
         fn f<'a>(x: &'a str) { crate::session::Table::new(); $crate::notation::x }\n",
    );
    assert_eq!(
        top_modules_used(&code, 1),
        BTreeSet::from(["rules".into(), "session".into(), "table".into()])
    );
    assert_eq!(
        top_modules_used("use super::super::journal::Loaded;", 2),
        BTreeSet::from(["journal".to_string()])
    );
    assert!(top_modules_used("use super::super::x;", 3).is_empty());
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(
        circles(&graph),
        BTreeSet::from([BTreeSet::from(["a".to_string(), "b".to_string()])])
    );
}
