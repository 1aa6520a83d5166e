//! The quality score (seed 001's "score" step). Risk and routing, and how
//! they relate to verdicts and the decision, are in [`crate::verdict`].
//!
//! **Quality score** (seed 001):
//!
//! ```text
//! 0.40 × faithfulness
//! + 0.30 × consistency   (0 when a claim is contradicted, else 1)
//! + 0.20 × confidence    (calibrated: never above max(faithfulness, 0.5))
//! + 0.10 × latency score (full under 20 ms, 1 → 0.5 over 20–50 ms, then a steep fall to 0 at 200 ms)
//! − 0.20 × drift         (applied last; the score is floored at 0)
//! ```
//!
//! Latency is the answering pipeline's, given by the caller (the check itself
//! takes microseconds); it defaults to 0, so reports stay deterministic.

use serde::{Deserialize, Serialize};

pub use crate::verdict::{Risk, RiskLevel, Routing, Trigger};

/// The weighted parts of the quality score, each already multiplied by its weight.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Components {
    pub faithfulness: f64,
    pub consistency: f64,
    pub confidence: f64,
    pub latency: f64,
    pub drift_penalty: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quality {
    pub score: f64,
    pub components: Components,
    pub routing: Routing,
}

pub const WEIGHT_FAITHFULNESS: f64 = 0.40;
pub const WEIGHT_CONSISTENCY: f64 = 0.30;
pub const WEIGHT_CONFIDENCE: f64 = 0.20;
pub const WEIGHT_LATENCY: f64 = 0.10;
pub const DRIFT_PENALTY: f64 = 0.20;

/// 1 under 20 ms, linear to 0.5 at 50 ms, then falling as a square to 0 at 200 ms.
pub fn latency_score(ms: f64) -> f64 {
    if ms <= 20.0 {
        1.0
    } else if ms <= 50.0 {
        1.0 - 0.5 * (ms - 20.0) / 30.0
    } else if ms < 200.0 {
        0.5 * ((200.0 - ms) / 150.0).powi(2)
    } else {
        0.0
    }
}

/// Confidence counted in the score: an answer cannot earn more for sounding
/// sure than its grounding allows (floor 0.5, the neutral score).
pub fn calibrated_confidence(confidence: f64, faithfulness: f64) -> f64 {
    confidence.min(faithfulness.max(0.5))
}

/// The weighted components (routing is decided later, after repair).
pub fn components(
    faithfulness: f64,
    contradiction: bool,
    confidence: f64,
    latency_ms: f64,
    drifted: bool,
) -> Components {
    Components {
        faithfulness: WEIGHT_FAITHFULNESS * faithfulness,
        consistency: if contradiction {
            0.0
        } else {
            WEIGHT_CONSISTENCY
        },
        confidence: WEIGHT_CONFIDENCE * calibrated_confidence(confidence, faithfulness),
        latency: WEIGHT_LATENCY * latency_score(latency_ms),
        drift_penalty: if drifted { DRIFT_PENALTY } else { 0.0 },
    }
}

impl Components {
    pub fn score(&self) -> f64 {
        (self.faithfulness + self.consistency + self.confidence + self.latency - self.drift_penalty)
            .max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{Decision, RepairOutcome};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn seed_001_billing_scenario_scores_0_40() {
        // Faithfulness 0.50, a contradiction, confidence 0.50, fast.
        let c = components(0.5, true, 0.5, 0.0, false);
        assert!(
            close(c.faithfulness, 0.20)
                && close(c.consistency, 0.0)
                && close(c.confidence, 0.10)
                && close(c.latency, 0.10)
        );
        assert!(close(c.score(), 0.40));
        let healed = Routing::decide(Decision::Block, c.score(), RepairOutcome::Healed, 0.75);
        assert_eq!(healed, Routing::HealedAccept);
    }

    #[test]
    fn latency_full_under_20_reduced_at_35_steep_at_60() {
        assert_eq!(latency_score(0.0), 1.0);
        assert_eq!(latency_score(20.0), 1.0);
        let at35 = WEIGHT_LATENCY * latency_score(35.0);
        assert!(at35 < 0.10 && at35 > 0.05, "{at35}");
        let at60 = WEIGHT_LATENCY * latency_score(60.0);
        assert!(at60 < 0.05, "{at60}");
        assert_eq!(latency_score(200.0), 0.0);
        assert_eq!(latency_score(1e9), 0.0);
    }

    #[test]
    fn drift_subtracts_exactly_0_20_floored_at_zero() {
        let clean = components(1.0, false, 0.5, 0.0, false);
        let drifted = components(1.0, false, 0.5, 0.0, true);
        assert!(close(clean.score() - drifted.score(), 0.20));
        assert_eq!(components(0.0, true, 0.0, 500.0, true).score(), 0.0);
    }

    #[test]
    fn risk_levels() {
        assert_eq!(Risk::from_triggers(vec![]).level, RiskLevel::Low);
        assert_eq!(
            Risk::from_triggers(vec![Trigger::Contradiction]).level,
            RiskLevel::Critical
        );
        assert_eq!(
            Risk::from_triggers(vec![Trigger::Drift]).level,
            RiskLevel::Medium
        );
        assert_eq!(
            Risk::from_triggers(vec![Trigger::Drift, Trigger::Contradiction]).level,
            RiskLevel::Critical
        );
        assert_eq!(
            Risk::from_triggers(vec![Trigger::InventedEntity]).level,
            RiskLevel::High
        );
        assert_eq!(
            Risk::from_triggers(vec![
                Trigger::InventedEntity,
                Trigger::ConfidentButUnfaithful
            ])
            .level,
            RiskLevel::Critical
        );
    }

    #[test]
    fn confidence_is_calibrated_against_faithfulness() {
        assert_eq!(calibrated_confidence(1.0, 0.0), 0.5);
        assert_eq!(calibrated_confidence(1.0, 0.9), 0.9);
        assert_eq!(calibrated_confidence(0.3, 1.0), 0.3);
    }
}
