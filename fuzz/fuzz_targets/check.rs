//! Fuzz the check: any source, answer, question and samples, under the
//! default config and each preset. Besides "no panic", every claim's offsets
//! must lie on char boundaries of the answer, in increasing, non-overlapping
//! order, and every verdict must come with a non-empty reason.
//!
//! Input layout (after lossy UTF-8 decoding): the first char picks the
//! config (and whether `check_text` also runs); the rest is split on U+0001
//! into source, answer, question, and up to 3 samples.
#![no_main]

mod check_case;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_case::run(data));
