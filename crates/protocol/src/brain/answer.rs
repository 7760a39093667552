//! Finished searches become answers: our move (played on our board; never an illegal
//! one), the YXNBEST lines, or a swap2 decision.

use fiveinrow_engine::SearchResult;

use super::{line, Brain, Output, ThinkJob, ThinkKind};
use crate::error::ProtocolError;

impl Brain {
    /// Completes a search: prints the answer and, for our move, plays it.
    pub fn finish(
        &mut self,
        job: &ThinkJob,
        result: Result<SearchResult, ProtocolError>,
    ) -> Vec<Output> {
        match &job.kind {
            ThinkKind::Swap2(step) => crate::swap2::decide(*step, &job.game, result),
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
