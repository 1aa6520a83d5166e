//! Every setting live: one control per row of the settings table
//! (`crate::config::SETTINGS`), each carrying `data-setting=NAME`. A
//! threshold is a slider with its exact value beside it (a typed value is
//! kept exactly) and, under it, a strip of the values it is compared with
//! in the current report (`Report::measured`), coloured by verdict, whose
//! threshold line can be dragged. Pin and compare lists what a change of
//! settings changed (`crate::pin`).

use leptos::prelude::*;

use crate::config::{AnswerScoring, Group, Range, Setting, Value, SETTINGS};
use crate::pin::Pinned;
use crate::text::decimal::Decimal;
use crate::text::scan::parse_decimal;

use super::lab::Lab;
use super::widgets::deferred;

/// Settings shown in the main controls; the drawer holds the others.
pub const MAIN: [&str; 8] = [
    "support_threshold",
    "policy",
    "number_check",
    "citation_check",
    "negation_check",
    "entity_check",
    "stemming",
    "number_normalisation",
];

/// Shown among the main controls (and not in the drawer) while the
/// answer is scored by the learned model: the threshold that decides it.
pub const LEARNED_MAIN: &str = "decision_threshold";

/// Is the answer scored by the learned model (`answer_scoring: learned`)?
/// Changes only when the scoring does, not with every setting.
pub fn learned_scoring(lab: Lab) -> Memo<bool> {
    Memo::new(move |_| {
        lab.config
            .with(|c| c.answer_scoring == AnswerScoring::Learned)
    })
}

/// A control's element id: the one given, else `setting-` and the name
/// (`setting-drift-window`).
fn control_id(name: &str, given: Option<&'static str>) -> String {
    given.map_or_else(
        || format!("setting-{}", name.replace('_', "-")),
        str::to_string,
    )
}

/// The top of a number setting's slider.
fn max_of(range: Range) -> f64 {
    match range {
        Range::Positive(max) => max,
        // A count's slider reaches 20; the exact box takes any count.
        Range::Count(_) => 20.0,
        _ => 1.0,
    }
}

/// The slider's bottom and step.
fn min_and_step(range: Range) -> (f64, f64) {
    match range {
        Range::Count(min) => (min as f64, 1.0),
        r => (0.0, max_of(r) / 100.0),
    }
}

/// Set `name` from text typed or dragged; `Err` says why it was refused.
/// The settings change (and the page with them) only when the value does.
fn apply(lab: Lab, name: &'static str, text: &str) -> Result<(), String> {
    let mut changed = lab.config.get_untracked();
    changed.set_pair(name, text.trim())?;
    if lab.config.with_untracked(|c| *c != changed) {
        lab.configure(|c| *c = changed);
    }
    Ok(())
}

fn number_text(v: Option<Value>) -> String {
    match v {
        Some(Value::Number(x)) => Decimal(x).to_string(),
        Some(Value::Count(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The dots of the values a threshold is compared with, and its line,
/// which pointer drags move.
#[component]
fn Strip(lab: Lab, setting: Setting) -> impl IntoView {
    let name = setting.name;
    let max = max_of(setting.range);
    // The dots follow the check a task later ([`deferred`]): a claim begun
    // or ended in the middle of a long answer names every later claim's
    // dot anew.
    let checked = deferred(lab.checked);
    let dots = Memo::new(move |_| checked.with(|c| c.report.measured(name)));
    let value = move || match lab.config.with(|c| c.get(name)) {
        Some(Value::Number(x)) => x,
        _ => 0.0,
    };
    let dragging = StoredValue::new(false);
    let set_from = move |ev: &leptos::ev::PointerEvent| {
        use wasm_bindgen::JsCast;
        let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let share = ((f64::from(ev.client_x()) - rect.left()) / rect.width()).clamp(0.0, 1.0);
        let v = (share * max * 100.0).round() / 100.0;
        let _ = apply(lab, name, &Decimal(v).to_string());
    };
    let pct = move |v: f64| format!("{:.2}%", Decimal((v / max).clamp(0.0, 1.0) * 100.0));
    // A claim's value is told once the replay has revealed the claim; the
    // answer's once the replay is over.
    let shown = move |m: &crate::report::Measured| {
        let claim = m.label.split(" · ").next().unwrap_or("");
        lab.revealed.with(|r| {
            if m.verdict.is_some() {
                r.claim(claim)
            } else {
                r.complete
            }
        })
    };
    view! {
        <div class="strip-wrap" class:hidden=move || dots.with(Vec::is_empty)>
            <svg class="strip" role="img" data-strip=name
                aria-label=move || dots.with(|d| format!("{} compared with {}", setting.label, d.iter().filter(|m| shown(m)).map(said).collect::<Vec<_>>().join(", ")))
                on:pointerdown=move |ev| {
                    dragging.set_value(true);
                    set_from(&ev);
                }
                on:pointermove=move |ev| {
                    if dragging.get_value() {
                        set_from(&ev);
                    }
                }
                on:pointerup=move |_| dragging.set_value(false)
                on:pointerleave=move |_| dragging.set_value(false)
            >
                <line class="strip-axis" x1="0" y1="10" x2="100%" y2="10"/>
                // The threshold's line under the dots: a value close to it
                // stays visible, the line showing above and below.
                <line class="strip-line" x1=move || pct(value()) y1="0" x2=move || pct(value()) y2="20"/>
                <For each=move || dots.with(|d| d.iter().map(|m| Dot::of(m, shown(m), pct(m.value))).collect::<Vec<_>>())
                    key=|dot| dot.clone()
                    children=|Dot { class, cx, title }| view! { <circle class=class cx=cx cy="10" r="5"><title>{title}</title></circle> }/>
            </svg>
            <p class="strip-legend hint">{move || dots.with(|d| {
                let told: Vec<&crate::report::Measured> = d.iter().filter(|m| shown(m)).collect();
                legend(&told, value())
            })}</p>
        </div>
    }
}

/// A value as a strip tells it: its label and the value to two decimals
/// (`C3 0.82`), in its dots' titles, its legend and its description.
fn said(m: &crate::report::Measured) -> String {
    format!("{} {:.2}", m.label, Decimal(m.value))
}

/// The most values a strip's legend lists: a 100-claim answer's list
/// filled 30 lines of the panel.
const LEGEND_VALUES: usize = 6;

/// A strip's legend: each value told, or, when there are more than
/// [`LEGEND_VALUES`], those nearest the threshold `at` (the ones a small
/// move of it decides), in their order, and how many there are in all.
fn legend(told: &[&crate::report::Measured], at: f64) -> String {
    if told.len() <= LEGEND_VALUES {
        return told
            .iter()
            .copied()
            .map(said)
            .collect::<Vec<_>>()
            .join(" · ");
    }
    // The nearest, one at a time (no sort: the page's code stays small).
    let mut taken = vec![false; told.len()];
    let distance = |i: usize| (told[i].value - at).abs();
    for _ in 0..LEGEND_VALUES {
        let next = (0..told.len()).filter(|&i| !taken[i]).reduce(|best, i| {
            if distance(i) < distance(best) {
                i
            } else {
                best
            }
        });
        if let Some(i) = next {
            taken[i] = true;
        }
    }
    let listed: Vec<String> = (0..told.len())
        .filter(|&i| taken[i])
        .map(|i| said(told[i]))
        .collect();
    format!(
        "{} (the {LEGEND_VALUES} nearest the threshold of {} values; each dot names its own)",
        listed.join(" · "),
        told.len()
    )
}

/// One dot of a strip as it is drawn, keyed by all it shows: a keystroke
/// redraws the dots whose value or verdict it changed, not the strip.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Dot {
    class: String,
    /// Its place on the strip, as a percentage.
    cx: String,
    title: String,
}

impl Dot {
    fn of(m: &crate::report::Measured, shown: bool, cx: String) -> Dot {
        // A verdict's colour shows once the replay has revealed it.
        let class = match m.verdict {
            _ if !shown => "dot pending".to_string(),
            Some(v) => format!("dot verdict-{}", v.name()),
            None => "dot answer".to_string(),
        };
        let title = if shown {
            said(m)
        } else {
            format!("{}: not revealed yet", m.label)
        };
        Dot { class, cx, title }
    }
}

/// A number setting: slider, exact value (a count's may pass the
/// slider's top), strip.
#[component]
pub fn NumberSetting(
    lab: Lab,
    setting: Setting,
    #[prop(optional)] id: Option<&'static str>,
) -> impl IntoView {
    let name = setting.name;
    let id = control_id(name, id);
    let exact_id = format!("{id}-exact");
    let error = RwSignal::new(None::<String>);
    let current = move || lab.config.with(|c| c.get(name));
    let (min, step) = min_and_step(setting.range);
    let max = max_of(setting.range);
    // An emptied box (or one holding what is no number yet) changes
    // nothing until it holds a number; left so, it shows the value again.
    let on_typed = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        error.set(
            (!text.trim().is_empty())
                .then(|| apply(lab, name, &text).err())
                .flatten(),
        );
    };
    // The exact box shows the value, but not over what is being typed in
    // it while that reads as the value ("0." is 0) or as nothing yet.
    let exact = NodeRef::<leptos::html::Input>::new();
    let exact_text = Memo::new(move |_| number_text(current()));
    Effect::new(move |_| {
        let shown = exact_text.get();
        let Some(el) = exact.get() else {
            return;
        };
        let text = el.value();
        let typing = document().active_element().is_some_and(|a| a == **el);
        let reads_as_shown =
            text.trim().is_empty() || parse_decimal(text.trim()) == parse_decimal(&shown);
        if text != shown && !(typing && reads_as_shown) {
            el.set_value(&shown);
        }
    });
    let on_left = move |ev: leptos::ev::Event| {
        if event_target_value(&ev).trim().is_empty() {
            event_target::<web_sys::HtmlInputElement>(&ev).set_value(&exact_text.get_untracked());
            error.set(None);
        }
    };
    let exact_max = (!matches!(setting.range, Range::Count(_))).then(|| Decimal(max).to_string());
    view! {
        <div class="control setting" data-group=format!("{:?}", setting.group)>
            <label for=id.clone() title=setting.doc>{setting.label}</label>
            <div class="setting-inputs">
                <input type="range" id=id data-setting=name min=Decimal(min).to_string() max=Decimal(max).to_string() step=Decimal(step).to_string()
                    prop:value=move || number_text(current())
                    on:input=move |ev| error.set(apply(lab, name, &event_target_value(&ev)).err())/>
                <input type="number" class="exact" id=exact_id aria-label=format!("{} (exact value)", setting.label)
                    min=Decimal(min).to_string()
                    max=exact_max
                    step="any"
                    aria-invalid=move || error.with(Option::is_some).to_string()
                    node_ref=exact
                    on:input=on_typed
                    on:change=on_left/>
            </div>
            {move || error.get().map(|e| view! { <p class="note bad" role="alert">{e}</p> })}
            <Strip lab setting/>
            <p class="hint">{setting.doc}</p>
        </div>
    }
}

/// An on/off setting.
#[component]
pub fn ToggleSetting(
    lab: Lab,
    setting: Setting,
    #[prop(optional)] id: Option<&'static str>,
) -> impl IntoView {
    let name = setting.name;
    let id = control_id(name, id);
    let set = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        lab.configure(|c| {
            let _ = c.set(name, Value::Toggle(on));
        });
    };
    let label_for = id.clone();
    view! {
        <label class="toggle" for=label_for title=setting.doc>
            <input type="checkbox" id=id data-setting=name
                prop:checked=move || lab.config.with(|c| c.is_on(name))
                on:input=set on:change=set/>
            <span>{setting.label}</span>
        </label>
    }
}

/// A setting with named values.
#[component]
pub fn ChoiceSetting(
    lab: Lab,
    setting: Setting,
    #[prop(optional)] id: Option<&'static str>,
) -> impl IntoView {
    let name = setting.name;
    let id = control_id(name, id);
    let names: &'static [&'static str] = match setting.range {
        Range::Choice(n) => n,
        _ => &[],
    };
    let set = move |ev: leptos::ev::Event| {
        let _ = apply(lab, name, &event_target_value(&ev));
    };
    let label_for = id.clone();
    view! {
        <div class="control setting">
            <label for=label_for title=setting.doc>{setting.label}</label>
            <select id=id data-setting=name
                prop:value=move || lab.config.with(|c| c.get(name).map(|v| v.to_text()).unwrap_or_default())
                on:input=set on:change=set>
                {names.iter().map(|n| view! { <option value=*n>{choice_label(name, n)}</option> }).collect::<Vec<_>>()}
            </select>
        </div>
    }
}

/// How a choice reads in the menu.
fn choice_label(setting: &str, value: &'static str) -> &'static str {
    match (setting, value) {
        ("policy", "block") => "Block the answer",
        ("policy", "flag") => "Deliver with flags",
        _ => value,
    }
}

/// Any setting, as its range asks.
#[component]
pub fn SettingControl(lab: Lab, setting: Setting) -> impl IntoView {
    match setting.range {
        Range::Toggle => view! { <ToggleSetting lab setting/> }.into_any(),
        Range::Choice(_) => view! { <ChoiceSetting lab setting/> }.into_any(),
        _ => view! { <NumberSetting lab setting/> }.into_any(),
    }
}

/// The drawer of every setting not among the main controls, by group.
#[component]
pub fn AllSettings(lab: Lab) -> impl IntoView {
    let learned = learned_scoring(lab);
    let groups = Group::ALL
        .into_iter()
        .filter_map(|g| {
            let rows: Vec<_> = SETTINGS
                .iter()
                .filter(|s| s.group == g && !MAIN.contains(&s.name))
                .map(|s| {
                    let setting = *s;
                    if setting.name == LEARNED_MAIN {
                        // Among the main controls while it decides.
                        (move || (!learned.get()).then(|| view! { <SettingControl lab setting/> }))
                            .into_any()
                    } else {
                        view! { <SettingControl lab setting/> }.into_any()
                    }
                })
                .collect();
            (!rows.is_empty()).then(|| view! { <fieldset class="setting-group"><legend>{g.title()}</legend>{rows}</fieldset> })
        })
        .collect::<Vec<_>>();
    view! {
        <details class="drawer" id="all-settings">
            <summary>{move || format!("All settings ({} more)", SETTINGS.len() - MAIN.len() - usize::from(learned.get()))}</summary>
            {groups}
        </details>
    }
}

/// Pin the current settings and outcome; list what changed since.
#[component]
pub fn PinCompare(lab: Lab) -> impl IntoView {
    let changes = move || {
        lab.pinned.with(|p| {
            p.as_ref().map(|p| {
                let config = lab.config.get();
                lab.checked.with(|c| p.changes(&config, &c.report))
            })
        })
    };
    view! {
        <div class="pin">
            <button type="button" id="pin" aria-pressed=move || lab.pinned.with(Option::is_some).to_string() on:click=move |_| {
                if lab.pinned.with_untracked(Option::is_some) {
                    lab.pinned.set(None);
                } else {
                    let config = lab.config.get_untracked();
                    lab.pinned.set(Some(lab.checked.with_untracked(|c| Pinned::of(&config, &c.report))));
                }
            }>{move || if lab.pinned.with(Option::is_some) { "Unpin" } else { "Pin to compare" }}</button>
            {move || changes().map(|list| {
                if list.is_empty() {
                    view! { <p id="pin-changes" class="hint" data-changes="0">"Same as the pinned state."</p> }.into_any()
                } else {
                    let n = list.len();
                    view! {
                        <ul id="pin-changes" class="pin-changes" data-changes=n aria-label="Changed since pinned">
                            {list.into_iter().map(|c| view! { <li data-change=c.what>{if c.what == "setting" { c.text } else { c.text.replace('_', " ") }}</li> }).collect::<Vec<_>>()}
                        </ul>
                    }.into_any()
                }
            })}
        </div>
    }
}
