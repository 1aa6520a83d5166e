//! Reading citations in text: bracketed citations (`[S3]`, `[3]`, `[1, 2]`,
//! `[S1; S4]`, `[1-3]`, `[S2–S4]`, runs `[S1][S2]`) and, when asked,
//! citations in words ("as passage 2 says"), each with its byte span and the
//! sentences or passages it names. Text analysis only: the check that judges
//! where a citation points is `checks::citations`.

use serde::{Deserialize, Serialize};

use crate::text::scan::{blanks, digits, find_word_ci, next_either};

/// What a citation names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CiteKind {
    Sentence,
    Passage,
}

/// One item of a citation: a single sentence/passage or an inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CiteRange {
    pub kind: CiteKind,
    pub first: usize,
    pub last: usize,
}

impl CiteRange {
    pub fn contains(&self, n: usize) -> bool {
        (self.first..=self.last).contains(&n)
    }

    /// How it is written back to a reader: `S3`, `S1–S3`, `passage 2`.
    pub fn label(&self) -> String {
        let one = |n: usize| match self.kind {
            CiteKind::Sentence => format!("S{n}"),
            CiteKind::Passage => format!("passage {n}"),
        };
        if self.first == self.last {
            one(self.first)
        } else {
            format!(
                "{}–{}",
                one(self.first),
                one(self.last).trim_start_matches("passage ")
            )
        }
    }
}

/// A bracketed citation found in a text, with its byte span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    pub start: usize,
    pub end: usize,
    pub raw: String,
    pub ranges: Vec<CiteRange>,
}

/// One item inside brackets: `S3`, `3`, `1-3`, `S2–S4` (sentence when the
/// first number carries an `S`). Returns (range, bytes read).
fn item_at(s: &str) -> Option<(CiteRange, usize)> {
    let sentence = s.starts_with(['S', 's']);
    let mut j = usize::from(sentence);
    let n = digits(&s[j..]);
    if !(1..=6).contains(&n) {
        return None;
    }
    let first: usize = s[j..j + n].parse().ok()?;
    j += n;
    let mut last = first;
    // An optional range: "-3", " – S3".
    let k = j + blanks(&s[j..]);
    if let Some(dash) = s[k..].chars().next().filter(|c| matches!(c, '-' | '–')) {
        let mut m = k + dash.len_utf8();
        m += blanks(&s[m..]);
        m += usize::from(s[m..].starts_with(['S', 's']));
        let n = digits(&s[m..]);
        if (1..=6).contains(&n) {
            last = s[m..m + n].parse().ok()?;
            j = m + n;
        }
    }
    let kind = if sentence {
        CiteKind::Sentence
    } else {
        CiteKind::Passage
    };
    Some((
        CiteRange {
            kind,
            first: first.min(last),
            last: first.max(last),
        },
        j,
    ))
}

/// A citation starting at the `[` or `(` at byte 0 of `s`: its ranges and
/// length. In parentheses only sentence citations count (`(S2)`; `(2)` is
/// as often a list number or a year).
fn citation_at(s: &str) -> Option<(Vec<CiteRange>, usize)> {
    let close = if s.starts_with('(') { b')' } else { b']' };
    let mut j = 1 + blanks(&s[1..]);
    let mut ranges = Vec::new();
    loop {
        let (range, len) = item_at(&s[j..])?;
        if close == b')' && range.kind != CiteKind::Sentence {
            return None;
        }
        ranges.push(range);
        j += len;
        j += blanks(&s[j..]);
        match s.as_bytes().get(j) {
            Some(b',' | b';') => {
                j += 1;
                j += blanks(&s[j..]);
            }
            Some(&b) if b == close => return Some((ranges, j + 1)),
            _ => return None,
        }
    }
}

/// Find every citation in `text`: bracketed, or a sentence citation in
/// parentheses.
pub fn find(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    // Both are ASCII, so a byte search finds exactly their characters.
    let opens = std::iter::successors(next_either(text.as_bytes(), 0, b'[', b'('), |&i| {
        next_either(text.as_bytes(), i + 1, b'[', b'(')
    });
    for i in opens {
        if out.last().is_some_and(|c: &Citation| c.end > i) {
            continue;
        }
        if let Some((ranges, len)) = citation_at(&text[i..]) {
            out.push(Citation {
                start: i,
                end: i + len,
                raw: text[i..i + len].to_string(),
                ranges,
            });
        }
    }
    out
}

/// How many digits a passage's number written in words may have ("passage
/// 123456"): as many as a `passage N:` label's (`sentences::LABEL_DIGITS`,
/// held equal by a test there; `sentences` reads this module).
pub const PASSAGE_NUMBER_DIGITS: std::ops::RangeInclusive<usize> = 1..=6;

/// Citations written in words: "passage 2", "Passages 1 and 3",
/// "passages 1, 2, and 4", "passages 1-3" (RAG answers cite this way).
pub fn find_in_words(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    for (start, word_end) in find_word_ci(text, "passage")
        .into_iter()
        .chain(find_word_ci(text, "passages"))
    {
        let mut j = word_end + blanks(&text[word_end..]);
        let mut ranges = Vec::new();
        let mut end = word_end;
        loop {
            let n = digits(&text[j..]);
            if !PASSAGE_NUMBER_DIGITS.contains(&n) || crate::text::scan::glued_after(text, j + n) {
                break;
            }
            let first: usize = text[j..j + n].parse().unwrap_or(0);
            let mut last = first;
            j += n;
            end = j;
            // A range: "1-3", "1 – 3".
            let k = j + blanks(&text[j..]);
            if let Some(dash) = text[k..].chars().next().filter(|c| matches!(c, '-' | '–')) {
                let m = k + dash.len_utf8() + blanks(&text[k + dash.len_utf8()..]);
                let d = digits(&text[m..]);
                if PASSAGE_NUMBER_DIGITS.contains(&d) {
                    last = text[m..m + d].parse().unwrap_or(first);
                    j = m + d;
                    end = j;
                }
            }
            ranges.push(CiteRange {
                kind: CiteKind::Passage,
                first: first.min(last),
                last: first.max(last),
            });
            // More items: ", 2", " and 3", ", and 4", " & 5", " or 6".
            let rest = &text[j..];
            let sep = [", and ", " and ", ", or ", " or ", " & ", ", "]
                .iter()
                .find(|s| rest.starts_with(**s));
            match sep {
                Some(s) if rest[s.len()..].starts_with(|c: char| c.is_ascii_digit()) => {
                    j += s.len()
                }
                _ => break,
            }
        }
        if !ranges.is_empty() {
            out.push(Citation {
                start,
                end,
                raw: text[start..end].to_string(),
                ranges,
            });
        }
    }
    crate::order::sort_by_key(&mut out, |c| c.start);
    out
}

/// Bracketed citations and citations in words, in order, without overlaps.
pub fn find_with_words(text: &str) -> Vec<Citation> {
    let mut all = find(text);
    all.extend(find_in_words(text));
    crate::order::sort_by_key(&mut all, |c| c.start);
    let mut out: Vec<Citation> = Vec::with_capacity(all.len());
    for c in all {
        if out.last().is_none_or(|last| last.end <= c.start) {
            out.push(c);
        }
    }
    out
}

/// Byte length of the citations (and spaces between them) at the start of
/// `text`, or 0. The sentence splitter uses it to keep `… long. [S3]` whole.
pub fn leading_citations_len(text: &str) -> usize {
    let mut pos = 0;
    loop {
        let rest = &text[pos..];
        let spaces = blanks(rest);
        match rest[spaces..]
            .starts_with('[')
            .then(|| citation_at(&rest[spaces..]))
            .flatten()
        {
            Some((_, len)) => pos += spaces + len,
            None => return pos,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(text: &str) -> Vec<(CiteKind, usize, usize)> {
        find(text)
            .iter()
            .flat_map(|c| c.ranges.iter().map(|r| (r.kind, r.first, r.last)))
            .collect()
    }

    #[test]
    fn recognises_every_written_form() {
        use CiteKind::*;
        assert_eq!(ranges("x [S3]."), [(Sentence, 3, 3)]);
        assert_eq!(ranges("x [3]."), [(Passage, 3, 3)]);
        assert_eq!(ranges("x [1, 2]."), [(Passage, 1, 1), (Passage, 2, 2)]);
        assert_eq!(ranges("x [1-3]."), [(Passage, 1, 3)]);
        assert_eq!(ranges("x [S1][S2]."), [(Sentence, 1, 1), (Sentence, 2, 2)]);
        assert_eq!(
            ranges("x [S2–S4; s6]."),
            [(Sentence, 2, 4), (Sentence, 6, 6)]
        );
        assert!(ranges("an array a[i] or [note] or [S]").is_empty());
    }

    #[test]
    fn citations_in_words() {
        use CiteKind::*;
        let r = |text: &str| -> Vec<(CiteKind, usize, usize)> {
            find_in_words(text)
                .iter()
                .flat_map(|c| c.ranges.iter().map(|r| (r.kind, r.first, r.last)))
                .collect()
        };
        assert_eq!(r("as stated in Passage 2."), [(Passage, 2, 2)]);
        assert_eq!(
            r("passages 1 and 3 agree"),
            [(Passage, 1, 1), (Passage, 3, 3)]
        );
        assert_eq!(
            r("passages 1, 2, and 4"),
            [(Passage, 1, 1), (Passage, 2, 2), (Passage, 4, 4)]
        );
        assert_eq!(r("(passages 1-3)"), [(Passage, 1, 3)]);
        // As many digits as a passage label may have.
        assert_eq!(r("passage 123456 says"), [(Passage, 123456, 123456)]);
        assert!(r("passage 1234567 says").is_empty());
        assert!(r("a passage of 2000 words").is_empty());
        assert!(r("the passage is long").is_empty());
        let text = "In passage 2 [S4] it says so.";
        assert_eq!(
            find_with_words(text)
                .iter()
                .map(|c| c.raw.as_str())
                .collect::<Vec<_>>(),
            ["passage 2", "[S4]"]
        );
    }

    #[test]
    fn labels_read_naturally() {
        let c = &find("[S1-3] [2]")[..];
        assert_eq!(c[0].ranges[0].label(), "S1–S3");
        assert_eq!(c[1].ranges[0].label(), "passage 2");
    }

    #[test]
    fn leading_citations_are_measured() {
        assert_eq!(leading_citations_len(" [S3] The deck"), 5);
        assert_eq!(leading_citations_len(" [S1][S2] Next"), 9);
        assert_eq!(leading_citations_len(" The deck [S3]"), 0);
    }
}
