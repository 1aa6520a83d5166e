//! The CLI contract: arguments, JSON shape, exit codes and error messages.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_claimlab"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("claimlab runs")
}

fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Bad input: exit 2 and exactly one line on standard error, no panic.
fn assert_usage_error(out: &Output, expect: &str) {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(out));
    let err = stderr(out);
    assert!(err.contains(expect), "expected {expect:?} in {err:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
}

const SOURCE: &str =
    "The Ridgeline bridge opened to traffic in 1998. The main span is 410 metres long.";

#[test]
fn json_report_has_the_documented_fields() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(
        dir.path(),
        "a.txt",
        "The main span is 460 metres long [S2]. Is it old?",
    );
    let out = run(&[
        "check",
        "--source",
        src.to_str().unwrap(),
        "--answer",
        ans.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    let c = &v["claims"][0];
    for key in [
        "id",
        "text",
        "start",
        "end",
        "verdict",
        "support",
        "best_source",
        "consistency",
        "reasons",
    ] {
        assert!(c.get(key).is_some(), "claims[].{key} missing");
    }
    assert_eq!(c["id"], "C1");
    assert_eq!(c["verdict"], "contradicted");
    assert_eq!(c["best_source"], "S2");
    assert_eq!(c["support"], 0.8);
    assert!(c["consistency"].is_null());
    assert_eq!(c["reasons"][0]["kind"], "number_mismatch");
    assert!(c["reasons"][0]["detail"].as_str().unwrap().contains("460"));
    assert_eq!(
        v["claims"].as_array().unwrap().len(),
        1,
        "the question is not a claim"
    );
    assert_eq!(v["sources"][1]["id"], "S2");
    assert_eq!(v["sources"][1]["text"], "The main span is 410 metres long.");
    for key in ["id", "text", "start", "end"] {
        assert!(
            v["sources"][0].get(key).is_some(),
            "sources[].{key} missing"
        );
    }
    assert_eq!(v["decision"], "block");
}

#[test]
fn exit_0_when_every_claim_is_supported() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(dir.path(), "a.txt", "The main span is 410 metres long.");
    let out = run(&[
        "check",
        "--source",
        src.to_str().unwrap(),
        "--answer",
        ans.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["decision"], "deliver");
}

#[test]
fn dash_reads_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let out = run_stdin(
        &["check", "--source", src.to_str().unwrap(), "--answer", "-"],
        b"The bridge opened in 1998.",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["claims"][0]["best_source"], "S1");
}

#[test]
fn samples_alone_check_self_consistency_without_a_source() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "Tagore was born in Mumbai.");
    let s1 = file(dir.path(), "1.txt", "Tagore was born in Kolkata.");
    let s2 = file(dir.path(), "2.txt", "Tagore was born in Calcutta.");
    let out = run(&[
        "check",
        "--answer",
        ans.to_str().unwrap(),
        "--sample",
        s1.to_str().unwrap(),
        "--sample",
        s2.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["claims"][0]["consistency"]["support"], 0.0);
    assert!(v["claims"][0]["best_source"].is_null());
    assert!(v["sources"].as_array().unwrap().is_empty());
}

#[test]
fn flags_change_the_settings() {
    let out = run(&["check", "--example", "opening-answer", "--no-number-check"]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["check", "--example", "opening-answer", "--policy", "flag"]);
    assert_eq!(json(&out)["decision"], "deliver_with_flags");
    let out = run(&[
        "check",
        "--example",
        "wrong-citation",
        "--no-citation-check",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--support-threshold",
        "0.65",
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--preset",
        "strict",
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    let out = run(&["check", "--example", "tagore", "--sim-threshold", "0.1"]);
    assert_eq!(json(&out)["claims"][1]["consistency"]["support"], 1.0);
}

#[test]
fn config_file_layers_over_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = file(dir.path(), "c.json", r#"{"support_threshold": 0.65}"#);
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--config",
        cfg.to_str().unwrap(),
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    let bad = file(
        dir.path(),
        "bad.json",
        "{\n  \"support_threshold\": 0.5,\n  \"policy\": \"maybe\"\n}",
    );
    assert_usage_error(
        &run(&[
            "check",
            "--example",
            "opening-answer",
            "--config",
            bad.to_str().unwrap(),
        ]),
        "line 3 column",
    );
    let typo = file(dir.path(), "typo.json", r#"{"suport_threshold": 0.5}"#);
    assert_usage_error(
        &run(&[
            "check",
            "--example",
            "opening-answer",
            "--config",
            typo.to_str().unwrap(),
        ]),
        "unknown field `suport_threshold`",
    );
    let broken = file(dir.path(), "broken.json", "{\"support_threshold\": ");
    assert_usage_error(
        &run(&[
            "check",
            "--example",
            "opening-answer",
            "--config",
            broken.to_str().unwrap(),
        ]),
        "line 1 column",
    );
}

#[test]
fn bad_input_exits_2_with_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let (s, a) = (src.to_str().unwrap(), ans.to_str().unwrap());
    assert_usage_error(
        &run(&["check", "--source", "/no/such/file", "--answer", a]),
        "no such file",
    );
    assert_usage_error(
        &run(&[
            "check",
            "--source",
            dir.path().to_str().unwrap(),
            "--answer",
            a,
        ]),
        "is a directory",
    );
    let latin1 = file(dir.path(), "latin1.txt", b"caf\xe9 au lait".as_slice());
    assert_usage_error(
        &run(&["check", "--source", latin1.to_str().unwrap(), "--answer", a]),
        "not UTF-8 text (invalid byte at offset 3)",
    );
    let empty = file(dir.path(), "empty.txt", "  \n");
    assert_usage_error(
        &run(&["check", "--source", empty.to_str().unwrap(), "--answer", a]),
        "is empty",
    );
    assert_usage_error(
        &run(&["check", "--source", s, "--answer", empty.to_str().unwrap()]),
        "is empty",
    );
    let binary = file(dir.path(), "bin.dat", b"\x7fELF\x00\x01".as_slice());
    assert_usage_error(
        &run(&["check", "--source", binary.to_str().unwrap(), "--answer", a]),
        "looks binary",
    );
    assert_usage_error(&run(&["check", "--answer", a]), "--source is required");
    assert_usage_error(&run(&["check", "--source", s]), "--answer is required");
    assert_usage_error(
        &run(&["check", "--example", "nope"]),
        "no example named \"nope\"",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--support-threshold", "1.5"]),
        "support_threshold must be between 0 and 1",
    );
    assert_usage_error(
        &run(&["check", "--source", "-", "--answer", "-"]),
        "only one input",
    );
}

#[test]
fn huge_files_are_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(100 * 1024 * 1024).unwrap(); // sparse: costs no disk
    let ans = file(dir.path(), "a.txt", "Fine.");
    assert_usage_error(
        &run(&[
            "check",
            "--source",
            big.to_str().unwrap(),
            "--answer",
            ans.to_str().unwrap(),
        ]),
        "100.0 MB; the limit is 16 MB",
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = run(&["check", "--frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--frobnicate"));
    assert_eq!(
        run(&["check", "--example", "tagore", "--policy", "maybe"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(run(&["--help"]).status.code(), Some(0));
}

#[test]
fn examples_lists_every_built_in_example() {
    let out = run(&["examples"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "opening-answer",
        "invented-fact",
        "wrong-citation",
        "correct-paraphrase",
        "confident-lie",
        "hallucinated-citation",
        "billing-contradiction",
        "answer-drift",
        "clean-answer",
        "tagore",
    ] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name} missing");
    }
    let v = json(&run(&["examples", "--format", "json"]));
    assert_eq!(v.as_array().unwrap().len(), 10);
}

#[test]
fn every_example_runs_and_exits_by_its_verdicts() {
    for (name, code) in [
        ("opening-answer", 1),
        ("clean-answer", 0),
        ("tagore", 1),
        ("correct-paraphrase", 0),
    ] {
        let out = run(&["check", "--example", name]);
        assert_eq!(out.status.code(), Some(code), "{name}: {}", stderr(&out));
        assert!(json(&out)["trace"].as_array().unwrap().len() > 3);
    }
}

#[test]
fn text_format_names_verdicts_and_decision() {
    let out = run(&["check", "--example", "opening-answer", "--format", "text"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("C2  contradicted  S3    0.80"), "{text}");
    assert!(text.contains("Decision: block (first problem C2; policy block)"));
}

#[test]
fn drift_db_persists_history_between_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("drift.db");
    let src = file(
        dir.path(),
        "s.txt",
        "The Aurora desk lamp (SKU-441) costs $49.99. It ships within two business days.",
    );
    let stable = file(
        dir.path(),
        "stable.txt",
        "The Aurora desk lamp (SKU-441) costs $49.99 and ships within two business days.",
    );
    let drifted = file(
        dir.path(),
        "drifted.txt",
        "The Aurora desk lamp now costs $39.99. It comes with a lifetime warranty.",
    );
    let args = |answer: &Path| -> Vec<String> {
        [
            "check",
            "--source",
            src.to_str().unwrap(),
            "--answer",
            answer.to_str().unwrap(),
            "--question",
            "How much does SKU-441 cost?",
            "--drift-db",
            db.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    for i in 0..5 {
        let out = bin().args(args(&stable)).output().unwrap();
        assert_eq!(json(&out)["drift"]["drifted"], false, "answer {}", i + 1);
    }
    let out = bin().args(args(&drifted)).output().unwrap();
    assert_eq!(json(&out)["drift"]["drifted"], true);
    assert_usage_error(
        &run(&[
            "check",
            "--example",
            "tagore",
            "--drift-db",
            db.to_str().unwrap(),
        ]),
        "--question",
    );
}
