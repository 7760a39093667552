//! Text drawing of a board: columns as letters, rows numbered from the bottom, the last
//! move in parentheses, black's forbidden points under renju as `*`.

use std::fmt::Write;

use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::{Color, Game, Pos, Status};

pub fn draw(game: &Game) -> String {
    let n = game.size();
    let forbidden: Vec<Pos> = game
        .forbidden_points()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let last = game.last_move();
    let win: Vec<Pos> = match game.status() {
        Status::Won { line, .. } => line.clone(),
        _ => Vec::new(),
    };
    let letters: String = (0..n).map(|x| format!(" {}", (b'a' + x) as char)).collect();
    let mut out = String::new();
    let _ = writeln!(out, "   {letters}");
    for y in 0..n {
        let mut row = format!("{:>2} ", n - y);
        let mut prev_marked = false;
        for x in 0..n {
            let p = Pos::new(x, y).expect("a point of the board");
            let glyph = match game.board().get(p) {
                Some(Color::Black) if win.contains(&p) => '#',
                Some(Color::White) if win.contains(&p) => '@',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if forbidden.contains(&p) => '*',
                None => '.',
            };
            let marked = last == Some(p);
            row.push(if marked {
                '('
            } else if prev_marked {
                ')'
            } else {
                ' '
            });
            row.push(glyph);
            prev_marked = marked;
        }
        row.push(if prev_marked { ')' } else { ' ' });
        let _ = writeln!(out, "{} {:<2}", row.trim_end_matches(' '), n - y);
    }
    let _ = writeln!(out, "   {letters}");
    let _ = writeln!(out, "{}", status_line(game));
    out
}

/// One line: the rule, the move number and who is to move, or how the game ended.
pub fn status_line(game: &Game) -> String {
    let n = game.size();
    let head = format!(
        "{} {n}x{n}, move {}",
        game.rule(),
        game.board().stone_count()
    );
    match game.status() {
        Status::Ongoing => format!("{head}: {} to move", game.to_move()),
        Status::Draw if game.board().is_full() => format!("{head}: draw (board full)"),
        Status::Draw => format!("{head}: draw (every point left is forbidden for black)"),
        Status::Won { winner, line } => {
            let cells: Vec<String> = line.iter().map(|&p| to_human(p, n)).collect();
            format!("{head}: {winner} wins with {}", cells.join(" "))
        }
    }
}
