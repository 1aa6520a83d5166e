//! Property tests: the fast paths of text analysis read exactly what the
//! straightforward ones read. Words read through a memo (`words_with`) are
//! `raw_words`' words, with the key the stemmer gives the word directly and
//! the content flag the word lists give; a word the memo says can start no
//! number changes nothing the number-word reader finds; a document's
//! sentences, analysed with one memo for the whole document, are what each
//! sentence analysed alone gives; `fold` is the per-character fold.

use claimlab::config::{Config, Preset};
use claimlab::pipeline::CheckInput;
use claimlab::text::memo::{words_with, WordMemo};
use claimlab::text::mentions::{in_fold, in_text, FoldWords, LEADS_FOLDING_TO_ASCII};
use claimlab::text::numbers::{find_number_words, find_numerals};
use claimlab::text::words::{is_discourse_word, is_function_word, raw_words};
use claimlab::text::{fold, fold_char, Analysed, AnalysisOptions, Document, Folded};
use proptest::prelude::*;
use rust_stemmers::{Algorithm, Stemmer};

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

/// Words that take the slow paths: apostrophes (straight and curly),
/// contractions, `cannot`, capitals, accents and combining marks, letters
/// whose lower case changes length, number and calendar words.
const WORDS: &[&str] = &[
    "The",
    "the",
    "span",
    "SPAN",
    "designed",
    "Designing",
    "doesn't",
    "Don’t",
    "CAN'T",
    "won't",
    "Cannot",
    "cannot",
    "Tagore's",
    "they’re",
    "o'clock",
    "rock'n'roll",
    "'quoted'",
    "José",
    "ÉCOLE",
    "İstanbul",
    "ΣΟΦΙΑ",
    "Cafe\u{301}",
    "東京",
    "x2",
    "a",
    "an",
    "half",
    "dozen",
    "one",
    "twenty",
    "twenty-one",
    "hundred",
    "and",
    "percent",
    "third",
    "thirds",
    "first",
    "second",
    "May",
    "may",
    "spring",
    "Spring",
    "fall",
    "Tuesday",
    "tuesdays",
    "Sept",
    "Aug",
    "in",
    "March",
    "according",
    "passage",
    "definitely",
    "not",
    "never",
    "410",
    "3.5",
    "$2.50",
    "[S3]",
    "(S2)",
    "1990s",
    "SKU-441",
    "v2.0",
    "—",
    "–",
    "-",
    ",",
    ";",
    ":",
    "(",
    ")",
    "…",
    "’",
    "'",
];

const SEPARATORS: &[&str] = &[
    " ", " ", " ", "", ". ", "? ", "\n", "\n\n", ", ", " - ", "\u{a0}", "\t", "\r\n", "\u{b}",
    "\u{c}",
];

fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(WORDS).prop_map(str::to_string),
        1 => prop::collection::vec(any::<char>(), 1..5).prop_map(|c| c.into_iter().collect()),
    ];
    prop::collection::vec((piece, prop::sample::select(SEPARATORS)), 0..40).prop_map(|parts| {
        parts.into_iter().fold(String::new(), |mut s, (p, sep)| {
            s.push_str(&p);
            s.push_str(sep);
            s
        })
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

/// `claimlab::text::fold` as first written: a character at a time.
fn reference_fold(text: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if claimlab::text::ACCENTS.contains(&c) {
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        let c = if c == '’' { '\'' } else { c };
        out.push(claimlab::text::plain_letter(
            claimlab::text::case::lower_char(c),
        ));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// One memo across several texts: every word is `raw_words`' word, its
    /// key the stemmer's (or the word) and its content flag the lists'.
    #[test]
    fn memoised_words_are_the_words_read_directly(
        texts in prop::collection::vec(text(), 1..4),
        opts in options(),
    ) {
        let stemmer = Stemmer::create(Algorithm::English);
        let mut memo = WordMemo::new(opts.stemming, opts.discourse_words);
        for text in &texts {
            let skip: Vec<(usize, usize)> =
                find_numerals(text, &[]).iter().map(|n| (n.start, n.end)).collect();
            let direct = raw_words(text, &skip);
            let memoised = words_with(text, &skip, &mut memo);
            prop_assert_eq!(direct.len(), memoised.len(), "{:?}", text);
            for (d, m) in direct.iter().zip(&memoised) {
                prop_assert_eq!((d.start, d.end, d.surface), (m.start, m.end, m.surface));
                prop_assert_eq!(d.lower.as_str(), &*m.forms.lower);
                let key = if opts.stemming {
                    stemmer.stem(&d.lower).into_owned()
                } else {
                    d.lower.clone()
                };
                prop_assert_eq!(&*m.forms.key, key.as_str(), "{:?}", d.lower);
                let content = !(is_function_word(&d.lower)
                    || (opts.discourse_words && is_discourse_word(&d.lower)));
                prop_assert_eq!(m.content, content, "{:?}", d.lower);
            }
            // Words known to start no number are skipped without changing
            // what the number-word reader finds.
            prop_assert_eq!(
                find_number_words(text, &direct),
                find_number_words(text, &memoised),
                "{:?}", text
            );
        }
    }

    /// A document analysed with one memo for all its sentences holds what
    /// each sentence analysed on its own holds.
    #[test]
    fn a_documents_sentences_are_the_sentences_analysed_alone(
        text in text(),
        opts in options(),
    ) {
        let doc = Document::analyse(&text, opts);
        for s in &doc.sentences {
            let alone =
                Analysed::with_memo(&text, s.start(), s.end(), opts, &mut WordMemo::new(opts.stemming, opts.discourse_words));
            prop_assert_eq!(s.analysed(&doc), &alone);
            prop_assert_eq!(&Analysed::new(&text, s.start(), s.end(), opts), &alone);
        }
    }

    /// A thread's sources share its word memory: a document analysed after
    /// others, under any settings, holds what its sentences analysed with a
    /// memory of their own hold.
    #[test]
    fn a_document_read_after_others_is_read_as_if_first(
        texts in prop::collection::vec((text(), options()), 1..5),
    ) {
        for (text, opts) in &texts {
            let doc = Document::analyse(text, *opts);
            for s in &doc.sentences {
                let fresh = &mut WordMemo::new(opts.stemming, opts.discourse_words);
                let alone = Analysed::with_memo(text, s.start(), s.end(), *opts, fresh);
                prop_assert_eq!(s.analysed(&doc), &alone);
            }
        }
    }

    #[test]
    fn fold_is_the_per_character_fold(text in text()) {
        prop_assert_eq!(fold(&text), reference_fold(&text));
    }

    /// The same on text that is mostly ASCII (eight bytes at a time), with
    /// runs of spaces, control characters, DEL and a few longer characters
    /// at every offset.
    #[test]
    fn fold_is_the_per_character_fold_on_mostly_ascii_text(
        text in "[ a-zA-Z@\\[`{Z0-9.,' \t\n\r\x0b\x0c\x7f’ÉßİK\u{a0}\u{301}ŁøĦ]{0,80}",
    ) {
        prop_assert_eq!(fold(&text), reference_fold(&text));
    }

    /// A phrase looked for in the text itself (a large source keeps no
    /// fold) is found where the fold finds it: phrases cut from the fold
    /// (so most are there), with a word of the text around them, and
    /// phrases of their own.
    #[test]
    fn a_phrase_is_found_in_the_text_where_the_fold_finds_it(
        text in prop_oneof![
            text(),
            "[ a-zA-Z0-9.,'\\- \t\n\r’ÉéèëßİıKÅøŁłễĦσΣ\u{a0}\u{301}]{0,120}",
            // Few letters, so that phrases meet accents, capitals and
            // spacing at their very edges.
            "[aAéÉe\u{301} \t.’'K]{0,30}",
        ],
        cuts in prop::collection::vec((any::<prop::sample::Index>(), 1..24usize), 1..8),
        own in prop::collection::vec("[a-zé'’ .σ]{1,12}", 0..3),
    ) {
        let folded = fold(&text);
        let words = FoldWords::of(&text);
        let mut phrases: Vec<String> = own.iter().map(|p| fold(p)).collect();
        let chars: Vec<char> = folded.chars().collect();
        for (at, len) in cuts {
            if chars.is_empty() {
                break;
            }
            let from = at.index(chars.len());
            let cut: String = chars[from..(from + len).min(chars.len())].iter().collect();
            phrases.push(cut.trim().to_string());
        }
        for phrase in &phrases {
            prop_assert_eq!(
                in_text(&text, &words, phrase),
                in_fold(&folded, phrase),
                "{:?} in {:?} (fold {:?})", phrase, text, folded
            );
        }
    }
}

/// Every character outside ASCII that folds to an ASCII one starts with a
/// byte `in_text` looks for (it finds a phrase's first letter by them).
#[test]
fn every_character_folding_to_ascii_starts_with_a_byte_looked_for() {
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        if let Folded::Char(f) = fold_char(c) {
            if f.is_ascii() {
                let mut utf8 = [0; 4];
                let lead = c.encode_utf8(&mut utf8).as_bytes()[0];
                assert!(
                    LEADS_FOLDING_TO_ASCII.contains(&lead),
                    "{c:?} (U+{:04X}) folds to {f:?}",
                    c as u32
                );
            }
        }
    }
}

/// A large source mostly in ASCII keeps no fold: its look-ups are the
/// fold's, accents, case and spacing aside.
#[test]
fn a_large_source_without_its_fold_mentions_what_its_fold_holds() {
    let text = format!(
        "Zoë Müller met DR. JAMES  HARRISON\nin Kraków. O’Brien’s team, e\u{301}cole.\n\n{}",
        "The committee read the plan again and approved it in full. ".repeat(3)
    );
    let doc = Document::analyse_for_terms(text.clone(), AnalysisOptions::SEED, 2);
    assert!(doc.folded.is_empty(), "a large source's fold is not kept");
    let full = Document::analyse(&text, AnalysisOptions::SEED);
    for phrase in [
        "zoe muller",
        "zoë",
        "james harrison",
        "harrison in krakow",
        "o'brien's team",
        "ecole",
        "harris",
        "muller met dr",
        "anna schmidt",
        "",
        "krakow.",
    ] {
        assert_eq!(doc.mentions(phrase), full.mentions(phrase), "{phrase:?}");
    }
    assert!(doc.mentions("james harrison"));
    assert!(!doc.mentions("harris"));
}

/// The words of a long text are read eight bytes at a time: names at every
/// offset (each place within eight bytes, the text's first and last bytes),
/// of every length around eight and sixteen, in any case, followed by
/// ASCII or not, are found where the fold finds them, and near misses are
/// not (a stranger's sweep, kept).
#[test]
fn names_at_every_offset_of_a_long_text_are_found_where_the_fold_finds_them() {
    let names = [
        "Ann",
        "Harrison",
        "Internationalisation",
        "McDONALD",
        "Zoë",
        "A320neo",
        "Jean-Luc",
    ];
    for pad in 0..8 {
        let mut text = "x".repeat(pad);
        for (k, name) in names.iter().enumerate() {
            text.push_str(name);
            text.push_str(if k % 2 == 0 {
                " and "
            } else {
                ", Annual\u{a0}"
            });
            text.push_str(&"filler words here. ".repeat(k + 1));
        }
        text.push_str("Zyx");
        let words = FoldWords::of(&text);
        let folded = fold(&text);
        for phrase in [
            "ann",
            "annual",
            "harrison",
            "harriso",
            "internationalisation",
            "internationalisatio",
            "mcdonald",
            "zoe",
            "a320neo",
            "a320ne",
            "jean-luc",
            "zyx",
            "zy",
            "filler words here",
            "xann",
        ] {
            assert_eq!(
                in_text(&text, &words, phrase),
                in_fold(&folded, phrase),
                "{phrase:?} with {pad} bytes before"
            );
        }
        assert!(in_text(&text, &words, "internationalisation"));
        assert!(!in_text(&text, &words, "internationalisatio"));
    }
}

/// `answer` from `source`: its words, with a few swapped for other words
/// (so that claims find their sentences, and the number, negation and
/// repair checks have a best sentence that differs from the claim).
fn answer_from(source: &str, swaps: &[(prop::sample::Index, &str)]) -> String {
    let mut words: Vec<&str> = source.split_whitespace().collect();
    if !words.is_empty() {
        for (at, word) in swaps {
            let i = at.index(words.len());
            words[i] = word;
        }
    }
    words.join(" ")
}

/// A report, as the CLI writes it in full.
fn full_report(doc: &Document, input: &CheckInput, cfg: &Config) -> String {
    serde_json::to_string(&claimlab::check(doc, input, cfg)).expect("a report serialises")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// A sentence read again when a check asks for it (a large source
    /// keeps none of its sentences' readings, `KEEP_READINGS`) gives the
    /// report the kept reading gives, under every preset.
    #[test]
    fn a_report_is_the_same_whether_sentences_keep_their_readings(
        source in text(),
        swaps in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(WORDS)), 0..6),
        preset in prop::sample::select(&[Preset::Seed, Preset::Improved, Preset::Strict][..]),
    ) {
        let cfg = preset.config();
        let answer = answer_from(&source, &swaps);
        let kept = Document::analyse(&source, (&cfg).into());
        let mut read_again = kept.clone();
        read_again.forget_readings();
        let input = CheckInput { question: "What happened?", ..CheckInput::answer(&answer) };
        prop_assert_eq!(full_report(&read_again, &input, &cfg), full_report(&kept, &input, &cfg));
    }
}

/// Every example (their sources are small: each keeps its readings) gets
/// the same report from a document that kept none.
#[test]
fn the_examples_reports_are_the_same_with_their_sentences_read_again() {
    for example in claimlab::examples::all() {
        let history = example.history_fingerprints();
        let input = example.input(&history);
        let kept = Document::analyse(&example.source, (&example.config).into());
        let mut read_again = kept.clone();
        read_again.forget_readings();
        assert_eq!(
            full_report(&read_again, &input, &example.config),
            full_report(&kept, &input, &example.config),
            "{}",
            example.name
        );
    }
}
