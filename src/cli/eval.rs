//! `claimlab eval`: run the checker over a public labelled set and report
//! how well it detects hallucinations (see BENCHMARKS.md for the protocol
//! and the published figures).

//!
//! What is measured, and how, is the library's (`claimlab::eval::protocol`);
//! this module reads the files, shows progress and times the run.

use std::collections::{BTreeSet, HashMap};
use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use claimlab::eval::datasets::{
    Dataset, HaluEvalQa, LabelledAnswer, RagTruthResponse, RagTruthSource, SummEditsItem,
    WikiBioPassage,
};
use claimlab::eval::protocol::{self, EvalReport};
use claimlab::eval::{score_answer, Cut};
use claimlab::text::Document;
use claimlab::Config;
use indicatif::{ProgressBar, ProgressStyle};

use crate::input::{io_reason, json_line_error, read_text, Line, Lines};

/// Where a bad record is, and what to do about it.
pub struct Reader {
    pub skip_bad: bool,
    /// Each skipped record's place ("file:LINE"), so that a file read twice
    /// (a tuning split, then the reported one) counts its bad records once.
    skipped: BTreeSet<String>,
    /// The first skipped record's place and reason.
    first: Option<String>,
}

impl Reader {
    pub fn new(skip_bad: bool) -> Reader {
        Reader {
            skip_bad,
            skipped: BTreeSet::new(),
            first: None,
        }
    }

    /// How many distinct records were skipped.
    pub fn skipped(&self) -> usize {
        self.skipped.len()
    }

    /// "skipped 2 bad records (first …)" for standard error, when any were.
    pub fn skipped_line(&self) -> Option<String> {
        let n = self.skipped();
        let first = self.first.as_deref()?;
        Some(format!(
            "skipped {n} bad record{} (first {first})",
            if n == 1 { "" } else { "s" }
        ))
    }

    /// A bad record at `place`: an error naming it, or with `--skip-bad`
    /// counted and passed over (`Ok(())`).
    fn bad(&mut self, place: String, reason: impl std::fmt::Display) -> Result<(), String> {
        if !self.skip_bad {
            return Err(format!(
                "{place}: {reason} (use --skip-bad to skip bad records)"
            ));
        }
        self.first
            .get_or_insert_with(|| format!("{place}: {reason}"));
        self.skipped.insert(place);
        Ok(())
    }

    /// Every non-empty line of a JSON Lines file, parsed, with its line
    /// number. The file streams line by line, but the records are kept: the
    /// metrics need every score, so eval holds its whole data set in memory.
    fn lines<T: serde::de::DeserializeOwned>(
        &mut self,
        file: &Path,
    ) -> Result<Vec<(usize, T)>, String> {
        let f = File::open(file)
            .map_err(|e| format!("cannot read {}: {}", file.display(), io_reason(&e)))?;
        let mut lines = Lines::new(BufReader::new(f));
        let mut out = Vec::new();
        while let Some(line) = lines.next_line() {
            let n = lines.number;
            let place = || format!("{}:{n}", file.display());
            let line = line.map_err(|e| format!("{}: {}", place(), io_reason(&e)))?;
            match line {
                Line::Text(t) if t.trim().is_empty() => {}
                Line::Text(t) => match serde_json::from_str(&t) {
                    Ok(v) => out.push((n, v)),
                    Err(e) => self.bad(place(), json_line_error(&e))?,
                },
                Line::Bad(reason) => self.bad(place(), reason)?,
            }
        }
        Ok(out)
    }
}

/// The files in `dir` whose names `keep` accepts, sorted; at least one
/// (`what` names them in the error).
fn files_matching(
    dir: &Path,
    what: &str,
    keep: impl Fn(&str) -> bool,
) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read directory {}: {}", dir.display(), io_reason(&e)))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&keep))
        .collect();
    if files.is_empty() {
        return Err(format!("no {what} files in {}", dir.display()));
    }
    files.sort();
    Ok(files)
}

/// The files of a set that [`load`] reads (for the model card's hashes).
pub fn files_read(dataset: Dataset, dir: &Path) -> Result<Vec<PathBuf>, String> {
    match dataset {
        Dataset::RagTruth => files_matching(dir, "QA.jsonl and response", |n| {
            n == "QA.jsonl" || n.ends_with("hallucination.jsonl")
        }),
        Dataset::HaluEval => Ok(vec![need(dir.join("qa_data.json"))?]),
        Dataset::SummEdits => files_matching(dir, "summedits_<domain>.json", |n| {
            n.starts_with("summedits_") && n.ends_with(".json")
        }),
        Dataset::WikiBio => Err("wikibio is not read by training".into()),
    }
}

fn need(file: PathBuf) -> Result<PathBuf, String> {
    if file.is_file() {
        Ok(file)
    } else {
        Err(format!(
            "{} not found: is --path the data set's folder?",
            file.display()
        ))
    }
}

/// The labelled answers of a set with a source, in the requested split.
pub fn load(
    dataset: Dataset,
    dir: &Path,
    split: &str,
    reader: &mut Reader,
) -> Result<Vec<LabelledAnswer>, String> {
    match dataset {
        Dataset::RagTruth => {
            let sources: HashMap<String, RagTruthSource> = reader
                .lines::<RagTruthSource>(&need(dir.join("QA.jsonl"))?)?
                .into_iter()
                .map(|(_, s)| (s.source_id.clone(), s))
                .collect();
            let files = files_matching(dir, "*_hallucination.jsonl response", |n| {
                n.ends_with("hallucination.jsonl")
            })?;
            let mut out = Vec::new();
            for file in files {
                for (n, r) in reader.lines::<RagTruthResponse>(&file)? {
                    if !r.in_protocol(split) {
                        continue;
                    }
                    match sources.get(&r.source_id) {
                        Some(s) => out.push(r.example(s)),
                        None => reader.bad(
                            format!("{}:{n}", file.display()),
                            format_args!(
                                "response {} names source {} which QA.jsonl does not hold",
                                r.id, r.source_id
                            ),
                        )?,
                    }
                }
            }
            Ok(out)
        }
        Dataset::HaluEval => {
            let records = reader.lines::<HaluEvalQa>(&need(dir.join("qa_data.json"))?)?;
            Ok(records
                .into_iter()
                .map(|(_, qa)| qa)
                .enumerate()
                .filter(|(i, _)| HaluEvalQa::in_split(*i, split))
                .flat_map(|(i, qa)| qa.examples(i))
                .collect())
        }
        Dataset::SummEdits => {
            let files = files_matching(dir, "summedits_<domain>.json", |n| {
                n.starts_with("summedits_") && n.ends_with(".json")
            })?;
            let mut out = Vec::new();
            for file in files {
                let domain = file
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("")
                    .trim_start_matches("summedits_")
                    .to_string();
                let text = read_text(&file.display().to_string(), "data")?;
                let items: Vec<serde_json::Value> =
                    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
                for (i, item) in items.into_iter().enumerate() {
                    let place = || format!("{}: item {}", file.display(), i + 1);
                    let item: Option<SummEditsItem> = match serde_json::from_value(item) {
                        Ok(x) => Some(x),
                        Err(e) => {
                            reader.bad(place(), e)?;
                            None
                        }
                    };
                    if let Some(item) = item.filter(|x| x.split == split) {
                        match item.example(&domain) {
                            Some(ex) => out.push(ex),
                            None => reader.bad(place(), "label is neither 0 nor 1")?,
                        }
                    }
                }
            }
            Ok(out)
        }
        Dataset::WikiBio => Err("wikibio has no source: use evaluate_wikibio".into()),
    }
}

fn progress(len: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what} ({{eta}} left)"))
            .unwrap(),
    );
    bar
}

/// Settings with the decision threshold chosen on `answers` (see
/// [`protocol::tune_threshold`]), with a progress bar.
pub fn tune_threshold(dataset: Dataset, answers: &[LabelledAnswer], cfg: &Config) -> Config {
    let bar = progress(answers.len(), "answers (tuning)");
    let tuned = protocol::tune_threshold(dataset, answers, cfg, &|| bar.inc(1));
    bar.finish_and_clear();
    tuned
}

/// "support_threshold 0.430" or "answer_threshold 0.570".
pub fn threshold_setting(cfg: &Config) -> String {
    let cut = Cut::of(cfg);
    format!("{} {:.3}", cut.setting, cut.value)
}

/// One JSON line per example: its label, score and each claim's verdict and support.
pub fn write_examples(path: &str, examples: &[LabelledAnswer], cfg: &Config) -> Result<(), String> {
    let mut file = ExamplesFile::create(path)?;
    for ex in examples {
        let doc = Document::analyse(&ex.source, cfg.into());
        let score = score_answer(&doc, &ex.question, &ex.answer, cfg);
        let report = claimlab::check(
            &doc,
            &claimlab::CheckInput {
                question: &ex.question,
                ..claimlab::CheckInput::answer(&ex.answer)
            },
            &Config {
                repair: false,
                ..cfg.clone()
            },
        );
        let claims: Vec<serde_json::Value> = report
            .claims
            .iter()
            .map(|c| serde_json::json!({"text": c.text, "verdict": c.verdict, "support": c.support, "best_source": c.best_source,
                "source_text": c.best_source.as_ref().and_then(|b| report.sources.iter().find(|s| *s.id == **b)).map(|s| s.text.clone()),
                "missing": c.missing_words, "reason": c.main_reason()}))
            .collect();
        file.write(&serde_json::json!({"id": ex.id, "label": ex.label, "score": score.score, "flagged": score.flagged, "group": ex.group,
            "question": ex.question, "answer": ex.answer, "gold_spans": ex.gold_spans, "claims": claims}))?;
    }
    file.finish()
}

/// Evaluate a source-based set: score every answer (timed, with a progress
/// bar) and measure (see [`protocol::evaluate`]).
pub fn evaluate(
    dataset: Dataset,
    split: &str,
    answers: &[LabelledAnswer],
    skipped: usize,
    cfg: &Config,
    sweep: bool,
) -> EvalReport {
    let start = Instant::now();
    let bar = progress(answers.len(), "answers");
    let scores = protocol::score_all(answers, cfg, &|| bar.inc(1));
    bar.finish_and_clear();
    let mut report = protocol::evaluate(dataset, split, answers, &scores, skipped, cfg, sweep);
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// WikiBio's passages (each with its sentences, their labels and the
/// sampled passages).
pub fn load_wikibio(dir: &Path, reader: &mut Reader) -> Result<Vec<WikiBioPassage>, String> {
    Ok(reader
        .lines(&need(dir.join("wikibio_gpt3_119.jsonl"))?)?
        .into_iter()
        .map(|(_, p)| p)
        .collect())
}

/// Evaluate WikiBio: score each sentence by its agreement with its
/// passage's 20 samples ([`protocol::score_wikibio`], with a progress bar),
/// write them to `examples` if asked, and measure. `seconds` is the scoring
/// and measuring, not the writing.
pub fn evaluate_wikibio(
    passages: &[WikiBioPassage],
    skipped: usize,
    cfg: &Config,
    sweep: bool,
    examples: Option<&str>,
) -> Result<EvalReport, String> {
    let start = Instant::now();
    let bar = progress(passages.len(), "passages");
    let scores = protocol::score_wikibio(passages, cfg, &|| bar.inc(1));
    bar.finish_and_clear();
    let scoring = start.elapsed();
    if let Some(path) = examples {
        write_wikibio_examples(path, passages, &scores)?;
    }
    let start = Instant::now();
    let mut report = protocol::evaluate_wikibio(passages, &scores, skipped, cfg, sweep);
    report.seconds = (scoring + start.elapsed()).as_secs_f64();
    Ok(report)
}

/// WikiBio's examples, one JSON line per sentence (its examples are
/// sentences, scored by their agreement with the samples): its passage and
/// number (both from 1), label, score, whether it is flagged and its text.
fn write_wikibio_examples(
    path: &str,
    passages: &[WikiBioPassage],
    scores: &[Vec<(f64, bool)>],
) -> Result<(), String> {
    let mut file = ExamplesFile::create(path)?;
    for (i, (p, scores)) in passages.iter().zip(scores).enumerate() {
        for (k, (text, &(score, flagged))) in p.main_sentences.iter().zip(scores).enumerate() {
            file.write(
                &serde_json::json!({"id": format!("wikibio-{}-{}", i + 1, k + 1),
                "passage": i + 1, "sentence": k + 1, "label": p.non_factual(k),
                "score": score, "flagged": flagged, "text": text}),
            )?;
        }
    }
    file.finish()
}

/// The file `--examples` writes: one JSON line per example.
struct ExamplesFile<'p> {
    path: &'p str,
    out: std::io::BufWriter<File>,
}

impl<'p> ExamplesFile<'p> {
    fn create(path: &'p str) -> Result<Self, String> {
        let file = File::create(path).map_err(|e| crate::input::cannot_create(path, &e))?;
        Ok(ExamplesFile {
            path,
            out: std::io::BufWriter::new(file),
        })
    }

    fn write(&mut self, example: &serde_json::Value) -> Result<(), String> {
        use std::io::Write;
        claimlab::output::json::write_line(&mut self.out, example)
            .map_err(std::io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| self.cannot_write(&e))
    }

    /// Flush what is buffered: an error there is the file's too.
    fn finish(mut self) -> Result<(), String> {
        use std::io::Write;
        self.out.flush().map_err(|e| self.cannot_write(&e))
    }

    fn cannot_write(&self, e: &std::io::Error) -> String {
        format!("cannot write {}: {}", self.path, io_reason(e))
    }
}

/// The report as text.
pub fn text(r: &EvalReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let unit = if r.dataset == "wikibio" {
        "sentences"
    } else {
        "answers"
    };
    let _ = writeln!(
        out,
        "{} ({} split): {} {unit}, {} hallucinated ({:.1}%)",
        r.dataset,
        r.split,
        r.examples,
        r.positives,
        100.0 * r.positives as f64 / r.examples.max(1) as f64
    );
    if r.skipped_records > 0 {
        let s = if r.skipped_records == 1 { "" } else { "s" };
        let _ = writeln!(out, "  skipped {} bad record{s}", r.skipped_records);
    }
    if let Some(t) = &r.at_threshold {
        let _ = writeln!(
            out,
            "  at {} {:.2}: precision {:.3}  recall {:.3}  F1 {:.3}  accuracy {:.3}  balanced accuracy {:.3}",
            t.setting, t.threshold, t.precision, t.recall, t.f1, t.accuracy, t.balanced_accuracy
        );
    }
    let _ = write!(out, "  average precision {:.3}", r.average_precision);
    if let Some(f) = r.average_precision_factual {
        let _ = write!(out, " (non-factual); factual {f:.3}");
    }
    out.push('\n');
    if let Some(b) = &r.best_f1 {
        let at = match (b.support_threshold, b.answer_threshold) {
            (Some(t), _) => format!("support_threshold {t:.2}"),
            (None, Some(t)) => format!("answer_threshold {t:.2}"),
            (None, None) => format!("score ≥ {:.3}", b.score_threshold),
        };
        let _ = writeln!(
            out,
            "  best F1 {:.3} (precision {:.3}, recall {:.3}) at {at}",
            b.f1, b.precision, b.recall
        );
    }
    if let Some(p) = r.pairwise_accuracy {
        let _ = writeln!(
            out,
            "  pairwise accuracy {:.3} (hallucinated answer scored above the right one)",
            p
        );
    }
    if let Some(s) = &r.span {
        let _ = writeln!(
            out,
            "  span level (character overlap): precision {:.3}  recall {:.3}  F1 {:.3}",
            s.precision, s.recall, s.f1
        );
    }
    for g in &r.per_group {
        let _ = writeln!(
            out,
            "    {:<22} {:>5} answers  balanced accuracy {:.3}  F1 {:.3}  AP {:.3}",
            g.group, g.examples, g.balanced_accuracy, g.f1, g.average_precision
        );
    }
    if let Some(c) = &r.calibration {
        let _ = writeln!(
            out,
            "  calibration: expected calibration error {:.3}; predicted → observed per bin:",
            c.ece
        );
        for b in c.bins.iter().filter(|b| b.answers > 0) {
            let _ = writeln!(
                out,
                "    {:.1}–{:.1} {:>5} answers  predicted {:.3}  observed {:.3}",
                b.from, b.to, b.answers, b.predicted, b.observed
            );
        }
    }
    let _ = writeln!(out, "  time {:.2} s", r.seconds);
    if let Some(curve) = &r.curve {
        let _ = writeln!(
            out,
            "score_threshold,support_threshold,precision,recall,f1,flagged"
        );
        for p in curve {
            let t = p
                .support_threshold
                .map_or(String::new(), |t| format!("{t:.4}"));
            let _ = writeln!(
                out,
                "{:.4},{t},{:.4},{:.4},{:.4},{}",
                p.score_threshold, p.precision, p.recall, p.f1, p.flagged
            );
        }
    }
    out
}
