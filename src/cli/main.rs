//! `claimlab`: the checker core on the command line.
//!
//! Exit status: 0 when every claim is supported, 1 when any is not, 2 on bad
//! input or usage (with one line on standard error). See README.md for the
//! full contract.

#[cfg(not(target_arch = "wasm32"))]
mod batch;
#[cfg(not(target_arch = "wasm32"))]
mod drift_store;
#[cfg(not(target_arch = "wasm32"))]
mod eval;
#[cfg(not(target_arch = "wasm32"))]
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod output_file;
#[cfg(not(target_arch = "wasm32"))]
mod render;
#[cfg(not(target_arch = "wasm32"))]
mod train;
#[cfg(not(target_arch = "wasm32"))]
mod vectors;

#[cfg(target_arch = "wasm32")]
fn main() {}

/// mimalloc, unless built with `--features system-alloc` (BENCHMARKS.md
/// compares the two).
#[cfg(all(not(target_arch = "wasm32"), not(feature = "system-alloc")))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How mimalloc gives memory back. By default it keeps freed pages for a
/// second before handing them back to the system, and a `check` of a
/// large source is over in a few tens of milliseconds: every list that
/// grew by copying, and the second analysis thread's word memory, stayed
/// resident to the end (2 MB of the peak at 1 MB, 6 MB at 8 MB;
/// BENCHMARKS.md "Memory"). Handing them back at once cost page faults
/// when the next list took the memory again; the CLI keeps freed pages
/// 10 ms, for every command: the 1 MB check's wall time about 1 ms
/// shorter, its peak RSS 1.4 MB higher, and `batch` (which frees and takes
/// back much the same memory line after line) 2.6% faster on one thread
/// and 5% on two (BENCHMARKS.md).
#[cfg(all(not(target_arch = "wasm32"), not(feature = "system-alloc")))]
mod allocator {
    use std::ffi::{c_int, c_long};

    // mimalloc's C API (libmimalloc-sys builds it; its Rust bindings name
    // only some options).
    extern "C" {
        fn mi_option_set(option: c_int, value: c_long);
    }

    /// `mi_option_purge_delay` in the `mi_option_e` of the mimalloc that
    /// libmimalloc-sys 0.1.49 builds (v3 `include/mimalloc.h`; its default
    /// there is 1000 ms). `MIMALLOC_VERBOSE=1 claimlab --version` lists the
    /// options in order, and `tests/cli.rs` holds the number to that list.
    const PURGE_DELAY: c_int = 15;

    /// Give freed pages back after `ms` milliseconds (0: at once), unless
    /// `MIMALLOC_PURGE_DELAY` in the environment says otherwise.
    pub fn purge_after(ms: c_long) {
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            // SAFETY: a plain C call on an option number of the linked mimalloc.
            unsafe { mi_option_set(PURGE_DELAY, ms) }
        }
    }

    /// How long the CLI keeps freed pages (ms; see above).
    pub const PURGE_MS: c_long = 10;
}

/// A panic (a bug) as one line: where it happened and what it said, with no
/// backtrace even under `RUST_BACKTRACE=1`. `batch` catches one per line so
/// that it can name the input line that set it off.
#[cfg(not(target_arch = "wasm32"))]
mod internal_error {
    use std::panic::{self, AssertUnwindSafe};
    use std::sync::Mutex;

    /// The first panic's message since the last [`catch`] reported one.
    static FIRST: Mutex<Option<String>> = Mutex::new(None);

    pub fn install() {
        panic::set_hook(Box::new(|info| {
            let mut first = FIRST.lock().unwrap_or_else(|e| e.into_inner());
            // A thread that panics because another did keeps the first message.
            first.get_or_insert_with(|| claimlab::output::panic_line(info));
        }));
    }

    /// Run `f`; a panic inside it (or in a thread it joins) becomes the
    /// panic's one-line message.
    pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
        panic::catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
            FIRST
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .unwrap_or_else(|| "internal error (please report it)".into())
        })
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn a_panic_becomes_one_line_naming_its_place() {
            super::install();
            let err =
                super::catch(|| panic!("boom\n  second line {}", "x".repeat(400))).unwrap_err();
            assert!(
                err.starts_with("internal error at src/cli/main.rs:"),
                "{err}"
            );
            assert!(err.contains(": boom second line xxx"), "{err}");
            assert!(err.ends_with("… (please report it)"), "{err}");
            assert!(!err.contains('\n'));
            assert_eq!(super::catch(|| 7), Ok(7));
            let _ = std::panic::take_hook();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::Write;

    use clap::builder::PossibleValuesParser;
    use clap::error::ErrorKind;
    use clap::{Args, Parser, Subcommand, ValueEnum};

    use claimlab::checks::consistency::GivenVectors;
    use claimlab::compact::{Include, Part};
    use claimlab::drift::{self, DriftStore, Fingerprint};
    use claimlab::output;
    use claimlab::text::import;
    use claimlab::{examples, CheckInput, Config, Policy, Preset};

    use crate::drift_store::SqliteStore;
    use crate::eval;
    use crate::input::{layered_config, read_text};
    use crate::render;
    use crate::vectors::{self, Vectors};

    /// Check an LLM answer against its source, claim by claim.
    #[derive(Parser)]
    #[command(
        name = "claimlab",
        version,
        about,
        long_about = None,
        after_help = "Exit status: 0 when every claim is supported, 1 when any is not (whatever the policy), 2 on bad input or usage."
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Check an answer against a source (and/or sampled answers).
        Check(CheckArgs),
        /// List the built-in examples.
        Examples {
            #[arg(long, value_enum, default_value_t = Format::Text)]
            format: Format,
        },
        /// List every setting: name, default, range and what it does (SETTINGS.md is the markdown form).
        Settings {
            #[arg(long, value_enum, default_value_t = TableFormat::Text)]
            format: TableFormat,
        },
        /// Measure the checker on a public labelled set (see BENCHMARKS.md).
        Eval(EvalArgs),
        /// Check one answer per line of a JSON Lines file; one report per line out.
        Batch(BatchArgs),
        /// Train the learned answer score on the labelled sets' tuning splits (models/README.md).
        Train(TrainArgs),
    }

    #[derive(Args)]
    struct TrainArgs {
        /// The folder holding ragtruth_qa/, halueval/ and summedits/ (e.g. ../shared/data).
        #[arg(long, value_name = "DIR")]
        data: String,
        /// Where to write the weights.
        #[arg(long, value_name = "FILE", default_value = "models/answer-score.json")]
        out: String,
        /// Where to write the card's figures (data hashes, tuning figures, calibration).
        #[arg(
            long,
            value_name = "FILE",
            default_value = "models/answer-score.card.json"
        )]
        card: String,
    }

    #[derive(Args)]
    struct BatchArgs {
        /// JSON Lines input: {question, context (text or list of passages), answer, samples?, vectors?} per line (`-` for standard input).
        #[arg(long, value_name = "FILE")]
        input: String,
        /// Where to write one report per line (default, or `-`: standard output; the summary then goes to standard error). Never the input file.
        #[arg(long, value_name = "FILE")]
        output: Option<String>,
        /// Sentence vectors for the consistency check of every line: JSON Lines of
        /// {"text", "vector"}, or one object text → vector; a line's own "vectors" extend them.
        #[arg(long, value_name = "FILE")]
        vectors: Option<String>,
        #[command(flatten)]
        settings: SettingsArgs,
        /// Skip and count lines that cannot be read instead of stopping at the first; each is written as {"line": N, "error": "…"} in its report's place.
        #[arg(long)]
        skip_bad: bool,
        #[command(flatten)]
        report: ReportArgs,
        /// Check lines on N threads (0, the default: one per core); the output is the same (at most 256).
        #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
              value_parser = clap::value_parser!(u16).range(0..=256))]
        jobs: u16,
    }

    #[derive(Args)]
    struct EvalArgs {
        /// Which set: ragtruth, halueval, summedits or wikibio.
        #[arg(long, value_parser = ["ragtruth", "halueval", "summedits", "wikibio"])]
        dataset: String,
        /// The set's folder (e.g. ../shared/data/ragtruth_qa).
        #[arg(long, value_name = "DIR")]
        path: String,
        /// Which split to report (default: the set's test split; ragtruth: train|test,
        /// halueval: tune|test, summedits: evaluation|test, wikibio: all).
        #[arg(long)]
        split: Option<String>,
        #[command(flatten)]
        settings: SettingsArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also print the precision/recall curve over thresholds (CSV in text, a list in JSON).
        #[arg(long)]
        sweep: bool,
        /// Choose the decision threshold on this split first (by F1 on ragtruth, accuracy on
        /// halueval, balanced accuracy on summedits), then report --split at it.
        #[arg(long, value_name = "SPLIT")]
        tune_split: Option<String>,
        /// Skip and count records that cannot be read instead of stopping at the first.
        #[arg(long)]
        skip_bad: bool,
        /// Write one JSON line per example (its score, label and claims) to FILE, to study mistakes.
        #[arg(long, value_name = "FILE")]
        examples: Option<String>,
        /// Score answers on N threads (0, the default: one per core); the figures are the same (at most 256).
        #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
              value_parser = clap::value_parser!(u16).range(0..=256))]
        jobs: u16,
    }

    /// Settings shared by check, eval and batch: a preset, a config file,
    /// then single settings (each as `claimlab settings` lists it).
    #[derive(Args)]
    struct SettingsArgs {
        /// Start from a named preset.
        #[arg(long, value_name = "PRESET", value_parser = PossibleValuesParser::new(Preset::NAMES))]
        preset: Option<String>,
        /// JSON file of settings layered over the preset (unknown keys are errors).
        #[arg(long, value_name = "FILE")]
        config: Option<String>,
        /// Set any setting, after the preset and the config file; repeat for several
        /// (`claimlab settings` lists them, with their ranges).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
        /// Same as --set support_threshold=X.
        #[arg(long, value_name = "X")]
        support_threshold: Option<String>,
        /// Same as --set sim_threshold=X.
        #[arg(long, value_name = "X")]
        sim_threshold: Option<String>,
        /// Same as --set decision_threshold=X: the learned score from which an
        /// answer is blocked or flagged (answer_scoring learned; the improved preset).
        #[arg(long, value_name = "X")]
        decision_threshold: Option<String>,
    }

    impl SettingsArgs {
        /// The preset (or `base`), then the config file, then the single settings.
        fn resolve(&self, base: Config) -> Result<Config, String> {
            self.resolve_with(base, &[])
        }

        /// The same, with a command's own shortcut flags (`--policy`, …) as
        /// `(name, value)` pairs. A setting given twice with two values is an
        /// error, whichever flags gave it.
        fn resolve_with(&self, base: Config, shortcuts: &[(&str, &str)]) -> Result<Config, String> {
            let preset = self.preset.as_deref().and_then(Preset::from_name);
            let mut cfg = preset.map_or(base, Preset::config);
            if let Some(path) = &self.config {
                cfg = layered_config(path, &cfg)?;
            }
            let mut singles: Vec<(&str, &str)> = Vec::new();
            for pair in &self.set {
                let (name, value) = pair
                    .split_once('=')
                    .filter(|(name, _)| !name.trim().is_empty())
                    .ok_or_else(|| {
                        format!("--set takes NAME=VALUE, got \"{pair}\" (claimlab settings lists the names)")
                    })?;
                singles.push((name.trim(), value.trim()));
            }
            let own = [
                ("support_threshold", &self.support_threshold),
                ("sim_threshold", &self.sim_threshold),
                ("decision_threshold", &self.decision_threshold),
            ];
            singles.extend(own.iter().filter_map(|(n, v)| Some((*n, v.as_deref()?))));
            singles.extend_from_slice(shortcuts);
            for (i, (name, value)) in singles.iter().enumerate() {
                if let Some((_, other)) = singles[..i].iter().find(|(n, v)| n == name && v != value)
                {
                    return Err(format!(
                        "{name} is given twice, as {other} and as {value}: give it once"
                    ));
                }
            }
            set_all(&mut cfg, &singles)?;
            cfg.validate()?;
            Ok(cfg)
        }
    }

    /// Set settings from text, each as the settings table reads it.
    fn set_all(cfg: &mut Config, pairs: &[(&str, &str)]) -> Result<(), String> {
        for (name, value) in pairs {
            cfg.set_pair(name, value).map_err(|e| {
                if claimlab::config::setting(name).is_none() {
                    format!("{e} (claimlab settings lists them)")
                } else {
                    e
                }
            })?;
        }
        Ok(())
    }

    /// How much of the report the JSON carries.
    #[derive(Args)]
    struct ReportArgs {
        /// Write the full report (every source sentence, each claim's marks and
        /// findings, the event trace: what the lab draws) instead of the compact one.
        #[arg(long, conflicts_with = "include")]
        full: bool,
        /// Add parts to the compact report, separated by commas or repeated: sources,
        /// marks, trace, findings, contributions, samples, repair (or all).
        #[arg(long, value_name = "PARTS")]
        include: Vec<String>,
    }

    impl ReportArgs {
        /// `None` for the full report.
        fn include(&self) -> Result<Option<Include>, String> {
            if self.full {
                return Ok(None);
            }
            Include::parse(&self.include.join(","))
                .map(Some)
                .map_err(|e| format!("--include: {e}"))
        }

        /// `contributions` named (not through `all`) for a check whose
        /// settings make no learned score: an error, since the report would
        /// leave out what was asked for without a word.
        fn contributions_without_score(&self, cfg: &Config) -> Result<(), String> {
            let named = (self.include.iter())
                .flat_map(|p| p.split(','))
                .any(|p| p.trim() == Part::Contributions.name());
            match named && cfg.answer_scoring != claimlab::AnswerScoring::Learned {
                true => Err("--include contributions: these settings make no learned score to explain (it comes with --set answer_scoring=learned or --preset improved)".into()),
                false => Ok(()),
            }
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
    enum Format {
        Json,
        Text,
    }

    #[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
    enum TableFormat {
        Text,
        Json,
        Markdown,
    }

    #[derive(Args)]
    struct CheckArgs {
        /// Source text file (`-` for standard input). May be left out when samples are given.
        #[arg(long, value_name = "FILE")]
        source: Option<String>,
        /// Answer text file (`-` for standard input).
        #[arg(long, value_name = "FILE")]
        answer: Option<String>,
        /// A sampled answer for self-consistency; repeat for several.
        #[arg(long = "sample", value_name = "FILE")]
        samples: Vec<String>,
        /// Sentence vectors for the consistency check (instead of the lexical embedder):
        /// JSON Lines of {"text", "vector"}, or one object text → vector. Needs samples.
        #[arg(long, value_name = "FILE")]
        vectors: Option<String>,
        /// Run a built-in example (see `claimlab examples`); other flags adjust it.
        #[arg(long, value_name = "NAME", conflicts_with_all = ["source", "answer"])]
        example: Option<String>,
        #[command(flatten)]
        settings: SettingsArgs,
        /// Same as --set number_check=false.
        #[arg(long)]
        no_number_check: bool,
        /// Same as --set citation_check=false.
        #[arg(long)]
        no_citation_check: bool,
        /// Same as --set policy=POLICY.
        #[arg(long, value_name = "POLICY", value_parser = PossibleValuesParser::new(Policy::NAMES))]
        policy: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        #[command(flatten)]
        report: ReportArgs,
        /// The question the answer replies to (used for drift and repair).
        #[arg(long, value_name = "Q")]
        question: Option<String>,
        /// SQLite file of earlier answers' fingerprints; checks drift and records this answer.
        #[arg(long, value_name = "FILE", requires = "question")]
        drift_db: Option<String>,
    }

    pub fn main() {
        #[cfg(not(feature = "system-alloc"))]
        crate::allocator::purge_after(crate::allocator::PURGE_MS);
        // A bug must still end in one readable line and exit 2, never a backtrace.
        crate::internal_error::install();
        let code = crate::internal_error::catch(|| match Cli::try_parse() {
            Ok(cli) => run(cli).unwrap_or_else(|msg| {
                eprintln!("claimlab: error: {msg}");
                2
            }),
            Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                eprintln!(
                    "claimlab: error: no command given; use check, examples, eval or batch (see claimlab --help)"
                );
                2
            }
            Err(e) if e.use_stderr() => {
                eprintln!(
                    "claimlab: error: {} (see claimlab --help)",
                    one_line(&e.to_string())
                );
                2
            }
            Err(e) => {
                let _ = e.print(); // --help, --version
                0
            }
        })
        .unwrap_or_else(|msg| {
            eprintln!("claimlab: error: {msg}");
            2
        });
        std::process::exit(code);
    }

    /// Clap's usage errors span several lines; scripts and people want one.
    fn one_line(message: &str) -> String {
        let text: Vec<&str> = message
            .lines()
            .map(str::trim)
            .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
            .filter(|l| !l.is_empty())
            .collect();
        text.join(" ")
            .trim_start_matches("error: ")
            .replace(" tip: ", "; tip: ")
    }

    fn run(cli: Cli) -> Result<i32, String> {
        match cli.command {
            Command::Examples { format } => {
                let all = examples::all();
                let out = match format {
                    Format::Json => {
                        serde_json::to_string_pretty(&all).expect("examples serialise") + "\n"
                    }
                    Format::Text => {
                        let width = all.iter().map(|e| e.name.len()).max().unwrap_or(0);
                        all.iter()
                            .map(|e| format!("{:<width$}  {}\n", e.name, e.title))
                            .collect()
                    }
                };
                print(&out)?;
                Ok(0)
            }
            Command::Settings { format } => {
                let out = match format {
                    TableFormat::Markdown => claimlab::config::settings_markdown(),
                    TableFormat::Text => claimlab::config::settings_text(),
                    TableFormat::Json => {
                        serde_json::to_string_pretty(&claimlab::config::settings_json())
                            .expect("the settings table serialises")
                            + "\n"
                    }
                };
                print(&out)?;
                Ok(0)
            }
            Command::Check(args) => check(args),
            Command::Eval(args) => eval(args),
            Command::Batch(args) => batch(args),
            Command::Train(args) => {
                let model = crate::train::run(
                    std::path::Path::new(&args.data),
                    std::path::Path::new(&args.out),
                    std::path::Path::new(&args.card),
                )?;
                print(&format!(
                    "Wrote {} and {} (decision threshold {}).\n",
                    args.out, args.card, model.decision_threshold
                ))?;
                Ok(0)
            }
        }
    }

    fn batch(args: BatchArgs) -> Result<i32, String> {
        let cfg = args.settings.resolve(Config::default())?;
        args.report.contributions_without_score(&cfg)?;
        if args.input == "-" && args.vectors.as_deref() == Some("-") {
            return Err("only one input can be read from standard input (-)".into());
        }
        let vectors: Option<Vectors> = args.vectors.as_deref().map(vectors::read).transpose()?;
        let output = args.output.as_deref().filter(|&path| path != "-");
        let settings = crate::batch::Settings {
            config: &cfg,
            vectors: vectors.as_ref(),
            skip_bad: args.skip_bad,
            include: args.report.include()?,
            jobs: usize::from(args.jobs),
            output: output.unwrap_or("standard output"),
        };
        let run = |out: &mut dyn Write| crate::batch::run(&args.input, out, &settings);
        if let Some(path) = output {
            // Opening the output empties it: it must not be a file read here.
            let read = std::iter::once(("--input", args.input.as_str()))
                .chain(args.vectors.as_deref().map(|v| ("--vectors", v)));
            for (flag, read) in read {
                if crate::input::same_file(read, path) {
                    return Err(format!(
                        "--output {path} is the {flag} file: writing the reports there would empty it; write them to another file"
                    ));
                }
            }
        }
        let summary = match output {
            Some(path) => {
                let mut file = crate::output_file::ReportsFile::create(path)?;
                let summary = match run(file.writer()) {
                    Ok(summary) => summary,
                    Err(e) => return Err(file.stopped(e, path)),
                };
                file.keep(path)?;
                if summary.output_closed {
                    return Ok(0);
                }
                print(&summary.text())?;
                // The summary went to standard output; the skip count also goes
                // to standard error, where a script looks for trouble.
                if summary.skipped > 0 {
                    eprintln!(
                        "claimlab: {}",
                        summary.skipped_line().replacen("Skipped", "skipped", 1)
                    );
                }
                summary
            }
            None => {
                let mut stdout = std::io::stdout().lock();
                let summary = run(&mut stdout)?;
                if summary.output_closed {
                    // `| head` has what it wanted: stop quietly, exit 0 (as ripgrep does).
                    return Ok(0);
                }
                eprint!("{}", summary.text());
                summary
            }
        };
        Ok(if summary.faithful == summary.answers {
            0
        } else {
            1
        })
    }

    fn eval(args: EvalArgs) -> Result<i32, String> {
        claimlab::eval::protocol::set_threads(usize::from(args.jobs));
        let dataset = claimlab::eval::datasets::Dataset::from_name(&args.dataset)
            .expect("clap checked the name");
        let split = args
            .split
            .clone()
            .unwrap_or_else(|| dataset.default_split().to_string());
        if !dataset.splits().contains(&split.as_str()) {
            return Err(format!(
                "{} has no split {split:?}; its splits are {}",
                dataset.name(),
                dataset.splits().join(", ")
            ));
        }
        let mut cfg = args.settings.resolve(Config::default())?;
        let dir = std::path::Path::new(&args.path);
        if !dir.is_dir() {
            return Err(format!("--path {} is not a directory", args.path));
        }
        let mut reader = eval::Reader::new(args.skip_bad);
        if let Some(tune) = &args.tune_split {
            if !dataset.splits().contains(&tune.as_str())
                || dataset == claimlab::eval::datasets::Dataset::WikiBio
            {
                return Err(format!("{} has no tuning split {tune:?}", dataset.name()));
            }
            let examples = eval::load(dataset, dir, tune, &mut reader)?;
            cfg = eval::tune_threshold(dataset, &examples, &cfg);
            eprintln!(
                "claimlab: threshold chosen on the {tune} split: {}",
                eval::threshold_setting(&cfg)
            );
        }
        let report = if dataset == claimlab::eval::datasets::Dataset::WikiBio {
            let passages = eval::load_wikibio(dir, &mut reader)?;
            eval::evaluate_wikibio(
                &passages,
                reader.skipped(),
                &cfg,
                args.sweep,
                args.examples.as_deref(),
            )?
        } else {
            let examples = eval::load(dataset, dir, &split, &mut reader)?;
            if examples.is_empty() {
                return Err(format!(
                    "no {} examples in the {split} split under {}",
                    dataset.name(),
                    args.path
                ));
            }
            if let Some(path) = &args.examples {
                eval::write_examples(path, &examples, &cfg)?;
            }
            eval::evaluate(
                dataset,
                &split,
                &examples,
                reader.skipped(),
                &cfg,
                args.sweep,
            )
        };
        if let Some(line) = reader.skipped_line() {
            eprintln!("claimlab: {line}");
        }
        let out = match args.format {
            Format::Json => {
                // Figures tidied as check's and batch's are (no 0.19999999999999996).
                claimlab::output::json::pretty(&report) + "\n"
            }
            Format::Text => eval::text(&report),
        };
        print(&out)?;
        Ok(0)
    }

    fn print(s: &str) -> Result<(), String> {
        let mut out = std::io::stdout().lock();
        match out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
            // A closed pipe (`| head`) is not an error worth a message.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            r => r.map_err(|e| format!("cannot write output: {e}")),
        }
    }

    struct Inputs {
        source: String,
        answer: String,
        samples: Vec<String>,
        question: String,
        vectors: Option<GivenVectors>,
        history: Vec<Fingerprint>,
        config: Config,
    }

    fn gather(args: &CheckArgs) -> Result<Inputs, String> {
        if args
            .samples
            .iter()
            .chain(&args.source)
            .chain(&args.answer)
            .chain(&args.vectors)
            .filter(|p| *p == "-")
            .count()
            > 1
        {
            return Err("only one input can be read from standard input (-)".into());
        }
        let mut inputs = match &args.example {
            Some(name) => {
                let ex = examples::by_name(name).ok_or_else(|| {
                    let names: Vec<String> = examples::all().into_iter().map(|e| e.name).collect();
                    format!(
                        "no example named {name:?}; try one of: {}",
                        names.join(", ")
                    )
                })?;
                Inputs {
                    history: ex.history_fingerprints(),
                    source: ex.source,
                    answer: ex.answer,
                    samples: ex.samples,
                    question: ex.question,
                    vectors: ex.vectors,
                    config: ex.config,
                }
            }
            None => {
                let answer_path = args
                    .answer
                    .as_deref()
                    .ok_or("--answer is required (or use --example NAME)")?;
                let answer = read_text(answer_path, "answer")?;
                let source = match &args.source {
                    // A file read as the lab opens it: a transcript or
                    // Markdown cut into numbered passages, other text as it is.
                    Some(p) => {
                        let text = read_text(p, "source")?;
                        import::opened_source(p, text, import::PASSAGE_CHARS).0
                    }
                    None if !args.samples.is_empty() => String::new(),
                    None => {
                        return Err(
                            "--source is required unless samples are given (--sample FILE)".into(),
                        )
                    }
                };
                if args.source.is_some() && source.trim().is_empty() {
                    return Err(format!(
                        "source {} is empty",
                        args.source.as_deref().unwrap_or("")
                    ));
                }
                if answer.trim().is_empty() {
                    return Err(format!("answer {answer_path} is empty"));
                }
                Inputs {
                    source,
                    answer,
                    samples: vec![],
                    question: String::new(),
                    vectors: None,
                    history: vec![],
                    config: Config::default(),
                }
            }
        };
        for (i, path) in args.samples.iter().enumerate() {
            inputs
                .samples
                .push(read_text(path, &format!("sample {}", i + 1))?);
        }
        if let Some(path) = &args.vectors {
            if inputs.samples.is_empty() {
                return Err(
                    "--vectors is for the consistency check, which needs samples (--sample FILE)"
                        .into(),
                );
            }
            // The file's vectors replace an example's own.
            inputs.vectors = Some(vectors::read(path)?.given);
        }
        if let Some(q) = &args.question {
            inputs.question = q.clone();
        }
        let mut shortcuts: Vec<(&str, &str)> = Vec::new();
        if args.no_number_check {
            shortcuts.push(("number_check", "false"));
        }
        if args.no_citation_check {
            shortcuts.push(("citation_check", "false"));
        }
        if let Some(p) = &args.policy {
            shortcuts.push(("policy", p));
        }
        inputs.config = args
            .settings
            .resolve_with(inputs.config.clone(), &shortcuts)?;
        Ok(inputs)
    }

    fn check(args: CheckArgs) -> Result<i32, String> {
        let include = args.report.include()?;
        if args.format == Format::Text && (args.report.full || !args.report.include.is_empty()) {
            return Err("--full and --include shape the JSON report (--format json); the text report is always the same".into());
        }
        let mut inputs = gather(&args)?;
        let cfg = &inputs.config;
        args.report.contributions_without_score(cfg)?;
        let mut store = args
            .drift_db
            .as_deref()
            .map(SqliteStore::open)
            .transpose()?;
        let history = match (&mut store, &args.question) {
            (Some(store), Some(q)) => Some(store.history(q, drift::history_needed(cfg))?),
            (None, Some(_)) => Some(inputs.history.clone()),
            _ if !inputs.history.is_empty() => Some(inputs.history.clone()),
            _ => None,
        };
        let source = std::mem::take(&mut inputs.source);
        let input = CheckInput {
            answer: &inputs.answer,
            samples: &inputs.samples,
            question: &inputs.question,
            history: history.as_deref(),
            latency_ms: 0.0,
            vectors: inputs.vectors.as_ref(),
            // The text report never shows the trace; JSON only when asked.
            skip_trace: args.format == Format::Text || output::leaves_out(include, Part::Trace),
            // The text report shows no source sentence.
            skip_sources: args.format == Format::Text || output::leaves_out(include, Part::Sources),
            earlier: None,
        };
        // A large source is read on every core (the same report); the
        // library's, as the Python package's `check` is.
        let (doc, report) = output::check_source(source, &input, cfg);
        if let (Some(store), Some(q)) = (&mut store, &args.question) {
            store.record(q, &drift::fingerprint(&inputs.answer))?;
        }
        // Given vectors that do not cover every sentence leave consistency
        // to the lexical embedder; the output says so and why.
        let out = match args.format {
            Format::Json => {
                output::report_json(&report, include, &inputs.samples, inputs.vectors.as_ref())
            }
            Format::Text => {
                let fallback = vectors::fallback(&report, &inputs.samples, inputs.vectors.as_ref());
                render::text(&report, fallback.as_ref(), !doc.is_empty())
            }
        };
        print(&out)?;
        let status = if report.all_supported() { 0 } else { 1 };
        // The process ends here: freeing a large source's analysis a token
        // at a time is work no one waits for (6 M instructions at 1 MB).
        std::mem::forget(doc);
        std::mem::forget(report);
        Ok(status)
    }
}
