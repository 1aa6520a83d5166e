//! The words around a number that change what it states: units of measure
//! (`1.2 km` is `1,200 metres`), hedges (`about 40%` allows 38.6%) and
//! calendar words (`April`, `autumn`, `Tuesdays`) that name a value the way
//! a number does. Text analysis only; `text::numbers` attaches what is read
//! here to each quantity and `checks::numbers` compares them.

use serde::{Deserialize, Serialize};

use crate::text::case::Lowercase;
use crate::text::scan::{glued_after, starts_with_ci};

/// What kind of amount a number is. Amounts of one measure (length, mass,
/// time, volume) compare by their value in that measure's base unit; the
/// others compare by the value as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Plain,
    Percent,
    Money,
    /// In metres.
    Length,
    /// In grams.
    Mass,
    /// In seconds.
    Time,
    /// In litres.
    Volume,
    /// In pascals.
    Pressure,
    /// In joules.
    Energy,
    /// In watts.
    Power,
    /// Degrees Celsius (`°C`, `degrees Celsius`): a scale of its own, not
    /// converted to Fahrenheit.
    Celsius,
    /// Degrees Fahrenheit (`°F`).
    Fahrenheit,
}

impl Unit {
    /// A measure: its amounts convert (`km` to metres) and compare only
    /// with amounts of the same measure.
    pub fn is_measure(self) -> bool {
        matches!(
            self,
            Unit::Length
                | Unit::Mass
                | Unit::Time
                | Unit::Volume
                | Unit::Pressure
                | Unit::Energy
                | Unit::Power
                | Unit::Celsius
                | Unit::Fahrenheit
        )
    }
}

/// Units of measure written as words or abbreviations, with the size of one
/// in the measure's base unit. Singular and plural; US and UK spellings.
/// A gallon, quart, pint, cup, tablespoon and teaspoon are the US ones.
/// Left out on purpose: `in` (a preposition), `pound` (money or mass),
/// `ton` (short, long or metric), `s` glued to digits (`1990s` is a
/// decade), temperatures (not a ratio), and what case alone tells apart,
/// as names are compared in lower case: `mW` and `MW`, `mJ` and `MJ`,
/// `mWh` and `MWh` (`MPa` is read as megapascals: millipascals are rare
/// in print); nor `atm` (a cash machine as often); nor
/// single letters (`W` may be west, `J` a name) nor `cal` (a food's
/// calorie is a kilocalorie) nor `hp` (a maker's name as often).
const UNITS: &[(&str, Unit, f64)] = &[
    ("mm", Unit::Length, 0.001),
    ("millimetre", Unit::Length, 0.001),
    ("millimeter", Unit::Length, 0.001),
    ("cm", Unit::Length, 0.01),
    ("centimetre", Unit::Length, 0.01),
    ("centimeter", Unit::Length, 0.01),
    ("m", Unit::Length, 1.0),
    ("metre", Unit::Length, 1.0),
    ("meter", Unit::Length, 1.0),
    ("km", Unit::Length, 1000.0),
    ("kilometre", Unit::Length, 1000.0),
    ("kilometer", Unit::Length, 1000.0),
    ("ft", Unit::Length, 0.3048),
    ("foot", Unit::Length, 0.3048),
    ("feet", Unit::Length, 0.3048),
    ("inch", Unit::Length, 0.0254),
    ("inches", Unit::Length, 0.0254),
    ("yard", Unit::Length, 0.9144),
    ("yd", Unit::Length, 0.9144),
    ("mile", Unit::Length, 1609.344),
    ("mi", Unit::Length, 1609.344),
    ("mcg", Unit::Mass, 1e-6),
    ("ug", Unit::Mass, 1e-6),
    ("microgram", Unit::Mass, 1e-6),
    ("mg", Unit::Mass, 0.001),
    ("milligram", Unit::Mass, 0.001),
    ("g", Unit::Mass, 1.0),
    ("gram", Unit::Mass, 1.0),
    ("gramme", Unit::Mass, 1.0),
    ("kg", Unit::Mass, 1000.0),
    ("kilo", Unit::Mass, 1000.0),
    ("kilogram", Unit::Mass, 1000.0),
    ("kilogramme", Unit::Mass, 1000.0),
    ("tonne", Unit::Mass, 1e6),
    ("oz", Unit::Mass, 28.349_523_125),
    ("ounce", Unit::Mass, 28.349_523_125),
    ("lb", Unit::Mass, 453.592_37),
    ("lbs", Unit::Mass, 453.592_37),
    ("ms", Unit::Time, 0.001),
    ("millisecond", Unit::Time, 0.001),
    ("sec", Unit::Time, 1.0),
    ("second", Unit::Time, 1.0),
    ("min", Unit::Time, 60.0),
    ("mins", Unit::Time, 60.0),
    ("minute", Unit::Time, 60.0),
    ("h", Unit::Time, 3600.0),
    ("hr", Unit::Time, 3600.0),
    ("hrs", Unit::Time, 3600.0),
    ("hour", Unit::Time, 3600.0),
    ("day", Unit::Time, 86_400.0),
    ("week", Unit::Time, 604_800.0),
    ("fortnight", Unit::Time, 1_209_600.0),
    // A month is a twelfth of a year, so 24 months are 2 years exactly.
    ("month", Unit::Time, 2_629_800.0),
    ("year", Unit::Time, 31_557_600.0),
    ("yr", Unit::Time, 31_557_600.0),
    ("decade", Unit::Time, 315_576_000.0),
    ("century", Unit::Time, 3_155_760_000.0),
    ("centuries", Unit::Time, 3_155_760_000.0),
    ("ml", Unit::Volume, 0.001),
    ("millilitre", Unit::Volume, 0.001),
    ("milliliter", Unit::Volume, 0.001),
    ("l", Unit::Volume, 1.0),
    ("litre", Unit::Volume, 1.0),
    ("liter", Unit::Volume, 1.0),
    ("cl", Unit::Volume, 0.01),
    ("centilitre", Unit::Volume, 0.01),
    ("centiliter", Unit::Volume, 0.01),
    ("gallon", Unit::Volume, 3.785_411_784),
    ("quart", Unit::Volume, 0.946_352_946),
    ("pint", Unit::Volume, 0.473_176_473),
    ("cup", Unit::Volume, 0.236_588_236_5),
    ("tablespoon", Unit::Volume, 0.014_786_764_781_25),
    ("tbsp", Unit::Volume, 0.014_786_764_781_25),
    ("teaspoon", Unit::Volume, 0.004_928_921_593_75),
    ("tsp", Unit::Volume, 0.004_928_921_593_75),
    ("pa", Unit::Pressure, 1.0),
    ("pascal", Unit::Pressure, 1.0),
    ("hpa", Unit::Pressure, 100.0),
    ("hectopascal", Unit::Pressure, 100.0),
    ("kpa", Unit::Pressure, 1000.0),
    ("kilopascal", Unit::Pressure, 1000.0),
    ("mpa", Unit::Pressure, 1e6),
    ("megapascal", Unit::Pressure, 1e6),
    ("mbar", Unit::Pressure, 100.0),
    ("millibar", Unit::Pressure, 100.0),
    ("bar", Unit::Pressure, 1e5),
    ("psi", Unit::Pressure, 6_894.757_293_168_361),
    ("joule", Unit::Energy, 1.0),
    ("kj", Unit::Energy, 1000.0),
    ("kilojoule", Unit::Energy, 1000.0),
    ("megajoule", Unit::Energy, 1e6),
    ("wh", Unit::Energy, 3600.0),
    ("kwh", Unit::Energy, 3.6e6),
    ("gwh", Unit::Energy, 3.6e12),
    ("kcal", Unit::Energy, 4184.0),
    ("kilocalorie", Unit::Energy, 4184.0),
    ("watt", Unit::Power, 1.0),
    ("kw", Unit::Power, 1000.0),
    ("kilowatt", Unit::Power, 1000.0),
    ("megawatt", Unit::Power, 1e6),
    ("gw", Unit::Power, 1e9),
    ("gigawatt", Unit::Power, 1e9),
    ("horsepower", Unit::Power, 745.699_871_582_270_2),
];

/// The unit a word names, with its size in the base unit: `km` → (length,
/// 1000). A plural `s` is dropped (`metres`, `hours`); other plurals are
/// are not units here.
pub fn unit_named(word: &str) -> Option<(Unit, f64)> {
    if !word.is_ascii() {
        return unit_named_lower(&word.lowercase());
    }
    // Every name is ASCII and at most `LONGEST_UNIT` bytes: a longer word
    // (plural `s` aside) names none, and a shorter one is lower-cased in
    // place, not copied (support asks of every content word).
    if word.len() > LONGEST_UNIT + 1 {
        return None;
    }
    let mut bytes = [0u8; LONGEST_UNIT + 1];
    let lower = &mut bytes[..word.len()];
    lower.copy_from_slice(word.as_bytes());
    lower.make_ascii_lowercase();
    unit_named_lower(std::str::from_utf8(lower).expect("ASCII stays UTF-8"))
}

/// [`unit_named`] of a lower-cased word.
fn unit_named_lower(lower: &str) -> Option<(Unit, f64)> {
    unit_by_name(lower).or_else(|| {
        let singular = lower.strip_suffix('s')?;
        (singular.len() > 2)
            .then(|| unit_by_name(singular))
            .flatten()
    })
}

/// The unit named exactly `name`. Natively the names are searched by
/// halves, in order (support asks of every content word: a pass over all
/// of them was 3% of a batch); the page looks along the table, as the
/// sorted copy cost 0.5 KB of its bundle.
fn unit_by_name(name: &str) -> Option<(Unit, f64)> {
    #[cfg(not(target_arch = "wasm32"))]
    let found = {
        static BY_NAME: std::sync::OnceLock<Vec<(&str, Unit, f64)>> = std::sync::OnceLock::new();
        let by_name = BY_NAME.get_or_init(|| {
            let mut names = UNITS.to_vec();
            names.sort_by(|a, b| a.0.cmp(b.0));
            names
        });
        by_name
            .binary_search_by(|(n, _, _)| (*n).cmp(name))
            .ok()
            .map(|i| by_name[i])
    };
    #[cfg(target_arch = "wasm32")]
    let found = UNITS.iter().find(|(n, _, _)| *n == name).copied();
    found.map(|(_, unit, size)| (unit, size))
}

/// The longest unit name, in bytes.
const LONGEST_UNIT: usize = {
    let (mut i, mut longest) = (0, 0);
    while i < UNITS.len() {
        if UNITS[i].0.len() > longest {
            longest = UNITS[i].0.len();
        }
        i += 1;
    }
    longest
};

/// A unit word right after a number ending at `end`: one space or hyphen,
/// then a whole word naming a unit (`30 days`, `1,200-metre`). Returns the
/// unit, its size and the word's byte span.
pub fn unit_after(text: &str, end: usize) -> Option<(Unit, f64, (usize, usize))> {
    let rest = &text[end..];
    let gap = usize::from(rest.starts_with([' ', '-', '\u{a0}']))
        + usize::from(rest.starts_with('\u{a0}')); // a no-break space is two bytes
    if gap == 0 {
        return None;
    }
    let start = end + gap;
    let len = letters_at(text, start)?;
    let (unit, size) = unit_named(&text[start..start + len])?;
    Some((unit, size, (start, start + len)))
}

/// How many ASCII letters start at byte `at`, a whole word (no letter or
/// digit glued after them); `None` for none.
fn letters_at(text: &str, at: usize) -> Option<usize> {
    let len = text[at..]
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    (len > 0 && !glued_after(text, at + len)).then_some(len)
}

/// A temperature scale right after a number ending at `end`: a degree
/// sign and `C` or `F` (`350°F`, `20 °C`, `5 ºC`), `degrees` or `deg`
/// then the scale (`180 degrees Celsius`, `40 degrees F`), or the scale's
/// name alone (`100 Celsius`). Returns the unit, size 1 and the span from
/// the sign or first word to the scale's end.
pub fn temperature_after(text: &str, end: usize) -> Option<(Unit, f64, (usize, usize))> {
    let rest = &text[end..];
    let start = end + usize::from(rest.starts_with(' '));
    let mut at = start;
    let signed = text[at..].starts_with(['°', 'º']);
    if signed {
        at += 2; // both signs are two bytes
        at += usize::from(text[at..].starts_with(' '));
    } else if let Some(word) = ["degrees ", "degree ", "deg "]
        .into_iter()
        .find(|w| starts_with_ci(text, at, w))
    {
        at += word.len();
    }
    let len = letters_at(text, at)?;
    let word = &text[at..at + len];
    let letter_allowed = at > start; // after a sign or `degrees`
    let unit = match word.len() {
        1 if !letter_allowed => return None,
        1 => match word.as_bytes()[0].to_ascii_lowercase() {
            b'c' => Unit::Celsius,
            b'f' => Unit::Fahrenheit,
            _ => return None,
        },
        _ if word.eq_ignore_ascii_case("celsius") || word.eq_ignore_ascii_case("centigrade") => {
            Unit::Celsius
        }
        _ if word.eq_ignore_ascii_case("fahrenheit") => Unit::Fahrenheit,
        _ => return None,
    };
    Some((unit, 1.0, (start, at + len)))
}

/// How a claim states an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Approx {
    /// As written: `40%` is 39.5–40.5%.
    Exact,
    /// `about`, `around`, `roughly`, `nearly`…: `about 40%` is 35–45%.
    About,
    /// `more than`, `over`, `at least`: the true amount is this or more.
    AtLeast,
    /// `less than`, `under`, `up to`: the true amount is this or less.
    AtMost,
}

impl Approx {
    /// Bounds in opposite directions: `more than` against `up to`.
    pub fn opposes(self, other: Approx) -> bool {
        matches!(
            (self, other),
            (Approx::AtLeast, Approx::AtMost) | (Approx::AtMost, Approx::AtLeast)
        )
    }
}

/// Words right before a number that hedge or bound it, longest first. A
/// bound said by denying its opposite ("no fewer than 500", "not more than
/// 40") comes before the opposite it holds.
const HEDGES: &[(&str, Approx)] = &[
    ("not fewer than", Approx::AtLeast),
    ("no fewer than", Approx::AtLeast),
    ("not less than", Approx::AtLeast),
    ("no less than", Approx::AtLeast),
    ("not more than", Approx::AtMost),
    ("no more than", Approx::AtMost),
    ("approximately", Approx::About),
    ("roughly", Approx::About),
    ("around", Approx::About),
    ("about", Approx::About),
    ("nearly", Approx::About),
    ("almost", Approx::About),
    ("circa", Approx::About),
    ("some", Approx::About),
    ("close to", Approx::About),
    ("~", Approx::About),
    ("more than", Approx::AtLeast),
    ("over", Approx::AtLeast),
    ("at least", Approx::AtLeast),
    ("upwards of", Approx::AtLeast),
    ("less than", Approx::AtMost),
    ("fewer than", Approx::AtMost),
    ("under", Approx::AtMost),
    ("up to", Approx::AtMost),
    ("at most", Approx::AtMost),
];

/// The hedge right before byte `start` ("about 40%", "just over 1,000").
pub fn approx_before(text: &str, start: usize) -> Approx {
    hedge_before(text, start).map_or(Approx::Exact, |(approx, _)| approx)
}

/// [`approx_before`] with the hedge's first byte, when a hedge is there.
/// A bound after a negated verb is the other bound: "do not take more than
/// 8" is at most 8, "must not drop under 5" at least 5.
pub fn hedge_before(text: &str, start: usize) -> Option<(Approx, usize)> {
    let before = text[..start].trim_end_matches([' ', '\u{a0}']);
    let from = crate::text::scan::char_end(before, before.len().saturating_sub(16));
    let lower = before[from..].lowercase();
    let (approx, at) = HEDGES
        .iter()
        .find(|(word, _)| {
            lower.ends_with(word)
                && (word.len() == 1
                    || !lower[..lower.len() - word.len()]
                        .chars()
                        .next_back()
                        .is_some_and(char::is_alphanumeric))
        })
        .map(|&(word, approx)| (approx, before.len().saturating_sub(word.len())))?;
    let turned = match approx {
        Approx::AtLeast if negated_verb_before(&text[..at]) => Approx::AtMost,
        Approx::AtMost if negated_verb_before(&text[..at]) => Approx::AtLeast,
        other => other,
    };
    Some((turned, at))
}

/// Does `before` end with a negated verb: `not`, `never` or a word ending
/// in `n't`, then a verb, or an auxiliary and a verb ("not take", "never",
/// "don't need", "not have completed", "not be given")? Not a negation of
/// another phrase ("do not give to children under 10" bounds no giving).
/// "No more than" is a hedge of its own ([`HEDGES`]).
fn negated_verb_before(before: &str) -> bool {
    const AUXILIARIES: &[&str] = &["have", "has", "had", "be", "been", "being", "get"];
    let negates = |word: &str| {
        let word = word.lowercase().replace('’', "'");
        matches!(word.as_str(), "not" | "never") || word.ends_with("n't")
    };
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    let alphabetic = |w: &&str| w.chars().all(char::is_alphabetic);
    match words[..] {
        [n, ..] if negates(n) => true,
        [_, n, ..] if alphabetic(&words[0]) && negates(n) => true,
        [_, aux, n] => {
            alphabetic(&words[0]) && AUXILIARIES.contains(&aux.lowercase().as_str()) && negates(n)
        }
        _ => false,
    }
}

/// The unit of the last decimal place written in a numeral (`3.50` → 0.01,
/// `410` → 1).
pub fn last_place(numeral: &str) -> f64 {
    // A decimal comma ("12,5"): one or two digits after the last comma.
    let comma_decimals = || {
        let (_, tail) = numeral.rsplit_once(',')?;
        let d = tail.bytes().take_while(u8::is_ascii_digit).count();
        (1..=2).contains(&d).then_some(d)
    };
    match numeral.split_once('.') {
        Some((_, decimals)) => {
            let d = decimals.bytes().take_while(u8::is_ascii_digit).count();
            10f64.powi(-(d as i32))
        }
        None => comma_decimals().map_or(1.0, |d| 10f64.powi(-(d as i32))),
    }
}

/// The place of a value's last non-zero digit (`40` → 10, `1,250` → 10,
/// `38` → 1): what a hedged round number is rounded to.
pub fn rounding_place(value: f64, written_place: f64) -> f64 {
    let mut place = written_place;
    let v = value.abs();
    if v == 0.0 {
        return place;
    }
    while place < 1e15 && ((v / (place * 10.0)).round() * place * 10.0 - v).abs() < place * 1e-6 {
        place *= 10.0;
    }
    place
}

/// The coarsest step of 1, 2.5 or 5 times a power of ten that `value` is
/// a whole number of, no finer than its last non-zero digit: what a writer
/// who wrote it rounded to (`40` → 10, `1,250` → 250, 3.5 million →
/// 500,000, `0.75` → 0.25, `42,038` → 1). Infinite for 0 (any step).
pub fn rounding_step(value: f64) -> f64 {
    // The shortest decimal that reads back as `value` (never an exponent;
    // not `f64`'s own `Display`, about 8 KB of the lab's wasm).
    let written = crate::text::decimal::Decimal(value.abs()).to_string();
    let (whole, fraction) = written.split_once('.').unwrap_or((&written, ""));
    let digits = format!("{whole}{fraction}");
    let significant = digits.trim_end_matches('0');
    let Ok(m) = significant.parse::<u64>() else {
        return f64::INFINITY; // 0, or more digits than a u64 holds
    };
    if m == 0 {
        return f64::INFINITY;
    }
    // value = m × 10^exp; in halves of 10^exp it is 2m, and the steps
    // 1, 2.5 and 5 times 10^k are 2, 5 and 10 times 10^k halves.
    let exp = (digits.len() - significant.len()) as i32 - fraction.len() as i32;
    let halves = 2 * m;
    let mut step = 2;
    let mut power: u64 = 1;
    'steps: loop {
        for f in [2, 5, 10] {
            let Some(s) = power.checked_mul(f).filter(|&s| s <= halves) else {
                break 'steps;
            };
            if halves % s == 0 {
                step = s;
            }
        }
        power *= 10;
    }
    step as f64 / 2.0 * 10f64.powi(exp)
}

/// A word naming a season, weekday or (alone) a month, compared as a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "index", rename_all = "snake_case")]
pub enum CalendarWord {
    /// 1 spring, 2 summer, 3 autumn, 4 winter.
    Season(u8),
    /// 1 Monday … 7 Sunday, 8 weekend, 9 weekday.
    Weekday(u8),
    /// 1 January … 12 December.
    Month(u8),
}

pub const SEASONS: [&str; 4] = ["spring", "summer", "autumn", "winter"];
/// The seven days, then the two kinds of day ("at weekends", "on weekdays").
pub const WEEKDAYS: [&str; 9] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "weekend",
    "weekday",
];
pub const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The first three letters of each listed name, and of "fall".
const OPENINGS: [[u8; 3]; SEASONS.len() + WEEKDAYS.len() + MONTHS.len() + 1] = {
    let lists: [&[&str]; 4] = [&SEASONS, &WEEKDAYS, &MONTHS, &["fall"]];
    let mut out = [[0; 3]; SEASONS.len() + WEEKDAYS.len() + MONTHS.len() + 1];
    let (mut list, mut at) = (0, 0);
    while list < lists.len() {
        let mut i = 0;
        while i < lists[list].len() {
            let name = lists[list][i].as_bytes();
            out[at] = [name[0], name[1], name[2]];
            (at, i) = (at + 1, i + 1);
        }
        list += 1;
    }
    out
};

/// Could `lower` be a calendar word [`CalendarWord::read`] reads? Each one
/// (a plural, a month's abbreviation, "fall") has three letters or more and
/// opens with the first three of a listed name ([`OPENINGS`]). Asked of
/// every new word of a source, for numbers in words: the lists were a
/// third of learning one.
fn opens_like_a_calendar_word(lower: &str) -> bool {
    match *lower.as_bytes() {
        [a, b, c, ..] => OPENINGS.contains(&[a, b, c]),
        _ => false,
    }
}

/// Words before a season or month that make an ambiguous one ("spring",
/// "fall", "May") a time of year: "in spring", "every fall", "since May".
pub(crate) const CALENDAR_CONTEXT: &[&str] = &[
    "in", "every", "each", "this", "last", "next", "the", "early", "late", "mid", "by", "until",
    "till", "since", "during", "from", "through", "of", "before", "after", "that", "all",
];

impl CalendarWord {
    /// Read one word (`lower` lower-cased, `surface` as written) with the
    /// word before it. Months and weekdays must be capitalised; "spring",
    /// "fall" and "May" need a word of time before them ("in spring").
    pub fn read(lower: &str, surface: &str, before: Option<&str>) -> Option<CalendarWord> {
        match opens_like_a_calendar_word(lower) {
            true => CalendarWord::read_lists(lower, surface, before),
            false => None, // most words, turned away in one look-up
        }
    }

    /// [`CalendarWord::read`] through the lists alone.
    fn read_lists(lower: &str, surface: &str, before: Option<&str>) -> Option<CalendarWord> {
        let in_context = before.is_some_and(|b| CALENDAR_CONTEXT.contains(&b));
        let capital = surface.starts_with(|c: char| c.is_uppercase());
        let position = |list: &[&str], w: &str| list.iter().position(|n| *n == w);
        let season = match lower {
            "fall" | "spring" if !in_context => None,
            "fall" => Some(3),
            w => position(&SEASONS, w)
                .or_else(|| position(&SEASONS, w.strip_suffix('s')?))
                .map(|i| i as u8 + 1),
        };
        if let Some(s) = season {
            return Some(CalendarWord::Season(s));
        }
        let singular = lower.strip_suffix('s').unwrap_or(lower);
        match position(&WEEKDAYS, singular) {
            Some(d) if capital || d >= 7 => return Some(CalendarWord::Weekday(d as u8 + 1)),
            _ => {}
        }
        if !capital {
            return None;
        }
        // "Aug", "Sept": an abbreviation alone needs a word of time before it.
        let month = position(&MONTHS, lower).or_else(|| {
            let m = MONTHS
                .iter()
                .position(|n| n.len() > 4 && lower.len() >= 3 && n.starts_with(lower))?;
            in_context.then_some(m)
        });
        match month {
            Some(4) if !in_context => None, // "May I…", "May be"
            Some(m) => Some(CalendarWord::Month(m as u8 + 1)),
            None => None,
        }
    }

    /// The word's name, lower-case (`autumn`, `tuesday`, `april`).
    pub fn name(self) -> &'static str {
        match self {
            CalendarWord::Season(i) => SEASONS[usize::from(i) - 1],
            CalendarWord::Weekday(i) => WEEKDAYS[usize::from(i) - 1],
            CalendarWord::Month(i) => MONTHS[usize::from(i) - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_calendar_word_opens_like_one() {
        // Every word of up to four letters, and each listed name, its
        // plural and each of its starts, where the lists admit most.
        let mut words: Vec<String> = Vec::new();
        let letters = || 'a'..='z';
        for a in letters() {
            for b in letters() {
                words.push(format!("{a}{b}"));
                for c in letters() {
                    words.push(format!("{a}{b}{c}"));
                    words.extend(letters().map(|d| format!("{a}{b}{c}{d}")));
                }
            }
        }
        for name in SEASONS.iter().chain(&WEEKDAYS).chain(&MONTHS) {
            words.extend((1..=name.len()).map(|n| name[..n].to_string()));
            words.push(format!("{name}s"));
        }
        let mut read = 0;
        for word in &words {
            let capitalised = word[..1].to_ascii_uppercase() + &word[1..];
            if CalendarWord::read_lists(word, &capitalised, Some("in")).is_some() {
                read += 1;
                assert!(opens_like_a_calendar_word(word), "{word}");
            }
        }
        assert!(read > 40, "{read}");
        // Turned away before the lists: no name opens so.
        assert!(!opens_like_a_calendar_word("table") && !opens_like_a_calendar_word("ma"));
        assert_eq!(CalendarWord::read("table", "Table", Some("in")), None);
    }

    #[test]
    fn a_unit_is_named_in_any_case_and_with_a_plural_s() {
        for &(name, unit, size) in UNITS {
            let title: String = name[..1].to_uppercase() + &name[1..];
            for word in [
                name.to_string(),
                name.to_uppercase(),
                title,
                format!("{name}s"),
            ] {
                let found = unit_named(&word);
                // `ms` is milliseconds itself, and `ls` no word: a plural
                // is read only from a singular of three letters or more.
                if word.ends_with('s') && word.len() <= 3 && word != name {
                    continue;
                }
                assert!(found.is_some(), "{word}");
                if word.to_lowercase() == name {
                    assert_eq!(found, Some((unit, size)), "{word}");
                }
            }
        }
        // Each name once (the search by halves finds one entry a name).
        let mut names: Vec<&str> = UNITS.iter().map(|u| u.0).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), UNITS.len());
        let longest = "x".repeat(LONGEST_UNIT + 2);
        for word in [
            "metresss",
            "inche",
            "kilometrez",
            "",
            "s",
            longest.as_str(),
            "ÉKM",
            "kmé",
        ] {
            assert_eq!(unit_named(word), None, "{word}");
        }
        assert_eq!(unit_named("Kilometres"), Some((Unit::Length, 1000.0)));
    }

    #[test]
    fn what_case_alone_tells_apart_is_no_unit() {
        assert_eq!(unit_named("kPa"), Some((Unit::Pressure, 1000.0)));
        assert_eq!(unit_named("MPa"), Some((Unit::Pressure, 1e6)));
        assert_eq!(unit_named("kWh"), Some((Unit::Energy, 3.6e6)));
        for ambiguous in [
            "MW", "mW", "MJ", "mJ", "MWh", "mWh", "W", "J", "cal", "HP", "ATMs",
        ] {
            assert_eq!(unit_named(ambiguous), None, "{ambiguous}");
        }
    }

    #[test]
    fn units_are_read_in_either_number() {
        assert_eq!(unit_named("metres"), Some((Unit::Length, 1.0)));
        assert_eq!(unit_named("km"), Some((Unit::Length, 1000.0)));
        assert_eq!(unit_named("Hours"), Some((Unit::Time, 3600.0)));
        assert_eq!(unit_named("centuries"), Some((Unit::Time, 3_155_760_000.0)));
        assert_eq!(unit_named("inches"), Some((Unit::Length, 0.0254)));
        assert_eq!(unit_named("Gallons"), Some((Unit::Volume, 3.785_411_784)));
        assert_eq!(unit_named("in"), None);
        assert_eq!(unit_named("is"), None);
        assert_eq!(unit_named("ms"), Some((Unit::Time, 0.001)));
        let text = "a 1,200-metre bridge and 30 days";
        assert_eq!(unit_after(text, 7).map(|u| u.2), Some((8, 13)));
        assert_eq!(unit_after(text, 27).map(|u| u.0), Some(Unit::Time));
        assert_eq!(unit_after("30 daysx", 2), None);
        let scale = |text: &str, end: usize| temperature_after(text, end).map(|t| (t.0, t.2));
        assert_eq!(scale("350°F in", 3), Some((Unit::Fahrenheit, (3, 6))));
        assert_eq!(scale("20 °C.", 2), Some((Unit::Celsius, (3, 6))));
        assert_eq!(scale("5 ºC", 1), Some((Unit::Celsius, (2, 5))));
        assert_eq!(
            scale("180 degrees Celsius", 3),
            Some((Unit::Celsius, (4, 19)))
        );
        assert_eq!(scale("40 deg F", 2), Some((Unit::Fahrenheit, (3, 8))));
        assert_eq!(
            scale("100 Fahrenheit", 3),
            Some((Unit::Fahrenheit, (4, 14)))
        );
        assert_eq!(scale("5 C", 1), None, "a letter alone is no scale");
        assert_eq!(scale("5 degrees north", 1), None);
        assert_eq!(scale("5 °Cx", 1), None);
    }

    #[test]
    fn hedges_are_the_words_before() {
        assert_eq!(approx_before("about 40%", 6), Approx::About);
        assert_eq!(
            approx_before("It rose by more than 40%", 21),
            Approx::AtLeast
        );
        assert_eq!(approx_before("up to 5 days", 6), Approx::AtMost);
        // A bound after a negated verb is the other bound; one after a
        // negation of another phrase is not.
        for (text, approx) in [
            ("Do not take more than 8 tablets", Approx::AtMost),
            ("Levels must not drop under 5 units", Approx::AtLeast),
            ("You don't need more than 2 cups", Approx::AtMost),
            (
                "You must not have completed more than 11 years",
                Approx::AtMost,
            ),
            ("It is not, by law, more than 3 floors", Approx::AtLeast),
            ("It is never more than 3 floors", Approx::AtMost),
            ("Do not give to children under 10 years", Approx::AtMost),
            ("Take no more than 8 tablets", Approx::AtMost),
        ] {
            let number = text.find(|c: char| c.is_ascii_digit()).unwrap();
            assert_eq!(approx_before(text, number), approx, "{text}");
        }
        assert_eq!(approx_before("It took 5 days", 8), Approx::Exact);
        // "handsome 5" ends in "some" but is not the hedge.
        assert_eq!(approx_before("a handsome 5", 11), Approx::Exact);
        assert_eq!(approx_before("40", 0), Approx::Exact);
        assert_eq!(
            hedge_before("It lifts up to 20 t", 15),
            Some((Approx::AtMost, 9))
        );
        assert_eq!(hedge_before("It lifts 20 t", 9), None);
        // A bound said by denying its opposite (a stranger's contract:
        // "no fewer than 500 units" read as "fewer than 500").
        for (text, approx) in [
            ("no fewer than 500", Approx::AtLeast),
            ("not fewer than 500", Approx::AtLeast),
            ("No less than 500", Approx::AtLeast),
            ("not less than 500", Approx::AtLeast),
            ("no more than 500", Approx::AtMost),
            ("not more than 500", Approx::AtMost),
        ] {
            assert_eq!(
                hedge_before(text, text.len() - 3),
                Some((approx, 0)),
                "{text}"
            );
        }
        // "casino fewer than" ends in "no fewer than" but holds no "no".
        assert_eq!(approx_before("a casino fewer than 5", 20), Approx::AtMost);
    }

    #[test]
    fn a_rounding_step_is_the_coarsest_whole_step_of_one_two_and_a_half_or_five() {
        for (value, step) in [
            (40.0, 10.0),
            (1250.0, 250.0),
            (3_500_000.0, 500_000.0),
            (0.75, 0.25),
            (42_038.0, 1.0),
            (240.0, 10.0),
            (43_000.0, 1000.0),
            (25.0, 25.0),
            (100.0, 100.0),
            (38.6, 0.1),
            (-250.0, 250.0),
        ] {
            assert!(
                (rounding_step(value) - step).abs() < 1e-9 * step,
                "{value}: {}",
                rounding_step(value)
            );
        }
        assert_eq!(rounding_step(0.0), f64::INFINITY);
    }

    #[test]
    fn rounding_places() {
        assert_eq!(last_place("3.50"), 0.01);
        assert_eq!(last_place("410"), 1.0);
        assert_eq!(last_place("12,5"), 0.1);
        assert_eq!(last_place("1,250"), 1.0);
        assert_eq!(rounding_place(40.0, 1.0), 10.0);
        assert_eq!(rounding_place(38.0, 1.0), 1.0);
        assert_eq!(rounding_place(1250.0, 1.0), 10.0);
        assert_eq!(rounding_place(2.5, 0.1), 0.1);
    }

    #[test]
    fn calendar_words_need_their_context() {
        use CalendarWord::*;
        assert_eq!(
            CalendarWord::read("autumn", "autumn", None),
            Some(Season(3))
        );
        assert_eq!(
            CalendarWord::read("fall", "fall", Some("every")),
            Some(Season(3))
        );
        assert_eq!(CalendarWord::read("fall", "fall", Some("prices")), None);
        assert_eq!(CalendarWord::read("spring", "spring", Some("a")), None);
        assert_eq!(
            CalendarWord::read("tuesdays", "Tuesdays", Some("on")),
            Some(Weekday(2))
        );
        assert_eq!(CalendarWord::read("april", "April", None), Some(Month(4)));
        assert_eq!(CalendarWord::read("april", "april", None), None);
        assert_eq!(CalendarWord::read("may", "May", None), None);
        assert_eq!(CalendarWord::read("may", "May", Some("in")), Some(Month(5)));
        assert_eq!(Season(3).name(), "autumn");
        assert_eq!(
            CalendarWord::read("weekends", "weekends", Some("at")),
            Some(Weekday(8))
        );
        assert_eq!(CalendarWord::read("aug", "Aug", Some("in")), Some(Month(8)));
        assert_eq!(CalendarWord::read("aug", "Aug", None), None);
        assert_eq!(CalendarWord::read("mar", "Mar", Some("in")), Some(Month(3)));
    }
}
