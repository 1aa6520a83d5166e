//! Self-consistency: does each claim survive when the model is asked again?
//!
//! **Computes** (seed 000) for each claim of the primary answer the share of
//! sampled answers that contain a matching sentence: a sample supports the
//! claim when its closest sentence has cosine similarity ≥ `sim_threshold`
//! (0.8) with it. Below `consistency_threshold` (0.5) the claim is flagged.
//! Empty samples are skipped; when samples were given but none is usable,
//! every claim is flagged rather than silently passed.
//!
//! Embeddings come through [`Embedder`]: [`LexicalEmbedder`] (content-word
//! stems, works offline) or [`GivenVectors`] (hand-made vectors, as in seed
//! 000's Tagore example, which gives `support [1.0, 0.33]` and flags
//! "He was born in Mumbai."; the CLI's `--vectors FILE`). Given vectors are
//! used only when they hold every sentence; [`unembeddable`] names those
//! they lack.
//!
//! With `consistency_scoring: lexical` (the improved preset) each claim also
//! gets a graded score in the style of SelfCheckGPT's lexical variants: the
//! mean of (1) how rarely the samples contain the claim's informative words
//! (names, numbers; else its content words), (2) how rarely they contain its
//! word pairs, and (3) its rarest word's surprisal under a unigram model of
//! the samples, each also averaged over the whole answer (a model that is
//! unsure of one fact about a person is often unsure of the rest). Above 0.5
//! the claim is flagged.
//!
//! **Catches** facts the model makes up differently each time (a birthplace
//! that changes between samples).
//!
//! **Misses**: a hallucination the model makes *consistently* passes: if every
//! sample repeats the wrong birthplace, all agree. Checking against a source
//! is better whenever there is one. The lexical embedder also misses
//! paraphrase ("got the Nobel" vs "won the Nobel Prize" scores below 0.8).

use serde::{Deserialize, Serialize};

use crate::checks::{ClaimContext, Findings};
use crate::config::ConsistencyScoring;
use crate::text::case::opens_with_capital;
use crate::text::decimal::Decimal;
use crate::text::{sentences, Analysed, AnalysisOptions};
use crate::trace::{EventKind, Trace};
use crate::verdict::{Reason, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "A hallucination the model repeats in every sample passes: agreement is not truth. The lexical embedder also misses paraphrases, so prefer a source whenever there is one.";

/// A sentence vector: dense (given) or sparse (lexical: each term as a
/// 64-bit hash of its key, sorted, with its weight; comparing hashes instead
/// of strings made the 20 × 30 self-check twice as fast).
#[derive(Debug, Clone, PartialEq)]
pub enum Embedding {
    Dense(Vec<f32>),
    Sparse(Vec<(u64, f32)>),
}

/// The hash a sparse embedding keeps of a term.
pub fn term_hash(term: &str) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(term)
}

impl Embedding {
    fn norm(&self) -> f32 {
        match self {
            Embedding::Dense(v) => v.iter().map(|x| x * x).sum::<f32>().sqrt(),
            Embedding::Sparse(v) => v.iter().map(|(_, x)| x * x).sum::<f32>().sqrt(),
        }
    }

    fn dot(&self, other: &Embedding) -> f32 {
        match (self, other) {
            (Embedding::Dense(a), Embedding::Dense(b)) => a.iter().zip(b).map(|(x, y)| x * y).sum(),
            (Embedding::Sparse(a), Embedding::Sparse(b)) => {
                let (mut i, mut j, mut sum) = (0, 0, 0.0);
                while i < a.len() && j < b.len() {
                    match a[i].0.cmp(&b[j].0) {
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                        std::cmp::Ordering::Equal => {
                            sum += a[i].1 * b[j].1;
                            i += 1;
                            j += 1;
                        }
                    }
                }
                sum
            }
            _ => 0.0,
        }
    }

    /// Cosine similarity, with seed 000's `1e-10` guard against zero vectors.
    pub fn cosine(&self, other: &Embedding) -> f32 {
        self.dot(other) / ((self.norm() + 1e-10) * (other.norm() + 1e-10))
    }
}

/// Turns a sentence into a vector.
pub trait Embedder {
    /// `None` when this embedder cannot embed the sentence.
    fn embed(&self, sentence: &str) -> Option<Embedding>;
    /// A short name for reports ("lexical", "given vectors").
    fn label(&self) -> &'static str;
}

/// Bag of content-word stems (numbers by value), each weighted 1.
pub struct LexicalEmbedder {
    pub options: AnalysisOptions,
}

impl Embedder for LexicalEmbedder {
    fn embed(&self, sentence: &str) -> Option<Embedding> {
        let a = Analysed::new(sentence, 0, sentence.len(), self.options);
        let mut terms: Vec<(u64, f32)> = a
            .content_terms()
            .into_iter()
            .map(|t| (term_hash(t.key()), 1.0))
            .collect();
        crate::order::sort_by_key(&mut terms, |t| t.0);
        terms.dedup_by_key(|t| t.0);
        Some(Embedding::Sparse(terms))
    }

    fn label(&self) -> &'static str {
        "lexical"
    }
}

/// Vectors given by hand for known sentences (seed 000's `VECS`). In a
/// table with a fixed hash, so that a report or an example lists them in
/// the same order every run (the standard one's keys are random per
/// process).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GivenVectors(pub rustc_hash::FxHashMap<String, Vec<f32>>);

impl Embedder for GivenVectors {
    fn embed(&self, sentence: &str) -> Option<Embedding> {
        self.0
            .get(sentence.trim())
            .map(|v| Embedding::Dense(v.clone()))
    }

    fn label(&self) -> &'static str {
        "given vectors"
    }
}

/// How one sample judged one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SampleMatch {
    /// 1-based sample number.
    pub sample: usize,
    pub similarity: f64,
    /// The sample's closest sentence.
    pub sentence: String,
    pub agrees: bool,
}

/// One claim's consistency across samples.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Consistency {
    /// Share of usable samples that agree (seed 000 calls it `support`).
    pub agreement: f64,
    /// 0 (borne out by every sample) to 1: `1 − mean best similarity`, or the
    /// lexical score with `consistency_scoring: lexical`.
    pub score: f64,
    pub agreeing: usize,
    pub samples_used: usize,
    pub flagged: bool,
    pub matches: Vec<SampleMatch>,
}

/// With `consistency_scoring: lexical`, a claim whose score is above this
/// is flagged.
pub const LEXICAL_FLAG_ABOVE: f64 = 0.5;

/// Settings of the check.
#[derive(Debug, Clone, Copy)]
pub struct ConsistencyOptions {
    pub sim_threshold: f64,
    pub consistency_threshold: f64,
}

/// Each usable sample (1-based number) with its sentences, as
/// [`self_check`] compares them; empty samples are left out.
fn sample_sentences<'s>(samples: &[&'s str]) -> Vec<(usize, Vec<&'s str>)> {
    samples
        .iter()
        .enumerate()
        .map(|(i, s)| {
            (
                i + 1,
                sentences::split(s)
                    .into_iter()
                    .map(|(a, b)| &s[a..b])
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, ss)| !ss.is_empty())
        .collect()
}

/// The sentences [`self_check`] would embed that `embedder` cannot (claims
/// first, then the samples' sentences; each text once): empty exactly when
/// `self_check` returns `Some`. Says why a caller fell back to another
/// embedder.
pub fn unembeddable<'s>(
    claims: &[&'s str],
    samples: &[&'s str],
    embedder: &dyn Embedder,
) -> Vec<&'s str> {
    let sample_texts = sample_sentences(samples);
    let mut seen = std::collections::HashSet::new();
    claims
        .iter()
        .copied()
        .chain(sample_texts.iter().flat_map(|(_, ss)| ss.iter().copied()))
        .filter(|text| seen.insert(*text) && embedder.embed(text).is_none())
        .collect()
}

/// Score each claim against the samples. Returns `None` when the embedder
/// cannot embed some sentence (the caller may fall back to another;
/// [`unembeddable`] names those sentences).
pub fn self_check(
    claims: &[&str],
    samples: &[&str],
    embedder: &dyn Embedder,
    opts: ConsistencyOptions,
) -> Option<Vec<Consistency>> {
    let per_sample = sample_sentences(samples);
    let claim_vecs: Vec<Embedding> = claims
        .iter()
        .map(|c| embedder.embed(c))
        .collect::<Option<_>>()?;
    let sample_vecs: Vec<Vec<Embedding>> = per_sample
        .iter()
        .map(|(_, ss)| {
            ss.iter()
                .map(|s| embedder.embed(s))
                .collect::<Option<Vec<_>>>()
        })
        .collect::<Option<_>>()?;
    let used = per_sample.len();
    Some(
        claim_vecs
            .iter()
            .map(|cv| {
                let matches: Vec<SampleMatch> = per_sample
                    .iter()
                    .zip(&sample_vecs)
                    .map(|((n, sentences), vecs)| {
                        let (k, sim) = vecs
                            .iter()
                            .enumerate()
                            .map(|(k, v)| (k, cv.cosine(v)))
                            .fold((0, f32::MIN), |best, x| if x.1 > best.1 { x } else { best });
                        let similarity = f64::from(sim);
                        SampleMatch {
                            sample: *n,
                            similarity,
                            sentence: sentences[k].to_string(),
                            agrees: similarity >= opts.sim_threshold,
                        }
                    })
                    .collect();
                let agreeing = matches.iter().filter(|m| m.agrees).count();
                let agreement = if used == 0 {
                    0.0
                } else {
                    agreeing as f64 / used as f64
                };
                let score = if used == 0 {
                    1.0
                } else {
                    1.0 - matches.iter().map(|m| m.similarity).sum::<f64>() / used as f64
                };
                Consistency {
                    agreement,
                    score,
                    agreeing,
                    samples_used: used,
                    flagged: used == 0 || agreement < opts.consistency_threshold,
                    matches,
                }
            })
            .collect(),
    )
}

/// Scale of the unigram surprisal (nats) that counts as "not borne out".
const SURPRISAL_SCALE: f64 = 8.0;

/// The mean over `items` of `absent(how many samples hold the item)`
/// (each sample's items sorted); `None` without items.
fn mean_absence<T: Ord>(
    items: &[T],
    samples: &[Vec<T>],
    absent: impl Fn(usize) -> f64,
) -> Option<f64> {
    if items.is_empty() {
        return None;
    }
    let total: f64 = items
        .iter()
        .map(|x| {
            absent(
                samples
                    .iter()
                    .filter(|s| s.binary_search(x).is_ok())
                    .count(),
            )
        })
        .sum();
    Some(total / items.len() as f64)
}

/// SelfCheck-style lexical scores of `claims` (0 borne out … 1 not) against
/// `samples`: see the module documentation.
pub fn lexical_scores(claims: &[&str], samples: &[&str], options: AnalysisOptions) -> Vec<f64> {
    let samples: Vec<&str> = samples
        .iter()
        .copied()
        .filter(|s| !s.trim().is_empty())
        .collect();
    if samples.is_empty() {
        return vec![1.0; claims.len()];
    }
    let analyse = |t: &str| Analysed::new(t, 0, t.len(), options);
    let sample_texts: Vec<Analysed> = samples.iter().map(|s| analyse(s)).collect();
    let claim_texts: Vec<Analysed> = claims.iter().map(|c| analyse(c)).collect();
    // One sorted vocabulary of every key; words are then plain indices.
    let mut vocabulary: Vec<&str> = sample_texts
        .iter()
        .chain(&claim_texts)
        .flat_map(|a| a.tokens.iter().map(|t| t.key()))
        .collect();
    crate::order::sort_dedup(&mut vocabulary);
    let id = |key: &str| vocabulary.binary_search(&key).unwrap_or(0);
    let mut counts = vec![0usize; vocabulary.len()];
    for a in sample_texts.iter().chain(&claim_texts) {
        for t in &a.tokens {
            counts[id(t.key())] += 1;
        }
    }
    let total: usize = counts.iter().sum();
    let content_ids = |a: &Analysed| {
        a.tokens
            .iter()
            .filter(|t| t.content)
            .map(|t| id(t.key()))
            .collect::<Vec<usize>>()
    };
    let sorted = |mut v: Vec<usize>| {
        crate::order::sort_dedup(&mut v);
        v
    };
    let mut sample_words: Vec<Vec<usize>> = Vec::new();
    let mut sample_pairs: Vec<Vec<(usize, usize)>> = Vec::new();
    for a in &sample_texts {
        let ids = content_ids(a);
        let mut pairs: Vec<(usize, usize)> = ids.windows(2).map(|w| (w[0], w[1])).collect();
        crate::order::sort_dedup(&mut pairs);
        sample_pairs.push(pairs);
        sample_words.push(sorted(ids));
    }
    let n = samples.len() as f64;
    let absent = |present: usize| 1.0 - present as f64 / n;
    let features: Vec<[f64; 3]> = claims
        .iter()
        .zip(&claim_texts)
        .map(|(text, a)| {
            // Informative words: capitalised (not opening the sentence) or numbers.
            let informative: Vec<usize> = a
                .tokens
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    t.number.is_some() || (*i > 0 && opens_with_capital(&text[t.start..t.end]))
                })
                .map(|(_, t)| id(t.key()))
                .collect();
            let ids = content_ids(a);
            let words = if informative.is_empty() {
                &ids
            } else {
                &informative
            };
            let word_score = mean_absence(words, &sample_words, absent).unwrap_or(0.0);
            let pairs: Vec<(usize, usize)> = ids.windows(2).map(|w| (w[0], w[1])).collect();
            let pair_score = mean_absence(&pairs, &sample_pairs, absent).unwrap_or(word_score);
            let surprisal = a
                .tokens
                .iter()
                .map(|t| {
                    -((counts[id(t.key())] + 1) as f64 / (total + vocabulary.len()) as f64).ln()
                })
                .fold(0.0, f64::max);
            [
                word_score,
                pair_score,
                (surprisal / SURPRISAL_SCALE).min(1.5),
            ]
        })
        .collect();
    let m = features.len().max(1) as f64;
    let means: Vec<f64> = (0..3)
        .map(|k| features.iter().map(|f| f[k]).sum::<f64>() / m)
        .collect();
    features
        .iter()
        .map(|f| (f.iter().sum::<f64>() + means.iter().sum::<f64>()) / 6.0)
        .collect()
}

/// Explain a claim's agreement across samples. Without a source it is the
/// verdict's basis: a `consistent` or `inconsistent` reason (or `no_source`
/// when there are no samples either). With a source, the source decides and
/// samples that disagree are a note. Pushes the `consistency_check` event.
pub fn explain(
    claim: &ClaimContext,
    consistency: Option<&Consistency>,
    findings: &mut Findings,
    trace: &mut Trace,
) {
    let (id, cfg) = (claim.id, claim.cfg);
    let lexical = cfg.consistency_scoring == ConsistencyScoring::Lexical;
    // Say what decided: the share of agreeing samples, or the lexical score.
    let agree = |c: &Consistency| {
        if lexical {
            format!(
                "lexical score {:.2}, flagged above {:.2}; {} of {} samples agree by similarity",
                Decimal(c.score),
                Decimal(LEXICAL_FLAG_ABOVE),
                c.agreeing,
                c.samples_used
            )
        } else {
            format!(
                "{} of {} samples agree ({:.2}",
                c.agreeing,
                c.samples_used,
                Decimal(c.agreement)
            )
        }
    };
    let disagree = |c: &Consistency| {
        if lexical {
            format!("The samples rarely repeat its words ({}).", agree(c))
        } else {
            format!(
                "Only {}, below {:.2}).",
                agree(c),
                Decimal(cfg.consistency_threshold)
            )
        }
    };
    match (claim.doc.is_empty(), consistency) {
        (true, None) => findings.reason(
            ReasonKind::NoSource,
            "There is no source and there are no samples to check it against.",
        ),
        (true, Some(c)) if !c.flagged && lexical => findings.reason(
            ReasonKind::Consistent,
            format!("The samples repeat its words ({}).", agree(c)),
        ),
        (true, Some(c)) if !c.flagged => {
            findings.reason(ReasonKind::Consistent, format!("{}).", agree(c)))
        }
        (true, Some(c)) if c.samples_used == 0 => findings.reason(
            ReasonKind::Inconsistent,
            "No usable sample to compare with: flagged rather than passed.",
        ),
        (true, Some(c)) => findings.reason(ReasonKind::Inconsistent, disagree(c)),
        (false, Some(c)) if c.flagged && lexical => findings
            .notes
            .push(Reason::new(ReasonKind::Inconsistent, disagree(c))),
        (false, Some(c)) if c.flagged => findings.notes.push(Reason::new(
            ReasonKind::Inconsistent,
            format!("Only {}).", agree(c)),
        )),
        (false, _) => {}
    }
    if let Some(c) = consistency {
        trace.push(
            Some(id),
            || EventKind::ConsistencyCheck {
                agreement: c.agreement,
                agreeing: c.agreeing,
                samples: c.samples_used,
                flagged: c.flagged,
            },
            || {
                format!(
                    "{} of {} samples agree with {id} ({:.2}){}.",
                    c.agreeing,
                    c.samples_used,
                    Decimal(c.agreement),
                    if c.flagged { ": flagged" } else { "" }
                )
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTS: ConsistencyOptions = ConsistencyOptions {
        sim_threshold: 0.8,
        consistency_threshold: 0.5,
    };
    const LEXICAL: LexicalEmbedder = LexicalEmbedder {
        options: AnalysisOptions::SEED,
    };

    fn tagore_vectors() -> GivenVectors {
        let pairs: [(&str, [f32; 3]); 8] = [
            ("Tagore won the Nobel Prize in 1913.", [1.0, 0.0, 0.0]),
            ("He was born in Mumbai.", [0.0, 1.0, 0.0]),
            ("In 1913 Tagore received the Nobel Prize.", [0.95, 0.0, 0.1]),
            ("He was born in Kolkata.", [0.0, 0.2, 1.0]),
            ("Tagore got the Nobel in 1913.", [0.9, 0.1, 0.0]),
            ("His birthplace was Calcutta.", [0.0, 0.1, 1.0]),
            ("The Nobel came to Tagore in 1913.", [1.0, 0.0, 0.05]),
            ("Tagore was born in Mumbai.", [0.0, 1.0, 0.1]),
        ];
        GivenVectors(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_vec()))
                .collect(),
        )
    }

    const SAMPLES: [&str; 3] = [
        "In 1913 Tagore received the Nobel Prize. He was born in Kolkata.",
        "Tagore got the Nobel in 1913. His birthplace was Calcutta.",
        "The Nobel came to Tagore in 1913. Tagore was born in Mumbai.",
    ];

    fn round2(x: f64) -> f64 {
        (x * 100.0).round() / 100.0
    }

    #[test]
    fn seed_000_tagore_support_is_1_and_0_33() {
        let claims = [
            "Tagore won the Nobel Prize in 1913.",
            "He was born in Mumbai.",
        ];
        let r = self_check(&claims, &SAMPLES, &tagore_vectors(), OPTS).unwrap();
        assert_eq!(
            r.iter().map(|c| round2(c.agreement)).collect::<Vec<_>>(),
            [1.0, 0.33]
        );
        let flagged: Vec<&str> = claims
            .iter()
            .zip(&r)
            .filter(|(_, c)| c.flagged)
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(flagged, ["He was born in Mumbai."]);
        // The one agreeing sample is the one that repeated the error.
        assert_eq!(
            r[1].matches
                .iter()
                .filter(|m| m.agrees)
                .map(|m| m.sample)
                .collect::<Vec<_>>(),
            [3]
        );
    }

    #[test]
    fn a_consistent_hallucination_passes() {
        let samples = [
            "He was born in Mumbai.",
            "Tagore was born in Mumbai.",
            "He was born in Mumbai.",
        ];
        let r = self_check(
            &["He was born in Mumbai."],
            &samples,
            &tagore_vectors(),
            OPTS,
        )
        .unwrap();
        assert_eq!(r[0].agreement, 1.0);
        assert!(!r[0].flagged);
    }

    #[test]
    fn empty_samples_are_skipped_and_none_usable_flags_everything() {
        let r = self_check(
            &["Tagore won the Nobel Prize in 1913."],
            &["", "  ", SAMPLES[0]],
            &tagore_vectors(),
            OPTS,
        )
        .unwrap();
        assert_eq!((r[0].samples_used, r[0].agreement), (1, 1.0));
        let r = self_check(
            &["Tagore won the Nobel Prize in 1913."],
            &["", " "],
            &tagore_vectors(),
            OPTS,
        )
        .unwrap();
        assert!(r[0].flagged);
        assert_eq!(r[0].samples_used, 0);
    }

    #[test]
    fn given_vectors_decline_unknown_sentences() {
        assert!(self_check(&["Something new."], &SAMPLES, &tagore_vectors(), OPTS).is_none());
    }

    #[test]
    fn unembeddable_names_what_self_check_cannot_embed() {
        let claims = [
            "Tagore won the Nobel Prize in 1913.",
            "He was born in Mumbai.",
        ];
        assert!(unembeddable(&claims, &SAMPLES, &tagore_vectors()).is_empty());
        let samples = [
            SAMPLES[0],
            "",
            "He wrote songs. Something new.",
            "Something new.",
        ];
        let claims = ["Something new.", claims[0], "Also new."];
        assert_eq!(
            unembeddable(&claims, &samples, &tagore_vectors()),
            ["Something new.", "Also new.", "He wrote songs."]
        );
        assert!(self_check(&claims, &samples, &tagore_vectors(), OPTS).is_none());
        assert!(unembeddable(&claims, &samples, &LEXICAL).is_empty());
    }

    #[test]
    fn lexical_scores_rank_the_changed_fact_higher() {
        let claims = [
            "Tagore won the Nobel Prize in 1913.",
            "He was born in Mumbai.",
        ];
        let scores = lexical_scores(&claims, &SAMPLES, AnalysisOptions::SEED);
        assert!(scores[1] > scores[0], "{scores:?}");
        assert!(scores.iter().all(|s| (0.0..=1.5).contains(s)));
        assert_eq!(
            lexical_scores(&claims, &["", " "], AnalysisOptions::SEED),
            [1.0, 1.0]
        );
    }

    #[test]
    fn lexical_embedder_matches_restatements_not_changed_facts() {
        let r = self_check(&["He was born in Mumbai."], &SAMPLES, &LEXICAL, OPTS).unwrap();
        assert_eq!(
            r[0].agreeing, 1,
            "only 'Tagore was born in Mumbai.' restates it"
        );
        let same = LEXICAL.embed("The span is 410 metres.").unwrap();
        assert!(
            (same.cosine(&LEXICAL.embed("The span is 410 metres!").unwrap()) - 1.0).abs() < 1e-5
        );
    }
}
