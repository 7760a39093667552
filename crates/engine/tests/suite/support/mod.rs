//! Shared test helpers: the project data directory (`data/`) and puzzle parsing.
#![allow(dead_code)]

use fiveinrow_rules::{Color, Game, Pos, Rule};

pub use fiveinrow_testkit::read_data;

pub fn pos(s: &str) -> Pos {
    let (x, y) = s.split_once(',').unwrap_or_else(|| panic!("bad point {s}"));
    Pos::new(x.trim().parse().unwrap(), y.trim().parse().unwrap()).unwrap()
}

pub fn points(s: &str) -> Vec<Pos> {
    s.split_whitespace().map(pos).collect()
}

pub struct Puzzle {
    pub name: String,
    pub black: Vec<Pos>,
    pub white: Vec<Pos>,
    pub attacker: Color,
    pub vct: bool,
    pub win: bool,
}

pub fn puzzles() -> Vec<Puzzle> {
    let text = read_data("vcf-puzzles.txt");
    let mut out = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix('#') {
            if let Some(id) = c.split_whitespace().next().filter(|w| w.starts_with("VC")) {
                name = id.to_string();
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let (black, white) = if let Some(moves) = fields[0].strip_prefix("moves:") {
            let all = points(moves);
            (
                all.iter().step_by(2).copied().collect(),
                all.iter().skip(1).step_by(2).copied().collect(),
            )
        } else {
            let rest = fields[0].strip_prefix("B:").expect("B: or moves:");
            let (b, w) = rest.split_once("W:").expect("W:");
            (points(b), points(w))
        };
        let attacker = match fields[1].strip_prefix("attacker=").unwrap() {
            "black" => Color::Black,
            _ => Color::White,
        };
        let vct = fields[2] == "kind=VCT";
        let win = fields[3].starts_with("win");
        out.push(Puzzle {
            name: name.clone(),
            black,
            white,
            attacker,
            vct,
            win,
        });
    }
    out
}

impl Puzzle {
    /// The position with the attacker to move.
    pub fn game(&self) -> Game {
        Game::from_setup(
            Rule::Renju,
            15,
            &self.black,
            &self.white,
            Some(self.attacker),
        )
        .unwrap()
    }
}

/// Whether `color` has a five-point (an empty cell that wins for it) on the board.
pub fn has_five_point(game: &Game, color: Color) -> bool {
    let b = game.board();
    b.points()
        .any(|p| b.get(p).is_none() && b.makes_win(p, color, game.rule()))
}

/// Replays a claimed winning line with the rules core: attacker moves are fours (VCF)
/// or fours/threes (VCT), every move is legal, and the line ends in the attacker's win.
/// Returns an error saying which ply is wrong.
pub fn verify_line(mut game: Game, line: &[Pos], vcf: bool) -> Result<(), String> {
    let attacker = game.to_move();
    let mut k = 0;
    while k < line.len() {
        let p = line[k];
        if game.to_move() == attacker {
            game.play(p)
                .map_err(|e| format!("ply {k}: attacker {p}: {e}"))?;
            if game.status().winner() == Some(attacker) {
                return if k + 1 == line.len() {
                    Ok(())
                } else {
                    Err(format!("won at ply {k} but the line goes on"))
                };
            }
            if vcf && !has_five_point(&game, attacker) {
                return Err(format!("ply {k}: attacker {p} is not a four"));
            }
        } else {
            match game.check(p) {
                Ok(()) => {
                    game.play(p).unwrap();
                }
                // The defender may not block there (black's forbidden cell): any legal
                // defender move, then the attacker plays p.
                Err(_) if has_five_point(&game, attacker) => {
                    let any = game
                        .legal_moves()
                        .into_iter()
                        .find(|&q| q != p)
                        .ok_or("no legal defender move")?;
                    game.play(any).unwrap();
                    continue;
                }
                Err(e) => return Err(format!("ply {k}: defender {p}: {e}")),
            }
        }
        k += 1;
    }
    Err(format!("line ends without a win ({} plies)", line.len()))
}
