//! `cargo bench -p fiveinrow-rules`: play+undo and "all forbidden points" over a fixed
//! set of renju midgame positions (deterministic pseudo-random games focused around the
//! stones, 30 to 60 moves, the same on every run).

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use fiveinrow_rules::{Board, Game, Pos, Rule};

fn main() {
    divan::main();
}

/// A fixed pseudo-random generator (the positions must not change between runs).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn near_stones(game: &Game) -> Vec<Pos> {
    let b = game.board();
    b.points()
        .filter(|&p| game.check(p).is_ok())
        .filter(|&p| {
            (-2i64..=2).any(|dy| {
                (-2i64..=2).any(|dx| {
                    Pos::on_board(p.x() as i64 + dx, p.y() as i64 + dy, b.size())
                        .is_some_and(|q| b.get(q).is_some())
                })
            })
        })
        .collect()
}

fn positions() -> Vec<Game> {
    let mut rng = Lcg(20261129);
    let mut out = Vec::new();
    while out.len() < 16 {
        let mut g = Game::new(Rule::Renju, 15).unwrap();
        g.play(Pos::new(7, 7).expect("a point of the board"))
            .unwrap();
        let target = 30 + (rng.next() % 31) as usize;
        while g.move_count() < target && !g.is_over() {
            let c = near_stones(&g);
            if c.is_empty() {
                break;
            }
            let p = c[(rng.next() as usize) % c.len()];
            g.play(p).unwrap();
        }
        if !g.is_over() && g.move_count() == target {
            out.push(g);
        }
    }
    out
}

fn empty_points(b: &Board) -> usize {
    b.points().filter(|&p| b.get(p).is_none()).count()
}

/// Every legal move of every position played and taken back.
#[divan::bench]
fn play_undo(bencher: Bencher) {
    let games = positions();
    let moves: Vec<Vec<Pos>> = games.iter().map(|g| g.legal_moves()).collect();
    let total: usize = moves.iter().map(Vec::len).sum();
    bencher
        .counter(ItemsCount::new(total))
        .with_inputs(|| games.clone())
        .bench_local_refs(|games| {
            for (g, ms) in games.iter_mut().zip(&moves) {
                for &p in ms {
                    let _ = black_box(g.play(p));
                    g.undo(1);
                }
            }
        });
}

/// All forbidden points of each position; the counter is the number of empty points
/// judged, so the figure is time per point.
#[divan::bench]
fn forbidden_points(bencher: Bencher) {
    let boards: Vec<Board> = positions().iter().map(|g| g.board().clone()).collect();
    let total: usize = boards.iter().map(empty_points).sum();
    bencher.counter(ItemsCount::new(total)).bench(|| {
        for b in &boards {
            black_box(b.forbidden_points());
        }
    });
}

/// The single-point check on points next to stones only (where the work is).
#[divan::bench]
fn forbidden_kind_near_stones(bencher: Bencher) {
    let games = positions();
    let work: Vec<(Board, Vec<Pos>)> = games
        .iter()
        .map(|g| (g.board().clone(), near_stones(g)))
        .collect();
    let total: usize = work.iter().map(|w| w.1.len()).sum();
    bencher.counter(ItemsCount::new(total)).bench(|| {
        for (b, pts) in &work {
            for &p in pts {
                black_box(b.forbidden_kind(p));
            }
        }
    });
}
