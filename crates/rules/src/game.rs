//! A game: the rule, the position, the history, undo and redo. Every move goes through
//! [`Game::play`], which answers with the new status or refuses and changes nothing.

use crate::board::Board;
use crate::error::{MoveError, RecordError, ReplayError, SetupError, ValueError};
use crate::forbidden::ForbiddenKind;
use crate::types::{check_size, Color, Pos, Rule, DEFAULT_SIZE};
use crate::zobrist::side_key;

/// Where a game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// `winner` made a winning line; `line` holds its cells (five, or more for an
    /// overline that wins) for highlighting.
    Won { winner: Color, line: Vec<Pos> },
    /// Nobody won and nothing can be played: the board is full, or (renju) black is to
    /// move and every empty point is forbidden for black.
    Draw,
}

impl Status {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Status::Won { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Played {
    pos: Pos,
    status_after: Status,
}

/// A game: rule, board, who is to move, and the history since the start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rule: Rule,
    board: Board,
    /// Stones of the start position (empty for a normal game).
    setup: Vec<(Pos, Color)>,
    first_to_move: Color,
    start_status: Status,
    history: Vec<Played>,
    /// Moves taken back by undo, the next one to redo last.
    redo: Vec<Pos>,
}

impl Default for Game {
    fn default() -> Self {
        Game::empty(Rule::default(), DEFAULT_SIZE)
    }
}

impl Game {
    /// A new game on an empty board. Errors for a size outside 5..=22.
    pub fn new(rule: Rule, size: u32) -> Result<Game, ValueError> {
        Ok(Game::empty(rule, check_size(size)?))
    }

    fn empty(rule: Rule, size: u8) -> Game {
        Game {
            rule,
            board: Board::new(size),
            setup: Vec::new(),
            first_to_move: Color::Black,
            start_status: Status::Ongoing,
            history: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A game from a set-up position (puzzles, the protocol's BOARD command, tests).
    /// Stones are checked for bounds and overlaps. The side to move is `to_move`, or
    /// inferred from the counts when `None` (black if equal, white if black has one more).
    /// A position that already holds a winning line starts as won; one where both colours
    /// have one is refused.
    pub fn from_setup(
        rule: Rule,
        size: u32,
        black: &[Pos],
        white: &[Pos],
        to_move: Option<Color>,
    ) -> Result<Game, SetupError> {
        let size = check_size(size).map_err(|_| SetupError::BadSize(size))?;
        let mut game = Game::empty(rule, size);
        for (color, stones) in [(Color::Black, black), (Color::White, white)] {
            for &p in stones {
                if !p.is_on(size) {
                    return Err(SetupError::OutOfBoard {
                        x: p.x().into(),
                        y: p.y().into(),
                        size,
                    });
                }
                if game.board.get(p).is_some() {
                    return Err(SetupError::Overlap { pos: p });
                }
                game.board.place_unchecked(p, color);
                game.setup.push((p, color));
            }
        }
        game.first_to_move = match to_move {
            Some(c) => c,
            None => match black.len() as isize - white.len() as isize {
                0 => Color::Black,
                1 => Color::White,
                _ => {
                    return Err(SetupError::CannotInferSide {
                        black: black.len(),
                        white: white.len(),
                    })
                }
            },
        };
        let black_win = game.board.find_winning_line(Color::Black, rule);
        let white_win = game.board.find_winning_line(Color::White, rule);
        game.start_status = match (black_win, white_win) {
            (Some(_), Some(_)) => return Err(SetupError::BothWon),
            (Some(line), None) => Status::Won {
                winner: Color::Black,
                line,
            },
            (None, Some(line)) => Status::Won {
                winner: Color::White,
                line,
            },
            (None, None) if game.is_stuck(game.first_to_move) => Status::Draw,
            (None, None) => Status::Ongoing,
        };
        Ok(game)
    }

    /// A game replayed from moves, black first. Errors for a bad size or at the first
    /// refused move.
    pub fn from_moves(rule: Rule, size: u32, moves: &[Pos]) -> Result<Game, RecordError> {
        let mut game = Game::new(rule, size)?;
        game.replay(moves)?;
        Ok(game)
    }

    /// Plays `moves` in order; stops at the first refused one (earlier ones stay played).
    pub fn replay(&mut self, moves: &[Pos]) -> Result<(), ReplayError> {
        let base = self.history.len();
        for (k, &pos) in moves.iter().enumerate() {
            self.play(pos).map_err(|error| ReplayError {
                index: base + k,
                pos,
                size: self.size(),
                error,
            })?;
        }
        Ok(())
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        if self.history.len().is_multiple_of(2) {
            self.first_to_move
        } else {
            self.first_to_move.opponent()
        }
    }

    /// The side to move in the start position.
    pub fn first_to_move(&self) -> Color {
        self.first_to_move
    }

    /// Stones of the start position (empty for a normal game), in the order given.
    pub fn setup(&self) -> &[(Pos, Color)] {
        &self.setup
    }

    /// Moves played since the start position.
    pub fn moves(&self) -> Vec<Pos> {
        self.history.iter().map(|h| h.pos).collect()
    }

    /// Number of moves played since the start position.
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    pub fn last_move(&self) -> Option<Pos> {
        self.history.last().map(|h| h.pos)
    }

    /// Where the game stands.
    pub fn status(&self) -> &Status {
        self.history
            .last()
            .map_or(&self.start_status, |h| &h.status_after)
    }

    pub fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// Position hash: the stones and the side to move.
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ side_key(self.to_move())
    }

    /// The same hash computed from scratch (for checks of the incremental one).
    pub fn hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch() ^ side_key(self.to_move())
    }

    /// Whether the side to move may play `pos` now, and why not. Changes nothing.
    pub fn check(&self, pos: Pos) -> Result<(), MoveError> {
        let size = self.size();
        if !pos.is_on(size) {
            return Err(MoveError::OutOfBoard {
                x: pos.x().into(),
                y: pos.y().into(),
                size,
            });
        }
        if self.board.get(pos).is_some() {
            return Err(MoveError::Occupied { pos });
        }
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if let Some(kind) = self.forbidden_for_mover(pos) {
            return Err(MoveError::Forbidden { pos, kind });
        }
        Ok(())
    }

    /// Like [`Game::check`] for coordinates from outside (a protocol line, a click), which
    /// may be negative or huge.
    pub fn check_xy(&self, x: i64, y: i64) -> Result<Pos, MoveError> {
        let pos = Pos::on_board(x, y, self.size()).ok_or(MoveError::OutOfBoard {
            x,
            y,
            size: self.size(),
        })?;
        self.check(pos).map(|()| pos)
    }

    /// Whether `mover` has no point to play: a full board, or under renju black with only
    /// forbidden points left. The rules have no pass, so such a game is a draw (nobody
    /// can make five any more).
    fn is_stuck(&self, mover: Color) -> bool {
        if self.board.is_full() {
            return true;
        }
        if self.rule != Rule::Renju || mover != Color::Black {
            return false;
        }
        // Most empty points are far from black's stones and legal: the scan stops early.
        !self
            .board
            .points()
            .any(|p| self.board.get(p).is_none() && self.board.forbidden_kind(p).is_none())
    }

    fn forbidden_for_mover(&self, pos: Pos) -> Option<ForbiddenKind> {
        if self.rule == Rule::Renju && self.to_move() == Color::Black {
            self.board.forbidden_kind(pos)
        } else {
            None
        }
    }

    /// Plays `pos` for the side to move: the new status, or why the move was refused
    /// (and then nothing changed). A new move ends the redo list unless it is the move
    /// that redo would have played.
    pub fn play(&mut self, pos: Pos) -> Result<Status, MoveError> {
        self.check(pos)?;
        let color = self.to_move();
        self.board.place_unchecked(pos, color);
        let status = match self.board.winning_line(pos, color, self.rule) {
            Some(line) => Status::Won {
                winner: color,
                line,
            },
            None if self.is_stuck(color.opponent()) => Status::Draw,
            None => Status::Ongoing,
        };
        self.history.push(Played {
            pos,
            status_after: status.clone(),
        });
        if self.redo.last() == Some(&pos) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(status)
    }

    /// [`Game::play`] for coordinates from outside.
    pub fn play_xy(&mut self, x: i64, y: i64) -> Result<Status, MoveError> {
        let pos = self.check_xy(x, y)?;
        self.play(pos)
    }

    /// Takes back up to `n` moves (never the start position); returns how many.
    pub fn undo(&mut self, n: usize) -> usize {
        let mut done = 0;
        while done < n {
            let Some(h) = self.history.pop() else { break };
            self.board.remove_unchecked(h.pos);
            self.redo.push(h.pos);
            done += 1;
        }
        done
    }

    /// Replays up to `n` moves that undo took back; returns how many.
    pub fn redo(&mut self, n: usize) -> usize {
        let mut done = 0;
        while done < n {
            let Some(&pos) = self.redo.last() else { break };
            if self.play(pos).is_err() {
                // Cannot happen for moves undo took back; stop rather than loop.
                self.redo.clear();
                break;
            }
            done += 1;
        }
        done
    }

    /// Forgets the moves redo would replay (a take-back agreed between two players is
    /// not to be replayed).
    pub fn clear_redo(&mut self) {
        self.redo.clear();
    }

    /// How many moves redo can replay.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The moves redo would replay, next first.
    pub fn redo_moves(&self) -> Vec<Pos> {
        self.redo.iter().rev().copied().collect()
    }

    /// Black's forbidden points now, with their kinds, in reading order; empty unless the
    /// rule is renju. (They are black's whichever side is to move.)
    pub fn forbidden_points(&self) -> Vec<(Pos, ForbiddenKind)> {
        if self.rule == Rule::Renju {
            self.board.forbidden_points()
        } else {
            Vec::new()
        }
    }

    /// Every point the side to move may play now (none when the game is over).
    pub fn legal_moves(&self) -> Vec<Pos> {
        if self.is_over() {
            return Vec::new();
        }
        self.board
            .points()
            .filter(|&p| self.board.get(p).is_none() && self.forbidden_for_mover(p).is_none())
            .collect()
    }
}
