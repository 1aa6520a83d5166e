"""Throughput of the Python package on RAGTruth's 3,956 QA responses.

    python python/bench/throughput.py --data ../shared/data [--cli target/release/claimlab] [--repeat 3]

Run it with the Python of a virtual environment where the wheel, pandas and
dask[distributed] are installed (README.md, "From Python"). It times, best
of --repeat runs each: `claimlab batch` (the CLI, for comparison) and
`claimlab.batch` on one thread and on every core; one `claimlab.check` of a
short answer; and `claimlab.dask.check_dataframe` on a LocalCluster of two
worker processes (the cluster's start not counted). Every run's reports
are compared with the CLI's, so a figure is never of a wrong result.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import claimlab

# RAGTruth's rows as the tests read them (python/tests/support.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from support import ragtruth_rows  # noqa: E402


def best(repeat: int, run):
    times = []
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", required=True, help="the folder holding ragtruth_qa/")
    p.add_argument("--cli", default="target/release/claimlab")
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args()
    rows = ragtruth_rows(Path(a.data) / "ragtruth_qa")
    n = len(rows)
    print(f"{n} RAGTruth QA responses, {os.cpu_count()} cores, Python {sys.version.split()[0]}, claimlab {claimlab.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "rows.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
        t, cli = best(a.repeat, lambda: subprocess.run([a.cli, "batch", "--input", path], capture_output=True).stdout)
        print(f"claimlab batch (CLI, every core)         {t:6.2f} s  {n / t:8.0f} answers/s")
    for jobs, label in ((1, "one thread"), (0, "every core")):
        t, got = best(a.repeat, lambda jobs=jobs: "".join(r.json for r in claimlab.batch(rows, jobs=jobs)).encode())
        assert got == cli, "claimlab.batch differs from claimlab batch"
        print(f"claimlab.batch (jobs={jobs}, {label}){' ' * (12 - len(label))}   {t:6.2f} s  {n / t:8.0f} answers/s")
    k = 2000
    t, _ = best(a.repeat, lambda: [claimlab.check("The main span is 410 metres long.", "The main span is 460 metres long.") for _ in range(k)])
    print(f"claimlab.check (a one-claim answer)      {t / k * 1e6:6.0f} us a call")
    try:
        import dask.dataframe as dd
        import pandas as pd
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("dask: not installed (pip install 'dask[dataframe,distributed]' pandas)")
        return 0
    from claimlab.dask import check_dataframe

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=40) as cluster, Client(cluster) as client:
        frame = pd.DataFrame(rows)
        ddf = dd.from_pandas(frame, npartitions=8, sort=False).persist()  # the rows on the workers first

        def run():
            return client.compute(check_dataframe(ddf)).result()

        t, result = best(a.repeat, run)
        assert "".join(r + "\n" for r in result["report"]).encode() == cli, "check_dataframe differs"
        print(f"claimlab.dask.check_dataframe (2 worker processes) {t:6.2f} s  {n / t:8.0f} answers/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
