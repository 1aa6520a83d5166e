"""Seed 003's patterns ("Stop your AI from making things up") as a few lines
each over :func:`claimlab.check`, with the checker in place of a second
model call:

- :func:`require_grounded`: a DSPy-style assertion: the answer passes, or
  :class:`claimlab.NotGrounded` is raised carrying the report (to retry,
  or to feed the reasons back to the generator).
- :func:`best_of_n`: the cross-check: of N supplied samples, the one the
  core's own best of N marks (the most faithful to the source).
- :func:`gate_confidence`: confidence gating: whether an answer needs a
  person's review, by the core's quality score and routing.

Generation stays outside, as in the seed: these take the texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence

from .api import Source, _texts, check
from .errors import EmptyInputError, NotGrounded
from .report import Report

__all__ = ["require_grounded", "best_of_n", "Best", "gate_confidence", "Gate"]

def require_grounded(
    answer: str,
    source: Source,
    *,
    samples: Optional[Sequence[str]] = None,
    preset: str = "seed",
    **settings: Any,
) -> Report:
    """Return the report if the checker delivers ``answer`` as written; else raise.

    The answer is grounded when the core's decision is ``deliver`` (every
    claim supported, or under ``preset="improved"`` the learned score below
    its threshold with no contradicted or miscited claim). Otherwise
    :class:`claimlab.NotGrounded` is raised, carrying the report: its
    headline and claims say what to fix, as a DSPy assertion's message
    feeds a retry.

    >>> import claimlab
    >>> source = "The Ridgeline bridge opened in 1932. Its main span is 410 metres long."
    >>> claimlab.require_grounded("Its main span is 410 metres long.", source).decision
    'deliver'
    >>> try:
    ...     claimlab.require_grounded("Its main span is 460 metres long.", source)
    ... except claimlab.NotGrounded as e:
    ...     print(e.report.claims[0].verdict, e.report.claims[0].reasons[0].kind)
    contradicted number_mismatch
    """
    report = check(source, answer, samples=samples, preset=preset, **settings)
    if report.decision != "deliver":
        raise NotGrounded(f"the answer is not grounded: {report.headline}", report)
    return report


@dataclass(frozen=True)
class Best:
    """The sample :func:`best_of_n` chose.

    ``index`` is its place in the samples given, counted from 0 as Python
    counts (``samples[best.index]`` is ``best.answer``); ``answer`` its
    text, ``report`` its own check against the source, and ``ranking`` the
    core's best of N over every sample, as the report's ``samples`` lists
    it: each entry's ``sample`` counts from 1, as the CLI and the lab
    number samples (so ``best.index == entry["sample"] - 1`` for the entry
    marked ``best``), with ``claims``, ``supported``, ``faithfulness``,
    ``decision`` and ``best``; an empty sample is not ranked.
    """

    index: int
    answer: str
    report: Report
    ranking: List[Dict[str, Any]]


def best_of_n(
    source: Source,
    samples: Sequence[str],
    *,
    preset: str = "seed",
    **settings: Any,
) -> Best:
    """Choose among supplied samples the one the core's best of N marks.

    The core checks every sample against the source and marks the most
    faithful (the highest share of supported claims, then faithfulness;
    ties go to the earliest); this returns that sample with its own report.

    >>> import claimlab
    >>> source = "The Ridgeline bridge opened in 1932. Its main span is 410 metres long."
    >>> best = claimlab.best_of_n(source, [
    ...     "The bridge opened in 1932. Its main span is 460 metres long.",
    ...     "The bridge opened in 1932. Its main span is 410 metres long.",
    ... ])
    >>> best.index, best.report.decision
    (1, 'deliver')
    """
    samples = _texts("samples", samples)
    if source is None or not any(s.strip() for s in samples):
        raise EmptyInputError("best_of_n needs a source and at least one sample that is not empty")
    first = next(s for s in samples if s.strip())
    ranked = check(source, first, samples=samples, include="samples", preset=preset, **settings)
    ranking = ranked.to_dict()["samples"]
    index = next(s["sample"] for s in ranking if s["best"]) - 1
    report = check(source, samples[index], preset=preset, **settings)
    return Best(index=index, answer=samples[index], report=report, ranking=ranking)


@dataclass(frozen=True)
class Gate:
    """What :func:`gate_confidence` decided.

    ``needs_review`` is True unless the core routes the answer as written to
    the user (``routing == "accept"``); ``score`` is the quality score,
    ``threshold`` the ``accept_threshold`` it was held to, and ``reason``
    says why in one sentence.
    """

    needs_review: bool
    score: float
    threshold: float
    routing: str
    reason: str
    report: Report


def gate_confidence(
    source: Source,
    answer: str,
    *,
    threshold: Optional[float] = None,
    samples: Optional[Sequence[str]] = None,
    preset: str = "seed",
    **settings: Any,
) -> Gate:
    """Send an answer to a person unless the checker would ship it as written.

    Seed 003 flags a low-confidence output for review instead of showing
    it. Here the confidence is measured, not asked for: seed 001's quality
    score (0.4 × faithfulness + 0.3 × consistency + 0.2 × confidence
    calibrated by grounding + 0.1 × latency, less 0.2 for drift), which the
    core routes against ``accept_threshold`` (``threshold`` overrides it).
    Its "consistency" is seed 001's "no contradiction found" (0 when a
    claim is contradicted), not agreement across samples: that enters the
    score only as faithfulness when there is no source (a claim the
    samples agree on counts as grounded). An answer the policy blocks, or
    that repair had to change, needs review whatever its score.

    >>> import claimlab
    >>> source = "The Ridgeline bridge opened in 1932. Its main span is 410 metres long."
    >>> g = claimlab.gate_confidence(source, "The bridge opened in 1932.")
    >>> g.needs_review, g.routing
    (False, 'accept')
    >>> g = claimlab.gate_confidence(source, "The bridge opened in 1932.", threshold=0.99)
    >>> g.needs_review, g.reason
    (True, 'quality score 0.9 is under the accept threshold 0.99')
    """
    if threshold is not None:
        settings["accept_threshold"] = threshold
    report = check(source, answer, samples=samples, preset=preset, **settings)
    limit = report.settings["accept_threshold"] if report.settings else float("nan")
    score, routing = report.quality_score, report.routing
    if routing == "accept":
        reason = f"quality score {score:g} meets the accept threshold {limit:g}"
    elif routing == "fallback" and report.decision != "block":
        reason = f"quality score {score:g} is under the accept threshold {limit:g}"
    else:  # blocked, or repaired, or declined: the headline says which
        reason = report.headline or f"routed {routing}"
    return Gate(routing != "accept", score, limit, routing, reason, report)
