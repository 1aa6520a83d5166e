//! Undo and redo in the lab's text boxes, one history per box
//! (`text::history` keeps the steps).
//!
//! Chromium keeps one undo history for the whole page: Ctrl+Z in the
//! answer took back the last edit typed in the source, out of sight, and a
//! long source's box shows windows whose edits the browser's history would
//! replay in the wrong place. So each box's Ctrl+Z, Ctrl+Shift+Z and
//! Ctrl+Y (Cmd on a Mac) are the lab's, on that box's own edits; an Undo
//! from a menu that the browser aims at a box without focus does nothing.
//! [`PlainUndo`] is this for a box that holds all of its text (the answer,
//! the question, the samples); the source box (`editors`) keeps its own, in
//! whole-source bytes.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::text::history::{Edit, EditKind, History, Restored};
use crate::text::scan::{byte_of_utf16, utf16_of_byte};

/// What a key press or a menu asks of a box's history.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Undo,
    Redo,
}

impl Command {
    /// Ctrl+Z (undo), Ctrl+Shift+Z or Ctrl+Y (redo); Cmd for Ctrl.
    pub fn of_key(ev: &leptos::ev::KeyboardEvent) -> Option<Command> {
        if !(ev.ctrl_key() || ev.meta_key()) || ev.alt_key() {
            return None;
        }
        match ev.key().to_ascii_lowercase().as_str() {
            "z" if ev.shift_key() => Some(Command::Redo),
            "z" => Some(Command::Undo),
            "y" if !ev.shift_key() => Some(Command::Redo),
            _ => None,
        }
    }

    /// The browser's own undo or redo (a menu's), about to change a box.
    pub fn of_input(ev: &leptos::ev::InputEvent) -> Option<Command> {
        match ev.input_type().as_str() {
            "historyUndo" => Some(Command::Undo),
            "historyRedo" => Some(Command::Redo),
            _ => None,
        }
    }

    /// `text` with this command done by `history`.
    pub fn run(self, history: &mut History, text: &str) -> Option<Restored> {
        match self {
            Command::Undo => history.undo(text),
            Command::Redo => history.redo(text),
        }
    }
}

/// A text box: a `<textarea>` or a one-line `<input>`.
enum TextBox {
    Area(web_sys::HtmlTextAreaElement),
    Line(web_sys::HtmlInputElement),
}

impl TextBox {
    /// The text box an event happened in.
    fn of(ev: &web_sys::Event) -> Option<TextBox> {
        let target = ev.target()?;
        match target.dyn_into::<web_sys::HtmlTextAreaElement>() {
            Ok(area) => Some(TextBox::Area(area)),
            Err(other) => other.dyn_into().ok().map(TextBox::Line),
        }
    }

    fn element(&self) -> &web_sys::HtmlElement {
        match self {
            TextBox::Area(el) => el,
            TextBox::Line(el) => el,
        }
    }

    fn selection_start(&self) -> Option<u32> {
        match self {
            TextBox::Area(el) => el.selection_start(),
            TextBox::Line(el) => el.selection_start(),
        }
        .ok()
        .flatten()
    }

    fn set_value(&self, text: &str) {
        match self {
            TextBox::Area(el) => el.set_value(text),
            TextBox::Line(el) => el.set_value(text),
        }
    }

    fn set_selection_range(&self, start: u32, end: u32) {
        let _ = match self {
            TextBox::Area(el) => el.set_selection_range(start, end),
            TextBox::Line(el) => el.set_selection_range(start, end),
        };
    }
}

/// Is `el` the element with the keyboard focus?
pub fn has_focus(el: &web_sys::HtmlElement) -> bool {
    el.owner_document()
        .and_then(|d| d.active_element())
        .is_some_and(|a| a.is_same_node(Some(el.as_ref())))
}

/// The edit a box's input event made, its text `before` (at byte `offset`
/// of the whole text) now `after`, and how it was made.
pub fn edit_of_input(
    ev: &web_sys::Event,
    before: &str,
    after: &str,
    offset: usize,
) -> Option<(Edit, EditKind)> {
    let kind = ev
        .dyn_ref::<web_sys::InputEvent>()
        .map_or(EditKind::Other, |e| {
            EditKind::of_input_type(&e.input_type())
        });
    let caret = TextBox::of(ev).and_then(|el| el.selection_start());
    let edit = match caret {
        Some(c) => Edit::before_caret(before, after, offset, byte_of_utf16(after, c as usize)),
        None => Edit::between(before, after, offset),
    }?;
    Some((edit, kind))
}

/// Undo for a box that holds all of its text, which the lab keeps in
/// `text` (the box writes it on input).
#[derive(Clone, Copy)]
pub struct PlainUndo {
    history: StoredValue<History>,
    read_only: RwSignal<bool>,
}

impl PlainUndo {
    pub fn new(read_only: RwSignal<bool>) -> PlainUndo {
        PlainUndo {
            history: StoredValue::new(History::default()),
            read_only,
        }
    }

    /// Keep the box's input, its text `before` it, as a step.
    pub fn input(self, ev: &web_sys::Event, before: &str, after: &str) {
        if let Some((edit, kind)) = edit_of_input(ev, before, after, 0) {
            self.history.update_value(|h| h.record(edit, kind));
        }
    }

    /// Ctrl+Z and the like in the box: the box's text undone or redone,
    /// to be set (`None` for any other key, or nothing to undo).
    pub fn key_down(self, ev: &leptos::ev::KeyboardEvent, text: &str) -> Option<String> {
        let command = Command::of_key(ev)?;
        ev.prevent_default();
        self.run(command, ev, text)
    }

    /// A menu's undo or redo: the box's own when it has the focus, else
    /// none (the browser aimed its page-wide history at it).
    pub fn before_input(self, ev: &leptos::ev::InputEvent, text: &str) -> Option<String> {
        let command = Command::of_input(ev)?;
        ev.prevent_default();
        self.run(command, ev, text)
    }

    fn run(self, command: Command, ev: &web_sys::Event, text: &str) -> Option<String> {
        let el = TextBox::of(ev)?;
        if self.read_only.get_untracked() || !has_focus(el.element()) {
            return None;
        }
        let (out, selected) = self
            .history
            .try_update_value(|h| command.run(h, text))
            .flatten()?;
        // Written here, before the lab's signal writes it again, so that
        // the selection is set in the new text.
        el.set_value(&out);
        let at = |b: usize| utf16_of_byte(&out, b.min(out.len())) as u32;
        el.set_selection_range(at(selected.0), at(selected.1));
        Some(out)
    }
}
