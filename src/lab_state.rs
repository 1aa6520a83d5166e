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
    /// How many trace events are shown (`usize::MAX`: all of them, however
    /// many an edit makes, [`TRACE_END`]).
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

/// The trace's end as a replay position: every event shown, however many
/// an edit makes.
pub const TRACE_END: usize = usize::MAX;

/// The replay's position with `shown` events of `events` shown: the
/// trace's end once the last is shown, so that an edit after a finished
/// replay shows all it finds (a finished replay of 23 events, then a claim
/// typed that made 27, showed 23 of them and hid the decision).
pub fn replay_position(shown: usize, events: usize) -> usize {
    if shown >= events {
        TRACE_END
    } else {
        shown
    }
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

    /// The state with its texts as the lab's boxes hold them
    /// ([`as_a_text_box_holds`], [`as_a_line_box_holds`]). Everything the
    /// lab checks is what its boxes show, so every byte the check names
    /// (a sentence to select, a claim to mark) is where the box has it.
    pub fn as_boxes_hold(mut self) -> LabState {
        self.question = as_a_line_box_holds(self.question);
        self.source = as_a_text_box_holds(self.source);
        self.answer = as_a_text_box_holds(self.answer);
        self.samples = self.samples.into_iter().map(as_a_text_box_holds).collect();
        self
    }
}

/// `text` as a text box (`<textarea>`) holds it: each line break (`\r\n`,
/// or a lone `\r`) as `\n`, as the box's value has it. A source that kept
/// its `\r`s (a file saved on Windows, a link made from one) would put a
/// selection made from the check's byte offsets one character late for
/// each `\r` before it. Not copied when it holds no `\r`.
pub fn as_a_text_box_holds(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut held = String::with_capacity(text.len());
    for (i, line) in text.split('\r').enumerate() {
        match i {
            0 => held.push_str(line),
            _ => {
                held.push('\n');
                held.push_str(line.strip_prefix('\n').unwrap_or(line));
            }
        }
    }
    held
}

/// `text` as a one-line box (`<input>`, the question) holds it: its line
/// breaks (`\r`, `\n`) removed, as the box's value has it.
pub fn as_a_line_box_holds(text: String) -> String {
    let mut text = text;
    text.retain(|c| c != '\r' && c != '\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_that_shows_the_last_event_is_at_the_traces_end() {
        assert_eq!(replay_position(3, 23), 3);
        assert_eq!(replay_position(22, 23), 22);
        // The last event shown: the end, which an edit's new events join.
        assert_eq!(replay_position(23, 23), TRACE_END);
        assert_eq!(replay_position(24, 23), TRACE_END);
        assert_eq!(replay_position(0, 0), TRACE_END);
    }

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

    #[test]
    fn texts_are_kept_as_the_boxes_hold_them() {
        let s = LabState {
            question: "Who\r\nwrote it?\n".into(),
            source: "One.\r\nTwo.\rThree.\r\n\r\nFour.\n".into(),
            answer: "A.\r\r\nB.".into(),
            samples: vec!["C.\r\nD.".into(), "E.".into()],
            ..LabState::default()
        }
        .as_boxes_hold();
        assert_eq!(s.question, "Whowrote it?");
        assert_eq!(s.source, "One.\nTwo.\nThree.\n\nFour.\n");
        assert_eq!(s.answer, "A.\n\nB.");
        assert_eq!(s.samples, ["C.\nD.", "E."]);
        let plain = LabState::default();
        assert_eq!(plain.clone().as_boxes_hold(), plain);
    }
}
