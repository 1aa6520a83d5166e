"""Helpers the tests share: where the repository and the data are, RAGTruth
rows, running the CLI."""

from __future__ import annotations

import glob
import json
import os
import subprocess
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "ragtruth_qa"


def data_dir() -> Path | None:
    """The labelled data's RAGTruth folder: $CLAIMLAB_DATA/ragtruth_qa when
    CLAIMLAB_DATA is set (scripts/test sets it), else shared/data/ragtruth_qa
    beside the clone; None when it is not there."""
    if os.environ.get("CLAIMLAB_DATA"):
        candidates = [Path(os.environ["CLAIMLAB_DATA"]) / "ragtruth_qa"]
    else:
        candidates = [ROOT.parent / "shared" / "data" / "ragtruth_qa", Path("/work/shared/data/ragtruth_qa")]
    return next((d for d in candidates if (d / "QA.jsonl").is_file()), None)


def ragtruth_rows(folder: Path) -> List[Dict[str, str]]:
    """Every response of a RAGTruth QA folder as a batch row {question, context, answer}."""
    sources = {}
    with open(folder / "QA.jsonl", encoding="utf-8") as f:
        for line in f:
            s = json.loads(line)
            sources[s["source_id"]] = s["source_info"]
    rows = []
    for path in sorted(glob.glob(str(folder / "*hallucination.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                info = sources[r["source_id"]]
                rows.append({"question": info["question"], "context": info["passages"], "answer": r["response"]})
    return rows


def run_cli(cli: str, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([cli, *args], input=stdin, capture_output=True, check=False)
