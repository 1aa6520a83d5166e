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

    pub fn into_events(self) -> Vec<Event> {
        self.events
    }
}

/// When (in ms from the start of the replay, at 1× speed) each event is
/// revealed. Events before the first claim show at once; the claims' events
/// share the inspection time equally, claim by claim, each claim's events
/// spread over its share; answer-level events show at the end.
pub fn reveal_times(events: &[Event], inspection_ms: u64) -> Vec<u64> {
    // Each claim's events are contiguous, so one pass counts them in order.
    let mut blocks: Vec<(&str, u64)> = Vec::new();
    for e in events {
        if let Some(c) = e.claim.as_deref() {
            match blocks.last_mut() {
                Some(last) if last.0 == c => last.1 += 1,
                _ => blocks.push((c, 1)),
            }
        }
    }
    if blocks.is_empty() {
        let n = events.len().max(1) as u64;
        return (0..events.len() as u64)
            .map(|i| inspection_ms * i / n)
            .collect();
    }
    let slot = inspection_ms / blocks.len() as u64;
    let (mut block, mut pos) = (0usize, 0u64);
    let mut claims_started = false;
    events
        .iter()
        .map(|e| match e.claim.as_deref() {
            Some(c) => {
                if claims_started && blocks[block].0 != c {
                    block += 1;
                    pos = 0;
                }
                claims_started = true;
                let t = slot * block as u64 + slot * pos / blocks[block].1;
                pos += 1;
                t
            }
            None if !claims_started => 0,
            None => inspection_ms,
        })
        .collect()
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
    fn claims_are_revealed_one_by_one_over_the_inspection_time() {
        let events = [
            ev(None),
            ev(Some("C1")),
            ev(Some("C1")),
            ev(Some("C2")),
            ev(Some("C2")),
            ev(Some("C3")),
            ev(None),
        ];
        assert_eq!(
            reveal_times(&events, 60_000),
            [0, 0, 10_000, 20_000, 30_000, 40_000, 60_000]
        );
    }

    #[test]
    fn times_never_decrease() {
        let events = [
            ev(None),
            ev(Some("C1")),
            ev(Some("C2")),
            ev(Some("C2")),
            ev(Some("C2")),
            ev(None),
            ev(None),
        ];
        let t = reveal_times(&events, 1_000);
        assert!(t.windows(2).all(|w| w[0] <= w[1]), "{t:?}");
        assert_eq!(*t.last().unwrap(), 1_000);
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
