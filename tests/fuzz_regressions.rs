//! Every input the fuzzers found a bug with (`fuzz/regressions/<target>/`)
//! and every fuzz seed, replayed through the fuzz targets' own code, in
//! the ordinary test suite: a fixed bug stays fixed without cargo-fuzz.

use std::fs;
use std::path::Path;

// The fuzz targets' own cases: the same decoding and the same assertions.
#[path = "../fuzz/fuzz_targets/check_case.rs"]
mod check_case;
#[path = "../fuzz/fuzz_targets/permalink_case.rs"]
mod permalink_case;

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

#[test]
fn check_regressions_and_seeds_replay_cleanly() {
    let all: Vec<_> = inputs("regressions", "check")
        .into_iter()
        .chain(inputs("seeds", "check"))
        .collect();
    assert!(all.len() >= 11, "the repair crash and the ten examples");
    for (name, data) in all {
        let outcome = std::panic::catch_unwind(|| check_case::run(&data));
        assert!(outcome.is_ok(), "{name} panics again");
    }
}

#[test]
fn permalink_seeds_open_and_round_trip() {
    let seeds = inputs("seeds", "permalink");
    assert!(!seeds.is_empty());
    for (name, data) in seeds {
        let outcome = std::panic::catch_unwind(|| permalink_case::run(&data));
        assert!(outcome.is_ok(), "{name} fails");
    }
}
