//! Which language a text is written in, from its commonest function words,
//! for one purpose: to tell a learner that a claim and its source are in
//! different languages, which a word-overlap check cannot compare.
//!
//! **Catches** English, German, French, Spanish, Italian, Portuguese and
//! Dutch, for texts with at least two of their function words.
//! **Misses** every other language, and texts too short to hold two
//! function words (a name and a number say nothing of their language).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::named::named_enum;
use crate::text::case::Lowercase;

named_enum! {
    /// A language this module can tell.
    pub enum Language {
        English = "English",
        German = "German",
        French = "French",
        Spanish = "Spanish",
        Italian = "Italian",
        Portuguese = "Portuguese",
        Dutch = "Dutch",
    }
}

/// Function words by language, each common and short.
const WORDS: [(Language, &[&str]); 7] = [
    (
        Language::English,
        &[
            "the", "and", "is", "are", "was", "were", "of", "to", "it", "that", "with", "for",
            "on", "this", "by", "from", "has", "have", "not", "at", "its", "be",
        ],
    ),
    (
        Language::German,
        &[
            "der", "die", "das", "und", "ist", "nicht", "mit", "von", "zu", "den", "dem", "ein",
            "eine", "auf", "für", "im", "sich", "auch", "wird", "wurde", "sind", "um", "hat",
            "seit", "aus", "bei", "nach", "über", "oder", "aber", "als", "es",
        ],
    ),
    (
        Language::French,
        &[
            "le", "la", "les", "et", "est", "des", "une", "un", "du", "pour", "dans", "pas", "sur",
            "au", "avec", "qui", "sont", "été", "il", "elle", "ce", "à",
        ],
    ),
    (
        Language::Spanish,
        &[
            "el", "la", "los", "las", "y", "es", "del", "un", "una", "por", "con", "para", "está",
            "son", "fue", "se", "al", "su", "en", "que", "tiene", "tienen", "hay", "muy", "pero",
            "como", "desde", "sus",
        ],
    ),
    (
        Language::Italian,
        &[
            "il", "lo", "gli", "le", "e", "è", "di", "del", "della", "un", "una", "per", "con",
            "che", "sono", "non", "nel", "alla", "da", "ha", "dal", "alle", "ogni", "degli", "sul",
            "anche", "questo",
        ],
    ),
    (
        Language::Portuguese,
        &[
            "o", "os", "as", "e", "é", "do", "da", "um", "uma", "para", "com", "não", "em", "no",
            "na", "são", "foi", "ao", "dos", "tem",
        ],
    ),
    (
        Language::Dutch,
        &[
            "de", "het", "een", "en", "is", "van", "op", "met", "voor", "niet", "dat", "zijn",
            "wordt", "werd", "er", "ook", "aan", "bij", "te",
        ],
    ),
];

/// Each function word of [`WORDS`] (by its [`packed`] bytes) with the
/// languages that use it, one bit per language in [`WORDS`]' order ("la" is
/// French, Spanish and Italian).
fn languages_by_word() -> &'static FxHashMap<u64, u8> {
    static MAP: OnceLock<FxHashMap<u64, u8>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut map = FxHashMap::default();
        for (k, (_, words)) in WORDS.iter().enumerate() {
            for w in words.iter() {
                if let Some(key) = packed(w.bytes()) {
                    *map.entry(key).or_insert(0u8) |= 1 << k;
                }
            }
        }
        map
    })
}

/// A word of up to 8 bytes as one number (no two such words share one, as
/// no word holds a zero byte); `None` for a longer word.
fn packed(bytes: impl ExactSizeIterator<Item = u8>) -> Option<u64> {
    if bytes.len() > 8 {
        return None;
    }
    let mut key = [0u8; 8];
    for (slot, b) in key.iter_mut().zip(bytes) {
        *slot = b;
    }
    Some(u64::from_le_bytes(key))
}

/// How many of a text's first bytes [`language_of`] reads.
pub const SAMPLE_BYTES: usize = 4096;

/// The language of `text` (its first 4 KB), when its function words say so
/// clearly: at least two of them, and more than of any other language.
pub fn language_of(text: &str) -> Option<Language> {
    let end = crate::text::scan::char_start(text, SAMPLE_BYTES);
    let hits = function_words(&text[..end]);
    let (best, &top) = hits
        .iter()
        .enumerate()
        .max_by_key(|&(k, n)| (n, usize::MAX - k))?;
    let second = hits
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != best)
        .map(|(_, n)| *n)
        .max()
        .unwrap_or(0);
    (top >= 2 && top > second).then_some(WORDS[best].0)
}

/// How many of each language's function words `text` holds, in [`WORDS`]'
/// order.
fn function_words(text: &str) -> [usize; 7] {
    let languages = languages_by_word();
    let mut hits = [0usize; 7];
    for_each_alphabetic_run(text, |word| {
        if word.len() > 6 {
            return;
        }
        // ASCII words are lower-cased as they are packed; other words are
        // copied only when they hold an upper-case letter.
        let key = if word.is_ascii() {
            packed(word.bytes().map(|b| b.to_ascii_lowercase()))
        } else if word.chars().any(char::is_uppercase) {
            packed(word.lowercase().bytes())
        } else {
            packed(word.bytes())
        };
        if let Some(&bits) = key.and_then(|key| languages.get(&key)) {
            for (k, hit) in hits.iter_mut().enumerate() {
                *hit += usize::from(bits & (1 << k) != 0);
            }
        }
    });
    hits
}

/// Calls `f` on each run of alphabetic characters in `text`, in order: the
/// non-empty pieces of `text.split(|c: char| !c.is_alphabetic())`, read a
/// byte at a time where the text is ASCII (most of it, in every language
/// this module tells).
fn for_each_alphabetic_run(text: &str, mut f: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    let mut start = None;
    let mut i = 0;
    while i < bytes.len() {
        let (alphabetic, width) = if bytes[i].is_ascii() {
            (bytes[i].is_ascii_alphabetic(), 1)
        } else {
            match text[i..].chars().next() {
                Some(c) => (c.is_alphabetic(), c.len_utf8()),
                None => break,
            }
        };
        match (alphabetic, start) {
            (true, None) => start = Some(i),
            (false, Some(from)) => {
                f(&text[from..i]);
                start = None;
            }
            _ => {}
        }
        i += width;
    }
    if let Some(from) = start {
        f(&text[from..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_told_by_their_function_words() {
        use Language::*;
        let cases = [
            ("The library opens at 9 and has 30,000 books.", English),
            (
                "Die Bibliothek öffnet um 9 Uhr und hat 30.000 Bücher.",
                German,
            ),
            (
                "La bibliothèque ouvre à 9 heures et compte 30 000 livres.",
                French,
            ),
            ("La biblioteca abre a las 9 y tiene 30.000 libros.", Spanish),
            ("El coro escolar tiene 32 miembros.", Spanish),
            (
                "La biblioteca apre alle 9 e ha 30.000 libri per il pubblico.",
                Italian,
            ),
            (
                "De bibliotheek is open vanaf 9 uur en heeft een grote collectie.",
                Dutch,
            ),
        ];
        for (text, language) in cases {
            assert_eq!(language_of(text), Some(language), "{text}");
        }
        // A name and a number say nothing.
        assert_eq!(language_of("Halvorsen Partners, 1998."), None);
    }

    /// The plain reading: each word lower-cased and looked for in each list.
    fn counted_plainly(text: &str) -> [usize; 7] {
        let mut hits = [0usize; 7];
        for word in text.split(|c: char| !c.is_alphabetic()) {
            if word.is_empty() || word.len() > 6 {
                continue;
            }
            let lower = word.lowercase();
            for (k, (_, words)) in WORDS.iter().enumerate() {
                hits[k] += usize::from(words.contains(&lower.as_str()));
            }
        }
        hits
    }

    proptest::proptest! {
        /// The byte-wise reading finds the words the plain split finds, in
        /// any mix of ASCII, accented letters, other scripts and marks.
        #[test]
        fn runs_are_the_words_a_split_on_non_letters_gives(
            text in r"[a-zA-Z0-9 ,.'éÉßüÜçÇ—αΩ\x{301}中\x{1F600}-]{0,40}"
        ) {
            let mut runs = Vec::new();
            for_each_alphabetic_run(&text, |word| runs.push(word.to_owned()));
            let split: Vec<String> = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect();
            proptest::prop_assert_eq!(runs, split);
            proptest::prop_assert_eq!(function_words(&text), counted_plainly(&text));
        }
    }

    /// Only the first 4 KB are read; a character across its end is left
    /// out whole, wherever the boundary falls in it.
    #[test]
    fn the_first_4_kb_end_before_a_character_they_would_cut() {
        for filler in ["é", "€", "😀", "e\u{301}"] {
            for shift in 0..4 {
                let mut text = "x".repeat(4096 - 8 - shift);
                text.push_str(" die ");
                while text.len() < 4096 + 4 {
                    text.push_str(filler);
                }
                text.push_str(" und der das the of and");
                let mut end = 4096;
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                assert_eq!(
                    language_of(&text),
                    language_of(&text[..end]),
                    "{filler} {shift}"
                );
                assert_eq!(function_words(&text[..end])[1], 1, "{filler} {shift}");
            }
        }
    }

    #[test]
    fn the_word_table_counts_as_the_lists_do() {
        let texts = [
            "DIE Brücke IST alt UND hat DER Fluss",
            "La casa è bella e La porta DEL Sol",
            "The É é Über über LA la Het het",
            "O Os As E É do da Um uma",
        ];
        for text in texts {
            assert_eq!(function_words(text), counted_plainly(text), "{text}");
        }
        // And the decision reads the same counts.
        assert_eq!(
            language_of("DIE Brücke IST alt UND hat"),
            Some(Language::German)
        );
    }
}
