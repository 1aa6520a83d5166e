//! A large check for profilers: a 1 MB synthetic source (indexed once) and
//! a 100-claim answer checked `N` times (default 20), or with `--samples`
//! the 20 × 30 self-consistency case.
//!
//! ```sh
//! cargo build --release --example check_large
//! valgrind --tool=callgrind target/release/examples/check_large 5 [--mb 2]
//! ```

use claimlab::{check, CheckInput, Config, Document};

#[path = "../tests/support/synthetic.rs"]
mod synthetic;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let cfg = Config::default();
    if std::env::args().any(|a| a == "--samples") {
        let source = synthetic::source(40_000, 11);
        let answer = synthetic::answer(&source, 30, 11);
        let samples = synthetic::samples(&answer, 20, 30, 11);
        let doc = Document::analyse("", (&cfg).into());
        let input = CheckInput {
            samples: &samples,
            ..CheckInput::answer(&answer)
        };
        let flagged: usize = (0..rounds)
            .map(|_| {
                check(&doc, &input, &cfg)
                    .claims
                    .iter()
                    .filter(|c| c.consistency.as_ref().is_some_and(|k| k.flagged))
                    .count()
            })
            .sum();
        println!("{flagged} claims flagged");
        return;
    }
    // `--mb N`: an N MB source (default 1), to compare instruction counts across sizes.
    let mb: usize = std::env::args()
        .skip_while(|a| a != "--mb")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let source = synthetic::source(mb << 20, 7);
    let answer = synthetic::answer(&source, 100, 7);
    let doc = Document::analyse(&source, (&cfg).into());
    let input = CheckInput::answer(&answer);
    let claims: usize = (0..rounds)
        .map(|_| check(&doc, &input, &cfg).claims.len())
        .sum();
    println!("{} sentences, {claims} claims checked", doc.sentences.len());
}
