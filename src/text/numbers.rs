//! Reading quantities in text: numerals (`1,000`, `$2.5bn`, `94%`, `5-7`),
//! number words (`fourteen`, `two hundred and five`), dates (`March 3, 2024`)
//! and identifiers (`SKU-441`, `v2.0`), each with its byte span and, for a
//! quantity, its normalised value. Text analysis only: the check that
//! compares a claim's numbers with its sentence's is `checks::numbers`.

use serde::{Deserialize, Serialize};

use crate::text::case::Lowercase;
use crate::text::decimal::Decimal;
use crate::text::scan::{digits, glued_after, glued_before, parse_decimal};
use crate::text::words::RawWord;

/// What kind of amount a number is. Units are kept for display and repair;
/// comparison looks at values only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Plain,
    Percent,
    Money,
}

/// A normalised quantity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Quantity {
    Number {
        value: f64,
        unit: Unit,
    },
    Range {
        low: f64,
        high: f64,
        unit: Unit,
    },
    Date {
        year: Option<i32>,
        month: Option<u8>,
        day: Option<u8>,
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
}

impl NumberMention {
    pub fn is_identifier(&self) -> bool {
        self.quantity.is_none()
    }

    /// The comparison key shared by support and the number check: the
    /// canonical value (`#1000`, `#5-7`, `#2024-03-03`) when normalising, else
    /// the raw text. Identifiers compare as lower-cased text.
    pub fn key(&self, normalise: bool) -> String {
        match (&self.quantity, normalise) {
            (Some(q), true) => format!("#{}", q.canonical()),
            (Some(_), false) => format!("#{}", self.raw.lowercase()),
            (None, _) => self.raw.lowercase(),
        }
    }
}

fn fmt_value(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.6}", v = Decimal(v));
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn approx_eq(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

impl Quantity {
    /// A canonical text form: equal quantities have equal forms.
    pub fn canonical(&self) -> String {
        match self {
            Quantity::Number { value, .. } => fmt_value(*value),
            Quantity::Range { low, high, .. } => {
                format!("{}-{}", fmt_value(*low), fmt_value(*high))
            }
            Quantity::Date { year, month, day } => {
                let y = year
                    .map(|y| format!("{y:04}"))
                    .unwrap_or_else(|| "-".into());
                match (month, day) {
                    (Some(m), Some(d)) => format!("{y}-{m:02}-{d:02}"),
                    (Some(m), None) => format!("{y}-{m:02}"),
                    _ => y,
                }
            }
        }
    }

    /// Does the source quantity `s` state this claim quantity?
    pub fn stated_by(&self, s: &Quantity) -> bool {
        use Quantity::*;
        match (self, s) {
            (Number { value: a, .. }, Number { value: b, .. }) => approx_eq(*a, *b),
            (Number { value: a, .. }, Range { low, high, .. }) => {
                approx_eq(*a, *low) || approx_eq(*a, *high)
            }
            (
                Range {
                    low: a, high: b, ..
                },
                Range {
                    low: c, high: d, ..
                },
            ) => approx_eq(*a, *c) && approx_eq(*b, *d),
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
            _ => false,
        }
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
        && !glued_after(text, at + 10)
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

/// An identifier opening with a letter at `at`: letters and digits, joined
/// by `- : / # _ .`, holding at least one digit (`SKU-441`, `v2.0`,
/// `arXiv:2204.09876`). Returns its end.
fn identifier_at(text: &str, at: usize) -> (usize, bool) {
    let mut end = at;
    let mut has_digit = false;
    let mut chars = text[at..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() {
            has_digit |= c.is_ascii_digit();
            end = at + i + c.len_utf8();
        } else if matches!(c, '-' | ':' | '/' | '#' | '_' | '.')
            && chars.peek().is_some_and(|&(_, n)| n.is_alphanumeric())
        {
            continue;
        } else {
            break;
        }
    }
    (end, has_digit)
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
    if b.len() > end + 1 && b[end] == b'.' && b[end + 1].is_ascii_digit() {
        end += 1 + digits(&rest[end + 1..]);
    }
    Some((at + end, parse_decimal(&rest[..end].replace(',', ""))?))
}

/// One side of a number or range: an optional currency sign, the digits,
/// attached letters, a spaced scale word and a percent sign or word.
struct Amount {
    end: usize,
    value: Option<f64>,
    money: bool,
    percent: bool,
    scale_word: Option<&'static str>,
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
    let value = scaled(value, attached, scale_word.or(inherited_scale), money);
    Some(Amount {
        end,
        value,
        money,
        percent,
        scale_word,
    })
}

/// A number, percentage, amount of money or range at `at`. Returns (end, quantity);
/// `None` quantity when glued letters make it an identifier (`4G`).
fn number_at(text: &str, at: usize) -> Option<(usize, Option<Quantity>)> {
    let a = amount_at(text, at, None)?;
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
    let unit = unit_of(money, percent);
    let quantity = match (a.value, b.map(|b| b.value)) {
        (Some(v), None) => Some(Quantity::Number { value: v, unit }),
        (Some(low), Some(Some(high))) => Some(Quantity::Range { low, high, unit }),
        _ => None,
    };
    Some((end, quantity))
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

/// Find numerals, dates and identifiers written with digits. Spans in `skip`
/// (citations such as `[S1-3]`) are not read.
pub fn find_numerals(text: &str, skip: &[(usize, usize)]) -> Vec<NumberMention> {
    let mut out: Vec<NumberMention> = Vec::new();
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return out; // every quantity and identifier holds a digit
    }
    let push =
        |start: usize, end: usize, quantity: Option<Quantity>, out: &mut Vec<NumberMention>| {
            out.push(NumberMention {
                start,
                end,
                raw: text[start..end].to_string(),
                quantity,
            });
        };
    let mut skip_i = 0;
    let mut i = 0;
    while i < text.len() {
        while skip_i < skip.len() && skip[skip_i].1 <= i {
            skip_i += 1;
        }
        if skip_i < skip.len() && skip[skip_i].0 <= i {
            i = skip[skip_i].1;
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        let word_start = !glued_before(text, i);
        if c.is_alphabetic() {
            if !word_start {
                i += c.len_utf8();
                continue;
            }
            if let Some((end, date)) = date_from_month(text, i) {
                push(i, end, Some(date), &mut out);
                i = end;
                continue;
            }
            let (end, has_digit) = identifier_at(text, i);
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
                    continue;
                }
            }
            if let Some((end, quantity)) = number_at(text, i) {
                let before = text[..i].chars().next_back();
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
                    let mut end = end;
                    while let Some(n) = text[end..]
                        .chars()
                        .next()
                        .filter(|c| c.is_alphanumeric() || *c == '_')
                    {
                        end += n.len_utf8();
                    }
                    let start = end - text[start..end].trim_start_matches(['-', '.', '_']).len();
                    if out.last().is_none_or(|last| last.end <= start) {
                        push(start, end, None, &mut out);
                    }
                    i = end;
                } else {
                    push(i, end, quantity, &mut out);
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

/// Find numbers written as words (`fourteen`, `twenty-one`, `two hundred and
/// five`, `three million`, `ten percent`). Returns the index range of the
/// words used and the mention.
pub fn find_number_words(
    text: &str,
    words: &[RawWord],
) -> Vec<(std::ops::Range<usize>, NumberMention)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if number_word(&words[i].lower).is_none() {
            i += 1;
            continue;
        }
        // Read one number phrase: words joined only by spaces or hyphens.
        let (mut total, mut current) = (0.0_f64, 0.0_f64);
        let mut prev: Option<f64> = None; // the previous word's value (a scale counts as 100+)
        let mut last = i;
        let mut j = i;
        while j < words.len() {
            if j > i
                && !text[words[j - 1].end..words[j].start]
                    .chars()
                    .all(|c| c.is_whitespace() || c == '-')
            {
                break;
            }
            let w = words[j].lower.as_str();
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
                    .is_some_and(|n| number_word(&n.lower).is_some())
            {
                j += 1; // "two hundred and five"
                continue;
            } else {
                break;
            }
            last = j;
            j += 1;
        }
        if last == i && words[i].lower == "one" {
            i += 1;
            continue;
        }
        let mut unit = Unit::Plain;
        let mut end_idx = last;
        if let Some(next) = words.get(last + 1) {
            if next.lower == "percent" && text[words[last].end..next.start].trim().is_empty() {
                end_idx = last + 1;
                unit = Unit::Percent;
            }
        }
        let (start, end) = (words[i].start, words[end_idx].end);
        let mention = NumberMention {
            start,
            end,
            raw: text[start..end].to_string(),
            quantity: Some(Quantity::Number {
                value: total + current,
                unit,
            }),
        };
        out.push((i..end_idx + 1, mention));
        i = end_idx + 1;
    }
    out
}
