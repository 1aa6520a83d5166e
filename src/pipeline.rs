//! The check, top to bottom, as seed 004 tells it.
//!
//! 1. Split the source into sentences S1…Sn (the [`Document`], analysed once).
//! 2. Split the answer into claims; questions are not claims.
//! 3. For each claim: find its best source sentence (support), check its
//!    numbers and negation against that sentence, look for invented
//!    entities, check its citations, score its consistency across samples,
//!    and decide its verdict, with reasons that name the evidence.
//! 4. For the answer: citation coverage, faithfulness, confidence; drift
//!    against earlier answers; the decision under the failure policy; risk;
//!    repair when risky; quality score and routing.
//!
//! Every step pushes an event to the trace, which the lab replays.
//!
//! Steps 1–4 up to the risk are `judge`, shared by a check and by the
//! re-check repair and best of N make (`recheck`, which borrows the claims
//! it already knows and keeps no trace); [`check`] goes on to repair,
//! quality and best of N.

use std::borrow::Cow;

use crate::checks::citations::{self, SourceLayout};
use crate::checks::consistency::{
    self, Consistency, ConsistencyOptions, Embedder, GivenVectors, LexicalEmbedder,
};
use crate::checks::{confidence, entities, negation, numbers, support};
use crate::config::{Config, ConsistencyScoring, Policy};
use crate::drift::{self, Fingerprint};
use crate::repair;
use crate::report::*;
use crate::scoring::{self, Quality, Risk, RiskLevel, Trigger};
use crate::text::decimal::Decimal;
use crate::text::{char_offsets, sentences, Analysed, AnalysisOptions, Document};
use crate::trace::{EventKind, Trace};

/// Tolerance for comparing a support share with its threshold, so that
/// 3/5 meets 0.6 despite floating point.
const EPS: f64 = 1e-9;

/// What to check besides the source.
#[derive(Debug, Clone, Copy, Default)]
pub struct CheckInput<'a> {
    pub answer: &'a str,
    /// Sampled answers for self-consistency (seed 000).
    pub samples: &'a [String],
    /// The question asked, used by repair to rank source sentences.
    pub question: &'a str,
    /// Earlier answers' fingerprints for this question, oldest first;
    /// `None` skips the drift check.
    pub history: Option<&'a [Fingerprint]>,
    /// Latency of the answering pipeline, for the quality score.
    pub latency_ms: f64,
    /// Hand-made sentence vectors for consistency (seed 000's Tagore).
    pub vectors: Option<&'a GivenVectors>,
}

impl<'a> CheckInput<'a> {
    pub fn answer(answer: &'a str) -> Self {
        CheckInput {
            answer,
            ..Default::default()
        }
    }
}

/// Analyse `source` and check `answer` against it.
pub fn check_text(source: &str, answer: &str, cfg: &Config) -> Report {
    check(
        &Document::analyse(source, cfg.into()),
        &CheckInput::answer(answer),
        cfg,
    )
}

/// What a re-check concludes: each claim's verdict and the answer-level
/// measures, without the claims' findings, repair, best of N or trace.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outcome {
    pub verdicts: Vec<Verdict>,
    pub counts: VerdictCounts,
    pub faithfulness: f64,
    pub decision: Decision,
    pub risk: RiskLevel,
}

/// Check without repair, drift, best-of-N or trace: what repair uses to
/// re-check a repaired answer, and best of N to check each sample.
///
/// A claim whose text is that of a claim in `known` (checked against the
/// same document and settings, without samples) is not checked again: its
/// findings are taken as they are, without a copy. `question` is the
/// original question (its words are given, as in the original check).
pub(crate) fn recheck(
    doc: &Document,
    question: &str,
    answer: &str,
    cfg: &Config,
    known: &[ClaimReport],
) -> Outcome {
    let doc = analysed_for(doc, cfg);
    let input = CheckInput {
        question,
        ..CheckInput::answer(answer)
    };
    let judged = judge(&doc, &input, cfg, &mut Trace::off(), known);
    Outcome {
        verdicts: judged.claims.iter().map(|c| c.verdict).collect(),
        counts: judged.summary.counts,
        faithfulness: judged.summary.faithfulness,
        decision: judged.decision,
        risk: judged.risk.level,
    }
}

/// The document analysed as `cfg` says (again only when its settings differ).
fn analysed_for<'d>(doc: &'d Document, cfg: &Config) -> Cow<'d, Document> {
    let opts = AnalysisOptions::from(cfg);
    if doc.options == opts {
        Cow::Borrowed(doc)
    } else {
        Cow::Owned(Document::analyse(&doc.text, opts))
    }
}

/// A claim of the answer: new (analysed here) or known from an earlier check (its index there).
enum Part {
    New(Analysed),
    Known(usize),
}

/// What steps 1–4 found, up to the risk: shared by a check and a re-check.
struct Judged<'k> {
    /// Known claims are borrowed (their ids are the earlier check's).
    claims: Vec<Cow<'k, ClaimReport>>,
    /// Each new claim's analysis, by claim (`None` for a known claim).
    analyses: Vec<Option<Analysed>>,
    passages: usize,
    summary: Summary,
    drift: Option<drift::DriftResult>,
    first_problem: Option<String>,
    decision: Decision,
    risk: Risk,
    embedder: Option<String>,
}

/// Check an answer against an analysed source.
pub fn check(doc: &Document, input: &CheckInput, cfg: &Config) -> Report {
    let doc = analysed_for(doc, cfg);
    let doc = doc.as_ref();
    let mut trace = Trace::default();
    let judged = judge(doc, input, cfg, &mut trace, &[]);
    let Judged {
        claims,
        analyses,
        passages,
        summary,
        drift,
        first_problem,
        decision,
        risk,
        embedder,
    } = judged;
    // A check has no known claims, so nothing is copied here.
    let mut claims: Vec<ClaimReport> = claims.into_iter().map(Cow::into_owned).collect();
    let offsets: Vec<usize> = claims
        .iter()
        .flat_map(|c| [c.byte_start, c.byte_end])
        .collect();
    for (c, pair) in claims
        .iter_mut()
        .zip(char_offsets(input.answer, &offsets).chunks(2))
    {
        c.start = pair[0];
        c.end = pair[1];
    }

    let components = scoring::components(
        summary.faithfulness,
        summary.contradiction,
        summary.confidence.score,
        input.latency_ms,
        drift.as_ref().is_some_and(|d| d.drifted),
    );
    let score = components.score();
    let mut report = Report {
        claims,
        sources: doc.source_reports(),
        passages,
        decision,
        policy: cfg.policy,
        first_problem,
        summary,
        risk,
        quality: Quality {
            score,
            components,
            routing: scoring::Routing::Fallback,
        },
        drift,
        repair: None,
        samples: Vec::new(),
        embedder,
        trace: Vec::new(),
    };

    let mut healed = None;
    if cfg.repair {
        let r = repair::repair(doc, input, cfg, &report, &analyses);
        trace.push(
            None,
            || EventKind::Repair {
                strategy: r.strategy.name().to_string(),
                succeeded: r.succeeded,
            },
            || r.summary(),
        );
        if r.applied {
            healed = Some(r.succeeded);
        }
        report.repair = Some(r);
    }
    report.quality.routing = scoring::route(score, healed, cfg.accept_threshold);
    trace.push(
        None,
        || EventKind::Quality {
            score,
            routing: report.quality.routing,
        },
        || {
            format!(
                "Quality score {score:.2}: route {}.",
                report.quality.routing.name(),
                score = Decimal(score)
            )
        },
    );

    if !doc.is_empty() {
        report.samples = best_of_n(doc, input.samples, cfg);
    }
    report.trace = trace.into_events();
    report
}

/// Steps 1–4 up to the risk, pushing their events to `trace`.
fn judge<'k>(
    doc: &Document,
    input: &CheckInput,
    cfg: &Config,
    trace: &mut Trace,
    known: &'k [ClaimReport],
) -> Judged<'k> {
    let opts = AnalysisOptions::from(cfg);

    // 1. The source, split once.
    let passages = doc.passages.len();
    trace.push(
        None,
        || EventKind::SourceSplit {
            sentences: doc.sentences.len(),
            passages,
        },
        || match (doc.sentences.len(), passages) {
            (0, _) => {
                "The source is empty: claims can only be checked against samples.".to_string()
            }
            (n, p) if p > 1 => format!(
                "Split the source into {n} sentence{} in {p} passages.",
                plural(n)
            ),
            (n, _) => format!("Split the source into {n} sentence{}.", plural(n)),
        },
    );

    // 2. The answer, split into claims.
    let answer = input.answer;
    let mut questions = 0;
    let mut not_claims = 0;
    let mut claim_parts: Vec<(usize, usize, Part)> = Vec::new();
    // Known claims sorted by text (stably, so the first of equal texts comes
    // first, as a linear search would find it) for a binary search: a linear
    // search per claim was quadratic for a 10,000-claim answer.
    let mut known_by_text: Vec<(&str, usize)> = Vec::new();
    if input.samples.is_empty() {
        known_by_text = known
            .iter()
            .enumerate()
            .filter(|(_, old)| old.consistency.is_none())
            .map(|(k, old)| (old.text.as_str(), k))
            .collect();
        crate::order::sort_by_key(&mut known_by_text, |e| e.0);
    }
    let find_known = |text: &str| {
        let at = known_by_text.partition_point(|e| e.0 < text);
        known_by_text.get(at).filter(|e| e.0 == text).map(|e| e.1)
    };
    // Drift fingerprints the whole answer: when the claims' analysis reads
    // text as the fingerprint does, the sentences that are not claims are
    // analysed too and the fingerprint is taken from them all.
    let fingerprint_here = input.history.is_some_and(|h| !h.is_empty())
        && !opts.citations_in_words
        && known.is_empty();
    let mut not_claim_analyses: Vec<Analysed> = Vec::new();
    for (s, e) in sentences::split(answer) {
        let not_claim = if sentences::is_question(&answer[s..e]) {
            questions += 1;
            true
        } else if (cfg.skip_refusals && sentences::is_refusal(&answer[s..e]))
            || (cfg.skip_headers && sentences::is_header(&answer[s..e]))
        {
            not_claims += 1;
            true
        } else {
            false
        };
        if not_claim {
            if fingerprint_here {
                not_claim_analyses.push(Analysed::new(answer, s, e, opts));
            }
            continue;
        }
        // A claim a re-check already knows (same text, no samples) is not analysed again.
        let known_claim = find_known(&answer[s..e]);
        if let Some(k) = known_claim {
            claim_parts.push((s, e, Part::Known(k)));
            continue;
        }
        let analysed = Analysed::new(answer, s, e, opts);
        if analysed.tokens.iter().any(|t| t.content) {
            claim_parts.push((s, e, Part::New(analysed)));
        } else if fingerprint_here {
            not_claim_analyses.push(analysed);
        }
    }
    trace.push(
        None,
        || EventKind::ClaimsSplit {
            claims: claim_parts.len(),
            questions,
        },
        || {
            format!(
                "Split the answer into {} claim{}{}{}.",
                claim_parts.len(),
                plural(claim_parts.len()),
                if questions > 0 {
                    format!(
                        " ({questions} question{} skipped: a question is not a claim)",
                        plural(questions)
                    )
                } else {
                    String::new()
                },
                if not_claims > 0 {
                    format!(
                        " ({not_claims} refusal or header sentence{} skipped)",
                        plural(not_claims)
                    )
                } else {
                    String::new()
                }
            )
        },
    );

    // Consistency needs every claim at once (one embedding pass).
    let claim_texts: Vec<&str> = claim_parts
        .iter()
        .map(|(s, e, _)| &answer[*s..*e])
        .collect();
    let (consistency, embedder) = score_consistency(&claim_texts, input, cfg);

    // The question's words are given, not claimed (when so configured).
    let given: Vec<std::sync::Arc<str>> = if cfg.question_words_given {
        Analysed::new(input.question, 0, input.question.len(), opts)
            .content_terms()
            .into_iter()
            .map(|t| t.key.clone())
            .collect()
    } else {
        Vec::new()
    };

    // 3. Each claim.
    let layout_passages = doc.passage_of();
    let layout = SourceLayout {
        sentences: doc.sentences.len(),
        passages: doc.passages.len(),
        passage_of: &layout_passages,
    };
    let claims: Vec<Cow<ClaimReport>> = claim_parts
        .iter()
        .enumerate()
        .map(|(k, (s, e, part))| match part {
            Part::Known(old) => Cow::Borrowed(&known[*old]),
            Part::New(analysed) => {
                let c = consistency.as_ref().map(|all| all[k].clone());
                let id = format!("C{}", k + 1);
                Cow::Owned(check_claim(
                    &id, answer, *s, *e, analysed, &given, doc, &layout, cfg, c, trace,
                ))
            }
        })
        .collect();

    // 4. The answer as a whole.
    let mut counts = VerdictCounts::default();
    claims.iter().for_each(|c| counts.add(c.verdict));
    let n = claims.len();
    let share = |k: usize| if n == 0 { 1.0 } else { k as f64 / n as f64 };
    let citation_coverage = if n == 0 {
        0.0
    } else {
        claims
            .iter()
            .filter(|c| !c.citations.cited.is_empty())
            .count() as f64
            / n as f64
    };
    let grounded = claims
        .iter()
        .filter(|c| {
            if doc.is_empty() {
                c.consistency.as_ref().is_some_and(|x| !x.flagged)
            } else {
                c.support + EPS >= cfg.support_threshold && c.best_source.is_some()
            }
        })
        .count();
    let faithfulness = share(grounded);
    let confidence = confidence::score(answer);
    let contradiction = counts.contradicted > 0;
    trace.push(
        None,
        || EventKind::AnswerMetrics { citation_coverage, faithfulness, confidence: confidence.score },
        || format!(
            "Citation coverage {:.0}% ({} of {n} claims cite a source); faithfulness {:.2}; confidence {:.2}.",
            Decimal(citation_coverage * 100.0),
            claims.iter().filter(|c| !c.citations.cited.is_empty()).count(),
            Decimal(faithfulness),
            Decimal(confidence.score)
        ),
    );

    let drift = input.history.map(|history| {
        // With no earlier answer there is nothing to compare, so no fingerprint to take.
        let result = if history.is_empty() {
            drift::first_answer()
        } else {
            let fingerprint = if fingerprint_here {
                let sentences: Vec<&Analysed> = claim_parts
                    .iter()
                    .filter_map(|(_, _, part)| match part {
                        Part::New(analysed) => Some(analysed),
                        Part::Known(_) => None,
                    })
                    .chain(&not_claim_analyses)
                    .collect();
                drift::fingerprint_of_sentences(answer, &sentences)
            } else {
                drift::fingerprint(answer)
            };
            drift::compare(&fingerprint, history, cfg)
        };
        trace.push(
            None,
            || EventKind::Drift {
                drifted: result.drifted,
                delta: result.delta,
                mean_similarity: result.mean_similarity,
            },
            || {
                format!(
                    "Drift {}: {}.",
                    if result.drifted {
                        "detected"
                    } else {
                        "not detected"
                    },
                    result.reason
                )
            },
        );
        result
    });

    // By position: a known claim keeps the id it had in the earlier check.
    let first_problem = claims
        .iter()
        .position(|c| c.verdict != Verdict::Supported)
        .map(|k| format!("C{}", k + 1));
    let decision = match (&first_problem, cfg.policy) {
        (None, _) => Decision::Deliver,
        (Some(_), Policy::Block) => Decision::Block,
        (Some(_), Policy::Flag) => Decision::DeliverWithFlags,
    };
    trace.push(
        None,
        || EventKind::Decision {
            decision,
            first_problem: first_problem.clone(),
        },
        || match (decision, &first_problem) {
            (Decision::Deliver, _) if n == 0 => {
                "Nothing to check: the answer has no claims. Deliver.".to_string()
            }
            (Decision::Deliver, _) => format!("All {n} claims are supported. Deliver."),
            (Decision::Block, Some(p)) => {
                format!("{p} fails and the policy is block: the answer is withheld.")
            }
            (_, Some(p)) => format!("{p} fails and the policy is flag: deliver, marked with {p}."),
            _ => String::new(),
        },
    );

    let mut triggers = Vec::new();
    if contradiction {
        triggers.push(Trigger::Contradiction);
    }
    if claims.iter().any(|c| !c.invented_entities.is_empty()) {
        triggers.push(Trigger::InventedEntity);
    }
    if claims.iter().any(|c| !c.citations.fabricated.is_empty()) {
        triggers.push(Trigger::FabricatedCitation);
    }
    if confidence.score > cfg.confidence_threshold && faithfulness < cfg.faithfulness_threshold {
        triggers.push(Trigger::ConfidentButUnfaithful);
    }
    if faithfulness < cfg.faithfulness_threshold {
        triggers.push(Trigger::LowFaithfulness);
    }
    if drift.as_ref().is_some_and(|d| d.drifted) {
        triggers.push(Trigger::Drift);
    }
    if claims
        .iter()
        .any(|c| c.consistency.as_ref().is_some_and(|x| x.flagged))
    {
        triggers.push(Trigger::Inconsistent);
    }
    let risk = Risk::from_triggers(triggers);
    trace.push(
        None,
        || EventKind::Risk {
            level: risk.level,
            triggers: risk.triggers.clone(),
        },
        || {
            if risk.triggers.is_empty() {
                "Risk low: no failure pattern found.".to_string()
            } else {
                format!(
                    "Risk {}: {}.",
                    risk.level.name(),
                    risk.triggers
                        .iter()
                        .map(|t| t.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        },
    );

    let summary = Summary {
        counts,
        citation_coverage,
        faithfulness,
        confidence,
        contradiction,
        questions,
    };
    let analyses = claim_parts
        .into_iter()
        .map(|(_, _, part)| match part {
            Part::New(analysed) => Some(analysed),
            Part::Known(_) => None,
        })
        .collect();
    Judged {
        claims,
        analyses,
        passages,
        summary,
        drift,
        first_problem,
        decision,
        risk,
        embedder,
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn score_consistency(
    claims: &[&str],
    input: &CheckInput,
    cfg: &Config,
) -> (Option<Vec<Consistency>>, Option<String>) {
    if input.samples.is_empty() {
        return (None, None);
    }
    let opts = ConsistencyOptions {
        sim_threshold: cfg.sim_threshold,
        consistency_threshold: cfg.consistency_threshold,
    };
    let samples: Vec<&str> = input.samples.iter().map(String::as_str).collect();
    let lexical = LexicalEmbedder {
        options: cfg.into(),
    };
    let given = input
        .vectors
        .and_then(|v| consistency::self_check(claims, &samples, v, opts).map(|r| (r, v.label())));
    let (mut result, label) = given.unwrap_or_else(|| {
        (
            consistency::self_check(claims, &samples, &lexical, opts)
                .expect("the lexical embedder embeds any text"),
            lexical.label(),
        )
    });
    if cfg.consistency_scoring == ConsistencyScoring::Lexical && label == lexical.label() {
        for (r, score) in
            result
                .iter_mut()
                .zip(consistency::lexical_scores(claims, &samples, cfg.into()))
        {
            r.score = score;
            r.flagged = r.samples_used == 0 || score > 0.5;
        }
        return (Some(result), Some("lexical agreement".to_string()));
    }
    (Some(result), Some(label.to_string()))
}

#[allow(clippy::too_many_arguments)]
fn check_claim(
    id: &str,
    answer: &str,
    start: usize,
    end: usize,
    analysed: &Analysed,
    given: &[std::sync::Arc<str>],
    doc: &Document,
    layout: &SourceLayout,
    cfg: &Config,
    consistency: Option<Consistency>,
    trace: &mut Trace,
) -> ClaimReport {
    let mut terms = analysed.content_terms();
    // Words the question already holds are not what the claim asserts, unless
    // they are all it says.
    if terms.iter().any(|t| !given.contains(&t.key)) {
        terms.retain(|t| !given.contains(&t.key));
    }
    let mut reasons: Vec<Reason> = Vec::new();
    let mut marks: Vec<Mark> = Vec::new();
    let mut reason = |kind: ReasonKind, detail: String| reasons.push(Reason { kind, detail });

    // Support: the best source sentence.
    let sup = support::best_sentence(&terms, doc);
    let best = sup.best.map(|i| &doc.sentences[i]);
    let best_source = best.map(|s| s.id());
    let matched_words: Vec<String> = sup
        .matched_terms
        .iter()
        .map(|&i| answer[terms[i].start..terms[i].end].to_string())
        .collect();
    // Which terms matched, by index (a claim can hold 100,000 terms: a
    // look-up in `matched_terms` per term was quadratic).
    let mut is_matched = vec![false; terms.len()];
    sup.matched_terms.iter().for_each(|&i| is_matched[i] = true);
    let missing_words: Vec<String> = (0..terms.len())
        .filter(|&i| !is_matched[i])
        .map(|i| answer[terms[i].start..terms[i].end].to_string())
        .collect();
    for (i, t) in terms.iter().enumerate() {
        let kind = if is_matched[i] {
            MarkKind::Matched
        } else {
            MarkKind::Missing
        };
        marks.push(Mark::new(MarkSide::Answer, kind, t.start, t.end));
    }
    if let Some(s) = best {
        let matched_keys: rustc_hash::FxHashSet<&str> =
            sup.matched_terms.iter().map(|&i| &*terms[i].key).collect();
        for t in s
            .analysed
            .tokens
            .iter()
            .filter(|t| t.content && matched_keys.contains(&&*t.key))
        {
            marks.push(Mark::new(
                MarkSide::Source,
                MarkKind::Matched,
                t.start,
                t.end,
            ));
        }
    }
    let supported_lexically = best.is_some() && sup.support + EPS >= cfg.support_threshold;
    trace.push(
        Some(id),
        || EventKind::BestMatch {
            best_source: best_source.clone(),
            support: sup.support,
            matched: sup.matched,
            total: sup.total,
            matched_words: matched_words.clone(),
        },
        || match &best_source {
            Some(b) => format!(
                "Best match for {id} is {b}: {} of {} content words ({:.2}).",
                sup.matched,
                sup.total,
                Decimal(sup.support)
            ),
            None if doc.is_empty() => format!("{id} has no source to match."),
            None => format!("{id} shares no content word with any source sentence."),
        },
    );

    if doc.is_empty() {
        match &consistency {
            Some(c) if !c.flagged => reason(
                ReasonKind::Consistent,
                format!(
                    "{} of {} samples agree ({:.2}).",
                    c.agreeing,
                    c.samples_used,
                    Decimal(c.support)
                ),
            ),
            Some(c) if c.samples_used == 0 => reason(
                ReasonKind::Inconsistent,
                "No usable sample to compare with: flagged rather than passed.".into(),
            ),
            Some(c) => reason(
                ReasonKind::Inconsistent,
                format!(
                    "Only {} of {} samples agree ({:.2}, below {:.2}).",
                    c.agreeing,
                    c.samples_used,
                    Decimal(c.support),
                    Decimal(cfg.consistency_threshold)
                ),
            ),
            None => reason(
                ReasonKind::NoSource,
                "There is no source and there are no samples to check it against.".into(),
            ),
        }
    } else if best.is_none() {
        reason(
            ReasonKind::NoMatch,
            "Shares no content word with any source sentence.".into(),
        );
    } else if !supported_lexically {
        reason(
            ReasonKind::LowSupport,
            format!(
                "Its best match {} holds only {} of {} content words ({:.2}, below {:.2}).",
                best_source.as_deref().unwrap_or("-"),
                sup.matched,
                sup.total,
                Decimal(sup.support),
                Decimal(cfg.support_threshold)
            ),
        );
    }

    // Numbers and negation: only against a sentence that supports the claim.
    let mut number_mismatches = Vec::new();
    let mut flip = None;
    let mut antonym = None;
    let numbers_checked = cfg.number_check && supported_lexically;
    if let (Some(s), true) = (best, supported_lexically) {
        let sid = s.id();
        if cfg.number_check {
            number_mismatches = numbers::check(
                &analysed.numbers,
                &s.analysed.numbers,
                cfg.number_normalisation,
            );
            for m in &number_mismatches {
                let said = if m.source_numbers.is_empty() {
                    format!("{sid} states no number")
                } else {
                    format!("{sid} says {}", m.source_numbers.join(", "))
                };
                reason(
                    ReasonKind::NumberMismatch,
                    format!(
                        "{} is not in {sid}, which it otherwise matches: {said}.",
                        m.claim_number
                    ),
                );
                marks.push(Mark::new(
                    MarkSide::Answer,
                    MarkKind::Number,
                    m.start,
                    m.end,
                ));
            }
            if !number_mismatches.is_empty() {
                for n in s.analysed.numbers.iter().filter(|n| !n.is_identifier()) {
                    marks.push(Mark::new(
                        MarkSide::Source,
                        MarkKind::Number,
                        n.start,
                        n.end,
                    ));
                }
            }
            trace.push(
                Some(id),
                || EventKind::NumberCheck {
                    passed: number_mismatches.is_empty(),
                    missing: number_mismatches
                        .iter()
                        .map(|m| m.claim_number.clone())
                        .collect(),
                    source_numbers: s
                        .analysed
                        .numbers
                        .iter()
                        .filter(|n| !n.is_identifier())
                        .map(|n| n.raw.clone())
                        .collect(),
                },
                || {
                    if number_mismatches.is_empty() {
                        if analysed.numbers.iter().any(|n| !n.is_identifier()) {
                            format!("Every number in {id} appears in {sid}.")
                        } else {
                            format!("{id} states no number.")
                        }
                    } else {
                        format!(
                            "{} missing from {sid}.",
                            number_mismatches
                                .iter()
                                .map(|m| m.claim_number.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                },
            );
        }
        if cfg.negation_check {
            flip = negation::check(analysed, answer, &s.analysed, &doc.text);
            if let Some(f) = &flip {
                let source_word = &doc.text[f.source_span.0..f.source_span.1];
                let detail = match f.negated_in {
                    negation::Side::Source => format!("{sid} says \"{} … {source_word}\"; the claim says \"{}\" without the negation.", f.negator, f.word),
                    negation::Side::Claim => format!("The claim says \"{} … {}\"; {sid} says \"{source_word}\" without the negation.", f.negator, f.word),
                };
                reason(ReasonKind::NegationFlip, detail);
                marks.push(Mark::new(
                    MarkSide::Answer,
                    MarkKind::Negation,
                    f.claim_span.0,
                    f.claim_span.1,
                ));
                marks.push(Mark::new(
                    MarkSide::Source,
                    MarkKind::Negation,
                    f.source_span.0,
                    f.source_span.1,
                ));
                let side = if f.negated_in == negation::Side::Claim {
                    MarkSide::Answer
                } else {
                    MarkSide::Source
                };
                marks.push(Mark::new(
                    side,
                    MarkKind::Negation,
                    f.negator_span.0,
                    f.negator_span.1,
                ));
            }
            if cfg.antonym_check && flip.is_none() {
                antonym = negation::antonym_flip(analysed, answer, &s.analysed, &doc.text);
                if let Some(a) = &antonym {
                    reason(
                        ReasonKind::AntonymFlip,
                        format!(
                            "The claim says \"{}\" where {sid} says \"{}\", its opposite.",
                            a.word, a.antonym
                        ),
                    );
                    marks.push(Mark::new(
                        MarkSide::Answer,
                        MarkKind::Negation,
                        a.claim_span.0,
                        a.claim_span.1,
                    ));
                    marks.push(Mark::new(
                        MarkSide::Source,
                        MarkKind::Negation,
                        a.source_span.0,
                        a.source_span.1,
                    ));
                }
            }
            trace.push(
                Some(id),
                || EventKind::NegationCheck {
                    passed: flip.is_none() && antonym.is_none(),
                    word: flip
                        .as_ref()
                        .map(|f| f.word.clone())
                        .or(antonym.as_ref().map(|a| a.word.clone())),
                },
                || match (&flip, &antonym) {
                    (Some(f), _) => {
                        format!("{id} flips the negation of \"{}\" against {sid}.", f.word)
                    }
                    (None, Some(a)) => format!(
                        "{id} says \"{}\" where {sid} says \"{}\".",
                        a.word, a.antonym
                    ),
                    _ => format!("{id} keeps {sid}'s negations."),
                },
            );
        }
    }

    // Invented entities: against the whole source.
    let mut invented_entities = Vec::new();
    if cfg.entity_check && !doc.is_empty() {
        let found = entities::find(answer, start, end, cfg.single_word_entities);
        invented_entities = entities::invented(&found, &doc.folded, &doc.text, start)
            .into_iter()
            .cloned()
            .collect::<Vec<_>>();
        for e in &invented_entities {
            reason(
                ReasonKind::InventedEntity,
                format!("\"{}\" appears nowhere in the source.", e.text),
            );
            marks.push(Mark::new(
                MarkSide::Answer,
                MarkKind::Entity,
                e.start,
                e.end,
            ));
        }
        if !found.is_empty() {
            trace.push(
                Some(id),
                || EventKind::EntityCheck {
                    passed: invented_entities.is_empty(),
                    invented: invented_entities.iter().map(|e| e.text.clone()).collect(),
                },
                || {
                    if invented_entities.is_empty() {
                        format!("Every name in {id} appears in the source.")
                    } else {
                        format!(
                            "Not in the source: {}.",
                            invented_entities
                                .iter()
                                .map(|e| e.text.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                },
            );
        }
    }

    // Citations.
    let tied: Vec<usize> = if supported_lexically {
        sup.tied.iter().map(|i| i + 1).collect()
    } else {
        vec![]
    };
    let citations = citations::check(&analysed.citations, layout, &tied, cfg.citation_check);
    for f in &citations.fabricated {
        reason(
            ReasonKind::FabricatedCitation,
            format!(
                "Cites {f}, which does not exist: the source has {} sentences in {} passage{}.",
                layout.sentences,
                layout.passages,
                plural(layout.passages)
            ),
        );
    }
    if citations.points_to_support == Some(false) {
        reason(
            ReasonKind::WrongCitation,
            format!(
                "Cites {}, but the sentence that supports it is {}.",
                citations.cited.join(", "),
                best_source.as_deref().unwrap_or("-")
            ),
        );
    }
    if !citations.fabricated.is_empty() || citations.points_to_support == Some(false) {
        for c in &analysed.citations {
            marks.push(Mark::new(
                MarkSide::Answer,
                MarkKind::Citation,
                c.start,
                c.end,
            ));
        }
    }
    if !analysed.citations.is_empty() {
        let passed = citations.fabricated.is_empty() && citations.points_to_support != Some(false);
        trace.push(
            Some(id),
            || EventKind::CitationCheck {
                passed,
                cited: citations.cited.clone(),
                fabricated: citations.fabricated.clone(),
            },
            || {
                format!(
                    "{id} cites {}: {}.",
                    citations.cited.join(", "),
                    match (passed, citations.points_to_support) {
                        (false, _) if !citations.fabricated.is_empty() =>
                            "it points at nothing in the source",
                        (false, _) => "it misses the supporting sentence",
                        (true, Some(true)) => "it points at the supporting sentence",
                        _ => "not judged",
                    }
                )
            },
        );
    }

    // Consistency across samples.
    if let Some(c) = &consistency {
        trace.push(
            Some(id),
            || EventKind::ConsistencyCheck {
                support: c.support,
                agreeing: c.agreeing,
                samples: c.samples_used,
                flagged: c.flagged,
            },
            || {
                format!(
                    "{} of {} samples agree with {id} ({:.2}){}.",
                    c.agreeing,
                    c.samples_used,
                    Decimal(c.support),
                    if c.flagged { ": flagged" } else { "" }
                )
            },
        );
    }

    // The verdict: the most severe finding.
    let verdict = reasons
        .iter()
        .map(|r| r.kind.verdict())
        .max_by_key(|v| *v as u8)
        .unwrap_or(Verdict::Supported);
    if reasons.is_empty() {
        let sid = best_source.as_deref().unwrap_or("-");
        let detail = if sup.matched == sup.total {
            format!("{sid} holds all {} content words.", sup.total)
        } else {
            format!(
                "{sid} holds {} of {} content words ({:.2}, at least {:.2}).",
                sup.matched,
                sup.total,
                Decimal(sup.support),
                Decimal(cfg.support_threshold)
            )
        };
        reasons.push(Reason {
            kind: ReasonKind::Supported,
            detail,
        });
    }
    crate::order::sort_by_key(&mut reasons, |r| 3 - r.kind.verdict() as usize);
    // With a source, disagreeing samples are a note: the source decides.
    if let (false, Some(c)) = (doc.is_empty(), &consistency) {
        if c.flagged {
            reasons.push(Reason {
                kind: ReasonKind::Inconsistent,
                detail: format!(
                    "Only {} of {} samples agree ({:.2}).",
                    c.agreeing,
                    c.samples_used,
                    Decimal(c.support)
                ),
            });
        }
    }
    trace.push(
        Some(id),
        || EventKind::Verdict {
            verdict,
            reason: reasons[0].detail.clone(),
        },
        || format!("{id} is {}: {}", verdict.name(), reasons[0].detail),
    );

    ClaimReport {
        id: id.to_string(),
        text: answer[start..end].to_string(),
        start,
        end,
        byte_start: start,
        byte_end: end,
        verdict,
        support: sup.support,
        best_source,
        matched_words,
        missing_words,
        numbers_checked,
        number_mismatches,
        citations,
        negation: flip,
        antonym,
        invented_entities,
        consistency,
        reasons,
        marks,
    }
}

/// Seed 003's cross-check: check every sample against the source and mark
/// the most faithful one.
fn best_of_n(doc: &Document, samples: &[String], cfg: &Config) -> Vec<SampleReport> {
    let mut out: Vec<SampleReport> = samples
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.trim().is_empty())
        .map(|(i, s)| {
            let r = recheck(doc, "", s, cfg, &[]);
            SampleReport {
                sample: i + 1,
                claims: r.verdicts.len(),
                supported: r.counts.supported,
                faithfulness: r.faithfulness,
                decision: r.decision,
                best: false,
            }
        })
        .collect();
    let score = |s: &SampleReport| {
        (
            if s.claims == 0 {
                0.0
            } else {
                s.supported as f64 / s.claims as f64
            },
            s.faithfulness,
        )
    };
    if let Some(best) = (0..out.len()).reduce(|a, b| {
        if score(&out[b]) > score(&out[a]) {
            b
        } else {
            a
        }
    }) {
        out[best].best = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recheck_that_reuses_known_claims_concludes_as_a_fresh_one() {
        for ex in crate::examples::all() {
            let doc = Document::analyse(&ex.source, (&ex.config).into());
            let first = check(&doc, &CheckInput::answer(&ex.answer), &ex.config);
            // Same answer, and the answer with one claim changed.
            let changed = ex.answer.replacen("The", "A", 1);
            for answer in [ex.answer.as_str(), changed.as_str()] {
                let reused = recheck(&doc, &ex.question, answer, &ex.config, &first.claims);
                let fresh = recheck(&doc, &ex.question, answer, &ex.config, &[]);
                assert_eq!(reused, fresh, "{}", ex.name);
                assert_eq!(fresh.verdicts.len(), first.claims.len(), "{}", ex.name);
            }
        }
    }

    #[test]
    fn the_drift_fingerprint_taken_from_the_claims_is_the_answers() {
        let ex = crate::examples::all()
            .into_iter()
            .find(|e| e.name == "answer-drift")
            .unwrap();
        let history = ex.history_fingerprints();
        let answers = [
            ex.answer.clone(),
            format!(
                "Was it $12.50 or never? I cannot help with that. {} No.",
                ex.answer
            ),
            "Price: $49.99\n\nIt is not available. Yes, it is free, included and good.".to_string(),
        ];
        for preset in crate::config::Preset::ALL {
            let cfg = preset.config();
            let doc = Document::analyse(&ex.source, (&cfg).into());
            for answer in &answers {
                let input = CheckInput {
                    history: Some(&history),
                    ..CheckInput::answer(answer)
                };
                let expected = drift::compare(&drift::fingerprint(answer), &history, &cfg);
                assert_eq!(check(&doc, &input, &cfg).drift, Some(expected), "{answer}");
            }
        }
    }
}
