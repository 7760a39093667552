//! Import and export of games as move strings, PSQ and SGF, all read and written by the
//! rules core's record module.

use fiveinrow_engine::review::Review;
use fiveinrow_rules::notation::format_move_string;
use fiveinrow_rules::opening::Opening;
pub use fiveinrow_rules::record::Format;
use fiveinrow_rules::record::{
    read_record, read_record_with_info, today, write_psq_with_info, write_sgf_annotated,
    write_sgf_with_info, RecordInfo, RecordResult, WinBy,
};
use fiveinrow_rules::{Game, Record, RecordError, Rule};

use crate::error::ApiError;
use crate::model::{GameEntry, Player};

/// A record format by the name a request gives, or a 400 that lists the names.
pub fn parse_format(name: &str) -> Result<Format, ApiError> {
    Format::parse(name).ok_or_else(|| {
        ApiError::bad_request(format!(
            "unknown format '{}' (moves, psq or sgf)",
            name.chars().take(20).collect::<String>()
        ))
    })
}

/// Refuses a record longer than `limit` bytes before any parsing.
pub fn check_length(text: &str, limit: usize) -> Result<(), ApiError> {
    if text.len() > limit {
        return Err(ApiError::RecordTooLarge {
            bytes: text.len(),
            limit,
        });
    }
    Ok(())
}

/// Reads a game; `rule` and `size` are used where the format does not carry them.
pub fn import(text: &str, format: Format, rule: Rule, size: u32) -> Result<Game, ApiError> {
    Ok(read_record(text, format, rule, size)?.to_game()?)
}

/// Reads a game with its opening rule's decisions, when the record keeps them (an SGF
/// written by this project: the `OPENING` property), so that an imported game still
/// shows its swaps and offers and, mid-opening, goes on with the next step.
pub fn import_with_opening(
    text: &str,
    format: Format,
    rule: Rule,
    size: u32,
) -> Result<(Game, Option<Opening>), ApiError> {
    let (record, info) = read_record_with_info(text, format, rule, size)?;
    let game = record.to_game()?;
    let opening = match info.opening {
        Some(words) => Some(
            Opening::from_record_of(&words, &game)
                .map_err(|e| ApiError::bad_request(format!("the record's opening: {e}")))?,
        ),
        None => None,
    };
    Ok((game, opening))
}

/// What an exported record says about a saved game besides its moves: the players
/// ("person", "computer (level N)"), the result (a resignation included) and today's date.
pub fn record_info(entry: &GameEntry) -> RecordInfo {
    let name = |player| match player {
        Player::Human => "person".to_string(),
        Player::Computer => format!("computer (level {})", entry.settings.level),
    };
    let result = match (entry.resigned, entry.lost_on_time()) {
        (Some(loser), _) => RecordResult::Win {
            winner: loser.opponent(),
            by: WinBy::Resign,
        },
        (None, Some(loser)) => RecordResult::Win {
            winner: loser.opponent(),
            by: WinBy::Time,
        },
        (None, None) if entry.draw_agreed() => RecordResult::Draw,
        (None, None) => RecordResult::of_game(&entry.game),
    };
    RecordInfo {
        black: Some(name(entry.players.black)),
        white: Some(name(entry.players.white)),
        result: Some(result),
        date: Some(today()),
        comment: None,
        opening: entry.opening.as_ref().map(|o| o.record()),
    }
}

/// Writes a game's played moves (not the redo list) in `format`, with as much of `info`
/// as the format holds (SGF all of it, PSQ the names and the result, a move string none);
/// SGF carries the game's review too, when it has one.
pub fn export(
    game: &Game,
    info: &RecordInfo,
    format: Format,
    review: Option<&Review>,
) -> Result<String, ApiError> {
    let record = Record::from_game(game);
    Ok(match format {
        Format::Sgf => match review {
            Some(r) => {
                let mut info = info.clone();
                info.comment = Some(r.sgf_summary());
                write_sgf_annotated(&record, &info, &r.sgf_notes(game.size()))
            }
            None => write_sgf_with_info(&record, info),
        },
        Format::Psq => write_psq_with_info(&record, info)?,
        Format::Moves if record.has_setup() => {
            return Err(RecordError::Unsupported(
                "a move string cannot hold a set-up position; use SGF".into(),
            )
            .into())
        }
        Format::Moves => format_move_string(&record.moves, record.size) + "\n",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_round_trips() {
        let game = import("h8i9j10", Format::Moves, Rule::Renju, 15).unwrap();
        let info = RecordInfo {
            black: Some("person".into()),
            white: Some("computer (level 5)".into()),
            result: Some(RecordResult::of_game(&game)),
            date: Some(today()),
            comment: None,
            opening: None,
        };
        for f in [Format::Moves, Format::Psq, Format::Sgf] {
            let text = export(&game, &info, f, None).unwrap();
            assert_eq!(Format::detect(&text), f, "{text}");
            let back = import(&text, f, Rule::Renju, 15).unwrap();
            assert_eq!(back.moves(), game.moves(), "{text}");
            assert_eq!(back.rule(), Rule::Renju);
        }
    }

    #[test]
    fn bad_records_are_refused_with_the_reason() {
        assert!(import("h8 h8", Format::Moves, Rule::Renju, 15).is_err());
        assert!(import("(;GM[1]", Format::Sgf, Rule::Renju, 15).is_err());
        assert!(import("h8", Format::Moves, Rule::Renju, 99).is_err());
        assert!(parse_format("doc").is_err());
    }
}
