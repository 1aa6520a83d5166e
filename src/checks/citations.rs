//! Citations: a claim's citation must point at the sentence that supports it.
//!
//! **Recognises** bracketed citations: `[S3]` (source sentence 3), `[3]`
//! (passage 3), lists `[1, 2]` and `[S1; S4]`, ranges `[1-3]` and `[S2–S4]`,
//! and runs `[S1][S2]`. A citation written just after the sentence's full stop
//! (`… long. [S3]`) belongs to that sentence. A source that labels its
//! passages (`[12] …` opening lines, `passage 3: …`) is cited by its labels'
//! numbers, whatever their order (`[7]` names the passage labelled 7, the
//! third of a reference list `[5] [6] [7]`); other passages are numbered
//! 1, 2, … in order.
//!
//! **Catches** (seeds 003 and 004):
//! - a *wrong* citation: the claim is supported, but by a sentence its citation
//!   does not name (or whose passage it does not name) → `miscited`. A cited
//!   sentence that supports the claim exactly as well as the best one counts as
//!   right, so ties never produce a false alarm;
//! - a *fabricated* citation: it names a sentence or passage the source does
//!   not have (`[S9]` against six sentences) → `miscited`, always, because a
//!   reference to nothing misleads whatever the settings.
//!
//! Also reports citation coverage: the share of claims carrying a citation.
//!
//! With `citations_in_words` (off in the seed preset), citations in words
//! are read too: "passage 2", "passages 1 and 3", "passages 1-3".
//!
//! **Misses**: citations in words in any other form ("the second source"),
//! and all of them with `citations_in_words` off; footnote markers (`¹`),
//! URLs as citations, and whether the cited text says what the claim says
//! beyond word overlap.
//!
//! **Defaults**: on (`citation_check: true`), `citations_in_words: false`.
//! Turning the check off stops the wrong-citation check only.

use serde::{Deserialize, Serialize};

pub use crate::text::citations::{
    find, find_in_words, find_with_words, Citation, CiteKind, CiteRange,
};

use crate::checks::{plural, ClaimContext, Findings};
use crate::trace::{EventKind, Trace};
use crate::verdict::{Mark, MarkKind, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "A citation is judged by where it points, not by whether the cited text really says the claim; citations in words are read only with citations in words on, and only as \"passage 2\" or \"passages 1 and 3\".";

/// The outcome of checking one claim's citations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CitationFinding {
    /// Everything the claim cites, as labels (`S2`, `passage 1`).
    pub cited: Vec<String>,
    /// Cited sentences or passages that do not exist.
    pub fabricated: Vec<String>,
    /// `Some(false)` when the citations miss the supporting sentence;
    /// `None` when not checked (no citation, no support, or check off).
    pub points_to_support: Option<bool>,
}

/// The source layout a citation is checked against.
pub struct SourceLayout<'a> {
    pub sentences: usize,
    pub passages: usize,
    /// Passage number (1-based) of each sentence.
    pub passage_of: &'a [usize],
    /// The number each passage's label gives it (`[12]`), when the source
    /// labels its passages: a citation names a passage by it. `None`:
    /// passages are numbered 1, 2, … in order.
    pub passage_names: Option<&'a [usize]>,
}

impl SourceLayout<'_> {
    /// Does one of `ranges` name sentence `s` (1-based), itself or its passage?
    fn names(&self, ranges: &[&CiteRange], s: usize) -> bool {
        ranges.iter().any(|r| match r.kind {
            CiteKind::Sentence => r.contains(s),
            CiteKind::Passage => self.passage_name_of(s).is_some_and(|p| r.contains(p)),
        })
    }

    /// Does `citations` name sentence `s` (0-based), itself or its passage?
    pub fn cites(&self, citations: &[Citation], s: usize) -> bool {
        let ranges: Vec<&CiteRange> = citations.iter().flat_map(|c| c.ranges.iter()).collect();
        self.names(&ranges, s + 1)
    }

    /// Does every passage `range` names exist?
    fn has_passages(&self, range: &CiteRange) -> bool {
        match self.passage_names {
            None => range.first > 0 && range.last <= self.passages,
            // A range wider than the source has passages names one it lacks.
            Some(names) => {
                if range.first == 0 || range.last - range.first >= names.len() {
                    return false;
                }
                // Every number of the range is some passage's name (the
                // range no wider than the source has passages, checked above).
                named_within(names, range.first, range.last)
                    .iter()
                    .all(|&b| b)
            }
        }
    }

    /// The number a citation names sentence `s`'s (1-based) passage by.
    fn passage_name_of(&self, s: usize) -> Option<usize> {
        let p = *self.passage_of.get(s - 1)?;
        match self.passage_names {
            None => Some(p),
            Some(names) => names.get(p - 1).copied(),
        }
    }
}

/// Which of the numbers `first..=last` are among `names`: one pass over
/// the names, marking (no sort, no search per number).
fn named_within(names: &[usize], first: usize, last: usize) -> Vec<bool> {
    let mut named = vec![false; (last + 1).saturating_sub(first)];
    for &n in names {
        if (first..=last).contains(&n) {
            named[n - first] = true;
        }
    }
    named
}

/// A labelled source's label numbers in words: "1, 2 and 3", "5 to 7", or
/// the first eight and how many more ("1 to 3000" when they run unbroken).
fn labels_in_words(names: &[usize]) -> String {
    // In order, each once (labels have at most six digits: no sort needed).
    let named = named_within(names, 1, names.iter().copied().max().unwrap_or(0));
    let labels: Vec<usize> = (1..=named.len()).filter(|&n| named[n - 1]).collect();
    match labels[..] {
        [] => "by no number".into(),
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == labels.len() && labels.len() > 2 => {
            format!("{first} to {last}")
        }
        _ if labels.len() > 8 => format!(
            "{} and {} more",
            labels[..8]
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            labels.len() - 8
        ),
        [.., last] => format!(
            "{} and {last}",
            labels[..labels.len() - 1]
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Check a claim's citations. `best` lists the sentence numbers (1-based)
/// that support the claim as well as the best one does; it is empty when the
/// claim is not supported, and then only fabrication is checked.
pub fn check(
    citations: &[Citation],
    layout: &SourceLayout,
    best: &[usize],
    check_pointing: bool,
) -> CitationFinding {
    let ranges: Vec<&CiteRange> = citations.iter().flat_map(|c| c.ranges.iter()).collect();
    let cited = ranges.iter().map(|r| r.label()).collect();
    let fabricated = ranges
        .iter()
        .filter(|r| match r.kind {
            CiteKind::Sentence => r.first == 0 || r.last > layout.sentences,
            CiteKind::Passage => !layout.has_passages(r),
        })
        .map(|r| r.label())
        .collect();
    let points_to_support = (check_pointing && !ranges.is_empty() && !best.is_empty())
        .then(|| best.iter().any(|&s| layout.names(&ranges, s)));
    CitationFinding {
        cited,
        fabricated,
        points_to_support,
    }
}

/// Check the claim's citations and explain: a `fabricated_citation` reason
/// per citation to nothing, a `wrong_citation` reason when they miss the
/// supporting sentence (`tied`: 1-based sentences that support the claim as
/// well as its best one, empty when it is not supported), marks on the
/// citations, and the `citation_check` event when the claim cites anything.
pub fn explain(
    claim: &ClaimContext,
    layout: &SourceLayout,
    tied: &[usize],
    best_source: Option<&str>,
    findings: &mut Findings,
    trace: &mut Trace,
) -> CitationFinding {
    let id = claim.id;
    let written = &claim.analysed.citations;
    let finding = check(written, layout, tied, claim.cfg.citation_check);
    for f in &finding.fabricated {
        // A labelled source's passages are cited by their labels: say which.
        let detail = match layout.passage_names {
            Some(names) if f.starts_with("passage") => format!(
                "Cites {f}, which does not exist: the source's passages are labelled {}.",
                labels_in_words(names)
            ),
            _ => {
                // `[2]` names passage 2; one who meant sentence S2 is told how to cite it.
                let sentence = f
                    .strip_prefix("passage ")
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|&n| n <= layout.sentences)
                    .map(|n| format!(" To cite sentence S{n}, write [S{n}]."))
                    .unwrap_or_default();
                format!(
                    "Cites {f}, which does not exist: the source has {} sentence{} in {} passage{}.{sentence}",
                    layout.sentences,
                    plural(layout.sentences),
                    layout.passages,
                    plural(layout.passages)
                )
            }
        };
        findings.reason(ReasonKind::FabricatedCitation, detail);
    }
    let misses = finding.points_to_support == Some(false);
    // A claim citing only what does not exist has been told so: "misses
    // the supporting sentence" would only say it again.
    if misses && finding.fabricated.len() < finding.cited.len() {
        // Cited by passage: the passage that holds the supporting sentence.
        let cites_passages = finding.cited.iter().any(|c| c.starts_with("passage"));
        let passage = best_source
            .and_then(crate::text::SourceSentence::index_of)
            .filter(|_| cites_passages)
            .and_then(|i| layout.passage_name_of(i + 1))
            .filter(|&p| p > 0)
            .map_or(String::new(), |p| format!(", in passage {p}"));
        findings.reason(
            ReasonKind::WrongCitation,
            format!(
                "Cites {}, but the sentence that supports it is {}{passage}.",
                finding.cited.join(", "),
                best_source.unwrap_or("-")
            ),
        );
    }
    let passed = finding.fabricated.is_empty() && !misses;
    if !passed {
        for c in written {
            findings.mark(Mark::answer(MarkKind::Citation, (c.start, c.end)));
        }
    }
    if !written.is_empty() {
        trace.push(
            Some(id),
            || EventKind::CitationCheck {
                passed,
                cited: finding.cited.clone(),
                fabricated: finding.fabricated.clone(),
            },
            || {
                let how = match (passed, finding.points_to_support) {
                    (false, _) if !finding.fabricated.is_empty() => {
                        "it points at nothing in the source"
                    }
                    (false, _) => "it misses the supporting sentence",
                    (true, Some(true)) => "it points at the supporting sentence",
                    _ => "not judged",
                };
                format!("{id} cites {}: {how}.", finding.cited.join(", "))
            },
        );
    }
    finding
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_say_when_citations_in_words_are_read() {
        assert!(LIMITS.contains("only with citations in words on"));
        assert!(crate::config::row::citations_in_words
            .label
            .eq_ignore_ascii_case("citations in words"));
    }

    fn layout(passage_of: &[usize]) -> SourceLayout<'_> {
        SourceLayout {
            sentences: passage_of.len(),
            passages: *passage_of.iter().max().unwrap_or(&0),
            passage_of,
            passage_names: None,
        }
    }

    #[test]
    fn citation_must_name_the_supporting_sentence() {
        let l = layout(&[1, 1, 1, 1, 1, 1]);
        let wrong = check(&find("[S2]"), &l, &[5], true);
        assert_eq!(wrong.points_to_support, Some(false));
        assert!(wrong.fabricated.is_empty());
        assert_eq!(
            check(&find("[S5]"), &l, &[5], true).points_to_support,
            Some(true)
        );
        // A tie with the best sentence is right.
        assert_eq!(
            check(&find("[S6]"), &l, &[5, 6], true).points_to_support,
            Some(true)
        );
        // Switched off, the pointing is not judged.
        assert_eq!(
            check(&find("[S2]"), &l, &[5], false).points_to_support,
            None
        );
    }

    #[test]
    fn passage_citation_must_contain_the_supporting_sentence() {
        let l = layout(&[1, 1, 2, 2, 3]);
        assert_eq!(
            check(&find("[2]"), &l, &[4], true).points_to_support,
            Some(true)
        );
        assert_eq!(
            check(&find("[1, 3]"), &l, &[4], true).points_to_support,
            Some(false)
        );
        assert_eq!(
            check(&find("[1-3]"), &l, &[4], true).points_to_support,
            Some(true)
        );
    }

    #[test]
    fn a_labelled_source_s_passages_are_cited_by_their_labels() {
        // Passages labelled [5], [6], [7] (a reference list), and text
        // before the first label (named 0).
        let names = [0, 5, 6, 7];
        let l = SourceLayout {
            passage_names: Some(&names),
            ..layout(&[1, 2, 2, 3, 4])
        };
        assert_eq!(
            check(&find("[7]"), &l, &[5], true).points_to_support,
            Some(true)
        );
        assert_eq!(
            check(&find("[5]"), &l, &[5], true).points_to_support,
            Some(false)
        );
        assert_eq!(
            check(&find("[5-6]"), &l, &[3], true).points_to_support,
            Some(true)
        );
        assert!(check(&find("[5-7]"), &l, &[5], true).fabricated.is_empty());
        for absent in ["[4]", "[1]", "[3]", "[6-8]", "[0]", "[1-100000]"] {
            assert_eq!(
                check(&find(absent), &l, &[5], true).fabricated.len(),
                1,
                "{absent}"
            );
        }
    }

    #[test]
    fn a_range_of_labels_exists_only_if_each_of_its_numbers_labels_a_passage() {
        // A label used twice does not stand in for a missing one.
        let names = [5, 5, 7];
        let l = SourceLayout {
            passage_names: Some(&names),
            ..layout(&[1, 2, 3])
        };
        assert!(check(&find("[5]"), &l, &[1], true).fabricated.is_empty());
        assert_eq!(check(&find("[5-7]"), &l, &[1], true).fabricated.len(), 1);
        // A range as wide as a long source's labels, out of order.
        let names: Vec<usize> = (1..=3000).rev().collect();
        let passage_of: Vec<usize> = (1..=3000).collect();
        let l = SourceLayout {
            passage_names: Some(&names),
            ..layout(&passage_of)
        };
        assert!(check(&find("[1-3000]"), &l, &[1], true)
            .fabricated
            .is_empty());
        assert_eq!(check(&find("[2-3001]"), &l, &[1], true).fabricated.len(), 1);
    }

    #[test]
    fn a_labelled_source_s_labels_are_named_when_a_citation_misses_them() {
        assert_eq!(labels_in_words(&[0, 5, 6, 7]), "5 to 7");
        assert_eq!(labels_in_words(&[3, 1, 2, 3]), "1 to 3");
        assert_eq!(labels_in_words(&[9, 4]), "4 and 9");
        assert_eq!(labels_in_words(&[2, 4, 6]), "2, 4 and 6");
        assert_eq!(labels_in_words(&[12]), "12");
        assert_eq!(
            labels_in_words(&[1, 3, 5, 7, 9, 11, 13, 15, 17, 19]),
            "1, 3, 5, 7, 9, 11, 13, 15 and 2 more"
        );
    }

    #[test]
    fn citations_to_nothing_are_fabricated() {
        let l = layout(&[1, 1, 1]);
        let f = check(&find("[S9]"), &l, &[1], false);
        assert_eq!(f.fabricated, ["S9"]);
        assert_eq!(
            check(&find("[2]"), &l, &[1], true).fabricated,
            ["passage 2"]
        );
        assert_eq!(check(&find("[S0]"), &l, &[], true).fabricated, ["S0"]);
        assert!(check(&find("[S3]"), &l, &[], true).fabricated.is_empty());
    }
}
