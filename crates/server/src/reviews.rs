//! Game review in the background: the engine's verdict on every position of a game
//! ([`fiveinrow_engine::review`]), one position at a time. Each position takes a long
//! search slot of its own and gives it back, so a review never holds play up for more
//! than one position's search, and the quick slot stays free for the low levels.
//! Progress and the result go over the game's socket; the result is stored with the
//! game, so reopening it shows the review at once.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use fiveinrow_engine::review::{Mark, PlayerSummary, Review, Reviewer};
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::notation::format_move_string;
use fiveinrow_rules::Color;

use crate::app::App;
use crate::error::ApiError;
use crate::live::{LiveGame, LiveState};
use crate::model::{now_ms, GameEntry};
use crate::slots::Length;
use crate::store::StoredReview;
use crate::view;
use crate::wire::{Event, PlayerReview, ReviewState, ReviewSummary, ReviewView, ReviewedMove};

/// Budgets a review may ask for, per position.
pub const NODES: std::ops::RangeInclusive<u64> = 1_000..=5_000_000;

/// The review running for a game.
#[derive(Debug)]
pub struct ReviewJob {
    pub id: u64,
    pub stop: Arc<AtomicBool>,
    pub done: usize,
    pub total: usize,
}

static NEXT_REVIEW: AtomicU64 = AtomicU64::new(1);

/// Starts a review of the game's moves at `nodes` per position, unless one is running
/// (then that one's progress is the answer).
pub fn start(app: &Arc<App>, id: &str, nodes: u64) -> Result<ReviewState, ApiError> {
    if !NODES.contains(&nodes) {
        return Err(ApiError::bad_request(format!(
            "nodes must be {} to {}",
            NODES.start(),
            NODES.end()
        )));
    }
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.review.is_some() {
        return state(app, &st);
    }
    let reviewer = Reviewer::new(&st.entry.game)
        .map_err(|_| ApiError::bad_request("the game has no moves to review"))?;
    let stop = Arc::new(AtomicBool::new(false));
    let job = NEXT_REVIEW.fetch_add(1, Ordering::Relaxed);
    st.review = Some(ReviewJob {
        id: job,
        stop: stop.clone(),
        done: 0,
        total: reviewer.total(),
    });
    let answer = state(app, &st)?;
    tokio::spawn(run(app.clone(), live.clone(), job, reviewer, nodes, stop));
    Ok(answer)
}

/// Ends the running review; nothing is stored. Returns whether one was running.
pub fn cancel(app: &Arc<App>, id: &str) -> Result<bool, ApiError> {
    let live = app.game(id)?;
    if !live.lock().cancel_review() {
        return Ok(false);
    }
    live.send(Event::ReviewEnded {
        reason: "cancelled".into(),
    });
    Ok(true)
}

/// Where the game's review stands: running, done (stored, and about the moves the game
/// has now) or none.
pub fn get(app: &Arc<App>, id: &str) -> Result<ReviewState, ApiError> {
    let live = app.game(id)?;
    let st = live.lock();
    state(app, &st)
}

fn state(app: &App, st: &LiveState) -> Result<ReviewState, ApiError> {
    if let Some(job) = &st.review {
        return Ok(ReviewState {
            status: "running",
            done: job.done,
            total: job.total,
            review: None,
        });
    }
    let stored = app.store.load_review(st.entry.id, st.entry.game.size())?;
    let review = stored.and_then(|s| review_view(&st.entry, &s));
    Ok(ReviewState {
        status: if review.is_some() { "done" } else { "none" },
        done: 0,
        total: 0,
        review,
    })
}

async fn run(
    app: Arc<App>,
    live: Arc<LiveGame>,
    job: u64,
    reviewer: Reviewer,
    nodes: u64,
    stop: Arc<AtomicBool>,
) {
    let mut engine = Engine::new(Options {
        hash_mb: app.config.hash_mb,
        ..Options::default()
    });
    let mut reviewer = reviewer;
    let limits = Limits::nodes(nodes);
    let total = reviewer.total();
    let current = |live: &LiveGame| live.lock().review.as_ref().is_some_and(|r| r.id == job);
    while reviewer.done() < total {
        let Some(slot) = app.searches.acquire(Length::Long).await else {
            return;
        };
        if !current(&live) || *app.shutdown.borrow() {
            return;
        }
        let slots = app.searches.clone();
        let (limits, stop) = (limits.clone(), stop.clone());
        let step = tokio::task::spawn_blocking(move || {
            let _running = slots.enter();
            let r = reviewer.step(&mut engine, &limits, &stop).map(|_| ());
            (engine, reviewer, r)
        })
        .await;
        drop(slot);
        let Ok((e, r, outcome)) = step else {
            end(&live, job, "the review's search failed");
            return;
        };
        (engine, reviewer) = (e, r);
        if outcome.is_err() {
            return; // stopped: cancel() or shutdown already said so
        }
        let done = reviewer.done();
        let mut st = live.lock();
        match st.review.as_mut().filter(|r| r.id == job) {
            Some(r) => r.done = done,
            None => return,
        }
        live.send(Event::ReviewProgress { done, total });
    }
    let Some(review) = reviewer.finish() else {
        end(&live, job, "the review is incomplete");
        return;
    };
    finish(&app, &live, job, review, nodes);
}

/// Stores a finished review and sends it, unless the game's moves changed meanwhile.
fn finish(app: &App, live: &LiveGame, job: u64, review: Review, nodes: u64) {
    let mut st = live.lock();
    if st.review.as_ref().is_none_or(|r| r.id != job) {
        return;
    }
    st.review = None;
    let reviewed: Vec<_> = review.moves.iter().map(|m| m.played).collect();
    if reviewed != st.entry.game.moves() {
        live.send(Event::ReviewEnded {
            reason: "the game changed during the review".into(),
        });
        return;
    }
    let size = st.entry.game.size();
    let stored = StoredReview {
        created_at: now_ms(),
        nodes,
        moves: format_move_string(&reviewed, size),
        positions: review.positions,
    };
    if let Err(e) = app.store.save_review(st.entry.id, &stored, size) {
        live.send(Event::ReviewEnded {
            reason: e.to_string(),
        });
        return;
    }
    match review_view(&st.entry, &stored) {
        Some(v) => live.send(Event::Reviewed {
            review: Box::new(v),
        }),
        None => live.send(Event::ReviewEnded {
            reason: "the review does not fit the game".into(),
        }),
    }
}

fn end(live: &LiveGame, job: u64, reason: &str) {
    let mut st = live.lock();
    if st.review.as_ref().is_some_and(|r| r.id == job) {
        st.review = None;
        live.send(Event::ReviewEnded {
            reason: reason.into(),
        });
    }
}

/// A stored review as the engine's [`Review`]; `None` when it is about other moves than
/// the game has now (the game went on, or was taken back, after the review).
fn fitting(entry: &GameEntry, stored: &StoredReview) -> Option<Review> {
    let game = &entry.game;
    let moves = game.moves();
    if stored.moves != format_move_string(&moves, game.size())
        || stored.positions.len() != moves.len() + 1
    {
        return None;
    }
    Some(Review::from_verdicts(
        game.first_to_move(),
        &moves,
        stored.positions.clone(),
    ))
}

/// The game's stored review, if there is one about the moves it has now.
pub fn stored(app: &App, entry: &GameEntry) -> Result<Option<Review>, ApiError> {
    let stored = app.store.load_review(entry.id, entry.game.size())?;
    Ok(stored.and_then(|s| fitting(entry, &s)))
}

/// The page's view of a stored review (`None` when it no longer fits the game).
pub fn review_view(entry: &GameEntry, stored: &StoredReview) -> Option<ReviewView> {
    let size = entry.game.size();
    let review = fitting(entry, stored)?;
    let judged = review
        .moves
        .iter()
        .map(|m| ReviewedMove {
            number: m.number,
            color: m.mover.name(),
            point: view::point(m.played, size),
            best: m.best.map(|b| view::point(b, size)),
            before: view::score(m.before),
            after: view::score(m.after),
            loss: m.loss,
            mark: m.mark.map(Mark::name),
        })
        .collect();
    let player = |c: Color| {
        let s: PlayerSummary = review.summary(c);
        PlayerReview {
            moves: s.moves,
            average_loss: s.average_loss,
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
        }
    };
    Some(ReviewView {
        nodes: stored.nodes,
        created_at: stored.created_at,
        black_winrates: review.black_win_rates(),
        moves: judged,
        summary: ReviewSummary {
            black: player(Color::Black),
            white: player(Color::White),
        },
    })
}
