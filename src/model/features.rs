//! What the learned score reads about one claim: a few numbers, each from 0
//! to 1, computed from what the checks found and from the words themselves.
//!
//! **Reads**, for a claim against its source:
//! - `unsupported`: 1 − support (seed 004's share of content words the best
//!   sentence lacks);
//! - `rare_words_missing`: the same share with each word weighted by how rare
//!   it is in the source (inverse sentence frequency), so a missing name
//!   counts more than a missing "said";
//! - `novel_words`: the share of its content words that no source sentence
//!   holds at all, and `rare_words_novel`, the same weighted by rarity;
//! - `most_specific_missing`: how specific the rarest missing word is (1
//!   for a word the source never uses);
//! - `word_pairs_missing`: the share of adjacent content-word pairs the best
//!   sentence does not have in that order ("A hired B" against "B hired A");
//! - `wrong_number`, `negation_flip`, `opposite_word`, `invented_name`,
//!   `bad_citation`, `no_source`: 1 when that check found it;
//! - `weak`: 1 when support is under one half (the share read as a cliff,
//!   not a slope);
//! - `hedged` and `assertive`: how strongly its words hedge ("might",
//!   "probably") or assert ("definitely"), from the confidence check's
//!   score of the claim alone (0.5 is neutral);
//! - `length`: how many content words, on a log scale (1 at 63).
//!
//! **Misses** everything a word count misses: synonyms and paraphrase count
//! as missing words, and meaning beyond words is not read.
//!
//! The names are those of the model file (`models/answer-score.json`), the
//! JSON report and the lab's chart.

use rustc_hash::FxHashSet;

use crate::checks::citations::CitationFinding;
use crate::text::{Document, Token};

/// How many features a claim has.
pub const COUNT: usize = 16;

/// Each feature's name, in the order of [`ClaimFeatures::values`].
pub const NAMES: [&str; COUNT] = [
    "unsupported",
    "rare_words_missing",
    "novel_words",
    "rare_words_novel",
    "most_specific_missing",
    "word_pairs_missing",
    "wrong_number",
    "negation_flip",
    "opposite_word",
    "invented_name",
    "bad_citation",
    "no_source",
    "weak",
    "hedged",
    "assertive",
    "length",
];

/// The features that are a yes or a no (1 or 0 for a claim; an answer's
/// value is its claims' maximum, so still 1 or 0).
pub const YES_OR_NO: [&str; 7] = [
    "wrong_number",
    "negation_flip",
    "opposite_word",
    "invented_name",
    "bad_citation",
    "no_source",
    "weak",
];

/// What the learned score reads about one claim.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClaimFeatures {
    /// In [`NAMES`]' order, each from 0 to 1.
    pub values: [f64; COUNT],
}

impl Default for Findings<'_> {
    fn default() -> Self {
        Findings {
            support: 0.0,
            confidence: 0.5,
            best: None,
            wrong_number: false,
            negation_flip: false,
            opposite_word: false,
            invented_name: false,
            citations: None,
        }
    }
}

/// What the checks found about a claim, as the features read it.
#[derive(Debug, Clone, Copy)]
pub struct Findings<'a> {
    pub support: f64,
    /// The confidence check's score of the claim alone (0.5 neutral).
    pub confidence: f64,
    /// The best sentence (0-based), if any sentence shares a word.
    pub best: Option<usize>,
    pub wrong_number: bool,
    pub negation_flip: bool,
    pub opposite_word: bool,
    pub invented_name: bool,
    pub citations: Option<&'a CitationFinding>,
}

impl ClaimFeatures {
    /// The features of a claim whose content terms are `terms` (each key
    /// once, in order, as support counts them).
    pub fn of(terms: &[&Token], doc: &Document, found: &Findings) -> ClaimFeatures {
        let sentences = doc.sentences.len() as f64;
        // Inverse sentence frequency, from 0 (in every sentence) to 1 (in none).
        let top = (2.0 * (sentences + 1.0)).ln();
        let rarity = |key: &str| -> f64 {
            let df = doc.term_id(key).map_or(0, |id| doc.postings(id).len()) as f64;
            ((sentences + 1.0) / (df + 0.5)).ln().max(0.0) / top
        };
        let best = found.best.map(|i| &doc.sentences[i]);
        let held_by_best = |key: &str| {
            found
                .best
                .zip(doc.term_id(key))
                .is_some_and(|(s, id)| doc.holds(s, id))
        };
        let (mut weight, mut missing_weight, mut novel_weight) = (0.0, 0.0, 0.0);
        let (mut novel, mut most_specific) = (0usize, 0.0f64);
        for t in terms {
            let r = rarity(t.key());
            weight += r;
            if doc.term_id(t.key()).is_none() {
                novel += 1;
                novel_weight += r;
            }
            if !held_by_best(t.key()) {
                missing_weight += r;
                most_specific = most_specific.max(r);
            }
        }
        let n = terms.len();
        let share = |part: f64, whole: f64| if whole > 0.0 { part / whole } else { 0.0 };
        let citation_problem = found
            .citations
            .is_some_and(|c| !c.fabricated.is_empty() || c.points_to_support == Some(false));
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        ClaimFeatures {
            values: [
                if n == 0 { 0.0 } else { 1.0 - found.support },
                share(missing_weight, weight),
                share(novel as f64, n as f64),
                share(novel_weight, weight),
                most_specific,
                pairs_missing(terms, best.map(|s| s.analysed(doc).tokens.as_slice())),
                flag(found.wrong_number),
                flag(found.negation_flip),
                flag(found.opposite_word),
                flag(found.invented_name),
                flag(citation_problem),
                flag(found.best.is_none() && n > 0),
                flag(n > 0 && found.support < 0.5),
                ((0.5 - found.confidence) * 2.0).clamp(0.0, 1.0),
                ((found.confidence - 0.5) * 2.0).clamp(0.0, 1.0),
                ((n as f64 + 1.0).ln() / 64f64.ln()).min(1.0),
            ],
        }
    }
}

/// The share of the claim's adjacent content-term pairs that the sentence
/// does not have in the same order among its own content words (1 without
/// a sentence; 0 for a claim of one word).
fn pairs_missing(terms: &[&Token], sentence: Option<&[Token]>) -> f64 {
    if terms.len() < 2 {
        return 0.0;
    }
    let Some(tokens) = sentence else { return 1.0 };
    let content: Vec<&str> = tokens
        .iter()
        .filter(|t| t.content)
        .map(|t| t.key())
        .collect();
    let pairs: FxHashSet<(&str, &str)> = content.windows(2).map(|w| (w[0], w[1])).collect();
    let missing = terms
        .windows(2)
        .filter(|w| !pairs.contains(&(w[0].key(), w[1].key())))
        .count();
    missing as f64 / (terms.len() - 1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::text::Analysed;

    fn features(
        source: &str,
        claim: &str,
        found: impl Fn(usize) -> Findings<'static>,
    ) -> ClaimFeatures {
        let cfg = Config::default();
        let doc = Document::analyse(source, (&cfg).into());
        let analysed = Analysed::new(claim, 0, claim.len(), (&cfg).into());
        let terms = analysed.content_terms();
        let sup = crate::checks::support::best_sentence(&terms, &doc);
        let mut f = found(terms.len());
        f.support = sup.support;
        f.best = sup.best;
        ClaimFeatures::of(&terms, &doc, &f)
    }

    fn value(f: &ClaimFeatures, name: &str) -> f64 {
        f.values[NAMES.iter().position(|n| *n == name).unwrap()]
    }

    #[test]
    fn a_claim_the_source_states_reads_as_held() {
        let f = features(
            "The bridge opened in 1932. Its main span is 410 metres long.",
            "The main span is 410 metres long.",
            |_| Findings::default(),
        );
        for name in [
            "unsupported",
            "rare_words_missing",
            "novel_words",
            "word_pairs_missing",
            "no_source",
            "weak",
            "hedged",
            "assertive",
        ] {
            assert_eq!(value(&f, name), 0.0, "{name}");
        }
        assert!(value(&f, "length") > 0.3);
    }

    #[test]
    fn a_word_the_source_never_uses_is_novel_and_most_specific() {
        let f = features(
            "The bridge opened in 1932. Its main span is 410 metres long.",
            "The main span was painted by Rembrandt.",
            |_| Findings::default(),
        );
        assert!(value(&f, "novel_words") > 0.3, "{:?}", f.values);
        assert_eq!(value(&f, "most_specific_missing"), 1.0);
        // Rare words weigh more than their count: the novel words are the rarest.
        assert!(value(&f, "rare_words_novel") > value(&f, "novel_words"));
    }

    #[test]
    fn swapped_order_misses_word_pairs_but_not_words() {
        let f = features(
            "Acme hired Brown in May.",
            "Brown hired Acme in May.",
            |_| Findings::default(),
        );
        assert_eq!(value(&f, "unsupported"), 0.0);
        assert!(value(&f, "word_pairs_missing") > 0.5, "{:?}", f.values);
    }

    #[test]
    fn check_findings_are_flags_and_no_words_is_all_zero() {
        let f = features("A cat sat.", "The dog barked.", |_| Findings {
            wrong_number: true,
            ..Findings::default()
        });
        assert_eq!(value(&f, "wrong_number"), 1.0);
        assert_eq!(value(&f, "no_source"), 1.0);
        assert_eq!(value(&f, "word_pairs_missing"), 1.0);
        assert_eq!(value(&f, "weak"), 1.0);
        let empty = features("A cat sat.", "It is.", |_| Findings::default());
        assert!(empty.values.iter().all(|v| *v == 0.0), "{:?}", empty.values);
    }

    #[test]
    fn yes_or_no_features_are_only_ever_zero_or_one() {
        let claims = [
            "The dog barked at 1932 cats.",
            "The main span is 410 metres long.",
            "It was never painted by Rembrandt.",
        ];
        for claim in claims {
            let f = features(
                "The bridge opened in 1932. Its main span is 410 metres long.",
                claim,
                |_| Findings {
                    wrong_number: claim.contains("1932"),
                    ..Findings::default()
                },
            );
            for name in YES_OR_NO {
                assert!(NAMES.contains(&name), "{name}");
                let v = value(&f, name);
                assert!(v == 0.0 || v == 1.0, "{claim}: {name} = {v}");
            }
        }
    }
}
