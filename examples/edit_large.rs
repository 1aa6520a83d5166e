//! A one-character edit in the middle of a 1 MB source: analysed afresh
//! (`Document::analyse`) or as an edit of the last analysis, in place
//! (`Document::edit`; each run types one more character). Prints the wall
//! time of `--reps` runs.
//!
//! ```sh
//! cargo build --release --example edit_large
//! target/release/examples/edit_large edit --reps 20
//! # Instructions: the setup alone (`none`), then setup plus one run.
//! valgrind --tool=callgrind target/release/examples/edit_large none
//! valgrind --tool=callgrind target/release/examples/edit_large analyse
//! valgrind --tool=callgrind target/release/examples/edit_large edit
//! ```
//!
//! `--paragraph N`: paragraphs of about N bytes separated by blank lines
//! (default 2000; 0 for one paragraph, the worst case for `edited`).

use std::time::Instant;

use claimlab::text::{AnalysisOptions, Document};

#[path = "../tests/support/synthetic.rs"]
mod synthetic;

/// The CLI's allocator, as the benches use it (`--features system-alloc`: glibc's).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn arg(name: &str, default: usize) -> usize {
    std::env::args()
        .skip_while(|a| a != name)
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "edit".into());
    let paragraph = arg("--paragraph", 2000);
    let reps = arg("--reps", 1);
    let size = 1 << 20;
    let source = if paragraph == 0 {
        synthetic::source(size, 7)
    } else {
        let mut out = String::with_capacity(size + paragraph);
        let mut seed = 7;
        while out.len() < size {
            if !out.is_empty() {
                out.push_str("\n\n");
            }
            out.push_str(&synthetic::source(paragraph, seed));
            seed += 1;
        }
        out
    };
    let opts = AnalysisOptions::SEED;
    let mut doc = Document::analyse(&source, opts);
    let passages = doc.passages.len();
    // One character inserted in the middle (on a char boundary).
    let mut mid = source.len() / 2;
    while !source.is_char_boundary(mid) {
        mid += 1;
    }
    let mut times = Vec::new();
    let mut sentences = 0;
    for _ in 0..reps {
        let edited = format!("{}x{}", &doc.text[..mid], &doc.text[mid..]);
        let start = Instant::now();
        match mode.as_str() {
            "analyse" => sentences = Document::analyse(&edited, opts).sentences.len(),
            "edit" => {
                doc.edit(edited);
                sentences = doc.sentences.len();
            }
            _ => break,
        }
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{mode}: {} bytes, {} passages, {sentences} sentences after; ms per run: min {:.2}, median {:.2}, max {:.2}",
        source.len(),
        passages,
        times.first().unwrap_or(&0.0),
        times.get(times.len() / 2).unwrap_or(&0.0),
        times.last().unwrap_or(&0.0),
    );
}
