//! The CLI's human-readable report.

use std::fmt::Write;

use claimlab::report::Report;

/// Render a report as text: one block per claim, then the answer's metrics.
pub fn text(r: &Report) -> String {
    let mut out = String::new();
    let id_width = r.claims.iter().map(|c| c.id.len()).max().unwrap_or(2);
    for c in &r.claims {
        let best = c.best_source.as_deref().unwrap_or("-");
        // Without a source the score that decides is the samples' agreement.
        let score = match (&c.consistency, r.sources.is_empty()) {
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
        if let (Some(cons), false) = (&c.consistency, r.sources.is_empty()) {
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
