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
/// `split_whitespace` counts them), in one pass: the answer's every byte is
/// read here, its few word starts by [`find_markers`]. ASCII is read eight
/// bytes at a time ([`ascii_classes`]); other characters one at a time.
fn word_starts(text: &str) -> (Vec<usize>, usize) {
    let bytes = text.as_bytes();
    let mut starts = Vec::new();
    let mut words = 0;
    // The text starts after whitespace.
    let (mut after_alphanumeric, mut after_space) = (false, true);
    let mut at = 0;
    while at < bytes.len() {
        if let Some(chunk) = bytes.get(at..at + 8) {
            let chunk = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            if let Some((alphanumeric, space)) = ascii_classes(chunk) {
                let mut begins =
                    alphanumeric & !(alphanumeric << 1 | u32::from(after_alphanumeric)) & 0xFF;
                while begins != 0 {
                    starts.push(at + begins.trailing_zeros() as usize);
                    begins &= begins - 1;
                }
                words +=
                    (!space & (space << 1 | u32::from(after_space)) & 0xFF).count_ones() as usize;
                after_alphanumeric = alphanumeric & 0x80 != 0;
                after_space = space & 0x80 != 0;
                at += 8;
                continue;
            }
        }
        let (alphanumeric, space, len) = match bytes[at] {
            b if b.is_ascii() => (
                b.is_ascii_alphanumeric(),
                matches!(b, b'\t'..=b'\r' | b' '),
                1,
            ),
            _ => {
                let c = text[at..].chars().next().unwrap_or(' ');
                (c.is_alphanumeric(), c.is_whitespace(), c.len_utf8())
            }
        };
        if alphanumeric && !after_alphanumeric {
            starts.push(at);
        }
        words += usize::from(after_space && !space);
        (after_alphanumeric, after_space) = (alphanumeric, space);
        at += len;
    }
    (starts, words)
}

/// Eight ASCII bytes' classes as two masks, bit `k` for byte `k`: letters
/// and digits, and whitespace (`char::is_whitespace`: tab to carriage
/// return, and space); `None` when a byte is not ASCII.
fn ascii_classes(chunk: u64) -> Option<(u32, u32)> {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    if chunk & HIGH_BITS != 0 {
        return None;
    }
    // The high bit of each byte, for a byte below 0x80: is it in lo..=hi?
    // (Adding at most 0x80 to a byte below 0x80 carries into no other byte.)
    let within = |x: u64, lo: u8, hi: u8| {
        let at_least_lo = x + ONES * u64::from(0x80 - lo);
        let above_hi = x + ONES * u64::from(0x7F - hi);
        at_least_lo & !above_hi & HIGH_BITS
    };
    // The high bits gathered into the low byte, byte k to bit k.
    let gather = |high: u64| ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    let alphanumeric = within(chunk, b'0', b'9') | within(chunk | (ONES * 0x20), b'a', b'z');
    let space = within(chunk, b'\t', b'\r') | within(chunk, b' ', b' ');
    Some((gather(alphanumeric), gather(space)))
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

    /// The word starts and count read a character at a time (what reading
    /// eight bytes at a time must keep).
    fn word_starts_char_by_char(text: &str) -> (Vec<usize>, usize) {
        let mut starts = Vec::new();
        let mut previous: Option<char> = None;
        for (i, c) in text.char_indices() {
            if c.is_alphanumeric() && !previous.is_some_and(char::is_alphanumeric) {
                starts.push(i);
            }
            previous = Some(c);
        }
        (starts, text.split_whitespace().count())
    }

    #[test]
    fn eight_bytes_at_a_time_read_as_characters_one_at_a_time() {
        for text in [
            "",
            "abcdefgh",
            "abcdefg h",
            "a0 Z9 _x @[`{ /: ~",
            "\t\n\x0B\x0C\r abcdefgh\x1c\x1d\x1e\x1f  ij",
            "ééé abcdefgh 漢字 abcdefgh\u{a0}abcdefgh\u{2003}x",
            "twelve bytes then é, then more ASCII words, then 😀 at the end",
        ] {
            assert_eq!(
                word_starts(text),
                word_starts_char_by_char(text),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn eight_bytes_at_a_time_read_as_characters_one_at_a_time_for_any_text(
            text in "[ -~\t\n\r\x0B\x0C\x1cé漢\u{a0}\u{2003}😀]{0,80}"
        ) {
            proptest::prop_assert_eq!(word_starts(&text), word_starts_char_by_char(&text));
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
