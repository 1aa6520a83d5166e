//! Words read once per thread (a thread's memo serves its claims and, in
//! turn, each source it analyses: see `text::thread_words`): every
//! distinct lower-cased word's key (its Snowball stem, or the word),
//! whether it is a content word and whether it can start a number written
//! in words, worked out the first time the word is met and shared
//! ([`Forms`]) by every later occurrence.
//! The words themselves are [`crate::text::words::raw_words`]' words, read
//! in the pass that finds them; the property tests in `tests/analysis.rs`
//! hold the two to the same output.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::text::numbers::may_start_number;
use crate::text::words::{
    for_each_word_span, is_discourse_word, is_function_word, push_expanded, WordView, STEMMER,
};

/// One word as analysis reads it: a [`crate::text::words::RawWord`] whose
/// lower-cased form, key and flags come from a [`WordMemo`], shared by
/// every occurrence of the word instead of worked out and copied for each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word<'a> {
    pub start: usize,
    pub end: usize,
    /// Its lower-cased form and key ([`crate::text::words::word_key`] of the
    /// lower-cased form under the memo's settings), shared.
    pub forms: Arc<Forms>,
    pub surface: &'a str,
    /// Not a function word (nor, when the memo's settings say so, a discourse word).
    pub content: bool,
    /// [`crate::text::numbers::may_start_number`] of `lower`.
    pub may_start_number: bool,
}

impl WordView for Word<'_> {
    fn start(&self) -> usize {
        self.start
    }
    fn end(&self) -> usize {
        self.end
    }
    fn lower(&self) -> &str {
        &self.forms.lower
    }
    fn surface(&self) -> &str {
        self.surface
    }
    fn may_start_number(&self) -> bool {
        self.may_start_number
    }
}

/// A word's lower-cased form and comparison key, one of each per distinct
/// word (a [`crate::text::Token`] points at them: a token is 40 bytes, with
/// two strings of its own it was 72, and a 1 MB source has 180,000 tokens).
#[derive(Debug, PartialEq, Eq)]
pub struct Forms {
    /// Lower-cased (contractions expanded: `n't` reads `not`).
    pub lower: Arc<str>,
    /// The stem, or a number's canonical value (`#410`); shares `lower`'s
    /// string when they are the same.
    pub key: Arc<str>,
}

impl Forms {
    pub fn new(lower: Arc<str>, key: Arc<str>) -> Arc<Forms> {
        Arc::new(Forms { lower, key })
    }
}

/// What a [`WordMemo`] knows about one lower-cased word.
#[derive(Debug, Clone)]
struct Known {
    forms: Arc<Forms>,
    content: bool,
    may_start_number: bool,
}

/// Every distinct lower-cased word met so far, with its key and flags:
/// the stemmer and the word lists are consulted once per word, not once
/// per occurrence, and every occurrence shares one lower-cased string.
/// Its answers depend on the settings it was made with.
#[derive(Debug)]
pub struct WordMemo {
    stemming: bool,
    discourse_words: bool,
    known: FxHashMap<Arc<str>, Known>,
    /// Scratch space for lower-casing a word before looking it up.
    buf: String,
}

impl WordMemo {
    /// A memo keying words by their stem when `stemming`, and counting
    /// discourse words as not content when `discourse_words` (the
    /// [`crate::text::AnalysisOptions`] of the same names).
    pub fn new(stemming: bool, discourse_words: bool) -> WordMemo {
        WordMemo {
            stemming,
            discourse_words,
            known: FxHashMap::default(),
            buf: String::new(),
        }
    }

    /// Was it made for these settings?
    pub fn serves(&self, stemming: bool, discourse_words: bool) -> bool {
        self.stemming == stemming && self.discourse_words == discourse_words
    }

    /// How many distinct words it holds.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The word `lower` spanning `start..end` of `text`.
    fn word<'a>(&mut self, text: &'a str, start: usize, end: usize, lower: &str) -> Word<'a> {
        let known = match self.known.get(lower) {
            Some(k) => k.clone(),
            None => {
                let shared: Arc<str> = lower.into();
                // Stemmed here, not through the thread's stem memory
                // (`words::word_key`): this memo is that memory for its words.
                // A word that is its own stem shares its string with its key.
                let key = match self.stemming {
                    true => match STEMMER.stem(lower) {
                        std::borrow::Cow::Borrowed(s) if s == lower => shared.clone(),
                        stem => stem.into(),
                    },
                    false => shared.clone(),
                };
                let known = Known {
                    forms: Forms::new(shared.clone(), key),
                    content: !(is_function_word(lower)
                        || (self.discourse_words && is_discourse_word(lower))),
                    may_start_number: may_start_number(lower),
                };
                self.known.insert(shared, known.clone());
                known
            }
        };
        Word {
            start,
            end,
            forms: known.forms,
            surface: &text[start..end],
            content: known.content,
            may_start_number: known.may_start_number,
        }
    }
}

/// [`crate::text::words::raw_words`] read through `memo`: the same words,
/// spans and lower-cased forms, each with its key and flags, and no copy of
/// a word that the memo already holds.
pub fn words_with<'a>(
    text: &'a str,
    skip: &[(usize, usize)],
    memo: &mut WordMemo,
) -> Vec<Word<'a>> {
    let mut out = Vec::with_capacity(text.len() / 6 + 1);
    let mut skip_i = 0;
    let mut buf = std::mem::take(&mut memo.buf);
    for_each_word_span(text, |start, end, plain| {
        while skip_i < skip.len() && skip[skip_i].1 <= start {
            skip_i += 1;
        }
        if skip_i < skip.len() && skip[skip_i].0 < end {
            return; // overlaps a number, identifier or citation
        }
        let surface = &text[start..end];
        if plain || surface.bytes().all(|b| b != b'\'' && b != 0xE2) {
            // No apostrophe (neither `'` nor `’`, whose first byte is 0xE2):
            // the word is its lower-cased surface, or `cannot`.
            buf.clear();
            if plain {
                buf.push_str(surface);
                buf.make_ascii_lowercase();
            } else {
                buf.extend(surface.chars().map(crate::text::case::lower_char));
            }
            if buf == "cannot" {
                out.push(memo.word(text, start, start + 3, "can"));
                out.push(memo.word(text, start + 3, end, "not"));
            } else {
                out.push(memo.word(text, start, end, &buf));
            }
            return;
        }
        // Apostrophes: the contraction rules, then the memo.
        let mut raw = Vec::new();
        push_expanded(&mut raw, text, start, end);
        out.extend(
            raw.into_iter()
                .map(|w| memo.word(text, w.start, w.end, &w.lower)),
        );
    });
    memo.buf = buf;
    out
}
