//! The learned decision (`--preset improved`) on cases a stranger wrote
//! against one source (issue 15's review): what a user should get, and the
//! invariants the model card promises (length alone adds nothing, the
//! threshold moves the decision one way, findings that name their evidence
//! are never forgiven, contributions sum to the logit).

use claimlab::model::logit;
use claimlab::{check, CheckInput, Config, Decision, Document, Preset, Report};

const SOURCE: &str = "The Marlow Observatory was founded in 1912 by the astronomer Edith Calloway.
It stands on Kestrel Hill, about 40 kilometres west of the city of Dunmore.
The main telescope has a mirror 2.1 metres wide.
The observatory employs 35 staff, including 12 researchers.
Public tours run every Saturday from April to October.
In 1987 the dome was rebuilt after a fire destroyed the original roof.
The observatory discovered the comet Calloway-Breen in 1931.
Admission for adults costs 8 euros, and children under 12 enter free.
The site is not open to visitors during the winter months.
Its archive holds more than 60,000 photographic plates.";

const FOUNDED: &str = "When was the Marlow Observatory founded?";
const MIRROR: &str = "How wide is the main telescope's mirror?";
const WINTER: &str = "Can visitors go to the site in winter?";
const ABOUT: &str = "Tell me about the Marlow Observatory.";

fn run(question: &str, answer: &str, cfg: &Config) -> Report {
    let doc = Document::analyse(SOURCE, cfg.into());
    let input = CheckInput {
        question,
        ..CheckInput::answer(answer)
    };
    check(&doc, &input, cfg)
}

fn improved(question: &str, answer: &str) -> Report {
    run(question, answer, &Preset::Improved.config())
}

#[test]
fn the_strangers_cases_decide_as_a_reader_would() {
    let deliver = [
        (FOUNDED, "It was founded in 1912."),
        ("Who founded the Marlow Observatory?", "Edith Calloway founded it."),
        (MIRROR, "The mirror is 2.1 metres wide."),
        (WINTER, "No, the site is not open to visitors during the winter months."),
        (ABOUT, SOURCE),
        ("", SOURCE),
        (ABOUT, "Astronomer Edith Calloway established the Marlow Observatory in 1912. It sits on Kestrel Hill roughly 40 km west of Dunmore. Its primary telescope mirror measures 2.1 metres across."),
        (MIRROR, "The main telescope has a mirror 2.1 metres wide [S3]."),
        (MIRROR, "The mirror is 210 centimetres wide."),
        ("", "Edith Calloway founded the Marlow Observatory in 1912. The observatory stands on Kestrel Hill, west of Dunmore. It employs 35 staff. Tours run on Saturdays from April to October. The archive holds over 60,000 photographic plates."),
    ];
    let block = [
        (FOUNDED, "It was founded in 1921."),
        ("Who founded the Marlow Observatory?", "Margaret Holloway founded it."),
        (MIRROR, "The mirror is 3.5 metres wide."),
        (WINTER, "Yes, the site is open to visitors during the winter months."),
        (MIRROR, "The main telescope has a mirror 2.1 metres wide [S7]."),
        (MIRROR, "The main telescope has a mirror 2.1 metres wide [S42]."),
        ("Who founded the Marlow Observatory?", "El observatorio fue fundado en 1912 por la astrónoma Edith Calloway."),
        ("Summarise the text.", "Edith Calloway founded the Marlow Observatory in 1912. The observatory stands on Kestrel Hill, west of Dunmore. It employs 53 staff. Tours run on Saturdays from April to October. The archive holds over 60,000 photographic plates."),
        ("Summarise the text.", "Edith Calloway founded the Marlow Observatory in 1912. The observatory stands on Kestrel Hill, west of Dunmore. The site is open to visitors during the winter months. Tours run on Saturdays from April to October."),
    ];
    let mut wrong = Vec::new();
    for (want, cases) in [
        (Decision::Deliver, &deliver[..]),
        (Decision::Block, &block[..]),
    ] {
        for (q, a) in cases {
            let r = improved(q, a);
            if r.decision != want {
                let p = r.answer_score.as_ref().map_or(f64::NAN, |s| s.probability);
                wrong.push(format!(
                    "{a:.60} (question {q:?}): {} at {p:.3}",
                    r.decision.name()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn faithful_padding_never_hides_a_wrong_number() {
    let wrong = "Admission for adults costs 15 euros.";
    let padding: Vec<&str> = SOURCE
        .lines()
        .filter(|l| !l.starts_with("Admission"))
        .collect();
    for k in 0..=padding.len() {
        let answer = format!("{} {wrong}", padding[..k].join(" "));
        for q in [ABOUT, ""] {
            let r = improved(q, &answer);
            assert_eq!(
                r.decision,
                Decision::Block,
                "{k} faithful claims before it, question {q:?}"
            );
        }
    }
}

#[test]
fn saying_the_same_answer_again_scores_the_same() {
    // Over 25 words, so that it stays a long answer (a short one has other
    // weights: the regime is chosen by length, the model card says).
    let once = "The mirror is 2.1 metres wide, on Kestrel Hill about forty kilometres west of Dunmore. The observatory employs 53 staff, including 12 researchers, and tours run on Saturdays.";
    let thrice = [once; 3].join(" ");
    for q in [ABOUT, ""] {
        let (a, b) = (improved(q, once), improved(q, &thrice));
        let p = |r: &Report| r.answer_score.as_ref().unwrap().probability;
        assert!((p(&a) - p(&b)).abs() < 1e-12, "{} against {}", p(&a), p(&b));
    }
}

#[test]
fn a_higher_threshold_never_blocks_more_and_contributions_sum_to_the_logit() {
    let answers = [
        "The observatory was founded by Edith Calloway and is famous for its radio telescopes.",
        "The Marlow Observatory has about 50 researchers and a planetarium.",
        SOURCE,
    ];
    for a in answers {
        let mut blocked_before = true;
        for k in 0..=20 {
            let cfg = Config {
                decision_threshold: k as f64 / 20.0,
                ..Preset::Improved.config()
            };
            let r = run(ABOUT, a, &cfg);
            let blocked = r.decision == Decision::Block;
            assert!(
                !blocked || blocked_before,
                "{a:.40}: blocked again at {}",
                k as f64 / 20.0
            );
            blocked_before = blocked;
            let s = r.answer_score.as_ref().unwrap();
            let sum: f64 = s.contributions.iter().map(|c| c.contribution).sum();
            assert!((logit(s.baseline) + sum - logit(s.probability)).abs() < 1e-9);
        }
    }
}

#[test]
fn the_seed_preset_has_no_learned_score_and_blocks_any_failing_claim() {
    let r = run(
        ABOUT,
        "The mirror is 2.1 metres wide. It was painted by Picasso in 1950.",
        &Config::default(),
    );
    assert!(r.answer_score.is_none() && r.claims.iter().all(|c| c.score.is_none()));
    assert_eq!(r.decision, Decision::Block);
}
