//! Finished searches become answers: our move (played on our board; never an illegal
//! one), the YXNBEST lines, or a swap2 decision (taken whole in the search thread).

use std::sync::atomic::AtomicBool;

use fiveinrow_engine::{Engine, Info, SearchResult};

use super::{line, Brain, Output, ThinkJob, ThinkKind};

/// What a think job ended with: a search's result, or (swap2) the answer line itself.
pub enum Outcome {
    Search(Result<SearchResult, ProtocolError>),
    Answer(String),
}

impl ThinkJob {
    /// Runs the job on `engine` (the session does it on its search thread): a search
    /// reporting to `on_info`, or swap2's opening decisions.
    pub fn run(
        &self,
        engine: &mut Engine,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Outcome {
        if let ThinkKind::Swap2(_) = self.kind {
            return Outcome::Answer(crate::swap2::answer(engine, &self.game, &self.limits));
        }
        let result = engine.search(&self.game, &self.limits, stop, &mut |info| on_info(info));
        Outcome::Search(result.map_err(ProtocolError::from))
    }
}
use crate::error::ProtocolError;

impl Brain {
    /// Completes a search: prints the answer and, for our move, plays it.
    pub fn finish(&mut self, job: &ThinkJob, outcome: Outcome) -> Vec<Output> {
        let result = match outcome {
            Outcome::Answer(text) => return line(text),
            Outcome::Search(result) => result,
        };
        match &job.kind {
            ThinkKind::Swap2(_) => match result {
                Ok(_) => line("ERROR swap2 is answered by its opening decisions"),
                Err(e) => line(format!("ERROR {e}")),
            },
            ThinkKind::NBest => match result {
                Ok(r) => nbest_lines(&r),
                Err(e) => line(format!("ERROR {e}")),
            },
            ThinkKind::Move => {
                let mv = match result {
                    Ok(r) if self.game.check(r.best).is_ok() => Some(r.best),
                    // Never an illegal move: fall back to any legal one.
                    _ => self.game.legal_moves().first().copied(),
                };
                match mv {
                    Some(p) => {
                        let _ = self.game.play(p);
                        line(p.to_string())
                    }
                    None => line("ERROR no legal move"),
                }
            }
        }
    }
}

/// `MESSAGE NBEST k move score PV ...` for each line, then the best move (not played).
fn nbest_lines(r: &SearchResult) -> Vec<Output> {
    let mut out: Vec<Output> = r
        .lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let pv: Vec<String> = l.pv.iter().map(|p| p.to_string()).collect();
            Output::Line(format!(
                "MESSAGE NBEST {} {} {} PV {}",
                k + 1,
                l.pv.first().map_or("-".into(), |p| p.to_string()),
                l.score,
                pv.join(" ")
            ))
        })
        .collect();
    out.push(Output::Line(r.best.to_string()));
    out
}
