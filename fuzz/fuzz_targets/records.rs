//! Record parsers on arbitrary text: move strings, x,y lists, PSQ and SGF never panic;
//! what they accept replays or fails with an error, and what they write reads back.
#![no_main]

#[path = "../checks/records.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::check(data));
