//! The CLI's human-readable report.

use std::fmt::Write;

use claimlab::checks::{citations, consistency, entities, negation, numbers, support};
use claimlab::report::{ReasonKind, Report};
use claimlab::Verdict;

/// The check behind a kind of reason, and what it cannot see.
fn limits_of(kind: ReasonKind) -> Option<(&'static str, &'static str)> {
    use ReasonKind::*;
    Some(match kind {
        LowSupport | NoMatch => ("Support", support::LIMITS),
        NumberMismatch => ("Numbers", numbers::LIMITS),
        NegationFlip | AntonymFlip => ("Negation", negation::LIMITS),
        InventedEntity => ("Names", entities::LIMITS),
        FabricatedCitation | WrongCitation => ("Citations", citations::LIMITS),
        Inconsistent => ("Consistency", consistency::LIMITS),
        Supported | Consistent | NoSource | LanguageMismatch => return None,
    })
}

use crate::vectors::Fallback;

/// Render a report as text: one block per claim, then the answer's metrics.
/// `fallback` says why given vectors were not used, if they were not;
/// `has_source` whether the answer was checked against a source (the
/// report's list of source sentences is left out: 8 MB of short lines made
/// it 300 MB).
pub fn text(r: &Report, fallback: Option<&Fallback>, has_source: bool) -> String {
    let mut out = String::new();
    let id_width = r.claims.iter().map(|c| c.id.len()).max().unwrap_or(2);
    for c in &r.claims {
        let best = c.best_source.as_deref().unwrap_or("-");
        // Without a source the score that decides is the samples' agreement.
        let score = match (&c.consistency, !has_source) {
            (Some(cons), true) => cons.agreement,
            _ => c.support,
        };
        let _ = writeln!(
            out,
            "{:<id_width$}  {:<12}  {:<4}  {:.2}  {}",
            c.id,
            c.verdict.name(),
            best,
            score,
            c.text.replace('\n', " ")
        );
        for reason in &c.reasons {
            let _ = writeln!(out, "{:<id_width$}  └ {}", "", reason.detail);
        }
        // With no source the samples decide (the reason above says how
        // many agree): the words are in no source to list them against.
        if c.verdict != Verdict::Supported && !c.missing_words.is_empty() && has_source {
            // With no best sentence, the words are in no sentence at all.
            let place = c.best_source.as_deref().unwrap_or("the source");
            let _ = writeln!(
                out,
                "{:<id_width$}  └ not in {place}: {}",
                "",
                c.missing_words.join(", ")
            );
        }
        if let (Some(cons), true) = (&c.consistency, has_source) {
            let _ = writeln!(
                out,
                "{:<id_width$}  └ consistency {:.2} ({} of {} samples agree)",
                "", cons.agreement, cons.agreeing, cons.samples_used
            );
        }
    }
    if r.claims.is_empty() {
        out.push_str("The answer has no claims to check.\n");
    }
    // What the checks that found something cannot see, once each.
    let mut limits: Vec<(&str, &str)> = Vec::new();
    for reason in r.claims.iter().flat_map(|c| &c.reasons) {
        if let Some(limit) = limits_of(reason.kind) {
            if !limits.contains(&limit) {
                limits.push(limit);
            }
        }
    }
    if !limits.is_empty() {
        out.push_str("\nWhat these checks cannot see:\n");
        for (check, limit) in limits {
            let _ = writeln!(out, "  {check}: {limit}");
        }
    }
    let s = &r.summary;
    let _ = writeln!(
        out,
        "\nDecision: {}{}",
        r.decision.name(),
        r.first_problem
            .as_deref()
            .map(|p| format!(" (first problem {p}; policy {})", r.policy.name()))
            .unwrap_or_default()
    );
    if let Some(score) = &r.answer_score {
        // The learned score that decided, and what weighed most in it.
        let mut top: Vec<_> = score
            .contributions
            .iter()
            .filter(|c| c.contribution.abs() >= 0.01)
            .collect();
        top.sort_by(|a, b| b.contribution.abs().total_cmp(&a.contribution.abs()));
        let top: Vec<String> = top
            .iter()
            .take(3)
            .map(|c| format!("{} {:+.2}", c.feature, c.contribution))
            .collect();
        let _ = writeln!(
            out,
            "Learned score {:.2} (an average answer {:.2}; the weights for {}){}",
            score.probability,
            score.baseline,
            score.regime.description(),
            if top.is_empty() {
                String::new()
            } else {
                format!("; weighed most: {}", top.join(", "))
            }
        );
    }
    let _ = writeln!(out, "{}", r.headline());
    let _ = writeln!(
        out,
        "Claims: {} supported, {} contradicted, {} unsupported, {} miscited",
        s.counts.supported, s.counts.contradicted, s.counts.unsupported, s.counts.miscited
    );
    let _ = writeln!(
        out,
        "Citation coverage {:.0}%, faithfulness {:.2}, confidence {:.2}",
        s.citation_coverage * 100.0,
        s.faithfulness,
        s.confidence.score
    );
    if let Some(embedder) = &r.embedder {
        let _ = match fallback {
            Some(f) => writeln!(
                out,
                "Consistency scored by {embedder} (fell back from the given vectors: {})",
                f.reason
            ),
            None => writeln!(out, "Consistency scored by {embedder}"),
        };
    }
    let triggers: Vec<&str> = r.risk.triggers.iter().map(|t| t.name()).collect();
    let _ = writeln!(
        out,
        "Risk {}{}; quality {:.2} → {}",
        r.risk.level.name(),
        if triggers.is_empty() {
            String::new()
        } else {
            format!(" ({})", triggers.join(", "))
        },
        r.quality.score,
        r.quality.routing.name()
    );
    if let Some(d) = &r.drift {
        let _ = writeln!(
            out,
            "Drift: {} ({})",
            if d.drifted { "yes" } else { "no" },
            d.reason
        );
    }
    if let Some(h) = r.repair.as_ref().filter(|h| h.applied) {
        let outcome = if h.succeeded {
            format!("risk {} → {}", h.initial_risk.name(), h.final_risk.name())
        } else {
            format!(
                "risk {}; could not make it safe, the safe decline is served",
                h.initial_risk.name()
            )
        };
        let _ = writeln!(out, "\nRepair ({}): {outcome}", h.strategy.name());
        let _ = writeln!(out, "  Before: {}", h.before);
        let _ = writeln!(out, "  After:  {}", h.after);
        for change in &h.changes {
            let _ = writeln!(out, "  — {change}");
        }
    }
    if !r.samples.is_empty() {
        let _ = writeln!(out, "\nSamples against the source:");
        for s in &r.samples {
            let _ = writeln!(
                out,
                "  sample {}: {} of {} claims supported{}",
                s.sample,
                s.supported,
                s.claims,
                if s.best { "  ← most faithful" } else { "" }
            );
        }
    }
    out
}
