//! The Drift panel (seed 001's fifth check, kept in the browser): record
//! answers to a question, see each one's similarity to the ones before it
//! as a small chart with the threshold and the drift points, the stored
//! fingerprints, and the current answer's drift verdict. History survives
//! reloads (IndexedDB) and can be exported, imported (merged) and cleared.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::drift::{self, Record};
use crate::text::decimal::Decimal;

use super::lab::Lab;
use super::storage::{self, Backend};
use super::widgets::{svg_number, Limits};

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Switch to memory after a storage failure, saying why.
fn fall_back(lab: Lab, why: String) {
    lab.backend.set(Backend::Memory);
    lab.db.set_value(None);
    lab.storage_message.set(Some(format!(
        "Drift history is kept in memory for this visit only: {why}."
    )));
}

/// Open IndexedDB and load the history (or fall back to memory).
pub fn start_storage(lab: Lab) {
    leptos::task::spawn_local(async move {
        match storage::open().await {
            Ok(db) => match storage::load(&db).await {
                Ok(records) => {
                    lab.records.set(records);
                    lab.db.set_value(Some(std::rc::Rc::new(db)));
                    lab.backend.set(Backend::IndexedDb);
                    lab.storage_message.set(None);
                }
                Err(e) => fall_back(lab, e),
            },
            Err(e) => fall_back(lab, e),
        }
    });
}

/// Store records (in memory at once, then in IndexedDB in one transaction).
fn store(lab: Lab, new: Vec<Record>, done: impl FnOnce(Result<usize, String>) + 'static) {
    let n = new.len();
    lab.records.update(|all| all.extend(new.iter().cloned()));
    let Some(db) = lab.db.get_value() else {
        done(Ok(n));
        return;
    };
    leptos::task::spawn_local(async move {
        match storage::add(&db, &new).await {
            Ok(()) => done(Ok(n)),
            Err(e) => {
                fall_back(lab, e.clone());
                done(Err(e));
            }
        }
    });
}

/// Record the current answer to the current question.
pub fn record_answer(lab: Lab) {
    let question = drift::question_key(&lab.question.get_untracked());
    if question.is_empty() {
        lab.storage_message.set(Some(
            "Type the question first: drift is tracked per question.".into(),
        ));
        return;
    }
    let mut fingerprint = drift::fingerprint(&lab.answer.get_untracked());
    fingerprint.recorded_at = Some(now_ms());
    store(
        lab,
        vec![Record {
            question,
            fingerprint,
        }],
        |_| {},
    );
}

fn download(name: &str, text: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let document = web_sys::window()?.document()?;
    let a: web_sys::HtmlElement = document.create_element("a").ok()?.unchecked_into();
    a.set_attribute("href", &url).ok()?;
    a.set_attribute("download", name).ok()?;
    a.click();
    web_sys::Url::revoke_object_url(&url).ok()
}

const W: f64 = 300.0;
const H: f64 = 120.0;

#[component]
pub fn DriftPanel(lab: Lab) -> impl IntoView {
    let key = Memo::new(move |_| lab.question.with(|q| drift::question_key(q)));
    let stored = Memo::new(move |_| {
        let k = key.get();
        lab.records.with(|all| {
            all.iter()
                .filter(|r| r.question == k)
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let count = move || stored.with(Vec::len);
    let current = move || lab.checked.with(|c| c.report.drift.clone());
    let message = RwSignal::new(None::<String>);

    // Optional automatic recording once the answer has rested for 3 s.
    let auto = RwSignal::new(false);
    let timer: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        lab.answer.track();
        lab.question.track();
        timer.set_value(None);
        if auto.get() {
            timer.set_value(Some(Timeout::new(3_000, move || record_answer(lab))));
        }
    });

    // The answers compared with: those stored, or the example's own until
    // one is stored (as the check uses them).
    let compared = move || lab.history.get();
    let stand_in = move || count() == 0 && !compared().0.is_empty();
    let chart = move || {
        let fps: Vec<_> = compared().0.to_vec();
        if fps.is_empty() {
            return None;
        }
        let cfg = lab.config.get();
        let t = drift::timeline(&fps, &cfg);
        let n = t.len().max(2) as f64;
        let x = |i: usize| 20.0 + (W - 30.0) * i as f64 / (n - 1.0);
        let y = |sim: f64| 10.0 + (H - 30.0) * (1.0 - sim);
        let line_y = y(1.0 - cfg.drift_threshold);
        let points: Vec<(f64, f64, bool)> = t
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, r)| (x(i), y(1.0 - r.delta), r.drifted))
            .collect();
        let path = points
            .iter()
            .map(|(a, b, _)| format!("{a:.1},{b:.1}", a = Decimal(*a), b = Decimal(*b)))
            .collect::<Vec<_>>()
            .join(" ");
        Some(view! {
            <svg class="drift-chart" viewBox=format!("0 0 {} {}", Decimal(W), Decimal(H)) role="img"
                aria-label=format!("Similarity of each of {} stored answers to the one before; drift below {:.2}", fps.len(), Decimal(1.0 - cfg.drift_threshold))>
                <line class="axis" x1="20" y1=svg_number(H - 20.0) x2=svg_number(W - 10.0) y2=svg_number(H - 20.0)/>
                <line class="threshold" x1="20" y1=svg_number(line_y) x2=svg_number(W - 10.0) y2=svg_number(line_y)/>
                <text class="tick" x="0" y=svg_number(line_y + 3.0)>{format!("{:.2}", Decimal(1.0 - cfg.drift_threshold))}</text>
                <polyline class="curve" points=path/>
                {points.into_iter().map(|(a, b, drifted)| view! { <circle class:drifted=drifted class="dot" cx=format!("{a:.1}", a = Decimal(a)) cy=format!("{b:.1}", b = Decimal(b)) r="4"/> }).collect::<Vec<_>>()}
                <text class="label" x="20" y=svg_number(H - 5.0)>"answers recorded, oldest first"</text>
            </svg>
        })
    };
    let rows = move || {
        let all = compared();
        let skip = all.0.len().saturating_sub(12);
        all.0
            .iter()
            .skip(skip)
            .map(|fp| {
                    let when = fp.recorded_at.map_or(String::new(), |t| {
                        let d = js_sys::Date::new(&t.into());
                        format!("{:02}:{:02}:{:02}", d.get_hours(), d.get_minutes(), d.get_seconds())
                    });
                    let numbers = fp.numbers.iter().map(|n| n.trim_start_matches('#')).collect::<Vec<_>>().join(", ");
                    view! {
                        <li>
                            <span class="when">{when}</span>
                            <span class="nums">{if numbers.is_empty() { "no numbers".to_string() } else { numbers }}</span>
                            <span class="words">{fp.key_words.iter().take(6).cloned().collect::<Vec<_>>().join(" ")}</span>
                        </li>
                    }
            })
            .collect::<Vec<_>>()
    };
    let on_import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = ev.target().unwrap().unchecked_into();
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        if file.size() > drift::MAX_IMPORT_BYTES as f64 {
            message.set(Some(format!(
                "{} is too large to be a drift history.",
                file.name()
            )));
            return;
        }
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string());
            let Some(text) = text else {
                message.set(Some("The file could not be read.".into()));
                return;
            };
            match lab
                .records
                .with_untracked(|all| storage::import_text(&text, all))
            {
                Ok(import) => {
                    let (added, dup, bad) =
                        (import.records.len(), import.duplicates, import.skipped);
                    let summary = format!(
                        "Imported {added} answer{}; {dup} already held, {bad} unreadable skipped.",
                        if added == 1 { "" } else { "s" }
                    );
                    store(lab, import.records, move |r| {
                        message.set(Some(r.map_or_else(
                            |e| format!("Import kept in memory only: {e}."),
                            |_| summary,
                        )))
                    });
                }
                Err(e) => message.set(Some(format!("Nothing imported: {e}."))),
            }
        });
    };
    let on_clear = move |_| {
        let k = key.get_untracked();
        let confirmed = web_sys::window()
            .and_then(|w| {
                w.confirm_with_message(&format!("Clear the {} stored answers to \"{k}\"?", count()))
                    .ok()
            })
            .unwrap_or(false);
        if !confirmed {
            return;
        }
        lab.records.update(|all| all.retain(|r| r.question != k));
        message.set(Some("History of this question cleared.".into()));
        if let Some(db) = lab.db.get_value() {
            leptos::task::spawn_local(async move {
                if let Err(e) = storage::clear(&db, &k).await {
                    fall_back(lab, e);
                }
            });
        }
    };

    view! {
        <section class="panel drift" aria-labelledby="drift-title" class:hidden=lab.is_hidden("drift")>
            <header class="panel-head">
                <h2 id="drift-title">"Drift"</h2>
                <span id="storage-status" class="hint" data-store=move || lab.backend.get().name()>
                    {move || match lab.backend.get() {
                        Backend::IndexedDb => "Stored in this browser (IndexedDB)",
                        Backend::Memory => "Kept in memory",
                    }}
                </span>
            </header>
            {move || lab.storage_message.get().map(|m| view! { <p class="note bad" role="status">{m}</p> })}
            <p class="drift-line">
                <span id="drift-count">{count}</span>
                {move || if count() == 1 { " answer stored for this question. " } else { " answers stored for this question. " }}
                {move || stand_in().then(|| format!("The example's {} earlier answers stand in until one is stored.", compared().0.len()))}
            </p>
            <p id="drift-status" data-drift=move || current().is_some_and(|d| d.drifted).to_string() class:drifted=move || current().is_some_and(|d| d.drifted)>
                {move || match current() {
                    Some(d) if d.drifted => format!("Drift: {}.", d.reason),
                    Some(d) => format!("No drift: {}.", d.reason),
                    None => "Type a question to track this answer's drift.".to_string(),
                }}
            </p>
            <div class="drift-actions">
                <button type="button" id="record-answer" on:click=move |_| record_answer(lab)>"Record answer"</button>
                <label class="toggle" for="auto-record">
                    <input type="checkbox" id="auto-record" prop:checked=move || auto.get() on:change=move |ev| auto.set(event_target_checked(&ev))/>
                    <span>"Record when the answer rests for 3 s"</span>
                </label>
            </div>
            {chart}
            <ol class="fingerprints" aria-label="Fingerprints compared with, oldest first">{rows}</ol>
            <div class="drift-actions">
                <button type="button" id="export-history" on:click=move |_| {
                    let json = lab.records.with_untracked(|all| storage::export_text(all));
                    download("claimlab-drift-history.json", &json);
                }>"Export"</button>
                <label class="file-button">
                    "Import…"
                    <input id="import-history" type="file" accept=".json,application/json" on:change=on_import/>
                </label>
                <button type="button" id="clear-history" disabled=move || count() == 0 on:click=on_clear>"Clear this question"</button>
            </div>
            {move || message.get().map(|m| view! { <p class="note" id="drift-message" role="status">{m}</p> })}
            <Limits items=vec![("Drift", drift::LIMITS)]/>
        </section>
    }
}
