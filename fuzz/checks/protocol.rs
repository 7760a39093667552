// The Gomocup brain's state machine on arbitrary sequences of lines: it never panics,
// every line gets at most its documented kind of answer, and a search request is
// answered with a legal move of the position it was asked about.
// Shared by the fuzz target and the regression test that replays fuzz/regressions.

use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_protocol::brain::{Brain, Outcome, Output};

/// Runs the checks on one input; panics on a violation.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut brain = Brain::new();
    for line in text.lines().take(200) {
        for out in brain.feed(line) {
            match out {
                Output::Line(l) => assert!(!l.contains('\n')),
                Output::Exit => return,
                Output::Think(job) => {
                    // A tiny search stands in for the session's thread.
                    let mut engine = Engine::new(Options {
                        hash_mb: 1,
                        ..Options::default()
                    });
                    let stop = std::sync::atomic::AtomicBool::new(false);
                    let mut tiny = (*job).clone();
                    tiny.limits = Limits {
                        exclude: job.limits.exclude.clone(),
                        ..Limits::nodes(200)
                    };
                    let outcome = tiny.run(&mut engine, &stop, &mut |_| {});
                    if let Outcome::Search(Ok(r)) = &outcome {
                        assert!(job.game.check(r.best).is_ok() || !job.limits.exclude.is_empty());
                    }
                    let _ = brain.finish(&job, outcome);
                }
            }
        }
    }
}
