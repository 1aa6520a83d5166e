//! Invented entities: names and references in the claim that the source never mentions.
//!
//! **Catches** (seed 001) people, organisations, titled names and paper
//! citations that appear nowhere in the source: "Dr. James Harrison",
//! "DeepMind Research Institute", "arXiv:2204.09876", "10.1145/3442188",
//! "Smith et al. (2021)". Such a claim is `unsupported`, whatever its word
//! overlap, with the entity named. Unicode names count ("José Álvarez"). An
//! entity is found in the source only as a whole ("Anna Miller" is not
//! excused by an "Anna Schmidt"); a title is not needed ("Dr. Harrison" is
//! found in "James Harrison").
//!
//! How: titled names (`Dr.`, `Prof.`, `Mr.` …), runs of two or more
//! capitalised words (joined by `of`, `de`, `van` …; leading function words
//! such as "The" dropped), arXiv ids, DOIs and "X et al." are read from the
//! claim. With `single_word_entities` on, a lone capitalised word that does
//! not open the sentence ("born in Mumbai") counts too.
//!
//! **Misses**: lower-case or single-word names (unless `single_word_entities`),
//! names the source spells differently ("Calcutta"/"Kolkata"), and invented
//! facts about real entities. Capitalised title phrases ("Named Entity
//! Recognition") are read as names: the price of having no language model.
//!
//! **Defaults**: on (`entity_check: true`), `single_word_entities: false`.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::text::{fold, words::is_stopword};

/// What this check cannot see, in plain words, for the lab to show where the
/// user meets it.
pub const LIMITS: &str = "Names are found by their capital letters: lower-case and one-word names are missed, a capitalised title can pass for a name, and a name the source spells differently counts as invented.";

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

const TITLES: &str = r"Dr|Prof|Professor|Doctor|Mr|Mrs|Ms|Mx|Sir|Dame|Lord|Lady|Judge|Justice|Senator|President|Rev|Reverend|Captain|Capt|General|Gen";

static TITLED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"\b(?:{TITLES})\.?\s+(?:\p{{Lu}}[\p{{L}}\p{{M}}'’-]*\.?\s+)*\p{{Lu}}[\p{{L}}\p{{M}}'’-]+")).unwrap()
});

static TITLE_PREFIX: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!(r"^(?:{TITLES})\.?\s+")).unwrap());

static ARXIV: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\barxiv:\s?\d{4}\.\d{4,5}(?:v\d+)?").unwrap());

static DOI: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b10\.\d{4,9}/[^\s,;()\[\]]+[^\s,;()\[\].]").unwrap());

static ET_AL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\p{Lu}[\p{L}\p{M}'’-]+\s+et\s+al\.?(?:,?\s*\(?(?:\d{4})\)?)?").unwrap());

static CAPITALISED_RUN: LazyLock<Regex> = LazyLock::new(|| {
    let word = r"(?:\p{Lu}[\p{L}\p{M}'’&-]*[\p{L}\p{M}])";
    Regex::new(&format!(
        r"{word}(?:\s+(?:(?:of|for|and|the|de|da|del|der|di|du|van|von|la|le|bin|al)\s+)*{word})*"
    ))
    .unwrap()
});

/// Last words that make a run an organisation.
const ORG_WORDS: &[&str] = &[
    "Agency", "Association", "Bank", "Center", "Centre", "College", "Committee", "Company",
    "Corp", "Corporation", "Council", "Department", "Foundation", "Group", "Holdings",
    "Hospital", "Inc", "Institute", "Labs", "Laboratory", "LLC", "Ltd", "Media", "Ministry",
    "Partners", "Press", "Research", "School", "Society", "Studios", "Systems", "Technologies",
    "University",
];

/// Capitalised words that are not names on their own.
const NOT_NAMES: &[&str] = &[
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
    "Saturday", "Sunday", "I", "OK", "Yes", "No", "Note", "Also", "Overall", "Yesterday",
    "Today", "Tomorrow", "According", "Based", "Unable", "Sure", "Please",
];

/// Read the entities of a claim (`text[start..end]`); spans index `text`.
pub fn find(text: &str, start: usize, end: usize, single_words: bool) -> Vec<Entity> {
    let part = &text[start..end];
    let mut out: Vec<Entity> = Vec::new();
    let push = |s: usize, e: usize, kind: EntityKind, out: &mut Vec<Entity>| {
        if out.iter().any(|x| s < x.end && x.start < e) {
            return;
        }
        out.push(Entity { text: part[s..e].to_string(), kind, start: s, end: e });
    };
    for m in ARXIV.find_iter(part).chain(DOI.find_iter(part)).chain(ET_AL.find_iter(part)) {
        push(m.start(), m.end(), EntityKind::Citation, &mut out);
    }
    for m in TITLED.find_iter(part) {
        push(m.start(), m.end(), EntityKind::Person, &mut out);
    }
    let first_word_end = part.find(|c: char| c.is_whitespace()).unwrap_or(part.len());
    for m in CAPITALISED_RUN.find_iter(part) {
        let words: Vec<(usize, &str)> = m.as_str().split_whitespace().map(|w| (w.as_ptr() as usize - part.as_ptr() as usize, w)).collect();
        // Drop leading function words ("The Ridgeline …") and non-name words.
        let skip = words.iter().take_while(|(_, w)| is_stopword(&w.to_lowercase()) || NOT_NAMES.contains(w)).count();
        let rest = &words[skip..];
        let Some(&(s, _)) = rest.first() else { continue };
        let (last_start, last) = *rest.last().unwrap();
        let e = last_start + last.len();
        let capitalised = rest.iter().filter(|(_, w)| w.chars().next().is_some_and(char::is_uppercase) && !NOT_NAMES.contains(w)).count();
        if capitalised >= 2 {
            let kind = if ORG_WORDS.contains(&last) || rest.iter().any(|(_, w)| ORG_WORDS.contains(w)) {
                EntityKind::Organisation
            } else {
                EntityKind::Name
            };
            push(s, e, kind, &mut out);
        } else if single_words && capitalised == 1 && s >= first_word_end && last.chars().count() > 1 {
            push(s, e, EntityKind::Name, &mut out);
        }
    }
    out.sort_by_key(|e| e.start);
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
        if let Some(m) = TITLE_PREFIX.find(t) {
            t = &t[m.end()..];
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

/// Is `needle` in `haystack` with no letter or digit glued on either side?
fn contains_phrase(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    haystack.match_indices(needle).any(|(i, _)| {
        let before = haystack[..i].chars().next_back();
        let after = haystack[i + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The claim's entities that `folded_source` (see [`fold`]) never mentions.
/// An entity opening the claim is also tried without its first word, which
/// may be a capitalised sentence opener ("Yesterday John Smith …").
pub fn invented<'e>(entities: &'e [Entity], folded_source: &str, claim_start: usize) -> Vec<&'e Entity> {
    entities
        .iter()
        .filter(|e| {
            let form = lookup_form(e);
            if contains_phrase(folded_source, &form) {
                return false;
            }
            if e.start == claim_start {
                if let Some((_, rest)) = form.split_once(' ') {
                    if rest.contains(' ') || e.kind != EntityKind::Name {
                        return !contains_phrase(folded_source, rest);
                    }
                }
            }
            true
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str, single: bool) -> Vec<(String, EntityKind)> {
        find(text, 0, text.len(), single).into_iter().map(|e| (e.text, e.kind)).collect()
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
        let source = fold("Recent studies show transformer models achieve 94% accuracy on NER tasks.");
        let found = find(SEED_ANSWER, 0, SEED_ANSWER.len(), false);
        assert_eq!(invented(&found, &source, 0).len(), 4);
    }

    #[test]
    fn names_in_the_source_are_not_invented() {
        let source = fold("The bridge was designed by Halvorsen Partners. Dr. Harrison reviewed it.");
        let claim = "Halvorsen Partners designed it with James Harrison.";
        let found = find(claim, 0, claim.len(), false);
        let bad: Vec<&str> = invented(&found, &source, 0).iter().map(|e| e.text.as_str()).collect();
        assert_eq!(bad, ["James Harrison"]);
        let claim = "It was reviewed by Dr. Harrison.";
        assert!(invented(&find(claim, 0, claim.len(), false), &source, 0).is_empty());
    }

    #[test]
    fn whole_names_only() {
        let source = fold("Anna Schmidt chaired the panel.");
        let claim = "Anna Miller chaired the panel.";
        assert_eq!(invented(&find(claim, 0, claim.len(), false), &source, 0).len(), 1);
        let source = fold("Anna Millerton chaired the panel.");
        assert_eq!(invented(&find(claim, 0, claim.len(), false), &source, 0).len(), 1);
    }

    #[test]
    fn unicode_names_count() {
        assert_eq!(names("It was built by José Álvarez in Spain.", false), [("José Álvarez".into(), EntityKind::Name)]);
        let source = fold("JOSÉ ÁLVAREZ built it.");
        let claim = "José Álvarez built it.";
        assert!(invented(&find(claim, 0, claim.len(), false), &source, 0).is_empty());
    }

    #[test]
    fn sentence_openers_and_plain_words_are_not_names() {
        assert!(names("The Ridgeline bridge opened in 1998.", false).is_empty());
        assert!(names("Recent studies show models achieve 94% on NER tasks.", false).is_empty());
        assert!(names("In March the bridge reopened.", false).is_empty());
        assert_eq!(names("The University of Oslo agreed.", false), [("University of Oslo".into(), EntityKind::Organisation)]);
    }

    #[test]
    fn single_words_only_when_asked_and_not_at_the_start() {
        assert!(names("He was born in Mumbai.", false).is_empty());
        assert_eq!(names("He was born in Mumbai.", true), [("Mumbai".into(), EntityKind::Name)]);
        assert!(names("Tagore won it.", true).is_empty());
    }

    #[test]
    fn paper_references() {
        use EntityKind::*;
        assert_eq!(names("See Smith et al. (2021) and doi 10.1145/3442188.3445922.", false), [
            ("Smith et al. (2021)".into(), Citation),
            ("10.1145/3442188.3445922".into(), Citation),
        ]);
        let source = fold("As Smith et al. showed in 2021, it works.");
        let claim = "Smith et al. (2021) showed it.";
        assert!(invented(&find(claim, 0, claim.len(), false), &source, 0).is_empty());
    }

    #[test]
    fn capitalised_opener_before_a_known_name_is_forgiven() {
        let source = fold("John Smith founded the company.");
        let claim = "Earlier John Smith spoke.";
        assert!(invented(&find(claim, 0, claim.len(), false), &source, 0).is_empty());
    }
}
