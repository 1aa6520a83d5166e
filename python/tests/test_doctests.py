"""The examples in the package's docstrings run, as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

import claimlab

MODULES = ["claimlab", "claimlab.api", "claimlab.report", "claimlab.helpers", "claimlab.dask", "claimlab.errors"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, monkeypatch):
    monkeypatch.setattr(claimlab, "LAB_URL", claimlab.LAB_URL)  # examples may set it
    module = importlib.import_module(name)
    if name == "claimlab.dask":
        pytest.importorskip("pandas")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_every_helper_and_api_function_has_an_example():
    for f in (claimlab.check, claimlab.check_example, claimlab.batch, claimlab.settings, claimlab.presets,
              claimlab.config, claimlab.lesson_link, claimlab.require_grounded, claimlab.best_of_n,
              claimlab.gate_confidence):
        assert ">>>" in (f.__doc__ or ""), f.__name__
    from claimlab.dask import check_dataframe

    assert ">>>" in check_dataframe.__doc__
