//! The records of a match: a PSQ and an SGF file per game, each written whole or not at
//! all.

use std::path::Path;

use fiveinrow_rules::record::{write_psq, write_sgf};
use fiveinrow_rules::Record;

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
    let black = &config.engines[r.black].name;
    let white = &config.engines[1 - r.black].name;
    let record = Record::new(config.rule, config.size, r.moves.clone());
    let result = match r.winner {
        Some(w) if w == r.black => "B+",
        Some(_) => "W+",
        None => "0",
    };
    // The reason goes into the records too: SGF RE/C and player names in the root,
    // PSQ's player lines and a final comment line.
    let sgf = write_sgf(&record).replacen(
        "RU[",
        &format!(
            "PB[{}]PW[{}]RE[{result}]C[{}]RU[",
            esc(black),
            esc(white),
            esc(&r.reason)
        ),
        1,
    );
    let _ = write_whole(&dir.join(format!("game-{:04}.sgf", r.index + 1)), &sgf);
    if let Ok(psq) = write_psq(&record) {
        let psq = psq.replacen("-1\n", &format!("{black}\n{white}\n-1\n"), 1)
            + &format!("{result} {}\n", r.reason);
        let _ = write_whole(&dir.join(format!("game-{:04}.psq", r.index + 1)), &psq);
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}
