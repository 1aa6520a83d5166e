//! The `check` fuzz target's case, shared with the ordinary test suite
//! (`tests/fuzz_regressions.rs` replays the regressions and seeds through
//! it): see `check.rs` for the input layout and what is asserted.

use claimlab::{check, check_text, CheckInput, Config, Document, Preset, Report};

fn config_for(selector: u8) -> Config {
    match selector % 4 {
        0 => Config::default(),
        k => Preset::ALL[usize::from(k - 1)].config(),
    }
}

fn assert_invariants(report: &Report, answer: &str, what: &str) {
    let mut last_end = 0usize;
    for c in &report.claims {
        let ctx = || format!("{what}: claim {} {:?} in answer {answer:?}", c.id, c.text);
        assert!(
            c.byte_start <= c.byte_end && c.byte_end <= answer.len(),
            "{}: byte range {}..{} out of bounds (len {})",
            ctx(),
            c.byte_start,
            c.byte_end,
            answer.len()
        );
        assert!(
            answer.is_char_boundary(c.byte_start) && answer.is_char_boundary(c.byte_end),
            "{}: byte range {}..{} not on char boundaries",
            ctx(),
            c.byte_start,
            c.byte_end
        );
        assert!(
            c.byte_start >= last_end,
            "{}: starts at {} before the previous claim ends at {last_end}",
            ctx(),
            c.byte_start
        );
        last_end = c.byte_end;
        assert_eq!(
            c.text,
            answer[c.byte_start..c.byte_end],
            "{}: text differs from its byte range",
            ctx()
        );
        assert_eq!(
            (c.start, c.end),
            (
                answer[..c.byte_start].chars().count(),
                answer[..c.byte_end].chars().count()
            ),
            "{}: char offsets disagree with byte offsets",
            ctx()
        );
        assert!(
            !c.reasons.is_empty() && !c.main_reason().is_empty(),
            "{}: verdict {:?} without a reason: {:?}",
            ctx(),
            c.verdict,
            c.reasons
        );
    }
}

/// Decode one fuzz input and check it, asserting the report's invariants.
pub fn run(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let mut parts = text.split('\u{1}');
    let source = parts.next().unwrap_or("");
    let answer = parts.next().unwrap_or("");
    let question = parts.next().unwrap_or("");
    let samples: Vec<String> = parts.take(3).map(str::to_string).collect();

    let cfg = config_for(selector);
    let doc = Document::analyse(source, (&cfg).into());
    let input = CheckInput {
        answer,
        samples: &samples,
        question,
        ..Default::default()
    };
    let report = check(&doc, &input, &cfg);
    assert_invariants(&report, answer, "check");

    if selector & 4 != 0 {
        let report = check_text(source, answer, &cfg);
        assert_invariants(&report, answer, "check_text");
    }
}
