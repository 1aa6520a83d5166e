//! `--vectors FILE`: the user's own sentence vectors for the consistency
//! check, seed 000's `embed_fn` given as a table (sentence text → vector).
//!
//! The file is JSON Lines, one `{"text": "…", "vector": [0.1, …]}` per line,
//! or one JSON object mapping each text to its vector (seed 000's `VECS`).
//! Texts are trimmed, as `GivenVectors` looks sentences up by trimmed text.
//! Every vector must be non-empty, of finite numbers that fit an `f32`, and
//! as long as the others; a text given twice must have the same vector
//! (the library's `claimlab::output::vectors` checks each vector, and says
//! when the core did not use them and why, [`fallback`]). Each fault stops
//! with `FILE:LINE: reason`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader};

use claimlab::output::vectors::{checked_text, checked_vector, quoted};
pub use claimlab::output::vectors::{fallback, Fallback, VectorMap, Vectors};
use serde::Deserialize;

use crate::input::{io_reason, json_line_error, read_text, Line, Lines};

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
    Ok(map.into_vectors())
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
