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
//! What it keeps: every cut is at a line start (just after `\n`), or at a
//! character boundary when one line is longer than the window; the window
//! always holds the place it was asked for. What it does not do: choose
//! cuts by passage or sentence (a line is the unit a text box shows).

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
        let start = line_start_at_or_before(text, at.saturating_sub(bytes / 4), at);
        let w = TextWindow::from(text, start, bytes, at);
        if w.end < text.len() {
            return w;
        }
        // Near the end: the last lines, as many as fit.
        let end = TextWindow {
            start: text.len(),
            end: text.len(),
        };
        let last = end.earlier(text, bytes);
        TextWindow {
            start: last.start.min(w.start),
            end: text.len(),
        }
    }

    /// The window of about `bytes` that starts where this one ends (the
    /// last one when this one reaches the end).
    pub fn later(&self, text: &str, bytes: usize) -> TextWindow {
        if self.end >= text.len() {
            return TextWindow::from(text, self.start, bytes, self.start);
        }
        TextWindow::from(text, self.end, bytes, self.end)
    }

    /// The window of about `bytes` that ends where this one starts (the
    /// first one when this one starts the text).
    pub fn earlier(&self, text: &str, bytes: usize) -> TextWindow {
        if self.start == 0 {
            return TextWindow::from(text, 0, bytes, 0);
        }
        let end = self.start;
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
                None => char_end(text, floor),
            }
        };
        let start = if start >= end {
            char_start(text, end - 1)
        } else {
            start
        };
        TextWindow { start, end }
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
    /// the last line that ends within `bytes` and after byte `after`; a
    /// line too long for that is cut by characters (`after` being less
    /// than `bytes / 2` past `start`, the cut is past it).
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
            Some(i) if start + i + 1 > after => start + i + 1,
            _ => char_start(text, limit).max(char_end(text, start + 1)),
        };
        TextWindow { start, end }
    }
}

/// The start of the line holding byte `at`, if it is at or after `floor`;
/// else `floor` (moved to a character boundary).
fn line_start_at_or_before(text: &str, floor: usize, at: usize) -> usize {
    match text.as_bytes()[floor..at].iter().rposition(|&b| b == b'\n') {
        Some(i) => floor + i + 1,
        None if floor == 0 => 0,
        None => char_end(text, floor).min(at),
    }
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

    proptest! {
        #[test]
        fn a_window_holds_its_place_and_cuts_at_line_starts(
            text in text(), at in any::<usize>(), bytes in 8..200usize,
        ) {
            // Half the places are at the end (where a paste leaves the caret).
            let at = if at % 2 == 0 { text.len() } else { at % (text.len() + 1) };
            let w = TextWindow::around(&text, at, bytes);
            let at = char_start(&text, at);
            prop_assert!(w.start <= at && (at < w.end || w.end == text.len()), "{:?} at {}", w, at);
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
            // From the start, `later` reaches the end through adjacent windows;
            // `earlier` walks back through adjacent windows to the start.
            let mut w = TextWindow::around(&text, 0, bytes);
            prop_assert_eq!(w.start, 0);
            let mut steps = 0;
            while w.end < text.len() {
                let next = w.later(&text, bytes);
                prop_assert_eq!(next.start, w.end);
                prop_assert!(next.end > next.start);
                prop_assert!(text.is_char_boundary(next.end));
                w = next;
                steps += 1;
                prop_assert!(steps <= text.len());
            }
            while w.start > 0 {
                let before = w.earlier(&text, bytes);
                prop_assert_eq!(before.end, w.start);
                prop_assert!(before.start < before.end);
                prop_assert!(text.is_char_boundary(before.start));
                w = before;
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
    fn a_long_text_is_cut_after_line_breaks() {
        let text = "aaaa\nbbbb\ncccc\ndddd\neeee\n";
        // Byte 11 is in the third line, a quarter window from the start.
        let w = TextWindow::around(text, 11, 10);
        assert_eq!(w.of(text), "cccc\ndddd\n");
        assert_eq!(w.later(text, 10).of(text), "eeee\n");
        assert_eq!(w.earlier(text, 10).of(text), "aaaa\nbbbb\n");
    }
}
