//! Reports as the native front ends write them: `claimlab check` and
//! `claimlab batch` (the CLI) and the Python package (`python/`) call this
//! module, so the same inputs and settings give the same bytes everywhere.
//!
//! - [`check_source`]: one answer checked as `claimlab check` checks it (a
//!   source of 256 KB or more read on every core; the same report).
//! - [`report_json`] and [`report_line`]: the report, compact unless the
//!   full one is asked for (`Option<Include>`, `None` for `--full`), with
//!   `embedder_fallback` after it, figures tidied ([`json`]), indented
//!   (`check`) or on one line (`batch`).
//! - [`record`]: one line of `batch` read, refused with its reason, or
//!   checked to its report's line.
//! - [`vectors`]: sentence vectors given by the user, checked, and why the
//!   core did not use them ([`vectors::fallback`]).
//! - [`panic_line`]: a bug's panic as the one line both front ends report.
//!
//! Native only: the lab renders the report itself and serialises nothing.

pub mod json;
pub mod record;
pub mod vectors;

use serde::Serialize;

use crate::checks::consistency::GivenVectors;
use crate::compact::{CompactReport, Include, Part};
use crate::config::Config;
use crate::pipeline::{check_split_on, CheckInput, SplitAnswer};
use crate::report::Report;
use crate::text::Document;

use vectors::Fallback;

/// A panic in the core as the CLI and the Python package report it: one
/// line, `internal error at FILE:LINE: MESSAGE (please report it)`, the
/// message's whitespace collapsed and cut at 300 characters, however long
/// it is or whatever text it quotes.
pub fn panic_line(info: &std::panic::PanicHookInfo) -> String {
    let payload = info.payload();
    let msg = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("");
    let mut msg = msg.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some((cut, _)) = msg.char_indices().nth(300) {
        msg.truncate(cut);
        msg.push('…');
    }
    let at = info
        .location()
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    format!("internal error{at}: {msg} (please report it)")
}

/// A report as the CLI writes it: the core's report (compact unless
/// `--full`) and, after it, why the given vectors were not used (`null`
/// when they were, or none were given).
#[derive(Serialize)]
pub struct Output<'a> {
    /// A batch line's own `id`, written back first (none: left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a serde_json::Value>,
    #[serde(flatten)]
    pub report: Shown<'a>,
    pub embedder_fallback: Option<&'a Fallback>,
}

/// The full report, or the compact one a script reads (`crate::compact`).
/// Made once per report written and dropped after it: its size does not matter.
#[derive(Serialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)]
pub enum Shown<'a> {
    Full(&'a Report),
    Compact(CompactReport<'a>),
}

impl<'a> Shown<'a> {
    /// `include` `None` is `--full`.
    pub fn of(report: &'a Report, include: Option<Include>) -> Shown<'a> {
        match include {
            None => Shown::Full(report),
            Some(include) => Shown::Compact(report.compact(include)),
        }
    }
}

/// Does a report shaped by `include` leave `part` out? (The full report,
/// `None`, leaves nothing out.) A check skips what the report will not
/// show: `CheckInput::skip_trace` and `skip_sources`.
pub fn leaves_out(include: Option<Include>, part: Part) -> bool {
    include.is_some_and(|i| !i.has(part))
}

/// The report and why given vectors went unused, as written.
fn output<'a>(
    report: &'a Report,
    include: Option<Include>,
    fallback: Option<&'a Fallback>,
) -> Output<'a> {
    Output {
        id: None,
        report: Shown::of(report, include),
        embedder_fallback: fallback,
    }
}

/// The report as `claimlab check --format json` writes it: indented, with
/// its final line end. `samples` and `vectors` are what it was checked with
/// (to say why the vectors went unused, if they did).
pub fn report_json(
    report: &Report,
    include: Option<Include>,
    samples: &[String],
    vectors: Option<&GivenVectors>,
) -> String {
    let fallback = vectors::fallback(report, samples, vectors);
    json::pretty(&output(report, include, fallback.as_ref())) + "\n"
}

/// The report as `claimlab batch` writes it: one line, with its line end.
pub fn report_line(
    report: &Report,
    include: Option<Include>,
    samples: &[String],
    vectors: Option<&GivenVectors>,
    id: Option<&serde_json::Value>,
) -> Vec<u8> {
    let fallback = vectors::fallback(report, samples, vectors);
    let mut line = Vec::new();
    let out = Output {
        id,
        ..output(report, include, fallback.as_ref())
    };
    json::write_line(&mut line, &out).expect("a report serialises to memory");
    line.push(b'\n');
    line
}

/// From this size on, [`check_source`] reads its source on every core
/// (below it, starting threads costs more than it saves).
pub const PARALLEL_SOURCE_BYTES: usize = 256 * 1024;

/// Below this size, [`check_source`] checks a large source's claims on
/// every core too ([`crate::pipeline::check_split_on`]). A thread's own
/// heap costs 0.5 to 1.5 MB of peak memory, and from here on the claims
/// are under a tenth of the check's time while its memory is closest to
/// its limit (3 × the source + 10 MB: French at 8 MB went over it in 3 of
/// 5 runs with them, 2 of 5 without; BENCHMARKS.md).
pub const CLAIMS_ON_THREADS_BELOW_BYTES: usize = 4 * 1024 * 1024;

/// Analyse `source` and check `input` against it, as `claimlab check` does:
/// a source of [`PARALLEL_SOURCE_BYTES`] or more is read on every core (up
/// to 8 threads), its claims too when it is under
/// [`CLAIMS_ON_THREADS_BELOW_BYTES`], and its sentence list, when the
/// report lists it, is built on another core while the claims are judged.
/// The report is the one a single thread gives. The document is returned
/// with it (the CLI, about to exit, does not free it).
pub fn check_source(source: String, input: &CheckInput, cfg: &Config) -> (Document, Report) {
    let large = source.len() >= PARALLEL_SOURCE_BYTES;
    let threads = match large {
        true => std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
        false => 1,
    };
    let claim_threads = match source.len() < CLAIMS_ON_THREADS_BELOW_BYTES {
        true => threads,
        false => 1,
    };
    let (doc, split) = if large {
        // Samples are checked against the source too, and a repair ranks
        // the source's sentences by the question's words.
        let answers: Vec<&str> = std::iter::once(input.answer)
            .chain(input.samples.iter().map(String::as_str))
            .chain(Some(input.question).filter(|q| !q.is_empty()))
            .collect();
        // The answer is split into claims while this thread waits for the
        // source's last share.
        let split_ahead = || SplitAnswer::of(input, cfg);
        let (doc, split) =
            Document::analyse_for_answer_while(source, cfg.into(), threads, &answers, split_ahead);
        (doc, Some(split))
    } else {
        (Document::analyse_owned(source, cfg.into()), None)
    };
    let report = if large && !input.skip_sources {
        // The report lists the source's sentences (built once per
        // document): on another core while this one judges the claims.
        std::thread::scope(|scope| {
            scope.spawn(|| doc.source_reports());
            check_split_on(&doc, input, cfg, split, claim_threads)
        })
    } else {
        check_split_on(&doc, input, cfg, split, claim_threads)
    };
    (doc, report)
}
