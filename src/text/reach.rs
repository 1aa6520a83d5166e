//! What an edit of a source changed, as a claim's check can see it.
//!
//! The lab checks its answer again after each keystroke in the source, and
//! a keystroke in a 1 MB source changes one sentence or two. A claim's check
//! reads the source through how many sentences hold each of its content
//! words, through the sentences sharing enough of them (support, numbers,
//! negation, citations), through look-ups of its names in the whole text
//! (the entity check), and through the source's layout and language.
//! [`Document::edit_within`] keeps a [`SourceEdit`] of the last edit: the
//! content keys of each sentence it read again (before and after), the text
//! and fold it changed with some words on either side, and whether the
//! layout stood. `pipeline::edit_reaches` asks it whether the edit can
//! reach a claim; a claim it cannot reach gets the report it had before the
//! edit, its source spans moved with the text after the edit
//! ([`SourceEdit::move_span`]), and `pipeline` takes it back instead of
//! checking it again. `tests/properties.rs` holds that to a fresh check.
//!
//! [`Document::edit_within`]: super::Document::edit_within

use std::sync::Arc;

/// The most bytes an edit may have changed (before or after, in the text or
/// its fold) and still be kept: a wider edit (a paste) leaves no record,
/// and every claim is checked again.
pub const KEPT_BYTES: usize = 64 * 1024;

/// How many words of the fold on either side of its change an edit keeps:
/// a phrase of more words than this reaches every claim that looks it up.
pub const PHRASE_WORDS: usize = 8;

/// How many bytes of the text on either side of its change an edit keeps:
/// a word looked up in the raw text longer than this less 8 (a character
/// either side, and the ends taken back to a character's start) reaches
/// every claim that looks it up.
const TEXT_AROUND: usize = 64;

/// The last edit of a document ([`super::Document::last_edit`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SourceEdit {
    /// Did every passage keep its number and name, every sentence the edit
    /// did not read again its passage, and the source its language?
    /// Otherwise no claim is taken back. The sentences after the edit may
    /// have moved ([`SourceEdit::renumbers`]) when the edit stayed inside
    /// one passage.
    pub layout_kept: bool,
    /// The first sentence read again (0-based), and how many there were
    /// before the edit and after it.
    read_again: (usize, usize, usize),
    /// Each content key of a sentence read again with a sentence holding
    /// it (`0..before` the sentences before the edit, then those after
    /// it), sorted, each pair once.
    holding: Vec<(Arc<str>, u32)>,
    /// The text before and after the edit where it changed, with
    /// [`TEXT_AROUND`] bytes on either side.
    texts: [String; 2],
    /// The fold before and after the edit where it changed, with
    /// [`PHRASE_WORDS`] words and a character on either side.
    folds: [String; 2],
    /// Where the text the edit left unchanged after it starts, in the text
    /// before the edit, and in the text after it.
    tail: (usize, usize),
}

/// The sentences an edit read again: `before` (the content keys of each
/// sentence it replaced) and `after` (of each sentence it read), from the
/// `first` (0-based).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadAgain {
    pub first: usize,
    pub before: Vec<Vec<Arc<str>>>,
    pub after: Vec<Vec<Arc<str>>>,
}

/// Where an edit changed a document, each in the document after it:
/// `text` is the text before and after, the edit's start, and where the
/// text after it starts in each; `fold` is the fold after the edit, where
/// its change starts, the old bytes from there, and where the change ends.
pub(super) struct Changed<'a> {
    pub text: (&'a str, &'a str, usize, (usize, usize)),
    pub fold: (&'a str, usize, &'a str, usize),
}

impl SourceEdit {
    /// The record of an edit that changed a document where `changed` says,
    /// with the sentences `read_again`, the unchanged text after the edit
    /// starting at `tail` in the text before it. `None` when the edit is
    /// wider than [`KEPT_BYTES`].
    pub(super) fn new(
        changed: Changed,
        read_again: ReadAgain,
        tail: usize,
        layout_kept: bool,
    ) -> Option<SourceEdit> {
        let (old, new, p, (q_old, q_new)) = changed.text;
        let (fold, from, old_fold, new_to) = changed.fold;
        let widest = (q_old - p)
            .max(q_new - p)
            .max(old_fold.len())
            .max(new_to - from);
        if widest > KEPT_BYTES {
            return None;
        }
        let ReadAgain {
            first,
            before,
            after,
        } = read_again;
        let mut holding: Vec<(Arc<str>, u32)> = (before.iter().chain(&after).enumerate())
            .flat_map(|(i, keys)| keys.iter().map(move |key| (key.clone(), i as u32)))
            .collect();
        crate::order::sort_dedup(&mut holding);
        let around = |text: &str, to: usize| {
            let start = super::scan::char_start(text, p.saturating_sub(TEXT_AROUND));
            let end = super::scan::char_start(text, (to + TEXT_AROUND).min(text.len()));
            text[start..end].to_string()
        };
        let (a, b) = (words_back(fold, from), words_ahead(fold, new_to));
        Some(SourceEdit {
            layout_kept,
            read_again: (first, before.len(), after.len()),
            holding,
            texts: [around(old, q_old), around(new, q_new)],
            folds: [
                [&fold[a..from], old_fold, &fold[new_to..b]].concat(),
                fold[a..b].to_string(),
            ],
            tail: (tail, tail + new.len() - old.len()),
        })
    }

    /// The record of an edit that left the text as it was.
    pub(super) fn unchanged(text: &str) -> SourceEdit {
        SourceEdit {
            layout_kept: true,
            tail: (text.len(), text.len()),
            ..SourceEdit::default()
        }
    }

    /// Was sentence `sentence` (0-based, after the edit) read again?
    pub fn read_again(&self, sentence: usize) -> bool {
        let (first, _, after) = self.read_again;
        (first..first + after).contains(&sentence)
    }

    /// Did the edit split or join sentences, so that every sentence after
    /// it has another number ("S58" is now "S59")?
    pub fn renumbers(&self) -> bool {
        let (_, before, after) = self.read_again;
        before != after
    }

    /// The number (0-based) after the edit of sentence `sentence` before
    /// it; `None` for a sentence the edit read again.
    pub fn sentence_after(&self, sentence: usize) -> Option<usize> {
        let (first, before, after) = self.read_again;
        match sentence.checked_sub(first) {
            None => Some(sentence),
            Some(k) if k < before => None,
            Some(_) => Some(sentence - before + after),
        }
    }

    /// The sentences read again holding content key `key` (see `holding`).
    fn holding(&self, key: &str) -> &[(Arc<str>, u32)] {
        let from = self.holding.partition_point(|(k, _)| &**k < key);
        let to = from + self.holding[from..].partition_point(|(k, _)| &**k == key);
        &self.holding[from..to]
    }

    /// Did the edit change how many sentences hold content key `key`?
    pub fn changes_frequency(&self, key: &str) -> bool {
        let sentences = self.holding(key);
        let held_before = sentences.partition_point(|&(_, i)| (i as usize) < self.read_again.1);
        held_before != sentences.len() - held_before
    }

    /// The most of `keys` (each once) one sentence read again holds,
    /// before or after.
    pub fn most_shared(&self, keys: &[&str]) -> usize {
        let (_, before, after) = self.read_again;
        let mut shared = vec![0usize; before + after];
        for &(_, i) in keys.iter().flat_map(|k| self.holding(k)) {
            shared[i as usize] += 1;
        }
        shared.into_iter().max().unwrap_or(0)
    }

    /// Might a look-up of `phrase` (through [`super::fold`]) in the fold
    /// find otherwise after the edit? Only if the fold around the change
    /// holds it, before or after (a phrase found across the change lies
    /// within [`PHRASE_WORDS`] words of it), or if it is longer than that.
    pub fn touches_phrase(&self, phrase: &str) -> bool {
        let words = phrase.split(|c: char| !c.is_alphanumeric());
        words.filter(|w| !w.is_empty()).count() > PHRASE_WORDS
            || self.folds.iter().any(|f| f.contains(phrase))
    }

    /// Does the fold around the change hold `phrase` whole after the edit
    /// (so a look-up of it finds it)? `false` says nothing: it may be
    /// elsewhere.
    pub fn holds_phrase_after(&self, phrase: &str) -> bool {
        in_fold_within(&self.folds[1], phrase)
    }

    /// Might a look-up of `word` in the raw text find otherwise after the
    /// edit? Only if the text around the change holds it, before or after,
    /// or if it is too long to tell.
    pub fn touches_text(&self, word: &str) -> bool {
        word.len() + 8 > TEXT_AROUND || self.texts.iter().any(|t| t.contains(word))
    }

    /// A span of the text before the edit, in a sentence the edit did not
    /// read again, where it is after the edit.
    pub fn move_span(&self, (start, end): (usize, usize)) -> (usize, usize) {
        let (old, new) = self.tail;
        match start >= old {
            true => (start - old + new, end - old + new),
            false => (start, end),
        }
    }
}

/// Is `phrase` in `window` (a stretch of a fold) with a character that is
/// neither a letter nor a digit on either side, both inside `window`? A
/// match at either end of the window is not counted: what is glued to it
/// lies outside. What this finds, [`super::mentions::in_fold`] finds in the
/// whole fold (overlapping matches are tried: "a aa" in " aa a aa ").
fn in_fold_within(window: &str, phrase: &str) -> bool {
    !phrase.is_empty()
        && super::scan::matches(window, phrase).any(|i| {
            let before = window[..i].chars().next_back();
            let after = window[i + phrase.len()..].chars().next();
            before.is_some_and(|c| !c.is_alphanumeric())
                && after.is_some_and(|c| !c.is_alphanumeric())
        })
}

/// Where in `fold` the [`PHRASE_WORDS`] words before byte `at` start, less
/// the character before them.
fn words_back(fold: &str, at: usize) -> usize {
    let word = |c: char| c.is_alphanumeric();
    let mut rest = &fold[..at];
    for _ in 0..PHRASE_WORDS {
        rest = rest.trim_end_matches(|c| !word(c)).trim_end_matches(word);
    }
    let mut chars = rest.chars();
    chars.next_back();
    chars.as_str().len()
}

/// Where in `fold` the [`PHRASE_WORDS`] words after byte `at` end, with the
/// character after them.
fn words_ahead(fold: &str, at: usize) -> usize {
    let word = |c: char| c.is_alphanumeric();
    let mut rest = &fold[at..];
    for _ in 0..PHRASE_WORDS {
        rest = rest
            .trim_start_matches(|c| !word(c))
            .trim_start_matches(word);
    }
    let mut chars = rest.chars();
    chars.next();
    fold.len() - chars.as_str().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(old: &str, new: &str, read_again: ReadAgain) -> SourceEdit {
        let p = old
            .bytes()
            .zip(new.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let same_end = (old.bytes().rev().zip(new.bytes().rev()))
            .take_while(|(a, b)| a == b)
            .count()
            .min(old.len().min(new.len()) - p);
        let (q_old, q_new) = (old.len() - same_end, new.len() - same_end);
        let (fold_old, fold_new) = (crate::text::fold(old), crate::text::fold(new));
        let f = fold_old
            .bytes()
            .zip(fold_new.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let fold_end = (fold_old.bytes().rev().zip(fold_new.bytes().rev()))
            .take_while(|(a, b)| a == b)
            .count()
            .min(fold_old.len().min(fold_new.len()) - f);
        let changed = Changed {
            text: (old, new, p, (q_old, q_new)),
            fold: (
                &fold_new,
                f,
                &fold_old[f..fold_old.len() - fold_end],
                fold_new.len() - fold_end,
            ),
        };
        let tail = old.find(". It").map_or(old.len(), |i| i + 2);
        SourceEdit::new(changed, read_again, tail, true).expect("a narrow edit is kept")
    }

    #[test]
    fn a_phrase_within_a_window_needs_both_neighbours_inside_it() {
        let window = "x the halvorsen bridge, opened";
        assert!(in_fold_within(window, "halvorsen bridge"));
        assert!(in_fold_within(window, "the halvorsen"));
        assert!(
            !in_fold_within(window, "halvorsen bridg"),
            "a letter glued after"
        );
        assert!(
            !in_fold_within(window, "alvorsen bridge"),
            "a letter glued before"
        );
        assert!(!in_fold_within(window, "x the"), "at the window's start");
        assert!(!in_fold_within(window, "opened"), "at the window's end");
        assert!(!in_fold_within(window, ""));
        // A rejected match overlapping the one that counts.
        assert!(in_fold_within(" aa a aa ", "a aa"));
        // Whatever in_fold_within finds, in_fold finds in a text holding the window.
        for phrase in ["halvorsen bridge", "the halvorsen", "bridge, opened"] {
            if in_fold_within(window, phrase) {
                assert!(crate::text::mentions::in_fold(
                    &format!("zz {window} zz"),
                    phrase
                ));
            }
        }
    }

    #[test]
    fn the_fold_keeps_phrase_words_on_either_side() {
        let fold = "zero one two three four five six seven eight nine ten eleven";
        let at = fold.find("nine").unwrap();
        assert_eq!(
            &fold[words_back(fold, at)..at],
            " one two three four five six seven eight "
        );
        assert_eq!(words_back(fold, 10), 0);
        // From inside "zero": it and seven more words, and the space after.
        assert_eq!(
            &fold[..words_ahead(fold, 3)],
            "zero one two three four five six seven "
        );
        assert_eq!(&fold[at..words_ahead(fold, at)], "nine ten eleven");
    }

    #[test]
    fn an_edit_records_its_keys_phrases_and_moved_tail() {
        let old = "The Halvorsen bridge opened in 1974. It spans the fjord. Ferries stopped.";
        let new = "The Halvorsen bridge opened in 1975. It spans the fjord. Ferries stopped.";
        let keys = |ks: &[&str]| vec![ks.iter().map(|&k| Arc::from(k)).collect::<Vec<_>>()];
        let read_again = ReadAgain {
            first: 0,
            before: keys(&["bridg", "open", "1974", "halvorsen"]),
            after: keys(&["1975", "open", "bridg", "halvorsen"]),
        };
        let e = edit(old, new, read_again);
        assert!(e.read_again(0) && !e.read_again(1));
        assert!(!e.renumbers());
        assert_eq!((e.sentence_after(0), e.sentence_after(2)), (None, Some(2)));
        assert!(e.changes_frequency("1975") && e.changes_frequency("1974"));
        assert!(!e.changes_frequency("bridg") && !e.changes_frequency("fjord"));
        assert_eq!(e.most_shared(&["bridg", "open", "fjord"]), 2);
        assert_eq!(e.most_shared(&["1974", "1975"]), 1);
        // Phrases within eight words of the change, before or after it.
        assert!(e.touches_phrase("opened in 1974") && e.touches_phrase("1975. it spans"));
        assert!(e.touches_phrase("halvorsen"));
        assert!(!e.touches_phrase("halvorsen partners") && !e.touches_phrase("1976"));
        let long = "a b c d e f g h i";
        assert!(e.touches_phrase(long), "a phrase longer than the fold kept");
        // Held whole around the change after the edit: found without a search.
        assert!(e.holds_phrase_after("1975") && e.holds_phrase_after("halvorsen bridge"));
        assert!(e.holds_phrase_after("1975. it spans"));
        assert!(!e.holds_phrase_after("1974") && !e.holds_phrase_after("197"));
        // At either end of what was kept, what is glued to it is not known.
        assert!(!e.holds_phrase_after("the halvorsen") && !e.holds_phrase_after("stopped."));
        // The raw text as written: "ferries" is not "Ferries".
        assert!(e.touches_text("1974") && e.touches_text("spans"));
        assert!(!e.touches_text("partners") && !e.touches_text("ferries"));
        let tail = old.find("It").unwrap();
        assert_eq!(e.move_span((0, 3)), (0, 3));
        assert_eq!(e.move_span((tail, tail + 2)), (tail, tail + 2));
        let longer = edit(old, &new.replace("1975", "19745"), ReadAgain::default());
        assert_eq!(longer.move_span((tail, tail + 2)), (tail + 1, tail + 3));
    }

    #[test]
    fn a_split_sentence_moves_the_sentences_after_it() {
        let old = "One two. Three four five six. Seven eight. Nine.";
        let new = "One two. Three four. Five six. Seven eight. Nine.";
        let keys = |ks: &[&[&str]]| -> Vec<Vec<Arc<str>>> {
            ks.iter()
                .map(|k| k.iter().map(|&w| Arc::from(w)).collect())
                .collect()
        };
        let read_again = ReadAgain {
            first: 1,
            before: keys(&[&["three", "four", "five", "six"]]),
            after: keys(&[&["three", "four"], &["five", "six"]]),
        };
        let e = edit(old, new, read_again);
        assert!(e.renumbers());
        assert_eq!(
            (0..4).map(|s| e.sentence_after(s)).collect::<Vec<_>>(),
            [Some(0), None, Some(3), Some(4)]
        );
        assert!(e.read_again(1) && e.read_again(2) && !e.read_again(3));
        assert!(!e.changes_frequency("three") && !e.changes_frequency("seven"));
    }

    #[test]
    fn a_wide_edit_is_not_kept() {
        let (old, new) = ("a".repeat(KEPT_BYTES + 10), "b".repeat(KEPT_BYTES + 10));
        let changed = Changed {
            text: (&old, &new, 0, (old.len(), new.len())),
            fold: (&new, 0, &old, new.len()),
        };
        assert!(SourceEdit::new(changed, ReadAgain::default(), 0, true).is_none());
    }
}
