//! The referee loop: one game between two engine processes, every move checked by the
//! rules core; a crash, a timeout, a protocol error or an illegal move loses the game.

use std::time::Duration;

use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::{Color, Game, Pos, Status};

use super::{GameResult, MatchConfig};
use crate::manager::{EngineFault, EngineProcess};
use crate::matches::spec::EngineSpec;

/// Which engine (0 or 1) plays black in game `index`: the colours swap from one game to
/// the next, each opening's pair the same way in every match (so two runs pair up game
/// by game, `paired`).
pub fn black_of(index: usize) -> usize {
    index % 2
}

/// Which opening game `index` starts from: each is played twice, one game after the
/// other, colours swapped ([`black_of`]).
pub fn opening_of(index: usize) -> usize {
    index / 2
}

/// Plays game `index`: opening [`opening_of`], engine [`black_of`] as black.
pub fn play_one(config: &MatchConfig, index: usize) -> GameResult {
    let opening = config
        .openings
        .get(opening_of(index))
        .cloned()
        .unwrap_or_default();
    let black = black_of(index);
    let mut result = GameResult {
        index,
        black,
        winner: None,
        reason: String::new(),
        on_time: false,
        moves: Vec::new(),
        max_answer_ms: [0; 2],
        late: [0; 2],
        opening: None,
    };
    // Start both engines.
    let mut procs: Vec<Option<EngineProcess>> = Vec::new();
    for (k, spec) in config.engines.iter().enumerate() {
        match start_engine(spec, config) {
            Ok(p) => procs.push(Some(p)),
            Err(e) => {
                result.winner = Some(1 - k);
                result.reason = format!("{} failed to start: {e}", spec.name);
                return result;
            }
        }
    }
    // How long past a limit the runner waits for an answer before it gives up on it (a
    // later answer would lose anyway); at least a second, to say how late it came.
    let grace = Duration::from_millis(config.tolerance_ms);
    let tolerance = grace + Duration::from_millis(1000);
    let mut game = match config.opening_rule {
        // Our engines decide in process, any rule; engine `index % 2` opens.
        Some(rule) if super::opening::all_self(&config.engines) => {
            let seed = opening_of(index) as u64;
            match super::opening::play(rule, config.rule, config.size, &config.engines, black, seed)
            {
                Ok(played) => {
                    result.black = played.black;
                    result.opening = Some(played.record);
                    played.game
                }
                Err(e) => {
                    result.reason = format!("opening failed: {e}");
                    end_all(procs);
                    return result;
                }
            }
        }
        // Other programs: swap2 through SWAP2BOARD, each answer refereed.
        Some(OpeningRule::Swap2) => {
            let turn = config
                .turn_ms
                .or(config.game_ms.map(|g| g / 10))
                .unwrap_or(30_000);
            let limit = Duration::from_millis(turn) + tolerance;
            match super::opening::play_swap2_board(
                config.rule,
                config.size,
                &mut procs,
                black,
                limit,
            ) {
                Ok(played) => {
                    result.black = played.black;
                    result.opening = Some(played.record);
                    played.game
                }
                Err(fault) => {
                    result.winner = Some(1 - fault.engine);
                    let name = &config.engines[fault.engine].name;
                    result.reason = format!("{name} lost in the swap2 opening: {}", fault.reason);
                    end_all(procs);
                    return result;
                }
            }
        }
        Some(rule) => {
            result.reason = format!("the {} opening needs self engines", rule.name());
            end_all(procs);
            return result;
        }
        None => match Game::from_moves(config.rule, config.size.into(), &opening) {
            Ok(g) => g,
            Err(e) => {
                result.reason = format!("bad opening: {e}");
                end_all(procs);
                return result;
            }
        },
    };
    let black = result.black;
    result.moves = game.moves();
    let engine_of = |c: Color| if c == Color::Black { black } else { 1 - black };
    let mut clock: [Option<i64>; 2] = [config.game_ms.map(|t| t as i64); 2];
    let mut seen = [false; 2];
    loop {
        match game.status() {
            Status::Won { winner, .. } => {
                result.winner = Some(engine_of(*winner));
                result.reason = format!(
                    "{} ({}) made five",
                    config.engines[engine_of(*winner)].name,
                    winner
                );
                break;
            }
            Status::Draw => {
                result.reason = if game.board().is_full() {
                    "draw: board full".into()
                } else {
                    "draw: every point left is forbidden for black".into()
                };
                break;
            }
            Status::Ongoing => {}
        }
        if config
            .max_moves
            .is_some_and(|m| game.board().stone_count() >= m)
        {
            result.reason = format!("draw: move cap {} reached", game.board().stone_count());
            break;
        }
        let mover = game.to_move();
        let e = engine_of(mover);
        let Some(proc) = procs[e].as_mut() else { break };
        let mut limit = Duration::from_millis(config.turn_ms.unwrap_or(u64::MAX / 4));
        if let Some(left) = clock[e] {
            let _ = proc.info("time_left", &left.max(0).to_string());
            limit = limit.min(Duration::from_millis(left.max(0) as u64));
        }
        let answer = if !seen[e] {
            seen[e] = true;
            if game.board().stone_count() == 0 {
                proc.begin(limit + tolerance)
            } else {
                let stones: Vec<(Pos, bool)> = game
                    .moves()
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| {
                        let c = if k % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        (p, c == mover)
                    })
                    .collect();
                proc.board(&stones, limit + tolerance)
            }
        } else {
            match game.last_move() {
                Some(last) => proc.turn(last, limit + tolerance),
                // Seen before means a move was made since; no move is a broken game.
                None => Err(EngineFault::Protocol("no move to answer".into())),
            }
        };
        let name = &config.engines[e].name;
        let loses = |reason: String, result: &mut GameResult| {
            result.winner = Some(1 - e);
            result.reason = reason;
        };
        match answer {
            Err(fault) => {
                let what = match &fault {
                    EngineFault::Timeout { .. } => "lost on time",
                    EngineFault::Crash { .. } => "crashed",
                    _ => "broke the protocol",
                };
                loses(format!("{name} ({mover}) {what}: {fault}"), &mut result);
                result.on_time = matches!(fault, EngineFault::Timeout { .. });
                procs[e] = None;
                break;
            }
            Ok(t) => {
                let ms = t.elapsed.as_millis() as u64;
                result.max_answer_ms[e] = result.max_answer_ms[e].max(ms);
                if t.elapsed > limit + grace {
                    let allowed = if grace.is_zero() {
                        String::new()
                    } else {
                        format!(" + tolerance {} ms", grace.as_millis())
                    };
                    loses(
                        format!(
                            "{name} ({mover}) lost on time: answered after {ms} ms (limit {} ms{allowed})",
                            limit.as_millis()
                        ),
                        &mut result,
                    );
                    result.on_time = true;
                    break;
                }
                if t.elapsed > limit {
                    result.late[e] += 1;
                }
                if let Some(left) = clock[e].as_mut() {
                    *left = *left - ms as i64 + config.increment_ms as i64;
                }
                let (x, y) = t.value;
                if let Err(err) = game.play_xy(x, y) {
                    loses(
                        format!("{name} ({mover}) played an illegal move {x},{y}: {err}"),
                        &mut result,
                    );
                    break;
                }
                result.moves = game.moves();
            }
        }
    }
    end_all(procs);
    result
}

fn end_all(procs: Vec<Option<EngineProcess>>) {
    for p in procs.into_iter().flatten() {
        p.end();
    }
}

fn start_engine(spec: &EngineSpec, config: &MatchConfig) -> Result<EngineProcess, EngineFault> {
    let mut p = EngineProcess::spawn(&spec.name, &spec.command, &spec.args)?;
    p.start(config.size, Duration::from_secs(10))?;
    p.info("rule", &config.rule.gomocup_code().to_string())?;
    if let Some(t) = config.turn_ms {
        p.info("timeout_turn", &t.to_string())?;
    }
    p.info("timeout_match", &config.game_ms.unwrap_or(0).to_string())?;
    if config.increment_ms > 0 {
        p.info("time_increment", &config.increment_ms.to_string())?;
    }
    p.info("max_memory", &(350u64 * 1024 * 1024).to_string())?;
    p.info("game_type", "1")?;
    for (k, v) in &spec.infos {
        p.info(k, v)?;
    }
    // INFO lines get no answer, and an engine may take a while over one (a hash table
    // allocated on max_memory): ABOUT, which must be answered, shows that they are done
    // before the first move's clock starts. An engine that ignores ABOUT only waits.
    let _ = p.about(Duration::from_secs(10));
    Ok(p)
}
