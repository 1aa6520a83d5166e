//! "Why the answer scores 0.83": the learned score of an answer or a claim
//! (`crate::model::LearnedScore`) drawn as one bar per feature, each the
//! feature's contribution to the score's log-odds, right of the centre line
//! towards hallucinated, left towards faithful. The bars start from an
//! average answer's score (the baseline) and add up exactly to the score's
//! (`logit(baseline) + Σ contribution = logit(score)`); the chart only draws
//! what the core computed.
//!
//! Bars of less than [`MINOR`] are folded under "N more" (still in the page,
//! with their `data-contribution`, so the bars always add up).

use leptos::prelude::*;

use crate::model::features::YES_OR_NO;
use crate::model::{Contribution, LearnedScore};
use crate::text::decimal::Decimal;

/// Contributions smaller than this (log-odds) are folded away.
pub const MINOR: f64 = 0.01;

/// The human name of a feature of the learned score (`src/model/features.rs`
/// documents each; `claims` is the answer's number of claims). An unknown
/// name reads as itself.
pub fn feature_label(name: &str) -> &'static str {
    match name {
        "unsupported" => "Share of words the best sentence lacks",
        "rare_words_missing" => "Missing words, weighted by rarity",
        "novel_words" => "Share of words the source never uses",
        "rare_words_novel" => "Unknown words, weighted by rarity",
        "most_specific_missing" => "How specific the rarest missing word is",
        "word_pairs_missing" => "Word pairs not in the best sentence's order",
        "wrong_number" => "A number the source contradicts",
        "negation_flip" => "A negation flipped",
        "opposite_word" => "An opposite word swapped in",
        "invented_name" => "A name the source never mentions",
        "bad_citation" => "A wrong or invented citation",
        "no_source" => "No source sentence shares a word",
        "weak" => "Support under one half",
        "hedged" => "Hedging words (might, probably)",
        "assertive" => "Assertive words (definitely)",
        "length" => "Length in content words",
        "claims" => "Number of claims",
        _ => "",
    }
}

/// `+0.82` or `−0.31` (a true minus sign).
fn signed(x: f64) -> String {
    let sign = if x < 0.0 { "\u{2212}" } else { "+" };
    format!("{sign}{:.2}", Decimal(x.abs()))
}

/// One feature's row: its name and value, the bar, the contribution.
fn bar(c: &Contribution, scale: f64) -> impl IntoView {
    let label = match feature_label(&c.feature) {
        "" => c.feature.clone(),
        l => l.to_string(),
    };
    // The bar's half of the 0–100 box: from the centre line to the right
    // (towards hallucinated) or to the left (towards faithful).
    // A finding reads yes or no; a share, as its two decimals.
    let value = if YES_OR_NO.contains(&c.feature.as_str()) {
        if c.value > 0.0 {
            "yes".to_string()
        } else {
            "no".to_string()
        }
    } else {
        format!("{:.2}", Decimal(c.value))
    };
    let len = (c.contribution.abs() / scale * 50.0).min(50.0);
    let up = c.contribution > 0.0;
    let x = if up { 50.0 } else { 50.0 - len };
    view! {
        <li class=if up { "contribution up" } else { "contribution down" }
            data-feature=c.feature.clone()
            data-contribution=Decimal(c.contribution).to_string()>
            <span class="feature-name">{label}<span class="feature-value">{value}</span></span>
            // The centre line is the box's background (style/main.css).
            <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                <rect x=super::widgets::svg_number(x) y="1" width=super::widgets::svg_number(len.max(0.4)) height="8"/>
            </svg>
            <span class="contribution-value">{signed(c.contribution)}</span>
        </li>
    }
}

/// The chart of a learned score. `of` names what was scored: `answer`, or a
/// claim's id (`C2`); it is the chart's `data-score-chart`.
#[component]
pub fn ContributionChart(score: LearnedScore, of: String) -> impl IntoView {
    let mut bars: Vec<&Contribution> = score.contributions.iter().collect();
    crate::order::sort_by(&mut bars, |a, b| {
        b.contribution.abs().total_cmp(&a.contribution.abs())
    });
    // Every bar on one scale, the largest reaching the edge (at least one
    // unit of log-odds, so that small pushes look small).
    let scale = bars.first().map_or(1.0, |c| c.contribution.abs()).max(1.0);
    let split = bars
        .iter()
        .position(|c| c.contribution.abs() < MINOR)
        .unwrap_or(bars.len());
    let minor: Vec<_> = bars[split..].iter().map(|c| bar(c, scale)).collect();
    let major: Vec<_> = bars[..split].iter().map(|c| bar(c, scale)).collect();
    let n_minor = minor.len();
    let answer = of == "answer";
    let title = format!(
        "Why {} scores {:.2}",
        if answer { "the answer" } else { &of },
        Decimal(score.probability)
    );
    let caption = format!(
        "The chance of a hallucination. {} scores {:.2}; each bar is how far a feature moves this one from it (log-odds). {}",
        if answer { "An average answer" } else { "An average claim" },
        Decimal(score.baseline),
        if answer { "Values are the highest over the claims." } else { "Values are the claim's own." },
    );
    let regime = format!(
        "Scored with the weights for {}; a question or a longer answer changes them.",
        score.regime.description()
    );
    view! {
        <figure class="score-chart" data-score-chart=of
            data-probability=Decimal(score.probability).to_string()
            data-baseline=Decimal(score.baseline).to_string()
            data-regime=score.regime.name()>
            <figcaption><strong>{title}</strong><span class="hint">{caption}</span><span class="hint regime">{regime}</span></figcaption>
            <div class="contribution axis" aria-hidden="true">
                <span></span>
                <span class="axis-labels"><span class="towards-down">"← faithful"</span><span class="towards-up">"hallucinated →"</span></span>
                <span></span>
            </div>
            <ul class="contributions">{major}</ul>
            {(n_minor > 0).then(|| view! {
                <details class="minor-contributions">
                    <summary>{format!("{n_minor} more with almost no effect")}</summary>
                    <ul class="contributions">{minor}</ul>
                </details>
            })}
        </figure>
    }
}
