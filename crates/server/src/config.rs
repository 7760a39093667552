//! How the server is started: where it listens, where games are kept, how much the
//! computer may search, and how much one client may hold.

use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Address to listen on; only this machine unless asked otherwise.
    pub host: String,
    /// 0 picks a free port (tests).
    pub port: u16,
    /// Folder of the SQLite database; created when missing.
    pub data_dir: PathBuf,
    /// Searches running at once over all games; one per core by default. When it is 2 or
    /// more, long searches (high levels, hints, analysis) leave one slot to quick ones.
    pub max_searches: usize,
    /// The longest a computer move may take (levels bound it further).
    pub move_time: Duration,
    /// Node budget of a hint.
    pub hint_nodes: u64,
    /// The longest an "analyse this position" search runs unless stopped.
    pub analysis_time: Duration,
    /// Transposition table of one search, in MB.
    pub hash_mb: usize,
    /// Largest request body accepted (an imported record included).
    pub max_body_bytes: usize,
    /// Largest record (PSQ, SGF, move string) accepted on import; fits in the body cap.
    pub max_record_bytes: usize,
    /// Games one client (IP address) started since the server started and that are
    /// still in play; one more is refused with 429 until one ends or is deleted.
    pub max_games_per_client: usize,
    /// WebSockets one client (IP address) may hold open at once.
    pub max_sockets_per_client: usize,
    /// Rate limits of online games' requests (per client and per seat).
    pub rates: crate::rate::Rates,
    /// The server's address as others reach it (`https://five.example.org`), for the
    /// invitation links; without it the page uses the address it was opened at.
    pub public_url: Option<String>,
    /// Behind a reverse proxy: the client's address is the last of `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// On a server others can reach, let them reach this machine's own games too (games
    /// against the computer and on one device: listed, opened and changed by number).
    /// Off by default: those games stay private to the machine the server runs on.
    pub open_local_games: bool,
}

impl ServerConfig {
    pub fn new(data_dir: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            host: "127.0.0.1".to_string(),
            port: 8080,
            data_dir: data_dir.into(),
            max_searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
            move_time: Duration::from_secs(10),
            hint_nodes: 300_000,
            analysis_time: Duration::from_secs(60),
            hash_mb: 16,
            max_body_bytes: 256 * 1024,
            max_record_bytes: 128 * 1024,
            max_games_per_client: 100,
            max_sockets_per_client: 64,
            rates: crate::rate::Rates::default(),
            public_url: None,
            trust_proxy: false,
            open_local_games: false,
        }
    }

    /// Whether others may reach the server: it listens beyond this machine, runs behind a
    /// proxy, or has a public address.
    pub fn exposed(&self) -> bool {
        let loopback = matches!(self.host.as_str(), "127.0.0.1" | "::1" | "localhost")
            || self
                .host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        !loopback || self.trust_proxy || self.public_url.is_some()
    }

    /// Whether a client at `ip` may use this machine's own games (see `open_local_games`).
    pub fn local_games_for(&self, ip: std::net::IpAddr) -> bool {
        !self.exposed() || self.open_local_games || ip.is_loopback()
    }
}
