//! Property tests: the whole check on hostile text never panics, and its
//! report keeps its invariants (offsets on char boundaries of the text they
//! index, claims in order without overlap, a reason for every verdict, the
//! same report on a second run), for the default config and every preset;
//! and the verdict system (`claimlab::verdict`) says one thing: nothing ships
//! whose own check blocks, and repair never drops a claim it need not.

use claimlab::pipeline::{check_keeping_split, Earlier};
use claimlab::repair::SAFE_DECLINE;
use claimlab::report::{MarkSide, Strategy as RepairStrategy};
use claimlab::verdict::{verdict_of, Decision, RiskLevel, Routing, Verdict};
use claimlab::{check, CheckInput, Config, Document, Preset, Report};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

#[path = "../examples/adversarial.rs"]
#[allow(dead_code)]
mod adversarial;

/// Cases per property; `PROPTEST_CASES` overrides it for a longer search.
const CASES: u32 = 200;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

fn configs() -> Vec<(&'static str, Config)> {
    let mut out = vec![("default", Config::default())];
    out.extend(Preset::ALL.iter().map(|p| (p.name(), p.config())));
    out
}

// ---------------------------------------------------------------- invariants

/// A byte span `[start, end)` of `text`: ordered, in range, on char boundaries.
fn span_ok(text: &str, start: usize, end: usize, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        start <= end && end <= text.len(),
        "{what}: span {start}..{end} outside 0..{}",
        text.len()
    );
    prop_assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what}: span {start}..{end} splits a char"
    );
    Ok(())
}

/// Char offsets `chars` (start, end) agree with byte offsets `bytes`.
fn chars_ok(
    text: &str,
    bytes: (usize, usize),
    chars: (usize, usize),
    what: &str,
) -> Result<(), TestCaseError> {
    let count = |b: usize| text[..b].chars().count();
    prop_assert_eq!(
        chars,
        (count(bytes.0), count(bytes.1)),
        "{}: char offsets",
        what
    );
    Ok(())
}

/// Every invariant of one report on (`source`, `answer`).
fn report_ok(source: &str, answer: &str, r: &Report) -> Result<(), TestCaseError> {
    for s in r.sources.iter() {
        span_ok(source, s.byte_start, s.byte_end, &s.id)?;
        chars_ok(source, (s.byte_start, s.byte_end), (s.start, s.end), &s.id)?;
        prop_assert_eq!(&*s.text, &source[s.byte_start..s.byte_end]);
    }
    let mut prev_end = 0;
    for (k, c) in r.claims.iter().enumerate() {
        let id = &c.id;
        prop_assert_eq!(id, &format!("C{}", k + 1));
        span_ok(answer, c.byte_start, c.byte_end, id)?;
        chars_ok(answer, (c.byte_start, c.byte_end), (c.start, c.end), id)?;
        prop_assert_eq!(&c.text, &answer[c.byte_start..c.byte_end]);
        prop_assert!(
            c.byte_start >= prev_end,
            "{id} starts at {} before the previous claim's end {prev_end}",
            c.byte_start
        );
        prev_end = c.byte_end;
        prop_assert!(!c.reasons.is_empty(), "{id} has no reason");
        for reason in &c.reasons {
            prop_assert!(
                !reason.detail.trim().is_empty(),
                "{id}: empty {:?} reason",
                reason.kind
            );
        }
        let best = c
            .best_source
            .as_ref()
            .and_then(|b| r.sources.iter().find(|s| *s.id == **b));
        if c.best_source.is_some() {
            prop_assert!(
                best.is_some(),
                "{id}: best source {:?} not listed",
                c.best_source
            );
        }
        for m in &c.marks {
            match m.side {
                MarkSide::Answer => {
                    span_ok(
                        answer,
                        m.byte_start,
                        m.byte_end,
                        &format!("{id} answer mark"),
                    )?;
                    prop_assert!(
                        c.byte_start <= m.byte_start && m.byte_end <= c.byte_end,
                        "{id}: answer mark {:?} outside the claim",
                        m
                    );
                }
                MarkSide::Source => {
                    span_ok(
                        source,
                        m.byte_start,
                        m.byte_end,
                        &format!("{id} source mark"),
                    )?;
                    let s = best.ok_or_else(|| {
                        TestCaseError::fail(format!("{id}: source mark without a best source"))
                    })?;
                    prop_assert!(
                        s.byte_start <= m.byte_start && m.byte_end <= s.byte_end,
                        "{id}: source mark {:?} outside {}",
                        m,
                        s.id
                    );
                }
            }
        }
        for n in &c.number_mismatches {
            span_ok(answer, n.start, n.end, &format!("{id} number"))?;
        }
        for e in &c.invented_entities {
            span_ok(answer, e.start, e.end, &format!("{id} entity"))?;
        }
        if let Some(f) = &c.negation {
            span_ok(
                answer,
                f.claim_span.0,
                f.claim_span.1,
                &format!("{id} negation"),
            )?;
            span_ok(
                source,
                f.source_span.0,
                f.source_span.1,
                &format!("{id} negation"),
            )?;
            let negator_side = match f.negated_in {
                claimlab::checks::negation::Side::Claim => answer,
                claimlab::checks::negation::Side::Source => source,
            };
            span_ok(
                negator_side,
                f.negator_span.0,
                f.negator_span.1,
                &format!("{id} negator"),
            )?;
        }
        if let Some(a) = &c.antonym {
            span_ok(
                answer,
                a.claim_span.0,
                a.claim_span.1,
                &format!("{id} antonym"),
            )?;
            span_ok(
                source,
                a.source_span.0,
                a.source_span.1,
                &format!("{id} antonym"),
            )?;
        }
    }
    for m in &r.summary.confidence.markers {
        span_ok(answer, m.start, m.end, "confidence marker")?;
    }
    Ok(())
}

/// The relations `claimlab::verdict` documents, on one report.
fn verdict_system_ok(r: &Report, cfg: &Config) -> Result<(), TestCaseError> {
    for c in &r.claims {
        // The verdict is the most severe reason's, and the first reason explains it.
        let counted: Vec<_> = c
            .reasons
            .iter()
            .take_while(|x| {
                x.kind.verdict() == c.verdict || x.kind.verdict().severity() < c.verdict.severity()
            })
            .cloned()
            .collect();
        prop_assert_eq!(verdict_of(&counted), c.verdict, "{}", c.id);
        prop_assert_eq!(
            c.reasons[0].kind.verdict(),
            c.verdict,
            "{}: {:?}",
            c.id,
            c.reasons
        );
    }
    // The claim rule names the first failing claim; the learned score names
    // what its stake names once the score reaches the threshold.
    let first_problem = match &r.answer_score {
        Some(s) => claimlab::pipeline::learned_stake(r.claims.iter())
            .named(s.probability, cfg.decision_threshold)
            .map(|k| r.claims[k].id.clone()),
        None => r
            .claims
            .iter()
            .find(|c| c.verdict != Verdict::Supported)
            .map(|c| c.id.clone()),
    };
    prop_assert_eq!(&r.first_problem, &first_problem);
    prop_assert_eq!(
        r.answer_score.is_some(),
        cfg.answer_scoring == claimlab::AnswerScoring::Learned && !r.claims.is_empty()
    );
    prop_assert_eq!(
        r.decision,
        Decision::from_first_problem(first_problem.as_deref(), r.policy)
    );
    let routing = r.quality.routing;
    // Nothing ships whose own check says block.
    if r.decision == Decision::Block {
        prop_assert!(routing != Routing::Accept, "block and accept at once");
    }
    let repair = r.repair.as_ref();
    match routing {
        Routing::HealedAccept => {
            let repair = repair.expect("healed without a repair");
            prop_assert!(repair.applied && repair.succeeded);
            let re = repair.recheck.as_ref().expect("healed without a re-check");
            prop_assert!(
                re.decision.lets_through(),
                "shipped a repair whose re-check blocks"
            );
            prop_assert!(re.counts.total() > 0 && re.risk <= RiskLevel::Medium);
        }
        Routing::Discard => {
            let repair = repair.expect("discarded without a repair");
            prop_assert!(repair.applied && !repair.succeeded);
            prop_assert_eq!(&repair.after, SAFE_DECLINE);
        }
        Routing::Accept => prop_assert!(r.decision.lets_through()),
        Routing::Fallback => prop_assert!(repair.is_none_or(|x| !x.applied)),
    }
    // A scrub drops exactly the claims that name something the source does not.
    if let Some(x) = repair.filter(|x| x.strategy == RepairStrategy::EntityScrub && x.succeeded) {
        // Repair joins what is left with single spaces.
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let after = words(&x.after);
        for c in &r.claims {
            let kept = after.contains(&words(&c.text));
            if c.invented_entities.is_empty() {
                prop_assert!(
                    kept,
                    "scrub dropped {} ({}), which names nothing invented",
                    c.id,
                    c.text
                );
            } else if !r
                .claims
                .iter()
                .any(|o| o.invented_entities.is_empty() && words(&o.text).contains(&words(&c.text)))
            {
                prop_assert!(
                    !kept,
                    "scrub kept {} ({}), which names {:?}",
                    c.id,
                    c.text,
                    c.invented_entities
                );
            }
        }
    }
    Ok(())
}

/// A repaired answer that ships passes the check as it ships: checked
/// afresh, with its attribution and note, it is let through.
fn shipped_repair_passes(doc: &Document, r: &Report, cfg: &Config) -> Result<(), TestCaseError> {
    if r.quality.routing != Routing::HealedAccept {
        return Ok(());
    }
    let shipped = &r.repair.as_ref().expect("healed without a repair").after;
    let again = check(doc, &CheckInput::answer(shipped), cfg);
    prop_assert!(
        again.decision.lets_through() && !again.claims.is_empty(),
        "shipped {shipped:?}, which a fresh check decides {} ({:?})",
        again.decision.name(),
        again
            .claims
            .iter()
            .map(|c| (c.text.as_str(), c.verdict))
            .collect::<Vec<_>>()
    );
    Ok(())
}

/// Check (`source`, `answer`, `samples`) under every config: no panic, the
/// invariants hold, and a second run gives the same report.
fn all_configs_ok(source: &str, answer: &str, samples: &[String]) -> Result<(), TestCaseError> {
    for (name, cfg) in configs() {
        let doc = Document::analyse(source, (&cfg).into());
        let input = CheckInput {
            answer,
            samples,
            ..Default::default()
        };
        let first = check(&doc, &input, &cfg);
        report_ok(source, answer, &first)
            .and_then(|()| verdict_system_ok(&first, &cfg))
            .and_then(|()| shipped_repair_passes(&doc, &first, &cfg))
            .map_err(|e| TestCaseError::fail(format!("config {name}: {e}")))?;
        let second = check(&doc, &input, &cfg);
        let json = |r: &Report| serde_json::to_string(r).expect("a report serialises");
        prop_assert!(
            json(&first) == json(&second),
            "config {name}: a second run differs"
        );
    }
    Ok(())
}

// ---------------------------------------------------------------- generators

/// Words, numbers, citations, abbreviations and hostile Unicode.
const PIECES: &[&str] = &[
    // words (negators, antonyms, hedges, names, discourse words)
    "The",
    "the",
    "bridge",
    "opened",
    "span",
    "metres",
    "long",
    "is",
    "not",
    "never",
    "isn't",
    "can't",
    "won’t",
    "no",
    "large",
    "small",
    "increased",
    "decreased",
    "definitely",
    "might",
    "I think",
    "Paris",
    "Marie Curie",
    "according to the passage",
    "passage 2",
    "passages 1 and 3",
    "Source:",
    "# Heading",
    "- item",
    "1.",
    "I cannot answer",
    "Sorry,",
    // numbers
    "3.5",
    "$50.00",
    "1,000",
    "12%",
    "1998",
    "0",
    "-7",
    "1e5",
    "½",
    "five",
    "twenty-one",
    "3rd",
    "10 km",
    "2021-03-04",
    "1990s",
    "4,5",
    "99999999999999999999999",
    "1.2.3",
    "$",
    "%",
    "٣٫٥",
    "１２３",
    "²",
    "१२",
    // citations
    "[S1]",
    "[2]",
    "[S1-S3]",
    "[1, 2]",
    "[S2–S4]",
    "[S0]",
    "[0]",
    "[999999]",
    "[1234567]",
    "[",
    "]",
    "[S]",
    "[s3]",
    "(passage 3)",
    "[1][2]",
    "[ 1 ; 2 ]",
    // abbreviations
    "Dr.",
    "e.g.",
    "U.S.",
    "i.e.",
    "Mr.",
    "St.",
    "etc.",
    "No.",
    "vs.",
    "Inc.",
    "a.m.",
    "J. R. R.",
    // hostile Unicode
    "e\u{301}",
    "\u{301}",
    "\u{301}\u{308}\u{20DD}",
    "שלום",
    "עולם 3.5",
    "مرحبا",
    "٢٠٢٠",
    "\u{202E}",
    "\u{202E}abc\u{202C}",
    "\u{200F}",
    "\u{200D}",
    "\u{200B}",
    "\u{FEFF}",
    "👨\u{200D}👩\u{200D}👧\u{200D}👦",
    "🏳️\u{200D}🌈",
    "👍🏽",
    "🇫🇷",
    "\u{0}",
    "\u{7}",
    "\u{1b}[31m",
    "\u{FFFD}",
    "\u{FFFD}\u{FFFD}",
    "\u{2028}",
    "\u{85}",
    "\r\n",
    "\t",
    "İ",
    "ß",
    "ﬁ",
    "\u{212A}",
    "Σ",
    "ΣΑΣ",
    "ǅ",
    "…",
    "’",
    "—",
    "–",
    "“quoted”",
    "\u{3002}",
    "。",
    "？",
    "¿",
    "!",
    "?",
    ".",
    "..",
    "...",
];

const SEPARATORS: &[&str] = &[
    " ", " ", " ", "", ". ", "? ", "! ", "\n", "\n\n", ", ", "; ", " - ", ".", "\u{3000}",
    " \u{0} ",
];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(PIECES).prop_map(str::to_string),
        // integers and decimals of any size
        1 => (any::<u32>(), 0u8..4).prop_map(|(n, d)| match d {
            0 => n.to_string(),
            1 => format!("{}.{}", n / 100, n % 100),
            2 => format!("${}.{:02}", n / 100, n % 100),
            _ => format!("{},{:03}", n / 1000, n % 1000),
        }),
        // any chars at all
        1 => prop::collection::vec(any::<char>(), 1..6).prop_map(|c| c.into_iter().collect()),
        // what from_utf8_lossy leaves of random bytes
        1 => prop::collection::vec(any::<u8>(), 1..24)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// Sentence-like text: pieces with separators; sometimes one very long
/// line with no whitespace at all.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::collection::vec((piece(), prop::sample::select(SEPARATORS)), 0..30).prop_map(
            |parts| parts.into_iter().fold(String::new(), |mut s, (p, sep)| {
                s.push_str(&p);
                s.push_str(sep);
                s
            })
        ),
        1 => (piece(), 20usize..600).prop_map(|(p, n)| p.replace(char::is_whitespace, "").repeat(n)),
        1 => (prop::collection::vec(piece(), 1..8), 20usize..400).prop_map(|(ps, n)| {
            ps.concat().replace(char::is_whitespace, "").repeat(n)
        }),
        1 => prop::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// An answer made from the source, edited: so that claims find support and
/// the number, negation, antonym and citation checks run.
fn source_and_answer() -> impl Strategy<Value = (String, String)> {
    (
        text(),
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..6, piece()), 0..6),
    )
        .prop_map(|(source, edits)| {
            let mut answer = source.clone();
            for (at, kind, p) in edits {
                let bounds: Vec<usize> = answer
                    .char_indices()
                    .map(|(i, _)| i)
                    .chain([answer.len()])
                    .collect();
                let i = bounds[at.index(bounds.len())];
                let insert = match kind {
                    0 => "not ".to_string(),
                    1 => " [S2]".to_string(),
                    2 => "1".to_string(),
                    3 => "small ".to_string(),
                    _ => p,
                };
                answer.insert_str(i, &insert);
            }
            (source, answer)
        })
}

/// Sentences of a small world, for answers a user would write: grounded,
/// with a wrong number, a negation, an invented name, a citation.
const FACTS: &[&str] = &[
    "The Ridgeline bridge opened to traffic in 1998.",
    "The main span is 410 metres long.",
    "The bridge was designed by Halvorsen Partners.",
    "The Pro plan costs $120 per year, billed annually.",
    "Refunds are issued within 14 days of purchase.",
    "The support desk is open from 9am to 5pm on weekdays.",
    "The museum is closed on Mondays.",
    "About 94% of users renewed their subscription.",
];

/// A source of some FACTS, and an answer of some of them, each perhaps
/// changed the way answers go wrong.
fn grounded_answer() -> impl Strategy<Value = (String, String)> {
    (
        prop::collection::vec(prop::sample::select(FACTS), 1..6),
        prop::collection::vec((prop::sample::select(FACTS), 0u8..9, 1usize..7), 1..5),
    )
        .prop_map(|(source, claims)| {
            let answer: Vec<String> = claims
                .into_iter()
                .map(|(fact, change, n)| {
                    let mut claim = fact.trim_end_matches('.').to_string();
                    match change {
                        0 => claim = claim.replacen(|c: char| c.is_ascii_digit(), "7", 1),
                        1 => claim = claim.replacen(" is ", " is not ", 1),
                        2 => claim.push_str(" according to Dr. Maria Olsen"),
                        3 => claim.push_str(&format!(" [S{n}]")),
                        4 => {
                            claim = format!("I am absolutely certain that {}", claim.to_lowercase())
                        }
                        5 => claim = "It won a European engineering award in 2020".to_string(),
                        _ => {}
                    }
                    claim + "."
                })
                .collect();
            (source.join(" "), answer.join(" "))
        })
}

fn samples() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        2 => Just(Vec::new()),
        1 => prop::collection::vec(text(), 1..3),
    ]
}

/// `answer` after a keystroke's edit at the char boundary `at` picks: `cut`
/// chars taken out there, `typed` put in.
fn keystroke(answer: &str, at: prop::sample::Index, cut: usize, typed: &str) -> String {
    let bounds: Vec<usize> = answer
        .char_indices()
        .map(|(i, _)| i)
        .chain([answer.len()])
        .collect();
    let k = at.index(bounds.len());
    let end = bounds[(k + cut).min(bounds.len() - 1)];
    format!("{}{typed}{}", &answer[..bounds[k]], &answer[end..])
}

/// What a keystroke types or pastes.
fn typed() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(&["x", " ", ".", "7", "not ", " [S2]", ". The ", "Dr. ", ". Room C3 ", " C2"][..])
            .prop_map(str::to_string),
        1 => piece(),
    ]
}

/// The check of `after` (to `questions.1`) that takes back the claims of
/// the check of `before` (to `questions.0`), as the lab's next keystroke
/// does, is the check of `after` made afresh, under every config.
fn earlier_is_afresh(
    source: &str,
    before: &str,
    after: &str,
    questions: (&str, &str),
) -> Result<(), TestCaseError> {
    for (name, cfg) in configs() {
        let doc = Document::analyse(source, (&cfg).into());
        let input = |answer, question| CheckInput {
            question,
            ..CheckInput::answer(answer)
        };
        let (first, split) = check_keeping_split(&doc, &input(before, questions.0), &cfg);
        let fresh = check(&doc, &input(after, questions.1), &cfg);
        // Its split is not the new answer's: it is split afresh.
        let earlier = Earlier {
            answer: before,
            question: questions.0,
            report: &first,
            source_edit: None,
            split: Some(&split),
        };
        let taken = check(
            &doc,
            &CheckInput {
                earlier: Some(earlier),
                ..input(after, questions.1)
            },
            &cfg,
        );
        prop_assert_eq!(taken, fresh, "{} config", name);
    }
    Ok(())
}

/// The check after a keystroke in the source (the document edited in
/// place, as the lab edits a large source), taking back the claims of the
/// check before it that the edit cannot reach, is the check of the edited
/// source analysed afresh, under every config.
fn source_edit_is_afresh(
    source: &str,
    edited: &str,
    answer: &str,
    question: &str,
) -> Result<(), TestCaseError> {
    for (name, cfg) in configs() {
        let mut doc = Document::analyse(source, (&cfg).into());
        let input = CheckInput {
            question,
            ..CheckInput::answer(answer)
        };
        let (first, split) = check_keeping_split(&doc, &input, &cfg);
        doc.edit(edited.to_string());
        let fresh = check(&Document::analyse(edited, (&cfg).into()), &input, &cfg);
        // The same answer: its split and its names' look-ups are kept.
        let earlier = doc.last_edit().map(|edit| Earlier {
            answer,
            question,
            report: &first,
            source_edit: Some(edit),
            split: Some(&split),
        });
        let taken = check(&doc, &CheckInput { earlier, ..input }, &cfg);
        prop_assert_eq!(taken, fresh, "{} config", name);
    }
    Ok(())
}

/// A source of FACTS and POOL sentences in passages (blank lines between,
/// some labelled), and an answer of some of them, each perhaps changed the
/// way answers go wrong, with its own words, names and numbers.
fn source_in_passages_and_answer() -> impl Strategy<Value = (String, String)> {
    (
        prop::collection::vec((prop::sample::select(FACTS), 0u8..4), 2..14),
        grounded_answer(),
    )
        .prop_map(|(sentences, (_, answer))| {
            let mut source = String::new();
            for (i, (fact, gap)) in sentences.into_iter().enumerate() {
                if i > 0 {
                    source.push_str(match gap {
                        0 => "\n\n",
                        1 => "\n",
                        _ => " ",
                    });
                }
                source.push_str(fact);
            }
            (source, answer)
        })
}

/// What a keystroke in a source types or pastes: besides the answer's,
/// line breaks, a passage label, a name and a number the answers use.
fn typed_in_source() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => typed(),
        1 => prop::sample::select(
            &["\n", "\n\n", "[2] ", "Halvorsen ", "410", " 1998", "é", "Olsen. "][..]
        )
        .prop_map(str::to_string),
    ]
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Unrelated hostile source and answer, with or without samples.
    #[test]
    fn hostile_source_and_answer(source in text(), answer in text(), samples in samples()) {
        all_configs_ok(&source, &answer, &samples)?;
    }

    /// The answer is the source, edited (support found, so every check runs).
    #[test]
    fn answer_edited_from_its_source((source, answer) in source_and_answer(), samples in samples()) {
        all_configs_ok(&source, &answer, &samples)?;
    }

    /// Answers built the way answers go wrong (a wrong number, a negation, an
    /// invented name, a citation), so that every repair strategy runs.
    #[test]
    fn answers_that_go_wrong_as_answers_do((source, answer) in grounded_answer()) {
        all_configs_ok(&source, &answer, &[])?;
    }

    /// A keystroke anywhere in an answer, checked with the claims of the
    /// check before it taken back: the same report as a fresh check.
    #[test]
    fn a_keystroke_checked_with_the_claims_before_it_is_checked_afresh(
        (source, before) in prop_oneof![grounded_answer(), source_and_answer()],
        at in any::<prop::sample::Index>(),
        cut in prop_oneof![3 => Just(0usize), 1 => 1usize..4],
        typed in typed(),
        questions in prop::sample::select(&["", "When did the bridge open?", "How long is the span?"][..]).prop_flat_map(|q| {
            // Mostly the same question; sometimes the question changed.
            (Just(q), prop_oneof![4 => Just(q), 1 => prop::sample::select(&["", "Who designed it?"][..])])
        }),
    ) {
        let after = keystroke(&before, at, cut, &typed);
        earlier_is_afresh(&source, &before, &after, questions)?;
    }

    /// A keystroke anywhere in a source, checked with the claims of the
    /// check before it that the edit cannot reach taken back: the same
    /// report as a fresh check of the edited source.
    #[test]
    fn a_keystroke_in_the_source_checked_with_the_claims_before_it_is_checked_afresh(
        (source, answer) in prop_oneof![
            2 => source_in_passages_and_answer(),
            1 => grounded_answer(),
            1 => source_and_answer().prop_map(|(s, a)| (a, s)),
        ],
        at in any::<prop::sample::Index>(),
        cut in prop_oneof![3 => Just(0usize), 1 => 1usize..4],
        typed in typed_in_source(),
        question in prop::sample::select(&["", "When did the bridge open?"][..]),
    ) {
        let edited = keystroke(&source, at, cut, &typed);
        source_edit_is_afresh(&source, &edited, &answer, question)?;
    }

    /// No source: the claims are judged by samples alone (or have no basis).
    #[test]
    fn no_source(answer in text(), samples in samples()) {
        all_configs_ok("", &answer, &samples)?;
    }
}

// ---------------------------------------------------------------- regressions

/// Found by `hostile_source_and_answer`: repair's `mentions_data` sliced the
/// source at the byte after an ASCII digit, inside the U+FFFD that
/// `from_utf8_lossy` leaves, and panicked (fixed in src/repair.rs).
#[test]
fn digit_before_a_replacement_char_in_the_source() {
    all_configs_ok("2\u{FFFD}", "2\u{0}0 ", &[]).unwrap();
    let long = "large\u{FFFD}".repeat(20);
    all_configs_ok(&long, &format!("1{long}"), &[]).unwrap();
}

/// A stranger's split of a source sentence into two that each support a
/// claim, in a source mentioning "Model S3" and "S12" and an answer citing
/// sentences by number, then the join back: the claims taken back under
/// their sentences' new numbers, and those that cite or quote an id
/// checked again, make a fresh check's report under every config.
#[test]
fn a_source_sentence_split_and_joined_again_is_checked_afresh() {
    let source = "The pump at Ardmore moves 40 litres each year, and the dam in Varna opened in 1976. The bridge at Corran carries 900 vehicles each year. The tower at Site0 is painted red. The shed at Site1 is painted blue. The gate at Site2 is painted green.\n\nModel S3 was tested in 2004. The S12 report lists 7 faults.";
    let answer = "The pump at Ardmore moves 40 litres each year [S1]. The dam in Varna opened in 1976 [S2]. The bridge at Corran carries 900 vehicles each year. The dam in Varna opened in 1977. Model S3 was tested in 2004. The S12 report lists 8 faults. The shed at Site1 is painted blue.";
    let split = source.replace("each year, and the dam", "each year. The dam");
    let joined = source.replace(
        "Site0 is painted red. The shed",
        "Site0 is painted red the shed",
    );
    for question in ["", "Tell me about Varna"] {
        source_edit_is_afresh(source, &split, answer, question).unwrap();
        source_edit_is_afresh(&split, source, answer, question).unwrap();
        source_edit_is_afresh(source, &joined, answer, question).unwrap();
    }
}

// ---------------------------------------------------------------- adversarial sizes

/// Every input of `examples/adversarial.rs`, at a hundredth of its size
/// (a 10 KB sentence, 1,000 numbers, 100 citations, 500 abbreviations, a
/// 100-sentence answer), once, with the invariants checked.
#[test]
fn adversarial_inputs_at_a_small_size() {
    let sizes = adversarial::Sizes { scale: 0.01 };
    for (name, source, answer) in sizes.cases() {
        for (config, cfg) in configs() {
            let report = adversarial::run(&source, &answer, &cfg);
            if let Err(e) = report_ok(&source, &answer, &report) {
                panic!("{name}, config {config}: {e}");
            }
            let again = adversarial::run(&source, &answer, &cfg);
            assert_eq!(
                serde_json::to_string(&report).unwrap(),
                serde_json::to_string(&again).unwrap(),
                "{name}, config {config}: a second run differs"
            );
        }
    }
}
