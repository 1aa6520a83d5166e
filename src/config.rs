//! Every setting of the checker, once: the settings table.
//!
//! Each row of [`settings!`] below gives a setting's name, type, default
//! (the `seed` preset, which reproduces every figure the seed documents
//! give), label, group, range and doc. From it derive the [`Config`] type
//! and its `Default`, validation ([`Config::validate`]), the text form links
//! carry ([`Config::to_pairs`], [`Config::set_pair`]), the CLI's
//! `--set NAME=VALUE` and `claimlab settings`, the lab's labels and help,
//! and the settings table in SETTINGS.md (a test keeps it current).
//! `strict` is seed 001's setting for legal and medical contexts. Unknown
//! fields in a config file are an error, so a typo is not silently ignored.

use serde::{Deserialize, Serialize};

use crate::named::named_enum;
use crate::text::decimal::Decimal;

named_enum! {
    /// What to do with an answer when a claim fails.
    pub enum Policy {
        /// Withhold the whole answer.
        Block = "block",
        /// Deliver it, marked with its first problem.
        Flag = "flag",
    }
}

named_enum! {
    /// How an answer's claims combine into one hallucination score (for
    /// ranking and for `claimlab eval`). Only `learned` also decides: with
    /// the others, any failing claim gets the policy's decision.
    pub enum AnswerScoring {
        /// The worst claim: 1 − its support, or 2 if another check fails it.
        /// Sweeping a threshold over it is sweeping the support threshold.
        WorstClaim = "worst_claim",
        /// Noisy-OR: each claim is hallucinated with probability
        /// `claim_weight × (1 − support)^claim_exponent` (or `hard_failure_weight`
        /// when another check fails it); the answer is hallucinated unless none is.
        NoisyOr = "noisy_or",
        /// The learned model (`crate::model`): the probability of a
        /// hallucination from every claim's features; an answer from
        /// `decision_threshold` up gets the policy's decision, below it is
        /// delivered.
        Learned = "learned",
    }
}

named_enum! {
    /// How a claim's agreement with sampled answers is scored.
    pub enum ConsistencyScoring {
        /// Seed 000: the share of samples with a sentence at cosine ≥ `sim_threshold`.
        Cosine = "cosine",
        /// SelfCheck-style lexical agreement (informative words, word pairs,
        /// surprisal), flagged above 0.5.
        Lexical = "lexical",
    }
}

named_enum! {
    /// A named group of settings.
    pub enum Preset {
        /// The seeds' own settings; every seed figure holds.
        Seed = "seed",
        /// The seed's checks plus the general improvements measured on the
        /// labelled data (BENCHMARKS.md).
        Improved = "improved",
        /// Seed 001's strict mode: paraphrase is itself a risk.
        Strict = "strict",
    }
}

impl Preset {
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
            // Chosen on the tuning splits of RAGTruth, HaluEval and SummEdits
            // together (BENCHMARKS.md); `question_words_given` is left off: it
            // cost HaluEval 3 points of accuracy for no gain elsewhere.
            Preset::Improved => Config {
                discourse_words: true,
                citations_in_words: true,
                skip_refusals: true,
                skip_headers: true,
                antonym_check: true,
                single_word_entities: true,
                answer_scoring: AnswerScoring::Learned,
                decision_threshold: IMPROVED_DECISION_THRESHOLD,
                claim_weight: 0.3,
                claim_exponent: 1.0,
                hard_failure_weight: 0.5,
                consistency_scoring: ConsistencyScoring::Lexical,
                ..Config::default()
            },
        }
    }
}

/// The `improved` preset's decision threshold: the one `claimlab train`
/// chose on the tuning splits and wrote into `models/answer-score.json` (a
/// test keeps the two equal).
pub const IMPROVED_DECISION_THRESHOLD: f64 = 0.54;

/// Where a setting belongs: the step of the check it tunes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Whether a claim is supported, and which checks run.
    Claims,
    /// How text is read.
    Reading,
    /// Agreement across sampled answers.
    Samples,
    /// The answer as a whole: decision, risk, repair, quality.
    Answer,
    /// Drift against earlier answers.
    Drift,
    /// The answer's hallucination score (`eval`, Calibration).
    Scoring,
}

impl Group {
    pub const ALL: [Group; 6] = [
        Group::Claims,
        Group::Reading,
        Group::Samples,
        Group::Answer,
        Group::Drift,
        Group::Scoring,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Claims => "Claims",
            Group::Reading => "Reading the text",
            Group::Samples => "Samples",
            Group::Answer => "The answer",
            Group::Drift => "Drift",
            Group::Scoring => "Answer score",
        }
    }
}

/// The values a setting may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// A number from 0 to 1.
    Unit,
    /// A number above 0, at most this.
    Positive(f64),
    /// A whole number, at least this.
    Count(usize),
    /// On or off.
    Toggle,
    /// One of these names.
    Choice(&'static [&'static str]),
}

impl Range {
    /// "0–1", "above 0, at most 10", "1 or more", "true or false", "block or flag".
    pub fn describe(self) -> String {
        match self {
            Range::Unit => "0–1".into(),
            Range::Positive(max) => format!("above 0, at most {}", Decimal(max)),
            Range::Count(min) => format!("{min} or more"),
            Range::Toggle => "true or false".into(),
            Range::Choice(names) => names.join(" or "),
        }
    }
}

/// One row of the settings table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Setting {
    /// As in JSON, links and `--set` (`support_threshold`).
    pub name: &'static str,
    /// As the lab shows it ("Support threshold").
    pub label: &'static str,
    /// What it does, in a sentence or two.
    pub doc: &'static str,
    pub group: Group,
    pub range: Range,
}

/// A setting's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Number(f64),
    Count(usize),
    Toggle(bool),
    Choice(&'static str),
}

impl Value {
    /// As links and `--set` write it: numbers short when that reads back
    /// exactly, else as their bits (`0x…`), so a link restores every
    /// setting exactly.
    pub fn to_text(self) -> String {
        match self {
            Value::Number(v) => {
                let short = Decimal(v).to_string();
                if crate::text::scan::parse_decimal(&short) == Some(v) {
                    short
                } else {
                    format!("0x{:016x}", v.to_bits())
                }
            }
            Value::Count(n) => n.to_string(),
            Value::Toggle(b) => b.to_string(),
            Value::Choice(name) => name.to_string(),
        }
    }

    /// Read `text` as a value of a setting with this range.
    pub fn from_text(text: &str, range: Range) -> Option<Value> {
        match range {
            Range::Unit | Range::Positive(_) => match text.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16)
                    .ok()
                    .map(f64::from_bits)
                    .filter(|v| v.is_finite()),
                None => crate::text::scan::parse_decimal(text),
            }
            .map(Value::Number),
            Range::Count(_) => text.parse().ok().map(Value::Count),
            Range::Toggle => match text {
                "true" => Some(Value::Toggle(true)),
                "false" => Some(Value::Toggle(false)),
                _ => None,
            },
            Range::Choice(names) => names.iter().find(|n| **n == text).map(|n| Value::Choice(n)),
        }
    }

    /// Is it within `range`? (NaN is not.)
    fn within(self, range: Range) -> bool {
        match (self, range) {
            (Value::Number(v), Range::Unit) => (0.0..=1.0).contains(&v),
            (Value::Number(v), Range::Positive(max)) => v > 0.0 && v <= max,
            (Value::Count(n), Range::Count(min)) => n >= min,
            (Value::Toggle(_), Range::Toggle) => true,
            (Value::Choice(c), Range::Choice(names)) => names.contains(&c),
            _ => false,
        }
    }
}

/// A type a setting can have.
trait SettingType: Sized {
    fn value(&self) -> Value;
    fn from_value(v: Value) -> Option<Self>;
}

/// Plain types, each stored as one kind of [`Value`].
macro_rules! plain_setting_type {
    ($($t:ty => $kind:ident),*) => {$(
        impl SettingType for $t {
            fn value(&self) -> Value {
                Value::$kind(*self)
            }
            fn from_value(v: Value) -> Option<$t> {
                match v {
                    Value::$kind(x) => Some(x),
                    _ => None,
                }
            }
        }
    )*};
}

plain_setting_type!(f64 => Number, usize => Count, bool => Toggle);

macro_rules! named_setting_type {
    ($($t:ty),*) => {$(
        impl SettingType for $t {
            fn value(&self) -> Value {
                Value::Choice(self.name())
            }
            fn from_value(v: Value) -> Option<$t> {
                match v {
                    Value::Choice(name) => <$t>::from_name(name),
                    _ => None,
                }
            }
        }
    )*};
}

named_setting_type!(Policy, AnswerScoring, ConsistencyScoring);

/// The settings table. Each row: `name: type = default, "label", group,
/// range, "doc"`.
macro_rules! settings {
    ($( $name:ident: $ty:ty = $default:expr, $label:literal, $group:ident, $range:expr, $doc:literal; )*) => {
        /// The checker's settings: one field per row of the settings table
        /// ([`SETTINGS`] holds each one's label, range and doc).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct Config {
            $( #[doc = $doc] pub $name: $ty, )*
        }

        impl Default for Config {
            /// The `seed` preset.
            fn default() -> Self {
                Config { $( $name: $default, )* }
            }
        }

        /// Each setting's row, by the setting's name (`row::support_threshold`).
        /// The lab names the rows it shows, so the page carries only their text.
        #[allow(non_upper_case_globals)]
        pub mod row {
            use super::*;
            $( pub const $name: Setting = Setting { name: stringify!($name), label: $label, doc: $doc, group: Group::$group, range: $range }; )*
        }

        /// Every setting, in the table's order.
        pub const SETTINGS: &[Setting] = &[ $( row::$name, )* ];

        /// Every setting's name, in the table's order.
        const NAMES: &[&str] = &[ $( stringify!($name), )* ];

        /// Each setting's range, getter and setter, by its place in the table:
        /// tables rather than a `match` on names, which the page would carry
        /// three times over.
        const RANGES: &[Range] = &[ $( $range, )* ];
        const GET: &[fn(&Config) -> Value] = &[ $( |c| c.$name.value(), )* ];
        const PUT: &[fn(&mut Config, Value) -> bool] = &[
            $( |c, v| SettingType::from_value(v).map(|x| c.$name = x).is_some(), )*
        ];
    };
}

/// A setting's place in the table.
fn index_of(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| *n == name)
}

/// A setting's range by name (without its label and doc).
pub fn range_of(name: &str) -> Option<Range> {
    index_of(name).map(|i| RANGES[i])
}

impl Config {
    /// A setting's value by name.
    pub fn get(&self, name: &str) -> Option<Value> {
        index_of(name).map(|i| GET[i](self))
    }

    /// Set a setting by name, without checking its range; false if there is
    /// no such setting or the value is of another type.
    fn put(&mut self, name: &str, value: Value) -> bool {
        index_of(name).is_some_and(|i| PUT[i](self, value))
    }
}

settings! {
    support_threshold: f64 = 0.5, "Support threshold", Claims, Range::Unit,
        "Minimum share of a claim's content words that one source sentence must hold (seed 004: 0.5); below it the claim is unsupported.";
    number_check: bool = true, "Every number must appear in the supporting sentence", Claims, Range::Toggle,
        "A number of the claim that its supporting sentence does not state contradicts it.";
    citation_check: bool = true, "Citation must point to the supporting sentence", Claims, Range::Toggle,
        "A claim whose citation misses its supporting sentence is miscited (a citation to nothing always is).";
    negation_check: bool = true, "Catch negation flips", Claims, Range::Toggle,
        "A claim that negates what its supporting sentence states, or the reverse, contradicts it.";
    negation_in_ties: bool = false, "Negation against every sentence tied for best", Claims, Range::Toggle,
        "Compare negation with each sentence that supports the claim exactly as well as its best (the first 32), not only the first: \"The drone is waterproof.\" against \"The drone weighs 900 grams. … It is not waterproof.\" (seed 004: the best only).";
    antonym_check: bool = false, "Catch swapped opposites", Claims, Range::Toggle,
        "A claim word whose opposite the supporting sentence uses (\"increased\" against \"decreased\") contradicts it.";
    entity_check: bool = true, "Names must appear in the source", Claims, Range::Toggle,
        "A name or reference in a claim that the source never mentions makes it unsupported.";
    single_word_entities: bool = false, "Single-word names", Claims, Range::Toggle,
        "Count a lone capitalised word (\"Mumbai\") as a name.";
    stemming: bool = true, "Stemming (designed = design)", Reading, Range::Toggle,
        "Compare words by their Snowball stem.";
    number_normalisation: bool = true, "Compare numbers by value (1,000 = 1000)", Reading, Range::Toggle,
        "Compare numbers, amounts and dates by value; off compares them as written.";
    discourse_words: bool = false, "Words about the sources are not content", Reading, Range::Toggle,
        "Words about the sources (\"Based on the given passages\") are not content words.";
    citations_in_words: bool = false, "Citations in words", Reading, Range::Toggle,
        "Read \"passage 2\", \"passages 1 and 3\" as citations of passages.";
    skip_refusals: bool = false, "Refusals and pleasantries are not claims", Reading, Range::Toggle,
        "A sentence declining to answer (\"Unable to answer based on the passages\") or only polite (\"Hope this helps!\") is not a claim.";
    skip_headers: bool = false, "Headers are not claims", Reading, Range::Toggle,
        "A sentence ending in a colon introduces what follows, and a Markdown heading (\"## Specs\") or a short line all in bold (\"**Specs**\") titles it: neither is a claim.";
    question_words_given: bool = false, "The question's words are given", Reading, Range::Toggle,
        "A claim is checked on the words it adds to the question's.";
    sim_threshold: f64 = 0.8, "Similarity threshold", Samples, Range::Unit,
        "Cosine similarity at which a sample's sentence agrees with a claim (seed 000: 0.8).";
    consistency_threshold: f64 = 0.5, "Consistency threshold", Samples, Range::Unit,
        "Share of samples that must agree with a claim (seed 000: 0.5).";
    consistency_scoring: ConsistencyScoring = ConsistencyScoring::Cosine, "Consistency scoring", Samples, Range::Choice(ConsistencyScoring::NAMES),
        "How a claim's agreement with samples is scored: cosine (seed 000) or lexical (SelfCheck-style).";
    policy: Policy = Policy::Block, "When a claim fails", Answer, Range::Choice(Policy::NAMES),
        "What a failing claim does to the answer: block withholds it, flag delivers it marked with its first problem (a risky answer repair cannot make safe is declined under either).";
    confidence_threshold: f64 = 0.75, "Confidence threshold", Answer, Range::Unit,
        "Confidence above which an ungrounded answer is confident but unfaithful (seed 001: 0.75).";
    faithfulness_threshold: f64 = 0.50, "Faithfulness threshold", Answer, Range::Unit,
        "Share of grounded claims below which the answer has low faithfulness (seed 001: 0.50).";
    repair: bool = true, "Repair risky answers", Answer, Range::Toggle,
        "Try to repair a risky answer (seed 001's healer) and re-check it.";
    rewrite_below: f64 = 0.30, "Rewrite below", Answer, Range::Unit,
        "Faithfulness below which repair rebuilds the answer from the source (seed 001: 0.30).";
    accept_threshold: f64 = 0.75, "Accept threshold", Answer, Range::Unit,
        "Quality score from which an answer the policy lets through is accepted (seed 001: 0.75).";
    drift_threshold: f64 = 0.35, "Drift threshold", Drift, Range::Unit,
        "Distance from the previous answer above which the answer drifted (seed 001: 0.35).";
    drift_min_similarity: f64 = 0.65, "Drift minimum similarity", Drift, Range::Unit,
        "Mean similarity to recent answers below which the answer drifted (seed 001: 0.65).";
    drift_window: usize = 10, "Drift window", Drift, Range::Count(1),
        "How many recent answers drift compares with (seed 001: 10).";
    drift_min_history: usize = 3, "Drift minimum history", Drift, Range::Count(0),
        "How many earlier answers drift needs before it can fire (seed 001: 3).";
    answer_scoring: AnswerScoring = AnswerScoring::WorstClaim, "Answer scoring", Scoring, Range::Choice(AnswerScoring::NAMES),
        "How claims combine into the answer's hallucination score: worst_claim (cut at the support threshold), noisy_or (cut at the answer threshold) or learned (the trained model, which also decides the answer at the decision threshold).";
    answer_threshold: f64 = 0.5, "Answer threshold", Scoring, Range::Unit,
        "Noisy-OR: the score from which an answer is flagged.";
    decision_threshold: f64 = 0.5, "Decision threshold", Scoring, Range::Unit,
        "Learned: the probability of a hallucination from which the answer gets the policy's decision (block or flag); below it the answer is delivered, its failing claims marked in the claims table. A contradicted or miscited claim decides at any threshold, and an answer whose every claim is fully supported is delivered at any threshold. Lower catches more, higher flags fewer faithful answers.";
    claim_weight: f64 = 0.5, "Claim weight", Scoring, Range::Unit,
        "Noisy-OR: weight of a claim's unsupported share.";
    claim_exponent: f64 = 1.0, "Claim exponent", Scoring, Range::Positive(10.0),
        "Noisy-OR: exponent on a claim's unsupported share.";
    hard_failure_weight: f64 = 0.5, "Hard failure weight", Scoring, Range::Unit,
        "Noisy-OR: probability given to a claim failed by a check other than support.";
}

/// The row of the settings table for `name`.
pub fn setting(name: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.name == name)
}

impl Config {
    /// Check every value is in range; the message names the setting.
    pub fn validate(&self) -> Result<(), String> {
        NAMES.iter().try_for_each(|&name| {
            let range = range_of(name).expect("every name has a range");
            admit(name, range, self.get(name).expect("every row is a field"))
        })
    }

    /// The preset these settings equal, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| p.config() == *self)
    }

    /// The settings whose value here differs from `base`'s, in the table's
    /// order: (name, `base`'s value, this value).
    pub fn differences(&self, base: &Config) -> Vec<(&'static str, Value, Value)> {
        SETTINGS
            .iter()
            .filter_map(|s| {
                let (was, now) = (base.get(s.name)?, self.get(s.name)?);
                (was != now).then_some((s.name, was, now))
            })
            .collect()
    }

    /// How these settings differ from the nearest preset (the one with the
    /// fewest differences): `seed with consistency_threshold=0.3`.
    pub fn differences_from_preset(&self) -> Vec<String> {
        let (preset, list) = Preset::ALL
            .iter()
            .map(|p| (p, self.differences(&p.config())))
            .min_by_key(|(_, d)| d.len())
            .expect("there are presets");
        let list: Vec<String> = list
            .iter()
            .map(|(name, _, now)| format!("{name}={}", now.to_text()))
            .collect();
        vec![format!("{} with {}", preset.name(), list.join(", "))]
    }

    /// Every setting as (name, value text), in the table's order.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        NAMES
            .iter()
            .map(|&name| {
                (
                    name,
                    self.get(name).expect("every row is a field").to_text(),
                )
            })
            .collect()
    }

    /// Set one setting to a value in its range (the lab's controls).
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), String> {
        let range = range_of(name).ok_or_else(|| format!("there is no setting {name}"))?;
        admit(name, range, value)?;
        if self.put(name, value) {
            Ok(())
        } else {
            Err(format!("{name} is {}", range.describe()))
        }
    }

    /// Is this on/off setting on?
    pub fn is_on(&self, name: &str) -> bool {
        self.get(name) == Some(Value::Toggle(true))
    }

    /// Set one setting from its text (`--set`, links). The value must parse
    /// and be in range; otherwise the setting is left as it was.
    pub fn set_pair(&mut self, name: &str, text: &str) -> Result<(), String> {
        let Some(range) = range_of(name) else {
            return Err(format!("there is no setting {name}"));
        };
        let value = Value::from_text(text, range)
            .ok_or_else(|| format!("{name} cannot be \"{text}\": it is {}", range.describe()))?;
        admit(name, range, value)?;
        let done = self.put(name, value);
        debug_assert!(done, "{name} takes the value its range reads");
        Ok(())
    }
}

/// `Ok` when `value` is in the setting's range; else a message naming it.
fn admit(name: &str, range: Range, value: Value) -> Result<(), String> {
    if value.within(range) {
        return Ok(());
    }
    let described = match range {
        Range::Unit => "between 0 and 1".to_string(),
        r => r.describe(),
    };
    Err(format!(
        "{name} must be {described}, got {}",
        value.to_text()
    ))
}

impl Setting {
    /// `Ok` when `value` is in this setting's range; else a message naming it.
    pub fn admit(&self, value: Value) -> Result<(), String> {
        admit(self.name, self.range, value)
    }

    /// Its value in each preset, as text, in [`Preset::ALL`]'s order.
    pub fn preset_values(&self) -> Vec<String> {
        Preset::ALL
            .iter()
            .map(|p| {
                p.config()
                    .get(self.name)
                    .expect("every row is a field")
                    .to_text()
            })
            .collect()
    }
}

/// The settings table as SETTINGS.md holds it (`claimlab settings --format
/// markdown`; a test keeps the file current).
pub fn settings_markdown() -> String {
    let mut out = String::from(
        "# Settings\n\n\
         Every setting of the checker, from the settings table in `src/config.rs`\n\
         (`claimlab settings --format markdown` writes this file; a test keeps it current).\n\
         Set one with `--set NAME=VALUE` (CLI), `NAME=VALUE` in a lab link, or a\n\
         JSON config file (`--config`). The `seed` column is the default.\n",
    );
    let presets: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    for group in Group::ALL {
        out += &format!(
            "\n## {}\n\n| setting | {} | range | what it does |\n| --- |{} --- | --- |\n",
            group.title(),
            presets.join(" | "),
            " ---: |".repeat(presets.len())
        );
        for s in SETTINGS.iter().filter(|s| s.group == group) {
            let values: Vec<String> = s.preset_values().iter().map(|v| format!("`{v}`")).collect();
            out += &format!(
                "| `{}` | {} | {} | {} |\n",
                s.name,
                values.join(" | "),
                s.range.describe(),
                s.doc
            );
        }
    }
    out
}

/// The settings table for a terminal: one block per setting.
pub fn settings_text() -> String {
    let mut out = String::new();
    for group in Group::ALL {
        out += &format!("{}\n", group.title());
        for s in SETTINGS.iter().filter(|s| s.group == group) {
            let values: Vec<String> = Preset::ALL
                .iter()
                .zip(s.preset_values())
                .map(|(p, v)| format!("{} {v}", p.name()))
                .collect();
            out += &format!(
                "  {}  ({}; {})\n      {}\n",
                s.name,
                s.range.describe(),
                values.join(", "),
                s.doc
            );
        }
    }
    out
}

/// The settings table as JSON: each setting's name, label, group, range,
/// doc and value in each preset.
pub fn settings_json() -> serde_json::Value {
    let rows: Vec<serde_json::Value> = SETTINGS
        .iter()
        .map(|s| {
            let presets: serde_json::Map<String, serde_json::Value> = Preset::ALL
                .iter()
                .zip(s.preset_values())
                .map(|(p, v)| (p.name().to_string(), v.into()))
                .collect();
            serde_json::json!({
                "name": s.name,
                "label": s.label,
                "group": s.group.title(),
                "range": s.range.describe(),
                "doc": s.doc,
                "presets": presets,
            })
        })
        .collect();
    rows.into()
}

/// The text analysis these settings ask for.
impl From<&Config> for crate::text::AnalysisOptions {
    fn from(c: &Config) -> Self {
        crate::text::AnalysisOptions {
            stemming: c.stemming,
            number_normalisation: c.number_normalisation,
            discourse_words: c.discourse_words,
            citations_in_words: c.citations_in_words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_settings_are_named_against_the_nearest_preset() {
        let c = Config {
            consistency_threshold: 0.3,
            ..Config::default()
        };
        assert_eq!(
            c.differences_from_preset(),
            ["seed with consistency_threshold=0.3"]
        );
    }

    #[test]
    fn defaults_are_the_seed_figures() {
        let c = Config::default();
        assert_eq!(c.support_threshold, 0.5); // seed 004
        assert_eq!((c.sim_threshold, c.consistency_threshold), (0.8, 0.5)); // seed 000
        assert_eq!(
            (
                c.confidence_threshold,
                c.faithfulness_threshold,
                c.drift_threshold
            ),
            (0.75, 0.50, 0.35)
        ); // seed 001
        assert_eq!(
            (c.drift_min_similarity, c.drift_window, c.drift_min_history),
            (0.65, 10, 3)
        );
        assert_eq!(c.rewrite_below, 0.30);
        assert!(c.number_check && c.citation_check);
        assert_eq!(c.preset(), Some(Preset::Seed));
    }

    #[test]
    fn strict_preset_is_seed_001_strict_mode() {
        let s = Preset::Strict.config();
        assert_eq!(
            (s.support_threshold, s.faithfulness_threshold),
            (0.70, 0.70)
        );
        assert_eq!((s.confidence_threshold, s.drift_threshold), (0.60, 0.25));
        assert_eq!(Preset::from_name("strict"), Some(Preset::Strict));
        assert_eq!(Preset::from_name("improved"), Some(Preset::Improved));
        assert_eq!(Preset::from_name("lenient"), None);
    }

    #[test]
    fn partial_json_fills_defaults_and_typos_are_errors() {
        let c: Config =
            serde_json::from_str(r#"{"support_threshold": 0.65, "policy": "flag"}"#).unwrap();
        assert_eq!(
            (c.support_threshold, c.policy, c.number_check),
            (0.65, Policy::Flag, true)
        );
        let err = serde_json::from_str::<Config>(r#"{"suport_threshold": 0.65}"#).unwrap_err();
        assert!(
            err.to_string().contains("unknown field `suport_threshold`"),
            "{err}"
        );
    }

    #[test]
    fn settings_md_is_the_settings_table() {
        let file = include_str!("../SETTINGS.md");
        assert!(
            file == settings_markdown(),
            "SETTINGS.md is out of date: run `cargo run --bin claimlab -- settings --format markdown > SETTINGS.md`"
        );
    }

    #[test]
    fn every_setting_has_a_label_a_doc_and_a_default_in_range() {
        for s in SETTINGS {
            assert!(!s.label.is_empty() && s.doc.ends_with('.'), "{}", s.name);
            let v = Config::default().get(s.name).unwrap();
            assert!(v.within(s.range), "{}: {v:?}", s.name);
        }
        for p in Preset::ALL {
            assert!(p.config().validate().is_ok(), "{}", p.name());
        }
    }

    #[test]
    fn the_text_table_covers_every_setting_and_round_trips() {
        let json = serde_json::to_value(Config::default()).unwrap();
        let mut fields: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut named: Vec<&str> = Config::default().to_pairs().iter().map(|p| p.0).collect();
        fields.sort_unstable();
        named.sort_unstable();
        assert_eq!(named, fields);
        for preset in Preset::ALL {
            let c = preset.config();
            let mut back = Config::default();
            for (k, v) in c.to_pairs() {
                back.set_pair(k, &v).unwrap();
            }
            assert_eq!(back, c, "{}", preset.name());
        }
        // Any value survives the round trip exactly, short or not.
        for i in 0..=20 {
            let t = f64::from(i) * 0.05;
            let c = Config {
                support_threshold: t,
                ..Config::default()
            };
            let (_, text) = c
                .to_pairs()
                .into_iter()
                .find(|p| p.0 == "support_threshold")
                .unwrap();
            let mut back = Config::default();
            back.set_pair("support_threshold", &text).unwrap();
            assert_eq!(back.support_threshold, t, "{text}");
        }
    }

    #[test]
    fn bad_text_settings_are_refused_and_leave_the_setting() {
        let mut c = Config::default();
        assert!(c.set_pair("support_threshold", "7").is_err());
        assert!(c.set_pair("policy", "maybe").is_err());
        assert!(c.set_pair("bogus", "1").is_err());
        assert!(c.set_pair("stemming", "yes").is_err());
        assert_eq!(c, Config::default());
    }

    #[test]
    fn out_of_range_values_are_named() {
        let c = Config {
            support_threshold: 1.5,
            ..Config::default()
        };
        assert_eq!(
            c.validate().unwrap_err(),
            "support_threshold must be between 0 and 1, got 1.5"
        );
        assert!(Config::default().validate().is_ok());
        let nan = Config {
            sim_threshold: f64::NAN,
            ..Config::default()
        };
        assert!(nan.validate().is_err());
    }
}
