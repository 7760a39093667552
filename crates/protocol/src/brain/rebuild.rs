//! Bodies of BOARD, YXBOARD, SWAP2BOARD and YXBLOCK: their lines are collected until
//! DONE, then BOARD's stones are rebuilt into a game (replayed when they alternate,
//! else set up), SWAP2BOARD's into the opening so far, YXBLOCK's into blocked points.

use fiveinrow_rules::{Color, Game, Pos, Rule};

use super::{line, Brain, Output, ThinkKind};
use crate::command::{parse_body_line, BodyLine, Command};
use crate::error::ProtocolError;
use crate::swap2::Swap2Step;

/// A BOARD-like body being collected until DONE. The first bad line is kept as the
/// answer to DONE; the lines after it are read and dropped.
pub(super) struct Body {
    pub(super) command: Command,
    lines: Vec<BodyLine>,
    error: Option<ProtocolError>,
}

impl Body {
    pub(super) fn new(command: Command) -> Body {
        Body {
            command,
            lines: Vec::new(),
            error: None,
        }
    }

    fn push(&mut self, line: &str) {
        if self.error.is_some() {
            return;
        }
        match parse_body_line(line) {
            Ok(b) => self.lines.push(b),
            Err(e) => {
                self.error = Some(ProtocolError::BadBodyLine {
                    line: line.to_string(),
                    reason: Box::new(e),
                })
            }
        }
    }
}

impl Brain {
    /// One line while a body is open.
    pub(super) fn feed_body(&mut self, text: &str) -> Vec<Output> {
        let Some(body) = self.body.as_mut() else {
            return Vec::new();
        };
        if !text.eq_ignore_ascii_case("DONE") {
            body.push(text);
            return Vec::new();
        }
        let Some(body) = self.body.take() else {
            return Vec::new();
        };
        match body.error {
            Some(e) => line(format!("ERROR {e}")),
            None => self.finish_body(body.command, body.lines),
        }
    }

    fn finish_body(&mut self, cmd: Command, lines: Vec<BodyLine>) -> Vec<Output> {
        match cmd {
            Command::Board { think } => {
                if !self.started {
                    return line("ERROR BOARD before START");
                }
                match position_from_board(self.rule, self.size, &lines) {
                    Ok(game) => {
                        self.game = game;
                        if !think {
                            return Vec::new();
                        }
                        if let Some(e) = self.not_ready() {
                            return e;
                        }
                        self.think(ThinkKind::Move)
                    }
                    Err(e) => line(format!("ERROR {e}")),
                }
            }
            Command::Block { add } => {
                let points = match points_of(&lines, self.size) {
                    Ok(p) => p,
                    Err(e) => return line(format!("ERROR {e}")),
                };
                for p in points {
                    if add {
                        if !self.blocked.contains(&p) {
                            self.blocked.push(p);
                        }
                    } else {
                        self.blocked.retain(|&q| q != p);
                    }
                }
                Vec::new()
            }
            Command::Swap2Board => {
                if !self.started {
                    return line("ERROR SWAP2BOARD before START");
                }
                let moves = match points_of(&lines, self.size) {
                    Ok(p) => p,
                    Err(e) => return line(format!("ERROR {e}")),
                };
                let step = match moves.len() {
                    0 => Swap2Step::Propose,
                    3 => Swap2Step::AfterThree,
                    5 => Swap2Step::AfterFive,
                    n => return line(format!("ERROR SWAP2BOARD needs 0, 3 or 5 stones, got {n}")),
                };
                let game = match Game::from_moves(self.rule, self.size.into(), &moves) {
                    Ok(g) => g,
                    Err(e) => return line(format!("ERROR {e}")),
                };
                self.game = game;
                self.think(ThinkKind::Swap2(step))
            }
            _ => line("ERROR unexpected body"),
        }
    }
}

/// The points of a SWAP2BOARD or YXBLOCK body.
fn points_of(lines: &[BodyLine], size: u8) -> Result<Vec<Pos>, ProtocolError> {
    lines
        .iter()
        .map(|b| Pos::on_board(b.x, b.y, size).ok_or(ProtocolError::OffBoard { x: b.x, y: b.y }))
        .collect()
}

/// The position of a BOARD body. Own stones (1) belong to the side to move. Stones in
/// an order that alternates colours are replayed as a game (renju: so forbidden
/// moves are judged); otherwise they are a set-up. The colour with more stones is
/// black (equal counts: we are black).
pub(super) fn position_from_board(
    rule: Rule,
    size: u8,
    lines: &[BodyLine],
) -> Result<Game, ProtocolError> {
    let stones: Vec<(Pos, u8)> = lines
        .iter()
        .filter(|b| b.field != Some(3))
        .map(|b| {
            Pos::on_board(b.x, b.y, size)
                .map(|p| (p, b.field.unwrap_or(1)))
                .ok_or(ProtocolError::StoneOffBoard {
                    x: b.x,
                    y: b.y,
                    size,
                })
        })
        .collect::<Result<_, _>>()?;
    let own = stones.iter().filter(|s| s.1 == 1).count();
    let opp = stones.len() - own;
    let own_color = if opp > own {
        Color::White
    } else {
        Color::Black
    };
    let color_of = |f: u8| {
        if f == 1 {
            own_color
        } else {
            own_color.opponent()
        }
    };
    let alternating = stones.iter().enumerate().all(|(k, s)| {
        color_of(s.1)
            == if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }
    });
    if alternating && (own == opp || opp == own + 1) {
        let moves: Vec<Pos> = stones.iter().map(|s| s.0).collect();
        if let Ok(g) = Game::from_moves(rule, size.into(), &moves) {
            if !g.is_over() {
                return Ok(g);
            }
        }
    }
    let of_color = |c: Color| -> Vec<Pos> {
        stones
            .iter()
            .filter(|s| color_of(s.1) == c)
            .map(|s| s.0)
            .collect()
    };
    let game = Game::from_setup(
        rule,
        size.into(),
        &of_color(Color::Black),
        &of_color(Color::White),
        Some(own_color),
    )?;
    Ok(game)
}
