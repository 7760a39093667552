//! Rate limits for a server others can reach: a token bucket per kind of request and
//! key (a client's address, or one seat of one game). A bucket holds up to `burst`
//! requests and refills at `per_minute`; an empty one answers 429 with the seconds to
//! wait. Buckets that are full again are dropped, so idle clients cost no memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use crate::error::ApiError;

/// What is limited, each with its own buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Creating online games (and rematches), per client address.
    CreateGame,
    /// Taking a seat by a link, per client address.
    Join,
    /// Moves, decisions, offers and answers, per seat.
    Move,
    /// The same per client address (many people may share one: a school, a café).
    ClientMoves,
    /// Chat lines, per seat.
    Chat,
    /// Chat lines per client address.
    ClientChat,
    /// Opening an online game's WebSocket, per client address.
    Socket,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::CreateGame => "new online games",
            Kind::Join => "joins",
            Kind::Move | Kind::ClientMoves => "moves",
            Kind::Chat | Kind::ClientChat => "chat lines",
            Kind::Socket => "connections",
        }
    }
}

/// A limit: at most `burst` at once, refilled at `per_minute`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub burst: f64,
    pub per_minute: f64,
}

/// The limits of each kind (see `ServerConfig::rates`).
#[derive(Debug, Clone, PartialEq)]
pub struct Rates {
    pub create_game: Limit,
    pub join: Limit,
    pub moves: Limit,
    pub client_moves: Limit,
    pub chat: Limit,
    pub client_chat: Limit,
    pub socket: Limit,
}

impl Default for Rates {
    /// Generous for people, tight for scripts: a person makes a few games an hour, a
    /// move every few seconds in a blitz burst, a chat line now and then.
    fn default() -> Rates {
        let limit = |burst: f64, per_minute: f64| Limit { burst, per_minute };
        Rates {
            create_game: limit(10.0, 10.0),
            join: limit(30.0, 30.0),
            moves: limit(30.0, 120.0),
            client_moves: limit(300.0, 1200.0),
            chat: limit(5.0, 20.0),
            client_chat: limit(50.0, 200.0),
            socket: limit(30.0, 60.0),
        }
    }
}

impl Rates {
    /// No limit at all: for load tests and fuzzing, where every request comes from one
    /// client and a 429 would only hide what is being tested.
    pub fn unlimited() -> Rates {
        let open = Limit {
            burst: 1e12,
            per_minute: 1e12,
        };
        Rates {
            create_game: open,
            join: open,
            moves: open,
            client_moves: open,
            chat: open,
            client_chat: open,
            socket: open,
        }
    }

    fn of(&self, kind: Kind) -> Limit {
        match kind {
            Kind::CreateGame => self.create_game,
            Kind::Join => self.join,
            Kind::Move => self.moves,
            Kind::ClientMoves => self.client_moves,
            Kind::Chat => self.chat,
            Kind::ClientChat => self.client_chat,
            Kind::Socket => self.socket,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets kept before full ones are swept out.
const SWEEP_ABOVE: usize = 10_000;

#[derive(Debug, Default)]
pub struct RateLimiter {
    buckets: Mutex<HashMap<(Kind, String), Bucket>>,
}

impl RateLimiter {
    /// Takes one request of `kind` for `key` at `now`, or says how long to wait.
    pub fn take(&self, rates: &Rates, kind: Kind, key: &str, now: Instant) -> Result<(), ApiError> {
        let limit = rates.of(kind);
        let per_sec = limit.per_minute / 60.0;
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > SWEEP_ABOVE {
            map.retain(|_, b| {
                b.tokens + now.duration_since(b.at).as_secs_f64() * per_sec < limit.burst
            });
        }
        let b = map.entry((kind, key.to_string())).or_insert(Bucket {
            tokens: limit.burst,
            at: now,
        });
        let refill = now.saturating_duration_since(b.at).as_secs_f64() * per_sec;
        b.tokens = (b.tokens + refill).min(limit.burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            return Ok(());
        }
        let wait = if per_sec > 0.0 {
            ((1.0 - b.tokens) / per_sec).ceil() as u64
        } else {
            60
        };
        Err(ApiError::RateLimited {
            what: kind.name(),
            retry_after: wait.max(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_refills_at_its_rate() {
        let rates = Rates {
            chat: Limit {
                burst: 3.0,
                per_minute: 60.0,
            },
            ..Rates::default()
        };
        let limiter = RateLimiter::default();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.take(&rates, Kind::Chat, "a", t0).is_ok());
        }
        match limiter.take(&rates, Kind::Chat, "a", t0) {
            Err(ApiError::RateLimited { retry_after, .. }) => assert_eq!(retry_after, 1),
            other => panic!("{other:?}"),
        }
        // Another key and another kind have their own buckets.
        assert!(limiter.take(&rates, Kind::Chat, "b", t0).is_ok());
        assert!(limiter.take(&rates, Kind::Move, "a", t0).is_ok());
        // One second later: one more.
        let t1 = t0 + Duration::from_secs(1);
        assert!(limiter.take(&rates, Kind::Chat, "a", t1).is_ok());
        assert!(limiter.take(&rates, Kind::Chat, "a", t1).is_err());
    }
}
