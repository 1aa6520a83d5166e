//! Claim ids (`C7`) where a check writes them, and an earlier check of a
//! claim renamed for the place the claim now has.
//!
//! A keystroke that splits a sentence of the answer in two, or joins two,
//! renumbers every later claim: `C52` is now `C53`, its text unchanged. Its
//! check reads its own text alone, so the earlier check holds, but under
//! the old id, written into its reasons and its events' summaries ("Best
//! match for C52 is S9…"). [`renamed`] writes the new id in its place.
//!
//! An id is written as `C` then digits, never right after a letter or
//! digit ([`mentions`]). A check also quotes the claim and its source
//! (words, names, numbers); where those hold the old id as a mention too,
//! renaming could not tell the quote from the id, and the claim must be
//! checked again instead ([`IdsIn`]).

use std::borrow::Cow;

use crate::report::ClaimReport;
pub use crate::text::ids::{mentions, IdsIn};
use crate::trace::{Event, EventKind};

/// The id of the claim at `index` (0-based): `C1`, `C2`, …, written
/// without the formatting machinery (a check names every claim, and a
/// batch checks thousands).
pub fn of_index(index: usize) -> String {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(index + 1);
    let mut id = String::with_capacity(1 + digits.len());
    id.push('C');
    id.push_str(digits);
    id
}

/// `text` with every mention of id `from` ([`mentions`]) written as `to`.
pub fn rename_in<'t>(text: &'t str, from: &str, to: &str) -> Cow<'t, str> {
    let from = from.strip_prefix('C').unwrap_or(from);
    let mut out = String::new();
    let mut copied = 0;
    for (range, number) in mentions(text) {
        if number == from {
            out.push_str(&text[copied..range.start]);
            out.push_str(to);
            copied = range.end;
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// The earlier check of a claim, `claim` with its `events`, under id `to`:
/// its id, its reasons and its events' claim, summaries and verdict reason.
/// `None` when the claim's text or its source (`source_ids`) mentions the
/// old id: a quote of it could not be told from the id.
pub fn renamed(
    claim: &ClaimReport,
    events: &[Event],
    to: &str,
    source_ids: &IdsIn,
) -> Option<(ClaimReport, Vec<Event>)> {
    let from = claim.id.as_str();
    let number = from.strip_prefix('C').unwrap_or(from);
    if source_ids.holds(from) || mentions(&claim.text).any(|(_, n)| n == number) {
        return None;
    }
    let mut claim = claim.clone();
    for reason in &mut claim.reasons {
        if let Cow::Owned(detail) = rename_in(&reason.detail, from, to) {
            reason.detail = detail;
        }
    }
    let events = events
        .iter()
        .map(|event| {
            let mut event = event.clone();
            event.claim = Some(to.to_string());
            if let Cow::Owned(summary) = rename_in(&event.summary, from, to) {
                event.summary = summary;
            }
            if let EventKind::Verdict { reason, .. } = &mut event.kind {
                if let Cow::Owned(renamed) = rename_in(reason, from, to) {
                    *reason = renamed;
                }
            }
            event
        })
        .collect();
    claim.id = to.to_string();
    Some((claim, events))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claims_id_is_c_and_its_place_from_one() {
        for k in [0, 1, 8, 9, 98, 99, 12_344, usize::MAX - 1] {
            assert_eq!(of_index(k), format!("C{}", k + 1));
        }
    }

    #[test]
    fn renaming_writes_the_new_id_over_the_whole_mention_only() {
        let text = "Best match for C5 is S5: C5 (C50, C5x, AC5).";
        assert_eq!(
            rename_in(text, "C5", "C6"),
            "Best match for C6 is S5: C6 (C50, C6x, AC5)."
        );
        assert!(matches!(
            rename_in("C50 is fine", "C5", "C6"),
            Cow::Borrowed(_)
        ));
        assert_eq!(rename_in("C9", "C9", "C10"), "C10");
    }

    #[test]
    fn a_claim_quoting_its_old_id_is_not_renamed() {
        let cfg = crate::Config::default();
        let source = "Vitamin C2 levels rose. The bridge opened in 1998.";
        for (answer, renames) in [
            ("The bridge opened in 1998. Vitamin C2 levels rose.", false),
            (
                "The bridge opened in 1998. The bridge opened in 1998.",
                true,
            ),
        ] {
            let report = crate::check_text(source, answer, &cfg);
            let claim = &report.claims[1];
            let events: Vec<Event> = (report.trace.iter())
                .filter(|e| e.claim.as_deref() == Some("C2"))
                .cloned()
                .collect();
            let quoted_in_claim = renamed(claim, &events, "C3", &IdsIn::default());
            assert_eq!(quoted_in_claim.is_some(), renames, "{answer}");
            assert!(renamed(claim, &events, "C3", &IdsIn::of(source)).is_none());
        }
    }

    #[test]
    fn a_renamed_check_is_the_check_made_under_the_new_id() {
        let cfg = crate::Config::default();
        let source = "The main span is 410 metres long. It opened in 1998.";
        let claim = "The main span is 460 metres long according to Dr. Maria Olsen [4].";
        let before = crate::check_text(source, claim, &cfg);
        let after = crate::check_text(source, &format!("It opened in 1998. {claim}"), &cfg);
        let events: Vec<Event> = (before.trace.iter())
            .filter(|e| e.claim.as_deref() == Some("C1"))
            .cloned()
            .collect();
        let (renamed, renamed_events) =
            renamed(&before.claims[0], &events, "C2", &IdsIn::of(source)).unwrap();
        assert_eq!(renamed.id, "C2");
        assert_eq!(renamed.reasons, after.claims[1].reasons);
        assert_eq!(renamed.verdict, after.claims[1].verdict);
        let of_c2 = |e: &&Event| e.claim.as_deref() == Some("C2");
        let after_events: Vec<(&str, &String)> = (after.trace.iter().filter(of_c2))
            .map(|e| (e.claim.as_deref().unwrap(), &e.summary))
            .collect();
        let renamed_summaries: Vec<(&str, &String)> = (renamed_events.iter())
            .map(|e| (e.claim.as_deref().unwrap(), &e.summary))
            .collect();
        assert_eq!(renamed_summaries, after_events);
        // The summaries name the claim: the renaming was not empty.
        assert!(after_events
            .iter()
            .any(|(_, summary)| summary.contains("C2")));
    }
}
