//! The game store: one SQLite file in the data folder, created on first start and brought
//! to the latest schema by [`migrations`]. Every change to a game is written at once.

mod migrations;
mod online;
mod reviews;
mod rows;

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::StoreError;
use crate::model::{now_ms, GameEntry};
pub use online::ChatLine;
pub use reviews::StoredReview;
pub use rows::GameSummary;

/// The database file's name inside the data folder.
pub const DB_FILE: &str = "games.sqlite3";

/// Most games the list returns (newest first).
const LIST_LIMIT: i64 = 500;

pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    /// Opens (creating when needed) the data folder and its database.
    pub fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(|source| StoreError::DataDir {
            path: data_dir.display().to_string(),
            source,
        })?;
        let mut conn = Connection::open(data_dir.join(DB_FILE))?;
        // WAL keeps a write cheap; a crash loses at most the last write, never the file.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        migrations::migrate(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// A store that lives in memory (unit tests).
    #[cfg(test)]
    pub fn in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic elsewhere while holding the lock leaves a usable connection.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Saves a new game and returns its id.
    pub fn insert(&self, entry: &GameEntry) -> Result<i64, StoreError> {
        let row = rows::Row::from_entry(entry);
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (created_at, updated_at, rule, size, black, white, level,
               think_delay, setup_black, setup_white, first_to_move, moves, redo, resigned,
               result, move_count, paused, opening)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
               ?18)",
            params![
                row.created_at,
                row.updated_at,
                row.rule,
                row.size,
                row.black,
                row.white,
                row.level,
                row.think_delay,
                row.setup_black,
                row.setup_white,
                row.first_to_move,
                row.moves,
                row.redo,
                row.resigned,
                row.result,
                row.move_count,
                row.paused,
                row.opening
            ],
        )?;
        let id = tx.last_insert_rowid();
        if let Some(o) = &entry.online {
            online::save(&tx, id, o)?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// Writes the game's current state (the position, redo list, result, settings).
    pub fn save(&self, entry: &GameEntry) -> Result<(), StoreError> {
        let row = rows::Row::from_entry(entry);
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "UPDATE games SET updated_at = ?2, black = ?3, white = ?4, level = ?5,
               think_delay = ?6, moves = ?7, redo = ?8, resigned = ?9, result = ?10,
               move_count = ?11, paused = ?12, opening = ?13
             WHERE id = ?1",
            params![
                entry.id,
                row.updated_at,
                row.black,
                row.white,
                row.level,
                row.think_delay,
                row.moves,
                row.redo,
                row.resigned,
                row.result,
                row.move_count,
                row.paused,
                row.opening
            ],
        )?;
        if let Some(o) = &entry.online {
            online::save(&tx, entry.id, o)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// A saved game, replayed through the rules core; `None` if there is no such id.
    pub fn load(&self, id: i64) -> Result<Option<GameEntry>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                &format!("SELECT {} FROM games WHERE id = ?1", rows::Row::COLUMNS),
                [id],
                rows::Row::read,
            )
            .optional()?;
        let Some(mut entry) = row.map(|r| r.into_entry()).transpose()? else {
            return Ok(None);
        };
        entry.online = online::load(&conn, id, now_ms())?;
        Ok(Some(entry))
    }

    /// The number of the online game with this public id.
    pub fn find_online(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        online::find(&self.conn(), public_id)
    }

    /// Notes that every running clock is being kept at `now` (see `store/online.rs`).
    pub fn checkpoint_clocks(&self, now: i64) -> Result<(), StoreError> {
        online::checkpoint(&self.conn(), now)
    }

    /// Keeps a line of an online game's chat.
    pub fn add_chat(&self, id: i64, line: &ChatLine) -> Result<(), StoreError> {
        online::add_chat(&self.conn(), id, line)
    }

    /// The last `limit` lines of an online game's chat, oldest first.
    pub fn chat(&self, id: i64, limit: i64) -> Result<Vec<ChatLine>, StoreError> {
        online::chat(&self.conn(), id, limit)
    }

    /// Online games whose clock runs.
    pub fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        online::running(&self.conn())
    }

    /// Saved games, the most recently changed first.
    pub fn list(&self) -> Result<Vec<GameSummary>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, created_at, updated_at, rule, size, black, white, level, result,
               move_count
             FROM games WHERE id NOT IN (SELECT game_id FROM online)
             ORDER BY updated_at DESC, id DESC LIMIT ?1",
        )?;
        let games = stmt
            .query_map([LIST_LIMIT], GameSummary::read)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(games)
    }

    /// Deletes a game and its review; false when there was none.
    pub fn delete(&self, id: i64) -> Result<bool, StoreError> {
        let conn = self.conn();
        conn.execute("DELETE FROM reviews WHERE game_id = ?1", [id])?;
        conn.execute("DELETE FROM online WHERE game_id = ?1", [id])?;
        conn.execute("DELETE FROM chat WHERE game_id = ?1", [id])?;
        Ok(conn.execute("DELETE FROM games WHERE id = ?1", [id])? > 0)
    }

    /// Keeps a game's review (replacing an older one).
    pub fn save_review(&self, id: i64, review: &StoredReview, size: u8) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT OR REPLACE INTO reviews (game_id, created_at, nodes, moves, positions)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                id,
                review.created_at,
                i64::try_from(review.nodes).unwrap_or(i64::MAX),
                review.moves,
                reviews::encode(&review.positions, size)
            ],
        )?;
        Ok(())
    }

    /// A game's stored review, if it has one.
    pub fn load_review(&self, id: i64, size: u8) -> Result<Option<StoredReview>, StoreError> {
        let row: Option<(i64, i64, String, String)> = self
            .conn()
            .query_row(
                "SELECT created_at, nodes, moves, positions FROM reviews WHERE game_id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?;
        let Some((created_at, nodes, moves, positions)) = row else {
            return Ok(None);
        };
        let positions = reviews::decode(&positions, size)
            .map_err(|reason| StoreError::Corrupt { id, reason })?;
        Ok(Some(StoredReview {
            created_at,
            nodes: u64::try_from(nodes).unwrap_or(0),
            moves,
            positions,
        }))
    }
}
