//! Browser smoke tests (wasm32 only), run in headless Chromium by
//! wasm-bindgen-test-runner; `scripts/test` runs them with:
//!
//! ```sh
//! CHROMEDRIVER=/usr/bin/chromedriver \
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//! cargo test --target wasm32-unknown-unknown --test wasm_smoke
//! ```
//!
//! Chromium's flags come from `webdriver.json` at the crate root.
#![cfg(target_arch = "wasm32")]

use claimlab::{check_text, examples, Decision};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn checker_core_runs_in_the_browser() {
    let ex = examples::by_name(examples::DEFAULT).expect("default example");
    let report = check_text(&ex.source, &ex.answer, &ex.config);
    assert_eq!(report.decision, Decision::Block);
    assert!(!report.claims.is_empty());
}

#[wasm_bindgen_test]
fn a_contradicted_number_is_caught_in_the_browser() {
    let report = check_text(
        "The main span is 410 metres long.",
        "The main span is 460 metres long.",
        &claimlab::Config::default(),
    );
    assert_eq!(report.claims[0].verdict, claimlab::Verdict::Contradicted);
}

#[wasm_bindgen_test]
fn the_app_mounts_and_renders_the_default_decision() {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let host: web_sys::HtmlElement = host.unchecked_into();

    let handle = leptos::mount::mount_to(host.clone(), || {
        use claimlab::{app::App, permalink::Opening};
        use leptos::prelude::*;
        view! { <App opening=Opening::default()/> }
    });

    let text = host.text_content().unwrap_or_default();
    assert!(text.contains("ClaimLab"), "rendered text: {text:?}");

    let decision = host
        .query_selector("#decision")
        .unwrap()
        .expect("#decision is rendered");
    assert_eq!(
        decision.get_attribute("data-decision").as_deref(),
        Some("block")
    );
    // The attribute is the contract; the wording around it belongs to the UI.
    let shown = decision.text_content().unwrap_or_default().to_lowercase();
    assert!(shown.contains("block"), "#decision text: {shown:?}");

    drop(handle);
    host.remove();
}
