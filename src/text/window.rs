//! Which part of a long text an editor shows.
//!
//! A browser's text box re-lays out its whole text on every keystroke: with
//! 1 MB in it a keystroke costs 50–90 ms before any checking (BENCHMARKS,
//! "The text box's own floor"), with 32 KB a few. So the lab's source box
//! holds a [`TextWindow`] of a long source: whole lines, about
//! [`WINDOW_BYTES`], around where the user works; what is typed there is
//! spliced back into the whole text ([`TextWindow::splice`]), which is what
//! gets checked.
//!
//! What it keeps: a window starts at a line start (just after `\n`), or,
//! when one line is longer than the window, after a space near the cut or
//! else between two characters the eye reads apart (not inside an emoji
//! sequence, a letter and its accents or a flag); the window always holds
//! the place it was asked for. It ends just before the line break (or the
//! space) that separates it from the next window: that separator is in
//! neither window, so what is typed at the end of the box goes on the
//! box's last line and never joins the hidden text after it. (A window
//! that held its line break would put the end of the box at the start of
//! the next, hidden line.) What it does not do: choose cuts by passage or
//! sentence (a line is the unit a text box shows).

use crate::text::scan::{char_end, char_start};

/// Bytes of a source the lab's box holds at once, about (whole lines).
pub const WINDOW_BYTES: usize = 32 * 1024;

/// A byte range of a text, on character boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextWindow {
    pub start: usize,
    pub end: usize,
}

impl TextWindow {
    /// All of `text`.
    pub fn whole(text: &str) -> TextWindow {
        TextWindow {
            start: 0,
            end: text.len(),
        }
    }

    /// Is this all of `text`?
    pub fn is_whole(&self, text: &str) -> bool {
        self.start == 0 && self.end == text.len()
    }

    pub fn len(&self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The part of `text` this window holds.
    pub fn of<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start..self.end]
    }

    /// Whole lines of `text` holding byte `at` (clamped to the text), about
    /// `bytes` long with `at` in their first half: the window a box shows
    /// to edit there. All of `text` when it is no longer than `bytes`.
    pub fn around(text: &str, at: usize, bytes: usize) -> TextWindow {
        if text.len() <= bytes {
            return TextWindow::whole(text);
        }
        let at = char_start(text, at);
        let start = line_start_at_or_before(text, at.saturating_sub(bytes / 4), at, bytes);
        let w = TextWindow::from(text, start, bytes, at);
        if w.end < text.len() {
            return w;
        }
        // Near the end: the last lines, as many as fit.
        TextWindow {
            start: TextWindow::ending_at(text, text.len(), bytes)
                .start
                .min(w.start),
            end: text.len(),
        }
    }

    /// The window of about `bytes` that starts where this one ends, after
    /// the separator this one leaves out, if any (the last one when this
    /// one reaches the end).
    pub fn later(&self, text: &str, bytes: usize) -> TextWindow {
        if self.end >= text.len() {
            return TextWindow::from(text, self.start, bytes, self.start);
        }
        // A separator that is the text's last byte is not skipped: the
        // last window is never empty.
        let start = match is_separator(text.as_bytes()[self.end]) && self.end + 1 < text.len() {
            true => self.end + 1,
            false => self.end,
        };
        TextWindow::from(text, start, bytes, start)
    }

    /// The window of about `bytes` that ends where this one starts, less
    /// the separator between them (the first one when this one starts the
    /// text).
    pub fn earlier(&self, text: &str, bytes: usize) -> TextWindow {
        if self.start == 0 {
            return TextWindow::from(text, 0, bytes, 0);
        }
        // It ends before the separator just before this one, if any: at
        // the text's start, the empty place before a first line break.
        let end = match is_separator(text.as_bytes()[self.start - 1]) {
            true => self.start - 1,
            false => self.start,
        };
        if end == 0 {
            return TextWindow { start: 0, end: 0 };
        }
        TextWindow::ending_at(text, end, bytes)
    }

    /// The window of about `bytes` that ends at byte `end` (not 0): from
    /// a line start, or a cut in a line longer than `bytes`.
    fn ending_at(text: &str, end: usize, bytes: usize) -> TextWindow {
        let floor = end.saturating_sub(bytes);
        // The first line start from `floor` on, if one is before `end`;
        // else the line is cut by characters.
        let start = if floor == 0 || text.as_bytes()[floor - 1] == b'\n' {
            floor
        } else {
            match text.as_bytes()[floor..end - 1]
                .iter()
                .position(|&b| b == b'\n')
            {
                Some(i) => floor + i + 1,
                None => {
                    let lo = char_end(text, floor);
                    let hi = char_start(text, (lo + search(bytes)).min(end - 1)).max(lo);
                    cut_in_line(text, lo, hi, false)
                }
            }
        };
        let start = if start >= end {
            char_start(text, end - 1)
        } else {
            start
        };
        TextWindow { start, end }
    }

    /// The bytes of `text` that a Backspace at this window's start
    /// (`backward`) or a Delete at its end removes: the box holding the
    /// window cannot reach them. One character as the eye reads it (an
    /// emoji sequence, a flag, a letter and its accents, a syllable whole);
    /// with `word` (Ctrl), a line break alone, else the spaces next to the
    /// edge and the word beyond them. `None` at the text's own start or end.
    pub fn beyond_edge(&self, text: &str, backward: bool, word: bool) -> Option<(usize, usize)> {
        let mut at = if backward { self.start } else { self.end };
        let edge = at;
        let near = if backward {
            text[..edge].chars().next_back()
        } else {
            text[edge..].chars().next()
        }?;
        if word && near != '\n' {
            let space = |c: char| c.is_whitespace() && c != '\n';
            let letter = |c: char| !c.is_whitespace();
            return Some(if backward {
                (
                    text[..edge]
                        .trim_end_matches(space)
                        .trim_end_matches(letter)
                        .len(),
                    edge,
                )
            } else {
                let rest = text[edge..]
                    .trim_start_matches(space)
                    .trim_start_matches(letter);
                (edge, text.len() - rest.len())
            });
        }
        loop {
            at = if backward {
                char_start(text, at.checked_sub(1)?)
            } else {
                char_end(text, at + 1).min(text.len())
            };
            if at == 0 || at == text.len() || !splits_cluster(text, at) {
                return Some(if backward { (at, edge) } else { (edge, at) });
            }
        }
    }

    /// [`TextWindow::earlier`], from the text's start when less than half a
    /// window would be left before it (a window of at most 1.5 windows):
    /// walking back from the end never ends in a sliver.
    pub fn earlier_to_start(&self, text: &str, bytes: usize) -> TextWindow {
        let w = self.earlier(text, bytes);
        if w.start < bytes / 2 {
            TextWindow {
                start: 0,
                end: w.end,
            }
        } else {
            w
        }
    }

    /// `text` with this window's part replaced by `shown` (what the box now
    /// holds), and the window of `shown` in the new text.
    pub fn splice(&self, text: &str, shown: &str) -> (String, TextWindow) {
        let mut out = String::with_capacity(text.len() - self.len() + shown.len());
        out.push_str(&text[..self.start]);
        out.push_str(shown);
        out.push_str(&text[self.end..]);
        let window = TextWindow {
            start: self.start,
            end: self.start + shown.len(),
        };
        (out, window)
    }

    /// From `start` (a line start or character boundary) to the end of
    /// the last line that ends within `bytes` and after byte `after`, its
    /// line break left out; a line too long for that is cut in it
    /// ([`cut_in_line`]), before the space found there (`after` being
    /// less than `bytes / 2` past `start`, the cut is at or past it).
    fn from(text: &str, start: usize, bytes: usize, after: usize) -> TextWindow {
        let limit = start + bytes;
        if limit >= text.len() {
            return TextWindow {
                start,
                end: text.len(),
            };
        }
        let end = match text.as_bytes()[start..limit]
            .iter()
            .rposition(|&b| b == b'\n')
        {
            // Not a line break at `start` alone: that window would hold
            // only it (a blank line before a long one), which is left out.
            Some(i) if start + i + 1 > after && i > 0 => start + i + 1,
            _ => {
                let lo = char_end(text, (after + 1).max(limit - search(bytes)));
                let hi = char_start(text, limit);
                cut_in_line(text, lo.min(hi), hi, true).max(char_end(text, start + 1))
            }
        };
        // The separator the cut follows is left out (kept when it is all
        // the window would hold).
        let end =
            match end < text.len() && end > start + 1 && is_separator(text.as_bytes()[end - 1]) {
                true => end - 1,
                false => end,
            };
        TextWindow { start, end }
    }
}

/// A byte that separates two windows when a cut follows it: a line break,
/// or a space in a line too long for one window.
fn is_separator(b: u8) -> bool {
    b == b'\n' || b == b' '
}

/// The start of the line holding byte `at`, if it is at or after `floor`;
/// else a cut in the line just after `floor` (see [`cut_in_line`]).
fn line_start_at_or_before(text: &str, floor: usize, at: usize, bytes: usize) -> usize {
    match text.as_bytes()[floor..at].iter().rposition(|&b| b == b'\n') {
        Some(i) => floor + i + 1,
        None if floor == 0 => 0,
        None => {
            let lo = char_end(text, floor).min(at);
            let hi = char_start(text, (lo + search(bytes)).min(at));
            cut_in_line(text, lo, hi.max(lo), false)
        }
    }
}

/// How far a cut inside a line looks for a better place: an eighth of the
/// window, at most 256 bytes.
fn search(bytes: usize) -> usize {
    (bytes / 8).min(256)
}

/// Where to cut a line between bytes `lo` and `hi` (character boundaries,
/// `lo <= hi`), as near `hi` as can be when `toward_hi`, else `lo`: just
/// after a space; failing that, at a character boundary inside no cluster
/// the eye reads as one character (an emoji sequence, a letter and its
/// accents, a flag, an Indic syllable); failing that, at `hi` or `lo`
/// itself. (The clusters are told by ranges of joiners, combining marks,
/// viramas, modifiers and regional indicators, not the full Unicode rules:
/// a segmentation crate's tables would cost the page's bundle more than
/// this rare cut is worth.)
fn cut_in_line(text: &str, lo: usize, hi: usize, toward_hi: bool) -> usize {
    let part = &text.as_bytes()[lo..hi];
    let space = if toward_hi {
        part.iter().rposition(|&b| b == b' ')
    } else {
        part.iter().position(|&b| b == b' ')
    };
    if let Some(i) = space {
        return lo + i + 1;
    }
    let mut boundaries = text[lo..hi]
        .char_indices()
        .map(|(i, _)| lo + i)
        .chain(std::iter::once(hi));
    let whole = |&i: &usize| !splits_cluster(text, i);
    let found = if toward_hi {
        boundaries.rfind(whole)
    } else {
        boundaries.find(whole)
    };
    found.unwrap_or(if toward_hi { hi } else { lo })
}

/// Would a cut at byte `i` split what reads as one character?
fn splits_cluster(text: &str, i: usize) -> bool {
    let (Some(before), Some(after)) = (text[..i].chars().next_back(), text[i..].chars().next())
    else {
        return false;
    };
    let regional = |c: &char| ('\u{1F1E6}'..='\u{1F1FF}').contains(c);
    // A virama joins the consonant after it into a conjunct.
    let virama = |c: char| {
        let u = c as u32;
        ((0x0900..=0x0D7F).contains(&u) && u & 0x7F == 0x4D)
            || matches!(c, '\u{0DCA}' | '\u{1039}' | '\u{17D2}')
    };
    before == '\u{200D}'
        || virama(before)
        || joins_the_one_before(after)
        // A flag is two regional indicators, paired from the start of
        // their run: `i` is inside one when an odd number come before it.
        || (regional(&after) && text[..i].chars().rev().take_while(regional).count() % 2 == 1)
}

/// Does `c` join the character before it: a joiner, a combining mark, a
/// variation selector, a skin tone, a tag, the vowel signs and viramas of
/// the Indic, Thai, Lao, Tibetan, Myanmar and Khmer scripts, Hebrew and
/// Arabic points, or a Hangul vowel or final consonant written as a jamo?
fn joins_the_one_before(c: char) -> bool {
    let u = c as u32;
    // The nine Brahmic blocks from Devanagari to Malayalam share one
    // layout (from ISCII): their marks sit at the same offsets in each.
    if (0x0900..=0x0D7F).contains(&u) {
        let at = u & 0x7F;
        return at <= 0x03
            || ((0x3A..=0x4F).contains(&at) && at != 0x3D)
            || (0x51..=0x57).contains(&at)
            || (0x62..=0x63).contains(&at);
    }
    matches!(c,
        '\u{200C}' | '\u{200D}' | '\u{0300}'..='\u{036F}' | '\u{0483}'..='\u{0489}'
        | '\u{0591}'..='\u{05BD}' | '\u{05BF}' | '\u{05C1}'..='\u{05C2}' | '\u{05C4}'..='\u{05C5}' | '\u{05C7}'
        | '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06DC}'
        | '\u{06DF}'..='\u{06E4}' | '\u{06E7}'..='\u{06E8}' | '\u{06EA}'..='\u{06ED}'
        | '\u{0D81}'..='\u{0D83}' | '\u{0DCA}'..='\u{0DDF}' | '\u{0DF2}'..='\u{0DF3}'
        | '\u{0E31}' | '\u{0E33}'..='\u{0E3A}' | '\u{0E47}'..='\u{0E4E}'
        | '\u{0EB1}' | '\u{0EB3}'..='\u{0EBC}' | '\u{0EC8}'..='\u{0ECE}'
        | '\u{0F18}'..='\u{0F19}' | '\u{0F35}' | '\u{0F37}' | '\u{0F39}' | '\u{0F3E}'..='\u{0F3F}'
        | '\u{0F71}'..='\u{0F84}' | '\u{0F86}'..='\u{0F87}' | '\u{0F8D}'..='\u{0FBC}'
        | '\u{102B}'..='\u{103E}' | '\u{1056}'..='\u{1059}' | '\u{105E}'..='\u{1060}'
        | '\u{1062}'..='\u{1064}' | '\u{1067}'..='\u{106D}' | '\u{1071}'..='\u{1074}'
        | '\u{1082}'..='\u{108D}' | '\u{108F}' | '\u{109A}'..='\u{109D}'
        | '\u{1160}'..='\u{11FF}' | '\u{17B4}'..='\u{17D3}' | '\u{17DD}'
        | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}'
        | '\u{302A}'..='\u{302F}' | '\u{3099}'..='\u{309A}' | '\u{D7B0}'..='\u{D7FF}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FE20}'..='\u{FE2F}'
        | '\u{1F3FB}'..='\u{1F3FF}' | '\u{E0020}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        // Lines of words (some long, some non-ASCII), some blank.
        let line = prop_oneof![Just(String::new()), "[a-zé😀 ]{0,40}", "[a-z ]{100,300}",];
        prop::collection::vec(line, 0..60).prop_map(|ls| ls.join("\n"))
    }

    fn is_cut(text: &str, i: usize) -> bool {
        i == 0 || i == text.len() || text.as_bytes()[i - 1] == b'\n'
    }

    #[test]
    fn walking_back_from_the_end_never_ends_in_a_sliver() {
        let text = "A line of the record.\n".repeat(500);
        let bytes = 1000;
        let mut w = TextWindow::around(&text, text.len(), bytes);
        let mut sizes = Vec::new();
        while w.start > 0 {
            w = w.earlier_to_start(&text, bytes);
            sizes.push(w.len());
        }
        assert!(
            sizes
                .iter()
                .all(|&n| n >= bytes / 2 && n <= bytes + bytes / 2),
            "{sizes:?}"
        );
        assert_eq!(w.start, 0);
    }

    #[test]
    fn backspace_and_delete_reach_past_the_edges() {
        let text = "one two\nthree  four\nfive";
        let w = TextWindow { start: 8, end: 20 }; // "three  four\n"
        assert_eq!(w.of(text), "three  four\n");
        // The line break before, the letter after.
        assert_eq!(w.beyond_edge(text, true, false), Some((7, 8)));
        assert_eq!(w.beyond_edge(text, false, false), Some((20, 21)));
        // A word: a line break stays a line break of its own …
        assert_eq!(w.beyond_edge(text, true, true), Some((7, 8)));
        assert_eq!(w.beyond_edge(text, false, true), Some((20, 24)));
        // … an edge inside a line takes the spaces and the word.
        let inside = TextWindow { start: 15, end: 15 }; // before "four"
        assert_eq!(inside.beyond_edge(text, true, true), Some((8, 15)));
        let mid = TextWindow { start: 13, end: 13 }; // after "three"
        assert_eq!(mid.beyond_edge(text, false, true), Some((13, 19)));
        // Nothing past the text's own ends.
        assert_eq!(TextWindow::whole(text).beyond_edge(text, true, false), None);
        assert_eq!(TextWindow::whole(text).beyond_edge(text, false, true), None);
    }

    #[test]
    fn a_flag_past_the_edge_goes_whole_whichever_of_a_run_it_is() {
        let flags = "🇫🇷🇳🇴🇸🇪"; // three flags, six regional indicators of 4 bytes
        let text = format!("ab{flags}cd");
        // Between two flags: Backspace takes the flag before, Delete the one after.
        for k in [0, 1, 2, 3] {
            let edge = 2 + 8 * k;
            let w = TextWindow {
                start: edge,
                end: edge,
            };
            let back = if k > 0 { (edge - 8, edge) } else { (1, 2) };
            assert_eq!(w.beyond_edge(&text, true, false), Some(back), "{k}");
            let fwd = if k < 3 {
                (edge, edge + 8)
            } else {
                (edge, edge + 1)
            };
            assert_eq!(w.beyond_edge(&text, false, false), Some(fwd), "{k}");
        }
        // An edge inside a flag (a line of nothing but flags is cut where it
        // must): each side loses its half.
        let w = TextWindow { start: 6, end: 6 };
        assert_eq!(w.beyond_edge(&text, true, false), Some((2, 6)));
        assert_eq!(w.beyond_edge(&text, false, false), Some((6, 10)));
    }

    #[test]
    fn a_character_past_the_edge_goes_whole() {
        // An accent, an emoji sequence, a flag, an Indic conjunct: each one
        // character to the eye, each deleted whole.
        for unit in [
            "e\u{301}",
            "👩\u{200D}💻",
            "🇳🇴",
            "क्ष",
            "👍🏽",
            "\u{0E19}\u{0E49}\u{0E33}",
            "\u{0E84}\u{0EB3}",
        ] {
            let text = format!("a{unit}b");
            let after = 1 + unit.len();
            let w = TextWindow {
                start: after,
                end: after,
            };
            assert_eq!(
                w.beyond_edge(&text, true, false),
                Some((1, after)),
                "{unit}"
            );
            let w = TextWindow { start: 1, end: 1 };
            assert_eq!(
                w.beyond_edge(&text, false, false),
                Some((1, after)),
                "{unit}"
            );
        }
    }

    proptest! {
        #[test]
        fn what_reaches_past_an_edge_touches_it_and_ends_between_characters(
            text in text(), at in any::<usize>(), bytes in 8..200usize, word in any::<bool>(),
        ) {
            let w = TextWindow::around(&text, at % (text.len() + 1), bytes);
            for backward in [true, false] {
                let edge = if backward { w.start } else { w.end };
                match w.beyond_edge(&text, backward, word) {
                    None => prop_assert_eq!(edge, if backward { 0 } else { text.len() }),
                    Some((s, e)) => {
                        prop_assert!(s < e && e <= text.len());
                        prop_assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
                        prop_assert_eq!(if backward { e } else { s }, edge);
                        let far = if backward { s } else { e };
                        prop_assert!(!splits_cluster(&text, far), "{:?}", (s, e));
                        // Never past a line break, except the one at the edge.
                        let line_breaks = text[s..e].matches('\n').count();
                        prop_assert!(line_breaks == 0 || text[s..e] == *"\n");
                    }
                }
            }
        }

        #[test]
        fn a_window_holds_its_place_and_cuts_at_line_starts(
            text in text(), at in any::<usize>(), bytes in 8..200usize,
        ) {
            // Half the places are at the end (where a paste leaves the caret).
            let at = if at % 2 == 0 { text.len() } else { at % (text.len() + 1) };
            let w = TextWindow::around(&text, at, bytes);
            let at = char_start(&text, at);
            prop_assert!(w.start <= at && at <= w.end, "{:?} at {}", w, at);
            prop_assert!(text.is_char_boundary(w.start) && text.is_char_boundary(w.end));
            // A cut inside a line only where the line is longer than the window.
            // A cut inside a line only where the line runs on for a quarter
            // window before the place; at most a window's bytes.
            if !is_cut(&text, w.start) {
                let line_start = text[..w.start].rfind('\n').map_or(0, |i| i + 1);
                prop_assert!(at - line_start >= bytes / 4, "{:?}", w);
            }
            prop_assert!(w.len() <= bytes, "{:?}", w);
            prop_assert!(w.start < w.end || text.is_empty());
        }

        #[test]
        fn earlier_and_later_step_through_the_text_without_gaps(
            text in text(), bytes in 8..200usize,
        ) {
            // From the start, `later` reaches the end through windows that
            // are adjacent or apart by one separator; `earlier` walks back
            // the same way to the start.
            let apart = |end: usize, start: usize| {
                start == end || (start == end + 1 && is_separator(text.as_bytes()[end]))
            };
            let mut w = TextWindow::around(&text, 0, bytes);
            prop_assert_eq!(w.start, 0);
            let mut steps = 0;
            while w.end < text.len() {
                let next = w.later(&text, bytes);
                prop_assert!(apart(w.end, next.start), "{:?} then {:?}", w, next);
                prop_assert!(next.end > next.start);
                prop_assert!(text.is_char_boundary(next.end));
                w = next;
                steps += 1;
                prop_assert!(steps <= text.len());
            }
            while w.start > 0 {
                let before = w.earlier(&text, bytes);
                prop_assert!(apart(before.end, w.start), "{:?} then {:?}", before, w);
                // Empty only as the place before a first line break.
                prop_assert!(before.start < before.end || before.end == 0);
                prop_assert!(text.is_char_boundary(before.start));
                w = before;
            }
        }

        /// A line longer than the window is cut after a space or between
        /// characters read apart, never inside an emoji sequence, a letter
        /// and its accent, a flag, an Indic or Thai syllable or a Hangul
        /// one written in jamo.
        #[test]
        fn a_long_line_is_cut_between_what_reads_as_characters(
            parts in prop::collection::vec(prop_oneof![
                Just("👨\u{200D}👩\u{200D}👧"), Just("e\u{301}"), Just("🇫🇷"), Just("👍🏽"),
                Just("❤\u{FE0F}"), Just("a"), Just("ß"), Just(" "),
                // क्षि, স্ত্রী, கொ, ಕ್ಕೆ, กิ่, น้ำ and 각 in jamo.
                Just("\u{915}\u{94D}\u{937}\u{93F}"), Just("\u{9B8}\u{9CD}\u{9A4}\u{9CD}\u{9B0}\u{9C0}"),
                Just("\u{B95}\u{BCA}"), Just("\u{C95}\u{CCD}\u{C95}\u{CC6}"),
                Just("\u{E01}\u{E34}\u{E48}"), Just("\u{E19}\u{E49}\u{E33}"),
                Just("\u{1100}\u{1161}\u{11A8}"),
            ], 0..400),
            at in any::<usize>(), bytes in 200..400usize,
        ) {
            let text: String = parts.concat();
            // Where one part ends and the next begins: the only cuts allowed.
            let allowed: Vec<usize> = std::iter::once(0)
                .chain(parts.iter().scan(0, |end, p| { *end += p.len(); Some(*end) }))
                .collect();
            let at = at % (text.len() + 1);
            let mut windows = vec![TextWindow::around(&text, at, bytes)];
            windows.push(windows[0].later(&text, bytes));
            windows.push(windows[0].earlier(&text, bytes));
            for w in windows {
                for cut in [w.start, w.end] {
                    prop_assert!(allowed.binary_search(&cut).is_ok(), "{:?} cuts {:?}", w, &text[char_start(&text, cut.saturating_sub(8))..]);
                }
                // Backspace and Delete past its edges take one part whole.
                for backward in [true, false] {
                    if let Some((s, e)) = w.beyond_edge(&text, backward, false) {
                        let (i, j) = (allowed.binary_search(&s), allowed.binary_search(&e));
                        prop_assert!(matches!((i, j), (Ok(i), Ok(j)) if j == i + 1), "{:?} {:?}", w, (s, e));
                    }
                }
            }
        }

        /// What is typed at the end of a box holding a window goes on its
        /// last line: the window is followed by the line break or space
        /// it leaves out, never by the hidden text of a line it shows.
        #[test]
        fn typing_at_a_windows_end_never_joins_the_text_after_it(
            lines in prop::collection::vec(prop::collection::vec("[a-zé]{1,6}", 0..60), 1..80),
            at in any::<usize>(), bytes in 128..400usize, typed in "[a-z]{1,5}",
        ) {
            let text = lines.iter().map(|words| words.join(" ")).collect::<Vec<_>>().join("\n");
            let first = TextWindow::around(&text, at % (text.len() + 1), bytes);
            for w in [first, first.later(&text, bytes), first.earlier(&text, bytes)] {
                if w.end == text.len() {
                    continue;
                }
                let next = text.as_bytes()[w.end];
                prop_assert!(next == b'\n' || next == b' ', "{:?} is followed by {:?}", w, &text[w.end..]);
                // Typed at the box's end: followed by that separator.
                let (new, _) = w.splice(&text, &format!("{}{typed}", w.of(&text)));
                prop_assert_eq!(&new[w.end..w.end + typed.len() + 1], format!("{typed}{}", next as char));
            }
        }

        #[test]
        fn splicing_what_the_box_holds_changes_only_the_window(
            text in text(), at in any::<usize>(), bytes in 8..200usize, typed in "[a-zé\n]{0,20}",
        ) {
            let w = TextWindow::around(&text, at % (text.len() + 1), bytes);
            let shown = format!("{}{}", typed, w.of(&text));
            let (new, nw) = w.splice(&text, &shown);
            prop_assert_eq!(&new[..w.start], &text[..w.start]);
            prop_assert_eq!(&new[nw.end..], &text[w.end..]);
            prop_assert_eq!(nw.of(&new), shown.as_str());
        }
    }

    #[test]
    fn a_short_text_is_shown_whole() {
        let text = "One line.\nTwo lines.";
        assert_eq!(TextWindow::around(text, 5, 100), TextWindow::whole(text));
        assert!(TextWindow::around(text, 5, 100).is_whole(text));
    }

    #[test]
    fn at_the_end_the_window_is_the_last_lines() {
        // The caret after a paste is at the end, after a line break.
        let text = "aaaa\nbbbb\ncccc\ndddd\n\n";
        let w = TextWindow::around(text, text.len(), 10);
        assert_eq!(w.of(text), "dddd\n\n");
        let w = TextWindow::around(text, text.len(), 11);
        assert_eq!(w.of(text), "cccc\ndddd\n\n");
        let w = TextWindow::around(text, text.len() - 3, 10);
        assert_eq!(w.of(text), "dddd\n\n");
    }

    #[test]
    fn a_long_line_is_cut_after_a_space_near_the_window_end() {
        let text = "word ".repeat(100);
        let w = TextWindow::around(&text, 0, 103);
        // The space is left out: between the two windows.
        assert!(w.of(&text).ends_with(" word"), "{:?}", w.of(&text));
        assert_eq!(&text[w.end..w.end + 1], " ");
        let next = w.later(&text, 103);
        assert_eq!(next.start, w.end + 1);
        assert!(next.of(&text).starts_with("word"));
    }

    #[test]
    fn a_long_text_is_cut_after_line_breaks() {
        let text = "aaaa\nbbbb\ncccc\ndddd\neeee\n";
        // Byte 11 is in the third line, a quarter window from the start.
        // Each window leaves out the line break that ends its last line.
        let w = TextWindow::around(text, 11, 10);
        assert_eq!(w.of(text), "cccc\ndddd");
        assert_eq!(w.later(text, 10).of(text), "eeee\n");
        assert_eq!(w.earlier(text, 10).of(text), "aaaa\nbbbb");
    }
}
