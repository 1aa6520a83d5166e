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
            let places = places.min(MAX_PLACES);
            return write_fixed(f, x, scaled(x, places), places);
        }
        for places in 0..=SHORTEST_MAX_PLACES {
            let n = scaled(x, places);
            if reads_back(x, n, places) {
                return write_fixed(f, x, n, places);
            }
        }
        let mut nine = String::new();
        write_fixed(
            &mut nine,
            x,
            scaled(x, SHORTEST_MAX_PLACES),
            SHORTEST_MAX_PLACES,
        )?;
        f.write_str(nine.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// Most places `{:.N}` prints; more are cut to this.
const MAX_PLACES: usize = 30;

/// `|x| × 10^places`, rounded to the nearest integer (ties to even, by the
/// exact product); `as` saturates, so beyond u64 the figure is capped.
fn scaled(x: f64, places: usize) -> u64 {
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
    scaled as u64
}

/// Does the text `write_fixed(x, n, places)` prints read back as `x` by
/// [`parse_decimal`](super::scan::parse_decimal)? Worked out without the
/// text: below 10^18 the parser reads `n` whole and divides by `10^places`.
fn reads_back(x: f64, n: u64, places: usize) -> bool {
    if n >= 1_000_000_000_000_000_000 {
        let mut text = String::new();
        return write_fixed(&mut text, x, n, places).is_ok()
            && super::scan::parse_decimal(&text) == Some(x);
    }
    let value = if places == 0 {
        n as f64
    } else {
        n as f64 / 10f64.powi(places as i32)
    };
    x == if x < 0.0 && n != 0 { -value } else { value }
}

/// Write `n / 10^places` with exactly `places` decimals, signed as `x` is
/// (no sign for zero).
fn write_fixed(out: &mut dyn fmt::Write, x: f64, n: u64, places: usize) -> fmt::Result {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut rest = n;
    loop {
        at -= 1;
        buf[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let digits = &buf[at..];
    if x < 0.0 && n != 0 {
        out.write_char('-')?;
    }
    let int_len = digits.len().saturating_sub(places);
    let (int, frac) = digits.split_at(int_len);
    out.write_str(if int.is_empty() {
        "0"
    } else {
        std::str::from_utf8(int).unwrap_or("0")
    })?;
    if places > 0 {
        out.write_char('.')?;
        for _ in frac.len()..places {
            out.write_char('0')?;
        }
        out.write_str(std::str::from_utf8(frac).unwrap_or_default())?;
    }
    Ok(())
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

        /// `{}` is the first of `{:.0}` … `{:.9}` that reads back as the value
        /// (the definition; the printer decides without writing them out).
        #[test]
        fn shortest_is_the_first_fixed_text_that_reads_back(units in -10_000_000_000i64..10_000_000_000, places in 0i32..12) {
            let x = units as f64 / 10f64.powi(places);
            let by_definition = (0..=SHORTEST_MAX_PLACES)
                .map(|p| format!("{:.*}", p, Decimal(x)))
                .find(|s| crate::text::scan::parse_decimal(s) == Some(x));
            if let Some(expected) = by_definition {
                prop_assert_eq!(Decimal(x).to_string(), expected);
            }
        }

        /// Short text reads back exactly when nine places can say it.
        #[test]
        fn shortest_reads_back(units in -10_000_000i64..10_000_000, places in 0i32..6) {
            let x = units as f64 / 10f64.powi(places);
            prop_assert_eq!(crate::text::scan::parse_decimal(&Decimal(x).to_string()), Some(x));
        }
    }
}
