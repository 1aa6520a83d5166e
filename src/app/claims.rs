//! The claims table: one row per claim with its evidence, verdict and reason.
//! Hovering or focusing a row puts that claim in focus, which highlights it
//! in the answer and its best sentence in the source.

use leptos::prelude::*;

use crate::checks::{citations, entities, negation, numbers, support};
use crate::report::{ClaimReport, MarkKind, MarkSide, Verdict};
use crate::text::decimal::Decimal;
use crate::text::highlight;
use crate::text::ids::mentions_of;
use crate::trace::Revealed;

use super::contributions::ContributionChart;
use super::lab::{changes_of, Lab};
use super::widgets::{claim_ids, list_memo, repeats, ByPlace, Limits};

/// The CSS class of a mark kind.
pub fn mark_class(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Matched => "mark-matched",
        MarkKind::Missing => "mark-missing",
        MarkKind::Number => "mark-number",
        MarkKind::Citation => "mark-citation",
        MarkKind::Negation => "mark-negation",
        MarkKind::Entity => "mark-entity",
    }
}

/// One run of a marked text: the text and its marks' CSS classes (empty
/// for a run no mark covers).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MarkedRun {
    pub text: String,
    pub classes: String,
}

/// `text[start..end]` cut at the claim's marks on one side, each run with
/// the classes of the marks covering it: what [`render_runs`] draws, kept
/// as data so a view can tell whether it changed.
pub fn marked_runs(
    text: &str,
    start: usize,
    end: usize,
    claim: Option<&ClaimReport>,
    side: MarkSide,
) -> Vec<MarkedRun> {
    let marks: Vec<(usize, usize, MarkKind)> = claim
        .map(|c| {
            c.marks
                .iter()
                .filter(|m| m.side == side)
                .map(|m| (m.byte_start, m.byte_end, m.kind))
                .collect()
        })
        .unwrap_or_default();
    let spans: Vec<(usize, usize)> = marks.iter().map(|m| (m.0, m.1)).collect();
    highlight::runs(text, start, end, &spans)
        .into_iter()
        .map(|run| {
            let mut kinds: Vec<&str> = run.marks.iter().map(|&i| mark_class(marks[i].2)).collect();
            crate::order::sort_dedup(&mut kinds);
            MarkedRun {
                text: run.text.to_string(),
                classes: kinds.join(" "),
            }
        })
        .collect()
}

/// Draw marked runs: a plain run as text, a marked one in a `<mark>`. User
/// text is only ever inserted as text nodes.
pub fn render_runs(runs: Vec<MarkedRun>) -> Vec<AnyView> {
    runs.into_iter()
        .map(|MarkedRun { text, classes }| {
            if classes.is_empty() {
                text.into_any()
            } else {
                view! { <mark class=classes>{text}</mark> }.into_any()
            }
        })
        .collect()
}

/// Render `text[start..end]` with the claim's marks on one side.
pub fn marked_text(
    text: &str,
    start: usize,
    end: usize,
    claim: Option<&ClaimReport>,
    side: MarkSide,
) -> Vec<AnyView> {
    render_runs(marked_runs(text, start, end, claim, side))
}

fn verdict_label(v: Verdict) -> &'static str {
    v.name()
}

#[component]
pub fn ClaimsPanel(lab: Lab) -> impl IntoView {
    let report = move || lab.checked.get();
    // The claim whose learned score is explained under the table (its row's
    // "score" button opens and closes it), once its verdict is revealed.
    let chart_for: RwSignal<Option<String>> = RwSignal::new(None);
    let chart = move || {
        let id = chart_for.get()?;
        let score = lab
            .checked
            .with(|c| c.report.claims.iter().find(|c| c.id == id)?.score.clone())?;
        lab.revealed.with(|r| r.claim(&id)).then(|| {
            view! { <div id="claim-score" class="claim-score"><ContributionChart score of=id/></div> }
        })
    };
    // One handler for every row's button.
    let toggle = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let id = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-score-toggle]").ok().flatten())
            .and_then(|b| b.get_attribute("data-score-toggle"));
        if let Some(id) = id {
            chart_for.update(|c| {
                *c = if c.as_ref() == Some(&id) {
                    None
                } else {
                    Some(id)
                }
            });
        }
    };
    let has_samples = move || {
        lab.checked
            .with(|c| c.report.claims.iter().any(|c| c.consistency.is_some()))
    };
    // What a row reads of the lab (focus, replay, chart), for every row.
    let rows_see = list_memo(move || RowsSee {
        focus: lab.focus.get(),
        revealed: lab.revealed.get(),
        chart_for: chart_for.get(),
    });
    // The rows, keyed by what they show: a keystroke redraws only the rows
    // whose claim it changed (a 100-claim answer redrew every row, and its
    // every attribute, on each keystroke). What a row shows holds no
    // offsets, nor its claim's id: typing early in the answer moves every
    // later claim without changing its row, and a claim begun or ended in
    // the middle of the answer numbers the claims after it again without
    // drawing their rows again (each row reads its id by its place).
    //
    // Nor the sentence ids its texts mention: a sentence split or joined
    // early in a long source numbers every later sentence again, and with
    // them the best source of most claims, without drawing their rows
    // again (each row reads its sentence ids by its place too).
    let table = Memo::new(move |_| {
        let checked = report();
        ClaimRow::all(
            &checked.report.claims,
            has_samples(),
            !checked.report.sources.is_empty(),
        )
    });
    let rows = move || table.with(|t| t.iter().map(|(row, _)| row.clone()).collect::<Vec<_>>());
    // Each row's sentence ids, one text a row, in the order its cells
    // mention them ([`IdText`]).
    let sentence_ids = ByPlace(changes_of(Memo::new(move |_| {
        table.with(|t| t.iter().map(|(_, ids)| ids.join(" ")).collect())
    })));
    let claim_ids = claim_ids(lab);
    view! {
        <section class="panel claims" aria-labelledby="claims-title" class:hidden=lab.is_hidden("claims")>
            <header class="panel-head">
                <h2 id="claims-title">"Claims"</h2>
                <p class="hint">"Hover or focus a row to see its evidence in the answer and the source."</p>
            </header>
            <div class="table-wrap">
                <table class="claims-table" class:with-consistency=has_samples role="table" on:click=toggle>
                    <thead role="rowgroup">
                        <tr role="row">
                            <th scope="col" role="columnheader">"#"</th>
                            <th scope="col" role="columnheader">"Claim"</th>
                            <th scope="col" role="columnheader">"Best source"</th>
                            <th scope="col" role="columnheader">"Overlap"</th>
                            <th scope="col" role="columnheader">"Numbers"</th>
                            <th scope="col" role="columnheader">"Citation"</th>
                            <th scope="col" role="columnheader">"Negation · names"</th>
                            {move || has_samples().then(|| view! { <th scope="col" role="columnheader">"Consistency"</th> })}
                            <th scope="col" role="columnheader">"Verdict"</th>
                        </tr>
                    </thead>
                    <tbody role="rowgroup">
                        <ForEnumerate each=rows key=|row| row.clone() children=move |at, row| claim_row(lab, rows_see, (claim_ids.at(at), sentence_ids.at(at)), row)/>
                    </tbody>
                </table>
                {chart}
                {move || lab.checked.with(|c| c.report.claims.is_empty()).then(|| view! {
                    <p class="empty">"The answer has no claims yet: type a sentence that states something."</p>
                })}
            </div>
            <Limits items=vec![
                ("Support", support::LIMITS),
                ("Numbers", numbers::LIMITS),
                ("Citations", citations::LIMITS),
                ("Negation", negation::LIMITS),
                ("Names", entities::LIMITS),
            ]/>
        </section>
    }
}

/// A text of a claim's row with the sentence ids it mentions (`S58`) left
/// out: [`Piece::Id`] `k` is the row's `k`th id, read by the row's place
/// (its ids, one text, [`ByPlace`]) and written in by [`IdText::filled`].
#[derive(Clone, PartialEq, Eq, Hash)]
struct IdText(Vec<Piece>);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Piece {
    Text(String),
    Id(usize),
}

impl IdText {
    /// `text`, its sentence ids pushed to `ids`.
    fn of(text: &str, ids: &mut Vec<String>) -> IdText {
        let mut pieces = Vec::new();
        let mut copied = 0;
        for (range, _) in mentions_of(b'S', text) {
            if copied < range.start {
                pieces.push(Piece::Text(text[copied..range.start].to_string()));
            }
            pieces.push(Piece::Id(ids.len()));
            ids.push(text[range.clone()].to_string());
            copied = range.end;
        }
        if copied < text.len() || pieces.is_empty() {
            pieces.push(Piece::Text(text[copied..].to_string()));
        }
        IdText(pieces)
    }

    /// The text with `ids` (the row's sentence ids, between spaces) in
    /// their places.
    fn filled(&self, ids: &str) -> String {
        let ids: Vec<&str> = ids.split(' ').collect();
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => out.push_str(text),
                &Piece::Id(k) => out.push_str(ids.get(k).copied().unwrap_or("")),
            }
        }
        out
    }
}

/// What a claim's row in the table shows, as [`ForEnumerate`] keys it: two
/// rows are the same when they would draw the same (their claims' ids and
/// the sentence ids their texts mention aside: each row reads them by its
/// place, [`ByPlace`]).
#[derive(Clone, PartialEq, Eq, Hash)]
struct ClaimRow {
    /// How many rows before it show the same (keys are distinct).
    repeat: usize,
    text: String,
    verdict: Verdict,
    /// The support, to two decimals.
    support: String,
    best_source: IdText,
    /// `3/4 = 0.75`, or that there is no source.
    overlap: String,
    matched_words: Vec<String>,
    missing_words: Vec<String>,
    /// (the numbers hold, what the cell says).
    numbers: (bool, IdText),
    /// (the citation points at the support, or at nothing real; what the
    /// cell says).
    citation: (Option<bool>, IdText),
    /// Negation flip and invented names, if any.
    findings: Option<String>,
    /// Agreement with the samples, when the answer has samples.
    consistency: Option<(String, bool)>,
    reason: IdText,
    /// The learned score's button text.
    score: Option<String>,
}

impl ClaimRow {
    /// The rows of `claims`, in order, each with the sentence ids it mentions.
    fn all(
        claims: &[ClaimReport],
        show_consistency: bool,
        has_source: bool,
    ) -> Vec<(ClaimRow, Vec<String>)> {
        let mut rows: Vec<(ClaimRow, Vec<String>)> = claims
            .iter()
            .map(|c| ClaimRow::of(c, show_consistency, has_source))
            .collect();
        let counts = repeats(&rows.iter().map(|(row, _)| row).collect::<Vec<_>>());
        for ((row, _), repeat) in rows.iter_mut().zip(counts) {
            row.repeat = repeat;
        }
        rows
    }

    fn of(c: &ClaimReport, show_consistency: bool, has_source: bool) -> (ClaimRow, Vec<String>) {
        let best_source = c.best_source.as_deref().unwrap_or("—");
        let total = c.matched_words.len() + c.missing_words.len();
        let overlap = if has_source {
            format!(
                "{}/{} = {:.2}",
                c.matched_words.len(),
                total,
                Decimal(c.support)
            )
        } else {
            "— no source".to_string()
        };
        let numbers = if !c.numbers_checked {
            (true, "—".to_string())
        } else if let Some(first) = c.number_mismatches.first() {
            // As the reason shows them: with their unit words ("30 days").
            let (claimed, said) = &first.shown;
            let said = if said.is_empty() {
                "no number".to_string()
            } else {
                said.join(", ")
            };
            (
                false,
                format!(
                    "{claimed} not in {} (says {said})",
                    c.best_source.as_deref().unwrap_or("-")
                ),
            )
        } else {
            (true, "✓".to_string())
        };
        let citation = match (
            &c.citations.fabricated[..],
            c.citations.points_to_support,
            c.citations.cited.is_empty(),
        ) {
            ([f, ..], _, _) => (Some(false), format!("{f} does not exist")),
            (_, Some(false), _) => (
                Some(false),
                format!(
                    "cites {}, not {}",
                    c.citations.cited.join(", "),
                    c.best_source.as_deref().unwrap_or("-")
                ),
            ),
            (_, Some(true), _) => (Some(true), format!("✓ {}", c.citations.cited.join(", "))),
            (_, None, false) => (None, c.citations.cited.join(", ")),
            (_, None, true) => (None, "—".to_string()),
        };
        let mut findings: Vec<String> = Vec::new();
        if let Some(f) = &c.negation {
            findings.push(format!("negation flip: “{}”", f.word));
        }
        for e in &c.invented_entities {
            findings.push(format!("not in source: “{}”", e.text));
        }
        let consistency = show_consistency.then(|| {
            c.consistency
                .as_ref()
                .map_or(("—".to_string(), false), |x| {
                    (
                        format!(
                            "{:.2} ({} of {})",
                            Decimal(x.agreement),
                            x.agreeing,
                            x.samples_used
                        ),
                        x.flagged,
                    )
                })
        });
        let words = |w: &Vec<String>| if has_source { w.clone() } else { vec![] };
        let mut ids = Vec::new();
        let row = ClaimRow {
            repeat: 0,
            text: c.text.clone(),
            verdict: c.verdict,
            support: format!("{:.2}", Decimal(c.support)),
            best_source: IdText::of(best_source, &mut ids),
            overlap,
            matched_words: words(&c.matched_words),
            missing_words: words(&c.missing_words),
            numbers: (numbers.0, IdText::of(&numbers.1, &mut ids)),
            citation: (citation.0, IdText::of(&citation.1, &mut ids)),
            findings: (!findings.is_empty()).then(|| findings.join("; ")),
            consistency,
            reason: IdText::of(c.main_reason(), &mut ids),
            score: c
                .score
                .as_ref()
                .map(|s| format!("score {:.2}", Decimal(s.probability))),
        };
        (row, ids)
    }
}

/// Which cells of a claim's row the replay has revealed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Shown {
    matched: bool,
    numbers: bool,
    citation: bool,
    findings: bool,
    consistency: bool,
    verdict: bool,
}

/// What a claim's row reads of the lab, as a memo that goes with the list
/// (`list_memo` says why).
#[derive(Clone, PartialEq)]
struct RowsSee {
    /// The claim in focus.
    focus: Option<String>,
    revealed: Revealed,
    /// The claim whose score is explained.
    chart_for: Option<String>,
}

fn claim_row(
    lab: Lab,
    rows_see: Memo<RowsSee>,
    (id, sentence_ids): (Memo<String>, Memo<String>),
    row: ClaimRow,
) -> impl IntoView {
    let ClaimRow {
        repeat: _,
        text,
        verdict,
        support,
        best_source,
        overlap,
        matched_words,
        missing_words,
        numbers,
        citation,
        findings,
        consistency,
        reason,
        score,
    } = row;
    let is_focused =
        move || rows_see.with(|s| id.with(|id| s.focus.as_deref() == Some(id.as_str())));
    let any_findings = findings.is_some();
    let findings_text = findings.unwrap_or_else(|| "—".to_string());
    // Which of the claim's events the replay has shown: each cell shows
    // once its check's event has been (one memo per row; the cells are
    // rebuilt only when it changes, during a replay).
    let stage = Memo::new(move |_| {
        id.with(|id| {
            rows_see.with(|RowsSee { revealed: r, .. }| Shown {
                matched: r.step(id, "best_match"),
                numbers: r.step(id, "number_check"),
                citation: r.step(id, "citation_check"),
                findings: r.step(id, "negation_check") || r.step(id, "entity_check"),
                consistency: r.step(id, "consistency_check"),
                verdict: r.claim(id),
            })
        })
    });
    view! {
        <tr
            role="row"
            data-claim-id=move || id.get()
            data-verdict=verdict.name()
            data-revealed=move || stage.get().verdict.to_string()
            data-support=support
            tabindex="0"
            class:focused=is_focused
            on:mouseenter=move |_| lab.focus.set(Some(id.get_untracked()))
            on:focus=move |_| lab.focus.set(Some(id.get_untracked()))
        >
            <th scope="row" role="rowheader" data-label="Claim">{move || id.get()}</th>
            <td role="cell" class="claim-text" data-label="Text">{text}</td>
            {move || {
                let shown = stage.get();
                let or_wait = |ok: bool, text: &str| if ok { text.to_string() } else { "…".to_string() };
                // One text a cell, its sentence ids read by the row's place.
                let or_wait_ids = |ok: bool, text: &IdText| {
                    let text = text.clone();
                    move || match ok {
                        true => sentence_ids.with(|ids| text.filled(ids)),
                        false => "…".to_string(),
                    }
                };
                view! {
                    <td role="cell" data-label="Best source">{or_wait_ids(shown.matched, &best_source)}</td>
                    <td role="cell" data-label="Overlap">
                        {shown.matched.then(|| view! {
                            <span class="overlap">{overlap.clone()}</span>
                            <span class="words">
                                {matched_words.iter().map(|w| view! { <span class="word hit">{w.clone()}</span> }).collect::<Vec<_>>()}
                                {missing_words.iter().map(|w| view! { <span class="word miss">{w.clone()}</span> }).collect::<Vec<_>>()}
                            </span>
                        })}
                    </td>
                    <td role="cell" data-label="Numbers" class:bad=shown.numbers && !numbers.0>{or_wait_ids(shown.numbers, &numbers.1)}</td>
                    <td role="cell" data-label="Citation" class:bad=shown.citation && citation.0 == Some(false) class:good=shown.citation && citation.0 == Some(true)>{or_wait_ids(shown.citation, &citation.1)}</td>
                    <td role="cell" data-label="Negation · names" class:bad=shown.findings && any_findings>{or_wait(shown.findings, &findings_text)}</td>
                    {consistency.as_ref().map(|(text, flagged)| view! {
                        <td role="cell" data-label="Consistency" class:bad=shown.consistency && *flagged>
                            {or_wait(shown.consistency, text)}
                        </td>
                    })}
                    <td role="cell" data-label="Verdict" class="verdict-cell">
                        {if shown.verdict {
                            view! {
                                <span class=format!("badge verdict-{}", verdict.name())>{verdict_label(verdict)}</span>
                                <span class="reason">{or_wait_ids(true, &reason)}</span>
                                // The learned score (the `improved` preset's), whose button opens its chart.
                                {score.clone().map(|text| view! {
                                    <button type="button" class="score-toggle" data-score-toggle=move || id.get() aria-controls="claim-score"
                                        aria-expanded=move || rows_see.with(|s| id.with(|id| s.chart_for.as_ref() == Some(id))).to_string()>
                                        {text}
                                    </button>
                                })}
                            }.into_any()
                        } else {
                            view! { <span class="badge verdict-pending">"pending"</span> }.into_any()
                        }}
                    </td>
                }
            }}
        </tr>
    }
}
