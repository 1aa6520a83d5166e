//! Measuring the checker on labelled data: one score per answer (or per
//! sentence, for self-consistency), and the metrics over those scores.
//!
//! The score ranks answers from least to most likely hallucinated, as
//! `answer_scoring` says:
//!
//! - `worst_claim` (the seed's): each claim scores `1 − support`, or 2 when a
//!   check other than support fails it (a wrong number, a negation flip, an
//!   invented name, a bad citation), which fails it at any threshold; the
//!   answer scores its worst claim. Sweeping a threshold over this score is
//!   exactly sweeping the support threshold: an answer is flagged at support
//!   threshold `t` if and only if its score is above `1 − t`.
//! - `noisy_or`: each claim is hallucinated with a probability that grows
//!   with its unsupported share, and the answer is hallucinated unless none
//!   of its claims is: long answers with much unsupported material score
//!   higher than a short answer with one weak claim. The answer is flagged
//!   from `answer_threshold`.
//!
//! [`Cut`] is the one mapping between a score and the setting that cuts it,
//! used by the score itself, the protocol (`protocol`: tuning, the sweep),
//! `batch` and the lab's Calibration panel.

pub mod datasets;
pub mod metrics;
pub mod protocol;
pub mod train;

use serde::{Deserialize, Serialize};

use crate::checks::consistency::{self, ConsistencyOptions, LexicalEmbedder};
use crate::report::{ReasonKind, Verdict};
use crate::text::{char_offsets, Document};
use crate::verdict::{meets, EPS};
use crate::{check, AnswerScoring, CheckInput, Config, ConsistencyScoring};

/// Where answers are cut into flagged and passed: which setting, at what
/// value, for which answer scoring.
///
/// - `worst_claim`: the setting is `support_threshold` t, and an answer is
///   flagged iff its score is above `1 − t` (a claim is unsupported iff its
///   support is below t, and a hard failure scores above any `1 − t`), or
///   is 1 or more (a claim sharing no word with the source);
/// - `noisy_or`: the setting is `answer_threshold` t, and an answer is
///   flagged iff its score reaches t.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cut {
    pub scoring: AnswerScoring,
    /// `support_threshold` or `answer_threshold`.
    pub setting: &'static str,
    pub value: f64,
}

impl Cut {
    /// The cut the settings make.
    pub fn of(cfg: &Config) -> Cut {
        match cfg.answer_scoring {
            AnswerScoring::WorstClaim => Cut {
                scoring: AnswerScoring::WorstClaim,
                setting: "support_threshold",
                value: cfg.support_threshold,
            },
            AnswerScoring::NoisyOr => Cut {
                scoring: AnswerScoring::NoisyOr,
                setting: "answer_threshold",
                value: cfg.answer_threshold,
            },
            AnswerScoring::Learned => Cut {
                scoring: AnswerScoring::Learned,
                setting: "decision_threshold",
                value: cfg.decision_threshold,
            },
        }
    }

    /// Is an answer with this score flagged?
    pub fn flags(&self, score: f64) -> bool {
        match self.scoring {
            // A claim no sentence shares a word with scores 1 and is
            // unsupported at any threshold, 0 included.
            AnswerScoring::WorstClaim => score >= 1.0 || score > 1.0 - self.value + EPS,
            AnswerScoring::NoisyOr | AnswerScoring::Learned => meets(score, self.value),
        }
    }

    /// The cut that flags scores from `at` up and passes `below` and under:
    /// midway between them (any value between decides the same).
    pub fn between(scoring: AnswerScoring, at: f64, below: f64) -> Cut {
        let mid = (at + below) / 2.0;
        let value = match scoring {
            AnswerScoring::WorstClaim => 1.0 - mid,
            AnswerScoring::NoisyOr | AnswerScoring::Learned => mid,
        };
        Cut {
            value: value.clamp(0.0, 1.0),
            ..Cut::of(&Config {
                answer_scoring: scoring,
                ..Config::default()
            })
        }
    }

    /// The settings with this cut.
    pub fn applied_to(&self, cfg: &Config) -> Config {
        let mut out = Config {
            answer_scoring: self.scoring,
            ..cfg.clone()
        };
        match self.scoring {
            AnswerScoring::WorstClaim => out.support_threshold = self.value,
            AnswerScoring::NoisyOr => out.answer_threshold = self.value,
            AnswerScoring::Learned => out.decision_threshold = self.value,
        }
        out
    }
}

/// A claim failed by a check other than support scores this, above any `1 − t`.
pub const HARD_FAILURE: f64 = 2.0;

/// How an answer fares, threshold-free.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnswerScore {
    /// Higher is more likely hallucinated; flagged at threshold `t` iff `score > 1 − t`.
    pub score: f64,
    /// Flagged at the configured support threshold.
    pub flagged: bool,
    /// Char spans (into the answer) of the claims flagged at that threshold.
    pub flagged_spans: Vec<(usize, usize)>,
    pub claims: usize,
    /// The learned probability of a hallucination (`answer_scoring: learned`),
    /// before the decision's stake cuts it; what calibration measures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
}

/// Score an answer against an analysed source.
pub fn score_answer(doc: &Document, question: &str, answer: &str, cfg: &Config) -> AnswerScore {
    if cfg.answer_scoring == AnswerScoring::Learned {
        return learned_score(doc, question, answer, cfg);
    }
    // At support threshold 0 every claim with a best sentence gets every
    // check, so one run yields each claim's hard failures and its support.
    let every_check = Config {
        support_threshold: 0.0,
        repair: false,
        ..cfg.clone()
    };
    let report = check(
        doc,
        &CheckInput {
            question,
            // A score reads the claims, never the trace or the source list.
            skip_trace: true,
            skip_sources: true,
            earlier: None,
            ..CheckInput::answer(answer)
        },
        &every_check,
    );
    let mut worst: f64 = 0.0;
    let mut none_hallucinated = 1.0;
    let mut flagged_bytes = Vec::new();
    for c in &report.claims {
        let hard = c.verdict != Verdict::Supported
            && !matches!(
                c.reasons[0].kind,
                ReasonKind::NoMatch | ReasonKind::LowSupport | ReasonKind::NoSource
            );
        worst = worst.max(if hard { HARD_FAILURE } else { 1.0 - c.support });
        let p = if hard {
            cfg.hard_failure_weight
        } else {
            cfg.claim_weight * (1.0 - c.support).powf(cfg.claim_exponent)
        };
        none_hallucinated *= 1.0 - p.clamp(0.0, 1.0);
        if hard || c.best_source.is_none() || !meets(c.support, cfg.support_threshold) {
            flagged_bytes.push((c.byte_start, c.byte_end));
        }
    }
    let score = match cfg.answer_scoring {
        AnswerScoring::WorstClaim => worst,
        // (`learned` was scored above.)
        AnswerScoring::NoisyOr | AnswerScoring::Learned => 1.0 - none_hallucinated,
    };
    let flagged = Cut::of(cfg).flags(score);
    if !flagged {
        flagged_bytes.clear();
    }
    let offsets: Vec<usize> = flagged_bytes.iter().flat_map(|&(s, e)| [s, e]).collect();
    let chars = char_offsets(answer, &offsets);
    AnswerScore {
        score,
        flagged,
        flagged_spans: chars.chunks(2).map(|c| (c[0], c[1])).collect(),
        claims: report.claims.len(),
        probability: None,
    }
}

/// The learned score as the decision cuts it (`pipeline::learned_stake`),
/// from the check under the settings as they are (its features read what
/// the checks find at the support threshold in force). The flagged spans
/// are the failing claims of a flagged answer (or the claim it names).
fn learned_score(doc: &Document, question: &str, answer: &str, cfg: &Config) -> AnswerScore {
    let report = check(
        doc,
        &CheckInput {
            question,
            // A score reads the claims, never the trace or the source list.
            skip_trace: true,
            skip_sources: true,
            earlier: None,
            ..CheckInput::answer(answer)
        },
        &Config {
            repair: false,
            ..cfg.clone()
        },
    );
    // As the decision reads it (`pipeline::learned_stake`).
    let probability = report.answer_score.as_ref().map_or(0.0, |s| s.probability);
    let stake = crate::pipeline::learned_stake(report.claims.iter());
    let score = stake.score(probability);
    let named = stake.named(probability, cfg.decision_threshold);
    let flagged = named.is_some();
    // The failing claims, or the one claim the decision names.
    let mut failing: Vec<&crate::ClaimReport> = report
        .claims
        .iter()
        .filter(|c| flagged && c.verdict != Verdict::Supported)
        .collect();
    if flagged && failing.is_empty() {
        failing.extend(named.map(|k| &report.claims[k]));
    }
    let failing = failing.into_iter();
    AnswerScore {
        score,
        flagged,
        flagged_spans: failing.map(|c| (c.start, c.end)).collect(),
        claims: report.claims.len(),
        probability: report.answer_score.as_ref().map(|s| s.probability),
    }
}

/// Self-consistency scores of given sentences against sampled passages (no
/// source): each sentence's consistency score (higher: less borne out) and
/// whether the consistency check flags it, as `consistency_scoring` says.
pub fn score_sentences(sentences: &[&str], samples: &[&str], cfg: &Config) -> Vec<(f64, bool)> {
    let opts = ConsistencyOptions {
        sim_threshold: cfg.sim_threshold,
        consistency_threshold: cfg.consistency_threshold,
    };
    if cfg.consistency_scoring == ConsistencyScoring::Lexical {
        return consistency::lexical_scores(sentences, samples, cfg.into())
            .into_iter()
            .map(|s| (s, s > 0.5))
            .collect();
    }
    let embedder = LexicalEmbedder {
        options: cfg.into(),
    };
    let results = consistency::self_check(sentences, samples, &embedder, opts)
        .expect("the lexical embedder embeds any text");
    results.iter().map(|r| (r.score, r.flagged)).collect()
}

/// Character-overlap precision/recall/F1 of flagged spans against labelled
/// spans, summed over answers (RAGTruth's span-level protocol).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct SpanCounts {
    pub overlap: usize,
    pub predicted: usize,
    pub gold: usize,
}

impl SpanCounts {
    pub fn add(&mut self, predicted: &[(usize, usize)], gold: &[(usize, usize)]) {
        let chars = |spans: &[(usize, usize)]| {
            let mut set: Vec<usize> = spans.iter().flat_map(|&(s, e)| s..e).collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let (p, g) = (chars(predicted), chars(gold));
        self.predicted += p.len();
        self.gold += g.len();
        self.overlap += p.iter().filter(|c| g.binary_search(c).is_ok()).count();
    }

    pub fn precision(&self) -> f64 {
        if self.predicted == 0 {
            0.0
        } else {
            self.overlap as f64 / self.predicted as f64
        }
    }

    pub fn recall(&self) -> f64 {
        if self.gold == 0 {
            0.0
        } else {
            self.overlap as f64 / self.gold as f64
        }
    }

    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;

    #[test]
    fn the_score_sweep_is_the_support_threshold_sweep() {
        // Flagged at t from the threshold-free score must equal the full
        // check's decision at t, for every example and many thresholds.
        for ex in examples::all().into_iter().filter(|e| !e.source.is_empty()) {
            let doc = Document::analyse(&ex.source, (&ex.config).into());
            for t in [0.0, 0.05, 0.2, 0.35, 0.5, 0.6, 0.65, 0.8, 0.95, 1.0] {
                let cfg = Config {
                    support_threshold: t,
                    ..ex.config.clone()
                };
                let s = score_answer(&doc, &ex.question, &ex.answer, &cfg);
                let full = check(&doc, &CheckInput::answer(&ex.answer), &cfg);
                assert_eq!(s.flagged, !full.all_supported(), "{} at {t}", ex.name);
                let cut = Cut::of(&cfg);
                assert_eq!(
                    s.flagged,
                    cut.flags(s.score),
                    "{} at {t}: score {}",
                    ex.name,
                    s.score
                );
                // The cut midway between two scores flags the higher, passes the lower.
                if s.score > 0.01 && s.score < 1.0 {
                    let between = Cut::between(cfg.answer_scoring, s.score, s.score - 0.01);
                    assert!(between.flags(s.score) && !between.flags(s.score - 0.01));
                }
            }
        }
    }

    #[test]
    fn scores_rank_wrong_numbers_above_paraphrase() {
        let doc = Document::analyse(examples::RIDGELINE, (&Config::default()).into());
        let cfg = Config::default();
        let wrong = score_answer(&doc, "", "The main span is 460 metres long.", &cfg);
        let paraphrase = score_answer(&doc, "", "The longest span measures 410 metres.", &cfg);
        let exact = score_answer(&doc, "", "The main span is 410 metres long.", &cfg);
        assert_eq!(wrong.score, HARD_FAILURE);
        assert!((paraphrase.score - 0.4).abs() < 1e-9);
        assert_eq!(exact.score, 0.0);
        assert_eq!(wrong.flagged_spans, [(0, 33)]);
    }

    #[test]
    fn noisy_or_grows_with_unsupported_material() {
        let doc = Document::analyse(examples::RIDGELINE, (&Config::default()).into());
        let cfg = Config {
            answer_scoring: AnswerScoring::NoisyOr,
            ..Config::default()
        };
        let one = score_answer(&doc, "", "The longest span measures 410 metres.", &cfg);
        let two = score_answer(
            &doc,
            "",
            "The longest span measures 410 metres. The longest span measures 410 metres.",
            &cfg,
        );
        // One claim at support 0.6: 0.5 × 0.4 = 0.2; two such claims: 1 − 0.8².
        assert!((one.score - 0.2).abs() < 1e-9, "{}", one.score);
        assert!((two.score - 0.36).abs() < 1e-9, "{}", two.score);
        assert!(!one.flagged && !two.flagged);
        let exact = score_answer(&doc, "", "The main span is 410 metres long.", &cfg);
        assert_eq!(exact.score, 0.0);
    }

    #[test]
    fn span_counts_are_character_overlaps() {
        let mut s = SpanCounts::default();
        s.add(&[(0, 10)], &[(5, 15)]);
        s.add(&[], &[(0, 4)]);
        assert_eq!(
            s,
            SpanCounts {
                overlap: 5,
                predicted: 10,
                gold: 14
            }
        );
        assert_eq!(s.precision(), 0.5);
    }

    #[test]
    fn self_consistency_scores_follow_agreement() {
        let samples = [
            "Tagore was born in Kolkata.",
            "Tagore was born in Kolkata in 1861.",
            "He was born in Kolkata.",
        ];
        let scores = score_sentences(
            &["He was born in Kolkata.", "He was born in Mumbai."],
            &samples,
            &Config::default(),
        );
        assert!(scores[0].0 < scores[1].0);
        assert!(!scores[0].1 && scores[1].1);
    }
}
