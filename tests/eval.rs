//! `claimlab eval` and `claimlab batch` on the committed fixtures.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn claimlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_claimlab"))
        .args(args)
        .output()
        .expect("claimlab runs")
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn eval_json(args: &[&str]) -> Value {
    let mut all = vec!["eval", "--format", "json"];
    all.extend_from_slice(args);
    let out = claimlab(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn unit(v: &Value) -> f64 {
    let x = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    assert!((0.0..=1.0).contains(&x), "{x} out of 0..1");
    x
}

#[test]
fn ragtruth_follows_the_upstream_protocol_and_reports_spans() {
    let r = eval_json(&[
        "--dataset",
        "ragtruth",
        "--path",
        &fixture("ragtruth_qa"),
        "--split",
        "test",
    ]);
    assert_eq!(
        (r["examples"].as_u64(), r["positives"].as_u64()),
        (Some(20), Some(10)),
        "quality good, split test"
    );
    for key in ["precision", "recall", "f1", "balanced_accuracy"] {
        unit(&r["at_threshold"][key]);
    }
    unit(&r["average_precision"]);
    unit(&r["span"]["f1"]);
    assert!(r["pairwise_accuracy"].is_null());
    assert_eq!(
        r["per_group"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["examples"].as_u64().unwrap())
            .sum::<u64>(),
        20
    );
}

#[test]
fn eval_figures_are_the_same_on_any_number_of_threads() {
    for (dataset, folder, split) in [
        ("ragtruth", "ragtruth_qa", "test"),
        ("halueval", "halueval", "tune"),
    ] {
        let run = |jobs: &str| {
            let out = claimlab(&[
                "eval",
                "--format",
                "json",
                "--dataset",
                dataset,
                "--path",
                &fixture(folder),
                "--preset",
                "improved",
                "--sweep",
                "--split",
                split,
                "--jobs",
                jobs,
            ]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
            // How long it took is the one thing that may differ.
            v.as_object_mut().unwrap().remove("seconds");
            v
        };
        // Figures are tidied: no 0.19999999999999996.
        let text = run("1").to_string();
        assert!(
            !text
                .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .any(|n| n.len() > 15),
            "{text}"
        );
        assert_eq!(run("1"), run("2"), "{dataset}");
        assert_eq!(run("1"), run("0"), "{dataset}");
    }
}

#[test]
fn halueval_pairs_give_pairwise_accuracy() {
    let r = eval_json(&[
        "--dataset",
        "halueval",
        "--path",
        &fixture("halueval"),
        "--split",
        "tune",
    ]);
    assert_eq!(
        (r["examples"].as_u64(), r["positives"].as_u64()),
        (Some(60), Some(30))
    );
    assert!(
        unit(&r["pairwise_accuracy"]) > 0.5,
        "the checker ranks most hallucinated answers above the right ones"
    );
}

#[test]
fn summedits_and_wikibio() {
    let r = eval_json(&[
        "--dataset",
        "summedits",
        "--path",
        &fixture("summedits"),
        "--split",
        "test",
    ]);
    assert_eq!(r["examples"].as_u64(), Some(12));
    assert_eq!(r["per_group"].as_array().unwrap().len(), 2);
    let w = eval_json(&[
        "--dataset",
        "wikibio",
        "--path",
        &fixture("selfcheckgpt_wikibio"),
        "--preset",
        "improved",
    ]);
    assert_eq!(w["examples"].as_u64(), Some(25));
    unit(&w["average_precision"]);
    unit(&w["average_precision_factual"]);
}

#[test]
fn the_sweep_lists_the_curve() {
    let r = eval_json(&[
        "--dataset",
        "halueval",
        "--path",
        &fixture("halueval"),
        "--split",
        "tune",
        "--sweep",
    ]);
    let curve = r["curve"].as_array().unwrap();
    assert!(curve.len() > 2);
    // Recall only grows as the threshold falls; support thresholds are given (seed scoring).
    let recalls: Vec<f64> = curve
        .iter()
        .map(|p| p["recall"].as_f64().unwrap())
        .collect();
    assert!(recalls.windows(2).all(|w| w[0] <= w[1]));
    assert!(curve.iter().all(|p| p["support_threshold"].is_number()));
    let text = String::from_utf8(
        claimlab(&[
            "eval",
            "--dataset",
            "halueval",
            "--path",
            &fixture("halueval"),
            "--split",
            "tune",
            "--sweep",
        ])
        .stdout,
    )
    .unwrap();
    assert!(text.contains("score_threshold,support_threshold,precision,recall,f1,flagged"));
}

#[test]
fn a_threshold_is_chosen_on_the_tuning_split() {
    let out = claimlab(&[
        "eval",
        "--dataset",
        "ragtruth",
        "--path",
        &fixture("ragtruth_qa"),
        "--tune-split",
        "train",
        "--preset",
        "improved",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("threshold chosen on the train split: decision_threshold"));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["at_threshold"]["setting"], "decision_threshold");
    assert_eq!(r["split"], "test");
}

#[test]
fn bad_records_stop_with_their_line_or_are_skipped_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let lines = std::fs::read_to_string(fixture("halueval/qa_data.json")).unwrap();
    let mut broken: Vec<&str> = lines.lines().collect();
    broken.insert(3, "{\"knowledge\": \"oops\"");
    std::fs::write(dir.path().join("qa_data.json"), broken.join("\n")).unwrap();
    let path = dir.path().to_str().unwrap();
    let out = claimlab(&[
        "eval",
        "--dataset",
        "halueval",
        "--path",
        path,
        "--split",
        "tune",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("qa_data.json:4:") && err.contains("--skip-bad"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1);
    let r = eval_json(&[
        "--dataset",
        "halueval",
        "--path",
        path,
        "--split",
        "tune",
        "--skip-bad",
    ]);
    assert_eq!(
        (r["examples"].as_u64(), r["skipped_records"].as_u64()),
        (Some(60), Some(1))
    );
}

#[test]
fn eval_usage_errors() {
    for (args, expect) in [
        (
            vec!["eval", "--dataset", "ragtruth", "--path", "/no/such/dir"],
            "not a directory",
        ),
        (
            vec![
                "eval",
                "--dataset",
                "halueval",
                "--path",
                "tests/fixtures/halueval",
                "--split",
                "train",
            ],
            "has no split \"train\"",
        ),
        (
            vec!["eval", "--dataset", "nope", "--path", "."],
            "invalid value 'nope'",
        ),
        (
            vec!["eval", "--dataset", "summedits", "--path", "tests"],
            "no summedits_<domain>.json files",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_claimlab"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(expect),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn batch_writes_one_report_per_line_and_a_summary() {
    let input = concat!(
        "{\"question\": \"How long is the span?\", \"context\": \"The main span is 410 metres long.\", \"answer\": \"The main span is 460 metres long.\"}\n",
        "\n",
        "{\"context\": [\"The bridge opened in 1998.\", \"It has four lanes.\"], \"answer\": \"The bridge opened in 1998 [1]. It has four lanes [2].\"}\n",
        "{\"context\": \"\", \"answer\": \"Tagore was born in Mumbai.\", \"samples\": [\"Tagore was born in Kolkata.\"]}\n",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_claimlab"))
        .args(["batch", "--input", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "one answer is not faithful");
    let reports: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["claims"][0]["verdict"], "contradicted");
    assert_eq!(
        reports[1]["decision"], "deliver",
        "passages are numbered for [N] citations"
    );
    assert_eq!(reports[2]["claims"][0]["consistency"]["agreement"], 0.0);
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("Faithful: 1/3 (33%)"), "{summary}");
    assert!(summary.contains("Routing:"));
}

#[test]
fn batch_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in.jsonl");
    std::fs::write(&file, "{\"context\": \"A.\", \"answer\": \"A.\"}\nnot json\n{\"context\": \"\", \"answer\": \"B.\"}\n").unwrap();
    let f = file.to_str().unwrap();
    let out = claimlab(&["batch", "--input", f]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("in.jsonl:2:"));
    let out_file = dir.path().join("out.jsonl");
    let out = claimlab(&[
        "batch",
        "--input",
        f,
        "--output",
        out_file.to_str().unwrap(),
        "--skip-bad",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Skipped 2 bad lines"));
    // One report, and each bad line in its place with its reason.
    let written = std::fs::read_to_string(out_file).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 3, "{written}");
    assert!(lines[0].starts_with("{\"decision\":"), "{}", lines[0]);
    assert!(
        lines[1].starts_with("{\"line\":2,\"error\":\"not valid JSON"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("{\"line\":3,\"error\":\"context is empty"),
        "{}",
        lines[2]
    );
}

/// `--examples FILE`: one JSON line per example the figures count, with its
/// label and score, for every set. (WikiBio's examples are its sentences; a
/// stranger found it wrote no file for them.)
#[test]
fn examples_are_written_one_line_per_example_for_every_set() {
    let dir = tempfile::tempdir().unwrap();
    for (set, split) in [
        ("halueval", Some("tune")),
        ("ragtruth", Some("test")),
        ("summedits", Some("test")),
        ("wikibio", None),
    ] {
        let path = dir.path().join(format!("{set}.jsonl"));
        let fixture = fixture(match set {
            "halueval" => "halueval",
            "ragtruth" => "ragtruth_qa",
            "summedits" => "summedits",
            _ => "selfcheckgpt_wikibio",
        });
        let mut args = vec![
            "--dataset",
            set,
            "--path",
            &fixture,
            "--examples",
            path.to_str().unwrap(),
        ];
        if let Some(split) = split {
            args.extend(["--split", split]);
        }
        let r = eval_json(&args);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{set}: no examples file ({e})"));
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(Some(lines.len() as u64), r["examples"].as_u64(), "{set}");
        let labelled = lines.iter().filter(|l| l["label"] == true).count();
        assert_eq!(Some(labelled as u64), r["positives"].as_u64(), "{set}");
        for l in &lines {
            // A source-based score runs to 2 (a claim failed by a check
            // other than support); agreement is 0–1.
            let score = l["score"].as_f64().unwrap_or(-1.0);
            assert!((0.0..=2.0).contains(&score), "{set}: {l}");
            assert!(
                l["flagged"].is_boolean() && l["id"].is_string(),
                "{set}: {l}"
            );
        }
        if set == "wikibio" {
            assert!(lines
                .iter()
                .all(|l| l["text"].is_string() && l["sentence"].as_u64() >= Some(1)));
        }
    }
}
