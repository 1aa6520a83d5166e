//! A keystroke is drawn before it is checked.
//!
//! The browser shows a letter typed into a text box in the first frame
//! after the keystroke, unless the keystroke's own handlers hold the page.
//! When the lab applied an input at once (spliced it into its texts,
//! checked them, redrew the panels that changed), the letter waited for
//! all of it: with a 1 MB source and a 100-claim answer, keydown to the
//! next paint took p50 24–40 ms and p95 24–56 ms in Chromium's Event
//! Timing (BENCHMARKS.md, "A keystroke is drawn before it is checked");
//! now p95 16–24 ms.
//!
//! So a box's input is applied in the task after the next frame's paint
//! ([`Typing::after_paint`]): the letter shows at once and the verdicts
//! follow a frame later. Every input is applied; inputs into one box that
//! come faster than frames are applied once, as the box's latest text (its
//! handler reads the box, not the event's data). Any other handler of the
//! lab's text boxes (a key that may undo, a paste, a click on a sentence)
//! and a snapshot of the lab's state apply what waits first
//! ([`Typing::flush`]), so they work on what was typed. If no frame comes
//! (a hidden page draws none), the input is applied after [`LATEST_MS`].

use std::cell::{Cell, RefCell};
use std::time::Duration;

/// Longest an input waits for a frame, in milliseconds.
pub const LATEST_MS: u64 = 200;

/// An input waiting to be applied, and the box it came from.
type Waiting = (&'static str, Box<dyn FnOnce()>);

thread_local! {
    /// The inputs waiting, in the order typed.
    static WAITING: RefCell<Vec<Waiting>> = const { RefCell::new(Vec::new()) };
    /// Counts the waits begun: a timer applies only the wait it began.
    static WAIT: Cell<u64> = const { Cell::new(0) };
}

/// The page's inputs that wait for the next paint (one page, one queue).
#[derive(Clone, Copy, Default)]
pub struct Typing;

impl Typing {
    /// Apply `input`, typed into `box_id`, in the task after the next
    /// paint. An input of the same box still waiting is replaced (the new
    /// one reads the box's text, which holds both).
    pub fn after_paint(self, box_id: &'static str, input: impl FnOnce() + 'static) {
        let first = WAITING.with_borrow_mut(|waiting| {
            let first = waiting.is_empty();
            match waiting.iter_mut().find(|(id, _)| *id == box_id) {
                Some(slot) => slot.1 = Box::new(input),
                None => waiting.push((box_id, Box::new(input))),
            }
            first
        });
        if first {
            wait_for_paint();
        }
    }

    /// Apply every input still waiting, in the order typed.
    pub fn flush(self) {
        let waiting = WAITING.with_borrow_mut(std::mem::take);
        if waiting.is_empty() {
            return;
        }
        // What waited no longer has a timer of its own.
        WAIT.set(WAIT.get() + 1);
        for (_, input) in waiting {
            input();
        }
    }

    /// Is an input waiting?
    pub fn is_waiting(self) -> bool {
        WAITING.with_borrow(|w| !w.is_empty())
    }
}

/// Apply what waits in the task after the next paint, or after
/// [`LATEST_MS`] if no frame comes first.
fn wait_for_paint() {
    let wait = WAIT.get() + 1;
    WAIT.set(wait);
    let apply = move || {
        if WAIT.get() == wait {
            Typing.flush();
        }
    };
    // The frame's callbacks run before its paint; a task queued from them
    // runs after it.
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(apply, Duration::ZERO)
    });
    leptos::prelude::set_timeout(apply, Duration::from_millis(LATEST_MS));
}
