//! The whole check on small inputs: verdicts with their reasons, the trace,
//! offsets, answer-level measures and safe repair.

use claimlab::report::ReasonKind;
use claimlab::report::Strategy;
use claimlab::scoring::Trigger;
use claimlab::{check, check_text, CheckInput, Config, Decision, Document, Verdict};

fn cfg() -> Config {
    Config::default()
}

#[test]
fn questions_are_not_claims_and_are_counted() {
    let r = check_text(
        "The bridge opened in 1998.",
        "Did it open in 1998? It opened in 1998.",
        &cfg(),
    );
    assert_eq!(r.claims.len(), 1);
    assert_eq!(r.claims[0].text, "It opened in 1998.");
    assert_eq!(r.summary.questions, 1);
}

#[test]
fn negation_flip_is_contradicted_with_the_word_named() {
    let r = check_text(
        "Annual plans cannot be cancelled after 30 days.",
        "Annual plans can be cancelled after 30 days.",
        &cfg(),
    );
    let c = &r.claims[0];
    assert_eq!(c.verdict, Verdict::Contradicted);
    assert_eq!(c.reasons[0].kind, ReasonKind::NegationFlip);
    assert!(
        c.reasons[0].detail.contains("cancelled"),
        "{}",
        c.reasons[0].detail
    );
    let r = check_text(
        "Annual plans can't be cancelled after 30 days.",
        "Annual plans cannot be cancelled after 30 days.",
        &cfg(),
    );
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
}

#[test]
fn a_name_written_with_a_blank_matches_the_source_s_hyphenated_identifier() {
    // "COVID 19" is the source's `COVID-19`, not a number 19 the source lacks.
    for (source, answer) in [
        (
            "The COVID-19 pandemic began in March 2020 in many countries.",
            "Travel stopped. The COVID 19 pandemic began in March 2020.",
        ),
        (
            "Its first Boeing-747 flew in 1970 from New York.",
            "Its first Boeing 747 flew in 1970.",
        ),
    ] {
        let r = check_text(source, answer, &cfg());
        let c = r.claims.last().unwrap();
        assert!(
            c.reasons
                .iter()
                .all(|x| x.kind != ReasonKind::NumberMismatch),
            "{answer}: {:?}",
            c.reasons
        );
    }
    // A number after another word is still checked.
    let r = check_text(
        "The COVID-19 wave peaked with 40 cases a day.",
        "The COVID-19 wave peaked with 19 cases a day.",
        &cfg(),
    );
    assert_eq!(r.claims[0].verdict, Verdict::Contradicted);
}

/// Of the sentences sharing as many of a claim's words, the best is the
/// one that states its amount in other units; with none, the earliest.
#[test]
fn a_tie_on_words_goes_to_the_sentence_that_states_the_amount() {
    let source = "Its platform is 2.1 km long and the clock tower is 21 metres high.\n\n\
                  Its platform is 6.0 km long and the clock tower is 60 metres high.";
    let r = check_text(source, "Its platform is 6,000 metres long [2].", &cfg());
    let c = &r.claims[0];
    assert_eq!(c.verdict, Verdict::Supported, "{:?}", c.reasons);
    assert_eq!(c.best_source.as_deref(), Some("S2"));
    assert_eq!(c.support, 1.0);
    assert_eq!(r.decision, Decision::Deliver);
    // The earlier sentence when it is the one that states it.
    let r = check_text(source, "Its platform is 2,100 metres long.", &cfg());
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S1"));
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
    // Neither states it: the one it cites, whose amount contradicts it;
    // citing none, the earliest.
    let r = check_text(source, "Its platform is 9,000 metres long [2].", &cfg());
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S2"));
    assert_eq!(r.claims[0].verdict, Verdict::Contradicted);
    let r = check_text(source, "Its platform is 9,000 metres long.", &cfg());
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S1"));
    assert_eq!(r.claims[0].verdict, Verdict::Contradicted);
    // Numbers compared as written: no credit, the earliest.
    let mut written = cfg();
    written.number_normalisation = false;
    let r = check_text(source, "Its platform is 6,000 metres long [2].", &written);
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S1"));
}

/// Cases of a stranger to the code (issue 16, 2026-12-05): a bound the
/// other way, a temperature on the other scale, and a one-letter unit
/// ending a sentence, each with the explanation a reader sees.
#[test]
fn bounds_temperature_scales_and_unit_letters_as_a_stranger_wrote_them() {
    let verdicts = |source: &str, answer: &str| {
        let r = check_text(source, answer, &cfg());
        (r.claims.iter())
            .map(|c| {
                let detail = c
                    .reasons
                    .first()
                    .map_or(String::new(), |r| r.detail.clone());
                (c.verdict, detail)
            })
            .collect::<Vec<_>>()
    };
    let crane = "The crane can lift more than 20 tonnes. It runs on rails.";
    assert_eq!(
        verdicts(crane, "The crane can lift up to 20 tonnes."),
        [(
            Verdict::Contradicted,
            "up to 20 tonnes is not in S1, which says more than 20 tonnes.".into()
        )]
    );
    let ferry = "Children under 12 travel free on the ferry. Adults pay full fare.";
    assert_eq!(
        verdicts(ferry, "Children over 12 travel free on the ferry.")[0].0,
        Verdict::Contradicted
    );
    let oven = "Preheat the oven to 350 °F. Grease a square tin.";
    let got = verdicts(
        oven,
        "Preheat the oven to about 175 °C. Preheat the oven to 350 °C.",
    );
    assert_eq!(got[0].0, Verdict::Supported, "350 °F is 176.7 °C");
    assert_eq!(
        got[1],
        (
            Verdict::Contradicted,
            "350 °C is not in S1, which says 350 °F.".into()
        )
    );
    // One full stop, though the figure ends in one (a stranger's "says 8
    // p.m..").
    let got = verdicts("The show starts at 8 p.m.", "The show starts at 9 p.m.");
    assert_eq!(
        got[0],
        (
            Verdict::Contradicted,
            "9 p.m. is not in S1, which says 8 p.m.".into()
        )
    );
    // "5000 N." ends its sentence: two claims, not one with an invented
    // name "N. Each".
    let cable = "Each anchor cable is rated for 5 kN. The cables are inspected yearly.";
    let r = check_text(
        cable,
        "Each anchor cable is rated for 5000 N. Each anchor cable is rated for 50 kN.",
        &cfg(),
    );
    assert_eq!(r.claims.len(), 2);
    assert!(
        r.claims[0].text.ends_with("5000 N."),
        "{:?}",
        r.claims[0].text
    );
}

/// A sentence that states a claim's amount in other units ("6 km" for
/// "6,000 metres") shares neither the number nor the unit word, yet holds
/// the claim once both are credited: it beats one sharing only the unit
/// word, and one sharing both as written does not make its citation wrong
/// (a stranger's cases).
#[test]
fn a_sentence_stating_the_amount_in_other_units_can_be_the_best() {
    let claim = "The trail is 6,000 metres long [S1].";
    let r = check_text(
        "The trail is 6 km long. Metres of the trail are long.",
        claim,
        &cfg(),
    );
    let c = &r.claims[0];
    assert_eq!(c.best_source.as_deref(), Some("S1"), "{:?}", c.reasons);
    assert_eq!(c.verdict, Verdict::Supported);
    assert_eq!(c.support, 1.0);
    // Both hold all of it: the cited one is the best, and the citation is right.
    let r = check_text(
        "The trail is 6 km long. The trail is 6,000 metres long.",
        claim,
        &cfg(),
    );
    let c = &r.claims[0];
    assert_eq!(c.best_source.as_deref(), Some("S1"));
    assert_eq!(c.verdict, Verdict::Supported, "{:?}", c.reasons);
    assert_eq!(r.decision, Decision::Deliver);
    // Without the credit (numbers compared as written), as before.
    let mut written = cfg();
    written.number_normalisation = false;
    let r = check_text(
        "The trail is 6 km long. Metres of the trail are long.",
        claim,
        &written,
    );
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S2"));
}

/// Of sentences that hold as much of a claim, the one it cites (itself or
/// through its passage) is the best: its evidence is the passage it names.
#[test]
fn of_sentences_holding_as_much_the_cited_one_is_the_best() {
    let source = "The museum has 1.2 million visitors a year. It opened in 1950.\n\n\
                  The museum has 1,500,000 visitors a year. It opened in 1950.";
    let r = check_text(
        source,
        "The museum has 2 million visitors a year [2].",
        &cfg(),
    );
    let c = &r.claims[0];
    assert_eq!(c.best_source.as_deref(), Some("S3"));
    assert_eq!(c.verdict, Verdict::Contradicted);
    assert!(
        c.reasons[0].detail.contains("S3, which says 1,500,000"),
        "{:?}",
        c.reasons
    );
    // A claim without an amount, cited to the second of two alike passages.
    let alike = "The museum opened in a former mill.\n\nThe museum opened in a former mill.";
    let r = check_text(alike, "The museum opened in a former mill [2].", &cfg());
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S2"));
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
    let r = check_text(alike, "The museum opened in a former mill.", &cfg());
    assert_eq!(r.claims[0].best_source.as_deref(), Some("S1"));
}

/// Which of two passages comes first does not change which sentence
/// supports a claim best (a stranger's case: "Mix 3 cups of flour." holds
/// one more of the claim once its amount counts, and was the best only when
/// it came first).
#[test]
fn the_order_of_passages_does_not_change_a_claims_best_sentence() {
    let (a, b) = ("Guests aged 18 need proof.", "Mix 3 cups of flour.");
    let answer = "Mix 3 cups of flour for guests under 18 who need proof.";
    let best = |source: &str| {
        let r = check_text(source, answer, &cfg());
        let c = &r.claims[0];
        let id = c.best_source.clone().expect("a best sentence");
        (c.support, r.source(&id).unwrap().text.to_string())
    };
    assert_eq!(best(&format!("{a}\n\n{b}")), best(&format!("{b}\n\n{a}")));
}

#[test]
fn invented_entity_makes_a_well_supported_claim_unsupported() {
    let r = check_text(
        "The bridge was designed by Anna Schmidt in 1995.",
        "The bridge was designed by Anna Miller in 1995.",
        &cfg(),
    );
    let c = &r.claims[0];
    assert!(c.support >= 0.5);
    assert_eq!(c.verdict, Verdict::Unsupported);
    assert_eq!(c.reasons[0].kind, ReasonKind::InventedEntity);
    assert!(c.reasons[0].detail.contains("Anna Miller"));
    assert!(r.risk.triggers.contains(&Trigger::InventedEntity));
}

/// An author-year citation is an entity with its year ("Renard et al.
/// (2021)"): the year did not make it a date for the number check alone
/// (found by a stranger: with the year, the invented citation passed).
#[test]
fn an_invented_author_year_citation_is_unsupported_with_or_without_its_year() {
    let source = "The trial in 2021 found a 12% reduction in risk.";
    for answer in [
        "Renard et al. (2021) found a 12% reduction in risk.",
        "The trial was described by Renard et al. (2021) as a 12% reduction in risk.",
        "A 12% reduction in risk was found (Renard et al., 2021).",
        "The trial was described by Renard et al. as a 12% reduction in risk.",
    ] {
        let r = check_text(source, answer, &cfg());
        let c = &r.claims[0];
        assert_eq!(c.verdict, Verdict::Unsupported, "{answer}");
        assert_eq!(c.reasons[0].kind, ReasonKind::InventedEntity, "{answer}");
        assert!(c.reasons[0].detail.contains("Renard et al"), "{answer}");
    }
    // Cited as the source cites it: no invented name.
    let cited = "Renard et al. (2021) found a 12% reduction in risk.";
    let r = check_text(cited, cited, &cfg());
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
}

/// An organisation's name opening the claim is not excused by its last
/// word alone ("Fujitsu Labs" by the source's "DEEPMIND LABS"): what is
/// left after the opener must be a name (found by a stranger).
#[test]
fn an_invented_organisation_opening_a_claim_is_not_excused_by_its_last_word() {
    let source = "The DEEPMIND LABS team agreed with it. The Corporation of Ohio paid for it.";
    for (answer, name) in [
        ("Fujitsu Labs agreed with it.", "Fujitsu Labs"),
        ("Zorblax Corporation paid for it.", "Zorblax Corporation"),
        ("Then Fujitsu Labs agreed with it.", "Fujitsu Labs"),
    ] {
        let r = check_text(source, answer, &cfg());
        let c = &r.claims[0];
        assert_eq!(c.verdict, Verdict::Unsupported, "{answer}");
        assert!(
            c.reasons[0].detail.contains(name),
            "{answer}: {:?}",
            c.reasons
        );
    }
    // An opener before a name the source has is still dropped.
    let r = check_text(
        "John Smith agreed with it.",
        "Yesterday John Smith agreed with it.",
        &cfg(),
    );
    assert!(r.claims[0]
        .reasons
        .iter()
        .all(|x| x.kind != ReasonKind::InventedEntity));
}

/// A person's full name and a place joined by "of", each in the source,
/// is no invented name ("Paul Renard of Lyon"); a one-word head stays
/// whole ("Bank of Lyon" is no "Bank" and "Lyon"). Found by a stranger.
#[test]
fn a_named_person_of_a_named_place_is_found_in_the_source_part_by_part() {
    let source = "The deal was signed by Paul Renard. The office is in Lyon.";
    let r = check_text(
        source,
        "The deal was signed by Paul Renard of Lyon.",
        &cfg(),
    );
    assert_eq!(
        r.claims[0].verdict,
        Verdict::Supported,
        "{:?}",
        r.claims[0].reasons
    );
    let r = check_text(source, "The deal was signed by the Bank of Lyon.", &cfg());
    assert_eq!(r.claims[0].reasons[0].kind, ReasonKind::InventedEntity);
    let r = check_text(
        source,
        "The deal was signed by Paul Renard of Madrid.",
        &cfg(),
    );
    assert!(r.claims[0].reasons[0]
        .detail
        .contains("Paul Renard of Madrid"));
}

#[test]
fn fabricated_citation_is_miscited_with_its_own_reason() {
    let r = check_text(
        "The bridge opened in 1998. The span is 410 metres.",
        "The bridge opened in 1998 [S9].",
        &cfg(),
    );
    let c = &r.claims[0];
    assert_eq!(c.verdict, Verdict::Miscited);
    assert_eq!(c.reasons[0].kind, ReasonKind::FabricatedCitation);
    assert!(c.reasons[0].detail.contains("S9") && c.reasons[0].detail.contains("2 sentences"));
    // `[2]` names a passage: one meaning the sentence S2 is told how to cite it.
    let source = "The bridge opened in 1998. The span is 410 metres.";
    let r = check_text(source, "The span is 410 metres [2].", &cfg());
    let detail = &r.claims[0].reasons[0].detail;
    assert!(
        detail.ends_with("1 passage. To cite sentence S2, write [S2]."),
        "{detail}"
    );
    let r = check_text(source, "The span is 410 metres [3].", &cfg());
    let detail = &r.claims[0].reasons[0].detail;
    assert!(
        detail.ends_with("in 1 passage."),
        "no sentence S3: {detail}"
    );
    // Fabrication is caught even with the pointing check off.
    let r = check_text(
        "The bridge opened in 1998.",
        "The bridge opened in 1998 [S9].",
        &Config {
            citation_check: false,
            ..cfg()
        },
    );
    assert_eq!(r.claims[0].verdict, Verdict::Miscited);
}

#[test]
fn passage_citations_through_the_whole_check() {
    let source = "passage 1:The bridge opened in 1998. It has four lanes.\n\npassage 2:The main span is 410 metres long.";
    let r = check_text(
        source,
        "The main span is 410 metres long [2]. The bridge opened in 1998 [2].",
        &cfg(),
    );
    assert_eq!(r.passages, 2);
    assert_eq!(
        r.sources.iter().map(|s| s.passage).collect::<Vec<_>>(),
        [1, 1, 2]
    );
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
    assert_eq!(r.claims[1].verdict, Verdict::Miscited);
    assert_eq!(r.claims[1].citations.cited, ["passage 2"]);
}

#[test]
fn a_source_s_own_passage_labels_name_its_passages_whatever_their_order() {
    // Retrieved passages keep their retrieval ids: [12] then [3].
    let source =
        "[12] The ferry sails at noon. It carries 40 cars.\n\n[3] The pier was mended in 1998.";
    let r = check_text(
        source,
        "The pier was mended in 1998 [3]. The ferry sails at noon [12]. It carries 40 cars [3]. The ferry sails at noon [1].",
        &cfg(),
    );
    let verdicts: Vec<Verdict> = r.claims.iter().map(|c| c.verdict).collect();
    assert_eq!(
        verdicts,
        [
            Verdict::Supported,
            Verdict::Supported,
            Verdict::Miscited,
            Verdict::Miscited
        ]
    );
    assert!(r.claims[2].citations.fabricated.is_empty());
    assert_eq!(r.claims[3].citations.fabricated, ["passage 1"]);
    // The reasons name the source's labels: the passage that holds the
    // supporting sentence, and the labels there are.
    assert_eq!(
        r.claims[2].reasons[0].detail,
        "Cites passage 3, but the sentence that supports it is S2, in passage 12."
    );
    assert_eq!(
        r.claims[3].reasons[0].detail,
        "Cites passage 1, which does not exist: the source's passages are labelled 3 and 12."
    );
    // Citing only what does not exist is said once, not again as a miss.
    assert!(r.claims[3]
        .reasons
        .iter()
        .all(|x| x.kind != ReasonKind::WrongCitation));
}

#[test]
fn citation_coverage_is_the_share_of_claims_citing() {
    let r = check_text(
        claimlab::examples::RIDGELINE,
        "The bridge opened in 1998 [S1]. The main span is 410 metres long.",
        &cfg(),
    );
    assert_eq!(r.summary.citation_coverage, 0.5);
}

#[test]
fn trace_tells_the_story_in_order() {
    let ex = claimlab::examples::by_name("opening-answer").unwrap();
    let r = check_text(&ex.source, &ex.answer, &ex.config);
    let kinds: Vec<&str> = r.trace.iter().map(|e| e.kind.name()).collect();
    assert_eq!(&kinds[..2], ["source_split", "claims_split"]);
    let c2: Vec<&str> = r
        .trace
        .iter()
        .filter(|e| e.claim.as_deref() == Some("C2"))
        .map(|e| e.kind.name())
        .collect();
    assert_eq!(
        c2,
        [
            "best_match",
            "number_check",
            "negation_check",
            "citation_check",
            "verdict"
        ]
    );
    let tail: Vec<&str> = kinds.iter().rev().take(5).rev().copied().collect();
    assert_eq!(
        tail,
        ["answer_metrics", "decision", "risk", "repair", "quality"]
    );
    assert!(r.trace.iter().enumerate().all(|(i, e)| e.index == i));
    let verdict = r
        .trace
        .iter()
        .find(|e| e.claim.as_deref() == Some("C2") && e.kind.name() == "verdict")
        .unwrap();
    assert!(
        verdict.summary.contains("contradicted") && verdict.summary.contains("460"),
        "{}",
        verdict.summary
    );
}

#[test]
fn offsets_are_characters_and_bytes() {
    let answer = "Café opened in 1998. Über span is 410 metres.";
    let r = check_text(
        "Café opened in 1998. Über span is 410 metres.",
        answer,
        &cfg(),
    );
    let c2 = &r.claims[1];
    assert_eq!(c2.text, "Über span is 410 metres.");
    assert_eq!((c2.start, c2.end), (21, 45));
    assert_eq!(&answer[c2.byte_start..c2.byte_end], c2.text);
    assert_eq!(
        answer
            .chars()
            .skip(c2.start)
            .take(c2.end - c2.start)
            .collect::<String>(),
        c2.text
    );
    assert_eq!((r.sources[1].start, r.sources[1].byte_start), (21, 22));
}

#[test]
fn marks_point_at_the_evidence() {
    let ex = claimlab::examples::by_name("opening-answer").unwrap();
    let r = check_text(&ex.source, &ex.answer, &ex.config);
    let c2 = &r.claims[1];
    let number = c2
        .marks
        .iter()
        .find(|m| {
            m.kind == claimlab::report::MarkKind::Number
                && m.side == claimlab::report::MarkSide::Answer
        })
        .unwrap();
    assert_eq!(&ex.answer[number.byte_start..number.byte_end], "460");
    let in_source: Vec<&str> = c2
        .marks
        .iter()
        .filter(|m| {
            m.side == claimlab::report::MarkSide::Source
                && m.kind == claimlab::report::MarkKind::Matched
        })
        .map(|m| &ex.source[m.byte_start..m.byte_end])
        .collect();
    assert_eq!(in_source, ["main", "span", "metres", "long"]);
}

#[test]
fn no_source_and_no_samples_is_unsupported_with_a_reason() {
    let r = check_text("", "The bridge opened in 1998.", &cfg());
    assert_eq!(r.claims[0].verdict, Verdict::Unsupported);
    assert_eq!(r.claims[0].reasons[0].kind, ReasonKind::NoSource);
}

#[test]
fn an_empty_answer_has_no_claims_and_is_delivered() {
    let r = check_text(claimlab::examples::RIDGELINE, "   ", &cfg());
    assert!(r.claims.is_empty());
    assert_eq!(r.decision, Decision::Deliver);
}

#[test]
fn every_verdict_has_a_reason() {
    for ex in claimlab::examples::all() {
        let r = check_text(&ex.source, &ex.answer, &ex.config);
        assert!(
            r.claims
                .iter()
                .all(|c| !c.reasons.is_empty() && !c.reasons[0].detail.is_empty()),
            "{}",
            ex.name
        );
        assert_eq!(
            r.claims
                .iter()
                .map(|c| c.reasons[0].kind.verdict())
                .collect::<Vec<_>>(),
            r.claims.iter().map(|c| c.verdict).collect::<Vec<_>>(),
            "{}",
            ex.name
        );
    }
}

#[test]
fn repair_never_touches_a_correct_answer() {
    for name in ["clean-answer", "correct-paraphrase"] {
        let ex = claimlab::examples::by_name(name).unwrap();
        let r = check_text(&ex.source, &ex.answer, &ex.config);
        let h = r.repair.unwrap();
        assert!(!h.applied, "{name}");
        assert_eq!(h.after, ex.answer);
    }
}

#[test]
fn an_ambiguous_patch_is_declined_not_guessed() {
    // Two prices of the same kind, each followed by the same word: which one
    // the claim meant cannot be known, so no number is swapped in.
    let source = "Tickets cost $10 for adults and $20 for families.";
    let r = check_text(source, "Tickets cost $15 for adults and families.", &cfg());
    let h = r.repair.unwrap();
    assert_eq!(h.strategy, Strategy::ContradictionPatch);
    assert!(!h.succeeded);
    assert_eq!(h.after, claimlab::repair::SAFE_DECLINE);
}

#[test]
fn a_patch_picks_the_number_with_the_same_unit_word() {
    let source = "Refunds take 14 days and exchanges take 3 weeks.";
    let r = check_text(
        source,
        "Refunds take 30 days and exchanges take 3 weeks.",
        &cfg(),
    );
    let h = r.repair.unwrap();
    assert!(h.succeeded, "{h:?}");
    assert_eq!(h.after, "Refunds take 14 days and exchanges take 3 weeks.");
}

#[test]
fn samples_are_checked_against_the_source_and_the_best_is_marked() {
    let doc = Document::analyse(claimlab::examples::RIDGELINE, (&cfg()).into());
    let samples = vec![
        "The main span is 460 metres long. It opened in 2001.".to_string(),
        String::new(),
        "The main span is 410 metres long. The bridge opened in 1998.".to_string(),
    ];
    let input = CheckInput {
        answer: "The main span is 410 metres long.",
        samples: &samples,
        ..Default::default()
    };
    let r = check(&doc, &input, &cfg());
    assert_eq!(r.samples.len(), 2, "the empty sample is skipped");
    let best: Vec<usize> = r
        .samples
        .iter()
        .filter(|s| s.best)
        .map(|s| s.sample)
        .collect();
    assert_eq!(best, [3]);
    assert!(r.claims[0].consistency.is_some());
}

#[test]
fn analysis_settings_mismatch_is_reanalysed_not_misread() {
    // A document analysed with stemming, checked with stemming off.
    let doc = Document::analyse(
        "The bridge was designed by Halvorsen Partners.",
        (&cfg()).into(),
    );
    let off = Config {
        stemming: false,
        ..cfg()
    };
    let r = check(
        &doc,
        &CheckInput::answer("Halvorsen Partners design bridges."),
        &off,
    );
    assert_eq!(r.claims[0].matched_words, ["Halvorsen", "Partners"]);
}

#[test]
fn the_check_is_deterministic() {
    for ex in claimlab::examples::all() {
        let a = serde_json::to_string(&check_text(&ex.source, &ex.answer, &ex.config)).unwrap();
        let b = serde_json::to_string(&check_text(&ex.source, &ex.answer, &ex.config)).unwrap();
        assert_eq!(a, b, "{}", ex.name);
    }
}

#[test]
fn reports_on_one_document_share_its_sentences() {
    // Checking against a large source must not copy it per check.
    let cfg = Config::default();
    let doc = Document::analyse("One sentence here. Another one there.", (&cfg).into());
    let a = check(&doc, &CheckInput::answer("One sentence."), &cfg);
    let b = check(&doc, &CheckInput::answer("Another one."), &cfg);
    assert!(std::sync::Arc::ptr_eq(&a.sources, &b.sources));
    assert_eq!(
        a.sources.iter().map(|s| &*s.id).collect::<Vec<_>>(),
        ["S1", "S2"]
    );
}

/// `claimlab check` reads a large source for its answer's keys only
/// (`text::wanted`). A repair that brings words the answer did not have
/// (a claim replaced by its source sentence) and samples with words of
/// their own are checked as against a source indexed whole, without the
/// index of every word being made.
#[test]
fn a_large_source_read_for_its_answer_checks_repairs_and_samples_as_a_whole_index_does() {
    let mut source = String::new();
    for i in 0..4500 {
        source.push_str(&format!(
            "[{}] Ferry route {i} carried {} passengers in spring.\n\n",
            i + 1,
            100 + i
        ));
    }
    source.push_str(
        "[4501] The harbour bridge was opened to traffic in 1932 by Governor Philip Game.\n\n",
    );
    assert!(source.len() >= claimlab::output::PARALLEL_SOURCE_BYTES);
    let cfg = Config::default();
    let answer = "The harbour bridge was not opened to traffic in 1932. Ferry route 7 carried 107 passengers in spring.";
    let samples = [
        "The harbour bridge was opened in 1932 by the Governor.".to_string(),
        "Ferry route 7 carried 107 passengers, the spring timetable says.".to_string(),
    ];
    for samples in [&[][..], &samples[..]] {
        let input = CheckInput {
            samples,
            ..CheckInput::answer(answer)
        };
        let (doc, report) = claimlab::output::check_source(source.clone(), &input, &cfg);
        let whole = check(&Document::analyse(&source, (&cfg).into()), &input, &cfg);
        assert_eq!(
            serde_json::to_value(&report).unwrap(),
            serde_json::to_value(&whole).unwrap()
        );
        let repair = report.repair.as_ref().expect("a repair");
        assert!(
            repair.after.contains("Governor Philip Game"),
            "{}",
            repair.after
        );
        assert!(!doc.indexed_every_word(), "samples: {}", samples.len());
    }
}

/// The report of a built-in example under its own settings, or with `change`.
fn example_report(name: &str, change: impl FnOnce(&mut Config)) -> claimlab::Report {
    let ex = claimlab::examples::by_name(name).expect("a built-in example");
    let mut cfg = ex.config.clone();
    change(&mut cfg);
    let doc = Document::analyse(&ex.source, (&cfg).into());
    let history = ex.history_fingerprints();
    check(&doc, &ex.input(&history), &cfg)
}

#[test]
fn what_the_user_receives_follows_the_routing() {
    use claimlab::report::Delivery;
    // Blocked and repaired: the repaired answer, said instead of C2.
    let r = example_report("opening-answer", |_| {});
    match r.delivery() {
        Delivery::Repaired { text, instead_of } => {
            assert!(text.contains("410 metres"), "{text}");
            assert_eq!(instead_of.map(|c| c.id.as_str()), Some("C2"));
        }
        other => panic!("{other:?}"),
    }
    // Blocked, nothing to repair (risk low): withheld for C2, never accepted.
    let r = example_report("wrong-citation", |_| {});
    assert!(matches!(r.delivery(), Delivery::Withheld { first_problem: Some(c) } if c.id == "C2"));
    // Flagged: the answer as written, marked with its first problem ...
    let r = example_report("wrong-citation", |c| c.policy = claimlab::Policy::Flag);
    assert!(
        matches!(r.delivery(), Delivery::Answer { flagged } if flagged.len() == 1 && flagged[0].id == "C2")
    );
    // ... unless its quality score (0.6: a contradiction) is below the accept threshold.
    let r = example_report("opening-answer", |c| {
        c.policy = claimlab::Policy::Flag;
        c.repair = false;
    });
    assert!(matches!(r.delivery(), Delivery::Withheld { first_problem: Some(c) } if c.id == "C2"));
    // All supported: the answer as written.
    let r = example_report("clean-answer", |_| {});
    assert_eq!(r.delivery(), Delivery::Answer { flagged: vec![] });
    // A repaired answer whose re-check blocks is not shipped: the safe decline.
    let r = example_report("billing-contradiction", |c| {
        c.policy = claimlab::Policy::Block
    });
    assert!(
        matches!(r.delivery(), Delivery::SafeDecline { .. }),
        "{:?}",
        r.delivery()
    );
}

#[test]
fn a_scrubbed_answer_passes_a_fresh_check_as_it_ships() {
    // A stranger's case: the scrub note it adds was checked as a claim of its own.
    let source = "The Ridgeway tunnel opened in 2004. It is 3.2 kilometres long. The tunnel carries two railway tracks.";
    let answer = "The Ridgeway tunnel opened in 2004. It is 3.2 kilometres long. The tunnel was designed by Dr. Olga Petrova of Baltic Engineering Group.";
    for preset in claimlab::Preset::ALL {
        let cfg = preset.config();
        let r = check_text(source, answer, &cfg);
        let verdicts: Vec<Verdict> = r.claims.iter().map(|c| c.verdict).collect();
        assert_eq!(
            verdicts,
            [Verdict::Supported, Verdict::Supported, Verdict::Unsupported],
            "{}",
            preset.name()
        );
        let repair = r.repair.as_ref().unwrap();
        assert_eq!(repair.strategy, Strategy::EntityScrub);
        assert!(repair.succeeded, "{}: {:?}", preset.name(), repair.changes);
        assert!(repair.after.ends_with(claimlab::repair::SCRUB_NOTE));
        let again = check_text(source, &repair.after, &cfg);
        assert_eq!(
            again.decision,
            Decision::Deliver,
            "{}: {}",
            preset.name(),
            repair.after
        );
        assert_eq!(again.claims.len(), 2, "the note is not a claim");
    }
}

#[test]
fn a_fabricated_citation_does_not_cover_its_claim() {
    let source = "[1] The museum opens at nine.\n\n[2] Tickets cost ten euros.\n\n[3] The cafe closes at five.";
    let r = check_text(source, "The museum opens at nine [9].", &cfg());
    assert_eq!(r.claims[0].citations.fabricated, ["passage 9"]);
    assert_eq!(r.summary.citation_coverage, 0.0);
    let r = check_text(
        source,
        "The museum opens at nine [1]. Tickets cost ten euros [9].",
        &cfg(),
    );
    assert_eq!(r.summary.citation_coverage, 0.5);
}

#[test]
fn a_same_unit_conflict_is_named_even_below_the_support_threshold() {
    // 2 of 7 content words: unsupported by overlap, but the error a reader
    // must see is 30 days against 14 days.
    let r = check_text(
        "Customers may request returns within 14 days.",
        "You have exactly 30 days to return a damaged item.",
        &cfg(),
    );
    let c = &r.claims[0];
    assert!(c.support < cfg().support_threshold, "{}", c.support);
    assert_eq!(c.verdict, Verdict::Contradicted);
    assert_eq!(c.reasons[0].kind, ReasonKind::NumberMismatch);
    assert_eq!(
        c.reasons[0].detail,
        "30 days conflicts with S1, which says 14 days."
    );
    // Without a word in common besides the amount, nothing is claimed of it.
    let r = check_text(
        "The warranty lasts 14 days.",
        "Shipping takes 30 days.",
        &cfg(),
    );
    assert!(r.claims[0].number_mismatches.is_empty());
}

#[test]
fn the_consistency_reason_names_the_score_that_decides() {
    let samples = vec![
        "Marie Curie was born in Lyon.".to_string(),
        "Marie Curie was born in Vienna.".to_string(),
    ];
    let answer = "Marie Curie was born in Warsaw.";
    let input = CheckInput {
        answer,
        samples: &samples,
        ..Default::default()
    };
    let doc = Document::analyse("", (&cfg()).into());
    let lexical = claimlab::config::Preset::Improved.config();
    let r = check(&doc, &input, &lexical);
    let detail = &r.claims[0].reasons[0].detail;
    assert!(detail.contains("lexical score"), "{detail}");
    let r = check(&doc, &input, &cfg());
    let detail = &r.claims[0].reasons[0].detail;
    assert!(
        detail.contains("samples agree") && !detail.contains("lexical"),
        "{detail}"
    );
}

#[test]
fn an_amount_stated_in_other_words_is_held_not_missing() {
    let r = check_text(
        "The trail is 1.5 km long.",
        "The trail is 1,500 metres long.",
        &cfg(),
    );
    let c = &r.claims[0];
    assert!(c.missing_words.is_empty(), "{:?}", c.missing_words);
    assert_eq!(c.support, 1.0);
    assert_eq!(c.verdict, Verdict::Supported);
    // A wrong amount stays missing, and the unit word alone does not make it held.
    let r = check_text(
        "The trail is 1.5 km long.",
        "The trail is 1,600 metres long.",
        &cfg(),
    );
    assert_eq!(r.claims[0].missing_words, ["1,600"]);
    assert_eq!(r.claims[0].verdict, Verdict::Contradicted);
}

#[test]
fn under_the_flag_policy_every_failing_claim_is_marked() {
    use claimlab::report::Delivery;
    let cfg = Config {
        policy: claimlab::Policy::Flag,
        repair: false,
        accept_threshold: 0.1,
        ..Config::default()
    };
    let r = check_text(
        "The bridge opened in 1998. The main span is 410 metres long. The deck carries four lanes.",
        "The bridge opened in 1998. The main span is 460 metres long. It won a European award in 2020.",
        &cfg,
    );
    match r.delivery() {
        Delivery::Answer { flagged } => {
            let ids: Vec<&str> = flagged.iter().map(|c| c.id.as_str()).collect();
            assert_eq!(ids, ["C2", "C3"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        r.headline(),
        "Deliver with flags: C2, C3 marked (C2 is contradicted)."
    );
}

/// The banner's sentence agrees with what the user receives, whatever the
/// decision and routing (a stranger saw "Block" above "Repaired … delivered").
#[test]
fn the_headline_agrees_with_what_the_user_receives() {
    let r = example_report("opening-answer", |_| {});
    assert_eq!(r.headline(), "Block as written (C2 is contradicted); repaired and checked again, the repaired answer is delivered.");
    let r = example_report("wrong-citation", |_| {});
    assert_eq!(
        r.headline(),
        "Block: the answer is withheld (C2 is miscited)."
    );
    let r = example_report("opening-answer", |c| {
        c.policy = claimlab::Policy::Flag;
        c.repair = false;
    });
    assert_eq!(r.headline(), "Withheld: the policy lets it through (Deliver with flags), but its quality score 0.60 is below the accept threshold.");
    // A flagged answer repair gave up on: the decline ships, and the
    // headline says so first (a stranger read "Deliver with flags: …
    // the safe decline is delivered" as a contradiction).
    let flag = Config {
        policy: claimlab::Policy::Flag,
        ..Config::default()
    };
    let r = check_text(
        "The Ridgeline bridge opened in 1998. Halvorsen Partners designed the bridge.",
        "The Ridgeline bridge opened in 1999. Zorblax Engineering designed the bridge.",
        &flag,
    );
    assert_eq!(r.decision, Decision::DeliverWithFlags);
    assert_eq!(r.headline(), "Declined: the policy lets it through (Deliver with flags, C1 is contradicted), but it is too risky and repair could not make it safe, so the safe decline is delivered.");
    let r = example_report("clean-answer", |_| {});
    assert_eq!(r.headline(), "Deliver: every claim is supported.");
    let r = check_text("The bridge opened in 1998.", "", &Config::default());
    assert_eq!(
        r.headline(),
        "No claims to check: the answer states nothing yet."
    );
}

#[test]
fn each_threshold_names_the_values_it_is_compared_with() {
    let r = example_report("correct-paraphrase", |_| {});
    let support: Vec<(String, f64)> = r
        .measured("support_threshold")
        .into_iter()
        .map(|m| (m.label, (m.value * 100.0).round() / 100.0))
        .collect();
    assert_eq!(support, [("C1".to_string(), 1.0), ("C2".to_string(), 0.6)]);
    assert_eq!(
        r.measured("faithfulness_threshold")[0].value,
        r.summary.faithfulness
    );
    assert!(r.measured("consistency_threshold").is_empty(), "no samples");
    assert!(r.measured("number_check").is_empty());
    let r = example_report("tagore", |_| {});
    let agreement: Vec<f64> = r
        .measured("consistency_threshold")
        .iter()
        .map(|m| (m.value * 100.0).round() / 100.0)
        .collect();
    assert_eq!(agreement, [1.0, 0.33]);
    assert_eq!(
        r.measured("sim_threshold").len(),
        6,
        "two claims × three samples"
    );
    assert!(r.measured("support_threshold").is_empty(), "no source");
}

#[test]
fn skipping_the_trace_changes_nothing_else() {
    for ex in claimlab::examples::all() {
        for cfg in [ex.config.clone(), claimlab::Preset::Improved.config()] {
            let doc = Document::analyse(&ex.source, (&cfg).into());
            let history = ex.history_fingerprints();
            let full = check(&doc, &ex.input(&history), &cfg);
            let lean = check(
                &doc,
                &CheckInput {
                    skip_trace: true,
                    ..ex.input(&history)
                },
                &cfg,
            );
            assert!(!full.trace.is_empty(), "{}", ex.name);
            assert!(lean.trace.is_empty(), "{}", ex.name);
            assert_eq!(
                claimlab::Report {
                    trace: Vec::new(),
                    ..full
                },
                lean,
                "{}",
                ex.name
            );
        }
    }
}

/// A report that lists only the sentences its claims name is the full
/// report but for that list, which holds exactly those sentences as the
/// full list has them; its compact JSON (without `sources`) is the same.
/// Whether the document had listed every sentence before or not.
#[test]
fn skipping_the_source_list_changes_nothing_else() {
    for ex in claimlab::examples::all() {
        for cfg in [ex.config.clone(), claimlab::Preset::Improved.config()] {
            let history = ex.history_fingerprints();
            let skipping = CheckInput {
                skip_sources: true,
                earlier: None,
                ..ex.input(&history)
            };
            let listed_first = Document::analyse(&ex.source, (&cfg).into());
            let full = check(&listed_first, &ex.input(&history), &cfg);
            let never_listed = Document::analyse(&ex.source, (&cfg).into());
            for doc in [&listed_first, &never_listed] {
                let lean = check(doc, &skipping, &cfg);
                let named: Vec<&str> = full
                    .claims
                    .iter()
                    .filter_map(|c| c.best_source.as_deref())
                    .collect();
                let want: Vec<_> = full
                    .sources
                    .iter()
                    .filter(|s| named.contains(&&*s.id))
                    .cloned()
                    .collect();
                assert_eq!(&lean.sources[..], &want[..], "{}", ex.name);
                let compact = |r: &claimlab::Report| {
                    serde_json::to_string(&r.compact(claimlab::compact::Include::NONE)).unwrap()
                };
                assert_eq!(compact(&lean), compact(&full), "{}", ex.name);
                assert_eq!(
                    claimlab::Report {
                        sources: lean.sources.clone(),
                        ..full.clone()
                    },
                    lean,
                    "{}",
                    ex.name
                );
            }
        }
    }
}

#[test]
fn negation_in_ties_compares_negation_with_each_sentence_tied_for_best() {
    // "drone" is in S1, "waterproof" in S4: both hold 1 of 2 content words,
    // S1 comes first and is the best; S4 is the one that denies the claim.
    let source = "The X200 drone weighs 900 grams. Its battery lasts 40 minutes. \
                  It folds to fit a backpack. It is not waterproof.";
    let answer = "The drone is waterproof.";
    let seed = check_text(source, answer, &cfg());
    assert_eq!(
        seed.claims[0].verdict,
        Verdict::Supported,
        "seed 004 compares the best sentence only"
    );
    let mut ties = cfg();
    ties.negation_in_ties = true;
    let r = check_text(source, answer, &ties);
    let c = &r.claims[0];
    assert_eq!(c.verdict, Verdict::Contradicted);
    assert_eq!(c.best_source.as_deref(), Some("S1"));
    assert_eq!(c.reasons[0].kind, ReasonKind::NegationFlip);
    assert!(
        c.reasons[0]
            .detail
            .starts_with("S4 says \"not waterproof\""),
        "{}",
        c.reasons[0].detail
    );
    // A tie none of whose sentences reverses the claim: as before.
    let agreeing = source.replace("It is not waterproof.", "It is waterproof.");
    assert_eq!(
        check_text(&agreeing, answer, &ties).claims[0].verdict,
        Verdict::Supported
    );
}

/// The lab checks on every keystroke with the check before it as
/// `earlier`: a claim with the same id and text is taken from it, its
/// spans moved with it if the keystroke moved it (here an earlier report
/// altered by hand shows it was taken),
/// one the keystroke changed is checked again, and nothing is taken when
/// the question or the kind of answer changed. `tests/properties.rs` holds
/// the reports to fresh checks.
#[test]
fn a_check_takes_back_the_claims_an_earlier_check_made() {
    use claimlab::pipeline::Earlier;
    let cfg = Config::default();
    let source = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long. It was designed by Halvorsen Partners.";
    let doc = Document::analyse(source, (&cfg).into());
    let question = "Tell me about the Ridgeline bridge and its history please.";
    let before = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long. It was designed by Halvorsen Partners.";
    let input = |answer, question| CheckInput {
        question,
        ..CheckInput::answer(answer)
    };
    let mut first = check(&doc, &input(before, question), &cfg);
    assert_eq!(first.claims.len(), 3);
    first.claims[0].reasons[0].detail = "taken back".into();
    first.claims[1].reasons[0].detail = "taken back".into();
    let with_earlier = |after, asked| {
        let earlier = Earlier {
            answer: before,
            question,
            report: &first,
            source_edit: None,
            split: None,
        };
        check(
            &doc,
            &CheckInput {
                earlier: Some(earlier),
                ..input(after, asked)
            },
            &cfg,
        )
    };
    let after = before.replace("410", "420");
    let second = with_earlier(&after, question);
    assert_eq!(second.claims[0].reasons[0].detail, "taken back");
    // C2 changed: checked again (the wrong span is found).
    assert_eq!(second.claims[1].verdict, Verdict::Contradicted);
    assert_ne!(second.claims[1].reasons[0].detail, "taken back");
    // C3 is as it was: taken back, its events replayed in the trace.
    assert_eq!(second.claims[2], first.claims[2]);
    let events = |r: &claimlab::Report, id: &str| {
        r.trace
            .iter()
            .filter(|e| e.claim.as_deref() == Some(id))
            .map(|e| e.summary.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(events(&second, "C3"), events(&first, "C3"));
    assert!(second.trace.iter().enumerate().all(|(i, e)| e.index == i));
    // C1 grew by seven bytes: C2 and C3 moved with it, taken back.
    let grown = before.replace("opened in", "opened to all in");
    let third = with_earlier(&grown, question);
    assert_ne!(third.claims[0].reasons[0].detail, "taken back");
    assert_eq!(third.claims[1].reasons[0].detail, "taken back");
    assert_eq!(third.claims[2].byte_start, first.claims[2].byte_start + 7);
    let marks = |r: &claimlab::Report| -> Vec<usize> {
        r.claims[2]
            .marks
            .iter()
            .filter(|m| m.side == claimlab::report::MarkSide::Answer)
            .map(|m| m.byte_start)
            .collect()
    };
    assert!(!marks(&first).is_empty());
    assert_eq!(
        marks(&third),
        marks(&first).iter().map(|m| m + 7).collect::<Vec<_>>()
    );
    let mut fresh = check(&doc, &input(&grown, question), &cfg);
    fresh.claims[1].reasons[0].detail = "taken back".into();
    assert_eq!(third, fresh);
    // Another question: its words are not the claims' terms; nothing is taken.
    let other = with_earlier(&after, "Who designed the Ridgeline bridge in the end?");
    assert_ne!(other.claims[0].reasons[0].detail, "taken back");
    // The kind of answer changed (a question of its own, a short answer).
    let short = "Opened in 1998.";
    let mut first_short = check(&doc, &input(short, question), &cfg);
    first_short.claims[0].reasons[0].detail = "taken back".into();
    let earlier = Earlier {
        answer: short,
        question,
        report: &first_short,
        source_edit: None,
        split: None,
    };
    // Past 25 words: a long answer, whose claims the learned score weighs
    // otherwise.
    let longer = format!("{short} It is a bridge with a long and very interesting history in the region of the valley, and many people cross it on foot every single day.");
    let grown = check(
        &doc,
        &CheckInput {
            earlier: Some(earlier),
            ..input(&longer, question)
        },
        &cfg,
    );
    assert_ne!(grown.claims[0].reasons[0].detail, "taken back");
}

/// A keystroke that splits a sentence renumbers every claim after it: each
/// is taken back from the check before under its new id, its events and
/// reasons renamed (here an earlier report altered by hand shows it was
/// taken), unless its text or source mentions its old id, which renaming
/// could not tell from a quote.
#[test]
fn a_claim_renumbered_by_a_split_is_taken_back_under_its_new_id() {
    use claimlab::pipeline::Earlier;
    let cfg = Config::default();
    let source = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long. Room C3 holds the plans by Halvorsen Partners.";
    let doc = Document::analyse(source, (&cfg).into());
    let before = "The Ridgeline bridge opened in 1998 and its main span is 460 metres long. It was designed by Halvorsen Partners. The plans were drawn by Mira C3 Lund.";
    let after = before.replacen(" and its", ". Its", 1);
    let mut first = check(&doc, &CheckInput::answer(before), &cfg);
    assert_eq!(first.claims.len(), 3);
    for claim in &mut first.claims {
        claim.reasons[0].detail = format!("taken back, was {}", claim.id);
    }
    let earlier = Earlier {
        answer: before,
        question: "",
        report: &first,
        source_edit: None,
        split: None,
    };
    let second = check(
        &doc,
        &CheckInput {
            earlier: Some(earlier),
            ..CheckInput::answer(&after)
        },
        &cfg,
    );
    let fresh = check(&doc, &CheckInput::answer(&after), &cfg);
    assert_eq!(second.claims.len(), 4);
    // C1 split in two: both checked again.
    assert_eq!(second.claims[0], fresh.claims[0]);
    assert_eq!(second.claims[1], fresh.claims[1]);
    // Old C2 is C3, renamed: its reason was renamed with it.
    assert_eq!(second.claims[2].id, "C3");
    assert_eq!(second.claims[2].reasons[0].detail, "taken back, was C3");
    let mut expected = fresh.claims[2].clone();
    expected.reasons[0].detail = "taken back, was C3".into();
    assert_eq!(second.claims[2], expected);
    let events = |r: &claimlab::Report, id: &str| {
        (r.trace.iter())
            .filter(|e| e.claim.as_deref() == Some(id))
            .map(|e| e.summary.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(events(&second, "C3"), events(&fresh, "C3"));
    assert!(events(&second, "C3").iter().any(|s| s.contains("C3")));
    // Old C3 quotes "Mira C3 Lund", a name not in the source: checked
    // again as C4 (renamed, the quote would read "Mira C4 Lund").
    assert_eq!(second.claims[3], fresh.claims[3]);
    assert!(second.claims[3]
        .reasons
        .iter()
        .any(|r| r.detail.contains("Mira C3 Lund")));
    assert!(second.trace.iter().enumerate().all(|(i, e)| e.index == i));
}

/// After an edit of the source in place, a check given the check before
/// it takes back the claims the edit cannot reach (no sentence read again
/// holds one of their words), their source marks moved with the text after
/// the edit, and checks the others again; an edit that splits or joins a
/// sentence takes back the claims it cannot reach under their sentences'
/// new numbers. `tests/properties.rs` holds the reports to fresh checks.
#[test]
fn a_source_edit_takes_back_the_claims_it_cannot_reach() {
    use claimlab::pipeline::Earlier;
    let cfg = Config::default();
    let source = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long.\n\nThe museum is closed on Mondays.\n\nRefunds are issued within 14 days of purchase. The bridge was designed by Halvorsen Partners.";
    let answer = "The Ridgeline bridge opened in 1998. The museum is closed on Mondays. Refunds are issued within 14 days of purchase. It was designed by Halvorsen Partners.";
    let input = CheckInput::answer(answer);
    let mut doc = Document::analyse(source, (&cfg).into());
    let mut first = check(&doc, &input, &cfg);
    assert_eq!(first.claims.len(), 4);
    for c in &mut first.claims {
        c.reasons[0].detail = "taken back".into();
    }
    let after_edit = |doc: &Document, before: &claimlab::Report| {
        let earlier = Earlier {
            answer,
            question: "",
            report: before,
            source_edit: Some(doc.last_edit().expect("an edit in place is kept")),
            split: None,
        };
        check(
            doc,
            &CheckInput {
                earlier: Some(earlier),
                ..input
            },
            &cfg,
        )
    };
    let edited = source.replace("Mondays", "Tuesdays");
    doc.edit(edited.clone());
    let second = after_edit(&doc, &first);
    let taken_back = |report: &claimlab::Report| -> Vec<bool> {
        (report.claims.iter())
            .map(|c| c.reasons[0].detail == "taken back")
            .collect()
    };
    // Taken back or checked again, the report is a fresh check's.
    let fresh_but_taken = |source: &str, taken: &[bool]| {
        let mut fresh = check(&Document::analyse(source, (&cfg).into()), &input, &cfg);
        for (c, taken) in fresh.claims.iter_mut().zip(taken) {
            if *taken {
                c.reasons[0].detail = "taken back".into();
            }
        }
        fresh
    };
    assert_eq!(taken_back(&second), [true, false, true, true]);
    assert_eq!(second.claims[1].verdict, Verdict::Contradicted);
    assert_eq!(second, fresh_but_taken(&edited, &taken_back(&second)));
    // C4's marks in S5 moved with the text after the edit, a byte on.
    let moved = |r: &claimlab::Report| {
        (r.claims[3].marks.iter())
            .filter(|m| m.side == claimlab::report::MarkSide::Source)
            .map(|m| m.byte_start)
            .min()
    };
    assert_eq!(moved(&second), moved(&first).map(|at| at + 1));
    // A new sentence renumbers those after it: the claims it cannot reach
    // are taken back under their sentences' new numbers.
    let mut second = second;
    second.claims[1].reasons[0].detail = "taken back".into();
    let split = edited.replace("Tuesdays.", "Tuesdays. Also Fridays.");
    doc.edit(split.clone());
    assert!(doc
        .last_edit()
        .is_some_and(|e| e.layout_kept && e.renumbers()));
    let third = after_edit(&doc, &second);
    assert_eq!(taken_back(&third), [true, false, true, true]);
    let best: Vec<Option<&str>> = (third.claims.iter())
        .map(|c| c.best_source.as_deref())
        .collect();
    assert_eq!(best, [Some("S1"), Some("S3"), Some("S5"), Some("S6")]);
    assert_eq!(third, fresh_but_taken(&split, &taken_back(&third)));
}

/// Sentences a large source and its answers are made of: names, numbers,
/// negations, contractions, curly apostrophes, capitals, words outside
/// ASCII, footnotes and citations.
const POOL: &[&str] = &[
    "The Halvorsen bridge opened in 1998 and carries 4 lanes.",
    "The bridge does not carry trains.[4]",
    "CYCLISTS USE THE EAST LANE EVERY MORNING.",
    "O'Brien won't sell the iPhone factory before 2030.",
    "Shan’t the rock’n’roll museum open on Sundays?",
    "Tolls rose to $1,200.00 in 2021, about 12% more than in 2020.",
    "The naïve plan of Dr. Ana Ruiz failed in its third year [2].",
    "The ferry is a cargo ship, and the cargo deck is open at night.",
    "Governor Philip Game opened the harbour tunnel in March 1932.",
    "Ancient Greece practiced slavery, and Athens was a model for other city-states.",
    "The reservoir supplies water to 40,000 homes in the valley.",
    "McDonald's opened a state-of-the-art kitchen in São Paulo.",
];

/// An answer sentence from the pool: as it is, negated, with its number
/// changed, with words dropped, or with an invented name.
fn answer_sentence(s: &str, how: u8) -> String {
    match how % 5 {
        0 => s.to_string(),
        1 => s
            .replacen(" does not ", " does ", 1)
            .replacen(" is ", " is not ", 1)
            .replacen(" was ", " was not ", 1)
            .replacen(" opened ", " never opened ", 1),
        2 => s
            .replacen("19", "17", 1)
            .replacen("40", "45", 1)
            .replacen('4', "9", 1),
        3 => {
            let words: Vec<&str> = s.split(' ').collect();
            words
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 3 != 1)
                .map(|(_, w)| *w)
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => format!(
            "{}, according to Dr. Helena Marwick.",
            s.trim_end_matches('.')
        ),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(40))]

    /// `claimlab check` indexes a large source for its answer's and samples'
    /// keys only, and a repair's new words on their own: its report is the
    /// report of a source indexed whole, whatever the answer, its samples,
    /// the repair and the settings.
    #[test]
    fn a_large_source_checked_for_its_answer_reports_as_a_source_indexed_whole(
        placed in proptest::collection::vec((0..POOL.len(), 0..5000usize), 1..8),
        answer in proptest::collection::vec((0..POOL.len(), proptest::prelude::any::<u8>()), 1..7),
        samples in proptest::collection::vec((0..POOL.len(), proptest::prelude::any::<u8>()), 0..3),
        preset in 0..=claimlab::Preset::ALL.len(),
        question in proptest::prelude::any::<bool>(),
    ) {
        let mut lines: Vec<String> = (0..5000)
            .map(|i| format!("Quartz glaciers migrate {i} leagues northward every winter."))
            .collect();
        for &(k, at) in &placed {
            lines[at] = format!("{} {}", lines[at], POOL[k]);
        }
        let source = lines.join("\n\n");
        proptest::prop_assume!(source.len() >= claimlab::output::PARALLEL_SOURCE_BYTES);
        let answer: String = answer
            .iter()
            .map(|&(k, how)| answer_sentence(POOL[k], how))
            .collect::<Vec<_>>()
            .join(" ");
        let samples: Vec<String> = samples
            .iter()
            .map(|&(k, how)| answer_sentence(POOL[k], how))
            .collect();
        let cfg = match preset {
            0 => Config::default(),
            p => claimlab::Preset::ALL[p - 1].config(),
        };
        let input = CheckInput {
            samples: &samples,
            question: if question { "Who opened the harbour tunnel?" } else { "" },
            ..CheckInput::answer(&answer)
        };
        let (_, got) = claimlab::output::check_source(source.clone(), &input, &cfg);
        let want = check(&Document::analyse(&source, (&cfg).into()), &input, &cfg);
        proptest::prop_assert_eq!(
            serde_json::to_string(&got).unwrap(),
            serde_json::to_string(&want).unwrap()
        );
    }
}

#[test]
fn a_greek_source_in_capitals_holds_the_words_its_lower_case_writes_with_a_final_sigma() {
    // "ΤΗΣ" has no final form: its lower case is "τησ", and "της" written
    // with the final sigma is the same word.
    let r = check_text(
        "ΤΟ ΜΟΥΣΕΙΟ ΤΗΣ ΑΘΗΝΑΣ ΑΝΟΙΞΕ ΞΑΝΑ ΣΗΜΕΡΑ.",
        "Το μουσειο της Αθηνας ανοιξε ξανα σημερα.",
        &cfg(),
    );
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
    assert_eq!(r.claims[0].support, 1.0, "{:?}", r.claims[0].reasons);
}

/// Every word pair of `fixtures/stemmer_word_pairs.tsv` (an answer's word,
/// a source's: `capably`, `capability`), each a claim pinned to a sentence of
/// its own among filler, is judged on a large source indexed only for the
/// answer's words (`text::wanted`) as a whole index judges it.
#[test]
fn word_forms_the_stemmer_rewrites_are_judged_on_a_large_source_as_a_whole_index_judges_them() {
    let pairs = include_str!("fixtures/stemmer_word_pairs.tsv");
    let pairs: Vec<(&str, &str)> = pairs.lines().filter_map(|l| l.split_once('\t')).collect();
    assert!(pairs.len() > 3_000);
    // Two made-up words (from the pair's number) open each pinned sentence,
    // so that a claim's best sentence is its own.
    let nonce = |mut n: usize| -> String {
        let mut word = String::new();
        for _ in 0..4 {
            word.push(b"bdfgkmnprstvz"[n % 13] as char);
            word.push(b"aeiou"[(n / 13) % 5] as char);
            n /= 65;
        }
        word
    };
    let (mut source, mut answer) = (String::new(), String::new());
    for (i, (said, held)) in pairs.iter().enumerate() {
        let opening = format!("The {} {}", nonce(2 * i + 7), nonce(2 * i + 8));
        source.push_str(&format!(
            "Quartz glaciers migrate {i} leagues northward every winter. {opening} {held}.\n\n"
        ));
        answer.push_str(&format!("{opening} {said}. "));
    }
    while source.len() < claimlab::output::PARALLEL_SOURCE_BYTES {
        source.push_str("Quartz glaciers migrate far northward every winter.\n\n");
    }
    let cfg = Config::default();
    let input = CheckInput::answer(&answer);
    let (doc, got) = claimlab::output::check_source(source.clone(), &input, &cfg);
    assert!(!doc.indexed_every_word());
    let want = check(&Document::analyse(&source, (&cfg).into()), &input, &cfg);
    assert_eq!(got.claims.len(), pairs.len());
    for (g, w) in got.claims.iter().zip(&want.claims) {
        assert_eq!(
            (g.verdict, g.support, &g.best_source),
            (w.verdict, w.support, &w.best_source),
            "{}",
            g.text
        );
    }
    assert_eq!(
        serde_json::to_string(&got).unwrap(),
        serde_json::to_string(&want).unwrap()
    );
}

/// A large source keeps its answers to name look-ups from check to check
/// (`text::mentions::PhraseAnswers`): a name typed into it, a character
/// at a time, and taken out again, finds the claim naming it invented,
/// not invented, and invented again, each check given the one before as
/// the lab gives it and each the report a fresh check gives.
#[test]
fn a_name_typed_into_and_out_of_a_large_source_is_found_as_a_fresh_check_finds_it() {
    use claimlab::pipeline::Earlier;
    let cfg = Config::default();
    // Past the size from which a source keeps its answers (64 KB of fold),
    // with "Mira" and "Lund" each in it, never together.
    let filler: String = (0..1_500)
        .map(|i| format!("Crew {i} of Mira painted the deck. Lund rests on its {i} piers.\n\n"))
        .collect();
    let source = format!("{filler}The bridge was inspected by the county.");
    let answer = "Crew 7 of Mira painted the deck. The bridge was inspected by Mira Lund.";
    let input = CheckInput::answer(answer);
    let invented = |r: &claimlab::Report| {
        (r.claims.iter()).any(|c| c.invented_entities.iter().any(|e| e.text == "Mira Lund"))
    };
    let mut doc = Document::analyse(&source, (&cfg).into());
    let mut report = check(&doc, &input, &cfg);
    assert!(invented(&report));
    let at = source.len() - " the county.".len();
    let mut text = source.clone();
    let mut seen = Vec::new();
    // " Mira Lund and" typed before "the county", then taken out again.
    let typed = " Mira Lund and";
    let steps = (1..=typed.len()).chain((0..typed.len()).rev());
    for n in steps {
        text = format!("{}{}{}", &source[..at], &typed[..n], &source[at..]);
        doc.edit(text.clone());
        let earlier = doc.last_edit().map(|edit| Earlier {
            answer,
            question: "",
            report: &report,
            source_edit: Some(edit),
            split: None,
        });
        let next = check(&doc, &CheckInput { earlier, ..input }, &cfg);
        let fresh = check(&Document::analyse(&text, (&cfg).into()), &input, &cfg);
        assert_eq!(next, fresh, "after typing {:?}", &typed[..n]);
        seen.push(invented(&next));
        report = next;
    }
    assert_eq!(text, source);
    // Invented until the name is whole ("Mira Lund" and a space after it),
    // then found, and invented again once it is cut.
    assert!(seen.contains(&false) && seen.first() == Some(&true) && seen.last() == Some(&true));
}

/// Claims checked on several threads (`claimlab check` of a large source)
/// make the report one thread makes: every claim, every repair's re-check
/// and every event of the trace in the claims' order, with samples or
/// without, under each preset.
#[test]
fn claims_checked_on_several_threads_report_what_one_thread_reports() {
    let source = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long. \
        The toll was abolished in 2006 by Mayor Ana Ruiz. Two ferries still cross the river every hour.\n\n\
        The museum on the east bank holds 3,200 maps. It opened in 1974 and closes on Mondays. \
        Entry is free for children under 12. The café serves lunch until 3 pm.";
    let answer =
        "The Ridgeline bridge opened in 1998 [S1]. Its main span is 460 metres long [S2]. \
        The toll was not abolished in 2006. Mayor Tomas Berg abolished the toll. \
        Two ferries cross the river every hour. The museum holds 3,200 maps [S1]. \
        It opened in 1974. It closes on Sundays. Entry is free for children under 16. \
        The café serves lunch until 3 pm. The museum was designed by Kurt Lenz. \
        Ferries have crossed the river since 1850.";
    let samples = [
        "The bridge opened in 1998 and its span is 410 metres.".to_string(),
        "The museum holds 3,200 maps and opened in 1974.".to_string(),
    ];
    for cfg in
        std::iter::once(Config::default()).chain(claimlab::Preset::ALL.iter().map(|p| p.config()))
    {
        let doc = Document::analyse(source, (&cfg).into());
        for samples in [&[][..], &samples[..]] {
            let input = CheckInput {
                samples,
                question: "When did the bridge open?",
                ..CheckInput::answer(answer)
            };
            let one = check(&doc, &input, &cfg);
            assert!(one.claims.len() >= claimlab::pipeline::CLAIMS_ON_THREADS);
            assert!(
                one.repair.as_ref().is_some_and(|r| r.applied),
                "a repair re-checks"
            );
            for threads in [2, 3, 8] {
                let many = claimlab::pipeline::check_split_on(&doc, &input, &cfg, None, threads);
                assert_eq!(
                    serde_json::to_string(&many).unwrap(),
                    serde_json::to_string(&one).unwrap(),
                    "{threads} threads"
                );
            }
        }
    }
}

/// `answer`, one claim whose date its sentence in `source` writes with
/// another number, is that one claim, contradicted, and not delivered.
fn assert_one_claim_contradicted(source: &str, answer: &str) {
    let r = check_text(source, answer, &cfg());
    assert_eq!(
        r.claims.len(),
        1,
        "{:?}",
        r.claims.iter().map(|c| &c.text).collect::<Vec<_>>()
    );
    assert_eq!(
        r.claims[0].verdict,
        Verdict::Contradicted,
        "{:?}",
        r.claims[0].reasons
    );
    assert_ne!(r.decision, Decision::Deliver);
}

/// A date with an abbreviated month is read in its sentence: a wrong year
/// after "Jan." is contradicted, not checked alone against another
/// sentence's year (a stranger's answer was delivered).
#[test]
fn a_wrong_year_after_an_abbreviated_month_is_contradicted() {
    assert_one_claim_contradicted(
        "The board signed the report on 3 Jan. 2022. The audit began on 5 Feb. 2021.",
        "The board signed the report on 3 Jan. 2021.",
    );
}

/// The same with an abbreviated weekday before the date ("Tue. 3 Oct.").
#[test]
fn a_wrong_day_after_an_abbreviated_weekday_is_contradicted() {
    assert_one_claim_contradicted(
        "The council voted on Tue. 3 Oct. 2023 to close the bridge. Repairs began on Mon. 9 Oct. 2023.",
        "The council voted on Tue. 5 Oct. 2023 to close the bridge.",
    );
}

/// And with a German ordinal day ("am 14. März 2024").
#[test]
fn a_wrong_day_in_a_german_date_is_contradicted() {
    assert_one_claim_contradicted(
        "Die Brücke wurde am 14. März 2024 gesperrt. Der Umbau begann am 2. Mai 2024.",
        "Die Brücke wurde am 16. März 2024 gesperrt.",
    );
}

/// A claim negating what its source states is a negation flip in the
/// other languages the lab tells apart too, either way round (German,
/// French `ne … pas`, Dutch, Spanish, Portuguese; a stranger's German
/// "ist nicht … freigegeben" was supported). English words that other
/// languages negate with ("non-profit") flip nothing.
#[test]
fn a_negation_flip_is_caught_in_german_french_dutch_spanish_and_portuguese() {
    for (source, answer) in [
        (
            "Das neue Klärwerk ist seit März für den Betrieb freigegeben.",
            "Das neue Klärwerk ist nicht für den Betrieb freigegeben.",
        ),
        (
            "Die Stadt hat keine Genehmigung für den zweiten Bauabschnitt erteilt.",
            "Die Stadt hat eine Genehmigung für den zweiten Bauabschnitt erteilt.",
        ),
        (
            "L'usine Hastan a ouvert à Rotasri en 1952.",
            "L'usine Hastan n'a pas ouvert à Rotasri en 1952.",
        ),
        (
            "De brug is nooit gerenoveerd door de gemeente.",
            "De brug is gerenoveerd door de gemeente.",
        ),
        (
            "El puente fue renovado por la ciudad en 1998.",
            "El puente nunca fue renovado por la ciudad.",
        ),
        (
            "A ponte não foi renovada pela cidade em 1998.",
            "A ponte foi renovada pela cidade em 1998.",
        ),
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(r.claims.len(), 1, "{answer}");
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Contradicted,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
        assert!(r.claims[0].negation.is_some(), "{answer}");
    }
    // Written as names, negators negate nothing: "Pier No. 7" is pier
    // number 7, the Geen family a family (a second stranger's findings);
    // in capitals they still negate.
    for (source, answer) in [
        // ("non-" negates the word it is written on, no other: "a profit
        // charity" against it is a flip, `checks::negation::prefix_flip`.)
        (
            "The group is a non-profit charity founded by Mai Tran in 2004.",
            "The group is a non-profit charity founded by Tran in 2004.",
        ),
        (
            "The boat docks at Pier No. 7 every day.",
            "The boat docks at Pier 7 every day.",
        ),
        (
            "The Geen family owns the red boat.",
            "The family owns the red boat.",
        ),
        (
            "The Kein brothers built the old mill.",
            "The brothers built the old mill.",
        ),
    ] {
        let r = check_text(source, answer, &cfg());
        assert!(
            r.claims[0].negation.is_none(),
            "{answer}: {:?}",
            r.claims[0].reasons
        );
    }
    let r = check_text(
        "Das Werk ist für den Betrieb freigegeben.",
        "Das Werk ist KEIN Betrieb und NICHT freigegeben.",
        &cfg(),
    );
    assert!(r.claims[0].negation.is_some(), "{:?}", r.claims[0].reasons);
}

/// The same negation with its words in another order is no flip (a
/// stranger's five were contradicted); a negation of another word beside
/// a plain statement still is, and one set off by an aside still flips.
#[test]
fn a_negation_with_its_words_reordered_is_no_flip() {
    let source = "Staff should not directly contact the press. \
        The drug has never been formally approved in Europe. \
        Visitors may not, under any circumstances, feed the animals. \
        The library does not usually lend rare books. \
        Die Transportmethode wird niemals direkt durch einen Benutzer aufgerufen.";
    for answer in [
        "Staff should not contact the press directly.",
        "The drug has never been approved in Europe formally.",
        "Visitors may not feed the animals under any circumstances.",
        "The library does not lend rare books usually.",
        "Die Transportmethode wird niemals durch einen Benutzer direkt aufgerufen.",
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Supported,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
        assert!(r.claims[0].negation.is_none(), "{answer}");
    }
    for (source, answer) in [
        (
            "The drone is not heavy and is waterproof.",
            "The drone is not waterproof.",
        ),
        (
            "Visitors may not, under any circumstances, feed the animals.",
            "Visitors may feed the animals.",
        ),
        ("The cafe is not, however, cheap.", "The cafe is cheap."),
        (
            "Staff should not directly contact the press.",
            "Staff should directly contact the press.",
        ),
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Contradicted,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
        assert!(r.claims[0].negation.is_some(), "{answer}");
    }
}

/// An identifier whose run of digits grew or shrank is another one of the
/// same shape: a conflict, not a word the sentence merely lacks (a
/// stranger's four were supported).
#[test]
fn an_identifier_with_a_longer_digit_run_is_contradicted() {
    let source = "Take the A1 road to the coast. Send the form to the W3C working group. \
        The files use the MD5 checksum for integrity.";
    for answer in [
        "Take the A12 road to the coast.",
        "Send the form to the W33C working group.",
        "The files use the MD25 checksum for integrity.",
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Contradicted,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
    }
    let same = check_text(source, "Take the A1 road to the coast.", &cfg());
    assert_eq!(same.claims[0].verdict, Verdict::Supported);
}

/// A name after a number word in one run of capitals is still a name: a
/// stranger's "the Eight-Hour Thaddeus Morcombe" was dropped with the
/// value and supported. A date inside a run still leaves the names in it.
#[test]
fn a_name_after_a_number_word_is_still_checked() {
    let source = "He was instrumental in the passage of the Eight-Hour Law in 1885. \
        On 8 Jan 2024 Anna Berg opened the hall.";
    for (answer, invented) in [
        (
            "He was instrumental in the passage of the Eight-Hour Thaddeus Morcombe in 1885.",
            "Thaddeus Morcombe",
        ),
        (
            "On 8 Jan 2024 Quillon Baskerfield opened the hall.",
            "Quillon Baskerfield",
        ),
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Unsupported,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
        assert!(
            r.claims[0]
                .invented_entities
                .iter()
                .any(|e| e.text.contains(invented)),
            "{answer}: {:?}",
            r.claims[0].invented_entities
        );
    }
    for answer in [
        "He was instrumental in the passage of the Eight-Hour Law in 1885.",
        "On 8 Jan 2024 Anna Berg opened the hall.",
    ] {
        let r = check_text(source, answer, &cfg());
        assert_eq!(
            r.claims[0].verdict,
            Verdict::Supported,
            "{answer}: {:?}",
            r.claims[0].reasons
        );
    }
}

/// A sentence opening with a name in lower then upper case ("eBay") is a
/// claim of its own: a stranger's invented one rode on the true sentence
/// before it, supported.
#[test]
fn a_sentence_opening_with_ebay_is_its_own_claim() {
    let r = check_text(
        "The Ridgeline bridge opened in 1998 after four years of work.",
        "The Ridgeline bridge opened in 1998 after four years of work. eBay owns the bridge today.",
        &cfg(),
    );
    assert_eq!(
        r.claims.len(),
        2,
        "{:?}",
        r.claims.iter().map(|c| &c.text).collect::<Vec<_>>()
    );
    assert_eq!(r.claims[0].verdict, Verdict::Supported);
    assert_ne!(r.claims[1].verdict, Verdict::Supported);
    assert_ne!(r.decision, Decision::Deliver);
}

/// Repair patches an identifier written with other digits with the one
/// of its shape the sentence writes, as it patches a number.
#[test]
fn repair_patches_an_identifier_written_with_other_digits() {
    let r = check_text(
        "If you are eligible for the Post-9/11 GI Bill, you must choose a benefit.",
        "If you are eligible for the Post-44/11 GI Bill, you must choose a benefit.",
        &cfg(),
    );
    assert_eq!(
        r.claims[0].verdict,
        Verdict::Contradicted,
        "{:?}",
        r.claims[0].reasons
    );
    let repair = r.repair.expect("a contradicted answer is repaired");
    assert!(
        repair
            .changes
            .iter()
            .any(|c| c == "Replaced 'Post-44/11' → 'Post-9/11'"),
        "{:?}",
        repair.changes
    );
    assert!(repair.succeeded, "{:?}", repair.changes);
    assert!(
        repair.after.contains("Post-9/11 GI Bill"),
        "{}",
        repair.after
    );
}

/// A paragraph with no full stop is cut into sentences of at most 2 KB; a
/// fact that straddles a cut is read across it: its number, past the cut,
/// is stated, and another number conflicts with both pieces (a stranger's
/// verbatim claim was contradicted: "114 rpm is not in S477").
#[test]
fn a_number_across_a_cut_for_length_is_stated() {
    let mut source = String::new();
    let mut k = 0;
    while source.len() < 2_000 {
        source += &format!("the pump on line {k} is grey and ");
        k += 1;
    }
    source += "the quigrugru coupling on the vargrumi line runs at 114 rpm and ";
    source += &"the gate is shut and ".repeat(40);
    let cfg = Config::default();
    let doc = Document::analyse(&source, (&cfg).into());
    let (first, second) = (doc.sentence_text(0), doc.sentence_text(1));
    assert!(
        first.contains("quigrugru") && !first.contains("114"),
        "{first}"
    );
    assert!(second.contains("114 rpm"), "{second}");
    let claim = "The quigrugru coupling on the vargrumi line runs at 114 rpm.";
    let report = check_text(&source, claim, &cfg);
    let c = &report.claims[0];
    assert!(c.number_mismatches.is_empty(), "{:?}", c.reasons);
    assert_ne!(c.verdict, Verdict::Contradicted);
    let wrong = check_text(&source, &claim.replace("114", "115"), &cfg);
    let c = &wrong.claims[0];
    assert_eq!(c.verdict, Verdict::Contradicted);
    assert!(
        c.reasons[0].detail.contains("S1–S2"),
        "{}",
        c.reasons[0].detail
    );
    // Sentences that end are not read across.
    let ended = source.replacen(" and the quigrugru", ". The quigrugru", 1);
    let doc = Document::analyse(&ended, (&cfg).into());
    assert_eq!(doc.across_length_cuts(0).count(), 0);
}
