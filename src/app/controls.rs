//! The controls: examples, presets, the support threshold slider (and,
//! first, the decision threshold's when the answer is scored by the learned
//! model), the check toggles, the failure policy, reset. Every change
//! recomputes at once.
//! Labels and help come from the settings table (`crate::config::row`).

use leptos::prelude::*;

use crate::config::{row, Config, Preset};
use crate::examples::{self, Seed};
use crate::text::decimal::Decimal;

use super::lab::Lab;
use super::settings::{
    learned_scoring, AllSettings, ChoiceSetting, NumberSetting, PinCompare, ToggleSetting,
};

#[component]
pub fn ExamplePicker(lab: Lab) -> impl IntoView {
    let groups = [
        (Seed::ClaimChecking, "Claim checking (seed 004)"),
        (Seed::RagDetector, "RAG detector scenarios (seed 001)"),
        (Seed::SelfConsistency, "Self-consistency (seed 000)"),
    ];
    let all = examples::all();
    // The loaded example (built once per change of example), and whether
    // its texts are still its own (compared on every edit).
    let example = Memo::new(move |_| lab.example.get().and_then(|n| examples::by_name(&n)));
    let loaded = move || {
        let ex = example.get()?;
        let same = lab.question.with(|q| {
            lab.source.with(|s| {
                lab.answer
                    .with(|a| lab.samples.with(|samples| ex.matches(q, s, a, samples)))
            })
        });
        Some((ex, same))
    };
    let lesson = move || match loaded() {
        Some((ex, true)) => ex.lesson,
        Some((ex, false)) => format!(
            "Edited: the texts no longer match \u{201c}{}\u{201d} (Reset restores them).",
            ex.title
        ),
        None => String::new(),
    };
    view! {
        <div class="example-picker" class:hidden=lab.is_hidden("examples")>
            <label for="examples">"Example"</label>
            <select
                id="examples"
                prop:value=move || loaded().filter(|(_, same)| *same).map(|(e, _)| e.name).unwrap_or_default()
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
            <p class="lesson" id="lesson" data-edited=move || loaded().is_some_and(|(_, same)| !same).to_string()>{lesson}</p>
        </div>
    }
}

#[component]
pub fn Controls(lab: Lab) -> impl IntoView {
    let preset_name = move || {
        lab.config
            .with(|c| c.preset().map_or("custom", |p| p.name()))
    };
    // Under the learned score (the `improved` preset) the decision
    // threshold decides the answer: it comes first, its strip showing the
    // answer's score.
    let learned = learned_scoring(lab);
    view! {
        <section class="panel controls" aria-labelledby="controls-title" class:hidden=lab.is_hidden("controls")>
            <h2 id="controls-title" class="visually-hidden">"Settings"</h2>
            <div class="threshold" class:hidden=lab.is_hidden("support-threshold")>
                {move || learned.get().then(|| view! {
                    <div class="decision-threshold">
                        <NumberSetting lab setting=row::decision_threshold id="decision-threshold"/>
                    </div>
                })}
                <NumberSetting lab setting=row::support_threshold id="support-threshold"/>
                <output class="visually-hidden" for="support-threshold" id="support-threshold-value">
                    {move || Decimal(lab.config.with(|c| c.support_threshold)).to_string()}
                </output>
            </div>
            <ChoiceSetting lab setting=row::policy id="policy"/>
            <fieldset class="control toggles">
                <legend>"Checks"</legend>
                <ToggleSetting lab id="number-check" setting=row::number_check/>
                <ToggleSetting lab id="citation-check" setting=row::citation_check/>
                <ToggleSetting lab id="negation-check" setting=row::negation_check/>
                <ToggleSetting lab id="entity-check" setting=row::entity_check/>
                <ToggleSetting lab id="stemming" setting=row::stemming/>
                <ToggleSetting lab id="number-normalisation" setting=row::number_normalisation/>
            </fieldset>
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
            <p class="hint custom-note" class:hidden=move || preset_name() != "custom">
                {move || format!("Custom settings: {}.", lab.config.with(|c| c.differences_from_preset().join(", ")))}
            </p>
            <PinCompare lab/>
            <AllSettings lab/>
        </section>
    }
}
