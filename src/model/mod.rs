//! The learned answer score (`answer_scoring: learned`, the `improved`
//! preset's): the probability that an answer holds a hallucination, from
//! what the checks found about its claims.
//!
//! Each claim is read as a few numbers ([`features`]). The answer is read
//! as each feature's **mean** and **maximum** over its claims plus the
//! number of claims, so a long faithful answer is not punished for its
//! length (a sum or a "any claim fails" rule would be). A logistic
//! regression over those numbers gives the probability; its weights are
//! the file `models/answer-score.json`, trained by `claimlab train` on the
//! tuning splits only (`models/README.md` is its card). A claim's score is
//! the answer score of an answer made of that claim alone.
//!
//! **Explained**: the logit is the model's value at the training average
//! (`baseline`) plus one contribution per feature, weight × (value −
//! average), so each bar of "why the score is 0.83" is exact, and the bars
//! sum to the score's logit.
//!
//! **Three kinds of answer, three sets of weights.** What a weak claim
//! means differs between a one-line answer to a question, a paragraph
//! answering from passages and a summary of a document (trained together,
//! the sets pull the weights apart: RAGTruth's average precision fell from
//! 0.57 to 0.40 with HaluEval pooled in). So the model keeps weights per
//! [`Regime`], chosen from what the input shows: no question is a
//! `summary`; a question with an answer of at most [`SHORT_ANSWER_WORDS`]
//! words is a `short_answer`; otherwise a `long_answer`. Each regime is
//! trained on the training answers that fall in it.
//!
//! **Decides**: an answer scoring at or above `decision_threshold` gets the
//! policy's decision (block or deliver with flags); below it, deliver.

pub mod features;
mod file;

use file::Json;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use features::ClaimFeatures;

/// Answer features: each claim feature's mean, then its maximum.
pub const ANSWER_COUNT: usize = 2 * features::COUNT;

/// An answer feature's name: `mean unsupported`, …, `max unsupported`, ….
pub fn answer_feature_name(i: usize) -> String {
    match i {
        i if i < features::COUNT => format!("mean {}", features::NAMES[i]),
        _ => format!("max {}", features::NAMES[i - features::COUNT]),
    }
}

/// The answer's features from its claims' (all zero without claims).
pub fn answer_features(claims: &[ClaimFeatures]) -> [f64; ANSWER_COUNT] {
    let mut out = [0.0; ANSWER_COUNT];
    let n = features::COUNT;
    for c in claims {
        for (i, v) in c.values.iter().enumerate() {
            out[i] += v / claims.len() as f64;
            out[n + i] = out[n + i].max(*v);
        }
    }
    out
}

/// Answers of at most this many words (split at white space) to a question
/// are short answers.
pub const SHORT_ANSWER_WORDS: usize = 25;

crate::named::named_enum! {
    /// The kind of answer, which chooses the weights.
    pub enum Regime {
        /// An answer of a few words to a question (HaluEval's kind).
        ShortAnswer = "short_answer",
        /// A longer answer to a question (RAGTruth's kind).
        LongAnswer = "long_answer",
        /// No question: a summary or a free text about the source.
        Summary = "summary",
    }
}

impl Regime {
    /// What the regime is, in words for a reader ("scored with the weights
    /// for …").
    pub fn description(self) -> &'static str {
        match self {
            Regime::ShortAnswer => "a short answer to a question (a question and at most 25 words)",
            Regime::LongAnswer => "a long answer to a question (a question and more than 25 words)",
            Regime::Summary => "a text with no question (a summary)",
        }
    }

    /// The regime an answer to `question` falls in.
    pub fn of(question: &str, answer: &str) -> Regime {
        if question.trim().is_empty() {
            Regime::Summary
        } else if answer.split_whitespace().nth(SHORT_ANSWER_WORDS).is_none() {
            Regime::ShortAnswer
        } else {
            Regime::LongAnswer
        }
    }
}

/// The answer model: one logistic regression per [`Regime`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnswerModel {
    /// [`answer_feature_name`] of each weight, in order.
    pub features: Vec<String>,
    /// In [`Regime::ALL`]'s order.
    pub regimes: Vec<Weights>,
    /// The default decision threshold, chosen on the tuning splits.
    pub decision_threshold: f64,
}

/// One regime's logistic regression over the answer features, centred on
/// the average of the answers it was trained on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    pub regime: String,
    /// How many training answers fell in this regime.
    pub answers: usize,
    /// Each feature's average over those answers.
    pub means: Vec<f64>,
    pub weights: Vec<f64>,
    /// The logit of an answer whose every feature is at its average.
    pub intercept: f64,
}

/// What the learned decision stakes on an answer (the pipeline finds it
/// from the claims' verdicts): which claim a block or a flag would name,
/// and how the answer's probability is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stake {
    /// Every claim fully supported: delivered at any threshold (a block
    /// must name the claim it is for).
    Nothing,
    /// This claim (0-based) is named when the probability reaches the
    /// decision threshold.
    Claim(usize),
    /// This claim is contradicted or miscited (a finding that names its
    /// evidence), or in another language than its source (which the score
    /// cannot read): the policy's decision at any threshold.
    Always(usize),
}

impl Stake {
    /// The score the decision threshold cuts: 0, the probability, or 1.
    pub fn score(self, probability: f64) -> f64 {
        match self {
            Stake::Nothing => 0.0,
            Stake::Claim(_) => probability,
            Stake::Always(_) => 1.0,
        }
    }

    /// The claim named, when the score reaches `threshold`.
    pub fn named(self, probability: f64, threshold: f64) -> Option<usize> {
        let score = self.score(probability);
        match self {
            Stake::Claim(k) | Stake::Always(k)
                if score > 0.0 && score >= threshold - crate::verdict::EPS =>
            {
                Some(k)
            }
            _ => None,
        }
    }
}

/// The learned score of a claim or an answer, with its explanation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LearnedScore {
    /// Probability of a hallucination, 0–1.
    pub probability: f64,
    /// The probability of an answer at the training average.
    pub baseline: f64,
    /// One per feature, in the model's order: the logit is the baseline's
    /// plus the sum of the contributions.
    pub contributions: Vec<Contribution>,
    /// Whose weights scored it: the question and the answer's length choose.
    pub regime: Regime,
}

/// One feature's part in a score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Contribution {
    pub feature: String,
    /// The feature's value, 0–1: a claim's own, or its maximum over the
    /// answer's claims.
    pub value: f64,
    /// Its mean over the answer's claims (a claim's own value for a claim).
    pub mean: f64,
    /// What it adds to the logit, weight × (mean − average) + weight ×
    /// (maximum − average) (negative: towards faithful).
    pub contribution: f64,
}

/// The shipped weights, as `claimlab train` wrote them.
const SHIPPED_FILE: &str = include_str!("../../models/answer-score.json");

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The logit of a probability (clamped away from 0 and 1).
pub fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    (p / (1.0 - p)).ln()
}

impl AnswerModel {
    /// The model the project ships (`models/answer-score.json`). A file of
    /// another version reads as [`AnswerModel::untrained`], so that
    /// `claimlab train` can always run; a test fails on it.
    pub fn shipped() -> &'static AnswerModel {
        static SHIPPED: OnceLock<AnswerModel> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            AnswerModel::from_json(SHIPPED_FILE).unwrap_or_else(|_| AnswerModel::untrained())
        })
    }

    /// Every weight 0: every answer scores 0.5.
    pub fn untrained() -> AnswerModel {
        AnswerModel {
            features: (0..ANSWER_COUNT).map(answer_feature_name).collect(),
            regimes: Regime::ALL
                .iter()
                .map(|r| Weights {
                    regime: r.name().to_string(),
                    answers: 0,
                    means: vec![0.0; ANSWER_COUNT],
                    weights: vec![0.0; ANSWER_COUNT],
                    intercept: 0.0,
                })
                .collect(),
            decision_threshold: 0.5,
        }
    }

    /// Read a model file; the message says what is wrong with it.
    pub fn from_json(text: &str) -> Result<AnswerModel, String> {
        let read = |text: &str| -> Result<AnswerModel, String> {
            let json = Json::parse(text)?;
            let regimes = json
                .field("regimes")?
                .list()?
                .iter()
                .map(|r| {
                    Ok(Weights {
                        regime: r.field("regime")?.text()?.to_string(),
                        answers: r.field("answers")?.number()? as usize,
                        means: r.field("means")?.numbers()?,
                        weights: r.field("weights")?.numbers()?,
                        intercept: r.field("intercept")?.number()?,
                    })
                })
                .collect::<Result<Vec<Weights>, String>>()?;
            Ok(AnswerModel {
                features: (json.field("features")?.list()?.iter())
                    .map(|f| f.text().map(str::to_string))
                    .collect::<Result<Vec<String>, String>>()?,
                regimes,
                decision_threshold: json.field("decision_threshold")?.number()?,
            })
        };
        let m = read(text).map_err(|e| format!("not a model file: {e}"))?;
        let names: Vec<String> = (0..ANSWER_COUNT).map(answer_feature_name).collect();
        if m.features != names {
            return Err(format!(
                "the model's features are not this version's ({} expected)",
                names.join(", ")
            ));
        }
        let regimes: Vec<&str> = m.regimes.iter().map(|w| w.regime.as_str()).collect();
        if regimes != Regime::NAMES {
            return Err(format!(
                "the model needs weights for {}",
                Regime::NAMES.join(", ")
            ));
        }
        if m.regimes
            .iter()
            .any(|w| w.means.len() != ANSWER_COUNT || w.weights.len() != ANSWER_COUNT)
        {
            return Err("the model needs one mean and one weight per feature".into());
        }
        Ok(m)
    }

    /// The weights of a regime.
    pub fn weights(&self, regime: Regime) -> &Weights {
        &self.regimes[regime as usize]
    }

    /// The answer's score, one contribution per claim feature (its mean and
    /// maximum together).
    pub fn score_answer(&self, regime: Regime, claims: &[ClaimFeatures]) -> LearnedScore {
        self.weights(regime).score_answer(regime, claims)
    }

    /// A claim's score: that of an answer of the same regime made of this
    /// claim alone.
    pub fn score_claim(&self, regime: Regime, claim: &ClaimFeatures) -> LearnedScore {
        self.weights(regime)
            .score_answer(regime, std::slice::from_ref(claim))
    }
}

impl Weights {
    /// Each answer feature's contribution to the logit.
    fn terms(&self, x: &[f64; ANSWER_COUNT]) -> [f64; ANSWER_COUNT] {
        std::array::from_fn(|i| self.weights[i] * (x[i] - self.means[i]))
    }

    fn score_answer(&self, regime: Regime, claims: &[ClaimFeatures]) -> LearnedScore {
        let x = answer_features(claims);
        let terms = self.terms(&x);
        let n = features::COUNT;
        let contributions: Vec<Contribution> = (0..n)
            .map(|i| Contribution {
                feature: features::NAMES[i].to_string(),
                value: x[n + i],
                mean: x[i],
                // `+ 0.0` writes a zero as 0, not -0.
                contribution: terms[i] + terms[n + i] + 0.0,
            })
            .collect();
        self.explained(regime, contributions)
    }

    fn explained(&self, regime: Regime, contributions: Vec<Contribution>) -> LearnedScore {
        let z = self.intercept + contributions.iter().map(|c| c.contribution).sum::<f64>();
        LearnedScore {
            probability: sigmoid(z),
            baseline: sigmoid(self.intercept),
            contributions,
            regime,
        }
    }
}

impl LearnedScore {
    /// The claim features it was computed from (each contribution's value).
    pub fn claim_features(&self) -> Option<ClaimFeatures> {
        let values: Vec<f64> = self.contributions.iter().map(|c| c.value).collect();
        Some(ClaimFeatures {
            values: values.get(..features::COUNT)?.try_into().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(values: [f64; features::COUNT]) -> ClaimFeatures {
        ClaimFeatures { values }
    }

    #[test]
    fn each_score_says_whose_weights_scored_it() {
        let m = AnswerModel::shipped();
        let c = claim([0.5; features::COUNT]);
        let words = |n: usize| vec!["word"; n].join(" ");
        for (question, answer, regime) in [
            ("Who?", words(SHORT_ANSWER_WORDS), Regime::ShortAnswer),
            ("Who?", words(SHORT_ANSWER_WORDS + 1), Regime::LongAnswer),
            ("", words(3), Regime::Summary),
        ] {
            let r = Regime::of(question, &answer);
            assert_eq!(r, regime);
            assert_eq!(m.score_answer(r, &[c]).regime, regime);
            assert_eq!(m.score_claim(r, &c).regime, regime);
        }
        // The words say the same limit as the rule.
        let limit = format!("at most {SHORT_ANSWER_WORDS} words");
        assert!(Regime::ShortAnswer.description().contains(&limit));
    }

    #[test]
    fn the_shipped_model_reads_and_its_threshold_is_a_probability() {
        let m = AnswerModel::from_json(SHIPPED_FILE).expect("models/answer-score.json reads");
        assert_ne!(m, AnswerModel::untrained());
        assert_eq!(m.regimes.len(), Regime::ALL.len());
        assert!((0.0..=1.0).contains(&m.decision_threshold));
        assert!(AnswerModel::from_json("{}").is_err());
        let mut wrong = serde_json::to_value(m).unwrap();
        wrong["features"][0] = "mean something else".into();
        let err = AnswerModel::from_json(&wrong.to_string()).unwrap_err();
        assert!(err.contains("not this version's"), "{err}");
    }

    #[test]
    fn the_improved_preset_decides_at_the_trained_threshold() {
        let m = AnswerModel::from_json(SHIPPED_FILE).unwrap();
        assert_eq!(
            crate::config::IMPROVED_DECISION_THRESHOLD,
            m.decision_threshold
        );
        let improved = crate::Preset::Improved.config();
        assert_eq!(improved.decision_threshold, m.decision_threshold);
        assert_eq!(improved.answer_scoring, crate::AnswerScoring::Learned);
    }

    #[test]
    fn contributions_sum_to_the_logit_and_the_baseline_is_the_average() {
        let m = AnswerModel::shipped();
        let mut a = [0.0; features::COUNT];
        a[0] = 0.7;
        a[2] = 0.4;
        let claims = [claim(a), claim([0.1; features::COUNT])];
        for &regime in Regime::ALL {
            for s in [
                m.score_answer(regime, &claims),
                m.score_claim(regime, &claims[0]),
            ] {
                let sum: f64 = s.contributions.iter().map(|c| c.contribution).sum();
                assert!((logit(s.baseline) + sum - logit(s.probability)).abs() < 1e-9);
            }
            let w = m.weights(regime);
            let x: [f64; ANSWER_COUNT] = w.means.clone().try_into().unwrap();
            assert!(w.terms(&x).iter().all(|t| t.abs() < 1e-12));
            // Every weight of evidence is 0 or more.
            assert!(w.weights.iter().all(|x| *x >= 0.0), "{:?}", w.weights);
        }
    }

    #[test]
    fn the_answer_reads_mean_and_maximum_so_length_alone_does_not_add_up() {
        let weak = claim([0.6; features::COUNT]);
        let good = claim([0.0; features::COUNT]);
        let short = answer_features(&[weak, good]);
        let long = answer_features(&[weak, good, weak, good, weak, good]);
        // The same answer three times over reads the same.
        assert_eq!(short, long);
        assert_eq!(answer_features(&[]), [0.0; ANSWER_COUNT]);
        let m = AnswerModel::shipped();
        for &regime in Regime::ALL {
            assert_eq!(
                m.score_answer(regime, &[weak, good]),
                m.score_answer(regime, &[weak, good, weak, good, weak, good])
            );
        }
    }

    #[test]
    fn a_claim_score_keeps_its_features() {
        let m = AnswerModel::shipped();
        let c = claim([0.25; features::COUNT]);
        assert_eq!(m.score_claim(Regime::Summary, &c).claim_features(), Some(c));
    }

    #[test]
    fn the_regime_follows_the_question_and_the_answer_length() {
        assert_eq!(Regime::of("  ", "Paris."), Regime::Summary);
        assert_eq!(Regime::of("Where?", "Paris."), Regime::ShortAnswer);
        let long = "word ".repeat(SHORT_ANSWER_WORDS + 1);
        assert_eq!(Regime::of("Where?", &long), Regime::LongAnswer);
        let edge = "word ".repeat(SHORT_ANSWER_WORDS);
        assert_eq!(Regime::of("Where?", &edge), Regime::ShortAnswer);
    }
}
