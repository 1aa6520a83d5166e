//! The report: the single value everything downstream reads.
//!
//! The lab renders it, the CLI prints it as JSON or text, `eval` and `batch`
//! aggregate it. Offsets come twice: `start`/`end` count Unicode characters
//! (what a script slicing the text expects), `byte_start`/`byte_end` count
//! UTF-8 bytes (what Rust slicing needs).

use serde::{Deserialize, Serialize};

use crate::checks::citations::CitationFinding;
use crate::checks::confidence::Confidence;
use crate::checks::consistency::Consistency;
use crate::checks::entities::Entity;
use crate::checks::negation::{AntonymFlip, NegationFlip};
use crate::checks::numbers::MissingNumber;
use crate::config::Policy;
use crate::drift::DriftResult;
use crate::repair::Repair;
use crate::scoring::{Quality, Risk};
use crate::trace::Event;

/// A claim's verdict, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Supported,
    Miscited,
    Unsupported,
    Contradicted,
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [
        Verdict::Supported,
        Verdict::Contradicted,
        Verdict::Unsupported,
        Verdict::Miscited,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Supported => "supported",
            Verdict::Miscited => "miscited",
            Verdict::Unsupported => "unsupported",
            Verdict::Contradicted => "contradicted",
        }
    }
}

/// Why a claim got its verdict: each kind names its evidence in `detail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonKind {
    /// Enough content words in one sentence, and nothing else wrong.
    Supported,
    /// The best sentence holds too few of the claim's content words.
    LowSupport,
    /// No source sentence shares a content word with the claim.
    NoMatch,
    /// There is no source (and no samples) to check against.
    NoSource,
    /// A number of the claim is not in its supporting sentence.
    NumberMismatch,
    /// The claim negates what its sentence states, or the reverse.
    NegationFlip,
    /// The claim uses the opposite of a word of its sentence.
    AntonymFlip,
    /// A name or reference that the source never mentions.
    InventedEntity,
    /// A citation to a sentence or passage that does not exist.
    FabricatedCitation,
    /// A citation that misses the supporting sentence.
    WrongCitation,
    /// Most samples say something else.
    Inconsistent,
    /// Samples agree (the verdict's basis when there is no source).
    Consistent,
}

impl ReasonKind {
    /// The verdict this finding implies on its own.
    pub fn verdict(self) -> Verdict {
        use ReasonKind::*;
        match self {
            Supported | Consistent => Verdict::Supported,
            LowSupport | NoMatch | NoSource | InventedEntity | Inconsistent => Verdict::Unsupported,
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

/// Which text a mark is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkSide {
    Answer,
    Source,
}

/// What a mark shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// A content word found in the best sentence.
    Matched,
    /// A content word not found there.
    Missing,
    /// A number the sentence does not state (or the sentence's own number).
    Number,
    /// A citation that is wrong or fabricated.
    Citation,
    /// A negator or the word it flips.
    Negation,
    /// An invented entity.
    Entity,
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
}

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
}

impl ClaimReport {
    /// The reason shown next to the verdict.
    pub fn main_reason(&self) -> &str {
        self.reasons.first().map_or("", |r| r.detail.as_str())
    }
}

/// A source sentence, S1…Sn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceReport {
    pub id: String,
    pub text: String,
    pub start: usize,
    pub end: usize,
    pub byte_start: usize,
    pub byte_end: usize,
    /// 1-based passage number.
    pub passage: usize,
}

/// What happens to the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Deliver,
    DeliverWithFlags,
    Block,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Deliver => "deliver",
            Decision::DeliverWithFlags => "deliver_with_flags",
            Decision::Block => "block",
        }
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
    pub decision: Decision,
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
}
