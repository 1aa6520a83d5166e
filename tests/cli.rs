//! The CLI contract: arguments, JSON shape, exit codes and error messages.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Every run asks for backtraces, so that a panic could not hide behind a
/// short message: errors must still be one line.
fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_claimlab"));
    cmd.env("RUST_BACKTRACE", "1");
    cmd
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("claimlab runs")
}

/// `claimlab check --source SOURCE --answer ANSWER` and `extra`.
fn check_files(source: &Path, answer: &Path, extra: &[&str]) -> Output {
    bin()
        .arg("check")
        .arg("--source")
        .arg(source)
        .arg("--answer")
        .arg(answer)
        .args(extra)
        .output()
        .expect("claimlab runs")
}

fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// The report on the first line of `batch`'s output.
fn first_report(out: &Output) -> Value {
    let first = std::str::from_utf8(&out.stdout).unwrap().lines().next();
    serde_json::from_str(first.unwrap_or_else(|| panic!("no report: {}", stderr(out)))).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Bad input: exit 2 and exactly one line on standard error, no panic, no
/// backtrace, no usage dump.
fn assert_usage_error(out: &Output, expect: &str) {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(out));
    let err = stderr(out);
    assert!(err.contains(expect), "expected {expect:?} in {err:?}");
    assert!(err.ends_with('\n'), "{err:?}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("claimlab: error: "), "{err:?}");
    for noise in [
        "panicked",
        "RUST_BACKTRACE",
        "stack backtrace",
        "Usage:",
        "internal error",
    ] {
        assert!(!err.contains(noise), "{noise:?} in {err:?}");
    }
}

const SOURCE: &str =
    "The Ridgeline bridge opened to traffic in 1998. The main span is 410 metres long.";

#[test]
fn json_report_has_the_documented_fields() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(
        dir.path(),
        "a.txt",
        "The main span is 460 metres long [S2]. Is it old?",
    );
    let out = check_files(&src, &ans, &[]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    let c = &v["claims"][0];
    for key in [
        "id",
        "text",
        "start",
        "end",
        "verdict",
        "support",
        "best_source",
        "best_source_text",
        "reasons",
    ] {
        assert!(c.get(key).is_some(), "claims[].{key} missing");
    }
    // Without samples there is no consistency to report; the answer-level
    // keys are there, null when they do not apply.
    assert!(c.get("consistency").is_none());
    for key in ["drift", "repair", "embedder", "embedder_fallback"] {
        assert!(v.get(key).is_some(), "{key} missing");
    }
    assert_eq!(c["id"], "C1");
    assert_eq!(c["verdict"], "contradicted");
    assert_eq!(c["best_source"], "S2");
    assert_eq!(c["support"], 0.8);
    assert_eq!(c["reasons"][0]["kind"], "number_mismatch");
    assert!(c["reasons"][0]["detail"].as_str().unwrap().contains("460"));
    assert_eq!(
        v["claims"].as_array().unwrap().len(),
        1,
        "the question is not a claim"
    );
    assert_eq!(c["best_source_text"], "The main span is 410 metres long.");
    assert_eq!(v["decision"], "block");
    assert!(v["headline"].as_str().unwrap().starts_with("Block"));
    // The compact report leaves the lab's parts out unless asked.
    for key in ["sources", "trace", "samples"] {
        assert!(v.get(key).is_none(), "{key} is in the compact report");
    }
    assert!(c.get("marks").is_none() && c.get("missing_words").is_none());
    let with = |extra: &[&str]| json(&check_files(&src, &ans, extra));
    let v = with(&["--include", "sources,marks"]);
    assert_eq!(v["sources"][1]["id"], "S2");
    assert_eq!(v["sources"][1]["text"], "The main span is 410 metres long.");
    for key in ["id", "text", "start", "end"] {
        assert!(
            v["sources"][0].get(key).is_some(),
            "sources[].{key} missing"
        );
    }
    assert!(v["claims"][0]["marks"].is_array());
    assert!(v.get("trace").is_none());
    // The full report is the lab's: every part, and no compact-only fields.
    let full = with(&["--full"]);
    for key in ["sources", "trace", "samples", "embedder_fallback"] {
        assert!(full.get(key).is_some(), "--full lacks {key}");
    }
    assert!(full["claims"][0].get("missing_words").is_some());
    assert!(full["claims"][0].get("best_source_text").is_none());
    // A wrong part is a clear error, naming the right ones.
    let out = check_files(&src, &ans, &["--include", "trace,sourcez"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("\"sourcez\"") && err.contains("sources, marks"),
        "{err}"
    );
    // --include shapes JSON only: with the text report it says so.
    let out = check_files(&src, &ans, &["--format", "text", "--full"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("JSON report"), "{}", stderr(&out));
    // Contributions named without a learned score: said, not left out
    // without a word (a stranger's finding); with one, or through `all`,
    // the report is written.
    let out = check_files(&src, &ans, &["--include", "marks,contributions"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("answer_scoring=learned"),
        "{}",
        stderr(&out)
    );
    let learned = with(&["--include", "contributions", "--preset", "improved"]);
    assert!(
        learned["answer_score"].get("contributions").is_some(),
        "{learned}"
    );
    assert!(with(&["--include", "all"]).get("sources").is_some());
}

/// A source with no sentence ends is cut into sentences of at most
/// `LONGEST_SENTENCE_BYTES` at blanks (it was one sentence, and 100 claims
/// on a 1 MB line made a 100 MB report): each claim's report carries an
/// excerpt of its piece around the words it shares; the sources list the
/// pieces whole when asked.
#[test]
fn a_long_best_sentence_is_reported_once_per_claim_as_an_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    let cells: Vec<String> = (0..20_000).map(|i| format!("cell{i} value {i}")).collect();
    let source = file(dir.path(), "s.txt", cells.join(", "));
    let answer: String = (0..40)
        .map(|i| format!("The cell{} value is {}. ", i * 400, i * 400))
        .collect();
    let answer = file(dir.path(), "a.txt", &answer);
    let out = check_files(&source, &answer, &["--format", "json"]);
    let report = json(&out);
    assert!(out.stdout.len() < 40 * 1_000, "{} bytes", out.stdout.len());
    for (i, claim) in report["claims"].as_array().unwrap().iter().enumerate() {
        let text = claim["best_source_text"].as_str().unwrap();
        assert!(text.chars().count() <= 402, "{text}");
        assert!(text.contains(&format!("cell{} value", i * 400)), "{text}");
        assert_eq!(claim["verdict"], "supported", "{claim}");
    }
    let whole = json(&check_files(
        &source,
        &answer,
        &["--format", "json", "--include", "sources"],
    ));
    let longest = claimlab::text::sentences::LONGEST_SENTENCE_BYTES;
    let pieces: Vec<&str> = whole["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert!(pieces.iter().all(|p| p.len() <= longest));
    assert!(pieces[..pieces.len() - 1]
        .iter()
        .all(|p| p.len() > longest / 2));
    assert_eq!(pieces.join(" "), cells.join(", "));
}

/// A source of 256 KB or more is read on every core and indexed for the
/// answer's words only: appending passages that share no word with the
/// answer changes no claim's verdict, support or best sentence.
#[test]
fn a_large_source_gives_the_verdicts_of_its_small_part() {
    let dir = tempfile::tempdir().unwrap();
    let small = "The bridge opened in 1998 and its main span is 410 metres long.\n\n\
                 The mayor, Ana Ruiz, cut the ribbon while children were crying with joy.\n\n\
                 Tolls are not charged on Sundays.";
    let answer = "The bridge opened in 1998 [1]. Its main span is 460 metres long. \
                  The mayor, Ana Ruiz, cut the ribbon. The children cried. \
                  Tolls are charged on Sundays. The engineer, Olaf Berg, designed it.";
    let pad: String = (0..9_000)
        .map(|i| format!("\n\nQuartz glaciers migrate {i} leagues northward every winter."))
        .collect();
    let answer = file(dir.path(), "a.txt", answer);
    let claims = |source: &str, name: &str| {
        let out = check_files(
            &file(dir.path(), name, source),
            &answer,
            &["--format", "json"],
        );
        let report = json(&out);
        report["claims"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["verdict"].clone(),
                    c["support"].clone(),
                    c["best_source_text"].clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    let large = format!("{small}{pad}");
    assert!(large.len() > 256 * 1024);
    let want = claims(small, "small.txt");
    assert_eq!(want.len(), 6);
    assert_eq!(claims(&large, "large.txt"), want);
}

#[test]
fn exit_0_when_every_claim_is_supported() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(dir.path(), "a.txt", "The main span is 410 metres long.");
    let out = check_files(&src, &ans, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["decision"], "deliver");
}

#[test]
fn dash_reads_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let out = run_stdin(
        &["check", "--source", src.to_str().unwrap(), "--answer", "-"],
        b"The bridge opened in 1998.",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json(&out)["claims"][0]["best_source"], "S1");
}

#[test]
fn samples_alone_check_self_consistency_without_a_source() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "Tagore was born in Mumbai.");
    let s1 = file(dir.path(), "1.txt", "Tagore was born in Kolkata.");
    let s2 = file(dir.path(), "2.txt", "Tagore was born in Calcutta.");
    let out = run(&[
        "check",
        "--answer",
        ans.to_str().unwrap(),
        "--sample",
        s1.to_str().unwrap(),
        "--sample",
        s2.to_str().unwrap(),
        "--full",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["claims"][0]["consistency"]["agreement"], 0.0);
    assert!(v["claims"][0]["best_source"].is_null());
    assert!(v["sources"].as_array().unwrap().is_empty());
}

#[test]
fn flags_change_the_settings() {
    let out = run(&["check", "--example", "opening-answer", "--no-number-check"]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["check", "--example", "opening-answer", "--policy", "flag"]);
    assert_eq!(json(&out)["decision"], "deliver_with_flags");
    let out = run(&[
        "check",
        "--example",
        "wrong-citation",
        "--no-citation-check",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--support-threshold",
        "0.65",
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--preset",
        "strict",
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    let out = run(&["check", "--example", "tagore", "--sim-threshold", "0.1"]);
    assert_eq!(json(&out)["claims"][1]["consistency"]["agreement"], 1.0);
}

/// With no source the text report says how many samples agree, and lists
/// no words "not in the source" (a stranger read that as a source missing).
#[test]
fn a_check_without_a_source_lists_no_words_missing_from_it() {
    let out = run(&["check", "--example", "tagore", "--format", "text"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Only 1 of 3 samples agree"), "{text}");
    assert!(!text.contains("not in the source"), "{text}");
}

#[test]
fn config_file_layers_over_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = file(dir.path(), "c.json", r#"{"support_threshold": 0.65}"#);
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--config",
        cfg.to_str().unwrap(),
    ]);
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
}

/// Deterministic bytes that look like a random binary file (xorshift).
fn noise(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

const GOOD_LINE: &str = r#"{"question": "When?", "context": "The Ridgeline bridge opened to traffic in 1998.", "answer": "The bridge opened in 1998."}"#;

#[test]
fn missing_file_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let a = ans.to_str().unwrap();
    assert_usage_error(
        &run(&["check", "--source", "/no/such/file", "--answer", a]),
        "cannot read source file /no/such/file: no such file",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--config", "/no/such.json"]),
        "cannot read config file /no/such.json: no such file",
    );
    assert_usage_error(
        &run(&["batch", "--input", "/no/such.jsonl"]),
        "cannot read /no/such.jsonl: no such file",
    );
    assert_usage_error(
        &run(&["eval", "--dataset", "halueval", "--path", "/no/such/dir"]),
        "not a directory",
    );
}

#[test]
fn directory_given_as_a_file_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let (d, a) = (dir.path().to_str().unwrap(), ans.to_str().unwrap());
    assert_usage_error(
        &run(&["check", "--source", d, "--answer", a]),
        "is a directory, not a file",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--config", d]),
        "is a directory, not a file",
    );
    assert_usage_error(
        &run(&["batch", "--input", d]),
        "is a directory, not a JSON Lines file",
    );
}

#[test]
fn file_that_is_not_utf8_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let latin1 = file(dir.path(), "latin1.txt", b"caf\xe9 au lait".as_slice());
    assert_usage_error(
        &check_files(&latin1, &ans, &[]),
        "not UTF-8 text (invalid byte at offset 3)",
    );
    let jsonl = file(
        dir.path(),
        "latin1.jsonl",
        b"{\"context\": \"caf\xe9\", \"answer\": \"Yes.\"}\n".as_slice(),
    );
    assert_usage_error(
        &run(&["batch", "--input", jsonl.to_str().unwrap()]),
        "latin1.jsonl:1: not UTF-8 text",
    );
}

#[test]
fn empty_file_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let empty = file(dir.path(), "empty.txt", "  \n");
    let (s, a, e) = (
        src.to_str().unwrap(),
        ans.to_str().unwrap(),
        empty.to_str().unwrap(),
    );
    assert_usage_error(&run(&["check", "--source", e, "--answer", a]), "source");
    assert_usage_error(&run(&["check", "--source", e, "--answer", a]), "is empty");
    assert_usage_error(&run(&["check", "--source", s, "--answer", e]), "answer");
    assert_usage_error(&run(&["check", "--source", s, "--answer", e]), "is empty");
    let nothing = file(dir.path(), "nothing.jsonl", "");
    assert_usage_error(
        &run(&["batch", "--input", nothing.to_str().unwrap()]),
        "nothing.jsonl is empty",
    );
    assert_usage_error(&run(&["batch", "--input", e]), "is empty");
}

#[test]
fn binary_file_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let a = ans.to_str().unwrap();
    let elf = file(
        dir.path(),
        "bin.dat",
        b"\x7fELF\x02\x01\x01\x00\x00".as_slice(),
    );
    let random = file(dir.path(), "random.dat", noise(64 * 1024));
    for bin in [&elf, &random] {
        let b = bin.to_str().unwrap();
        assert_usage_error(
            &run(&["check", "--source", b, "--answer", a]),
            "looks binary",
        );
        assert_usage_error(
            &run(&["check", "--example", "tagore", "--config", b]),
            "looks binary",
        );
        // A binary batch input stops at its first line; skipping every line
        // of it leaves nothing to check, which is still an error.
        assert_usage_error(&run(&["batch", "--input", b]), ":1: ");
        assert_usage_error(
            &run(&["batch", "--input", b, "--skip-bad"]),
            "could be checked",
        );
    }
    assert_usage_error(
        &run(&["batch", "--input", elf.to_str().unwrap()]),
        "bin.dat:1: looks binary",
    );
}

#[test]
fn file_over_the_size_limit_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(100 * 1024 * 1024).unwrap(); // sparse: costs no disk
    let ans = file(dir.path(), "a.txt", "Fine.");
    let (b, a) = (big.to_str().unwrap(), ans.to_str().unwrap());
    assert_usage_error(
        &run(&["check", "--source", b, "--answer", a]),
        "source file",
    );
    assert_usage_error(
        &run(&["check", "--source", b, "--answer", a]),
        "is 104857600 bytes, over the 16 MB limit (16777216 bytes)",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--config", b]),
        "config file",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--config", b]),
        "is 104857600 bytes, over the 16 MB limit (16777216 bytes)",
    );
    // batch streams, so a large file is fine; its one 100 MB line (of NUL
    // bytes here) is not, and is refused without being held in memory.
    assert_usage_error(&run(&["batch", "--input", b]), "big.txt:1: looks binary");
    // One byte over is told as such, not rounded to the limit itself.
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(16 * 1024 * 1024 + 1).unwrap();
    assert_usage_error(
        &run(&["check", "--source", b, "--answer", a]),
        "is 16777217 bytes, over the 16 MB limit (16777216 bytes)",
    );
}

/// A file that tells no size (a device, a pipe) is read only up to the
/// limit: `/dev/zero` as a source was read until memory ran out, and as
/// `batch`'s input, a line of NUL bytes that never ends, read forever.
#[cfg(target_os = "linux")]
#[test]
fn an_endless_input_is_refused_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let ans = file(dir.path(), "a.txt", "Fine.");
    let a = ans.to_str().unwrap();
    assert_usage_error(
        &run(&["check", "--source", "/dev/zero", "--answer", a]),
        "source file /dev/zero is larger than the 16 MB limit (16777216 bytes)",
    );
    assert_usage_error(
        &run(&["batch", "--input", "/dev/zero"]),
        "/dev/zero:1: looks binary",
    );
    // Skipping bad lines skips a line's rest only so far.
    assert_usage_error(
        &run(&["batch", "--input", "/dev/zero", "--skip-bad"]),
        "a bad line runs on past 64 MB with no line end",
    );
}

#[test]
fn batch_line_over_the_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(GOOD_LINE);
    text.push_str("\n{\"context\": \"x\", \"answer\": \"");
    text.push_str(&"a".repeat(17 * 1024 * 1024));
    text.push_str("\"}\n");
    let input = file(dir.path(), "long.jsonl", text);
    let i = input.to_str().unwrap();
    assert_usage_error(
        &run(&["batch", "--input", i]),
        "long.jsonl:2: line is longer than the 16 MB limit",
    );
    let out = run(&["batch", "--input", i, "--skip-bad"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("Skipped 1 bad line (first "));
}

#[test]
fn batch_text_holding_an_escaped_nul_is_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    for (line, field) in [
        (
            r#"{"context": "The cafe is open.", "answer": "The cafe is open.\u0000 Yes."}"#,
            "answer",
        ),
        (
            r#"{"context": ["Open.", "Shut\u0000."], "answer": "Open."}"#,
            "context",
        ),
        (
            r#"{"question": "Q\u0000", "context": "Open.", "answer": "Open."}"#,
            "question",
        ),
        (
            r#"{"context": "Open.", "answer": "Open.", "samples": ["Open.", "\u0000"]}"#,
            "samples",
        ),
    ] {
        let input = file(dir.path(), "nul.jsonl", format!("{GOOD_LINE}\n{line}\n"));
        let i = input.to_str().unwrap();
        assert_usage_error(
            &run(&["batch", "--input", i]),
            &format!("nul.jsonl:2: {field} holds a NUL character (\\u0000); expected text"),
        );
        let out = run(&["batch", "--input", i, "--skip-bad"]);
        assert!(
            stderr(&out).contains("Skipped 1 bad line (first "),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn unknown_flag_exits_2_with_one_line() {
    for args in [
        vec!["--bogus"],
        vec!["check", "--bogus"],
        vec!["batch", "--input", "x.jsonl", "--bogus"],
        vec!["eval", "--bogus"],
    ] {
        let out = run(&args);
        assert_usage_error(&out, "unexpected argument '--bogus'");
        assert!(stderr(&out).contains("(see claimlab --help)"), "{args:?}");
    }
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--policy", "maybe"]),
        "invalid value 'maybe' for '--policy <POLICY>'",
    );
    assert_usage_error(&run(&["frobnicate"]), "unrecognized subcommand");
    assert_usage_error(&run(&[]), "no command given");
    assert_usage_error(&run(&["batch"]), "--input");
}

#[test]
fn help_and_version_exit_0() {
    for args in [
        vec!["--help"],
        vec!["-h"],
        vec!["help"],
        vec!["check", "--help"],
        vec!["batch", "--help"],
        vec!["--version"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    let version = String::from_utf8(run(&["--version"]).stdout).unwrap();
    assert_eq!(
        version.trim(),
        concat!("claimlab ", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn bad_config_json_reports_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let config = |name: &str, text: &str| -> Output {
        let cfg = file(dir.path(), name, text);
        run(&[
            "check",
            "--example",
            "opening-answer",
            "--config",
            cfg.to_str().unwrap(),
        ])
    };
    let out = config(
        "bad.json",
        "{\n  \"support_threshold\": 0.5,\n  \"policy\": \"maybe\"\n}",
    );
    assert_usage_error(&out, "bad.json: unknown variant `maybe`");
    assert_usage_error(&out, "at line 3 column 19");
    assert_usage_error(
        &config("broken.json", "{\"support_threshold\": "),
        "broken.json: EOF while parsing a value at line 1 column 22",
    );
    assert_usage_error(
        &config("comma.json", "{\n  \"support_threshold\": 0.5,\n}\n"),
        "trailing comma at line 3 column 1",
    );
    assert_usage_error(
        &config("typo.json", r#"{"suport_threshold": 0.5}"#),
        "unknown field `suport_threshold`",
    );
    assert_usage_error(
        &config("type.json", r#"{"support_threshold": "high"}"#),
        "invalid type: string \"high\", expected f64 at line 1 column 28",
    );
}

#[test]
fn other_usage_errors_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "s.txt", SOURCE);
    let ans = file(dir.path(), "a.txt", "The bridge opened in 1998.");
    let (s, a) = (src.to_str().unwrap(), ans.to_str().unwrap());
    assert_usage_error(&run(&["check", "--answer", a]), "--source is required");
    assert_usage_error(&run(&["check", "--source", s]), "--answer is required");
    assert_usage_error(
        &run(&["check", "--example", "nope"]),
        "no example named \"nope\"",
    );
    assert_usage_error(
        &run(&["check", "--example", "tagore", "--support-threshold", "1.5"]),
        "support_threshold must be between 0 and 1",
    );
    assert_usage_error(
        &run(&["check", "--source", "-", "--answer", "-"]),
        "only one input",
    );
}

#[test]
fn batch_lines_of_the_wrong_shape_say_what_a_line_must_be() {
    let dir = tempfile::tempdir().unwrap();
    for (line, expect) in [
        (
            "[1, 2]",
            "in.jsonl:1: a line must be a JSON object ({\"context\": …, \"answer\": …}); this one starts with `[`",
        ),
        ("\"A cat sat.\"", "this one starts with `\"`"),
        (
            "{\"context\": {\"a\": 1}, \"answer\": \"A cat sat.\"}",
            "in.jsonl:1: `context` must be a text or a list of passage texts at column",
        ),
    ] {
        let input = file(dir.path(), "in.jsonl", format!("{line}\n"));
        let out = run(&["batch", "--input", input.to_str().unwrap()]);
        assert_usage_error(&out, expect);
    }
}

#[test]
fn batch_broken_line_stops_with_its_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(
        dir.path(),
        "in.jsonl",
        format!("{GOOD_LINE}\n{{\"context\": \"A.\", \"answer\": \n{GOOD_LINE}\n"),
    );
    let out = run(&["batch", "--input", input.to_str().unwrap()]);
    assert_usage_error(
        &out,
        "in.jsonl:2: not valid JSON: EOF while parsing a value at column 28",
    );
    assert_usage_error(&out, "(use --skip-bad to skip bad lines)");
    // Reports already written stay: the run stops at the bad line.
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    let out = run_stdin(
        &["batch", "--input", "-"],
        format!("{GOOD_LINE}\nnot json\n").as_bytes(),
    );
    assert_usage_error(
        &out,
        "<stdin>:2: not valid JSON: expected ident at column 2",
    );
    // A field of the wrong type is named.
    let out = run_stdin(
        &["batch", "--input", "-"],
        b"{\"context\": \"The sky is blue.\", \"answer\": 17}\n",
    );
    assert_usage_error(
        &out,
        "<stdin>:1: answer: invalid type: integer `17`, expected a string at column",
    );
}

/// Lines of every kind: faithful, wrong numbers, invented names, passages
/// with citations, samples, a blank line, and (with `bad`) broken lines
/// past the first share of work.
fn varied_lines(n: usize, bad: bool) -> String {
    let mut out = String::new();
    for i in 0..n {
        let line = match i % 5 {
            0 => format!(
                r#"{{"question": "When?", "context": "The bridge opened in {y}. It is {m} metres long.", "answer": "The bridge opened in {y}."}}"#,
                y = 1900 + i,
                m = 100 + i
            ),
            1 => format!(
                r#"{{"context": "The bridge opened in {y}.", "answer": "The bridge opened in {z} and was built by Acme {i}."}}"#,
                y = 1900 + i,
                z = 1950 + i
            ),
            2 => format!(
                r#"{{"context": ["Ann hired Bo in {i}.", "Bo left in {j}."], "answer": "Ann hired Bo in {i} [1]. Bo left in {j} [1]."}}"#,
                j = i + 3
            ),
            3 => format!(
                r#"{{"context": "Tagore was born in Calcutta in 1861.", "answer": "Tagore was born in Calcutta.", "samples": ["Tagore was born in Calcutta.", "Tagore was born in Dhaka in {i}."]}}"#
            ),
            _ => String::new(),
        };
        out += &line;
        out.push('\n');
        if bad && (i == 150 || i == 301) {
            out += "not json\n";
        }
    }
    out
}

/// Answers checked against one source in a row read it once (`batch`
/// keeps the last sources' analyses): each report is still the one the
/// line gets alone, sources interleaved or not, on one thread or two.
#[test]
fn answers_sharing_a_source_get_the_reports_each_would_get_alone() {
    let dir = tempfile::tempdir().unwrap();
    let bridge = "The Ridgeline bridge opened in 1998. Its main span is 410 metres long. It carries four lanes.";
    let hired = r#"["Ann hired Bo in 2001.", "Bo left in 2004."]"#;
    let answers = [
        (bridge, "The bridge opened in 1998."),
        (bridge, "The main span is 520 metres long."),
        (hired, "Ann hired Bo in 2001 [1]. Bo left in 2004 [2]."),
        (
            bridge,
            "It carries four lanes and was designed by Acme Corp.",
        ),
        (hired, "Bo never left [2]."),
        (bridge, "The bridge opened in 1998."),
        (hired, "Ann hired Bo in 2001 [1]."),
    ];
    let lines: Vec<String> = answers
        .iter()
        .map(|(context, answer)| {
            let context = if context.starts_with('[') {
                context.to_string()
            } else {
                format!("{context:?}")
            };
            format!(r#"{{"context": {context}, "answer": {answer:?}}}"#)
        })
        .collect();
    let alone: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(n, line)| {
            let input = file(dir.path(), &format!("line{n}.jsonl"), format!("{line}\n"));
            let out = run(&["batch", "--input", input.to_str().unwrap(), "--full"]);
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    let input = file(dir.path(), "all.jsonl", lines.join("\n"));
    for jobs in ["1", "2"] {
        let out = run(&[
            "batch",
            "--input",
            input.to_str().unwrap(),
            "--full",
            "--jobs",
            jobs,
        ]);
        let reports = String::from_utf8_lossy(&out.stdout);
        let reports: Vec<String> = reports.lines().map(|l| format!("{l}\n")).collect();
        assert_eq!(reports.len(), lines.len(), "{}", stderr(&out));
        for (n, (together, alone)) in reports.iter().zip(&alone).enumerate() {
            assert_eq!(
                together,
                alone,
                "line {} differs from its report alone (--jobs {jobs})",
                n + 1
            );
        }
    }
}

#[test]
fn batch_output_is_the_same_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "in.jsonl", varied_lines(400, true));
    let i = input.to_str().unwrap();
    let runs: Vec<_> = ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            run(&[
                "batch",
                "--input",
                i,
                "--skip-bad",
                "--preset",
                "improved",
                "--jobs",
                jobs,
            ])
        })
        .collect();
    for out in &runs {
        // Exit 1: some answers are not faithful.
        assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
        assert_eq!(
            out.stdout, runs[0].stdout,
            "reports differ with the number of threads"
        );
        assert_eq!(stderr(out), stderr(&runs[0]));
    }
    // 320 reports, and the 2 bad lines in their places.
    assert_eq!(
        String::from_utf8_lossy(&runs[0].stdout).lines().count(),
        322
    );
    assert!(
        stderr(&runs[0]).contains("Skipped 2 bad lines (first ")
            && stderr(&runs[0]).contains("in.jsonl:152:"),
        "{}",
        stderr(&runs[0])
    );
    // Without --skip-bad the run stops at the first bad line, having
    // written every report before it, on any number of threads.
    for jobs in ["1", "2", "5"] {
        let out = run(&["batch", "--input", i, "--jobs", jobs]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("in.jsonl:152:"), "{}", stderr(&out));
        let written = String::from_utf8_lossy(&out.stdout).lines().count();
        assert_eq!(written, 121, "jobs {jobs}: the reports before line 152");
    }
}

/// A batch's lines share its threads' word memory; a line's report is the
/// report that line gets alone, in any order, whatever the lines around it
/// (sources in several languages sharing words: "restaurant", "nation",
/// "mission"; stemmed English beside unstemmed others).
#[test]
fn a_batch_lines_report_is_the_report_it_gets_alone() {
    let lines = [
        r#"{"context": "The national restaurant opened its mission in 1998. Its nations travelled.", "answer": "The national restaurants opened in 1999. The mission travels."}"#,
        r#"{"context": "Das nationale Restaurant eröffnete 1998 seine Mission. Die Nationen reisten.", "answer": "Das Restaurant eröffnete 1998. Die Mission reiste nach Berlin."}"#,
        r#"{"context": "Le restaurant national a ouvert sa mission en 1998. Les nations voyageaient.", "answer": "Le restaurant national a ouvert en 1999 avec Jean Dupont."}"#,
        r#"{"context": "El restaurante nacional abrió su misión en 1998.", "answer": "El restaurante nacional abrió su misión en 1998."}"#,
        r#"{"context": "Restaurants opened. Missions travelled nationally, said Maria Lopez.", "answer": "Maria Lopez said the restaurant opened; the missions did not travel."}"#,
    ];
    let dir = tempfile::tempdir().unwrap();
    for preset in ["seed", "improved"] {
        let alone: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let f = file(dir.path(), &format!("{preset}-{k}.jsonl"), format!("{l}\n"));
                let out = run(&["batch", "--input", f.to_str().unwrap(), "--preset", preset]);
                String::from_utf8(out.stdout).unwrap()
            })
            .collect();
        for order in [
            vec![0, 1, 2, 3, 4],
            vec![4, 3, 2, 1, 0],
            vec![2, 0, 4, 1, 3],
        ] {
            let body: String = order.iter().map(|&k| format!("{}\n", lines[k])).collect();
            let f = file(dir.path(), &format!("{preset}-all.jsonl"), body);
            for jobs in ["1", "2"] {
                let out = run(&[
                    "batch",
                    "--input",
                    f.to_str().unwrap(),
                    "--preset",
                    preset,
                    "--jobs",
                    jobs,
                ]);
                let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
                assert_eq!(got.len(), lines.len(), "{}", stderr(&out));
                for (report, &k) in got.iter().zip(&order) {
                    assert_eq!(
                        format!("{report}\n"),
                        alone[k],
                        "{preset}, order {order:?}, jobs {jobs}: line {k} differs from its report alone"
                    );
                }
            }
        }
    }
}

#[test]
fn batch_writes_a_lines_id_back_first() {
    let dir = tempfile::tempdir().unwrap();
    let text = [
        r#"{"id": "q-7", "context": "The sky is blue.", "answer": "The sky is blue."}"#,
        r#"{"context": "The sky is blue.", "answer": "The sky is green.", "id": 12}"#,
        r#"{"context": "The sky is blue.", "answer": "The sky is blue."}"#,
    ]
    .join("\n");
    let input = file(dir.path(), "in.jsonl", text + "\n");
    let i = input.to_str().unwrap();
    for extra in [&[][..], &["--full"][..]] {
        let out = run(&[&["batch", "--input", i][..], extra].concat());
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{stdout}");
        // The id first, as given; a line without one has none.
        assert!(lines[0].starts_with(r#"{"id":"q-7","#), "{}", lines[0]);
        assert!(lines[1].starts_with(r#"{"id":12,"#), "{}", lines[1]);
        let third: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
        assert!(
            third.get("id").is_none() && third["decision"] == "deliver",
            "{third}"
        );
    }
}

#[test]
fn batch_skip_bad_skips_counts_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = format!("{GOOD_LINE}\nnot json\n").into_bytes();
    text.extend_from_slice(b"{\"context\": \"caf\xe9\", \"answer\": \"Yes.\"}\n");
    text.extend_from_slice(b"{\"context\": \"A.\", \"answer\": \"  \"}\n");
    text.extend_from_slice(b"{\"context\": \"\", \"answer\": \"A.\"}\n");
    text.extend_from_slice(format!("{GOOD_LINE}\n").as_bytes());
    let input = file(dir.path(), "in.jsonl", text);
    let i = input.to_str().unwrap();
    // Reports on standard output: the summary, skip count included, on standard error.
    let out = run(&["batch", "--input", i, "--skip-bad"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Each bad line keeps its place, with its line number and reason.
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(lines[0].starts_with("{\"decision\":") && lines[5].starts_with("{\"decision\":"));
    assert_eq!(
        lines[1],
        r#"{"line":2,"error":"not valid JSON: expected ident at column 2"}"#
    );
    for (k, n) in [(2, 3), (3, 4), (4, 5)] {
        let bad: serde_json::Value = serde_json::from_str(&lines[k]).unwrap();
        assert_eq!(bad["line"], n, "{bad}");
        assert!(
            bad["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{bad}"
        );
    }
    assert!(lines[3].contains("answer is empty"), "{}", lines[3]);
    let err = stderr(&out);
    assert!(err.contains("Faithful: 2/2 (100%)"), "{err}");
    assert!(
        err.contains("Skipped 4 bad lines (first ")
            && err.contains("in.jsonl:2: not valid JSON: expected ident"),
        "{err}"
    );
    // Reports to a file: the summary on standard output, the skip count
    // still on standard error, as one line.
    let reports = dir.path().join("out.jsonl");
    let out = run(&[
        "batch",
        "--input",
        i,
        "--skip-bad",
        "--output",
        reports.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&reports).unwrap().lines().count(),
        6
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Faithful: 2/2 (100%)"));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("claimlab: skipped 4 bad lines (first ") && err.contains("in.jsonl:2:"),
        "{err}"
    );
}

#[test]
fn batch_stops_quietly_when_the_reader_closes_the_pipe() {
    // `claimlab batch … | head -n 1`: far more reports than a pipe holds, a
    // reader that takes one line and leaves.
    let dir = tempfile::tempdir().unwrap();
    let input = file(
        dir.path(),
        "in.jsonl",
        format!("{GOOD_LINE}\n").repeat(5_000),
    );
    let mut child = bin()
        .args(["batch", "--input", input.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    // The reader (and with it the pipe's read end) is gone here.
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with("{\"decision\""), "{first}");
    assert_eq!(stderr(&out), "", "nothing to say about a closed pipe");
    assert_eq!(out.status.code(), Some(0));
}

/// A tiny HaluEval folder: `good` pairs with a broken line after the first.
fn halueval_dir(dir: &Path, bad_lines: &[&[u8]]) -> String {
    let pair = r#"{"knowledge": "The Ridgeline bridge opened to traffic in 1998.", "question": "When did the Ridgeline bridge open?", "right_answer": "It opened in 1998.", "hallucinated_answer": "It opened in 1987."}"#;
    let mut text = format!("{pair}\n").into_bytes();
    for bad in bad_lines {
        text.extend_from_slice(bad);
        text.push(b'\n');
    }
    text.extend_from_slice(format!("{pair}\n{pair}\n").as_bytes());
    file(dir, "qa_data.json", text);
    dir.to_str().unwrap().to_string()
}

#[test]
fn eval_broken_line_stops_with_its_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = halueval_dir(dir.path(), &[br#"{"knowledge": 3}"#]);
    let out = run(&[
        "eval",
        "--dataset",
        "halueval",
        "--path",
        &path,
        "--split",
        "tune",
    ]);
    assert_usage_error(&out, "qa_data.json:2: invalid type: integer `3`");
    assert_usage_error(&out, "(use --skip-bad to skip bad records)");
    assert!(out.stdout.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let path = halueval_dir(dir.path(), &[b"\x00\x01\x02"]);
    assert_usage_error(
        &run(&[
            "eval",
            "--dataset",
            "halueval",
            "--path",
            &path,
            "--split",
            "tune",
        ]),
        "qa_data.json:2: looks binary",
    );
}

#[test]
fn eval_skip_bad_skips_counts_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = halueval_dir(dir.path(), &[b"{broken", b"caf\xe9"]);
    let out = run(&[
        "eval",
        "--dataset",
        "halueval",
        "--path",
        &path,
        "--split",
        "tune",
        "--format",
        "json",
        "--skip-bad",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["examples"], 6, "three pairs are read");
    assert_eq!(v["skipped_records"], 2);
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("claimlab: skipped 2 bad records (first ")
            && err.contains("qa_data.json:2: key must be a string at column 2"),
        "{err}"
    );
    // A file read twice (to tune, then to report) counts its bad lines once.
    let out = run(&[
        "eval",
        "--dataset",
        "halueval",
        "--path",
        &path,
        "--split",
        "tune",
        "--tune-split",
        "tune",
        "--skip-bad",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("skipped 2 bad records"));
}

#[test]
fn examples_lists_every_built_in_example() {
    let out = run(&["examples"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "opening-answer",
        "invented-fact",
        "wrong-citation",
        "correct-paraphrase",
        "confident-lie",
        "hallucinated-citation",
        "billing-contradiction",
        "answer-drift",
        "clean-answer",
        "tagore",
    ] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name} missing");
    }
    let v = json(&run(&["examples", "--format", "json"]));
    assert_eq!(v.as_array().unwrap().len(), 10);
}

#[test]
fn every_example_runs_and_exits_by_its_verdicts() {
    for (name, code) in [
        ("opening-answer", 1),
        ("clean-answer", 0),
        ("tagore", 1),
        ("correct-paraphrase", 0),
    ] {
        let out = run(&["check", "--example", name, "--include", "trace"]);
        assert_eq!(out.status.code(), Some(code), "{name}: {}", stderr(&out));
        assert!(json(&out)["trace"].as_array().unwrap().len() > 3);
    }
}

#[test]
fn text_format_names_verdicts_and_decision() {
    let out = run(&["check", "--example", "opening-answer", "--format", "text"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("C2  contradicted  S3    0.80"), "{text}");
    assert!(text.contains("Decision: block (first problem C2; policy block)"));
    // What the number check cannot see, once, after the claims.
    assert!(
        text.contains("What these checks cannot see:\n  Numbers: No arithmetic"),
        "{text}"
    );
}

#[test]
fn text_format_shows_the_words_the_best_sentence_lacks() {
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--set",
        "support_threshold=0.65",
        "--format",
        "text",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    // Seed 004: "the longest span measures 410 metres" holds 3 of 5 words of S3.
    assert!(text.contains("└ not in S3: longest, measures"), "{text}");
    assert!(text.contains("Support: "), "{text}");
}

#[test]
fn drift_db_persists_history_between_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("drift.db");
    let src = file(
        dir.path(),
        "s.txt",
        "The Aurora desk lamp (SKU-441) costs $49.99. It ships within two business days.",
    );
    let stable = file(
        dir.path(),
        "stable.txt",
        "The Aurora desk lamp (SKU-441) costs $49.99 and ships within two business days.",
    );
    let drifted = file(
        dir.path(),
        "drifted.txt",
        "The Aurora desk lamp now costs $39.99. It comes with a lifetime warranty.",
    );
    let args = |answer: &Path| -> Vec<String> {
        [
            "check",
            "--source",
            src.to_str().unwrap(),
            "--answer",
            answer.to_str().unwrap(),
            "--question",
            "How much does SKU-441 cost?",
            "--drift-db",
            db.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    for i in 0..5 {
        let out = bin().args(args(&stable)).output().unwrap();
        assert_eq!(json(&out)["drift"]["drifted"], false, "answer {}", i + 1);
    }
    let out = bin().args(args(&drifted)).output().unwrap();
    assert_eq!(json(&out)["drift"]["drifted"], true);
    assert_usage_error(
        &run(&[
            "check",
            "--example",
            "tagore",
            "--drift-db",
            db.to_str().unwrap(),
        ]),
        "--question",
    );
}

#[test]
fn set_changes_any_setting_by_its_table_name() {
    // Seed 004: raising the support threshold to 0.65 makes the paraphrase unsupported.
    let out = run(&[
        "check",
        "--example",
        "correct-paraphrase",
        "--set",
        "support_threshold=0.65",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(json(&out)["claims"][1]["verdict"], "unsupported");
    // A setting with no flag of its own, and a choice.
    let out = run(&[
        "check",
        "--example",
        "opening-answer",
        "--set",
        "repair=false",
        "--set",
        "policy=flag",
    ]);
    let v = json(&out);
    assert_eq!(v["decision"], "deliver_with_flags");
    assert!(v["repair"].is_null());
    // --set comes after --preset and --config.
    let out = run(&[
        "check",
        "--example",
        "clean-answer",
        "--preset",
        "strict",
        "--set",
        "support_threshold=0.5",
    ]);
    assert_eq!(json(&out)["decision"], "deliver");
}

#[test]
fn set_refuses_what_the_table_does_not_allow() {
    let refusals: [(&[&str], &str); 6] = [
        (
            &["--set", "suport_threshold=0.5"],
            "there is no setting suport_threshold (claimlab settings lists them)",
        ),
        (
            &["--set", "support_threshold=7"],
            "support_threshold must be between 0 and 1, got 7",
        ),
        (
            &["--set", "policy=maybe"],
            "policy cannot be \"maybe\": it is block or flag",
        ),
        (&["--set", "policy"], "--set takes NAME=VALUE"),
        (&["--set", "=1"], "--set takes NAME=VALUE, got \"=1\""),
        // A setting given twice with two values, by --set and its shortcut.
        (
            &["--set", "policy=block", "--policy", "flag"],
            "policy is given twice, as block and as flag: give it once",
        ),
    ];
    for (flags, expect) in refusals {
        let mut args = vec!["check", "--example", "tagore"];
        args.extend_from_slice(flags);
        assert_usage_error(&run(&args), expect);
    }
}

#[test]
fn settings_lists_every_setting_of_a_config() {
    let out = run(&["settings", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let rows = json(&out);
    let mut listed: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    let config = json(&run(&["check", "--example", "tagore"]));
    assert!(config.is_object());
    let mut fields: Vec<String> = serde_json::to_value(claimlab::Config::default())
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    listed.sort();
    fields.sort();
    assert_eq!(listed, fields);
    let text = String::from_utf8(run(&["settings"]).stdout).unwrap();
    assert!(text.contains("support_threshold  (0–1; seed 0.5, improved 0.5, strict 0.7)"));
}

/// A meeting transcript as seed 003 reads them.
const TRANSCRIPT: &str = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nWe agreed to ship the beta in March.\n\n2\n00:00:04.500 --> 00:00:07.000\nThe budget for the beta is $50,000.\n";

#[test]
fn a_vtt_source_is_read_as_passages_without_its_cues() {
    let dir = tempfile::tempdir().unwrap();
    let vtt = file(dir.path(), "standup.vtt", TRANSCRIPT);
    let ans = file(
        dir.path(),
        "a.txt",
        "The beta ships in March [1]. Its budget is $50,000.",
    );
    let out = check_files(&vtt, &ans, &["--include", "sources,findings"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    let sources: Vec<&str> = v["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert!(
        sources
            .iter()
            .all(|s| !s.contains("WEBVTT") && !s.contains("-->")),
        "{sources:?}"
    );
    assert!(v["claims"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["verdict"] == "supported"));
    assert_eq!(v["claims"][0]["citations"]["points_to_support"], true);
}

#[test]
fn batch_reads_a_transcript_in_a_record_as_passages() {
    let dir = tempfile::tempdir().unwrap();
    let record =
        serde_json::json!({"context": TRANSCRIPT, "answer": "The budget for the beta is $50,000."});
    let input = file(dir.path(), "in.jsonl", format!("{record}\n").as_str());
    let out = run(&["batch", "--input", input.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: Value =
        serde_json::from_slice(out.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
    let text = report.to_string();
    assert!(
        text.contains("The budget for the beta is $50,000."),
        "{text}"
    );
    assert!(!text.contains("WEBVTT") && !text.contains("-->"), "{text}");
    assert_eq!(report["claims"][0]["verdict"], "supported", "{text}");
}

#[test]
fn json_figures_print_without_floating_point_noise() {
    // Shares like 5/7 and widened f32 cosines would print 17 digits
    // (0.30000000000000004); the CLI prints at most 12 significant ones.
    for example in ["tagore", "confident-lie", "correct-paraphrase"] {
        let out = run(&["check", "--example", example, "--preset", "improved"]);
        let text = String::from_utf8(out.stdout).unwrap();
        let noisy = text
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .find(|n| {
                let significant = n.replace('.', "");
                n.contains('.') && significant.trim_start_matches('0').len() > 12
            });
        assert_eq!(noisy, None, "{example}");
    }
}

#[test]
fn the_text_report_says_the_learned_score_and_the_outcome_in_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let source = file(
        dir.path(),
        "s.txt",
        "The bridge opened in 1932. Its main span is 410 metres long.",
    );
    let answer = file(
        dir.path(),
        "a.txt",
        "The main span is 410 metres long and was painted red by Picasso.",
    );
    let check = |preset| check_files(&source, &answer, &["--format", "text", "--preset", preset]);
    let out = check("improved");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Learned score 0.") && text.contains("weighed most: invented_name +"),
        "{text}"
    );
    assert!(text.contains("C1 is unsupported"), "{text}");
    let seed = check("seed");
    let text = String::from_utf8_lossy(&seed.stdout);
    assert!(
        !text.contains("Learned score") && text.contains("Decision: "),
        "{text}"
    );
}

#[test]
fn include_all_says_what_full_says_and_parts_can_be_repeated() {
    let json_of = |args: &[&str]| {
        let mut all = vec!["check", "--example", "tagore"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert_ne!(out.status.code(), Some(2), "{}", stderr(&out));
        json(&out)
    };
    let full = json_of(&["--full"]);
    let all = json_of(&["--include", "all"]);
    // Every key of the full report, at every level, is in --include all.
    fn keys(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    let here = format!("{at}.{k}");
                    out.push(here.clone());
                    keys(x, &here, out);
                }
            }
            serde_json::Value::Array(xs) => {
                if let Some(x) = xs.first() {
                    keys(x, &format!("{at}[]"), out);
                }
            }
            _ => {}
        }
    }
    let (mut f, mut a) = (Vec::new(), Vec::new());
    keys(&full, "", &mut f);
    keys(&all, "", &mut a);
    let missing: Vec<&String> = f.iter().filter(|k| !a.contains(k)).collect();
    assert!(missing.is_empty(), "--include all lacks {missing:?}");
    // A source that labels its passages: their label numbers too.
    let dir = tempfile::tempdir().unwrap();
    let (src, ans) = (dir.path().join("s.txt"), dir.path().join("a.txt"));
    std::fs::write(
        &src,
        "[12] The ferry sails at noon.\n\n[3] The pier was mended in 1998.",
    )
    .unwrap();
    std::fs::write(&ans, "The pier was mended in 1998 [3].").unwrap();
    let labelled = |part: &str| {
        let (src, ans) = (src.to_str().unwrap(), ans.to_str().unwrap());
        json(&run(&["check", "--source", src, "--answer", ans, part]))
    };
    assert_eq!(
        labelled("--full")["passage_names"],
        serde_json::json!([12, 3])
    );
    assert_eq!(
        labelled("--include=all")["passage_names"],
        serde_json::json!([12, 3])
    );
    assert!(labelled("--full")["claims"][0]["verdict"] == "supported");
    // With samples, the compact claim has its agreement figures, the
    // sample-by-sample matches only with findings.
    let compact = json_of(&[]);
    let c = &compact["claims"][0]["consistency"];
    assert!(
        c["agreement"].is_number() && c.get("matches").is_none(),
        "{c}"
    );
    // Repeating --include adds parts, as commas do.
    let twice = json_of(&["--include", "trace", "--include", "sources"]);
    let commas = json_of(&["--include", "trace,sources"]);
    assert_eq!(twice, commas);
    assert!(twice.get("trace").is_some() && twice.get("sources").is_some());
}

#[test]
fn jobs_out_of_range_is_a_clear_usage_error() {
    for bad in ["-1", "257", "99999999999", "two"] {
        let out = run(&["batch", "--input", "-", "--jobs", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(
            err.starts_with("claimlab: error:") && err.contains("--jobs"),
            "{bad}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// `check` reads a source of 256 KB or more on every core; its report is
/// the one a single thread gives (`batch` reads each line's source on one).
#[test]
fn a_large_source_read_on_every_core_gives_the_report_of_one() {
    let mut source = String::new();
    for k in 0..1800 {
        source += &format!(
            "Passage {k}: The bridge in Town {k} opened in {y} and is {m} metres long. \
             Its builder, Acme Works {k}, did not finish the north ramp until {z}.\n\n",
            y = 1900 + k % 100,
            m = 100 + k,
            z = 1950 + k % 50
        );
    }
    assert!(source.len() >= 256 * 1024, "{} bytes", source.len());
    // The first claim is held only by the last passages (the last share).
    let answer = "The bridge in Town 1790 opened in 1990 and is 1890 metres long. \
                  The bridge in Town 7 is 999 metres long. \
                  Acme Works 40 finished the north ramp, said Dr. Helena Marwick.";
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "source.txt", &source);
    let ans = file(dir.path(), "answer.txt", answer);
    let line = serde_json::json!({ "context": source, "answer": answer }).to_string();
    let input = file(dir.path(), "one.jsonl", line + "\n");
    for preset in ["seed", "improved"] {
        let check = check_files(&src, &ans, &["--format", "json", "--preset", preset]);
        let batch = run(&[
            "batch",
            "--input",
            input.to_str().unwrap(),
            "--preset",
            preset,
        ]);
        let from_batch = first_report(&batch);
        let from_check = json(&check);
        assert_eq!(from_check, from_batch, "{preset}: check and batch differ");
        // Not a vacuous report: the wrong length and the invented name are found.
        let verdicts: Vec<&str> = from_check["claims"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts[0], "supported", "{from_check}");
        assert!(
            verdicts[1..].iter().all(|v| *v != "supported"),
            "{from_check}"
        );
    }
}

/// A large log (a number or identifier every few bytes, none of them but
/// the answer's indexed when `check` reads it for its answer) checked with
/// answers of numbers, identifiers and numbers in words, and a question
/// whose identifiers the answer lacks: `check`'s full report is `batch`'s,
/// which indexes every word and number, repair and re-check included.
#[test]
fn a_large_log_checked_for_its_answer_gives_the_report_batch_gives() {
    // Line k's request id, user and duration.
    let fields = |k: u64| {
        let id = format!("{:08x}", k.wrapping_mul(2_654_435_761) % (1 << 32));
        (id, format!("u{:06}", k * 37 % 1_000_000), 100 + k % 900)
    };
    let mut source = String::new();
    for k in 0u64..4000 {
        let (id, user, ms) = fields(k);
        source += &format!(
            "2024-03-{:02}T{:02}:{:02}:17Z INFO Request {id} from user {user} took {ms} ms.\n",
            k % 28 + 1,
            k % 24,
            k % 60,
        );
    }
    source += "Twenty-one users waited 3 to 4 hours for build B2B-7 on March 5, 2024.\n";
    assert!(source.len() >= 256 * 1024, "{} bytes", source.len());
    let ((id7, user7, ms7), (id1234, user1234, ms1234)) = (fields(7), fields(1234));
    let (id0, user0, _) = fields(0);
    let answers = [
        // Supported, contradicted (a duration 5,000 ms off), supported.
        (
            format!(
                "Request {id7} from user {user7} took {ms7} ms. \
                 Request {id1234} from user {user1234} took {} ms. \
                 Twenty-one users waited three to four hours for build B2B-7.",
                ms1234 + 5000
            ),
            "How long did the build wait?".to_string(),
            ["supported", "contradicted", "supported"],
        ),
        // Nothing the log says: rebuilt from the lines the question's
        // request and user pick out, then re-checked.
        (
            "Bananas are yellow. The moon is made of cheese. Paris hosts the Louvre.".to_string(),
            format!("How long did request {id0} from user {user0} take?"),
            ["unsupported", "unsupported", "unsupported"],
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let src = file(dir.path(), "source.txt", &source);
    for (answer, question, verdicts) in &answers {
        let ans = file(dir.path(), "answer.txt", answer);
        let row = serde_json::json!({ "context": source, "answer": answer, "question": question });
        let input = file(dir.path(), "one.jsonl", row.to_string() + "\n");
        for preset in ["seed", "improved"] {
            let args = ["--full", "--preset", preset];
            let check = check_files(&src, &ans, &[&args[..], &["--question", question]].concat());
            let batch = run(&[&["batch", "--input", input.to_str().unwrap()], &args[..]].concat());
            let from_batch = first_report(&batch);
            // `check` checks drift against the question's (empty) history
            // and traces it; a `batch` row does not.
            let mut from_check = json(&check);
            from_check["drift"] = Value::Null;
            let trace = from_check["trace"].as_array_mut().unwrap();
            trace.retain(|event| event["kind"] != "drift");
            for (i, event) in trace.iter_mut().enumerate() {
                event["index"] = i.into();
            }
            assert_eq!(
                from_check, from_batch,
                "{preset}: check and batch differ for {answer:?}"
            );
            // Not a vacuous report.
            let got: Vec<&str> = from_check["claims"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["verdict"].as_str().unwrap())
                .collect();
            assert_eq!(got, verdicts, "{preset}: {from_check}");
            if got[0] == "unsupported" {
                let repair = &from_check["repair"];
                assert_eq!(repair["strategy"], "grounding_rewrite", "{repair}");
                assert!(repair["recheck"].is_object(), "{repair}");
            }
        }
    }
}

/// The CLI asks mimalloc to give freed pages back at once by the option's
/// number (`src/cli/main.rs`, `allocator::PURGE_DELAY`, 15): the mimalloc
/// it links must list `purge_delay` as its option 15, or the CLI would be
/// setting some other option.
#[cfg(not(feature = "system-alloc"))]
#[test]
fn the_option_the_cli_sets_is_mimallocs_purge_delay() {
    let out = bin()
        .arg("--version")
        .env("MIMALLOC_VERBOSE", "1")
        .output()
        .expect("claimlab runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let options: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("option '")?.split('\'').next())
        .collect();
    assert_eq!(options.get(15), Some(&"purge_delay"), "{stderr}");
}

/// The examples, and every report listing given vectors, come out the same
/// from one run to the next (the vectors were in a table whose hash keys
/// change per process, so their order did).
#[test]
fn the_examples_come_out_the_same_every_run() {
    let first = run(&["examples", "--format", "json"]);
    assert!(first.status.success());
    for _ in 0..3 {
        let again = run(&["examples", "--format", "json"]);
        assert_eq!(again.stdout, first.stdout);
    }
}

/// A stranger wrote a batch's reports over its own input: the file was
/// emptied before it was read. The output is refused when it is a file the
/// batch reads, by any path (a hard link too), and the file is left whole.
#[test]
fn batch_refuses_to_write_its_reports_over_a_file_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "in.jsonl", format!("{GOOD_LINE}\n"));
    let link = dir.path().join("link.jsonl");
    std::fs::hard_link(&input, &link).unwrap();
    let vectors = file(dir.path(), "v.jsonl", r#"{"text": "a", "vector": [1.0]}"#);
    let i = input.to_str().unwrap();
    for (output, flag, extra) in [
        (i, "--input", vec![]),
        (link.to_str().unwrap(), "--input", vec![]),
        (
            vectors.to_str().unwrap(),
            "--vectors",
            vec!["--vectors", vectors.to_str().unwrap()],
        ),
    ] {
        let mut args = vec!["batch", "--input", i, "--output", output];
        args.extend(extra);
        assert_usage_error(
            &run(&args),
            &format!("--output {output} is the {flag} file"),
        );
    }
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        format!("{GOOD_LINE}\n")
    );
    assert!(std::fs::read_to_string(&vectors)
        .unwrap()
        .contains("vector"));
    // Another file is written as before.
    let elsewhere = dir.path().join("out.jsonl");
    let out = run(&[
        "batch",
        "--input",
        i,
        "--output",
        elsewhere.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&elsewhere).unwrap().lines().count(),
        1
    );
}

/// `--output -` is standard output, as `--input -` is standard input (it
/// made a file named `-`).
#[test]
fn batch_output_dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "in.jsonl", format!("{GOOD_LINE}\n"));
    let i = input.to_str().unwrap();
    let plain = run(&["batch", "--input", i]);
    let dash = bin()
        .current_dir(dir.path())
        .args(["batch", "--input", i, "--output", "-"])
        .output()
        .unwrap();
    assert_eq!(dash.status.code(), Some(0), "{}", stderr(&dash));
    assert_eq!(dash.stdout, plain.stdout);
    assert_eq!(stderr(&dash), stderr(&plain));
    assert!(!dir.path().join("-").exists(), "a file named - was made");
}

/// Where a batch's reports cannot go, the message says why in the user's
/// terms: the directory that is missing, the file that is full.
#[test]
fn batch_says_which_output_it_cannot_write_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let input = file(dir.path(), "in.jsonl", format!("{GOOD_LINE}\n"));
    let i = input.to_str().unwrap();
    let missing = dir.path().join("no-such-dir").join("out.jsonl");
    assert_usage_error(
        &run(&["batch", "--input", i, "--output", missing.to_str().unwrap()]),
        &format!(
            "no such directory {}",
            dir.path().join("no-such-dir").display()
        ),
    );
    if std::path::Path::new("/dev/full").exists() {
        assert_usage_error(
            &run(&["batch", "--input", i, "--output", "/dev/full"]),
            "cannot write a report to /dev/full: ",
        );
    }
}

/// A byte order mark opening a batch file (Windows editors write one) is
/// not part of its first line.
#[test]
fn batch_reads_a_file_opening_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let plain = file(dir.path(), "plain.jsonl", format!("{GOOD_LINE}\r\n"));
    let marked = file(dir.path(), "bom.jsonl", format!("\u{feff}{GOOD_LINE}\r\n"));
    let a = run(&["batch", "--input", plain.to_str().unwrap()]);
    let b = run(&["batch", "--input", marked.to_str().unwrap()]);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert_eq!(a.stdout, b.stdout);
}

/// A byte order mark opening an answer, a sample or a config file is no
/// part of its text: the answer's first claim does not start with one.
#[test]
fn check_reads_files_opening_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let source = file(dir.path(), "s.txt", "The sky over Tarvik is blue.");
    let answer = "The sky over Tarvik is blue.";
    let plain = file(dir.path(), "a.txt", answer);
    let marked = file(dir.path(), "bom.txt", format!("\u{feff}{answer}"));
    let config = file(dir.path(), "c.json", "\u{feff}{\"support_threshold\": 0.5}");
    let args = |a: &Path| {
        let (s, a, c) = (
            source.to_str().unwrap(),
            a.to_str().unwrap(),
            config.to_str().unwrap(),
        );
        run(&[
            "check", "--source", s, "--answer", a, "--sample", a, "--config", c, "--format", "json",
        ])
    };
    let (a, b) = (args(&plain), args(&marked));
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert_eq!(a.stdout, b.stdout);
    let report: serde_json::Value = serde_json::from_slice(&b.stdout).unwrap();
    assert_eq!(report["claims"][0]["text"], answer);
}

/// A run stopped by a bad line leaves the file `--output` names as it was
/// (a stranger's earlier reports were emptied by a run that stopped at
/// line 2), and no partial file beside it; a run that ends well replaces it.
#[test]
fn batch_stopped_by_a_bad_line_leaves_its_output_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let bad = file(dir.path(), "bad.jsonl", format!("{GOOD_LINE}\nnot json\n"));
    let good = file(dir.path(), "good.jsonl", format!("{GOOD_LINE}\n"));
    let reports = file(dir.path(), "out.jsonl", "earlier reports\n");
    let o = reports.to_str().unwrap();
    let out = run(&["batch", "--input", bad.to_str().unwrap(), "--output", o]);
    assert_usage_error(&out, "bad.jsonl:2: not valid JSON");
    assert!(stderr(&out).contains(&format!("no report was written, and {o} is as it was")));
    assert_eq!(
        std::fs::read_to_string(&reports).unwrap(),
        "earlier reports\n"
    );
    let names = |d: &Path| -> Vec<String> {
        let mut n: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    };
    assert_eq!(names(dir.path()), ["bad.jsonl", "good.jsonl", "out.jsonl"]);
    let out = run(&["batch", "--input", good.to_str().unwrap(), "--output", o]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&reports).unwrap();
    assert_eq!(written.lines().count(), 1);
    assert!(written.starts_with("{\"decision\""), "{written}");
    assert_eq!(names(dir.path()), ["bad.jsonl", "good.jsonl", "out.jsonl"]);
}

/// Blank lines get no report, and the summary says how many and where the
/// first is: a script pairing reports with lines by place must know.
#[test]
fn batch_says_how_many_blank_lines_it_gave_no_report() {
    let out = run_stdin(
        &["batch", "--input", "-"],
        format!("{GOOD_LINE}\n\n{GOOD_LINE}\n   \n{GOOD_LINE}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    assert!(
        stderr(&out).contains("2 blank lines (first line 2) have no report"),
        "{}",
        stderr(&out)
    );
}

/// A file written as UTF-16 (Windows PowerShell's `>`) is named as such,
/// in `check` and in `batch`, not called binary.
#[test]
fn a_utf16_file_is_named_as_utf16() {
    let dir = tempfile::tempdir().unwrap();
    let utf16 = |text: &str| -> Vec<u8> {
        [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect()
    };
    let source = file(
        dir.path(),
        "source.txt",
        utf16("The bridge opened in 1998.\r\n"),
    );
    let answer = file(dir.path(), "answer.txt", "The bridge opened in 1998.");
    assert_usage_error(
        &check_files(&source, &answer, &[]),
        "is UTF-16 text; save it as UTF-8",
    );
    let lines = file(dir.path(), "in.jsonl", utf16(&format!("{GOOD_LINE}\r\n")));
    assert_usage_error(
        &run(&["batch", "--input", lines.to_str().unwrap()]),
        "in.jsonl is UTF-16 text; save it as UTF-8",
    );
}

/// `batch --output` as a shell's `>` writes: a new file gets the user's
/// umask (not a temporary file's owner-only mode), a link not yet pointing
/// at a file is followed to it, and a read-only file is refused.
#[cfg(unix)]
#[test]
fn batch_output_is_made_as_a_shell_makes_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let good = file(dir.path(), "good.jsonl", format!("{GOOD_LINE}\n"));
    let g = good.to_str().unwrap();
    let fresh = dir.path().join("fresh.jsonl");
    let out = run(&["batch", "--input", g, "--output", fresh.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let probe = file(dir.path(), "probe", "");
    let umask_mode = std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777,
        umask_mode
    );
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let link = dir.path().join("link.jsonl");
    std::os::unix::fs::symlink("sub/target.jsonl", &link).unwrap();
    let out = run(&["batch", "--input", g, "--output", link.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("sub/target.jsonl"))
            .unwrap()
            .lines()
            .count(),
        1
    );
    // Root writes a read-only file, as `>` lets it.
    let read_only = file(dir.path(), "ro.jsonl", "kept\n");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    if std::fs::OpenOptions::new()
        .write(true)
        .open(&read_only)
        .is_err()
    {
        assert_usage_error(
            &run(&[
                "batch",
                "--input",
                g,
                "--output",
                read_only.to_str().unwrap(),
            ]),
            "ermission denied",
        );
        assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "kept\n");
    }
}

/// A source with classic Mac line ends (a lone `\r`) is split at them, as
/// the lab's box splits it.
#[test]
fn a_lone_carriage_return_ends_a_line_as_a_line_feed_does() {
    let dir = tempfile::tempdir().unwrap();
    let source = file(
        dir.path(),
        "mac.txt",
        "Harbour notes\r\rThe lighthouse opened in 1902.\rIt stands 46 metres tall.\r",
    );
    let answer = file(dir.path(), "a.txt", "The lighthouse opened in 1902.");
    let out = check_files(&source, &answer, &["--include", "sources"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["sources"].as_array().unwrap().len(), 3, "{report}");
}
