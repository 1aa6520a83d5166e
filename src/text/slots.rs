//! Values for numbered places, each made the first time it is asked for
//! through a shared reference: a document's sentences' readings. A large
//! source reads again only the few sentences the checks look at, so room
//! for a reading is made 64 places at a time, when one of them is first
//! filled: a once-cell of its own for every sentence was 16 bytes a
//! sentence, 7 MB in 8 MB of JSON lines.

use std::sync::OnceLock;

/// Places in a chunk.
const CHUNK: usize = 64;

type Chunk<T> = Box<[OnceLock<Box<T>>]>;

/// Places 0…len-1, each empty or holding a `T`.
#[derive(Debug, Clone)]
pub struct LazySlots<T> {
    chunks: Vec<OnceLock<Chunk<T>>>,
    len: usize,
}

impl<T> Default for LazySlots<T> {
    fn default() -> LazySlots<T> {
        LazySlots {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

fn fresh_chunk<T>() -> Chunk<T> {
    (0..CHUNK).map(|_| OnceLock::new()).collect()
}

impl<T> LazySlots<T> {
    /// `len` empty places.
    pub fn empty(len: usize) -> LazySlots<T> {
        LazySlots {
            chunks: (0..len.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
            len,
        }
    }

    fn place(&self, i: usize) -> &OnceLock<Box<T>> {
        debug_assert!(i < self.len);
        &self.chunks[i / CHUNK].get_or_init(fresh_chunk)[i % CHUNK]
    }

    /// What place `i` holds, filled with `make()` if it was empty.
    pub fn get_or_init(&self, i: usize, make: impl FnOnce() -> T) -> &T {
        self.place(i).get_or_init(|| Box::new(make()))
    }

    /// Add a place after the others, holding `value` if any.
    pub fn push(&mut self, value: Option<T>) {
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(OnceLock::new());
        }
        self.len += 1;
        if let Some(value) = value {
            let _ = self.place(self.len - 1).set(Box::new(value));
        }
    }

    /// Empty every place.
    pub fn clear(&mut self) {
        self.chunks.iter_mut().for_each(|c| drop(c.take()));
    }

    /// What place `i` holds, if it was filled.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn get(&self, i: usize) -> Option<&T> {
        debug_assert!(i < self.len);
        let chunk = self.chunks[i / CHUNK].get()?;
        chunk[i % CHUNK].get().map(|b| &**b)
    }

    /// What place `i` holds, if it was filled, to change.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        debug_assert!(i < self.len);
        let chunk = self.chunks[i / CHUNK].get_mut()?;
        chunk[i % CHUNK].get_mut().map(|b| &mut **b)
    }

    /// Every place's value, in order.
    fn into_places(self) -> Vec<Option<Box<T>>> {
        let mut held = Vec::with_capacity(self.len);
        for chunk in self.chunks {
            let room = self.len - held.len();
            match chunk.into_inner() {
                Some(chunk) => {
                    let places = chunk.into_vec().into_iter().take(room);
                    held.extend(places.map(OnceLock::into_inner));
                }
                None => held.extend((0..room.min(CHUNK)).map(|_| None)),
            }
        }
        held
    }

    /// Places holding `places`' values.
    fn of_places(places: Vec<Option<Box<T>>>) -> LazySlots<T> {
        let slots = LazySlots::empty(places.len());
        for (i, value) in places.into_iter().enumerate() {
            if let Some(value) = value {
                let _ = slots.place(i).set(value);
            }
        }
        slots
    }

    /// `next`'s places added after these.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn append(&mut self, next: LazySlots<T>) {
        if next.chunks.iter().all(|c| c.get().is_none()) {
            // Only empty places: no value to move.
            (0..next.len).for_each(|_| self.push(None));
            return;
        }
        let mut held = std::mem::take(self).into_places();
        held.extend(next.into_places());
        *self = LazySlots::of_places(held);
    }

    /// Places `range` replaced by `values`' places.
    pub fn splice(
        &mut self,
        range: std::ops::Range<usize>,
        values: impl IntoIterator<Item = Option<T>>,
    ) {
        let mut held = std::mem::take(self).into_places();
        let tail = held.split_off(range.end);
        held.truncate(range.start);
        for value in values {
            held.push(value.map(Box::new));
        }
        held.extend(tail);
        *self = LazySlots::of_places(held);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn get(s: &LazySlots<u32>, i: usize) -> Option<&u32> {
        s.get(i)
    }

    fn values(s: &LazySlots<u32>) -> Vec<Option<u32>> {
        (0..s.len).map(|i| get(s, i).copied()).collect()
    }

    #[test]
    fn a_place_is_filled_once_when_first_asked_for() {
        let s: LazySlots<u32> = LazySlots::empty(130);
        assert_eq!(get(&s, 129), None);
        assert_eq!(*s.get_or_init(129, || 7), 7);
        assert_eq!(*s.get_or_init(129, || 8), 7);
        assert_eq!(get(&s, 129), Some(&7));
        // Only the chunk of the place asked for was made.
        assert_eq!(s.chunks.iter().filter(|c| c.get().is_some()).count(), 1);
    }

    #[test]
    fn pushed_places_hold_what_was_pushed_and_clear_empties_them() {
        let mut s = LazySlots::default();
        (0..70).for_each(|i| s.push((i % 3 == 0).then_some(i)));
        assert_eq!(s.len, 70);
        assert_eq!(get(&s, 69), Some(&69));
        assert_eq!(get(&s, 68), None);
        (0..70).for_each(|i| s.get_mut(i).into_iter().for_each(|v| *v += 1));
        assert_eq!(get(&s, 3), Some(&4));
        s.clear();
        assert_eq!(values(&s), vec![None; 70]);
    }

    #[test]
    fn appended_places_follow_in_order() {
        for filled in [false, true] {
            let mut s = LazySlots::empty(65);
            let _ = s.get_or_init(64, || 1);
            let next = LazySlots::empty(3);
            if filled {
                let _ = next.get_or_init(2, || 2);
            }
            s.append(next);
            let mut want = vec![None; 68];
            want[64] = Some(1);
            want[67] = filled.then_some(2);
            assert_eq!(values(&s), want);
        }
    }

    proptest! {
        /// A splice gives the places a list spliced the same way gives.
        #[test]
        fn a_splice_is_a_splice_of_the_places(
            places in prop::collection::vec(prop::option::of(0u32..9), 0..200),
            fresh in prop::collection::vec(prop::option::of(0u32..9), 0..70),
            a in 0usize..201,
            b in 0usize..201,
        ) {
            let (a, b) = (a.min(places.len()), b.min(places.len()));
            let (a, b) = (a.min(b), a.max(b));
            let mut s = LazySlots::default();
            places.iter().for_each(|&p| s.push(p));
            s.splice(a..b, fresh.clone());
            let mut want = places.clone();
            want.splice(a..b, fresh);
            prop_assert_eq!(values(&s), want);
        }
    }
}
