"""claimlab.dask on a real (local) Dask cluster: two worker processes check a
few thousand RAGTruth rows, and the reports are ``claimlab batch``'s."""

from __future__ import annotations

import math

import pytest

import claimlab
from support import run_cli

pd = pytest.importorskip("pandas", reason="claimlab.dask needs pandas (pip install pandas)")
dask = pytest.importorskip("dask", reason="claimlab.dask needs dask[dataframe]")
dd = pytest.importorskip("dask.dataframe", reason="claimlab.dask needs dask[dataframe]")
distributed = pytest.importorskip("distributed", reason="the cluster test needs dask[distributed]")

from claimlab.dask import COLUMNS, check_dataframe  # noqa: E402


@pytest.fixture(scope="module")
def cluster_client():
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # loopback, any free port
        silence_logs=40,
    )
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.fixture
def no_string_conversion():
    """Dataframes made as the README makes them: Dask's string conversion off."""
    with dask.config.set({"dataframe.convert-string": False}):
        yield


@pytest.mark.filterwarnings("ignore:Sending large graph")  # the rows travel in the graph here
@pytest.mark.usefixtures("no_string_conversion")
def test_two_worker_processes_give_the_reports_of_claimlab_batch(ragtruth, cli, cluster_client, tmp_path):
    import json

    rows = ragtruth
    assert len(rows) >= 2000
    frame = pd.DataFrame(rows)
    frame.index = [f"r{i}" for i in range(len(frame))]
    ddf = dd.from_pandas(frame, npartitions=8, sort=False)  # rows in the input's order
    path = tmp_path / "ragtruth.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for preset in ("seed", "improved"):
        checked = check_dataframe(ddf, preset=preset)
        assert isinstance(checked, dd.DataFrame)  # lazy until computed, on the cluster
        result = cluster_client.compute(checked).result()
        # Every worker took part, and the rows came back in their order.
        assert list(result.index) == list(frame.index)
        assert list(result.columns) == list(frame.columns) + list(COLUMNS)
        done = run_cli(cli, "batch", "--input", str(path), "--preset", preset)
        assert done.returncode in (0, 1), done.stderr.decode()
        assert "".join(r + "\n" for r in result["report"]).encode() == done.stdout
        lines = done.stdout.decode().splitlines()
        assert result["decision"].tolist() == [json.loads(line)["decision"] for line in lines]
        assert result["error"].isna().all()
        # The learned score where the report has one (preset improved), NaN elsewhere.
        for score, line in zip(result["answer_score"], lines):
            held = json.loads(line).get("answer_score")
            assert math.isnan(score) if held is None else score == held["probability"]
        assert result["answer_score"].notna().any() == (preset == "improved")
    workers = cluster_client.run(lambda: __import__("claimlab").__version__)
    assert len(workers) == 2


@pytest.mark.usefixtures("no_string_conversion")
def test_a_bad_row_fails_the_computation_or_is_named_in_its_column(cluster_client):
    frame = pd.DataFrame(
        {
            "question": ["Q?", None, "Q?"],
            "context": ["The span is 410 metres long.", "The span is 410 metres long.", None],
            "answer": ["The span is 460 metres long.", "The span is 410 metres long.", "The span is long."],
        },
        index=["a", "b", "c"],
    )
    ddf = dd.from_pandas(frame, npartitions=2, sort=False)
    with pytest.raises(claimlab.BadRowError) as err:
        cluster_client.compute(check_dataframe(ddf)).result()
    assert err.value.row == "c" and "context is empty" in err.value.reason
    kept = cluster_client.compute(check_dataframe(ddf, errors="return")).result()
    assert kept["decision"].tolist()[:2] == ["block", "deliver"]
    assert kept.loc["c", "decision"] is None and "row 'c': context is empty" in kept.loc["c", "error"]


def test_a_pandas_frame_is_checked_at_once_and_settings_are_checked_first():
    frame = pd.DataFrame({"context": [["One.", "Two."]], "answer": ["One [2]."]})
    out = check_dataframe(frame, question=None, policy="flag")
    assert out["decision"].tolist() == ["deliver_with_flags"]
    assert claimlab.Report(out["report"][0] + "\n").claims[0].verdict == "miscited"
    with pytest.raises(claimlab.UnknownSettingError):
        check_dataframe(dd.from_pandas(frame, npartitions=1), question=None, bogus=1)
    with pytest.raises(claimlab.UsageError, match="no column 'question'"):
        check_dataframe(frame)
    with pytest.raises(claimlab.UsageError, match="already has a column 'decision'"):
        check_dataframe(frame.assign(decision=1), question=None)


def test_without_the_labelled_data_the_cluster_test_skips_saying_why(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve()
    env = dict(os.environ, CLAIMLAB_DATA=str(tmp_path / "no-data-here"))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-c", str(here.parents[1] / "pyproject.toml"),
         f"{here}::test_two_worker_processes_give_the_reports_of_claimlab_batch"],
        cwd=here.parent, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    assert "RAGTruth data not found (set CLAIMLAB_DATA" in done.stdout


# Rows whose context is a list of passages and whose samples are a list:
# what Dask's default string conversion turns into text.
LIST_ROWS = [
    {"question": "How many cranes?", "context": ["The depot holds 40 forklifts.", "The depot has 9 cranes."],
     "answer": "The depot has 9 cranes [2].", "samples": ["It has 9 cranes.", "There are 9 cranes."]},
    {"question": "How many forklifts?", "context": ["The depot has 9 cranes.", "The depot holds 40 forklifts."],
     "answer": "The depot holds 44 forklifts [2].", "samples": ["It has 40 forklifts."]},
    {"question": "When?", "context": ["It opened in 2011."], "answer": "It opened in 2011 [1].", "samples": []},
]


def test_lists_stay_lists_with_the_conversion_off_as_the_readme_makes_the_dataframe(cluster_client, tmp_path):
    import json

    expected = [r.json[:-1] for r in claimlab.batch(LIST_ROWS)]
    (tmp_path / "answers-1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in LIST_ROWS), encoding="utf-8")
    with dask.config.set({"dataframe.convert-string": False}):
        frames = {
            "from_pandas": dd.from_pandas(pd.DataFrame(LIST_ROWS), npartitions=2, sort=False),
            "read_json": dd.read_json(str(tmp_path / "answers-*.jsonl"), lines=True, blocksize="64MB"),
        }
        for how, ddf in frames.items():
            result = cluster_client.compute(check_dataframe(ddf, samples="samples")).result()
            assert result["report"].tolist() == expected, how
            assert result["decision"].tolist() == ["deliver", "block", "deliver"], how
        # The full report's headline column is the compact one's.
        full = cluster_client.compute(check_dataframe(frames["from_pandas"], samples="samples", full=True)).result()
        assert full["headline"].tolist() == [claimlab.Report(line + "\n").headline for line in expected]


def test_the_default_string_conversion_is_refused_for_lists_and_harmless_for_texts(cluster_client):
    import warnings

    with dask.config.set({"dataframe.convert-string": True}):  # Dask's default where pyarrow is installed
        ddf = dd.from_pandas(pd.DataFrame(LIST_ROWS), npartitions=2, sort=False)
        assert str(ddf["samples"].dtype) in ("string", "str")  # the lists are text now
        with pytest.raises(claimlab.UsageError) as err:
            check_dataframe(ddf, samples="samples")
        said = str(err.value)
        assert "the samples column 'samples' holds text" in said and "a row's samples are a list of texts" in said
        assert 'dask.config.set({"dataframe.convert-string": False})' in said and "\n" not in said
        # A context given as passages, turned into its text, is refused when the rows are checked.
        with pytest.raises(claimlab.UsageError, match=r"row \d+: the context column 'context' holds a list of passages turned into its text"):
            cluster_client.compute(check_dataframe(ddf[["question", "context", "answer"]])).result()
        # Contexts that are texts, under the same conversion: checked, with no warning.
        texts = pd.DataFrame(TEXT_ROWS)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            converted = cluster_client.compute(check_dataframe(dd.from_pandas(texts, npartitions=2, sort=False))).result()
    assert converted["report"].tolist() == [r.json[:-1] for r in claimlab.batch(TEXT_ROWS)]
    # The list rows made with the conversion off: the passages kept.
    with dask.config.set({"dataframe.convert-string": False}):
        kept = dd.from_pandas(pd.DataFrame(LIST_ROWS), npartitions=2, sort=False)[["question", "context", "answer"]]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            right = cluster_client.compute(check_dataframe(kept)).result()
    assert right["decision"].tolist() == ["deliver", "block", "deliver"]


TEXT_ROWS = [
    {"question": "Q1", "context": "The depot holds 40 forklifts. It has 9 cranes.", "answer": "The depot has 9 cranes."},
    {"question": "Q2", "context": "[1] The ferry leaves at 9. [2] It returns at 5.", "answer": "The ferry leaves at 9 [1]."},
    {"question": "Q3", "context": "Lists look like ['this'] in Python.", "answer": "The depot has 12 cranes."},
]


def test_what_is_not_a_dataframe_or_a_flag_is_a_usage_error():
    frame = pd.DataFrame({"context": ["The span is 410 metres long."], "answer": ["The span is 410 metres long."]})
    for bad, name in (([{"context": "S.", "answer": "A."}], "a list"), (frame["answer"], "a Series"), (None, "None")):
        with pytest.raises(claimlab.UsageError, match=f"check_dataframe takes a Dask or pandas DataFrame, not {name}"):
            check_dataframe(bad, question=None)
    with pytest.raises(claimlab.UsageError, match="not a Series"):
        check_dataframe(dd.from_pandas(frame, npartitions=1)["answer"], question=None)
    with pytest.raises(claimlab.UsageError, match="full must be True or False, not 'yes'"):
        check_dataframe(frame, question=None, full="yes")
    # A pandas frame's samples column of texts is refused too (samples are a list).
    with pytest.raises(claimlab.UsageError, match="the samples column 'samples' holds text"):
        check_dataframe(frame.assign(samples=pd.Series(["One."], dtype="string")), question=None, samples="samples")
