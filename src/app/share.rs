//! Permalinks and embedding.
//!
//! The address bar always holds a working link: the state is written into the
//! fragment (debounced) as it changes. A link is read once at start: a broken
//! one opens the default example and says so (`#link-error`); a bad setting
//! falls back to its default and is named (`#link-notice`). An embedded lab
//! (`?embed`, or `embed` in the fragment) drops the site chrome and tells its
//! parent page its height, and only its parent: it posts to the embedding
//! page's origin, and it listens to no messages at all.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::lab_state::LabState;
use crate::permalink::{self, Opening};

use super::lab::Lab;

/// The message an embedded lab posts to its parent.
pub const HEIGHT_MESSAGE: &str = "claimlab:height";

/// Make a `CompressionStream` or `DecompressionStream` for raw deflate.
fn deflate_stream(class: &str) -> Result<web_sys::ReadableWritablePair, JsValue> {
    let constructor: js_sys::Function =
        js_sys::Reflect::get(&js_sys::global(), &class.into())?.dyn_into()?;
    Ok(
        js_sys::Reflect::construct(&constructor, &js_sys::Array::of1(&"deflate-raw".into()))?
            .unchecked_into(),
    )
}

/// The most bytes a (de)compression stream is handed in one task: a 1 MB
/// source's link was deflated in one task of about 40 ms, which a
/// keystroke meeting it waited for.
const PIPE_SLICE: usize = 64 * 1024;

/// Pipe bytes through a (de)compression stream, reading at most `limit`
/// bytes out: `Ok(None)` when the output would pass the limit. The bytes
/// go in a slice a task ([`PIPE_SLICE`]) while the output is read.
async fn pipe(bytes: &[u8], class: &str, limit: usize) -> Result<Option<Vec<u8>>, JsValue> {
    let pair = deflate_stream(class)?;
    let writer = pair.get_writable().get_writer()?;
    let reader: web_sys::ReadableStreamDefaultReader =
        pair.get_readable().get_reader().unchecked_into();
    let slices: Vec<js_sys::Uint8Array> = bytes
        .chunks(PIPE_SLICE)
        .map(js_sys::Uint8Array::from)
        .collect();
    // The browser's own executor: a link is read before the page's runs.
    wasm_bindgen_futures::spawn_local(async move {
        for slice in slices {
            // Rejected once the reader stopped (past the limit, or damaged).
            if JsFuture::from(writer.write_with_chunk(&slice))
                .await
                .is_err()
            {
                return;
            }
            super::lab::next_task().await;
        }
        let _ = JsFuture::from(writer.close()).await;
    });
    let mut out = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await?;
        if js_sys::Reflect::get(&chunk, &"done".into())?.is_truthy() {
            return Ok(Some(out));
        }
        let bytes: js_sys::Uint8Array =
            js_sys::Reflect::get(&chunk, &"value".into())?.dyn_into()?;
        if out.len() + bytes.length() as usize > limit {
            let _ = reader.cancel();
            return Ok(None);
        }
        out.extend(bytes.to_vec());
    }
}

/// A state as a fragment, compressed by the browser (raw deflate, as the
/// core's [`permalink::encode`] writes it).
pub async fn encode(state: &LabState) -> Option<String> {
    let packed = pipe(
        permalink::to_text(state).as_bytes(),
        "CompressionStream",
        usize::MAX,
    )
    .await
    .ok()??;
    Some(permalink::fragment_for(&packed, &state.hidden))
}

/// Read a state from an `s=` value, inflating in the browser with the same
/// bound as the core's [`permalink::decode`].
pub async fn decode(data: &str) -> Result<permalink::Decoded, String> {
    let packed = permalink::packed_state(data)?;
    match pipe(&packed, "DecompressionStream", permalink::MAX_STATE_BYTES).await {
        Ok(Some(text)) => permalink::from_bytes(text),
        Ok(None) => Err(permalink::too_large()),
        Err(_) => Err(permalink::DAMAGED.into()),
    }
}

/// Read the address: `?embed`, and the fragment (see [`permalink::parse_fragment`]);
/// on the page's `first` opening, the state it was hidden in
/// ([`keep_unsaved`]) when that was left at this address.
pub async fn opening(first: bool) -> Opening {
    let location = web_sys::window().map(|w| w.location());
    let hash = location
        .as_ref()
        .and_then(|l| l.hash().ok())
        .unwrap_or_default();
    let search = location
        .as_ref()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    let fragment = permalink::parse_fragment(&hash);
    // The page's first opening in this tab after it was hidden with its
    // last change not yet in the address: that change is restored.
    let unsaved = match first {
        true => take_unsaved(&hash).and_then(|text| permalink::open_unsaved(&fragment, &text)),
        false => None,
    };
    let mut opening = match unsaved {
        Some(opening) => opening,
        None => {
            let decoded = match fragment.state {
                Some(data) => Some(decode(data).await),
                None => None,
            };
            permalink::open(&fragment, decoded)
        }
    };
    opening.embed |= search
        .trim_start_matches('?')
        .split('&')
        .any(|p| p == "embed" || p.starts_with("embed="));
    opening
}

/// The tab's storage item holding the state a page was hidden in while its
/// link was still to be written, and the item holding the address it was
/// hidden at.
const UNSAVED: &str = "claimlab-unsaved";
const UNSAVED_AT: &str = "claimlab-unsaved-at";

fn tab_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// The page is being hidden (a reload, a link followed, the tab closed)
/// before its link caught up with the last edit: keep the state for this
/// tab, with the address it is left at, so that a reload loses nothing.
/// The link itself cannot be written now: compressing is asynchronous.
fn keep_unsaved(state: &LabState) {
    let Some(storage) = tab_storage() else {
        return;
    };
    let at = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    // Too large for the tab's storage: nothing is kept, and the address
    // opens as it would have.
    if storage
        .set_item(UNSAVED, &permalink::to_text(state))
        .is_ok()
    {
        let _ = storage.set_item(UNSAVED_AT, &at);
    } else {
        forget_unsaved(&storage);
    }
}

/// The state kept by [`keep_unsaved`] when the page was left at address
/// `hash`, taken out of the tab's storage (kept for one opening only).
fn take_unsaved(hash: &str) -> Option<String> {
    let storage = tab_storage()?;
    let at = storage.get_item(UNSAVED_AT).ok().flatten();
    let text = storage.get_item(UNSAVED).ok().flatten();
    forget_unsaved(&storage);
    text.filter(|_| at.as_deref() == Some(hash))
}

/// Drop what [`keep_unsaved`] kept.
fn forget_unsaved(storage: &web_sys::Storage) {
    let _ = storage.remove_item(UNSAVED);
    let _ = storage.remove_item(UNSAVED_AT);
}

/// The page's address without fragment or query.
fn base_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The fragment for a state: short and readable when its texts are an
/// example's ([`permalink::short_fragment`]), else the compressed `s=` form.
pub async fn fragment_of(state: &LabState) -> Option<String> {
    match permalink::short_fragment(state) {
        Some(short) => Some(short),
        None => encode(state).await,
    }
}

/// A source longer than this (the length at which the source box shows a
/// window of it) has its link written only after typing rests 1.5 s.
const LONG_SOURCE_BYTES: usize = 64 * 1024;

/// Keep the address and the lab in step. The fragment follows the state
/// (debounced: 250 ms, 1.5 s with a long source): a discrete change (an
/// example, a lesson step, a calibration answer opened) makes a new history
/// entry, typing and dragging replace the current one. A link pasted into
/// the address bar, Back and Forward (`hashchange`, `popstate`) restore the
/// state they hold.
pub fn keep_address_current(lab: Lab) {
    let timer: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    // Changes seen, and the last one whose link is written: a page hidden
    // while they differ keeps its state for the tab (`pagehide`).
    let changes: StoredValue<(u64, u64)> = StoredValue::new((0, 0));
    // The settings of the last entry written (none yet: the first write replaces).
    let last_config: StoredValue<Option<crate::config::Config>> = StoredValue::new(None);
    // The fragment last written, so that our own writes are not read back.
    let written: StoredValue<String> = StoredValue::new(
        web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default(),
    );
    Effect::new(move |first: Option<()>| {
        // Track every field a link restores.
        let _ = (
            lab.example.get(),
            lab.question.get(),
            lab.source.track(),
            lab.answer.track(),
            lab.samples.track(),
        );
        let _ = (
            lab.config.get(),
            lab.position.get(),
            lab.inspection_seconds.get(),
            lab.speed.get(),
            lab.hidden.get(),
            lab.lesson.get(),
            lab.lesson_step.get(),
            lab.lesson_text.track(),
        );
        if first.is_none() && lab.link_error.get_untracked().is_some() {
            return; // keep a broken link in the address bar until the user changes something
        }
        // A long source's link takes tens of milliseconds to write (the
        // address bar's own update of a link that long is most of it): only
        // once typing has rested a while, not at every pause between words.
        let long = lab.source.with_untracked(String::len) > LONG_SOURCE_BYTES;
        let rest = if long { 1_500 } else { 250 };
        changes.update_value(|(seen, _)| *seen += 1);
        let change = changes.with_value(|&(seen, _)| seen);
        let done = move || changes.update_value(|(_, written)| *written = change);
        timer.set_value(Some(Timeout::new(rest, move || {
            leptos::task::spawn_local(async move {
                let Some(mut fragment) = fragment_of(&lab.snapshot()).await else {
                    return;
                };
                // A long source's link is written by the browser in a task
                // of its own (`replaceState` of a 1 MB source's link took
                // 14 ms, making it 12 ms more): a keystroke that comes
                // meanwhile waits for one of them, not both.
                if long {
                    super::lab::next_task().await;
                }
                if lab.embed.get_untracked() {
                    fragment.push_str("&embed");
                }
                if lab.read_only.get_untracked() {
                    fragment.push_str("&readonly");
                }
                let fragment = format!("#{fragment}");
                // A change of settings is a step Back can return from.
                let config = lab.config.get_untracked();
                let settings_changed = last_config.with_value(|c| c.as_ref() != Some(&config));
                let first_write = last_config.with_value(Option::is_none);
                last_config.set_value(Some(config));
                if written.with_value(|w| *w == fragment) {
                    lab.new_history_entry.set_value(false);
                    done();
                    return;
                }
                written.set_value(fragment.clone());
                // The first write replaces the entry the page opened with.
                let push = (lab.new_history_entry.get_value() || settings_changed) && !first_write;
                lab.new_history_entry.set_value(false);
                if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                    let _ = if push {
                        h.push_state_with_url(&JsValue::NULL, "", Some(&fragment))
                    } else {
                        h.replace_state_with_url(&JsValue::NULL, "", Some(&fragment))
                    };
                }
                done();
            });
        })));
    });
    let follow = Closure::<dyn FnMut()>::new(move || {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        if written.with_value(|w| *w == hash) {
            return;
        }
        written.set_value(hash);
        leptos::task::spawn_local(async move {
            let opening = opening(false).await;
            lab.link_error.set(opening.error);
            lab.link_notice.set((!opening.notes.is_empty()).then(|| {
                format!(
                    "Part of this link could not be used: {}.",
                    opening.notes.join("; ")
                )
            }));
            lab.read_only.set(opening.read_only);
            lab.restore(opening.state);
            // A lesson step's link loads the step, as on opening the page.
            if opening.start_lesson {
                lab.open_step(lab.lesson_step.get_untracked());
                lab.new_history_entry.set_value(false);
            }
        });
    });
    // Hidden with a change the address does not hold yet: kept for the tab.
    let hidden = Closure::<dyn FnMut()>::new(move || {
        if changes.with_value(|(seen, written)| seen != written) {
            keep_unsaved(&lab.snapshot());
        }
    });
    // Shown again from the back-forward cache: the page still holds its
    // state, and what was kept must not be opened by a later visit.
    let shown = Closure::<dyn FnMut()>::new(move || {
        if let Some(storage) = tab_storage() {
            forget_unsaved(&storage);
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("hashchange", follow.as_ref().unchecked_ref());
        let _ = w.add_event_listener_with_callback("popstate", follow.as_ref().unchecked_ref());
        let _ = w.add_event_listener_with_callback("pagehide", hidden.as_ref().unchecked_ref());
        let _ = w.add_event_listener_with_callback("pageshow", shown.as_ref().unchecked_ref());
    }
    // They live as long as the page.
    follow.forget();
    hidden.forget();
    shown.forget();
}

/// The current state as a link.
pub fn link(fragment: &str) -> String {
    format!("{}#{fragment}", base_url())
}

/// The page's origin.
fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// An `<iframe>` snippet for a documentation page, to paste as it is.
/// With `fit`, a few lines of script (documented in README.md, "Embedding")
/// set the frame's height from the lab's height messages, taking them only
/// from the lab's origin and only for frames showing the lab; `height` is
/// the frame's height until the first message (or for good without `fit`).
pub fn embed_code(fragment: &str, height: u32, fit: bool) -> String {
    let src = format!("{}?embed#{fragment}", base_url())
        .replace('&', "&amp;")
        .replace('"', "&quot;");
    let frame = format!("<iframe class=\"claimlab\" src=\"{src}\" title=\"ClaimLab\" style=\"width:100%;height:{height}px;border:0\" loading=\"lazy\"></iframe>");
    if !fit {
        return frame;
    }
    let origin = origin().replace('"', "");
    format!(
        "{frame}\n<script>/* ClaimLab: fit each lab frame to its height */(function(o){{addEventListener(\"message\",function(e){{var d=e.data;if(e.origin!==o||!d||d.type!==\"{HEIGHT_MESSAGE}\"||!(d.height>0&&d.height<20000))return;document.querySelectorAll(\"iframe.claimlab\").forEach(function(f){{if(f.contentWindow===e.source)f.style.height=Math.ceil(d.height)+\"px\"}})}})}})(\"{origin}\");</script>"
    )
}

/// The embedding page's origin, if the lab is framed.
fn parent_origin() -> Option<String> {
    let w = web_sys::window()?;
    // location.ancestorOrigins (Chromium, Safari) names the parent exactly;
    // elsewhere the referrer's origin does.
    let ancestors = js_sys::Reflect::get(&w.location(), &"ancestorOrigins".into())
        .ok()
        .filter(|v| !v.is_undefined());
    ancestors
        .and_then(|list| js_sys::Reflect::get(&list, &0.into()).ok()?.as_string())
        .or_else(|| {
            let referrer = w.document()?.referrer();
            Some(web_sys::Url::new(&referrer).ok()?.origin())
        })
}

/// In embed mode: report the page's height to the parent whenever it changes.
pub fn report_height() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let (Some(parent), Some(origin)) = (window.parent().ok().flatten(), parent_origin()) else {
        return;
    };
    let Some(body) = window.document().and_then(|d| d.body()) else {
        return;
    };
    let post = move |height: f64| {
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &height.ceil().into());
        let _ = parent.post_message(&message, &origin);
    };
    let observed = body.clone();
    let callback = Closure::<dyn FnMut()>::new(move || post(observed.scroll_height() as f64));
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        observer.observe(&body);
        std::mem::forget(observer);
    }
    callback.forget(); // lives as long as the page
}

#[component]
pub fn SharePanel(lab: Lab) -> impl IntoView {
    let shown = RwSignal::new(None::<(&'static str, String)>);
    let copy = move |what: &'static str| {
        leptos::task::spawn_local(async move {
            let Some(fragment) = fragment_of(&lab.snapshot()).await else {
                return;
            };
            let text = if what == "link" {
                link(&fragment)
            } else {
                embed_code(&fragment, 900, true)
            };
            if let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) {
                let _ = clipboard.write_text(&text);
            }
            shown.set(Some((what, text)));
        });
    };
    view! {
        <div class="share" class:hidden=move || lab.embed.get()>
            <button type="button" id="copy-link" on:click=move |_| copy("link")>"Copy link"</button>
            <button type="button" id="copy-embed" on:click=move |_| copy("embed")>"Copy embed code"</button>
            {move || shown.get().map(|(what, text)| view! {
                <label class="visually-hidden" for="share-text">{if what == "link" { "Link to this state" } else { "Embed code" }}</label>
                <textarea id="share-text" class="share-text" readonly rows="2" data-kind=what prop:value=text></textarea>
            })}
        </div>
    }
}

/// The embed builder: choose the panels, the size, a lesson and its step,
/// read-only; see the result live; copy a snippet that works pasted as it
/// is on any site (`#embed-code`).
#[component]
pub fn EmbedBuilder(lab: Lab) -> impl IntoView {
    const PANELS: [(&str, &str); 12] = [
        ("lessons", "Lessons"),
        ("source", "Source"),
        ("answer", "Answer"),
        ("controls", "Settings"),
        ("metrics", "Final metrics"),
        ("delivered", "What the user receives"),
        ("claims", "Claims"),
        ("trace", "Event trace"),
        ("computed", "Computed data"),
        ("samples", "Samples"),
        ("repair", "Repair"),
        ("drift", "Drift"),
    ];
    let shown = RwSignal::new(vec!["source", "answer", "controls", "metrics", "claims"]);
    let fit = RwSignal::new(true);
    let height = RwSignal::new(900u32);
    let read_only = RwSignal::new(false);
    let lesson = RwSignal::new(String::new());
    let step = RwSignal::new(1usize);
    let code = RwSignal::new(String::new());
    let preview = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let timer: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |was_open: Option<bool>| {
        // Only while the builder is open: its link is the whole state, and
        // with a long source that is a copy of it on every keystroke and a
        // compression of it whenever typing rests.
        if !open.get() {
            return false;
        }
        // Just opened: the code at once (its box was empty for 300 ms).
        let rest = match was_open {
            Some(true) => 300,
            _ => 0,
        };
        let mut state = lab.snapshot();
        let _ = (
            lab.config.track(),
            lab.answer.track(),
            lab.source.track(),
            lab.example.track(),
        );
        let chosen = shown.get();
        state.hidden = crate::permalink::HIDEABLE
            .iter()
            .filter(|h| !chosen.contains(h) && **h != "support-threshold" && **h != "examples")
            .map(|h| h.to_string())
            .collect();
        if !chosen.contains(&"controls") {
            state.hidden.push("examples".into());
        }
        let id = lesson.get();
        if !id.is_empty() {
            state.hidden.retain(|h| h != "lessons"); // a lesson needs its panel
        }
        state.lesson_text = None;
        state.lesson = (!id.is_empty()).then_some(id);
        state.lesson_step = step.get().saturating_sub(1);
        let (fit, height, read_only) = (fit.get(), height.get(), read_only.get());
        // A lesson's link loads the step's own state.
        let lesson_link = state.lesson.clone().map(|id| {
            let mut f = format!("lesson={id}&step={}", state.lesson_step + 1);
            if !state.hidden.is_empty() {
                f.push_str(&format!("&hide={}", state.hidden.join(",")));
            }
            f
        });
        // Once typing rests, as the address is written: not on every keystroke.
        timer.set_value(Some(Timeout::new(rest, move || {
            leptos::task::spawn_local(async move {
                let fragment = match lesson_link {
                    Some(f) => Some(f),
                    None => fragment_of(&state).await,
                };
                let Some(mut fragment) = fragment else {
                    return;
                };
                if read_only {
                    fragment.push_str("&readonly");
                }
                preview.set(format!("{}?embed#{fragment}", base_url()));
                code.set(embed_code(&fragment, height, fit));
            });
        })));
        true
    });
    let toggle = move |key: &'static str, on: bool| {
        shown.update(|s| {
            s.retain(|k| *k != key);
            if on {
                s.push(key);
            }
        })
    };
    view! {
        <section class="panel embed-builder" aria-labelledby="embed-title" class:hidden=move || lab.embed.get()>
            <details prop:open=move || open.get() on:toggle=move |ev| {
                use wasm_bindgen::JsCast;
                if let Some(d) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
                    open.set(d.open());
                }
            }>
                <summary><h2 id="embed-title">"Embed this lab in a page"</h2></summary>
                <div class="embed-grid">
                    <fieldset class="embed-panels">
                        <legend>"Panels"</legend>
                        {PANELS.iter().map(|(key, label)| {
                            let key: &'static str = key;
                            view! {
                                <label class="toggle">
                                    <input type="checkbox" data-embed-panel=key prop:checked=move || shown.with(|s| s.contains(&key)) on:change=move |ev| toggle(key, event_target_checked(&ev))/>
                                    <span>{*label}</span>
                                </label>
                            }
                        }).collect::<Vec<_>>()}
                    </fieldset>
                    <fieldset class="embed-options">
                        <legend>"Size and start"</legend>
                        <label class="toggle"><input type="checkbox" id="embed-fit" prop:checked=move || fit.get() on:change=move |ev| fit.set(event_target_checked(&ev))/><span>"Fit the frame to the lab (a few lines of script)"</span></label>
                        <label for="embed-height">"Height (px)"</label>
                        <input type="number" id="embed-height" min="200" max="4000" step="10" prop:value=move || height.get().to_string()
                            on:input=move |ev| { if let Ok(h) = event_target_value(&ev).parse::<u32>() { height.set(h.clamp(200, 4000)) } }/>
                        <label for="embed-lesson">"Lesson"</label>
                        <select id="embed-lesson" on:change=move |ev| lesson.set(event_target_value(&ev))>
                            <option value="">"None"</option>
                            {crate::lessons::Lesson::built_in().iter().map(|l| view! { <option value=l.id.clone()>{l.title.clone()}</option> }).collect::<Vec<_>>()}
                        </select>
                        <label for="embed-step">"Start at step"</label>
                        <input type="number" id="embed-step" min="1" max=move || crate::lessons::Lesson::by_id(&lesson.get()).map_or(1, |l| l.steps.len()) prop:value=move || step.get().to_string()
                            on:input=move |ev| { if let Ok(n) = event_target_value(&ev).parse::<usize>() { let most = crate::lessons::Lesson::by_id(&lesson.get_untracked()).map_or(1, |l| l.steps.len()); step.set(n.clamp(1, most)) } }/>
                        <label class="toggle"><input type="checkbox" id="embed-readonly" prop:checked=move || read_only.get() on:change=move |ev| read_only.set(event_target_checked(&ev))/><span>"Read-only (texts cannot be edited)"</span></label>
                    </fieldset>
                </div>
                <p class="hint">"With a lesson, the frame opens at that step's own state (its example and settings), ready for the step's action."</p>
                <label for="embed-code">"Paste this into your page"</label>
                <textarea id="embed-code" readonly rows="4" prop:value=move || code.get()></textarea>
                <button type="button" id="copy-embed-code" on:click=move |_| {
                    if let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) {
                        let _ = clipboard.write_text(&code.get_untracked());
                    }
                }>"Copy"</button>
                <p class="hint">"Preview, as the page will show it:"</p>
                {move || open.get().then(|| view! {
                    <iframe class="embed-preview" title="Preview of the embedded lab" src=move || preview.get()
                        height=move || if fit.get() { 700 } else { height.get() }></iframe>
                })}
            </details>
        </section>
    }
}
