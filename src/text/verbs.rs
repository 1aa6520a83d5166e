//! Irregular English verbs: a past form and the verb it is a form of, so
//! that "did not find" and "found" are read as the same verb.
//!
//! **Catches** the common irregular pasts and past participles ("found",
//! "took", "taken", "went", "sold", "built"): [`base_key`] gives each the
//! key its base form has ("find", "take", "go"), as the stemmer keys it.
//! The negation check compares words by this key: a stemmer cannot tell
//! that "found" is "find" (stems "found" and "find").
//!
//! **Misses** forms that are also other words in common use, left out on
//! purpose: "left" (the side), "lay", "bound", "ground", "wound", "bit",
//! "mistaken" (wrong), "bore"; and pasts the same as their base ("put",
//! "cut", "set"), which need no entry.
//!
//! **Defaults**: always on; only the negation check reads it (the support
//! check's overlap counts stems, as the seed does).

use std::sync::LazyLock;

use crate::text::words::STEMMER;

/// Each irregular form and its base form, "form base" pairs sorted by
/// form (one text, not a table of pairs: a fifth of the bytes in the lab).
const FORMS: &str = "\
arisen arise, arose arise, ate eat, became become, began begin,\
begun begin, bent bend, bought buy, broke break, broken break,\
brought bring, built build, came come, caught catch, chose choose,\
chosen choose, dealt deal, drank drink, drawn draw, drew draw,\
driven drive, drove drive, drunk drink, dug dig, eaten eat,\
fallen fall, fed feed, fell fall, felt feel, fled flee, flew fly,\
flown fly, forgave forgive, forgiven forgive, forgot forget,\
forgotten forget, fought fight, found find, froze freeze,\
frozen freeze, gave give, given give, gone go, got get, gotten get,\
grew grow, grown grow, heard hear, held hold, hid hide, hidden hide,\
hung hang, kept keep, knew know, known know, laid lay, led lead,\
lent lend, lost lose, made make, meant mean, met meet, misled mislead,\
oversaw oversee, overseen oversee, paid pay, ran run, rebuilt rebuild,\
ridden ride, risen rise, rode ride, rose rise, said say, sang sing,\
sank sink, sat sit, saw see, seen see, sent send, shaken shake,\
shook shake, shot shoot, shown show, slept sleep, sold sell,\
sought seek, spent spend, spoke speak, spoken speak, stole steal,\
stolen steal, stood stand, struck strike, stuck stick, sung sing,\
sunk sink, swam swim, taken take, taught teach, thought think,\
threw throw, thrown throw, told tell, took take, understood understand,\
undertaken undertake, undertook undertake, upheld uphold,\
withdrawn withdraw, withdrew withdraw, withheld withhold, woke wake,\
woken wake, won win, wore wear, worn wear, written write, wrote write";

/// [`FORMS`] with each base form's stem, made on first use.
static BASE_KEYS: LazyLock<Vec<(&str, String)>> = LazyLock::new(|| {
    (forms())
        .map(|(form, base)| (form, STEMMER.stem(base).into_owned()))
        .collect()
});

/// The pairs of [`FORMS`].
fn forms() -> impl Iterator<Item = (&'static str, &'static str)> {
    (FORMS.split(',')).filter_map(|pair| pair.trim().split_once(' '))
}

/// The stem of the verb `lower` (a lower-cased word) is an irregular form
/// of, if it is one: "found" → "find", "taken" → "take".
pub fn base_key(lower: &str) -> Option<&'static str> {
    // The forms are 3 to 10 letters long.
    if !(3..=10).contains(&lower.len()) {
        return None;
    }
    let keys: &'static [(&str, String)] = &BASE_KEYS;
    let at = keys.binary_search_by(|(form, _)| (*form).cmp(lower)).ok()?;
    Some(keys[at].1.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms are sorted (looked up by halving) and none repeats.
    #[test]
    fn forms_are_sorted_once() {
        let forms: Vec<(&str, &str)> = forms().collect();
        assert_eq!(forms.len(), FORMS.split(',').count());
        assert!(forms.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(forms.iter().all(|(form, _)| (3..=10).contains(&form.len())));
    }

    /// A form's key is its base form's stem, the key a token of the base
    /// form (or of its regular forms) has.
    #[test]
    fn an_irregular_form_keys_as_its_base() {
        assert_eq!(base_key("found"), Some("find"));
        assert_eq!(base_key("took"), Some(&*STEMMER.stem("takes")));
        assert_eq!(base_key("chosen"), Some(&*STEMMER.stem("choosing")));
        assert_eq!(base_key("won"), Some("win"));
        assert_eq!(base_key("find"), None);
        assert_eq!(base_key("left"), None);
        assert_eq!(base_key("founded"), None);
    }
}
