//! The server's shared state: settings, the store, the games in play, the cap on
//! searches running at once, what each client holds, and the shutdown signal.

use std::net::IpAddr;
use std::sync::Arc;

use tokio::sync::watch;

use crate::clients::{Clients, GameTicket};
use crate::computer;
use crate::config::ServerConfig;
use crate::error::{ApiError, StoreError};
use crate::live::{LiveGame, LiveGames, LiveState};
use crate::model::now_ms;
use crate::rate::{Kind, RateLimiter};
use crate::slots::SearchSlots;
use crate::store::Store;
use crate::wire::{Event, Stats};

pub struct App {
    pub config: ServerConfig,
    pub store: Store,
    pub live: LiveGames,
    /// The searches allowed to run at once, over all games.
    pub searches: Arc<SearchSlots>,
    /// Games in play and sockets of each client, for the per-client limits.
    pub clients: Arc<Clients>,
    /// Becomes true when the server stops; sockets and searches end.
    pub shutdown: watch::Sender<bool>,
    /// The rate limits' buckets.
    pub rates: RateLimiter,
}

impl App {
    pub fn new(config: ServerConfig, store: Store) -> App {
        App {
            searches: Arc::new(SearchSlots::new(config.max_searches)),
            clients: Arc::default(),
            config,
            store,
            live: LiveGames::default(),
            shutdown: watch::channel(false).0,
            rates: RateLimiter::default(),
        }
    }

    /// A game by the id in a URL, loaded from the store on first use. A game loaded with
    /// the computer to move (the server stopped or crashed while it was thinking) gets
    /// its search again: a saved game never waits for a move nobody is searching.
    /// Online games are not reached by number: to this API they do not exist.
    pub fn game(self: &Arc<Self>, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        let unknown = || ApiError::UnknownGame(id.chars().take(40).collect());
        let n: i64 = id.parse().map_err(|_| unknown())?;
        let live = self.load_number(n)?.ok_or_else(unknown)?;
        if live.lock().entry.online.is_some() {
            return Err(unknown());
        }
        Ok(live)
    }

    /// An online game by the public id of its link.
    pub fn online_game(self: &Arc<Self>, public_id: &str) -> Result<Arc<LiveGame>, ApiError> {
        let unknown = || ApiError::UnknownGame(public_id.chars().take(40).collect());
        if !crate::online::tokens::well_formed(public_id) {
            return Err(unknown());
        }
        let n = self.store.find_online(public_id)?.ok_or_else(unknown)?;
        self.load_number(n)?.ok_or_else(unknown)
    }

    /// A game by its number, loaded from the store on first use; `None` if there is none.
    pub fn load_number(self: &Arc<Self>, n: i64) -> Result<Option<Arc<LiveGame>>, ApiError> {
        if let Some(g) = self.live.get(n) {
            return Ok(Some(g));
        }
        let Some(entry) = self.store.load(n)? else {
            return Ok(None);
        };
        let live = self.live.insert(n, LiveGame::new(entry));
        let mut st = live.lock();
        if st.entry.computer_to_move() && st.job.is_none() && !*self.shutdown.borrow() {
            computer::start_move(self, &live, &mut st);
        }
        drop(st);
        Ok(Some(live))
    }

    /// One request of `kind` for `key` (a client address, a seat), or 429.
    pub fn rate(&self, kind: Kind, key: &str) -> Result<(), ApiError> {
        self.rates
            .take(&self.config.rates, kind, key, std::time::Instant::now())
    }

    /// A place for one more game started by `ip`, unless it has too many in play.
    pub fn admit_game(&self, ip: IpAddr) -> Result<GameTicket, ApiError> {
        let in_play = |id| self.live.get(id).is_some_and(|g| !g.lock().entry.is_over());
        self.clients
            .admit_game(ip, self.config.max_games_per_client, in_play)
    }

    /// Load figures for `GET /api/stats`: searches, games in memory, sockets.
    pub fn stats(&self) -> Stats {
        Stats {
            searches: self.searches.stats(),
            games_loaded: self.live.count(),
            sockets_open: self.clients.sockets_open(),
        }
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
        st.entry.keep_clock(now_ms());
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
            live.send(Event::End {
                result: st.entry.result(),
                winner: st.entry.winner().map(|c| c.name()),
                resigned: st.entry.resigned.map(|c| c.name()),
            });
        }
    }

    /// Stops every search and tells sockets to close.
    pub fn stop_all(&self) {
        let _ = self.shutdown.send(true);
        for g in self.live.all() {
            let mut st = g.lock();
            st.cancel_job();
            st.cancel_review();
        }
    }
}
