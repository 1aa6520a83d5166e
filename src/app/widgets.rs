//! Small shared pieces: the "Limits" note each panel carries.

use leptos::prelude::*;

/// Seed 004's "Limits of a lexical check", stated where the user meets each
/// check (each check's `LIMITS`, true under every setting).
#[component]
pub fn Limits(items: Vec<(&'static str, &'static str)>) -> impl IntoView {
    view! {
        <details class="limits">
            <summary>"Limits"</summary>
            <dl>
                {items.into_iter().map(|(name, text)| view! { <dt>{name}</dt><dd>{text}</dd> }).collect::<Vec<_>>()}
            </dl>
        </details>
    }
}

/// A coordinate for an SVG attribute, to one decimal.
pub fn svg_number(x: f64) -> String {
    format!("{:.1}", crate::text::decimal::Decimal(x))
}
