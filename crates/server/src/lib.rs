//! FiveInRow's web app: a JSON API and one WebSocket per game over axum, games saved in
//! SQLite after every move, and the page (`web/`) embedded in the binary.
//!
//! Every move, the computer's included, goes through the rules core's `Game::play`; a
//! refused move answers with the core's `MoveError`. Searches run on blocking threads,
//! one per game and no more than [`ServerConfig::max_searches`] at once; each client
//! (IP address) may hold a bounded number of games in play and of WebSockets.
//!
//! ```no_run
//! # async fn start() -> Result<(), fiveinrow_server::ServerError> {
//! use fiveinrow_server::{Server, ServerConfig};
//! let server = Server::bind(ServerConfig::new("data")).await?;
//! println!("{}", server.url());
//! server.run(async { let _ = tokio::signal::ctrl_c().await; }).await
//! # }
//! ```

#![forbid(unsafe_code)]

mod actions;
mod api;
mod app;
mod assets;
mod clients;
mod computer;
mod config;
mod demos;
mod error;
mod live;
mod model;
mod online;
mod rate;
mod records;
mod reviews;
mod server;
mod slots;
mod store;
mod view;
mod wire;

pub use config::ServerConfig;
pub use error::{ApiError, StoreError};
pub use rate::{Limit, Rates};
pub use server::{Server, ServerError};
pub use store::DB_FILE;
