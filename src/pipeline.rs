//! The check, top to bottom, as seed 004 tells it.
//!
//! 1. Split the source into sentences S1…Sn (the [`Document`], analysed once).
//! 2. Split the answer into claims; questions are not claims.
//! 3. Check each claim ([`check_claim`]): its best source sentence (support),
//!    its numbers and negation against that sentence, invented entities,
//!    citations, agreement across samples; its verdict is its most severe
//!    reason's. Each check explains itself (`crate::checks`).
//! 4. Measure the answer: citation coverage, faithfulness, confidence; drift
//!    against earlier answers; the decision under the failure policy; risk.
//! 5. Repair a risky answer (repair proposes, this module re-checks it),
//!    score its quality and route it; check each sample (best of N).
//!
//! How verdict, decision, risk, repair and routing relate is written once,
//! in [`crate::verdict`]. Every step pushes an event to the trace, which the
//! lab replays. Steps 1–4 are [`judge`], shared by a check and by the
//! re-check of a repaired answer or a sample ([`recheck`], which borrows the
//! claims it already knows and keeps no trace). A check given the check of
//! an earlier answer ([`Earlier`]: the lab's keystroke before) takes back
//! the claims that did not change instead of checking them again; its
//! report is the one a fresh check makes (`tests/properties.rs`).

use std::borrow::Cow;
use std::sync::Arc;

use crate::checks::citations::{self, SourceLayout};
use crate::checks::consistency::{
    self, Consistency, ConsistencyOptions, Embedder, GivenVectors, LexicalEmbedder,
};
use crate::checks::numbers::Scope;
use crate::checks::{
    confidence, entities, negation, numbers, plural, support, ClaimContext, Findings,
};
use crate::claim_ids;
use crate::config::{AnswerScoring, Config, ConsistencyScoring};
use crate::drift::{self, DriftResult, Fingerprint};
use crate::model::{AnswerModel, ClaimFeatures, LearnedScore, Regime, Stake};
use crate::repair::{self, RepairInput};
use crate::report::*;
use crate::scoring::{self, Quality};
use crate::sentence_ids;
use crate::text::decimal::Decimal;
use crate::text::language::{language_of, Language};
use crate::text::reach::SourceEdit;
use crate::text::{
    char_offsets, sentences, Analysed, AnalysisOptions, Document, SourceSentence, Token,
};
use crate::trace::{EventKind, Trace};
use crate::verdict::{meets, verdict_of, RepairOutcome, Routing, Trigger};

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
    /// Leave the event trace out of the report (a script that does not read
    /// it: `claimlab` without `--include trace`). Nothing else changes.
    pub skip_trace: bool,
    /// List in the report's `sources` only the sentences the claims name
    /// (`best_source`), not every sentence of the source (a script that
    /// does not read the list: `claimlab` without `--include sources`;
    /// a 4 MB source's list is 10 MB). Nothing else changes.
    pub skip_sources: bool,
    /// The check of an earlier answer against the same source under the
    /// same settings, whose claims this check may take back (the lab checks
    /// on every keystroke, and a keystroke changes one claim). The report
    /// is the one a check without it makes.
    pub earlier: Option<Earlier<'a>>,
}

/// A check made before, of `answer` to `question`: the caller promises it
/// was made against the same source (or, with `source_edit`, against the
/// source before its last edit), under the same settings, with its trace.
/// A claim of the new answer with the same id and text (wherever it now
/// stands: its spans in the answer move with it) is taken from it, its
/// events with it, instead of being checked again, when nothing else a
/// claim's check reads has changed: the same question, no samples or given
/// vectors (consistency reads every claim at once), the same kind of
/// answer for the learned score ([`Regime`]), and no sentence or name the
/// source's edit reached ([`edit_reaches`]).
#[derive(Debug, Clone, Copy)]
pub struct Earlier<'a> {
    pub answer: &'a str,
    pub question: &'a str,
    pub report: &'a Report,
    /// The edit of the source since that check ([`Document::last_edit`]),
    /// if it was edited in place; `None` when it is the same source.
    pub source_edit: Option<&'a SourceEdit>,
    /// That check's split of its answer ([`check_keeping_split`]): when the
    /// answer is the same (a keystroke in the source or a setting that
    /// the split does not read), its claims are not split and analysed
    /// again, nor their names found again.
    pub split: Option<&'a SplitAnswer>,
}

/// The claims of an [`Earlier`] check a new one may take back.
struct KnownChecks<'e> {
    claims: &'e [ClaimReport],
    trace: &'e [crate::trace::Event],
    /// The source's edit since the earlier check, if any.
    source_edit: Option<&'e SourceEdit>,
    /// How many more claims the new answer has (a sentence split in two
    /// renumbers every claim after it).
    shift: isize,
    /// The source, whose claim and sentence ids a renamed claim's check
    /// may quote.
    doc: &'e Document,
    /// The question, whose sentence ids a renumbered claim's check may quote.
    question: &'e str,
    /// Where the next claim's events are looked for: claims are taken in
    /// order, and a check pushes each claim's events together.
    next_event: usize,
}

impl<'e> KnownChecks<'e> {
    /// What `input`, split into `claims` claims, may take back from its
    /// earlier check against `doc` (nothing when a claim's check would
    /// read something that changed).
    fn of(
        input: &CheckInput<'e>,
        regime: Regime,
        claims: usize,
        doc: &'e Document,
    ) -> KnownChecks<'e> {
        let earlier = input.earlier.filter(|earlier| {
            earlier.question == input.question
                && Regime::of(earlier.question, earlier.answer) == regime
                && input.samples.is_empty()
                && input.vectors.is_none()
                && earlier.source_edit.is_none_or(|edit| edit.layout_kept)
        });
        let known = earlier.map_or(&[][..], |e| &e.report.claims[..]);
        KnownChecks {
            claims: known,
            trace: earlier.map_or(&[][..], |e| &e.report.trace[..]),
            source_edit: earlier.and_then(|e| e.source_edit),
            shift: claims as isize - known.len() as isize,
            doc,
            question: input.question,
            next_event: 0,
        }
    }

    /// Did the source's edit split or join sentences?
    fn renumbers(&self) -> bool {
        self.source_edit.is_some_and(SourceEdit::renumbers)
    }

    /// The earlier check of the `k`th claim, `id`, reading `text`, with its
    /// events, if it made one and the source's edit since did not reach it
    /// (`reached`, given the edit and the claim's best sentence then). A
    /// claim's check reads its own text alone, wherever it stands in the
    /// answer: a claim that moved (typing in the answer before it) is
    /// taken back with its spans in the answer moved to `start`, and one
    /// renumbered (a sentence before it split or joined; the same source)
    /// under its new id ([`claim_ids::renamed`]); one whose source's edit
    /// split or joined a sentence before its best sentence, under the
    /// sentences' new numbers ([`sentence_ids::renumbered`]; the caller
    /// scores it again).
    fn take(
        &mut self,
        k: usize,
        id: &str,
        start: usize,
        text: &str,
        reached: impl FnOnce(&SourceEdit, Option<usize>) -> bool,
    ) -> Option<(Cow<'e, ClaimReport>, Cow<'e, [crate::trace::Event]>)> {
        let same_place = (self.claims.get(k)).filter(|c| c.id == id && c.text == text);
        let claim = match same_place {
            Some(claim) => claim,
            None if self.shift == 0 || self.source_edit.is_some() => return None,
            None => {
                (self.claims.get(k.checked_add_signed(-self.shift)?)).filter(|c| c.text == text)?
            }
        };
        if claim.consistency.is_some() {
            return None;
        }
        if let Some(edit) = self.source_edit {
            if reached(edit, best_after(claim, edit)?) {
                return None;
            }
        }
        let of_claim = |e: &crate::trace::Event| e.claim.as_deref() == Some(claim.id.as_str());
        let from = self.next_event + self.trace[self.next_event..].iter().position(of_claim)?;
        let to = from
            + self.trace[from..]
                .iter()
                .take_while(|e| of_claim(e))
                .count();
        self.next_event = to;
        let (mut claim, mut events) = if claim.id == id {
            (Cow::Borrowed(claim), Cow::Borrowed(&self.trace[from..to]))
        } else {
            let ids = self.doc.claim_ids();
            let (claim, events) = claim_ids::renamed(claim, &self.trace[from..to], id, ids)?;
            (Cow::Owned(claim), Cow::Owned(events))
        };
        if let Some(edit) = self.source_edit {
            let (moved, moved_events) =
                after_edit(&claim, events, edit, (self.question, self.doc))?;
            (claim, events) = (Cow::Owned(moved), moved_events);
        }
        if claim.byte_start != start {
            let by = start as isize - claim.byte_start as isize;
            moved_in_answer(claim.to_mut(), by);
        }
        Some((claim, events))
    }
}

/// `claim`'s best sentence (0-based) where it is after `edit`: `None` when
/// the edit read it again, `Some(None)` for a claim with no best sentence.
fn best_after(claim: &ClaimReport, edit: &SourceEdit) -> Option<Option<usize>> {
    match claim
        .best_source
        .as_deref()
        .and_then(SourceSentence::index_of)
    {
        Some(before) => edit.sentence_after(before).map(Some),
        None => Some(None),
    }
}

/// An earlier check of a claim the source's edit did not reach, with its
/// `events`, as it stands after the edit: its source spans moved with the
/// text ([`moved_by`]) and, after a split or a join, its sentences
/// numbered again ([`sentence_ids::renumbered`]: `None` when its text, the
/// `question` or the source quotes an id that moved).
fn after_edit<'e>(
    claim: &ClaimReport,
    events: Cow<'e, [crate::trace::Event]>,
    edit: &SourceEdit,
    (question, doc): (&str, &Document),
) -> Option<(ClaimReport, Cow<'e, [crate::trace::Event]>)> {
    let claim = moved_by(claim, edit);
    if !edit.renumbers() {
        return Some((claim, events));
    }
    let source_ids = doc.sentence_ids();
    let (claim, events) = sentence_ids::renumbered(&claim, &events, edit, (question, source_ids))?;
    Some((claim, Cow::Owned(events)))
}

/// Might the source's edit change what a check of a claim finds? The
/// claim is read as `analysed`, with content `terms` (as support counts
/// them), its names looked up as `names` says (asked for last, when the
/// rest cannot tell), its best sentence `best` (0-based, where it is
/// after the edit). Its checks read the source:
///
/// - through how many sentences hold each of its terms (the learned
///   score's weights);
/// - through the sentences that share enough of its terms to be tied with
///   its best or compared with it by value ([`support::weighs_from`]): the
///   best sentence, its numbers, negation and citations (and the sentences
///   it runs on into across a cut for length, whose numbers count too);
/// - through look-ups of its names (the entity check: `names`);
/// - through the source's sentences, by number (`[S3]`) and in all (a
///   citation to nothing says how many there are), for a claim that
///   cites, when the edit split or joined sentences
///   ([`SourceEdit::renumbers`]).
///
/// [`SourceEdit`] says what the edit touched.
pub fn edit_reaches<'n>(
    edit: &SourceEdit,
    doc: &Document,
    (analysed, terms): (&Analysed, &[&Token]),
    names: impl FnOnce() -> &'n NameLookups,
    best: Option<usize>,
) -> bool {
    if terms.iter().any(|t| edit.changes_frequency(t.key())) {
        return true;
    }
    if edit.renumbers() && !analysed.citations.is_empty() {
        return true;
    }
    // Its numbers are read across a cut for length too, which an edit of
    // a long sentence beside it may make or take away.
    let long = |k: usize| {
        (doc.sentences.get(k))
            .is_some_and(|s| s.end() - s.start() >= sentences::CUT_FOR_LENGTH_FROM)
    };
    let beside_read_again = |best: usize| {
        [best.wrapping_sub(1), best + 1]
            .into_iter()
            .any(|k| edit.read_again(k) && (long(k) || long(best)))
    };
    let held = match best {
        Some(best) if edit.read_again(best) || beside_read_again(best) => return true,
        Some(best) => (terms.iter())
            .filter(|t| doc.term_id(t.key()).is_some_and(|id| doc.holds(best, id)))
            .count(),
        None => 0,
    };
    let keys: Vec<&str> = terms.iter().map(|t| t.key()).collect();
    if edit.most_shared(&keys) >= support::weighs_from(held, terms, analysed) {
        return true;
    }
    let names = names();
    names.phrases.iter().any(|p| edit.touches_phrase(p))
        || names.lower_case.iter().any(|w| edit.touches_text(w))
}

/// What the entity check looks its claim's names up as in the source
/// ([`entities::looked_up`] of each name [`entities::find`] reads): what
/// an edit of the source must not touch for the claim's check to stand.
#[derive(Debug, Default)]
pub struct NameLookups {
    /// Phrases looked for in the source's text (case kept).
    pub phrases: Vec<String>,
    /// A claim's opening word looked for lower-cased.
    pub lower_case: Vec<String>,
}

impl NameLookups {
    /// The look-ups of the claim `answer[start..end]`'s names.
    pub fn of(answer: &str, start: usize, end: usize, cfg: &Config) -> NameLookups {
        let mut names = NameLookups::default();
        for e in entities::find(answer, start, end, cfg.single_word_entities) {
            let (phrases, lower_case) = entities::looked_up(&e, start);
            names.phrases.extend(phrases);
            names.lower_case.extend(lower_case);
        }
        names
    }
}

/// An earlier check of a claim moved `by` bytes in its answer: its spans
/// in the answer moved with it.
fn moved_in_answer(claim: &mut ClaimReport, by: isize) {
    let at = |x: &mut usize| *x = x.wrapping_add_signed(by);
    let span = |(s, e): &mut (usize, usize)| {
        at(s);
        at(e);
    };
    at(&mut claim.byte_start);
    at(&mut claim.byte_end);
    for m in &mut claim.marks {
        if m.side == crate::verdict::MarkSide::Answer {
            at(&mut m.byte_start);
            at(&mut m.byte_end);
        }
    }
    for e in &mut claim.invented_entities {
        at(&mut e.start);
        at(&mut e.end);
    }
    for n in &mut claim.number_mismatches {
        at(&mut n.start);
        at(&mut n.end);
    }
    if let Some(n) = &mut claim.negation {
        span(&mut n.claim_span);
        if n.negated_in == negation::Side::Claim {
            span(&mut n.negator_span);
        }
    }
    if let Some(a) = &mut claim.antonym {
        span(&mut a.claim_span);
    }
}

/// An earlier check of a claim the source's edit did not reach, with its
/// spans in the source moved as the text after the edit moved.
fn moved_by(claim: &ClaimReport, edit: &SourceEdit) -> ClaimReport {
    let mut claim = claim.clone();
    for m in &mut claim.marks {
        if m.side == crate::verdict::MarkSide::Source {
            (m.byte_start, m.byte_end) = edit.move_span((m.byte_start, m.byte_end));
        }
    }
    if let Some(n) = &mut claim.negation {
        n.source_span = edit.move_span(n.source_span);
        if n.negated_in == negation::Side::Source {
            n.negator_span = edit.move_span(n.negator_span);
        }
    }
    if let Some(a) = &mut claim.antonym {
        a.source_span = edit.move_span(a.source_span);
    }
    claim
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

/// Check an answer against an analysed source.
pub fn check(doc: &Document, input: &CheckInput, cfg: &Config) -> Report {
    check_keeping_split(doc, input, cfg).0
}

/// [`check`], with the answer's split, for the next check of the same
/// answer ([`Earlier::split`]: the page's keystroke in the source).
pub fn check_keeping_split(
    doc: &Document,
    input: &CheckInput,
    cfg: &Config,
) -> (Report, SplitAnswer) {
    check_on(doc, input, cfg, None, 1)
}

/// An answer split into its claims (step 2), each analysed. The split
/// needs no source: the command line makes it while a large source's last
/// share is still being read ([`crate::output::check_source`]), and the
/// page keeps it from one check to the next ([`Earlier::split`]).
#[derive(Clone)]
pub struct SplitAnswer(Arc<Split>);

impl std::fmt::Debug for SplitAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (f.debug_struct("SplitAnswer"))
            .field("claims", &self.0.parts.len())
            .finish_non_exhaustive()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl SplitAnswer {
    /// `input`'s answer split as [`check`] splits it.
    pub fn of(input: &CheckInput, cfg: &Config) -> SplitAnswer {
        SplitAnswer(Arc::new(split_answer(input, cfg, Known::NONE)))
    }
}

/// [`check`], with the answer already split ([`SplitAnswer::of`] of the
/// same input and settings) when given, its claims checked on up to
/// `threads` threads when there are at least [`CLAIMS_ON_THREADS`] to
/// check (the command line's check of a large source; `batch` checks its
/// lines on every core instead). The report is the one a single thread
/// makes: each claim's events take their place in the trace in the
/// claims' order.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_split_on(
    doc: &Document,
    input: &CheckInput,
    cfg: &Config,
    split: Option<SplitAnswer>,
    threads: usize,
) -> Report {
    check_on(doc, input, cfg, split, threads).0
}

/// Steps 1 to 5 of the check ([`check_split_on`]), with the answer's split.
fn check_on(
    doc: &Document,
    input: &CheckInput,
    cfg: &Config,
    split: Option<SplitAnswer>,
    threads: usize,
) -> (Report, SplitAnswer) {
    let doc = analysed_for(doc, cfg);
    let doc = doc.as_ref();
    let mut trace = if input.skip_trace {
        Trace::off()
    } else {
        Trace::default()
    };
    let split = split
        .map(|SplitAnswer(split)| split)
        .or_else(|| split_of_earlier(input));
    let (mut report, split) = judge(doc, input, cfg, &mut trace, Known::NONE, split, threads)
        .into_report(doc, input, cfg);
    let analyses = split.analyses();

    // 5. Repair, quality, routing, best of N.
    let mut repaired = RepairOutcome::Unchanged;
    if cfg.repair {
        // The repaired answer's claims are the checked answer's, or patched
        // ones the check before may have re-checked already.
        let earlier = rechecked_earlier(input, doc, cfg);
        let earlier = earlier.as_deref();
        let rechecked = std::cell::RefCell::new(None);
        let recheck = |answer: &str| {
            let regime = Regime::of(input.question, answer);
            let known = Known {
                claims: &report.claims,
                rechecked: earlier
                    .filter(|e| e.regime == Some(regime))
                    .map_or(&[][..], |e| &e.claims[..]),
            };
            let (outcome, kept) = recheck_on(doc, input.question, answer, cfg, known, threads);
            *rechecked.borrow_mut() = Some(Rechecked {
                regime: Some(regime),
                claims: kept.into(),
            });
            outcome.summary()
        };
        let repair_input = RepairInput {
            answer: input.answer,
            question: input.question,
            analyses: &analyses,
            recheck: &recheck,
        };
        let mut r = repair::repair(doc, cfg, &report, &repair_input);
        // A repair that re-checked nothing (no safe change to make) keeps
        // what the check before re-checked, for the keystroke after.
        r.rechecked =
            (rechecked.into_inner()).unwrap_or_else(|| earlier.cloned().unwrap_or_default());
        trace.push(
            None,
            || EventKind::Repair {
                strategy: r.strategy.name().to_string(),
                succeeded: r.succeeded,
            },
            || r.summary(),
        );
        repaired = match (r.applied, r.succeeded) {
            (false, _) => RepairOutcome::Unchanged,
            (true, true) => RepairOutcome::Healed,
            (true, false) => RepairOutcome::Declined,
        };
        report.repair = Some(r);
    }
    let score = report.quality.score;
    let routing = Routing::decide(report.decision, score, repaired, cfg.accept_threshold);
    report.quality.routing = routing;
    trace.push(
        None,
        || EventKind::Quality { score, routing },
        || {
            format!(
                "Quality score {:.2}: route {}.",
                Decimal(score),
                routing.name()
            )
        },
    );
    if !doc.is_empty() {
        report.samples = best_of_n(doc, input.samples, cfg);
    }
    report.trace = trace.into_events();
    (report, SplitAnswer(split))
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

impl Outcome {
    fn summary(&self) -> Recheck {
        Recheck {
            decision: self.decision,
            counts: self.counts,
            risk: self.risk,
            faithfulness: self.faithfulness,
        }
    }
}

/// Check without repair, drift, best of N or trace: what a repaired answer
/// and each sample are checked with.
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
    let known = Known {
        claims: known,
        rechecked: &[],
    };
    recheck_on(doc, question, answer, cfg, known, 1).0
}

/// The claims a check's re-check of its repaired answer may take back from
/// the check before's ([`Rechecked`]): checked with the same question and
/// (as [`Earlier`] requires) the same settings, against the same source or
/// one edited in place since. After an edit, only the claims the edit
/// cannot reach are kept, as the checked answer's own are taken back
/// ([`KnownChecks::take`]): their source spans moved with the text, their
/// sentences numbered again after a split or a join, and their learned
/// scores worked out again. (A re-check reads no samples, vectors or
/// history.) Every keystroke in a large source re-checked each patched
/// claim afresh: a third of a keystroke's check in the page for an answer
/// with many to patch.
fn rechecked_earlier<'e>(
    input: &CheckInput<'e>,
    doc: &Document,
    cfg: &Config,
) -> Option<Cow<'e, Rechecked>> {
    let earlier = input.earlier.filter(|e| e.question == input.question)?;
    let rechecked = &earlier.report.repair.as_ref()?.rechecked;
    let Some(edit) = earlier.source_edit else {
        return Some(Cow::Borrowed(rechecked));
    };
    if !edit.layout_kept {
        return None;
    }
    let given = question_words(input.question, cfg);
    let opts = AnalysisOptions::from(cfg);
    let taken_back = |claim: &ClaimReport| {
        let best = best_after(claim, edit)?;
        let text = claim.text.as_str();
        let analysed = Analysed::new(text, 0, text.len(), opts);
        let terms = claim_terms(&analysed, &given);
        let names = std::sync::OnceLock::new();
        let names = || names.get_or_init(|| NameLookups::of(text, 0, text.len(), cfg));
        if edit_reaches(edit, doc, (&analysed, &terms), names, best) {
            return None;
        }
        let (mut claim, _) = after_edit(claim, Cow::Borrowed(&[]), edit, (input.question, doc))?;
        if edit.renumbers() && claim.score.is_some() {
            claim.score = Some(learned_score(&claim, &terms, doc, rechecked.regime?));
        }
        Some(claim)
    };
    let claims: Vec<ClaimReport> = rechecked.claims.iter().filter_map(taken_back).collect();
    Some(Cow::Owned(Rechecked {
        regime: rechecked.regime,
        claims: claims.into(),
    }))
}

/// Claims checked already against the same source and settings, which a
/// check takes back by their texts instead of checking them again: the
/// checked answer's own, and those of a repaired answer the check before
/// re-checked ([`Rechecked`]).
#[derive(Clone, Copy)]
struct Known<'k> {
    claims: &'k [ClaimReport],
    rechecked: &'k [ClaimReport],
}

impl<'k> Known<'k> {
    const NONE: Known<'static> = Known {
        claims: &[],
        rechecked: &[],
    };

    /// The `k`th known claim, counting the checked answer's first.
    fn get(self, k: usize) -> &'k ClaimReport {
        match k.checked_sub(self.claims.len()) {
            None => &self.claims[k],
            Some(k) => &self.rechecked[k],
        }
    }

    fn iter(self) -> impl Iterator<Item = &'k ClaimReport> {
        self.claims.iter().chain(self.rechecked)
    }

    fn is_empty(self) -> bool {
        self.claims.is_empty() && self.rechecked.is_empty()
    }

    /// Is `claim` one of the checked answer's own?
    fn is_own(self, claim: &ClaimReport) -> bool {
        self.claims
            .as_ptr_range()
            .contains(&std::ptr::from_ref(claim))
    }
}

/// [`recheck`], its claims checked on up to `threads` threads
/// ([`check_split_on`]), with the claims it checked or took back that are
/// not the checked answer's own (for the next check's re-check,
/// [`Rechecked`]).
fn recheck_on(
    doc: &Document,
    question: &str,
    answer: &str,
    cfg: &Config,
    known: Known,
    threads: usize,
) -> (Outcome, Vec<ClaimReport>) {
    let doc = analysed_for(doc, cfg);
    // A large source indexed for the checked answer's keys indexes the
    // keys this text brings (a repair's words) without reading every word.
    doc.admit_keys_of(answer);
    let input = CheckInput {
        question,
        ..CheckInput::answer(answer)
    };
    let judged = judge(&doc, &input, cfg, &mut Trace::off(), known, None, threads);
    let outcome = Outcome {
        verdicts: judged.claims.iter().map(|c| c.verdict).collect(),
        counts: judged.summary.counts,
        faithfulness: judged.summary.faithfulness,
        decision: judged.decision,
        risk: judged.risk.level,
    };
    let kept = (judged.claims.into_iter())
        .filter(|c| !matches!(c, Cow::Borrowed(c) if known.is_own(c)))
        .map(Cow::into_owned)
        .collect();
    (outcome, kept)
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

/// What steps 1–4 found: shared by a check and a re-check.
struct Judged<'k> {
    /// Known claims are borrowed (their ids are the earlier check's).
    claims: Vec<Cow<'k, ClaimReport>>,
    /// The answer's claims, each new one analysed.
    split: Arc<Split>,
    summary: Summary,
    drift: Option<DriftResult>,
    first_problem: Option<String>,
    decision: Decision,
    /// The learned answer score (`answer_scoring: learned`).
    answer_score: Option<LearnedScore>,
    risk: Risk,
    embedder: Option<String>,
}

impl Judged<'_> {
    /// The report of a check (repair, routing, samples and trace to come),
    /// and the answer's split (its claims' analyses for repair).
    fn into_report(self, doc: &Document, input: &CheckInput, cfg: &Config) -> (Report, Arc<Split>) {
        // A check has no known claims, so nothing is copied here.
        let mut claims: Vec<ClaimReport> = self.claims.into_iter().map(Cow::into_owned).collect();
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
            self.summary.faithfulness,
            self.summary.contradiction,
            self.summary.confidence.score,
            input.latency_ms,
            self.drift.as_ref().is_some_and(|d| d.drifted),
        );
        // The page always lists every sentence: it leaves the shorter list out.
        let sources = if input.skip_sources && cfg!(not(target_arch = "wasm32")) {
            let named: Vec<usize> = claims
                .iter()
                .filter_map(|c| SourceSentence::index_of(c.best_source.as_deref()?))
                .collect();
            doc.source_reports_of(named)
        } else {
            doc.source_reports()
        };
        let report = Report {
            claims,
            sources,
            passages: doc.passages.len(),
            passage_names: doc.passage_names().map(<[usize]>::to_vec),
            decision: self.decision,
            answer_score: self.answer_score,
            policy: cfg.policy,
            first_problem: self.first_problem,
            summary: self.summary,
            risk: self.risk,
            quality: Quality {
                score: components.score(),
                components,
                routing: Routing::Fallback,
            },
            drift: self.drift,
            repair: None,
            samples: Vec::new(),
            embedder: self.embedder,
            trace: Vec::new(),
        };
        (report, self.split)
    }
}

/// Steps 1–4, pushing their events to `trace`.
fn judge<'k>(
    doc: &Document,
    input: &CheckInput,
    cfg: &Config,
    trace: &mut Trace,
    known: Known<'k>,
    split: Option<Arc<Split>>,
    threads: usize,
) -> Judged<'k> {
    // 1. The source, split once.
    trace_source_split(doc, trace);

    // 2. The answer, split into claims (unless it was already).
    let split = split.unwrap_or_else(|| Arc::new(split_answer(input, cfg, known)));
    split.trace(trace);

    // 3. Each claim.
    let answer = input.answer;
    let claim_texts: Vec<&str> = split
        .parts
        .iter()
        .map(|(s, e, _)| &answer[*s..*e])
        .collect();
    // Consistency needs every claim at once (one embedding pass).
    let (consistency, embedder) = score_consistency(&claim_texts, input, cfg);
    let given = question_words(input.question, cfg);
    // Which weights the learned score uses.
    let regime = Regime::of(input.question, input.answer);
    let mut known_checks = KnownChecks::of(input, regime, split.parts.len(), doc);
    let source_language = doc.language();
    let passage_of = doc.passage_of();
    let layout = SourceLayout {
        sentences: doc.sentences.len(),
        passages: doc.passages.len(),
        passage_of: &passage_of,
        passage_names: doc.passage_names(),
    };
    let check_new = |k: usize, trace: &mut Trace| {
        let (start, end, Part::New(NewClaim { analysed, .. })) = &split.parts[k] else {
            unreachable!("only a claim not known is checked");
        };
        let id = claim_ids::of_index(k);
        let claim = ClaimContext {
            id: &id,
            answer,
            start: *start,
            end: *end,
            analysed,
            doc,
            cfg,
        };
        let agreement = consistency.as_ref().map(|all| all[k].clone());
        check_claim(
            &claim,
            &given,
            &layout,
            source_language,
            agreement,
            regime,
            trace,
        )
    };
    // An earlier check's claims are taken back in turn, so its claims are
    // checked in turn.
    #[cfg(not(target_arch = "wasm32"))]
    let mut ahead = match input.earlier {
        None if threads > 1 => check_on_threads(threads, &split.parts, trace, &check_new),
        _ => Vec::new(),
    };
    #[cfg(target_arch = "wasm32")]
    let _ = threads;
    let claims: Vec<Cow<ClaimReport>> = split
        .parts
        .iter()
        .enumerate()
        .map(|(k, (start, end, part))| match part {
            Part::Known(old) => Cow::Borrowed(known.get(*old)),
            Part::New(NewClaim { analysed, names }) => {
                #[cfg(not(target_arch = "wasm32"))]
                if let Some((checked, events)) = ahead.get_mut(k).and_then(Option::take) {
                    trace.append(events);
                    return Cow::Owned(checked);
                }
                let id = claim_ids::of_index(k);
                let reached = |edit: &SourceEdit, best: Option<usize>| {
                    let terms = claim_terms(analysed, &given);
                    let names = || names.get_or_init(|| NameLookups::of(answer, *start, *end, cfg));
                    edit_reaches(edit, doc, (analysed, &terms), names, best)
                };
                if let Some((earlier, events)) =
                    known_checks.take(k, &id, *start, claim_texts[k], reached)
                {
                    trace.replay(events.iter());
                    let mut earlier = earlier.into_owned();
                    // Its terms' rarity reads how many sentences the source
                    // has.
                    if earlier.score.is_some() && known_checks.renumbers() {
                        let terms = claim_terms(analysed, &given);
                        earlier.score = Some(learned_score(&earlier, &terms, doc, regime));
                    }
                    return Cow::Owned(earlier);
                }
                Cow::Owned(check_new(k, trace))
            }
        })
        .collect();

    // 4. The answer as a whole.
    let summary = measure_answer(doc, answer, &claims, split.questions, cfg, trace);
    let drift = input
        .history
        .map(|history| check_drift(answer, &split, history, cfg, trace));
    let (first_problem, decision, answer_score) = decide(&claims, regime, cfg, trace);
    let risk = assess_risk(&claims, &summary, drift.as_ref(), cfg, trace);
    Judged {
        claims,
        split,
        summary,
        drift,
        first_problem,
        decision,
        answer_score,
        risk,
        embedder,
    }
}

/// From this many claims to check on, [`check_split_on`] checks them on
/// several threads (below it, starting a thread costs more than it saves).
#[cfg(not(target_arch = "wasm32"))]
pub const CLAIMS_ON_THREADS: usize = 8;

/// The claims of `parts` not known, each checked by `check` on one of up
/// to `threads` threads (this one among them), with its own trace: at
/// each such claim's index, its report and its events. Empty when there
/// are fewer than [`CLAIMS_ON_THREADS`] to check.
#[cfg(not(target_arch = "wasm32"))]
fn check_on_threads(
    threads: usize,
    parts: &[(usize, usize, Part)],
    trace: &Trace,
    check: &(impl Fn(usize, &mut Trace) -> ClaimReport + Sync),
) -> Vec<Option<(ClaimReport, Trace)>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let new: Vec<usize> = (0..parts.len())
        .filter(|&k| matches!(parts[k].2, Part::New(_)))
        .collect();
    if new.len() < CLAIMS_ON_THREADS {
        return Vec::new();
    }
    // Each thread takes the next claim not yet taken: claims differ
    // widely in cost (a name looked up in the whole source, a number in
    // one sentence).
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        while let Some(&k) = new.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut events = trace.empty_like();
            let checked = check(k, &mut events);
            done.push((k, checked, events));
        }
        done
    };
    let mut ahead: Vec<Option<(ClaimReport, Trace)>> = parts.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(new.len()))
            .map(|_| scope.spawn(work))
            .collect();
        let mine = work();
        for done in std::iter::once(Ok(mine)).chain(helpers.into_iter().map(|h| h.join())) {
            let done = done.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (k, checked, events) in done {
                ahead[k] = Some((checked, events));
            }
        }
    });
    ahead
}

/// Step 3 for one claim: every check explains what it found; the verdict
/// is the most severe reason's.
fn check_claim(
    claim: &ClaimContext,
    given: &[Arc<str>],
    layout: &SourceLayout,
    source_language: Option<Language>,
    consistency: Option<Consistency>,
    regime: Regime,
    trace: &mut Trace,
) -> ClaimReport {
    let (id, cfg) = (claim.id, claim.cfg);
    let mut findings = Findings::default();
    let terms = claim_terms(claim.analysed, given);
    let support = support::explain(claim, &terms, layout, &mut findings, trace);
    // A claim in another language than its source: say so, rather than
    // blame its words (low overlap, "invented" names) for it.
    // (A supported claim is never asked: reading its language costs more
    // than the rest of its checks.)
    let other_language = match source_language {
        Some(source) if !support.supported => language_of(&claim.answer[claim.start..claim.end])
            .filter(|&own| own != source)
            .map(|own| (own, source)),
        _ => None,
    };
    if let Some((own, source)) = other_language {
        let s = &support.support;
        findings.reasons.clear();
        findings.reason(
            ReasonKind::LanguageMismatch,
            format!(
                "{id} is in {} and the source in {}: across languages a word-overlap check cannot compare them ({} of {} content words in common).",
                own.name(),
                source.name(),
                s.matched,
                s.total
            ),
        );
    }
    // Numbers and negation: only against a sentence that supports the claim.
    let sentence = support.supporting(claim.doc);
    let number_mismatches = match (sentence, support.conflict_candidate(claim.doc)) {
        _ if !cfg.number_check || other_language.is_some() => Vec::new(),
        (Some(s), _) => numbers::explain(claim, s, Scope::All, &mut findings, trace),
        // Below the threshold, an amount of the same kind that differs is
        // still the error to name ("30 days" against "14 days").
        (None, Some(best)) => numbers::explain(claim, best, Scope::SameKind, &mut findings, trace),
        (None, None) => Vec::new(),
    };
    // Seed 004 compares negation with the best sentence; `negation_in_ties`
    // with the first sentence tied with it that reverses the claim.
    let negation_sentence = match sentence {
        Some(best) if cfg.negation_in_ties => support
            .support
            .tied
            .iter()
            .take(negation::TIES_COMPARED)
            .map(|&i| &claim.doc.sentences[i as usize])
            .find(|s| negation::reverses(claim, s))
            .or(Some(best)),
        best => best,
    };
    let (negation, antonym) = match negation_sentence {
        Some(s) if cfg.negation_check => negation::explain(claim, s, &mut findings, trace),
        _ => (None, None),
    };
    let invented_entities = if cfg.entity_check && !claim.doc.is_empty() && other_language.is_none()
    {
        entities::explain(claim, &mut findings, trace)
    } else {
        Vec::new()
    };
    // The sentences as good as the best, 1-based, for a claim that cites
    // (a claim sharing only a common word ties with most of a large source).
    let tied: Vec<usize> = match sentence {
        Some(_) if !claim.analysed.citations.is_empty() => support
            .support
            .tied
            .iter()
            .map(|&i| i as usize + 1)
            .collect(),
        _ => Vec::new(),
    };
    let best_source = support.best_source.as_deref();
    let citations = citations::explain(claim, layout, &tied, best_source, &mut findings, trace);
    consistency::explain(claim, consistency.as_ref(), &mut findings, trace);

    let (verdict, reasons) = conclude(id, findings.reasons, findings.notes, &support, cfg, trace);
    let mut report = ClaimReport {
        id: id.to_string(),
        text: claim.answer[claim.start..claim.end].to_string(),
        start: claim.start,
        end: claim.end,
        byte_start: claim.start,
        byte_end: claim.end,
        verdict,
        support: support.support.support,
        best_source: support.best_source,
        matched_words: support.matched_words,
        missing_words: support.missing_words,
        numbers_checked: cfg.number_check && (sentence.is_some() || !number_mismatches.is_empty()),
        number_mismatches,
        citations,
        negation,
        antonym,
        invented_entities,
        consistency,
        reasons,
        marks: findings.marks,
        score: None,
    };
    if cfg.answer_scoring == AnswerScoring::Learned {
        report.score = Some(learned_score(&report, &terms, claim.doc, regime));
    }
    report
}

/// The learned score of a claim with content `terms` (as support counts
/// them) whose checks against `doc` found what `report` says.
fn learned_score(
    report: &ClaimReport,
    terms: &[&Token],
    doc: &Document,
    regime: Regime,
) -> LearnedScore {
    let found = crate::model::features::Findings {
        support: report.support,
        confidence: confidence::score(&report.text).score,
        best: report
            .best_source
            .as_deref()
            .and_then(SourceSentence::index_of),
        wrong_number: !report.number_mismatches.is_empty(),
        negation_flip: report.negation.is_some(),
        opposite_word: report.antonym.is_some(),
        invented_name: !report.invented_entities.is_empty(),
        citations: Some(&report.citations),
    };
    AnswerModel::shipped().score_claim(regime, &ClaimFeatures::of(terms, doc, &found))
}

/// A claim's verdict (its most severe reason's) and its reasons, most
/// severe first (a supported claim's says what supports it), then the notes.
fn conclude(
    id: &str,
    mut reasons: Vec<Reason>,
    notes: Vec<Reason>,
    support: &support::SupportFinding,
    cfg: &Config,
    trace: &mut Trace,
) -> (Verdict, Vec<Reason>) {
    let verdict = verdict_of(&reasons);
    if reasons.is_empty() {
        reasons.push(support.supported_reason(cfg));
    }
    crate::order::sort_by_key(&mut reasons, |r| {
        std::cmp::Reverse(r.kind.verdict().severity())
    });
    reasons.extend(notes);
    trace.push(
        Some(id),
        || EventKind::Verdict {
            verdict,
            reason: reasons[0].detail.clone(),
        },
        || format!("{id} is {}: {}", verdict.name(), reasons[0].detail),
    );
    (verdict, reasons)
}

/// A claim's content terms. Words the question already holds are not what
/// the claim asserts, unless they are all it says.
fn claim_terms<'a>(analysed: &'a Analysed, given: &[Arc<str>]) -> Vec<&'a Token> {
    let mut terms = analysed.content_terms();
    if terms.iter().any(|t| !given.contains(t.shared_key())) {
        terms.retain(|t| !given.contains(t.shared_key()));
    }
    terms
}

/// The question's content words, when `question_words_given` says they are
/// given rather than claimed.
fn question_words(question: &str, cfg: &Config) -> Vec<Arc<str>> {
    if !cfg.question_words_given {
        return Vec::new();
    }
    Analysed::new(question, 0, question.len(), cfg.into())
        .content_terms()
        .into_iter()
        .map(|t| t.shared_key().clone())
        .collect()
}

fn trace_source_split(doc: &Document, trace: &mut Trace) {
    let (sentences, passages) = (doc.sentences.len(), doc.passages.len());
    trace.push(
        None,
        || EventKind::SourceSplit {
            sentences,
            passages,
        },
        || match (sentences, passages) {
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
}

/// A claim of the answer: new (analysed here) or known from an earlier check (its index there).
enum Part {
    New(NewClaim),
    Known(usize),
}

/// A claim to check: its analysis, and what its names are looked up as
/// once a check after an edit of the source asks ([`edit_reaches`]; kept
/// with the split for the next keystroke in the source).
struct NewClaim {
    analysed: Analysed,
    names: std::sync::OnceLock<NameLookups>,
}

/// The answer split into claims (byte spans), and what was not a claim.
struct Split {
    parts: Vec<(usize, usize, Part)>,
    questions: usize,
    /// Refusals and headers skipped (`skip_refusals`, `skip_headers`).
    not_claims: usize,
    /// Should drift's fingerprint be taken from the analyses made here?
    fingerprint_here: bool,
    /// The sentences that are not claims, analysed when `fingerprint_here`.
    not_claim_analyses: Vec<Analysed>,
}

/// The earlier check's split of the same answer ([`Earlier::split`]): a
/// split reads only the answer and the settings the earlier check shared.
/// (One made without drift's history takes drift's fingerprint from the
/// answer's text, as a check does when the split's analyses cannot serve.)
fn split_of_earlier(input: &CheckInput) -> Option<Arc<Split>> {
    let earlier = input.earlier?;
    let SplitAnswer(split) = earlier.split?;
    (earlier.answer == input.answer).then(|| split.clone())
}

/// Step 2. A claim a re-check already knows (same text, no samples) is not
/// analysed again.
fn split_answer(input: &CheckInput, cfg: &Config, known: Known) -> Split {
    let answer = input.answer;
    let opts = AnalysisOptions::from(cfg);
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
    let mut split = Split {
        parts: Vec::new(),
        questions: 0,
        not_claims: 0,
        fingerprint_here,
        not_claim_analyses: Vec::new(),
    };
    for (s, e) in sentences::split(answer) {
        // A repaired answer's attribution ("According to the provided data:") is not claimed.
        let s = s + repair::attribution_len(&answer[s..e]);
        let text = &answer[s..e];
        let is_question = sentences::is_question(text);
        let skipped = (cfg.skip_refusals
            && (sentences::is_refusal(text) || sentences::is_pleasantry(text)))
            || (cfg.skip_headers && sentences::is_header(text))
            || repair::is_repair_note(text);
        if is_question || skipped {
            if is_question {
                split.questions += 1;
            } else {
                split.not_claims += 1;
            }
            if fingerprint_here {
                split
                    .not_claim_analyses
                    .push(Analysed::new(answer, s, e, opts));
            }
            continue;
        }
        if let Some(k) = find_known(text) {
            split.parts.push((s, e, Part::Known(k)));
            continue;
        }
        let analysed = Analysed::new(answer, s, e, opts);
        if analysed.tokens.iter().any(|t| t.content) {
            let names = std::sync::OnceLock::new();
            split
                .parts
                .push((s, e, Part::New(NewClaim { analysed, names })));
        } else if fingerprint_here {
            split.not_claim_analyses.push(analysed);
        }
    }
    split
}

impl Split {
    fn trace(&self, trace: &mut Trace) {
        let (claims, questions, not_claims) = (self.parts.len(), self.questions, self.not_claims);
        trace.push(
            None,
            || EventKind::ClaimsSplit { claims, questions },
            || {
                let mut text = format!("Split the answer into {claims} claim{}", plural(claims));
                if questions > 0 {
                    text += &format!(
                        " ({questions} question{} skipped: a question is not a claim)",
                        plural(questions)
                    );
                }
                if not_claims > 0 {
                    text += &format!(
                        " ({not_claims} refusal, pleasantry, header or note sentence{} skipped)",
                        plural(not_claims)
                    );
                }
                text + "."
            },
        );
    }

    /// Every sentence analysed here, claims first, for drift's fingerprint.
    fn analysed_sentences(&self) -> Vec<&Analysed> {
        self.analyses()
            .into_iter()
            .flatten()
            .chain(&self.not_claim_analyses)
            .collect()
    }

    /// Each claim's analysis, by claim (`None` for a known claim).
    fn analyses(&self) -> Vec<Option<&Analysed>> {
        self.parts
            .iter()
            .map(|(_, _, part)| match part {
                Part::New(claim) => Some(&claim.analysed),
                Part::Known(_) => None,
            })
            .collect()
    }
}

/// Step 4's measures: verdict counts, citation coverage, faithfulness
/// (grounded claims / claims; without a source, claims the samples bear
/// out), confidence.
fn measure_answer(
    doc: &Document,
    answer: &str,
    claims: &[Cow<ClaimReport>],
    questions: usize,
    cfg: &Config,
    trace: &mut Trace,
) -> Summary {
    let mut counts = VerdictCounts::default();
    claims.iter().for_each(|c| counts.add(c.verdict));
    let n = claims.len();
    let share = |k: usize| if n == 0 { 1.0 } else { k as f64 / n as f64 };
    // Seed 003: a claim is covered by a citation to something that exists;
    // one citing only what the source does not have is not.
    let citing = claims
        .iter()
        .filter(|c| c.citations.cited.len() > c.citations.fabricated.len())
        .count();
    let citation_coverage = if n == 0 {
        0.0
    } else {
        citing as f64 / n as f64
    };
    let grounded = claims
        .iter()
        .filter(|c| {
            if doc.is_empty() {
                c.consistency.as_ref().is_some_and(|x| !x.flagged)
            } else {
                c.best_source.is_some() && meets(c.support, cfg.support_threshold)
            }
        })
        .count();
    let faithfulness = share(grounded);
    let confidence = confidence::score(answer);
    trace.push(
        None,
        || EventKind::AnswerMetrics { citation_coverage, faithfulness, confidence: confidence.score },
        || format!(
            "Citation coverage {:.0}% ({citing} of {n} claims cite a source); faithfulness {:.2}; confidence {:.2}.",
            Decimal(citation_coverage * 100.0),
            Decimal(faithfulness),
            Decimal(confidence.score)
        ),
    );
    Summary {
        counts,
        citation_coverage,
        faithfulness,
        confidence,
        contradiction: counts.contradicted > 0,
        questions,
    }
}

/// Step 4's drift: this answer's fingerprint against earlier answers'.
fn check_drift(
    answer: &str,
    split: &Split,
    history: &[Fingerprint],
    cfg: &Config,
    trace: &mut Trace,
) -> DriftResult {
    // With no earlier answer there is nothing to compare, so no fingerprint to take.
    let result = if history.is_empty() {
        drift::first_answer()
    } else {
        let fingerprint = if split.fingerprint_here {
            drift::fingerprint_of_sentences(answer, &split.analysed_sentences())
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
            let found = if result.drifted {
                "detected"
            } else {
                "not detected"
            };
            format!("Drift {found}: {}.", result.reason)
        },
    );
    result
}

/// Step 4's decision: the first claim that is not supported gets the
/// policy's decision, and an answer without one is delivered. With
/// `answer_scoring: learned`, the learned score decides instead (see
/// [`learned_stake`]): from `decision_threshold` up, the policy's decision
/// for the claim the stake names; below, deliver, with any failing claims
/// still marked (one weak claim among many need not sink an answer).
fn decide(
    claims: &[Cow<ClaimReport>],
    regime: Regime,
    cfg: &Config,
    trace: &mut Trace,
) -> (Option<String>, Decision, Option<LearnedScore>) {
    // By position: a known claim keeps the id it had in the earlier check.
    let id = claim_ids::of_index;
    let failing = claims.iter().position(|c| c.verdict != Verdict::Supported);
    let learned = (cfg.answer_scoring == AnswerScoring::Learned && !claims.is_empty()).then(|| {
        let features: Vec<ClaimFeatures> = claims
            .iter()
            .filter_map(|c| c.score.as_ref().and_then(LearnedScore::claim_features))
            .collect();
        AnswerModel::shipped().score_answer(regime, &features)
    });
    let named = match &learned {
        Some(s) => learned_stake(claims.iter().map(|c| c.as_ref()))
            .named(s.probability, cfg.decision_threshold),
        None => failing,
    };
    let first_problem = named.map(id);
    let decision = Decision::from_first_problem(first_problem.as_deref(), cfg.policy);
    let n = claims.len();
    trace.push(
        None,
        || EventKind::Decision {
            decision,
            first_problem: first_problem.clone(),
        },
        || {
            // How the named claim fails (the learned score may name a
            // supported claim for the words its sentence lacks).
            let how = named.map(|k| how_it_fails(&id(k), claims[k].verdict));
            let told = match (decision, &how) {
                (Decision::Deliver, _) if n == 0 => {
                    "Nothing to check: the answer has no claims. Deliver.".to_string()
                }
                (Decision::Deliver, _) if failing.is_some() => {
                    "Deliver; the failing claims stay marked.".to_string()
                }
                (Decision::Deliver, _) => format!("All {n} claims are supported. Deliver."),
                (Decision::Block, Some(p)) => {
                    format!("{p} and the policy is block: the answer is withheld.")
                }
                (_, Some(p)) => {
                    let id = first_problem.as_deref().unwrap_or_default();
                    format!("{p} and the policy is flag: deliver, marked with {id}.")
                }
                _ => String::new(),
            };
            match &learned {
                Some(s) => format!(
                    "Learned score {:.2}, {} the decision threshold {}: {told}",
                    Decimal(s.probability),
                    if meets(s.probability, cfg.decision_threshold) {
                        "at or above"
                    } else {
                        "under"
                    },
                    Decimal(cfg.decision_threshold)
                ),
                None => told,
            }
        },
    );
    (first_problem, decision, learned)
}

/// What the learned decision stakes on an answer ([`Stake`]):
///
/// - a contradicted or miscited claim (a wrong number, a flipped negation
///   or opposite, a citation to the wrong or no sentence: each finding
///   names its evidence), or one in another language than its source
///   (which the score cannot read), is named at any threshold: the score
///   never forgives it;
/// - otherwise the first claim that fails, or else the first supported
///   claim with a content word its sentence lacks, is named when the
///   answer's probability reaches the threshold;
/// - an answer whose every claim is fully supported (every content word in
///   its sentence, no finding) stakes nothing and is delivered.
pub fn learned_stake<'a>(claims: impl Iterator<Item = &'a ClaimReport> + Clone) -> Stake {
    let always = claims.clone().position(|c| {
        matches!(c.verdict, Verdict::Contradicted | Verdict::Miscited)
            || c.reasons
                .first()
                .is_some_and(|r| r.kind == ReasonKind::LanguageMismatch)
    });
    let failing = claims.clone().position(|c| c.verdict != Verdict::Supported);
    let doubtful = claims.clone().position(|c| !c.missing_words.is_empty());
    match (always, failing.or(doubtful)) {
        (Some(k), _) => Stake::Always(k),
        (None, Some(k)) => Stake::Claim(k),
        (None, None) => Stake::Nothing,
    }
}

/// Step 4's risk: the failure patterns found (seed 001's triggers).
fn assess_risk(
    claims: &[Cow<ClaimReport>],
    summary: &Summary,
    drift: Option<&DriftResult>,
    cfg: &Config,
    trace: &mut Trace,
) -> Risk {
    let low_faithfulness = summary.faithfulness < cfg.faithfulness_threshold;
    let found = [
        (summary.contradiction, Trigger::Contradiction),
        (
            claims.iter().any(|c| !c.invented_entities.is_empty()),
            Trigger::InventedEntity,
        ),
        (
            claims.iter().any(|c| !c.citations.fabricated.is_empty()),
            Trigger::FabricatedCitation,
        ),
        (
            summary.confidence.score > cfg.confidence_threshold && low_faithfulness,
            Trigger::ConfidentButUnfaithful,
        ),
        (low_faithfulness, Trigger::LowFaithfulness),
        (drift.is_some_and(|d| d.drifted), Trigger::Drift),
        (
            claims
                .iter()
                .any(|c| c.consistency.as_ref().is_some_and(|x| x.flagged)),
            Trigger::Inconsistent,
        ),
    ];
    let triggers = found
        .into_iter()
        .filter(|(hit, _)| *hit)
        .map(|(_, t)| t)
        .collect();
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
                let names: Vec<&str> = risk.triggers.iter().map(|t| t.name()).collect();
                format!("Risk {}: {}.", risk.level.name(), names.join(", "))
            }
        },
    );
    risk
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
            r.flagged = r.samples_used == 0 || score > consistency::LEXICAL_FLAG_ABOVE;
        }
        return (Some(result), Some("lexical agreement".to_string()));
    }
    (Some(result), Some(label.to_string()))
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

    /// A check given the check before of the same answer keeps that
    /// check's split (its claims' analyses and names' look-ups), whatever
    /// the question or drift's history, and its report is a fresh check's;
    /// another answer is split afresh. (`tests/properties.rs` holds the
    /// reports after keystrokes in the source and the answer to fresh
    /// checks'.)
    #[test]
    fn a_check_of_the_same_answer_keeps_its_split() {
        for ex in crate::examples::all() {
            let (cfg, doc) = (
                &ex.config,
                Document::analyse(&ex.source, (&ex.config).into()),
            );
            let first_input = CheckInput {
                question: &ex.question,
                ..CheckInput::answer(&ex.answer)
            };
            let (first, split) = check_keeping_split(&doc, &first_input, cfg);
            let history = ex.history_fingerprints();
            let other = format!("{} Also", ex.answer.trim_end());
            for (answer, question, history) in [
                (ex.answer.as_str(), "Another question?", None),
                (ex.answer.as_str(), ex.question.as_str(), Some(&history[..])),
                (other.as_str(), ex.question.as_str(), None),
            ] {
                let input = CheckInput {
                    question,
                    history,
                    ..CheckInput::answer(answer)
                };
                let earlier = Earlier {
                    answer: &ex.answer,
                    question: &ex.question,
                    report: &first,
                    source_edit: None,
                    split: Some(&split),
                };
                let given = CheckInput {
                    earlier: Some(earlier),
                    ..input
                };
                let (next, kept) = check_keeping_split(&doc, &given, cfg);
                assert_eq!(next, check(&doc, &input, cfg), "{}", ex.name);
                let same = answer == ex.answer;
                assert_eq!(Arc::ptr_eq(&kept.0, &split.0), same, "{}", ex.name);
            }
        }
    }

    /// Every example a repair patches, checked, then checked again with a
    /// word typed at the answer's end (the lab's next keystroke).
    fn repaired_examples_typed_on() -> Vec<(crate::examples::Example, Document, Report, String)> {
        let found: Vec<_> = (crate::examples::all().into_iter())
            .filter_map(|ex| {
                let doc = Document::analyse(&ex.source, (&ex.config).into());
                let input = CheckInput {
                    question: &ex.question,
                    ..CheckInput::answer(&ex.answer)
                };
                let first = check(&doc, &input, &ex.config);
                let patched = first.repair.as_ref()?.rechecked.claims.len();
                let typed = format!("{} Also", ex.answer.trim_end());
                (patched > 0).then_some((ex, doc, first, typed))
            })
            .collect();
        assert!(
            found.len() >= 2,
            "examples a repair patches: {}",
            found.len()
        );
        found
    }

    #[test]
    fn a_recheck_takes_back_the_claims_the_check_before_rechecked() {
        for (ex, doc, first, typed) in repaired_examples_typed_on() {
            let input = CheckInput {
                question: &ex.question,
                ..CheckInput::answer(&typed)
            };
            let fresh = check(&doc, &input, &ex.config);
            assert_eq!(check_after(&ex, &doc, input, &first), fresh, "{}", ex.name);
            // Taken back as they were, not checked again: the check before's
            // findings, told otherwise, are what the re-check counts.
            let next = check_after(&ex, &doc, input, &told_otherwise(&first));
            assert_ne!(
                recheck_of(&next).counts,
                recheck_of(&fresh).counts,
                "{}",
                ex.name
            );
        }
    }

    /// `input` checked given the check of `ex`'s answer before it,
    /// `before`, against the same source (the lab's keystroke after it).
    fn check_after<'a>(
        ex: &'a crate::examples::Example,
        doc: &Document,
        input: CheckInput<'a>,
        before: &'a Report,
    ) -> Report {
        let earlier = Earlier {
            answer: &ex.answer,
            question: &ex.question,
            report: before,
            source_edit: None,
            split: None,
        };
        let input = CheckInput {
            earlier: Some(earlier),
            ..input
        };
        check(doc, &input, &ex.config)
    }

    /// `input` checked against `edited` given the check before its last
    /// edit, `before` (the lab's keystroke in the source; afresh when the
    /// edit was not made in place).
    fn check_after_edit<'a>(
        edited: &'a Document,
        input: CheckInput<'a>,
        before: &'a Report,
        cfg: &Config,
    ) -> Report {
        let earlier = edited.last_edit().map(|edit| Earlier {
            answer: input.answer,
            question: input.question,
            report: before,
            source_edit: Some(edit),
            split: None,
        });
        check(edited, &CheckInput { earlier, ..input }, cfg)
    }

    /// A claim whose number is read across a cut for length is checked
    /// again after an edit of the sentence past the cut (its best sentence
    /// is the one before it, which the edit did not read again).
    #[test]
    fn an_edit_past_a_cut_for_length_reaches_a_claim_read_across_it() {
        let mut source = String::new();
        for k in 0.. {
            if source.len() >= 2_000 {
                break;
            }
            source += &format!("the pump on line {k} is grey and ");
        }
        source += "the quigrugru coupling on the vargrumi line runs at 114 rpm and ";
        source += &"the gate is shut and ".repeat(400);
        let cfg = Config::default();
        let answer = "The quigrugru coupling on the vargrumi line runs at 114 rpm.";
        let input = CheckInput::answer(answer);
        let mut doc = Document::analyse(&source, (&cfg).into());
        let before = check(&doc, &input, &cfg);
        assert_ne!(before.claims[0].verdict, Verdict::Contradicted);
        let edited = source.replacen("114 rpm", "115 rpm", 1);
        doc.edit(edited.clone());
        assert!(doc.last_edit().is_some(), "edited in place");
        let fresh = check(&Document::analyse(&edited, (&cfg).into()), &input, &cfg);
        assert_eq!(fresh.claims[0].verdict, Verdict::Contradicted);
        assert_eq!(check_after_edit(&doc, input, &before, &cfg), fresh);
        // The number before the cut, the claim's other words after it; a
        // full stop typed at the cut ends the sentence there, so the
        // number is no longer read with the best sentence, which the edit
        // did not read again.
        let mut source = String::new();
        for k in 0.. {
            source += &format!("the pump in bay {k} is grey and ");
            if source.len() >= 1_950 {
                break;
            }
        }
        // The first sentence 2,040 bytes, the capitalised word after it
        // past the 2,048 a sentence may run.
        let tail = "it runs at 114 rpm";
        source += &"y".repeat(2_040 - tail.len() - source.len() - 1);
        source += " ";
        source += tail;
        source += " Quigrugru coupling on the vargrumi line is shut and ";
        source += &"the gate is shut and ".repeat(40);
        let mut doc = Document::analyse(&source, (&cfg).into());
        assert!(
            doc.sentence_text(0).ends_with("114 rpm"),
            "{}",
            doc.sentence_text(0)
        );
        let claim = "The quigrugru coupling on the vargrumi line runs at 114 rpm.";
        let input = CheckInput::answer(claim);
        let before = check(&doc, &input, &cfg);
        assert_eq!(before.claims[0].best_source.as_deref(), Some("S2"));
        assert_ne!(before.claims[0].verdict, Verdict::Contradicted);
        let edited = source.replacen("114 rpm", "114 rpm.", 1);
        doc.edit(edited.clone());
        let fresh = check(&Document::analyse(&edited, (&cfg).into()), &input, &cfg);
        assert_eq!(fresh.claims[0].verdict, Verdict::Contradicted);
        assert_eq!(check_after_edit(&doc, input, &before, &cfg), fresh);
    }

    /// What `report`'s re-check of its repaired answer concluded.
    fn recheck_of(report: &Report) -> Recheck {
        report.repair.as_ref().unwrap().recheck.clone().unwrap()
    }

    /// `report` with each re-checked claim's verdict turned (contradicted
    /// to supported, anything else to contradicted).
    fn told_otherwise(report: &Report) -> Report {
        let mut told = report.clone();
        let rechecked = &mut told.repair.as_mut().unwrap().rechecked;
        let mut claims = rechecked.claims.to_vec();
        for c in &mut claims {
            c.verdict = match c.verdict {
                Verdict::Contradicted => Verdict::Supported,
                _ => Verdict::Contradicted,
            };
        }
        rechecked.claims = claims.into();
        told
    }

    /// After an edit of the source in place (a sentence put before the
    /// source's first, numbering every sentence again; one added at its
    /// end; a letter typed into its first word), the re-check takes back
    /// the patched claims the edit cannot reach, and its report is a fresh
    /// check's.
    #[test]
    fn after_a_source_edit_a_recheck_takes_back_what_the_edit_cannot_reach() {
        let mut taken_back = Vec::new();
        for (ex, doc, first, _) in repaired_examples_typed_on() {
            let source = ex.source.trim_end();
            let edits = [
                format!("Ferries run hourly. {source}"),
                format!("{source} Ferries run hourly."),
                source.replacen(' ', "q ", 1),
            ];
            for text in edits {
                let mut edited = doc.clone();
                edited.edit(text.clone());
                let input = CheckInput {
                    question: &ex.question,
                    ..CheckInput::answer(&ex.answer)
                };
                let fresh = check(
                    &Document::analyse(&text, (&ex.config).into()),
                    &input,
                    &ex.config,
                );
                let next = check_after_edit(&edited, input, &first, &ex.config);
                assert_eq!(next, fresh, "{} after {text:?}", ex.name);
                let told_first = told_otherwise(&first);
                let told = check_after_edit(&edited, input, &told_first, &ex.config);
                taken_back.push(recheck_of(&told).counts != recheck_of(&fresh).counts);
            }
        }
        assert!(
            taken_back.contains(&true),
            "nothing taken back: {taken_back:?}"
        );
        assert!(
            taken_back.contains(&false),
            "an edit reaches some: {taken_back:?}"
        );
    }

    /// An edit of the sentence a patched claim rests on has the re-check
    /// check it again: "never" typed into the evidence turns the patch
    /// ("1975" to "1974") from supported to contradicted.
    #[test]
    fn after_an_edit_of_its_evidence_a_patched_claim_is_checked_again() {
        let cfg = Config::default();
        let source = "The Halvorsen bridge opened in 1974. Its main span is 410 metres long.";
        let answer = "The Halvorsen bridge opened in 1975. Its main span is 410 metres long.";
        let input = CheckInput::answer(answer);
        let mut doc = Document::analyse(source, (&cfg).into());
        let first = check(&doc, &input, &cfg);
        let patched = &first.repair.as_ref().unwrap().rechecked.claims;
        assert_eq!(patched.len(), 1, "{patched:?}");
        let edited = source.replace("bridge opened", "bridge never opened");
        doc.edit(edited.clone());
        let next = check_after_edit(&doc, input, &first, &cfg);
        let fresh = check(&Document::analyse(&edited, (&cfg).into()), &input, &cfg);
        assert_eq!(next, fresh);
        assert_ne!(
            recheck_of(&first).counts,
            recheck_of(&fresh).counts,
            "the edit changes the re-check"
        );
    }

    #[test]
    fn a_recheck_takes_nothing_back_for_another_question_or_regime() {
        for (ex, doc, first, typed) in repaired_examples_typed_on() {
            let told = told_otherwise(&first);
            let other_question = format!("{} Really?", ex.question);
            let mut other_regime = told.clone();
            let rechecked = &mut other_regime.repair.as_mut().unwrap().rechecked;
            rechecked.regime = (Regime::ALL.iter().copied()).find(|&r| Some(r) != rechecked.regime);
            for (question, report) in [
                (other_question.as_str(), &told),
                (ex.question.as_str(), &other_regime),
            ] {
                let input = CheckInput {
                    question,
                    ..CheckInput::answer(&typed)
                };
                let next = check_after(&ex, &doc, input, report);
                assert_eq!(next, check(&doc, &input, &ex.config), "{}", ex.name);
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
