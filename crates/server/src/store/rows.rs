//! A game as a table row and back. Positions are stored as move strings and replayed
//! through the rules core on load, so a saved game can never hold an illegal position.

use fiveinrow_rules::notation::{format_move_string, parse_move_string};
use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::{Color, Game, Pos, Record, Rule};
use rusqlite::Row as SqlRow;
use serde::Serialize;

use crate::error::StoreError;
use crate::model::{GameEntry, Player, Players, Settings};

/// The columns of a `games` row, as written and read.
pub struct Row {
    pub id: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub rule: String,
    pub size: i64,
    pub black: String,
    pub white: String,
    pub level: i64,
    pub think_delay: bool,
    pub setup_black: String,
    pub setup_white: String,
    pub first_to_move: String,
    pub moves: String,
    pub redo: String,
    pub resigned: Option<String>,
    pub result: String,
    pub move_count: i64,
    pub paused: bool,
    pub opening: Option<String>,
}

impl Row {
    pub const COLUMNS: &'static str = "id, created_at, updated_at, rule, size, black, white,
        level, think_delay, setup_black, setup_white, first_to_move, moves, redo, resigned,
        result, move_count, paused, opening";

    pub fn from_entry(e: &GameEntry) -> Row {
        let size = e.game.size();
        let setup = |color| -> Vec<Pos> {
            e.game
                .setup()
                .iter()
                .filter(|&&(_, c)| c == color)
                .map(|&(p, _)| p)
                .collect()
        };
        Row {
            id: e.id,
            created_at: e.created_at,
            updated_at: e.updated_at,
            rule: e.game.rule().name().to_string(),
            size: size.into(),
            black: e.players.black.name().to_string(),
            white: e.players.white.name().to_string(),
            level: e.settings.level.into(),
            think_delay: e.settings.think_delay,
            setup_black: format_move_string(&setup(Color::Black), size),
            setup_white: format_move_string(&setup(Color::White), size),
            first_to_move: e.game.first_to_move().name().to_string(),
            moves: format_move_string(&e.game.moves(), size),
            redo: format_move_string(&e.game.redo_moves(), size),
            resigned: e.resigned.map(|c| c.name().to_string()),
            result: e.result().to_string(),
            move_count: e.game.move_count() as i64,
            paused: e.paused,
            opening: e.opening.as_ref().map(|o| o.record()),
        }
    }

    pub fn read(r: &SqlRow<'_>) -> rusqlite::Result<Row> {
        Ok(Row {
            id: r.get(0)?,
            created_at: r.get(1)?,
            updated_at: r.get(2)?,
            rule: r.get(3)?,
            size: r.get(4)?,
            black: r.get(5)?,
            white: r.get(6)?,
            level: r.get(7)?,
            think_delay: r.get(8)?,
            setup_black: r.get(9)?,
            setup_white: r.get(10)?,
            first_to_move: r.get(11)?,
            moves: r.get(12)?,
            redo: r.get(13)?,
            resigned: r.get(14)?,
            result: r.get(15)?,
            move_count: r.get(16)?,
            paused: r.get(17)?,
            opening: r.get(18)?,
        })
    }

    /// Replays the row through the rules core: set-up, moves, then the redo list.
    pub fn into_entry(self) -> Result<GameEntry, StoreError> {
        let id = self.id;
        let corrupt = |reason: String| StoreError::Corrupt { id, reason };
        let rule: Rule = self.rule.parse().map_err(|e| corrupt(format!("{e}")))?;
        let size = u8::try_from(self.size).map_err(|_| corrupt("bad size".into()))?;
        let moves_of =
            |text: &str| parse_move_string(text, size).map_err(|e| corrupt(e.to_string()));
        let color = |name: &str| match name {
            "white" => Color::White,
            _ => Color::Black,
        };
        let player =
            |name: &str| Player::parse(name).ok_or_else(|| corrupt(format!("player '{name}'")));
        let record = Record {
            rule,
            size,
            setup_black: moves_of(&self.setup_black)?,
            setup_white: moves_of(&self.setup_white)?,
            first_to_move: color(&self.first_to_move),
            moves: moves_of(&self.moves)?,
        };
        let mut game: Game = record.to_game().map_err(|e| corrupt(e.to_string()))?;
        // The opening's decisions replay to the first stones of the game.
        let opening = match &self.opening {
            Some(text) => Some(Opening::from_record_of(text, &game).map_err(corrupt)?),
            None => None,
        };
        let redo = moves_of(&self.redo)?;
        // Playing the redo moves and taking them back rebuilds the redo list in order.
        if game.replay(&redo).is_ok() {
            game.undo(redo.len());
        }
        Ok(GameEntry {
            id,
            game,
            players: Players {
                black: player(&self.black)?,
                white: player(&self.white)?,
            },
            settings: Settings {
                level: u8::try_from(self.level).unwrap_or(1).clamp(1, 8),
                think_delay: self.think_delay,
            },
            resigned: self.resigned.as_deref().map(color),
            paused: self.paused,
            opening,
            online: None,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// One line of the list of saved games.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    pub id: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub rule: String,
    pub size: i64,
    pub black: String,
    pub white: String,
    pub level: i64,
    /// "ongoing", "black", "white" or "draw".
    pub result: String,
    pub move_count: i64,
}

impl GameSummary {
    pub fn read(r: &SqlRow<'_>) -> rusqlite::Result<GameSummary> {
        Ok(GameSummary {
            id: r.get(0)?,
            created_at: r.get(1)?,
            updated_at: r.get(2)?,
            rule: r.get(3)?,
            size: r.get(4)?,
            black: r.get(5)?,
            white: r.get(6)?,
            level: r.get(7)?,
            result: r.get(8)?,
            move_count: r.get(9)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn entry(moves: &str) -> GameEntry {
        let ms = parse_move_string(moves, 15).unwrap();
        GameEntry {
            id: 0,
            game: Game::from_moves(Rule::Renju, 15, &ms).unwrap(),
            players: Players {
                black: Player::Human,
                white: Player::Computer,
            },
            settings: Settings {
                level: 3,
                think_delay: false,
            },
            resigned: None,
            paused: false,
            opening: None,
            online: None,
            created_at: 5,
            updated_at: 6,
        }
    }

    #[test]
    fn a_game_comes_back_move_for_move_with_its_redo_list() {
        let store = Store::in_memory().unwrap();
        let mut e = entry("h8i9j10h9");
        e.game.undo(2);
        e.id = store.insert(&e).unwrap();
        let back = store.load(e.id).unwrap().unwrap();
        assert_eq!(back.game, e.game);
        assert_eq!(back.game.redo_moves(), e.game.redo_moves());
        assert_eq!(back.players, e.players);
        assert_eq!(back.settings, e.settings);

        e.resigned = Some(Color::Black);
        e.game.redo(2);
        store.save(&e).unwrap();
        let back = store.load(e.id).unwrap().unwrap();
        assert_eq!(back.game.moves(), e.game.moves());
        assert_eq!(back.resigned, Some(Color::Black));
        assert_eq!(back.result(), "white");
        let list = store.list().unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!((list[0].move_count, list[0].result.as_str()), (4, "white"));
        assert!(store.delete(e.id).unwrap());
        assert!(store.load(e.id).unwrap().is_none());
        assert!(!store.delete(e.id).unwrap());
    }

    #[test]
    fn set_up_positions_are_kept() {
        let store = Store::in_memory().unwrap();
        let mut e = entry("");
        let p = |s| fiveinrow_rules::notation::parse_human(s, 15).unwrap();
        e.game = Game::from_setup(Rule::Renju, 15, &[p("h8"), p("i9")], &[p("a1")], None).unwrap();
        e.game.play(p("c3")).unwrap();
        e.id = store.insert(&e).unwrap();
        assert_eq!(store.load(e.id).unwrap().unwrap().game, e.game);
    }
}
