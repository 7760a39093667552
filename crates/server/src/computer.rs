//! Searches: the computer's move, a hint, an analysis. Each runs on a blocking thread,
//! never on the async runtime, one per game at most and no more than the global cap at
//! once, long ones leaving a slot to quick ones ([`crate::slots`]). A search can be
//! stopped (its best move so far counts) or cancelled (a move, undo or redo changed the
//! game: its result is discarded, so it can never land on a position it was not
//! searched for).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fiveinrow_engine::{Engine, Info, Level, Limits, Options, SearchResult};
use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::Game;
use tokio::sync::oneshot;

use crate::actions;
use crate::app::App;
use crate::live::{JobKind, LiveGame, LiveState};
use crate::slots::Length;
use crate::view;
use crate::wire::{AnalysisEvent, AnalysisLine, Event};

/// The answer to a hint request.
pub type HintReply = oneshot::Sender<Result<SearchResult, String>>;

/// What to search and under which limits.
struct Plan {
    kind: JobKind,
    length: Length,
    options: Options,
    limits: Limits,
    think_delay: bool,
}

/// Starts the computer's move for the side to move (or, during an opening rule, its
/// decision).
pub fn start_move(app: &Arc<App>, live: &Arc<LiveGame>, st: &mut LiveState) {
    if let Some(o) = st.entry.opening_in_progress() {
        let opening = o.clone();
        start_decision(app, live, st, opening);
        return;
    }
    let settings = st.entry.settings;
    let length = Length::of_level(settings.level);
    let plan = Plan {
        kind: JobKind::Move,
        length,
        options: Options {
            level: Some(Level::new(settings.level)),
            hash_mb: length.hash_mb(app.config.hash_mb),
            ..Options::default()
        },
        limits: Limits::move_time(app.config.move_time),
        think_delay: settings.think_delay,
    };
    start(app, live, st, plan, None);
}

/// Starts the computer's decision in the game's opening, at its level's node budget and
/// the time of a move.
fn start_decision(app: &Arc<App>, live: &Arc<LiveGame>, st: &mut LiveState, opening: Opening) {
    let (job, _stop) = st.begin_job(JobKind::Move);
    live.send_thinking(JobKind::Move, true);
    let nodes = Level::new(st.entry.settings.level).params().nodes;
    let move_time = app.config.move_time;
    // Each game opens its own way (the seed picks among equally good stones).
    let seed = st.entry.id as u64 ^ st.entry.created_at as u64;
    let (app, live) = (app.clone(), live.clone());
    tokio::spawn(async move {
        let Some(slot) = app.searches.acquire(Length::Long).await else {
            return;
        };
        if !live.lock().is_current(job) {
            return;
        }
        let slots = app.searches.clone();
        let hash_mb = app.config.hash_mb;
        let outcome = tokio::task::spawn_blocking(move || {
            let _running = slots.enter();
            let mut engine = Engine::new(Options {
                hash_mb,
                ..Options::default()
            });
            // The level's nodes within the time of a move (level 8 has no node cap).
            let limits = Limits {
                nodes: Some(nodes),
                move_time: Some(move_time),
                ..Limits::default()
            };
            fiveinrow_engine::opening::decide_varied(&mut engine, &opening, &limits, seed)
        })
        .await;
        drop(slot);
        let mut st = live.lock();
        if !st.is_current(job) {
            return;
        }
        st.job = None;
        live.send_thinking(JobKind::Move, false);
        let message = match outcome {
            Ok(Some(action)) => match actions::decide_now(&app, &live, &mut st, action) {
                Ok(_) => return,
                Err(e) => e.to_string(),
            },
            Ok(None) => "the computer found no opening decision".to_string(),
            Err(e) => format!("the search failed: {e}"),
        };
        live.send(Event::Error { message });
    });
}

/// Starts a hint search; the answer goes to `reply`.
pub fn start_hint(app: &Arc<App>, live: &Arc<LiveGame>, st: &mut LiveState, reply: HintReply) {
    let plan = Plan {
        kind: JobKind::Hint,
        length: Length::Long,
        options: Options {
            hash_mb: app.config.hash_mb,
            ..Options::default()
        },
        limits: Limits {
            nodes: Some(app.config.hint_nodes),
            move_time: Some(app.config.move_time),
            ..Limits::default()
        },
        think_delay: false,
    };
    start(app, live, st, plan, Some(reply));
}

/// Starts an analysis of the `lines` best moves, reported over the game's socket.
pub fn start_analysis(app: &Arc<App>, live: &Arc<LiveGame>, st: &mut LiveState, lines: usize) {
    let plan = Plan {
        kind: JobKind::Analysis,
        length: Length::Long,
        options: Options {
            multipv: lines,
            hash_mb: app.config.hash_mb,
            ..Options::default()
        },
        limits: Limits::move_time(app.config.analysis_time),
        think_delay: false,
    };
    start(app, live, st, plan, None);
}

fn start(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    st: &mut LiveState,
    plan: Plan,
    reply: Option<HintReply>,
) {
    let (job, stop) = st.begin_job(plan.kind);
    let game = st.entry.game.clone();
    live.send_thinking(plan.kind, true);
    tokio::spawn(run(app.clone(), live.clone(), job, game, plan, stop, reply));
}

async fn run(
    app: Arc<App>,
    live: Arc<LiveGame>,
    job: u64,
    game: Game,
    plan: Plan,
    stop: Arc<AtomicBool>,
    reply: Option<HintReply>,
) {
    let Some(slot) = app.searches.acquire(plan.length).await else {
        return;
    };
    if !live.lock().is_current(job) {
        return; // cancelled while waiting for a free slot
    }
    let started = Instant::now();
    let events = live.sender();
    let (kind, mover, size) = (plan.kind, game.to_move(), game.size());
    let search_stop = stop.clone();
    let (options, limits) = (plan.options, plan.limits);
    let slots = app.searches.clone();
    let outcome = tokio::task::spawn_blocking(move || {
        let _running = slots.enter();
        let mut engine = Engine::new(options);
        let mut on_info = |i: &Info| {
            let _ = events.send(Event::Info(view::info(i, kind.name(), mover, size)).to_text());
        };
        engine.search(&game, &limits, &search_stop, &mut on_info)
    })
    .await;
    drop(slot);
    let result = match outcome {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(e) => Err(format!("the search failed: {e}")),
    };
    if plan.think_delay && !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(think_delay(started.elapsed())).await;
    }
    match kind {
        JobKind::Move => finish_move(&app, &live, job, result),
        JobKind::Hint => finish_hint(&live, job, result, reply),
        JobKind::Analysis => finish_analysis(&live, job, result),
    }
}

/// How much longer to wait so that a reply takes a natural 0.5 to 1.2 s.
fn think_delay(spent: Duration) -> Duration {
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_millis() % 700);
    Duration::from_millis(500 + u64::from(jitter)).saturating_sub(spent)
}

/// Plays the computer's move through the rules core, unless the game changed meanwhile.
fn finish_move(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    job: u64,
    result: Result<SearchResult, String>,
) {
    let mut st = live.lock();
    if !st.is_current(job) {
        return;
    }
    st.job = None;
    live.send_thinking(JobKind::Move, false);
    let played = result.and_then(|r| st.entry.game.play(r.best).map_err(|e| e.to_string()));
    match played {
        Ok(_) => {
            if let Err(e) = app.commit(live, &mut st) {
                live.send(Event::Error {
                    message: e.to_string(),
                });
            }
        }
        Err(message) => live.send(Event::Error { message }),
    }
}

fn finish_hint(
    live: &Arc<LiveGame>,
    job: u64,
    result: Result<SearchResult, String>,
    reply: Option<HintReply>,
) {
    let mut st = live.lock();
    let current = st.is_current(job);
    if current {
        st.job = None;
        live.send_thinking(JobKind::Hint, false);
    }
    let answer = if current {
        result
    } else {
        Err("the game changed while the hint was searched".to_string())
    };
    if let (Ok(r), true) = (&answer, current) {
        let size = st.entry.game.size();
        live.send(Event::Hint {
            point: view::point(r.best, size),
        });
    }
    if let Some(reply) = reply {
        let _ = reply.send(answer);
    }
}

fn finish_analysis(live: &Arc<LiveGame>, job: u64, result: Result<SearchResult, String>) {
    let mut st = live.lock();
    if !st.is_current(job) {
        return;
    }
    st.job = None;
    live.send_thinking(JobKind::Analysis, false);
    let size = st.entry.game.size();
    let mover = st.entry.game.to_move();
    match result {
        Ok(r) => {
            let lines = r
                .lines
                .iter()
                .map(|l| AnalysisLine {
                    score: view::score(l.score),
                    pv: view::points(&l.pv, size),
                })
                .collect();
            live.send(Event::Analysis(AnalysisEvent {
                mover: mover.name(),
                depth: r.depth,
                nodes: r.nodes,
                time_ms: r.time_ms,
                lines,
            }));
        }
        Err(message) => live.send(Event::Error { message }),
    }
}
