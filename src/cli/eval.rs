//! `claimlab eval`: run the checker over a public labelled set and report
//! how well it detects hallucinations (see BENCHMARKS.md for the protocol
//! and the published figures).

use std::collections::{BTreeSet, HashMap};
use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use claimlab::eval::datasets::{
    Dataset, Example, HaluEvalQa, RagTruthResponse, RagTruthSource, SummEditsItem, WikiBioPassage,
};
use claimlab::eval::metrics::{self, Confusion, CurvePoint};
use claimlab::eval::{score_answer, score_sentences, AnswerScore, SpanCounts};
use claimlab::text::Document;
use claimlab::{AnswerScoring, Config};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::input::{io_reason, json_line_error, read_text, Line, Lines};

/// Where a bad record is, and what to do about it.
pub struct Reader {
    pub skip_bad: bool,
    /// Each skipped record's place ("file:LINE"), so that a file read twice
    /// (a tuning split, then the reported one) counts its bad records once.
    skipped: BTreeSet<String>,
    /// The first skipped record's place and reason.
    first: Option<String>,
}

impl Reader {
    pub fn new(skip_bad: bool) -> Reader {
        Reader {
            skip_bad,
            skipped: BTreeSet::new(),
            first: None,
        }
    }

    /// How many distinct records were skipped.
    pub fn skipped(&self) -> usize {
        self.skipped.len()
    }

    /// "skipped 2 bad records (first …)" for standard error, when any were.
    pub fn skipped_line(&self) -> Option<String> {
        let n = self.skipped();
        let first = self.first.as_deref()?;
        Some(format!(
            "skipped {n} bad record{} (first {first})",
            if n == 1 { "" } else { "s" }
        ))
    }

    /// A bad record at `place`: an error naming it, or with `--skip-bad`
    /// counted and passed over (`Ok(())`).
    fn bad(&mut self, place: String, reason: impl std::fmt::Display) -> Result<(), String> {
        if !self.skip_bad {
            return Err(format!(
                "{place}: {reason} (use --skip-bad to skip bad records)"
            ));
        }
        self.first
            .get_or_insert_with(|| format!("{place}: {reason}"));
        self.skipped.insert(place);
        Ok(())
    }

    /// Every non-empty line of a JSON Lines file, parsed, with its line
    /// number. The file streams line by line, but the records are kept: the
    /// metrics need every score, so eval holds its whole data set in memory.
    fn lines<T: serde::de::DeserializeOwned>(
        &mut self,
        file: &Path,
    ) -> Result<Vec<(usize, T)>, String> {
        let f = File::open(file)
            .map_err(|e| format!("cannot read {}: {}", file.display(), io_reason(&e)))?;
        let mut lines = Lines::new(BufReader::new(f));
        let mut out = Vec::new();
        while let Some(line) = lines.next_line() {
            let n = lines.number;
            let place = || format!("{}:{n}", file.display());
            let line = line.map_err(|e| format!("{}: {}", place(), io_reason(&e)))?;
            match line {
                Line::Text(t) if t.trim().is_empty() => {}
                Line::Text(t) => match serde_json::from_str(&t) {
                    Ok(v) => out.push((n, v)),
                    Err(e) => self.bad(place(), json_line_error(&e))?,
                },
                Line::Bad(reason) => self.bad(place(), reason)?,
            }
        }
        Ok(out)
    }
}

/// The files in `dir` whose names `keep` accepts, sorted; at least one
/// (`what` names them in the error).
fn files_matching(
    dir: &Path,
    what: &str,
    keep: impl Fn(&str) -> bool,
) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read directory {}: {}", dir.display(), io_reason(&e)))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&keep))
        .collect();
    if files.is_empty() {
        return Err(format!("no {what} files in {}", dir.display()));
    }
    files.sort();
    Ok(files)
}

fn need(file: PathBuf) -> Result<PathBuf, String> {
    if file.is_file() {
        Ok(file)
    } else {
        Err(format!(
            "{} not found: is --path the data set's folder?",
            file.display()
        ))
    }
}

/// The examples of a set with a source, in the requested split.
pub fn load(
    dataset: Dataset,
    dir: &Path,
    split: &str,
    reader: &mut Reader,
) -> Result<Vec<Example>, String> {
    match dataset {
        Dataset::RagTruth => {
            let sources: HashMap<String, RagTruthSource> = reader
                .lines::<RagTruthSource>(&need(dir.join("QA.jsonl"))?)?
                .into_iter()
                .map(|(_, s)| (s.source_id.clone(), s))
                .collect();
            let files = files_matching(dir, "*_hallucination.jsonl response", |n| {
                n.ends_with("hallucination.jsonl")
            })?;
            let mut out = Vec::new();
            for file in files {
                for (n, r) in reader.lines::<RagTruthResponse>(&file)? {
                    if !r.in_protocol(split) {
                        continue;
                    }
                    match sources.get(&r.source_id) {
                        Some(s) => out.push(r.example(s)),
                        None => reader.bad(
                            format!("{}:{n}", file.display()),
                            format_args!(
                                "response {} names source {} which QA.jsonl does not hold",
                                r.id, r.source_id
                            ),
                        )?,
                    }
                }
            }
            Ok(out)
        }
        Dataset::HaluEval => {
            let records = reader.lines::<HaluEvalQa>(&need(dir.join("qa_data.json"))?)?;
            Ok(records
                .into_iter()
                .map(|(_, qa)| qa)
                .enumerate()
                .filter(|(i, _)| HaluEvalQa::in_split(*i, split))
                .flat_map(|(i, qa)| qa.examples(i))
                .collect())
        }
        Dataset::SummEdits => {
            let files = files_matching(dir, "summedits_<domain>.json", |n| {
                n.starts_with("summedits_") && n.ends_with(".json")
            })?;
            let mut out = Vec::new();
            for file in files {
                let domain = file
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("")
                    .trim_start_matches("summedits_")
                    .to_string();
                let text = read_text(&file.display().to_string(), "data")?;
                let items: Vec<serde_json::Value> =
                    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
                for (i, item) in items.into_iter().enumerate() {
                    let place = || format!("{}: item {}", file.display(), i + 1);
                    let item: Option<SummEditsItem> = match serde_json::from_value(item) {
                        Ok(x) => Some(x),
                        Err(e) => {
                            reader.bad(place(), e)?;
                            None
                        }
                    };
                    if let Some(item) = item.filter(|x| x.split == split) {
                        match item.example(&domain) {
                            Some(ex) => out.push(ex),
                            None => reader.bad(place(), "label is neither 0 nor 1")?,
                        }
                    }
                }
            }
            Ok(out)
        }
        Dataset::WikiBio => Err("wikibio has no source: use load_wikibio".into()),
    }
}

fn progress(len: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what} ({{eta}} left)"))
            .unwrap(),
    );
    bar
}

/// Score every example, the source of each analysed once, on every core.
pub fn score_all(examples: &[Example], cfg: &Config) -> Vec<AnswerScore> {
    // Group by source so that a source shared by several answers is analysed once.
    let mut by_source: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, ex) in examples.iter().enumerate() {
        by_source.entry(ex.source.as_str()).or_default().push(i);
    }
    let mut groups: Vec<(&str, Vec<usize>)> = by_source.into_iter().collect();
    groups.sort_by_key(|g| g.1[0]);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(groups.len().max(1));
    let bar = progress(examples.len(), "answers");
    let mut scores: Vec<Option<AnswerScore>> = vec![None; examples.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let groups = &groups;
                let bar = &bar;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (source, members) in groups.iter().skip(t).step_by(threads) {
                        let doc = Document::analyse(source, cfg.into());
                        for &i in members {
                            out.push((
                                i,
                                score_answer(&doc, &examples[i].question, &examples[i].answer, cfg),
                            ));
                            bar.inc(1);
                        }
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            for (i, s) in h.join().expect("a scoring thread panicked") {
                scores[i] = Some(s);
            }
        }
    });
    bar.finish_and_clear();
    scores
        .into_iter()
        .map(|s| s.expect("every example scored"))
        .collect()
}

/// The primary measure a set's decision threshold is chosen by.
fn primary_measure(dataset: Dataset) -> fn(&Confusion) -> f64 {
    match dataset {
        Dataset::HaluEval => Confusion::accuracy,
        Dataset::SummEdits => Confusion::balanced_accuracy,
        _ => Confusion::f1,
    }
}

/// Settings with the decision threshold that maximises the set's primary
/// measure on `examples` (any threshold between the best score and the next
/// lower one decides the same; the midpoint is taken).
pub fn tune_threshold(dataset: Dataset, examples: &[Example], cfg: &Config) -> Config {
    let scores = score_all(examples, cfg);
    let scored: Vec<(f64, bool)> = scores
        .iter()
        .zip(examples)
        .map(|(s, e)| (s.score, e.label))
        .collect();
    let Some((at, below)) = metrics::choose_threshold(&scored, primary_measure(dataset)) else {
        return cfg.clone();
    };
    let mid = (at + below) / 2.0;
    match cfg.answer_scoring {
        // Flagged at support threshold t iff score > 1 − t.
        AnswerScoring::WorstClaim => Config {
            support_threshold: (1.0 - mid).clamp(0.0, 1.0),
            ..cfg.clone()
        },
        AnswerScoring::NoisyOr => Config {
            answer_threshold: mid.clamp(0.0, 1.0),
            ..cfg.clone()
        },
    }
}

/// "support_threshold 0.43" or "answer_threshold 0.57".
pub fn threshold_setting(cfg: &Config) -> String {
    match cfg.answer_scoring {
        AnswerScoring::WorstClaim => format!("support_threshold {:.3}", cfg.support_threshold),
        AnswerScoring::NoisyOr => format!("answer_threshold {:.3}", cfg.answer_threshold),
    }
}

/// One JSON line per example: its label, score and each claim's verdict and support.
pub fn write_examples(path: &str, examples: &[Example], cfg: &Config) -> Result<(), String> {
    use std::io::Write;
    let file = File::create(path).map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))?;
    let mut w = std::io::BufWriter::new(file);
    for ex in examples {
        let doc = Document::analyse(&ex.source, cfg.into());
        let score = score_answer(&doc, &ex.question, &ex.answer, cfg);
        let report = claimlab::check(
            &doc,
            &claimlab::CheckInput {
                question: &ex.question,
                ..claimlab::CheckInput::answer(&ex.answer)
            },
            &Config {
                repair: false,
                ..cfg.clone()
            },
        );
        let claims: Vec<serde_json::Value> = report
            .claims
            .iter()
            .map(|c| serde_json::json!({"text": c.text, "verdict": c.verdict, "support": c.support, "best_source": c.best_source,
                "source_text": c.best_source.as_ref().and_then(|b| report.sources.iter().find(|s| &s.id == b)).map(|s| s.text.clone()),
                "missing": c.missing_words, "reason": c.main_reason()}))
            .collect();
        let line = serde_json::json!({"id": ex.id, "label": ex.label, "score": score.score, "flagged": score.flagged, "group": ex.group,
            "question": ex.question, "answer": ex.answer, "gold_spans": ex.gold_spans, "claims": claims});
        writeln!(w, "{line}").map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))?;
    }
    Ok(())
}

#[derive(Serialize)]
pub struct AtThreshold {
    /// Which setting the threshold is: support_threshold, answer_threshold or consistency_threshold.
    pub setting: &'static str,
    pub threshold: f64,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub accuracy: f64,
    pub balanced_accuracy: f64,
}

#[derive(Serialize)]
pub struct SweepPoint {
    /// Flag answers scoring at least this.
    pub score_threshold: f64,
    /// The support threshold that flags exactly these answers (source-based sets).
    pub support_threshold: Option<f64>,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub flagged: usize,
}

#[derive(Serialize)]
pub struct EvalReport {
    pub dataset: &'static str,
    pub split: String,
    pub examples: usize,
    pub positives: usize,
    pub skipped_records: usize,
    pub at_threshold: Option<AtThreshold>,
    pub average_precision: f64,
    pub best_f1: Option<SweepPoint>,
    /// HaluEval: hallucinated answer scored above the right one.
    pub pairwise_accuracy: Option<f64>,
    /// RAGTruth: character overlap of flagged claims with labelled spans.
    pub span: Option<SpanMetrics>,
    /// WikiBio: sentence-level AP with accurate sentences as positives.
    pub average_precision_factual: Option<f64>,
    pub per_group: Vec<GroupMetrics>,
    pub seconds: f64,
    pub curve: Option<Vec<SweepPoint>>,
}

#[derive(Serialize)]
pub struct SpanMetrics {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

#[derive(Serialize)]
pub struct GroupMetrics {
    pub group: String,
    pub examples: usize,
    pub balanced_accuracy: f64,
    pub f1: f64,
    pub average_precision: f64,
}

/// The support threshold that reproduces a curve point: midway between its
/// score and the next lower one, mapped back (`flag iff score > 1 − t`).
fn to_sweep(curve: &[CurvePoint], source_based: bool) -> Vec<SweepPoint> {
    curve
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let lower = curve.get(i + 1).map_or(p.threshold - 0.05, |n| n.threshold);
            SweepPoint {
                score_threshold: p.threshold,
                support_threshold: source_based
                    .then(|| (1.0 - (p.threshold + lower) / 2.0).clamp(0.0, 1.0)),
                precision: p.precision,
                recall: p.recall,
                f1: p.f1,
                flagged: p.flagged,
            }
        })
        .collect()
}

fn best(curve: &[SweepPoint]) -> Option<usize> {
    (0..curve.len()).reduce(|b, i| if curve[i].f1 > curve[b].f1 { i } else { b })
}

/// Evaluate a source-based set.
pub fn evaluate(
    dataset: Dataset,
    split: &str,
    examples: &[Example],
    skipped: usize,
    cfg: &Config,
    sweep: bool,
) -> EvalReport {
    let start = Instant::now();
    let scores = score_all(examples, cfg);
    let scored: Vec<(f64, bool)> = scores
        .iter()
        .zip(examples)
        .map(|(s, e)| (s.score, e.label))
        .collect();
    let confusion = Confusion::from_predictions(
        scores
            .iter()
            .zip(examples)
            .map(|(s, e)| (s.flagged, e.label)),
    );
    let maps_to_support = cfg.answer_scoring == AnswerScoring::WorstClaim;
    let curve = to_sweep(&metrics::pr_curve(&scored), maps_to_support);
    let best_index = best(&curve);
    let pairwise_accuracy = (dataset == Dataset::HaluEval).then(|| {
        let mut pairs: HashMap<usize, (Option<f64>, Option<f64>)> = HashMap::new();
        for (s, e) in scores.iter().zip(examples) {
            let entry = pairs.entry(e.pair.unwrap_or(usize::MAX)).or_default();
            if e.label {
                entry.0 = Some(s.score)
            } else {
                entry.1 = Some(s.score)
            }
        }
        let pairs: Vec<(f64, f64)> = pairs
            .into_values()
            .filter_map(|(h, r)| Some((h?, r?)))
            .collect();
        metrics::pairwise_accuracy(&pairs)
    });
    let span = (dataset == Dataset::RagTruth).then(|| {
        let mut counts = SpanCounts::default();
        for (s, e) in scores.iter().zip(examples) {
            counts.add(&s.flagged_spans, &e.gold_spans);
        }
        SpanMetrics {
            precision: counts.precision(),
            recall: counts.recall(),
            f1: counts.f1(),
        }
    });
    let mut groups: Vec<&str> = examples
        .iter()
        .map(|e| e.group.as_str())
        .filter(|g| !g.is_empty())
        .collect();
    groups.sort_unstable();
    groups.dedup();
    let per_group = groups
        .into_iter()
        .map(|g| {
            let members: Vec<usize> = (0..examples.len())
                .filter(|&i| examples[i].group == g)
                .collect();
            let c = Confusion::from_predictions(
                members
                    .iter()
                    .map(|&i| (scores[i].flagged, examples[i].label)),
            );
            let s: Vec<(f64, bool)> = members.iter().map(|&i| scored[i]).collect();
            GroupMetrics {
                group: g.to_string(),
                examples: members.len(),
                balanced_accuracy: c.balanced_accuracy(),
                f1: c.f1(),
                average_precision: metrics::average_precision(&s),
            }
        })
        .collect();
    let mut curve = curve;
    let best_f1 = best_index.map(|i| curve.swap_remove(i));
    let curve = if sweep {
        Some(to_sweep(&metrics::pr_curve(&scored), maps_to_support))
    } else {
        None
    };
    EvalReport {
        dataset: dataset.name(),
        split: split.to_string(),
        examples: examples.len(),
        positives: examples.iter().filter(|e| e.label).count(),
        skipped_records: skipped,
        at_threshold: Some(AtThreshold {
            setting: if cfg.answer_scoring == AnswerScoring::WorstClaim {
                "support_threshold"
            } else {
                "answer_threshold"
            },
            threshold: if cfg.answer_scoring == AnswerScoring::WorstClaim {
                cfg.support_threshold
            } else {
                cfg.answer_threshold
            },
            precision: confusion.precision(),
            recall: confusion.recall(),
            f1: confusion.f1(),
            accuracy: confusion.accuracy(),
            balanced_accuracy: confusion.balanced_accuracy(),
        }),
        average_precision: metrics::average_precision(&scored),
        best_f1,
        pairwise_accuracy,
        span,
        average_precision_factual: None,
        per_group,
        seconds: start.elapsed().as_secs_f64(),
        curve,
    }
}

/// Evaluate WikiBio: sentence-level self-consistency against the 20 samples.
pub fn evaluate_wikibio(
    dir: &Path,
    reader: &mut Reader,
    cfg: &Config,
    sweep: bool,
) -> Result<EvalReport, String> {
    let start = Instant::now();
    let passages: Vec<WikiBioPassage> = reader
        .lines(&need(dir.join("wikibio_gpt3_119.jsonl"))?)?
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let bar = progress(passages.len(), "passages");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut per_passage: Vec<Vec<(f64, bool, bool)>> = vec![Vec::new(); passages.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (passages, bar) = (&passages, &bar);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (i, p) in passages.iter().enumerate().skip(t).step_by(threads) {
                        let sentences: Vec<&str> =
                            p.main_sentences.iter().map(String::as_str).collect();
                        let samples: Vec<&str> =
                            p.sample_passages.iter().map(String::as_str).collect();
                        let scores = score_sentences(&sentences, &samples, cfg);
                        out.push((
                            i,
                            scores
                                .into_iter()
                                .enumerate()
                                .map(|(k, (score, flagged))| (score, flagged, p.non_factual(k)))
                                .collect::<Vec<_>>(),
                        ));
                        bar.inc(1);
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            for (i, v) in h.join().expect("a scoring thread panicked") {
                per_passage[i] = v;
            }
        }
    });
    bar.finish_and_clear();
    let all: Vec<(f64, bool, bool)> = per_passage.into_iter().flatten().collect();
    let scored: Vec<(f64, bool)> = all.iter().map(|&(s, _, nf)| (s, nf)).collect();
    let factual: Vec<(f64, bool)> = all.iter().map(|&(s, _, nf)| (-s, !nf)).collect();
    let confusion = Confusion::from_predictions(all.iter().map(|&(_, flagged, nf)| (flagged, nf)));
    let curve = to_sweep(&metrics::pr_curve(&scored), false);
    let best_f1 = best(&curve).map(|i| to_sweep(&metrics::pr_curve(&scored), false).swap_remove(i));
    Ok(EvalReport {
        dataset: Dataset::WikiBio.name(),
        split: "all".into(),
        examples: all.len(),
        positives: all.iter().filter(|x| x.2).count(),
        skipped_records: reader.skipped(),
        at_threshold: Some(AtThreshold {
            setting: "consistency_threshold",
            threshold: cfg.consistency_threshold,
            precision: confusion.precision(),
            recall: confusion.recall(),
            f1: confusion.f1(),
            accuracy: confusion.accuracy(),
            balanced_accuracy: confusion.balanced_accuracy(),
        }),
        average_precision: metrics::average_precision(&scored),
        best_f1,
        pairwise_accuracy: None,
        span: None,
        average_precision_factual: Some(metrics::average_precision(&factual)),
        per_group: vec![],
        seconds: start.elapsed().as_secs_f64(),
        curve: sweep.then_some(curve),
    })
}

/// The report as text.
pub fn text(r: &EvalReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let unit = if r.dataset == "wikibio" {
        "sentences"
    } else {
        "answers"
    };
    let _ = writeln!(
        out,
        "{} ({} split): {} {unit}, {} hallucinated ({:.1}%)",
        r.dataset,
        r.split,
        r.examples,
        r.positives,
        100.0 * r.positives as f64 / r.examples.max(1) as f64
    );
    if r.skipped_records > 0 {
        let s = if r.skipped_records == 1 { "" } else { "s" };
        let _ = writeln!(out, "  skipped {} bad record{s}", r.skipped_records);
    }
    if let Some(t) = &r.at_threshold {
        let _ = writeln!(
            out,
            "  at {} {:.2}: precision {:.3}  recall {:.3}  F1 {:.3}  accuracy {:.3}  balanced accuracy {:.3}",
            t.setting, t.threshold, t.precision, t.recall, t.f1, t.accuracy, t.balanced_accuracy
        );
    }
    let _ = write!(out, "  average precision {:.3}", r.average_precision);
    if let Some(f) = r.average_precision_factual {
        let _ = write!(out, " (non-factual); factual {f:.3}");
    }
    out.push('\n');
    if let Some(b) = &r.best_f1 {
        let at = b
            .support_threshold
            .map_or(format!("score ≥ {:.3}", b.score_threshold), |t| {
                format!("support_threshold {t:.2}")
            });
        let _ = writeln!(
            out,
            "  best F1 {:.3} (precision {:.3}, recall {:.3}) at {at}",
            b.f1, b.precision, b.recall
        );
    }
    if let Some(p) = r.pairwise_accuracy {
        let _ = writeln!(
            out,
            "  pairwise accuracy {:.3} (hallucinated answer scored above the right one)",
            p
        );
    }
    if let Some(s) = &r.span {
        let _ = writeln!(
            out,
            "  span level (character overlap): precision {:.3}  recall {:.3}  F1 {:.3}",
            s.precision, s.recall, s.f1
        );
    }
    for g in &r.per_group {
        let _ = writeln!(
            out,
            "    {:<22} {:>5} answers  balanced accuracy {:.3}  F1 {:.3}  AP {:.3}",
            g.group, g.examples, g.balanced_accuracy, g.f1, g.average_precision
        );
    }
    let _ = writeln!(out, "  time {:.2} s", r.seconds);
    if let Some(curve) = &r.curve {
        let _ = writeln!(
            out,
            "score_threshold,support_threshold,precision,recall,f1,flagged"
        );
        for p in curve {
            let t = p
                .support_threshold
                .map_or(String::new(), |t| format!("{t:.4}"));
            let _ = writeln!(
                out,
                "{:.4},{t},{:.4},{:.4},{:.4},{}",
                p.score_threshold, p.precision, p.recall, p.f1, p.flagged
            );
        }
    }
    out
}
