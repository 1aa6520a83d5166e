//! The lab's reactive state: one signal per field of [`LabState`], and the
//! memos that run the core. Components read these; none computes a verdict.
//!
//! The source is analysed in its own memo, which depends only on the source
//! text and the analysis settings, so typing in the answer never analyses
//! the source again.

use std::sync::Arc;

use leptos::prelude::*;

use crate::checks::consistency::GivenVectors;
use crate::config::Config;
use crate::drift::{self, Fingerprint, Record};
use crate::examples;
use crate::lab_state::LabState;
use crate::report::Report;
use crate::text::{AnalysisOptions, Document, DocumentBuilder};
use crate::{check, CheckInput};

/// A value shared by reference; two are equal only if they are the same
/// allocation, so a memo holding one notifies on every recomputation.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A report and how long the check took.
pub struct Checked {
    pub report: Report,
    /// Milliseconds spent in the check (not counting source analysis).
    pub check_ms: f64,
    /// Milliseconds spent analysing the source, when it was analysed for this report.
    pub analyse_ms: f64,
    /// The analysed source this report was checked against.
    document: Shared<(Document, f64)>,
}

/// Sources longer than this (bytes) are analysed in slices between frames.
const SLICE_ABOVE_BYTES: usize = 64 * 1024;
/// How long one slice of analysis may hold the page (ms).
const SLICE_MS: f64 = 12.0;

/// The sliced analysis `done`, if it is of `text` under `options`.
fn analysis_of(
    done: &Option<Shared<(Document, f64)>>,
    text: &str,
    options: AnalysisOptions,
) -> Option<Shared<(Document, f64)>> {
    done.as_ref()
        .filter(|d| d.0 .0.text == text && d.0 .0.options == options)
        .cloned()
}

/// Analyse `text` a slice at a time, yielding to the page between slices.
/// `report` gets the share done after each slice (`Err`) and the document at
/// the end (`Ok`, with the milliseconds spent analysing); when it returns
/// false (the source changed meanwhile) the work stops.
async fn analyse_in_slices(
    text: String,
    options: AnalysisOptions,
    report: impl Fn(Result<Shared<(Document, f64)>, f64>) -> bool,
) {
    let mut builder = DocumentBuilder::new(text, options);
    let mut busy = 0.0;
    loop {
        let start = now_ms();
        let mut done = false;
        while !done && now_ms() - start < SLICE_MS {
            done = builder.step(16);
        }
        busy += now_ms() - start;
        if done {
            break;
        }
        if !report(Err(builder.progress())) {
            return;
        }
        next_task().await;
    }
    let start = now_ms();
    let doc = builder.finish();
    busy += now_ms() - start;
    report(Ok(Shared(Arc::new((doc, busy)))));
}

/// Give the page the main thread until its next task (a zero-delay timeout).
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Everything the lab's components share.
#[derive(Clone, Copy)]
pub struct Lab {
    pub example: RwSignal<Option<String>>,
    pub question: RwSignal<String>,
    pub source: RwSignal<String>,
    pub answer: RwSignal<String>,
    pub samples: RwSignal<Vec<String>>,
    pub config: RwSignal<Config>,
    /// How many trace events are shown.
    pub position: RwSignal<usize>,
    pub playing: RwSignal<bool>,
    pub inspection_seconds: RwSignal<u32>,
    pub speed: RwSignal<f64>,
    pub hidden: RwSignal<Vec<String>>,
    /// The claim under the pointer or keyboard focus.
    pub focus: RwSignal<Option<String>>,
    /// The trace event whose computed data is shown (default: the last shown).
    pub selected_event: RwSignal<Option<usize>>,
    /// A message about the last file opened as a source.
    pub file_message: RwSignal<Option<(bool, String)>>,
    /// Every stored answer's fingerprint (all questions), oldest first.
    pub records: RwSignal<Vec<Record>>,
    /// Where `records` are kept, and what to tell the user about it.
    pub backend: RwSignal<super::storage::Backend>,
    pub storage_message: RwSignal<Option<String>>,
    /// The open IndexedDB database, when there is one.
    pub db: StoredValue<Option<std::rc::Rc<idb::Database>>, LocalStorage>,
    /// Embedded in another page (compact layout, height reported to the parent).
    pub embed: RwSignal<bool>,
    /// Why the link could not be restored (shown as #link-error).
    pub link_error: RwSignal<Option<String>>,
    /// Settings a link carried that had to be reset.
    pub link_notice: RwSignal<Option<String>>,
    /// The stored history of the current question, oldest first.
    pub history: Memo<Shared<Vec<Fingerprint>>>,
    pub document: Memo<Shared<(Document, f64)>>,
    /// While a large source is analysed in slices: the share done (0 to 1).
    pub analysing: RwSignal<Option<f64>>,
    pub checked: Memo<Shared<Checked>>,
}

impl Lab {
    pub fn new(state: LabState) -> Lab {
        let example = RwSignal::new(state.example);
        let source = RwSignal::new(state.source);
        let config = RwSignal::new(state.config);
        let analysis = Memo::new(move |_| config.with(|c| AnalysisOptions::from(c)));
        // A small source is analysed at once; a large one in slices between
        // frames (`analyse_in_slices`), the last document standing in until
        // the new one is ready.
        let sliced: RwSignal<Option<Shared<(Document, f64)>>> = RwSignal::new(None);
        let analysing: RwSignal<Option<f64>> = RwSignal::new(None);
        let document = Memo::new(move |previous: Option<&Shared<(Document, f64)>>| {
            let opts = analysis.get();
            source.with(|text| {
                if text.len() <= SLICE_ABOVE_BYTES {
                    let start = now_ms();
                    let doc = Document::analyse(text, opts);
                    return Shared(Arc::new((doc, now_ms() - start)));
                }
                sliced
                    .with(|d| analysis_of(d, text, opts))
                    .or_else(|| previous.cloned())
                    .unwrap_or_else(|| Shared(Arc::new((Document::analyse("", opts), 0.0))))
            })
        });
        let job = StoredValue::new(0u64);
        Effect::new(move |_| {
            let opts = analysis.get();
            let text = source.with(|t| (t.len() > SLICE_ABOVE_BYTES).then(|| t.clone()));
            job.update_value(|j| *j += 1);
            let Some(text) = text else {
                analysing.set(None);
                return;
            };
            if sliced.with_untracked(|d| analysis_of(d, &text, opts).is_some()) {
                return;
            }
            let id = job.get_value();
            analysing.set(Some(0.0));
            leptos::task::spawn_local(analyse_in_slices(text, opts, move |progress| {
                if job.get_value() != id {
                    return false;
                }
                match progress {
                    Ok(doc) => {
                        sliced.set(Some(doc));
                        analysing.set(None);
                    }
                    Err(share) => analysing.set(Some(share)),
                }
                true
            }));
        });
        let vectors: Memo<Option<Shared<GivenVectors>>> = Memo::new(move |_| {
            example
                .with(|e| e.as_deref().and_then(examples::by_name))
                .and_then(|e| e.vectors)
                .map(|v| Shared(Arc::new(v)))
        });
        let answer = RwSignal::new(state.answer);
        let samples = RwSignal::new(state.samples);
        let question = RwSignal::new(state.question);
        let records: RwSignal<Vec<Record>> = RwSignal::new(Vec::new());
        // The question's stored answers; an example's built-in history stands
        // in until some answer to that question is stored.
        let history: Memo<Shared<Vec<Fingerprint>>> = Memo::new(move |_| {
            let key = question.with(|q| drift::question_key(q));
            let stored: Vec<Fingerprint> = records.with(|all| {
                all.iter()
                    .filter(|r| r.question == key)
                    .map(|r| r.fingerprint.clone())
                    .collect()
            });
            if !stored.is_empty() || key.is_empty() {
                return Shared(Arc::new(stored));
            }
            let ex = example
                .with(|e| e.as_deref().and_then(examples::by_name))
                .filter(|e| drift::question_key(&e.question) == key);
            Shared(Arc::new(
                ex.map(|e| e.history_fingerprints()).unwrap_or_default(),
            ))
        });
        let checked = Memo::new(move |previous: Option<&Shared<Checked>>| {
            let doc = document.get();
            let cfg = config.get();
            let vectors = vectors.get();
            let history = history.get();
            // The source was analysed for this report only if the document changed.
            let analyse_ms = if previous.is_some_and(|p| p.document == doc) {
                0.0
            } else {
                doc.1
            };
            answer.with(|answer| {
                samples.with(|samples| {
                    question.with(|question| {
                        let start = now_ms();
                        let input = CheckInput {
                            answer,
                            samples,
                            question,
                            history: (!question.trim().is_empty()).then_some(history.0.as_slice()),
                            latency_ms: 0.0,
                            vectors: vectors.as_ref().map(|v| v.0.as_ref()),
                        };
                        let report = check(&doc.0 .0, &input, &cfg);
                        let check_ms = now_ms() - start;
                        Shared(Arc::new(Checked {
                            report,
                            check_ms,
                            analyse_ms,
                            document: doc.clone(),
                        }))
                    })
                })
            })
        });
        Lab {
            example,
            question,
            source,
            answer,
            samples,
            config,
            position: RwSignal::new(state.trace_position),
            playing: RwSignal::new(false),
            inspection_seconds: RwSignal::new(state.inspection_seconds),
            speed: RwSignal::new(state.speed),
            hidden: RwSignal::new(state.hidden),
            focus: RwSignal::new(None),
            selected_event: RwSignal::new(None),
            file_message: RwSignal::new(None),
            records,
            backend: RwSignal::new(super::storage::Backend::Memory),
            storage_message: RwSignal::new(None),
            db: StoredValue::new_local(None),
            embed: RwSignal::new(false),
            link_error: RwSignal::new(None),
            link_notice: RwSignal::new(None),
            history,
            document,
            analysing,
            checked,
        }
    }

    /// The whole state, as a permalink stores it.
    pub fn snapshot(&self) -> LabState {
        LabState {
            example: self.example.get_untracked(),
            question: self.question.get_untracked(),
            source: self.source.get_untracked(),
            answer: self.answer.get_untracked(),
            samples: self.samples.get_untracked(),
            config: self.config.get_untracked(),
            trace_position: self.position.get_untracked(),
            inspection_seconds: self.inspection_seconds.get_untracked(),
            speed: self.speed.get_untracked(),
            hidden: self.hidden.get_untracked(),
        }
    }

    /// Replace the whole state.
    pub fn restore(&self, state: LabState) {
        self.example.set(state.example);
        self.question.set(state.question);
        self.source.set(state.source);
        self.answer.set(state.answer);
        self.samples.set(state.samples);
        self.config.set(state.config);
        self.position.set(state.trace_position);
        self.playing.set(false);
        self.inspection_seconds.set(state.inspection_seconds);
        self.speed.set(state.speed);
        self.hidden.set(state.hidden);
        self.focus.set(None);
        self.selected_event.set(None);
    }

    /// Load a built-in example: its texts and settings, the trace complete.
    pub fn load_example(&self, name: &str) {
        if let Some(ex) = examples::by_name(name) {
            let hidden = self.hidden.get_untracked();
            self.restore(LabState {
                hidden,
                ..LabState::from_example(&ex)
            });
            self.file_message.set(None);
        }
    }

    /// After an edit of the texts: replay the trace of the new result from
    /// the start (or show it whole when the user prefers reduced motion).
    pub fn edited(&self) {
        self.selected_event.set(None);
        if prefers_reduced_motion() {
            self.position.set(usize::MAX);
            self.playing.set(false);
        } else {
            self.position.set(0);
            self.playing.set(true);
        }
    }

    /// Change the settings with `f`.
    pub fn configure(&self, f: impl FnOnce(&mut Config)) {
        self.config.update(f);
    }

    pub fn is_hidden(&self, key: &'static str) -> impl Fn() -> bool + Copy + 'static {
        let hidden = self.hidden;
        move || hidden.with(|h| h.iter().any(|x| x == key))
    }
}
