//! The alpha-beta search. `root` picks the root moves and runs the threat pre-search;
//! `deepen` is the iterative-deepening loop of the main thread and its helpers (woken
//! through `gate`); `worker` is one thread's principal variation search (its move
//! ordering in `worker::order`, its quiescence in `worker::quiesce`); `movegen` holds the
//! forced-move rules every node follows; `tt` is the shared transposition table;
//! `verify` checks the chosen move with the opponent's own search after it;
//! `correction` adjusts the static evaluation by the errors the search saw; `learned`
//! keeps a thread's ordering and correction tables for the game's next search.

pub(crate) mod correction;
pub(crate) mod deepen;
pub(crate) mod gate;
pub(crate) mod learned;
pub(crate) mod movegen;
pub(crate) mod root;
pub(crate) mod tt;
pub(crate) mod verify;
pub(crate) mod worker;
