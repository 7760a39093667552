//! The `online` table: one row per online game beside its `games` row, written in the
//! same transaction as the game. Clocks keep each side's time left at the start of its
//! turn, whose turn runs since when, and a checkpoint the server refreshes every second,
//! so that a restart charges the turn up to the crash and not the time it was down.

use fiveinrow_rules::Color;
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::error::StoreError;
use crate::online::clock::{Clock, TimeControl};
use crate::online::tokens::TokenHash;
use crate::online::Online;

fn colour_name(c: Color) -> &'static str {
    c.name()
}

fn colour(name: &str) -> Option<Color> {
    match name {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// Writes (or replaces) the online row of game `id`.
pub fn save(tx: &Transaction, id: i64, o: &Online) -> Result<(), StoreError> {
    let seat = |k: usize| o.seats[k].as_ref().map(|h| h.0.clone());
    let (control, black_ms, white_ms, running, since) = match &o.clock {
        Some(c) => (
            Some(c.control.to_text()),
            c.left_ms[0],
            c.left_ms[1],
            c.running.map(|(c, _)| colour_name(c)),
            c.running.map(|(_, t)| t),
        ),
        None => (None, 0, 0, None, None),
    };
    tx.execute(
        "INSERT INTO online (game_id, public_id, black_seat, white_seat, time_control,
           black_ms, white_ms, running, running_since, checkpoint, lost_on_time)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10)
         ON CONFLICT (game_id) DO UPDATE SET black_seat = ?3, white_seat = ?4,
           black_ms = ?6, white_ms = ?7, running = ?8, running_since = ?9,
           checkpoint = MAX(COALESCE(checkpoint, ?9), ?9), lost_on_time = ?10",
        params![
            id,
            o.public_id,
            seat(0),
            seat(1),
            control,
            black_ms,
            white_ms,
            running,
            since,
            o.lost_on_time.map(colour_name)
        ],
    )?;
    Ok(())
}

/// The online part of game `id`, if it is an online game. A running clock is taken up
/// again as of `now`: charged up to its checkpoint, not for the time since.
pub fn load(conn: &Connection, id: i64, now: i64) -> Result<Option<Online>, StoreError> {
    let corrupt = |reason: &str| StoreError::Corrupt {
        id,
        reason: format!("online: {reason}"),
    };
    let row = conn
        .query_row(
            "SELECT public_id, black_seat, white_seat, time_control, black_ms, white_ms,
               running, running_since, checkpoint, lost_on_time
             FROM online WHERE game_id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<i64>>(7)?,
                    r.get::<_, Option<i64>>(8)?,
                    r.get::<_, Option<String>>(9)?,
                ))
            },
        )
        .optional()?;
    let Some((
        public_id,
        black,
        white,
        control,
        black_ms,
        white_ms,
        running,
        since,
        checkpoint,
        lost,
    )) = row
    else {
        return Ok(None);
    };
    let clock = match control {
        Some(text) => {
            let control = TimeControl::from_text(&text).ok_or_else(|| corrupt("time control"))?;
            let mut clock = Clock::new(control);
            clock.left_ms = [black_ms, white_ms];
            if let (Some(name), Some(t)) = (running, since) {
                clock.running = Some((colour(&name).ok_or_else(|| corrupt("running"))?, t));
                clock.resume(checkpoint.unwrap_or(t), now);
            }
            Some(clock)
        }
        None => None,
    };
    Ok(Some(Online {
        public_id,
        seats: [black.map(TokenHash), white.map(TokenHash)],
        clock,
        lost_on_time: lost.as_deref().and_then(colour),
        connected: [0, 0],
    }))
}

/// The game number behind a public id.
pub fn find(conn: &Connection, public_id: &str) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT game_id FROM online WHERE public_id = ?1",
            [public_id],
            |r| r.get(0),
        )
        .optional()?)
}

/// Notes that the server is keeping every running clock at `now`.
pub fn checkpoint(conn: &Connection, now: i64) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE online SET checkpoint = ?1 WHERE running IS NOT NULL",
        [now],
    )?;
    Ok(())
}

/// Online games whose clock runs (to load at start, so that their time is kept).
pub fn running(conn: &Connection) -> Result<Vec<i64>, StoreError> {
    let mut stmt = conn.prepare("SELECT game_id FROM online WHERE running IS NOT NULL")?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}
