//! Invented entities: names and references in the claim that the source never mentions.
//!
//! **Catches** (seed 001) people, organisations, titled names and paper
//! citations that appear nowhere in the source: "Dr. James Harrison",
//! "DeepMind Research Institute", "arXiv:2204.09876", "10.1145/3442188",
//! "Smith et al. (2021)". Such a claim is `unsupported`, whatever its word
//! overlap, with the entity named. Unicode names count ("José Álvarez"). An
//! entity is found in the source only as a whole ("Anna Miller" is not
//! excused by an "Anna Schmidt"); a title is not needed ("Dr. Harrison" is
//! found in "James Harrison"); accents and strokes on Latin letters do not
//! count ("Zoe Muller" is found in "Zoë Müller", and the other way round:
//! the fold drops them).
//!
//! How: titled names (`Dr.`, `Prof.`, `Mr.` …), runs of two or more
//! capitalised words (joined by `of`, `de`, `van` …; leading function words
//! such as "The" dropped), arXiv ids, DOIs and "X et al." are read from the
//! claim. With `single_word_entities` on, a lone capitalised word that does
//! not open the sentence ("born in Mumbai") counts too.
//!
//! **Misses**: lower-case or single-word names (unless `single_word_entities`),
//! names the source spells differently ("Calcutta"/"Kolkata", "Strasse"/
//! "Straße": `ß`, `æ` and `œ` are letters of their own), and invented
//! facts about real entities. Capitalised title phrases ("Named Entity
//! Recognition") are read as names: the price of having no language model.
//!
//! The look-ups go through [`crate::text::Document::mentions`]: the
//! source's fold, or for a large source that keeps none, its text itself
//! (`text::mentions`); both give the same answers.
//!
//! **Defaults**: on (`entity_check: true`), `single_word_entities: false`.

use serde::{Deserialize, Serialize};

use crate::checks::{ClaimContext, Findings};
use crate::text::case::Lowercase;
use crate::text::scan::matches;
use crate::text::scan::{digits, find_word_ci, glued_before};
use crate::text::{fold, words::is_stopword};
use crate::trace::{EventKind, Trace};
use crate::verdict::{Mark, MarkKind, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Names are found by their capital letters: lower-case names are missed, and one-word names too unless single-word names is on; a capitalised title can pass for a name, and a name the source spells differently counts as invented.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntityKind {
    Person,
    Organisation,
    Citation,
    Name,
}

/// An entity read from a claim, with its byte span in the claim's text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    pub text: String,
    pub kind: EntityKind,
    pub start: usize,
    pub end: usize,
}

/// Titles that open a person's name.
const TITLES: &[&str] = &[
    "Capt",
    "Captain",
    "Dame",
    "Doctor",
    "Dr",
    "Gen",
    "General",
    "Judge",
    "Justice",
    "Lady",
    "Lord",
    "Mr",
    "Mrs",
    "Ms",
    "Mx",
    "President",
    "Prof",
    "Professor",
    "Rev",
    "Reverend",
    "Senator",
    "Sir",
];

/// `arXiv:2204.09876` (any case, optional space, optional version): spans.
fn arxiv_ids(text: &str) -> Vec<(usize, usize)> {
    // Most claims have no colon: nothing to look for.
    if !text.contains(':') {
        return Vec::new();
    }
    find_word_ci(text, "arxiv:")
        .into_iter()
        .filter_map(|(s, e)| {
            let j = e + usize::from(text[e..].starts_with(' '));
            let b = text.as_bytes();
            let (year, tail) = (digits(&text[j..]), j + 5);
            if year != 4 || b.get(j + 4) != Some(&b'.') || !(4..=5).contains(&digits(&text[tail..]))
            {
                return None;
            }
            let mut end = tail + digits(&text[tail..]);
            if text[end..].starts_with('v') && digits(&text[end + 1..]) > 0 {
                end += 1 + digits(&text[end + 1..]);
            }
            Some((s, end))
        })
        .collect()
}

/// DOIs: `10.` + 4–9 digits + `/` + a suffix up to whitespace or brackets,
/// without trailing punctuation.
fn dois(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    // Most claims have no slash: nothing to look for.
    if !text.contains('/') {
        return out;
    }
    for (s, _) in text.match_indices("10.") {
        if glued_before(text, s) || out.last().is_some_and(|&(_, e)| e > s) {
            continue;
        }
        let n = digits(&text[s + 3..]);
        if !(4..=9).contains(&n) || !text[s + 3 + n..].starts_with('/') {
            continue;
        }
        let suffix_start = s + 4 + n;
        let suffix = text[suffix_start..]
            .find(|c: char| c.is_whitespace() || ",;()[]".contains(c))
            .unwrap_or(text.len() - suffix_start);
        let suffix =
            text[suffix_start..suffix_start + suffix].trim_end_matches(['.', ',', ';', ':']);
        if !suffix.is_empty() {
            out.push((s, suffix_start + suffix.len()));
        }
    }
    out
}

/// Lower-case words that may join the capitalised words of one name
/// ("University of Oslo", "Ludwig van Beethoven").
const CONNECTORS: &[&str] = &[
    "al", "bin", "da", "de", "del", "der", "di", "du", "for", "la", "le", "of", "van", "von",
];

/// Last words that make a run an organisation.
const ORG_WORDS: &[&str] = &[
    "Agency",
    "Association",
    "Bank",
    "Center",
    "Centre",
    "College",
    "Committee",
    "Company",
    "Corp",
    "Corporation",
    "Council",
    "Department",
    "Foundation",
    "Group",
    "Holdings",
    "Hospital",
    "Inc",
    "Institute",
    "Labs",
    "Laboratory",
    "LLC",
    "Ltd",
    "Media",
    "Ministry",
    "Partners",
    "Press",
    "Research",
    "School",
    "Society",
    "Studios",
    "Systems",
    "Technologies",
    "University",
];

/// Capitalised words that are not names on their own.
const NOT_NAMES: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "I",
    "OK",
    "Yes",
    "No",
    "Note",
    "Also",
    "Overall",
    "Yesterday",
    "Today",
    "Tomorrow",
    "According",
    "Based",
    "Unable",
    "Sure",
    "Please",
];

/// A whitespace-separated word with the punctuation around it trimmed.
struct Word<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    /// The punctuation right after it.
    after: &'a str,
}

impl Word<'_> {
    fn capitalised(&self) -> bool {
        crate::text::case::opens_with_capital(self.text)
    }

    fn is_title(&self) -> bool {
        TITLES.contains(&self.text)
    }

    /// A single capital followed by a full stop: "J." in "J. K. Rowling".
    fn is_initial(&self) -> bool {
        self.text.chars().count() == 1 && self.capitalised() && self.after.starts_with('.')
    }

    /// Does punctuation after it end the name it may be part of?
    fn ends_name(&self) -> bool {
        let stop = self.after.starts_with('.') && !(self.is_title() || self.is_initial());
        stop || self
            .after
            .starts_with([',', ';', ':', '!', '?', ')', '"', '”'])
    }
}

/// The words of `part`: each run of non-whitespace characters with the
/// characters that are neither letters nor digits trimmed from both ends
/// (a run of nothing else is no word). ASCII, most of any text, is told a
/// byte at a time; other characters are decoded. (Split on whitespace and
/// trimmed by the standard library's char-by-char searches, this was most
/// of the check's work: 600 instructions a word.) The page keeps the
/// split ([`words_by_split`]): its code is in the bundle already, and this
/// reading's would add to it.
#[cfg(not(target_arch = "wasm32"))]
fn words(part: &str) -> Vec<Word<'_>> {
    let bytes = part.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 6 + 1);
    let mut i = 0;
    while i < bytes.len() {
        let (class, len) = char_class(part, i);
        if class & SPACE != 0 {
            i += len;
            continue;
        }
        // A run of non-whitespace: where its first and last letters or
        // digits are.
        let mut core: Option<(usize, usize)> = None;
        while i < bytes.len() {
            let (class, len) = char_class(part, i);
            if class & SPACE != 0 {
                break;
            }
            if class & ALNUM != 0 {
                core = Some((core.map_or(i, |(s, _)| s), i + len));
            }
            i += len;
        }
        if let Some((start, end)) = core {
            out.push(Word {
                start,
                end,
                text: &part[start..end],
                after: &part[end..i],
            });
        }
    }
    out
}

/// [`char_class`]'s marks: whitespace (`char::is_whitespace`), a letter or
/// digit (`char::is_alphanumeric`).
#[cfg(not(target_arch = "wasm32"))]
const SPACE: u8 = 1;
#[cfg(not(target_arch = "wasm32"))]
const ALNUM: u8 = 2;

/// Each ASCII byte's class; 0xFF for a byte outside ASCII.
#[cfg(not(target_arch = "wasm32"))]
const ASCII_CLASS: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_alphanumeric() {
            ALNUM
        } else if crate::text::scan::is_ascii_space(byte) {
            SPACE
        } else {
            0
        };
        b += 1;
    }
    table
};

/// The class of the character at byte `i` of `text`, and its length.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn char_class(text: &str, i: usize) -> (u8, usize) {
    let class = ASCII_CLASS[usize::from(text.as_bytes()[i])];
    if class != 0xFF {
        return (class, 1);
    }
    let c = text[i..].chars().next().expect("a character starts here");
    let class = match (c.is_whitespace(), c.is_alphanumeric()) {
        (true, _) => SPACE,
        (false, true) => ALNUM,
        (false, false) => 0,
    };
    (class, c.len_utf8())
}

/// [`words`] as the page reads them: split on whitespace, trimmed by the
/// standard library (natively, the reference the byte-at-a-time reading
/// is held to).
#[cfg(any(test, target_arch = "wasm32"))]
fn words_by_split(part: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for chunk in part.split_inclusive(char::is_whitespace) {
        let token = chunk.trim_end();
        let lead = token.len()
            - token
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .len();
        let core = token[lead..].trim_end_matches(|c: char| !c.is_alphanumeric());
        if !core.is_empty() {
            let (start, end) = (offset + lead, offset + lead + core.len());
            out.push(Word {
                start,
                end,
                text: core,
                after: &part[end..offset + token.len()],
            });
        }
        offset += chunk.len();
    }
    out
}

#[cfg(target_arch = "wasm32")]
fn words(part: &str) -> Vec<Word<'_>> {
    words_by_split(part)
}

/// Verbs that report speech or writing ("Okonkwo says …").
const REPORTING: &[&str] = &[
    "says",
    "said",
    "argues",
    "argued",
    "notes",
    "noted",
    "writes",
    "wrote",
    "explains",
    "explained",
    "claims",
    "claimed",
    "believes",
    "told",
    "warns",
    "warned",
    "adds",
    "added",
    "stated",
    "states",
    "reports",
    "reported",
    "recommends",
    "suggests",
    "confirms",
    "confirmed",
];

/// Does the lone capitalised word opening a sentence report something
/// ("Okonkwo says …")? Then it is a name, not just the sentence's first
/// word. Plurals are left out ("Experts say", "Officials said").
fn reports(words: &[Word], name_at: usize, name: &str) -> bool {
    !name.ends_with('s')
        && !is_stopword(&name.lowercase())
        && words
            .get(name_at + 1)
            .is_some_and(|w| REPORTING.contains(&w.text))
}

/// Read the entities of a claim (`text[start..end]`); spans index `text`.
pub fn find(text: &str, start: usize, end: usize, single_words: bool) -> Vec<Entity> {
    let part = &text[start..end];
    let mut out: Vec<Entity> = Vec::new();
    let push = |s: usize, e: usize, kind: EntityKind, out: &mut Vec<Entity>| {
        if out.iter().any(|x| s < x.end && x.start < e) {
            return;
        }
        out.push(Entity {
            text: part[s..e].to_string(),
            kind,
            start: s,
            end: e,
        });
    };
    for (s, e) in arxiv_ids(part).into_iter().chain(dois(part)) {
        push(s, e, EntityKind::Citation, &mut out);
    }
    let words = words(part);
    // "Smith et al. (2021)"
    for i in 0..words.len() {
        if words.get(i + 1).is_some_and(|w| w.text == "et")
            && words.get(i + 2).is_some_and(|w| w.text == "al")
            && words[i].capitalised()
        {
            let al = &words[i + 2];
            let year = words
                .get(i + 3)
                .filter(|w| w.text.len() == 4 && w.text.chars().all(|c| c.is_ascii_digit()));
            let end = match year {
                Some(y) => y.end + usize::from(part[y.end..].starts_with(')')),
                None => al.end + usize::from(al.after.starts_with('.')),
            };
            push(words[i].start, end, EntityKind::Citation, &mut out);
        }
    }
    // Names: runs of capitalised words outside what was found already.
    let taken = |w: &Word| out.iter().any(|e| w.start < e.end && e.start < w.end);
    let mut names: Vec<(usize, usize, EntityKind)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if !words[i].capitalised() || taken(&words[i]) {
            i += 1;
            continue;
        }
        // A run of capitalised words, joined by connectors; a title starts a new run.
        let mut j = i;
        while !words[j].ends_name() {
            let next = j + 1;
            let mut k = next;
            while words.get(k).is_some_and(|w| CONNECTORS.contains(&w.text)) {
                k += 1;
            }
            match words.get(k) {
                // A word opening a bracket starts an aside ("Act (FLSA)"),
                // not more of the name.
                Some(w)
                    if w.capitalised()
                        && !w.is_title()
                        && !taken(w)
                        && !part[..w.start].ends_with(['(', '['])
                        && (k == next || !words[k - 1].ends_name()) =>
                {
                    j = k
                }
                _ => break,
            }
        }
        let run = &words[i..=j];
        if run[0].is_title() {
            if run.len() > 1 {
                names.push((run[0].start, run[run.len() - 1].end, EntityKind::Person));
            }
        } else {
            // Drop leading function words ("The Ridgeline …") and non-name words.
            let skip = run
                .iter()
                .take_while(|w| is_stopword(&w.text.lowercase()) || NOT_NAMES.contains(&w.text))
                .count();
            let rest = &run[skip..];
            let capitalised = rest
                .iter()
                .filter(|w| w.capitalised() && !NOT_NAMES.contains(&w.text))
                .count();
            if capitalised >= 2 {
                let kind = if rest.iter().any(|w| ORG_WORDS.contains(&w.text)) {
                    EntityKind::Organisation
                } else {
                    EntityKind::Name
                };
                names.push((rest[0].start, rest[rest.len() - 1].end, kind));
            } else if single_words
                && capitalised == 1
                && rest.len() == 1
                && rest[0].text.chars().count() > 1
                && (rest[0].start > words[0].start || reports(&words, j, rest[0].text))
            {
                names.push((rest[0].start, rest[0].end, EntityKind::Name));
            }
        }
        i = j + 1;
    }
    for (s, e, kind) in names {
        push(s, e, kind, &mut out);
    }
    crate::order::sort_by_key(&mut out, |e| e.start);
    for e in &mut out {
        e.start += start;
        e.end += start;
    }
    out
}

/// The words an entity is looked up by: its text without a title or a
/// possessive, folded.
fn lookup_form(entity: &Entity) -> String {
    let mut t = entity.text.as_str();
    if entity.kind == EntityKind::Person {
        if let Some((title, rest)) = t.split_once(char::is_whitespace) {
            if TITLES.contains(&title.trim_end_matches('.')) {
                t = rest.trim_start();
            }
        }
    }
    let mut f = fold(t);
    if entity.kind == EntityKind::Citation {
        if let Some(p) = f.find(" et al") {
            f.truncate(p + " et al".len());
        }
    }
    for suffix in ["'s", "'"] {
        if let Some(stripped) = f.strip_suffix(suffix) {
            f = stripped.to_string();
        }
    }
    f
}

/// Is `word` used in `text` as an ordinary lower-case word?
fn used_in_lower_case(text: &str, word: &str) -> bool {
    let lower = word.lowercase();
    lower != word
        && matches(text, lower.as_str()).any(|i| {
            !glued_before(text, i) && !crate::text::scan::glued_after(text, i + lower.len())
        })
}

/// The claim's entities that the source never mentions (`mentioned` says
/// whether a phrase through [`fold`] is in the source, as
/// [`crate::text::Document::mentions`] does; `source` is its raw text). An entity opening
/// the claim is also tried without its first word when that word may just be
/// a capitalised sentence opener: when the rest is itself a name ("Yesterday
/// John Smith"), or when the source uses the word in lower case ("Click
/// Apply/Save" where the source says "click").
pub fn invented<'e>(
    entities: &'e [Entity],
    mentioned: impl Fn(&str) -> bool,
    source: &str,
    claim_start: usize,
) -> Vec<&'e Entity> {
    entities
        .iter()
        .filter(|e| {
            let form = lookup_form(e);
            if mentioned(&form) {
                return false;
            }
            // A person's full name and a place ("Paul Renard of Lyon"),
            // each in the source. (A one-word head stays whole: "Bank of
            // America" is not "Bank" and "America".)
            if let Some((who, place)) = form.split_once(" of ") {
                if who.contains(' ') && mentioned(who) && mentioned(place) {
                    return false;
                }
            }
            if e.start == claim_start {
                if let Some((_, rest)) = form.split_once(' ') {
                    let opener = e.text.split_whitespace().next().unwrap_or("");
                    // What is left must be a name of its own: not a lone
                    // organisation word ("Fujitsu Labs" is not "Labs").
                    let lone_org_word = !rest.contains(' ')
                        && ORG_WORDS.iter().any(|w| w.eq_ignore_ascii_case(rest));
                    if !lone_org_word
                        && (rest.contains(' ')
                            || e.kind != EntityKind::Name
                            || used_in_lower_case(source, opener))
                    {
                        return !mentioned(rest);
                    }
                }
            }
            true
        })
        .collect()
}

/// What [`invented`] may look up in the source for entity `e` of a claim
/// starting at `claim_start`: phrases through [`fold`] in the whole source
/// ([`crate::text::Document::mentions`]), and a word in lower case in its
/// raw text (a sentence opener the source uses as an ordinary word). An
/// edit of the source that touches none of them cannot change whether `e`
/// is invented.
pub fn looked_up(e: &Entity, claim_start: usize) -> (Vec<String>, Option<String>) {
    let form = lookup_form(e);
    let mut phrases = Vec::new();
    if let Some((who, place)) = form.split_once(" of ") {
        phrases.extend([who.to_string(), place.to_string()]);
    }
    let mut lower_case = None;
    if e.start == claim_start {
        if let Some((_, rest)) = form.split_once(' ') {
            phrases.push(rest.to_string());
            let opener = e.text.split_whitespace().next().unwrap_or("");
            lower_case = Some(opener.lowercase());
        }
    }
    phrases.push(form);
    (phrases, lower_case)
}

/// Find the claim's names and references that the source never mentions and
/// explain them: an `invented_entity` reason and a mark each, and the
/// `entity_check` event when the claim names anything. Citations (`[S1]`)
/// are references to the source, not entities.
pub fn explain(claim: &ClaimContext, findings: &mut Findings, trace: &mut Trace) -> Vec<Entity> {
    let (id, doc, cfg) = (claim.id, claim.doc, claim.cfg);
    let cites = &claim.analysed.citations;
    let mut found = find(
        claim.answer,
        claim.start,
        claim.end,
        cfg.single_word_entities,
    );
    // Citations are references to the source; dates, months and weekdays
    // ("8 Jan 2024", "Fridays") are compared by the number check. An
    // author-year citation keeps its year ("Renard et al. (2021)"): the
    // year is part of it, not a date to compare.
    let values = claim.analysed.numbers.iter().filter(|n| !n.is_identifier());
    let cited: Vec<(usize, usize)> = cites.iter().map(|c| (c.start, c.end)).collect();
    let dates: Vec<(usize, usize)> = values.map(|n| (n.start, n.end)).collect();
    let overlaps = |spans: &[(usize, usize)], e: &Entity| {
        spans.iter().any(|&(s, end)| e.start < end && s < e.end)
    };
    found.retain(|e| !overlaps(&cited, e));
    // A value inside a run of capitals ("the Eight-Hour Thaddeus
    // Morcombe", "On 8 Jan 2024 Anna Berg"): the names on either side of it
    // are still names (a stranger's invented name after "Eight-Hour" was
    // dropped with the value).
    let mut names = Vec::with_capacity(found.len());
    for e in found {
        if (e.kind == EntityKind::Citation && e.text.contains(" et al")) || !overlaps(&dates, &e) {
            names.push(e);
            continue;
        }
        let mut pieces = Vec::new();
        let mut from = e.start;
        for &(s, end) in dates.iter().filter(|&&(s, end)| e.start < end && s < e.end) {
            pieces.push((from, s.max(from)));
            from = from.max(end);
        }
        pieces.push((from, e.end.max(from)));
        for (s, end) in pieces.into_iter().filter(|(s, end)| s < end) {
            let around = find(claim.answer, s, end, cfg.single_word_entities);
            names.extend(
                around
                    .into_iter()
                    .filter(|n| !overlaps(&cited, n) && !overlaps(&dates, n)),
            );
        }
    }
    let found = names;
    let invented: Vec<Entity> = invented(&found, |p| doc.mentions(p), &doc.text, claim.start)
        .into_iter()
        .cloned()
        .collect();
    for e in &invented {
        findings.reason(
            ReasonKind::InventedEntity,
            format!("\"{}\" appears nowhere in the source.", e.text),
        );
        findings.mark(Mark::answer(MarkKind::Entity, (e.start, e.end)));
    }
    if !found.is_empty() {
        trace.push(
            Some(id),
            || EventKind::EntityCheck {
                passed: invented.is_empty(),
                invented: invented.iter().map(|e| e.text.clone()).collect(),
            },
            || {
                if invented.is_empty() {
                    format!("Every name in {id} appears in the source.")
                } else {
                    let names: Vec<&str> = invented.iter().map(|e| e.text.as_str()).collect();
                    format!("Not in the source: {}.", names.join(", "))
                }
            },
        );
    }
    invented
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Runs of any characters (ASCII, Latin letters with accents,
        /// other scripts, Unicode spaces, digits, punctuation, combining
        /// accents) give the words the standard library's split gives.
        #[test]
        #[cfg(not(target_arch = "wasm32"))]
        fn words_read_a_byte_at_a_time_are_the_words_split_and_trimmed(
            text in "[ a-zA-Z0-9.,;:'\"()\\[\\]\t\n\r\x0b\x0c\u{85}\u{a0}\u{2003}\u{3000}’“”ÉéßİıσΣЖ漢\u{301}\u{200b}٣-]{0,60}",
        ) {
            let fast: Vec<_> = words(&text).iter().map(|w| (w.start, w.end, w.after)).collect();
            let slow: Vec<_> = words_by_split(&text).iter().map(|w| (w.start, w.end, w.after)).collect();
            proptest::prop_assert_eq!(fast, slow);
        }
    }
    use crate::text::mentions::in_fold;

    /// Every look-up [`invented`] makes is one [`looked_up`] lists.
    #[test]
    fn looked_up_lists_every_look_up_invented_makes() {
        let claims = [
            "Yesterday John Smith of Lyon met Dr. Paul Renard of Lyon.",
            "Click Apply/Save to keep the Bank of America form.",
            "Fujitsu Labs and Renard et al. (2021) agree with O'Brien's team.",
            "The Halvorsen Partners bridge opened.",
        ];
        for claim in claims {
            let found = find(claim, 0, claim.len(), true);
            assert!(!found.is_empty(), "{claim}");
            for source in ["", "click here. yesterday it rained. the bank closed."] {
                let asked = std::cell::RefCell::new(Vec::new());
                let mentioned = |p: &str| {
                    asked.borrow_mut().push(p.to_string());
                    false
                };
                let _ = invented(&found, mentioned, source, 0);
                let listed: Vec<String> = (found.iter()).flat_map(|e| looked_up(e, 0).0).collect();
                for p in asked.borrow().iter() {
                    assert!(listed.contains(p), "{claim}: {p} not listed in {listed:?}");
                }
            }
        }
    }

    /// A phrase look-up in `folded`, a source's fold.
    fn within(folded: &str) -> impl Fn(&str) -> bool + '_ {
        move |p| in_fold(folded, p)
    }

    fn names(text: &str, single: bool) -> Vec<(String, EntityKind)> {
        find(text, 0, text.len(), single)
            .into_iter()
            .map(|e| (e.text, e.kind))
            .collect()
    }

    const SEED_ANSWER: &str = "The seminal work was published by Dr. James Harrison and Dr. Wei Liu in arXiv:2204.09876, at DeepMind Research Institute.";

    #[test]
    fn seed_001_entities_are_found_with_their_kinds() {
        use EntityKind::*;
        assert_eq!(
            names(SEED_ANSWER, false),
            [
                ("Dr. James Harrison".into(), Person),
                ("Dr. Wei Liu".into(), Person),
                ("arXiv:2204.09876".into(), Citation),
                ("DeepMind Research Institute".into(), Organisation),
            ]
        );
    }

    #[test]
    fn seed_001_entities_are_invented_against_its_context() {
        let source =
            fold("Recent studies show transformer models achieve 94% accuracy on NER tasks.");
        let found = find(SEED_ANSWER, 0, SEED_ANSWER.len(), false);
        assert_eq!(invented(&found, within(&source), "", 0).len(), 4);
    }

    #[test]
    fn a_bracketed_abbreviation_is_not_part_of_the_name_before_it() {
        use EntityKind::*;
        // Found by a stranger: "Fair Labor Standards Act (FLSA" was one
        // name, invented against a source naming the act alone.
        let claim = "The Fair Labor Standards Act (FLSA) was read by Hana Ito [Acme Labs].";
        assert_eq!(
            names(claim, false),
            [
                ("Fair Labor Standards Act".into(), Name),
                ("Hana Ito".into(), Name),
                ("Acme Labs".into(), Organisation),
            ]
        );
        let source = fold("The Fair Labor Standards Act sets the minimum wage.");
        let found = find(claim, 0, claim.len(), false);
        let bad: Vec<&str> = invented(&found, within(&source), "", 0)
            .iter()
            .map(|e| e.text.as_str())
            .collect();
        assert!(!bad.contains(&"Fair Labor Standards Act"), "{bad:?}");
    }

    #[test]
    fn names_in_the_source_are_not_invented() {
        let source =
            fold("The bridge was designed by Halvorsen Partners. Dr. Harrison reviewed it.");
        let claim = "Halvorsen Partners designed it with James Harrison.";
        let found = find(claim, 0, claim.len(), false);
        let bad: Vec<&str> = invented(&found, within(&source), "", 0)
            .iter()
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(bad, ["James Harrison"]);
        let claim = "It was reviewed by Dr. Harrison.";
        assert!(invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).is_empty());
    }

    #[test]
    fn whole_names_only() {
        let source = fold("Anna Schmidt chaired the panel.");
        let claim = "Anna Miller chaired the panel.";
        assert_eq!(
            invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).len(),
            1
        );
        let source = fold("Anna Millerton chaired the panel.");
        assert_eq!(
            invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).len(),
            1
        );
    }

    #[test]
    fn a_phrase_is_found_past_glued_matches_and_at_either_end() {
        // Glued on before, then after, then free: every match is tried.
        assert!(in_fold(
            "xanna miller annamiller anna millers, anna miller.",
            "anna miller"
        ));
        assert!(!in_fold("xanna miller anna millers", "anna miller"));
        // Letters outside ASCII glue too; punctuation does not.
        assert!(!in_fold("éanna miller anna millerß", "anna miller"));
        assert!(in_fold("anna miller", "anna miller"));
        assert!(in_fold("(anna miller)", "anna miller"));
        assert!(!in_fold("", "anna"));
        assert!(in_fold("anything", ""));
    }

    #[test]
    fn unicode_names_count() {
        assert_eq!(
            names("It was built by José Álvarez in Spain.", false),
            [("José Álvarez".into(), EntityKind::Name)]
        );
        let source = fold("JOSÉ ÁLVAREZ built it.");
        let claim = "José Álvarez built it.";
        assert!(invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).is_empty());
    }

    #[test]
    fn a_name_without_its_accents_is_the_same_name() {
        // Dropped, added or decomposed accents, and strokes (ł, ø): found.
        for (source, claim) in [
            ("Zoë Kowalski chaired it.", "Zoe Kowalski chaired it."),
            ("Zoe Kowalski chaired it.", "Zoë Kowalski chaired it."),
            (
                "Zoe\u{308} Kowalski chaired it.",
                "Zoë Kowalski chaired it.",
            ),
            (
                "Łukasz Søndergård chaired it.",
                "Lukasz Sondergard chaired it.",
            ),
            ("Ms. Müller chaired it.", "Ms. Muller chaired it."),
            (
                "Maria Nguyễn and Đặng Thiệu chaired it.",
                "Maria Nguyen and Dang Thieu chaired it.",
            ),
        ] {
            let found = find(claim, 0, claim.len(), false);
            assert!(!found.is_empty(), "{claim}");
            assert!(
                invented(&found, within(&fold(source)), source, 0).is_empty(),
                "{claim}"
            );
        }
        // Another name is still another name.
        let claim = "Zoe Kowalska chaired it.";
        let found = find(claim, 0, claim.len(), false);
        assert_eq!(
            invented(&found, within(&fold("Zoë Kowalski chaired it.")), "", 0).len(),
            1
        );
    }

    #[test]
    fn sentence_openers_and_plain_words_are_not_names() {
        assert!(names("The Ridgeline bridge opened in 1998.", false).is_empty());
        assert!(names(
            "Recent studies show models achieve 94% on NER tasks.",
            false
        )
        .is_empty());
        assert!(names("In March the bridge reopened.", false).is_empty());
        assert_eq!(
            names("The University of Oslo agreed.", false),
            [("University of Oslo".into(), EntityKind::Organisation)]
        );
    }

    #[test]
    fn a_lone_opener_that_reports_something_is_a_name() {
        assert_eq!(
            names("Okonkwo says requests take two days.", true),
            [("Okonkwo".to_string(), EntityKind::Name)]
        );
        assert!(names("Experts say requests take two days.", true).is_empty());
        assert!(names("Okonkwo says requests take two days.", false).is_empty());
    }

    #[test]
    fn single_words_only_when_asked_and_not_at_the_start() {
        assert!(names("He was born in Mumbai.", false).is_empty());
        assert_eq!(
            names("He was born in Mumbai.", true),
            [("Mumbai".into(), EntityKind::Name)]
        );
        assert!(names("Tagore won it.", true).is_empty());
    }

    #[test]
    fn paper_references() {
        use EntityKind::*;
        assert_eq!(
            names(
                "See Smith et al. (2021) and doi 10.1145/3442188.3445922.",
                false
            ),
            [
                ("Smith et al. (2021)".into(), Citation),
                ("10.1145/3442188.3445922".into(), Citation),
            ]
        );
        let source = fold("As Smith et al. showed in 2021, it works.");
        let claim = "Smith et al. (2021) showed it.";
        assert!(invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).is_empty());
    }

    #[test]
    fn capitalised_imperative_opener_is_forgiven_when_the_source_uses_it() {
        let raw = "To finish, click Apply/Save and wait.";
        let claim = "Click Apply/Save to save your new password.";
        let found = find(claim, 0, claim.len(), false);
        assert_eq!(found.len(), 1);
        assert!(invented(&found, within(&fold(raw)), raw, 0).is_empty());
        // A real name stays a name: "Anna" is not an ordinary word of the source.
        let raw = "Miller chaired the panel.";
        let claim = "Anna Miller chaired the panel.";
        assert_eq!(
            invented(
                &find(claim, 0, claim.len(), false),
                within(&fold(raw)),
                raw,
                0
            )
            .len(),
            1
        );
    }

    #[test]
    fn capitalised_opener_before_a_known_name_is_forgiven() {
        let source = fold("John Smith founded the company.");
        let claim = "Earlier John Smith spoke.";
        assert!(invented(&find(claim, 0, claim.len(), false), within(&source), "", 0).is_empty());
    }
}
