//! `claimlab train`: fit the answer model on the tuning splits of the
//! labelled sets (RAGTruth QA `train`, HaluEval `tune`, SummEdits
//! `evaluation`; never a test split) and write the weights and their card.

use std::path::Path;

use claimlab::eval::datasets::Dataset;
use claimlab::eval::datasets::LabelledAnswer;
use claimlab::eval::protocol;
use claimlab::eval::train::{self, TrainingAnswer, TrainingSet};
use claimlab::model::{AnswerModel, LearnedScore, Regime};
use claimlab::{check, CheckInput, Config, Preset};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::input::io_reason;

/// The sets and the split of each the model is trained on, with their
/// folder under the data directory.
pub const TRAINING_SPLITS: [(Dataset, &str, &str); 3] = [
    (Dataset::RagTruth, "ragtruth_qa", "train"),
    (Dataset::HaluEval, "halueval", "tune"),
    (Dataset::SummEdits, "summedits", "evaluation"),
];

/// What the weights were trained on and how they fare there: the card's
/// figures, written beside the weights.
#[derive(Serialize)]
struct Card {
    command: String,
    preset: &'static str,
    l2: f64,
    newton_steps: usize,
    data: Vec<DataUsed>,
    decision_threshold: f64,
    /// Each set's own measure at the decision threshold, on the training data.
    tuning: Vec<train::SetMeasure>,
    /// The same at thresholds 0.05 … 0.95: the trade-off the threshold moves along.
    trade_off: Vec<(f64, Vec<train::SetMeasure>)>,
    /// Calibration over the training answers (each set as it is).
    calibration: train::Calibration,
}

#[derive(Serialize)]
struct DataUsed {
    set: &'static str,
    split: &'static str,
    answers: usize,
    hallucinated: usize,
    /// SHA-256 of each file read, by name.
    files: Vec<(String, String)>,
}

/// Each claim's features of every answer of a split, checked under the
/// `improved` preset's settings.
fn features_of(answers: &[LabelledAnswer]) -> Vec<TrainingAnswer> {
    let cfg = Config {
        repair: false,
        ..Preset::Improved.config()
    };
    protocol::for_each_answer(
        answers,
        &cfg,
        &|doc, a| {
            let input = CheckInput {
                question: &a.question,
                ..CheckInput::answer(&a.answer)
            };
            let report = check(doc, &input, &cfg);
            TrainingAnswer {
                regime: Regime::of(&a.question, &a.answer),
                claims: report
                    .claims
                    .iter()
                    .filter_map(|c| c.score.as_ref().and_then(LearnedScore::claim_features))
                    .collect(),
                stake: claimlab::pipeline::learned_stake(report.claims.iter()),
                hallucinated: a.label,
            }
        },
        &|| {},
    )
}

fn sha256(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read {}: {}", path.display(), io_reason(&e)))?;
    Ok(Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Train on `data` (the folder holding `ragtruth_qa/`, `halueval/` and
/// `summedits/`), write the model to `out` and its card to `card`.
pub fn run(data: &Path, out: &Path, card: &Path) -> Result<AnswerModel, String> {
    // Say a missing folder before training, not after.
    for file in [out, card] {
        if let Some(dir) = file
            .parent()
            .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
        {
            return Err(format!(
                "cannot write {}: there is no folder {} (run from the repository, or give --out and --card)",
                file.display(),
                dir.display()
            ));
        }
    }
    let mut sets = Vec::new();
    let mut used = Vec::new();
    for (dataset, folder, split) in TRAINING_SPLITS {
        let dir = data.join(folder);
        if !dir.is_dir() {
            return Err(format!(
                "{} is not a directory: --data is the folder holding ragtruth_qa, halueval and summedits",
                dir.display()
            ));
        }
        let mut reader = crate::eval::Reader::new(false);
        let answers = crate::eval::load(dataset, &dir, split, &mut reader)?;
        eprintln!(
            "claimlab: {} {split}: {} answers",
            dataset.name(),
            answers.len()
        );
        let features = features_of(&answers);
        let mut files = Vec::new();
        for file in crate::eval::files_read(dataset, &dir)? {
            let name = file
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            files.push((name, sha256(&file)?));
        }
        used.push(DataUsed {
            set: dataset.name(),
            split,
            answers: answers.len(),
            hallucinated: answers.iter().filter(|a| a.label).count(),
            files,
        });
        sets.push(TrainingSet {
            name: dataset.name().to_string(),
            answers: features,
            measure: protocol::primary_measure(dataset),
        });
    }
    let model = train::fit(&sets);
    let (threshold, tuning) = train::choose_threshold(&model, &sets);
    let scored: Vec<(f64, bool)> = sets
        .iter()
        .flat_map(|s| s.answers.iter())
        .map(|a| {
            (
                model.score_answer(a.regime, &a.claims).probability,
                a.hallucinated,
            )
        })
        .collect();
    let card_json = Card {
        command: "claimlab train --data ../shared/data".into(),
        preset: Preset::Improved.name(),
        l2: train::L2,
        newton_steps: train::STEPS,
        data: used,
        decision_threshold: threshold,
        tuning,
        trade_off: train::trade_off(&model, &sets),
        calibration: train::calibration(&scored),
    };
    write(out, &model)?;
    write(card, &card_json)?;
    Ok(model)
}

/// Pretty JSON with a final newline (the files are reviewed in diffs).
fn write(path: &Path, value: &impl Serialize) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).expect("a model serialises") + "\n";
    std::fs::write(path, text)
        .map_err(|e| format!("cannot write {}: {}", path.display(), io_reason(&e)))
}
