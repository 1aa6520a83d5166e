"""A report in a notebook: the claims table, escaped, with no script, and the lab's links."""

from __future__ import annotations

import urllib.parse
from html.parser import HTMLParser
from typing import List, Tuple

import pytest

import claimlab

ALLOWED_TAGS = {"div", "p", "strong", "table", "thead", "tbody", "tr", "th", "td", "span", "ul", "li", "code", "a", "details", "summary"}
ALLOWED_ATTRS = {"class", "style", "data-verdict", "colspan", "href", "target", "rel"}

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'onmouseover='alert(1)",
    "</td></tr></table><script>document.cookie</script>",
    "<a href=\"javascript:alert(1)\">click</a>",
    "&lt;script&gt; already escaped &amp;",
    "<style>body{display:none}</style>",
    "<!-- comment --><![CDATA[x]]>",
    "<svg onload=alert(1)>",
]


class Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: List[Tuple[str, List[Tuple[str, str]]]] = []
        self.text: List[str] = []
        self.other: List[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_data(self, data):
        self.text.append(data)

    def handle_comment(self, data):
        self.other.append("comment")

    def handle_decl(self, decl):
        self.other.append("decl")

    def unknown_decl(self, data):
        self.other.append("unknown decl")

    def handle_pi(self, data):
        self.other.append("pi")


def read(markup: str) -> Reader:
    r = Reader()
    r.feed(markup)
    r.close()
    return r


def assert_safe(markup: str) -> Reader:
    r = read(markup)
    assert "<script" not in markup.lower()
    assert r.other == []
    for tag, attrs in r.tags:
        assert tag in ALLOWED_TAGS, tag
        for name, value in attrs:
            assert name in ALLOWED_ATTRS, (tag, name)
            assert not name.startswith("on")
            if name == "href":
                assert urllib.parse.urlsplit(value).scheme in ("http", "https"), value
            if name == "style":
                assert "url(" not in value and "expression" not in value
    return r


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_is_shown_as_text(hostile):
    source = f"The bridge opened in 1932. {hostile} Its span is 410 metres."
    answer = f"The bridge opened in 1932 {hostile}. The span is 460 metres {hostile}."
    report = claimlab.check(source, answer, samples=[f"It opened in 1932 {hostile}."])
    markup = report._repr_html_()
    r = assert_safe(markup)
    text = "".join(r.text)
    # Every claim's text, verdict and reasons are there, exactly as the report says.
    for c in report.claims:
        assert c.text in text and c.verdict in text
        for reason in c.reasons:
            assert reason.detail in text
    # The table has one row per claim, marked with its verdict.
    rows = [attrs for tag, attrs in r.tags if tag == "tr" and attrs]
    assert [dict(a)["data-verdict"] for a in rows] == [c.verdict for c in report.claims]


def test_the_table_shows_the_decision_verdicts_reasons_and_a_link_into_the_lab(monkeypatch):
    monkeypatch.setattr(claimlab, "LAB_URL", "http://127.0.0.1:8080/")
    report = claimlab.check("The span is 410 metres long.", "The span is 460 metres long.")
    r = assert_safe(report._repr_html_())
    text = "".join(r.text)
    assert "block" in text and report.headline in text
    assert "contradicted" in text and "number_mismatch" in text
    assert f"{report.claims[0].support:.2f}" in text
    links = [dict(a)["href"] for tag, a in r.tags if tag == "a"]
    assert links == [report.lab_url]
    assert report.lab_url.startswith("http://127.0.0.1:8080/#s=1.")
    assert "Open in the lab" in text
    assert dict(next(a for tag, a in r.tags if tag == "a"))["rel"] == "noopener noreferrer"


def test_the_link_opens_the_same_state_in_the_lab():
    # An example's texts make a short readable link, with the settings that differ.
    assert claimlab.check_example("correct-paraphrase").lab_url.endswith("#example=correct-paraphrase")
    assert claimlab.check_example("tagore", support_threshold=0.65).lab_url.endswith("#example=tagore&support_threshold=0.65")
    # The same texts checked by hand are recognised as the example's.
    ex = next(e for e in claimlab.examples() if e["name"] == "correct-paraphrase")
    same = claimlab.check(ex["source"], ex["answer"], question=ex["question"], policy="flag")
    assert same.lab_url.endswith("#example=correct-paraphrase&policy=flag")
    # Other texts: the whole state, compressed, which a batch report has too.
    (row,) = claimlab.batch([{"context": ["One.", "Two."], "answer": "One [1]."}])
    assert "#s=1." in row.lab_url


def test_a_lab_url_that_is_not_http_gives_no_link(monkeypatch):
    report = claimlab.check("The span is 410 metres long.", "The span is 410 metres long.")
    for bad in ("javascript:alert(1)//", "JaVaScRiPt:alert(1)", "data:text/html,<script>x</script>", "/relative/"):
        monkeypatch.setattr(claimlab, "LAB_URL", bad)
        markup = report._repr_html_()
        r = assert_safe(markup)
        assert [t for t, _ in r.tags if t == "a"] == []
        assert "LAB_URL must be an http:// or https:// address" in "".join(r.text)
        with pytest.raises(claimlab.UsageError):
            _ = report.lab_url


def test_a_lab_url_with_quotes_is_escaped_in_the_link(monkeypatch):
    monkeypatch.setattr(claimlab, "LAB_URL", 'https://example.org/lab/"onclick="alert(1)')
    r = assert_safe(claimlab.check("S is one.", "S is one.")._repr_html_())
    (href,) = [dict(a)["href"] for t, a in r.tags if t == "a"]
    assert href.startswith('https://example.org/lab/"onclick="alert(1)#')


def test_lesson_links_work_from_a_notebook(monkeypatch):
    monkeypatch.setattr(claimlab, "LAB_URL", "https://lab.example.org/claimlab/")
    link = claimlab.lesson_link("seed-004", step=6)
    assert link == "https://lab.example.org/claimlab/#lesson=seed-004&step=6"
    assert isinstance(link, str) and isinstance(link, claimlab.LabLink)
    r = assert_safe(link._repr_html_())
    assert [dict(a)["href"] for t, a in r.tags if t == "a"] == [str(link)]
    assert "".join(r.text) == "Open lesson seed-004, step 6, in the lab"
    import pickle

    again = pickle.loads(pickle.dumps(link))
    assert again == link and again.label == link.label
    assert claimlab.lesson_link("seed-000") == "https://lab.example.org/claimlab/#lesson=seed-000"
    assert claimlab.lessons()[0].link(2).endswith("#lesson=seed-004&step=2")


def test_an_answer_without_claims_says_so():
    r = assert_safe(claimlab.check("The span is 410 metres long.", "Why?")._repr_html_())
    assert "The answer has no claims." in "".join(r.text)


def test_a_state_too_large_for_a_link_says_so():
    # Random words do not compress: over the lab's 2 MB link limit.
    import random

    rng = random.Random(3)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(9)) for _ in range(300_000)]
    report = claimlab.check(" ".join(words) + ".", "Abcdefghi is short.")
    assert report.lab_url is None
    assert "too large for a link" in report._repr_html_()
