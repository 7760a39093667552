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
           black_ms, white_ms, running, running_since, checkpoint, lost_on_time,
           draw_agreed, undo_request, draw_offer, rematch_offer, rematch_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
         ON CONFLICT (game_id) DO UPDATE SET black_seat = ?3, white_seat = ?4,
           black_ms = ?6, white_ms = ?7, running = ?8, running_since = ?9,
           checkpoint = MAX(COALESCE(checkpoint, ?9), ?9), lost_on_time = ?10,
           draw_agreed = ?11, undo_request = ?12, draw_offer = ?13, rematch_offer = ?14,
           rematch_id = ?15",
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
            o.lost_on_time.map(colour_name),
            o.draw_agreed,
            o.undo_request.map(colour_name),
            o.draw_offer.map(colour_name),
            o.rematch_offer.map(colour_name),
            o.rematch_id
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
               running, running_since, checkpoint, lost_on_time, draw_agreed, undo_request,
               draw_offer, rematch_offer, rematch_id
             FROM online WHERE game_id = ?1",
            [id],
            |r| {
                Ok(Fields {
                    public_id: r.get(0)?,
                    black: r.get(1)?,
                    white: r.get(2)?,
                    control: r.get(3)?,
                    black_ms: r.get(4)?,
                    white_ms: r.get(5)?,
                    running: r.get(6)?,
                    since: r.get(7)?,
                    checkpoint: r.get(8)?,
                    lost: r.get(9)?,
                    draw_agreed: r.get(10)?,
                    undo_request: r.get(11)?,
                    draw_offer: r.get(12)?,
                    rematch_offer: r.get(13)?,
                    rematch_id: r.get(14)?,
                })
            },
        )
        .optional()?;
    let Some(f) = row else {
        return Ok(None);
    };
    let clock = match &f.control {
        Some(text) => {
            let control = TimeControl::from_text(text).ok_or_else(|| corrupt("time control"))?;
            let mut clock = Clock::new(control);
            clock.left_ms = [f.black_ms, f.white_ms];
            if let (Some(name), Some(t)) = (&f.running, f.since) {
                clock.running = Some((colour(name).ok_or_else(|| corrupt("running"))?, t));
                clock.resume(f.checkpoint.unwrap_or(t), now);
            }
            Some(clock)
        }
        None => None,
    };
    let mut o = Online::new(f.public_id, clock);
    o.seats = [f.black.map(TokenHash), f.white.map(TokenHash)];
    o.lost_on_time = f.lost.as_deref().and_then(colour);
    o.draw_agreed = f.draw_agreed;
    o.undo_request = f.undo_request.as_deref().and_then(colour);
    o.draw_offer = f.draw_offer.as_deref().and_then(colour);
    o.rematch_offer = f.rematch_offer.as_deref().and_then(colour);
    o.rematch_id = f.rematch_id;
    Ok(Some(o))
}

/// One `online` row as read.
struct Fields {
    public_id: String,
    black: Option<String>,
    white: Option<String>,
    control: Option<String>,
    black_ms: i64,
    white_ms: i64,
    running: Option<String>,
    since: Option<i64>,
    checkpoint: Option<i64>,
    lost: Option<String>,
    draw_agreed: bool,
    undo_request: Option<String>,
    draw_offer: Option<String>,
    rematch_offer: Option<String>,
    rematch_id: Option<String>,
}

/// One line of an online game's chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    pub at: i64,
    pub color: Color,
    pub text: String,
}

/// Keeps one chat line.
pub fn add_chat(conn: &Connection, id: i64, line: &ChatLine) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO chat (game_id, at, color, text) VALUES (?1, ?2, ?3, ?4)",
        params![id, line.at, colour_name(line.color), line.text],
    )?;
    Ok(())
}

/// The last `limit` chat lines of game `id`, oldest first.
pub fn chat(conn: &Connection, id: i64, limit: i64) -> Result<Vec<ChatLine>, StoreError> {
    let mut stmt = conn
        .prepare("SELECT at, color, text FROM chat WHERE game_id = ?1 ORDER BY id DESC LIMIT ?2")?;
    let mut lines = stmt
        .query_map(params![id, limit], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter_map(|(at, c, text)| {
            Some(ChatLine {
                at,
                color: colour(&c)?,
                text,
            })
        })
        .collect::<Vec<_>>();
    lines.reverse();
    Ok(lines)
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
