//! Fuzz permalink decoding: the input (lossy UTF-8) is read as a URL
//! fragment (`parse_fragment`, then `open` with its `s=` value decoded, as
//! the lab does), as an `s=` value (`decode`) and as a state's text
//! (`from_text`). None may panic, and any state that decodes (or that
//! `open` settles on, presets and single settings applied) must survive
//! a round trip: encoded again (`encode`) and decoded, it gives the same
//! state with no problems.
#![no_main]

mod permalink_case;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| permalink_case::run(data));
