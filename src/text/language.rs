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

/// Each function word of [`WORDS`] with the languages that use it, one bit
/// per language in [`WORDS`]' order ("la" is French, Spanish and Italian).
fn languages_by_word() -> &'static FxHashMap<&'static str, u8> {
    static MAP: OnceLock<FxHashMap<&'static str, u8>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut map = FxHashMap::default();
        for (k, (_, words)) in WORDS.iter().enumerate() {
            for w in words.iter() {
                *map.entry(*w).or_insert(0u8) |= 1 << k;
            }
        }
        map
    })
}

/// The language of `text` (its first 4 KB), when its function words say so
/// clearly: at least two of them, and more than of any other language.
pub fn language_of(text: &str) -> Option<Language> {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
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
    for word in text.split(|c: char| !c.is_alphabetic()) {
        if word.is_empty() || word.len() > 6 {
            continue;
        }
        // Most words are lower case already: no copy for them.
        let bits = if word.chars().any(char::is_uppercase) {
            languages.get(word.lowercase().as_str())
        } else {
            languages.get(word)
        };
        if let Some(&bits) = bits {
            for (k, hit) in hits.iter_mut().enumerate() {
                *hit += usize::from(bits & (1 << k) != 0);
            }
        }
    }
    hits
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
