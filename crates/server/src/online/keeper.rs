//! The clock keeper: one task for the whole server. Every tenth of a second it ends the
//! games whose side to move ran out of time (a loss shown to both at once, without
//! waiting for a move); every second it writes a checkpoint of the running clocks, the
//! moment a restart charges a turn up to. At start it loads the games whose clock runs,
//! so their time is kept from the restart on. Every few seconds it unloads the games
//! nobody has open that are over (or long idle), so memory holds the games in play.

use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::live::{LiveGame, LiveState};
use crate::model::now_ms;

const TICK: Duration = Duration::from_millis(100);
const CHECKPOINT_MS: i64 = 1_000;
/// How often games nobody has open are unloaded.
const RETIRE_MS: i64 = 5_000;
/// A game still going on is unloaded after this long without a change (a finished one
/// at once): it comes back from the store when opened.
const IDLE_MS: i64 = 30 * 60_000;

pub fn start(app: Arc<App>) {
    tokio::spawn(run(app));
}

async fn run(app: Arc<App>) {
    match app.store.running_clocks() {
        Ok(ids) => {
            for id in ids {
                let _ = app.load_number(id);
            }
        }
        Err(e) => eprintln!("clocks: {e}"),
    }
    let mut shutdown = app.shutdown.subscribe();
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_checkpoint = 0;
    let mut last_retire = now_ms();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.changed() => break,
        }
        let now = now_ms();
        for live in app.live.all() {
            let mut st = live.lock();
            flag_if_out_of_time(&app, &live, &mut st, now);
        }
        if now - last_retire >= RETIRE_MS {
            app.live.retire(|st| may_unload(st, now));
            last_retire = now;
        }
        if now - last_checkpoint >= CHECKPOINT_MS {
            if let Err(e) = app.store.checkpoint_clocks(now) {
                eprintln!("clocks: {e}");
            }
            last_checkpoint = now;
        }
    }
}

/// Whether a game nobody has open may leave memory: no search or review running, and
/// over or idle for long; never an online game whose clock runs (kept here to flag).
fn may_unload(st: &LiveState, now: i64) -> bool {
    let clock_runs = st
        .entry
        .online
        .as_ref()
        .and_then(|o| o.clock.as_ref())
        .is_some_and(|c| c.running.is_some());
    let over = st.entry.is_over();
    let idle = now - st.entry.updated_at > IDLE_MS;
    st.job.is_none() && st.review.is_none() && (over || (idle && !clock_runs))
}

/// Ends the game if the side to move has no time left at `now`; whether it did.
pub fn flag_if_out_of_time(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    st: &mut LiveState,
    now: i64,
) -> bool {
    if st.entry.is_over() {
        return false;
    }
    let Some(o) = st.entry.online.as_mut() else {
        return false;
    };
    let Some(loser) = o.clock.as_ref().and_then(|c| c.flagged(now)) else {
        return false;
    };
    o.lost_on_time = Some(loser);
    if let Some(c) = o.clock.as_mut() {
        c.stop(now);
    }
    if let Err(e) = app.commit(live, st) {
        eprintln!("clocks: {e}");
    }
    true
}
