//! Property test: a document re-analysed after an edit (`Document::edited`)
//! is the document a fresh analysis of the edited text gives, in everything
//! a caller can observe.

use claimlab::text::import::{to_source, FileKind, PASSAGE_CHARS};
use claimlab::text::language::Language;
use claimlab::text::memo::WordMemo;
use claimlab::text::wanted::WantedKeys;
use claimlab::text::{AnalysisOptions, Document};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(500)
}

/// Pieces of source text: words, numbers, citations, abbreviations,
/// non-ASCII, sentence ends, line breaks, blank lines and passage labels.
const PIECES: &[&str] = &[
    "The",
    "bridge",
    "span",
    "is",
    "410",
    "metres",
    "long",
    "[1]",
    "[S2]",
    "(S3)",
    "Dr.",
    "Smith",
    "paid",
    "$3.50",
    "twenty-one",
    "José",
    "Café",
    "İstanbul",
    "東京",
    "e.g.",
    "U.S.",
    "Army",
    "passage",
    "according",
    "not",
    "1990",
    "3.5",
    "km",
    ".",
    ". ",
    "? ",
    "! ",
    "…",
    ", ",
    " ",
    " ",
    " ",
    "\n",
    "\n\n",
    "\n \n",
    "\n\n\n",
    "- ",
    "1. ",
    "’",
    "\"",
    "[",
    "]",
    "cannot",
    "Can't",
    "a",
    "dozen",
    "quarter",
    "three",
    "Hundred",
    "Tuesday",
    "Internationalisation",
    "ABCDEFGHIJKLMNOP",
    "Xyzzyplughfoobar7",
];

/// What an edit inserts: the same pieces, plus labels that start passages.
const INSERTS: &[&str] = &[
    "",
    "a",
    "X",
    "é",
    "7",
    " ",
    ". ",
    ".",
    "\n",
    "\n\n",
    "[2] ",
    "\n[3] ",
    "passage 2:",
    "\n\npassage 3: ",
    "Some new words. ",
    "[S1]",
    "東",
    "U.S. ",
    "Dr. ",
    "[",
    "]",
];

fn text() -> impl Strategy<Value = String> {
    text_of(PIECES)
}

/// Words whose stems do not begin as they do, or are short, and words
/// sharing a start with them, for the index made for an answer's keys
/// (`claimlab::text::wanted`); with the other pieces.
const STEMS: &[&str] = &[
    "I-70",
    "A-1",
    "mp3s",
    "B2B",
    "crying",
    "cries",
    "cry",
    "Dying",
    "die",
    "dye",
    "lying",
    "skies",
    "sky",
    "skis",
    "ating",
    "ate",
    "atoms",
    "abilities",
    "ability",
    "able",
    "news",
    "early",
    "being",
    "be",
    "bee",
    "generously",
    "general",
    "The",
    "bridge",
    "span",
    "410",
    "metres",
    "long",
    "[1]",
    "Dr.",
    "Smith",
    "twenty-one",
    "José",
    "東京",
    "not",
    "1990",
    "5,000",
    "3 to 4",
    "$3.50",
    "km",
    ". ",
    "\n\n",
    "passage 2: ",
    "DYING",
    "CrIeS",
    "BRIDGES",
    "won't",
    "Shan’t",
    "rock’n’roll",
    "O'Brien",
    "naïve",
    "NAÏVE",
    "Governor",
    "governance",
    "x",
    "X-ray",
];

/// Text of `pieces` (see [`text`]).
fn text_of(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    let paragraph = prop::collection::vec(prop::sample::select(pieces), 0..30).prop_map(|p| {
        p.iter().fold(String::new(), |mut s, w| {
            s.push_str(w);
            if !w.ends_with([' ', '\n']) {
                s.push(' ');
            }
            s
        })
    });
    let label = prop_oneof![
        4 => Just(""),
        2 => Just("[1] "),
        1 => Just("passage 1: "),
    ];
    // Paragraphs apart by a blank line, or (as `[N]` passages may be) by a
    // line break only.
    let joint = prop_oneof![3 => Just("\n\n"), 1 => Just("\n")];
    (prop::collection::vec((label, paragraph), 0..6), joint).prop_map(|(ps, joint)| {
        ps.into_iter()
            .map(|(l, p)| format!("{l}{p}"))
            .collect::<Vec<_>>()
            .join(joint)
    })
}

fn options() -> impl Strategy<Value = AnalysisOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(s, n, d, c)| {
        AnalysisOptions {
            stemming: s,
            number_normalisation: n,
            discourse_words: d,
            citations_in_words: c,
        }
    })
}

/// `text` with the chars `at..at + removed` (clamped) replaced by `inserted`.
fn edit(text: &str, at: usize, removed: usize, inserted: &str) -> String {
    let bounds: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let from = bounds[at % bounds.len()];
    let to = bounds[(at % bounds.len() + removed).min(bounds.len() - 1)];
    format!("{}{inserted}{}", &text[..from], &text[to..])
}

/// A sentence's term ids: its content keys' ids in `doc`, sorted.
fn ids_of_keys(doc: &Document, s: &claimlab::text::SourceSentence) -> Vec<u32> {
    let mut ids: Vec<u32> = s
        .analysed(doc)
        .tokens
        .iter()
        .filter(|t| t.content)
        .map(|t| doc.term_id(t.key()).expect("every content key is indexed"))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Phrases to look up in a document whose fold is `folded`: each of its
/// first 40 words and pairs of words, as they are and without the
/// punctuation around them.
fn phrases_of(folded: &str) -> Vec<String> {
    let words: Vec<&str> = folded.split(' ').take(40).collect();
    let mut phrases = Vec::new();
    for i in 0..words.len() {
        for n in 1..=2 {
            let Some(run) = words.get(i..i + n) else {
                continue;
            };
            let phrase = run.join(" ");
            let bare = phrase
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_string();
            phrases.extend([phrase, bare]);
        }
    }
    phrases
}

/// Everything observable about two documents is the same (term ids name
/// the same terms in both, whatever their numbers).
fn assert_same(got: &Document, want: &Document) -> Result<(), TestCaseError> {
    prop_assert_eq!(&got.text, &want.text);
    prop_assert_eq!(got.options, want.options);
    prop_assert_eq!(&got.passages, &want.passages);
    if got.folded.is_empty() && !want.folded.is_empty() {
        // A document that keeps no fold (a large source's, natively) finds
        // every phrase the fold finds.
        for phrase in phrases_of(&want.folded) {
            prop_assert_eq!(
                got.mentions(&phrase),
                want.mentions(&phrase),
                "{:?}",
                phrase
            );
        }
    } else {
        prop_assert_eq!(&got.folded, &want.folded);
    }
    prop_assert!(got.fold_points_hold(), "a fold point no longer holds");
    prop_assert_eq!(got.sentences.len(), want.sentences.len());
    for (i, (g, w)) in got.sentences.iter().zip(&want.sentences).enumerate() {
        prop_assert_eq!(g, w);
        prop_assert_eq!(g.analysed(got), w.analysed(want));
        prop_assert_eq!(got.term_ids(i), &ids_of_keys(got, g)[..]);
        prop_assert_eq!(want.term_ids(i), &ids_of_keys(want, w)[..]);
    }
    // Every key either document holds, content or not: indexed in both or
    // neither, with the same postings.
    let keys = got
        .sentences
        .iter()
        .map(|s| s.analysed(got))
        .chain(want.sentences.iter().map(|s| s.analysed(want)))
        .flat_map(|a| &a.tokens)
        .map(|t| t.key());
    for key in keys.chain(["", "bridg", "zzz"]) {
        let (g, w) = (got.term_id(key), want.term_id(key));
        prop_assert_eq!(g.is_some(), w.is_some(), "{:?}", key);
        if let (Some(g), Some(w)) = (g, w) {
            prop_assert_eq!(got.postings(g), want.postings(w));
            prop_assert_eq!(got.sentences_sharing(&[g]), want.sentences_sharing(&[w]));
        }
    }
    prop_assert_eq!(got.passage_of(), want.passage_of());
    prop_assert_eq!(got.passage_names(), want.passage_names());
    prop_assert_eq!(&*got.source_reports(), &*want.source_reports());
    prop_assert_eq!(got.language(), want.language());
    Ok(())
}

/// [`assert_same`], and each sentence's term ids the same numbers (two
/// readings of one text must number its terms alike, not only index them
/// alike).
fn assert_same_with_term_ids(got: &Document, want: &Document) -> Result<(), TestCaseError> {
    assert_same(got, want)?;
    for i in 0..got.sentences.len() {
        prop_assert_eq!(got.term_ids(i), want.term_ids(i));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Before an edit the document may have let go of its sentences'
    /// readings (as a large source does): the edit is the same.
    #[test]
    fn an_edited_document_is_the_edited_text_analysed_afresh(
        text in text(),
        edits in prop::collection::vec(
            (any::<usize>(), 0..12usize, prop::sample::select(INSERTS), any::<bool>()),
            1..4,
        ),
        opts in options(),
    ) {
        let mut doc = Document::analyse(&text, opts);
        // A run of edits, each applied in place to the last edited document.
        for (at, removed, inserted, forget) in edits {
            if forget {
                doc.forget_readings();
            }
            // Worked out before the edit: the edit must keep it true.
            let _ = doc.passage_names();
            let new = edit(&doc.text, at, removed, inserted);
            doc.edit(new.clone());
            assert_same(&doc, &Document::analyse(&new, opts))?;
        }
    }

    /// A document read on several threads is the document read on one,
    /// term ids included.
    #[test]
    fn a_document_read_in_parallel_is_the_document_read_in_order(
        text in text(),
        opts in options(),
        threads in 1..5usize,
    ) {
        let parallel = Document::analyse_in_parallel(text.clone(), opts, threads);
        assert_same_with_term_ids(&parallel, &Document::analyse(&text, opts))?;
    }

    /// A document whose sentences let go of their readings (as a large
    /// source's do) reads each sentence for its terms only: the same
    /// document, term ids included, as a full reading of every sentence.
    #[test]
    fn a_document_read_for_its_terms_only_is_the_document_read_in_full(
        text in text(),
        opts in options(),
        threads in 1..3usize,
    ) {
        let terms_only = Document::analyse_for_terms(text.clone(), opts, threads);
        assert_same_with_term_ids(&terms_only, &Document::analyse(&text, opts))?;
    }

    /// A document indexed for an answer's keys (as `check` indexes a large
    /// source) looks every key up as a document indexing every word does:
    /// the same sentences hold it, whether the answer has it or not.
    #[test]
    fn a_document_indexed_for_an_answer_looks_every_key_up_as_the_whole_index_does(
        text in text_of(STEMS),
        answer in prop::collection::vec(prop::sample::select(STEMS), 0..8),
        opts in options(),
        threads in 1..3usize,
    ) {
        let answer = answer.join(" ");
        let mut memo = WordMemo::new(opts.stemming, opts.discourse_words);
        let wanted = WantedKeys::of_text(&answer, opts, &mut memo);
        let got = Document::analyse_for_keys(text.clone(), opts, threads, wanted);
        let want = Document::analyse(&text, opts);
        prop_assert_eq!(got.sentences.len(), want.sentences.len());
        let keys: Vec<String> = want
            .sentences
            .iter()
            .flat_map(|s| s.analysed(&want).tokens.clone())
            .chain(claimlab::text::Analysed::new(&answer, 0, answer.len(), opts).tokens)
            .map(|t| t.key().to_string())
            .collect();
        for key in keys.iter().map(String::as_str).chain(["", "bridg", "zzz"]) {
            let (g, w) = (got.term_id(key), want.term_id(key));
            prop_assert_eq!(g.is_some(), w.is_some(), "{:?}", key);
            if let (Some(g), Some(w)) = (g, w) {
                prop_assert_eq!(got.postings(g), want.postings(w), "{:?}", key);
                prop_assert_eq!(got.sentences_sharing(&[g]), want.sentences_sharing(&[w]));
                for s in 0..want.sentences.len() {
                    prop_assert_eq!(got.holds(s, g), want.holds(s, w), "{:?} in S{}", key, s + 1);
                }
            }
        }
    }

    /// A document indexed for an answer's keys that admits the keys of
    /// another text (a repaired answer, `Document::admit_keys_of`) looks
    /// that text's content keys up without making the index of every
    /// word, and every key as the whole index does.
    #[test]
    fn a_document_that_admits_a_repairs_keys_looks_them_up_as_the_whole_index_does(
        text in text_of(STEMS),
        answer in prop::collection::vec(prop::sample::select(STEMS), 0..8),
        repaired in prop::collection::vec(prop::sample::select(STEMS), 0..12),
        opts in options(),
        threads in 1..3usize,
    ) {
        let (answer, repaired) = (answer.join(" "), repaired.join(" "));
        let mut memo = WordMemo::new(opts.stemming, opts.discourse_words);
        let wanted = WantedKeys::of_text(&answer, opts, &mut memo);
        let got = Document::analyse_for_keys(text.clone(), opts, threads, wanted);
        got.admit_keys_of(&repaired);
        let want = Document::analyse(&text, opts);
        let content_keys = |t: &str| -> Vec<String> {
            claimlab::text::Analysed::new(t, 0, t.len(), opts)
                .tokens
                .into_iter()
                .filter(|t| t.content)
                .map(|t| t.key().to_string())
                .collect()
        };
        let asked: Vec<String> = content_keys(&answer).into_iter().chain(content_keys(&repaired)).collect();
        let every: Vec<String> = want
            .sentences
            .iter()
            .flat_map(|s| s.analysed(&want).tokens.clone())
            .map(|t| t.key().to_string())
            .collect();
        for (n, key) in asked.iter().chain(&every).map(String::as_str).enumerate() {
            let (g, w) = (got.term_id(key), want.term_id(key));
            prop_assert_eq!(g.is_some(), w.is_some(), "{:?}", key);
            if let (Some(g), Some(w)) = (g, w) {
                prop_assert_eq!(got.postings(g), want.postings(w), "{:?}", key);
                for s in 0..want.sentences.len() {
                    prop_assert_eq!(got.holds(s, g), want.holds(s, w), "{:?} in S{}", key, s + 1);
                }
            }
            if n + 1 == asked.len() {
                prop_assert!(!got.indexed_every_word(), "{:?}", asked);
            }
        }
    }

    /// An edit whose fresh passages exceed the budget gives the text back.
    #[test]
    fn a_budget_too_small_gives_the_text_back(text in text(), at in any::<usize>()) {
        let doc = Document::analyse(&text, AnalysisOptions::SEED);
        let new = edit(&text, at, 3, "Inserted words here. ");
        match doc.edited_within(new.clone(), 0) {
            Ok(edited) => assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED))?,
            Err(back) => prop_assert_eq!(back, new),
        }
    }
}

#[test]
fn a_one_character_edit_analyses_only_the_sentences_around_it() {
    let text = "First passage [1]. It has 2 sentences.\n\nSecond part. Dr. Smith paid $3.50.\n\nThird, José.\n\nFourth part.";
    let doc = Document::analyse(text, AnalysisOptions::SEED);
    let new = text.replace("Second", "Seconds");
    // Inside one passage the split restarts at the passage's start (no two
    // whole sentences before the edit) and stops at the next sentence that
    // starts where an old one did: only "Seconds part. " is read again.
    let fresh = "Seconds part. ".len();
    assert!(doc.edited_within(new.clone(), fresh - 1).is_err());
    let edited = doc.edited_within(new.clone(), fresh).unwrap();
    assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
    // An edit that makes two passages of one reads the passages around it.
    let split = text.replace("part. Dr.", "part.\n\nDr.");
    let window = "\n\nSecond part.\n\nDr. Smith paid $3.50.\n\n".len();
    assert!(doc.edited_within(split.clone(), window - 1).is_err());
    let edited = doc.edited_within(split.clone(), window).unwrap();
    assert_same(&edited, &Document::analyse(&split, AnalysisOptions::SEED)).unwrap();
    // An edit of a label is analysed afresh, whatever the budget.
    let labelled = "passage 1: Alpha.\n\npassage 2: Beta.";
    let doc = Document::analyse(labelled, AnalysisOptions::SEED);
    assert!(doc
        .edited_within(labelled.replace("passage 2", "passage 3"), usize::MAX)
        .is_err());
    let mut doc = doc;
    let new = labelled.replace("Beta", "Betas");
    doc.edit(new.clone());
    assert_same(&doc, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
}

/// One long paragraph (a pasted page with no blank line: one passage).
fn one_paragraph(sentences: usize) -> String {
    (0..sentences)
        .map(|i| match i % 4 {
            0 => format!(
                "The pier {i} was rebuilt in {} for $3.{i} million.",
                1900 + i
            ),
            1 => format!(
                "Dr. Smith said it is {} metres long, e.g. longer than before.",
                100 + i
            ),
            2 => format!(
                "Was it in the U.S. Army's plans? Nobody knows [{}].",
                i % 9 + 1
            ),
            _ => "- Its deck \"was not\" finished… until later!".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn typing_inside_a_long_paragraph_reads_only_the_sentences_around_it() {
    let text = one_paragraph(2_000);
    let doc = Document::analyse(&text, AnalysisOptions::SEED);
    assert_eq!(doc.passages.len(), 1);
    let at = text.find("pier 1000 was").unwrap() + "pier 10".len();
    for inserted in ["x", " ", ". ", ". Then", "!", "\"", "."] {
        let new = format!("{}{inserted}{}", &text[..at], &text[at..]);
        // A few sentences' worth, not the 150 KB paragraph.
        let edited = doc
            .edited_within(new.clone(), 400)
            .unwrap_or_else(|_| panic!("typing {inserted:?} read more than 400 bytes again"));
        assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
    }
    // Deleting a sentence's end joins two sentences.
    let stop = text.find("million. Dr. Smith said it is 1101").unwrap() + "million".len();
    let new = format!("{}{}", &text[..stop], &text[stop + 1..]);
    let edited = doc.edited_within(new.clone(), 400).unwrap();
    assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
    // A run of edits all over the paragraph, each made in place: the fold
    // is made again only between the fold points around each (about every
    // 4 KB), which must still hold after it.
    let mut doc = doc;
    let mut seed = 7usize;
    for round in 0..40 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut at = (seed >> 20) % doc.text.len();
        while !doc.text.is_char_boundary(at) {
            at -= 1;
        }
        let inserted = ["x", "  ", ". Then ", "É", "\t", "!"][round % 6];
        let removed = (seed >> 40) % 3;
        let end = (at + removed).min(doc.text.len());
        let end = (end..=doc.text.len())
            .find(|&e| doc.text.is_char_boundary(e))
            .unwrap();
        let new = format!("{}{inserted}{}", &doc.text[..at], &doc.text[end..]);
        doc.edit(new.clone());
        assert_same(&doc, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Edits anywhere in one long paragraph of many sentences, each checked
    /// against a fresh analysis.
    #[test]
    fn an_edited_long_paragraph_is_the_edited_text_analysed_afresh(
        pieces in prop::collection::vec(prop::sample::select(PIECES), 40..160),
        edits in prop::collection::vec(
            (any::<usize>(), 0..12usize, prop::sample::select(INSERTS)),
            1..4,
        ),
        opts in options(),
    ) {
        // Pieces without the ones that make passages, as one paragraph.
        let text = pieces
            .iter()
            .filter(|p| !p.contains("\n\n") && !p.contains("\n \n"))
            .fold(String::new(), |mut s, w| {
                s.push_str(w);
                if !w.ends_with([' ', '\n']) {
                    s.push(' ');
                }
                s
            });
        let mut doc = Document::analyse(&text, opts);
        for (at, removed, inserted) in edits {
            let new = edit(&doc.text, at, removed, inserted);
            doc.edit(new.clone());
            assert_same(&doc, &Document::analyse(&new, opts))?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases() / 10 + 1))]

    /// A large source keeps its answers to phrase look-ups from check to
    /// check (`text::mentions::PhraseAnswers`) and, after an edit in
    /// place, the answers the edit cannot change: every phrase asked
    /// before and after a run of edits, of the text before and after
    /// each, is answered as a fresh analysis of the edited text answers it.
    #[test]
    fn a_large_source_edited_in_place_answers_look_ups_as_a_fresh_analysis(
        head in text(),
        edits in prop::collection::vec(
            (any::<usize>(), 0..12usize, prop::sample::select(INSERTS)),
            1..4,
        ),
    ) {
        // The head's edits and look-ups, in a fold past the size from which
        // answers are kept (`mentions::RUNS_ABOVE`, 64 KB).
        let filler = "Lorem ipsum dolor sit amet, a bridge of 410 metres. ".repeat(1_500);
        let text = format!("{head}\n\n{filler}");
        let opts = AnalysisOptions::SEED;
        let mut doc = Document::analyse(&text, opts);
        for (at, removed, inserted) in edits {
            let before = phrases_of(&doc.folded);
            for p in &before {
                let _ = doc.mentions(p);
            }
            // Within the head (its words, or the blank line after it).
            let at = at % (head.chars().count() + 1);
            let new = edit(&doc.text, at, removed, inserted);
            doc.edit(new.clone());
            let fresh = Document::analyse(&new, opts);
            let (now, edited) = (phrases_of(&fresh.folded), phrases_of(&doc.folded));
            for p in before.iter().chain(&now).chain(&edited) {
                prop_assert_eq!(doc.mentions(p), fresh.mentions(p), "{:?} after {:?}", p, inserted);
            }
        }
    }
}

#[test]
fn an_edit_inside_an_opened_files_passage_is_made_in_place() {
    // An opened file is cut into `[N]` passages of at most 500 characters.
    let paragraphs: Vec<String> = (0..120)
        .map(|i| {
            format!(
                "Paragraph {i} says the tower is {} metres tall. It opened in {}.",
                100 + i,
                1900 + i
            )
        })
        .collect();
    let source = to_source(FileKind::Text, &paragraphs.join("\n\n"), PASSAGE_CHARS);
    let doc = Document::analyse(&source, AnalysisOptions::SEED);
    assert!(doc.passages.len() > 10);
    // Typing inside the middle of a passage's body, far from its label.
    let at = source.find("Paragraph 61 says").unwrap() + "Paragraph 61 says the".len();
    let new = format!("{} old{}", &source[..at], &source[at..]);
    let edited = doc
        .edited_within(new.clone(), 2 * PASSAGE_CHARS + 16)
        .expect("only the passages around the edit are read again");
    assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED)).unwrap();
    // Renumbering a label is still read afresh.
    let label = source.find("[5] ").unwrap();
    let renumbered = format!("{}[50]{}", &source[..label], &source[label + 3..]);
    assert!(doc.edited_within(renumbered, usize::MAX).is_err());
}

/// Every edit of a few labelled texts (each place, removing up to three
/// characters, each insert) made in place is the edited text analysed
/// afresh: the edits at a label's edges are too rare for the property.
#[test]
fn every_small_edit_of_labelled_texts_is_the_edited_text_analysed_afresh() {
    for text in [
        "[1] Alpha is 4 km.\n[2] Beta.\n\n[3] Gamma [1].",
        "Intro.\n[1]Alpha.\n [2]  Beta two.\nGamma.",
        "passage 1: Alpha.\n\npassage 2: Beta [1].",
        "Intro.\npassage 1: Alpha.\n \tPassage\n 12 : Beta.\npassage 3:Gamma.",
        "See passage 2: here.\npassage 1:\n\nAlpha.",
    ] {
        let doc = Document::analyse(text, AnalysisOptions::SEED);
        let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        for at in 0..=bounds.len() {
            for removed in 0..4 {
                for inserted in INSERTS.iter().chain(&["[", "]", "\n", "1"]) {
                    let new = edit(text, at, removed, inserted);
                    let mut edited = doc.clone();
                    edited.edit(new.clone());
                    if let Err(e) =
                        assert_same(&edited, &Document::analyse(&new, AnalysisOptions::SEED))
                    {
                        panic!("{text:?} edited to {new:?}: {e}");
                    }
                }
            }
        }
    }
}

#[test]
fn an_edit_that_changes_the_language_changes_the_documents_language() {
    let mut doc = Document::analyse(
        "The bridge is old and the river is wide.",
        AnalysisOptions::SEED,
    );
    assert_eq!(doc.language(), Some(Language::English));
    doc.edit("Die Brücke ist alt und der Fluss ist breit.".to_string());
    assert_eq!(doc.language(), Some(Language::German));
}
