//! Sampled answers for self-consistency (seed 000), each also checked against
//! the source with the most faithful marked (seed 003's best of N), and the
//! repair of a risky answer (seed 001's healer).

use leptos::prelude::*;

use crate::checks::consistency;
use crate::text::decimal::Decimal;

use super::lab::Lab;
use super::undo::PlainUndo;
use super::widgets::Limits;

#[component]
pub fn SamplesPanel(lab: Lab) -> impl IntoView {
    // The rows are drawn again only when a sample is added or removed (each
    // keeps its undo history while it is edited).
    let count = Memo::new(move |_| lab.samples.with(Vec::len));
    let best_of_n = move |i: usize| {
        lab.checked.with(|c| {
            c.report
                .samples
                .iter()
                .find(|s| s.sample == i + 1)
                .map(|s| {
                    (
                        format!(
                            "{} of {} claims supported by the source",
                            s.supported, s.claims
                        ),
                        s.best,
                    )
                })
        })
    };
    let rows = move || {
        (0..count.get())
            .map(|i| {
                let label = format!("Sample {}", i + 1);
                let id = format!("sample-{}", i + 1);
                let undo = PlainUndo::new(lab.read_only);
                let text_of = move |s: &Vec<String>| s.get(i).cloned().unwrap_or_default();
                let set = move |text: String| {
                    lab.samples.update(|s| if let Some(x) = s.get_mut(i) { *x = text });
                    lab.edited();
                };
                view! {
                    <li class="sample" data-sample=i + 1>
                        <label for=id.clone()>{label.clone()}</label>
                        <textarea
                            id=id
                            rows="2"
                            spellcheck="false"
                            readonly=move || lab.read_only.get()
                            prop:value=move || lab.samples.with(text_of)
                            on:keydown=move |ev| {
                                if let Some(text) = undo.key_down(&ev, &lab.samples.with_untracked(text_of)) {
                                    set(text);
                                }
                            }
                            on:beforeinput=move |ev| {
                                if let Some(text) = undo.before_input(&ev, &lab.samples.with_untracked(text_of)) {
                                    set(text);
                                }
                            }
                            on:input=move |ev| {
                                let text = event_target_value(&ev);
                                undo.input(&ev, &lab.samples.with_untracked(text_of), &text);
                                set(text);
                            }
                        ></textarea>
                        <div class="sample-foot">
                            {move || best_of_n(i).map(|(text, best)| view! {
                                <span class="best-of-n" class:best=best>{text}{best.then_some(" · most faithful")}</span>
                            })}
                            <button type="button" class="remove" aria-label=format!("Remove {label}") disabled=move || lab.read_only.get() on:click=move |_| {
                                lab.samples.update(|s| if i < s.len() { s.remove(i); });
                                lab.edited();
                            }>"Remove"</button>
                        </div>
                    </li>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section class="panel samples" aria-labelledby="samples-title" class:hidden=lab.is_hidden("samples")>
            <header class="panel-head">
                <h2 id="samples-title">"Samples"</h2>
                <span class="hint">{move || match lab.checked.with(|c| c.report.embedder.clone()) {
                    Some(e) => format!("Consistency by {e} similarity ≥ {:.2}", Decimal(lab.config.with(|c| c.sim_threshold))),
                    None => "Add sampled answers to check each claim's consistency.".to_string(),
                }}</span>
            </header>
            <ol class="sample-list">{rows}</ol>
            <div class="sample-actions">
                <button type="button" id="add-sample" disabled=move || lab.read_only.get() on:click=move |_| {
                    lab.samples.update(|s| s.push(String::new()));
                }>"Add sample"</button>
                <button type="button" id="repeat-answer" title="Every sample says what the answer says" disabled=move || count.get() == 0 || lab.read_only.get() on:click=move |_| {
                    let answer = lab.answer.get_untracked();
                    lab.samples.update(|s| s.iter_mut().for_each(|x| *x = answer.clone()));
                    lab.edited();
                }>"Make every sample repeat the answer"</button>
            </div>
            <p class="note">"A hallucination the model repeats in every sample passes: try “Make every sample repeat the answer” on the Tagore example."</p>
            <Limits items=vec![("Consistency", consistency::LIMITS)]/>
        </section>
    }
}

#[component]
pub fn RepairPanel(lab: Lab) -> impl IntoView {
    let body = move || {
        let checked = lab.checked.get();
        let r = &checked.report;
        if !lab.revealed.with(|s| s.repair) {
            return view! { <p class="hint" data-revealed="false">"Not shown yet: the replay reaches repair near its end."</p> }.into_any();
        }
        let ships = view! { <p class="routing">"Routing: "<strong id="repair-routing">{r.quality.routing.name().replace('_', " ")}</strong>". "{r.headline()}</p> };
        let Some(h) = r.repair.as_ref() else {
            return view! { <p class="empty">"Repair is off."</p> }.into_any();
        };
        if !h.applied {
            return view! {
                <p class="repair-none">{h.strategy.name().replace('_', " ")}": "{match h.strategy {
                    crate::report::Strategy::NoHealingNeeded => "risk is low, so repair is not tried.".to_string(),
                    _ => "no contradiction to patch, no name to scrub, and faithfulness is not low enough to rebuild from the source.".to_string(),
                }}</p>
                {ships}
            }
            .into_any();
        }
        let changes = h
            .changes
            .iter()
            .map(|c| view! { <li>{c.clone()}</li> })
            .collect::<Vec<_>>();
        view! {
            <p class="repair-strategy">
                <strong>{h.strategy.name().replace('_', " ")}</strong>
                {if h.succeeded {
                    format!(": risk {} → {}, confidence {:.2} → {:.2}", h.initial_risk.name(), h.final_risk.name(), Decimal(h.confidence_before), Decimal(h.confidence_after))
                } else {
                    let decision = h.recheck.as_ref().map_or("block", |c| c.decision.name()).replace('_', " ");
                    format!(" did not make the answer safe: checked again, the repaired answer's decision is {decision}, so the safe decline ships instead.")
                }}
            </p>
            <div class="before-after">
                <figure><figcaption>"Before"</figcaption><p id="repair-before">{h.before.clone()}</p></figure>
                <figure class:declined=!h.succeeded><figcaption>{if h.succeeded { "After" } else { "After (safe decline)" }}</figcaption><p id="repair-after">{h.after.clone()}</p></figure>
            </div>
            <ul class="changes" aria-label="Changes">{changes}</ul>
            {ships}
        }
        .into_any()
    };
    view! {
        <section class="panel repair" aria-labelledby="repair-title" class:hidden=lab.is_hidden("repair")>
            <h2 id="repair-title">"Repair"</h2>
            {body}
        </section>
    }
}
