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
#[cfg(not(target_arch = "wasm32"))]
use crate::text::wanted::WantedKeys;
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

/// [`Occurrence::entry`] of a word a [`Wanted`] filter turned away: the
/// memo has not learnt it, and it has no entry.
pub const TURNED_AWAY: u32 = u32::MAX;

/// A filter for [`word_entries`] reading a text for the keys a check will
/// look up (`text::wanted`): a word the memo has not met is turned away,
/// not learnt, when none of those keys can be its key
/// ([`WantedKeys::admits_word`]) and it has no part in a number written
/// in words ([`number_roles`]). A large source of log lines, tables or
/// identifiers has a distinct word every few bytes: learning each (its
/// text, entry and place in the look-up table, about sixty bytes) was
/// most of its analysis's memory, 34 MB of an 8 MB source of random
/// words. Natively only: the page indexes every word.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
pub struct Wanted {
    pub keys: Arc<WantedKeys>,
    /// A number no other filter has: the memo marks the short words this
    /// one turned away with it ([`WordMemo::marks`]).
    id: u32,
}

/// No filter in the page: no [`word_entries`] there is given one.
#[cfg(target_arch = "wasm32")]
pub enum Wanted {}

#[cfg(not(target_arch = "wasm32"))]
impl Wanted {
    pub fn new(keys: Arc<WantedKeys>) -> Wanted {
        use std::sync::atomic::{AtomicU32, Ordering};
        static MADE: AtomicU32 = AtomicU32::new(0);
        let id = MADE.fetch_add(1, Ordering::Relaxed) & !TURNED_AWAY_BY;
        Wanted { keys, id }
    }

    /// Is the word `lower`, which the memo has not learnt, turned away?
    fn turns_away(&self, lower: &str) -> bool {
        !self.keys.admits_word(lower) && number_roles(lower) == (false, false)
    }
}

/// The bit that marks a value of [`WordMemo`]'s tables of short words as
/// a word a [`Wanted`] filter turned away (the other bits: its id), not
/// an entry's number.
#[cfg(not(target_arch = "wasm32"))]
const TURNED_AWAY_BY: u32 = 1 << 31;

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

    /// Every one of `found` (read from `text` through `memo`) as a word
    /// for the number-word reader: a word a [`Wanted`] filter turned away
    /// ([`TURNED_AWAY`]) is lower-cased into `lowers` (no word it turns
    /// away can start a number, but the reader looks at the words around
    /// one: `about`, `the`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn all(
        text: &'a str,
        found: &[Occurrence],
        memo: &'a WordMemo,
        lowers: &'a mut String,
    ) -> Vec<Seen<'a>> {
        // Each turned-away word lower-cased into `lowers`, where it ends noted.
        lowers.clear();
        let mut ends = Vec::new();
        for o in found.iter().filter(|o| o.entry == TURNED_AWAY) {
            let surface = text[o.start..o.end].chars();
            lowers.extend(surface.map(crate::text::case::lower_char));
            ends.push(lowers.len());
        }
        let lowers: &'a str = lowers;
        let (mut ends, mut at) = (ends.into_iter(), 0);
        found
            .iter()
            .map(|&occurrence| match occurrence.entry {
                TURNED_AWAY => {
                    let (start, end) = (at, ends.next().expect("one per word turned away"));
                    at = end;
                    Seen {
                        occurrence,
                        lower: &lowers[start..end],
                        may_start_number: false,
                        surface: &text[occurrence.start..occurrence.end],
                    }
                }
                _ => Seen::new(text, occurrence, memo),
            })
            .collect()
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
    /// How many short words those tables mark as turned away by a
    /// [`Wanted`] filter ([`TURNED_AWAY_BY`] and its id), to be turned
    /// away again in one look-up by that filter (any other reading learns
    /// them). Up to [`WordMemo::MOST_MARKS`]: in a source with more
    /// distinct words, each further one is asked about every time it is
    /// met, so that the memory stays flat.
    #[cfg(not(target_arch = "wasm32"))]
    marks: usize,
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
    /// The most short words it marks as turned away: a quarter of a
    /// megabyte of table, beside the few thousand distinct words a prose
    /// source turns away (32,768 cost 2.7 MB more at an 8 MB source of
    /// random words, and as many instructions at 1 MB of prose).
    #[cfg(not(target_arch = "wasm32"))]
    const MOST_MARKS: usize = 1 << 13;

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
            #[cfg(not(target_arch = "wasm32"))]
            marks: 0,
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

    /// The entry of the word `lower`; [`TURNED_AWAY`] for a word it has not
    /// met that `wanted` turns away.
    fn entry_of(&mut self, lower: &str, wanted: Option<&Wanted>) -> u32 {
        #[cfg(target_arch = "wasm32")]
        let _ = wanted;
        match self.known.get(lower) {
            Some(&entry) => entry,
            #[cfg(not(target_arch = "wasm32"))]
            None if wanted.is_some_and(|w| w.turns_away(lower)) => TURNED_AWAY,
            None => {
                let entry = self.learn(lower);
                self.known.insert(lower.into(), entry);
                entry
            }
        }
    }

    /// The entry of the word whose lower-cased bytes pack into `packed`
    /// ([`packed_lower`]), `len` bytes long; [`TURNED_AWAY`] for a word it
    /// has not met that `wanted` turns away.
    #[cfg(not(target_arch = "wasm32"))]
    fn packed_entry(&mut self, packed: u128, len: usize, wanted: Option<&Wanted>) -> u32 {
        let found = match len {
            0..=8 => self.short.0.get(&(packed as u64)),
            _ => self.short.1.get(&packed),
        };
        match found {
            Some(&entry) if entry & TURNED_AWAY_BY == 0 => return entry,
            // Turned away by this filter before; by another, it is asked again.
            Some(&mark) if wanted.is_some_and(|w| mark == TURNED_AWAY_BY | w.id) => {
                return TURNED_AWAY
            }
            _ => {}
        }
        let bytes = packed.to_le_bytes();
        let lower = std::str::from_utf8(&bytes[..len]).expect("ASCII");
        let value = match wanted {
            Some(w) if w.turns_away(lower) => {
                if self.marks >= Self::MOST_MARKS {
                    return TURNED_AWAY;
                }
                self.marks += 1;
                TURNED_AWAY_BY | w.id
            }
            _ => self.learn(lower),
        };
        match len {
            0..=8 => self.short.0.insert(packed as u64, value),
            _ => self.short.1.insert(packed, value),
        };
        match value & TURNED_AWAY_BY {
            0 => value,
            _ => TURNED_AWAY,
        }
    }
}

/// The words of `text` as [`words_with`] reads them, each as the memo's
/// entry for it (learnt if new) instead of a [`Word`]: no shared form is
/// handed out, for a reader that only needs each word's key and flags.
/// A word the memo has not met that `wanted` turns away is not learnt:
/// its entry is [`TURNED_AWAY`]. Appends to `out`.
pub fn word_entries(
    text: &str,
    skip: &[(usize, usize)],
    memo: &mut WordMemo,
    wanted: Option<&Wanted>,
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
                push(
                    start,
                    start + 3,
                    memo.packed_entry(packed & fill(3), 3, wanted),
                );
                push(start + 3, end, memo.packed_entry(packed >> 24, 3, wanted));
            } else {
                push(start, end, memo.packed_entry(packed, end - start, wanted));
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
                push(start, start + 3, memo.entry_of("can", wanted));
                push(start + 3, end, memo.entry_of("not", wanted));
            } else {
                push(start, end, memo.entry_of(&buf, wanted));
            }
            return;
        }
        // Apostrophes: the contraction rules, then the memo.
        let mut raw = Vec::new();
        push_expanded(&mut raw, text, start, end);
        for w in raw {
            push(w.start, w.end, memo.entry_of(&w.lower, None));
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
    word_entries(text, skip, memo, None, &mut found);
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// A filter wanting the keys of `words`' stems.
    fn wanting(words: &[&str]) -> Wanted {
        let mut keys = WantedKeys::default();
        for w in words {
            keys.add(&STEMMER.stem(w));
        }
        Wanted::new(Arc::new(keys))
    }

    fn entries(text: &str, memo: &mut WordMemo, wanted: Option<&Wanted>) -> Vec<u32> {
        let mut found = Vec::new();
        word_entries(text, &[], memo, wanted, &mut found);
        found.iter().map(|o| o.entry).collect()
    }

    #[test]
    fn a_filter_turns_away_the_words_it_cannot_want_without_learning_them() {
        let mut memo = WordMemo::new(true, false);
        let bridges = wanting(&["bridges"]);
        let text = "The bridge spans 4f3a9c1e and twenty bridges, about Zyxwvutsrqponmlkjih.";
        let got = entries(text, &mut memo, Some(&bridges));
        // the, spans, 4f3a9c1e, and, about and the long word are turned
        // away; bridge(s) are wanted and "twenty" starts a number.
        let learnt: Vec<&str> = got
            .iter()
            .filter(|&&e| e != TURNED_AWAY)
            .map(|&e| memo.lower(e))
            .collect();
        assert_eq!(learnt, ["bridge", "twenty", "bridges"]);
        assert_eq!(memo.len(), 3);
        // Met again, a turned-away word is turned away again, still unlearnt.
        assert_eq!(entries(text, &mut memo, Some(&bridges)), got);
        assert_eq!(memo.len(), 3);
        // Another filter asks again: it wants `spans`.
        let spans = wanting(&["spans"]);
        let other = entries(text, &mut memo, Some(&spans));
        assert_eq!(memo.lower(other[2]), "spans");
        assert_eq!(other[0], TURNED_AWAY);
        // A reading without a filter learns every word, whatever was marked.
        let all = entries(text, &mut memo, None);
        assert!(all.iter().all(|&e| e != TURNED_AWAY));
        let words: Vec<&str> = all.iter().map(|&e| memo.lower(e)).collect();
        assert_eq!(
            words,
            [
                "the",
                "bridge",
                "spans",
                "4f3a9c1e",
                "and",
                "twenty",
                "bridges",
                "about",
                "zyxwvutsrqponmlkjih"
            ]
        );
    }

    #[test]
    fn a_memo_marks_a_bounded_number_of_words_turned_away() {
        let mut memo = WordMemo::new(true, false);
        let wanted = wanting(&["bridge"]);
        let many = WordMemo::MOST_MARKS + 100;
        let text: String = (0..many).map(|i| format!("x{i:x} ")).collect();
        let got = entries(&text, &mut memo, Some(&wanted));
        assert_eq!(got.len(), many);
        assert!(got.iter().all(|&e| e == TURNED_AWAY));
        assert_eq!((memo.len(), memo.marks), (0, WordMemo::MOST_MARKS));
        assert_eq!(
            memo.short.0.len() + memo.short.1.len(),
            WordMemo::MOST_MARKS
        );
        // Words past the bound are asked about again, and turned away again.
        assert_eq!(entries(&text, &mut memo, Some(&wanted)), got);
        assert_eq!(memo.marks, WordMemo::MOST_MARKS);
    }
}
