//! The Calibration panel: a bundled labelled sample, scored by the core in
//! the page, drawn as a precision/recall curve with the current threshold's
//! point on it. Moving the threshold slider moves the point; any example
//! can be opened in the lab.
//!
//! Which score the curve sweeps follows the settings' `answer_scoring`:
//!
//! - `learned` (the `improved` preset): each answer's learned hallucination
//!   score, with the settings as they are (it reads what the checks find at
//!   the support threshold in force), cut at `decision_threshold`;
//! - otherwise the support-threshold sweep: each answer scores its worst
//!   claim (`answer_scoring: worst_claim`, since the slider is the support
//!   threshold), cut at `support_threshold`.
//!
//! Neither score depends on the threshold that cuts it, so moving that
//! slider only moves the point, where `eval::Cut` puts it, as `eval` cuts.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::config::{AnswerScoring, Config};
use crate::eval::datasets::{CalibrationExample, CalibrationSet};
use crate::eval::metrics::{self, Confusion};
use crate::eval::{score_answer, Cut};
use crate::lab_state::{as_a_line_box_holds, as_a_text_box_holds};
use crate::text::decimal::Decimal;
use crate::text::Document;

use super::lab::{Lab, Shared};
use super::widgets::svg_number;

/// The samples shipped in `dist/calibration/`.
const SETS: [(&str, &str); 2] = [
    ("ragtruth", "RAGTruth QA: 200 train responses"),
    ("halueval", "HaluEval QA: 100 tuning pairs"),
];

/// Read a sample with the browser's own JSON parser (keeping a JSON parser
/// out of the page's wasm).
fn parse_set(text: &str) -> Result<CalibrationSet, String> {
    let bad = |what: &str| format!("the sample is not valid: {what}");
    let value = js_sys::JSON::parse(text).map_err(|_| bad("not JSON"))?;
    let get = |v: &wasm_bindgen::JsValue, key: &str| js_sys::Reflect::get(v, &key.into()).ok();
    let string = |v: &wasm_bindgen::JsValue, key: &str| get(v, key).and_then(|s| s.as_string());
    let list: js_sys::Array = get(&value, "examples")
        .filter(|e| e.is_array())
        .ok_or_else(|| bad("no examples"))?
        .unchecked_into();
    let examples = list
        .iter()
        .map(|e| {
            Some(CalibrationExample {
                id: string(&e, "id")?,
                question: string(&e, "question").unwrap_or_default(),
                source: string(&e, "source")?,
                answer: string(&e, "answer")?,
                label: get(&e, "label")?.as_bool()?,
            })
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| bad("an example lacks a field"))?;
    Ok(CalibrationSet {
        name: string(&value, "name").unwrap_or_default(),
        licence: string(&value, "licence").unwrap_or_default(),
        examples,
    })
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| format!("could not fetch {url}"))?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!("could not fetch {url}: HTTP {}", response.status()));
    }
    let text =
        wasm_bindgen_futures::JsFuture::from(response.text().map_err(|_| "unreadable response")?)
            .await
            .map_err(|_| "unreadable response")?;
    text.as_string()
        .ok_or_else(|| "the response is not text".to_string())
}

/// Scores of every example under the given settings, as [`swept`] scores.
fn score_set(set: &CalibrationSet, cfg: &Config) -> Vec<(f64, bool)> {
    // Written out here, not through `swept`: with the scoring known where the
    // score is computed, the page does not link the noisy-OR's `powf`.
    let cfg = &Config {
        answer_scoring: if cfg.answer_scoring == AnswerScoring::Learned {
            AnswerScoring::Learned
        } else {
            AnswerScoring::WorstClaim
        },
        ..cfg.clone()
    };
    set.examples
        .iter()
        .map(|e| {
            let doc = Document::analyse(&e.source, cfg.into());
            (
                score_answer(&doc, &e.question, &e.answer, cfg).score,
                e.label,
            )
        })
        .collect()
}

/// The settings the panel sweeps: the learned score cut at the decision
/// threshold when the settings score answers so, else the worst claim's
/// score cut at the support threshold.
fn swept(cfg: &Config) -> Config {
    match cfg.answer_scoring {
        AnswerScoring::Learned => cfg.clone(),
        _ => Config {
            answer_scoring: AnswerScoring::WorstClaim,
            ..cfg.clone()
        },
    }
}

/// The settings the scores depend on: the swept ones with the threshold
/// that cuts them (and the unused noisy-OR's) set aside, so that moving
/// that slider does not score the sample again.
fn scoring(cfg: &Config) -> Config {
    let mut cfg = swept(cfg);
    cfg.answer_threshold = 0.5;
    cfg.decision_threshold = 0.5;
    if cfg.answer_scoring != AnswerScoring::Learned {
        cfg.support_threshold = 0.5;
    }
    cfg
}

/// What the panel sweeps, in words.
fn sweep_text(scoring: AnswerScoring) -> &'static str {
    match scoring {
        AnswerScoring::Learned => "Sweeping the learned hallucination score (answer scoring: learned), cut at the decision threshold.",
        _ => "Sweeping each answer's worst claim (1 − support, or a failed check), cut at the support threshold.",
    }
}

const W: f64 = 320.0;
const H: f64 = 220.0;
const PAD: f64 = 34.0;

fn x_of(recall: f64) -> f64 {
    PAD + recall * (W - PAD - 10.0)
}

fn y_of(precision: f64) -> f64 {
    H - PAD - precision * (H - PAD - 10.0)
}

#[component]
pub fn CalibrationPanel(lab: Lab) -> impl IntoView {
    let chosen = RwSignal::new(String::new());
    let set: RwSignal<Option<Result<Shared<CalibrationSet>, String>>> = RwSignal::new(None);
    let filter = RwSignal::new("mistakes".to_string());
    let load = move |name: String| {
        chosen.set(name.clone());
        set.set(None);
        if name.is_empty() {
            return;
        }
        leptos::task::spawn_local(async move {
            let result = fetch_text(&format!("calibration/{name}.json"))
                .await
                .and_then(|text| parse_set(&text));
            if chosen.get_untracked() == name {
                set.set(Some(result.map(|s| Shared(Arc::new(s)))));
            }
        });
    };
    // Scores depend on the settings but not on the threshold that cuts
    // them: the sample is scored again only when `scoring` changes.
    let scored_with = Memo::new(move |_| lab.config.with(scoring));
    let scores = Memo::new(move |_| {
        let cfg = scored_with.get();
        set.with(|s| match s {
            Some(Ok(s)) => Some(Shared(Arc::new(score_set(s, &cfg)))),
            _ => None,
        })
    });
    let cut = move || lab.config.with(|c| Cut::of(&swept(c)));
    let chart = move || {
        let scored = scores.get()?;
        let curve = metrics::pr_curve(&scored);
        let mut points = vec![format!(
            "{:.1},{:.1}",
            Decimal(x_of(0.0)),
            Decimal(y_of(curve.first().map_or(1.0, |p| p.precision)))
        )];
        points.extend(curve.iter().map(|p| {
            format!(
                "{:.1},{:.1}",
                Decimal(x_of(p.recall)),
                Decimal(y_of(p.precision))
            )
        }));
        let cut = cut();
        let (setting, t) = (cut.setting.replace('_', " "), cut.value);
        let at =
            Confusion::from_predictions(scored.iter().map(|&(s, label)| (cut.flags(s), label)));
        let ap = metrics::average_precision(&scored);
        let base = scored.iter().filter(|s| s.1).count() as f64 / scored.len().max(1) as f64;
        Some(view! {
            <svg class="pr-chart" viewBox=format!("0 0 {} {}", Decimal(W), Decimal(H)) role="img" aria-label=format!("Precision/recall curve; at {setting} {t:.2}: precision {:.2}, recall {:.2}", Decimal(at.precision()), Decimal(at.recall()), t = Decimal(t))>
                <line class="axis" x1=svg_number(PAD) y1=svg_number(H - PAD) x2=svg_number(W - 10.0) y2=svg_number(H - PAD)/>
                <line class="axis" x1=svg_number(PAD) y1=svg_number(10.0) x2=svg_number(PAD) y2=svg_number(H - PAD)/>
                <line class="baseline" x1=svg_number(PAD) y1=svg_number(y_of(base)) x2=svg_number(W - 10.0) y2=svg_number(y_of(base))/>
                <text x=svg_number(W - 12.0) y=svg_number(y_of(base) - 4.0) class="tick" text-anchor="end">"flag all"</text>
                <text x=svg_number(PAD) y=svg_number(H - 8.0) class="tick">"0"</text>
                <text x=svg_number(W - 18.0) y=svg_number(H - 8.0) class="tick">"1"</text>
                <text x=svg_number((W / 2.0) - 16.0) y=svg_number(H - 8.0) class="label">"recall"</text>
                <text x=svg_number(4.0) y=svg_number(16.0) class="tick">"1"</text>
                <text x="14" y=svg_number(H / 2.0) class="label" text-anchor="middle" transform=format!("rotate(-90 14 {})", Decimal(H / 2.0))>"precision"</text>
                <polyline class="curve" points=points.join(" ")/>
                <circle id="calibration-point" class="point" r="6" cx=format!("{:.1}", Decimal(x_of(at.recall()))) cy=format!("{:.1}", Decimal(y_of(at.precision())))/>
            </svg>
            <p class="calibration-figures" id="calibration-figures">
                {format!(
                    "At {setting} {t:.2}: precision {:.2}, recall {:.2}, F1 {:.2} ({} flagged of {}). Average precision {ap:.2}; flagging everything gives precision {base:.2}.",
                    Decimal(at.precision()), Decimal(at.recall()), Decimal(at.f1()), at.tp + at.fp, scored.len()
                , t = Decimal(t), ap = Decimal(ap), base = Decimal(base))}
            </p>
        })
    };
    let examples = move || {
        let scored = scores.get()?;
        let s = set.get()?.ok()?;
        let cut = cut();
        let wanted = filter.get();
        let rows = s
            .examples
            .iter()
            .zip(scored.iter())
            .filter(|(_, (score, label))| {
                let flagged = cut.flags(*score);
                match wanted.as_str() {
                    "mistakes" => flagged != *label,
                    "flagged" => flagged,
                    _ => true,
                }
            })
            .take(40)
            .map(|(e, (score, label))| {
                let flagged = cut.flags(*score);
                let outcome = match (flagged, *label) {
                    (true, true) => "caught",
                    (true, false) => "false alarm",
                    (false, true) => "missed",
                    (false, false) => "passed",
                };
                let e = e.clone();
                let label = *label;
                let excerpt: String = e.answer.chars().take(110).collect();
                view! {
                    <li class=format!("cal-row {}", outcome.replace(' ', "-"))>
                        <span class="cal-outcome">{outcome}</span>
                        <span class="cal-text">{excerpt}{(e.answer.chars().count() > 110).then_some("…")}</span>
                        <button type="button" class="open-example" on:click=move |_| {
                            lab.new_history_entry.set_value(true);
                            lab.example.set(None);
                            lab.question.set(as_a_line_box_holds(e.question.clone()));
                            lab.source.set(as_a_text_box_holds(e.source.clone()));
                            lab.answer.set(as_a_text_box_holds(e.answer.clone()));
                            lab.samples.set(vec![]);
                            lab.position.set(usize::MAX);
                            lab.focus.set(None);
                            let gold = if label { "a hallucination" } else { "faithful" };
                            lab.opened_from.set(Some(format!(
                                "Opened from Calibration: labelled {gold} in the data; its score is {} the threshold, so the curve counts it as {outcome}. The decision below also follows the policy, the routing and repair. Back returns to the state before.",
                                if flagged { "at or above" } else { "under" }
                            )));
                            if let Some(panel) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("answer")) {
                                panel.scroll_into_view();
                            }
                        }>"Open"</button>
                    </li>
                }
            })
            .collect::<Vec<_>>();
        Some(view! { <ul class="cal-list">{rows}</ul> })
    };
    view! {
        <section class="panel calibration" aria-labelledby="calibration-title" class:hidden=lab.is_hidden("calibration")>
            <header class="panel-head">
                <h2 id="calibration-title">"Calibration"</h2>
                <span class="hint">"How the current settings fare on real labelled answers."</span>
            </header>
            <div class="cal-controls">
                <label for="calibration-set">"Labelled sample"</label>
                <select id="calibration-set" on:change=move |ev| load(event_target_value(&ev))>
                    <option value="">"Choose…"</option>
                    {SETS.iter().map(|(v, label)| view! { <option value=*v>{*label}</option> }).collect::<Vec<_>>()}
                </select>
                <label for="calibration-filter">"Show"</label>
                <select id="calibration-filter" prop:value=move || filter.get() on:change=move |ev| filter.set(event_target_value(&ev))>
                    <option value="mistakes">"mistakes at this threshold"</option>
                    <option value="flagged">"flagged answers"</option>
                    <option value="all">"all answers"</option>
                </select>
            </div>
            {move || match set.get() {
                None if !chosen.get().is_empty() => Some(view! { <p class="note" role="status">"Loading and checking the sample…"</p> }.into_any()),
                Some(Err(e)) => Some(view! { <p class="note bad" role="status">{e}</p> }.into_any()),
                Some(Ok(s)) => Some(view! { <p class="note">{format!("{} ({} answers; {}).", s.name, s.examples.len(), s.licence)}</p> }.into_any()),
                None => None,
            }}
            <p class="hint" id="calibration-sweep" data-sweeps=move || scored_with.with(|c| Cut::of(c).setting)>
                {move || sweep_text(scored_with.with(|c| c.answer_scoring))}
            </p>
            {chart}
            {examples}
        </section>
    }
}
