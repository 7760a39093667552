pub mod analyze;
pub mod bench;
pub mod forbidden;
pub mod play;
pub mod show;
pub mod solve;
