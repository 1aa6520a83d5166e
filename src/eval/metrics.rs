//! Detection metrics over scored examples: precision, recall, F1, balanced
//! accuracy, average precision, the precision/recall curve and pairwise
//! accuracy. Pure functions; a higher score means "more likely hallucinated".

use serde::{Deserialize, Serialize};

/// Counts of a binary decision against labels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confusion {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub tn: usize,
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

impl Confusion {
    pub fn from_predictions(pairs: impl IntoIterator<Item = (bool, bool)>) -> Confusion {
        let mut c = Confusion::default();
        for (predicted, actual) in pairs {
            match (predicted, actual) {
                (true, true) => c.tp += 1,
                (true, false) => c.fp += 1,
                (false, true) => c.fn_ += 1,
                (false, false) => c.tn += 1,
            }
        }
        c
    }

    pub fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }

    pub fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }

    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }

    pub fn accuracy(&self) -> f64 {
        ratio(self.tp + self.tn, self.tp + self.fp + self.fn_ + self.tn)
    }

    /// Mean of the recall on each class.
    pub fn balanced_accuracy(&self) -> f64 {
        (self.recall() + ratio(self.tn, self.tn + self.fp)) / 2.0
    }
}

/// One point of the precision/recall curve: flag every example whose score
/// is at least `threshold`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub threshold: f64,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub flagged: usize,
}

/// The examples from the highest score down (one sort shared by the curve and the confusions).
fn by_score_descending(scored: &[(f64, bool)]) -> Vec<(f64, bool)> {
    let mut sorted = scored.to_vec();
    crate::order::sort_by(&mut sorted, |a, b| b.0.total_cmp(&a.0));
    sorted
}

/// The confusion counts when flagging every example scoring at least each
/// distinct score, from the highest down.
pub fn confusions(scored: &[(f64, bool)]) -> Vec<(f64, Confusion)> {
    let positives = scored.iter().filter(|s| s.1).count();
    let negatives = scored.len() - positives;
    let sorted = by_score_descending(scored);
    let mut out = Vec::new();
    let (mut tp, mut fp) = (0, 0);
    let mut i = 0;
    while i < sorted.len() {
        let threshold = sorted[i].0;
        while i < sorted.len() && sorted[i].0 == threshold {
            if sorted[i].1 {
                tp += 1
            } else {
                fp += 1
            }
            i += 1;
        }
        out.push((
            threshold,
            Confusion {
                tp,
                fp,
                fn_: positives - tp,
                tn: negatives - fp,
            },
        ));
    }
    out
}

/// The threshold (a score; flag at or above it) maximising `measure`, and
/// the score just below it (so that any threshold between the two gives the
/// same decisions). Ties keep the highest threshold.
pub fn choose_threshold(
    scored: &[(f64, bool)],
    measure: impl Fn(&Confusion) -> f64,
) -> Option<(f64, f64)> {
    let all = confusions(scored);
    let best = (0..all.len()).reduce(|b, i| {
        if measure(&all[i].1) > measure(&all[b].1) {
            i
        } else {
            b
        }
    })?;
    let below = all.get(best + 1).map_or(all[best].0 - 1.0, |n| n.0);
    Some((all[best].0, below))
}

/// The curve at every distinct score, from the highest (few flagged) down.
pub fn pr_curve(scored: &[(f64, bool)]) -> Vec<CurvePoint> {
    let positives = scored.iter().filter(|s| s.1).count();
    let sorted = by_score_descending(scored);
    let mut out = Vec::new();
    let (mut tp, mut flagged) = (0, 0);
    let mut i = 0;
    while i < sorted.len() {
        let threshold = sorted[i].0;
        while i < sorted.len() && sorted[i].0 == threshold {
            tp += usize::from(sorted[i].1);
            flagged += 1;
            i += 1;
        }
        let c = Confusion {
            tp,
            fp: flagged - tp,
            fn_: positives - tp,
            tn: 0,
        };
        out.push(CurvePoint {
            threshold,
            precision: c.precision(),
            recall: c.recall(),
            f1: c.f1(),
            flagged,
        });
    }
    out
}

/// Average precision as scikit-learn computes it: Σ (Rₖ − Rₖ₋₁) · Pₖ over
/// the curve's distinct thresholds.
pub fn average_precision(scored: &[(f64, bool)]) -> f64 {
    let mut previous_recall = 0.0;
    let mut ap = 0.0;
    for p in pr_curve(scored) {
        ap += (p.recall - previous_recall) * p.precision;
        previous_recall = p.recall;
    }
    ap
}

/// The curve point with the best F1 (the highest threshold among ties).
pub fn best_f1(scored: &[(f64, bool)]) -> Option<CurvePoint> {
    pr_curve(scored)
        .into_iter()
        .fold(None, |best, p| match best {
            Some(b) if b.f1 >= p.f1 => Some(b),
            _ => Some(p),
        })
}

/// Share of pairs whose hallucinated member scores above its faithful one
/// (ties count one half).
pub fn pairwise_accuracy(pairs: &[(f64, f64)]) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    let wins: f64 = pairs
        .iter()
        .map(|(hallucinated, faithful)| {
            if hallucinated > faithful {
                1.0
            } else if hallucinated == faithful {
                0.5
            } else {
                0.0
            }
        })
        .sum();
    wins / pairs.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn confusion_measures() {
        let c = Confusion::from_predictions([
            (true, true),
            (true, false),
            (false, true),
            (false, false),
            (true, true),
        ]);
        assert_eq!(
            c,
            Confusion {
                tp: 2,
                fp: 1,
                fn_: 1,
                tn: 1
            }
        );
        assert!(
            close(c.precision(), 2.0 / 3.0)
                && close(c.recall(), 2.0 / 3.0)
                && close(c.f1(), 2.0 / 3.0)
        );
        assert!(close(c.balanced_accuracy(), (2.0 / 3.0 + 0.5) / 2.0));
        assert_eq!(Confusion::default().f1(), 0.0);
    }

    #[test]
    fn average_precision_matches_scikit_learn() {
        // sklearn.metrics.average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == 0.8333…
        let scored = [(0.1, false), (0.4, false), (0.35, true), (0.8, true)];
        assert!(close(
            average_precision(&scored),
            0.5 * 1.0 + 0.5 * (2.0 / 3.0)
        ));
        // A perfect ranking has AP 1; ties are one step.
        assert!(close(average_precision(&[(0.9, true), (0.1, false)]), 1.0));
        assert!(close(average_precision(&[(0.5, true), (0.5, false)]), 0.5));
    }

    #[test]
    fn curve_and_best_f1() {
        let scored = [(0.1, false), (0.4, false), (0.35, true), (0.8, true)];
        let curve = pr_curve(&scored);
        assert_eq!(
            curve.iter().map(|p| p.threshold).collect::<Vec<_>>(),
            [0.8, 0.4, 0.35, 0.1]
        );
        assert_eq!(curve.last().unwrap().recall, 1.0);
        let best = best_f1(&scored).unwrap();
        assert_eq!(best.threshold, 0.35);
        assert!(close(best.f1, 0.8));
    }

    #[test]
    fn thresholds_are_chosen_by_the_measure() {
        let scored = [(0.1, false), (0.4, false), (0.35, true), (0.8, true)];
        assert_eq!(choose_threshold(&scored, Confusion::f1), Some((0.35, 0.1)));
        assert_eq!(
            choose_threshold(&scored, Confusion::accuracy),
            Some((0.8, 0.4))
        );
        let c = confusions(&scored);
        assert_eq!(
            c[1].1,
            Confusion {
                tp: 1,
                fp: 1,
                fn_: 1,
                tn: 1
            }
        );
    }

    #[test]
    fn pairwise() {
        assert_eq!(
            pairwise_accuracy(&[(0.9, 0.1), (0.2, 0.3), (0.5, 0.5)]),
            0.5
        );
    }
}
