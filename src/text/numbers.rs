//! Reading quantities in text: numerals (`1,000`, `$2.5bn`, `94%`, `5-7`),
//! number words (`fourteen`, `two hundred and five`), dates (`March 3, 2024`)
//! and identifiers (`SKU-441`, `v2.0`), each with its byte span and, for a
//! quantity, its normalised value. Text analysis only: the check that
//! compares a claim's numbers with its sentence's is `checks::numbers`.

use serde::{Deserialize, Serialize};

use crate::text::case::Lowercase;
use crate::text::decimal::Decimal;
use crate::text::scan::{digits, glued_after, glued_before, parse_decimal};
use crate::text::units::{
    hedge_before, last_place, rounding_place, rounding_step, temperature_after, unit_after,
    unit_named,
};
use crate::text::words::WordView;
use crate::text::words::{is_alphabetic, is_alphanumeric};

pub use crate::text::units::{Approx, CalendarWord, Unit};

/// A normalised quantity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Quantity {
    /// An amount: `value` as written (scale words applied: `2 million` is
    /// 2,000,000), `size` of its unit in the measure's base unit (1 unless
    /// the unit is a measure: `km` is 1000), how it is hedged, and the
    /// `tolerance` (in the written unit) within which it still holds.
    Number {
        value: f64,
        unit: Unit,
        size: f64,
        approx: Approx,
        tolerance: f64,
    },
    Range {
        low: f64,
        high: f64,
        unit: Unit,
        size: f64,
    },
    Date {
        year: Option<i32>,
        month: Option<u8>,
        day: Option<u8>,
    },
    /// A season or weekday (a month alone is a [`Quantity::Date`]).
    Calendar { word: CalendarWord },
    /// A decade (`1980s`): states any year in it.
    Decade { start: i32 },
    /// A time of day (`10:30`, `2:15 pm`), in minutes after midnight, with
    /// its seconds when written (an ISO 8601 time, `05:50:25`).
    Clock {
        minutes: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<u8>,
    },
}

/// A number, date or identifier found in a text, with its byte span.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NumberMention {
    pub start: usize,
    pub end: usize,
    /// The text as written (`$499.00`, `fourteen`, `SKU-441`).
    pub raw: String,
    /// The value, or `None` for an identifier.
    pub quantity: Option<Quantity>,
    /// The unit word written after it, outside its span (`days` in
    /// `30 days`): the span stays the number's alone, so the word still
    /// counts as a content word of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit_word: Option<String>,
    /// The word after it (after its unit word), lower-cased: what it
    /// counts ("passengers" in "up to 640 passengers").
    #[serde(skip)]
    pub counts: Option<String>,
    /// The hedge or bound written before it, as written ("up to").
    #[serde(skip)]
    pub hedge: Option<String>,
}

impl NumberMention {
    pub fn is_identifier(&self) -> bool {
        self.quantity.is_none()
    }

    /// The number as an explanation shows it: with its unit word
    /// (`30 days`, `1.2 km`).
    pub fn shown(&self) -> String {
        match &self.unit_word {
            Some(unit) => format!("{} {unit}", self.raw),
            None => self.raw.clone(),
        }
    }

    /// [`NumberMention::shown`] after its hedge or bound (`up to 20
    /// tonnes`): what sets apart two amounts of one value.
    pub fn shown_hedged(&self) -> String {
        match &self.hedge {
            Some(hedge) => format!("{hedge} {}", self.shown()),
            None => self.shown(),
        }
    }

    /// The kind of value it is, for telling a conflict (30 days against 14
    /// days) from two unrelated numbers: `None` for plain numbers and
    /// identifiers.
    pub fn kind(&self) -> Option<&'static str> {
        Some(match self.quantity.as_ref()? {
            Quantity::Number { unit, .. } | Quantity::Range { unit, .. } => match unit {
                Unit::Plain => return None,
                Unit::Percent => "percent",
                Unit::Money => "money",
                Unit::Length => "length",
                Unit::Mass => "mass",
                Unit::Time => "time",
                Unit::Volume => "volume",
                Unit::Pressure => "pressure",
                Unit::Energy => "energy",
                Unit::Power => "power",
                Unit::Celsius | Unit::Fahrenheit => "temperature",
            },
            Quantity::Date { month: None, .. } => return None, // a bare year reads as a number
            Quantity::Date { .. } => "date",
            Quantity::Calendar {
                word: CalendarWord::Season(_),
            } => "season",
            Quantity::Calendar { .. } => "weekday",
            Quantity::Decade { .. } => "date",
            Quantity::Clock { .. } => "time of day",
        })
    }

    /// The comparison key shared by support and the number check: the
    /// canonical value (`#1000`, `#5-7`, `#2024-03-03`) when normalising, else
    /// the raw text. Identifiers compare as lower-cased text.
    pub fn key(&self, normalise: bool) -> String {
        let mut key = String::new();
        self.write_key(normalise, &mut key);
        key
    }

    /// [`NumberMention::key`] written into `out` (cleared first): a source's
    /// thousands of numbers are keyed in one buffer.
    pub fn write_key(&self, normalise: bool, out: &mut String) {
        out.clear();
        match (&self.quantity, normalise) {
            (Some(q), true) => {
                out.push('#');
                q.write_canonical(out);
            }
            (Some(_), false) => {
                out.push('#');
                out.push_str(&self.raw.lowercase());
            }
            (None, _) => out.push_str(&self.raw.lowercase()),
        }
    }
}

/// `v` as a key writes it: a whole number in digits, any other to six
/// decimals at most, without trailing zeros.
fn write_value(v: f64, out: &mut String) {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        out.push_str(itoa::Buffer::new().format(v as i64));
    } else {
        let s = format!("{v:.6}", v = Decimal(v));
        out.push_str(s.trim_end_matches('0').trim_end_matches('.'));
    }
}

fn approx_eq(a: f64, b: f64) -> bool {
    (a - b).abs() <= close(a, b)
}

impl Quantity {
    /// The amount written with a minus sign before it: its value, or a
    /// range's low end, below zero. (Only amounts take a sign: before a date
    /// or a time it is a dash.)
    fn negated(self) -> Quantity {
        match self {
            Quantity::Number {
                value,
                unit,
                size,
                approx,
                tolerance,
            } => Quantity::Number {
                value: -value,
                unit,
                size,
                approx,
                tolerance,
            },
            Quantity::Range {
                low,
                high,
                unit,
                size,
            } => Quantity::Range {
                low: -low,
                high,
                unit,
                size,
            },
            other => other,
        }
    }

    /// A canonical text form: equal quantities have equal forms. Amounts
    /// keep the value as written (`1.2 km` is `1.2`), so that support counts
    /// the number as the same word on both sides only when it is written
    /// the same; the number check compares converted values.
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        self.write_canonical(&mut out);
        out
    }

    /// [`Quantity::canonical`], appended to `out`.
    fn write_canonical(&self, out: &mut String) {
        use std::fmt::Write;
        match self {
            Quantity::Number { value, .. } => write_value(*value, out),
            Quantity::Range { low, high, .. } => {
                write_value(*low, out);
                out.push('-');
                write_value(*high, out);
            }
            Quantity::Date { year, month, day } => {
                match year {
                    Some(y) => {
                        let _ = write!(out, "{y:04}");
                    }
                    None => out.push('-'),
                }
                if let Some(m) = month {
                    let _ = write!(out, "-{m:02}");
                    if let Some(d) = day {
                        let _ = write!(out, "-{d:02}");
                    }
                }
            }
            Quantity::Calendar { word } => out.push_str(word.name()),
            Quantity::Decade { start } => {
                let _ = write!(out, "{start}s");
            }
            Quantity::Clock { minutes, .. } => {
                let _ = write!(out, "{:02}:{:02}", minutes / 60, minutes % 60);
            }
        }
    }

    /// Does the source quantity `s` state this claim quantity? Amounts of
    /// one measure compare in its base unit (`1.2 km` states `1,200
    /// metres`; `14 days` does not state `14 weeks`); otherwise values
    /// compare as written. A claim holds within its tolerance: `33%` states
    /// a third, `about 40%` states 38.6%, `more than 40%` states 45%.
    pub fn stated_by(&self, s: &Quantity) -> bool {
        use Quantity::*;
        match (self, s) {
            (
                Number {
                    value,
                    unit,
                    size,
                    approx,
                    tolerance,
                },
                Number {
                    value: b,
                    unit: ub,
                    size: sb,
                    approx: source_approx,
                    ..
                },
            ) => match in_common_unit((*value, *unit, *size), (*b, *ub, *sb)) {
                // A source that hedges or bounds its amount ("up to 23 kg",
                // "over 65") gives no true amount to hold the claim's bound
                // against: the claim must name the same amount, and not
                // bound it the other way ("over 12" against "under 12").
                Some((a, b, per)) if *source_approx != Approx::Exact => {
                    !approx.opposes(*source_approx) && within(a, Approx::Exact, tolerance * per, b)
                }
                Some(common) => holds(*value, *approx, *tolerance, common),
                None => false,
            },
            (
                Number {
                    value,
                    unit,
                    size,
                    approx,
                    tolerance,
                },
                Range {
                    low,
                    high,
                    unit: ub,
                    size: sb,
                },
            ) => [low, high].into_iter().any(|end| {
                in_common_unit((*value, *unit, *size), (*end, *ub, *sb))
                    .is_some_and(|common| holds(*value, *approx, *tolerance, common))
            }),
            (
                Range {
                    low: a,
                    high: b,
                    unit: ua,
                    size: sa,
                },
                Range {
                    low: c,
                    high: d,
                    unit: ub,
                    size: sb,
                },
            ) => [(a, c), (b, d)].into_iter().all(|(x, y)| {
                in_common_unit((*x, *ua, *sa), (*y, *ub, *sb))
                    .is_some_and(|(x, y, _)| approx_eq(x, y))
            }),
            (Number { value, .. }, Date { year: Some(y), .. }) => approx_eq(*value, f64::from(*y)),
            (
                Date {
                    year: y1,
                    month: m1,
                    day: d1,
                },
                Date {
                    year: y2,
                    month: m2,
                    day: d2,
                },
            ) => {
                fn field<T: PartialEq>(claim: &Option<T>, source: &Option<T>) -> bool {
                    claim.is_none() || claim == source
                }
                field(y1, y2) && field(m1, m2) && field(d1, d2)
            }
            (Calendar { word: a }, Calendar { word: b }) => a == b,
            (Decade { start }, Number { value, .. }) => {
                value.fract() == 0.0 && (f64::from(*start)..f64::from(*start + 10)).contains(value)
            }
            (Decade { start }, Date { year: Some(y), .. }) => (*start..*start + 10).contains(y),
            (Decade { start: a }, Decade { start: b }) => a == b,
            // A claim's seconds must be the sentence's; a claim without
            // them holds to its minute.
            (
                Clock {
                    minutes: a,
                    seconds: sa,
                },
                Clock {
                    minutes: b,
                    seconds: sb,
                },
            ) => a == b && (sa.is_none() || sa == sb),
            // A bare hour is stated by the time of day: "at 9" by "9:00
            // am". An amount is not ("$8" is no "8 p.m.", nor "8 minutes").
            (
                Number {
                    value,
                    unit: Unit::Plain,
                    ..
                },
                Clock { minutes, .. },
            ) => {
                let hour = minutes / 60;
                let twelve = if hour % 12 == 0 { 12 } else { hour % 12 };
                minutes % 60 == 0
                    && (approx_eq(*value, f64::from(hour)) || approx_eq(*value, f64::from(twelve)))
            }
            _ => false,
        }
    }

    /// A share of one of the unit written after it (`1/2 cup`, `half a
    /// cup`; the unit is read in context), exact to half a percentage point.
    fn share_of_one(value: f64) -> Quantity {
        Quantity::Number {
            value,
            unit: Unit::Plain,
            size: 1.0,
            approx: Approx::Exact,
            tolerance: 0.005,
        }
    }

    /// A plain amount as written, exact to its last digit.
    pub fn plain(value: f64) -> Quantity {
        Quantity::Number {
            value,
            unit: Unit::Plain,
            size: 1.0,
            approx: Approx::Exact,
            tolerance: 0.5,
        }
    }
}

/// Two amounts in one unit: base units when both are of one measure
/// (`None` when of two measures), else as written. Also the factor that
/// takes the first one's tolerance to that unit.
fn in_common_unit(a: (f64, Unit, f64), b: (f64, Unit, f64)) -> Option<(f64, f64, f64)> {
    // Degrees Fahrenheit in Celsius: (F − 32) × 5/9.
    let celsius = |(v, unit, _): (f64, Unit, f64)| match unit {
        Unit::Fahrenheit => ((v - 32.0) * 5.0 / 9.0, 5.0 / 9.0),
        _ => (v, 1.0),
    };
    match (a.1.is_measure(), b.1.is_measure()) {
        (true, true) if a.1 != b.1 => match (a.1, b.1) {
            (Unit::Celsius | Unit::Fahrenheit, Unit::Celsius | Unit::Fahrenheit) => {
                let ((a0, per), (b0, _)) = (celsius(a), celsius(b));
                Some((a0, b0, per))
            }
            _ => None,
        },
        (true, true) => Some((a.0 * a.2, b.0 * b.2, a.2)),
        _ => Some((a.0, b.0, 1.0)),
    }
}

/// Does a claim of `value` (hedged by `approx`, within `tolerance`, both
/// in its written unit) hold for the true amount, the two given in a
/// common unit by [`in_common_unit`]? A hedged claim must also be the true
/// amount as a writer rounds it ([`rounds_to`]): "about 42,038" does not
/// state 43,688, though it is within 5% of it.
fn holds(value: f64, approx: Approx, tolerance: f64, (a, b, per): (f64, f64, f64)) -> bool {
    within(a, approx, tolerance * per, b)
        && (approx != Approx::About || rounds_to(a, b, rounding_step(value) * per))
}

/// Could `claimed` be `truth` rounded to `step`, to the nearest or cut
/// down ("about 43,000" for 43,688)?
fn rounds_to(claimed: f64, truth: f64, step: f64) -> bool {
    let (claimed, truth) = match claimed < 0.0 {
        true => (-claimed, -truth),
        false => (claimed, truth),
    };
    let eps = close(claimed, truth);
    (claimed - truth).abs() <= step / 2.0 + eps
        || (truth >= claimed - eps && truth < claimed + step - eps)
}

/// Does the true amount `truth` fall where a claim of `claimed` (hedged by
/// `approx`, within `tolerance`) puts it? An exact claim is also held to 5%
/// of itself: the half digit of a small whole number (`1 mg`, `$2`, `3
/// quarts`) would otherwise take in 0.5 mg, $2.40 or 3 litres.
fn within(claimed: f64, approx: Approx, tolerance: f64, truth: f64) -> bool {
    let eps = close(claimed, truth);
    match approx {
        Approx::Exact => (claimed - truth).abs() <= tolerance.min(0.05 * claimed.abs()) + eps,
        Approx::About => (claimed - truth).abs() <= tolerance + eps,
        Approx::AtLeast => truth >= claimed - eps,
        Approx::AtMost => truth <= claimed + eps,
    }
}

/// How near two values must be to be one value: room for the float error
/// of a unit's conversion (1.2 km as 1,200.0000000000002 m), a billionth
/// of the larger, but none between two whole numbers a float holds
/// exactly, so that a long identifier's last digit counts (1000000001 is
/// no 1000000002, nor 4111111111111111 4111111111111112).
fn close(a: f64, b: f64) -> f64 {
    const EXACT: f64 = (1u64 << 53) as f64;
    let whole = |x: f64| x.fract() == 0.0 && x.abs() < EXACT;
    match whole(a) && whole(b) {
        true => 0.0,
        false => 1e-9 * a.abs().max(b.abs()).max(1.0),
    }
}

/// Month names as written in dates, full names before abbreviations.
const MONTH_NAMES: [(&str, u8); 24] = [
    ("January", 1),
    ("February", 2),
    ("March", 3),
    ("April", 4),
    ("May", 5),
    ("June", 6),
    ("July", 7),
    ("August", 8),
    ("September", 9),
    ("October", 10),
    ("November", 11),
    ("December", 12),
    ("Jan", 1),
    ("Feb", 2),
    ("Mar", 3),
    ("Apr", 4),
    ("Jun", 6),
    ("Jul", 7),
    ("Aug", 8),
    ("Sept", 9),
    ("Sep", 9),
    ("Oct", 10),
    ("Nov", 11),
    ("Dec", 12),
];

/// Letters that may follow digits directly and still leave a quantity:
/// units, ordinals, decades (`1990s`), scales (`5k`, `$2bn`). Compared as
/// written, so `4G` (a network generation) stays an identifier.
const ATTACHED_UNITS: &[&str] = &[
    "B", "BN", "GB", "K", "KB", "M", "MB", "TB", "am", "b", "bn", "cm", "g", "h", "hr", "hrs", "k",
    "kg", "km", "kph", "l", "m", "mg", "min", "mins", "ml", "mm", "mph", "ms", "nd", "pm", "rd",
    "s", "st", "th", "x",
];

const CURRENCIES: [char; 4] = ['$', '€', '£', '¥'];

/// What may be written glued before a `$` to say whose dollar (or, for
/// `MX$` and `R$`, the peso's or the real's sign) an amount is in
/// (`US$45`, `A$45`, `HK$3 million`): part of the amount, not an
/// identifier. `checks::numbers` tells them apart.
pub const DOLLAR_COUNTRIES: [&str; 12] = [
    "US", "A", "AU", "C", "CA", "NZ", "HK", "S", "SG", "NT", "MX", "R",
];

/// ISO 4217 codes that may be written before an amount, a blank between
/// (`USD 45`, `EUR 1.5 million`): part of the amount. `checks::numbers`
/// tells them apart.
pub const CURRENCY_CODES: [&str; 20] = [
    "USD", "EUR", "GBP", "JPY", "CNY", "RMB", "INR", "CHF", "MXN", "RUB", "SEK", "NOK", "DKK",
    "AUD", "CAD", "NZD", "HKD", "SGD", "TWD", "BRL",
];

/// Where a currency's country or code before the amount at `at` starts:
/// a whole word of [`DOLLAR_COUNTRIES`] glued before the `$` at `at`, or
/// of [`CURRENCY_CODES`] one blank before the digits or sign at `at`.
fn currency_lead_before(text: &str, at: usize) -> Option<usize> {
    let (before, listed): (&str, &[&str]) = match text[at..].starts_with('$') {
        true => (&text[..at], &DOLLAR_COUNTRIES),
        false => (text[..at].strip_suffix([' ', '\u{a0}'])?, &CURRENCY_CODES),
    };
    let word = listed.iter().find(|w| before.ends_with(**w))?;
    let start = before.len() - word.len();
    (!glued_before(text, start)).then_some(start)
}

/// A capitalised month name at `at`, as a whole word, with an optional full
/// stop: (month, bytes read).
fn month_at(text: &str, at: usize) -> Option<(u8, usize)> {
    // Every month name starts with one of these capitals: most positions are rejected here.
    if !b"ADFJMNOS".contains(text.as_bytes().get(at)?) {
        return None;
    }
    let rest = &text[at..];
    MONTH_NAMES
        .iter()
        .find(|(name, _)| rest.starts_with(name) && !glued_after(text, at + name.len()))
        .map(|&(name, m)| {
            (
                m,
                name.len() + usize::from(rest[name.len()..].starts_with('.')),
            )
        })
}

/// The length of the whitespace at the start of `s`.
fn spaces(s: &str) -> usize {
    s.len() - s.trim_start().len()
}

/// `st`, `nd`, `rd` or `th` right after a day number.
fn ordinal(s: &str) -> usize {
    if ["st", "nd", "rd", "th"].iter().any(|o| s.starts_with(o)) {
        2
    } else {
        0
    }
}

/// A day of the month at the start of `s` (1–2 digits, then an optional
/// ordinal): (day, bytes read), or `None`.
fn day_at(s: &str) -> Option<(u8, usize)> {
    let n = digits(s);
    if !(1..=2).contains(&n) {
        return None;
    }
    let day: u8 = s[..n].parse().ok()?;
    (1..=31).contains(&day).then(|| (day, n + ordinal(&s[n..])))
}

/// `, 2024` / ` 2024` right after a date part: (year, bytes read).
fn year_after(text: &str, at: usize) -> Option<(i32, usize)> {
    let rest = &text[at..];
    let comma = usize::from(rest.starts_with(','));
    let sp = spaces(&rest[comma..]);
    let start = comma + sp;
    (sp > 0 && digits(&rest[start..]) == 4 && !glued_after(text, at + start + 4))
        .then(|| (rest[start..start + 4].parse().unwrap(), start + 4))
}

/// A date opening with a month name at `at`: "March 3, 2024", "March 3rd",
/// "March 2024". Returns (end, date).
fn date_from_month(text: &str, at: usize) -> Option<(usize, Quantity)> {
    let (month, len) = month_at(text, at)?;
    let after_month = at + len;
    // "March 3[rd][, 2024]"
    let sp = spaces(&text[after_month..]);
    if sp > 0 {
        if let Some((day, dl)) = day_at(&text[after_month + sp..]) {
            let day_end = after_month + sp + dl;
            if let Some((year, yl)) = year_after(text, day_end) {
                return Some((
                    day_end + yl,
                    Quantity::Date {
                        year: Some(year),
                        month: Some(month),
                        day: Some(day),
                    },
                ));
            }
            if !glued_after(text, day_end) {
                return Some((
                    day_end,
                    Quantity::Date {
                        year: None,
                        month: Some(month),
                        day: Some(day),
                    },
                ));
            }
        }
    }
    // "March 2024"
    let (year, yl) = year_after(text, after_month)?;
    Some((
        after_month + yl,
        Quantity::Date {
            year: Some(year),
            month: Some(month),
            day: None,
        },
    ))
}

/// A date opening with digits at `at`: "2024-03-03", "3 March 2024",
/// "3rd of March". Returns (end, date).
fn date_from_digits(text: &str, at: usize) -> Option<(usize, Quantity)> {
    let rest = &text[at..];
    let b = rest.as_bytes();
    if b.len() >= 10
        && digits(rest) == 4
        && b[4] == b'-'
        && digits(&rest[5..]) == 2
        && b[7] == b'-'
        && digits(&rest[8..]) == 2
        && (!glued_after(text, at + 10) || iso_time_at(text, at + 10).is_some())
    {
        let (y, m, d) = (
            rest[..4].parse().ok()?,
            rest[5..7].parse().ok()?,
            rest[8..10].parse().ok()?,
        );
        if (1..=12).contains(&m) && (1..=31).contains(&d) {
            return Some((
                at + 10,
                Quantity::Date {
                    year: Some(y),
                    month: Some(m),
                    day: Some(d),
                },
            ));
        }
    }
    let (day, dl) = day_at(rest)?;
    let mut j = dl;
    let sp = spaces(&rest[j..]);
    if sp == 0 {
        return None;
    }
    j += sp;
    if rest[j..].starts_with("of") {
        let sp = spaces(&rest[j + 2..]);
        if sp > 0 {
            j += 2 + sp;
        }
    }
    let (month, ml) = month_at(text, at + j)?;
    let month_end = at + j + ml;
    match year_after(text, month_end) {
        Some((year, yl)) => Some((
            month_end + yl,
            Quantity::Date {
                year: Some(year),
                month: Some(month),
                day: Some(day),
            },
        )),
        None => Some((
            month_end,
            Quantity::Date {
                year: None,
                month: Some(month),
                day: Some(day),
            },
        )),
    }
}

/// The time of an ISO 8601 date-time, after its date (`T05:50`,
/// `T05:50:25Z`, `T05:50:25.120+02:00`): its end, and its time of day
/// (to the second when written) with its span (`05:50:25`). Fractions of a
/// second and the time zone are read past, not compared.
fn iso_time_at(text: &str, at: usize) -> Option<(usize, (usize, usize), Quantity)> {
    let rest = text.get(at..)?;
    let b = rest.as_bytes();
    let two = |i: usize| {
        b.get(i..i + 2)
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    if !(b.len() >= 6 && matches!(b[0], b'T' | b't') && two(1) && b[3] == b':' && two(4)) {
        return None;
    }
    let (hour, minute): (u16, u16) = (rest[1..3].parse().ok()?, rest[4..6].parse().ok()?);
    if hour > 24 || minute > 59 {
        return None;
    }
    let mut end = 6;
    let mut seconds = None;
    if b.get(end) == Some(&b':') && two(end + 1) {
        seconds = Some(
            rest[end + 1..end + 3]
                .parse::<u8>()
                .ok()
                .filter(|&s| s <= 60)?,
        );
        end += 3;
        if b.get(end) == Some(&b'.') {
            end += 1 + digits(&rest[end + 1..]);
        }
    }
    match b.get(end) {
        Some(b'Z' | b'z') => end += 1,
        Some(b'+' | b'-') if two(end + 1) => {
            end += 3;
            if b.get(end) == Some(&b':') && two(end + 1) {
                end += 3;
            } else if two(end) {
                end += 2;
            }
        }
        _ => {}
    }
    if glued_after(text, at + end) {
        return None;
    }
    let minutes = hour * 60 + minute;
    let shown = at + if seconds.is_some() { 9 } else { 6 };
    Some((
        at + end,
        (at + 1, shown),
        Quantity::Clock { minutes, seconds },
    ))
}

/// An identifier opening with a letter at `at`: letters and digits, joined
/// by `- : / # _ .`, holding at least one digit (`SKU-441`, `v2.0`,
/// `arXiv:2204.09876`). Returns its end.
fn identifier_at(text: &str, at: usize) -> (usize, bool) {
    let mut end = at;
    let mut has_digit = false;
    let mut chars = text[at..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if is_alphanumeric(c) {
            has_digit |= c.is_ascii_digit();
            end = at + i + c.len_utf8();
        } else if matches!(c, '-' | ':' | '/' | '#' | '_' | '.')
            && chars.peek().is_some_and(|&(_, n)| is_alphanumeric(n))
        {
            continue;
        } else {
            break;
        }
    }
    (end, has_digit)
}

/// [`identifier_at`]'s answer for a run of ASCII letters that ends where
/// no identifier can go on (not a letter, digit or joiner): its end, and no
/// digit. `None` when the word is anything else.
fn ascii_word_at(text: &str, at: usize) -> Option<(usize, bool)> {
    let bytes = text.as_bytes();
    let len = bytes[at..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let end = at + len;
    let stops = bytes.get(end).is_none_or(|&b| {
        b.is_ascii()
            && !b.is_ascii_alphanumeric()
            && !matches!(b, b'-' | b':' | b'/' | b'#' | b'_' | b'.')
    });
    (len > 0 && stops).then_some((end, false))
}

/// A plain number at `at`: `1,000`, `3.5`, `12`. Returns (end, value).
fn plain_number(text: &str, at: usize) -> Option<(usize, f64)> {
    let rest = &text[at..];
    let b = rest.as_bytes();
    let run = digits(rest);
    if run == 0 {
        return None;
    }
    let mut end = run;
    if run <= 3 {
        // Thousands groups: ",ddd" repeated.
        while b.len() >= end + 4 && b[end] == b',' && digits(&rest[end + 1..]) >= 3 {
            end += 4;
        }
    }
    if let Some(decimals) = decimal_comma(rest, end).filter(|_| !after_a_listed_number(text, at)) {
        // "12,5 %": English groups thousands by three, so one or two
        // digits after a comma are decimals (French, German, Spanish…).
        let value = format!("{}.{}", &rest[..end], &rest[end + 1..end + 1 + decimals]);
        return Some((at + end + 1 + decimals, parse_decimal(&value)?));
    }
    if b.len() > end + 1 && b[end] == b'.' && b[end + 1].is_ascii_digit() {
        end += 1 + digits(&rest[end + 1..]);
    }
    let written = &rest[..end];
    let value = match written.contains(',') {
        true => parse_decimal(&written.replace(',', "")),
        false => parse_decimal(written),
    };
    Some((at + end, value?))
}

/// The decimals of a decimal comma at byte `at` of `rest`, right after a
/// number's digits: a comma, then one or two digits, and no digit, comma
/// or point after them ("12,5 %", "3,75"; not "1,250", nor a list written
/// without spaces: "boxes 1, 2,3, and 5", "numbers 3,4 and 5").
fn decimal_comma(rest: &str, at: usize) -> Option<usize> {
    let b = rest.as_bytes();
    if b.get(at) != Some(&b',') || (at > 0 && b[..at].contains(&b',')) {
        return None;
    }
    let decimals = digits(&rest[at + 1..]);
    let end = at + 1 + decimals;
    let list_ends = [" and ", " or "].iter().any(|w| rest[end..].starts_with(w));
    let after = b.get(end);
    ((1..=2).contains(&decimals) && !matches!(after, Some(b',' | b'.')) && !list_ends)
        .then_some(decimals)
}

/// Does a number at `at` follow another and a comma ("1, 2,3"): a list,
/// whose commas part numbers?
fn after_a_listed_number(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches(' ');
    before
        .strip_suffix(',')
        .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()))
}

/// One side of a number or range: an optional currency sign, the digits,
/// attached letters, a spaced scale word and a percent sign or word.
struct Amount {
    end: usize,
    value: Option<f64>,
    money: bool,
    percent: bool,
    scale_word: Option<&'static str>,
    /// A unit of measure glued to the digits (`5km`) and its size.
    measure: Option<(Unit, f64)>,
    /// The last written digit's place, scaled like the value when the
    /// digits have decimals (`2.5 million`: 100,000; `2 million`: 1).
    place: f64,
    /// A decade: four digits ending in 0 with an `s` (`1980s`).
    decade: bool,
}

fn amount_at(text: &str, at: usize, inherited_scale: Option<&'static str>) -> Option<Amount> {
    let mut j = at;
    let mut money = false;
    if let Some(c) = text[j..].chars().next().filter(|c| CURRENCIES.contains(c)) {
        money = true;
        j += c.len_utf8();
        if text[j..].starts_with(' ') {
            j += 1;
        }
    }
    let (mut end, value) = plain_number(text, j)?;
    let place = last_place(&text[j..end]);
    let letters = text[end..]
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let attached = (letters > 0).then(|| &text[end..end + letters]);
    end += letters;
    let mut scale_word = None;
    for word in ["thousand", "million", "billion", "trillion"] {
        let rest = &text[end..];
        if rest.len() > word.len()
            && rest.as_bytes()[0].is_ascii_whitespace()
            && rest[1..].starts_with(word)
            && !glued_after(text, end + 1 + word.len())
        {
            scale_word = Some(word);
            end += 1 + word.len();
            break;
        }
    }
    let mut percent = false;
    let rest = &text[end..];
    let sp = usize::from(rest.starts_with(' '));
    if rest[sp..].starts_with('%') {
        percent = true;
        end += sp + 1;
    } else if sp == 1 {
        for word in ["percent", "per cent"] {
            if rest[1..].starts_with(word) && !glued_after(text, end + 1 + word.len()) {
                percent = true;
                end += 1 + word.len();
                break;
            }
        }
    }
    // "5m" is five metres, but "$5m" five million dollars; an "s" glued to
    // digits is a decade ("1990s"), not seconds.
    let measure = attached
        .filter(|a| !(money || *a == "s" || *a == "M"))
        .and_then(unit_named);
    let decade = attached == Some("s") && end - letters - j == 4 && value % 10.0 == 0.0 && !money;
    let scaled_value = scaled(value, attached, scale_word.or(inherited_scale), money);
    let place = match scaled_value {
        Some(v) if place < 1.0 && value != 0.0 => place * v / value,
        _ => place,
    };
    Some(Amount {
        end,
        value: scaled_value,
        money,
        percent,
        scale_word,
        measure,
        place,
        decade,
    })
}

/// A number, percentage, amount of money or range at `at`. Returns (end, quantity);
/// `None` quantity when glued letters make it an identifier (`4G`).
fn number_at(text: &str, at: usize) -> Option<(usize, Option<Quantity>)> {
    if let Some(found) = clock_at(text, at) {
        return Some(found);
    }
    let a = amount_at(text, at, None)?;
    if a.decade {
        let start = a.value? as i32;
        return Some((a.end, Some(Quantity::Decade { start })));
    }
    // A fraction written with a slash ("1/4", "3/10"): a percentage, or
    // before a unit word an amount of that measure ("1/2 cup", "3/4 inch").
    if let (Some(top), false, false) = (a.value, a.money, a.percent) {
        let rest = &text[a.end..];
        let n = rest.strip_prefix('/').map_or(0, digits);
        let after = rest.as_bytes().get(1 + n);
        if (1..=3).contains(&n) && !matches!(after, Some(b'/' | b'0'..=b'9')) {
            let bottom = f64::from(rest[1..1 + n].parse::<u16>().ok()?);
            if top.fract() == 0.0 && top < bottom {
                let end = a.end + 1 + n;
                // Read to the same closeness either way: half a percentage point.
                let share = match unit_after(text, end) {
                    Some((unit, ..)) if unit.is_measure() => Quantity::share_of_one(top / bottom),
                    _ => Quantity::Number {
                        value: top / bottom * 100.0,
                        unit: Unit::Percent,
                        size: 1.0,
                        approx: Approx::Exact,
                        tolerance: 0.5,
                    },
                };
                return Some((end, Some(share)));
            }
        }
    }
    let mut end = a.end;
    let mut b = None;
    // A range: "5-7", "5 – 7", "5 to 7", "$5-$7".
    let rest = &text[end..];
    let sep = {
        let sp1 = usize::from(rest.starts_with(' '));
        let dash = rest[sp1..]
            .chars()
            .next()
            .filter(|c| matches!(c, '-' | '–' | '—'))
            .map(char::len_utf8);
        match dash {
            Some(d) => Some(sp1 + d + usize::from(rest[sp1 + d..].starts_with(' '))),
            None => {
                let sp = spaces(rest);
                (sp > 0 && rest[sp..].starts_with("to") && spaces(&rest[sp + 2..]) > 0)
                    .then(|| sp + 2 + spaces(&rest[sp + 2..]))
            }
        }
    };
    if let Some(sep) = sep {
        if let Some(second) = amount_at(text, end + sep, a.scale_word) {
            end = second.end;
            b = Some(second);
        }
    }
    let money = a.money || b.as_ref().is_some_and(|b| b.money);
    let percent = a.percent || b.as_ref().is_some_and(|b| b.percent);
    // A range's unit is written once, after its second end ("5-7 km").
    let measure = b.as_ref().and_then(|b| b.measure).or(a.measure);
    let (unit, size) = measure.unwrap_or((unit_of(money, percent), 1.0));
    let quantity = match (a.value, b.map(|b| b.value)) {
        (Some(value), None) => Some(Quantity::Number {
            value,
            unit,
            size,
            approx: Approx::Exact,
            tolerance: a.place / 2.0,
        }),
        (Some(low), Some(Some(high))) => Some(Quantity::Range {
            low,
            high,
            unit,
            size,
        }),
        _ => None,
    };
    Some((end, quantity))
}

/// A time of day at `at`: `10:30`, `9:05 am`, `2:15 p.m.`, or an hour of
/// the clock with its half of the day, `5pm`, `9 a.m.` (`5pm` is not
/// `5am`, and states `17:00`). Returns (end, clock).
fn clock_at(text: &str, at: usize) -> Option<(usize, Option<Quantity>)> {
    let rest = &text[at..];
    let h = digits(rest);
    if !(1..=2).contains(&h) {
        return None;
    }
    let with_minutes = rest[h..].starts_with(':') && digits(&rest[h + 1..]) == 2;
    // A bare number is read on only when an `a` or `p` follows (most are
    // not hours: one look, no more).
    let next = rest.as_bytes()[h..]
        .iter()
        .position(|&b| b != b' ')
        .filter(|&n| n <= 1);
    let half_day_next =
        next.is_some_and(|n| matches!(rest.as_bytes()[h + n], b'a' | b'A' | b'p' | b'P'));
    if !with_minutes && !half_day_next {
        return None;
    }
    let hour: u16 = rest[..h].parse().ok()?;
    let (mut end, minute) = match with_minutes {
        true => {
            if rest[h + 3..].starts_with([':', '.']) && digits(&rest[h + 4..]) > 0 {
                return None; // "10:30:15", "3:16.2": not a time of day this reads
            }
            (h + 3, rest[h + 1..h + 3].parse().ok()?)
        }
        false => (h, 0),
    };
    if hour > 24 || minute > 59 {
        return None;
    }
    let mut minutes = hour * 60 + minute;
    let after = &rest[end..];
    let sp = usize::from(after.starts_with(' '));
    let half_of_day = [("am", false), ("a.m.", false), ("pm", true), ("p.m.", true)]
        .into_iter()
        .find(|(mark, _)| {
            crate::text::scan::starts_with_ci(after, sp, mark)
                && (mark.ends_with('.') || !glued_after(after, sp + mark.len()))
        });
    match half_of_day {
        Some((mark, pm)) if with_minutes || (1..=12).contains(&hour) => {
            end += sp + mark.len();
            minutes = (hour % 12 + if pm { 12 } else { 0 }) * 60 + minute;
        }
        // A bare number is a time of day only with its half of the day.
        _ if !with_minutes => return None,
        _ => {}
    }
    let clock = Quantity::Clock {
        minutes,
        seconds: None,
    };
    Some((at + end, Some(clock)))
}

/// Give an amount what the words around it say: the unit word after it
/// (`30 days`: time, and the word to show with it) and the hedge before it
/// (`about 40%` holds from 35% to 45%: half its rounding place, or 5%;
/// [`Quantity::stated_by`] also asks that it round the true amount).
fn in_context(text: &str, mut mention: NumberMention) -> NumberMention {
    let (hedge, hedge_start) =
        hedge_before(text, mention.start).map_or((Approx::Exact, None), |(a, at)| (a, Some(at)));
    mention.hedge = hedge_start.and_then(|at| {
        let written = text
            .get(at..mention.start)?
            .trim_end_matches([' ', '\u{a0}']);
        Some(written.to_string())
    });
    let spaced = unit_after(text, mention.end)
        .or_else(|| temperature_after(text, mention.end))
        .or_else(|| unit_one_word_on(text, mention.end));
    let after = spaced.map_or(mention.end, |(_, _, (_, end))| end);
    // The word after it, unless it names the next field of a log line
    // ("latency_ms=1429 bytes=200": 1429 counts no bytes).
    mention.counts = text[after..].strip_prefix(' ').and_then(|rest| {
        let word = rest.split(|c: char| !c.is_alphabetic()).next()?;
        let field = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.');
        let key = rest.trim_start_matches(field).starts_with('=');
        (!word.is_empty() && !key).then(|| word.lowercase())
    });
    match mention.quantity.as_mut() {
        Some(Quantity::Number {
            value,
            unit,
            size,
            approx,
            tolerance,
        }) => {
            if let (Unit::Plain, Some((u, s, (from, to)))) = (*unit, spaced) {
                (*unit, *size) = (u, s);
                mention.unit_word = Some(text[from..to].to_string());
            }
            *approx = hedge;
            if hedge == Approx::About {
                let place = rounding_place(*value, *tolerance * 2.0);
                // 5% of a year is a century: "around 1990" is no 1998.
                let year =
                    *unit == Unit::Plain && written_as_year(&text[mention.start..mention.end]);
                *tolerance = match year {
                    true => place / 2.0,
                    false => (place / 2.0).max(0.05 * value.abs()),
                };
            }
        }
        Some(Quantity::Range { unit, size, .. }) => {
            if let (Unit::Plain, Some((u, s, (from, to)))) = (*unit, spaced) {
                (*unit, *size) = (u, s);
                mention.unit_word = Some(text[from..to].to_string());
            }
        }
        _ => {}
    }
    mention
}

/// Is `numeral` written as a year: four digits, 1000 to 2199, no
/// separator ("1990", not "1,990")?
fn written_as_year(numeral: &str) -> bool {
    numeral.len() == 4
        && numeral.bytes().all(|b| b.is_ascii_digit())
        && ("1000".."2200").contains(&numeral)
}

/// A unit word one word after a number ending at `end` ("5 consecutive
/// miles", "2 heaped tablespoons"), unless that word is a function word or
/// makes the amount one of another measure or a rate ("40 square metres",
/// "10 per km"): [`unit_after`] of the word after it.
fn unit_one_word_on(text: &str, end: usize) -> Option<(Unit, f64, (usize, usize))> {
    let rest = text[end..].strip_prefix(' ')?;
    let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    if len == 0 || !rest[len..].starts_with(' ') {
        return None;
    }
    let word = rest[..len].to_ascii_lowercase();
    if matches!(word.as_str(), "square" | "sq" | "cubic" | "cu" | "per")
        || crate::text::words::is_function_word(&word)
    {
        return None;
    }
    unit_after(text, end + 1 + len)
}

fn scaled(value: f64, attached: Option<&str>, spaced: Option<&str>, money: bool) -> Option<f64> {
    let mut v = value;
    if let Some(sfx) = attached {
        if !ATTACHED_UNITS.contains(&sfx) {
            return None;
        }
        v *= match sfx.to_ascii_lowercase().as_str() {
            "k" => 1e3,
            "m" if money => 1e6,
            "b" | "bn" if money => 1e9,
            "bn" => 1e9,
            _ => 1.0,
        };
    }
    if let Some(word) = spaced {
        v *= match word {
            "thousand" => 1e3,
            "million" => 1e6,
            "billion" => 1e9,
            _ => 1e12,
        };
    }
    Some(v)
}

fn unit_of(money: bool, pct: bool) -> Unit {
    if pct {
        Unit::Percent
    } else if money {
        Unit::Money
    } else {
        Unit::Plain
    }
}

/// Where the minus sign of a number at byte `at` starts (`-5`, `−5 °C`,
/// `(-3.2%)`): a hyphen or minus sign that opens a word. A dash between
/// numbers or words (`5-7`, `COVID-19`) is no sign.
fn minus_before(text: &str, at: usize) -> Option<usize> {
    let sign = text[..at]
        .chars()
        .next_back()
        .filter(|c| matches!(c, '-' | '\u{2212}'))?;
    let start = at - sign.len_utf8();
    let opens_word = text[..start]
        .chars()
        .next_back()
        .is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '\'' | '“' | '‘'));
    opens_word.then_some(start)
}

/// Find numerals, dates and identifiers written with digits. Spans in `skip`
/// (citations such as `[S1-3]`) are not read.
pub fn find_numerals(text: &str, skip: &[(usize, usize)]) -> Vec<NumberMention> {
    scan_numerals(text, skip, true, true)
}

/// [`find_numerals`] for the mentions' spans and keys alone
/// ([`NumberMention::write_key`], which reads the quantity's value and the
/// text, never its unit or hedge): the words around each mention (a hedge
/// before it, a unit word or what it counts after it) are not read. For a
/// source indexed for its terms; a sixth of a 1 MB source's analysis was
/// reading them.
pub fn find_numerals_for_keys(text: &str, skip: &[(usize, usize)]) -> Vec<NumberMention> {
    scan_numerals(text, skip, true, false)
}

/// Where the scan of [`find_numerals`] may start again before the digit at
/// `digit`, no earlier than `from`: the start of the run of non-blank bytes
/// holding the digit, moved back over the two runs before it (a date opens
/// with its month, "Sept. 5, 2024", and an amount with its currency, "€
/// 5"). Each such start follows an ASCII blank, which the scan steps onto
/// a byte at a time: it would come to the same place.
fn lead_start(bytes: &[u8], from: usize, digit: usize) -> usize {
    let mut at = digit;
    for run in 0..3 {
        while at > from && !bytes[at - 1].is_ascii_whitespace() {
            at -= 1;
        }
        if run < 2 {
            while at > from && bytes[at - 1].is_ascii_whitespace() {
                at -= 1;
            }
        }
    }
    at
}

/// [`find_numerals`]; `jump` steps straight to [`lead_start`] of the next
/// digit, which gives the same mentions (every mention holds a digit, and
/// none opens further before it): the tests hold the two to each other.
fn scan_numerals(
    text: &str,
    skip: &[(usize, usize)],
    jump: bool,
    context: bool,
) -> Vec<NumberMention> {
    let mut out: Vec<NumberMention> = Vec::new();
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return out; // every quantity and identifier holds a digit
    }
    let push =
        |start: usize, end: usize, quantity: Option<Quantity>, out: &mut Vec<NumberMention>| {
            let mention = NumberMention {
                start,
                end,
                raw: text[start..end].to_string(),
                quantity,
                unit_word: None,
                counts: None,
                hedge: None,
            };
            out.push(match context {
                true => in_context(text, mention),
                false => mention,
            });
        };
    let mut skip_i = 0;
    let mut i = 0;
    // The first digit at or after the scan, once looked for.
    let mut next_digit: Option<usize> = None;
    while i < text.len() {
        if jump && next_digit.is_none_or(|d| d < i) {
            let Some(n) = text.as_bytes()[i..].iter().position(u8::is_ascii_digit) else {
                break; // no digit is left, so no mention
            };
            next_digit = Some(i + n);
            i = lead_start(text.as_bytes(), i, i + n);
        }
        while skip_i < skip.len() && skip[skip_i].1 <= i {
            skip_i += 1;
        }
        if skip_i < skip.len() && skip[skip_i].0 <= i {
            i = skip[skip_i].1;
            continue;
        }
        let b = text.as_bytes()[i];
        if b.is_ascii() && !b.is_ascii_alphanumeric() && b != b'$' {
            i += 1; // starts nothing below
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        let word_start = !glued_before(text, i);
        if is_alphabetic(c) {
            if !word_start {
                i += c.len_utf8();
                continue;
            }
            if let Some((end, date)) = date_from_month(text, i) {
                push(i, end, Some(date), &mut out);
                i = end;
                continue;
            }
            let (end, has_digit) = ascii_word_at(text, i).unwrap_or_else(|| identifier_at(text, i));
            if has_digit {
                push(i, end, None, &mut out);
            }
            i = end.max(i + c.len_utf8());
            continue;
        }
        if c.is_ascii_digit() || CURRENCIES.contains(&c) {
            if c.is_ascii_digit() && word_start {
                if let Some((end, date)) = date_from_digits(text, i) {
                    push(i, end, Some(date), &mut out);
                    i = end;
                    // An ISO date-time's time is a time of day of its own.
                    if let Some((end, (from, to), clock)) = iso_time_at(text, end) {
                        push(from, to, Some(clock), &mut out);
                        i = end;
                    }
                    continue;
                }
            }
            if let Some((end, quantity)) = number_at(text, i) {
                // A currency's country or code written before the amount.
                let lead = (quantity.is_some())
                    .then(|| currency_lead_before(text, i))
                    .flatten()
                    .filter(|&start| out.last().is_none_or(|l| l.end <= start));
                let before = text[..i].chars().next_back().filter(|_| lead.is_none());
                let rest = &text.as_bytes()[end..];
                let glued = before.is_some_and(|c| c.is_alphanumeric() || c == '.')
                    || text[end..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                    || (rest.len() > 1 && rest[0] == b'.' && rest[1].is_ascii_digit());
                if glued || quantity.is_none() {
                    // Part of an identifier: widen to the whole run of letters and digits.
                    let mut start = i;
                    while let Some(p) = text[..start]
                        .chars()
                        .next_back()
                        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_'))
                    {
                        start -= p.len_utf8();
                    }
                    // Forward over letters, digits and inner dots or dashes ("2.4.1", "A-7-B").
                    let mut end = end;
                    loop {
                        let mut next = text[end..].chars();
                        match (next.next(), next.next()) {
                            (Some(c), _) if c.is_alphanumeric() || c == '_' => end += c.len_utf8(),
                            (Some(c @ ('.' | '-')), Some(d)) if d.is_alphanumeric() => {
                                end += c.len_utf8()
                            }
                            _ => break,
                        }
                    }
                    let start = end - text[start..end].trim_start_matches(['-', '.', '_']).len();
                    if out.last().is_none_or(|last| last.end <= start) {
                        push(start, end, None, &mut out);
                    }
                    i = end;
                } else {
                    let amount = matches!(
                        quantity,
                        Some(Quantity::Number { .. } | Quantity::Range { .. })
                    );
                    match minus_before(text, i) {
                        Some(start) if amount && out.last().is_none_or(|l| l.end <= start) => {
                            push(start, end, quantity.map(Quantity::negated), &mut out)
                        }
                        _ if amount && lead.is_some() => {
                            push(lead.unwrap_or(i), end, quantity, &mut out)
                        }
                        _ => push(i, end, quantity, &mut out),
                    }
                    i = end;
                }
                continue;
            }
        }
        i += c.len_utf8();
    }
    out
}

fn number_word(w: &str) -> Option<f64> {
    const SMALL: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if let Some(i) = SMALL.iter().position(|s| *s == w) {
        return Some(i as f64);
    }
    if w == "twice" {
        return Some(2.0); // "twice a day" is "2 times a day"
    }
    if let Some(i) = TENS.iter().position(|s| *s == w) {
        return Some(20.0 + 10.0 * i as f64);
    }
    None
}

fn scale_word(w: &str) -> Option<f64> {
    match w {
        "hundred" => Some(1e2),
        "thousand" => Some(1e3),
        "million" => Some(1e6),
        "billion" => Some(1e9),
        _ => None,
    }
}

/// The denominator a fraction word names: `half` 2, `thirds` 3, `quarter` 4.
fn denominator(w: &str) -> Option<f64> {
    let singular = w.strip_suffix('s').unwrap_or(w);
    match (w, singular) {
        ("half" | "halves", _) => Some(2.0),
        (_, "third") => Some(3.0),
        (_, "quarter") => Some(4.0),
        (_, "fifth") => Some(5.0),
        (_, "sixth") => Some(6.0),
        (_, "eighth") => Some(8.0),
        (_, "tenth") => Some(10.0),
        _ => None,
    }
}

/// The number an ordinal word names (`third` 3, `twelfth` 12); `first` and
/// `second` are left out (a sequence word and a unit of time).
fn ordinal_word(w: &str) -> Option<f64> {
    const ORDINALS: [&str; 10] = [
        "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth",
    ];
    ORDINALS
        .iter()
        .position(|o| *o == w)
        .map(|i| i as f64 + 3.0)
}

/// Can the lower-cased word `lower` start anything [`find_number_words`]
/// reads (a number phrase, a fraction, `a dozen`, an ordinal, a calendar
/// word), in some context? False means that reader passes over it whatever
/// surrounds it. A calendar word is asked about in the most permissive
/// context (capitalised, after a word of time): each of its rules only
/// admits more words there.
pub fn may_start_number(lower: &str) -> bool {
    matches!(lower, "a" | "an" | "half" | "first" | "second")
        || number_word(lower).is_some()
        || ordinal_word(lower).is_some()
        || CalendarWord::read(lower, "A", Some(crate::text::units::CALENDAR_CONTEXT[0])).is_some()
}

/// Must a sentence holding the lower-cased word `lower` be read for numbers
/// in words, when it holds no other word for which this says so? Every
/// number [`find_number_words`] reads starts at a word that
/// [`may_start_number`], and one starting at `a` or `an` needs the word
/// after it to be `dozen` or a fraction (`a quarter`), which says so: a
/// sentence without such a word has no number in words (a property test
/// holds the reader to this).
pub fn calls_for_number_words(lower: &str) -> bool {
    number_roles(lower).1
}

/// [`may_start_number`] and [`calls_for_number_words`] of `lower`, its
/// word lists read once.
pub fn number_roles(lower: &str) -> (bool, bool) {
    let may_start = may_start_number(lower);
    let calls = (may_start && !matches!(lower, "a" | "an"))
        || lower == "dozen"
        || denominator(lower).is_some();
    (may_start, calls)
}

/// Words before `first` and `second` that make them ordinals.
const ORDINAL_BEFORE: &[&str] = &["the", "its", "his", "her", "their", "our", "my", "your"];

/// Words before `half` that make it an amount ("about half", "one half").
const HALF_BEFORE: &[&str] = &[
    "a", "one", "about", "around", "nearly", "almost", "roughly", "over", "under", "than", "just",
];

/// Find numbers written as words (`fourteen`, `twenty-one`, `two hundred and
/// five`, `three million`, `ten percent`), fractions (`one third`, `a
/// quarter`, `half of`: as percentages), `a dozen`, ordinals from `third`,
/// and calendar words (`autumn`, `Tuesdays`, a month alone). Returns the
/// index range of the words used and the mention.
pub fn find_number_words<W: WordView>(
    text: &str,
    words: &[W],
) -> Vec<(std::ops::Range<usize>, NumberMention)> {
    let mut out = Vec::new();
    // Words `i..=last` read as `quantity`; the unit word after it and the
    // hedge before it are read from the text around them.
    let mut push = |i: usize, last: usize, quantity: Quantity| {
        let (start, end) = (words[i].start(), words[last].end());
        let mention = NumberMention {
            start,
            end,
            raw: text[start..end].to_string(),
            quantity: Some(quantity),
            unit_word: None,
            counts: None,
            hedge: None,
        };
        out.push((i..last + 1, in_context(text, mention)));
    };
    let joined = |a: usize, b: usize| {
        text[words[a].end()..words[b].start()]
            .chars()
            .all(|c| c.is_whitespace() || c == '-')
    };
    let fraction = |numerator: f64, d: f64| Quantity::Number {
        value: numerator / d * 100.0,
        unit: Unit::Percent,
        size: 1.0,
        approx: Approx::Exact,
        // A fraction is exact; its percentage is read to the nearest point.
        tolerance: 0.5,
    };
    let mut i = 0;
    while i < words.len() {
        if !words[i].may_start_number() {
            i += 1; // what the reading below would conclude, known beforehand
            continue;
        }
        let w = words[i].lower();
        let before = i.checked_sub(1).map(|b| words[b].lower());
        let next = words.get(i + 1).filter(|_| joined(i, i + 1));
        if let Some(word) = CalendarWord::read(w, words[i].surface(), before) {
            let quantity = match word {
                CalendarWord::Month(m) => Quantity::Date {
                    year: None,
                    month: Some(m),
                    day: None,
                },
                word => Quantity::Calendar { word },
            };
            push(i, i, quantity);
            i += 1;
            continue;
        }
        // "a third", "a quarter", "a dozen"
        if matches!(w, "a" | "an") {
            if let Some(n) = next {
                if n.lower() == "dozen" {
                    push(i, i + 1, Quantity::plain(12.0));
                    i += 2;
                    continue;
                }
                if let Some(d) = denominator(n.lower()).filter(|_| !n.lower().ends_with('s')) {
                    push(i + 1, i + 1, fraction(1.0, d));
                    i += 2;
                    continue;
                }
            }
            i += 1;
            continue;
        }
        if w == "half" {
            let after = words.get(i + 1).map(|n| n.lower());
            // The words a phrase spans hold nothing else between them (a
            // numeral in `half 2 a second` is a token of its own).
            let dozen = after == Some("a")
                && words.get(i + 2).is_some_and(|n| n.lower() == "dozen")
                && joined(i, i + 1)
                && joined(i + 1, i + 2);
            if dozen {
                push(i, i + 2, Quantity::plain(6.0));
                i += 3;
                continue;
            }
            // "half a cup", "half an hour": half of one of that measure.
            let measured = matches!(after, Some("a" | "an"))
                && joined(i, i + 1)
                && words.get(i + 1).is_some_and(|a| {
                    unit_after(text, a.end()).is_some_and(|(u, ..)| u.is_measure())
                });
            if measured {
                push(i, i + 1, Quantity::share_of_one(0.5));
            } else if before.is_some_and(|b| HALF_BEFORE.contains(&b))
                || matches!(after, Some("of" | "the" | "a" | "an" | "its" | "their"))
            {
                push(i, i, fraction(1.0, 2.0));
            }
            i += 1 + usize::from(measured);
            continue;
        }
        // "the first", "its second": ordinals; "First," and "at first" are not.
        let determined = before.is_some_and(|b| ORDINAL_BEFORE.contains(&b));
        let sequence = match w {
            "first" if determined => Some(1.0),
            "second" if determined => Some(2.0),
            _ => None,
        };
        if let Some(n) = ordinal_word(w).or(sequence) {
            push(i, i, Quantity::plain(n));
            i += 1;
            continue;
        }
        if number_word(w).is_none() {
            i += 1;
            continue;
        }
        let (mut value, mut last) = number_phrase(text, words, i);
        // "one and a half": the half added, read to the nearest tenth.
        let halved = (words.get(last + 1..last + 4)).is_some_and(|w| {
            matches!(
                [w[0].lower(), w[1].lower(), w[2].lower()],
                ["and", "a", "half"]
            )
        }) && (last + 1..last + 4).all(|k| joined(k - 1, k));
        if halved {
            value += 0.5;
            last += 3;
        }
        // "two thirds", "three quarters", "two dozen"
        if let Some(n) = words.get(last + 1).filter(|_| joined(last, last + 1)) {
            if let Some(d) = denominator(n.lower()) {
                push(i, last + 1, fraction(value, d));
                i = last + 2;
                continue;
            }
            if n.lower() == "dozen" {
                push(i, last + 1, Quantity::plain(value * 12.0));
                i = last + 2;
                continue;
            }
        }
        if last == i && w == "one" {
            i += 1;
            continue;
        }
        let mut unit = Unit::Plain;
        let mut end_idx = last;
        if let Some(next) = words.get(last + 1) {
            if next.lower() == "percent" && text[words[last].end()..next.start()].trim().is_empty()
            {
                end_idx = last + 1;
                unit = Unit::Percent;
            }
        }
        push(
            i,
            end_idx,
            Quantity::Number {
                value,
                unit,
                size: 1.0,
                approx: Approx::Exact,
                tolerance: if halved { 0.05 } else { 0.5 },
            },
        );
        i = end_idx + 1;
    }
    out
}

/// Read one number phrase from word `i` (a number word): words joined only
/// by spaces or hyphens. Returns its value and its last word's index.
fn number_phrase<W: WordView>(text: &str, words: &[W], i: usize) -> (f64, usize) {
    let (mut total, mut current) = (0.0_f64, 0.0_f64);
    let mut prev: Option<f64> = None; // the previous word's value (a scale counts as 100+)
    let mut last = i;
    let mut j = i;
    while j < words.len() {
        if j > i
            && !text[words[j - 1].end()..words[j].start()]
                .chars()
                .all(|c| c.is_whitespace() || c == '-')
        {
            break;
        }
        let w = words[j].lower();
        if let Some(v) = number_word(w) {
            // "twenty one" and "hundred five" join; "five six" and "twenty thirty" do not.
            let joins = match prev {
                None => true,
                Some(p) if p >= 100.0 => true,
                Some(p) => p >= 20.0 && p % 10.0 == 0.0 && v < 10.0 && v > 0.0,
            };
            if !joins {
                break;
            }
            current += v;
            prev = Some(v);
        } else if let Some(scale) = scale_word(w) {
            if scale == 1e2 {
                current = current.max(1.0) * scale;
            } else {
                total += current.max(1.0) * scale;
                current = 0.0;
            }
            prev = Some(scale);
        } else if w == "and"
            && prev.is_some_and(|p| p >= 100.0)
            && words
                .get(j + 1)
                .is_some_and(|n| number_word(n.lower()).is_some())
        {
            j += 1; // "two hundred and five"
            continue;
        } else {
            break;
        }
        last = j;
        j += 1;
    }
    (total + current, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of text around numbers: dates, amounts, currencies, signs,
    /// identifiers, joiners, ordinals, units, blanks and non-ASCII.
    const PIECES: &[&str] = &[
        "March",
        "Sept.",
        "mid-March",
        "5",
        "2024",
        "3rd",
        "of",
        "the",
        ",",
        ", ",
        " ",
        " ",
        "  ",
        "\n",
        "\t",
        "$",
        "€",
        "£",
        "US$",
        "-",
        "−",
        "–",
        "+",
        "3.5",
        "1,200",
        "20%",
        "km",
        "SKU-441",
        "COVID-19",
        "v2.4.1",
        "A-7-B",
        "B52",
        "#12",
        "/",
        ":",
        "_",
        ".",
        "(",
        ")",
        "about",
        "nearly",
        "between",
        "and",
        "to",
        "twenty",
        "million",
        "per",
        "year",
        "1990s",
        "2024-03-03",
        "10:30",
        "am",
        "é",
        "東京",
        "\u{a0}",
        "x",
        "Q3",
        "[1]",
        "passage",
    ];

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..40).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Stepping to a little before each digit finds what reading every
        /// byte finds.
        #[test]
        fn jumping_to_the_next_digit_finds_the_same_mentions(text in text(), cut in any::<usize>()) {
            // Skip spans as citations give them: one, anywhere.
            let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let a = bounds[cut % bounds.len()];
            let b = bounds[(cut / 7) % bounds.len()];
            let skip = if a < b { vec![(a, b)] } else { vec![] };
            for skip in [&skip[..], &[]] {
                prop_assert_eq!(scan_numerals(&text, skip, true, true), scan_numerals(&text, skip, false, true));
            }
        }

        /// Mentions read without the words around them have the spans and
        /// keys of those read with them.
        #[test]
        fn mentions_read_for_their_keys_have_the_full_readings_keys(text in text(), normalise in any::<bool>()) {
            let keys = |mentions: Vec<NumberMention>| -> Vec<(usize, usize, String)> {
                mentions
                    .into_iter()
                    .map(|m| {
                        let mut key = String::new();
                        m.write_key(normalise, &mut key);
                        (m.start, m.end, key)
                    })
                    .collect()
            };
            prop_assert_eq!(keys(find_numerals_for_keys(&text, &[])), keys(find_numerals(&text, &[])));
        }
    }

    /// Words around numbers in words: every kind the reader starts at or
    /// looks at, and plain ones.
    const WORDS: &[&str] = &[
        "a", "an", "A", "dozen", "dozens", "third", "thirds", "quarter", "quarters", "half",
        "halves", "fifth", "sixth", "eighth", "tenth", "one", "two", "twenty", "hundred",
        "thousand", "million", "and", "percent", "first", "second", "the", "its", "about", "of",
        "May", "may", "March", "march", "Tuesday", "autumn", "fall", "spring", "Sunday", "cat",
        "times", "score", "couple", "few", "several", "pair", "twice", "once", "none", "zero",
        "nil", "ninth", "twelfth", "eleventh", "seconds",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// A sentence none of whose words calls for the number-word reader
        /// has no number in words.
        #[test]
        fn no_number_in_words_without_a_word_that_calls_for_them(
            words in prop::collection::vec(prop::sample::select(WORDS), 0..8),
            joins in prop::collection::vec(prop::sample::select(vec![" ", "-", ", "]), 8),
        ) {
            let text: String = words.iter().zip(&joins).flat_map(|(w, j)| [*w, *j]).collect();
            let read = crate::text::words::raw_words(&text, &[]);
            if !read.iter().any(|w| calls_for_number_words(&w.lower)) {
                prop_assert!(find_number_words(&text, &read).is_empty(), "{:?}", text);
            }
        }
    }

    /// Each amount found in `text`: (as written, value).
    fn amounts(text: &str) -> Vec<(String, f64)> {
        find_numerals(text, &[])
            .into_iter()
            .filter_map(|m| match m.quantity {
                Some(Quantity::Number { value, .. }) => Some((m.raw, value)),
                Some(Quantity::Range { low, .. }) => Some((m.raw, low)),
                _ => None,
            })
            .collect()
    }

    /// A currency code one blank before an amount and a dollar's country
    /// glued to its sign are part of the amount; another word glued to
    /// `$`, or a code glued to the digits, leaves an identifier.
    #[test]
    fn a_currency_code_or_dollars_country_before_an_amount_is_part_of_it() {
        let text = "Paid US$45, A$3 million, USD 12 and EUR\u{a0}7, not XY$45, USD45 or SUSD 9.";
        let found: Vec<(&str, bool)> = (find_numerals(text, &[]).iter())
            .map(|m| (&text[m.start..m.end], m.is_identifier()))
            .collect();
        assert_eq!(
            found,
            [
                ("US$45", false),
                ("A$3 million", false),
                ("USD 12", false),
                ("EUR\u{a0}7", false),
                ("XY$45", true),
                ("USD45", true),
                ("9", false),
            ]
        );
        // The spans alone, for a source's keys, are the same.
        let spans =
            |found: Vec<NumberMention>| found.iter().map(|m| (m.start, m.end)).collect::<Vec<_>>();
        assert_eq!(
            spans(find_numerals_for_keys(text, &[])),
            spans(find_numerals(text, &[]))
        );
    }

    #[test]
    fn a_minus_sign_that_opens_a_word_makes_an_amount_negative() {
        let a = |raw: &str, v: f64| (raw.to_string(), v);
        assert_eq!(amounts("It fell to -5 degrees."), vec![a("-5", -5.0)]);
        assert_eq!(
            amounts("It fell to \u{2212}5 degrees."),
            vec![a("\u{2212}5", -5.0)]
        );
        assert_eq!(
            amounts("Growth was (-3.2%) and -$40."),
            vec![a("-3.2%", -3.2), a("-$40", -40.0)]
        );
        assert_eq!(amounts("-12 at the start of a line"), vec![a("-12", -12.0)]);
        assert_eq!(amounts("from -5 to 5 degrees"), vec![a("-5 to 5", -5.0)]);
        // A dash between numbers or after a word is no sign.
        assert_eq!(amounts("pages 5-7"), vec![a("5-7", 5.0)]);
        assert!(amounts("COVID-19 cases").is_empty());
        assert_eq!(amounts("a well-2 fed"), Vec::new());
        // A date keeps its span: the dash before it is not part of it.
        let date = find_numerals("Opened -2020-03-04.", &[]);
        assert!(date.iter().all(|m| !m.raw.starts_with('-')), "{date:?}");
    }

    #[test]
    fn the_ascii_word_shortcut_agrees_with_the_identifier_reader() {
        // Every string of up to four of these characters.
        let alphabet = [
            "a", "Z", "7", " ", "-", ".", "_", ":", "/", "#", "é", "'", "’", ",",
        ];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts = longer;
            for text in &texts {
                for at in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                    if let Some(short) = ascii_word_at(text, at) {
                        assert_eq!(short, identifier_at(text, at), "{text:?} at {at}");
                    }
                }
            }
        }
    }
}
