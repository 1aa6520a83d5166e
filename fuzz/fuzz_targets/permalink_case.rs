//! The `permalink` fuzz target's case, shared with the ordinary test suite
//! (`tests/fuzz_regressions.rs` replays the seeds through it): see
//! `permalink.rs` for what is asserted.

use claimlab::lab_state::LabState;
use claimlab::permalink::{decode, encode, from_text, open, parse_fragment, to_text};

fn round_trip(state: &LabState, what: &str) {
    let link = encode(state);
    let fragment = parse_fragment(&link);
    let data = fragment
        .state
        .unwrap_or_else(|| panic!("{what}: encode gave no s= value: {link:?}"));
    let back = decode(data)
        .unwrap_or_else(|e| panic!("{what}: re-encoded state does not decode ({e}): {state:?}"));
    assert_eq!(
        &back.state, state,
        "{what}: state changed in the round trip"
    );
    assert!(
        back.problems.is_empty(),
        "{what}: re-encoded state has problems {:?}: {state:?}",
        back.problems
    );
    assert_eq!(fragment.hide, state.hidden, "{what}: hide= differs");
    // The plain text form alone must round-trip too.
    let text = to_text(state);
    let again = from_text(&text).unwrap_or_else(|e| panic!("{what}: to_text unreadable ({e})"));
    assert_eq!(
        &again.state, state,
        "{what}: to_text/from_text changed the state"
    );
}

/// Read one fuzz input every way the lab reads a link, asserting round trips.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);

    // As the lab opens a link.
    let fragment = parse_fragment(&text);
    let decoded = fragment.state.map(decode);
    if let Some(Ok(d)) = &decoded {
        round_trip(&d.state, "fragment s=");
    }
    let opening = open(&fragment, decoded);
    round_trip(&opening.state, "open");

    // As an s= value.
    if let Ok(d) = decode(&text) {
        round_trip(&d.state, "decode");
    }

    // As a state's inflated text.
    if let Ok(d) = from_text(&text) {
        round_trip(&d.state, "from_text");
    }
}
