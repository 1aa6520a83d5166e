"""Shared fixtures: the CLI to compare with, and RAGTruth lines.

The tests import the installed wheel (``--import-mode=importlib``; run them
with the ``pytest`` of the environment the wheel is installed in, as
``scripts/test python`` does); ``tests/`` itself is on the path for
``support``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List

import pytest

from support import FIXTURE, ROOT, data_dir, ragtruth_rows


@pytest.fixture(scope="session")
def cli() -> str:
    """The release CLI built from the same tree as the wheel."""
    path = Path(os.environ.get("CLAIMLAB_BIN") or ROOT / "target" / "release" / "claimlab")
    if not path.is_file():
        pytest.fail(
            f"the CLI to compare with is not built at {path}: run "
            "`cargo build --release --bin claimlab` (or set CLAIMLAB_BIN)"
        )
    return str(path)


@pytest.fixture(scope="session")
def ragtruth() -> List[Dict[str, str]]:
    """RAGTruth's 3,956 responses as rows, or skip when the data is not on this machine."""
    folder = data_dir()
    if folder is None:
        pytest.skip(
            "RAGTruth data not found (set CLAIMLAB_DATA to the folder holding ragtruth_qa/, "
            "or put shared/data beside the clone): a clone without the labelled data skips this test"
        )
    return ragtruth_rows(folder)


@pytest.fixture(scope="session")
def fixture_rows() -> List[Dict[str, str]]:
    """The repository's own small RAGTruth fixture as rows (always there)."""
    return ragtruth_rows(FIXTURE)
