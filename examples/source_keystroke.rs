//! Keystrokes in the middle of a large source with a long answer, as the
//! lab makes them: the source edited in place (`Document::edit`), then the
//! answer checked again, either afresh or given the check before with the
//! edit (`Earlier::source_edit`), which takes back the claims the edit
//! cannot reach. Prints the median wall time of each, and how many claims
//! were taken back a keystroke (the earlier check's reasons are marked, and
//! a claim taken back keeps its mark).
//!
//! ```sh
//! cargo build --release --example source_keystroke
//! target/release/examples/source_keystroke SOURCE ANSWER [--keys 40] [--in answer]
//! target/release/examples/source_keystroke SOURCE ANSWER --typed " with many old stone houses"
//! ```
//!
//! With `--typed TEXT`, the keystrokes type TEXT before the full stop of
//! the sentence that ends after the source's middle.
//!
//! With `--in answer`, the keystrokes are in the answer instead, as
//! `scripts/latency` types them: a sentence typed after the sentence that
//! ends nearest the answer's middle, then taken out again (a keystroke
//! that starts or ends a claim renumbers every claim after it). Prints the
//! median and the largest time of each.
//!
//! `scripts/compare-detector --work W` writes a 1 MB source and a 100-claim
//! answer to use (`W/source-1mb.txt`, `W/answer-100.txt`).

use std::time::Instant;

use claimlab::pipeline::{check_keeping_split, Earlier, SplitAnswer};
use claimlab::{check, CheckInput, Config, Document, Report};

/// The CLI's allocator, as the benches use it (`--features system-alloc`: glibc's).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const MARK: &str = "(taken back)";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(source), Some(answer)) = (args.get(1), args.get(2)) else {
        return Err(
            "usage: source_keystroke SOURCE ANSWER [--keys N] [--typed TEXT] [--in answer]".into(),
        );
    };
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let (source, answer) = (read(source)?, read(answer)?);
    let keys: usize = match args.iter().position(|a| a == "--keys") {
        Some(i) => (args.get(i + 1).and_then(|n| n.parse().ok())).ok_or("--keys takes a number")?,
        None => 40,
    };
    let cfg = Config::default();
    if args.iter().any(|a| a == "--in") {
        if !args.windows(2).any(|w| w[0] == "--in" && w[1] == "answer") {
            return Err("--in takes answer".into());
        }
        answer_keystrokes(&source, &answer, keys, &cfg);
        return Ok(());
    }
    // `--typed TEXT`: TEXT typed, a character a keystroke, before the full
    // stop of the sentence that ends after the source's middle, as a
    // person adds to a sentence. Otherwise letters typed onto the end of
    // the word before the first space past the middle.
    let typed: Option<Vec<char>> = match args.iter().position(|a| a == "--typed") {
        Some(i) => Some(
            args.get(i + 1)
                .ok_or("--typed takes a text")?
                .chars()
                .collect(),
        ),
        None => None,
    };
    let input = CheckInput::answer(&answer);
    let mut doc = Document::analyse(&source, (&cfg).into());
    let (mut report, mut split) = check_keeping_split(&doc, &input, &cfg);
    let half = (source.len() / 2..source.len())
        .find(|&i| source.is_char_boundary(i))
        .unwrap_or(source.len());
    let middle = match typed {
        Some(_) => source[half..].find(". ").map_or(source.len(), |i| half + i),
        None => source[half..].find(' ').map_or(source.len(), |i| half + i),
    };
    let keys = typed.as_ref().map_or(keys, Vec::len);
    let mut text = source.clone();
    let mut at = middle;
    let (mut edits, mut afresh, mut taken_back, mut taken) = (vec![], vec![], vec![], 0);
    for k in 0..keys {
        let c = match &typed {
            Some(typed) => typed[k],
            None => char::from(b'a' + (k % 26) as u8),
        };
        text.insert(at, c);
        at += c.len_utf8();
        let start = Instant::now();
        doc.edit(text.clone());
        edits.push(start.elapsed().as_secs_f64() * 1000.0);
        let (_, _, ms, _) = check_given(&doc, input, None, &cfg);
        afresh.push(ms);
        mark(&mut report);
        // An edit not made in place (the source analysed afresh) leaves
        // nothing to take back. The answer is the same: its split is kept.
        let earlier = doc.last_edit().map(|edit| Earlier {
            answer: &answer,
            question: "",
            report: &report,
            source_edit: Some(edit),
            split: Some(&split),
        });
        let (next, next_split, ms, kept) = check_given(&doc, input, earlier, &cfg);
        taken_back.push(ms);
        taken += kept;
        (report, split) = (next, next_split);
    }
    println!(
        "{} bytes, {} claims, {keys} keystrokes: edit {:.2} ms; check afresh {:.2} ms; check taking back {:.2} ms ({:.1} claims taken back a keystroke)",
        source.len(),
        report.claims.len(),
        median(edits),
        median(afresh),
        median(taken_back),
        taken as f64 / keys.max(1) as f64,
    );
    Ok(())
}

/// Mark the first reason of each of `report`'s claims: a claim a check
/// given it takes back keeps the mark.
fn mark(report: &mut Report) {
    for c in &mut report.claims {
        c.reasons[0].detail = MARK.into();
    }
}

/// `input` checked given `earlier` (its report [`mark`]ed), or afresh
/// without it: the check and its answer's split, its wall time in ms, and
/// how many of its claims were taken back.
fn check_given(
    doc: &Document,
    input: CheckInput,
    earlier: Option<Earlier>,
    cfg: &Config,
) -> (Report, SplitAnswer, f64, usize) {
    let start = Instant::now();
    let (next, split) = check_keeping_split(doc, &CheckInput { earlier, ..input }, cfg);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let taken = (next.claims.iter())
        .filter(|c| c.reasons[0].detail == MARK)
        .count();
    (next, split, ms, taken)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn largest(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

/// `keys` keystrokes in the answer's middle: half typing, half taking out.
fn answer_keystrokes(source: &str, answer: &str, keys: usize, cfg: &Config) {
    const TYPED: &str = "It also carries a tram line and two footpaths. ";
    let doc = Document::analyse(source, cfg.into());
    let at = answer[answer.len() / 2..]
        .find(". ")
        .map_or(answer.len(), |i| answer.len() / 2 + i + 1);
    let mut text = answer.to_string();
    let mut report = check(&doc, &CheckInput::answer(&text), cfg);
    let (mut afresh, mut taken_back, mut taken) = (vec![], vec![], 0);
    for k in 0..keys {
        let before = text.clone();
        if k < keys / 2 {
            text.insert(at + k, char::from(TYPED.as_bytes()[k % TYPED.len()]));
        } else {
            text.remove(at + keys - k - 1);
        }
        let input = CheckInput::answer(&text);
        let (_, _, ms, _) = check_given(&doc, input, None, cfg);
        afresh.push(ms);
        mark(&mut report);
        // Another answer: no split to keep.
        let earlier = Earlier {
            answer: &before,
            question: "",
            report: &report,
            source_edit: None,
            split: None,
        };
        let (next, _, ms, kept) = check_given(&doc, input, Some(earlier), cfg);
        taken_back.push(ms);
        taken += kept;
        report = next;
    }
    println!(
        "{} bytes, {} claims, {keys} keystrokes in the answer: check afresh {:.2} ms (largest {:.2}); check taking back {:.2} ms (largest {:.2}; {:.1} claims taken back a keystroke)",
        source.len(),
        report.claims.len(),
        median(afresh.clone()),
        largest(&afresh),
        median(taken_back.clone()),
        largest(&taken_back),
        taken as f64 / keys.max(1) as f64,
    );
}
