//! Scaling: large sources, long answers, many samples (issue 6's targets).
//!
//! - `analyse/1mb`, `analyse/2mb`: reading and indexing a source once.
//! - `check/100_claims_1mb`, `check/100_claims_2mb`: a 100-claim answer
//!   against an already indexed source (a keystroke in the answer); doubling
//!   the source must at most double the time.
//! - `consistency/20x30`: 20 sampled answers of 30 sentences against a
//!   30-sentence answer, no source.
//!
//! Inputs are generated deterministically (tests/support/synthetic.rs).
//! Run: `cargo bench --bench scale && scripts/bench-table`

use std::hint::black_box;
use std::time::Duration;

use claimlab::{check, CheckInput, Config, Document};
use criterion::{criterion_group, criterion_main, Criterion};

/// The CLI's allocator, so that these figures are the CLI's
/// (`--features system-alloc` measures the system allocator instead).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../tests/support/synthetic.rs"]
mod synthetic;

fn bench_scale(c: &mut Criterion) {
    let cfg = Config::default();
    let mut group = c.benchmark_group("scale");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
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

criterion_group!(benches, bench_scale, bench_consistency);
criterion_main!(benches);
