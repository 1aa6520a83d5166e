"""Check a dataframe of (question, context, answer) rows on a Dask cluster.

:func:`check_dataframe` adds each row's report as columns, partition by
partition (``map_partitions``): each partition's rows go through
:func:`claimlab.batch`, so a row's ``report`` is the line ``claimlab batch``
writes for it. Nothing but picklable names and settings travels to the
workers, and every row is checked on its own, so the same call runs on a
laptop's ``LocalCluster`` and on a multi-node cluster unchanged (each
worker needs ``claimlab`` installed, as any library a task uses).

Dask converts columns of Python objects to pyarrow strings by default
(``dataframe.convert-string``), which turns a column of lists (a context
given as passages, samples) into their text (``"['p1', 'p2']"``): make
such a dataframe with the conversion off,
``dask.config.set({"dataframe.convert-string": False})``.
:func:`check_dataframe` refuses a samples column that holds text, and a
context that holds a list turned into its text (the error says how to
turn the conversion off); a context that is a text is checked as it is.

Dask rather than Spark: it installs with pip (``pip install
"dask[distributed]" pandas``), needs no Java virtual machine, and its
workers are Python processes that import this package as it is; Spark's
Python workers talk to a JVM and need one on every node.
"""

from __future__ import annotations

import ast
import math
from typing import Any, Dict, List, Optional

from .api import Include, _flag, _include, _settings, _shown, _whole, batch
from .errors import BadRowError, InternalError, UsageError

__all__ = ["check_dataframe", "check_partition", "COLUMNS"]

#: The columns :func:`check_dataframe` adds: the decision, the headline, the
#: first failing claim, the learned score (``preset="improved"``; NaN
#: otherwise), the report's JSON as ``claimlab batch`` writes it (one line,
#: without its line end), and why a row could not be checked
#: (``errors="return"``; None for a checked row).
COLUMNS = ("decision", "headline", "first_problem", "answer_score", "report", "error")


def _cell(value: Any) -> Any:
    """A cell as JSON holds it: missing values (None, NaN, pandas.NA) as None."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if type(value).__name__ in ("NAType", "NaTType"):
        return None
    if not isinstance(value, str) and hasattr(value, "tolist"):
        return value.tolist()  # a NumPy array of passages, a NumPy scalar
    return value


def check_partition(
    pdf: Any,
    *,
    question: Optional[str] = "question",
    context: str = "context",
    answer: str = "answer",
    samples: Optional[str] = None,
    preset: str = "seed",
    include: Include = None,
    full: bool = False,
    errors: str = "raise",
    jobs: int = 1,
    settings: Optional[Dict[str, Any]] = None,
) -> Any:
    """Check one pandas DataFrame's rows: the frame with :data:`COLUMNS` added."""
    import pandas as pd

    if _holds_text(pdf[context].dtype):
        turned = next((label for label, value in pdf[context].items() if _list_as_text(value)), None)
        if turned is not None:
            raise UsageError(
                f"row {turned!r}: the context column {context!r} holds a list of passages turned "
                "into its text (\"['passage 1', …]\"), as Dask's string conversion "
                "(dataframe.convert-string, on by default) turns a column of lists: make the "
                f"dataframe with it off, {_CONVERSION_OFF}"
            )
    rows: List[Dict[str, Any]] = []
    names = [("question", question), ("context", context), ("answer", answer), ("samples", samples)]
    for values in zip(*(pdf[col] for _, col in names if col is not None)):
        row: Dict[str, Any] = {}
        for (field, _), value in zip([n for n in names if n[1] is not None], values):
            value = _cell(value)
            if value is None and field != "answer":
                continue  # a missing question, context or samples: the field's default
            row[field] = value
        rows.append(row)
    out: Dict[str, List[Any]] = {name: [] for name in COLUMNS}
    labels = list(pdf.index)
    for r in batch(rows, preset=preset, jobs=jobs, include=include, full=full, errors="return", **(settings or {})):
        if isinstance(r, (BadRowError, InternalError)):
            # Name the row by the dataframe's index, not its place in the partition.
            label = labels[r.row if r.row is not None else 0]
            if isinstance(r, BadRowError):
                err: Exception = BadRowError(f"row {label!r}: {r.reason}", row=label, reason=r.reason)
            else:
                err = InternalError(f"row {label!r}: {str(r).split(': ', 1)[-1]}", row=label)
            if errors == "raise":
                raise err
            for name in COLUMNS[:-1]:
                out[name].append(math.nan if name == "answer_score" else None)
            out["error"].append(str(err))
            continue
        d = r._d
        score = d.get("answer_score")
        out["decision"].append(d["decision"])
        out["headline"].append(r.headline)
        out["first_problem"].append(d.get("first_problem"))
        out["answer_score"].append(math.nan if score is None else score["probability"])
        out["report"].append(r.json[:-1])
        out["error"].append(None)
    columns = {
        name: pd.Series(values, index=pdf.index, dtype="float64" if name == "answer_score" else object)
        for name, values in out.items()
    }
    return pdf.assign(**columns)


def _list_as_text(value: Any) -> bool:
    """Is ``value`` a list of texts written as Python writes one (``"['a', 'b']"``),
    what a string conversion makes of a cell that held a list? A source text
    is never exactly that."""
    if not isinstance(value, str) or not (value.startswith("[") and value.endswith("]")):
        return False
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False
    return isinstance(parsed, list) and all(isinstance(p, str) for p in parsed)


def _holds_text(dtype: Any) -> bool:
    """Is a column's dtype a string dtype (pandas' ``str``/``string``, pyarrow's string)?"""
    import pandas as pd

    if isinstance(dtype, pd.StringDtype):
        return True
    arrow = getattr(dtype, "pyarrow_dtype", None)  # pandas.ArrowDtype
    return arrow is not None and str(arrow) in ("string", "large_string", "string_view")


def _dask_converts_strings() -> bool:
    """Is Dask's ``dataframe.convert-string`` on (its default, unset, is on)?"""
    try:
        from dask.dataframe.utils import pyarrow_strings_enabled
    except ImportError:  # another Dask: read the option itself
        import dask

        return dask.config.get("dataframe.convert-string", None) is not False
    return bool(pyarrow_strings_enabled())


_CONVERSION_OFF = 'dask.config.set({"dataframe.convert-string": False})'


def check_dataframe(
    df: Any,
    *,
    question: Optional[str] = "question",
    context: str = "context",
    answer: str = "answer",
    samples: Optional[str] = None,
    preset: str = "seed",
    include: Include = None,
    full: bool = False,
    errors: str = "raise",
    jobs: int = 1,
    **settings: Any,
) -> Any:
    """Check every row of a Dask (or pandas) dataframe; return it with :data:`COLUMNS` added.

    ``question``, ``context``, ``answer`` (and ``samples``, a column of
    lists, if given) name the columns that hold a row's texts, as a line of
    ``claimlab batch`` holds them (a context may be a text or a list of
    passages; ``question=None`` when there is none). Settings are as
    :func:`claimlab.check` takes them, checked here before any work is
    sent. ``errors``: ``"raise"`` (a bad row fails the computation with
    :class:`claimlab.BadRowError` naming its index) or ``"return"`` (its
    ``error`` column says why, the others are empty). Each partition is
    checked on ``jobs`` threads (1: Dask spreads the partitions over the
    workers' cores).

    The result is lazy for a Dask dataframe (``.compute()`` runs it) and
    computed at once for a pandas one.

    Lists in a Dask dataframe: Dask's string conversion
    (``dataframe.convert-string``, on by default) turns a column of lists
    into their text, so make the dataframe with it off (as below). A
    ``samples`` column that holds text is refused (:class:`claimlab.UsageError`:
    samples are a list of texts); a ``context`` column that holds text
    while the conversion is on gives a ``UserWarning``, since a text is a
    context too but a list of passages may have been turned into one.

    >>> import pandas as pd
    >>> from claimlab.dask import check_dataframe
    >>> df = pd.DataFrame({
    ...     "question": ["How long is the main span?"],
    ...     "context": ["The main span is 410 metres long."],
    ...     "answer": ["The main span is 460 metres long."],
    ... })
    >>> check_dataframe(df)["decision"].tolist()
    ['block']
    >>> import dask
    >>> import dask.dataframe as dd
    >>> passages = pd.DataFrame({
    ...     "context": [["The bridge opened in 1932.", "Its main span is 410 metres long."]],
    ...     "answer": ["Its main span is 410 metres long [2]."],
    ... })
    >>> with dask.config.set({"dataframe.convert-string": False}):  # keep the lists
    ...     ddf = dd.from_pandas(passages, npartitions=1)
    ...     checked = check_dataframe(ddf, question=None)
    >>> checked["decision"].compute(scheduler="sync").tolist()
    ['deliver']
    """
    import pandas as pd

    meta_of = getattr(df, "_meta", None) if hasattr(df, "map_partitions") else None
    frame = df if meta_of is None else meta_of
    if not isinstance(frame, pd.DataFrame):
        raise UsageError(f"check_dataframe takes a Dask or pandas DataFrame, not {_shown(df)}")
    if errors not in ("raise", "return"):
        raise UsageError(f'errors must be "raise" or "return", not {errors!r}')
    # Everything that can be wrong with the call is said here, on the client.
    _settings(preset, settings)
    _include(include)
    full = _flag("full", full)
    if full and include:
        raise UsageError("full and include cannot be used together: the full report holds every part")
    threads = _whole(jobs)
    if threads is None or threads < 0:
        raise UsageError(f"jobs must be a number of threads (0: one per core), not {jobs!r}")
    wanted = [c for c in (question, context, answer, samples) if c is not None]
    missing = [c for c in wanted if c not in frame.columns]
    if missing:
        raise UsageError(f"the dataframe has no column {', '.join(map(repr, missing))}")
    clash = [c for c in COLUMNS if c in frame.columns]
    if clash:
        raise UsageError(f"the dataframe already has a column {', '.join(map(repr, clash))}")
    converts = meta_of is not None and _dask_converts_strings()
    if samples is not None and _holds_text(frame[samples].dtype):
        raise UsageError(
            f"the samples column {samples!r} holds text ({frame[samples].dtype}), but a row's samples "
            "are a list of texts"
            + (
                "; Dask's string conversion (dataframe.convert-string, on by default) turns a column "
                f"of lists into their text: make the dataframe with it off, {_CONVERSION_OFF}"
                if converts
                else ""
            )
        )
    options: Dict[str, Any] = dict(
        question=question,
        context=context,
        answer=answer,
        samples=samples,
        preset=preset,
        include=include,
        full=full,
        errors=errors,
        jobs=threads,
        settings=dict(settings),
    )
    if meta_of is None:  # a pandas dataframe: check it here
        return check_partition(df, **options)

    meta = meta_of.assign(
        **{
            name: pd.Series([], dtype="float64" if name == "answer_score" else object)
            for name in COLUMNS
        }
    )
    return df.map_partitions(check_partition, meta=meta, **options)
