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

use crate::text::scan::{glued_after, starts_with_ci};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Confidence is word counting, not probability: a fluent wrong answer with no marker scores a neutral 0.5.";

/// Phrases that assert certainty.
pub const HIGH: &[&str] = &[
    "definitely",
    "certainly",
    "clearly",
    "undoubtedly",
    "absolutely",
    "guaranteed",
    "guarantee",
    "always",
    "without a doubt",
    "without doubt",
    "no doubt",
    "obviously",
    "unquestionably",
    "surely",
    "100%",
    "proven",
    "officially",
    "of course",
    "for sure",
    "rest assured",
];

/// Phrases that hedge.
pub const LOW: &[&str] = &[
    "might",
    "may",
    "could",
    "possibly",
    "perhaps",
    "maybe",
    "probably",
    "likely",
    "i think",
    "i believe",
    "i guess",
    "it seems",
    "seems",
    "appears",
    "not sure",
    "uncertain",
    "unclear",
    "approximately",
    "roughly",
    "i'm not certain",
    "i’m not certain",
    "as far as i know",
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

/// Do some phrase's first two bytes read `first`, `second`?
fn may_begin_a_phrase(first: u8, second: u8) -> bool {
    static PAIRS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let pairs = PAIRS.get_or_init(|| {
        let mut bits = vec![0u64; 1024];
        for phrase in HIGH.iter().chain(LOW) {
            let b = phrase.as_bytes();
            let pair = usize::from(b[0]) << 8 | usize::from(b[1]);
            bits[pair / 64] |= 1 << (pair % 64);
        }
        bits
    });
    let pair = usize::from(first) << 8 | usize::from(second);
    pairs[pair / 64] & 1 << (pair % 64) != 0
}

/// The markers of both lists whose first byte is `first`, as (list order,
/// phrase, assertive): assertive phrases first, each list in its order.
fn phrases_starting_with(first: u8) -> &'static [(usize, &'static str, bool)] {
    type Index = Vec<Vec<(usize, &'static str, bool)>>;
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index: Index = vec![Vec::new(); 256];
        let all = HIGH
            .iter()
            .map(|p| (p, true))
            .chain(LOW.iter().map(|p| (p, false)));
        for (order, (phrase, assertive)) in all.enumerate() {
            index[usize::from(phrase.as_bytes()[0])].push((order, phrase, assertive));
        }
        index
    });
    &index[usize::from(first)]
}

/// Where each word of `text` starts (a letter or digit after none), and
/// how many runs of characters between whitespace it has (as
/// `split_whitespace` counts them), in one tight pass: the answer's every
/// byte is read here, its few word starts by [`find_markers`].
fn word_starts(text: &str) -> (Vec<usize>, usize) {
    // ASCII classes: bit 0 a letter or digit, bit 1 whitespace
    // (`char::is_whitespace`: tab to carriage return, and space).
    const CLASS: [u8; 128] = {
        let mut class = [0u8; 128];
        let mut b = 0;
        while b < 128 {
            let c = b as u8;
            class[b] = (c.is_ascii_alphanumeric() as u8)
                | ((matches!(c, b'\t'..=b'\r' | b' ') as u8) << 1);
            b += 1;
        }
        class
    };
    let bytes = text.as_bytes();
    let mut starts = Vec::new();
    let (mut words, mut previous) = (0, 2u8); // the text starts after whitespace
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        let (class, len) = if b < 0x80 {
            (CLASS[usize::from(b)], 1)
        } else {
            let c = text[at..].chars().next().unwrap_or(' ');
            (
                u8::from(c.is_alphanumeric()) | (u8::from(c.is_whitespace()) << 1),
                c.len_utf8(),
            )
        };
        if class & 1 != 0 && previous & 1 == 0 {
            starts.push(at);
        }
        words += usize::from(previous & 2 != 0 && class & 2 == 0);
        previous = class;
        at += len;
    }
    (starts, words)
}

/// Every marker in the answer, in one pass over its word starts (every
/// marker begins with a letter or digit), and how many words it has (runs
/// of characters between whitespace, as `split_whitespace` counts them).
/// Where markers overlap, the one listed first wins ("without a doubt"
/// over "no doubt"; assertive lists come before hedges).
///
/// The phrases are ASCII and lower case, and lower-casing never turns a
/// non-ASCII character into an ASCII one, so the text is compared as it is,
/// ignoring ASCII case, without a lower-cased copy.
fn find_markers(text: &str) -> (Vec<Marker>, usize) {
    let (starts, words) = word_starts(text);
    let mut found: Vec<(usize, usize, usize, bool)> = Vec::new(); // (list order, start, end, assertive)
    let bytes = text.as_bytes();
    for start in starts {
        // Only phrases beginning with these two bytes can match here (most
        // words begin as no phrase does), and of those only those whose
        // second byte follows.
        let b = bytes[start].to_ascii_lowercase();
        let Some(second) = bytes.get(start + 1).map(u8::to_ascii_lowercase) else {
            continue; // every phrase has two bytes or more
        };
        if !may_begin_a_phrase(b, second) {
            continue;
        }
        let second = Some(second);
        for &(order, phrase, assertive) in phrases_starting_with(b) {
            if phrase.as_bytes().get(1).copied() != second {
                continue;
            }
            let end = start + phrase.len();
            if starts_with_ci(text, start, phrase)
                && text.is_char_boundary(end)
                && !(phrase.ends_with(char::is_alphanumeric) && glued_after(text, end))
                && !is_the_month(text, start, end)
            {
                found.push((order, start, end, assertive));
            }
        }
    }
    crate::order::sort_by(&mut found, Ord::cmp);
    let mut out: Vec<Marker> = Vec::new();
    for (_, start, end, assertive) in found {
        if out.iter().any(|m| start < m.end && m.start < end) {
            continue;
        }
        out.push(Marker {
            text: text[start..end].to_string(),
            assertive,
            start,
            end,
        });
    }
    (out, words)
}

/// Is the hedge "may" at `start..end` the month? "May" written with a
/// capital inside a sentence ("fell in May"), or before a number ("May 3",
/// "May 2024"), is the month; "May I…" opening a sentence is the verb.
fn is_the_month(text: &str, start: usize, end: usize) -> bool {
    if &text[start..end] != "May" {
        return false;
    }
    let before = text[..start].trim_end();
    let opens_sentence = before.is_empty() || before.ends_with(['.', '!', '?', '\n', ':', '"']);
    let number_after = text[end..]
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit());
    !opens_sentence || number_after
}

/// Score how sure `answer` sounds.
pub fn score(answer: &str) -> Confidence {
    let (mut markers, words) = find_markers(answer);
    let words = words.max(1);
    crate::order::sort_by_key(&mut markers, |m| m.start);
    let per_ten = words as f64 / 10.0;
    let high = markers.iter().filter(|m| m.assertive).count() as f64;
    let low = markers.len() as f64 - high;
    let score =
        (0.5 + (high / per_ten).min(1.0) * 0.5 - (low / per_ten).min(1.0) * 0.5).clamp(0.0, 1.0);
    Confidence {
        score,
        words,
        markers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_month_of_may_is_not_a_hedge() {
        let month = score("Unemployment fell to 4.2% in May. Inflation was 3% that month.");
        assert_eq!(month.score, 0.5, "{:?}", month.markers);
        assert_eq!(score("May 2024 was dry.").markers.len(), 0);
        assert_eq!(score("It may rain. May I help?").markers.len(), 2);
    }

    /// The markers as a phrase-by-phrase search finds them (the definition
    /// the one-pass search must keep).
    fn markers_phrase_by_phrase(text: &str) -> Vec<(usize, usize, bool)> {
        let lower = text.to_lowercase();
        let mut out: Vec<(usize, usize, bool)> = Vec::new();
        for (list, assertive) in [(HIGH, true), (LOW, false)] {
            for phrase in list {
                for (start, end) in crate::text::scan::find_word_ci(&lower, phrase) {
                    if !out.iter().any(|m| start < m.1 && m.0 < end) {
                        out.push((start, end, assertive));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// What the one-pass search counts on: a phrase has two bytes or more,
    /// and no upper case (the text is compared ignoring ASCII case).
    #[test]
    fn every_phrase_is_two_bytes_or_more_in_lower_case() {
        for phrase in HIGH.iter().chain(LOW) {
            assert!(phrase.len() >= 2, "{phrase}");
            assert_eq!(phrase.to_lowercase(), *phrase);
        }
    }

    #[test]
    fn words_are_counted_between_whitespace_of_every_kind() {
        for text in [
            " a\tb\nc\x0Bd\x0Ce\rf  g ",
            "a\u{85}b\u{a0}c\u{1680}d\u{2003}e\u{2028}f\u{3000}g\u{200b}h",
            "\u{a0}",
            "one",
            "\x1c\x1fx y",
            "é ü 漢字 😀",
        ] {
            assert_eq!(
                find_markers(text).1,
                text.split_whitespace().count(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn one_pass_finds_what_a_phrase_by_phrase_search_finds() {
        for text in [
            "Without a doubt, and with no doubt at all, it is 100% certain; I think it might maybe be so.",
            "MAYBE-maybe mayday? Possibly possibly. As far as I know it seems, it seems clearly surely.",
            "I’m not certain; I'm not certain. Of course, for sure, rest assured: 100%100% guaranteed.",
            "",
            "ÄÖÜ definitely ß may",
            "DEFINITELY Σmay ΣMAYBE, I THINK; It Seems 100% ÉClearly Clearly.",
        ] {
            let found: Vec<_> = score(text).markers.iter().map(|m| (m.start, m.end, m.assertive)).collect();
            assert_eq!(found, markers_phrase_by_phrase(text), "{text}");
            assert_eq!(score(text).words, text.split_whitespace().count().max(1), "{text}");
        }
    }

    #[test]
    fn neutral_text_scores_one_half() {
        assert_eq!(
            score("The Pro plan costs $10 per month, billed monthly.").score,
            0.5
        );
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
        for text in [
            "",
            " ",
            "definitely",
            "might",
            "definitely definitely definitely",
            "ÄÖÜ",
            "👍 100%",
        ] {
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
