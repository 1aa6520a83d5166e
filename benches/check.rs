//! Time to check each built-in example natively.
//!
//! `full/<name>`: analyse the source and check the answer (what a fresh
//! `claimlab check` does). `answer_only/<name>`: check against an already
//! analysed source (what the lab does on a keystroke in the answer).
//! `answer_only_no_repair/<name>`: the same without repair, whose rewrite
//! is checked again (so a repaired example costs about two checks).
//!
//! Run: `cargo bench --bench check`

use std::hint::black_box;

use claimlab::{check, examples, Document};
use criterion::{criterion_group, criterion_main, Criterion};

/// The CLI's allocator, so that these figures are the CLI's
/// (`--features system-alloc` measures the system allocator instead).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn bench_examples(c: &mut Criterion) {
    for ex in examples::all() {
        let history = ex.history_fingerprints();
        let input = ex.input(&history);
        c.bench_function(&format!("full/{}", ex.name), |b| {
            b.iter(|| {
                let doc = Document::analyse(black_box(&ex.source), (&ex.config).into());
                check(&doc, black_box(&input), &ex.config)
            })
        });
        let doc = Document::analyse(&ex.source, (&ex.config).into());
        c.bench_function(&format!("answer_only/{}", ex.name), |b| {
            b.iter(|| check(&doc, black_box(&input), &ex.config))
        });
        let no_repair = claimlab::Config {
            repair: false,
            ..ex.config.clone()
        };
        c.bench_function(&format!("answer_only_no_repair/{}", ex.name), |b| {
            b.iter(|| check(&doc, black_box(&input), &no_repair))
        });
    }
}

criterion_group!(benches, bench_examples);
criterion_main!(benches);
