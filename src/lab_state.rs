//! The lab's state: everything a permalink must restore, in one serialisable
//! value. The lab holds one of these in a signal; every view derives from it
//! through the core's check.

use serde::{Deserialize, Serialize};

use crate::checks::consistency::GivenVectors;
use crate::config::Config;
use crate::examples::{self, Example};

/// Replay speeds the lab offers.
pub const SPEEDS: [f64; 5] = [0.5, 1.0, 1.5, 2.0, 4.0];

/// Seed 004: the claims are revealed over sixty seconds.
pub const DEFAULT_INSPECTION_SECONDS: u32 = 60;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LabState {
    /// The example last loaded (kept while its texts are edited).
    pub example: Option<String>,
    pub question: String,
    pub source: String,
    pub answer: String,
    pub samples: Vec<String>,
    pub config: Config,
    /// How many trace events are shown.
    pub trace_position: usize,
    pub inspection_seconds: u32,
    pub speed: f64,
    /// Panels and controls hidden (for teaching a single idea).
    pub hidden: Vec<String>,
    /// The open lesson (a built-in's id, or the id of `lesson_text`).
    pub lesson: Option<String>,
    /// The open step of the lesson (0-based).
    pub lesson_step: usize,
    /// A teacher's own lesson, as its text (`crate::lessons`).
    pub lesson_text: Option<String>,
}

impl Default for LabState {
    fn default() -> Self {
        LabState::from_example(
            &examples::by_name(examples::DEFAULT).expect("the default example exists"),
        )
    }
}

impl LabState {
    /// The state that shows an example: its texts and settings, the trace
    /// complete, default replay settings.
    pub fn from_example(ex: &Example) -> LabState {
        LabState {
            example: Some(ex.name.clone()),
            question: ex.question.clone(),
            source: ex.source.clone(),
            answer: ex.answer.clone(),
            samples: ex.samples.clone(),
            config: ex.config.clone(),
            trace_position: usize::MAX,
            inspection_seconds: DEFAULT_INSPECTION_SECONDS,
            speed: 1.0,
            hidden: Vec::new(),
            lesson: None,
            lesson_step: 0,
            lesson_text: None,
        }
    }

    /// Hand-made vectors of the loaded example (used only for sentences they
    /// cover; anything else falls back to the lexical embedder).
    pub fn vectors(&self) -> Option<GivenVectors> {
        examples::by_name(self.example.as_deref()?)?.vectors
    }

    pub fn is_hidden(&self, key: &str) -> bool {
        self.hidden.iter().any(|h| h == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_state_is_the_opening_answer_with_the_trace_complete() {
        let s = LabState::default();
        assert_eq!(s.example.as_deref(), Some("opening-answer"));
        assert_eq!(s.config, Config::default());
        assert_eq!((s.inspection_seconds, s.speed), (60, 1.0));
        assert_eq!(s.trace_position, usize::MAX);
    }

    #[test]
    fn round_trips_through_json_and_fills_missing_fields() {
        let s = LabState::from_example(&examples::by_name("tagore").unwrap());
        let back: LabState = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        assert!(back.vectors().is_some());
        let partial: LabState = serde_json::from_str(r#"{"answer": "Hi."}"#).unwrap();
        assert_eq!(partial.answer, "Hi.");
        assert_eq!(partial.inspection_seconds, 60);
    }
}
