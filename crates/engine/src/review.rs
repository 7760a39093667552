//! Game review: the engine's verdict on every move of a finished (or saved) game. Each
//! position is searched for its best move and score; a move's loss is how much of the
//! mover's chance of winning ([`Score::win_rate`]) it gave away against that best move,
//! and marks follow fixed thresholds on the loss. The command line, the web app and its
//! stored reviews all read these types.
//!
//! Positions are searched from the last to the first with one transposition table: the
//! search of a position then finds its successors' results already in the table, so a
//! forced win found late in the game is known to the moves that led to it.

use std::sync::atomic::AtomicBool;

use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::record::{Judgement, MoveNote};
use fiveinrow_rules::{Color, Game, Pos, Status};

use crate::engine::{Engine, EngineError};
use crate::limits::Limits;
use crate::score::Score;

/// How bad a move was, by the share of the win rate it lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// Least win-rate loss (0..1) of each mark, in order.
    pub const THRESHOLDS: [(Mark, f64); 3] = [
        (Mark::Blunder, 0.30),
        (Mark::Mistake, 0.20),
        (Mark::Inaccuracy, 0.10),
    ];

    /// The mark of a move that lost `loss` of the win rate (none below the least).
    pub fn of_loss(loss: f64) -> Option<Mark> {
        Mark::THRESHOLDS
            .iter()
            .find(|&&(_, least)| loss >= least)
            .map(|&(m, _)| m)
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    pub fn parse(name: &str) -> Option<Mark> {
        [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// The engine's verdict on one position, for its side to move.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionVerdict {
    /// Number of moves played before this position (0: the start).
    pub ply: usize,
    /// The side to move's score; a game already won here is `LossIn(0)` for it.
    pub score: Score,
    /// The best move and its line (empty when the game is over here).
    pub pv: Vec<Pos>,
}

impl PositionVerdict {
    pub fn best(&self) -> Option<Pos> {
        self.pv.first().copied()
    }

    /// Black's chance of winning here, 0..1 (the evaluation graph's value).
    pub fn black_win_rate(&self, to_move: Color) -> f64 {
        let r = self.score.win_rate();
        if to_move == Color::Black {
            r
        } else {
            1.0 - r
        }
    }
}

/// One move of the game as the review judges it, from the mover's view.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview {
    /// 1-based move number.
    pub number: usize,
    pub mover: Color,
    pub played: Pos,
    /// The engine's best move in the position before it.
    pub best: Option<Pos>,
    /// The position before the move (best play).
    pub before: Score,
    /// The position after the move.
    pub after: Score,
    /// Win rate given away against the best move, 0..1 (0 when the move is the best).
    pub loss: f64,
    pub mark: Option<Mark>,
}

/// A player's moves in sum.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlayerSummary {
    pub moves: usize,
    /// Mean win-rate loss per move, 0..1.
    pub average_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// A whole game's review: one verdict per position (the start to the end) and one
/// judgement per move.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Who moved first (after any set-up stones).
    pub first: Color,
    pub positions: Vec<PositionVerdict>,
    pub moves: Vec<MoveReview>,
}

impl Review {
    /// Judges every move from the verdicts of the positions before and after it.
    /// `positions` holds one verdict per position, ply 0 to the end (`moves.len() + 1`).
    pub fn from_verdicts(first: Color, moves: &[Pos], positions: Vec<PositionVerdict>) -> Review {
        assert_eq!(positions.len(), moves.len() + 1, "one verdict per position");
        let mut mover = first;
        let judged = moves
            .iter()
            .enumerate()
            .map(|(i, &played)| {
                let before = positions[i].score;
                let after = positions[i + 1].score.negate();
                let best = positions[i].best();
                let loss = if best == Some(played) {
                    0.0
                } else {
                    (before.win_rate() - after.win_rate()).max(0.0)
                };
                let m = MoveReview {
                    number: i + 1,
                    mover,
                    played,
                    best,
                    before,
                    after,
                    loss,
                    mark: Mark::of_loss(loss),
                };
                mover = mover.opponent();
                m
            })
            .collect();
        Review {
            first,
            positions,
            moves: judged,
        }
    }

    /// The side to move at position `ply`.
    pub fn to_move(&self, ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// Black's win rate at every position, the start to the end.
    pub fn black_win_rates(&self) -> Vec<f64> {
        self.positions
            .iter()
            .map(|p| p.black_win_rate(self.to_move(p.ply)))
            .collect()
    }

    /// What an SGF record says of each move: the verdict as its comment, the mark as a
    /// judgement, and black's win rate after it (percent) as the value.
    pub fn sgf_notes(&self, size: u8) -> Vec<MoveNote> {
        let rates = self.black_win_rates();
        self.moves
            .iter()
            .map(|m| {
                let best = match m.best {
                    Some(b) if b != m.played => {
                        format!("; best {} ({})", to_human(b, size), m.before)
                    }
                    _ => String::new(),
                };
                let mark = m.mark.map_or(String::new(), |k| format!("{}: ", k.name()));
                MoveNote {
                    comment: Some(format!(
                        "{mark}{} after the move, loss {:.1}%{best}",
                        m.after,
                        m.loss * 100.0
                    )),
                    value: Some((rates[m.number] * 1000.0).round() / 10.0),
                    judgement: m.mark.map(|k| match k {
                        Mark::Inaccuracy => Judgement::Doubtful,
                        Mark::Mistake => Judgement::Bad,
                        Mark::Blunder => Judgement::VeryBad,
                    }),
                }
            })
            .collect()
    }

    /// The game's comment: each player's sums in one line.
    pub fn sgf_summary(&self) -> String {
        let players: Vec<String> = [Color::Black, Color::White]
            .iter()
            .map(|&c| {
                let s = self.summary(c);
                format!(
                    "{}: average loss {:.1}%, inaccuracies {}, mistakes {}, blunders {}",
                    c.name(),
                    s.average_loss * 100.0,
                    s.inaccuracies,
                    s.mistakes,
                    s.blunders
                )
            })
            .collect();
        format!("FiveInRow review. {}", players.join("; "))
    }

    pub fn summary(&self, player: Color) -> PlayerSummary {
        let mut s = PlayerSummary::default();
        let mut total = 0.0;
        for m in self.moves.iter().filter(|m| m.mover == player) {
            s.moves += 1;
            total += m.loss;
            match m.mark {
                Some(Mark::Inaccuracy) => s.inaccuracies += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Blunder) => s.blunders += 1,
                None => {}
            }
        }
        if s.moves > 0 {
            s.average_loss = total / s.moves as f64;
        }
        s
    }
}

/// Why a review has no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("the review was stopped")]
    Stopped,
    #[error("the game has no moves to review")]
    NoMoves,
}

/// The verdict on the position `game` stands in.
fn verdict(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
) -> PositionVerdict {
    let ply = game.move_count();
    match game.status() {
        Status::Won { .. } => PositionVerdict {
            ply,
            score: Score::LossIn(0),
            pv: Vec::new(),
        },
        Status::Draw => PositionVerdict {
            ply,
            score: Score::Eval(0),
            pv: Vec::new(),
        },
        Status::Ongoing => match engine.search(game, limits, stop, &mut |_| {}) {
            Ok(r) => PositionVerdict {
                ply,
                score: r.score,
                pv: r.pv,
            },
            // No legal move (black fenced in by forbidden points): nobody can win here.
            Err(EngineError::NoMove | EngineError::GameOver) => PositionVerdict {
                ply,
                score: Score::Eval(0),
                pv: Vec::new(),
            },
        },
    }
}

/// A review in progress, one position at a time (from the last to the first), so that a
/// caller can share search slots between positions, report progress and stop.
pub struct Reviewer {
    /// The position to search next: the game with the later moves taken back.
    game: Game,
    moves: Vec<Pos>,
    /// Verdicts found so far, the last position first.
    verdicts: Vec<PositionVerdict>,
    finished: bool,
}

impl Reviewer {
    pub fn new(game: &Game) -> Result<Reviewer, ReviewError> {
        let moves = game.moves();
        if moves.is_empty() {
            return Err(ReviewError::NoMoves);
        }
        Ok(Reviewer {
            game: game.clone(),
            verdicts: Vec::with_capacity(moves.len() + 1),
            moves,
            finished: false,
        })
    }

    /// Positions to search: the start, and one after each move.
    pub fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// Positions searched so far.
    pub fn done(&self) -> usize {
        self.verdicts.len()
    }

    /// Searches the next position and returns its verdict; `None` once every position
    /// has one. Setting `stop` during the search ends it with [`ReviewError::Stopped`]
    /// (and the position is not counted).
    pub fn step(
        &mut self,
        engine: &mut Engine,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<Option<&PositionVerdict>, ReviewError> {
        if self.finished {
            return Ok(None);
        }
        let v = verdict(engine, &self.game, limits, stop);
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(ReviewError::Stopped);
        }
        self.verdicts.push(v);
        if self.game.undo(1) == 0 {
            self.finished = true;
        }
        Ok(self.verdicts.last())
    }

    /// The review, once [`Reviewer::step`] has answered `None` (or every position is done).
    pub fn finish(mut self) -> Option<Review> {
        if self.verdicts.len() < self.total() {
            return None;
        }
        self.verdicts.reverse();
        Some(Review::from_verdicts(
            self.game.to_move(),
            &self.moves,
            self.verdicts,
        ))
    }
}

/// Reviews every move of `game` (its set-up stones are the start), each position searched
/// under `limits`. `on_position` hears each verdict as it comes (the last position
/// first) with the count done and the total. Setting `stop` ends it with
/// [`ReviewError::Stopped`].
pub fn review(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    on_position: &mut dyn FnMut(&PositionVerdict, usize, usize),
) -> Result<Review, ReviewError> {
    let mut reviewer = Reviewer::new(game)?;
    let total = reviewer.total();
    while let Some(v) = reviewer.step(engine, limits, stop)? {
        let v = v.clone();
        on_position(&v, reviewer.done(), total);
    }
    Ok(reviewer.finish().expect("every position was searched"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ply: usize, score: Score, best: Option<Pos>) -> PositionVerdict {
        PositionVerdict {
            ply,
            score,
            pv: best.into_iter().collect(),
        }
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_loss(0.05), None);
        assert_eq!(Mark::of_loss(0.10), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(0.9), Some(Mark::Blunder));
        for m in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
            assert_eq!(Mark::parse(m.name()), Some(m));
        }
    }

    #[test]
    fn a_move_is_judged_from_the_positions_around_it() {
        let p = |x, y| Pos::new(x, y).unwrap();
        let (a, b, c) = (p(7, 7), p(8, 8), p(9, 9));
        // Black plays the best move; white then throws a won position away.
        let positions = vec![
            at(0, Score::Eval(50), Some(a)),
            at(1, Score::Eval(200), Some(c)),
            at(2, Score::WinIn(4), Some(a)),
        ];
        let r = Review::from_verdicts(Color::Black, &[a, b], positions);
        assert_eq!(r.moves[0].loss, 0.0, "the engine's own move loses nothing");
        assert_eq!(r.moves[0].mark, None);
        let w = &r.moves[1];
        assert_eq!(
            (w.mover, w.best, w.after),
            (Color::White, Some(c), Score::LossIn(4))
        );
        assert!(w.loss > 0.5, "{w:?}");
        assert_eq!(w.mark, Some(Mark::Blunder));
        let s = r.summary(Color::White);
        assert_eq!((s.moves, s.blunders), (1, 1));
        let rates = r.black_win_rates();
        assert_eq!(rates.len(), 3);
        assert_eq!(rates[2], 1.0, "black wins at the end");
    }
}
