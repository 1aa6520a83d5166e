//! "Why the score is 0.83": the learned score of an answer or a claim
//! (`crate::model::LearnedScore`) drawn as one bar per feature, each the
//! feature's contribution to the score's log-odds, right of the centre line
//! towards hallucinated, left towards faithful. The bars start from an
//! average answer's score (the baseline) and add up exactly to the score's
//! (`logit(baseline) + Σ contribution = logit(score)`); the chart only draws
//! what the core computed.
//!
//! Bars of less than [`MINOR`] are folded under "N more" (still in the page,
//! with their `data-contribution`, so the bars always add up).
//!
//! The chart's inside is written with plain DOM calls when its `<figure>` is
//! made (a directive), not with `view!`: it never changes once drawn (a new
//! score makes a new chart), and a typed view of a list of bars cost the
//! page's wasm about four times the bytes. Every text is set as text.

use leptos::prelude::*;
use web_sys::Element;

use crate::model::{Contribution, LearnedScore};
use crate::text::decimal::Decimal;

use super::widgets::svg_number;

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

const SVG: &str = "http://www.w3.org/2000/svg";

/// A new element under `parent`: `tag` (an SVG one when `svg`), its class,
/// its text (none when empty).
fn add(parent: &Element, svg: bool, tag: &str, class: &str, text: &str) -> Element {
    let doc = parent.owner_document().expect("an element has a document");
    let el = if svg {
        doc.create_element_ns(Some(SVG), tag)
    } else {
        doc.create_element(tag)
    }
    .expect("a known tag");
    if !class.is_empty() {
        let _ = el.set_attribute("class", class);
    }
    if !text.is_empty() {
        el.set_text_content(Some(text));
    }
    let _ = parent.append_child(&el);
    el
}

/// Two decimals.
fn two(x: f64) -> String {
    format!("{:.2}", Decimal(x))
}

/// One feature's row: its name and value, the bar, the contribution
/// (`+0.82`, or `−0.31` with a true minus sign).
fn bar(list: &Element, c: &Contribution, scale: f64) {
    let up = c.contribution > 0.0;
    let row = add(
        list,
        false,
        "li",
        if up { "contribution up" } else { "contribution down" },
        "",
    );
    let _ = row.set_attribute("data-feature", &c.feature);
    let _ = row.set_attribute("data-contribution", &Decimal(c.contribution).to_string());
    let label = match feature_label(&c.feature) {
        "" => &c.feature,
        l => l,
    };
    let name = add(&row, false, "span", "feature-name", label);
    let _ = name.set_attribute("title", &c.feature);
    add(&name, false, "span", "feature-value", &two(c.value));
    // The bar's part of the 0–100 box: from the centre line to the right
    // (towards hallucinated) or to the left (towards faithful).
    let len = (c.contribution.abs() / scale * 50.0).min(50.0);
    let chart = add(&row, true, "svg", "bar", "");
    for (k, v) in [
        ("viewBox", "0 0 100 10"),
        ("preserveAspectRatio", "none"),
        ("aria-hidden", "true"),
    ] {
        let _ = chart.set_attribute(k, v);
    }
    let rect = add(&chart, true, "rect", "", "");
    let _ = rect.set_attribute("x", &svg_number(if up { 50.0 } else { 50.0 - len }));
    let _ = rect.set_attribute("width", &svg_number(len.max(0.4)));
    add(&chart, true, "line", "", "");
    let sign = if up { "+" } else { "\u{2212}" };
    add(
        &row,
        false,
        "span",
        "contribution-value",
        &format!("{sign}{}", two(c.contribution.abs())),
    );
}

/// Draw `score` into the chart's `<figure>` (emptied first).
fn draw(figure: Element, (score, answer): (LearnedScore, bool)) {
    figure.set_text_content(None);
    let _ = figure.set_attribute("data-probability", &Decimal(score.probability).to_string());
    let _ = figure.set_attribute("data-baseline", &Decimal(score.baseline).to_string());
    let caption = add(&figure, false, "figcaption", "", "");
    add(
        &caption,
        false,
        "strong",
        "",
        &format!("Why the score is {}", two(score.probability)),
    );
    let hint = add(&caption, false, "span", "hint", "");
    let whose = if answer { "an average answer" } else { "an average claim" };
    let _ = hint.append_with_str_1(&format!(
        "The chance of a hallucination; {whose} scores {}. Each bar moves it (log-odds): ",
        two(score.baseline)
    ));
    add(&hint, false, "span", "towards-up", "right, towards hallucinated");
    let _ = hint.append_with_str_1("; ");
    add(&hint, false, "span", "towards-down", "left, towards faithful");
    let _ = hint.append_with_str_1(if answer {
        ". Values are the highest over the claims."
    } else {
        ". Values are the claim's own."
    });

    let mut bars: Vec<&Contribution> = score.contributions.iter().collect();
    crate::order::sort_by(&mut bars, |a, b| {
        b.contribution.abs().total_cmp(&a.contribution.abs())
    });
    // Every bar on one scale, the largest reaching the edge (at least one
    // unit of log-odds, so that small pushes look small).
    let scale = bars.first().map_or(1.0, |c| c.contribution.abs()).max(1.0);
    // Sorted by size, the small ones are last: they go under a fold.
    let n_minor = bars.iter().filter(|c| c.contribution.abs() < MINOR).count();
    let mut list = add(&figure, false, "ul", "contributions", "");
    for (i, c) in bars.iter().enumerate() {
        if i + n_minor == bars.len() {
            let fold = add(&figure, false, "details", "minor-contributions", "");
            add(
                &fold,
                false,
                "summary",
                "",
                &format!("{n_minor} more with almost no effect"),
            );
            list = add(&fold, false, "ul", "contributions", "");
        }
        bar(&list, c, scale);
    }
}

/// The chart of a learned score. `of` names what was scored: `answer`, or a
/// claim's id (`C2`); it is the chart's `data-score-chart`.
#[component]
pub fn ContributionChart(score: LearnedScore, of: String) -> impl IntoView {
    let answer = of == "answer";
    view! { <figure class="score-chart" data-score-chart=of use:draw=(score, answer)></figure> }
}
