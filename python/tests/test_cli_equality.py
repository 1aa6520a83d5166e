"""Same verdicts as the CLI, byte for byte on the same JSON.

``Report.json`` from :func:`claimlab.check` must be the exact text
``claimlab check --format json`` writes for the same inputs and settings,
and the reports of :func:`claimlab.batch` the exact lines ``claimlab batch``
writes; a bad row is refused with the same reason.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import pytest

import claimlab
from support import run_cli

EXAMPLES = [e["name"] for e in claimlab.examples()]


def cli_check(
    cli: str,
    tmp: Path,
    source: Optional[str],
    answer: str,
    samples: Sequence[str] = (),
    args: Sequence[str] = (),
    vectors: Optional[Dict[str, List[float]]] = None,
) -> bytes:
    """`claimlab check` on files holding these texts: its standard output."""
    files = []
    if source is not None:
        (tmp / "source.txt").write_text(source, encoding="utf-8")
        files += ["--source", str(tmp / "source.txt")]
    (tmp / "answer.txt").write_text(answer, encoding="utf-8")
    files += ["--answer", str(tmp / "answer.txt")]
    for i, s in enumerate(samples):
        (tmp / f"sample{i}.txt").write_text(s, encoding="utf-8")
        files += ["--sample", str(tmp / f"sample{i}.txt")]
    if vectors is not None:
        (tmp / "vectors.json").write_text(json.dumps(vectors), encoding="utf-8")
        files += ["--vectors", str(tmp / "vectors.json")]
    done = run_cli(cli, "check", *files, *args)
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout


def as_cli_args(preset: Optional[str], settings: Dict[str, Any], include: Any = None, full: bool = False) -> List[str]:
    args = []
    if preset is not None:
        args += ["--preset", preset]
    for name, value in settings.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        args += ["--set", f"{name}={text}"]
    if include:
        args += ["--include", include if isinstance(include, str) else ",".join(include)]
    if full:
        args += ["--full"]
    return args


CASES = [
    ("seed", {}, None, False),
    ("improved", {}, None, False),
    ("strict", {}, None, False),
    ("seed", {"support_threshold": 0.65, "policy": "flag"}, None, False),
    ("seed", {"number_check": False, "drift_window": 4}, "sources,findings", False),
    ("improved", {"decision_threshold": 0.3}, "contributions", False),
    ("seed", {}, "all", False),
    ("seed", {}, None, True),
    ("improved", {"sim_threshold": 0.7}, ["trace", "repair", "samples"], False),
]


@pytest.mark.parametrize("preset,settings,include,full", CASES)
def test_check_writes_what_the_cli_writes_on_ragtruth_answers(cli, tmp_path, fixture_rows, preset, settings, include, full):
    rng = random.Random(17)
    for row in rng.sample(fixture_rows, 8):
        report = claimlab.check(
            row["context"], row["answer"], preset=preset, include=include, full=full, **settings
        )
        expected = cli_check(cli, tmp_path, row["context"], row["answer"], args=as_cli_args(preset, settings, include, full))
        assert report.json.encode() == expected


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("preset,settings,include,full", [(None, {}, None, False), ("improved", {}, "all", False), (None, {"support_threshold": 0.65}, None, True)])
def test_every_example_checks_as_the_cli_checks_it(cli, name, preset, settings, include, full):
    report = claimlab.check_example(name, preset=preset, include=include, full=full, **settings)
    done = run_cli(cli, "check", "--example", name, *as_cli_args(preset, settings, include, full))
    assert report.json.encode() == done.stdout
    assert done.returncode == (0 if report.all_supported else 1)


def test_samples_vectors_and_a_source_of_passages_as_the_cli(cli, tmp_path):
    tagore = next(e for e in claimlab.examples() if e["name"] == "tagore")
    vectors = {k: list(v) for k, v in tagore["vectors"].items()}
    for use in (vectors, dict(list(vectors.items())[:5])):  # all vectors; some missing: a fallback
        report = claimlab.check(None, tagore["answer"], samples=tagore["samples"], vectors=use)
        assert report.json.encode() == cli_check(
            cli, tmp_path, None, tagore["answer"], tagore["samples"], vectors=use
        )
    fallback = claimlab.check(None, tagore["answer"], samples=tagore["samples"], vectors=dict(list(vectors.items())[:5]))
    assert fallback.to_dict()["embedder_fallback"]["missing"]
    # A list of passages is the source "[1] …\n\n[2] …", as a batch record's context.
    passages = ["The bridge opened in 1932.", "Its main span is 410 metres long."]
    report = claimlab.check(passages, "The main span is 410 metres long [2].", samples=["It opened in 1932."])
    assert report.json.encode() == cli_check(
        cli, tmp_path, "[1] The bridge opened in 1932.\n\n[2] Its main span is 410 metres long.",
        "The main span is 410 metres long [2].", ["It opened in 1932."],
    )
    # A transcript is cut into numbered passages either way.
    vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nThe launch moved to March 5.\n\n00:00:05.000 --> 00:00:09.000\nThe budget is $50,000.\n"
    report = claimlab.check(vtt, "The launch moved to March 5 [1].")
    assert report.json.encode() == cli_check(cli, tmp_path, vtt, "The launch moved to March 5 [1].")


def test_a_large_source_read_on_every_core_gives_the_cli_report(cli, tmp_path, fixture_rows):
    # Over 256 KB: both read it on every core, and list its sentences.
    source = "\n\n".join(r["context"] for r in fixture_rows) * 8
    assert len(source.encode()) >= 256 * 1024
    answer = fixture_rows[3]["answer"]
    report = claimlab.check(source, answer, include="sources")
    assert report.json.encode() == cli_check(cli, tmp_path, source, answer, args=["--include", "sources"])


def batch_lines(rows: List[Dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


@pytest.mark.parametrize("preset,include,full", [("seed", None, False), ("improved", None, False), ("seed", "sources,trace", False), ("strict", None, True)])
def test_batch_writes_the_lines_claimlab_batch_writes(cli, fixture_rows, preset, include, full):
    args = as_cli_args(preset, {}, include, full)
    done = run_cli(cli, "batch", "--input", "-", *args, stdin=batch_lines(fixture_rows))
    for jobs in (1, 3):
        got = "".join(r.json for r in claimlab.batch(fixture_rows, preset=preset, include=include, full=full, jobs=jobs))
        assert got.encode() == done.stdout


def test_batch_on_ragtruth_equals_claimlab_batch(cli, ragtruth, tmp_path):
    path = tmp_path / "ragtruth.jsonl"
    path.write_bytes(batch_lines(ragtruth))
    for preset in ("seed", "improved"):
        done = run_cli(cli, "batch", "--input", str(path), "--preset", preset)
        assert done.returncode in (0, 1), done.stderr.decode()
        got = "".join(r.json for r in claimlab.batch(ragtruth, preset=preset))
        assert got.encode() == done.stdout, preset
        assert got.count("\n") == len(ragtruth) >= 2000


def test_bad_rows_are_refused_with_the_cli_reasons(cli, tmp_path):
    good = {"context": "The span is 410 metres long.", "answer": "The span is 410 metres long."}
    rows = [
        good,
        {"context": "S.", "answer": "A.", "colour": "red"},
        {"context": "S."},
        {"context": "", "answer": "A."},
        {"context": "S.", "answer": "   "},
        {"context": "S\u0000.", "answer": "A."},
        {"context": 7, "answer": "A."},
        {"context": "S.", "answer": "A.", "samples": "B."},
        {"context": "S.", "answer": "A.", "samples": ["B."], "vectors": {"A.": []}},
        good,
    ]
    path = tmp_path / "rows.jsonl"
    path.write_bytes(batch_lines(rows))
    done = run_cli(cli, "batch", "--input", str(path), "--skip-bad")
    out = done.stdout.decode().splitlines(keepends=True)
    # Reports of the good rows: the same lines. The CLI writes each bad
    # line's place as {"line": N, "error": reason}.
    kept = list(claimlab.batch(rows, errors="skip"))
    assert "".join(r.json for r in kept) == "".join(l for l in out if not l.startswith('{"line":'))
    placed = [json.loads(l) for l in out if l.startswith('{"line":')]
    # Each bad row's reason: what the CLI says after FILE:LINE: when it stops there.
    got = [r for r in claimlab.batch(rows, errors="return") if isinstance(r, claimlab.BadRowError)]
    assert [e.row for e in got] == list(range(1, 9))
    assert [(p["line"], p["error"]) for p in placed] == [(e.row + 1, e.reason) for e in got]
    for err in got:
        one = tmp_path / "one.jsonl"
        one.write_bytes(batch_lines([rows[err.row]]))
        stop = run_cli(cli, "batch", "--input", str(one))
        assert stop.returncode == 2
        said = stop.stderr.decode().strip()
        assert said == f"claimlab: error: {one}:1: {err.reason} (use --skip-bad to skip bad lines)"


def test_a_row_is_refused_over_16_mb_as_the_cli_refuses_its_line(cli, tmp_path):
    # A row is checked as its line, json.dumps(row): a line of exactly 16 MB
    # is read, one byte more is refused, with the CLI's reason.
    limit = claimlab._core.MAX_INPUT_BYTES
    good = {"context": "The depot holds 40 forklifts.", "answer": "The depot holds 40 forklifts."}
    room = limit - len(json.dumps(dict(good, question="")))
    at, over = dict(good, question="q" * room), dict(good, question="q" * (room + 1))
    assert (len(json.dumps(at)), len(json.dumps(over))) == (limit, limit + 1)
    rows = [good, at, over, good]
    path = tmp_path / "rows.jsonl"
    path.write_bytes(batch_lines(rows))
    done = run_cli(cli, "batch", "--input", str(path), "--skip-bad")
    assert f"Skipped 1 bad line (first {path}:3: line is longer than the 16 MB limit)" in done.stderr.decode()
    kept = list(claimlab.batch(rows, errors="skip"))
    out = done.stdout.decode().splitlines(keepends=True)
    # The CLI writes the bad line's place as {"line": 3, "error": …}.
    assert json.loads(out[2]) == {"line": 3, "error": "line is longer than the 16 MB limit"}
    assert len(kept) == 3 and "".join(r.json for r in kept) == "".join(out[:2] + out[3:])
    returned = list(claimlab.batch(rows, errors="return"))
    assert isinstance(returned[2], claimlab.BadRowError) and returned[2].row == 2
    assert returned[2].reason == "line is longer than the 16 MB limit"
    assert [type(r) for r in returned] == [claimlab.Report, claimlab.Report, claimlab.BadRowError, claimlab.Report]


def test_batch_vectors_as_the_cli_reads_a_vectors_file(cli, tmp_path):
    tagore = next(e for e in claimlab.examples() if e["name"] == "tagore")
    vectors = {k: list(v) for k, v in tagore["vectors"].items()}
    first, *rest = list(vectors.items())
    rows = [
        {"context": "", "answer": tagore["answer"], "samples": tagore["samples"]},
        # A row's own vectors extend the batch's and win where both give one.
        {"context": "", "answer": tagore["answer"], "samples": tagore["samples"], "vectors": {first[0]: [0.5, 0.5, 0.5]}},
        {"context": "Tagore won the Nobel Prize in 1913.", "answer": "Tagore won the Nobel Prize in 1913."},
    ]
    (tmp_path / "vectors.json").write_text(json.dumps(dict(rest)), encoding="utf-8")
    done = run_cli(cli, "batch", "--input", "-", "--vectors", str(tmp_path / "vectors.json"), stdin=batch_lines(rows))
    got = "".join(r.json for r in claimlab.batch(rows, vectors=dict(rest)))
    assert got.encode() == done.stdout
    assert json.loads(got.splitlines()[1])["embedder"] == "given vectors"


def test_a_question_checks_drift_against_the_earlier_answers_as_the_cli_drift_db(cli, tmp_path):
    # Seed 001's SKU-441 scenario: the CLI records each answer in its SQLite
    # store (--drift-db); Python is given the earlier answers.
    ex = next(e for e in claimlab.examples() if e["name"] == "answer-drift")
    question, answers = ex["question"], ex["history"] + [ex["answer"]]
    source, answer_file = tmp_path / "source.txt", tmp_path / "answer.txt"
    source.write_text(ex["source"], encoding="utf-8")
    for i, answer in enumerate(answers):
        answer_file.write_text(answer, encoding="utf-8")
        for n, settings in enumerate(({}, {"drift_window": 2, "drift_min_history": 1})):
            done = run_cli(cli, "check", "--source", str(source), "--answer", str(answer_file),
                           "--question", question, "--drift-db", str(tmp_path / f"drift{n}.db"),
                           *as_cli_args(None, settings))
            report = claimlab.check(ex["source"], answer, question=question, history=answers[:i], **settings)
            assert report.json.encode() == done.stdout, (i, settings)
    assert report.to_dict()["drift"]["compared"] > 0
    # A question alone is the first answer to it, as --question without a store.
    answer_file.write_text(answers[0], encoding="utf-8")
    done = run_cli(cli, "check", "--source", str(source), "--answer", str(answer_file), "--question", question)
    assert claimlab.check(ex["source"], answers[0], question=question).json.encode() == done.stdout
    assert claimlab.check(ex["source"], answers[0]).to_dict()["drift"] is None
