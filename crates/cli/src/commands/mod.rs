pub mod forbidden;
pub mod play;
pub mod show;
