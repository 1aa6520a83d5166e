//! The lab's components in headless Chromium (wasm32 only): each mounted on
//! its own, driven through the DOM, checked against what the core computed.
#![cfg(target_arch = "wasm32")]

use claimlab::app::claims::ClaimsPanel;
use claimlab::app::controls::Controls;
use claimlab::app::editors::AnswerPanel;
use claimlab::app::trace::{FinalMetrics, TracePanel};
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
    let lab = Lab::new(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <ClaimsPanel lab/> });
    settle().await;
    assert_eq!(attr(&host, r#"[data-claim-id="C1"]"#, "data-verdict").as_deref(), Some("supported"));
    assert_eq!(attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(), Some("contradicted"));
    assert_eq!(attr(&host, r#"[data-claim-id="C2"]"#, "data-support").as_deref(), Some("0.80"));
    // The rows follow the answer.
    lab.answer.set("The main span is 410 metres long.".into());
    settle().await;
    assert_eq!(attr(&host, r#"[data-claim-id="C1"]"#, "data-verdict").as_deref(), Some("supported"));
    assert!(host.query_selector(r#"[data-claim-id="C2"]"#).unwrap().is_none());
    host.remove();
}

#[wasm_bindgen_test]
async fn answer_panel_renders_user_text_as_text() {
    let host = host();
    let lab = Lab::new(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <AnswerPanel lab/> });
    lab.answer.set("<img src=x onerror=alert(1)> The main span is 410 metres long.".into());
    settle().await;
    assert!(host.query_selector(".answer-view img").unwrap().is_none());
    assert!(host.query_selector(".answer-view").unwrap().unwrap().text_content().unwrap().contains("<img src=x"));
    host.remove();
}

#[wasm_bindgen_test]
async fn threshold_slider_moves_the_verdict() {
    let host = host();
    let lab = Lab::new(LabState::from_example(&claimlab::examples::by_name("correct-paraphrase").unwrap()));
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <Controls lab/><ClaimsPanel lab/> });
    settle().await;
    assert_eq!(attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(), Some("supported"));
    let slider: web_sys::HtmlInputElement = host.query_selector("#support-threshold").unwrap().unwrap().unchecked_into();
    slider.set_value("0.65");
    slider.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    settle().await;
    assert_eq!(lab.config.get_untracked().support_threshold, 0.65);
    assert_eq!(attr(&host, r#"[data-claim-id="C2"]"#, "data-verdict").as_deref(), Some("unsupported"));
    host.remove();
}

#[wasm_bindgen_test]
async fn trace_panel_steps_and_restarts() {
    let host = host();
    let lab = Lab::new(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <TracePanel lab/> });
    settle().await;
    let states = || {
        let items = host.query_selector_all("[data-event]").unwrap();
        (0..items.length()).map(|i| items.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("data-state").unwrap()).collect::<Vec<_>>()
    };
    assert!(states().iter().all(|s| s == "shown"));
    let click = |id: &str| host.query_selector(id).unwrap().unwrap().unchecked_into::<web_sys::HtmlElement>().click();
    click("#restart");
    settle().await;
    assert!(states().iter().all(|s| s == "pending"));
    click("#step");
    settle().await;
    let s = states();
    assert_eq!(s[0], "shown");
    assert!(s[1..].iter().all(|x| x == "pending"));
    host.remove();
}

#[wasm_bindgen_test]
async fn final_metrics_announce_the_decision() {
    let host = host();
    let lab = Lab::new(LabState::default());
    let _handle = leptos::mount::mount_to(host.clone(), move || view! { <FinalMetrics lab/> });
    settle().await;
    assert_eq!(attr(&host, "#decision", "data-decision").as_deref(), Some("block"));
    assert_eq!(attr(&host, "#decision", "aria-live").as_deref(), Some("polite"));
    lab.config.update(|c| c.policy = claimlab::Policy::Flag);
    settle().await;
    assert_eq!(attr(&host, "#decision", "data-decision").as_deref(), Some("deliver_with_flags"));
    host.remove();
}

#[wasm_bindgen_test]
fn a_panic_shows_a_readable_error_with_a_reset_link_and_no_markup() {
    claimlab::app::show_panic("panicked at <img src=x onerror=alert(1)>");
    let document = web_sys::window().unwrap().document().unwrap();
    let panel = document.get_element_by_id("panic").expect("#panic is shown");
    assert_eq!(panel.get_attribute("role").as_deref(), Some("alert"));
    assert!(panel.query_selector("img").unwrap().is_none(), "the message is text");
    assert!(panel.text_content().unwrap().contains("<img src=x"));
    let reset = document.get_element_by_id("reset-lab").expect("a reset link");
    assert_eq!(reset.get_attribute("href"), web_sys::window().unwrap().location().pathname().ok());
    panel.remove();
}
