//! Every threshold and toggle of the checker, in one serialisable struct.
//!
//! [`Config::default`] is the `seed` preset: it reproduces every figure the
//! seed documents give. `strict` is seed 001's setting for legal and medical
//! contexts. Unknown fields in a config file are an error, so a typo is not
//! silently ignored.

use serde::{Deserialize, Serialize};

/// What to do with an answer when a claim fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Withhold the whole answer.
    #[default]
    Block,
    /// Deliver it, marked with its first problem.
    Flag,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Block => "block",
            Policy::Flag => "flag",
        }
    }

    pub fn from_name(name: &str) -> Option<Policy> {
        [Policy::Block, Policy::Flag]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

impl AnswerScoring {
    pub fn name(self) -> &'static str {
        match self {
            AnswerScoring::WorstClaim => "worst_claim",
            AnswerScoring::NoisyOr => "noisy_or",
        }
    }

    pub fn from_name(name: &str) -> Option<AnswerScoring> {
        [AnswerScoring::WorstClaim, AnswerScoring::NoisyOr]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

impl ConsistencyScoring {
    pub fn name(self) -> &'static str {
        match self {
            ConsistencyScoring::Cosine => "cosine",
            ConsistencyScoring::Lexical => "lexical",
        }
    }

    pub fn from_name(name: &str) -> Option<ConsistencyScoring> {
        [ConsistencyScoring::Cosine, ConsistencyScoring::Lexical]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

/// How an answer's claims combine into one hallucination score (for ranking
/// and for `claimlab eval`; the lab's decision is always per claim).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AnswerScoring {
    /// The worst claim: 1 − its support, or 2 if another check fails it.
    /// Sweeping a threshold over it is sweeping the support threshold.
    #[default]
    WorstClaim,
    /// Noisy-OR: each claim is hallucinated with probability
    /// `claim_weight × (1 − support)^claim_exponent` (or `hard_failure_weight`
    /// when another check fails it); the answer is hallucinated unless none is.
    NoisyOr,
}

/// How a claim's agreement with sampled answers is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ConsistencyScoring {
    /// Seed 000: the share of samples with a sentence at cosine ≥ `sim_threshold`.
    #[default]
    Cosine,
    /// SelfCheck-style lexical agreement (informative words, word pairs,
    /// surprisal), flagged above 0.5.
    Lexical,
}

/// A named group of settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The seeds' own settings; every seed figure holds.
    Seed,
    /// Seed 001's strict mode: paraphrase is itself a risk.
    Strict,
    /// The seed's checks plus the general improvements measured on the
    /// labelled data (BENCHMARKS.md).
    Improved,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Seed, Preset::Improved, Preset::Strict];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Seed => "seed",
            Preset::Strict => "strict",
            Preset::Improved => "improved",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    pub fn config(self) -> Config {
        match self {
            Preset::Seed => Config::default(),
            Preset::Strict => Config {
                support_threshold: 0.70,
                faithfulness_threshold: 0.70,
                confidence_threshold: 0.60,
                drift_threshold: 0.25,
                ..Config::default()
            },
            // Chosen on the tuning splits of RAGTruth, HaluEval and SummEdits
            // together (BENCHMARKS.md); `question_words_given` is left off: it
            // cost HaluEval 3 points of accuracy for no gain elsewhere.
            Preset::Improved => Config {
                discourse_words: true,
                citations_in_words: true,
                skip_refusals: true,
                skip_headers: true,
                antonym_check: true,
                single_word_entities: true,
                answer_scoring: AnswerScoring::NoisyOr,
                claim_weight: 0.3,
                claim_exponent: 1.0,
                hard_failure_weight: 0.5,
                consistency_scoring: ConsistencyScoring::Lexical,
                ..Config::default()
            },
        }
    }
}

/// The checker's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Minimum share of a claim's content words that one source sentence must
    /// hold (seed 004: 0.5). Below it the claim is `unsupported`.
    pub support_threshold: f64,
    /// Every number in a claim must appear in its supporting sentence.
    pub number_check: bool,
    /// A claim's citation must point to its supporting sentence.
    pub citation_check: bool,
    /// A claim must not negate what its supporting sentence states (or the reverse).
    pub negation_check: bool,
    /// Names and references in a claim must appear in the source.
    pub entity_check: bool,
    /// Compare words by their Snowball stem ("designed" = "design").
    pub stemming: bool,
    /// Compare numbers by value ("1,000" = "1000"); off compares the text.
    pub number_normalisation: bool,
    /// Count a lone capitalised word ("Mumbai") as an entity.
    pub single_word_entities: bool,
    /// Words about the sources ("Based on the given passages") are not content words.
    pub discourse_words: bool,
    /// Read "passage 2", "passages 1 and 3" as citations of passages.
    pub citations_in_words: bool,
    /// A sentence declining to answer ("Unable to answer based on the passages") is not a claim.
    pub skip_refusals: bool,
    /// A sentence ending in a colon introduces what follows and is not a claim.
    pub skip_headers: bool,
    /// The question's content words are given: a claim is checked on the words it adds.
    pub question_words_given: bool,
    /// A claim word whose antonym the supporting sentence uses ("increased" against "decreased") contradicts it.
    pub antonym_check: bool,
    /// How a claim's agreement with samples is scored.
    pub consistency_scoring: ConsistencyScoring,
    /// How claims combine into the answer's hallucination score.
    pub answer_scoring: AnswerScoring,
    /// Noisy-OR: weight of a claim's unsupported share.
    pub claim_weight: f64,
    /// Noisy-OR: exponent on a claim's unsupported share.
    pub claim_exponent: f64,
    /// Noisy-OR: probability given to a claim failed by a check other than support.
    pub hard_failure_weight: f64,
    /// Noisy-OR: the score from which `claimlab eval` counts an answer as flagged.
    pub answer_threshold: f64,
    /// What a failing claim does to the answer.
    pub policy: Policy,
    /// Cosine similarity at which a sample sentence agrees with a claim (seed 000: 0.8).
    pub sim_threshold: f64,
    /// Share of samples that must agree with a claim (seed 000: 0.5).
    pub consistency_threshold: f64,
    /// Confidence above which an ungrounded answer is "confident but unfaithful" (seed 001: 0.75).
    pub confidence_threshold: f64,
    /// Share of grounded claims below which the answer is low-faithfulness (seed 001: 0.50).
    pub faithfulness_threshold: f64,
    /// Faithfulness below which repair rebuilds the answer from the source (seed 001: 0.30).
    pub rewrite_below: f64,
    /// Quality score from which an unrepaired answer is accepted.
    pub accept_threshold: f64,
    /// Distance from the previous answer above which the answer drifted (seed 001: 0.35).
    pub drift_threshold: f64,
    /// Mean similarity to recent answers below which the answer drifted (seed 001: 0.65).
    pub drift_min_similarity: f64,
    /// How many recent answers drift compares with (seed 001: 10).
    pub drift_window: usize,
    /// How many earlier answers drift needs before it can fire (seed 001: 3).
    pub drift_min_history: usize,
    /// Try to repair a risky answer (seed 001's healer).
    pub repair: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            support_threshold: 0.5,
            number_check: true,
            citation_check: true,
            negation_check: true,
            entity_check: true,
            stemming: true,
            number_normalisation: true,
            single_word_entities: false,
            discourse_words: false,
            citations_in_words: false,
            skip_refusals: false,
            skip_headers: false,
            question_words_given: false,
            antonym_check: false,
            consistency_scoring: ConsistencyScoring::Cosine,
            answer_scoring: AnswerScoring::WorstClaim,
            claim_weight: 0.5,
            claim_exponent: 1.0,
            hard_failure_weight: 0.5,
            answer_threshold: 0.5,
            policy: Policy::Block,
            sim_threshold: 0.8,
            consistency_threshold: 0.5,
            confidence_threshold: 0.75,
            faithfulness_threshold: 0.50,
            rewrite_below: 0.30,
            accept_threshold: 0.75,
            drift_threshold: 0.35,
            drift_min_similarity: 0.65,
            drift_window: 10,
            drift_min_history: 3,
            repair: true,
        }
    }
}

impl Config {
    /// Check every value is in range; the message names the field.
    pub fn validate(&self) -> Result<(), String> {
        let unit = [
            ("support_threshold", self.support_threshold),
            ("sim_threshold", self.sim_threshold),
            ("consistency_threshold", self.consistency_threshold),
            ("confidence_threshold", self.confidence_threshold),
            ("faithfulness_threshold", self.faithfulness_threshold),
            ("rewrite_below", self.rewrite_below),
            ("accept_threshold", self.accept_threshold),
            ("drift_threshold", self.drift_threshold),
            ("drift_min_similarity", self.drift_min_similarity),
            ("claim_weight", self.claim_weight),
            ("hard_failure_weight", self.hard_failure_weight),
            ("answer_threshold", self.answer_threshold),
        ];
        for (name, value) in unit {
            if !(0.0..=1.0).contains(&value) {
                return Err(format!(
                    "{name} must be between 0 and 1, got {}",
                    crate::text::decimal::Decimal(value)
                ));
            }
        }
        if !(self.claim_exponent > 0.0 && self.claim_exponent <= 10.0) {
            return Err(format!(
                "claim_exponent must be above 0 and at most 10, got {}",
                crate::text::decimal::Decimal(self.claim_exponent)
            ));
        }
        if self.drift_window == 0 {
            return Err("drift_window must be at least 1".into());
        }
        Ok(())
    }

    /// The preset these settings equal, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.config() == *self)
    }
}

/// A number as short text when that reads back exactly, else as its bits
/// (`0x…`), so that a link restores every setting exactly.
fn f64_to_text(v: f64) -> String {
    let short = crate::text::decimal::Decimal(v).to_string();
    if crate::text::scan::parse_decimal(&short) == Some(v) {
        short
    } else {
        format!("0x{:016x}", v.to_bits())
    }
}

fn f64_from_text(s: &str) -> Option<f64> {
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16)
            .ok()
            .map(f64::from_bits)
            .filter(|v| v.is_finite()),
        None => crate::text::scan::parse_decimal(s),
    }
}

/// Each setting as text, for links: one table drives both directions, and
/// a test checks that it names every field of [`Config`].
macro_rules! settings_as_text {
    ($($field:ident: $kind:ident),* $(,)?) => {
        impl Config {
            /// Every setting as (name, value), in a fixed order.
            pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), settings_as_text!(@write $kind, self.$field))),*]
            }

            /// Set one setting from its text. The value must parse and be in
            /// range; otherwise the setting is left as it was.
            pub fn set_pair(&mut self, name: &str, value: &str) -> Result<(), String> {
                let before = self.clone();
                match name {
                    $(stringify!($field) => {
                        self.$field = settings_as_text!(@read $kind, value).ok_or_else(|| format!("{name} cannot be \"{value}\""))?;
                    })*
                    _ => return Err(format!("there is no setting {name}")),
                }
                self.validate().inspect_err(|_| *self = before)
            }
        }
    };
    (@write policy, $v:expr) => { $v.name().to_string() };
    (@write answer_scoring, $v:expr) => { $v.name().to_string() };
    (@write consistency_scoring, $v:expr) => { $v.name().to_string() };
    (@write f64, $v:expr) => { f64_to_text($v) };
    (@write $kind:ident, $v:expr) => { $v.to_string() };
    (@read bool, $s:expr) => { match $s { "true" => Some(true), "false" => Some(false), _ => None } };
    (@read f64, $s:expr) => { f64_from_text($s) };
    (@read usize, $s:expr) => { $s.parse::<usize>().ok() };
    (@read policy, $s:expr) => { Policy::from_name($s) };
    (@read answer_scoring, $s:expr) => { AnswerScoring::from_name($s) };
    (@read consistency_scoring, $s:expr) => { ConsistencyScoring::from_name($s) };
}

settings_as_text! {
    support_threshold: f64, number_check: bool, citation_check: bool, negation_check: bool, entity_check: bool,
    stemming: bool, number_normalisation: bool, single_word_entities: bool, discourse_words: bool,
    citations_in_words: bool, skip_refusals: bool, skip_headers: bool, question_words_given: bool,
    antonym_check: bool, consistency_scoring: consistency_scoring, answer_scoring: answer_scoring,
    claim_weight: f64, claim_exponent: f64, hard_failure_weight: f64, answer_threshold: f64, policy: policy,
    sim_threshold: f64, consistency_threshold: f64, confidence_threshold: f64, faithfulness_threshold: f64,
    rewrite_below: f64, accept_threshold: f64, drift_threshold: f64, drift_min_similarity: f64,
    drift_window: usize, drift_min_history: usize, repair: bool,
}

/// The text analysis these settings ask for.
impl From<&Config> for crate::text::AnalysisOptions {
    fn from(c: &Config) -> Self {
        crate::text::AnalysisOptions {
            stemming: c.stemming,
            number_normalisation: c.number_normalisation,
            discourse_words: c.discourse_words,
            citations_in_words: c.citations_in_words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_seed_figures() {
        let c = Config::default();
        assert_eq!(c.support_threshold, 0.5); // seed 004
        assert_eq!((c.sim_threshold, c.consistency_threshold), (0.8, 0.5)); // seed 000
        assert_eq!(
            (
                c.confidence_threshold,
                c.faithfulness_threshold,
                c.drift_threshold
            ),
            (0.75, 0.50, 0.35)
        ); // seed 001
        assert_eq!(
            (c.drift_min_similarity, c.drift_window, c.drift_min_history),
            (0.65, 10, 3)
        );
        assert_eq!(c.rewrite_below, 0.30);
        assert!(c.number_check && c.citation_check);
        assert_eq!(c.preset(), Some(Preset::Seed));
    }

    #[test]
    fn strict_preset_is_seed_001_strict_mode() {
        let s = Preset::Strict.config();
        assert_eq!(
            (s.support_threshold, s.faithfulness_threshold),
            (0.70, 0.70)
        );
        assert_eq!((s.confidence_threshold, s.drift_threshold), (0.60, 0.25));
        assert_eq!(Preset::from_name("strict"), Some(Preset::Strict));
        assert_eq!(Preset::from_name("improved"), Some(Preset::Improved));
        assert_eq!(Preset::from_name("lenient"), None);
    }

    #[test]
    fn partial_json_fills_defaults_and_typos_are_errors() {
        let c: Config =
            serde_json::from_str(r#"{"support_threshold": 0.65, "policy": "flag"}"#).unwrap();
        assert_eq!(
            (c.support_threshold, c.policy, c.number_check),
            (0.65, Policy::Flag, true)
        );
        let err = serde_json::from_str::<Config>(r#"{"suport_threshold": 0.65}"#).unwrap_err();
        assert!(
            err.to_string().contains("unknown field `suport_threshold`"),
            "{err}"
        );
    }

    #[test]
    fn the_text_table_covers_every_setting_and_round_trips() {
        let json = serde_json::to_value(Config::default()).unwrap();
        let mut fields: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut named: Vec<&str> = Config::default().to_pairs().iter().map(|p| p.0).collect();
        fields.sort_unstable();
        named.sort_unstable();
        assert_eq!(named, fields);
        for preset in Preset::ALL {
            let c = preset.config();
            let mut back = Config::default();
            for (k, v) in c.to_pairs() {
                back.set_pair(k, &v).unwrap();
            }
            assert_eq!(back, c, "{}", preset.name());
        }
        // Any value survives the round trip exactly, short or not.
        for i in 0..=20 {
            let t = f64::from(i) * 0.05;
            let c = Config {
                support_threshold: t,
                ..Config::default()
            };
            let (_, text) = c
                .to_pairs()
                .into_iter()
                .find(|p| p.0 == "support_threshold")
                .unwrap();
            let mut back = Config::default();
            back.set_pair("support_threshold", &text).unwrap();
            assert_eq!(back.support_threshold, t, "{text}");
        }
    }

    #[test]
    fn bad_text_settings_are_refused_and_leave_the_setting() {
        let mut c = Config::default();
        assert!(c.set_pair("support_threshold", "7").is_err());
        assert!(c.set_pair("policy", "maybe").is_err());
        assert!(c.set_pair("bogus", "1").is_err());
        assert!(c.set_pair("stemming", "yes").is_err());
        assert_eq!(c, Config::default());
    }

    #[test]
    fn out_of_range_values_are_named() {
        let c = Config {
            support_threshold: 1.5,
            ..Config::default()
        };
        assert_eq!(
            c.validate().unwrap_err(),
            "support_threshold must be between 0 and 1, got 1.5"
        );
        assert!(Config::default().validate().is_ok());
        let nan = Config {
            sim_threshold: f64::NAN,
            ..Config::default()
        };
        assert!(nan.validate().is_err());
    }
}
