//! Iterative deepening over the root moves: the main thread's iterations (with
//! aspiration windows, multi-PV, progress reports and the time plan's soft stop), and the
//! helper threads that join once the main thread is deep enough (Lazy SMP on one table).

use std::cmp::Reverse;
use std::sync::atomic::Ordering;
use std::time::Instant;

use fiveinrow_rules::layout::pos_of;

use crate::board::pattern_board::PatternBoard;
use crate::engine::Info;
use crate::limits::Stability;
use crate::score::{Score, WIN, WIN_BOUND};
use crate::search::gate::Gate;
use crate::search::learned::Learned;
use crate::search::worker::{Line, Shared, Worker};

/// What one search's deepening works on.
pub(crate) struct Deepening<'a> {
    pub shared: &'a Shared<'a>,
    pub board: &'a PatternBoard,
    pub root_moves: &'a [usize],
    pub multipv: usize,
    pub max_depth: i32,
    pub threads: usize,
    /// When the clock started (for the reports).
    pub start: Instant,
}

/// The deepening's result: the best lines of the last usable iteration, best first, and
/// the deepest iteration the main thread finished, and the threads' tables (main thread
/// first).
pub(crate) struct Deepened {
    pub lines: Vec<Line>,
    pub depth_done: i32,
    pub learned: Vec<Learned>,
}

impl Deepening<'_> {
    /// Runs the main thread here and the helpers beside it until a limit, a stop or a
    /// proven result; reports each finished iteration through `on_info`. The threads
    /// start from `learned` (main thread first; fresh tables where it has none).
    pub fn run(&self, learned: Vec<Learned>, on_info: &mut dyn FnMut(&Info)) -> Deepened {
        let shared = self.shared;
        let gate = Gate::default();
        let mut out = Deepened {
            lines: Vec::new(),
            depth_done: 0,
            learned: Vec::new(),
        };
        let mut learned = learned.into_iter();
        let main_learned = learned.next().unwrap_or_default();
        std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            for id in 1..self.threads {
                let tables = learned.next().unwrap_or_default();
                let mut helper = Worker::with_learned(self.board.clone(), shared, tables);
                helper.prepare_root(self.root_moves.to_vec());
                let gate = &gate;
                let join_at = shared.params.helpers_from_depth.min(self.max_depth);
                let max_depth = self.max_depth;
                helpers.push(scope.spawn(move || {
                    if !gate.wait_for(join_at) {
                        return helper.into_learned();
                    }
                    // Helpers fill the table; odd ones run one ply ahead so threads diverge.
                    let mut prev = Vec::new();
                    let mut depth = 1 + (id % 2) as i32;
                    while depth <= max_depth && !shared.stop.load(Ordering::Relaxed) {
                        match helper.iterate(depth, &prev) {
                            Some(l) if !helper.aborted() => prev.push(l.score),
                            _ => break,
                        }
                        depth += 1;
                    }
                    helper.flush_nodes();
                    helper.into_learned()
                }));
            }
            let main = self.main_thread(main_learned, &gate, &mut out, on_info);
            shared.stop.store(true, Ordering::Relaxed);
            gate.close();
            out.learned.push(main);
            for h in helpers {
                // A helper that panicked leaves fresh tables behind.
                out.learned.push(h.join().unwrap_or_default());
            }
        });
        out
    }

    /// The main thread's iterations; gives back its tables.
    fn main_thread(
        &self,
        learned: Learned,
        gate: &Gate,
        out: &mut Deepened,
        on_info: &mut dyn FnMut(&Info),
    ) -> Learned {
        let shared = self.shared;
        let multipv = self.multipv;
        let lines = &mut out.lines;
        let mut main = Worker::with_learned(self.board.clone(), shared, learned);
        main.prepare_root(self.root_moves.to_vec());
        let mut prev: Vec<Vec<i32>> = vec![Vec::new(); multipv];
        let mut stability = Stability::default();
        // Finished iterations in a row whose best line is a win for us by the same move.
        let mut wins_in_row = 0;
        let mut last_best = None;
        for depth in 1..=self.max_depth {
            let mut found: Vec<Line> = Vec::new();
            main.excluded.clear();
            for k in 0..multipv {
                let Some(line) = main.iterate(depth, &prev[k]) else {
                    break;
                };
                if line.pv.is_empty() {
                    break;
                }
                main.excluded.push(line.pv[0]);
                found.push(line);
                if main.aborted() {
                    break;
                }
            }
            main.excluded.clear();
            if found.is_empty() {
                break;
            }
            let complete = !main.aborted() && found.len() == multipv;
            keep_lines(lines, found, complete);
            for (k, l) in lines.iter().enumerate() {
                prev[k].push(l.score);
            }
            main.flush_nodes();
            if !main.aborted() {
                out.depth_done = depth;
                gate.finished(depth);
                let nodes = shared.nodes.load(Ordering::Relaxed);
                let ms = self.start.elapsed().as_millis() as u64;
                let hashfull = shared.tt.permille_full();
                for (k, l) in lines.iter().enumerate() {
                    on_info(&Info {
                        depth,
                        seldepth: main.seldepth,
                        multipv: k + 1,
                        score: Score::from_internal(l.score),
                        nodes,
                        nps: nodes * 1000 / ms.max(1),
                        time_ms: ms,
                        hashfull,
                        pv: l.pv.iter().map(|&i| pos_of(i)).collect(),
                    });
                }
            }
            if main.aborted() {
                break;
            }
            if let Some(&best) = lines.first().and_then(|l| l.pv.first()) {
                stability.update(depth, best, lines[0].score);
                let won = lines[0].score >= WIN_BOUND;
                wins_in_row = if !won {
                    0
                } else if last_best == Some(best) {
                    wins_in_row + 1
                } else {
                    1
                };
                last_best = Some(best);
            }
            if shared
                .plan
                .soft_scaled(stability.factor())
                .is_some_and(|s| Instant::now() >= s)
            {
                break;
            }
            if multipv == 1 && proven_settled(depth, lines[0].score, wins_in_row) {
                break;
            }
        }
        main.into_learned()
    }
}

/// Whether an iteration at `depth` whose best line scored `score`, a win for us shown
/// by the same move `wins_in_row` finished iterations in a row, settles the search: a win
/// once shown three times, or twice and searched as deep as its own length (more depth
/// only looks for a shorter one; answering at once saves a match clock), a loss only
/// well past its length (a deeper search may still find a longer defence, or a loss
/// that was not one).
fn proven_settled(depth: i32, score: i32, wins_in_row: u32) -> bool {
    let plies = WIN - score.abs();
    if score >= WIN_BOUND {
        wins_in_row >= 3 || (wins_in_row >= 2 && depth >= plies)
    } else {
        score <= -WIN_BOUND && depth > 2 * plies + 4
    }
}

/// The lines to report after an iteration that found `found` (in the order searched).
/// A complete iteration's lines replace the last ones, best score first (a later line
/// can come out above an earlier one: each is searched with its own window). An
/// interrupted iteration's first line is used only when it is at least as good as the
/// last complete best (it was searched first): it goes first, and the older lines of the
/// other moves follow it. A move is never listed twice. With nothing complete yet, an
/// interrupted iteration's lines stand as searched (the last may have been cut short,
/// its score no better than a bound, so it is not sorted up).
fn keep_lines(lines: &mut Vec<Line>, found: Vec<Line>, complete: bool) {
    if complete {
        *lines = found;
        lines.sort_by_key(|l| Reverse(l.score));
        return;
    }
    if lines.is_empty() {
        *lines = found;
        return;
    }
    let Some(best) = found.into_iter().next() else {
        return;
    };
    if best.score < lines[0].score {
        return;
    }
    let keep = lines.len();
    lines.retain(|l| l.pv.first() != best.pv.first());
    lines.insert(0, best);
    lines.truncate(keep);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(score: i32, first: usize) -> Line {
        Line {
            score,
            pv: vec![first, 99],
        }
    }

    fn firsts(lines: &[Line]) -> Vec<(usize, i32)> {
        lines.iter().map(|l| (l.pv[0], l.score)).collect()
    }

    #[test]
    fn a_win_settles_once_shown_twice_at_its_length_a_loss_only_well_past_it() {
        let win_in_9 = WIN - 9;
        assert!(!proven_settled(12, win_in_9, 1));
        assert!(!proven_settled(8, win_in_9, 2));
        assert!(proven_settled(8, win_in_9, 3));
        assert!(proven_settled(9, win_in_9, 2));
        assert!(!proven_settled(20, -win_in_9, 0));
        assert!(proven_settled(23, -win_in_9, 0));
        assert!(!proven_settled(40, 300, 0));
    }

    #[test]
    fn a_complete_iteration_replaces_the_lines_best_first() {
        let mut lines = vec![line(50, 1), line(40, 2)];
        keep_lines(
            &mut lines,
            vec![line(-900, 3), line(-722, 4), line(-950, 1)],
            true,
        );
        assert_eq!(firsts(&lines), [(4, -722), (3, -900), (1, -950)]);
    }

    #[test]
    fn an_interrupted_best_line_moves_its_move_up_and_lists_it_once() {
        // The old second line's move comes out best at the new depth.
        let mut lines = vec![line(-700, 1), line(-720, 2), line(-800, 3)];
        keep_lines(&mut lines, vec![line(-672, 2)], false);
        assert_eq!(firsts(&lines), [(2, -672), (1, -700), (3, -800)]);
        // A new move that beats the old best pushes the last line out.
        keep_lines(&mut lines, vec![line(-600, 7), line(-900, 1)], false);
        assert_eq!(firsts(&lines), [(7, -600), (2, -672), (1, -700)]);
    }

    #[test]
    fn a_first_interrupted_iteration_is_kept_in_search_order() {
        let mut lines = Vec::new();
        keep_lines(&mut lines, vec![line(-20, 1), line(300, 2)], false);
        assert_eq!(firsts(&lines), [(1, -20), (2, 300)]);
    }

    #[test]
    fn an_interrupted_worse_line_changes_nothing() {
        let mut lines = vec![line(10, 1), line(5, 2)];
        keep_lines(&mut lines, vec![line(0, 2)], false);
        assert_eq!(firsts(&lines), [(1, 10), (2, 5)]);
        keep_lines(&mut lines, Vec::new(), false);
        assert_eq!(firsts(&lines), [(1, 10), (2, 5)]);
    }
}
