//! The terminal game driven through its key-handling layer: keys and clicks go into
//! `App::handle`, the screen is read back as text. No terminal is needed.

mod driver;

mod computer;
mod files;
mod forbidden;
mod hint;
mod opening;
mod screen_layout;
mod undo_redo;
mod whole_game;
