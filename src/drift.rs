//! Drift: the same question gets a different answer over time (seed 001's fifth check).
//!
//! Every answer to a question leaves a small [`Fingerprint`] (its numbers by
//! value, its first 20 long words, its polarity and a length bucket; never
//! the text itself). A new answer is compared with the last `drift_window`
//! (10) fingerprints of that question:
//!
//! - `delta` = 1 − similarity to the previous answer; above `drift_threshold`
//!   (0.35) is drift;
//! - the mean similarity to the window; below `drift_min_similarity` (0.65) is
//!   drift too.
//!
//! Drift needs `drift_min_history` (3) earlier answers before it can fire, and
//! an answer identical to the previous one is never drift.
//!
//! Similarity = 0.4 × Jaccard(numbers) + 0.4 × Jaccard(long words)
//! + 0.1 × same polarity + 0.1 × length within one bucket.
//!
//! Storage sits behind [`DriftStore`]: SQLite in the CLI; the lab keeps the
//! same fingerprints in IndexedDB.
//!
//! **Misses**: drift in the first three answers (it is a trailing signal),
//! rewording that keeps the facts but changes every long word (a false alarm),
//! and a wrong answer that has been wrong from the start.

use serde::{Deserialize, Serialize};

use crate::named::named_enum;

use crate::checks::numbers::NumberMention;
use crate::config::Config;
use crate::text::case::Lowercase;
use crate::text::decimal::Decimal;
use crate::text::{sentences, Analysed, AnalysisOptions};

/// What drift cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Drift needs three earlier answers, so the first bad answers after a change are served before it fires; rewording that keeps the facts can raise a false alarm.";

named_enum! {
    /// An answer's overall polarity, as its fingerprint keeps it.
    pub enum Polarity {
        Positive = "positive",
        Negative = "negative",
        Neutral = "neutral",
    }
}

/// What is kept of an answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Canonical values of its numbers, sorted, without repeats.
    pub numbers: Vec<String>,
    /// Its first 20 distinct words longer than five letters, lower-cased.
    pub key_words: Vec<String>,
    pub polarity: Polarity,
    /// Length in characters / 100.
    pub length_bucket: usize,
    /// When it was recorded (ms since the Unix epoch), if the caller knows.
    #[serde(default)]
    pub recorded_at: Option<f64>,
}

const POSITIVE: &[&str] = &[
    "available",
    "best",
    "can",
    "free",
    "good",
    "great",
    "included",
    "includes",
    "success",
    "supported",
    "supports",
    "yes",
];
const NEGATIVE: &[&str] = &[
    "bad",
    "cannot",
    "error",
    "fail",
    "failed",
    "never",
    "no",
    "none",
    "not",
    "unavailable",
    "without",
];

/// The history an answer is compared with: `history` without its last
/// entry when that entry is this very answer, recorded (an answer is not
/// compared with itself: once recorded, it still drifted from the one before).
pub fn history_before<'a>(history: &'a [Fingerprint], answer: &Fingerprint) -> &'a [Fingerprint] {
    match history.split_last() {
        Some((last, before))
            if Fingerprint {
                recorded_at: None,
                ..last.clone()
            } == Fingerprint {
                recorded_at: None,
                ..answer.clone()
            } =>
        {
            before
        }
        _ => history,
    }
}

/// Fingerprint an answer. It is read sentence by sentence, as a check reads
/// its claims, so that a check can take the fingerprint from the sentences
/// it has already analysed (`fingerprint_of_sentences`).
pub fn fingerprint(answer: &str) -> Fingerprint {
    let analysed: Vec<Analysed> = sentences::split(answer)
        .into_iter()
        .map(|(s, e)| Analysed::new(answer, s, e, READING))
        .collect();
    fingerprint_of_sentences(answer, &analysed.iter().collect::<Vec<_>>())
}

/// How the fingerprint reads text. Of the analysis options only
/// `citations_in_words` changes the numbers and words it reads (stemming
/// and the rest change the tokens' keys, which it does not use).
const READING: AnalysisOptions = AnalysisOptions {
    stemming: false,
    ..AnalysisOptions::SEED
};

/// The fingerprint of `answer` from every sentence of
/// [`sentences::split`]`(answer)` as a check analysed it, in any order; the
/// same as [`fingerprint`] when they were analysed without
/// `citations_in_words`.
pub(crate) fn fingerprint_of_sentences(answer: &str, sentences: &[&Analysed]) -> Fingerprint {
    let numbers: Vec<&NumberMention> = sentences.iter().flat_map(|a| &a.numbers).collect();
    let words: Vec<&str> = sentences
        .iter()
        .flat_map(|a| &a.tokens)
        .map(|t| t.lower())
        .collect();
    build(answer, &numbers, &words)
}

/// A fingerprint from the answer's numbers and the lower-case forms of its
/// words and numbers.
fn build(answer: &str, numbers: &[&NumberMention], words: &[&str]) -> Fingerprint {
    let mut numbers: Vec<String> = numbers
        .iter()
        .filter(|n| !n.is_identifier())
        .map(|n| n.key(true))
        .collect();
    crate::order::sort_dedup(&mut numbers);
    let mut key_words: Vec<String> = Vec::new();
    for w in answer.split_whitespace() {
        let w: String = w.trim_matches(|c: char| !c.is_alphanumeric()).lowercase();
        if w.chars().count() > 5 && !key_words.contains(&w) {
            key_words.push(w);
            if key_words.len() == 20 {
                break;
            }
        }
    }
    let (mut pos, mut neg) = (0usize, 0usize);
    for w in words {
        pos += usize::from(POSITIVE.contains(w));
        neg += usize::from(NEGATIVE.contains(w));
    }
    let polarity = match pos.cmp(&neg) {
        std::cmp::Ordering::Greater => Polarity::Positive,
        std::cmp::Ordering::Less => Polarity::Negative,
        std::cmp::Ordering::Equal => Polarity::Neutral,
    };
    Fingerprint {
        numbers,
        key_words,
        polarity,
        length_bucket: answer.chars().count() / 100,
        recorded_at: None,
    }
}

fn jaccard(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let shared = a.iter().filter(|x| b.contains(x)).count();
    shared as f64 / (a.len() + b.len() - shared) as f64
}

/// Similarity of two fingerprints, 0–1.
pub fn similarity(a: &Fingerprint, b: &Fingerprint) -> f64 {
    0.4 * jaccard(&a.numbers, &b.numbers)
        + 0.4 * jaccard(&a.key_words, &b.key_words)
        + if a.polarity == b.polarity { 0.1 } else { 0.0 }
        + if a.length_bucket.abs_diff(b.length_bucket) <= 1 {
            0.1
        } else {
            0.0
        }
}

impl Fingerprint {
    /// Same content, whenever recorded.
    pub fn same_answer(&self, other: &Fingerprint) -> bool {
        self.numbers == other.numbers
            && self.key_words == other.key_words
            && self.polarity == other.polarity
            && self.length_bucket == other.length_bucket
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DriftResult {
    pub drifted: bool,
    /// 1 − similarity to the previous answer (0 without one).
    pub delta: f64,
    /// Mean similarity to the compared answers (1 without any).
    pub mean_similarity: f64,
    /// How many earlier answers were compared.
    pub compared: usize,
    /// Similarity to each compared answer, oldest first.
    pub similarities: Vec<f64>,
    pub reason: String,
}

/// Compare a new fingerprint with a question's history (oldest first).
pub fn compare(new: &Fingerprint, history: &[Fingerprint], cfg: &Config) -> DriftResult {
    let window = &history[history.len().saturating_sub(cfg.drift_window)..];
    let similarities: Vec<f64> = window.iter().map(|h| similarity(new, h)).collect();
    let compared = window.len();
    let Some(previous) = window.last() else {
        return first_answer();
    };
    let delta = 1.0 - similarities[compared - 1];
    let mean_similarity = similarities.iter().sum::<f64>() / compared as f64;
    let (drifted, reason) = if new.same_answer(previous) {
        (false, "same as the previous answer".to_string())
    } else if history.len() < cfg.drift_min_history {
        (
            false,
            format!(
                "needs {} earlier answers before drift can fire, has {}",
                cfg.drift_min_history,
                history.len()
            ),
        )
    } else if delta > cfg.drift_threshold {
        (
            true,
            format!(
                "distance {delta:.2} from the previous answer is above {:.2}",
                Decimal(cfg.drift_threshold),
                delta = Decimal(delta)
            ),
        )
    } else if mean_similarity < cfg.drift_min_similarity {
        (true, format!("mean similarity {mean_similarity:.2} to the last {compared} answers is below {:.2}", Decimal(cfg.drift_min_similarity), mean_similarity = Decimal(mean_similarity)))
    } else {
        (
            false,
            format!(
                "distance {delta:.2}, mean similarity {mean_similarity:.2} over {compared} answers",
                delta = Decimal(delta),
                mean_similarity = Decimal(mean_similarity)
            ),
        )
    };
    DriftResult {
        drifted,
        delta,
        mean_similarity,
        compared,
        similarities,
        reason,
    }
}

/// The result for the first answer to a question (what [`compare`] gives
/// with an empty history).
pub fn first_answer() -> DriftResult {
    DriftResult {
        drifted: false,
        delta: 0.0,
        mean_similarity: 1.0,
        compared: 0,
        similarities: Vec::new(),
        reason: "first answer to this question".into(),
    }
}

/// Each answer of a history compared with the answers before it, oldest
/// first: what the lab's drift chart draws.
pub fn timeline(history: &[Fingerprint], cfg: &Config) -> Vec<DriftResult> {
    (0..history.len())
        .map(|i| compare(&history[i], &history[..i], cfg))
        .collect()
}

/// A stored answer: its question (as [`question_key`] gives it) and fingerprint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub question: String,
    pub fingerprint: Fingerprint,
}

/// The `format` field of an exported history.
pub const EXPORT_FORMAT: &str = "claimlab-drift-history";
/// The `version` field this lab writes and reads.
pub const EXPORT_VERSION: u32 = 1;
/// Largest history file accepted for import.
pub const MAX_IMPORT_BYTES: usize = 10 << 20;

#[derive(Serialize, Deserialize)]
struct Export {
    format: String,
    version: u32,
    records: Vec<serde_json::Value>,
}

/// A history as JSON, for export.
pub fn export_json(records: &[Record]) -> String {
    let records = records
        .iter()
        .map(|r| serde_json::to_value(r).expect("a record serialises"))
        .collect();
    serde_json::to_string_pretty(&Export {
        format: EXPORT_FORMAT.into(),
        version: EXPORT_VERSION,
        records,
    })
    .expect("a history serialises")
}

/// What an import brings.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Import {
    /// Records to add (valid and not already held).
    pub records: Vec<Record>,
    /// Records that could not be read.
    pub skipped: usize,
    /// Records already held.
    pub duplicates: usize,
}

fn valid(r: &Record) -> bool {
    let fp = &r.fingerprint;
    !r.question.is_empty()
        && r.question.len() <= 10_000
        && fp.numbers.len() <= 10_000
        && fp.key_words.len() <= 20
        && fp.recorded_at.is_none_or(f64::is_finite)
}

/// Keep what a file brings that is readable and not already held: each
/// candidate is `None` when it could not be read. Questions are normalised
/// with [`question_key`]. The lab (reading JSON with the browser's parser)
/// and [`import_json`] share this step.
pub fn merge(candidates: impl IntoIterator<Item = Option<Record>>, existing: &[Record]) -> Import {
    let mut out = Import::default();
    for candidate in candidates {
        match candidate.map(|r| Record {
            question: question_key(&r.question),
            ..r
        }) {
            Some(r) if valid(&r) => {
                if existing.contains(&r) || out.records.contains(&r) {
                    out.duplicates += 1;
                } else {
                    out.records.push(r);
                }
            }
            _ => out.skipped += 1,
        }
    }
    out
}

/// Check an export's size, `format` and `version` fields before its records are read.
pub fn check_export_header(
    bytes: usize,
    format: Option<&str>,
    version: Option<f64>,
) -> Result<(), String> {
    if bytes > MAX_IMPORT_BYTES {
        return Err(format!(
            "the file is {:.1} MB; the limit is {} MB",
            Decimal(bytes as f64 / 1048576.0),
            MAX_IMPORT_BYTES >> 20
        ));
    }
    if format != Some(EXPORT_FORMAT) {
        return Err("this is not a ClaimLab drift history".into());
    }
    match version {
        Some(v) if v == EXPORT_VERSION as f64 => Ok(()),
        Some(v) if v > EXPORT_VERSION as f64 => Err(format!(
            "this history was written by a newer lab (version {})",
            Decimal(v)
        )),
        _ => Err("this drift history has no readable version".into()),
    }
}

/// Read an exported history, keeping what `existing` does not already hold.
/// Bad records are skipped and counted; the file as a whole must be a history.
pub fn import_json(text: &str, existing: &[Record]) -> Result<Import, String> {
    check_export_header(text.len(), Some(EXPORT_FORMAT), Some(EXPORT_VERSION as f64))?;
    let export: Export = serde_json::from_str(text)
        .map_err(|e| format!("this is not a ClaimLab drift history ({e})"))?;
    check_export_header(0, Some(&export.format), Some(export.version as f64))?;
    Ok(merge(
        export
            .records
            .into_iter()
            .map(|v| serde_json::from_value::<Record>(v).ok()),
        existing,
    ))
}

/// Questions are compared case- and space-insensitively.
pub fn question_key(question: &str) -> String {
    question
        .split_whitespace()
        .map(Lowercase::lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where fingerprints live. Errors are plain messages.
pub trait DriftStore {
    /// The most recent `limit` fingerprints for a question, oldest first.
    fn history(&self, question: &str, limit: usize) -> Result<Vec<Fingerprint>, String>;
    fn record(&mut self, question: &str, fingerprint: &Fingerprint) -> Result<(), String>;
}

/// How many earlier fingerprints a drift check reads: the window, and at
/// least the history drift needs before it can fire.
pub fn history_needed(cfg: &Config) -> usize {
    cfg.drift_window.max(cfg.drift_min_history)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_answer_is_compared_with_the_answers_before_it() {
        let old = fingerprint("The lamp costs $49.99.");
        let mut new = fingerprint("The lamp costs $39.99 and ships free.");
        let history = vec![
            old.clone(),
            Fingerprint {
                recorded_at: Some(5.0),
                ..new.clone()
            },
        ];
        assert_eq!(history_before(&history, &new), &history[..1]);
        new.recorded_at = None;
        assert_eq!(history_before(&history[..1], &new), &history[..1]);
    }

    const STABLE: &str =
        "The Aurora desk lamp (SKU-441) costs $49.99 and ships within two business days.";
    const DRIFTED: &str = "The Aurora desk lamp now costs $39.99. It comes with a lifetime warranty. Shipping is free worldwide. Orders arrive by drone within an hour.";

    /// Answers to one question, in turn: each checked against the ones
    /// before it (as many as a drift check reads), then recorded.
    fn answer_in_turn(answers: &[&str], cfg: &Config) -> Vec<DriftResult> {
        let mut recorded: Vec<Fingerprint> = Vec::new();
        answers
            .iter()
            .map(|a| {
                let fp = fingerprint(a);
                let from = recorded.len().saturating_sub(history_needed(cfg));
                let result = compare(&fp, &recorded[from..], cfg);
                recorded.push(fp);
                result
            })
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// A check's fingerprint, taken from the sentences it analysed under
        /// any settings but citations in words, is the answer's fingerprint.
        #[test]
        fn a_checks_sentences_give_the_answers_fingerprint(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "no", "not", "none", "can't", "cannot", "yes", "free", "included", "failed",
                "two", "twenty-one", "hundred", "$49.99", "SKU-441", "[1]", "passage 2", "14",
                "days", "The", "lamp", ",", ".", "?", " ", "won't", "error", "2024", "10%", "é",
                "Dr.", "U.S.", "3.5", "\n\n",
            ]), 0..40),
            stemming: bool,
            number_normalisation: bool,
            discourse_words: bool,
        ) {
            let answer = parts.join(" ");
            let opts = AnalysisOptions { stemming, number_normalisation, discourse_words, citations_in_words: false };
            let analysed: Vec<Analysed> = sentences::split(&answer)
                .into_iter()
                .map(|(s, e)| Analysed::new(&answer, s, e, opts))
                .collect();
            let sentences: Vec<&Analysed> = analysed.iter().rev().collect();
            proptest::prop_assert_eq!(fingerprint_of_sentences(&answer, &sentences), fingerprint(&answer));
        }
    }

    #[test]
    fn fingerprint_keeps_numbers_words_polarity_length() {
        let fp = fingerprint(STABLE);
        assert_eq!(fp.numbers, ["#2", "#49.99"]);
        assert_eq!(fp.key_words, ["aurora", "sku-441", "within", "business"]);
        assert_eq!(fp.polarity, Polarity::Neutral);
        assert_eq!(fp.length_bucket, 0);
    }

    #[test]
    fn no_drift_on_the_first_answer() {
        let r = compare(&fingerprint(STABLE), &[], &Config::default());
        assert!(!r.drifted);
        assert_eq!(r.delta, 0.0);
    }

    #[test]
    fn no_drift_on_consistent_answers() {
        let results = answer_in_turn(&[STABLE; 8], &Config::default());
        assert!(results.iter().all(|r| !r.drifted));
    }

    #[test]
    fn sku_441_drifts_on_the_sixth_answer() {
        let results = answer_in_turn(
            &[STABLE, STABLE, STABLE, STABLE, STABLE, DRIFTED],
            &Config::default(),
        );
        assert!(results[..5].iter().all(|r| !r.drifted));
        let r = &results[5];
        assert!(r.drifted, "{r:?}");
        assert!(r.delta > 0.35);
    }

    #[test]
    fn drift_needs_three_earlier_answers() {
        let results = answer_in_turn(&[STABLE, STABLE, DRIFTED], &Config::default());
        assert!(!results[2].drifted, "two earlier answers are not enough");
    }

    #[test]
    fn the_timeline_marks_the_sixth_sku_answer() {
        let history: Vec<Fingerprint> = [STABLE; 5]
            .iter()
            .chain([&DRIFTED])
            .map(|a| fingerprint(a))
            .collect();
        let t = timeline(&history, &Config::default());
        assert_eq!(
            t.iter().map(|r| r.drifted).collect::<Vec<_>>(),
            [false, false, false, false, false, true]
        );
        assert_eq!(t[0].compared, 0);
        assert!((t[1].delta).abs() < 1e-12);
    }

    #[test]
    fn polarity_names_are_the_serialised_names() {
        for p in Polarity::ALL {
            assert_eq!(serde_json::to_value(p).unwrap(), p.name());
            assert_eq!(Polarity::from_name(p.name()), Some(*p));
        }
        assert_eq!(Polarity::from_name("sideways"), None);
    }

    #[test]
    fn export_and_import_merge_without_duplicates() {
        let mut a = fingerprint(STABLE);
        a.recorded_at = Some(1.0);
        let mut b = fingerprint(DRIFTED);
        b.recorded_at = Some(2.0);
        let held = vec![Record {
            question: "q".into(),
            fingerprint: a.clone(),
        }];
        let all = vec![
            held[0].clone(),
            Record {
                question: "Q ".into(),
                fingerprint: b.clone(),
            },
        ];
        let json = export_json(&all);
        let import = import_json(&json, &held).unwrap();
        assert_eq!(
            (import.records.len(), import.duplicates, import.skipped),
            (1, 1, 0)
        );
        assert_eq!(import.records[0].question, "q", "questions are normalised");
        // Importing the same file again adds nothing.
        let again = import_json(&json, &[held.clone(), import.records.clone()].concat()).unwrap();
        assert!(again.records.is_empty());
    }

    #[test]
    fn bad_records_are_skipped_and_bad_files_refused() {
        let json = format!(
            r#"{{"format": "{EXPORT_FORMAT}", "version": 1, "records": [
                {{"question": "q", "fingerprint": {{"numbers": [], "key_words": [], "polarity": "neutral", "length_bucket": 0}}}},
                {{"question": "q", "fingerprint": "not a fingerprint"}},
                {{"question": "", "fingerprint": {{"numbers": [], "key_words": [], "polarity": "neutral", "length_bucket": 1}}}},
                42 ]}}"#
        );
        let import = import_json(&json, &[]).unwrap();
        assert_eq!((import.records.len(), import.skipped), (1, 3));
        assert!(import_json(
            "{\"format\": \"other\", \"version\": 1, \"records\": []}",
            &[]
        )
        .unwrap_err()
        .contains("not a ClaimLab"));
        assert!(import_json("not json", &[]).is_err());
        let newer = format!(r#"{{"format": "{EXPORT_FORMAT}", "version": 2, "records": []}}"#);
        assert!(import_json(&newer, &[]).unwrap_err().contains("newer lab"));
        // A blank question is no question.
        let blank = Record {
            question: "  ".into(),
            fingerprint: fingerprint(STABLE),
        };
        assert_eq!(merge([Some(blank), None], &[]).skipped, 2);
        assert!(import_json(&" ".repeat(MAX_IMPORT_BYTES + 1), &[])
            .unwrap_err()
            .contains("limit"));
    }

    #[test]
    fn identical_answers_never_drift_even_after_varied_history() {
        let cfg = Config::default();
        let history = vec![
            fingerprint(STABLE),
            fingerprint(DRIFTED),
            fingerprint(STABLE),
            fingerprint(DRIFTED),
        ];
        let r = compare(&fingerprint(DRIFTED), &history, &cfg);
        assert!(!r.drifted);
        assert_eq!(r.reason, "same as the previous answer");
    }
}
