//! The verdict vocabulary every layer shares, and the one set of rules that
//! relates its words.
//!
//! A check finds [`Reason`]s (each of a [`ReasonKind`], with its evidence in
//! words) and [`Mark`]s (spans to highlight). From them, in this order:
//!
//! 1. **Verdict** (one per claim): the most severe reason's verdict, by
//!    [`Verdict::severity`]: supported < miscited < unsupported < contradicted;
//!    supported when no check found anything.
//! 2. **Decision** (the answer, seed 004): `deliver` when every claim is
//!    supported; otherwise the failure policy decides: `block` withholds the
//!    answer, `flag` delivers it marked with its first problem
//!    (`deliver_with_flags`). See [`Decision::from_first_problem`].
//! 3. **Risk** (the answer, seed 001): the worst [`Trigger`] found; two
//!    different high triggers make it critical. Risk says how bad, not what
//!    ships; repair is tried when it is above low.
//! 4. **Repair** proposes a changed answer; the pipeline checks it again with
//!    the same settings. It succeeds only if that re-check has claims, its
//!    decision is not `block` and its risk is at most medium.
//! 5. **Routing** (what ships), by [`Routing::decide`]:
//!    - repair succeeded → `healed_accept` (the repaired answer ships);
//!    - repair changed the answer but failed → `discard` (the safe decline ships);
//!    - the decision is `block` → `fallback` (nothing of the answer ships);
//!    - otherwise the quality score decides: `accept` from `accept_threshold`
//!      up, `fallback` below (drift's penalty can withhold an answer whose
//!      claims pass: seed 001's sentinel for a degrading pipeline).
//!
//! So one rule holds everywhere: **nothing ships whose own check says
//! `block`**: a report never says `block` and `accept` at once, and a
//! repaired answer ships only if its re-check would deliver it.
//! `tests/properties.rs` holds these for every preset over generated inputs.
//!
//! Thresholds are met with one tolerance ([`meets`]), so that 3/5 meets 0.6
//! despite floating point.

use serde::{Deserialize, Serialize};

use crate::config::Policy;
use crate::named::named_enum;

/// Tolerance for comparing a measured share with its threshold.
pub const EPS: f64 = 1e-9;

/// Does `value` reach `threshold` (within [`EPS`])? The one threshold test:
/// support, faithfulness, the answer score and the quality score all use it.
pub fn meets(value: f64, threshold: f64) -> bool {
    value + EPS >= threshold
}

named_enum! {
    /// A claim's verdict.
    pub enum Verdict {
        Supported = "supported",
        Miscited = "miscited",
        Unsupported = "unsupported",
        Contradicted = "contradicted",
    }
}

impl Verdict {
    /// In display order: the good verdict first, then the worst.
    pub const DISPLAY_ORDER: [Verdict; 4] = [
        Verdict::Supported,
        Verdict::Contradicted,
        Verdict::Unsupported,
        Verdict::Miscited,
    ];

    /// How bad it is: the claim's verdict is its most severe reason's.
    /// A true fact cited wrongly (miscited) is less bad than a claim the
    /// source does not hold (unsupported), which is less bad than one the
    /// source says otherwise (contradicted).
    pub fn severity(self) -> u8 {
        match self {
            Verdict::Supported => 0,
            Verdict::Miscited => 1,
            Verdict::Unsupported => 2,
            Verdict::Contradicted => 3,
        }
    }
}

named_enum! {
    /// Why a claim got its verdict: each kind names its evidence in `detail`.
    pub enum ReasonKind {
        /// Enough content words in one sentence, and nothing else wrong.
        Supported = "supported",
        /// The best sentence holds too few of the claim's content words.
        LowSupport = "low_support",
        /// No source sentence shares a content word with the claim.
        NoMatch = "no_match",
        /// The claim and the source are in different languages, which a
        /// word-overlap check cannot compare.
        LanguageMismatch = "language_mismatch",
        /// There is no source (and no samples) to check against.
        NoSource = "no_source",
        /// A number of the claim is not in its supporting sentence.
        NumberMismatch = "number_mismatch",
        /// The claim negates what its sentence states, or the reverse.
        NegationFlip = "negation_flip",
        /// The claim uses the opposite of a word of its sentence.
        AntonymFlip = "antonym_flip",
        /// A name or reference that the source never mentions.
        InventedEntity = "invented_entity",
        /// A citation to a sentence or passage that does not exist.
        FabricatedCitation = "fabricated_citation",
        /// A citation that misses the supporting sentence.
        WrongCitation = "wrong_citation",
        /// Most samples say something else.
        Inconsistent = "inconsistent",
        /// Samples agree (the verdict's basis when there is no source).
        Consistent = "consistent",
    }
}

impl ReasonKind {
    /// The verdict this finding implies on its own.
    pub fn verdict(self) -> Verdict {
        use ReasonKind::*;
        match self {
            Supported | Consistent => Verdict::Supported,
            LowSupport | NoMatch | LanguageMismatch | NoSource | InventedEntity | Inconsistent => {
                Verdict::Unsupported
            }
            NumberMismatch | NegationFlip | AntonymFlip => Verdict::Contradicted,
            FabricatedCitation | WrongCitation => Verdict::Miscited,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub kind: ReasonKind,
    pub detail: String,
}

impl Reason {
    pub fn new(kind: ReasonKind, detail: impl Into<String>) -> Reason {
        Reason {
            kind,
            detail: detail.into(),
        }
    }
}

/// The verdict of a claim with these reasons: the most severe one's
/// (supported when there are none).
pub fn verdict_of(reasons: &[Reason]) -> Verdict {
    reasons
        .iter()
        .map(|r| r.kind.verdict())
        .max_by_key(|v| v.severity())
        .unwrap_or(Verdict::Supported)
}

named_enum! {
    /// Which text a mark is in.
    pub enum MarkSide {
        Answer = "answer",
        Source = "source",
    }
}

named_enum! {
    /// What a mark shows.
    pub enum MarkKind {
        /// A content word found in the best sentence.
        Matched = "matched",
        /// A content word not found there.
        Missing = "missing",
        /// A number the sentence does not state (or the sentence's own number).
        Number = "number",
        /// A citation that is wrong or fabricated.
        Citation = "citation",
        /// A negator or the word it flips.
        Negation = "negation",
        /// An invented entity.
        Entity = "entity",
    }
}

/// A span to highlight when the claim is in focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub side: MarkSide,
    pub kind: MarkKind,
    pub byte_start: usize,
    pub byte_end: usize,
}

impl Mark {
    pub fn new(side: MarkSide, kind: MarkKind, byte_start: usize, byte_end: usize) -> Mark {
        Mark {
            side,
            kind,
            byte_start,
            byte_end,
        }
    }

    pub fn answer(kind: MarkKind, span: (usize, usize)) -> Mark {
        Mark::new(MarkSide::Answer, kind, span.0, span.1)
    }

    pub fn source(kind: MarkKind, span: (usize, usize)) -> Mark {
        Mark::new(MarkSide::Source, kind, span.0, span.1)
    }
}

named_enum! {
    /// What happens to the answer, from its claims' verdicts and the policy.
    pub enum Decision {
        Deliver = "deliver",
        DeliverWithFlags = "deliver_with_flags",
        Block = "block",
    }
}

impl Decision {
    /// `deliver` without a failing claim; with one, what the policy says.
    pub fn from_first_problem(first_problem: Option<&str>, policy: Policy) -> Decision {
        match (first_problem, policy) {
            (None, _) => Decision::Deliver,
            (Some(_), Policy::Block) => Decision::Block,
            (Some(_), Policy::Flag) => Decision::DeliverWithFlags,
        }
    }

    /// May an answer with this decision reach the user (marked or not)?
    pub fn lets_through(self) -> bool {
        self != Decision::Block
    }
}

/// Claims per verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerdictCounts {
    pub supported: usize,
    pub contradicted: usize,
    pub unsupported: usize,
    pub miscited: usize,
}

impl VerdictCounts {
    pub fn add(&mut self, v: Verdict) {
        *self.get_mut(v) += 1;
    }

    /// Add another answer's counts (`batch`'s totals).
    pub fn add_counts(&mut self, other: &VerdictCounts) {
        for &v in Verdict::ALL {
            *self.get_mut(v) += other.get(v);
        }
    }

    pub fn get(&self, v: Verdict) -> usize {
        match v {
            Verdict::Supported => self.supported,
            Verdict::Contradicted => self.contradicted,
            Verdict::Unsupported => self.unsupported,
            Verdict::Miscited => self.miscited,
        }
    }

    fn get_mut(&mut self, v: Verdict) -> &mut usize {
        match v {
            Verdict::Supported => &mut self.supported,
            Verdict::Contradicted => &mut self.contradicted,
            Verdict::Unsupported => &mut self.unsupported,
            Verdict::Miscited => &mut self.miscited,
        }
    }

    pub fn total(&self) -> usize {
        self.supported + self.contradicted + self.unsupported + self.miscited
    }
}

named_enum! {
    #[derive(PartialOrd, Ord)]
    pub enum RiskLevel {
        Low = "low",
        Medium = "medium",
        High = "high",
        Critical = "critical",
    }
}

named_enum! {
    /// A failure pattern found in the answer.
    pub enum Trigger {
        Contradiction = "contradiction",
        InventedEntity = "invented_entity",
        FabricatedCitation = "fabricated_citation",
        ConfidentButUnfaithful = "confident_but_unfaithful",
        LowFaithfulness = "low_faithfulness",
        Drift = "drift",
        Inconsistent = "inconsistent",
    }
}

impl Trigger {
    pub fn level(self) -> RiskLevel {
        match self {
            Trigger::Contradiction => RiskLevel::Critical,
            Trigger::InventedEntity
            | Trigger::FabricatedCitation
            | Trigger::ConfidentButUnfaithful => RiskLevel::High,
            Trigger::LowFaithfulness | Trigger::Drift | Trigger::Inconsistent => RiskLevel::Medium,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Risk {
    pub level: RiskLevel,
    pub triggers: Vec<Trigger>,
}

impl Risk {
    /// The worst trigger's level; two different high triggers are critical.
    pub fn from_triggers(triggers: Vec<Trigger>) -> Risk {
        let worst = triggers
            .iter()
            .map(|t| t.level())
            .max()
            .unwrap_or(RiskLevel::Low);
        let highs = triggers
            .iter()
            .filter(|t| t.level() == RiskLevel::High)
            .count();
        let level = if highs >= 2 {
            RiskLevel::Critical
        } else {
            worst
        };
        Risk { level, triggers }
    }
}

named_enum! {
    /// Where the answer goes: the final word on what ships.
    pub enum Routing {
        /// The original answer ships.
        Accept = "accept",
        /// The repaired answer ships.
        HealedAccept = "healed_accept",
        /// Nothing of the answer ships: the caller's fallback does.
        Fallback = "fallback",
        /// Repair could not make it safe: the safe decline ships.
        Discard = "discard",
    }
}

/// What repair did, as routing needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepairOutcome {
    /// Not tried, or nothing to change.
    Unchanged,
    /// Changed and passed its re-check.
    Healed,
    /// Changed but failed its re-check, or found nothing safe: declined.
    Declined,
}

impl Routing {
    /// The routing rule (see the module doc).
    pub fn decide(
        decision: Decision,
        quality_score: f64,
        repair: RepairOutcome,
        accept_threshold: f64,
    ) -> Routing {
        match repair {
            RepairOutcome::Healed => Routing::HealedAccept,
            RepairOutcome::Declined => Routing::Discard,
            RepairOutcome::Unchanged if !decision.lets_through() => Routing::Fallback,
            RepairOutcome::Unchanged if meets(quality_score, accept_threshold) => Routing::Accept,
            RepairOutcome::Unchanged => Routing::Fallback,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_orders_the_verdicts_from_supported_to_contradicted() {
        let mut by_severity = Verdict::DISPLAY_ORDER;
        by_severity.sort_by_key(|v| v.severity());
        assert_eq!(
            by_severity,
            [
                Verdict::Supported,
                Verdict::Miscited,
                Verdict::Unsupported,
                Verdict::Contradicted
            ]
        );
    }

    #[test]
    fn a_claims_verdict_is_its_most_severe_reasons() {
        let r = |k| Reason::new(k, "");
        assert_eq!(verdict_of(&[]), Verdict::Supported);
        assert_eq!(
            verdict_of(&[r(ReasonKind::WrongCitation), r(ReasonKind::LowSupport)]),
            Verdict::Unsupported
        );
        assert_eq!(
            verdict_of(&[r(ReasonKind::NumberMismatch), r(ReasonKind::InventedEntity)]),
            Verdict::Contradicted
        );
    }

    #[test]
    fn a_blocked_answer_is_never_accepted_whatever_its_score() {
        for score in [0.0, 0.5, 0.75, 1.0] {
            let routing = Routing::decide(Decision::Block, score, RepairOutcome::Unchanged, 0.75);
            assert_eq!(routing, Routing::Fallback, "{score}");
        }
        let flagged = Routing::decide(
            Decision::DeliverWithFlags,
            0.9,
            RepairOutcome::Unchanged,
            0.75,
        );
        assert_eq!(flagged, Routing::Accept);
        assert_eq!(
            Routing::decide(Decision::Deliver, 0.74, RepairOutcome::Unchanged, 0.75),
            Routing::Fallback
        );
        assert_eq!(
            Routing::decide(Decision::Block, 0.1, RepairOutcome::Healed, 0.75),
            Routing::HealedAccept
        );
    }

    #[test]
    fn three_of_five_meets_a_threshold_of_0_6() {
        assert!(meets(3.0 / 5.0, 0.6));
        assert!(!meets(0.59, 0.6));
    }
}
