//! Cutting a text into runs for highlighting: the lab wraps each marked run
//! in an element with the mark's kinds, so the UI never reasons about spans.

/// A run of text and the indices of the marks covering it (empty: plain).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run<'a> {
    pub start: usize,
    pub end: usize,
    pub text: &'a str,
    pub marks: Vec<usize>,
}

/// Split `text[start..end]` at every boundary of `spans` (byte ranges into
/// `text`, overlapping allowed). Spans outside the range or not on char
/// boundaries are ignored.
pub fn runs<'a>(text: &'a str, start: usize, end: usize, spans: &[(usize, usize)]) -> Vec<Run<'a>> {
    let valid = |&(s, e): &(usize, usize)| {
        s < e && s >= start && e <= end && text.is_char_boundary(s) && text.is_char_boundary(e)
    };
    let mut cuts: Vec<usize> = vec![start, end];
    for span in spans.iter().filter(|s| valid(s)) {
        cuts.push(span.0);
        cuts.push(span.1);
    }
    crate::order::sort_dedup(&mut cuts);
    cuts.windows(2)
        .map(|w| {
            let marks = spans
                .iter()
                .enumerate()
                .filter(|(_, s)| valid(s) && s.0 <= w[0] && w[1] <= s.1)
                .map(|(i, _)| i)
                .collect();
            Run {
                start: w[0],
                end: w[1],
                text: &text[w[0]..w[1]],
                marks,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_the_range_in_order() {
        let text = "The main span is 460 metres long.";
        let r = runs(text, 0, text.len(), &[(4, 8), (17, 20), (4, 13)]);
        let parts: Vec<(&str, Vec<usize>)> = r.iter().map(|r| (r.text, r.marks.clone())).collect();
        assert_eq!(
            parts,
            [
                ("The ", vec![]),
                ("main", vec![0, 2]),
                (" span", vec![2]),
                (" is ", vec![]),
                ("460", vec![1]),
                (" metres long.", vec![])
            ]
        );
        assert_eq!(r.iter().map(|r| r.text).collect::<String>(), text);
    }

    #[test]
    fn bad_spans_are_ignored() {
        let text = "añb";
        let r = runs(text, 0, text.len(), &[(2, 3), (5, 9), (3, 1)]);
        assert_eq!(r.len(), 1);
        assert!(r[0].marks.is_empty());
    }

    #[test]
    fn a_sub_range_is_cut_alone() {
        let text = "One. Two three.";
        let r = runs(text, 5, 15, &[(9, 14), (0, 3)]);
        assert_eq!(
            r.iter().map(|r| r.text).collect::<Vec<_>>(),
            ["Two ", "three", "."]
        );
    }
}
