"""Seed 003's patterns over check: the guard, best of N, confidence gating."""

from __future__ import annotations

import pytest

import claimlab

SOURCE = "The Ridgeline bridge opened in 1932. Its main span is 410 metres long. It carries six lanes."


def test_require_grounded_returns_the_report_of_a_grounded_answer():
    r = claimlab.require_grounded("Its main span is 410 metres long.", SOURCE)
    assert isinstance(r, claimlab.Report) and r.decision == "deliver"


def test_require_grounded_raises_with_the_report():
    with pytest.raises(claimlab.NotGrounded) as err:
        claimlab.require_grounded("Its main span is 460 metres long. It opened in 1932.", SOURCE)
    e = err.value
    assert isinstance(e, AssertionError) and isinstance(e, claimlab.ClaimLabError)
    assert e.report.decision == "block" and e.report.first_problem == "C1"
    assert str(e) == f"the answer is not grounded: {e.report.headline}"
    # Flagged is not grounded either; settings pass through.
    with pytest.raises(claimlab.NotGrounded) as flagged:
        claimlab.require_grounded("It carries eight lanes.", SOURCE, policy="flag")
    assert flagged.value.report.decision == "deliver_with_flags"
    # A retry loop, as DSPy's Refine uses an assertion: the report says what to fix.
    drafts = iter(["Its main span is 460 metres long.", "Its main span is 410 metres long."])
    for attempt in range(3):
        try:
            claimlab.require_grounded(next(drafts), SOURCE)
            break
        except claimlab.NotGrounded as failed:
            assert failed.report.claims[0].verdict == "contradicted"
    assert attempt == 1


def test_best_of_n_takes_the_sample_the_core_marks():
    samples = [
        "The bridge opened in 1932. Its main span is 460 metres long.",
        "",
        "The bridge opened in 1932. Its main span is 410 metres long.",
        "The bridge opened in 1932. It carries six lanes.",
    ]
    best = claimlab.best_of_n(SOURCE, samples)
    assert isinstance(best, claimlab.Best)
    # The core's own ranking (its report's samples), not a score of ours.
    ranking = claimlab.check(SOURCE, samples[0], samples=samples, include="samples").to_dict()["samples"]
    assert best.ranking == ranking
    assert [s["sample"] for s in ranking] == [1, 3, 4]  # an empty sample is not ranked
    marked = [s for s in ranking if s["best"]]
    assert len(marked) == 1 and best.index == marked[0]["sample"] - 1 == 2
    assert best.answer == samples[2]
    assert best.report == claimlab.check(SOURCE, samples[2])
    # Ties go to the earliest.
    assert claimlab.best_of_n(SOURCE, [samples[2], samples[3]]).index == 0


def test_best_of_n_needs_a_source_and_a_sample():
    with pytest.raises(claimlab.EmptyInputError):
        claimlab.best_of_n(SOURCE, ["", "  "])
    with pytest.raises(claimlab.EmptyInputError):
        claimlab.best_of_n(None, ["It opened in 1932."])


def test_gate_confidence_passes_what_the_core_accepts_and_sends_the_rest_to_review():
    ok = claimlab.gate_confidence(SOURCE, "The bridge opened in 1932.")
    assert (ok.needs_review, ok.routing, ok.threshold) == (False, "accept", 0.75)
    assert ok.score >= ok.threshold and "meets the accept threshold" in ok.reason
    strict = claimlab.gate_confidence(SOURCE, "The bridge opened in 1932.", threshold=0.99)
    assert strict.needs_review and strict.routing == "fallback" and strict.threshold == 0.99
    assert strict.reason == f"quality score {strict.score:g} is under the accept threshold 0.99"
    blocked = claimlab.gate_confidence(SOURCE, "Its main span is 460 metres long.")
    assert blocked.needs_review and blocked.reason == blocked.report.headline
    assert blocked.report.decision == "block"
