//! Pin and compare: keep one state's settings and outcome, change the
//! settings, and list what changed: settings, verdicts, the decision and
//! what ships. Claims are matched by their text, so an edit that moves
//! claims does not pair the wrong ones.

use crate::config::Config;
use crate::report::Report;
use crate::verdict::{Decision, Routing, Verdict};

/// A pinned state's settings and outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct Pinned {
    pub config: Config,
    pub decision: Decision,
    pub routing: Routing,
    /// Each claim's id, text and verdict.
    pub claims: Vec<(String, String, Verdict)>,
}

/// One difference between the pinned state and the current one.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// `setting`, `verdict`, `decision`, `routing` or `claims`.
    pub what: &'static str,
    pub text: String,
}

impl Pinned {
    pub fn of(config: &Config, report: &Report) -> Pinned {
        Pinned {
            config: config.clone(),
            decision: report.decision,
            routing: report.quality.routing,
            claims: report
                .claims
                .iter()
                .map(|c| (c.id.clone(), c.text.clone(), c.verdict))
                .collect(),
        }
    }

    /// What differs now (settings first, then verdicts, then the answer's outcome).
    pub fn changes(&self, config: &Config, report: &Report) -> Vec<Change> {
        let mut out = Vec::new();
        for (name, was, now) in config.differences(&self.config) {
            out.push(Change {
                what: "setting",
                text: format!("{name}: {} → {}", was.to_text(), now.to_text()),
            });
        }
        let mut unmatched = 0;
        for c in &report.claims {
            match self.claims.iter().find(|(_, text, _)| *text == c.text) {
                Some((_, _, was)) if *was != c.verdict => out.push(Change {
                    what: "verdict",
                    text: format!("{}: {} → {}", c.id, was.name(), c.verdict.name()),
                }),
                Some(_) => {}
                None => unmatched += 1,
            }
        }
        if unmatched > 0 || self.claims.len() != report.claims.len() {
            out.push(Change {
                what: "claims",
                text: format!(
                    "claims: {} pinned, {} now ({unmatched} not in the pinned answer)",
                    self.claims.len(),
                    report.claims.len()
                ),
            });
        }
        if self.decision != report.decision {
            out.push(Change {
                what: "decision",
                text: format!(
                    "decision: {} → {}",
                    self.decision.name(),
                    report.decision.name()
                ),
            });
        }
        if self.routing != report.quality.routing {
            out.push(Change {
                what: "routing",
                text: format!(
                    "routing: {} → {}",
                    self.routing.name(),
                    report.quality.routing.name()
                ),
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_text;

    #[test]
    fn raising_the_threshold_over_a_paraphrase_changes_its_verdict_and_the_decision() {
        let ex = crate::examples::by_name("correct-paraphrase").unwrap();
        let cfg = ex.config.clone();
        let pinned = Pinned::of(&cfg, &check_text(&ex.source, &ex.answer, &cfg));
        let raised = Config {
            support_threshold: 0.65,
            ..cfg.clone()
        };
        let now = check_text(&ex.source, &ex.answer, &raised);
        let changes: Vec<String> = pinned
            .changes(&raised, &now)
            .into_iter()
            .map(|c| c.text)
            .collect();
        assert_eq!(
            changes,
            [
                "support_threshold: 0.5 → 0.65",
                "C2: supported → unsupported",
                "decision: deliver → block",
                "routing: accept → fallback"
            ]
        );
        assert!(pinned
            .changes(&cfg, &check_text(&ex.source, &ex.answer, &cfg))
            .is_empty());
    }

    #[test]
    fn an_edited_answer_is_said_to_have_other_claims() {
        let cfg = Config::default();
        let pinned = Pinned::of(&cfg, &check_text("A is 1.", "A is 1.", &cfg));
        let now = check_text("A is 1.", "A is 1. B is 2.", &cfg);
        let changes = pinned.changes(&cfg, &now);
        assert!(
            changes
                .iter()
                .any(|c| c.what == "claims" && c.text.contains("1 pinned, 2 now")),
            "{changes:?}"
        );
    }
}
