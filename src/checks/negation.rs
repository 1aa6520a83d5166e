//! Negation flips: the claim says "can" where its source says "cannot".
//!
//! **Catches** (seed 001) a claim that shares its words with its supporting
//! sentence but reverses it: "supports X" against "does not support X",
//! "can be cancelled" against "cannot be cancelled", "always" against
//! "never", "has fees" against "has no fees", in either direction. Words are
//! compared by stem ("cancel" = "cancelled"), an irregular verb form by its
//! base form's ("did not find" against "found": `text::verbs`), after
//! contractions are expanded, so "doesn't" and "does not" agree and are
//! never a flip.
//!
//! How: a negator (`not`, `no`, `never`, `none`, `nor`, `neither`, `nothing`,
//! …, and the other languages' that are no English word: German `nicht`,
//! `kein…`, French `pas`, Dutch `niet`, Spanish `nunca`, Portuguese `não`;
//! `text::words::OTHER_NEGATORS`) negates the first content word after it
//! in the same clause, a number or a weekday too ("not 5 mg", "not on
//! Mondays"; `not` and `never` before an aside set off by commas, the
//! first after it: "may not, under any circumstances, feed"), but none
//! before `until` in its clause ("will not send until you open it" says
//! when it is sent) nor before a bound on a number ("do not take more than
//! 8" is at most 8, which the number check reads). Where the
//! negated word is also stated plainly in the same text, the negation
//! reaches the next content word of its clause as well: "covers parts but
//! does not cover labour" negates the labour. A negating prefix (`un-`,
//! `non-`: "unsuitable" against "suitable"; `in-`, `im-`, `il-`, `ir-` on
//! an adjective: "invisible", "illegal"; `dis-` on a listed word:
//! "disapproved") is a flip too, unless one side holds both forms.
//! One written as a name (a capital inside its
//! sentence: "the Geen family"; "Pier No. 7") negates nothing. A negated
//! truth word before `that` ("it is not true that …", "not the case that
//! …"), or `false that`, denies the whole clause after `that` instead: it
//! flips against a sentence that states the clause's words and negates
//! none of them ("the reservoir does not supply water" agrees with "it is
//! not true that the reservoir supplies water"). A denial of a clause with
//! a negation of its own, or a negated denial ("not untrue"), counts as
//! neither. A flip is a word negated on one side and never on the other,
//! which states it plainly more often: one of its plain mentions is the
//! first side's negated one ("is not a cargo ship, and the cargo deck"
//! against "is a cargo ship, and the cargo deck" is a flip; before, a word
//! negated once and repeated plainly on the same side was never one). The
//! same negation with its words in another order is no flip: where the side
//! stating the word plainly negates a word the other side states plainly
//! ("not directly contact" against "not contact … directly").
//!
//! **Misses**: antonyms outside the list, two negations swapped between
//! words ("not A, but B" against "A, not B"; read as a reordering), a reordered sentence that swaps
//! "before" and "after" while meaning the same (a false alarm), negation by
//! `in-` on a noun or verb and `dis-` on a word not listed ("inform" is no
//! negated "form", nor "disclosed" a negated "closed"), double negation, scope beyond the first word otherwise ("did
//! not reduce mortality" negates the reducing only; "not only" is skipped
//! on purpose), an irregular verb form `text::verbs` leaves out ("left",
//! "lay"), exceptions ("daily except Mondays"), negations in other
//! sentences, and Italian `non`
//! and `mai` and German `nie` (English writes them too).
//!
//! **Antonyms** (`antonym_check`, off in the seed preset): a claim word the
//! sentence does not use, whose antonym the sentence does use ("prices
//! increased" against "prices decreased"), is a flip too. The list holds
//! common opposite pairs (increase/decrease, win/lose, before/after, …),
//! billing periods (annually/monthly) and temperature scales.
//!
//! **Defaults**: on (`negation_check: true`); run only on claims that are
//! otherwise supported, against their best sentence. With
//! `negation_in_ties` (off in every preset), against the first of the
//! sentences tied for best support (up to [`TIES_COMPARED`]) that reverses
//! the claim: "The drone is waterproof." ties "The drone weighs 900 grams."
//! with "It is not waterproof.", and the second is the one that matters.

use serde::{Deserialize, Serialize};

use crate::checks::{ClaimContext, Findings};
use crate::text::case::opens_with_capital;
use crate::text::verbs::base_key;
use crate::text::words::{is_negator, OTHER_NEGATORS};
use crate::text::{Analysed, SourceSentence, Token};
use crate::trace::{EventKind, Trace};
use crate::verdict::{Mark, MarkKind, ReasonKind};

/// What this check cannot see, in plain words, true under every setting,
/// for the lab to show where the user meets it.
pub const LIMITS: &str = "Negation words and negating prefixes (un-, non-, in- on an adjective: \"unavailable\", \"invisible\") are read, and opposites from a short list only with the antonym check on; other opposites (\"indoor\" and \"outdoor\"), exceptions (\"every day except Sunday\"), negations in another sentence and double negatives slip through.";

/// Which side carries the negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Claim,
    Source,
}

/// A word negated on one side and stated plainly on the other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NegationFlip {
    /// The word as the claim writes it.
    pub word: String,
    pub negated_in: Side,
    /// The negator as written on the negated side (`not`, `n't`, `never`).
    pub negator: String,
    /// Byte spans of the word in the claim and in the source sentence.
    pub claim_span: (usize, usize),
    pub source_span: (usize, usize),
    /// Byte span of the negator on its side.
    pub negator_span: (usize, usize),
}

/// Common opposites, as written (each pair works both ways).
const ANTONYMS: &[(&str, &str)] = &[
    ("above", "below"),
    ("accept", "reject"),
    ("accepted", "rejected"),
    ("add", "remove"),
    ("added", "removed"),
    ("after", "before"),
    ("agree", "disagree"),
    ("agreed", "disagreed"),
    ("allow", "forbid"),
    ("always", "never"),
    ("approve", "reject"),
    ("approved", "rejected"),
    ("arrive", "depart"),
    ("arrived", "departed"),
    ("best", "worst"),
    ("better", "worse"),
    ("big", "small"),
    ("bigger", "smaller"),
    ("bought", "sold"),
    ("buy", "sell"),
    ("cheap", "expensive"),
    ("clean", "dirty"),
    ("confirm", "deny"),
    ("confirmed", "denied"),
    ("correct", "incorrect"),
    ("decline", "growth"),
    ("decrease", "increase"),
    ("decreased", "increased"),
    ("decreases", "increases"),
    ("decreasing", "increasing"),
    ("difficult", "easy"),
    ("early", "late"),
    ("earlier", "later"),
    ("east", "west"),
    ("empty", "full"),
    ("enter", "exit"),
    ("export", "import"),
    ("exports", "imports"),
    ("external", "internal"),
    ("fail", "pass"),
    ("failed", "passed"),
    ("failure", "success"),
    ("fall", "rise"),
    ("false", "true"),
    ("fast", "slow"),
    ("faster", "slower"),
    ("fell", "rose"),
    ("first", "last"),
    ("gain", "loss"),
    ("good", "bad"),
    ("grew", "shrank"),
    ("grow", "shrink"),
    ("heavy", "light"),
    ("high", "low"),
    ("higher", "lower"),
    ("hired", "fired"),
    ("hot", "cold"),
    ("illegal", "legal"),
    ("impossible", "possible"),
    ("include", "exclude"),
    ("included", "excluded"),
    ("inside", "outside"),
    ("large", "small"),
    ("larger", "smaller"),
    ("least", "most"),
    ("less", "more"),
    ("likely", "unlikely"),
    ("long", "short"),
    ("longer", "shorter"),
    ("lose", "win"),
    ("lost", "won"),
    ("major", "minor"),
    ("maximum", "minimum"),
    ("negative", "positive"),
    ("north", "south"),
    ("offline", "online"),
    ("open", "close"),
    ("open", "closed"),
    ("opened", "closed"),
    ("opens", "closes"),
    ("oppose", "support"),
    ("opposed", "supported"),
    ("optimistic", "pessimistic"),
    ("private", "public"),
    ("profit", "loss"),
    ("raise", "lower"),
    ("raised", "lowered"),
    ("receive", "send"),
    ("received", "sent"),
    ("reduce", "increase"),
    ("reduced", "increased"),
    ("rich", "poor"),
    ("rising", "falling"),
    ("safe", "dangerous"),
    ("start", "finish"),
    ("started", "finished"),
    ("strong", "weak"),
    ("stronger", "weaker"),
    ("successful", "unsuccessful"),
    ("warm", "cool"),
    ("wide", "narrow"),
    ("wrong", "right"),
    // Billing periods (seed 001: "the context says annual billing, the
    // reply says month-to-month") and temperature scales.
    ("annual", "monthly"),
    ("annually", "monthly"),
    ("yearly", "monthly"),
    ("celsius", "fahrenheit"),
];

fn antonyms_of(word: &str) -> impl Iterator<Item = &'static str> + '_ {
    ANTONYMS.iter().filter_map(move |&(a, b)| {
        if a == word {
            Some(b)
        } else if b == word {
            Some(a)
        } else {
            None
        }
    })
}

/// A claim word the sentence lacks, whose antonym the sentence has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AntonymFlip {
    /// The word as the claim writes it.
    pub word: String,
    /// Its antonym as the sentence writes it.
    pub antonym: String,
    pub claim_span: (usize, usize),
    pub source_span: (usize, usize),
}

/// Compare a claim with its supporting sentence for swapped opposites.
pub fn antonym_flip(
    claim: &Analysed,
    claim_text: &str,
    sentence: &Analysed,
    source_text: &str,
) -> Option<AntonymFlip> {
    let in_sentence = |w: &str| sentence.tokens.iter().any(|t| t.lower() == w);
    for t in claim.tokens.iter().filter(|t| t.number.is_none()) {
        if in_sentence(t.lower()) {
            continue;
        }
        for opposite in antonyms_of(t.lower()) {
            if claim.tokens.iter().any(|c| *c.lower() == *opposite) {
                continue; // the claim names both: a contrast, not a swap
            }
            if let Some(s) = sentence.tokens.iter().find(|s| *s.lower() == *opposite) {
                return Some(AntonymFlip {
                    word: claim_text[t.start..t.end].to_string(),
                    antonym: source_text[s.start..s.end].to_string(),
                    claim_span: (t.start, t.end),
                    source_span: (s.start, s.end),
                });
            }
        }
    }
    None
}

/// Words after a negator that make it not negate ("not only … but also").
const NOT_NEGATING_NEXT: &[&str] = &["only", "just", "merely"];

/// Does `until` (or `till`) follow token `j` in its clause? "will not
/// send until you open it" says when it is sent, not that it is not.
fn until_after(tokens: &[Token], j: usize) -> bool {
    (tokens[j + 1..].iter())
        .take_while(|t| !t.clause_break)
        .any(|t| matches!(t.lower(), "until" | "till"))
}

/// Does a bound on a number follow token `j` ("more than 8", "over 50")?
/// "Do not take more than 8 tablets" bounds the number (at most 8: the
/// number check reads it), it denies no taking.
fn bound_after(tokens: &[Token], j: usize) -> bool {
    let is = |k: usize, words: &[&str]| word_at(tokens, k, words);
    let number_at = |k: usize| tokens.get(k).is_some_and(|t| t.number.is_some());
    (is(j + 1, &["more", "less", "fewer"]) && is(j + 2, &["than"]) && number_at(j + 3))
        || (is(j + 1, &["over", "under"]) && number_at(j + 2))
}

/// Words right after a negator that belong to it ("no longer", "not yet"):
/// the negated word is the one after them.
const NEGATOR_PARTS: &[&str] = &["longer", "yet", "more"];

/// Words that, negated and followed by `that`, negate the clause after it
/// ("it is not true that …", "not the case that …").
const TRUTH_WORDS: &[&str] = &["true", "case", "correct", "accurate", "right"];

/// Words that followed by `that` deny the clause after it ("it is false
/// that …", "incorrect that …"). Not "wrong": "it is wrong that children
/// go hungry" judges the clause, it does not deny it.
const DENYING_WORDS: &[&str] = &["false", "untrue", "incorrect", "inaccurate"];

/// The key a word is compared by: its stem, or an irregular verb form's
/// base form's ("found" is "find", "won" is "win": [`base_key`]).
fn word_key(t: &Token) -> &str {
    base_key(t.lower()).unwrap_or(t.key())
}

/// Is token `k` one of `words` (lower-cased)? `false` past the end.
fn word_at(tokens: &[Token], k: usize, words: &[&str]) -> bool {
    tokens.get(k).is_some_and(|t| words.contains(&t.lower()))
}

/// The first content word of the clause that opens after token `i`, within
/// five tokens: the word a negator at `i` negates.
fn first_content_after(tokens: &[Token], i: usize) -> Option<usize> {
    // "not more than 40", "no fewer than 500": the negator bounds the
    // number (the number check reads the bound), it denies no word.
    let is = |k: usize, words: &[&str]| word_at(tokens, k, words);
    if is(i + 1, &["more", "less", "fewer"]) && is(i + 2, &["than"]) {
        return None;
    }
    for (j, next) in tokens.iter().enumerate().skip(i + 1).take(5) {
        if next.clause_break || is_negator(next.lower()) {
            return None;
        }
        if j == i + 1 && NEGATOR_PARTS.contains(&next.lower()) {
            continue;
        }
        // A number too: "open on weekdays but not on Mondays", "not 5 mg
        // but 10 mg".
        if next.content {
            return Some(j);
        }
    }
    None
}

/// The word `not` or `never` at `i` negates when an aside set off by
/// commas follows it ("may not, under any circumstances, feed the
/// animals", "is not, however, cheap"): the first content word after the
/// aside, which closes within eight tokens.
fn first_content_after_aside(tokens: &[Token], i: usize) -> Option<usize> {
    if !matches!(tokens[i].lower(), "not" | "never") || !tokens.get(i + 1)?.clause_break {
        return None;
    }
    let close = (i + 2..tokens.len().min(i + 10)).find(|&k| tokens[k].clause_break)?;
    let t = &tokens[close];
    if is_negator(t.lower()) {
        return None;
    }
    if t.content && t.number.is_none() {
        return Some(close);
    }
    first_content_after(tokens, close)
}

/// Verbs of saying in "incorrect to say that …", "wrong to think that …".
const SAYING_VERBS: &[&str] = &[
    "say", "think", "claim", "suggest", "believe", "state", "assume",
];

/// Words that deny a clause only as "… to say that …" ("it is wrong to
/// think that …"; "it is wrong that …" judges it).
const DENYING_TO_SAY: &[&str] = &["wrong", "mistaken"];

/// The `that` opening the clause token `j` speaks of: right after it, or
/// after "to" and a verb of saying ("incorrect to say that"); `None` if no
/// clause follows.
fn that_after(tokens: &[Token], j: usize) -> Option<usize> {
    let is = |k: usize, words: &[&str]| word_at(tokens, k, words);
    if is(j + 1, &["that"]) {
        Some(j + 1)
    } else {
        (is(j + 1, &["to"]) && is(j + 2, SAYING_VERBS) && is(j + 3, &["that"])).then_some(j + 3)
    }
}

/// A denying word at `i` and the `that` of the clause it denies.
fn denial_at(tokens: &[Token], i: usize) -> Option<usize> {
    let t = &tokens[i];
    if t.number.is_some() {
        return None;
    }
    let that = that_after(tokens, i)?;
    (DENYING_WORDS.contains(&t.lower()) || that > i + 1 && DENYING_TO_SAY.contains(&t.lower()))
        .then_some(that)
}

/// Is negator `i` of `tokens` (read from `text`) written as a name, not
/// as a negator? Another language's negator with a capital inside its
/// sentence (German and Dutch write none there: "the Geen family", "Niet
/// Meer"), or "No" with a capital inside its sentence before a number
/// ("Pier No. 7" is pier number 7). A word all in capitals ("KEIN")
/// still negates.
fn written_as_name(tokens: &[Token], i: usize, text: &str) -> bool {
    let t = &tokens[i];
    let word = &text[t.start..t.end];
    let capital_inside = i > 0 && opens_with_capital(word) && word.chars().any(char::is_lowercase);
    capital_inside
        && (OTHER_NEGATORS.contains(&t.lower())
            || (t.lower() == "no" && tokens.get(i + 1).is_some_and(|n| n.number.is_some())))
}

/// For each token, the index of the negator negating it, if any, and
/// whether it lies in a denied clause. A negated truth word before `that`,
/// or a denying word, denies the clause after `that` (to its end): each of
/// its words is denied by it. A denial of a clause that holds a negation of
/// its own ("not true that it doesn't …"), or a negated denying word ("not
/// untrue that"), is a double negation: neither counts.
fn negated_by(tokens: &[Token], text: &str) -> (Vec<Option<usize>>, Vec<bool>) {
    let mut out = vec![None; tokens.len()];
    let mut denials = Vec::new(); // (denier, the clause's first word)
    for (i, t) in tokens.iter().enumerate() {
        if let Some(that) = denial_at(tokens, i) {
            if let (None, Some(j)) = (out[i], first_content_after(tokens, that)) {
                denials.push((i, j));
            }
            continue;
        }
        if t.number.is_some() || !is_negator(t.lower()) || written_as_name(tokens, i, text) {
            continue;
        }
        if tokens
            .get(i + 1)
            .is_some_and(|n| NOT_NEGATING_NEXT.contains(&n.lower()))
        {
            continue;
        }
        let Some(j) =
            first_content_after(tokens, i).or_else(|| first_content_after_aside(tokens, i))
        else {
            continue;
        };
        if until_after(tokens, j) || bound_after(tokens, j) {
            continue;
        }
        if let Some(that) =
            that_after(tokens, j).filter(|_| TRUTH_WORDS.contains(&tokens[j].lower()))
        {
            if let Some(k) = first_content_after(tokens, that) {
                denials.push((i, k));
                continue;
            }
        }
        out[j] = Some(i);
    }
    extend_past_repeated_words(tokens, &mut out);
    let mut denied = vec![false; tokens.len()];
    for (denier, first) in denials {
        let end = (first + 1..tokens.len())
            .find(|&k| tokens[k].clause_break)
            .unwrap_or(tokens.len());
        let inner: Vec<usize> = (first..end)
            .filter(|&k| out[k].is_some_and(|n| n > denier && n < end))
            .collect();
        if !inner.is_empty() {
            for k in inner {
                out[k] = None;
            }
            continue;
        }
        for k in first..end {
            out[k] = Some(denier);
            denied[k] = true;
        }
    }
    (out, denied)
}

/// A negated word the text also states plainly carries no contrast: "covers
/// parts but does not cover labour" negates the labour, not the covering.
/// There the negation reaches the next content word of the clause too,
/// within three tokens. (A word negated only once, "did not reduce
/// mortality", keeps the negation to itself.)
fn extend_past_repeated_words(tokens: &[Token], out: &mut [Option<usize>]) {
    let negated: Vec<usize> = (0..tokens.len()).filter(|&j| out[j].is_some()).collect();
    if negated.is_empty() {
        return;
    }
    // The words stated plainly, as the negators alone left them (a word
    // the negation is extended to below still counts as stated plainly).
    let plain: Vec<&str> = tokens
        .iter()
        .zip(out.iter())
        .filter(|(t, n)| n.is_none() && t.content)
        .map(|(t, _)| word_key(t))
        .collect();
    for j in negated {
        if !plain.contains(&word_key(&tokens[j])) {
            continue;
        }
        let next = tokens
            .iter()
            .enumerate()
            .skip(j + 1)
            .take(3)
            .take_while(|(_, t)| !t.clause_break && !is_negator(t.lower()))
            .find(|(_, t)| t.content);
        if let Some((k, _)) = next {
            if out[k].is_none() {
                out[k] = out[j];
            }
        }
    }
}

/// Which content words of a text are negated, and which are stated plainly.
struct NegatedWords<'a> {
    tokens: &'a [Token],
    /// Each token's [`word_key`], read once.
    keys: Vec<&'a str>,
    negated_by: Vec<Option<usize>>,
    // A claim has a few dozen words: a list beats a hash set here.
    negated: Vec<&'a str>,
    plain: Vec<&'a str>,
    /// The words of denied clauses ("it is not true that …").
    denied: Vec<&'a str>,
}

impl<'a> NegatedWords<'a> {
    /// Is a content word negated or denied, as
    /// [`negated_by`] read `tokens`? When none is, [`NegatedWords::sorted`]
    /// finds no word negated or denied.
    fn any_negated(tokens: &[Token], negated_by: &[Option<usize>]) -> bool {
        tokens
            .iter()
            .zip(negated_by)
            .any(|(t, n)| n.is_some() && t.content)
    }

    /// `a`'s content words sorted as [`negated_by`] read them.
    fn sorted(a: &'a Analysed, negated_by: Vec<Option<usize>>, in_denial: Vec<bool>) -> Self {
        let (mut negated, mut plain, mut denied) = (Vec::new(), Vec::new(), Vec::new());
        let keys: Vec<&str> = (a.tokens.iter())
            .map(|t| if t.content { word_key(t) } else { t.key() })
            .collect();
        for (((t, &key), n), d) in a.tokens.iter().zip(&keys).zip(&negated_by).zip(in_denial) {
            if t.content {
                match (d, n) {
                    (true, _) => denied.push(key),
                    (false, Some(_)) => negated.push(key),
                    (false, None) => plain.push(key),
                }
            }
        }
        NegatedWords {
            tokens: &a.tokens,
            keys,
            negated_by,
            negated,
            plain,
            denied,
        }
    }

    /// A word of a denied clause whose words the other side does not
    /// negate: the other side states what this one denies.
    fn denies_against(&self, key: &str, other: &NegatedWords) -> bool {
        self.denied.contains(&key) && !self.denied.iter().any(|k| other.negated.contains(k))
    }

    /// How often `key` is negated, and how often stated plainly.
    fn counts(&self, key: &str) -> (usize, usize) {
        let count = |words: &[&str]| words.iter().filter(|&&k| k == key).count();
        (count(&self.negated), count(&self.plain))
    }

    /// Does this side negate `key` where `other` states it? It negates it
    /// and `other` never does, and `other` states it plainly more often
    /// than this side: one of `other`'s plain mentions is this side's
    /// negated one ("not a cargo ship, and the cargo deck" against "a cargo
    /// ship, and the cargo deck").
    fn negates_against(&self, key: &str, other: &NegatedWords) -> bool {
        let ((negated, plain), (other_negated, other_plain)) =
            (self.counts(key), other.counts(key));
        negated > 0 && other_negated == 0 && other_plain > plain
    }

    /// The first content token of `key`, negated (`Some(true)`), stated
    /// plainly (`Some(false)`) or either (`None`).
    fn find(&self, key: &str, negated: Option<bool>) -> Option<(usize, &Token)> {
        self.tokens.iter().enumerate().find(|&(i, t)| {
            self.keys[i] == key
                && t.content
                && negated.is_none_or(|n| n == self.negated_by[i].is_some())
        })
    }
}

/// Compare a claim with its supporting sentence. `claim_text` and
/// `source_text` are the texts the two were analysed from.
pub fn check(
    claim: &Analysed,
    claim_text: &str,
    sentence: &Analysed,
    source_text: &str,
) -> Option<NegationFlip> {
    // A flip needs a word negated or denied on one side: most pairs
    // negate and deny nothing, and are passed before their words are
    // sorted into negated, plain and denied.
    let (claim_by, claim_denied) = negated_by(&claim.tokens, claim_text);
    let (source_by, source_denied) = negated_by(&sentence.tokens, source_text);
    if !NegatedWords::any_negated(&claim.tokens, &claim_by)
        && !NegatedWords::any_negated(&sentence.tokens, &source_by)
    {
        return prefix_flip(claim, claim_text, sentence, source_text, (&[], &[]));
    }
    let (c, s) = (
        NegatedWords::sorted(claim, claim_by, claim_denied),
        NegatedWords::sorted(sentence, source_by, source_denied),
    );
    for (t, &key) in claim.tokens.iter().zip(&c.keys) {
        if !t.content {
            continue;
        }
        let plain_only = |w: &NegatedWords| matches!(w.counts(key), (0, p) if p > 0);
        let side = if c.negates_against(key, &s) || (c.denies_against(key, &s) && plain_only(&s)) {
            Side::Claim
        } else if s.negates_against(key, &c) || (plain_only(&c) && s.denies_against(key, &c)) {
            Side::Source
        } else {
            continue;
        };
        // The negated mention on one side, a plain one on the other.
        let (negated, plain) = match side {
            Side::Claim => (&c, &s),
            Side::Source => (&s, &c),
        };
        // The same negation with its words in another order: the plain
        // side negates a word the negated side states plainly ("should not
        // directly contact" against "should not contact … directly", "may
        // not, under any circumstances, feed" against "may not feed … under
        // any circumstances"; a stranger's five were contradicted).
        if plain.negated.iter().any(|k| negated.plain.contains(k)) {
            continue;
        }
        let (Some((ni, negated_token)), Some((_, plain_token))) =
            (negated.find(key, Some(true)), plain.find(key, Some(false)))
        else {
            continue;
        };
        let Some(negator) = negated.negated_by[ni] else {
            continue;
        };
        let n = &negated.tokens[negator];
        let (t, st, negator_text) = match side {
            Side::Claim => (negated_token, plain_token, claim_text),
            Side::Source => (plain_token, negated_token, source_text),
        };
        return Some(NegationFlip {
            word: claim_text[t.start..t.end].to_string(),
            negated_in: side,
            negator: negator_text[n.start..n.end].to_string(),
            claim_span: (t.start, t.end),
            source_span: (st.start, st.end),
            negator_span: (n.start, n.end),
        });
    }
    prefix_flip(
        claim,
        claim_text,
        sentence,
        source_text,
        (&c.negated_by, &s.negated_by),
    )
}

/// Prefixes that negate any word they are written on: "unsuitable",
/// "nonresident".
const NEGATING_PREFIXES: &[&str] = &["un", "non"];

/// Ends of the adjectives `in-` (`im-` before b, m, p; `il-` before l;
/// `ir-` before r) negates: "invisible", "incorrect", "incomplete",
/// "invalid", "impossible", "illegal", "irrelevant", "inactive". A verb or
/// noun it starts is mostly no negation ("inform", "invest", "income").
const IN_ADJECTIVE_ENDS: &[&str] = &[
    "ble", "ent", "ant", "ive", "al", "ate", "ar", "ect", "ete", "id", "ure", "ic",
];

/// Words of those shapes that negate nothing: "invaluable" is very
/// valuable, "inflammable" flammable.
const NOT_NEGATED: &[&str] = &[
    "invaluable",
    "inflammable",
    "implant",
    "impartial",
    "inherent",
];

/// The words `dis-` negates, by their start ("disapproved", "disagree",
/// "disconnected", "dishonest"): `dis-` starts many a word it does not
/// negate ("disclosed", "discovered", "dissolved", "discharged").
const DIS_NEGATES: &[&str] = &[
    "agree", "allow", "approv", "connect", "continu", "honest", "honour", "honor", "loyal", "obey",
    "obedien", "organi", "proved", "proven", "qualif", "respect", "satisf", "similar", "trust",
];

/// The prefix of `lower` that negates it, if one does, and the bare word.
fn negating_prefix(lower: &str) -> Option<(&str, &str)> {
    if let Some(p) = NEGATING_PREFIXES.iter().find(|p| lower.starts_with(**p)) {
        return Some((p, &lower[p.len()..]));
    }
    if let Some(bare) = lower.strip_prefix("dis") {
        return DIS_NEGATES
            .iter()
            .any(|w| bare.starts_with(w))
            .then_some(("dis", bare));
    }
    let (prefix, bare) = lower.split_at_checked(2)?;
    let fits = match prefix {
        "in" => !bare.starts_with(['b', 'm', 'p', 'l', 'r']),
        "im" => bare.starts_with(['b', 'm', 'p']),
        "il" => bare.starts_with('l'),
        "ir" => bare.starts_with('r'),
        _ => false,
    };
    (fits
        && bare.chars().count() >= 5
        && IN_ADJECTIVE_ENDS.iter().any(|e| bare.ends_with(e))
        && !NOT_NEGATED.contains(&lower))
    .then_some((prefix, bare))
}

/// A word of one side that is a word of the other with a negating prefix
/// ([`negating_prefix`]: "unsuitable" against "suitable", "invisible"
/// against "visible", "disapproved" against "approved"). The bare word has
/// four characters or more ("unit" is not "it" negated), and neither side
/// holds both forms (which would be a contrast, "suitable or unsuitable").
fn prefix_flip(
    claim: &Analysed,
    claim_text: &str,
    sentence: &Analysed,
    source_text: &str,
    (claim_by, source_by): (&[Option<usize>], &[Option<usize>]),
) -> Option<NegationFlip> {
    let word = |t: &Token| t.content && t.number.is_none();
    let holds = |a: &Analysed, lower: &str| a.tokens.iter().any(|t| t.lower() == lower);
    let negated = |by: &[Option<usize>], i: usize| by.get(i).is_some_and(Option::is_some);
    for side in [Side::Source, Side::Claim] {
        let (long_side, short_side, long_text, short_text, long_by, short_by) = match side {
            Side::Source => (
                sentence,
                claim,
                source_text,
                claim_text,
                source_by,
                claim_by,
            ),
            Side::Claim => (
                claim,
                sentence,
                claim_text,
                source_text,
                claim_by,
                source_by,
            ),
        };
        // Each word with a negating prefix: (its span, the prefix's length,
        // the word whole, the bare word, the token that holds the bare
        // word). "non-refundable" ("non spore-forming") is read as two
        // tokens, "non" and the word.
        let tokens = &long_side.tokens;
        let prefixed = tokens.iter().enumerate().filter_map(|(i, t)| {
            if let Some(next) = tokens.get(i + 1).filter(|n| word(n)) {
                if after_non(tokens, i + 1, long_text) {
                    let span = (t.start, next.end);
                    return Some((span, t.end - t.start, "", next.lower(), i + 1));
                }
            }
            let (prefix, bare) = negating_prefix(t.lower()).filter(|_| word(t))?;
            Some(((t.start, t.end), prefix.len(), t.lower(), bare, i))
        });
        // Most texts hold no word with such a prefix: nothing more is read.
        for ((start, end), prefix_len, whole, bare, i) in prefixed {
            // Neither side may hold both forms: that is a contrast
            // ("communicable and non-communicable diseases").
            let bare_alone = |a: &Analysed, text: &str| {
                (a.tokens.iter().enumerate())
                    .any(|(k, t)| t.lower() == bare && !after_non(&a.tokens, k, text))
            };
            let prefixed_too = |a: &Analysed, text: &str| {
                (!whole.is_empty() && holds(a, whole))
                    || (a.tokens.iter().enumerate())
                        .any(|(k, t)| t.lower() == bare && after_non(&a.tokens, k, text))
            };
            if bare.chars().count() < 4
                || prefixed_too(short_side, short_text)
                || bare_alone(long_side, long_text)
                || negated(long_by, i)
            {
                continue;
            }
            // The bare word on the other side, not negated there ("not
            // available" says what "unavailable" says).
            let Some((_, short)) = (short_side.tokens.iter().enumerate())
                .filter(|(_, t)| word(t))
                .find(|(k, t)| t.lower() == bare && !negated(short_by, *k))
            else {
                continue;
            };
            let long_span = (start, end);
            let (claim_span, source_span) = match side {
                Side::Source => ((short.start, short.end), long_span),
                Side::Claim => (long_span, (short.start, short.end)),
            };
            let negator_span = (start, start + prefix_len);
            return Some(NegationFlip {
                word: claim_text[claim_span.0..claim_span.1].to_string(),
                negated_in: side,
                negator: long_text[negator_span.0..negator_span.1].to_string(),
                claim_span,
                source_span,
                negator_span,
            });
        }
    }
    None
}

/// Is token `k` of `tokens` (read from `text`) written after `non`, with
/// a hyphen or a space ("non-refundable", "non spore-forming")?
fn after_non(tokens: &[Token], k: usize, text: &str) -> bool {
    let Some(before) = k.checked_sub(1).and_then(|j| tokens.get(j)) else {
        return false;
    };
    before.lower() == "non" && matches!(text.get(before.end..tokens[k].start), Some("-" | " "))
}

/// The negated words as written ("no longer accepts", "does not offer"),
/// or the negator and the word when they are far apart ("not … offer").
fn negated_phrase(text: &str, negator: (usize, usize), word: (usize, usize)) -> String {
    match text.get(negator.0..word.1) {
        Some(phrase) if word.1 > negator.0 && phrase.len() <= 40 => phrase.to_string(),
        _ => format!(
            "{} … {}",
            &text[negator.0..negator.1],
            &text[word.0..word.1]
        ),
    }
}

/// Check the claim against its supporting sentence for a flipped negation
/// and, when `antonym_check` is on and there is none, a swapped opposite;
/// explain it with a reason, marks on both sides and the `negation_check`
/// event.
/// Does `sentence` reverse the claim: a negation flip, or with
/// `antonym_check` an opposite swapped in? (What [`explain`] would find,
/// without explaining it.)
pub fn reverses(claim: &ClaimContext, sentence: &SourceSentence) -> bool {
    let (source_text, reading) = (&claim.doc.text, sentence.analysed(claim.doc));
    check(claim.analysed, claim.answer, reading, source_text).is_some()
        || (claim.cfg.antonym_check
            && antonym_flip(claim.analysed, claim.answer, reading, source_text).is_some())
}

/// With `negation_in_ties`, how many of the sentences tied for best are
/// compared (in source order).
pub const TIES_COMPARED: usize = 32;

pub fn explain(
    claim: &ClaimContext,
    sentence: &SourceSentence,
    findings: &mut Findings,
    trace: &mut Trace,
) -> (Option<NegationFlip>, Option<AntonymFlip>) {
    let (id, sid) = (claim.id, sentence.id());
    let source_text = &claim.doc.text;
    let flip = check(
        claim.analysed,
        claim.answer,
        sentence.analysed(claim.doc),
        source_text,
    );
    if let Some(f) = &flip {
        let source_word = &source_text[f.source_span.0..f.source_span.1];
        let detail = match f.negated_in {
            Side::Source => format!(
                "{sid} says \"{}\"; the claim says \"{}\" without the negation.",
                negated_phrase(source_text, f.negator_span, f.source_span),
                f.word
            ),
            Side::Claim => format!(
                "The claim says \"{}\"; {sid} says \"{source_word}\" without the negation.",
                negated_phrase(claim.answer, f.negator_span, f.claim_span)
            ),
        };
        findings.reason(ReasonKind::NegationFlip, detail);
        findings.mark(Mark::answer(MarkKind::Negation, f.claim_span));
        findings.mark(Mark::source(MarkKind::Negation, f.source_span));
        findings.mark(match f.negated_in {
            Side::Claim => Mark::answer(MarkKind::Negation, f.negator_span),
            Side::Source => Mark::source(MarkKind::Negation, f.negator_span),
        });
    }
    let antonym = if claim.cfg.antonym_check && flip.is_none() {
        antonym_flip(
            claim.analysed,
            claim.answer,
            sentence.analysed(claim.doc),
            source_text,
        )
    } else {
        None
    };
    if let Some(a) = &antonym {
        findings.reason(
            ReasonKind::AntonymFlip,
            format!(
                "The claim says \"{}\" where {sid} says \"{}\", its opposite.",
                a.word, a.antonym
            ),
        );
        findings.mark(Mark::answer(MarkKind::Negation, a.claim_span));
        findings.mark(Mark::source(MarkKind::Negation, a.source_span));
    }
    trace.push(
        Some(id),
        || EventKind::NegationCheck {
            passed: flip.is_none() && antonym.is_none(),
            word: flip
                .as_ref()
                .map(|f| f.word.clone())
                .or(antonym.as_ref().map(|a| a.word.clone())),
        },
        || match (&flip, &antonym) {
            (Some(f), _) => format!("{id} flips the negation of \"{}\" against {sid}.", f.word),
            (None, Some(a)) => format!(
                "{id} says \"{}\" where {sid} says \"{}\".",
                a.word, a.antonym
            ),
            _ => format!("{id} keeps {sid}'s negations."),
        },
    );
    (flip, antonym)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negation_extended_past_a_repeated_word_reaches_one_word_and_no_further() {
        // "economically" is stated plainly too ("Economic"), so the
        // negation reaches "isolated"; that "isolation" is stated plainly
        // too takes it no further, to "rest" (it did, word by word, and a
        // RAGTruth answer agreeing with its source was contradicted).
        let text =
            "Economic isolation: Africa was not economically isolated from the rest of the world.";
        let a = Analysed::new(text, 0, text.len(), OPTS);
        let (by, _) = negated_by(&a.tokens, text);
        let negated: Vec<&str> = (a.tokens.iter().zip(&by))
            .filter(|(_, n)| n.is_some())
            .map(|(t, _)| &text[t.start..t.end])
            .collect();
        assert_eq!(negated, ["economically", "isolated"]);
    }

    #[test]
    fn a_negating_prefix_is_read_on_the_words_it_negates() {
        for (word, bare) in [
            ("unsuitable", "suitable"),
            ("invisible", "visible"),
            ("incorrect", "correct"),
            ("incomplete", "complete"),
            ("invalid", "valid"),
            ("impossible", "possible"),
            ("illegal", "legal"),
            ("irrelevant", "relevant"),
            ("inactive", "active"),
            ("disapproved", "approved"),
            ("disagrees", "agrees"),
            ("dishonest", "honest"),
            ("discontinued", "continued"),
        ] {
            assert_eq!(negating_prefix(word).map(|(_, b)| b), Some(bare), "{word}");
        }
        for word in [
            "inform",
            "invest",
            "income",
            "invented",
            "invaluable",
            "inflammable",
            "disclosed",
            "discovered",
            "dissolved",
            "discharged",
            "display",
            "inbalance",
            "indeed",
        ] {
            assert_eq!(negating_prefix(word), None, "{word}");
        }
    }

    #[test]
    fn a_hyphened_non_negates_and_a_negated_bare_word_agrees_with_the_prefixed_one() {
        assert!(flip(
            "The deposit is refundable.",
            "The deposit is non-refundable."
        )
        .is_some());
        assert!(flip(
            "The deposit is non-refundable.",
            "The deposit is refundable."
        )
        .is_some());
        assert!(flip(
            "The deposit is non-refundable.",
            "The deposit is non-refundable."
        )
        .is_none());
        // "not available" says what "unavailable" says (a stranger's two
        // were contradicted, the reason naming a negation the claim held).
        assert!(flip(
            "The room is unavailable on Monday.",
            "The room is not available on Monday."
        )
        .is_none());
        assert!(flip(
            "The room is not available on Monday.",
            "The room is unavailable on Monday."
        )
        .is_none());
        assert!(flip(
            "The room is available on Monday.",
            "The room is unavailable on Monday."
        )
        .is_some());
    }

    #[test]
    fn visible_against_invisible_and_approved_against_disapproved_are_flips() {
        assert!(flip(
            "The coating is invisible under ultraviolet light.",
            "The coating is visible under ultraviolet light."
        )
        .is_some());
        assert!(flip(
            "The manager disapproved the request.",
            "The manager approved the request."
        )
        .is_some());
        assert!(flip(
            "The company disclosed the deal.",
            "The company closed the deal."
        )
        .is_none());
        assert!(flip(
            "Staff will inform the tenants.",
            "Staff will form the tenants."
        )
        .is_none());
    }

    /// An irregular verb's forms are one verb: "did not find" denies
    /// "found", and "did not find any" says what "found no" says.
    #[test]
    fn an_irregular_past_is_the_verb_it_is_a_form_of() {
        for (claim, source) in [
            (
                "The inspectors did not find cracks in the north wall.",
                "The inspectors found cracks in the north wall.",
            ),
            (
                "The inspectors found cracks in the north wall.",
                "The inspectors did not find cracks in the north wall.",
            ),
            (
                "The firm has not sold the farm.",
                "The firm sold the farm in May.",
            ),
            (
                "The council never took a vote on the plan.",
                "The council has taken a vote on the plan.",
            ),
        ] {
            assert!(flip(claim, source).is_some(), "{claim} / {source}");
        }
        for (claim, source) in [
            (
                "The inspectors did not find any cracks in the north wall.",
                "The inspectors found no cracks in the north wall.",
            ),
            (
                "The inspectors found no cracks in the north wall.",
                "The inspectors did not find any cracks in the north wall.",
            ),
            // "Not … until" says when, not whether.
            (
                "The email will be sent when Outlook is opened next.",
                "It will not send until the next time you open Outlook.",
            ),
            // A negated verb before a bound bounds the number.
            (
                "No more than 8 tablets should be taken in 24 hours.",
                "Do not take more than 8 tablets in any 24-hour period.",
            ),
            (
                "Take at most 8 tablets a day.",
                "Do not take more than 8 tablets a day.",
            ),
            // The same verb in another form, negated once on each side.
            (
                "The club won at home but did not win away.",
                "The club won at home but never won away.",
            ),
        ] {
            assert!(flip(claim, source).is_none(), "{claim} / {source}");
        }
    }

    #[test]
    fn limits_say_when_opposites_are_read() {
        assert!(LIMITS.contains("only with the antonym check on"));
    }
    use crate::text::AnalysisOptions;

    const OPTS: AnalysisOptions = AnalysisOptions::SEED;

    fn flip(claim: &str, source: &str) -> Option<NegationFlip> {
        let a = Analysed::new(claim, 0, claim.len(), OPTS);
        let b = Analysed::new(source, 0, source.len(), OPTS);
        check(&a, claim, &b, source)
    }

    #[test]
    fn catches_flips_in_both_directions() {
        let f = flip("The plan supports IPv6.", "The plan does not support IPv6.").unwrap();
        assert_eq!(
            (f.word.as_str(), f.negated_in, f.negator.as_str()),
            ("supports", Side::Source, "not")
        );
        let f = flip("The plan does not support IPv6.", "The plan supports IPv6.").unwrap();
        assert_eq!((f.word.as_str(), f.negated_in), ("support", Side::Claim));
    }

    /// "not more than 40 shares" bounds the number; it denies no word (a
    /// stranger's contract: "at most 40 shares" was a negation flip).
    #[test]
    fn a_negated_bound_denies_no_word() {
        for (claim, source) in [
            (
                "Each party may hold at most 40 shares.",
                "Each party may hold not more than 40 shares.",
            ),
            (
                "They deliver at least 500 units.",
                "They deliver no fewer than 500 units.",
            ),
            (
                "The notice is at least 30 days.",
                "The notice is not less than 30 days.",
            ),
        ] {
            assert_eq!(flip(claim, source), None, "{source}");
        }
        // A negator before "more" without "than" still negates ("no more").
        assert!(flip("He works here.", "He does not work here any more.").is_some());
    }

    #[test]
    fn a_word_negated_once_and_repeated_plainly_is_a_flip() {
        let (claim, source) = (
            "The ferry is not a cargo ship, and the cargo deck is open at night.",
            "The ferry is a cargo ship, and the cargo deck is open at night.",
        );
        let f = flip(claim, source).unwrap();
        assert_eq!(
            (f.word.as_str(), f.negated_in, f.negator.as_str()),
            ("cargo", Side::Claim, "not")
        );
        assert_eq!(
            f.claim_span,
            (claim.find("cargo").unwrap(), claim.find(" ship").unwrap())
        );
        let f = flip(source, claim).unwrap();
        assert_eq!((f.word.as_str(), f.negated_in), ("cargo", Side::Source));
        assert_eq!(f.source_span.0, claim.find("cargo").unwrap());
        // Negated alike on both sides, or negated on both: no flip.
        assert_eq!(flip(claim, claim), None);
        assert_eq!(
            flip(
                "The cargo ship carries no cargo.",
                "No cargo ship carries cargo."
            ),
            None
        );
        // Stated plainly twice against once plainly and once negated.
        let f = flip(
            "The cargo ship carries cargo.",
            "The cargo ship carries no cargo.",
        )
        .unwrap();
        assert_eq!(f.negated_in, Side::Source);
    }

    #[test]
    fn catches_can_cannot_with_stems() {
        let f = flip("You can cancel the order.", "Orders cannot be cancelled.").unwrap();
        assert_eq!(f.word, "cancel");
        assert_eq!(f.negated_in, Side::Source);
        assert!(flip("Orders can be cancelled.", "Orders can't be cancelled.").is_some());
    }

    #[test]
    fn catches_never_always_and_no_has() {
        assert!(flip(
            "The service always charges a fee.",
            "The service never charges a fee."
        )
        .is_some());
        assert!(flip(
            "The account has monthly fees.",
            "The account has no monthly fees."
        )
        .is_some());
    }

    #[test]
    fn a_denied_clause_is_negated() {
        let source = "The bridge opened to traffic in 1990.";
        for claim in [
            "It is not true that the bridge opened to traffic in 1990.",
            "It is not the case that the bridge opened to traffic in 1990.",
            "It is false that the bridge opened to traffic in 1990.",
            "It is incorrect that the bridge opened to traffic in 1990.",
            "It is incorrect to say that the bridge opened to traffic in 1990.",
            "It is wrong to think that the bridge opened to traffic in 1990.",
            "It is not true to say that the bridge opened to traffic in 1990.",
        ] {
            let f = flip(claim, source).unwrap_or_else(|| panic!("{claim}"));
            assert_eq!(
                (f.word.as_str(), f.negated_in),
                ("bridge", Side::Claim),
                "{claim}"
            );
        }
        let f = flip(
            source,
            "It is not true that the bridge opened to traffic in 1990.",
        )
        .unwrap();
        assert_eq!((f.word.as_str(), f.negated_in), ("bridge", Side::Source));
        // Denied on both sides, or "true" with no clause after it: no flip.
        let denied = "It is not true that the bridge opened in 1990.";
        assert!(flip(denied, denied).is_none());
        // The same denial worded two ways agrees.
        let plainly = "The reservoir does not supply water to Dunmore.";
        let denial = "It is not true that the reservoir supplies water to Dunmore.";
        assert!(flip(denial, plainly).is_none());
        assert!(flip(plainly, denial).is_none());
        // A double negation is no denial.
        let stated = "The reservoir supplies water to Dunmore.";
        assert!(flip(
            "It is not untrue that the reservoir supplies water to Dunmore.",
            stated
        )
        .is_none());
        assert!(flip(
            "It is not true that the reservoir doesn't supply water to Dunmore.",
            stated
        )
        .is_none());
        assert!(flip(denial, stated).is_some());
        assert!(flip("The report is not true.", "The report is true.").is_some());
        // "wrong that" judges the clause; it does not deny it.
        assert!(flip(
            "It is wrong that the bridge opened to traffic in 1990.",
            source
        )
        .is_none());
        assert!(flip(
            "The gate is not right of the bridge.",
            "The gate is right of the bridge."
        )
        .is_some());
    }

    #[test]
    fn contractions_are_not_flips() {
        assert!(flip("It doesn't support IPv6.", "It does not support IPv6.").is_none());
        assert!(flip("Orders can't be cancelled.", "Orders cannot be cancelled.").is_none());
    }

    #[test]
    fn same_polarity_and_unrelated_words_are_not_flips() {
        assert!(flip(
            "The plan supports IPv6.",
            "The plan supports IPv6 and IPv4."
        )
        .is_none());
        assert!(flip("It is not cheap.", "The price is high.").is_none());
        // "not only" does not negate.
        assert!(flip("It is not only fast but cheap.", "It is fast and cheap.").is_none());
        // A word both negated and plain on one side is not a clean flip.
        assert!(flip(
            "It does not include support, but includes updates.",
            "It includes updates."
        )
        .is_none());
    }

    #[test]
    fn antonym_swaps_are_flips_and_contrasts_are_not() {
        let a = |claim: &str, source: &str| {
            let x = Analysed::new(claim, 0, claim.len(), OPTS);
            let y = Analysed::new(source, 0, source.len(), OPTS);
            antonym_flip(&x, claim, &y, source).map(|f| (f.word, f.antonym))
        };
        assert_eq!(
            a("Sales increased in March.", "Sales decreased in March."),
            Some(("increased".into(), "decreased".into()))
        );
        assert_eq!(
            a("The team lost the final.", "The team won the final."),
            Some(("lost".into(), "won".into()))
        );
        assert_eq!(
            a("The plan is paid annually.", "The plan is paid monthly."),
            Some(("annually".into(), "monthly".into()))
        );
        assert_eq!(
            a(
                "Bake it at 180 degrees Fahrenheit.",
                "Bake it at 180 degrees Celsius."
            ),
            Some(("Fahrenheit".into(), "Celsius".into()))
        );
        assert_eq!(
            a("Sales increased in March.", "Sales increased in March."),
            None
        );
        assert_eq!(
            a(
                "Profits rose and costs fell.",
                "Costs fell and profits rose."
            ),
            None,
            "both words are in the sentence"
        );
        assert_eq!(
            a("It is high, not low.", "It is low."),
            None,
            "the claim names both"
        );
    }

    #[test]
    fn spans_point_at_the_words() {
        let (claim, source) = ("You can cancel.", "You cannot cancel.");
        let f = flip(claim, source).unwrap();
        assert_eq!(&claim[f.claim_span.0..f.claim_span.1], "cancel");
        assert_eq!(&source[f.source_span.0..f.source_span.1], "cancel");
        assert_eq!(&source[f.negator_span.0..f.negator_span.1], "not");
    }
}
