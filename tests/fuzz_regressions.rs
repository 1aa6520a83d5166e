//! Every input the fuzzers found a bug with (`fuzz/regressions/<target>/`)
//! and every fuzz seed, replayed through the fuzz targets' input layout, in
//! the ordinary test suite: a fixed bug stays fixed without cargo-fuzz.

use std::fs;
use std::path::Path;

use claimlab::{check, permalink, CheckInput, Config, Document, Preset};

/// The inputs in `fuzz/<kind>/<target>/`.
fn inputs(kind: &str, target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target);
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .map(|p| (p.display().to_string(), fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// `fuzz/fuzz_targets/check.rs`'s layout: the first byte picks the config;
/// the rest, split on U+0001, is source, answer, question, samples.
fn replay_check(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let cfg = match selector % 4 {
        0 => Config::default(),
        k => Preset::ALL[usize::from(k - 1)].config(),
    };
    let text = String::from_utf8_lossy(rest);
    let mut parts = text.split('\u{1}');
    let source = parts.next().unwrap_or("");
    let answer = parts.next().unwrap_or("");
    let question = parts.next().unwrap_or("");
    let samples: Vec<String> = parts.take(3).map(str::to_string).collect();
    let doc = Document::analyse(source, (&cfg).into());
    let report = check(
        &doc,
        &CheckInput {
            answer,
            samples: &samples,
            question,
            ..Default::default()
        },
        &cfg,
    );
    let mut end = 0;
    for c in &report.claims {
        assert!(
            c.byte_start >= end
                && answer.is_char_boundary(c.byte_start)
                && answer.is_char_boundary(c.byte_end)
        );
        assert_eq!(c.text, answer[c.byte_start..c.byte_end]);
        assert!(!c.reasons.is_empty());
        end = c.byte_end;
    }
}

#[test]
fn check_regressions_and_seeds_replay_cleanly() {
    let all: Vec<_> = inputs("regressions", "check")
        .into_iter()
        .chain(inputs("seeds", "check"))
        .collect();
    assert!(all.len() >= 11, "the repair crash and the ten examples");
    for (name, data) in all {
        let outcome = std::panic::catch_unwind(|| replay_check(&data));
        assert!(outcome.is_ok(), "{name} panics again");
    }
}

#[test]
fn permalink_seeds_open_without_panic() {
    for (name, data) in inputs("seeds", "permalink") {
        let text = String::from_utf8_lossy(&data);
        let fragment = permalink::parse_fragment(&text);
        let decoded = fragment.state.map(permalink::decode);
        let _ = permalink::open(&fragment, decoded);
        let _ = permalink::from_text(&text);
        assert!(!name.is_empty());
    }
}
