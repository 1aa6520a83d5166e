//! Training the answer model: a logistic regression fitted by Newton's
//! method (the same steps in the same order every run, so the weights are
//! the same to the last bit), each labelled set weighing as much as the
//! others, and the decision threshold chosen on the same tuning data.
//! Reading the sets is the CLI's (`claimlab train`); everything decided is here.

use serde::{Deserialize, Serialize};

use crate::eval::metrics::Confusion;
use crate::model::{
    answer_feature_name, answer_features, AnswerModel, ClaimFeatures, Regime, Stake, Weights,
    ANSWER_COUNT,
};

/// One labelled set's answers, each as its claims' features and its label.
pub struct TrainingSet {
    /// `ragtruth`, `halueval`, `summedits`.
    pub name: String,
    /// Each answer's regime, its claims' features, what the decision
    /// stakes on it and its label.
    pub answers: Vec<TrainingAnswer>,
    /// The set's own measure of a decision (F1, accuracy, balanced accuracy).
    pub measure: fn(&Confusion) -> f64,
}

/// One labelled answer as training reads it.
pub struct TrainingAnswer {
    pub regime: Regime,
    pub claims: Vec<ClaimFeatures>,
    pub stake: Stake,
    pub hallucinated: bool,
}

/// Strength of the L2 penalty on the standardised weights.
pub const L2: f64 = 1.0;
/// At most this many Newton steps (it stops sooner once a step moves no
/// weight by more than 1e-12).
pub const STEPS: usize = 25;

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fit each regime's weights on the answers of `sets` that fall in it
/// (each set weighing as much as the others), then choose the decision
/// threshold on them.
pub fn fit(sets: &[TrainingSet]) -> AnswerModel {
    let total: usize = sets.iter().map(|s| s.answers.len()).sum();
    let regimes = Regime::ALL
        .iter()
        .map(|&regime| {
            let mut rows: Vec<([f64; ANSWER_COUNT], f64, f64)> = Vec::new();
            for s in sets.iter().filter(|s| !s.answers.is_empty()) {
                let weight = total as f64 / (sets.len() as f64 * s.answers.len() as f64);
                for a in s.answers.iter().filter(|a| a.regime == regime) {
                    let y = if a.hallucinated { 1.0 } else { 0.0 };
                    rows.push((answer_features(&a.claims), y, weight));
                }
            }
            fit_regime(regime, &rows)
        })
        .collect();
    let mut model = AnswerModel {
        features: (0..ANSWER_COUNT).map(answer_feature_name).collect(),
        regimes,
        decision_threshold: 0.5,
    };
    model.decision_threshold = choose_threshold(&model, sets).0;
    model
}

/// Newton's method on `(features, label, weight)` rows.
fn fit_regime(regime: Regime, rows: &[([f64; ANSWER_COUNT], f64, f64)]) -> Weights {
    let sum_w: f64 = rows.iter().map(|r| r.2).sum::<f64>().max(f64::MIN_POSITIVE);
    let means: [f64; ANSWER_COUNT] =
        std::array::from_fn(|i| rows.iter().map(|r| r.2 * r.0[i]).sum::<f64>() / sum_w);
    let spreads: [f64; ANSWER_COUNT] = std::array::from_fn(|i| {
        (rows
            .iter()
            .map(|r| r.2 * (r.0[i] - means[i]).powi(2))
            .sum::<f64>()
            / sum_w)
            .sqrt()
    });
    // Standardised columns (a constant column stays 0 and gets no weight),
    // with the intercept last.
    const K: usize = ANSWER_COUNT + 1;
    let standard = |x: &[f64; ANSWER_COUNT]| -> [f64; K] {
        std::array::from_fn(|i| match i {
            ANSWER_COUNT => 1.0,
            _ if spreads[i] > 1e-9 => (x[i] - means[i]) / spreads[i],
            _ => 0.0,
        })
    };
    let xs: Vec<[f64; K]> = rows.iter().map(|r| standard(&r.0)).collect();
    // Every feature is evidence of a hallucination: it weighs towards one
    // or not at all. Fit, drop the most negative weight, fit again, until
    // none is negative.
    let mut active = [true; K];
    let beta = loop {
        let beta = newton(&xs, rows, &active);
        let worst = (0..ANSWER_COUNT)
            .filter(|&i| active[i] && beta[i] < 0.0)
            .reduce(|a, b| if beta[b] < beta[a] { b } else { a });
        match worst {
            Some(i) => active[i] = false,
            None => break beta,
        }
    };
    // Four decimals: the file stays small and readable, and the model
    // decides (its threshold is chosen) with the weights as written.
    let round = |x: f64| (x * 1e4).round() / 1e4 + 0.0;
    Weights {
        regime: regime.name().to_string(),
        answers: rows.len(),
        means: means.iter().map(|&m| round(m)).collect(),
        weights: (0..ANSWER_COUNT)
            .map(|i| {
                if spreads[i] > 1e-9 {
                    round(beta[i] / spreads[i])
                } else {
                    0.0
                }
            })
            .collect(),
        intercept: round(beta[ANSWER_COUNT]),
    }
}

/// Newton's method on standardised rows, the intercept last; columns not
/// `active` keep a weight of 0.
fn newton<const K: usize>(
    xs: &[[f64; K]],
    rows: &[([f64; ANSWER_COUNT], f64, f64)],
    active: &[bool; K],
) -> [f64; K] {
    let mut beta = [0.0; K];
    for _ in 0..STEPS {
        let mut gradient = [0.0; K];
        let mut hessian = [[0.0; K]; K];
        for (x, r) in xs.iter().zip(rows) {
            let p = sigmoid(x.iter().zip(&beta).map(|(a, b)| a * b).sum());
            let (y, w) = (r.1, r.2);
            for i in (0..K).filter(|&i| active[i]) {
                gradient[i] += w * (p - y) * x[i];
                for j in (0..=i).filter(|&j| active[j]) {
                    hessian[i][j] += w * p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        // Matrix code reads best with its indices.
        #[allow(clippy::needless_range_loop)]
        for i in 0..K {
            for j in 0..i {
                hessian[j][i] = hessian[i][j];
            }
            if i < K - 1 {
                gradient[i] += L2 * beta[i];
                hessian[i][i] += L2;
            }
            // Keeps a constant column's step defined (its gradient is 0).
            hessian[i][i] += 1e-12;
        }
        let step = solve(hessian, gradient);
        for i in 0..K {
            beta[i] -= step[i];
        }
        if step.iter().all(|s| s.abs() < 1e-12) {
            break;
        }
    }
    beta
}

/// Solve `a x = b` by Gaussian elimination with partial pivoting.
fn solve<const K: usize>(mut a: [[f64; K]; K], mut b: [f64; K]) -> [f64; K] {
    for col in 0..K {
        let pivot = (col..K)
            .reduce(|p, r| {
                if a[r][col].abs() > a[p][col].abs() {
                    r
                } else {
                    p
                }
            })
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for r in col + 1..K {
            let f = a[r][col] / d;
            if f != 0.0 {
                #[allow(clippy::needless_range_loop)]
                for c in col..K {
                    a[r][c] -= f * a[col][c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    let mut x = [0.0; K];
    for r in (0..K).rev() {
        let rest: f64 = (r + 1..K).map(|c| a[r][c] * x[c]).sum();
        x[r] = if a[r][r].abs() < 1e-300 {
            0.0
        } else {
            (b[r] - rest) / a[r][r]
        };
    }
    x
}

/// Each set's decision measure at one threshold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetMeasure {
    pub set: String,
    pub measure: f64,
    pub precision: f64,
    pub recall: f64,
}

/// The threshold (a multiple of 0.01) at which the mean of the sets' own
/// measures of the decision (as [`Stake`] cuts it) is highest (the lowest
/// such), and each set's figures there.
pub fn choose_threshold(model: &AnswerModel, sets: &[TrainingSet]) -> (f64, Vec<SetMeasure>) {
    let at = |t: f64| measures_at(model, sets, t);
    let mean = |m: &[SetMeasure]| m.iter().map(|x| x.measure).sum::<f64>() / m.len().max(1) as f64;
    let mut best = (0.5, at(0.5));
    for k in 1..100 {
        let t = k as f64 / 100.0;
        let m = at(t);
        if mean(&m) > mean(&best.1) + 1e-12 {
            best = (t, m);
        }
    }
    best
}

/// Each set's figures when the decision threshold is `t`.
fn measures_at(model: &AnswerModel, sets: &[TrainingSet], t: f64) -> Vec<SetMeasure> {
    sets.iter()
        .map(|s| {
            let c = Confusion::from_predictions(s.answers.iter().map(|a| {
                let p = model.score_answer(a.regime, &a.claims).probability;
                (a.stake.named(p, t).is_some(), a.hallucinated)
            }));
            SetMeasure {
                set: s.name.clone(),
                measure: (s.measure)(&c),
                precision: c.precision(),
                recall: c.recall(),
            }
        })
        .collect()
}

/// Each set's measure, precision and recall at thresholds 0.05, 0.10, …,
/// 0.95: the trade-off the decision threshold moves along.
pub fn trade_off(model: &AnswerModel, sets: &[TrainingSet]) -> Vec<(f64, Vec<SetMeasure>)> {
    (1..20)
        .map(|k| {
            let t = k as f64 / 20.0;
            (t, measures_at(model, sets, t))
        })
        .collect()
}

/// One bin of a reliability diagram.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReliabilityBin {
    /// Probabilities from `from` up to (not including) `to`; the last bin includes 1.
    pub from: f64,
    pub to: f64,
    pub answers: usize,
    /// Mean predicted probability in the bin.
    pub predicted: f64,
    /// Share of the bin's answers that are hallucinated.
    pub observed: f64,
}

/// How well probabilities mean what they say.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Expected calibration error: the answers' mean gap between predicted
    /// and observed, bin by bin (ten equal-width bins).
    pub ece: f64,
    pub bins: Vec<ReliabilityBin>,
}

/// Calibration of `(probability, hallucinated)` pairs over ten bins.
pub fn calibration(scored: &[(f64, bool)]) -> Calibration {
    let mut bins: Vec<ReliabilityBin> = (0..10)
        .map(|k| ReliabilityBin {
            from: k as f64 / 10.0,
            to: (k + 1) as f64 / 10.0,
            answers: 0,
            predicted: 0.0,
            observed: 0.0,
        })
        .collect();
    for &(p, label) in scored {
        let b = &mut bins[((p * 10.0) as usize).min(9)];
        b.answers += 1;
        b.predicted += p;
        b.observed += if label { 1.0 } else { 0.0 };
    }
    let mut ece = 0.0;
    for b in bins.iter_mut().filter(|b| b.answers > 0) {
        b.predicted /= b.answers as f64;
        b.observed /= b.answers as f64;
        ece += b.answers as f64 * (b.predicted - b.observed).abs();
    }
    Calibration {
        ece: ece / scored.len().max(1) as f64,
        bins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::features::COUNT;

    /// Answers whose first feature (unsupported) decides the label, with a
    /// little overlap so the fit is finite.
    fn toy(name: &str, n: usize) -> TrainingSet {
        let answers = (0..n)
            .map(|i| {
                let u = (i % 10) as f64 / 10.0;
                let mut values = [0.0; COUNT];
                values[0] = u;
                values[2] = ((i * 7) % 5) as f64 / 5.0;
                TrainingAnswer {
                    regime: Regime::LongAnswer,
                    claims: vec![ClaimFeatures { values }],
                    stake: Stake::Claim(0),
                    hallucinated: u > 0.45 || i % 17 == 0,
                }
            })
            .collect();
        TrainingSet {
            name: name.into(),
            answers,
            measure: Confusion::accuracy,
        }
    }

    #[test]
    fn fitting_learns_the_feature_that_decides_and_is_deterministic() {
        let sets = [toy("a", 200), toy("b", 60)];
        let m = fit(&sets);
        let again = fit(&sets);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            serde_json::to_string(&again).unwrap()
        );
        // Mean and max of `unsupported` carry positive weight.
        let w = &m.weights(Regime::LongAnswer).weights;
        assert!(w[0] + w[COUNT] > 1.0, "{w:?}");
        let (_, measures) = choose_threshold(&m, &sets);
        assert!(measures.iter().all(|s| s.measure > 0.9), "{measures:?}");
        // A constant feature gets no weight; a regime without answers none at all.
        assert_eq!(w[1], 0.0);
        assert!(m.weights(Regime::Summary).weights.iter().all(|w| *w == 0.0));
    }

    #[test]
    fn solve_solves_and_calibration_bins_what_it_is_given() {
        let x = solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]);
        assert!(
            (x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12,
            "{x:?}"
        );
        let c = calibration(&[(0.05, false), (0.95, true), (0.95, false), (1.0, true)]);
        assert_eq!(c.bins[0].answers, 1);
        assert_eq!(c.bins[9].answers, 3);
        assert!((c.bins[9].observed - 2.0 / 3.0).abs() < 1e-12);
        // |0.05 − 0| × 1 + |0.9667 − 0.6667| × 3, over 4 answers.
        assert!(
            (c.ece - (0.05 + 3.0 * (2.9 / 3.0 - 2.0 / 3.0)) / 4.0).abs() < 1e-9,
            "{}",
            c.ece
        );
    }
}
