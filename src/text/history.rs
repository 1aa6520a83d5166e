//! Undo and redo for the lab's text boxes, kept by the lab.
//!
//! A browser's undo history is not the lab's to trust: Chromium keeps one
//! for the whole page (Ctrl+Z in the answer took back the source's typing),
//! and the source box shows a window of a long source (`text::window`), in
//! which the browser would replay the last window's edit and corrupt the
//! source. The lab keeps a history per box instead (`app::undo`): each
//! edit as the bytes it replaced in the box's whole text, undone and redone
//! there, whatever window the box shows. An edit is placed where the caret
//! says ([`Edit::before_caret`]): a space typed before a space is the one
//! typed, so a word typed anywhere is one run.
//!
//! Like a browser's text box it groups typing (one step per word and the
//! space after it), runs of Backspace or Delete, an input method's whole
//! composition, and a drag's removal with its drop into one step each; any
//! other edit (a paste, a cut) is a step of its own. It keeps the
//! last [`MAX_STEPS`] steps. A text changed from elsewhere (an example
//! loaded over it) is found out at the next undo, which then forgets every
//! step rather than splice old edits into new text. What it does not do:
//! restore the selection an edit replaced (an undone edit's text is
//! selected instead).

use crate::text::common_prefix;
use crate::text::common_suffix;

/// Steps of undo the lab keeps.
pub const MAX_STEPS: usize = 200;

/// One edit of a text: `removed` at byte `at` replaced by `inserted`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub at: usize,
    pub removed: String,
    pub inserted: String,
}

/// How an edit was made, for grouping edits into steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditKind {
    /// Typed characters.
    Typing,
    /// Backspace or Delete.
    Deleting,
    /// A step of an input method's composition (kana to kanji, a dead
    /// key): the whole composition is one step.
    Composing,
    /// Text dragged away: the drop that follows is the same step.
    DraggingOut,
    /// Text dropped.
    Dropping,
    /// A paste, a cut, a replacement: a step of its own.
    Other,
}

impl EditKind {
    /// The kind of a browser input event's `inputType`.
    pub fn of_input_type(input_type: &str) -> EditKind {
        match input_type {
            "insertText" => EditKind::Typing,
            "deleteContentBackward" | "deleteContentForward" => EditKind::Deleting,
            "insertCompositionText"
            | "deleteCompositionText"
            | "insertFromComposition"
            | "deleteByComposition" => EditKind::Composing,
            "deleteByDrag" => EditKind::DraggingOut,
            "insertFromDrop" => EditKind::Dropping,
            _ => EditKind::Other,
        }
    }
}

impl Edit {
    /// The edit that turned `before` into `after`, where `before` starts at
    /// byte `offset` of the whole text: the part between what they share at
    /// the start and at the end (cut on character boundaries). `None` when
    /// they are the same.
    pub fn between(before: &str, after: &str, offset: usize) -> Option<Edit> {
        Edit::split(before, after, offset, None)
    }

    /// [`Edit::between`] for an edit made at a caret, which is at byte
    /// `caret` of `after` once it is made (where typed text ends and where
    /// Backspace or Delete removed text). Where text is typed or deleted
    /// beside the same text (" a" typed before " b") many edits give
    /// `after`; this is the one that ends at the caret, so that a word
    /// typed letter by letter is one contiguous run of edits.
    pub fn before_caret(before: &str, after: &str, offset: usize, caret: usize) -> Option<Edit> {
        Edit::split(before, after, offset, Some(caret))
    }

    /// The edit between `before` and `after`: what they share at the start
    /// and the end left out (the end first, up to the caret, when there is
    /// one).
    fn split(before: &str, after: &str, offset: usize, caret: Option<usize>) -> Option<Edit> {
        let shortest = before.len().min(after.len());
        let prefix = common_prefix(before.as_bytes(), after.as_bytes());
        let suffix = common_suffix(before.as_bytes(), after.as_bytes());
        let (mut head, mut tail) = match caret {
            None => (prefix, suffix.min(shortest - prefix.min(shortest))),
            Some(caret) => {
                let tail = suffix.min(after.len().saturating_sub(caret)).min(shortest);
                (prefix.min(shortest - tail), tail)
            }
        };
        head = head.min(shortest);
        while !before.is_char_boundary(head) {
            head -= 1;
        }
        // The shared end is the same bytes in both: a boundary in one is
        // one in the other.
        while !before.is_char_boundary(before.len() - tail) {
            tail -= 1;
        }
        let removed = &before[head..before.len() - tail];
        let inserted = &after[head..after.len() - tail];
        (removed != inserted).then(|| Edit {
            at: offset + head,
            removed: removed.to_owned(),
            inserted: inserted.to_owned(),
        })
    }

    /// `text` with this edit made (`text` holding `removed` at `at`).
    pub fn apply(&self, text: &str) -> String {
        let end = (self.at + self.removed.len()).min(text.len());
        let mut out = String::with_capacity(text.len() - (end - self.at) + self.inserted.len());
        out.push_str(&text[..self.at]);
        out.push_str(&self.inserted);
        out.push_str(&text[end..]);
        out
    }

    /// Does `text` hold what this edit inserted, where it inserted it?
    fn made_in(&self, text: &str) -> bool {
        text.get(self.at..self.at + self.inserted.len()) == Some(self.inserted.as_str())
    }

    /// The edit that takes this one back.
    fn inverse(&self) -> Edit {
        Edit {
            at: self.at,
            removed: self.inserted.clone(),
            inserted: self.removed.clone(),
        }
    }

    /// Can `self`, made of a `kind` edit, take in `next`, made just after
    /// it, as one step? Typing does until a word's end (the first letter
    /// typed over a selection starts the step: undoing it brings the
    /// selection back); Backspace and Delete run on; a composition's steps
    /// each change what it has written so far.
    fn joins(&self, kind: EditKind, next: &Edit) -> bool {
        match kind {
            EditKind::Typing => {
                let ends_word = self.inserted.ends_with(char::is_whitespace)
                    && !next.inserted.starts_with(char::is_whitespace);
                next.removed.is_empty() && next.at == self.at + self.inserted.len() && !ends_word
            }
            EditKind::Deleting => {
                self.inserted.is_empty()
                    && next.inserted.is_empty()
                    && (next.at + next.removed.len() == self.at || next.at == self.at)
            }
            EditKind::Composing => {
                next.at >= self.at && next.at + next.removed.len() <= self.at + self.inserted.len()
            }
            EditKind::DraggingOut | EditKind::Dropping | EditKind::Other => false,
        }
    }

    /// This step with `next` (which [`Edit::joins`] it) made after it.
    fn join(&mut self, kind: EditKind, next: Edit) {
        if kind == EditKind::Composing {
            // `next` rewrites part of what this step inserted.
            let from = next.at - self.at;
            self.inserted
                .replace_range(from..from + next.removed.len(), &next.inserted);
        } else if next.at < self.at {
            // Backspace: what it removed comes before.
            self.removed.insert_str(0, &next.removed);
            self.at = next.at;
        } else {
            self.removed.push_str(&next.removed);
            self.inserted.push_str(&next.inserted);
        }
    }
}

/// One step of undo: edits made one after the other (one, but for a drag,
/// which removes text in one place and inserts it in another).
#[derive(Debug, Clone)]
struct Step {
    edits: Vec<Edit>,
    kind: EditKind,
}

impl Step {
    /// `text` with the step taken back, and what its first edit had
    /// replaced; `None` if `text` does not hold what the step made.
    fn undo(&self, text: &str) -> Option<Restored> {
        let mut out = text.to_owned();
        for edit in self.edits.iter().rev() {
            if !edit.made_in(&out) {
                return None;
            }
            out = edit.inverse().apply(&out);
        }
        let first = &self.edits[0];
        Some((out, (first.at, first.at + first.removed.len())))
    }

    /// `text` with the step made again, the caret after its last edit.
    fn redo(&self, text: &str) -> Option<Restored> {
        let mut out = text.to_owned();
        for edit in &self.edits {
            if !edit.inverse().made_in(&out) {
                return None;
            }
            out = edit.apply(&out);
        }
        let last = self.edits.last()?;
        let end = last.at + last.inserted.len();
        Some((out, (end, end)))
    }
}

/// The steps that can be undone and redone.
#[derive(Debug, Clone, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
}

/// A text after an undo or redo, and the bytes of it to select.
pub type Restored = (String, (usize, usize));

impl History {
    /// Keep `edit`, just made, as a step (or part of the last one).
    /// (An edit made just after an undo starts a step of its own.)
    pub fn record(&mut self, edit: Edit, kind: EditKind) {
        let after_undo = !self.redo.is_empty();
        self.redo.clear();
        if let Some(last) = self.undo.last_mut().filter(|_| !after_undo) {
            if let [only] = &mut last.edits[..] {
                if last.kind == kind && only.joins(kind, &edit) {
                    only.join(kind, edit);
                    return;
                }
                if last.kind == EditKind::DraggingOut && kind == EditKind::Dropping {
                    last.edits.push(edit);
                    last.kind = EditKind::Other;
                    return;
                }
            }
        }
        if self.undo.len() == MAX_STEPS {
            self.undo.remove(0);
        }
        self.undo.push(Step {
            edits: vec![edit],
            kind,
        });
    }

    /// Forget every step (the text was replaced from elsewhere).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// `text` with the last step taken back, and what it had replaced
    /// selected.
    /// (`None`, and every step forgotten, if `text` is not the one the
    /// steps were made in: it was replaced from elsewhere.)
    pub fn undo(&mut self, text: &str) -> Option<Restored> {
        let step = self.undo.pop()?;
        let Some(restored) = step.undo(text) else {
            self.clear();
            return None;
        };
        self.redo.push(step);
        Some(restored)
    }

    /// `text` with the last undone step made again, the caret after it.
    pub fn redo(&mut self, text: &str) -> Option<Restored> {
        let mut step = self.redo.pop()?;
        let Some(restored) = step.redo(text) else {
            self.clear();
            return None;
        };
        step.kind = EditKind::Other;
        self.undo.push(step);
        Some(restored)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Record the change from `before` to `after` as `kind`.
    fn record(h: &mut History, before: &str, after: &str, kind: EditKind) {
        if let Some(e) = Edit::between(before, after, 0) {
            h.record(e, kind);
        }
    }

    #[test]
    fn typing_a_word_is_one_step_and_the_space_after_it_ends_it() {
        let mut h = History::default();
        let mut text = String::from("The ");
        for c in "ferry sails".chars() {
            let next = format!("{text}{c}");
            record(&mut h, &text, &next, EditKind::Typing);
            text = next;
        }
        let (t, sel) = h.undo(&text).unwrap();
        assert_eq!((t.as_str(), sel), ("The ferry ", (10, 10)));
        let (t, _) = h.undo(&t).unwrap();
        assert_eq!(t, "The ");
        assert!(!h.can_undo());
        let (t, sel) = h.redo(&t).unwrap();
        assert_eq!((t.as_str(), sel), ("The ferry ", (10, 10)));
    }

    #[test]
    fn a_word_typed_over_a_selection_is_one_step_with_what_it_replaced() {
        let mut h = History::default();
        record(
            &mut h,
            "keep this old text",
            "keep N text",
            EditKind::Typing,
        );
        record(&mut h, "keep N text", "keep Ne text", EditKind::Typing);
        record(&mut h, "keep Ne text", "keep New text", EditKind::Typing);
        let (t, sel) = h.undo("keep New text").unwrap();
        assert_eq!(t, "keep this old text");
        assert_eq!(&t[sel.0..sel.1], "this old");
    }

    #[test]
    fn a_run_of_backspaces_is_one_step_and_undoing_it_selects_what_it_removed() {
        let mut h = History::default();
        let mut text = String::from("Ships sail at dawn.");
        for _ in 0..5 {
            let mut next = text.clone();
            next.remove(next.len() - 2);
            record(&mut h, &text, &next, EditKind::Deleting);
            text = next;
        }
        assert_eq!(text, "Ships sail at.");
        let (t, sel) = h.undo(&text).unwrap();
        assert_eq!(t, "Ships sail at dawn.");
        assert_eq!(&t[sel.0..sel.1], " dawn");
        assert!(!h.can_undo());
    }

    #[test]
    fn a_paste_is_a_step_of_its_own_and_a_new_edit_drops_what_was_undone() {
        let mut h = History::default();
        record(&mut h, "ab", "abc", EditKind::Typing);
        record(&mut h, "abc", "abcPASTED", EditKind::Other);
        record(&mut h, "abcPASTED", "abcPASTEDx", EditKind::Typing);
        let (t, _) = h.undo("abcPASTEDx").unwrap();
        let (t, _) = h.undo(&t).unwrap();
        assert_eq!(t, "abc");
        record(&mut h, "abc", "abcd", EditKind::Typing);
        assert!(!h.can_redo());
        let (t, _) = h.undo("abcd").unwrap();
        // "d" was typed after an undo: a step of its own.
        assert_eq!(t, "abc");
    }

    #[test]
    fn an_edit_is_cut_on_character_boundaries() {
        // "é" and "è" share their first byte.
        let e = Edit::between("café au lait", "cafè au lait", 100).unwrap();
        assert_eq!(
            (e.at, e.removed.as_str(), e.inserted.as_str()),
            (103, "é", "è")
        );
        assert_eq!(Edit::between("same", "same", 0), None);
        // A doubled letter: the edit is within the shared ends' room.
        let e = Edit::between("aa", "aaa", 0).unwrap();
        assert_eq!(e.apply("aa"), "aaa");
    }

    #[test]
    fn an_input_method_s_composition_is_one_step() {
        // に, にほ, にほん, then 日本 committed: one step, as a text box has it.
        let mut h = History::default();
        let texts = [
            "Tokyo ",
            "Tokyo に",
            "Tokyo にほ",
            "Tokyo にほん",
            "Tokyo 日本",
        ];
        for pair in texts.windows(2) {
            let caret = pair[1].len();
            let e = Edit::before_caret(pair[0], pair[1], 0, caret).unwrap();
            h.record(e, EditKind::Composing);
        }
        record(&mut h, "Tokyo 日本", "Tokyo 日本 x", EditKind::Typing);
        let (t, _) = h.undo("Tokyo 日本 x").unwrap();
        assert_eq!(t, "Tokyo 日本");
        let (t, sel) = h.undo(&t).unwrap();
        assert_eq!((t.as_str(), sel), ("Tokyo ", (6, 6)));
        assert!(!h.can_undo());
        let (t, _) = h.redo(&t).unwrap();
        assert_eq!(t, "Tokyo 日本");
    }

    #[test]
    fn a_word_dragged_elsewhere_is_one_step_and_undoing_it_selects_it_where_it_was() {
        let mut h = History::default();
        record(
            &mut h,
            "The Ridgeline bridge carries a deck.",
            "The  bridge carries a deck.",
            EditKind::DraggingOut,
        );
        record(
            &mut h,
            "The  bridge carries a deck.",
            "The  bridge carries a Ridgeline deck.",
            EditKind::Dropping,
        );
        let (t, sel) = h.undo("The  bridge carries a Ridgeline deck.").unwrap();
        assert_eq!(t, "The Ridgeline bridge carries a deck.");
        assert_eq!(&t[sel.0..sel.1], "Ridgeline");
        assert!(!h.can_undo());
        let (t, _) = h.redo(&t).unwrap();
        assert_eq!(t, "The  bridge carries a Ridgeline deck.");
    }

    #[test]
    fn a_text_replaced_from_elsewhere_has_nothing_to_undo() {
        let mut h = History::default();
        record(&mut h, "short", "short text", EditKind::Typing);
        // An example loaded over it: the step's bytes are not there.
        assert_eq!(h.undo("abc"), None);
        assert!(!h.can_undo() && !h.can_redo());
        record(&mut h, "café", "café au lait", EditKind::Other);
        let (t, _) = h.undo("café au lait").unwrap();
        assert_eq!(t, "café");
        assert_eq!(h.redo("caf"), None);
    }

    #[test]
    fn it_keeps_the_last_steps_only() {
        let mut h = History::default();
        let mut text = String::new();
        for i in 0..MAX_STEPS + 10 {
            let next = format!("{text}{i}|");
            record(&mut h, &text, &next, EditKind::Other);
            text = next;
        }
        let mut steps = 0;
        while let Some((t, _)) = h.undo(&text) {
            text = t;
            steps += 1;
        }
        assert_eq!(steps, MAX_STEPS);
        assert!(text.starts_with("0|1|") && text.ends_with("9|"));
    }

    /// Type `typed` at byte `at` of `text` letter by letter, as a box does.
    fn type_at(h: &mut History, text: &mut String, mut at: usize, typed: &str) {
        for c in typed.chars() {
            let mut next = text.clone();
            next.insert(at, c);
            at += c.len_utf8();
            if let Some(e) = Edit::before_caret(text, &next, 0, at) {
                h.record(e, EditKind::Typing);
            }
            *text = next;
        }
    }

    #[test]
    fn words_typed_before_a_space_are_a_step_each_like_at_the_end() {
        // The stranger's case: the space typed before " Ridgeline" is the
        // same as the one after it; the caret says which one was typed.
        let mut h = History::default();
        let mut text = String::from("Across Ridgeline.");
        type_at(&mut h, &mut text, 6, " one two");
        assert_eq!(text, "Across one two Ridgeline.");
        // Steps: the space, "one " and "two" (as typed at the end).
        let (t, _) = h.undo(&text).unwrap();
        assert_eq!(t, "Across one  Ridgeline.");
        let (t, _) = h.undo(&t).unwrap();
        assert_eq!(t, "Across  Ridgeline.");
        let (t, _) = h.undo(&t).unwrap();
        assert_eq!(t, "Across Ridgeline.");
        assert!(!h.can_undo());
    }

    #[test]
    fn backspace_held_in_the_middle_of_a_text_is_one_step() {
        let mut h = History::default();
        let mut text = String::from("one two  three Ridgeline");
        let mut caret = "one two  three".len();
        while caret > "one".len() {
            let at = crate::text::scan::char_start(&text, caret - 1);
            let mut next = text.clone();
            next.replace_range(at..caret, "");
            h.record(
                Edit::before_caret(&text, &next, 0, at).unwrap(),
                EditKind::Deleting,
            );
            text = next;
            caret = at;
        }
        assert_eq!(text, "one Ridgeline");
        let (t, sel) = h.undo(&text).unwrap();
        assert_eq!(t, "one two  three Ridgeline");
        assert_eq!(&t[sel.0..sel.1], " two  three");
        assert!(!h.can_undo());
    }

    fn edits() -> impl Strategy<Value = Vec<(usize, usize, String, u8)>> {
        prop::collection::vec((any::<usize>(), 0..6usize, "[a é\n😀]{0,4}", 0..6u8), 0..30)
    }

    proptest! {
        /// A word typed anywhere, letter by letter, whatever is around the
        /// caret, is undone in one step, and undoing it gives the text back.
        #[test]
        fn a_word_typed_anywhere_is_one_step(
            start in "[a é\n😀]{0,20}", at in any::<usize>(), word in "[aé😀]{1,8} ?",
        ) {
            let mut h = History::default();
            let at = crate::text::scan::char_start(&start, at % (start.len() + 1));
            let mut text = start.clone();
            type_at(&mut h, &mut text, at, &word);
            let (t, sel) = h.undo(&text).unwrap();
            prop_assert_eq!(&t, &start);
            prop_assert_eq!(sel, (at, at));
            prop_assert!(!h.can_undo());
        }

        /// Whatever is typed, deleted or pasted, undoing every step gives
        /// the first text back and redoing them all the last one.
        #[test]
        fn undoing_everything_restores_the_start_and_redoing_it_the_end(
            start in "[a é\n😀]{0,20}", ops in edits(),
        ) {
            let mut h = History::default();
            let mut texts = vec![start.clone()];
            let mut text = start.clone();
            for (at, len, ins, kind) in ops {
                let at = crate::text::scan::char_start(&text, at % (text.len() + 1));
                let end = crate::text::scan::char_start(&text, (at + len).min(text.len())).max(at);
                let next = format!("{}{}{}", &text[..at], ins, &text[end..]);
                let kind = [
                    EditKind::Typing, EditKind::Deleting, EditKind::Composing,
                    EditKind::DraggingOut, EditKind::Dropping, EditKind::Other,
                ][kind as usize];
                // Any caret gives an edit that makes `next`.
                let caret = crate::text::scan::char_start(&next, (at * 7 + len) % (next.len() + 1));
                if let Some(e) = Edit::before_caret(&text, &next, 0, caret) {
                    prop_assert_eq!(e.apply(&text), next.clone());
                }
                if let Some(e) = Edit::between(&text, &next, 0) {
                    prop_assert_eq!(e.apply(&text), next.clone());
                    h.record(e, kind);
                }
                text = next;
                texts.push(text.clone());
            }
            let end = text.clone();
            while let Some((t, sel)) = h.undo(&text) {
                prop_assert!(sel.0 <= sel.1 && sel.1 <= t.len());
                prop_assert!(texts.contains(&t), "undo gave a text never typed: {:?}", t);
                text = t;
            }
            prop_assert_eq!(&text, &start);
            while let Some((t, _)) = h.redo(&text) {
                text = t;
            }
            prop_assert_eq!(text, end);
        }
    }
}
