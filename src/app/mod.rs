//! The browser lab (wasm32 only): Leptos components over the checker core.
//!
//! [`Lab`] holds the state as signals and runs the core in memos; each
//! component renders a part of the [`crate::report::Report`]. No component
//! computes a verdict, and user text is only ever rendered as text.

pub mod calibration;
pub mod claims;
pub mod controls;
pub mod editors;
pub mod lab;
pub mod samples;
pub mod trace;
pub mod widgets;

use leptos::prelude::*;

pub use lab::Lab;

use crate::lab_state::LabState;

/// Entry point called by `src/main.rs`: installs the panic screen and mounts the lab.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic(&info.to_string());
    }));
    leptos::mount::mount_to_body(App);
}

/// A readable error instead of a blank or frozen page. Built with DOM calls
/// and text nodes only: the message may quote user text.
pub fn show_panic(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.get_element_by_id("panic").is_some() {
        return;
    }
    let build = || -> Option<()> {
        let panel = document.create_element("div").ok()?;
        panel.set_id("panic");
        panel.set_attribute("role", "alert").ok()?;
        let title = document.create_element("h2").ok()?;
        title.set_text_content(Some("The lab hit a bug and stopped."));
        let text = document.create_element("p").ok()?;
        text.set_text_content(Some(&format!("{message}. Nothing stored in this browser was changed.")));
        let reset = document.create_element("a").ok()?;
        let here = web_sys::window()?.location().pathname().ok()?;
        reset.set_attribute("href", &here).ok()?;
        reset.set_id("reset-lab");
        reset.set_text_content(Some("Reset the lab"));
        panel.append_child(&title).ok()?;
        panel.append_child(&text).ok()?;
        panel.append_child(&reset).ok()?;
        document.body()?.prepend_with_node_1(&panel).ok()
    };
    build();
}

#[component]
fn ThemeToggle() -> impl IntoView {
    const KEY: &str = "claimlab-theme";
    let storage = || web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let initial = storage().and_then(|s| s.get_item(KEY).ok().flatten()).unwrap_or_else(|| "system".into());
    let theme = RwSignal::new(initial);
    Effect::new(move |_| {
        let t = theme.get();
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = if t == "system" { root.remove_attribute("data-theme") } else { root.set_attribute("data-theme", &t) };
        }
        if let Some(s) = storage() {
            let _ = s.set_item(KEY, &t);
        }
    });
    let next = move |_| {
        theme.update(|t| {
            *t = match t.as_str() {
                "system" => "light",
                "light" => "dark",
                _ => "system",
            }
            .into()
        })
    };
    view! {
        <button type="button" id="theme" class="theme" on:click=next title="Switch between the system, light and dark themes">
            {move || format!("Theme: {}", theme.get())}
        </button>
    }
}

/// The lab.
#[component]
pub fn App() -> impl IntoView {
    let lab = Lab::new(LabState::default());
    provide_context(lab);
    view! {
        <div class="app">
            <header class="site-head">
                <div class="brand">
                    <p class="eyebrow">"Hallucinations · claim checking"</p>
                    <h1>"ClaimLab"</h1>
                    <p class="tagline">"Split an answer into claims, find each claim's best supporting source sentence, and check numbers, citations, negations and names before the answer ships."</p>
                </div>
                <div class="head-tools">
                    <controls::ExamplePicker lab/>
                    <ThemeToggle/>
                </div>
            </header>
            <main class="lab">
                <editors::SourcePanel lab/>
                <editors::AnswerPanel lab/>
                <aside class="rail" aria-label="Decision and settings">
                    <trace::FinalMetrics lab/>
                    <trace::Delivered lab/>
                    <controls::Controls lab/>
                </aside>
                <claims::ClaimsPanel lab/>
                <trace::TracePanel lab/>
                <trace::ComputedData lab/>
                <samples::SamplesPanel lab/>
                <samples::RepairPanel lab/>
                <calibration::CalibrationPanel lab/>
            </main>
            <footer class="site-foot">
                <p>"A lexical checker: support is the share of a claim's content words found in one source sentence. Synonyms and claims that need two sentences are not understood. No language model is called; everything runs in this page."</p>
            </footer>
        </div>
    }
}
