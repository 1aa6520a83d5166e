"""ClaimLab's checker core in Python: split an answer into claims and check
each against its source (the same Rust code the ``claimlab`` CLI and the
browser lab run, so the same inputs give the same report, byte for byte).

>>> import claimlab
>>> r = claimlab.check("The main span is 410 metres long.", "The main span is 460 metres long.")
>>> r.decision
'block'

- :func:`check`, :func:`check_example`, :func:`batch`: ``claimlab check``
  and ``claimlab batch``; each gives :class:`Report` objects, whose
  ``json`` is the CLI's output and which a notebook shows as a claims table
  with a link into the lab.
- :func:`settings`, :func:`presets`, :func:`config`: the settings table
  (``claimlab settings``), the presets, resolved settings.
- :func:`require_grounded`, :func:`best_of_n`, :func:`gate_confidence`:
  seed 003's patterns over :func:`check`.
- :mod:`claimlab.dask`: a dataframe of (question, context, answer) rows
  checked on a Dask cluster.
- :mod:`claimlab.errors`: one exception class per class of bad input.

``LAB_URL`` is where links open the lab (``scripts/serve`` serves it at
``http://127.0.0.1:8080/``); set it to your own copy's address.
"""

from . import errors
from ._core import __version__
from .api import (
    Lesson,
    Setting,
    batch,
    check,
    check_example,
    config,
    examples,
    lesson_link,
    lessons,
    presets,
    settings,
)
from .errors import (
    BadRowError,
    BinaryInputError,
    ClaimLabError,
    EmptyInputError,
    InputError,
    InputTooLargeError,
    InternalError,
    InvalidTextError,
    NotGrounded,
    SettingError,
    SettingRangeError,
    SettingValueError,
    UnknownExampleError,
    UnknownLessonError,
    UnknownPartError,
    UnknownPresetError,
    UnknownSettingError,
    UsageError,
    VectorsError,
)
from .helpers import Best, Gate, best_of_n, gate_confidence, require_grounded
from .report import Claim, LabLink, Reason, Report

#: The lab's address, for "Open in the lab" and lesson links: where
#: ``scripts/serve`` serves it. Set it to wherever your copy of ``dist/`` is.
LAB_URL: str = "http://127.0.0.1:8080/"

__all__ = [
    "LAB_URL",
    "__version__",
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
    "Report",
    "Claim",
    "Reason",
    "LabLink",
    "require_grounded",
    "best_of_n",
    "Best",
    "gate_confidence",
    "Gate",
    "errors",
    "ClaimLabError",
    "InputError",
    "SettingError",
    "UnknownSettingError",
    "SettingValueError",
    "SettingRangeError",
    "UnknownPresetError",
    "UnknownPartError",
    "UnknownExampleError",
    "UnknownLessonError",
    "UsageError",
    "InvalidTextError",
    "EmptyInputError",
    "BinaryInputError",
    "InputTooLargeError",
    "VectorsError",
    "BadRowError",
    "InternalError",
    "NotGrounded",
]
