//! The server's shared state: settings, the store, the games in play, the cap on
//! searches running at once, and the shutdown signal.

use std::sync::Arc;

use serde_json::json;
use tokio::sync::{watch, Semaphore};

use crate::computer;
use crate::config::ServerConfig;
use crate::error::{ApiError, StoreError};
use crate::live::{LiveGame, LiveGames, LiveState};
use crate::model::now_ms;
use crate::store::Store;

pub struct App {
    pub config: ServerConfig,
    pub store: Store,
    pub live: LiveGames,
    /// One permit per search allowed to run at once, over all games.
    pub searches: Arc<Semaphore>,
    /// Becomes true when the server stops; sockets and searches end.
    pub shutdown: watch::Sender<bool>,
}

impl App {
    pub fn new(config: ServerConfig, store: Store) -> App {
        let permits = config.max_searches.max(1);
        App {
            config,
            store,
            live: LiveGames::default(),
            searches: Arc::new(Semaphore::new(permits)),
            shutdown: watch::channel(false).0,
        }
    }

    /// A game by the id in a URL, loaded from the store on first use.
    pub fn game(&self, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        let unknown = || ApiError::UnknownGame(id.chars().take(40).collect());
        let n: i64 = id.parse().map_err(|_| unknown())?;
        if let Some(g) = self.live.get(n) {
            return Ok(g);
        }
        let entry = self.store.load(n)?.ok_or_else(unknown)?;
        Ok(self.live.insert(n, LiveGame::new(entry)))
    }

    /// After a change of position or result: save it, tell the sockets, and start the
    /// computer if it is to move now.
    pub fn commit(
        self: &Arc<Self>,
        live: &Arc<LiveGame>,
        st: &mut LiveState,
    ) -> Result<(), StoreError> {
        // Strictly increasing, so the page can drop a state older than one it has.
        st.entry.updated_at = now_ms().max(st.entry.updated_at + 1);
        self.store.save(&st.entry)?;
        self.announce(live, st);
        Ok(())
    }

    /// Sends the state (and the end of the game) and starts the computer when due.
    pub fn announce(self: &Arc<Self>, live: &Arc<LiveGame>, st: &mut LiveState) {
        if st.entry.computer_to_move() && st.job.is_none() && !*self.shutdown.borrow() {
            computer::start_move(self, live, st);
        }
        live.send_state(st);
        if st.entry.is_over() {
            live.send(json!({
                "type": "end",
                "result": st.entry.result(),
                "winner": st.entry.winner().map(|c| c.name()),
                "resigned": st.entry.resigned.map(|c| c.name()),
            }));
        }
    }

    /// Stops every search and tells sockets to close.
    pub fn stop_all(&self) {
        let _ = self.shutdown.send(true);
        for g in self.live.all() {
            g.lock().cancel_job();
        }
    }
}
