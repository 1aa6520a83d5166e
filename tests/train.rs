//! `claimlab train`: deterministic, honest about its data, and the shipped
//! model is what retraining on the shared data writes.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

use claimlab::model::AnswerModel;
use serde_json::Value;

fn train(data: &Path, out: &Path) -> (String, String) {
    let (model, card) = (out.join("model.json"), out.join("card.json"));
    let run = Command::new(env!("CARGO_BIN_EXE_claimlab"))
        .args(["train", "--data"])
        .arg(data)
        .arg("--out")
        .arg(&model)
        .arg("--card")
        .arg(&card)
        .output()
        .expect("claimlab runs");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    (
        std::fs::read_to_string(model).unwrap(),
        std::fs::read_to_string(card).unwrap(),
    )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn training_is_deterministic_reads_back_and_never_reads_a_test_split() {
    let fixtures = root().join("tests/fixtures");
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let first = train(&fixtures, a.path());
    let second = train(&fixtures, b.path());
    assert_eq!(first, second, "two runs wrote different files");
    let model = AnswerModel::from_json(&first.0).expect("the written model reads back");
    assert!((0.0..=1.0).contains(&model.decision_threshold));
    let card: Value = serde_json::from_str(&first.1).unwrap();
    let splits: Vec<&str> = card["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["split"].as_str().unwrap())
        .collect();
    assert_eq!(splits, ["train", "tune", "evaluation"]);
    for d in card["data"].as_array().unwrap() {
        for file in d["files"].as_array().unwrap() {
            let hash = file[1].as_str().unwrap();
            assert!(
                hash.len() == 64 && hash.bytes().all(|c| c.is_ascii_hexdigit()),
                "{hash}"
            );
        }
    }
    assert!(card["calibration"]["ece"].as_f64().unwrap() >= 0.0);
}

#[test]
fn a_missing_data_folder_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_claimlab"))
        .args(["train", "--data"])
        .arg(dir.path())
        .arg("--out")
        .arg(dir.path().join("m.json"))
        .arg("--card")
        .arg(dir.path().join("c.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ragtruth_qa") && err.contains("--data"),
        "{err}"
    );
    assert!(!dir.path().join("m.json").exists());
    // A folder that does not exist for the output is said before training.
    let out = Command::new(env!("CARGO_BIN_EXE_claimlab"))
        .args(["train", "--data"])
        .arg(root().join("tests/fixtures"))
        .arg("--out")
        .arg(dir.path().join("no/such/m.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("there is no folder") && !err.contains("answers"),
        "{err}"
    );
}

/// The labelled data, when this machine has it: `CLAIMLAB_DATA`, else the
/// workspace's `../shared/data`.
fn shared_data() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("CLAIMLAB_DATA").map(PathBuf::from),
        Some(root().join("../shared/data")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("ragtruth_qa").is_dir())
}

#[test]
fn retraining_on_the_shared_data_reproduces_the_shipped_model() {
    let Some(data) = shared_data() else {
        // A user's clone has no data (scripts/test sets CLAIMLAB_DATA where it exists).
        eprintln!("skipped: no labelled data (set CLAIMLAB_DATA to ../shared/data)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (model, card) = train(&data, dir.path());
    let shipped = |name: &str| std::fs::read_to_string(root().join("models").join(name)).unwrap();
    assert!(
        model == shipped("answer-score.json"),
        "models/answer-score.json is not what `claimlab train --data {}` writes",
        data.display()
    );
    assert!(
        card == shipped("answer-score.card.json"),
        "models/answer-score.card.json is not what training writes"
    );
}
