//! Random move sequences (including refused ones) on every rule: a refused move leaves
//! the game identical; the incremental hash equals one from scratch; the engine's
//! pattern board agrees with the rules core on legality and equals its own rebuild.
#![no_main]

#[path = "../checks/rules.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::check(data));
