use fiveinrow_engine::bench::{game_of, POSITIONS};
use fiveinrow_engine::board::Board;
use fiveinrow_engine::movegen::{generate, Gen};
use std::time::Instant;
fn main() {
    for &p in POSITIONS {
        let g = game_of(p);
        let mut b = Board::from_game(&g);
        let moves: Vec<usize> = b.empty_cells().filter(|&i| b.near(i) > 0).collect();
        let t = Instant::now();
        let mut n = 0u64;
        for _ in 0..2000 {
            for &m in &moves {
                b.make(m);
                b.undo();
                n += 1;
            }
        }
        let per = t.elapsed().as_nanos() as f64 / n as f64;
        let t = Instant::now();
        let mut k = 0usize;
        for _ in 0..20000 {
            if let Gen::All(v) = generate(&b) {
                k += v.len();
            }
        }
        let gen = t.elapsed().as_nanos() as f64 / 20000.0;
        println!(
            "{:>7.1} ns make+undo, {:>7.1} ns generate ({k}) {}",
            per,
            gen,
            &p[..20]
        );
    }
}
