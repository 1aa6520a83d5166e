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
use crate::lessons::Lesson;
use crate::pin::Pinned;
use crate::pipeline::{check_keeping_split, Earlier, SplitAnswer};
use crate::report::Report;
use crate::text::{AnalysisOptions, Document, DocumentBuilder};
use crate::trace::{revealed, Revealed};
use crate::CheckInput;

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
    document: SourceDocument,
    /// What was checked, and how: the next check takes back the claims
    /// it shares with this one when the source and settings are the same.
    answer: String,
    question: String,
    config: Config,
    /// The answer split into claims and analysed: a keystroke in the
    /// source leaves the answer as it was, and the next check keeps it.
    split: SplitAnswer,
}

impl Checked {
    /// Bytes of the source text this report was checked against (the page
    /// shows it as `data-analysed-bytes`: a sign the report is current).
    pub fn analysed_bytes(&self) -> usize {
        self.document.read(|d| d.text.len())
    }

    /// Read the analysed source this report was checked against.
    pub fn with_document<R>(&self, f: impl FnOnce(&Document) -> R) -> R {
        self.document.read(f)
    }
}

/// The analysed source, shared by the lab's memos. A large source is
/// edited in place ([`Document::edit_within`]) as it is typed in, so a
/// keystroke reads afresh only the passages around it; two values are
/// equal only if they are the same document at the same edit.
#[derive(Clone)]
pub struct SourceDocument {
    document: Arc<std::sync::Mutex<Document>>,
    /// Edits made in place so far.
    generation: u64,
    /// Milliseconds spent analysing (or editing) the source for this version.
    analyse_ms: f64,
}

impl PartialEq for SourceDocument {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.document, &other.document) && self.generation == other.generation
    }
}

impl SourceDocument {
    fn new(document: Document, analyse_ms: f64) -> SourceDocument {
        SourceDocument {
            document: Arc::new(std::sync::Mutex::new(document)),
            generation: 0,
            analyse_ms,
        }
    }

    fn read<R>(&self, f: impl FnOnce(&Document) -> R) -> R {
        // The page has one thread: the lock is never held elsewhere.
        f(&self.document.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Is `later` this document after one edit in place?
    fn edited_once_into(&self, later: &SourceDocument) -> bool {
        Arc::ptr_eq(&self.document, &later.document) && later.generation == self.generation + 1
    }

    /// Is this the analysis of `text` under `options`?
    fn is_of(&self, text: &str, options: AnalysisOptions) -> bool {
        self.read(|d| d.options == options && crate::text::same_text(&d.text, text))
    }

    /// This document edited in place to be `text`'s, if the edit reads at
    /// most `max_fresh_bytes` afresh (else `None`, the document unchanged).
    fn edited(&self, text: &str, max_fresh_bytes: usize) -> Option<SourceDocument> {
        let start = now_ms();
        let mut doc = self.document.lock().unwrap_or_else(|e| e.into_inner());
        doc.edit_within(text.to_string(), max_fresh_bytes).ok()?;
        Some(SourceDocument {
            document: Arc::clone(&self.document),
            generation: self.generation + 1,
            analyse_ms: now_ms() - start,
        })
    }
}

/// Sources longer than this (bytes) are analysed in slices between frames,
/// and edited in place as they are typed in.
const SLICE_ABOVE_BYTES: usize = 64 * 1024;
/// Most bytes an edit of a large source reads afresh at once (the passages
/// around it); a wider edit (a paste) is analysed in slices.
const EDIT_AT_ONCE_BYTES: usize = 64 * 1024;

/// An answer longer than this (bytes; some fifty claims) is checked after
/// the frame that shows a keystroke in it (`Lab::apply_typed`).
pub const LONG_ANSWER_BYTES: usize = 8 * 1024;
/// How long one slice of analysis may hold the page (ms).
const SLICE_MS: f64 = 12.0;

/// The sliced analysis `done`, if it is of `text` under `options`.
fn analysis_of(
    done: &Option<SourceDocument>,
    text: &str,
    options: AnalysisOptions,
) -> Option<SourceDocument> {
    done.as_ref().filter(|d| d.is_of(text, options)).cloned()
}

/// Analyse the text `take` gives a slice at a time, yielding to the page
/// between slices. `report` gets the share done after each slice (`Err`)
/// and the document at the end (`Ok`, with the milliseconds spent
/// analysing); when it returns false (the source changed meanwhile) the
/// work stops.
///
/// The job first yields a task and asks `report` whether it is still
/// wanted, and only then takes the text: a burst of input events in one
/// task (the browser inserting a pasted text a paragraph at a time, each
/// its own event) starts one job each, and a job that copied a 1 MB source
/// up front held that copy until its first slice. Thousands of them ran
/// the page out of memory.
async fn analyse_in_slices(
    take: impl FnOnce() -> Option<String>,
    options: AnalysisOptions,
    report: impl Fn(Result<SourceDocument, f64>) -> bool,
) {
    next_task().await;
    if !report(Err(0.0)) {
        return;
    }
    let Some(text) = take() else {
        return;
    };
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
    report(Ok(SourceDocument::new(doc, busy)));
}

/// Give the page the main thread until its next task (a zero-delay timeout).
pub(super) async fn next_task() {
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

/// Does the reader ask for reduced motion? The query is made once (a
/// `matchMedia` call a keystroke parsed it each time) and read live.
fn prefers_reduced_motion() -> bool {
    thread_local! {
        static QUERY: Option<web_sys::MediaQueryList> = web_sys::window().and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        });
    }
    QUERY.with(|query| query.as_ref().is_some_and(web_sys::MediaQueryList::matches))
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
    pub document: Memo<SourceDocument>,
    /// While a large source is analysed in slices: the share done (0 to 1).
    pub analysing: RwSignal<Option<f64>>,
    pub checked: Memo<Shared<Checked>>,
    /// What the replay has revealed at the current position.
    pub revealed: ReadSignal<Revealed>,
    /// The banner's decision and sentence, changed only at a word boundary
    /// or once typing rests (`steady_banner`).
    pub banner: RwSignal<Banner>,
    /// The banner waits for typing to rest: it may not be the report's
    /// decision (the page shows it faded and busy until it is).
    pub banner_held: RwSignal<bool>,
    /// The open lesson (a built-in's id), its step, a teacher's own text.
    pub lesson: RwSignal<Option<String>>,
    pub lesson_step: RwSignal<usize>,
    pub lesson_text: RwSignal<Option<String>>,
    /// Which steps of the open lesson are done.
    pub lesson_done: RwSignal<Vec<bool>>,
    /// The open lesson, read.
    pub lesson_read: Memo<Option<Result<Lesson, String>>>,
    /// Presenter mode: large type, the lesson and one panel at a time.
    pub presenter: RwSignal<bool>,
    /// Read-only (an embed may ask): the texts cannot be edited.
    pub read_only: RwSignal<bool>,
    /// A pinned state to compare the current one with.
    pub pinned: RwSignal<Option<Pinned>>,
    /// The next address written is a new history entry (Back returns to
    /// the state before), not a replacement.
    pub new_history_entry: StoredValue<bool>,
    /// What the Calibration panel opened (its gold label).
    pub opened_from: RwSignal<Option<String>>,
    /// The last edit of the answer left the caret inside a word.
    pub typing_in_word: StoredValue<bool>,
    /// Inputs typed into the text boxes, applied after the frame that
    /// shows them (`app::typing`).
    pub typing: super::typing::Typing,
}

/// The decision banner: what it shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Banner {
    pub decision: &'static str,
    pub routing: &'static str,
    /// What ships (`Delivery::name`): the banner's colour.
    pub delivery: &'static str,
    pub headline: String,
    /// The answer has no claims.
    pub empty: bool,
}

impl Banner {
    fn of(report: &Report) -> Banner {
        Banner {
            decision: report.decision.name(),
            routing: report.quality.routing.name(),
            delivery: report.delivery().name(),
            headline: report.headline(),
            empty: report.claims.is_empty(),
        }
    }
}

impl Lab {
    pub fn new(state: LabState) -> Lab {
        let example = RwSignal::new(state.example);
        let source = RwSignal::new(state.source);
        let config = RwSignal::new(state.config);
        let analysis = Memo::new(move |_| config.with(|c| AnalysisOptions::from(c)));
        // A small source is analysed at once. A large one is edited in place
        // as it is typed in (only the passages around the edit are read
        // again); a first large source, or a wide edit, is analysed in slices
        // between frames (`analyse_in_slices`), the last document standing
        // in until the new one is ready.
        let sliced: RwSignal<Option<SourceDocument>> = RwSignal::new(None);
        let analysing: RwSignal<Option<f64>> = RwSignal::new(None);
        let document = Memo::new(move |previous: Option<&SourceDocument>| {
            let opts = analysis.get();
            source.with(|text| {
                if text.len() <= SLICE_ABOVE_BYTES {
                    let start = now_ms();
                    let doc = Document::analyse(text, opts);
                    return SourceDocument::new(doc, now_ms() - start);
                }
                if let Some(same) = previous.filter(|p| p.is_of(text, opts)) {
                    return same.clone();
                }
                if let Some(done) = sliced.with(|d| analysis_of(d, text, opts)) {
                    return done;
                }
                let editable = previous.filter(|p| p.read(|d| d.options == opts));
                if let Some(edited) = editable.and_then(|p| p.edited(text, EDIT_AT_ONCE_BYTES)) {
                    return edited;
                }
                previous
                    .cloned()
                    .unwrap_or_else(|| SourceDocument::new(Document::analyse("", opts), 0.0))
            })
        });
        let job = StoredValue::new(0u64);
        Effect::new(move |_| {
            let opts = analysis.get();
            // Only a large source the document is not (yet) the analysis of
            // needs slices; reading the document brings it up to date first.
            let stale = source.with(|t| {
                t.len() > SLICE_ABOVE_BYTES && !document.with_untracked(|d| d.is_of(t, opts))
            });
            job.update_value(|j| *j += 1);
            if !stale {
                analysing.set(None);
                return;
            }
            let id = job.get_value();
            analysing.set(Some(0.0));
            let take = move || source.try_with_untracked(String::clone);
            leptos::task::spawn_local(analyse_in_slices(take, opts, move |progress| {
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
                doc.analyse_ms
            };
            answer.with(|answer| {
                samples.with(|samples| {
                    question.with(|question| {
                        let start = now_ms();
                        // A recorded answer is compared with the ones before it.
                        let before = if history.0.is_empty() {
                            &history.0[..]
                        } else {
                            drift::history_before(&history.0, &drift::fingerprint(answer))
                        };
                        // A keystroke changes a claim or two: the others
                        // are taken from the check before, under the same
                        // settings, against the same source or the source
                        // before one edit in place (the claims that edit
                        // cannot reach).
                        let (report, split) = doc.read(|d| {
                            let earlier = previous.filter(|p| p.config == cfg).and_then(|p| {
                                let source_edit = match p.document == doc {
                                    true => None,
                                    false if p.document.edited_once_into(&doc) => {
                                        Some(d.last_edit()?)
                                    }
                                    false => return None,
                                };
                                Some(Earlier {
                                    answer: &p.answer,
                                    question: &p.question,
                                    report: &p.report,
                                    source_edit,
                                    split: Some(&p.split),
                                })
                            });
                            let input = CheckInput {
                                answer,
                                samples,
                                question,
                                history: (!question.trim().is_empty()).then_some(before),
                                latency_ms: 0.0,
                                vectors: vectors.as_ref().map(|v| v.0.as_ref()),
                                // The lab replays the trace and lists every sentence.
                                skip_trace: false,
                                skip_sources: false,
                                earlier,
                            };
                            check_keeping_split(d, &input, &cfg)
                        });
                        let check_ms = now_ms() - start;
                        Shared(Arc::new(Checked {
                            report,
                            check_ms,
                            analyse_ms,
                            document: doc.clone(),
                            answer: answer.clone(),
                            question: question.clone(),
                            config: cfg.clone(),
                            split,
                        }))
                    })
                })
            })
        });
        let position = RwSignal::new(state.trace_position);
        // Typing changes the report, rarely what the replay has revealed.
        let revealed = changes_of(Memo::new(move |_| {
            let shown = position.get();
            checked.with(|c| revealed(&c.report.trace, shown))
        }));
        let lesson = RwSignal::new(state.lesson);
        let lesson_text = RwSignal::new(state.lesson_text);
        let lesson_read = Memo::new(move |_| {
            lesson.with(|id| lesson_text.with(|text| Lesson::named(text.as_deref(), id.as_deref())))
        });
        let banner = RwSignal::new(checked.with_untracked(|c| Banner::of(&c.report)));
        Lab {
            example,
            question,
            source,
            answer,
            samples,
            config,
            position,
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
            revealed,
            banner,
            banner_held: RwSignal::new(false),
            lesson,
            lesson_step: RwSignal::new(state.lesson_step),
            lesson_text,
            lesson_done: RwSignal::new(Vec::new()),
            lesson_read,
            presenter: RwSignal::new(false),
            read_only: RwSignal::new(false),
            pinned: RwSignal::new(None),
            new_history_entry: StoredValue::new(false),
            opened_from: RwSignal::new(None),
            typing_in_word: StoredValue::new(false),
            typing: super::typing::Typing,
        }
    }

    /// Keep the banner steady while a word is typed: it follows the report
    /// at once when an edit leaves the caret at a word boundary, else once
    /// typing rests for 600 ms (`typing_in_word`, set by the answer box).
    pub fn steady_banner(&self) {
        let lab = *self;
        let timer: StoredValue<Option<gloo_timers::callback::Timeout>, LocalStorage> =
            StoredValue::new_local(None);
        Effect::new(move |_| {
            let next = lab.checked.with(|c| Banner::of(&c.report));
            timer.set_value(None);
            let held = lab.typing_in_word.get_value()
                && !next.empty
                && lab.banner.with_untracked(|now| *now != next);
            if held {
                timer.set_value(Some(gloo_timers::callback::Timeout::new(600, move || {
                    lab.banner.set(next);
                    lab.banner_held.set(false);
                })));
            } else {
                lab.banner.set(next);
            }
            if lab.banner_held.get_untracked() != held {
                lab.banner_held.set(held);
            }
        });
    }

    /// The whole state, as a permalink stores it.
    pub fn snapshot(&self) -> LabState {
        // What was typed is part of the state, drawn or not yet.
        self.typing.flush();
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
            lesson: self.lesson.get_untracked(),
            lesson_step: self.lesson_step.get_untracked(),
            lesson_text: self.lesson_text.get_untracked(),
        }
    }

    /// Replace the whole state, its texts as the boxes hold them.
    pub fn restore(&self, state: LabState) {
        let state = state.as_boxes_hold();
        // A new state is not a word being typed: its banner shows at once.
        self.typing_in_word.set_value(false);
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
        if (
            self.lesson.get_untracked(),
            self.lesson_text.get_untracked(),
        ) != (state.lesson.clone(), state.lesson_text.clone())
        {
            self.lesson_done.set(Vec::new());
        }
        self.lesson.set(state.lesson);
        self.lesson_step.set(state.lesson_step);
        self.lesson_text.set(state.lesson_text);
        self.focus.set(None);
        self.selected_event.set(None);
    }

    /// Open step `i` of the open lesson: load its state (a new history entry).
    pub fn open_step(&self, i: usize) {
        let Some(Ok(lesson)) = self.lesson_read.get_untracked() else {
            return;
        };
        let i = i.min(lesson.steps.len().saturating_sub(1));
        let Some(step) = lesson.steps.get(i) else {
            return;
        };
        let mut state = self.snapshot();
        state.lesson_step = i;
        let notes = step.apply(&mut state);
        self.link_notice.set((!notes.is_empty()).then(|| {
            format!(
                "Part of this step could not be loaded: {}.",
                notes.join("; ")
            )
        }));
        self.new_history_entry.set_value(true);
        self.restore(state);
    }

    /// Open a lesson (a built-in's id, or a teacher's text) at its first step.
    pub fn open_lesson(&self, id: Option<String>, text: Option<String>) {
        self.lesson_done.set(Vec::new());
        self.lesson_text.set(text);
        self.lesson.set(id);
        self.open_step(0);
    }

    /// Load a built-in example: its texts and settings, the trace complete
    /// (an open lesson stays open; a new history entry).
    pub fn load_example(&self, name: &str) {
        if let Some(ex) = examples::by_name(name) {
            let now = self.snapshot();
            self.new_history_entry.set_value(true);
            self.restore(LabState {
                hidden: now.hidden,
                lesson: now.lesson,
                lesson_step: now.lesson_step,
                lesson_text: now.lesson_text,
                ..LabState::from_example(&ex)
            });
            self.file_message.set(None);
            self.opened_from.set(None);
        }
    }

    /// A source of the user's own replaced the example's whole (a file
    /// opened, a paste over all of it): the lab holds the user's texts now,
    /// not the example. The example's question and samples, where they are
    /// still its own, are not this text's, so they are cleared, and the
    /// example is let go: a link carries none of it (drift and repair read
    /// the question; a recipient's Reset would load an example never seen).
    pub fn forget_example(&self) {
        let Some(example) = self
            .example
            .with_untracked(|e| e.as_deref().and_then(examples::by_name))
        else {
            return;
        };
        if self.question.with_untracked(|q| *q == example.question) {
            self.question.set(String::new());
        }
        if !example.samples.is_empty() && self.samples.with_untracked(|s| *s == example.samples) {
            self.samples.set(Vec::new());
        }
        self.example.set(None);
    }

    /// Apply `input`, typed into `box_id`: at once while the lab's texts
    /// are short (the whole keystroke, check and drawing, fits in a frame
    /// with the letter), else after the frame that shows the letter
    /// (`app::typing`): a source over [`SLICE_ABOVE_BYTES`] or an answer
    /// over [`LONG_ANSWER_BYTES`].
    pub fn apply_typed(&self, box_id: &'static str, input: impl FnOnce() + 'static) {
        let long = self.source.with_untracked(|s| s.len() > SLICE_ABOVE_BYTES)
            || self.answer.with_untracked(|a| a.len() > LONG_ANSWER_BYTES);
        if long {
            self.typing.after_paint(box_id, input);
        } else {
            self.typing.flush();
            input();
        }
    }

    /// After an edit of the texts. A replay the user started goes on (over
    /// the new result); otherwise the trace stays where it is: editing
    /// never starts a replay. Under reduced motion it shows whole.
    pub fn edited(&self) {
        // Set only on a change: setting a signal marks every reader, and
        // each trace item reads this one (a keystroke in a large source
        // ran them all again).
        if self.selected_event.with_untracked(Option::is_some) {
            self.selected_event.set(None);
        }
        if prefers_reduced_motion() {
            if self.position.get_untracked() != usize::MAX {
                self.position.set(usize::MAX);
            }
            if self.playing.get_untracked() {
                self.playing.set(false);
            }
        }
    }

    /// Change the settings with `f`.
    pub fn configure(&self, f: impl FnOnce(&mut Config)) {
        self.config.update(f);
    }

    /// Is this panel or control hidden: by the link, or by presenter mode,
    /// which shows the lesson, the settings and the step's panel only.
    pub fn is_hidden(&self, key: &'static str) -> impl Fn() -> bool + Copy + 'static {
        let (hidden, presenter, lesson, step) = (
            self.hidden,
            self.presenter,
            self.lesson_read,
            self.lesson_step,
        );
        move || {
            if hidden.with(|h| h.iter().any(|x| x == key)) {
                return true;
            }
            if !presenter.get()
                || matches!(
                    key,
                    "lessons" | "controls" | "support-threshold" | "examples"
                )
            {
                return false;
            }
            let panel = lesson.with(|l| {
                let l = l.as_ref()?.as_ref().ok()?;
                l.steps.get(step.get())?.panel.clone()
            });
            panel.as_deref().unwrap_or("claims") != key
        }
    }
}

/// `source`'s value, as a signal set only when the value changes. Reading
/// a memo ties the reader to the memo's own sources: every keystroke marks
/// every reader of a memo of the report, and every reader of theirs, before
/// the memo is found unchanged (the replay's progress, read by each of a
/// hundred claims' rows and unchanged by typing, marked them all). What
/// reads this is marked only when the value changes.
pub fn changes_of<T>(source: Memo<T>) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let (value, set_value) = signal(source.get_untracked());
    Effect::new(move |_| {
        source.with(|latest| {
            if value.with_untracked(|v| v != latest) {
                set_value.set(latest.clone());
            }
        })
    });
    value
}
