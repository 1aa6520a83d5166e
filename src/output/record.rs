//! One record of `claimlab batch` (seed 003's batch verification): read from
//! its line of JSON, checked, and written as its report's line. The CLI
//! reads the lines of a file and checks them on its threads; the Python
//! package's `claimlab.batch` checks rows given as dicts (each written as
//! such a line). Both call [`Record::parse`] and [`check_record`], so a row
//! gets the same report, byte for byte, and a bad one the same reason.
//!
//! Each record is checked on its own (no state carries from record to
//! record). The one thing kept between records is the analysis of the last
//! few short sources ([`RecentSources`]): answers to one question come in
//! runs (RAGTruth's 584 test answers have 150 sources), and a source read
//! once serves the answers after it. The reports are the same either way.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Deserialize;

use crate::compact::{Include, Part};
use crate::config::Config;
use crate::pipeline::{check, CheckInput};
use crate::report::{Decision, VerdictCounts};
use crate::scoring::Routing;
use crate::text::{import, sentences, Document};

use super::vectors::{self, VectorMap, Vectors};

/// One line of input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    #[serde(default)]
    pub question: String,
    /// The source: one text, or a list of passages (numbered 1…m for `[N]` citations).
    #[serde(default)]
    pub context: Context,
    pub answer: String,
    /// The line's own name for itself (a string or number in most
    /// datasets), written back as its report's `id`.
    #[serde(default)]
    pub id: Option<serde_json::Value>,
    #[serde(default)]
    pub samples: Vec<String>,
    /// Sentence vectors (text → vector) for this line's consistency check,
    /// extending and overriding those of `--vectors`.
    #[serde(default)]
    pub vectors: Option<VectorMap>,
}

#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "`context` must be a text or a list of passage texts"
)]
pub enum Context {
    Text(String),
    Passages(Vec<String>),
}

impl Default for Context {
    fn default() -> Self {
        Context::Text(String::new())
    }
}

/// A JSON error in one line of a JSON Lines file: "at column 7" rather than
/// "at line 1 column 7", since the line is already named.
pub fn json_line_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line 1 column {}", e.column());
    match text.strip_suffix(&suffix) {
        Some(msg) if e.line() == 1 => format!("{msg} at column {}", e.column()),
        _ => text,
    }
}

/// The first `\uXXXX` escape in `line` that is half of a UTF-16 surrogate
/// pair without its other half: a high one (D800–DBFF) not followed by a
/// low one (DC00–DFFF), or a low one not after a high one.
fn lone_surrogate(line: &str) -> Option<&str> {
    let unit = |at: usize| -> Option<u16> {
        let hex = line.get(at..at + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let mut at = 0;
    while let Some(found) = line[at..].find("\\u") {
        let here = at + found;
        // After an escaped backslash (`\\u` in the line) it is no escape.
        let backslashes = line[..here]
            .bytes()
            .rev()
            .take_while(|&b| b == b'\\')
            .count();
        match unit(here) {
            Some(u) if backslashes % 2 == 0 => {
                if (0xD800..0xDC00).contains(&u) {
                    match unit(here + 6) {
                        Some(low) if (0xDC00..0xE000).contains(&low) => {
                            at = here + 12;
                            continue;
                        }
                        _ => return line.get(here..here + 6),
                    }
                }
                if (0xDC00..0xE000).contains(&u) {
                    return line.get(here..here + 6);
                }
                at = here + 6;
            }
            _ => at = here + 2,
        }
    }
    None
}

impl Record {
    /// Read a line (not blank): a JSON object of the record's fields,
    /// refused with the reason `claimlab batch` gives after `FILE:LINE:`.
    pub fn parse(line: &str) -> Result<Record, String> {
        let why = |field: String, e: &serde_json::Error| {
            // Valid JSON of another shape (an array serde would read as
            // the fields in order, a string): say what a line must be.
            let start = line.trim_start().chars().next().unwrap_or(' ');
            if start != '{' && serde_json::from_str::<serde::de::IgnoredAny>(line).is_ok() {
                format!("a line must be a JSON object ({{\"context\": …, \"answer\": …}}); this one starts with `{start}`")
            } else if e.is_syntax() || e.is_eof() {
                // A file whose lines end in a lone carriage return (classic
                // Mac OS) is read as one line: say so, not only "trailing
                // characters" somewhere in it. (A line ends at a line feed,
                // so a carriage return inside it is a lone one.)
                let hint = if line.trim_end().contains('\r') {
                    "; its lines end with a lone carriage return (as classic Mac OS wrote them), and JSON Lines needs line feeds: convert the file, e.g. with tr '\\r' '\\n'".to_string()
                } else if let Some(escape) = lone_surrogate(line) {
                    // serde_json's "unexpected end of hex escape" names
                    // neither the escape nor what is wrong with it.
                    format!("; `{escape}` is half of a UTF-16 surrogate pair without its other half, which no text can hold: write the character itself, or both halves")
                } else {
                    String::new()
                };
                format!("not valid JSON: {}{hint}", json_line_error(e))
            } else {
                // The line's own field the error is in ("answer: …"); an
                // error deeper in (a sentence's vector) names its place.
                let message = json_line_error(e);
                match field.as_str() {
                    "." | "" => message,
                    field if field.contains('.') || field.contains('[') => message,
                    // An unknown field's error, and `context`'s, name it already.
                    field if message.contains(&format!("`{field}`")) => message,
                    field => format!("{field}: {message}"),
                }
            }
        };
        let mut reader = serde_json::Deserializer::from_str(line);
        match serde_path_to_error::deserialize::<_, Record>(&mut reader) {
            Ok(record) => match reader.end() {
                Ok(()) => Record::checked(record),
                Err(e) => Err(why(String::new(), &e)),
            },
            Err(e) => Err(why(e.path().to_string(), e.inner())),
        }
    }

    /// Refuse a record with a NUL in its text, nothing to check, or nothing
    /// to check it against.
    fn checked(self) -> Result<Record, String> {
        // A NUL written as `\u0000` is refused as a NUL byte is (and as
        // `check` refuses a file holding one).
        let context: Vec<&String> = match &self.context {
            Context::Text(t) => vec![t],
            Context::Passages(ps) => ps.iter().collect(),
        };
        let fields = [
            ("question", vec![&self.question]),
            ("context", context),
            ("answer", vec![&self.answer]),
            ("samples", self.samples.iter().collect()),
        ];
        if let Some((name, _)) = fields
            .iter()
            .find(|(_, texts)| texts.iter().any(|t| t.contains('\0')))
        {
            return Err(format!(
                "{name} holds a NUL character (\\u0000); expected text"
            ));
        }
        if self.answer.trim().is_empty() {
            return Err("answer is empty".into());
        }
        if let Context::Passages(ps) = &self.context {
            if ps.len() > MAX_PASSAGES {
                return Err(format!(
                    "context is a list of {} passages; at most {MAX_PASSAGES} are numbered ([1] to [{MAX_PASSAGES}])",
                    ps.len()
                ));
            }
        }
        if self.context.source().trim().is_empty() && self.samples.is_empty() {
            return Err("context is empty and there are no samples to check against".into());
        }
        Ok(self)
    }
}

/// The most passages a context list may hold: its passages are `[N]`
/// paragraphs, and a `[N]` label has at most four digits
/// ([`sentences::BRACKET_LABEL_DIGITS`]), so the 10,000th would be read as
/// text.
pub const MAX_PASSAGES: usize = 10usize.pow(*sentences::BRACKET_LABEL_DIGITS.end() as u32) - 1;

impl Context {
    /// The source text the core reads: passages become `[N] …` paragraphs.
    pub fn source(&self) -> String {
        match self {
            // A transcript in a record is cut into numbered passages, as the lab does.
            Context::Text(t) => match import::passage_kind("", t) {
                Some(kind) => import::to_source(kind, t, import::PASSAGE_CHARS),
                None => t.clone(),
            },
            Context::Passages(ps) => ps
                .iter()
                .enumerate()
                .map(|(i, p)| format!("[{}] {}", i + 1, one_passage(p)))
                .collect::<Vec<_>>()
                .join("\n\n"),
        }
    }
}

/// A passage of a list as the text of one labelled passage: a line of it
/// that a label would open (`[2] …`, `passage 2: …`) joins the line before
/// it with a space, so that the source's passages are the list's (it began
/// a passage of its own, and citations of the list's passages went wrong).
fn one_passage(p: &str) -> std::borrow::Cow<'_, str> {
    let p = p.trim();
    let inner: Vec<usize> = sentences::label_lines(p)
        .into_iter()
        .filter(|&s| s > 0)
        .collect();
    if inner.is_empty() {
        return p.into();
    }
    let mut out = String::with_capacity(p.len());
    let mut from = 0;
    for s in inner {
        out.push_str(&p[from..p[..s].trim_end().len()]);
        out.push(' ');
        from = s;
    }
    out.push_str(&p[from..]);
    out.into()
}

/// The analysed sources of the last records, shared by the checking
/// threads, so that answers checked against one source in a row read it
/// once. Only sources up to [`RecentSources::MAX_SOURCE_BYTES`] are kept,
/// and at most two per thread (a 64 KB source's analysis is about 2.5 MB),
/// however long the input.
pub struct RecentSources {
    /// Each source with its analysis, oldest first: a thread that finds the
    /// source another is still reading waits for that analysis (lines with
    /// one source go to the threads side by side).
    docs: Mutex<VecDeque<(String, Arc<OnceLock<Document>>)>>,
    capacity: usize,
}

impl RecentSources {
    /// Sources longer than this are analysed for their line alone (a
    /// document holds about 40 bytes per byte of its source).
    pub const MAX_SOURCE_BYTES: usize = 64 * 1024;

    /// Room for the sources of `threads` threads checking side by side.
    pub fn new(threads: usize) -> RecentSources {
        RecentSources {
            docs: Mutex::new(VecDeque::new()),
            capacity: 2 * threads.max(1),
        }
    }

    /// `then` of the analysis of `source`: one kept from an earlier line,
    /// or a fresh one (kept if the source is short).
    pub fn with_analysed<R>(
        &self,
        source: String,
        config: &Config,
        then: impl FnOnce(&Document) -> R,
    ) -> R {
        let analyse = |source: &str| Document::analyse(source, config.into());
        let cell = if source.len() > Self::MAX_SOURCE_BYTES {
            Arc::new(OnceLock::new())
        } else {
            let Ok(mut docs) = self.docs.lock() else {
                return then(&analyse(&source));
            };
            match docs.iter().find(|(s, _)| *s == source) {
                Some((_, cell)) => Arc::clone(cell),
                None => {
                    if docs.len() == self.capacity {
                        docs.pop_front();
                    }
                    let cell = Arc::new(OnceLock::new());
                    docs.push_back((source.clone(), Arc::clone(&cell)));
                    cell
                }
            }
        };
        // Outside the lock: one thread reads the source, any other asking
        // for it meanwhile waits for it.
        then(cell.get_or_init(|| analyse(&source)))
    }
}

/// What a batch checks every record with.
#[derive(Debug, Clone, Copy)]
pub struct Shape<'a> {
    pub config: &'a Config,
    /// `--vectors`: sentence vectors for every record.
    pub vectors: Option<&'a Vectors>,
    /// Parts of the compact report (`None`: the full report).
    pub include: Option<Include>,
}

/// What checking one record gives: its report as a JSON line (ending in
/// `\n`) and what a batch's summary counts.
#[derive(Debug, Clone)]
pub struct Checked {
    pub json: Vec<u8>,
    /// [`crate::report::Report::headline`] of a full report, which does not
    /// write it (the Python package shows it beside the report); `None` for
    /// a compact report, which writes it.
    pub headline: Option<String>,
    pub decision: Decision,
    pub counts: VerdictCounts,
    pub routing: Routing,
}

/// Check one record: its report as `claimlab batch` writes it, or why it
/// could not be checked (its vectors). A bug in the core panics here: the
/// caller catches it and names the record.
pub fn check_record(
    mut record: Record,
    shape: &Shape,
    recent: &RecentSources,
) -> Result<Checked, String> {
    let texts: Vec<&str> = std::iter::once(&record.answer)
        .chain(&record.samples)
        .map(String::as_str)
        .collect();
    let given = vectors::for_record(shape.vectors, record.vectors.take(), &texts)?;
    let cfg = shape.config;
    let report = recent.with_analysed(record.context.source(), cfg, |doc| {
        check(
            doc,
            &CheckInput {
                answer: &record.answer,
                samples: &record.samples,
                question: &record.question,
                vectors: given.as_deref(),
                skip_trace: super::leaves_out(shape.include, Part::Trace),
                skip_sources: super::leaves_out(shape.include, Part::Sources),
                earlier: None,
                ..Default::default()
            },
            cfg,
        )
    });
    let json = super::report_line(
        &report,
        shape.include,
        &record.samples,
        given.as_deref(),
        record.id.as_ref(),
    );
    Ok(Checked {
        json,
        headline: shape.include.is_none().then(|| report.headline()),
        decision: report.decision,
        counts: report.summary.counts,
        routing: report.quality.routing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_surrogate_escape_is_named_and_a_pair_is_not() {
        assert_eq!(
            lone_surrogate(r#""a \ud83d\ude00 b \ud800\u0041""#),
            Some(r"\ud800")
        );
        assert_eq!(lone_surrogate(r#""\udc00""#), Some(r"\udc00"));
        assert_eq!(lone_surrogate(r#""\ud83d\ude00 \u00e9 \\ud800""#), None);
        assert_eq!(lone_surrogate(r#""\ud83d""#), Some(r"\ud83d"));
        assert!(Record::parse(r#"{"context": "S.", "answer": "\ud83d\ude00 A."}"#).is_ok());
    }

    #[test]
    fn a_line_is_read_or_refused_with_its_reason() {
        let r = Record::parse(r#"{"context": ["One.", "Two."], "answer": "One [1]."}"#).unwrap();
        assert_eq!(r.context.source(), "[1] One.\n\n[2] Two.");
        for (line, says) in [
            (r#"["a", "b"]"#, "must be a JSON object"),
            (r#"{"answer": "x", "colour": 1}"#, "unknown field `colour`"),
            (r#"{"context": "S."}"#, "missing field `answer`"),
            (
                "{\"context\": \"S.\", \"answer\": \"A.\"}\r{\"context\": \"T.\", \"answer\": \"B.\"}\r",
                "lone carriage return",
            ),
            (r#"{"context": "S.", "answer": " "}"#, "answer is empty"),
            (r#"{"answer": "A."}"#, "context is empty"),
            (
                &format!(
                    r#"{{"context": [{}], "answer": "A."}}"#,
                    vec![r#""P.""#; MAX_PASSAGES + 1].join(",")
                ),
                "context is a list of 10000 passages; at most 9999 are numbered",
            ),
            (r#"{"context": "S\u0000", "answer": "A."}"#, "NUL character"),
            (
                r#"{"context": 3, "answer": "A."}"#,
                "`context` must be a text",
            ),
            ("{not json", "at column"),
            (
                r#"{"context": "S.", "answer": "x \ud800 y"}"#,
                r"`\ud800` is half of a UTF-16 surrogate pair",
            ),
            (
                r#"{"context": "S.", "answer": "x \uDC00 y"}"#,
                r"`\uDC00` is half of a UTF-16 surrogate pair",
            ),
        ] {
            let err = Record::parse(line).unwrap_err();
            assert!(err.contains(says), "{line}: {err}");
        }
    }

    /// A stranger's list whose first passage held a line opening "[2]":
    /// the source had three passages, and a claim citing the first was
    /// miscited. Each passage of a list is one passage of the source.
    #[test]
    fn a_passage_of_a_list_is_one_passage_whatever_its_lines_look_like() {
        let doc_of = |passages: &[&str]| {
            let context = Context::Passages(passages.iter().map(|p| p.to_string()).collect());
            Document::analyse(&context.source(), (&Config::default()).into())
        };
        for first in [
            "Intro text here.\n[2] The Eiffel Tower was completed in 1889.",
            "Intro text here.\n\n  [7] The Eiffel Tower was completed in 1889.",
            "Intro text here.\nPassage 2: The Eiffel Tower was completed in 1889.",
            "[3] The Eiffel Tower was completed in 1889.\n[4] Intro text here.",
        ] {
            let doc = doc_of(&[first, "Cats are small animals.", "passage 9: Dogs bark."]);
            assert_eq!(doc.passages.len(), 3, "{first:?}");
            let eiffel = doc
                .sentences
                .iter()
                .find(|s| doc.text[s.start()..s.end()].contains("Eiffel"))
                .unwrap();
            assert_eq!(eiffel.passage(), 1, "{first:?}");
            assert_eq!(doc.passage_names(), Some(&[1, 2, 3][..]), "{first:?}");
            let report = crate::pipeline::check_text(
                &doc.text,
                "The Eiffel Tower was completed in 1889 [1].",
                &Config::default(),
            );
            assert_eq!(
                report.claims[0].verdict,
                crate::report::Verdict::Supported,
                "{first:?}"
            );
        }
        // A passage without such a line is kept as it is written.
        assert_eq!(
            Context::Passages(vec!["One.\nTwo [3] words.".into()]).source(),
            "[1] One.\nTwo [3] words."
        );
    }

    #[test]
    fn a_record_is_checked_to_its_line() {
        let cfg = Config::default();
        let shape = Shape {
            config: &cfg,
            vectors: None,
            include: Some(Include::NONE),
        };
        let recent = RecentSources::new(1);
        let r = Record::parse(
            r#"{"context": "The span is 410 metres long.", "answer": "The span is 460 metres long."}"#,
        )
        .unwrap();
        let checked = check_record(r, &shape, &recent).unwrap();
        assert_eq!(checked.decision, Decision::Block);
        assert!(checked.json.ends_with(b"}\n"));
        let v: serde_json::Value = serde_json::from_slice(&checked.json).unwrap();
        assert_eq!(v["claims"][0]["verdict"], "contradicted");
    }
}
