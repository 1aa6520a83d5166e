//! The lab's components in headless Chromium (wasm32 only): each mounted on
//! its own, driven through the DOM, checked against what the core computed.
#![cfg(target_arch = "wasm32")]

use claimlab::app::claims::ClaimsPanel;
use claimlab::app::controls::Controls;
use claimlab::app::editors::AnswerPanel;
use claimlab::app::lessons::{track_progress, LessonsPanel};
use claimlab::app::trace::{DecisionBanner, FinalMetrics, TracePanel};
use claimlab::app::Lab;
use claimlab::lab_state::LabState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn host() -> web_sys::HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    host.unchecked_into()
}

/// A lab as the page makes it. The page mounts first, which starts Leptos's
/// executor; a test makes the lab before mounting, so it starts it here (the
/// lab's effects need it).
fn new_lab(state: LabState) -> Lab {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    Lab::new(state)
}

/// Let effects and re-renders run.
async fn settle() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

fn attr(host: &web_sys::HtmlElement, selector: &str, name: &str) -> Option<String> {
    host.query_selector(selector).unwrap()?.get_attribute(name)
}

#[wasm_bindgen_test]
async fn claims_panel_renders_each_claims_verdict_and_support() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <ClaimsPanel lab/> });
    settle().await;
    assert_eq!(
        attr(&host, r#"[data-claim-id="C1"]"#, "data-verdict").as_deref(),
        Some("supported")
    );
    assert_eq!(
        attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(),
        Some("contradicted")
    );
    assert_eq!(
        attr(&host, r#"[data-claim-id="C2"]"#, "data-support").as_deref(),
        Some("0.80")
    );
    // The rows follow the answer.
    lab.answer.set("The main span is 410 metres long.".into());
    settle().await;
    assert_eq!(
        attr(&host, r#"[data-claim-id="C1"]"#, "data-verdict").as_deref(),
        Some("supported")
    );
    assert!(host
        .query_selector(r#"[data-claim-id="C2"]"#)
        .unwrap()
        .is_none());
    host.remove();
}

#[wasm_bindgen_test]
async fn answer_panel_renders_user_text_as_text() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <AnswerPanel lab/> });
    lab.answer
        .set("<img src=x onerror=alert(1)> The main span is 410 metres long.".into());
    settle().await;
    assert!(host.query_selector(".answer-view img").unwrap().is_none());
    assert!(host
        .query_selector(".answer-view")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap()
        .contains("<img src=x"));
    host.remove();
}

/// The next frame's callbacks, then the task after its paint.
async fn next_frame() {
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window().unwrap().request_animation_frame(&resolve);
    });
    wasm_bindgen_futures::JsFuture::from(frame).await.unwrap();
    settle().await;
}

/// A keystroke in a long text is drawn before it is checked (`app::typing`):
/// what is typed into the answer box reaches the lab's answer, and the
/// check, in the task after the next frame; inputs faster than frames are
/// applied once, as the box's latest text; a key the box handles (it may
/// undo) applies a waiting input first. In short texts an input is applied
/// at once.
#[wasm_bindgen_test]
async fn typing_is_applied_after_the_frame_that_shows_it() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <AnswerPanel lab/> });
    settle().await;
    let answer: web_sys::HtmlTextAreaElement = host
        .query_selector("#answer")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let input = |text: &str| {
        answer.set_value(text);
        answer
            .dispatch_event(&web_sys::InputEvent::new("input").unwrap())
            .unwrap();
    };
    let short = format!("{} It opened in 1931.", lab.answer.get_untracked());
    input(&short);
    assert_eq!(lab.answer.get_untracked(), short, "a short answer at once");
    assert!(!lab.typing.is_waiting());
    let before = "The main span is 410 metres long. ".repeat(250);
    assert!(before.len() > claimlab::app::lab::LONG_ANSWER_BYTES);
    lab.answer.set(before.clone());
    settle().await;
    let one = format!("{before} The bridge opened in 1931.");
    let two = format!("{one} It is 410 metres long.");
    input(&one);
    input(&two);
    assert_eq!(
        lab.answer.get_untracked(),
        before,
        "applied before the frame"
    );
    assert!(lab.typing.is_waiting());
    next_frame().await;
    assert!(!lab.typing.is_waiting());
    assert_eq!(lab.answer.get_untracked(), two);
    let claims: Vec<String> = lab
        .checked
        .with_untracked(|c| c.report.claims.iter().map(|c| c.text.clone()).collect());
    assert_eq!(
        claims.last().map(String::as_str),
        Some("It is 410 metres long.")
    );
    let three = format!("{two} It has four lanes.");
    input(&three);
    assert_eq!(lab.answer.get_untracked(), two);
    answer
        .dispatch_event(&web_sys::KeyboardEvent::new("keydown").unwrap())
        .unwrap();
    assert_eq!(
        lab.answer.get_untracked(),
        three,
        "a key applies what waits"
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn threshold_slider_moves_the_verdict() {
    let host = host();
    let lab = new_lab(LabState::from_example(
        &claimlab::examples::by_name("correct-paraphrase").unwrap(),
    ));
    let _handle = leptos::mount::mount_to(
        host.clone(),
        move || view! { <Controls lab/><ClaimsPanel lab/> },
    );
    settle().await;
    assert_eq!(
        attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(),
        Some("supported")
    );
    let slider: web_sys::HtmlInputElement = host
        .query_selector("#support-threshold")
        .unwrap()
        .unwrap()
        .unchecked_into();
    slider.set_value("0.65");
    slider
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(lab.config.get_untracked().support_threshold, 0.65);
    assert_eq!(
        attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(),
        Some("unsupported")
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn trace_panel_steps_and_restarts() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <TracePanel lab/> });
    settle().await;
    let states = || {
        let items = host.query_selector_all("[data-event]").unwrap();
        (0..items.length())
            .map(|i| {
                items
                    .item(i)
                    .unwrap()
                    .unchecked_into::<web_sys::Element>()
                    .get_attribute("data-state")
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert!(states().iter().all(|s| s == "shown"));
    let click = |id: &str| {
        host.query_selector(id)
            .unwrap()
            .unwrap()
            .unchecked_into::<web_sys::HtmlElement>()
            .click()
    };
    click("#restart");
    settle().await;
    assert!(states().iter().all(|s| s == "pending"));
    let first = host.query_selector("[data-event]").unwrap().unwrap();
    click("#step");
    settle().await;
    let s = states();
    assert_eq!(s[0], "shown");
    assert!(s[1..].iter().all(|x| x == "pending"));
    // A step flips states; it does not rebuild the list.
    assert!(first.is_same_node(
        host.query_selector("[data-event]")
            .unwrap()
            .as_ref()
            .map(|e| e.unchecked_ref())
    ));
    host.remove();
}

#[wasm_bindgen_test]
async fn the_banner_announces_the_decision() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <DecisionBanner lab/> });
    settle().await;
    assert_eq!(
        attr(&host, "#decision", "data-decision").as_deref(),
        Some("block")
    );
    assert_eq!(
        attr(&host, "#decision", "aria-live").as_deref(),
        Some("polite")
    );
    lab.config.update(|c| c.policy = claimlab::Policy::Flag);
    settle().await;
    assert_eq!(
        attr(&host, "#decision", "data-decision").as_deref(),
        Some("deliver_with_flags")
    );
    host.remove();
}

/// A 20 KB-ish state with every kind of field filled in.
fn busy_state() -> LabState {
    let mut state = LabState::from_example(&claimlab::examples::by_name("tagore").unwrap());
    state.question = "Who was Tagore?\tTab and\nnewline".into();
    state.source = "Rabindranath Tagore wrote Gitanjali. ".repeat(500);
    state.trace_position = 3;
    state.hidden = vec!["trace".into(), "samples".into()];
    state.config.support_threshold = 0.1 + 0.2; // not a short decimal
    state
}

#[wasm_bindgen_test]
async fn links_made_by_the_browser_and_by_the_core_read_the_same() {
    use claimlab::app::share;
    use claimlab::permalink;
    let state = busy_state();
    // Browser compression (CompressionStream) → core inflate (miniz_oxide).
    let by_browser = share::encode(&state).await.expect("the browser compresses");
    let data = permalink::parse_fragment(&by_browser)
        .state
        .unwrap()
        .to_string();
    assert_eq!(permalink::decode(&data).unwrap().state, state);
    assert!(
        by_browser.len() < 4_000,
        "18 KB of repeated text packs small: {}",
        by_browser.len()
    );
    // Core compression → browser inflate (DecompressionStream).
    let by_core = permalink::encode(&state);
    let data = permalink::parse_fragment(&by_core)
        .state
        .unwrap()
        .to_string();
    assert_eq!(share::decode(&data).await.unwrap().state, state);
}

#[wasm_bindgen_test]
async fn the_browser_refuses_damaged_and_oversized_links_as_the_core_does() {
    use base64::Engine as _;
    use claimlab::app::share;
    use claimlab::permalink;
    let good = permalink::encode(&LabState::default());
    let data = permalink::parse_fragment(&good).state.unwrap();
    let b64 = |bytes: &[u8]| {
        format!(
            "1.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
        )
    };
    let packed = permalink::packed_state(data).unwrap();
    let cut = b64(&packed[..packed.len() / 2]);
    assert_eq!(share::decode(&cut).await.unwrap_err(), permalink::DAMAGED);
    assert_eq!(permalink::decode(&cut).unwrap_err(), permalink::DAMAGED);
    let bomb = b64(&miniz_oxide::deflate::compress_to_vec(
        &vec![b' '; permalink::MAX_STATE_BYTES + 1],
        9,
    ));
    assert_eq!(
        share::decode(&bomb).await.unwrap_err(),
        permalink::too_large()
    );
    assert!(share::decode("2.abc")
        .await
        .unwrap_err()
        .contains("newer lab"));
}

#[wasm_bindgen_test]
fn drift_history_files_read_the_same_in_the_browser_and_the_core() {
    use claimlab::app::storage;
    use claimlab::drift::{self, Record};
    let mut records: Vec<Record> = [
        "The lamp costs $49.99.",
        "The lamp now costs $39.99 and ships free.",
    ]
    .iter()
    .enumerate()
    .map(|(i, a)| {
        let mut fingerprint = drift::fingerprint(a);
        fingerprint.recorded_at = Some(1_700_000_000_000.0 + i as f64);
        Record {
            question: "how much is sku-441?".into(),
            fingerprint,
        }
    })
    .collect();
    records[1].fingerprint.recorded_at = None;
    // Written by the browser's JSON, read by the core's serde, and back.
    let by_browser = storage::export_text(&records);
    assert_eq!(
        drift::import_json(&by_browser, &[]).unwrap().records,
        records
    );
    let by_core = drift::export_json(&records);
    assert_eq!(
        storage::import_text(&by_core, &[]).unwrap().records,
        records
    );
    // Merging: nothing twice; bad records counted, good ones kept.
    assert_eq!(
        storage::import_text(&by_core, &records).unwrap().duplicates,
        2
    );
    let mixed = by_core.replacen("\"polarity\": \"neutral\"", "\"polarity\": \"sideways\"", 1);
    let import = storage::import_text(&mixed, &[]).unwrap();
    assert_eq!((import.records.len(), import.skipped), (1, 1));
    assert!(storage::import_text("[1, 2]", &[])
        .unwrap_err()
        .contains("not a ClaimLab"));
    assert!(storage::import_text("{", &[])
        .unwrap_err()
        .contains("not JSON"));
}

/// Until the replay reaches an event, what it decides is not shown: each
/// claim row and the banner say `data-revealed="false"`, and show it once
/// their event is reached.
#[wasm_bindgen_test]
async fn a_replay_reveals_verdicts_and_the_decision_only_at_their_events() {
    let host = host();
    let mut state = LabState::default();
    state.trace_position = 0;
    let lab = new_lab(state);
    let _handle = leptos::mount::mount_to(
        host.clone(),
        move || view! { <DecisionBanner lab/><ClaimsPanel lab/> },
    );
    settle().await;
    assert_eq!(
        attr(&host, "#decision", "data-revealed").as_deref(),
        Some("false")
    );
    assert_eq!(
        attr(&host, r#"[data-claim-id="C1"]"#, "data-revealed").as_deref(),
        Some("false")
    );
    assert!(!host
        .query_selector("#decision")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap()
        .contains("Block"));
    // Through C1's verdict event: C1 is revealed, C2 not yet.
    let c1_verdict = lab.checked.with_untracked(|c| {
        c.report
            .trace
            .iter()
            .position(|e| e.claim.as_deref() == Some("C1") && e.kind.name() == "verdict")
            .unwrap()
    });
    lab.position.set(c1_verdict + 1);
    settle().await;
    assert_eq!(
        attr(&host, r#"[data-claim-id="C1"]"#, "data-revealed").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr(&host, r#"[data-claim-id="C2"]"#, "data-revealed").as_deref(),
        Some("false")
    );
    assert_eq!(
        attr(&host, "#decision", "data-revealed").as_deref(),
        Some("false")
    );
    lab.position.set(usize::MAX);
    settle().await;
    assert_eq!(
        attr(&host, "#decision", "data-revealed").as_deref(),
        Some("true")
    );
    assert!(host
        .query_selector("#decision")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap()
        .starts_with("Block as written"));
    host.remove();
}

/// Every row of the settings table has one live control, and an `input`
/// event on it applies the value.
#[wasm_bindgen_test]
async fn every_setting_has_one_live_control() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <Controls lab/> });
    settle().await;
    for s in claimlab::config::SETTINGS {
        let found = host
            .query_selector_all(&format!("[data-setting={}]", s.name))
            .unwrap()
            .length();
        assert_eq!(found, 1, "{}", s.name);
    }
    let set = |name: &str, value: &str| {
        let el: web_sys::HtmlInputElement = host
            .query_selector(&format!("[data-setting={name}]"))
            .unwrap()
            .unwrap()
            .unchecked_into();
        el.set_value(value);
        el.dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
    };
    set("consistency_threshold", "0.3");
    set("drift_window", "4");
    set("support_threshold", "0.62");
    settle().await;
    let c = lab.config.get_untracked();
    assert_eq!(
        (c.consistency_threshold, c.drift_window, c.support_threshold),
        (0.3, 4, 0.62)
    );
    // A typed value is kept exactly; one out of range is refused and said so.
    let exact: web_sys::HtmlInputElement = host
        .query_selector("#support-threshold-exact")
        .unwrap()
        .unwrap()
        .unchecked_into();
    exact.set_value("0.625");
    exact
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(lab.config.get_untracked().support_threshold, 0.625);
    exact.set_value("1.5");
    exact
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(lab.config.get_untracked().support_threshold, 0.625);
    assert_eq!(exact.get_attribute("aria-invalid").as_deref(), Some("true"));
    let box_: web_sys::HtmlInputElement = host
        .query_selector("[data-setting=repair]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    box_.set_checked(false);
    box_.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert!(!lab.config.get_untracked().repair);
    host.remove();
}

/// Seed 004's lesson: its threshold step is marked done once the support
/// threshold is 0.65.
#[wasm_bindgen_test]
async fn the_seed_004_lesson_notices_the_threshold_step() {
    let host = host();
    let lab = new_lab(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || {
        track_progress(lab);
        view! { <LessonsPanel lab/> }
    });
    settle().await;
    let open: web_sys::HtmlElement = host
        .query_selector("[data-lesson=seed-004]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    open.click();
    settle().await;
    let steps = host.query_selector_all("[data-step]").unwrap().length();
    assert_eq!(steps, 7);
    assert_eq!(
        attr(&host, r#"[data-step="6"]"#, "data-done").as_deref(),
        Some("false")
    );
    lab.config.update(|c| c.support_threshold = 0.65);
    settle().await;
    assert_eq!(
        attr(&host, r#"[data-step="6"]"#, "data-done").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr(&host, r#"[data-step="2"]"#, "data-done").as_deref(),
        Some("false")
    );
    host.remove();
}

/// The `data-contribution` of every bar of the chart `[data-score-chart=of]`.
fn bars(host: &web_sys::HtmlElement, of: &str) -> Vec<(String, f64)> {
    let items = host
        .query_selector_all(&format!("[data-score-chart=\"{of}\"] [data-feature]"))
        .unwrap();
    (0..items.length())
        .map(|i| {
            let el: web_sys::Element = items.item(i).unwrap().unchecked_into();
            let value = el.get_attribute("data-contribution").unwrap();
            (
                el.get_attribute("data-feature").unwrap(),
                value.parse::<f64>().unwrap(),
            )
        })
        .collect()
}

/// Under the improved preset (the learned score), the answer's chart and a
/// claim's draw one bar per feature, and the bars add up to the score's
/// log-odds less the baseline's; the decision threshold's slider comes
/// first among the controls (once: not also in the drawer) and decides live.
#[wasm_bindgen_test]
async fn the_learned_score_is_explained_by_bars_that_add_up() {
    use claimlab::model::logit;
    let host = host();
    // Its two claims are supported, but the learned score stops the answer
    // for the words C2's sentence lacks (a finding such as a wrong number
    // would stop it at any threshold).
    let mut state =
        LabState::from_example(&claimlab::examples::by_name("correct-paraphrase").unwrap());
    state.config = claimlab::Preset::Improved.config();
    let lab = new_lab(state);
    let _handle = leptos::mount::mount_to(host.clone(), move || {
        view! { <DecisionBanner lab/><Controls lab/><FinalMetrics lab/><ClaimsPanel lab/> }
    });
    settle().await;
    let report = lab.checked.with_untracked(|c| c.report.clone());
    let score = report
        .answer_score
        .clone()
        .expect("the improved preset scores the answer");
    let answer = bars(&host, "answer");
    assert_eq!(answer.len(), score.contributions.len());
    // Sorted by size, largest first.
    assert!(
        answer.windows(2).all(|w| w[0].1.abs() >= w[1].1.abs()),
        "{answer:?}"
    );
    let sum: f64 = answer.iter().map(|b| b.1).sum();
    let expected = logit(score.probability) - logit(score.baseline);
    assert!(
        (sum - expected).abs() < 1e-6,
        "bars {sum}, score {expected}"
    );
    assert!(host
        .query_selector(r#"[data-score-chart="answer"]"#)
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap()
        .contains(&format!("Why the answer scores {:.2}", score.probability)));
    // A claim's chart opens under its row.
    assert!(bars(&host, "C1").is_empty());
    host.query_selector(r#"[data-score-toggle="C1"]"#)
        .unwrap()
        .expect("a score button per claim")
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    settle().await;
    let claim = report.claims[0].score.clone().unwrap();
    let c1 = bars(&host, "C1");
    assert_eq!(c1.len(), claim.contributions.len());
    let sum: f64 = c1.iter().map(|b| b.1).sum();
    let expected = logit(claim.probability) - logit(claim.baseline);
    assert!(
        (sum - expected).abs() < 1e-6,
        "bars {sum}, score {expected}"
    );
    // The open chart stays open while the answer changes.
    lab.answer.update(|a| a.push(' '));
    settle().await;
    assert!(!bars(&host, "C1").is_empty());
    // The decision threshold: one control, first, live.
    assert_eq!(
        host.query_selector_all("[data-setting=decision_threshold]")
            .unwrap()
            .length(),
        1
    );
    assert!(host
        .query_selector(".threshold #decision-threshold")
        .unwrap()
        .is_some());
    assert_ne!(
        attr(&host, "#decision", "data-decision").as_deref(),
        Some("deliver")
    );
    assert!(score.probability < 0.99);
    let slider: web_sys::HtmlInputElement = host
        .query_selector("#decision-threshold")
        .unwrap()
        .unwrap()
        .unchecked_into();
    slider.set_value("0.99");
    slider
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(lab.config.get_untracked().decision_threshold, 0.99);
    assert_eq!(
        attr(&host, "#decision", "data-decision").as_deref(),
        Some("deliver"),
        "{}",
        lab.checked.with_untracked(|c| c.report.headline())
    );
    // Back to the seed's scoring: no chart, and the slider is in the drawer.
    lab.config.set(claimlab::Preset::Seed.config());
    settle().await;
    assert!(host.query_selector("[data-score-chart]").unwrap().is_none());
    assert!(host
        .query_selector(".threshold #decision-threshold")
        .unwrap()
        .is_none());
    assert_eq!(
        host.query_selector_all("[data-setting=decision_threshold]")
            .unwrap()
            .length(),
        1
    );
    host.remove();
}
