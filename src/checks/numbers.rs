//! Numbers: every number in a claim must appear in its supporting sentence.
//!
//! **Catches** a claim whose number is not in the source sentence that best
//! supports it (seed 004: "The main span is 460 metres long" against "The main
//! span is 410 metres long" is `contradicted`, naming 460 and 410), however
//! high its word overlap.
//!
//! **Compares values, not strings** (when `number_normalisation` is on):
//! `1,000` = `1000`, `1.50` = `1.5`, `$499.00` = `$499`, `94%` = `94 percent`,
//! `fourteen` = `14`, `5-7` = `5 to 7`, `2 million` = `2,000,000`,
//! `March 3, 2024` = `3 March 2024`. A claim's bare year matches a date in that
//! year; a claim's single number matches either end of a source range; a
//! claim's range matches when both ends are in the sentence.
//!
//! **Identifiers are not quantities**: `SKU-441`, `v2.0`, `arXiv:2204.09876`,
//! `COVID-19`, `4G` are read as opaque words (a letter before the digits, or
//! letters glued after them that are not a unit).
//!
//! **Misses**: units are not compared (`14 days` = `14 weeks`), arithmetic is
//! not done (`a dozen` ≠ `12`, `half` ≠ `50%`), the lone word `one` is not read
//! as a number (it is mostly a pronoun), and a number that is true but stated
//! in a different sentence than the best match counts as missing.
//!
//! **Defaults**: on (`number_check: true`), values compared
//! (`number_normalisation: true`). With normalisation off, numbers compare as
//! the text they are written in, as seed 004's original lab did.

use serde::{Deserialize, Serialize};

pub use crate::text::numbers::{NumberMention, Quantity, Unit};

use crate::checks::{ClaimContext, Findings};
use crate::text::case::Lowercase;
use crate::text::SourceSentence;
use crate::trace::{EventKind, Trace};
use crate::verdict::{Mark, MarkKind, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Units are not compared (14 days = 14 weeks), no arithmetic is done (a dozen is not 12), a true number stated in another sentence than the best match counts as missing, and with number normalisation off numbers compare as written ($499.00 is not $499).";

/// A number of the claim that its supporting sentence does not state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MissingNumber {
    /// The claim's number as written (`460`).
    pub claim_number: String,
    /// Byte span of that number in the claim text.
    pub start: usize,
    pub end: usize,
    /// The numbers the sentence does state, as written (`410`).
    pub source_numbers: Vec<String>,
}

/// Check that every quantity of the claim appears in the sentence.
pub fn check(
    claim: &[NumberMention],
    sentence: &[NumberMention],
    normalise: bool,
) -> Vec<MissingNumber> {
    let sentence_quantities: Vec<&NumberMention> =
        sentence.iter().filter(|m| !m.is_identifier()).collect();
    let stated = |m: &NumberMention| -> bool {
        let q = m.quantity.as_ref().expect("quantities only");
        if !normalise {
            let raw = m.raw.lowercase();
            return sentence_quantities.iter().any(|s| s.raw.lowercase() == raw);
        }
        let direct = sentence_quantities
            .iter()
            .any(|s| q.stated_by(s.quantity.as_ref().unwrap()));
        direct
            || match q {
                // A claimed range is stated when both of its ends are.
                Quantity::Range { low, high, unit } => [low, high].iter().all(|v| {
                    let end = Quantity::Number {
                        value: **v,
                        unit: *unit,
                    };
                    sentence_quantities
                        .iter()
                        .any(|s| end.stated_by(s.quantity.as_ref().unwrap()))
                }),
                _ => false,
            }
    };
    claim
        .iter()
        .filter(|m| !m.is_identifier() && !stated(m))
        .map(|m| MissingNumber {
            claim_number: m.raw.clone(),
            start: m.start,
            end: m.end,
            source_numbers: sentence_quantities.iter().map(|s| s.raw.clone()).collect(),
        })
        .collect()
}

/// Check the claim's numbers against its supporting sentence and explain:
/// a `number_mismatch` reason per missing number naming what the sentence
/// says, marks on both sides, and the `number_check` event.
pub fn explain(
    claim: &ClaimContext,
    sentence: &SourceSentence,
    findings: &mut Findings,
    trace: &mut Trace,
) -> Vec<MissingNumber> {
    let (id, sid) = (claim.id, sentence.id());
    let stated: Vec<&NumberMention> = sentence
        .analysed
        .numbers
        .iter()
        .filter(|n| !n.is_identifier())
        .collect();
    let missing = check(
        &claim.analysed.numbers,
        &sentence.analysed.numbers,
        claim.cfg.number_normalisation,
    );
    for m in &missing {
        let said = if m.source_numbers.is_empty() {
            format!("{sid} states no number")
        } else {
            format!("{sid} says {}", m.source_numbers.join(", "))
        };
        findings.reason(
            ReasonKind::NumberMismatch,
            format!(
                "{} is not in {sid}, which it otherwise matches: {said}.",
                m.claim_number
            ),
        );
        findings.mark(Mark::answer(MarkKind::Number, (m.start, m.end)));
    }
    if !missing.is_empty() {
        for n in &stated {
            findings.mark(Mark::source(MarkKind::Number, (n.start, n.end)));
        }
    }
    trace.push(
        Some(id),
        || EventKind::NumberCheck {
            passed: missing.is_empty(),
            missing: missing.iter().map(|m| m.claim_number.clone()).collect(),
            source_numbers: stated.iter().map(|n| n.raw.clone()).collect(),
        },
        || {
            if !missing.is_empty() {
                let numbers: Vec<&str> = missing.iter().map(|m| m.claim_number.as_str()).collect();
                format!("{} missing from {sid}.", numbers.join(", "))
            } else if claim.analysed.numbers.iter().any(|n| !n.is_identifier()) {
                format!("Every number in {id} appears in {sid}.")
            } else {
                format!("{id} states no number.")
            }
        },
    );
    missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::numbers::{find_number_words, find_numerals};
    use crate::text::words::raw_words;

    fn all(text: &str) -> Vec<NumberMention> {
        let mut found = find_numerals(text, &[]);
        let spans: Vec<(usize, usize)> = found.iter().map(|m| (m.start, m.end)).collect();
        let words = raw_words(text, &spans);
        found.extend(find_number_words(text, &words).into_iter().map(|(_, m)| m));
        found.sort_by_key(|m| m.start);
        found
    }

    fn keys(text: &str) -> Vec<String> {
        all(text).iter().map(|m| m.key(true)).collect()
    }

    fn same_value(a: &str, b: &str) {
        let (ka, kb) = (keys(a), keys(b));
        assert_eq!(ka.len(), 1, "{a}: {ka:?}");
        assert_eq!(ka, kb, "{a} vs {b}");
        assert!(
            check(&all(a), &all(b), true).is_empty(),
            "{a} should be stated by {b}"
        );
    }

    #[test]
    fn equal_values_written_differently_match() {
        same_value("It costs 1,000 now", "It costs 1000 now");
        same_value("1.50 each", "1.5 each");
        same_value("only $499.00", "only $499");
        same_value("94% of users", "94 percent of users");
        same_value("94 per cent", "94%");
        same_value("fourteen days", "14 days");
        same_value("twenty-one days", "21 days");
        same_value("two hundred and five", "205");
        same_value("5-7 days", "5 to 7 days");
        same_value("5–7 days", "5 - 7 days");
        same_value("on March 3, 2024", "on 3 March 2024");
        same_value("on 3rd of March 2024", "on 2024-03-03");
        same_value("2 million people", "2,000,000 people");
        same_value("$2.5bn deal", "$2,500,000,000 deal");
        same_value("3 million", "three million");
    }

    #[test]
    fn different_values_differ() {
        let missing = check(
            &all("The span is 460 metres"),
            &all("The span is 410 metres"),
            true,
        );
        assert_eq!(missing.len(), 1);
        assert_eq!(missing[0].claim_number, "460");
        assert_eq!(missing[0].source_numbers, ["410"]);
        assert_eq!(
            check(&all("$10 per month"), &all("$120 per year"), true)[0].claim_number,
            "$10"
        );
        assert!(!check(&all("March 4, 2024"), &all("March 3, 2024"), true).is_empty());
    }

    #[test]
    fn identifiers_are_not_quantities() {
        for text in [
            "SKU-441",
            "v2.0",
            "arXiv:2204.09876",
            "COVID-19",
            "a 4G phone",
            "GPT-4",
        ] {
            let found = all(text);
            assert!(
                found.iter().all(NumberMention::is_identifier),
                "{text}: {found:?}"
            );
            assert!(check(&found, &[], true).is_empty(), "{text}");
        }
        let found = all("SKU-441 costs $49.99");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].raw, "SKU-441");
        assert!(found[0].is_identifier());
        assert_eq!(
            found[1].quantity,
            Some(Quantity::Number {
                value: 49.99,
                unit: Unit::Money
            })
        );
    }

    #[test]
    fn decimals_and_sentence_ends() {
        assert_eq!(keys("It is 3.5 m long."), ["#3.5"]);
        assert_eq!(keys("It opened in 1998."), ["#1998"]);
        assert_eq!(keys("Costs $50.00."), ["#50"]);
    }

    #[test]
    fn partial_dates_and_years() {
        // A claimed year is stated by a full date in that year.
        assert!(check(
            &all("opened in 2024"),
            &all("opened on March 3, 2024"),
            true
        )
        .is_empty());
        // A claimed month is stated by a day in it; a claimed day is not stated by a month.
        assert!(check(&all("in March 2024"), &all("on March 3, 2024"), true).is_empty());
        assert!(!check(&all("on March 3, 2024"), &all("in March 2024"), true).is_empty());
        assert_eq!(keys("in May 2024"), ["#2024-05"]);
        // "may" the verb is not a month.
        assert_eq!(keys("it may 5 times"), ["#5"]);
    }

    #[test]
    fn ranges_match_their_ends() {
        assert!(check(&all("takes 5 days"), &all("takes 5-7 days"), true).is_empty());
        assert!(check(&all("takes 5-7 days"), &all("between 5 and 7 days"), true).is_empty());
        assert!(!check(&all("takes 5-8 days"), &all("takes 5-7 days"), true).is_empty());
        assert_eq!(keys("(1820–1876)"), ["#1820-1876"]);
    }

    #[test]
    fn lone_one_is_not_a_number() {
        assert!(keys("one of the longest").is_empty());
        assert_eq!(keys("one hundred"), ["#100"]);
        assert_eq!(keys("ten percent"), ["#10"]);
    }

    #[test]
    fn without_normalisation_numbers_compare_as_text() {
        assert!(!check(&all("$499.00"), &all("$499"), false).is_empty());
        assert!(check(&all("$499"), &all("$499"), false).is_empty());
    }

    #[test]
    fn masked_citations_are_not_numbers() {
        let text = "True [S1-3].";
        let cite = (5, 11);
        assert!(find_numerals(text, &[cite]).is_empty());
    }

    #[test]
    fn units_and_ordinals_stay_quantities() {
        assert_eq!(keys("a 5km run"), ["#5"]);
        assert_eq!(keys("the 3rd time"), ["#3"]);
        assert_eq!(keys("the 1990s"), ["#1990"]);
        assert_eq!(keys("$5m raised"), ["#5000000"]);
    }
}
