//! Every figure the seed documents give, reproduced under the seed settings.
//! One test per figure or scenario, named after it.

use claimlab::checks::consistency::GivenVectors;
use claimlab::drift::{self, Fingerprint};
use claimlab::examples::{self, Example};
use claimlab::repair::{SAFE_DECLINE, SCRUB_NOTE};
use claimlab::report::ReasonKind;
use claimlab::report::Strategy;
use claimlab::scoring::{RiskLevel, Routing, Trigger};
use claimlab::{check, Config, Decision, Document, Policy, Report, Verdict};

fn run(ex: &Example, cfg: &Config) -> Report {
    let doc = Document::analyse(&ex.source, cfg.into());
    let history = ex.history_fingerprints();
    check(&doc, &ex.input(&history), cfg)
}

fn example(name: &str) -> Example {
    examples::by_name(name).unwrap_or_else(|| panic!("no example {name}"))
}

fn seed(name: &str) -> Report {
    let ex = example(name);
    run(&ex, &ex.config)
}

fn with(name: &str, change: impl FnOnce(&mut Config)) -> Report {
    let ex = example(name);
    let mut cfg = ex.config.clone();
    change(&mut cfg);
    run(&ex, &cfg)
}

fn verdicts(r: &Report) -> Vec<Verdict> {
    r.claims.iter().map(|c| c.verdict).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

// ---------------------------------------------------------------- seed 004

#[test]
fn seed_004_opening_answer_has_three_claims_c1_and_c3_supported_by_s1_and_s4() {
    let r = seed("opening-answer");
    assert_eq!(r.claims.len(), 3);
    assert_eq!(r.sources.len(), 6);
    assert_eq!(
        (r.claims[0].verdict, r.claims[0].best_source.as_deref()),
        (Verdict::Supported, Some("S1"))
    );
    assert_eq!(
        (r.claims[2].verdict, r.claims[2].best_source.as_deref()),
        (Verdict::Supported, Some("S4"))
    );
}

#[test]
fn seed_004_c2_overlaps_s3_at_0_8_and_is_contradicted_by_460_vs_410() {
    let r = seed("opening-answer");
    let c2 = &r.claims[1];
    assert_eq!(c2.best_source.as_deref(), Some("S3"));
    assert_eq!(c2.support, 0.8);
    assert_eq!(
        (
            c2.matched_words.len(),
            c2.matched_words.len() + c2.missing_words.len()
        ),
        (4, 5)
    );
    assert_eq!(c2.verdict, Verdict::Contradicted);
    assert_eq!(c2.number_mismatches[0].claim_number, "460");
    assert_eq!(c2.number_mismatches[0].source_numbers, ["410"]);
    assert_eq!(c2.reasons[0].kind, ReasonKind::NumberMismatch);
    assert!(c2.reasons[0].detail.contains("460") && c2.reasons[0].detail.contains("410"));
}

#[test]
fn seed_004_opening_answer_is_withheld_under_block() {
    let r = seed("opening-answer");
    assert_eq!(r.policy, Policy::Block);
    assert_eq!(r.decision, Decision::Block);
}

#[test]
fn seed_004_without_the_number_check_the_wrong_span_ships_with_three_supported_claims() {
    let r = with("opening-answer", |c| c.number_check = false);
    assert_eq!(verdicts(&r), [Verdict::Supported; 3]);
    assert_eq!(r.decision, Decision::Deliver);
}

#[test]
fn seed_004_under_flag_the_answer_is_delivered_marked_with_c2() {
    let r = with("opening-answer", |c| c.policy = Policy::Flag);
    assert_eq!(r.decision, Decision::DeliverWithFlags);
    assert_eq!(r.first_problem.as_deref(), Some("C2"));
}

#[test]
fn seed_004_invented_fact_is_unsupported_at_any_positive_threshold() {
    for t in [0.01, 0.25, 0.5, 0.65, 1.0] {
        let r = with("invented-fact", |c| c.support_threshold = t);
        let c2 = &r.claims[1];
        assert_eq!(
            (c2.verdict, c2.support, c2.best_source.as_deref()),
            (Verdict::Unsupported, 0.0, None),
            "threshold {t}"
        );
        assert_eq!(c2.reasons[0].kind, ReasonKind::NoMatch);
    }
}

#[test]
fn seed_004_wrong_citation_is_miscited_s5_supports_it_but_it_cites_s2() {
    let r = seed("wrong-citation");
    let c2 = &r.claims[1];
    assert_eq!(c2.best_source.as_deref(), Some("S5"));
    assert_eq!(c2.citations.cited, ["S2"]);
    assert_eq!(c2.verdict, Verdict::Miscited);
    assert_eq!(c2.reasons[0].kind, ReasonKind::WrongCitation);
}

#[test]
fn seed_004_without_the_citation_check_both_claims_are_supported_and_delivered() {
    let r = with("wrong-citation", |c| c.citation_check = false);
    assert_eq!(verdicts(&r), [Verdict::Supported; 2]);
    assert_eq!(r.decision, Decision::Deliver);
}

#[test]
fn seed_004_paraphrase_overlaps_three_of_five_0_6() {
    let r = seed("correct-paraphrase");
    let c2 = &r.claims[1];
    assert_eq!(
        (c2.support, c2.matched_words.len(), c2.missing_words.len()),
        (0.6, 3, 2)
    );
    assert_eq!(c2.best_source.as_deref(), Some("S3"));
}

#[test]
fn seed_004_paraphrase_is_supported_at_0_5_and_blocked_at_0_65() {
    let r = seed("correct-paraphrase");
    assert_eq!(r.claims[1].verdict, Verdict::Supported);
    assert_eq!(r.decision, Decision::Deliver);
    let r = with("correct-paraphrase", |c| c.support_threshold = 0.65);
    assert_eq!(r.claims[1].verdict, Verdict::Unsupported);
    assert_eq!(r.decision, Decision::Block);
}

#[test]
fn seed_004_default_support_threshold_is_0_5() {
    assert_eq!(Config::default().support_threshold, 0.5);
}

#[test]
fn seed_004_replay_reveals_the_claims_one_by_one_over_sixty_seconds() {
    let r = seed("opening-answer");
    let times = claimlab::trace::reveal_times(&r.trace, 60_000);
    let first_of = |id: &str| {
        times[r
            .trace
            .iter()
            .position(|e| e.claim.as_deref() == Some(id))
            .unwrap()]
    };
    // One by one: C1, then C2, then C3, each event in its own even step,
    // the first at once and the last (repair, decision, risk) at sixty seconds.
    assert!(first_of("C1") < first_of("C2") && first_of("C2") < first_of("C3"));
    assert_eq!((times[0], *times.last().unwrap()), (0, 60_000));
    let step = times[1] - times[0];
    assert!(
        times
            .windows(2)
            .all(|w| w[1] - w[0] + 1 >= step && w[1] - w[0] <= step + 1),
        "{times:?}"
    );
}

// ---------------------------------------------------------------- seed 000

#[test]
fn seed_000_tagore_support_is_1_0_and_0_33_and_flags_mumbai() {
    let r = seed("tagore");
    let support: Vec<f64> = r
        .claims
        .iter()
        .map(|c| (c.consistency.as_ref().unwrap().agreement * 100.0).round() / 100.0)
        .collect();
    assert_eq!(support, [1.0, 0.33]);
    let flagged: Vec<&str> = r
        .claims
        .iter()
        .filter(|c| c.consistency.as_ref().unwrap().flagged)
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(flagged, ["He was born in Mumbai."]);
    assert_eq!(verdicts(&r), [Verdict::Supported, Verdict::Unsupported]);
    assert_eq!(r.embedder.as_deref(), Some("given vectors"));
}

#[test]
fn seed_000_thresholds_are_0_8_similarity_and_0_5_support() {
    let c = Config::default();
    assert_eq!((c.sim_threshold, c.consistency_threshold), (0.8, 0.5));
}

#[test]
fn seed_000_a_consistent_hallucination_passes() {
    let mut ex = example("tagore");
    ex.samples = vec!["Tagore won the Nobel Prize in 1913. Tagore was born in Mumbai.".into(); 3];
    let mut vectors = ex.vectors.clone().unwrap().0;
    vectors.insert(
        "Tagore won the Nobel Prize in 1913.".into(),
        vec![1.0, 0.0, 0.0],
    );
    ex.vectors = Some(GivenVectors(vectors));
    let r = run(&ex, &ex.config);
    assert_eq!(verdicts(&r), [Verdict::Supported, Verdict::Supported]);
}

#[test]
fn seed_000_with_no_usable_samples_everything_is_flagged() {
    let mut ex = example("tagore");
    ex.samples = vec![String::new(), "   ".into()];
    let r = run(&ex, &ex.config);
    assert!(r
        .claims
        .iter()
        .all(|c| c.consistency.as_ref().unwrap().flagged));
    assert_eq!(verdicts(&r), [Verdict::Unsupported, Verdict::Unsupported]);
}

// ---------------------------------------------------------------- seed 001

#[test]
fn seed_001_scenario_3_billing_detect_figures() {
    let r = seed("billing-contradiction");
    assert_eq!(r.risk.level, RiskLevel::Critical);
    assert_eq!(r.risk.triggers, [Trigger::Contradiction]);
    assert!(close(r.summary.confidence.score, 0.50));
    assert!(close(r.summary.faithfulness, 0.50));
    assert!(r.summary.contradiction);
    let c1 = &r.claims[0];
    assert_eq!(c1.number_mismatches[0].claim_number, "$10");
    assert_eq!(c1.number_mismatches[0].source_numbers, ["$120"]);
    assert!(r.claims.iter().all(|c| c.invented_entities.is_empty()));
    let d = r.drift.as_ref().unwrap();
    assert!(!d.drifted);
    assert_eq!(d.delta, 0.0);
}

#[test]
fn seed_001_scenario_3_billing_scores_0_40_and_routes_healed_accept() {
    let r = seed("billing-contradiction");
    let c = &r.quality.components;
    assert!(
        close(c.faithfulness, 0.20)
            && close(c.consistency, 0.00)
            && close(c.confidence, 0.10)
            && close(c.latency, 0.10)
    );
    assert!(close(r.quality.score, 0.40));
    assert_eq!(r.quality.routing, Routing::HealedAccept);
}

#[test]
fn seed_001_scenario_3_billing_heal_patches_price_and_billing_period() {
    let r = seed("billing-contradiction");
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::ContradictionPatch);
    assert_eq!(
        (h.initial_risk, h.final_risk),
        (RiskLevel::Critical, RiskLevel::Low)
    );
    assert_eq!(h.before, "The Pro plan costs $10 per month, billed monthly. You can cancel your monthly subscription at any time.");
    assert_eq!(h.after, "The Pro plan costs $120 per year, billed annually. You can cancel your annual subscription at any time.");
    assert_eq!(h.changes[0], "Replaced '$10' → '$120'");
    for change in [
        "'per month' → 'per year'",
        "'monthly subscription' → 'annual subscription'",
        "'billed monthly' → 'billed annually'",
    ] {
        assert!(
            h.changes.iter().any(|c| c.ends_with(change)),
            "missing {change}: {:?}",
            h.changes
        );
    }
    assert_eq!(
        h.changes.last().unwrap(),
        "Confidence recalibrated: 0.50 → 0.65 (contradiction_patch)"
    );
    assert_eq!((h.confidence_before, h.confidence_after), (0.50, 0.65));
}

#[test]
fn seed_001_scenario_1_confident_lie_is_patched_critical_to_low_confidence_1_00_to_0_80() {
    let r = seed("confident-lie");
    assert_eq!(r.summary.confidence.score, 1.0);
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::ContradictionPatch);
    assert_eq!(
        (h.initial_risk, h.final_risk),
        (RiskLevel::Critical, RiskLevel::Low)
    );
    assert_eq!((h.confidence_before, h.confidence_after), (1.00, 0.80));
    assert!(h.after.contains("within 14 days"));
    assert_eq!(r.quality.routing, Routing::HealedAccept);
}

#[test]
fn seed_001_scenario_2_hallucinated_citation_faithfulness_0_triggers_grounding_rewrite() {
    let r = seed("hallucinated-citation");
    assert_eq!(r.summary.faithfulness, 0.0);
    let invented: Vec<&str> = r
        .claims
        .iter()
        .flat_map(|c| c.invented_entities.iter().map(|e| e.text.as_str()))
        .collect();
    assert_eq!(
        invented,
        [
            "Dr. James Harrison",
            "Dr. Wei Liu",
            "arXiv:2204.09876",
            "DeepMind Research Institute"
        ]
    );
    let h = r.repair.as_ref().unwrap();
    assert_eq!(
        h.strategy,
        Strategy::GroundingRewrite,
        "faithfulness 0.00 fires before entities are considered"
    );
    assert!(h.succeeded);
    assert_eq!(h.after, "According to the provided data: Recent studies show transformer models achieve 94% accuracy on NER tasks.");
}

#[test]
fn seed_001_scenario_4_drift_and_contradiction_are_critical_and_rewritten_confidence_0_50() {
    let r = seed("answer-drift");
    assert!(r.drift.as_ref().unwrap().drifted);
    assert!(
        r.risk.triggers.contains(&Trigger::Drift)
            && r.risk.triggers.contains(&Trigger::Contradiction)
    );
    assert_eq!(r.risk.level, RiskLevel::Critical);
    assert_eq!(r.claims[0].number_mismatches[0].claim_number, "$39.99");
    assert_eq!(r.claims[0].number_mismatches[0].source_numbers, ["$49.99"]);
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::GroundingRewrite);
    assert_eq!(
        (h.initial_risk, h.final_risk),
        (RiskLevel::Critical, RiskLevel::Low)
    );
    assert_eq!((h.confidence_before, h.confidence_after), (0.50, 0.50));
}

#[test]
fn seed_001_scenario_4_drift_only_would_be_medium() {
    // The same drifted answer without its contradiction: drift alone is medium.
    let mut ex = example("answer-drift");
    ex.answer =
        "The Aurora desk lamp costs $49.99 at the moment, according to the shop listing today."
            .into();
    let r = run(&ex, &ex.config);
    assert!(r.drift.as_ref().unwrap().drifted, "{:?}", r.drift);
    assert_eq!(r.risk.triggers, [Trigger::Drift]);
    assert_eq!(r.risk.level, RiskLevel::Medium);
}

#[test]
fn seed_001_scenario_5_clean_answer_needs_no_healing_confidence_0_62() {
    let r = seed("clean-answer");
    assert_eq!(r.risk.level, RiskLevel::Low);
    assert_eq!(verdicts(&r), [Verdict::Supported; 4]);
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::NoHealingNeeded);
    assert_eq!(
        (h.initial_risk, h.final_risk),
        (RiskLevel::Low, RiskLevel::Low)
    );
    assert_eq!((h.confidence_before, h.confidence_after), (0.62, 0.62));
    assert_eq!(r.quality.routing, Routing::Accept);
}

#[test]
fn seed_001_sku_441_drifts_on_the_sixth_answer() {
    let ex = example("answer-drift");
    let cfg = Config::default();
    let mut recorded: Vec<Fingerprint> = Vec::new();
    for (i, answer) in ex.history.iter().chain([&ex.answer]).enumerate() {
        let fingerprint = drift::fingerprint(answer);
        let from = recorded.len().saturating_sub(drift::history_needed(&cfg));
        let result = drift::compare(&fingerprint, &recorded[from..], &cfg);
        assert_eq!(result.drifted, i == 5, "answer {}: {result:?}", i + 1);
        recorded.push(fingerprint);
    }
}

#[test]
fn seed_001_thresholds_and_strict_mode() {
    let c = Config::default();
    assert_eq!(
        (
            c.confidence_threshold,
            c.faithfulness_threshold,
            c.drift_threshold,
            c.drift_min_similarity
        ),
        (0.75, 0.50, 0.35, 0.65)
    );
    assert_eq!(
        (c.drift_window, c.drift_min_history, c.rewrite_below),
        (10, 3, 0.30)
    );
    let s = claimlab::Preset::Strict.config();
    assert_eq!(
        (
            s.faithfulness_threshold,
            s.support_threshold,
            s.confidence_threshold,
            s.drift_threshold
        ),
        (0.70, 0.70, 0.60, 0.25)
    );
}

#[test]
fn seed_001_quality_weights() {
    use claimlab::scoring::*;
    assert_eq!(
        (
            WEIGHT_FAITHFULNESS,
            WEIGHT_CONSISTENCY,
            WEIGHT_CONFIDENCE,
            WEIGHT_LATENCY,
            DRIFT_PENALTY
        ),
        (0.40, 0.30, 0.20, 0.10, 0.20)
    );
}

#[test]
fn seed_001_strict_config_triggers_confident_but_unfaithful() {
    // One assertive marker in 23 words: confidence 0.5 + 0.5 × 10/23 ≈ 0.72,
    // above strict's 0.60 but not seed's 0.75; and the claim is ungrounded.
    let source = "The Pro plan costs $120 per year, billed annually.";
    let answer = "The Pro plan definitely includes unlimited storage, priority phone support for every team member worldwide, a dedicated account manager and free onboarding sessions.";
    let seed_cfg = Config::default();
    let strict = claimlab::Preset::Strict.config();
    let r = claimlab::check_text(source, answer, &seed_cfg);
    let conf = r.summary.confidence.score;
    assert!(conf > 0.60 && conf <= 0.75, "confidence {conf}");
    assert!(!r.risk.triggers.contains(&Trigger::ConfidentButUnfaithful));
    let r = claimlab::check_text(source, answer, &strict);
    assert!(
        r.risk.triggers.contains(&Trigger::ConfidentButUnfaithful),
        "{:?}",
        r.risk
    );
}

#[test]
fn seed_001_contradiction_patch_caps_confidence_at_0_80() {
    let r = seed("confident-lie");
    assert_eq!(r.repair.unwrap().confidence_after, 0.80);
}

#[test]
fn seed_001_entity_scrub_removes_the_sentence_says_so_and_scales_confidence_by_0_85() {
    let source =
        "The Ridgeline bridge opened to traffic in 1998. The main span is 410 metres long.";
    let answer = "The Ridgeline bridge opened to traffic in 1998. The main span is 410 metres long. Its engineer Dr. Maria Okafor also designed the Varna tunnel.";
    let r = claimlab::check_text(source, answer, &Config::default());
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::EntityScrub);
    assert!(h.succeeded, "{h:?}");
    assert!(!h.after.contains("Okafor"));
    assert!(h.after.ends_with(SCRUB_NOTE));
    assert!(close(
        h.confidence_after,
        (h.confidence_before * 0.85 * 100.0).round() / 100.0
    ));
}

#[test]
fn seed_001_entity_scrub_of_every_sentence_serves_the_safe_decline() {
    let source =
        "The Ridgeline bridge opened to traffic in 1998. The main span is 410 metres long.";
    let answer = "The Ridgeline bridge was opened in 1998 by Mayor Jonas Berg. The 410 metres main span was designed by Dr. Maria Okafor.";
    let r = claimlab::check_text(source, answer, &Config::default());
    let h = r.repair.as_ref().unwrap();
    assert_eq!(h.strategy, Strategy::EntityScrub);
    assert!(!h.succeeded);
    assert_eq!(h.after, SAFE_DECLINE);
    assert_eq!(r.quality.routing, Routing::Discard);
}

#[test]
fn seed_001_grounding_rewrite_hedged_scores_lower_than_assertive() {
    let source = "Recent studies show transformer models achieve 94% accuracy on NER tasks.";
    let assertive =
        "Dr. James Harrison definitely published it, guaranteed, at DeepMind Research Institute.";
    let hedged =
        "I think Dr. James Harrison might have published it at DeepMind Research Institute.";
    let a = claimlab::check_text(source, assertive, &Config::default())
        .repair
        .unwrap();
    let h = claimlab::check_text(source, hedged, &Config::default())
        .repair
        .unwrap();
    assert_eq!(
        (a.strategy, h.strategy),
        (Strategy::GroundingRewrite, Strategy::GroundingRewrite)
    );
    assert!(
        h.confidence_after < a.confidence_after,
        "{} vs {}",
        h.confidence_after,
        a.confidence_after
    );
}
