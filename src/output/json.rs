//! JSON as the CLI writes it: figures rounded to 12 significant digits, so
//! that a share computed in floating point prints as `0.3`, not
//! `0.30000000000000004`, and a cosine as `0.998752355576`, not the 17
//! digits of a widened `f32`. Every figure stays within 1e-12 of its value;
//! whole numbers are untouched. `claimlab check` writes [`pretty`], `batch`
//! and `eval --examples` [`write_line`], and so does the Python package.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// `value` rounded to 12 significant digits.
pub fn tidy(value: f64) -> f64 {
    if value == 0.0 || !value.is_finite() || value.fract() == 0.0 {
        return value;
    }
    let digits = 11 - value.abs().log10().floor() as i32;
    if !(-300..=300).contains(&digits) {
        return value;
    }
    let scale = 10f64.powi(digits);
    let rounded = (value * scale).round() / scale;
    if rounded.is_finite() {
        rounded
    } else {
        value
    }
}

/// A formatter that writes figures tidied and leaves the rest to `F`.
struct Tidy<F>(F);

impl<F: Formatter> Formatter for Tidy<F> {
    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        self.0.write_f64(writer, tidy(value))
    }
    fn write_f32<W: ?Sized + Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        self.0.write_f32(writer, value)
    }
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }
    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }
    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

/// One JSON line (`batch`), figures tidied.
pub fn write_line<W: Write, T: Serialize + ?Sized>(out: W, value: &T) -> serde_json::Result<()> {
    value.serialize(&mut serde_json::Serializer::with_formatter(
        out,
        Tidy(CompactFormatter),
    ))
}

/// Indented JSON (`check`), figures tidied.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    value
        .serialize(&mut serde_json::Serializer::with_formatter(
            &mut out,
            Tidy(PrettyFormatter::new()),
        ))
        .expect("a report serialises");
    String::from_utf8(out).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_print_as_a_reader_expects() {
        assert_eq!(pretty(&(0.1 + 0.2)), "0.3");
        assert_eq!(pretty(&(1.0 - 0.1 - 0.2)), "0.7");
        assert_eq!(pretty(&f64::from(0.998_752_36_f32)), "0.998752355576");
        assert_eq!(pretty(&(5.0_f64 / 7.0)), "0.714285714286");
        assert_eq!(pretty(&1998.0_f64), "1998.0");
        assert_eq!(pretty(&0.004_286_150_137_583_378), "0.00428615013758");
        let mut line = Vec::new();
        write_line(
            &mut line,
            &serde_json::json!({"a": [0.8999999999999999, 2]}),
        )
        .unwrap();
        assert_eq!(String::from_utf8(line).unwrap(), r#"{"a":[0.9,2]}"#);
    }
}
