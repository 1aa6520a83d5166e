"""One exception class per class of bad input, with the CLI's words; never a panic."""

from __future__ import annotations

import pytest

import claimlab
from claimlab import _core

SOURCE = "The span is 410 metres long."
ANSWER = "The span is 460 metres long."


def raises(cls, fragment, call, *args, **kwargs):
    with pytest.raises(cls) as err:
        call(*args, **kwargs)
    assert type(err.value) is cls, type(err.value)
    assert fragment in str(err.value), str(err.value)
    assert "\n" not in str(err.value)
    return err.value


def test_every_input_error_is_a_claimlab_error_and_a_value_error():
    for name in claimlab.errors.__all__:
        cls = getattr(claimlab, name)
        assert issubclass(cls, claimlab.ClaimLabError)
        if issubclass(cls, claimlab.InputError):
            assert issubclass(cls, ValueError)
    assert not issubclass(claimlab.InternalError, ValueError)
    assert issubclass(claimlab.NotGrounded, AssertionError)


def test_settings_errors_name_the_setting_and_its_range():
    e = raises(claimlab.UnknownSettingError, "there is no setting suport_threshold", claimlab.check, SOURCE, ANSWER, suport_threshold=0.5)
    assert isinstance(e, claimlab.SettingError)
    raises(claimlab.SettingRangeError, "support_threshold must be between 0 and 1, got 1.5", claimlab.check, SOURCE, ANSWER, support_threshold=1.5)
    raises(claimlab.SettingRangeError, "support_threshold must be between 0 and 1", claimlab.check, SOURCE, ANSWER, support_threshold=float("nan"))
    raises(claimlab.SettingRangeError, "support_threshold must be between 0 and 1, got 7", claimlab.config, support_threshold="7")
    raises(claimlab.SettingRangeError, "drift_window must be 1 or more, got 0", claimlab.config, drift_window=0)
    raises(claimlab.SettingRangeError, "drift_window must be 1 or more, got -2", claimlab.config, drift_window=-2)
    raises(claimlab.SettingRangeError, "claim_exponent must be above 0, at most 10", claimlab.config, claim_exponent=0)
    raises(claimlab.SettingValueError, "policy cannot be \"maybe\": it is block or flag", claimlab.config, policy="maybe")
    raises(claimlab.SettingValueError, "policy cannot be 3: it is block or flag", claimlab.config, policy=3)
    raises(claimlab.SettingValueError, "stemming cannot be \"yes\": it is true or false", claimlab.config, stemming="yes")
    raises(claimlab.SettingValueError, "stemming cannot be 1: it is true or false", claimlab.config, stemming=1)
    raises(claimlab.SettingValueError, "support_threshold cannot be True", claimlab.config, support_threshold=True)
    raises(claimlab.SettingValueError, "drift_window cannot be 2.5", claimlab.config, drift_window=2.5)
    raises(claimlab.SettingValueError, "support_threshold cannot be [0.5]", claimlab.config, support_threshold=[0.5])


def test_presets_parts_examples_and_lessons_by_name():
    raises(claimlab.UnknownPresetError, 'there is no preset "lenient"; the presets are seed, improved, strict', claimlab.check, SOURCE, ANSWER, preset="lenient")
    raises(claimlab.UnknownPartError, 'unknown part "tracee"', claimlab.check, SOURCE, ANSWER, include="sources,tracee")
    raises(claimlab.UsageError, "full and include cannot be used together", claimlab.check, SOURCE, ANSWER, include="trace", full=True)
    raises(claimlab.UnknownExampleError, 'no example named "nope"', claimlab.check_example, "nope")
    raises(claimlab.UnknownLessonError, 'there is no lesson "seed-999"', claimlab.lesson_link, "seed-999")
    raises(claimlab.UnknownLessonError, 'lesson "seed-004" has steps 1 to', claimlab.lesson_link, "seed-004", 99)
    raises(claimlab.UsageError, "step must be a step number", claimlab.lesson_link, "seed-004", 0)


def test_texts_that_cannot_be_checked():
    raises(claimlab.EmptyInputError, "answer is empty", claimlab.check, SOURCE, "  \n")
    raises(claimlab.EmptyInputError, "source is empty", claimlab.check, " ", ANSWER)
    raises(claimlab.EmptyInputError, "source is empty", claimlab.check, [], ANSWER)
    raises(claimlab.EmptyInputError, "source is missing", claimlab.check, None, ANSWER)
    raises(claimlab.BinaryInputError, "answer holds a NUL character (\\u0000) at offset 3", claimlab.check, SOURCE, "The\x00 end.")
    raises(claimlab.BinaryInputError, "source holds a NUL character", claimlab.check, "S\x00", ANSWER)
    raises(claimlab.BinaryInputError, "sample 2 holds a NUL character", claimlab.check, SOURCE, ANSWER, samples=["ok", "b\x00"])
    big = "word " * (16 * 1024 * 1024 // 5 + 1)
    raises(claimlab.InputTooLargeError, "source is 16777220 bytes (16.0 MB), over the 16 MB limit (16777216 bytes)", claimlab.check, big, ANSWER)
    raises(claimlab.UsageError, "answer must be a text, not int", claimlab.check, SOURCE, 7)
    raises(claimlab.UsageError, "samples must be a list of texts, not one text", claimlab.check, SOURCE, ANSWER, samples="one")
    raises(claimlab.UsageError, "source must be a text or a list of passage texts", claimlab.check, 3.5, ANSWER)
    raises(claimlab.UsageError, "history is the earlier answers to a question", claimlab.check, SOURCE, ANSWER, history=["Before."])
    raises(claimlab.BinaryInputError, "history answer 1 holds a NUL", claimlab.check, SOURCE, ANSWER, question="Q?", history=["\x00"])


def test_vectors_are_checked_as_the_cli_checks_a_vectors_file():
    samples = ["The span is 460 metres long."]
    raises(claimlab.VectorsError, "vectors are for the consistency check, which needs samples", claimlab.check, SOURCE, ANSWER, vectors={"a": [1.0]})
    raises(claimlab.VectorsError, '"b": the vector has 1 number, but the first has 2 numbers', claimlab.check, SOURCE, ANSWER, samples=samples, vectors={"a": [1, 2], "b": [3]})
    raises(claimlab.VectorsError, '"a": the vector is empty', claimlab.check, SOURCE, ANSWER, samples=samples, vectors={"a": []})
    raises(claimlab.VectorsError, "is not a finite 32-bit number", claimlab.check, SOURCE, ANSWER, samples=samples, vectors={"a": [1e39]})
    raises(claimlab.VectorsError, "is not a finite 32-bit number", claimlab.check, SOURCE, ANSWER, samples=samples, vectors={"a": [float("inf")]})
    raises(claimlab.VectorsError, "vectors holds no vectors", claimlab.check, SOURCE, ANSWER, samples=samples, vectors={})
    raises(claimlab.VectorsError, "must be a list of numbers", claimlab.check, SOURCE, ANSWER, samples=samples, vectors={"a": "1,2"})
    raises(claimlab.VectorsError, "a text (a key) is empty", claimlab.check, SOURCE, ANSWER, samples=samples, vectors={" ": [1.0]})


def test_batch_argument_errors_come_at_the_call():
    raises(claimlab.UnknownSettingError, "there is no setting bogus", claimlab.batch, [], bogus=1)
    raises(claimlab.UsageError, 'errors must be "raise", "skip" or "return"', claimlab.batch, [], errors="ignore")
    raises(claimlab.UsageError, "jobs must be a number of threads", claimlab.batch, [], jobs=-1)
    raises(claimlab.UsageError, "jobs must be at most 256", claimlab.batch, [], jobs=300)
    raises(claimlab.UsageError, "rows must be an iterable of dicts", claimlab.batch, {"context": SOURCE, "answer": ANSWER})


def test_a_panic_in_the_core_arrives_as_an_internal_error_in_one_line():
    e = raises(claimlab.InternalError, "internal error at ", _core._panic_for_tests, "boom\n  in two lines")
    assert str(e).endswith(": boom in two lines (please report it)")
    # The module still works after it.
    assert claimlab.check(SOURCE, ANSWER).decision == "block"


def test_a_setting_given_as_text_of_bits_is_read_exactly():
    # Links and --set write a figure with no short exact form as its bits.
    value = 0.1 + 0.2
    pairs = dict(claimlab.check(SOURCE, ANSWER, support_threshold=value)._settings.to_pairs())
    assert pairs["support_threshold"].startswith("0x")
    assert claimlab.config(support_threshold=pairs["support_threshold"])["support_threshold"] == value


def test_a_text_that_is_not_valid_unicode_is_refused_naming_its_argument():
    # A lone surrogate (what a bad decode with errors="surrogateescape" leaves)
    # cannot be written as UTF-8: a claimlab error naming the argument, never
    # Python's UnicodeEncodeError nor a message about the argument's type.
    bad = "x \udfff."
    cases = [
        ("answer holds a character that is not valid Unicode text: the lone surrogate U+DFFF at character 2",
         claimlab.check, (SOURCE, bad), {}),
        ("source holds a character", claimlab.check, (bad, ANSWER), {}),
        ("source[1] holds a character", claimlab.check, (["Fine.", bad], ANSWER), {}),
        ("samples[1] holds a character that is not valid Unicode text: the lone surrogate U+D800",
         claimlab.check, (SOURCE, ANSWER), {"samples": ["Fine.", "y \ud800"]}),
        ("question holds a character", claimlab.check, (SOURCE, ANSWER), {"question": bad}),
        ("history[0] holds a character", claimlab.check, (SOURCE, ANSWER), {"question": "Q?", "history": [bad]}),
        ("policy holds a character", claimlab.check, (SOURCE, ANSWER), {"policy": "fl\udfffag"}),
        ("preset holds a character", claimlab.check, (SOURCE, ANSWER), {"preset": "se\udfffed"}),
        ("answer holds a character", claimlab.require_grounded, (bad, SOURCE), {}),
        ("source holds a character", claimlab.require_grounded, (ANSWER, bad), {}),
        ("samples[0] holds a character", claimlab.best_of_n, (SOURCE, [bad]), {}),
        ("answer holds a character", claimlab.gate_confidence, (SOURCE, bad), {}),
        ("name holds a character", claimlab.check_example, ("tag\udfffore",), {}),
        ("name holds a character", claimlab.lesson_link, ("seed\udfff",), {}),
    ]
    for fragment, call, args, kwargs in cases:
        e = raises(claimlab.InvalidTextError, fragment, call, *args, **kwargs)
        assert isinstance(e, claimlab.UsageError) and isinstance(e, ValueError)
    # A sentence of given vectors: a VectorsError saying which.
    raises(claimlab.VectorsError, "not valid Unicode text", claimlab.check, SOURCE, ANSWER,
           samples=["Fine."], vectors={bad: [1.0]})
    # Valid text that is not ASCII is checked as it is.
    assert claimlab.check("Ça coûte 410 € — 🚀.", "Ça coûte 410 € — 🚀.").decision == "deliver"


def test_wrong_types_are_usage_errors_with_a_clear_message():
    # One text where a list of samples is meant: not a list of characters.
    raises(claimlab.UsageError, "samples must be a list of texts, not one text", claimlab.best_of_n, SOURCE, "The span is 410 metres long.")
    raises(claimlab.UsageError, "samples[1] must be a text, not int", claimlab.best_of_n, SOURCE, ["The span is 410 metres long.", 3])
    # Rows that are not an iterable of rows.
    raises(claimlab.UsageError, "rows must be an iterable of dicts (one per answer), not None", claimlab.batch, None)
    raises(claimlab.UsageError, "rows must be an iterable of dicts (one per answer), not an int", claimlab.batch, 5)
    # On/off arguments are bools, not truthy values.
    for value in ("yes", 1, None, "false"):
        raises(claimlab.UsageError, f"full must be True or False, not {value!r}", claimlab.check, SOURCE, ANSWER, full=value)
        raises(claimlab.UsageError, "full must be True or False", claimlab.batch, [], full=value)
        raises(claimlab.UsageError, "full must be True or False", claimlab.check_example, "tagore", full=value)
    raises(claimlab.UsageError, "jobs must be a number of threads", claimlab.batch, [], jobs=2.0)
    raises(claimlab.UsageError, "jobs must be a number of threads", claimlab.batch, [], jobs=True)


def test_rows_that_are_not_dicts_or_not_json_say_so():
    rows = [None, float("nan"), ["a", "b"], {"context": float("nan"), "answer": "A."},
            {"context": SOURCE, "answer": "A.", "samples": ["B.", float("inf")]}, {"context": SOURCE, "answer": {1, 2}}]
    got = list(claimlab.batch(rows, errors="return"))
    assert all(isinstance(e, claimlab.BadRowError) for e in got)
    assert [str(e) for e in got] == [
        'row 0: a row must be a dict ({"context": …, "answer": …}); this one is None',
        'row 1: a row must be a dict ({"context": …, "answer": …}); this one is nan',
        'row 2: a row must be a dict ({"context": …, "answer": …}); this one is a list',
        "row 3: not JSON: context is nan, which JSON cannot hold",
        "row 4: not JSON: samples[1] is inf, which JSON cannot hold",
        "row 5: not JSON: answer is a set, which JSON cannot hold",
    ]
    assert got[0].reason == 'a row must be a dict ({"context": …, "answer": …}); this one is None'
    # A mapping that is not a dict is a row like any other.
    from types import MappingProxyType

    (r,) = claimlab.batch([MappingProxyType({"context": SOURCE, "answer": SOURCE})])
    assert r.decision == "deliver"
