//! Small scanning helpers shared by the checks.
//!
//! The core uses no regular-expression engine: the full `regex` crate would
//! bring ~250 KB (gzipped) of Unicode tables into the lab (Leptos turns all of
//! its features on), and `regex-lite` made every check about five times
//! slower. The patterns the checks need are simple enough to scan directly,
//! and each scanner's behaviour is pinned by the unit tests beside it.

/// Is `b` one of the ASCII characters `char::is_whitespace` holds (with
/// `\x0B`, which `u8::is_ascii_whitespace` leaves out)?
pub const fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Where `needle` (not empty) starts in `haystack`, first to last,
/// overlapping matches included: a match rejected for a letter glued to it
/// may overlap the one that counts ("according a" in "according according
/// a"; a search that resumed after each match missed it).
///
/// Natively, memchr's vectorised search: an invented name is in no source,
/// so most searches read the whole folded source, and the standard
/// library's search read it at about 1.4 instructions a byte (35 searches
/// were a tenth of a 1 MB `check`). The page keeps the standard library's
/// search: memchr's would add 2.4 KB (gzipped) to the bundle, and a large
/// fold is searched only for a phrase whose words it has
/// ([`super::mentions::FoldRuns`]).
pub fn matches<'h>(haystack: &'h str, needle: &'h str) -> impl Iterator<Item = usize> + 'h {
    #[cfg(not(target_arch = "wasm32"))]
    let finder = memchr::memmem::Finder::new(needle.as_bytes());
    #[cfg(not(target_arch = "wasm32"))]
    let find = move |from: usize| finder.find(&haystack.as_bytes()[from..]);
    #[cfg(target_arch = "wasm32")]
    let find = move |from: usize| haystack[from..].find(needle);
    // The next search starts one character into the last match.
    let step = needle.chars().next().map_or(1, char::len_utf8);
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + find(from)?;
        from = at + step;
        Some(at)
    })
}

/// Is there a letter or digit right before byte `at`?
pub fn glued_before(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_some_and(super::words::is_alphanumeric)
}

/// Is there a letter or digit right at byte `at`?
pub fn glued_after(text: &str, at: usize) -> bool {
    text[at..]
        .chars()
        .next()
        .is_some_and(super::words::is_alphanumeric)
}

/// Does `text[at..]` start with `needle`, ignoring ASCII case?
pub fn starts_with_ci(text: &str, at: usize, needle: &str) -> bool {
    text.as_bytes()
        .get(at..at + needle.len())
        .is_some_and(|b| b.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Every whole-word occurrence of `needle` in `text`, ignoring ASCII case,
/// as byte spans in order, without overlaps. A needle that begins or ends
/// with a non-word character (`100%`, `/month`) needs no boundary on that side.
pub fn find_word_ci(text: &str, needle: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if needle.is_empty() || needle.len() > text.len() {
        return out;
    }
    let first = needle.as_bytes()[0];
    let word_start = needle.chars().next().is_some_and(char::is_alphanumeric);
    let word_end = needle
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    // Where a match may start: up to the needle's length before the end.
    let starts = &text.as_bytes()[..=text.len() - needle.len()];
    let mut i = 0;
    while let Some(at) = next_ci(starts, i, first) {
        if text.is_char_boundary(at)
            && starts_with_ci(text, at, needle)
            && text.is_char_boundary(at + needle.len())
            && !(word_start && glued_before(text, at))
            && !(word_end && glued_after(text, at + needle.len()))
        {
            out.push((at, at + needle.len()));
            i = at + needle.len();
        } else {
            i = at + 1;
        }
    }
    out
}

/// The first byte of `bytes` from `from` on that is `byte` in either ASCII
/// case (a phrase's first letter is a few bytes in a hundred).
fn next_ci(bytes: &[u8], from: usize, byte: u8) -> Option<usize> {
    next_either(
        bytes,
        from,
        byte.to_ascii_lowercase(),
        byte.to_ascii_uppercase(),
    )
}

/// The first byte of `bytes` from `from` on that is `a` or `b`. Natively
/// memchr's vectorised search; the page steps a byte at a time, as memchr
/// would add to its bundle.
pub fn next_either(bytes: &[u8], from: usize, a: u8, b: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    #[cfg(not(target_arch = "wasm32"))]
    let found = memchr::memchr2(a, b, rest);
    #[cfg(target_arch = "wasm32")]
    let found = rest.iter().position(|&x| x == a || x == b);
    found.map(|n| from + n)
}

/// The first byte of `bytes` from `from` on that is `byte`. Natively
/// memchr's vectorised search; the page reads eight bytes at a time
/// ([`next_byte_by_words`]): a byte loop read a 1 MB paragraph for its
/// blank lines at about sixteen instructions a byte on every keystroke.
pub fn next_byte(bytes: &[u8], from: usize, byte: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    #[cfg(not(target_arch = "wasm32"))]
    let found = memchr::memchr(byte, rest);
    #[cfg(target_arch = "wasm32")]
    let found = next_byte_by_words(rest, byte);
    found.map(|n| from + n)
}

/// Where `byte` first is in `bytes`, read eight bytes at a time: a word
/// holds it when the word XOR eight copies of it has a zero byte (the
/// test `(x - 0x01…) & !x & 0x80…` has no false positive for a word; only
/// the byte it points at may be wrong, so the word is then read a byte at a
/// time). Small, for the page, where memchr would add to the bundle.
#[cfg(any(test, target_arch = "wasm32"))]
fn next_byte_by_words(bytes: &[u8], byte: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let copies = ONES * u64::from(byte);
    let mut at = 0;
    for word in bytes.chunks_exact(8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ copies;
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            break;
        }
        at += 8;
    }
    (bytes[at..].iter().position(|&b| b == byte)).map(|n| at + n)
}

/// How many bytes of `bytes` are `byte`, counted eight at a time: a byte
/// of `x` (the word XOR eight copies of `byte`) is zero exactly when
/// `!(((x & 0x7f…) + 0x7f…) | x)` has its high bit (a count a byte at a
/// time was five instructions a byte).
pub fn count_byte(bytes: &[u8], byte: u8) -> usize {
    const LOWS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let copies = 0x0101_0101_0101_0101 * u64::from(byte);
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    let whole: u32 = words
        .map(|word| {
            let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ copies;
            (!(((x & LOWS) + LOWS) | x | LOWS)).count_ones()
        })
        .sum();
    whole as usize + rest.iter().filter(|&&b| b == byte).count()
}

/// The length of the run of ASCII digits at the start of `s`.
pub fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// The length of the spaces and tabs at the start of `s`.
pub fn blanks(s: &str) -> usize {
    s.bytes().take_while(|b| matches!(b, b' ' | b'\t')).count()
}

/// Parse a plain decimal (`12`, `3.50`, `-0.25`, `1,000.5` with the commas
/// removed first by the caller). Digits beyond the 18th are read as zeros,
/// which is far below the checks' tolerance. Written out rather than
/// `str::parse::<f64>`, whose exact-rounding tables weigh ~10 KB of wasm.
pub fn parse_decimal(s: &str) -> Option<f64> {
    let (negative, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if int.is_empty() && frac.is_empty()
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut exponent: i32 = 0;
    let mut significant = 0;
    for b in int.bytes() {
        if significant < 18 {
            mantissa = mantissa * 10 + u64::from(b - b'0');
            significant += usize::from(mantissa > 0);
        } else {
            exponent += 1;
        }
    }
    for b in frac.bytes() {
        if significant < 18 {
            mantissa = mantissa * 10 + u64::from(b - b'0');
            significant += usize::from(mantissa > 0);
            exponent -= 1;
        }
    }
    // Dividing by an exact power of ten rounds once, so short decimals
    // (`0.65`) come out exactly as the standard parser gives them.
    let value = if (-22..0).contains(&exponent) {
        mantissa as f64 / 10f64.powi(-exponent)
    } else {
        mantissa as f64 * 10f64.powi(exponent)
    };
    Some(if negative { -value } else { value })
}

/// Is the caret at `utf16_at` (a text box's `selectionStart`, counted in
/// UTF-16 units) inside or at the edge of a word: a letter or digit just
/// before it, or just after it? The lab's banner waits until the word is done.
pub fn caret_in_word(text: &str, utf16_at: usize) -> bool {
    let at = byte_of_utf16(text, utf16_at);
    let before = text[..at].chars().next_back();
    let after = text[at..].chars().next();
    before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric)
}

/// Byte offset in `text` of UTF-16 offset `utf16` (a text box's caret):
/// the first character from there on (the end past the text).
pub fn byte_of_utf16(text: &str, utf16: usize) -> usize {
    let bytes = text.as_bytes();
    // `at` is always where a character starts, `units` the units before it.
    let (mut at, mut units) = (0, 0);
    while at < bytes.len() {
        if units >= utf16 {
            return at;
        }
        // Eight ASCII bytes are eight characters of one unit each (a caret
        // in the middle of a 1 MB box was a millisecond a keystroke).
        if units + 8 <= utf16 {
            if let Some(eight) = bytes.get(at..at + 8) {
                let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
                if eight & 0x8080_8080_8080_8080 == 0 {
                    (at, units) = (at + 8, units + 8);
                    continue;
                }
            }
        }
        let (len, width) = match bytes[at] {
            0..=0x7F => (1, 1),
            0xC0..=0xDF => (2, 1),
            0xE0..=0xEF => (3, 1),
            _ => (4, 2),
        };
        (at, units) = (at + len, units + width);
    }
    text.len()
}

/// UTF-16 offset (a text box's) of byte `byte` of `text` (of the character
/// holding it, when it is inside one).
pub fn utf16_of_byte(text: &str, byte: usize) -> usize {
    text[..char_start(text, byte)].encode_utf16().count()
}

/// `byte` (at most the text's length), or the start of the character
/// holding it.
pub fn char_start(text: &str, byte: usize) -> usize {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte -= 1;
    }
    byte
}

/// `byte` (at most the text's length), or the end of the character holding it.
pub fn char_end(text: &str, byte: usize) -> usize {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte += 1;
    }
    byte
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every whole-word occurrence, found by trying each byte in turn.
    fn found_plainly(text: &str, needle: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let word_start = needle.chars().next().is_some_and(char::is_alphanumeric);
        let word_end = needle
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
        let mut i = 0;
        while !needle.is_empty() && i + needle.len() <= text.len() {
            let end = i + needle.len();
            if text.is_char_boundary(i)
                && text.is_char_boundary(end)
                && text[i..end].eq_ignore_ascii_case(needle)
                && !(word_start && glued_before(text, i))
                && !(word_end && glued_after(text, end))
            {
                out.push((i, end));
                i = end;
            } else {
                i += 1;
            }
        }
        out
    }

    proptest::proptest! {
        /// The search that jumps to the needle's first letter finds what
        /// trying every byte finds: both cases, glued letters, accents,
        /// needles that start or end with a sign, a match at either end.
        #[test]
        fn a_word_is_found_where_trying_every_byte_finds_it(
            text in r"[aAbBé%/ .]{0,24}",
            needle in r"[aAbB%/é ]{1,4}",
        ) {
            proptest::prop_assert_eq!(find_word_ci(&text, &needle), found_plainly(&text, &needle));
        }

        /// A text box's UTF-16 offsets and the text's bytes name the same
        /// places (counted against JavaScript's units: `encode_utf16`).
        #[test]
        fn utf16_offsets_and_bytes_name_the_same_places(
            text in r"[a€😀é\u{301} ]{0,12}",
            byte in 0..64usize,
        ) {
            let start = char_start(&text, byte);
            let end = char_end(&text, byte);
            proptest::prop_assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
            proptest::prop_assert!(start <= byte.min(text.len()) && byte.min(text.len()) <= end);
            proptest::prop_assert!(end - start <= 4);
            let units = utf16_of_byte(&text, byte);
            proptest::prop_assert_eq!(units, text[..start].encode_utf16().count());
            proptest::prop_assert_eq!(byte_of_utf16(&text, units), start);
        }
    }

    proptest::proptest! {
        /// A byte found eight bytes at a time, and through [`next_byte`],
        /// is the first one there is (every byte value, at every place in
        /// a word, after bytes that borrow in the word's test), and those
        /// counted eight at a time are all there are.
        #[test]
        fn a_byte_read_eight_at_a_time_is_the_first_there_is(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            byte in proptest::prelude::any::<u8>(),
            from in 0..48usize,
        ) {
            let first = bytes.iter().position(|&b| b == byte);
            proptest::prop_assert_eq!(next_byte_by_words(&bytes, byte), first);
            proptest::prop_assert_eq!(count_byte(&bytes, byte), bytes.iter().filter(|&&b| b == byte).count());
            let after = bytes.get(from..).and_then(|r| r.iter().position(|&b| b == byte)).map(|n| n + from);
            proptest::prop_assert_eq!(next_byte(&bytes, from, byte), after);
        }
    }

    proptest::proptest! {
        /// Eight ASCII bytes at a time, the same places as a walk through
        /// the characters.
        #[test]
        fn a_utf16_offset_is_the_byte_a_walk_through_the_characters_finds(
            text in r"([a-z .]{0,20}|€|😀|é){0,8}",
            utf16 in 0..200usize,
        ) {
            let mut units = 0;
            let walked = (text.char_indices())
                .find(|(_, c)| {
                    let here = units >= utf16;
                    units += c.len_utf16();
                    here
                })
                .map_or(text.len(), |(i, _)| i);
            proptest::prop_assert_eq!(byte_of_utf16(&text, utf16), walked);
        }
    }

    #[test]
    fn a_caret_is_in_a_word_next_to_a_letter_or_digit() {
        let end = |t: &str| t.encode_utf16().count();
        for t in ["The span is 46", "The span is", "Ça"] {
            assert!(caret_in_word(t, end(t)), "{t}");
        }
        for t in [
            "",
            "The span is ",
            "The span is 460.",
            "It opened [S1]",
            "Yes,",
        ] {
            assert!(!caret_in_word(t, end(t)), "{t}");
        }
        // Editing inside the text: "The lo|ngest span" is inside a word, "The | span" not.
        assert!(caret_in_word("The longest span", 6));
        assert!(!caret_in_word("The  span", 4));
        // UTF-16 positions: after "€ " the caret is between a space and "x".
        assert!(caret_in_word("€ x", 2));
        assert!(!caret_in_word("€ x", 1));
    }

    #[test]
    fn whole_words_ignoring_case() {
        assert_eq!(
            find_word_ci("May, may I? Mayday maybe MAY.", "may"),
            [(0, 3), (5, 8), (25, 28)]
        );
        assert_eq!(
            find_word_ci("It is 100% sure, 100%!", "100%"),
            [(6, 10), (17, 21)]
        );
        assert_eq!(find_word_ci("$5/month or /monthly", "/month"), [(2, 8)]);
        assert_eq!(find_word_ci("billed monthly", "billed monthly"), [(0, 14)]);
        assert!(find_word_ci("émay", "may").is_empty());
        assert!(find_word_ci("ab", "abc").is_empty());
    }

    #[test]
    fn decimals_parse_like_the_standard_parser() {
        for s in [
            "0",
            "12",
            "3.5",
            "1.50",
            "499.00",
            "0.1",
            "2204.09876",
            "1000000",
            "-0.25",
            ".5",
            "5.",
            "123456789012345678901234",
        ] {
            let std: f64 = s.parse().unwrap();
            let ours = parse_decimal(s).unwrap();
            assert!(
                (ours - std).abs() <= 1e-12 * std.abs().max(1.0),
                "{s}: {ours} vs {std}"
            );
        }
        for s in ["", ".", "1.2.3", "1e5", "abc", "--1", "1,000"] {
            assert_eq!(parse_decimal(s), None, "{s}");
        }
    }

    #[test]
    fn prefixes() {
        assert!(starts_with_ci("Passage 3:", 0, "passage"));
        assert!(!starts_with_ci("Pass", 0, "passage"));
        assert_eq!(digits("2024-03"), 4);
        assert_eq!(blanks(" \t x"), 3);
    }
}
