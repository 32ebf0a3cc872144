//! The module picture (STYLE.md section 9, issue 20): each module of the
//! library uses only the modules below it in the layer order written in
//! `src/lib.rs`'s doc, and the modules of every folder of src/ use each
//! other without a circle. A plain scan of the source: every `crate::`,
//! `super::` and `self::` path (and a child module's name) outside
//! comments, in `use` lines and in code alike, test modules included,
//! resolved to the module it reaches.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Upward arrows known and left for later (issue 20: the files they are in
/// are being edited elsewhere): (file, the module it uses). None is left.
/// Any arrow not listed fails the test, and so does a listed one that is
/// gone (take it off the list).
const KNOWN_UPWARD: &[(&str, &str)] = &[];

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
pub(super) fn code_of(text: &str) -> String {
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

/// The paths written at the start of `text`, each as its names:
/// `a::b::C` is `[a, b, C]`, `{a::B, c::{self, D}}` is `[a, B]`, `[c]`
/// and `[c, D]`; a path ends at `*`, a lone `self` or anything not a name.
fn paths_in(text: &str) -> Vec<Vec<String>> {
    let text = text.trim_start();
    if let Some(inner) = text.strip_prefix('{') {
        let mut out = Vec::new();
        let (mut depth, mut from) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' | ',' if depth == 0 => {
                    if !inner[from..i].trim().is_empty() {
                        out.extend(paths_in(&inner[from..i]));
                    }
                    if c == '}' {
                        break;
                    }
                    from = i + 1;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        return out;
    }
    let name: String = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    match text[name.len()..].trim_start().strip_prefix("::") {
        Some(more) if !name.is_empty() => paths_in(more)
            .into_iter()
            .map(|tail| [vec![name.clone()], tail].concat())
            .collect(),
        _ if name.is_empty() || name == "self" => vec![Vec::new()],
        _ => vec![vec![name]],
    }
}

/// The inline modules of a file's code (`mod tests { ... }`): each name
/// with the span of its body.
fn inline_modules(code: &str) -> Vec<(String, Range<usize>)> {
    let mut out = Vec::new();
    for at in path_starts(code, "mod ") {
        let Some(name) = paths_in(&code[at..]).concat().into_iter().next() else {
            continue;
        };
        let after = at + name.len();
        if !code[after..].trim_start().starts_with('{') {
            continue;
        }
        let open = after + code[after..].find('{').expect("a brace");
        let mut depth = 0;
        for (i, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => continue,
            }
            if depth == 0 {
                out.push((name, open..open + i));
                break;
            }
        }
    }
    out
}

/// The modules of the library, each as its path (`[tui, panes]`; the
/// crate's root is `[]`), with its file.
fn library_modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let declared = lib_modules(&read(&src.join("lib.rs")));
    rust_files(src)
        .into_iter()
        .map(|file| (module_path(src, &file), file))
        // The binary (main.rs and its modules) is a crate of its own.
        .filter(|(module, file)| match module.first() {
            None => file.ends_with("lib.rs"),
            Some(top) => declared.contains(top),
        })
        .collect()
}

/// A path written in module `here` (an inline module included), made
/// absolute: `crate::a::B` is `[a, B]`, `super::x` in `[tui, app]` is
/// `[tui, x]`, and `child::X` in module `[tui]` is `[tui, child, X]`.
/// Other paths (`std::`, a local name) are none.
fn absolute(
    modules: &BTreeMap<Vec<String>, PathBuf>,
    here: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    let mut base = here.to_vec();
    match first.as_str() {
        "crate" => return Some(rest.to_vec()),
        "self" => return absolute(modules, here, rest).or(Some(base)),
        "super" => {
            base.pop();
            let mut rest = rest;
            while let Some(("super", more)) = rest.split_first().map(|(f, m)| (f.as_str(), m)) {
                base.pop();
                rest = more;
            }
            return Some([base, rest.to_vec()].concat());
        }
        _ => {}
    }
    base.push(first.clone());
    modules
        .contains_key(&base)
        .then(|| [base, rest.to_vec()].concat())
}

/// One use of a path by a module of the library, made absolute.
struct Use {
    file: String,
    module: Vec<String>,
    path: Vec<String>,
    /// A `use` item of the module's own body: a name its children and
    /// its users may reach it by (`super::App` for `use app::App`).
    imports: bool,
}

/// Every path the modules of the library use: `crate::`, `super::`,
/// `self::` and a child module's name (`app::App` in `tui/mod.rs`), in
/// `use` items and in code, inline modules (`mod tests`) taken into
/// account.
fn uses_of(src: &Path, modules: &BTreeMap<Vec<String>, PathBuf>) -> Vec<Use> {
    let mut out = Vec::new();
    for (module, file) in modules {
        let code = code_of(&read(file));
        let inline = inline_modules(&code);
        let here = |at: usize| -> Vec<String> {
            let inner = inline.iter().filter(|(_, span)| span.contains(&at));
            [module.clone(), inner.map(|(n, _)| n.clone()).collect()].concat()
        };
        let children = modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| format!("{}::", m[module.len()]));
        let mut starts: BTreeSet<usize> = BTreeSet::new();
        for prefix in ["crate::", "self::", "super::"]
            .map(String::from)
            .into_iter()
            .chain(children)
        {
            starts.extend(
                path_starts(&code, &prefix)
                    .into_iter()
                    .map(|at| at - prefix.len()),
            );
        }
        for at in starts {
            let imports = code[..at].trim_end().ends_with("use") && here(at) == *module;
            for path in paths_in(&code[at..]) {
                if let Some(path) = absolute(modules, &here(at), &path) {
                    out.push(Use {
                        file: format!("src/{}", file.strip_prefix(src).unwrap_or(file).display()),
                        module: module.clone(),
                        path,
                        imports,
                    });
                }
            }
        }
    }
    out
}

/// The module an absolute path reaches: the deepest module along it,
/// following the `use` items of a module's body (`crate::tui::App` reaches
/// `[tui, app]` through `pub use app::App` in `tui/mod.rs`).
fn module_reached(
    modules: &BTreeMap<Vec<String>, PathBuf>,
    imported: &BTreeMap<(Vec<String>, String), Vec<String>>,
    path: &[String],
) -> Vec<String> {
    let mut path = path.to_vec();
    let mut at = Vec::new();
    // A few steps at most: `use` items that name each other end here.
    for _ in 0..path.len() + 8 {
        let Some(next) = path.get(at.len()).cloned() else {
            break;
        };
        let deeper = [at.clone(), vec![next.clone()]].concat();
        if modules.contains_key(&deeper) {
            at = deeper;
        } else if let Some(target) = imported.get(&(at.clone(), next)) {
            path = [target.clone(), path[at.len() + 1..].to_vec()].concat();
            at = Vec::new();
        } else {
            break;
        }
    }
    at
}

/// The module graph of the library, one graph per module that has
/// children: its nodes are its children; an arrow says a file in (or
/// below) one child uses a path that reaches (into) a sibling, directly or
/// through a name the parent imports. Each arrow keeps one use that draws
/// it.
type Graphs = BTreeMap<Vec<String>, BTreeMap<String, BTreeMap<String, String>>>;

fn module_graphs(src: &Path) -> Graphs {
    let modules = library_modules(src);
    let uses = uses_of(src, &modules);
    let imported: BTreeMap<(Vec<String>, String), Vec<String>> = uses
        .iter()
        .filter(|u| u.imports)
        .filter_map(|u| Some(((u.module.clone(), u.path.last()?.clone()), u.path.clone())))
        .collect();
    let mut graphs: Graphs = BTreeMap::new();
    for u in &uses {
        let to = module_reached(&modules, &imported, &u.path);
        let shared = u.module.iter().zip(&to).take_while(|(a, b)| a == b).count();
        // A use of an item of an enclosing module's own file (`super::put_line`)
        // is no arrow between siblings: the module's file is their façade.
        let (Some(from_node), Some(to_node)) = (u.module.get(shared), to.get(shared)) else {
            continue;
        };
        graphs
            .entry(u.module[..shared].to_vec())
            .or_default()
            .entry(from_node.clone())
            .or_default()
            .entry(to_node.clone())
            .or_insert_with(|| format!("{} uses {}", u.file, u.path.join("::")));
    }
    graphs
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

/// Circles among the modules of src/ known and left for later: the module
/// whose children make them (`table` for the files of src/table/) and the
/// nodes of each. Any other circle fails the test, and so does a listed
/// one that has changed or gone.
const KNOWN_CIRCLES: &[(&str, &[&str])] = &[];

/// One way around a circle (a set of nodes of `graph` that reach each
/// other), from its first node back to it.
fn a_way_around(
    graph: &BTreeMap<String, BTreeSet<String>>,
    circle: &BTreeSet<String>,
) -> Vec<String> {
    let start = circle.first().expect("a node").clone();
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut todo = std::collections::VecDeque::from([start.clone()]);
    while let Some(n) = todo.pop_front() {
        for m in graph
            .get(&n)
            .into_iter()
            .flatten()
            .filter(|m| circle.contains(*m))
        {
            if m == &start {
                let mut way = vec![n.clone()];
                while let Some(back) = came_from.get(way.last().expect("a node")) {
                    way.push(back.clone());
                }
                way.reverse();
                way.push(start.clone());
                return way;
            }
            if !came_from.contains_key(m) {
                came_from.insert(m.clone(), n.clone());
                todo.push_back(m.clone());
            }
        }
    }
    unreachable!("the nodes of a circle reach each other")
}

/// The longest a source file of the program or its tests may be (issue
/// 34: the code is shaped like the best command-line projects, where none
/// is over 1,000 lines).
const MOST_LINES: usize = 1_000;

#[test]
fn no_source_file_is_over_a_thousand_lines() {
    let long: Vec<String> = rust_files(&root().join("src"))
        .into_iter()
        .chain(rust_files(&root().join("tests")))
        .filter_map(|path| {
            let lines = read(&path).lines().count();
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines (split by what each part does): {long:?}"
    );
}

#[test]
fn the_modules_of_each_folder_make_no_circle() {
    let graphs = module_graphs(&root().join("src"));
    // Each circle found, with a way around it to show.
    let mut found: BTreeMap<(String, BTreeSet<String>), String> = BTreeMap::new();
    for (module, arrows) in &graphs {
        let graph: BTreeMap<String, BTreeSet<String>> = arrows
            .iter()
            .map(|(from, to)| (from.clone(), to.keys().cloned().collect()))
            .collect();
        let name = if module.is_empty() {
            "crate".to_string()
        } else {
            module.join("::")
        };
        for circle in circles(&graph) {
            let way = a_way_around(&graph, &circle);
            let steps: Vec<String> = way
                .windows(2)
                .map(|w| format!("    {} -> {}: {}", w[0], w[1], arrows[&w[0]][&w[1]]))
                .collect();
            let all: Vec<&str> = circle.iter().map(String::as_str).collect();
            let shown = format!(
                "{name}: {} (the circle: {})\n{}",
                way.join(" -> "),
                all.join(", "),
                steps.join("\n")
            );
            found.insert((name.clone(), circle), shown);
        }
    }
    let known: BTreeSet<(String, BTreeSet<String>)> = KNOWN_CIRCLES
        .iter()
        .map(|(m, c)| (m.to_string(), c.iter().map(|s| s.to_string()).collect()))
        .collect();
    let new: Vec<&str> = found
        .iter()
        .filter(|(c, _)| !known.contains(c))
        .map(|(_, s)| s.as_str())
        .collect();
    let gone: Vec<String> = known
        .iter()
        .filter(|c| !found.contains_key(c))
        .map(|(m, c)| format!("{m}: {}", c.iter().cloned().collect::<Vec<_>>().join(", ")))
        .collect();
    assert!(
        new.is_empty(),
        "circles among the modules of src/ (each a way around it, and a use that draws each arrow):\n{}",
        new.join("\n")
    );
    assert!(
        gone.is_empty(),
        "known circles that changed or are gone: update KNOWN_CIRCLES:\n{}",
        gone.join("\n")
    );
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
    let names = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        paths_in("{a::B, c::{self, D},\n  e,} rest"),
        vec![
            names(&["a", "B"]),
            names(&["c"]),
            names(&["c", "D"]),
            names(&["e"])
        ]
    );
    let modules = library_modules(&root().join("src"));
    let here = names(&["tui", "panes", "screen", "tests"]);
    assert_eq!(
        absolute(&modules, &here, &names(&["super", "super", "put_line"])),
        Some(names(&["tui", "panes", "put_line"]))
    );
    assert_eq!(
        absolute(&modules, &names(&["tui"]), &names(&["app", "App"])),
        Some(names(&["tui", "app", "App"]))
    );
    assert_eq!(
        absolute(&modules, &names(&["tui"]), &names(&["std", "fmt"])),
        None
    );
    let code = code_of("fn a() {}\nmod tests { use super::a; fn b() { if x { } } }\n");
    let inline = inline_modules(&code);
    assert_eq!(inline.len(), 1);
    assert_eq!(inline[0].0, "tests");
    assert!(code[inline[0].1.clone()].ends_with("{ } } "));
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
