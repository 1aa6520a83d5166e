//! Phrase look-ups in a source: is a phrase (a name, through
//! [`super::fold`]) in the source, whole (no letter or digit glued on either
//! side), whatever its case, accents and spacing?
//!
//! **How**: a source the lab edits keeps its fold ([`super::Document::folded`])
//! and looks a phrase up in it ([`in_fold`]), a large fold only when each
//! of the phrase's words is one of its own ([`FoldRuns`]). Natively, a large source
//! ([`super::KEEP_READINGS`]) written mostly in ASCII keeps no fold (it was
//! the source's size again in memory) but a table of bits marking its
//! fold's words ([`FoldWords`], an eighth of the source's size): a phrase
//! holding a word the source never has is absent at once (most invented
//! names: a word it lacks passes about once in eighty at 1 MB), and any
//! other is looked for in the raw text by the characters that fold to its
//! first, each place found
//! compared a character at a time through the fold's rule ([`in_text`]).
//! Both give the answer [`in_fold`] gives on the whole fold;
//! `tests/analysis.rs` holds them to it.
//!
//! **Misses** nothing the fold finds. A source mostly in other scripts
//! keeps its fold: reading the set of words of a text mostly outside
//! ASCII costs a Unicode look-up or two a character (2 MB of Russian: 495
//! M instructions, where folding it takes 278 M).

use super::scan::matches;
#[cfg(not(target_arch = "wasm32"))]
use super::{fold_char, Folded};

/// Is `phrase` in `folded` (a text through [`super::fold`]) with no letter
/// or digit glued on either side?
pub fn in_fold(folded: &str, phrase: &str) -> bool {
    if phrase.is_empty() {
        return true;
    }
    matches(folded, phrase).any(|i| {
        let before = folded[..i].chars().next_back();
        let after = folded[i + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// A fold of at least this many bytes is searched behind its [`FoldRuns`].
pub const RUNS_ABOVE: usize = 64 * 1024;

/// The runs of letters and digits of a large fold, hashed ([`run_hash`])
/// into a table of bits: a phrase with a run the table lacks is not in the
/// fold, and [`in_fold`] need not read it (an invented name is in no
/// source, and the page's search read a 1 MB fold for each). A run found
/// whole in the fold is one of its runs. After an edit, the runs of the
/// changed part of the fold are added ([`FoldRuns::add`]); a run no longer
/// there only sends a phrase on to the search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FoldRuns(RunBits);

impl FoldRuns {
    pub fn of(fold: &str) -> FoldRuns {
        let mut runs = FoldRuns(RunBits::for_text(fold.len()));
        runs.add(fold);
        runs
    }

    /// Mark the runs of `part` of the fold (whole runs: cut where a run
    /// starts or ends).
    pub fn add(&mut self, part: &str) {
        for run in runs(part) {
            self.0.add(run_hash(run.as_bytes()));
        }
    }

    /// Mark the runs an edit made in `fold`, which changed its bytes
    /// `from..to`: the runs the change cut into, and those it made.
    pub fn add_changed(&mut self, fold: &str, from: usize, to: usize) {
        let from = fold[..from].trim_end_matches(in_run).len();
        let to = fold.len() - fold[to..].trim_start_matches(in_run).len();
        self.add(&fold[from..to]);
    }

    /// Might `phrase` (folded) be in the fold? Not if one of its runs is
    /// not marked.
    pub fn may_hold(&self, phrase: &str) -> bool {
        runs(phrase).all(|run| self.0.has(run_hash(run.as_bytes())))
    }
}

/// Is `c` in a run (a letter or digit)?
fn in_run(c: char) -> bool {
    c.is_alphanumeric()
}

/// The runs of letters and digits of `text`.
fn runs(text: &str) -> impl Iterator<Item = &str> {
    (text.split(|c: char| !in_run(c))).filter(|run| !run.is_empty())
}

/// Is `text` written mostly in ASCII (at most one byte in eight outside
/// it)? Such a source can do without its fold.
#[cfg(not(target_arch = "wasm32"))]
pub fn mostly_ascii(text: &str) -> bool {
    let other = text.bytes().filter(|&b| b >= 0x80).count();
    other <= text.len() / 8
}

/// The words of a text's fold: each run of letters and digits in it,
/// hashed, marked in a table of bits ([`RunBits`]). A phrase found whole in
/// the fold has each of its own runs marked, so a phrase with a run not
/// marked is absent. (A run marked by another's hash, a few in a hundred,
/// can only send a phrase on to the full search.)
///
/// With them, where the text has a character that folds to an ASCII one
/// or a combining accent (few, in a text mostly in ASCII): a phrase may
/// start at one, or just before one, where its first two bytes are not
/// found as they are.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FoldWords {
    runs: RunBits,
    special: Vec<u32>,
}

#[cfg(not(target_arch = "wasm32"))]
impl FoldWords {
    /// The runs of `text`'s fold, read from the text itself. Eight bytes
    /// all in ASCII (most of a text) are read at once: where runs of
    /// letters and digits start and end in them is found with a few
    /// operations on the eight as one word, and a run all in ASCII is
    /// hashed from its bytes as they stand ([`run_hash`] ignores ASCII
    /// case). A run with a character outside ASCII is read (again) a
    /// character at a time through the fold's rule. (Read a byte at a
    /// time, the runs took a fifth of a 1 MB `check`'s second thread.)
    pub fn of(text: &str) -> FoldWords {
        let mut runs = RunBits::for_text(text.len());
        let mut special = Vec::new();
        let bytes = text.as_bytes();
        // Where the run being read started, while it is all in ASCII.
        let mut open: Option<usize> = None;
        // A run read a character at a time, folded.
        let mut folded = String::new();
        let mut i = 0;
        loop {
            if let Some(chunk) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
                if word & HIGH == 0 {
                    let alnum = ascii_alphanumeric(word);
                    let mut from = 0;
                    while from < 64 {
                        let later = u64::MAX << from;
                        let next = match open {
                            Some(_) => !alnum & HIGH & later,
                            None => alnum & later,
                        };
                        if next == 0 {
                            break;
                        }
                        let at = i + (next.trailing_zeros() / 8) as usize;
                        match open.take() {
                            Some(start) => runs.add(run_hash_in(bytes, start, at)),
                            None => open = Some(at),
                        }
                        from = (at - i) as u32 * 8 + 8;
                    }
                    i += 8;
                    continue;
                }
            }
            // A byte outside ASCII among the next eight, or the text's last
            // few: the run being read is read again from its start, and
            // this run (or byte) a character at a time.
            if let Some(start) = open.take() {
                i = start;
            }
            let Some(&b) = bytes.get(i) else { break };
            if ASCII_FOLD[usize::from(b)] == 0 {
                i += 1;
                continue;
            }
            folded.clear();
            while let Some(&b) = bytes.get(i) {
                match ASCII_FOLD[usize::from(b)] {
                    0 => break,
                    NOT_ASCII => {}
                    letter => {
                        folded.push(char::from(letter));
                        i += 1;
                        continue;
                    }
                }
                let c = text[i..].chars().next().expect("a character starts here");
                if LEADS_FOLDING_TO_ASCII.contains(&b) || ACCENT_LEADS.contains(&b) {
                    special.push(i as u32);
                }
                i += c.len_utf8();
                match fold_char(c) {
                    Folded::Dropped => {}
                    Folded::Char(f) if f.is_alphanumeric() => folded.push(f),
                    Folded::Char(_) | Folded::Space => break,
                }
            }
            if !folded.is_empty() {
                runs.add(run_hash(folded.as_bytes()));
            }
        }
        FoldWords { runs, special }
    }

    /// Are all of `phrase`'s runs of letters and digits among them?
    fn hold_runs_of(&self, phrase: &str) -> bool {
        let mut run = String::new();
        let held = |run: &mut String| {
            let held = run.is_empty() || self.runs.has(run_hash(run.as_bytes()));
            run.clear();
            held
        };
        for c in phrase.chars() {
            if c.is_alphanumeric() {
                run.push(c);
            } else if !held(&mut run) {
                return false;
            }
        }
        held(&mut run)
    }
}

/// The fold of each ASCII byte that is a letter or digit (its lower case),
/// 0 for any other ASCII byte (the fold has a space or the byte itself,
/// neither a letter nor a digit), [`NOT_ASCII`] for a byte outside ASCII:
/// one look-up a byte where [`FoldWords::of`] reads the text.
#[cfg(not(target_arch = "wasm32"))]
const ASCII_FOLD: [u8; 256] = {
    let mut table = [NOT_ASCII; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_alphanumeric() {
            byte.to_ascii_lowercase()
        } else {
            0
        };
        b += 1;
    }
    table
};

/// [`ASCII_FOLD`]'s mark of a byte outside ASCII.
#[cfg(not(target_arch = "wasm32"))]
const NOT_ASCII: u8 = 0xFF;

/// The high bit of each of eight bytes read as one word.
#[cfg(not(target_arch = "wasm32"))]
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The ASCII letters and digits among eight bytes of ASCII (`word`, no
/// byte's high bit set): each one's high bit set, every other bit clear.
#[cfg(not(target_arch = "wasm32"))]
fn ascii_alphanumeric(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // The high bit of each byte at least `low` (bytes below 0x80: no carry).
    let at_least = |word: u64, low: u8| word + ONES * u64::from(0x80 - low);
    let between = |word: u64, low: u8, high: u8| at_least(word, low) & !at_least(word, high + 1);
    const LOWER: u64 = ONES * 0x20;
    let letters = word | LOWER; // each letter in lower case
    (between(word, b'0', b'9') | between(letters, b'a', b'z')) & HIGH
}

/// The hash of a run of letters and digits (its UTF-8 bytes), ignoring
/// ASCII case: its length, then eight bytes at a time with bit 0x20 set
/// (which lower-cases an ASCII letter and leaves a digit as it is), each
/// word mixed in as `FxHasher` mixes one. A run of the fold and the same
/// run in the text, in any case, hash alike.
fn run_hash(run: &[u8]) -> u64 {
    run_hash_in(run, 0, run.len())
}

/// [`run_hash`] of `bytes[start..end]`, reading eight bytes at a time from
/// `bytes` itself where it has them (no copy of a run's last few bytes).
fn run_hash_in(bytes: &[u8], start: usize, end: usize) -> u64 {
    const K: u64 = 0xf135_7aea_2e62_a9c5;
    const LOWER: u64 = 0x2020_2020_2020_2020;
    let mut hash = (end - start) as u64;
    let mut at = start;
    while at < end {
        let n = (end - at).min(8);
        let word = match bytes.get(at..at + 8) {
            Some(eight) => u64::from_le_bytes(eight.try_into().expect("eight bytes")),
            None => {
                let mut last = [0; 8];
                last[..n].copy_from_slice(&bytes[at..end]);
                u64::from_le_bytes(last)
            }
        };
        let kept = (word | LOWER) & (u64::MAX >> (8 * (8 - n)));
        hash = (hash.rotate_left(5) ^ kept).wrapping_mul(K);
        at += 8;
    }
    hash
}

/// Runs' hashes as a table of bits, one bit for each byte of the text
/// (at least 4,096): a run marks the bit its hash's top bits name. The 1
/// MB source of `scripts/compare-detector` has 13,055 distinct runs, so a
/// run it lacks finds its bit set about once in eighty. (Adding each run to
/// a set of the hashes, most of them there already, took longer than
/// reading the text.)
#[derive(Debug, Clone, Default, PartialEq)]
struct RunBits {
    words: Vec<u64>,
    /// 64 less the bits a slot's number has.
    shift: u32,
}

impl RunBits {
    fn for_text(bytes: usize) -> RunBits {
        let bits = bytes.next_power_of_two().max(4096);
        RunBits {
            words: vec![0; bits / 64],
            shift: 64 - bits.trailing_zeros(),
        }
    }

    fn add(&mut self, hash: u64) {
        let slot = (hash >> self.shift) as usize;
        self.words[slot / 64] |= 1 << (slot % 64);
    }

    fn has(&self, hash: u64) -> bool {
        let slot = (hash >> self.shift) as usize;
        // An empty table (a `FoldWords::default()`) holds nothing.
        self.words
            .get(slot / 64)
            .is_some_and(|w| w & (1 << (slot % 64)) != 0)
    }
}

/// The first bytes of every character outside ASCII that folds to an ASCII
/// one (Latin letters with accents, `’`, the Kelvin and Ångström signs);
/// `tests/analysis.rs` checks every character against it.
#[cfg(not(target_arch = "wasm32"))]
pub const LEADS_FOLDING_TO_ASCII: [u8; 5] = [0xC3, 0xC4, 0xC5, 0xE1, 0xE2];

/// Is `phrase` (folded: no space at either end, none doubled) in the fold
/// of `text`, with no letter or digit glued on either side? The answer
/// [`in_fold`] gives on `fold(text)`, read from `text` itself; `words` are
/// `text`'s [`FoldWords`].
#[cfg(not(target_arch = "wasm32"))]
pub fn in_text(text: &str, words: &FoldWords, phrase: &str) -> bool {
    let Some(first) = phrase.chars().next() else {
        return true;
    };
    if !words.hold_runs_of(phrase) {
        return false;
    }
    let bytes = text.as_bytes();
    // The phrase's first bytes up to a space or a longer character: ASCII
    // text can match them only byte for byte, ignoring case, so most
    // places its first letter is found are given up at the second byte.
    let head = phrase.as_bytes();
    let head = &head[..head
        .iter()
        .position(|&b| b == b' ' || !b.is_ascii())
        .unwrap_or(head.len())];
    let may_start = |i: usize| {
        for (k, &p) in head.iter().enumerate().skip(1) {
            match bytes.get(i + k) {
                Some(&b) if b.is_ascii() => {
                    if b.to_ascii_lowercase() != p {
                        return false;
                    }
                }
                // Not ASCII (or the end): the full comparison decides.
                _ => return true,
            }
        }
        true
    };
    let found_at = |i: usize| may_start(i) && whole_at(text, i, phrase);
    // Where a character folding to an ASCII one, or an accent, starts.
    let special = || words.special.iter().map(|&q| q as usize);
    if first.is_ascii() {
        let found_in_ascii = match head.get(1) {
            // The phrase's first two bytes, in either case: a vectorised
            // search for each spelling finds far fewer places than one
            // for the first letter alone. A match whose second character
            // is not ASCII (`zoë`), or comes after a combining accent,
            // starts just before a byte that begins one of those.
            Some(&second) => {
                spellings(head[0], second).into_iter().any(|pair| {
                    let pair = std::str::from_utf8(&pair).expect("ASCII");
                    matches(text, pair).any(found_at)
                }) || special()
                    .filter_map(|q| q.checked_sub(1))
                    .any(|i| bytes[i].to_ascii_lowercase() == head[0] && found_at(i))
            }
            // ASCII characters folding to `first`: itself and its capital.
            None => {
                let upper = first.to_ascii_uppercase() as u8;
                memchr::memchr2_iter(first as u8, upper, bytes).any(found_at)
            }
        };
        // Other characters folding to it all start with one of a few bytes.
        found_in_ascii || special().any(|i| folds_to(text, i, first) && found_at(i))
    } else {
        // Every character folding to `first`, each looked for as it is
        // written.
        folding_to(first).iter().any(|c| {
            let mut utf8 = [0; 4];
            let c = &*c.encode_utf8(&mut utf8);
            let found = matches(text, c).any(found_at);
            found
        })
    }
}

/// Every character that folds to `c` (not ASCII): `c` and the characters
/// whose lower case it is. Lower-casing maps nothing outside the Basic
/// Multilingual Plane, so those are found there; worked out once per
/// character and thread.
#[cfg(not(target_arch = "wasm32"))]
fn folding_to(c: char) -> std::rc::Rc<[char]> {
    thread_local! {
        static FOLDING_TO: std::cell::RefCell<rustc_hash::FxHashMap<char, std::rc::Rc<[char]>>> =
            Default::default();
    }
    FOLDING_TO.with_borrow_mut(|known| {
        known
            .entry(c)
            .or_insert_with(|| {
                std::iter::once(c)
                    .chain(
                        (0x80..=0xFFFFu32)
                            .filter_map(char::from_u32)
                            // The fold's lower case is the standard one
                            // where it changes a character (`text::case`'s
                            // tests): the standard tables rule out the rest.
                            .filter(|&x| x != c && x.to_lowercase().eq(std::iter::once(c)))
                            .filter(|&x| fold_char(x) == Folded::Char(c)),
                    )
                    .collect()
            })
            .clone()
    })
}

/// The first bytes of the combining accents (U+0300–U+036F), which the
/// fold drops.
#[cfg(not(target_arch = "wasm32"))]
const ACCENT_LEADS: [u8; 2] = [0xCC, 0xCD];

/// The spellings of a phrase's first two bytes (lower case) in ASCII, each
/// once: capitalised first (`Ma`), as a name is mostly written, so that a
/// name the source has is found early in it and the other spellings are
/// never looked for; then `ma`, `MA`, `mA`.
#[cfg(not(target_arch = "wasm32"))]
fn spellings(first: u8, second: u8) -> Vec<[u8; 2]> {
    let (upper, second_upper) = (first.to_ascii_uppercase(), second.to_ascii_uppercase());
    let mut out: Vec<[u8; 2]> = Vec::with_capacity(4);
    for pair in [
        [upper, second],
        [first, second],
        [upper, second_upper],
        [first, second_upper],
    ] {
        if !out.contains(&pair) {
            out.push(pair);
        }
    }
    out
}

/// Does the character starting at byte `i` fold to `c`?
#[cfg(not(target_arch = "wasm32"))]
fn folds_to(text: &str, i: usize, c: char) -> bool {
    text[i..]
        .chars()
        .next()
        .is_some_and(|x| fold_char(x) == Folded::Char(c))
}

/// Does the fold of `text` from the character at byte `i` (one that folds
/// to `phrase`'s first) read `phrase`, with no letter or digit in the fold
/// just before or just after it?
#[cfg(not(target_arch = "wasm32"))]
fn whole_at(text: &str, i: usize, phrase: &str) -> bool {
    let mut want = phrase.chars().peekable();
    let mut space = false;
    let mut end = None;
    for (at, c) in text[i..].char_indices() {
        let f = match fold_char(c) {
            Folded::Dropped => continue,
            Folded::Space => {
                space = true;
                continue;
            }
            Folded::Char(f) => f,
        };
        if std::mem::take(&mut space) && want.next() != Some(' ') {
            return false;
        }
        if want.next() != Some(f) {
            return false;
        }
        if want.peek().is_none() {
            end = Some(i + at + c.len_utf8());
            break;
        }
    }
    let Some(end) = end else {
        return false;
    };
    let glued = |c: Option<char>| match c.map(fold_char) {
        Some(Folded::Char(f)) => f.is_alphanumeric(),
        _ => false,
    };
    // The fold's characters either side, skipping dropped accents.
    let before = text[..i]
        .chars()
        .rev()
        .find(|&c| fold_char(c) != Folded::Dropped);
    let after = text[end..]
        .chars()
        .find(|&c| fold_char(c) != Folded::Dropped);
    !glued(before) && !glued(after)
}

/// A large source's answers to phrase look-ups, kept from check to check.
/// Every keystroke in the lab checks its claims again, and a repair's
/// re-check looks its claims' names up again: an invented name whose words
/// are each in a 1 MB source (a name made of the source's own names) was a
/// search of the whole fold each time, most of a keystroke's check.
///
/// An edit in place keeps the answers it cannot change: those for a phrase
/// its fold does not hold before or after the change
/// ([`super::reach::SourceEdit::touches_phrase`], the test that lets a
/// claim's check be taken back); an edit that keeps no record forgets
/// them all. Held behind a lock, as the document is shared by the
/// threads of a check.
#[derive(Debug, Default)]
pub struct PhraseAnswers(std::sync::Mutex<rustc_hash::FxHashMap<Box<str>, bool>>);

/// The most answers a [`PhraseAnswers`] keeps; then it starts afresh
/// (typing a name looks up each of its beginnings).
const MOST_ANSWERS: usize = 4096;

impl PhraseAnswers {
    /// The answer for `phrase`: the one kept, or `look_up`'s, then kept.
    pub fn get_or(&self, phrase: &str, look_up: impl FnOnce() -> bool) -> bool {
        if let Some(&found) = self.lock().get(phrase) {
            return found;
        }
        let found = look_up();
        let mut answers = self.lock();
        if answers.len() >= MOST_ANSWERS {
            answers.clear();
        }
        answers.insert(phrase.into(), found);
        found
    }

    /// After an edit: keep the answers `edit` cannot change (none without
    /// a record of it), and answer yes for a phrase the fold around the
    /// change holds whole after it. Typing in the sentence a claim's
    /// names come from (a teacher changing the evidence) otherwise searched
    /// the fold again for each name, on each keystroke: a name found once
    /// is in the source, and most of a 1 MB fold was read to find it.
    pub fn keep_after(&mut self, edit: Option<&super::reach::SourceEdit>) {
        let answers = self.0.get_mut().unwrap_or_else(|e| e.into_inner());
        let Some(edit) = edit else {
            answers.clear();
            return;
        };
        answers.retain(|phrase, found| {
            if !edit.touches_phrase(phrase) {
                return true;
            }
            *found = edit.holds_phrase_after(phrase);
            *found
        });
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, rustc_hash::FxHashMap<Box<str>, bool>> {
        // A look-up that panicked left the map as it was.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for PhraseAnswers {
    fn clone(&self) -> PhraseAnswers {
        PhraseAnswers(std::sync::Mutex::new(self.lock().clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_capitalised_spelling_of_a_phrase_start_is_looked_for_first() {
        let as_text = |first, second| -> Vec<String> {
            spellings(first, second)
                .iter()
                .map(|p| String::from_utf8(p.to_vec()).unwrap())
                .collect()
        };
        assert_eq!(as_text(b'm', b'a'), ["Ma", "ma", "MA", "mA"]);
        assert_eq!(as_text(b'o', b'\''), ["O'", "o'"]);
        assert_eq!(as_text(b'1', b'9'), ["19"]);
        assert_eq!(as_text(b'7', b'b'), ["7b", "7B"]);
    }

    /// Every ASCII byte, at each of the eight places, beside every other.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn eight_bytes_at_once_tell_letters_and_digits_as_one_at_a_time_does() {
        for b in 0..0x80u8 {
            for other in 0..0x80u8 {
                for place in 0..8 {
                    let mut eight = [other; 8];
                    eight[place] = b;
                    let want = eight.iter().enumerate().fold(0u64, |m, (k, &x)| {
                        m | (u64::from(x.is_ascii_alphanumeric()) << (8 * k + 7))
                    });
                    assert_eq!(
                        ascii_alphanumeric(u64::from_le_bytes(eight)),
                        want,
                        "{eight:?}"
                    );
                }
            }
        }
    }

    /// Runs of any length, in any case, ending in ASCII or running on
    /// outside it, are held as the fold has them; a run the fold lacks,
    /// even one differing only in its ninth byte, is not.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_runs_of_the_text_are_held_as_the_fold_has_them() {
        let text = "INTERNATIONALISATION of Internationalisé 12345678x (Zoë-Übermann) 7B";
        let words = FoldWords::of(text);
        for run in [
            "internationalisation",
            "of",
            "internationalise",
            "12345678x",
            "zoe",
            "ubermann",
            "7b",
        ] {
            assert!(words.hold_runs_of(run), "{run:?}");
        }
        for run in ["internationalisatio", "12345678y", "zo", "uberman", "b"] {
            assert!(!words.hold_runs_of(run), "{run:?}");
        }
    }

    #[test]
    fn a_whole_match_overlapping_a_glued_one_is_found() {
        // The first "according a" runs into the next word; the second counts.
        assert!(in_fold("according according a", "according a"));
        assert!(!in_fold("according according ab", "according a"));
        assert_eq!(matches("aaaa", "aa").collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_phrase_is_found_in_the_raw_text_whatever_its_case_accents_and_spacing() {
        let text = "Dr. ZOË  Müller\nmet O’Brien; e\u{301}cole Kraków, ΣΟΦΙΑ Иванова.";
        let words = FoldWords::of(text);
        for (phrase, found) in [
            ("zoe muller", true),
            ("zoë", false), // the fold drops the accent: "zoë" is no word of it
            ("dr. zoe", true),
            ("muller met o'brien", true),
            ("ecole krakow", true),
            ("cole", false),
            ("krakow,", true),
            ("σοφια иванова", true),
            ("иванова.", true),
            ("иван", false),
            ("anna", false),
            ("", true),
        ] {
            assert_eq!(in_text(text, &words, phrase), found, "{phrase:?}");
            assert_eq!(
                in_fold(&crate::text::fold(text), phrase),
                found,
                "{phrase:?}"
            );
        }
    }
}
