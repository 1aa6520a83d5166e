//! Confidence: how sure the answer sounds, from its words alone.
//!
//! **Computes** (seed 001's "poor man's logprobs") a 0–1 score: start at 0.5,
//! add up to 0.5 for assertive markers ("definitely", "guaranteed", "without
//! a doubt") and take away up to 0.5 for hedges ("might", "I think",
//! "possibly"), each counted per ten words of the answer:
//!
//! `0.5 + min(high / (words/10), 1) × 0.5 − min(low / (words/10), 1) × 0.5`,
//! clamped to 0–1.
//!
//! **Catches**, with faithfulness, the pattern seed 001 found most dangerous:
//! an answer that sounds certain (confidence above `confidence_threshold`,
//! 0.75) while most of its claims are ungrounded (faithfulness below
//! `faithfulness_threshold`, 0.50) → `confident_but_unfaithful`.
//!
//! **Misses**: confidence carried by tone rather than markers, sarcasm,
//! markers inside quotations, and any real probability: this is word
//! counting, not calibration.

use serde::{Deserialize, Serialize};

use crate::text::scan::find_word_ci;

/// What this check cannot see, in plain words, for the lab to show where the
/// user meets it.
pub const LIMITS: &str = "Confidence is word counting, not probability: a fluent wrong answer with no marker scores a neutral 0.5.";

/// Phrases that assert certainty.
pub const HIGH: &[&str] = &[
    "definitely", "certainly", "clearly", "undoubtedly", "absolutely", "guaranteed", "guarantee",
    "always", "without a doubt", "without doubt", "no doubt", "obviously", "unquestionably",
    "surely", "100%", "proven", "officially", "of course", "for sure", "rest assured",
];

/// Phrases that hedge.
pub const LOW: &[&str] = &[
    "might", "may", "could", "possibly", "perhaps", "maybe", "probably", "likely", "i think",
    "i believe", "i guess", "it seems", "seems", "appears", "not sure", "uncertain", "unclear",
    "approximately", "roughly", "i'm not certain", "i’m not certain", "as far as i know",
];

/// A marker found in the answer, with its byte span.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    pub text: String,
    pub assertive: bool,
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Confidence {
    pub score: f64,
    pub words: usize,
    pub markers: Vec<Marker>,
}

fn find_markers(lower: &str, text: &str, list: &[&str], assertive: bool, out: &mut Vec<Marker>) {
    for phrase in list {
        for (start, end) in find_word_ci(lower, phrase) {
            // A longer marker already covers it ("without a doubt" over "no doubt").
            if out.iter().any(|m| start < m.end && m.start < end) {
                continue;
            }
            // Lower-casing keeps byte offsets only for text whose case mapping
            // keeps lengths; otherwise report the lower-cased text.
            let found = &lower[start..end];
            let surface = text.get(start..end).filter(|s| s.to_lowercase() == found).unwrap_or(found);
            out.push(Marker { text: surface.to_string(), assertive, start, end });
        }
    }
}

/// Score how sure `answer` sounds.
pub fn score(answer: &str) -> Confidence {
    let lower = answer.to_lowercase();
    let words = answer.split_whitespace().count().max(1);
    let mut markers = Vec::new();
    find_markers(&lower, answer, HIGH, true, &mut markers);
    find_markers(&lower, answer, LOW, false, &mut markers);
    crate::text::scan::sort_by_index_key(&mut markers, |m| m.start);
    let per_ten = words as f64 / 10.0;
    let high = markers.iter().filter(|m| m.assertive).count() as f64;
    let low = markers.len() as f64 - high;
    let score = (0.5 + (high / per_ten).min(1.0) * 0.5 - (low / per_ten).min(1.0) * 0.5).clamp(0.0, 1.0);
    Confidence { score, words, markers }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neutral_text_scores_one_half() {
        assert_eq!(score("The Pro plan costs $10 per month, billed monthly.").score, 0.5);
    }

    #[test]
    fn assertive_answer_scores_high() {
        let c = score("This is definitely guaranteed and always true.");
        assert_eq!(c.markers.len(), 3);
        assert_eq!(c.score, 1.0);
    }

    #[test]
    fn hedged_answer_scores_low() {
        let c = score("I think it might possibly be around ten, but perhaps not.");
        assert!(c.score < 0.2, "{}", c.score);
    }

    #[test]
    fn one_marker_per_ten_words_is_the_full_effect() {
        // One assertive marker in 20 words: 0.5 + (1 / 2) * 0.5 = 0.75.
        let text = "It is clearly the case that the bridge opened in the year it was planned to open and it did so.";
        assert_eq!(text.split_whitespace().count(), 21);
        let c = score(text);
        assert!((c.score - (0.5 + 0.5 * 10.0 / 21.0)).abs() < 1e-12);
    }

    #[test]
    fn bounded_for_any_input() {
        for text in ["", " ", "definitely", "might", "definitely definitely definitely", "ÄÖÜ", "👍 100%"] {
            let s = score(text).score;
            assert!((0.0..=1.0).contains(&s), "{text}: {s}");
        }
    }

    #[test]
    fn markers_are_whole_words_with_spans() {
        let text = "Mayday: it may work, 100% sure.";
        let c = score(text);
        let found: Vec<&str> = c.markers.iter().map(|m| &text[m.start..m.end]).collect();
        assert_eq!(found, ["may", "100%"]);
    }
}
