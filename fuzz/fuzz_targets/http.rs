//! The web server on arbitrary JSON bodies: never a 5xx, always JSON errors.
#![no_main]

#[path = "../checks/http.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::check(data));
