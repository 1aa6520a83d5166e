"""The errors ClaimLab raises: one class per class of bad input.

Every error is a :class:`ClaimLabError`. Bad input (what makes the CLI exit
with status 2) is an :class:`InputError`, which is also a ``ValueError``;
its subclass says which kind. A bug in the checker is an
:class:`InternalError` (never a Rust panic), and a failed
:func:`claimlab.require_grounded` is :class:`NotGrounded`, which carries
the report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from .report import Report

__all__ = [
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


class ClaimLabError(Exception):
    """Base class of every error ClaimLab raises."""


class InputError(ClaimLabError, ValueError):
    """Bad input: what makes ``claimlab`` (the CLI) exit with status 2."""


class SettingError(InputError):
    """A setting that cannot be used (its name, or its value)."""


class UnknownSettingError(SettingError):
    """No setting has this name (``claimlab.settings()`` lists them)."""


class SettingValueError(SettingError):
    """A setting's value is of the wrong kind (``policy=3``, ``stemming="yes"``)."""


class SettingRangeError(SettingError):
    """A setting's value is out of its range (``support_threshold=1.5``)."""


class UnknownPresetError(InputError):
    """No preset has this name (``claimlab.presets()`` lists them)."""


class UnknownPartError(InputError):
    """``include=`` names a part the report does not have."""


class UnknownExampleError(InputError):
    """No built-in example has this name (``claimlab.examples()`` lists them)."""


class UnknownLessonError(InputError):
    """No built-in lesson has this id, or it has no such step."""


class UsageError(InputError):
    """Arguments that do not go together (``full=True`` with ``include=``), or of the wrong type."""


class InvalidTextError(UsageError):
    """A text holds a character that is not valid Unicode text: a lone surrogate
    (``"\\udfff"``, as a bad decode with ``errors="surrogateescape"`` leaves),
    which no UTF-8 text can hold. The message names the argument that holds it."""


class EmptyInputError(InputError):
    """Nothing to check (an empty answer) or nothing to check it against."""


class BinaryInputError(InputError):
    """A text holds a NUL character: binary data, not text."""


class InputTooLargeError(InputError):
    """A text over the 16 MB limit (the CLI's limit for a file or a line)."""


class VectorsError(InputError):
    """Sentence vectors that cannot be used (empty, of unequal lengths, not finite numbers)."""


class BadRowError(InputError):
    """A ``claimlab.batch`` row that cannot be checked.

    ``row`` is its place in the input (from 0) and ``reason`` what is wrong
    with it, as ``claimlab batch`` says it after ``FILE:LINE:``.
    """

    def __init__(self, message: str, row: Optional[int] = None, reason: Optional[str] = None):
        super().__init__(message)
        self.row = row
        self.reason = reason if reason is not None else message

    def __reduce__(self) -> Tuple[Any, ...]:  # pickled whole, as a Dask worker sends it back
        return (type(self), (str(self), self.row, self.reason))


class InternalError(ClaimLabError):
    """A bug in the checker (please report it): one line saying where it happened."""

    def __init__(self, message: str, row: Optional[int] = None):
        super().__init__(message)
        self.row = row

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.row))


class NotGrounded(ClaimLabError, AssertionError):
    """An answer :func:`claimlab.require_grounded` refused; ``report`` says why."""

    def __init__(self, message: str, report: "Report"):
        super().__init__(message)
        self.report = report

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.report))
