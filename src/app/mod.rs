//! The browser lab (wasm32 only): Leptos components over the checker core.
//!
//! [`Lab`] holds the state as signals and runs the core in memos; each
//! component renders a part of the [`crate::report::Report`]. No component
//! computes a verdict, and user text is only ever rendered as text.

pub mod calibration;
pub mod claims;
pub mod contributions;
pub mod controls;
pub mod drift;
pub mod editors;
pub mod lab;
pub mod lessons;
pub mod samples;
pub mod settings;
pub mod share;
pub mod storage;
pub mod trace;
pub mod typing;
pub mod undo;
pub mod widgets;

use leptos::prelude::*;

pub use lab::Lab;

/// Entry point called by `src/main.rs`: mounts the lab.
///
/// A panic stops the wasm with a trap, which `www/panic.js` turns into a
/// readable error with a reset link (in the release build every panic is a
/// bare trap; other builds log the message to the console first).
pub fn start() {
    // A permalink is inflated by the browser (asynchronously) before the
    // lab first renders, so a link never flashes the default example.
    // (Leptos's executor starts with the mount, hence wasm-bindgen's here.)
    wasm_bindgen_futures::spawn_local(async {
        let opening = share::opening(true).await;
        leptos::mount::mount_to_body(move || view! { <App opening/> });
    });
}

#[component]
fn ThemeToggle() -> impl IntoView {
    const KEY: &str = "claimlab-theme";
    let storage = || web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let initial = storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .unwrap_or_else(|| "system".into());
    let theme = RwSignal::new(initial);
    Effect::new(move |_| {
        let t = theme.get();
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = if t == "system" {
                root.remove_attribute("data-theme")
            } else {
                root.set_attribute("data-theme", &t)
            };
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
pub fn App(opening: crate::permalink::Opening) -> impl IntoView {
    let lab = Lab::new(opening.state);
    lab.embed.set(opening.embed);
    lab.read_only.set(opening.read_only);
    lab.link_error.set(opening.error);
    if !opening.notes.is_empty() {
        lab.link_notice.set(Some(format!(
            "Part of this link could not be used: {}.",
            opening.notes.join("; ")
        )));
    }
    if opening.start_lesson {
        lab.open_step(lab.lesson_step.get_untracked());
        lab.new_history_entry.set_value(false);
    }
    drift::start_storage(lab);
    share::keep_address_current(lab);
    lessons::track_progress(lab);
    // Presenter and read-only modes are classes of the page's root.
    Effect::new(move |_| {
        let (presenter, read_only) = (lab.presenter.get(), lab.read_only.get());
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let list = root.class_list();
            let _ = list.toggle_with_force("presenter", presenter);
            let _ = list.toggle_with_force("read-only", read_only);
        }
    });
    if opening.embed {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.class_list().add_1("embed");
        }
        share::report_height();
    }
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
                    <share::SharePanel lab/>
                </div>
            </header>
            {move || lab.link_error.get().map(|e| view! { <p id="link-error" class="link-message bad" role="alert">{e}</p> })}
            {move || lab.link_notice.get().map(|e| view! { <p id="link-notice" class="link-message" role="status">{e}</p> })}
            {move || lab.opened_from.get().map(|e| view! { <p id="opened-from" class="link-message" role="status">{e}</p> })}
            <main class="lab">
                <lessons::LessonsPanel lab/>
                <editors::SourcePanel lab/>
                <editors::AnswerPanel lab/>
                <aside class="rail" aria-label="Decision and settings">
                    <trace::DecisionBanner lab/>
                    <controls::Controls lab/>
                </aside>
                <claims::ClaimsPanel lab/>
                <trace::FinalMetrics lab/>
                <trace::Delivered lab/>
                <trace::TracePanel lab/>
                <trace::ComputedData lab/>
                <samples::SamplesPanel lab/>
                <samples::RepairPanel lab/>
                <drift::DriftPanel lab/>
                <calibration::CalibrationPanel lab/>
                <share::EmbedBuilder lab/>
            </main>
            <footer class="site-foot">
                <p>"A lexical checker: support is the share of a claim's content words found in one source sentence. Synonyms and claims that need two sentences are not understood. No language model is called; everything runs in this page."</p>
            </footer>
        </div>
    }
}
