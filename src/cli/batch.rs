//! `claimlab batch`: check many answers, one JSON object per line in, one
//! full report per line out (seed 003's batch verification).
//!
//! Each line is checked on its own (no state carries from line to line), so
//! a large job can be split into pieces and run on several machines by any
//! job runner, and memory stays flat however long the input is.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};

use claimlab::report::{Decision, VerdictCounts};
use claimlab::scoring::Routing;
use claimlab::{check, CheckInput, Config, Document};
use serde::Deserialize;

use crate::input::io_reason;

/// One line of input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    #[serde(default)]
    pub question: String,
    /// The source: one text, or a list of passages (numbered 1…m for `[N]` citations).
    #[serde(default)]
    pub context: Context,
    pub answer: String,
    #[serde(default)]
    pub samples: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Context {
    Text(String),
    Passages(Vec<String>),
}

impl Default for Context {
    fn default() -> Self {
        Context::Text(String::new())
    }
}

impl Context {
    /// The source text the core reads: passages become `[N] …` paragraphs.
    pub fn source(&self) -> String {
        match self {
            Context::Text(t) => t.clone(),
            Context::Passages(ps) => ps
                .iter()
                .enumerate()
                .map(|(i, p)| format!("[{}] {}", i + 1, p.trim()))
                .collect::<Vec<_>>()
                .join("\n\n"),
        }
    }
}

#[derive(Debug, Default)]
pub struct Summary {
    pub answers: usize,
    pub faithful: usize,
    pub skipped: usize,
    pub counts: VerdictCounts,
    pub routing: [usize; 4],
}

impl Summary {
    pub fn text(&self) -> String {
        let pct = if self.answers == 0 {
            0.0
        } else {
            100.0 * self.faithful as f64 / self.answers as f64
        };
        let mut out = format!("Faithful: {}/{} ({pct:.0}%)\n", self.faithful, self.answers);
        let c = &self.counts;
        out += &format!(
            "Claims: {} supported, {} contradicted, {} unsupported, {} miscited\n",
            c.supported, c.contradicted, c.unsupported, c.miscited
        );
        let names = [
            Routing::Accept,
            Routing::HealedAccept,
            Routing::Fallback,
            Routing::Discard,
        ];
        let routes: Vec<String> = names
            .iter()
            .zip(self.routing)
            .map(|(r, n)| format!("{n} {}", r.name()))
            .collect();
        out += &format!("Routing: {}\n", routes.join(", "));
        if self.skipped > 0 {
            out += &format!("Skipped {} bad lines\n", self.skipped);
        }
        out
    }
}

/// Check every line of `input`, writing reports to `output`.
pub fn run(
    input: &str,
    output: &mut dyn Write,
    cfg: &Config,
    skip_bad: bool,
) -> Result<Summary, String> {
    let reader: Box<dyn BufRead> = if input == "-" {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        let meta = std::fs::metadata(input)
            .map_err(|e| format!("cannot read {input}: {}", io_reason(&e)))?;
        if meta.is_dir() {
            return Err(format!("{input} is a directory, not a JSON Lines file"));
        }
        Box::new(BufReader::new(File::open(input).map_err(|e| {
            format!("cannot read {input}: {}", io_reason(&e))
        })?))
    };
    let mut out = BufWriter::new(output);
    let mut summary = Summary::default();
    for (i, line) in reader.lines().enumerate() {
        let n = i + 1;
        let line = line.map_err(|e| format!("{input}:{n}: {}", io_reason(&e)))?;
        if line.trim().is_empty() {
            continue;
        }
        let item: Item = match serde_json::from_str(&line) {
            Ok(item) => item,
            Err(_) if skip_bad => {
                summary.skipped += 1;
                continue;
            }
            Err(e) => {
                return Err(format!(
                    "{input}:{n}: {e} (use --skip-bad to skip bad lines)"
                ))
            }
        };
        let source = item.context.source();
        if source.trim().is_empty() && item.samples.is_empty() {
            if skip_bad {
                summary.skipped += 1;
                continue;
            }
            return Err(format!(
                "{input}:{n}: context is empty and there are no samples to check against"
            ));
        }
        let doc = Document::analyse(&source, cfg.into());
        let report = check(
            &doc,
            &CheckInput {
                answer: &item.answer,
                samples: &item.samples,
                question: &item.question,
                ..Default::default()
            },
            cfg,
        );
        summary.answers += 1;
        summary.faithful += usize::from(report.decision == Decision::Deliver);
        for c in &report.claims {
            summary.counts.add(c.verdict);
        }
        summary.routing[match report.quality.routing {
            Routing::Accept => 0,
            Routing::HealedAccept => 1,
            Routing::Fallback => 2,
            Routing::Discard => 3,
        }] += 1;
        serde_json::to_writer(&mut out, &report)
            .map_err(|e| format!("cannot write a report: {e}"))?;
        out.write_all(b"\n")
            .map_err(|e| format!("cannot write a report: {}", io_reason(&e)))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write reports: {}", io_reason(&e)))?;
    Ok(summary)
}
