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

/// Pipe bytes through a (de)compression stream, reading at most `limit`
/// bytes out: `Ok(None)` when the output would pass the limit.
async fn pipe(bytes: &[u8], class: &str, limit: usize) -> Result<Option<Vec<u8>>, JsValue> {
    let blob = web_sys::Blob::new_with_u8_array_sequence(&js_sys::Array::of1(
        &js_sys::Uint8Array::from(bytes),
    ))?;
    let reader: web_sys::ReadableStreamDefaultReader = blob
        .stream()
        .pipe_through(&deflate_stream(class)?)
        .get_reader()
        .unchecked_into();
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

/// Read the address: `?embed`, and the fragment (see [`permalink::parse_fragment`]).
pub async fn opening() -> Opening {
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
    let decoded = match fragment.state {
        Some(data) => Some(decode(data).await),
        None => None,
    };
    let mut opening = permalink::open(&fragment, decoded);
    opening.embed |= search
        .trim_start_matches('?')
        .split('&')
        .any(|p| p == "embed" || p.starts_with("embed="));
    opening
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

/// Keep the fragment current (debounced) so the address bar is always a working link.
pub fn keep_address_current(lab: Lab) {
    let timer: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
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
        );
        if first.is_none() && lab.link_error.get_untracked().is_some() {
            return; // keep a broken link in the address bar until the user changes something
        }
        timer.set_value(Some(Timeout::new(250, move || {
            leptos::task::spawn_local(async move {
                let Some(mut fragment) = encode(&lab.snapshot()).await else {
                    return;
                };
                if lab.embed.get_untracked() {
                    fragment.push_str("&embed");
                }
                if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                    let _ =
                        h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("#{fragment}")));
                }
            });
        })));
    });
}

/// The current state as a link.
pub fn link(fragment: &str) -> String {
    format!("{}#{fragment}", base_url())
}

/// The current state as an `<iframe>` snippet for a documentation page.
pub fn embed_code(fragment: &str) -> String {
    let src = format!("{}?embed#{fragment}", base_url())
        .replace('&', "&amp;")
        .replace('"', "&quot;");
    format!("<iframe src=\"{src}\" title=\"ClaimLab\" style=\"width:100%;border:0\" loading=\"lazy\"></iframe>")
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
            let Some(fragment) = encode(&lab.snapshot()).await else {
                return;
            };
            let text = if what == "link" {
                link(&fragment)
            } else {
                embed_code(&fragment)
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
