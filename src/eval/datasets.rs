//! The public labelled sets `claimlab eval` reads, one record type each, and
//! their protocol (which split is reported, what counts as a hallucination).
//! Labels are read only to score the checker, never as its input.

use serde::Deserialize;

use crate::named::named_enum;

named_enum! {
    /// The sets `claimlab eval` knows.
    pub enum Dataset {
        RagTruth = "ragtruth",
        HaluEval = "halueval",
        SummEdits = "summedits",
        WikiBio = "wikibio",
    }
}

impl Dataset {
    /// The split reported by default (thresholds are chosen on the other).
    pub fn default_split(self) -> &'static str {
        match self {
            Dataset::RagTruth | Dataset::HaluEval | Dataset::SummEdits => "test",
            Dataset::WikiBio => "all",
        }
    }

    /// The splits a user may ask for.
    pub fn splits(self) -> &'static [&'static str] {
        match self {
            Dataset::RagTruth => &["train", "test"],
            Dataset::HaluEval => &["tune", "test"],
            Dataset::SummEdits => &["evaluation", "test"],
            Dataset::WikiBio => &["all"],
        }
    }
}

/// A labelled answer with its source: check `answer` against `source`.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelledAnswer {
    pub id: String,
    pub question: String,
    pub source: String,
    pub answer: String,
    /// Is the answer hallucinated (by the set's own labels)?
    pub label: bool,
    /// Labelled hallucinated spans, as char offsets into `answer` (RAGTruth).
    pub gold_spans: Vec<(usize, usize)>,
    /// HaluEval: the pair this example belongs to.
    pub pair: Option<usize>,
    /// A group to report separately (SummEdits domain, RAGTruth model).
    pub group: String,
}

/// A labelled sample the lab's Calibration panel loads (`www/calibration/`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CalibrationSet {
    pub name: String,
    pub licence: String,
    pub examples: Vec<CalibrationExample>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CalibrationExample {
    pub id: String,
    #[serde(default)]
    pub question: String,
    pub source: String,
    pub answer: String,
    /// Is the answer hallucinated?
    pub label: bool,
}

// ---------------------------------------------------------------- RAGTruth

/// A source record of `QA.jsonl`.
#[derive(Debug, Deserialize)]
pub struct RagTruthSource {
    pub source_id: String,
    pub source_info: RagTruthInfo,
}

#[derive(Debug, Deserialize)]
pub struct RagTruthInfo {
    #[serde(default)]
    pub question: String,
    #[serde(default)]
    pub passages: String,
}

/// A response record of the `*_hallucination.jsonl` files.
#[derive(Debug, Deserialize)]
pub struct RagTruthResponse {
    pub id: String,
    pub source_id: String,
    #[serde(default)]
    pub model: String,
    pub labels: Vec<RagTruthLabel>,
    pub split: String,
    pub quality: String,
    pub response: String,
}

#[derive(Debug, Deserialize)]
pub struct RagTruthLabel {
    pub start: usize,
    pub end: usize,
    #[serde(default)]
    pub label_type: String,
}

impl RagTruthResponse {
    /// The upstream protocol: quality "good" responses of the split.
    pub fn in_protocol(&self, split: &str) -> bool {
        self.split == split && self.quality == "good"
    }

    pub fn example(self, source: &RagTruthSource) -> LabelledAnswer {
        LabelledAnswer {
            id: self.id,
            question: source.source_info.question.clone(),
            source: source.source_info.passages.clone(),
            label: !self.labels.is_empty(),
            gold_spans: self.labels.iter().map(|l| (l.start, l.end)).collect(),
            answer: self.response,
            pair: None,
            group: self.model,
        }
    }
}

// ---------------------------------------------------------------- HaluEval

/// A line of `qa_data.json`.
#[derive(Debug, Deserialize)]
pub struct HaluEvalQa {
    pub knowledge: String,
    pub question: String,
    pub right_answer: String,
    pub hallucinated_answer: String,
}

/// The first 2,000 pairs tune; the remaining 8,000 are reported.
pub const HALUEVAL_TUNE_PAIRS: usize = 2_000;

impl HaluEvalQa {
    pub fn in_split(index: usize, split: &str) -> bool {
        (index < HALUEVAL_TUNE_PAIRS) == (split == "tune")
    }

    /// The two examples of pair `index`: the right answer (label false), then the hallucinated one.
    pub fn examples(self, index: usize) -> [LabelledAnswer; 2] {
        let make = |answer: String, label: bool| LabelledAnswer {
            id: format!("{index}-{}", if label { "hallucinated" } else { "right" }),
            question: self.question.clone(),
            source: self.knowledge.clone(),
            answer,
            label,
            gold_spans: vec![],
            pair: Some(index),
            group: String::new(),
        };
        [
            make(self.right_answer.clone(), false),
            make(self.hallucinated_answer.clone(), true),
        ]
    }
}

// ---------------------------------------------------------------- SummEdits

/// An item of a `summedits_<domain>.json` array.
#[derive(Debug, Deserialize)]
pub struct SummEditsItem {
    pub id: String,
    pub doc: String,
    pub summary: String,
    /// `1` consistent, `0` inconsistent (a number or a string).
    pub label: serde_json::Value,
    pub split: String,
}

impl SummEditsItem {
    /// Is the summary inconsistent with its document?
    pub fn inconsistent(&self) -> Option<bool> {
        match &self.label {
            serde_json::Value::Number(n) => n.as_u64().map(|n| n == 0),
            serde_json::Value::String(s) => match s.as_str() {
                "0" => Some(true),
                "1" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn example(self, domain: &str) -> Option<LabelledAnswer> {
        let label = self.inconsistent()?;
        Some(LabelledAnswer {
            id: self.id,
            question: String::new(),
            source: self.doc,
            answer: self.summary,
            label,
            gold_spans: vec![],
            pair: None,
            group: domain.to_string(),
        })
    }
}

// ---------------------------------------------------------------- WikiBio

/// A line of `wikibio_gpt3_119.jsonl`: a passage's sentences, their labels
/// and 20 sampled passages. There is no reference text.
#[derive(Debug, Deserialize)]
pub struct WikiBioPassage {
    pub main_sentences: Vec<String>,
    pub annotation: Vec<String>,
    pub sample_passages: Vec<String>,
}

impl WikiBioPassage {
    /// Is sentence `i` non-factual (minor or major inaccurate)?
    pub fn non_factual(&self, i: usize) -> bool {
        self.annotation.get(i).is_some_and(|a| a != "accurate")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summedits_labels_may_be_numbers_or_strings() {
        let item = |label: &str| {
            serde_json::from_str::<SummEditsItem>(&format!(
                r#"{{"id":"a","doc":"d","summary":"s","label":{label},"split":"test"}}"#
            ))
            .unwrap()
        };
        assert_eq!(item("0").inconsistent(), Some(true));
        assert_eq!(item(r#""1""#).inconsistent(), Some(false));
        assert_eq!(item(r#""x""#).inconsistent(), None);
    }

    #[test]
    fn halueval_pairs_and_splits() {
        let qa = HaluEvalQa {
            knowledge: "K.".into(),
            question: "Q?".into(),
            right_answer: "R".into(),
            hallucinated_answer: "H".into(),
        };
        let [right, hallucinated] = qa.examples(7);
        assert_eq!(
            (right.label, hallucinated.label, right.pair),
            (false, true, Some(7))
        );
        assert!(HaluEvalQa::in_split(1_999, "tune") && HaluEvalQa::in_split(2_000, "test"));
    }

    #[test]
    fn dataset_names() {
        for d in Dataset::ALL {
            assert_eq!(Dataset::from_name(d.name()), Some(*d));
            assert!(d.splits().contains(&d.default_split()));
        }
    }
}
