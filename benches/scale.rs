//! Scaling: large sources, long answers, many samples (issue 6's targets).
//!
//! - `analyse/1mb`, `analyse/2mb`: reading and indexing a source once.
//! - `check/100_claims_1mb`, `check/100_claims_2mb`: a 100-claim answer
//!   against an already indexed source (a keystroke in the answer); doubling
//!   the source must at most double the time.
//! - `source_keystroke/letter_100_claims_1mb`,
//!   `source_keystroke/split_and_join_100_claims_1mb`: the lab's keystrokes in
//!   the middle of a 1 MB source with a 100-claim answer, each an edit of
//!   the document in place and a check taking back the claims of the check
//!   before it: a letter typed and deleted, and a full stop that splits a
//!   sentence then the Backspace that joins it again (two keystrokes each).
//! - `consistency/20x30`: 20 sampled answers of 30 sentences against a
//!   30-sentence answer, no source.
//!
//! Inputs are generated deterministically (tests/support/synthetic.rs).
//! Run: `cargo bench --bench scale && scripts/bench-table`

use std::hint::black_box;
use std::time::Duration;

use claimlab::pipeline::Earlier;
use claimlab::{check, CheckInput, Config, Document, Report};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};

/// The CLI's allocator, so that these figures are the CLI's
/// (`--features system-alloc` measures the system allocator instead).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../tests/support/synthetic.rs"]
mod synthetic;

/// A group of benchmarks of large inputs: ten samples in four seconds
/// (each run takes milliseconds).
fn large_inputs<'c>(c: &'c mut Criterion, name: &str) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group
}

fn bench_scale(c: &mut Criterion) {
    let cfg = Config::default();
    let mut group = large_inputs(c, "scale");
    for mb in [1, 2] {
        let source = synthetic::source(mb << 20, 7);
        let answer = synthetic::answer(&source, 100, 7);
        group.bench_function(format!("analyse/{mb}mb"), |b| {
            b.iter(|| Document::analyse(black_box(&source), (&cfg).into()))
        });
        let doc = Document::analyse(&source, (&cfg).into());
        let input = CheckInput::answer(&answer);
        group.bench_function(format!("check/100_claims_{mb}mb"), |b| {
            b.iter(|| check(&doc, black_box(&input), &cfg))
        });
    }
    group.finish();
}

/// Two keystrokes at byte `at` of `source` in the lab: `typed` inserted,
/// then taken out again, each edit followed by the answer's check against
/// the edited document, taking back what it can of the check before.
fn keystrokes_there_and_back(
    doc: &mut Document,
    (source, at, typed): (&str, usize, &str),
    answer: &str,
    before: Report,
    cfg: &Config,
) -> Report {
    let edited = [&source[..at], typed, &source[at..]].concat();
    let mut report = before;
    for text in [edited, source.to_string()] {
        doc.edit(text);
        let earlier = Earlier {
            answer,
            question: "",
            report: &report,
            source_edit: doc.last_edit(),
            split: None,
        };
        let input = CheckInput {
            earlier: Some(earlier),
            ..CheckInput::answer(answer)
        };
        report = check(doc, &input, cfg);
    }
    report
}

fn bench_source_keystrokes(c: &mut Criterion) {
    let cfg = Config::default();
    let mut group = large_inputs(c, "source_keystroke");
    let source = synthetic::source(1 << 20, 7);
    let answer = synthetic::answer(&source, 100, 7);
    // Inside a word of the middle sentence, and after it: "word. Word"
    // splits the sentence in two.
    let middle = source.len() / 2;
    let gap = middle + source[middle..].find(' ').expect("a space");
    for (name, at, typed) in [
        ("letter_100_claims_1mb", gap, "x"),
        ("split_and_join_100_claims_1mb", gap, ". Then"),
    ] {
        let mut doc = Document::analyse(&source, (&cfg).into());
        let mut report = Some(check(&doc, &CheckInput::answer(&answer), &cfg));
        group.bench_function(name, |b| {
            b.iter(|| {
                let before = report.take().expect("the check before");
                report = Some(keystrokes_there_and_back(
                    &mut doc,
                    (&source, at, typed),
                    &answer,
                    before,
                    &cfg,
                ));
            })
        });
    }
    group.finish();
}

fn bench_consistency(c: &mut Criterion) {
    let cfg = Config::default();
    let source = synthetic::source(40_000, 11);
    let answer = synthetic::answer(&source, 30, 11);
    let samples = synthetic::samples(&answer, 20, 30, 11);
    let doc = Document::analyse("", (&cfg).into());
    let input = CheckInput {
        samples: &samples,
        ..CheckInput::answer(&answer)
    };
    c.bench_function("consistency/20x30", |b| {
        b.iter(|| check(&doc, black_box(&input), &cfg))
    });
}

criterion_group!(
    benches,
    bench_scale,
    bench_source_keystrokes,
    bench_consistency
);
criterion_main!(benches);
