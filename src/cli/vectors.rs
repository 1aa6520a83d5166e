//! `--vectors FILE`: the user's own sentence vectors for the consistency
//! check, seed 000's `embed_fn` given as a table (sentence text → vector).
//!
//! The file is JSON Lines, one `{"text": "…", "vector": [0.1, …]}` per line,
//! or one JSON object mapping each text to its vector (seed 000's `VECS`).
//! Texts are trimmed, as `GivenVectors` looks sentences up by trimmed text.
//! Every vector must be non-empty, of finite numbers that fit an `f32`, and
//! as long as the others; a text given twice must have the same vector.
//! Each fault stops with `FILE:LINE: reason`.
//!
//! The core uses the vectors only when they cover every claim and every
//! sentence of every sample; otherwise it scores consistency with the
//! lexical embedder. [`fallback`] says when it did and why, for the report
//! (`embedder_fallback`) and the text output.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader};

use claimlab::checks::consistency::{self, Embedder, GivenVectors};
use claimlab::compact::{CompactReport, Include};
use claimlab::report::Report;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::input::{io_reason, json_line_error, read_text, Line, Lines};

/// Vectors read from a file, all of one length.
#[derive(Debug, Default)]
pub struct Vectors {
    pub given: GivenVectors,
    /// The length of every vector.
    pub dim: usize,
}

/// A text, shortened for a message.
fn quoted(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}", format!("{}…", &text[..cut])),
        None => format!("{text:?}"),
    }
}

/// "1 number", "3 numbers".
fn count(n: usize) -> String {
    format!("{n} number{}", if n == 1 { "" } else { "s" })
}

/// One vector, checked: not empty, finite `f32` numbers, and as long as
/// `dim` says when the length is already set (with what set it, for the
/// message: "line 1's has").
fn checked_vector(numbers: Vec<f64>, dim: Option<(usize, &str)>) -> Result<Vec<f32>, String> {
    if numbers.is_empty() {
        return Err("the vector is empty".into());
    }
    if let Some((dim, from)) = dim.filter(|(d, _)| *d != numbers.len()) {
        return Err(format!(
            "the vector has {}, but {from} {}: every vector must have the same length",
            count(numbers.len()),
            count(dim)
        ));
    }
    numbers
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let y = x as f32;
            if y.is_finite() {
                Ok(y)
            } else {
                Err(format!(
                    "number {} of the vector, {x:e}, is not a finite 32-bit number",
                    i + 1
                ))
            }
        })
        .collect()
}

/// A text as the core looks it up (trimmed), refused when empty.
fn checked_text(text: &str) -> Result<&str, String> {
    let t = text.trim();
    if t.is_empty() {
        Err("the text is empty".into())
    } else {
        Ok(t)
    }
}

/// A JSON object mapping text → vector, in the order written, each entry
/// checked as its vector is read, so that serde_json names the line (and
/// column) where that vector ends.
#[derive(Debug, Default)]
pub struct VectorMap {
    pub entries: Vec<(String, Vec<f32>)>,
}

impl VectorMap {
    pub fn dim(&self) -> Option<usize> {
        self.entries.first().map(|(_, v)| v.len())
    }
}

impl<'de> Deserialize<'de> for VectorMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = VectorMap;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object mapping each sentence to its vector")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<VectorMap, A::Error> {
                let mut out = VectorMap::default();
                let mut index: HashMap<String, usize> = HashMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let text = key.trim();
                    let earlier = index.get(text).map(|&k| out.entries[k].1.as_slice());
                    let vector = map.next_value_seed(Entry {
                        text,
                        dim: out.dim(),
                        earlier,
                    })?;
                    if earlier.is_none() {
                        index.insert(text.to_string(), out.entries.len());
                        out.entries.push((text.to_string(), vector));
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(Entries)
    }
}

/// One entry's vector, checked inside its own list (an error raised there
/// carries the position of the list's end, not of the object's).
struct Entry<'a> {
    /// The key, trimmed.
    text: &'a str,
    /// The length of the entries before it.
    dim: Option<usize>,
    /// The vector of an earlier entry with the same text.
    earlier: Option<&'a [f32]>,
}

impl<'de> de::DeserializeSeed<'de> for Entry<'_> {
    type Value = Vec<f32>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<f32>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Entry<'_> {
    type Value = Vec<f32>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a list of numbers (the vector of {})", quoted(self.text))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<f32>, A::Error> {
        let mut numbers = Vec::new();
        while let Some(x) = seq.next_element::<f64>()? {
            numbers.push(x);
        }
        let fail = |e: String| de::Error::custom(format!("{}: {e}", quoted(self.text)));
        if self.text.is_empty() {
            return Err(de::Error::custom("a text (a key) is empty"));
        }
        let vector =
            checked_vector(numbers, self.dim.map(|d| (d, "the first has"))).map_err(fail)?;
        match self.earlier {
            Some(v) if v != vector => Err(de::Error::custom(format!(
                "{} is given twice with different vectors",
                quoted(self.text)
            ))),
            _ => Ok(vector),
        }
    }
}

/// One line of the JSON Lines form.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an object {\"text\": …, \"vector\": […]}"
)]
struct Record {
    text: String,
    vector: Vec<f64>,
}

/// A JSON error on one line, saying "not JSON" when the text is not JSON
/// at all (and that JSON has no NaN or Infinity when the line holds one).
fn line_error(e: &serde_json::Error, line: &str) -> String {
    let msg = json_line_error(e);
    if msg.starts_with("number out of range") {
        return format!("{msg}: every number must be a finite 32-bit number");
    }
    if !matches!(
        e.classify(),
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof
    ) {
        return msg;
    }
    if ["NaN", "Infinity"].iter().any(|w| line.contains(w)) {
        format!("not JSON: {msg} (JSON has no NaN or Infinity: every number must be finite)")
    } else {
        format!("not JSON: {msg}")
    }
}

/// One line of the JSON Lines form. Only an object is a record (serde
/// would read a list `["text", [1, 2]]` as the fields in order).
fn parse_record(line: &str) -> Result<Record, String> {
    use serde_json::Value;
    if line.trim_start().starts_with('{') {
        return serde_json::from_str(line).map_err(|e| line_error(&e, line));
    }
    let got = match serde_json::from_str::<Value>(line) {
        Ok(Value::Array(_)) => "a list",
        Ok(Value::String(_)) => "a string",
        Ok(Value::Number(_)) => "a number",
        Ok(Value::Bool(_)) => "true or false",
        Ok(Value::Null | Value::Object(_)) => "null",
        Err(e) => return Err(line_error(&e, line)),
    };
    Err(format!(
        "expected an object {{\"text\": …, \"vector\": […]}}, not {got}"
    ))
}

/// Read `--vectors FILE` (`-`: standard input).
pub fn read(path: &str) -> Result<Vectors, String> {
    let name = if path == "-" { "<stdin>" } else { path };
    // Standard input cannot be read twice: it is held (up to the size
    // limit) so that either form can be parsed from it.
    let held: Option<String> = if path == "-" {
        Some(read_text(path, "vectors")?)
    } else {
        let meta = std::fs::metadata(path)
            .map_err(|e| format!("cannot read vectors file {path}: {}", io_reason(&e)))?;
        if meta.is_dir() {
            return Err(format!("vectors {path} is a directory, not a file"));
        }
        None
    };
    let open = || -> Result<Box<dyn BufRead + '_>, String> {
        Ok(match &held {
            Some(text) => Box::new(text.as_bytes()),
            None => {
                let file = File::open(path)
                    .map_err(|e| format!("cannot read vectors file {path}: {}", io_reason(&e)))?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
        })
    };
    let vectors = if is_one_object(open()?, name)? {
        let text = match &held {
            Some(text) => Cow::Borrowed(text.as_str()),
            None => Cow::Owned(read_text(path, "vectors")?),
        };
        from_object(&text, name)?
    } else {
        from_lines(open()?, name)?
    };
    if vectors.given.0.is_empty() {
        return Err(format!(
            "vectors file {name} holds no vectors (expected one {{\"text\": …, \"vector\": […]}} per line, or one object mapping each text to its vector)"
        ));
    }
    Ok(vectors)
}

/// Is the file one JSON object mapping text → vector (rather than JSON
/// Lines)? Decided by its first non-blank line: one that opens an object
/// but is not JSON by itself opens an object written over several lines;
/// one that is a whole object without a `text` or `vector` field is a
/// mapping written on one line when nothing follows it.
fn is_one_object(reader: Box<dyn BufRead + '_>, name: &str) -> Result<bool, String> {
    let mut lines = Lines::new(reader);
    let (mut first, mut more) = (None, false);
    while let Some(line) = lines.next_line() {
        let n = lines.number;
        match line.map_err(|e| format!("{name}:{n}: {}", io_reason(&e)))? {
            Line::Text(t) if t.trim().is_empty() => continue,
            Line::Text(t) if first.is_none() => first = Some(t),
            // A line that is not text: JSON Lines reading names it.
            Line::Bad(_) if first.is_none() => return Ok(false),
            _ => {
                more = true;
                break;
            }
        }
    }
    let Some(first) = first else {
        return Ok(false);
    };
    Ok(match serde_json::from_str::<serde_json::Value>(&first) {
        Ok(serde_json::Value::Object(o)) => {
            !more && !o.contains_key("text") && !o.contains_key("vector")
        }
        Ok(_) => false,
        Err(_) => more && first.trim_start().starts_with('{'),
    })
}

fn from_object(text: &str, name: &str) -> Result<Vectors, String> {
    let map: VectorMap = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg
            .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
            .unwrap_or(&msg);
        let not_json = matches!(
            e.classify(),
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof
        );
        format!(
            "{name}:{}: {}{msg}",
            e.line(),
            if not_json { "not JSON: " } else { "" }
        )
    })?;
    let dim = map.dim().unwrap_or(0);
    Ok(Vectors {
        given: GivenVectors(map.entries.into_iter().collect()),
        dim,
    })
}

fn from_lines(reader: Box<dyn BufRead + '_>, name: &str) -> Result<Vectors, String> {
    let mut lines = Lines::new(reader);
    let mut out = Vectors::default();
    // Where each text was given, and the line that set the length.
    let mut given_at: HashMap<String, usize> = HashMap::new();
    let mut dim_line = 0;
    while let Some(line) = lines.next_line() {
        let n = lines.number;
        let at = |reason: String| format!("{name}:{n}: {reason}");
        let text = match line.map_err(|e| at(io_reason(&e)))? {
            Line::Text(t) if t.trim().is_empty() => continue,
            Line::Text(t) => t,
            Line::Bad(reason) => return Err(at(reason)),
        };
        let record = parse_record(&text).map_err(at)?;
        let key = checked_text(&record.text).map_err(at)?;
        let from = format!("line {dim_line}'s has");
        let dim = (dim_line > 0).then_some((out.dim, from.as_str()));
        let vector = checked_vector(record.vector, dim).map_err(at)?;
        if dim_line == 0 {
            (out.dim, dim_line) = (vector.len(), n);
        }
        match given_at.get(key) {
            Some(&first) if out.given.0[key] != vector => {
                return Err(at(format!(
                    "{} is given again with a different vector (first on line {first})",
                    quoted(key)
                )))
            }
            Some(_) => {}
            None => {
                given_at.insert(key.to_string(), n);
                out.given.0.insert(key.to_string(), vector);
            }
        }
    }
    Ok(out)
}

/// The vectors for one batch record: the file's, extended and overridden by
/// the record's own `vectors` (which must be as long as the file's). Only
/// the file's vectors whose text occurs in the answer or a sample are
/// copied: every sentence the core looks up is part of one of them.
pub fn for_record<'v>(
    file: Option<&'v Vectors>,
    own: Option<VectorMap>,
    texts: &[&str],
) -> Result<Option<Cow<'v, GivenVectors>>, String> {
    let Some(own) = own else {
        return Ok(file.map(|v| Cow::Borrowed(&v.given)));
    };
    if let (Some(file), Some(dim)) = (file, own.dim()) {
        if dim != file.dim {
            return Err(format!(
                "the record's vectors have {}, but those of the --vectors file have {}: every vector must have the same length",
                count(dim),
                count(file.dim)
            ));
        }
    }
    let mut merged: HashMap<String, Vec<f32>> = file
        .map(|f| {
            f.given
                .0
                .iter()
                .filter(|(k, _)| texts.iter().any(|t| t.contains(k.as_str())))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    merged.extend(own.entries);
    Ok(Some(Cow::Owned(GivenVectors(merged))))
}

/// Why the consistency check did not use the given vectors.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fallback {
    /// "no vector for 2 sentences: \"…\", \"…\"".
    pub reason: String,
    /// Every claim or sample sentence without a vector, in order.
    pub missing: Vec<String>,
}

/// When vectors were given and samples checked, but the report's embedder
/// is not the given vectors: the core fell back to the lexical embedder
/// because some sentence has no vector. Names those sentences.
pub fn fallback(
    report: &Report,
    samples: &[String],
    vectors: Option<&GivenVectors>,
) -> Option<Fallback> {
    let vectors = vectors?;
    let used = report.embedder.as_deref()?;
    if used == vectors.label() {
        return None;
    }
    let claims: Vec<&str> = report.claims.iter().map(|c| c.text.as_str()).collect();
    let samples: Vec<&str> = samples.iter().map(String::as_str).collect();
    let missing = consistency::unembeddable(&claims, &samples, vectors);
    let reason = if missing.is_empty() {
        format!("the given vectors were not used; consistency was scored by {used}")
    } else {
        const SHOWN: usize = 3;
        let mut list: Vec<String> = missing.iter().take(SHOWN).map(|t| quoted(t)).collect();
        if missing.len() > SHOWN {
            list.push(format!("and {} more", missing.len() - SHOWN));
        }
        format!(
            "no vector for {} sentence{}: {}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" },
            list.join(", ")
        )
    };
    Some(Fallback {
        reason,
        missing: missing.into_iter().map(str::to_string).collect(),
    })
}

/// A report as the CLI writes it: the core's report (compact unless
/// `--full`) and, after it, why the given vectors were not used (`null`
/// when they were, or none were given).
#[derive(Serialize)]
pub struct Output<'a> {
    #[serde(flatten)]
    pub report: Shown<'a>,
    pub embedder_fallback: Option<&'a Fallback>,
}

/// The full report, or the compact one a script reads (`claimlab::compact`).
/// Made once per report written and dropped after it: its size does not matter.
#[derive(Serialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)]
pub enum Shown<'a> {
    Full(&'a Report),
    Compact(CompactReport<'a>),
}

impl<'a> Shown<'a> {
    /// `include` `None` is `--full`.
    pub fn of(report: &'a Report, include: Option<Include>) -> Shown<'a> {
        match include {
            None => Shown::Full(report),
            Some(include) => Shown::Compact(report.compact(include)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_shortens_long_texts() {
        assert_eq!(quoted("ab"), "\"ab\"");
        let long = "x".repeat(100);
        assert_eq!(quoted(&long), format!("\"{}…\"", "x".repeat(60)));
    }

    #[test]
    fn vectors_are_checked() {
        assert_eq!(checked_vector(vec![1.0, 2.0], None), Ok(vec![1.0, 2.0]));
        assert!(checked_vector(vec![], None).unwrap_err().contains("empty"));
        assert!(checked_vector(vec![1.0], Some((2, "line 1's has")))
            .unwrap_err()
            .contains("has 1 number, but line 1's has 2 numbers"));
        assert!(checked_vector(vec![1e39], None)
            .unwrap_err()
            .contains("not a finite 32-bit number"));
    }
}
