//! Sentence vectors given by the user for the consistency check, seed 000's
//! `embed_fn` as a table (sentence text → vector), as every front end
//! checks them: `--vectors FILE` (the CLI reads the file), a batch record's
//! own `"vectors"`, and the Python package's `vectors=` mapping.
//!
//! Texts are trimmed, as `GivenVectors` looks sentences up by trimmed text.
//! Every vector must be non-empty, of finite numbers that fit an `f32`, and
//! as long as the others; a text given twice must have the same vector.
//!
//! The core uses the vectors only when they cover every claim and every
//! sentence of every sample; otherwise it scores consistency with the
//! lexical embedder. [`fallback`] says when it did and why, for the report
//! (`embedder_fallback`) and the CLI's text output.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::checks::consistency::{self, Embedder, GivenVectors};
use crate::report::Report;

/// Vectors read from a file (or given as one mapping), all of one length.
#[derive(Debug, Default)]
pub struct Vectors {
    pub given: GivenVectors,
    /// The length of every vector.
    pub dim: usize,
}

/// A text, shortened for a message.
pub fn quoted(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}", format!("{}…", &text[..cut])),
        None => format!("{text:?}"),
    }
}

/// "1 number", "3 numbers".
pub fn count(n: usize) -> String {
    format!("{n} number{}", if n == 1 { "" } else { "s" })
}

/// One vector, checked: not empty, finite `f32` numbers, and as long as
/// `dim` says when the length is already set (with what set it, for the
/// message: "line 1's has").
pub fn checked_vector(numbers: Vec<f64>, dim: Option<(usize, &str)>) -> Result<Vec<f32>, String> {
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
pub fn checked_text(text: &str) -> Result<&str, String> {
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

    /// The vectors of a whole mapping (`--vectors` written as one object).
    pub fn into_vectors(self) -> Vectors {
        let dim = self.dim().unwrap_or(0);
        Vectors {
            given: GivenVectors(self.entries.into_iter().collect()),
            dim,
        }
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
    let mut merged: rustc_hash::FxHashMap<String, Vec<f32>> = file
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

    #[test]
    fn a_mapping_is_read_in_order_and_checked() {
        let map: VectorMap =
            serde_json::from_str(r#"{" a ": [1, 2], "b": [3, 4], "a": [1, 2]}"#).unwrap();
        assert_eq!(map.entries.len(), 2);
        assert_eq!(map.entries[0], ("a".to_string(), vec![1.0, 2.0]));
        let v = map.into_vectors();
        assert_eq!(v.dim, 2);
        for (bad, says) in [
            (r#"{"a": [1, 2], "b": [3]}"#, "the first has 2 numbers"),
            (
                r#"{"a": [1], "a": [2]}"#,
                "given twice with different vectors",
            ),
            (r#"{"": [1]}"#, "a text (a key) is empty"),
            (r#"{"a": []}"#, "the vector is empty"),
        ] {
            let err = serde_json::from_str::<VectorMap>(bad).unwrap_err();
            assert!(err.to_string().contains(says), "{bad}: {err}");
        }
    }
}
