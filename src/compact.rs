//! The report a script reads: what `claimlab check --format json` and
//! `claimlab batch` print unless asked for more.
//!
//! A [`Report`] carries everything the lab draws (every source sentence,
//! each claim's marks, the event trace), about nine times the size of the
//! texts checked. A script deciding what to do with an answer needs the
//! decision, each claim's verdict, score, best source sentence and reasons:
//! [`CompactReport`] is that, borrowed from the full report (nothing is
//! computed again), with the larger parts added on request ([`Include`]).
//! Every name is the full report's, so a reader of the compact report reads
//! the full one unchanged.

use serde::Serialize;

use crate::checks::citations::CitationFinding;
use crate::checks::consistency::Consistency;
use crate::checks::entities::Entity;
use crate::checks::negation::{AntonymFlip, NegationFlip};
use crate::checks::numbers::MissingNumber;
use crate::config::Policy;
use crate::drift::DriftResult;
use crate::model::LearnedScore;
use crate::report::{Decision, Mark, Report, SampleReport, Summary, Verdict};
use crate::scoring::Quality;
use crate::text::{SourceReport, SourceSentence};
use crate::trace::Event;
use crate::verdict::{Reason, Risk};

crate::named::named_enum! {
    /// A part of the full report that the compact one leaves out unless asked.
    pub enum Part {
        /// Every source sentence S1…Sn (`sources`).
        Sources = "sources",
        /// Each claim's marks: the spans the lab colours (`claims[].marks`).
        Marks = "marks",
        /// The event trace the lab replays (`trace`).
        Trace = "trace",
        /// Each claim's findings: matched and missing words, numbers,
        /// citations, negation, opposites, invented names, each sample's
        /// best sentence; the answer's confidence markers.
        Findings = "findings",
        /// The learned scores' contributions, feature by feature.
        Contributions = "contributions",
        /// Each sample checked against the source (`samples`).
        Samples = "samples",
        /// Repair in full: the answer before, the re-check of the repaired
        /// answer, the risk and confidence before and after.
        Repair = "repair",
    }
}

/// Which [`Part`]s a compact report carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Include {
    parts: [bool; Part::ALL.len()],
}

impl Include {
    /// Nothing beyond the compact report.
    pub const NONE: Include = Include {
        parts: [false; Part::ALL.len()],
    };

    /// Every part: the compact report then says all the full one says.
    pub fn all() -> Include {
        Include {
            parts: [true; Part::ALL.len()],
        }
    }

    pub fn has(&self, part: Part) -> bool {
        self.parts[part as usize]
    }

    pub fn with(mut self, part: Part) -> Include {
        self.parts[part as usize] = true;
        self
    }

    /// Read `sources,trace` (names separated by commas; `all` for every
    /// part). Every name is checked, `all` or not.
    pub fn parse(list: &str) -> Result<Include, String> {
        let mut include = Include::NONE;
        let mut all = false;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                all = true;
                continue;
            }
            let part = Part::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Part::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "unknown part \"{name}\" (the parts are {}, or all)",
                    names.join(", ")
                )
            })?;
            include = include.with(part);
        }
        Ok(if all { Include::all() } else { include })
    }
}

/// The report a script reads (see the module doc).
#[derive(Debug, Serialize)]
pub struct CompactReport<'a> {
    pub decision: Decision,
    /// The outcome in one sentence (the lab's banner).
    pub headline: String,
    pub policy: Policy,
    pub first_problem: Option<&'a str>,
    /// The learned answer score (`answer_scoring: learned`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer_score: Option<Score<'a>>,
    pub summary: CompactSummary<'a>,
    pub risk: &'a Risk,
    pub quality: &'a Quality,
    pub passages: usize,
    pub claims: Vec<CompactClaim<'a>>,
    /// `null` without a history (as in the full report).
    pub drift: Option<&'a DriftResult>,
    /// `null` with repair off.
    pub repair: Option<CompactRepair<'a>>,
    /// What scored consistency; `null` without samples.
    pub embedder: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<&'a [SampleReport]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources: Option<&'a [SourceReport]>,
    /// Each passage's label number, with `sources`, when the source labels
    /// its passages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passage_names: Option<&'a [usize]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<&'a [Event]>,
}

/// The answer-level measures; the confidence markers (each hedge or
/// assertion with its span) with [`Part::Findings`].
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum CompactSummary<'a> {
    Figures {
        counts: &'a crate::verdict::VerdictCounts,
        citation_coverage: f64,
        faithfulness: f64,
        confidence: ConfidenceFigures,
        contradiction: bool,
        questions: usize,
    },
    Full(&'a Summary),
}

/// The confidence score and the words it read.
#[derive(Debug, Serialize)]
pub struct ConfidenceFigures {
    pub score: f64,
    pub words: usize,
}

impl<'a> CompactSummary<'a> {
    fn of(s: &'a Summary, include: Include) -> CompactSummary<'a> {
        if include.has(Part::Findings) {
            return CompactSummary::Full(s);
        }
        CompactSummary::Figures {
            counts: &s.counts,
            citation_coverage: s.citation_coverage,
            faithfulness: s.faithfulness,
            confidence: ConfidenceFigures {
                score: s.confidence.score,
                words: s.confidence.words,
            },
            contradiction: s.contradiction,
            questions: s.questions,
        }
    }
}

/// A learned score: its probability, and with [`Part::Contributions`] the
/// whole explanation.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Score<'a> {
    Probability { probability: f64 },
    Explained(&'a LearnedScore),
}

impl<'a> Score<'a> {
    fn of(score: &'a LearnedScore, include: Include) -> Score<'a> {
        if include.has(Part::Contributions) {
            Score::Explained(score)
        } else {
            Score::Probability {
                probability: score.probability,
            }
        }
    }
}

/// One claim: where it is, its verdict, its best source sentence and why.
#[derive(Debug, Serialize)]
pub struct CompactClaim<'a> {
    pub id: &'a str,
    pub text: &'a str,
    /// Character span in the answer.
    pub start: usize,
    pub end: usize,
    /// Byte span in the answer (UTF-8), with [`Part::Marks`] or
    /// [`Part::Findings`]: marks count bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_start: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_end: Option<usize>,
    pub verdict: Verdict,
    pub support: f64,
    pub best_source: Option<&'a str>,
    /// The best source sentence's text: whole up to [`BEST_SOURCE_CHARS`]
    /// characters, else an excerpt around the words it shares with the
    /// claim, `…` marking each cut ([`excerpt`]).
    pub best_source_text: Option<std::borrow::Cow<'a, str>>,
    /// Most severe first; the first one explains the verdict.
    pub reasons: &'a [Reason],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Score<'a>>,
    /// Agreement across samples, only when samples were given; each
    /// sample's best sentence (`matches`) with [`Part::Findings`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consistency: Option<ConsistencyView<'a>>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub findings: Option<Findings<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<&'a [Mark]>,
}

/// A claim's agreement across samples: the figures, or with
/// [`Part::Findings`] also each sample's best sentence.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ConsistencyView<'a> {
    Figures {
        agreement: f64,
        score: f64,
        agreeing: usize,
        samples_used: usize,
        flagged: bool,
    },
    Full(&'a Consistency),
}

impl<'a> ConsistencyView<'a> {
    fn of(c: &'a Consistency, include: Include) -> ConsistencyView<'a> {
        if include.has(Part::Findings) {
            ConsistencyView::Full(c)
        } else {
            ConsistencyView::Figures {
                agreement: c.agreement,
                score: c.score,
                agreeing: c.agreeing,
                samples_used: c.samples_used,
                flagged: c.flagged,
            }
        }
    }
}

/// A claim's findings, by the full report's names.
#[derive(Debug, Serialize)]
pub struct Findings<'a> {
    pub matched_words: &'a [String],
    pub missing_words: &'a [String],
    pub numbers_checked: bool,
    pub number_mismatches: &'a [MissingNumber],
    pub citations: &'a CitationFinding,
    pub negation: &'a Option<NegationFlip>,
    pub antonym: &'a Option<AntonymFlip>,
    pub invented_entities: &'a [Entity],
}

/// What repair did: its strategy and outcome, and the text served when it
/// changed the answer (`null` when it did not); with [`Part::Repair`] the
/// full report's repair (which also repeats the answer as `before`).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum CompactRepair<'a> {
    Outcome {
        strategy: crate::report::Strategy,
        applied: bool,
        succeeded: bool,
        after: Option<&'a str>,
        changes: &'a [String],
    },
    Full(&'a crate::report::Repair),
}

/// The most characters of a best source sentence the compact report
/// repeats for each claim: a source with no sentence ends (a log, a table,
/// a page of OCR) is one sentence, and 100 claims repeating a 1 MB
/// sentence made a 100 MB report.
pub const BEST_SOURCE_CHARS: usize = 400;

/// How many characters of a long sentence an excerpt keeps before the
/// word it is about.
const EXCERPT_LEAD_CHARS: usize = 100;

/// Where in sentence `s` its excerpt is about (a byte offset in its text):
/// the first place of the word shared with the claim that the sentence
/// holds least often ("cell400" rather than "value" in a table of cells
/// and values); 0 when it holds none.
fn focus(marks: &[Mark], s: &SourceReport) -> usize {
    let mut words: Vec<(&str, usize, usize)> = Vec::new(); // (word, times, first place)
    let in_sentence = marks.iter().filter(|m| {
        m.side == crate::verdict::MarkSide::Source
            && s.byte_start <= m.byte_start
            && m.byte_end <= s.byte_end
    });
    for m in in_sentence {
        let at = m.byte_start - s.byte_start;
        let Some(word) = s.text.get(at..m.byte_end - s.byte_start) else {
            continue;
        };
        match words
            .iter_mut()
            .find(|(w, _, _)| w.eq_ignore_ascii_case(word))
        {
            Some((_, times, _)) => *times += 1,
            None => words.push((word, 1, at)),
        }
    }
    // The fewest times; of those, the first to appear.
    words
        .iter()
        .min_by_key(|&&(_, times, first)| (times, first))
        .map_or(0, |&(_, _, first)| first)
}

/// Does `text` have at most [`BEST_SOURCE_CHARS`] characters (an excerpt of
/// it is all of it)?
fn is_short(text: &str) -> bool {
    text.len() <= BEST_SOURCE_CHARS || text.chars().nth(BEST_SOURCE_CHARS).is_none()
}

/// `text` whole when it has at most [`BEST_SOURCE_CHARS`] characters, else
/// an excerpt of at most that many, from a word start about
/// `EXCERPT_LEAD_CHARS` before byte `focus` (a word the claim shares) to a
/// word end, with `…` where it cuts the sentence. The focus is asked for
/// only when the text is cut.
pub fn excerpt(text: &str, focus: impl FnOnce() -> usize) -> std::borrow::Cow<'_, str> {
    if is_short(text) {
        return text.into();
    }
    let mut focus = focus().min(text.len());
    while !text.is_char_boundary(focus) {
        focus -= 1;
    }
    let mut from = text[..focus]
        .char_indices()
        .rev()
        .nth(EXCERPT_LEAD_CHARS - 1)
        .map_or(0, |(i, _)| i);
    if from > 0 {
        // Start at a word: after the first blank, if there is one before the focus.
        if let Some(blank) = text[from..focus].find(char::is_whitespace) {
            from += blank;
        }
    }
    let body = &text[from..];
    let mut to = body
        .char_indices()
        .nth(BEST_SOURCE_CHARS)
        .map_or(text.len(), |(i, _)| from + i);
    if to < text.len() {
        // End at a word: before the last blank, if there is one after the focus.
        if let Some(blank) = text[focus.max(from)..to].rfind(char::is_whitespace) {
            to = focus.max(from) + blank;
        }
    }
    let cut = text[from..to].trim();
    let before = if from > 0 { "…" } else { "" };
    let after = if to < text.len() { "…" } else { "" };
    format!("{before}{cut}{after}").into()
}

impl Report {
    /// This report as a script reads it, with the `include`d parts.
    pub fn compact(&self, include: Include) -> CompactReport<'_> {
        let bytes = include.has(Part::Marks) || include.has(Part::Findings);
        let claims = self
            .claims
            .iter()
            .map(|c| CompactClaim {
                id: &c.id,
                text: &c.text,
                start: c.start,
                end: c.end,
                verdict: c.verdict,
                support: c.support,
                best_source: c.best_source.as_deref(),
                best_source_text: c
                    .best_source
                    .as_deref()
                    .and_then(|id| self.source(id))
                    .map(|s| excerpt(&s.text, || focus(&c.marks, s))),
                reasons: &c.reasons,
                score: c.score.as_ref().map(|s| Score::of(s, include)),
                consistency: c
                    .consistency
                    .as_ref()
                    .map(|c| ConsistencyView::of(c, include)),
                byte_start: bytes.then_some(c.byte_start),
                byte_end: bytes.then_some(c.byte_end),
                findings: include.has(Part::Findings).then_some(Findings {
                    matched_words: &c.matched_words,
                    missing_words: &c.missing_words,
                    numbers_checked: c.numbers_checked,
                    number_mismatches: &c.number_mismatches,
                    citations: &c.citations,
                    negation: &c.negation,
                    antonym: &c.antonym,
                    invented_entities: &c.invented_entities,
                }),
                marks: include.has(Part::Marks).then_some(&c.marks[..]),
            })
            .collect();
        CompactReport {
            decision: self.decision,
            headline: self.headline(),
            policy: self.policy,
            first_problem: self.first_problem.as_deref(),
            answer_score: self.answer_score.as_ref().map(|s| Score::of(s, include)),
            summary: CompactSummary::of(&self.summary, include),
            risk: &self.risk,
            quality: &self.quality,
            passages: self.passages,
            claims,
            drift: self.drift.as_ref(),
            repair: self.repair.as_ref().map(|r| {
                if include.has(Part::Repair) {
                    CompactRepair::Full(r)
                } else {
                    CompactRepair::Outcome {
                        strategy: r.strategy,
                        applied: r.applied,
                        succeeded: r.succeeded,
                        after: r.applied.then_some(r.after.as_str()),
                        changes: &r.changes,
                    }
                }
            }),
            embedder: self.embedder.as_deref(),
            samples: include.has(Part::Samples).then_some(&self.samples[..]),
            sources: include.has(Part::Sources).then_some(&self.sources[..]),
            passage_names: self
                .passage_names
                .as_deref()
                .filter(|_| include.has(Part::Sources)),
            trace: include.has(Part::Trace).then_some(&self.trace[..]),
        }
    }

    /// The source sentence `S3`, by its number: the full list holds `Sn`
    /// at `n - 1`; a list of only the sentences the claims name
    /// (`CheckInput::skip_sources`) holds them in order.
    pub fn source(&self, id: &str) -> Option<&SourceReport> {
        let i = SourceSentence::index_of(id)?;
        let at = match self.sources.get(i) {
            Some(s) if *s.id == *id => i,
            _ => self
                .sources
                .binary_search_by_key(&i, |s| {
                    SourceSentence::index_of(&s.id).unwrap_or(usize::MAX)
                })
                .ok()?,
        };
        Some(&self.sources[at]).filter(|s| *s.id == *id)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_best_sentence_is_an_excerpt_around_the_shared_word() {
        assert_eq!(super::excerpt("Short sentence.", || 3), "Short sentence.");
        let exact = "é".repeat(super::BEST_SOURCE_CHARS);
        assert_eq!(
            super::excerpt(&exact, || 0),
            exact.as_str(),
            "400 characters are whole"
        );
        let words: Vec<String> = (0..1000).map(|i| format!("w{i}")).collect();
        let text = words.join(" ");
        let focus = text.find("w500").unwrap();
        let cut = super::excerpt(&text, || focus);
        assert!(cut.starts_with('…') && cut.ends_with('…'), "{cut}");
        assert!(cut.contains("w500 "), "{cut}");
        assert!(cut.chars().count() <= super::BEST_SOURCE_CHARS + 2);
        // Cut at words: each piece between the marks is a whole word.
        let inner = cut.trim_matches('…');
        assert!(
            inner.split(' ').all(|w| words.contains(&w.to_string())),
            "{cut}"
        );
        // About 100 characters kept before the word.
        let lead = inner.find("w500").unwrap();
        assert!((80..=100).contains(&lead), "{lead}");
        // A word near the start: no mark before.
        let start = super::excerpt(&text, || 3);
        assert!(start.starts_with("w0 ") && start.ends_with('…'), "{start}");
        // Beyond the end, or in the middle of a character: no panic.
        let accented = format!("{} fin", "ü ".repeat(600));
        for focus in [0, 1, 601, 1201, accented.len(), usize::MAX] {
            let cut = super::excerpt(&accented, || focus);
            assert!(cut.chars().count() <= super::BEST_SOURCE_CHARS + 2);
        }
    }

    use super::*;
    use crate::config::Config;
    use crate::pipeline::check_text;

    const SOURCE: &str =
        "The bridge opened in 1932. Its main span is 410 metres long. It carries six lanes.";
    const ANSWER: &str = "The bridge opened in 1932. Its main span is 520 metres long.";

    fn json(value: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn the_compact_report_says_the_decision_and_each_claims_evidence() {
        let r = check_text(SOURCE, ANSWER, &Config::default());
        let c = json(&r.compact(Include::NONE));
        assert_eq!(c["decision"], json(&r.decision));
        assert_eq!(c["headline"], r.headline());
        let claims = c["claims"].as_array().unwrap();
        assert_eq!(claims.len(), 2);
        assert_eq!(claims[1]["verdict"], "contradicted");
        assert_eq!(claims[1]["best_source"], "S2");
        assert_eq!(
            claims[1]["best_source_text"],
            "Its main span is 410 metres long."
        );
        assert_eq!(claims[1]["reasons"], json(&r.claims[1].reasons));
        for absent in ["sources", "trace", "samples"] {
            assert!(c.get(absent).is_none(), "{absent}");
        }
        for absent in ["marks", "missing_words", "byte_start"] {
            assert!(claims[0].get(absent).is_none(), "{absent}");
        }
    }

    #[test]
    fn with_every_part_it_says_what_the_full_report_says() {
        let r = check_text(SOURCE, ANSWER, &Config::default());
        let full = json(&r);
        let all = json(&r.compact(Include::all()));
        // Every value the compact report gives is the full report's, by the same name.
        for key in [
            "decision",
            "policy",
            "first_problem",
            "summary",
            "risk",
            "quality",
            "passages",
            "sources",
            "trace",
            "samples",
        ] {
            assert_eq!(all[key], full[key], "{key}");
        }
        for (c, f) in all["claims"]
            .as_array()
            .unwrap()
            .iter()
            .zip(full["claims"].as_array().unwrap())
        {
            for (key, value) in c.as_object().unwrap() {
                if key != "best_source_text" {
                    assert_eq!(value, &f[key], "{key}");
                }
            }
            // And each field of the full claim is there (a consistency
            // without samples is left out, not written as null).
            for (key, value) in f.as_object().unwrap() {
                assert!(c.get(key).is_some() || value.is_null(), "{key} is missing");
            }
        }
    }

    #[test]
    fn parts_are_named_and_a_wrong_name_says_the_right_ones() {
        let i = Include::parse("sources, trace").unwrap();
        assert!(i.has(Part::Sources) && i.has(Part::Trace) && !i.has(Part::Marks));
        assert_eq!(Include::parse("all").unwrap(), Include::all());
        assert_eq!(Include::parse("").unwrap(), Include::NONE);
        let err = Include::parse("sources,tracee").unwrap_err();
        assert!(err.contains("\"tracee\"") && err.contains("marks"), "{err}");
        // A wrong name is wrong next to `all` too, on either side.
        for list in ["all,bogus", "bogus,all", "all,Trace"] {
            assert!(Include::parse(list).is_err(), "{list}");
        }
    }

    #[test]
    fn a_source_is_found_by_its_id() {
        let r = check_text(SOURCE, ANSWER, &Config::default());
        assert_eq!(&*r.source("S3").unwrap().text, "It carries six lanes.");
        for bad in ["S0", "S4", "3", "Sx", ""] {
            assert!(r.source(bad).is_none(), "{bad}");
        }
    }
}
