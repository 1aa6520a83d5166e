//! `claimlab._core`: the checker core for Python, over the library's
//! `claimlab::output` — the code `claimlab check` and `claimlab batch` run —
//! so that a report's JSON is the CLI's, byte for byte.
//!
//! This module is private: the typed, documented API is the pure-Python
//! package `claimlab` (`python/claimlab/`). What crosses into Python is
//! plain: JSON text, strings, lists and tuples. Every error is one of the
//! exception classes of `claimlab.errors`, by class of bad input; a bug in
//! the core (a panic) is caught and raised as `claimlab.errors.InternalError`
//! with one line naming where it happened, never let through to Python.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString, PyTuple};

use claimlab::checks::consistency::GivenVectors;
use claimlab::compact::{Include, Part};
use claimlab::config::{self, Range, Value, SETTINGS};
use claimlab::drift::{self, Fingerprint};
use claimlab::lab_state::LabState;
use claimlab::lessons::Lesson;
use claimlab::output::record::{self, Context, RecentSources, Record, Shape};
use claimlab::output::vectors::{VectorMap, Vectors};
use claimlab::output::{self as out};
use claimlab::{examples, permalink, CheckInput, Config, Preset, Report};

/// The CLI's allocator: a check makes a few hundred small allocations, and
/// mimalloc serves them faster than glibc's (BENCHMARKS.md). Only the
/// core's own memory; Python's objects keep Python's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The largest text accepted, as the CLI's size limit for a file or a line.
const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

// ---------------------------------------------------------------------------
// Errors: one class of `claimlab.errors` per class of bad input.

/// A class of error, by its name in `claimlab.errors`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    UnknownSetting,
    SettingValue,
    SettingRange,
    UnknownPreset,
    UnknownPart,
    UnknownExample,
    UnknownLesson,
    Usage,
    EmptyInput,
    BinaryInput,
    InputTooLarge,
    Vectors,
    Internal,
}

impl Kind {
    fn class(self) -> &'static str {
        match self {
            Kind::UnknownSetting => "UnknownSettingError",
            Kind::SettingValue => "SettingValueError",
            Kind::SettingRange => "SettingRangeError",
            Kind::UnknownPreset => "UnknownPresetError",
            Kind::UnknownPart => "UnknownPartError",
            Kind::UnknownExample => "UnknownExampleError",
            Kind::UnknownLesson => "UnknownLessonError",
            Kind::Usage => "UsageError",
            Kind::EmptyInput => "EmptyInputError",
            Kind::BinaryInput => "BinaryInputError",
            Kind::InputTooLarge => "InputTooLargeError",
            Kind::Vectors => "VectorsError",
            Kind::Internal => "InternalError",
        }
    }
}

/// An error on its way to Python: its class and its one-line message.
#[derive(Debug)]
struct Failure(Kind, String);

type Outcome<T> = Result<T, Failure>;

fn fail<T>(kind: Kind, message: impl Into<String>) -> Outcome<T> {
    Err(Failure(kind, message.into()))
}

/// The Python exception for a failure: an instance of its class in
/// `claimlab.errors` (the package imports that module before this one).
fn to_py(py: Python<'_>, Failure(kind, message): Failure) -> PyErr {
    let made = py
        .import("claimlab.errors")
        .and_then(|m| m.getattr(kind.class()))
        .and_then(|class| class.call1((message.clone(),)));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

trait IntoPy<T> {
    fn py(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> IntoPy<T> for Outcome<T> {
    fn py(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|f| to_py(py, f))
    }
}

// ---------------------------------------------------------------------------
// Panics: caught where the core runs, reported as one line, as the CLI does.

thread_local! {
    /// Set while this thread runs the core under [`catch`].
    static INSIDE: Cell<bool> = const { Cell::new(false) };
    /// The message of the panic [`catch`] is about to report.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Install, once, a panic hook that notes a panic inside [`catch`] (where
/// and what, in one line, as `claimlab: error: internal error at …`) and
/// leaves any other panic in the process to the hook that was there.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !INSIDE.with(Cell::get) {
                return previous(info);
            }
            CAUGHT.with(|c| {
                c.borrow_mut().get_or_insert_with(|| out::panic_line(info));
            });
        }));
    });
}

/// Run `f` (the core); a panic inside it becomes its one-line message.
fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let was = INSIDE.with(|i| i.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    INSIDE.with(|i| i.set(was));
    result.map_err(|_| {
        CAUGHT
            .with(|c| c.borrow_mut().take())
            .unwrap_or_else(|| "internal error (please report it)".into())
    })
}

/// [`catch`] for a call that returns an [`Outcome`].
fn guarded<T>(f: impl FnOnce() -> Outcome<T>) -> Outcome<T> {
    catch(f).unwrap_or_else(|msg| fail(Kind::Internal, msg))
}

// ---------------------------------------------------------------------------
// Settings.

/// One setting from a Python value: a bool for an on/off setting, an int
/// for a count, a number for a threshold, a name for a choice, or any of
/// them as the text `--set NAME=VALUE` takes.
fn set_one(cfg: &mut Config, name: &str, value: &Bound<'_, PyAny>) -> Outcome<()> {
    let Some(range) = config::range_of(name) else {
        return fail(
            Kind::UnknownSetting,
            format!("there is no setting {name} (claimlab.settings() lists them)"),
        );
    };
    let shown = || {
        value
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "this value".into())
    };
    let wrong = || {
        fail(
            Kind::SettingValue,
            format!("{name} cannot be {}: it is {}", shown(), range.describe()),
        )
    };
    let parsed = if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_string();
        match Value::from_text(text.trim(), range) {
            Some(v) => v,
            None => {
                return fail(
                    Kind::SettingValue,
                    format!("{name} cannot be \"{text}\": it is {}", range.describe()),
                )
            }
        }
    } else if value.is_instance_of::<PyBool>() {
        match range {
            Range::Toggle => Value::Toggle(value.is_truthy().unwrap_or(false)),
            _ => return wrong(),
        }
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        match range {
            Range::Count(min) => {
                if value.is_instance_of::<PyFloat>() {
                    return wrong();
                }
                match value.extract::<usize>() {
                    Ok(n) => Value::Count(n),
                    Err(_) => {
                        return fail(
                            Kind::SettingRange,
                            format!("{name} must be {min} or more, got {}", shown()),
                        )
                    }
                }
            }
            Range::Unit | Range::Positive(_) => match value.extract::<f64>() {
                Ok(x) if x.is_finite() => Value::Number(x),
                _ => {
                    return fail(
                        Kind::SettingRange,
                        format!("{name} must be {}, got {}", range_text(range), shown()),
                    )
                }
            },
            _ => return wrong(),
        }
    } else if let (Range::Unit | Range::Positive(_), Ok(x)) = (range, value.extract::<f64>()) {
        // A number of another kind (numpy's float32, a Decimal).
        if !x.is_finite() {
            return fail(
                Kind::SettingRange,
                format!("{name} must be {}, got {}", range_text(range), shown()),
            );
        }
        Value::Number(x)
    } else {
        return wrong();
    };
    cfg.set(name, parsed)
        .or_else(|e| fail(Kind::SettingRange, e))
}

/// A range as an error message says it ("between 0 and 1").
fn range_text(range: Range) -> String {
    match range {
        Range::Unit => "between 0 and 1".into(),
        r => r.describe(),
    }
}

/// A preset by name.
fn preset(name: &str) -> Outcome<Preset> {
    Preset::from_name(name).map_or_else(
        || {
            fail(
                Kind::UnknownPreset,
                format!(
                    "there is no preset \"{name}\"; the presets are {}",
                    Preset::NAMES.join(", ")
                ),
            )
        },
        Ok,
    )
}

/// The preset (or `base`), then each setting in order, as the CLI's
/// `--preset`, then `--set`; checked as a whole at the end.
fn resolve(preset_name: Option<&str>, pairs: &Bound<'_, PyList>, base: Config) -> Outcome<Config> {
    let mut cfg = match preset_name {
        Some(name) => preset(name)?.config(),
        None => base,
    };
    for item in pairs.iter() {
        let pair = item
            .cast::<PyTuple>()
            .map_err(|_| Failure(Kind::Usage, "settings are (name, value) pairs".into()))?;
        let name: String = pair
            .get_item(0)
            .and_then(|n| n.extract())
            .map_err(|_| Failure(Kind::Usage, "a setting's name is text".into()))?;
        let value = pair
            .get_item(1)
            .map_err(|_| Failure(Kind::Usage, format!("{name} has no value")))?;
        set_one(&mut cfg, &name, &value)?;
    }
    cfg.validate().or_else(|e| fail(Kind::SettingRange, e))?;
    Ok(cfg)
}

/// A setting's value as Python holds it (JSON: bool, int, float or str).
fn value_json(v: Value) -> serde_json::Value {
    match v {
        Value::Number(x) => x.into(),
        Value::Count(n) => n.into(),
        Value::Toggle(b) => b.into(),
        Value::Choice(c) => c.into(),
    }
}

/// Resolved settings: a preset and single settings over it, checked.
#[pyclass(frozen, module = "claimlab._core")]
struct Settings {
    config: Config,
}

#[pymethods]
impl Settings {
    /// `preset` (None: `seed`, or the example's own settings when `example`
    /// names one), then `pairs` in order.
    #[new]
    #[pyo3(signature = (preset, pairs, example=None))]
    fn new(
        py: Python<'_>,
        preset: Option<&str>,
        pairs: &Bound<'_, PyList>,
        example: Option<&str>,
    ) -> PyResult<Settings> {
        let base = match example {
            Some(name) => example_named(name).py(py)?.config,
            None => Config::default(),
        };
        let config = resolve(preset, pairs, base).py(py)?;
        Ok(Settings { config })
    }

    /// Every setting and its value, in the settings table's order, as a
    /// JSON object (written here: serde_json's own map would sort the names).
    fn to_json(&self) -> String {
        let fields: Vec<String> = SETTINGS
            .iter()
            .map(|s| {
                let v = self.config.get(s.name).expect("every row is a field");
                format!("{}:{}", serde_json::Value::from(s.name), value_json(v))
            })
            .collect();
        format!("{{{}}}", fields.join(","))
    }

    /// Each setting as `--set NAME=VALUE` writes it: (name, text), in the
    /// table's order (a figure that has no short exact form as `0x…` bits).
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        self.config.to_pairs()
    }

    /// The preset these settings are, if they are one.
    #[getter]
    fn preset(&self) -> Option<&'static str> {
        self.config.preset().map(Preset::name)
    }

    /// "seed with support_threshold=0.65": the nearest preset and what differs.
    fn describe(&self) -> String {
        self.config.differences_from_preset().join("; ")
    }
}

// ---------------------------------------------------------------------------
// Inputs.

/// A source given as a text or as a list of passages (numbered 1…m, as a
/// batch record's `context`).
fn source_arg(source: &Bound<'_, PyAny>) -> Outcome<Context> {
    if let Ok(text) = source.extract::<String>() {
        return Ok(Context::Text(text));
    }
    if source.is_instance_of::<PyList>() || source.is_instance_of::<PyTuple>() {
        if let Ok(passages) = source.extract::<Vec<String>>() {
            return Ok(Context::Passages(passages));
        }
    }
    fail(
        Kind::Usage,
        "source must be a text or a list of passage texts",
    )
}

/// Refuse a text the CLI would refuse: one holding a NUL (a binary file),
/// or one over the size limit.
fn checked_text(what: &str, text: &str) -> Outcome<()> {
    if text.len() > MAX_INPUT_BYTES {
        return fail(
            Kind::InputTooLarge,
            format!(
                "{what} is {} bytes ({:.1} MB), over the {} MB limit ({MAX_INPUT_BYTES} bytes)",
                text.len(),
                text.len() as f64 / (1024.0 * 1024.0),
                MAX_INPUT_BYTES >> 20
            ),
        );
    }
    if let Some(pos) = text.find('\0') {
        return fail(
            Kind::BinaryInput,
            format!("{what} holds a NUL character (\\u0000) at offset {pos}; expected text"),
        );
    }
    Ok(())
}

/// Which parts of the report to write: `None` is the full report.
fn shape(include: Option<&str>, full: bool) -> Outcome<Option<Include>> {
    let include = include.unwrap_or("");
    if full && !include.trim().is_empty() {
        return fail(
            Kind::Usage,
            "full and include cannot be used together: the full report holds every part",
        );
    }
    if full {
        return Ok(None);
    }
    Include::parse(include)
        .map(Some)
        .or_else(|e| fail(Kind::UnknownPart, format!("include: {e}")))
}

/// Vectors given as one JSON object (text → vector), checked as `--vectors`.
fn vectors_arg(json: &str) -> Outcome<Vectors> {
    let map: VectorMap = serde_json::from_str(json).or_else(|e| {
        let msg = e.to_string();
        let msg = msg
            .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
            .unwrap_or(&msg)
            .to_string();
        fail(Kind::Vectors, format!("vectors: {msg}"))
    })?;
    let vectors = map.into_vectors();
    if vectors.given.0.is_empty() {
        return fail(
            Kind::Vectors,
            "vectors holds no vectors (expected a mapping of each sentence to its vector)",
        );
    }
    Ok(vectors)
}

fn example_named(name: &str) -> Outcome<examples::Example> {
    examples::by_name(name).map_or_else(
        || {
            let names: Vec<String> = examples::all().into_iter().map(|e| e.name).collect();
            fail(
                Kind::UnknownExample,
                format!(
                    "no example named {name:?}; try one of: {}",
                    names.join(", ")
                ),
            )
        },
        Ok,
    )
}

/// What one check reads.
struct Job {
    source: String,
    answer: String,
    samples: Vec<String>,
    question: String,
    vectors: Option<GivenVectors>,
    history: Option<Vec<Fingerprint>>,
    include: Option<Include>,
    config: Config,
}

/// A report's JSON and, for the full report (which does not write one),
/// its headline: the sentence the compact report of the same check holds.
type Written = (String, Option<String>);

impl Job {
    /// Check it as `claimlab check --format json` does: its JSON (and the
    /// full report's headline).
    fn run(self) -> Outcome<Written> {
        let Job {
            source,
            answer,
            samples,
            question,
            vectors,
            history,
            include,
            config,
        } = self;
        guarded(move || {
            let input = CheckInput {
                answer: &answer,
                samples: &samples,
                question: &question,
                history: history.as_deref(),
                latency_ms: 0.0,
                vectors: vectors.as_ref(),
                skip_trace: out::leaves_out(include, Part::Trace),
                skip_sources: out::leaves_out(include, Part::Sources),
                earlier: None,
            };
            let (_doc, report) = out::check_source(source, &input, &config);
            let json = out::report_json(&report, include, &samples, vectors.as_ref());
            Ok((json, include.is_none().then(|| report.headline())))
        })
    }
}

/// Check an answer against a source (a text, or a list of passages) and/or
/// samples: the report's JSON as `claimlab check --format json` writes it.
///
/// A `question` (even empty) turns on the drift check, as `--question`
/// does: against `history`, the earlier answers to it, oldest first (of
/// which the last `drift_window` or `drift_min_history`, whichever is more,
/// count, as the CLI reads them from its `--drift-db`).
#[pyfunction]
#[pyo3(signature = (settings, source, answer, samples, question, history, vectors, include, full))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    settings: &Settings,
    source: Option<&Bound<'_, PyAny>>,
    answer: String,
    samples: Vec<String>,
    question: Option<String>,
    history: Vec<String>,
    vectors: Option<String>,
    include: Option<&str>,
    full: bool,
) -> PyResult<Written> {
    let include = shape(include, full).py(py)?;
    let context = source.map(source_arg).transpose().py(py)?;
    let job = (|| {
        checked_text("answer", &answer)?;
        for (i, s) in samples.iter().enumerate() {
            checked_text(&format!("sample {}", i + 1), s)?;
        }
        for (i, h) in history.iter().enumerate() {
            checked_text(&format!("history answer {}", i + 1), h)?;
        }
        if question.is_none() && !history.is_empty() {
            return fail(
                Kind::Usage,
                "history is the earlier answers to a question: give the question too",
            );
        }
        let history = question.as_ref().map(|_| {
            let keep = drift::history_needed(&settings.config);
            let from = history.len().saturating_sub(keep);
            history[from..]
                .iter()
                .map(|h| drift::fingerprint(h))
                .collect::<Vec<Fingerprint>>()
        });
        let question = question.unwrap_or_default();
        checked_text("question", &question)?;
        let source = match &context {
            Some(ctx) => {
                let texts: Vec<&String> = match ctx {
                    Context::Text(t) => vec![t],
                    Context::Passages(ps) => ps.iter().collect(),
                };
                for t in texts {
                    checked_text("source", t)?;
                }
                let text = ctx.source();
                if text.trim().is_empty() {
                    return fail(Kind::EmptyInput, "source is empty");
                }
                text
            }
            None if !samples.is_empty() => String::new(),
            None => {
                return fail(
                    Kind::EmptyInput,
                    "source is missing: give a source, or samples to check the answer's consistency against",
                )
            }
        };
        if answer.trim().is_empty() {
            return fail(Kind::EmptyInput, "answer is empty");
        }
        let vectors = match &vectors {
            None => None,
            Some(_) if samples.is_empty() => {
                return fail(
                    Kind::Vectors,
                    "vectors are for the consistency check, which needs samples",
                )
            }
            Some(json) => Some(vectors_arg(json)?.given),
        };
        Ok(Job {
            source,
            answer,
            samples,
            question,
            vectors,
            history,
            include,
            config: settings.config.clone(),
        })
    })()
    .py(py)?;
    py.detach(|| job.run()).py(py)
}

/// Check a built-in example, as `claimlab check --example NAME` does, with
/// its own settings under the given ones (resolved with `example=NAME`).
#[pyfunction]
#[pyo3(signature = (name, settings, include, full))]
fn check_example(
    py: Python<'_>,
    name: &str,
    settings: &Settings,
    include: Option<&str>,
    full: bool,
) -> PyResult<Written> {
    let include = shape(include, full).py(py)?;
    let ex = example_named(name).py(py)?;
    let job = Job {
        history: (!ex.history.is_empty()).then(|| ex.history_fingerprints()),
        source: ex.source,
        answer: ex.answer,
        samples: ex.samples,
        question: ex.question,
        vectors: ex.vectors,
        include,
        config: settings.config.clone(),
    };
    py.detach(|| job.run()).py(py)
}

/// The headline of a full report given only as its JSON (a report made
/// here carries its own, from [`Job::run`] or [`Batch`]): the report read
/// back (`--full` writes the core's whole report) and its headline made by
/// the code that makes the compact report's. The JSON's figures are
/// rounded to 12 digits, so a score on the edge of its two decimals (0.675
/// held as 0.67499999999999993) may read one hundredth apart. `None` when
/// the text is not a full report.
#[pyfunction]
fn full_headline(py: Python<'_>, json: String) -> PyResult<Option<String>> {
    py.detach(move || {
        guarded(|| {
            Ok(serde_json::from_str::<Report>(&json)
                .ok()
                .map(|r| r.headline()))
        })
    })
    .py(py)
}

/// Each built-in example's texts and settings, as `claimlab examples
/// --format json` lists them.
#[pyfunction]
fn examples_json() -> String {
    serde_json::to_string(&examples::all()).expect("examples serialise")
}

// ---------------------------------------------------------------------------
// Batch.

/// Rows checked as `claimlab batch` checks its lines: each row arrives as
/// its JSON line, is read by the same code (`Record::parse`) and checked by
/// the same code (`record::check_record`), on threads, outside the GIL.
/// The last short sources' analyses are kept between calls, as the CLI
/// keeps them between shares of its input.
#[pyclass(frozen, module = "claimlab._core")]
struct Batch {
    config: Config,
    include: Option<Include>,
    vectors: Option<Vectors>,
    threads: usize,
    recent: RecentSources,
}

/// A row's outcome: 0 and its report's line (and, for the full report,
/// its headline), 1 and why the row is bad, or 2 and the one-line message
/// of a bug the row set off.
type RowOutcome = (u8, String, Option<String>);

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (settings, include, full, jobs, vectors))]
    fn new(
        py: Python<'_>,
        settings: &Settings,
        include: Option<&str>,
        full: bool,
        jobs: usize,
        vectors: Option<String>,
    ) -> PyResult<Batch> {
        let include = shape(include, full).py(py)?;
        if jobs > 256 {
            return Err(to_py(
                py,
                Failure(Kind::Usage, format!("jobs must be at most 256, got {jobs}")),
            ));
        }
        let vectors = vectors.as_deref().map(vectors_arg).transpose().py(py)?;
        let threads = match jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        Ok(Batch {
            config: settings.config.clone(),
            include,
            vectors,
            threads,
            recent: RecentSources::new(threads),
        })
    }

    /// The threads rows are checked on.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Check rows, each given as its JSON line; the outcomes in order.
    fn check_lines(&self, py: Python<'_>, lines: Vec<String>) -> Vec<RowOutcome> {
        py.detach(|| self.run(&lines))
    }
}

impl Batch {
    fn run(&self, lines: &[String]) -> Vec<RowOutcome> {
        let shape = Shape {
            config: &self.config,
            vectors: self.vectors.as_ref(),
            include: self.include,
        };
        let one = |line: &String| -> RowOutcome {
            let record = match Record::parse(line) {
                Ok(r) => r,
                Err(reason) => return (1, reason, None),
            };
            // The full report carries no headline: it comes beside it.
            let checked = catch(|| {
                record::check_record(record, &shape, &self.recent).map(|c| (c.json, c.headline))
            });
            match checked {
                Ok(Ok((json, headline))) => {
                    (0, String::from_utf8(json).expect("JSON is UTF-8"), headline)
                }
                Ok(Err(reason)) => (1, reason, None),
                Err(bug) => (2, bug, None),
            }
        };
        let threads = self.threads.min(lines.len());
        if threads <= 1 {
            return lines.iter().map(one).collect();
        }
        // Each thread takes the next row; the outcomes come back in order.
        let next = AtomicUsize::new(0);
        let mut done: Vec<(usize, RowOutcome)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(line) = lines.get(i) else { break };
                            mine.push((i, one(line)));
                        }
                        mine
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| {
                    // A row's bug is caught inside `one`: a worker itself
                    // does not panic; if it did, its rows say so.
                    w.join().unwrap_or_default()
                })
                .collect()
        });
        done.sort_unstable_by_key(|(i, _)| *i);
        let mut outcomes: Vec<RowOutcome> = Vec::with_capacity(lines.len());
        let mut it = done.into_iter().peekable();
        for i in 0..lines.len() {
            match it.peek() {
                Some((j, _)) if *j == i => outcomes.push(it.next().expect("peeked").1),
                _ => outcomes.push((2, "internal error (please report it)".into(), None)),
            }
        }
        outcomes
    }
}

// ---------------------------------------------------------------------------
// Tables: presets, settings, lessons.

/// The presets' names, `seed` first.
#[pyfunction]
fn presets() -> Vec<&'static str> {
    Preset::NAMES.to_vec()
}

/// The settings table as JSON: each setting's name, label, group, range
/// (described, and as kind and bounds), what it does, and its value in
/// each preset (typed).
#[pyfunction]
fn settings_table() -> String {
    let rows: Vec<serde_json::Value> = SETTINGS
        .iter()
        .map(|s| {
            let presets: serde_json::Map<String, serde_json::Value> = Preset::ALL
                .iter()
                .map(|p| {
                    let v = p.config().get(s.name).expect("every row is a field");
                    (p.name().to_string(), value_json(v))
                })
                .collect();
            let (kind, low, high, choices): (
                &str,
                serde_json::Value,
                serde_json::Value,
                Vec<&str>,
            ) = match s.range {
                Range::Unit => ("number", 0.0.into(), 1.0.into(), vec![]),
                Range::Positive(max) => ("number", 0.0.into(), max.into(), vec![]),
                Range::Count(min) => ("count", min.into(), serde_json::Value::Null, vec![]),
                Range::Toggle => (
                    "toggle",
                    serde_json::Value::Null,
                    serde_json::Value::Null,
                    vec![],
                ),
                Range::Choice(names) => (
                    "choice",
                    serde_json::Value::Null,
                    serde_json::Value::Null,
                    names.to_vec(),
                ),
            };
            serde_json::json!({
                "name": s.name,
                "label": s.label,
                "group": s.group.title(),
                "range": s.range.describe(),
                "kind": kind,
                "low": low,
                "high": high,
                "above_low": matches!(s.range, Range::Positive(_)),
                "choices": choices,
                "doc": s.doc,
                "default": value_json(Config::default().get(s.name).expect("every row is a field")),
                "presets": presets,
            })
        })
        .collect();
    serde_json::Value::Array(rows).to_string()
}

/// The built-in lessons: (id, title, each step's title).
#[pyfunction]
fn lessons() -> Vec<(String, String, Vec<String>)> {
    Lesson::built_in()
        .iter()
        .map(|l| {
            (
                l.id.clone(),
                l.title.clone(),
                l.steps.iter().map(|s| s.title.clone()).collect(),
            )
        })
        .collect()
}

/// The fragment of a link opening a built-in lesson (at a step, from 1),
/// as the README gives it: `lesson=seed-004&step=6`.
#[pyfunction]
#[pyo3(signature = (id, step=None))]
fn lesson_fragment(py: Python<'_>, id: &str, step: Option<usize>) -> PyResult<String> {
    let found = (|| {
        let Some(lesson) = Lesson::by_id(id) else {
            let ids: Vec<&str> = Lesson::built_in().iter().map(|l| l.id.as_str()).collect();
            return fail(
                Kind::UnknownLesson,
                format!(
                    "there is no lesson \"{id}\"; the lessons are {}",
                    ids.join(", ")
                ),
            );
        };
        match step {
            None => Ok(format!("lesson={id}")),
            Some(n) if (1..=lesson.steps.len()).contains(&n) => Ok(format!("lesson={id}&step={n}")),
            Some(n) => fail(
                Kind::UnknownLesson,
                format!(
                    "lesson \"{id}\" has steps 1 to {}, not {n}",
                    lesson.steps.len()
                ),
            ),
        }
    })();
    found.py(py)
}

/// The fragment of a link that opens these texts and settings in the lab
/// (`example=…&support_threshold=0.65` when the texts are a built-in
/// example's, else the whole state compressed, `s=1.…`); `None` when the
/// state is too large for a link the lab opens.
#[pyfunction]
#[pyo3(signature = (settings, source, answer, samples, question, example=None))]
fn lab_fragment(
    py: Python<'_>,
    settings: &Settings,
    source: Option<&Bound<'_, PyAny>>,
    answer: String,
    samples: Vec<String>,
    question: String,
    example: Option<String>,
) -> PyResult<Option<String>> {
    let source = match source {
        Some(s) => source_arg(s).py(py)?.source(),
        None => String::new(),
    };
    let config = settings.config.clone();
    py.detach(move || {
        guarded(|| {
            let example = example.or_else(|| {
                examples::all()
                    .into_iter()
                    .find(|e| e.matches(&question, &source, &answer, &samples))
                    .map(|e| e.name)
            });
            let state = LabState {
                example,
                question,
                source,
                answer,
                samples,
                config,
                ..LabState::default()
            };
            let fragment =
                permalink::short_fragment(&state).unwrap_or_else(|| permalink::encode(&state));
            Ok((fragment.len() <= permalink::MAX_LINK_CHARS).then_some(fragment))
        })
    })
    .py(py)
}

/// Panic inside the core's guard, as a bug in the checker would: the tests
/// prove that it arrives as `claimlab.errors.InternalError`, in one line.
#[pyfunction]
fn _panic_for_tests(py: Python<'_>, message: &str) -> PyResult<()> {
    guarded(|| -> Outcome<()> { panic!("{message}") }).py(py)
}

/// The checker core for Python (private: use the `claimlab` package).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    install_panic_hook();
    m.add_class::<Settings>()?;
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_example, m)?)?;
    m.add_function(wrap_pyfunction!(examples_json, m)?)?;
    m.add_function(wrap_pyfunction!(full_headline, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(settings_table, m)?)?;
    m.add_function(wrap_pyfunction!(lessons, m)?)?;
    m.add_function(wrap_pyfunction!(lesson_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(lab_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_INPUT_BYTES", MAX_INPUT_BYTES)?;
    Ok(())
}
