//! The engine's public face: settings (threads, table size), one entry point that
//! searches a game's position under limits, reports progress through a callback and can
//! be stopped from another thread; plus hint, multi-PV analysis and strength levels.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use fiveinrow_rules::layout::{index, pos_of};
use fiveinrow_rules::{Game, Pos};

use crate::level::Level;
use crate::limits::{Limits, TimePlan};
use crate::movegen::{generate, Gen};
use crate::pattern_board::PatternBoard;
use crate::score::{Score, WIN};
use crate::search::{Line, Shared, Worker};
use crate::threat::{ThreatLimits, ThreatSearch};
use crate::tt::Table;

/// Engine settings.
#[derive(Debug, Clone)]
pub struct Options {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Lines to report (1 = only the best move).
    pub multipv: usize,
    /// Strength level (None = full strength).
    pub level: Option<Level>,
    /// Seed for the level's random choice (None = from the clock).
    pub seed: Option<u64>,
    /// Run the VCF/VCT threat search at the root first.
    pub root_threats: bool,
    /// Search tuning numbers.
    pub params: crate::params::SearchParams,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 64,
            multipv: 1,
            level: None,
            seed: None,
            root_threats: true,
            params: crate::params::SearchParams::default(),
        }
    }
}

/// Progress of a search.
#[derive(Debug, Clone)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    /// 1-based line number in multi-PV.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<Pos>,
}

/// One analysed move.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysedLine {
    pub score: Score,
    pub pv: Vec<Pos>,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best: Pos,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<Pos>,
    /// Best lines, best first (one unless multi-PV).
    pub lines: Vec<AnalysedLine>,
}

/// Why a search has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("the game is over")]
    GameOver,
    #[error("no legal move")]
    NoMove,
}

pub struct Engine {
    options: Options,
    tt: Table,
}

impl Engine {
    pub fn new(options: Options) -> Engine {
        let tt = Table::new(options.hash_mb);
        Engine { options, tt }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes settings; a new table size clears the table.
    pub fn set_options(&mut self, options: Options) {
        if options.hash_mb != self.options.hash_mb {
            self.tt = Table::new(options.hash_mb);
        }
        self.options = options;
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The suggested move for the side to move (not played).
    pub fn hint(&mut self, game: &Game, limits: &Limits) -> Result<Pos, EngineError> {
        let stop = AtomicBool::new(false);
        self.search(game, limits, &stop, &mut |_| {})
            .map(|r| r.best)
    }

    /// Searches the position of `game` for the side to move.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, EngineError> {
        if game.is_over() {
            return Err(EngineError::GameOver);
        }
        let start = limits.started.unwrap_or_else(Instant::now);
        let mut limits = limits.clone();
        let level = self.options.level.map(Level::params);
        let mut multipv = self.options.multipv.max(1);
        let mut root_threats = self.options.root_threats;
        if let Some(lp) = level {
            limits.depth = Some(limits.depth.map_or(lp.depth, |d| d.min(lp.depth)));
            limits.nodes = Some(limits.nodes.map_or(lp.nodes, |n| n.min(lp.nodes)));
            multipv = multipv.max(lp.candidates);
            root_threats &= lp.threats;
        }
        let mut board = PatternBoard::from_game(game);
        let done = |best: usize, score: i32, pv: Vec<usize>, nodes: u64| {
            let pv: Vec<Pos> = pv.into_iter().map(pos_of).collect();
            let score = Score::from_internal(score);
            SearchResult {
                best: pos_of(best),
                score,
                depth: 0,
                nodes,
                time_ms: start.elapsed().as_millis() as u64,
                pv: pv.clone(),
                lines: vec![AnalysedLine { score, pv }],
            }
        };
        let excluded: Vec<usize> = limits.exclude.iter().map(|&p| index(p)).collect();
        let gen = generate(&mut board);
        let root_moves = match gen {
            _ if !excluded.is_empty() => {
                // Some moves are blocked: a plain search over every other legal move.
                let v: Vec<usize> = board
                    .empty_cells()
                    .filter(|&i| board.is_legal(i) && !excluded.contains(&i))
                    .filter(|&i| board.near(i) > 0 || board.stone_count() == 0)
                    .collect();
                if v.is_empty() {
                    board
                        .empty_cells()
                        .filter(|&i| board.is_legal(i) && !excluded.contains(&i))
                        .collect()
                } else {
                    v
                }
            }
            Gen::WinNow(i) => return Ok(done(i, WIN - 1, vec![i], 0)),
            Gen::WinSoon(i) => return Ok(done(i, WIN - 3, vec![i], 0)),
            Gen::Lost(Some(i)) => return Ok(done(i, -WIN + 2, vec![i], 0)),
            Gen::Lost(None) => return Err(EngineError::NoMove),
            Gen::Block(x) => vec![x],
            Gen::Defend(v, true) => v,
            Gen::Defend(mut v, false) => {
                // The listed defences first, then every other candidate: a list that is
                // not proven complete is never the root's whole choice.
                let mut rest = Vec::new();
                crate::movegen::candidates_into(&board, &mut rest);
                rest.retain(|m| !v.contains(m));
                v.extend(rest);
                v
            }
            Gen::All(v) => v,
        };
        if root_moves.is_empty() {
            return Err(EngineError::NoMove);
        }

        // Threat search first: a forced win ends the search. It may use a quarter of the
        // time for the move (never past the hard limit).
        let plan = TimePlan::new(&limits, start);
        let threat_deadline = plan.hard.map(|h| start + (h - start) / 4);
        let mut threat_nodes = 0;
        if root_threats && root_moves.len() > 1 && excluded.is_empty() {
            let mut ts = ThreatSearch::new(
                ThreatLimits {
                    depth: 40,
                    nodes: 100_000,
                },
                Some(stop),
            )
            .with_deadline(threat_deadline);
            let found = ts.vcf(&mut board);
            threat_nodes += ts.nodes;
            let found = found.or_else(|| {
                let mut ts = ThreatSearch::new(
                    ThreatLimits {
                        depth: 5,
                        nodes: 100_000,
                    },
                    Some(stop),
                )
                .with_deadline(threat_deadline);
                let f = ts.vct(&mut board);
                threat_nodes += ts.nodes;
                f
            });
            if let Some(line) = found {
                // The principal variation shows legal moves only: it stops at a four
                // whose one block is forbidden for black, which then costs the defender
                // any move and the attacker its five.
                let raw: Vec<Pos> = line.iter().map(|&i| pos_of(i)).collect();
                let (legal, unstoppable) = crate::solve::legal_line(game, &raw);
                let plies = (legal.len() + if unstoppable.is_some() { 2 } else { 0 }) as i32;
                let mut r = done(line[0], WIN - plies, line, threat_nodes);
                r.pv = legal;
                r.lines[0].pv = r.pv.clone();
                on_info(&Info {
                    depth: 0,
                    seldepth: plies as usize,
                    multipv: 1,
                    score: r.score,
                    nodes: threat_nodes,
                    nps: 0,
                    time_ms: r.time_ms,
                    pv: r.pv.clone(),
                });
                return Ok(r);
            }
        }

        // A single legal reply needs no deep search.
        if root_moves.len() == 1 {
            limits.depth = Some(limits.depth.map_or(6, |d| d.min(6)));
        }
        let multipv = multipv.min(root_moves.len());
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            external_stop: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(threat_nodes),
            plan,
            node_limit: limits.nodes,
            params: self.options.params.clone(),
        };
        let max_depth = limits
            .depth
            .unwrap_or(crate::search::MAX_PLY as i32 - 4)
            .max(1);
        let threads = self.options.threads.max(1);
        let mut lines: Vec<Line> = Vec::new();
        let mut depth_done = 0;
        // Helpers join once the main thread has finished this depth: shallow iterations
        // take a few milliseconds, and two threads on the same few table entries mostly
        // wait on each other (measured: 2 threads reached depth 7 in 185 ms, 1 in 73 ms).
        const HELPERS_FROM_DEPTH: i32 = 8;
        let gate = crate::gate::Gate::default();
        std::thread::scope(|scope| {
            for id in 1..threads {
                let mut helper = Worker::new(board.clone(), &shared);
                helper.prepare_root(root_moves.clone());
                let shared = &shared;
                let gate = &gate;
                scope.spawn(move || {
                    if !gate.wait_for(HELPERS_FROM_DEPTH.min(max_depth)) {
                        return;
                    }
                    // Helpers fill the table; odd ones run one ply ahead so threads diverge.
                    let mut prev = None;
                    let mut depth = 1 + (id % 2) as i32;
                    while depth <= max_depth && !shared.stop.load(Ordering::Relaxed) {
                        match helper.iterate(depth, prev) {
                            Some(l) if !helper.aborted() => prev = Some(l.score),
                            _ => break,
                        }
                        depth += 1;
                    }
                    helper.flush_nodes();
                });
            }
            let mut main = Worker::new(board.clone(), &shared);
            main.prepare_root(root_moves.clone());
            let mut prev: Vec<Option<i32>> = vec![None; multipv];
            let mut stability = crate::limits::Stability::default();
            for depth in 1..=max_depth {
                let mut found: Vec<Line> = Vec::new();
                main.excluded.clear();
                for k in 0..multipv {
                    let Some(line) = main.iterate(depth, prev[k]) else {
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
                if complete || lines.is_empty() || (found[0].score >= lines[0].score) {
                    // An interrupted iteration is used only when its best line is at least
                    // as good as the last complete one (it was searched first).
                    if !complete && !lines.is_empty() {
                        lines[0] = found[0].clone();
                    } else {
                        lines = found;
                    }
                }
                for (k, l) in lines.iter().enumerate() {
                    prev[k] = Some(l.score);
                }
                main.flush_nodes();
                if !main.aborted() {
                    depth_done = depth;
                    gate.finished(depth);
                    let nodes = shared.nodes.load(Ordering::Relaxed);
                    let ms = start.elapsed().as_millis() as u64;
                    for (k, l) in lines.iter().enumerate() {
                        on_info(&Info {
                            depth,
                            seldepth: main.seldepth,
                            multipv: k + 1,
                            score: Score::from_internal(l.score),
                            nodes,
                            nps: nodes * 1000 / ms.max(1),
                            time_ms: ms,
                            pv: l.pv.iter().map(|&i| pos_of(i)).collect(),
                        });
                    }
                }
                if main.aborted() {
                    break;
                }
                if let Some(best) = lines.first().and_then(|l| l.pv.first()) {
                    stability.update(depth, *best, lines[0].score);
                }
                if shared
                    .plan
                    .soft_scaled(stability.factor())
                    .is_some_and(|s| Instant::now() >= s)
                {
                    break;
                }
                // A proven result will not change with more depth.
                if multipv == 1
                    && lines[0].score.abs() >= crate::score::WIN_BOUND
                    && depth > 2 * (WIN - lines[0].score.abs()) + 4
                {
                    break;
                }
            }
            shared.stop.store(true, Ordering::Relaxed);
            gate.close();
        });
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let time_ms = start.elapsed().as_millis() as u64;
        let lines_out: Vec<AnalysedLine> = lines
            .iter()
            .map(|l| AnalysedLine {
                score: Score::from_internal(l.score),
                pv: l.pv.iter().map(|&i| pos_of(i)).collect(),
            })
            .collect();
        let (best_idx, best_line) = self.pick(&lines, level.map(|lp| (lp.candidates, lp.margin)));
        let best = best_line.pv.first().copied().unwrap_or(root_moves[0]);
        let _ = best_idx;
        Ok(SearchResult {
            best: pos_of(best),
            score: Score::from_internal(best_line.score),
            depth: depth_done,
            nodes,
            time_ms,
            pv: best_line.pv.iter().map(|&i| pos_of(i)).collect(),
            lines: lines_out,
        })
    }

    /// The line to play: the best, or for a level a random one among near-best lines.
    fn pick(&self, lines: &[Line], choice: Option<(usize, i32)>) -> (usize, Line) {
        let fallback = Line {
            score: 0,
            pv: Vec::new(),
        };
        let Some(best) = lines.first() else {
            return (0, fallback);
        };
        let Some((k, margin)) = choice else {
            return (0, best.clone());
        };
        let pool: Vec<usize> = (0..lines.len().min(k))
            .filter(|&i| {
                lines[i].score >= best.score - margin && lines[i].score > -crate::score::WIN_BOUND
            })
            .collect();
        if pool.len() <= 1 {
            return (0, best.clone());
        }
        let seed = self.options.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let r = splitmix(seed) as usize % pool.len();
        (pool[r], lines[pool[r]].clone())
    }
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
