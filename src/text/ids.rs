//! Claim ids (`C7`) and sentence ids (`S7`) mentioned in a text: where a
//! check writes a claim's or a sentence's id, and where a text it quotes
//! holds one ([`crate::claim_ids`] renames a check made under an old claim
//! id, [`crate::sentence_ids`] one made before the source's sentences were
//! numbered again; [`crate::text::Document::claim_ids`] and
//! [`crate::text::Document::sentence_ids`] keep those of a source).

/// The numbers of the claim ids `text` mentions: each `C` not right after
/// a letter, digit or `_`, then its whole run of ASCII digits, with the
/// byte range of the mention.
pub fn mentions(text: &str) -> impl Iterator<Item = (std::ops::Range<usize>, &str)> + '_ {
    mentions_of(b'C', text)
}

/// The numbers of the ids written with `letter` (`b'C'`, `b'S'`) that
/// `text` mentions, as [`mentions`] reads them. The letter is looked for
/// eight bytes at a time ([`super::scan::next_byte`]): a keystroke that
/// numbers a 1 MB source's sentences again reads all of it for them.
pub fn mentions_of(
    letter: u8,
    text: &str,
) -> impl Iterator<Item = (std::ops::Range<usize>, &str)> + '_ {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = super::scan::next_byte(bytes, from, letter)?;
        from = at + 1;
        let digits = super::scan::digits(&text[at + 1..]);
        if digits == 0 {
            continue;
        }
        let glued = text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !glued {
            return Some((at..at + 1 + digits, &text[at + 1..at + 1 + digits]));
        }
    })
}

/// The ids a text mentions, looked up by number; made once, for the
/// source a whole check quotes from.
#[derive(Debug, Clone, Default)]
pub struct IdsIn {
    /// The letter the ids are written with.
    letter: u8,
    numbers: Vec<String>,
}

impl IdsIn {
    /// The claim ids `text` mentions.
    pub fn of(text: &str) -> IdsIn {
        IdsIn::of_letter(b'C', text)
    }

    /// The ids written with `letter` that `text` mentions.
    pub fn of_letter(letter: u8, text: &str) -> IdsIn {
        let mut numbers: Vec<String> = (mentions_of(letter, text))
            .map(|(_, n)| n.to_string())
            .collect();
        crate::order::sort_by(&mut numbers, Ord::cmp);
        numbers.dedup();
        IdsIn { letter, numbers }
    }

    /// Does the text mention `id` (`C7`, or `S7` for sentence ids)?
    pub fn holds(&self, id: &str) -> bool {
        let number = id.strip_prefix(char::from(self.letter)).unwrap_or(id);
        self.numbers
            .binary_search_by(|n| n.as_str().cmp(number))
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<&str> {
        mentions(text).map(|(_, n)| n).collect()
    }

    #[test]
    fn a_mention_is_c_and_its_digits_not_glued_to_a_word_before() {
        assert_eq!(numbers("C1 and C23, (C4) C5x"), ["1", "23", "4", "5"]);
        assert_eq!(numbers("ABC1 C D_C2 éC3 9C4 C"), Vec::<&str>::new());
        assert_eq!(numbers("—C7 «C8»"), ["7", "8"]);
    }

    #[test]
    fn ids_in_a_text_are_looked_up_by_number() {
        let ids = IdsIn::of("Room C12 opens; C3 and C12 close. C03.");
        assert!(ids.holds("C12") && ids.holds("C3") && ids.holds("C03"));
        assert!(!ids.holds("C1") && !ids.holds("C30"));
        let sentences = IdsIn::of_letter(b'S', "See S4 and (S12); not C4, XS5 or S.");
        assert!(sentences.holds("S4") && sentences.holds("S12"));
        assert!(!sentences.holds("S5") && !sentences.holds("C4") && !sentences.holds("S1"));
    }

    #[test]
    fn a_document_edited_in_place_tells_its_new_ids() {
        let opts = (&crate::Config::default()).into();
        let mut doc =
            crate::text::Document::analyse("Room C3 opens at nine. The hall is large.", opts);
        assert!(doc.claim_ids().holds("C3"));
        doc.edit("Room C4 opens at nine. The hall is large.".to_string());
        assert!(doc.last_edit().is_some(), "edited in place");
        assert!(doc.claim_ids().holds("C4") && !doc.claim_ids().holds("C3"));
    }
}
