//! FiveInRow's Gomocup protocol: the brain (`fiveinrow gomocup`, with the Yixin-Board
//! extensions) and the manager side that drives any Gomocup engine, used by the match
//! runner. What the brain answers, the INFO keys and time rules it honours, and how the
//! manager judges an engine are described in the repository's `docs/PROTOCOL.md`.

#![forbid(unsafe_code)]

pub mod brain;
pub mod command;
pub mod error;
pub mod manager;
pub mod matches;
pub mod session;
pub mod swap2;

pub use error::ProtocolError;
