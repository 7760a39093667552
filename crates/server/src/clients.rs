//! What each client (an IP address) holds: the games it started that are still in play,
//! and its open WebSockets. Both are capped ([`crate::ServerConfig`]) so that one client
//! cannot fill the server's memory, its search queue or its file descriptors.
//!
//! Games are owned from creation until they end or are deleted; games loaded from the
//! store after a restart belong to no one. A finished game taken back by undo does not
//! count again: ownership is only checked, lazily, when the client starts a new game.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::ApiError;

#[derive(Debug, Default)]
struct Holdings {
    /// Games started and not yet seen over or deleted.
    games: Vec<i64>,
    /// Games admitted but not yet saved (a create in progress).
    pending: usize,
    sockets: usize,
}

impl Holdings {
    fn is_empty(&self) -> bool {
        self.games.is_empty() && self.pending == 0 && self.sockets == 0
    }
}

#[derive(Debug, Default)]
pub struct Clients {
    held: Mutex<HashMap<IpAddr, Holdings>>,
}

/// A game being created for a client; [`GameTicket::bind`] records its id. Dropped
/// unbound (the creation failed), it gives the place back.
pub struct GameTicket {
    clients: Arc<Clients>,
    ip: IpAddr,
    bound: bool,
}

/// One open WebSocket of a client, counted until dropped.
pub struct SocketTicket {
    clients: Arc<Clients>,
    ip: IpAddr,
}

impl Clients {
    fn held(&self) -> MutexGuard<'_, HashMap<IpAddr, Holdings>> {
        // Counters only; a panic elsewhere leaves them usable.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits one more game for `ip` unless it already has `limit` in play.
    /// `in_play` says whether a game it started is still being played.
    pub fn admit_game(
        self: &Arc<Self>,
        ip: IpAddr,
        limit: usize,
        in_play: impl Fn(i64) -> bool,
    ) -> Result<GameTicket, ApiError> {
        let mut held = self.held();
        let h = held.entry(ip).or_default();
        h.games.retain(|&id| in_play(id));
        if h.games.len() + h.pending >= limit {
            let empty = h.is_empty();
            if empty {
                held.remove(&ip);
            }
            return Err(ApiError::TooManyGames { limit });
        }
        h.pending += 1;
        Ok(GameTicket {
            clients: self.clone(),
            ip,
            bound: false,
        })
    }

    /// Admits one more WebSocket for `ip` unless it already has `limit` open.
    pub fn admit_socket(
        self: &Arc<Self>,
        ip: IpAddr,
        limit: usize,
    ) -> Result<SocketTicket, ApiError> {
        let mut held = self.held();
        let h = held.entry(ip).or_default();
        if h.sockets >= limit {
            if h.is_empty() {
                held.remove(&ip);
            }
            return Err(ApiError::TooManySockets { limit });
        }
        h.sockets += 1;
        Ok(SocketTicket {
            clients: self.clone(),
            ip,
        })
    }

    /// WebSockets open now, over all clients.
    pub fn sockets_open(&self) -> usize {
        self.held().values().map(|h| h.sockets).sum()
    }

    /// Changes a client's holdings and forgets a client that holds nothing.
    fn update(&self, ip: IpAddr, change: impl FnOnce(&mut Holdings)) {
        let mut held = self.held();
        if let Some(h) = held.get_mut(&ip) {
            change(h);
            if h.is_empty() {
                held.remove(&ip);
            }
        }
    }
}

impl GameTicket {
    /// The game was saved as `id`: it counts until it ends or is deleted.
    pub fn bind(mut self, id: i64) {
        self.bound = true;
        self.clients.update(self.ip, |h| {
            h.pending = h.pending.saturating_sub(1);
            h.games.push(id);
        });
    }
}

impl Drop for GameTicket {
    fn drop(&mut self) {
        if !self.bound {
            self.clients
                .update(self.ip, |h| h.pending = h.pending.saturating_sub(1));
        }
    }
}

impl Drop for SocketTicket {
    fn drop(&mut self) {
        self.clients
            .update(self.ip, |h| h.sockets = h.sockets.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn games_in_play_are_capped_per_client() {
        let clients = Arc::new(Clients::default());
        let over = std::cell::RefCell::new(Vec::new());
        let in_play = |id| !over.borrow().contains(&id);
        clients.admit_game(ip(1), 2, in_play).unwrap().bind(1);
        let pending = clients.admit_game(ip(1), 2, in_play).unwrap();
        // A create in progress holds its place.
        assert!(matches!(
            clients.admit_game(ip(1), 2, in_play),
            Err(ApiError::TooManyGames { limit: 2 })
        ));
        // Another client is not affected.
        clients.admit_game(ip(2), 2, in_play).unwrap().bind(3);
        // A failed create gives its place back; a finished game frees one.
        drop(pending);
        clients.admit_game(ip(1), 2, in_play).unwrap().bind(2);
        assert!(clients.admit_game(ip(1), 2, in_play).is_err());
        over.borrow_mut().push(1);
        assert!(clients.admit_game(ip(1), 2, in_play).is_ok());
    }

    #[test]
    fn sockets_are_capped_per_client_and_counted_until_closed() {
        let clients = Arc::new(Clients::default());
        let a = clients.admit_socket(ip(1), 2).unwrap();
        let b = clients.admit_socket(ip(1), 2).unwrap();
        assert!(matches!(
            clients.admit_socket(ip(1), 2),
            Err(ApiError::TooManySockets { limit: 2 })
        ));
        let c = clients.admit_socket(ip(2), 2).unwrap();
        assert_eq!(clients.sockets_open(), 3);
        drop(a);
        let d = clients.admit_socket(ip(1), 2).unwrap();
        drop((b, c, d));
        assert_eq!(clients.sockets_open(), 0);
        // Nothing is kept about clients that hold nothing.
        assert!(clients.held().is_empty());
    }
}
