//! Numbers: every number in a claim must appear in its supporting sentence.
//!
//! **Catches** a claim whose number is not in the source sentence that best
//! supports it (seed 004: "The main span is 460 metres long" against "The main
//! span is 410 metres long" is `contradicted`, naming 460 and 410), however
//! high its word overlap.
//!
//! **Compares values, not strings** (when `number_normalisation` is on):
//! `1,000` = `1000`, `1.50` = `1.5`, `$499.00` = `$499`, `94%` = `94 percent`,
//! `fourteen` = `14`, `one and a half` = `1.5`, `5-7` = `5 to 7`, `2
//! million` = `2,000,000`, `March 3, 2024` = `3 March 2024`, an ISO
//! date-time `2024-03-27T05:50:25Z` = `05:50 on 27 March 2024` (a claim's
//! seconds, when written, must be the sentence's; the time zone is not
//! compared). A claim's bare year matches a date in that
//! year; a claim's single number matches either end of a source range; a
//! claim's range matches when both ends are in the sentence.
//!
//! **Units, fractions, hedges and calendar words** (with normalisation):
//! amounts of one measure compare in its base unit (`1.2 km` = `1,200
//! metres`, `2 hours` = `120 minutes`, `786 kPa` = `0.786 MPa`, `2.5 kWh`
//! = `2,500 Wh`, `3 kW` = `3,000 watts`; `14 days` ≠ `14 weeks`); fractions
//! are percentages (`one third` = `33%`, `1/4` = `25%`, `half of` = `50%`),
//! except a slash fraction or `half a` before a unit word (`1/2 cup` =
//! `half a cup` = `0.5 cups`);
//! a claim holds to its last written digit and by no more than 5% of itself
//! (`33%` states a third; `40%` does not state 38.6%, nor `1 mg` 0.5 mg, nor
//! `$2` $2.40), a hedged one within half its rounding place or 5%
//! (`about 40%` states 38.6%; a year written as four digits within half its
//! rounding place only: `around 1990` states no 1998) when it is the true amount rounded to its
//! own step, to the nearest or cut down (`about 43,000` states 43,688;
//! `about 42,038` and `about 240 mg` state neither 43,688 nor 250 mg), a
//! bound by direction against the same kind of amount (`more than 40%`
//! states 45%; `over 60` against `over 65` is a
//! conflict; `up to 20` against `more than 20` is one too). Temperatures
//! compare in Celsius (`350 °F` states `about 175 °C`; `350 °C` against `350
//! °F` is a conflict). Months alone, seasons, weekdays, decades (`1980s` states 1987)
//! and times of day (`10:30`, `2:15 pm`, `5pm`: not `5am`) compare as values.
//!
//! **Below the threshold**: when the best sentence falls short of the
//! support threshold but shares a word with the claim and states an amount
//! of the same kind (money, percent, a measure, a date, a season, a
//! weekday) that differs, that conflict is still reported ("30 days
//! conflicts with S2, which says 14 days"): the error a reader must see.
//!
//! **Identifiers are not quantities**: `SKU-441`, `v2.0`, `arXiv:2204.09876`,
//! `COVID-19`, `4G` are read as opaque words (a letter before the digits, or
//! letters glued after them that are not a unit), except that one the
//! sentence writes in the same shape with other digits conflicts
//! (`version 2.5.1` against `2.4.1`, `A12` against `A1`: a run of digits is
//! one place of the shape, whatever its length), and a claim's number after a word is
//! that identifier written with a blank (`COVID 19` states `COVID-19`).
//!
//! **A count is not a measure**: an amount in no unit that counts a thing
//! named after it (`40 buckets`, `40 storeys`) does not state an amount of
//! a measure with its number (`40 litres`, `40 metres`), nor the other way
//! round ("40 litres is not in S1, which says 40 buckets"). In a log line's
//! `key=value` fields the word after a value is the next key, not a thing
//! counted (`latency_ms=1429 bytes=200` states `1429 ms`).
//!
//! **Currencies**: an amount in one currency states none in another, by
//! the code or dollar's country before it, its sign, or the word or code
//! after it (`$45` ≠ `€45`, `1.5 million dollars` ≠ `1.5 million pounds`,
//! `A$45` ≠ `US$45`, `USD 45` ≠ `EUR 45`; `¥` is the yen or the yuan, and
//! `$` alone any country's dollar).
//!
//! **Misses**: arithmetic (`20 of 40 members` is not `half`), currencies
//! are not converted (nor read from a code glued to the amount, `USD45`),
//! areas, forces and speeds are not units (`sq ft`,
//! `kN`, `km/h`), nor is what case alone tells apart (`mW` and `MW`,
//! `mWh` and `MWh`), a temperature without its scale (`350
//! degrees`) is a plain number, `three quarters of an hour` is not 45
//! minutes, a gallon, cup or spoon is the US one, a true number stated in
//! a different sentence than the best match counts as missing (unless the
//! best match was cut for its length and the number is across the cut:
//! `Document::across_length_cuts`), and `in` is
//! never read as inches.
//!
//! **Defaults**: on (`number_check: true`), values compared
//! (`number_normalisation: true`). With normalisation off, numbers compare as
//! the text they are written in, as seed 004's original lab did.

use serde::{Deserialize, Serialize};

pub use crate::text::numbers::{Approx, NumberMention, Quantity, Unit};

use crate::checks::{ClaimContext, Findings};
use crate::text::case::lower_char;
use crate::text::words::is_function_word;
use crate::text::SourceSentence;
use crate::trace::{EventKind, Trace};
use crate::verdict::{Mark, MarkKind, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "No arithmetic is done (20 of 40 is not half), currencies are not converted, a temperature needs its scale written (°C, °F), a gallon, cup or spoon is the US one, a true number stated in another sentence than the best match counts as missing, and with number normalisation off numbers compare as written ($499.00 is not $499).";

/// A number of the claim that its supporting sentence does not state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MissingNumber {
    /// The claim's number as written (`460`).
    pub claim_number: String,
    /// Byte span of the number in the claim text.
    pub start: usize,
    pub end: usize,
    /// The numbers the sentence does state, as written: those of the
    /// claim's kind (`14` against `30` days) when it has any, else all;
    /// each once, at most [`NAMED_NUMBERS`], the sentence's first.
    pub source_numbers: Vec<String>,
    /// The same two, as the explanation shows them, with their unit words
    /// (`30 days`, `14 days`).
    #[serde(skip)]
    pub shown: (String, Vec<String>),
}

/// Which of the claim's numbers to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every quantity (against a sentence that supports the claim).
    All,
    /// Only amounts of a kind the sentence also states, money, percent, a
    /// measure, a date, a season or a weekday (against the best sentence
    /// when it falls short of the threshold: "30 days" against "14 days"
    /// is a conflict whatever the overlap).
    SameKind,
}

/// `text` with a full stop at its end, unless it ends in one ("8 p.m.").
fn ends_once(mut text: String) -> String {
    if !text.ends_with('.') {
        text.push('.');
    }
    text
}

/// Check that every quantity of the claim (in `scope`) appears in the
/// sentence. `answer` is the text the claim's spans are in, when known (a
/// number after a word may be a name the sentence writes as one
/// identifier: see [`named_in_identifier`]).
pub fn check(
    claim: &[NumberMention],
    sentence: &[NumberMention],
    normalise: bool,
    scope: Scope,
    answer: &str,
) -> Vec<MissingNumber> {
    let sentence: Vec<&NumberMention> = sentence.iter().collect();
    check_stated(claim, &sentence, normalise, scope, answer)
}

/// [`check`] against the numbers `sentence` (one sentence's, or those of
/// a sentence and the one it runs on into across a cut for length).
fn check_stated(
    claim: &[NumberMention],
    sentence: &[&NumberMention],
    normalise: bool,
    scope: Scope,
    answer: &str,
) -> Vec<MissingNumber> {
    let sentence_quantities: Vec<&NumberMention> = sentence
        .iter()
        .filter(|m| !m.is_identifier())
        .copied()
        .collect();
    // Where the last claim number was found: a claim often names the
    // sentence's numbers in its order (a repaired claim is the sentence),
    // so each search starts there and goes round. Thousands of numbers on
    // each side cost thousands of comparisons, not millions.
    let mut found_at = 0;
    let mut stated = |m: &NumberMention| -> bool {
        let q = m.quantity.as_ref().expect("quantities only");
        if !normalise {
            return find_round(&sentence_quantities, &mut found_at, &mut |s| {
                same_lower(&s.raw, &m.raw)
            });
        }
        // A bound ("over 60", "up to 460 passengers") holds against any
        // larger or smaller amount: only against one of the same kind that
        // counts the same thing.
        let bounded = matches!(
            q,
            Quantity::Number {
                approx: Approx::AtLeast | Approx::AtMost,
                ..
            }
        );
        let approx_of = |m: &NumberMention| match m.quantity {
            Some(Quantity::Number { approx, .. }) => Some(approx),
            _ => None,
        };
        let related = |s: &NumberMention| {
            !bounded
                || s.kind() == m.kind() && (s.counts == m.counts || approx_of(s) == approx_of(m))
        };
        // Nor is a count ("9 aisles" against "opens at 9 a.m.").
        let counts_a_thing = matches!(q, Quantity::Number { .. })
            && m.counts.as_deref().is_some_and(|w| !is_function_word(w));
        let clock_for_count = |s: &NumberMention| {
            counts_a_thing && matches!(s.quantity, Some(Quantity::Clock { .. }))
        };
        let direct = find_round(&sentence_quantities, &mut found_at, &mut |s| {
            related(s)
                && !apart(m, s)
                && !clock_for_count(s)
                && q.stated_by(s.quantity.as_ref().unwrap())
        });
        direct
            || match q {
                // A claimed range is stated when both of its ends are.
                Quantity::Range {
                    low,
                    high,
                    unit,
                    size,
                } => [low, high].iter().all(|v| {
                    let end = Quantity::Number {
                        value: **v,
                        unit: *unit,
                        size: *size,
                        approx: Approx::Exact,
                        tolerance: 0.0,
                    };
                    sentence_quantities
                        .iter()
                        .any(|s| !apart(m, s) && end.stated_by(s.quantity.as_ref().unwrap()))
                }),
                _ => false,
            }
    };
    let same_kind = |m: &NumberMention| -> Vec<&NumberMention> {
        match m.kind() {
            Some(kind) => sentence_quantities
                .iter()
                .filter(|s| s.kind() == Some(kind))
                .copied()
                .collect(),
            None => Vec::new(),
        }
    };
    // An identifier is opaque, but one the sentence writes in the same
    // shape with other digits ("version 2.5.1" against "2.4.1", "SKU-441"
    // against "SKU-414") is a conflict.
    let identifiers: Vec<&NumberMention> = sentence
        .iter()
        .filter(|m| m.is_identifier())
        .copied()
        .collect();
    let conflicting_identifiers = claim
        .iter()
        .filter(|m| m.is_identifier() && scope == Scope::All)
        .filter_map(|m| {
            // Compared a character at a time, without a copy of each: a
            // sentence may list thousands of identifiers.
            let wanted = shape(&m.raw);
            let alike: Vec<&NumberMention> = identifiers
                .iter()
                .filter(|s| has_shape(&s.raw, &wanted))
                .copied()
                .collect();
            let stated = alike.iter().any(|s| same_lower(&s.raw, &m.raw));
            (!alike.is_empty() && !stated).then(|| {
                let (source_numbers, said) = named(&alike, &|s| s.raw.clone());
                MissingNumber {
                    claim_number: m.raw.clone(),
                    start: m.start,
                    end: m.end,
                    source_numbers,
                    shown: (m.raw.clone(), said),
                }
            })
        });
    let mut missing: Vec<MissingNumber> = claim
        .iter()
        .filter(|m| !m.is_identifier())
        .filter_map(|m| {
            if stated(m) || named_in_identifier(answer, m.start, &m.raw, sentence) {
                return None;
            }
            // What the sentence says instead: its amounts of the claim's
            // kind (under `SameKind`, with none the number is not checked),
            // else its numbers and dates (a weekday or season is no answer
            // to "11").
            let mut shown = same_kind(m);
            if scope == Scope::SameKind && shown.is_empty() {
                return None;
            }
            if shown.is_empty() {
                shown = sentence_quantities
                    .iter()
                    .filter(|s| !matches!(s.quantity, Some(Quantity::Calendar { .. })))
                    .copied()
                    .collect();
            }
            // An amount counting another thing is shown with it ("40
            // buckets"), one in another currency with its word.
            let apart = shown.iter().any(|s| apart(m, s));
            let show = |x: &NumberMention| match apart {
                true => shown_apart(x),
                false => x.shown_hedged(),
            };
            let (source_numbers, said) = named(&shown, &show);
            Some(MissingNumber {
                claim_number: m.raw.clone(),
                start: m.start,
                end: m.end,
                source_numbers,
                shown: (show(m), said),
            })
        })
        .collect();
    missing.extend(conflicting_identifiers);
    crate::order::sort_by_key(&mut missing, |m| m.start);
    missing
}

/// Words after an amount in no unit that say nothing of what it counts
/// ("40 more", "40 in total" reads `in`, a function word).
const NOT_COUNTED: &[&str] = &[
    "more",
    "less",
    "fewer",
    "each",
    "per",
    "total",
    "overall",
    "altogether",
    "apiece",
    "extra",
    "additional",
    "plus",
    "minus",
    "times",
    // A temperature's own word, its scale unnamed ("350 degrees").
    "degrees",
    "degree",
];

/// What an amount in no unit counts: the word after it ("buckets" in "40
/// buckets"), unless that word counts nothing ("40 more", "40 of").
fn thing_counted(m: &NumberMention) -> Option<&str> {
    match m.quantity {
        Some(Quantity::Number {
            unit: Unit::Plain, ..
        })
        | Some(Quantity::Range {
            unit: Unit::Plain, ..
        }) => m
            .counts
            .as_deref()
            .filter(|w| !crate::text::words::is_function_word(w) && !NOT_COUNTED.contains(w)),
        _ => None,
    }
}

/// Is one of two amounts of a measure ("40 litres") and the other in no
/// unit, counting a thing named right after it ("40 buckets", "40
/// people")? Then neither states the other, whatever their numbers.
fn counts_apart(a: &NumberMention, b: &NumberMention) -> bool {
    let measured = |m: &NumberMention| match m.quantity {
        Some(Quantity::Number { unit, .. } | Quantity::Range { unit, .. }) => unit.is_measure(),
        _ => false,
    };
    (thing_counted(a).is_some() && measured(b)) || (measured(a) && thing_counted(b).is_some())
}

/// Can neither of two amounts state the other whatever their numbers: a
/// count and a measure ([`counts_apart`]), or sums of two currencies
/// ([`currency`])?
fn apart(a: &NumberMention, b: &NumberMention) -> bool {
    counts_apart(a, b) || matches!((currency(a), currency(b)), (Some(x), Some(y)) if !x.same_as(y))
}

/// A currency as an amount names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Currency {
    /// A dollar, whose country the amount may say (`US$`, `A$`, `AUD`):
    /// `$` alone or "dollars" may be any country's.
    Dollar(Option<DollarOf>),
    Euro,
    Pound,
    /// `¥`: the yen's sign, and the yuan's.
    YenOrYuan,
    Yen,
    Yuan,
    Rupee,
    Franc,
    Peso,
    Ruble,
    Krona,
    Real,
}

/// Whose dollar an amount is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DollarOf {
    UnitedStates,
    Australia,
    Canada,
    NewZealand,
    HongKong,
    Singapore,
    Taiwan,
}

impl Currency {
    /// Could the two be one currency? (`¥` is the yen or the yuan; `$`
    /// any country's dollar.)
    fn same_as(self, other: Currency) -> bool {
        use Currency::*;
        self == other
            || matches!(
                (self, other),
                (YenOrYuan, Yen | Yuan)
                    | (Yen | Yuan, YenOrYuan)
                    | (Dollar(None), Dollar(_))
                    | (Dollar(_), Dollar(None))
            )
    }

    /// The currency an ISO 4217 code, or a word after an amount, names.
    fn named(word: &str) -> Option<Currency> {
        use Currency::*;
        use DollarOf::*;
        // Lower-cased without a string of its own (every name is short).
        let mut buf = [0u8; 12];
        let lower = buf.get_mut(..word.len())?;
        lower.copy_from_slice(word.as_bytes());
        lower.make_ascii_lowercase();
        Some(match std::str::from_utf8(lower).ok()? {
            "dollar" | "dollars" => Dollar(None),
            "usd" => Dollar(Some(UnitedStates)),
            "aud" => Dollar(Some(Australia)),
            "cad" => Dollar(Some(Canada)),
            "nzd" => Dollar(Some(NewZealand)),
            "hkd" => Dollar(Some(HongKong)),
            "sgd" => Dollar(Some(Singapore)),
            "twd" => Dollar(Some(Taiwan)),
            "euro" | "euros" | "eur" => Euro,
            "pound" | "pounds" | "gbp" | "sterling" => Pound,
            "yen" | "jpy" => Yen,
            "yuan" | "renminbi" | "rmb" | "cny" => Yuan,
            "rupee" | "rupees" | "inr" => Rupee,
            "franc" | "francs" | "chf" => Franc,
            "peso" | "pesos" | "mxn" => Peso,
            "ruble" | "rubles" | "rouble" | "roubles" | "rub" => Ruble,
            "krona" | "kronor" | "krone" | "kroner" | "sek" | "nok" | "dkk" => Krona,
            "reais" | "brl" => Real,
            _ => return None,
        })
    }

    /// The currency a country glued before `$` names
    /// ([`crate::text::numbers::DOLLAR_COUNTRIES`]: `MX$` is the peso's
    /// sign, `R$` the real's).
    fn of_dollar_country(country: &str) -> Option<Currency> {
        use Currency::*;
        use DollarOf::*;
        Some(match country {
            "US" => Dollar(Some(UnitedStates)),
            "A" | "AU" => Dollar(Some(Australia)),
            "C" | "CA" => Dollar(Some(Canada)),
            "NZ" => Dollar(Some(NewZealand)),
            "HK" => Dollar(Some(HongKong)),
            "S" | "SG" => Dollar(Some(Singapore)),
            "NT" => Dollar(Some(Taiwan)),
            "MX" => Peso,
            "R" => Real,
            _ => return None,
        })
    }
}

/// The currency an amount is in: the code or the dollar's country
/// written before it (`USD 45`, `EUR 1.5 million`, `US$45`, `A$45`), its
/// sign (`$45`, `€45`, `£1.5 million`, `¥300`) or the word or code after
/// it (`45 dollars`, `1.5 million pounds`, `45 EUR`). Currencies are not
/// converted, so two amounts in different ones state neither each other
/// ("€45" against "$45" was supported; "A$45" against "US$45" too).
fn currency(m: &NumberMention) -> Option<Currency> {
    use Currency::*;
    // What the amount's span holds before its digits or sign.
    let lead = m.raw.split(|c: char| !c.is_ascii_alphabetic()).next()?;
    let after_lead = &m.raw[lead.len()..];
    if !lead.is_empty() {
        let named = match after_lead.starts_with('$') {
            true => Currency::of_dollar_country(lead),
            false => Currency::named(lead),
        };
        if named.is_some() {
            return named;
        }
    }
    let sign = m.raw.chars().find_map(|c| match c {
        '$' => Some(Dollar(None)),
        '€' => Some(Euro),
        '£' => Some(Pound),
        '¥' => Some(YenOrYuan),
        _ => None,
    });
    sign.or_else(|| Currency::named(m.counts.as_deref()?))
}

/// An amount as an explanation shows it beside one it is apart from: with
/// the thing it counts ("40 buckets"), else with its unit word.
fn shown_apart(m: &NumberMention) -> String {
    match thing_counted(m) {
        Some(thing) => format!("{} {thing}", m.raw),
        None => m.shown(),
    }
}

/// Is number `raw`, at byte `start` of `answer`, the digits of a name
/// the sentence writes as one identifier: the word before it, one blank
/// between, and the two glued, or joined by a hyphen, among the sentence's
/// identifiers ("COVID 19" and `COVID-19`, "Boeing 747" and `Boeing-747`)?
fn named_in_identifier(answer: &str, start: usize, raw: &str, sentence: &[&NumberMention]) -> bool {
    let Some(before) = answer.get(..start).and_then(|b| b.strip_suffix(' ')) else {
        return false;
    };
    // The ASCII word before the blank (names such as these are ASCII).
    let before = before.as_bytes();
    let word = &before[before
        .iter()
        .rposition(|b| !b.is_ascii_alphanumeric())
        .map_or(0, |i| i + 1)..];
    if !word.iter().any(u8::is_ascii_alphabetic) {
        return false;
    }
    let glued = word.iter().chain(raw.as_bytes());
    sentence.iter().filter(|s| s.is_identifier()).any(|s| {
        let mut raw = s.raw.bytes().filter(|&b| b != b'-');
        glued
            .clone()
            .all(|a| raw.next().is_some_and(|b| b.eq_ignore_ascii_case(a)))
            && raw.next().is_none()
    })
}

/// A missing number names at most this many of the sentence's numbers (its
/// first): a sentence listing thousands would make every reason as long.
pub const NAMED_NUMBERS: usize = 10;

/// The first [`NAMED_NUMBERS`] numbers of `said` as written, each once,
/// and as the explanation shows them (`show`), with "and N more" after
/// them for the mentions left (repeats of the named ones are not counted).
fn named(
    said: &[&NumberMention],
    show: &dyn Fn(&NumberMention) -> String,
) -> (Vec<String>, Vec<String>) {
    let mut first: Vec<&NumberMention> = Vec::new();
    let mut more = 0;
    for s in said {
        if first.iter().any(|f| f.raw == s.raw) {
            continue;
        }
        if first.len() < NAMED_NUMBERS {
            first.push(s);
        } else {
            more += 1;
        }
    }
    let raw = first.iter().map(|s| s.raw.clone()).collect();
    let mut shown: Vec<String> = first.iter().map(|s| show(s)).collect();
    if more > 0 {
        shown.push(format!("and {more} more"));
    }
    (raw, shown)
}

/// Whether an item of `items` passes `test`, looking from `*at` on and going
/// round; where one passes, `*at` moves past it.
fn find_round(
    items: &[&NumberMention],
    at: &mut usize,
    test: &mut dyn FnMut(&NumberMention) -> bool,
) -> bool {
    let n = items.len();
    let start = (*at).min(n);
    let found = (start..n).chain(0..start).find(|&i| test(items[i]));
    if let Some(i) = found {
        *at = i + 1;
    }
    found.is_some()
}

/// An identifier's shape: its letters, lower-cased, with every run of
/// digits one `#` (`SKU-441` → `sku-#`): `A12` has the shape of `A1`, and
/// `W33C` of `W3C` (a stranger's longer digit runs were supported).
fn shape(identifier: &str) -> String {
    shape_chars(identifier).collect()
}

fn shape_chars(identifier: &str) -> impl Iterator<Item = char> + '_ {
    let mut after_digit = false;
    identifier.chars().filter_map(move |c| {
        let digit = c.is_ascii_digit();
        let first_of_run = digit && !after_digit;
        after_digit = digit;
        match digit {
            true => first_of_run.then_some('#'),
            false => Some(lower_char(c)),
        }
    })
}

/// Are `a` and `b` identifiers of one shape ([`shape`]): one written for
/// the other with other digits?
pub(crate) fn same_shape(a: &str, b: &str) -> bool {
    shape_chars(a).eq(shape_chars(b))
}

/// Is [`shape`] of `identifier` `wanted`?
fn has_shape(identifier: &str, wanted: &str) -> bool {
    shape_chars(identifier).eq(wanted.chars())
}

/// Are `a` and `b` the same, lower-cased?
fn same_lower(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.chars().map(lower_char).eq(b.chars().map(lower_char))
}

/// Check the claim's numbers (in `scope`) against `sentence` and explain:
/// a `number_mismatch` reason per missing number naming what the sentence
/// says, marks on both sides, and the `number_check` event.
pub fn explain(
    claim: &ClaimContext,
    sentence: &SourceSentence,
    scope: Scope,
    findings: &mut Findings,
    trace: &mut Trace,
) -> Vec<MissingNumber> {
    let (id, doc) = (claim.id, claim.doc);
    // A sentence cut for its length runs on into the next: a number
    // across the cut is stated too, and the explanation names both.
    let index = sentence.number() - 1;
    let mut read: Vec<usize> = doc.across_length_cuts(index).collect();
    read.push(index);
    read.sort_unstable();
    let sid = match (read[0], read[read.len() - 1]) {
        (first, last) if first != last => format!("S{}–S{}", first + 1, last + 1),
        _ => sentence.id(),
    };
    let numbers: Vec<&NumberMention> = (read.iter())
        .flat_map(|&k| &doc.sentences[k].analysed(doc).numbers)
        .collect();
    let stated: Vec<&NumberMention> = (numbers.iter())
        .filter(|n| !n.is_identifier())
        .copied()
        .collect();
    let missing = check_stated(
        &claim.analysed.numbers,
        &numbers,
        claim.cfg.number_normalisation,
        scope,
        claim.answer,
    );
    for m in &missing {
        let (claimed, said) = (&m.shown.0, &m.shown.1);
        // One full stop at the end, though the last figure ends in one
        // ("which says 8 p.m.").
        let detail = match (&said[..], scope) {
            ([], _) => format!("{claimed} is not in {sid}, which states no number or date."),
            (said, Scope::SameKind) => ends_once(format!(
                "{claimed} conflicts with {sid}, which says {}",
                said.join(", ")
            )),
            (said, Scope::All) => ends_once(format!(
                "{claimed} is not in {sid}, which says {}",
                said.join(", ")
            )),
        };
        findings.reason(ReasonKind::NumberMismatch, detail);
        findings.mark(Mark::answer(MarkKind::Number, (m.start, m.end)));
    }
    if !missing.is_empty() {
        // Marks stay in the sentence a claim's marks are shown in.
        let in_sentence =
            |n: &&&NumberMention| sentence.start() <= n.start && n.end <= sentence.end();
        for n in stated
            .iter()
            .filter(in_sentence)
            .take(crate::checks::MAX_SOURCE_MARKS)
        {
            findings.mark(Mark::source(MarkKind::Number, (n.start, n.end)));
        }
    }
    if scope == Scope::SameKind && missing.is_empty() {
        return missing; // nothing to tell about a sentence that does not support the claim
    }
    trace.push(
        Some(id),
        || EventKind::NumberCheck {
            passed: missing.is_empty(),
            missing: missing.iter().map(|m| m.claim_number.clone()).collect(),
            source_numbers: stated.iter().map(|n| n.raw.clone()).collect(),
        },
        || {
            if !missing.is_empty() {
                let numbers: Vec<&str> = missing.iter().map(|m| m.claim_number.as_str()).collect();
                format!("{} missing from {sid}.", numbers.join(", "))
            } else if claim.analysed.numbers.iter().any(|n| !n.is_identifier()) {
                format!("Every number in {id} appears in {sid}.")
            } else {
                format!("{id} states no number.")
            }
        },
    );
    missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::numbers::{find_number_words, find_numerals};
    use crate::text::words::raw_words;

    fn all(text: &str) -> Vec<NumberMention> {
        let mut found = find_numerals(text, &[]);
        let spans: Vec<(usize, usize)> = found.iter().map(|m| (m.start, m.end)).collect();
        let words = raw_words(text, &spans);
        found.extend(find_number_words(text, &words).into_iter().map(|(_, m)| m));
        found.sort_by_key(|m| m.start);
        found
    }

    fn check_all(
        claim: &[NumberMention],
        sentence: &[NumberMention],
        normalise: bool,
    ) -> Vec<MissingNumber> {
        check(claim, sentence, normalise, Scope::All, "")
    }

    fn keys(text: &str) -> Vec<String> {
        all(text).iter().map(|m| m.key(true)).collect()
    }

    fn same_value(a: &str, b: &str) {
        let (ka, kb) = (keys(a), keys(b));
        assert_eq!(ka.len(), 1, "{a}: {ka:?}");
        assert_eq!(ka, kb, "{a} vs {b}");
        assert!(
            check_all(&all(a), &all(b), true).is_empty(),
            "{a} should be stated by {b}"
        );
    }

    #[test]
    fn a_long_list_of_numbers_is_named_by_its_first_ten() {
        let list = |from: usize, n: usize| {
            (from..from + n)
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sentence = all(&format!("The fees were {}.", list(1, 30)));
        let missing = check_all(&all("The fee was $99."), &sentence, true);
        assert_eq!(missing.len(), 1);
        let named: Vec<String> = (1..=10).map(|i| format!("${i}")).collect();
        assert_eq!(missing[0].source_numbers, named);
        assert_eq!(missing[0].shown.1.len(), 11);
        assert_eq!(missing[0].shown.1[10], "and 20 more");
        // Each number is named once.
        let sentence = all(&format!("The fees were {}, {}.", list(1, 3), list(1, 30)));
        let missing = check_all(&all("The fee was $99."), &sentence, true);
        assert_eq!(missing[0].source_numbers, named);
        assert_eq!(missing[0].shown.1[10], "and 20 more");
        // Ten or fewer are all named.
        let sentence = all(&format!("The fees were {}.", list(1, 10)));
        let missing = check_all(&all("The fee was $99."), &sentence, true);
        assert_eq!(missing[0].shown.1.len(), 10);
    }

    #[test]
    fn numbers_are_found_in_any_order() {
        // The search for each number starts where the last was found and
        // goes round: every order finds every number, with or without
        // normalisation.
        let sentence = all("They paid $1, $2, $3, $4 and $5 on 3 March 2024.");
        for claim in [
            "They paid $1, $2, $3, $4 and $5 on 3 March 2024.",
            "They paid $5, $4, $3, $2 and $1 on 3 March 2024.",
            "On 3 March 2024 they paid $3, $1, $5, $3, $2 and $4.",
        ] {
            for normalise in [true, false] {
                assert!(
                    check_all(&all(claim), &sentence, normalise).is_empty(),
                    "{claim}"
                );
            }
        }
        let missing = check_all(&all("They paid $3, $6 and $1."), &sentence, true);
        let missing: Vec<&str> = missing.iter().map(|m| m.claim_number.as_str()).collect();
        assert_eq!(missing, ["$6"]);
    }

    #[test]
    fn equal_values_written_differently_match() {
        same_value("It costs 1,000 now", "It costs 1000 now");
        same_value("1.50 each", "1.5 each");
        same_value("only $499.00", "only $499");
        same_value("94% of users", "94 percent of users");
        same_value("94 per cent", "94%");
        same_value("fourteen days", "14 days");
        same_value("twenty-one days", "21 days");
        same_value("two hundred and five", "205");
        same_value("5-7 days", "5 to 7 days");
        same_value("5–7 days", "5 - 7 days");
        same_value("on March 3, 2024", "on 3 March 2024");
        same_value("on 3rd of March 2024", "on 2024-03-03");
        same_value("2 million people", "2,000,000 people");
        same_value("$2.5bn deal", "$2,500,000,000 deal");
        same_value("3 million", "three million");
    }

    #[test]
    fn different_values_differ() {
        let missing = check_all(
            &all("The span is 460 metres"),
            &all("The span is 410 metres"),
            true,
        );
        assert_eq!(missing.len(), 1);
        assert_eq!(missing[0].claim_number, "460");
        assert_eq!(missing[0].source_numbers, ["410"]);
        assert_eq!(
            missing[0].shown,
            ("460 metres".into(), vec!["410 metres".into()])
        );
        assert_eq!(
            check_all(&all("$10 per month"), &all("$120 per year"), true)[0].claim_number,
            "$10"
        );
        assert!(!check_all(&all("March 4, 2024"), &all("March 3, 2024"), true).is_empty());
    }

    fn states(claim: &str, source: &str) -> bool {
        check_all(&all(claim), &all(source), true).is_empty()
    }

    /// A decimal comma ("12,5 %", French, German, Spanish…) is one number,
    /// 12.5: a stranger's "5 %" was supported by a source's "12,5 %".
    /// Thousands grouped by three, and lists of digits, read as before.
    #[test]
    fn a_decimal_comma_is_one_number() {
        assert!(!states(
            "Le taux est passé à 5 % en 2020.",
            "Le taux est passé à 12,5 % en 2020."
        ));
        assert!(states(
            "Le taux est passé à 12,5 % en 2020.",
            "Le taux est passé à 12,5 % en 2020."
        ));
        assert!(states(
            "Die Quote stieg auf 3.5%.",
            "Die Quote stieg auf 3,5%."
        ));
        assert!(!states(
            "Die Quote stieg auf 3,6%.",
            "Die Quote stieg auf 3,5%."
        ));
        assert!(states("It drew 1,250 visitors.", "It drew 1250 visitors."));
        assert!(!states("It drew 1,250 visitors.", "It drew 12.5 visitors."));
        assert!(states("Rooms 1,2,3 are open.", "Rooms 1,2,3 are open."));
        // A list written without spaces after a comma (RAGTruth's "boxes
        // 1, 2,3, and 5") is a list.
        assert!(states(
            "Box 2 holds them.",
            "Boxes 1, 2,3, and 5 hold them."
        ));
        assert!(states("Box 3 holds them.", "Boxes 1, 2,3 and 5 hold them."));
        assert!(states("Step 3 helps.", "Steps 3,4 and 5 help."));
        assert!(states("about 12,5 kg", "12.4 kg"));
    }

    /// US customary volumes, inches and micrograms are measures too: "2
    /// tablespoons" is not "2 teaspoons", and "8 feet" is "96 inches".
    #[test]
    fn customary_volumes_inches_and_micrograms_convert() {
        assert!(!states(
            "It needs 2 tablespoons of sugar",
            "It needs 2 teaspoons of sugar"
        ));
        assert!(!states(
            "The tank holds 40 litres",
            "The tank holds 40 gallons"
        ));
        assert!(states(
            "The tank holds about 151 litres",
            "The tank holds 40 gallons"
        ));
        assert!(states(
            "The pool is 96 inches deep",
            "The pool is 8 feet deep"
        ));
        assert!(states("Give 0.005 mg a day", "Give 5 mcg a day"));
        assert!(!states("The baby drank 4 cups", "The baby drank 4 ounces"));
        assert!(states("a 2 quart pot", "a 4 pint pot"));
    }

    /// An amount in no unit that counts a thing ("40 buckets", "40
    /// storeys") states no amount of a measure with its number, nor the
    /// other way round; one followed by a word and then a unit (`5
    /// consecutive miles`), or by a word that counts nothing ("40 in
    /// total", "40 more"), still may.
    #[test]
    fn an_amount_counting_a_thing_is_not_an_amount_of_a_measure() {
        assert!(!states(
            "The tank holds 40 litres",
            "The tank holds 40 buckets"
        ));
        assert!(!states(
            "The tower is 40 metres tall",
            "The tower is 40 storeys tall"
        ));
        assert!(!states(
            "The tank holds 40 buckets",
            "The tank holds 40 litres"
        ));
        assert!(states("He ran 5 miles", "He ran 5 consecutive miles"));
        assert!(!states("He ran 5 km", "He ran 5 consecutive miles"));
        assert!(states("He ran 8 km", "He ran 5 consecutive miles")); // 8.05 km
        assert!(!states("Add 2 level teaspoons", "Add 2 heaped tablespoons"));
        assert!(!states("It covers 40 metres", "It covers 40 square metres"));
        assert!(states("The box weighs 40 kg", "The box weighs 40 in total"));
        assert!(states(
            "It takes 40 more minutes",
            "It takes 40 more minutes"
        ));
        assert!(states("The team won 40 games", "The team won 40 games"));
        // The explanation names what the sentence's amount counts.
        let missing = check_all(
            &all("The tank holds 40 litres"),
            &all("The tank holds 40 buckets of water"),
            true,
        );
        assert_eq!(missing[0].shown.1, ["40 buckets"]);
        // Either side: the measure with its unit, the count with its thing.
        let missing = check_all(
            &all("It holds 30 boxes"),
            &all("It holds 30 kg of books"),
            true,
        );
        assert_eq!(missing[0].shown, ("30 boxes".into(), vec!["30 kg".into()]));
    }

    /// In a log line of `key=value` fields, the word after a value is the
    /// next field's key, not what the value counts (a stranger's 1 MB log:
    /// every latency read as a count of "bytes", every claim contradicted).
    #[test]
    fn a_log_lines_next_key_is_not_what_its_value_counts() {
        let log = "pump=north latency_ms=1429 bytes=200";
        assert!(states("The north pump latency was 1429 ms", log));
        assert!(states(
            "The latency was 1429 ms",
            "latency_ms=1429 bytes_total=200"
        ));
        assert!(states(
            "The latency was 1429 ms",
            "latency_ms=1429 http.bytes=200"
        ));
        assert!(!states("The north pump latency was 1492 ms", log));
        // A word and a spaced sign in prose still say what is counted.
        assert!(!states(
            "It holds 40 litres",
            "It holds 40 buckets = 2 tonnes"
        ));
    }

    /// Currencies are not converted: an amount in one states no amount in
    /// another, by sign or by word (a stranger's "€45" against "$45" and
    /// "1.5 million pounds" against "dollars" were supported).
    #[test]
    fn an_amount_in_one_currency_states_none_in_another() {
        assert!(!states("A ticket costs $45", "A ticket costs €45"));
        assert!(!states(
            "It cost 1.5 million dollars",
            "It cost 1.5 million pounds"
        ));
        assert!(!states(
            "It cost $1.5 million",
            "It cost 1.5 million pounds"
        ));
        assert!(!states("The fee is 300 yuan", "The fee is 300 yen"));
        assert!(!states("The fee is 45 EUR", "The fee is 45 USD"));
        assert!(states("It cost £1.5 million", "It cost 1.5 million pounds"));
        assert!(states("A ticket costs 45 euros", "A ticket costs €45"));
        assert!(states("The fee is ¥300", "The fee is 300 yuan"));
        assert!(states("The fee is 300 yen", "The fee is ¥300"));
        // An amount whose currency one side leaves unsaid is compared as before.
        assert!(states("A ticket costs 45", "A ticket costs €45"));
        assert!(!states("A ticket costs €46", "A ticket costs €45"));
        let missing = check_all(&all("A ticket costs $45"), &all("A ticket costs €45"), true);
        assert_eq!(missing[0].shown, ("$45".into(), vec!["€45".into()]));
    }

    /// Every code and dollar's country the text reads as part of an amount
    /// (`text::numbers`'s lists) names a currency here: the two lists and
    /// this module's names agree.
    #[test]
    fn every_code_and_country_read_before_an_amount_names_a_currency() {
        use crate::text::numbers::{CURRENCY_CODES, DOLLAR_COUNTRIES};
        for code in CURRENCY_CODES {
            assert!(Currency::named(code).is_some(), "{code}");
        }
        for country in DOLLAR_COUNTRIES {
            assert!(Currency::of_dollar_country(country).is_some(), "{country}");
        }
    }

    /// A code before the amount and a dollar's country glued to its sign
    /// name its currency (a stranger's "USD 45" was not read, and "US$45"
    /// and "A$45" were identifiers: "$45" was "not in" a sentence saying
    /// "US$45").
    #[test]
    fn a_code_or_a_dollars_country_before_an_amount_names_its_currency() {
        assert!(states("The fare is $45", "The fare is US$45"));
        assert!(states("The fare is US$45", "The fare is USD 45"));
        assert!(states("The fare is A$45", "The fare is 45 AUD"));
        assert!(states("The fare is 45 dollars", "The fare is A$45"));
        assert!(states(
            "Revenue was €1.5 million",
            "Revenue was EUR 1.5 million"
        ));
        assert!(states("It sold for R$300", "It sold for BRL 300"));
        assert!(!states("The fare is A$45", "The fare is US$45"));
        assert!(!states("The fare is USD 45", "The fare is EUR 45"));
        assert!(!states("The fare is HK$45", "The fare is NZ$45"));
        assert!(!states("It costs MX$45", "It costs US$45"));
        assert!(!states(
            "Revenue was CHF 2 billion",
            "Revenue was $2 billion"
        ));
        assert!(!states("The fare is US$46", "The fare is US$45"));
        let missing = check_all(&all("The fare is A$45"), &all("The fare is US$45"), true);
        assert_eq!(missing[0].shown, ("A$45".into(), vec!["US$45".into()]));
    }

    /// An ISO 8601 date-time is a date and a time of day (it was read as
    /// "2024-03", "50" and identifiers: another day or hour passed).
    #[test]
    fn an_iso_date_time_is_a_date_and_a_time_of_day() {
        let log = "2024-03-27T05:50:25Z host=ingest-4 latency_ms=1429";
        assert!(states("At 2024-03-27T05:50:25Z it was slow", log));
        assert!(states("On 27 March 2024 it was slow", log));
        assert!(states("At 05:50 on 27 March 2024 it was slow", log));
        assert!(states("At 5:50 am it was slow", log));
        assert!(!states("At 2024-03-27T06:50:25Z it was slow", log));
        assert!(
            !states("At 2024-03-27T05:50:26Z it was slow", log),
            "a second later"
        );
        let missing = check_all(&all("At 2024-03-27T05:50:26Z it was slow"), &all(log), true);
        assert_eq!(
            missing[0].shown,
            ("05:50:26".into(), vec!["05:50:25".into()])
        );
        assert!(!states("At 2024-03-28T05:50:25Z it was slow", log));
        assert!(!states("On 28 March 2024 it was slow", log));
        for offset in [
            "T05:50",
            "T05:50:25.120+02:00",
            "t05:50:25-0500",
            "T05:50:25z",
        ] {
            assert!(
                states(
                    "At 05:50 on 27 March 2024",
                    &format!("2024-03-27{offset} ok")
                ),
                "{offset}"
            );
        }
        // Not a time: the date stays an identifier's part.
        assert!(!states("On 27 March 2024", "build 2024-03-27Tx5"));
    }

    #[test]
    fn amounts_of_one_measure_compare_in_its_base_unit() {
        assert!(states(
            "The trail is 1.2 km long",
            "The trail is 1,200 metres long"
        ));
        assert!(states("1,200 metres", "1.2 km"));
        assert!(states("It takes 2 hours", "It takes 120 minutes"));
        assert!(states("within two weeks", "within 14 days"));
        assert!(states("a 1.5 kg bag", "a 1,500 g bag"));
        assert!(states("24 months", "2 years"));
        assert!(states("a 5km run", "a 5,000-metre run"));
        assert!(!states("within 14 weeks", "within 14 days"));
        assert!(!states("within 30 days", "within 14 days"));
        assert!(!states("a 5 kg bag", "a 3 kg bag"));
        // Of two measures, never equal; a bare number against a measure compares as written.
        assert!(!states("5 km", "5 kg"));
        assert!(states("The span is 410", "The span is 410 metres"));
        let missing = check_all(&all("exactly 30 days"), &all("14 days and $5"), true);
        assert_eq!(missing[0].shown, ("30 days".into(), vec!["14 days".into()]));
        let missing = check_all(&all("opens at 11"), &all("opens at 9 on weekdays"), true);
        assert_eq!(missing[0].source_numbers, ["9"]);
    }

    #[test]
    fn pressures_energies_and_powers_compare_in_their_base_units() {
        // A stranger's technical manual: "786 kPa" against "0.786 MPa".
        assert!(states("rated to 0.786 MPa", "rated to 786 kPa"));
        assert!(states("rated to 786000 Pa", "rated to 786 kPa"));
        assert!(states("at 8 bar", "at 800 kPa"));
        assert!(states("a 1,013 hPa low", "a 1013 mbar low"));
        assert!(!states("rated to 656 kPa", "rated to 619 kPa"));
        assert!(states("It stores 2.5 kWh", "It stores 2,500 Wh"));
        assert!(states("It stores 9 megajoules", "It stores 2.5 kWh"));
        assert!(states("a 250 kcal snack", "a 1046 kJ snack"));
        assert!(states("a 1,200 kW turbine", "a 1.2 megawatt turbine"));
        assert!(states("a 3 kW heater", "a 3,000 watt heater"));
        // Of two measures, never equal.
        assert!(!states("3 kW", "3 kWh"));
        assert!(!states("8 bar", "8 kg"));
        let missing = check_all(&all("It runs at 656 kPa"), &all("It runs at 619 kPa"), true);
        assert_eq!(missing[0].shown, ("656 kPa".into(), vec!["619 kPa".into()]));
    }

    #[test]
    fn fractions_and_rounding() {
        assert!(states("one third of members", "33% of members"));
        assert!(states("33% of members", "one third of members"));
        assert!(states("a third of members", "33.3% of members"));
        assert!(states("two thirds", "67%"));
        assert!(states("half of the staff", "50% of the staff"));
        assert!(states("three quarters", "75 percent"));
        assert!(states("a quarter of it", "25%"));
        assert!(!states("one third of members", "25% of members"));
        assert!(!states("half of the staff", "40% of the staff"));
        // Hedged claims hold within their rounding; exact ones to the last digit.
        assert!(states("about 40%", "38.6%"));
        assert!(!states("about 40%", "25%"));
        assert!(!states("40%", "38.6%"));
        assert!(states("39%", "38.6%"));
        // ... and by no more than 5% of itself, however small its last digit.
        assert!(!states("Give 1 mg", "Give 0.5 mg"));
        assert!(!states("It costs $2", "It costs $2.40"));
        assert!(!states("Pour 3 quarts", "Pour 3 litres"));
        assert!(states("Pour 3 quarts", "Pour 2.84 litres"));
        assert!(states("It costs $2", "It costs $2.00"));
        assert!(states("about $2", "$2.40"));
        assert!(states("roughly 1,200 visitors", "1,180 visitors"));
        // ... and as a writer rounds the true amount: to the nearest or cut
        // down, at the claim's own step (a stranger's "about 42,038").
        assert!(!states("about 42,038 runners", "43,688 runners"));
        assert!(!states("about 240 mg", "250 mg"));
        assert!(!states("about 42,000 runners", "43,688 runners"));
        assert!(states("about 43,000 runners", "43,688 runners"));
        assert!(states("about 44,000 runners", "43,688 runners"));
        assert!(states("about 1,250 seats", "1,300 seats"));
        assert!(states("about 3.5 million people", "3.62 million people"));
        assert!(states("about 1.2 km", "1,230 metres"));
        assert!(!states("about 1.27 km", "1,300 metres"));
        assert!(states("more than 40%", "45%"));
        assert!(!states("more than 40%", "35%"));
        // A bound the other way from the source's is no statement of it.
        assert!(!states("up to 20 tonnes", "more than 20 tonnes"));
        assert!(!states("children over 12", "children under 12"));
        assert!(states("children under 12", "children under 12"));
        assert!(states("at least 20 tonnes", "more than 20 tonnes"));
        assert!(states("no fewer than 500 units", "at least 500 units"));
        assert!(states("at least 500 units", "no fewer than 500 units"));
        assert!(states("not more than 40 hours", "at most 40 hours"));
        assert!(!states("no fewer than 500 units", "fewer than 500 units"));
        let missing = check_all(
            &all("It lifts up to 20 tonnes"),
            &all("It lifts more than 20 tonnes"),
            true,
        );
        assert_eq!(
            missing[0].shown,
            ("up to 20 tonnes".into(), vec!["more than 20 tonnes".into()])
        );
        assert!(states("under 5 hours", "4 hours"));
        assert!(!states("2 million people", "2,400,000 people"));
        assert!(states("$2.5 million", "$2,500,000"));
        assert!(states("a dozen eggs", "12 eggs"));
        assert!(states("held 2 times a day", "held twice a day"));
        assert!(states("two dozen eggs", "24 eggs"));
        assert!(states("the third floor", "the 3rd floor"));
        // "half" as an amount needs its context.
        assert_eq!(keys("in the second half"), ["#2"]);
        assert!(states("half a dozen eggs", "6 eggs"));
        assert!(states("a 1/4 share", "a 25% share"));
        // Before a unit word a slash fraction is an amount of that measure.
        assert!(states("Add 1/2 cup of milk", "Add 0.5 cups of milk"));
        assert!(states("Add 1/2 cup of milk", "Add 118 ml of milk"));
        assert!(!states("Add 1/2 cup of sugar", "Add 1/4 cup of sugar"));
        assert!(!states(
            "Add 1/2 teaspoon of salt",
            "Add 1/2 tablespoon of salt"
        ));
        assert!(!states("Add 1/2 cup of milk", "Add 50% more milk"));
        assert!(states("Wait 3/4 hour", "Wait 45 minutes"));
        // "half a" or "half an" before a unit word is half of one of it.
        assert!(states(
            "Stir in half a cup of sugar",
            "Stir in 1/2 cup of sugar"
        ));
        assert!(states(
            "Infuse it over half an hour",
            "Infuse it over 30 minutes"
        ));
        assert!(states("Add half a litre of water", "Add 500 ml of water"));
        assert!(!states(
            "Stir in half a cup of sugar",
            "Stir in 1 cup of sugar"
        ));
        assert!(!states(
            "Infuse it over half an hour",
            "Infuse it over 3 hours"
        ));
        assert!(states("Take one and a half tablets", "Take 1.5 tablets"));
        assert!(states(
            "It took two and a half hours",
            "It took 150 minutes"
        ));
        assert!(!states("Take one and a half tablets", "Take 1 tablet"));
        assert!(!states("Take one and a half tablets", "Take 2 tablets"));
        assert!(keys("open 24/7").len() == 2, "24/7 is not a fraction");
    }

    #[test]
    fn temperatures_compare_in_one_scale() {
        assert!(!states("Bake at 350 °C", "Bake at 350 °F"));
        assert!(!states("Bake at 350°F", "Bake at 350 degrees Celsius"));
        assert!(states("Bake at 350°F", "Bake at 350 degrees Fahrenheit"));
        assert!(states("Keep it below 5 °C", "Keep it below 5°C"));
        assert!(states("Keep it below 5 °C", "Keep it below 5 ºC"));
        assert!(states("Bake at 350 degrees", "Bake at 350 °F"));
        // Fahrenheit in Celsius: 350 °F is 176.7 °C.
        assert!(states("Bake at about 175 °C", "Bake at 350 °F"));
        assert!(states("Bake at 177 °C", "Bake at 350 °F"));
        assert!(!states("Bake at 175 °C", "Bake at 350 °F"));
        assert!(states("Water freezes at 32 °F", "Water freezes at 0 °C"));
        let missing = check_all(&all("Bake at 350 °C."), &all("Bake at 350 °F."), true);
        assert_eq!(missing[0].shown, ("350 °C".into(), vec!["350 °F".into()]));
    }

    #[test]
    fn calendar_words_compare_as_values() {
        assert!(!states("It ships in April", "It ships in March"));
        assert!(states("It ships in March", "It ships on March 3, 2024"));
        assert!(!states("every autumn", "every spring"));
        assert!(states("every fall", "every autumn"));
        assert!(!states("on Tuesdays", "on Thursdays"));
        assert!(states("on Tuesdays", "every Tuesday"));
        assert!(keys("prices fall").is_empty());
        assert!(keys("May I help").is_empty());
        assert_eq!(keys("closed in May"), ["#--05"]);
        assert!(!states("up to 32 kg", "up to 23 kg"));
        assert!(!states("over 60", "over 65"));
        assert!(states("up to 23 kg", "up to 23 kg"));
    }

    #[test]
    fn an_identifier_of_the_same_shape_with_other_digits_conflicts() {
        assert!(!states("requires version 2.5.1", "requires version 2.4.1"));
        assert!(!states("item SKU-441", "item SKU-414"));
        assert!(states("item SKU-441", "item SKU-441"));
        // A run of digits longer or shorter is the same shape.
        assert!(!states("Take the A1 road", "Take the A12 road"));
        assert!(!states("the W3C working group", "the W33C working group"));
        assert!(!states("requires version 2.10.1", "requires version 2.5.1"));
        // Of another shape, it is just a word the sentence lacks.
        assert!(states("a COVID-19 test", "a 5G mast"));
    }

    #[test]
    fn identifiers_are_not_quantities() {
        for text in [
            "SKU-441",
            "v2.0",
            "arXiv:2204.09876",
            "COVID-19",
            "a 4G phone",
            "GPT-4",
        ] {
            let found = all(text);
            assert!(
                found.iter().all(NumberMention::is_identifier),
                "{text}: {found:?}"
            );
            assert!(check_all(&found, &[], true).is_empty(), "{text}");
        }
        let found = all("SKU-441 costs $49.99");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].raw, "SKU-441");
        assert!(found[0].is_identifier());
        assert_eq!(
            found[1].quantity,
            Some(Quantity::Number {
                value: 49.99,
                unit: Unit::Money,
                size: 1.0,
                approx: Approx::Exact,
                tolerance: 0.005,
            })
        );
    }

    #[test]
    fn decimals_and_sentence_ends() {
        assert_eq!(keys("It is 3.5 m long."), ["#3.5"]);
        assert_eq!(keys("It opened in 1998."), ["#1998"]);
        assert_eq!(keys("Costs $50.00."), ["#50"]);
    }

    #[test]
    fn partial_dates_and_years() {
        // A claimed year is stated by a full date in that year.
        assert!(check_all(
            &all("opened in 2024"),
            &all("opened on March 3, 2024"),
            true
        )
        .is_empty());
        // A claimed month is stated by a day in it; a claimed day is not stated by a month.
        assert!(check_all(&all("in March 2024"), &all("on March 3, 2024"), true).is_empty());
        assert!(!check_all(&all("on March 3, 2024"), &all("in March 2024"), true).is_empty());
        assert_eq!(keys("in May 2024"), ["#2024-05"]);
        // "may" the verb is not a month.
        assert_eq!(keys("it may 5 times"), ["#5"]);
    }

    /// A hedged year is held to half its rounding place: 5% of a year is
    /// a century.
    #[test]
    fn a_hedged_year_is_no_decade_off() {
        let src = all("opened in 1998");
        assert!(!check_all(&all("opened around 1990"), &src, true).is_empty());
        assert!(!check_all(&all("opened around 1950"), &src, true).is_empty());
        assert!(check_all(&all("opened around 2000"), &src, true).is_empty());
        assert!(check_all(&all("opened in about 1950"), &all("opened in 1948"), true).is_empty());
        // A count written with a separator is an amount: 5% still holds.
        assert!(check_all(&all("about 1,500 people"), &all("1,560 people"), true).is_empty());
    }

    /// A long number differing in its last digit is another number (the
    /// float error allowed for a unit's conversion is far smaller).
    #[test]
    fn a_long_number_is_held_to_its_last_digit() {
        assert!(!check_all(
            &all("Reference 1000000002"),
            &all("Reference 1000000001"),
            true
        )
        .is_empty());
        assert!(!check_all(
            &all("card 4111111111111112"),
            &all("card 4111111111111111"),
            true
        )
        .is_empty());
        assert!(check_all(
            &all("card 4111111111111111"),
            &all("card 4111111111111111"),
            true
        )
        .is_empty());
    }

    #[test]
    fn ranges_match_their_ends() {
        assert!(check_all(&all("takes 5 days"), &all("takes 5-7 days"), true).is_empty());
        assert!(check_all(&all("takes 5-7 days"), &all("between 5 and 7 days"), true).is_empty());
        assert!(!check_all(&all("takes 5-8 days"), &all("takes 5-7 days"), true).is_empty());
        assert_eq!(keys("(1820–1876)"), ["#1820-1876"]);
    }

    #[test]
    fn lone_one_is_not_a_number() {
        assert!(keys("one of the longest").is_empty());
        assert_eq!(keys("one hundred"), ["#100"]);
        assert_eq!(keys("ten percent"), ["#10"]);
    }

    #[test]
    fn without_normalisation_numbers_compare_as_text() {
        assert!(!check_all(&all("$499.00"), &all("$499"), false).is_empty());
        assert!(check_all(&all("$499"), &all("$499"), false).is_empty());
    }

    #[test]
    fn masked_citations_are_not_numbers() {
        let text = "True [S1-3].";
        let cite = (5, 11);
        assert!(find_numerals(text, &[cite]).is_empty());
    }

    #[test]
    fn units_and_ordinals_stay_quantities() {
        assert_eq!(keys("a 5km run"), ["#5"]);
        assert_eq!(keys("the 3rd time"), ["#3"]);
        assert_eq!(keys("the 1990s"), ["#1990s"]);
        assert!(states("in the 1980s", "in 1987"));
        assert!(!states("in the 1980s", "in 1991"));
        assert!(states("at 10:30", "at 10:30 am"));
        assert!(!states("at 10:30", "at 10:45"));
        assert!(states("at 2:15 pm", "at 14:15"));
        assert!(states("at 9 am", "at 9:00 am"));
        // An hour with its half of the day is a time of day (a stranger's
        // "closes at 5am" was supported by "closes at 5pm").
        assert!(!states("closes at 5am", "closes at 5pm"));
        assert!(!states("closes at 5 a.m.", "closes at 5 p.m."));
        assert!(states("opens at 9:00", "opens at 9am"));
        assert!(states("closes at 17:00", "closes at 5 PM"));
        assert!(states("closes at 12pm", "closes at 12:00"));
        assert!(!states("opens at 10am", "opens at 9am"));
        // A time of day states a bare hour, not an amount nor a count (a
        // stranger's "$8" was supported by "starts at 8 p.m.").
        assert!(!states(
            "Tickets cost $8",
            "Tickets cost $12 and the show starts at 8 p.m."
        ));
        assert!(!states(
            "The tour lasts 8 minutes",
            "It lasts 12 minutes and starts at 8 p.m."
        ));
        assert!(!states(
            "The shop has 9 aisles",
            "The shop opens at 9 a.m. and has 5 aisles"
        ));
        assert!(states(
            "The desk opens at 9 and closes at 5",
            "The desk opens at 9:00 am and closes at 5:00 pm"
        ));
        assert_eq!(keys("lot 13pm sold"), ["#13"], "no hour 13 of a half day");
        assert_eq!(keys("$5m raised"), ["#5000000"]);
    }
}
