//! `--vectors FILE` (issue 13): the user's own sentence vectors for the
//! consistency check, on `check` and `batch`; what the report says when the
//! core falls back to the lexical embedder; every bad file's message.
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

fn run_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run refused before it reads standard input closes the pipe early.
    let _ = child.stdin.take().unwrap().write_all(stdin);
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

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
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

/// One JSON Lines record of the vectors file.
fn record(text: &str, vector: &[f32]) -> String {
    serde_json::json!({"text": text, "vector": vector}).to_string()
}

/// `check --answer A --sample S [extra…]` in `dir`, answer and sample written there.
fn check_one(dir: &Path, answer: &str, sample: &str, extra: &[&str]) -> Output {
    let a = file(dir, "answer.txt", answer);
    let s = file(dir, "sample.txt", sample);
    let mut args = vec![
        "check",
        "--answer",
        a.to_str().unwrap(),
        "--sample",
        s.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    if !extra.contains(&"text") {
        // Each sample's best sentence is a finding of the JSON report.
        args.extend_from_slice(&["--include", "findings"]);
    }
    run(&args)
}

/// The claim's one sample match: (similarity, agrees).
fn first_match(v: &Value) -> (f64, bool) {
    let m = &v["claims"][0]["consistency"]["matches"][0];
    (
        m["similarity"].as_f64().unwrap(),
        m["agrees"].as_bool().unwrap(),
    )
}

/// The seed preset's `sim_threshold`.
const SIM_THRESHOLD: f64 = 0.8;

#[test]
fn vectors_make_a_paraphrase_agree_that_the_lexical_embedder_calls_disagreeing() {
    let dir = tempfile::tempdir().unwrap();
    let (answer, sample) = ("The meeting was postponed.", "They delayed the meeting.");
    // Lexical: {meeting, postponed} against {delayed, meeting}, cosine 0.5.
    let out = check_one(dir.path(), answer, sample, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    let (sim, agrees) = first_match(&v);
    assert!(sim < SIM_THRESHOLD && !agrees, "{sim}");
    assert_eq!(v["embedder"], "lexical");
    assert!(v["embedder_fallback"].is_null());

    let vectors = file(
        dir.path(),
        "v.jsonl",
        [
            record(answer, &[1.0, 0.0, 0.0]),
            record(sample, &[0.95, 0.1, 0.0]),
        ]
        .join("\n"),
    );
    let out = check_one(
        dir.path(),
        answer,
        sample,
        &["--vectors", vectors.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    let (sim, agrees) = first_match(&v);
    assert!(sim >= SIM_THRESHOLD && agrees, "{sim}");
    assert_eq!(v["claims"][0]["verdict"], "supported");
    assert_eq!(v["embedder"], "given vectors");
    assert!(v.get("embedder_fallback").is_some_and(Value::is_null));

    let out = check_one(
        dir.path(),
        answer,
        sample,
        &["--vectors", vectors.to_str().unwrap(), "--format", "text"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Consistency scored by given vectors\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn vectors_make_a_reordering_disagree_that_the_lexical_embedder_calls_agreeing() {
    let dir = tempfile::tempdir().unwrap();
    let (answer, sample) = ("Dogs chase cats.", "Cats chase dogs.");
    // Lexical: the same bag of words, cosine 1.
    let out = check_one(dir.path(), answer, sample, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (sim, agrees) = first_match(&json(&out));
    assert!(sim >= SIM_THRESHOLD && agrees, "{sim}");

    // The one-object form (seed 000's VECS), written over several lines.
    let vectors = file(
        dir.path(),
        "v.json",
        format!("{{\n  {answer:?}: [1, 0],\n  {sample:?}: [0, 1]\n}}\n"),
    );
    let out = check_one(
        dir.path(),
        answer,
        sample,
        &["--vectors", vectors.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    let (sim, agrees) = first_match(&v);
    assert!(sim < SIM_THRESHOLD && !agrees, "{sim}");
    assert_eq!(v["claims"][0]["verdict"], "unsupported");
    assert_eq!(v["claims"][0]["reasons"][0]["kind"], "inconsistent");
    assert_eq!(v["embedder"], "given vectors");
}

/// Seed 000's Tagore example, its `VECS` given as a file.
const TAGORE_VECS: &str = r#"{"Tagore won the Nobel Prize in 1913.": [1, 0, 0],
        "He was born in Mumbai.": [0, 1, 0],
        "In 1913 Tagore received the Nobel Prize.": [0.95, 0, 0.1],
        "He was born in Kolkata.": [0, 0.2, 1],
        "Tagore got the Nobel in 1913.": [0.9, 0.1, 0],
        "His birthplace was Calcutta.": [0, 0.1, 1],
        "The Nobel came to Tagore in 1913.": [1, 0, 0.05],
        "Tagore was born in Mumbai.": [0, 1, 0.1]}"#;
const TAGORE_SAMPLES: [&str; 3] = [
    "In 1913 Tagore received the Nobel Prize. He was born in Kolkata.",
    "Tagore got the Nobel in 1913. His birthplace was Calcutta.",
    "The Nobel came to Tagore in 1913. Tagore was born in Mumbai.",
];

fn tagore_args(dir: &Path, answer: &str) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "check".into(),
        "--answer".into(),
        file(dir, "answer.txt", answer).to_str().unwrap().into(),
        "--vectors".into(),
        file(dir, "vecs.json", TAGORE_VECS).to_str().unwrap().into(),
    ];
    for (i, s) in TAGORE_SAMPLES.iter().enumerate() {
        args.push("--sample".into());
        args.push(file(dir, &format!("s{i}.txt"), s).to_str().unwrap().into());
    }
    args
}

#[test]
fn seed_000_vecs_as_a_file_give_the_seed_figures() {
    let dir = tempfile::tempdir().unwrap();
    let args = tagore_args(
        dir.path(),
        "Tagore won the Nobel Prize in 1913. He was born in Mumbai.",
    );
    let out = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["embedder"], "given vectors");
    let agreement: Vec<f64> = v["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["consistency"]["agreement"].as_f64().unwrap() * 100.0).round() / 100.0)
        .collect();
    assert_eq!(agreement, [1.0, 0.33]);
    assert_eq!(v["claims"][0]["verdict"], "supported");
    assert_eq!(v["claims"][1]["verdict"], "unsupported");
}

#[test]
fn a_sentence_without_a_vector_falls_back_to_lexical_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = tagore_args(
        dir.path(),
        "Tagore won the Nobel Prize in 1913. He was born in Mumbai. He wrote Gitanjali.",
    );
    let out = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    // The core's rule: vectors for every sentence or none; it used the lexical embedder.
    assert_eq!(v["embedder"], "lexical");
    let fallback = &v["embedder_fallback"];
    assert_eq!(
        fallback["missing"],
        serde_json::json!(["He wrote Gitanjali."])
    );
    assert_eq!(
        fallback["reason"],
        "no vector for 1 sentence: \"He wrote Gitanjali.\""
    );
    // Lexically the first claim is no longer borne out by every sample.
    assert_ne!(v["claims"][0]["consistency"]["agreement"], 1.0);

    args.extend(["--format".into(), "text".into()]);
    let out = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        stdout(&out).contains(
            "Consistency scored by lexical (fell back from the given vectors: no vector for 1 sentence: \"He wrote Gitanjali.\")\n"
        ),
        "{}",
        stdout(&out)
    );

    // A sample's sentence counts too; the list is cut after three in the reason.
    let dir = tempfile::tempdir().unwrap();
    let vectors = file(dir.path(), "v.jsonl", record("A.", &[1.0]));
    let out = check_one(
        dir.path(),
        "A.",
        "B one. B two. B three. B four.",
        &["--vectors", vectors.to_str().unwrap()],
    );
    let v = json(&out);
    assert_eq!(
        v["embedder_fallback"]["missing"].as_array().unwrap().len(),
        4
    );
    assert_eq!(
        v["embedder_fallback"]["reason"],
        "no vector for 4 sentences: \"B one.\", \"B two.\", \"B three.\", and 1 more"
    );
}

#[test]
fn vectors_replace_an_examples_own_and_may_come_from_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    // Tagore's vectors with the two claims' swapped: so are their agreements.
    let mut swapped: Value = serde_json::from_str(TAGORE_VECS).unwrap();
    swapped["Tagore won the Nobel Prize in 1913."] = serde_json::json!([0, 1, 0]);
    swapped["He was born in Mumbai."] = serde_json::json!([1, 0, 0]);
    let vectors = file(dir.path(), "v.json", swapped.to_string());
    let out = run(&[
        "check",
        "--example",
        "tagore",
        "--vectors",
        vectors.to_str().unwrap(),
    ]);
    let v = json(&out);
    assert_eq!(v["embedder"], "given vectors");
    let agreement = |k: usize| {
        (v["claims"][k]["consistency"]["agreement"].as_f64().unwrap() * 100.0).round() / 100.0
    };
    assert_eq!((agreement(0), agreement(1)), (0.33, 1.0));

    let out = run_stdin(
        &["check", "--example", "tagore", "--vectors", "-"],
        TAGORE_VECS.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["embedder"], "given vectors");
    assert_eq!(v["claims"][0]["consistency"]["agreement"], 1.0);
}

#[test]
fn bad_vectors_files_exit_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let ok = record("The meeting was postponed.", &[1.0, 0.0]);
    let cases: Vec<(&str, String, &str)> = vec![
        ("not_json", format!("{ok}\nnot json\n"), ":2: not JSON: expected ident at column 2"),
        (
            "nan",
            "{\"text\": \"A.\", \"vector\": [1, NaN]}\n".into(),
            ":1: not JSON: expected value at column 30 (JSON has no NaN or Infinity",
        ),
        ("no_text", "{\"vector\": [1]}\n".into(), ":1: missing field `text`"),
        ("no_vector", format!("{ok}\n{{\"text\": \"A.\"}}\n"), ":2: missing field `vector`"),
        (
            "lengths",
            format!("{ok}\n{}\n", record("B.", &[1.0, 2.0, 3.0])),
            ":2: the vector has 3 numbers, but line 1's has 2 numbers: every vector must have the same length",
        ),
        ("empty_vector", format!("\n{}\n", record("A.", &[])), ":2: the vector is empty"),
        (
            "too_big",
            "{\"text\": \"A.\", \"vector\": [1, 1e39]}\n".into(),
            ":1: number 2 of the vector, 1e39, is not a finite 32-bit number",
        ),
        (
            "out_of_range",
            "{\"text\": \"A.\", \"vector\": [1e400]}\n".into(),
            ":1: number out of range at column 31: every number must be a finite 32-bit number",
        ),
        ("empty_text", record(" ", &[1.0]), ":1: the text is empty"),
        (
            "not_number",
            "{\"text\": \"A.\", \"vector\": [1, \"x\"]}".into(),
            ":1: invalid type: string \"x\", expected f64",
        ),
        (
            "unknown_field",
            "{\"text\": \"A.\", \"vectors\": [1]}".into(),
            ":1: unknown field `vectors`, expected `text` or `vector`",
        ),
        (
            "list",
            "[\"A.\", [1]]\n".into(),
            ":1: expected an object {\"text\": …, \"vector\": […]}, not a list",
        ),
        (
            "twice",
            format!("{}\n{}\n", record("A.", &[1.0]), record(" A. ", &[2.0])),
            ":2: \"A.\" is given again with a different vector (first on line 1)",
        ),
        (
            "object_lengths",
            "{\n  \"A.\": [1, 2],\n  \"B.\": [1]\n}\n".into(),
            ":3: \"B.\": the vector has 1 number, but the first has 2 numbers",
        ),
        ("object_empty_vector", "{\"A.\": [1],\n \"B.\": []}".into(), ":2: \"B.\": the vector is empty"),
        (
            "object_too_big",
            "{\"A.\": [1],\n\n \"B.\": [-1e39]}".into(),
            ":3: \"B.\": number 1 of the vector, -1e39, is not a finite 32-bit number",
        ),
        ("object_not_json", "{\n  \"A.\": [1],\n  \"B.\" [2]\n}".into(), ":3: not JSON: expected `:`"),
        (
            "object_twice",
            "{\"A.\": [1],\n\"B.\": [1],\n\" A.\": [2],\n\"C.\": [1]}".into(),
            ":3: \"A.\" is given twice with different vectors",
        ),
        ("object_empty_key", "{\"A.\": [1],\n\" \": [2]}".into(), ":2: a text (a key) is empty"),
        (
            "object_not_a_list",
            "{\"A.\": [1],\n\"B.\": \"1\"}".into(),
            ":2: invalid type: string \"1\", expected a list of numbers (the vector of \"B.\")",
        ),
        ("empty_file", String::new(), " holds no vectors"),
        ("empty_object", "{}".into(), " holds no vectors"),
    ];
    let (answer, sample) = (
        file(dir.path(), "a.txt", "A."),
        file(dir.path(), "s.txt", "A."),
    );
    for (name, content, expect) in &cases {
        let path = file(dir.path(), &format!("{name}.txt"), content);
        let out = run(&[
            "check",
            "--answer",
            answer.to_str().unwrap(),
            "--sample",
            sample.to_str().unwrap(),
            "--vectors",
            path.to_str().unwrap(),
        ]);
        eprintln!("case {name}");
        assert_usage_error(&out, &format!("{name}.txt{expect}"));
    }

    let bad_utf8 = file(
        dir.path(),
        "latin1.txt",
        [ok.as_bytes(), b"\n\xe9\n"].concat(),
    );
    let unreadable = dir.path().join("missing.jsonl");
    for (path, expect) in [
        (bad_utf8, "latin1.txt:2: not UTF-8 text".to_string()),
        (
            unreadable.clone(),
            format!(
                "cannot read vectors file {}: no such file",
                unreadable.display()
            ),
        ),
        (
            dir.path().to_path_buf(),
            "is a directory, not a file".to_string(),
        ),
    ] {
        eprintln!("case {expect}");
        let out = run(&[
            "check",
            "--answer",
            answer.to_str().unwrap(),
            "--sample",
            sample.to_str().unwrap(),
            "--vectors",
            path.to_str().unwrap(),
        ]);
        assert_usage_error(&out, &expect);
    }

    // Vectors serve the consistency check, which needs samples.
    let v = file(dir.path(), "v.jsonl", &ok);
    let src = file(dir.path(), "src.txt", "A.");
    let out = run(&[
        "check",
        "--source",
        src.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "--vectors",
        v.to_str().unwrap(),
    ]);
    assert_usage_error(
        &out,
        "--vectors is for the consistency check, which needs samples",
    );
    let out = run_stdin(
        &[
            "check",
            "--answer",
            "-",
            "--sample",
            sample.to_str().unwrap(),
            "--vectors",
            "-",
        ],
        b"A.",
    );
    assert_usage_error(&out, "only one input can be read from standard input");
}

#[test]
fn batch_uses_the_file_and_each_lines_own_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let vectors = file(dir.path(), "vecs.json", TAGORE_VECS);
    let answer = "Tagore won the Nobel Prize in 1913. He was born in Mumbai.";
    let line = |answer: &str, own: Option<Value>| {
        let mut item = serde_json::json!({"answer": answer, "samples": TAGORE_SAMPLES});
        if let Some(own) = own {
            item["vectors"] = own;
        }
        item.to_string()
    };
    let extra = format!("{answer} He wrote Gitanjali.");
    let lines = [
        // 1: the file's vectors cover every sentence.
        line(answer, None),
        // 2: one sentence without a vector: lexical, and why.
        line(&extra, None),
        // 3: the line's own vectors extend the file's.
        line(&extra, Some(serde_json::json!({"He wrote Gitanjali.": [0, 0, 1]}))),
        // 4: and override them: the Mumbai claim now agrees with the Kolkata sample.
        line(answer, Some(serde_json::json!({"He was born in Mumbai.": [0, 0.2, 1]}))),
        // 5: no samples: no consistency check, vectors unused.
        serde_json::json!({"answer": "The bridge opened in 1998.", "context": "The bridge opened in 1998."})
            .to_string(),
    ];
    let input = file(dir.path(), "in.jsonl", lines.join("\n") + "\n");
    let out = run(&[
        "batch",
        "--input",
        input.to_str().unwrap(),
        "--vectors",
        vectors.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let reports: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 5);
    let embedders: Vec<Option<&str>> = reports.iter().map(|r| r["embedder"].as_str()).collect();
    assert_eq!(
        embedders,
        [
            Some("given vectors"),
            Some("lexical"),
            Some("given vectors"),
            Some("given vectors"),
            None
        ]
    );
    let fallbacks: Vec<bool> = reports
        .iter()
        .map(|r| r["embedder_fallback"].is_null())
        .collect();
    assert_eq!(fallbacks, [true, false, true, true, true]);
    assert_eq!(
        reports[1]["embedder_fallback"]["reason"],
        "no vector for 1 sentence: \"He wrote Gitanjali.\""
    );
    let agreement = |r: &Value, k: usize| {
        (r["claims"][k]["consistency"]["agreement"].as_f64().unwrap() * 100.0).round() / 100.0
    };
    assert_eq!(
        (agreement(&reports[0], 0), agreement(&reports[0], 1)),
        (1.0, 0.33)
    );
    assert_eq!(agreement(&reports[2], 1), 0.33);
    assert_eq!(agreement(&reports[3], 1), 0.67);

    // Without --vectors, a line's own vectors are all there is.
    let item = serde_json::json!({
        "answer": "Dogs chase cats.",
        "samples": ["Cats chase dogs."],
        "vectors": {"Dogs chase cats.": [1, 0], "Cats chase dogs.": [0, 1]},
    });
    let own_only = file(dir.path(), "own.jsonl", item.to_string() + "\n");
    let out = run(&["batch", "--input", own_only.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(r["embedder"], "given vectors");
    assert_eq!(r["claims"][0]["consistency"]["agreement"], 0.0);
}

#[test]
fn batch_refuses_bad_vectors_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let vectors = file(dir.path(), "vecs.json", TAGORE_VECS);
    let good = serde_json::json!({"answer": "A.", "samples": ["A."]}).to_string();
    let bad = [
        (
            serde_json::json!({"answer": "A.", "samples": ["A."], "vectors": {"A.": [1, 0]}}),
            "in.jsonl:2: the record's vectors have 2 numbers, but those of the --vectors file have 3 numbers",
        ),
        (
            serde_json::json!({"answer": "A.", "samples": ["A."], "vectors": {"A.": []}}),
            "in.jsonl:2: \"A.\": the vector is empty at column",
        ),
        (
            serde_json::json!({"answer": "A.", "samples": ["A."], "vectors": {"A.": [1, 0, 1e39]}}),
            "in.jsonl:2: \"A.\": number 3 of the vector, 1e39, is not a finite 32-bit number",
        ),
        (
            serde_json::json!({"answer": "A.", "samples": ["A."], "vectors": {"A.": [1, 0, 0], "B.": [1]}}),
            "in.jsonl:2: \"B.\": the vector has 1 number, but the first has 3 numbers",
        ),
        (
            serde_json::json!({"answer": "A.", "samples": ["A."], "vectors": [[1, 0, 0]]}),
            "in.jsonl:2: vectors: invalid type: sequence, expected an object mapping each sentence to its vector",
        ),
    ];
    for (line, expect) in &bad {
        let input = file(dir.path(), "in.jsonl", format!("{good}\n{line}\n"));
        let out = run(&[
            "batch",
            "--input",
            input.to_str().unwrap(),
            "--vectors",
            vectors.to_str().unwrap(),
        ]);
        assert_usage_error(&out, expect);
        assert_eq!(
            stdout(&out).lines().count(),
            1,
            "the first line's report stays"
        );
    }
    // With --skip-bad the line is skipped and counted.
    let input = file(dir.path(), "in.jsonl", format!("{good}\n{}\n", bad[0].0));
    let out = run(&[
        "batch",
        "--input",
        input.to_str().unwrap(),
        "--vectors",
        vectors.to_str().unwrap(),
        "--skip-bad",
    ]);
    assert_ne!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Skipped 1 bad line (first ")
            && stderr(&out).contains("in.jsonl:2: the record's vectors"),
        "{}",
        stderr(&out)
    );
    // A bad --vectors file stops the run before any line.
    let broken = file(
        dir.path(),
        "broken.jsonl",
        "{\"text\": \"A.\", \"vector\": []}\n",
    );
    let out = run(&[
        "batch",
        "--input",
        input.to_str().unwrap(),
        "--vectors",
        broken.to_str().unwrap(),
    ]);
    assert_usage_error(&out, "broken.jsonl:1: the vector is empty");
    assert_eq!(stdout(&out), "");
    let out = run_stdin(
        &["batch", "--input", "-", "--vectors", "-"],
        good.as_bytes(),
    );
    assert_usage_error(&out, "only one input can be read from standard input");
}
