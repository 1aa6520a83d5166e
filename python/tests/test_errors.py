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
