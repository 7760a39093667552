//! FiveInRow's Gomocup protocol: the brain (`fiveinrow gomocup`, with the Yixin-Board
//! extensions) and the manager side that drives any Gomocup engine, used by the match
//! runner. See `docs/PROTOCOL.md` of the shared docs.

#![forbid(unsafe_code)]

pub mod brain;
pub mod command;
pub mod error;
pub mod manager;
pub mod matches;
pub mod session;
pub mod swap2;

pub use error::ProtocolError;
