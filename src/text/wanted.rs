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
//! stemmer only rewrites the end of a word, so a stem of four characters or
//! more begins with the word's first three; a stem of two or three begins
//! with its first two, and a stem ending in `e` or `i` may have gained that
//! letter (`ating` → `ate`, `crying` → `cri`); a one-letter stem is the
//! word's first. The stemmer's exceptions that rewrite a word's start
//! (`dying` → `die`, `lying`, `tying`, `skies` → `sky`) are always read.
//! A word with a byte outside ASCII among its first three is always read.
//! Number keys (`#410`) are always indexed, as every number is read.
//!
//! **Exact**: [`WantedKeys::admits_key`] says whether every word that can
//! have a key was read. A key it does not admit (a repair's re-check brings
//! a word the answer did not have) is looked up in an index of every word,
//! made the first time one is needed (`Document::term_id`), so every look-up
//! gives the answer the whole index gives. The tests below hold the rule to
//! the stemmer on every word of up to four letters and on generated words
//! with every suffix the stemmer strips.
//!
//! **Defaults**: used for `check` on a source the command line reads on
//! several threads ([`crate::output::check_source`]); the page and `batch`
//! index every word.

use rustc_hash::FxHashSet;

use crate::text::memo::WordMemo;

/// The stemmer's exceptions whose stem does not begin as the word does.
const REWRITTEN_STARTS: [&str; 4] = ["dying", "lying", "skies", "tying"];

/// The first bytes of every key a check will look up (see the module doc).
#[derive(Debug, Default, Clone)]
pub struct WantedKeys {
    /// First three bytes of each key whose stem keeps them.
    three: FxHashSet<[u8; 3]>,
    /// First two bytes of each key of two or three characters.
    two: FxHashSet<[u8; 2]>,
    /// Keys of one byte.
    one: FxHashSet<u8>,
}

/// How many bytes of a key a word must share with it to be read, and
/// those bytes; `None` for a key every word could have (one starting
/// outside ASCII is always read, as is a number's `#` key).
fn prefix(key: &str) -> Option<&[u8]> {
    let bytes = key.as_bytes();
    if bytes.is_empty() || bytes[0] == b'#' {
        return None;
    }
    let head = &bytes[..bytes.len().min(3)];
    if !head.is_ascii() {
        return None;
    }
    match key.chars().take(4).count() {
        1 => Some(&bytes[..1]),
        2 => Some(&bytes[..2]),
        3 if matches!(bytes[2], b'e' | b'i') => Some(&bytes[..2]),
        _ => Some(&bytes[..3]),
    }
}

impl WantedKeys {
    /// The wanted keys of `text`'s words, read through `memo` (whose
    /// settings are the analysis's).
    pub fn of_text(text: &str, memo: &mut WordMemo) -> WantedKeys {
        let mut found = Vec::new();
        crate::text::memo::word_entries(text, &[], memo, &mut found);
        let mut wanted = WantedKeys::default();
        for o in found {
            if memo.content(o.entry) {
                wanted.add(memo.key(o.entry));
            }
        }
        wanted
    }

    /// Want `key` too.
    pub fn add(&mut self, key: &str) {
        match prefix(key) {
            Some([a]) => {
                self.one.insert(*a);
            }
            Some([a, b]) => {
                self.two.insert([*a, *b]);
            }
            Some([a, b, c]) => {
                self.three.insert([*a, *b, *c]);
            }
            _ => {}
        }
    }

    /// Was every word whose key is `key` read, if only the words
    /// [`WantedKeys::admits_word`] admits were?
    pub fn admits_key(&self, key: &str) -> bool {
        match prefix(key) {
            None => true,
            Some([a]) => self.one.contains(a),
            Some([a, b]) => self.two.contains(&[*a, *b]),
            Some([a, b, c]) => self.three.contains(&[*a, *b, *c]),
            Some(_) => unreachable!("a prefix is one to three bytes"),
        }
    }

    /// Could the lower-cased word `lower` have a wanted key?
    pub fn admits_word(&self, lower: &str) -> bool {
        let b = lower.as_bytes();
        if b.is_empty() || !b[..b.len().min(3)].is_ascii() {
            return true;
        }
        self.one.contains(&b[0])
            || (b.len() >= 2 && self.two.contains(&[b[0], b[1]]))
            || (b.len() >= 3 && self.three.contains(&[b[0], b[1], b[2]]))
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
        let letters: Vec<char> = ('a'..='z').chain(['\'']).collect();
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
        assert!(wanted.admits_word("atoms")); // shares "at" with the short key
        assert!(!wanted.admits_word("bridge"));
        assert!(!wanted.admits_word("mayor"));
        assert!(wanted.admits_word("dying"));
        assert!(wanted.admits_word("été")); // outside ASCII: always read
        assert!(wanted.admits_key("metr") && wanted.admits_key("meter"));
        assert!(wanted.admits_key("#5-7")); // numbers are always indexed
        assert!(!wanted.admits_key("bridg"));
        assert!(wanted.admits_key("été"));
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
            start in "[a-z]{1,5}",
            middle in "(at|bl|iz|y|e|ee|ie|[aeiouy]|[bcdfghjklmnpqrstvwxz]{1,2}){0,2}",
            suffix in proptest::sample::select(SUFFIXES.to_vec()),
        ) {
            let word = format!("{start}{middle}{suffix}");
            prop_assert!(holds(&word).is_ok(), "{}", holds(&word).unwrap_err());
        }
    }
}
