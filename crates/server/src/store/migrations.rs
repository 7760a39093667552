//! The database schema, as numbered steps. `PRAGMA user_version` holds how many have
//! run; opening a database runs the missing ones in one transaction each. A step once
//! released is never edited: a change is a new step at the end.

use rusqlite::Connection;

use crate::error::StoreError;

/// Schema steps, oldest first. Step `k` (1-based) brings the schema to version `k`.
const STEPS: &[&str] = &[
    // 1: one row per game. Positions are move strings (h8i9...) read by the rules core.
    "CREATE TABLE games (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL,
        rule          TEXT    NOT NULL,
        size          INTEGER NOT NULL,
        black         TEXT    NOT NULL,
        white         TEXT    NOT NULL,
        level         INTEGER NOT NULL,
        think_delay   INTEGER NOT NULL,
        setup_black   TEXT    NOT NULL DEFAULT '',
        setup_white   TEXT    NOT NULL DEFAULT '',
        first_to_move TEXT    NOT NULL DEFAULT 'black',
        moves         TEXT    NOT NULL DEFAULT '',
        redo          TEXT    NOT NULL DEFAULT ''
    );",
    // 2: resignation, and the result and length kept for the list of games.
    "ALTER TABLE games ADD COLUMN resigned TEXT;
     ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT 'ongoing';
     ALTER TABLE games ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX games_by_update ON games (updated_at DESC);",
    // 3: a computer-vs-computer game can be paused; one stored review per game (its
    // verdicts, one line per position, and the moves they are about).
    "ALTER TABLE games ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
     CREATE TABLE reviews (
        game_id    INTEGER PRIMARY KEY,
        created_at INTEGER NOT NULL,
        nodes      INTEGER NOT NULL,
        moves      TEXT    NOT NULL,
        positions  TEXT    NOT NULL
    );",
    // 4: the opening rule's decisions (`Opening::record`), when the game has one.
    "ALTER TABLE games ADD COLUMN opening TEXT;",
    // 5: online games: the public id, the seats' token hashes (SHA-256, never the
    // tokens), the clocks (time control, each side's time left, whose turn runs since
    // when, and the last moment the server was known to be keeping it), a loss on time,
    // a draw agreed, the offers waiting for an answer, the rematch; and their chat.
    "CREATE TABLE online (
        game_id       INTEGER PRIMARY KEY,
        public_id     TEXT    NOT NULL UNIQUE,
        black_seat    TEXT,
        white_seat    TEXT,
        time_control  TEXT,
        black_ms      INTEGER NOT NULL DEFAULT 0,
        white_ms      INTEGER NOT NULL DEFAULT 0,
        running       TEXT,
        running_since INTEGER,
        checkpoint    INTEGER,
        lost_on_time  TEXT,
        draw_agreed   INTEGER NOT NULL DEFAULT 0,
        undo_request  TEXT,
        draw_offer    TEXT,
        rematch_offer TEXT,
        rematch_id    TEXT
    );
     CREATE TABLE chat (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id   INTEGER NOT NULL,
        at        INTEGER NOT NULL,
        color     TEXT    NOT NULL,
        text      TEXT    NOT NULL
    );
     CREATE INDEX chat_by_game ON chat (game_id, id);",
];

/// The schema version this program writes.
pub fn latest() -> i64 {
    STEPS.len() as i64
}

/// Brings the database to the latest schema; refuses one written by a newer program.
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > latest() {
        return Err(StoreError::TooNew {
            found,
            known: latest(),
        });
    }
    for (k, step) in STEPS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", k as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_from_scratch_and_from_each_version() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn).unwrap();
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, latest());
        // Running again changes nothing.
        migrate(&mut conn).unwrap();

        // A version-1 database with a game gets the new columns, the game kept.
        let mut old = Connection::open_in_memory().unwrap();
        old.execute_batch(STEPS[0]).unwrap();
        old.pragma_update(None, "user_version", 1).unwrap();
        old.execute(
            "INSERT INTO games (created_at, updated_at, rule, size, black, white, level,
             think_delay, moves) VALUES (1, 1, 'renju', 15, 'human', 'computer', 3, 1, 'h8')",
            [],
        )
        .unwrap();
        migrate(&mut old).unwrap();
        let (moves, result): (String, String) = old
            .query_row("SELECT moves, result FROM games", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((moves.as_str(), result.as_str()), ("h8", "ongoing"));
    }

    #[test]
    fn refuses_a_newer_database() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", latest() + 1)
            .unwrap();
        assert!(matches!(migrate(&mut conn), Err(StoreError::TooNew { .. })));
    }
}
