//! Guided lessons (`crate::lessons`): the list of lessons, the open
//! lesson's steps with their done marks, the current step's card (what to
//! do, and once done, what happened and why), a teacher's own lesson, and
//! presenter mode. Whether a step is done is the core's call
//! ([`crate::lessons::Lesson::progress`]); this module only shows it.

use leptos::prelude::*;

use crate::lessons::Lesson;

use super::lab::Lab;

/// Keep the open lesson's progress current as the state and report change.
pub fn track_progress(lab: Lab) {
    Effect::new(move |_| {
        let Some(Ok(lesson)) = lab.lesson_read.get() else {
            return;
        };
        let step = lab.lesson_step.get();
        if step >= lesson.steps.len() {
            lab.link_notice.set(Some(format!(
                "{} has {} steps, so it opens at its last.",
                lesson.title,
                lesson.steps.len()
            )));
            lab.lesson_step.set(lesson.steps.len() - 1);
            return;
        }
        // Track everything a condition can read.
        let _ = (
            lab.position.get(),
            lab.lesson_step.get(),
            lab.example.get(),
            lab.config.track(),
        );
        let checked = lab.checked.get();
        let state = lab.snapshot();
        let before = lab.lesson_done.get_untracked();
        let now = lesson.progress(&state, &checked.report, &before);
        if now != before {
            lab.lesson_done.set(now);
        }
    });
}

#[component]
pub fn LessonsPanel(lab: Lab) -> impl IntoView {
    // In presenter mode the arrow keys go from step to step (not while
    // typing in a text field).
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if !lab.presenter.get_untracked() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        let step = lab.lesson_step.get_untracked();
        match ev.key().as_str() {
            "ArrowRight" | "PageDown" => lab.open_step(step + 1),
            "ArrowLeft" | "PageUp" => lab.open_step(step.saturating_sub(1)),
            "Escape" => lab.presenter.set(false),
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
    let built_in = Lesson::built_in();
    let own = RwSignal::new(String::new());
    let own_error = RwSignal::new(None::<String>);
    let list = built_in
        .iter()
        .map(|l| {
            let id = l.id.clone();
            let open_id = id.clone();
            let is_open = move || lab.lesson.get().as_deref() == Some(id.as_str()) && lab.lesson_text.with(Option::is_none);
            view! {
                <li>
                    <button type="button" class="lesson-choice" data-lesson=l.id.clone() aria-pressed=move || is_open().to_string()
                        on:click=move |_| lab.open_lesson(Some(open_id.clone()), None)>
                        {l.title.clone()}<span class="hint">{format!(" · {} steps", l.steps.len())}</span>
                    </button>
                </li>
            }
        })
        .collect::<Vec<_>>();
    let open_own = move |_| {
        let text = own.get_untracked();
        match Lesson::parse(&text) {
            Ok(l) => {
                own_error.set(None);
                lab.open_lesson(Some(l.id), Some(text));
            }
            Err(e) => own_error.set(Some(format!("This lesson cannot be opened: {e}."))),
        }
    };
    let steps = move || {
        let Some(Ok(lesson)) = lab.lesson_read.get() else {
            return None;
        };
        let current = lab.lesson_step.get();
        let items = lesson
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let done = move || lab.lesson_done.with(|d| d.get(i).copied().unwrap_or(false));
                view! {
                    <li data-step=i + 1 data-done=move || done().to_string() class:current=i == current>
                        <button type="button" aria-current=(i == current).then_some("step") on:click=move |_| lab.open_step(i)>
                            <span class="step-mark" aria-hidden="true">{move || if done() { "✓" } else { "" }}</span>
                            {format!("{}. {}", i + 1, s.title)}
                        </button>
                    </li>
                }
            })
            .collect::<Vec<_>>();
        let step = lesson.steps.get(current).cloned().unwrap_or_default();
        let step_for_missing = step.clone();
        let n = lesson.steps.len();
        let done = move || {
            lab.lesson_done
                .with(|d| d.get(current).copied().unwrap_or(false))
        };
        let (first, last) = (current == 0, current + 1 >= n);
        Some(view! {
            <div class="lesson-open">
                <header class="lesson-head">
                    <h3 id="lesson-title">{lesson.title.clone()}</h3>
                    <div class="lesson-tools">
                        <button type="button" id="presenter" title="Large type, one panel at a time; arrow keys change step, Escape leaves" aria-pressed=move || lab.presenter.get().to_string()
                            on:click=move |_| lab.presenter.update(|p| *p = !*p)>"Presenter mode"</button>
                        <button type="button" id="close-lesson" on:click=move |_| {
                            lab.presenter.set(false);
                            lab.lesson.set(None);
                            lab.lesson_text.set(None);
                        }>"Close lesson"</button>
                    </div>
                </header>
                <ol class="steps" aria-label="Steps">{items}</ol>
                <article class="step-card" id="step-card" data-done=move || done().to_string() aria-live="polite">
                    <h4>{format!("Step {} of {n}: {}", current + 1, step.title)}</h4>
                    <p class="ask"><strong>"Try this: "</strong>{step.ask.clone()}</p>
                    <p class="explain" class:hidden=move || !done()>
                        <strong>"What happened: "</strong>{step.explain.clone()}
                    </p>
                    <p class="hint waiting" class:hidden=done>"This step is done when the lab sees you do it."</p>
                    {move || {
                        let missing = lab.checked.with(|c| step_for_missing.missing_claims(&c.report));
                        (!missing.is_empty()).then(|| view! {
                            <p class="note bad" id="step-missing">{format!("This step waits for {}, which the answer does not have: edit the answer, or fix the lesson.", missing.join(", "))}</p>
                        })
                    }}
                    <div class="step-nav">
                        <button type="button" id="step-back" disabled=first on:click=move |_| lab.open_step(current.saturating_sub(1))>"Previous step"</button>
                        <button type="button" id="step-next" disabled=last on:click=move |_| lab.open_step(current + 1)>"Next step"</button>
                    </div>
                </article>
            </div>
        })
    };
    view! {
        <section id="lessons" class="panel lessons" aria-labelledby="lessons-title" class:hidden=move || lab.is_hidden("lessons")() || (lab.embed.get() && lab.lesson.with(Option::is_none))>
            <header class="panel-head">
                <h2 id="lessons-title">"Lessons"</h2>
                <span class="hint">"Each step loads a state, asks for one action, and explains what it changed."</span>
            </header>
            <ul class="lesson-list" class:hidden=move || lab.presenter.get()>{list}</ul>
            {move || lab.lesson_read.get().and_then(Result::err).map(|e| view! { <p class="note bad" role="alert">{format!("The lesson in this link cannot be opened: {e}.")}</p> })}
            {steps}
            <details class="own-lesson">
                <summary>"Write your own lesson"</summary>
                <p class="hint">"One directive per line: lesson ID, title, then for each step: step TITLE; load example=NAME&setting=value (position=0 to start the trace); source, answer, question or sample TEXT to put your own texts; ask; done (support_threshold >= 0.65, policy = flag, verdict C2 = unsupported, decision = block, trace = end, answer = edited); explain; panel (for presenter mode). lessons/README.md has the whole format. Copy link shares the lesson."</p>
                <label class="visually-hidden" for="own-lesson">"Your lesson"</label>
                <textarea id="own-lesson" rows="6" spellcheck="false" placeholder="lesson my-lesson\ntitle My lesson\nstep Raise the threshold\nload example=correct-paraphrase\nask Raise the Support threshold to 0.65.\ndone support_threshold >= 0.65\nexplain 3 of 5 words is 0.6."
                    prop:value=move || own.get() on:input=move |ev| own.set(event_target_value(&ev))></textarea>
                <button type="button" id="open-own-lesson" on:click=open_own>"Open this lesson"</button>
                {move || own_error.get().map(|e| view! { <p class="note bad" role="alert" id="own-lesson-error">{e}</p> })}
            </details>
        </section>
    }
}
