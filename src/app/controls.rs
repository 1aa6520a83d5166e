//! The controls: examples, presets, the support threshold slider, the check
//! toggles, the failure policy, reset. Every change recomputes at once.
//! Labels and help come from the settings table (`crate::config::row`).

use leptos::prelude::*;

use crate::config::{row, Config, Policy, Preset, Setting, Value};
use crate::examples::{self, Seed};
use crate::text::decimal::Decimal;

use super::lab::Lab;

#[component]
pub fn ExamplePicker(lab: Lab) -> impl IntoView {
    let groups = [
        (Seed::ClaimChecking, "Claim checking (seed 004)"),
        (Seed::RagDetector, "RAG detector scenarios (seed 001)"),
        (Seed::SelfConsistency, "Self-consistency (seed 000)"),
    ];
    let all = examples::all();
    let lesson = move || {
        lab.example
            .get()
            .and_then(|n| examples::by_name(&n))
            .map(|e| e.lesson)
            .unwrap_or_default()
    };
    view! {
        <div class="example-picker" class:hidden=lab.is_hidden("examples")>
            <label for="examples">"Example"</label>
            <select
                id="examples"
                prop:value=move || lab.example.get().unwrap_or_default()
                on:change=move |ev| lab.load_example(&event_target_value(&ev))
            >
                <option value="" disabled=true>"Your own text"</option>
                {groups
                    .into_iter()
                    .map(|(seed, label)| {
                        let options = all
                            .iter()
                            .filter(|e| e.seed == seed)
                            .map(|e| view! { <option value=e.name.clone()>{e.title.clone()}</option> })
                            .collect::<Vec<_>>();
                        view! { <optgroup label=label>{options}</optgroup> }
                    })
                    .collect::<Vec<_>>()}
            </select>
            <p class="lesson" id="lesson">{lesson}</p>
        </div>
    }
}

/// An on/off setting: its table label, its doc as help.
#[component]
fn Toggle(lab: Lab, id: &'static str, setting: Setting) -> impl IntoView {
    let (s, name) = (setting, setting.name);
    view! {
        <label class="toggle" for=id title=s.doc>
            <input
                type="checkbox"
                id=id
                prop:checked=move || lab.config.with(|c| c.is_on(name))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    lab.configure(|c| {
                        let _ = c.set(name, Value::Toggle(on));
                    });
                }
            />
            <span>{s.label}</span>
        </label>
    }
}

#[component]
pub fn Controls(lab: Lab) -> impl IntoView {
    let threshold = move || lab.config.with(|c| c.support_threshold);
    let preset_name = move || {
        lab.config
            .with(|c| c.preset().map_or("custom", |p| p.name()))
    };
    view! {
        <section class="panel controls" aria-labelledby="controls-title" class:hidden=lab.is_hidden("controls")>
            <h2 id="controls-title" class="visually-hidden">"Settings"</h2>
            <div class="control threshold" class:hidden=lab.is_hidden("support-threshold")>
                <label for="support-threshold">
                    {row::support_threshold.label}" "
                    <output for="support-threshold" id="support-threshold-value">{move || format!("{:.2}", Decimal(threshold()))}</output>
                </label>
                <input
                    type="range"
                    id="support-threshold"
                    min="0"
                    max="1"
                    step="0.05"
                    prop:value=move || Decimal(threshold()).to_string()
                    on:input=move |ev| {
                        if let Some(v) = crate::text::scan::parse_decimal(&event_target_value(&ev)) {
                            lab.configure(|c| c.support_threshold = v.clamp(0.0, 1.0));
                        }
                    }
                />
                <p class="hint">{row::support_threshold.doc}</p>
            </div>
            <fieldset class="control toggles">
                <legend>"Checks"</legend>
                <Toggle lab id="number-check" setting=row::number_check/>
                <Toggle lab id="citation-check" setting=row::citation_check/>
                <Toggle lab id="negation-check" setting=row::negation_check/>
                <Toggle lab id="entity-check" setting=row::entity_check/>
                <Toggle lab id="stemming" setting=row::stemming/>
                <Toggle lab id="number-normalisation" setting=row::number_normalisation/>
            </fieldset>
            <div class="control policy">
                <label for="policy" title=row::policy.doc>{row::policy.label}</label>
                <select
                    id="policy"
                    prop:value=move || lab.config.with(|c| c.policy.name())
                    on:change=move |ev| {
                        let policy = if event_target_value(&ev) == "flag" { Policy::Flag } else { Policy::Block };
                        lab.configure(|c| c.policy = policy);
                    }
                >
                    <option value="block">"Block the answer"</option>
                    <option value="flag">"Deliver with flags"</option>
                </select>
            </div>
            <div class="control preset">
                <label for="preset">"Preset"</label>
                <select
                    id="preset"
                    prop:value=preset_name
                    on:change=move |ev| {
                        if let Some(p) = Preset::from_name(&event_target_value(&ev)) {
                            let policy = lab.config.with_untracked(|c| c.policy);
                            lab.config.set(Config { policy, ..p.config() });
                        }
                    }
                >
                    {Preset::ALL.iter().map(|p| view! { <option value=p.name()>{p.name()}</option> }).collect::<Vec<_>>()}
                    <option value="custom" disabled=true>"custom"</option>
                </select>
                <button type="button" id="strict" on:click=move |_| {
                    let policy = lab.config.with_untracked(|c| c.policy);
                    lab.config.set(Config { policy, ..Preset::Strict.config() });
                }>"Strict"</button>
                <button type="button" id="reset" title="Reload the example's texts and settings" on:click=move |_| {
                    let name = lab.example.get_untracked().unwrap_or_else(|| examples::DEFAULT.to_string());
                    lab.load_example(&name);
                }>"Reset"</button>
            </div>
        </section>
    }
}
