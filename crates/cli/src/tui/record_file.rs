//! Saving and loading a game: the file's ending picks the format (`.sgf`, `.psq`,
//! anything else a move string). Loading replays every move through the rules core. An
//! SGF keeps the opening rule's decisions (`OPENING`), and loading one replays them.

use std::io::Read;

use anyhow::{bail, Context, Result};
use fiveinrow_rules::notation::{format_move_string, parse_moves};
use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::record::{
    read_psq, read_sgf_with_info, write_psq, write_sgf_with_info, RecordInfo,
};
use fiveinrow_rules::{Game, Record, Rule};

/// Largest record file loaded. A whole 22x22 game with comments takes a few KiB; the
/// limit keeps a wrong file (a video, /dev/zero) from filling memory. The web app's
/// import takes the same.
pub const MAX_RECORD_BYTES: u64 = 128 * 1024;

pub fn save(game: &Game, opening: Option<&Opening>, file: &str) -> Result<()> {
    let record = Record::from_game(game);
    let text = if file.ends_with(".sgf") {
        let info = RecordInfo {
            opening: opening.map(Opening::record),
            ..RecordInfo::default()
        };
        write_sgf_with_info(&record, &info)
    } else if file.ends_with(".psq") {
        write_psq(&record)?
    } else {
        format_move_string(&game.moves(), game.size()) + "\n"
    };
    std::fs::write(file, text).with_context(|| format!("writing {file}"))
}

/// Reads a game and its opening rule's decisions (SGF only); a PSQ file without a rule,
/// or a move string, takes `rule` (and a move string `size`).
pub fn load(file: &str, rule: Rule, size: u8) -> Result<(Game, Option<Opening>)> {
    let text = read_limited(file, MAX_RECORD_BYTES)?;
    let (record, info) = if file.ends_with(".sgf") {
        read_sgf_with_info(&text)?
    } else if file.ends_with(".psq") {
        (read_psq(&text, rule)?, RecordInfo::default())
    } else {
        let record = Record::new(rule, size, parse_moves(&text, size)?);
        (record, RecordInfo::default())
    };
    let game = record.to_game()?;
    let opening = match info.opening {
        Some(words) => Some(
            Opening::from_record_of(&words, &game)
                .map_err(|e| anyhow::anyhow!("{file}: its opening: {e}"))?,
        ),
        None => None,
    };
    Ok((game, opening))
}

/// The file's text, refused when longer than `limit` bytes. Reads at most one byte past
/// the limit, so a file that never ends is refused too.
fn read_limited(file: &str, limit: u64) -> Result<String> {
    let f = std::fs::File::open(file).with_context(|| format!("reading {file}"))?;
    let mut bytes = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {file}"))?;
    if bytes.len() as u64 > limit {
        bail!(
            "{file} is over {} KiB; a record file may hold at most {limit} bytes",
            limit / 1024
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{file} is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_over_the_limit_are_refused_without_reading_them_whole() {
        let dir = std::env::temp_dir().join(format!("fiveinrow-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let at = dir.join("at.txt");
        std::fs::write(&at, "h8".repeat(2048)).unwrap();
        let text = read_limited(at.to_str().unwrap(), 4096).unwrap();
        assert_eq!(text.len(), 4096);
        let over = dir.join("over.txt");
        std::fs::write(&over, "h8".repeat(2049)).unwrap();
        let e = read_limited(over.to_str().unwrap(), 4096).unwrap_err();
        assert!(e.to_string().contains("at most 4096 bytes"), "{e}");
        // A file with no end.
        if cfg!(unix) {
            let e = read_limited("/dev/zero", 4096).unwrap_err();
            assert!(e.to_string().contains("at most 4096 bytes"), "{e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
