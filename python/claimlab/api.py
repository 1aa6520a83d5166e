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
import operator
import sys
from dataclasses import dataclass
from numbers import Integral
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
from .errors import BadRowError, InternalError, InvalidTextError, UsageError, VectorsError
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


def _is_numpy_bool(value: Any) -> bool:
    """Is ``value`` NumPy's bool? (NumPy is not imported here: a value can be
    one of its bools only once something else has imported it.)"""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.bool_)


def _setting_value(value: Any) -> Any:
    """A setting's value as Python's own type when it is one by value: NumPy's
    bool as a bool, any integer (``numbers.Integral``: NumPy's ints) as an
    int. Anything else goes to the core as it is, to be taken or refused."""
    if isinstance(value, (str, bool, int, float)):
        return value
    if _is_numpy_bool(value):
        return bool(value)
    if isinstance(value, Integral):
        return operator.index(value)
    return value


def _flag(what: str, value: Any) -> bool:
    """An on/off argument: a bool (or NumPy's bool), never a truthy value."""
    if isinstance(value, bool):
        return value
    if _is_numpy_bool(value):
        return bool(value)
    raise UsageError(f"{what} must be True or False, not {value!r}")


def _whole(value: Any) -> Optional[int]:
    """``value`` as an int if it is an integer (an int, NumPy's ints; not a bool), else None."""
    if isinstance(value, bool) or _is_numpy_bool(value) or not isinstance(value, Integral):
        return None
    return operator.index(value)


def _valid(what: str, text: str) -> str:
    """``text`` if it is valid Unicode text; a lone surrogate (which no UTF-8
    text can hold, and so neither the core nor a file the CLI reads) is
    refused naming the argument that holds it."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as bad:
            raise InvalidTextError(
                f"{what} holds a character that is not valid Unicode text: the lone surrogate "
                f"U+{ord(text[bad.start]):04X} at character {bad.start}"
            ) from None
    return text


def _settings(preset: Optional[str], values: Mapping[str, Any], example: Optional[str] = None) -> Any:
    if preset is not None:
        _valid("preset", _text("preset", preset, "a preset's name"))
    pairs = []
    for name, value in values.items():
        if isinstance(name, str):
            _valid("a setting's name", name)
        if isinstance(value, str):
            _valid(str(name), value)
        pairs.append((name, _setting_value(value)))
    return _core.Settings(preset, pairs, example)


def _include(include: Include) -> Optional[str]:
    if include is None:
        return None
    if isinstance(include, str):
        return _valid("include", include)
    try:
        names = list(include)
    except TypeError:
        raise UsageError(f"include must be a part's name or a list of names, not {include!r}") from None
    if not all(isinstance(n, str) for n in names):
        raise UsageError(f"include must be a part's name or a list of names, not {include!r}")
    return _valid("include", ",".join(names))


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
        _valid(f"{what}[{i}]", t)
    return texts


def _text(what: str, value: Any, kind: str = "a text") -> str:
    if not isinstance(value, str):
        raise UsageError(f"{what} must be {kind}, not {type(value).__name__}")
    return _valid(what, value)


def _source(source: Any) -> Source:
    if source is None:
        return None
    if isinstance(source, str):
        return _valid("source", source)
    if isinstance(source, (list, tuple)) and all(isinstance(p, str) for p in source):
        return _texts("source", source)
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
            _valid("a sentence", text)
        except InvalidTextError as invalid:
            raise VectorsError(f"vectors: {text!r}: {invalid}") from None
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
      the CLI; the last ``drift_window`` of them count); with no history the
      answer is the first to it. (A :func:`batch` row's question does not
      check drift, as in ``claimlab batch``.)
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
    text, headline = _core.check(
        resolved, src, answer, sample_list, question_text, earlier, vectors_text, include_text, _flag("full", full)
    )
    link = (src, answer, sample_list, question_text or "", None)
    return Report(text, link=link, settings=resolved, headline=headline)


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
    text, headline = _core.check_example(name, resolved, _include(include), _flag("full", full))
    ex = next(e for e in examples() if e["name"] == name)
    link = (ex["source"], ex["answer"], ex["samples"], ex["question"], name)
    return Report(text, link=link, settings=resolved, headline=headline)


def _shown(value: Any) -> str:
    """A value as a reason names it: ``None``, ``nan``, ``a set``."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return repr(value)
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _unwritable(value: Any, where: str) -> Optional[str]:
    """Where in a row is a value JSON cannot hold, and what it is (None: nowhere)."""
    if value is None or isinstance(value, (str, bool, int)):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{where} is {value!r}"
    if isinstance(value, dict):
        for key, item in value.items():
            if key is not None and not isinstance(key, (str, bool, int, float)):
                return f"{where} has a key that is {_shown(key)}"
            found = _unwritable(item, f"{where}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = _unwritable(item, f"{where}[{i}]")
            if found:
                return found
        return None
    return f"{where} is {_shown(value)}"


def _row_line(row: Any) -> Tuple[Optional[str], Optional[str]]:
    """A row as the JSON line ``claimlab batch`` would read (``json.dumps(row)``),
    or why it cannot be one: (line, None) or (None, reason)."""
    if not isinstance(row, dict):
        if not isinstance(row, Mapping):
            return None, f'a row must be a dict ({{"context": …, "answer": …}}); this one is {_shown(row)}'
        row = dict(row)
    try:
        line = json.dumps(row, allow_nan=False)
    except (TypeError, ValueError) as bad:
        where = next(
            (found for key, value in row.items() for found in [_unwritable(value, str(key))] if found),
            None,
        )
        return None, f"not JSON: {where}, which JSON cannot hold" if where else f"not JSON: {bad}"
    if len(line) > MAX_LINE_BYTES:  # ASCII (json.dumps escapes the rest): its length is its bytes
        return None, f"line is longer than the {MAX_LINE_BYTES >> 20} MB limit"
    return line, None


#: The longest line ``claimlab batch`` reads (16 MB): a row whose JSON line
#: (``json.dumps(row)``) is longer is refused as the CLI refuses the line.
MAX_LINE_BYTES: int = _core.MAX_INPUT_BYTES


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

    Each row is checked as the line ``json.dumps(row)`` writes, by the code
    that reads ``claimlab batch``'s lines: the batch's reports are the CLI's
    on a file of those lines, line for line. A bad row (unknown or missing
    fields, an empty answer, a line over 16 MB, …) is refused with the
    reason ``claimlab batch`` gives for its line (a column in a reason
    counts in that line); a row that is not a dict, or holds what JSON
    cannot (NaN, a set), is refused saying so. ``errors="raise"`` (the
    default) raises :class:`claimlab.BadRowError` when its turn comes,
    ``"skip"`` leaves it out (``--skip-bad``), and ``"return"`` yields the
    error in its place, so that reports stay aligned with their rows. A
    row's ``question`` does not check drift, as in ``claimlab batch``
    (:func:`check`'s does).

    >>> rows = [
    ...     {"context": "The span is 410 metres long.", "answer": "The span is 410 metres long."},
    ...     {"context": "The span is 410 metres long.", "answer": "The span is 460 metres long."},
    ... ]
    >>> [r.decision for r in batch(rows)]
    ['deliver', 'block']
    """
    if errors not in ("raise", "skip", "return"):
        raise UsageError(f'errors must be "raise", "skip" or "return", not {errors!r}')
    threads = _whole(jobs)
    if threads is None or threads < 0:
        raise UsageError(f"jobs must be a number of threads (0: one per core), not {jobs!r}")
    resolved = _settings(preset, settings)
    runner = _core.Batch(resolved, _include(include), _flag("full", full), threads, _vectors_json(vectors))
    if isinstance(rows, (str, bytes, Mapping)):
        raise UsageError("rows must be an iterable of dicts (one per answer), not one row")
    try:
        each = iter(rows)
    except TypeError:
        raise UsageError(f"rows must be an iterable of dicts (one per answer), not {_shown(rows)}") from None
    return _batch(each, runner, resolved, errors)


def _batch(rows: Iterator[Any], runner: Any, resolved: Any, errors: str) -> Iterator[Any]:
    share = runner.threads * ROWS_PER_THREAD
    most = runner.threads * BYTES_PER_THREAD
    place = 0
    while True:
        chunk: List[Tuple[int, Any, Optional[str], Optional[str]]] = []
        size = 0
        for row in rows:
            line, reason = _row_line(row)
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
            status, text, headline = (1, str(row_reason), None) if row_line is None else next(outcomes)
            if status == 0:
                yield Report(text, link=_row_link(row), settings=resolved, headline=headline)
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
    number = None if step is None else _whole(step)
    if step is not None and (number is None or number < 1):
        raise UsageError(f"step must be a step number (1, 2, …), not {step!r}")
    fragment = _core.lesson_fragment(_text("name", name), number)
    label = f"Open lesson {name} in the lab" if step is None else f"Open lesson {name}, step {number}, in the lab"
    return lab_url(fragment, label)
