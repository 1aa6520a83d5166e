//! The browser lab (wasm32 only): a Leptos 0.8 client-side app over the checker core.
//!
//! For now it is deliberately tiny: a heading and the verdict of the built-in
//! default example, which proves the checker core runs in the page. The full
//! lab UI comes later.

use leptos::prelude::*;

use crate::examples;

/// Entry point called by `src/main.rs`: installs the panic hook and mounts the app into `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

/// The decision name (`deliver`, `deliver_with_flags` or `block`) for the default example.
pub fn default_decision() -> &'static str {
    let ex = examples::by_name(examples::DEFAULT).expect("the default example exists");
    crate::check_text(&ex.source, &ex.answer, &ex.config).decision.name()
}

/// The root component.
#[component]
pub fn App() -> impl IntoView {
    let decision = default_decision();
    view! {
        <main id="app">
            <h1>"ClaimLab"</h1>
            <p class="label">"Decision on the default example:"</p>
            <p id="decision" data-decision=decision>{decision}</p>
        </main>
    }
}
