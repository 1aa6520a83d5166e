"""The core API: check one answer, check many, and the settings table.

Each function mirrors a CLI command and runs the same Rust code:
:func:`check` is ``claimlab check --format json``, :func:`batch` is
``claimlab batch``, :func:`settings` is ``claimlab settings``,
:func:`examples` is ``claimlab examples``. Settings are given by name as
keyword arguments (``support_threshold=0.65``, ``policy="flag"``), after a
preset, as ``--preset`` and then ``--set NAME=VALUE``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
)

from . import _core
from .errors import BadRowError, InternalError, UsageError, VectorsError
from .report import LabLink, Report, lab_url

__all__ = [
    "check",
    "check_example",
    "batch",
    "config",
    "presets",
    "settings",
    "Setting",
    "examples",
    "lessons",
    "Lesson",
    "lesson_link",
]

Source = Union[str, Sequence[str], None]
Include = Union[str, Iterable[str], None]
Vectors = Optional[Mapping[str, Sequence[float]]]
SettingValue = Union[bool, int, float, str]

#: Rows a thread checks per round trip into the core (as ``claimlab batch``
#: reads its input a share at a time: 64 lines or 2 MB per thread, whichever
#: comes first), so that memory holds one share whatever the input's length.
ROWS_PER_THREAD = 64
BYTES_PER_THREAD = 2 << 20


def _settings(preset: Optional[str], values: Mapping[str, Any], example: Optional[str] = None) -> Any:
    if preset is not None and not isinstance(preset, str):
        raise UsageError(f"preset must be a preset's name, not {preset!r}")
    return _core.Settings(preset, list(values.items()), example)


def _include(include: Include) -> Optional[str]:
    if include is None:
        return None
    if isinstance(include, str):
        return include
    try:
        names = list(include)
    except TypeError:
        raise UsageError(f"include must be a part's name or a list of names, not {include!r}") from None
    if not all(isinstance(n, str) for n in names):
        raise UsageError(f"include must be a part's name or a list of names, not {include!r}")
    return ",".join(names)


def _texts(what: str, value: Any) -> List[str]:
    if value is None:
        return []
    if isinstance(value, str):
        raise UsageError(f"{what} must be a list of texts, not one text")
    try:
        texts = list(value)
    except TypeError:
        raise UsageError(f"{what} must be a list of texts, not {type(value).__name__}") from None
    for i, t in enumerate(texts):
        if not isinstance(t, str):
            raise UsageError(f"{what}[{i}] must be a text, not {type(t).__name__}")
    return texts


def _text(what: str, value: Any) -> str:
    if not isinstance(value, str):
        raise UsageError(f"{what} must be a text, not {type(value).__name__}")
    return value


def _source(source: Any) -> Source:
    if source is None or isinstance(source, str):
        return source
    if isinstance(source, (list, tuple)) and all(isinstance(p, str) for p in source):
        return list(source)
    raise UsageError(f"source must be a text or a list of passage texts, not {type(source).__name__}")


def _vectors_json(vectors: Vectors) -> Optional[str]:
    """Vectors as the one JSON object ``--vectors`` reads (text → numbers)."""
    if vectors is None:
        return None
    if not isinstance(vectors, Mapping):
        raise VectorsError("vectors must be a mapping of each sentence to its vector")
    table: Dict[str, List[float]] = {}
    for text, vector in vectors.items():
        if not isinstance(text, str):
            raise VectorsError(f"vectors: a key must be a sentence's text, not {text!r}")
        try:
            numbers = [float(x) for x in vector]
        except (TypeError, ValueError):
            raise VectorsError(f"vectors: the vector of {text!r} must be a list of numbers") from None
        bad = next((i for i, x in enumerate(numbers) if not math.isfinite(x)), None)
        if bad is not None:
            raise VectorsError(
                f"vectors: {text!r}: number {bad + 1} of the vector, {numbers[bad]}, "
                "is not a finite 32-bit number"
            )
        if text in table and table[text] != numbers:
            raise VectorsError(f"vectors: {text!r} is given twice with different vectors")
        table[text] = numbers
    return json.dumps(table)


def check(
    source: Source,
    answer: str,
    *,
    samples: Optional[Sequence[str]] = None,
    preset: str = "seed",
    question: Optional[str] = None,
    history: Optional[Sequence[str]] = None,
    vectors: Vectors = None,
    include: Include = None,
    full: bool = False,
    **settings: SettingValue,
) -> Report:
    """Check ``answer`` against ``source``, claim by claim.

    Mirrors ``claimlab check --format json``: ``Report.json`` is the exact
    text that command writes for the same inputs and settings.

    - ``source``: the source text, or a list of passages (numbered 1…m, for
      ``[N]`` citations), or None to check only the answer's consistency
      with ``samples`` (seed 000 works without a source). A text that opens
      with ``WEBVTT`` is cut into numbered passages, as the lab does.
    - ``samples``: other sampled answers, for self-consistency and best of N.
    - ``preset``: ``seed`` (the default), ``improved`` or ``strict``; then
      ``**settings`` by name (``support_threshold=0.65``,
      ``number_check=False``, ``policy="flag"``), as ``--set``.
    - ``question``: the question answered (repair ranks sentences by it);
      giving one checks drift, as ``--question`` does, against ``history``:
      the earlier answers to it, oldest first (``--drift-db`` holds them for
      the CLI; the last ``drift_window`` of them count).
    - ``vectors``: your own sentence vectors (text → list of numbers) for
      the consistency check instead of the lexical embedder (``--vectors``).
    - ``include``: parts added to the compact report (``"sources"``,
      ``["trace", "findings"]``, ``"all"``); ``full=True`` gives the full
      report instead (``--full``).

    Raises a subclass of :class:`claimlab.InputError` for bad input (the
    CLI's exit status 2): :class:`~claimlab.UnknownSettingError`,
    :class:`~claimlab.SettingRangeError`, :class:`~claimlab.EmptyInputError`, …

    >>> r = check("The main span is 410 metres long.", "The main span is 460 metres long.")
    >>> r.decision, r.claims[0].verdict, r.claims[0].best_source
    ('block', 'contradicted', 'S1')
    >>> r.claims[0].reasons[0].kind
    'number_mismatch'
    """
    include_text = _include(include)
    src = _source(source)
    answer = _text("answer", answer)
    sample_list = _texts("samples", samples)
    question_text = None if question is None else _text("question", question)
    earlier = _texts("history", history)
    vectors_text = _vectors_json(vectors)
    resolved = _settings(preset, settings)
    text = _core.check(
        resolved, src, answer, sample_list, question_text, earlier, vectors_text, include_text, bool(full)
    )
    return Report(text, link=(src, answer, sample_list, question_text or "", None), settings=resolved)


def check_example(
    name: str,
    *,
    preset: Optional[str] = None,
    include: Include = None,
    full: bool = False,
    **settings: SettingValue,
) -> Report:
    """Check a built-in example (``claimlab check --example NAME``).

    The example's own settings apply unless ``preset`` names another; the
    keyword settings go over them.

    >>> check_example("correct-paraphrase").decision
    'deliver'
    >>> check_example("correct-paraphrase", support_threshold=0.65).claims[1].verdict
    'unsupported'
    """
    name = _text("name", name)
    resolved = _settings(preset, settings, example=name)
    text = _core.check_example(name, resolved, _include(include), bool(full))
    ex = next(e for e in examples() if e["name"] == name)
    link = (ex["source"], ex["answer"], ex["samples"], ex["question"], name)
    return Report(text, link=link, settings=resolved)


def _row_json(row: Any) -> str:
    return json.dumps(row, allow_nan=False)


def batch(
    rows: Iterable[Mapping[str, Any]],
    *,
    preset: str = "seed",
    jobs: int = 0,
    include: Include = None,
    full: bool = False,
    vectors: Vectors = None,
    errors: str = "raise",
    **settings: SettingValue,
) -> Iterator[Union[Report, BadRowError, InternalError]]:
    """Check many answers: ``claimlab batch`` over rows given as dicts.

    Each row is what a line of ``claimlab batch`` holds: ``{"question": …,
    "context": text or [passages], "answer": …, "samples": [… optional],
    "vectors": {… optional}}``. Reports come in the rows' order, each
    ``Report.json`` the line ``claimlab batch`` writes for it, whatever
    ``jobs`` is (0, the default: one thread per core). Rows are read as they
    are needed, a share at a time, so a generator of rows may be any length.

    A bad row (unknown or missing fields, an empty answer, …) is refused
    with the reason ``claimlab batch`` gives: ``errors="raise"`` (the
    default) raises :class:`claimlab.BadRowError` when its turn comes,
    ``"skip"`` leaves it out (``--skip-bad``), and ``"return"`` yields the
    error in its place, so that reports stay aligned with their rows.

    >>> rows = [
    ...     {"context": "The span is 410 metres long.", "answer": "The span is 410 metres long."},
    ...     {"context": "The span is 410 metres long.", "answer": "The span is 460 metres long."},
    ... ]
    >>> [r.decision for r in batch(rows)]
    ['deliver', 'block']
    """
    if errors not in ("raise", "skip", "return"):
        raise UsageError(f'errors must be "raise", "skip" or "return", not {errors!r}')
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise UsageError(f"jobs must be a number of threads (0: one per core), not {jobs!r}")
    resolved = _settings(preset, settings)
    runner = _core.Batch(resolved, _include(include), bool(full), jobs, _vectors_json(vectors))
    if isinstance(rows, (str, bytes, Mapping)):
        raise UsageError("rows must be an iterable of dicts (one per answer), not one row")
    return _batch(iter(rows), runner, resolved, errors)


def _batch(rows: Iterator[Any], runner: Any, resolved: Any, errors: str) -> Iterator[Any]:
    share = runner.threads * ROWS_PER_THREAD
    most = runner.threads * BYTES_PER_THREAD
    place = 0
    while True:
        chunk: List[Tuple[int, Any, Optional[str], Optional[str]]] = []
        size = 0
        for row in rows:
            line: Optional[str] = None
            reason: Optional[str] = None
            try:
                line = _row_json(row)
            except (TypeError, ValueError) as bad:
                reason = f"not JSON: {bad}"
            chunk.append((place, row, line, reason))
            place += 1
            size += len(line or "")
            if len(chunk) == share or size >= most:
                break
        if not chunk:
            return
        lines = [text for _, _, text, _ in chunk if text is not None]
        outcomes = iter(runner.check_lines(lines))
        for i, row, row_line, row_reason in chunk:
            status, text = (1, str(row_reason)) if row_line is None else next(outcomes)
            if status == 0:
                yield Report(text, link=_row_link(row), settings=resolved)
                continue
            err: Union[BadRowError, InternalError]
            if status == 1:
                err = BadRowError(f"row {i}: {text}", row=i, reason=text)
            else:
                err = InternalError(f"row {i}: {text}", row=i)
            if errors == "raise":
                raise err
            if errors == "return":
                yield err


def _row_link(row: Mapping[str, Any]) -> Tuple[Any, ...]:
    context = row.get("context")
    return (
        context if context not in (None, "") else None,
        row.get("answer", ""),
        row.get("samples") or [],
        row.get("question") or "",
        None,
    )


# -- presets and settings ---------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One row of the settings table (SETTINGS.md, ``claimlab settings``).

    ``kind`` is ``number`` (between ``low`` and ``high``; above ``low``
    when ``above_low``), ``count`` (``low`` or more), ``toggle`` or
    ``choice`` (one of ``choices``); ``presets`` gives its value in each
    preset, ``default`` in ``seed``.
    """

    name: str
    label: str
    group: str
    range: str
    kind: str
    low: Optional[float]
    high: Optional[float]
    above_low: bool
    choices: Tuple[str, ...]
    doc: str
    default: SettingValue
    presets: Mapping[str, SettingValue]


def settings() -> Dict[str, Setting]:
    """Every setting by name, in the settings table's order.

    >>> s = settings()["support_threshold"]
    >>> s.default, s.range, s.presets["strict"]
    (0.5, '0–1', 0.7)
    """
    out = {}
    for row in json.loads(_core.settings_table()):
        row["choices"] = tuple(row["choices"])
        out[row["name"]] = Setting(**row)
    return out


def presets() -> Dict[str, Dict[str, SettingValue]]:
    """Each preset by name, with every setting's value in it.

    >>> list(presets())
    ['seed', 'improved', 'strict']
    >>> presets()["improved"]["answer_scoring"]
    'learned'
    """
    return {name: config(name) for name in _core.presets()}


def config(preset: str = "seed", **settings: SettingValue) -> Dict[str, SettingValue]:
    """The settings a check would use: ``preset``, then ``settings`` by name, checked.

    >>> config("strict", policy="flag")["support_threshold"]
    0.7
    """
    return cast(Dict[str, SettingValue], json.loads(_settings(preset, settings).to_json()))


def examples() -> List[Dict[str, Any]]:
    """The built-in examples (``claimlab examples --format json``): each one's name, title, texts and settings."""
    return cast(List[Dict[str, Any]], json.loads(_core.examples_json()))


# -- lessons -----------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    """A built-in lesson of the lab: its id, title and each step's title."""

    id: str
    title: str
    steps: Tuple[str, ...]

    def link(self, step: Optional[int] = None) -> LabLink:
        """A link opening this lesson (at ``step``, from 1) in the lab."""
        return lesson_link(self.id, step)


def lessons() -> List[Lesson]:
    """The lab's built-in lessons (``seed-004``, ``seed-001``, ``seed-000``)."""
    return [Lesson(i, t, tuple(s)) for i, t, s in _core.lessons()]


def lesson_link(name: str, step: Optional[int] = None) -> LabLink:
    """A link opening a lesson of the lab (at ``step``, from 1), at ``claimlab.LAB_URL``.

    A notebook shows it as a link; as a ``str`` it is the address.

    >>> import claimlab
    >>> claimlab.LAB_URL = "http://127.0.0.1:8080/"
    >>> lesson_link("seed-004", step=6)
    'http://127.0.0.1:8080/#lesson=seed-004&step=6'
    """
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 1):
        raise UsageError(f"step must be a step number (1, 2, …), not {step!r}")
    fragment = _core.lesson_fragment(_text("name", name), step)
    label = f"Open lesson {name} in the lab" if step is None else f"Open lesson {name}, step {step}, in the lab"
    return lab_url(fragment, label)
