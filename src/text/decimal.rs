//! Numbers written as decimal text, for every figure the core and the lab show.
//!
//! `format!("{:.2}", Decimal(x))` prints `x` with two decimals, and
//! `format!("{}", Decimal(x))` the shortest decimal (up to nine places) that
//! [`parse_decimal`](super::scan::parse_decimal) reads back as `x`, else `x`
//! to nine places without trailing zeros.
//!
//! Why not `f64`'s own `Display`: its exact algorithms (Grisu with a Dragon4
//! fallback and their tables) are about 8 KB of wasm, and the lab ships the
//! whole core. Here `x × 10^places` is computed with its exact rounding error
//! (Dekker's product), rounded to the nearest integer (ties to even, as the
//! standard formatting does) and printed as an integer, which gives the same
//! text as `{:.N}` on `f64` whenever `|x| × 10^places` is below 2^53; beyond
//! that the last digits are approximate. Negative values that round to zero
//! print without a sign (`0.00`, not `-0.00`). Width and alignment flags are
//! not supported (no caller uses them); NaN prints `NaN`, infinities `inf` and
//! `-inf`; figures beyond 2^64 (counting the
//! decimals) saturate.

use std::fmt;

/// A number shown as decimal text (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decimal(pub f64);

/// Most places `{}` (no precision) tries.
const SHORTEST_MAX_PLACES: usize = 9;

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x.is_nan() {
            return f.write_str("NaN");
        }
        if x.is_infinite() {
            return f.write_str(if x > 0.0 { "inf" } else { "-inf" });
        }
        if let Some(places) = f.precision() {
            return f.write_str(&fixed(x, places));
        }
        match (0..=SHORTEST_MAX_PLACES)
            .map(|p| fixed(x, p))
            .find(|s| super::scan::parse_decimal(s) == Some(x))
        {
            Some(exact) => f.write_str(&exact),
            None => f.write_str(
                fixed(x, SHORTEST_MAX_PLACES)
                    .trim_end_matches('0')
                    .trim_end_matches('.'),
            ),
        }
    }
}

/// `x` (finite) with exactly `places` decimals.
fn fixed(x: f64, places: usize) -> String {
    let places = places.min(30);
    let scale = 10f64.powi(places as i32);
    let product = x.abs() * scale;
    let mut scaled = product.round();
    if product.fract() == 0.5 {
        // A tie in floating point: the exact product decides.
        let error = product_error(x.abs(), scale, product);
        if error < 0.0 || (error == 0.0 && scaled % 2.0 == 1.0) {
            scaled -= 1.0;
        }
    }
    // `as` saturates: beyond u64 the figure is capped, never wrapped.
    let n = scaled as u64;
    let digits = n.to_string();
    let digits = if digits.len() <= places {
        format!("{}{digits}", "0".repeat(places + 1 - digits.len()))
    } else {
        digits
    };
    let (int, frac) = digits.split_at(digits.len() - places);
    let sign = if x < 0.0 && n != 0 { "-" } else { "" };
    if places == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// `a × b − p` exactly, where `p` is the rounded product (Dekker's
/// algorithm with Veltkamp's split; exact while nothing overflows).
fn product_error(a: f64, b: f64, p: f64) -> f64 {
    const SPLIT: f64 = 134_217_729.0; // 2^27 + 1
    let split = |v: f64| {
        let c = SPLIT * v;
        let high = c - (c - v);
        (high, v - high)
    };
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    ((ah * bh - p) + ah * bl + al * bh) + al * bl
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fixed_places() {
        assert_eq!(format!("{:.2}", Decimal(0.8)), "0.80");
        assert_eq!(format!("{:.2}", Decimal(1.0 / 3.0)), "0.33");
        assert_eq!(format!("{:.0}%", Decimal(66.6667)), "67%");
        assert_eq!(format!("{:.1} ms", Decimal(0.04)), "0.0 ms");
        assert_eq!(format!("{:.2}", Decimal(-0.004)), "0.00");
        assert_eq!(format!("{:.2}", Decimal(-1.5)), "-1.50");
        assert_eq!(format!("{:.6}", Decimal(49.99)), "49.990000");
        assert_eq!(format!("{:.0}", Decimal(1234567.0)), "1234567");
    }

    #[test]
    fn ties_go_the_way_the_exact_value_says() {
        // 0.125 is exact: a true tie, to even. 0.615 is 0.61499999…, 2.675 is
        // 2.67499999…, though ×100 both come out as ties in floating point.
        for (x, places) in [
            (0.125, 2),
            (0.375, 2),
            (0.615, 2),
            (2.675, 2),
            (1.005, 2),
            (0.5, 0),
            (1.5, 0),
            (2.5, 0),
            (0.45, 1),
        ] {
            assert_eq!(
                format!("{:.*}", places, Decimal(x)),
                format!("{:.*}", places, x),
                "{x}"
            );
        }
    }

    #[test]
    fn shortest() {
        for (x, s) in [
            (0.5, "0.5"),
            (0.65, "0.65"),
            (1.0, "1"),
            (12.0, "12"),
            (-2.25, "-2.25"),
            (1e-9, "0.000000001"),
            (0.1 + 0.2, "0.3"),
            (2.0 / 3.0, "0.666666667"),
        ] {
            assert_eq!(Decimal(x).to_string(), s, "{x}");
        }
        assert_eq!(Decimal(f64::NAN).to_string(), "NaN");
        assert_eq!(Decimal(f64::NEG_INFINITY).to_string(), "-inf");
        assert_eq!(
            format!("{:.2}", Decimal(1e300)),
            "184467440737095516.15",
            "saturates, never panics"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// The same text as the standard formatting (negative zero aside).
        #[test]
        fn agrees_with_std(x in -1.0e6f64..1.0e6, places in 0usize..7) {
            let ours = format!("{:.*}", places, Decimal(x));
            let std = format!("{:.*}", places, x);
            let std = std.strip_prefix('-').filter(|s| s.bytes().all(|b| b == b'0' || b == b'.')).unwrap_or(&std);
            prop_assert_eq!(ours.as_str(), std);
        }

        /// Sixteenths are exact in binary, so these include true ties.
        #[test]
        fn agrees_with_std_on_exact_ties(units in 0i64..100_000, places in 0usize..4) {
            let x = units as f64 / 16.0;
            prop_assert_eq!(format!("{:.*}", places, Decimal(x)), format!("{:.*}", places, x));
        }

        /// Short text reads back exactly when nine places can say it.
        #[test]
        fn shortest_reads_back(units in -10_000_000i64..10_000_000, places in 0i32..6) {
            let x = units as f64 / 10f64.powi(places);
            prop_assert_eq!(crate::text::scan::parse_decimal(&Decimal(x).to_string()), Some(x));
        }
    }
}
