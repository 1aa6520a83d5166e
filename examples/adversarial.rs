//! Adversarial sizes: each input built deterministically and checked once,
//! natively, as the source (against a short answer) and as the answer
//! (against a short source), with the wall time printed (not asserted).
//!
//! ```sh
//! cargo run --release --example adversarial          # full sizes
//! cargo run --release --example adversarial -- 0.1   # a tenth of each size
//! cargo run --release --example adversarial -- 1 citations   # names containing "citations"
//! ```
//!
//! `tests/properties.rs` includes this file for its builders and runs every
//! input once at a small scale, checking the report's invariants.

use std::time::Instant;

use claimlab::{check, CheckInput, Config, Document, Preset, Report};

/// The short texts the large ones are paired with.
pub const SHORT_ANSWER: &str = "The bridge opened in 1998 and is 460 metres long [S1].";
pub const SHORT_SOURCE: &str =
    "The bridge opened in 1998. Its main span is 460 metres long. Dr. Smith designed it.";

/// A deterministic pseudo-random sequence (a 64-bit LCG), so every run
/// builds the same inputs.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

const WORDS: &[&str] = &[
    "bridge", "river", "opened", "span", "metres", "long", "the", "of", "and", "steel", "cable",
    "tower", "deck", "traffic", "lanes", "city", "north", "south", "built", "design", "engineer",
    "not", "never", "large", "small", "Paris", "London", "council", "water", "stone", "is", "was",
    "carries", "each", "day", "year", "from", "with", "a", "to",
];

/// Inputs of about `1 MB × scale`, `100,000 × scale` items and so on.
pub struct Sizes {
    pub scale: f64,
}

impl Sizes {
    fn n(&self, full: usize) -> usize {
        ((full as f64 * self.scale) as usize).max(1)
    }

    /// One "sentence" of about 1 MB: words and spaces, no punctuation at all.
    pub fn long_sentence(&self) -> String {
        let target = self.n(1 << 20);
        let mut rng = Lcg(1);
        let mut s = String::with_capacity(target + 16);
        while s.len() < target {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(WORDS[rng.next() % WORDS.len()]);
        }
        s
    }

    /// 100,000 numbers in mixed formats (3.5, $50.00, 1,000, 12%, 1998),
    /// separated by spaces, in one sentence.
    pub fn numbers(&self) -> String {
        let n = self.n(100_000);
        let mut rng = Lcg(2);
        let mut s = String::with_capacity(n * 8);
        for i in 0..n {
            if i > 0 {
                s.push(' ');
            }
            let v = rng.next() % 100_000;
            match i % 5 {
                0 => s.push_str(&v.to_string()),
                1 => s.push_str(&format!("{}.{}", v / 10, v % 10)),
                2 => s.push_str(&format!("${}.{:02}", v / 100, v % 100)),
                3 => s.push_str(&format!("{},{:03}", v / 1000 + 1, v % 1000)),
                _ => s.push_str(&format!("{}%", v % 100)),
            }
        }
        s
    }

    /// `[1][2]…[10000]`.
    pub fn citations(&self) -> String {
        let n = self.n(10_000);
        let mut s = String::with_capacity(n * 7);
        for i in 1..=n {
            s.push('[');
            s.push_str(&i.to_string());
            s.push(']');
        }
        s
    }

    /// 50,000 abbreviations: "Dr. e.g. U.S. Mr. i.e. etc. …".
    pub fn abbreviations(&self) -> String {
        const ABBR: &[&str] = &["Dr.", "e.g.", "U.S.", "Mr.", "i.e.", "etc.", "St.", "No."];
        let n = self.n(50_000);
        let mut s = String::with_capacity(n * 5);
        for i in 0..n {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(ABBR[i % ABBR.len()]);
        }
        s
    }

    /// 10,000 sentences, each with a number, and a source that states them
    /// (one in ten with a different number, one in ten negated).
    pub fn many_sentences(&self) -> (String, String) {
        let n = self.n(10_000);
        let mut rng = Lcg(5);
        let mut source = String::new();
        let mut answer = String::new();
        for i in 0..n {
            let a = WORDS[rng.next() % WORDS.len()];
            let b = WORDS[rng.next() % WORDS.len()];
            let c = WORDS[rng.next() % WORDS.len()];
            let v = rng.next() % 10_000;
            let sentence = format!("The {a} {b} {c} number {i} holds {v} units.");
            source.push_str(&sentence);
            source.push(' ');
            let claim = match i % 10 {
                3 => format!("The {a} {b} {c} number {i} holds {} units.", v + 1),
                7 => format!("The {a} {b} {c} number {i} does not hold {v} units."),
                _ => sentence,
            };
            answer.push_str(&claim);
            answer.push(' ');
        }
        (source, answer)
    }

    /// A sentence of 10,000 amounts (`$1, $2, …`), and a claim of as many
    /// others: every claim amount is missing, and each names what the
    /// sentence says (all 10,000 of them, before they were cut to ten:
    /// 10^8 strings). With `negated`, the sentence says "did not approve"
    /// and the claim "approved" its own amounts: the repair puts the
    /// sentence in the claim's place and checks it again, amount by amount.
    pub fn amounts(&self, negated: bool) -> (String, String) {
        let n = self.n(10_000);
        let list = |from: usize| {
            (from..from + n)
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if negated {
            (
                format!("The council did not approve the budgets of {}.", list(1)),
                "The council approved the budgets.".to_string(),
            )
        } else {
            (
                format!("The council approved the budgets of {}.", list(1)),
                format!("The council approved the budgets of {}.", list(n + 1)),
            )
        }
    }

    /// Every case as (name, source, answer).
    pub fn cases(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        for (name, text) in [
            ("1 MB sentence, no punctuation", self.long_sentence()),
            ("100,000 numbers", self.numbers()),
            ("10,000 citations [1][2]…", self.citations()),
            ("50,000 abbreviations", self.abbreviations()),
        ] {
            out.push((
                format!("{name} as source"),
                text.clone(),
                SHORT_ANSWER.to_string(),
            ));
            out.push((format!("{name} as answer"), SHORT_SOURCE.to_string(), text));
        }
        let (source, answer) = self.many_sentences();
        out.push((
            "10,000-sentence answer vs matching source".to_string(),
            source,
            answer,
        ));
        let (source, answer) = self.amounts(false);
        out.push((
            "10,000 amounts vs 10,000 others".to_string(),
            source,
            answer,
        ));
        let (source, answer) = self.amounts(true);
        out.push((
            "10,000 amounts, negated, repaired".to_string(),
            source,
            answer,
        ));
        out
    }
}

/// Analyse the source and check the answer, as the CLI does.
pub fn run(source: &str, answer: &str, cfg: &Config) -> Report {
    let doc = Document::analyse(source, cfg.into());
    check(&doc, &CheckInput::answer(answer), cfg)
}

#[allow(dead_code)]
fn main() {
    let scale: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let configs: Vec<(&str, Config)> = Preset::ALL.iter().map(|p| (p.name(), p.config())).collect();
    println!(
        "{:<46} {:>10} {:>10} {}",
        "input",
        "src bytes",
        "ans bytes",
        configs
            .iter()
            .map(|(n, _)| format!("{n:>10}"))
            .collect::<String>()
    );
    let only = std::env::args().nth(2).unwrap_or_default();
    for (name, source, answer) in (Sizes { scale }).cases() {
        if !name.contains(&only) {
            continue;
        }
        let mut row = format!("{name:<46} {:>10} {:>10} ", source.len(), answer.len());
        let mut claims = 0;
        for (_, cfg) in &configs {
            let t = Instant::now();
            let report = run(&source, &answer, cfg);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            claims = report.claims.len();
            if std::env::var_os("ADVERSARIAL_JSON").is_some() {
                // A digest of the whole report, to compare builds.
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                serde_json::to_string(&report).unwrap().hash(&mut h);
                eprintln!("{name} | {:016x}", h.finish());
            }
            std::hint::black_box(&report);
            row.push_str(&format!("{:>8.1}ms", ms));
        }
        println!("{row}  ({claims} claims)");
    }
}
