//! The source and the answer: each an editable text box above a reading view.
//! The source's reading view numbers its sentences S1…Sn (grouped by passage
//! when there are several); the answer's shows its claims C1…Cn coloured by
//! verdict. The focused claim's evidence is marked in both.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lab_state::as_a_text_box_holds;
use crate::report::{MarkSide, Report};
use crate::text::decimal::Decimal;
use crate::text::history::{Edit, EditKind, History, Restored};
use crate::text::import::{self, FileKind};
use crate::text::scan::{byte_of_utf16, char_start, utf16_of_byte};
use crate::text::window::{TextWindow, WINDOW_BYTES};
use crate::text::SourceSentence;

use super::claims::{marked_runs, render_runs, MarkedRun};
use super::lab::Lab;
use super::undo::{edit_of_input, has_focus, Command, PlainUndo};
use super::widgets::{claim_ids, repeats};

/// Sentences the source view lists before it lists only best matches.
const MAX_LISTED_SENTENCES: usize = 400;

/// Sources longer than this (bytes) are shown in the box a window at a time:
/// a text box re-lays out all it holds on every keystroke.
const WINDOWED_ABOVE_BYTES: usize = 64 * 1024;

/// The window the box shows of `text` around byte `at`: all of a short text.
fn window_of(text: &str, at: usize) -> TextWindow {
    if text.len() > WINDOWED_ABOVE_BYTES {
        TextWindow::around(text, at, WINDOW_BYTES)
    } else {
        TextWindow::whole(text)
    }
}

/// What the source list shows: only what it draws, so that an edit which
/// moves sentences (their offsets) without changing a listed one's text
/// leaves it equal and the list is not drawn again. (Drawing it again is
/// what a keystroke in a long source cost most: the release build's erased
/// views set every row's attributes afresh.)
#[derive(Clone, PartialEq)]
struct Listed {
    sentences: Vec<ListedSentence>,
    /// Sentences checked but not listed.
    unlisted: usize,
    many_passages: bool,
    /// Each passage's label number, when the source labels its passages.
    passage_names: Option<Vec<usize>>,
}

/// One listed sentence.
#[derive(Clone, PartialEq, Eq, Hash)]
struct ListedSentence {
    /// Its place in the source's list.
    index: usize,
    id: std::sync::Arc<str>,
    text: std::sync::Arc<str>,
    /// 1-based passage number.
    passage: usize,
    /// When it is the focused claim's best sentence: its text cut at that
    /// claim's marks.
    best: Option<Vec<MarkedRun>>,
}

/// One row of the source list. A row is drawn once and kept while it stays
/// the same (the list is keyed by the rows themselves): typing in a listed
/// sentence draws that row again, not the 500 around it.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Row {
    /// A passage's heading, with its passage number (two passages may
    /// carry the same label: keys must differ).
    Head(usize, String),
    /// The note on the sentences not listed (how many).
    Unlisted(usize),
    Sentence(ListedSentence),
}

impl Row {
    fn view(self) -> AnyView {
        match self {
            Row::Head(_, head) => {
                view! { <li class="passage-head" aria-hidden="true">{head}</li> }.into_any()
            }
            Row::Unlisted(n) => view! { <li class="passage-head" id="unlisted-sentences">{format!("{n} more sentences are checked but not listed here; below, the best matches among them.")}</li> }.into_any(),
            Row::Sentence(s) => {
                let is_best = s.best.is_some();
                let body = match s.best {
                    Some(runs) => render_runs(runs),
                    None => vec![s.text.into_any()],
                };
                view! {
                    <li data-source=s.id.clone() class:best=is_best>
                        <span class="sid">{s.id.clone()}</span>
                        <span class="stext">{body}</span>
                    </li>
                }
                .into_any()
            }
        }
    }
}

/// Where a long source's box moves its window.
#[derive(Clone, Copy)]
enum Step {
    Earlier,
    Later,
    All,
    /// Back from all of it to the window around the caret.
    Part,
}

/// The source box: it shows the source, or a window of a long one
/// (`window`); what is typed there is spliced into the whole text. A change
/// typed in the box is not written back to it: with a 1 MB source that cost
/// every keystroke a copy of the text, its conversion to JavaScript and the
/// browser's comparison.
#[derive(Clone, Copy)]
struct SourceBox {
    lab: Lab,
    el: NodeRef<leptos::html::Textarea>,
    window: RwSignal<TextWindow>,
    /// The source's last change came from the box (which holds it already).
    from_box: StoredValue<bool>,
    /// The user asked for all of a long source in the box ("Edit all at once").
    all: StoredValue<bool>,
    /// Undo and redo, kept by the lab in whole-source bytes (`app::undo`
    /// says why not the browser's).
    history: StoredValue<History>,
    /// Ctrl+A in a box holding a window: all of the source is selected, and
    /// what is typed, pasted, cut or deleted next replaces all of it.
    all_selected: RwSignal<bool>,
    /// The input under way replaces all of the source (set before it).
    replacing_all: StoredValue<bool>,
}

impl SourceBox {
    fn new(lab: Lab) -> SourceBox {
        let this = SourceBox {
            lab,
            el: NodeRef::new(),
            window: RwSignal::new(TextWindow::default()),
            from_box: StoredValue::new(false),
            all: StoredValue::new(false),
            history: StoredValue::new(History::default()),
            all_selected: RwSignal::new(false),
            replacing_all: StoredValue::new(false),
        };
        // A source set from elsewhere (an example, a file, a link) is shown
        // from its start, with no edits to undo.
        Effect::new(move |_| {
            let Some(el) = this.el.get() else {
                return;
            };
            lab.source.with(|text| {
                if !this.from_box.get_value() {
                    this.all.set_value(false);
                    this.history.update_value(History::clear);
                    this.all_selected.set(false);
                    let w = window_of(text, 0);
                    this.window.set(w);
                    el.set_value(w.of(text));
                }
                this.from_box.set_value(false);
            });
        });
        this
    }

    /// Show window `w` of the source in the box, bytes `select` of the
    /// source selected, and focus it.
    #[inline(never)]
    fn show(self, w: TextWindow, select: (usize, usize)) {
        let Some(el) = self.el.get_untracked() else {
            return;
        };
        self.lab.source.with_untracked(|text| {
            let shown = w.of(text);
            let at = |b: usize| utf16_of_byte(shown, b.clamp(w.start, w.end) - w.start) as u32;
            // Scrolled to the selection: the height of the text before it,
            // less half the box (a text box does not scroll to a selection
            // set from a script). A box is never shorter than itself: text
            // before the selection that fits in it leaves the box at its top.
            el.set_value(&shown[..char_start(shown, select.0.saturating_sub(w.start))]);
            let above = el.scroll_height();
            el.set_value(shown);
            let _ = el.focus();
            let _ = el.set_selection_range(at(select.0), at(select.1));
            let height = el.client_height();
            el.set_scroll_top(if above <= height {
                0
            } else {
                above - height / 2
            });
        });
        self.all_selected.set(false);
        self.window.set(w);
    }

    /// Edit bytes `span` of the source, a listed sentence that read
    /// `listed`, in the box. A list drawn from a source since changed (a
    /// long paste still being analysed) may name other bytes: then nothing
    /// happens.
    fn edit_at(self, span: (usize, usize), listed: &str) {
        self.lab.typing.flush();
        if self
            .lab
            .source
            .with_untracked(|t| t.get(span.0..span.1) != Some(listed))
        {
            return;
        }
        self.all.set_value(false);
        let w = self.lab.source.with_untracked(|t| window_of(t, span.0));
        self.show(w, span);
    }

    fn step(self, step: Step) {
        self.lab.typing.flush();
        let w = self.window.get_untracked();
        // The caret's place in the source (the box holds bytes `w`).
        let caret = self.lab.source.with_untracked(|t| {
            let caret = self
                .el
                .get_untracked()
                .and_then(|el| el.selection_start().ok().flatten());
            w.start + byte_of_utf16(w.of(t), caret.unwrap_or(0) as usize)
        });
        let (next, at) = self.lab.source.with_untracked(|t| match step {
            Step::Earlier => {
                let next = w.earlier_to_start(t, WINDOW_BYTES);
                (next, next.start)
            }
            Step::Later => {
                let next = w.later(t, WINDOW_BYTES);
                (next, next.start)
            }
            Step::All => (TextWindow::whole(t), w.start),
            Step::Part => (window_of(t, caret), caret),
        });
        self.all.set_value(matches!(step, Step::All));
        self.show(next, (at, at));
    }

    /// Is all of the source selected: Ctrl+A in a box holding a window, or
    /// all of a box that holds all of it?
    fn selects_all_of_source(self) -> bool {
        let whole_shown = self.all.get_value()
            || self.lab.source.with_untracked(|t| {
                let w = self.window.get_untracked();
                w.start == 0 && w.end == t.len()
            });
        (whole_shown || self.all_selected.get_untracked()) && self.selects_all_shown()
    }

    /// Does the box's selection hold all it shows?
    fn selects_all_shown(self) -> bool {
        self.el.get_untracked().is_some_and(|el| {
            let len = el.text_length();
            el.selection_start().ok().flatten() == Some(0)
                && el.selection_end().ok().flatten() == Some(len)
        })
    }

    /// Undo, redo and select-all are the lab's; a key that moves the caret
    /// ends a select-all.
    fn key_down(self, ev: &leptos::ev::KeyboardEvent) {
        self.lab.typing.flush();
        if let Some(command) = Command::of_key(ev) {
            ev.prevent_default();
            self.undo_or_redo(command);
            return;
        }
        let key = ev.key().to_ascii_lowercase();
        let ctrl = (ev.ctrl_key() || ev.meta_key()) && !ev.alt_key();
        if ctrl && key == "a" {
            let windowed =
                self.window.get_untracked().len() < self.lab.source.with_untracked(String::len);
            self.all_selected.set(windowed);
        } else if key.starts_with("arrow")
            || matches!(
                key.as_str(),
                "home" | "end" | "pageup" | "pagedown" | "escape"
            )
        {
            // With or without Ctrl or Shift: the selection is the box's again.
            self.all_selected.set(false);
        } else if matches!(key.as_str(), "backspace" | "delete") {
            let word = ev.ctrl_key() || ev.alt_key();
            if self.delete_past_edge(key == "backspace", word) {
                ev.prevent_default();
            }
        }
    }

    /// Backspace at the start of the box's window, or Delete at its end,
    /// with nothing selected: the character (or `word`) just outside the
    /// window, which the box cannot reach, is deleted from the source, and
    /// the box shows the window around the caret. False (the browser's to
    /// handle) anywhere else.
    fn delete_past_edge(self, backward: bool, word: bool) -> bool {
        if self.lab.read_only.get_untracked() || self.all_selected.get_untracked() {
            return false;
        }
        let Some(el) = self.el.get_untracked() else {
            return false;
        };
        let (start, end) = (el.selection_start(), el.selection_end());
        let edge = if backward { 0 } else { el.text_length() };
        if start != Ok(Some(edge)) || end != Ok(Some(edge)) {
            return false;
        }
        let w = self.window.get_untracked();
        let Some((from, to)) = self
            .lab
            .source
            .with_untracked(|t| w.beyond_edge(t, backward, word))
        else {
            return false;
        };
        let mut text = self.lab.source.get_untracked();
        let removed: String = text.drain(from..to).collect();
        let edit = Edit {
            at: from,
            removed,
            inserted: String::new(),
        };
        self.history
            .update_value(|h| h.record(edit, EditKind::Deleting));
        self.restore((text, (from, from)));
        true
    }

    /// Undo or redo from a menu; an input after Ctrl+A replaces all of the
    /// source if all the box shows is still selected.
    fn before_input(self, ev: &leptos::ev::InputEvent) {
        self.lab.typing.flush();
        if let Some(command) = Command::of_input(ev) {
            ev.prevent_default();
            // The browser's page-wide history may aim at this box while
            // another has the focus: then nothing is undone out of sight.
            if self.el.get_untracked().is_some_and(|el| has_focus(&el)) {
                self.undo_or_redo(command);
            }
            return;
        }
        self.replacing_all
            .set_value(self.all_selected.get_untracked() && self.selects_all_shown());
    }

    /// Copy or cut after Ctrl+A in a window: all of the source.
    fn clipboard(self, ev: &leptos::ev::ClipboardEvent, cut: bool) {
        self.lab.typing.flush();
        if !self.all_selected.get_untracked() || !self.selects_all_shown() {
            return;
        }
        let Some(data) = ev.clipboard_data() else {
            return;
        };
        ev.prevent_default();
        let whole = self
            .lab
            .source
            .with_untracked(|t| data.set_data("text/plain", t).is_ok());
        if cut && whole && !self.lab.read_only.get_untracked() {
            self.replace_all(String::new());
        }
    }

    /// A paste longer than the box's window is spliced into the source
    /// here, not by the browser: inserting 1 MB into the box, reading it
    /// back and showing a window of it again held the page about a second
    /// (the browser's own paste into a plain text box takes 283 ms). It replaces
    /// the selection (all of the source after Ctrl+A), is one step to undo,
    /// and the box shows the window after it, the caret at its end.
    fn paste(self, ev: &leptos::ev::ClipboardEvent) {
        self.lab.typing.flush();
        if self.lab.read_only.get_untracked() {
            return;
        }
        // A paste over all of a source (not into an empty box: that adds
        // one, as to an example without a source) replaces the example's.
        if self.selects_all_of_source() && self.lab.source.with_untracked(|t| !t.is_empty()) {
            self.lab.forget_example();
        }
        if self.all.get_value() {
            return;
        }
        let Some(pasted) = ev
            .clipboard_data()
            .and_then(|data| data.get_data("text/plain").ok())
            .filter(|p| p.len() > WINDOW_BYTES)
        else {
            return;
        };
        let Some(el) = self.el.get_untracked() else {
            return;
        };
        ev.prevent_default();
        // As a text box keeps a paste: its line breaks as `\n`.
        let pasted = as_a_text_box_holds(pasted);
        let all = self.all_selected.get_untracked() && self.selects_all_shown();
        self.all_selected.set(false);
        let (text, edit) = self.lab.source.with_untracked(|t| {
            let (start, end) = if all {
                (0, t.len())
            } else {
                let w = self.window.get_untracked();
                let shown = w.of(t);
                let at = |utf16: Option<u32>| {
                    w.start + byte_of_utf16(shown, utf16.unwrap_or(0) as usize)
                };
                let start = at(el.selection_start().ok().flatten());
                (start, at(el.selection_end().ok().flatten()).max(start))
            };
            let edit = Edit {
                at: start,
                removed: t[start..end].to_string(),
                inserted: pasted,
            };
            (edit.apply(t), edit)
        });
        let caret = edit.at + edit.inserted.len();
        self.history
            .update_value(|h| h.record(edit, EditKind::Other));
        self.restore((text, (caret, caret)));
    }

    /// Replace all of the source with `text` (a cut of all of it, a file
    /// opened), as one step to undo; the box shows `text` from its start.
    fn replace_all(self, text: String) {
        self.lab.typing.flush();
        let removed = self.lab.source.get_untracked();
        let edit = Edit {
            at: 0,
            removed,
            inserted: text.clone(),
        };
        self.history
            .update_value(|h| h.record(edit, EditKind::Other));
        self.restore((text, (0, 0)));
    }

    fn undo_or_redo(self, command: Command) {
        if self.lab.read_only.get_untracked() {
            return;
        }
        let restored = self.lab.source.with_untracked(|t| {
            self.history
                .try_update_value(|h| command.run(h, t))
                .flatten()
        });
        if let Some(restored) = restored {
            self.restore(restored);
        }
    }

    /// After an edit: an opened file's message no longer offers Ctrl+Z to
    /// undo the opening (it would undo this edit first), and a file refused
    /// earlier is no longer news (a stranger's "the limit is 4 MB" stayed
    /// in red under an 8 MB source pasted after it).
    fn edited_since_opening(self) {
        if (self.lab.file_message).with_untracked(|m| matches!(m, Some((false, _)))) {
            self.lab.file_message.set(None);
            return;
        }
        let offers_undo = self.lab.file_message.with_untracked(|m| {
            m.as_ref()
                .is_some_and(|(_, msg)| msg.ends_with(UNDO_OPENING))
        });
        if offers_undo {
            self.lab.file_message.update(|m| {
                if let Some((_, msg)) = m {
                    msg.truncate(msg.len() - UNDO_OPENING.len());
                    msg.push('.');
                }
            });
        }
    }

    /// The source made `text` by the box (an undo, a redo, a cut), shown
    /// around `select`.
    fn restore(self, (text, mut select): Restored) {
        // A selection longer than a window (an undone replace-all) would
        // show as the window selected: the caret goes to its start instead.
        if select.1 - select.0 > WINDOW_BYTES && !self.all.get_value() {
            select.1 = select.0;
        }
        let w = if self.all.get_value() {
            TextWindow::whole(&text)
        } else {
            window_of(&text, select.0)
        };
        self.from_box.set_value(true);
        self.lab.source.set(text);
        self.show(w, select);
        self.edited_since_opening();
        self.lab.edited();
    }

    /// The box's input: its text spliced into the source (into all of it
    /// after Ctrl+A), and kept as a step to undo.
    fn typed(self, ev: &leptos::ev::Event) {
        let shown = event_target_value(ev);
        let caret = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            .and_then(|t| t.selection_start().ok().flatten());
        let lab = self.lab;
        let replacing_all = std::mem::take(&mut *self.replacing_all.write_value());
        self.all_selected.set(false);
        // An input event that changed nothing the lab holds (the browser
        // inserting a long paste a paragraph at a time sends one event per
        // paragraph, the box showing the lab's window all along) leaves the
        // source as it is.
        let Some((text, typed)) = lab.source.with_untracked(|t| {
            let w = if replacing_all {
                TextWindow::whole(t)
            } else {
                self.window.get_untracked()
            };
            if w.of(t) == shown {
                return None;
            }
            if let Some((edit, kind)) = edit_of_input(ev, w.of(t), &shown, w.start) {
                self.history.update_value(|h| h.record(edit, kind));
            }
            Some(w.splice(t, &shown))
        }) else {
            return;
        };
        self.from_box.set_value(true);
        lab.source.set(text);
        if replacing_all {
            // The opened file is no longer the source.
            lab.file_message.set(None);
        }
        self.edited_since_opening();
        // A paste that made the box long, a source now short enough to show
        // whole, or a window emptied (all the box held selected and deleted,
        // the rest of the source still there): the box shows the window
        // around the caret again (unless it was asked to hold it all).
        let fits = self.all.get_value()
            || lab.source.with_untracked(|t| {
                typed.len() <= 2 * WINDOW_BYTES
                    && (typed.is_whole(t) || (t.len() > WINDOWED_ABOVE_BYTES && !typed.is_empty()))
            });
        if fits {
            self.window.set(typed);
        } else {
            let at = typed.start + byte_of_utf16(&shown, caret.unwrap_or(0) as usize);
            let w = lab.source.with_untracked(|t| window_of(t, at));
            self.show(w, (at, at));
        }
        lab.edited();
    }
}

/// How an opened file's message ends until the source is edited.
const UNDO_OPENING: &str = " (Ctrl+Z undoes it).";

/// Largest source file the lab opens (the text box stays responsive below it).
const MAX_FILE_BYTES: f64 = 4.0 * 1024.0 * 1024.0;

/// The best source sentence of the focused claim, if any.
fn focused_best(lab: Lab, report: &Report) -> Option<String> {
    let id = lab.focus.get()?;
    report.claim(&id)?.best_source.clone()
}

#[component]
pub fn SourcePanel(lab: Lab) -> impl IntoView {
    let source_box = SourceBox::new(lab);
    // What the list shows, worked out on every report; the list itself is
    // drawn again only when that changes (typing in a long source changes
    // the report, rarely its first sentences or best matches).
    let listed = Memo::new(move |_| {
        lab.checked.with(|checked| {
            let report = &checked.report;
            let best = focused_best(lab, report);
            let focused = best
                .as_ref()
                .and_then(|_| lab.focus.get().and_then(|id| report.claim(&id)));
            // A long source lists its first sentences and, further down, only
            // those some claim found as its best match: the page stays quick.
            // (The list is every sentence, in order: `Sn` is the nth.)
            let sources = &report.sources;
            let mut listed_at: Vec<usize> = (0..sources.len().min(MAX_LISTED_SENTENCES)).collect();
            listed_at.extend(
                (report.claims.iter())
                    .filter_map(|c| SourceSentence::index_of(c.best_source.as_deref()?))
                    .filter(|&i| i >= MAX_LISTED_SENTENCES && i < sources.len()),
            );
            crate::order::sort_dedup(&mut listed_at);
            Listed {
                sentences: listed_at
                    .into_iter()
                    .map(|index| (index, &sources[index]))
                    .map(|(index, s)| ListedSentence {
                        index,
                        id: s.id.clone(),
                        text: s.text.clone(),
                        passage: s.passage,
                        // The text the report was checked against (the
                        // source box may be ahead of it while a long
                        // source is analysed).
                        best: (best.as_deref() == Some(&*s.id)).then(|| {
                            checked.with_document(|d| {
                                marked_runs(
                                    &d.text,
                                    s.byte_start,
                                    s.byte_end,
                                    focused,
                                    MarkSide::Source,
                                )
                            })
                        }),
                    })
                    .collect(),
                unlisted: report.sources.len().saturating_sub(MAX_LISTED_SENTENCES),
                many_passages: report.passages > 1,
                passage_names: report.passage_names.clone(),
            }
        })
    });
    let rows = move || {
        let Listed {
            sentences,
            unlisted,
            many_passages,
            passage_names,
        } = listed.get();
        let mut rows = Vec::with_capacity(sentences.len() + 2);
        let mut passage = 0;
        let mut noted = false;
        for s in sentences {
            if s.index >= MAX_LISTED_SENTENCES && !noted {
                rows.push(Row::Unlisted(unlisted));
                noted = true;
            }
            if many_passages && s.passage != passage {
                passage = s.passage;
                // As citations name it: by its label's number, if it has one.
                let name = passage_names.as_ref().map_or(Some(passage), |n| {
                    n.get(passage - 1).copied().filter(|&n| n > 0)
                });
                rows.push(Row::Head(
                    passage,
                    name.map_or_else(
                        || "Before the first label".to_string(),
                        |n| format!("Passage {n}"),
                    ),
                ));
            }
            rows.push(Row::Sentence(s));
        }
        if unlisted > 0 && !noted {
            rows.push(Row::Unlisted(unlisted));
        }
        rows
    };
    // One handler for every listed sentence: a click shows it in the box.
    // (A handler per row would be detached and attached again for every
    // row each time the list changes: 2 ms a keystroke for 500 rows.)
    let edit_clicked = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(row) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-source]").ok().flatten())
        else {
            return;
        };
        let Some(id) = row.get_attribute("data-source") else {
            return;
        };
        // The sentence as the row shows it: an edit may have changed the
        // report before the list is drawn again, and a click acts on what
        // was clicked or not at all.
        let shown = row
            .query_selector(".stext")
            .ok()
            .flatten()
            .and_then(|t| t.text_content());
        // Where it is now, if it still reads as shown.
        let clicked = lab.checked.with_untracked(|checked| {
            checked
                .report
                .sources
                .iter()
                .find(|s| *s.id == *id && shown.as_deref() == Some(&*s.text))
                .map(|s| ((s.byte_start, s.byte_end), s.text.to_string()))
        });
        if let Some((span, text)) = clicked {
            source_box.edit_at(span, &text);
        }
    };
    // Where the box's window is, for the bar above a long source's box.
    let window_note = move || {
        let len = lab.source.with(String::len);
        let w = source_box.window.get();
        // A window of a long source, or all of it ("Edit all at once").
        let whole = w.len() == len && len > WINDOWED_ABOVE_BYTES;
        (w.len() < len || whole).then(|| {
            let kb = |b: usize| (b as f64 / 1024.0).round() as u64;
            let selected_all = source_box.all_selected.get();
            let read_only = lab.read_only.get();
            let rest = if read_only {
                "(a box holding it all is slow to scroll). Every sentence below is checked: click one to show it here."
            } else {
                "(a box holding it all is slow to type in). Every sentence below is checked: click one to edit it here."
            };
            let note = if selected_all {
                format!(
                    "All {} KB of the source is selected: {} An arrow key, a click or Escape ends this.",
                    kb(len),
                    if read_only {
                        "Copy copies all of it."
                    } else {
                        "what you type or paste, Delete and Cut replace all of it, and Copy copies all of it."
                    },
                )
            } else if whole {
                format!(
                    "The box holds all {} KB of the source ({}). Every sentence below is checked.",
                    kb(len),
                    if read_only { "slow to scroll" } else { "slow to type in" },
                )
            } else if w.is_empty() {
                format!(
                    "The box holds the empty place at {} KB of this {} KB source {rest}",
                    kb(w.start), kb(len),
                )
            } else {
                format!(
                    "The box holds {}–{} KB of this {} KB source {rest}",
                    kb(w.start), kb(w.end).max(kb(w.start) + 1).min(kb(len)), kb(len),
                )
            };
            view! {
                <div id="source-window" class="source-window" role="group" aria-label="The part of the long source in the box">
                    <span class="note" class:selected-all=selected_all data-start=w.start data-end=w.end>{note}</span>
                    {(!whole).then(|| view! {
                        <button id="source-earlier" type="button" disabled=w.start == 0 on:click=move |_| source_box.step(Step::Earlier)>"◀ Earlier"</button>
                        <button id="source-later" type="button" disabled=w.end == len on:click=move |_| source_box.step(Step::Later)>"Later ▶"</button>
                        <button id="source-all" type="button" on:click=move |_| source_box.step(Step::All)>{if read_only { "Show all at once" } else { "Edit all at once" }}</button>
                    })}
                    {whole.then(|| view! {
                        <button id="source-part" type="button" on:click=move |_| source_box.step(Step::Part)>"Show a part at a time"</button>
                    })}
                </div>
            }
        })
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = ev.target().unwrap().unchecked_into();
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        // A read-only lab shows its source; it does not take another.
        if lab.read_only.get_untracked() {
            return;
        }
        let name = file.name();
        if FileKind::from_name(&name).is_none() {
            lab.file_message.set(Some((
                false,
                format!("Cannot open {name}: choose a .txt, .md or .vtt file."),
            )));
            return;
        }
        if file.size() > MAX_FILE_BYTES {
            lab.file_message.set(Some((
                false,
                format!(
                    "Cannot open {name}: it is {:.1} MB; the limit is 4 MB.",
                    // Rounded up: a file just over the limit never reads "4.0".
                    Decimal((file.size() / 104857.6).ceil() / 10.0)
                ),
            )));
            return;
        }
        leptos::task::spawn_local(async move {
            let buffer = match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                Ok(b) => js_sys::Uint8Array::new(&b).to_vec(),
                Err(_) => {
                    lab.file_message.set(Some((
                        false,
                        format!("Cannot read {name}: the browser refused to read it."),
                    )));
                    return;
                }
            };
            if import::looks_utf16(&buffer) {
                lab.file_message.set(Some((
                    false,
                    format!("Cannot open {name}: it is UTF-16 text; save it as UTF-8."),
                )));
                return;
            }
            match String::from_utf8(buffer) {
                Ok(text) => {
                    // As the CLI reads the same file: a transcript or
                    // Markdown as numbered passages, other text as it is.
                    let (source, passages) =
                        import::opened_source(&name, text, import::PASSAGE_CHARS);
                    let source = as_a_text_box_holds(source);
                    if source.trim().is_empty() {
                        lab.file_message.set(Some((
                            false,
                            format!("{name} holds no text to check against."),
                        )));
                        return;
                    }
                    // Numbered passages (each may hold several paragraphs;
                    // a line of the file's own that opens with `[N]` is
                    // not counted, though the checks read it as a label).
                    let how = match passages {
                        Some(1) => " as 1 passage".to_string(),
                        Some(n) => format!(" as {n} passages"),
                        None => String::new(),
                    };
                    // One step to undo: Ctrl+Z in the box brings back the
                    // source the file replaced.
                    source_box.replace_all(source);
                    lab.file_message
                        .set(Some((true, format!("Opened {name}{how}{UNDO_OPENING}"))));
                    lab.forget_example();
                }
                Err(e) => lab.file_message.set(Some((
                    false,
                    format!(
                        "Cannot open {name}: it is not UTF-8 text (invalid byte at offset {}).",
                        e.utf8_error().valid_up_to()
                    ),
                ))),
            }
        });
    };
    view! {
        <section class="panel source" aria-labelledby="source-title" class:hidden=lab.is_hidden("source")>
            <header class="panel-head">
                <h2 id="source-title">"Source"</h2>
                <label class="file-button">
                    "Open a file…"
                    <input id="open-source" type="file" accept=".txt,.md,.vtt,text/plain,text/markdown,text/vtt" disabled=move || lab.read_only.get() on:change=on_file/>
                </label>
            </header>
            <label class="visually-hidden" for="source">"Source text"</label>
            <textarea
                id="source"
                spellcheck="false"
                readonly=move || lab.read_only.get()
                rows="6"
                node_ref=source_box.el
                on:keydown=move |ev| source_box.key_down(&ev)
                on:mousedown=move |_| { lab.typing.flush(); source_box.all_selected.set(false) }
                on:blur=move |_| { lab.typing.flush(); source_box.all_selected.set(false) }
                on:beforeinput=move |ev| source_box.before_input(&ev)
                on:copy=move |ev| source_box.clipboard(&ev, false)
                on:cut=move |ev| source_box.clipboard(&ev, true)
                on:paste=move |ev| source_box.paste(&ev)
                on:input=move |ev| lab.apply_typed("source", move || source_box.typed(&ev))
            ></textarea>
            {window_note}
            {move || lab.analysing.get().map(|share| view! {
                <p id="source-status" class="note" role="status">{format!("Analysing the long source: {:.0}% done. The checks use the previous source until then.", Decimal(share * 100.0))}</p>
            })}
            {move || lab.file_message.get().map(|(ok, msg)| view! {
                <p id="file-message" class=if ok { "note good" } else { "note bad" } role="status">{msg}</p>
            })}
            <ol class="sentences" class:stale=move || lab.analysing.get().is_some() aria-label="Source sentences" data-analysed-bytes=move || lab.checked.with(|c| c.analysed_bytes())
                on:click=edit_clicked><For each=rows key=|row| row.clone() children=Row::view/></ol>
            {move || lab.checked.with(|c| c.report.sources.is_empty()).then(|| view! {
                <p class="empty">"No source: claims can only be checked against sampled answers."</p>
            })}
        </section>
    }
}

/// One piece of the answer's reading view: a claim with the text before it
/// (since the claim before), or the text after the last claim. It holds
/// what it draws and no offsets, so that typing in one claim leaves every
/// other piece equal and the keyed list keeps it. Nor its claim's id: the
/// n-th piece is the n-th claim's, and reads its id by its place
/// ([`super::widgets::claim_ids`]), so that a claim begun in the middle of
/// the answer leaves the pieces after it as they are.
#[derive(Clone, PartialEq, Eq, Hash)]
enum AnswerPiece {
    Claim {
        /// How many pieces before it draw the same (keys are distinct).
        repeat: usize,
        /// The answer's text between the claim before and this one.
        before: String,
        /// The verdict's name, or `pending` until the replay reveals it.
        verdict: &'static str,
        focused: bool,
        /// The claim's text, cut at its marks when it is in focus.
        runs: Vec<MarkedRun>,
    },
    /// The answer's text after its last claim.
    Rest(String),
}

impl AnswerPiece {
    fn all(
        answer: &str,
        report: &Report,
        focus: Option<&str>,
        revealed: &crate::trace::Revealed,
    ) -> Vec<AnswerPiece> {
        let mut out = Vec::with_capacity(report.claims.len() + 1);
        let mut at = 0;
        for c in &report.claims {
            // The report is of this answer (the lab checks the answer it
            // holds); a claim that does not fit it draws as plain text.
            let before = answer.get(at..c.byte_start).unwrap_or_default().to_string();
            let focused = focus == Some(c.id.as_str());
            let runs = if focused && answer.get(c.byte_start..c.byte_end).is_some() {
                marked_runs(answer, c.byte_start, c.byte_end, Some(c), MarkSide::Answer)
            } else {
                vec![MarkedRun {
                    text: c.text.clone(),
                    classes: String::new(),
                }]
            };
            out.push(AnswerPiece::Claim {
                repeat: 0,
                before,
                verdict: if revealed.claim(&c.id) {
                    c.verdict.name()
                } else {
                    "pending"
                },
                focused,
                runs,
            });
            at = at.max(c.byte_end);
        }
        if let Some(rest) = answer.get(at..).filter(|r| !r.is_empty()) {
            out.push(AnswerPiece::Rest(rest.to_string()));
        }
        let counts = repeats(&out);
        for (piece, count) in out.iter_mut().zip(counts) {
            if let AnswerPiece::Claim { repeat, .. } = piece {
                *repeat = count;
            }
        }
        out
    }

    fn view(self, lab: Lab, id: Memo<String>) -> AnyView {
        match self {
            AnswerPiece::Claim {
                repeat: _,
                before,
                verdict,
                focused,
                runs,
            } => {
                view! {
                    {before}
                    <span class=format!("claim verdict-{verdict}") class:focused=focused data-claim=move || id.get()
                        on:mouseenter=move |_| lab.focus.set(Some(id.get_untracked()))>
                        <sup class="cid">{move || id.get()}</sup>
                        {render_runs(runs)}
                    </span>
                }
                .into_any()
            }
            AnswerPiece::Rest(rest) => rest.into_any(),
        }
    }
}

#[component]
pub fn AnswerPanel(lab: Lab) -> impl IntoView {
    let undo = PlainUndo::new(lab.read_only);
    let question_undo = PlainUndo::new(lab.read_only);
    // The answer's pieces, keyed by what they show (no offsets): a
    // keystroke redraws the claim it changed, not the hundred around it.
    let claim_ids = claim_ids(lab);
    let pieces = move || {
        let focus = lab.focus.get();
        let revealed = lab.revealed.get();
        lab.answer.with(|answer| {
            lab.checked.with(|checked| {
                AnswerPiece::all(answer, &checked.report, focus.as_deref(), &revealed)
            })
        })
    };
    view! {
        <section class="panel answer" aria-labelledby="answer-title" class:hidden=lab.is_hidden("answer")>
            <header class="panel-head">
                <h2 id="answer-title">"Answer"</h2>
                <span class="hint" class:hidden=move || lab.read_only.get()>"Edit it: every keystroke re-checks."</span>
            </header>
            <label class="question-label" for="question">"Question"</label>
            <input
                id="question"
                type="text"
                placeholder="The question the answer replies to (for drift and repair)"
                readonly=move || lab.read_only.get()
                prop:value=move || lab.question.get()
                on:keydown=move |ev| {
                    lab.typing.flush();
                    if let Some(text) = lab.question.with_untracked(|q| question_undo.key_down(&ev, q)) {
                        lab.question.set(text);
                    }
                }
                on:beforeinput=move |ev| {
                    lab.typing.flush();
                    if let Some(text) = lab.question.with_untracked(|q| question_undo.before_input(&ev, q)) {
                        lab.question.set(text);
                    }
                }
                on:input=move |ev| lab.apply_typed("question", move || {
                    let text = event_target_value(&ev);
                    lab.question.with_untracked(|q| question_undo.input(&ev, q, &text));
                    lab.question.set(text);
                })
            />
            <label class="visually-hidden" for="answer">"Answer text"</label>
            <textarea
                id="answer"
                spellcheck="false"
                readonly=move || lab.read_only.get()
                rows="5"
                prop:value=move || lab.answer.get()
                on:keydown=move |ev| {
                    lab.typing.flush();
                    if let Some(text) = lab.answer.with_untracked(|a| undo.key_down(&ev, a)) {
                        lab.answer.set(text);
                        lab.edited();
                    }
                }
                on:beforeinput=move |ev| {
                    lab.typing.flush();
                    if let Some(text) = lab.answer.with_untracked(|a| undo.before_input(&ev, a)) {
                        lab.answer.set(text);
                        lab.edited();
                    }
                }
                on:input=move |ev| lab.apply_typed("answer", move || {
                    let text = event_target_value(&ev);
                    lab.answer.with_untracked(|a| undo.input(&ev, a, &text));
                    let caret = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                        .and_then(|t| t.selection_start().ok().flatten());
                    lab.typing_in_word.set_value(caret.is_some_and(|at| crate::text::scan::caret_in_word(&text, at as usize)));
                    lab.answer.set(text);
                    lab.edited();
                })
            ></textarea>
            <p class="answer-view" aria-label="Answer split into claims"><ForEnumerate each=pieces key=|piece| piece.clone() children=move |at, piece| piece.view(lab, claim_ids.at(at))/></p>
        </section>
    }
}
