//! Helpers shared by the integration tests: the reference rules, the project data
//! directory and a driver for random legal games.
#![allow(dead_code)]

pub mod random_game;
pub mod reference;

pub use fiveinrow_testkit::{read_data, seeded};
