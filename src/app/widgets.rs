//! Small shared pieces: the "Limits" note each panel carries, and the
//! memo a rebuilt list's rows read the lab through.

use leptos::prelude::*;

/// Seed 004's "Limits of a lexical check", stated where the user meets each
/// check (each check's `LIMITS`, true under every setting).
#[component]
pub fn Limits(items: Vec<(&'static str, &'static str)>) -> impl IntoView {
    view! {
        <details class="limits">
            <summary>"Limits"</summary>
            <dl>
                {items.into_iter().map(|(name, text)| view! { <dt>{name}</dt><dd>{text}</dd> }).collect::<Vec<_>>()}
            </dl>
        </details>
    }
}

/// A coordinate for an SVG attribute, to one decimal.
pub fn svg_number(x: f64) -> String {
    format!("{:.1}", crate::text::decimal::Decimal(x))
}

/// What `read` gives, as a memo owned by the list being built: call it in
/// the closure that builds a list, and let the list's rows read the memo
/// instead of the lab's signals.
///
/// A reactive closure subscribes to every signal it reads, and a signal
/// keeps each subscription (weakly, but with its memory) until the signal
/// itself goes: a disposed subscriber is never taken off. A row that read
/// `lab.focus` or `lab.position` itself therefore left a subscription
/// behind each time its list was rebuilt, which is every keystroke; with a
/// few hundred trace events that was 150 KB a keystroke, kept for good.
/// This memo is disposed with the list, and the rows' subscriptions with
/// it; only its own (one per rebuild) stays behind.
pub fn list_memo<T>(read: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| read())
}
