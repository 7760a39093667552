pub mod analyze;
pub mod bench;
pub mod fake_brain;
pub mod forbidden;
pub mod matches;
pub mod play;
pub mod show;
pub mod solve;
