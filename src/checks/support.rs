//! Support: the share of a claim's content words found in one source sentence.
//!
//! **Computes** (seed 004) for every claim the source sentence sharing the
//! largest share of the claim's content words, counting numbers as content
//! words and ignoring stopwords; ties go to the earliest sentence. "The main
//! span is 460 metres long." shares four of its five content words with "The
//! main span is 410 metres long." (0.8); "The longest span measures 410
//! metres." shares three of five (0.6).
//!
//! **Catches** claims with no source sentence behind them: below the support
//! threshold the claim is `unsupported`.
//!
//! **Misses**: synonyms and paraphrase (`longest` ≠ `main`), negation (a
//! negated claim can share every word; see the negation check), facts that
//! need two sentences, and word order ("A hired B" = "B hired A").
//!
//! **Cost**: the source is indexed once (content word → sentences); a claim
//! only visits the sentences that share at least one of its words.
//!
//! **Defaults**: `support_threshold: 0.5`.

use serde::{Deserialize, Serialize};

use crate::text::{Document, Token};

/// What this check cannot see, in plain words, for the lab to show where the
/// user meets it.
pub const LIMITS: &str = "Support counts shared words: a paraphrase scores low (\"longest\" is not \"main\"), a synonym not at all, word order is ignored, and a fact that needs two sentences has no single best sentence.";

/// The best source sentence for one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Support {
    /// Index (0-based) of the best sentence; `None` when no sentence shares a word.
    pub best: Option<usize>,
    /// Every sentence (0-based) that supports the claim exactly as well as the best.
    pub tied: Vec<usize>,
    /// `matched / total`, 0 when the claim has no content words.
    pub support: f64,
    pub matched: usize,
    pub total: usize,
    /// Which of the claim's content terms (by position) the best sentence holds.
    pub matched_terms: Vec<usize>,
    /// How many sentences were compared with the claim (those sharing a word).
    pub sentences_compared: usize,
}

/// Find the best supporting sentence for a claim's content terms.
pub fn best_sentence(terms: &[&Token], doc: &Document) -> Support {
    let total = terms.len();
    let ids: Vec<Option<u32>> = terms.iter().map(|t| doc.term_id(&t.key)).collect();
    let known: Vec<u32> = ids.iter().flatten().copied().collect();
    // (sentence, shared words) for every sentence sharing a word, in the order first touched.
    let shared = doc.sentences_sharing(&known);
    let top = shared.iter().map(|&(_, n)| n).max().unwrap_or(0);
    if top == 0 || total == 0 {
        return Support {
            best: None,
            tied: vec![],
            support: 0.0,
            matched: 0,
            total,
            matched_terms: vec![],
            sentences_compared: shared.len(),
        };
    }
    let mut tied: Vec<usize> = shared
        .iter()
        .filter(|&&(_, n)| n == top)
        .map(|&(s, _)| s as usize)
        .collect();
    crate::order::sort_dedup(&mut tied);
    let best = tied[0];
    let held = &doc.sentences[best].term_ids;
    let matched_terms = ids
        .iter()
        .enumerate()
        .filter(|(_, id)| id.is_some_and(|id| held.binary_search(&id).is_ok()))
        .map(|(i, _)| i)
        .collect();
    Support {
        best: Some(best),
        tied,
        support: f64::from(top) / total as f64,
        matched: top as usize,
        total,
        matched_terms,
        sentences_compared: shared.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{Analysed, AnalysisOptions};

    const OPTS: AnalysisOptions = AnalysisOptions::SEED;

    fn support(claim: &str, source: &str) -> Support {
        let doc = Document::analyse(source, OPTS);
        let a = Analysed::new(claim, 0, claim.len(), OPTS);
        best_sentence(&a.content_terms(), &doc)
    }

    #[test]
    fn seed_004_wrong_span_overlaps_four_of_five() {
        let s = support(
            "The main span is 460 metres long.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.matched, s.total, s.support), (4, 5, 0.8));
        assert_eq!(s.matched_terms, [0, 1, 3, 4]);
    }

    #[test]
    fn seed_004_paraphrase_overlaps_three_of_five() {
        let s = support(
            "The longest span measures 410 metres.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.matched, s.total, s.support), (3, 5, 0.6));
    }

    #[test]
    fn counts_kept_between_claims_start_from_zero_every_time() {
        let big = "Alpha beta gamma. Alpha beta. Beta gamma delta. Alpha.";
        let first = support("Alpha beta gamma delta.", big);
        // A smaller document, then the first again: nothing left over.
        assert_eq!(support("Beta.", "Gamma. Beta epsilon.").best, Some(1));
        assert_eq!(support("Alpha beta gamma delta.", big), first);
        assert_eq!((first.best, first.matched), (Some(0), 3));
    }

    #[test]
    fn ties_go_to_the_earliest_sentence() {
        let s = support("Alpha beta.", "Gamma alpha. Delta beta. Alpha epsilon.");
        assert_eq!(s.best, Some(0));
        assert_eq!(s.tied, [0, 1, 2]);
    }

    #[test]
    fn no_shared_word_means_no_best_sentence() {
        let s = support(
            "It won a European engineering award in 2020.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.best, s.support), (None, 0.0));
    }

    #[test]
    fn only_sentences_sharing_a_word_are_compared() {
        let mut source = String::new();
        for i in 0..500 {
            source.push_str(&format!("Filler sentence number {i} about nothing. "));
        }
        source.push_str("The bridge opened in 1998.");
        let s = support("The bridge opened in 1998.", &source);
        assert_eq!(s.best, Some(500));
        assert_eq!(s.sentences_compared, 1);
    }
}
