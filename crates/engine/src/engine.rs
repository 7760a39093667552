//! The engine's public face: settings (threads, table size), one entry point that
//! searches a game's position under limits, reports progress through a callback and can
//! be stopped from another thread; plus hint, multi-PV analysis and strength levels.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use fiveinrow_rules::layout::{index, pos_of};
use fiveinrow_rules::{Game, Pos};

use crate::board::pattern_board::PatternBoard;
use crate::level::Level;
use crate::limits::{Limits, TimePlan};
use crate::score::{Score, WIN};
use crate::search::deepen::{Deepened, Deepening};
use crate::search::learned::Carried;
use crate::search::root::{root_moves, threat_presearch, RootChoice};
use crate::search::tt::Table;
use crate::search::verify::Check;
use crate::search::worker::{Line, Shared};

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
    /// Per mille of the transposition table written by this search (`hashfull`).
    pub hashfull: usize,
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
    /// The threads' ordering and correction tables, for the game's next search.
    carried: Carried,
}

impl Engine {
    pub fn new(options: Options) -> Engine {
        let tt = Table::new(options.hash_mb);
        Engine {
            options,
            tt,
            carried: Carried::default(),
        }
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
        self.carried.clear();
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
        if !self.options.params.eval_net {
            board = board.without_net();
        }
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
        let root_moves = match root_moves(&mut board, &excluded) {
            RootChoice::Search(moves) => moves,
            RootChoice::Decided(m, score) => return Ok(done(m, score, vec![m], 0)),
            RootChoice::NoMove => return Err(EngineError::NoMove),
        };

        // Threat search first: a forced win ends the search. It may use a share of the
        // time for the move (never past the hard limit).
        let params = &self.options.params;
        let plan = TimePlan::new(&limits, start);
        let threat_deadline = plan
            .hard
            .map(|h| start + (h - start) / params.root_threat_time_div.max(1));
        let mut threat_nodes = 0;
        if root_threats && root_moves.len() > 1 && excluded.is_empty() {
            let (found, nodes) = threat_presearch(&mut board, params, stop, threat_deadline);
            threat_nodes = nodes;
            if let Some(line) = found {
                // The principal variation shows legal moves only: it stops at a four
                // whose one block is forbidden for black, which then costs the defender
                // any move and the attacker its five.
                let raw: Vec<Pos> = line.iter().map(|&i| pos_of(i)).collect();
                let (legal, unstoppable) = crate::threat::solve::legal_line(game, &raw);
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
                    hashfull: 0,
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
        self.tt.new_search();
        // With the check of the chosen move on, the root search gets only its share of
        // the time and nodes (`search::verify`).
        let checked = Check::applies(params, &limits, multipv, root_moves.len());
        let first_share = if checked {
            Check::first_share(params)
        } else {
            100
        };
        let shared = Shared {
            tt: &self.tt,
            external_stop: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(threat_nodes),
            plan: plan.share(first_share as f64 / 100.0),
            node_limit: limits.nodes.map(|n| Check::percent_of(n, first_share)),
            params: self.options.params.clone(),
        };
        let threads = self.options.threads.max(1);
        let max_depth = limits
            .depth
            .unwrap_or(crate::search::worker::MAX_PLY as i32 - 4)
            .max(1);
        let learned = self
            .carried
            .take(game.rule(), game.board().cells(), threads, params);
        let mut first = Deepening {
            shared: &shared,
            board: &board,
            root_moves: &root_moves,
            multipv: multipv.min(root_moves.len()),
            max_depth,
            threads,
            start,
        }
        .run(learned, on_info);
        let cells = game.board().cells();
        let carried = std::mem::take(&mut first.learned);
        self.carried.put(game.rule(), cells, carried);
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let (
            Deepened {
                lines, depth_done, ..
            },
            nodes,
        ) = if checked {
            Check {
                board: &board,
                root_moves: &root_moves,
                tt: &self.tt,
                stop,
                params,
                threads,
                plan,
                nodes: limits.nodes,
                start,
                max_depth,
            }
            .run(first, nodes, on_info)
        } else {
            (first, nodes)
        };
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
