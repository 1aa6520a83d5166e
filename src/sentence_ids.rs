//! Sentence ids (`S7`) where a check writes them, and an earlier check of a
//! claim numbered again for a source whose sentences moved.
//!
//! A keystroke in the source that splits one of its sentences in two, or
//! joins two, numbers every later sentence again: `S58` is now `S59`, its
//! text unchanged. A claim whose check the edit cannot reach
//! ([`crate::pipeline::edit_reaches`]) keeps its findings, but under the
//! old numbers, written into its best source, its reasons and its events'
//! summaries ("Best match for C5 is S58…"). [`renumbered`] writes the new
//! numbers in their place.
//!
//! An id is written as `S` then digits, never right after a letter or
//! digit ([`mentions_of`]). A check also quotes the claim, its source and
//! its question (words, names, numbers); where those hold an id it would
//! number again, renumbering could not tell the quote from the id, and the
//! claim must be checked again instead.

use std::borrow::Cow;

use crate::report::ClaimReport;
use crate::text::ids::{mentions_of, IdsIn};
use crate::text::reach::SourceEdit;
use crate::trace::{Event, EventKind};

/// `text` with every sentence id mentioned in it numbered as `after` says
/// (the 0-based number after the edit of a 0-based number before it);
/// `None` if `after` has none for one of them.
pub fn renumber_in<'t>(
    text: &'t str,
    after: impl Fn(usize) -> Option<usize>,
) -> Option<Cow<'t, str>> {
    let mut out = String::new();
    let mut copied = 0;
    for (range, number) in mentions_of(b'S', text) {
        let before = number.parse::<usize>().ok()?.checked_sub(1)?;
        let now = after(before)?;
        if now != before {
            out.push_str(&text[copied..range.start]);
            out.push_str(&format!("S{}", now + 1));
            copied = range.end;
        }
    }
    if copied == 0 {
        return Some(Cow::Borrowed(text));
    }
    out.push_str(&text[copied..]);
    Some(Cow::Owned(out))
}

/// The earlier check of a claim, `claim` with its `events`, after `edit`
/// numbered the source's sentences again: its best source, its reasons and
/// its events' summaries, best match and verdict reason. `None` when one
/// of them names a sentence the edit read again, or when the claim's text,
/// the question or the source (`source_ids`) mentions a sentence id that
/// moved: a quote of it could not be told from the id.
pub fn renumbered(
    claim: &ClaimReport,
    events: &[Event],
    edit: &SourceEdit,
    (question, source_ids): (&str, &IdsIn),
) -> Option<(ClaimReport, Vec<Event>)> {
    let after = |s: usize| edit.sentence_after(s);
    let moves = |text: &str| {
        mentions_of(b'S', text).any(|(_, n)| {
            let s = n.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
            s.is_none_or(|s| after(s) != Some(s))
        })
    };
    if moves(&claim.text) || moves(question) {
        return None;
    }
    let in_source =
        |text: &str| (mentions_of(b'S', text)).any(|(range, _)| source_ids.holds(&text[range]));
    let renumber = |text: &mut String| -> Option<()> {
        if in_source(text) {
            return None;
        }
        if let Cow::Owned(now) = renumber_in(text, after)? {
            *text = now;
        }
        Some(())
    };
    let mut claim = claim.clone();
    if let Some(best) = &mut claim.best_source {
        renumber(best)?;
    }
    for reason in &mut claim.reasons {
        renumber(&mut reason.detail)?;
    }
    let mut renumbered = Vec::with_capacity(events.len());
    for event in events {
        let mut event = event.clone();
        renumber(&mut event.summary)?;
        match &mut event.kind {
            EventKind::BestMatch {
                best_source: Some(best),
                ..
            } => renumber(best)?,
            EventKind::Verdict { reason, .. } => renumber(reason)?,
            _ => {}
        }
        renumbered.push(event);
    }
    Some((claim, renumbered))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Document;
    use crate::{check, CheckInput, Config};

    #[test]
    fn renumbering_writes_each_moved_id_over_the_whole_mention() {
        // S2 was read again; S3 and later moved one on.
        let after = |s: usize| match s {
            0 => Some(0),
            1 => None,
            s => Some(s + 1),
        };
        assert_eq!(
            renumber_in("S1 beats S3 (S30, XS3, S3x).", after).unwrap(),
            "S1 beats S4 (S31, XS3, S4x)."
        );
        assert!(matches!(
            renumber_in("S1 only", after),
            Some(Cow::Borrowed(_))
        ));
        assert_eq!(renumber_in("S2 was read again", after), None);
        assert_eq!(renumber_in("S0 is no sentence", after), None);
    }

    /// A source edited in place so that its first sentence splits in two,
    /// and a claim about its last sentence checked before the edit.
    fn split_before(source: &str, edited: &str, answer: &str) -> (Report, Report, Document) {
        let cfg = Config::default();
        let mut doc = Document::analyse(source, (&cfg).into());
        let before = check(&doc, &CheckInput::answer(answer), &cfg);
        doc.edit(edited.to_string());
        let fresh = check(
            &Document::analyse(edited, (&cfg).into()),
            &CheckInput::answer(answer),
            &cfg,
        );
        (before, fresh, doc)
    }

    use crate::Report;

    #[test]
    fn a_renumbered_check_is_the_check_of_the_edited_source() {
        let source =
            "The hall seats four hundred people and has a stage. The bridge opened in 1998.";
        let edited =
            "The hall seats four hundred people. It has a stage. The bridge opened in 1998.";
        let answer = "The bridge opened in 1999.";
        let (before, fresh, doc) = split_before(source, edited, answer);
        let edit = doc.last_edit().expect("edited in place");
        assert!(edit.layout_kept && edit.renumbers());
        let (renumbered, events) = renumbered(
            &before.claims[0],
            &before.trace,
            edit,
            ("", doc.sentence_ids()),
        )
        .expect("nothing quotes a moved id");
        assert_eq!(before.claims[0].best_source.as_deref(), Some("S2"));
        assert_eq!(renumbered.best_source.as_deref(), Some("S3"));
        assert_eq!(renumbered.reasons, fresh.claims[0].reasons);
        assert!(renumbered.reasons.iter().any(|r| r.detail.contains("S3")));
        let of_claim = |e: &&Event| e.claim.as_deref() == Some("C1");
        let summaries = |events: &[Event]| -> Vec<String> {
            events
                .iter()
                .filter(of_claim)
                .map(|e| e.summary.clone())
                .collect()
        };
        assert_eq!(summaries(&events), summaries(&fresh.trace));
    }

    #[test]
    fn a_moved_id_quoted_by_the_claim_question_or_source_is_not_renumbered() {
        let edited = "The hall is large. It has a stage. The S2 bridge opened in 1998.";
        let source = "The hall is large and it has a stage. The S2 bridge opened in 1998.";
        let (before, _, doc) = split_before(source, edited, "The S2 bridge opened in 1999.");
        let edit = doc.last_edit().unwrap();
        let claim = &before.claims[0];
        assert!(renumbered(claim, &before.trace, edit, ("", &IdsIn::default())).is_none());
        let plain = "The hall is large and it has a stage. The bridge opened in 1998.";
        let (before, _, doc) = split_before(
            plain,
            &plain.replace(" and it", ". It"),
            "The bridge opened in 1999.",
        );
        let edit = doc.last_edit().unwrap();
        let claim = &before.claims[0];
        assert!(renumbered(claim, &before.trace, edit, ("", &IdsIn::default())).is_some());
        assert!(renumbered(
            claim,
            &before.trace,
            edit,
            ("Is S2 right?", &IdsIn::default())
        )
        .is_none());
        let source_ids = IdsIn::of_letter(b'S', "S2 is a model.");
        assert!(renumbered(claim, &before.trace, edit, ("", &source_ids)).is_none());
    }
}
