//! What a record says about a game besides its moves: the players, how it ended, when it
//! was played and a comment. The rule and the size are the [`Record`](super::Record)'s
//! own. SGF holds all of it (`PB`, `PW`, `RE`, `DT`, `C`); PSQ holds the names.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::game::{Game, Status};
use crate::types::Color;

/// How a won game was won, as far as the record says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinBy {
    /// Won on the board, or for a reason SGF has no letter for (a crash, an illegal move:
    /// the comment says which). SGF `B+` / `W+`.
    Five,
    /// The loser resigned: `B+R` / `W+R`.
    Resign,
    /// The loser ran out of time: `B+T` / `W+T`.
    Time,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordResult {
    Win {
        winner: Color,
        by: WinBy,
    },
    /// SGF `0`.
    Draw,
    /// Not known or not finished: SGF `?` (`Void` reads as this too).
    Unknown,
}

impl RecordResult {
    /// The SGF `RE` value.
    pub fn to_sgf(self) -> String {
        match self {
            RecordResult::Win { winner, by } => {
                let side = if winner == Color::Black { 'B' } else { 'W' };
                let how = match by {
                    WinBy::Five => "",
                    WinBy::Resign => "R",
                    WinBy::Time => "T",
                };
                format!("{side}+{how}")
            }
            RecordResult::Draw => "0".into(),
            RecordResult::Unknown => "?".into(),
        }
    }

    /// Reads an SGF `RE` value; what it cannot read is [`RecordResult::Unknown`].
    pub fn from_sgf(value: &str) -> RecordResult {
        let v = value.trim();
        let win = |winner, rest: &str| {
            let by = match rest.trim() {
                "R" | "Resign" => WinBy::Resign,
                "T" | "Time" => WinBy::Time,
                _ => WinBy::Five,
            };
            RecordResult::Win { winner, by }
        };
        if let Some(rest) = v.strip_prefix("B+") {
            win(Color::Black, rest)
        } else if let Some(rest) = v.strip_prefix("W+") {
            win(Color::White, rest)
        } else if v == "0" || v.eq_ignore_ascii_case("draw") || v.eq_ignore_ascii_case("jigo") {
            RecordResult::Draw
        } else {
            RecordResult::Unknown
        }
    }

    /// The result of a game as it stands: a five, a full board, or not over yet.
    pub fn of_game(game: &Game) -> RecordResult {
        match game.status() {
            Status::Won { winner, .. } => RecordResult::Win {
                winner: *winner,
                by: WinBy::Five,
            },
            Status::Draw => RecordResult::Draw,
            Status::Ongoing => RecordResult::Unknown,
        }
    }
}

/// A record's metadata; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub result: Option<RecordResult>,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    /// A comment on the whole game (the match runner puts how it ended there).
    pub comment: Option<String>,
    /// The opening rule's decisions ([`crate::opening::Opening::record`]): SGF keeps them
    /// in the root property `OPENING`, beside the moves every program reads.
    pub opening: Option<String>,
}

impl RecordInfo {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        *self == RecordInfo::default()
    }
}

/// How a record judges a move (SGF's move annotations).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    /// `DO[]`: doubtful.
    Doubtful,
    /// `BM[1]`: a bad move.
    Bad,
    /// `BM[2]`: a very bad move.
    VeryBad,
}

/// What a record says about one move; every field is optional. SGF holds all of it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MoveNote {
    pub comment: Option<String>,
    /// The evaluation after the move (SGF `V`, a real number; its meaning is the
    /// writer's, here black's chance of winning in percent).
    pub value: Option<f64>,
    pub judgement: Option<Judgement>,
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date_of_day(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// The civil date of day `days` after 1970-01-01 (proleptic Gregorian calendar).
fn date_of_day(days: i64) -> String {
    // Count in 400-year eras starting on March 1st, so the leap day ends a year.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // 0 = March
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_days() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(59), "1970-03-01");
        assert_eq!(date_of_day(11_016), "2000-02-29");
        assert_eq!(date_of_day(19_782), "2024-02-29");
        assert_eq!(date_of_day(20_453), "2025-12-31");
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn results_read_back() {
        for r in [
            RecordResult::Win {
                winner: Color::Black,
                by: WinBy::Five,
            },
            RecordResult::Win {
                winner: Color::White,
                by: WinBy::Resign,
            },
            RecordResult::Win {
                winner: Color::Black,
                by: WinBy::Time,
            },
            RecordResult::Draw,
            RecordResult::Unknown,
        ] {
            assert_eq!(RecordResult::from_sgf(&r.to_sgf()), r);
        }
        assert_eq!(RecordResult::from_sgf("Void"), RecordResult::Unknown);
    }
}
