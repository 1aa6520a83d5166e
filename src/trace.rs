//! The event trace: what the check computed, in order, for step-by-step replay.
//!
//! Each [`Event`] says in plain words what was computed and carries the
//! values it computed. [`reveal_times`] spreads the events over the lab's
//! inspection time so that claims are revealed one by one (seed 004: sixty
//! seconds by default).

use serde::{Deserialize, Serialize};

use crate::text::decimal::Decimal;
use crate::verdict::{Decision, RiskLevel, Routing, Trigger, Verdict};

/// The typed content of an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    SourceSplit {
        sentences: usize,
        passages: usize,
    },
    ClaimsSplit {
        claims: usize,
        questions: usize,
    },
    BestMatch {
        best_source: Option<String>,
        support: f64,
        matched: usize,
        total: usize,
        matched_words: Vec<String>,
    },
    NumberCheck {
        passed: bool,
        missing: Vec<String>,
        source_numbers: Vec<String>,
    },
    NegationCheck {
        passed: bool,
        word: Option<String>,
    },
    EntityCheck {
        passed: bool,
        invented: Vec<String>,
    },
    CitationCheck {
        passed: bool,
        cited: Vec<String>,
        fabricated: Vec<String>,
    },
    ConsistencyCheck {
        agreement: f64,
        agreeing: usize,
        samples: usize,
        flagged: bool,
    },
    Verdict {
        verdict: Verdict,
        reason: String,
    },
    AnswerMetrics {
        citation_coverage: f64,
        faithfulness: f64,
        confidence: f64,
    },
    Drift {
        drifted: bool,
        delta: f64,
        mean_similarity: f64,
    },
    Decision {
        decision: Decision,
        first_problem: Option<String>,
    },
    Risk {
        level: RiskLevel,
        triggers: Vec<Trigger>,
    },
    Quality {
        score: f64,
        routing: Routing,
    },
    Repair {
        strategy: String,
        succeeded: bool,
    },
}

impl EventKind {
    /// The snake_case name, as serialised (`best_match`).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::SourceSplit { .. } => "source_split",
            EventKind::ClaimsSplit { .. } => "claims_split",
            EventKind::BestMatch { .. } => "best_match",
            EventKind::NumberCheck { .. } => "number_check",
            EventKind::NegationCheck { .. } => "negation_check",
            EventKind::EntityCheck { .. } => "entity_check",
            EventKind::CitationCheck { .. } => "citation_check",
            EventKind::ConsistencyCheck { .. } => "consistency_check",
            EventKind::Verdict { .. } => "verdict",
            EventKind::AnswerMetrics { .. } => "answer_metrics",
            EventKind::Drift { .. } => "drift",
            EventKind::Decision { .. } => "decision",
            EventKind::Risk { .. } => "risk",
            EventKind::Quality { .. } => "quality",
            EventKind::Repair { .. } => "repair",
        }
    }
}

fn num(x: f64) -> String {
    if x.fract() == 0.0 {
        Decimal(x).to_string()
    } else {
        format!("{:.2}", Decimal(x))
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

impl EventKind {
    /// The values this step computed, as (name, value) pairs for display.
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        use EventKind::*;
        let yes_no = |b: &bool| {
            if *b {
                "yes".to_string()
            } else {
                "no".to_string()
            }
        };
        match self {
            SourceSplit {
                sentences,
                passages,
            } => vec![
                ("sentences", sentences.to_string()),
                ("passages", passages.to_string()),
            ],
            ClaimsSplit { claims, questions } => vec![
                ("claims", claims.to_string()),
                ("questions skipped", questions.to_string()),
            ],
            BestMatch {
                best_source,
                support,
                matched,
                total,
                matched_words,
            } => vec![
                (
                    "best source",
                    best_source.clone().unwrap_or_else(|| "none".into()),
                ),
                (
                    "overlap",
                    format!(
                        "{matched}/{total} = {support:.2}",
                        support = Decimal(*support)
                    ),
                ),
                ("matched words", list(matched_words)),
            ],
            NumberCheck {
                passed,
                missing,
                source_numbers,
            } => {
                vec![
                    ("passed", yes_no(passed)),
                    ("missing", list(missing)),
                    ("source numbers", list(source_numbers)),
                ]
            }
            NegationCheck { passed, word } => vec![
                ("passed", yes_no(passed)),
                (
                    "flipped word",
                    word.clone().unwrap_or_else(|| "none".into()),
                ),
            ],
            EntityCheck { passed, invented } => vec![
                ("passed", yes_no(passed)),
                ("not in the source", list(invented)),
            ],
            CitationCheck {
                passed,
                cited,
                fabricated,
            } => vec![
                ("passed", yes_no(passed)),
                ("cited", list(cited)),
                ("fabricated", list(fabricated)),
            ],
            ConsistencyCheck {
                agreement,
                agreeing,
                samples,
                flagged,
            } => {
                vec![
                    ("agreement", num(*agreement)),
                    ("agreeing samples", format!("{agreeing} of {samples}")),
                    ("flagged", yes_no(flagged)),
                ]
            }
            Verdict { verdict, reason } => vec![
                ("verdict", verdict.name().to_string()),
                ("reason", reason.clone()),
            ],
            AnswerMetrics {
                citation_coverage,
                faithfulness,
                confidence,
            } => vec![
                (
                    "citation coverage",
                    format!("{:.0}%", Decimal(citation_coverage * 100.0)),
                ),
                ("faithfulness", num(*faithfulness)),
                ("confidence", num(*confidence)),
            ],
            Drift {
                drifted,
                delta,
                mean_similarity,
            } => {
                vec![
                    ("drifted", yes_no(drifted)),
                    ("delta", num(*delta)),
                    ("mean similarity", num(*mean_similarity)),
                ]
            }
            Decision {
                decision,
                first_problem,
            } => {
                vec![
                    ("decision", decision.name().to_string()),
                    (
                        "first problem",
                        first_problem.clone().unwrap_or_else(|| "none".into()),
                    ),
                ]
            }
            Risk { level, triggers } => vec![
                ("level", level.name().to_string()),
                (
                    "triggers",
                    list(
                        &triggers
                            .iter()
                            .map(|t| t.name().to_string())
                            .collect::<Vec<_>>(),
                    ),
                ),
            ],
            Quality { score, routing } => vec![
                ("score", num(*score)),
                ("routing", routing.name().to_string()),
            ],
            Repair {
                strategy,
                succeeded,
            } => vec![
                ("strategy", strategy.clone()),
                ("succeeded", yes_no(succeeded)),
            ],
        }
    }
}

/// One step of the check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// 0-based position in the trace.
    pub index: usize,
    /// The claim it concerns (`C2`), if any.
    pub claim: Option<String>,
    /// What was computed, in plain words.
    pub summary: String,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// Collects events in order.
#[derive(Debug, Default)]
pub struct Trace {
    events: Vec<Event>,
    /// A trace that records nothing (a re-check has no replay): its events
    /// and summaries are never even built.
    off: bool,
}

impl Trace {
    /// A trace that records nothing.
    pub fn off() -> Trace {
        Trace {
            events: Vec::new(),
            off: true,
        }
    }

    /// Record an event. `kind` and `summary` are only built when recording.
    pub fn push(
        &mut self,
        claim: Option<&str>,
        kind: impl FnOnce() -> EventKind,
        summary: impl FnOnce() -> String,
    ) {
        if !self.off {
            self.record(claim, kind(), summary());
        }
    }

    /// One copy of the recording code for every call site (the page is smaller).
    #[inline(never)]
    fn record(&mut self, claim: Option<&str>, kind: EventKind, summary: String) {
        let index = self.events.len();
        self.events.push(Event {
            index,
            claim: claim.map(str::to_string),
            summary,
            kind,
        });
    }

    /// Record again the events of an earlier trace (a claim an earlier
    /// check found, taken back), each at its place in this one.
    pub fn replay<'e>(&mut self, events: impl IntoIterator<Item = &'e Event>) {
        if !self.off {
            for e in events {
                self.record(e.claim.as_deref(), e.kind.clone(), e.summary.clone());
            }
        }
    }

    /// A trace that records as this one does (or not), empty.
    pub fn empty_like(&self) -> Trace {
        Trace {
            events: Vec::new(),
            off: self.off,
        }
    }

    /// Record the events of `other`, in order, after this one's: what
    /// recording them here would have made.
    pub fn append(&mut self, other: Trace) {
        if !self.off {
            for mut e in other.events {
                e.index = self.events.len();
                self.events.push(e);
            }
        }
    }

    pub fn into_events(self) -> Vec<Event> {
        self.events
    }
}

/// When (in ms from the start of the replay, at 1× speed) each event is
/// revealed: evenly, the first at once and the last at the end of the
/// inspection time, so the claims are revealed one by one and the decision,
/// risk, quality and repair each in their turn (seed 004: sixty seconds).
pub fn reveal_times(events: &[Event], inspection_ms: u64) -> Vec<u64> {
    let gaps = events.len().saturating_sub(1).max(1) as u64;
    (0..events.len() as u64)
        .map(|k| inspection_ms * k / gaps)
        .collect()
}

/// What a replay that has shown `shown` events has revealed: a claim's
/// verdict once its `verdict` event is shown, the decision, risk, quality
/// (with routing), repair and drift once theirs are. At the end everything is.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Revealed {
    /// Claims whose verdict is revealed.
    pub claims: Vec<String>,
    /// Each shown event of a claim: (claim, event kind name).
    pub steps: Vec<(String, &'static str)>,
    /// Citation coverage, faithfulness and confidence.
    pub metrics: bool,
    pub drift: bool,
    pub decision: bool,
    pub risk: bool,
    pub quality: bool,
    /// Repair's outcome (revealed with the trace's end when repair was not tried).
    pub repair: bool,
    /// The replay is at its end.
    pub complete: bool,
}

impl Revealed {
    pub fn claim(&self, id: &str) -> bool {
        self.complete || self.claims.iter().any(|c| c == id)
    }

    /// Has the event `kind` (`best_match`, `number_check`, …) of claim `id`
    /// been shown? (Its cell of the claims table shows only then.)
    pub fn step(&self, id: &str, kind: &str) -> bool {
        self.complete || self.steps.iter().any(|(c, k)| c == id && *k == kind)
    }

    /// What the user receives: routing and repair both known.
    pub fn delivery(&self) -> bool {
        self.quality && self.repair
    }
}

/// What the first `shown` events reveal.
pub fn revealed(events: &[Event], shown: usize) -> Revealed {
    if shown >= events.len() {
        return Revealed {
            claims: Vec::new(),
            steps: Vec::new(),
            metrics: true,
            drift: true,
            decision: true,
            risk: true,
            quality: true,
            repair: true,
            complete: true,
        };
    }
    let mut r = Revealed::default();
    for e in &events[..shown] {
        if let Some(c) = &e.claim {
            r.steps.push((c.clone(), e.kind.name()));
        }
        match &e.kind {
            EventKind::Verdict { .. } => r.claims.extend(e.claim.clone()),
            EventKind::AnswerMetrics { .. } => r.metrics = true,
            EventKind::Drift { .. } => r.drift = true,
            EventKind::Decision { .. } => r.decision = true,
            EventKind::Risk { .. } => r.risk = true,
            EventKind::Quality { .. } => r.quality = true,
            EventKind::Repair { .. } => r.repair = true,
            _ => {}
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(claim: Option<&str>) -> Event {
        Event {
            index: 0,
            claim: claim.map(str::to_string),
            summary: String::new(),
            kind: EventKind::ClaimsSplit {
                claims: 0,
                questions: 0,
            },
        }
    }

    #[test]
    fn events_are_revealed_evenly_over_the_inspection_time() {
        let events = [
            ev(None),
            ev(Some("C1")),
            ev(Some("C1")),
            ev(Some("C2")),
            ev(None),
        ];
        assert_eq!(
            reveal_times(&events, 60_000),
            [0, 15_000, 30_000, 45_000, 60_000]
        );
        assert_eq!(reveal_times(&events[..1], 60_000), [0]);
        assert!(reveal_times(&[], 60_000).is_empty());
    }

    #[test]
    fn a_verdict_decision_and_repair_are_revealed_when_their_event_is_shown() {
        let at = |claim: Option<&str>, kind: EventKind| Event {
            index: 0,
            claim: claim.map(str::to_string),
            summary: String::new(),
            kind,
        };
        let verdict = || EventKind::Verdict {
            verdict: Verdict::Supported,
            reason: String::new(),
        };
        let events = [
            at(Some("C1"), verdict()),
            at(Some("C2"), verdict()),
            at(
                None,
                EventKind::Decision {
                    decision: Decision::Deliver,
                    first_problem: None,
                },
            ),
            at(
                None,
                EventKind::Repair {
                    strategy: String::new(),
                    succeeded: false,
                },
            ),
            at(
                None,
                EventKind::Quality {
                    score: 1.0,
                    routing: Routing::Accept,
                },
            ),
        ];
        let r = revealed(&events, 1);
        assert!(r.claim("C1") && !r.claim("C2") && !r.decision && !r.complete);
        assert!(r.step("C1", "verdict") && !r.step("C2", "verdict") && !r.step("C1", "best_match"));
        let r = revealed(&events, 3);
        assert!(r.claim("C2") && r.decision && !r.repair && !r.delivery());
        let r = revealed(&events, 4);
        assert!(r.repair && !r.quality && !r.delivery());
        let r = revealed(&events, 5);
        assert!(r.complete && r.delivery() && r.claim("C9"));
        assert!(revealed(&events, usize::MAX).complete);
    }

    #[test]
    fn fields_name_what_was_computed() {
        let kind = EventKind::BestMatch {
            best_source: Some("S3".into()),
            support: 0.8,
            matched: 4,
            total: 5,
            matched_words: vec!["main".into(), "span".into()],
        };
        assert_eq!(
            kind.fields(),
            [
                ("best source", "S3".to_string()),
                ("overlap", "4/5 = 0.80".to_string()),
                ("matched words", "main, span".to_string())
            ]
        );
    }

    #[test]
    fn events_serialise_flat_with_their_kind() {
        let e = Event {
            index: 3,
            claim: Some("C2".into()),
            summary: "s".into(),
            kind: EventKind::NumberCheck {
                passed: false,
                missing: vec!["460".into()],
                source_numbers: vec!["410".into()],
            },
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["kind"], "number_check");
        assert_eq!(v["missing"][0], "460");
        assert_eq!(v["claim"], "C2");
        assert_eq!(e.kind.name(), "number_check");
    }
}
