//! The built-in examples: seed 004's four, seed 001's five scenarios and seed 000's Tagore.
//!
//! Each example carries everything a check needs (source, answer, samples,
//! settings) so that the lab's Examples menu and `claimlab check --example`
//! show the same thing. Texts are written so that every figure the seeds
//! give holds; `tests/seed_figures.rs` asserts each one.

use serde::{Deserialize, Serialize};

use crate::checks::consistency::GivenVectors;
use crate::config::Config;
use crate::drift::{self, Fingerprint};
use crate::pipeline::CheckInput;

/// Which seed document an example comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seed {
    /// 004: the claim-checking lab over the Ridgeline bridge.
    ClaimChecking,
    /// 001: the RAG detector's five production scenarios.
    RagDetector,
    /// 000: self-consistency across sampled answers.
    SelfConsistency,
}

impl Seed {
    /// The settings an example of this seed starts from: the seed preset,
    /// and for seed 001's scenarios the `flag` policy. Its detector never
    /// withholds an answer over one claim: it delivers, scores and routes,
    /// so a repaired answer whose re-check only flags a claim ships
    /// (`healed_accept`), as its scenarios say.
    pub fn config(self) -> Config {
        match self {
            Seed::RagDetector => Config {
                policy: crate::config::Policy::Flag,
                ..Config::default()
            },
            Seed::ClaimChecking | Seed::SelfConsistency => Config::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Example {
    /// Stable name, used by `--example` and the lab's menu.
    pub name: String,
    pub title: String,
    /// What the example teaches, in a sentence or two.
    pub lesson: String,
    pub seed: Seed,
    pub question: String,
    pub source: String,
    pub answer: String,
    pub samples: Vec<String>,
    /// Hand-made sentence vectors for consistency, if the example has them.
    pub vectors: Option<GivenVectors>,
    /// Earlier answers to the same question, oldest first (for drift).
    pub history: Vec<String>,
    pub config: Config,
}

impl Example {
    /// Are these the example's own texts (none edited)?
    pub fn matches(&self, question: &str, source: &str, answer: &str, samples: &[String]) -> bool {
        (
            self.question.as_str(),
            self.source.as_str(),
            self.answer.as_str(),
            self.samples.as_slice(),
        ) == (question, source, answer, samples)
    }

    /// The fingerprints of its earlier answers, oldest first.
    pub fn history_fingerprints(&self) -> Vec<Fingerprint> {
        self.history.iter().map(|a| drift::fingerprint(a)).collect()
    }

    /// What to check: its answer, samples, question and vectors, with
    /// `history` (its [`history_fingerprints`](Self::history_fingerprints)).
    pub fn input<'a>(&'a self, history: &'a [Fingerprint]) -> CheckInput<'a> {
        CheckInput {
            answer: &self.answer,
            samples: &self.samples,
            question: &self.question,
            history: Some(history),
            latency_ms: 0.0,
            vectors: self.vectors.as_ref(),
            skip_trace: false,
            skip_sources: false,
            earlier: None,
        }
    }
}

/// Seed 004's fictional six-sentence source.
pub const RIDGELINE: &str = "The Ridgeline bridge opened to traffic in 1998. It crosses the Varna river two kilometres north of the old town. The main span is 410 metres long. The deck carries four lanes of traffic and a cycle path. The bridge was designed by Halvorsen Partners. Maintenance crews inspect the cables every spring.";

const RIDGELINE_QUESTION: &str = "What do we know about the Ridgeline bridge?";

/// Seed 001, scenario 4: the stable answer given five times before the drift.
pub const SKU_STABLE_ANSWER: &str =
    "The Aurora desk lamp (SKU-441) costs $49.99 and ships within two business days.";

fn example(
    name: &str,
    title: &str,
    lesson: &str,
    seed: Seed,
    question: &str,
    source: &str,
    answer: &str,
) -> Example {
    Example {
        name: name.into(),
        title: title.into(),
        lesson: lesson.into(),
        seed,
        question: question.into(),
        source: source.into(),
        answer: answer.into(),
        samples: vec![],
        vectors: None,
        history: vec![],
        config: seed.config(),
    }
}

/// Every built-in example, in menu order.
pub fn all() -> Vec<Example> {
    let tagore_vectors: [(&str, [f32; 3]); 8] = [
        ("Tagore won the Nobel Prize in 1913.", [1.0, 0.0, 0.0]),
        ("He was born in Mumbai.", [0.0, 1.0, 0.0]),
        ("In 1913 Tagore received the Nobel Prize.", [0.95, 0.0, 0.1]),
        ("He was born in Kolkata.", [0.0, 0.2, 1.0]),
        ("Tagore got the Nobel in 1913.", [0.9, 0.1, 0.0]),
        ("His birthplace was Calcutta.", [0.0, 0.1, 1.0]),
        ("The Nobel came to Tagore in 1913.", [1.0, 0.0, 0.05]),
        ("Tagore was born in Mumbai.", [0.0, 1.0, 0.1]),
    ];
    vec![
        example(
            "opening-answer",
            "Opening answer: a wrong number with high overlap",
            "C2 shares four of five content words with S3 (0.8) but says 460 where S3 says 410: the number check catches what overlap misses.",
            Seed::ClaimChecking,
            RIDGELINE_QUESTION,
            RIDGELINE,
            "The Ridgeline bridge opened in 1998 [S1]. The main span is 460 metres long [S3]. The deck carries four lanes of traffic [S4].",
        ),
        example(
            "invented-fact",
            "Invented fact: no source sentence behind it",
            "The award claim shares no content word with any sentence, so it is unsupported at any positive threshold.",
            Seed::ClaimChecking,
            RIDGELINE_QUESTION,
            RIDGELINE,
            "The Ridgeline bridge opened in 1998 [S1]. It won a European engineering award in 2020.",
        ),
        example(
            "wrong-citation",
            "Wrong citation: a true claim pointing at the wrong sentence",
            "Halvorsen Partners designed the bridge according to S5, but the claim cites S2: miscited.",
            Seed::ClaimChecking,
            RIDGELINE_QUESTION,
            RIDGELINE,
            "The Ridgeline bridge opened in 1998 [S1]. Halvorsen Partners designed the bridge [S2].",
        ),
        example(
            "correct-paraphrase",
            "Correct paraphrase: a threshold that rejects the truth",
            "The longest span measures 410 metres shares three of five words with S3 (0.6): supported at 0.5, unsupported at 0.65.",
            Seed::ClaimChecking,
            RIDGELINE_QUESTION,
            RIDGELINE,
            "The Ridgeline bridge opened in 1998 [S1]. The longest span measures 410 metres [S3].",
        ),
        example(
            "confident-lie",
            "Confident lie: 30 days where the policy says 14",
            "An assertive answer (confidence 1.00) contradicts the refund window; the patch swaps 30 for 14 and confidence is recalibrated to 0.80.",
            Seed::RagDetector,
            "How long do I have to ask for a refund?",
            "Customers can request a full refund within 14 days of purchase. Refunds are issued to the original payment method.",
            "You can definitely get a full refund within 30 days of purchase. Refunds are always issued to the original payment method, guaranteed.",
        ),
        example(
            "hallucinated-citation",
            "Hallucinated citation: invented researchers and paper",
            "Two researchers, a paper id and an institute appear nowhere in the context; faithfulness 0.00 sends it to a grounding rewrite.",
            Seed::RagDetector,
            "Who published the seminal work on transformer models for NER?",
            "Recent studies show transformer models achieve 94% accuracy on NER tasks.",
            "The seminal work was published by Dr. James Harrison and Dr. Wei Liu in arXiv:2204.09876, at DeepMind Research Institute.",
        ),
        example(
            "billing-contradiction",
            "Billing contradiction: $10 a month where the plan is $120 a year",
            "Risk critical, quality score 0.40; the patch replaces $10 with $120 and brings the billing period in line: healed_accept.",
            Seed::RagDetector,
            "How much does the Pro plan cost?",
            "The Pro plan costs $120 per year, billed annually.",
            "The Pro plan costs $10 per month, billed monthly. You can cancel your monthly subscription at any time.",
        ),
        Example {
            history: vec![SKU_STABLE_ANSWER.to_string(); 5],
            ..example(
                "answer-drift",
                "Answer drift: the SKU-441 price moved after an index rebuild",
                "Five earlier answers agreed on $49.99; the sixth says $39.99 and adds unsupported claims: drift plus contradiction make it critical.",
                Seed::RagDetector,
                "How much does SKU-441 cost?",
                "The Aurora desk lamp (SKU-441) costs $49.99. It ships within two business days.",
                "The Aurora desk lamp now costs $39.99. It comes with a lifetime warranty. Shipping is free worldwide. Orders arrive by drone within an hour.",
            )
        },
        example(
            "clean-answer",
            "Clean answer: nothing to heal",
            "Every claim is grounded; risk stays low, confidence 0.62 is unchanged, and the answer is accepted.",
            Seed::RagDetector,
            "When is the support desk open?",
            "The support desk is open from 9am to 5pm on weekdays. It is closed on public holidays. Requests can be sent by email at any time. Email requests are answered on the next working day.",
            "The support desk is open from 9am to 5pm on weekdays. It is clearly closed on public holidays. Requests can be sent by email at any time of the day or night. Email requests are answered on the next working day.",
        ),
        Example {
            samples: vec![
                "In 1913 Tagore received the Nobel Prize. He was born in Kolkata.".into(),
                "Tagore got the Nobel in 1913. His birthplace was Calcutta.".into(),
                "The Nobel came to Tagore in 1913. Tagore was born in Mumbai.".into(),
            ],
            vectors: Some(GivenVectors(tagore_vectors.iter().map(|(k, v)| (k.to_string(), v.to_vec())).collect())),
            ..example(
                "tagore",
                "Tagore: self-consistency without a source",
                "The Nobel sentence is stable across samples (1.0); the birthplace flips (0.33) and is flagged. Sample 3 repeats the error: had all three, the check would pass it.",
                Seed::SelfConsistency,
                "Tell me about Rabindranath Tagore.",
                "",
                "Tagore won the Nobel Prize in 1913. He was born in Mumbai.",
            )
        },
    ]
}

/// The example with this name.
pub fn by_name(name: &str) -> Option<Example> {
    all().into_iter().find(|e| e.name == name)
}

/// The example the lab opens with.
pub const DEFAULT: &str = "opening-answer";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_default_exists() {
        let all = all();
        let mut names: Vec<&str> = all.iter().map(|e| e.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert!(by_name(DEFAULT).is_some());
        assert_eq!(all.len(), 10);
    }

    #[test]
    fn the_ridgeline_source_has_six_sentences() {
        assert_eq!(crate::text::sentences::split(RIDGELINE).len(), 6);
    }
}
