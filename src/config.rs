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
}

/// A named group of settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The seeds' own settings; every seed figure holds.
    Seed,
    /// Seed 001's strict mode: paraphrase is itself a risk.
    Strict,
}

impl Preset {
    pub const ALL: [Preset; 2] = [Preset::Seed, Preset::Strict];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Seed => "seed",
            Preset::Strict => "strict",
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
        ];
        for (name, value) in unit {
            if !(0.0..=1.0).contains(&value) {
                return Err(format!("{name} must be between 0 and 1, got {value}"));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_seed_figures() {
        let c = Config::default();
        assert_eq!(c.support_threshold, 0.5); // seed 004
        assert_eq!((c.sim_threshold, c.consistency_threshold), (0.8, 0.5)); // seed 000
        assert_eq!((c.confidence_threshold, c.faithfulness_threshold, c.drift_threshold), (0.75, 0.50, 0.35)); // seed 001
        assert_eq!((c.drift_min_similarity, c.drift_window, c.drift_min_history), (0.65, 10, 3));
        assert_eq!(c.rewrite_below, 0.30);
        assert!(c.number_check && c.citation_check);
        assert_eq!(c.preset(), Some(Preset::Seed));
    }

    #[test]
    fn strict_preset_is_seed_001_strict_mode() {
        let s = Preset::Strict.config();
        assert_eq!((s.support_threshold, s.faithfulness_threshold), (0.70, 0.70));
        assert_eq!((s.confidence_threshold, s.drift_threshold), (0.60, 0.25));
        assert_eq!(Preset::from_name("strict"), Some(Preset::Strict));
        assert_eq!(Preset::from_name("lenient"), None);
    }

    #[test]
    fn partial_json_fills_defaults_and_typos_are_errors() {
        let c: Config = serde_json::from_str(r#"{"support_threshold": 0.65, "policy": "flag"}"#).unwrap();
        assert_eq!((c.support_threshold, c.policy, c.number_check), (0.65, Policy::Flag, true));
        let err = serde_json::from_str::<Config>(r#"{"suport_threshold": 0.65}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `suport_threshold`"), "{err}");
    }

    #[test]
    fn out_of_range_values_are_named() {
        let c = Config { support_threshold: 1.5, ..Config::default() };
        assert_eq!(c.validate().unwrap_err(), "support_threshold must be between 0 and 1, got 1.5");
        assert!(Config::default().validate().is_ok());
        let nan = Config { sim_threshold: f64::NAN, ..Config::default() };
        assert!(nan.validate().is_err());
    }
}
