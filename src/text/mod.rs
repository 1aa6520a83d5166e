//! Analysis: text in, comparable pieces out.
//!
//! A source becomes a [`Document`] once: passages, sentences S1…Sn with byte
//! spans, each sentence's tokens, numbers and citations, and an inverted index
//! from content word to the sentences that hold it. Checking a claim reads the
//! index instead of scanning every sentence, and the lab keeps the `Document`
//! while only the answer changes.

pub mod case;
pub mod citations;
pub mod decimal;
pub mod highlight;
pub mod history;
pub mod ids;
pub mod import;
pub mod language;
mod lists;
pub mod memo;
pub mod mentions;
pub mod numbers;
pub mod reach;
pub mod scan;
pub mod sentences;
#[cfg(not(target_arch = "wasm32"))]
mod shares;
mod slots;
pub mod units;
pub mod verbs;
#[cfg(not(target_arch = "wasm32"))]
pub mod wanted;
pub mod window;
pub mod words;

use rustc_hash::FxHashMap;

use serde::{Deserialize, Serialize};

use crate::text::case::Lowercase;
use crate::text::citations::Citation;
use crate::text::numbers::NumberMention;

/// The settings that change how text is analysed (and so when a source
/// must be analysed again).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AnalysisOptions {
    pub stemming: bool,
    pub number_normalisation: bool,
    /// Words about the sources ("according to the passage") are not content words.
    pub discourse_words: bool,
    /// "passage 2", "passages 1 and 3" are citations, not words and numbers.
    pub citations_in_words: bool,
}

impl AnalysisOptions {
    /// The seed settings' analysis.
    pub const SEED: AnalysisOptions = AnalysisOptions {
        stemming: true,
        number_normalisation: true,
        discourse_words: false,
        citations_in_words: false,
    };
}

/// A source sentence S1…Sn as reports list it: id, text, byte and char
/// spans, passage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceReport {
    /// Shared, like `text`: a source edited in place keeps the reports of
    /// the sentences it did not touch without copying them.
    pub id: std::sync::Arc<str>,
    pub text: std::sync::Arc<str>,
    pub start: usize,
    pub end: usize,
    pub byte_start: usize,
    pub byte_end: usize,
    /// 1-based passage number.
    pub passage: usize,
}

/// One word or number of a text, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Byte span in the analysed text.
    pub start: usize,
    pub end: usize,
    /// Its lower-cased form and key ([`Token::lower`], [`Token::key`]):
    /// one pair per distinct word, however often it occurs.
    pub forms: std::sync::Arc<memo::Forms>,
    /// Is it a number, date or identifier (index into `numbers`)?
    pub number: Option<u32>,
    /// Does it carry a fact (not a stopword or confidence adverb)?
    pub content: bool,
    /// Does a comma, semicolon, colon or dash separate it from the token before?
    pub clause_break: bool,
}

impl Token {
    /// Lower-cased form (contractions expanded: `n't` reads `not`).
    pub fn lower(&self) -> &str {
        &self.forms.lower
    }

    /// Comparison key: the stem, or a number's canonical value (`#410`).
    pub fn key(&self) -> &str {
        &self.forms.key
    }

    /// [`Token::key`], shared (for a table that keeps it).
    pub fn shared_key(&self) -> &std::sync::Arc<str> {
        &self.forms.key
    }
}

/// A sentence (or any span of text) read into tokens.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Analysed {
    pub tokens: Vec<Token>,
    pub numbers: Vec<NumberMention>,
    pub citations: Vec<Citation>,
}

impl Analysed {
    /// Read `text[start..end]`; every span in the result indexes `text`.
    /// Not inlined: one copy serves every caller (the page is smaller).
    #[inline(never)]
    pub fn new(text: &str, start: usize, end: usize, opts: AnalysisOptions) -> Analysed {
        WORDS.with_borrow_mut(|memo| {
            if !memo.serves(opts.stemming, opts.discourse_words) || memo.len() >= WORD_MEMORY {
                *memo = memo::WordMemo::new(opts.stemming, opts.discourse_words);
            }
            Analysed::with_memo(text, start, end, opts, memo)
        })
    }

    /// [`Analysed::new`] reading words through `memo` (made for `opts`),
    /// which learns the words it has not met.
    pub fn with_memo(
        text: &str,
        start: usize,
        end: usize,
        opts: AnalysisOptions,
        memo: &mut memo::WordMemo,
    ) -> Analysed {
        debug_assert!(memo.serves(opts.stemming, opts.discourse_words));
        let part = &text[start..end];
        let Marked {
            mut cites,
            mut numbers,
            skip,
        } = Marked::find(part, opts);
        let mut words = memo::words_with(part, &skip, memo);
        let worded = numbers::find_number_words(part, &words);
        replace_worded(&mut words, &mut numbers, worded);

        let mut tokens = Vec::with_capacity(words.len() + numbers.len());
        let mut words = words.into_iter().peekable();
        let mut ni = 0;
        while words.peek().is_some() || ni < numbers.len() {
            let take_number =
                ni < numbers.len() && words.peek().is_none_or(|w| numbers[ni].start < w.start);
            if take_number {
                let n = &numbers[ni];
                tokens.push(Token {
                    start: n.start,
                    end: n.end,
                    forms: memo::Forms::new(
                        n.raw.lowercase().into(),
                        n.key(opts.number_normalisation).into(),
                    ),
                    content: true,
                    number: Some(ni as u32),
                    clause_break: false,
                });
                ni += 1;
            } else if let Some(w) = words.next() {
                tokens.push(Token {
                    start: w.start,
                    end: w.end,
                    forms: w.forms,
                    content: w.content,
                    number: None,
                    clause_break: false,
                });
            }
        }
        for k in 1..tokens.len() {
            let gap = &part[tokens[k - 1].end..tokens[k].start];
            // Most gaps are one space: nothing to search.
            tokens[k].clause_break = gap != " "
                && (gap.contains([',', ';', ':', '—', '–', '(', ')'])
                    || (gap.len() >= 3 && gap.contains(" - ")));
        }
        // Shift every span from `part` to `text`.
        for t in &mut tokens {
            t.start += start;
            t.end += start;
        }
        for n in &mut numbers {
            n.start += start;
            n.end += start;
        }
        for c in &mut cites {
            c.start += start;
            c.end += start;
        }
        Analysed {
            tokens,
            numbers,
            citations: cites,
        }
    }

    /// Content tokens, first occurrence of each key only, in order.
    pub fn content_terms(&self) -> Vec<&Token> {
        let mut out: Vec<&Token> = Vec::new();
        let content = self.tokens.iter().filter(|t| t.content);
        // A claim's few terms are compared with those found so far; a set
        // only for many: a claim or sentence can hold 100,000 distinct
        // terms, and a look-up along a list per token made that quadratic.
        if self.tokens.len() <= Self::FEW_TOKENS {
            for t in content {
                if !out.iter().any(|o| o.key() == t.key()) {
                    out.push(t);
                }
            }
            return out;
        }
        let mut seen: rustc_hash::FxHashSet<&str> = Default::default();
        for t in content {
            if seen.insert(t.key()) {
                out.push(t);
            }
        }
        out
    }

    /// Up to this many tokens, [`Analysed::content_terms`] looks along its list.
    const FEW_TOKENS: usize = 24;
}

/// A text's citations and numerals, found before its words, and the spans
/// the words skip (theirs).
struct Marked {
    cites: Vec<Citation>,
    numbers: Vec<NumberMention>,
    /// Sorted, de-duplicated spans of the citations and numerals.
    skip: Vec<(usize, usize)>,
}

impl Marked {
    fn find(part: &str, opts: AnalysisOptions) -> Marked {
        Marked::find_reading(part, opts, true)
    }

    /// [`Marked::find`] whose numbers are read for their spans and keys
    /// alone ([`numbers::find_numerals_for_keys`]): for a sentence read
    /// for its terms.
    #[cfg(not(target_arch = "wasm32"))]
    fn find_for_keys(part: &str, opts: AnalysisOptions) -> Marked {
        Marked::find_reading(part, opts, false)
    }

    /// The citations and numbers of `part`, each number with the words
    /// around it when `context`.
    fn find_reading(part: &str, opts: AnalysisOptions, context: bool) -> Marked {
        let cites = if opts.citations_in_words {
            citations::find_with_words(part)
        } else {
            citations::find(part)
        };
        let cite_spans: Vec<(usize, usize)> = cites.iter().map(|c| (c.start, c.end)).collect();
        let numbers = match context {
            true => numbers::find_numerals(part, &cite_spans),
            false => numbers::find_numerals_for_keys(part, &cite_spans),
        };
        let mut skip = cite_spans;
        skip.extend(numbers.iter().map(|n| (n.start, n.end)));
        crate::order::sort_dedup(&mut skip);
        Marked {
            cites,
            numbers,
            skip,
        }
    }
}

/// The words and numbers of `part` as a sentence is read for its terms
/// alone: the citations and numerals found first, the words between them
/// (`found`, each the memo's entry, or [`memo::TURNED_AWAY`] for a word
/// `wanted` turned away), then numbers in words in place of their words.
/// Returns the numbers, in text order, as `found` is.
#[cfg(not(target_arch = "wasm32"))]
fn read_for_terms(
    part: &str,
    opts: AnalysisOptions,
    memo: &mut memo::WordMemo,
    wanted: Option<&memo::Wanted>,
    found: &mut Vec<memo::Occurrence>,
) -> Vec<NumberMention> {
    let Marked {
        mut numbers, skip, ..
    } = Marked::find_for_keys(part, opts);
    found.clear();
    memo::word_entries(part, &skip, memo, wanted, found);
    let calls =
        |o: &memo::Occurrence| o.entry != memo::TURNED_AWAY && memo.calls_for_number_words(o.entry);
    let worded = match found.iter().any(calls) {
        true => {
            let mut lowers = String::new();
            let seen = memo::Seen::all(part, found, memo, &mut lowers);
            numbers::find_number_words(part, &seen)
        }
        false => Vec::new(),
    };
    replace_worded(found, &mut numbers, worded);
    numbers
}

/// Calls `f` with the key of each content word and each number of `text`,
/// read as a source's sentences are read for their terms, through `memo`:
/// the text whole, then each of its sentences (an answer's claims are its
/// sentences, and a number is read in its sentence alone).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn for_each_key_of(
    text: &str,
    opts: AnalysisOptions,
    memo: &mut memo::WordMemo,
    mut f: impl FnMut(&str),
) {
    let (mut found, mut key) = (Vec::new(), String::new());
    for (start, end) in std::iter::once((0, text.len())).chain(sentences::split(text)) {
        let numbers = read_for_terms(&text[start..end], opts, memo, None, &mut found);
        for number in &numbers {
            number.write_key(opts.number_normalisation, &mut key);
            f(&key);
        }
        for o in &found {
            if memo.content(o.entry) {
                f(memo.key(o.entry));
            }
        }
    }
}

/// Numbers written as words (`worded`, from [`numbers::find_number_words`]
/// over `words`) replace the words they were read from: the words go, the
/// mentions join `numbers`, which stay in text order.
fn replace_worded<W>(
    words: &mut Vec<W>,
    numbers: &mut Vec<NumberMention>,
    worded: Vec<(std::ops::Range<usize>, NumberMention)>,
) {
    if worded.is_empty() {
        return;
    }
    let mut keep = vec![true; words.len()];
    for (range, mention) in worded {
        range.for_each(|i| keep[i] = false);
        numbers.push(mention);
    }
    let mut k = keep.iter();
    words.retain(|_| *k.next().unwrap());
    crate::order::sort_by_key(numbers, |n| n.start);
}

/// One source sentence, S1…Sn: where it is. Its term ids and its reading
/// are the document's ([`Document::term_ids`], [`SourceSentence::analysed`]):
/// a large source of short lines holds hundreds of thousands of
/// sentences, each 16 bytes here (offsets are 32-bit: a document's text
/// is under 4 GiB).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceSentence {
    number: u32,
    passage: u32,
    start: u32,
    end: u32,
}

impl SourceSentence {
    /// Sentence `index` (0-based) of passage `passage` (0-based) at `span`.
    fn new(index: usize, passage: usize, (start, end): (usize, usize)) -> SourceSentence {
        let small = |x: usize| u32::try_from(x).expect("a document's text is under 4 GiB");
        SourceSentence {
            number: small(index + 1),
            passage: small(passage + 1),
            start: small(start),
            end: small(end),
        }
    }

    /// 1-based number: S1 is `number() == 1`.
    pub fn number(&self) -> usize {
        self.number as usize
    }

    /// 1-based passage number.
    pub fn passage(&self) -> usize {
        self.passage as usize
    }

    /// Where it starts in the document's text (bytes).
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Where it ends in the document's text (bytes).
    pub fn end(&self) -> usize {
        self.end as usize
    }

    pub fn id(&self) -> String {
        format!("S{}", self.number)
    }

    /// The 0-based index of the sentence an id names (`S3` → 2).
    pub fn index_of(id: &str) -> Option<usize> {
        let n: usize = id.strip_prefix('S')?.parse().ok()?;
        n.checked_sub(1)
    }

    /// Its tokens, numbers and citations, spans in `doc.text`: what
    /// [`Analysed::new`] reads in its span (a sentence's reading depends on
    /// its own text only), kept by `doc` once read. `doc` is the document
    /// it is a sentence of.
    pub fn analysed<'d>(&self, doc: &'d Document) -> &'d Analysed {
        let index = self.number() - 1;
        debug_assert_eq!(doc.sentences[index], *self);
        (doc.readings).get_or_init(index, || self.read(doc))
    }

    /// Its reading made afresh from `doc`'s text.
    fn read(&self, doc: &Document) -> Analysed {
        Analysed::new(&doc.text, self.start(), self.end(), doc.options)
    }
}

/// Sources up to this many bytes keep every sentence's reading from their
/// analysis (a batch checks many answers against one source, and each
/// answer's claims look at many of its sentences); a larger source keeps
/// only its sentences' term ids and reads a sentence again when a check
/// asks for it. Reports are the same either way.
pub const KEEP_READINGS: usize = 256 * 1024;

/// Do the sentences of `text` keep their readings ([`KEEP_READINGS`])?
fn keeps_readings(text: &str) -> bool {
    text.len() <= KEEP_READINGS
}

/// An analysed, indexed source.
#[derive(Debug, Clone)]
pub struct Document {
    pub text: String,
    pub options: AnalysisOptions,
    /// Passage bodies as byte spans, numbered 1…m in order.
    pub passages: Vec<(usize, usize)>,
    pub sentences: Vec<SourceSentence>,
    /// Each sentence's term ids, sorted ([`Document::term_ids`]).
    term_ids: lists::IdLists,
    /// Each sentence's reading ([`SourceSentence::analysed`]): kept from
    /// the analysis in a source of up to [`KEEP_READINGS`] bytes; in a
    /// larger one read again when first asked for, so that a 1 MB source
    /// keeps only the few sentences the checks look at.
    readings: slots::LazySlots<Analysed>,
    /// Content key → term id.
    vocab: FxHashMap<std::sync::Arc<str>, u32>,
    /// Term id → sentence indices (0-based, ascending) holding it.
    postings: Vec<Vec<u32>>,
    /// How the text marks its passages (labels or blank lines).
    marks: sentences::PassageMarks,
    /// Lower-cased text with whitespace collapsed, for entity look-ups
    /// ([`Document::mentions`]); empty when the document keeps
    /// `fold_words` instead.
    pub folded: String,
    /// Natively, for a large source mostly in ASCII: the words of its fold
    /// instead of the fold, phrases looked for in the text itself
    /// ([`mentions`]).
    #[cfg(not(target_arch = "wasm32"))]
    fold_words: Option<mentions::FoldWords>,
    /// Where each passage's fold starts and ends in `folded` (bytes written
    /// when the passage's first and last byte are reached; a pending space
    /// before the passage is not counted in its start).
    fold_marks: Vec<(usize, usize)>,
    /// Places in each passage's body, about every [`FOLD_POINT_BYTES`], where
    /// folding can start again: an edit inside one long passage folds
    /// afresh only from the point before it to the point after it.
    fold_points: Vec<FoldPoint>,
    /// The sentences as every report lists them, built on first use and
    /// shared by every report on this document (a check of a 1 MB source
    /// would otherwise copy it each time).
    source_reports: std::sync::OnceLock<std::sync::Arc<[SourceReport]>>,
    /// [`Document::passage_names`], worked out on first use (a check asks
    /// for its citations and its report, and each re-check asks again).
    passage_names: std::sync::OnceLock<Option<Vec<usize>>>,
    /// [`language::language_of`] the text, worked out on first use (every
    /// check asks, and a repair's re-checks ask again).
    language: std::sync::OnceLock<Option<language::Language>>,
    /// [`ids::IdsIn`] the text, worked out on first use (a keystroke that
    /// renumbers a long answer's claims asks, [`crate::claim_ids`]).
    claim_ids: std::sync::OnceLock<ids::IdsIn>,
    /// The sentence ids (`S7`) the text mentions, worked out on first use
    /// (a keystroke that numbers the sentences again asks,
    /// [`crate::sentence_ids`]).
    sentence_ids: std::sync::OnceLock<ids::IdsIn>,
    /// The last edit made in place, when it was narrow enough to keep
    /// ([`Document::last_edit`]).
    last_edit: Option<reach::SourceEdit>,
    /// A large fold's runs ([`mentions::FoldRuns`]), marked on the first
    /// look-up and kept up to date by each edit.
    fold_runs: std::sync::OnceLock<mentions::FoldRuns>,
    /// A large source's answers to [`Document::mentions`], kept across
    /// checks and the edits that cannot change them.
    phrase_answers: mentions::PhraseAnswers,
    /// Natively, the keys the index was made for, when it was made for a
    /// check's answer ([`Document::analyse_for_answer`]): only the words
    /// that can have one of them are indexed.
    #[cfg(not(target_arch = "wasm32"))]
    wanted: Option<std::sync::Arc<wanted::WantedKeys>>,
    /// With `wanted`: the sentences (0-based, in order) holding a number
    /// or an identifier that `wanted` does not admit, each with the
    /// [`wanted::number_bits`] of those keys, for a re-check that brings
    /// such a key ([`Document::admit_keys_of`]).
    #[cfg(not(target_arch = "wasm32"))]
    numbered: Vec<(u32, u32)>,
    /// The index of the keys a re-check brought that `wanted` does not
    /// admit ([`Document::admit_keys_of`]), made once.
    #[cfg(not(target_arch = "wasm32"))]
    admitted: std::sync::OnceLock<Box<Admitted>>,
    /// The index of every word, for a key neither `wanted` nor `admitted`
    /// admits.
    #[cfg(not(target_arch = "wasm32"))]
    whole: std::sync::OnceLock<Box<WholeIndex>>,
}

/// A piece of a fold cut between characters, as text.
fn fold_text(bytes: &[u8]) -> String {
    std::str::from_utf8(bytes).unwrap_or_default().to_string()
}

/// What an edit changed in a document's fold: `old` from byte `from` on
/// gave way to the bytes `from..new_to`.
struct FoldChange {
    from: usize,
    old: String,
    new_to: usize,
}

/// The sentences an edit inside one passage reads afresh
/// (`Document::sentences_around`): old sentences `s0..s1` give way to
/// `spans`, which cover `bytes` bytes of the edited text.
struct Around {
    s0: usize,
    s1: usize,
    spans: Vec<sentences::Span>,
    bytes: usize,
}

/// Analyses a source a few sentences at a time, so that a page can analyse a
/// large source between frames instead of freezing while it does.
/// [`Document::analyse`] is a builder run to the end in one go.
pub struct DocumentBuilder {
    text: String,
    options: AnalysisOptions,
    marks: sentences::PassageMarks,
    passages: Vec<(usize, usize)>,
    /// The next passage whose sentences are not yet split.
    next_passage: usize,
    /// Sentences of the current passage still to analyse: (passage, start, end), last first.
    pending: Vec<(usize, usize, usize)>,
    index: SentenceIndex,
    /// Bytes of the text analysed so far.
    done_bytes: usize,
    /// Every distinct word met so far: each is lower-cased, stemmed and
    /// looked up in the word lists once.
    memo: memo::WordMemo,
}

impl DocumentBuilder {
    pub fn new(text: String, options: AnalysisOptions) -> DocumentBuilder {
        let (marks, passages) = sentences::passages_marked(&text);
        let index = SentenceIndex::keeping(keeps_readings(&text));
        DocumentBuilder {
            text,
            options,
            marks,
            passages,
            next_passage: 0,
            pending: Vec::new(),
            index,
            done_bytes: 0,
            memo: thread_words(options),
        }
    }

    /// Analyse up to `max_sentences` more sentences (splitting a passage
    /// into sentences counts as one). True once every sentence is analysed.
    pub fn step(&mut self, max_sentences: usize) -> bool {
        for _ in 0..max_sentences.max(1) {
            let Some((p, s, e)) = self.pending.pop() else {
                let Some(&(ps, pe)) = self.passages.get(self.next_passage) else {
                    return true;
                };
                let p = self.next_passage;
                self.next_passage += 1;
                self.pending = sentences::split_range(&self.text, ps, pe)
                    .into_iter()
                    .rev()
                    .map(|(s, e)| (p, s, e))
                    .collect();
                continue;
            };
            self.add_sentence(p, s, e);
        }
        self.pending.is_empty() && self.next_passage >= self.passages.len()
    }

    fn add_sentence(&mut self, passage: usize, start: usize, end: usize) {
        let (text, memo) = (&self.text, &mut self.memo);
        self.index
            .add(text, passage, (start, end), self.options, memo);
        self.done_bytes = end;
    }

    /// Share of the text analysed so far, 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.text.is_empty() {
            1.0
        } else {
            self.done_bytes as f64 / self.text.len() as f64
        }
    }

    /// Analyse whatever is left and index the text.
    pub fn finish(mut self) -> Document {
        while !self.step(usize::MAX) {}
        give_back_words(self.memo);
        let fold = fold_passages(&self.text, &self.passages);
        self.index.into_document(
            self.text,
            self.options,
            self.marks,
            self.passages,
            fold,
            #[cfg(not(target_arch = "wasm32"))]
            None,
        )
    }
}

/// [`SentenceIndex::word_terms`] of a word not met yet.
#[cfg(not(target_arch = "wasm32"))]
const UNMET: u32 = u32::MAX;

/// [`SentenceIndex::word_terms`] of a word no wanted key can be.
#[cfg(not(target_arch = "wasm32"))]
const UNWANTED: u32 = u32::MAX - 1;

/// The bit that marks a term id of a document's whole index
/// ([`Document::term_id`]), not of the index made for its wanted keys.
#[cfg(not(target_arch = "wasm32"))]
const WHOLE: u32 = 1 << 31;

/// The bit that marks a term id of a document's index of admitted keys
/// ([`Document::admit_keys_of`]).
#[cfg(not(target_arch = "wasm32"))]
const ADMITTED: u32 = 1 << 30;

/// The keys a re-check brought to a document indexed for its wanted keys
/// only, and their index: every sentence holding a word these keys admit
/// lists its terms; any other sentence lists none (it holds none of them).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
struct Admitted {
    keys: wanted::WantedKeys,
    index: WholeIndex,
}

/// An index of keys beyond those a document indexed for its wanted keys
/// only ([`wanted`]) holds: of every word's key, made the first time a key
/// they do not admit is looked up, or of the keys a re-check brought
/// ([`Admitted`]). Each sentence keeps its term ids here, no more.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
struct WholeIndex {
    vocab: FxHashMap<std::sync::Arc<str>, u32>,
    postings: Vec<Vec<u32>>,
    /// Every sentence's term ids here, sorted.
    term_ids: lists::IdLists,
}

/// A document's sentences as they are read, in order, with the index of
/// their content terms (each new key gets the next term id).
#[derive(Default)]
struct SentenceIndex {
    /// Do its sentences keep their readings ([`KEEP_READINGS`])?
    keep: bool,
    sentences: Vec<SourceSentence>,
    term_ids: lists::IdLists,
    readings: slots::LazySlots<Analysed>,
    vocab: FxHashMap<std::sync::Arc<str>, u32>,
    /// Term id → the sentences holding it: one empty list per term while
    /// the sentences are read, each filled at once, at its exact length,
    /// when the document is made ([`SentenceIndex::into_document`]), not
    /// grown a sentence at a time (whose spare room was resident memory).
    postings: Vec<Vec<u32>>,
    /// The term id of each word of the word memo this index is read
    /// through, by its entry ([`memo::Occurrence::entry`]); [`UNMET`] for
    /// a word not yet met here, [`UNWANTED`] for one no wanted key can
    /// be. Only for [`SentenceIndex::push_terms`].
    #[cfg(not(target_arch = "wasm32"))]
    word_terms: Vec<u32>,
    /// Natively, the keys the checks will look up, when known before the
    /// source is read: the words and numbers no such key can be are not
    /// indexed ([`wanted`]), nor are such words learnt by the memo. Only
    /// for [`SentenceIndex::push_terms`].
    #[cfg(not(target_arch = "wasm32"))]
    wanted: Option<memo::Wanted>,
    /// Room [`SentenceIndex::push_terms`] reads a sentence's words and
    /// terms into, kept from one sentence to the next.
    #[cfg(not(target_arch = "wasm32"))]
    scratch: (Vec<memo::Occurrence>, Vec<u32>),
    /// For an index made for `wanted` keys: the sentences (0-based, in
    /// order) that hold a number or an identifier it turned away, each
    /// with the [`wanted::number_bits`] of their keys
    /// (`Document::admit_keys_of` reads them for such a key).
    #[cfg(not(target_arch = "wasm32"))]
    numbered: Vec<(u32, u32)>,
}

impl SentenceIndex {
    /// An empty index whose sentences keep their readings when `keep`.
    fn keeping(keep: bool) -> SentenceIndex {
        SentenceIndex {
            keep,
            ..SentenceIndex::default()
        }
    }

    /// Room for the sentences and terms of about `bytes` of text: a list's
    /// capacity is reserved, not written, so what goes unused costs no
    /// memory, and room for a sentence every 16 bytes and a term id every
    /// 4 costs less than a list grown a doubling at a time (whose old and
    /// new buffers are both held while it is copied: a source of short
    /// lines holds a sentence every 25 bytes). The vocabulary is not: a
    /// hash table writes its control bytes when made and scatters its
    /// entries over all of its room, so room for `bytes / 64` terms (a
    /// vocabulary grows far slower than its text: 9,148 terms in a 1 MB
    /// source, 10,172 in 8 MB) was resident memory, 6 MB of it at 8 MB.
    /// It grows as terms come.
    #[cfg(not(target_arch = "wasm32"))]
    fn reserve_for(&mut self, bytes: usize) {
        self.sentences.reserve(bytes / 16);
        self.term_ids.reserve(bytes / 16, bytes / 4);
        self.numbered.reserve(bytes / 32);
        self.postings.reserve(bytes / 64);
    }

    /// Read the sentence at `span` of `text`, of passage `passage`
    /// (0-based), through `memo` (the word memory every sentence of this
    /// index is read through) and add it.
    fn add(
        &mut self,
        text: &str,
        passage: usize,
        span: (usize, usize),
        options: AnalysisOptions,
        memo: &mut memo::WordMemo,
    ) {
        #[cfg(not(target_arch = "wasm32"))]
        if !self.keep {
            return self.push_terms(text, passage, span, options, memo);
        }
        let analysed = Analysed::with_memo(text, span.0, span.1, options, memo);
        self.push(passage, span, analysed);
    }

    /// [`SentenceIndex::push`] of the sentence at `span` of `text`, for an
    /// index whose sentences do not keep their readings: the sentence's
    /// content terms are read as [`Analysed::with_memo`] reads its tokens
    /// (the same citations, numerals, words and numbers in words, in the
    /// same order, so the same term ids), without making the tokens it
    /// would let go at once. A word's term id is looked up by its memo
    /// entry, not its key. `tests/edited.rs` holds it to the full reading.
    #[cfg(not(target_arch = "wasm32"))]
    fn push_terms(
        &mut self,
        text: &str,
        passage: usize,
        (start, end): (usize, usize),
        opts: AnalysisOptions,
        memo: &mut memo::WordMemo,
    ) {
        let turned_away = self.terms_of(text, (start, end), opts, memo);
        let index = self.sentences.len();
        if turned_away != 0 {
            self.numbered.push((index as u32, turned_away));
        }
        self.term_ids.push(&self.scratch.1);
        self.readings.push(None);
        (self.sentences).push(SourceSentence::new(index, passage, (start, end)));
    }

    /// The term ids of the sentence at `span` of `text`, read as
    /// [`SentenceIndex::push_terms`] reads it (new terms join this index),
    /// without adding the sentence: left in `self.scratch.1`, sorted. An
    /// index for wanted keys turns away the words and numbers no wanted
    /// key can be: it gives the union of the [`wanted::number_bits`] of
    /// the numbers' and identifiers' keys it turned away (0 for none).
    #[cfg(not(target_arch = "wasm32"))]
    fn terms_of(
        &mut self,
        text: &str,
        (start, end): (usize, usize),
        opts: AnalysisOptions,
        memo: &mut memo::WordMemo,
    ) -> u32 {
        let part = &text[start..end];
        let (mut found, mut term_ids) = std::mem::take(&mut self.scratch);
        term_ids.clear();
        let numbers = read_for_terms(part, opts, memo, self.wanted.as_ref(), &mut found);
        let mut turned_away = 0;
        // Tokens in text order, as `Analysed::with_memo` lays them out.
        let mut numbers = numbers.iter().peekable();
        let mut words = found.iter().peekable();
        let mut key = String::new();
        loop {
            let number_first = match (numbers.peek(), words.peek()) {
                (Some(n), Some(w)) => n.start < w.start,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            if number_first {
                let number = numbers.next().unwrap();
                number.write_key(opts.number_normalisation, &mut key);
                if self
                    .wanted
                    .as_ref()
                    .is_some_and(|w| !w.keys.admits_number(&key))
                {
                    turned_away |= wanted::number_bits(&key);
                    continue;
                }
                term_ids.push(term_id(&mut self.vocab, &mut self.postings, &key, || {
                    key.as_str().into()
                }));
                continue;
            }
            let entry = words.next().unwrap().entry;
            if entry == memo::TURNED_AWAY || !memo.content(entry) {
                continue;
            }
            if self.word_terms.len() <= entry as usize {
                self.word_terms.resize(memo.len(), UNMET);
            }
            if self.word_terms[entry as usize] == UNMET {
                self.word_terms[entry as usize] = match &self.wanted {
                    Some(wanted) if !wanted.keys.admits_word(memo.lower(entry)) => UNWANTED,
                    _ => {
                        let key = memo.key(entry);
                        term_id(&mut self.vocab, &mut self.postings, key, || key.into())
                    }
                };
            }
            match self.word_terms[entry as usize] {
                UNWANTED => {}
                id => term_ids.push(id),
            }
        }
        crate::order::sort_dedup(&mut term_ids);
        self.scratch = (found, term_ids);
        turned_away
    }

    /// Add the next sentence, of passage `passage` (0-based) at `span`.
    fn push(&mut self, passage: usize, span: (usize, usize), analysed: Analysed) {
        let index = self.sentences.len();
        let term_ids = content_term_ids(&mut self.vocab, &mut self.postings, &analysed);
        self.term_ids.push(&term_ids);
        self.readings.push(self.keep.then_some(analysed));
        (self.sentences).push(SourceSentence::new(index, passage, span));
    }

    /// Add the sentences of `next`, an index of the sentences that follow
    /// these (numbered, and with term ids, of its own): the index one
    /// [`SentenceIndex::push`] after another would have built. A term new
    /// to this index gets the next id in the order `next` met it, which is
    /// the order of its first use in the text.
    #[cfg(not(target_arch = "wasm32"))]
    fn append(&mut self, next: SentenceIndex) {
        let offset = self.sentences.len() as u32;
        // `next`'s keys by its id, then each one's id here.
        let mut keys: Vec<Option<std::sync::Arc<str>>> = vec![None; next.postings.len()];
        for (key, id) in next.vocab {
            keys[id as usize] = Some(key);
        }
        let ids_here: Vec<u32> = keys
            .into_iter()
            .map(|key| {
                let key = key.expect("every term id has its key");
                term_id(&mut self.vocab, &mut self.postings, &key, || key.clone())
            })
            .collect();
        let numbered = next.numbered.iter().map(|&(s, bits)| (s + offset, bits));
        self.numbered.extend(numbered);
        self.sentences.reserve(next.sentences.len());
        for mut sentence in next.sentences {
            sentence.number += offset;
            self.sentences.push(sentence);
        }
        (self.term_ids).append_mapped(&next.term_ids, |id| ids_here[id as usize]);
        self.readings.append(next.readings);
    }

    /// Fill each term's postings from the sentences' term ids, each list
    /// made at its length: the sentences holding the term, in order.
    fn fill_postings(&mut self) {
        let term_ids = &self.term_ids;
        fill_postings(&mut self.postings, || term_ids.iter());
    }

    /// Natively, an index of other keys of `doc`'s sentences (this one's
    /// `wanted` ones, or every key): the sentences for which `read` says
    /// true are read through `memo`; the others hold none of its terms.
    /// Only each sentence's term ids are kept.
    #[cfg(not(target_arch = "wasm32"))]
    fn into_index_of(
        mut self,
        doc: &Document,
        read: impl Fn(usize) -> bool,
        memo: &mut memo::WordMemo,
    ) -> WholeIndex {
        let mut term_ids = lists::IdLists::with_capacity(doc.sentences.len());
        for (i, s) in doc.sentences.iter().enumerate() {
            match read(i) {
                true => {
                    self.terms_of(&doc.text, (s.start(), s.end()), doc.options, memo);
                    term_ids.push(&self.scratch.1);
                }
                false => term_ids.push(&[]),
            }
        }
        term_ids.shrink_to_fit();
        let mut postings = self.postings;
        fill_postings(&mut postings, || term_ids.iter());
        WholeIndex {
            vocab: self.vocab,
            postings,
            term_ids,
        }
    }

    /// The document of `text` these are the sentences of, with its
    /// passages, their marks and its fold (from [`fold_passages`]).
    fn into_document(
        mut self,
        text: String,
        options: AnalysisOptions,
        marks: sentences::PassageMarks,
        passages: Vec<(usize, usize)>,
        Fold {
            folded,
            marks: fold_marks,
            points: fold_points,
        }: Fold,
        #[cfg(not(target_arch = "wasm32"))] fold_words: Option<mentions::FoldWords>,
    ) -> Document {
        self.fill_postings();
        Document {
            folded,
            fold_marks,
            fold_points,
            marks,
            text,
            options,
            passages,
            sentences: self.sentences,
            term_ids: self.term_ids,
            readings: self.readings,
            vocab: self.vocab,
            postings: self.postings,
            #[cfg(not(target_arch = "wasm32"))]
            fold_words,
            source_reports: Default::default(),
            passage_names: Default::default(),
            language: Default::default(),
            claim_ids: Default::default(),
            sentence_ids: Default::default(),
            last_edit: None,
            fold_runs: Default::default(),
            phrase_answers: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            wanted: self.wanted.map(|w| w.keys),
            #[cfg(not(target_arch = "wasm32"))]
            numbered: self.numbered,
            #[cfg(not(target_arch = "wasm32"))]
            admitted: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            whole: Default::default(),
        }
    }
}

impl Document {
    /// Analyse a source once.
    pub fn analyse(text: &str, options: AnalysisOptions) -> Document {
        Document::analyse_owned(text.to_string(), options)
    }

    /// [`Document::analyse`] keeping `text` itself (no copy of it is made:
    /// the CLI's source is read once and analysed where it lies).
    pub fn analyse_owned(text: String, options: AnalysisOptions) -> Document {
        DocumentBuilder::new(text, options).finish()
    }

    /// [`Document::analyse_owned`] on up to `threads` threads: the passages
    /// are shared out by bytes, each share split and read on its own thread
    /// (with its own word memory; the last share's thread folds the text
    /// first, and its share is the smaller for it), and the
    /// sentences are indexed in order (the first share's while the others
    /// are still being read), so the document is the one
    /// [`Document::analyse`] gives (term ids included). For the CLI's large
    /// sources; the page has one thread.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn analyse_in_parallel(text: String, options: AnalysisOptions, threads: usize) -> Document {
        let keep = keeps_readings(&text);
        Document::analyse_in_shares(text, options, threads, keep, None)
    }

    /// [`Document::analyse_in_parallel`] for a check of `answers` alone
    /// (an answer, its samples and its question): a source too large to
    /// keep its sentences' readings indexes only the words and numbers
    /// that can share a key with theirs ([`wanted`]); any other key is looked up in the
    /// index of the keys a re-check brought ([`Document::admit_keys_of`])
    /// or in an index of every word, made when first needed. Every
    /// look-up answers as the whole index would.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn analyse_for_answer(
        text: String,
        options: AnalysisOptions,
        threads: usize,
        answers: &[&str],
    ) -> Document {
        Document::analyse_for_answer_while(text, options, threads, answers, || ()).0
    }

    /// [`Document::analyse_for_answer`], and `meanwhile` run on this thread
    /// while it waits for the other shares' threads (or after the
    /// analysis, when there are none): work that needs no source, such as
    /// splitting the answer into claims, takes the time this thread would
    /// spend waiting.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn analyse_for_answer_while<R>(
        text: String,
        options: AnalysisOptions,
        threads: usize,
        answers: &[&str],
        meanwhile: impl FnOnce() -> R,
    ) -> (Document, R) {
        let keep = keeps_readings(&text);
        // Through this thread's word memory, which reads the first share next.
        let answer_keys = || {
            let mut memo = thread_words(options);
            let mut wanted = wanted::WantedKeys::default();
            for answer in answers {
                wanted.add_text(answer, options, &mut memo);
            }
            give_back_words(memo);
            wanted
        };
        if keep || threads < 2 {
            let wanted = (!keep).then(answer_keys);
            let doc = Document::analyse_in_shares(text, options, threads, keep, wanted);
            return (doc, meanwhile());
        }
        // The answer's keys are read while another thread finds the passages.
        let (marked, wanted) = std::thread::scope(|scope| {
            let marking = scope.spawn(|| sentences::passages_marked(&text));
            let wanted = answer_keys();
            (marking.join().expect("the passages"), wanted)
        });
        let wanted = Some(wanted);
        Document::analyse_marked(text, marked, options, threads, keep, wanted, meanwhile)
    }

    /// [`Document::analyse_in_parallel`] as for a source too large to keep
    /// its sentences' readings, whatever its size: each sentence is read
    /// for its terms only. For tests that hold that reading to the full one.
    #[cfg(not(target_arch = "wasm32"))]
    #[doc(hidden)]
    pub fn analyse_for_terms(text: String, options: AnalysisOptions, threads: usize) -> Document {
        Document::analyse_in_shares(text, options, threads, false, None)
    }

    /// [`Document::analyse_for_terms`] indexing only the words that can
    /// have one of `wanted`'s keys, whatever the source's size. For tests
    /// that hold its look-ups to the whole index's.
    #[cfg(not(target_arch = "wasm32"))]
    #[doc(hidden)]
    pub fn analyse_for_keys(
        text: String,
        options: AnalysisOptions,
        threads: usize,
        wanted: wanted::WantedKeys,
    ) -> Document {
        Document::analyse_in_shares(text, options, threads, false, Some(wanted))
    }

    /// [`Document::analyse_in_parallel`], the sentences keeping their
    /// readings when `keep`, else indexed for `wanted` keys when given.
    #[cfg(not(target_arch = "wasm32"))]
    fn analyse_in_shares(
        text: String,
        options: AnalysisOptions,
        threads: usize,
        keep: bool,
        wanted: Option<wanted::WantedKeys>,
    ) -> Document {
        let marked = sentences::passages_marked(&text);
        Document::analyse_marked(text, marked, options, threads, keep, wanted, || ()).0
    }

    /// [`Document::analyse_in_shares`] of a text whose passages are found.
    #[cfg(not(target_arch = "wasm32"))]
    fn analyse_marked<R>(
        text: String,
        (marks, passages): (sentences::PassageMarks, Vec<sentences::Span>),
        options: AnalysisOptions,
        threads: usize,
        keep: bool,
        wanted: Option<wanted::WantedKeys>,
        meanwhile: impl FnOnce() -> R,
    ) -> (Document, R) {
        let shares = shares::shares_by_bytes(&text, &passages, threads.max(1));
        // Sentences that keep their readings index every word.
        let wanted = wanted.filter(|_| !keep).map(std::sync::Arc::new);
        // An empty index for about `bytes` of text.
        let fresh = |bytes: usize| {
            let mut index = SentenceIndex::keeping(keep);
            index.wanted = wanted.clone().map(memo::Wanted::new);
            index.reserve_for(bytes);
            index
        };
        let read_share = |share: shares::Share, memo: &mut memo::WordMemo| {
            memo.reserve_for(share.bytes(&passages));
            shares::read_share(&text, &passages, share, options, memo, fresh)
        };
        // A large source mostly in ASCII keeps the words of its fold, not
        // the fold (its size again in memory: `mentions`).
        let fold_words = !keep && mentions::mostly_ascii(&text);
        let fold = || match fold_words {
            true => (Fold::default(), Some(mentions::FoldWords::of(&text))),
            false => (fold_passages(&text, &passages), None),
        };
        // This thread's word memory, which holds the answer's words: each
        // other share's thread starts from a copy (the answer's words are
        // the ones a share's sentences are indexed for; each was stemmed
        // again on every thread).
        let mut memo = thread_words(options);
        let (index, (fold, fold_words), done_meanwhile) = std::thread::scope(|scope| {
            // The last share's thread folds first (its share is the smaller
            // for it: `shares::shares_by_bytes`); with one share, a thread of
            // its own.
            let last = shares.len() - 1;
            let folding = (last == 0).then(|| scope.spawn(fold));
            let others: Vec<_> = (1..shares.len())
                .map(|k| {
                    let share = shares[k];
                    let mut memo = memo.clone();
                    scope.spawn(move || {
                        let folded = (k == last).then(fold);
                        (read_share(share, &mut memo), folded)
                    })
                })
                .collect();
            // The first share on this thread, through its word memory, into
            // an index with room for every share's (not a doubling buffer
            // copied as it grows); then each other share's sentences join
            // it, in order, as they come.
            memo.reserve_for(shares[0].bytes(&passages));
            let mut index = fresh(text.len());
            let mut at =
                shares::read_pieces(&mut index, &text, &passages, shares[0], options, &mut memo);
            give_back_words(memo);
            let done_meanwhile = meanwhile();
            let mut folded = None;
            for other in others {
                let (segments, fold) = other.join().expect("a share's analysis");
                folded = folded.or(fold);
                shares::join(&mut index, &mut at, segments, &text, &passages, options);
            }
            let folded = match folding {
                Some(folding) => folding.join().expect("the fold"),
                None => folded.expect("the last share's thread folds"),
            };
            (index, folded, done_meanwhile)
        });
        let doc = index.into_document(text, options, marks, passages, fold, fold_words);
        (doc, done_meanwhile)
    }

    /// This document's source after an edit: `text` analysed as
    /// [`Document::analyse`] would analyse it (see [`Document::edit`]).
    pub fn edited(&self, text: String) -> Document {
        let mut doc = self.clone();
        doc.edit(text);
        doc
    }

    /// [`Document::edited`], unless the passages to analyse afresh hold more
    /// than `max_fresh_bytes` bytes (or the edit touches a passage label):
    /// then `text` comes back untouched (to be analysed some other way, as in
    /// slices).
    pub fn edited_within(&self, text: String, max_fresh_bytes: usize) -> Result<Document, String> {
        let mut doc = self.clone();
        doc.edit_within(text, max_fresh_bytes)?;
        Ok(doc)
    }

    /// Fold afresh the window's passages (`kept..b` of the old ones, `a`
    /// the one before; `window` the new ones, text bytes `w0..w1`, `w0..w1_old`
    /// before the edit) between the unchanged parts of the fold, its marks
    /// and points. Returns what changed in the fold.
    fn refold_window(
        &mut self,
        text: &str,
        (a, b, kept): (Option<usize>, usize, usize),
        window: &[sentences::Span],
        (w0, w1, w1_old): (usize, usize, usize),
    ) -> FoldChange {
        let n = self.fold_marks.len();
        let f0 = a.map_or(0, |a| self.fold_marks[a].1);
        let f1 = if b < n {
            self.fold_marks[b].0
        } else {
            self.folded.len()
        };
        let mut old_fold = std::mem::take(&mut self.folded).into_bytes();
        let spaced = old_fold.get(f1) == Some(&b' ');
        let tail = old_fold.split_off(f1 + usize::from(spaced));
        let old = fold_text(&old_fold[f0..]);
        old_fold.truncate(f0);
        let mut folder = Folder {
            out: old_fold,
            space: false,
            points: Vec::new(),
        };
        let (marks, at) = folder.push_passages(text, w0, window);
        folder.push(&text[at..w1]);
        let (b_start, b_space) = (folder.len(), folder.space);
        if !tail.is_empty() {
            if folder.space && !folder.out.is_empty() {
                folder.out.push(b' ');
            }
            folder.out.extend_from_slice(&tail);
        }
        // A mark or point in the tail moves with the tail's first byte;
        // passage `b` starts where the window's fold ends.
        let (old_tail, new_tail) = (f1 + usize::from(spaced), folder.len() - tail.len());
        let moved = |x: usize| x + new_tail - old_tail;
        for (i, m) in self.fold_marks[b..].iter_mut().enumerate() {
            *m = (if i == 0 { b_start } else { moved(m.0) }, moved(m.1));
        }
        self.fold_marks.splice(kept..b, marks);
        let b_text = self.passages.get(b).map(|&(s, _)| s);
        let (p0, p1) = (
            self.fold_points.partition_point(|x| x.text < w0),
            self.fold_points.partition_point(|x| x.text < w1_old),
        );
        for pt in &mut self.fold_points[p1..] {
            if Some(pt.text) == b_text {
                (pt.fold, pt.space) = (b_start, b_space);
            } else {
                pt.fold = moved(pt.fold);
            }
            pt.text = pt.text + text.len() - self.text.len();
        }
        let points = std::mem::take(&mut folder.points);
        self.fold_points.splice(p0..p1, points);
        self.folded = folder.finish();
        FoldChange {
            from: f0,
            old,
            new_to: new_tail,
        }
    }

    /// Fold afresh only around an edit of old bytes `p..q_old` inside
    /// passage `passage` (`span` its body in `text`, the edited text): from
    /// the last fold point at or before the edit to the first after it (the
    /// passage's end if none), where the byte before is unchanged, so a
    /// space pending there is the old one and the old fold from there on
    /// stands, moved. Returns what changed in the fold; leaves everything
    /// as it was and returns `None` when the edit reaches the passage's
    /// start or end.
    fn refold_inside(
        &mut self,
        text: &str,
        passage: usize,
        (ps, pe): sentences::Span,
        p: usize,
        q_old: usize,
    ) -> Option<FoldChange> {
        let (old_ps, old_pe) = self.passages[passage];
        if old_ps != ps || ps > p || old_pe <= q_old || pe + self.text.len() != old_pe + text.len()
        {
            return None;
        }
        let points = &self.fold_points;
        let c = points.partition_point(|x| x.text <= p).checked_sub(1)?;
        if points[c].text < ps {
            return None;
        }
        let d = points.partition_point(|x| x.text <= q_old);
        let (d_text, d_fold) = match points.get(d) {
            Some(x) if x.text < old_pe => (x.text, x.fold),
            _ => (old_pe, self.fold_marks[passage].1),
        };
        let start = points[c];
        let mut out = std::mem::take(&mut self.folded).into_bytes();
        let tail = out.split_off(d_fold);
        let old = fold_text(&out[start.fold..]);
        out.truncate(start.fold);
        let mut folder = Folder {
            out,
            space: start.space,
            points: Vec::new(),
        };
        folder.push_body(text, start.text, d_text + text.len() - self.text.len());
        let new_d_fold = folder.len();
        folder.out.extend_from_slice(&tail);
        let moved = |x: usize| x + new_d_fold - d_fold;
        self.fold_marks[passage].1 = moved(self.fold_marks[passage].1);
        for m in &mut self.fold_marks[passage + 1..] {
            *m = (moved(m.0), moved(m.1));
        }
        for x in &mut self.fold_points[d..] {
            x.text = x.text + text.len() - self.text.len();
            x.fold = moved(x.fold);
        }
        let fresh = std::mem::take(&mut folder.points);
        self.fold_points.splice(c..d, fresh);
        self.folded = folder.finish();
        Some(FoldChange {
            from: start.fold,
            old,
            new_to: new_d_fold,
        })
    }

    /// Does every fold point hold: the fold of the text before it is the
    /// fold's first bytes up to it, with the pending space it says? (For
    /// tests: an edit must keep them true.)
    #[doc(hidden)]
    pub fn fold_points_hold(&self) -> bool {
        self.fold_points.windows(2).all(|w| w[0].text < w[1].text)
            && self.fold_points.iter().all(|pt| {
                let mut folder = Folder::default();
                folder.push(&self.text[..pt.text]);
                folder.len() == pt.fold
                    && folder.space == pt.space
                    && self.folded.as_bytes().get(..pt.fold) == Some(&folder.out[..])
            })
    }

    /// The sentences of passage `passage` (0-based; `span` its body in
    /// `text`, the edited text) to read afresh after an edit of old bytes
    /// `p..q_old` (new `p..q_new`) inside it: `None` when the edit is not
    /// inside the passage's body.
    ///
    /// The split restarts at the start of an old sentence `k` where it
    /// starts afresh ([`sentences::starts_afresh`]) with sentence `k + 1`
    /// ending before the edit (whether the sentence before `k` ended where
    /// it did was decided by looking ahead at most into sentence `k + 1`,
    /// and whether a `[` opened by at most [`sentences::BRACKET_REACH`]
    /// bytes: `k` starts that far before the edit), or at the passage's
    /// start. It stops at the first new sentence past
    /// the edit that starts afresh where an old one did (moved by the
    /// edit's change in length): from there on the split reads the same
    /// bytes from the same state, so the old sentences stand, moved.
    fn sentences_around(
        &self,
        text: &str,
        passage: usize,
        (ps, pe): sentences::Span,
        p: usize,
        q_old: usize,
        q_new: usize,
    ) -> Option<Around> {
        let old = &self.text;
        let &(old_ps, _) = self.passages.get(passage)?;
        if old_ps != ps || ps > p {
            return None;
        }
        let sp0 = self.sentences.partition_point(|s| s.passage() <= passage);
        let sp1 = self
            .sentences
            .partition_point(|s| s.passage() <= passage + 1);
        let ss = &self.sentences[sp0..sp1];
        let before = ss.partition_point(|s| s.end() < p);
        // Nor may a `[` before the restart have looked for its `]` as far
        // as the edit (`sentences::BRACKET_REACH`).
        let (k, restart) = (1..before.saturating_sub(1))
            .rev()
            .filter(|&k| ss[k].start() + sentences::BRACKET_REACH < p)
            .take(8)
            .find(|&k| sentences::starts_afresh(old, ss[k - 1].end(), ss[k].start()))
            .map_or((0, ps), |k| (k, ss[k].start()));
        let mut spans = Vec::new();
        let mut s1 = ss.len();
        let stopped = sentences::split_until(text, restart, pe, &mut spans, |spans| {
            let (a, _) = spans[spans.len() - 1];
            let from = spans.len().checked_sub(2).map_or(restart, |i| spans[i].1);
            if a < q_new || !sentences::starts_afresh(text, from, a) {
                return false;
            }
            let a_old = a - q_new + q_old;
            match ss.binary_search_by_key(&a_old, |s| s.start()) {
                Ok(m)
                    if sentences::starts_afresh(
                        old,
                        m.checked_sub(1).map_or(ps, |i| ss[i].end()),
                        a_old,
                    ) =>
                {
                    s1 = m;
                    true
                }
                _ => false,
            }
        });
        let end = match stopped {
            true => spans.pop().map_or(pe, |(a, _)| a),
            false => pe,
        };
        Some(Around {
            s0: sp0 + k,
            s1: sp0 + s1,
            spans,
            bytes: end - restart,
        })
    }

    /// Make this the analysis of `text`, an edit of its text: the result is
    /// what [`Document::analyse`] gives for `text`, in everything a caller
    /// can observe (term ids aside: they name the same terms, in another
    /// order).
    ///
    /// The edit is the one region where `text` and `self.text` differ (their
    /// common prefix and suffix are unchanged). Only the passages around it
    /// are split and analysed again: from the end of a passage before the
    /// edit whose separator the edit cannot reach, to the start of one after
    /// it. Splitting a passage into sentences and analysing a sentence read
    /// only the passage's bytes, and a word's key does not depend on the
    /// memo it was read through, so the passages on either side keep their
    /// sentences; those after the edit have their spans, sentence and passage
    /// numbers shifted. The index is patched: the window's old sentences
    /// leave their terms' postings, the later sentences' numbers move, the
    /// window's new sentences join (a term no sentence holds any more leaves
    /// the vocabulary). The folded text is spliced the same way, the window
    /// folded afresh. An edit that could add, remove or change a passage
    /// label (`passage N:`, `[N]`: they decide how the whole text is split)
    /// is analysed afresh.
    pub fn edit(&mut self, text: String) {
        if let Err(text) = self.edit_within(text, usize::MAX) {
            *self = Document::analyse(&text, self.options);
        }
    }

    /// [`Document::edit`], unless the window to read afresh holds more than
    /// `max_fresh_bytes` bytes or the edit touches a passage label: then
    /// `text` comes back and the document is left as it was.
    pub fn edit_within(&mut self, text: String, max_fresh_bytes: usize) -> Result<(), String> {
        if same_text(&text, &self.text) {
            self.last_edit = Some(reach::SourceEdit::unchanged(&self.text));
            return Ok(());
        }
        // An index made for one answer's keys is not edited: read afresh.
        #[cfg(not(target_arch = "wasm32"))]
        if self.wanted.is_some() {
            return Err(text);
        }
        let (old, new) = (self.text.as_bytes(), text.as_bytes());
        let (old_len, new_len) = (old.len(), new.len());
        let mut p = common_prefix(old, new);
        let most = old_len.min(new_len) - p;
        let suffix = common_suffix(&old[p..], &new[p..]).min(most);
        let (mut q_old, mut q_new) = (old_len - suffix, new_len - suffix);
        // The changed region on whole characters of both texts.
        while !(self.text.is_char_boundary(p) && text.is_char_boundary(p)) {
            p -= 1;
        }
        while !(self.text.is_char_boundary(q_old) && text.is_char_boundary(q_new)) {
            q_old += 1;
            q_new += 1;
        }
        if sentences::near_label(&self.text, p, q_old) || sentences::near_label(&text, p, q_new) {
            return Err(text);
        }
        // The window: from the end of passage `a` (the edit cannot reach the
        // separator after it) to the start of passage `b`.
        let ps = &self.passages;
        let n = ps.len();
        let k = ps.partition_point(|&(_, e)| e < p);
        let a = if k < n && ps[k].0 <= p {
            k.checked_sub(1)
        } else {
            k.checked_sub(2)
        };
        let j = ps.partition_point(|&(s, _)| s <= q_old);
        let b = if j > 0 && ps[j - 1].1 >= q_old {
            j
        } else {
            j + 1
        }
        .min(n);
        let kept = a.map_or(0, |a| a + 1);
        let w0 = a.map_or(0, |a| ps[a].1);
        let w1_old = if b < n { ps[b].0 } else { old_len };
        let w1 = w1_old + new_len - old_len;
        debug_assert!(w0 <= p && q_old <= w1_old && kept <= b);

        // The window's passages, and the sentences to read afresh: those of
        // every passage in the window or, when the edit stays inside one
        // passage, only those around the edit (`sentences_around`).
        let window = sentences::passages_within(&text, w0, w1, self.marks);
        let around = (b == kept + 1 && window.len() == 1)
            .then(|| self.sentences_around(&text, kept, window[0], p, q_old, q_new))
            .flatten();
        let (s0, s1, spans) = match around {
            Some(Around {
                s0,
                s1,
                spans,
                bytes,
            }) => {
                if bytes > max_fresh_bytes {
                    return Err(text);
                }
                (s0, s1, spans.into_iter().map(|span| (kept, span)).collect())
            }
            None => {
                if w1 - w0 > max_fresh_bytes {
                    return Err(text);
                }
                let s0 = self.sentences.partition_point(|s| s.passage() <= kept);
                let s1 = self.sentences.partition_point(|s| s.passage() <= b);
                let spans: Vec<(usize, sentences::Span)> = window
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &(s, e))| {
                        sentences::split_range(&text, s, e)
                            .into_iter()
                            .map(move |span| (kept + i, span))
                    })
                    .collect();
                (s0, s1, spans)
            }
        };
        let fresh: Vec<_> = spans
            .into_iter()
            .map(|(passage, (ss, se))| {
                (passage, ss, se, Analysed::new(&text, ss, se, self.options))
            })
            .collect();
        // What a claim's check could see change (`reach`): the keys of the
        // sentences read again, before and after; whether every sentence
        // keeps its passage; where the text after the edit starts.
        let content_keys = |a: &Analysed| -> Vec<std::sync::Arc<str>> {
            let content = a.tokens.iter().filter(|t| t.content);
            content.map(|t| t.shared_key().clone()).collect()
        };
        let old_keys: Vec<_> = (self.sentences[s0..s1].iter())
            .map(|s| content_keys(s.analysed(self)))
            .collect();
        let new_keys: Vec<_> = fresh.iter().map(|f| content_keys(&f.3)).collect();
        // With as many sentences, each keeps its passage; with more or
        // fewer, the edit stayed inside one passage, where they all are.
        let layout_kept = window.len() == b - kept
            && match s1 - s0 == fresh.len() {
                true => (self.sentences[s0..s1].iter())
                    .zip(&fresh)
                    .all(|(old, new)| old.passage() == new.0 + 1),
                false => b == kept + 1,
            };
        let tail = self.sentences.get(s1).map_or(old_len, |s| s.start());

        // The index without the window's old sentences.
        for i in s0..s1 {
            for &id in self.term_ids.get(i) {
                let list = &mut self.postings[id as usize];
                if let Ok(at) = list.binary_search(&(i as u32)) {
                    list.remove(at);
                }
            }
        }
        // Terms no sentence holds any more leave the vocabulary (the
        // window's old sentences name their keys).
        for key in old_keys.iter().flatten() {
            if let Some(&id) = self.vocab.get(key) {
                if self.postings[id as usize].is_empty() {
                    self.vocab.remove(key);
                }
            }
        }
        // Later sentences move by the change in the window's sentence count,
        // their spans by the change in length.
        let (removed, added) = (s1 - s0, fresh.len());
        if removed != added {
            for list in &mut self.postings {
                let from = list.partition_point(|&x| (x as usize) < s1);
                for x in &mut list[from..] {
                    *x = (*x as usize + added - removed) as u32;
                }
            }
        }
        let shift = |x: usize| x + new_len - old_len;
        let passage_shift = |x: usize| x + window.len() + kept - b;
        for s in &mut self.sentences[s1..] {
            *s = SourceSentence::new(
                s.number() - 1 + added - removed,
                passage_shift(s.passage()) - 1,
                (shift(s.start()), shift(s.end())),
            );
        }
        if new_len != old_len {
            // The readings kept of the sentences after the window.
            for i in s1..self.sentences.len() {
                let Some(a) = self.readings.get_mut(i) else {
                    continue;
                };
                for t in &mut a.tokens {
                    (t.start, t.end) = (shift(t.start), shift(t.end));
                }
                for x in &mut a.numbers {
                    (x.start, x.end) = (shift(x.start), shift(x.end));
                }
                for c in &mut a.citations {
                    (c.start, c.end) = (shift(c.start), shift(c.end));
                }
            }
        }
        // The window's new sentences join the index.
        let mut joined = Vec::with_capacity(added);
        let mut joined_ids = Vec::with_capacity(added);
        let mut joined_readings = Vec::with_capacity(added);
        let keep = keeps_readings(&text);
        for (i, (passage, start, end, analysed)) in fresh.into_iter().enumerate() {
            let index = s0 + i;
            let term_ids = content_term_ids(&mut self.vocab, &mut self.postings, &analysed);
            post(&mut self.postings, index as u32, &term_ids);
            joined.push(SourceSentence::new(index, passage, (start, end)));
            joined_ids.push(term_ids);
            joined_readings.push(keep.then_some(analysed));
        }
        self.sentences.splice(s0..s1, joined);
        self.term_ids.splice(s0..s1, &joined_ids);
        self.readings.splice(s0..s1, joined_readings);

        // The folded text: inside one passage, from the fold point before
        // the edit to the one after it; otherwise the window's passages.
        // A document without its fold (natively, a large source's) reads
        // the words of its new text instead.
        #[cfg(not(target_arch = "wasm32"))]
        let keeps_fold = match self.fold_words {
            Some(_) => {
                self.fold_words = Some(mentions::FoldWords::of(&text));
                false
            }
            None => true,
        };
        #[cfg(target_arch = "wasm32")]
        let keeps_fold = true;
        let fold_change = keeps_fold.then(|| {
            let inside = (b == kept + 1 && window.len() == 1)
                .then(|| self.refold_inside(&text, kept, window[0], p, q_old))
                .flatten();
            inside.unwrap_or_else(|| {
                self.refold_window(&text, (a, b, kept), &window, (w0, w1, w1_old))
            })
        });
        if let (Some(change), Some(runs)) = (&fold_change, self.fold_runs.get_mut()) {
            runs.add_changed(&self.folded, change.from, change.new_to);
        }

        for x in &mut self.passages[b..] {
            *x = (shift(x.0), shift(x.1));
        }
        self.passages.splice(kept..b, window);

        // The source list, if it was built: the sentences before the window
        // kept, the window's listed afresh, those after it moved.
        if let Some(old_reports) = self.source_reports.take() {
            let new_chars = text[p..q_new].chars().count();
            let old_chars = self.text[p..q_old].chars().count();
            let (base_byte, base_char) = s0
                .checked_sub(1)
                .map_or((0, 0), |i| (old_reports[i].byte_end, old_reports[i].end));
            let fresh = &self.sentences[s0..s0 + added];
            let offsets: Vec<usize> = fresh
                .iter()
                .flat_map(|s| [s.start() - base_byte, s.end() - base_byte])
                .collect();
            let chars = char_offsets(&text[base_byte..], &offsets);
            // The list holds every sentence in order, so the report at a
            // place already names the sentence at that place ("S5" is
            // fifth): a split or a join names the sentences after it
            // without writing thousands of ids afresh.
            let id_at = |i: usize, s: &SourceSentence| -> std::sync::Arc<str> {
                old_reports
                    .get(i)
                    .map_or_else(|| s.id().into(), |r| r.id.clone())
            };
            let mut reports = Vec::with_capacity(self.sentences.len());
            reports.extend_from_slice(&old_reports[..s0]);
            reports.extend(
                fresh
                    .iter()
                    .zip(chars.chunks(2))
                    .enumerate()
                    .map(|(k, (s, c))| SourceReport {
                        id: id_at(s0 + k, s),
                        text: text[s.start()..s.end()].into(),
                        start: base_char + c[0],
                        end: base_char + c[1],
                        byte_start: s.start(),
                        byte_end: s.end(),
                        passage: s.passage(),
                    }),
            );
            reports.extend(
                old_reports[s1..]
                    .iter()
                    .zip(&self.sentences[s0 + added..])
                    .enumerate()
                    .map(|(k, (r, s))| SourceReport {
                        id: id_at(s0 + added + k, s),
                        text: r.text.clone(),
                        start: r.start + new_chars - old_chars,
                        end: r.end + new_chars - old_chars,
                        byte_start: s.start(),
                        byte_end: s.end(),
                        passage: s.passage(),
                    }),
            );
            let _ = self.source_reports.set(reports.into());
        }
        // The language is read from the text's first bytes.
        let language = (p <= language::SAMPLE_BYTES + 4).then(|| self.language());
        let read_again = reach::ReadAgain {
            first: s0,
            before: old_keys,
            after: new_keys,
        };
        // A document without its fold (natively, a large source's) keeps
        // no record: its names are looked for in its text.
        self.last_edit = fold_change.and_then(|fold| {
            reach::SourceEdit::new(
                reach::Changed {
                    text: (&self.text, &text, p, (q_old, q_new)),
                    fold: (&self.folded, fold.from, &fold.old, fold.new_to),
                },
                read_again,
                tail,
                layout_kept,
            )
        });
        self.text = text;
        self.claim_ids.take();
        self.sentence_ids.take();
        self.phrase_answers.keep_after(self.last_edit.as_ref());
        if let Some(before) = language {
            self.language.take();
            if self.language() != before {
                if let Some(edit) = &mut self.last_edit {
                    edit.layout_kept = false;
                }
            }
        }
        // The edit touched no label (`near_label`), so the labels' numbers
        // stand, unless the passages themselves changed in number.
        if self.passages.len() != n {
            self.passage_names.take();
        }
        Ok(())
    }

    /// The sentences S1…Sn as reports list them (ids, texts, byte and char spans, passages).
    /// The language of the text (see [`language::language_of`]).
    /// The last edit made in place ([`Document::edit_within`]), when it
    /// was narrow enough to keep ([`reach::KEPT_BYTES`]); `None` for a
    /// document analysed afresh.
    pub fn last_edit(&self) -> Option<&reach::SourceEdit> {
        self.last_edit.as_ref()
    }

    pub fn language(&self) -> Option<language::Language> {
        *self
            .language
            .get_or_init(|| language::language_of(&self.text))
    }

    /// The claim ids (`C7`) the text mentions ([`ids::mentions`]).
    pub fn claim_ids(&self) -> &ids::IdsIn {
        self.claim_ids.get_or_init(|| ids::IdsIn::of(&self.text))
    }

    /// The sentence ids (`S7`) the text mentions ([`ids::mentions_of`]).
    pub fn sentence_ids(&self) -> &ids::IdsIn {
        (self.sentence_ids).get_or_init(|| ids::IdsIn::of_letter(b'S', &self.text))
    }

    pub fn source_reports(&self) -> std::sync::Arc<[SourceReport]> {
        self.source_reports
            .get_or_init(|| self.reports_of(&self.sentences.iter().collect::<Vec<_>>()))
            .clone()
    }

    /// The sentences `indices` (0-based; in any order, repeats and ids past
    /// the end ignored) as reports list them, in order: what
    /// [`Document::source_reports`] lists for them, without listing the rest.
    pub fn source_reports_of(&self, mut indices: Vec<usize>) -> std::sync::Arc<[SourceReport]> {
        indices.sort_unstable();
        indices.dedup();
        indices.retain(|&i| i < self.sentences.len());
        match self.source_reports.get() {
            Some(all) => indices.iter().map(|&i| all[i].clone()).collect(),
            None => {
                let named: Vec<&SourceSentence> =
                    indices.iter().map(|&i| &self.sentences[i]).collect();
                self.reports_of(&named)
            }
        }
    }

    /// `sentences` (in order) as reports list them.
    fn reports_of(&self, sentences: &[&SourceSentence]) -> std::sync::Arc<[SourceReport]> {
        let sentences = || sentences.iter().copied();
        let offsets: Vec<usize> = sentences().flat_map(|s| [s.start(), s.end()]).collect();
        let chars = char_offsets(&self.text, &offsets);
        sentences()
            .zip(chars.chunks(2))
            .map(|(s, c)| SourceReport {
                id: s.id().into(),
                text: self.text[s.start()..s.end()].into(),
                start: c[0],
                end: c[1],
                byte_start: s.start(),
                byte_end: s.end(),
                passage: s.passage(),
            })
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.sentences.is_empty()
    }

    /// Sentence `i`'s (0-based) reading for one look: the kept one, if it
    /// was read before; natively, in a source that keeps no readings
    /// ([`KEEP_READINGS`]), one read for this look alone and let go after
    /// it (a claim with an amount compares up to 32 sentences, and a
    /// command's check keeping each one read was 20 MB on 8 MB of numbers
    /// written in words). The page keeps every reading: its checks run
    /// again on each keystroke.
    pub fn reading_once(&self, i: usize) -> std::borrow::Cow<'_, Analysed> {
        #[cfg(not(target_arch = "wasm32"))]
        if !keeps_readings(&self.text) {
            return match self.readings.get(i) {
                Some(kept) => std::borrow::Cow::Borrowed(kept),
                None => std::borrow::Cow::Owned(self.sentences[i].read(self)),
            };
        }
        std::borrow::Cow::Borrowed(self.sentences[i].analysed(self))
    }

    /// Let go of every sentence's kept reading (each is read again when a
    /// check next asks for it): the memory a small source's readings take,
    /// and what a large source does from the start ([`KEEP_READINGS`]).
    pub fn forget_readings(&mut self) {
        self.readings.clear();
    }

    /// The term ids of sentence `sentence` (0-based), sorted.
    pub fn term_ids(&self, sentence: usize) -> &[u32] {
        self.term_ids.get(sentence)
    }

    /// Is `phrase` (through [`fold`]) in the source, with no letter or
    /// digit glued on either side ([`mentions`])?
    ///
    /// A large source answers each phrase once, until an edit that may
    /// change the answer ([`mentions::PhraseAnswers`]).
    pub fn mentions(&self, phrase: &str) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(words) = &self.fold_words {
            return (self.phrase_answers)
                .get_or(phrase, || mentions::in_text(&self.text, words, phrase));
        }
        if self.folded.len() < mentions::RUNS_ABOVE {
            return mentions::in_fold(&self.folded, phrase);
        }
        let runs = (self.fold_runs).get_or_init(|| mentions::FoldRuns::of(&self.folded));
        runs.may_hold(phrase)
            && (self.phrase_answers).get_or(phrase, || mentions::in_fold(&self.folded, phrase))
    }

    /// The term id of a content key, if any sentence holds it.
    pub fn term_id(&self, key: &str) -> Option<u32> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.wanted.as_ref().is_some_and(|w| !w.admits_key(key)) {
            if let Some(admitted) = self.admitted.get().filter(|a| a.keys.admits_key(key)) {
                return admitted.index.vocab.get(key).map(|&id| id | ADMITTED);
            }
            return self.whole().vocab.get(key).map(|&id| id | WHOLE);
        }
        self.vocab.get(key).copied()
    }

    /// The index a term id flagged [`WHOLE`] or [`ADMITTED`] is of, and
    /// its id there.
    #[cfg(not(target_arch = "wasm32"))]
    fn flagged_index(&self, id: u32) -> Option<(&WholeIndex, usize)> {
        if id & WHOLE != 0 {
            return Some((self.whole(), (id & !WHOLE) as usize));
        }
        if id & ADMITTED != 0 {
            let admitted = self.admitted.get().expect("an admitted key's index");
            return Some((&admitted.index, (id & !ADMITTED) as usize));
        }
        None
    }

    /// Sentences (0-based indices, ascending) holding a term.
    pub fn postings(&self, id: u32) -> &[u32] {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some((index, id)) = self.flagged_index(id) {
            return &index.postings[id];
        }
        &self.postings[id as usize]
    }

    /// Does sentence `sentence` (0-based) hold the term `id`?
    pub fn holds(&self, sentence: usize, id: u32) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some((index, id)) = self.flagged_index(id) {
            return index
                .term_ids
                .get(sentence)
                .binary_search(&(id as u32))
                .is_ok();
        }
        self.term_ids.get(sentence).binary_search(&id).is_ok()
    }

    /// Natively, for a document indexed for its wanted keys only (a large
    /// source `check` read for its answer), before a re-check of `text` (a
    /// repaired answer): index the keys of `text`'s words that the wanted
    /// keys do not admit, reading only the sentences where a word with one
    /// of them can begin (found by a search of the text for their starts),
    /// so that their look-ups do not make the index of every word (which
    /// reads and stems every word again: as long as the first reading).
    /// Done once per document; a key it did not admit is still looked up
    /// in the index of every word, so every look-up answers as the whole
    /// index would. Elsewhere it does nothing.
    pub fn admit_keys_of(&self, text: &str) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let Some(wanted) = &self.wanted else { return };
            if self.admitted.get().is_some() || self.whole.get().is_some() {
                return;
            }
            let mut memo = thread_words(self.options);
            let keys = wanted::WantedKeys::of_text_beyond(text, self.options, &mut memo, wanted);
            if !keys.is_empty() {
                let index = self.index_of_keys(&keys, &mut memo);
                let _ = self.admitted.set(Box::new(Admitted { keys, index }));
            }
            give_back_words(memo);
        }
        #[cfg(target_arch = "wasm32")]
        let _ = text;
    }

    /// Was the index of every word made (for a key neither the wanted nor
    /// the admitted keys admit)? For tests.
    #[doc(hidden)]
    pub fn indexed_every_word(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.whole.get().is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// The index of `keys` (as [`Document::admit_keys_of`] makes it): the
    /// sentences where a word they admit can begin, read through `memo`.
    #[cfg(not(target_arch = "wasm32"))]
    fn index_of_keys(&self, keys: &wanted::WantedKeys, memo: &mut memo::WordMemo) -> WholeIndex {
        let mut read = sentences_with_any(&self.text, &self.sentences, &keys.search_starts());
        // A number's key: the sentences that turned away one with its bits.
        let masks = keys.number_masks();
        for &(s, bits) in &self.numbered {
            read[s as usize] |= masks.iter().any(|mask| mask & !bits == 0);
        }
        let mut index = SentenceIndex::keeping(false);
        index.wanted = Some(memo::Wanted::new(std::sync::Arc::new(keys.clone())));
        index.into_index_of(self, |i| read[i], memo)
    }

    /// The index of every word's key, made on first use by reading each
    /// sentence again, for a document indexed for its wanted keys only.
    #[cfg(not(target_arch = "wasm32"))]
    fn whole(&self) -> &WholeIndex {
        self.whole.get_or_init(|| {
            let opts = self.options;
            let mut memo = memo::WordMemo::new(opts.stemming, opts.discourse_words);
            let index = SentenceIndex::keeping(false);
            Box::new(index.into_index_of(self, |_| true, &mut memo))
        })
    }

    /// Every sentence holding at least one of the terms `ids` (each id once),
    /// with how many of them it holds, in the order first met. Only the
    /// sentences the terms' postings name are visited.
    pub fn sentences_sharing(&self, ids: &[u32]) -> Vec<(u32, u32)> {
        SHARED_PLACES.with_borrow_mut(|at| {
            if at.len() < self.sentences.len() {
                at.resize(self.sentences.len(), 0);
            }
            // Room for every sentence the postings name (a common word's
            // name most of a large source's: a list grown a doubling at a
            // time held both buffers while it was copied).
            let named: usize = ids.iter().map(|&id| self.postings(id).len()).sum();
            let mut shared: Vec<(u32, u32)> = Vec::with_capacity(named.min(self.sentences.len()));
            // A sentence's place in `shared`, plus one (0: not met yet).
            for &id in ids {
                for &s in self.postings(id) {
                    let place = &mut at[s as usize];
                    if *place == 0 {
                        shared.push((s, 0));
                        *place = shared.len() as u32;
                    }
                    shared[*place as usize - 1].1 += 1;
                }
            }
            shared.iter().for_each(|&(s, _)| at[s as usize] = 0);
            shared
        })
    }

    /// Passage number of each sentence, for citation checks.
    pub fn passage_of(&self) -> Vec<usize> {
        self.sentences.iter().map(|s| s.passage()).collect()
    }

    /// The number each passage's label gives it (`[12]`, `passage 3:`), in
    /// order, for a source that labels its passages (0 for text before the
    /// first label); `None` for a source of blank-line paragraphs, whose
    /// passages are numbered in order. A citation `[12]` names the passage
    /// labelled 12, wherever it stands.
    pub fn passage_names(&self) -> Option<&[usize]> {
        self.passage_names
            .get_or_init(|| {
                (self.marks != sentences::PassageMarks::BlankLines).then(|| {
                    self.passages
                        .iter()
                        .map(|&(start, _)| {
                            sentences::label_number_before(&self.text, start).unwrap_or(0)
                        })
                        .collect()
                })
            })
            .as_deref()
    }

    pub fn sentence_text(&self, i: usize) -> &str {
        let s = &self.sentences[i];
        &self.text[s.start()..s.end()]
    }

    /// The sentences (0-based) that sentence `i` runs on into, or on from,
    /// across a cut for length ([`sentences::cut_for_length`]): the one
    /// before it when that one was cut, and the one after when `i` was.
    pub fn across_length_cuts(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let cut = move |k: usize| {
            let (s, next) = (&self.sentences[k], self.sentences.get(k + 1));
            next.is_some_and(|n| n.passage() == s.passage())
                && sentences::cut_for_length(&self.text, s.start(), s.end())
        };
        let before = i.checked_sub(1).filter(|&k| cut(k));
        let after = Some(i + 1).filter(|_| i < self.sentences.len() && cut(i));
        before.into_iter().chain(after)
    }
}

/// Most distinct words a thread remembers between analyses (answers,
/// claims and, in [`DocumentBuilder`], sources); the memory is started afresh
/// when full. A builder reads its whole document through the thread's
/// memory and learns every word of it, however many.
const WORD_MEMORY: usize = 20_000;

/// The thread's word memory for a [`DocumentBuilder`] made for `options`,
/// taken (so that a check in the meantime, in a page analysing a source
/// between frames, starts a memory of its own) or, for other settings, new:
/// a batch's sources share most of their words, and stemming each word once
/// per thread rather than once per source was a fifth of `claimlab batch`.
fn thread_words(options: AnalysisOptions) -> memo::WordMemo {
    let fresh = || memo::WordMemo::new(options.stemming, options.discourse_words);
    WORDS.with_borrow_mut(|memo| {
        if memo.serves(options.stemming, options.discourse_words) && memo.len() < WORD_MEMORY {
            std::mem::replace(memo, fresh())
        } else {
            fresh()
        }
    })
}

/// A finished builder's memory back to the thread, unless it outgrew
/// [`WORD_MEMORY`] (a large source's words are dropped with the builder).
fn give_back_words(memo: memo::WordMemo) {
    if memo.len() < WORD_MEMORY {
        WORDS.set(memo);
    }
}

thread_local! {
    /// The words this thread's analyses have met: the same words come back
    /// in every claim, on every keystroke and in a batch's every source.
    static WORDS: std::cell::RefCell<memo::WordMemo> =
        std::cell::RefCell::new(memo::WordMemo::new(true, false));

    /// [`Document::sentences_sharing`]'s place of each sentence in its
    /// list, kept from call to call and all zero between calls: a call pays
    /// only for the sentences it touches (a fresh zeroed array cost every
    /// claim a pass over every sentence).
    static SHARED_PLACES: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Lower-case, unify apostrophes, drop accents from Latin letters and
/// collapse whitespace, for phrase look-ups ("Zoë Müller" and "Zoe Muller"
/// fold alike: an answer that drops a name's accents has not invented a
/// name).
pub fn fold(text: &str) -> String {
    let mut folder = Folder::default();
    folder.push(text);
    folder.finish()
}

/// [`fold`] a piece at a time: pushing `a` then `b` folds `a + b`.
#[derive(Default)]
struct Folder {
    out: Vec<u8>,
    /// Whitespace was read since the last character written.
    space: bool,
    /// Points noted so far ([`Folder::push_body`]).
    points: Vec<FoldPoint>,
}

/// A place where folding can start again: text byte `text`, where the
/// fold has `fold` bytes and whether a space is pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoldPoint {
    pub text: usize,
    pub fold: usize,
    pub space: bool,
}

/// How far apart (text bytes) a passage's [`FoldPoint`]s are.
const FOLD_POINT_BYTES: usize = 4096;

/// A text's fold, each passage's marks in it and its points.
#[derive(Default)]
struct Fold {
    folded: String,
    marks: Vec<(usize, usize)>,
    points: Vec<FoldPoint>,
}

impl Folder {
    fn push(&mut self, text: &str) {
        // Built as bytes: ASCII, most of any text, is copied a run at a time.
        use crate::text::scan::is_ascii_space;
        let bytes = text.as_bytes();
        let out = &mut self.out;
        out.reserve(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            // Eight bytes at a time while they are printable ASCII with no
            // run of spaces: lower-cased and copied as they are (a space
            // first only when it is the one space after what was written).
            // Natively: the page keeps the bytes it would add to the bundle.
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(chunk) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
                let lone_space_first = !self.space && !out.is_empty();
                if let Some(lower) =
                    plain_ascii_lowercase(word).filter(|_| chunk[0] != b' ' || lone_space_first)
                {
                    if self.space && !out.is_empty() {
                        out.push(b' ');
                    }
                    // A space at the end is pending: the next byte decides.
                    let ends_in_space = chunk[7] == b' ';
                    out.extend_from_slice(&lower.to_le_bytes());
                    if ends_in_space {
                        out.pop();
                    }
                    self.space = ends_in_space;
                    i += 8;
                    continue;
                }
            }
            let b = bytes[i];
            if b.is_ascii() {
                if is_ascii_space(b) {
                    self.space = true;
                    i += 1;
                    continue;
                }
                if self.space && !out.is_empty() {
                    out.push(b' ');
                }
                self.space = false;
                let run = bytes[i..]
                    .iter()
                    .position(|&c| !c.is_ascii() || is_ascii_space(c))
                    .map_or(bytes.len(), |n| i + n);
                out.extend(bytes[i..run].iter().map(u8::to_ascii_lowercase));
                i = run;
                continue;
            }
            let c = text[i..].chars().next().unwrap();
            i += c.len_utf8();
            let c = match fold_char(c) {
                Folded::Space => {
                    self.space = true;
                    continue;
                }
                Folded::Dropped => continue,
                Folded::Char(c) => c,
            };
            if self.space && !out.is_empty() {
                out.push(b' ');
            }
            self.space = false;
            let mut utf8 = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        }
    }

    /// Bytes written so far (a space still pending is not written).
    fn len(&self) -> usize {
        self.out.len()
    }

    fn finish(self) -> String {
        String::from_utf8(self.out).expect("whole characters were copied")
    }
}

/// Combining accents (U+0300–U+036F), which the fold drops.
pub const ACCENTS: std::ops::RangeInclusive<char> = '\u{300}'..='\u{36F}';

/// What [`fold`] makes of one character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folded {
    /// Whitespace: one space between what comes before and after it.
    Space,
    /// A combining accent ("e" + U+0301 folds to the letter alone).
    Dropped,
    /// This character: lower case, a Latin letter without its accents,
    /// `’` as `'`.
    Char(char),
}

/// What [`fold`] makes of `c` (any character, ASCII included: the fold's
/// fast paths for ASCII agree with it).
pub fn fold_char(c: char) -> Folded {
    if c.is_whitespace() {
        Folded::Space
    } else if ACCENTS.contains(&c) {
        Folded::Dropped
    } else {
        let c = if c == '’' { '\'' } else { c };
        Folded::Char(plain_letter(crate::text::case::lower_char(c)))
    }
}

/// A Latin letter without its accents or stroke, lower-case (`é` → `e`,
/// `ł` → `l`, `ş` → `s`, `ễ` → `e`), for letters from U+00E0 to U+017F
/// and from U+1E00 to U+1EFF (checked against Unicode decomposition); any
/// other character (`ß`, `æ`, `œ`, `ð`, `þ`, other scripts) as it is.
/// The fold's own tables: a Unicode decomposition crate would weigh tens
/// of KB in the page.
pub fn plain_letter(c: char) -> char {
    // U+00E0–U+00FF; `*` keeps the character.
    const LATIN_1: &[u8; 32] = b"aaaaaa*ceeeeiiii*nooooo*ouuuuy*y";
    // U+0100–U+017F, upper- and lower-case forms alike.
    const EXTENDED_A: &[u8; 128] = b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkk*llllllllllnnnnnn***oooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
    // U+1E00–U+1EFF (Vietnamese letters with two accents among them).
    const ADDITIONAL: &[u8; 256] = b"aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwy******aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy******";
    let plain = match c as u32 {
        u @ 0xE0..=0xFF => LATIN_1[u as usize - 0xE0],
        u @ 0x100..=0x17F => EXTENDED_A[u as usize - 0x100],
        u @ 0x1E00..=0x1EFF => ADDITIONAL[u as usize - 0x1E00],
        _ => b'*',
    };
    match plain {
        b'*' => c,
        b => b as char,
    }
}

/// Eight bytes (read little-endian) lower-cased, when they fold to
/// themselves but for case: printable ASCII or DEL (no control character,
/// no byte of a longer character) and no two spaces in a row. `None`
/// otherwise.
#[cfg(not(target_arch = "wasm32"))]
fn plain_ascii_lowercase(word: u64) -> Option<u64> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of a longer character, or one below b' ' (the borrow of a
    // subtraction starts only at such a byte, so no other byte is flagged).
    if word & HIGH != 0 || word.wrapping_sub(ONES * 0x20) & !word & HIGH != 0 {
        return None;
    }
    // The spaces: the high bit of each byte that is b' ' (exact per byte).
    let x = word ^ (ONES * 0x20);
    let spaces = !(((x & !HIGH) + !HIGH) | x) & HIGH;
    if spaces & (spaces << 8) != 0 {
        return None;
    }
    // Each byte is below 0x80, so the sums stay inside their bytes.
    let upper = (word + ONES * (0x80 - u64::from(b'A')))
        & !(word + ONES * (0x80 - u64::from(b'Z') - 1))
        & HIGH;
    Some(word | (upper >> 2))
}

/// Fold `text`, noting where each passage's fold starts and ends (bytes of
/// the fold written when the passage's start and end are reached).
fn fold_passages(text: &str, passages: &[(usize, usize)]) -> Fold {
    let mut folder = Folder::default();
    // A fold is no longer than its text but for a rare character whose
    // lower case is longer: one buffer, not a doubling one.
    folder.out.reserve_exact(text.len());
    let (marks, at) = folder.push_passages(text, 0, passages);
    folder.push(&text[at..]);
    let points = std::mem::take(&mut folder.points);
    Fold {
        folded: folder.finish(),
        marks,
        points,
    }
}

impl Folder {
    /// Push `text` from `from` to the end of the last of `passages` (in
    /// order, from `from` on), noting where each passage's fold starts and
    /// ends; returns the marks and where the pushing stopped.
    fn push_passages(
        &mut self,
        text: &str,
        from: usize,
        passages: &[(usize, usize)],
    ) -> (Vec<(usize, usize)>, usize) {
        let mut marks = Vec::with_capacity(passages.len());
        let mut at = from;
        for &(s, e) in passages {
            self.push(&text[at..s]);
            let start = self.len();
            self.push_body(text, s, e);
            marks.push((start, self.len()));
            at = e;
        }
        (marks, at)
    }

    /// Push `text[from..to]` (inside a passage's body), noting a point
    /// where it starts and about every [`FOLD_POINT_BYTES`] after.
    fn push_body(&mut self, text: &str, from: usize, to: usize) {
        let mut at = from;
        while at < to {
            let mut next = (at + FOLD_POINT_BYTES).min(to);
            while !text.is_char_boundary(next) {
                next += 1;
            }
            self.points.push(FoldPoint {
                text: at,
                fold: self.len(),
                space: self.space,
            });
            self.push(&text[at..next]);
            at = next;
        }
    }
}

/// The term id of `key`; a key new to `vocab` gets the next id (its
/// string from `shared`) and an empty postings list.
fn term_id(
    vocab: &mut FxHashMap<std::sync::Arc<str>, u32>,
    postings: &mut Vec<Vec<u32>>,
    key: &str,
    shared: impl FnOnce() -> std::sync::Arc<str>,
) -> u32 {
    if let Some(&id) = vocab.get(key) {
        return id;
    }
    let id = postings.len() as u32;
    postings.push(Vec::new());
    vocab.insert(shared(), id);
    id
}

/// The term ids of `analysed`'s content keys, sorted: a key not met yet
/// gets the next id and empty postings ([`post`] adds a sentence to them).
fn content_term_ids(
    vocab: &mut FxHashMap<std::sync::Arc<str>, u32>,
    postings: &mut Vec<Vec<u32>>,
    analysed: &Analysed,
) -> Vec<u32> {
    let mut term_ids: Vec<u32> = Vec::new();
    for t in analysed.tokens.iter().filter(|t| t.content) {
        term_ids.push(term_id(vocab, postings, t.key(), || t.shared_key().clone()));
    }
    crate::order::sort_dedup(&mut term_ids);
    term_ids
}

/// Add sentence `index` (0-based), holding `term_ids`, to those terms'
/// postings, in order (an edit's sentence goes between the ones it sits
/// between).
fn post(postings: &mut [Vec<u32>], index: u32, term_ids: &[u32]) {
    for &id in term_ids {
        let list = &mut postings[id as usize];
        let at = list.partition_point(|&x| x < index);
        list.insert(at, index);
    }
}

/// Fill each term's postings (empty lists, one per term) from each
/// sentence's term ids (`lists`, in order, given twice): each list made at
/// its length, the sentences holding the term in order.
fn fill_postings<'a, I: Iterator<Item = &'a [u32]>>(
    postings: &mut [Vec<u32>],
    lists: impl Fn() -> I,
) {
    let mut counts = vec![0u32; postings.len()];
    for ids in lists() {
        ids.iter().for_each(|&id| counts[id as usize] += 1);
    }
    for (list, &n) in postings.iter_mut().zip(&counts) {
        debug_assert!(list.is_empty(), "postings are filled once");
        list.reserve_exact(n as usize);
    }
    for (i, ids) in lists().enumerate() {
        for &id in ids {
            postings[id as usize].push(i as u32);
        }
    }
}

/// Which of `sentences` (spans of `text`, in order) hold one of `starts`,
/// ignoring ASCII case: one search of the text for all of them at once
/// (after a sentence is found, the search goes on from its end).
#[cfg(not(target_arch = "wasm32"))]
fn sentences_with_any(text: &str, sentences: &[SourceSentence], starts: &[Vec<u8>]) -> Vec<bool> {
    let span = |s: usize| (sentences[s].start(), sentences[s].end());
    spans_with_any(
        text.as_bytes(),
        sentences.len(),
        span,
        starts,
        SEARCH_WINDOW,
    )
}

/// How many bytes of a text [`spans_with_any`] lower-cases at a time.
#[cfg(not(target_arch = "wasm32"))]
const SEARCH_WINDOW: usize = 64 * 1024;

/// [`sentences_with_any`] over the `n` spans `span(0)`, `span(1)`, … (in
/// order) of `text`, read `window` bytes at a time: each window is copied
/// lower-cased, with the longest start's length less one byte after it (a
/// start that begins in the window is found whole), and searched for the
/// lower-cased starts. A search ignoring case scanned a byte at a time
/// (18 instructions a byte: no prefilter serves it; a repaired answer's
/// re-check against a 1 MB source spent 19 M instructions in it); a search
/// of lower-cased text has the search's fast scans, and the copy is a few
/// instructions a byte.
#[cfg(not(target_arch = "wasm32"))]
fn spans_with_any(
    text: &[u8],
    n: usize,
    span: impl Fn(usize) -> (usize, usize),
    starts: &[Vec<u8>],
    window: usize,
) -> Vec<bool> {
    use aho_corasick::{AhoCorasick, Input, MatchKind};
    let lower: Vec<Vec<u8>> = starts.iter().map(|s| s.to_ascii_lowercase()).collect();
    let search = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostFirst)
        .build(&lower);
    let search = match search {
        Ok(search) if !starts.iter().any(Vec::is_empty) => search,
        // An empty start is everywhere (and a search too large to build
        // reads every sentence).
        _ => return vec![true; n],
    };
    let longest = lower.iter().map(Vec::len).max().unwrap_or(0);
    let window = window.max(1);
    let mut found = vec![false; n];
    // The window's copy: `text[base..end]` and the bytes after it that a
    // start begun in it can reach, lower-cased.
    let mut copy = Vec::new();
    let (mut base, mut end) = (0, 0);
    let (mut from, mut s) = (0, 0);
    while from < text.len() && s < n {
        if from >= end {
            base = from;
            end = (from + window).min(text.len());
            copy.clear();
            copy.extend_from_slice(&text[base..(end + longest.saturating_sub(1)).min(text.len())]);
            copy.make_ascii_lowercase();
        }
        let at = match search.find(Input::new(&copy).span(from - base..copy.len())) {
            Some(m) if base + m.start() < end => base + m.start(),
            // None begins in this window: on to the next.
            _ => {
                from = end;
                continue;
            }
        };
        while s < n && span(s).1 <= at {
            s += 1;
        }
        if s == n {
            break;
        }
        let (start, stop) = span(s);
        if start <= at {
            found[s] = true;
            from = stop;
            s += 1;
        } else {
            from = at + 1;
        }
    }
    found
}

/// How many bytes `a` and `b` share at their start. Compares eight bytes
/// at a time: in the page, where `memcmp` is a byte loop, an edit of a
/// 1 MB source compares it on every keystroke.
pub fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let words = a.chunks_exact(8).zip(b.chunks_exact(8));
    let same = words.take_while(|(x, y)| word(x) == word(y)).count() * 8;
    same + a[same..]
        .iter()
        .zip(&b[same..])
        .take_while(|(x, y)| x == y)
        .count()
}

/// Eight bytes read as one number (compared as a slice, they were a
/// `memcmp` call each in the page).
fn word(bytes: &[u8]) -> u64 {
    u64::from_ne_bytes(bytes.try_into().expect("a chunk of eight bytes"))
}

/// How many bytes `a` and `b` share at their end (eight at a time, as
/// [`common_prefix`]).
pub fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let words = a.rchunks_exact(8).zip(b.rchunks_exact(8));
    let same = words.take_while(|(x, y)| word(x) == word(y)).count() * 8;
    same + a[..a.len() - same]
        .iter()
        .rev()
        .zip(b[..b.len() - same].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Are `a` and `b` the same text? (As `a == b`, eight bytes at a time.)
pub fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && common_prefix(a.as_bytes(), b.as_bytes()) == a.len()
}

/// Char offset of each byte offset in `offsets` (which must be ascending and
/// on char boundaries), counted in one pass over `text`: the chars between
/// two boundaries, counted by the standard library many bytes at a time
/// (a byte loop took 5 M instructions for the 1 MB before a claim's best
/// sentence near a large source's end); an offset off a boundary counts the
/// bytes before it that start a char (UTF-8's continuation bytes are
/// `10xxxxxx`).
pub fn char_offsets(text: &str, offsets: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(offsets.len());
    let (mut byte, mut chars) = (0, 0);
    for &target in offsets {
        let target = target.min(text.len());
        if target > byte {
            chars += match text.get(byte..target) {
                Some(between) => between.chars().count(),
                None => (text.as_bytes()[byte..target].iter())
                    .filter(|&&b| (b as i8) >= -0x40)
                    .count(),
            };
            byte = target;
        }
        out.push(chars);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eight bytes at a time (natively): only A–Z change (not `@`, `[`, `` ` `` or
    /// `{`, their neighbours); control characters, longer characters and
    /// two spaces in a row are left to the character-at-a-time fold.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn eight_plain_ascii_bytes_are_lower_cased_at_once() {
        let fold8 =
            |s: &[u8; 8]| plain_ascii_lowercase(u64::from_le_bytes(*s)).map(|w| w.to_le_bytes());
        assert_eq!(fold8(b"Hello WO"), Some(*b"hello wo"));
        assert_eq!(fold8(b"@AZ[`az{"), Some(*b"@az[`az{"));
        assert_eq!(fold8(b" Ab. Cd "), Some(*b" ab. cd "));
        assert_eq!(fold8(b"\x7f~AAAAAA"), Some(*b"\x7f~aaaaaa"));
        assert_eq!(fold8(b"ab  cdef"), None);
        assert_eq!(fold8(b"abc\ndefg"), None);
        assert_eq!(fold8(b"abc\tdefg"), None);
        assert_eq!(
            fold8(&[b'a', 0xC3, 0xA9, b'b', b'c', b'd', b'e', b'f']),
            None
        );
    }

    /// A 1 MB source holds about 180,000 tokens: each is two spans, one
    /// pointer to its word's shared forms, a number index and two flags.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_token_is_forty_bytes() {
        assert_eq!(std::mem::size_of::<Token>(), 40);
    }

    /// A log file holds a distinct number or identifier every few bytes: an
    /// index made for an answer's keys keeps only the answer's numbers, and
    /// the sentences that turned others away keep their bits, so that a
    /// re-check's numbers are read from those sentences alone.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn an_index_for_an_answer_keeps_its_numbers_alone() {
        let opts = AnalysisOptions::SEED;
        let text: String = (0..400)
            .map(|i| {
                format!(
                    "At 2024-03-{:02} request {:08x} took {} ms.\n",
                    i % 28 + 1,
                    i * 7919,
                    100 + i
                )
            })
            .collect();
        let answer = "The request took 150 ms.";
        let mut memo = memo::WordMemo::new(opts.stemming, opts.discourse_words);
        let wanted = wanted::WantedKeys::of_text(answer, opts, &mut memo);
        let got = Document::analyse_for_keys(text.clone(), opts, 2, wanted);
        let whole = Document::analyse(&text, opts);
        let mut keys: Vec<&str> = got.vocab.keys().map(|k| &**k).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["#150", "ms", "request", "took"]);
        // Every sentence holds a number the index turned away.
        assert_eq!(got.numbered.len(), 400);
        assert!(got
            .numbered
            .iter()
            .enumerate()
            .all(|(i, &(s, bits))| s == i as u32 && bits != 0));
        // A number the answer lacks is looked up as the whole index has it,
        // through the keys a re-check admits, without the index of every word.
        let recheck = "It took 250 ms on 2024-03-05.";
        got.admit_keys_of(recheck);
        let asked = Analysed::new(recheck, 0, recheck.len(), opts);
        let keys: Vec<&str> = asked.content_terms().iter().map(|t| t.key()).collect();
        assert_eq!(
            keys.iter().filter(|k| k.starts_with('#')).count(),
            2,
            "{keys:?}"
        );
        for key in keys.into_iter().chain(["#150", "request"]) {
            let (g, w) = (got.term_id(key).unwrap(), whole.term_id(key).unwrap());
            assert_eq!(got.postings(g), whole.postings(w), "{key}");
        }
        assert!(!got.indexed_every_word());
        assert_eq!(got.postings(got.term_id("#250").unwrap()), [150]);
    }

    #[test]
    fn a_document_built_in_steps_is_the_one_built_at_once() {
        let text = "First passage. It has two sentences.\n\nSecond passage [S1]. Dr. Smith paid $3.50.\n\nThird.";
        let opts = AnalysisOptions::SEED;
        let whole = Document::analyse(text, opts);
        let mut builder = DocumentBuilder::new(text.to_string(), opts);
        let mut steps = 0;
        while !builder.step(1) {
            steps += 1;
            assert!(builder.progress() <= 1.0);
        }
        assert!(
            steps >= 5,
            "one sentence or passage split per step: {steps}"
        );
        let stepped = builder.finish();
        assert_eq!(stepped.sentences, whole.sentences);
        assert_eq!(stepped.term_ids, whole.term_ids);
        assert_eq!(
            (stepped.vocab, stepped.postings, stepped.folded),
            (whole.vocab, whole.postings, whole.folded)
        );
    }

    const OPTS: AnalysisOptions = AnalysisOptions::SEED;

    /// A large source's sentence read for one look is the reading kept
    /// when asked for, and is not kept; one read before is lent.
    #[test]
    fn a_reading_for_one_look_is_not_kept_in_a_large_source() {
        let text = "The pier opened in 1998 at a cost of 40 million pounds. ".repeat(6_000);
        assert!(text.len() > KEEP_READINGS);
        let doc = Document::analyse(&text, OPTS);
        let once = doc.reading_once(7).into_owned();
        assert!(doc.readings.get(7).is_none(), "read for one look: not kept");
        assert_eq!(&once, doc.sentences[7].analysed(&doc));
        assert!(matches!(doc.reading_once(7), std::borrow::Cow::Borrowed(_)));
        // A small source keeps every reading.
        let small = Document::analyse("The pier opened in 1998.", OPTS);
        assert!(matches!(
            small.reading_once(0),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    /// `half a second` and `half a dozen` are read as one number only when
    /// nothing stands between their words: a numeral there (`half 2 a
    /// second`) is a token of its own, and the phrase's span had run over
    /// it (its tokens out of order: a panic). Found by a property test.
    #[test]
    fn a_phrase_of_number_words_does_not_span_a_numeral() {
        for text in [
            "half 2 a second",
            "half y2 a second",
            "half 2 a dozen",
            "half a 2 dozen",
        ] {
            let a = Analysed::new(text, 0, text.len(), OPTS);
            assert!(
                a.tokens.windows(2).all(|t| t[0].end <= t[1].start),
                "{text:?}"
            );
            assert!(
                a.numbers
                    .iter()
                    .all(|n| !n.raw.contains('2') || n.raw.len() <= 2),
                "{text:?}"
            );
        }
        let whole = Analysed::new("half a second", 0, 13, OPTS);
        assert_eq!(whole.numbers.len(), 1);
        assert_eq!(whole.numbers[0].raw, "half a");
        let dozen = Analysed::new("half a dozen", 0, 12, OPTS);
        assert_eq!(dozen.numbers[0].raw, "half a dozen");
    }

    fn keys(text: &str) -> Vec<String> {
        Analysed::new(text, 0, text.len(), OPTS)
            .content_terms()
            .iter()
            .map(|t| t.key().to_string())
            .collect()
    }

    /// A short text's terms are found along a list, a long one's through a
    /// set: each key once, at its first occurrence, either way.
    #[test]
    fn content_terms_are_each_key_once_in_order_in_short_and_long_texts() {
        let words = [
            "bridges", "bridge", "river", "Rivers", "opened", "open", "city", "cities", "tolls",
        ];
        for n in [
            3,
            10,
            Analysed::FEW_TOKENS - 1,
            Analysed::FEW_TOKENS + 1,
            200,
        ] {
            let text: Vec<&str> = words.iter().cycle().take(n).copied().collect();
            let text = text.join(" ");
            let a = Analysed::new(&text, 0, text.len(), OPTS);
            let mut expected: Vec<&str> = Vec::new();
            for t in a.tokens.iter().filter(|t| t.content) {
                if !expected.contains(&t.key()) {
                    expected.push(t.key());
                }
            }
            let got: Vec<&str> = a.content_terms().iter().map(|t| t.key()).collect();
            assert_eq!(got, expected, "{n} words");
        }
    }

    #[test]
    fn content_terms_are_words_and_numbers_without_stopwords() {
        assert_eq!(
            keys("The main span is 460 metres long."),
            ["main", "span", "#460", "metr", "long"]
        );
        assert_eq!(
            keys("The deck carries four lanes [S4]."),
            ["deck", "carri", "#4", "lane"]
        );
    }

    #[test]
    fn spans_index_the_whole_text() {
        let text = "Intro. The span is 410 metres [S3].";
        let a = Analysed::new(text, 7, text.len(), OPTS);
        let number = &a.numbers[0];
        assert_eq!(&text[number.start..number.end], "410");
        assert_eq!(&text[a.citations[0].start..a.citations[0].end], "[S3]");
        assert!(a
            .tokens
            .iter()
            .all(|t| text.is_char_boundary(t.start) && t.start >= 7));
    }

    #[test]
    fn document_numbers_sentences_and_passages() {
        let doc = Document::analyse(
            "passage 1:Alpha beta. Gamma delta.\n\npassage 2:Beta gamma.",
            OPTS,
        );
        assert_eq!(doc.sentences.len(), 3);
        assert_eq!(doc.passages.len(), 2);
        assert_eq!(
            doc.sentences
                .iter()
                .map(|s| (s.number, s.passage))
                .collect::<Vec<_>>(),
            [(1, 1), (2, 1), (3, 2)]
        );
        assert_eq!(doc.sentence_text(2), "Beta gamma.");
        let beta = doc.term_id("beta").unwrap();
        assert_eq!(doc.postings(beta), [0, 2]);
        assert!(doc.term_id("epsilon").is_none());
    }

    #[test]
    fn clause_breaks_are_marked() {
        let text = "Yes, it can not";
        let a = Analysed::new(text, 0, text.len(), OPTS);
        assert!(a.tokens[1].clause_break);
        assert!(!a.tokens[2].clause_break);
    }

    #[test]
    fn common_prefix_and_suffix_count_bytes() {
        for (a, b) in [
            ("", ""),
            ("abc", "abd"),
            ("the same text here", "the same text here"),
            (
                "0123456789abcdef-x-0123456789",
                "0123456789abcdef-yy-0123456789",
            ),
            ("short", "shorter by far, longer than eight"),
        ] {
            let (a, b) = (a.as_bytes(), b.as_bytes());
            let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let suffix = a
                .iter()
                .rev()
                .zip(b.iter().rev())
                .take_while(|(x, y)| x == y)
                .count();
            assert_eq!(common_prefix(a, b), prefix);
            assert_eq!(common_suffix(a, b), suffix);
        }
        assert!(same_text("0123456789abcdefé", "0123456789abcdefé"));
        assert!(!same_text("0123456789abcdefé", "0123456789abcdefe"));
    }

    /// The windowed search of lower-cased copies finds, for every window
    /// size, the spans where a start begins, ignoring ASCII case.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn spans_with_any_finds_where_a_start_begins_whatever_the_window() {
        use proptest::prelude::*;
        let text = "[ab AB.]{0,60}";
        let starts = prop::collection::vec("[abAB. ]{1,3}", 1..4);
        let cuts = prop::collection::vec(0usize..70, 0..12);
        proptest!(|(text in text, starts in starts, cuts in cuts, window in 1usize..20)| {
            let bytes = text.as_bytes();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.sort_unstable();
            cuts.dedup();
            // Spans between every other pair of cuts, with gaps between.
            let spans: Vec<(usize, usize)> = cuts.chunks_exact(2).map(|c| (c[0], c[1])).collect();
            let starts: Vec<Vec<u8>> = starts.into_iter().map(String::into_bytes).collect();
            let begins_at = |p: usize| starts.iter().any(|w| bytes.len() - p >= w.len() && bytes[p..p + w.len()].eq_ignore_ascii_case(w));
            let want: Vec<bool> = spans.iter().map(|&(a, b)| (a..b).any(begins_at)).collect();
            for w in [window, SEARCH_WINDOW] {
                let got = spans_with_any(bytes, spans.len(), |i| spans[i], &starts, w);
                prop_assert_eq!(&got, &want, "window {}", w);
            }
        });
    }

    proptest::proptest! {
        /// Each char offset is the number of chars that start before the
        /// byte, for ascending byte offsets anywhere in (or past) the text.
        #[test]
        fn a_char_offset_counts_the_chars_before_its_byte(
            text in r"[a-zé€\x{1F600} .]{0,30}",
            mut offsets in proptest::collection::vec(0usize..130, 0..8),
        ) {
            offsets.sort_unstable();
            let counted: Vec<usize> = offsets
                .iter()
                .map(|&o| text.char_indices().filter(|&(i, _)| i < o).count())
                .collect();
            proptest::prop_assert_eq!(char_offsets(&text, &offsets), counted);
        }
    }

    /// A large fold's look-ups behind its runs answer as a search of the
    /// fold does, for phrases it holds and lacks, and after edits in place
    /// that add a name, take one away, or join two words.
    #[test]
    fn a_large_folds_runs_answer_as_its_search_after_edits() {
        let mut text = String::new();
        for i in 0..1500 {
            text.push_str(&format!(
                "Clause {i}: the Supplier pays Halvorsen Partners within {} days. ",
                i % 90
            ));
            if i % 7 == 0 {
                text.push_str("\n\n");
            }
        }
        assert!(text.len() > mentions::RUNS_ABOVE);
        let mut doc = Document::analyse(&text, AnalysisOptions::SEED);
        let phrases = [
            "halvorsen partners",
            "clause 1499",
            "clause 1500",
            "maria olsen",
            "olsen",
            "partners within",
            "suppliers",
            "the supplier pays halvorsen",
            "days clause",
            "zebra",
        ];
        let agree = |doc: &Document| {
            for p in phrases {
                assert_eq!(doc.mentions(p), mentions::in_fold(&doc.folded, p), "{p}");
            }
        };
        agree(&doc);
        let mut edited = text.clone();
        for (from, to) in [
            ("Clause 700: the", "Clause 700: Maria Olsen and the"),
            ("Clause 700: Maria Olsen and the", "Clause 700: the"),
            (
                "pays Halvorsen Partners within 12 days",
                "pays Zebra within 12 days",
            ),
            ("Clause 9: the", "Clause 9:the"),
        ] {
            edited = edited.replacen(from, to, 1);
            doc.edit(edited.clone());
            assert!(
                doc.fold_runs.get().is_some(),
                "the runs were marked and kept"
            );
            agree(&doc);
        }
        assert!(doc.mentions("zebra") && !doc.mentions("maria olsen"));
    }

    /// A claim's identifier (`I-70`, `A-1`: a key that is its text, not a
    /// word's stem) is looked up in the index made for the answer, not in
    /// an index of every word made for it (2.5 times a 1 MB check).
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn an_identifier_is_looked_up_in_the_index_made_for_the_answer() {
        let text = "Traffic on I-70 slowed near exit A-1 and the mp3 store.\n\n"
            .repeat(KEEP_READINGS / 50 + 1);
        let answer = "It was on I-70 by A-1, near the mp3 store.";
        let opts = AnalysisOptions::SEED;
        let doc = Document::analyse_for_answer(text.clone(), opts, 2, &[answer]);
        let claim = Analysed::new(answer, 0, answer.len(), opts);
        let whole = Document::analyse(&text, opts);
        for token in claim.tokens.iter().filter(|t| t.content) {
            let key = token.key();
            let (got, want) = (doc.term_id(key), whole.term_id(key));
            assert_eq!(
                got.map(|id| doc.postings(id).len()),
                want.map(|id| whole.postings(id).len()),
                "{key}"
            );
        }
        assert!(doc.term_id("i-70").is_some() && doc.term_id("mp3").is_some());
        assert!(doc.whole.get().is_none(), "no index of every word was made");
    }

    /// A large source read for a check on several threads (its passages
    /// found while the answer's keys are read) is the one read on one.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_source_read_for_an_answer_on_two_threads_is_the_one_read_on_one() {
        let text = "The bridge opened in 1998 and carries 4 lanes.\n\nIts main span is 410 metres long; crews inspect it every spring.\n\n"
            .repeat(KEEP_READINGS / 100 + 1);
        let answer = "The bridge opened in 1999. Crews inspect the cables every autumn.";
        let opts = AnalysisOptions::SEED;
        let one = Document::analyse_for_answer(text.clone(), opts, 1, &[answer]);
        let two = Document::analyse_for_answer(text, opts, 2, &[answer]);
        assert_eq!(one.sentences.len(), two.sentences.len());
        assert_eq!(one.passages, two.passages);
        for key in ["bridg", "open", "inspect", "crew", "autumn", "lane"] {
            let (a, b) = (one.term_id(key), two.term_id(key));
            assert_eq!(a.is_some(), b.is_some(), "{key}");
            if let (Some(a), Some(b)) = (a, b) {
                assert_eq!(one.postings(a), two.postings(b), "{key}");
            }
        }
        assert!(one.mentions("crews inspect") && two.mentions("crews inspect"));
        assert!(!one.mentions("Halvorsen") && !two.mentions("Halvorsen"));
    }

    #[test]
    fn fold_and_char_offsets() {
        assert_eq!(fold("  José’s   Café\n"), "jose's cafe");
        // Accents dropped, decomposed or not; strokes too; other letters kept.
        assert_eq!(
            fold("Zoe\u{308} ŁÓDŹ Ærø Straße İ"),
            "zoe lodz æro straße i"
        );
        let text = "añb€c";
        assert_eq!(char_offsets(text, &[0, 1, 3, 4, 7, 8]), [0, 1, 2, 3, 4, 5]);
    }
}
