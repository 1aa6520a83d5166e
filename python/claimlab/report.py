"""A checked answer's report, as the CLI writes it, with typed views and a
notebook display.

:class:`Report` holds the exact JSON ``claimlab check --format json`` (or,
from :func:`claimlab.batch`, ``claimlab batch``) writes for the same inputs
and settings; :meth:`Report.to_dict` parses it, and the properties read the
parts a script acts on. In a notebook a report shows its claims table
(``_repr_html_``): every text escaped, no script, and a link that opens the
same texts and settings in the lab.
"""

from __future__ import annotations

import html
import json as _json
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union, cast

from . import _core

__all__ = ["Report", "Claim", "Reason", "LabLink", "lab_url"]

Source = Union[str, Sequence[str], None]


@dataclass(frozen=True)
class Reason:
    """Why a claim has its verdict: its kind (``number_mismatch``, …) and a sentence naming the evidence."""

    kind: str
    detail: str


@dataclass(frozen=True)
class Claim:
    """One claim of the answer: where it is, its verdict and why.

    ``start``/``end`` count characters of the answer; ``support`` is the share
    of its content words its best source sentence holds; ``score`` is the
    learned probability of a hallucination (``preset="improved"``), else None;
    ``consistency`` is its agreement across samples (a dict), when samples
    were given.
    """

    id: str
    text: str
    start: int
    end: int
    verdict: str
    support: float
    best_source: Optional[str]
    best_source_text: Optional[str]
    reasons: Tuple[Reason, ...]
    score: Optional[float] = None
    consistency: Optional[Mapping[str, Any]] = None

    @property
    def supported(self) -> bool:
        """Is the verdict ``supported``?"""
        return self.verdict == "supported"


class LabLink(str):
    """A link into the lab: a ``str`` (the address) that a notebook shows as a link."""

    label: str

    def __new__(cls, url: str, label: str = "Open in the lab") -> "LabLink":
        link = super().__new__(cls, url)
        link.label = label
        return link

    def __reduce__(self) -> Any:
        return (LabLink, (str(self), self.label))

    def _repr_html_(self) -> str:
        return _anchor(str(self), self.label)


def lab_url(fragment: str, label: str = "Open in the lab") -> LabLink:
    """The lab's address (``claimlab.LAB_URL``) with ``fragment`` after ``#``.

    >>> import claimlab
    >>> claimlab.LAB_URL = "http://127.0.0.1:8080/"
    >>> lab_url("lesson=seed-004&step=6")
    'http://127.0.0.1:8080/#lesson=seed-004&step=6'
    """
    import claimlab  # the package's LAB_URL as it is now (users may set it)

    base = str(claimlab.LAB_URL).strip().split("#", 1)[0]
    if not base.lower().startswith(("http://", "https://")):
        from .errors import UsageError

        raise UsageError(f"LAB_URL must be an http:// or https:// address, not {base!r}")
    return LabLink(f"{base}#{fragment}", label)


def _anchor(href: str, text: str) -> str:
    return (
        f'<a href="{html.escape(href, quote=True)}" target="_blank" '
        f'rel="noopener noreferrer">{html.escape(text)}</a>'
    )


# Verdict colours (background, text), as the lab colours claims.
_COLOURS = {
    "supported": ("#d8f3dc", "#1b4332"),
    "miscited": ("#fff3bf", "#5c3c00"),
    "unsupported": ("#ffe8cc", "#7a3000"),
    "contradicted": ("#ffd6d6", "#7d1010"),
}


def _rebuild(json: str, link: Any, pairs: Any, headline: Optional[str] = None) -> "Report":
    settings = None if pairs is None else _core.Settings(None, list(pairs))
    return Report(json, link=link, settings=settings, headline=headline)


class Report:
    """A checked answer's report.

    ``json`` is the report exactly as the CLI writes it (with its final line
    end); :meth:`to_dict` parses it. Reports compare equal when their JSON is
    the same.
    """

    __slots__ = ("json", "_dict", "_link", "_settings", "_headline")

    def __init__(
        self,
        json: str,
        *,
        link: Optional[Tuple[Any, ...]] = None,
        settings: Any = None,
        headline: Optional[str] = None,
    ):
        self.json = json
        self._dict: Optional[Dict[str, Any]] = None
        # What the lab needs to open the same state: (source, answer,
        # samples, question, example), read only when a link is asked for.
        self._link = link
        self._settings = settings
        # A full report's headline, which its JSON does not hold: given by
        # the core with the report, or made from the JSON when asked for.
        self._headline = headline

    # -- the whole report ------------------------------------------------

    def to_dict(self) -> Dict[str, Any]:
        """The report as a new dict (parsed from :attr:`json`)."""
        return cast(Dict[str, Any], _json.loads(self.json))

    @property
    def _d(self) -> Dict[str, Any]:
        if self._dict is None:
            self._dict = _json.loads(self.json)
        return self._dict

    def __reduce__(self) -> Any:
        # Picklable (a Dask worker sends reports and errors back): the
        # settings travel as their text, as --set takes them.
        pairs = None if self._settings is None else self._settings.to_pairs()
        return (_rebuild, (self.json, self._link, pairs, self._headline))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Report) and other.json == self.json

    def __hash__(self) -> int:
        return hash(self.json)

    def __repr__(self) -> str:
        counts = self._d.get("summary", {}).get("counts", {})
        shown = ", ".join(f"{n} {v}" for v, n in counts.items() if n)
        return f"<claimlab.Report {self.decision}: {len(self.claims)} claims ({shown or 'none'})>"

    # -- what a script acts on --------------------------------------------

    @property
    def decision(self) -> str:
        """``deliver``, ``deliver_with_flags`` or ``block``."""
        return cast(str, self._d["decision"])

    @property
    def headline(self) -> Optional[str]:
        """The outcome in one sentence (the lab's banner), whatever the report's shape.

        The compact report holds it; the full report (``full=True``) does
        not, so the core gives it with the report (the compact report's
        sentence for the same check). A full report made from its JSON
        alone (``Report(text)``) has it made from the JSON, whose figures
        are rounded to 12 digits: a score on the edge of two decimals may
        read one hundredth apart there.
        """
        d = self._d
        if "headline" in d:
            return cast(Optional[str], d["headline"])
        if self._headline is None:
            self._headline = _core.full_headline(self.json)
        return self._headline

    @property
    def policy(self) -> str:
        """``block`` or ``flag``: what a failing claim does to the answer."""
        return cast(str, self._d["policy"])

    @property
    def first_problem(self) -> Optional[str]:
        """The id of the first claim that is not supported (``"C2"``), if any."""
        return cast(Optional[str], self._d.get("first_problem"))

    @property
    def answer_score(self) -> Optional[float]:
        """The learned probability of a hallucination (``preset="improved"``), else None."""
        score = self._d.get("answer_score")
        return None if score is None else cast(float, score["probability"])

    @property
    def summary(self) -> Dict[str, Any]:
        """Verdict counts, citation coverage, faithfulness, confidence."""
        return cast(Dict[str, Any], self._d["summary"])

    @property
    def risk(self) -> str:
        """The risk level: ``low``, ``medium``, ``high`` or ``critical``."""
        return cast(str, self._d["risk"]["level"])

    @property
    def quality_score(self) -> float:
        """Seed 001's quality score (0–1)."""
        return cast(float, self._d["quality"]["score"])

    @property
    def routing(self) -> str:
        """What ships: ``accept``, ``healed_accept``, ``fallback`` or ``discard``."""
        return cast(str, self._d["quality"]["routing"])

    @property
    def faithful(self) -> bool:
        """Is the decision ``deliver``? (What ``claimlab batch`` counts as faithful.)"""
        return self.decision == "deliver"

    @property
    def all_supported(self) -> bool:
        """Is every claim supported? (``claimlab check`` then exits 0.)"""
        return all(c.verdict == "supported" for c in self.claims)

    @property
    def claims(self) -> List[Claim]:
        """Each claim with its verdict, support, best source sentence and reasons."""
        d = self._d
        sources = {s["id"]: s["text"] for s in d.get("sources") or ()}
        out = []
        for c in d["claims"]:
            best = c.get("best_source")
            score = c.get("score")
            out.append(
                Claim(
                    id=c["id"],
                    text=c["text"],
                    start=c["start"],
                    end=c["end"],
                    verdict=c["verdict"],
                    support=c["support"],
                    best_source=best,
                    best_source_text=c.get("best_source_text", sources.get(best) if best else None),
                    reasons=tuple(Reason(r["kind"], r["detail"]) for r in c["reasons"]),
                    score=None if score is None else score["probability"],
                    consistency=c.get("consistency"),
                )
            )
        return out

    @property
    def settings(self) -> Optional[Dict[str, Any]]:
        """The settings the answer was checked with, by name (None if unknown)."""
        return None if self._settings is None else cast(Dict[str, Any], _json.loads(self._settings.to_json()))

    # -- the lab -----------------------------------------------------------

    @property
    def lab_url(self) -> Optional[LabLink]:
        """A link that opens these texts and settings in the lab at ``claimlab.LAB_URL``.

        Short and readable when the texts are a built-in example's
        (``#example=tagore&support_threshold=0.65``), else the whole state
        compressed (``#s=1.…``). None when the report does not know its
        inputs, or when they are too large for a link.
        """
        if self._link is None or self._settings is None:
            return None
        source, answer, samples, question, example = self._link
        fragment = _core.lab_fragment(self._settings, source, answer, list(samples), question, example)
        return None if fragment is None else lab_url(fragment)

    # -- notebooks -----------------------------------------------------------

    def _repr_html_(self) -> str:
        """The claims table with verdicts and reasons, and "Open in the lab".

        Every text is escaped; the HTML has no script, no event handler and no
        link but the lab's (an http or https address).
        """
        e = html.escape
        d = self._d
        parts = ['<div class="claimlab-report">']
        headline = self.headline or ""
        parts.append(
            f'<p style="margin:0 0 .5em 0"><strong>{e(self.decision)}</strong>'
            + (f": {e(headline)}" if headline else "")
            + "</p>"
        )
        score = self.answer_score
        if score is not None:
            parts.append(f"<p style=\"margin:0 0 .5em 0\">Hallucination score {score:.2f}</p>")
        parts.append(
            '<table class="claimlab-claims">'
            "<thead><tr><th>Claim</th><th>Verdict</th><th>Support</th>"
            "<th>Best source</th><th>Reasons</th></tr></thead><tbody>"
        )
        claims = self.claims
        if not claims:
            parts.append('<tr><td colspan="5">The answer has no claims.</td></tr>')
        for c in claims:
            bg, fg = _COLOURS.get(c.verdict, ("#eeeeee", "#222222"))
            best = (
                f"<strong>{e(c.best_source)}</strong> {e(c.best_source_text or '')}"
                if c.best_source
                else "—"
            )
            reasons = "".join(f"<li><code>{e(r.kind)}</code>: {e(r.detail)}</li>" for r in c.reasons)
            parts.append(
                f'<tr data-verdict="{e(c.verdict, quote=True)}">'
                f"<td><strong>{e(c.id)}</strong> {e(c.text)}</td>"
                f'<td><span style="background:{bg};color:{fg};padding:0 .35em;border-radius:3px">'
                f"{e(c.verdict)}</span></td>"
                f"<td>{c.support:.2f}</td>"
                f"<td>{best}</td>"
                f'<td><ul style="margin:0;padding-left:1.2em">{reasons}</ul></td></tr>'
            )
        parts.append("</tbody></table>")
        try:
            link = self.lab_url
        except Exception as err:  # a bad LAB_URL: say so instead of a link
            parts.append(f"<p>Open in the lab: {e(str(err))}</p>")
        else:
            if link is not None:
                parts.append(f"<p>{_anchor(link, 'Open in the lab')}</p>")
            elif self._link is not None:
                parts.append("<p>These texts are too large for a link into the lab.</p>")
        repair = d.get("repair") or {}
        if repair.get("applied") and repair.get("after"):
            said = {
                "healed_accept": "The repaired answer, which is delivered",
                "discard": "The safe decline, which is delivered",
            }.get(self.routing, "What repair proposed (not delivered)")
            parts.append(f"<details><summary>{e(said)}</summary><p>{e(repair['after'])}</p></details>")
        parts.append("</div>")
        return "".join(parts)
