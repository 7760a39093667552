//! Games in play: each one's state behind a lock, its running search (one at most), and
//! the channel that carries its events to every open WebSocket.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::broadcast;

use crate::model::GameEntry;
use crate::reviews::ReviewJob;
use crate::view;
use crate::wire::{Event, GameView};

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    /// The computer's move: played through the rules core when the search ends.
    Move,
    /// A suggestion for the person to move: shown, never played.
    Hint,
    /// "Analyse this position": the N best lines, reported as they improve.
    Analysis,
}

impl JobKind {
    pub fn name(self) -> &'static str {
        match self {
            JobKind::Move => "move",
            JobKind::Hint => "hint",
            JobKind::Analysis => "analysis",
        }
    }
}

/// The search running for a game.
#[derive(Debug)]
pub struct Job {
    pub id: u64,
    pub kind: JobKind,
    /// Set to end the search early; its best move so far still counts.
    pub stop: Arc<AtomicBool>,
}

static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

pub struct LiveState {
    pub entry: GameEntry,
    pub job: Option<Job>,
    /// The game's review, while one runs (beside play: it has its own search slots).
    pub review: Option<ReviewJob>,
}

impl LiveState {
    /// Registers a new search and returns its id and stop flag.
    pub fn begin_job(&mut self, kind: JobKind) -> (u64, Arc<AtomicBool>) {
        self.cancel_job();
        let id = NEXT_JOB.fetch_add(1, Ordering::Relaxed);
        let stop = Arc::new(AtomicBool::new(false));
        self.job = Some(Job {
            id,
            kind,
            stop: stop.clone(),
        });
        (id, stop)
    }

    /// Ends the running review and forgets it: nothing is stored.
    pub fn cancel_review(&mut self) -> bool {
        let Some(job) = self.review.take() else {
            return false;
        };
        job.stop.store(true, Ordering::Relaxed);
        true
    }

    /// Ends the running search and forgets it: its result will be discarded.
    pub fn cancel_job(&mut self) -> Option<JobKind> {
        let job = self.job.take()?;
        job.stop.store(true, Ordering::Relaxed);
        Some(job.kind)
    }

    /// Whether search `id` is still the one that counts.
    pub fn is_current(&self, id: u64) -> bool {
        self.job.as_ref().is_some_and(|j| j.id == id)
    }

    pub fn job_kind(&self) -> Option<JobKind> {
        self.job.as_ref().map(|j| j.kind)
    }

    pub fn view(&self) -> GameView {
        view::game_view(&self.entry, self.job_kind().map(JobKind::name))
    }

    /// The `state` event: the whole game as it is now.
    pub fn state_event(&self) -> Event {
        Event::State {
            game: Box::new(self.view()),
        }
    }
}

pub struct LiveGame {
    state: Mutex<LiveState>,
    events: broadcast::Sender<String>,
}

/// Events a slow WebSocket may fall behind by before it is sent a fresh state instead.
const EVENT_BACKLOG: usize = 256;

impl LiveGame {
    pub fn new(entry: GameEntry) -> LiveGame {
        LiveGame {
            state: Mutex::new(LiveState {
                entry,
                job: None,
                review: None,
            }),
            events: broadcast::channel(EVENT_BACKLOG).0,
        }
    }

    pub fn lock(&self) -> MutexGuard<'_, LiveState> {
        // State is only changed through the rules core, whole or not at all, so a lock
        // poisoned by a panic elsewhere still guards a consistent game.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sends one event to every open socket of this game.
    pub fn send(&self, event: Event) {
        // No socket open is not an error.
        let _ = self.events.send(event.to_text());
    }

    pub fn sender(&self) -> broadcast::Sender<String> {
        self.events.clone()
    }

    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.events.subscribe()
    }

    pub fn send_state(&self, st: &LiveState) {
        self.send(st.state_event());
    }

    pub fn send_thinking(&self, kind: JobKind, active: bool) {
        self.send(Event::Thinking {
            kind: kind.name(),
            active,
        });
    }
}

/// Games loaded from the store, by id.
#[derive(Default)]
pub struct LiveGames {
    games: Mutex<HashMap<i64, Arc<LiveGame>>>,
}

impl LiveGames {
    fn map(&self) -> MutexGuard<'_, HashMap<i64, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, id: i64) -> Option<Arc<LiveGame>> {
        self.map().get(&id).cloned()
    }

    /// Adds a game unless another request loaded it first; returns the one kept.
    pub fn insert(&self, id: i64, game: LiveGame) -> Arc<LiveGame> {
        self.map()
            .entry(id)
            .or_insert_with(|| Arc::new(game))
            .clone()
    }

    pub fn remove(&self, id: i64) -> Option<Arc<LiveGame>> {
        self.map().remove(&id)
    }

    pub fn count(&self) -> usize {
        self.map().len()
    }

    pub fn all(&self) -> Vec<Arc<LiveGame>> {
        self.map().values().cloned().collect()
    }

    /// Unloads the games that nobody holds (no socket, request or search has them: the
    /// map's is the only reference, so none can be changing them now) and that `idle`
    /// says may go. They stay in the store and load again on their next use, so a
    /// long-running server holds only the games in play. Returns how many went.
    pub fn retire(&self, idle: impl Fn(&LiveState) -> bool) -> usize {
        let mut map = self.map();
        let before = map.len();
        map.retain(|_, g| Arc::strong_count(g) > 1 || !idle(&g.lock()));
        before - map.len()
    }
}
