//! One module per check. Each says what it catches, what it misses and its
//! defaults; detects; explains what it found (the reasons, the marks to
//! highlight and its trace event, through its `explain`); and keeps its
//! tests beside it. Checks read the text layer, the settings and the shared
//! verdict vocabulary; they never see the report.

pub mod citations;
pub mod confidence;
pub mod consistency;
pub mod entities;
pub mod negation;
pub mod numbers;
pub mod support;

use crate::config::Config;
use crate::text::{Analysed, Document};
use crate::verdict::{Mark, Reason, ReasonKind};

/// The claim under check and what it is checked against: what every
/// check's `explain` reads.
pub struct ClaimContext<'a> {
    /// `C1`, `C2`, … as the trace and the reasons name it.
    pub id: &'a str,
    /// The whole answer; the claim is `answer[start..end]` (bytes).
    pub answer: &'a str,
    pub start: usize,
    pub end: usize,
    pub analysed: &'a Analysed,
    pub doc: &'a Document,
    pub cfg: &'a Config,
}

/// The most places a check marks in a claim's source sentence of each word
/// the claim shares, and of the amounts the sentence states: a source with
/// no sentence ends is one sentence, and a claim on a 1 MB line marked each
/// of its tens of thousands of shared words (140 MB for 100 claims). The
/// first ones in the sentence are marked.
pub const MAX_SOURCE_MARKS: usize = 64;

/// What the checks have said about one claim so far, in the order found.
#[derive(Debug, Default)]
pub struct Findings {
    /// Reasons that count towards the verdict.
    pub reasons: Vec<Reason>,
    /// Reasons shown after the verdict's, which do not change it (samples
    /// that disagree with a claim the source decides).
    pub notes: Vec<Reason>,
    pub marks: Vec<Mark>,
}

impl Findings {
    pub fn reason(&mut self, kind: ReasonKind, detail: impl Into<String>) {
        self.reasons.push(Reason::new(kind, detail));
    }

    pub fn mark(&mut self, mark: Mark) {
        self.marks.push(mark);
    }
}

/// "" for one, "s" for any other count.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
