//! Sentences and passages, with byte offsets.
//!
//! A sentence ends at `.`, `!`, `?` or `…` (with any closing quotes or
//! brackets, and any citations written right after it, as in `… long. [S3]`)
//! when whitespace (any: a no-break, em or ideographic space too) and a
//! word that does not start in lower case follow (after a no-break, thin
//! or hair space, only a capital: `c.\u{2009}1471` is one sentence); at
//! the full stops of Chinese and Japanese, `。`, `！` and `？`, and the
//! danda of Hindi and other scripts of India, `।` and `॥` (with any closing
//! quotes or brackets after them), whatever follows, since they end a
//! sentence wherever they stand (Chinese and Japanese put no space between
//! sentences); at a blank line; or at a line
//! break, unless the line break falls inside hard-wrapped prose (a line
//! ending in a lower-case letter or comma followed by one starting in lower
//! case).
//!
//! It does **not** end at a title (`Dr.`, `Prof.`, `St.`), a Latin
//! abbreviation (`e.g.`, `i.e.`, `cf.`), an initial (`J. K. Rowling`), a dotted
//! acronym (`U.S.`, `a.m.`) unless a common sentence opener follows it, a
//! decimal or price (`3.5`, `$50.00`), a dot inside a URL or file name, a list
//! number at the start of a line (`1. Use a cloth`), or anywhere inside
//! square brackets (`[S1. S2]`) that close on the same line within 200
//! bytes (a stray `[` holds nothing together).
//!
//! List markers (`-`, `*`, `•`, `1.`, `2)`) and Markdown heading marks at
//! the start of a line are not part of the sentence.
//!
//! Passages: a source may be split into passages by `passage N:` labels
//! (RAGTruth's format), by `[N]` labels opening paragraphs (seed 003's
//! `chunk_document`), or else by blank lines. They are numbered 1…m in order.

use crate::text::case::Lowercase;
use crate::text::citations;
use crate::text::scan::{self, blanks, digits, glued_after, starts_with_ci};

/// A byte range `start..end` into the text it was split from.
pub type Span = (usize, usize);

/// Titles and abbreviations after which a full stop never ends a sentence.
const NEVER_FINAL: &[&str] = &[
    "al", "approx", "apt", "bzw", "ca", "capt", "cf", "col", "dept", "dr", "eg", "esp", "fig",
    "figs", "gen", "gov", "hon", "ie", "lt", "messrs", "mr", "mrs", "ms", "mt", "mx", "nr", "op",
    "pp", "prof", "rep", "rev", "sen", "sgt", "sr", "st", "vgl", "vol", "vs",
];

/// Abbreviations that are also words ("She said no."): the stop after one
/// ends nothing only before a number ("No. 5", "nos. 3-4").
const BEFORE_NUMBERS: &[&str] = &["no", "nos"];

/// The months abbreviated, which are also words ("a dec.") or may end a
/// sentence ("born in Jan."): as [`BEFORE_NUMBERS`], the stop after one
/// ends nothing only before a number ("3 Jan. 2022", "Sept. 5": a
/// stranger's "signed on 3 Jan. 2021" was two claims, and its wrong year
/// was checked alone against another sentence's). They may also follow an
/// abbreviated weekday ([`WEEKDAYS`]).
const MONTH_ABBREVIATIONS: &[&str] = &[
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
];

/// Weekdays abbreviated: written with a capital ("Tue.", "Sat."), the stop
/// after one ends nothing before a number or a month ("Tue. 3 Oct. 2023",
/// "Sat. Jan. 4", "Sun. March 5"; a stranger's "Tue. 3 Oct." was two
/// claims). Several are also words ("sat", "sun", "wed"), so a lower-case
/// one ends its sentence as a word would.
const WEEKDAYS: &[&str] = &[
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
];

/// The months written in full ("May" among them), which may follow an
/// abbreviated weekday as [`MONTH_ABBREVIATIONS`] may.
const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// German months: a day before one is an ordinal written with a stop ("am
/// 14. März 2024"), which ends no sentence (a stranger's German source was
/// split at each such date). Spellings English shares ("April") too: a
/// sentence ending in a day's number before one opening with a month is rare.
const GERMAN_MONTHS: &[&str] = &[
    "Januar",
    "Jänner",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];

/// Abbreviations that may end a sentence: the stop ends one only when a
/// common sentence opener follows.
const MAYBE_FINAL: &[&str] = &["co", "corp", "etc", "inc", "jr", "ltd"];

/// The longest word of the lists above (and of the dotted ones, `e.g`).
const LONGEST_LISTED: usize = 6;

/// Capitalised words that usually open a sentence, used after `etc.`, `Inc.`,
/// `U.S.` and the like.
const OPENERS: &[&str] = &[
    "A", "After", "All", "An", "And", "As", "At", "But", "By", "For", "He", "Her", "His",
    "However", "I", "If", "In", "It", "Its", "Many", "Most", "No", "On", "Our", "She", "Some",
    "That", "The", "Their", "There", "These", "They", "This", "Those", "To", "We", "When", "While",
    "You",
];

/// The length of a list marker or heading mark opening `line` (`- `, `* `,
/// `• `, `## `, `1. `, `(2) `, `a) `, `> `), with the blanks after it; 0 if none.
/// Words that continue a name after a dotted abbreviation ("U.S. Army",
/// "U.K. Parliament") rather than open a sentence.
const NAME_NOUNS: &[&str] = &[
    "Air",
    "Ambassador",
    "Army",
    "Attorney",
    "Census",
    "Coast",
    "Congress",
    "Court",
    "Department",
    "Dollar",
    "Embassy",
    "Federal",
    "Forest",
    "Government",
    "House",
    "Marines",
    "Navy",
    "National",
    "Open",
    "Parliament",
    "Postal",
    "President",
    "Secretary",
    "Senate",
    "State",
    "Supreme",
    "Treasury",
];

fn list_marker_len(line: &str) -> usize {
    let b = line.as_bytes();
    let mark = match line.chars().next() {
        Some(c @ ('-' | '*' | '•' | '‣' | '◦' | '>')) => c.len_utf8(),
        Some('#') => b.iter().take_while(|&&c| c == b'#').count().min(7),
        Some(c) if c.is_ascii_digit() || c == '(' || c.is_ascii_alphabetic() => {
            let open = usize::from(c == '(');
            let n = digits(&line[open..]);
            match (n, b.get(open + n.max(1))) {
                (1..=3, Some(b'.' | b')')) => open + n + 1,
                (0, Some(b')')) if b.get(open).is_some_and(u8::is_ascii_alphabetic) => open + 2,
                _ => return 0,
            }
        }
        _ => return 0,
    };
    if mark == 7 {
        return 0; // more than six '#' is not a heading
    }
    let gap = blanks(&line[mark..]);
    if gap == 0 {
        0
    } else {
        mark + gap
    }
}

/// How many digits a `passage N:` label's number may have (`passage 1:`
/// to `passage 999999:`). Four were allowed before: from `passage 10000:`
/// on, every label was read as text, and the rest of a source of more than
/// 9,999 passages was one passage.
pub const LABEL_DIGITS: std::ops::RangeInclusive<usize> = 1..=6;

/// How many digits a `[N]` label's number may have (`[1]` to `[9999]`). A
/// bracketed number opening a line is more often not a label at all (a
/// log's `[482977]`, a year's `[2020]`, "[250000] people attended") and one
/// such line makes a whole text a labelled one: longer numbers are not
/// taken for labels.
pub const BRACKET_LABEL_DIGITS: std::ops::RangeInclusive<usize> = 1..=4;

/// `passage N:` labels (RAGTruth's format) opening a line, any case:
/// (start, end) of each. In running text ("the steps in passage 3: …")
/// the words are prose, not a label.
fn passage_labels(text: &str) -> Vec<(usize, usize)> {
    // A label opens a line: only line starts are looked at (after spaces
    // and tabs), not every `p` of the text.
    let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
    line_starts
        .filter_map(|line| passage_label_at(text, line))
        .collect()
}

/// The `passage N:` label opening the line that starts at byte `line`
/// (after its spaces and tabs), if there is one: (start, end).
fn passage_label_at(text: &str, line: usize) -> Option<(usize, usize)> {
    const WORD: &str = "passage";
    let s = line + blanks(&text[line..]);
    let e = s + WORD.len();
    if !starts_with_ci(text, s, WORD) || glued_after(text, e) {
        return None;
    }
    Some((s, passage_label_end(text, e)?))
}

/// Where a `passage N:` label whose word "passage" ends at `e` ends (just
/// after its colon): its number ([`LABEL_DIGITS`]), then the colon,
/// blanks allowed around the number; `None` if they do not follow.
fn passage_label_end(text: &str, e: usize) -> Option<usize> {
    let mut j = e + spaces(&text[e..]);
    let n = digits(&text[j..]);
    if !LABEL_DIGITS.contains(&n) {
        return None;
    }
    j += n;
    j += spaces(&text[j..]);
    text[j..].starts_with(':').then_some(j + 1)
}

/// Where each line of `text` that a passage label of either kind opens
/// (`[N]`, `passage N:`) starts, after its blanks, in order: where a
/// passage would start if `text` were a source.
pub fn label_lines(text: &str) -> Vec<usize> {
    let mut starts: Vec<usize> = passage_labels(text)
        .into_iter()
        .map(|(s, _)| s)
        .chain(
            bracket_labels(text)
                .into_iter()
                .map(|(line, _)| line + blanks(&text[line..])),
        )
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// `[N]` labels opening a line (seed 003's `chunk_document`), with the blanks around them.
fn bracket_labels(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let lead = blanks(line);
        let rest = &line[lead..];
        let n = rest.strip_prefix('[').map_or(0, digits);
        if BRACKET_LABEL_DIGITS.contains(&n) && rest.as_bytes().get(1 + n) == Some(&b']') {
            let end = lead + n + 2;
            out.push((line_start, line_start + end + blanks(&line[end..])));
        }
        line_start += line.len();
    }
    out
}

fn spaces(s: &str) -> usize {
    s.len() - s.trim_start().len()
}

/// Split `text` into sentences. Spans are trimmed and never empty.
pub fn split(text: &str) -> Vec<Span> {
    split_range(text, 0, text.len())
}

/// Split the part `start..end` of `text` into sentences; spans index `text`.
pub fn split_range(text: &str, start: usize, end: usize) -> Vec<Span> {
    let mut out = Vec::new();
    split_until(text, start, end, &mut out, |_| false);
    out
}

/// How far (bytes) after a `[` its `]` must come, on the same line, for
/// the bracket to hold its stops inside one sentence ("[Smith et al.
/// 2020]"). A `[` left open (a stray one) holds nothing: before this, it
/// held the rest of its line, a whole pasted page with no line break, in
/// one sentence.
pub const BRACKET_REACH: usize = 200;

/// Does the `[` at `i` close (brackets inside it counted) within
/// [`BRACKET_REACH`] bytes, before a line break and `end`?
fn closes_nearby(bytes: &[u8], i: usize, end: usize) -> bool {
    let mut depth = 0usize;
    for &b in &bytes[i + 1..end.min(i + 1 + BRACKET_REACH)] {
        match b {
            b'[' => depth += 1,
            b']' if depth == 0 => return true,
            b']' => depth -= 1,
            b'\n' => return false,
            _ => {}
        }
    }
    false
}

/// Is `at` a place where [`split_range`] starts a sentence afresh (no
/// bracket open, the sentence starting there), seen from its spans?
/// It is when `at` is a sentence's start and only whitespace lies between
/// it and `from`, the end of the sentence before it (or the start of the
/// split): no list marker, nothing dropped. From such a place the split of
/// a text goes on the same whatever came before it, so an edit before it
/// leaves the sentences after it as they were.
pub fn starts_afresh(text: &str, from: usize, at: usize) -> bool {
    from <= at && text[from..at].trim_start().is_empty()
}

/// How far [`likely_sentence_start`] looks.
pub const LIKELY_START_REACH: usize = 64 * 1024;

/// The first place in `from..end` (looking at most [`LIKELY_START_REACH`]
/// bytes on) where a sentence all but surely starts afresh, whatever came
/// before: a capital letter after `.`, `!` or `?` and whitespace, or a
/// letter or digit just after a script's stop (`。`, `！`, `？`, `।`, `॥`). A split
/// of the text that comes to it almost always ends a sentence just before
/// it (an abbreviation, "Dr. Lee", or a list marker, "A. Lee", are the
/// exceptions) and goes on from there as a split started there does: a
/// long passage can be read on two threads from such a place, joined where
/// the first thread's sentences reach it (`text::shares`).
pub fn likely_sentence_start(text: &str, from: usize, end: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let stop = end.min(from.saturating_add(LIKELY_START_REACH));
    let mut i = from;
    while i < stop {
        let at = match bytes[i] {
            b'.' | b'!' | b'?' => {
                let blanks = bytes[i + 1..end]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
                let next = i + 1 + blanks;
                let capital = text[next..end]
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase);
                (blanks > 0 && capital).then_some(next)
            }
            0xE0 | 0xE3 | 0xEF if text.is_char_boundary(i) => {
                let rest = &text[i..end];
                SCRIPT_STOPS
                    .iter()
                    .find(|stop| rest.starts_with(**stop))
                    .map(|stop| i + stop.len_utf8())
                    .map(|next| next + text[next..end].len() - text[next..end].trim_start().len())
                    .filter(|&next| {
                        text[next..end]
                            .chars()
                            .next()
                            .is_some_and(char::is_alphanumeric)
                    })
            }
            _ => None,
        };
        if at.is_some() {
            return at;
        }
        i += 1;
    }
    None
}

/// The bytes [`split_until`] stops at: brackets, line breaks, terminators
/// and the first byte of `…` (0xE2), of `。` (0xE3), of `！` and `？`
/// (0xEF) and of `।` and `॥` (0xE0).
const MAY_SPLIT: [bool; 256] = {
    let mut table = [false; 256];
    let mut k = 0;
    let stops = b"[]\n.!?\xE0\xE2\xE3\xEF";
    while k < stops.len() {
        table[stops[k] as usize] = true;
        k += 1;
    }
    table
};

/// [`split_range`], pushing onto `out` and stopping as soon as `stop(out)`
/// says so after a sentence is pushed. Returns whether it stopped.
pub fn split_until(
    text: &str,
    start: usize,
    end: usize,
    out: &mut Vec<Span>,
    mut stop: impl FnMut(&[Span]) -> bool,
) -> bool {
    let bytes = text.as_bytes();
    let mut sent_start = start;
    let mut depth = 0usize; // square-bracket nesting
    let mut i = start;
    while i < end {
        // Most bytes open, close and end nothing: step over them, as far
        // as the longest sentence reaches.
        let reach = end.min(sent_start + LONGEST_SENTENCE_BYTES).max(i);
        match bytes[i..reach].iter().position(|&b| MAY_SPLIT[b as usize]) {
            Some(n) => i += n,
            None if reach < end => {
                let (sent_end, next_start) = cut_long_sentence(text, sent_start, reach, end);
                if push_sentence(text, sent_start, sent_end, out) && stop(out) {
                    return true;
                }
                sent_start = next_start;
                i = next_start;
                depth = 0;
                continue;
            }
            None => break,
        }
        let b = bytes[i];
        match b {
            b'[' if closes_nearby(bytes, i, end) => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b'\n' => {
                if let Some(next_start) = line_break_ends_sentence(text, sent_start, i, end) {
                    if push_sentence(text, sent_start, i, out) && stop(out) {
                        return true;
                    }
                    sent_start = next_start;
                    i = next_start;
                    depth = 0;
                    continue;
                }
            }
            b'.' | b'!' | b'?' if depth == 0 => {
                if let Some((sent_end, next_start)) =
                    terminator_ends_sentence(text, sent_start, i, end)
                {
                    if push_sentence(text, sent_start, sent_end, out) && stop(out) {
                        return true;
                    }
                    sent_start = next_start;
                    i = next_start;
                    continue;
                }
            }
            0xE0 | 0xE3 | 0xEF if depth == 0 && text[i..end].starts_with(SCRIPT_STOPS) => {
                let (sent_end, next_start) = script_stop(text, i, end);
                if push_sentence(text, sent_start, sent_end, out) && stop(out) {
                    return true;
                }
                sent_start = next_start;
                i = next_start;
                continue;
            }
            0xE2 if depth == 0 && text[i..end].starts_with('…') => {
                if let Some((sent_end, next_start)) =
                    terminator_ends_sentence(text, sent_start, i, end)
                {
                    if push_sentence(text, sent_start, sent_end, out) && stop(out) {
                        return true;
                    }
                    sent_start = next_start;
                    i = next_start;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    push_sentence(text, sent_start, end, out) && stop(out)
}

/// The longest a sentence runs, in bytes: a text with no sentence end in
/// it (a word list, a log, every stop followed by lower case) is cut at
/// the last blank before this many bytes (or, with none, at a character
/// boundary), and the next piece starts after the blanks. Each piece is
/// measured from its own start, so a split started again at one goes on
/// as before. A claim checked against a "sentence" of a whole source read
/// all of it: 100 claims against 0.88 MB with no break took 2.4 s, and one
/// claim against 7 MB peaked at 283 MB.
pub const LONGEST_SENTENCE_BYTES: usize = 2048;

/// Where a sentence from `start` that runs on to `reach` (its
/// [`LONGEST_SENTENCE_BYTES`]th byte, before `end`) is cut, and where the
/// next starts.
fn cut_long_sentence(text: &str, start: usize, reach: usize, end: usize) -> (usize, usize) {
    let reach = crate::text::scan::char_start(text, reach);
    let run = &text[start..reach];
    match run.rfind(char::is_whitespace) {
        Some(blank) if !run[..blank].trim().is_empty() => {
            let after = start + blank;
            let rest = &text[after..end];
            (after, end - rest.trim_start().len())
        }
        _ => (reach, reach),
    }
}

/// The shortest sentence [`cut_for_length`] calls cut (one cut before a
/// word longer than the rest is not: it is mostly that word).
pub const CUT_FOR_LENGTH_FROM: usize = LONGEST_SENTENCE_BYTES / 2;

/// Was the sentence at `start..end` of `text` (as [`split`] found it) cut
/// for its length ([`cut_long_sentence`]) rather than ended? Then the
/// sentence after it goes on with its text: a fact may straddle the cut
/// (a stranger's "… the coupling on the | vargrumi line runs at 114 rpm",
/// whose number was "not in" the sentence before the cut).
pub fn cut_for_length(text: &str, start: usize, end: usize) -> bool {
    let reach = start + LONGEST_SENTENCE_BYTES;
    reach < text.len()
        && end - start >= CUT_FOR_LENGTH_FROM
        && !text[start..end].ends_with(['.', '!', '?', '…'])
        && {
            let (cut, _) = cut_long_sentence(text, start, reach, text.len());
            start + text[start..cut].trim_end().len() == end
        }
}

/// The full stops of Chinese and Japanese and the single and double danda
/// of Hindi (and Bengali, Marathi, Nepali, Sanskrit…): each ends its
/// sentence whatever follows.
const SCRIPT_STOPS: [char; 5] = ['。', '！', '？', '।', '॥'];

/// The end of the sentence a script's stop at `i` closes (after any more
/// stops and closing quotes or brackets), and where the next one starts
/// (after any whitespace).
fn script_stop(text: &str, i: usize, end: usize) -> (usize, usize) {
    let closing = |c: char| SCRIPT_STOPS.contains(&c) || "」』）】〉》\"”’)".contains(c);
    let rest = &text[i..end];
    let sent_end = end - rest.trim_start_matches(closing).len();
    let next = end - text[sent_end..end].trim_start().len();
    (sent_end, next)
}

/// Push the sentence `start..end` trimmed, unless nothing of it is left:
/// says whether it pushed one.
fn push_sentence(text: &str, start: usize, end: usize, out: &mut Vec<Span>) -> bool {
    let mut s = start;
    let mut e = end;
    // Trim whitespace, then any list marker or heading mark at the start.
    let trimmed = text[s..e].trim_start();
    s = e - trimmed.len();
    s += list_marker_len(&text[s..e]);
    let trimmed = text[s..e].trim_end();
    e = s + trimmed.len();
    // Markdown emphasis around a whole line is not part of it.
    if e > s && !text[s..e].chars().any(char::is_alphanumeric) {
        return false;
    }
    if e > s {
        out.push((s, e));
    }
    e > s
}

/// Where does the sentence that a terminator at `i` closes end, and where
/// does the next one start? `None` when the terminator does not end it.
fn terminator_ends_sentence(
    text: &str,
    sent_start: usize,
    i: usize,
    end: usize,
) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // Swallow repeated terminators ("?!", "...") and closing quotes/brackets.
    let mut j = i;
    while j < end {
        let c = text[j..end].chars().next()?;
        if matches!(
            c,
            '.' | '!' | '?' | '…' | '"' | '\'' | '”' | '’' | ')' | '»' | '*' | '_'
        ) {
            j += c.len_utf8();
        } else {
            break;
        }
    }
    // Citations written after the stop belong to this sentence.
    j += citations::leading_citations_len(&text[j..end]);
    // A sentence ends only before whitespace (or the end of the text):
    // any, a no-break or an em space too (text pasted from a web page;
    // found by a stranger: "…200 degrees.\u{a0}Season the chicken…" was
    // one claim).
    if j < end && !text[j..end].starts_with(char::is_whitespace) {
        return None;
    }
    let next = j + (text[j..end].len() - text[j..end].trim_start().len());
    let next_char = text[next..end].chars().next();
    if next_char.is_some_and(char::is_lowercase) && !camel_case_at(&text[next..end]) {
        return None;
    }
    // A no-break, thin or hair space keeps what it joins together
    // ("c.\u{2009}1471", "Fig.\u{a0}3") unless a capital follows it.
    let joining = |c: char| {
        matches!(
            c,
            '\u{a0}' | '\u{2007}' | '\u{2009}' | '\u{200a}' | '\u{202f}'
        )
    };
    if text[j..next].chars().all(joining) && j < next && !next_char.is_some_and(char::is_uppercase)
    {
        return None;
    }
    if bytes[i] == b'.' {
        let word = word_before(text, sent_start, i);
        let bare = word.trim_start_matches(|c: char| !c.is_alphanumeric());
        // The lists are ASCII and lower-casing keeps each character's length,
        // so only an ASCII word can be in them: compared without a copy.
        // (No listed word is longer than LONGEST_LISTED: most words ending
        // a sentence are, and are turned away without a look at the lists.)
        let listed = |list: &[&str]| {
            bare.len() <= LONGEST_LISTED && list.iter().any(|w| w.eq_ignore_ascii_case(bare))
        };
        let after = &text[next..end];
        let next_word = &after[..after
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(after.len())];
        // "Lee, K. A. and Park": the capital after an initial is another
        // initial, not the article opening a sentence. (Asked only where
        // it decides: most stops end their sentence before it is.)
        let opener_follows = || {
            let initial_follows =
                after[next_word.len()..].starts_with('.') && single_capital(next_word);
            OPENERS.contains(&next_word) && !initial_follows
        };
        // "J." is an initial; "°C." and "5000 N." (a unit after a number
        // that is not a year: "in 1998 J. Smith") are not.
        let after_amount = text[..i - word.len()]
            .strip_suffix(' ')
            .is_some_and(|before| {
                let digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
                let number = &before[before.len() - digits..];
                let year = digits == 4 && ("1000".."2100").contains(&number);
                digits > 0 && !year
            });
        let capital_follows = next_char.is_some_and(char::is_uppercase);
        // "took 107 ms. Request…": a title written in lower case after an
        // amount is a unit, and ends its sentence before a capital.
        let unit_ends =
            after_amount && capital_follows && bare.bytes().all(|b| b.is_ascii_lowercase());
        let number_follows = next_char.is_some_and(|c| c.is_ascii_digit());
        let month_follows = || {
            [MONTH_ABBREVIATIONS, MONTHS]
                .iter()
                .any(|list| list.iter().any(|m| m.eq_ignore_ascii_case(next_word)))
        };
        if (listed(NEVER_FINAL) && !unit_ends)
            || ((listed(BEFORE_NUMBERS) || listed(MONTH_ABBREVIATIONS)) && number_follows)
            || (listed(WEEKDAYS)
                && bare.starts_with(|c: char| c.is_ascii_uppercase())
                && (number_follows || month_follows()))
        {
            return None;
        }
        let day = bare.len() <= 2 && bare.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d));
        if day && GERMAN_MONTHS.contains(&next_word) {
            return None;
        }
        let is_initial = single_capital(bare) && !word.starts_with(['°', 'º']) && !after_amount;
        // "U.S.", "e.g." are dotted abbreviations; "$39.99." and "2.0." are numbers that end a sentence.
        let is_dotted = bare.contains('.')
            && bare
                .split('.')
                .all(|p| p.chars().count() <= 2 && p.chars().all(char::is_alphabetic));
        if is_dotted && listed(&["e.g", "i.e"]) {
            return None;
        }
        // "at 6 p.m. Tickets are…": a time ends its sentence before a capital.
        if is_dotted && listed(&["a.m", "p.m"]) && capital_follows {
            return Some((j, next));
        }
        // "in the U.S. Crews arrived…": a capitalised word then a lower-case
        // one opens a sentence, unless it continues a name ("U.S. Army said").
        if is_dotted && bare.chars().all(|c| c == '.' || c.is_uppercase()) && capital_follows {
            let word_after = after[next_word.len()..].trim_start();
            let continues_name = NAME_NOUNS.contains(&next_word);
            if word_after.starts_with(char::is_lowercase) && !continues_name {
                return Some((j, next));
            }
        }
        if (listed(MAYBE_FINAL) || is_dotted) && !opener_follows() {
            return None;
        }
        if is_initial && !opener_follows() {
            return None;
        }
        // "1. Use a cloth" at the start of a line is a list number.
        // Only blanks between the line's start (or the sentence's) and the
        // number: looked for backwards from the number, so a line of many
        // stops is not searched again for each one.
        if bare.chars().all(|c| c.is_ascii_digit()) && bare.len() <= 3 {
            let opens_line = text[sent_start..i - bare.len()]
                .chars()
                .rev()
                .take_while(|&c| c != '\n')
                .all(char::is_whitespace);
            if opens_line {
                return None;
            }
        }
    }
    Some((j, next))
}

/// Does `text` open with a word written in lower case then upper case
/// ("eBay", "iPhone", "macOS")? Such a name opens a sentence in lower case
/// (a stranger's invented "eBay owns the bridge today." rode on the true
/// sentence before it).
fn camel_case_at(text: &str) -> bool {
    let word = text
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    word.chars().skip(1).any(char::is_uppercase)
}

/// One capital letter and nothing else: an initial's letter ("J" of "J.").
fn single_capital(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(char::is_uppercase) && chars.next().is_none()
}

/// The run of non-space characters ending at byte `i` (exclusive).
fn word_before(text: &str, sent_start: usize, i: usize) -> &str {
    let head = &text[sent_start..i];
    let start = head
        .rfind(|c: char| c.is_whitespace() || c == '(' || c == '"' || c == '“')
        .map_or(0, |p| {
            p + head[p..].chars().next().map_or(1, char::len_utf8)
        });
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
    let list_follows = list_marker_len(&text[next..end]) > 0;
    (!runs_on || list_follows).then_some(next)
}

/// How a text marks its passages: decided once for the whole text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassageMarks {
    /// `passage N:` labels opening lines (when there are as many as `[N]`
    /// labels, or more).
    Labels,
    /// `[N]` labels opening lines (when they outnumber `passage N:` labels).
    Brackets,
    /// Blank lines.
    BlankLines,
}

/// A passage: its body's byte range (without its `passage N:` label).
pub fn passages(text: &str) -> Vec<Span> {
    passages_marked(text).1
}

/// Where each passage label of `text` starts, as [`passages_marked`] reads
/// them (`passage N:` labels, else `[N]` ones opening lines); empty for a
/// text of blank-line paragraphs.
pub fn label_starts(text: &str) -> Vec<usize> {
    let (_, labels) = labels_of(text);
    labels.into_iter().map(|(start, _)| start).collect()
}

/// How `text` marks its passages, and its labels (none for blank lines):
/// `passage N:` lines or `[N]` lines, whichever it has more of (a file of
/// `[N]` passages with a line opening "Passage 2:" is still read by its
/// `[N]`; `passage N:` on a tie, as RAGTruth writes).
fn labels_of(text: &str) -> (PassageMarks, Vec<(usize, usize)>) {
    let named = passage_labels(text);
    let bracketed = bracket_labels(text);
    if !named.is_empty() && named.len() >= bracketed.len() {
        (PassageMarks::Labels, named)
    } else if !bracketed.is_empty() {
        (PassageMarks::Brackets, bracketed)
    } else {
        (PassageMarks::BlankLines, Vec::new())
    }
}

/// The number of the passage label (`[12]`, `passage 3:`) that ends just
/// before byte `body` of `text`, blanks aside; `None` if none does.
pub fn label_number_before(text: &str, body: usize) -> Option<usize> {
    let head = text[..body].trim_end();
    let (head, digits) = match head.strip_suffix(']') {
        Some(head) => (head, BRACKET_LABEL_DIGITS),
        None => (head.strip_suffix(':')?.trim_end(), LABEL_DIGITS),
    };
    let n = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if !digits.contains(&n) {
        return None;
    }
    head[head.len() - n..].parse().ok()
}

/// The passages of `text` and how the text marks them.
pub fn passages_marked(text: &str) -> (PassageMarks, Vec<Span>) {
    match labels_of(text) {
        (PassageMarks::BlankLines, _) => (PassageMarks::BlankLines, by_blank_lines(text)),
        (marks, labels) => (marks, by_labels(text, &labels)),
    }
}

/// The passages of the part `start..end` of a text marked by `marks`, read
/// as that text's passages are read; spans index `text`. The part must begin
/// where a passage (or the text) ends and end where one (or the text) begins.
pub fn passages_within(text: &str, start: usize, end: usize, marks: PassageMarks) -> Vec<Span> {
    let part = &text[start..end];
    let spans = match marks {
        PassageMarks::Labels => by_labels(part, &passage_labels(part)),
        PassageMarks::Brackets => by_labels(part, &bracket_labels(part)),
        PassageMarks::BlankLines => by_blank_lines(part),
    };
    spans
        .into_iter()
        .map(|(s, e)| (s + start, e + start))
        .collect()
}

/// Could replacing `text[lo..hi]` add or remove a passage label, or change
/// one? True whenever the edit reaches a `passage N:` label of this text
/// (its line break, the blanks before it, the label to its colon) or an
/// `[N]` label (its line break, the label, or the blanks and first
/// character after it). Asked of both the old and the new text, this
/// notices every label made, unmade or changed (a label the edit does not
/// reach keeps its line start and characters): conservative, never wrong
/// the other way. An edit inside a labelled passage's body is not near,
/// nor is typing at the end of the line before a label, so a file of
/// labelled passages is edited in place.
pub fn near_label(text: &str, lo: usize, hi: usize) -> bool {
    if passage_label_near(text, lo, hi) {
        return true;
    }
    // The lines that start at or before `hi` and whose label, if any, could
    // reach `lo`. A label is blanks, `[N]` and blanks at a line's start, so
    // a line starting before `lo` reaches it only if nothing else lies
    // between them: looked for backwards over those characters alone, and
    // forwards only over the last line's label, so that an edit in a long
    // line does not search the line.
    let label_char = |b: &u8| matches!(b, b' ' | b'\t' | b'[' | b']' | b'0'..=b'9');
    let bytes = text.as_bytes();
    let back = bytes[..lo]
        .iter()
        .rev()
        .take_while(|b| label_char(b))
        .count();
    let first_line = match lo - back {
        0 => 0,
        at if bytes[at - 1] == b'\n' => at,
        // No label reaches `lo` from before it: the lines the edit starts.
        _ => match text[lo..hi].find('\n') {
            Some(i) => lo + i + 1,
            None => return false,
        },
    };
    let last_line = text[first_line..hi]
        .rfind('\n')
        .map_or(first_line, |i| first_line + i + 1);
    let end = last_line.max(hi);
    let end = end + bytes[end..].iter().take_while(|b| label_char(b)).count();
    bracket_labels(&text[first_line..end])
        .into_iter()
        .any(|(start, body)| {
            let (start, body) = (first_line + start, first_line + body);
            lo <= body && hi >= start
        })
}

/// Does replacing `text[lo..hi]` reach a `passage N:` label of `text`: the
/// line break before it (none at the text's start), the blanks between
/// them, or the label up to its colon? An insertion reaches it only inside
/// those bytes (typed just before the line break, or just after the
/// colon, it leaves the label as it is).
///
/// Only the word `passage` (any case) within eight bytes of the run of
/// blanks, digits and colons around the edit can start such a label
/// (what may sit between the word and the end of its label): each one
/// found there at a line's start is read as a label ([`passage_label_at`]).
fn passage_label_near(text: &str, lo: usize, hi: usize) -> bool {
    let inside = |c: char| c.is_whitespace() || c.is_ascii_digit() || c == ':';
    let before = text[..lo]
        .char_indices()
        .rev()
        .find(|&(_, c)| !inside(c))
        .map_or(0, |(i, _)| i);
    let after = text[hi..]
        .char_indices()
        .find(|&(_, c)| !inside(c))
        .map_or(text.len(), |(i, _)| hi + i);
    let (a, z) = (before.saturating_sub(8), (after + 8).min(text.len()));
    let bytes = text.as_bytes();
    let word = b"passage";
    (a..z.saturating_sub(word.len() - 1))
        .filter(|&s| bytes[s..s + word.len()].eq_ignore_ascii_case(word))
        .any(|s| {
            let line = s - bytes[..s]
                .iter()
                .rev()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            if line > 0 && bytes[line - 1] != b'\n' {
                return false;
            }
            let Some((_, end)) = passage_label_at(text, line) else {
                return false;
            };
            match lo == hi {
                true => line <= lo && lo < end,
                false => lo < end && hi > line.saturating_sub(1),
            }
        })
}

fn by_labels(text: &str, labels: &[(usize, usize)]) -> Vec<Span> {
    let mut out = Vec::new();
    push_trimmed(
        text,
        0,
        labels.first().map_or(text.len(), |l| l.0),
        &mut out,
    );
    for (k, &(_, body_start)) in labels.iter().enumerate() {
        let body_end = labels.get(k + 1).map_or(text.len(), |l| l.0);
        push_trimmed(text, body_start, body_end, &mut out);
    }
    out
}

/// Blank-line separated paragraphs. Room is made for as many as its line
/// breaks allow (two to a break between paragraphs): a list grown a
/// doubling at a time held both buffers while it was copied, 7 MB more at
/// its peak for 8 MB of one-line paragraphs.
fn by_blank_lines(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let newlines = scan::count_byte(bytes, b'\n');
    let mut out = Vec::with_capacity(newlines / 2 + 1);
    let mut start = 0;
    // From line break to line break (an edit in one long paragraph reads
    // the whole paragraph for its blank lines on every keystroke).
    let mut from = 0;
    while let Some(i) = scan::next_byte(bytes, from, b'\n') {
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
            from = j;
        } else {
            from = i + 1;
        }
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
    // Every citation ends with `]`: without one at the end there is none to
    // strip. Then one search, and strip from the end: searching again after
    // each strip was quadratic in a run of 10,000 citations. (Citations hold
    // no `[`, so those of a prefix are exactly the ones that end inside it.)
    if s.ends_with(']') {
        for c in citations::find(s).iter().rev() {
            if c.end != s.len() {
                break;
            }
            s = s[..c.start].trim_end();
        }
    }
    s.trim_end_matches(['"', '\'', '”', '’', ')', '*', '_'])
        .ends_with('?')
}

/// Does this sentence decline to answer rather than state something?
/// ("Unable to answer based on the given passages.", "The passages do not
/// provide information about X.", "I'm sorry, …")
pub fn is_refusal(sentence: &str) -> bool {
    let lower = sentence.lowercase().replace('’', "'");
    const DECLINES: &[&str] = &[
        "unable to answer",
        "cannot answer",
        "can't answer",
        "not able to answer",
        "unable to provide",
        "cannot provide",
        "can't provide",
        "unable to determine",
        "cannot determine",
        "can't determine",
        "unable to find",
        "cannot be answered",
        "not possible to answer",
        "unable to give",
        "i'm sorry",
        "i am sorry",
        "as an ai",
        "as a language model",
        "i don't know",
        "i do not know",
        "can't find",
        "cannot find",
        "could not find",
        "couldn't find",
        "unable to locate",
        "i apologize",
        "i apologise",
    ];
    const ABOUT_SOURCES: &[&str] = &[
        "passage",
        "context",
        "text",
        "information",
        "source",
        "document",
        "article",
    ];
    const ABSENT: &[&str] = &[
        "do not",
        "does not",
        "don't",
        "doesn't",
        "did not",
        "no information",
        "no mention",
        "not mention",
        "not provide",
        "not contain",
        "not include",
        "not specify",
        "not state",
        "not say",
        "not discuss",
        "not enough information",
        "insufficient",
        "not clear",
        "no specific",
        "none of the",
    ];
    DECLINES.iter().any(|p| lower.contains(p))
        || (ABOUT_SOURCES.iter().any(|p| lower.contains(p))
            && ABSENT.iter().any(|p| lower.contains(p)))
}

/// Is this sentence only polite talk ("Yes.", "Good question!", "Hope
/// this helps!", "Thanks for asking.")? Every word of it must be one of
/// these; a sentence with a single word outside them is a claim.
pub fn is_pleasantry(sentence: &str) -> bool {
    const POLITE: &[&str] = &[
        "yes",
        "yeah",
        "yep",
        "no",
        "sure",
        "certainly",
        "absolutely",
        "of",
        "course",
        "okay",
        "ok",
        "thanks",
        "thank",
        "you",
        "for",
        "your",
        "the",
        "question",
        "questions",
        "asking",
        "great",
        "good",
        "excellent",
        "interesting",
        "hi",
        "hello",
        "hey",
        "happy",
        "glad",
        "to",
        "help",
        "hope",
        "this",
        "that",
        "helps",
        "helped",
        "i",
        "it",
        "have",
        "a",
        "nice",
        "day",
        "problem",
        "welcome",
        "you're",
        "let",
        "me",
        "know",
        "if",
        "any",
        "more",
        "anything",
        "else",
        "other",
        "can",
        "do",
        "with",
        "all",
        "indeed",
        "exactly",
        "well",
        "so",
        "again",
        "much",
        "very",
        "please",
        "feel",
        "free",
        "ask",
        "here",
        "is",
        "what",
        "found",
        "am",
        "be",
        "will",
        "here's",
        "need",
        "needs",
        "short",
        "brief",
        "quick",
        "summary",
        "overview",
        "are",
        "some",
        "details",
    ];
    let lower = sentence.lowercase().replace('’', "'");
    let mut words = lower
        .split(|c: char| !(c.is_alphabetic() || c == '\''))
        .filter(|w| !w.is_empty())
        .peekable();
    words.peek().is_some() && words.all(|w| POLITE.contains(&w))
}

/// Does this sentence introduce what follows ("Here are the steps:"), or
/// title it: a Markdown heading ("## Specs") or a line all in bold
/// ("**Key specs**"), of eight words at most and ending in no stop?
pub fn is_header(sentence: &str) -> bool {
    let s = sentence.trim();
    if s.ends_with(':') {
        return true;
    }
    let wrapped = |mark: &str| s.strip_prefix(mark).and_then(|r| r.strip_suffix(mark));
    let heading = s.strip_prefix('#').map(|r| r.trim_start_matches('#'));
    let title = (heading.filter(|r| r.starts_with([' ', '\t'])))
        .or_else(|| wrapped("**"))
        .or_else(|| wrapped("__"))
        .map(str::trim);
    title.is_some_and(|t| {
        let words = t.split_whitespace().count();
        (1..=8).contains(&words) && !t.ends_with(['.', '!', '?'])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sents(text: &str) -> Vec<&str> {
        split(text).into_iter().map(|(s, e)| &text[s..e]).collect()
    }

    #[test]
    fn a_run_on_text_is_cut_into_pieces_no_longer_than_the_longest_sentence() {
        let words: String = (0..3000).map(|i| format!("word{i} ")).collect();
        let spans = split(&words);
        assert!(spans.len() > 1);
        for &(s, e) in &spans {
            assert!(e - s <= LONGEST_SENTENCE_BYTES, "{}", e - s);
            assert!(e - s > LONGEST_SENTENCE_BYTES - 16 || e == words.trim_end().len());
        }
        // Cut between words, none lost or cut in two.
        let pieces: Vec<&str> = spans
            .iter()
            .flat_map(|&(s, e)| words[s..e].split(' '))
            .collect();
        assert_eq!(pieces, words.split_whitespace().collect::<Vec<_>>());
        // Split again from a piece's start, the text goes on as before.
        let k = spans.len() / 2;
        assert_eq!(split_range(&words, spans[k].0, words.len()), spans[k..]);
        // One "word" longer than a sentence: cut between characters.
        let long = "é".repeat(3000);
        let spans = split(&long);
        assert_eq!(spans.len(), 3);
        assert_eq!(spans.iter().map(|&(s, e)| e - s).sum::<usize>(), long.len());
        // A sentence with an end in reach is not cut.
        let sentence = format!("{}end.", "x ".repeat(LONGEST_SENTENCE_BYTES / 2 - 3));
        assert_eq!(split(&sentence), [(0, sentence.len())]);
    }

    #[test]
    fn no_listed_word_is_longer_than_the_longest_looked_for() {
        let dotted = ["e.g", "i.e", "a.m", "p.m"];
        for list in [
            NEVER_FINAL,
            BEFORE_NUMBERS,
            MONTH_ABBREVIATIONS,
            WEEKDAYS,
            MAYBE_FINAL,
            &dotted,
        ] {
            for word in list {
                assert!(word.len() <= LONGEST_LISTED, "{word}");
            }
        }
    }

    #[test]
    fn chinese_and_japanese_full_stops_end_sentences_with_no_space_after() {
        assert_eq!(
            sents("東京の図書館は1850年に建てられました。大阪の駅は1962年に建てられました。京都の橋は1900年に建てられました。"),
            [
                "東京の図書館は1850年に建てられました。",
                "大阪の駅は1962年に建てられました。",
                "京都の橋は1900年に建てられました。"
            ]
        );
        // Closing quotes and repeated stops stay with their sentence; a
        // space or line after is skipped; English after it splits as ever.
        assert_eq!(
            sents("他说：「好！」真的吗？？是的。 The bridge is 410 m long. It opened in 1932."),
            [
                "他说：「好！」",
                "真的吗？？",
                "是的。",
                "The bridge is 410 m long.",
                "It opened in 1932."
            ]
        );
        // Inside square brackets that close nearby a stop ends nothing, as `.` does not.
        assert_eq!(sents("见[甲。乙]。完"), ["见[甲。乙]。", "完"]);
    }

    /// Hindi ends a sentence at a danda, `।` (or a double one, `॥`), with a
    /// space after it: 100 sentences of a stranger's answer were 21 claims.
    #[test]
    fn a_danda_ends_a_sentence() {
        assert_eq!(
            sents("पुल 1998 में खुला। इसकी लंबाई 410 मीटर है॥ यह सच है।"),
            ["पुल 1998 में खुला।", "इसकी लंबाई 410 मीटर है॥", "यह सच है।"]
        );
        // A place where a sentence surely starts: after the danda's space.
        let text = "पुल 1998 में खुला। इसकी लंबाई";
        let at = likely_sentence_start(text, 0, text.len()).unwrap();
        assert!(text[at..].starts_with("इसकी"));
        // Other letters of the scripts whose first byte a danda shares
        // (Devanagari, Bengali, Thai…) end nothing.
        assert_eq!(sents("สะพาน เปิด ใน ปี 1998"), ["สะพาน เปิด ใน ปี 1998"]);
    }

    #[test]
    fn a_time_or_a_country_abbreviation_can_end_a_sentence() {
        assert_eq!(
            sents("It leaves at 7 a.m. and returns at 6 p.m. Tickets are sold on board."),
            [
                "It leaves at 7 a.m. and returns at 6 p.m.",
                "Tickets are sold on board."
            ]
        );
        assert_eq!(
            sents("He lives in the U.S. Crews arrived later."),
            ["He lives in the U.S.", "Crews arrived later."]
        );
        assert_eq!(sents("The U.S. Army said so."), ["The U.S. Army said so."]);
        assert_eq!(
            sents("The U.S. Supreme Court ruled."),
            ["The U.S. Supreme Court ruled."]
        );
        assert_eq!(
            sents("Open 9 a.m. to 5 p.m. daily."),
            ["Open 9 a.m. to 5 p.m. daily."]
        );
    }

    #[test]
    fn a_passage_label_s_number_is_read_before_its_body() {
        let text = "Title\n[12] The pier.\npassage 3:  The bay.\nPassage 4 : x [5]";
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(label_number_before(text, at("The pier")), Some(12));
        assert_eq!(label_number_before(text, at("The bay")), Some(3));
        assert_eq!(label_number_before(text, at("x [5]")), Some(4));
        assert_eq!(label_number_before(text, at("Title")), None);
        assert_eq!(label_number_before("[9999] a", 7), Some(9999));
        assert_eq!(label_number_before("[12345] a", 8), None);
        assert_eq!(label_number_before("passage 999999: a", 16), Some(999999));
        assert_eq!(label_number_before("passage 1234567: a", 17), None);
    }

    #[test]
    fn a_likely_sentence_start_is_a_capital_after_a_stop_and_a_blank() {
        let at = |t: &str, from: usize| likely_sentence_start(t, from, t.len());
        let t = "one two. three 4.5 Four.\n\nFive!  Six";
        assert_eq!(at(t, 0), t.find("Five"));
        assert_eq!(at(t, t.find("Five").unwrap()), t.find("Six"));
        assert_eq!(at(t, t.find("Six").unwrap()), None);
        // After a full-width stop, any letter or digit; not a closing mark.
        let t = "東京。大阪。」x";
        assert_eq!(at(t, 0), t.find("大阪"));
        assert_eq!(at(t, t.find("大阪").unwrap()), None);
        // Within its reach only.
        let t = format!("{} A.", "x".repeat(LIKELY_START_REACH));
        assert_eq!(at(&t, 0), None);
        // An abbreviation looks like a stop: a split may not end there.
        let t = "Ask Dr. Lee now.";
        assert_eq!(at(t, 0), t.find("Lee"));
        assert_eq!(split(t), [(0, t.len())]);
    }

    /// Any whitespace ends a sentence after its stop: text pasted from a
    /// web page or a PDF has no-break, em and ideographic spaces there
    /// (found by a stranger: three sentences joined by no-break spaces were
    /// one claim). A no-break, thin or hair space before anything but a
    /// capital keeps what it joins ("c.\u{2009}1471", "Fig.\u{a0}3").
    #[test]
    fn any_whitespace_after_a_stop_ends_the_sentence() {
        for space in [
            '\u{a0}', '\u{202f}', '\u{2003}', '\u{3000}', '\u{85}', '\u{b}', '\u{c}',
        ] {
            let text = format!("Heat the oven.{space}Season the chicken.{space}Roast it.");
            let got: Vec<&str> = split(&text).iter().map(|&(s, e)| &text[s..e]).collect();
            assert_eq!(
                got,
                ["Heat the oven.", "Season the chicken.", "Roast it."],
                "{space:?}"
            );
        }
        for text in [
            "He was born c.\u{2009}1471 in Spain.",
            "He was born c.\u{a0}1471 in Spain.",
            "As Fig.\u{a0}3 shows, it rose.",
            "As fig.\u{202f}3 shows, it rose.",
        ] {
            assert_eq!(split(text).len(), 1, "{text:?}");
        }
    }

    #[test]
    fn splits_plain_sentences() {
        assert_eq!(
            sents("Tagore won the Nobel Prize in 1913. He was born in Mumbai."),
            [
                "Tagore won the Nobel Prize in 1913.",
                "He was born in Mumbai."
            ]
        );
        assert_eq!(
            sents("Really? Yes! Fine…  Next."),
            ["Really?", "Yes!", "Fine…", "Next."]
        );
    }

    #[test]
    fn a_sentence_ending_in_a_decimal_ends_there() {
        assert_eq!(
            sents("SKU-441 currently costs $39.99. Standard shipping rates apply."),
            [
                "SKU-441 currently costs $39.99.",
                "Standard shipping rates apply."
            ]
        );
        assert_eq!(
            sents("Growth was 3.5%. Sales fell."),
            ["Growth was 3.5%.", "Sales fell."]
        );
        assert_eq!(
            sents("We run version 2.0. Next comes 3.0."),
            ["We run version 2.0.", "Next comes 3.0."]
        );
        // Dotted abbreviations still do not end one unless an opener follows.
        assert_eq!(
            sents("See e.g. Smith and i.e. Jones."),
            ["See e.g. Smith and i.e. Jones."]
        );
    }

    #[test]
    fn no_is_a_number_only_before_one() {
        // The word "no" ends its sentence; "No." before a number is "number".
        assert_eq!(
            sents("Dr. O'Brien said no. The span is 410 metres long."),
            ["Dr. O'Brien said no.", "The span is 410 metres long."]
        );
        assert_eq!(
            sents("The answer is No. Nobody asked."),
            ["The answer is No.", "Nobody asked."]
        );
        assert_eq!(
            sents("Take platform No. 5 to Leeds. Nos. 3 and 4 are closed."),
            ["Take platform No. 5 to Leeds.", "Nos. 3 and 4 are closed."]
        );
    }

    #[test]
    fn an_abbreviated_month_before_a_number_ends_nothing() {
        assert_eq!(
            sents("The board signed the report on 3 Jan. 2022. The audit began on 5 Feb. 2021."),
            [
                "The board signed the report on 3 Jan. 2022.",
                "The audit began on 5 Feb. 2021."
            ]
        );
        assert_eq!(
            sents("It opened on Sept. 5, 2024 and closed in Dec. 2025. Work began in Aug."),
            [
                "It opened on Sept. 5, 2024 and closed in Dec. 2025.",
                "Work began in Aug."
            ]
        );
        // Before a capital it may end its sentence, as a word would.
        assert_eq!(
            sents("Sales peaked in Jan. The rest of the year was flat."),
            ["Sales peaked in Jan.", "The rest of the year was flat."]
        );
    }

    #[test]
    fn a_name_in_lower_then_upper_case_opens_a_sentence() {
        assert_eq!(
            sents("The bridge opened in 1998. eBay owns the bridge today. iPhones work there."),
            [
                "The bridge opened in 1998.",
                "eBay owns the bridge today.",
                "iPhones work there."
            ]
        );
        // A lower-case word still continues the sentence, as after "e.g.".
        assert_eq!(
            sents("It costs approx. ten euros. Use e.g. iPhone apps."),
            ["It costs approx. ten euros.", "Use e.g. iPhone apps."]
        );
    }

    #[test]
    fn an_abbreviated_weekday_before_a_date_ends_nothing() {
        assert_eq!(
            sents("The vote was held on Tue. 3 Oct. 2023. It passed on Sat. Jan. 4 by two votes."),
            [
                "The vote was held on Tue. 3 Oct. 2023.",
                "It passed on Sat. Jan. 4 by two votes."
            ]
        );
        assert_eq!(
            sents("Doors open Thurs. March 5 at noon. Bring a ticket."),
            ["Doors open Thurs. March 5 at noon.", "Bring a ticket."]
        );
        // In lower case it is the word, which may end its sentence; before
        // anything but a number or a month, a weekday ends its sentence too.
        assert_eq!(
            sents("Everyone sat. 5 more stood. The show ran until Sun. Then it closed."),
            [
                "Everyone sat.",
                "5 more stood.",
                "The show ran until Sun.",
                "Then it closed."
            ]
        );
    }

    #[test]
    fn a_german_date_with_an_ordinal_day_ends_nothing() {
        assert_eq!(
            sents("Die Brücke wurde am 14. März 2024 gesperrt. Am 2. Mai begann der Umbau."),
            [
                "Die Brücke wurde am 14. März 2024 gesperrt.",
                "Am 2. Mai begann der Umbau."
            ]
        );
        // A year, or a number that is no day, before a month ends its sentence.
        assert_eq!(
            sents("Es waren 2019. März war kalt. Er lief 45. Mai kam."),
            [
                "Es waren 2019.",
                "März war kalt.",
                "Er lief 45.",
                "Mai kam."
            ]
        );
    }

    #[test]
    fn a_unit_written_like_a_title_ends_its_sentence_after_an_amount() {
        // "ms." after an amount is milliseconds; "Ms." before a name a title.
        assert_eq!(
            sents("It took 107 ms. Request 4f3a took 90 ms. Ms. Lee left."),
            [
                "It took 107 ms.",
                "Request 4f3a took 90 ms.",
                "Ms. Lee left."
            ]
        );
        // Not before a lower-case word, nor after a year or a title.
        assert_eq!(
            sents("It took 5 ms. and ended."),
            ["It took 5 ms. and ended."]
        );
        assert_eq!(sents("In 1998 Ms. Lee left."), ["In 1998 Ms. Lee left."]);
        assert_eq!(sents("Met 3 Ms. Lees."), ["Met 3 Ms. Lees."]);
    }

    #[test]
    fn does_not_split_at_abbreviations_initials_numbers_urls() {
        assert_eq!(
            sents("Dr. Smith arrived. He left."),
            ["Dr. Smith arrived.", "He left."]
        );
        // "Nr." (number), "ca." (circa), "vgl.", "bzw." in German text.
        assert_eq!(
            sents("Die Brücke Nr. 5 ist ca. 300 m lang. Sie ist alt."),
            ["Die Brücke Nr. 5 ist ca. 300 m lang.", "Sie ist alt."]
        );
        assert_eq!(
            sents("Use a tool, e.g. Rust. It works."),
            ["Use a tool, e.g. Rust.", "It works."]
        );
        assert_eq!(
            sents("It is sold in the U.S. and Canada."),
            ["It is sold in the U.S. and Canada."]
        );
        assert_eq!(
            sents("It is sold in the U.S. The end."),
            ["It is sold in the U.S.", "The end."]
        );
        assert_eq!(
            sents("J. K. Rowling wrote it. Then more."),
            ["J. K. Rowling wrote it.", "Then more."]
        );
        // A reference list's authors: an initial before another ("K. A."),
        // though "A" also opens sentences; a grade then "A" still ends one.
        assert_eq!(
            sents("Lee, K. A. and Park, M. (2020). Tunnels."),
            ["Lee, K. A. and Park, M. (2020).", "Tunnels."]
        );
        assert_eq!(
            sents("She got a B. A new term began."),
            ["She got a B.", "A new term began."]
        );
        // A one-letter unit after an amount ends its sentence; after a
        // year the capital is an initial.
        assert_eq!(
            sents("Each cable holds 5000 N. Each anchor holds 2 kN."),
            ["Each cable holds 5000 N.", "Each anchor holds 2 kN."]
        );
        assert_eq!(
            sents("Pour in 2 L. Stir well. Set it to 5 V. Then wait."),
            ["Pour in 2 L.", "Stir well.", "Set it to 5 V.", "Then wait."]
        );
        assert_eq!(
            sents("In 1998 J. Smith founded it."),
            ["In 1998 J. Smith founded it."]
        );
        assert_eq!(
            sents("It is 3.5 m long. It costs $50.00 today."),
            ["It is 3.5 m long.", "It costs $50.00 today."]
        );
        assert_eq!(
            sents("See https://example.com/a.b?x=1. Then go."),
            ["See https://example.com/a.b?x=1.", "Then go."]
        );
        assert_eq!(
            sents("Apples, pears, etc. are fruit. Yes."),
            ["Apples, pears, etc. are fruit.", "Yes."]
        );
        assert_eq!(
            sents("Made by Acme Inc. The firm grew."),
            ["Made by Acme Inc.", "The firm grew."]
        );
    }

    #[test]
    fn a_bracket_left_open_holds_no_sentences_together() {
        // A stray `[`: the stops after it end sentences.
        assert_eq!(
            sents("Costs rose [see below. Sales fell. Prices held."),
            ["Costs rose [see below.", "Sales fell.", "Prices held."]
        );
        // A bracket closed within reach holds its stops (nested ones too).
        assert_eq!(
            sents("It grew [Lee et al. [2] p. 4] fast. Then it fell."),
            ["It grew [Lee et al. [2] p. 4] fast.", "Then it fell."]
        );
        // Closed only beyond the reach, or on another line: not held.
        let far = format!("It grew [{}]. Then it fell.", "Yes. ".repeat(50));
        assert!(sents(&far).len() > 2);
        assert_eq!(
            sents("It grew [a. Then\nit fell]. Next."),
            ["It grew [a.", "Then\nit fell].", "Next."]
        );
    }

    #[test]
    fn does_not_split_inside_brackets_and_keeps_trailing_citations() {
        assert_eq!(
            sents("True [S1. S2] still. Next."),
            ["True [S1. S2] still.", "Next."]
        );
        assert_eq!(
            sents("The span is 410 metres long. [S3] The deck is wide [S4]."),
            [
                "The span is 410 metres long. [S3]",
                "The deck is wide [S4]."
            ]
        );
    }

    #[test]
    fn lines_lists_and_headings() {
        assert_eq!(
            sents("Steps:\n1. Use a dry cloth.\n2. Wipe gently\n- Never spray"),
            ["Steps:", "Use a dry cloth.", "Wipe gently", "Never spray"]
        );
        assert_eq!(sents("## Summary\nIt works."), ["Summary", "It works."]);
        assert_eq!(
            sents("a hard-wrapped line\nthat runs on."),
            ["a hard-wrapped line\nthat runs on."]
        );
        assert_eq!(
            sents("First para\n\nSecond para"),
            ["First para", "Second para"]
        );
    }

    #[test]
    fn lower_case_after_a_stop_does_not_start_a_sentence() {
        assert_eq!(
            sents("It costs approx. five dollars."),
            ["It costs approx. five dollars."]
        );
    }

    #[test]
    fn spans_are_trimmed_and_point_into_the_text() {
        let text = "  First one.   Second one.  ";
        for (s, e) in split(text) {
            assert_eq!(&text[s..e], text[s..e].trim());
        }
    }

    #[test]
    fn list_markers_and_headings() {
        for (line, n) in [
            ("- x", 2),
            ("* x", 2),
            ("• x", 4),
            ("## x", 3),
            ("1. x", 3),
            ("12) x", 4),
            ("(3) x", 4),
            ("a) x", 3),
            ("> x", 2),
        ] {
            assert_eq!(list_marker_len(line), n, "{line}");
        }
        for line in ["-x", "1.5 m", "1234. x", "ab) x", "####### x", "Word x", ""] {
            assert_eq!(list_marker_len(line), 0, "{line}");
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
    fn refusals_and_headers() {
        for s in [
            "Unable to answer based on given passages.",
            "Therefore, I cannot provide an answer to the question based on the given passages.",
            "The passages do not provide specific information on how to tell when it is done.",
            "I'm sorry, but the context doesn't say.",
        ] {
            assert!(is_refusal(s), "{s}");
        }
        for s in [
            "The bridge does not carry trains.",
            "The main span is 410 metres long.",
            "Passage 2 provides the steps.",
        ] {
            assert!(!is_refusal(s), "{s}");
        }
        assert!(is_header("Here are the steps to install it:"));
        assert!(!is_header("It opened in 1998."));
        assert!(is_header("**Specs**"));
        assert!(is_header("## Key specs"));
        assert!(is_header("__Key specs__"));
        assert!(!is_header("**It opened in 1998.**"));
        assert!(!is_header("#1 in sales"));
        assert!(!is_header("**Bold** claims stay claims"));
        assert!(is_refusal("As an AI, I can't visit the library myself."));
    }

    #[test]
    fn pleasantries_are_only_polite_words() {
        for s in [
            "Yes.",
            "Thanks for asking!",
            "Hope this helps!",
            "Here's what I found.",
            "Here is a short summary.",
            "Let me know if you need anything else.",
        ] {
            assert!(is_pleasantry(s), "{s}");
        }
        for s in [
            "Yes, the bridge opened in 1998.",
            "Thanks to the new bridge, traffic fell.",
            "Here is the museum.",
        ] {
            assert!(!is_pleasantry(s), "{s}");
        }
    }

    #[test]
    fn passages_by_label_bracket_or_blank_line() {
        let t = "passage 1:Alpha one.\n\npassage 2:Beta two.\n  Passage 3:Gamma.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.", "Beta two.", "Gamma."]);
        // In running text the words are prose, not a label.
        let t = "passage 1:Alpha one, explained in passage 2: it grew.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one, explained in passage 2: it grew."]);
        let t = "[1] Alpha.\n\n[2] Beta.\n\nThe trade is explained in passage 2: it grew.";
        assert_eq!(passages_marked(t).0, PassageMarks::Brackets);
        assert_eq!(passages(t).len(), 2);
        // Both kinds opening lines: the text is read by the kind it has more of.
        let t = "[1] Alpha.\n[2] Beta.\nPassage 2: notes on beta.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha.", "Beta.\nPassage 2: notes on beta."]);
        assert_eq!(label_starts(t), [0, 11]);
        let t = "passage 1: Alpha.\n[7] Beta.";
        assert_eq!(passages_marked(t).0, PassageMarks::Labels);
        let t = "[1] Alpha one.\n\n[2] Beta two.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.", "Beta two."]);
        let t = "Alpha one.\nStill alpha.\n\n  \nBeta.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha one.\nStill alpha.", "Beta."]);
        assert!(passages("   ").is_empty());
        // `passage N:` labels past 9999 are labels (they were text: the
        // rest of a source of 10,000 passages was one passage), and
        // "passage N" in words reads as many digits.
        assert_eq!(LABEL_DIGITS, citations::PASSAGE_NUMBER_DIGITS);
        let t = "passage 9999: Alpha.\npassage 10000: Beta.\npassage 1234567: Gamma.";
        let p: Vec<&str> = passages(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(p, ["Alpha.", "Beta.\npassage 1234567: Gamma."]);
        // A bracketed number of five digits or more opening a line is text,
        // and leaves a text of paragraphs one.
        let t = "The march began at noon.\n\n[250000] people attended, police said.";
        assert_eq!(passages_marked(t).0, PassageMarks::BlankLines);
        assert_eq!(passages(t).len(), 2);
    }

    #[test]
    fn list_numbers_open_lines_and_lone_stops_do_not_end_sentences() {
        let t = "Steps:\n1. Use a cloth.\n  2. Dry it. Then rest.";
        let got: Vec<&str> = split(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(got, ["Steps:", "Use a cloth.", "Dry it.", "Then rest."]);
        // A number opening a sentence is read as a list number too.
        let t = "Yes. 12. Next";
        let got: Vec<&str> = split(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(got, ["Yes.", "Next"]);
        // A stop with no word before it at a sentence's start ends nothing
        // (a run of them is a sentence's marker, dropped). Each stop looks
        // back only over the blanks before it: a run of 500,000 took 37 s
        // when each looked back to the line's start.
        let t = ". . . . The end.";
        assert_eq!(split(t), [(8, t.len())]);
    }

    #[test]
    fn a_window_between_passages_reads_them_as_the_whole_text_does() {
        for t in [
            "passage 1:Alpha one.\n\npassage 2:Beta two.\npassage 3:Gamma.",
            "[1] Alpha one.\n\n[2] Beta two.\n[3] Gamma.",
            "Alpha one.\n\n  \nBeta.\nStill beta.\n\nGamma.",
        ] {
            let (marks, whole) = passages_marked(t);
            assert_eq!(whole.len(), 3, "{t}");
            let window = passages_within(t, whole[0].1, whole[2].0, marks);
            assert_eq!(window, whole[1..2], "{t}");
        }
    }

    #[test]
    fn edits_near_a_label_are_noticed() {
        let t = "passage 1: Alpha.\n\npassage   12 : Beta gamma delta epsilon.";
        assert!(near_label(t, 8, 9)); // the 1 of the first label
        let twelve = t.find("12").unwrap();
        assert!(near_label(t, twelve, twelve + 1));
        let gamma = t.find("gamma").unwrap();
        assert!(!near_label(t, gamma, gamma + 5));
        let t = "Alpha.\n[2] Beta.";
        assert!(near_label(t, 6, 7)); // the line break before a bracket label
        assert!(!near_label(t, 3, 4)); // a word on the line before
        assert!(!near_label("Alpha [2] beta. Gamma.", 17, 18));
    }

    #[test]
    fn typing_at_the_end_of_the_line_before_a_passage_label_is_not_near_it() {
        let t = "passage 1: Alpha.\n\npassage 2: Beta.\npassage 3: Gamma.";
        let alpha_end = t.find("Alpha.").unwrap() + "Alpha.".len();
        let beta_end = t.find("Beta.").unwrap() + "Beta.".len();
        // An insertion before the line break (a blank line between, or none).
        assert!(!near_label(t, alpha_end, alpha_end));
        assert!(!near_label(t, beta_end, beta_end));
        // Just after a label's colon: its body, not the label.
        let colon = t.find("2:").unwrap() + 2;
        assert!(!near_label(t, colon, colon));
        // The line break itself, the label's line start, its word, its
        // number, its colon: each reaches the label.
        assert!(near_label(t, beta_end, beta_end + 1));
        assert!(near_label(t, beta_end + 1, beta_end + 1));
        assert!(near_label(t, beta_end + 3, beta_end + 3));
        assert!(near_label(t, colon - 2, colon - 1));
        assert!(near_label(t, colon - 1, colon));
        assert!(near_label(t, 0, 0));
        // A `passage` that is no label (not at a line start) is not near.
        let t = "See passage 2: it holds.";
        assert!(!near_label(t, 4, 4));
        // … unless the edit makes it one (asked of the new text).
        let made = "See\npassage 2: it holds.";
        assert!(near_label(made, 3, 4));
    }

    #[test]
    fn edits_inside_a_bracket_labelled_body_are_not_near_its_label() {
        let t = "[1] Alpha beta.\n[2] Gamma delta.\n[3] Epsilon.";
        let gamma = t.find("Gamma").unwrap();
        let delta = t.find("delta").unwrap();
        assert!(!near_label(t, delta, delta + 5));
        assert!(!near_label(t, delta + 2, delta + 2)); // an insertion
        assert!(near_label(t, gamma, gamma + 1)); // the body's first character
        assert!(near_label(t, gamma - 2, gamma - 1)); // the label's `]`
        assert!(near_label(t, gamma - 4, gamma - 4)); // before its `[`
        let eps = t.find("Epsilon").unwrap();
        // Replacing the line break before `[3]` unmakes that label.
        assert!(near_label(t, eps - 5, eps - 4));
        // An edit across lines reaches every label it spans.
        assert!(near_label(t, delta, eps + 2));
        // Lines without labels are never near.
        assert!(!near_label("Alpha.\nBeta gamma.\nDelta.", 8, 20));
    }

    /// What `near_label` said when it searched the whole lines around the
    /// edit: the bounded search must agree with it everywhere.
    fn near_label_by_whole_lines(text: &str, lo: usize, hi: usize) -> bool {
        if passage_label_near(text, lo, hi) {
            return true;
        }
        let first_line = text[..lo].rfind('\n').map_or(0, |i| i + 1);
        let last_line = text[..hi].rfind('\n').map_or(0, |i| i + 1).max(first_line);
        let line_end = text[last_line..]
            .find('\n')
            .map_or(text.len(), |i| last_line + i + 1);
        bracket_labels(&text[first_line..line_end])
            .into_iter()
            .any(|(start, body)| {
                let (start, body) = (first_line + start, first_line + body);
                lo <= body && hi >= start
            })
    }

    /// `passage N:` labels as every whole word "passage" of the text (any
    /// case) that only blanks separate from the line's start would give
    /// them: the definition the line-start search keeps (the label after
    /// the word is read alike, by `passage_label_end`).
    fn passage_labels_by_every_word(text: &str) -> Vec<(usize, usize)> {
        crate::text::scan::find_word_ci(text, "passage")
            .into_iter()
            .filter_map(|(s, e)| {
                let line_before = text[..s].trim_end_matches([' ', '\t']);
                if !(line_before.is_empty() || line_before.ends_with('\n')) {
                    return None;
                }
                Some((s, passage_label_end(text, e)?))
            })
            .collect()
    }

    /// Passages by blank lines as a byte-at-a-time reading finds them.
    fn by_blank_lines_bytewise(text: &str) -> Vec<Span> {
        let bytes = text.as_bytes();
        let (mut out, mut start, mut i) = (Vec::new(), 0, 0);
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
                    (start, i) = (j, j);
                    continue;
                }
            }
            i += 1;
        }
        push_trimmed(text, start, text.len(), &mut out);
        out
    }

    proptest::proptest! {
        /// Read from line break to line break, the passages a byte at a
        /// time reading finds.
        #[test]
        fn blank_lines_found_from_line_break_to_line_break_are_those_of_every_byte(
            text in "[a. \t\r\n\u{a0}é]{0,60}",
        ) {
            proptest::prop_assert_eq!(by_blank_lines(&text), by_blank_lines_bytewise(&text));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        #[test]
        fn passage_labels_are_found_at_line_starts_as_among_all_words(
            lines in proptest::collection::vec((
                proptest::sample::select(&["", " ", "\t", " \t ", "\u{a0}", "x", "é"][..]),
                proptest::sample::select(&["passage", "Passage", "PASSAGE", "passages", "word"][..]),
                proptest::sample::select(&["", " ", "  ", "\t", "\n"][..]),
                proptest::sample::select(&["", "1", "12", "12345"][..]),
                proptest::sample::select(&["", " ", "\u{a0}"][..]),
                proptest::sample::select(&[":", "", ";"][..]),
                proptest::sample::select(&["", " Text.", "é", "passage 2:"][..]),
                proptest::sample::select(&["\n", "\r\n", " ", "\n\n", ""][..]),
            ), 0..8),
        ) {
            let text: String = lines
                .iter()
                .map(|(a, b, c, d, e, f, g, h)| [*a, *b, *c, *d, *e, *f, *g, *h].concat())
                .collect();
            proptest::prop_assert_eq!(passage_labels(&text), passage_labels_by_every_word(&text));
        }

        #[test]
        fn near_label_searches_only_near_the_edit_and_agrees_with_whole_lines(
            pieces in proptest::collection::vec(proptest::sample::select(&[
                "[1]", "[12]", "[3] ", " ", "\t", "\n", "\n\n", "word", "é", "7", "]", "[", "passage", "2:", ". ",
            ][..]), 0..40),
            a in 0usize..400,
            b in 0usize..400,
        ) {
            let text: String = pieces.concat();
            let bounds: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
            let (x, y) = (bounds[a % bounds.len()], bounds[b % bounds.len()]);
            let (lo, hi) = (x.min(y), x.max(y));
            proptest::prop_assert_eq!(near_label(&text, lo, hi), near_label_by_whole_lines(&text, lo, hi));
        }
    }
}
