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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

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
    /// Blank lines, which get no report (the summary says how many: a
    /// script pairing reports with lines by place must know).
    pub blank: usize,
    /// The first blank line's number.
    pub first_blank: Option<usize>,
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
        if let Some(first) = self.first_blank {
            let (s, have) = if self.blank == 1 {
                ("", "has")
            } else {
                ("s", "have")
            };
            out += &format!(
                "{} blank line{s} (first line {first}) {have} no report: the reports follow the other lines in order\n",
                self.blank
            );
        }
        out
    }
}

/// How many lines a share of the work holds per thread: lines are read,
/// checked on every thread and written in order one share at a time, so
/// memory holds at most two shares of lines (the one being checked and the
/// next, read ahead) and one share's reports...
const LINES_PER_THREAD: usize = 64;

/// ...and a share stops early at this many bytes of input per thread, so
/// that long lines (a 1 MB context each) do not hold 64 documents per thread.
const BYTES_PER_THREAD: usize = 2 << 20;

/// Check every line of `input`, writing reports to `output` in the input's
/// order, on `jobs` threads (0: one per core).
///
/// A bad line (not JSON, not an item, not text, over the line limit) stops
/// the run with `input:LINE: reason`, or with `skip_bad` is counted and
/// written as `{"line": LINE, "error": reason}` in its report's place. An
/// input that yields no answer at all is an error either way.
/// The output is the same, byte for byte, whatever `jobs` is.
pub fn run(input: &str, output: &mut dyn Write, settings: &Settings) -> Result<Summary, String> {
    let (mut reader, name): (Box<dyn BufRead>, &str) = if input == "-" {
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
    let start = reader
        .fill_buf()
        .map_err(|e| format!("cannot read {name}: {}", io_reason(&e)))?;
    if claimlab::text::import::looks_utf16(start) {
        return Err(crate::input::utf16_refused(name));
    }
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
/// in order and count them. A share's reports are written while the other
/// threads start on the next share.
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
    let mut next_share =
        || read_share(&mut lines, name, threads).map(|(l, e)| (pool.hand_out(l), e));
    let mut checking = next_share();
    while let Some((share, read_error)) = checking {
        // The next share goes to the other threads before this thread
        // joins them on this one: each goes on to it as soon as it runs
        // out of this one's lines, instead of waiting for this thread to
        // finish its last lines and read the next share (a read error ends
        // the input after its share).
        checking = match read_error {
            Some(_) => None,
            None => next_share(),
        };
        let outcomes = pool.finish(share);
        for (n, checked) in outcomes {
            let checked = match checked {
                None => {
                    // A blank line: no report.
                    summary.blank += 1;
                    summary.first_blank.get_or_insert(n);
                    continue;
                }
                Some(Ok(c)) => c,
                Some(Err(reason)) if settings.skip_bad => {
                    summary.skipped += 1;
                    summary
                        .first_bad
                        .get_or_insert(format!("{name}:{n}: {reason}"));
                    // The line keeps its place in the output, with its reason.
                    let written = out.write_all(&skipped_line(n, &reason));
                    if let Some(done) = stop_on_write_error(written, settings.output, &mut summary)?
                    {
                        return Ok(done);
                    }
                    continue;
                }
                Some(Err(reason)) => {
                    // The reports before the bad line are written, as they
                    // would be one line at a time.
                    if let Some(done) =
                        stop_on_write_error(out.flush(), settings.output, &mut summary)?
                    {
                        return Ok(done);
                    }
                    return Err(format!(
                        "{name}:{n}: {reason} (use --skip-bad to skip bad lines)"
                    ));
                }
            };
            summary.add(&checked);
            let written = out.write_all(&checked.json);
            if let Some(done) = stop_on_write_error(written, settings.output, &mut summary)? {
                return Ok(done);
            }
        }
        if let Some(e) = read_error {
            return Err(e);
        }
    }
    if let Some(done) = stop_on_write_error(out.flush(), settings.output, &mut summary)? {
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

/// What `--skip-bad` writes in a bad line's place: `{"line": N, "error":
/// "…"}`, so that the reports still follow the input line for line (blank
/// lines aside).
fn skipped_line(line: usize, reason: &str) -> Vec<u8> {
    let reason = serde_json::to_string(reason).expect("a text serialises");
    format!("{{\"line\":{line},\"error\":{reason}}}\n").into_bytes()
}

/// Lines, each with its number in the input.
type Numbered = Vec<(usize, Line)>;

/// The next share of lines, and the read error that ended it
/// early, if one did; `None` at the end of the input.
fn read_share(
    lines: &mut Lines<Box<dyn BufRead>>,
    name: &str,
    threads: usize,
) -> Option<(Numbered, Option<String>)> {
    let mut share: Numbered = Vec::with_capacity(threads * LINES_PER_THREAD);
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
                let error = format!("{name}:{}: {}", lines.number, io_reason(&e));
                return Some((share, Some(error)));
            }
        }
    }
    (!share.is_empty()).then_some((share, None))
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
    /// Where the reports go, for messages: a path or "standard output".
    pub output: &'a str,
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

/// One thread's outcomes for a share: each with its place in the share,
/// the whole tagged with the share's serial.
type Answer = (usize, Vec<(usize, Outcome)>);

/// The threads that check lines. The thread that reads and writes checks
/// too: a share goes to every other thread once, and each takes blocks of
/// consecutive lines from it in turn ([`Share::work`]) and sends back its
/// outcomes when the share is done, going on to the next share, handed
/// out before this thread joined the last one. A thread is woken once a
/// share, not once a line (1,484 context switches on RAGTruth's 584 test
/// answers, now 42).
struct Pool<'s> {
    settings: &'s Settings<'s>,
    recent: &'s RecentSources,
    /// One queue to each other thread, and the one they all answer on.
    workers: Vec<mpsc::Sender<Arc<Share>>>,
    done: mpsc::Receiver<Answer>,
    /// Shares handed out so far.
    handed_out: std::cell::Cell<usize>,
    /// Outcomes that came back for a later share than the one being
    /// finished (a thread that ran out of this share's lines went on to the
    /// next, already handed out, and finished its part first), by serial.
    early: std::cell::RefCell<Vec<Answer>>,
}

/// A share of lines checked side by side.
struct Share {
    /// Its place among the shares (0, 1, …): each thread's outcomes for
    /// it come back with it.
    serial: usize,
    lines: Numbered,
    /// The first line no thread has taken yet.
    next: AtomicUsize,
}

impl Share {
    /// The most consecutive lines a thread takes at once: answers to one
    /// source come in runs, and a run checked on one thread reads its source
    /// there instead of another thread waiting for it.
    const BLOCK: usize = 8;

    /// Check blocks of lines until none is left; each outcome with its place
    /// in the share. Blocks shrink as the share runs out, so that the
    /// threads finish it together.
    fn work(
        &self,
        threads: usize,
        settings: &Settings,
        recent: &RecentSources,
    ) -> Vec<(usize, Outcome)> {
        let total = self.lines.len();
        let mut done = Vec::new();
        loop {
            let left = total.saturating_sub(self.next.load(Ordering::Relaxed));
            let block = (left / (2 * threads)).clamp(1, Self::BLOCK);
            let start = self.next.fetch_add(block, Ordering::Relaxed);
            if start >= total {
                return done;
            }
            for (i, (_, line)) in self
                .lines
                .iter()
                .enumerate()
                .take(total.min(start + block))
                .skip(start)
            {
                done.push((i, check_line(line, settings, recent)));
            }
        }
    }
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
        let (report, done) = mpsc::channel();
        let workers = (1..threads)
            .map(|_| {
                let (queue, shares) = mpsc::channel::<Arc<Share>>();
                let report = report.clone();
                scope.spawn(move || {
                    for share in shares {
                        let outcomes = share.work(threads, settings, recent);
                        if report.send((share.serial, outcomes)).is_err() {
                            break;
                        }
                    }
                });
                queue
            })
            .collect();
        Pool {
            settings,
            recent,
            workers,
            done,
            handed_out: std::cell::Cell::new(0),
            early: Default::default(),
        }
    }

    /// Hand a share to the other threads, which start on it at once.
    fn hand_out(&self, lines: Numbered) -> Arc<Share> {
        let share = Arc::new(Share {
            serial: self.handed_out.get(),
            lines,
            next: AtomicUsize::new(0),
        });
        self.handed_out.set(share.serial + 1);
        for worker in &self.workers {
            worker
                .send(Arc::clone(&share))
                .expect("the checking threads run until the pool ends");
        }
        share
    }

    /// Check the rest of a started share on this thread too; the outcomes
    /// come back in the share's order, each with its line number.
    fn finish(&self, share: Arc<Share>) -> Vec<(usize, Outcome)> {
        let threads = self.workers.len() + 1;
        let mut outcomes: Vec<Option<Outcome>> = share.lines.iter().map(|_| None).collect();
        let mine = share.work(threads, self.settings, self.recent);
        let theirs = answers_for(
            share.serial,
            threads - 1,
            &mut self.early.borrow_mut(),
            || self.done.recv().expect("every thread answers for a share"),
        );
        for (i, outcome) in mine.into_iter().chain(theirs.into_iter().flatten()) {
            outcomes[i] = Some(outcome);
        }
        share
            .lines
            .iter()
            .zip(outcomes)
            .map(|((n, _), o)| (*n, o.expect("every line has its outcome")))
            .collect()
    }
}

/// The answers of `threads` threads for the share `serial`: those that
/// came early first, then as `receive` gives them; an answer for a later
/// share is kept in `early` for its turn.
fn answers_for<T>(
    serial: usize,
    threads: usize,
    early: &mut Vec<(usize, T)>,
    mut receive: impl FnMut() -> (usize, T),
) -> Vec<T> {
    let mut answers = Vec::with_capacity(threads);
    while answers.len() < threads {
        match early.iter().position(|(s, _)| *s == serial) {
            Some(at) => answers.push(early.remove(at).1),
            None => early.push(receive()),
        }
    }
    answers
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
    output: &str,
    summary: &mut Summary,
) -> Result<Option<Summary>, String> {
    match written {
        Ok(()) => Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            summary.output_closed = true;
            Ok(Some(std::mem::take(summary)))
        }
        Err(e) => Err(format!(
            "cannot write a report to {output}: {}",
            io_reason(&e)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_for_a_later_share_wait_for_its_turn() {
        // Two other threads; one finished its part of share 2 before the
        // other finished share 1.
        let mut early = vec![(2, "b2")];
        // Received in turn: a1, c2 (early), b1.
        let mut coming = vec![(1, "b1"), (2, "c2"), (1, "a1")];
        let mut receive = || coming.pop().expect("no more answers were sent");
        assert_eq!(answers_for(1, 2, &mut early, &mut receive), ["a1", "b1"]);
        assert_eq!(early, [(2, "b2"), (2, "c2")]);
        assert_eq!(answers_for(2, 2, &mut early, &mut receive), ["b2", "c2"]);
        assert!(early.is_empty());
    }
}
