//! The report: the single value everything downstream reads.
//!
//! The lab renders it, the CLI prints it as JSON or text, `eval` and `batch`
//! aggregate it. Offsets come twice: `start`/`end` count Unicode characters
//! (what a script slicing the text expects), `byte_start`/`byte_end` count
//! UTF-8 bytes (what Rust slicing needs).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::named::named_enum;

use crate::checks::citations::CitationFinding;
use crate::checks::confidence::Confidence;
use crate::checks::consistency::Consistency;
use crate::checks::entities::Entity;
use crate::checks::negation::{AntonymFlip, NegationFlip};
use crate::checks::numbers::MissingNumber;
use crate::config::Policy;
use crate::drift::DriftResult;
use crate::model::{LearnedScore, Regime};
use crate::scoring::Quality;
pub use crate::text::SourceReport;
use crate::trace::Event;
pub use crate::verdict::{
    Decision, Mark, MarkKind, MarkSide, Reason, ReasonKind, Risk, RiskLevel, Routing, Verdict,
    VerdictCounts,
};

/// Everything found about one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimReport {
    /// `C1`, `C2`, … in answer order.
    pub id: String,
    pub text: String,
    pub start: usize,
    pub end: usize,
    pub byte_start: usize,
    pub byte_end: usize,
    pub verdict: Verdict,
    /// Share of content words in the best sentence (0 without one).
    pub support: f64,
    /// `S3`, or `None` when no sentence shares a word.
    pub best_source: Option<String>,
    /// Content words (as written in the claim) that the best sentence holds.
    pub matched_words: Vec<String>,
    /// Content words it does not hold.
    pub missing_words: Vec<String>,
    /// Were the claim's numbers checked (check on, and a sentence supports the claim)?
    pub numbers_checked: bool,
    /// Numbers the best sentence does not state.
    pub number_mismatches: Vec<MissingNumber>,
    pub citations: CitationFinding,
    pub negation: Option<NegationFlip>,
    /// An opposite swapped in (`antonym_check`).
    pub antonym: Option<AntonymFlip>,
    pub invented_entities: Vec<Entity>,
    /// Agreement across samples; `None` without samples.
    pub consistency: Option<Consistency>,
    /// Most severe first; the first one explains the verdict.
    pub reasons: Vec<Reason>,
    pub marks: Vec<Mark>,
    /// The learned claim score and why (`answer_scoring: learned`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<LearnedScore>,
}

impl ClaimReport {
    /// The reason shown next to the verdict.
    pub fn main_reason(&self) -> &str {
        self.reasons.first().map_or("", |r| r.detail.as_str())
    }
}

/// Answer-level measures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub counts: VerdictCounts,
    /// Share of claims carrying a citation.
    pub citation_coverage: f64,
    /// Share of claims whose support reaches the threshold (seed 001's
    /// faithfulness: grounded claims / claims; 1 for an answer with none).
    pub faithfulness: f64,
    pub confidence: Confidence,
    /// Does any claim contradict its source?
    pub contradiction: bool,
    /// Questions in the answer, which are not claims.
    pub questions: usize,
}

/// How one sampled answer fares against the source (seed 003's best of N).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SampleReport {
    /// 1-based sample number.
    pub sample: usize,
    pub claims: usize,
    pub supported: usize,
    pub faithfulness: f64,
    pub decision: Decision,
    /// The most faithful sample (ties → earliest).
    pub best: bool,
}

/// The full result of checking one answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub claims: Vec<ClaimReport>,
    /// Shared with the [`crate::Document`] it was checked against.
    pub sources: std::sync::Arc<[SourceReport]>,
    pub passages: usize,
    /// The number each passage's label gives it (`[12]`), in order, when
    /// the source labels its passages: what citations name them by
    /// (`checks::citations`). Absent for a source numbered 1, 2, … in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passage_names: Option<Vec<usize>>,
    pub decision: Decision,
    /// The learned answer score and why (`answer_scoring: learned`), which
    /// made the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_score: Option<LearnedScore>,
    pub policy: Policy,
    /// Id of the first claim that is not supported.
    pub first_problem: Option<String>,
    pub summary: Summary,
    pub risk: Risk,
    pub quality: Quality,
    /// Drift against earlier answers to the same question, when a history was given.
    pub drift: Option<DriftResult>,
    /// What repair tried, when the answer was risky and repair is on.
    pub repair: Option<Repair>,
    /// Each sample checked against the source (empty without both).
    pub samples: Vec<SampleReport>,
    /// Which embedder scored consistency (`lexical`, `given vectors`).
    pub embedder: Option<String>,
    pub trace: Vec<Event>,
}

impl Report {
    /// Are all claims supported? (The CLI exits 0 exactly then.)
    pub fn all_supported(&self) -> bool {
        self.claims.iter().all(|c| c.verdict == Verdict::Supported)
    }

    pub fn claim(&self, id: &str) -> Option<&ClaimReport> {
        self.claims.iter().find(|c| c.id == id)
    }

    /// What reaches the user, as the routing says (the lab's "What the user
    /// receives"; `crate::verdict` has the rules).
    pub fn delivery(&self) -> Delivery<'_> {
        let first_problem = self.first_problem.as_deref().and_then(|id| self.claim(id));
        let after = self.repair.as_ref().map_or("", |r| r.after.as_str());
        match self.quality.routing {
            Routing::Accept => Delivery::Answer {
                flagged: if self.decision == Decision::DeliverWithFlags {
                    let failing: Vec<&ClaimReport> = self
                        .claims
                        .iter()
                        .filter(|c| c.verdict != Verdict::Supported)
                        .collect();
                    // The learned score may flag for a supported claim's missing words.
                    if failing.is_empty() {
                        first_problem.into_iter().collect()
                    } else {
                        failing
                    }
                } else {
                    Vec::new()
                },
            },
            Routing::HealedAccept => Delivery::Repaired {
                text: after,
                instead_of: first_problem,
            },
            Routing::Fallback => Delivery::Withheld { first_problem },
            Routing::Discard => Delivery::SafeDecline { text: after },
        }
    }
}

/// A value a threshold setting acts on (the lab draws these as dots
/// under the setting's slider).
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// What was measured: a claim (`C2`), a claim against a sample
    /// (`C2 · sample 1`) or the answer (`faithfulness`).
    pub label: String,
    pub value: f64,
    /// The claim's verdict, for values of one claim.
    pub verdict: Option<Verdict>,
}

impl Report {
    /// The values the threshold setting `name` is compared with in this
    /// report (empty for settings that are not thresholds, or when there is
    /// nothing to compare: no source, no samples, no history).
    pub fn measured(&self, name: &str) -> Vec<Measured> {
        let answer = |label: &str, value: f64| {
            vec![Measured {
                label: label.to_string(),
                value,
                verdict: None,
            }]
        };
        let per_claim = |value: &dyn Fn(&ClaimReport) -> Option<f64>| {
            self.claims
                .iter()
                .filter_map(|c| {
                    Some(Measured {
                        label: c.id.clone(),
                        value: value(c)?,
                        verdict: Some(c.verdict),
                    })
                })
                .collect()
        };
        match name {
            "support_threshold" if !self.sources.is_empty() => per_claim(&|c| Some(c.support)),
            "consistency_threshold" => per_claim(&|c| c.consistency.as_ref().map(|x| x.agreement)),
            "sim_threshold" => self
                .claims
                .iter()
                .flat_map(|c| {
                    c.consistency.iter().flat_map(move |x| {
                        x.matches.iter().map(move |m| Measured {
                            label: format!("{} · sample {}", c.id, m.sample),
                            value: m.similarity,
                            verdict: Some(c.verdict),
                        })
                    })
                })
                .collect(),
            "confidence_threshold" => answer("confidence", self.summary.confidence.score),
            "faithfulness_threshold" | "rewrite_below" => {
                answer("faithfulness", self.summary.faithfulness)
            }
            "accept_threshold" => answer("quality score", self.quality.score),
            "decision_threshold" => self
                .answer_score
                .iter()
                .flat_map(|s| answer("hallucination score", s.probability))
                .collect(),
            "drift_threshold" => self
                .drift
                .iter()
                .flat_map(|d| answer("distance from the previous answer", d.delta))
                .collect(),
            "drift_min_similarity" => self
                .drift
                .iter()
                .flat_map(|d| answer("mean similarity", d.mean_similarity))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// How a claim fails, in the words the headline, the trace and the lab all
/// use (`C2 is contradicted`; a supported claim the learned score named:
/// `C2 has words its source sentence lacks`).
pub fn how_it_fails(id: &str, verdict: Verdict) -> String {
    match verdict {
        Verdict::Supported => format!("{id} has words its source sentence lacks"),
        v => format!("{id} is {}", v.name()),
    }
}

fn fails(c: &ClaimReport) -> String {
    how_it_fails(&c.id, c.verdict)
}

impl Report {
    /// The answer's outcome in one sentence that agrees with the decision,
    /// the routing, repair and what the user receives (the lab's banner).
    pub fn headline(&self) -> String {
        if self.claims.is_empty() {
            return "No claims to check: the answer states nothing yet.".into();
        }
        let first = self.first_problem.as_deref().and_then(|id| self.claim(id));
        let decision = match self.decision {
            Decision::Deliver => "Deliver",
            Decision::DeliverWithFlags => "Deliver with flags",
            Decision::Block => "Block",
        };
        match self.delivery() {
            Delivery::Answer { flagged } if flagged.is_empty() => {
                let failing: Vec<&ClaimReport> = self
                    .claims
                    .iter()
                    .filter(|c| c.verdict != Verdict::Supported)
                    .collect();
                match (failing.first(), &self.answer_score) {
                    (Some(c), Some(s)) => format!(
                        "Deliver: the hallucination score {:.2} is under the decision threshold, though {} (marked in the claims table).",
                        crate::text::decimal::Decimal(s.probability),
                        fails(c)
                    ),
                    _ => "Deliver: every claim is supported.".into(),
                }
            }
            Delivery::Answer { flagged } => {
                let ids: Vec<&str> = flagged.iter().map(|c| c.id.as_str()).collect();
                format!("Deliver with flags: {} marked ({}).", ids.join(", "), fails(flagged[0]))
            }
            Delivery::Repaired { instead_of, .. } => match instead_of {
                Some(c) => format!("{decision} as written ({}); repaired and checked again, the repaired answer is delivered.", fails(c)),
                None => "Repaired and checked again, the repaired answer is delivered.".into(),
            },
            Delivery::Withheld { first_problem: Some(c) } if self.decision == Decision::Block => {
                format!("Block: the answer is withheld ({}).", fails(c))
            }
            Delivery::Withheld { .. } => format!(
                "Withheld: the policy lets it through ({decision}), but its quality score {:.2} is below the accept threshold.",
                crate::text::decimal::Decimal(self.quality.score)
            ),
            Delivery::SafeDecline { .. } if self.decision == Decision::Block => format!(
                "{decision}{}: repair could not make it safe, so the safe decline is delivered.",
                first.map(|c| format!(" ({})", fails(c))).unwrap_or_default()
            ),
            // The policy lets a flagged answer through, but repair, run on
            // any risky answer, gave it up: the decline ships, not the answer.
            Delivery::SafeDecline { .. } => format!(
                "Declined: the policy lets it through ({decision}{}), but it is too risky and repair could not make it safe, so the safe decline is delivered.",
                first.map(|c| format!(", {}", fails(c))).unwrap_or_default()
            ),
        }
    }
}

impl Delivery<'_> {
    /// What ships, in a word: `answer`, `flagged`, `repaired`, `withheld`
    /// or `declined` (the lab colours its banner by it).
    pub fn name(&self) -> &'static str {
        match self {
            Delivery::Answer { flagged } if flagged.is_empty() => "answer",
            Delivery::Answer { .. } => "flagged",
            Delivery::Repaired { .. } => "repaired",
            Delivery::Withheld { .. } => "withheld",
            Delivery::SafeDecline { .. } => "declined",
        }
    }
}

/// What reaches the user.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery<'a> {
    /// The answer as written; under the flag policy, with every failing
    /// claim marked (the first is the decision's first problem).
    Answer { flagged: Vec<&'a ClaimReport> },
    /// The repaired answer, whose re-check let it through; `instead_of` is
    /// the original's first problem.
    Repaired {
        text: &'a str,
        instead_of: Option<&'a ClaimReport>,
    },
    /// Nothing: the answer is withheld (for its first problem, or, with none,
    /// for a quality score below the accept threshold).
    Withheld {
        first_problem: Option<&'a ClaimReport>,
    },
    /// Repair could not make it safe: the safe decline.
    SafeDecline { text: &'a str },
}

named_enum! {
    /// Which repair was tried (seed 001's healer; `crate::repair`).
    pub enum Strategy {
        NoHealingNeeded = "no_healing_needed",
        NoApplicableStrategy = "no_applicable_strategy",
        GroundingRewrite = "grounding_rewrite",
        ContradictionPatch = "contradiction_patch",
        EntityScrub = "entity_scrub",
    }
}

/// How the repaired answer fared when checked again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recheck {
    pub decision: Decision,
    pub counts: VerdictCounts,
    pub risk: RiskLevel,
    pub faithfulness: f64,
}

/// What repair did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Repair {
    pub strategy: Strategy,
    /// Did a strategy change the answer (so routing follows repair)?
    pub applied: bool,
    /// Did the changed answer pass its re-check? (false: safe decline served)
    pub succeeded: bool,
    pub before: String,
    /// The repaired answer, the safe decline, or the unchanged answer.
    pub after: String,
    /// What was changed, in order.
    pub changes: Vec<String>,
    pub initial_risk: RiskLevel,
    pub final_risk: RiskLevel,
    pub confidence_before: f64,
    pub confidence_after: f64,
    pub recheck: Option<Recheck>,
    /// The repaired answer's claims as its re-check found them, for the
    /// next check's re-check to take back ([`Rechecked`]).
    #[serde(skip)]
    pub rechecked: Rechecked,
}

/// A repaired answer's claims as its re-check found them, kept for the next
/// check to take back by their texts (after an edit of the source, those
/// the edit cannot reach: `pipeline::rechecked_earlier`). The
/// lab checks on every keystroke, and a repaired answer's patched claims
/// are the same from one keystroke to the next: re-checking them all took
/// half of a keystroke's check for an answer with many to patch.
///
/// A cache, not a finding: it is not serialised, and any two are equal (two
/// reports that say the same are equal however they were made).
#[derive(Debug, Clone, Default)]
pub struct Rechecked {
    /// The repaired answer's regime, which a claim's learned score reads
    /// (`None`: nothing was re-checked).
    pub regime: Option<Regime>,
    /// Its claims that were not the checked answer's own (those are taken
    /// back from the report's claims).
    pub claims: Arc<[ClaimReport]>,
}

impl PartialEq for Rechecked {
    fn eq(&self, _: &Rechecked) -> bool {
        true
    }
}

impl Repair {
    /// One line for the trace.
    pub fn summary(&self) -> String {
        match (self.strategy, self.applied, self.succeeded) {
            (Strategy::NoHealingNeeded, _, _) => "Risk is low: no repair needed.".into(),
            (Strategy::NoApplicableStrategy, _, _) => "Risk is raised, but no repair applies (no contradiction to patch, no name to scrub, faithfulness not low enough to rewrite).".into(),
            (s, true, true) => format!("Repaired by {}: risk {} → {}.", s.name(), self.initial_risk.name(), self.final_risk.name()),
            (s, _, _) => format!("{} could not make the answer safe: the safe decline is served.", s.name()),
        }
    }
}
