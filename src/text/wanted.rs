//! The keys a check will look up in a large source, known before the source
//! is read: a source can then be indexed for the terms its claims can share
//! and leave the rest of its words unstemmed.
//!
//! **Why**: the command line checks one answer against a source it reads
//! once. Stemming every distinct word of a 1 MB source was over a quarter
//! of its analysis, and support only ever looks up the keys of the
//! answer's claims.
//!
//! **How**: a word is stemmed and indexed only when its first bytes could
//! begin a wanted key ([`WantedKeys::admits_word`]). The Snowball English
//! stemmer only rewrites the end of a word, and at most one character of a
//! stem is not the word's own, its last. A stem of three characters or
//! more begins with the word's first characters, its last included, unless
//! that is an `e` standing for an `i` (`tuning` → `tune`: the stemmer adds
//! an `e` only where it took off `ed` or `ing`; an `e` it writes over other
//! letters, as in `creator` → `create`, it always takes off again:
//! `creat`), an `i` for a `y` (`happy` → `happi`) or an `l` for an `i`
//! (`capability` → `capabl`). So a word is read for a key `relat` when it
//! starts with `relat` (`relational`, not `relay` or `release`), for `tune`
//! when it starts with `tune` or `tuni`. A stem of one or two characters is
//! the word's first one or two. The stemmer's exceptions
//! that rewrite a word's start (`dying` → `die`, `lying`, `tying`, `skies`
//! → `sky`) are always read. Letters outside ASCII are letters like any
//! other here: the stemmer's suffixes are all in ASCII, and a word is
//! compared lower-cased, as the stemmer reads it (a source in Chinese or
//! Cyrillic was read whole: 8 MB of Chinese peaked at 76 MB). Digits are
//! letters too (`mp3s` → `mp3`). A word no wanted key can be is not even
//! learnt by the word memory (`memo::Wanted`), unless it can be part of
//! a number in words.
//!
//! **Numbers** (`#410`) and identifiers (`i-70`, keyed by their text) are
//! keys of their own, read before the words: only those whose key the
//! answer has are indexed ([`WantedKeys::admits_number`]). A source of
//! log lines or tables holds a distinct number every few bytes, and
//! indexing every one was most of its memory (74 of 129 MB for an 8 MB
//! table). A key holding a digit may be both a word's and an
//! identifier's: it is admitted when both readings were indexed. Every
//! key of a number or identifier holds a `#` or a digit.
//!
//! **Exact**: [`WantedKeys::admits_key`] says whether every word that can
//! have a key was read. A repair's re-check brings words the answer did not
//! have (a claim replaced by its source sentence): before it, the keys of
//! the repaired answer that are not admitted are indexed on their own
//! (`Document::admit_keys_of`), reading only the sentences where a word
//! with one of them can begin, found by one search of the text for their
//! starts ([`WantedKeys::search_starts`]), and, for a number's key, the
//! sentences that turned away a number with its [`number_bits`]: 26 M
//! instructions for a 1 MB
//! source, where reading every word again took 175 M. Any other key is
//! looked up in an index of every word, made the first time one is needed
//! (`Document::term_id`), so every look-up gives the answer the whole index
//! gives. The tests below hold the rule to the stemmer on every word of up
//! to four letters and on generated words with every suffix the stemmer
//! strips; `tests/edited.rs` holds both indexes' look-ups to the whole
//! index's.
//!
//! **Defaults**: used for `check` on a source the command line reads on
//! several threads ([`crate::output::check_source`]), for the words and
//! numbers of the answer, its samples and its question; the page and
//! `batch` index every word and number.

use rustc_hash::{FxHashMap, FxHashSet};

#[cfg(not(target_arch = "wasm32"))]
use crate::text::{memo::WordMemo, AnalysisOptions};

/// The stemmer's exceptions whose stem does not begin as the word does.
const REWRITTEN_STARTS: [&str; 4] = ["dying", "lying", "skies", "tying"];

/// The first bytes of every key a check will look up (see the module doc).
#[derive(Debug, Default, Clone)]
pub struct WantedKeys {
    /// The head of each key of three characters or more: the bytes every
    /// word with that key starts with ([`prefix`]).
    heads: FxHashSet<Box<[u8]>>,
    /// The first three bytes of each head, with the lengths of the heads
    /// that start so (bit `n` for a length `n`, the last bit for any from
    /// 63 on): a word that starts with none of them is turned away in one
    /// look-up, and any other is looked up only by those lengths.
    three: FxHashMap<[u8; 3], u64>,
    /// Keys of two characters, and of three ending in `e` or `i`: their
    /// first two bytes.
    two: FxHashSet<[u8; 2]>,
    /// Keys of one byte.
    one: FxHashSet<u8>,
    /// Every key with a `#` or a digit, whole: a number's or an
    /// identifier's is indexed only when it is here.
    exact: FxHashSet<Box<str>>,
}

/// What a word must start with to be read for a key.
#[derive(Debug, PartialEq)]
enum Start<'k> {
    /// These bytes (a key of four characters or more less its last, or a
    /// key of three); a key of one or two characters is its own start.
    Bytes(&'k [u8]),
    /// The key less its last character, then either of two bytes in that
    /// character's place: for a key ending in `e` (`e` or `i`: `hope` for
    /// `hoped`, `hoping`), `i` (`i` or `y`: `cri` for `cried`, `crying`)
    /// or `l` (`l` or `i`: `capabl` for `capability`).
    Either(&'k [u8], &'static [u8]),
}

/// What every word whose key is `key` starts with (see the module doc);
/// `None` for a key no word has (a number's `#` key, or none).
fn prefix(key: &str) -> Option<Start<'_>> {
    let bytes = key.as_bytes();
    if bytes.is_empty() || bytes[0] == b'#' {
        return None;
    }
    let mut chars = key.char_indices();
    let last = chars.next_back().map_or(0, |(at, _)| at);
    let less_last = &bytes[..last];
    Some(match (chars.count() + 1, bytes[last]) {
        (1 | 2, _) => Start::Bytes(bytes),
        (_, b'e') => Start::Either(less_last, b"ei"),
        (_, b'i') => Start::Either(less_last, b"iy"),
        (_, b'l') => Start::Either(less_last, b"li"),
        // A last letter outside ASCII is not looked at.
        (_, 0x80..) => Start::Bytes(less_last),
        // Every other key is the start of each of its words.
        _ => Start::Bytes(bytes),
    })
}

/// Two bits of 32 picked by `key`'s hash: a sentence keeps the union of
/// those of the number keys an index turned away, so that a later look-up
/// of one reads again only the sentences whose union holds both of its
/// bits (one in ten of those that turned away six other numbers, one in
/// seventy of those that turned away two).
pub fn number_bits(key: &str) -> u32 {
    use std::hash::BuildHasher;
    let hash = rustc_hash::FxBuildHasher.hash_one(key);
    (1 << (hash >> 59)) | (1 << ((hash >> 54) & 31))
}

/// Can `key` be a number's or an identifier's (`#410`, `i-70`: each holds
/// a `#` or a digit)? A word's key holds a digit only when the word does
/// (`mp3s` → `mp3`): such a key may be both.
fn may_be_numbers(key: &str) -> bool {
    key.bytes().any(|b| b == b'#' || b.is_ascii_digit())
}

impl WantedKeys {
    /// The wanted keys of `text`'s words and numbers, read through `memo`
    /// (made for `opts`) as a source's sentences are read for their terms.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn of_text(text: &str, opts: AnalysisOptions, memo: &mut WordMemo) -> WantedKeys {
        let mut wanted = WantedKeys::default();
        wanted.add_text(text, opts, memo);
        wanted
    }

    /// Want the keys of `text`'s words and numbers too.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn add_text(&mut self, text: &str, opts: AnalysisOptions, memo: &mut WordMemo) {
        crate::text::for_each_key_of(text, opts, memo, |key| self.add(key));
    }

    /// The keys of `text`'s words and numbers that `known` does not admit:
    /// what a re-check of `text` would look up in the index of every word
    /// (`Document::admit_keys_of` indexes them instead).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn of_text_beyond(
        text: &str,
        opts: AnalysisOptions,
        memo: &mut WordMemo,
        known: &WantedKeys,
    ) -> WantedKeys {
        let mut beyond = WantedKeys::default();
        crate::text::for_each_key_of(text, opts, memo, |key| {
            if !known.admits_key(key) {
                beyond.add(key);
            }
        });
        beyond
    }

    /// Does it want no key at all?
    pub fn is_empty(&self) -> bool {
        self.heads.is_empty() && self.two.is_empty() && self.one.is_empty() && !self.wants_numbers()
    }

    /// Does it want the key of any number or identifier?
    pub fn wants_numbers(&self) -> bool {
        !self.exact.is_empty()
    }

    /// The [`number_bits`] of each key it wants whole.
    pub fn number_masks(&self) -> Vec<u32> {
        self.exact.iter().map(|key| number_bits(key)).collect()
    }

    /// Byte strings, compared ignoring ASCII case, at least one of which
    /// is in a text wherever a word it admits for a key of its own begins:
    /// each start a key asks for, cut before its first byte outside ASCII
    /// or apostrophe (a word's lower-cased form keeps its bytes' places,
    /// lower-cases ASCII only to ASCII and writes `’` as `'`; a start cut
    /// to nothing, one opening outside ASCII, finds every word), and the
    /// stemmer's exceptions. The words a contraction makes up that are not
    /// in its text (`won't`: `will`, `not`) are function words, never keys.
    pub fn search_starts(&self) -> Vec<Vec<u8>> {
        let cut = |start: &[u8]| -> Vec<u8> {
            let end = start
                .iter()
                .position(|&b| !b.is_ascii() || b == b'\'')
                .unwrap_or(start.len());
            start[..end].to_vec()
        };
        let mut starts: Vec<Vec<u8>> = self
            .heads
            .iter()
            .map(|h| cut(h))
            .chain(self.two.iter().map(|t| cut(t)))
            .chain(self.one.iter().map(|&o| cut(&[o])))
            .chain(REWRITTEN_STARTS.iter().map(|w| w.as_bytes().to_vec()))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        // An empty start (a key opening with an apostrophe) is everywhere.
        if starts.iter().any(Vec::is_empty) {
            return vec![Vec::new()];
        }
        starts
    }

    /// Want `key` too.
    pub fn add(&mut self, key: &str) {
        if may_be_numbers(key) {
            self.exact.insert(key.into());
        }
        match prefix(key) {
            Some(Start::Bytes(&[a])) => {
                self.one.insert(a);
            }
            Some(Start::Bytes(&[a, b])) => {
                self.two.insert([a, b]);
            }
            Some(Start::Bytes(head)) => self.add_head(head),
            Some(Start::Either(less_last, either)) => {
                for &last in either {
                    self.add_head(&[less_last, &[last]].concat());
                }
            }
            None => {}
        }
    }

    /// Read every word that starts with `head` (three bytes or more).
    fn add_head(&mut self, head: &[u8]) {
        *self.three.entry([head[0], head[1], head[2]]).or_default() |= 1 << head.len().min(63);
        self.heads.insert(head.into());
    }

    /// Does `word` start with a wanted head?
    fn starts_with_head(&self, word: &[u8]) -> bool {
        let [a, b, c, ..] = *word else {
            return false;
        };
        let Some(&lengths) = self.three.get(&[a, b, c]) else {
            return false;
        };
        // Each length once, shortest first.
        let mut left = lengths;
        while left != 0 {
            let n = left.trailing_zeros() as usize;
            left &= left - 1;
            if n > word.len() {
                return false;
            }
            if n == 63 {
                let long = |head: &[u8]| head.len() >= 63 && word.starts_with(head);
                return self.heads.iter().any(|h| long(h));
            }
            if self.heads.contains(&word[..n]) {
                return true;
            }
        }
        false
    }

    /// Was every word, number and identifier whose key is `key` read, if
    /// only the words [`WantedKeys::admits_word`] admits and the numbers
    /// [`WantedKeys::admits_number`] admits were?
    pub fn admits_key(&self, key: &str) -> bool {
        if may_be_numbers(key) && !self.admits_number(key) {
            return false;
        }
        match prefix(key) {
            None => true,
            Some(Start::Bytes(&[a])) => self.one.contains(&a),
            Some(Start::Bytes(&[a, b])) => self.two.contains(&[a, b]),
            // Every such word starts with `head`, so with any wanted head
            // that `head` starts with.
            Some(Start::Bytes(head)) => self.starts_with_head(head),
            Some(Start::Either(less_last, either)) => either
                .iter()
                .all(|&last| self.starts_with_head(&[less_last, &[last]].concat())),
        }
    }

    /// Is `key`, a number's or an identifier's, wanted?
    pub fn admits_number(&self, key: &str) -> bool {
        self.exact.contains(key)
    }

    /// Could the lower-cased word `lower` have a wanted key?
    pub fn admits_word(&self, lower: &str) -> bool {
        let b = lower.as_bytes();
        if b.is_empty() {
            return true;
        }
        self.one.contains(&b[0])
            || (b.len() >= 2 && self.two.contains(&[b[0], b[1]]))
            || self.starts_with_head(b)
            || REWRITTEN_STARTS.contains(&lower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::words::STEMMER;
    use proptest::prelude::*;

    /// A filter wanting only `stem(word)` admits `word`, and says it does.
    fn holds(word: &str) -> Result<(), String> {
        let key = STEMMER.stem(word);
        let mut wanted = WantedKeys::default();
        wanted.add(&key);
        match wanted.admits_key(&key) && wanted.admits_word(word) {
            true => Ok(()),
            false => Err(format!("{word:?} stems to {key:?} and is not read")),
        }
    }

    #[test]
    fn every_word_of_up_to_four_letters_is_read_for_its_stem() {
        let letters: Vec<char> = ('a'..='z').chain(['\'', '3']).collect();
        let mut word = String::new();
        fn each(word: &mut String, letters: &[char], left: usize, errors: &mut Vec<String>) {
            if !word.is_empty() {
                if let Err(e) = holds(word) {
                    errors.push(e);
                }
            }
            if left == 0 {
                return;
            }
            for &c in letters {
                if word.is_empty() && c == '\'' {
                    continue;
                }
                word.push(c);
                each(word, letters, left - 1, errors);
                word.pop();
            }
        }
        let mut errors = Vec::new();
        each(&mut word, &letters, 4, &mut errors);
        assert!(
            errors.is_empty(),
            "{} words, first {:?}",
            errors.len(),
            &errors[..errors.len().min(5)]
        );
    }

    #[test]
    fn the_stemmers_exceptions_are_read_for_their_stems() {
        for word in [
            "andes", "atlas", "bias", "cosmos", "dying", "early", "gently", "howe", "idly",
            "lying", "news", "only", "singly", "skies", "skis", "sky", "tying", "ugly", "inning",
            "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed",
        ] {
            holds(word).unwrap();
        }
    }

    #[test]
    fn a_word_is_read_for_a_key_it_shares_a_start_with_and_not_otherwise() {
        let mut wanted = WantedKeys::default();
        wanted.add("metr"); // metres, metre
        wanted.add("ate"); // ating, ate
        wanted.add("#410");
        assert!(wanted.admits_word("metres"));
        assert!(wanted.admits_word("ating") && wanted.admits_word("ated"));
        assert!(!wanted.admits_word("atoms")); // "ato" could not have lost an `e`
        wanted.add("cri"); // cried, crying
        assert!(wanted.admits_word("crying") && !wanted.admits_word("crumbs"));
        assert!(!wanted.admits_word("bridge"));
        assert!(!wanted.admits_word("mayor"));
        assert!(wanted.admits_word("dying"));
        // Outside ASCII as in it: `été` (key `été`, its last letter not
        // looked at) reads the words starting `ét`.
        assert!(!wanted.admits_word("été") && !wanted.admits_key("été"));
        wanted.add("été");
        assert!(wanted.admits_word("été") && wanted.admits_word("étés"));
        assert!(!wanted.admits_word("écran") && wanted.admits_key("été"));
        assert!(wanted.admits_key("metr") && wanted.admits_key("metre"));
        // Words keyed `meter` start with `meter`, which `metr` does not read.
        assert!(!wanted.admits_key("meter") && !wanted.admits_word("meters"));
        // A number's key, or an identifier's, is wanted whole: `#410`
        // was added, `#5-7` and `i-70` were not.
        assert!(wanted.admits_number("#410") && wanted.admits_key("#410"));
        assert!(!wanted.admits_number("#4") && !wanted.admits_key("#41"));
        assert!(!wanted.admits_key("#5-7") && !wanted.admits_key("i-70"));
        wanted.add("i-70");
        assert!(wanted.admits_number("i-70") && wanted.admits_key("i-70"));
        // A key with a digit may be a word's too: admitted when both its
        // words (by their start) and its identifiers (whole) are read.
        assert!(!wanted.admits_word("mp3s") && !wanted.admits_key("mp3"));
        wanted.add("mp3");
        assert!(wanted.admits_word("mp3s") && wanted.admits_key("mp3"));
        assert!(!wanted.admits_word("mp4s") && !wanted.admits_key("mp4"));
        assert!(!wanted.admits_word("u123456") && wanted.admits_word("i-700"));
        assert!(!wanted.admits_key("bridg"));
        // A longer key: words starting with all of it.
        wanted.add("inspect");
        assert!(wanted.admits_word("inspecting") && wanted.admits_word("inspector"));
        assert!(!wanted.admits_word("insulin") && !wanted.admits_word("inspire"));
        assert!(!wanted.admits_word("inspecs"));
        assert!(wanted.admits_key("inspector") && !wanted.admits_key("inspir"));
        // Ending in `e`: an `e` or an `i` in its place; in `i`: an `i` or
        // a `y`; in `l`: an `l` or an `i`.
        wanted.add("hope");
        assert!(wanted.admits_word("hoping") && wanted.admits_word("hopeful"));
        assert!(!wanted.admits_word("hopping"));
        wanted.add("happi");
        assert!(wanted.admits_word("happy") && wanted.admits_word("happiness"));
        assert!(!wanted.admits_word("happen"));
        wanted.add("capabl");
        assert!(wanted.admits_word("capability") && wanted.admits_word("capably"));
        assert!(wanted.admits_word("capable"));
        assert!(!wanted.admits_word("capacity"));
        // Keys of 63 letters and more are looked for among the long heads.
        let long = "pneumonoultramicroscopicsilicovolcanoconiosis".repeat(2);
        wanted.add(&long[..70]);
        assert!(wanted.admits_word(&long[..80]) && wanted.admits_word(&long[..70]));
        assert!(
            !wanted.admits_word(&long[..69]) && !wanted.admits_word(&format!("{}x", &long[..68]))
        );
        assert!(wanted.admits_key(&long[..70]) && !wanted.admits_key(&long[..66]));
    }

    /// Suffixes the stemmer strips or rewrites, to build words that reach
    /// each of its steps.
    const SUFFIXES: [&str; 48] = [
        "", "s", "es", "ies", "ied", "sses", "'s", "'", "ed", "edly", "ing", "ingly", "eed",
        "eedly", "y", "ly", "li", "ational", "tional", "enci", "anci", "abli", "entli", "izer",
        "ization", "ation", "ator", "alism", "aliti", "alli", "fulness", "ousli", "ousness",
        "iveness", "iviti", "biliti", "bli", "ogi", "fulli", "lessli", "alize", "icate", "ical",
        "ful", "ness", "ative", "ement", "ion",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn a_word_is_read_for_its_own_stem(
            start in "[a-z0-9]{1,5}",
            middle in "(at|bl|iz|y|e|ee|ie|é|ï|’|[aeiouy]|[bcdfghjklmnpqrstvwxz0-9]{1,2}){0,2}",
            suffix in proptest::sample::select(SUFFIXES.to_vec()),
        ) {
            let word = format!("{start}{middle}{suffix}");
            prop_assert!(holds(&word).is_ok(), "{}", holds(&word).unwrap_err());
        }

        /// Words with letters outside ASCII anywhere, their first three
        /// included, are read for their stems as others are.
        #[test]
        fn a_word_outside_ascii_is_read_for_its_own_stem(
            start in "[a-zéïßøяжщ中国的ا]{1,4}",
            middle in "(y|e|ie|é|ï|’|[aeiouy]|[a-zяж中]{1,2}){0,2}",
            suffix in proptest::sample::select(SUFFIXES.to_vec()),
        ) {
            let word = format!("{start}{middle}{suffix}");
            prop_assert!(holds(&word).is_ok(), "{}", holds(&word).unwrap_err());
        }
    }
}
