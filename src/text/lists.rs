//! Many short lists of ids kept one after another in one buffer: a
//! document's sentences' term ids (and those of its indexes of other
//! keys). A list of its own for each sentence is 16 bytes more a
//! sentence, and an allocation: 7 MB in 8 MB of JSON lines.

/// Lists of ids, list `i` at `ids[starts[i]..starts[i + 1]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdLists {
    ids: Vec<u32>,
    /// Where each list starts in `ids`, and where the last one ends.
    starts: Vec<u32>,
}

impl Default for IdLists {
    fn default() -> IdLists {
        IdLists {
            ids: Vec::new(),
            starts: vec![0],
        }
    }
}

impl IdLists {
    /// No lists, with room for `lists` of them.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_capacity(lists: usize) -> IdLists {
        let mut starts = Vec::with_capacity(lists + 1);
        starts.push(0);
        IdLists {
            ids: Vec::new(),
            starts,
        }
    }

    /// Room for `lists` more lists holding `ids` more ids in all.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn reserve(&mut self, lists: usize, ids: usize) {
        self.starts.reserve(lists);
        self.ids.reserve(ids);
    }

    /// How many lists.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// List `i` (0-based).
    pub fn get(&self, i: usize) -> &[u32] {
        &self.ids[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Every list, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.starts
            .windows(2)
            .map(|w| &self.ids[w[0] as usize..w[1] as usize])
    }

    /// Add a list after the others.
    pub fn push(&mut self, list: &[u32]) {
        self.ids.extend_from_slice(list);
        self.starts.push(self.ids.len() as u32);
    }

    /// Add `next`'s lists after these, each id written as `map` gives it
    /// and each list then sorted.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn append_mapped(&mut self, next: &IdLists, map: impl Fn(u32) -> u32) {
        self.ids.reserve(next.ids.len());
        self.starts.reserve(next.len());
        for list in next.iter() {
            let from = self.ids.len();
            self.ids.extend(list.iter().map(|&id| map(id)));
            self.ids[from..].sort_unstable();
            self.starts.push(self.ids.len() as u32);
        }
    }

    /// Lists `range` replaced by `lists`.
    pub fn splice(&mut self, range: std::ops::Range<usize>, lists: &[Vec<u32>]) {
        let (a, b) = (self.starts[range.start], self.starts[range.end]);
        let tail = self.ids.split_off(b as usize);
        self.ids.truncate(a as usize);
        let mut starts = self.starts.split_off(range.end + 1);
        self.starts.truncate(range.start + 1);
        for list in lists {
            self.ids.extend_from_slice(list);
            self.starts.push(self.ids.len() as u32);
        }
        // The lists after `range` move by the change in length.
        let moved = self.ids.len() as u32;
        self.ids.extend_from_slice(&tail);
        for s in &mut starts {
            *s = *s - b + moved;
        }
        self.starts.extend_from_slice(&starts);
    }

    /// Let go of spare room.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shrink_to_fit(&mut self) {
        self.ids.shrink_to_fit();
        self.starts.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lists_of(l: &IdLists) -> Vec<Vec<u32>> {
        l.iter().map(<[u32]>::to_vec).collect()
    }

    #[test]
    fn lists_come_back_as_pushed() {
        let mut l = IdLists::with_capacity(3);
        assert_eq!(l.len(), 0);
        l.push(&[3, 1]);
        l.push(&[]);
        l.push(&[7]);
        assert_eq!(l.len(), 3);
        assert_eq!(l.get(0), [3, 1]);
        assert!(l.get(1).is_empty());
        assert_eq!(lists_of(&l), [vec![3, 1], vec![], vec![7]]);
    }

    #[test]
    fn appended_lists_are_mapped_and_sorted() {
        let mut l = IdLists::default();
        l.push(&[0]);
        let mut next = IdLists::default();
        next.push(&[0, 1]);
        next.push(&[]);
        l.append_mapped(&next, |id| 9 - id);
        assert_eq!(lists_of(&l), [vec![0], vec![8, 9], vec![]]);
    }

    proptest! {
        /// A splice gives the lists a list of lists spliced the same way
        /// gives.
        #[test]
        fn a_splice_is_a_splice_of_the_lists(
            lists in prop::collection::vec(prop::collection::vec(0u32..50, 0..4), 0..8),
            fresh in prop::collection::vec(prop::collection::vec(0u32..50, 0..4), 0..4),
            a in 0usize..9,
            b in 0usize..9,
        ) {
            let (a, b) = (a.min(lists.len()), b.min(lists.len()));
            let (a, b) = (a.min(b), a.max(b));
            let mut l = IdLists::default();
            lists.iter().for_each(|x| l.push(x));
            l.splice(a..b, &fresh);
            let mut want = lists.clone();
            want.splice(a..b, fresh.clone());
            prop_assert_eq!(lists_of(&l), want.clone());
            prop_assert_eq!(l.len(), want.len());
        }
    }
}
