//! Lower-casing that keeps every character's byte length, and what a
//! word's capitals say of it (a name: [`opens_with_capital`],
//! [`reads_as_name`]).
//!
//! The checks find words and phrases in a lower-cased copy of a text and use
//! those byte offsets in the original. The standard `to_lowercase` can change
//! lengths (`İ` becomes two characters, the Kelvin sign `K` one byte), which
//! would shift every offset after it. [`Lowercase::lowercase`] maps a character only when
//! its lower case is one character of the same UTF-8 length, so offsets in
//! the copy always hold in the original.
//!
//! Covered: ASCII, Latin-1, Latin Extended-A and the paired letters of
//! Latin Extended-B and Extended Additional (Vietnamese), Greek (with
//! accents, and the extended breathings), Cyrillic, Armenian and fullwidth
//! Latin: every case pair of the scripts the checks meet. Left as they are:
//! the rarer cased scripts (Georgian, Cherokee, Glagolitic, Deseret and
//! others) and letters whose lower case changes length (`ẞ`, whose `ß` is a
//! byte shorter). Greek final sigma `ς` is read as `σ`: a capital `Σ` has
//! no final form, so `ΤΗΣ` must read as `της` does (one character for
//! another of the same length). Keeping to these ranges also keeps the
//! standard library's 12 KB case table out of the lab's wasm.

/// Lower-case text with [`lower_char`] (same byte length as the input).
pub trait Lowercase {
    fn lowercase(&self) -> String;
}

impl Lowercase for str {
    fn lowercase(&self) -> String {
        if self.is_ascii() {
            return self.to_ascii_lowercase();
        }
        // Runs of ASCII copied and lower-cased whole, each other character
        // mapped on its own: a French or German text is mostly ASCII, and
        // mapping it a character at a time was a fifth of a 1 MB check's
        // re-check.
        let mut out = String::with_capacity(self.len());
        let mut rest = self;
        while !rest.is_empty() {
            let ascii = rest
                .bytes()
                .position(|b| !b.is_ascii())
                .unwrap_or(rest.len());
            let from = out.len();
            out.push_str(&rest[..ascii]);
            out[from..].make_ascii_lowercase();
            rest = &rest[ascii..];
            if let Some(c) = rest.chars().next() {
                out.push(lower_char(c));
                rest = &rest[c.len_utf8()..];
            }
        }
        out
    }
}

/// The case pairs of the covered blocks that follow no run: (upper, lower).
#[rustfmt::skip]
const IRREGULAR: [(u16, u16); 71] = [
    (0x0181, 0x0253), (0x0182, 0x0183), (0x0184, 0x0185), (0x0186, 0x0254), (0x0187, 0x0188), (0x0189, 0x0256),
    (0x018A, 0x0257), (0x018B, 0x018C), (0x018E, 0x01DD), (0x018F, 0x0259), (0x0190, 0x025B), (0x0191, 0x0192),
    (0x0193, 0x0260), (0x0194, 0x0263), (0x0196, 0x0269), (0x0197, 0x0268), (0x0198, 0x0199), (0x019C, 0x026F),
    (0x019D, 0x0272), (0x019F, 0x0275), (0x01A0, 0x01A1), (0x01A2, 0x01A3), (0x01A4, 0x01A5), (0x01A6, 0x0280),
    (0x01A7, 0x01A8), (0x01A9, 0x0283), (0x01AC, 0x01AD), (0x01AE, 0x0288), (0x01AF, 0x01B0), (0x01B1, 0x028A),
    (0x01B2, 0x028B), (0x01B3, 0x01B4), (0x01B5, 0x01B6), (0x01B7, 0x0292), (0x01B8, 0x01B9), (0x01BC, 0x01BD),
    (0x01C4, 0x01C6), (0x01C5, 0x01C6), (0x01C7, 0x01C9), (0x01C8, 0x01C9), (0x01CA, 0x01CC), (0x01CB, 0x01CC),
    (0x01F1, 0x01F3), (0x01F2, 0x01F3), (0x01F4, 0x01F5), (0x01F6, 0x0195), (0x01F7, 0x01BF), (0x0220, 0x019E),
    (0x023B, 0x023C), (0x023D, 0x019A), (0x0241, 0x0242), (0x0243, 0x0180), (0x0244, 0x0289), (0x0245, 0x028C),
    (0x0370, 0x0371), (0x0372, 0x0373), (0x0376, 0x0377), (0x037F, 0x03F3), (0x03CF, 0x03D7), (0x03F4, 0x03B8),
    (0x03F7, 0x03F8), (0x03F9, 0x03F2), (0x03FA, 0x03FB), (0x03FD, 0x037B), (0x03FE, 0x037C), (0x03FF, 0x037D),
    (0x04C0, 0x04CF), (0x1F59, 0x1F51), (0x1F5B, 0x1F53), (0x1F5D, 0x1F55), (0x1F5F, 0x1F57),
];

/// The lower case of `c` within the covered scripts (see the module
/// documentation), else `c` itself.
pub fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let u = c as u32;
    let even = u.is_multiple_of(2);
    let lower = match u {
        0xC0..=0xDE if u != 0xD7 => u + 0x20,
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 if even => u + 1,
        0x139..=0x148 | 0x179..=0x17E if !even => u + 1,
        0x178 => 0xFF,
        0x1CD..=0x1DC if !even => u + 1,
        0x1DE..=0x1EF | 0x1F8..=0x21F | 0x222..=0x233 | 0x246..=0x24F if even => u + 1,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 0x25,
        0x38C => 0x3CC,
        0x38E..=0x38F => u + 0x3F,
        0x391..=0x3AB if u != 0x3A2 => u + 0x20,
        0x3C2 => 0x3C3, // final sigma, as a capital's lower case reads
        0x3D8..=0x3EF if even => u + 1,
        0x400..=0x40F => u + 0x50,
        0x410..=0x42F => u + 0x20,
        0x460..=0x481 | 0x48A..=0x4BF | 0x4D0..=0x52F if even => u + 1,
        0x4C1..=0x4CE if !even => u + 1,
        0x531..=0x556 => u + 0x30,
        0x1E00..=0x1E95 | 0x1EA0..=0x1EFF if even => u + 1,
        0x1F08..=0x1F0F
        | 0x1F18..=0x1F1D
        | 0x1F28..=0x1F2F
        | 0x1F38..=0x1F3F
        | 0x1F48..=0x1F4D
        | 0x1F68..=0x1F6F => u - 8,
        0xFF21..=0xFF3A => u + 0x20,
        _ => IRREGULAR
            .iter()
            .find(|p| u32::from(p.0) == u)
            .map_or(u, |p| u32::from(p.1)),
    };
    char::from_u32(lower).unwrap_or(c)
}

/// Does `word` open with a capital letter ("Anna", "Élodie", "KAH-975")?
/// The one reading of "capitalised" the checks share: the entity check's
/// name runs, the support check's names ([`reads_as_name`]), a negator
/// written as a name, the consistency check's informative words.
pub fn opens_with_capital(word: &str) -> bool {
    match word.as_bytes().first() {
        // An ASCII capital is a letter itself (most words: read first).
        Some(b) if b.is_ascii() => b.is_ascii_uppercase(),
        _ => {
            word.chars().next().is_some_and(char::is_uppercase)
                && word.chars().any(char::is_alphabetic)
        }
    }
}

/// Letters and digits together: an identifier ("KAH-975", "B12").
pub fn is_identifier(word: &str) -> bool {
    word.bytes().any(|b| b.is_ascii_digit()) && word.chars().any(char::is_alphabetic)
}

/// Does a word read as (part of) a name: a capital where the sentence
/// does not call for one (`opens_sentence` false), or an identifier?
pub fn reads_as_name(word: &str, opens_sentence: bool) -> bool {
    (!opens_sentence && opens_with_capital(word)) || is_identifier(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Lower-casing by runs reads as lower-casing a character at a time.
        #[test]
        fn lowercase_is_each_character_lowered(text in "(?s)[a-zA-Z0-9 .,\u{C0}-\u{24F}\u{370}-\u{52F}\u{1E00}-\u{1FFF}\u{FF21}-\u{FF5A}]{0,40}") {
            let each: String = text.chars().map(lower_char).collect();
            proptest::prop_assert_eq!(text.lowercase(), each);
        }
    }

    #[test]
    fn a_word_opens_with_a_capital_when_its_first_letter_is_upper_case() {
        for (text, capitalised) in [
            ("Anna", true),
            ("anna", false),
            ("A", true),
            ("1st", false),
            ("Élan", true),
            ("élan", false),
            ("Ωmega", true),
            ("ǅemal", false), // title case, not upper case
            ("Ⅻ", true),      // a Roman numeral: upper case and alphabetic
            ("漢字", false),
            ("", false),
        ] {
            let by_characters = text.chars().next().is_some_and(char::is_uppercase)
                && text.chars().any(char::is_alphabetic);
            assert_eq!(opens_with_capital(text), by_characters, "{text}");
            assert_eq!(opens_with_capital(text), capitalised, "{text}");
        }
    }

    #[test]
    fn a_name_is_a_capital_inside_a_sentence_or_an_identifier() {
        assert!(reads_as_name("Halvard", false));
        assert!(!reads_as_name("Halvard", true), "a sentence's first word");
        assert!(reads_as_name("KAH-975", true), "an identifier, anywhere");
        assert!(reads_as_name("b12", false));
        assert!(!reads_as_name("1990", false), "digits alone are a number");
        assert!(!reads_as_name("bridge", false));
    }

    /// The standard lower case of `c` when it is one character.
    fn std_lower(c: char) -> Option<char> {
        let mut l = c.to_lowercase();
        match (l.next(), l.next()) {
            (Some(x), None) => Some(x),
            _ => None,
        }
    }

    #[test]
    fn every_mapping_is_the_standard_one_and_keeps_the_length() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let ours = lower_char(c);
            if ours != c && c != 'ς' {
                assert_eq!(Some(ours), std_lower(c), "U+{:04X}", c as u32);
                assert_eq!(ours.len_utf8(), c.len_utf8(), "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn covered_scripts_are_complete() {
        let covered = [
            0x80..=0x24F,
            0x370..=0x3FF,
            0x400..=0x52F,
            0x531..=0x556,
            0x1E00..=0x1EFF,
            0x1F00..=0x1F6F,
            0xFF00..=0xFFEF,
        ];
        let missed: Vec<String> = covered
            .into_iter()
            .flatten()
            .filter_map(char::from_u32)
            .filter(|&c| {
                std_lower(c)
                    .is_some_and(|l| l != c && l.len_utf8() == c.len_utf8() && lower_char(c) != l)
            })
            .map(|c| format!("U+{:04X} {c}", c as u32))
            .collect();
        assert!(missed.is_empty(), "{missed:?}");
    }

    #[test]
    fn text_keeps_its_byte_offsets() {
        for s in [
            "ÉCOLE Straße",
            "İstanbul KELVIN \u{212A}",
            "ΣΟΦΙΑ Ελλάδα",
            "МОСКВА",
            "Ｆｕｌｌ",
            "ĞÜŞÖÇ",
            "Nguyễn Ấ",
        ] {
            let lower = s.lowercase();
            assert_eq!(lower.len(), s.len(), "{s}");
            assert!(
                s.char_indices().all(|(i, _)| lower.is_char_boundary(i)),
                "{s}"
            );
        }
        assert_eq!("ÉCOLE Straße".lowercase(), "école straße");
        assert_eq!("МОСКВА".lowercase(), "москва");
        assert_eq!("ΣΟΦΙΑ".lowercase(), "σοφια");
        // A final sigma reads as the capital's lower case does.
        assert_eq!("ΤΗΣ ΑΘΗΝΑΣ".lowercase(), "της Αθηνας".lowercase());
        assert_eq!(
            "İ \u{212A}".lowercase(),
            "İ \u{212A}",
            "length-changing letters stay as they are"
        );
    }
}
