//! The Gomocup brain's state machine on arbitrary sequences of lines: it never panics,
//! every line gets at most its documented kind of answer, and a search request is
//! answered with a legal move of the position it was asked about.
#![no_main]

#[path = "../checks/protocol.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::check(data));
