//! Zobrist keys: one random 64-bit key per (colour, padded cell), and one for the side to
//! move. Generated at compile time from a fixed seed, so hashes are equal on every run
//! and machine.

use crate::layout::CELLS;
use crate::types::Color;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    let mut state = 0x5EED_F1FE_1B0A_u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// Key of a stone of colour index `c` on padded cell `i`.
pub(crate) static STONE_KEYS: [[u64; CELLS]; 2] = make_keys();

/// XORed into a game's hash when white is to move.
const SIDE_KEY: u64 = splitmix64(0xC0FF_EE00_5EED).1;

/// The part of a position's hash that says who is to move (the game's hash and the
/// engine's incremental one must agree on it).
#[inline]
pub const fn side_key(to_move: Color) -> u64 {
    match to_move {
        Color::Black => 0,
        Color::White => SIDE_KEY,
    }
}
