//! Support: the share of a claim's content words found in one source sentence.
//!
//! **Computes** (seed 004) for every claim the source sentence sharing the
//! largest share of the claim's content words, counting numbers as content
//! words and ignoring stopwords. When numbers compare by value, amounts and
//! units a sentence writes another way count as held (`6,000 metres`
//! against `6 km`), and the best is the sentence holding the most once they
//! do: of those tied on words, or sharing fewer by no more than the claim
//! has amounts and unit words (up to 32 compared). Of sentences holding as
//! much, the one the claim cites (itself or through its passage) is the
//! best, then the earliest, unless its numbers conflict with the claim's and
//! another's do not (twins with their numbers in other places: "every 8
//! hours, no more than 5" and "every 5 hours, no more than 8"). A best
//! sentence that speaks of another subject
//! gives way: when it lacks a name of the claim (capitalised inside it, or
//! letters with digits: "KAH-975") that other sentences hold, and names one
//! the claim does not, the best is the sentence sharing the most among
//! those holding the claim's missing names, however little ("The Halvard
//! Bridge is 410 metres long." is read against "The Halvard Bridge … spans
//! 460 metres.", not "The Orsk Bridge is 410 metres long."). "The main span is 460 metres long." shares
//! four of its five content words with "The main span is 410 metres long."
//! (0.8); "The longest span measures 410 metres." shares three of five (0.6).
//!
//! **Catches** claims with no source sentence behind them: below the support
//! threshold the claim is `unsupported`.
//!
//! **Misses**: synonyms and paraphrase (`longest` ≠ `main`), negation (a
//! negated claim can share every word; see the negation check), facts that
//! need two sentences, and word order ("A hired B" = "B hired A").
//!
//! **Cost**: the source is indexed once (content word → sentences); a claim
//! only visits the sentences that share at least one of its words.
//!
//! **Defaults**: `support_threshold: 0.5`.

use serde::{Deserialize, Serialize};

use crate::checks::citations::SourceLayout;
use crate::checks::numbers::{self, Scope};
use crate::checks::{ClaimContext, Findings};
use crate::config::Config;
use crate::text::decimal::Decimal;
use crate::text::numbers::{Quantity, Unit};
use crate::text::units::unit_named;
use crate::text::{Analysed, Document, SourceSentence, Token};
use crate::trace::{EventKind, Trace};
use crate::verdict::{meets, Mark, MarkKind, Reason, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Support counts shared words: a paraphrase scores low (\"longest\" is not \"main\"), a synonym not at all, word order is ignored, and a fact that needs two sentences has no single best sentence.";

/// The best source sentence for one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Support {
    /// Index (0-based) of the best sentence; `None` when no sentence shares a word.
    pub best: Option<usize>,
    /// Every sentence (0-based) that supports the claim exactly as well as
    /// the best (32-bit: a claim sharing only a common word ties with most
    /// of a large source).
    pub tied: Vec<u32>,
    /// `matched / total`, 0 when the claim has no content words.
    pub support: f64,
    pub matched: usize,
    pub total: usize,
    /// Which of the claim's content terms (by position) the best sentence holds.
    pub matched_terms: Vec<usize>,
    /// How many sentences were compared with the claim (those sharing a word).
    pub sentences_compared: usize,
}

/// Count as held what the best sentence states in other words: an amount it
/// states by value (`1,200` against `1.2 km`, `one third` against `33%`)
/// and a unit word of a measure it writes another way (`metres` against
/// `km`). `unit_of` says which measure a term (by position) names, if any.
fn credit_values(
    sup: &mut Support,
    terms: &[&Token],
    unit_of: &dyn Fn(usize) -> Option<Unit>,
    claim: &Analysed,
    sentence: &Analysed,
) {
    if sentence.numbers.is_empty() {
        return; // nothing stated by value, no measure
    }
    let amounts: Vec<&Quantity> = sentence
        .numbers
        .iter()
        .filter_map(|n| n.quantity.as_ref())
        .collect();
    let measures: Vec<Unit> = sentence
        .numbers
        .iter()
        .filter_map(|n| match n.quantity {
            Some(Quantity::Number { unit, .. } | Quantity::Range { unit, .. })
                if unit.is_measure() =>
            {
                Some(unit)
            }
            _ => None,
        })
        .collect();
    let mut added = Vec::new();
    for (i, t) in terms.iter().enumerate() {
        if sup.matched_terms.binary_search(&i).is_ok() {
            continue;
        }
        let held = match t.number {
            Some(n) => claim.numbers[n as usize]
                .quantity
                .as_ref()
                .is_some_and(|q| amounts.iter().any(|s| q.stated_by(s))),
            None => !measures.is_empty() && unit_of(i).is_some_and(|u| measures.contains(&u)),
        };
        if held {
            added.push(i);
        }
    }
    if !added.is_empty() {
        sup.matched_terms.extend(added);
        crate::order::sort_dedup(&mut sup.matched_terms);
        sup.matched = sup.matched_terms.len();
        sup.support = sup.matched as f64 / sup.total as f64;
    }
}

/// How many sentences [`credit_best`] compares for one claim: a claim of
/// common words can tie with thousands.
pub const TIES_CREDITED: usize = 32;

/// The sentences sharing a word with a claim's `terms`, each with how many
/// it shares, in the order first touched; and each term's id in `doc`.
struct Shared {
    sentences: Vec<(u32, u32)>,
    ids: Vec<Option<u32>>,
}

impl Shared {
    fn of(terms: &[&Token], doc: &Document) -> Shared {
        let ids: Vec<Option<u32>> = terms.iter().map(|t| doc.term_id(t.key())).collect();
        let known: Vec<u32> = ids.iter().flatten().copied().collect();
        Shared {
            sentences: doc.sentences_sharing(&known),
            ids,
        }
    }

    /// The claim's terms (by position) that sentence `s` holds.
    fn held_by(&self, s: usize, doc: &Document) -> Vec<usize> {
        (self.ids.iter().enumerate())
            .filter(|(_, id)| id.is_some_and(|id| doc.holds(s, id)))
            .map(|(i, _)| i)
            .collect()
    }

    /// The sentence sharing the most terms (the earliest of those tied).
    fn best(&self, total: usize, doc: &Document) -> Support {
        let top = self.sentences.iter().map(|&(_, n)| n).max().unwrap_or(0);
        if top == 0 || total == 0 {
            return Support {
                best: None,
                tied: vec![],
                support: 0.0,
                matched: 0,
                total,
                matched_terms: vec![],
                sentences_compared: self.sentences.len(),
            };
        }
        let mut tied: Vec<u32> = (self.sentences.iter())
            .filter(|&&(_, n)| n == top)
            .map(|&(s, _)| s)
            .collect();
        crate::order::sort_dedup(&mut tied);
        let best = tied[0] as usize;
        Support {
            best: Some(best),
            tied,
            support: f64::from(top) / total as f64,
            matched: top as usize,
            total,
            matched_terms: self.held_by(best, doc),
            sentences_compared: self.sentences.len(),
        }
    }
}

/// The best sentence once what sentences state in other words counts
/// ([`credit_values`]), `sup` being the best on words alone.
///
/// A claim with an amount is compared with up to [`TIES_CREDITED`]
/// sentences: those tied on words, then those sharing fewer words by no
/// more than its amounts and unit words (which another sentence may state
/// by value: "6,000 metres" against "6 km" shares neither), most shared
/// first; the best is the one holding the most once credited, then one the
/// claim `cites` (0-based sentence), then one stating the claim's numbers
/// as the number check reads them, then the first compared. A claim
/// without one: the first of those tied on words that it cites, else the
/// first. Those compared that hold as much stay `tied`, with any tied on
/// words not compared.
fn credit_best(
    sup: Support,
    shared: &Shared,
    terms: &[&Token],
    (claim, answer): (&Analysed, &str),
    doc: &Document,
    cites: &dyn Fn(usize) -> bool,
) -> Support {
    let Some(first) = sup.best else {
        return sup;
    };
    let reach = by_value(terms, claim);
    let mut compared: Vec<usize> = match reach {
        // Nothing stated by value can set the tied apart: the one cited.
        0 if claim.citations.is_empty() => vec![first],
        0 => vec![(sup.tied.iter().take(TIES_CREDITED).map(|&s| s as usize))
            .find(|&s| cites(s))
            .unwrap_or(first)],
        _ => (sup.tied.iter().take(TIES_CREDITED))
            .map(|&s| s as usize)
            .collect(),
    };
    if reach > 0 && compared.len() < TIES_CREDITED {
        let floor = sup.matched.saturating_sub(reach).max(1) as u32;
        let mut near = (shared.sentences.iter())
            .filter(|&&(_, n)| n >= floor && (n as usize) < sup.matched)
            .copied();
        let room = TIES_CREDITED - compared.len();
        compared.extend(
            (crate::order::most_shared(&mut near, room).into_iter()).map(|(s, _)| s as usize),
        );
    }
    // The measure a term names; read once for all when several sentences
    // are compared.
    let named = |i: usize| unit_named(terms[i].lower()).map(|(unit, _)| unit);
    let units: std::cell::OnceCell<Vec<Option<Unit>>> = std::cell::OnceCell::new();
    let unit_of = |i: usize| match compared.len() {
        1 => named(i),
        _ => units.get_or_init(|| (0..terms.len()).map(named).collect())[i],
    };
    let credited: Vec<Support> = (compared.iter())
        .map(|&s| {
            let matched_terms = match s == first {
                true => sup.matched_terms.clone(),
                false => shared.held_by(s, doc),
            };
            let mut c = Support {
                best: Some(s),
                tied: Vec::new(),
                matched: matched_terms.len(),
                support: matched_terms.len() as f64 / sup.total as f64,
                matched_terms,
                ..sup
            };
            // The first is read to be kept (it is likely the best, read
            // again to explain it); the others for this comparison alone.
            let sentence = match s == first {
                true => std::borrow::Cow::Borrowed(doc.sentences[s].analysed(doc)),
                false => doc.reading_once(s),
            };
            credit_values(&mut c, terms, &unit_of, claim, &sentence);
            c
        })
        .collect();
    let most = credited.iter().map(|c| c.matched).max().unwrap_or(0);
    let as_good = |c: &&Support| c.matched == most;
    // Of those holding as much, the ones the claim cites first.
    let good: Vec<&Support> = (credited
        .iter()
        .filter(|c| as_good(c) && cites(c.best.unwrap())))
    .chain(
        credited
            .iter()
            .filter(|c| as_good(c) && !cites(c.best.unwrap())),
    )
    .collect();
    // Twins with their numbers in other places ("every 8 hours … 5
    // tablets", "every 5 hours … 8 tablets") hold the same words: the one
    // stating the claim's numbers where it states them is the best.
    let agrees = |c: &&Support| {
        let sentence = doc.reading_once(c.best.unwrap());
        numbers::check(&claim.numbers, &sentence.numbers, true, Scope::All, answer).is_empty()
    };
    let pick = match good.len() > 1 && !agrees(&good[0]) {
        true => good.iter().find(|c| agrees(c)).unwrap_or(&good[0]),
        false => &good[0],
    };
    let mut tied: Vec<u32> = (credited.iter().filter(as_good))
        .map(|c| c.best.unwrap() as u32)
        .collect();
    if most == sup.matched {
        tied.extend(
            sup.tied
                .iter()
                .filter(|&&s| !compared.contains(&(s as usize))),
        );
    }
    crate::order::sort_dedup(&mut tied);
    Support {
        tied,
        ..(*pick).clone()
    }
}

/// How many fewer words than the best a sentence may share with a claim
/// and still come out ahead once amounts count by value: the claim's
/// amounts and the unit words written after them.
fn by_value(terms: &[&Token], claim: &Analysed) -> usize {
    terms.iter().filter(|t| t.number.is_some()).count()
        + (claim.numbers.iter())
            .filter(|n| n.unit_word.is_some())
            .count()
}

/// The fewest of a claim's `terms` a sentence must share to weigh in its
/// support at all, when some sentence shares `held` of them: one sharing
/// fewer is neither tied with the best nor compared with it by value.
pub fn weighs_from(held: usize, terms: &[&Token], claim: &Analysed) -> usize {
    held.saturating_sub(by_value(terms, claim)).max(1)
}

/// Find the best supporting sentence for a claim's content terms, on words
/// alone.
pub fn best_sentence(terms: &[&Token], doc: &Document) -> Support {
    Shared::of(terms, doc).best(terms.len(), doc)
}

/// The support check for one claim, as the report keeps it.
#[derive(Debug, Clone)]
pub struct SupportFinding {
    pub support: Support,
    /// `S3`, or `None` when no sentence shares a word.
    pub best_source: Option<String>,
    /// Content words (as the claim writes them) the best sentence holds, and those it does not.
    pub matched_words: Vec<String>,
    pub missing_words: Vec<String>,
    /// Does the best sentence reach `support_threshold`? Numbers, negation
    /// and citations are only checked against a sentence that does.
    pub supported: bool,
}

impl SupportFinding {
    /// The best sentence, when it supports the claim.
    pub fn supporting<'d>(&self, doc: &'d Document) -> Option<&'d SourceSentence> {
        self.support
            .best
            .filter(|_| self.supported)
            .map(|i| &doc.sentences[i])
    }

    /// The best sentence when it falls short of the threshold but shares a
    /// word with the claim besides numbers and units: where an amount of
    /// the same kind that differs is still a conflict worth naming.
    pub fn conflict_candidate<'d>(&self, doc: &'d Document) -> Option<&'d SourceSentence> {
        let shares_a_word = self.matched_words.iter().any(|w| {
            w.chars().any(char::is_alphabetic)
                && !w.chars().any(|c| c.is_ascii_digit())
                && crate::text::units::unit_named(w).is_none()
        });
        self.support
            .best
            .filter(|_| !self.supported && shares_a_word)
            .map(|i| &doc.sentences[i])
    }

    /// The reason a claim is supported when no check found anything wrong.
    pub fn supported_reason(&self, cfg: &Config) -> Reason {
        let sid = self.best_source.as_deref().unwrap_or("-");
        let s = &self.support;
        let detail = if s.matched == s.total && s.total == 1 {
            format!("{sid} holds its one content word.")
        } else if s.matched == s.total {
            format!("{sid} holds all {} content words.", s.total)
        } else {
            format!(
                "{sid} holds {} of {} content words ({:.2}, at least {:.2}).",
                s.matched,
                s.total,
                Decimal(s.support),
                Decimal(cfg.support_threshold)
            )
        };
        Reason::new(ReasonKind::Supported, detail)
    }
}

/// Is this term of the claim a name: capitalised inside its text (not its
/// first word), or letters and digits together ("KAH-975")?
fn is_named(text: &str, t: &Token, first: usize) -> bool {
    t.content && crate::text::case::reads_as_name(&text[t.start..t.end], t.start <= first)
}

/// The best sentence speaks of another subject than the claim: it lacks a
/// name of the claim that other sentences of the source hold, and names
/// one the claim does not ("The Halvard Bridge is 410 metres long." against
/// "The Orsk Bridge is 410 metres long. The Halvard Bridge, opened in 1990,
/// spans 460 metres."). Then the best sentence is the one sharing the most
/// words among those holding the claim's missing names, however few: a
/// claim about the KAH-975 pump is not contradicted by the NAN-4768 pump's
/// interval (a stranger's repair wrote the other pump's figure in).
fn naming_the_subject(
    claim: &ClaimContext,
    terms: &[&Token],
    shared: &Shared,
    sup: &Support,
) -> Option<Support> {
    let (doc, text) = (claim.doc, claim.answer);
    let best = sup.best?;
    let tokens = &claim.analysed.tokens;
    let first = tokens.first().map_or(0, |t| t.start);
    // The claim's names, each a run of named words ("Halvard Bridge",
    // "Bank of Lyon"), and the term ids of those the best sentence does
    // not hold whole. A name some word of which the source never writes
    // is an invented one (the entity check's), not another sentence's.
    let mut missing: Vec<u32> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        if !is_named(text, &tokens[k], first) {
            k += 1;
            continue;
        }
        let mut run = vec![&tokens[k]];
        k += 1;
        while k < tokens.len() {
            if is_named(text, &tokens[k], first) {
                run.push(&tokens[k]);
                k += 1;
            } else if tokens[k].lower() == "of"
                && tokens.get(k + 1).is_some_and(|t| is_named(text, t, first))
            {
                k += 1;
            } else {
                break;
            }
        }
        let ids: Option<Vec<u32>> = run.iter().map(|t| doc.term_id(t.key())).collect();
        match ids {
            Some(ids) if !ids.iter().all(|&id| doc.holds(best, id)) => missing.extend(ids),
            _ => {}
        }
    }
    if missing.is_empty() {
        return None;
    }
    let reading = doc.sentences[best].analysed(doc);
    let sentence_first = reading.tokens.first().map_or(0, |t| t.start);
    let names_another = reading.tokens.iter().any(|t| {
        is_named(&doc.text, t, sentence_first) && !terms.iter().any(|c| c.key() == t.key())
    });
    if !names_another {
        return None;
    }
    let (s, n) = shared
        .sentences
        .iter()
        .filter(|&&(s, _)| missing.iter().all(|&id| doc.holds(s as usize, id)))
        .fold(None, |top: Option<(u32, u32)>, &(s, n)| match top {
            Some((ts, tn)) if tn > n || tn == n && ts < s => Some((ts, tn)),
            _ => Some((s, n)),
        })?;
    let support = f64::from(n) / terms.len() as f64;
    Some(Support {
        best: Some(s as usize),
        tied: vec![s],
        support,
        matched: n as usize,
        total: terms.len(),
        matched_terms: shared.held_by(s as usize, doc),
        sentences_compared: sup.sentences_compared,
    })
}

/// Find the claim's best sentence and explain it: the matched and missing
/// words (marked in the claim, the matched ones in the sentence too), a
/// `no_match` or `low_support` reason when there is a source and it falls
/// short, and the `best_match` event.
pub fn explain(
    claim: &ClaimContext,
    terms: &[&Token],
    layout: &SourceLayout,
    findings: &mut Findings,
    trace: &mut Trace,
) -> SupportFinding {
    let (id, doc, cfg) = (claim.id, claim.doc, claim.cfg);
    let shared = Shared::of(terms, doc);
    let mut sup = shared.best(terms.len(), doc);
    if cfg.number_normalisation {
        let cites = |s: usize| layout.cites(&claim.analysed.citations, s);
        let claimed = (claim.analysed, claim.answer);
        sup = credit_best(sup, &shared, terms, claimed, doc, &cites);
    }
    if let Some(named) = naming_the_subject(claim, terms, &shared, &sup) {
        sup = named;
    }
    let best = sup.best.map(|i| &doc.sentences[i]);
    let best_source = best.map(|s| s.id());
    let word = |i: usize| claim.answer[terms[i].start..terms[i].end].to_string();
    // Which terms matched, by index (a claim can hold 100,000 terms: a
    // look-up in `matched_terms` per term was quadratic).
    let mut is_matched = vec![false; terms.len()];
    sup.matched_terms.iter().for_each(|&i| is_matched[i] = true);
    let matched_words: Vec<String> = sup.matched_terms.iter().map(|&i| word(i)).collect();
    let missing_words: Vec<String> = (0..terms.len())
        .filter(|&i| !is_matched[i])
        .map(word)
        .collect();
    for (t, &matched) in terms.iter().zip(&is_matched) {
        let kind = if matched {
            MarkKind::Matched
        } else {
            MarkKind::Missing
        };
        findings.mark(Mark::answer(kind, (t.start, t.end)));
    }
    if let Some(s) = best {
        // Each shared word's places, up to `MAX_SOURCE_MARKS` of each.
        let mut marked: rustc_hash::FxHashMap<&str, usize> = sup
            .matched_terms
            .iter()
            .map(|&i| (terms[i].key(), 0))
            .collect();
        for t in s.analysed(doc).tokens.iter().filter(|t| t.content) {
            match marked.get_mut(t.key()) {
                Some(n) if *n < crate::checks::MAX_SOURCE_MARKS => *n += 1,
                _ => continue,
            }
            findings.mark(Mark::source(MarkKind::Matched, (t.start, t.end)));
        }
    }
    let supported = best.is_some() && meets(sup.support, cfg.support_threshold);
    trace.push(
        Some(id),
        || EventKind::BestMatch {
            best_source: best_source.clone(),
            support: sup.support,
            matched: sup.matched,
            total: sup.total,
            matched_words: matched_words.clone(),
        },
        || match &best_source {
            Some(b) => format!(
                "Best match for {id} is {b}: {} of {} content words ({:.2}).",
                sup.matched,
                sup.total,
                Decimal(sup.support)
            ),
            None if doc.is_empty() => format!("{id} has no source to match."),
            None => format!("{id} shares no content word with any source sentence."),
        },
    );
    if doc.is_empty() {
        // Without a source, samples decide (the consistency check explains).
    } else if best.is_none() {
        findings.reason(
            ReasonKind::NoMatch,
            "Shares no content word with any source sentence.",
        );
    } else if !supported {
        findings.reason(
            ReasonKind::LowSupport,
            format!(
                "Its best match {} holds only {} of {} content words ({:.2}, below {:.2}).",
                best_source.as_deref().unwrap_or("-"),
                sup.matched,
                sup.total,
                Decimal(sup.support),
                Decimal(cfg.support_threshold)
            ),
        );
    }
    SupportFinding {
        support: sup,
        best_source,
        matched_words,
        missing_words,
        supported,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{Analysed, AnalysisOptions};

    const OPTS: AnalysisOptions = AnalysisOptions::SEED;

    fn support(claim: &str, source: &str) -> Support {
        let doc = Document::analyse(source, OPTS);
        let a = Analysed::new(claim, 0, claim.len(), OPTS);
        best_sentence(&a.content_terms(), &doc)
    }

    #[test]
    fn seed_004_wrong_span_overlaps_four_of_five() {
        let s = support(
            "The main span is 460 metres long.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.matched, s.total, s.support), (4, 5, 0.8));
        assert_eq!(s.matched_terms, [0, 1, 3, 4]);
    }

    #[test]
    fn seed_004_paraphrase_overlaps_three_of_five() {
        let s = support(
            "The longest span measures 410 metres.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.matched, s.total, s.support), (3, 5, 0.6));
    }

    #[test]
    fn counts_kept_between_claims_start_from_zero_every_time() {
        let big = "Alpha beta gamma. Alpha beta. Beta gamma delta. Alpha.";
        let first = support("Alpha beta gamma delta.", big);
        // A smaller document, then the first again: nothing left over.
        assert_eq!(support("Beta.", "Gamma. Beta epsilon.").best, Some(1));
        assert_eq!(support("Alpha beta gamma delta.", big), first);
        assert_eq!((first.best, first.matched), (Some(0), 3));
    }

    #[test]
    fn ties_go_to_the_earliest_sentence() {
        let s = support("Alpha beta.", "Gamma alpha. Delta beta. Alpha epsilon.");
        assert_eq!(s.best, Some(0));
        assert_eq!(s.tied, [0, 1, 2]);
    }

    #[test]
    fn no_shared_word_means_no_best_sentence() {
        let s = support(
            "It won a European engineering award in 2020.",
            "The main span is 410 metres long.",
        );
        assert_eq!((s.best, s.support), (None, 0.0));
    }

    #[test]
    fn only_sentences_sharing_a_word_are_compared() {
        let mut source = String::new();
        for i in 0..500 {
            source.push_str(&format!("Filler sentence number {i} about nothing. "));
        }
        source.push_str("The bridge opened in 1998.");
        let s = support("The bridge opened in 1998.", &source);
        assert_eq!(s.best, Some(500));
        assert_eq!(s.sentences_compared, 1);
    }
}
