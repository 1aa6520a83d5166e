//! `claimlab`: the checker core on the command line.
//!
//! Exit status: 0 when every claim is supported, 1 when any is not, 2 on bad
//! input or usage (with one line on standard error). See README.md for the
//! full contract.

#[cfg(not(target_arch = "wasm32"))]
mod drift_store;
#[cfg(not(target_arch = "wasm32"))]
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod render;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::Write;

    use clap::{Args, Parser, Subcommand, ValueEnum};

    use claimlab::checks::consistency::GivenVectors;
    use claimlab::drift::{self, DriftStore, Fingerprint};
    use claimlab::{examples, CheckInput, Config, Document, Policy, Preset};

    use crate::drift_store::SqliteStore;
    use crate::input::{layered_config, read_text};
    use crate::render;

    /// Check an LLM answer against its source, claim by claim.
    #[derive(Parser)]
    #[command(name = "claimlab", version, about, long_about = None)]
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
    }

    #[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
    enum Format {
        Json,
        Text,
    }

    #[derive(Clone, Copy, ValueEnum)]
    enum PolicyArg {
        Block,
        Flag,
    }

    #[derive(Clone, Copy, ValueEnum)]
    enum PresetArg {
        Seed,
        Strict,
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
        /// Run a built-in example (see `claimlab examples`); other flags adjust it.
        #[arg(long, value_name = "NAME", conflicts_with_all = ["source", "answer"])]
        example: Option<String>,
        /// Start from a named preset.
        #[arg(long, value_enum)]
        preset: Option<PresetArg>,
        /// JSON file of settings layered over the preset (unknown keys are errors).
        #[arg(long, value_name = "FILE")]
        config: Option<String>,
        /// Minimum share of a claim's content words one sentence must hold (0–1).
        #[arg(long, value_name = "X")]
        support_threshold: Option<f64>,
        /// Cosine similarity at which a sample sentence agrees with a claim (0–1).
        #[arg(long, value_name = "X")]
        sim_threshold: Option<f64>,
        /// Do not require every number of a claim in its supporting sentence.
        #[arg(long)]
        no_number_check: bool,
        /// Do not require a citation to point at the supporting sentence.
        #[arg(long)]
        no_citation_check: bool,
        /// What a failing claim does to the answer.
        #[arg(long, value_enum)]
        policy: Option<PolicyArg>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// The question the answer replies to (used for drift and repair).
        #[arg(long, value_name = "Q")]
        question: Option<String>,
        /// SQLite file of earlier answers' fingerprints; checks drift and records this answer.
        #[arg(long, value_name = "FILE", requires = "question")]
        drift_db: Option<String>,
    }

    pub fn main() {
        // A bug must still end in one readable line and exit 2, never a backtrace.
        std::panic::set_hook(Box::new(|info| {
            let msg = info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned()).unwrap_or_default();
            eprintln!("claimlab: internal error: {msg} (please report it)");
            std::process::exit(2);
        }));
        let code = match Cli::try_parse() {
            Ok(cli) => run(cli).unwrap_or_else(|msg| {
                eprintln!("claimlab: error: {msg}");
                2
            }),
            Err(e) if e.use_stderr() => {
                eprintln!("claimlab: error: {} (see claimlab --help)", one_line(&e.to_string()));
                2
            }
            Err(e) => {
                let _ = e.print(); // --help, --version
                0
            }
        };
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
        text.join(" ").trim_start_matches("error: ").replace(" tip: ", "; tip: ")
    }

    fn run(cli: Cli) -> Result<i32, String> {
        match cli.command {
            Command::Examples { format } => {
                let all = examples::all();
                let out = match format {
                    Format::Json => serde_json::to_string_pretty(&all).expect("examples serialise") + "\n",
                    Format::Text => {
                        let width = all.iter().map(|e| e.name.len()).max().unwrap_or(0);
                        all.iter().map(|e| format!("{:<width$}  {}\n", e.name, e.title)).collect()
                    }
                };
                print(&out)?;
                Ok(0)
            }
            Command::Check(args) => check(args),
        }
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
        if args.samples.iter().chain(&args.source).chain(&args.answer).filter(|p| *p == "-").count() > 1 {
            return Err("only one input can be read from standard input (-)".into());
        }
        let mut inputs = match &args.example {
            Some(name) => {
                let ex = examples::by_name(name).ok_or_else(|| {
                    let names: Vec<String> = examples::all().into_iter().map(|e| e.name).collect();
                    format!("no example named {name:?}; try one of: {}", names.join(", "))
                })?;
                Inputs {
                    history: ex.history.iter().map(|a| drift::fingerprint(a)).collect(),
                    source: ex.source,
                    answer: ex.answer,
                    samples: ex.samples,
                    question: ex.question,
                    vectors: ex.vectors,
                    config: ex.config,
                }
            }
            None => {
                let answer_path = args.answer.as_deref().ok_or("--answer is required (or use --example NAME)")?;
                let answer = read_text(answer_path, "answer")?;
                let source = match &args.source {
                    Some(p) => read_text(p, "source")?,
                    None if !args.samples.is_empty() => String::new(),
                    None => return Err("--source is required unless samples are given (--sample FILE)".into()),
                };
                if args.source.is_some() && source.trim().is_empty() {
                    return Err(format!("source {} is empty", args.source.as_deref().unwrap_or("")));
                }
                if answer.trim().is_empty() {
                    return Err(format!("answer {answer_path} is empty"));
                }
                Inputs { source, answer, samples: vec![], question: String::new(), vectors: None, history: vec![], config: Config::default() }
            }
        };
        for (i, path) in args.samples.iter().enumerate() {
            inputs.samples.push(read_text(path, &format!("sample {}", i + 1))?);
        }
        if let Some(q) = &args.question {
            inputs.question = q.clone();
        }
        let mut cfg = match args.preset {
            Some(PresetArg::Seed) => Preset::Seed.config(),
            Some(PresetArg::Strict) => Preset::Strict.config(),
            None => inputs.config.clone(),
        };
        if let Some(path) = &args.config {
            cfg = layered_config(path, &cfg)?;
        }
        if let Some(t) = args.support_threshold {
            cfg.support_threshold = t;
        }
        if let Some(t) = args.sim_threshold {
            cfg.sim_threshold = t;
        }
        if args.no_number_check {
            cfg.number_check = false;
        }
        if args.no_citation_check {
            cfg.citation_check = false;
        }
        if let Some(p) = args.policy {
            cfg.policy = match p {
                PolicyArg::Block => Policy::Block,
                PolicyArg::Flag => Policy::Flag,
            };
        }
        cfg.validate()?;
        inputs.config = cfg;
        Ok(inputs)
    }

    fn check(args: CheckArgs) -> Result<i32, String> {
        let inputs = gather(&args)?;
        let cfg = &inputs.config;
        let mut store = args.drift_db.as_deref().map(SqliteStore::open).transpose()?;
        let history = match (&mut store, &args.question) {
            (Some(store), Some(q)) => Some(store.history(q, cfg.drift_window.max(cfg.drift_min_history))?),
            (None, Some(_)) => Some(inputs.history.clone()),
            _ if !inputs.history.is_empty() => Some(inputs.history.clone()),
            _ => None,
        };
        let doc = Document::analyse(&inputs.source, cfg.into());
        let input = CheckInput {
            answer: &inputs.answer,
            samples: &inputs.samples,
            question: &inputs.question,
            history: history.as_deref(),
            latency_ms: 0.0,
            vectors: inputs.vectors.as_ref(),
        };
        let report = claimlab::check(&doc, &input, cfg);
        if let (Some(store), Some(q)) = (&mut store, &args.question) {
            store.record(q, &drift::fingerprint(&inputs.answer))?;
        }
        let out = match args.format {
            Format::Json => serde_json::to_string_pretty(&report).expect("a report serialises") + "\n",
            Format::Text => render::text(&report),
        };
        print(&out)?;
        Ok(if report.all_supported() { 0 } else { 1 })
    }
}
