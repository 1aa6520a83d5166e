//! The event trace and its replay (Play/Pause, Next event, Restart, Speed,
//! Inspection time), the computed data of the selected event, the final
//! metrics and the decision. Reveal times come from the core
//! ([`crate::trace::reveal_times`]); this module only keeps the clock.

use std::sync::Arc;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::checks::confidence;
use crate::lab_state::{replay_position, SPEEDS};
use crate::report::{how_it_fails, ClaimReport, Delivery, MarkSide, Verdict};
use crate::text::decimal::Decimal;
use crate::trace::reveal_times;

use super::claims::marked_text;
use super::contributions::ContributionChart;
use super::lab::{Lab, Shared};
use super::widgets::{deferred, list_memo, Limits};

/// What the trace's list item at one place shows.
#[derive(Clone, Default, PartialEq)]
struct ShownEvent {
    kind: &'static str,
    /// "C3 · best match", or the kind alone for an answer's event.
    label: String,
    summary: String,
}

impl ShownEvent {
    fn of(e: &crate::trace::Event) -> ShownEvent {
        let kind = e.kind.name().replace('_', " ");
        ShownEvent {
            kind: e.kind.name(),
            label: match &e.claim {
                Some(c) => format!("{c} · {kind}"),
                None => kind,
            },
            summary: e.summary.clone(),
        }
    }
}

#[component]
pub fn TracePanel(lab: Lab) -> impl IntoView {
    let times = Memo::new(move |_| {
        let checked = lab.checked.get();
        let total_ms = u64::from(lab.inspection_seconds.get()) * 1000;
        Shared(Arc::new(reveal_times(&checked.report.trace, total_ms)))
    });
    let count = move || lab.checked.with(|c| c.report.trace.len());
    let shown = move || lab.position.get().min(count());

    // The clock: one timeout to the next event, re-armed whenever the
    // position, speed or result changes. Dropping a timeout cancels it.
    let timer: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        let playing = lab.playing.get();
        let position = lab.position.get();
        let speed = lab.speed.get().max(0.1);
        let times = times.get();
        timer.set_value(None);
        if !playing {
            return;
        }
        let n = times.len();
        if position >= n {
            lab.playing.set(false);
            return;
        }
        let previous = if position == 0 {
            0
        } else {
            times[position - 1]
        };
        let delay = ((times[position].saturating_sub(previous)) as f64 / speed).round() as u32;
        timer.set_value(Some(Timeout::new(delay, move || {
            lab.position
                .update(|p| *p = replay_position((*p).min(n) + 1, n))
        })));
    });

    let play = move |_| {
        if lab.playing.get_untracked() {
            lab.playing.set(false);
        } else {
            if lab.position.get_untracked() >= count() {
                lab.position.set(0);
            }
            lab.selected_event.set(None);
            lab.playing.set(true);
        }
    };
    let step = move |_| {
        lab.playing.set(false);
        lab.selected_event.set(None);
        let n = count();
        lab.position
            .update(|p| *p = replay_position((*p).min(n) + 1, n));
    };
    let restart = move |_| {
        lab.playing.set(false);
        lab.selected_event.set(None);
        lab.position.set(0);
    };

    // The replay keeps the event it shows in sight: a tick or "Next event"
    // (one event on) and Restart scroll the list, never the page. A check's
    // new result, which puts the position at its end, scrolls nothing.
    let events_list: NodeRef<leptos::html::Ol> = NodeRef::new();
    Effect::new(move |previous: Option<usize>| {
        let position = lab.position.get();
        let n = count();
        // One event on (the last one on reads as the trace's end), or back
        // to the start.
        let replayed = previous.is_some_and(|p| {
            let on = p.checked_add(1);
            on == Some(position)
                || (position == crate::lab_state::TRACE_END && p != position && on == Some(n))
                || (position == 0 && p > 0)
        });
        if replayed {
            let index = position.min(n).saturating_sub(1);
            leptos::prelude::request_animation_frame(move || {
                if let Some(list) = events_list.get_untracked() {
                    keep_in_sight(&list, index);
                }
            });
        }
        position
    });

    // The event shown last points at its claim: the claim and its best
    // sentence are highlighted in the texts, its marks (numbers, names) too.
    Effect::new(move |_| {
        let position = lab.position.get();
        let selected = lab.selected_event.get();
        let claim = lab.checked.with(|c| {
            let n = c.report.trace.len();
            if position >= n && selected.is_none() {
                return None;
            }
            let index = selected.unwrap_or(position.min(n).saturating_sub(1));
            c.report.trace.get(index).and_then(|e| e.claim.clone())
        });
        // Answer-level events (decision, risk, repair) point at no claim.
        if position < lab.checked.with_untracked(|c| c.report.trace.len()) || selected.is_some() {
            lab.focus.set(claim);
        }
    });

    // The list's items stay in their places: each shows the event at its
    // place, and a new result redraws only what changed in each (a claim
    // begun or ended in the middle of a long answer moves every later
    // event: their items show the next ones, nothing is moved or drawn
    // anew), and the replay only flips each item's state (a tick must not
    // rebuild the list). Every event can be clicked: the replay goes to it.
    //
    // The list follows the check a task later ([`deferred`]), and so do
    // the items' places: read from the check itself, every item's memo was
    // marked on every keystroke.
    let listed = deferred(lab.checked);
    let place = list_memo(move || {
        let count = listed.with(|c| c.report.trace.len());
        (lab.position.get().min(count), lab.selected_event.get())
    });
    let items = move || 0..listed.with(|c| c.report.trace.len());
    let item = move |index: usize| {
        let event = Memo::new(move |_| {
            listed.with(|c| {
                (c.report.trace.get(index)).map_or_else(ShownEvent::default, ShownEvent::of)
            })
        });
        // (shown, current): one memo an item, read by its attributes.
        let state = Memo::new(move |_| {
            let (shown, selected) = place.get();
            let current = index < shown && index == selected.unwrap_or(shown.saturating_sub(1));
            (index < shown, current)
        });
        let visible = move || state.get().0;
        let current = move || state.get().1;
        view! {
            <li data-event=move || event.with(|e| e.kind) data-index=index data-state=move || if visible() { "shown" } else { "pending" } class:current=current>
                <button type="button" aria-current=move || current().then_some("step") on:click=move |_| {
                    lab.playing.set(false);
                    lab.position.set(replay_position(index + 1, listed.with_untracked(|c| c.report.trace.len())));
                    lab.selected_event.set(Some(index));
                }>
                    <span class="event-label">{move || event.with(|e| e.label.clone())}</span>
                    <span class="event-summary">{move || event.with(|e| e.summary.clone())}</span>
                </button>
            </li>
        }
    };

    view! {
        <section class="panel trace" aria-labelledby="trace-title" class:hidden=lab.is_hidden("trace")>
            <header class="panel-head">
                <h2 id="trace-title">"Event trace"</h2>
                <span class="hint">{move || format!("{} of {} events", shown(), count())}</span>
            </header>
            <div class="player" role="group" aria-label="Replay">
                <button type="button" id="play" aria-pressed=move || lab.playing.get().to_string() on:click=play>
                    {move || if lab.playing.get() { "Pause" } else { "Play" }}
                </button>
                <button type="button" id="step" on:click=step>"Next event"</button>
                <button type="button" id="restart" on:click=restart>"Restart"</button>
                <label for="speed">"Speed"</label>
                <select id="speed" prop:value=move || Decimal(lab.speed.get()).to_string() on:change=move |ev| {
                    if let Some(v) = crate::text::scan::parse_decimal(&event_target_value(&ev)) {
                        lab.speed.set(v);
                    }
                }>
                    {SPEEDS.iter().map(|s| view! { <option value=Decimal(*s).to_string()>{format!("{}×", Decimal(*s))}</option> }).collect::<Vec<_>>()}
                </select>
                <label for="inspection-time">"Inspection time (s)"</label>
                <input type="number" id="inspection-time" min="5" max="600" step="5"
                    prop:value=move || lab.inspection_seconds.get().to_string()
                    on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                            lab.inspection_seconds.set(v.clamp(5, 600));
                        }
                    }/>
            </div>
            <ol class="events" node_ref=events_list><For each=items key=|index| *index children=item/></ol>
        </section>
    }
}

#[component]
pub fn ComputedData(lab: Lab) -> impl IntoView {
    let rows = move || {
        let checked = lab.checked.get();
        let shown = lab.position.get().min(checked.report.trace.len());
        let index = lab.selected_event.get().unwrap_or(shown.saturating_sub(1));
        let event = checked.report.trace.get(index).filter(|_| shown > 0)?;
        let fields = event
            .kind
            .fields()
            .into_iter()
            .map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> });
        Some(
            view! {
                <p class="event-summary">{event.summary.clone()}</p>
                <dl class="kv">{fields.collect::<Vec<_>>()}</dl>
            }
            .into_any(),
        )
    };
    view! {
        <section class="panel computed" aria-labelledby="computed-title" class:hidden=lab.is_hidden("computed")>
            <h2 id="computed-title">"Computed data"</h2>
            {move || rows().unwrap_or_else(|| view! { <p class="event-summary">"No event shown yet: press Play or Next event."</p> }.into_any())}
        </section>
    }
}

#[component]
pub fn FinalMetrics(lab: Lab) -> impl IntoView {
    let body = move || {
        let checked = lab.checked.get();
        let shown = lab.revealed.get();
        let r = &checked.report;
        let s = &r.summary;
        // Only revealed verdicts are counted while the replay runs.
        let counts = Verdict::DISPLAY_ORDER
            .iter()
            .map(|v| {
                let n = r.claims.iter().filter(|c| c.verdict == *v && shown.claim(&c.id)).count();
                view! { <li class=format!("count verdict-{}", v.name())><strong>{n}</strong>" "{v.name()}</li> }
            })
            .collect::<Vec<_>>();
        let pending = || "…".to_string();
        let triggers = r
            .risk
            .triggers
            .iter()
            .map(|t| t.name().replace('_', " "))
            .collect::<Vec<_>>()
            .join(", ");
        let q = &r.quality.components;
        view! {
            <ul class="counts" aria-label="Claims per verdict">{counts}</ul>
            <dl class="kv metrics">
                <dt>"Citation coverage"</dt><dd id="citation-coverage">{if !shown.metrics { pending() } else if s.citation_coverage == 0.0 && !r.claims.iter().any(|c| !c.citations.cited.is_empty()) { "none cited".to_string() } else { format!("{:.0}%", Decimal(s.citation_coverage * 100.0)) }}</dd>
                <dt>"Faithfulness"</dt><dd>{if shown.metrics { format!("{:.2}", Decimal(s.faithfulness)) } else { pending() }}</dd>
                <dt>"Confidence"</dt><dd>{if shown.metrics { format!("{:.2}", Decimal(s.confidence.score)) } else { pending() }}</dd>
                <dt>"Risk"</dt><dd id="risk" data-revealed=shown.risk.to_string() class=format!("risk risk-{}", if shown.risk { r.risk.level.name() } else { "pending" })>{if shown.risk { format!("{}{}", r.risk.level.name(), if triggers.is_empty() { String::new() } else { format!(" ({triggers})") }) } else { pending() }}</dd>
                <dt>"Quality score"</dt>
                <dd title=format!("faithfulness {:.2} + consistency {:.2} + confidence {:.2} + latency {:.2} − drift {:.2}", Decimal(q.faithfulness), Decimal(q.consistency), Decimal(q.confidence), Decimal(q.latency), Decimal(q.drift_penalty))>
                    {if shown.quality { format!("{:.2}", Decimal(r.quality.score)) } else { pending() }}
                </dd>
                <dt>"Routing"</dt><dd id="routing" data-revealed=shown.quality.to_string()>{if shown.quality { r.quality.routing.name().replace('_', " ") } else { pending() }}</dd>
                {r.drift.as_ref().filter(|_| shown.drift).map(|d| view! { <dt>"Drift"</dt><dd>{if d.drifted { "yes" } else { "no" }}": "{d.reason.clone()}</dd> })}
            </dl>
        }
    };
    let recompute = move || {
        lab.checked.with(|c| {
            if c.analyse_ms > 0.0 {
                format!(
                    "checked in {:.1} ms (source analysed in {:.1} ms)",
                    Decimal(c.check_ms),
                    Decimal(c.analyse_ms)
                )
            } else {
                format!("checked in {:.1} ms", Decimal(c.check_ms))
            }
        })
    };
    // The learned score's bars (the `improved` preset's), once the replay
    // has revealed the decision they explain.
    let score = move || {
        let score = lab.checked.with(|c| c.report.answer_score.clone())?;
        lab.revealed
            .with(|r| r.decision)
            .then(|| view! { <ContributionChart score of="answer".to_string()/> })
    };
    view! {
        <section class="panel metrics" aria-labelledby="metrics-title" class:hidden=lab.is_hidden("metrics")>
            <header class="panel-head">
                <h2 id="metrics-title">"Final metrics"</h2>
                <span class="hint" id="recompute-ms">{recompute}</span>
            </header>
            {body}
            {score}
            <Limits items=vec![("Confidence", confidence::LIMITS), ("Drift", crate::drift::LIMITS)]/>
        </section>
    }
}

/// What the user receives, as the core's routing says (`Report::delivery`):
/// the answer (flagged or not), the repaired answer, nothing, or the safe decline.
#[component]
pub fn Delivered(lab: Lab) -> impl IntoView {
    // A supported claim is named only by the learned score, for the words
    // its sentence lacks (as `Report::headline` says it).
    let problem =
        |c: &ClaimReport| format!("{}: {}", how_it_fails(&c.id, c.verdict), c.main_reason());
    let body = move || {
        let checked = lab.checked.get();
        let r = &checked.report;
        let answer = lab.answer.get();
        if !lab.revealed.with(|s| s.delivery()) {
            return view! { <p class="hint" data-revealed="false">"Not decided yet: the replay reveals what ships at its end."</p> }.into_any();
        }
        match r.delivery() {
            Delivery::Answer { flagged } if !flagged.is_empty() => {
                // Every failing claim is marked, in the answer's order.
                let mut parts: Vec<AnyView> = Vec::new();
                let mut at = 0;
                for c in &flagged {
                    parts.push(answer[at..c.byte_start].to_string().into_any());
                    parts.push(view! { <mark class="flagged" data-flag=c.id.clone()><sup>{format!("⚑{}", c.id)}</sup>{marked_text(&answer, c.byte_start, c.byte_end, None, MarkSide::Answer)}</mark> }.into_any());
                    at = c.byte_end;
                }
                parts.push(answer[at..].to_string().into_any());
                let notes = flagged.iter().map(|c| view! { <li class="flag-note">{format!("⚑ {}", problem(c))}</li> }).collect::<Vec<_>>();
                view! {
                    <p class="delivered-text">{parts}</p>
                    <ul class="flag-notes">{notes}</ul>
                }
                .into_any()
            }
            Delivery::Answer { .. } => view! { <p class="delivered-text">{answer}</p> }.into_any(),
            Delivery::Repaired { text, instead_of } => {
                let why = instead_of
                    .map(|c| format!("The answer as written: {}. ", problem(c).trim_end_matches('.')))
                    .unwrap_or_default();
                view! {
                    <p class="withheld">{why}"Repaired and checked again, this is delivered:"</p>
                    <p class="delivered-text">{text.to_string()}</p>
                }
                .into_any()
            }
            Delivery::Withheld { first_problem } => {
                let why = match first_problem {
                    Some(c) => problem(c),
                    None => format!("the quality score {:.2} is below the accept threshold", Decimal(r.quality.score)),
                };
                view! { <p class="withheld">"Withheld: " {why}</p> }.into_any()
            }
            Delivery::SafeDecline { text } => view! {
                <p class="withheld">"Repair could not make the answer safe; the safe decline is delivered:"</p>
                <p class="delivered-text">{text.to_string()}</p>
            }
            .into_any(),
        }
    };
    view! {
        <section class="panel delivered" aria-labelledby="delivered-title" class:hidden=lab.is_hidden("delivered")>
            <h2 id="delivered-title">"What the user receives"</h2>
            <div id="delivered">{body}</div>
        </section>
    }
}

/// The decision banner: one sentence that agrees with what ships
/// (`Report::headline`), steady while a word is typed, and hidden until
/// the replay reveals the decision.
#[component]
pub fn DecisionBanner(lab: Lab) -> impl IntoView {
    lab.steady_banner();
    let revealed = move || lab.revealed.with(|r| r.decision && r.delivery());
    let at = move || {
        lab.checked.with(|c| {
            let t = &c.report.trace;
            let k = t
                .iter()
                .position(|e| e.kind.name() == "quality")
                .map_or(t.len(), |i| i + 1);
            format!(
                "Checking… the decision is revealed at event {k} of {}.",
                t.len()
            )
        })
    };
    view! {
        <p id="decision"
            class=move || lab.banner.with(|b| if !revealed() { "decision decision-pending".to_string() } else if b.empty { "decision decision-empty".to_string() } else if lab.banner_held.get() { format!("decision ships-{} decision-held", b.delivery) } else { format!("decision ships-{}", b.delivery) })
            aria-busy=move || lab.banner_held.get().then_some("true")
            data-decision=move || lab.banner.with(|b| b.decision)
            data-routing=move || lab.banner.with(|b| b.routing)
            data-delivery=move || lab.banner.with(|b| b.delivery)
            data-revealed=move || revealed().to_string()
            aria-live="polite" role="status">
            {move || if revealed() { lab.banner.with(|b| b.headline.clone()) } else { at() }}
        </p>
    }
}

/// Scroll `list` (not the page) so that its item `index` is in sight: to
/// its top when above, to its bottom when below, else not at all.
fn keep_in_sight(list: &web_sys::HtmlElement, index: usize) {
    let Ok(Some(item)) = list.query_selector(&format!(":scope > li[data-index=\"{index}\"]"))
    else {
        return;
    };
    let (within, at) = (
        list.get_bounding_client_rect(),
        item.get_bounding_client_rect(),
    );
    let view_top = f64::from(list.scroll_top());
    let view_height = f64::from(list.client_height());
    let top = at.top() - within.top() + view_top;
    let bottom = top + at.height();
    if top < view_top {
        list.set_scroll_top(top.floor() as i32);
    } else if bottom > view_top + view_height {
        list.set_scroll_top((bottom - view_height).ceil() as i32);
    }
}
