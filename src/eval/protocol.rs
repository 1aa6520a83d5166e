//! The evaluation protocol, as the CLI's `eval` runs it and BENCHMARKS.md
//! reports it: score every labelled answer, choose the decision threshold on
//! a tuning split by the set's primary measure, and report what the report's
//! decision gets (precision, recall, F1, accuracy, balanced accuracy at the
//! threshold in force), the threshold-free ranking (average precision, the
//! precision/recall sweep), and the set's own measures (HaluEval's pairwise
//! accuracy, RAGTruth's span overlap, per-group figures). Reading files,
//! progress bars and timing are the CLI's; everything measured is here.

use std::collections::HashMap;

use serde::Serialize;

use crate::config::Config;
use crate::eval::datasets::{Dataset, LabelledAnswer, WikiBioPassage};
use crate::eval::metrics::{self, Confusion, CurvePoint};
use crate::eval::{score_answer, score_sentences, AnswerScore, Cut, SpanCounts};
use crate::text::Document;

/// Score every answer, each source analysed once, on every core there is
/// (one thread where there are no threads, as in the browser). `scored` is
/// called once per answer, for a progress bar.
pub fn score_all(
    answers: &[LabelledAnswer],
    cfg: &Config,
    scored: &(dyn Fn() + Sync),
) -> Vec<AnswerScore> {
    for_each_answer(
        answers,
        cfg,
        &|doc, a| score_answer(doc, &a.question, &a.answer, cfg),
        scored,
    )
}

/// `work` on every answer against its analysed source, each source
/// analysed once, on every core there is; results in the answers' order.
pub fn for_each_answer<T: Send>(
    answers: &[LabelledAnswer],
    cfg: &Config,
    work: &(dyn Fn(&Document, &LabelledAnswer) -> T + Sync),
    done: &(dyn Fn() + Sync),
) -> Vec<T> {
    // Group by source so that a source shared by several answers is analysed once.
    let mut by_source: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, a) in answers.iter().enumerate() {
        by_source.entry(a.source.as_str()).or_default().push(i);
    }
    let mut groups: Vec<(&str, Vec<usize>)> = by_source.into_iter().collect();
    groups.sort_by_key(|g| g.1[0]);
    let share_of = |share: usize, of: usize| {
        let mut out = Vec::new();
        for (source, members) in groups.iter().skip(share).step_by(of) {
            let doc = Document::analyse(source, cfg.into());
            for &i in members {
                out.push((i, work(&doc, &answers[i])));
                done();
            }
        }
        out
    };
    let mut results: Vec<Option<T>> = (0..answers.len()).map(|_| None).collect();
    for (i, r) in in_parallel(groups.len(), &share_of).into_iter().flatten() {
        results[i] = Some(r);
    }
    results
        .into_iter()
        .map(|r| r.expect("every answer is in one group"))
        .collect()
}

/// Threads that scoring uses (0: one per core), for the whole process: the
/// CLI's `eval --jobs` sets it once before scoring.
static THREADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Score on `n` threads from now on (0: one per core). The figures do not
/// change with it: each answer is scored alone and results keep their order.
pub fn set_threads(n: usize) {
    THREADS.store(n, std::sync::atomic::Ordering::Relaxed);
}

/// Run `work(share, of)` for each share of `items`, on the threads
/// [`set_threads`] chose (and at most one per item); inline when there is one.
fn in_parallel<T: Send>(
    items: usize,
    work: &(dyn Fn(usize, usize) -> Vec<T> + Sync),
) -> Vec<Vec<T>> {
    let threads = match THREADS.load(std::sync::atomic::Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(items.max(1));
    if threads == 1 {
        return vec![work(0, 1)];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || work(t, threads)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a scoring thread panicked"))
            .collect()
    })
}

/// The primary measure a set's decision threshold is chosen by.
pub fn primary_measure(dataset: Dataset) -> fn(&Confusion) -> f64 {
    match dataset {
        Dataset::HaluEval => Confusion::accuracy,
        Dataset::SummEdits => Confusion::balanced_accuracy,
        _ => Confusion::f1,
    }
}

/// Settings with the decision threshold that maximises the set's primary
/// measure on `answers` (any threshold between the best score and the next
/// lower one decides the same; the midpoint is taken).
pub fn tune_threshold(
    dataset: Dataset,
    answers: &[LabelledAnswer],
    cfg: &Config,
    scored: &(dyn Fn() + Sync),
) -> Config {
    let scores = score_all(answers, cfg, scored);
    let labelled: Vec<(f64, bool)> = scores
        .iter()
        .zip(answers)
        .map(|(s, a)| (s.score, a.label))
        .collect();
    match metrics::choose_threshold(&labelled, primary_measure(dataset)) {
        Some((at, below)) => Cut::between(cfg.answer_scoring, at, below).applied_to(cfg),
        None => cfg.clone(),
    }
}

/// What the report's decision gets at the threshold in force.
#[derive(Debug, Serialize)]
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

impl AtThreshold {
    fn new(setting: &'static str, threshold: f64, c: &Confusion) -> AtThreshold {
        AtThreshold {
            setting,
            threshold,
            precision: c.precision(),
            recall: c.recall(),
            f1: c.f1(),
            accuracy: c.accuracy(),
            balanced_accuracy: c.balanced_accuracy(),
        }
    }
}

/// One point of the precision/recall sweep.
#[derive(Debug, Serialize)]
pub struct SweepPoint {
    /// Flag answers scoring at least this.
    pub score_threshold: f64,
    /// The support threshold that flags exactly these answers (`worst_claim`).
    pub support_threshold: Option<f64>,
    /// The answer threshold that flags exactly these answers (`noisy_or`).
    pub answer_threshold: Option<f64>,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub flagged: usize,
}

#[derive(Debug, Serialize)]
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
    /// Wall time of the whole run (set by whoever times it).
    pub seconds: f64,
    pub curve: Option<Vec<SweepPoint>>,
    /// How well the learned probabilities mean what they say (learned
    /// scoring only; answers without claims have no probability).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calibration: Option<crate::eval::train::Calibration>,
}

#[derive(Debug, Serialize)]
pub struct SpanMetrics {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

#[derive(Debug, Serialize)]
pub struct GroupMetrics {
    pub group: String,
    pub examples: usize,
    pub balanced_accuracy: f64,
    pub f1: f64,
    pub average_precision: f64,
}

/// The sweep, each point with the setting that reproduces it (midway
/// between its score and the next lower one, by [`Cut::between`]);
/// `scoring` is `None` for scores no setting cuts (WikiBio's).
fn to_sweep(curve: &[CurvePoint], scoring: Option<crate::AnswerScoring>) -> Vec<SweepPoint> {
    curve
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let lower = curve.get(i + 1).map_or(p.threshold - 0.05, |n| n.threshold);
            let cut = scoring.map(|s| Cut::between(s, p.threshold, lower));
            let value = |setting: &str| cut.filter(|c| c.setting == setting).map(|c| c.value);
            SweepPoint {
                score_threshold: p.threshold,
                support_threshold: value("support_threshold"),
                answer_threshold: value("answer_threshold"),
                precision: p.precision,
                recall: p.recall,
                f1: p.f1,
                flagged: p.flagged,
            }
        })
        .collect()
}

/// The sweep point of best F1, and the whole sweep when asked for.
fn sweep_and_best(
    labelled: &[(f64, bool)],
    scoring: Option<crate::AnswerScoring>,
    keep_curve: bool,
) -> (Option<SweepPoint>, Option<Vec<SweepPoint>>) {
    let mut curve = to_sweep(&metrics::pr_curve(labelled), scoring);
    let best = (0..curve.len()).reduce(|b, i| if curve[i].f1 > curve[b].f1 { i } else { b });
    let best_f1 = best.map(|i| curve.swap_remove(i));
    let curve = keep_curve.then(|| to_sweep(&metrics::pr_curve(labelled), scoring));
    (best_f1, curve)
}

/// Evaluate a source-based set from its answers' scores (by [`score_all`]).
pub fn evaluate(
    dataset: Dataset,
    split: &str,
    answers: &[LabelledAnswer],
    scores: &[AnswerScore],
    skipped: usize,
    cfg: &Config,
    sweep: bool,
) -> EvalReport {
    let labelled: Vec<(f64, bool)> = scores
        .iter()
        .zip(answers)
        .map(|(s, a)| (s.score, a.label))
        .collect();
    let decided = Confusion::from_predictions(
        scores
            .iter()
            .zip(answers)
            .map(|(s, a)| (s.flagged, a.label)),
    );
    let cut = Cut::of(cfg);
    let (best_f1, curve) = sweep_and_best(&labelled, Some(cfg.answer_scoring), sweep);
    EvalReport {
        dataset: dataset.name(),
        split: split.to_string(),
        examples: answers.len(),
        positives: answers.iter().filter(|a| a.label).count(),
        skipped_records: skipped,
        at_threshold: Some(AtThreshold::new(cut.setting, cut.value, &decided)),
        average_precision: metrics::average_precision(&labelled),
        best_f1,
        pairwise_accuracy: (dataset == Dataset::HaluEval).then(|| pairwise(answers, scores)),
        span: (dataset == Dataset::RagTruth).then(|| span_overlap(answers, scores)),
        average_precision_factual: None,
        per_group: per_group(answers, scores),
        seconds: 0.0,
        curve,
        calibration: (cfg.answer_scoring == crate::AnswerScoring::Learned).then(|| {
            let scored: Vec<(f64, bool)> = scores
                .iter()
                .zip(answers)
                .filter_map(|(s, a)| Some((s.probability?, a.label)))
                .collect();
            crate::eval::train::calibration(&scored)
        }),
    }
}

/// HaluEval: how often the hallucinated answer of a pair scores above the right one.
fn pairwise(answers: &[LabelledAnswer], scores: &[AnswerScore]) -> f64 {
    let mut pairs: HashMap<usize, (Option<f64>, Option<f64>)> = HashMap::new();
    for (s, a) in scores.iter().zip(answers) {
        let entry = pairs.entry(a.pair.unwrap_or(usize::MAX)).or_default();
        if a.label {
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
}

/// RAGTruth: character overlap of the flagged claims with the labelled spans.
fn span_overlap(answers: &[LabelledAnswer], scores: &[AnswerScore]) -> SpanMetrics {
    let mut counts = SpanCounts::default();
    for (s, a) in scores.iter().zip(answers) {
        counts.add(&s.flagged_spans, &a.gold_spans);
    }
    SpanMetrics {
        precision: counts.precision(),
        recall: counts.recall(),
        f1: counts.f1(),
    }
}

/// The decision's figures per group (SummEdits domain, RAGTruth model).
fn per_group(answers: &[LabelledAnswer], scores: &[AnswerScore]) -> Vec<GroupMetrics> {
    let mut groups: Vec<&str> = answers
        .iter()
        .map(|a| a.group.as_str())
        .filter(|g| !g.is_empty())
        .collect();
    groups.sort_unstable();
    groups.dedup();
    groups
        .into_iter()
        .map(|g| {
            let members: Vec<usize> = (0..answers.len())
                .filter(|&i| answers[i].group == g)
                .collect();
            let c = Confusion::from_predictions(
                members
                    .iter()
                    .map(|&i| (scores[i].flagged, answers[i].label)),
            );
            let labelled: Vec<(f64, bool)> = members
                .iter()
                .map(|&i| (scores[i].score, answers[i].label))
                .collect();
            GroupMetrics {
                group: g.to_string(),
                examples: members.len(),
                balanced_accuracy: c.balanced_accuracy(),
                f1: c.f1(),
                average_precision: metrics::average_precision(&labelled),
            }
        })
        .collect()
}

/// WikiBio's sentences scored: each passage's, in order, as (agreement
/// score, flagged at `consistency_threshold`). `scored` is called once per
/// passage.
pub fn score_wikibio(
    passages: &[WikiBioPassage],
    cfg: &Config,
    scored: &(dyn Fn() + Sync),
) -> Vec<Vec<(f64, bool)>> {
    let score_share = |share: usize, of: usize| {
        let mut out = Vec::new();
        for (i, p) in passages.iter().enumerate().skip(share).step_by(of) {
            let sentences: Vec<&str> = p.main_sentences.iter().map(String::as_str).collect();
            let samples: Vec<&str> = p.sample_passages.iter().map(String::as_str).collect();
            out.push((i, score_sentences(&sentences, &samples, cfg)));
            scored();
        }
        out
    };
    let mut per_passage: Vec<Vec<(f64, bool)>> = vec![Vec::new(); passages.len()];
    for (i, v) in in_parallel(passages.len(), &score_share)
        .into_iter()
        .flatten()
    {
        per_passage[i] = v;
    }
    per_passage
}

/// Evaluate WikiBio: each sentence's self-consistency against the passage's
/// samples (no source), from its [`score_wikibio`] `scores`.
pub fn evaluate_wikibio(
    passages: &[WikiBioPassage],
    scores: &[Vec<(f64, bool)>],
    skipped: usize,
    cfg: &Config,
    sweep: bool,
) -> EvalReport {
    let all: Vec<(f64, bool, bool)> = passages
        .iter()
        .zip(scores)
        .flat_map(|(p, scores)| {
            scores
                .iter()
                .enumerate()
                .map(|(k, &(score, flagged))| (score, flagged, p.non_factual(k)))
        })
        .collect();
    let labelled: Vec<(f64, bool)> = all.iter().map(|&(s, _, nf)| (s, nf)).collect();
    let factual: Vec<(f64, bool)> = all.iter().map(|&(s, _, nf)| (-s, !nf)).collect();
    let decided = Confusion::from_predictions(all.iter().map(|&(_, flagged, nf)| (flagged, nf)));
    let (best_f1, curve) = sweep_and_best(&labelled, None, sweep);
    EvalReport {
        dataset: Dataset::WikiBio.name(),
        split: "all".into(),
        examples: all.len(),
        positives: all.iter().filter(|x| x.2).count(),
        skipped_records: skipped,
        at_threshold: Some(AtThreshold::new(
            "consistency_threshold",
            cfg.consistency_threshold,
            &decided,
        )),
        average_precision: metrics::average_precision(&labelled),
        best_f1,
        pairwise_accuracy: None,
        span: None,
        average_precision_factual: Some(metrics::average_precision(&factual)),
        per_group: vec![],
        seconds: 0.0,
        curve,
        calibration: None,
    }
}
