//! The records of a match: a PSQ and an SGF file per game, each written whole or not at
//! all.

use std::path::Path;

use fiveinrow_rules::record::{
    today, write_psq_with_info, write_sgf_with_info, RecordInfo, RecordResult, WinBy,
};
use fiveinrow_rules::{Color, Record};

use super::{GameResult, MatchConfig};

/// Writes game `r`'s records into `dir` (made if missing); a failure loses only them.
pub(super) fn write_records(dir: &Path, config: &MatchConfig, r: &GameResult) {
    // A record appears whole or not at all: written under a temporary name in the same
    // folder, flushed, then renamed to its name (atomic on one file system), so a match
    // killed at any moment never leaves a half-written record.
    fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        let result = written.and_then(|()| std::fs::rename(&tmp, path));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
    let _ = std::fs::create_dir_all(dir);
    let record = Record::new(config.rule, config.size, r.moves.clone());
    let info = record_info(config, r);
    let sgf = write_sgf_with_info(&record, &info);
    let _ = write_whole(&dir.join(record_name(r.index, "sgf")), &sgf);
    if let Ok(psq) = write_psq_with_info(&record, &info) {
        let _ = write_whole(&dir.join(record_name(r.index, "psq")), &psq);
    }
}

/// The file name of game `index`'s record (`game-0001.sgf` for the first).
pub(super) fn record_name(index: usize, extension: &str) -> String {
    format!("game-{:04}.{extension}", index + 1)
}

/// The players, the result, today's date, and how the game ended in words.
fn record_info(config: &MatchConfig, r: &GameResult) -> RecordInfo {
    let result = match r.winner {
        Some(w) => RecordResult::Win {
            winner: if w == r.black {
                Color::Black
            } else {
                Color::White
            },
            by: if r.on_time { WinBy::Time } else { WinBy::Five },
        },
        None => RecordResult::Draw,
    };
    RecordInfo {
        black: Some(config.engines[r.black].name.clone()),
        white: Some(config.engines[1 - r.black].name.clone()),
        result: Some(result),
        date: Some(today()),
        comment: Some(r.reason.clone()),
        opening: r.opening.clone(),
    }
}
