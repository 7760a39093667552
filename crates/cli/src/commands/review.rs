//! `fiveinrow review FILE`: the engine's verdict on every move of a game (a move string,
//! PSQ or SGF), one line per move and a summary per player; `--sgf OUT` writes the game
//! with the review as move comments and black's win rate in each node.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use fiveinrow_engine::review::{review, Mark, MoveReview, Review};
use fiveinrow_engine::{Engine, Limits, Options, Score};
use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::record::{
    read_record, read_sgf_with_info, write_sgf_annotated, Format, RecordInfo, RecordResult,
};
use fiveinrow_rules::{Color, Game, Record};

use crate::position::RuleArgs;
use crate::progress::Progress;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game: a file with a move string, PSQ or SGF (`-` reads standard input)
    file: String,
    /// Rule and size for formats that do not carry them (a move string; PSQ has no rule)
    #[command(flatten)]
    rules: RuleArgs,
    /// Time per position in milliseconds
    #[arg(long, conflicts_with = "nodes")]
    time: Option<u64>,
    /// Nodes per position (the default, 300000, when neither is given)
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Also write the game with the review to this SGF file
    #[arg(long)]
    sgf: Option<std::path::PathBuf>,
}

const DEFAULT_NODES: u64 = 300_000;

pub fn run(args: &Args) -> Result<ExitCode> {
    let text = if args.file == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file))?
    };
    if text.trim().is_empty() {
        bail!("{}: the file is empty", args.file);
    }
    let format = Format::detect(&text);
    let info = match format {
        Format::Sgf => read_sgf_with_info(&text)
            .map(|(_, i)| i)
            .unwrap_or_default(),
        _ => RecordInfo::default(),
    };
    let record = read_record(&text, format, args.rules.rule, args.rules.size.into())
        .with_context(|| format!("{}: not a readable game", args.file))?;
    let game = record.to_game().context("not a legal game")?;
    if game.moves().is_empty() {
        bail!("{}: the game has no moves to review", args.file);
    }
    let limits = match (args.time, args.nodes) {
        (Some(ms), _) => Limits::move_time(Duration::from_millis(ms)),
        (None, n) => Limits::nodes(n.unwrap_or(DEFAULT_NODES)),
    };
    let mut engine = Engine::new(Options {
        threads: args.threads.max(1),
        hash_mb: args.hash.max(1),
        ..Options::default()
    });
    let stop = AtomicBool::new(false);
    let total = game.moves().len() as u64 + 1;
    let progress = Progress::new(total, 10);
    let r = review(&mut engine, &game, &limits, &stop, &mut |v, done, _| {
        progress.update(done as u64, format!("position {} {}", v.ply, v.score));
    })?;
    progress.finish();

    let size = game.size();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "review {} moves {} rule {} size {} budget {}",
        args.file,
        r.moves.len(),
        game.rule().name(),
        size,
        match (args.time, args.nodes) {
            (Some(ms), _) => format!("{ms}ms"),
            (None, n) => format!("{}nodes", n.unwrap_or(DEFAULT_NODES)),
        }
    )?;
    for m in &r.moves {
        writeln!(out, "{}", move_line(m, size))?;
    }
    for player in [Color::Black, Color::White] {
        let s = r.summary(player);
        writeln!(
            out,
            "summary {} moves {} average-loss {:.1}% inaccuracies {} mistakes {} blunders {}",
            player.name(),
            s.moves,
            s.average_loss * 100.0,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        )?;
    }
    if let Some(path) = &args.sgf {
        let sgf = annotated_sgf(&game, &r, info);
        std::fs::write(path, sgf).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// A score in one word, for lines that scripts split on spaces: `+120`, `win:3`, `loss:2`.
fn token(s: Score) -> String {
    match s {
        Score::Eval(v) => format!("{v:+}"),
        Score::WinIn(n) => format!("win:{n}"),
        Score::LossIn(n) => format!("loss:{n}"),
    }
}

/// `move 12 white j10 before +120 after -340 best k11 loss 18.2% mark mistake` (scores
/// from the mover's view; `best -` when the engine had no move, `mark -` for none).
fn move_line(m: &MoveReview, size: u8) -> String {
    format!(
        "move {} {} {} before {} after {} best {} loss {:.1}% mark {}",
        m.number,
        m.mover.name(),
        to_human(m.played, size),
        token(m.before),
        token(m.after),
        m.best.map_or("-".into(), |b| to_human(b, size)),
        m.loss * 100.0,
        m.mark.map_or("-", Mark::name)
    )
}

/// The game as SGF with each move's verdict (see [`Review::sgf_notes`]) and the
/// players' sums as the game's comment.
fn annotated_sgf(game: &Game, r: &Review, mut info: RecordInfo) -> String {
    if info.result.is_none() {
        info.result = Some(RecordResult::of_game(game));
    }
    let summary = r.sgf_summary();
    info.comment = Some(match info.comment.take() {
        Some(c) => format!("{c}\n{summary}"),
        None => summary,
    });
    write_sgf_annotated(&Record::from_game(game), &info, &r.sgf_notes(game.size()))
}
