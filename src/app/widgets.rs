//! Small shared pieces: the "Limits" note each panel carries, the memo a
//! rebuilt list's rows read the lab through, and what keyed lists of
//! claims key their rows by (each row's id read by its place, and a count
//! that tells rows alike apart).

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

/// A text for each row of a keyed list, in order, that a row reads by its
/// place ([`ByPlace::at`]) rather than holding it in its key: a claim's id
/// ([`claim_ids`]), or the sentence ids the claims table's texts mention.
/// Set only when the texts change ([`changes_of`](super::lab::changes_of)): a keystroke changes
/// the report, rarely the ids, and each of a hundred rows reads them.
#[derive(Clone, Copy)]
pub struct ByPlace(pub ReadSignal<Vec<String>>);

/// The checked answer's claims' ids, in order: lists of claims keyed by
/// what their rows show, not by id, read each row's id by its place, so
/// that a claim begun or ended in the middle of a long answer numbers the
/// claims after it again without drawing them again.
pub fn claim_ids(lab: super::lab::Lab) -> ByPlace {
    ByPlace(super::lab::changes_of(list_memo(move || {
        lab.checked
            .with(|c| c.report.claims.iter().map(|c| c.id.clone()).collect())
    })))
}

impl ByPlace {
    /// The text of the row at place `at` (in a [`ForEnumerate`] row).
    pub fn at(self, at: ReadSignal<usize>) -> Memo<String> {
        Memo::new(move |_| {
            self.0
                .with(|ids| ids.get(at.get()).cloned().unwrap_or_default())
        })
    }
}

/// How many items before each of `items` are equal to it, told by their
/// hashes: a keyed list's rows are keyed by what they show and this count,
/// so that two rows alike still have distinct keys. (One map of numbers
/// serves every kind of row; items alike only in their hash are counted
/// apart, which keeps their keys distinct all the same.)
pub fn repeats<T: std::hash::Hash>(items: &[T]) -> Vec<usize> {
    use std::hash::BuildHasher;
    let hashes: Vec<u64> = items
        .iter()
        .map(|item| rustc_hash::FxBuildHasher.hash_one(item))
        .collect();
    count_repeats(&hashes)
}

fn count_repeats(hashes: &[u64]) -> Vec<usize> {
    let mut seen: rustc_hash::FxHashMap<u64, usize> = Default::default();
    hashes
        .iter()
        .map(|&hash| {
            let count = seen.entry(hash).or_default();
            *count += 1;
            *count - 1
        })
        .collect()
}

/// `source`'s value one task later, for a panel a keystroke is not about:
/// the trace's few hundred events follow the check in a task of their own,
/// after the answer and its claims show it, instead of holding them back
/// (a claim begun or ended in the middle of a 100-claim answer moves two
/// hundred events). Changes in between are taken together: the panel
/// draws the latest once.
pub fn deferred<T>(source: Memo<T>) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let (value, set_value) = signal(source.get_untracked());
    let pending = StoredValue::new(false);
    Effect::new(move |_| {
        source.track();
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        // The panel may be gone by then (a preset redraws the settings).
        set_timeout(
            move || {
                pending.try_set_value(false);
                let Some(latest) = source.try_get_untracked() else {
                    return;
                };
                if value.try_with_untracked(|v| *v != latest) == Some(true) {
                    set_value.try_set(latest);
                }
            },
            std::time::Duration::ZERO,
        );
    });
    value
}
