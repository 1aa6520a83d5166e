"""The typed API: check, batch, presets, the settings table, examples, lessons."""

from __future__ import annotations

import html
import json
import pickle
import re

import pytest

import claimlab

SOURCE = "The Ridgeline bridge opened in 1932. Its main span is 410 metres long. It carries six lanes."
ANSWER = "The bridge opened in 1932. Its main span is 460 metres long."


def test_every_error_class_is_exported():
    assert set(claimlab.errors.__all__) <= set(claimlab.__all__)
    for name in claimlab.__all__:
        assert hasattr(claimlab, name), name


def test_the_package_is_the_installed_wheel():
    # The tests run against the wheel, never the source folder (which has no native module).
    assert claimlab._core.__file__.endswith((".so", ".pyd"))
    assert claimlab.__version__ == "0.1.0"


def test_check_gives_a_report_with_typed_claims():
    r = claimlab.check(SOURCE, ANSWER)
    assert isinstance(r, claimlab.Report)
    assert r.json.endswith("}\n") and r.to_dict() == json.loads(r.json)
    assert (r.decision, r.policy, r.first_problem, r.faithful, r.all_supported) == ("block", "block", "C2", False, False)
    assert r.headline and r.headline.startswith("Block")
    c1, c2 = r.claims
    assert isinstance(c1, claimlab.Claim) and isinstance(c1.reasons[0], claimlab.Reason)
    assert (c1.verdict, c1.best_source, c1.supported) == ("supported", "S1", True)
    assert (c2.id, c2.verdict, c2.best_source) == ("C2", "contradicted", "S2")
    assert c2.best_source_text == "Its main span is 410 metres long."
    assert c2.reasons[0].kind == "number_mismatch" and "410" in c2.reasons[0].detail
    assert ANSWER[c2.start : c2.end] == c2.text
    assert r.answer_score is None and c2.score is None
    assert r.risk == "critical" and r.routing in ("healed_accept", "fallback", "discard")
    assert 0 <= r.quality_score <= 1
    assert r.summary["counts"] == {"supported": 1, "contradicted": 1, "unsupported": 0, "miscited": 0}
    assert r.settings == claimlab.config()
    assert "block" in repr(r)


def test_to_dict_is_a_fresh_copy_and_reports_compare_by_their_json():
    r = claimlab.check(SOURCE, ANSWER)
    d = r.to_dict()
    d["decision"] = "deliver"
    assert r.decision == "block"
    assert r == claimlab.check(SOURCE, ANSWER)
    assert r != claimlab.check(SOURCE, ANSWER, policy="flag")
    assert len({r, claimlab.check(SOURCE, ANSWER)}) == 1


def test_settings_by_name_with_python_values_or_their_text():
    flag = claimlab.check(SOURCE, ANSWER, policy="flag")
    assert flag.decision == "deliver_with_flags"
    assert claimlab.check(SOURCE, ANSWER, number_check=False).claims[1].verdict == "supported"
    assert claimlab.check(SOURCE, ANSWER, number_check="false") == claimlab.check(SOURCE, ANSWER, number_check=False)
    assert claimlab.config(drift_window=4)["drift_window"] == 4
    assert claimlab.config(support_threshold=1)["support_threshold"] == 1.0
    assert claimlab.config(support_threshold="0.65")["support_threshold"] == 0.65
    # The preset first, then the settings over it.
    assert claimlab.config("strict", support_threshold=0.6)["support_threshold"] == 0.6
    assert claimlab.config("strict")["support_threshold"] == 0.7


def test_improved_gives_the_learned_scores():
    r = claimlab.check(SOURCE, ANSWER, preset="improved")
    assert 0 < r.answer_score < 1
    assert all(0 < c.score < 1 for c in r.claims)
    full = claimlab.check(SOURCE, ANSWER, preset="improved", include="contributions").to_dict()
    assert full["answer_score"]["contributions"]


def test_include_and_full_shape_the_report():
    compact = claimlab.check(SOURCE, ANSWER).to_dict()
    assert "sources" not in compact and "trace" not in compact
    some = claimlab.check(SOURCE, ANSWER, include=["sources", "trace"]).to_dict()
    assert len(some["sources"]) == 3 and some["trace"]
    assert claimlab.check(SOURCE, ANSWER, include="sources,trace") == claimlab.check(SOURCE, ANSWER, include=("sources", "trace"))
    full = claimlab.check(SOURCE, ANSWER, full=True)
    # The full report writes no headline; the core gives it with the report.
    assert "headline" not in full.to_dict()
    assert full.headline == claimlab.check(SOURCE, ANSWER).headline
    # The full report has no best_source_text: the claim reads it from the sources.
    assert full.claims[1].best_source_text == "Its main span is 410 metres long."


def test_samples_without_a_source_check_consistency_alone():
    r = claimlab.check(None, "Tagore won the Nobel Prize in 1913.", samples=["Tagore won the Nobel Prize in 1913.", "In 1913 Tagore received the Nobel Prize."])
    c = r.claims[0]
    assert c.consistency is not None and c.consistency["samples_used"] == 2
    assert r.to_dict()["embedder"] == "lexical"


def test_a_source_may_be_a_list_of_passages():
    r = claimlab.check(["The bridge opened in 1932.", "Its main span is 410 metres long."], "Its main span is 410 metres long [2].")
    assert r.decision == "deliver" and r.to_dict()["passages"] == 2
    wrong = claimlab.check(["The bridge opened in 1932.", "Its main span is 410 metres long."], "Its main span is 410 metres long [1].")
    assert wrong.claims[0].verdict == "miscited"


def test_check_example_uses_the_examples_own_settings_and_vectors():
    r = claimlab.check_example("tagore")
    assert [c.verdict for c in r.claims] == ["supported", "unsupported"]
    assert r.to_dict()["embedder"] == "given vectors"
    assert claimlab.check_example("correct-paraphrase", support_threshold=0.65).claims[1].verdict == "unsupported"
    assert claimlab.check_example("correct-paraphrase", preset="strict").settings["support_threshold"] == 0.7


def test_presets_and_the_settings_table_by_name():
    presets = claimlab.presets()
    assert list(presets) == ["seed", "improved", "strict"]
    assert presets["seed"] == claimlab.config()
    assert presets["improved"]["answer_scoring"] == "learned"
    table = claimlab.settings()
    assert list(table) == list(presets["seed"])
    s = table["support_threshold"]
    assert isinstance(s, claimlab.Setting)
    assert (s.kind, s.low, s.high, s.default, s.group) == ("number", 0.0, 1.0, 0.5, "Claims")
    assert s.presets == {"seed": 0.5, "improved": 0.5, "strict": 0.7}
    assert table["policy"].choices == ("block", "flag") and table["policy"].kind == "choice"
    assert table["drift_window"].kind == "count" and table["drift_window"].low == 1
    assert table["stemming"].kind == "toggle" and table["stemming"].default is True
    assert table["claim_exponent"].above_low and table["claim_exponent"].high == 10.0
    for name, row in table.items():
        assert row.doc.endswith(".") and row.label
        assert row.presets["seed"] == row.default
        assert claimlab.config(**{name: row.default})[name] == row.default


def test_examples_and_lessons_are_listed():
    names = [e["name"] for e in claimlab.examples()]
    assert "tagore" in names and "opening-answer" in names
    lessons = claimlab.lessons()
    assert [l.id for l in lessons] == ["seed-004", "seed-001", "seed-000"]
    assert all(isinstance(l, claimlab.Lesson) and l.steps for l in lessons)


def test_batch_yields_reports_in_order_whatever_the_jobs():
    rows = [
        {"context": SOURCE, "answer": "The bridge opened in 1932."},
        {"context": SOURCE, "answer": ANSWER, "question": "How long is the span?"},
        {"context": ["The bridge opened in 1932.", "It carries six lanes."], "answer": "It carries six lanes [2]."},
        {"context": "", "answer": "Tagore won the Nobel Prize in 1913.", "samples": ["Tagore won the Nobel in 1913."]},
    ] * 40
    one = [r.json for r in claimlab.batch(rows, jobs=1)]
    assert [r.json for r in claimlab.batch(iter(rows), jobs=4)] == one
    assert [r.json for r in claimlab.batch(rows)] == one
    decisions = [r.decision for r in claimlab.batch(rows[:4])]
    assert decisions[:3] == ["deliver", "block", "deliver"]
    # Each row's report is its check's, on one line; as in the CLI, a batch
    # row's question does not check drift (check's question does).
    alone = claimlab.check(SOURCE, ANSWER, question="How long is the span?").to_dict()
    row = json.loads(one[1])
    assert row["drift"] is None and alone.pop("drift")["reason"] == "first answer to this question"
    assert row == dict(alone, drift=None)
    assert one[1].count("\n") == 1


def test_batch_is_lazy_and_reads_rows_as_needed():
    seen = []

    def rows():
        for i in range(1000):
            seen.append(i)
            yield {"context": SOURCE, "answer": "The bridge opened in 1932."}

    reports = claimlab.batch(rows(), jobs=2)
    assert seen == []
    first = next(reports)
    assert first.faithful and 0 < len(seen) < 1000


def test_batch_errors_raise_skip_or_return():
    rows = [{"context": SOURCE, "answer": "The bridge opened in 1932."}, {"context": SOURCE}, {"context": SOURCE, "answer": ANSWER}]
    got = []
    with pytest.raises(claimlab.BadRowError) as err:
        for r in claimlab.batch(rows):
            got.append(r)
    assert len(got) == 1  # the reports before the bad row came first, as the CLI writes them
    assert err.value.row == 1 and "missing field `answer`" in err.value.reason
    assert str(err.value).startswith("row 1: ")
    assert [r.decision for r in claimlab.batch(rows, errors="skip")] == ["deliver", "block"]
    returned = list(claimlab.batch(rows, errors="return"))
    assert isinstance(returned[1], claimlab.BadRowError) and returned[2].decision == "block"
    # A row that is not JSON at all (a set) is a bad row too.
    odd = list(claimlab.batch([{"context": SOURCE, "answer": {1, 2}}], errors="return"))
    assert isinstance(odd[0], claimlab.BadRowError) and "not JSON" in odd[0].reason


def test_batch_vectors_extend_every_rows():
    tagore = claimlab.check_example("tagore")
    ex = next(e for e in claimlab.examples() if e["name"] == "tagore")
    rows = [{"context": "", "answer": ex["answer"], "samples": ex["samples"]}]
    (r,) = claimlab.batch(rows, vectors=ex["vectors"])
    assert r.to_dict()["embedder"] == "given vectors"
    assert [c.verdict for c in r.claims] == [c.verdict for c in tagore.claims]


def test_reports_pickle_whole():
    r = claimlab.check(SOURCE, ANSWER, support_threshold=0.65)
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.settings == r.settings and back.lab_url == r.lab_url
    err = claimlab.BadRowError("row 3: answer is empty", row=3, reason="answer is empty")
    again = pickle.loads(pickle.dumps(err))
    assert (type(again), again.row, again.reason, str(again)) == (claimlab.BadRowError, 3, "answer is empty", "row 3: answer is empty")
    grounded = pickle.loads(pickle.dumps(claimlab.NotGrounded("no", r)))
    assert grounded.report == r


# 16 claims, 7 supported, nothing contradicted: a quality score of
# 0.6749999999999999, which the report's JSON writes as 0.675 (figures are
# rounded to 12 digits), so a headline made from the JSON would say 0.68.
EDGE_SOURCE = " ".join(f"The depot number {i} holds {10 + i} red forklifts near the harbour." for i in range(7))
EDGE_ANSWER = EDGE_SOURCE + " " + " ".join(
    f"Some purple giraffe {name} sang loudly beside the quiet library."
    for name in ["Alba", "Brio", "Cato", "Dane", "Eris", "Fado", "Gale", "Hugo", "Ivo"]
)


def test_the_full_report_has_the_compact_reports_headline():
    compact = claimlab.check(EDGE_SOURCE, EDGE_ANSWER, policy="flag")
    full = claimlab.check(EDGE_SOURCE, EDGE_ANSWER, policy="flag", full=True)
    assert full.to_dict()["quality"]["score"] == 0.675 and "headline" not in full.to_dict()
    assert compact.headline == full.headline
    assert "quality score 0.67 is below the accept threshold" in full.headline
    # The notebook shows the decision with its sentence.
    assert f"<strong>deliver_with_flags</strong>: {html.escape(full.headline)}</p>" in full._repr_html_()
    # A pickled report keeps it; batch gives it for each full row.
    assert pickle.loads(pickle.dumps(full)).headline == full.headline
    rows = [{"context": EDGE_SOURCE, "answer": EDGE_ANSWER}, {"context": SOURCE, "answer": ANSWER}]
    assert [r.headline for r in claimlab.batch(rows, full=True, policy="flag")] == [
        r.headline for r in claimlab.batch(rows, policy="flag")
    ]
    # Every example, under each preset and policy, in both shapes.
    for ex in claimlab.examples():
        for preset in ("seed", "improved", "strict"):
            for policy in ("block", "flag"):
                a = claimlab.check_example(ex["name"], preset=preset, policy=policy)
                b = claimlab.check_example(ex["name"], preset=preset, policy=policy, full=True)
                assert a.headline == b.headline, (ex["name"], preset, policy)
    # A full report known only by its JSON has it made from the JSON.
    plain = claimlab.check(SOURCE, ANSWER, full=True)
    assert claimlab.Report(plain.json).headline == plain.headline == claimlab.check(SOURCE, ANSWER).headline


def test_numpy_numbers_are_settings_by_their_value():
    np = pytest.importorskip("numpy")
    # Integers (numbers.Integral) and NumPy's bools, for every kind of setting.
    assert claimlab.config(drift_window=np.int64(3))["drift_window"] == 3
    assert claimlab.config(drift_window=np.uint8(2))["drift_window"] == 2
    assert claimlab.config(number_check=np.bool_(False))["number_check"] is False
    assert claimlab.config(support_threshold=np.int64(1))["support_threshold"] == 1.0
    assert claimlab.config(support_threshold=np.float32(0.5))["support_threshold"] == 0.5
    assert claimlab.config(support_threshold=np.float64(0.65))["support_threshold"] == 0.65
    assert claimlab.config(policy=np.str_("flag"))["policy"] == "flag"
    assert claimlab.check(SOURCE, ANSWER, number_check=np.bool_(False)) == claimlab.check(SOURCE, ANSWER, number_check=False)
    # What a Python value of that kind could not be, a NumPy one cannot either.
    wrong = [
        ("number_check", np.int64(1), claimlab.SettingValueError, "number_check cannot be 1"),
        ("support_threshold", np.bool_(True), claimlab.SettingValueError, "support_threshold cannot be True"),
        ("drift_window", np.bool_(True), claimlab.SettingValueError, "drift_window cannot be True"),
        ("drift_window", np.float64(3.0), claimlab.SettingValueError, "drift_window cannot be"),
        ("drift_window", np.int64(0), claimlab.SettingRangeError, "drift_window must be 1 or more, got 0"),
        ("support_threshold", np.float64("nan"), claimlab.SettingRangeError, "support_threshold must be between 0 and 1"),
        ("policy", np.int64(3), claimlab.SettingValueError, "policy cannot be 3"),
    ]
    for name, value, cls, fragment in wrong:
        with pytest.raises(cls, match=re.escape(fragment)):
            claimlab.config(**{name: value})
    # Counts outside settings too: jobs, a lesson's step, gate_confidence's threshold.
    assert [r.decision for r in claimlab.batch([{"context": SOURCE, "answer": ANSWER}], jobs=np.int64(2))] == ["block"]
    assert claimlab.lesson_link("seed-004", step=np.int64(6)).endswith("#lesson=seed-004&step=6")
    assert claimlab.gate_confidence(SOURCE, "The bridge opened in 1932.", threshold=np.int64(1)).threshold == 1.0
    assert claimlab.check(SOURCE, ANSWER, full=np.bool_(True)) == claimlab.check(SOURCE, ANSWER, full=True)
