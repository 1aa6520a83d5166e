//! `claimlab batch`: check many answers, one JSON object per line in, one
//! full report per line out (seed 003's batch verification).
//!
//! Each line is checked on its own (no state carries from line to line), so
//! a large job can be split into pieces and run on several machines by any
//! job runner, and memory stays flat however long the input is. The one
//! thing kept between lines is the analysis of the last few short sources
//! ([`RecentSources`]): answers to one question come in runs (RAGTruth's
//! 584 test answers have 150 sources; a comparison of models or of sampled
//! answers checks each against the same source), and a source read once
//! serves the answers after it. The reports are the same either way.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::sync::{mpsc, Arc, Mutex};

use claimlab::compact::Include;
use claimlab::output::record::{self, Checked, RecentSources, Record, Shape};
use claimlab::report::{Decision, VerdictCounts};
use claimlab::scoring::Routing;
use claimlab::Config;

use crate::input::{io_reason, Line, Lines};
use crate::vectors::Vectors;

#[derive(Debug, Default)]
pub struct Summary {
    pub answers: usize,
    pub faithful: usize,
    pub skipped: usize,
    /// Where the first skipped line is and what was wrong with it.
    pub first_bad: Option<String>,
    pub counts: VerdictCounts,
    pub routing: [usize; 4],
    /// The reader closed the output (`claimlab batch … | head`): the run
    /// stopped there, which is the reader's choice, not an error.
    pub output_closed: bool,
}

impl Summary {
    /// Count one checked answer.
    fn add(&mut self, checked: &Checked) {
        self.answers += 1;
        self.faithful += usize::from(checked.decision == Decision::Deliver);
        self.counts.add_counts(&checked.counts);
        self.routing[match checked.routing {
            Routing::Accept => 0,
            Routing::HealedAccept => 1,
            Routing::Fallback => 2,
            Routing::Discard => 3,
        }] += 1;
    }

    /// "Skipped 2 bad lines (first in.jsonl:2: …)".
    pub fn skipped_line(&self) -> String {
        let s = if self.skipped == 1 { "" } else { "s" };
        match &self.first_bad {
            Some(first) => format!("Skipped {} bad line{s} (first {first})", self.skipped),
            None => format!("Skipped {} bad line{s}", self.skipped),
        }
    }

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
            out += &format!("{}\n", self.skipped_line());
        }
        out
    }
}

/// How many lines a share of the work holds per thread: lines are read,
/// checked on every thread and written in order one share at a time, so
/// memory holds at most a share of lines and their reports...
const LINES_PER_THREAD: usize = 64;

/// ...and a share stops early at this many bytes of input per thread, so
/// that long lines (a 1 MB context each) do not hold 64 documents per thread.
const BYTES_PER_THREAD: usize = 2 << 20;

/// Check every line of `input`, writing reports to `output` in the input's
/// order, on `jobs` threads (0: one per core).
///
/// A bad line (not JSON, not an item, not text, over the line limit) stops
/// the run with `input:LINE: reason`, or with `skip_bad` is skipped and
/// counted. An input that yields no answer at all is an error either way.
/// The output is the same, byte for byte, whatever `jobs` is.
pub fn run(input: &str, output: &mut dyn Write, settings: &Settings) -> Result<Summary, String> {
    let (reader, name): (Box<dyn BufRead>, &str) = if input == "-" {
        (Box::new(BufReader::new(std::io::stdin())), "<stdin>")
    } else {
        let meta = std::fs::metadata(input)
            .map_err(|e| format!("cannot read {input}: {}", io_reason(&e)))?;
        if meta.is_dir() {
            return Err(format!("{input} is a directory, not a JSON Lines file"));
        }
        let file =
            File::open(input).map_err(|e| format!("cannot read {input}: {}", io_reason(&e)))?;
        (Box::new(BufReader::with_capacity(1 << 16, file)), input)
    };
    let threads = jobs(settings.jobs);
    // The threads live for the whole run (their word memories stay warm);
    // leaving the scope, the pool's end of the queue closes and they stop.
    let recent = RecentSources::new(threads);
    std::thread::scope(|scope| {
        let pool = Pool::start(scope, threads, settings, &recent);
        write_reports(reader, name, output, settings, threads, &pool)
    })
}

/// Read shares of lines, check each share on the pool, write the reports
/// in order and count them.
fn write_reports(
    reader: Box<dyn BufRead>,
    name: &str,
    output: &mut dyn Write,
    settings: &Settings,
    threads: usize,
    pool: &Pool,
) -> Result<Summary, String> {
    let mut lines = Lines::new(reader);
    let mut out = BufWriter::new(output);
    let mut summary = Summary::default();
    loop {
        // Read a share of lines (a read error ends it, after the lines before).
        let mut share: Vec<(usize, Line)> = Vec::with_capacity(threads * LINES_PER_THREAD);
        let mut read_error = None;
        let mut bytes = 0;
        while share.len() < threads * LINES_PER_THREAD && bytes < threads * BYTES_PER_THREAD {
            match lines.next_line() {
                None => break,
                Some(Ok(line)) => {
                    bytes += match &line {
                        Line::Text(t) => t.len(),
                        Line::Bad(_) => 0,
                    };
                    share.push((lines.number, line));
                }
                Some(Err(e)) => {
                    read_error = Some(format!("{name}:{}: {}", lines.number, io_reason(&e)));
                    break;
                }
            }
        }
        if share.is_empty() && read_error.is_none() {
            break;
        }
        // Check it on every thread, then write the reports in order.
        for (n, checked) in pool.check(share) {
            let checked = match checked {
                None => continue, // a blank line
                Some(Ok(c)) => c,
                Some(Err(reason)) if settings.skip_bad => {
                    summary.skipped += 1;
                    summary
                        .first_bad
                        .get_or_insert(format!("{name}:{n}: {reason}"));
                    continue;
                }
                Some(Err(reason)) => {
                    // The reports before the bad line are written, as they
                    // would be one line at a time.
                    if let Some(done) = stop_on_write_error(out.flush(), &mut summary)? {
                        return Ok(done);
                    }
                    return Err(format!(
                        "{name}:{n}: {reason} (use --skip-bad to skip bad lines)"
                    ));
                }
            };
            summary.add(&checked);
            let written = out.write_all(&checked.json);
            if let Some(done) = stop_on_write_error(written, &mut summary)? {
                return Ok(done);
            }
        }
        if let Some(e) = read_error {
            return Err(e);
        }
    }
    if let Some(done) = stop_on_write_error(out.flush(), &mut summary)? {
        return Ok(done);
    }
    if summary.answers == 0 {
        return Err(match &summary.first_bad {
            Some(first) => format!(
                "no line of {name} could be checked: {} bad line{} skipped (first {first})",
                summary.skipped,
                if summary.skipped == 1 { "" } else { "s" }
            ),
            None => format!("{name} is empty: expected one JSON object per line"),
        });
    }
    Ok(summary)
}

/// What `batch` checks with, besides its input and output.
pub struct Settings<'a> {
    pub config: &'a Config,
    /// `--vectors`: sentence vectors for every line.
    pub vectors: Option<&'a Vectors>,
    pub skip_bad: bool,
    /// Parts of the compact report (`None`: the full report).
    pub include: Option<Include>,
    /// Threads (`--jobs`; 0: one per core).
    pub jobs: usize,
}

/// `--jobs N` as a thread count: 0 is one per core.
pub fn jobs(requested: usize) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// What checking a line gives (`None` for a blank line).
type Outcome = Option<Result<Checked, String>>;

/// The threads that check lines: each takes the next line from a shared
/// queue and sends back its outcome with its place in the share. With one
/// thread there is no pool: lines are checked where they are read.
struct Pool<'s> {
    settings: &'s Settings<'s>,
    recent: &'s RecentSources,
    queue: Option<mpsc::Sender<(usize, Line)>>,
    done: Option<mpsc::Receiver<(usize, Outcome)>>,
}

impl<'s> Pool<'s> {
    fn start<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        threads: usize,
        settings: &'s Settings<'s>,
        recent: &'s RecentSources,
    ) -> Pool<'s>
    where
        's: 'scope,
    {
        if threads <= 1 {
            return Pool {
                settings,
                recent,
                queue: None,
                done: None,
            };
        }
        let (queue, lines) = mpsc::channel::<(usize, Line)>();
        let (report, done) = mpsc::channel();
        let lines = Arc::new(Mutex::new(lines));
        for _ in 0..threads {
            let (lines, report) = (Arc::clone(&lines), report.clone());
            scope.spawn(move || loop {
                // The lock is held only to take a line off the queue.
                let next = lines.lock().map(|l| l.recv());
                let Ok(Ok((i, line))) = next else { break };
                if report
                    .send((i, check_line(&line, settings, recent)))
                    .is_err()
                {
                    break;
                }
            });
        }
        Pool {
            settings,
            recent,
            queue: Some(queue),
            done: Some(done),
        }
    }

    /// Check a share; the outcomes come back in the share's order, each with
    /// its line number.
    fn check(&self, share: Vec<(usize, Line)>) -> Vec<(usize, Outcome)> {
        let (Some(queue), Some(done)) = (&self.queue, &self.done) else {
            return share
                .into_iter()
                .map(|(n, line)| (n, check_line(&line, self.settings, self.recent)))
                .collect();
        };
        let numbers: Vec<usize> = share.iter().map(|(n, _)| *n).collect();
        for (i, (_, line)) in share.into_iter().enumerate() {
            queue
                .send((i, line))
                .expect("the checking threads run until the pool ends");
        }
        let mut outcomes: Vec<Option<Outcome>> = numbers.iter().map(|_| None).collect();
        for _ in 0..numbers.len() {
            let (i, outcome) = done.recv().expect("every line sent comes back");
            outcomes[i] = Some(outcome);
        }
        numbers
            .into_iter()
            .zip(outcomes)
            .map(|(n, o)| (n, o.expect("every line has its outcome")))
            .collect()
    }
}

/// Check one line: its report as a JSON line, or why it could not be
/// checked; `None` for a blank line. Reading and checking a record are the
/// library's (`claimlab::output::record`), which the Python package calls too.
fn check_line(
    line: &Line,
    settings: &Settings,
    recent: &RecentSources,
) -> Option<Result<Checked, String>> {
    let record = match line {
        Line::Text(t) if t.trim().is_empty() => return None,
        Line::Text(t) => Record::parse(t),
        Line::Bad(reason) => Err(reason.clone()),
    };
    let shape = Shape {
        config: settings.config,
        vectors: settings.vectors,
        include: settings.include,
    };
    // A bug in the core stops at (or skips) this line, named, like bad input.
    Some(record.and_then(|record| {
        crate::internal_error::catch(|| record::check_record(record, &shape, recent))
            .and_then(|checked| checked)
    }))
}

/// A write that failed because the reader went away ends the run quietly,
/// as a Unix filter does under `| head`; any other failure is an error.
fn stop_on_write_error(
    written: std::io::Result<()>,
    summary: &mut Summary,
) -> Result<Option<Summary>, String> {
    match written {
        Ok(()) => Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            summary.output_closed = true;
            Ok(Some(std::mem::take(summary)))
        }
        Err(e) => Err(format!("cannot write a report: {}", io_reason(&e))),
    }
}
