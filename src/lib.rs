//! ClaimLab's checker core: split an answer into claims, find each claim's
//! best supporting source sentence, check numbers, citations, negations,
//! invented entities, confidence and self-consistency, decide, repair, and
//! record every step in a trace.
//!
//! Pure Rust with no web dependency: the browser lab (`src/app`, wasm only)
//! and the native CLI (`src/cli`) are thin front ends over [`check`].
//!
//! ```
//! use claimlab::{check_text, Config, Verdict};
//! let report = check_text(
//!     "The main span is 410 metres long.",
//!     "The main span is 460 metres long.",
//!     &Config::default(),
//! );
//! assert_eq!(report.claims[0].verdict, Verdict::Contradicted);
//! assert_eq!(report.claims[0].support, 0.8);
//! ```

pub mod checks;
pub mod claim_ids;
pub mod compact;
pub mod config;
pub mod drift;
pub mod eval;
pub mod examples;
pub mod lab_state;
pub mod lessons;
pub mod model;
pub mod named;
pub mod order;
// Reports as the CLI and the Python package write them (native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod output;
pub mod permalink;
pub mod pin;
pub mod pipeline;
pub mod repair;
pub mod report;
pub mod scoring;
pub mod sentence_ids;
pub mod text;
pub mod trace;
pub mod verdict;

pub use config::{AnswerScoring, Config, ConsistencyScoring, Policy, Preset};
pub use pipeline::{check, check_text, CheckInput};
pub use report::{ClaimReport, Decision, Report, Verdict};
pub use text::Document;

#[cfg(target_arch = "wasm32")]
pub mod app;
