//! Check every built-in example `N` times (default 200): a steady workload
//! for profilers. Instruction counts are repeatable where wall time is not:
//!
//! ```sh
//! cargo build --release --example check_examples
//! valgrind --tool=callgrind target/release/examples/check_examples 200 [--answer-only]
//! target/release/examples/check_examples 2000 --per-example [--only opening-answer]
//! ```
//!
//! Add `--features system-alloc` to both builds to use the system allocator
//! instead of the CLI's mimalloc.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use claimlab::{check, examples, Document};

/// The CLI's allocator (mimalloc, or the system's with `--features
/// system-alloc`), counting allocations (allocation is a large share of a
/// check's instructions).
struct Counting;

#[cfg(not(feature = "system-alloc"))]
use mimalloc::MiMalloc as Inner;
#[cfg(feature = "system-alloc")]
use std::alloc::System as Inner;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { Inner.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { Inner.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { Inner.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    // `--only NAME` keeps one example.
    let only = std::env::args().skip_while(|a| a != "--only").nth(1);
    let examples: Vec<_> = examples::all()
        .into_iter()
        .filter(|e| only.as_ref().is_none_or(|o| *o == e.name))
        .collect();
    let histories: Vec<Vec<_>> = examples
        .iter()
        .map(|ex| ex.history_fingerprints())
        .collect();
    // `--answer-only` analyses each source once, as the lab does while only
    // the answer changes.
    let answer_only = std::env::args().any(|a| a == "--answer-only");
    let docs: Vec<_> = examples
        .iter()
        .map(|ex| Document::analyse(&ex.source, (&ex.config).into()))
        .collect();
    let mut claims = 0;
    for _ in 0..rounds {
        for (i, (ex, history)) in examples.iter().zip(&histories).enumerate() {
            let input = ex.input(history);
            claims += if answer_only {
                check(&docs[i], &input, &ex.config).claims.len()
            } else {
                let doc = Document::analyse(&ex.source, (&ex.config).into());
                check(&doc, &input, &ex.config).claims.len()
            };
        }
    }
    println!("{claims} claims checked");
    if std::env::args().any(|a| a == "--per-example") {
        // Mean wall time per example (a quick look; criterion gives medians).
        for (ex, history) in examples.iter().zip(&histories) {
            let input = ex.input(history);
            let start = std::time::Instant::now();
            for _ in 0..rounds {
                let doc = Document::analyse(&ex.source, (&ex.config).into());
                std::hint::black_box(check(&doc, &input, &ex.config));
            }
            let full = start.elapsed().as_secs_f64() * 1e6 / rounds as f64;
            let doc = Document::analyse(&ex.source, (&ex.config).into());
            let start = std::time::Instant::now();
            for _ in 0..rounds {
                std::hint::black_box(check(&doc, &input, &ex.config));
            }
            let answer_only = start.elapsed().as_secs_f64() * 1e6 / rounds as f64;
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            std::hint::black_box(check(&doc, &input, &ex.config));
            let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
            println!("{:24} full {full:6.1} µs   answer only {answer_only:6.1} µs, {allocations:5} allocations", ex.name);
        }
    }
}
