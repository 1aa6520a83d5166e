//! One module per check. Each says what it catches, what it misses and its
//! defaults, and keeps its tests beside it.

pub mod citations;
pub mod confidence;
pub mod consistency;
pub mod entities;
pub mod negation;
pub mod numbers;
pub mod support;
