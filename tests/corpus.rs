//! The case corpus: short cases written fresh, by class, each with the
//! verdicts a careful reader would give (tests/cases/*.toml, format in
//! tests/cases/README.md). Every case must pass; the pass rate per class is
//! printed (`cargo test --test corpus -- --nocapture`) and kept in
//! BENCHMARKS.md.
//!
//! A case's `decision` is the claim rule's (any failing claim gets the
//! policy's decision), so under a preset that decides by the learned score
//! the cases are checked with `answer_scoring: noisy_or` (which leaves every
//! verdict as it is). How often the learned decision agrees with the cases
//! is measured apart (`the_learned_decision_agrees_with_the_corpus`).

use std::collections::BTreeMap;
use std::path::Path;

use claimlab::config::Preset;
use claimlab::pipeline::CheckInput;
use claimlab::{check, AnswerScoring, Config, Document, Report};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    class: String,
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    source: String,
    answer: String,
    #[serde(default)]
    question: String,
    #[serde(default)]
    samples: Vec<String>,
    preset: Option<String>,
    #[serde(default)]
    set: BTreeMap<String, toml::Value>,
    decision: Option<String>,
    claims: Vec<ClaimExpectation>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimExpectation {
    verdict: String,
    reason: Option<String>,
    #[serde(default)]
    says: Vec<String>,
    text: Option<String>,
}

impl Case {
    /// The case's settings, deciding by the claim rule.
    fn config(&self) -> Result<Config, String> {
        let mut cfg = self.learned_config()?;
        if cfg.answer_scoring == AnswerScoring::Learned {
            cfg.answer_scoring = AnswerScoring::NoisyOr;
        }
        Ok(cfg)
    }

    /// The case's settings as they are (the `improved` preset decides by
    /// the learned score).
    fn learned_config(&self) -> Result<Config, String> {
        let name = self.preset.as_deref().unwrap_or("improved");
        let mut cfg = Preset::from_name(name)
            .ok_or_else(|| format!("no preset {name}"))?
            .config();
        for (key, value) in &self.set {
            let text = match value {
                toml::Value::String(s) => s.clone(),
                toml::Value::Float(x) => x.to_string(),
                toml::Value::Integer(n) => n.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => return Err(format!("{key}: {other:?} is not a setting's value")),
            };
            cfg.set_pair(key, &text)?;
        }
        Ok(cfg)
    }

    /// What is wrong with the report, if anything, in one line each.
    fn problems(&self, report: &Report) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(decision) = &self.decision {
            if report.decision.name() != decision {
                out.push(format!(
                    "decision {} (expected {decision})",
                    report.decision.name()
                ));
            }
        }
        if report.claims.len() != self.claims.len() {
            let texts: Vec<&str> = report.claims.iter().map(|c| c.text.as_str()).collect();
            out.push(format!(
                "{} claims (expected {}): {texts:?}",
                report.claims.len(),
                self.claims.len()
            ));
            return out;
        }
        for (claim, want) in report.claims.iter().zip(&self.claims) {
            let first = claim.reasons.first();
            let got = format!(
                "{} {} [{}: {}]",
                claim.id,
                claim.verdict.name(),
                first.map_or("-", |r| r.kind.name()),
                first.map_or("", |r| r.detail.as_str())
            );
            if claim.verdict.name() != want.verdict {
                out.push(format!("{got} (expected {})", want.verdict));
                continue;
            }
            if let Some(kind) = &want.reason {
                if first.map(|r| r.kind.name()) != Some(kind.as_str()) {
                    out.push(format!("{got} (expected reason {kind})"));
                    continue;
                }
            }
            let detail = first.map_or(String::new(), |r| r.detail.to_lowercase());
            for word in &want.says {
                if !detail.contains(&word.to_lowercase()) {
                    out.push(format!("{got} (expected it to say {word:?})"));
                }
            }
            if let Some(text) = &want.text {
                if !claim.text.contains(text.as_str()) {
                    out.push(format!(
                        "{} is {:?} (expected it to hold {text:?})",
                        claim.id, claim.text
                    ));
                }
            }
        }
        out
    }
}

fn run(case: &Case) -> Result<Report, String> {
    run_with(case, case.config()?)
}

fn run_with(case: &Case, cfg: Config) -> Result<Report, String> {
    let doc = Document::analyse(&case.source, (&cfg).into());
    let input = CheckInput {
        answer: &case.answer,
        samples: &case.samples,
        question: &case.question,
        ..Default::default()
    };
    Ok(check(&doc, &input, &cfg))
}

/// Every case file, with its name.
fn files() -> Vec<(String, File)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/cases")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let file: File =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (
                path.file_stem().unwrap().to_string_lossy().to_string(),
                file,
            )
        })
        .collect()
}

/// The learned decision (the `improved` preset as it is) against each
/// case's decision: the share that agree must stay at 95% or more, and
/// the ones that differ are listed (BENCHMARKS.md keeps them).
#[test]
fn the_learned_decision_agrees_with_the_corpus() {
    let (mut agree, mut total, mut differ) = (0, 0, Vec::new());
    for (stem, file) in files() {
        for case in &file.case {
            let cfg = case.learned_config().unwrap();
            let Some(want) = &case.decision else { continue };
            if cfg.answer_scoring != AnswerScoring::Learned {
                continue;
            }
            let report = run_with(case, cfg).unwrap();
            total += 1;
            if report.decision.name() == want {
                agree += 1;
            } else {
                let score = report.answer_score.as_ref().map_or(0.0, |s| s.probability);
                differ.push(format!(
                    "{stem} / {}: {} at score {score:.2} (expected {want})",
                    case.name,
                    report.decision.name()
                ));
            }
        }
    }
    println!(
        "learned decision agrees on {agree} of {total} cases; differs on:\n{}",
        differ.join("\n")
    );
    assert!(
        total >= 200,
        "only {total} cases decide under the learned score"
    );
    assert!(
        agree * 100 >= total * 95,
        "the learned decision agrees on {agree} of {total} cases (under 95%):\n{}",
        differ.join("\n")
    );
}

#[test]
fn every_case_of_every_class_passes() {
    let (mut failures, mut total, mut rows) = (Vec::new(), 0, Vec::new());
    for (stem, file) in files() {
        let mut passed = 0;
        for case in &file.case {
            let problems = match run(case) {
                Ok(report) => case.problems(&report),
                Err(e) => vec![e],
            };
            if problems.is_empty() {
                passed += 1;
            } else {
                failures.push(format!("{stem} / {}: {}", case.name, problems.join("; ")));
            }
        }
        total += file.case.len();
        rows.push(format!(
            "| {} (`{stem}`) | {passed} / {} |",
            file.class,
            file.case.len()
        ));
    }
    println!("| class | cases passed |\n| --- | --- |");
    for row in &rows {
        println!("{row}");
    }
    println!("| all | {} / {total} |", total - failures.len());
    assert!(
        total >= 200,
        "the corpus holds {total} cases, fewer than 200"
    );
    assert!(
        failures.is_empty(),
        "{} of {total} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
