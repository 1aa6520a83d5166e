//! Turning a file into a source: WebVTT transcripts stripped of cues and
//! timestamps, then chunked into numbered passages as seed 003's
//! `chunk_document` does (paragraphs packed into passages of at most
//! `max_chars`, written `[1] …`, `[2] …` so that `[N]` citations name them).

use std::fmt::Write as _;

/// Passages hold at most this many characters (seed 003's `chunk_document`
/// default), in the lab and the CLI alike.
pub const PASSAGE_CHARS: usize = 500;

/// Kinds of file the lab and the CLI open as a source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Text,
    Markdown,
    WebVtt,
}

impl FileKind {
    /// From a file name's extension; `None` for anything else.
    pub fn from_name(name: &str) -> Option<FileKind> {
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
        match ext.as_str() {
            "txt" | "text" => Some(FileKind::Text),
            "md" | "markdown" => Some(FileKind::Markdown),
            "vtt" => Some(FileKind::WebVtt),
            _ => None,
        }
    }
}

/// Seed 003's `load_vtt`: drop the `WEBVTT` header, cue numbers, timestamp
/// lines and blank lines; join what is said. As WebVTT writes them, the
/// header's own lines (`Kind: captions`), a cue's identifier of any text
/// (the line before its timing line: `cue-1`, not only a number), cue
/// settings, `NOTE`, `STYLE` and `REGION` blocks are dropped too, and so
/// are the tags inside a cue's text (`<v Host>`, `</v>`, `<i>`,
/// `<00:00:01.500>`), its character references read (`&amp;` → `&`).
pub fn strip_vtt(text: &str) -> String {
    let mut said = String::new();
    let mut block: Vec<&str> = Vec::new();
    let mut first = true;
    let lines = text.lines().map(str::trim).chain([""]);
    for line in lines {
        if !line.is_empty() {
            block.push(line);
            continue;
        }
        if block.is_empty() {
            continue;
        }
        let header = first
            && block[0]
                .trim_start_matches('\u{feff}')
                .starts_with("WEBVTT");
        first = false;
        let kept: &[&str] = match block.iter().position(|l| l.contains("-->")) {
            // A cue: what follows its timing line.
            Some(timing) => &block[timing + 1..],
            None if header => &[],
            None if ["NOTE", "STYLE", "REGION"]
                .iter()
                .any(|w| block[0].starts_with(w)) =>
            {
                &[]
            }
            // Not a cue as WebVTT writes one: its lines, less cue numbers
            // and bare timestamps (seed 003's reading).
            None => &block,
        };
        for line in kept {
            if line.chars().all(|c| c.is_ascii_digit()) || is_timestamp(line) {
                continue;
            }
            let plain = cue_text(line);
            if !plain.trim().is_empty() {
                if !said.is_empty() {
                    said.push(' ');
                }
                said.push_str(plain.trim());
            }
        }
        block.clear();
    }
    said
}

/// A cue's line without its tags (`<v Host>`, `</v>`, `<c.loud>`,
/// `<00:00:01.500>`: a `<` opening a letter, a slash or a digit, up to
/// its `>`), its character references read.
fn cue_text(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let tag = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '/');
        match after.find('>').filter(|_| tag) {
            Some(end) => rest = &after[end + 1..],
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if !out.contains('&') {
        return out;
    }
    [
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&nbsp;", " "),
        ("&lrm;", ""),
        ("&rlm;", ""),
        ("&amp;", "&"),
    ]
    .iter()
    .fold(out, |text, (entity, plain)| text.replace(entity, plain))
}

fn is_timestamp(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() >= 5
        && b[0].is_ascii_digit()
        && b[1].is_ascii_digit()
        && b[2] == b':'
        && b[3].is_ascii_digit()
        && b[4].is_ascii_digit()
}

/// Seed 003's `chunk_document`: split on blank lines, pack paragraphs into
/// chunks of at most `max_chars` (a longer paragraph stays whole), and number
/// them `[1] …`.
pub fn chunk_document(text: &str, max_chars: usize) -> Vec<String> {
    let mut chunks = Vec::new();
    each_chunk(text, max_chars, |n, chunk| {
        chunks.push(format!("[{n}] {chunk}"))
    });
    chunks
}

/// [`chunk_document`]'s chunks, each given to `each` with its number.
fn each_chunk(text: &str, max_chars: usize, mut each: impl FnMut(usize, &str)) {
    let mut n = 0;
    let mut current = String::new();
    let mut current_chars = 0;
    for para in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let para_chars = para.chars().count();
        if current_chars + para_chars > max_chars && !current.is_empty() {
            n += 1;
            each(n, &current);
            current.clear();
            current_chars = 0;
        } else if !current.is_empty() {
            current.push_str("\n\n");
            current_chars += 2;
        }
        current.push_str(para);
        current_chars += para_chars;
    }
    if !current.is_empty() {
        each(n + 1, &current);
    }
}

/// The kind of a source file the CLI cuts into passages: a transcript
/// (by its `.vtt` name, or a text that opens with `WEBVTT`) or Markdown.
/// Plain text is read as it is, with its own paragraphs.
pub fn passage_kind(name: &str, text: &str) -> Option<FileKind> {
    if text.trim_start_matches('\u{feff}').starts_with("WEBVTT") {
        return Some(FileKind::WebVtt);
    }
    FileKind::from_name(name).filter(|k| *k != FileKind::Text)
}

/// Do `bytes` (a file) look like UTF-16 text, as Windows PowerShell's `>`
/// and Notepad's "Unicode" write it? A UTF-16 byte order mark (not UTF-32's),
/// or, in a file that is no UTF-8 text (a NUL byte, or a byte UTF-8 never
/// holds), a start that reads as UTF-16 text in one byte order: no broken
/// surrogate, no control character but tabs and line breaks, half of it
/// letters or spaces, and some ASCII (a space, a digit, a stop), over
/// eight units or more. The lab and the CLI then say so ("save it as UTF-8")
/// instead of calling the file binary, or loading it as text full of NULs
/// (Cyrillic's UTF-16 bytes are valid UTF-8).
pub fn looks_utf16(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) {
        return false; // UTF-32
    }
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    let start = &bytes[..bytes.len().min(256) & !1];
    let utf8 = match std::str::from_utf8(start) {
        Ok(_) => true,
        // Cut inside a character at the end of the start: still UTF-8.
        Err(e) => e.error_len().is_none(),
    };
    // Eight units at least: fewer bytes read as too many things.
    if start.len() < 16 || (utf8 && !start.contains(&0)) {
        return false;
    }
    // ASCII text with a stray NUL: nearly every pair of its bytes is two
    // printable ASCII characters, which in UTF-16 only CJK letters are, and
    // only about a third of them (a stranger's "The sky is \0blue." was
    // called UTF-16).
    let pairs = start.chunks_exact(2);
    let units = pairs.len();
    let printable_pairs = pairs
        .filter(|p| p.iter().all(|b| (0x20..0x7F).contains(b)))
        .count();
    if 4 * printable_pairs > 3 * units {
        return false;
    }
    let reads_as_text = |unit: fn([u8; 2]) -> u16| {
        let units = start.chunks_exact(2).map(|p| unit([p[0], p[1]]));
        let (mut chars, mut wordy, mut ascii) = (0, 0, false);
        for c in char::decode_utf16(units) {
            match c {
                Ok(c) if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => return false,
                Ok(c) => {
                    chars += 1;
                    wordy += usize::from(c.is_alphabetic() || c.is_whitespace());
                    ascii |= c.is_ascii();
                }
                Err(_) => return false,
            }
        }
        // ASCII bytes read in pairs are CJK letters, never ASCII: real text
        // has a space, a digit or a stop.
        ascii && 2 * wordy >= chars
    };
    reads_as_text(u16::from_le_bytes) || reads_as_text(u16::from_be_bytes)
}

/// `text` with each lone carriage return (a classic Mac line end, not the
/// `\r` of `\r\n`) read as a line feed: the same length, so every byte
/// offset holds. The splitter reads `\n` as a line break, and the lab's box
/// turns a lone `\r` into one: the CLI read such a file as one sentence.
pub fn lone_returns_as_line_feeds(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("one ASCII byte for another keeps UTF-8")
}

/// A file's text as a source, as the lab and the CLI both read it: a
/// transcript or Markdown file ([`passage_kind`]) as its numbered passages,
/// with how many there are; any other text as it is, a byte-order mark
/// dropped, with its own paragraphs as its passages (`None`; the text is
/// not copied).
pub fn opened_source(name: &str, text: String, max_chars: usize) -> (String, Option<usize>) {
    match passage_kind(name, &text) {
        Some(kind) => {
            let (source, passages) = written(kind, &text, max_chars);
            (source, Some(passages))
        }
        None => (without_byte_order_mark(text), None),
    }
}

/// `text` without the byte-order mark some editors write first: it is no
/// part of the text (an answer's first claim read "\u{feff}The sky…").
pub fn without_byte_order_mark(mut text: String) -> String {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// The source text for a file: its passages ([`to_passages`]) separated by
/// blank lines.
pub fn to_source(kind: FileKind, text: &str, max_chars: usize) -> String {
    written(kind, text, max_chars).0
}

/// [`to_source`], and how many passages it holds.
fn written(kind: FileKind, text: &str, max_chars: usize) -> (String, usize) {
    match passages_of(kind, text, max_chars) {
        Passages::Own(own) => (own.join("\n\n"), own.len()),
        // The numbered chunks written into one text as they are packed
        // (a list of them, numbered, then joined, held the text three
        // times more: 8 MB of WebVTT was over the memory limit).
        Passages::Body(body) => {
            let mut source = String::with_capacity(body.len() + body.len() / 64);
            let mut passages = 0;
            each_chunk(&body, max_chars, |n, chunk| {
                if n > 1 {
                    source.push_str("\n\n");
                }
                let _ = write!(source, "[{n}] {chunk}");
                passages = n;
            });
            (source, passages)
        }
    }
}

/// A file's passages as they come: labelled by the file itself, or a body
/// of paragraphs for [`chunk_document`] to pack.
enum Passages {
    Own(Vec<String>),
    Body(String),
}

/// A file's numbered passages (`[1] …`, `[2] …`). A transcript has no
/// paragraphs of its own, so it is cut into paragraphs of whole sentences
/// first; so is any paragraph longer than a passage (`cut_long_paragraph`).
/// Line ends are `\n` whatever the file used (`\r\n`, or a lone `\r` as old
/// Mac files do), as in a pasted text, and a byte-order mark is dropped.
pub fn to_passages(kind: FileKind, text: &str, max_chars: usize) -> Vec<String> {
    match passages_of(kind, text, max_chars) {
        Passages::Own(own) => own,
        Passages::Body(body) => chunk_document(&body, max_chars),
    }
}

/// [`to_passages`]: the file's own, or the body to chunk.
fn passages_of(kind: FileKind, text: &str, max_chars: usize) -> Passages {
    // A byte-order mark opens some files; it is not the file's text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Not copied when it has no carriage return (a copy of 8 MB of
    // transcript held beside its own copies was memory over the limit).
    let text: &str = &match text.contains('\r') {
        true => std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n")),
        false => std::borrow::Cow::Borrowed(text),
    };
    if kind != FileKind::WebVtt {
        if let Some(own) = own_passages(text, max_chars) {
            return Passages::Own(own);
        }
    }
    let body = match kind {
        FileKind::WebVtt => {
            let said = strip_vtt(text);
            // Sentences packed into paragraphs of at most `max_chars`
            // characters (a longer sentence stays whole), written into
            // one text.
            let mut body = String::with_capacity(said.len());
            let mut para_chars = 0;
            for (s, e) in super::sentences::split(&said) {
                if para_chars > 0 && para_chars + (e - s) > max_chars {
                    body.push_str("\n\n");
                    para_chars = 0;
                }
                if para_chars > 0 {
                    body.push(' ');
                    para_chars += 1;
                }
                body.push_str(&said[s..e]);
                para_chars += said[s..e].chars().count();
            }
            body
        }
        FileKind::Text | FileKind::Markdown => text
            .split("\n\n")
            .flat_map(|para| {
                if para.trim().chars().count() > max_chars {
                    cut_long_paragraph(para.trim(), max_chars)
                } else {
                    vec![para]
                }
            })
            .collect::<Vec<_>>()
            .join("\n\n"),
    };
    Passages::Body(body)
}

/// The passages of a file that labels its own (`[N]` opening lines, or
/// `passage N:`, read as the checker reads a pasted text), with at most a
/// passage's worth of text before its first label (a title): each from its
/// label to the next, as written, so that citations of its numbers name
/// them. Labelled again, a file exported from the lab read "[1] [1] …", and
/// a reference list's "[7]" was passage 3. `None` for any other file.
fn own_passages(text: &str, max_chars: usize) -> Option<Vec<String>> {
    let mut cuts = super::sentences::label_starts(text);
    let first = *cuts.first()?;
    if text[..first].trim().chars().count() > max_chars {
        return None;
    }
    cuts.insert(0, 0);
    cuts.push(text.len());
    Some(
        cuts.windows(2)
            .map(|w| text[w[0]..w[1]].trim())
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// `para` cut into pieces of at most `max_chars` characters, at sentence
/// ends; a sentence longer than that is cut at its last blank before the
/// limit (or at the limit, with none). Pieces are slices of `para`, trimmed,
/// in order, and hold all of its text but the blanks at the cuts. The
/// lab's passages stay small however a file is written (seed 003's
/// `chunk_document` keeps a long paragraph whole: a file with no blank
/// line was one passage of 288,889 characters).
fn cut_long_paragraph(para: &str, max_chars: usize) -> Vec<&str> {
    let max_chars = max_chars.max(1);
    let mut pieces = Vec::new();
    // The piece being filled: from `start`, `chars` characters so far.
    let (mut start, mut chars) = (0, 0);
    let mut spans = super::sentences::split(para);
    if let Some(last) = spans.last_mut() {
        last.1 = para.len();
    }
    let mut from = 0;
    for (_, end) in spans {
        let sentence = &para[from..end];
        let n = sentence.chars().count();
        if chars > 0 && chars + n > max_chars {
            pieces.push(&para[start..from]);
            (start, chars) = (from, 0);
        }
        if n > max_chars {
            // Cut the sentence itself, from the piece's start.
            let mut rest = start;
            let mut left = para[start..end].chars().count();
            while left > max_chars {
                let limit = rest
                    + para[rest..]
                        .char_indices()
                        .nth(max_chars)
                        .map_or(para.len() - rest, |(i, _)| i);
                let cut = para[rest..limit]
                    .rfind(char::is_whitespace)
                    .filter(|&i| i > 0)
                    .map_or(limit, |i| rest + i);
                left -= para[rest..cut].chars().count();
                pieces.push(&para[rest..cut]);
                rest = cut;
            }
            (start, chars) = (rest, left);
        } else {
            chars += n;
        }
        from = end;
    }
    if start < para.len() {
        pieces.push(&para[start..]);
    }
    pieces
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_carriage_return_reads_as_a_line_feed_and_a_crlf_is_kept() {
        assert_eq!(
            lone_returns_as_line_feeds("A.\rB.\r\nC.\r\r\nD.\r".into()),
            "A.\nB.\r\nC.\n\r\nD.\n"
        );
    }

    #[test]
    fn utf16_is_told_by_its_mark_or_its_nul_bytes_beside_ascii() {
        let le: Vec<u8> = "Hi there"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = "Hi there"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert!(looks_utf16(&le) && looks_utf16(&be));
        assert!(looks_utf16(&[0xFF, 0xFE, b'{', 0]) && looks_utf16(&[0xFE, 0xFF, 0, b'{']));
        // Without a mark, letters outside ASCII too (Cyrillic's units are
        // valid UTF-8 bytes but for the NULs of its spaces).
        for text in [
            "Die Brücke wurde 1998 eröffnet.",
            "Мост открыт в 1998 году.",
            "橋は1998年に開通した。",
        ] {
            let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
            assert!(looks_utf16(&le) && looks_utf16(&be), "{text}");
        }
        let utf32: Vec<u8> = [0xFEFF_u32, 'H' as u32]
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        for not in [
            &b"Hi there"[..],
            b"",
            b"a",
            b"\0\0\0\0",
            b"ab\0c",
            "é, Мост, 橋は".as_bytes(),
            &utf32,
            b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0",
            // ASCII text with a stray NUL (a stranger's): binary, not UTF-16.
            b"The sky is \0blue.",
            b"The sky is blue.\0 Water boils at 100 C.\0\n",
        ] {
            assert!(!looks_utf16(not), "{not:?}");
        }
    }

    const VTT: &str = "WEBVTT\n\nNOTE made by hand\nstill a note\n\n1\n00:00:01.000 --> 00:00:04.000\nWe agreed to ship in March.\n\n2\n00:00:04.500 --> 00:00:07.000 align:start\nThe budget is $50k.\n";

    /// A file opens as the CLI reads it: plain text as it is (its own
    /// paragraphs its passages), whatever its length; a transcript by its
    /// name or its first line; Markdown by its name.
    #[test]
    fn a_file_opens_as_the_cli_reads_it() {
        let paras = "\u{feff}One. Two.\n\nThree.\n\n".to_string() + &"Four and more. ".repeat(60);
        let (source, passages) = opened_source("notes.txt", paras.clone(), PASSAGE_CHARS);
        assert_eq!((source.as_str(), passages), (&paras[3..], None));
        let expected = to_source(FileKind::WebVtt, VTT, PASSAGE_CHARS);
        for name in ["meeting.vtt", "meeting.txt", "stdin"] {
            let opened = opened_source(name, VTT.to_string(), PASSAGE_CHARS);
            assert_eq!(opened, (expected.clone(), Some(1)), "{name}");
        }
        // Markdown's passages as listed, counted as written.
        let (md, passages) = opened_source("notes.md", paras.clone(), PASSAGE_CHARS);
        let listed = to_passages(FileKind::Markdown, &paras, PASSAGE_CHARS);
        assert_eq!((md, passages), (listed.join("\n\n"), Some(listed.len())));
        assert!(listed.len() > 1, "{listed:?}");
    }

    #[test]
    fn a_paragraph_longer_than_a_passage_is_cut_at_sentence_ends_then_blanks() {
        let sentence = "The pier was mended in the spring of that year. ";
        let texts = [
            sentence.repeat(40),
            "word ".repeat(400),
            "x".repeat(1_234),
            format!("{}{}", "é".repeat(700), sentence.repeat(3)),
            format!("Dr. Smith wrote it. {}", "and then ".repeat(90)),
        ];
        for text in &texts {
            for max in [1, 7, 100, 500] {
                let pieces = cut_long_paragraph(text.trim(), max);
                assert!(
                    pieces
                        .iter()
                        .all(|p| (1..=max).contains(&p.chars().count())),
                    "{max}: {pieces:?}"
                );
                let joined: String = pieces.concat().split_whitespace().collect();
                let whole: String = text.split_whitespace().collect();
                assert_eq!(joined, whole, "{max}: nothing but blanks is lost");
            }
        }
        // Whole sentences where they fit.
        let sentences = sentence.repeat(40);
        let pieces = cut_long_paragraph(sentences.trim(), 100);
        assert!(pieces.iter().all(|p| p.ends_with("year.")), "{pieces:?}");
        // A file of one long paragraph opens as passages of at most 500 characters.
        let passages = to_passages(FileKind::Text, &"word ".repeat(60_000), PASSAGE_CHARS);
        let words: usize = passages.iter().map(|p| p.matches("word").count()).sum();
        assert_eq!((words, passages.len() >= 600), (60_000, true));
        assert!(passages
            .iter()
            .all(|p| p.chars().count() <= PASSAGE_CHARS + "[600] ".len()));
    }

    #[test]
    fn a_file_that_labels_its_own_passages_keeps_them() {
        let refs = "References\n\n[5] Smith, J. (2019). Tides of the north. Harbour Press.\n[6] Jones, K. (2020). Piers.\n\n[7] Lee, M. (2021). Ferries.\n";
        let passages = to_passages(FileKind::Text, refs, 500);
        assert_eq!(passages[0], "References");
        assert!(passages[1].starts_with("[5] Smith"));
        assert_eq!(passages[3], "[7] Lee, M. (2021). Ferries.");
        // What the checker reads: the file's own three labelled passages.
        let source = to_source(FileKind::Markdown, refs, 500);
        let (marks, spans) = crate::text::sentences::passages_marked(&source);
        assert_eq!(
            (marks, spans.len()),
            (crate::text::sentences::PassageMarks::Brackets, 4)
        );
        // Opened again, a source the lab labelled stays as it is.
        let labelled = to_source(FileKind::Text, &"A sentence of the file. ".repeat(60), 500);
        assert_eq!(to_source(FileKind::Text, &labelled, 500), labelled);
        // A long text before the first label is chunked as before.
        let long = format!("{}\n\n[1] A reference.", "Body text. ".repeat(100));
        assert!(to_source(FileKind::Text, &long, 500).starts_with("[1] Body text."));
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_passage() {
        for kind in [FileKind::Text, FileKind::Markdown, FileKind::WebVtt] {
            let text = format!(
                "\u{feff}{}",
                if kind == FileKind::WebVtt {
                    VTT
                } else {
                    "One.\n\nTwo."
                }
            );
            let plain = text.trim_start_matches('\u{feff}');
            assert_eq!(to_passages(kind, &text, 500), to_passages(kind, plain, 500));
            assert!(!to_source(kind, &text, 500).contains('\u{feff}'));
        }
    }

    #[test]
    fn a_file_s_line_ends_are_newlines_whatever_it_used() {
        for kind in [FileKind::Text, FileKind::Markdown] {
            assert_eq!(
                to_source(kind, "One.\r\rTwo.\r\nThree.\n", 10_000),
                to_source(kind, "One.\n\nTwo.\nThree.\n", 10_000)
            );
        }
        let vtt_cr = VTT.replace('\n', "\r");
        assert_eq!(
            to_source(FileKind::WebVtt, &vtt_cr, 10_000),
            to_source(FileKind::WebVtt, VTT, 10_000)
        );
        assert!(!to_source(FileKind::Text, "a\rb", 100).contains('\r'));
    }

    #[test]
    fn transcripts_are_known_by_name_or_by_their_header() {
        assert_eq!(
            passage_kind("talk.vtt", "1\n00:00 --> 00:01\nHi."),
            Some(FileKind::WebVtt)
        );
        assert_eq!(passage_kind("-", VTT), Some(FileKind::WebVtt));
        assert_eq!(
            passage_kind("notes.md", "# Notes"),
            Some(FileKind::Markdown)
        );
        assert_eq!(passage_kind("notes.txt", "Plain."), None);
        assert_eq!(passage_kind("-", "Plain text."), None);
    }

    #[test]
    fn vtt_cues_and_timestamps_are_stripped() {
        assert_eq!(
            strip_vtt(VTT),
            "We agreed to ship in March. The budget is $50k."
        );
    }

    /// Cue identifiers of any text, the header's lines, voice and other
    /// tags are not what is said (found by a stranger: `cue-1 <v Host>The
    /// viaduct opened in 1974.</v> cue-2 …` was one sentence).
    #[test]
    fn vtt_identifiers_header_lines_and_tags_are_stripped() {
        let vtt = "WEBVTT\nKind: captions\nLanguage: en\n\ncue-1\n00:00:01.000 --> 00:00:03.000\n<v Host>The viaduct opened in 1974.</v>\n\nintro two\n00:00:03.500 --> 00:00:05.000 align:start\n<v.loud Caller>Its span is <i>612</i> metres<00:00:04.000> &amp; it carries 6 lanes.\n\n3\n00:00:05.500 --> 00:00:07.000\nA sign reads 2 < 3 and <b>x</b>.\n";
        assert_eq!(
            strip_vtt(vtt),
            "The viaduct opened in 1974. Its span is 612 metres & it carries 6 lanes. A sign reads 2 < 3 and x."
        );
    }

    /// The source written chunk by chunk is the passages joined.
    #[test]
    fn a_source_is_its_passages_joined() {
        let long = "The pier opened in 1998. It is 410 m long. ".repeat(40);
        let texts = [
            VTT.to_string(),
            format!("Alpha one.\n\nBeta two.\n\n{long}\n\nGamma."),
            "[1] Own passage.\n[2] Another one.".to_string(),
            String::new(),
        ];
        for text in &texts {
            for kind in [FileKind::WebVtt, FileKind::Markdown, FileKind::Text] {
                for max in [10, 30, 500] {
                    assert_eq!(
                        to_source(kind, text, max),
                        to_passages(kind, text, max).join("\n\n"),
                        "{kind:?} {max} {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn chunks_pack_paragraphs_up_to_the_limit() {
        let text = "Alpha one.\n\nBeta two.\n\nGamma three is a longer paragraph.";
        assert_eq!(
            chunk_document(text, 25),
            [
                "[1] Alpha one.\n\nBeta two.",
                "[2] Gamma three is a longer paragraph."
            ]
        );
        assert_eq!(chunk_document("  \n\n ", 500), Vec::<String>::new());
    }

    #[test]
    fn a_transcript_becomes_numbered_passages_the_checker_reads() {
        let source = to_source(FileKind::WebVtt, VTT, 30);
        assert_eq!(
            source,
            "[1] We agreed to ship in March.\n\n[2] The budget is $50k."
        );
        let doc = crate::text::Document::analyse(&source, crate::text::AnalysisOptions::SEED);
        assert_eq!(doc.passages.len(), 2);
        assert_eq!(doc.sentence_text(1), "The budget is $50k.");
    }

    #[test]
    fn file_kinds_by_extension() {
        assert_eq!(FileKind::from_name("notes.MD"), Some(FileKind::Markdown));
        assert_eq!(FileKind::from_name("call.vtt"), Some(FileKind::WebVtt));
        assert_eq!(FileKind::from_name("a.txt"), Some(FileKind::Text));
        assert_eq!(FileKind::from_name("a.pdf"), None);
        assert_eq!(FileKind::from_name("README"), None);
    }
}
