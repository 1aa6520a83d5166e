//! Sorting for the core, in one place.
//!
//! The standard library's sort is generic: every element type sorted gets its
//! own copy of the algorithm, 2–4 KB of wasm each, and the lab ships the whole
//! core. So every sort that is not on a hot path goes through [`sort_by`],
//! which sorts *positions* with one shared, non-generic routine and then moves
//! the elements into place: the page carries one copy of the algorithm.
//!
//! All sorts here are stable: elements that compare equal keep their order.
//! In the page even the hot ones (a source sentence's term ids) go through
//! here: a few nanoseconds per comparison matter less than a copy of the
//! algorithm. Natively, where size does not matter, [`sort_dedup`] is the
//! standard library's own sort (a 1 MB source's term ids were 4% of its
//! check through the shared routine).

use std::cmp::Ordering;

/// Sort `v` by `cmp`, stably.
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_positions(&mut order, &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// The one sort routine: positions compared through `cmp`, ties by position
/// (which makes the unstable sort stable).
#[inline(never)]
fn sort_positions(order: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
}

/// Sort `v` by the key `key` gives each element, stably.
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sort `v` and drop repeats. (Stable or not, the result is the same: of
/// the elements that compare equal only the first is kept, and for the
/// types sorted here, numbers, spans, strings, equal means the same.)
pub fn sort_dedup<T: Ord>(v: &mut Vec<T>) {
    #[cfg(target_arch = "wasm32")]
    sort_by(v, T::cmp);
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_unstable();
    v.dedup();
}

/// The `room` of `sentences` (each a sentence's number with how many words
/// it shares) that share the most, the earliest first among equals, in
/// that order: the head of them all sorted so, kept as they come instead
/// (a claim or question of words every line of a log holds shares them
/// with 100,000 sentences, and sorting them all took 2–5 MB). Not
/// generic: one copy in the page for its two callers.
pub fn most_shared(
    sentences: &mut dyn Iterator<Item = (u32, u32)>,
    room: usize,
) -> Vec<(u32, u32)> {
    let rank = |&(s, n): &(u32, u32)| (std::cmp::Reverse(n), s);
    let mut most: Vec<(u32, u32)> = Vec::with_capacity(room + 1);
    for sentence in sentences {
        if most.len() == room && most.last().is_none_or(|last| rank(&sentence) >= rank(last)) {
            continue;
        }
        let at = most.partition_point(|m| rank(m) < rank(&sentence));
        most.insert(at, sentence);
        most.truncate(room);
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by_key(&mut v, |x| x.0);
        assert_eq!(v, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }

    #[test]
    fn descending_floats_with_ties() {
        let mut v = vec![(0.5, true), (0.9, false), (0.5, false), (f64::NAN, true)];
        sort_by(&mut v, |a, b| b.0.total_cmp(&a.0));
        assert!(v[0].0.is_nan());
        assert_eq!(&v[1..], [(0.9, false), (0.5, true), (0.5, false)]);
    }

    #[test]
    fn strings_sorted_without_repeats() {
        let mut v: Vec<String> = ["b", "a", "b", "c", "a"].map(String::from).to_vec();
        sort_dedup(&mut v);
        assert_eq!(v, ["a", "b", "c"]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn agrees_with_the_standard_stable_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..64)) {
            let mut ours = v.clone();
            sort_by_key(&mut ours, |x| x.0);
            let mut std_sorted = v;
            std_sorted.sort_by_key(|x| x.0);
            prop_assert_eq!(ours, std_sorted);
        }

        #[test]
        fn sorted_without_repeats_is_the_set_in_order(v in proptest::collection::vec(0u32..40, 0..64)) {
            let mut ours = v.clone();
            sort_dedup(&mut ours);
            let set: Vec<u32> = v.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            prop_assert_eq!(ours, set);
        }
    }

    proptest! {
        /// The sentences kept are the head of all of them sorted by words
        /// shared (most first), then by place.
        #[test]
        fn the_most_shared_are_the_head_of_all_sorted(
            shares in prop::collection::vec(0..6u32, 0..200),
            room in 0..40usize,
        ) {
            // Sentences as touched: distinct, in no order (211 is prime).
            let sentences: Vec<(u32, u32)> =
                (0..).map(|i| i * 37 % 211).zip(shares).collect();
            let mut sorted = sentences.clone();
            sorted.sort_by_key(|&(s, n)| (std::cmp::Reverse(n), s));
            sorted.truncate(room);
            prop_assert_eq!(most_shared(&mut sentences.into_iter(), room), sorted);
        }
    }
}
