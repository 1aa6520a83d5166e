//! Small shared pieces: the "Limits" note each panel carries.

use leptos::prelude::*;

use crate::config::Config;

/// What a check cannot see under the settings in force (each check's `limits`).
pub type LimitsOf = fn(&Config) -> &'static str;

/// Seed 004's "Limits of a lexical check", stated where the user meets each
/// check, for the settings in force (they change as the user changes them).
#[component]
pub fn Limits(config: RwSignal<Config>, items: Vec<(&'static str, LimitsOf)>) -> impl IntoView {
    view! {
        <details class="limits">
            <summary>"Limits"</summary>
            <dl>
                {items.into_iter().map(|(name, limits)| view! {
                    <dt>{name}</dt><dd>{move || config.with(limits)}</dd>
                }).collect::<Vec<_>>()}
            </dl>
        </details>
    }
}

/// A coordinate for an SVG attribute, to one decimal.
pub fn svg_number(x: f64) -> String {
    format!("{:.1}", crate::text::decimal::Decimal(x))
}
