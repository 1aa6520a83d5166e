//! The layers of ARCHITECTURE.md, enforced: every `crate::` and `super::`
//! reference in the library's code (tests excluded) points to a module of
//! the same layer or one below, the files import one another without a
//! loop, and the lab's components never call a check's detection.
//!
//! A test over the module graph rather than a workspace of crates: one
//! `cargo test` runs it, the wasm build stays one crate, and it can state
//! rules a crate boundary cannot (the app may read a check's `limits` but
//! not run its detection). It reads the source as text: every reference is
//! written `crate::a::b` (in a `use`, a `use crate::{…}` group or inline) or
//! `super::…`, which is how this code base writes them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Top-level modules from the bottom layer up. A module may use modules of
/// its own layer (its submodules, each other) and of the layers below.
const LAYERS: &[&[&str]] = &[
    &["order", "named"],
    &["text"],
    &["config"],
    &["verdict"],
    &["trace"],
    &["checks"],
    &["scoring", "drift", "model"],
    &["report", "compact"],
    &["repair", "pin", "claim_ids", "sentence_ids"],
    &["pipeline"],
    &["output"],
    &["eval"],
    &["examples"],
    &["lab_state"],
    &["permalink"],
    &["lessons"],
    &["app"],
];

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&module))
        .unwrap_or_else(|| {
            panic!("module `{module}` is in no layer: add it to LAYERS and ARCHITECTURE.md")
        })
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every library file (the CLI binary, src/cli, is outside the library and
/// uses it only through `claimlab::`), with its module path.
fn library_files() -> Vec<(Vec<String>, PathBuf)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&src(), &mut paths);
    paths
        .into_iter()
        .filter_map(|p| {
            let rel = p.strip_prefix(src()).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|l| l == "mod") {
                parts.pop();
            }
            match parts.first().map(String::as_str) {
                Some("cli" | "main" | "lib") | None => None,
                _ => Some((parts, p)),
            }
        })
        .collect()
}

/// The file's code without its unit tests (`#[cfg(test)] mod tests` comes last).
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let cut = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..cut]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Module paths a file's code refers to, as written after `crate::` (groups
/// expanded one level: `crate::{a, b::c}` gives `a` and `b::c`), with
/// `super::` resolved against the file's own module path.
fn references(module: &[String], code: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let mut out = Vec::new();
    let mut push_path = |base: Vec<String>, rest: &str| {
        let mut path = base;
        path.extend(
            rest.split("::")
                .filter(|s| !s.is_empty() && *s != "self")
                .map(str::to_string),
        );
        if !path.is_empty() {
            out.push(path);
        }
    };
    for (at, _) in code.match_indices("crate::") {
        if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let item: String = item.trim().chars().take_while(|&c| ident(c)).collect();
                push_path(Vec::new(), &item);
            }
        } else {
            let path: String = rest.chars().take_while(|&c| ident(c)).collect();
            push_path(Vec::new(), path.trim_end_matches(':'));
        }
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("::") {
            continue;
        }
        let rest: String = code[at + "super::".len()..]
            .chars()
            .take_while(|&c| ident(c))
            .collect();
        let mut base = module.to_vec();
        // A file `a/b.rs` is module a::b; `super` is a.
        base.pop();
        push_path(base, rest.trim_end_matches(':'));
    }
    out
}

/// The file a module path names: the longest prefix that is a file.
fn file_of(path: &[String], files: &BTreeMap<Vec<String>, PathBuf>) -> Option<Vec<String>> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| files.contains_key(p))
}

fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: BTreeMap<Vec<String>, PathBuf> = library_files().into_iter().collect();
    files
        .iter()
        .map(|(module, path)| {
            let targets = references(module, &code_of(path))
                .iter()
                .filter_map(|r| file_of(r, &files))
                .filter(|t| t != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

fn name(path: &[String]) -> String {
    path.join("::")
}

#[test]
fn every_reference_points_to_the_same_layer_or_below() {
    let mut wrong = Vec::new();
    for (from, targets) in graph() {
        for to in targets {
            if layer_of(&to[0]) > layer_of(&from[0]) {
                wrong.push(format!("{} uses {}", name(&from), name(&to)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "references up the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn files_import_one_another_without_a_loop() {
    let g = graph();
    // Depth-first search for a back edge; report the loop it closes.
    fn visit(
        node: &Vec<String>,
        g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in g.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in g.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(node, &g, &mut state, &mut Vec::new()) {
                let names: Vec<String> = cycle.iter().map(|n| name(n)).collect();
                panic!("an import loop: {}", names.join(" → "));
            }
        }
    }
}

#[test]
fn the_lab_never_runs_a_checks_detection() {
    // The app renders what the core returns: from a check module it may read
    // types and `limits` (what the check cannot see), nothing else.
    let mut wrong = Vec::new();
    for (module, path) in library_files().into_iter().filter(|(m, _)| m[0] == "app") {
        let code = code_of(&path);
        for check in [
            "citations",
            "confidence",
            "consistency",
            "entities",
            "negation",
            "numbers",
            "support",
        ] {
            let pattern = format!("{check}::");
            for (at, _) in code.match_indices(&pattern) {
                if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let item: String = code[at + pattern.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let allowed =
                    item == "limits" || item.starts_with(char::is_uppercase) || item.is_empty();
                if !allowed {
                    wrong.push(format!("{} calls {check}::{item}", name(&module)));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the lab computes what the core should:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_reference_reader_sees_every_form_this_code_uses() {
    let module = vec!["checks".to_string(), "numbers".to_string()];
    let code = "use crate::text::{Analysed, SourceSentence};\nuse crate::{config::Config, verdict};\nlet x = crate::order::sort_by(v);\nuse super::ClaimContext;";
    let refs: Vec<String> = references(&module, code).iter().map(|r| name(r)).collect();
    assert_eq!(
        refs,
        [
            "text",
            "config::Config",
            "verdict",
            "order::sort_by",
            "checks::ClaimContext"
        ]
    );
}
