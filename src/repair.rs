//! Repair: fix a risky answer in place, re-check it, or decline safely (seed 001's healer).
//!
//! Tried in priority order, first match only:
//! 1. **Grounding rewrite** when faithfulness is below `rewrite_below` (0.30):
//!    rebuild the answer from the source sentences sharing most words with the
//!    question (of those up to [`QUOTED_SENTENCE_BYTES`] long: a table or log
//!    with no sentence ends is not quoted), under a prefix that says where it
//!    comes from ("According to the
//!    provided data:" when the sentences hold prices, percentages or periods;
//!    "Per the source documentation:" for policies and rules; otherwise "The
//!    source indicates that:"). Confidence becomes min(confidence, 0.5).
//! 2. **Contradiction patch** when a claim is contradicted: swap each wrong
//!    number for the supporting sentence's number of the same kind (money for
//!    money, percent for percent), only when exactly one candidate fits and
//!    it is written in the claim's measure (`212 °F` is not patched from
//!    `100 °C`, nor `1.2 km` from `1,500 metres`); when
//!    a price was patched, bring the billing period in line throughout the
//!    answer in one ordered pass (specific phrases first, then the bare
//!    adjective). An identifier written with other digits (`Post-44/11`)
//!    takes the sentence's one of its shape (`Post-9/11`), when there is
//!    exactly one. A negation flip is patched by the sentence it contradicts
//!    (the claim's citation marks kept when they name that sentence).
//!    Confidence + 0.15, capped at 0.80.
//! 3. **Entity scrub** when names were invented: drop the sentences holding
//!    them and say so. Confidence × 0.85.
//!
//! A source sentence is quoted (by the rewrite and the patch alike)
//! without its own citation marks: a footnote (`…trains.[4]`) copied into
//! the answer would read there as a citation of passage 4.
//!
//! Repair proposes; the pipeline checks the repaired answer again, as it
//! would ship (attribution and note included, which are not claims), with
//! the same settings. If that check would block it, finds risk above medium
//! (a contradiction, an invented entity or a fabricated citation left), or
//! nothing is left, the safe decline is served instead: a wrong answer is
//! never "repaired" into another wrong one, and a patch is never guessed.

use crate::checks::numbers::same_shape;
use crate::config::Config;
use crate::report::{Recheck, Rechecked, Repair, Report, Strategy};
use crate::text::case::Lowercase;
use crate::text::decimal::Decimal;
use crate::text::numbers::{NumberMention, Quantity, Unit};
use crate::text::scan::{digits, find_word_ci};
use crate::text::units::Approx;
use crate::text::{Analysed, AnalysisOptions, Document, SourceSentence};
use crate::verdict::{RiskLevel, Verdict};

/// What is served when repair cannot make the answer safe.
pub const SAFE_DECLINE: &str = "I can't answer that reliably from the provided sources.";

/// Appended when entity scrub removed sentences (seed 001).
pub const SCRUB_NOTE: &str = "Note: specific names or references could not be verified in the source documents and have been omitted.";

/// How a grounding rewrite says where its answer comes from (seed 001): for
/// data (prices, percentages, periods), for policies and rules, otherwise.
pub const ATTRIBUTIONS: [&str; 3] = [
    "According to the provided data:",
    "Per the source documentation:",
    "The source indicates that:",
];

/// Is this sentence one repair writes about the answer (the safe decline,
/// the scrub note), not a claim of it? The check passes over them.
pub fn is_repair_note(sentence: &str) -> bool {
    let s = sentence.trim();
    s == SAFE_DECLINE || s == SCRUB_NOTE
}

/// The length of a grounding rewrite's attribution opening `sentence`
/// (with the blanks after it), 0 when there is none: the claim starts after it.
pub fn attribution_len(sentence: &str) -> usize {
    ATTRIBUTIONS
        .iter()
        .find(|a| sentence.starts_with(*a))
        .map_or(0, |a| {
            let rest = &sentence[a.len()..];
            a.len() + (rest.len() - rest.trim_start().len())
        })
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// What repair is given: the checked answer and how to check a changed one.
pub struct RepairInput<'a> {
    pub answer: &'a str,
    pub question: &'a str,
    /// Each claim's analysis, by claim, where the check kept it (a claim
    /// without one is analysed again).
    pub analyses: &'a [Option<&'a Analysed>],
    /// Checks a changed answer with the same document and settings (the
    /// pipeline's re-check; repair proposes, the checker judges).
    pub recheck: &'a dyn Fn(&str) -> Recheck,
}

/// Repair `report`'s answer if it is risky.
pub fn repair(doc: &Document, cfg: &Config, report: &Report, input: &RepairInput) -> Repair {
    let before = input.answer.to_string();
    let confidence_before = round2(report.summary.confidence.score);
    let initial_risk = report.risk.level;
    let unchanged = |strategy| Repair {
        strategy,
        applied: false,
        succeeded: false,
        before: before.clone(),
        after: before.clone(),
        changes: vec![],
        initial_risk,
        final_risk: initial_risk,
        confidence_before,
        confidence_after: confidence_before,
        recheck: None,
        rechecked: Rechecked::default(),
    };
    if initial_risk == RiskLevel::Low {
        return unchanged(Strategy::NoHealingNeeded);
    }
    let faithfulness = report.summary.faithfulness;
    let (strategy, attempt) = if faithfulness < cfg.rewrite_below && !report.claims.is_empty() {
        (
            Strategy::GroundingRewrite,
            grounding_rewrite(doc, input.question, input.answer, cfg),
        )
    } else if report.summary.contradiction {
        (
            Strategy::ContradictionPatch,
            contradiction_patch(doc, input.answer, report, input.analyses, cfg),
        )
    } else if report
        .claims
        .iter()
        .any(|c| !c.invented_entities.is_empty())
    {
        (Strategy::EntityScrub, entity_scrub(input.answer, report))
    } else {
        return unchanged(Strategy::NoApplicableStrategy);
    };
    let confidence_after = round2(match strategy {
        Strategy::GroundingRewrite => confidence_before.min(0.5),
        Strategy::ContradictionPatch => (confidence_before + 0.15).min(0.80),
        _ => confidence_before * 0.85,
    });
    let decline = |changes: Vec<String>, recheck: Option<Recheck>| Repair {
        strategy,
        applied: true,
        succeeded: false,
        before: before.clone(),
        after: SAFE_DECLINE.to_string(),
        changes,
        initial_risk,
        final_risk: RiskLevel::Low,
        confidence_before,
        confidence_after: confidence_before,
        recheck,
        rechecked: Rechecked::default(),
    };
    let Some(Healed {
        prefix,
        body,
        suffix,
        mut changes,
    }) = attempt
    else {
        return decline(
            vec![format!("{} found no safe change to make.", strategy.name())],
            None,
        );
    };
    // What ships is what is checked again: nothing ships whose own check
    // says block (see `crate::verdict`). The attribution and the note are
    // not claims (`is_repair_note`, `attribution_len`).
    let after = [prefix.as_str(), body.as_str(), suffix.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let re = (input.recheck)(&after);
    let failed = if re.counts.total() == 0 {
        Some("nothing is left to check".to_string())
    } else if !re.decision.lets_through() {
        Some(format!("its decision is {}", re.decision.name()))
    } else if re.risk > RiskLevel::Medium {
        Some(format!("risk {}", re.risk.name()))
    } else {
        None
    };
    if let Some(why) = failed {
        changes.push(format!(
            "Re-check failed ({why}): serving the safe decline instead of \"{after}\"."
        ));
        return decline(changes, Some(re));
    }
    changes.push(format!(
        "Confidence recalibrated: {confidence_before:.2} → {confidence_after:.2} ({})",
        strategy.name(),
        confidence_before = Decimal(confidence_before),
        confidence_after = Decimal(confidence_after)
    ));
    Repair {
        strategy,
        applied: true,
        succeeded: true,
        before,
        after,
        changes,
        initial_risk,
        final_risk: re.risk,
        confidence_before,
        confidence_after,
        recheck: Some(re),
        rechecked: Rechecked::default(),
    }
}

/// A repaired answer: `body` is what gets re-checked; `prefix` and `suffix`
/// (attribution, a note) are delivered around it but are not claims.
struct Healed {
    prefix: String,
    body: String,
    suffix: String,
    changes: Vec<String>,
}

/// Does the (lower-cased) text hold data: a price, a percentage or a period
/// ("$120", "94%", "14 days")?
fn mentions_data(lower: &str) -> bool {
    let b = lower.as_bytes();
    (0..b.len()).any(|i| {
        // Only at the first digit of a run: an ASCII byte, so `i` and the
        // run's end are char boundaries (slicing first panicked on "70½").
        if !b[i].is_ascii_digit() || (i > 0 && b[i - 1].is_ascii_digit()) {
            return false;
        }
        let run_end = i + digits(&lower[i..]);
        let rest = lower[run_end..].trim_start();
        (i > 0 && b[i - 1] == b'$')
            || lower[run_end..].starts_with('%')
            || ["day", "month", "year"].iter().any(|p| rest.starts_with(p))
    })
}

/// The longest source sentence the grounding rewrite quotes, in bytes.
pub const QUOTED_SENTENCE_BYTES: usize = 1_000;

fn grounding_rewrite(doc: &Document, question: &str, answer: &str, cfg: &Config) -> Option<Healed> {
    if doc.is_empty() {
        return None;
    }
    let opts = AnalysisOptions::from(cfg);
    // The sentences sharing words with the question (else with the answer),
    // read from the document's index: only sentences sharing a word are visited.
    let sharing = |text: &str| -> Vec<(u32, u32)> {
        let a = Analysed::new(text, 0, text.len(), opts);
        // Each distinct key once (a sentence's postings list it once per key).
        let ids: Vec<u32> = a
            .content_terms()
            .iter()
            .filter_map(|t| doc.term_id(t.key()))
            .collect();
        doc.sentences_sharing(&ids)
    };
    let mut shared = sharing(question);
    if shared.is_empty() {
        shared = sharing(answer);
    }
    // A "sentence" longer than a quotable one (a table or log with no
    // sentence ends) is not quoted: the rewrite repeated all of it, and
    // checking that again froze the page (2.3 s a keystroke at 60 KB).
    let quotable =
        |i: usize| doc.sentences[i].end() - doc.sentences[i].start() <= QUOTED_SENTENCE_BYTES;
    // The two quotable ones sharing the most words; ties in source order.
    let mut quoted_ones = shared.into_iter().filter(|&(i, _)| quotable(i as usize));
    let mut chosen: Vec<usize> = (crate::order::most_shared(&mut quoted_ones, 2).into_iter())
        .map(|(i, _)| i as usize)
        .collect();
    if chosen.is_empty() {
        return None;
    }
    crate::order::sort_dedup(&mut chosen);
    let body = chosen
        .iter()
        .map(|&i| quoted(doc, i))
        .collect::<Vec<_>>()
        .join(" ");
    let lower = body.lowercase();
    let prefix = if mentions_data(&lower) {
        ATTRIBUTIONS[0]
    } else if ["policy", "guideline", "procedure", "rule"]
        .iter()
        .any(|w| lower.contains(w))
    {
        ATTRIBUTIONS[1]
    } else {
        ATTRIBUTIONS[2]
    };
    let ids: Vec<String> = chosen.iter().map(|&i| doc.sentences[i].id()).collect();
    let changes = vec![format!(
        "Rebuilt the answer from {} (faithfulness was below {:.2}).",
        ids.join(" and "),
        Decimal(cfg.rewrite_below)
    )];
    Some(Healed {
        prefix: prefix.to_string(),
        body,
        suffix: String::new(),
        changes,
    })
}

/// Billing-period phrases, specific before general, each with its counterpart.
const MONTHLY_TO_ANNUAL: &[(&str, &str)] = &[
    ("per month", "per year"),
    ("a month", "a year"),
    ("every month", "every year"),
    ("billed monthly", "billed annually"),
    ("monthly subscription", "annual subscription"),
    ("monthly plan", "annual plan"),
    ("monthly fee", "annual fee"),
    ("monthly", "annually"),
];
const ANNUAL_TO_MONTHLY: &[(&str, &str)] = &[
    ("per year", "per month"),
    ("a year", "a month"),
    ("every year", "every month"),
    ("per annum", "per month"),
    ("billed annually", "billed monthly"),
    ("billed yearly", "billed monthly"),
    ("annual subscription", "monthly subscription"),
    ("annual plan", "monthly plan"),
    ("annual fee", "monthly fee"),
    ("annually", "monthly"),
    ("yearly", "monthly"),
    ("annual", "monthly"),
];

/// Phrases that say a price is per year, and per month.
const ANNUAL: &[&str] = &[
    "per year",
    "a year",
    "per annum",
    "annually",
    "yearly",
    "annual",
    "/year",
    "/ year",
    "/yr",
    "/ yr",
];
const MONTHLY: &[&str] = &[
    "per month",
    "a month",
    "monthly",
    "/month",
    "/ month",
    "/mo",
    "/ mo",
];

fn says_any(text: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| !find_word_ci(text, p).is_empty())
}

fn match_case(found: &str, replacement: &str) -> String {
    if found.chars().next().is_some_and(char::is_uppercase) {
        // Replacements are ASCII phrases.
        let mut out = replacement.to_string();
        if let Some(first) = out.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        out
    } else {
        replacement.to_string()
    }
}

/// Rewrite billing periods in one ordered pass: each phrase is replaced once,
/// and text already rewritten is not rewritten again.
fn normalise_billing(text: &str, to_annual: bool, changes: &mut Vec<String>) -> String {
    let table = if to_annual {
        MONTHLY_TO_ANNUAL
    } else {
        ANNUAL_TO_MONTHLY
    };
    // Find every non-overlapping phrase, specific phrases claiming text first.
    let mut claimed: Vec<(usize, usize, &str)> = Vec::new();
    for (from, to) in table {
        let mut used = false;
        for (start, end) in find_word_ci(text, from) {
            if claimed.iter().any(|(s, e, _)| start < *e && *s < end) {
                continue;
            }
            claimed.push((start, end, to));
            used = true;
        }
        if used {
            changes.push(format!("Normalised billing: '{from}' → '{to}'"));
        }
    }
    crate::order::sort_by_key(&mut claimed, |c| c.0);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (s, e, to) in claimed {
        out.push_str(&text[at..s]);
        let mut replacement = match_case(&text[s..e], to);
        if to == "annually"
            && text[e..].starts_with(' ')
            && text[e + 1..]
                .chars()
                .next()
                .is_some_and(char::is_alphabetic)
        {
            replacement = match_case(&text[s..e], "annual");
        }
        out.push_str(&replacement);
        at = e;
    }
    out.push_str(&text[at..]);
    out
}

fn unit_of(m: &NumberMention) -> Option<Unit> {
    match m.quantity.as_ref()? {
        Quantity::Number { unit, .. } | Quantity::Range { unit, .. } => Some(*unit),
        Quantity::Date { .. }
        | Quantity::Calendar { .. }
        | Quantity::Decade { .. }
        | Quantity::Clock { .. } => None,
    }
}

/// How many words `a` and `b` end with alike, ignoring ASCII case (up to four):
/// the claim's words before a wrong number against a source's before one
/// of its own.
fn same_words_before(a: &str, b: &str) -> usize {
    let mut a = a
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    let mut b = b
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    let mut same = 0;
    while let (true, Some(x), Some(y)) = (same < 4, a.next(), b.next()) {
        if !x.eq_ignore_ascii_case(y) {
            break;
        }
        same += 1;
    }
    same
}

/// The word after a span, lower-cased ("days" in "30 days").
fn word_after(text: &str, end: usize) -> String {
    text[end..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .lowercase()
}

/// The measure written right after a number, to compare two numbers'
/// measures: a degree sign's scale (`f` in `212 °F`), or what a unit word
/// names (`km` and `kilometres` alike).
#[derive(PartialEq)]
enum Measure {
    Degrees(String),
    Unit(Unit, f64),
}

/// The [`Measure`] written right after the number ending at `end` of
/// `text`; `None` for any other word.
fn measure_after(text: &str, end: usize) -> Option<Measure> {
    let rest = text[end..].trim_start();
    if let Some(scale) = rest.strip_prefix('°') {
        return Some(Measure::Degrees(word_after(scale, 0)));
    }
    let (unit, size) = crate::text::units::unit_named(&word_after(text, end))?;
    Some(Measure::Unit(unit, size))
}

/// Source sentence `i` (0-based) as a repair quotes it: without the
/// source's own citation marks and the blanks before each. A footnote
/// (`…trains.[4]`) copied into the answer reads as a citation of passage
/// 4, and the repaired answer failed its re-check as miscited.
fn quoted(doc: &Document, i: usize) -> String {
    let text = doc.sentence_text(i);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for cite in crate::text::citations::find(text) {
        out.push_str(text[at..cite.start].trim_end_matches([' ', '\u{a0}']));
        at = cite.end;
    }
    out.push_str(&text[at..]);
    out.trim().to_string()
}

/// Where the claim's bound of `wrong` starts in `answer`, and the source's
/// bound to write there, when `right` bounds its amount the other way
/// ("over 50" against "under 50"; "about 50" against "under 50" is no bound).
fn other_bound(
    answer: &str,
    wrong: &NumberMention,
    right: &NumberMention,
) -> Option<(usize, String)> {
    let approx = |m: &NumberMention| match m.quantity {
        Some(Quantity::Number { approx, .. }) => approx,
        _ => Approx::Exact,
    };
    if !approx(wrong).opposes(approx(right)) {
        return None;
    }
    let (claimed, stated) = (wrong.hedge.as_deref()?, right.hedge.as_deref()?);
    let before = answer[..wrong.start].trim_end_matches([' ', '\u{a0}']);
    let from = before.len().checked_sub(claimed.len())?;
    (answer.get(from..before.len())? == claimed)
        .then(|| (from, match_case(claimed, &stated.lowercase())))
}

/// `sentence` with the citation marks `claim` writes put before its final
/// stop: "The bridge does not carry trains [2]." for a claim that cited
/// `[2]`.
fn with_citation_marks(sentence: String, claim: &str) -> String {
    let marks: Vec<&str> = crate::text::citations::find(claim)
        .iter()
        .map(|c| &claim[c.start..c.end])
        .collect();
    if marks.is_empty() {
        return sentence;
    }
    let body = sentence.trim_end_matches(['.', '!', '?']);
    let stop = &sentence[body.len()..];
    format!("{body} {}{stop}", marks.join(""))
}

fn contradiction_patch(
    doc: &Document,
    answer: &str,
    report: &Report,
    analyses: &[Option<&Analysed>],
    cfg: &Config,
) -> Option<Healed> {
    let opts = AnalysisOptions::from(cfg);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut changes = Vec::new();
    let mut billing_period: Option<bool> = None; // Some(true): the source bills annually
    for (k, claim) in report
        .claims
        .iter()
        .enumerate()
        .filter(|(_, c)| c.verdict == Verdict::Contradicted)
    {
        let best = SourceSentence::index_of(claim.best_source.as_deref()?)?;
        let sentence = &doc.sentences[best];
        let sentence_text = &doc.text[sentence.start()..sentence.end()];
        if !claim.number_mismatches.is_empty() {
            let fresh;
            let analysed = match analyses.get(k) {
                Some(Some(analysed)) => *analysed,
                _ => {
                    fresh = Analysed::new(answer, claim.byte_start, claim.byte_end, opts);
                    &fresh
                }
            };
            let stated: Vec<&NumberMention> = analysed
                .numbers
                .iter()
                .filter(|n| !n.is_identifier())
                .collect();
            for miss in &claim.number_mismatches {
                // An identifier written with other digits ("Post-44/11"
                // against "Post-9/11") takes the one of its shape the
                // sentence writes, when it writes one.
                let identifier = analysed
                    .numbers
                    .iter()
                    .find(|n| n.start == miss.start && n.is_identifier());
                if let Some(wrong) = identifier {
                    let reading = sentence.analysed(doc);
                    let alike: Vec<&NumberMention> = (reading.numbers.iter())
                        .filter(|s| s.is_identifier() && same_shape(&s.raw, &wrong.raw))
                        .collect();
                    let [right] = alike[..] else { return None };
                    edits.push((wrong.start, wrong.end, right.raw.clone()));
                    changes.push(format!("Replaced '{}' → '{}'", wrong.raw, right.raw));
                    continue;
                }
                let wrong = stated.iter().find(|n| n.start == miss.start)?;
                // Candidates: the sentence's numbers of the same kind that the claim does not already state.
                let mut candidates: Vec<&NumberMention> = sentence
                    .analysed(doc)
                    .numbers
                    .iter()
                    .filter(|s| !s.is_identifier() && unit_of(s) == unit_of(wrong))
                    .filter(|s| {
                        !stated.iter().any(|c| {
                            c.quantity
                                .as_ref()
                                .zip(s.quantity.as_ref())
                                .is_some_and(|(cq, sq)| cq.stated_by(sq))
                        })
                    })
                    .collect();
                // The word after each (a unit word: "30 days"), where the
                // claim writes one; else the two words or more before it:
                // "switch on at 19:30" is patched from "on at 18:30 and off
                // at 06:15" with 18:30 (the word after the claim's, none,
                // was the word after 06:15), and with neither when none
                // stands out.
                let unit_word = word_after(answer, wrong.end);
                if candidates.len() > 1 && !unit_word.is_empty() {
                    candidates.retain(|s| word_after(&doc.text, s.end) == unit_word);
                } else if candidates.len() > 1 {
                    let claim_before = &answer[claim.byte_start..wrong.start];
                    let shared = |s: &NumberMention| {
                        same_words_before(claim_before, &doc.text[sentence.start()..s.start])
                    };
                    let most = candidates.iter().map(|s| shared(s)).max().unwrap_or(0);
                    candidates.retain(|s| most >= 2 && shared(s) == most);
                }
                let [right] = candidates[..] else { return None };
                // The source's number in the claim's measure would state what
                // neither says ("212 °F" patched from "100 °C" read "100 °F").
                if measure_after(answer, wrong.end) != measure_after(&doc.text, right.end) {
                    return None;
                }
                // A bound the other way ("over 50" against "under 50")
                // takes the source's bound with its number; the same
                // number under the same bound has nothing to patch.
                let (from, patch) = match other_bound(answer, wrong, right) {
                    Some((from, bound)) => (from, format!("{bound} {}", right.raw)),
                    None if right.raw == wrong.raw => return None,
                    None => (wrong.start, right.raw.clone()),
                };
                changes.push(format!(
                    "Replaced '{}' → '{patch}'",
                    &answer[from..wrong.end]
                ));
                edits.push((from, wrong.end, patch));
                if unit_of(wrong) == Some(Unit::Money) {
                    if says_any(sentence_text, ANNUAL) {
                        billing_period = Some(true);
                    } else if says_any(sentence_text, MONTHLY) {
                        billing_period = Some(false);
                    }
                }
            }
        } else if claim.negation.is_some() {
            let mut patch = quoted(doc, best);
            // The claim's citation marks stay when they name the sentence
            // now quoted (a mark naming another would be a miscitation).
            if claim.citations.points_to_support == Some(true) {
                patch = with_citation_marks(patch, &answer[claim.byte_start..claim.byte_end]);
            }
            edits.push((claim.byte_start, claim.byte_end, patch));
            changes.push(format!(
                "Replaced {} with {}, whose negation it reversed",
                claim.id,
                sentence.id()
            ));
        } else {
            return None;
        }
    }
    if edits.is_empty() {
        return None;
    }
    crate::order::sort_by_key(&mut edits, |e| e.0);
    let mut body = String::with_capacity(answer.len());
    let mut at = 0;
    for (s, e, replacement) in edits {
        if s < at {
            return None;
        }
        body.push_str(&answer[at..s]);
        body.push_str(&replacement);
        at = e;
    }
    body.push_str(&answer[at..]);
    if let Some(to_annual) = billing_period {
        let other = if to_annual { MONTHLY } else { ANNUAL };
        if says_any(&body, other) {
            body = normalise_billing(&body, to_annual, &mut changes);
        }
    }
    Some(Healed {
        prefix: String::new(),
        body: body.trim().to_string(),
        suffix: String::new(),
        changes,
    })
}

fn entity_scrub(answer: &str, report: &Report) -> Option<Healed> {
    let mut body = String::new();
    let mut changes = Vec::new();
    let mut at = 0;
    for c in &report.claims {
        if c.invented_entities.is_empty() {
            continue;
        }
        body.push_str(&answer[at..c.byte_start]);
        at = c.byte_end;
        let names: Vec<&str> = c
            .invented_entities
            .iter()
            .map(|e| e.text.as_str())
            .collect();
        changes.push(format!(
            "Removed {}: {} could not be verified in the source",
            c.id,
            names.join(", ")
        ));
    }
    body.push_str(&answer[at..]);
    let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if body.is_empty() || changes.is_empty() {
        return None;
    }
    Some(Healed {
        prefix: String::new(),
        body,
        suffix: SCRUB_NOTE.to_string(),
        changes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_mentions_next_to_non_ascii_text_do_not_panic() {
        assert!(!mentions_data("it rose 70½ and more"));
        assert!(mentions_data("½ of them paid $50 – 70% agreed"));
        assert!(mentions_data("über 3 years"));
    }

    #[test]
    fn billing_is_normalised_in_one_ordered_pass() {
        let mut changes = Vec::new();
        let out = normalise_billing(
            "The Pro plan costs $120 per month, billed monthly. You can cancel your monthly subscription at any time.",
            true,
            &mut changes,
        );
        assert_eq!(out, "The Pro plan costs $120 per year, billed annually. You can cancel your annual subscription at any time.");
        assert_eq!(
            changes,
            [
                "Normalised billing: 'per month' → 'per year'",
                "Normalised billing: 'billed monthly' → 'billed annually'",
                "Normalised billing: 'monthly subscription' → 'annual subscription'",
            ]
        );
    }

    #[test]
    fn data_in_a_text_picks_the_rewrite_prefix() {
        assert!(mentions_data("it costs $120."));
        assert!(mentions_data("94% accuracy"));
        assert!(mentions_data("within 14 days"));
        assert!(!mentions_data("the bridge has four lanes and 2 towers"));
        assert!(!mentions_data("sku-441 in stock"));
    }

    #[test]
    fn the_bare_adjective_and_the_adverb_both_read_well() {
        let mut changes = Vec::new();
        assert_eq!(
            normalise_billing("Monthly billing. You pay monthly.", true, &mut changes),
            "Annual billing. You pay annually."
        );
        assert_eq!(
            normalise_billing("You pay annually, $5 a year.", false, &mut changes),
            "You pay monthly, $5 a month."
        );
    }

    #[test]
    fn grounding_rewrite_quotes_no_sentence_longer_than_a_quotable_one() {
        let cfg = Config::default();
        let table: Vec<String> = (0..200).map(|i| format!("cell{i} value {i}")).collect();
        let source = format!("{}\n\nThe values are listed above.", table.join(", "));
        let doc = Document::analyse(&source, (&cfg).into());
        assert!(doc.sentences[0].end() > QUOTED_SENTENCE_BYTES);
        // The long first sentence shares more words with the question; the
        // short one is quoted alone.
        let healed =
            grounding_rewrite(&doc, "What are the values of cell7?", "Blue.", &cfg).unwrap();
        assert_eq!(healed.body, "The values are listed above.");
        let alone = Document::analyse(&table.join(", "), (&cfg).into());
        assert!(grounding_rewrite(&alone, "What are the values?", "Blue.", &cfg).is_none());
    }

    #[test]
    fn a_patch_takes_the_number_its_words_stand_before() {
        let cfg = Config::default();
        let source = "The deck lights switch on at 18:30 and off at 06:15.";
        let after = |answer: &str| {
            let report = crate::check_text(source, answer, &cfg);
            report.repair.map(|r| r.after).unwrap_or_default()
        };
        // The words before a time pick it out, whichever ends the sentence.
        assert_eq!(
            after("The deck lights switch on at 19:30."),
            "The deck lights switch on at 18:30."
        );
        assert_eq!(
            after("The deck lights switch off at 07:15."),
            "The deck lights switch off at 06:15."
        );
        // Words that pick out neither: neither is patched in (the answer
        // may still be rebuilt from the source's sentence).
        let neither = after("The lights change at 19:30.");
        assert!(!neither.starts_with("The lights change at"), "{neither}");
    }

    #[test]
    fn a_patch_that_would_keep_the_claims_unit_is_declined() {
        let cfg = Config::default();
        for (source, answer) in [
            (
                "Water boils at 100 °C at sea level.",
                "Water boils at 212 °F at sea level.",
            ),
            (
                "The trail is 1,500 metres long.",
                "The trail is 1.2 km long.",
            ),
        ] {
            let report = crate::check_text(source, answer, &cfg);
            let after = report
                .repair
                .as_ref()
                .map(|r| r.after.clone())
                .unwrap_or_default();
            assert!(
                !after.contains("100 °F") && !after.contains("1,500 km"),
                "{answer} -> {after}"
            );
        }
        // The same unit, written alike or not: patched.
        let report = crate::check_text(
            "The span is 410 metres long.",
            "The span is 460 m long.",
            &cfg,
        );
        let after = report.repair.as_ref().map(|r| r.after.as_str());
        assert_eq!(after, Some("The span is 410 m long."));
    }

    #[test]
    fn a_quoted_source_sentence_leaves_its_footnotes_behind() {
        let cfg = Config::default();
        let source = "The Halvorsen bridge opened in 1998.[3] The bridge does not carry trains.[4] Cyclists use the east lane [5].";
        // Negation reversed: the source sentence replaces the claim, and the
        // repaired answer passes its re-check.
        let report = crate::check_text(source, "The bridge carries trains.", &cfg);
        let repair = report.repair.as_ref().expect("a repair");
        assert_eq!(repair.after, "The bridge does not carry trains.");
        assert!(repair.succeeded, "{:?}", repair.changes);
        // Rebuilt from the source: no footnote, no blank left before the stop.
        let doc = Document::analyse(source, (&cfg).into());
        let healed = grounding_rewrite(&doc, "Who uses the east lane?", "Nobody.", &cfg).unwrap();
        assert!(
            healed.body.ends_with("Cyclists use the east lane."),
            "{}",
            healed.body
        );
        assert!(!healed.body.contains('['), "{}", healed.body);
    }

    #[test]
    fn a_bound_the_other_way_is_patched_with_the_sources_bound() {
        let cfg = Config::default();
        let source = "The Brisco cooperative has under 50 employees. It was founded in 1990.";
        let report = crate::check_text(
            source,
            "The Brisco cooperative has over 50 employees.",
            &cfg,
        );
        let repair = report.repair.as_ref().expect("a repair");
        assert_eq!(
            repair.after,
            "The Brisco cooperative has under 50 employees."
        );
        assert!(repair.succeeded, "{:?}", repair.changes);
        assert_eq!(repair.changes[0], "Replaced 'over 50' → 'under 50'");
        // Capitalised as the claim's bound was.
        let report = crate::check_text(
            source,
            "More than 50 people work at the Brisco cooperative.",
            &cfg,
        );
        let after = report.repair.as_ref().map(|r| r.after.as_str());
        assert_eq!(
            after,
            Some("Under 50 people work at the Brisco cooperative.")
        );
    }

    #[test]
    fn a_negation_patch_keeps_the_claims_citation_of_the_quoted_sentence() {
        let cfg = Config::default();
        let source = "[1] The Halvorsen bridge opened in 1998.\n\n[2] The bridge does not carry trains. Cyclists use the east lane.";
        let report = crate::check_text(
            source,
            "It opened in 1998 [1]. The bridge carries trains [2].",
            &cfg,
        );
        let repair = report.repair.as_ref().expect("a repair");
        assert_eq!(
            repair.after,
            "It opened in 1998 [1]. The bridge does not carry trains [2]."
        );
        assert!(repair.succeeded, "{:?}", repair.changes);
        // A mark naming another passage is not carried into the quote.
        let report = crate::check_text(source, "The bridge carries trains [1].", &cfg);
        let after = report.repair.as_ref().map(|r| r.after.as_str());
        assert!(after.is_none_or(|a| !a.contains("trains [1]")), "{after:?}");
        assert_eq!(
            with_citation_marks("No trains.".into(), "Trains [2][3]."),
            "No trains [2][3]."
        );
        assert_eq!(
            with_citation_marks("No trains".into(), "Trains [S4]"),
            "No trains [S4]"
        );
    }

    #[test]
    fn grounding_rewrite_keeps_the_two_sentences_sharing_most_question_words() {
        let cfg = Config::default();
        let doc = Document::analyse(
            "Lamps ship in two days. The lamp costs $49 and ships free. Desks are oak. The desk lamp costs $49.",
            (&cfg).into(),
        );
        // S2 and S4 share "lamp" and "costs" with the question; S1 only "lamp" (stemmed).
        let healed =
            grounding_rewrite(&doc, "What does the lamp cost?", "It is $12.", &cfg).unwrap();
        assert_eq!(
            healed.body,
            "The lamp costs $49 and ships free. The desk lamp costs $49."
        );
        // A question sharing nothing ranks by the answer's words; ties keep source order.
        let healed = grounding_rewrite(&doc, "Why?", "Oak desks and lamps.", &cfg).unwrap();
        assert_eq!(healed.body, "Desks are oak. The desk lamp costs $49.");
        let healed = grounding_rewrite(&doc, "Why?", "Lamps.", &cfg).unwrap();
        assert_eq!(
            healed.body,
            "Lamps ship in two days. The lamp costs $49 and ships free."
        );
        assert!(grounding_rewrite(&doc, "Why?", "Nothing shared.", &cfg).is_none());
    }
}
