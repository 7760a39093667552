//! The engine in a thread of its own, so the screen keeps answering keys while it
//! searches. Each search gets a number and a stop flag; its progress and its result come
//! back over a channel tagged with that number, and the reports of a search that was
//! cancelled (undo, new game) are dropped on arrival. Opening decisions (swap, offers...)
//! run there the same way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use fiveinrow_engine::{Engine, EngineError, Info, Level, Limits, Options, SearchResult};
use fiveinrow_rules::opening::{Action, Opening};
use fiveinrow_rules::Game;

/// The transposition table of the game's engine, in MB.
const HASH_MB: usize = 32;

/// A report of the running search.
#[derive(Debug)]
pub enum Report {
    Progress(Info),
    Done(Result<SearchResult, EngineError>),
    /// An opening decision; `None` when the engine found none.
    Decided(Option<Action>),
}

/// The engine thread has gone (it panicked).
#[derive(Debug)]
pub struct EngineGone;

enum Order {
    Search {
        id: u64,
        game: Box<Game>,
        limits: Limits,
        level: Option<Level>,
        stop: Arc<AtomicBool>,
    },
    Decide {
        id: u64,
        opening: Box<Opening>,
        limits: Limits,
        level: Level,
    },
    /// Forget what was learnt: a new game.
    Clear,
}

pub struct Thinker {
    orders: Sender<Order>,
    reports: Receiver<(u64, Report)>,
    next_id: u64,
    running: Option<(u64, Arc<AtomicBool>)>,
}

impl Thinker {
    pub fn new() -> Thinker {
        let (orders, order_rx) = mpsc::channel();
        let (report_tx, reports) = mpsc::channel();
        // Without a thread the channels close and the first search reports `EngineGone`.
        let _ = thread::Builder::new()
            .name("engine".into())
            .spawn(move || serve(order_rx, report_tx));
        Thinker {
            orders,
            reports,
            next_id: 0,
            running: None,
        }
    }

    /// Starts searching `game` (cancelling any search still running).
    pub fn start(&mut self, game: &Game, limits: Limits, level: Option<Level>) {
        self.cancel();
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let order = Order::Search {
            id: self.next_id,
            game: Box::new(game.clone()),
            limits,
            level,
            stop: Arc::clone(&stop),
        };
        // A closed channel shows up as `EngineGone` at the next report.
        let _ = self.orders.send(order);
        self.running = Some((self.next_id, stop));
    }

    /// Starts deciding the opening's current step (cancelling any search still running).
    /// A decision judges many positions and cannot be cut short; cancelling it drops it.
    pub fn decide(&mut self, opening: &Opening, limits: Limits, level: Level) {
        self.cancel();
        self.next_id += 1;
        let order = Order::Decide {
            id: self.next_id,
            opening: Box::new(opening.clone()),
            limits,
            level,
        };
        let _ = self.orders.send(order);
        self.running = Some((self.next_id, Arc::new(AtomicBool::new(false))));
    }

    /// Asks the search to finish now; its best move so far still comes back.
    pub fn stop(&self) {
        if let Some((_, stop)) = &self.running {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the search and forgets it: nothing of it will be reported.
    pub fn cancel(&mut self) {
        self.stop();
        self.running = None;
    }

    /// Forgets what the engine learnt (a new game).
    pub fn clear(&mut self) {
        self.cancel();
        let _ = self.orders.send(Order::Clear);
    }

    /// The next report of the running search, waiting up to `wait` for it.
    pub fn next_report(&mut self, wait: Duration) -> Result<Option<Report>, EngineGone> {
        loop {
            let Some((current, _)) = &self.running else {
                return Ok(None);
            };
            let current = *current;
            let (id, report) = if wait.is_zero() {
                match self.reports.try_recv() {
                    Ok(r) => r,
                    Err(TryRecvError::Empty) => return Ok(None),
                    Err(TryRecvError::Disconnected) => return Err(EngineGone),
                }
            } else {
                match self.reports.recv_timeout(wait) {
                    Ok(r) => r,
                    Err(RecvTimeoutError::Timeout) => return Ok(None),
                    Err(RecvTimeoutError::Disconnected) => return Err(EngineGone),
                }
            };
            if id != current {
                continue;
            }
            if matches!(report, Report::Done(_) | Report::Decided(_)) {
                self.running = None;
            }
            return Ok(Some(report));
        }
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        // The thread ends once its search stops and it finds the channel closed.
        self.cancel();
    }
}

fn serve(orders: Receiver<Order>, reports: Sender<(u64, Report)>) {
    let mut engine = Engine::new(Options {
        hash_mb: HASH_MB,
        ..Options::default()
    });
    for order in orders {
        match order {
            Order::Clear => engine.clear(),
            Order::Search {
                id,
                game,
                limits,
                level,
                stop,
            } => {
                let mut options = engine.options().clone();
                options.level = level;
                engine.set_options(options);
                let mut on_info = |info: &Info| {
                    let _ = reports.send((id, Report::Progress(info.clone())));
                };
                let result = engine.search(&game, &limits, &stop, &mut on_info);
                if reports.send((id, Report::Done(result))).is_err() {
                    return;
                }
            }
            Order::Decide {
                id,
                opening,
                limits,
                level,
            } => {
                let mut options = engine.options().clone();
                options.level = Some(level);
                engine.set_options(options);
                // Games open in different ways: the seed picks among equally good stones.
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos().into());
                let action =
                    fiveinrow_engine::opening::decide_varied(&mut engine, &opening, &limits, seed);
                if reports.send((id, Report::Decided(action))).is_err() {
                    return;
                }
            }
        }
    }
}
