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

use crate::text::numbers::number_roles;
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

/// What a [`WordMemo`] knows about one lower-cased word: where its
/// lower-cased form and key lie in the memo's text, its flags, and its
/// shared [`Forms`] once a token has asked for them. A source read for its
/// terms alone ([`word_entries`]) never asks, so its tens of thousands of
/// words cost no string of their own (a word's forms were three
/// allocations, about 100 bytes; the two word memories of a 1 MB source's
/// analysis were its largest part, 3.5 MB).
#[derive(Debug, Clone)]
struct Entry {
    /// `lower`'s span in [`WordMemo::text`].
    lower: (u32, u32),
    /// The key's span there (the same span when the word is its own key);
    /// [`UNSTEMMED`] until the key is first asked for.
    key: (u32, u32),
    /// Not a function word (nor, when the memo's settings say so, a discourse word).
    content: bool,
    /// [`crate::text::numbers::may_start_number`] of its lower-cased form.
    may_start_number: bool,
    /// [`crate::text::numbers::calls_for_number_words`] of it.
    calls_for_number_words: bool,
    /// Its forms, made the first time a [`Word`] needs them.
    forms: Option<Arc<Forms>>,
}

/// [`Entry::key`] of a word not stemmed yet (no span of the memo's text
/// starts there).
const UNSTEMMED: (u32, u32) = (u32::MAX, 0);

/// One occurrence of a word, as [`word_entries`] reads it: its span and
/// the number of its entry in the memo ([`WordMemo::entry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub start: usize,
    pub end: usize,
    pub entry: u32,
}

/// An [`Occurrence`] read through its memo: a word for the number-word
/// reader ([`crate::text::numbers::find_number_words`]) that borrows the
/// memo's lower-cased form.
pub struct Seen<'a> {
    pub occurrence: Occurrence,
    pub lower: &'a str,
    pub may_start_number: bool,
    pub surface: &'a str,
}

impl<'a> Seen<'a> {
    /// `occurrence` of `text` (the text it was read from) through `memo`.
    pub fn new(text: &'a str, occurrence: Occurrence, memo: &'a WordMemo) -> Seen<'a> {
        Seen {
            occurrence,
            lower: memo.lower(occurrence.entry),
            may_start_number: memo.may_start_number(occurrence.entry),
            surface: &text[occurrence.start..occurrence.end],
        }
    }
}

impl WordView for Seen<'_> {
    fn start(&self) -> usize {
        self.occurrence.start
    }
    fn end(&self) -> usize {
        self.occurrence.end
    }
    fn lower(&self) -> &str {
        self.lower
    }
    fn surface(&self) -> &str {
        self.surface
    }
    fn may_start_number(&self) -> bool {
        self.may_start_number
    }
}

/// Every distinct lower-cased word met so far, with its key and flags:
/// the stemmer and the word lists are consulted once per word, not once
/// per occurrence, and every occurrence shares one lower-cased string.
/// Its answers depend on the settings it was made with.
#[derive(Debug, Clone)]
pub struct WordMemo {
    stemming: bool,
    discourse_words: bool,
    /// What it knows of each word, numbered in the order it met them.
    entries: Vec<Entry>,
    /// The words' lower-cased forms and keys, one after another.
    text: String,
    /// Natively, words of up to [`PACKED_BYTES`] ASCII letters and digits,
    /// by their lower-cased bytes packed into a number ([`packed_lower`]):
    /// most words are, and a number hashes and compares in a few
    /// instructions where a string needs a loop and a `memcmp`. (The page
    /// looks every word up by its string: wasm has no 128-bit numbers, and
    /// their code would weigh on its bundle.) Words of up to eight bytes,
    /// most of them, in a table of their own, whose entries are half the
    /// size.
    #[cfg(not(target_arch = "wasm32"))]
    short: (FxHashMap<u64, u32>, FxHashMap<u128, u32>),
    /// Every other word, by its lower-cased form (an `Arc`, as the
    /// vocabulary's keys are: one kind of table for both in the page).
    known: FxHashMap<Arc<str>, u32>,
    /// Scratch space for lower-casing a word before looking it up.
    buf: String,
}

#[cfg(not(target_arch = "wasm32"))]
/// The longest word [`WordMemo`] looks up packed into a `u128`.
const PACKED_BYTES: usize = 16;

#[cfg(not(target_arch = "wasm32"))]
/// The word at `start..end` of `text` (ASCII letters and digits only)
/// lower-cased, its bytes packed into a number, first byte lowest; `None`
/// when it is longer than [`PACKED_BYTES`]. No word holds a zero byte, so
/// two words pack alike only when they are the same word.
fn packed_lower(text: &[u8], start: usize, end: usize) -> Option<u128> {
    let len = end - start;
    if len > PACKED_BYTES {
        return None;
    }
    // One load of the 16 bytes from the word's start where the text has
    // them (the bytes after the word are masked off), else a copy.
    let bytes: [u8; PACKED_BYTES] = match text.get(start..start + PACKED_BYTES) {
        Some(sixteen) => sixteen.try_into().expect("16 bytes"),
        None => {
            let mut bytes = [0u8; PACKED_BYTES];
            bytes[..len].copy_from_slice(&text[start..end]);
            bytes
        }
    };
    // Upper-case ASCII letters gain the 0x20 bit; digits keep it already.
    let mask = fill(len);
    Some((u128::from_le_bytes(bytes) | 0x2020_2020_2020_2020_2020_2020_2020_2020) & mask)
}

#[cfg(not(target_arch = "wasm32"))]
/// A mask of the low `len` bytes of a `u128`.
fn fill(len: usize) -> u128 {
    match len {
        PACKED_BYTES => u128::MAX,
        _ => (1u128 << (8 * len)) - 1,
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// `cannot`, packed as [`packed_lower`] packs it.
const CANNOT: u128 = u128::from_le_bytes(*b"cannot\0\0\0\0\0\0\0\0\0\0");

impl WordMemo {
    /// A memo keying words by their stem when `stemming`, and counting
    /// discourse words as not content when `discourse_words` (the
    /// [`crate::text::AnalysisOptions`] of the same names).
    pub fn new(stemming: bool, discourse_words: bool) -> WordMemo {
        WordMemo {
            stemming,
            discourse_words,
            entries: Vec::new(),
            text: String::new(),
            #[cfg(not(target_arch = "wasm32"))]
            short: Default::default(),
            known: FxHashMap::default(),
            buf: String::new(),
        }
    }

    /// Room for the distinct words of about `bytes` more text (one word
    /// in 32 bytes, and 8 bytes of forms each), so that its lists are not
    /// copied as they grow. Room in a list is reserved, not written:
    /// what goes unused costs no memory.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn reserve_for(&mut self, bytes: usize) {
        let words = bytes / 32;
        self.entries.reserve(words);
        self.text.reserve(words * 8);
    }

    /// Was it made for these settings?
    pub fn serves(&self, stemming: bool, discourse_words: bool) -> bool {
        self.stemming == stemming && self.discourse_words == discourse_words
    }

    /// How many distinct words it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The text at `span` of [`WordMemo::text`].
    fn at(&self, (start, len): (u32, u32)) -> &str {
        &self.text[start as usize..(start + len) as usize]
    }

    /// The lower-cased form of the word numbered `entry` (an [`Occurrence`]'s).
    pub fn lower(&self, entry: u32) -> &str {
        self.at(self.entries[entry as usize].lower)
    }

    /// Its key: its stem, or the word itself. A word is stemmed the first
    /// time its key is asked for, here or through [`WordMemo::forms`]: a
    /// source read for the terms of a few claims (`text::wanted`) never
    /// asks for most of its words' keys.
    pub fn key(&mut self, entry: u32) -> &str {
        let span = self.key_span(entry);
        self.at(span)
    }

    /// Where the key of `entry` lies in the memo's text, the word stemmed
    /// if it was not yet.
    fn key_span(&mut self, entry: u32) -> (u32, u32) {
        let e = &self.entries[entry as usize];
        if e.key != UNSTEMMED {
            return e.key;
        }
        let lower = e.lower;
        // A word that is its own stem keeps one copy for both.
        let key = match STEMMER.stem(self.at(lower)) {
            std::borrow::Cow::Borrowed(same) if same.len() == lower.1 as usize => lower,
            stem => {
                let stem = stem.into_owned();
                self.keep(&stem)
            }
        };
        self.entries[entry as usize].key = key;
        key
    }

    /// Is it a content word?
    pub fn content(&self, entry: u32) -> bool {
        self.entries[entry as usize].content
    }

    /// Can it start a number written in words?
    pub fn may_start_number(&self, entry: u32) -> bool {
        self.entries[entry as usize].may_start_number
    }

    /// Must a sentence holding it be read for numbers in words
    /// ([`crate::text::numbers::calls_for_number_words`])?
    pub fn calls_for_number_words(&self, entry: u32) -> bool {
        self.entries[entry as usize].calls_for_number_words
    }

    /// Its shared forms, made the first time they are asked for (a word
    /// that is its own key shares one string for both).
    pub fn forms(&mut self, entry: u32) -> Arc<Forms> {
        if let Some(forms) = &self.entries[entry as usize].forms {
            return forms.clone();
        }
        let key_span = self.key_span(entry);
        let lower_span = self.entries[entry as usize].lower;
        let lower: Arc<str> = self.at(lower_span).into();
        let key = match key_span == lower_span {
            true => lower.clone(),
            false => self.at(key_span).into(),
        };
        let forms = Forms::new(lower, key);
        self.entries[entry as usize].forms = Some(forms.clone());
        forms
    }

    /// `s` appended to the memo's text: its span there.
    fn keep(&mut self, s: &str) -> (u32, u32) {
        let start = self.text.len() as u32;
        self.text.push_str(s);
        (start, s.len() as u32)
    }

    /// Learn `lower`, a word it has not met: its entry's number. It is
    /// stemmed when its key is first asked for ([`WordMemo::key`]).
    fn learn(&mut self, lower: &str) -> u32 {
        let lower_span = self.keep(lower);
        let key = match self.stemming {
            true => UNSTEMMED,
            false => lower_span,
        };
        let (may_start_number, calls_for_number_words) = number_roles(lower);
        self.entries.push(Entry {
            lower: lower_span,
            key,
            content: !(is_function_word(lower)
                || (self.discourse_words && is_discourse_word(lower))),
            may_start_number,
            calls_for_number_words,
            forms: None,
        });
        (self.entries.len() - 1) as u32
    }

    /// The entry of the word `lower`.
    fn entry_of(&mut self, lower: &str) -> u32 {
        match self.known.get(lower) {
            Some(&entry) => entry,
            None => {
                let entry = self.learn(lower);
                self.known.insert(lower.into(), entry);
                entry
            }
        }
    }

    /// The entry of the word whose lower-cased bytes pack into `packed`
    /// ([`packed_lower`]), `len` bytes long.
    #[cfg(not(target_arch = "wasm32"))]
    fn packed_entry(&mut self, packed: u128, len: usize) -> u32 {
        let found = match len {
            0..=8 => self.short.0.get(&(packed as u64)),
            _ => self.short.1.get(&packed),
        };
        if let Some(&entry) = found {
            return entry;
        }
        let bytes = packed.to_le_bytes();
        let lower = std::str::from_utf8(&bytes[..len]).expect("ASCII");
        let entry = self.learn(lower);
        match len {
            0..=8 => self.short.0.insert(packed as u64, entry),
            _ => self.short.1.insert(packed, entry),
        };
        entry
    }
}

/// The words of `text` as [`words_with`] reads them, each as the memo's
/// entry for it (learnt if new) instead of a [`Word`]: no shared form is
/// handed out, for a reader that only needs each word's key and flags.
/// Appends to `out`.
pub fn word_entries(
    text: &str,
    skip: &[(usize, usize)],
    memo: &mut WordMemo,
    out: &mut Vec<Occurrence>,
) {
    let mut skip_i = 0;
    #[cfg(not(target_arch = "wasm32"))]
    let bytes = text.as_bytes();
    let mut buf = std::mem::take(&mut memo.buf);
    let mut push =
        |start: usize, end: usize, entry: u32| out.push(Occurrence { start, end, entry });
    for_each_word_span(text, |start, end, plain| {
        while skip_i < skip.len() && skip[skip_i].1 <= start {
            skip_i += 1;
        }
        if skip_i < skip.len() && skip[skip_i].0 < end {
            return; // overlaps a number, identifier or citation
        }
        let surface = &text[start..end];
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(packed) = plain.then(|| packed_lower(bytes, start, end)).flatten() {
            if packed == CANNOT {
                push(start, start + 3, memo.packed_entry(packed & fill(3), 3));
                push(start + 3, end, memo.packed_entry(packed >> 24, 3));
            } else {
                push(start, end, memo.packed_entry(packed, end - start));
            }
            return;
        }
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
                push(start, start + 3, memo.entry_of("can"));
                push(start + 3, end, memo.entry_of("not"));
            } else {
                push(start, end, memo.entry_of(&buf));
            }
            return;
        }
        // Apostrophes: the contraction rules, then the memo.
        let mut raw = Vec::new();
        push_expanded(&mut raw, text, start, end);
        for w in raw {
            push(w.start, w.end, memo.entry_of(&w.lower));
        }
    });
    memo.buf = buf;
}

/// [`crate::text::words::raw_words`] read through `memo`: the same words,
/// spans and lower-cased forms, each with its key and flags, and no copy of
/// a word that the memo already holds.
pub fn words_with<'a>(
    text: &'a str,
    skip: &[(usize, usize)],
    memo: &mut WordMemo,
) -> Vec<Word<'a>> {
    let mut found = Vec::with_capacity(text.len() / 6 + 1);
    word_entries(text, skip, memo, &mut found);
    found
        .into_iter()
        .map(|o| Word {
            start: o.start,
            end: o.end,
            forms: memo.forms(o.entry),
            surface: &text[o.start..o.end],
            content: memo.content(o.entry),
            may_start_number: memo.may_start_number(o.entry),
        })
        .collect()
}
