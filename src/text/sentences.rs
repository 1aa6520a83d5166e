//! Sentences and passages, with byte offsets.
//!
//! A sentence ends at `.`, `!`, `?` or `…` (with any closing quotes or
//! brackets, and any citations written right after it, as in `… long. [S3]`)
//! when whitespace and a word that does not start in lower case follow; at a
//! blank line; or at a line break, unless the line break falls inside
//! hard-wrapped prose (a line ending in a lower-case letter or comma followed
//! by one starting in lower case).
//!
//! It does **not** end at a title (`Dr.`, `Prof.`, `St.`), a Latin
//! abbreviation (`e.g.`, `i.e.`, `cf.`), an initial (`J. K. Rowling`), a dotted
//! acronym (`U.S.`, `a.m.`) unless a common sentence opener follows it, a
//! decimal or price (`3.5`, `$50.00`), a dot inside a URL or file name, a list
//! number at the start of a line (`1. Use a cloth`), or anywhere inside
//! square brackets (`[S1. S2]`).
//!
//! List markers (`-`, `*`, `•`, `1.`, `2)`) and Markdown heading marks at
//! the start of a line are not part of the sentence.
//!
//! Passages: a source may be split into passages by `passage N:` labels
//! (RAGTruth's format), by `[N]` labels opening paragraphs (seed 003's
//! `chunk_document`), or else by blank lines. They are numbered 1…m in order.

use std::sync::LazyLock;

use regex::Regex;

use crate::checks::citations;

/// A byte range `start..end` into the text it was split from.
pub type Span = (usize, usize);

/// Titles and abbreviations after which a full stop never ends a sentence.
const NEVER_FINAL: &[&str] = &[
    "al", "approx", "apt", "capt", "cf", "col", "dept", "dr", "eg", "esp", "fig", "figs", "gen",
    "gov", "hon", "ie", "lt", "messrs", "mr", "mrs", "ms", "mt", "mx", "no", "nos", "op", "pp",
    "prof", "rep", "rev", "sen", "sgt", "sr", "st", "vol", "vs",
];

/// Abbreviations that may end a sentence: the stop ends one only when a
/// common sentence opener follows.
const MAYBE_FINAL: &[&str] = &["co", "corp", "etc", "inc", "jr", "ltd"];

/// Capitalised words that usually open a sentence, used after `etc.`, `Inc.`,
/// `U.S.` and the like.
const OPENERS: &[&str] = &[
    "A", "After", "All", "An", "And", "As", "At", "But", "By", "For", "He", "Her", "His", "However",
    "I", "If", "In", "It", "Its", "Many", "Most", "No", "On", "Our", "She", "Some", "That", "The",
    "Their", "There", "These", "They", "This", "Those", "To", "We", "When", "While", "You",
];

static LIST_MARKER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:[-*•‣◦]|#{1,6}|\(?\d{1,3}[.)]|\(?[a-zA-Z][)]|>)[ \t]+").unwrap());

static PASSAGE_LABEL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bpassage\s*\d{1,4}\s*:").unwrap());

static BRACKET_LABEL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?m)^[ \t]*\[\d{1,4}\][ \t]*").unwrap());

/// Split `text` into sentences. Spans are trimmed and never empty.
pub fn split(text: &str) -> Vec<Span> {
    split_range(text, 0, text.len())
}

/// Split the part `start..end` of `text` into sentences; spans index `text`.
pub fn split_range(text: &str, start: usize, end: usize) -> Vec<Span> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut sent_start = start;
    let mut depth = 0usize; // square-bracket nesting
    let mut i = start;
    while i < end {
        let b = bytes[i];
        match b {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b'\n' => {
                if let Some(next_start) = line_break_ends_sentence(text, sent_start, i, end) {
                    push_sentence(text, sent_start, i, &mut out);
                    sent_start = next_start;
                    i = next_start;
                    depth = 0;
                    continue;
                }
            }
            b'.' | b'!' | b'?' if depth == 0 => {
                if let Some((sent_end, next_start)) = terminator_ends_sentence(text, sent_start, i, end) {
                    push_sentence(text, sent_start, sent_end, &mut out);
                    sent_start = next_start;
                    i = next_start;
                    continue;
                }
            }
            0xE2 if depth == 0 && text[i..end].starts_with('…') => {
                if let Some((sent_end, next_start)) = terminator_ends_sentence(text, sent_start, i, end) {
                    push_sentence(text, sent_start, sent_end, &mut out);
                    sent_start = next_start;
                    i = next_start;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    push_sentence(text, sent_start, end, &mut out);
    out
}

fn push_sentence(text: &str, start: usize, end: usize, out: &mut Vec<Span>) {
    let mut s = start;
    let mut e = end;
    // Trim whitespace, then any list marker or heading mark at the start.
    let trimmed = text[s..e].trim_start();
    s = e - trimmed.len();
    if let Some(m) = LIST_MARKER.find(&text[s..e]) {
        s += m.end();
    }
    let trimmed = text[s..e].trim_end();
    e = s + trimmed.len();
    // Markdown emphasis around a whole line is not part of it.
    if e > s && !text[s..e].chars().any(char::is_alphanumeric) {
        return;
    }
    if e > s {
        out.push((s, e));
    }
}

/// Where does the sentence that a terminator at `i` closes end, and where
/// does the next one start? `None` when the terminator does not end it.
fn terminator_ends_sentence(text: &str, sent_start: usize, i: usize, end: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // Swallow repeated terminators ("?!", "...") and closing quotes/brackets.
    let mut j = i;
    while j < end {
        let c = text[j..end].chars().next()?;
        if matches!(c, '.' | '!' | '?' | '…' | '"' | '\'' | '”' | '’' | ')' | '»' | '*' | '_') {
            j += c.len_utf8();
        } else {
            break;
        }
    }
    // Citations written after the stop belong to this sentence.
    j += citations::leading_citations_len(&text[j..end]);
    // A sentence ends only before whitespace (or the end of the text).
    if j < end && !(bytes[j] as char).is_ascii_whitespace() {
        return None;
    }
    let next = j + (text[j..end].len() - text[j..end].trim_start().len());
    let next_char = text[next..end].chars().next();
    if next_char.is_some_and(char::is_lowercase) {
        return None;
    }
    if bytes[i] == b'.' {
        let word = word_before(text, sent_start, i);
        let bare = word.trim_start_matches(|c: char| !c.is_alphanumeric());
        let lower = bare.to_lowercase();
        let next_word: String = text[next..end].chars().take_while(|c| c.is_alphabetic()).collect();
        let opener_follows = OPENERS.contains(&next_word.as_str());
        if NEVER_FINAL.contains(&lower.as_str()) {
            return None;
        }
        let is_initial = bare.chars().count() == 1 && bare.chars().all(char::is_uppercase);
        let is_dotted = bare.contains('.') && bare.split('.').all(|p| p.chars().count() <= 2);
        if is_dotted && (lower == "e.g" || lower == "i.e") {
            return None;
        }
        if (MAYBE_FINAL.contains(&lower.as_str()) || is_dotted) && !opener_follows {
            return None;
        }
        if is_initial && !opener_follows {
            return None;
        }
        // "1. Use a cloth" at the start of a line is a list number.
        if bare.chars().all(|c| c.is_ascii_digit()) && bare.len() <= 3 {
            let line_start = text[..i].rfind('\n').map_or(0, |p| p + 1).max(sent_start);
            if text[line_start..i].trim_start() == bare {
                return None;
            }
        }
    }
    Some((j, next))
}

/// The run of non-space characters ending at byte `i` (exclusive).
fn word_before(text: &str, sent_start: usize, i: usize) -> &str {
    let head = &text[sent_start..i];
    let start = head.rfind(|c: char| c.is_whitespace() || c == '(' || c == '"' || c == '“').map_or(0, |p| p + head[p..].chars().next().map_or(1, char::len_utf8));
    &head[start..]
}

/// Does the line break at `i` end the sentence? Returns where the next
/// sentence starts. A blank line always does; a single break does unless the
/// text runs on (lower-case letter or comma before, lower-case letter after).
fn line_break_ends_sentence(text: &str, sent_start: usize, i: usize, end: usize) -> Option<usize> {
    let before = text[sent_start..i].trim_end_matches([' ', '\t', '\r']);
    if before.trim().is_empty() {
        return None; // nothing on this line yet
    }
    let after = &text[i + 1..end];
    let next = i + 1 + (after.len() - after.trim_start().len());
    let blank_line = text[i + 1..next].contains('\n');
    if blank_line || next >= end {
        return Some(next);
    }
    let last = before.chars().next_back()?;
    let first = text[next..end].chars().next()?;
    let runs_on = (last.is_lowercase() || matches!(last, ',' | '-' | ';')) && first.is_lowercase();
    let list_follows = LIST_MARKER.is_match(&text[next..end]);
    (!runs_on || list_follows).then_some(next)
}

/// A passage: its body's byte range (without its `passage N:` label).
pub fn passages(text: &str) -> Vec<Span> {
    let labels: Vec<(usize, usize)> = PASSAGE_LABEL.find_iter(text).map(|m| (m.start(), m.end())).collect();
    let labels = if labels.is_empty() {
        BRACKET_LABEL.find_iter(text).map(|m| (m.start(), m.end())).collect()
    } else {
        labels
    };
    let mut out = Vec::new();
    if !labels.is_empty() {
        if !text[..labels[0].0].trim().is_empty() {
            push_trimmed(text, 0, labels[0].0, &mut out);
        }
        for (k, &(_, body_start)) in labels.iter().enumerate() {
            let body_end = labels.get(k + 1).map_or(text.len(), |l| l.0);
            push_trimmed(text, body_start, body_end, &mut out);
        }
        return out;
    }
    // Blank-line separated paragraphs.
    let mut start = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            let mut j = i + 1;
            while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r') {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'\n' {
                push_trimmed(text, start, i, &mut out);
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                start = j;
                i = j;
                continue;
            }
        }
        i += 1;
    }
    push_trimmed(text, start, text.len(), &mut out);
    out
}

fn push_trimmed(text: &str, start: usize, end: usize, out: &mut Vec<Span>) {
    let slice = &text[start..end];
    let s = start + (slice.len() - slice.trim_start().len());
    let e = start + slice.trim_end().len();
    if e > s {
        out.push((s, e));
    }
}

/// Is this sentence a question (and so not a claim)? Citations, quotes and
/// brackets after the question mark do not hide it.
pub fn is_question(sentence: &str) -> bool {
    let mut s = sentence.trim_end();
    while let Some(last) = citations::find(s).last().filter(|c| c.end == s.len()) {
        s = s[..last.start].trim_end();
    }
    s.trim_end_matches(['"', '\'', '”', '’', ')', '*', '_']).ends_with('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sents(text: &str) -> Vec<&str> {
        split(text).into_iter().map(|(s, e)| &text[s..e]).collect()
    }

    #[test]
    fn splits_plain_sentences() {
        assert_eq!(
            sents("Tagore won the Nobel Prize in 1913. He was born in Mumbai."),
            ["Tagore won the Nobel Prize in 1913.", "He was born in Mumbai."]
        );
        assert_eq!(sents("Really? Yes! Fine…  Next."), ["Really?", "Yes!", "Fine…", "Next."]);
    }

    #[test]
    fn does_not_split_at_abbreviations_initials_numbers_urls() {
        assert_eq!(sents("Dr. Smith arrived. He left."), ["Dr. Smith arrived.", "He left."]);
        assert_eq!(sents("Use a tool, e.g. Rust. It works."), ["Use a tool, e.g. Rust.", "It works."]);
        assert_eq!(sents("It is sold in the U.S. and Canada."), ["It is sold in the U.S. and Canada."]);
        assert_eq!(sents("It is sold in the U.S. The end."), ["It is sold in the U.S.", "The end."]);
        assert_eq!(sents("J. K. Rowling wrote it. Then more."), ["J. K. Rowling wrote it.", "Then more."]);
        assert_eq!(sents("It is 3.5 m long. It costs $50.00 today."), ["It is 3.5 m long.", "It costs $50.00 today."]);
        assert_eq!(
            sents("See https://example.com/a.b?x=1. Then go."),
            ["See https://example.com/a.b?x=1.", "Then go."]
        );
        assert_eq!(sents("Apples, pears, etc. are fruit. Yes."), ["Apples, pears, etc. are fruit.", "Yes."]);
        assert_eq!(sents("Made by Acme Inc. The firm grew."), ["Made by Acme Inc.", "The firm grew."]);
    }

    #[test]
    fn does_not_split_inside_brackets_and_keeps_trailing_citations() {
        assert_eq!(sents("True [S1. S2] still. Next."), ["True [S1. S2] still.", "Next."]);
        assert_eq!(
            sents("The span is 410 metres long. [S3] The deck is wide [S4]."),
            ["The span is 410 metres long. [S3]", "The deck is wide [S4]."]
        );
    }

    #[test]
    fn lines_lists_and_headings() {
        assert_eq!(
            sents("Steps:\n1. Use a dry cloth.\n2. Wipe gently\n- Never spray"),
            ["Steps:", "Use a dry cloth.", "Wipe gently", "Never spray"]
        );
        assert_eq!(sents("## Summary\nIt works."), ["Summary", "It works."]);
        assert_eq!(sents("a hard-wrapped line\nthat runs on."), ["a hard-wrapped line\nthat runs on."]);
        assert_eq!(sents("First para\n\nSecond para"), ["First para", "Second para"]);
    }

    #[test]
    fn lower_case_after_a_stop_does_not_start_a_sentence() {
        assert_eq!(sents("It costs approx. five dollars."), ["It costs approx. five dollars."]);
    }

    #[test]
    fn spans_are_trimmed_and_point_into_the_text() {
        let text = "  First one.   Second one.  ";
        for (s, e) in split(text) {
            assert_eq!(&text[s..e], text[s..e].trim());
        }
    }

    #[test]
    fn questions_are_recognised() {
        assert!(is_question("Is it long?"));
        assert!(is_question("Is it long? [S1]"));
        assert!(is_question("Is it “long?”"));
        assert!(!is_question("It is long."));
        assert!(!is_question("It is long [S1]."));
    }

    #[test]
    fn passages_by_label_bracket_or_blank_line() {
        let t = "passage 1:Alpha one.\n\npassage 2:Beta two. passage 3:Gamma.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.", "Beta two.", "Gamma."]);
        let t = "[1] Alpha one.\n\n[2] Beta two.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.", "Beta two."]);
        let t = "Alpha one.\nStill alpha.\n\n  \nBeta.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.\nStill alpha.", "Beta."]);
        assert!(passages("   ").is_empty());
    }
}
